"""The random module's distributions beyond uniform, normal and integers, as methods of its Generator (and so of
NumPy's legacy functions, which are the module generator's bound methods): NumPy's names, parameters, defaults and
errors; scalar parameters (NumPy also broadcasts arrays of them).

The kernels draw from Philox as the others do (element i of a call: counter (i, call, draw)); the algorithms are
NumPy's (``kernels/glsl/vt_sampling.glsl``): inversion for the exponential family, Laplace, logistic, Gumbel and
geometric, Marsaglia and Tsang's gamma, Johnk's beta for shapes at most 1, the multiplication method and PTRS for
Poisson; the binomial by inversion and BTRS. What NumPy builds from those is composed of their arrays here
(chi-square, Student's t, F, beta of larger shapes, Dirichlet, the lognormal, Cauchy and multivariate normal from
normals): few kernels to compile. The discrete ones are drawn as floats and returned as int64, as NumPy's."""

from __future__ import annotations

import math
import operator
import warnings
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, asarray_like
from .array.layout import as_shape
from .array.ops.creation import _context_of, default_float, ones, zeros
from .array.ops.elementwise import add, astype, divide, exp, multiply, sqrt, subtract
from .array.ops.matmul import matmul
from .array.ops.moving import stack
from .array.ops.reductions import sum as _sum
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
    "binomial": "vt_binomial(a, b, i, c, d, e)",
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

    def _discrete(self, name: str, size: Any, params: tuple[float, float], device: Any = None) -> Array:
        """A discrete distribution drawn in the widest float the device has, returned as int64 (NumPy's)."""
        ctx = _context_of(device)
        wide = dt.float64 if "float64" in ctx.dtypes else dt.float32
        values = self._continuous(name, size, params, wide, device)
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
        return self._discrete("geometric", size, (p, 0.0), device)

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
        return self._discrete("poisson", size, (lam, 0.0), device)

    def binomial(self, n: int, p: float, size: Any = None, *, device: Any = None) -> Array:
        """Successes (int64) in ``n`` Bernoulli trials of probability ``p``; ValueError when n < 0 or p is outside
        [0, 1] (or NaN), TypeError for a non-integer n."""
        n = operator.index(n)
        p = float(p)
        _require(n >= 0, "n < 0")
        _require(not p < 0, "p < 0")
        _require(p <= 1, "p > 1 or p is NaN")
        _require(n < 2 ** 53, "n is too large: at most 2**53 - 1 trials")
        return self._discrete("binomial", size, (float(n), p), device)

    # -- vectors ---------------------------------------------------------------------------------------------------
    def multivariate_normal(self, mean: Any, cov: Any, size: Any = None, check_valid: str = "warn",
                            tol: float = 1e-8, *, method: str = "svd", dtype: Any = None,
                            device: Any = None) -> Array:
        """Samples (shape ``size + mean.shape``) of the normal distribution of vector ``mean`` and covariance
        ``cov``: standard normals times a factor of cov made on the host as NumPy makes it (``method`` "svd",
        "eigh" or "cholesky"), plus the mean. ``check_valid`` ("warn", "raise", "ignore") for a cov that is not
        symmetric positive semidefinite (within ``tol``)."""
        mean_h, cov_h = (_host(v) for v in (mean, cov))
        if mean_h.ndim != 1 or cov_h.shape != (mean_h.size, mean_h.size):
            raise ValueError("mean must be 1 dimensional and cov 2 dimensional and square, of mean's length")
        if check_valid not in ("warn", "raise", "ignore"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method not in ("svd", "eigh", "cholesky"):
            raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
        factor = _covariance_factor(cov_h, method, check_valid, tol)
        shape = (*as_shape(() if size is None else size), mean_h.size)
        target = float_dtype(dtype, device)
        z = self.normal(0.0, 1.0, shape, dtype=target, device=device)  # type: ignore[attr-defined]
        ctx = _context_of(device)
        return add(matmul(z, asarray_like(factor.astype(target.np), ctx, target)),
                   asarray_like(mean_h.astype(target.np), ctx, target))

    def dirichlet(self, alpha: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples (shape ``size + (k,)``) of the Dirichlet distribution of the k concentrations ``alpha``
        (NumPy's: normalized gammas, or stick-breaking betas where every alpha is at most 0.1, whose gammas
        underflow); ValueError for a negative or NaN alpha."""
        alpha_h = _host(alpha)
        if alpha_h.ndim != 1:
            raise ValueError(f"alpha must be 1 dimensional, got {alpha_h.ndim} dimensions")
        _require(bool((alpha_h >= 0).all()), "alpha < 0")
        sample = as_shape(() if size is None else size)
        target = float_dtype(dtype, device)
        if (alpha_h > 0.1).any():
            gammas = stack([self.standard_gamma(a, sample, target, device=device) for a in alpha_h], axis=-1)
            return divide(gammas, _sum(gammas, axis=-1, keepdims=True))
        tails = np.cumsum(alpha_h[::-1])[::-1]  # tails[j]: the sum of alpha[j:]
        parts, rest = [], None
        for j in range(alpha_h.size - 1):
            if tails[j + 1] == 0:  # the rest of the stick goes to this part (beta(a, 0) is 1)
                break
            v = self.beta(alpha_h[j], tails[j + 1], sample, dtype=target, device=device) if alpha_h[j] > 0 else \
                zeros(sample, dtype=target, device=device)  # beta(0, b) is 0
            parts.append(v if rest is None else multiply(rest, v))
            left = subtract(1.0, v)
            rest = left if rest is None else multiply(rest, left)
        last = ones(sample, dtype=target, device=device) if rest is None else rest
        parts.append(last)
        parts += [zeros(sample, dtype=target, device=device)] * (alpha_h.size - len(parts))
        return stack(parts, axis=-1)


def _host(values: Any) -> np.ndarray:
    """Parameters given as a vulkit array (read back) or as host data, in float64."""
    return np.asarray(values.numpy() if isinstance(values, Array) else values, np.float64)


def _covariance_factor(cov: np.ndarray, method: str, check_valid: str, tol: float) -> np.ndarray:
    """F with F^T F = cov (NumPy's multivariate_normal's factor for ``method``), after its validity check."""
    if method == "cholesky":
        return np.linalg.cholesky(cov).T
    if method == "eigh":
        s, v = np.linalg.eigh(cov)
        psd = not (s < -tol).any()
        factor = (v * np.sqrt(np.abs(s))).T
    else:
        _, s, vh = np.linalg.svd(cov)
        psd = np.allclose(vh.T * s @ vh, cov, rtol=tol, atol=tol)
        factor = np.sqrt(s)[:, None] * vh
    if not psd and check_valid != "ignore":
        if check_valid == "raise":
            raise ValueError("covariance is not symmetric positive-semidefinite.")
        warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=3)
    return factor
