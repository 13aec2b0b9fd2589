// vt_erf: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_ERF_GLSL
#define VT_ERF_GLSL
#include "vt_exp.glsl"
#include "vt_copysign.glsl"
#if defined(VT_COMPUTE_double)
double vt_erf(double x) {
  double z = abs(x);
  double t = double(1) / (double(1) + double(0.5) * z);
  double p = fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 0.17087277lf, -0.82215223lf),
    1.48851587lf), -1.13520398lf), 0.27886807lf), -0.18628806lf), 0.09678418lf), 0.37409196lf),
    1.00002368lf), -1.26551223lf);
  double erfc = t * vt_exp(-z * z + p);
  return vt_copysign(double(1) - erfc, x);
}
#elif defined(VT_COMPUTE_float)
float vt_erf(float x) {
  float z = abs(x);
  float t = float(1) / (float(1) + float(0.5) * z);
  float p = fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 0.17087277, -0.82215223),
    1.48851587), -1.13520398), 0.27886807), -0.18628806), 0.09678418), 0.37409196),
    1.00002368), -1.26551223);
  float erfc = t * vt_exp(-z * z + p);
  return vt_copysign(float(1) - erfc, x);
}
#endif
#endif  // VT_ERF_GLSL
