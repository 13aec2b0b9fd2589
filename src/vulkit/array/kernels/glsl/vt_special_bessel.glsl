// vt_special_bessel: part of vulkit's math library (see mathlib.py), for vt.special; T, BITS, VT_COMPUTE_<type> and
// VT_KIND_<kind> are defined by the kernel that includes it. special_constants.py says how the coefficients
// were computed.
// i0, i0e, i1, i1e: the modified Bessel functions of the first kind, orders 0 and 1 (and scaled by exp(-|x|)). Up to
// |x| = 10 a polynomial in x^2 (I0(x), I1(x) / x), beyond sqrt(x) exp(-x) I(x) as a polynomial in 1/x - 1/20.
// I0 and I1 are finite up to 713.98 (exp(x) is taken in two halves beyond 700); +-inf at +-inf.
#ifndef VT_SPECIAL_BESSEL_GLSL
#define VT_SPECIAL_BESSEL_GLSL
#include "vt_special.glsl"
#include "vt_exp.glsl"
#include "vt_sqrt.glsl"
#if defined(VT_COMPUTE_double)
// I(x) = exp(x) * q for x > 10, without overflow before I(x) itself does
double vt_sp_bessel_scale(double ax, double q) {
  if (vt_isinf(ax)) return ax;
  if (ax < 700.0lf) return vt_exp(ax) * q;
  double e = vt_exp(0.5lf * ax);
  // NOTE: precise: a compiler free to reassociate squares e first, which overflows (NVIDIA: i0(711) was inf)
  precise double eq = e * q;
  precise double r = eq * e;
  return r;
}
double vt_sp_i0_large(double ax) { double u = double(1) / ax - 0.05lf; return fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, 444309451338886.0lf, 14351276794552.188lf), -7250041820905.68lf), -315638793334.73737lf), 50612659078.95477lf), 3326542282.45832lf), -147114263.36686397lf), -19837169.386710037lf), -473367.7062691829lf), 30996.89768444054lf), 3858.320368996968lf), 324.43280625781114lf), 32.73846316063289lf), 4.556097649761165lf), 0.8726650129670774lf), 0.2265088173799144lf), 0.08066011805902089lf), 0.04121627160892597lf), 0.03324530905498518lf), 0.052917719343724134lf), 0.4015097608312065lf) / vt_sqrt(ax); }  // i0e, |x| > 10
double vt_sp_i1_large(double ax) { double u = double(1) / ax - 0.05lf; return fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, fma(u, -462351474180786.9lf, -14026790513720.07lf), 7583953879979.598lf), 314978497940.9616lf), -53485154884.378914lf), -3389004858.251706lf), 160344367.7426076lf), 20657966.85661095lf), 470370.72772703046lf), -33731.860483052966lf), -4108.90762103009lf), -347.91288249120237lf), -35.69257966933426lf), -5.0752075798695095lf), -0.9982981856840896lf), -0.268468580443499lf), -0.10070873983821134lf), -0.05609889050660793lf), -0.05392058653525644lf), -0.15461810253511882lf), 0.39133972251206706lf) / vt_sqrt(ax); }  // i1e, |x| > 10
double vt_sp_i0(double x) {
  if (vt_isnan(x)) return x;
  double ax = abs(x);
  if (ax <= double(10)) { double t = ax * ax; return fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 6.817987907903391e-43lf, 3.0205867180851866e-40lf), 5.7621772691632055e-37lf), 5.362980169928032e-34lf), 4.912864503069302e-31lf), 3.8417850337570684e-28lf), 2.5978874306073566e-25lf), 1.4963294880062389e-22lf), 7.24226066707052e-20lf), 2.896903317469806e-17lf), 9.385967009635485e-15lf), 2.4028075491517256e-12lf), 4.709502797120257e-10lf), 6.78168402777262e-08lf), 6.781684027778115e-06lf), 0.00043402777777777645lf), 0.015625000000000003lf), 0.25lf), 1.0lf); }
  return vt_sp_bessel_scale(ax, vt_sp_i0_large(ax));
}
double vt_sp_i0e(double x) {
  if (vt_isnan(x)) return x;
  double ax = abs(x);
  if (ax <= double(10)) { double t = ax * ax; return vt_exp(-ax) * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 6.817987907903391e-43lf, 3.0205867180851866e-40lf), 5.7621772691632055e-37lf), 5.362980169928032e-34lf), 4.912864503069302e-31lf), 3.8417850337570684e-28lf), 2.5978874306073566e-25lf), 1.4963294880062389e-22lf), 7.24226066707052e-20lf), 2.896903317469806e-17lf), 9.385967009635485e-15lf), 2.4028075491517256e-12lf), 4.709502797120257e-10lf), 6.78168402777262e-08lf), 6.781684027778115e-06lf), 0.00043402777777777645lf), 0.015625000000000003lf), 0.25lf), 1.0lf); }
  return vt_sp_i0_large(ax);
}
double vt_sp_i1(double x) {
  if (vt_isnan(x)) return x;
  double ax = abs(x);
  double r;
  if (ax <= double(10)) { double t = ax * ax; r = ax * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 2.455169653406195e-41lf, 1.0274957211106524e-38lf), 1.8432568342665333e-35lf), 1.6091559256451906e-32lf), 1.3755416887376022e-29lf), 9.988732198975246e-27lf), 6.2349202138859986e-24lf), 3.291925608393424e-21lf), 1.4484520921576406e-18lf), 5.214425988543629e-16lf), 1.5017547210215734e-13lf), 3.363930568926791e-11lf), 5.651403356526599e-09lf), 6.781684027774472e-07lf), 5.4253472222223696e-05lf), 0.002604166666666663lf), 0.0625lf), 0.5lf); }
  else r = vt_sp_bessel_scale(ax, vt_sp_i1_large(ax));
  return x < double(0) ? -r : r;  // +0 at -0, as SciPy
}
double vt_sp_i1e(double x) {
  if (vt_isnan(x)) return x;
  double ax = abs(x);
  double r;
  if (ax <= double(10)) { double t = ax * ax; r = vt_exp(-ax) * ax * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 2.455169653406195e-41lf, 1.0274957211106524e-38lf), 1.8432568342665333e-35lf), 1.6091559256451906e-32lf), 1.3755416887376022e-29lf), 9.988732198975246e-27lf), 6.2349202138859986e-24lf), 3.291925608393424e-21lf), 1.4484520921576406e-18lf), 5.214425988543629e-16lf), 1.5017547210215734e-13lf), 3.363930568926791e-11lf), 5.651403356526599e-09lf), 6.781684027774472e-07lf), 5.4253472222223696e-05lf), 0.002604166666666663lf), 0.0625lf), 0.5lf); }
  else r = vt_sp_i1_large(ax);
  return x < double(0) ? -r : r;
}
#elif defined(VT_COMPUTE_float)
// I(x) = exp(x) * q for x > 10, without overflow before I(x) itself does
float vt_sp_bessel_scale(float ax, float q) {
  if (vt_isinf(ax)) return ax;
  if (ax < 80.0) return vt_exp(ax) * q;
  float e = vt_exp(0.5 * ax);
  // NOTE: precise: a compiler free to reassociate squares e first, which overflows (NVIDIA: i0(90) was inf)
  precise float eq = e * q;
  precise float r = eq * e;
  return r;
}
float vt_sp_i0_large(float ax) { float u = float(1) / ax - 0.05; return fma(u, fma(u, fma(u, fma(u, fma(u, 0.25083527, 0.08435675), 0.041184194), 0.033241704), 0.05291773), 0.40150976) / vt_sqrt(ax); }  // i0e, |x| > 10
float vt_sp_i1_large(float ax) { float u = float(1) / ax - 0.05; return fma(u, fma(u, fma(u, fma(u, fma(u, -0.2954347, -0.104914874), -0.056063358), -0.05391649), -0.15461811), 0.39133972) / vt_sqrt(ax); }  // i1e, |x| > 10
float vt_sp_i0(float x) {
  if (vt_isnan(x)) return x;
  float ax = abs(x);
  if (ax <= float(10)) { float t = ax * ax; return fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 6.688317e-25, 1.4399372e-23), 9.666464e-20), 2.6242105e-17), 9.590195e-15), 2.3923918e-12), 4.71312e-10), 6.780846e-08), 6.7818087e-06), 0.00043402668), 0.015625006), 0.24999999), 1.0); }
  return vt_sp_bessel_scale(ax, vt_sp_i0_large(ax));
}
float vt_sp_i0e(float x) {
  if (vt_isnan(x)) return x;
  float ax = abs(x);
  if (ax <= float(10)) { float t = ax * ax; return vt_exp(-ax) * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 6.688317e-25, 1.4399372e-23), 9.666464e-20), 2.6242105e-17), 9.590195e-15), 2.3923918e-12), 4.71312e-10), 6.780846e-08), 6.7818087e-06), 0.00043402668), 0.015625006), 0.24999999), 1.0); }
  return vt_sp_i0_large(ax);
}
float vt_sp_i1(float x) {
  if (vt_isnan(x)) return x;
  float ax = abs(x);
  float r;
  if (ax <= float(10)) { float t = ax * ax; r = ax * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 1.6071506e-23, 3.2110627e-22), 1.9283232e-18), 4.736203e-16), 1.5328057e-13), 3.350586e-11), 5.65516e-09), 6.7810157e-07), 5.425417e-05), 0.0026041628), 0.06250001), 0.5); }
  else r = vt_sp_bessel_scale(ax, vt_sp_i1_large(ax));
  return x < float(0) ? -r : r;  // +0 at -0, as SciPy
}
float vt_sp_i1e(float x) {
  if (vt_isnan(x)) return x;
  float ax = abs(x);
  float r;
  if (ax <= float(10)) { float t = ax * ax; r = vt_exp(-ax) * ax * fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, 1.6071506e-23, 3.2110627e-22), 1.9283232e-18), 4.736203e-16), 1.5328057e-13), 3.350586e-11), 5.65516e-09), 6.7810157e-07), 5.425417e-05), 0.0026041628), 0.06250001), 0.5); }
  else r = vt_sp_i1_large(ax);
  return x < float(0) ? -r : r;
}
#endif
#endif  // VT_SPECIAL_BESSEL_GLSL
