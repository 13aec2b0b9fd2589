// vt_hypot: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_HYPOT_GLSL
#define VT_HYPOT_GLSL
#include "vt_special.glsl"
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
  // NOTE: scaled by 2^-64 or 2^64 first: NVIDIA divides through a reciprocal, which is subnormal (flushed to 0)
  // for m > 2^126, so hypot(1.7e38, 1.7e38) gave 1.7e38
  float s = m > 1.0e30 ? 5.421010862427522e-20 : (m < 1.0e-30 ? 1.8446744073709552e19 : float(1));
  float r = (n * s) / (m * s);
  return m * sqrt(float(1) + r * r);
}
#endif
#endif  // VT_HYPOT_GLSL
