// vt_gauss: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_GAUSS_GLSL
#define VT_GAUSS_GLSL
#include "vt_uniform.glsl"
#include "vt_log.glsl"
#include "vt_trig.glsl"
#if defined(VT_COMPUTE_double)
double vt_gauss(uvec4 r) {
  double u1 = double(1) - vt_unif(r.x, r.y);
  double u2 = vt_unif(r.z, r.w);
  return sqrt(double(-2) * vt_log(u1)) * vt_cos(6.283185307179586lf * u2);
}
#elif defined(VT_COMPUTE_float)
float vt_gauss(uvec4 r) {
  float u1 = float(1) - vt_unif(r.x, r.y);
  float u2 = vt_unif(r.z, r.w);
  return sqrt(float(-2) * vt_log(u1)) * vt_cos(6.283185307179586 * u2);
}
#endif
#endif  // VT_GAUSS_GLSL
