// vt_div_scaled: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
// x / y, y scaled by 2^-64 (2^64) first where |y| > 1e30 (< 1e-30) and the quotient scaled back: NVIDIA divides
// float32 through a reciprocal, which is subnormal and flushed to 0 above 2^126 (hypot(1.7e38, 1.7e38) was 1.7e38,
// atan2 of those 0, beta(16.9, 17.9) 0: gamma(a + b) is 1.5e38) and overflows below 2^-128. Not correctly rounded
// (vt_div is): for helpers whose quotient feeds more arithmetic.
#ifndef VT_DIV_SCALED_GLSL
#define VT_DIV_SCALED_GLSL
#if defined(VT_COMPUTE_float)
float vt_div_scaled(float x, float y) {
  float k = abs(y) > 1.0e30 ? 5.421010862427522e-20 : (abs(y) < 1.0e-30 ? 1.8446744073709552e19 : float(1));
  precise float ys = y * k;
  precise float q = x / ys;
  precise float r = q * k;
  return r;
}
#endif
#endif  // VT_DIV_SCALED_GLSL
