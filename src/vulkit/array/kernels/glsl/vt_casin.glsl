// vt_casin: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// asinh, asin, acos, acosh of complex numbers: the algorithm of Hull, Fairgrieve and Tang (ACM TOMS 23(3), 1997)
// as FreeBSD's msun arranges it, C99's branch cuts and special values. With A = (|z + i| + |z - i|) / 2 and
// B = y / A (x, y >= 0): asinh z = log(A + sqrt(A^2 - 1)) + i asin B, each part rewritten where it would cancel.
#ifndef VT_CASIN_GLSL
#define VT_CASIN_GLSL
#include "vt_clog.glsl"
#include "vt_sqrt.glsl"
#include "vt_copysign.glsl"
#if defined(VT_R)
VT_R vt_chalf_gap(VT_R a, VT_R b, VT_R h) {  // (h - b) / 2 for h = hypot(a, b), a >= 0, without cancellation
  if (b < VT_R(0)) return (h - b) * VT_R(0.5);
  if (b == VT_R(0)) return a * VT_R(0.5);
  return a * a / (h + b) * VT_R(0.5);
}
// For x, y in [0, 1 / EPS]: rx = Re asinh(x + iy); the imaginary part is asin(b) where usable, else
// atan2(new_y, root) (root = sqrt(A^2 - y^2) and new_y = y, both scaled alike where root would underflow).
void vt_casinh_parts(VT_R x, VT_R y, out VT_R rx, out bool usable, out VT_R b, out VT_R root, out VT_R new_y) {
  VT_R r = vt_hypot(x, y + VT_R(1));  // |z + i|
  VT_R s = vt_hypot(x, y - VT_R(1));  // |z - i|
  VT_R a = max((r + s) * VT_R(0.5), VT_R(1));  // >= 1, also after rounding
  if (a < VT_R(10)) {  // log1p(A - 1 + sqrt((A - 1)(A + 1))) with A - 1 formed without cancellation
    if (y == VT_R(1) && x < VT_C_EPS * VT_C_EPS / VT_R(128)) {
      rx = vt_sqrt(x);
    } else if (x >= VT_C_EPS * abs(y - VT_R(1))) {
      VT_R am1 = vt_chalf_gap(x, VT_R(1) + y, r) + vt_chalf_gap(x, VT_R(1) - y, s);
      rx = vt_log1p(am1 + vt_sqrt(am1 * (a + VT_R(1))));
    } else if (y < VT_R(1)) {
      rx = x / vt_sqrt((VT_R(1) - y) * (VT_R(1) + y));
    } else {
      rx = vt_log1p((y - VT_R(1)) + vt_sqrt((y - VT_R(1)) * (y + VT_R(1))));
    }
  } else {
    rx = vt_log(a + vt_sqrt(a * a - VT_R(1)));
  }
  new_y = y;
  b = VT_R(0);
  usable = false;
  if (y < VT_C_FOUR_SQRT_MIN) {  // y / A could underflow: atan2 of both scaled up instead
    root = a * (VT_R(2) / VT_C_EPS);
    new_y = y * (VT_R(2) / VT_C_EPS);
    return;
  }
  b = y / a;
  usable = b <= VT_R(0.6417);
  if (usable) return;
  // asin(B) near pi/2 loses bits: atan2(y, sqrt((A + y)(A - y))), A - y formed without cancellation
  if (y == VT_R(1) && x < VT_C_EPS / VT_R(128)) {
    root = vt_sqrt(x) * vt_sqrt((a + y) * VT_R(0.5));
  } else if (x >= VT_C_EPS * abs(y - VT_R(1))) {
    VT_R amy = vt_chalf_gap(x, y + VT_R(1), r) + vt_chalf_gap(x, y - VT_R(1), s);
    root = vt_sqrt(amy * (a + y));
  } else if (y > VT_R(1)) {
    VT_R up = VT_R(4) / (VT_C_EPS * VT_C_EPS);
    root = x * up * y / vt_sqrt((y + VT_R(1)) * (y - VT_R(1)));
    new_y = y * up;
  } else {
    root = vt_sqrt((VT_R(1) - y) * (VT_R(1) + y));
  }
}
VT_Z vt_casinh(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  VT_R ax = abs(x);
  VT_R ay = abs(y);
  if (vt_isnan(x) || vt_isnan(y)) {
    if (vt_isinf(x)) return VT_Z(x, y + y);
    if (vt_isinf(y)) return VT_Z(abs(y), x + x);  // the real part's sign is unspecified: +, as glibc
    if (y == VT_R(0)) return VT_Z(x + x, y);
    return vt_cnan();
  }
  if (ax > VT_C_RECIP_EPS || ay > VT_C_RECIP_EPS) {  // log(2z) for z away from the left half-plane
    VT_Z w = vt_clog(vt_signbit(x) ? -z : z);
    return VT_Z(vt_copysign(w.x + VT_C_LN2, x), vt_copysign(w.y, y));
  }
  if ((x == VT_R(0) && y == VT_R(0)) || (ax < VT_C_SQRT_6_EPS * VT_R(0.25) && ay < VT_C_SQRT_6_EPS * VT_R(0.25))) {
    return z;
  }
  VT_R rx, b, root, new_y;
  bool usable;
  vt_casinh_parts(ax, ay, rx, usable, b, root, new_y);
  VT_R ry = usable ? vt_asin(b) : vt_atan2(new_y, root);
  return VT_Z(vt_copysign(rx, x), vt_copysign(ry, y));
}
VT_Z vt_casin(VT_Z z) { VT_Z w = vt_casinh(z.yx); return w.yx; }
VT_Z vt_cacos(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  bool sx = vt_signbit(x);
  bool sy = vt_signbit(y);
  VT_R ax = abs(x);
  VT_R ay = abs(y);
  if (vt_isnan(x) || vt_isnan(y)) {
    if (vt_isinf(x)) return VT_Z(y + y, -vt_inf());
    if (vt_isinf(y)) return VT_Z(x + x, -y);
    if (x == VT_R(0)) return VT_Z(VT_C_PIO2, y + y);
    return vt_cnan();
  }
  if (ax > VT_C_RECIP_EPS || ay > VT_C_RECIP_EPS) {
    VT_Z w = vt_clog(z);
    VT_R ry = w.x + VT_C_LN2;
    return VT_Z(abs(w.y), sy ? ry : -ry);
  }
  if (x == VT_R(1) && y == VT_R(0)) return VT_Z(VT_R(0), -y);
  if (ax < VT_C_SQRT_6_EPS * VT_R(0.25) && ay < VT_C_SQRT_6_EPS * VT_R(0.25)) return VT_Z(VT_C_PIO2 - x, -y);
  VT_R ry, b, root, new_x;
  bool usable;
  vt_casinh_parts(ay, ax, ry, usable, b, root, new_x);
  VT_R rx;
  if (usable) rx = vt_acos(sx ? -b : b);
  else rx = vt_atan2(root, sx ? -new_x : new_x);
  return VT_Z(rx, sy ? ry : -ry);
}
VT_Z vt_cacosh(VT_Z z) {  // +-i acos(z), the sign making the real part >= 0
  VT_Z w = vt_cacos(z);
  bool nx = vt_isnan(w.x);
  bool ny = vt_isnan(w.y);
  if (nx && ny) return w.yx;
  if (nx) return VT_Z(abs(w.y), w.x);
  if (ny) return VT_Z(w.y, w.x);  // acosh(+-0 + i NaN) = NaN + i pi/2
  return VT_Z(abs(w.y), vt_copysign(w.x, z.y));
}
#endif
#endif  // VT_CASIN_GLSL
