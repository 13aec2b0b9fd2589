"""Matrix products: ``matmul`` (``@``) with NumPy's and the array API standard's semantics, and ``gemm``
(C = alpha * A @ B + beta * C into a view), on the tiled kernel of :mod:`vulkit.array.kernels.matmul`.

Operands are read in place through their strides (transposed, sliced and broadcast views need no copy);
complex products are four real ones over the parts."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..array import Array, _part_view, make_array, view
from ..dtypes import DType, bfloat16, float16, int8, result_type, same_kind, uint8
from ..kernels.matmul import MatmulSpec, Tile, accumulator
from ..kernels.matmul_coop import FRAGMENT, CoopMatmulSpec, coop_available, run_elements
from ..kernels.matvec import MatvecSpec
from ..kernels.partial_sum import PartialSumSpec
from ..kernels.skinny import ROWS as SKINNY_ROWS
from ..kernels.skinny import SkinnySpec
from ..launch import addresses_of, grid
from ..layout import broadcast_shapes, merge_dims, size_of
from . import matmul_tuning, tuning
from .arguments import array_argument
from .planning import _addresses as needs_addresses

_BIG = Tile(128, 128, 8, 8, 8)
_SMALL = Tile(64, 64, 16, 4, 4)
_WIDE = Tile(64, 64, 8, 8, 4)  # 8-byte elements: half the accumulators per thread of _BIG
# subgroups along M and N, fragments per subgroup along M and N, step along K (probe_coop_grids.py on an H100:
# 253 TFLOP/s at 4096^3 where (2, 4, 4, 2, 32) with two shared buffers an operand had made 133)
_COOP_GRID = (2, 2, 4, 4, 32)  # (the step along K in 16-bit elements: twice as many 8-bit ones, the same bytes)
# products of fewer tiles of _COOP_GRID than this leave SMs idle: 64 x 64 tiles then, for 16-bit operands (1024^3
# float16 on an H200: 53 -> 86 TFLOP/s, checked against NumPy; 2048^3, 256 tiles: 205 against 148; 8-bit operands
# keep _COOP_GRID until the small grid is measured for them)
_COOP_FEW_TILES = 256
_COOP_SMALL_GRID = (2, 2, 2, 2, 64)
_UNCHECKED_TILES = True  # the tiled kernel skips bounds checks where every tile is whole
_COOP_PAD_WORK = 1 << 30  # m * n * k from which misfit operands are copied into zero-padded ones (no bounds checks)
COOP_DTYPES = (float16, bfloat16, int8, uint8)
_INT_MAX = (1 << 31) - 1
_SKINNY_GROUPS = 512  # workgroups a skinny product aims for, cutting K into chunks to get them
# K up to which a skinny product keeps it whole (no partial sums to add: one dispatch, 64 steps a thread at most;
# a longer K is cut into chunks, as a GPU needs for a long K and a few columns)
_SKINNY_WHOLE_K = 256
# products of few tiles and a long K in chunks of K (_split_k); None: on GPUs (tests force it on lavapipe)
SPLIT_K: bool | None = None
# 128 x 128 tiles a product should have; with fewer, K is cut into chunks to make them (H200: QR's V^H A of 32 x 4096
# by 4096 x 4064 200 -> 90 us, V^H V 193 -> 34 us; at 256 tiles 1024^2 float32 fell from 25 to 11-19 TFLOP/s)
_SPLIT_TILES = 32
_SPLIT_MIN_K = 512  # the shortest chunk
_GRID = 65535


def matmul(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """The matrix product of x1 and x2 (NumPy's ``matmul``): the last two axes are matrices, the others broadcast
    as batch axes; a 1-D first operand is a row vector and a 1-D second one a column vector, the added axis then
    removed from the result. Integers give exact (wrapping) products and bool ``any(a and b)``; float16 adds in
    float32."""
    a, b = array_argument(x1, "matmul"), array_argument(x2, "matmul")
    key = None
    if out is None and a._ctx is b._ctx:
        key = ("matmul call", a._shape, a._strides, a._offset, b._shape, b._strides, b._offset, a._dtype, b._dtype,
               tuning.state())
        recorded = a._ctx.plans.get(key)
        if recorded is not None and not needs_addresses(a._ctx, [a, b]):
            shape, kernel, pieces, *order = recorded
            result = make_array(a._ctx, shape, a._dtype)
            allocations = (a._alloc, b._alloc, result._alloc)
            bound = tuple(allocations[i] for i in order[0]) if order else allocations
            _record(a._ctx, kernel, pieces, bound, [a._alloc, b._alloc], result._alloc)
            return result
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: operands must have at least one dimension (use multiply for scalars)")
    if a._ctx is not b._ctx:
        raise ValueError("matmul: the operands are on different devices")
    dtype = a._dtype if a._dtype is b._dtype else result_type(a, b)
    shape, a2, b2 = _as_matrices(a, b)
    if out is not None:
        _check_out(out, shape, "matmul")
        if not same_kind(dtype, out._dtype):
            raise TypeError(f"matmul: cannot write a {dtype} product into a {out.dtype} out (same-kind casting)")
    if a.ndim > 1 and b.ndim > 1:
        full = shape
    else:  # with the axis a 1-D operand gained, removed afterwards
        full = broadcast_shapes(a2._shape[:-2], b2._shape[:-2]) + (a2._shape[-2], b2._shape[-1])
    result = make_array(a._ctx, full, dtype)
    plan = _product(_cast(a2, dtype), _cast(b2, dtype), result, 1.0, 0.0, False)
    if full != shape:
        result = result.reshape(shape)
    if out is None:
        # (a product with a 1-D operand: its result's layout is the same without the added axis)
        if key is not None and plan is not None and a._dtype is dtype and b._dtype is dtype:
            # the next product of these layouts only records this plan (a 64 x 64 product's host time 46 -> 16 us)
            a._ctx.plans.remember(key, (shape, *plan))
        return result
    from .moving import _copy_into  # noqa: PLC0415

    _copy_into(out, result)
    return out


def gemm(a: Array, b: Array, out: Array, *, alpha: float = 1.0, beta: float = 0.0, band: int = 0,
         function: str = "matmul") -> Array:
    """out = alpha * (a @ b) + beta * out, in place, for a (..., M, K), b (..., K, N) and out (..., M, N) of one
    floating dtype; ``out`` may be any view (a submatrix of a larger matrix, say) and a, b any views. Batch axes
    of a and b broadcast to out's. ``band`` > 0: only out's lower triangle and its ``band`` x ``band`` diagonal
    blocks are wanted (blocked Cholesky's trailing update): the tiled kernel skips tiles above them, and what out
    holds there afterwards is unspecified. ``function``: the name errors give."""
    for x in (a, b, out):
        if not isinstance(x, Array):
            raise TypeError(f"{function}: expected arrays, got {type(x).__name__}")
        if x.ndim < 2:
            raise ValueError(f"{function}: operands must be matrices or stacks of matrices, got shape {x.shape}")
    dtype = out._dtype
    if dtype.kind not in "fc" or a._dtype is not dtype or b._dtype is not dtype:
        raise TypeError(f"{function}: gemm needs operands of one floating dtype, got {a.dtype}, {b.dtype}, "
                        f"{out.dtype}")
    m, k = a._shape[-2:]
    k2, n = b._shape[-2:]
    if k != k2 or out._shape[-2:] != (m, n):
        raise ValueError(f"{function}: shapes {a.shape} @ {b.shape} do not give {out.shape}")
    batch = broadcast_shapes(a._shape[:-2], b._shape[:-2], out._shape[:-2])
    if batch != out._shape[:-2]:
        raise ValueError(f"{function}: batch shapes {a.shape[:-2]} and {b.shape[:-2]} do not broadcast to "
                         f"{out.shape[:-2]}")
    _product(a, b, out, float(alpha), float(beta), True, band)
    return out


def _as_matrices(a: Array, b: Array) -> tuple[tuple[int, ...], Array, Array]:
    """The result's shape, and a and b as (stacks of) matrices (1-D operands as a row and a column)."""
    a2 = view(a, (1, a._shape[0]), (0, a._strides[0]), a._offset) if a.ndim == 1 else a
    b2 = view(b, (b._shape[0], 1), (b._strides[0], 0), b._offset) if b.ndim == 1 else b
    (m, k), (k2, n) = a2._shape[-2:], b2._shape[-2:]
    if k != k2:
        raise ValueError(f"matmul: the operands' core dimensions do not match: {a.shape} @ {b.shape} "
                         f"({k} is different from {k2})")
    try:
        batch = broadcast_shapes(a2._shape[:-2], b2._shape[:-2])
    except ValueError:
        raise ValueError(f"matmul: batch shapes {a.shape[:-2]} and {b.shape[:-2]} do not broadcast") from None
    shape = batch + ((m,) if a.ndim > 1 else ()) + ((n,) if b.ndim > 1 else ())
    return shape, a2, b2


def _check_out(out: Any, shape: tuple[int, ...], function: str) -> None:
    if not isinstance(out, Array):
        raise TypeError(f"{function}: out must be an array, got {type(out).__name__}")
    if out._shape != shape:
        raise ValueError(f"{function}: out has shape {out.shape}, the result has {shape}")


def _cast(x: Array, dtype: DType) -> Array:
    if x._dtype is dtype:
        return x
    from .elementwise import astype  # noqa: PLC0415

    return astype(x, dtype)


def _product(a: Array, b: Array, c: Array, alpha: float, beta: float, epilogue: bool, band: int = 0,
             split: bool = True) -> Any:
    """c = a @ b (``epilogue``: alpha * a @ b + beta * c) for operands of c's dtype with broadcast batch axes;
    ``band``: as :func:`gemm`'s; ``split``: K may be cut into chunks (:func:`_split_k`). Returns the launch plan
    (kernel, dispatches) where one plan of the tiled, cooperative, matrix-vector or skinny kernel over a and b
    themselves did the work and may be recorded again for the same layouts and a new contiguous c; else None."""
    if not c._size:
        return None
    if c._dtype.kind == "c":
        _complex_product(a, b, c, alpha, beta, epilogue, band)
        return None
    if a._shape[-1] == 0:  # an empty sum: zeros, or beta * c
        from .moving import _copy_into  # noqa: PLC0415

        if not epilogue:
            _copy_into(c, 0)
        elif beta != 1.0:
            from .elementwise import multiply  # noqa: PLC0415

            _copy_into(c, multiply(c, beta) if beta else 0)
        return None
    if c._strides[-1] != 1 and c._shape[-1] > 1:  # the kernel writes rows of contiguous columns
        _via_temporary(a, b, c, alpha, beta, epilogue)
        return None
    if c._size == c._shape[-2] * c._shape[-1]:
        done, plan = _matrix_vector(a, b, c, alpha, beta, epilogue)
        if done:
            return plan
        done, plan = _skinny(a, b, c, alpha, beta, epilogue)
        if done:
            return plan
    if split and not band and _split_k(a, b, c, alpha, beta, epilogue):
        return None
    a0, b0 = a, b
    a, b, whole = _coop_operands(a, b, c)
    batch = _batch_axes(a, b, c)
    if batch is None:  # more than two batch axes that do not merge: make the operands contiguous stacks
        shape = c._shape[:-2]
        a, b = _broadcast(a, shape).copy(), _broadcast(b, shape).copy()
        batch = _batch_axes(a, b, c)
        if batch is None:
            _via_temporary(a, b, c, alpha, beta, epilogue)
            return None
    plan = _launch(a, b, c, batch, alpha, beta, epilogue, whole, band)
    return plan if a is a0 and b is b0 else None


def _coop_operands(a: Array, b: Array, c: Array) -> tuple[Array, Array, bool]:
    """a and b as the cooperative-matrix kernel reads them fastest, and whether it may: where the product is large
    and an operand does not fill whole aligned tiles, a view of the same shape into a zero-padded copy that
    does (every tile's loads then skip the bounds checks: 1.5x faster on an H100)."""
    dtype = c._dtype
    m, k = a._shape[-2:]
    n = c._shape[-1]
    if dtype not in COOP_DTYPES or m * n * k < _COOP_PAD_WORK or not coop_available(c._ctx, dtype):
        return a, b, False
    sg_m, sg_n, fm, fn, bk = _coop_grid(dtype, m, n, size_of(c._shape[:-2]))
    bm, bn = sg_m * fm * FRAGMENT, sg_n * fn * FRAGMENT
    return _filling(a, bm, bk), _filling(b, bk, bn), True


def _coop_grid(dtype: DType, m: int, n: int, batches: int) -> tuple[int, int, int, int, int]:
    """The cooperative kernel's grid for m x n products (``batches`` of them): _COOP_GRID, or _COOP_SMALL_GRID where
    that would make few tiles; its step along K in ``dtype``'s elements."""
    sg_m, sg_n, fm, fn, _ = _COOP_GRID
    tiles = -(-m // (sg_m * fm * FRAGMENT)) * -(-n // (sg_n * fn * FRAGMENT)) * batches
    *grid, bk = _COOP_SMALL_GRID if tiles < _COOP_FEW_TILES and dtype.itemsize == 2 else _COOP_GRID
    return (*grid, bk * 2 // dtype.itemsize)


def _filling(x: Array, rows: int, cols: int) -> Array:
    """x, or a view of x's shape into a zero-padded contiguous copy whose matrices are whole multiples of rows x
    cols, where x's are not (or are not read in aligned runs). Broadcast batch axes (stride 0) stay broadcast: one
    padded copy of the matrix they repeat."""
    r, q = x._shape[-2:]
    rs, cs = x._strides[-2:]
    run = "k" if _run(rs, cs, "k", "m") == "k" else "m"
    batch = tuple(s for s, e in zip(x._strides[:-2], x._shape[:-2], strict=True) if e != 1)
    aligned = _aligned(x, rs if run == "k" else cs, batch, cs if run == "k" else rs, run_elements(x._dtype))
    if aligned and r % rows == 0 and q % cols == 0:
        return x
    from .moving import _copy_into  # noqa: PLC0415

    kept = tuple(1 if s == 0 else e for s, e in zip(x._strides[:-2], x._shape[:-2], strict=True))
    full = make_array(x._ctx, (*kept, -(-r // rows) * rows, -(-q // cols) * cols), x._dtype)
    _copy_into(full, 0)
    _copy_into(view(full, (*kept, r, q), full._strides, 0), view(x, (*kept, r, q), x._strides, x._offset))
    strides = tuple(0 if s == 0 else f for s, f in zip(x._strides[:-2], full._strides[:-2], strict=True))
    return view(full, x._shape, (*strides, *full._strides[-2:]), 0)


def _matrix_vector(a: Array, b: Array, c: Array, alpha: float, beta: float, epilogue: bool) -> tuple[bool, Any]:
    """One matrix-vector product where c is a column (a's rows contiguous) or a row (b's columns contiguous): (False,
    None) where neither, else (True, its launch plan where :func:`_record` can record it again, without buffer
    addresses or an epilogue: (kernel, dispatches, the bindings' order as indices into (a, b, c)); else None)."""
    (m, k), n = a._shape[-2:], c._shape[-1]
    if n == 1 and a._strides[-1] == 1:
        matrix, rows, row_stride = a, m, a._strides[-2]
        vector, x_stride, y_stride = b, b._strides[-2], c._strides[-2]
    elif m == 1 and b._strides[-2] == 1:
        matrix, rows, row_stride = b, n, b._strides[-1]
        vector, x_stride, y_stride = a, a._strides[-1], c._strides[-1]
    else:
        return False, None
    if not _int32(row_stride, x_stride, y_stride, matrix._offset, vector._offset, c._offset):
        return False, None
    ctx = c._ctx
    vec = matrix._offset % 4 == 0 and row_stride % 4 == 0 and x_stride == 1 and vector._offset % 4 == 0
    addresses = needs_addresses(ctx, [matrix, vector, c])
    kernel = ctx.kernels.get(MatvecSpec(c._dtype, vec, epilogue, addresses))
    head = addresses_of(matrix, vector, c) if addresses else ()
    push = kernel.pack(*head, rows, k, matrix._offset, vector._offset, c._offset, row_stride, x_stride, y_stride,
                       alpha, beta)
    groups = (min(-(-rows // kernel.groups_per), _GRID), 1, 1)
    ctx.stream.dispatch(kernel.pipeline, () if addresses else (matrix._alloc, vector._alloc, c._alloc), push,
                        groups=groups, reads=[matrix._alloc, vector._alloc] + ([c._alloc] if epilogue and beta else []),
                        writes=[c._alloc])
    return True, (kernel, [(push, groups)], (0, 1, 2) if matrix is a else (1, 0, 2)) \
        if not addresses and not epilogue else None


def _skinny(a: Array, b: Array, c: Array, alpha: float, beta: float, epilogue: bool) -> tuple[bool, Any]:
    """A product with at most SKINNY_ROWS rows (B's rows contiguous) or columns (A's columns contiguous, the
    transposed product), on its own kernel: (False, None) where neither, else (True, its launch plan as
    :func:`_matrix_vector` gives one, where it is one dispatch without partial sums, buffer addresses or an
    epilogue; else None)."""
    (m, k), n = a._shape[-2:], c._shape[-1]
    (ars, acs), (brs, bcs), (crs, ccs) = a._strides[-2:], b._strides[-2:], c._strides[-2:]
    if m <= SKINNY_ROWS and (bcs == 1 or n == 1):
        rows, cols, a2, b2, c2 = m, n, (a, ars, acs), (b, brs), (crs, ccs)
    elif n <= SKINNY_ROWS and (ars == 1 or m == 1):
        rows, cols, a2, b2, c2 = n, m, (b, bcs, brs), (a, acs), (ccs, crs)
    else:
        return False, None
    (x, xrs, xcs), (y, yrs), (zrs, zcs) = a2, b2, c2
    if not _int32(xrs, xcs, yrs, zrs, zcs, x._offset, y._offset, c._offset):
        return False, None
    ctx, dtype = c._ctx, c._dtype
    groups = -(-cols // SkinnySpec.groups_per)
    chunks = max(1, min(-(-k // 16), -(-_SKINNY_GROUPS // groups))) if k > _SKINNY_WHOLE_K else 1
    chunk = -(-k // chunks)
    chunks = -(-k // chunk)
    vec = y._offset % 4 == 0 and yrs % 4 == 0
    partial = make_array(ctx, (chunks, rows, cols), accumulator(dtype)) if chunks > 1 else None
    operands = [x, y, c] + ([partial] if partial is not None else [])
    addresses = needs_addresses(ctx, operands)
    spec = SkinnySpec(dtype, rows, vec, partial is not None, epilogue and partial is None, addresses)
    kernel = ctx.kernels.get(spec)
    sums = partial if partial is not None else c
    head = addresses_of(x, y, c, sums) if addresses else ()
    push = kernel.pack(*head, rows, cols, k, chunk, x._offset, xrs, xcs, y._offset, yrs, c._offset, zrs, zcs,
                       sums._offset, alpha, beta)
    ctx.stream.dispatch(kernel.pipeline, () if addresses else (x._alloc, y._alloc, c._alloc, sums._alloc), push,
                        groups=(groups, chunks, 1), reads=[x._alloc, y._alloc] + ([c._alloc] if epilogue else []),
                        writes=[sums._alloc])
    if partial is not None:
        _add_partials(partial, view(c, (rows, cols), (zrs, zcs), c._offset), alpha, beta, epilogue)
        return True, None
    order = (0, 1, 2, 2) if x is a else (1, 0, 2, 2)
    return True, (kernel, [(push, (groups, chunks, 1))], order) if not addresses and not epilogue else None


def _add_partials(partial: Array, target: Array, alpha: float, beta: float, epilogue: bool) -> None:
    """target = the sum of partial's products over its first axis, in order (``epilogue``: alpha times it plus beta
    times target), in one dispatch; through a contiguous copy where target's batch axes do not merge into one."""
    ctx = target._ctx
    shape, strides = target._shape, target._strides
    count = size_of(shape)
    if not count:
        return
    batch_shape, (batch_strides,) = merge_dims(shape[:-2], [strides[:-2]])  # one batch axis, else a copy
    last = target._offset + sum((extent - 1) * abs(step) for extent, step in zip(shape, strides, strict=True))
    if len(batch_shape) > 1 or not _int32(last, partial._offset + partial._size):
        from .moving import _copy_into  # noqa: PLC0415

        temporary = target.copy() if epilogue and beta else make_array(ctx, shape, target._dtype)
        _add_partials(partial, temporary, alpha, beta, epilogue)
        _copy_into(target, temporary)
        return
    rows, cols = shape[-2:]
    operands = [partial, target]
    addresses = needs_addresses(ctx, operands)
    kernel = ctx.kernels.get(PartialSumSpec(target._dtype, epilogue, addresses))
    head = addresses_of(partial, target) if addresses else ()
    push = kernel.pack(*head, partial._shape[0], count, rows, cols, target._offset, batch_strides[0], *strides[-2:],
                       partial._offset, alpha, beta)
    ctx.stream.dispatch(kernel.pipeline, () if addresses else (partial._alloc, target._alloc), push,
                        groups=(grid(kernel, count, ctx.max_groups), 1, 1),
                        reads=[partial._alloc] + ([target._alloc] if epilogue else []), writes=[target._alloc])


def _split_k(a: Array, b: Array, c: Array, alpha: float, beta: float, epilogue: bool) -> bool:
    """c = a @ b (and its epilogue) for a float32 or float64 product of few tiles and a long K, as a batch of
    products over chunks of K into partial sums that one dispatch adds in order (deterministic); False where the
    product is not one. Each of the tiled kernel's workgroups walks the whole of K, so such a product ran on a few
    of them (the large QR's V^H A: 32 x 4064 by 4096, 32 workgroups)."""
    ctx, dtype = c._ctx, c._dtype
    if dtype.kind != "f" or dtype.itemsize < 4 or not (SPLIT_K if SPLIT_K is not None
                                                       else not ctx.on_cpu):
        return False
    m, k = a._shape[-2:]
    n = c._shape[-1]
    batch = c._shape[:-2]
    tiles = -(-m // 128) * -(-n // 128) * size_of(batch)
    chunks = min(k // _SPLIT_MIN_K, _SPLIT_TILES // tiles)
    if chunks < 2:
        return False
    kc = -(-k // chunks)
    full = k // kc  # chunks of kc, then one of the rest
    partial = make_array(ctx, (full + (k > full * kc), *c._shape), dtype)
    a, b = _broadcast(a, batch), _broadcast(b, batch)
    acs, brs = a._strides[-1], b._strides[-2]
    a_chunks = view(a, (full, *a._shape[:-1], kc), (kc * acs, *a._strides), a._offset)
    b_chunks = view(b, (full, *batch, kc, n), (kc * brs, *b._strides), b._offset)
    head = view(partial, (full, *c._shape), partial._strides, partial._offset)
    _product(a_chunks, b_chunks, head, 1.0, 0.0, False, split=False)
    if k > full * kc:
        rest = k - full * kc
        a_rest = view(a, (*a._shape[:-1], rest), a._strides, a._offset + full * kc * acs)
        b_rest = view(b, (*batch, rest, n), b._strides, b._offset + full * kc * brs)
        last = view(partial, c._shape, partial._strides[1:], partial._offset + full * partial._strides[0])
        _product(a_rest, b_rest, last, 1.0, 0.0, False, split=False)
    _add_partials(partial, c, alpha, beta, epilogue)
    return True


def _via_temporary(a: Array, b: Array, c: Array, alpha: float, beta: float, epilogue: bool) -> None:
    """The product into a new contiguous array, then copied into the view c."""
    from .moving import _copy_into  # noqa: PLC0415

    target = make_array(c._ctx, c._shape, c._dtype)
    if epilogue and beta:
        _copy_into(target, c)
    _product(a, b, target, alpha, beta, epilogue)
    _copy_into(c, target)


def _broadcast(x: Array, batch: tuple[int, ...]) -> Array:
    from .manipulation import broadcast_to  # noqa: PLC0415

    return broadcast_to(x, batch + x._shape[-2:])


def _batch_axes(a: Array, b: Array, c: Array) -> list[tuple[int, int, int, int]] | None:
    """c's batch axes merged where all three operands allow, as (extent, a stride, b stride, c stride), at most
    two of them (None: more remain)."""
    nd = c.ndim - 2
    axes = []
    for i in range(nd):
        extent = c._shape[i]
        if extent == 1:
            continue
        strides = []
        for x in (a, b, c):
            j = i - (nd - (x.ndim - 2))
            strides.append(x._strides[j] if j >= 0 and x._shape[j] != 1 else 0)
        if axes and all(prev == s * extent for prev, s in zip(axes[-1][1:], strides, strict=True)):
            axes[-1] = (axes[-1][0] * extent, *strides)
        else:
            axes.append((extent, *strides))
    if len(axes) > 2:
        return None
    while len(axes) < 2:
        axes.insert(0, (1, 0, 0, 0))
    return axes


def _int32(*values: int) -> bool:
    """Whether every offset and stride fits the kernels' 32-bit signed element arithmetic."""
    return all(abs(value) <= _INT_MAX for value in values)


def _tile(dtype: DType, m: int, n: int) -> Tile:
    if dtype.itemsize == 8:
        return _WIDE
    return _BIG if m >= 1024 and n >= 1024 else _SMALL


def _run(stride_r: int, stride_c: int, inner: str, outer: str) -> str:
    """The axis along which a thread reads four elements: the one of stride 1 (the inner one if neither)."""
    return outer if stride_r == 1 and stride_c != 1 else inner


def _aligned(x: Array, other_stride: int, batch_strides: tuple[int, int], run_stride: int, width: int = 4) -> bool:
    """Whether runs of ``width`` elements of x along its unit stride start ``width``-aligned (one vector read)."""
    return run_stride == 1 and x._offset % width == 0 and other_stride % width == 0 \
        and all(s % width == 0 for s in batch_strides)


def _launch(a: Array, b: Array, c: Array, batch: list[tuple[int, int, int, int]], alpha: float, beta: float,
            epilogue: bool, whole: bool = False, band: int = 0) -> Any:
    """The tiled or cooperative-matrix kernel over the batch axes; ``whole``: a and b fill whole aligned tiles of
    the cooperative kernel (:func:`_coop_operands`); ``band``: as :func:`gemm`'s (the tiled kernel only). Returns
    the plan it recorded (kernel, dispatches) where plans are kept by layout (no buffer addresses), else None.

    What a layout records (kernel, push constants, grids) is kept in the context's plan cache by everything it
    depends on, so that a loop of products of one layout (a blocked factorization's updates, a model's layers)
    pays for the planning once: a 64 x 64 product's host time 34.8 -> 14.5 us (descriptors; with buffer addresses the
    push constants hold the addresses, and every product is planned)."""
    ctx = c._ctx
    reads = [a._alloc, b._alloc, c._alloc] if epilogue and beta else [a._alloc, b._alloc]
    addresses = needs_addresses(ctx, [a, b, c])
    key = None
    if not addresses:
        key = ("matmul", c._dtype, a._shape[-2:], a._strides[-2:], a._offset, b._shape[-1], b._strides[-2:],
               b._offset, c._strides[-2], c._offset, tuple(batch), alpha, beta, epilogue, whole, band,
               tuning.state())
        plan = ctx.plans.get(key)
        if plan is not None:
            _record(ctx, *plan, (a._alloc, b._alloc, c._alloc), reads, c._alloc)
            return plan
    m, k = a._shape[-2:]
    n = c._shape[-1]
    (n1, sa1, sb1, sc1), (n2, sa2, sb2, sc2) = batch
    ars, acs = a._strides[-2:]
    brs, bcs = b._strides[-2:]
    crs = c._strides[-2]
    if not _int32(ars, acs, brs, bcs, crs, sa1, sa2, sb1, sb2, sc1, sc2, a._offset, b._offset, c._offset):
        raise ValueError("matmul: operands of more than 2^31 elements are not supported yet")
    a_run, b_run = _run(ars, acs, "k", "m"), _run(brs, bcs, "n", "k")
    dtype = c._dtype
    coop = dtype in COOP_DTYPES and coop_available(ctx, dtype)
    width = run_elements(dtype) if coop else 4  # the cooperative kernel reads 16 bytes at once
    a_vec = _aligned(a, ars if a_run == "k" else acs, (sa1, sa2), acs if a_run == "k" else ars, width)
    b_vec = _aligned(b, brs if b_run == "n" else bcs, (sb1, sb2), bcs if b_run == "n" else brs, width)
    c_vec = c._offset % 4 == 0 and crs % 4 == 0 and sc1 % 4 == 0 and sc2 % 4 == 0
    head = addresses_of(a, b, c) if addresses else ()
    resources = () if addresses else (a._alloc, b._alloc, c._alloc)

    def plan_of(spec: Any) -> tuple[Any, list[tuple[bytes, tuple[int, int, int]]]]:
        kernel = ctx.kernels.get(spec)
        tiles_m, tiles_n = -(-m // spec.bm), -(-n // spec.bn)
        total = tiles_m * tiles_n * n1 * n2
        per_dispatch = _GRID * _GRID
        pieces = []
        for start in range(0, total, per_dispatch):
            count = min(per_dispatch, total - start)
            gx = min(count, _GRID)
            push = kernel.pack(*head, m, n, k, tiles_m, tiles_n, total, start, n2,
                               a._offset, ars, acs, sa1, sa2, b._offset, brs, bcs, sb1, sb2,
                               c._offset, crs, sc1, sc2, alpha, beta)
            pieces.append((push, (gx, -(-count // gx), 1)))
        return kernel, pieces

    def dispatch(spec: Any) -> Any:
        plan = plan_of(spec)
        if key is not None:
            ctx.plans.remember(key, plan)
        _record(ctx, *plan, resources, reads, c._alloc)
        return plan if key is not None else None

    if coop:
        grid = _coop_grid(dtype, m, n, n1 * n2)
        spec = CoopMatmulSpec(dtype, ctx.device.physical.subgroup_size, *grid, a_run, b_run, a_vec, b_vec,
                              epilogue, addresses)
        inside = whole or (a_vec and b_vec and m % spec.bm == 0 and n % spec.bn == 0 and k % spec.bk == 0)
        return dispatch(dataclasses.replace(spec, checked=not inside))

    def tiled(tile: Tile) -> MatmulSpec:
        inside = _UNCHECKED_TILES and a_vec and b_vec and m % tile.bm == 0 and n % tile.bn == 0 and k % tile.bk == 0
        return MatmulSpec(dtype, tile, a_run, b_run, a_vec, b_vec, c_vec, epilogue, addresses, checked=not inside,
                          band=band)

    # timing candidates writes c each time: only where c is not also read (beta = 0)
    timed_run = None if epilogue and beta else lambda tile: _record(ctx, *plan_of(tiled(tile)), resources, reads,
                                                                  c._alloc)
    return dispatch(tiled(matmul_tuning.tile_for(ctx, dtype, n1 * n2, m, n, k, _tile(dtype, m, n), timed_run)))


def _record(ctx: Any, kernel: Any, pieces: list[tuple[bytes, tuple[int, int, int]]], resources: tuple[Any, ...],
            reads: list[Any], written: Any) -> None:
    """Record a product's dispatches (one, unless its tiles exceed a grid)."""
    for push, groups in pieces:
        ctx.stream.dispatch(kernel.pipeline, resources, push, groups=groups, reads=reads, writes=[written])


def _complex_product(a: Array, b: Array, c: Array, alpha: float, beta: float, epilogue: bool, band: int = 0) -> None:
    """Four real products over the parts (views of a's and b's memory): (ar + i ai)(br + i bi) =
    (ar br - ai bi) + i (ar bi + ai br), each part of c summed in a contiguous array, then copied into c."""
    from .moving import _copy_into  # noqa: PLC0415

    ar, ai, br, bi = _part_view(a, 0), _part_view(a, 1), _part_view(b, 0), _part_view(b, 1)
    for part, terms in ((0, ((ar, br, 1.0), (ai, bi, -1.0))), (1, ((ar, bi, 1.0), (ai, br, 1.0)))):
        target = _part_view(c, part)
        total = make_array(c._ctx, c._shape, target._dtype)
        if epilogue and beta:
            _copy_into(total, target)
        (x1, y1, s1), (x2, y2, s2) = terms
        _product(x1, y1, total, s1 * alpha, beta if epilogue else 0.0, True, band)
        _product(x2, y2, total, s2 * alpha, 1.0, True, band)
        _copy_into(target, total)
