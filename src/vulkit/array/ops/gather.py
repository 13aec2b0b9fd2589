"""``take`` and ``take_along_axis``: elements selected by an index array on the GPU, through the one strided
gather kernel (:mod:`vulkit.array.kernels.gather`).

Both describe the output (contiguous) by a source stride and an index-array stride per output dimension
(:func:`gather`); the dimensions are merged where every operand allows, the dispatches kept as a plan per
operand layout. In the default ``mode="raise"`` an index out of range raises IndexError as NumPy does: the
kernel records the first output position that met one in a flag word, which is read back, so these calls
wait for the GPU (``mode="wrap"`` or ``"clip"`` do not).
"""

from __future__ import annotations

import operator
from typing import Any, NamedTuple

import numpy as np

from ..array import Array, asarray_like, make_array
from ..dtypes import DType
from ..kernels.gather import GatherSpec
from ..kernels.glsl import division_magic
from ..launch import grid
from ..layout import broadcast_strides, contiguous_strides, merge_dims, normalize_axes, size_of
from .arguments import array_argument
from .manipulation import reshape
from .planning import _addresses

_LIMIT = 1 << 32  # elements an allocation may hold: the kernel's offsets are 32-bit unsigned
_NONE = 0xFFFFFFFF  # the flag word's value when every index was in range
TAKE_MODES = ("raise", "wrap", "clip")  # NumPy's; "raise" runs as the kernels' "check", then their "wrap"


class _Plan(NamedTuple):
    """A gather's dispatches (kernel, workgroups, push constants after the addresses) and whether the kernel
    takes addresses."""

    dispatches: list[tuple[Any, int, tuple[int, ...]]]
    addresses: bool


def _index_array(name: str, indices: Any, ctx: Any) -> Array:
    """``indices`` as an integer array on ``ctx``'s device (TypeError for other dtypes)."""
    if not isinstance(indices, Array):
        host = np.asarray(indices)
        if host.dtype.kind not in "iu" and host.size == 0:
            host = host.astype(np.int64)  # an empty list
        indices = asarray_like(host, ctx) if host.dtype.kind in "iu" else host
    if indices.dtype.kind not in "iu":
        raise TypeError(f"{name}: indices must be an integer array, got {indices.dtype.name}")
    if isinstance(indices, Array) and indices._ctx is not ctx:
        raise ValueError(f"{name}: x and indices are on different devices (move one with to_device())")
    return indices


def _check_mode(name: str, mode: str) -> None:
    """ValueError naming ``name`` unless ``mode`` is one of NumPy's TAKE_MODES."""
    if mode not in TAKE_MODES:
        raise ValueError(f"{name}: mode must be one of {', '.join(map(repr, TAKE_MODES))}, got {mode!r}")


def take(x: Array, /, indices: Any, axis: int | None = None, *, mode: str = "raise") -> Array:
    """Elements of ``x`` at ``indices`` (any integer dtype and shape, on the GPU; negative ones count from the
    end; uint64 ones are read as int64, as NumPy casts them) along ``axis`` (None: of the flattened array), as
    ``np.take``: the result's shape is x's with ``axis`` replaced by the indices' shape.

    ``mode``: ``"raise"`` (IndexError for an index out of range; this reads one flag word back, so the call
    waits for the GPU), ``"wrap"`` or ``"clip"`` (NumPy's: no check, no wait).
    """
    _check_mode("take", mode)
    x = array_argument(x, "take")
    indices = _index_array("take", indices, x._ctx)
    if axis is None:
        x = reshape(x, (-1,))
    return take_axis("take", x, indices, _axis("take", axis, x.ndim), mode)


def take_axis(name: str, x: Array, indices: Array, axis: int, mode: str) -> Array:
    """:func:`take` of the integer array ``indices`` along the normalized ``axis``; ``name``: the function the
    user called, for errors ("": NumPy's message alone, as indexing gives it)."""
    k = indices.ndim
    shape = (*x._shape[:axis], *indices._shape, *x._shape[axis + 1:])
    source = (*x._strides[:axis], *(0,) * k, *x._strides[axis + 1:])
    index = (*(0,) * axis, *indices._strides, *(0,) * (x.ndim - axis - 1))
    return gather(name, x, indices, shape, source, index, axis, mode)


def _axis(name: str, axis: Any, ndim: int) -> int:
    """One axis (None: 0, of the flattened array) in range(ndim); AxisError naming ``name`` out of range."""
    if axis is None:
        return 0
    if isinstance(axis, (tuple, list)):
        raise TypeError(f"{name}: axis must be an integer or None, got {axis!r}")
    return normalize_axes(axis, ndim, name)[0]


def take_along_axis(x: Array, indices: Any, /, axis: int | None = -1, *, mode: str = "raise") -> Array:
    """Elements of ``x`` at ``indices`` along ``axis`` (array API; NumPy's ``take_along_axis``): ``indices``
    has x's number of dimensions, and the two broadcast against each other except along ``axis``; None
    flattens x (then indices must be 1-D). ``mode`` as :func:`take`'s (``"raise"`` waits for the GPU)."""
    _check_mode("take_along_axis", mode)
    x = array_argument(x, "take_along_axis")
    indices = _index_array("take_along_axis", indices, x._ctx)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("take_along_axis: with axis=None, indices must be 1-dimensional, "
                             f"got {indices.ndim} dimensions")
        x = reshape(x, (-1,))
    if indices.ndim != x.ndim:
        raise ValueError(f"take_along_axis: indices and x must have the same number of dimensions, got "
                         f"{indices.ndim} and {x.ndim}")
    axis = _axis("take_along_axis", axis, x.ndim)
    shape = []
    for d, (n, m) in enumerate(zip(x._shape, indices._shape, strict=True)):
        if d == axis:
            shape.append(m)
        elif n == m or n == 1 or m == 1:
            shape.append(m if n == 1 else n)
        else:
            raise ValueError(f"take_along_axis: shape mismatch: x {x.shape} and indices {indices.shape} do not "
                             f"broadcast along axis {d}")
    shape = tuple(shape)
    source = tuple(0 if d == axis else s for d, s in enumerate(broadcast_strides(
        tuple(1 if d == axis else n for d, n in enumerate(x._shape)), x._strides,
        tuple(1 if d == axis else n for d, n in enumerate(shape)))))
    index = broadcast_strides(indices._shape, indices._strides, shape)
    return gather("take_along_axis", x, indices, shape, source, index, axis, mode)


def gather(name: str, x: Array, indices: Array, shape: tuple[int, ...], source: tuple[int, ...],
           index: tuple[int, ...], axis: int, mode: str) -> Array:
    """A new array of ``shape``: element c is ``x`` at ``sum(c * source) + i * x.strides[axis]`` (from x's
    offset) where ``i`` is ``indices`` at ``sum(c * index)`` (from its offset), wrapped or checked by ``mode``.
    ``name``: the function the user called, for errors."""
    ctx = x._ctx
    out = make_array(ctx, shape, x._dtype)
    length = x._shape[axis]
    if out._size == 0:
        return out
    prefix = f"{name}: " if name else ""
    if length == 0:
        raise IndexError(f"{prefix}cannot take from axis {axis} of size 0")
    for a in (x, indices, out):
        if a._alloc.size // a._dtype.itemsize >= _LIMIT:
            raise ValueError(f"{prefix}arrays of 2^32 elements or more are not supported, got {a._alloc.size} "
                             f"bytes of {a._dtype.name}")

    def plan_of(mode: str) -> _Plan:
        key = ("gather", x._dtype.itemsize, indices._dtype, mode, shape, source, index, x._offset, indices._offset,
               length, x._strides[axis], x._alloc.size > ctx.binding_limit, indices._alloc.size > ctx.binding_limit)
        plan = ctx.plans.get(key)
        if plan is None:
            plan = _plan(ctx, x, indices, out, shape, source, index, length, x._strides[axis], mode)
            ctx.plans.remember(key, plan)
        return plan

    if mode != "raise":
        _run(ctx, plan_of(mode), x, indices, out, None)
        return out
    # the indices checked by a kernel of their own, then gathered as "wrap" (the same elements where every index is
    # in range) while the host waits for the check's flag alone: the GPU does not idle until the host has read it
    check, gathering = plan_of("check"), plan_of("wrap")
    flag = ctx.allocator.allocate(4)
    try:
        ctx.stream.fill(flag, _NONE, 4)
        _run(ctx, check, x, indices, out, flag)
        raw = ctx.stream.read_while(flag, 4, lambda: _run(ctx, gathering, x, indices, out, None))
    finally:
        flag.free()
    first = int(raw.view(np.uint32)[0])
    if first != _NONE:
        value = _index_at(indices, shape, index, first)
        raise IndexError(f"{prefix}index {value} is out of bounds for axis {axis} with size {length}")
    return out


def _plan(ctx: Any, x: Array, indices: Array, out: Array, shape: tuple[int, ...], source: tuple[int, ...],
          index: tuple[int, ...], length: int, axis_stride: int, mode: str) -> _Plan:
    addresses = _addresses(ctx, [x, indices, out])
    merged, (src, idx, _) = merge_dims(shape, [source, index, contiguous_strides(shape)])
    limit = int(ctx.device.limits["max_push_constants_size"])
    dispatches: list[tuple[Any, int, tuple[int, ...]]] = []
    _pieces(ctx, x._dtype.itemsize, indices._dtype, mode, addresses, limit, merged, src, idx,
            x._offset, indices._offset, out._offset, length, axis_stride, dispatches)
    return _Plan(dispatches, addresses)


def _pieces(ctx: Any, itemsize: int, index_dtype: DType, mode: str, addresses: bool, limit: int,
            shape: tuple[int, ...], src: tuple[int, ...], idx: tuple[int, ...], src_off: int, idx_off: int,
            out_off: int, length: int, axis_stride: int, found: list[tuple[Any, int, tuple[int, ...]]]) -> None:
    """Append the dispatches over ``shape``; split along the first dimension while the push constants are
    too large for the device."""
    spec = GatherSpec(itemsize, index_dtype, len(shape), mode, addresses)
    if spec.push.size > limit and len(shape) > 1:
        inner = size_of(shape[1:])
        for i in range(shape[0]):
            _pieces(ctx, itemsize, index_dtype, mode, addresses, limit, shape[1:], src[1:], idx[1:],
                    src_off + i * src[0], idx_off + i * idx[0], out_off + i * inner, length, axis_stride, found)
        return
    kernel = ctx.kernels.get(spec)
    n = size_of(shape)
    magic = [_magic(d) for d in shape[1:]]
    values = (n, out_off, length, _i32(axis_stride), _i32(src_off), _i32(idx_off), *shape[1:],
              *(m for m, _ in magic), *(s for _, s in magic), *(_i32(s) for s in (*src, *idx)))
    found.append((kernel, grid(kernel, n, ctx.max_groups), values))


def _magic(divisor: int) -> tuple[int, int]:
    return division_magic(divisor) if divisor > 1 else (0, 0)


def _i32(value: int) -> int:
    """``value`` (below 2^32 in magnitude) as the signed 32-bit integer of its low bits."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def _run(ctx: Any, plan: _Plan, x: Array, indices: Array, out: Array, flag: Any) -> None:
    allocations = [x._alloc, indices._alloc, out._alloc]
    writes = [out._alloc] if flag is None else [flag]  # a check writes nothing else
    stream = ctx.stream
    if plan.addresses:
        addresses = [a._addr or a.address for a in allocations]
        addresses.append(flag._addr or flag.address if flag is not None else 0)
        for kernel, groups, values in plan.dispatches:
            stream.dispatch(kernel.pipeline, (), kernel.pack(*addresses, *values), (groups, 1, 1),
                            reads=allocations[:2], writes=writes)
        return
    resources = allocations if flag is None else [*allocations, flag]
    for kernel, groups, values in plan.dispatches:
        stream.dispatch(kernel.pipeline, resources, kernel.pack(*values), (groups, 1, 1), reads=allocations[:2],
                        writes=writes)


def _index_at(indices: Array, shape: tuple[int, ...], index: tuple[int, ...], position: int) -> int:
    """The index value the output element at flat ``position`` read (for the error message)."""
    coords = np.unravel_index(position, shape) if shape else ()
    offset = indices._offset + sum(int(c) * s for c, s in zip(coords, index, strict=True))
    size = indices._dtype.itemsize
    raw = indices._ctx.stream.read(indices._alloc, size, offset * size)
    as_read = np.dtype(np.int64) if indices._dtype.np == np.uint64 else indices._dtype.np  # the kernel's view
    return operator.index(raw.view(as_read)[0])
