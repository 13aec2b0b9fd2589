"""Running an elementwise operation: typing, broadcasting, layout choice, push constants, dispatch.

This is the eager hot path. Everything that depends only on types and layout is cached: the
typing by (operation, input types), the kernel by (operation, types, scalar positions, output type,
layout, ndim). Per call the work is: classify the inputs, one dict lookup each for typing and kernel,
allocate the output, pack the push constants with a precompiled ``struct.Struct``, record a dispatch.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ...runtime import context as _context
from .. import dtypes as dt
from ..array import Array, asarray_like, make_array
from ..codegen import KernelKey, division_magic, get_kernel
from ..dtypes import DType, check_scalar_fits
from ..layout import broadcast_shapes, broadcast_strides, contiguous_strides, merge_dims, size_of
from .table import TABLE, Entry

_SCALARS = (bool, int, float)
# From this many elements on, contiguous operations take the wide layout (more, smaller workgroups). Measured on
# an H100 (scripts/probe_kernel_shape.py, docs/measured.md): ahead from 2^24 elements (float64 x * 2 at 2^24:
# 49.6 against 55.7 µs; at 2^28: 726 against 775), mixed at 2^22 (x * 2 9.4 against 8.6 µs, a chain 19.3 against 24.0).
_WIDE_MIN = 1 << 24
# The most bytes a kernel reaching arrays through buffer addresses indexes from one pointer: NVIDIA computes
# an access's byte offset in 32 signed bits (an array of 4 GiB wrote its end over its start). Larger
# operations are split, each piece with pointers to its own first elements.
_SPAN = 1 << 31
_RESOLVED: dict[tuple[Any, ...], tuple[tuple[DType, ...], DType]] = {}


# -- typing ------------------------------------------------------------------------------------------
def _np_type(t: DType | type) -> Any:
    if t is bool:  # a Python bool is not a weak scalar (NEP 50): it is np.bool_
        return np.dtype(bool)
    return t if isinstance(t, type) else t.np


def _promote(types: tuple[DType | type, ...]) -> DType:
    strong = [t for t in types if isinstance(t, DType)]
    if not strong:
        return dt.as_dtype(np.result_type(*[dt._WEAK_SAMPLES[t] for t in types]))
    result = strong[0]
    for t in types:  # all of them: a weak scalar may come first (where(c, 2.5, int_array))
        result = dt.result_type2(result, t)
    return result


def _resolve_ufunc(entry: Entry, types: tuple[DType | type, ...]) -> tuple[tuple[DType, ...], DType]:
    ufunc = getattr(np, entry.rule)
    try:
        loop = ufunc.resolve_dtypes((*[_np_type(t) for t in types], None))
    except TypeError:
        names = ", ".join(t.__name__ if isinstance(t, type) else t.name for t in types)
        raise TypeError(f"{entry.op.name} is not supported for input types ({names})") from None
    ins = tuple(dt.as_dtype(d) for d in loop[:-1])
    if len(set(ins)) > 1:
        common = _promote(ins)
        ins = (common,) * len(ins)
    return ins, dt.as_dtype(loop[-1])


def resolve(entry: Entry, types: tuple[DType | type, ...]) -> tuple[tuple[DType, ...], DType]:
    """(dtype each input is converted to, result dtype) of ``entry`` on inputs of ``types``."""
    key = (entry.op.name, types)
    found = _RESOLVED.get(key)
    if found is not None:
        return found
    rule = entry.rule
    n = len(types)
    if rule == "logical":
        found = ((dt.bool_,) * n, dt.bool_)
    elif rule == "same":
        common = _promote(types)
        found = ((common,) * n, common)
    elif rule == "first":
        first = types[0]
        found = ((first,) * n, first)
    elif rule == "where":
        values = _promote(types[1:])
        found = ((dt.bool_, values, values), values)
    elif rule == "float_params":
        ins, res = _resolve_ufunc(TABLE["exp"], types[:1])
        found = ((res,) * n, res)
    else:
        found = _resolve_ufunc(entry, types)
    entry.op.expression(found[0][0] if found[0] else found[1])  # TypeError now if the op lacks this type
    _RESOLVED[key] = found
    return found


# -- operands ----------------------------------------------------------------------------------------
def _context_of(args: tuple[Any, ...], out: Array | None) -> Any:
    """The device context of the operation: its arrays' (one for all), else the current device's."""
    ctx = None
    for a in (*args, out):
        if isinstance(a, Array):
            if a._ctx.stream.closed:
                raise RuntimeError(f"an operand's device ({a._ctx.index}) was shut down since it was made")
            if ctx is None:
                ctx = a._ctx
            elif a._ctx is not ctx:
                raise ValueError(f"operands are on different devices ({ctx.index} and {a._ctx.index}): move one "
                                 "with to_device()")
    return ctx if ctx is not None else _context.current()


def _operand(value: Any, ctx: Any) -> Any:
    if isinstance(value, Array) or value.__class__ in _SCALARS:
        return value
    if isinstance(value, complex):
        raise TypeError("vulkit has no complex dtypes")
    return asarray_like(value, ctx)


_COMPARISONS = {"equal": operator.eq, "not_equal": operator.ne, "less": operator.lt, "less_equal": operator.le,
                "greater": operator.gt, "greater_equal": operator.ge}


def _settle_out_of_range(entry: Entry, args: tuple[Any, ...], op_dtypes: tuple[DType, ...]) \
        -> tuple[Entry, tuple[Any, ...], tuple[DType, ...]]:
    """A comparison of integers with a Python int beyond their dtype has one answer for every element
    (NumPy 2: ``uint8_array < 300`` is all True); it becomes ``x == x`` or ``x != x``, which give it."""
    scalar = next((i for i, (a, d) in enumerate(zip(args, op_dtypes, strict=True))
                   if a.__class__ is int and d.kind in "iu"), None)
    if scalar is None:
        return entry, args, op_dtypes
    info = np.iinfo(op_dtypes[scalar].np)
    value = args[scalar]
    if info.min <= value <= info.max:
        return entry, args, op_dtypes
    compare = _COMPARISONS[entry.op.name]
    bound = int(info.max if value > info.max else info.min)  # every element is on the same side as this one
    answer = compare(value, bound) if scalar == 0 else compare(bound, value)
    array, dtype = args[1 - scalar], op_dtypes[1 - scalar]
    return TABLE["equal" if answer else "not_equal"], (array, array), (dtype, dtype)


def _scalar_value(value: Any, dtype: DType) -> Any:
    if dtype.kind == "f":  # NOTE: through NumPy's scalar: beyond the type's range it is inf (and NumPy warns)
        return float(value) if dtype.itemsize == 8 else float(dtype.np.type(value))
    if dtype.kind == "b":
        return int(bool(value))
    check_scalar_fits(value, dtype)
    return int(value)


# -- dispatch ----------------------------------------------------------------------------------------
def apply(entry: Entry, args: tuple[Any, ...], out: Array | None = None, dtype: DType | None = None,
          op_dtypes: tuple[DType, ...] | None = None) -> Array:
    """Run ``entry`` on ``args`` (arrays and Python scalars), into ``out`` or a new array.

    ``dtype`` overrides the result type (astype, creation); the inputs are converted to it, or to
    ``op_dtypes`` when given.
    """
    if out is None and dtype is None:
        fast = _fast_path(entry, args)
        if fast is not None:
            return fast
    return apply_general(entry, args, out, dtype, op_dtypes)


def apply_general(entry: Entry, args: tuple[Any, ...], out: Array | None = None, dtype: DType | None = None,
                  op_dtypes: tuple[DType, ...] | None = None) -> Array:
    """:func:`apply` without its eager hot path: for callers that tried :func:`fast_binary` or
    :func:`fast_unary` already."""
    ctx, key = _plan_key(entry, args, out, dtype, op_dtypes)
    if key is not None:
        done = _run_planned(ctx, key, args, out)
        if done is not None:
            return done
    ctx = _context_of(args, out)
    args = tuple(_operand(a, ctx) for a in args)
    types = tuple(a._dtype if isinstance(a, Array) else (bool if a.__class__ is bool else a.__class__)
                  for a in args)
    if dtype is None:
        op_dtypes, res_dtype = resolve(entry, types)
    else:
        op_dtypes, res_dtype = op_dtypes or (dtype,) * len(args), dtype
    if entry.op.name in _COMPARISONS:
        settled, args, op_dtypes = _settle_out_of_range(entry, args, op_dtypes)
        if settled is not entry:
            entry, key = settled, None
    arrays = [a for a in args if isinstance(a, Array)]
    shapes = [a._shape for a in arrays]
    shape = shapes[0] if shapes and all(s == shapes[0] for s in shapes) else broadcast_shapes(*shapes) \
        if shapes else ()
    if out is None:
        out = make_array(ctx, shape, res_dtype)
    else:
        shape = _check_out(out, shape, res_dtype)
        if any(_overlaps(a, out) for a in arrays):
            result = apply(entry, args, None, dtype)
            return apply(TABLE["copy"], (result,), out, out._dtype)
    if out._size == 0:
        return out
    scalars = tuple(_scalar_value(a, d) for a, d in zip(args, op_dtypes, strict=True) if not isinstance(a, Array))
    in_scalar = tuple(not isinstance(a, Array) for a in args)
    in_dtypes = tuple(a._dtype if isinstance(a, Array) else d for a, d in zip(args, op_dtypes, strict=True))
    pieces, contiguous = _launch(ctx, entry, arrays, out, shape, in_dtypes, in_scalar, op_dtypes, res_dtype)
    _run(ctx, pieces, [*arrays, out], scalars)
    if key is not None:
        scalar_dtypes = tuple(d for s, d in zip(in_scalar, op_dtypes, strict=True) if s)
        _remember(ctx, key, (pieces, res_dtype, shape, scalar_dtypes))
    kernel = pieces[0][0]
    if contiguous and out._offset == 0 and kernel.addresses == ctx.buffer_addresses and dtype is None \
            and out._dtype is res_dtype and kernel.key.layout != "wide":
        array_dtypes = tuple(a._dtype for a in arrays)
        if not scalars:
            ctx.cache[(entry, *in_dtypes, kernel.key.layout)] = Eager(kernel, res_dtype, array_dtypes)
        elif len(args) == 2:  # an array and a Python scalar: keyed by the scalar's class and side
            side = 0 if in_scalar[0] else 1
            ctx.cache[(entry, arrays[0]._dtype, args[side].__class__, side, kernel.key.layout)] = \
                Eager(kernel, res_dtype, array_dtypes, op_dtypes[side], args[side].__class__)
    return out


# -- plans: what apply computed for operands of given types and layouts, so that a repeat skips it --------
_PLANS = "elementwise plans"  # their dict's key in the context's cache (dropped with it)
_MAX_PLANS = 4096


def _plan_key(entry: Entry, args: tuple[Any, ...], out: Array | None, dtype: DType | None,
              op_dtypes: tuple[DType, ...] | None) -> tuple[Any, tuple[Any, ...] | None]:
    """(context, key of the operation's plan): the types, shapes, strides and offsets of the operands, and
    whether each is too large to bind; (None, None) where ``apply`` has to look closer (operands that are
    not arrays or Python scalars, several devices, a closed device, no array)."""
    ctx = None
    key: list[Any] = [entry, dtype, op_dtypes]
    for a in (*args, out):
        cls = a.__class__
        if cls is Array:
            if ctx is None:
                ctx = a._ctx
            elif a._ctx is not ctx:
                return None, None
            key.append((a._dtype, a._shape, a._strides, a._offset, a._alloc.size > ctx.binding_limit))
        elif cls in _SCALARS or a is None:
            key.append(cls)
        else:
            return None, None
    if ctx is None or ctx.stream.closed:
        return None, None
    return ctx, tuple(key)


def _run_planned(ctx: Any, key: tuple[Any, ...], args: tuple[Any, ...], out: Array | None) -> Array | None:
    """The operation by its plan under ``key``; None where there is none, a scalar is out of its type's
    range, or ``out`` overlaps an input (``apply`` handles those)."""
    plans = ctx.cache.get(_PLANS)
    found = None if plans is None else plans.get(key)
    if found is None:
        return None
    pieces, res_dtype, shape, scalar_dtypes = found
    if scalar_dtypes:
        try:
            scalars = tuple(_scalar_value(a, d) for a, d in
                            zip([a for a in args if a.__class__ is not Array], scalar_dtypes, strict=True))
        except OverflowError:
            return None
        arrays = [a for a in args if a.__class__ is Array]
    else:
        scalars, arrays = (), list(args)
    if out is None:
        out = make_array(ctx, shape, res_dtype)
    elif any(_overlaps(a, out) for a in arrays):
        return None
    _run(ctx, pieces, [*arrays, out], scalars)
    return out


def _remember(ctx: Any, key: tuple[Any, ...], plan: tuple[Any, ...]) -> None:
    plans = ctx.cache.get(_PLANS)
    if plans is None or len(plans) >= _MAX_PLANS:  # NOTE: bounded: a loop over views makes one plan each
        plans = ctx.cache[_PLANS] = {}
    plans[key] = plan


def _fast_path(entry: Entry, args: tuple[Any, ...]) -> Array | None:
    """The eager hot path of ``apply`` (see :func:`fast_binary`)."""
    if len(args) == 2:
        return fast_binary(entry, *args)
    if len(args) == 1:
        return fast_unary(entry, args[0])
    return None


class Eager:
    """What the eager hot path needs of a kernel ``apply`` ran on contiguous operands of one shape."""

    __slots__ = ("kernel", "pipeline", "pack", "groups_per", "dtype", "itemsize", "in_itemsizes", "scalar_dtype",
                 "low", "high")

    def __init__(self, kernel: Any, dtype: DType, in_dtypes: tuple[DType, ...], scalar_dtype: DType | None = None,
                 scalar_class: type | None = None) -> None:
        self.kernel = kernel
        self.pipeline = kernel.pipeline
        self.pack = kernel.push_struct.pack
        self.groups_per = kernel.groups_per
        self.dtype = dtype
        self.itemsize = dtype.itemsize
        # with buffer addresses: the element size of each array input (None: the kernel binds descriptors)
        self.in_itemsizes = tuple(d.itemsize for d in in_dtypes) if kernel.addresses else None
        self.scalar_dtype = scalar_dtype
        # scalars within [low, high] are pushed as they are: _scalar_value would not change them
        self.low, self.high = _as_is_range(scalar_class, scalar_dtype) if scalar_dtype else (1, 0)


def _as_is_range(scalar_class: type | None, dtype: DType) -> tuple[Any, Any]:
    """The Python scalars of ``scalar_class`` that ``dtype``'s push constant takes unconverted (the struct
    rounds a float to float32 as NumPy does); an empty range where each one needs :func:`_scalar_value`."""
    if dtype.kind in "iu" and scalar_class is int:
        info = np.iinfo(dtype.np)
        return int(info.min), int(info.max)
    if dtype.kind == "f" and dtype.itemsize >= 4:
        if scalar_class is float:
            return (-float("inf"), float("inf")) if dtype.itemsize == 8 else (-_FLOAT32_MAX, _FLOAT32_MAX)
        if scalar_class is int:  # exactly representable
            exact = 1 << (53 if dtype.itemsize == 8 else 24)
            return -exact, exact
    return 1, 0


_FLOAT32_MAX = float(np.finfo(np.float32).max)


def fast_binary(entry: Entry, a: Any, b: Any) -> Array | None:
    """The eager hot path: two contiguous arrays of one shape, or a contiguous array and a Python scalar,
    whose kernel was used before; else None.

    ``apply`` leaves an :class:`Eager` under (entry, input dtypes..., layout), and under (entry, array dtype,
    scalar class, scalar side, layout), in the context's cache.
    """
    if a.__class__ is Array:
        if b.__class__ is Array:
            if a._shape != b._shape or not (a._contig and b._contig) or a._ctx is not b._ctx:
                return None
            ctx = a._ctx
            eager = ctx.cache.get((entry, a._dtype, b._dtype, "contig" if (a._offset | b._offset) & 3 else "vec"))
            return None if eager is None else _emit(ctx, eager, a, (a._alloc, b._alloc), (a._offset, b._offset))
        if b.__class__ in _SCALARS:
            return _fast_scalar(entry, a, b, 1)
    elif b.__class__ is Array and a.__class__ in _SCALARS:
        return _fast_scalar(entry, b, a, 0)
    return None


def fast_unary(entry: Entry, a: Any) -> Array | None:
    """As :func:`fast_binary`, for one contiguous array."""
    if a.__class__ is not Array or not a._contig:
        return None
    ctx = a._ctx
    eager = ctx.cache.get((entry, a._dtype, "contig" if a._offset & 3 else "vec"))
    return None if eager is None else _emit(ctx, eager, a, (a._alloc,), (a._offset,))


def _fast_scalar(entry: Entry, a: Array, scalar: Any, side: int) -> Array | None:
    """:func:`fast_binary` for a contiguous array and a Python scalar on ``side`` (0: first operand)."""
    if not a._contig:
        return None
    ctx = a._ctx
    eager = ctx.cache.get((entry, a._dtype, scalar.__class__, side, "contig" if a._offset & 3 else "vec"))
    if eager is None:
        return None
    if not eager.low <= scalar <= eager.high:
        try:
            scalar = _scalar_value(scalar, eager.scalar_dtype)
        except OverflowError:  # an int beyond the dtype: apply raises, or settles a comparison
            return None
    return _emit(ctx, eager, a, (a._alloc,), (a._offset,), scalar)


def _emit(ctx: Any, eager: Eager, first: Array, inputs: tuple[Any, ...], offsets: tuple[int, ...],
          *scalar: Any) -> Array | None:
    """Record ``eager``'s kernel over the allocations ``inputs`` from element ``offsets`` (and ``scalar``, pushed
    first) into a new array of ``first``'s shape; None where the general path has to (large operands).

    NOTE: what :func:`_pieces` and :func:`_run` do for one contiguous piece, written out: through them the
    eager op cost about 3 µs more of Python (CI machine). Keep the push-constant layouts in step."""
    n = first._size
    limit = ctx.binding_limit
    nbytes = n * eager.itemsize
    # NOTE: inputs[0] and inputs[-1]: the fast paths have one or two. From _WIDE_MIN on: another layout, and larger
    # operations may need splitting (see _pieces); below it the grid (at most 2^14 workgroups of at least 1024
    # elements) is within every device's limit, so it is not capped here.
    if n >= _WIDE_MIN or nbytes > limit or inputs[0].size > limit or inputs[-1].size > limit:
        return None
    alloc = ctx.allocator.allocate(nbytes)
    out = object.__new__(Array)
    out._alloc = alloc
    out._shape = shape = first._shape
    out._strides = contiguous_strides(shape)
    out._offset = 0
    out._dtype = eager.dtype
    out._ctx = ctx
    out._size = n
    out._contig = True
    if n:
        groups = -(-n // eager.groups_per)
        sizes = eager.in_itemsizes
        if sizes is None:
            push = eager.pack(*scalar, n, *offsets, 0)
        else:
            starts = [(a._addr or a.address) + o * size for a, o, size in zip(inputs, offsets, sizes, strict=True)]
            push = eager.pack(*starts, alloc._addr or alloc.address, *scalar, n, *(0,) * len(offsets), 0)
        ctx.stream.dispatch_to(eager.pipeline, inputs, alloc, push, groups)
    return out


def _overlaps(a: Array, out: Array) -> bool:
    """Whether writing ``out`` may change elements of ``a`` that the operation still has to read: the same
    memory in another layout (two arrays over one kp tensor count too, not only views of one array)."""
    x, y = a._alloc, out._alloc
    if x is not y and (x.buffer is not y.buffer or x.offset + x.size <= y.offset or y.offset + y.size <= x.offset):
        return False
    size_a, size_out = a._dtype.itemsize, out._dtype.itemsize
    return (x.offset + a._offset * size_a, tuple(s * size_a for s in a._strides), size_a) != \
        (y.offset + out._offset * size_out, tuple(s * size_out for s in out._strides), size_out)


def check_writable(x: Array) -> None:
    """ValueError for a view whose elements share memory (a broadcast: stride 0 over 2 or more elements),
    which NumPy makes read-only: writing into it would race."""
    if any(stride == 0 and n > 1 for n, stride in zip(x._shape, x._strides, strict=True)):
        raise ValueError("output array is read-only (a broadcast view: its elements share memory)")


def _check_out(out: Array, shape: tuple[int, ...], res_dtype: DType) -> tuple[int, ...]:
    if not isinstance(out, Array):
        raise TypeError(f"out must be a vulkit Array, got {type(out).__name__}")
    check_writable(out)
    if out._shape != shape:
        if broadcast_shapes(out._shape, shape) != out._shape:
            raise ValueError(f"non-broadcastable output operand with shape {out._shape} "
                             f"doesn't match the broadcast shape {shape}")
    if not np.can_cast(res_dtype.np, out._dtype.np, casting="same_kind"):
        raise TypeError(f"Cannot cast ufunc output from {res_dtype.name} to {out._dtype.name} "
                        "with casting rule 'same_kind'")
    return out._shape


def _launch(ctx: Any, entry: Entry, arrays: list[Array], out: Array, shape: tuple[int, ...],
            in_dtypes: tuple[DType, ...], in_scalar: tuple[bool, ...], op_dtypes: tuple[DType, ...],
            res_dtype: DType) -> tuple[list[Piece], bool]:
    """The dispatches of the operation (its plan) and whether it took the same-shape contiguous path."""
    operands = [*arrays, out]
    n = out._size
    types = (in_dtypes, in_scalar, op_dtypes, res_dtype, out._dtype, _addresses(ctx, operands))
    offsets = [a._offset for a in operands]
    if all(a._contig and a._shape == shape for a in operands):
        return _pieces(_kernel(ctx, entry, *types, _contiguous_layout(n, offsets), 0), operands, n, offsets), True
    strides = [broadcast_strides(a._shape, a._strides, shape) for a in operands]
    merged_shape, merged_strides = merge_dims(shape, strides)
    if len(merged_shape) == 1 and all(s[0] == 1 for s in merged_strides):
        return _pieces(_kernel(ctx, entry, *types, _contiguous_layout(n, offsets), 0), operands, n, offsets), False
    limit = ctx.device.limits["max_push_constants_size"]
    if _rows_of_vec4s(merged_shape, merged_strides, offsets):
        shape4 = (*merged_shape[:-1], merged_shape[-1] // 4)
        strides4 = [(*(x // 4 for x in st[:-1]), 1) for st in merged_strides]
        return _strided(ctx, entry, operands, types, shape4, strides4, [o // 4 for o in offsets], limit, "rows4"), \
            False
    return _strided(ctx, entry, operands, types, merged_shape, merged_strides, offsets, limit), False


def _contiguous_layout(n: int, offsets: list[int]) -> str:
    """The layout of a contiguous operation over ``n`` elements from element ``offsets``."""
    if any(o & 3 for o in offsets):
        return "contig"
    return "wide" if n >= _WIDE_MIN else "vec"


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
             strides: list[tuple[int, ...]], offsets: list[int], limit: int, layout: str = "strided") -> list[Piece]:
    """The pieces of the strided (or rows4: shape, strides and offsets in vec4s) kernel; splits along the
    first dimension while the push constants overflow or, with buffer addresses, while an operand spans
    more than _SPAN bytes."""
    kernel = _kernel(ctx, entry, *types, layout, len(shape))
    unit = 4 if layout == "rows4" else 1
    span = max((1 + sum((n - 1) * abs(x) for n, x in zip(shape, s, strict=True))) * a._dtype.itemsize * unit
               for a, s in zip(operands, strides, strict=True))
    pieces: list[Piece] = []
    if kernel.addresses and span > _SPAN and shape[0] > 1:
        rows = max(1, shape[0] * _SPAN // span // 2)
        for start in range(0, shape[0], rows):
            moved = [o + start * s[0] for o, s in zip(offsets, strides, strict=True)]
            piece = (min(rows, shape[0] - start), *shape[1:])
            pieces += _strided(ctx, entry, operands, types, piece, strides, moved, limit, layout)
        return pieces
    if (kernel.push_size > limit or kernel.addresses and span > _SPAN) and len(shape) > 1:
        for i in range(shape[0]):
            moved = [o + i * s[0] for o, s in zip(offsets, strides, strict=True)]
            pieces += _strided(ctx, entry, operands, types, shape[1:], [s[1:] for s in strides], moved, limit, layout)
        return pieces
    flat = [x for s in strides for x in s]
    n = size_of(shape)
    magic = [division_magic(d) for d in shape[1:]]
    tail = (*shape[1:], *(m for m, _ in magic), *(sh for _, sh in magic), *flat)
    lowest = [sum(min(0, (d - 1) * x) for d, x in zip(shape, st, strict=True)) for st in strides]
    return _pieces(kernel, operands, n, offsets, tail, lowest, unit)


def _kernel(ctx: Any, entry: Entry, in_dtypes: tuple[DType, ...], in_scalar: tuple[bool, ...],
            op_dtypes: tuple[DType, ...], res_dtype: DType, out_dtype: DType, addresses: bool, layout: str,
            ndim: int) -> Any:
    fast_key = (entry.op.name, in_dtypes, in_scalar, op_dtypes, res_dtype, out_dtype, addresses, layout, ndim)
    cache = ctx.cache
    kernel = cache.get(fast_key)
    if kernel is None:
        for d in {*in_dtypes, *op_dtypes, res_dtype, out_dtype}:
            dt.require_supported(d, ctx.dtypes, ctx.device.physical.name)
        key = KernelKey(entry.op, in_dtypes, in_scalar, op_dtypes, res_dtype, out_dtype, layout, ndim, addresses)
        kernel = get_kernel(ctx, key)
        cache[fast_key] = kernel
    return kernel


# One dispatch: (kernel, workgroups, start of each operand in bytes from its allocation's address, or None
# for kernels with bindings; the push constants after the addresses and scalars).
Piece = tuple[Any, int, Any, tuple[Any, ...]]


def _pieces(kernel: Any, operands: list[Array], n: int, offsets: Any, tail: tuple[Any, ...] = (),
            lowest: Any = None, unit: int = 1) -> list[Piece]:
    """The dispatches of ``kernel`` over ``n`` elements of ``operands`` (inputs, then the output) from
    ``offsets`` (elements); its push constants are the buffer addresses, the scalars, n, the offsets and
    ``tail``. With buffer addresses, each pointer is moved to the lowest element its operand reaches
    (``lowest``: relative to its offset, <= 0 for negative strides; default 0), and the pushed offsets are
    relative to it: NVIDIA takes an access's index as unsigned. ``unit``: elements per kernel index (4 in the
    rows4 layout)."""
    groups = min(-(-n // kernel.groups_per), operands[0]._ctx.max_groups)
    if not kernel.addresses:
        return [(kernel, groups, None, (n, *offsets, *tail))]
    # NOTE: n > _SPAN // 8 first (no itemsize is larger): the hot path of tiny ops skips the max
    if n > _SPAN >> 3 and not tail and n * max(a._dtype.itemsize for a in operands) > _SPAN:
        return _contiguous_pieces(kernel, operands, n, offsets)
    if lowest is None:
        starts = [o * a._dtype.itemsize for a, o in zip(operands, offsets, strict=True)]
        return [(kernel, groups, starts, (n, *(0,) * len(operands), *tail))]
    starts = [(o + low) * a._dtype.itemsize * unit for a, o, low in zip(operands, offsets, lowest, strict=True)]
    return [(kernel, groups, starts, (n, *(-low for low in lowest), *tail))]


def _contiguous_pieces(kernel: Any, operands: list[Array], n: int, offsets: Any) -> list[Piece]:
    """:func:`_pieces` of a contiguous kernel in pieces of at most _SPAN bytes per operand (whole vec4s)."""
    piece = _SPAN // max(a._dtype.itemsize for a in operands) & ~15
    return [p for start in range(0, n, piece)
            for p in _pieces(kernel, operands, min(piece, n - start), [o + start for o in offsets])]


def _run(ctx: Any, pieces: list[Piece], operands: list[Array], scalars: tuple[Any, ...]) -> None:
    """Record the dispatches ``pieces`` over ``operands`` (inputs, then the output) with ``scalars``."""
    inputs = [a._alloc for a in operands]
    output = inputs.pop()
    dispatch = ctx.stream.dispatch_to
    for kernel, groups, starts, rest in pieces:
        perm = kernel.scalar_perm
        ordered = scalars if perm is None else tuple(scalars[j] for j in perm)
        if starts is None:
            push = kernel.push_struct.pack(*ordered, *rest)
        else:
            addresses = [(b._addr or b.address) + start for b, start in zip((*inputs, output), starts, strict=True)]
            push = kernel.push_struct.pack(*addresses, *ordered, *rest)
        dispatch(kernel.pipeline, inputs, output, push, groups)
