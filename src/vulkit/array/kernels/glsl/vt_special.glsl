// vt_special: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_SPECIAL_GLSL
#define VT_SPECIAL_GLSL
#if defined(VT_COMPUTE_float)
bool vt_isnan(float x) { return (floatBitsToUint(x) & 0x7fffffffu) > 0x7f800000u; }
bool vt_isinf(float x) { return (floatBitsToUint(x) & 0x7fffffffu) == 0x7f800000u; }
bool vt_signbit(float x) { return (floatBitsToUint(x) & 0x80000000u) != 0u; }
float vt_nan() { return uintBitsToFloat(0x7fc00000u); }
float vt_inf() { return uintBitsToFloat(0x7f800000u); }
#elif defined(VT_COMPUTE_double)
bool vt_isnan(double x) { uvec2 u = unpackDouble2x32(x); uint h = u.y & 0x7fffffffu;
  return h > 0x7ff00000u || (h == 0x7ff00000u && u.x != 0u); }
bool vt_isinf(double x) { uvec2 u = unpackDouble2x32(x); return (u.y & 0x7fffffffu) == 0x7ff00000u && u.x == 0u; }
bool vt_signbit(double x) { return (unpackDouble2x32(x).y & 0x80000000u) != 0u; }
double vt_nan() { return packDouble2x32(uvec2(0u, 0x7ff80000u)); }
double vt_inf() { return packDouble2x32(uvec2(0u, 0x7ff00000u)); }
#endif
#endif  // VT_SPECIAL_GLSL
