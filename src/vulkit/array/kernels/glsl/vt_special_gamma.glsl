// vt_special_gamma: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// gamma, gammaln (log|gamma|) and digamma. lgamma(x) = (x - 1) P(x) on [1, 3/2], (x - 2) Q(x) on [3/2, 5/2] (exact
// factors); from 10 (double), 8 (float) on Stirling's series with (x - 1/2) log x - x carried as hi + lo (so gamma
// = exp(hi) exp(lo + series) keeps its relative accuracy up to overflow); between, the recurrence. 1/gamma is a
// polynomial on [1, 2] (it is entire). digamma(x) = (x - x0) P(x) on [1, 2] around its zero x0 (x0 as hi + lo), the
// recurrence below 10 and the asymptotic series above. Negative x by reflection with sin(pi x) reduced exactly.
#ifndef VT_SPECIAL_GAMMA_GLSL
#define VT_SPECIAL_GAMMA_GLSL
#include "vt_special.glsl"
#include "vt_exp.glsl"
#include "vt_log.glsl"
#include "vt_log_hilo.glsl"
#include "vt_two_prod.glsl"
#include "vt_special_sinpi.glsl"
#if defined(VT_COMPUTE_double)
// lgamma(x) - ((x - 1/2) log x - x + log(2 pi) / 2) for x >= 10 (double), 8 (float)
double vt_sp_stirling_tail(double x) {
  double v = double(1) / x;
  double z = v * v;
  return v * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, -0.029550653594771242lf, 0.00641025641025641lf), -0.0019175269175269176lf), 0.0008417508417508417lf), -0.0005952380952380953lf), 0.0007936507936507937lf), -0.002777777777777778lf), 0.08333333333333333lf);
}
// (x - 1/2) log x - x as hi + lo (returned, and in lo), for 8 <= x < 1e17 (double), 1e9 (float)
double vt_sp_stirling_main(double x, out double lo) {
  double ll;
  double lh = vt_log_hilo(x, ll);
  precise double a = x - 0.5lf;
  precise double p = a * lh;
  double pe = vt_two_prod_err(a, lh, p) + a * ll;
  precise double s = p - x;
  precise double bb = s - p;
  precise double se = (p - (s - bb)) - (x + bb);  // p - x == s + se exactly
  lo = se + pe;
  return s;
}
// lgamma(x) for finite x > -1/2 that is not 0 (log|gamma|); one call of each polynomial (the kernels inline every call)
double vt_sp_lgamma_pos(double x) {
  if (x >= 10.0lf) {
    if (x >= 1.0e17lf) return x * (vt_log(x) - double(1));  // the rest is below an ulp; inf from 2.5e305 on
    double lo;
    double hi = vt_sp_stirling_main(x, lo);
    return hi + (lo + (0.91893853320467274178lf + vt_sp_stirling_tail(x)));
  }
  if (x >= double(1) && x < 1.5lf) { double v = x - 1.25lf; return x == double(1) ? double(0) : (x - double(1)) * fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, -0.0019239722388263386lf, 0.002527722141107636lf), -0.002852747239822341lf), 0.0038236961191764275lf), -0.00519926662246526lf), 0.007033279464584196lf), -0.009579045424778122lf), 0.013163014059647607lf), -0.018282077956892413lf), 0.025743859164033427lf), -0.03692956433138403lf), 0.054390401741860224lf), -0.08339250575547194lf), 0.1367707934884177lf), -0.25548268796157403lf), 0.6625352492439489lf), -0.3930873456872526lf); }
  // lgamma(x) = u P(u) + sign * log(m), u = y - 2 (exact) for y in [3/2, 5/2]
  double u, m, sign;
  if (x < 0.5lf) { u = x; m = abs(x * (x + double(1))); sign = double(-1); }  // lgamma(x + 2) - log|x (x + 1)|
  else if (x < double(1)) { u = x - double(1); m = x; sign = double(-1); }  // lgamma(x + 1) - log x
  else {
    m = double(1);
    double y = x;
    while (y > 2.5lf) { y -= double(1); m *= y; }  // exact steps; lgamma(x) = lgamma(y) + log((x - 1)...(y))
    u = y - double(2);
    sign = double(1);
  }
  return u * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, -1.341570273460026e-07lf, 2.7880013392491846e-07lf), -4.303234692956732e-07lf), 9.199898075671394e-07lf), -2.044935323180052e-06lf), 4.3847319318293745e-06lf), -9.438454884054723e-06lf), 2.0505584372896933e-05lf), -4.492635166770342e-05lf), 9.945767440096764e-05lf), -0.00022315475069647703lf), 0.0005096695153484373lf), -0.0011927539120033873lf), 0.002890510331036772lf), -0.007385551028668096lf), 0.020580808427780335lf), -0.06735230105319814lf), 0.32246703342411326lf), 0.42278433509846713lf) + sign * vt_log(m);
}
double vt_sp_lgamma(double x) {
  if (vt_isnan(x)) return x;
  if (vt_isinf(x)) return vt_inf();  // C's lgamma(-inf) (SciPy gives -inf)
  if (x <= double(0) && x == floor(x)) return vt_inf();  // the poles, -0 and 0 among them
  // below -1/2: log(pi / |x sin(pi x)|) - lgamma(-x)
  bool reflect = x <= -0.5lf;
  double core = vt_sp_lgamma_pos(reflect ? -x : x);
  return reflect ? 1.1447298858494001741lf - vt_log(abs(x * vt_sp_sinpi(x))) - core : core;
}
// gamma(x) for finite x >= 10 (double), 8 (float), as e * (c * e) when exp(hi) alone would overflow
double vt_sp_gamma_stirling(double x, out double c, out double e) {
  double lo;
  double hi = vt_sp_stirling_main(x, lo);
  c = 2.5066282746310005024lf * vt_exp(lo + vt_sp_stirling_tail(x));
  if (hi < 700.0lf) { e = double(1); return vt_exp(hi) * c; }
  e = vt_exp(0.5lf * hi);
  return (e * c) * e;
}
// gamma(x) for -1 < x < 10 (double), 8 (float), not 0: num / (den P(u)) with 1 / gamma(u + 3/2) == P(u)
double vt_sp_gamma_small(double x) {
  double num = double(1);
  double den = double(1);
  double u;
  if (x < double(0)) { den = x * (x + double(1)); u = x + 0.5lf; }  // gamma(x + 2) / (x (x + 1))
  else if (x < double(1)) { den = x; u = x - 0.5lf; }  // gamma(x + 1) / x
  else {
    double y = x;
    while (y >= double(2)) { y -= double(1); num *= y; }  // gamma(x) = (x - 1)...(y) gamma(y), y in [1, 2)
    u = y - 1.5lf;
  }
  return num / (den * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, 1.681337201347965e-08lf, -9.002232748879092e-08lf), 5.80703265961005e-08lf), 2.1565575284250995e-06lf), -1.389683544823172e-05lf), 2.5355130626661337e-05lf), 0.00015235762470520615lf), -0.0011107302459330316lf), 0.002120731442277257lf), 0.00661289782627482lf), -0.04215516936852383lf), 0.0509668602477232lf), 0.17510202604393435lf), -0.5266544355255447lf), -0.0411745264452831lf), 1.1283791670955126lf));
}
double vt_sp_gamma(double x) {
  if (vt_isnan(x)) return x;
  if (x == double(0)) return double(1) / x;  // +-inf, as SciPy
  if (vt_isinf(x)) return x > double(0) ? x : vt_nan();
  if (x == floor(x)) {
    if (x < double(0)) return vt_nan();
    if (x < 23.5lf) {  // (x - 1)! exactly
      double p = double(1);
      for (double k = double(2); k < x; k += double(1)) p *= k;
      return p;
    }
  }
  // below -1: gamma(x) = r / gamma(-x), r = -pi / (x sin(pi x))
  bool reflect = x <= double(-1);
  double y = reflect ? -x : x;
  double g, c, e;
  if (y < 10.0lf) { g = vt_sp_gamma_small(y); c = g; e = double(1); }
  else if (y > 190.0lf) { g = vt_inf(); c = double(1); e = vt_inf(); }  // gamma(-y) is below the least subnormal
  else g = vt_sp_gamma_stirling(y, c, e);  // gamma(y) == e * c * e; e is 1 where g does not overflow
  if (!reflect) return g;
  // NOTE: precise: a compiler may fold the divisions into one by x sin(pi x) c e e, whose reciprocal is flushed to 0
  // above 2^126 (NVIDIA: gamma(-34.11) was -0.0 in float32, -2.1e-38)
  precise double den = x * vt_sp_sinpi(x);
  precise double r = -3.14159265358979323846lf / den;
  if (e == double(1)) { precise double q = r / g; return q; }
  precise double ce = c * e;
  precise double q1 = r / ce;
  precise double q2 = q1 / e;
  return q2;
}
// digamma(x) for finite x > 0
double vt_sp_digamma_pos(double x) {
  if (x >= 10.0lf) {
    double v = double(1) / x;
    double z = v * v;
    return vt_log(x) - (0.5lf * v + z * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, -0.4432598039215686lf, 0.08333333333333333lf), -0.021092796092796094lf), 0.007575757575757576lf), -0.004166666666666667lf), 0.003968253968253968lf), -0.008333333333333333lf), 0.08333333333333333lf));
  }
  double acc = double(0);
  double y = x;
  if (y < double(1)) { acc = -double(1) / y; y += double(1); }
  while (y > double(2)) { y -= double(1); acc += double(1) / y; }  // digamma(y + 1) == digamma(y) + 1 / y
  double u = y - 1.5lf;
  precise double d = (y - 1.4616321449683622lf) - 9.549995429965697e-17lf;  // precise: compilers fold the two constants otherwise
  return d * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, 0.00012241591000024265lf, -0.00017837342400462423lf), 9.158816882117e-05lf), -0.00014460384609240088lf), 0.00032689316473621455lf), -0.00048606417050412354lf), 0.0006899428514219089lf), -0.0010364227247828023lf), 0.0015635739915515125lf), -0.0023455016279107115lf), 0.0035180792717028125lf), -0.0052799364178857415lf), 0.007927024136843637lf), -0.011908220169786002lf), 0.01790724819228875lf), -0.02697579665686472lf), 0.040760833944741226lf), -0.06192213327556183lf), 0.09498872445282817lf), -0.14840492305388006lf), 0.24054248424078736lf), -0.4236274212814606lf), 0.9510558760318328lf) + acc;
}
double vt_sp_digamma(double x) {
  if (vt_isnan(x)) return x;
  if (x == double(0)) return vt_signbit(x) ? vt_inf() : -vt_inf();  // as SciPy
  if (vt_isinf(x)) return x > double(0) ? x : vt_nan();
  if (x > double(0)) return vt_sp_digamma_pos(x);
  if (x == floor(x)) return vt_nan();
  // digamma(x) = digamma(1 - x) - pi / tan(pi x), and digamma(1 - x) == digamma(-x) - 1 / x below -1
  double s, c;
  vt_sp_sincospi(x, s, c);
  double reflection = 3.14159265358979323846lf * c / s;
  bool far = x <= double(-1);
  double core = vt_sp_digamma_pos(far ? -x : double(1) - x);
  return (far ? core - double(1) / x : core) - reflection;
}
#elif defined(VT_COMPUTE_float)
// lgamma(x) - ((x - 1/2) log x - x + log(2 pi) / 2) for x >= 10 (double), 8 (float)
float vt_sp_stirling_tail(float x) {
  float v = float(1) / x;
  float z = v * v;
  return v * fma(z, fma(z, fma(z, -0.0005952381, 0.0007936508), -0.0027777778), 0.083333336);
}
// (x - 1/2) log x - x as hi + lo (returned, and in lo), for 8 <= x < 1e17 (double), 1e9 (float)
float vt_sp_stirling_main(float x, out float lo) {
  float ll;
  float lh = vt_log_hilo(x, ll);
  precise float a = x - 0.5;
  precise float p = a * lh;
  float pe = vt_two_prod_err(a, lh, p) + a * ll;
  precise float s = p - x;
  precise float bb = s - p;
  precise float se = (p - (s - bb)) - (x + bb);  // p - x == s + se exactly
  lo = se + pe;
  return s;
}
// lgamma(x) for finite x > -1/2 that is not 0 (log|gamma|); one call of each polynomial (the kernels inline every call)
float vt_sp_lgamma_pos(float x) {
  if (x >= 8.0) {
    if (x >= 1.0e9) return x * (vt_log(x) - float(1));  // the rest is below an ulp; inf from 2.5e305 on
    float lo;
    float hi = vt_sp_stirling_main(x, lo);
    return hi + (lo + (0.91893853320467274178 + vt_sp_stirling_tail(x)));
  }
  if (x >= float(1) && x < 1.5) { float v = x - 1.25; return x == float(1) ? float(0) : (x - float(1)) * fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, fma(v, -0.019866752, 0.027693726), -0.03684126), 0.05429742), -0.0833945), 0.13677242), -0.25548267), 0.66253525), -0.39308736); }
  // lgamma(x) = u P(u) + sign * log(m), u = y - 2 (exact) for y in [3/2, 5/2]
  float u, m, sign;
  if (x < 0.5) { u = x; m = abs(x * (x + float(1))); sign = float(-1); }  // lgamma(x + 2) - log|x (x + 1)|
  else if (x < float(1)) { u = x - float(1); m = x; sign = float(-1); }  // lgamma(x + 1) - log x
  else {
    m = float(1);
    float y = x;
    while (y > 2.5) { y -= float(1); m *= y; }  // exact steps; lgamma(x) = lgamma(y) + log((x - 1)...(y))
    u = y - float(2);
    sign = float(1);
  }
  return u * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, -0.00025386186, 0.0005703469), -0.0011858377), 0.0028788268), -0.007386178), 0.020581631), -0.06735228), 0.32246703), 0.42278433) + sign * vt_log(m);
}
float vt_sp_lgamma(float x) {
  if (vt_isnan(x)) return x;
  if (vt_isinf(x)) return vt_inf();  // C's lgamma(-inf) (SciPy gives -inf)
  if (x <= float(0) && x == floor(x)) return vt_inf();  // the poles, -0 and 0 among them
  // below -1/2: log(pi / |x sin(pi x)|) - lgamma(-x)
  bool reflect = x <= -0.5;
  float core = vt_sp_lgamma_pos(reflect ? -x : x);
  return reflect ? 1.1447298858494001741 - vt_log(abs(x * vt_sp_sinpi(x))) - core : core;
}
// gamma(x) for finite x >= 10 (double), 8 (float), as e * (c * e) when exp(hi) alone would overflow
float vt_sp_gamma_stirling(float x, out float c, out float e) {
  float lo;
  float hi = vt_sp_stirling_main(x, lo);
  c = 2.5066282746310005024 * vt_exp(lo + vt_sp_stirling_tail(x));
  if (hi < 80.0) { e = float(1); return vt_exp(hi) * c; }
  e = vt_exp(0.5 * hi);
  return (e * c) * e;
}
// gamma(x) for -1 < x < 10 (double), 8 (float), not 0: num / (den P(u)) with 1 / gamma(u + 3/2) == P(u)
float vt_sp_gamma_small(float x) {
  float num = float(1);
  float den = float(1);
  float u;
  if (x < float(0)) { den = x * (x + float(1)); u = x + 0.5; }  // gamma(x + 2) / (x (x + 1))
  else if (x < float(1)) { den = x; u = x - 0.5; }  // gamma(x + 1) / x
  else {
    float y = x;
    while (y >= float(2)) { y -= float(1); num *= y; }  // gamma(x) = (x - 1)...(y) gamma(y), y in [1, 2)
    u = y - 1.5;
  }
  return num / (den * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, -0.0010943353, 0.0022034515), 0.0066092717), -0.042170495), 0.050967187), 0.17510308), -0.5266544), -0.041174546), 1.1283792));
}
float vt_sp_gamma(float x) {
  if (vt_isnan(x)) return x;
  if (x == float(0)) return float(1) / x;  // +-inf, as SciPy
  if (vt_isinf(x)) return x > float(0) ? x : vt_nan();
  if (x == floor(x)) {
    if (x < float(0)) return vt_nan();
    if (x < 14.5) {  // (x - 1)! exactly
      float p = float(1);
      for (float k = float(2); k < x; k += float(1)) p *= k;
      return p;
    }
  }
  // below -1: gamma(x) = r / gamma(-x), r = -pi / (x sin(pi x))
  bool reflect = x <= float(-1);
  float y = reflect ? -x : x;
  float g, c, e;
  if (y < 8.0) { g = vt_sp_gamma_small(y); c = g; e = float(1); }
  else if (y > 45.0) { g = vt_inf(); c = float(1); e = vt_inf(); }  // gamma(-y) is below the least subnormal
  else g = vt_sp_gamma_stirling(y, c, e);  // gamma(y) == e * c * e; e is 1 where g does not overflow
  if (!reflect) return g;
  // NOTE: precise: a compiler may fold the divisions into one by x sin(pi x) c e e, whose reciprocal is flushed to 0
  // above 2^126 (NVIDIA: gamma(-34.11) was -0.0 in float32, -2.1e-38)
  precise float den = x * vt_sp_sinpi(x);
  precise float r = -3.14159265358979323846 / den;
  if (e == float(1)) { precise float q = r / g; return q; }
  precise float ce = c * e;
  precise float q1 = r / ce;
  precise float q2 = q1 / e;
  return q2;
}
// digamma(x) for finite x > 0
float vt_sp_digamma_pos(float x) {
  if (x >= 8.0) {
    float v = float(1) / x;
    float z = v * v;
    return vt_log(x) - (0.5 * v + z * fma(z, fma(z, fma(z, -0.004166667, 0.003968254), -0.008333334), 0.083333336));
  }
  float acc = float(0);
  float y = x;
  if (y < float(1)) { acc = -float(1) / y; y += float(1); }
  while (y > float(2)) { y -= float(1); acc += float(1) / y; }  // digamma(y + 1) == digamma(y) + 1 / y
  float u = y - 1.5;
  precise float d = (y - 1.4616321) - 1.243815e-08;  // precise: compilers fold the two constants otherwise
  return d * fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, 0.011232875, -0.016387783), 0.016909167), -0.025778942), 0.04089488), -0.06205746), 0.0949807), -0.14839876), 0.24054267), -0.4236275), 0.9510559) + acc;
}
float vt_sp_digamma(float x) {
  if (vt_isnan(x)) return x;
  if (x == float(0)) return vt_signbit(x) ? vt_inf() : -vt_inf();  // as SciPy
  if (vt_isinf(x)) return x > float(0) ? x : vt_nan();
  if (x > float(0)) return vt_sp_digamma_pos(x);
  if (x == floor(x)) return vt_nan();
  // digamma(x) = digamma(1 - x) - pi / tan(pi x), and digamma(1 - x) == digamma(-x) - 1 / x below -1
  float s, c;
  vt_sp_sincospi(x, s, c);
  float reflection = 3.14159265358979323846 * c / s;
  bool far = x <= float(-1);
  float core = vt_sp_digamma_pos(far ? -x : float(1) - x);
  return (far ? core - float(1) / x : core) - reflection;
}
#endif
#endif  // VT_SPECIAL_GAMMA_GLSL
