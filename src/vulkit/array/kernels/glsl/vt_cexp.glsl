// vt_cexp: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// exp and expm1 of complex numbers (C99's special values), and what the hyperbolic functions share with
// them: sin and cos of one reduction, exp(x) (cos y + i sin y) without overflow where it is finite.
#ifndef VT_CEXP_GLSL
#define VT_CEXP_GLSL
#include "vt_complex.glsl"
#include "vt_exp.glsl"
#include "vt_expm1.glsl"
#include "vt_trig.glsl"
#if defined(VT_R)
void vt_csincos(VT_R y, out VT_R s, out VT_R c) {  // sin(y) and cos(y) as vt_sin and vt_cos give them
  if (vt_isinf(y) || vt_isnan(y)) { s = vt_nan(); c = s; return; }
  if (y == VT_R(0)) { s = y; c = VT_R(1); return; }
  VT_R r;
  int q = vt_reduce(y, r);
  VT_R ks = vt_ksin(r);
  VT_R kc = vt_kcos(r);
  if (q == 0) { s = ks; c = kc; }
  else if (q == 1) { s = kc; c = -ks; }
  else if (q == 2) { s = -ks; c = -kc; }
  else { s = -kc; c = ks; }
}
VT_R vt_cscale(VT_R v, int k) {  // v * 2^k rounded once, for k up to 3 times the largest exponent (|v| not tiny)
  if (k <= VT_C_EMAX) return vt_scale(v, k);
  int third = k / 3;  // in three exact steps: the magnitude only grows, so it overflows only if the result does
  precise VT_R a = v * vt_exp2i(k - 2 * third);
  precise VT_R b = a * vt_exp2i(third);
  precise VT_R r = b * vt_exp2i(third);
  return r;
}
VT_Z vt_cexp_cis(VT_R x, VT_R c, VT_R s, int extra) {  // exp(x) 2^extra (c + i s), x finite, c and s not 0
  if (x < VT_C_EXP_MIN) return VT_Z(vt_czero(vt_signbit(c)), vt_czero(vt_signbit(s)));
  if (x > VT_C_CEXP_MAX) return VT_Z(vt_inf() * c, vt_inf() * s);
  int k;
  VT_R m = vt_exp_reduced(x, k);
  return VT_Z(vt_cscale(m * c, k + extra), vt_cscale(m * s, k + extra));
}
VT_Z vt_cexp(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  if (y == VT_R(0)) return VT_Z(vt_exp(x), y);
  if (vt_isinf(y) || vt_isnan(y)) {
    if (vt_isinf(x)) return x < VT_R(0) ? VT_Z(VT_R(0), vt_czero(vt_signbit(y))) : VT_Z(x, vt_nan());  // 0 +- 0i; inf + NaN i
    return vt_cnan();
  }
  VT_R s, c;
  vt_csincos(y, s, c);
  if (vt_isinf(x) || vt_isnan(x)) {
    VT_R e = vt_exp(x);  // inf, 0 or NaN
    return VT_Z(e * c, e * s);
  }
  return vt_cexp_cis(x, c, s, 0);
}
VT_Z vt_cexpm1(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  if (y == VT_R(0)) return VT_Z(x == VT_R(0) ? VT_R(0) : vt_expm1(x), y);  // exp(+-0 +- 0i) - 1 = +0 +- 0i
  if (vt_isinf(y) || vt_isnan(y)) {
    if (vt_isinf(x)) return x < VT_R(0) ? VT_Z(VT_R(-1), vt_czero(vt_signbit(y))) : VT_Z(x, vt_nan());
    return vt_cnan();
  }
  if (x > VT_C_EXP_MAX) {  // the 1 is below the last bit
    VT_Z e = vt_cexp(z);
    return VT_Z(e.x - VT_R(1), e.y);
  }
  VT_R s, c;
  vt_csincos(y, s, c);
  if (x == -vt_inf()) return VT_Z(VT_R(-1), vt_czero(vt_signbit(s)));
  // exp(z) - 1 = expm1(x) cos y - (1 - cos y) + i exp(x) sin y, and 1 - cos y = sin^2 y / (1 + cos y) for cos y > 0
  VT_R versine = c > VT_R(0) ? s * s / (VT_R(1) + c) : VT_R(1) - c;
  precise VT_R re = vt_expm1(x) * c - versine;
  return VT_Z(re, vt_exp(x) * s);
}
#endif
#endif  // VT_CEXP_GLSL
