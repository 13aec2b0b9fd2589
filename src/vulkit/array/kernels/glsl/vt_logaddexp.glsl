// vt_logaddexp: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_LOGADDEXP_GLSL
#define VT_LOGADDEXP_GLSL
#include "vt_exp.glsl"
#include "vt_log1p.glsl"
#if defined(VT_COMPUTE_double)
double vt_logaddexp(double a, double b) {
  if (a == b) return a + 0.69314718055994531lf;
  double t = a - b;
  if (t > double(0)) return a + vt_log1p(vt_exp(-t));
  if (t <= double(0)) return b + vt_log1p(vt_exp(t));
  return t;
}
#elif defined(VT_COMPUTE_float)
float vt_logaddexp(float a, float b) {
  if (a == b) return a + 0.69314718055994531;
  float t = a - b;
  if (t > float(0)) return a + vt_log1p(vt_exp(-t));
  if (t <= float(0)) return b + vt_log1p(vt_exp(t));
  return t;
}
#endif
#endif  // VT_LOGADDEXP_GLSL
