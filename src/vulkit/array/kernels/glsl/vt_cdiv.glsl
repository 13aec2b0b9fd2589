// vt_cdiv: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// Complex division (Smith's algorithm, as NumPy divides: no overflow where the quotient is finite), the
// reciprocal and the sign z / |z|, each real quotient correctly rounded (vt_div).
#ifndef VT_CDIV_GLSL
#define VT_CDIV_GLSL
#include "vt_complex.glsl"
#include "vt_div.glsl"
#if defined(VT_R)
VT_Z vt_cdiv(VT_Z a, VT_Z b) {
  VT_R ar = abs(b.x);
  VT_R ai = abs(b.y);
  if (ar >= ai) {
    if (ar == VT_R(0)) return VT_Z(vt_div(a.x, ar), vt_div(a.y, ar));  // b is 0: infinities and NaNs as a / 0
    VT_R ratio = vt_div(b.y, b.x);
    precise VT_R d = b.x + b.y * ratio;
    precise VT_R re = a.x + a.y * ratio;
    precise VT_R im = a.y - a.x * ratio;
    return VT_Z(vt_div(re, d), vt_div(im, d));
  }
  VT_R ratio = vt_div(b.x, b.y);  // also where a part of b is NaN
  precise VT_R d = b.y + b.x * ratio;
  precise VT_R re = a.x * ratio + a.y;
  precise VT_R im = a.y * ratio - a.x;
  return VT_Z(vt_div(re, d), vt_div(im, d));
}
VT_Z vt_creciprocal(VT_Z z) {
  VT_R ar = abs(z.x);
  VT_R ai = abs(z.y);
  if (ai <= ar) {  // NaN parts go to the other arm, which gives NaN
    VT_R ratio = vt_div(z.y, z.x);
    precise VT_R d = z.x + z.y * ratio;
    return VT_Z(vt_div(VT_R(1), d), -vt_div(ratio, d));
  }
  VT_R ratio = vt_div(z.x, z.y);
  precise VT_R d = z.x * ratio + z.y;
  return VT_Z(vt_div(ratio, d), -vt_div(VT_R(1), d));
}
VT_Z vt_csign(VT_Z z) {  // z / |z|; 0 for 0; NaN for a NaN part; the direction of an infinite part, as NumPy
  if (vt_cisnan(z)) return vt_cnan();
  if (z.x == VT_R(0) && z.y == VT_R(0)) return VT_Z(0);
  bool ix = vt_isinf(z.x);
  bool iy = vt_isinf(z.y);
  if (ix || iy) {
    if (ix && iy) return vt_cnan();
    return VT_Z(ix ? sign(z.x) : VT_R(0), iy ? sign(z.y) : VT_R(0));
  }
  VT_R m = max(abs(z.x), abs(z.y));
  // scaled by a power of two (exactly) where |z| would lose bits as a subnormal, or overflow
  if (m < VT_R(4) * VT_C_MIN) z *= VT_R(4) * VT_C_RECIP_EPS;
  else if (m > VT_R(0.25) * VT_C_MAX) z *= VT_R(0.25);
  VT_R r = vt_cabs(z);
  return VT_Z(vt_div(z.x, r), vt_div(z.y, r));
}
#endif
#endif  // VT_CDIV_GLSL
