"""``x[key]`` and ``x[key] = value``.

Basic indexing (integers, slices, ``...``, ``None``) makes a view: no copy, no GPU work.
Advanced indexing (boolean masks, integer arrays, lists) follows NumPy's rules. A key that is one boolean
mask over x's leading dimensions has its element positions computed on the GPU (the stream compaction of
``vt.nonzero``, which reads back one count to size the result); other advanced keys have them worked out on
the host with NumPy (an index array on the GPU is read back first, which waits for it), but for one integer array
on the GPU, which ``take`` gathers while a kernel checks its bounds. Then one gather or scatter kernel moves the
elements.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ..array import Array, asarray_like, basic_view, make_array, upload, view
from ..dtypes import bool_
from ..kernels.indexing import IndexSpec
from ..launch import grid, record
from ..layout import broadcast_shapes, contiguous_strides, size_of
from .engine import TABLE, apply, check_writable
from .gather import take_axis
from .scans import mask_positions, mask_values

_BASIC = (int, slice, type(None), type(Ellipsis))


def _as_tuple(key: Any) -> tuple[Any, ...]:
    return key if isinstance(key, tuple) else (key,)


def _basic_key(key: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """The key with 0-d integer arrays turned into ints; None if it needs advanced indexing."""
    out = []
    for k in key:
        if isinstance(k, bool) or isinstance(k, np.bool_):
            return None
        if isinstance(k, _BASIC):
            out.append(k)
        elif isinstance(k, (Array, np.ndarray, np.generic)) and k.ndim == 0 and k.dtype.kind in "iu":
            out.append(operator.index(k))
        else:
            return None
    return tuple(out)


def _positions(x: Array, key: tuple[Any, ...]) -> np.ndarray:
    """Element offsets (into x's allocation) selected by an advanced key, in result order and shape."""
    phys = np.full((), x._offset, dtype=np.int64)
    for axis, (n, s) in enumerate(zip(x._shape, x._strides, strict=True)):
        shape = [1] * x.ndim
        shape[axis] = n
        phys = phys + (np.arange(n, dtype=np.int64) * s).reshape(shape)
    host_key = tuple(k.numpy() if isinstance(k, Array) else k for k in key)
    return np.asarray(phys[host_key])


def _mask_of(x: Array, key: tuple[Any, ...]) -> Array | None:
    """The mask of a key that is one boolean array over x's leading dimensions (``...`` may follow), on x's device;
    None for other keys (and masks whose shape does not fit, which the host path rejects as NumPy does)."""
    if len(key) == 2 and key[1] is Ellipsis:
        key = key[:1]
    if len(key) != 1:
        return None
    mask = key[0]
    if isinstance(mask, list):
        try:
            mask = np.asarray(mask)
        except ValueError:  # ragged: the host path says so
            return None
    if isinstance(mask, np.ndarray) and mask.dtype == np.bool_ and mask.ndim:
        if mask.shape != x._shape[:mask.ndim]:
            return None
        mask = upload(x._ctx, mask)
    if not (isinstance(mask, Array) and mask._dtype is bool_ and mask.ndim and mask._ctx is x._ctx
            and mask._shape == x._shape[:mask.ndim]):
        return None
    if x._alloc.size // x._dtype.itemsize >= 2 ** 31:  # int32 positions: the host path raises
        return None
    return mask


def _masked(x: Array, key: tuple[Any, ...], compact: Any = mask_positions) -> tuple[Array, tuple[int, ...]] | None:
    """For a one-mask key: what ``compact`` gives for the elements it selects (``mask_positions``: their int32
    offsets; ``mask_values``: the elements themselves) and the shape of the selection; None for other keys.
    Synchronises (the count)."""
    mask = _mask_of(x, key)
    if mask is None:
        return None
    found = compact(x, mask)
    if found is None:
        return None
    selected, count = found
    rest = x._shape[mask.ndim:]
    return selected, (count // size_of(rest), *rest)


def getitem(x: Array, key: Any) -> Array:
    """``x[key]``: a view for basic keys, a gathered copy for advanced ones."""
    key = _as_tuple(key)
    basic = _basic_key(key)
    if basic is not None:
        return basic_view(x, basic)
    masked = _masked(x, key, mask_values)  # the compaction moves the selected elements itself
    if masked is not None:
        values, shape = masked
        return view(values, shape, contiguous_strides(shape), values._offset)
    first = key[0]
    if len(key) == 1 and first.__class__ is Array and first._dtype.kind in "iu" and first.ndim and x.ndim:
        # one integer array on the GPU: checked there while the gather runs, not read back to the host first
        return take_axis("", x, first, 0, "raise")
    positions = _positions(x, key)
    ctx = x._ctx
    out = make_array(ctx, positions.shape, x._dtype)
    if out._size:
        _move("gather", x, positions, out)
    return out


def setitem(x: Array, key: Any, value: Any) -> None:
    """``x[key] = value``, value converted to x's dtype and broadcast to the selection as NumPy does."""
    check_writable(x)
    key = _as_tuple(key)
    if isinstance(value, np.generic) and value.dtype.kind in "biuf":
        value = value.item()  # NumPy assigns its scalars through Python's: 200 into int8 raises OverflowError
    if not isinstance(value, (Array, bool, int, float)):  # Python scalars stay weakly typed
        value = asarray_like(value, x._ctx)
    array = isinstance(value, Array)
    basic = _basic_key(key)
    if basic is not None:
        if array and value.ndim and len(basic) == x.ndim and all(isinstance(k, int) for k in basic):
            raise ValueError("setting an array element with a sequence.")
        target = basic_view(x, basic)
        apply(TABLE["copy"], (_fit(value, target._shape),), out=target, dtype=x._dtype)
        return
    if not array or value.ndim == 0:
        mask = _mask_of(x, key)
        if mask is not None:  # a scalar where a mask is true: one elementwise pass, no count read back
            _fill_where(x, mask, value)
            return
    if array and value.ndim > 1 and _is_full_mask(key, x.ndim):
        raise TypeError(f"boolean mask assignment needs a 0- or 1-dimensional value, got shape {value.shape}")
    masked = _masked(x, key)
    positions = _positions(x, key) if masked is None else masked[0]
    shape = positions.shape if masked is None else masked[1]
    value = _fit(value, shape)
    if positions.size == 0:
        return
    values = make_array(x._ctx, shape, x._dtype)
    apply(TABLE["copy"], (value,), out=values, dtype=x._dtype)
    _move("scatter", values, positions, x)


def _fill_where(x: Array, mask: Array, value: Any) -> None:
    """``x[mask] = value`` for a scalar ``value`` (converted to x's dtype as NumPy's assignment converts it) and a
    mask over x's leading dimensions: x = where(mask, value, x), in place."""
    scalar = make_array(x._ctx, (), x._dtype)
    apply(TABLE["copy"], (value,), out=scalar, dtype=x._dtype)
    extra = x.ndim - mask.ndim
    wide = view(mask, mask._shape + (1,) * extra, mask._strides + (0,) * extra, mask._offset)
    apply(TABLE["where"], (wide, scalar, x), x)


def _fit(value: Any, shape: tuple[int, ...]) -> Any:
    """``value`` broadcastable to ``shape``, its extra leading size-1 dimensions dropped (NumPy's assignment
    rule); ValueError where it does not fit."""
    if not isinstance(value, Array):
        return value
    extra = value.ndim - len(shape)
    fitted = value
    if extra > 0 and all(n == 1 for n in value._shape[:extra]):
        fitted = view(value, value._shape[extra:], value._strides[extra:], value._offset)
    try:
        fits = broadcast_shapes(fitted._shape, shape) == shape
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"could not broadcast input array from shape {value.shape} into shape {shape}")
    return fitted


def _is_full_mask(key: tuple[Any, ...], ndim: int) -> bool:
    """Whether ``key`` is one boolean array over all ``ndim`` dimensions (NumPy then takes only 0-d and
    1-d values)."""
    if len(key) != 1:
        return False
    mask = np.asarray(key[0]) if isinstance(key[0], list) else key[0]
    return getattr(mask, "dtype", None) == np.dtype(bool) and mask.ndim == ndim


def _move(kind: str, source: Array, positions: np.ndarray | Array, target: Array) -> None:
    """Run the ``gather`` (target[i] = source[positions[i]]) or ``scatter`` (target[positions[i]] =
    source[i]) kernel over ``positions.size`` elements (host positions, or int32 ones on the GPU)."""
    ctx = target._ctx
    limit = int(ctx.device.limits["max_storage_buffer_range"])
    host = isinstance(positions, np.ndarray)
    if max(source._alloc.size, target._alloc.size) > limit or host and positions.max(initial=0) >= 2 ** 31:
        raise ValueError(f"advanced indexing reaches arrays of at most {limit} bytes and 2^31 elements on "
                         f"{ctx.device.physical.name} (use basic slicing, which makes views, for larger ones)")
    index = upload(ctx, positions.reshape(-1).astype(np.int32)) if host else positions
    kernel = ctx.kernels.get(IndexSpec(kind, target._dtype.itemsize))
    record(ctx.stream, kernel, (source._alloc, index._alloc), target._alloc, (positions.size, 0),
           grid(kernel, positions.size, ctx.max_groups))
