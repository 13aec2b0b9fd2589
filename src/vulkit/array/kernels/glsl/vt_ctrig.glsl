// vt_ctrig: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// sinh, cosh, tanh of complex numbers (C99's special values; Kahan's tanh), and sin, cos, tan from them:
// sin z = reverse(sinh(reverse z)), tan alike, cos z = cosh(iz), where reverse(x + iy) = y + ix keeps zeros' signs.
#ifndef VT_CTRIG_GLSL
#define VT_CTRIG_GLSL
#include "vt_cexp.glsl"
#include "vt_hyper.glsl"
#include "vt_copysign.glsl"
#if defined(VT_R)
bool vt_cfinite(VT_R x) { return !(vt_isinf(x) || vt_isnan(x)); }
VT_Z vt_csinh(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  VT_R s, c;
  if (vt_cfinite(x) && vt_cfinite(y)) {
    if (y == VT_R(0)) return VT_Z(vt_sinh(x), y);
    vt_csincos(y, s, c);
    VT_R ax = abs(x);
    if (ax < VT_C_HYPER_BIG) return VT_Z(vt_sinh(x) * c, vt_cosh(x) * s);
    // cosh(x) and |sinh(x)| round to exp(|x|) / 2
    VT_Z w = vt_cexp_cis(ax, c, s, -1);
    return VT_Z(x < VT_R(0) ? -w.x : w.x, w.y);
  }
  if (x == VT_R(0)) return VT_Z(x, vt_nan());  // y infinite or NaN
  if (y == VT_R(0)) return VT_Z(x, y);  // +-inf or NaN, + i y
  if (vt_cfinite(x)) return vt_cnan();
  if (vt_isinf(x)) {
    if (!vt_cfinite(y)) return VT_Z(vt_inf(), vt_nan());  // the real part's sign is unspecified: +, as glibc
    vt_csincos(y, s, c);
    return VT_Z(x * c, vt_inf() * s);
  }
  return vt_cnan();
}
VT_Z vt_ccosh(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  VT_R s, c;
  if (vt_cfinite(x) && vt_cfinite(y)) {
    if (y == VT_R(0)) return VT_Z(vt_cosh(x), x * y);
    vt_csincos(y, s, c);
    VT_R ax = abs(x);
    if (ax < VT_C_HYPER_BIG) return VT_Z(vt_cosh(x) * c, vt_sinh(x) * s);
    VT_Z w = vt_cexp_cis(ax, c, s, -1);
    return VT_Z(w.x, x < VT_R(0) ? -w.y : w.y);
  }
  if (x == VT_R(0)) return VT_Z(vt_nan(), VT_R(0));  // NaN + 0i (the zero's sign is unspecified: +, as glibc)
  if (y == VT_R(0)) return VT_Z(x * x, vt_czero(vt_signbit(y) != (vt_signbit(x) && !vt_isnan(x))));  // inf, NaN
  if (vt_cfinite(x)) return vt_cnan();
  if (vt_isinf(x)) {
    if (!vt_cfinite(y)) return VT_Z(vt_inf(), vt_nan());
    vt_csincos(y, s, c);
    return VT_Z((x * x) * c, x * s);
  }
  return vt_cnan();
}
VT_Z vt_ctanh(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  VT_R s, c;
  if (vt_isnan(x)) return VT_Z(x, y == VT_R(0) ? y : x);
  if (vt_isinf(x)) {  // +-1 +- 0i, the zero's sign that of sin(2y)
    vt_csincos(y, s, c);
    return VT_Z(vt_copysign(VT_R(1), x), vt_copysign(VT_R(0), vt_isinf(y) ? y : s * c));
  }
  if (!vt_cfinite(y)) return x == VT_R(0) ? VT_Z(x, vt_nan()) : vt_cnan();
  if (y == VT_R(0)) return VT_Z(vt_tanh(x), y);
  if (abs(x) >= VT_C_HYPER_BIG) {  // +-1 + 4 i sin(y) cos(y) exp(-2|x|)
    VT_R e = vt_exp(-abs(x));
    vt_csincos(y, s, c);
    return VT_Z(vt_copysign(VT_R(1), x), VT_R(4) * s * c * e * e);
  }
  // Kahan: with t = tan y, b = 1 + t^2 (1 / cos^2 y), s = sinh x, r = cosh x: (b r s + i t) / (1 + b s^2)
  VT_R t = vt_tan(y);
  VT_R beta = VT_R(1) + t * t;
  VT_R sh = vt_sinh(x);
  VT_R rho = sqrt(VT_R(1) + sh * sh);
  VT_R d = VT_R(1) + beta * sh * sh;
  return VT_Z(beta * rho * sh / d, t / d);
}
VT_Z vt_csin(VT_Z z) { VT_Z w = vt_csinh(z.yx); return w.yx; }
VT_Z vt_ccos(VT_Z z) { return vt_ccosh(VT_Z(-z.y, z.x)); }
VT_Z vt_ctan(VT_Z z) { VT_Z w = vt_ctanh(z.yx); return w.yx; }
#endif
#endif  // VT_CTRIG_GLSL
