// vt_philox: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_PHILOX_GLSL
#define VT_PHILOX_GLSL
uvec4 vt_philox3(uint k0, uint k1, uint c0, uint c1, uint c2) {  // counter (c0, c1, c2, 0)
  uvec4 c = uvec4(c0, c1, c2, 0u);
  uvec2 k = uvec2(k0, k1);
  for (int r = 0; r < 10; ++r) {
    uint hi0, lo0, hi1, lo1;
    umulExtended(0xD2511F53u, c.x, hi0, lo0);
    umulExtended(0xCD9E8D57u, c.z, hi1, lo1);
    c = uvec4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
    k += uvec2(0x9E3779B9u, 0xBB67AE85u);
  }
  return c;
}
uvec4 vt_philox(uint k0, uint k1, uint c0, uint c1) { return vt_philox3(k0, k1, c0, c1, 0u); }
uint vt_bounded(uint x, uint n) { uint hi, lo; umulExtended(x, n, hi, lo); return hi; }
#endif  // VT_PHILOX_GLSL
