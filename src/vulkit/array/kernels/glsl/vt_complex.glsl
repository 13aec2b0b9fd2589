// vt_complex: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// Complex arithmetic that is a few operations: products, the modulus, the parts' tests.
#ifndef VT_COMPLEX_GLSL
#define VT_COMPLEX_GLSL
#include "vt_cdefs.glsl"
#include "vt_special.glsl"
#include "vt_hypot.glsl"
#include "vt_copysign.glsl"
#if defined(VT_R)
VT_Z vt_cmul(VT_Z a, VT_Z b) {  // the textbook product (no fused multiply-add: each product rounds)
  precise VT_R re = a.x * b.x - a.y * b.y;
  precise VT_R im = a.x * b.y + a.y * b.x;
  return VT_Z(re, im);
}
VT_R vt_cabs(VT_Z z) { return vt_hypot(z.x, z.y); }
bool vt_cisnan(VT_Z z) { return vt_isnan(z.x) || vt_isnan(z.y); }
bool vt_cisinf(VT_Z z) { return vt_isinf(z.x) || vt_isinf(z.y); }
VT_Z vt_cnan() { return VT_Z(vt_nan(), vt_nan()); }
// NOTE: the imaginary part's sign flipped through its bits: NVIDIA's negation kept a NaN's sign (conj(1 + nan j) gave
// +nan, NumPy's imaginary part is -nan)
#if defined(VT_COMPUTE_double)
VT_Z vt_cconj(VT_Z z) { uvec2 u = unpackDouble2x32(z.y); return VT_Z(z.x, packDouble2x32(uvec2(u.x, u.y ^ 0x80000000u))); }
#else
VT_Z vt_cconj(VT_Z z) { return VT_Z(z.x, uintBitsToFloat(floatBitsToUint(z.y) ^ 0x80000000u)); }
#endif
// NOTE: zeros of a chosen sign through the bits: Mesa's lavapipe folded 0 * x to +0 for x < 0
VT_R vt_czero(bool negative) { return vt_copysign(VT_R(0), negative ? VT_R(-1) : VT_R(1)); }
#endif
#endif  // VT_COMPLEX_GLSL
