"""The random module's continuous distributions beyond uniform and normal, as methods of its Generator (and so of
NumPy's legacy functions, which are the module state's bound methods): NumPy's names, parameters, defaults and
errors; parameters as scalars or arrays, broadcast as NumPy broadcasts them (``random_parameters.py``). The
discrete laws build on this mixin in ``random_counts.py``; every sampler kernel is registered here.

The kernels draw from Philox as the others do (element i of a call: counter (i, call, draw)); the algorithms are
NumPy's where they suit a GPU (``kernels/glsl/vt_sampling.glsl``): inversion for the exponential family, Laplace,
logistic, Gumbel and the triangular law, Marsaglia and Tsang's gamma, Johnk's beta for shapes at most 1, Michael,
Schucany and Haas's Wald, Best and Fisher's von Mises. What NumPy builds from those is composed of their arrays
here (chi-square, Student's t, F, the noncentral chi-square and F, beta of larger shapes, Dirichlet, the lognormal,
Cauchy and multivariate normal from normals): few kernels to compile."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, asarray_like
from .array.layout import as_shape
from .array.ops.creation import default_float, default_int, ones, zeros
from .array.ops.elementwise import add, astype, divide, exp, multiply, sqrt, subtract, where
from .array.ops.matmul import matmul
from .array.ops.moving import stack
from .array.ops.reductions import sum as _sum
from .array.ops.registry import register
from .random_parameters import (
    Param,
    context_of,
    host_or_device,
    host_values,
    is_scalar,
    on_device,
    output_shape,
    require,
)

_DRAW = "vt_philox(a, b, i, c)"


def _sampler(name: str, expression: str) -> Any:
    """Register the float sampler ``random_<name>``: ``expression`` of the key (a, b), the element index i, the
    call's counter c and the parameters d and e (and f where it names it), in the result's compute type T."""
    parameters = 3 if ", f)" in expression else 2
    return register(f"random_{name}", 3 + parameters, "explicit", {"f": expression}, ("vt_sampling",),
                    typed_by_result=True)


SAMPLERS = {f"random_{name}": _sampler(name, expression) for name, expression in {
    "exponential": f"d * vt_std_exponential({_DRAW})",
    "laplace": f"d + e * vt_std_laplace({_DRAW})",
    "logistic": f"d + e * vt_std_logistic({_DRAW})",
    "gumbel": f"d + e * vt_std_gumbel({_DRAW})",
    "rayleigh": f"d * sqrt(T(2) * vt_std_exponential({_DRAW}))",
    "weibull": f"d == T(0) ? T(0) : vt_pow(vt_std_exponential({_DRAW}), T(1) / d)",
    "pareto": f"vt_expm1(vt_std_exponential({_DRAW}) / d)",
    "power": f"vt_pow(-vt_expm1(-vt_std_exponential({_DRAW})), T(1) / d)",
    "triangular": f"vt_triangular({_DRAW}, d, e, f)",
    "wald": "vt_wald(a, b, i, c, d, e)",
    "vonmises": "vt_vonmises(a, b, i, c, d, e)",
    "geometric": f"vt_geometric({_DRAW}, d)",
    "gamma": "e * vt_std_gamma(a, b, i, c, 0u, d)",
    "beta_johnk": "vt_beta_johnk(a, b, i, c, d, e)",
    "poisson": "vt_poisson(a, b, i, c, d)",
    "binomial": "vt_binomial(a, b, i, c, d, e)",
    "hypergeometric": "vt_hypergeometric(a, b, i, c, d, e, f)",
    "zipf": "vt_zipf(a, b, i, c, d)",
    "logseries": "vt_logseries(a, b, i, c, d)",
}.items()}


def float_dtype(dtype: Any, ctx: Any) -> dt.DType:
    """``dtype`` (default: the default float of ``ctx``'s device) as a float DType; TypeError for another kind."""
    result = default_float(ctx) if dtype is None else dt.as_dtype(dtype)
    if result.kind != "f":
        raise TypeError(f"expected a floating dtype, got {result.name}")
    return result


def at_least_0(function: str, name: str, value: Any) -> Param:
    """The parameter ``value``; ValueError ``name < 0`` unless every element is at least 0 (NaN included)."""
    value = host_or_device(function, name, value)
    require(function, lambda v: v >= 0, f"{name} < 0", value)
    return value


def above_0(function: str, name: str, value: Any) -> Param:
    """The parameter ``value``; ValueError ``name <= 0`` unless every element is positive (NaN included)."""
    value = host_or_device(function, name, value)
    require(function, lambda v: v > 0, f"{name} <= 0", value)
    return value


def real(function: str, name: str, value: Any) -> Param:
    """The parameter ``value``, unchecked beyond being real numbers."""
    return host_or_device(function, name, value)


class Distributions:
    """The distributions a Generator draws beyond uniform, normal and integers (a mixin: the Generator's
    ``_generate`` runs the kernels). Parameters are scalars or arrays, broadcast as NumPy broadcasts them."""

    def _draw(self, function: str, kernel: str, size: Any, params: tuple[Param, ...], dtype: Any,
              device: Any) -> Array:
        """Samples of the kernel ``random_<kernel>`` in the float ``dtype``, of the parameters' broadcast shape
        (or ``size``)."""
        ctx = context_of(device, *params)
        target = float_dtype(dtype, ctx)
        shape = output_shape(function, size, *params)
        values = tuple(on_device(v, ctx, target) for v in params)
        return self._generate(f"random_{kernel}", shape, target, values, ctx,  # type: ignore[attr-defined]
                              (target,) * len(values))

    def _discrete(self, function: str, kernel: str, size: Any, params: tuple[Param, ...],
                  device: Any = None) -> Array:
        """A discrete distribution drawn in the widest float the device has, returned as int64 (NumPy's)."""
        ctx = context_of(device, *params)
        values = self._draw(function, kernel, size, params, default_float(ctx), ctx.index)
        return astype(values, default_int(ctx))

    def _standard_normal(self, function: str, size: Any, params: tuple[Param, ...], dtype: Any,
                         device: Any) -> Array:
        """Standard normals of the parameters' broadcast shape (or ``size``), for laws built on them."""
        ctx = context_of(device, *params)
        return self.normal(0.0, 1.0, output_shape(function, size, *params),  # type: ignore[attr-defined]
                           dtype=dtype, device=ctx.index)

    # -- the exponential family and inversions ---------------------------------------------------------------
    def standard_exponential(self, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples of the exponential distribution of scale 1."""
        return self._draw("standard_exponential", "exponential", size, (1.0,), dtype, device)

    def exponential(self, scale: Any = 1.0, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the exponential distribution of ``scale`` (1 / rate); ValueError when scale < 0."""
        return self._draw("exponential", "exponential", size, (at_least_0("exponential", "scale", scale),), dtype,
                          device)

    def lognormal(self, mean: Any = 0.0, sigma: Any = 1.0, size: Any = None, *, dtype: Any = None,
                  device: Any = None) -> Array:
        """exp of samples of N(mean, sigma**2); ValueError when sigma < 0."""
        sigma = at_least_0("lognormal", "sigma", sigma)
        return exp(self.normal(real("lognormal", "mean", mean), sigma, size, dtype=dtype,  # type: ignore[attr-defined]
                               device=device))

    def _location_scale(self, function: str, loc: Any, scale: Any, size: Any, dtype: Any, device: Any) -> Array:
        params = (real(function, "loc", loc), at_least_0(function, "scale", scale))
        return self._draw(function, function, size, params, dtype, device)

    def laplace(self, loc: Any = 0.0, scale: Any = 1.0, size: Any = None, *, dtype: Any = None,
                device: Any = None) -> Array:
        """Samples of the Laplace (double exponential) distribution; ValueError when scale < 0."""
        return self._location_scale("laplace", loc, scale, size, dtype, device)

    def logistic(self, loc: Any = 0.0, scale: Any = 1.0, size: Any = None, *, dtype: Any = None,
                 device: Any = None) -> Array:
        """Samples of the logistic distribution; ValueError when scale < 0."""
        return self._location_scale("logistic", loc, scale, size, dtype, device)

    def gumbel(self, loc: Any = 0.0, scale: Any = 1.0, size: Any = None, *, dtype: Any = None,
               device: Any = None) -> Array:
        """Samples of the Gumbel (largest extreme value) distribution; ValueError when scale < 0."""
        return self._location_scale("gumbel", loc, scale, size, dtype, device)

    def rayleigh(self, scale: Any = 1.0, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the Rayleigh distribution; ValueError when scale < 0."""
        return self._draw("rayleigh", "rayleigh", size, (at_least_0("rayleigh", "scale", scale),), dtype, device)

    def weibull(self, a: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the Weibull distribution of shape ``a`` (0 for a == 0); ValueError when a < 0."""
        return self._draw("weibull", "weibull", size, (at_least_0("weibull", "a", a),), dtype, device)

    def pareto(self, a: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of NumPy's Pareto II (Lomax) distribution of shape ``a``; ValueError when a <= 0."""
        return self._draw("pareto", "pareto", size, (above_0("pareto", "a", a),), dtype, device)

    def power(self, a: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples in [0, 1] of the power distribution x**(a - 1) of exponent ``a``; ValueError when a <= 0."""
        return self._draw("power", "power", size, (above_0("power", "a", a),), dtype, device)

    def standard_cauchy(self, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the standard Cauchy distribution (the ratio of two standard normals)."""
        normal = self.normal  # type: ignore[attr-defined]
        return divide(normal(0.0, 1.0, size, dtype=dtype, device=device),
                      normal(0.0, 1.0, size, dtype=dtype, device=device))

    def triangular(self, left: Any, mode: Any, right: Any, size: Any = None, *, dtype: Any = None,
                   device: Any = None) -> Array:
        """Samples of the triangular distribution on [left, right] peaking at ``mode`` (by inversion); ValueError
        when left > mode, mode > right or left == right."""
        params = tuple(real("triangular", name, v) for name, v in (("left", left), ("mode", mode), ("right", right)))
        require("triangular", lambda lo, m: lo <= m, "left > mode", *params[:2])
        require("triangular", lambda m, hi: m <= hi, "mode > right", *params[1:])
        require("triangular", lambda lo, hi: lo != hi, "left == right", params[0], params[2])
        return self._draw("triangular", "triangular", size, params, dtype, device)

    def wald(self, mean: Any, scale: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the Wald (inverse Gaussian) distribution of ``mean`` and ``scale`` (Michael, Schucany and
        Haas's transformation); ValueError when either is <= 0."""
        params = (above_0("wald", "mean", mean), above_0("wald", "scale", scale))
        return self._draw("wald", "wald", size, params, dtype, device)

    def vonmises(self, mu: Any, kappa: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples in [-pi, pi) of the von Mises distribution of mode ``mu`` and concentration ``kappa`` (Best and
        Fisher's rejection; uniform below kappa 1e-8, a wrapped normal above 1e6); ValueError when kappa < 0."""
        params = (real("vonmises", "mu", mu), at_least_0("vonmises", "kappa", kappa))
        return self._draw("vonmises", "vonmises", size, params, dtype, device)

    # -- gamma and what is built on it -------------------------------------------------------------------------
    def standard_gamma(self, shape: Any, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples of the gamma distribution of ``shape`` and scale 1; ValueError when shape < 0."""
        return self._draw("standard_gamma", "gamma", size, (at_least_0("standard_gamma", "shape", shape), 1.0),
                          dtype, device)

    def gamma(self, shape: Any, scale: Any = 1.0, size: Any = None, *, dtype: Any = None,
              device: Any = None) -> Array:
        """Samples of the gamma distribution of ``shape`` and ``scale``; ValueError when either is < 0."""
        params = (at_least_0("gamma", "shape", shape), at_least_0("gamma", "scale", scale))
        return self._draw("gamma", "gamma", size, params, dtype, device)

    def beta(self, a: Any, b: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the beta distribution of shapes ``a`` and ``b`` (Johnk's algorithm where both are at most 1,
        else X / (X + Y) of gammas X and Y); ValueError when either is <= 0."""
        a, b = above_0("beta", "a", a), above_0("beta", "b", b)
        if is_scalar(a, b) and a <= 1 and b <= 1:
            return self._draw("beta", "beta_johnk", size, (a, b), dtype, device)
        if is_scalar(a, b):
            x = self._draw("beta", "gamma", size, (a, 1.0), dtype, device)
            return divide(x, add(x, self._draw("beta", "gamma", size, (b, 1.0), dtype, device)))
        ctx = context_of(device, a, b)
        target = float_dtype(dtype, ctx)
        a, b = on_device(a, ctx, target), on_device(b, ctx, target)
        small = (a <= 1) & (b <= 1)  # Johnk's shapes; the others draw it at (1, 1), the gammas at 1 where it runs
        johnk = self._draw("beta", "beta_johnk", size, (where(small, a, 1.0), where(small, b, 1.0)), target, ctx.index)
        x = self._draw("beta", "gamma", size, (where(small, 1.0, a), 1.0), target, ctx.index)
        y = self._draw("beta", "gamma", size, (where(small, 1.0, b), 1.0), target, ctx.index)
        return where(small, johnk, divide(x, add(x, y)))

    def _chisquare(self, function: str, df: Param, size: Any, dtype: Any, device: Any, over: Param = 1.0) -> Array:
        """Chi-squares of ``df`` degrees (gammas of shape df / 2 and scale 2), each divided by ``over``."""
        return self._draw(function, "gamma", size, (df / 2, 2.0 / over), dtype, device)

    def chisquare(self, df: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the chi-square distribution of ``df`` degrees of freedom (gammas of shape df / 2 and scale 2);
        ValueError when df <= 0."""
        return self._chisquare("chisquare", above_0("chisquare", "df", df), size, dtype, device)

    def standard_t(self, df: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of Student's t distribution of ``df`` degrees of freedom (a standard normal over the square root
        of a chi-square over df); ValueError when df <= 0."""
        df = above_0("standard_t", "df", df)
        normal = self._standard_normal("standard_t", size, (df,), dtype, device)
        return divide(normal, sqrt(self._chisquare("standard_t", df, size, dtype, device, over=df)))

    def f(self, dfnum: Any, dfden: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples of the F distribution of ``dfnum`` and ``dfden`` degrees of freedom (the ratio of two
        chi-squares, each over its degrees); ValueError when either is <= 0."""
        dfnum, dfden = above_0("f", "dfnum", dfnum), above_0("f", "dfden", dfden)
        size = output_shape("f", size, dfnum, dfden)
        return divide(self._chisquare("f", dfnum, size, dtype, device, over=dfnum),
                      self._chisquare("f", dfden, size, dtype, device, over=dfden))

    def noncentral_chisquare(self, df: Any, nonc: Any, size: Any = None, *, dtype: Any = None,
                             device: Any = None) -> Array:
        """Samples of the noncentral chi-square distribution of ``df`` degrees and noncentrality ``nonc``: a
        chi-square of df + 2 P degrees, P Poisson of mean nonc / 2; ValueError when df <= 0 or nonc < 0."""
        df, nonc = above_0("noncentral_chisquare", "df", df), at_least_0("noncentral_chisquare", "nonc", nonc)
        size = output_shape("noncentral_chisquare", size, df, nonc)
        ctx = context_of(device, df, nonc)
        target = float_dtype(dtype, ctx)
        extra = self._discrete("noncentral_chisquare", "poisson", size, (nonc / 2,), ctx.index)
        return self._chisquare("noncentral_chisquare", add(astype(extra, target) * 2, on_device(df, ctx, target)),
                               size, target, ctx.index)

    def noncentral_f(self, dfnum: Any, dfden: Any, nonc: Any, size: Any = None, *, dtype: Any = None,
                     device: Any = None) -> Array:
        """Samples of the noncentral F distribution: a noncentral chi-square of ``dfnum`` degrees and noncentrality
        ``nonc`` over dfnum, divided by a chi-square of ``dfden`` degrees over dfden; ValueError when a degree is
        <= 0 or nonc < 0."""
        dfnum, dfden = above_0("noncentral_f", "dfnum", dfnum), above_0("noncentral_f", "dfden", dfden)
        nonc = at_least_0("noncentral_f", "nonc", nonc)
        size = output_shape("noncentral_f", size, dfnum, dfden, nonc)
        ctx = context_of(device, dfnum, dfden, nonc)
        target = float_dtype(dtype, ctx)
        top = self.noncentral_chisquare(dfnum, nonc, size, dtype=target, device=ctx.index)
        return divide(divide(top, on_device(dfnum, ctx, target)),
                      self._chisquare("noncentral_f", dfden, size, target, ctx.index, over=dfden))

    # -- vectors ---------------------------------------------------------------------------------------------------
    def multivariate_normal(self, mean: Any, cov: Any, size: Any = None, check_valid: str = "warn",
                            tol: float = 1e-8, *, method: str = "svd", dtype: Any = None,
                            device: Any = None) -> Array:
        """Samples (shape ``size + mean.shape``) of the normal distribution of vector ``mean`` and covariance
        ``cov``: standard normals times a factor of cov made on the host as NumPy makes it (``method`` "svd",
        "eigh" or "cholesky"), plus the mean. ``check_valid`` ("warn", "raise", "ignore") for a cov that is not
        symmetric positive semidefinite (within ``tol``)."""
        mean_h, cov_h = (host_values("multivariate_normal", n, v) for n, v in (("mean", mean), ("cov", cov)))
        if mean_h.ndim != 1 or cov_h.shape != (mean_h.size, mean_h.size):
            raise ValueError("multivariate_normal: mean must be 1 dimensional and cov 2 dimensional and square, of "
                             "mean's length")
        if check_valid not in ("warn", "raise", "ignore"):
            raise ValueError("multivariate_normal: check_valid must equal 'warn', 'raise', or 'ignore'")
        if method not in ("svd", "eigh", "cholesky"):
            raise ValueError("multivariate_normal: method must be one of {'eigh', 'svd', 'cholesky'}")
        factor = _covariance_factor(cov_h, method, check_valid, tol)
        shape = (*as_shape(() if size is None else size), mean_h.size)
        ctx = context_of(device)
        target = float_dtype(dtype, ctx)
        z = self.normal(0.0, 1.0, shape, dtype=target, device=device)  # type: ignore[attr-defined]
        return add(matmul(z, asarray_like(factor.astype(target.np), ctx, target)),
                   asarray_like(mean_h.astype(target.np), ctx, target))

    def dirichlet(self, alpha: Any, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples (shape ``size + (k,)``) of the Dirichlet distribution of the k concentrations ``alpha``
        (NumPy's: normalized gammas, or stick-breaking betas where every alpha is at most 0.1, whose gammas
        underflow); ValueError for a negative or NaN alpha."""
        alpha_h = host_values("dirichlet", "alpha", alpha)
        if alpha_h.ndim != 1:
            raise ValueError(f"dirichlet: alpha must be 1 dimensional, got {alpha_h.ndim} dimensions")
        require("dirichlet", lambda v: v >= 0, "alpha < 0", alpha_h)
        sample = as_shape(() if size is None else size)
        target = float_dtype(dtype, context_of(device))
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
