// vt_exp: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_EXP_GLSL
#define VT_EXP_GLSL
#include "vt_special.glsl"
#include "vt_exp2i.glsl"
#if defined(VT_COMPUTE_double)
double vt_exp_reduced(double x, out int ki) {  // exp(x) == result * 2^ki, for x in [EXP_LO, EXP_HI]
  double k = roundEven(x * 1.4426950408889634lf);
  double r = fma(-k, 0.693147180369123816490lf, x);
  r = fma(-k, 1.90821492927058770002e-10lf, r);
  ki = int(k);
  return fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, 1.6059043836821613e-10lf, 2.08767569878681e-09lf), 2.505210838544172e-08lf), 2.755731922398589e-07lf), 2.7557319223985893e-06lf), 2.48015873015873e-05lf), 0.0001984126984126984lf), 0.001388888888888889lf), 0.008333333333333333lf), 0.041666666666666664lf), 0.16666666666666666lf), 0.5lf), 1.0lf), 1.0lf);
}
double vt_scale(double m, int ki) {  // m * 2^ki, rounded once where it is subnormal
  // NOTE: products, not ldexp: NVIDIA's ldexp flushes subnormal results to zero. One where 2^ki is normal.
  if (ki >= int(-1022.0lf) && ki <= int(1023.0lf)) {
    precise double p = m * vt_exp2i(ki);
    return p;
  }
  precise double r = m * vt_exp2i(ki / 2);
  precise double s = r * vt_exp2i(ki - ki / 2);
  return s;
}
double vt_exp(double x) {
  if (x >= -745.1332191019412lf && x <= 709.782712893384lf) {  // NOTE: one test for the common case (false for NaN)
    int ki;
    double m = vt_exp_reduced(x, ki);
    return vt_scale(m, ki);
  }
  if (vt_isnan(x)) return x;
  return x > double(0) ? vt_inf() : double(0);
}
#elif defined(VT_COMPUTE_float)
float vt_exp_reduced(float x, out int ki) {  // exp(x) == result * 2^ki, for x in [EXP_LO, EXP_HI]
  float k = roundEven(x * 1.4426950408889634);
  float r = fma(-k, 0.693145751953125, x);
  r = fma(-k, 1.428606765330187045e-06, r);
  ki = int(k);
  return fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, fma(r, 0.0001984126984126984, 0.001388888888888889), 0.008333333333333333), 0.041666666666666664), 0.16666666666666666), 0.5), 1.0), 1.0);
}
float vt_scale(float m, int ki) {  // m * 2^ki, rounded once where it is subnormal
  // NOTE: products, not ldexp: NVIDIA's ldexp flushes subnormal results to zero. One where 2^ki is normal.
  if (ki >= int(-126.0) && ki <= int(127.0)) {
    precise float p = m * vt_exp2i(ki);
    return p;
  }
  precise float r = m * vt_exp2i(ki / 2);
  precise float s = r * vt_exp2i(ki - ki / 2);
  return s;
}
float vt_exp(float x) {
  if (x >= -103.972084045410 && x <= 88.72283935546875) {  // NOTE: one test for the common case (false for NaN)
    int ki;
    float m = vt_exp_reduced(x, ki);
    return vt_scale(m, ki);
  }
  if (vt_isnan(x)) return x;
  return x > float(0) ? vt_inf() : float(0);
}
#endif
#endif  // VT_EXP_GLSL
