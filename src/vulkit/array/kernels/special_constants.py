"""How the coefficients of ``vt.special``'s helpers (``glsl/vt_special_*.glsl``) were computed, float and double.

Two kinds of tables:

- **Series** with exact rational coefficients (Taylor series of sin(pi x), cos(pi x) and sinc, the Stirling and
  digamma asymptotic series from Bernoulli numbers) are computed here at import, with :class:`fractions.Fraction`,
  as ``math_constants`` computes its own.
- **Fits** (:data:`FITS`) are Chebyshev interpolants of a function on an interval, at 60 significant digits,
  truncated where the remaining Chebyshev coefficients fall below the width's rounding (2^-57 of the function's
  least magnitude on the interval for double, 2^-27 for float), then written as a polynomial in ``u = x - center``
  (lowest degree first).
  :func:`compute_fits` recomputes them (it needs mpmath, which vulkit does not depend on:
  ``pip install mpmath; python -m vulkit.array.kernels.special_constants`` prints the table); the numbers below
  are its output. :data:`FIT_DOCS` says what each one approximates.

The ``.glsl`` files write each polynomial out by :func:`horner`; ``tests/test_special.py`` checks that every table
here is in them. Change a value here, then in the files.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial
from typing import Any

import numpy as np

# pi to 63 digits (as math_constants has it)
PI = Fraction("3.14159265358979323846264338327950288419716939937510582097494459")

# -- exact series -------------------------------------------------------------------------------------------


def _bernoulli(n: int) -> list[Fraction]:
    """B_0 .. B_n (B_1 = -1/2), by the Akiyama-Tanigawa algorithm."""
    numbers, row = [], [Fraction(0)] * (n + 1)
    for m in range(n + 1):
        row[m] = Fraction(1, m + 1)
        for j in range(m, 0, -1):
            row[j - 1] = j * (row[j - 1] - row[j])
        numbers.append(row[0])
    numbers[1] = -numbers[1]  # the algorithm gives B_1 = +1/2
    return numbers


def _sinpi_series(terms: int) -> list[float]:
    """sin(pi r) / r as a polynomial in r^2: (-1)^k pi^(2k+1) / (2k+1)!."""
    return [float((-1) ** k * PI ** (2 * k + 1) / factorial(2 * k + 1)) for k in range(terms)]


def _cospi_series(terms: int) -> list[float]:
    """cos(pi r) as a polynomial in r^2: (-1)^k pi^(2k) / (2k)!."""
    return [float((-1) ** k * PI ** (2 * k) / factorial(2 * k)) for k in range(terms)]


def _sinc_series(terms: int) -> list[float]:
    """sin(pi x) / (pi x) as a polynomial in x^2: (-1)^k pi^(2k) / (2k+1)!."""
    return [float((-1) ** k * PI ** (2 * k) / factorial(2 * k + 1)) for k in range(terms)]


def _stirling_series(terms: int) -> list[float]:
    """lgamma(x) - ((x - 1/2) log x - x + log(2 pi) / 2), times x, as a polynomial in 1/x^2:
    B_2k / (2k (2k - 1))."""
    b = _bernoulli(2 * terms)
    return [float(b[2 * k] / (2 * k * (2 * k - 1))) for k in range(1, terms + 1)]


def _digamma_series(terms: int) -> list[float]:
    """log x - 1/(2x) - digamma(x) as a polynomial in 1/x^2, from its 1/x^2 term: B_2k / (2k)."""
    b = _bernoulli(2 * terms)
    return [float(b[2 * k] / (2 * k)) for k in range(1, terms + 1)]


SERIES: dict[str, tuple[list[float], list[float]]] = {  # (float, double)
    # |r| <= 1/4: the first term left out is below 2^-60 (double), 2^-31 (float) of the sum
    "SINPI": (_sinpi_series(5), _sinpi_series(9)),
    "COSPI": (_cospi_series(6), _cospi_series(9)),
    "SINC": (_sinc_series(5), _sinc_series(9)),
    # x >= 10 (double; the 9th term is 4e-18 of x^-1 there), x >= 8 (float)
    "STIRLING": (_stirling_series(4), _stirling_series(8)),
    "DIGAMMA_ASYMPTOTIC": (_digamma_series(4), _digamma_series(8)),
}

# -- fits ---------------------------------------------------------------------------------------------------

FIT_DOCS = {
    "ERF_SMALL": "erf(x) / x in t = x^2 on [0, 1]",
    "ERFCX": "erfcx(x) * (1 + 2x) in t = (x - 3) / (x + 3) on [-1, 1] (x in [0, inf))",
    "ERFINV_SMALL": "erfinv(y) / y in t = y^2 on [0, 1/4]",
    # erfcinv(q) for q = exp(-s^2) <= 1/2 (v <= 1.2011): x / s in v = 1/s, a guess that one Newton step finishes
    "ERFCINV_NEAR": "erfcinv(exp(-1/v^2)) * v in u = v - 0.85 on v in [1/2, 1.21] (s in [0.83, 2]), within 1e-9",
    "ERFCINV_FAR": "erfcinv(exp(-1/v^2)) * v in u = v - 0.27 on v in [1/27.3, 1/2] (s in [2, 27.3]), within 1e-9",
    "ERFCINV_GUESS": "erfcinv(exp(-1/v^2)) * v in u = v - 0.65 on v in [1/10.2, 1.21] (s in [0.83, 10.2]), within 1e-4",
    "LGAMMA": "lgamma(x) / (x - 2) in u = x - 2 on [-1/2, 1/2]",
    "LGAMMA1": "lgamma(x) / (x - 1) in u = x - 5/4 on [-1/4, 1/4]",
    "RGAMMA": "1 / gamma(x) in u = x - 3/2 on [-1/2, 1/2]",
    "DIGAMMA": "digamma(x) / (x - x0) in u = x - 3/2 on [-1/2, 1/2] (x0: digamma's positive zero)",
    "I0_SMALL": "I0(x) in t = x^2 on [0, 100]",
    "I1_SMALL": "I1(x) / x in t = x^2 on [0, 100]",
    "I0_LARGE": "sqrt(x) exp(-x) I0(x) in u = 1/x - 1/20 on [-1/20, 1/20] (x >= 10)",
    "I1_LARGE": "sqrt(x) exp(-x) I1(x) in u = 1/x - 1/20 on [-1/20, 1/20] (x >= 10)",
}

# name: (float coefficients, double coefficients), lowest degree first, in the variable FIT_DOCS names
FITS: dict[str, tuple[tuple[float, ...], tuple[float, ...]]] = {}
# BEGIN FITS (python -m vulkit.array.kernels.special_constants)
FITS["ERF_SMALL"] = (
    (1.1283791065216064, -0.3761262595653534, 0.11283597350120544, -0.02685432881116867, 0.005189312156289816,
     -0.0008018855005502701, 7.882497448008507e-05),
    (1.1283791670955126, -0.3761263890318375, 0.11283791670954882, -0.026866170645077334, 0.005223977624823223,
     -0.0008548326981129666, 0.00012055331122299266, -1.4925595519506043e-05, 1.6461004480962034e-06,
     -1.6350354461959655e-07, 1.4660051998394848e-08, -1.1373902296430911e-09, 5.958930743134941e-11),
)
FITS["ERFCX"] = (
    (1.2530080080032349, -0.1356210708618164, -0.04756215587258339, 0.12964411079883575, -0.11927527189254761,
     0.06831657141447067, -0.02376357652246952, 0.0024991168174892664, 0.0018750791205093265,
     -0.0007264536689035594, -9.2545167717617e-05, 7.731024379609153e-05),
    (1.2530080582697296, -0.13562110612458117, -0.0475622943534492, 0.1296451587027594, -0.11927366341538638,
     0.0683080273440099, -0.02377051491717134, 0.0025293918156939696, 0.0018886903449991718, -0.0007798322696543306,
     -0.00010515971958448065, 0.0001250993424583729, 4.949196649968345e-06, -2.0100542268525612e-05,
     -7.308281468783614e-07, 3.472370944977168e-06, 3.5576086684080595e-07, -6.166011460398726e-07,
     -1.4047654315428462e-07, 1.0183620603842736e-07, 4.1064013667940355e-08, -1.3312919661038687e-08,
     -8.217595058711455e-09, 9.862533510345587e-10, 8.393734858690877e-10),
)
FITS["ERFINV_SMALL"] = (
    (0.8862269520759583, 0.23201340436935425, 0.12757231295108795, 0.08617738634347916, 0.06904131919145584,
     0.02960197441279888, 0.0978194922208786),
    (0.886226925452758, 0.23201366653465938, 0.12755617530434396, 0.08655212936839432, 0.06495961106449397,
     0.051731492171509304, 0.04283245246052014, 0.0365244681104025, 0.031133354835717303, 0.03165882444003925,
     0.00820249475773339, 0.07403388841427054, -0.07688796265772653, 0.11364410456260272),
)
FITS["ERFCINV_NEAR"] = (
    (),
    (0.690599539756566, -0.3769042092943938, 0.11508666590635538, 0.027568822186780025, -0.06711403053049142,
     0.052597349638057164, -0.026074693673681315, 0.008444958315623908, -0.003935687363840435,
     0.004122346107158923),
)
FITS["ERFCINV_FAR"] = (
    (),
    (0.9302139414921314, -0.3863047064650479, -0.23915994115953174, 0.5543616069044731, -0.6147374874763788,
     0.7817831987914707, -1.3954081779901946, 2.6336731854523316, -14.074500548157022, 67.12247366990927,
     251.25708102296153, -1838.1217121907991, -8478.433813654272, 47876.429608231774, 113714.95331526984,
     -594097.8078119284, -754062.5771332178, 3447596.7038815534),
)
FITS["ERFCINV_GUESS"] = (
    (0.7702431678771973, -0.4167829155921936, 0.07695219665765762, 0.10178747773170471, -0.1295689195394516,
     0.12101475894451141, -0.08217776566743851),
    (),
)
FITS["LGAMMA"] = (
    (0.42278432846069336, 0.32246702909469604, -0.0673522800207138, 0.020581630989909172, -0.0073861777782440186,
     0.0028788268100470304, -0.0011858376674354076, 0.0005703468923456967, -0.00025386185734532773),
    (0.42278433509846713, 0.32246703342411326, -0.06735230105319814, 0.020580808427780335, -0.007385551028668096,
     0.002890510331036772, -0.0011927539120033873, 0.0005096695153484373, -0.00022315475069647703,
     9.945767440096764e-05, -4.492635166770342e-05, 2.0505584372896933e-05, -9.438454884054723e-06,
     4.3847319318293745e-06, -2.044935323180052e-06, 9.199898075671394e-07, -4.303234692956732e-07,
     2.7880013392491846e-07, -1.341570273460026e-07),
)
FITS["LGAMMA1"] = (
    (-0.39308735728263855, 0.6625352501869202, -0.25548267364501953, 0.13677242398262024, -0.08339449763298035,
     0.054297421127557755, -0.0368412584066391, 0.027693726122379303, -0.01986675150692463),
    (-0.3930873456872526, 0.6625352492439489, -0.25548268796157403, 0.1367707934884177, -0.08339250575547194,
     0.054390401741860224, -0.03692956433138403, 0.025743859164033427, -0.018282077956892413, 0.013163014059647607,
     -0.009579045424778122, 0.007033279464584196, -0.00519926662246526, 0.0038236961191764275,
     -0.002852747239822341, 0.002527722141107636, -0.0019239722388263386),
)
FITS["RGAMMA"] = (
    (1.128379225730896, -0.041174545884132385, -0.5266544222831726, 0.1751030832529068, 0.05096718668937683,
     -0.04217049479484558, 0.0066092717461287975, 0.002203451469540596, -0.0010943353408947587),
    (1.1283791670955126, -0.0411745264452831, -0.5266544355255447, 0.17510202604393435, 0.0509668602477232,
     -0.04215516936852383, 0.00661289782627482, 0.002120731442277257, -0.0011107302459330316,
     0.00015235762470520615, 2.5355130626661337e-05, -1.389683544823172e-05, 2.1565575284250995e-06,
     5.80703265961005e-08, -9.002232748879092e-08, 1.681337201347965e-08),
)
FITS["DIGAMMA"] = (
    (0.9510558843612671, -0.42362749576568604, 0.24054266512393951, -0.148398756980896, 0.09498070180416107,
     -0.062057461589574814, 0.04089488089084625, -0.025778941810131073, 0.016909167170524597, -0.016387782990932465,
     0.011232875287532806),
    (0.9510558760318328, -0.4236274212814606, 0.24054248424078736, -0.14840492305388006, 0.09498872445282817,
     -0.06192213327556183, 0.040760833944741226, -0.02697579665686472, 0.01790724819228875, -0.011908220169786002,
     0.007927024136843637, -0.0052799364178857415, 0.0035180792717028125, -0.0023455016279107115,
     0.0015635739915515125, -0.0010364227247828023, 0.0006899428514219089, -0.00048606417050412354,
     0.00032689316473621455, -0.00014460384609240088, 9.158816882117e-05, -0.00017837342400462423,
     0.00012241591000024265),
)
FITS["I0_SMALL"] = (
    (1.0, 0.2499999850988388, 0.015625005587935448, 0.00043402667506597936, 6.781808679079404e-06,
     6.780845751563902e-08, 4.713119894361739e-10, 2.392391840189134e-12, 9.590195120239703e-15,
     2.6242104755536565e-17, 9.666464303802506e-20, 1.439937155925587e-23, 6.688316755794956e-25),
    (1.0, 0.25, 0.015625000000000003, 0.00043402777777777645, 6.781684027778115e-06, 6.78168402777262e-08,
     4.709502797120257e-10, 2.4028075491517256e-12, 9.385967009635485e-15, 2.896903317469806e-17,
     7.24226066707052e-20, 1.4963294880062389e-22, 2.5978874306073566e-25, 3.8417850337570684e-28,
     4.912864503069302e-31, 5.362980169928032e-34, 5.7621772691632055e-37, 3.0205867180851866e-40,
     6.817987907903391e-43),
)
FITS["I1_SMALL"] = (
    (0.5, 0.0625000074505806, 0.002604162786155939, 5.425417111837305e-05, 6.781015713386296e-07,
     5.655159895923134e-09, 3.35058612799255e-11, 1.5328057291312536e-13, 4.736203253418142e-16,
     1.928323237188465e-18, 3.211062732323198e-22, 1.6071505820556555e-23),
    (0.5, 0.0625, 0.002604166666666663, 5.4253472222223696e-05, 6.781684027774472e-07, 5.651403356526599e-09,
     3.363930568926791e-11, 1.5017547210215734e-13, 5.214425988543629e-16, 1.4484520921576406e-18,
     3.291925608393424e-21, 6.2349202138859986e-24, 9.988732198975246e-27, 1.3755416887376022e-29,
     1.6091559256451906e-32, 1.8432568342665333e-35, 1.0274957211106524e-38, 2.455169653406195e-41),
)
FITS["I0_LARGE"] = (
    (0.40150976181030273, 0.0529177300632, 0.03324170410633087, 0.0411841943860054, 0.08435674756765366,
     0.25083526968955994),
    (0.4015097608312065, 0.052917719343724134, 0.03324530905498518, 0.04121627160892597, 0.08066011805902089,
     0.2265088173799144, 0.8726650129670774, 4.556097649761165, 32.73846316063289, 324.43280625781114,
     3858.320368996968, 30996.89768444054, -473367.7062691829, -19837169.386710037, -147114263.36686397,
     3326542282.45832, 50612659078.95477, -315638793334.73737, -7250041820905.68, 14351276794552.188,
     444309451338886.0),
)
FITS["I1_LARGE"] = (
    (0.3913397192955017, -0.15461811423301697, -0.05391649156808853, -0.05606335774064064, -0.10491487383842468,
     -0.29543471336364746),
    (0.39133972251206706, -0.15461810253511882, -0.05392058653525644, -0.05609889050660793, -0.10070873983821134,
     -0.268468580443499, -0.9982981856840896, -5.0752075798695095, -35.69257966933426, -347.91288249120237,
     -4108.90762103009, -33731.860483052966, 470370.72772703046, 20657966.85661095, 160344367.7426076,
     -3389004858.251706, -53485154884.378914, 314978497940.9616, 7583953879979.598, -14026790513720.07,
     -462351474180786.9),
)
# END FITS



def _split(decimal: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """A constant as hi + lo: ((float hi, float lo), (double hi, double lo)), hi rounded to the width and lo the
    rest rounded to it."""
    exact = Fraction(decimal)
    single = float(np.float32(float(exact)))
    double = float(exact)
    return ((str(np.float32(single)), str(np.float32(float(exact - Fraction(single))))),
            (repr(double), repr(float(exact - Fraction(double)))))


# Constants that a product needs to more than the width's precision, as hi + lo: (float (hi, lo), double (hi, lo))
SPLITS = {
    "SQRT2": _split("1.41421356237309504880168872420969807856967187537694807317668"),
    "INV_PI": _split("0.318309886183790671537767526745028724068919291480912897495335"),
    "PI": _split(str(PI)),
    # digamma's positive zero (mpmath.findroot(mpmath.digamma, 1.46) at 60 digits)
    "DIGAMMA_X0": _split("1.46163214496836234126265954232572132846819620400644635129599"),
}


def horner(name: str, var: str, width: str) -> str:
    """The Horner form the ``.glsl`` files hold for table ``name`` (FITS or SERIES) in ``var``, for ``width``
    ("float" or "double"): ``fma(var, fma(var, c2, c1), c0)`` with the width's literals."""
    table = FITS.get(name) or SERIES[name]
    values = table[0 if width == "float" else 1]
    words = [_literal(v, width) for v in values]
    text = words[-1]
    for word in reversed(words[:-1]):
        text = f"fma({var}, {text}, {word})"
    return text


def _literal(value: float, width: str) -> str:
    if width == "float":
        return str(np.float32(value))  # the shortest decimal that is this float32
    return repr(float(value)) + "lf"


# -- how the fits were computed (needs mpmath) ----------------------------------------------------------------


def _specs(mp: Any) -> dict[str, tuple[Any, float, float, float]]:
    """name -> (function of the fit's variable, low, high, center)."""
    sqrt_pi = mp.sqrt(mp.pi)
    x0 = mp.findroot(mp.digamma, mp.mpf("1.46"))

    def erfcx_t(t: Any) -> Any:
        if t == 1:
            return 2 / sqrt_pi
        x = 3 * (1 + t) / (1 - t)
        return mp.erfc(x) * mp.exp(x * x) * (1 + 2 * x)

    def erfcinv_v(v: Any) -> Any:  # x with erfc(x) = exp(-s^2), times v = 1/s
        s = 1 / v
        x = mp.findroot(lambda y: mp.log(mp.erfc(y)) + s * s, s if s > 2 else s / 2)
        return x * v

    def i_large(order: int) -> Any:
        return lambda v: 1 / mp.sqrt(2 * mp.pi) if v == 0 else \
            mp.sqrt(1 / v) * mp.exp(-1 / v) * mp.besseli(order, 1 / v)

    return {
        "ERF_SMALL": (lambda t: mp.erf(mp.sqrt(t)) / mp.sqrt(t) if t else 2 / sqrt_pi, 0, 1, 0),
        "ERFCX": (erfcx_t, -1, 1, 0),
        "ERFINV_SMALL": (lambda t: mp.erfinv(mp.sqrt(t)) / mp.sqrt(t) if t else sqrt_pi / 2, 0, 0.25, 0),
        "ERFCINV_NEAR": (erfcinv_v, 0.5, 1.21, 0.85),
        "ERFCINV_FAR": (erfcinv_v, 1 / 27.3, 0.5, 0.27),
        "ERFCINV_GUESS": (erfcinv_v, 1 / 10.2, 1.21, 0.65),
        "LGAMMA": (lambda u: mp.loggamma(2 + u) / u if u else 1 - mp.euler, -0.5, 0.5, 0),
        "LGAMMA1": (lambda u: mp.loggamma(1.25 + u) / (0.25 + u) if u != -0.25 else -mp.euler, -0.25, 0.25, 0),
        "RGAMMA": (lambda u: mp.rgamma(1.5 + u), -0.5, 0.5, 0),
        "DIGAMMA": (lambda u: mp.digamma(1.5 + u) / (1.5 + u - x0) if 1.5 + u != x0 else mp.psi(1, x0),
                    -0.5, 0.5, 0),
        "I0_SMALL": (lambda t: mp.besseli(0, mp.sqrt(t)), 0, 100, 0),
        "I1_SMALL": (lambda t: mp.besseli(1, mp.sqrt(t)) / mp.sqrt(t) if t else mp.mpf(0.5), 0, 100, 0),
        "I0_LARGE": (i_large(0), 0, 0.1, 0.05),
        "I1_LARGE": (i_large(1), 0, 0.1, 0.05),
    }


# (float, double) truncation tolerances where not the default; None: the width does not use the fit
_TOLERANCE = {"ERFCINV_NEAR": (None, 1e-9), "ERFCINV_FAR": (None, 1e-9), "ERFCINV_GUESS": (1e-4, None)}


def _chebyshev(mp: Any, f: Any, low: float, high: float, n: int) -> tuple[list[Any], list[Any]]:
    """The Chebyshev coefficients of f's interpolant at n Chebyshev nodes of [low, high], and f at the nodes."""
    mid, half = (mp.mpf(low) + high) / 2, (mp.mpf(high) - low) / 2
    angles = [mp.pi * (k + mp.mpf(1) / 2) / n for k in range(n)]
    values = [f(mid + half * mp.cos(a)) for a in angles]
    coefficients = [2 * mp.fsum(v * mp.cos(j * a) for v, a in zip(values, angles, strict=True)) / n
                    for j in range(n)]
    coefficients[0] /= 2
    return coefficients, values


def _monomials(mp: Any, chebyshev: list[Any], low: float, high: float, center: float) -> list[Any]:
    """sum c_k T_k((x - mid) / half) as a polynomial in u = x - center."""
    mid, half = (mp.mpf(low) + high) / 2, (mp.mpf(high) - low) / 2
    # T_k(a u + b) with a = 1 / half, b = (center - mid) / half, built by the recurrence on polynomials in u
    a, b = 1 / half, (mp.mpf(center) - mid) / half
    previous, current = [mp.mpf(1)], [b, a]
    result = [chebyshev[0] * previous[0]] + [mp.mpf(0)] * (len(chebyshev) - 1)
    for k in range(1, len(chebyshev)):
        for i, v in enumerate(current):
            result[i] += chebyshev[k] * v
        following = [mp.mpf(0)] * (len(current) + 1)
        for i, v in enumerate(current):
            following[i] += 2 * b * v
            following[i + 1] += 2 * a * v
        for i, v in enumerate(previous):
            following[i] -= v
        previous, current = current, following
    return result


def compute_fits(terms: int = 64) -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    """Recompute :data:`FITS` (mpmath, 60 digits)."""
    import mpmath as mp

    mp.mp.dps = 60
    fits = {}
    for name, (f, low, high, center) in _specs(mp).items():
        chebyshev, values = _chebyshev(mp, f, low, high, terms)
        scale = min(abs(v) for v in values)  # the least |f| (at the nodes)
        widths = []
        for width, tolerance in zip(("float", "double"), _TOLERANCE.get(name, (2.0 ** -27, 2.0 ** -57)), strict=True):
            if tolerance is None:
                widths.append(())
                continue
            n = max(k + 1 for k, c in enumerate(chebyshev) if abs(c) > tolerance * scale)
            monomials = _monomials(mp, chebyshev[:n], low, high, center)
            widths.append(tuple(float(np.float32(float(c))) if width == "float" else float(c) for c in monomials))
        fits[name] = (widths[0], widths[1])
    return fits


def _format(fits: dict[str, tuple[tuple[float, ...], tuple[float, ...]]]) -> str:
    """The FITS block of this file, lines within 120 characters."""
    import textwrap

    lines = []
    for key, widths in fits.items():
        lines.append(f'FITS["{key}"] = (')
        for values in widths:
            text = "(" + ", ".join(map(repr, values)) + ("," if len(values) == 1 else "") + "),"
            lines += textwrap.wrap(text, 116, initial_indent="    ", subsequent_indent="     ")
        lines.append(")")
    return "\n".join(lines)


if __name__ == "__main__":
    print(_format(compute_fits()))
