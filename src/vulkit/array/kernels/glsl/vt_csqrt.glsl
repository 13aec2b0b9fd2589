// vt_csqrt: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// The principal square root (C99's csqrt: the branch cut along the negative reals, continuous from the side
// of the imaginary part's sign; Algorithm 312 of CACM with scaling against overflow and subnormals).
#ifndef VT_CSQRT_GLSL
#define VT_CSQRT_GLSL
#include "vt_complex.glsl"
#include "vt_copysign.glsl"
#include "vt_sqrt.glsl"
#if defined(VT_R)
VT_Z vt_csqrt(VT_Z z) {
  VT_R a = z.x;
  VT_R b = z.y;
  if (a == VT_R(0) && b == VT_R(0)) return VT_Z(VT_R(0), b);
  if (vt_isinf(b)) return VT_Z(vt_inf(), b);  // whatever a is, NaN included
  if (vt_isnan(a)) return vt_cnan();
  if (vt_isinf(a)) {  // b finite or NaN
    if (a < VT_R(0)) return VT_Z(vt_isnan(b) ? b : VT_R(0), vt_copysign(vt_inf(), b));
    return VT_Z(a, vt_isnan(b) ? b : vt_czero(vt_signbit(b)));
  }
  if (vt_isnan(b)) return vt_cnan();
  VT_R scale = VT_R(1);
  VT_R m = max(abs(a), abs(b));
  if (m > VT_R(0.25) * VT_C_MAX) {  // a + |z| would overflow: sqrt(z) = 2 sqrt(z / 4)
    a *= VT_R(0.25);
    b *= VT_R(0.25);
    scale = VT_R(2);
  } else if (m < VT_C_MIN) {  // subnormal parts lose bits in |z|: scaled up exactly by 1 / EPS^2
    a *= VT_C_RECIP_EPS * VT_C_RECIP_EPS;
    b *= VT_C_RECIP_EPS * VT_C_RECIP_EPS;
    scale = VT_C_EPS;
  }
  if (a >= VT_R(0)) {
    VT_R t = vt_sqrt((a + vt_hypot(a, b)) * VT_R(0.5));
    return VT_Z(scale * t, scale * b / (VT_R(2) * t));
  }
  VT_R t = vt_sqrt((vt_hypot(a, b) - a) * VT_R(0.5));
  return VT_Z(scale * abs(b) / (VT_R(2) * t), vt_copysign(scale * t, b));
}
#endif
#endif  // VT_CSQRT_GLSL
