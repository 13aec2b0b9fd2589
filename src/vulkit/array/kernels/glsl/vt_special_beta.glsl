// vt_special_beta: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// beta and betaln: gamma(a) gamma(b) / gamma(a + b) where none overflows (cephes' order of the products; betaln its
// log); else log B, for a >= b > 0 from Stirling's series without cancellation: for a, b >= 10 (double), 8
// (float) log B = log(2 pi) / 2 - log(b) / 2 - (a - 1/2) log1p(b / a) - b log1p(a / b) + the series' tails, for a
// alone that large lgamma(b) + b - (a - 1/2) log1p(b / a) - b log(a + b) + the tails; negative arguments by
// reflection (both negative: the reflection terms less betaln(-a, -b)). Poles follow SciPy's (cephes') rules: a
// non-positive integer n with an integer m, 1 - n - m > 0, gives +-B(1 - n - m, m), else inf. Each gamma and lgamma
// is called in one place only (the kernels inline every call). gamma(a + b) and lgamma(a + b) are corrected for the
// rounding of a + b to first order (with digamma within 0.01): near the overflow bound it moved beta by 200 ulp.
#ifndef VT_SPECIAL_BETA_GLSL
#define VT_SPECIAL_BETA_GLSL
#include "vt_special.glsl"
#include "vt_div_scaled.glsl"
#include "vt_exp.glsl"
#include "vt_log.glsl"
#include "vt_log1p.glsl"
#include "vt_special_gamma.glsl"
#if defined(VT_COMPUTE_double)
// digamma(x) within 0.01 for x > 0: a + b is rounded, and gamma(s + e) == gamma(s) (1 + digamma(s) e) corrects that
double vt_sp_digamma_rough(double x) {
  double y = x < double(1) ? x + double(1) : x;
  double v = double(1) / y;
  double r = vt_log(y) - v * (0.5lf + v * 0.083333333333333333lf);
  return x < double(1) ? r - double(1) / x : r;
}
// a + b's rounding error (a + b == s + error exactly)
double vt_sp_sum_error(double a, double b, double s) {
  precise double bb = s - a;
  precise double e = (a - (s - bb)) + (b - bb);
  return e;
}
// the sign of gamma(x) for x that is not a pole
double vt_sp_gamma_sign(double x) { return x > double(0) || mod(floor(x), double(2)) == double(0) ? double(1) : double(-1); }
// log|B(a, b)| for finite a, b that are not non-positive integers, a + b not one either; B's sign in sign
double vt_sp_lbeta(double a, double b, out double sign) {
  double s = a + b;
  sign = vt_sp_gamma_sign(a) * vt_sp_gamma_sign(b) * vt_sp_gamma_sign(s);
  // log|B| = extra + flip * (more + lgamma(x1) + lgamma(x2) - lgamma(x3)); unused xk are 1 (lgamma 0)
  double extra = double(0);
  double flip = double(1);
  double p = a;  // the positive pair the lgammas work on
  double q = b;
  if (a < double(0) && b < double(0)) {  // reflection terms, then lgamma(-a) + lgamma(-b) - lgamma(-s) == betaln(-a, -b)
    extra = 1.1447298858494001741lf - vt_log(abs(a * vt_sp_sinpi(a))) - vt_log(abs(b * vt_sp_sinpi(b)))
            + vt_log(abs(s * vt_sp_sinpi(s)));
    flip = double(-1);
    p = -a;
    q = -b;
  }
  double hi = max(p, q);
  double lo = min(p, q);
  double t = hi + lo;
  double more = double(0);
  double x1 = double(1);
  double x2 = double(1);
  double x3 = double(1);
  if (lo >= 10.0lf) {
    more = 0.91893853320467274178lf - 0.5lf * vt_log(lo) - (hi - 0.5lf) * vt_log1p(lo / hi)
           - lo * vt_log1p(hi / lo) + ((vt_sp_stirling_tail(hi) + vt_sp_stirling_tail(lo)) - vt_sp_stirling_tail(t));
  } else if (hi >= 10.0lf && t >= 10.0lf) {  // lgamma(hi) - lgamma(hi + lo) by Stirling's series
    more = ((lo - (hi - 0.5lf) * vt_log1p(lo / hi)) - lo * vt_log(t))
           + (vt_sp_stirling_tail(hi) - vt_sp_stirling_tail(t));
    x1 = lo;  // lo < 0 when a and b have opposite signs: lgamma by reflection
  } else {
    x1 = p;
    x2 = q;
    x3 = t;
  }
  double lg3 = vt_sp_lgamma(x3);
  if (x3 == t && t > double(0)) lg3 += vt_sp_digamma_rough(t) * vt_sp_sum_error(p, q, t);  // lgamma(p + q), not of t
  return extra + flip * (((more + vt_sp_lgamma(x1)) + vt_sp_lgamma(x2)) - lg3);
}
// SciPy's (cephes') poles: a non-positive integer (or -inf) n and an integer m give +-B(1 - n - m, m) where
// 1 - n - m > 0, else +-inf; false where neither a nor b is a pole. The pair to go on with is put in a, b, its sign in
// sign (with a 0 or inf in a: the answer is sign * a)
bool vt_sp_beta_poles(inout double a, inout double b, out double sign) {
  sign = double(1);
  bool na = a <= double(0) && a == floor(a);
  if (!na && !(b <= double(0) && b == floor(b))) return false;
  double n = na ? a : b;
  double m = na ? b : a;
  if (vt_isinf(n) || vt_isinf(m) || m != floor(m) || !(double(1) - n - m > double(0))) { a = vt_inf(); return true; }
  sign = mod(m, double(2)) == double(0) ? double(1) : double(-1);
  if (!(m > double(0))) { a = vt_inf(); return true; }
  a = double(1) - n - m;
  b = m;
  return false;
}
// B(a, b) by gamma(a) gamma(b) / gamma(a + b) where each is finite (true: value is B), else log|B| (false; B's
// sign in sign), for a, b not poles (vt_sp_beta_poles) and a + b not a non-positive integer
bool vt_sp_beta_core(double a, double b, out double value, out double sign) {
  double s = a + b;
  if (max(abs(a), abs(b)) < 171.0lf && abs(s) < 171.0lf
      && min(abs(a), abs(b)) >= 1.0e-300lf) {
    double ga = vt_sp_gamma(a);
    double gb = vt_sp_gamma(b);
    double gs = vt_sp_gamma(s);
    double r = abs(abs(ga) - abs(gs)) > abs(abs(gb) - abs(gs)) ? (gb / gs) * ga : (ga / gs) * gb;
    if (s > double(0)) r -= r * (vt_sp_digamma_rough(s) * vt_sp_sum_error(a, b, s));  // gamma(a + b), not of s
    value = r;
    sign = r < double(0) ? double(-1) : double(1);
    return true;
  }
  value = vt_sp_lbeta(a, b, sign);
  return false;
}
double vt_sp_beta(double a, double b) {
  if (vt_isnan(a) || vt_isnan(b)) return vt_nan();
  double pole;
  if (vt_sp_beta_poles(a, b, pole)) return pole * a;
  double s = a + b;
  if (s <= double(0) && s == floor(s)) return pole * vt_sp_gamma_sign(a) * vt_sp_gamma_sign(b) < double(0) ? -double(0) : double(0);  // 1 / gamma(s) == 0
  if (vt_isinf(a) || vt_isinf(b)) {  // +inf (-inf is a pole): B(inf, b) == gamma(b) inf^-b
    double other = vt_isinf(a) ? b : a;
    if (vt_isinf(other)) return vt_nan();
    return other > double(0) ? double(0) : pole * vt_sp_gamma_sign(other) * vt_inf();
  }
  double value, sign;
  return pole * (vt_sp_beta_core(a, b, value, sign) ? value : sign * vt_exp(value));
}
double vt_sp_betaln(double a, double b) {
  if (vt_isnan(a) || vt_isnan(b)) return vt_nan();
  double pole;
  if (vt_sp_beta_poles(a, b, pole)) return vt_log(abs(a));
  double s = a + b;
  if (s <= double(0) && s == floor(s)) return -vt_inf();
  if (vt_isinf(a) || vt_isinf(b)) {
    double other = vt_isinf(a) ? b : a;
    return vt_isinf(other) ? vt_nan() : (other > double(0) ? -vt_inf() : vt_inf());
  }
  double value, sign;
  return vt_sp_beta_core(a, b, value, sign) ? vt_log(abs(value)) : value;
}
#elif defined(VT_COMPUTE_float)
// digamma(x) within 0.01 for x > 0: a + b is rounded, and gamma(s + e) == gamma(s) (1 + digamma(s) e) corrects that
float vt_sp_digamma_rough(float x) {
  float y = x < float(1) ? x + float(1) : x;
  float v = float(1) / y;
  float r = vt_log(y) - v * (0.5 + v * 0.083333333333333333);
  return x < float(1) ? r - float(1) / x : r;
}
// a + b's rounding error (a + b == s + error exactly)
float vt_sp_sum_error(float a, float b, float s) {
  precise float bb = s - a;
  precise float e = (a - (s - bb)) + (b - bb);
  return e;
}
// the sign of gamma(x) for x that is not a pole
float vt_sp_gamma_sign(float x) { return x > float(0) || mod(floor(x), float(2)) == float(0) ? float(1) : float(-1); }
// log|B(a, b)| for finite a, b that are not non-positive integers, a + b not one either; B's sign in sign
float vt_sp_lbeta(float a, float b, out float sign) {
  float s = a + b;
  sign = vt_sp_gamma_sign(a) * vt_sp_gamma_sign(b) * vt_sp_gamma_sign(s);
  // log|B| = extra + flip * (more + lgamma(x1) + lgamma(x2) - lgamma(x3)); unused xk are 1 (lgamma 0)
  float extra = float(0);
  float flip = float(1);
  float p = a;  // the positive pair the lgammas work on
  float q = b;
  if (a < float(0) && b < float(0)) {  // reflection terms, then lgamma(-a) + lgamma(-b) - lgamma(-s) == betaln(-a, -b)
    extra = 1.1447298858494001741 - vt_log(abs(a * vt_sp_sinpi(a))) - vt_log(abs(b * vt_sp_sinpi(b)))
            + vt_log(abs(s * vt_sp_sinpi(s)));
    flip = float(-1);
    p = -a;
    q = -b;
  }
  float hi = max(p, q);
  float lo = min(p, q);
  float t = hi + lo;
  float more = float(0);
  float x1 = float(1);
  float x2 = float(1);
  float x3 = float(1);
  if (lo >= 8.0) {
    more = 0.91893853320467274178 - 0.5 * vt_log(lo) - (hi - 0.5) * vt_log1p(vt_div_scaled(lo, hi))
           - lo * vt_log1p(vt_div_scaled(hi, lo))
           + ((vt_sp_stirling_tail(hi) + vt_sp_stirling_tail(lo)) - vt_sp_stirling_tail(t));
  } else if (hi >= 8.0 && t >= 8.0) {  // lgamma(hi) - lgamma(hi + lo) by Stirling's series
    more = ((lo - (hi - 0.5) * vt_log1p(vt_div_scaled(lo, hi))) - lo * vt_log(t))
           + (vt_sp_stirling_tail(hi) - vt_sp_stirling_tail(t));
    x1 = lo;  // lo < 0 when a and b have opposite signs: lgamma by reflection
  } else {
    x1 = p;
    x2 = q;
    x3 = t;
  }
  float lg3 = vt_sp_lgamma(x3);
  if (x3 == t && t > float(0)) lg3 += vt_sp_digamma_rough(t) * vt_sp_sum_error(p, q, t);  // lgamma(p + q), not of t
  return extra + flip * (((more + vt_sp_lgamma(x1)) + vt_sp_lgamma(x2)) - lg3);
}
// SciPy's (cephes') poles: a non-positive integer (or -inf) n and an integer m give +-B(1 - n - m, m) where
// 1 - n - m > 0, else +-inf; false where neither a nor b is a pole. The pair to go on with is put in a, b, its sign in
// sign (with a 0 or inf in a: the answer is sign * a)
bool vt_sp_beta_poles(inout float a, inout float b, out float sign) {
  sign = float(1);
  bool na = a <= float(0) && a == floor(a);
  if (!na && !(b <= float(0) && b == floor(b))) return false;
  float n = na ? a : b;
  float m = na ? b : a;
  if (vt_isinf(n) || vt_isinf(m) || m != floor(m) || !(float(1) - n - m > float(0))) { a = vt_inf(); return true; }
  sign = mod(m, float(2)) == float(0) ? float(1) : float(-1);
  if (!(m > float(0))) { a = vt_inf(); return true; }
  a = float(1) - n - m;
  b = m;
  return false;
}
// B(a, b) by gamma(a) gamma(b) / gamma(a + b) where each is finite (true: value is B), else log|B| (false; B's
// sign in sign), for a, b not poles (vt_sp_beta_poles) and a + b not a non-positive integer
bool vt_sp_beta_core(float a, float b, out float value, out float sign) {
  float s = a + b;
  if (max(abs(a), abs(b)) < 35.0 && abs(s) < 35.0
      && min(abs(a), abs(b)) >= 1.0e-37) {
    float ga = vt_sp_gamma(a);
    float gb = vt_sp_gamma(b);
    float gs = vt_sp_gamma(s);
    // NOTE: precise: the product of the quotient and the other gamma, never of both gammas (they may overflow)
    bool first = abs(abs(ga) - abs(gs)) > abs(abs(gb) - abs(gs));
    precise float product = vt_div_scaled(first ? gb : ga, gs) * (first ? ga : gb);
    float r = product;
    if (s > float(0)) r -= r * (vt_sp_digamma_rough(s) * vt_sp_sum_error(a, b, s));  // gamma(a + b), not of s
    value = r;
    sign = r < float(0) ? float(-1) : float(1);
    return true;
  }
  value = vt_sp_lbeta(a, b, sign);
  return false;
}
float vt_sp_beta(float a, float b) {
  if (vt_isnan(a) || vt_isnan(b)) return vt_nan();
  float pole;
  if (vt_sp_beta_poles(a, b, pole)) return pole * a;
  float s = a + b;
  if (s <= float(0) && s == floor(s)) return pole * vt_sp_gamma_sign(a) * vt_sp_gamma_sign(b) < float(0) ? -float(0) : float(0);  // 1 / gamma(s) == 0
  if (vt_isinf(a) || vt_isinf(b)) {  // +inf (-inf is a pole): B(inf, b) == gamma(b) inf^-b
    float other = vt_isinf(a) ? b : a;
    if (vt_isinf(other)) return vt_nan();
    return other > float(0) ? float(0) : pole * vt_sp_gamma_sign(other) * vt_inf();
  }
  float value, sign;
  return pole * (vt_sp_beta_core(a, b, value, sign) ? value : sign * vt_exp(value));
}
float vt_sp_betaln(float a, float b) {
  if (vt_isnan(a) || vt_isnan(b)) return vt_nan();
  float pole;
  if (vt_sp_beta_poles(a, b, pole)) return vt_log(abs(a));
  float s = a + b;
  if (s <= float(0) && s == floor(s)) return -vt_inf();
  if (vt_isinf(a) || vt_isinf(b)) {
    float other = vt_isinf(a) ? b : a;
    return vt_isinf(other) ? vt_nan() : (other > float(0) ? -vt_inf() : vt_inf());
  }
  float value, sign;
  return vt_sp_beta_core(a, b, value, sign) ? vt_log(abs(value)) : value;
}
#endif
#endif  // VT_SPECIAL_BETA_GLSL
