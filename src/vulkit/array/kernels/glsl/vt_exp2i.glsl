// vt_exp2i: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_EXP2I_GLSL
#define VT_EXP2I_GLSL
#if defined(VT_COMPUTE_float)
float vt_exp2i(int e) { return uintBitsToFloat(uint(e + 127) << 23); }
#elif defined(VT_COMPUTE_double)
double vt_exp2i(int e) { return packDouble2x32(uvec2(0u, uint(e + 1023) << 20)); }
#endif
#endif  // VT_EXP2I_GLSL
