// vt_sqrt: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_SQRT_GLSL
#define VT_SQRT_GLSL
#include "vt_special.glsl"
#include "vt_normalized.glsl"
#if defined(VT_COMPUTE_double)
double vt_sqrt(double x) {
  int shift;
  double y = vt_normalized(x, shift);
  if (y == double(0)) return x;
  if (vt_signbit(x)) return vt_nan();
  if (shift == 0) return sqrt(x);
  if ((shift & 1) != 0) { y *= double(2); shift -= 1; }  // a subnormal: scaled, as the GPU may flush it
  return ldexp(sqrt(y), shift / 2);
}
#elif defined(VT_COMPUTE_float)
float vt_sqrt(float x) {
  int shift;
  float y = vt_normalized(x, shift);
  if (y == float(0)) return x;
  if (vt_signbit(x)) return vt_nan();
  if (shift == 0) return sqrt(x);
  if ((shift & 1) != 0) { y *= float(2); shift -= 1; }  // a subnormal: scaled, as the GPU may flush it
  return ldexp(sqrt(y), shift / 2);
}
#endif
#endif  // VT_SQRT_GLSL
