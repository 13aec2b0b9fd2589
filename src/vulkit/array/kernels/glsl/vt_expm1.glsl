// vt_expm1: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_EXPM1_GLSL
#define VT_EXPM1_GLSL
#include "vt_exp.glsl"
#if defined(VT_COMPUTE_double)
double vt_expm1(double x) {
  if (abs(x) < 0.5lf) return x * fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, 1.5619206968586225e-16lf, 2.8114572543455206e-15lf), 4.779477332387385e-14lf), 7.647163731819816e-13lf), 1.1470745597729725e-11lf), 1.6059043836821613e-10lf), 2.08767569878681e-09lf), 2.505210838544172e-08lf), 2.755731922398589e-07lf), 2.7557319223985893e-06lf), 2.48015873015873e-05lf), 0.0001984126984126984lf), 0.001388888888888889lf), 0.008333333333333333lf), 0.041666666666666664lf), 0.16666666666666666lf), 0.5lf), 1.0lf);
  return vt_exp(x) - double(1);
}
#elif defined(VT_COMPUTE_float)
float vt_expm1(float x) {
  if (abs(x) < 0.5) return x * fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, fma(x, 2.755731922398589e-07, 2.7557319223985893e-06), 2.48015873015873e-05), 0.0001984126984126984), 0.001388888888888889), 0.008333333333333333), 0.041666666666666664), 0.16666666666666666), 0.5), 1.0);
  return vt_exp(x) - float(1);
}
#endif
#endif  // VT_EXPM1_GLSL
