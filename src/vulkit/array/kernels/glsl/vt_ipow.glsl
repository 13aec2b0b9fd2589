// vt_ipow: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_IPOW_GLSL
#define VT_IPOW_GLSL
#if defined(VT_KIND_i)
T vt_ipow(T a, T b) {
  if (b < T(0)) return a == T(1) ? T(1) : (a == T(-1) ? ((b & T(1)) != T(0) ? T(-1) : T(1)) : T(0));
  T r = T(1);
  while (b > T(0)) { if ((b & T(1)) != T(0)) r *= a; a *= a; b >>= 1; }
  return r;
}
#elif defined(VT_KIND_u)
T vt_ipow(T a, T b) {
  T r = T(1);
  while (b > T(0)) { if ((b & T(1)) != T(0)) r *= a; a *= a; b >>= 1; }
  return r;
}
#endif
#endif  // VT_IPOW_GLSL
