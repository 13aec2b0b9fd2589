"""Shape manipulation needed by the array layer: reshape and broadcast_to (views where possible)."""

from __future__ import annotations

from typing import Any

from ..array import Array, view
from ..layout import broadcast_shapes, broadcast_strides, contiguous_strides, size_of


def _target_shape(shape: Any, size: int) -> tuple[int, ...]:
    shape = (int(shape),) if isinstance(shape, int) else tuple(int(n) for n in shape)
    unknown = [i for i, n in enumerate(shape) if n == -1]
    if len(unknown) > 1:
        raise ValueError("can only specify one unknown dimension")
    if unknown:
        known = size_of(tuple(n for n in shape if n != -1))
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {shape}")
        shape = tuple(size // known if n == -1 else n for n in shape)
    if size_of(shape) != size:
        raise ValueError(f"cannot reshape array of size {size} into shape {shape}")
    return shape


def reshape(x: Array, /, shape: Any, *, copy: bool | None = None) -> Array:
    """x's elements (C order) in ``shape``: a view of contiguous arrays, else a copy."""
    target = _target_shape(shape, x.size)
    if x._contig and not copy:
        return view(x, target, contiguous_strides(target), x._offset)
    if copy is False:
        raise ValueError("reshape(copy=False) of a non-contiguous array needs a copy")
    return reshape(x.copy(), target)


def broadcast_to(x: Array, /, shape: Any) -> Array:
    """A read-only-in-spirit view of x broadcast to ``shape`` (stride 0 along new axes)."""
    shape = tuple(int(n) for n in shape)
    if broadcast_shapes(x.shape, shape) != shape:
        raise ValueError(f"cannot broadcast an array of shape {x.shape} to shape {shape}")
    return view(x, shape, broadcast_strides(x.shape, x.strides, shape), x._offset)
