// vt_pow: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_POW_GLSL
#define VT_POW_GLSL
#include "vt_exp.glsl"
#include "vt_log_hilo.glsl"
#include "vt_copysign.glsl"
#include "vt_round.glsl"
#if defined(VT_COMPUTE_double)
double vt_pow(double x, double y) {
  if (y == double(0) || x == double(1)) return double(1);
  if (vt_isnan(x) || vt_isnan(y)) return x + y;
  bool yint = !vt_isinf(y) && vt_trunc(y) == y;
  if (yint && abs(y) <= double(4)) {  // at most two roundings; longer products would pass exp/log's 1.5 ulp
    int n = int(abs(y)); double b = x; double r = double(1);
    while (n > 0) { if ((n & 1) != 0) r *= b; b *= b; n >>= 1; }
    if (y > double(0)) return r;
    if (!vt_isinf(r)) return double(1) / r;  // else the result may be subnormal: exp/log below
  }
  double h = y * double(0.5);
  bool yodd = yint && vt_trunc(h) != h;
  double ax = abs(x);
  if (vt_isinf(y)) { if (ax == double(1)) return double(1); return (ax < double(1)) == (y > double(0)) ? double(0) : vt_inf(); }
  if (x == double(0)) { double r = y < double(0) ? vt_inf() : double(0); return yodd ? vt_copysign(r, x) : r; }
  if (vt_isinf(x)) { double r = y < double(0) ? double(0) : vt_inf(); return (x < double(0) && yodd) ? -r : r; }
  if (x < double(0) && !yint) return vt_nan();
  double log_lo;
  double log_hi = vt_log_hilo(ax, log_lo);
  precise double p = y * log_hi;
  precise double p_lo = (abs(y) < 1.0e290lf ? vt_two_prod_err(y, log_hi, p) : double(0)) + y * log_lo;  // y log(x) = p + p_lo
  double r;
  if (vt_isnan(p) || p > 709.782712893384lf || p < -745.1332191019412lf) r = vt_exp(p);
  else {  // exp(p + p_lo) == exp(p) * (1 + p_lo), corrected before the scaling rounds a subnormal result
    int ki;
    double m = vt_exp_reduced(p, ki);
    r = vt_scale(fma(m, p_lo, m), ki);
  }
  return (x < double(0) && yodd) ? -r : r;
}
#elif defined(VT_COMPUTE_float)
float vt_pow(float x, float y) {
  if (y == float(0) || x == float(1)) return float(1);
  if (vt_isnan(x) || vt_isnan(y)) return x + y;
  bool yint = !vt_isinf(y) && vt_trunc(y) == y;
  if (yint && abs(y) <= float(4)) {  // at most two roundings; longer products would pass exp/log's 1.5 ulp
    int n = int(abs(y)); float b = x; float r = float(1);
    while (n > 0) { if ((n & 1) != 0) r *= b; b *= b; n >>= 1; }
    if (y > float(0)) return r;
    if (!vt_isinf(r)) return float(1) / r;  // else the result may be subnormal: exp/log below
  }
  float h = y * float(0.5);
  bool yodd = yint && vt_trunc(h) != h;
  float ax = abs(x);
  if (vt_isinf(y)) { if (ax == float(1)) return float(1); return (ax < float(1)) == (y > float(0)) ? float(0) : vt_inf(); }
  if (x == float(0)) { float r = y < float(0) ? vt_inf() : float(0); return yodd ? vt_copysign(r, x) : r; }
  if (vt_isinf(x)) { float r = y < float(0) ? float(0) : vt_inf(); return (x < float(0) && yodd) ? -r : r; }
  if (x < float(0) && !yint) return vt_nan();
  float log_lo;
  float log_hi = vt_log_hilo(ax, log_lo);
  precise float p = y * log_hi;
  precise float p_lo = (abs(y) < 1.0e30 ? vt_two_prod_err(y, log_hi, p) : float(0)) + y * log_lo;  // y log(x) = p + p_lo
  float r;
  if (vt_isnan(p) || p > 88.72283935546875 || p < -103.972084045410) r = vt_exp(p);
  else {  // exp(p + p_lo) == exp(p) * (1 + p_lo), corrected before the scaling rounds a subnormal result
    int ki;
    float m = vt_exp_reduced(p, ki);
    r = vt_scale(fma(m, p_lo, m), ki);
  }
  return (x < float(0) && yodd) ? -r : r;
}
#endif
#endif  // VT_POW_GLSL
