"""NumPy's calculus, polynomial and signal functions beyond the array API standard (``vt.interp``,
``vt.trapezoid``, ``vt.gradient``, ``vt.polyval``, ``vt.polyfit``, ``vt.vander``, ``vt.convolve``,
``vt.correlate``, ``vt.ediff1d``), for code
ported from NumPy.

Everything here is composed of vulkit's own operations (elementwise functions, sums, searchsorted, gathers,
concatenation, strided views), in NumPy's order of operations: no kernel of its own. ``gradient`` with coordinates
reads a flag back (equal steps), so it waits for the GPU.

Errors name the function called first (``"convolve: v cannot be empty"``), with NumPy's message after it.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, view
from ..layout import normalize_axes
from . import elementwise as ew
from . import reductions as rd
from .creation import arange, default_float, ones, zeros_like
from .gather import take
from .manipulation import broadcast_to, flip, reshape
from .moving import concat, diff, pad
from .named_errors import named_errors
from .numpy_common import as_array, cast_to, from_parts, on_device
from .scans import cumulative_prod
from .sorting import argsort, searchsorted

__all__ = ["interp", "trapezoid", "gradient", "polyval", "polyfit", "vander", "convolve", "correlate", "ediff1d"]


# -- helpers -----------------------------------------------------------------------------------------------------------
def _along(ndim: int, axis: int, key: Any) -> tuple[Any, ...]:
    """An index selecting ``key`` along ``axis`` and everything along the other axes."""
    index: list[Any] = [slice(None)] * ndim
    index[axis] = key
    return tuple(index)


def _ndim(value: Any) -> int:
    return value.ndim if isinstance(value, Array) else np.ndim(value)


def _vector(value: Any, *like: Any) -> Array:
    """A 1-d array (a 0-d one becomes one element; more dimensions: ValueError, as NumPy's C functions)."""
    x = as_array(value, *like)
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    return reshape(x, (1,)) if x.ndim == 0 else x


# -- calculus, polynomials, signals ----------------------------------------------------------------------------------
def _interp_real(x: Array, xp: Array, fp: Array, left: Any, right: Any) -> Array:
    """NumPy's ``compiled_interp`` of real ``fp`` (every operand of one float type): the line through the two
    samples around each x, the sample itself on a hit, ``left``/``right`` beyond the ends, NaN for NaN x."""
    n = xp.shape[0]
    low = fp[0] if left is None else left
    high = fp[-1] if right is None else right
    if n == 1:  # NumPy's special case: NaN x gives the one sample, as no comparison holds
        return ew.where(ew.less(x, xp[0]), low, ew.where(ew.greater(x, xp[0]), high, fp[0]))
    index = ew.subtract(searchsorted(xp, x, side="right"), 1)  # the last j with xp[j] <= x
    j = ew.clip(index, 0, n - 2)
    x0, x1 = take(xp, j, mode="clip"), take(xp, ew.add(j, 1), mode="clip")
    f0, f1 = take(fp, j, mode="clip"), take(fp, ew.add(j, 1), mode="clip")
    slope = ew.divide(ew.subtract(f1, f0), ew.subtract(x1, x0))
    result = ew.add(ew.multiply(slope, ew.subtract(x, x0)), f0)
    # NumPy's fallbacks for a NaN line (infinite samples): from the right sample, then the flat value
    result = ew.where(ew.isnan(result), ew.add(ew.multiply(slope, ew.subtract(x, x1)), f1), result)
    result = ew.where(ew.logical_and(ew.isnan(result), ew.equal(f0, f1)), f0, result)
    result = ew.where(ew.equal(x, x0), f0, result)  # a hit: the sample itself
    result = ew.where(ew.equal(index, n - 1), fp[-1], result)  # x == xp[-1]
    result = ew.where(ew.greater(x, xp[-1]), high, result)
    result = ew.where(ew.less(x, xp[0]), low, result)
    return ew.where(ew.isnan(x), x, result)


@named_errors
def interp(x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None, period: Any = None) -> Array:
    """NumPy's ``interp``: piecewise-linear interpolation of the samples (xp, fp) at x (vt.searchsorted for the
    interval, vt.take for its ends), in float64 (complex128 for complex fp; float32 / complex64 on a device without
    float64); ``left``/``right`` beyond the ends (default the end samples); ``period``: x and xp wrapped into
    [0, period) and the samples sorted, as NumPy's. xp must increase (not checked, as NumPy's)."""
    fp = as_array(fp, x, xp)
    ctx = fp._ctx
    real_type = on_device(dt.float64, ctx)
    value_type = on_device(dt.complex128, ctx) if fp.dtype.kind == "c" else real_type
    x, xp = cast_to(as_array(x, fp), real_type, ctx), cast_to(as_array(xp, fp), real_type, ctx)
    fp = cast_to(fp, value_type, ctx)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = builtins.abs(period)
        left = right = None
        if xp.ndim != 1 or fp.ndim != 1:
            raise ValueError("Data points must be 1-D sequences")
        if xp.shape[0] != fp.shape[0]:
            raise ValueError("fp and xp are not of the same length")
        x, xp = ew.remainder(x, period), ew.remainder(xp, period)
        order = argsort(xp)
        xp, fp = take(xp, order, mode="clip"), take(fp, order, mode="clip")
        xp = concat([ew.subtract(xp[-1:], period), xp, ew.add(xp[:1], period)])
        fp = concat([fp[-1:], fp, fp[:1]])
    xp, fp = _vector(xp), _vector(fp)
    if xp.shape[0] != fp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if fp.dtype.kind != "c":
        if any(isinstance(v, complex) or (isinstance(v, Array) and v.dtype.kind == "c") for v in (left, right)):
            raise TypeError("must be real number, not complex (left and right, for real fp)")
        return _interp_real(x, xp, fp, left, right)
    parts = [None if v is None else (complex(v).real, complex(v).imag) for v in (left, right)]
    return from_parts(*(_interp_real(x, xp, ew.real(fp) if k == 0 else ew.imag(fp),
                                   None if parts[0] is None else parts[0][k],
                                   None if parts[1] is None else parts[1][k]) for k in (0, 1)), fp.dtype)


@named_errors
def trapezoid(y: Any, x: Any = None, dx: Any = 1.0, axis: int = -1) -> Array:
    """NumPy's ``trapezoid``: the integral of y along ``axis`` by the trapezoidal rule, ``sum(d * (y[1:] + y[:-1])
    / 2)`` with d the spacing ``dx`` or the differences of the sample points ``x`` (1-d along the axis, or of y's
    shape). vt.sum's compensated sum rounds less than NumPy's pairwise one."""
    y = as_array(y, x)
    (axis,) = normalize_axes(axis, y.ndim)
    if x is None:
        d = dx if isinstance(dx, (int, float, complex)) else as_array(dx, y)
    else:
        x = as_array(x, y)
        if x.ndim == 1:
            d = diff(x)
            d = reshape(d, tuple(d.shape[0] if k == axis else 1 for k in range(y.ndim)))
        else:
            d = diff(x, axis=axis)
    pairs = ew.add(y[_along(y.ndim, axis, slice(1, None))], y[_along(y.ndim, axis, slice(None, -1))])
    return rd.sum(ew.divide(ew.multiply(d, pairs), 2.0), axis=axis)


def _spacing(distances: Any, length: int, f: Array) -> Any:
    """One axis's spacing for :func:`gradient`: a scalar as it is, or the differences of 1-d coordinates (one
    0-d array where they are all equal, which reads a flag back)."""
    if _ndim(distances) == 0:
        return distances
    coordinates = as_array(distances, f)
    if coordinates.ndim != 1:
        raise ValueError("distances must be either scalars or 1d")
    if coordinates.shape[0] != length:
        raise ValueError("when 1d, distances must match the length of the corresponding dimension")
    if coordinates.dtype.kind in "iu":
        coordinates = coordinates.astype(default_float(f._ctx))
    steps = diff(coordinates)
    return steps[0] if steps.size and bool(rd.all(ew.equal(steps, steps[0]))) else steps


def _combination(terms: list[tuple[Any, Array]]) -> Array:
    """``a * f1 + b * f2 + c * f3`` in NumPy's order of operations."""
    result = ew.multiply(*terms[0])
    for coefficient, values in terms[1:]:
        result = ew.add(result, ew.multiply(coefficient, values))
    return result


def _gradient_along(f: Array, axis: int, spacing: Any, edge_order: int) -> Array:
    """NumPy's gradient of f along ``axis``: central differences inside, one-sided ones of ``edge_order`` at
    the ends, for a uniform ``spacing`` (a scalar) or the steps between coordinates (1-d)."""
    n = f.ndim

    def part(key: Any) -> Array:
        return f[_along(n, axis, key)]

    if isinstance(spacing, Array) and spacing.ndim == 1:  # steps between coordinates
        shape = tuple(-1 if k == axis else 1 for k in range(n))
        dx1, dx2 = spacing[:-1], spacing[1:]
        a = ew.divide(ew.negative(dx2), ew.multiply(dx1, ew.add(dx1, dx2)))
        b = ew.divide(ew.subtract(dx2, dx1), ew.multiply(dx1, dx2))
        c = ew.divide(dx1, ew.multiply(dx2, ew.add(dx1, dx2)))
        inside = _combination([(reshape(a, shape), part(slice(None, -2))), (reshape(b, shape), part(slice(1, -1))),
                               (reshape(c, shape), part(slice(2, None)))])
        first_step, last_step = spacing[0], spacing[-1]
    else:
        inside = ew.divide(ew.subtract(part(slice(2, None)), part(slice(None, -2))), 2.0 * spacing)
        first_step = last_step = spacing
    if edge_order == 1:
        first = ew.divide(ew.subtract(part(slice(1, 2)), part(slice(0, 1))), first_step)
        last = ew.divide(ew.subtract(part(slice(-1, None)), part(slice(-2, -1))), last_step)
    else:
        if isinstance(spacing, Array) and spacing.ndim == 1:
            dx1, dx2 = spacing[0], spacing[1]
            s = ew.add(dx1, dx2)
            start = (ew.divide(ew.negative(ew.add(ew.multiply(2.0, dx1), dx2)), ew.multiply(dx1, s)),
                     ew.divide(s, ew.multiply(dx1, dx2)), ew.divide(ew.negative(dx1), ew.multiply(dx2, s)))
            dx1, dx2 = spacing[-2], spacing[-1]
            s = ew.add(dx1, dx2)
            end = (ew.divide(dx2, ew.multiply(dx1, s)), ew.divide(ew.negative(ew.add(dx2, dx1)), ew.multiply(dx1, dx2)),
                   ew.divide(ew.add(ew.multiply(2.0, dx2), dx1), ew.multiply(dx2, s)))
        else:
            start = tuple(k / spacing for k in (-1.5, 2.0, -0.5))  # Python's or the array's division
            end = tuple(k / spacing for k in (0.5, -2.0, 1.5))
        first = _combination(list(zip(start, (part(slice(0, 1)), part(slice(1, 2)), part(slice(2, 3))), strict=True)))
        last = _combination(list(zip(end, (part(slice(-3, -2)), part(slice(-2, -1)), part(slice(-1, None))),
                                     strict=True)))
    return concat([first, inside, last], axis=axis)


@named_errors
def gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: int = 1) -> Array | tuple[Array, ...]:
    """NumPy's ``gradient``: second-order central differences inside and one-sided differences of ``edge_order``
    (1 or 2) at the ends, along each of ``axis`` (all by default); spacings as NumPy's: none (1), one scalar for
    every axis, or one per axis, a scalar or 1-d coordinates (equal steps, checked by reading a flag back, count as
    uniform). One array for one axis, else a tuple. Integers give the default float; the result keeps f's floating
    type, computed as NumPy computes it (elementwise operations on slices of f, joined by vt.concat)."""
    f = as_array(f)
    axes = tuple(range(f.ndim)) if axis is None else normalize_axes(axis, f.ndim)
    if not varargs:
        spacings: list[Any] = [1.0] * len(axes)
    elif len(varargs) == 1 and _ndim(varargs[0]) == 0:
        spacings = [varargs[0]] * len(axes)
    elif len(varargs) == len(axes):
        spacings = [_spacing(d, f.shape[ax], f) for d, ax in zip(varargs, axes, strict=True)]
    else:
        raise TypeError("invalid number of arguments")
    if edge_order not in (1, 2):
        raise ValueError("'edge_order' greater than 2 not supported" if edge_order > 2 else
                         "'edge_order' must be 1 or 2")
    result_type = f.dtype
    if f.dtype.kind not in "fc":
        result_type = default_float(f._ctx)
        if f.dtype.kind in "iu":
            f = f.astype(result_type)
    found = []
    for ax, spacing in zip(axes, spacings, strict=True):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                             "elements are required.")
        found.append(ew.astype(_gradient_along(f, ax, spacing, edge_order), result_type))
    return found[0] if len(found) == 1 else tuple(found)


@named_errors
def polyval(p: Any, x: Any) -> Array:
    """NumPy's ``polyval``: the polynomial with coefficients ``p`` (highest power first) at x, by Horner's rule
    as NumPy's (``y = y * x + p[i]``, from ``zeros_like(x)``; typed alike). ``poly1d`` objects are not taken."""
    p = as_array(p, x)
    if p.ndim == 0:
        raise TypeError("len() of unsized object")
    x = as_array(x, p)
    y = zeros_like(x)
    for i in range(p.shape[0]):
        y = ew.add(ew.multiply(y, x), p[i])
    return y


@named_errors
def vander(x: Any, N: int | None = None, increasing: bool = False) -> Array:  # noqa: N803 - NumPy's name
    """NumPy's ``vander``: the matrix whose columns are powers of the 1-d ``x`` (highest first unless
    ``increasing``; ``N`` columns, default len(x)), the powers as running products along the rows (NumPy's
    ``multiply.accumulate``: the same roundings), typed as NumPy's: x's type promoted with int64 (float32 gives
    float64 where the device has it)."""
    x = as_array(x)
    x = cast_to(x, on_device(dt.as_dtype(np.promote_types(x.dtype.np, np.int64)), x._ctx), x._ctx)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = x.shape[0] if N is None else operator.index(N)
    if n < 0:
        raise ValueError("negative dimensions are not allowed")
    rows = x.shape[0]
    powers = ones((rows, n), dtype=x.dtype, device=x.device)
    if n > 1 and rows:
        repeated = broadcast_to(reshape(x, (rows, 1)), (rows, n - 1))
        powers = concat([powers[:, :1], cumulative_prod(repeated, axis=1, dtype=x.dtype)], axis=1)
    return powers if increasing else flip(powers, axis=1)


@named_errors
def polyfit(x: Any, y: Any, deg: int, rcond: float | None = None, full: bool = False, w: Any = None,
            cov: bool | str = False) -> Any:
    """NumPy's ``polyfit``: the least-squares polynomial of degree ``deg`` through (x, y) (y 1-d or one column a
    fit), highest power first, as NumPy computes it: the Vandermonde matrix weighted by ``w``, its columns scaled
    to unit norm, :func:`vulkit.linalg.lstsq` (SVD), the scale undone; in float64 (float32 on a device without
    it). ``full``: also the residuals, rank, singular values and rcond; ``cov``: also the coefficients'
    covariance (``"unscaled"``: not scaled by the residuals). NumPy's RankWarning is not given."""
    from .factorizations import inv
    from .linalg_numpy import lstsq

    order = operator.index(deg) + 1
    if order < 1:
        raise ValueError("expected deg >= 0")
    x = as_array(x, y)
    ctx = x._ctx
    real = on_device(dt.float64, ctx)
    x = cast_to(x, real, ctx)
    y = as_array(y, x)
    y = cast_to(y, on_device(dt.complex128, ctx) if y.dtype.kind == "c" else real, ctx)
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.shape[0] == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = x.shape[0] * float(np.finfo(real.np).eps)
    lhs, rhs = vander(x, order), y
    if w is not None:
        w = cast_to(as_array(w, x), real, ctx)
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = ew.multiply(lhs, reshape(w, (-1, 1)))
        rhs = ew.multiply(rhs, w if rhs.ndim == 1 else reshape(w, (-1, 1)))
    scale = ew.sqrt(rd.sum(ew.multiply(lhs, lhs), axis=0))
    lhs = ew.divide(lhs, scale)
    c, residuals, rank, singular = lstsq(lhs, rhs, rcond)
    c = ew.divide(c, scale if c.ndim == 1 else reshape(scale, (-1, 1)))
    if full:
        return c, residuals, rank, singular, rcond
    if not cov:
        return c
    base = inv(lhs.mT @ lhs)
    base = ew.divide(base, ew.multiply(reshape(scale, (-1, 1)), reshape(scale, (1, -1))))
    if cov == "unscaled":
        factor: Any = 1.0
    else:
        if x.shape[0] <= order:
            raise ValueError("the number of data points must exceed order to scale the covariance matrix")
        factor = ew.divide(residuals, x.shape[0] - order)
    if y.ndim == 1:
        return c, ew.multiply(base, factor)
    return c, ew.multiply(reshape(base, (*base.shape, 1)), factor)


_MODES = {"v": "valid", "s": "same", "f": "full", 0: "valid", 1: "same", 2: "full"}


def _mode(mode: Any) -> str:
    key = mode.lower()[:1] if isinstance(mode, str) else mode
    if isinstance(key, bool) or key not in _MODES:
        raise ValueError(f"mode must be 'valid', 'same' or 'full', got {mode!r}")
    return _MODES[key]


def _slide(a: Array, v: Array, mode: str) -> Array:
    """``sum_n a[k + n] * v[n]`` for every k where v overlaps a padded with zeros as ``mode`` says (NumPy's
    ``_pyarray_correlate``, a longer than v): v times a strided view of the padded a's windows, summed. As NumPy's,
    only the terms where v overlaps a count (a padding zero times an infinite v[n] is no NaN), and the sums start
    from +0 (no -0.0 result)."""
    n = v.shape[0]
    left, right = {"valid": (0, 0), "same": (n // 2, n - n // 2 - 1), "full": (n - 1, n - 1)}[mode]
    dtype = dt.result_type(a.dtype, v.dtype)
    padded = pad(cast_to(a, dtype, a._ctx), (left, right)) if left or right else cast_to(a, dtype, a._ctx).copy()
    length = padded.shape[0] - n + 1
    windows = view(padded, (length, n), (padded.strides[0], padded.strides[0]), padded._offset)
    products = ew.multiply(windows, v)
    if dtype.kind == "b":  # NumPy's bool dot: any of the ands
        return rd.any(products, axis=-1)
    if dtype.kind in "fc" and (left or right):
        at = ew.add(reshape(arange(length, device=a.device), (length, 1)), arange(n, device=a.device))
        inside = ew.logical_and(ew.greater_equal(at, left), ew.less(at, left + a.shape[0]))
        products = ew.where(inside, products, 0)
    total = rd.sum(products, axis=-1, dtype=dtype)
    return ew.add(total, 0) if dtype.kind in "fc" else total


def _signals(a: Any, v: Any) -> tuple[Array, Array]:
    a = _vector(a, v)
    return a, _vector(v, a)


@named_errors
def convolve(a: Any, v: Any, mode: Any = "full") -> Array:
    """NumPy's ``convolve`` of two 1-d arrays: ``sum_m a[m] * v[k - m]`` (modes 'full', 'same', 'valid'), computed
    directly on the GPU (O(len(a) * len(v)) work and memory: fine for short kernels; an FFT is faster for long
    ones). Integer results wrap as NumPy's; float sums are vt.sum's (compensated)."""
    a, v = _signals(a, v)
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    return _slide(a, flip(v), _mode(mode))


@named_errors
def correlate(a: Any, v: Any, mode: Any = "valid") -> Array:
    """NumPy's ``correlate`` of two 1-d arrays: ``sum_n a[n + k] * conj(v[n])`` (modes 'valid', 'same', 'full';
    a shorter than v is computed as NumPy's, swapped and reversed), computed directly (see :func:`convolve`)."""
    a, v = _signals(a, v)
    if a.shape[0] == 0:
        raise ValueError("first array argument cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("second array argument cannot be empty")
    mode = _mode(mode)
    v = ew.conj(v) if v.dtype.kind == "c" else v
    if a.shape[0] >= v.shape[0]:
        return _slide(a, v, mode)
    return flip(_slide(v, a, mode))


@named_errors
def ediff1d(ary: Any, to_end: Any = None, to_begin: Any = None) -> Array:
    """NumPy's ``ediff1d``: the differences of consecutive elements of the flattened ``ary`` (vt.subtract, in its
    dtype), after ``to_begin`` and before ``to_end`` (vt.concat; they must cast to ary's dtype under NumPy's
    ``same_kind`` rule). Bool raises TypeError, as NumPy's subtraction of booleans."""
    ary = reshape(as_array(ary, to_end, to_begin), (-1,))
    pieces = [ew.subtract(ary[1:], ary[:-1])]
    for position, (name, extra) in enumerate((("to_begin", to_begin), ("to_end", to_end))):
        if extra is None:
            continue
        extra = reshape(as_array(extra, ary), (-1,))
        if not np.can_cast(extra.dtype.np, ary.dtype.np, "same_kind"):
            raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
        extra = cast_to(extra, ary.dtype, ary._ctx)
        pieces = [extra, *pieces] if position == 0 else [*pieces, extra]
    return pieces[0] if len(pieces) == 1 else concat(pieces)
