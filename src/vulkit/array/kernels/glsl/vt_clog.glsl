// vt_clog: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// log and log1p of complex numbers: log|z| + i arg z, with |z|^2 - 1 formed exactly where |z| is near 1 (log1p of
// it), scaling where |z| would overflow or lose bits as a subnormal; the branch cut along the negative reals.
#ifndef VT_CLOG_GLSL
#define VT_CLOG_GLSL
#include "vt_complex.glsl"
#include "vt_log1p.glsl"
#include "vt_atan2.glsl"
#include "vt_two_prod.glsl"
#if defined(VT_R)
VT_R vt_ctwo_sum(VT_R a, VT_R b, out VT_R err) {  // a + b rounded, and its rounding error (Knuth's two-sum)
  precise VT_R s = a + b;
  precise VT_R bb = s - a;
  precise VT_R e = (a - (s - bb)) + (b - bb);
  err = e;
  return s;
}
VT_R vt_clog_abs(VT_R x, VT_R y) {  // log |x + iy|
  if (vt_isinf(x) || vt_isinf(y)) return vt_inf();
  if (vt_isnan(x) || vt_isnan(y)) return vt_nan();
  VT_R ax = max(abs(x), abs(y));
  VT_R ay = min(abs(x), abs(y));
  if (ay == VT_R(0)) return vt_log(ax);
  if (ax >= VT_R(0.71) && ax <= VT_R(1.41)) {  // 0.5 log1p(ax^2 - 1 + ay^2): ax^2 - 1 is exact (Sterbenz)
    precise VT_R p = ax * ax;
    precise VT_R q = ay * ay;
    VT_R err;
    VT_R s = vt_ctwo_sum(p - VT_R(1), q, err);
    precise VT_R t = s + (err + vt_two_prod_err(ax, ax, p) + vt_two_prod_err(ay, ay, q));
    return VT_R(0.5) * vt_log1p(t);
  }
  if (ax > VT_R(0.25) * VT_C_MAX) return vt_log(vt_hypot(x * VT_R(0.25), y * VT_R(0.25))) + VT_R(2) * VT_C_LN2;
  if (ax < VT_C_MIN) {  // subnormal: scaled up exactly by 1 / EPS^2
    VT_R up = VT_C_RECIP_EPS * VT_C_RECIP_EPS;
    return vt_log(vt_hypot(x * up, y * up)) - VT_R(2) * vt_log(VT_C_RECIP_EPS);
  }
  return vt_log(vt_hypot(x, y));
}
VT_Z vt_clog(VT_Z z) { return VT_Z(vt_clog_abs(z.x, z.y), vt_atan2(z.y, z.x)); }
VT_Z vt_clog1p(VT_Z z) {
  VT_R x = z.x;
  VT_R y = z.y;
  if (vt_isinf(x) || vt_isinf(y) || vt_isnan(x) || vt_isnan(y)) return vt_clog(VT_Z(x + VT_R(1), y));
  if (y == VT_R(0) && x >= VT_R(-1)) return VT_Z(x == VT_R(0) ? VT_R(0) : vt_log1p(x), y);  // log(1 +- 0i): +0
  if (max(abs(x), abs(y)) > VT_R(2) || (x >= VT_R(-2) && x <= VT_R(-0.5))) {  // 1 + x is exact or harmless
    VT_R u = VT_R(1) + x;
    return VT_Z(vt_clog_abs(u, y), vt_atan2(y, u));
  }
  // |1 + z|^2 - 1 = 2x + x^2 + y^2, formed with the products' errors: 0.5 log1p of it (>= -0.75 here)
  precise VT_R p = x * x;
  precise VT_R q = y * y;
  VT_R e1, e2;
  VT_R squares = vt_ctwo_sum(p, q, e1);
  VT_R s = vt_ctwo_sum(VT_R(2) * x, squares, e2);
  precise VT_R t = s + (e2 + e1 + vt_two_prod_err(x, x, p) + vt_two_prod_err(y, y, q));
  return VT_Z(VT_R(0.5) * vt_log1p(t), vt_atan2(y, VT_R(1) + x));
}
#endif
#endif  // VT_CLOG_GLSL
