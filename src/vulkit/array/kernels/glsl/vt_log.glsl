// vt_log: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_LOG_GLSL
#define VT_LOG_GLSL
#include "vt_special.glsl"
#include "vt_normalized.glsl"
#include "vt_log_reduce.glsl"
#if defined(VT_COMPUTE_double)
double vt_log(double x) {
  if (vt_isnan(x)) return x;
  int shift;
  if (vt_normalized(x, shift) == double(0)) return -vt_inf();
  if (vt_signbit(x)) return vt_nan();
  if (vt_isinf(x)) return x;
  int e;
  double f = vt_log_reduce(x, e) - double(1);
  double s = f / (double(2) + f);
  double z = s * s;
  double fe = double(e);
  return fma(fe, 0.693147180369123816490lf, fma(double(2) * s, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 0.034482758620689655lf, 0.037037037037037035lf), 0.04lf), 0.043478260869565216lf), 0.047619047619047616lf), 0.05263157894736842lf), 0.058823529411764705lf), 0.06666666666666667lf), 0.07692307692307693lf), 0.09090909090909091lf), 0.1111111111111111lf), 0.14285714285714285lf), 0.2lf), 0.3333333333333333lf), 1.0lf), fe * 1.90821492927058770002e-10lf));
}
#elif defined(VT_COMPUTE_float)
float vt_log(float x) {
  if (vt_isnan(x)) return x;
  int shift;
  if (vt_normalized(x, shift) == float(0)) return -vt_inf();
  if (vt_signbit(x)) return vt_nan();
  if (vt_isinf(x)) return x;
  int e;
  float f = vt_log_reduce(x, e) - float(1);
  float s = f / (float(2) + f);
  float z = s * s;
  float fe = float(e);
  return fma(fe, 0.693145751953125, fma(float(2) * s, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 0.07692307692307693, 0.09090909090909091), 0.1111111111111111), 0.14285714285714285), 0.2), 0.3333333333333333), 1.0), fe * 1.428606765330187045e-06));
}
#endif
#endif  // VT_LOG_GLSL
