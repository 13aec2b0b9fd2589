// vt_log1p: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_LOG1P_GLSL
#define VT_LOG1P_GLSL
#include "vt_log.glsl"
#if defined(VT_COMPUTE_double)
double vt_log1p(double x) {
  if (vt_isnan(x)) return x;
  if (abs(x) < 0.4lf) { double s = x / (double(2) + x); double z = s * s; return double(2) * s * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 0.034482758620689655lf, 0.037037037037037035lf), 0.04lf), 0.043478260869565216lf), 0.047619047619047616lf), 0.05263157894736842lf), 0.058823529411764705lf), 0.06666666666666667lf), 0.07692307692307693lf), 0.09090909090909091lf), 0.1111111111111111lf), 0.14285714285714285lf), 0.2lf), 0.3333333333333333lf), 1.0lf); }
  if (vt_isinf(x) && x > double(0)) return x;
  double u = double(1) + x;
  if (u == double(0)) return vt_log(u);  // -inf; the correction below would be 0 / 0
  return vt_log(u) - ((u - double(1)) - x) / u;
}
#elif defined(VT_COMPUTE_float)
float vt_log1p(float x) {
  if (vt_isnan(x)) return x;
  if (abs(x) < 0.4) { float s = x / (float(2) + x); float z = s * s; return float(2) * s * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 0.07692307692307693, 0.09090909090909091), 0.1111111111111111), 0.14285714285714285), 0.2), 0.3333333333333333), 1.0); }
  if (vt_isinf(x) && x > float(0)) return x;
  float u = float(1) + x;
  if (u == float(0)) return vt_log(u);  // -inf; the correction below would be 0 / 0
  return vt_log(u) - ((u - float(1)) - x) / u;
}
#endif
#endif  // VT_LOG1P_GLSL
