// vt_copysign: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_COPYSIGN_GLSL
#define VT_COPYSIGN_GLSL
#include "vt_special.glsl"
#if defined(VT_COMPUTE_double)
double vt_copysign(double a, double b) { return vt_signbit(a) != vt_signbit(b) ? -a : a; }
#elif defined(VT_COMPUTE_float)
float vt_copysign(float a, float b) { return vt_signbit(a) != vt_signbit(b) ? -a : a; }
#endif
#endif  // VT_COPYSIGN_GLSL
