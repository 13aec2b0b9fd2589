"""How the math library's polynomial coefficients and constants were computed (float and double).

The library itself is the ``.glsl`` files beside this module, where these values are written out per width;
``tests/array/test_mathlib.py`` checks that every value computed here is there. Change a value here, then in
the files.
"""


from __future__ import annotations

from fractions import Fraction
from math import factorial, floor, log2


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
POLYS = {
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
TWO_OVER_PI = ", ".join(f"0x{w:08x}u" for w in _two_over_pi_words(38))

CONSTS = {
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
CONSTS.update({f"PIO2_{k}": (c, c) for k, c in enumerate(_split_half_pi(4, 8), start=1)})
