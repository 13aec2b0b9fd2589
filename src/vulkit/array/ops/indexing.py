"""``x[key]`` and ``x[key] = value``.

Basic indexing (integers, slices, ``...``, ``None``) makes a view: no copy, no GPU work.
Advanced indexing (boolean masks, integer arrays, lists) follows NumPy's rules: the element
positions are worked out on the host with NumPy (a mask or index array on the GPU is read back
first, which waits for it), then one gather or scatter kernel moves the elements.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ..array import Array, basic_view, make_array, upload
from ..codegen import INDEX_PUSH, WORKGROUP, get_index_kernel
from ..layout import broadcast_shapes
from .engine import _MAX_GROUPS, TABLE, apply

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


def getitem(x: Array, key: Any) -> Array:
    """``x[key]``: a view for basic keys, a gathered copy for advanced ones."""
    key = _as_tuple(key)
    basic = _basic_key(key)
    if basic is not None:
        return basic_view(x, basic)
    positions = _positions(x, key)
    ctx = x._ctx
    out = make_array(ctx, positions.shape, x._dtype)
    if out._size:
        _move("gather", x, positions, out)
    return out


def setitem(x: Array, key: Any, value: Any) -> None:
    """``x[key] = value``, value broadcast to the selection and converted to x's dtype."""
    key = _as_tuple(key)
    basic = _basic_key(key)
    if basic is not None:
        apply(TABLE["copy"], (value,), out=basic_view(x, basic), dtype=x._dtype)
        return
    positions = _positions(x, key)
    if positions.size == 0:
        return
    ctx = x._ctx
    source = value if isinstance(value, Array) else None
    shape = positions.shape
    if source is not None:
        broadcast_shapes(source._shape, shape)
    values = make_array(ctx, shape, x._dtype)
    apply(TABLE["copy"], (value,), out=values, dtype=x._dtype)
    _move("scatter", values, positions, x)


def _move(kind: str, source: Array, positions: np.ndarray, target: Array) -> None:
    """Run the ``gather`` (target[i] = source[positions[i]]) or ``scatter`` (target[positions[i]] =
    source[i]) kernel over ``positions.size`` elements."""
    ctx = target._ctx
    index = upload(ctx, positions.reshape(-1).astype(np.int32))
    pipeline = get_index_kernel(ctx, kind, target._dtype.itemsize)
    groups = min(-(-positions.size // WORKGROUP), _MAX_GROUPS)
    ctx.stream.dispatch(pipeline, [source._alloc, index._alloc, target._alloc], INDEX_PUSH.pack(positions.size, 0),
                        (groups, 1, 1), [source._alloc, index._alloc], [target._alloc])
