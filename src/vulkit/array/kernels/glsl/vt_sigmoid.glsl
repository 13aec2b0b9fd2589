// vt_sigmoid: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_SIGMOID_GLSL
#define VT_SIGMOID_GLSL
#include "vt_exp.glsl"
#if defined(VT_COMPUTE_double)
double vt_sigmoid(double x) {
  if (x >= double(0)) return double(1) / (double(1) + vt_exp(-x));
  double e = vt_exp(x);
  return e / (double(1) + e);
}
#elif defined(VT_COMPUTE_float)
float vt_sigmoid(float x) {
  if (x >= float(0)) return float(1) / (float(1) + vt_exp(-x));
  float e = vt_exp(x);
  return e / (float(1) + e);
}
#endif
#endif  // VT_SIGMOID_GLSL
