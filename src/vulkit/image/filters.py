"""Image filters with scipy.ndimage's names, signatures and results (scikit-image's for ``unsharp_mask`` and
``bilateral_filter``), on the window-filter kernels (:mod:`vulkit.array.kernels.image_filter`).

Layouts: H x W, H x W x C and N x H x W x C arrays are filtered along H and W only, each channel and image on its
own (scikit-image's ``channel_axis=-1``); ``axes=`` (scipy.ndimage's) names other axes. Per-axis arguments
(``sigma``, ``size``, ``origin``, ``mode`` ...) take one value, one per filtered axis, or, where ``axes`` is not
given, one per array axis as scipy.ndimage does (that filters every axis whose value asks for it).

Dtypes: uint8, int8, uint16, int16, float16, float32, float64 (where the device has it). Values are read into
float32 (float64 for float64 arrays: exact for every 8- and 16-bit value) and the result has the input's dtype
(or ``output``'s), stored as scipy.ndimage stores it: integers truncated toward zero (negative values wrap, as C
casts on x86), and the passes of a separable filter keep the output's dtype in between, as scipy's do (float16 keeps
float32). Where scipy sums in float64 and vulkit in float32 (correlations, Gaussians), an integer result may
differ by 1 from scipy's where the exact sum lies within float32 rounding of an integer; sums are nudged 2^-22 of
their size away from zero before truncation, so flat regions keep their value (scipy's mostly do). Measured
against scipy: uint8 Gaussians differ by 1 in under 0.1% of pixels, uint16 ones in about 2% (float32 keeps only
some bits of a 16-bit value's fraction). Uniform, median, min/max and integer-weight filters (sobel, prewitt,
laplace) are exact. Results are vulkit arrays; inputs may be vulkit or NumPy arrays (or anything ``numpy.asarray``
reads, such as Pillow images)."""

from __future__ import annotations

import functools
import math
import operator
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array
from ..array.kernels.image_filter import c_cast, compute_dtype
from ..array.ops.elementwise import clip, maximum
from ..array.ops.moving import pad, stack
from ..array.ops.reductions import any as any_
from ..array.ops.reductions import max as max_
from ..array.ops.reductions import min as min_
from ..array.ops.reductions import std as std_
from ..array.ops.scans import where
from . import _filter_core
from ._filter_core import (
    WindowTooLarge,
    as_image,
    finish,
    mode_name,
    origin_before,
    output_dtype,
    pass_dtype,
    per_axis,
    resolve_axes,
    spatial_axes,
    window,
)

SEPARABLE_MIN = 26  # rank-1 weights of at least this many taps run as 1-D passes (smaller ones: one 2-D pass)
_PAD_MODES = {"reflect": "symmetric", "mirror": "reflect", "nearest": "edge", "wrap": "wrap", "constant": "constant"}


# -- arguments -----------------------------------------------------------------------------------------------------
def _axes(x: Array, axes: Any, values: Sequence[Any], function: str) -> tuple[int, ...]:
    """The filtered axes: ``axes``, else the spatial axes, else (a per-axis value of x.ndim items given, as scipy's)
    every axis."""
    if axes is None and x.ndim != len(spatial_axes(max(x.ndim, 2), function)):
        for v in values:
            if not isinstance(v, str) and isinstance(v, Sequence | np.ndarray) and len(v) == x.ndim:
                return tuple(range(x.ndim))
    return resolve_axes(x.ndim, axes, function)


def _modes(mode: Any, n: int, function: str) -> list[str]:
    return [mode_name(m, function) for m in per_axis(mode, n, "mode", function)]


def _cval(cval: Any, function: str) -> float:
    try:
        return float(cval)
    except (TypeError, ValueError):
        raise TypeError(f"{function}: cval must be a real number, got {cval!r}") from None


def _weights(weights: Any, function: str) -> np.ndarray:
    values = weights.numpy() if isinstance(weights, Array) else np.asarray(weights)
    if values.dtype.kind == "c":
        raise TypeError(f"{function}: complex weights are not supported")
    if values.dtype.kind not in "biuf":
        raise TypeError(f"{function}: weights must be numbers, got dtype {values.dtype}")
    if values.size == 0:
        raise ValueError(f"{function}: no filter weights given")
    return values.astype(np.float64)


# -- passes --------------------------------------------------------------------------------------------------------
def _pass1d(x: Array, weights: np.ndarray, axis: int, before: int, mode: str, cval: float, out_dtype: dt.DType,
            function: str, op: str = "correlate") -> Array:
    """One 1-D pass along ``axis``: correlate with ``weights`` (or ``op`` "mean", "min", "max" over len(weights))."""
    k = len(weights)
    table = weights if op == "correlate" else None
    return window(x, op, axis, None, (k, 1), (before, 0), (mode, mode), cval, out_dtype, function, table=table)


def _run_passes(x: Array, passes: list[tuple[np.ndarray, int, int, str, str]], cval: float, out_dtype: dt.DType,
                function: str, between: dt.DType | None = None) -> Array:
    """1-D passes (weights, axis, before, mode, op) in order; between them the dtype ``between`` (default: the
    output's, as scipy.ndimage)."""
    if not passes:
        return x.astype(out_dtype) if x._dtype is not out_dtype else x.copy()
    keep = between or pass_dtype(out_dtype)
    if len(passes) == 2 and passes[0][4] == passes[1][4] and passes[0][1] < passes[1][1] and \
            _filter_core.fuse_separable(len(passes[0][0]), len(passes[1][0])):
        # both passes in one kernel: the image is read and written once
        (w0, a0, b0, m0, op), (w1, a1, b1, m1, _) = passes
        table = np.concatenate([w0, w1]) if op == "correlate" else None
        try:
            return window(x, op, a0, a1, (len(w0), len(w1)), (b0, b1), (m0, m1), cval, out_dtype, function,
                          table=table, separable=True, mid=keep)
        except WindowTooLarge:
            pass
    for k, (weights, axis, before, mode, op) in enumerate(passes):
        x = _pass1d(x, weights, axis, before, mode, cval, out_dtype if k == len(passes) - 1 else keep, function, op)
    return x


def gaussian_kernel1d(sigma: float, order: int, radius: int) -> np.ndarray:
    """The 1-D Gaussian (``order``: its derivative) of scipy.ndimage: exp(-x^2 / 2 sigma^2) over -radius..radius,
    normalised to sum 1, times the polynomial of the order-th derivative."""
    if order < 0:
        raise ValueError("order must be non-negative")
    exponent_range = np.arange(order + 1)
    sigma2 = sigma * sigma
    x = np.arange(-radius, radius + 1)
    phi_x = np.exp(-0.5 / sigma2 * x**2)
    phi_x = phi_x / phi_x.sum()
    if order == 0:
        return phi_x
    # q(x) with phi^(order)(x) = q(x) phi(x): q' + q p' applied order times to q = 1, p' = -x / sigma^2
    q = np.zeros(order + 1)
    q[0] = 1
    derivative = np.diag(exponent_range[1:], 1)
    times_p = np.diag(np.ones(order) / -sigma2, -1)
    step = derivative + times_p
    for _ in range(order):
        q = step.dot(q)
    return (x[:, None] ** exponent_range).dot(q) * phi_x


@functools.lru_cache(maxsize=256)
def _gaussian_weights(sigma: float, order: int, radius: int) -> np.ndarray:
    """:func:`gaussian_kernel1d` reversed (correlation weights), read-only and kept for the next call of the same
    arguments (computing it was a fifth of a small filter's host time)."""
    weights = gaussian_kernel1d(sigma, order, radius)[::-1].copy()
    weights.flags.writeable = False
    return weights


def _gaussian_passes(x: Array, axes: tuple[int, ...], sigma: Any, order: Any, mode: Any, truncate: float,
                     radius: Any, function: str) -> list[tuple[np.ndarray, int, int, str, str]]:
    n = len(axes)
    sigmas = per_axis(sigma, n, "sigma", function, x.ndim, axes)
    orders = per_axis(order, n, "order", function, x.ndim, axes)
    modes = [mode_name(m, function) for m in per_axis(mode, n, "mode", function, x.ndim, axes)]
    radii = per_axis(radius, n, "radius", function, x.ndim, axes)
    passes = []
    for axis, s, o, m, r in zip(axes, sigmas, orders, modes, radii, strict=True):
        s = float(s)
        if s <= 1e-15:  # scipy skips these axes
            continue
        o = operator.index(o)
        if o < 0:
            raise ValueError(f"{function}: order must be non-negative, got {o}")
        if r is None:
            r = int(float(truncate) * s + 0.5)
        elif not isinstance(r, int | np.integer) or r < 0:
            raise ValueError(f"{function}: radius must be a nonnegative integer, got {r!r}")
        weights = _gaussian_weights(s, o, int(r))
        passes.append((weights, axis, int(r), m, "correlate"))
    return passes


# -- Gaussian and uniform ------------------------------------------------------------------------------------------
def gaussian_filter(input: Any, sigma: Any, order: Any = 0, output: Any = None,  # noqa: A002 - scipy's name
                    mode: Any = "reflect", cval: float = 0.0, truncate: float = 4.0, *, radius: Any = None,
                    axes: Any = None) -> Array:
    """scipy.ndimage's ``gaussian_filter``: one 1-D pass per filtered axis (in increasing axis order) with the
    normalised Gaussian of ``sigma`` (per axis) over ``radius`` = int(truncate x sigma + 0.5) pixels each side
    (``order``: a derivative of the Gaussian), boundary ``mode`` (reflect, mirror, nearest, wrap, constant with
    ``cval``; per axis). Axes of sigma 0 are left alone. Two filtered axes of at most 13 taps each (sigma up to
    about 1.5 with the default truncate) run as one kernel (a shared tile with its halo, the boundary resolved
    while loading, no padded copy; the vertical pass into a second shared tile, rounded to the output's dtype as
    scipy's first pass is, then the horizontal pass), so the image is read and written once; wider windows, one
    axis or more than two run one kernel per axis (a wide halo costs the one kernel more than a second pass)."""
    function = "gaussian_filter"
    x = as_image(input, function)
    axes = _axes(x, axes, [sigma, order, mode, radius], function)
    out_dtype = output_dtype(x, output, function)
    passes = _gaussian_passes(x, axes, sigma, order, mode, truncate, radius, function)
    return finish(_run_passes(x, passes, _cval(cval, function), out_dtype, function), output)


def gaussian_filter1d(input: Any, sigma: float, axis: int = -1, order: int = 0, output: Any = None,  # noqa: A002
                      mode: str = "reflect", cval: float = 0.0, truncate: float = 4.0, *,
                      radius: int | None = None) -> Array:
    """scipy.ndimage's ``gaussian_filter1d``: :func:`gaussian_filter` along the array axis ``axis`` only."""
    function = "gaussian_filter1d"
    x = as_image(input, function)
    (axis,) = resolve_axes(x.ndim, axis, function)
    out_dtype = output_dtype(x, output, function)
    passes = _gaussian_passes(x, (axis,), sigma, order, mode, truncate, radius, function)
    return finish(_run_passes(x, passes, _cval(cval, function), out_dtype, function), output)


def uniform_filter(input: Any, size: Any = 3, output: Any = None, mode: Any = "reflect",  # noqa: A002
                   cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``uniform_filter``: the mean over ``size`` pixels (per axis) along each filtered axis, one
    1-D pass per axis of size > 1. Integer results are exact: trunc(sum / size) of the integer sum, as scipy's
    (which keeps the output's dtype between passes)."""
    function = "uniform_filter"
    x = as_image(input, function)
    axes = _axes(x, axes, [size, mode, origin], function)
    out_dtype = output_dtype(x, output, function)
    passes = _uniform_passes(x, axes, size, mode, origin, function)
    return finish(_run_passes(x, passes, _cval(cval, function), out_dtype, function), output)


def uniform_filter1d(input: Any, size: int, axis: int = -1, output: Any = None, mode: str = "reflect",  # noqa: A002
                     cval: float = 0.0, origin: int = 0) -> Array:
    """scipy.ndimage's ``uniform_filter1d``: :func:`uniform_filter` along the array axis ``axis`` only."""
    function = "uniform_filter1d"
    x = as_image(input, function)
    (axis,) = resolve_axes(x.ndim, axis, function)
    out_dtype = output_dtype(x, output, function)
    passes = _uniform_passes(x, (axis,), size, mode, origin, function)
    return finish(_run_passes(x, passes, _cval(cval, function), out_dtype, function), output)


def _uniform_passes(x: Array, axes: tuple[int, ...], size: Any, mode: Any, origin: Any,
                    function: str) -> list[tuple[np.ndarray, int, int, str, str]]:
    n = len(axes)
    sizes = per_axis(size, n, "size", function, x.ndim, axes)
    modes = [mode_name(m, function) for m in per_axis(mode, n, "mode", function, x.ndim, axes)]
    origins = per_axis(origin, n, "origin", function, x.ndim, axes)
    passes = []
    for axis, s, m, o in zip(axes, sizes, modes, origins, strict=True):
        s = operator.index(s)
        if s < 1:
            raise ValueError(f"{function}: incorrect filter size {s}")
        if s > 1:
            passes.append((np.ones(s), axis, origin_before(s, o, function), m, "mean"))
    return passes


# -- correlate and convolve ----------------------------------------------------------------------------------------
def correlate(input: Any, weights: Any, output: Any = None, mode: Any = "reflect",  # noqa: A002
              cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``correlate``: out[p] = sum of weights[k] x input[p + k - centre] (zero weights skipped, as
    scipy's). 2-D weights act on the spatial axes (or ``axes``); weights of x.ndim dimensions on every axis (scipy's
    n-D correlation). Rank-1 (separable) weights of more than 25 taps run as two 1-D passes (float32 sums in
    between, so integer results are truncated once; one kernel for both up to 13 taps an axis, one kernel each
    beyond, as :func:`gaussian_filter`); other 2-D weights run as one 2-D pass over a shared
    tile with its halo. Windows too large for shared memory are split into row blocks whose sums are added."""
    return _correlate_api("correlate", input, weights, output, mode, cval, origin, axes, flip=False)


def convolve(input: Any, weights: Any, output: Any = None, mode: Any = "reflect",  # noqa: A002
             cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``convolve``: :func:`correlate` with the weights reversed along every axis (and the origin
    mirrored, one step further for even sizes, as scipy's)."""
    return _correlate_api("convolve", input, weights, output, mode, cval, origin, axes, flip=True)


def correlate1d(input: Any, weights: Any, axis: int = -1, output: Any = None, mode: str = "reflect",  # noqa: A002
                cval: float = 0.0, origin: int = 0) -> Array:
    """scipy.ndimage's ``correlate1d``: 1-D weights along the array axis ``axis``."""
    return _correlate1d_api("correlate1d", input, weights, axis, output, mode, cval, origin, flip=False)


def convolve1d(input: Any, weights: Any, axis: int = -1, output: Any = None, mode: str = "reflect",  # noqa: A002
               cval: float = 0.0, origin: int = 0) -> Array:
    """scipy.ndimage's ``convolve1d``: :func:`correlate1d` with the weights reversed."""
    return _correlate1d_api("convolve1d", input, weights, axis, output, mode, cval, origin, flip=True)


def _correlate1d_api(function: str, input: Any, weights: Any, axis: int, output: Any, mode: str, cval: float,  # noqa: A002
                     origin: int, flip: bool) -> Array:
    x = as_image(input, function)
    w = _weights(weights, function)
    if w.ndim != 1:
        raise ValueError(f"{function}: weights must be one-dimensional, got {w.ndim} dimensions")
    (axis,) = resolve_axes(x.ndim, axis, function)
    origin = operator.index(origin)
    if flip:
        w = w[::-1]
        origin = -origin - (1 - len(w) % 2)
    out_dtype = output_dtype(x, output, function)
    before = origin_before(len(w), origin, function)
    result = _pass1d(x, w, axis, before, mode_name(mode, function), _cval(cval, function), out_dtype, function)
    return finish(result, output)


def _correlate_api(function: str, input: Any, weights: Any, output: Any, mode: Any, cval: Any,  # noqa: A002
                   origin: Any, axes: Any, flip: bool) -> Array:
    x = as_image(input, function)
    w = _weights(weights, function)
    if axes is None and w.ndim == x.ndim and x.ndim != 2:
        axes = tuple(range(x.ndim))
    axes = resolve_axes(x.ndim, axes, function)
    if w.ndim != len(axes):
        raise RuntimeError(f"{function}: weights have {w.ndim} dimensions, expected {len(axes)} (one per filtered "
                           "axis: 2 for the spatial axes of an image, or the array's dimensions)")
    n = len(axes)
    origins = [operator.index(o) for o in per_axis(origin, n, "origin", function)]
    modes = _modes(mode, n, function)
    order = np.argsort(axes)  # the weights' axes in increasing array-axis order
    axes = tuple(axes[i] for i in order)
    w = np.transpose(w, order)
    origins = [origins[i] for i in order]
    modes = [modes[i] for i in order]
    if flip:
        w = w[(slice(None, None, -1),) * w.ndim]
        origins = [-o - (1 - s % 2) for o, s in zip(origins, w.shape, strict=True)]
    befores = [origin_before(s, o, function) for s, o in zip(w.shape, origins, strict=True)]
    out_dtype = output_dtype(x, output, function)
    result = correlate_nd(x, w, axes, befores, modes, _cval(cval, function), out_dtype, function)
    return finish(result, output)


def _rank1(w: np.ndarray) -> list[np.ndarray] | None:
    """Factors f_i (1-D, one per axis) with w = outer(f_0, f_1, ...), or None where w is not of rank 1."""
    pivot = np.unravel_index(np.argmax(np.abs(w)), w.shape)
    top = w[pivot]
    if top == 0 or not np.all(np.isfinite(w)):
        return None
    factors = []
    for axis in range(w.ndim):
        index = list(pivot)
        index[axis] = slice(None)
        factors.append(w[tuple(index)] / (top if axis else 1.0))
    rebuilt = factors[0]
    for f in factors[1:]:
        rebuilt = np.multiply.outer(rebuilt, f)
    if np.max(np.abs(rebuilt - w)) > 1e-12 * abs(top):
        return None
    return factors


def correlate_nd(x: Array, w: np.ndarray, axes: tuple[int, ...], befores: list[int], modes: list[str], cval: float,
                 out_dtype: dt.DType, function: str) -> Array:
    """The correlation of x with w (one weights axis per entry of ``axes``, increasing)."""
    active = [i for i in range(w.ndim) if w.shape[i] > 1]
    if not active:  # a single weight: one tap
        return _pass1d(x, w.reshape(1), axes[-1], 0, modes[-1], cval, out_dtype, function)
    squeezed = w.reshape([w.shape[i] for i in active])
    a_axes = [axes[i] for i in active]
    a_befores = [befores[i] for i in active]
    a_modes = [modes[i] for i in active]
    if len(active) == 1:
        return _pass1d(x, squeezed, a_axes[0], a_befores[0], a_modes[0], cval, out_dtype, function)
    # NOTE: a second pass pads its input (the first pass's output) with cval, where the one 2-D pass pads x with
    # cval: the same only where cval is 0
    padded = "constant" in a_modes and cval != 0
    factors = _rank1(squeezed) if squeezed.size >= SEPARABLE_MIN and not padded else None
    if factors is not None:
        passes = [(f, a, b, m, "correlate") for f, a, b, m in zip(factors, a_axes, a_befores, a_modes, strict=True)]
        return _run_passes(x, passes, cval, out_dtype, function, between=compute_dtype(x._dtype))
    if len(active) == 2:
        return _correlate2d(x, squeezed, a_axes, a_befores, a_modes, cval, out_dtype, function)
    return _correlate_outer(x, squeezed, a_axes, a_befores, a_modes, cval, out_dtype, function)


def _correlate2d(x: Array, w: np.ndarray, axes: list[int], befores: list[int], modes: list[str], cval: float,
                 out_dtype: dt.DType, function: str) -> Array:
    """A 2-D pass; a window too large for the device's shared memory is split into blocks of rows (or columns)
    whose sums (in the compute type) are added, then stored once."""
    kh, kw = w.shape
    try:
        return window(x, "correlate", axes[0], axes[1], (kh, kw), (befores[0], befores[1]), (modes[0], modes[1]),
                      cval, out_dtype, function, table=w)
    except WindowTooLarge:
        if kh == 1 and kw == 1:
            raise
    compute = compute_dtype(x._dtype)
    if kh >= kw:
        half = kh // 2
        parts = [(w[:half], [befores[0], befores[1]]), (w[half:], [befores[0] - half, befores[1]])]
    else:
        half = kw // 2
        parts = [(w[:, :half], [befores[0], befores[1]]), (w[:, half:], [befores[0], befores[1] - half])]
    total = None
    for part, before in parts:  # a block's anchor may lie outside it: the kernels take any offset
        if not part.any():
            continue
        partial = _correlate2d(x, part, axes, before, modes, cval, compute, function)
        total = partial if total is None else total + partial
    if total is None:  # every weight zero
        return _pass1d(x, np.zeros(1), axes[-1], 0, modes[-1], cval, out_dtype, function)
    return total if out_dtype is compute else total.astype(out_dtype)


def _correlate_outer(x: Array, w: np.ndarray, axes: list[int], befores: list[int], modes: list[str], cval: float,
                     out_dtype: dt.DType, function: str) -> Array:
    """Weights over three or more axes, not of rank 1: the sum over the taps of the leading axes of 2-D correlations
    over the last two, each of x padded along the leading axes (by its boundary mode) and shifted by the tap."""
    lead = len(axes) - 2
    padded = x
    for i in range(lead):
        ax, n, b = axes[i], w.shape[i], befores[i]
        width = [(0, 0)] * x.ndim
        width[ax] = (b, n - 1 - b)
        mode = modes[i]
        padded = pad(padded, width, mode=_PAD_MODES[mode], **({"constant_values": cval} if mode == "constant" else
                                                                   {}))
    compute = compute_dtype(x._dtype)
    total = None
    for tap in np.ndindex(*w.shape[:lead]):
        index: list[Any] = [slice(None)] * x.ndim
        for i, t in enumerate(tap):
            index[axes[i]] = slice(t, t + x._shape[axes[i]])
        shifted = padded[tuple(index)]
        partial = _correlate2d(shifted, w[tap], axes[lead:], befores[lead:], modes[lead:], cval, compute, function)
        total = partial if total is None else total + partial
    assert total is not None
    return total if out_dtype is compute else total.astype(out_dtype)


# -- rank filters --------------------------------------------------------------------------------------------------
def median_filter(input: Any, size: Any = None, footprint: Any = None, output: Any = None,  # noqa: A002
                  mode: str = "reflect", cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``median_filter``: the value of rank n // 2 (the upper median for even n) of the n True cells
    of ``footprint`` (or a window of ``size`` per axis) around each pixel. Up to 64 values per window (3 x 3, 5 x 5,
    7 x 7 ...) go through a selection network in registers (Batcher's odd-even merge sort pruned to the comparators
    the median depends on: 9 values in 24 compare-exchanges, 25 in 113), more through quickselect. Exact for every
    dtype (NaN gives unspecified results, as scipy's)."""
    return _rank_api("median_filter", input, None, size, footprint, output, mode, cval, origin, axes)


def rank_filter(input: Any, rank: int, size: Any = None, footprint: Any = None, output: Any = None,  # noqa: A002
                mode: str = "reflect", cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``rank_filter``: the ``rank``-th smallest (negative: from the largest) of the window (see
    :func:`median_filter`)."""
    return _rank_api("rank_filter", input, rank, size, footprint, output, mode, cval, origin, axes)


def percentile_filter(input: Any, percentile: float, size: Any = None, footprint: Any = None,  # noqa: A002
                      output: Any = None, mode: str = "reflect", cval: float = 0.0, origin: Any = 0, *,
                      axes: Any = None) -> Array:
    """scipy.ndimage's ``percentile_filter``: the value at ``percentile`` (negative: counted from 100) of the
    window's n values, rank int(n * percentile / 100) (n - 1 at 100), as scipy's (see :func:`median_filter`)."""
    return _rank_api("percentile_filter", input, None, size, footprint, output, mode, cval, origin, axes,
                     percentile=percentile)


def _rank_api(function: str, input: Any, rank: int | None, size: Any, footprint: Any, output: Any,  # noqa: A002
              mode: Any, cval: Any, origin: Any, axes: Any, percentile: float | None = None) -> Array:
    x = as_image(input, function)
    if footprint is None:
        if size is None:
            raise RuntimeError(f"{function}: no footprint or filter size provided")
        fp = None
    else:
        if size is not None:
            warnings.warn(f"{function}: ignoring size because footprint is set", UserWarning, stacklevel=3)
        fp = np.asarray(footprint.numpy() if isinstance(footprint, Array) else footprint, dtype=bool)
        if axes is None and fp.ndim == x.ndim:
            axes = tuple(range(x.ndim))
    axes = resolve_axes(x.ndim, axes, function)
    n_axes = len(axes)
    if fp is None:
        sizes = [operator.index(s) for s in per_axis(size, n_axes, "size", function, x.ndim, axes)]
        if any(s < 1 for s in sizes):
            raise ValueError(f"{function}: sizes must be positive, got {size}")
        fp = np.ones(sizes, bool)
    if fp.ndim != n_axes:
        raise RuntimeError(f"{function}: footprint has {fp.ndim} dimensions, expected {n_axes}")
    count = int(fp.sum())
    if count == 0:
        raise ValueError(f"{function}: the footprint has no True cell")
    if not isinstance(mode, str):
        raise RuntimeError(f"{function}: a sequence of modes is not supported for non-separable footprints")
    m = mode_name(mode, function)
    if percentile is not None:
        percentile = float(percentile) + (100.0 if float(percentile) < 0 else 0.0)
        if not 0 <= percentile <= 100:
            raise ValueError(f"{function}: percentile must be within [-100, 100], got {percentile}")
        rank = count - 1 if percentile == 100 else int(float(count) * percentile / 100.0)
    elif rank is None:
        rank = count // 2
    else:
        rank = operator.index(rank)
        if rank < 0:
            rank += count
        if not 0 <= rank < count:
            raise ValueError(f"{function}: rank not within filter footprint size")
    origins = [operator.index(o) for o in per_axis(origin, n_axes, "origin", function, x.ndim, axes)]
    if rank in (0, count - 1):  # scipy's minimum or maximum filter (a box footprint: separable, cval not cast)
        from . import morphology

        extreme = morphology.minimum_filter if rank == 0 else morphology.maximum_filter
        return extreme(x, footprint=fp, output=output, mode=m, cval=cval, origin=origins, axes=axes)
    order = np.argsort(axes)
    axes = tuple(axes[i] for i in order)
    fp = np.transpose(fp, order)
    befores = [origin_before(fp.shape[k], origins[i], function) for k, i in enumerate(order)]
    active = [i for i in range(n_axes) if fp.shape[i] > 1] or [n_axes - 1]
    if len(active) > 2:
        raise NotImplementedError(f"{function}: footprints spanning more than two axes are not supported")
    shape = [fp.shape[i] for i in active]
    fp2 = fp.reshape(shape)
    if len(active) == 1:
        ay, ax, size2, before2 = axes[active[0]], None, (shape[0], 1), (befores[active[0]], 0)
    else:
        ay, ax = axes[active[0]], axes[active[1]]
        size2, before2 = (shape[0], shape[1]), (befores[active[0]], befores[active[1]])
    out_dtype = output_dtype(x, output, function)
    try:
        cast = _rank_cval(x, fp.size, origins[0], _cval(cval, function))
        result = window(x, "rank", ay, ax, size2, before2, (m, m), cast, out_dtype, function,
                        mask=fp2, rank=rank)
    except WindowTooLarge:
        raise ValueError(f"{function}: a footprint of {fp2.shape} does not fit the device's shared memory") from None
    return finish(result, output)


def _rank_cval(x: Array, footprint_size: int, origin: int, cval: float) -> float:
    """cval as scipy's rank filters read it: cast to the input's type, but for 1-D inputs (scipy's 1-D rank filter,
    where the footprint is not longer than the input) cast to int64 for integers, float32 for float16 and float32."""
    if x.ndim == 1 and (x._size - ((footprint_size - 1) // 2 - origin) >= 0 or x._size == 1):
        if x._dtype.kind in "iu":
            return float(np.int64(cval)) if math.isfinite(cval) else float(np.iinfo(np.int64).min)
        return float(np.float32(cval)) if x._dtype.itemsize <= 4 else cval
    return c_cast(cval, x._dtype)


# -- derivatives ---------------------------------------------------------------------------------------------------
def _edge_filter(function: str, smooth: tuple[float, float, float], input: Any, axis: int, output: Any,  # noqa: A002
                 mode: Any, cval: Any) -> Array:
    """scipy.ndimage's sobel/prewitt on the two spatial axes: [-1, 0, 1] along ``axis``, ``smooth`` along the
    other. One 3 x 3 pass (the same result: integer sums are exact, and the boundary maps commute with a pass along
    the other axis), but for the constant mode with cval != 0, where scipy's second pass pads its first pass's
    output with cval: there the two passes run as scipy's do."""
    x = as_image(input, function)
    axes = spatial_axes(x.ndim, function) if x.ndim != 1 else (0,)
    axis = operator.index(axis)
    if not -len(axes) <= axis < len(axes):
        raise ValueError(f"{function}: axis {axis} is out of range: 0 (or -2) differentiates along H, 1 (or -1) "
                         "along W")
    axis %= len(axes)
    modes = _modes(mode, len(axes), function)
    cval = _cval(cval, function)
    out_dtype = output_dtype(x, output, function)
    derivative = np.array([-1.0, 0.0, 1.0])
    smoother = np.array(smooth)
    if len(axes) == 1:
        return finish(_pass1d(x, derivative, axes[0], 1, modes[0], cval, out_dtype, function), output)
    if "constant" in modes and cval != 0:
        passes = [(derivative, axes[axis], 1, modes[axis], "correlate"),
                  (smoother, axes[1 - axis], 1, modes[1 - axis], "correlate")]
        return finish(_run_passes(x, passes, cval, out_dtype, function), output)
    w = np.multiply.outer(derivative, smoother) if axis == 0 else np.multiply.outer(smoother, derivative)
    result = window(x, "correlate", axes[0], axes[1], (3, 3), (1, 1), (modes[0], modes[1]), cval, out_dtype,
                    function, fixed=tuple(w.reshape(-1)))
    return finish(result, output)


def sobel(input: Any, axis: int = -1, output: Any = None, mode: Any = "reflect",  # noqa: A002 - scipy's name
          cval: float = 0.0) -> Array:
    """scipy.ndimage's ``sobel`` on the spatial axes: ``axis`` 0 (or -2) differentiates along H, 1 (or -1, the
    default) along W, for H x W, H x W x C and N x H x W x C images alike (scipy's ``axis`` counts every array
    axis: the same for an H x W image). uint8 results wrap as scipy's."""
    return _edge_filter("sobel", (1.0, 2.0, 1.0), input, axis, output, mode, cval)


def prewitt(input: Any, axis: int = -1, output: Any = None, mode: Any = "reflect",  # noqa: A002 - scipy's name
            cval: float = 0.0) -> Array:
    """scipy.ndimage's ``prewitt`` (see :func:`sobel`; smoothing [1, 1, 1])."""
    return _edge_filter("prewitt", (1.0, 1.0, 1.0), input, axis, output, mode, cval)


def laplace(input: Any, output: Any = None, mode: Any = "reflect", cval: float = 0.0, *,  # noqa: A002
            axes: Any = None) -> Array:
    """scipy.ndimage's ``laplace``: the sum over the filtered axes of the second differences [1, -2, 1]. Over two
    axes one pass of the 5-point stencil (integer results wrap as scipy's sums of wrapped terms do); over one or
    more than two, scipy's sum of 1-D passes in the output's dtype."""
    function = "laplace"
    x = as_image(input, function)
    axes = resolve_axes(x.ndim, axes, function) if axes is not None or x.ndim != 1 else (0,)
    axes = tuple(sorted(axes))
    modes = _modes(mode, len(axes), function)
    cval = _cval(cval, function)
    out_dtype = output_dtype(x, output, function)
    second = np.array([1.0, -2.0, 1.0])
    if len(axes) == 2:
        stencil = (0.0, 1.0, 0.0, 1.0, -4.0, 1.0, 0.0, 1.0, 0.0)
        result = window(x, "correlate", axes[0], axes[1], (3, 3), (1, 1), (modes[0], modes[1]), cval, out_dtype,
                        function, fixed=stencil)
        return finish(result, output)
    result = None
    for axis, m in zip(axes, modes, strict=True):
        term = _pass1d(x, second, axis, 1, m, cval, out_dtype, function)
        result = term if result is None else result + term
    if result is None:
        result = x.astype(out_dtype)
    return finish(result, output)


# -- scikit-image's ------------------------------------------------------------------------------------------------
def _as_float(x: Array) -> Array:
    """scikit-image's ``img_as_float`` in float32 (float64 for float64): unsigned integers / their maximum, signed
    integers / their maximum and at least -1, floats as they are (float16 widened)."""
    target = compute_dtype(x._dtype)
    if x._dtype.kind == "f":
        return x.astype(target) if x._dtype is not target else x
    top = float(np.iinfo(x._dtype.np).max)
    scaled = x.astype(target) * (1.0 / top)
    return maximum(scaled, -1.0) if x._dtype.kind == "i" else scaled


def unsharp_mask(image: Any, radius: Any = 1.0, amount: float = 1.0, preserve_range: bool = False, *,
                 channel_axis: int | None = None) -> Array:
    """scikit-image's ``unsharp_mask``: image + amount x (image - gaussian(image, radius)), the Gaussian's mode
    reflect and truncate 4, on the image as float (``img_as_float`` unless ``preserve_range``), clipped to
    [0, 1] (or [-1, 1] where the image has negative values) unless ``preserve_range``. The result is float32
    (float64 for float64 images; scikit-image gives float64 for integer images). The last axis of an H x W x C
    or N x H x W x C image is always its channels (scikit-image's ``channel_axis=-1``, the only value taken)."""
    function = "unsharp_mask"
    x = as_image(image, function)
    if channel_axis is not None and operator.index(channel_axis) % x.ndim != x.ndim - 1:
        raise ValueError(f"{function}: channels must be the last axis (channel_axis=-1), got {channel_axis}")
    axes = spatial_axes(x.ndim, function)
    radii = [float(r) for r in per_axis(radius, len(axes), "radius", function)]
    if any(r < 0 for r in radii):
        raise ValueError(f"{function}: radius must not be negative, got {radius}")
    fimg = x.astype(compute_dtype(x._dtype)) if preserve_range else _as_float(x)
    passes = _gaussian_passes(fimg, axes, radii, 0, "reflect", 4.0, None, function)
    blurred = _run_passes(fimg, passes, 0.0, fimg._dtype, function)
    result = fimg + (fimg - blurred) * float(amount)
    if preserve_range:
        return result
    low = where(any_(fimg < 0), -1.0, 0.0) if x._dtype.kind != "u" else 0.0  # no sync: a device scalar
    return clip(result, low, 1.0)


def bilateral_filter(image: Any, win_size: int | None = None, sigma_color: float | None = None,
                     sigma_spatial: float = 1, bins: int = 10000, mode: str = "constant", cval: float = 0, *,
                     channel_axis: int | None = None) -> Array:
    """scikit-image's ``denoise_bilateral`` (its semantics, not OpenCV's): on the image as float
    (``img_as_float``), each pixel becomes the mean of its ``win_size`` x ``win_size`` window (default
    max(5, 2 ceil(3 sigma_spatial) + 1)) weighted by scikit-image's spatial look-up table times its colour table
    (``bins`` steps of exp(-d^2 / 2 sigma_color^2) over [0, max)) at int(|centre - pixel| x (bins // C) / max)
    (scikit-image's integer division), max being the image's largest value before conversion (255 for uint8, as
    scikit-image) and |.| the Euclidean distance over the C channels; ``sigma_color`` defaults to the float
    image's standard deviation. Pixels outside come from ``mode`` (scikit-image's names: constant with ``cval``,
    edge, symmetric, reflect, wrap). The result is
    float32 (float64 for float64 images); a constant image comes back as float (scikit-image returns its input).
    Batches (N x H x W x C) filter each image with its own statistics. Reads the image's min, max and standard
    deviation back (synchronises)."""
    function = "bilateral_filter"
    x = as_image(image, function, ("uint8", "uint16", "float16", "float32", "float64"))
    if x.ndim not in (2, 3, 4):
        raise ValueError(f"{function}: expected an H x W, H x W x C or N x H x W x C image, got {x.ndim} dimensions")
    if channel_axis is not None and operator.index(channel_axis) % x.ndim != x.ndim - 1:
        raise ValueError(f"{function}: channels must be the last axis (channel_axis=-1), got {channel_axis}")
    modes = {"constant": "constant", "edge": "nearest", "symmetric": "reflect", "reflect": "mirror", "wrap": "wrap"}
    if mode not in modes:
        raise ValueError(f"{function}: invalid mode {mode!r}: use constant, edge, wrap, symmetric or reflect")
    bins = operator.index(bins)
    if bins < 1:
        raise ValueError(f"{function}: bins must be positive, got {bins}")
    if win_size is None:
        win_size = max(5, 2 * int(math.ceil(3 * sigma_spatial)) + 1)
    win_size = operator.index(win_size)
    if win_size < 1:
        raise ValueError(f"{function}: win_size must be positive, got {win_size}")
    if x.ndim == 4:
        return stack([bilateral_filter(x[i], win_size, sigma_color, sigma_spatial, bins, mode, cval)
                         for i in range(x._shape[0])])
    dims = x._shape[2] if x.ndim == 3 else 1
    fimg = contiguous_float(x)
    if x._size == 0:
        return fimg.copy() if fimg is x else fimg
    stats = stack([min_(x).astype(dt.float64), max_(x).astype(dt.float64),
                      std_(fimg).astype(dt.float64)]).numpy()
    min_value, max_value, std = (float(v) for v in stats)
    if x._dtype.kind == "f":
        min_value, max_value = float(np.float32(min_value)), float(np.float32(max_value))
    if min_value == max_value:
        return fimg.copy() if fimg is x else fimg
    sigma = float(sigma_color) if sigma_color else std
    compute = fimg._dtype
    lut_dtype = compute.np
    values = np.linspace(0, max_value, bins, endpoint=False)
    color_lut = np.exp(-0.5 * (values**2 / sigma**2), dtype=lut_dtype)
    grid = np.arange(-win_size // 2, win_size // 2 + 1)
    rr, cc = np.meshgrid(grid, grid, indexing="ij")
    spatial = np.exp(-0.5 * (np.hypot(rr, cc) ** 2 / float(sigma_spatial) ** 2), dtype=lut_dtype).ravel()
    half = (win_size - 1) // 2
    size = 2 * half + 1  # an even win_size reaches half pixels each way, as scikit-image's loops
    taps = np.add.outer(np.arange(size) * win_size, np.arange(size))  # its table indexed by kr * win_size + kc
    spatial = spatial[taps.reshape(-1)]
    shift = min_value if min_value < 0 else 0.0
    scale = (bins // dims) / (max_value - shift)  # NOTE: scikit-image divides the integers bins // dims
    table = np.concatenate([spatial, color_lut])
    args = (fimg, "bilateral", 0, 1, (size, size), (half, half), (modes[mode], modes[mode]), float(cval), compute,
            function)
    try:
        return window(*args, table=table, bilateral=(scale, shift, bins - 1))
    except WindowTooLarge:  # a window too large for a shared tile: each tap from global memory
        return window(*args, table=table, bilateral=(scale, shift, bins - 1), direct=True)


def contiguous_float(x: Array) -> Array:
    """x as a contiguous float array, scikit-image's ``img_as_float`` (float32; float64 for float64)."""
    out = _as_float(x)
    return out if out._contig else out.copy()


# ``denoise_bilateral``: scikit-image's name
denoise_bilateral = bilateral_filter

__all__ = ["bilateral_filter", "convolve", "convolve1d", "correlate", "correlate1d", "denoise_bilateral",
           "gaussian_filter", "gaussian_filter1d", "gaussian_kernel1d", "laplace", "median_filter",
           "percentile_filter", "prewitt", "rank_filter", "sobel", "uniform_filter", "uniform_filter1d", "unsharp_mask"]
