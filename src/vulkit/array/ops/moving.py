"""Manipulation that moves data: concat, stack, unstack, tile, repeat, roll, diff, pad, flatten, ravel; and NumPy's
``round(x, decimals)``.

Each output is written through views of it: every piece is one copy into a view of the output (a buffer copy for
contiguous runs of one dtype, else the elementwise ``TABLE["copy"]``, which converts dtypes and follows any
strides), so a ``concat`` of k arrays is k copies, ``tile`` and an integer ``repeat`` one (the input broadcast
over an interleaved view of the output), ``roll`` one per block, ``pad`` one per block of the padded array.
Selections by an index array go through :mod:`.gather`.
"""

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..array import Array, asarray_like, basic_view, make_array, view
from ..dtypes import bool_, result_type
from ..layout import contiguous_strides, normalize_axes
from . import elementwise as ew
from .arguments import array_argument
from .engine import TABLE, apply
from .gather import take
from .manipulation import in_order, reshape
from .manipulation import transpose as _transpose

_elementwise_round = ew.FUNCTIONS["round"]
# Contiguous runs of one dtype move by a buffer copy (vkCmdCopyBuffer) on CPU devices, by the elementwise copy
# kernel on GPUs: on lavapipe a concat of two 2^22 float32 arrays took 9 ms by buffer copies against 67 (2026-11-26);
# on an H100 two 2^27 float32 arrays moved at 851 GB/s by buffer copies against 2998 by the kernel (2026-11-27).
# benchmarks/cases_moving.py times both (True / False force one; None: by the device).
BUFFER_COPY: bool | None = None


def _array(value: Any, ctx: Any = None) -> Array:
    if isinstance(value, Array):
        return value
    from ...runtime import context

    return asarray_like(value, ctx or context.current())


def _copy_into(target: Array, source: Any) -> None:
    """One copy of ``source`` (an array broadcast to target's shape, or a Python scalar) into the view
    ``target``, converted to its dtype: on a CPU device a buffer copy (vkCmdCopyBuffer) where both are contiguous
    runs of one dtype and shape in different allocations, else the elementwise copy."""
    if not target._size:
        return
    by_copy = target._ctx.properties.get("device_type") == "cpu" if BUFFER_COPY is None else BUFFER_COPY
    if by_copy and source.__class__ is Array and source._dtype is target._dtype and source._contig \
            and target._contig \
            and source._shape == target._shape and source._alloc is not target._alloc:
        size = target._dtype.itemsize
        target._ctx.stream.copy(source._alloc, target._alloc, target._size * size, source._offset * size,
                                target._offset * size)
        return
    apply(TABLE["copy"], (source,), out=target, dtype=target._dtype)


def _axis(name: str, axis: Any, ndim: int) -> int:
    if isinstance(axis, (tuple, list)):
        raise TypeError(f"{name}: axis must be an integer, got {axis!r}")
    return normalize_axes(axis, ndim, name)[0]


def _slab(x: Array, axis: int, start: int, stop: int) -> Array:
    """x[..., start:stop, ...] along ``axis`` (a view; 0 <= start <= stop <= its length)."""
    shape = (*x._shape[:axis], stop - start, *x._shape[axis + 1:])
    return view(x, shape, x._strides, x._offset + start * x._strides[axis])


# -- joining and splitting ------------------------------------------------------------------------------
def _arrays(name: str, arrays: Any) -> list[Array]:
    if isinstance(arrays, Array) or not isinstance(arrays, Sequence):
        raise TypeError(f"{name}: expected a sequence of arrays, got {type(arrays).__name__}")
    if not arrays:
        raise ValueError(f"{name}: need at least one array")
    first = next((a for a in arrays if isinstance(a, Array)), None)
    found = [_array(a, first._ctx if first is not None else None) for a in arrays]
    ctx = found[0]._ctx
    if any(a._ctx is not ctx for a in found):
        raise ValueError(f"{name}: the arrays are on different devices (move them with to_device())")
    return found


def concat(arrays: Sequence[Array], /, axis: int | None = 0) -> Array:
    """The arrays joined along ``axis`` (None: flattened first), their dtypes promoted (array API ``concat``;
    NumPy's ``concatenate``). One copy per input array."""
    found = _arrays("concat", arrays)
    dtype = result_type(*found)
    ctx = found[0]._ctx
    if axis is None:
        out = make_array(ctx, (sum(a._size for a in found),), dtype)
        start = 0
        for a in found:  # each into its run of the output, viewed in its own shape
            _copy_into(view(out, a._shape, contiguous_strides(a._shape), start), a)
            start += a._size
        return out
    ndim = found[0].ndim
    if ndim == 0:
        raise ValueError("concat: zero-dimensional arrays cannot be concatenated")
    axis = _axis("concat", axis, ndim)
    for i, a in enumerate(found):
        if a.ndim != ndim:
            raise ValueError(f"concat: all the input arrays must have the same number of dimensions, but the array "
                             f"at index 0 has {ndim} dimension(s) and the array at index {i} has {a.ndim}")
        if any(n != m for d, (n, m) in enumerate(zip(a._shape, found[0]._shape, strict=True)) if d != axis):
            raise ValueError(f"concat: all the input array dimensions except for the concatenation axis must match "
                             f"exactly, but the array at index 0 has shape {found[0].shape} and the array at "
                             f"index {i} has shape {a.shape}")
    shape = list(found[0]._shape)
    shape[axis] = sum(a._shape[axis] for a in found)
    out = make_array(ctx, tuple(shape), dtype)
    start = 0
    for a in found:
        stop = start + a._shape[axis]
        _copy_into(_slab(out, axis, start, stop), a)
        start = stop
    return out


def stack(arrays: Sequence[Array], /, axis: int = 0) -> Array:
    """The arrays (all of one shape) joined along a new axis ``axis`` of the result, their dtypes promoted."""
    found = _arrays("stack", arrays)
    shape = found[0]._shape
    for i, a in enumerate(found):
        if a._shape != shape:
            raise ValueError(f"stack: all input arrays must have the same shape, but the array at index 0 has "
                             f"shape {shape} and the array at index {i} has shape {a.shape}")
    axis = _axis("stack", axis, len(shape) + 1)
    out = make_array(found[0]._ctx, (*shape[:axis], len(found), *shape[axis:]), result_type(*found))
    for i, a in enumerate(found):
        _copy_into(basic_view(out, (*(slice(None),) * axis, i)), a)
    return out


def unstack(x: Array, /, *, axis: int = 0) -> tuple[Array, ...]:
    """Views of x's slices along ``axis`` (array API ``unstack``): no copy."""
    x = array_argument(x, "unstack")
    if x.ndim == 0:
        raise ValueError("unstack: the array must have at least one dimension")
    axis = _axis("unstack", axis, x.ndim)
    return tuple(basic_view(x, (*(slice(None),) * axis, i)) for i in range(x._shape[axis]))


# -- repeating -------------------------------------------------------------------------------------------
def _counts(name: str, value: Any) -> tuple[int, ...]:
    """A tuple of non-negative integers (one integer: a 1-tuple)."""
    items = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    counts = []
    for item in items:
        if isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, np.integer, Array)):
            raise TypeError(f"{name}: expected integers, got {item!r}")
        counts.append(operator.index(item))
    if any(c < 0 for c in counts):
        raise ValueError(f"{name}: negative dimensions are not allowed: {tuple(counts)}")
    return tuple(counts)


def tile(x: Array, repetitions: Any, /) -> Array:
    """x repeated ``repetitions`` times along each axis (NumPy's ``tile``: the shorter of x's shape and
    ``repetitions`` is padded with leading ones). One copy: x broadcast into a view of the output whose axes
    are split into (repetition, element) pairs."""
    x = array_argument(x, "tile")
    reps = _counts("tile", repetitions)
    ndim = builtins.max(x.ndim, len(reps))
    reps = (1,) * (ndim - len(reps)) + reps
    shape = (1,) * (ndim - x.ndim) + x._shape
    strides = (0,) * (ndim - x.ndim) + x._strides
    out = make_array(x._ctx, tuple(r * n for r, n in zip(reps, shape, strict=True)), x._dtype)
    if out._size == 0:
        return out
    pair_shape, out_strides, in_strides = [], [], []
    for r, n, s, o in zip(reps, shape, strides, out._strides, strict=True):
        pair_shape += [r, n]
        out_strides += [n * o, o]
        in_strides += [0, s]
    target = view(out, tuple(pair_shape), tuple(out_strides), 0)
    _copy_into(target, view(x, tuple(pair_shape), tuple(in_strides), x._offset))
    return out


def repeat(x: Array, /, repeats: Any, axis: int | None = None) -> Array:
    """Each element of x repeated ``repeats`` times along ``axis`` (None: of the flattened array), as NumPy's
    ``repeat``. An integer: one copy (x broadcast into a view of the output). A sequence or array of counts
    (one per element along the axis, or one for all): the source positions are worked out from the counts
    (on the host for host counts; on the GPU for a vulkit array, whose total is read back, so that call waits
    for the GPU) and gathered by :func:`take`."""
    if axis is None:
        x = reshape(x, (-1,))
        axis = 0
    else:
        axis = _axis("repeat", axis, x.ndim)
    n = x._shape[axis]
    if isinstance(repeats, Array):
        if repeats.ndim > 1 or repeats.dtype.kind not in "iu":
            raise ValueError("repeat: repeats must be an integer or a 1-dimensional integer array")
        if repeats.ndim == 0 or repeats.size == 1:
            repeats = int(repeats.reshape(()).item())
        elif n == 0 and repeats.size == 0:
            return x.copy()
        else:
            return take(x, _positions_on_gpu(repeats, n), axis=axis, mode="clip")
    if isinstance(repeats, (int, np.integer)) and not isinstance(repeats, (bool, np.bool_)):
        count = _counts("repeat", repeats)[0]
        return _repeat_each(x, axis, count)
    counts = np.asarray(repeats)
    if counts.ndim > 1 or (counts.size and counts.dtype.kind not in "iu"):
        raise ValueError("repeat: repeats must be an integer or a 1-dimensional sequence of integers")
    counts = counts.astype(np.int64).reshape(-1)
    if counts.size == 1:
        return _repeat_each(x, axis, _counts("repeat", int(counts[0]))[0])
    if counts.size != n:
        raise ValueError(f"repeat: {counts.size} repeats for an axis of size {n}")
    if (counts < 0).any():
        raise ValueError("repeat: negative dimensions are not allowed")
    return take(x, np.repeat(np.arange(n, dtype=np.int64), counts), axis=axis, mode="clip")


def _repeat_each(x: Array, axis: int, count: int) -> Array:
    shape = list(x._shape)
    shape[axis] *= count
    out = make_array(x._ctx, tuple(shape), x._dtype)
    if out._size == 0:
        return out
    inner = out._strides[axis]
    pair_shape = (*x._shape[:axis + 1], count, *x._shape[axis + 1:])
    out_strides = (*out._strides[:axis], count * inner, inner, *out._strides[axis + 1:])
    in_strides = (*x._strides[:axis + 1], 0, *x._strides[axis + 1:])
    _copy_into(view(out, pair_shape, out_strides, 0), view(x, pair_shape, in_strides, x._offset))
    return out


def _positions_on_gpu(repeats: Array, n: int) -> Array:
    """The source position of each output position along the axis, for counts on the GPU: output position j
    comes from the number of running totals of the counts that are <= j (a search over the running totals).
    Reads the total and the least count back together (one read: the call waits for the GPU)."""
    if repeats.size != n:
        raise ValueError(f"repeat: {repeats.size} repeats for an axis of size {n}")
    from .creation import arange
    from .reductions import min as least
    from .scans import cumulative_sum
    from .sorting import searchsorted

    ends = cumulative_sum(repeats, dtype="int64")
    total, low = (int(v) for v in concat([ends[-1:], least(repeats, keepdims=True).astype("int64")]).numpy())
    if low < 0:
        raise ValueError("repeat: negative dimensions are not allowed")
    return searchsorted(ends, arange(total, dtype=ends.dtype, device=repeats.device), side="right")


# -- moving along axes -------------------------------------------------------------------------------------
def roll(x: Array, /, shift: int | tuple[int, ...], axis: int | tuple[int, ...] | None = None) -> Array:
    """x with its elements shifted by ``shift`` along ``axis`` (None: of the flattened array, then the shape
    restored), elements leaving one end coming back at the other (array API ``roll``). One copy per block:
    at most two per rolled axis, multiplied."""
    x = array_argument(x, "roll")
    if axis is None:
        flat = reshape(x, (-1,))
        return reshape(roll(flat, _sum_shift(shift), axis=0), x._shape)
    axes = (axis,) if not isinstance(axis, (tuple, list)) else tuple(axis)
    shifts = (shift,) if not isinstance(shift, (tuple, list)) else tuple(shift)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise ValueError(f"roll: shift and axis must have the same length, got {len(shifts)} and {len(axes)}")
    total = [0] * x.ndim
    for s, a in zip(shifts, axes, strict=True):
        total[normalize_axes(a, x.ndim, "roll")[0]] += operator.index(s)
    out = make_array(x._ctx, x._shape, x._dtype)
    if out._size == 0:
        return out
    blocks: list[tuple[list[slice], list[slice]]] = [([], [])]
    for n, s in zip(x._shape, total, strict=True):
        s %= n
        pieces = [(slice(0, n), slice(0, n))] if s == 0 else \
            [(slice(s, n), slice(0, n - s)), (slice(0, s), slice(n - s, n))]
        blocks = [(dst + [d], src + [c]) for dst, src in blocks for d, c in pieces]
    for dst, src in blocks:
        _copy_into(basic_view(out, tuple(dst)), basic_view(x, tuple(src)))
    return out


def _sum_shift(shift: Any) -> int:
    if isinstance(shift, (tuple, list)):
        return builtins.sum(operator.index(s) for s in shift)
    return operator.index(shift)


def diff(x: Array, /, n: int = 1, axis: int = -1, prepend: Any = None, append: Any = None) -> Array:
    """The n-th discrete difference along ``axis`` (``x[1:] - x[:-1]``, n times; ``!=`` for booleans, as
    NumPy), after joining ``prepend`` and ``append`` (arrays, or scalars broadcast to one slice)."""
    x = array_argument(x, "diff")
    if x.ndim == 0:
        raise ValueError("diff: the array must have at least one dimension")
    n = operator.index(n)
    if n < 0:
        raise ValueError(f"diff: order must be non-negative but got {n}")
    axis = _axis("diff", axis, x.ndim)
    if n == 0:
        return x
    if prepend is not None or append is not None:
        ends = []
        for value in (prepend, append):
            if value is None:
                ends.append(None)
                continue
            value = _array(value, x._ctx)
            if value.ndim == 0:
                shape = tuple(1 if d == axis else k for d, k in enumerate(x._shape))
                value = view(value, shape, (0,) * x.ndim, value._offset)
            ends.append(value)
        x = concat([a for a in (ends[0], x, ends[1]) if a is not None], axis=axis)
    for _ in range(n):
        length = x._shape[axis]
        if length == 0:
            break
        later, earlier = _slab(x, axis, 1, length), _slab(x, axis, 0, length - 1)
        x = ew.not_equal(later, earlier) if x.dtype is bool_ else ew.subtract(later, earlier)
    return x


# -- padding ----------------------------------------------------------------------------------------------
PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap", "empty")


def _pairs(name: str, value: Any, ndim: int, index: bool) -> list[tuple[Any, Any]]:
    """NumPy's ``_as_pairs``: one value, one pair, or a pair per axis, as (before, after) per axis."""
    host = np.asarray(value if not isinstance(value, Array) else value.numpy())
    if index:
        if host.dtype.kind not in "iuf" and host.size:
            raise TypeError(f"{name}: pad_width must hold integers, got {host.dtype}")
        host = np.round(host).astype(np.int64)
        if (host < 0).any():
            raise ValueError(f"{name}: pad_width can't contain negative values")
    try:
        pairs = np.broadcast_to(host, (ndim, 2)) if host.ndim <= 2 and host.size else None
    except ValueError:
        pairs = None
    if pairs is None:
        raise ValueError(f"{name}: {value!r} cannot be read as (before, after) pairs for {ndim} axes")
    return [(a.item(), b.item()) for a, b in pairs]


def pad(x: Array, pad_width: Any, mode: str = "constant", constant_values: Any = 0) -> Array:
    """x padded along each axis (NumPy's ``pad``): ``pad_width`` is one count, one (before, after) pair, or a
    pair per axis; ``mode`` ``"constant"`` (``constant_values`` likewise: a value, a pair, or a pair per axis,
    later axes winning at the corners, as NumPy), ``"edge"``, ``"reflect"``, ``"symmetric"``, ``"wrap"`` or
    ``"empty"`` (uninitialised).

    Every output element of the other modes is x at a position found per axis (NumPy's own padding of
    ``arange(n)`` gives each axis's map, since the modes pad axis by axis); each axis's map is cut into runs
    of step 1, -1 or 0, and each block of runs is one strided copy."""
    x = array_argument(x, "pad")
    if not isinstance(mode, str) or mode not in PAD_MODES:
        raise ValueError(f"pad: mode {mode!r} is not supported; vulkit has {', '.join(PAD_MODES)}")
    widths = [(int(b), int(a)) for b, a in _pairs("pad", pad_width, x.ndim, index=True)]
    shape = tuple(b + n + a for n, (b, a) in zip(x._shape, widths, strict=True))
    out = make_array(x._ctx, shape, x._dtype)
    if out._size == 0:
        return out
    if mode in ("constant", "empty"):
        _copy_into(basic_view(out, tuple(slice(b, b + n) for n, (b, _) in zip(x._shape, widths, strict=True))), x)
        if mode == "constant":
            _fill_borders(out, x._shape, widths, _pairs("pad", constant_values, x.ndim, index=False))
        return out
    maps = []
    for axis, (n, (b, a)) in enumerate(zip(x._shape, widths, strict=True)):
        if n == 0 and b + a:
            raise ValueError(f"pad: can't extend empty axis {axis} using modes other than 'constant' or 'empty'")
        maps.append(_runs(np.pad(np.arange(n), (b, a), mode=mode)))
    blocks: list[tuple[list[slice], list[tuple[int, int]]]] = [([], [])]
    for runs in maps:
        blocks = [(dst + [slice(start, start + length)], src + [(first, step)])
                  for dst, src in blocks for start, length, first, step in runs]
    for dst, src in blocks:
        target = basic_view(out, tuple(dst))
        offset = x._offset + builtins.sum(first * s for (first, _), s in zip(src, x._strides, strict=True))
        strides = tuple(step * s for (_, step), s in zip(src, x._strides, strict=True))
        _copy_into(target, view(x, target._shape, strides, offset))
    return out


def _runs(positions: np.ndarray) -> list[tuple[int, int, int, int]]:
    """``positions`` cut into runs of one step in {-1, 0, 1}: (start, length, first position, step)."""
    runs: list[tuple[int, int, int, int]] = []
    start = 0
    total = len(positions)
    while start < total:
        step = int(positions[start + 1] - positions[start]) if start + 1 < total else 0
        if step not in (-1, 0, 1):
            step = 0
        stop = start + 1
        while stop < total and positions[stop] - positions[stop - 1] == step:
            stop += 1
        runs.append((start, stop - start, int(positions[start]), step))
        start = stop
    return runs


def _fill_borders(out: Array, inner: tuple[int, ...], widths: list[tuple[int, int]],
                  values: list[tuple[Any, Any]]) -> None:
    """Each axis's two slabs of ``out`` filled with its constants: whole along earlier axes, the middle
    (``inner``) along later ones, so the later axis wins at the corners, as NumPy."""
    middle = [slice(b, b + n) for n, (b, _) in zip(inner, widths, strict=True)]
    for axis, ((b, a), (before, after)) in enumerate(zip(widths, values, strict=True)):
        size = out._shape[axis]
        for start, stop, value in ((0, b, before), (size - a, size, after)):
            if stop > start:
                key = (*(slice(None),) * axis, slice(start, stop), *middle[axis + 1:])
                _copy_into(basic_view(out, key), _fill_value(value, out))


def _fill_value(value: Any, out: Array) -> Any:
    """A constant as NumPy assigns it into an array of out's dtype: floats into integers truncate, integers wrap
    (-1 into uint8 is 255), NaN or infinity into integers is a ValueError."""
    if out._dtype.kind in "iu":
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"pad: cannot convert float {value} to integer")
        with np.errstate(all="ignore"):
            return int(np.array(value).astype(out._dtype.np))
    if out._dtype.kind == "b":
        return bool(value)
    return value


# -- flattening ---------------------------------------------------------------------------------------------
def ravel(x: Array, /, order: str = "C") -> Array:
    """x's elements in ``order`` (C; F, A or K as NumPy's, see :func:`in_order`) as one dimension (NumPy's
    ``ravel``): a view wherever strides can express it, else a copy."""
    return reshape(in_order(array_argument(x, "ravel"), order, "ravel"), (-1,))


def flatten(x: Array, /, order: str = "C") -> Array:
    """A contiguous 1-D copy of x's elements in ``order`` (NumPy's ``ndarray.flatten``; see :func:`in_order`)."""
    return reshape(in_order(array_argument(x, "flatten"), order, "flatten"), (-1,), copy=True)


# -- rounding -----------------------------------------------------------------------------------------------
def round(x: Array, /, decimals: int = 0, *, out: Array | None = None) -> Array:  # noqa: A001
    """Round half to even to ``decimals`` places (negative: to tens, hundreds ...), as NumPy's ``round``:
    floats are scaled by 10**decimals, rounded and scaled back (so 0.125 to 2 places is 0.12, and results carry
    the scaling's rounding); integers are unchanged for decimals >= 0 and rounded exactly to multiples of
    10**-decimals otherwise (NumPy goes through float64, which agrees below 2**53)."""
    decimals = operator.index(decimals)
    if decimals == 0:
        return _elementwise_round(x, out=out)
    if not isinstance(x, Array):
        x = _array(x)
    if x.dtype is bool_:
        raise TypeError("round: booleans have no decimals to round (decimals must be 0)")
    if x.dtype.kind == "f":
        scale = 10.0 ** builtins.abs(decimals)
        if decimals > 0:
            return ew.divide(_elementwise_round(ew.multiply(x, scale)), scale, out=out)
        return ew.multiply(_elementwise_round(ew.divide(x, scale)), scale, out=out)
    if decimals > 0:
        return apply(TABLE["copy"], (x,), out=out, dtype=x.dtype if out is None else out.dtype)
    return _round_integers(x, 10 ** -decimals, out)


def _round_integers(x: Array, scale: int, out: Array | None) -> Array:
    """Integers to the nearest multiple of ``scale``, ties to the even multiple, wrapping as the dtype does."""
    info = np.iinfo(x.dtype.np)
    if scale > 2 * builtins.max(abs(int(info.min)), int(info.max)):  # every value is nearer 0
        result = apply(TABLE["copy"], (0,), out=make_array(x._ctx, x._shape, x._dtype), dtype=x._dtype)
    else:
        wide = x.astype("int64") if x.dtype.kind == "i" or x.dtype.itemsize < 8 else x
        remainder = ew.remainder(wide, scale)  # in [0, scale)
        low = wide - remainder
        twice = remainder * 2
        odd = ew.remainder(ew.floor_divide(low, scale), 2) != 0
        up = ew.logical_or(twice > scale, ew.logical_and(twice == scale, odd))
        result = ew.where(up, low + scale, low).astype(x.dtype)
    if out is None:
        return result
    return apply(TABLE["copy"], (result,), out=out, dtype=out.dtype)


# -- method forms -------------------------------------------------------------------------------------------
# x.transpose(1, 0) and x.transpose((1, 0)), as NumPy's method: the axes come as separate positional arguments
TRANSPOSE_POSITIONAL = ("axes", *(f"axis{i}" for i in range(1, 32)))


def transpose_method(x: Array, /, axes: Any = None, **more: int) -> Array:
    """``x.transpose(*axes)``: NumPy's method (the axes as one sequence or as separate integers)."""
    if more:
        axes = (axes, *(more[name] for name in TRANSPOSE_POSITIONAL[1:] if name in more))
    return _transpose(x, axes)


transpose_method.__name__ = "transpose"
