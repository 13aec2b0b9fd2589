// vt_special_logistic: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// expit (vt_sigmoid), logit and log_expit. logit(p) = log1p(2p - 1) - log1p(1 - 2p) on [1/4, 3/4] (2p - 1 exact, no
// cancellation), log(p) - log1p(-p) below and log(p) - log(1 - p) above (1 - p exact).
#ifndef VT_SPECIAL_LOGISTIC_GLSL
#define VT_SPECIAL_LOGISTIC_GLSL
#include "vt_special.glsl"
#include "vt_sigmoid.glsl"
#include "vt_log.glsl"
#include "vt_log1p.glsl"
#include "vt_exp.glsl"
#if defined(VT_COMPUTE_double)
double vt_sp_logit(double p) {
  if (!(p >= double(0) && p <= double(1))) return vt_nan();  // NaN too
  if (p >= 0.25lf && p <= 0.75lf) { double s = double(2) * p - double(1); return vt_log1p(s) - vt_log1p(-s); }
  if (p < 0.25lf) return vt_log(p) - vt_log1p(-p);
  return vt_log(p) - vt_log(double(1) - p);
}
double vt_sp_log_expit(double x) {
  if (x < double(0)) return x - vt_log1p(vt_exp(x));
  return -vt_log1p(vt_exp(-x));  // NaN too; -0 at +inf, as SciPy
}
#elif defined(VT_COMPUTE_float)
float vt_sp_logit(float p) {
  if (!(p >= float(0) && p <= float(1))) return vt_nan();  // NaN too
  if (p >= 0.25 && p <= 0.75) { float s = float(2) * p - float(1); return vt_log1p(s) - vt_log1p(-s); }
  if (p < 0.25) return vt_log(p) - vt_log1p(-p);
  return vt_log(p) - vt_log(float(1) - p);
}
float vt_sp_log_expit(float x) {
  if (x < float(0)) return x - vt_log1p(vt_exp(x));
  return -vt_log1p(vt_exp(-x));  // NaN too; -0 at +inf, as SciPy
}
#endif
#endif  // VT_SPECIAL_LOGISTIC_GLSL
