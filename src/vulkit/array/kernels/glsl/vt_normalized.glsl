// vt_normalized: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_NORMALIZED_GLSL
#define VT_NORMALIZED_GLSL
#if defined(VT_COMPUTE_float)
float vt_normalized(float x, out int shift) {
  uint b = floatBitsToUint(x) & 0x7fffffffu;
  shift = (b & 0x7f800000u) == 0u ? -149 : 0;
  return shift == 0 ? uintBitsToFloat(b) : float(b);
}
#elif defined(VT_COMPUTE_double)
double vt_normalized(double x, out int shift) {
  uvec2 u = unpackDouble2x32(x);
  u.y &= 0x7fffffffu;
  shift = (u.y & 0x7ff00000u) == 0u ? -1074 : 0;
  return shift == 0 ? packDouble2x32(u) : double(u.y) * 4294967296.0lf + double(u.x);
}
#endif
#endif  // VT_NORMALIZED_GLSL
