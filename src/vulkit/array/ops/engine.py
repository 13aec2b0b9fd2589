"""Elementwise operations on arrays: operands, broadcasting, layout choice and plans, over the one launcher.

Per call of a new kind the work is: type the operands (:mod:`.promotion`), broadcast, choose the kernel's layout
(:mod:`vulkit.array.kernels.elementwise`), get the kernel from the device's kernel cache, split the operation into
dispatches where it is too large for one, and record them (:mod:`vulkit.array.launch`). What that computed is kept
in the device's plan cache, under the types, shapes, strides and offsets of the operands, so a repeat only
allocates its output and records. Contiguous operands of one shape take the eager hot path: an
:class:`EagerPlan` under (entry, dtypes, layout), which serves every size.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ...runtime import context as _context
from ..array import Array, asarray_like, make_array
from ..dtypes import DType, same_kind
from ..kernels.elementwise import vectorizable
from ..launch import Dispatch, record, run
from ..layout import broadcast_shapes, contiguous_strides, shares_elements
from . import table  # noqa: F401 - registers the array library's own operations
from .planning import WIDE_MIN, dispatches
from .promotion import COMPARISONS, resolve, scalar_value, settle_out_of_range
from .registry import TABLE, Entry

_SCALARS = (bool, int, float, complex)


# -- operands ----------------------------------------------------------------------------------------
def _context_of(args: tuple[Any, ...], out: Array | None, name: str) -> Any:
    """The device context of the operation ``name``: its arrays' (one for all), else the current device's."""
    ctx = None
    for a in (*args, out):
        if isinstance(a, Array):
            a._check_alive(name)
            if ctx is None:
                ctx = a._ctx
            elif a._ctx is not ctx:
                raise ValueError(f"operands are on different devices ({ctx.index} and {a._ctx.index}): move one "
                                 "with to_device()")
    return ctx if ctx is not None else _context.current()


def _operand(value: Any, ctx: Any) -> Any:
    if isinstance(value, Array) or value.__class__ in _SCALARS:
        return value
    return asarray_like(value, ctx)


# -- running an operation ------------------------------------------------------------------------------
def apply(entry: Entry, args: tuple[Any, ...], out: Array | None = None, dtype: DType | None = None,
          op_dtypes: tuple[DType, ...] | None = None) -> Array:
    """Run ``entry`` on ``args`` (arrays and Python scalars), into ``out`` or a new array.

    ``dtype`` overrides the result type (astype, creation); the inputs are converted to it, or to
    ``op_dtypes`` when given.
    """
    if out is None and dtype is None:
        if len(args) == 2:
            fast = fast_binary(entry, *args)
        elif len(args) == 1:
            fast = fast_unary(entry, args[0])
        else:
            fast = None
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
    ctx = _context_of(args, out, entry.op.name)
    try:
        args = tuple(_operand(a, ctx) for a in args)
    except TypeError as error:  # host data of a dtype vulkit does not have (strings, objects)
        raise TypeError(f"{entry.op.name}: {error}") from None
    types = tuple(a._dtype if isinstance(a, Array) else (bool if a.__class__ is bool else a.__class__)
                  for a in args)
    if dtype is None:
        op_dtypes, res_dtype = resolve(entry, types)
    else:
        op_dtypes, res_dtype = op_dtypes or (dtype,) * len(args), dtype
    if entry.op.name in COMPARISONS:
        settled, args, op_dtypes = settle_out_of_range(entry, args, op_dtypes)
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
    scalars = tuple(scalar_value(a, d) for a, d in zip(args, op_dtypes, strict=True) if not isinstance(a, Array))
    in_scalar = tuple(not isinstance(a, Array) for a in args)
    in_dtypes = tuple(a._dtype if isinstance(a, Array) else d for a, d in zip(args, op_dtypes, strict=True))
    steps, contiguous = dispatches(ctx, entry, arrays, out, shape, in_dtypes, in_scalar, op_dtypes, res_dtype)
    run(ctx.stream, steps, [a._alloc for a in arrays], out._alloc, scalars)
    if key is not None:
        ctx.plans.remember(key, Plan(steps, res_dtype, shape, tuple(d for s, d in zip(in_scalar, op_dtypes,
                                                                                       strict=True) if s)))
    kernel = steps[0][0]
    if arrays and contiguous and out._offset == 0 and kernel.addresses == ctx.buffer_addresses and dtype is None \
            and out._dtype is res_dtype and kernel.spec.layout != "wide":
        _remember_eager(ctx, entry, args, arrays, in_dtypes, op_dtypes, EagerPlan(kernel, res_dtype, arrays))
    return out


# -- plans: what apply computed for operands of given types and layouts, so that a repeat skips it --------
class Plan(NamedTuple):
    """An elementwise operation's dispatches, result dtype and shape, and the dtypes of its scalars."""

    dispatches: list[Dispatch]
    dtype: DType
    shape: tuple[int, ...]
    scalar_dtypes: tuple[DType, ...]


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
    plan = ctx.plans.get(key)
    if plan is None:
        return None
    if plan.scalar_dtypes:
        try:
            scalars = tuple(scalar_value(a, d) for a, d in
                            zip([a for a in args if a.__class__ is not Array], plan.scalar_dtypes, strict=True))
        except OverflowError:
            return None
        arrays = [a for a in args if a.__class__ is Array]
    else:
        scalars, arrays = (), list(args)
    if out is None:
        out = make_array(ctx, plan.shape, plan.dtype)
    elif any(_overlaps(a, out) for a in arrays):
        return None
    run(ctx.stream, plan.dispatches, [a._alloc for a in arrays], out._alloc, scalars)
    return out


# -- the eager hot path --------------------------------------------------------------------------------------
class EagerPlan:
    """The plan of an operation on contiguous operands of one shape, for any size: its kernel (vec or contig
    layout), result dtype, and how to push a Python scalar operand.

    Kept in the plan cache under (entry, input dtypes..., layout) or, for an array and a Python scalar, (entry,
    array dtype, scalar class, scalar side, layout): keys of other shapes than :class:`Plan`'s.
    """

    __slots__ = ("kernel", "dtype", "itemsize", "in_itemsizes", "scalar_dtype", "low", "high")

    def __init__(self, kernel: Any, dtype: DType, arrays: list[Array], scalar_dtype: DType | None = None,
                 scalar_class: type | None = None) -> None:
        self.kernel = kernel
        self.dtype = dtype
        self.itemsize = dtype.itemsize
        # with buffer addresses: the element size of each array input (None: the kernel binds descriptors)
        self.in_itemsizes = tuple(a._dtype.itemsize for a in arrays) if kernel.addresses else None
        self.scalar_dtype = scalar_dtype
        # scalars within [low, high] are pushed as they are: scalar_value would not change them
        self.low, self.high = _as_is_range(scalar_class, scalar_dtype) if scalar_dtype else (1, 0)

    def with_scalar(self, dtype: DType, scalar_class: type) -> EagerPlan:
        """This plan for a Python scalar operand of ``scalar_class`` typed as ``dtype``."""
        plan = object.__new__(EagerPlan)
        plan.kernel, plan.dtype, plan.itemsize, plan.in_itemsizes = \
            self.kernel, self.dtype, self.itemsize, self.in_itemsizes
        plan.scalar_dtype = dtype
        plan.low, plan.high = _as_is_range(scalar_class, dtype)
        return plan

    def emit(self, ctx: Any, first: Array, inputs: tuple[Any, ...], offsets: tuple[int, ...], *scalar: Any) \
            -> Array | None:
        """Record the kernel over the allocations ``inputs`` from element ``offsets`` (and ``scalar``) into a new
        array of ``first``'s shape; None where the general path has to (large operands)."""
        n = first._size
        limit = ctx.binding_limit
        nbytes = n * self.itemsize
        # NOTE: inputs[0] and inputs[-1]: the fast paths have one or two. From WIDE_MIN on: another layout, and
        # larger operations may need splitting (see planning); below it the grid (at most 2^14 workgroups of at
        # least 1024 elements) is within every device's limit, so it is not capped here.
        if n >= WIDE_MIN or nbytes > limit or inputs[0].size > limit or inputs[-1].size > limit:
            return None
        alloc = ctx.allocator.allocate(nbytes)
        out = object.__new__(Array)
        out._alloc = alloc
        out._shape = shape = first._shape
        out._strides = contiguous_strides(shape)
        out._offset = 0
        out._dtype = self.dtype
        out._ctx = ctx
        out._size = n
        out._contig = True
        if n:
            kernel = self.kernel
            sizes = self.in_itemsizes
            # the push-constant layout of planning's one-piece contiguous dispatch: n, each offset (output: 0)
            if sizes is None:
                # NOTE: launch.record's descriptor branch written out: through it the tiny op took 0.3-0.5 µs
                # more on the H100's host (alternating processes, 2026-11-25)
                ctx.stream.dispatch_to(kernel.pipeline, inputs, alloc, kernel.pack(*scalar, n, *offsets, 0),
                                       -(-n // kernel.groups_per))
            else:
                starts = (*(o * size for o, size in zip(offsets, sizes, strict=True)), 0)
                record(ctx.stream, kernel, inputs, alloc, (*scalar, n, *(0,) * len(starts)),
                       -(-n // kernel.groups_per), starts)
        return out


def _remember_eager(ctx: Any, entry: Entry, args: tuple[Any, ...], arrays: list[Array],
                    in_dtypes: tuple[DType, ...], op_dtypes: tuple[DType, ...], plan: EagerPlan) -> None:
    """Keep ``plan`` where the eager hot path looks: for arrays alone, or an array and one Python scalar. A contig
    kernel of complex operands serves the aligned operands too (which would take the vec layout if they could)."""
    spec = plan.kernel.spec
    layouts: tuple[str, ...] = (spec.layout,)
    if spec.layout == "contig" and not vectorizable((*spec.in_dtypes, spec.out_dtype)):
        layouts = ("contig", "vec")
    for layout in layouts:
        if len(arrays) == len(args):
            ctx.plans[(entry, *in_dtypes, layout)] = plan
        elif len(args) == 2:  # an array and a Python scalar: keyed by the scalar's class and side
            side = 0 if arrays[0] is args[1] else 1
            scalar_class = args[side].__class__
            ctx.plans[(entry, arrays[0]._dtype, scalar_class, side, layout)] = plan.with_scalar(op_dtypes[side],
                                                                                               scalar_class)


def _as_is_range(scalar_class: type | None, dtype: DType) -> tuple[Any, Any]:
    """The Python scalars of ``scalar_class`` that ``dtype``'s push constant takes unconverted (the struct
    rounds a float to float32 as NumPy does); an empty range where each one needs :func:`scalar_value`."""
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
    whose kernel was used before (an :class:`EagerPlan` in the plan cache); else None."""
    if a.__class__ is Array:
        if b.__class__ is Array:
            if a._shape != b._shape or not (a._contig and b._contig) or a._ctx is not b._ctx:
                return None
            ctx = a._ctx
            plan = ctx.plans.get((entry, a._dtype, b._dtype, "contig" if (a._offset | b._offset) & 3 else "vec"))
            return None if plan is None else plan.emit(ctx, a, (a._alloc, b._alloc), (a._offset, b._offset))
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
    plan = ctx.plans.get((entry, a._dtype, "contig" if a._offset & 3 else "vec"))
    return None if plan is None else plan.emit(ctx, a, (a._alloc,), (a._offset,))


def _fast_scalar(entry: Entry, a: Array, scalar: Any, side: int) -> Array | None:
    """:func:`fast_binary` for a contiguous array and a Python scalar on ``side`` (0: first operand)."""
    if not a._contig:
        return None
    ctx = a._ctx
    plan = ctx.plans.get((entry, a._dtype, scalar.__class__, side, "contig" if a._offset & 3 else "vec"))
    if plan is None:
        return None
    try:
        as_is = plan.low <= scalar <= plan.high
    except TypeError:  # a complex scalar: converted to the plan's dtype each time
        as_is = False
    if not as_is:
        try:
            scalar = scalar_value(scalar, plan.scalar_dtype)
        except OverflowError:  # an int beyond the dtype: apply raises, or settles a comparison
            return None
    return plan.emit(ctx, a, (a._alloc,), (a._offset,), scalar)


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
    if shares_elements(x._shape, x._strides):
        raise ValueError("output array is read-only (a broadcast view: its elements share memory)")


def _check_out(out: Array, shape: tuple[int, ...], res_dtype: DType) -> tuple[int, ...]:
    if not isinstance(out, Array):
        raise TypeError(f"out must be a vulkit Array, got {type(out).__name__}")
    check_writable(out)
    if out._shape != shape:
        if broadcast_shapes(out._shape, shape) != out._shape:
            raise ValueError(f"non-broadcastable output operand with shape {out._shape} "
                             f"doesn't match the broadcast shape {shape}")
    if not same_kind(res_dtype, out._dtype):
        raise TypeError(f"Cannot cast ufunc output from {res_dtype.name} to {out._dtype.name} "
                        "with casting rule 'same_kind'")
    return out._shape
