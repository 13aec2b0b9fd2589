// vt_round: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_ROUND_GLSL
#define VT_ROUND_GLSL
#include "vt_copysign.glsl"
#if defined(VT_COMPUTE_double)
double vt_round(double x) {
  double ax = abs(x);
  if (!(ax < 4503599627370496.0lf)) return x;
  precise double r = (ax + 4503599627370496.0lf) - 4503599627370496.0lf;
  return vt_copysign(r, x);
}
double vt_trunc(double x) { return vt_copysign(floor(abs(x)), x); }  // lavapipe's float64 trunc(2147483647.5) is itself
#elif defined(VT_COMPUTE_float)
float vt_round(float x) {
  float ax = abs(x);
  if (!(ax < 8388608.0)) return x;
  precise float r = (ax + 8388608.0) - 8388608.0;
  return vt_copysign(r, x);
}
float vt_trunc(float x) { return vt_copysign(floor(abs(x)), x); }  // lavapipe's float64 trunc(2147483647.5) is itself
#endif
#endif  // VT_ROUND_GLSL
