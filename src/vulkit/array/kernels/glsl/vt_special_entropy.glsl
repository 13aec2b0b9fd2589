// vt_special_entropy: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// xlogy, xlog1py, entr and rel_entr with SciPy's special cases (0 where x == 0 unless y is NaN; -inf and inf outside
// the domain). rel_entr takes log1p((x - y) / y) where x / y is near 1 (x - y is exact there), and
// log(x) - log(y) where x / y would overflow or lose digits to underflow.
#ifndef VT_SPECIAL_ENTROPY_GLSL
#define VT_SPECIAL_ENTROPY_GLSL
#include "vt_special.glsl"
#include "vt_log.glsl"
#include "vt_log1p.glsl"
#if defined(VT_COMPUTE_double)
double vt_sp_xlogy(double x, double y) {
  if (x == double(0) && !vt_isnan(y)) return double(0);
  return x * vt_log(y);
}
double vt_sp_xlog1py(double x, double y) {
  if (x == double(0) && !vt_isnan(y)) return double(0);
  return x * vt_log1p(y);
}
double vt_sp_entr(double x) {
  if (vt_isnan(x)) return x;
  if (x > double(0)) return -(x * vt_log(x));
  return x == double(0) ? double(0) : -vt_inf();
}
double vt_sp_rel_entr(double x, double y) {
  if (vt_isnan(x) || vt_isnan(y)) return vt_nan();
  if (x > double(0) && y > double(0)) {
    double q = x / y;
    if (q >= 0.5lf && q <= double(2)) return x * vt_log1p((x - y) / y);  // x - y exact: log(q) would round q near 1
    if (q >= 2.2250738585072014e-308lf && !vt_isinf(q)) return x * vt_log(q);
    return x * (vt_log(x) - vt_log(y));
  }
  return x == double(0) && y >= double(0) ? double(0) : vt_inf();
}
#elif defined(VT_COMPUTE_float)
float vt_sp_xlogy(float x, float y) {
  if (x == float(0) && !vt_isnan(y)) return float(0);
  return x * vt_log(y);
}
float vt_sp_xlog1py(float x, float y) {
  if (x == float(0) && !vt_isnan(y)) return float(0);
  return x * vt_log1p(y);
}
float vt_sp_entr(float x) {
  if (vt_isnan(x)) return x;
  if (x > float(0)) return -(x * vt_log(x));
  return x == float(0) ? float(0) : -vt_inf();
}
float vt_sp_rel_entr(float x, float y) {
  if (vt_isnan(x) || vt_isnan(y)) return vt_nan();
  if (x > float(0) && y > float(0)) {
    float q = x / y;
    if (q >= 0.5 && q <= float(2)) return x * vt_log1p((x - y) / y);  // x - y exact: log(q) would round q near 1
    if (q >= 1.1754943508222875e-38 && !vt_isinf(q)) return x * vt_log(q);
    return x * (vt_log(x) - vt_log(y));
  }
  return x == float(0) && y >= float(0) ? float(0) : vt_inf();
}
#endif
#endif  // VT_SPECIAL_ENTROPY_GLSL
