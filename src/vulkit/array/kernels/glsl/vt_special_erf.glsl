// vt_special_erf: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// erf, erfc, erfcx, ndtr and log_ndtr: erf(x) = x P(x^2) for |x| <= 1; erfc(x) = exp(-x^2) erfcx(x) beyond, with
// erfcx(x) = G((x - 3) / (x + 3)) / (1 + 2x) (one polynomial for every x >= 0) and x^2 carried to twice the precision,
// so that erfc keeps its relative accuracy down to underflow; ndtr(x) = erfc(-x / sqrt 2) / 2 in the same form with
// x^2 / 2 exact, and log_ndtr(x) = log(erfcx(-x / sqrt 2) / 2) - x^2 / 2 below -1 (no underflow).
#ifndef VT_SPECIAL_ERF_GLSL
#define VT_SPECIAL_ERF_GLSL
#include "vt_special.glsl"
#include "vt_exp.glsl"
#include "vt_log.glsl"
#include "vt_log1p.glsl"
#include "vt_two_prod.glsl"
#if defined(VT_COMPUTE_double)
// exp(-x * x) with x * x carried to twice the precision (|x| below ~1e150)
double vt_sp_exp_neg_sq(double x, double scale) {  // exp(-scale * x * x), scale 1 or 1/2 (exact)
  precise double h = x * x;
  double l = vt_two_prod_err(x, x, h);
  double e = vt_exp(-(scale * h));
  return e - e * (scale * l);
}
// erf(x) for |x| <= 1
double vt_sp_erf_small(double x) { double t = x * x; return x * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 5.958930743134941e-11lf, -1.1373902296430911e-09lf), 1.4660051998394848e-08lf), -1.6350354461959655e-07lf), 1.6461004480962034e-06lf), -1.4925595519506043e-05lf), 0.00012055331122299266lf), -0.0008548326981129666lf), 0.005223977624823223lf), -0.026866170645077334lf), 0.11283791670954882lf), -0.3761263890318375lf), 1.1283791670955126lf); }
// erfcx(x) for x >= 0 (and +inf)
double vt_sp_erfcx_pos(double x) {
  if (x > 1.0e8lf) return 0.56418958354775628695lf / x;  // 1 / (x sqrt(pi)): the next term is 1 / (2 x^2)
  double t = (x - double(3)) / (x + double(3));
  return fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 8.393734858690877e-10lf, 9.862533510345587e-10lf), -8.217595058711455e-09lf), -1.3312919661038687e-08lf), 4.1064013667940355e-08lf), 1.0183620603842736e-07lf), -1.4047654315428462e-07lf), -6.166011460398726e-07lf), 3.5576086684080595e-07lf), 3.472370944977168e-06lf), -7.308281468783614e-07lf), -2.0100542268525612e-05lf), 4.949196649968345e-06lf), 0.0001250993424583729lf), -0.00010515971958448065lf), -0.0007798322696543306lf), 0.0018886903449991718lf), 0.0025293918156939696lf), -0.02377051491717134lf), 0.0683080273440099lf), -0.11927366341538638lf), 0.1296451587027594lf), -0.0475622943534492lf), -0.13562110612458117lf), 1.2530080582697296lf) / fma(double(2), x, double(1));
}
double vt_sp_erfcx(double x) {
  if (vt_isnan(x)) return x;
  if (x >= double(0)) return vt_sp_erfcx_pos(x);
  if (x < -27.0lf) return vt_inf();  // 2 exp(x^2) overflows
  // erfcx(x) = 2 exp(x^2) - erfcx(-x)
  precise double h = x * x;
  double l = vt_two_prod_err(x, x, h);
  double e = vt_exp(h);
  if (vt_isinf(e)) return e;
  return double(2) * (e + e * l) - vt_sp_erfcx_pos(-x);
}
double vt_sp_erf(double x) {
  double ax = abs(x);
  if (ax <= double(1)) return vt_sp_erf_small(x);
  if (vt_isnan(x)) return x;
  // from 4 (float), 6 (double) on erfc(x) is below half an ulp of 1
  double r = ax >= 6.0lf ? double(1) : double(1) - vt_sp_exp_neg_sq(ax, double(1)) * vt_sp_erfcx_pos(ax);
  return x < double(0) ? -r : r;
}
double vt_sp_erfc(double x) {
  if (vt_isnan(x)) return x;
  double ax = abs(x);
  if (ax < 0.5lf) return double(1) - vt_sp_erf_small(x);
  // from 10.1 (float), 27.3 (double) on erfc(x) is below half the least subnormal
  double e = ax >= 27.3lf ? double(0) : vt_sp_exp_neg_sq(ax, double(1)) * vt_sp_erfcx_pos(ax);
  return x < double(0) ? double(2) - e : e;
}
// the lower tail ndtr(-a) for a >= 1: exp(-a^2 / 2) erfcx(a / sqrt 2) / 2
double vt_sp_ndtr_tail(double a) {
  if (a >= 38.5lf) return double(0);  // below half the least subnormal
  return 0.5lf * vt_sp_exp_neg_sq(a, 0.5lf) * vt_sp_erfcx_pos(a * 0.70710678118654752440lf);
}
double vt_sp_ndtr(double x) {
  if (vt_isnan(x)) return x;
  if (abs(x) < double(1)) {
    double t = x * 0.70710678118654752440lf;
    return 0.5lf + 0.5lf * vt_sp_erf_small(t);
  }
  return x < double(0) ? vt_sp_ndtr_tail(-x) : double(1) - vt_sp_ndtr_tail(x);
}
double vt_sp_log_ndtr(double x) {
  if (vt_isnan(x)) return x;
  if (x > double(0)) return vt_log1p(-vt_sp_ndtr(-x));  // NaN too
  if (x > double(-1)) return vt_log(vt_sp_ndtr(x));
  if (x < -1.0e150lf) return -(0.5lf * x * x);  // -inf from 1.9e19 (float), 1.9e154 (double) on
  precise double h = x * x;
  double l = vt_two_prod_err(x, x, h);
  double g = vt_log(0.5lf * vt_sp_erfcx_pos(-x * 0.70710678118654752440lf));
  precise double r = -(0.5lf * h) + (g - 0.5lf * l);
  return r;
}
#elif defined(VT_COMPUTE_float)
// exp(-x * x) with x * x carried to twice the precision (|x| below ~1e150)
float vt_sp_exp_neg_sq(float x, float scale) {  // exp(-scale * x * x), scale 1 or 1/2 (exact)
  precise float h = x * x;
  float l = vt_two_prod_err(x, x, h);
  float e = vt_exp(-(scale * h));
  return e - e * (scale * l);
}
// erf(x) for |x| <= 1
float vt_sp_erf_small(float x) { float t = x * x; return x * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 7.8824974e-05, -0.0008018855), 0.005189312), -0.026854329), 0.11283597), -0.37612626), 1.1283791); }
// erfcx(x) for x >= 0 (and +inf)
float vt_sp_erfcx_pos(float x) {
  if (x > 1.0e4) return 0.56418958354775628695 / x;  // 1 / (x sqrt(pi)): the next term is 1 / (2 x^2)
  float t = (x - float(3)) / (x + float(3));
  return fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 7.7310244e-05, -9.254517e-05), -0.00072645367), 0.0018750791), 0.0024991168), -0.023763577), 0.06831657), -0.11927527), 0.12964411), -0.047562156), -0.13562107), 1.253008) / fma(float(2), x, float(1));
}
float vt_sp_erfcx(float x) {
  if (vt_isnan(x)) return x;
  if (x >= float(0)) return vt_sp_erfcx_pos(x);
  if (x < -10.0) return vt_inf();  // 2 exp(x^2) overflows
  // erfcx(x) = 2 exp(x^2) - erfcx(-x)
  precise float h = x * x;
  float l = vt_two_prod_err(x, x, h);
  float e = vt_exp(h);
  if (vt_isinf(e)) return e;
  return float(2) * (e + e * l) - vt_sp_erfcx_pos(-x);
}
float vt_sp_erf(float x) {
  float ax = abs(x);
  if (ax <= float(1)) return vt_sp_erf_small(x);
  if (vt_isnan(x)) return x;
  // from 4 (float), 6 (double) on erfc(x) is below half an ulp of 1
  float r = ax >= 4.0 ? float(1) : float(1) - vt_sp_exp_neg_sq(ax, float(1)) * vt_sp_erfcx_pos(ax);
  return x < float(0) ? -r : r;
}
float vt_sp_erfc(float x) {
  if (vt_isnan(x)) return x;
  float ax = abs(x);
  if (ax < 0.5) return float(1) - vt_sp_erf_small(x);
  // from 10.1 (float), 27.3 (double) on erfc(x) is below half the least subnormal
  float e = ax >= 10.1 ? float(0) : vt_sp_exp_neg_sq(ax, float(1)) * vt_sp_erfcx_pos(ax);
  return x < float(0) ? float(2) - e : e;
}
// the lower tail ndtr(-a) for a >= 1: exp(-a^2 / 2) erfcx(a / sqrt 2) / 2
float vt_sp_ndtr_tail(float a) {
  if (a >= 14.1) return float(0);  // below half the least subnormal
  return 0.5 * vt_sp_exp_neg_sq(a, 0.5) * vt_sp_erfcx_pos(a * 0.70710678118654752440);
}
float vt_sp_ndtr(float x) {
  if (vt_isnan(x)) return x;
  if (abs(x) < float(1)) {
    float t = x * 0.70710678118654752440;
    return 0.5 + 0.5 * vt_sp_erf_small(t);
  }
  return x < float(0) ? vt_sp_ndtr_tail(-x) : float(1) - vt_sp_ndtr_tail(x);
}
float vt_sp_log_ndtr(float x) {
  if (vt_isnan(x)) return x;
  if (x > float(0)) return vt_log1p(-vt_sp_ndtr(-x));  // NaN too
  if (x > float(-1)) return vt_log(vt_sp_ndtr(x));
  if (x < -1.0e18) return -(0.5 * x * x);  // -inf from 1.9e19 (float), 1.9e154 (double) on
  precise float h = x * x;
  float l = vt_two_prod_err(x, x, h);
  float g = vt_log(0.5 * vt_sp_erfcx_pos(-x * 0.70710678118654752440));
  precise float r = -(0.5 * h) + (g - 0.5 * l);
  return r;
}
#endif
#endif  // VT_SPECIAL_ERF_GLSL
