"""GLSL helper functions the elementwise expressions call, written once for ``T`` = float or double.

GLSL has no double-precision ``exp``/``log``/``sin``/``cos``/``atan``, and its single-precision
built-ins may be loose (Vulkan allows 2^-11 absolute error for ``sin``; ``log`` near 1 is an absolute
bound). So ``exp`` and ``log`` are implemented here for both widths (range reduction + polynomial:
within ~1-2 ulp), and ``expm1``, ``log1p``, ``pow``, the hyperbolic functions and their inverses are
built on them. ``sin``/``cos``/``tan`` reduce by pi/2 (Cody-Waite below 1e5 in float32 and 1e6 in
float64; above, Payne-Hanek with 32-bit integer arithmetic over the bits of 2/pi, so no float64 or
int64 is needed for float32) and evaluate minimax kernels (fdlibm's in float64, Cephes' in float32):
within a few ulp for every finite argument. The GPU's built-ins are not used: NVIDIA's ``sin`` is off
by 1e-6 absolute even near 0, lavapipe's ``sin(1e30)`` is 1.
``atan`` and the inverse trigonometric functions are series on a reduced argument. ``erf`` (for
gelu) has 1.2e-7 relative error in both widths. NaN and infinity tests use the bit patterns, so
they survive fast-math compilers.

``C(1.5)`` marks a floating constant: it is written with an ``lf`` suffix for double.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import factorial, floor, log2

from ..dtypes import DType

_CONST = re.compile(r"C\(([-+0-9.eE]+)\)")
_WORD = re.compile(r"\bT\b")


def _horner(coefficients: list[float], var: str) -> str:
    """``c0 + var*(c1 + var*(...))`` with C() constants."""
    text = f"C({coefficients[-1]!r})"
    for c in reversed(coefficients[:-1]):
        text = f"fma({var}, {text}, C({c!r}))"
    return text


def _exp_taylor(degree: int) -> list[float]:
    return [1.0 / factorial(k) for k in range(degree + 1)]


def _atan_series(terms: int) -> list[float]:
    return [(-1.0) ** k / (2 * k + 1) for k in range(terms)]


def _atanh_series(terms: int) -> list[float]:
    return [1.0 / (2 * k + 1) for k in range(terms)]


# Polynomials whose length depends on the precision: (float, double).
_POLYS = {
    "P_EXP": (_horner(_exp_taylor(7), "r"), _horner(_exp_taylor(13), "r")),  # float: r^8 / 8! < 2^-27 here
    "P_EXPM1": (_horner(_exp_taylor(10)[1:], "x"), _horner(_exp_taylor(18)[1:], "x")),
    "P_ATAN": (_horner(_atan_series(8), "z"), _horner(_atan_series(16), "z")),
    "P_ATANH": (_horner(_atanh_series(7), "z"), _horner(_atanh_series(15), "z")),
    "P_ATANH_TAIL": (_horner(_atanh_series(8)[1:], "z"), _horner(_atanh_series(16)[1:], "z")),
}


def _split_half_pi(parts: int, bits: int) -> list[str]:
    """pi/2 as ``parts`` constants of ``bits`` significant bits each, then the rounded rest.

    ``k * part`` is exact for ``k < 2**(24 - bits)``, so float32 range reduction loses nothing there.
    """
    pi = Fraction("3.14159265358979323846264338327950288419716939937510582097494459")
    rest, chunks = pi / 2, []
    for _ in range(parts):
        scale = Fraction(2) ** (floor(log2(rest)) - bits + 1)
        chunk = floor(rest / scale) * scale
        chunks.append(repr(float(chunk)))
        rest -= chunk
    return [*chunks, repr(float(rest))]


def _two_over_pi_words(words: int) -> list[int]:
    """The first ``32 * words`` bits of 2/pi's fraction, as 32-bit words (pi by Machin's formula, exactly)."""
    bits = 32 * words + 128  # guard bits
    one = 1 << bits

    def atan_inverse(x: int) -> int:  # atan(1/x) * 2^bits
        total, term, k = 0, one // x, 0
        while term:
            total += term // (2 * k + 1) * (-1 if k % 2 else 1)
            term //= x * x
            k += 1
        return total

    pi = 16 * atan_inverse(5) - 4 * atan_inverse(239)
    fraction = (2 << (bits + 32 * words)) // pi  # 2/pi * 2^(32 * words)
    return [(fraction >> (32 * (words - 1 - i))) & 0xFFFFFFFF for i in range(words)]


# 38 words reach the largest float64 exponent (i0 = 30, plus the 7 words the reduction multiplies by).
_TWO_OVER_PI = ", ".join(f"0x{w:08x}u" for w in _two_over_pi_words(38))

_CONSTS = {
    "EXP_HI": ("88.72283935546875", "709.782712893384"),
    "EXP_LO": ("-103.972084045410", "-745.1332191019412"),
    "EXP2I_MIN": ("-126.0", "-1022.0"),  # the normal powers of two vt_exp2i builds
    "EXP2I_MAX": ("127.0", "1023.0"),
    "LN2HI": ("0.693145751953125", "0.693147180369123816490"),
    "LN2LO": ("1.428606765330187045e-06", "1.90821492927058770002e-10"),
    "BIG": ("1.0e4", "1.0e8"),
    "TANH_BIG": ("9.0", "22.0"),
    "SPLIT": ("4097.0", "134217729.0"),  # 2^12 + 1, 2^27 + 1: Veltkamp's splitting constants
    "POW_SPLIT": ("1.0e30", "1.0e290"),  # |y| below this can be split (|log x| < 750)
    "ROUND_BIG": ("8388608.0", "4503599627370496.0"),  # 2^23, 2^52: from here on every value is an integer
    # Below: Cody-Waite reduction (exact: k * part has no rounding); above: Payne-Hanek (vt_rem_pio2).
    "TRIG_BIG": ("1.0e5", "1.0e6"),
    # frexp exponents of the quotients vt_div corrects: normal results up to overflow
    "DIV_EMIN": ("-124.0", "-1020.0"),
    "DIV_EMAX": ("128.0", "1024.0"),
    # |a| and |b| in [DIV_LO, DIV_HI] (2^-50, 2^50; 2^-450, 2^450): the quotient's Veltkamp split cannot
    # overflow and every product in vt_div's short path is normal
    "DIV_LO": ("8.881784197001252e-16", "3.4395525670743494e-136"),
    "DIV_HI": ("1125899906842624.0", "2.9073548971824276e135"),
    # the error bound of vt_div_round's correction relative to itself, with 8x margin (2^-18, 2^-47; the reciprocal
    # may be 2.5 ulp off), and the least normal value, which that bound is kept above (NVIDIA flushes below it)
    "DIV_TOL": ("3.814697265625e-06", "7.105427357601002e-15"),
    "DIV_TINY": ("1.1754943508222875e-38", "2.2250738585072014e-308"),
}
_CONSTS.update({f"PIO2_{k}": (c, c) for k, c in enumerate(_split_half_pi(4, 8), start=1)})

# name -> (dependencies, {class: code}); class "float" is float16/float32 compute, "double" float64.
_LIB: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "vt_special": ((), {
        "float": """
bool vt_isnan(float x) { return (floatBitsToUint(x) & 0x7fffffffu) > 0x7f800000u; }
bool vt_isinf(float x) { return (floatBitsToUint(x) & 0x7fffffffu) == 0x7f800000u; }
bool vt_signbit(float x) { return (floatBitsToUint(x) & 0x80000000u) != 0u; }
float vt_nan() { return uintBitsToFloat(0x7fc00000u); }
float vt_inf() { return uintBitsToFloat(0x7f800000u); }""",
        "double": """
bool vt_isnan(double x) { uvec2 u = unpackDouble2x32(x); uint h = u.y & 0x7fffffffu;
  return h > 0x7ff00000u || (h == 0x7ff00000u && u.x != 0u); }
bool vt_isinf(double x) { uvec2 u = unpackDouble2x32(x); return (u.y & 0x7fffffffu) == 0x7ff00000u && u.x == 0u; }
bool vt_signbit(double x) { return (unpackDouble2x32(x).y & 0x80000000u) != 0u; }
double vt_nan() { return packDouble2x32(uvec2(0u, 0x7ff80000u)); }
double vt_inf() { return packDouble2x32(uvec2(0u, 0x7ff00000u)); }""",
    }),
    # |x| as a normal number times 2^shift, from the bits: GPUs may flush subnormals in arithmetic.
    "vt_normalized": ((), {
        "float": """
float vt_normalized(float x, out int shift) {
  uint b = floatBitsToUint(x) & 0x7fffffffu;
  shift = (b & 0x7f800000u) == 0u ? -149 : 0;
  return shift == 0 ? uintBitsToFloat(b) : float(b);
}""",
        "double": """
double vt_normalized(double x, out int shift) {
  uvec2 u = unpackDouble2x32(x);
  u.y &= 0x7fffffffu;
  shift = (u.y & 0x7ff00000u) == 0u ? -1074 : 0;
  return shift == 0 ? packDouble2x32(u) : double(u.y) * 4294967296.0lf + double(u.x);
}""",
    }),
    "vt_copysign": (("vt_special",), {
        "f": "T vt_copysign(T a, T b) { return vt_signbit(a) != vt_signbit(b) ? -a : a; }"}),
    # roundEven and trunc of the driver may lose the sign of zero, round halves wrongly or not at all
    # (lavapipe's float64 roundEven(-1.5) is -1): adding and removing 2^52 (2^23) rounds halves to even.
    "vt_round": (("vt_copysign",), {"f": """
T vt_round(T x) {
  T ax = abs(x);
  if (!(ax < C(ROUND_BIG))) return x;
  precise T r = (ax + C(ROUND_BIG)) - C(ROUND_BIG);
  return vt_copysign(r, x);
}
T vt_trunc(T x) { return vt_copysign(floor(abs(x)), x); }  // lavapipe's float64 trunc(2147483647.5) is itself"""}),
    # 2^e for e in the normal exponents, from its bits.
    "vt_exp2i": ((), {"float": "float vt_exp2i(int e) { return uintBitsToFloat(uint(e + 127) << 23); }",
                      "double": "double vt_exp2i(int e) { return packDouble2x32(uvec2(0u, uint(e + 1023) << 20)); }"}),
    "vt_exp": (("vt_special", "vt_exp2i"), {"f": """
T vt_exp_reduced(T x, out int ki) {  // exp(x) == result * 2^ki, for x in [EXP_LO, EXP_HI]
  T k = roundEven(x * C(1.4426950408889634));
  T r = fma(-k, C(LN2HI), x);
  r = fma(-k, C(LN2LO), r);
  ki = int(k);
  return P_EXP;
}
T vt_scale(T m, int ki) {  // m * 2^ki, rounded once where it is subnormal
  // NOTE: products, not ldexp: NVIDIA's ldexp flushes subnormal results to zero. One where 2^ki is normal.
  if (ki >= int(C(EXP2I_MIN)) && ki <= int(C(EXP2I_MAX))) {
    precise T p = m * vt_exp2i(ki);
    return p;
  }
  precise T r = m * vt_exp2i(ki / 2);
  precise T s = r * vt_exp2i(ki - ki / 2);
  return s;
}
T vt_exp(T x) {
  if (x >= C(EXP_LO) && x <= C(EXP_HI)) {  // NOTE: one test for the common case (false for NaN)
    int ki;
    T m = vt_exp_reduced(x, ki);
    return vt_scale(m, ki);
  }
  if (vt_isnan(x)) return x;
  return x > T(0) ? vt_inf() : T(0);
}"""}),
    "vt_log_reduce": (("vt_normalized",), {"f": """
T vt_log_reduce(T x, out int e) {  // finite x > 0 == m * 2^e with m in [sqrt(1/2), sqrt(2)): returns m
  int shift;
  T m = frexp(vt_normalized(x, shift), e);
  e += shift;
  if (m < C(0.70710678118654752)) { m *= T(2); e -= 1; }
  return m;
}"""}),
    "vt_log": (("vt_special", "vt_normalized", "vt_log_reduce"), {"f": """
T vt_log(T x) {
  if (vt_isnan(x)) return x;
  int shift;
  if (vt_normalized(x, shift) == T(0)) return -vt_inf();
  if (vt_signbit(x)) return vt_nan();
  if (vt_isinf(x)) return x;
  int e;
  T f = vt_log_reduce(x, e) - T(1);
  T s = f / (T(2) + f);
  T z = s * s;
  T fe = T(e);
  return fma(fe, C(LN2HI), fma(T(2) * s, P_ATANH, fe * C(LN2LO)));
}"""}),
    "vt_expm1": (("vt_exp",), {"f": """
T vt_expm1(T x) {
  if (abs(x) < C(0.5)) return x * P_EXPM1;
  return vt_exp(x) - T(1);
}"""}),
    "vt_log1p": (("vt_log",), {"f": """
T vt_log1p(T x) {
  if (vt_isnan(x)) return x;
  if (abs(x) < C(0.4)) { T s = x / (T(2) + x); T z = s * s; return T(2) * s * P_ATANH; }
  if (vt_isinf(x) && x > T(0)) return x;
  T u = T(1) + x;
  if (u == T(0)) return vt_log(u);  // -inf; the correction below would be 0 / 0
  return vt_log(u) - ((u - T(1)) - x) / u;
}"""}),
    "vt_sqrt": (("vt_special", "vt_normalized"), {"f": """
T vt_sqrt(T x) {
  int shift;
  T y = vt_normalized(x, shift);
  if (y == T(0)) return x;
  if (vt_signbit(x)) return vt_nan();
  if (shift == 0) return sqrt(x);
  if ((shift & 1) != 0) { y *= T(2); shift -= 1; }  // a subnormal: scaled, as the GPU may flush it
  return ldexp(sqrt(y), shift / 2);
}"""}),
    "vt_hyper": (("vt_expm1", "vt_log1p", "vt_copysign"), {"f": """
T vt_sinh(T x) {
  T ax = abs(x);
  T s;
  if (ax < T(1)) { T e = vt_expm1(ax); s = T(0.5) * (e + e / (e + T(1))); }
  else { T e = vt_exp(ax); s = T(0.5) * (e - T(1) / e); }
  return vt_copysign(s, x);
}
T vt_cosh(T x) { T e = vt_exp(abs(x)); return T(0.5) * (e + T(1) / e); }
T vt_tanh(T x) {
  T ax = abs(x);
  if (ax > C(TANH_BIG)) return vt_copysign(T(1), x);
  T t = vt_expm1(T(2) * ax);
  return vt_copysign(t / (t + T(2)), x);
}
T vt_asinh(T x) {
  T ax = abs(x);
  T r = ax > C(BIG) ? vt_log(ax) + C(0.69314718055994531) : vt_log1p(ax + ax * ax / (T(1) + sqrt(T(1) + ax * ax)));
  return vt_copysign(r, x);
}
T vt_acosh(T x) {
  if (x < T(1)) return vt_nan();
  if (x > C(BIG)) return vt_log(x) + C(0.69314718055994531);
  T t = x - T(1);
  return vt_log1p(t + sqrt(T(2) * t + t * t));
}
T vt_atanh(T x) {
  T ax = abs(x);
  if (ax > T(1)) return vt_nan();
  return vt_copysign(T(0.5) * vt_log1p(T(2) * ax / (T(1) - ax)), x);
}"""}),
    "vt_rem_pio2": ((), {"*": """
const uint VT_2OPI[38] = uint[38](""" + _TWO_OVER_PI + """);
uint vt_bits(uint q[9], int pos) {  // bits [pos, pos + 32) of the 288-bit number q (little-endian limbs)
  int li = pos >> 5;
  uint sh = uint(pos & 31);
  uint lo = li >= 0 && li < 9 ? q[clamp(li, 0, 8)] : 0u;
  uint hi = li >= -1 && li < 8 ? q[clamp(li + 1, 0, 8)] : 0u;
  return sh == 0u ? lo : (lo >> sh) | (hi << (32u - sh));
}
void vt_add64(inout uint q[9], int p, uint hi, uint lo) {  // q += (hi:lo) << 32p
  uint c0, c1, c2;
  q[p] = uaddCarry(q[p], lo, c0);
  q[p + 1] = uaddCarry(q[p + 1], hi, c1);
  q[p + 1] = uaddCarry(q[p + 1], c0, c2);
  uint carry = c1 + c2;
  for (int i = p + 2; i < 9; i++) { q[i] = uaddCarry(q[i], carry, carry); }
}
// Payne-Hanek: for |x| = (m1 * 2^32 + m0) * 2^e, the quadrant k (|x| / (pi/2) rounded, mod 4) and the rest
// |x| / (pi/2) - k in [-1/2, 1/2] as 128 bits of its magnitude (f.x most significant) and its sign. Only
// the 7 words of 2/pi that reach bit 2^1 and 128 bits below the point enter (the ones above give multiples of 4).
int vt_rem_pio2(uint m1, uint m0, int e, out uvec4 f, out bool negative) {
  int i0 = e >= 2 ? (e - 2) >> 5 : 0;
  uint q[9];
  for (int i = 0; i < 9; i++) q[i] = 0u;
  for (int t = 0; t < 7; t++) {
    uint w = VT_2OPI[i0 + 6 - t];
    uint hi, lo;
    umulExtended(m0, w, hi, lo);
    vt_add64(q, t, hi, lo);
    umulExtended(m1, w, hi, lo);
    vt_add64(q, t + 1, hi, lo);
  }
  int point = 224 - (e - 32 * i0);  // the bit of q worth 1
  uint k = vt_bits(q, point) & 3u;
  f = uvec4(vt_bits(q, point - 32), vt_bits(q, point - 64), vt_bits(q, point - 96), vt_bits(q, point - 128));
  negative = f.x >= 0x80000000u;
  if (negative) {  // nearer to the next quadrant: the rest is -(1 - f)
    k += 1u;
    f = ~f;
    uint c;
    f.w = uaddCarry(f.w, 1u, c);
    f.z = uaddCarry(f.z, c, c);
    f.y = uaddCarry(f.y, c, c);
    f.x += c;
  }
  return int(k & 3u);
}"""}),
    "vt_trig": (("vt_special", "vt_rem_pio2", "vt_div"), {
        "float": """
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
  if (abs(x) >= C(TRIG_BIG)) return vt_reduce_big(x, r);
  float k = roundEven(x * 0.63661977236758134);
  precise float t = x - k * C(PIO2_1);
  t = t - k * C(PIO2_2);
  t = t - k * C(PIO2_3);
  t = t - k * C(PIO2_4);
  r = t - k * C(PIO2_5);
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
}""",
        "double": """
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
  if (abs(x) >= C(TRIG_BIG)) return vt_reduce_big(x, r);
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
}""",
    }),
    "vt_atan": (("vt_copysign",), {"f": """
T vt_atan(T x) {
  if (vt_isnan(x)) return x;
  T ax = abs(x);
  bool inverted = ax > T(1);
  T t = inverted ? T(1) / ax : ax;
  T base = T(0);
  if (t > C(0.26794919243112270)) {
    base = C(0.52359877559829887);
    t = (t * C(1.7320508075688772) - T(1)) / (C(1.7320508075688772) + t);
  }
  T z = t * t;
  T r = base + t * P_ATAN;
  if (inverted) r = C(1.5707963267948966) - r;
  return vt_copysign(r, x);
}"""}),
    "vt_atan2": (("vt_atan", "vt_copysign"), {"f": """
T vt_atan2(T y, T x) {
  if (vt_isnan(x) || vt_isnan(y)) return x + y;
  T pi = C(3.14159265358979323846);
  if (y == T(0)) return vt_signbit(x) ? vt_copysign(pi, y) : vt_copysign(T(0), y);
  if (x == T(0)) return vt_copysign(T(0.5) * pi, y);
  if (vt_isinf(x)) {
    if (vt_isinf(y)) return vt_copysign(x > T(0) ? T(0.25) * pi : T(0.75) * pi, y);
    return x > T(0) ? vt_copysign(T(0), y) : vt_copysign(pi, y);
  }
  if (vt_isinf(y)) return vt_copysign(T(0.5) * pi, y);
  T a = vt_atan(abs(y / x));
  if (x < T(0)) a = pi - a;
  return vt_copysign(a, y);
}
T vt_asin(T x) { if (abs(x) > T(1)) return vt_nan(); return vt_atan2(x, sqrt((T(1) - x) * (T(1) + x))); }
T vt_acos(T x) { if (abs(x) > T(1)) return vt_nan(); return vt_atan2(sqrt((T(1) - x) * (T(1) + x)), x); }"""}),
    # NOTE: Dekker's product, not fma(x, y, -p): Vulkan lets fma round twice (lavapipe does), so an fma
    # cannot give a product's rounding error. |x|, |y| < 2^115 (float) / 2^995 (double) keep the split finite.
    "vt_two_prod": ((), {"f": """
T vt_two_prod_err(T x, T y, T p) {  // x * y - p exactly, for p = x * y rounded
  precise T cx = C(SPLIT) * x;
  precise T xh = cx - (cx - x);
  precise T xl = x - xh;
  precise T cy = C(SPLIT) * y;
  precise T yh = cy - (cy - y);
  precise T yl = y - yh;
  precise T e = ((xh * yh - p) + xh * yl + xl * yh) + xl * yl;
  return e;
}
T vt_residual(T a, T b, T q) {  // a - q * b for q near a / b: a - p is exact (Sterbenz), only the last step rounds
  precise T p = q * b;
  precise T r = (a - p) - vt_two_prod_err(q, b, p);
  return r;
}"""}),
    # a / b rounded as IEEE division is: Vulkan lets a division be 2.5 ulp off (NVIDIA's is), so the driver's
    # quotient is corrected once by its exact residual, then, where an interval test cannot settle it, rounded
    # by the side of the midpoint it lies on (vt_div_round: a correction alone misrounds quotients near a
    # midpoint, such as 1 / (1 - 2^-24), once the reciprocal is an ulp off). Operands in [DIV_LO, DIV_HI] take
    # the short path (one reciprocal); the others go through their mantissas. Quotients that are 0, infinite,
    # NaN or in the extreme binades (below 2^-124, or near overflow) are the driver's: on the H100, 0.14 % of
    # float32 pairs over the whole exponent range, all below 2^-124, were 1 ulp off.
    "vt_div": (("vt_special", "vt_normalized", "vt_two_prod", "vt_nextafter"), {"f": """
T vt_div_round(T a, T b, T s, T c) {  // a / b rounded, from s + c within an ulp of it, c the correction of s
  // c is within DIV_TOL / 8 of a / b - s, so a / b lies in [s + c - tol, s + c + tol]: where both ends round
  // alike, so does it (nearly always); else the side of the midpoint decides (no overflow or underflow near)
  precise T tol = max(abs(c) * C(DIV_TOL), C(DIV_TINY));
  precise T lo = s + (c - tol);
  precise T hi = s + (c + tol);
  if (lo == hi) return lo;
  precise T q = s + c;
  precise T p = q * b;
  precise T ahead = a - p;  // exact (Sterbenz)
  precise T e = vt_two_prod_err(q, b, p);  // a - q * b == ahead - e exactly
  precise T r = ahead - e;
  if (r == T(0)) return q;
  T n = vt_nextafter(q, (r > T(0)) == (b > T(0)) ? vt_inf() : -vt_inf());  // the neighbour on a / b's side
  precise T h = (n - q) * T(0.5) * b;  // exact: half the step to n, times b
  precise T d = (ahead - h) - e;  // a - (q + n) / 2 * b, whose sign rounding keeps
  return (d > T(0)) == (h > T(0)) ? n : q;
}
T vt_div_wide(T a, T b) {
  T q = a / b;
  // NOTE: not q == 0: NVIDIA divides through 1 / b, 0 once b passes 2^126.
  if (a == T(0) || b == T(0) || vt_isinf(a) || vt_isinf(b) || vt_isnan(q)) return q;
  int sa, sb, ea, eb;
  T ma = frexp(vt_normalized(a, sa), ea);
  T mb = frexp(vt_normalized(b, sb), eb);
  int e = ea + sa - eb - sb;
  if (e < int(C(DIV_EMIN)) || e > int(C(DIV_EMAX))) return q;
  precise T s = ma / mb;  // in (1/2, 2)
  T t = vt_div_round(ma, mb, s, vt_residual(ma, mb, s) / mb);
  t = ldexp(t, e - 1) * T(2);  // overflows to inf past the largest value, as IEEE division does
  return vt_signbit(a) != vt_signbit(b) ? -t : t;
}
T vt_div(T a, T b) {
  T fa = abs(a);
  T fb = abs(b);
  // NOTE: false for NaN, infinities and 0 as well
  if (fa >= C(DIV_LO) && fa <= C(DIV_HI) && fb >= C(DIV_LO) && fb <= C(DIV_HI)) {
    precise T y = T(1) / b;
    precise T s = a * y;
    return vt_div_round(a, b, s, vt_residual(a, b, s) * y);
  }
  return vt_div_wide(a, b);
}"""}),
    # log(x) for finite x > 0 as hi + lo, some 8 bits beyond T: pow multiplies it by y, which scales its error.
    "vt_log_hilo": (("vt_log_reduce", "vt_two_prod"), {"f": """
T vt_log_hilo(T x, out T lo) {
  int e;
  // NOTE: precise: compilers may simplify (2 - d) + f and the like away otherwise (Mesa's NIR does).
  precise T f = vt_log_reduce(x, e) - T(1);
  precise T d = T(2) + f;
  precise T d_lo = (T(2) - d) + f;  // d + d_lo == 2 + f exactly
  precise T s = f / d;
  precise T s_lo = (vt_residual(f, d, s) - s * d_lo) / d;  // s + s_lo == f / (2 + f), closely
  T z = s * s;
  T fe = T(e);
  precise T a = fe * C(LN2HI);  // exact: LN2HI has few bits
  precise T hi = a + T(2) * s;
  precise T tail = ((a - hi) + T(2) * s) + fma(fe, C(LN2LO), T(2) * s_lo + T(2) * s * z * P_ATANH_TAIL);
  precise T sum = hi + tail;
  lo = tail - (sum - hi);
  return sum;
}"""}),
    "vt_pow": (("vt_exp", "vt_log_hilo", "vt_copysign", "vt_round"), {"f": """
T vt_pow(T x, T y) {
  if (y == T(0) || x == T(1)) return T(1);
  if (vt_isnan(x) || vt_isnan(y)) return x + y;
  bool yint = !vt_isinf(y) && vt_trunc(y) == y;
  if (yint && abs(y) <= T(4)) {  // at most two roundings; longer products would pass exp/log's 1.5 ulp
    int n = int(abs(y)); T b = x; T r = T(1);
    while (n > 0) { if ((n & 1) != 0) r *= b; b *= b; n >>= 1; }
    if (y > T(0)) return r;
    if (!vt_isinf(r)) return T(1) / r;  // else the result may be subnormal: exp/log below
  }
  T h = y * T(0.5);
  bool yodd = yint && vt_trunc(h) != h;
  T ax = abs(x);
  if (vt_isinf(y)) { if (ax == T(1)) return T(1); return (ax < T(1)) == (y > T(0)) ? T(0) : vt_inf(); }
  if (x == T(0)) { T r = y < T(0) ? vt_inf() : T(0); return yodd ? vt_copysign(r, x) : r; }
  if (vt_isinf(x)) { T r = y < T(0) ? T(0) : vt_inf(); return (x < T(0) && yodd) ? -r : r; }
  if (x < T(0) && !yint) return vt_nan();
  T log_lo;
  T log_hi = vt_log_hilo(ax, log_lo);
  precise T p = y * log_hi;
  precise T p_lo = (abs(y) < C(POW_SPLIT) ? vt_two_prod_err(y, log_hi, p) : T(0)) + y * log_lo;  // y log(x) = p + p_lo
  T r;
  if (vt_isnan(p) || p > C(EXP_HI) || p < C(EXP_LO)) r = vt_exp(p);
  else {  // exp(p + p_lo) == exp(p) * (1 + p_lo), corrected before the scaling rounds a subnormal result
    int ki;
    T m = vt_exp_reduced(p, ki);
    r = vt_scale(fma(m, p_lo, m), ki);
  }
  return (x < T(0) && yodd) ? -r : r;
}"""}),
    "vt_ipow": ((), {
        "i": """
T vt_ipow(T a, T b) {
  if (b < T(0)) return a == T(1) ? T(1) : (a == T(-1) ? ((b & T(1)) != T(0) ? T(-1) : T(1)) : T(0));
  T r = T(1);
  while (b > T(0)) { if ((b & T(1)) != T(0)) r *= a; a *= a; b >>= 1; }
  return r;
}""",
        "u": """
T vt_ipow(T a, T b) {
  T r = T(1);
  while (b > T(0)) { if ((b & T(1)) != T(0)) r *= a; a *= a; b >>= 1; }
  return r;
}"""}),
    "vt_divmod": (("vt_copysign", "vt_normalized", "vt_div"), {
        "f": """
int vt_exponent(T x) {  // frexp's exponent of a finite x != 0, subnormals included
  int shift, e;
  frexp(vt_normalized(x, shift), e);
  return e + shift;
}
// Exact, as C's fmod: subtract the largest b * 2^k <= r until r < b; each step is exact (Sterbenz), and
// the exponent of r drops every step (a quotient from a / b was off by thousands once it passed 2^24).
T vt_fmod(T a, T b) {
  if (vt_isnan(a) || vt_isnan(b) || vt_isinf(a) || b == T(0)) return vt_nan();
  T r = abs(a);
  T d = abs(b);
  if (!(r >= d)) return a;
  int shift, ed;
  T md = frexp(vt_normalized(d, shift), ed);
  for (int i = 0; i < 2100 && r >= d; i++) {  // 2100 > 2098, the widest exponent gap of two float64
    int er = vt_exponent(r);
    T t = ldexp(md, er);
    if (t > r) t = ldexp(md, er - 1);
    r -= t;
  }
  return vt_copysign(r, a);
}
T vt_floordiv(T a, T b) {
  if (b == T(0)) return a / b;
  T m = vt_fmod(a, b);
  T d = vt_div(a - m, b);
  if (m != T(0) && (b < T(0)) != (m < T(0))) d -= T(1);
  if (d == T(0)) return vt_copysign(T(0), a / b);
  T f = floor(d);
  if (d - f > T(0.5)) f += T(1);
  return f;
}
T vt_rem(T a, T b) {
  if (b == T(0)) return vt_nan();
  T m = vt_fmod(a, b);
  if (m != T(0)) { if ((b < T(0)) != (m < T(0))) m += b; }
  else m = vt_copysign(T(0), b);
  return m;
}""",
        "i": """
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
}""",
        "u": """
T vt_floordiv(T a, T b) { return b == T(0) ? T(0) : a / b; }
T vt_rem(T a, T b) { return b == T(0) ? T(0) : a % b; }""",
    }),
    "vt_minmax": (("vt_special",), {"f": """
T vt_maximum(T a, T b) { return (a > b || vt_isnan(a)) ? a : b; }  // ties (+0, -0) give b, as NumPy
T vt_minimum(T a, T b) { return (a < b || vt_isnan(a)) ? a : b; }"""}),
    "vt_hypot": (("vt_special",), {"f": """
T vt_hypot(T a, T b) {
  if (vt_isinf(a) || vt_isinf(b)) return vt_inf();
  if (vt_isnan(a) || vt_isnan(b)) return a + b;
  T x = abs(a); T y = abs(b); T m = max(x, y); T n = min(x, y);
  if (m == T(0)) return T(0);
  T r = n / m;
  return m * sqrt(T(1) + r * r);
}"""}),
    "vt_logaddexp": (("vt_exp", "vt_log1p"), {"f": """
T vt_logaddexp(T a, T b) {
  if (a == b) return a + C(0.69314718055994531);
  T t = a - b;
  if (t > T(0)) return a + vt_log1p(vt_exp(-t));
  if (t <= T(0)) return b + vt_log1p(vt_exp(t));
  return t;
}"""}),
    "vt_erf": (("vt_exp", "vt_copysign"), {"f": """
T vt_erf(T x) {
  T z = abs(x);
  T t = T(1) / (T(1) + T(0.5) * z);
  T p = fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, fma(t, C(0.17087277), C(-0.82215223)),
    C(1.48851587)), C(-1.13520398)), C(0.27886807)), C(-0.18628806)), C(0.09678418)), C(0.37409196)),
    C(1.00002368)), C(-1.26551223));
  T erfc = t * vt_exp(-z * z + p);
  return vt_copysign(T(1) - erfc, x);
}"""}),
    # One step toward b in the bits of a (float16: in half precision, through packHalf2x16).
    "vt_nextafter": (("vt_special",), {
        "float": """
float vt_nextafter(float a, float b) {
  if (vt_isnan(a)) return a;  // the NaN itself: NVIDIA's a + b is another NaN than x86's
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0) return uintBitsToFloat(b < 0.0 ? 0x80000001u : 1u);
  uint u = floatBitsToUint(a);
  return uintBitsToFloat((a < b) == (a > 0.0) ? u + 1u : u - 1u);
}
float vt_nextafter16(float a, float b) {
  if (vt_isnan(a)) return a;
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0) return unpackHalf2x16(b < 0.0 ? 0x8001u : 1u).x;
  uint h = packHalf2x16(vec2(a, 0.0)) & 0xffffu;
  return unpackHalf2x16((a < b) == (a > 0.0) ? h + 1u : h - 1u).x;
}""",
        "double": """
double vt_nextafter(double a, double b) {
  if (vt_isnan(a)) return a;
  if (vt_isnan(b)) return b;
  if (a == b) return b;
  if (a == 0.0lf) return packDouble2x32(uvec2(1u, b < 0.0lf ? 0x80000000u : 0u));
  uvec2 u = unpackDouble2x32(a);
  if ((a < b) == (a > 0.0lf)) { u.x += 1u; if (u.x == 0u) u.y += 1u; }
  else { if (u.x == 0u) u.y -= 1u; u.x -= 1u; }
  return packDouble2x32(u);
}""",
    }),
    "vt_sigmoid": (("vt_exp",), {"f": """
T vt_sigmoid(T x) {
  if (x >= T(0)) return T(1) / (T(1) + vt_exp(-x));
  T e = vt_exp(x);
  return e / (T(1) + e);
}"""}),
}
_LIB.update({
    "vt_philox": ((), {"*": """
uvec4 vt_philox(uint k0, uint k1, uint c0, uint c1) {
  uvec4 c = uvec4(c0, c1, 0u, 0u);
  uvec2 k = uvec2(k0, k1);
  for (int r = 0; r < 10; ++r) {
    uint hi0, lo0, hi1, lo1;
    umulExtended(0xD2511F53u, c.x, hi0, lo0);
    umulExtended(0xCD9E8D57u, c.z, hi1, lo1);
    c = uvec4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
    k += uvec2(0x9E3779B9u, 0xBB67AE85u);
  }
  return c;
}
uint vt_bounded(uint x, uint n) { uint hi, lo; umulExtended(x, n, hi, lo); return hi; }"""}),
    "vt_uniform": (("vt_philox",), {
        "float": "float vt_unif(uint x, uint y) { return float(x >> 8) * 5.9604644775390625e-08; }",
        "double": "double vt_unif(uint x, uint y) "
                  "{ return (double(x >> 5) * 67108864.0lf + double(y >> 6)) * 1.1102230246251565e-16lf; }",
    }),
    "vt_gauss": (("vt_uniform", "vt_log", "vt_trig"), {"f": """
T vt_gauss(uvec4 r) {
  T u1 = T(1) - vt_unif(r.x, r.y);
  T u2 = vt_unif(r.z, r.w);
  return sqrt(T(-2) * vt_log(u1)) * vt_cos(C(6.283185307179586) * u2);
}"""}),
})


def _lookup(name: str, dtype: DType) -> str | None:
    """The helper's code for dtype's class; None where it has none (the expression does not use it)."""
    variants = _LIB[name][1]
    for cls in (dtype.compute, dtype.kind, "*"):
        if cls in variants:
            return variants[cls]
    return None


def _order(names: tuple[str, ...]) -> list[str]:
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name in ordered:
            return
        for dep in _LIB[name][0]:
            visit(dep)
        ordered.append(name)

    for name in names:
        visit(name)
    return ordered


def constants(text: str, dtype: DType) -> str:
    """Write the ``C(...)`` constants of ``text`` for dtype's compute type."""
    return _CONST.sub(lambda m: m.group(1) + ("lf" if dtype.compute == "double" else ""), text)


def render(names: tuple[str, ...], dtype: DType) -> str:
    """The GLSL of helpers ``names`` (and what they use) for compute type of ``dtype``."""
    if not names:
        return ""
    wide = 1 if dtype.compute == "double" else 0
    parts = []
    for name in _order(names):
        code = _lookup(name, dtype)
        if code is None:
            continue
        for key, values in _POLYS.items():
            code = re.sub(rf"\b{key}\b", values[wide], code)
        for key, values in _CONSTS.items():
            code = code.replace(f"C({key})", f"C({values[wide]})")
        parts.append(_WORD.sub(dtype.compute, constants(code, dtype)))
    return "\n".join(parts)


INCLUDE_DIRS: tuple[str, ...] = ()  # folders the kernels' #include lines are found in


def substitute(text: str, dtype: DType) -> str:
    """An operation's expression for ``dtype``: ``T``, ``BITS`` and the ``C(...)`` constants written out."""
    text = constants(text, dtype)
    return _WORD.sub(dtype.compute, text).replace("BITS", "64" if dtype.itemsize == 8 else "32")
