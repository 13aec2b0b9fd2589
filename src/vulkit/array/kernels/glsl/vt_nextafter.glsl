// vt_nextafter: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_NEXTAFTER_GLSL
#define VT_NEXTAFTER_GLSL
#include "vt_special.glsl"
#if defined(VT_COMPUTE_float)
float vt_nextafter(float a, float b) {
  if (vt_isnan(a)) return a;  // the NaN itself: NVIDIA's a + b is another NaN than x86's
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0) return uintBitsToFloat(b < 0.0 ? 0x80000001u : 1u);
  uint u = floatBitsToUint(a);
  return uintBitsToFloat((a < b) == (a > 0.0) ? u + 1u : u - 1u);
}
float vt_nextafter16(float a, float b) {
  if (vt_isnan(a)) return a;
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0) return unpackHalf2x16(b < 0.0 ? 0x8001u : 1u).x;
  uint h = packHalf2x16(vec2(a, 0.0)) & 0xffffu;
  return unpackHalf2x16((a < b) == (a > 0.0) ? h + 1u : h - 1u).x;
}
// bfloat16 values are float32's with the low 16 bits 0: one step is 2^16 on float32's bits
float vt_nextafter_bf16(float a, float b) {
  if (vt_isnan(a)) return a;
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0) return uintBitsToFloat(b < 0.0 ? 0x80010000u : 0x10000u);
  uint u = floatBitsToUint(a);
  return uintBitsToFloat((a < b) == (a > 0.0) ? u + 0x10000u : u - 0x10000u);
}
#elif defined(VT_COMPUTE_double)
double vt_nextafter(double a, double b) {
  if (vt_isnan(a)) return a;
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0lf) return packDouble2x32(uvec2(1u, b < 0.0lf ? 0x80000000u : 0u));
  uvec2 u = unpackDouble2x32(a);
  if ((a < b) == (a > 0.0lf)) { u.x += 1u; if (u.x == 0u) u.y += 1u; }
  else { if (u.x == 0u) u.y -= 1u; u.x -= 1u; }
  return packDouble2x32(u);
}
#endif
#endif  // VT_NEXTAFTER_GLSL
