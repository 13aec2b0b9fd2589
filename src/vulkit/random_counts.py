"""The random module's discrete distributions (counts), as methods of its Generator: NumPy's names, parameters,
defaults and errors, parameters broadcast as NumPy broadcasts them.

Each law is drawn in the widest float the device has and returned as int64, as NumPy returns it. The kernels
(``kernels/glsl/vt_sampling.glsl``): inversion for the geometric law, the multiplication method and PTRS for
Poisson, inversion and BTRS for the binomial, inversion walking out from the mode for the hypergeometric, Devroye's
rejection for Zipf, Kemp's generator for the logarithmic series. The negative binomial is a Poisson of gamma means;
the multinomial and multivariate hypergeometric laws draw one category after another, each a binomial (or
hypergeometric) of what is left, as NumPy draws them: a few dispatches a category."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .array.array import Array
from .array.layout import as_shape
from .array.ops.creation import default_float, default_int, full
from .array.ops.elementwise import astype, subtract, trunc
from .array.ops.manipulation import broadcast_to
from .array.ops.moving import stack
from .random_distributions import Distributions, above_0, at_least_0
from .random_parameters import Param, context_of, host_or_device, host_values, on_device, output_shape, require

# NumPy's limit for Poisson means (larger ones would not fit an int64 within ten standard deviations)
POISSON_LAM_MAX = float(2 ** 63 - 1) - 10 * math.sqrt(float(2 ** 63 - 1))
HYPERGEOMETRIC_MAX = 10 ** 9  # NumPy's bound on ngood and nbad


def _whole(function: str, name: str, value: Any) -> Param:
    """An integer parameter: NumPy truncates fractions toward zero."""
    value = host_or_device(function, name, value)
    if isinstance(value, float):
        return float(math.trunc(value)) if math.isfinite(value) else value
    if isinstance(value, Array):
        return trunc(value) if value.dtype.kind == "f" else value
    return np.trunc(value)


def _probability(function: str, value: Any) -> Param:
    """A probability parameter ``p``: NaN included, checked by the caller."""
    return host_or_device(function, "p", value)


class Counts(Distributions):
    """The discrete distributions of a Generator (a mixin over the continuous ones)."""

    def _as_counts(self, values: Array) -> Array:
        return astype(values, default_int(values._ctx))

    def geometric(self, p: Any, size: Any = None, *, device: Any = None) -> Array:
        """The numbers of Bernoulli trials of probability ``p`` up to the first success (int64, at least 1);
        ValueError when p <= 0 or p > 1."""
        p = _probability("geometric", p)
        require("geometric", lambda v: v > 0, "p <= 0", p)
        require("geometric", lambda v: v <= 1, "p > 1", p)
        return self._discrete("geometric", "geometric", size, (p,), device)

    def poisson(self, lam: Any = 1.0, size: Any = None, *, device: Any = None) -> Array:
        """Samples (int64) of the Poisson distribution of mean ``lam``; ValueError when lam < 0 or too large."""
        lam = at_least_0("poisson", "lam", lam)
        require("poisson", lambda v: v <= POISSON_LAM_MAX, "lam value too large", lam)
        return self._discrete("poisson", "poisson", size, (lam,), device)

    def binomial(self, n: Any, p: Any, size: Any = None, *, device: Any = None) -> Array:
        """Successes (int64) in ``n`` Bernoulli trials of probability ``p`` (n's fractions truncated, as NumPy's);
        ValueError when n < 0 or p is outside [0, 1] (or NaN)."""
        n, p = _whole("binomial", "n", n), _probability("binomial", p)
        require("binomial", lambda v: v >= 0, "n < 0", n)
        require("binomial", lambda v: (v >= 0) | (v != v), "p < 0", p)
        require("binomial", lambda v: v <= 1, "p > 1 or p is NaN", p)
        require("binomial", lambda v: v < 2 ** 53, "n is too large: at most 2**53 - 1 trials", n)
        return self._discrete("binomial", "binomial", size, (n, p), device)

    def negative_binomial(self, n: Any, p: Any, size: Any = None, *, device: Any = None) -> Array:
        """Failures (int64) before the ``n``-th success in Bernoulli trials of probability ``p``: a Poisson of a
        gamma mean of shape n and scale (1 - p) / p, as NumPy's; ValueError when n <= 0 or p outside (0, 1]."""
        n, p = above_0("negative_binomial", "n", n), _probability("negative_binomial", p)
        require("negative_binomial", lambda v: (v > 0) & (v <= 1), "p <= 0, p > 1 or p contains NaNs", p)
        ctx = context_of(device, n, p)
        wide = default_float(ctx)
        shape = output_shape("negative_binomial", size, n, p)
        means = self._draw("negative_binomial", "gamma", shape, (n, (1 - p) / p), wide, ctx.index)
        return self._discrete("negative_binomial", "poisson", shape, (means,), ctx.index)

    def hypergeometric(self, ngood: Any, nbad: Any, nsample: Any, size: Any = None, *,
                       device: Any = None) -> Array:
        """Good items (int64) among ``nsample`` drawn without replacement from ``ngood`` good and ``nbad`` bad ones
        (by inversion from the mode; fractions truncated, as NumPy's); ValueError for negative counts, nsample
        above ngood + nbad, or ngood or nbad of 10**9 or more (NumPy's bound)."""
        good, bad, n = (_whole("hypergeometric", name, v) for name, v in
                        (("ngood", ngood), ("nbad", nbad), ("nsample", nsample)))
        for name, value in (("ngood", good), ("nbad", bad), ("nsample", n)):
            require("hypergeometric", lambda v: v >= 0, f"{name} < 0", value)
        require("hypergeometric", lambda g, b: (g < HYPERGEOMETRIC_MAX) & (b < HYPERGEOMETRIC_MAX),
                f"both ngood and nbad must be less than {HYPERGEOMETRIC_MAX}", good, bad)
        require("hypergeometric", lambda g, b, k: g + b >= k, "ngood + nbad < nsample", good, bad, n)
        return self._discrete("hypergeometric", "hypergeometric", size, (good, bad, n), device)

    def zipf(self, a: Any, size: Any = None, *, device: Any = None) -> Array:
        """Samples (int64, at least 1) of Zipf's distribution of exponent ``a`` (Devroye's rejection; values past
        int64 are drawn again); ValueError when a <= 1 or a is NaN."""
        a = host_or_device("zipf", "a", a)
        require("zipf", lambda v: v > 1, "a <= 1 or a is NaN", a)
        return self._discrete("zipf", "zipf", size, (a,), device)

    def logseries(self, p: Any, size: Any = None, *, device: Any = None) -> Array:
        """Samples (int64, at least 1) of the logarithmic series distribution of ``p`` (Kemp's generator);
        ValueError when p < 0, p >= 1 or p is NaN."""
        p = _probability("logseries", p)
        require("logseries", lambda v: (v >= 0) & (v < 1), "p < 0, p >= 1 or p is NaN", p)
        return self._discrete("logseries", "logseries", size, (p,), device)

    # -- vectors of counts -------------------------------------------------------------------------------------
    def multinomial(self, n: Any, pvals: Any, size: Any = None, *, device: Any = None) -> Array:
        """Counts (int64, shape ``size + (k,)``, or n's and pvals' broadcast batch shape + (k,)) of ``n`` trials
        falling into k categories of probabilities ``pvals`` (its last axis; the last category takes what the
        others leave, as NumPy's); ValueError for n < 0, probabilities outside [0, 1] or summing past 1."""
        n = _whole("multinomial", "n", n)
        require("multinomial", lambda v: v >= 0, "n < 0", n)
        p = host_values("multinomial", "pvals", pvals)
        if p.ndim == 0:
            raise ValueError("multinomial: pvals must have at least 1 dimension")
        require("multinomial", lambda v: (v >= 0) & (v <= 1), "pvals < 0, pvals > 1 or pvals contains NaNs", p)
        if (p[..., :-1].sum(axis=-1) > 1.0 + 1e-12).any():
            raise ValueError("multinomial: sum(pvals[:-1]) > 1.0")
        shape = output_shape("multinomial", size, n, p[..., 0])
        ctx = context_of(device, n)
        left = on_device(n, ctx, default_float(ctx))
        left = left if isinstance(left, Array) else full((), left, dtype=default_float(ctx), device=ctx.index)
        cumulative = np.cumsum(p, axis=-1)
        parts = []
        for j in range(p.shape[-1] - 1):
            before = 1.0 - cumulative[..., j - 1] if j else np.ones(p.shape[:-1])  # probability not yet spent
            chance = np.clip(p[..., j] / np.where(before > 0, before, 1.0), 0.0, 1.0) * (before > 0)
            drawn = self._draw("multinomial", "binomial", shape, (left, chance), default_float(ctx), ctx.index)
            parts.append(drawn)
            left = subtract(left, drawn)
        return self._as_counts(stack([*parts, broadcast_to(left, shape)], axis=-1))

    def multivariate_hypergeometric(self, colors: Any, nsample: int, size: Any = None, method: str = "marginals",
                                    *, device: Any = None) -> Array:
        """Counts (int64, shape ``size + (k,)``) of each of k colors among ``nsample`` items drawn without
        replacement from ``colors[j]`` items of color j: one hypergeometric draw a color of what is left (both of
        NumPy's methods, "marginals" and "count", draw this law so); ValueError for negative colors or nsample, or
        nsample above sum(colors)."""
        if method not in ("count", "marginals"):
            raise ValueError('multivariate_hypergeometric: method must be "count" or "marginals".')
        counts = host_values("multivariate_hypergeometric", "colors", colors)
        if counts.ndim != 1 or not ((counts >= 0) & (counts == np.trunc(counts))).all():
            raise ValueError("multivariate_hypergeometric: colors must be a one-dimensional sequence of "
                             "nonnegative integers")
        nsample = int(nsample)
        if nsample < 0:
            raise ValueError("multivariate_hypergeometric: nsample must be nonnegative.")
        if nsample > counts.sum():
            raise ValueError("multivariate_hypergeometric: nsample > sum(colors)")
        shape = as_shape(() if size is None else size)
        ctx = context_of(device)
        wide = default_float(ctx)
        left: Param = full((), float(nsample), dtype=wide, device=ctx.index)
        rest = float(counts.sum())
        parts = []
        for j in range(counts.size - 1):
            rest -= counts[j]
            drawn = self._draw("multivariate_hypergeometric", "hypergeometric", shape, (float(counts[j]), rest, left),
                               wide, ctx.index)
            parts.append(drawn)
            left = subtract(left, drawn)
        return self._as_counts(stack([*parts, broadcast_to(on_device(left, ctx, wide), shape)], axis=-1))
