// vt_catan: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// atanh and atan of complex numbers (FreeBSD's msun arrangement, C99's branch cuts and special values):
// atanh z = log1p(4x / |z - 1|^2) / 4 + i atan2(2y, (1 - x)(1 + x) - y^2) / 2; atan z = reverse(atanh(reverse z)).
#ifndef VT_CATAN_GLSL
#define VT_CATAN_GLSL
#include "vt_complex.glsl"
#include "vt_exp.glsl"
#include "vt_hyper.glsl"
#include "vt_atan.glsl"
#include "vt_atan2.glsl"
#include "vt_copysign.glsl"
#if defined(VT_R)
VT_R vt_creal_recip(VT_R x, VT_R y) {  // Re(1 / (x + iy)) = x / (x^2 + y^2) for |x| or |y| above 1 / EPS, no NaN
  if (vt_isinf(x)) return VT_R(1) / x;
  if (vt_isinf(y)) return vt_copysign(VT_R(0), x);
  int e;
  frexp(max(abs(x), abs(y)), e);  // scaled by 2^-e (two exact steps): the larger part in [0.5, 1)
  VT_R first = vt_exp2i(-(e / 2));
  VT_R second = vt_exp2i(e / 2 - e);
  precise VT_R xs = x * first * second;
  precise VT_R ys = y * first * second;
  return vt_scale(xs / (xs * xs + ys * ys), -e);
}
VT_Z vt_catanh(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  VT_R ax = abs(x);
  VT_R ay = abs(y);
  if (y == VT_R(0) && ax <= VT_R(1)) return VT_Z(vt_atanh(x), y);
  if (x == VT_R(0)) return VT_Z(x, vt_atan(y));
  if (vt_isnan(x) || vt_isnan(y)) {
    if (vt_isinf(x)) return VT_Z(vt_copysign(VT_R(0), x), y + y);
    if (vt_isinf(y)) return VT_Z(vt_copysign(VT_R(0), x), vt_copysign(VT_C_PIO2, y));
    return vt_cnan();
  }
  if (ax > VT_C_RECIP_EPS || ay > VT_C_RECIP_EPS) return VT_Z(vt_creal_recip(x, y), vt_copysign(VT_C_PIO2, y));
  if (ax < VT_C_SQRT_3_EPS * VT_R(0.5) && ay < VT_C_SQRT_3_EPS * VT_R(0.5)) return z;
  VT_R rx;
  if (ax == VT_R(1) && ay < VT_C_EPS) {
    rx = (VT_C_LN2 - vt_log(ay)) * VT_R(0.5);
  } else {
    VT_R xm1 = ax - VT_R(1);
    VT_R squares = ay < VT_C_SQRT_MIN ? xm1 * xm1 : xm1 * xm1 + ay * ay;  // |z - 1|^2, y^2 only where it counts
    rx = vt_log1p(VT_R(4) * ax / squares) * VT_R(0.25);
  }
  VT_R ry;
  if (ax == VT_R(1)) ry = vt_atan2(VT_R(2), -ay) * VT_R(0.5);
  else if (ay < VT_C_EPS) ry = vt_atan2(VT_R(2) * ay, (VT_R(1) - ax) * (VT_R(1) + ax)) * VT_R(0.5);
  else ry = vt_atan2(VT_R(2) * ay, (VT_R(1) - ax) * (VT_R(1) + ax) - ay * ay) * VT_R(0.5);
  return VT_Z(vt_copysign(rx, x), vt_copysign(ry, y));
}
VT_Z vt_catan(VT_Z z) { VT_Z w = vt_catanh(z.yx); return w.yx; }
#endif
#endif  // VT_CATAN_GLSL
