// vt_log_reduce: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_LOG_REDUCE_GLSL
#define VT_LOG_REDUCE_GLSL
#include "vt_normalized.glsl"
#if defined(VT_COMPUTE_double)
double vt_log_reduce(double x, out int e) {  // finite x > 0 == m * 2^e with m in [sqrt(1/2), sqrt(2)): returns m
  int shift;
  double m = frexp(vt_normalized(x, shift), e);
  e += shift;
  if (m < 0.70710678118654752lf) { m *= double(2); e -= 1; }
  return m;
}
#elif defined(VT_COMPUTE_float)
float vt_log_reduce(float x, out int e) {  // finite x > 0 == m * 2^e with m in [sqrt(1/2), sqrt(2)): returns m
  int shift;
  float m = frexp(vt_normalized(x, shift), e);
  e += shift;
  if (m < 0.70710678118654752) { m *= float(2); e -= 1; }
  return m;
}
#endif
#endif  // VT_LOG_REDUCE_GLSL
