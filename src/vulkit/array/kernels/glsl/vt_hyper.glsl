// vt_hyper: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_HYPER_GLSL
#define VT_HYPER_GLSL
#include "vt_expm1.glsl"
#include "vt_log1p.glsl"
#include "vt_copysign.glsl"
#if defined(VT_COMPUTE_double)
double vt_exp_half_squared(double ax) {  // exp(ax) / 2 where exp(ax) overflows and its half may not
  double e = vt_exp(double(0.5) * ax);
  precise double h = double(0.5) * e;  // NOTE: precise: e * e first would overflow
  precise double r = h * e;
  return r;
}
double vt_sinh(double x) {
  double ax = abs(x);
  double s;
  if (ax < double(1)) { double e = vt_expm1(ax); s = double(0.5) * (e + e / (e + double(1))); }
  else if (ax < 700.0lf) { double e = vt_exp(ax); s = double(0.5) * (e - double(1) / e); }
  else s = vt_exp_half_squared(ax);
  return vt_copysign(s, x);
}
double vt_cosh(double x) {
  double ax = abs(x);
  if (ax >= 700.0lf) return vt_exp_half_squared(ax);
  double e = vt_exp(ax);
  return double(0.5) * (e + double(1) / e);
}
double vt_tanh(double x) {
  double ax = abs(x);
  if (ax > 22.0lf) return vt_copysign(double(1), x);
  double t = vt_expm1(double(2) * ax);
  return vt_copysign(t / (t + double(2)), x);
}
double vt_asinh(double x) {
  double ax = abs(x);
  double r = ax > 1.0e8lf ? vt_log(ax) + 0.69314718055994531lf : vt_log1p(ax + ax * ax / (double(1) + sqrt(double(1) + ax * ax)));
  return vt_copysign(r, x);
}
double vt_acosh(double x) {
  if (x < double(1)) return vt_nan();
  if (x > 1.0e8lf) return vt_log(x) + 0.69314718055994531lf;
  double t = x - double(1);
  return vt_log1p(t + sqrt(double(2) * t + t * t));
}
double vt_atanh(double x) {
  double ax = abs(x);
  if (ax > double(1)) return vt_nan();
  return vt_copysign(double(0.5) * vt_log1p(double(2) * ax / (double(1) - ax)), x);
}
#elif defined(VT_COMPUTE_float)
float vt_exp_half_squared(float ax) {  // exp(ax) / 2 where exp(ax) overflows and its half may not
  float e = vt_exp(float(0.5) * ax);
  precise float h = float(0.5) * e;  // NOTE: precise: e * e first would overflow
  precise float r = h * e;
  return r;
}
float vt_sinh(float x) {
  float ax = abs(x);
  float s;
  if (ax < float(1)) { float e = vt_expm1(ax); s = float(0.5) * (e + e / (e + float(1))); }
  else if (ax < 80.0) { float e = vt_exp(ax); s = float(0.5) * (e - float(1) / e); }
  else s = vt_exp_half_squared(ax);
  return vt_copysign(s, x);
}
float vt_cosh(float x) {
  float ax = abs(x);
  if (ax >= 80.0) return vt_exp_half_squared(ax);
  float e = vt_exp(ax);
  return float(0.5) * (e + float(1) / e);
}
float vt_tanh(float x) {
  float ax = abs(x);
  if (ax > 9.0) return vt_copysign(float(1), x);
  float t = vt_expm1(float(2) * ax);
  return vt_copysign(t / (t + float(2)), x);
}
float vt_asinh(float x) {
  float ax = abs(x);
  float r = ax > 1.0e4 ? vt_log(ax) + 0.69314718055994531 : vt_log1p(ax + ax * ax / (float(1) + sqrt(float(1) + ax * ax)));
  return vt_copysign(r, x);
}
float vt_acosh(float x) {
  if (x < float(1)) return vt_nan();
  if (x > 1.0e4) return vt_log(x) + 0.69314718055994531;
  float t = x - float(1);
  return vt_log1p(t + sqrt(float(2) * t + t * t));
}
float vt_atanh(float x) {
  float ax = abs(x);
  if (ax > float(1)) return vt_nan();
  return vt_copysign(float(0.5) * vt_log1p(float(2) * ax / (float(1) - ax)), x);
}
#endif
#endif  // VT_HYPER_GLSL
