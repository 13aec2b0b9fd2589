"""The random module's distributions beyond uniform, normal and integers, as methods of its Generator (and so of
NumPy's legacy functions, which are the module generator's bound methods): NumPy's names, parameters, defaults and
errors; scalar parameters (NumPy also broadcasts arrays of them).

The kernels draw from Philox as the others do (element i of a call: counter (i, call, draw)); the algorithms are
NumPy's (``kernels/glsl/vt_sampling.glsl``): inversion for the exponential family, Laplace, logistic, Gumbel and
geometric, Marsaglia and Tsang's gamma, Johnk's beta for shapes at most 1, the multiplication method and PTRS for
Poisson. What NumPy builds from those is composed of their arrays here (chi-square, Student's t, F, beta of larger
shapes, the lognormal and Cauchy from normals): few kernels to compile. The discrete ones are drawn as floats and
returned as int64, as NumPy's."""

from __future__ import annotations

import math
from typing import Any

from .array import dtypes as dt
from .array.array import Array
from .array.ops.creation import _context_of, default_float
from .array.ops.elementwise import add, astype, divide, exp, sqrt
from .array.ops.registry import register

_DRAW = "vt_philox(a, b, i, c)"


def _sampler(name: str, expression: str) -> Any:
    """Register the float sampler ``random_<name>``: ``expression`` of the key (a, b), the element index i, the
    call's counter c and the parameters d and e, in the result's compute type T."""
    return register(f"random_{name}", 5, "explicit", {"f": expression}, ("vt_sampling",), typed_by_result=True)


SAMPLERS = {f"random_{name}": _sampler(name, expression) for name, expression in {
    "exponential": f"d * vt_std_exponential({_DRAW})",
    "laplace": f"d + e * vt_std_laplace({_DRAW})",
    "logistic": f"d + e * vt_std_logistic({_DRAW})",
    "gumbel": f"d + e * vt_std_gumbel({_DRAW})",
    "rayleigh": f"d * sqrt(T(2) * vt_std_exponential({_DRAW}))",
    "weibull": f"d == T(0) ? T(0) : vt_pow(vt_std_exponential({_DRAW}), T(1) / d)",
    "pareto": f"vt_expm1(vt_std_exponential({_DRAW}) / d)",
    "power": f"vt_pow(-vt_expm1(-vt_std_exponential({_DRAW})), T(1) / d)",
    "geometric": f"vt_geometric({_DRAW}, d)",
    "gamma": "e * vt_std_gamma(a, b, i, c, 0u, d)",
    "beta_johnk": "vt_beta_johnk(a, b, i, c, d, e)",
    "poisson": "vt_poisson(a, b, i, c, d)",
}.items()}

# NumPy's limit for Poisson means (larger ones would not fit an int64 within ten standard deviations)
POISSON_LAM_MAX = float(2 ** 63 - 1) - 10 * math.sqrt(float(2 ** 63 - 1))


def float_dtype(dtype: Any, device: Any) -> dt.DType:
    """``dtype`` (default: the device's default float) as a float DType; TypeError for another kind."""
    result = default_float(_context_of(device)) if dtype is None else dt.as_dtype(dtype)
    if result.kind != "f":
        raise TypeError(f"expected a floating dtype, got {result.name}")
    return result


def _require(holds: bool, message: str) -> None:
    """ValueError with NumPy's ``message`` unless ``holds``."""
    if not holds:
        raise ValueError(message)


def _positive(name: str, value: float) -> float:
    """``value`` as a float; ValueError ``name <= 0`` unless it is positive (NaN included, as NumPy)."""
    value = float(value)
    if not value > 0:
        raise ValueError(f"{name} <= 0")
    return value


def _non_negative(name: str, value: float) -> float:
    """``value`` as a float; ValueError ``name < 0`` unless it is at least 0 (NaN included, as NumPy)."""
    value = float(value)
    if not value >= 0:
        raise ValueError(f"{name} < 0")
    return value


class Distributions:
    """The distributions a Generator draws beyond uniform, normal and integers (a mixin: the Generator's
    ``_generate`` draws the kernels)."""

    def _continuous(self, name: str, size: Any, params: tuple[float, float], dtype: Any = None,
                    device: Any = None) -> Array:
        target = float_dtype(dtype, device)
        return self._generate(f"random_{name}", size, target, params, device, (target, target))  # type: ignore[attr-defined]

    def _discrete(self, name: str, size: Any, param: float, device: Any = None) -> Array:
        """A discrete distribution drawn in the widest float the device has, returned as int64 (NumPy's)."""
        ctx = _context_of(device)
        wide = dt.float64 if "float64" in ctx.dtypes else dt.float32
        values = self._continuous(name, size, (param, 0.0), wide, device)
        return astype(values, dt.int64 if "int64" in ctx.dtypes else dt.int32)

    # -- the exponential family and inversions ---------------------------------------------------------------
    def standard_exponential(self, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples of the exponential distribution of scale 1."""
        return self._continuous("exponential", size, (1.0, 0.0), dtype, device)

    def exponential(self, scale: float = 1.0, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the exponential distribution of ``scale`` (1 / rate); ValueError when scale < 0."""
        return self._continuous("exponential", size, (_non_negative("scale", scale), 0.0), dtype, device)

    def lognormal(self, mean: float = 0.0, sigma: float = 1.0, size: Any = None, *, dtype: Any = None,
                  device: Any = None) -> Array:
        """exp of samples of N(mean, sigma**2); ValueError when sigma < 0."""
        sigma = _non_negative("sigma", sigma)
        return exp(self.normal(mean, sigma, size, dtype=dtype, device=device))  # type: ignore[attr-defined]

    def laplace(self, loc: float = 0.0, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
                device: Any = None) -> Array:
        """Samples of the Laplace (double exponential) distribution; ValueError when scale < 0."""
        return self._continuous("laplace", size, (float(loc), _non_negative("scale", scale)), dtype, device)

    def logistic(self, loc: float = 0.0, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
                 device: Any = None) -> Array:
        """Samples of the logistic distribution; ValueError when scale < 0."""
        return self._continuous("logistic", size, (float(loc), _non_negative("scale", scale)), dtype, device)

    def gumbel(self, loc: float = 0.0, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
               device: Any = None) -> Array:
        """Samples of the Gumbel (largest extreme value) distribution; ValueError when scale < 0."""
        return self._continuous("gumbel", size, (float(loc), _non_negative("scale", scale)), dtype, device)

    def rayleigh(self, scale: float = 1.0, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the Rayleigh distribution; ValueError when scale < 0."""
        return self._continuous("rayleigh", size, (_non_negative("scale", scale), 0.0), dtype, device)

    def weibull(self, a: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the Weibull distribution of shape ``a`` (0 for a == 0); ValueError when a < 0."""
        return self._continuous("weibull", size, (_non_negative("a", a), 0.0), dtype, device)

    def pareto(self, a: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of NumPy's Pareto II (Lomax) distribution of shape ``a``; ValueError when a <= 0."""
        return self._continuous("pareto", size, (_positive("a", a), 0.0), dtype, device)

    def power(self, a: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples in [0, 1] of the power distribution x**(a - 1) of exponent ``a``; ValueError when a <= 0."""
        return self._continuous("power", size, (_positive("a", a), 0.0), dtype, device)

    def standard_cauchy(self, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the standard Cauchy distribution (the ratio of two standard normals)."""
        normal = self.normal  # type: ignore[attr-defined]
        return divide(normal(0.0, 1.0, size, dtype=dtype, device=device),
                      normal(0.0, 1.0, size, dtype=dtype, device=device))

    def geometric(self, p: float, size: Any = None, *, device: Any = None) -> Array:
        """The numbers of Bernoulli trials of probability ``p`` up to the first success (int64, at least 1);
        ValueError when p <= 0 or p > 1."""
        p = _positive("p", p)
        _require(p <= 1, "p > 1")
        return self._discrete("geometric", size, p, device)

    # -- gamma and what is built on it -------------------------------------------------------------------------
    def standard_gamma(self, shape: float, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples of the gamma distribution of ``shape`` and scale 1; ValueError when shape < 0."""
        return self._continuous("gamma", size, (_non_negative("shape", shape), 1.0), dtype, device)

    def gamma(self, shape: float, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
              device: Any = None) -> Array:
        """Samples of the gamma distribution of ``shape`` and ``scale``; ValueError when either is < 0."""
        params = (_non_negative("shape", shape), _non_negative("scale", scale))
        return self._continuous("gamma", size, params, dtype, device)

    def beta(self, a: float, b: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the beta distribution of shapes ``a`` and ``b`` (Johnk's algorithm where both are at most 1,
        else X / (X + Y) of gammas X and Y); ValueError when either is <= 0."""
        a, b = _positive("a", a), _positive("b", b)
        if a <= 1 and b <= 1:
            return self._continuous("beta_johnk", size, (a, b), dtype, device)
        x = self.standard_gamma(a, size, dtype, device=device)
        return divide(x, add(x, self.standard_gamma(b, size, dtype, device=device)))

    def chisquare(self, df: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the chi-square distribution of ``df`` degrees of freedom (gammas of shape df / 2 and scale 2);
        ValueError when df <= 0."""
        return self._continuous("gamma", size, (_positive("df", df) / 2, 2.0), dtype, device)

    def standard_t(self, df: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of Student's t distribution of ``df`` degrees of freedom (a standard normal over the square root
        of a chi-square over df); ValueError when df <= 0."""
        df = _positive("df", df)
        normal = self.normal(0.0, 1.0, size, dtype=dtype, device=device)  # type: ignore[attr-defined]
        return divide(normal, sqrt(self._continuous("gamma", size, (df / 2, 2.0 / df), dtype, device)))

    def f(self, dfnum: float, dfden: float, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the F distribution of ``dfnum`` and ``dfden`` degrees of freedom (the ratio of two
        chi-squares, each over its degrees); ValueError when either is <= 0."""
        dfnum, dfden = _positive("dfnum", dfnum), _positive("dfden", dfden)
        return divide(self._continuous("gamma", size, (dfnum / 2, 2.0 / dfnum), dtype, device),
                      self._continuous("gamma", size, (dfden / 2, 2.0 / dfden), dtype, device))

    def poisson(self, lam: float = 1.0, size: Any = None, *, device: Any = None) -> Array:
        """Samples (int64) of the Poisson distribution of mean ``lam``; ValueError when lam < 0 or too large."""
        lam = _non_negative("lam", lam)
        _require(lam <= POISSON_LAM_MAX, "lam value too large")
        return self._discrete("poisson", size, lam, device)
