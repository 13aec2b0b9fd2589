// vt_atan: part of vulkit's math library (see mathlib.py); T, BITS, VT_COMPUTE_<type> and VT_KIND_<kind>
// are defined by the kernel that includes it.
#ifndef VT_ATAN_GLSL
#define VT_ATAN_GLSL
#include "vt_copysign.glsl"
#if defined(VT_COMPUTE_double)
double vt_atan(double x) {
  if (vt_isnan(x)) return x;
  double ax = abs(x);
  bool inverted = ax > double(1);
  double t = inverted ? double(1) / ax : ax;
  double base = double(0);
  if (t > 0.26794919243112270lf) {
    base = 0.52359877559829887lf;
    t = (t * 1.7320508075688772lf - double(1)) / (1.7320508075688772lf + t);
  }
  double z = t * t;
  double r = base + t * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, -0.03225806451612903lf, 0.034482758620689655lf), -0.037037037037037035lf), 0.04lf), -0.043478260869565216lf), 0.047619047619047616lf), -0.05263157894736842lf), 0.058823529411764705lf), -0.06666666666666667lf), 0.07692307692307693lf), -0.09090909090909091lf), 0.1111111111111111lf), -0.14285714285714285lf), 0.2lf), -0.3333333333333333lf), 1.0lf);
  if (inverted) r = 1.5707963267948966lf - r;
  return vt_copysign(r, x);
}
#elif defined(VT_COMPUTE_float)
float vt_atan(float x) {
  if (vt_isnan(x)) return x;
  float ax = abs(x);
  bool inverted = ax > float(1);
  float t = inverted ? float(1) / ax : ax;
  float base = float(0);
  if (t > 0.26794919243112270) {
    base = 0.52359877559829887;
    t = (t * 1.7320508075688772 - float(1)) / (1.7320508075688772 + t);
  }
  float z = t * t;
  float r = base + t * fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, fma(z, -0.06666666666666667, 0.07692307692307693), -0.09090909090909091), 0.1111111111111111), -0.14285714285714285), 0.2), -0.3333333333333333), 1.0);
  if (inverted) r = 1.5707963267948966 - r;
  return vt_copysign(r, x);
}
#endif
#endif  // VT_ATAN_GLSL
