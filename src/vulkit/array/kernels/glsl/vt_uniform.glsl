// vt_uniform: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_UNIFORM_GLSL
#define VT_UNIFORM_GLSL
#include "vt_philox.glsl"
#if defined(VT_COMPUTE_float)
float vt_unif(uint x, uint y) { return float(x >> 8) * 5.9604644775390625e-08; }
#elif defined(VT_COMPUTE_double)
double vt_unif(uint x, uint y) { return (double(x >> 5) * 67108864.0lf + double(y >> 6)) * 1.1102230246251565e-16lf; }
#endif
#endif  // VT_UNIFORM_GLSL
