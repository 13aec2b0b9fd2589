"""NumPy's statistics beyond the array API standard (``vt.average``, ``vt.ptp``, ``vt.percentile``, the nan*
reductions, ``vt.cov``, ``vt.corrcoef``, ``vt.digitize``, ``vt.histogram_bin_edges``), for code ported from NumPy.

Everything here is composed of vulkit's own operations (elementwise functions, reductions, scans, quantiles,
searchsorted, histogram, matmul): no kernel of its own. Results are vulkit arrays (0-d where NumPy gives a scalar).
Functions whose result depends on the data's values (a check that raises, the degrees of freedom, estimated bins)
read those values back, so they wait for the GPU; their docstrings say so.

Errors name the function called first (``"nanargmax: All-NaN slice encountered"``), with NumPy's message after it.
"""

from __future__ import annotations

import builtins
import math
import operator
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, asarray_like
from ..dtypes import DType
from ..layout import normalize_axes
from . import elementwise as ew
from . import reductions as rd
from .creation import default_float, full, zeros
from .gather import take
from .histogram import bincount, histogram
from .linalg_basic import diagonal
from .manipulation import broadcast_to, flip, reshape, squeeze
from .matmul import matmul
from .moving import concat
from .named_errors import named_errors
from .numpy_common import as_array, by_parts, cast_to, on_device
from .outputs import numpy_out
from .quantiles import nanquantile, quantile
from .scans import cumprod, cumsum
from .sorting import searchsorted, sort

__all__ = [
    "average", "ptp", "percentile", "nanpercentile", "nanstd", "nanvar", "nanargmax", "nanargmin", "nanprod",
    "nancumsum", "nancumprod", "cov", "corrcoef", "digitize", "histogram_bin_edges", "histogram2d",
]


# -- helpers -----------------------------------------------------------------------------------------------------------
def _nan_filled(a: Array, value: float) -> tuple[Array, Array | None]:
    """(a with its NaNs replaced by ``value``, the NaN mask); integers and bool as they are, with no mask."""
    if a.dtype.kind not in "fc":
        return a, None
    mask = ew.isnan(a)
    return ew.where(mask, value, a), mask


# -- statistics ------------------------------------------------------------------------------------------------------
def _weights_along(weights: Array, a: Array, axes: tuple[int, ...] | None) -> Array:
    """NumPy's ``_weights_are_valid``: weights of a's shape, or of a's shape along ``axes``, made to broadcast."""
    if weights.shape == a.shape:
        return weights
    if axes is None:
        raise TypeError("Axis must be specified when shapes of a and weights differ.")
    if weights.shape != tuple(a.shape[ax] for ax in axes):
        raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
    weights = weights.permute_dims(tuple(int(i) for i in np.argsort(axes)))
    return reshape(weights, tuple(n if ax in axes else 1 for ax, n in enumerate(a.shape)))


@named_errors
def average(a: Any, axis: Any = None, weights: Any = None, returned: bool = False, *,
            keepdims: bool = False) -> Array | tuple[Array, Array]:
    """NumPy's ``average``: :func:`vulkit.mean` over ``axis``, or with ``weights`` ``sum(a * w) / sum(w)`` in
    NumPy's type (a's and w's promoted; at least the default float for integer a). ``returned``: also the sum of
    the weights (the element count without them), broadcast to the result's shape. Weights summing to zero raise
    ZeroDivisionError, which reads a flag back (the weighted call waits for the GPU)."""
    a = as_array(a, weights)
    axes = None if axis is None else normalize_axes(axis, a.ndim)
    if weights is None:
        avg = rd.mean(a, axis=axes, keepdims=keepdims)
        scale = full(avg.shape, a.size / builtins.max(avg.size, 1), dtype=avg.dtype, device=a.device)
    else:
        w = _weights_along(as_array(weights, a), a, axes)
        result_type = dt.result_type(a.dtype, w.dtype)
        if a.dtype.kind in "biu":
            result_type = dt.result_type(result_type, default_float(a._ctx))
        scale = rd.sum(w, axis=axes, dtype=result_type, keepdims=keepdims)
        if bool(rd.any(ew.equal(scale, 0.0))):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        weighted = ew.multiply(cast_to(a, result_type, a._ctx), cast_to(w, result_type, a._ctx))
        avg = ew.divide(rd.sum(weighted, axis=axes, dtype=result_type, keepdims=keepdims), scale)
    if not returned:
        return avg
    return avg, (broadcast_to(scale, avg.shape).copy() if scale.shape != avg.shape else scale)


@named_errors
@numpy_out("axis", "out", "keepdims")
def ptp(a: Any, axis: Any = None, keepdims: bool = False) -> Array:
    """NumPy's ``ptp``: ``max - min`` over ``axis`` (vt.max, vt.min; integers wrap as NumPy's). Bool raises
    TypeError as NumPy's does; complex raises TypeError (vulkit's max does not order complex numbers)."""
    a = as_array(a)
    return ew.subtract(rd.max(a, axis=axis, keepdims=keepdims), rd.min(a, axis=axis, keepdims=keepdims))


def _percentile(function: Callable[..., Array], a: Any, q: Any, axis: Any, method: str, keepdims: bool) -> Array:
    """``function`` (quantile or nanquantile) at ``q / 100``, divided on the host as NumPy divides it."""
    a = as_array(a)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    weak = type(q) in (int, float)
    fractions = np.true_divide(q.numpy() if isinstance(q, Array) else q, 100)
    if not np.all((fractions >= 0) & (fractions <= 1)):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return function(a, float(fractions) if weak else fractions, axis=axis, method=method, keepdims=keepdims)


@named_errors
def percentile(a: Any, q: Any, axis: Any = None, method: str = "linear", keepdims: bool = False) -> Array:
    """NumPy's ``percentile``: :func:`vulkit.quantile` at ``q / 100`` (``q`` in [0, 100], a number or 1-d), with
    the methods vt.quantile has: linear, lower, higher, midpoint, nearest (NumPy's others raise ValueError).
    ``out``, ``overwrite_input`` and ``weights`` are not supported."""
    return _percentile(quantile, a, q, axis, method, keepdims)


@named_errors
def nanpercentile(a: Any, q: Any, axis: Any = None, method: str = "linear", keepdims: bool = False) -> Array:
    """NumPy's ``nanpercentile``: :func:`vulkit.nanquantile` at ``q / 100`` (see :func:`percentile`); NaN for a
    slice of NaNs only, without NumPy's warning."""
    return _percentile(nanquantile, a, q, axis, method, keepdims)


@named_errors
@numpy_out("axis", "dtype", "out", "ddof", "keepdims")
def nanvar(a: Any, axis: Any = None, dtype: Any = None, ddof: float = 0, keepdims: bool = False) -> Array:
    """NumPy's ``nanvar``: the variance of the non-NaN elements in two passes, as NumPy's (vt.where puts 0 at the
    NaNs, vt.sum gives their count and mean, then the sum of squared deviations, divided by count - ``ddof``);
    NaN where count - ddof <= 0 (without NumPy's warning). Complex input gives the variance of |z - mean| (real).
    Integers and bool: :func:`vulkit.var`. vt.sum's compensated sums round less than NumPy's pairwise ones."""
    a = as_array(a)
    if a.dtype.kind not in "fc":
        return rd.var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    filled, mask = _nan_filled(a, 0)
    count = rd.sum(ew.logical_not(mask), axis=axis, keepdims=True)
    total = rd.sum(filled, axis=axis, dtype=dtype, keepdims=True)
    mean = ew.astype(ew.divide(total, count), total.dtype)  # NumPy divides in float64 and casts back
    deviation = ew.where(mask, 0, ew.subtract(filled, mean))
    if deviation.dtype.kind == "c":
        squares = ew.real(ew.multiply(deviation, ew.conj(deviation)))
    else:
        squares = ew.multiply(deviation, deviation)
    sums = rd.sum(squares, axis=axis, dtype=None if dtype is None else dt.as_dtype(dtype).component,
                  keepdims=keepdims)
    freedom = reshape(ew.subtract(count, ddof), sums.shape)
    variance = ew.astype(ew.divide(sums, freedom), sums.dtype)
    return ew.where(ew.less_equal(freedom, 0), math.nan, variance)


@named_errors
@numpy_out("axis", "dtype", "out", "ddof", "keepdims")
def nanstd(a: Any, axis: Any = None, dtype: Any = None, ddof: float = 0, keepdims: bool = False) -> Array:
    """NumPy's ``nanstd``: the square root of :func:`nanvar`."""
    return ew.sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


def _nanarg(a: Any, axis: Any, keepdims: bool, largest: bool) -> Array:
    """argmax/argmin with NaNs filled by -inf/+inf; ValueError for a slice of NaNs only (one flag read back)."""
    a = as_array(a)
    filled, mask = _nan_filled(a, -math.inf if largest else math.inf)
    if mask is not None and mask.size and bool(rd.any(rd.all(mask, axis=axis))):
        raise ValueError("All-NaN slice encountered")
    return (rd.argmax if largest else rd.argmin)(filled, axis=axis, keepdims=keepdims)


@named_errors
@numpy_out("axis", "out")
def nanargmax(a: Any, axis: int | None = None, keepdims: bool = False) -> Array:
    """NumPy's ``nanargmax``: :func:`vulkit.argmax` ignoring NaNs. A slice of NaNs only raises ValueError "All-NaN
    slice encountered", as NumPy's: the check reads one flag back (the call waits for the GPU)."""
    return _nanarg(a, axis, keepdims, largest=True)


@named_errors
@numpy_out("axis", "out")
def nanargmin(a: Any, axis: int | None = None, keepdims: bool = False) -> Array:
    """NumPy's ``nanargmin``: :func:`vulkit.argmin` ignoring NaNs (see :func:`nanargmax`)."""
    return _nanarg(a, axis, keepdims, largest=False)


@named_errors
@numpy_out("axis", "dtype", "out", "keepdims")
def nanprod(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Array:
    """NumPy's ``nanprod``: :func:`vulkit.prod` with NaNs counted as 1 (complex numbers with a NaN part too)."""
    return rd.prod(_nan_filled(as_array(a), 1)[0], axis=axis, dtype=dtype, keepdims=keepdims)


@named_errors
@numpy_out("axis", "dtype", "out")
def nancumsum(a: Any, axis: int | None = None, dtype: Any = None) -> Array:
    """NumPy's ``nancumsum``: :func:`vulkit.cumsum` with NaNs counted as 0 (flattened where ``axis`` is None)."""
    return cumsum(_nan_filled(as_array(a), 0)[0], axis=axis, dtype=dtype)


@named_errors
@numpy_out("axis", "dtype", "out")
def nancumprod(a: Any, axis: int | None = None, dtype: Any = None) -> Array:
    """NumPy's ``nancumprod``: :func:`vulkit.cumprod` with NaNs counted as 1 (flattened where ``axis`` is None)."""
    return cumprod(_nan_filled(as_array(a), 1)[0], axis=axis, dtype=dtype)


def _observations(x: Any, rowvar: bool, dtype: DType, like: Array) -> Array:
    """x as the 2-d (variables, observations) array of ``dtype`` (NumPy's ``array(x, ndmin=2)``, transposed
    where not ``rowvar`` and x has more than one row)."""
    x = cast_to(as_array(x, like), dtype, like._ctx)
    x = reshape(x, (1, -1)) if x.ndim < 2 else x
    return x.T if not rowvar and x.shape[0] != 1 else x


def _sample_weights(weights: Any, n: int, name: str, like: Array) -> Array:
    """fweights or aweights as a 1-d float array of ``n`` non-negative weights (NumPy's checks; one read back)."""
    w = cast_to(as_array(weights, like), default_float(like._ctx), like._ctx)
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if n and bool(rd.any(ew.less(w, 0))):
        raise ValueError(f"{name} cannot be negative")
    return w


@named_errors
def cov(m: Any, y: Any = None, rowvar: bool = True, bias: bool = False, ddof: int | None = None,
        fweights: Any = None, aweights: Any = None, *, dtype: Any = None) -> Array:
    """NumPy's ``cov``: the covariance matrix of the variables in m's rows (columns where not ``rowvar``) and
    y's, ``X @ conj(X.T) / (N - ddof)`` after centring each variable on its :func:`average` (vt.matmul), with
    NumPy's frequency and analytic weights. The degrees of freedom are read back (the call waits for the GPU)
    to apply NumPy's rule (<= 0: divide by 0, without its warning)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = as_array(m, y)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = as_array(y, m)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = dt.result_type(m.dtype, *([y.dtype] if y is not None else []), default_float(m._ctx))
    dtype = dt.as_dtype(dtype)
    x = cast_to(m, dtype, m._ctx)
    x = reshape(x, (1, -1)) if x.ndim < 2 else x
    if not rowvar and m.ndim != 1:
        x = x.T
    if x.shape[0] == 0:
        return zeros((0, 0), dtype=default_float(m._ctx), device=m.device)
    if y is not None:
        x = concat([x, _observations(y, rowvar, dtype, m)], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _sample_weights(fweights, n, "fweights", m)
        if n and not bool(rd.all(ew.equal(w, ew.round(w)))):
            raise TypeError("fweights must be integer")
    if aweights is not None:
        aweights = _sample_weights(aweights, n, "aweights", m)
        w = aweights if w is None else ew.multiply(w, aweights)
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    if w is None:
        fact = float(n - ddof)
    else:
        total = float(ew.real(w_sum[0]))  # complex for complex x: the sum of real weights
        if ddof == 0:
            fact = total
        elif aweights is None:
            fact = total - ddof
        else:
            fact = total - ddof * float(rd.sum(ew.multiply(w, aweights))) / total
    centred = ew.subtract(x, avg[:, None])
    weighted = centred if w is None else ew.multiply(centred, w)
    c = matmul(centred, ew.conj(weighted.T) if weighted.dtype.kind == "c" else weighted.T)
    scale = np.float64(math.inf if fact <= 0 else 1.0 / fact)  # NumPy: c *= true_divide(1, fact), a float64
    return squeeze(ew.astype(ew.multiply(c, scale), c.dtype))


@named_errors
def corrcoef(x: Any, y: Any = None, rowvar: bool = True, *, dtype: Any = None) -> Array:
    """NumPy's ``corrcoef``: :func:`cov` divided by the outer product of the standard deviations (the square roots
    of its diagonal, vt.linalg.diagonal), real and imaginary parts clipped to [-1, 1] (vt.clip); ``c / c`` for a
    single variable (a 0-d cov)."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return ew.divide(c, c)
    stddev = ew.sqrt(ew.real(diagonal(c)))
    c = ew.divide(ew.divide(c, stddev[:, None]), stddev[None, :])
    return by_parts(c, lambda part: ew.clip(part, -1, 1))


def _monotonicity(bins: Array) -> int:
    """NumPy's ``_monotonicity`` of 1-d bins: 1 increasing (or all equal), -1 decreasing, 0 neither. The first pair
    of unequal neighbours picks the direction (a pair holding a NaN picks decreasing), later pairs must not go
    against it; four flags are read back at once (a sync)."""
    if bins.shape[0] < 2:
        return 1
    before, after = bins[:-1], bins[1:]
    differing = ew.not_equal(before, after)
    first = rd.argmax(differing)
    flags = concat([reshape(value, (1,)) for value in (
        rd.any(differing), ew.less(take(before, first, mode="clip"), take(after, first, mode="clip")),
        rd.any(ew.greater(before, after)), rd.any(ew.less(before, after)))]).numpy()
    any_differing, first_rises, falls, rises = (bool(f) for f in flags)
    if not any_differing:
        return 1
    if first_rises:
        return 0 if falls else 1
    return 0 if rises else -1


@named_errors
def digitize(x: Any, bins: Any, right: bool = False) -> Array:
    """NumPy's ``digitize``: the index of the bin of each x (vt.searchsorted over ``bins``, which must be 1-d and
    monotonic: increasing, or decreasing, then searched reversed). ``right``: bins closed on the right. NaN goes
    past the last bin. Checking the order of the bins reads flags back (the call waits for the GPU)."""
    x = as_array(x, bins)
    if x.dtype.kind == "c":
        raise TypeError("x may not be complex")
    bins = as_array(bins, x)
    if bins.ndim != 1:
        raise ValueError("object too deep for desired array" if bins.ndim else
                         "object of too small depth for desired array")
    direction = _monotonicity(bins)
    if direction == 0:
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if direction == 1:
        return searchsorted(bins, x, side=side)
    return ew.subtract(bins.shape[0], searchsorted(flip(bins), x, side=side))


def _stone_width(x: Array, spread: float, first: Any, last: Any, stacklevel: int) -> float:
    """NumPy's 'stone' width: ptp / k for the k in 1 .. max(100, sqrt(n)) bins over [first, last] that minimises
    the estimated integrated squared error (2 - (n + 1) sum(p^2)) / (ptp / k), the first of equals. Every candidate's
    counts come from one sort of x and one search of all their edges (NumPy's edges and closed last bin).
    ``stacklevel``: the warning's, from here to the user's call."""
    n = x.size
    if n <= 1 or spread == 0:
        return 0.0
    upper = builtins.max(100, int(np.sqrt(n)))
    edge_type = np.result_type(first, last, x.dtype.np)
    if edge_type.kind in "iub":  # NumPy's histogram: float edges for integer data
        edge_type = np.result_type(edge_type, float)
    edges = [np.linspace(first, last, k + 1, endpoint=True, dtype=edge_type) for k in range(1, upper + 1)]
    ordered = sort(reshape(x, (-1,)))
    if ordered.dtype.np != edge_type:
        ordered = ordered.astype(dt.as_dtype(edge_type))
    left = searchsorted(ordered, np.concatenate(edges)).numpy()
    closing = searchsorted(ordered, np.array([e[-1] for e in edges], edge_type), side="right").numpy()
    best, chosen, start = math.inf, 0, 0
    for k in range(1, upper + 1):
        below = left[start:start + k + 1].astype(np.int64)
        below[-1] = closing[k - 1]  # the last bin holds its right edge
        p = np.diff(below) / n
        score = (2 - (n + 1) * p.dot(p)) / (spread / k)
        if score < best:
            best, chosen = score, k
        start += k + 1
    if chosen == upper:
        warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning, stacklevel=stacklevel)
    return spread / chosen


def _bin_width(estimator: str, x: Array, low: Any, high: Any, first: Any, last: Any, stacklevel: int) -> float:
    """NumPy's bin width ``estimator`` of the (non-empty, flattened) data x, whose min and max are low and high,
    for bins over [first, last] (``stacklevel``: a warning's, from here to the user's call)."""
    n = x.size
    spread = float(high - low) if x.dtype.kind == "f" else float(int(high) - int(low))  # NumPy's _ptp
    if estimator == "stone":
        return _stone_width(x, spread, first, last, stacklevel + 1)
    sturges = spread / (np.log2(n) + 1.0)
    if estimator == "sqrt":
        return spread / np.sqrt(n)
    if estimator == "sturges":
        return sturges
    if estimator == "rice":
        return spread / (2.0 * n ** (1.0 / 3))
    if estimator == "scott":
        return (24.0 * np.pi ** 0.5 / n) ** (1.0 / 3.0) * float(rd.std(x))
    if estimator == "doane":
        if n > 2:
            sg1 = np.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
            sigma = float(rd.std(x))
            if sigma > 0.0:
                g1 = float(rd.mean(ew.pow(ew.divide(ew.subtract(x, rd.mean(x)), sigma), 3)))
                return spread / (1.0 + np.log2(n) + np.log2(1.0 + np.absolute(g1) / sg1))
        return 0.0
    upper, lower = (float(v) for v in percentile(x, [75, 25]).numpy())
    fd = 2.0 * (upper - lower) * n ** (-1.0 / 3.0)
    if estimator == "fd":
        return fd
    return builtins.min(builtins.max(fd, spread / np.sqrt(n) / 2), sturges)  # "auto"


ESTIMATORS = ("auto", "doane", "fd", "rice", "scott", "sqrt", "stone", "sturges")


def estimated_bins(a: Array, estimator: str, range_: Any, weights: Any = None,
                   stacklevel: int = 3) -> tuple[int, tuple[Any, Any]]:
    """NumPy's number of equal bins and outer edges for the bin width ``estimator`` (data outside ``range_``
    left out); the data's min and max are read back (a sync), and the statistics the estimator needs. Weighted data
    has no estimate (TypeError), as in NumPy. ``stacklevel``: a warning's ('stone'), from here to the user's call
    (3: the caller is the function the user called)."""
    if estimator not in ESTIMATORS:
        raise ValueError(f"{estimator!r} is not a valid estimator for `bins`")
    if weights is not None:
        raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
    x = reshape(a, (-1,))
    if range_ is not None:
        first, last = range_
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
        x = x[ew.logical_and(ew.greater_equal(x, first), ew.less_equal(x, last))]
    if x.size:
        low, high = concat([reshape(rd.min(x), (1,)), reshape(rd.max(x), (1,))]).numpy()
    if range_ is None:
        if x.size == 0:
            first, last = 0, 1
        else:
            first, last = low, high
            if not (np.isfinite(first) and np.isfinite(last)):
                raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    if x.size == 0:
        return 1, (first, last)
    width = _bin_width(estimator, x, low, high, first, last, stacklevel + 1)
    if not width:
        return 1, (first, last)
    if x.dtype.kind in "iu" and width < 1:
        width = 1
    integral = all(isinstance(v, (int, np.integer)) for v in (first, last))
    delta = int(last) - int(first) if integral else last - first  # in the edges' type, as NumPy's
    return int(np.ceil(delta / np.float64(width))), (first, last)


@named_errors
def histogram_bin_edges(a: Any, bins: Any = 10, range: Any = None, weights: Any = None) -> Array:  # noqa: A002
    """NumPy's ``histogram_bin_edges``: the edges :func:`vulkit.histogram` uses (NumPy's, from the range of the
    data, read back, or ``range``), for a number of bins, their edges, or a bin width estimator ('auto', 'fd',
    'doane', 'scott', 'rice', 'sturges', 'sqrt', 'stone'). ``weights`` are only checked
    against a's shape, as NumPy's. Runs vt.histogram, which counts too."""
    a = as_array(a, weights)
    if weights is not None and as_array(weights, a).shape != a.shape:
        raise ValueError("weights should have the same shape as a.")
    if isinstance(bins, str):
        bins, range = estimated_bins(a, bins, range, weights, stacklevel=4)  # noqa: A001 - under named_errors
    return histogram(a, bins, range)[1]


def _axis_bins(bins: Any, axis: int) -> Any:
    """histogram2d's ``bins`` for one axis, as NumPy's reads them: a scalar for both axes, a pair (a count or
    edges each), or any other sequence as the edges of both."""
    if isinstance(bins, Array):
        bins = bins.numpy()
    try:
        count = len(bins)
    except TypeError:
        return bins
    if count == 2:
        chosen = bins[axis]
        return chosen.numpy() if isinstance(chosen, Array) else chosen
    if count == 1:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    return np.asarray(bins)


def _axis_edges(values: Array, bins: Any, bounds: Any, axis: int) -> Array:
    """One axis's edges as NumPy's histogramdd makes them: given edges as they are (increasing), or ``bins``
    equal bins over ``bounds`` or the data's min and max (read back), widened by 0.5 each way where equal,
    through float64 ``linspace``."""
    ctx = values._ctx
    if np.ndim(bins) == 1:
        edges = np.asarray(bins)
        if np.any(edges[:-1] > edges[1:]):
            raise ValueError(f"`bins[{axis}]` must be monotonically increasing, when an array")
        return asarray_like(edges, ctx, on_device(dt.as_dtype(edges.dtype), ctx))
    if np.ndim(bins) != 0:
        raise ValueError(f"`bins[{axis}]` must be a scalar or 1d array")
    if bins < 1:
        raise ValueError(f"`bins[{axis}]` must be positive, when an integer")
    count = operator.index(bins)
    if bounds is not None:
        first, last = (float(b) for b in bounds)
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif values.size == 0:
        first, last = 0.0, 1.0
    else:  # NumPy's min and max are scalars of the data's type: float data gives edges of its own type
        kind = values.dtype.np.type if values.dtype.kind == "f" else np.float64
        first, last = kind(float(rd.min(values))), kind(float(rd.max(values)))
        if not (math.isfinite(first) and math.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    edges = np.linspace(first, last, count + 1)
    return asarray_like(edges, ctx, on_device(dt.as_dtype(edges.dtype), ctx))


def _bin_index(values: Array, edges: Array) -> tuple[Array, Array]:
    """(each value's bin among ``edges``, whether it falls in one): half-open bins, the last closed on the right,
    values outside or NaN in none (NumPy's histogramdd)."""
    nbins = edges.shape[0] - 1
    index = ew.subtract(searchsorted(edges, values, side="right"), 1)
    index = ew.where(ew.equal(values, edges[-1]), nbins - 1, index)
    inside = ew.logical_and(ew.greater_equal(values, edges[0]), ew.less_equal(values, edges[-1]))
    return index, inside


@named_errors
def histogram2d(x: Any, y: Any, bins: Any = 10, range: Any = None, density: bool | None = None,  # noqa: A002
                weights: Any = None) -> tuple[Array, Array, Array]:
    """NumPy's ``histogram2d``: (H, xedges, yedges), H[i, j] counting (or summing the ``weights`` of) the points
    whose x falls in bin i and y in bin j, as float64. ``bins``: a count, edges, or one of either per axis;
    ``range``: ((xmin, xmax), (ymin, ymax)). Each axis's edges are NumPy's histogramdd's (from a count of bins:
    in the float data's type, else float64; given edges as they are); the bins of each point by vt.searchsorted
    (half-open, the last closed), counted by one vt.bincount of the combined index. Synchronises (the data's range
    and the counts' size are read back)."""
    x, y = as_array(x, y), as_array(y, x)
    if x.ndim != 1 or y.ndim != 1 or x.shape != y.shape:
        raise ValueError("x and y must be 1-d arrays of the same length")
    if range is not None and len(range) != 2:
        raise ValueError("range must be a pair of (min, max) pairs")
    edges = [_axis_edges(v, _axis_bins(bins, axis), None if range is None else range[axis], axis)
             for axis, v in enumerate((x, y))]
    nx, ny = edges[0].shape[0] - 1, edges[1].shape[0] - 1
    (ix, x_in), (iy, y_in) = _bin_index(x, edges[0]), _bin_index(y, edges[1])
    combined = ew.where(ew.logical_and(x_in, y_in), ew.add(ew.multiply(ix, ny), iy), nx * ny)
    if weights is not None:
        weights = as_array(weights, x)
        if weights.shape != x.shape:
            raise ValueError("weights should have the same shape as x and y")
    counts = bincount(combined, weights=weights, minlength=nx * ny + 1)[:nx * ny]
    result = reshape(cast_to(counts, on_device(dt.float64, x._ctx), x._ctx), (nx, ny))
    if density:  # NumPy's order: by each axis's bin widths (in the edges' type), then by the total
        total = rd.sum(result)
        result = ew.divide(result, reshape(ew.subtract(edges[0][1:], edges[0][:-1]), (nx, 1)))
        result = ew.divide(result, reshape(ew.subtract(edges[1][1:], edges[1][:-1]), (1, ny)))
        result = ew.divide(result, total)
    return result, edges[0], edges[1]
