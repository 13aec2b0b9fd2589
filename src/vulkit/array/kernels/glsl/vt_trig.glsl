// vt_trig: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_TRIG_GLSL
#define VT_TRIG_GLSL
#include "vt_special.glsl"
#include "vt_rem_pio2.glsl"
#include "vt_div.glsl"
#if defined(VT_COMPUTE_float)
float vt_ksin(float x) { float z = x * x;
  return fma(x * z, fma(z, fma(z, -1.9515295891e-4, 8.3321608736e-3), -1.6666654611e-1), x); }
float vt_kcos(float x) { float z = x * x;
  return fma(z * z, fma(z, fma(z, 2.443315711809948e-5, -1.388731625493765e-3), 4.166664568298827e-2),
             fma(-0.5, z, 1.0)); }
int vt_reduce_big(float x, out float r) {
  uint b = floatBitsToUint(abs(x));
  uvec4 f;
  bool negative;
  int q = vt_rem_pio2(0u, (b & 0x7fffffu) | 0x800000u, int(b >> 23) - 150, f, negative);
  float v = fma(float(f.y), 5.421010862427522e-20, float(f.x) * 2.3283064365386963e-10);
  r = fma(v, 1.5707963705062866, v * -4.371139000186243e-8);
  if (negative != (x < 0.0)) r = -r;
  return x < 0.0 ? (4 - q) & 3 : q;
}
int vt_reduce(float x, out float r) {
  if (abs(x) >= 1.0e5) return vt_reduce_big(x, r);
  float k = roundEven(x * 0.63661977236758134);
  precise float t = x - k * 1.5703125;
  t = t - k * 0.0004825592041015625;
  t = t - k * 1.2665987014770508e-06;
  t = t - k * 9.89530235528946e-10;
  r = t - k * 2.563344151594519e-12;
  return int(k) & 3;
}
float vt_sin(float x) {
  if (vt_isinf(x)) return vt_nan();
  if (x == 0.0) return x;
  float r; int q = vt_reduce(x, r);
  if (q == 0) return vt_ksin(r); if (q == 1) return vt_kcos(r); if (q == 2) return -vt_ksin(r); return -vt_kcos(r);
}
float vt_cos(float x) {
  if (vt_isinf(x)) return vt_nan();
  float r; int q = vt_reduce(x, r);
  if (q == 0) return vt_kcos(r); if (q == 1) return -vt_ksin(r); if (q == 2) return -vt_kcos(r); return vt_ksin(r);
}
float vt_tan(float x) {
  if (vt_isinf(x)) return vt_nan();
  if (x == 0.0) return x;
  float r; int q = vt_reduce(x, r);
  float s = vt_ksin(r); float c = vt_kcos(r);
  return (q & 1) == 0 ? vt_div(s, c) : -vt_div(c, s);
}
#elif defined(VT_COMPUTE_double)
const double VT_S1 = -1.66666666666666324348e-01lf, VT_S2 = 8.33333333332248946124e-03lf,
  VT_S3 = -1.98412698298579493134e-04lf, VT_S4 = 2.75573137070700676789e-06lf,
  VT_S5 = -2.50507602534068634195e-08lf, VT_S6 = 1.58969099521155010221e-10lf;
const double VT_C1 = 4.16666666666666019037e-02lf, VT_C2 = -1.38888888888741095749e-03lf,
  VT_C3 = 2.48015872894767294178e-05lf, VT_C4 = -2.75573143513906633035e-07lf,
  VT_C5 = 2.08757232129817482790e-09lf, VT_C6 = -1.13596475577881948265e-11lf;
double vt_ksin(double x) { double z = x * x; double r = VT_S2 + z * (VT_S3 + z * (VT_S4 + z * (VT_S5 + z * VT_S6)));
  return x + z * x * (VT_S1 + z * r); }
double vt_kcos(double x) { double z = x * x;
  double r = z * (VT_C1 + z * (VT_C2 + z * (VT_C3 + z * (VT_C4 + z * (VT_C5 + z * VT_C6)))));
  double hz = 0.5lf * z; double w = 1.0lf - hz; return w + (((1.0lf - w) - hz) + z * r); }
int vt_reduce_big(double x, out double r) {
  uvec2 u = unpackDouble2x32(abs(x));
  uvec4 f;
  bool negative;
  int q = vt_rem_pio2((u.y & 0xfffffu) | 0x100000u, u.x, int(u.y >> 20) - 1075, f, negative);
  double a = double(f.x) * 2.3283064365386963e-10lf;
  double b = double(f.y) * 5.421010862427522e-20lf;
  double hi = a + b;
  double lo = (b - (hi - a)) + double(f.z) * 1.2621774483536189e-29lf + double(f.w) * 2.938735877055719e-39lf;
  double p = hi * 1.5707963267948966lf;
  r = p + (fma(hi, 1.5707963267948966lf, -p) + hi * 6.123233995736766e-17lf + lo * 1.5707963267948966lf);
  if (negative != (x < 0.0lf)) r = -r;
  return x < 0.0lf ? (4 - q) & 3 : q;
}
int vt_reduce(double x, out double r) {
  if (abs(x) >= 1.0e6lf) return vt_reduce_big(x, r);
  double k = roundEven(x * 0.63661977236758134308lf);
  r = fma(-k, 1.57079632673412561417e+00lf, x);
  r = fma(-k, 6.07710050630396597660e-11lf, r);
  r = fma(-k, 2.02226624871116645580e-21lf, r);
  return int(mod(k, 4.0lf));
}
double vt_sin(double x) {
  if (vt_isinf(x) || vt_isnan(x)) return vt_nan();
  if (x == 0.0lf) return x;
  double r; int q = vt_reduce(x, r);
  if (q == 0) return vt_ksin(r); if (q == 1) return vt_kcos(r); if (q == 2) return -vt_ksin(r); return -vt_kcos(r);
}
double vt_cos(double x) {
  if (vt_isinf(x) || vt_isnan(x)) return vt_nan();
  double r; int q = vt_reduce(x, r);
  if (q == 0) return vt_kcos(r); if (q == 1) return -vt_ksin(r); if (q == 2) return -vt_kcos(r); return vt_ksin(r);
}
double vt_tan(double x) {
  if (vt_isinf(x) || vt_isnan(x)) return vt_nan();
  if (x == 0.0lf) return x;
  double r; int q = vt_reduce(x, r);
  double s = vt_ksin(r); double c = vt_kcos(r);
  return (q & 1) == 0 ? vt_div(s, c) : -vt_div(c, s);
}
#endif
#endif  // VT_TRIG_GLSL
