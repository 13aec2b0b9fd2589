// vt_rem_pio2: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_REM_PIO2_GLSL
#define VT_REM_PIO2_GLSL
const uint VT_2OPI[38] = uint[38](0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u, 0x3c439041u, 0xfe5163abu, 0xdebbc561u, 0xb7246e3au, 0x424dd2e0u, 0x06492eeau, 0x09d1921cu, 0xfe1deb1cu, 0xb129a73eu, 0xe88235f5u, 0x2ebb4484u, 0xe99c7026u, 0xb45f7e41u, 0x3991d639u, 0x835339f4u, 0x9c845f8bu, 0xbdf9283bu, 0x1ff897ffu, 0xde05980fu, 0xef2f118bu, 0x5a0a6d1fu, 0x6d367ecfu, 0x27cb09b7u, 0x4f463f66u, 0x9e5fea2du, 0x7527bac7u, 0xebe5f17bu, 0x3d0739f7u, 0x8a5292eau, 0x6bfb5fb1u, 0x1f8d5d08u, 0x56033046u, 0xfc7b6babu);
uint vt_bits(uint q[9], int pos) {  // bits [pos, pos + 32) of the 288-bit number q (little-endian limbs)
  int li = pos >> 5;
  uint sh = uint(pos & 31);
  uint lo = li >= 0 && li < 9 ? q[clamp(li, 0, 8)] : 0u;
  uint hi = li >= -1 && li < 8 ? q[clamp(li + 1, 0, 8)] : 0u;
  return sh == 0u ? lo : (lo >> sh) | (hi << (32u - sh));
}
void vt_add64(inout uint q[9], int p, uint hi, uint lo) {  // q += (hi:lo) << 32p
  uint c0, c1, c2;
  q[p] = uaddCarry(q[p], lo, c0);
  q[p + 1] = uaddCarry(q[p + 1], hi, c1);
  q[p + 1] = uaddCarry(q[p + 1], c0, c2);
  uint carry = c1 + c2;
  for (int i = p + 2; i < 9; i++) { q[i] = uaddCarry(q[i], carry, carry); }
}
// Payne-Hanek: for |x| = (m1 * 2^32 + m0) * 2^e, the quadrant k (|x| / (pi/2) rounded, mod 4) and the rest
// |x| / (pi/2) - k in [-1/2, 1/2] as 128 bits of its magnitude (f.x most significant) and its sign. Only
// the 7 words of 2/pi that reach bit 2^1 and 128 bits below the point enter (the ones above give multiples of 4).
int vt_rem_pio2(uint m1, uint m0, int e, out uvec4 f, out bool negative) {
  int i0 = e >= 2 ? (e - 2) >> 5 : 0;
  uint q[9];
  for (int i = 0; i < 9; i++) q[i] = 0u;
  for (int t = 0; t < 7; t++) {
    uint w = VT_2OPI[i0 + 6 - t];
    uint hi, lo;
    umulExtended(m0, w, hi, lo);
    vt_add64(q, t, hi, lo);
    umulExtended(m1, w, hi, lo);
    vt_add64(q, t + 1, hi, lo);
  }
  int point = 224 - (e - 32 * i0);  // the bit of q worth 1
  uint k = vt_bits(q, point) & 3u;
  f = uvec4(vt_bits(q, point - 32), vt_bits(q, point - 64), vt_bits(q, point - 96), vt_bits(q, point - 128));
  negative = f.x >= 0x80000000u;
  if (negative) {  // nearer to the next quadrant: the rest is -(1 - f)
    k += 1u;
    f = ~f;
    uint c;
    f.w = uaddCarry(f.w, 1u, c);
    f.z = uaddCarry(f.z, c, c);
    f.y = uaddCarry(f.y, c, c);
    f.x += c;
  }
  return int(k & 3u);
}
#endif  // VT_REM_PIO2_GLSL
