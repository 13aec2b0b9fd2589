// vt_cpow: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// Complex powers as NumPy computes them: 1 for a zero exponent, 0 or NaN for a zero base, repeated products for
// real integer exponents below 100 in magnitude (the reciprocal for negative ones), exp(b log a) otherwise.
#ifndef VT_CPOW_GLSL
#define VT_CPOW_GLSL
#include "vt_cdiv.glsl"
#include "vt_cexp.glsl"
#include "vt_clog.glsl"
#if defined(VT_R)
VT_Z vt_cpow(VT_Z a, VT_Z b) {
  if (b.x == VT_R(0) && b.y == VT_R(0)) return VT_Z(1, 0);
  if (a.x == VT_R(0) && a.y == VT_R(0)) return (b.x > VT_R(0) && b.y == VT_R(0)) ? VT_Z(0) : vt_cnan();
  if (b.y == VT_R(0) && b.x == trunc(b.x) && abs(b.x) < VT_R(100)) {
    int n = int(b.x);
    if (n == 1) return a;
    if (n == 2) return vt_cmul(a, a);
    if (n == 3) return vt_cmul(vt_cmul(a, a), a);
    int m = abs(n);
    VT_Z power = a;
    VT_Z r = VT_Z(1, 0);
    while (true) {
      if ((m & 1) != 0) r = vt_cmul(r, power);
      m >>= 1;
      if (m == 0) break;
      power = vt_cmul(power, power);
    }
    return n < 0 ? vt_cdiv(VT_Z(1, 0), r) : r;
  }
  return vt_cexp(vt_cmul(b, vt_clog(a)));
}
#endif
#endif  // VT_CPOW_GLSL
