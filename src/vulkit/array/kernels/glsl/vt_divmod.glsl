// vt_divmod: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_DIVMOD_GLSL
#define VT_DIVMOD_GLSL
#include "vt_copysign.glsl"
#include "vt_normalized.glsl"
#include "vt_div.glsl"
#if defined(VT_COMPUTE_double)
int vt_exponent(double x) {  // frexp's exponent of a finite x != 0, subnormals included
  int shift, e;
  frexp(vt_normalized(x, shift), e);
  return e + shift;
}
// Exact, as C's fmod: subtract the largest b * 2^k <= r until r < b; each step is exact (Sterbenz), and
// the exponent of r drops every step (a quotient from a / b was off by thousands once it passed 2^24).
double vt_fmod(double a, double b) {
  if (vt_isnan(a) || vt_isnan(b) || vt_isinf(a) || b == double(0)) return vt_nan();
  double r = abs(a);
  double d = abs(b);
  if (!(r >= d)) return a;
  int shift, ed;
  double md = frexp(vt_normalized(d, shift), ed);
  for (int i = 0; i < 2100 && r >= d; i++) {  // 2100 > 2098, the widest exponent gap of two float64
    int er = vt_exponent(r);
    double t = ldexp(md, er);
    if (t > r) t = ldexp(md, er - 1);
    r -= t;
  }
  return vt_copysign(r, a);
}
double vt_floordiv(double a, double b) {
  if (b == double(0)) return a / b;
  double m = vt_fmod(a, b);
  double d = vt_div(a - m, b);
  if (m != double(0) && (b < double(0)) != (m < double(0))) d -= double(1);
  if (d == double(0)) return vt_copysign(double(0), a / b);
  double f = floor(d);
  if (d - f > double(0.5)) f += double(1);
  return f;
}
double vt_rem(double a, double b) {
  if (b == double(0)) return vt_nan();
  double m = vt_fmod(a, b);
  if (m != double(0)) { if ((b < double(0)) != (m < double(0))) m += b; }
  else m = vt_copysign(double(0), b);
  return m;
}
#elif defined(VT_COMPUTE_float)
int vt_exponent(float x) {  // frexp's exponent of a finite x != 0, subnormals included
  int shift, e;
  frexp(vt_normalized(x, shift), e);
  return e + shift;
}
// Exact, as C's fmod: subtract the largest b * 2^k <= r until r < b; each step is exact (Sterbenz), and
// the exponent of r drops every step (a quotient from a / b was off by thousands once it passed 2^24).
float vt_fmod(float a, float b) {
  if (vt_isnan(a) || vt_isnan(b) || vt_isinf(a) || b == float(0)) return vt_nan();
  float r = abs(a);
  float d = abs(b);
  if (!(r >= d)) return a;
  int shift, ed;
  float md = frexp(vt_normalized(d, shift), ed);
  for (int i = 0; i < 2100 && r >= d; i++) {  // 2100 > 2098, the widest exponent gap of two float64
    int er = vt_exponent(r);
    float t = ldexp(md, er);
    if (t > r) t = ldexp(md, er - 1);
    r -= t;
  }
  return vt_copysign(r, a);
}
float vt_floordiv(float a, float b) {
  if (b == float(0)) return a / b;
  float m = vt_fmod(a, b);
  float d = vt_div(a - m, b);
  if (m != float(0) && (b < float(0)) != (m < float(0))) d -= float(1);
  if (d == float(0)) return vt_copysign(float(0), a / b);
  float f = floor(d);
  if (d - f > float(0.5)) f += float(1);
  return f;
}
float vt_rem(float a, float b) {
  if (b == float(0)) return vt_nan();
  float m = vt_fmod(a, b);
  if (m != float(0)) { if ((b < float(0)) != (m < float(0))) m += b; }
  else m = vt_copysign(float(0), b);
  return m;
}
#elif defined(VT_KIND_i)
T vt_floordiv(T a, T b) {
  if (b == T(0)) return T(0);
  if (b == T(-1)) return -a;
  T q = a / b;
  T r = a - q * b;
  return (r != T(0) && ((r < T(0)) != (b < T(0)))) ? q - T(1) : q;
}
T vt_rem(T a, T b) {
  if (b == T(0) || b == T(-1)) return T(0);
  T r = a - (a / b) * b;
  return (r != T(0) && ((r < T(0)) != (b < T(0)))) ? r + b : r;
}
#elif defined(VT_KIND_u)
T vt_floordiv(T a, T b) { return b == T(0) ? T(0) : a / b; }
T vt_rem(T a, T b) { return b == T(0) ? T(0) : a % b; }
#endif
#endif  // VT_DIVMOD_GLSL
