"""The dispatches of an elementwise operation: layout choice, kernel, and splitting where one dispatch cannot
cover it (push constants that overflow the device's limit, buffer addresses past 2^31 bytes)."""

from __future__ import annotations

from typing import Any

from ..array import Array
from ..dtypes import DType
from ..kernels.elementwise import ElementwiseSpec, vectorizable
from ..kernels.glsl import division_magic
from ..launch import Dispatch, grid
from ..layout import broadcast_strides, merge_dims, size_of
from .registry import Entry

# From this many elements on, contiguous operations take the wide layout (more, smaller workgroups). Measured on
# an H100 (benchmarks/probes/probe_kernel_shape.py, docs/measured.md): ahead from 2^24 elements (float64 x * 2 at 2^24:
# 49.6 against 55.7 µs; at 2^28: 726 against 775), mixed at 2^22 (x * 2 9.4 against 8.6 µs, a chain 19.3 against 24.0).
WIDE_MIN = 1 << 24
# The most bytes a kernel reaching arrays through buffer addresses indexes from one pointer: NVIDIA computes
# an access's byte offset in 32 signed bits (an array of 4 GiB wrote its end over its start). Larger
# operations are split, each piece with pointers to its own first elements.
SPAN = 1 << 31


def dispatches(ctx: Any, entry: Entry, arrays: list[Array], out: Array, shape: tuple[int, ...],
               in_dtypes: tuple[DType, ...], in_scalar: tuple[bool, ...], op_dtypes: tuple[DType, ...],
               res_dtype: DType) -> tuple[list[Dispatch], bool]:
    """The dispatches of the operation and whether it took the same-shape contiguous path (which the eager
    hot path can repeat for any size)."""
    operands = [*arrays, out]
    n = out._size
    types = (in_dtypes, in_scalar, op_dtypes, res_dtype, out._dtype, _addresses(ctx, operands))
    offsets = [a._offset for a in operands]
    vec = vectorizable((*in_dtypes, out._dtype))
    if all(a._contig and a._shape == shape for a in operands):
        layout = contiguous_layout(n, offsets, vec)
        return _pieces(_kernel(ctx, entry, *types, layout, 0), operands, n, offsets), True
    strides = [broadcast_strides(a._shape, a._strides, shape) for a in operands]
    merged_shape, merged_strides = merge_dims(shape, strides)
    if len(merged_shape) == 1:
        # inputs of one element broadcast to all (x - x.mean()) are read once by a contiguous kernel
        one = [not any(st) for st in merged_strides[:-1]] + [False]
        if all(u or st[0] == 1 for u, st in zip(one, merged_strides, strict=True)):
            layout = contiguous_layout(n, [o for o, u in zip(offsets, one, strict=True) if not u], vec)
            uniform = _per_input(in_scalar, one) if any(one) else ()
            return _pieces(_kernel(ctx, entry, *types, layout, 0, uniform), operands, n, offsets), False
    limit = ctx.device.limits["max_push_constants_size"]
    if vec and _rows_of_vec4s(merged_shape, merged_strides, offsets):
        shape4 = (*merged_shape[:-1], merged_shape[-1] // 4)
        strides4 = [(*(x // 4 for x in st[:-1]), 1) for st in merged_strides]
        return _strided(ctx, entry, operands, types, shape4, strides4, [o // 4 for o in offsets], limit, "rows4"), \
            False
    return _strided(ctx, entry, operands, types, merged_shape, merged_strides, offsets, limit), False


def contiguous_layout(n: int, offsets: list[int], vec: bool = True) -> str:
    """The layout of a contiguous operation over ``n`` elements from element ``offsets`` (``vec``: whether its
    dtypes can move as vec4s; complex ones cannot)."""
    if not vec or any(o & 3 for o in offsets):
        return "contig"
    return "wide" if n >= WIDE_MIN else "vec"


def _rows_of_vec4s(shape: tuple[int, ...], strides: list[tuple[int, ...]], offsets: list[int]) -> bool:
    """Whether every operand is contiguous along the last dimension in whole vec4s (a row plus a
    broadcast row, a slice of columns): the strided kernel then moves 4 elements per item."""
    return (shape[-1] % 4 == 0 and shape[-1] > 4 and not any(o & 3 for o in offsets)
            and all(st[-1] == 1 and not any(x & 3 for x in st[:-1]) for st in strides))


def _addresses(ctx: Any, operands: list[Array]) -> bool:
    """Whether the kernel takes buffer addresses: where asked for, or where an allocation is too large
    for a descriptor to bind."""
    if ctx.buffer_addresses or all(a._alloc.size <= ctx.binding_limit for a in operands):
        return ctx.buffer_addresses
    if not ctx.device.features.get("buffer_device_address"):
        size = max(a._alloc.size for a in operands)
        raise ValueError(f"an array of {size} bytes is more than {ctx.device.physical.name} can bind "
                         f"(maxStorageBufferRange {ctx.binding_limit}) and it has no buffer device addresses")
    return True


def _strided(ctx: Any, entry: Entry, operands: list[Array], types: tuple[Any, ...], shape: tuple[int, ...],
             strides: list[tuple[int, ...]], offsets: list[int], limit: int, layout: str = "strided") -> list[Dispatch]:
    """The pieces of the strided (or rows4: shape, strides and offsets in vec4s) kernel; splits along the
    first dimension while the push constants overflow or, with buffer addresses, while an operand spans
    more than SPAN bytes."""
    addresses = types[-1]
    spec = ElementwiseSpec(entry.op, *types[:-1], layout, len(shape), addresses)
    # no kernel where the push constants overflow: a pipeline layout over the device's limit is invalid
    overflow = spec.push.size > limit and len(shape) > 1
    unit = 4 if layout == "rows4" else 1
    span = max((1 + sum((n - 1) * abs(x) for n, x in zip(shape, s, strict=True))) * a._dtype.itemsize * unit
               for a, s in zip(operands, strides, strict=True))
    pieces: list[Dispatch] = []
    if addresses and span > SPAN and shape[0] > 1:
        rows = max(1, shape[0] * SPAN // span // 2)
        for start in range(0, shape[0], rows):
            moved = [o + start * s[0] for o, s in zip(offsets, strides, strict=True)]
            piece = (min(rows, shape[0] - start), *shape[1:])
            pieces += _strided(ctx, entry, operands, types, piece, strides, moved, limit, layout)
        return pieces
    if (overflow or addresses and span > SPAN) and len(shape) > 1:
        for i in range(shape[0]):
            moved = [o + i * s[0] for o, s in zip(offsets, strides, strict=True)]
            pieces += _strided(ctx, entry, operands, types, shape[1:], [s[1:] for s in strides], moved, limit, layout)
        return pieces
    kernel = ctx.kernels.get(spec)
    flat = [x for s in strides for x in s]
    n = size_of(shape)
    magic = [division_magic(d) for d in shape[1:]]
    tail = (*shape[1:], *(m for m, _ in magic), *(sh for _, sh in magic), *flat)
    lowest = [sum(min(0, (d - 1) * x) for d, x in zip(shape, st, strict=True)) for st in strides]
    return _pieces(kernel, operands, n, offsets, tail, lowest, unit)


def _kernel(ctx: Any, entry: Entry, in_dtypes: tuple[DType, ...], in_scalar: tuple[bool, ...],
            op_dtypes: tuple[DType, ...], res_dtype: DType, out_dtype: DType, addresses: bool, layout: str,
            ndim: int, uniform: tuple[bool, ...] = ()) -> Any:
    return ctx.kernels.get(ElementwiseSpec(entry.op, in_dtypes, in_scalar, op_dtypes, res_dtype, out_dtype, layout,
                                           ndim, addresses, uniform))


def _per_input(in_scalar: tuple[bool, ...], per_array: list[bool]) -> tuple[bool, ...]:
    """``per_array`` (a flag for each array input, then the output's) as a flag for each input (scalars False)."""
    flags = iter(per_array)
    return tuple(False if scalar else next(flags) for scalar in in_scalar)


def _pieces(kernel: Any, operands: list[Array], n: int, offsets: Any, tail: tuple[Any, ...] = (),
            lowest: Any = None, unit: int = 1) -> list[Dispatch]:
    """The dispatches of ``kernel`` over ``n`` elements of ``operands`` (inputs, then the output) from
    ``offsets`` (elements); its push constants are the buffer addresses, the scalars, n, the offsets and
    ``tail``. With buffer addresses, each pointer is moved to the lowest element its operand reaches
    (``lowest``: relative to its offset, <= 0 for negative strides; default 0), and the pushed offsets are
    relative to it: NVIDIA takes an access's index as unsigned. ``unit``: elements per kernel index (4 in the
    rows4 layout)."""
    groups = grid(kernel, n, operands[0]._ctx.max_groups)
    if not kernel.addresses:
        return [(kernel, groups, None, (n, *offsets, *tail))]
    # NOTE: n > SPAN // 8 first (no itemsize is larger): the hot path of tiny ops skips the max
    if n > SPAN >> 3 and not tail and n * max(a._dtype.itemsize for a in operands) > SPAN:
        return _contiguous_pieces(kernel, operands, n, offsets)
    if lowest is None:
        starts = [o * a._dtype.itemsize for a, o in zip(operands, offsets, strict=True)]
        return [(kernel, groups, starts, (n, *(0,) * len(operands), *tail))]
    starts = [(o + low) * a._dtype.itemsize * unit for a, o, low in zip(operands, offsets, lowest, strict=True)]
    return [(kernel, groups, starts, (n, *(-low for low in lowest), *tail))]


def _contiguous_pieces(kernel: Any, operands: list[Array], n: int, offsets: Any) -> list[Dispatch]:
    """:func:`_pieces` of a contiguous kernel in pieces of at most SPAN bytes per operand (whole vec4s); an input
    read once (``in_uniform``) stays at its element."""
    spec = kernel.spec
    moves = [not spec.uniform(k) for k, scalar in enumerate(spec.in_scalar) if not scalar] + [True]
    piece = SPAN // max(a._dtype.itemsize for a in operands) & ~15
    return [p for start in range(0, n, piece)
            for p in _pieces(kernel, operands, min(piece, n - start),
                             [o + start * m for o, m in zip(offsets, moves, strict=True)])]
