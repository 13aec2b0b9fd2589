// vt_special_sinpi: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// sin(pi x), cos(pi x) and NumPy's sinc(x) = sin(pi x) / (pi x): x is reduced exactly to n/2 + r with |r| <= 1/4,
// then Taylor series of sin(pi r) and cos(pi r) (no pi x is ever rounded, so sin(pi n) is exactly 0).
#ifndef VT_SPECIAL_SINPI_GLSL
#define VT_SPECIAL_SINPI_GLSL
#include "vt_special.glsl"
#include "vt_round.glsl"
#if defined(VT_COMPUTE_double)
double vt_sp_sinpi_kernel(double r) { double z = r * r; return r * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 7.952054001475513e-07lf, -2.1915353447830217e-05lf), 0.00046630280576761255lf), -0.0073704309457143504lf), 0.08214588661112823lf), -0.5992645293207921lf), 2.5501640398773455lf), -5.16771278004997lf), 3.141592653589793lf); }  // |r| <= 1/4
double vt_sp_cospi_kernel(double r) { double z = r * r; return fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 4.303069587032947e-06lf, -0.0001046381049248457lf), 0.0019295743094039231lf), -0.02580689139001406lf), 0.2353306303588932lf), -1.3352627688545895lf), 4.0587121264167685lf), -4.934802200544679lf), 1.0lf); }
// x == n / 2 + r exactly, |r| <= 1/4, for |x| below 2^23 (float), 2^52 (double); q: n mod 4
double vt_sp_reduce_half(double x, out int q) {
  double n = vt_round(x * double(2));  // lavapipe's float64 roundEven leaves values past 2^31 unrounded on some CPUs
  double m = n - double(4) * floor(n * 0.25lf);
  q = int(m);
  return x - n * 0.5lf;
}
// sin(pi x) and cos(pi x) for finite |x| < 2^23 (float), 2^52 (double)
void vt_sp_sincospi(double x, out double s, out double c) {
  int q;
  double r = vt_sp_reduce_half(x, q);
  double sr = vt_sp_sinpi_kernel(r);
  double cr = vt_sp_cospi_kernel(r);
  s = (q & 1) == 0 ? sr : cr;
  c = (q & 1) == 0 ? cr : sr;
  if ((q & 2) != 0) { s = -s; }
  if (((q + 1) & 2) != 0) { c = -c; }
  if (s == double(0)) { s = x * double(0); }  // sin(pi n) is +0 for n > 0 and -0 for n < 0
}
double vt_sp_sinpi(double x) {
  if (!(abs(x) < 4503599627370496.0lf)) {  // an integer (every float from 2^23 on, double 2^52), inf or NaN
    if (vt_isnan(x) || vt_isinf(x)) return vt_nan();
    return x * double(0);
  }
  double s, c;
  vt_sp_sincospi(x, s, c);
  return s;
}
// NumPy's sinc: 1 at 0, NaN at +-inf (sin(pi inf) is NaN there too)
double vt_sp_sinc(double x) {
  double ax = abs(x);
  if (ax < 0.25lf) { double z = x * x; return fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, 2.5312174041370274e-07lf, -6.975873661656381e-06lf), 0.000148428793031071lf), -0.0023460810354558235lf), 0.0261478478176548lf), -0.19075182412208422lf), 0.8117424252833536lf), -1.6449340668482264lf), 1.0lf); }
  double q = vt_sp_sinpi(ax) / ax;
  precise double r = fma(q, 0.3183098861837907lf, q * -1.9678676675182486e-17lf);  // precise: kept from being folded into one product
  return r;
}
#elif defined(VT_COMPUTE_float)
float vt_sp_sinpi_kernel(float r) { float z = r * r; return r * fma(z, fma(z, fma(z, fma(z, 0.082145885, -0.5992645), 2.550164), -5.1677127), 3.1415927); }  // |r| <= 1/4
float vt_sp_cospi_kernel(float r) { float z = r * r; return fma(z, fma(z, fma(z, fma(z, fma(z, -0.02580689, 0.23533063), -1.3352628), 4.058712), -4.934802), 1.0); }
// x == n / 2 + r exactly, |r| <= 1/4, for |x| below 2^23 (float), 2^52 (double); q: n mod 4
float vt_sp_reduce_half(float x, out int q) {
  float n = vt_round(x * float(2));
  float m = n - float(4) * floor(n * 0.25);
  q = int(m);
  return x - n * 0.5;
}
// sin(pi x) and cos(pi x) for finite |x| < 2^23 (float), 2^52 (double)
void vt_sp_sincospi(float x, out float s, out float c) {
  int q;
  float r = vt_sp_reduce_half(x, q);
  float sr = vt_sp_sinpi_kernel(r);
  float cr = vt_sp_cospi_kernel(r);
  s = (q & 1) == 0 ? sr : cr;
  c = (q & 1) == 0 ? cr : sr;
  if ((q & 2) != 0) { s = -s; }
  if (((q + 1) & 2) != 0) { c = -c; }
  if (s == float(0)) { s = x * float(0); }  // sin(pi n) is +0 for n > 0 and -0 for n < 0
}
float vt_sp_sinpi(float x) {
  if (!(abs(x) < 8388608.0)) {  // an integer (every float from 2^23 on, double 2^52), inf or NaN
    if (vt_isnan(x) || vt_isinf(x)) return vt_nan();
    return x * float(0);
  }
  float s, c;
  vt_sp_sincospi(x, s, c);
  return s;
}
// NumPy's sinc: 1 at 0, NaN at +-inf (sin(pi inf) is NaN there too)
float vt_sp_sinc(float x) {
  float ax = abs(x);
  if (ax < 0.25) { float z = x * x; return fma(z, fma(z, fma(z, fma(z, 0.026147848, -0.19075182), 0.8117424), -1.644934), 1.0); }
  float q = vt_sp_sinpi(ax) / ax;
  precise float r = fma(q, 0.31830987, q * 1.28412765e-08);  // precise: kept from being folded into one product
  return r;
}
#endif
#endif  // VT_SPECIAL_SINPI_GLSL
