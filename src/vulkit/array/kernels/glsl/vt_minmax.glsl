// vt_minmax: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_MINMAX_GLSL
#define VT_MINMAX_GLSL
#include "vt_special.glsl"
#if defined(VT_COMPUTE_double)
double vt_maximum(double a, double b) { return (a > b || vt_isnan(a)) ? a : b; }  // ties (+0, -0) give b, as NumPy
double vt_minimum(double a, double b) { return (a < b || vt_isnan(a)) ? a : b; }
#elif defined(VT_COMPUTE_float)
float vt_maximum(float a, float b) { return (a > b || vt_isnan(a)) ? a : b; }  // ties (+0, -0) give b, as NumPy
float vt_minimum(float a, float b) { return (a < b || vt_isnan(a)) ? a : b; }
#endif
#endif  // VT_MINMAX_GLSL
