// vt_log_hilo: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_LOG_HILO_GLSL
#define VT_LOG_HILO_GLSL
#include "vt_log_reduce.glsl"
#include "vt_two_prod.glsl"
#if defined(VT_COMPUTE_double)
double vt_log_hilo(double x, out double lo) {
  int e;
  // NOTE: precise: compilers may simplify (2 - d) + f and the like away otherwise (Mesa's NIR does).
  precise double f = vt_log_reduce(x, e) - double(1);
  precise double d = double(2) + f;
  precise double d_lo = (double(2) - d) + f;  // d + d_lo == 2 + f exactly
  precise double s = f / d;
  precise double s_lo = (vt_residual(f, d, s) - s * d_lo) / d;  // s + s_lo == f / (2 + f), closely
  double z = s * s;
  double fe = double(e);
  precise double a = fe * 0.693147180369123816490lf;  // exact: LN2HI has few bits
  precise double hi = a + double(2) * s;
  precise double tail = ((a - hi) + double(2) * s) + fma(fe, 1.90821492927058770002e-10lf, double(2) * s_lo + double(2) * s * z * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 0.03225806451612903lf, 0.034482758620689655lf), 0.037037037037037035lf), 0.04lf), 0.043478260869565216lf), 0.047619047619047616lf), 0.05263157894736842lf), 0.058823529411764705lf), 0.06666666666666667lf), 0.07692307692307693lf), 0.09090909090909091lf), 0.1111111111111111lf), 0.14285714285714285lf), 0.2lf), 0.3333333333333333lf));
  precise double sum = hi + tail;
  lo = tail - (sum - hi);
  return sum;
}
#elif defined(VT_COMPUTE_float)
float vt_log_hilo(float x, out float lo) {
  int e;
  // NOTE: precise: compilers may simplify (2 - d) + f and the like away otherwise (Mesa's NIR does).
  precise float f = vt_log_reduce(x, e) - float(1);
  precise float d = float(2) + f;
  precise float d_lo = (float(2) - d) + f;  // d + d_lo == 2 + f exactly
  precise float s = f / d;
  precise float s_lo = (vt_residual(f, d, s) - s * d_lo) / d;  // s + s_lo == f / (2 + f), closely
  float z = s * s;
  float fe = float(e);
  precise float a = fe * 0.693145751953125;  // exact: LN2HI has few bits
  precise float hi = a + float(2) * s;
  precise float tail = ((a - hi) + float(2) * s) + fma(fe, 1.428606765330187045e-06, float(2) * s_lo + float(2) * s * z * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 0.06666666666666667, 0.07692307692307693), 0.09090909090909091), 0.1111111111111111), 0.14285714285714285), 0.2), 0.3333333333333333));
  precise float sum = hi + tail;
  lo = tail - (sum - hi);
  return sum;
}
#endif
#endif  // VT_LOG_HILO_GLSL
