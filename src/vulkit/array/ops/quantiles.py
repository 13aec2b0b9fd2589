"""Order statistics on sorted slices: ``median``, ``quantile``, ``nanmedian``, ``nanquantile`` (NumPy's methods
``linear``, ``lower``, ``higher``, ``midpoint``, ``nearest``). The reduced axes are moved last, merged and sorted on
the GPU (:func:`.sorting.sort`); the wanted ranks are read from the sorted slices and interpolated there. Nothing
waits for the GPU except the quantiles given ``q`` as an array (its values are read to the host)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..array import Array, upload
from ..dtypes import DType, as_dtype, float32, float64, int64
from ..layout import normalize_axes
from . import elementwise as ew
from .outputs import numpy_out
from .sorting import check_sortable, sort

_METHODS = ("linear", "lower", "higher", "midpoint", "nearest")


def _reduced_last(x: Array, axis: Any, name: str) -> tuple[Array, tuple[int, ...], tuple[int, ...]]:
    """x sorted along its ``axis`` axes moved last and merged into one; the kept shape and the reduced axes."""
    x = check_sortable(x, name)
    axes = tuple(range(x.ndim)) if axis is None else normalize_axes(axis, x.ndim, name)
    kept = tuple(i for i in range(x.ndim) if i not in axes)
    shape = tuple(x.shape[i] for i in kept)
    moved = x.permute_dims(kept + axes) if kept + axes != tuple(range(x.ndim)) else x
    m = math.prod(x.shape[i] for i in axes)
    flat = moved.reshape((*shape, m))
    return sort(flat, axis=-1), shape, axes


def _keep(result: Array, x_ndim: int, axes: tuple[int, ...], lead: int, keepdims: bool) -> Array:
    if not keepdims:
        return result
    shape = list(result.shape)
    for a in sorted(axes):
        shape.insert(lead + a, 1)
    return result.reshape(tuple(shape))


def _nan_fix(result: Array, ordered: Array) -> Array:
    """NaN where the slice holds one (sorted last), as NumPy's quantile and median give."""
    if ordered._dtype.kind != "f":
        return result
    last = ordered[..., -1]
    return ew.where(ew.isnan(last), ew.astype(last, result._dtype), result)


@numpy_out("axis", "out")
def median(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:
    """The median along ``axis`` (None: all), as NumPy's: the mean of the middle elements (float64 for
    integers), NaN where a slice holds one."""
    ordered, shape, axes = _reduced_last(x, axis, "median")
    m = ordered.shape[-1]
    if m == 0:
        raise ValueError("median: cannot take the median of an empty slice")
    dtype = x._dtype
    compute = float64 if dtype.kind in "biu" else (float32 if dtype.itemsize == 2 else dtype)  # float16, bfloat16
    a = ew.astype(ordered[..., (m - 1) // 2], compute)
    if m % 2 == 0:
        b = ew.astype(ordered[..., m // 2], compute)
        result = ew.divide(ew.add(a, b), 2)
    else:
        result = a.copy() if a._dtype is dtype else a
    if dtype.kind == "f" and dtype.itemsize == 2:
        result = ew.astype(result, dtype)
    result = _nan_fix(result, ordered)
    return _keep(result, x.ndim, axes, 0, keepdims)


def quantile(x: Array, q: Any, /, axis: Any = None, *, method: str = "linear", keepdims: bool = False) -> Array:
    """The ``q``-th quantiles (``q`` in [0, 1], a number or 1-d) along ``axis`` (None: all), as NumPy's
    ``quantile`` (methods linear, lower, higher, midpoint, nearest), NaN where a slice holds one; ``q`` an
    array: its values are read to the host (a sync)."""
    if method not in _METHODS:
        raise ValueError(f"quantile: method must be one of {', '.join(_METHODS)}, got {method!r}")
    weak = type(q) in (int, float)
    given = np.asarray(q.numpy() if isinstance(q, Array) else q)
    if given.dtype.kind in "iub" and method == "linear":
        method = "lower"  # integral positions: NumPy takes the elements, keeping the dtype
    qs = given if given.dtype.kind == "f" else given.astype(np.float64)  # positions in q's precision, as NumPy
    if qs.ndim > 1:
        raise ValueError("quantile: q must be a scalar or 1-d")
    if not np.all((qs >= 0) & (qs <= 1)):
        raise ValueError("quantile: quantiles must be in the range [0, 1]")
    ordered, shape, axes = _reduced_last(x, axis, "quantile")
    m = ordered.shape[-1]
    if m == 0:
        raise IndexError("quantile: index -1 is out of bounds for an empty slice")
    below, above, gamma = _positions(m, qs.reshape(-1), method)
    result = _interpolate(ordered, below, above, gamma, qs.ndim == 0, weak, x._dtype)
    result = _nan_fix(result, ordered[..., None, :] if qs.ndim else ordered)
    if qs.ndim:
        result = result.permute_dims((result.ndim - 1, *range(result.ndim - 1)))
    return _keep(result, x.ndim, axes, qs.ndim, keepdims)


def _positions(m: int, qs: np.ndarray, method: str) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The sorted positions each quantile interpolates between and its weight (None: the element at the
    first), computed as NumPy's ``_quantile`` does (a weight past the last element included: NumPy's
    lerp then turns inf - inf into NaN, and so does this)."""
    pos = (m - 1) * qs
    if method in ("lower", "higher", "nearest"):
        index = {"lower": np.floor, "higher": np.ceil, "nearest": np.around}[method](pos).astype(np.int64)
        return index, index, None
    virtual = pos if method == "linear" else 0.5 * (np.floor(pos) + np.ceil(pos))
    below = np.floor(virtual)
    above = below + 1
    high = virtual >= m - 1
    below[high] = above[high] = -1
    low = virtual < 0
    below[low] = above[low] = 0
    gamma = np.asarray(virtual - below)
    if method == "midpoint":
        gamma = np.where(virtual % 1 == 0, 0.0, 0.5)
    gamma = gamma.astype(virtual.dtype)
    return below.astype(np.int64) % m, above.astype(np.int64) % m, gamma


def _interpolate(ordered: Array, below: np.ndarray, above: np.ndarray, gamma: np.ndarray | None, scalar: bool,
                 weak: bool, dtype: DType) -> Array:
    """NumPy's ``_lerp`` of the sorted elements at ``below`` and ``above`` (one per q; ``scalar``: q was one
    number, ``weak``: a Python one, which NumPy keeps weakly typed) with weights ``gamma`` (None: the element
    at ``below``)."""
    if scalar:
        a, b = ordered[..., int(below[0])], ordered[..., int(above[0])]
    else:
        a, b = ordered[..., [int(i) for i in below]], ordered[..., [int(i) for i in above]]
    if gamma is None:
        return a.copy() if a._dtype is dtype else a
    diff = ew.subtract(b, a)
    if weak:
        t = float(gamma[0])
        if t >= 0.5:
            lerp = ew.add(a, ew.multiply(diff, t))
            return ew.astype(ew.subtract(b, ew.multiply(diff, 1 - t)), lerp._dtype)
        return ew.add(a, ew.multiply(diff, t))
    weights = upload(ordered._ctx, gamma[0] if scalar else gamma)
    lerp = ew.add(a, ew.multiply(diff, weights))
    other = ew.subtract(b, ew.multiply(diff, ew.subtract(1.0, weights)))
    return ew.where(ew.greater_equal(weights, 0.5), ew.astype(other, lerp._dtype), lerp)


# -- nanmedian, nanquantile ----------------------------------------------------------------------------------------
def _valid_counts(ordered: Array) -> Array:
    """The number of non-NaN elements of each sorted row (NaNs sort last), int64."""
    m = ordered.shape[-1]
    return ew.subtract(m, _reductions().sum(ew.isnan(ordered), axis=-1))


def _reductions() -> Any:
    from . import reductions

    return reductions


def _at(ordered: Array, index: Array) -> Array:
    """ordered[..., index] row by row (``index``: one more axis than a row's, of the result's length)."""
    from .gather import take_along_axis

    return take_along_axis(ordered, ew.astype(index, int64), axis=-1, mode="clip")


@numpy_out("axis", "out")
def nanmedian(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:
    """The median of the non-NaN elements along ``axis`` (None: all), as NumPy's ``nanmedian`` of a 1-d slice:
    the mean of the middle elements; NaN for a slice of NaNs only. Integers: :func:`median`."""
    if not (isinstance(x, Array) and x._dtype.kind == "f"):
        return median(x, axis=axis, keepdims=keepdims)
    ordered, shape, axes = _reduced_last(x, axis, "nanmedian")
    if ordered.shape[-1] == 0:
        raise ValueError("nanmedian: cannot take the median of an empty slice")
    count = _valid_counts(ordered)[..., None]
    compute = float32 if x._dtype.itemsize == 2 else x._dtype  # float16, bfloat16
    low = ew.astype(_at(ordered, ew.floor_divide(ew.maximum(ew.subtract(count, 1), 0), 2)), compute)
    high = ew.astype(_at(ordered, ew.floor_divide(count, 2)), compute)
    odd = ew.equal(ew.remainder(count, 2), 1)
    result = ew.astype(ew.where(odd, low, ew.divide(ew.add(low, high), 2)), x._dtype)
    result = ew.where(ew.equal(count, 0), float("nan"), result)[..., 0]
    return _keep(result, x.ndim, axes, 0, keepdims)


def nanquantile(x: Array, q: Any, /, axis: Any = None, *, method: str = "linear", keepdims: bool = False) -> Array:
    """:func:`quantile` of the non-NaN elements of each slice, as NumPy's ``nanquantile`` (NaN for a slice of
    NaNs only). Integers: :func:`quantile`."""
    if not (isinstance(x, Array) and x._dtype.kind == "f"):
        return quantile(x, q, axis=axis, method=method, keepdims=keepdims)
    if method not in _METHODS:
        raise ValueError(f"nanquantile: method must be one of {', '.join(_METHODS)}, got {method!r}")
    weak = type(q) in (int, float)
    given = np.asarray(q.numpy() if isinstance(q, Array) else q)
    qs = given if given.dtype.kind == "f" else given.astype(np.float64)
    if qs.ndim > 1 or not np.all((qs >= 0) & (qs <= 1)):
        raise ValueError("nanquantile: q must be a scalar or 1-d, in the range [0, 1]")
    if given.dtype.kind in "iub" and method == "linear":
        method = "lower"
    ordered, shape, axes = _reduced_last(x, axis, "nanquantile")
    if ordered.shape[-1] == 0:
        raise IndexError("nanquantile: index -1 is out of bounds for an empty slice")
    count = _valid_counts(ordered)[..., None]
    last = ew.astype(ew.maximum(ew.subtract(count, 1), 0), as_dtype(qs.dtype))  # (count - 1) in q's precision
    pos = ew.multiply(last, upload(x._ctx, qs.reshape(-1)))
    if method in ("lower", "higher", "nearest"):
        index = {"lower": ew.floor, "higher": ew.ceil, "nearest": ew.round}[method](pos)
        result = _at(ordered, index)
    else:
        virtual = pos if method == "linear" else ew.multiply(ew.add(ew.floor(pos), ew.ceil(pos)), 0.5)
        high = ew.greater_equal(virtual, last)
        below = ew.where(high, -1.0, ew.floor(virtual))  # NumPy's -1 (the last element) for the weight
        gamma = ew.subtract(virtual, below)
        if method == "midpoint":
            gamma = ew.astype(ew.where(ew.equal(ew.remainder(virtual, 1), 0), 0.0, 0.5), gamma._dtype)
        a = _at(ordered, ew.where(high, last, below))
        b = _at(ordered, ew.where(high, last, ew.add(below, 1)))
        diff = ew.subtract(b, a)
        if weak:  # a Python q: NumPy's weight is a Python float, which takes the array's precision
            t, rest = ew.astype(gamma, a._dtype), ew.astype(ew.subtract(1.0, gamma), a._dtype)
        else:
            t, rest = gamma, ew.subtract(1.0, gamma)
        lerp = ew.add(a, ew.multiply(diff, t))
        other = ew.astype(ew.subtract(b, ew.multiply(diff, rest)), lerp._dtype)
        result = ew.where(ew.greater_equal(gamma, 0.5), other, lerp)
    result = ew.where(ew.equal(count, 0), float("nan"), result)
    result = result[..., 0] if qs.ndim == 0 else result.permute_dims((result.ndim - 1, *range(result.ndim - 1)))
    return _keep(result, x.ndim, axes, qs.ndim, keepdims)
