"""Special functions with SciPy's names (``scipy.special``), one fused GPU kernel each: ``vt.special.erf(x)``.

Every function is elementwise: it broadcasts its arguments, types them as NumPy's ufuncs type ``exp`` (float16
stays float16 and is computed in float32; bool and 8-bit integers give float16, 16-bit float32, 32/64-bit
integers float64, where the device has it; two arguments promote first, as ``logaddexp``), and writes into
``out`` when given. The kernels call the math library's ``vt_special_*.glsl`` helpers (``array/kernels/glsl/``):
polynomial fits computed at 60 digits (``array/kernels/special_constants.py`` says how), exact argument
reductions (sin(pi x) for gamma's reflection and sinc), and tails carried in forms that neither cancel nor
underflow early (``erfc`` through ``erfcx`` with x^2 to twice the precision, ``log_ndtr`` through log(erfcx),
``erfcinv`` by one Newton step on log(erfc), ``betaln`` by differences of Stirling's series).

Largest error in ulp, float64 / float32 (measured: against mpmath at 3000 points a function spread over its
range, and against SciPy over 2^20 points, tests/test_special.py, where SciPy's own error adds up to 13 ulp):
erf 1/2, erfc 3/3, erfcx 4/3, erfinv 3/3, erfcinv 3/3, ndtr 4/4, ndtri 4/4, log_ndtr 4/6, gamma 4/6,
gammaln 3/4 and digamma 2/3 (positive x; below 0 within 8 eps of the reflection's terms: relative accuracy is
lost near their zeros, as in every implementation), i0 5/7, i0e 3/4, i1 5/7, i1e 5/5, expit 2/2, log_expit 3/2,
logit 2/2, entr 3/3, sinc 3/3, xlogy, xlog1py, rel_entr 4/5; beta 5 where gamma(a + b) is finite (float64 up
to a + b = 171, float32 35), beyond that exp(betaln), whose absolute error becomes beta's relative error
(about |betaln| eps: up to 560 ulp at beta(200, 200), 282 measured on an H100; 150 in float32), betaln 9 eps
(absolute below 1).

Where SciPy's own result is an artefact, vulkit gives the mathematical value: ``i0``/``i1`` of +-inf are +-inf
(SciPy: NaN), ``i0`` and ``i1`` are finite up to 713.98 (SciPy overflows from 709.78), ``gammaln(-inf)`` is
+inf (SciPy: -inf; C's lgamma and PyTorch give +inf) and finite up to 2.55e305 (SciPy: inf from 2.56e305),
``gammaln`` of a subnormal x is -log(x) (SciPy: inf), ``erfcinv`` and ``ndtri`` of subnormal arguments are
finite (SciPy: inf), ``gamma`` below -171.6 is the tiny number it is (SciPy: 0), ``erfinv(-0.0)`` is -0.0,
``sinc`` is exactly 0 at non-zero integers, and NaN in ``beta``/``betaln`` gives NaN (SciPy: inf with a pole).
"""

from __future__ import annotations

from typing import Any

from .array.ops.bessel import BESSEL_HELPER, i0
from .array.ops.elementwise import binary_function, unary_function
from .array.ops.reductions import logsumexp  # noqa: F401 - SciPy has it in scipy.special too
from .array.ops.registry import register

__all__ = [
    "beta", "betaln", "digamma", "entr", "erf", "erfc", "erfcinv", "erfcx", "erfinv", "expit", "gamma", "gammaln",
    "i0", "i0e", "i1", "i1e", "log_expit", "log_ndtr", "logsumexp", "logit", "ndtr", "ndtri", "psi", "rel_entr",
    "sinc", "xlog1py", "xlogy",
]

def _unary(name: str, expression: str, helper: str, doc: str) -> Any:
    return unary_function(register(name, 1, "exp", {"f": expression}, (helper,)), name, doc)


def _binary(name: str, expression: str, helper: str, doc: str) -> Any:
    return binary_function(register(name, 2, "logaddexp", {"f": expression}, (helper,)), name, doc)


_ERF, _ERFINV, _GAMMA, _BETA = "vt_special_erf", "vt_special_erfinv", "vt_special_gamma", "vt_special_beta"
_BESSEL, _LOGISTIC, _ENTROPY = BESSEL_HELPER, "vt_special_logistic", "vt_special_entropy"

# -- error function and normal distribution ----------------------------------------------------------------
erf = _unary("erf", "vt_sp_erf(a)", _ERF, "The error function 2/sqrt(pi) * integral of exp(-t^2) from 0 to x.")
erfc = _unary("erfc", "vt_sp_erfc(a)", _ERF, "1 - erf(x), accurate where it is tiny (down to underflow).")
erfcx = _unary("erfcx", "vt_sp_erfcx(a)", _ERF, "exp(x^2) * erfc(x), the scaled complementary error function.")
erfinv = _unary("erfinv", "vt_sp_erfinv(a)", _ERFINV, "The inverse of erf on [-1, 1] (+-inf at +-1, NaN outside).")
erfcinv = _unary("erfcinv", "vt_sp_erfcinv(a)", _ERFINV,
                 "The inverse of erfc on [0, 2] (inf at 0, -inf at 2, NaN outside), to the least subnormal.")
ndtr = _unary("ndtr", "vt_sp_ndtr(a)", _ERF, "The standard normal distribution function (erfc(-x / sqrt 2) / 2).")
ndtri = _unary("ndtri", "vt_sp_ndtri(a)", _ERFINV, "The inverse of ndtr on [0, 1] (-inf at 0, inf at 1).")
log_ndtr = _unary("log_ndtr", "vt_sp_log_ndtr(a)", _ERF, "log(ndtr(x)), finite far below ndtr's underflow.")

# -- gamma and beta functions --------------------------------------------------------------------------------
gamma = _unary("gamma", "vt_sp_gamma(a)", _GAMMA,
               "The gamma function; +-inf at +-0, NaN at negative integers and -inf (as SciPy).")
gammaln = _unary("gammaln", "vt_sp_lgamma(a)", _GAMMA, "log(abs(gamma(x))); +inf at the poles and at +-inf.")
digamma = _unary("digamma", "vt_sp_digamma(a)", _GAMMA,
                 "The logarithmic derivative of gamma; -inf at +0, +inf at -0, NaN at negative integers.")
psi = digamma
beta = _binary("beta", "vt_sp_beta(a, b)", _BETA, "gamma(a) * gamma(b) / gamma(a + b), with SciPy's limits at poles.")
betaln = _binary("betaln", "vt_sp_betaln(a, b)", _BETA, "log(abs(beta(a, b))), without overflow for large a, b.")

# -- Bessel functions ----------------------------------------------------------------------------------------
i0e = _unary("i0e", "vt_sp_i0e(a)", _BESSEL, "exp(-abs(x)) * i0(x).")
i1 = _unary("i1", "vt_sp_i1(a)", _BESSEL, "The modified Bessel function of the first kind, order 1.")
i1e = _unary("i1e", "vt_sp_i1e(a)", _BESSEL, "exp(-abs(x)) * i1(x).")

# -- logistic function ----------------------------------------------------------------------------------------
expit = _unary("expit", "vt_sigmoid(a)", _LOGISTIC, "The logistic sigmoid 1 / (1 + exp(-x)).")
logit = _unary("logit", "vt_sp_logit(a)", _LOGISTIC, "log(p / (1 - p)); -inf at 0, inf at 1, NaN outside [0, 1].")
log_expit = _unary("log_expit", "vt_sp_log_expit(a)", _LOGISTIC, "log(expit(x)), without underflow.")

# -- information theory ----------------------------------------------------------------------------------------
xlogy = _binary("xlogy", "vt_sp_xlogy(a, b)", _ENTROPY, "x * log(y), and 0 where x == 0 (unless y is NaN).")
xlog1py = _binary("xlog1py", "vt_sp_xlog1py(a, b)", _ENTROPY, "x * log1p(y), and 0 where x == 0 (unless y is NaN).")
entr = _unary("entr", "vt_sp_entr(a)", _ENTROPY, "-x * log(x) for x > 0, 0 at 0, -inf for x < 0.")
rel_entr = _binary("rel_entr", "vt_sp_rel_entr(a, b)", _ENTROPY,
                   "x * log(x / y) for x, y > 0, 0 for x == 0 <= y, inf otherwise.")

# -- NumPy's sinc ----------------------------------------------------------------------------------------------
sinc = _unary("sinc", "vt_sp_sinc(a)", "vt_special_sinpi",
              "NumPy's normalised sinc: sin(pi x) / (pi x), 1 at 0; exactly 0 at non-zero integers.")
