"""Reductions over axes: the array API's statistical and utility functions (sum, prod, mean, var, std, max, min,
all, any), argmax/argmin, count_nonzero, logsumexp and NumPy's nan* variants.

Every reduction sees its input as a contiguous (rows, R, I) block, R the reduced extent: directly where the
reduced axes are adjacent in memory (of the array or of a permutation of its axes), else after one copy that
puts them last. :mod:`vulkit.array.kernels.reduction` has the kernels; at most two dispatches per reduction.
"""

from __future__ import annotations

import builtins
import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, make_array, view
from ..dtypes import DType
from ..kernels.glsl import VEC4, WORKGROUP
from ..kernels.reduction import ReduceSpec, shuffle_ok
from ..layout import contiguous_strides, normalize_axes, size_of
from .arguments import array_argument
from .creation import default_float, default_int, full
from .elementwise import isfinite
from .engine import TABLE, apply
from .outputs import numpy_out
from .planning import SPAN
from .planning import _addresses as needs_addresses

ROW_CHUNK_MIN = 4096  # elements a row workgroup takes at least when a row is cut into chunks
# rows along R a col workgroup takes at least (with fewer, one lane: a thread per output). Column sum of 8192^2
# float32 on an H200: 256 rows 89 us, 128 rows 83, 64 rows 86 (more loads in flight a thread, or more workgroups,
# changed nothing)
COL_CHUNK_MIN = 128
COL_LANES = 8  # lanes along R of a col workgroup
# chunks from which a col reduction's combining pass takes COL_LANES lanes a column (H200, 8192^2 float32, in turn
# three times: column sum 81.3-82.3 -> 80.0-81.0 us, column max 79.5-80.1 -> 77.8-78.3 against 128)
COMBINE_LANES_FROM = 16
GPU_TARGET_GROUPS = 2048  # workgroups a first pass aims at on a GPU (a few waves); 32 on a CPU device
# on a GPU a col reduction too narrow for the target takes one pass where up to COL_ONE_PASS_LANES lanes along R
# give it at least COL_ONE_PASS_GROUPS workgroups (0: never), instead of chunks along R and a combining pass. H200,
# GPU time in turn three times: column sum of 8192^2 float32 80.5 -> 72.0 us (128 workgroups: 96; 512: not reached),
# 4096^2 40.0 -> 26.2 (with 64 lanes), 2048 x 8192 40.1 -> 25.7, max, mean and argmax alike; 32768 x 2048 (128
# workgroups at most) unchanged. CPU devices keep the chunks (llvmpipe caps an invocation's loop iterations)
COL_ONE_PASS_GROUPS = 256
COL_ONE_PASS_LANES = 64


def _axes(x: Array, axis: Any, function: str) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(x.ndim))
    return normalize_axes(axis, x.ndim, function)


def _reduced_shape(shape: tuple[int, ...], axes: tuple[int, ...], keepdims: bool) -> tuple[int, ...]:
    """The shape of a reduction of ``shape`` over ``axes``."""
    return tuple(1 if d in axes else n for d, n in enumerate(shape) if keepdims or d not in axes)


def _target_groups(ctx: Any) -> int:
    """Workgroups that keep the device busy: a few per core of a CPU (lavapipe), a few waves on a GPU."""
    return 32 if ctx.on_cpu else GPU_TARGET_GROUPS


# -- layout ------------------------------------------------------------------------------------------------
def _block_of(x: Array, axes: tuple[int, ...], order_matters: bool) -> tuple[Array, int, int, int, tuple[int, ...]]:
    """(contiguous source, rows, R, I, kept axes in the source's order): x as a (rows, R, I) block reducing
    ``axes``. ``order_matters`` (argmax): R runs in x's C order, so no permutation of the axes is taken."""
    shape, strides = x._shape, x._strides
    dims = [d for d in range(x.ndim) if shape[d] != 1]
    order = None
    if x._contig:
        order = dims
    elif not order_matters:
        by_stride = sorted(dims, key=lambda d: -abs(strides[d]))
        sub = tuple(shape[d] for d in by_stride)
        if tuple(strides[d] for d in by_stride) == contiguous_strides(sub):
            order = by_stride
    reduced = set(axes)
    if order is not None:
        marks = [d in reduced for d in order]
        first = marks.index(True) if True in marks else len(marks)
        last = len(marks) - marks[::-1].index(True) if True in marks else first
        if builtins.all(marks[first:last]):
            rows = size_of(tuple(shape[d] for d in order[:first]))
            r = size_of(tuple(shape[d] for d in order[first:last]))
            inner = size_of(tuple(shape[d] for d in order[last:]))
            kept = tuple(d for d in order if d not in reduced)
            return x, rows, r, inner, kept
    # one copy with the kept axes first (in order) and the reduced ones last
    kept = tuple(d for d in range(x.ndim) if d not in reduced)
    perm = (*kept, *sorted(reduced))
    moved = x.permute_dims(perm)
    source = make_array(x._ctx, moved._shape, x._dtype)
    apply(TABLE["copy"], (moved,), out=source, dtype=x._dtype)
    return (source, size_of(tuple(shape[d] for d in kept)), size_of(tuple(shape[d] for d in reduced)), 1,
            tuple(d for d in kept if shape[d] != 1))  # as above: _shaped puts back the axes of size 1


LOADS_PER_THREAD = 4  # a row's threads: about this many loads each


def _threads_per_row(items: int) -> int:
    """Threads that share a row of ``items`` loads: about LOADS_PER_THREAD loads each, from 4 to a workgroup."""
    wanted = -(-items // LOADS_PER_THREAD)
    return builtins.min(builtins.max(1 << builtins.max(wanted - 1, 0).bit_length(), 4), WORKGROUP)


@dataclass(frozen=True)
class _Pass:
    """One kernel of a reduction over a (rows, R, I) block: its layout, split, vec4 loads and chunks."""

    layout: str
    split: int
    vec: bool
    chunks: int
    chunk: int

    def groups(self, rows: int, inner: int) -> int:
        if self.layout == "row":
            return -(-rows * self.chunks // (WORKGROUP // self.split))
        across = WORKGROUP // self.split * (4 if self.vec else 1)
        return -(-rows * inner // across) * self.chunks


def _plan(ctx: Any, rows: int, r: int, inner: int, row_vec: bool, col_vec: bool) -> _Pass:
    """The first kernel's pass: the layout, how R is split among threads, and the chunks along R (one where there
    are enough outputs to fill the device)."""
    target = _target_groups(ctx)
    if inner == 1:
        items = r // 4 if row_vec else r
        split = _threads_per_row(items)
        groups, least = -(-rows // (WORKGROUP // split)), ROW_CHUNK_MIN
        layout, vec = "row", row_vec
    else:  # enough lanes along R that a workgroup's threads all have outputs (WORKGROUP / lanes at most)
        across = -(-inner // (4 if col_vec else 1))
        split = builtins.max(1, WORKGROUP // (1 << (across - 1).bit_length()))
        split = builtins.min(split, 1 << (r.bit_length() - 1), WORKGROUP)
        layout, vec = "col", col_vec
        groups, least = -(-rows * inner // (WORKGROUP // split * (4 if vec else 1))), COL_CHUNK_MIN
    if groups >= target or r <= 2 * least:
        return _Pass(layout, split, vec, 1, builtins.max(r, 1))
    if layout == "col" and COL_ONE_PASS_GROUPS and not ctx.on_cpu:
        one_pass = _col_one_pass(rows, r, inner, split, vec)
        if one_pass is not None:
            return one_pass
    if layout == "row":  # the chunks make the rows: a workgroup per chunk
        split = WORKGROUP
    chunks = builtins.min(-(-r // least), -(-target // groups))
    length = -(-r // chunks)
    if vec:
        length = -(-length // 4) * 4
    return _Pass(layout, split, vec, -(-r // length), length)


def _col_one_pass(rows: int, r: int, inner: int, split: int, vec: bool) -> _Pass | None:
    """A col reduction's single pass with ``split`` lanes along R doubled (up to COL_ONE_PASS_LANES, and R) until
    it has COL_ONE_PASS_GROUPS workgroups; None where it cannot have them."""
    one_pass = _Pass("col", split, vec, 1, r)
    while one_pass.split < COL_ONE_PASS_LANES and 2 * one_pass.split <= r and \
            one_pass.groups(rows, inner) < COL_ONE_PASS_GROUPS:
        one_pass = _Pass("col", 2 * one_pass.split, vec, 1, r)
    return one_pass if one_pass.groups(rows, inner) >= COL_ONE_PASS_GROUPS else None


def _run(ctx: Any, spec: ReduceSpec, plan: _Pass, source: Any, in_off: int, target: Any, rows: int, r: int,
         inner: int, count: float, ddof: float) -> tuple[Any, bytes, int]:
    """Record one kernel of a reduction; returns (kernel, push constants, workgroups)."""
    kernel = ctx.kernels.get(spec)
    values = (count, ddof, rows, r, inner, plan.chunks, plan.chunk, in_off, 0)
    if spec.addresses:
        push = kernel.pack(source._addr or source.address, target._addr or target.address, *values)
        resources: tuple[Any, ...] = ()
    else:
        push = kernel.pack(*values)
        resources = (source, target)
    groups = builtins.min(plan.groups(rows, inner), ctx.max_groups)
    ctx.stream.dispatch(kernel.pipeline, resources, push, groups=(groups, 1, 1), reads=[source], writes=[target])
    return kernel, push, groups


@dataclass(frozen=True)
class _Recorded:
    """What a reduction of one input layout records, replayed for the next input of that layout: the result's
    dtype, shape before and after :func:`_shaped`, its kernels, and the bytes of the partial sums between them."""

    out_dtype: DType
    kept_shape: tuple[int, ...]
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    passes: tuple[tuple[Any, bytes, int], ...]
    partial_bytes: int

    def run(self, x: Array) -> Array:
        ctx = x._ctx
        out = make_array(ctx, self.kept_shape, self.out_dtype)
        if self.partial_bytes:
            partials = ctx.allocator.allocate(self.partial_bytes)
            targets = ((x._alloc, partials), (partials, out._alloc))
        else:
            targets = ((x._alloc, out._alloc),)
        for (kernel, push, groups), (source, target) in zip(self.passes, targets, strict=True):
            ctx.stream.dispatch(kernel.pipeline, (source, target), push, groups=(groups, 1, 1), reads=[source],
                                writes=[target])
        if self.partial_bytes:
            partials.free()
        return view(out, self.shape, self.strides, 0)


def reduce(function: str, acc: str, x: Any, axis: Any, keepdims: bool, acc_dtype: DType, out_dtype: DType,
           empty: Any = None, ddof: float = 0.0, order_matters: bool = False) -> Array:
    """``acc`` reduction of x over ``axis`` into a new ``out_dtype`` array, accumulating in ``acc_dtype``.

    ``empty``: the value of a reduction over no elements (None: ValueError, as NumPy's max raises).
    """
    x = array_argument(x, function)
    ctx = x._ctx
    try:  # a layout reduced before replays what it recorded (the host's time of a small sum: 20 -> 8 us)
        key: Any = ("reduce", acc, x._dtype, x._shape, x._strides, x._offset, axis, keepdims, acc_dtype, out_dtype,
                    ddof, order_matters)
        recorded = ctx.plans.get(key)
    except TypeError:  # an unhashable axis (a list)
        key = recorded = None
    if recorded is not None:
        return recorded.run(x)
    axes = _axes(x, axis, function)
    out_shape = _reduced_shape(x._shape, axes, keepdims)
    r_total = size_of(tuple(x._shape[d] for d in axes))
    out_size = size_of(out_shape)
    if out_size == 0:
        return make_array(ctx, out_shape, out_dtype)
    if r_total == 0:
        if empty is None:
            raise ValueError(f"{function}: zero-size array to reduction operation {function} which has no identity")
        return full(out_shape, empty, dtype=out_dtype, device=x.device)
    if x._size >= 1 << 32:
        raise ValueError(f"{function}: arrays of 2^32 elements or more are not supported yet (got {x._size})")
    source, rows, r, inner, kept = _block_of(x, axes, order_matters)
    kept_shape = tuple(x._shape[d] for d in kept)
    out = make_array(ctx, kept_shape, out_dtype)
    addresses = needs_addresses(ctx, [source, out])
    if addresses and source._alloc.size > SPAN:
        raise ValueError(f"{function}: reductions reach arrays of at most {SPAN} bytes through buffer addresses "
                         f"(this one spans {source._alloc.size}); reduce slices of it and combine the results")
    in_off = source._offset
    aligned = in_off % 4 == 0 and x._dtype.storage in VEC4
    spec = functools.partial(ReduceSpec, acc, x._dtype, acc_dtype, out_dtype, addresses=addresses)
    shared = int(ctx.device.limits.get("max_compute_shared_memory_size", 16384))
    col_vec = aligned and inner % 4 == 0 and spec("col", "first", True).acc_size * 4 * WORKGROUP <= shared
    plan = _plan(ctx, rows, r, inner, aligned and r % 4 == 0, col_vec)
    count = float(r)
    shuffle = shuffle_ok(ctx)
    first = spec(plan.layout, "first", plan.chunks == 1, plan.vec, plan.split, shuffle and plan.layout == "row")
    partial_bytes = 0
    if plan.chunks == 1:
        passes = (_run(ctx, first, plan, source._alloc, in_off, out._alloc, rows, r, inner, count, ddof),)
    else:
        partial_bytes = rows * inner * plan.chunks * first.acc_size
        partials = ctx.allocator.allocate(partial_bytes)
        recorded_first = _run(ctx, first, plan, source._alloc, in_off, partials, rows, r, inner, count, ddof)
        # row partials are (rows, chunks): a row reduction; col partials are (chunks, outputs): a col one
        if plan.layout == "row":
            c_rows, c_inner, split = rows, 1, _threads_per_row(plan.chunks)
        else:
            c_rows, c_inner, split = 1, rows * inner, COL_LANES if plan.chunks >= COMBINE_LANES_FROM else 1
        combine = _Pass(plan.layout, split, False, 1, plan.chunks)
        passes = (recorded_first,
                  _run(ctx, spec(plan.layout, "combine", True, False, split, shuffle and plan.layout == "row"),
                       combine, partials, 0, out._alloc, c_rows, plan.chunks, c_inner, count, ddof))
        partials.free()  # the stream reuses the range behind a barrier
    result = _shaped(out, x, axes, kept, keepdims)
    if key is not None and source is x and not addresses:
        ctx.plans.remember(key, _Recorded(out_dtype, kept_shape, result._shape, result._strides, passes,
                                          partial_bytes))
    return result


def _shaped(out: Array, x: Array, axes: tuple[int, ...], kept: tuple[int, ...], keepdims: bool) -> Array:
    """The result (computed with the kept axes of size > 1 in the order ``kept``) in x's axis order, with the
    reduced axes kept as size 1 where asked."""
    in_order = tuple(d for d in range(x.ndim) if d not in axes and x._shape[d] != 1)
    if kept != in_order:
        position = {d: i for i, d in enumerate(kept)}
        out = out.permute_dims(tuple(position[d] for d in in_order))
    shape, strides = [], []
    source = dict(zip(in_order, zip(out._shape, out._strides, strict=True), strict=True))
    for d in range(x.ndim):
        if d in source:
            n, s = source[d]
        elif d in axes and not keepdims:
            continue
        else:
            n, s = 1, 0
        shape.append(n)
        strides.append(s)
    return view(out, tuple(shape), tuple(strides), out._offset)


# -- dtypes ------------------------------------------------------------------------------------------------
def _requested(dtype: Any, function: str) -> DType | None:
    if dtype is None:
        return None
    try:
        return dt.as_dtype(dtype)
    except TypeError as error:
        raise TypeError(f"{function}: {error}") from None


def _sum_dtype(x: Array, dtype: Any, function: str) -> DType:
    """The array API's sum/prod type: the input's, widened to the default (unsigned) integer for smaller
    integers and bool, unless ``dtype`` says."""
    chosen = _requested(dtype, function)
    if chosen is not None:
        return chosen
    d = x._dtype
    if d.kind == "b" or (d.kind == "i" and d.itemsize < 8):
        return default_int(x._ctx)
    if d.kind == "u" and d.itemsize < 8:
        return dt.uint64 if "uint64" in x._ctx.dtypes else dt.uint32
    return d


def _float_dtype(x: Array, dtype: Any, function: str, complex_too: bool = False) -> DType:
    """mean/var/std's type: floats (and complex numbers where ``complex_too``) keep theirs, integers and bool
    give the default float (NumPy's)."""
    kinds = "fc" if complex_too else "f"
    if not complex_too:
        _real(x, function)
    chosen = _requested(dtype, function)
    if chosen is not None:
        if chosen.kind not in kinds:
            raise TypeError(f"{function}: dtype must be a floating type, got {chosen.name}")
        return chosen
    return x._dtype if x._dtype.kind in kinds else default_float(x._ctx)


def _real(x: Array, function: str) -> None:
    if x._dtype.kind == "c":
        raise TypeError(f"{function}: not defined for complex input ({x._dtype.name}); take vt.real or vt.abs first")


def _accumulate(result: DType) -> DType:
    """The type a float result accumulates in: float16 and bfloat16 in float32."""
    return dt.float32 if result is dt.float16 or result is dt.bfloat16 else result


# -- the functions -------------------------------------------------------------------------------------
def _numpy_extras(name: str, x: Array, axis: Any, keepdims: bool, initial: Any, where: Any,
                  reduced: Any) -> Array:
    """``name`` (sum, prod, max, min) with NumPy's ``initial`` (taken into the reduction) and ``where`` (the
    elements outside the mask left out): ``reduced(y)`` reduces y over the axes."""
    from . import elementwise as ew

    identity = {"sum": 0, "prod": 1}.get(name)
    if where is not None:
        if identity is None and initial is None:
            raise ValueError(f"{name}: reduction operation '{'maximum' if name == 'max' else 'minimum'}' does not "
                             "have an identity, so to use a where mask one has to specify 'initial'")
        x = ew.where(_where_mask(where, x), x, full((), identity if identity is not None else initial,
                                                    dtype=x.dtype, device=x.device))
    elif identity is None and x.size == 0:
        shape = _reduced_shape(x._shape, _axes(x, axis, name), keepdims)
        return full(shape, initial, dtype=x.dtype, device=x.device)
    result = reduced(x)
    if initial is None:
        return result
    combined = {"sum": ew.add, "prod": ew.multiply, "max": ew.maximum, "min": ew.minimum}[name](result, initial)
    return ew.astype(combined, result.dtype)


@numpy_out("axis", "dtype", "out", "keepdims", "initial", "where")
def sum(x: Array, /, axis: Any = None, dtype: Any = None, *, keepdims: bool = False, initial: Any = None,  # noqa: A001
        where: Any = None) -> Array:
    """Sum over ``axis`` (all axes when None). Integers and bool sum in the default integer type (unsigned:
    uint64), floats in their own type with a compensated (two-sum) accumulation: float32 sums are as accurate
    as float64 sums rounded to float32. Deterministic: the same bits every run. NumPy's ``initial`` (added) and
    ``where`` (elements outside the mask left out) are taken too."""
    if initial is not None or where is not None:
        return _numpy_extras("sum", array_argument(x, "sum"), axis, keepdims, initial, where,
                             lambda y: sum(y, axis=axis, dtype=dtype, keepdims=keepdims))
    x = array_argument(x, "sum")
    out = _sum_dtype(x, dtype, "sum")
    if out.kind == "b":  # NumPy: the elements as bools, added with bool's addition (or)
        return any(x, axis=axis, keepdims=keepdims)
    acc = "sum_float" if out.kind in "fc" else "sum_int"
    return reduce("sum", acc, x, axis, keepdims, _accumulate(out), out, empty=0)


@numpy_out("axis", "dtype", "out", "keepdims", "initial", "where")
def prod(x: Array, /, axis: Any = None, dtype: Any = None, *, keepdims: bool = False, initial: Any = None,
         where: Any = None) -> Array:
    """Product over ``axis``, typed as :func:`sum` (NumPy's ``initial`` and ``where`` too)."""
    if initial is not None or where is not None:
        return _numpy_extras("prod", array_argument(x, "prod"), axis, keepdims, initial, where,
                             lambda y: prod(y, axis=axis, dtype=dtype, keepdims=keepdims))
    x = array_argument(x, "prod")
    out = _sum_dtype(x, dtype, "prod")
    if out.kind == "b":  # NumPy: the elements as bools, multiplied with bool's product (and)
        return all(x, axis=axis, keepdims=keepdims)
    acc = "prod_complex" if out.kind == "c" else "prod"
    return reduce("prod", acc, x, axis, keepdims, _accumulate(out), out, empty=1)


def _masked_mean(x: Array, mask: Array, axis: Any, keepdims: bool, out: DType) -> tuple[Array, Array]:
    """(the mean of the elements of x that NumPy's ``where`` mask takes, over ``axis``; their count), both of dtype
    ``out``."""
    from . import elementwise as ew
    from .manipulation import broadcast_to

    x = ew.astype(x, out)
    count = sum(ew.astype(broadcast_to(mask, x.shape), out.component), axis=axis, keepdims=keepdims)
    return ew.divide(sum(x, axis=axis, keepdims=keepdims, where=mask), count), count


def _where_mask(where: Any, x: Array) -> Array:
    """NumPy's ``where`` mask (any array-like) as a bool array on x's device."""
    from . import elementwise as ew
    from .creation import asarray

    return ew.astype(asarray(where, device=x.device), dt.bool_)


@numpy_out("axis", "dtype", "out", "keepdims")
def mean(x: Array, /, axis: Any = None, dtype: Any = None, *, keepdims: bool = False, where: Any = None) -> Array:
    """Arithmetic mean over ``axis`` (integers give the default float, as NumPy's); NaN over no elements (NumPy's
    ``where`` too: the mean of the elements its mask takes)."""
    x = array_argument(x, "mean")
    out = _float_dtype(x, dtype, "mean", complex_too=True)
    if where is not None:
        return _masked_mean(x, _where_mask(where, x), axis, keepdims, out)[0]
    return reduce("mean", "mean", x, axis, keepdims, _accumulate(out), out, empty=math.nan)


def _correction(correction: float, ddof: float | None, function: str) -> float:
    if ddof is not None:
        if correction:
            raise TypeError(f"{function}: give correction or ddof, not both")
        correction = ddof
    return float(correction)


@numpy_out("axis", "dtype", "out", "ddof", "keepdims")
def var(x: Array, /, axis: Any = None, dtype: Any = None, *, correction: float = 0.0, keepdims: bool = False,
        ddof: float | None = None, where: Any = None) -> Array:
    """Variance over ``axis``, dividing by N - ``correction`` (NumPy's ``ddof`` is accepted too); one pass
    (Welford's updates, Chan's combinations). NaN over no elements or where N - correction <= 0 and the
    sum of squares is 0. NumPy's ``where``: the variance of the elements its mask takes (two passes)."""
    x = array_argument(x, "var")
    out = _float_dtype(x, dtype, "var")
    if where is not None:
        return _masked_var(x, _where_mask(where, x), axis, keepdims, out, _correction(correction, ddof, "var"))
    return reduce("var", "var", x, axis, keepdims, _accumulate(out), out, empty=math.nan,
                  ddof=_correction(correction, ddof, "var"))


def _masked_var(x: Array, mask: Array, axis: Any, keepdims: bool, out: DType, ddof: float) -> Array:
    """The variance of the elements of x that NumPy's ``where`` mask takes, over ``axis`` (two passes: the mean,
    then the squared deviations)."""
    from . import elementwise as ew

    centre, count = _masked_mean(x, mask, axis, True, out)
    deviation = ew.abs(ew.subtract(ew.astype(x, out), centre))
    squares = sum(ew.multiply(deviation, deviation), axis=axis, keepdims=keepdims, where=mask)
    count = count if keepdims else _squeezed(count, axis)
    return ew.divide(squares, ew.subtract(count, ddof))


def _squeezed(a: Array, axis: Any) -> Array:
    """a (reduced with keepdims) without its reduced axes."""
    return a.reshape(_reduced_shape(a._shape, _axes(a, axis, "var"), False))


@numpy_out("axis", "dtype", "out", "ddof", "keepdims")
def std(x: Array, /, axis: Any = None, dtype: Any = None, *, correction: float = 0.0, keepdims: bool = False,
        ddof: float | None = None, where: Any = None) -> Array:
    """Standard deviation: the square root of :func:`var` (NumPy's ``where`` too)."""
    if where is not None:
        from .elementwise import sqrt

        return sqrt(var(x, axis=axis, correction=correction, keepdims=keepdims, dtype=dtype, ddof=ddof, where=where))
    x = array_argument(x, "std")
    out = _float_dtype(x, dtype, "std")
    return reduce("std", "std", x, axis, keepdims, _accumulate(out), out, empty=math.nan,
                  ddof=_correction(correction, ddof, "std"))


def _extreme(function: str, x: Any, axis: Any, keepdims: bool, nan_skipping: bool = False) -> Array:
    x = array_argument(x, function)
    _real(x, function)
    d = x._dtype
    big = function.endswith("max")
    if d.kind == "b":
        return reduce(function, "any" if big else "all", x, axis, keepdims, dt.bool_, d)
    if d.kind == "f":
        acc = ("nanmax" if big else "nanmin") if nan_skipping else ("max_float" if big else "min_float")
        return reduce(function, acc, x, axis, keepdims, d, d)
    return reduce(function, "max_int" if big else "min_int", x, axis, keepdims, d, d)


def _extremum(name: str, x: Any, axis: Any, keepdims: bool, initial: Any, where: Any) -> Array:
    """max or min, with NumPy's ``initial`` and ``where`` where given."""
    if initial is not None or where is not None:
        return _numpy_extras(name, array_argument(x, name), axis, keepdims, initial, where,
                             lambda y: _extreme(name, y, axis, keepdims))
    return _extreme(name, x, axis, keepdims)


@numpy_out("axis", "out", "keepdims", "initial", "where")
def max(x: Array, /, axis: Any = None, *, keepdims: bool = False, initial: Any = None,  # noqa: A001
        where: Any = None) -> Array:
    """Largest element over ``axis``; NaN if any is NaN; ValueError over no elements (NumPy's), unless NumPy's
    ``initial`` is given (taken into the maximum; needed with ``where``, the mask of the elements taken)."""
    return _extremum("max", x, axis, keepdims, initial, where)


@numpy_out("axis", "out", "keepdims", "initial", "where")
def min(x: Array, /, axis: Any = None, *, keepdims: bool = False, initial: Any = None,  # noqa: A001
        where: Any = None) -> Array:
    """Smallest element over ``axis``; NaN if any is NaN; ValueError over no elements (NumPy's), unless NumPy's
    ``initial`` is given (taken into the minimum; needed with ``where``, the mask of the elements taken)."""
    return _extremum("min", x, axis, keepdims, initial, where)


@numpy_out("axis", "out", "keepdims")
def nanmax(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:
    """:func:`max` ignoring NaNs (NaN where all are NaN, as NumPy's, without its warning)."""
    return _extreme("nanmax", x, axis, keepdims, nan_skipping=True)


@numpy_out("axis", "out", "keepdims")
def nanmin(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:
    """:func:`min` ignoring NaNs (NaN where all are NaN, as NumPy's, without its warning)."""
    return _extreme("nanmin", x, axis, keepdims, nan_skipping=True)


@numpy_out("axis", "dtype", "out", "keepdims")
def nansum(x: Array, /, axis: Any = None, dtype: Any = None, *, keepdims: bool = False) -> Array:
    """:func:`sum` counting NaNs as zero."""
    x = array_argument(x, "nansum")
    _real(x, "nansum")
    out = _sum_dtype(x, dtype, "nansum")
    acc = "nansum_float" if out.kind == "f" else "sum_int"
    return reduce("nansum", acc, x, axis, keepdims, _accumulate(out), out, empty=0)


@numpy_out("axis", "dtype", "out", "keepdims")
def nanmean(x: Array, /, axis: Any = None, dtype: Any = None, *, keepdims: bool = False) -> Array:
    """:func:`mean` of the elements that are not NaN (NaN where there are none)."""
    x = array_argument(x, "nanmean")
    out = _float_dtype(x, dtype, "nanmean")
    return reduce("nanmean", "nanmean", x, axis, keepdims, _accumulate(out), out, empty=math.nan)


def _arg(function: str, x: Any, axis: Any, keepdims: bool) -> Array:
    x = array_argument(x, function)
    _real(x, function)
    if axis is not None and not isinstance(axis, (int, np.integer)):
        raise TypeError(f"{function}: axis must be an integer or None, got {type(axis).__name__}")
    if axis is None and keepdims:
        result = _arg(function, x.reshape(-1), 0, False)
        return view(result, (1,) * x.ndim, (0,) * x.ndim, result._offset)
    if x.ndim == 0:
        x = x.reshape(1)
        axis = None
    index = default_int(x._ctx)
    acc_dtype = {dt.float16: dt.float32, dt.bfloat16: dt.float32, dt.bool_: dt.uint32}.get(x._dtype, x._dtype)
    return reduce(function, function, x, axis, keepdims, acc_dtype, index, order_matters=True)


@numpy_out("axis", "out")
def argmax(x: Array, /, axis: int | None = None, *, keepdims: bool = False) -> Array:
    """Index of the largest element along ``axis`` (of the flattened array when None): the first one on ties,
    the first NaN if any (NumPy's)."""
    return _arg("argmax", x, axis, keepdims)


@numpy_out("axis", "out")
def argmin(x: Array, /, axis: int | None = None, *, keepdims: bool = False) -> Array:
    """Index of the smallest element along ``axis`` (of the flattened array when None): the first one on ties,
    the first NaN if any (NumPy's)."""
    return _arg("argmin", x, axis, keepdims)


@numpy_out("axis", "out", "keepdims")
def all(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether every element along ``axis`` is nonzero (NaN counts as nonzero); True over no elements."""
    return reduce("all", "all", x, axis, keepdims, dt.bool_, dt.bool_, empty=True)


@numpy_out("axis", "out", "keepdims")
def any(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:  # noqa: A001
    """Whether any element along ``axis`` is nonzero (NaN counts as nonzero); False over no elements."""
    return reduce("any", "any", x, axis, keepdims, dt.bool_, dt.bool_, empty=False)


def all_finite(x: Array) -> bool:
    """Whether x holds no infinity or NaN (integers and bools always): one flag read back, waiting for the device."""
    return x._dtype.kind not in "fc" or bool(all(isfinite(x)))


def count_nonzero(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:
    """The number of nonzero elements along ``axis`` (int64)."""
    x = array_argument(x, "count_nonzero")
    index = default_int(x._ctx)
    return reduce("count_nonzero", "count_nonzero", x, axis, keepdims, dt.bool_, index, empty=0)


def logsumexp(x: Array, /, axis: Any = None, *, keepdims: bool = False) -> Array:
    """log(sum(exp(x))) over ``axis`` without overflow (SciPy's logsumexp): one pass keeping the running maximum
    and the sum of exp(x - maximum); -inf over no elements."""
    x = array_argument(x, "logsumexp")
    out = _float_dtype(x, None, "logsumexp")
    return reduce("logsumexp", "logsumexp", x, axis, keepdims, _accumulate(out), out, empty=-math.inf)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The dot product of x1 and x2 along ``axis`` (conjugating x1 where complex), broadcast over the other
    axes: ``sum(conj(x1) * x2, axis=axis)`` in their promoted type."""
    from .elementwise import conj, multiply  # noqa: PLC0415 - elementwise imports nothing from here

    x1, x2 = array_argument(x1, "vecdot"), array_argument(x2, "vecdot")
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("vecdot: both arrays need at least one dimension")
    if not (-builtins.min(x1.ndim, x2.ndim) <= axis < 0 or 0 <= axis < builtins.min(x1.ndim, x2.ndim)
            and x1.ndim == x2.ndim):
        raise np.exceptions.AxisError(axis, builtins.min(x1.ndim, x2.ndim), "vecdot")
    n1, n2 = x1._shape[axis], x2._shape[axis]
    if n1 != n2:
        raise ValueError(f"vecdot: the arrays' sizes along axis {axis} differ ({n1} and {n2})")
    if axis >= 0:
        axis -= x1.ndim
    product = multiply(conj(x1) if x1._dtype.kind == "c" else x1, x2)
    return sum(product, axis=axis, dtype=product._dtype)
