// vt_special_erfinv: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// erfinv, erfcinv and ndtri: erfinv(y) = y P(y^2) for |y| <= 1/2; beyond, x = erfcinv(q) for q = 1 - |y| <= 1/2
// (exact) from a first guess x0 = s G(1/s), s = sqrt(-log q), and one Newton step on log(erfc(x)) + s^2 =
// log(erfcx(x)) - x^2 + s^2 (x^2 to twice the precision), whose error after the step is about e0^2 / (2 x): the
// guess is within 1e-9 (double), 1e-4 (float). q may be as small as the least subnormal.
#ifndef VT_SPECIAL_ERFINV_GLSL
#define VT_SPECIAL_ERFINV_GLSL
#include "vt_special.glsl"
#include "vt_log.glsl"
#include "vt_two_prod.glsl"
#include "vt_special_erf.glsl"
#if defined(VT_COMPUTE_double)
// x > 0 with erfc(x) == q, for 0 < q <= 1/2
double vt_sp_erfcinv_tail(double q) {
  double w = -vt_log(q);
  double s = sqrt(w);
  double v = double(1) / s;
  double un = v - 0.85lf;
  double uf = v - 0.27lf;
  double x = s * (v > 0.5lf ? fma(un, fma(un, fma(un, fma(un, fma(un, fma(un, fma(un, fma(un, fma(un, 0.004122346107158923lf, -0.003935687363840435lf), 0.008444958315623908lf), -0.026074693673681315lf), 0.052597349638057164lf), -0.06711403053049142lf), 0.027568822186780025lf), 0.11508666590635538lf), -0.3769042092943938lf), 0.690599539756566lf) : fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, fma(uf, 3447596.7038815534lf, -754062.5771332178lf), -594097.8078119284lf), 113714.95331526984lf), 47876.429608231774lf), -8478.433813654272lf), -1838.1217121907991lf), 251.25708102296153lf), 67.12247366990927lf), -14.074500548157022lf), 2.6336731854523316lf), -1.3954081779901946lf), 0.7817831987914707lf), -0.6147374874763788lf), 0.5543616069044731lf), -0.23915994115953174lf), -0.3863047064650479lf), 0.9302139414921314lf));
  precise double h = x * x;
  double l = vt_two_prod_err(x, x, h);
  double e = vt_sp_erfcx_pos(x);
  precise double g = ((w - h) - l) + vt_log(e);  // log(erfc(x)) - log(q)
  return fma(g * e, 0.88622692545275801365lf, x);  // x - g / g', g' = -2 / (sqrt(pi) erfcx(x))
}
double vt_sp_erfinv(double y) {
  double ay = abs(y);
  if (ay <= 0.5lf) { double t = y * y; return y * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 0.11364410456260272lf, -0.07688796265772653lf), 0.07403388841427054lf), 0.00820249475773339lf), 0.03165882444003925lf), 0.031133354835717303lf), 0.0365244681104025lf), 0.04283245246052014lf), 0.051731492171509304lf), 0.06495961106449397lf), 0.08655212936839432lf), 0.12755617530434396lf), 0.23201366653465938lf), 0.886226925452758lf); }
  if (!(ay < double(1))) return ay == double(1) ? (y < double(0) ? -vt_inf() : vt_inf()) : vt_nan();  // NaN too
  double x = vt_sp_erfcinv_tail(double(1) - ay);
  return y < double(0) ? -x : x;
}
double vt_sp_erfcinv(double q) {
  if (!(q > double(0) && q < double(2))) return q == double(0) ? vt_inf() : (q == double(2) ? -vt_inf() : vt_nan());  // NaN too
  if (q <= 0.5lf) return vt_sp_erfcinv_tail(q);
  if (q >= 1.5lf) return -vt_sp_erfcinv_tail(double(2) - q);
  return -vt_sp_erfinv(q - double(1));  // q - 1 is exact; -0 at q == 1, as SciPy
}
double vt_sp_ndtri(double p) {
  if (!(p > double(0) && p < double(1))) return p == double(0) ? -vt_inf() : (p == double(1) ? vt_inf() : vt_nan());  // NaN too
  double x;
  if (p < 0.25lf) x = -vt_sp_erfcinv_tail(double(2) * p);
  else if (p > 0.75lf) x = vt_sp_erfcinv_tail(double(2) * (double(1) - p));  // 1 - p is exact
  else x = vt_sp_erfinv(double(2) * p - double(1));  // exact
  precise double r = fma(x, 1.4142135623730951lf, x * -9.667293313452913e-17lf);
  return r;
}
#elif defined(VT_COMPUTE_float)
// x > 0 with erfc(x) == q, for 0 < q <= 1/2
float vt_sp_erfcinv_tail(float q) {
  float w = -vt_log(q);
  float s = sqrt(w);
  float v = float(1) / s;
  float u = v - 0.65;
  float x = s * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, -0.082177766, 0.12101476), -0.12956892), 0.10178748), 0.0769522), -0.41678292), 0.77024317);
  precise float h = x * x;
  float l = vt_two_prod_err(x, x, h);
  float e = vt_sp_erfcx_pos(x);
  precise float g = ((w - h) - l) + vt_log(e);  // log(erfc(x)) - log(q)
  return fma(g * e, 0.88622692545275801365, x);  // x - g / g', g' = -2 / (sqrt(pi) erfcx(x))
}
float vt_sp_erfinv(float y) {
  float ay = abs(y);
  if (ay <= 0.5) { float t = y * y; return y * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 0.09781949, 0.029601974), 0.06904132), 0.08617739), 0.12757231), 0.2320134), 0.88622695); }
  if (!(ay < float(1))) return ay == float(1) ? (y < float(0) ? -vt_inf() : vt_inf()) : vt_nan();  // NaN too
  float x = vt_sp_erfcinv_tail(float(1) - ay);
  return y < float(0) ? -x : x;
}
float vt_sp_erfcinv(float q) {
  if (!(q > float(0) && q < float(2))) return q == float(0) ? vt_inf() : (q == float(2) ? -vt_inf() : vt_nan());  // NaN too
  if (q <= 0.5) return vt_sp_erfcinv_tail(q);
  if (q >= 1.5) return -vt_sp_erfcinv_tail(float(2) - q);
  return -vt_sp_erfinv(q - float(1));  // q - 1 is exact; -0 at q == 1, as SciPy
}
float vt_sp_ndtri(float p) {
  if (!(p > float(0) && p < float(1))) return p == float(0) ? -vt_inf() : (p == float(1) ? vt_inf() : vt_nan());  // NaN too
  float x;
  if (p < 0.25) x = -vt_sp_erfcinv_tail(float(2) * p);
  else if (p > 0.75) x = vt_sp_erfcinv_tail(float(2) * (float(1) - p));  // 1 - p is exact
  else x = vt_sp_erfinv(float(2) * p - float(1));  // exact
  precise float r = fma(x, 1.4142135, x * 2.4203235e-08);
  return r;
}
#endif
#endif  // VT_SPECIAL_ERFINV_GLSL
