// vt_atan2: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_ATAN2_GLSL
#define VT_ATAN2_GLSL
#include "vt_atan.glsl"
#include "vt_copysign.glsl"
#include "vt_div_scaled.glsl"
#if defined(VT_COMPUTE_double)
double vt_atan2(double y, double x) {
  if (vt_isnan(x) || vt_isnan(y)) return x + y;
  double pi = 3.14159265358979323846lf;
  if (y == double(0)) return vt_signbit(x) ? vt_copysign(pi, y) : vt_copysign(double(0), y);
  if (x == double(0)) return vt_copysign(double(0.5) * pi, y);
  if (vt_isinf(x)) {
    if (vt_isinf(y)) return vt_copysign(x > double(0) ? double(0.25) * pi : double(0.75) * pi, y);
    return x > double(0) ? vt_copysign(double(0), y) : vt_copysign(pi, y);
  }
  if (vt_isinf(y)) return vt_copysign(double(0.5) * pi, y);
  double a = vt_atan(abs(y / x));
  if (x < double(0)) a = pi - a;
  return vt_copysign(a, y);
}
double vt_asin(double x) { if (abs(x) > double(1)) return vt_nan(); return vt_atan2(x, sqrt((double(1) - x) * (double(1) + x))); }
double vt_acos(double x) { if (abs(x) > double(1)) return vt_nan(); return vt_atan2(sqrt((double(1) - x) * (double(1) + x)), x); }
#elif defined(VT_COMPUTE_float)
float vt_atan2(float y, float x) {
  if (vt_isnan(x) || vt_isnan(y)) return x + y;
  float pi = 3.14159265358979323846;
  if (y == float(0)) return vt_signbit(x) ? vt_copysign(pi, y) : vt_copysign(float(0), y);
  if (x == float(0)) return vt_copysign(float(0.5) * pi, y);
  if (vt_isinf(x)) {
    if (vt_isinf(y)) return vt_copysign(x > float(0) ? float(0.25) * pi : float(0.75) * pi, y);
    return x > float(0) ? vt_copysign(float(0), y) : vt_copysign(pi, y);
  }
  if (vt_isinf(y)) return vt_copysign(float(0.5) * pi, y);
  float a = vt_atan(abs(vt_div_scaled(y, x)));
  if (x < float(0)) a = pi - a;
  return vt_copysign(a, y);
}
float vt_asin(float x) { if (abs(x) > float(1)) return vt_nan(); return vt_atan2(x, sqrt((float(1) - x) * (float(1) + x))); }
float vt_acos(float x) { if (abs(x) > float(1)) return vt_nan(); return vt_atan2(sqrt((float(1) - x) * (float(1) + x)), x); }
#endif
#endif  // VT_ATAN2_GLSL
