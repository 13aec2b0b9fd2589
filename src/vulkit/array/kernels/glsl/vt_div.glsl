// vt_div: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_DIV_GLSL
#define VT_DIV_GLSL
#include "vt_special.glsl"
#include "vt_normalized.glsl"
#include "vt_two_prod.glsl"
#include "vt_nextafter.glsl"
#if defined(VT_COMPUTE_double)
double vt_div_round(double a, double b, double s, double c) {  // a / b rounded, from s + c within an ulp of it, c the correction of s
  // c is within DIV_TOL / 8 of a / b - s, so a / b lies in [s + c - tol, s + c + tol]: where both ends round
  // alike, so does it (nearly always); else the side of the midpoint decides (no overflow or underflow near)
  precise double tol = max(abs(c) * 7.105427357601002e-15lf, 2.2250738585072014e-308lf);
  precise double lo = s + (c - tol);
  precise double hi = s + (c + tol);
  if (lo == hi) return lo;
  precise double q = s + c;
  precise double p = q * b;
  precise double ahead = a - p;  // exact (Sterbenz)
  precise double e = vt_two_prod_err(q, b, p);  // a - q * b == ahead - e exactly
  precise double r = ahead - e;
  if (r == double(0)) return q;
  double n = vt_nextafter(q, (r > double(0)) == (b > double(0)) ? vt_inf() : -vt_inf());  // the neighbour on a / b's side
  precise double h = (n - q) * double(0.5) * b;  // exact: half the step to n, times b
  precise double d = (ahead - h) - e;  // a - (q + n) / 2 * b, whose sign rounding keeps
  return (d > double(0)) == (h > double(0)) ? n : q;
}
double vt_div_wide(double a, double b) {
  // NOTE: infinity over a finite b is infinity; NVIDIA's inf * (1 / b) is NaN where 1 / b flushes to 0
  if (vt_isinf(a) && !vt_isinf(b) && !vt_isnan(b)) return vt_signbit(a) != vt_signbit(b) ? -vt_inf() : vt_inf();
  double q = a / b;
  // NOTE: not q == 0: NVIDIA divides through 1 / b, 0 once b passes 2^126.
  if (a == double(0) || b == double(0) || vt_isinf(a) || vt_isinf(b) || vt_isnan(q)) return q;
  int sa, sb, ea, eb;
  double ma = frexp(vt_normalized(a, sa), ea);
  double mb = frexp(vt_normalized(b, sb), eb);
  int e = ea + sa - eb - sb;
  if (e < int(-1020.0lf) || e > int(1024.0lf)) return q;
  precise double s = ma / mb;  // in (1/2, 2)
  double t = vt_div_round(ma, mb, s, vt_residual(ma, mb, s) / mb);
  t = ldexp(t, e - 1) * double(2);  // overflows to inf past the largest value, as IEEE division does
  return vt_signbit(a) != vt_signbit(b) ? -t : t;
}
double vt_div(double a, double b) {
  double fa = abs(a);
  double fb = abs(b);
  // NOTE: false for NaN, infinities and 0 as well
  if (fa >= 3.4395525670743494e-136lf && fa <= 2.9073548971824276e135lf && fb >= 3.4395525670743494e-136lf && fb <= 2.9073548971824276e135lf) {
    precise double y = double(1) / b;
    precise double s = a * y;
    return vt_div_round(a, b, s, vt_residual(a, b, s) * y);
  }
  return vt_div_wide(a, b);
}
#elif defined(VT_COMPUTE_float)
float vt_div_round(float a, float b, float s, float c) {  // a / b rounded, from s + c within an ulp of it, c the correction of s
  // c is within DIV_TOL / 8 of a / b - s, so a / b lies in [s + c - tol, s + c + tol]: where both ends round
  // alike, so does it (nearly always); else the side of the midpoint decides (no overflow or underflow near)
  precise float tol = max(abs(c) * 3.814697265625e-06, 1.1754943508222875e-38);
  precise float lo = s + (c - tol);
  precise float hi = s + (c + tol);
  if (lo == hi) return lo;
  precise float q = s + c;
  precise float p = q * b;
  precise float ahead = a - p;  // exact (Sterbenz)
  precise float e = vt_two_prod_err(q, b, p);  // a - q * b == ahead - e exactly
  precise float r = ahead - e;
  if (r == float(0)) return q;
  float n = vt_nextafter(q, (r > float(0)) == (b > float(0)) ? vt_inf() : -vt_inf());  // the neighbour on a / b's side
  precise float h = (n - q) * float(0.5) * b;  // exact: half the step to n, times b
  precise float d = (ahead - h) - e;  // a - (q + n) / 2 * b, whose sign rounding keeps
  return (d > float(0)) == (h > float(0)) ? n : q;
}
float vt_div_wide(float a, float b) {
  // NOTE: infinity over a finite b is infinity; NVIDIA's inf * (1 / b) is NaN where 1 / b flushes to 0
  if (vt_isinf(a) && !vt_isinf(b) && !vt_isnan(b)) return vt_signbit(a) != vt_signbit(b) ? -vt_inf() : vt_inf();
  float q = a / b;
  // NOTE: not q == 0: NVIDIA divides through 1 / b, 0 once b passes 2^126.
  if (a == float(0) || b == float(0) || vt_isinf(a) || vt_isinf(b) || vt_isnan(q)) return q;
  int sa, sb, ea, eb;
  float ma = frexp(vt_normalized(a, sa), ea);
  float mb = frexp(vt_normalized(b, sb), eb);
  int e = ea + sa - eb - sb;
  if (e < int(-124.0) || e > int(128.0)) return q;
  precise float s = ma / mb;  // in (1/2, 2)
  float t = vt_div_round(ma, mb, s, vt_residual(ma, mb, s) / mb);
  t = ldexp(t, e - 1) * float(2);  // overflows to inf past the largest value, as IEEE division does
  return vt_signbit(a) != vt_signbit(b) ? -t : t;
}
float vt_div(float a, float b) {
  float fa = abs(a);
  float fb = abs(b);
  // NOTE: false for NaN, infinities and 0 as well
  if (fa >= 8.881784197001252e-16 && fa <= 1125899906842624.0 && fb >= 8.881784197001252e-16 && fb <= 1125899906842624.0) {
    precise float y = float(1) / b;
    precise float s = a * y;
    return vt_div_round(a, b, s, vt_residual(a, b, s) * y);
  }
  return vt_div_wide(a, b);
}
#endif
#endif  // VT_DIV_GLSL
