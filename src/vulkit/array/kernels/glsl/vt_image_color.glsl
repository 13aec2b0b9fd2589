// vt_image_color: part of vulkit's math library (see mathlib.py), for vt.image's colour conversions; T, BITS,
// VT_COMPUTE_<type> and VT_KIND_<kind> are defined by the kernel that includes it. Each function gives channel k
// (0, 1, 2) of one pixel, from channels already scaled as scikit-image's img_as_float scales them; the formulas and
// constants are scikit-image's (skimage.color.colorconv: sRGB and CIE XYZ/LAB with the D65 2-degree white point,
// ITU-R BT.601 YCbCr with Y in 16..235, rgb2gray's 0.2125 R + 0.7154 G + 0.0721 B). The float64 and float32
// versions are the same code, their constants written for each width (HSV has none: one version for both).
#ifndef VT_IMAGE_COLOR_GLSL
#define VT_IMAGE_COLOR_GLSL
#include "vt_pow.glsl"
#if defined(VT_COMPUTE_double) || defined(VT_COMPUTE_float)
T vt_img_hsv(int k, T r, T g, T b) {
  T v = max(max(r, g), b);
  if (k == 2) return v;
  T delta = v - min(min(r, g), b);
  if (delta == T(0)) return T(0);
  if (k == 1) return delta / v;
  T h;  // scikit-image assigns red, then green, then blue: the last channel equal to the max wins
  if (b == v) h = T(4) + (r - g) / delta;
  else if (g == v) h = T(2) + (b - r) / delta;
  else h = (g - b) / delta;
  h = h / T(6);
  return h - floor(h);
}

T vt_img_hsv2rgb(int k, T h, T s, T v) {
  T hi = floor(h * T(6));
  T f = h * T(6) - hi;
  T p = v * (T(1) - s), q = v * (T(1) - f * s), t = v * (T(1) - (T(1) - f) * s);
  int sector = int(hi - T(6) * floor(hi / T(6)));
  // (v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)
  if (k == 0) return sector == 0 || sector == 5 ? v : sector == 1 ? q : sector == 4 ? t : p;
  if (k == 1) return sector == 0 ? t : sector == 1 || sector == 2 ? v : sector == 3 ? q : p;
  return sector == 2 ? t : sector == 3 || sector == 4 ? v : sector == 5 ? q : p;
}
#endif

#if defined(VT_COMPUTE_double)
T vt_img_gray(T r, T g, T b) { return 0.2125lf * r + 0.7154lf * g + 0.0721lf * b; }

T vt_img_ycbcr(int k, T r, T g, T b) {
  if (k == 0) return 65.481lf * r + 128.553lf * g + 24.966lf * b + T(16);
  if (k == 1) return -37.797lf * r + -74.203lf * g + 112.0lf * b + T(128);
  return 112.0lf * r + -93.786lf * g + -18.214lf * b + T(128);
}

T vt_img_ycbcr2rgb(int k, T y, T cb, T cr) {
  y -= T(16); cb -= T(128); cr -= T(128);
  if (k == 0) return 0.004566210045662101lf * y + 1.1808799898470919e-09lf * cb + 0.006258928969943936lf * cr;
  if (k == 1) return 0.004566210045662101lf * y + -0.0015363236860449021lf * cb + -0.003188110949655707lf * cr;
  return 0.004566210045662101lf * y + 0.007910716233554741lf * cb + 1.1977497040200258e-08lf * cr;
}

T vt_img_srgb_linear(T c) { return c > 0.04045lf ? vt_pow((c + 0.055lf) / 1.055lf, 2.4lf) : c / 12.92lf; }

T vt_img_lab_f(T t) { return t > 0.008856lf ? vt_pow(t, T(1) / T(3)) : 7.787lf * t + T(16) / T(116); }

T vt_img_lab(int k, T r, T g, T b) {
  r = vt_img_srgb_linear(r); g = vt_img_srgb_linear(g); b = vt_img_srgb_linear(b);
  T y = vt_img_lab_f(0.212671lf * r + 0.71516lf * g + 0.072169lf * b);
  if (k == 0) return T(116) * y - T(16);
  if (k == 1) return T(500) * (vt_img_lab_f((0.412453lf * r + 0.35758lf * g + 0.180423lf * b) / 0.95047lf) - y);
  return T(200) * (y - vt_img_lab_f((0.019334lf * r + 0.119193lf * g + 0.950227lf * b) / 1.08883lf));
}

T vt_img_lab_finv(T t) { return t > 0.2068966lf ? t * t * t : (t - T(16) / T(116)) / 7.787lf; }

T vt_img_srgb_gamma(T c) {
  c = c > 0.0031308lf ? 1.055lf * vt_pow(c, T(1) / 2.4lf) - 0.055lf : c * 12.92lf;
  return clamp(c, T(0), T(1));
}

T vt_img_lab2rgb(int k, T l, T a, T b) {
  T fy = (l + T(16)) / T(116);
  T x = vt_img_lab_finv(a / T(500) + fy) * 0.95047lf;
  T y = vt_img_lab_finv(fy);
  T z = vt_img_lab_finv(max(fy - b / T(200), T(0))) * 1.08883lf;
  if (k == 0) return vt_img_srgb_gamma(3.2404813432005266lf * x + -1.5371515162713183lf * y
                                       + -0.4985363261688878lf * z);
  if (k == 1) return vt_img_srgb_gamma(-0.9692549499965682lf * x + 1.8759900014898907lf * y
                                       + 0.04155592655829284lf * z);
  return vt_img_srgb_gamma(0.055646639135177166lf * x + -0.20404133836651123lf * y
                           + 1.0573110696453443lf * z);
}

#elif defined(VT_COMPUTE_float)
T vt_img_gray(T r, T g, T b) { return T(0.2125) * r + T(0.7154) * g + T(0.0721) * b; }

T vt_img_ycbcr(int k, T r, T g, T b) {
  if (k == 0) return T(65.481) * r + T(128.553) * g + T(24.966) * b + T(16);
  if (k == 1) return T(-37.797) * r + T(-74.203) * g + T(112.0) * b + T(128);
  return T(112.0) * r + T(-93.786) * g + T(-18.214) * b + T(128);
}

T vt_img_ycbcr2rgb(int k, T y, T cb, T cr) {
  y -= T(16); cb -= T(128); cr -= T(128);
  if (k == 0) return T(0.004566210045662101) * y + T(1.1808799898470919e-09) * cb + T(0.006258928969943936) * cr;
  if (k == 1) return T(0.004566210045662101) * y + T(-0.0015363236860449021) * cb + T(-0.003188110949655707) * cr;
  return T(0.004566210045662101) * y + T(0.007910716233554741) * cb + T(1.1977497040200258e-08) * cr;
}

T vt_img_srgb_linear(T c) { return c > T(0.04045) ? vt_pow((c + T(0.055)) / T(1.055), T(2.4)) : c / T(12.92); }

T vt_img_lab_f(T t) { return t > T(0.008856) ? vt_pow(t, T(1) / T(3)) : T(7.787) * t + T(16) / T(116); }

T vt_img_lab(int k, T r, T g, T b) {
  r = vt_img_srgb_linear(r); g = vt_img_srgb_linear(g); b = vt_img_srgb_linear(b);
  T y = vt_img_lab_f(T(0.212671) * r + T(0.71516) * g + T(0.072169) * b);
  if (k == 0) return T(116) * y - T(16);
  if (k == 1) return T(500) * (vt_img_lab_f((T(0.412453) * r + T(0.35758) * g + T(0.180423) * b) / T(0.95047)) - y);
  return T(200) * (y - vt_img_lab_f((T(0.019334) * r + T(0.119193) * g + T(0.950227) * b) / T(1.08883)));
}

T vt_img_lab_finv(T t) { return t > T(0.2068966) ? t * t * t : (t - T(16) / T(116)) / T(7.787); }

T vt_img_srgb_gamma(T c) {
  c = c > T(0.0031308) ? T(1.055) * vt_pow(c, T(1) / T(2.4)) - T(0.055) : c * T(12.92);
  return clamp(c, T(0), T(1));
}

T vt_img_lab2rgb(int k, T l, T a, T b) {
  T fy = (l + T(16)) / T(116);
  T x = vt_img_lab_finv(a / T(500) + fy) * T(0.95047);
  T y = vt_img_lab_finv(fy);
  T z = vt_img_lab_finv(max(fy - b / T(200), T(0))) * T(1.08883);
  if (k == 0) return vt_img_srgb_gamma(T(3.2404813432005266) * x + T(-1.5371515162713183) * y
                                       + T(-0.4985363261688878) * z);
  if (k == 1) return vt_img_srgb_gamma(T(-0.9692549499965682) * x + T(1.8759900014898907) * y
                                       + T(0.04155592655829284) * z);
  return vt_img_srgb_gamma(T(0.055646639135177166) * x + T(-0.20404133836651123) * y
                           + T(1.0573110696453443) * z);
}

#endif
#endif  // VT_IMAGE_COLOR_GLSL
