// vt_hypot: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_HYPOT_GLSL
#define VT_HYPOT_GLSL
#include "vt_special.glsl"
#include "vt_div_scaled.glsl"
#if defined(VT_COMPUTE_double)
double vt_hypot(double a, double b) {
  if (vt_isinf(a) || vt_isinf(b)) return vt_inf();
  if (vt_isnan(a) || vt_isnan(b)) return a + b;
  double x = abs(a); double y = abs(b); double m = max(x, y); double n = min(x, y);
  if (m == double(0)) return double(0);
  double r = n / m;
  return m * sqrt(double(1) + r * r);
}
#elif defined(VT_COMPUTE_float)
float vt_hypot(float a, float b) {
  if (vt_isinf(a) || vt_isinf(b)) return vt_inf();
  if (vt_isnan(a) || vt_isnan(b)) return a + b;
  float x = abs(a); float y = abs(b); float m = max(x, y); float n = min(x, y);
  if (m == float(0)) return float(0);
  float r = vt_div_scaled(n, m);
  return m * sqrt(float(1) + r * r);
}
#endif
#endif  // VT_HYPOT_GLSL
