"""Sorting and searching: ``sort``, ``argsort``, ``topk``, ``searchsorted`` (the order statistics built on sorts:
:mod:`.quantiles`).

Every sort runs on the GPU (``array/kernels/sort.py``): the sorted axis is moved last and the array made
contiguous (a copy only where it is not already), then rows of at most a workgroup's tile are sorted in shared
memory by one dispatch, and anything longer by a stable LSD radix sort, 8 bits a pass, each row on its own (a
segmented sort), that skips the passes whose digit every element shares. Sorts are stable (argsort's
``stable=False`` too). Floats sort as NumPy sorts them: NaNs last (first when descending, the reverse of the
ascending order, as the array API's reference implementation does), -0.0 and 0.0 equal (kept in input order) and
returned as they were, except in a radix sort of float values with ``stable=False``, whose keys keep every bit
(-0.0 before 0.0, NaNs in the order of their bits) so that no fix-up pass restores lost zeros and payloads;
complex numbers in NumPy's order (``complex_order``). Nothing here waits for the GPU but ``searchsorted``'s check
of a ``sorter``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array, asarray_like, make_array, upload
from ..dtypes import DType, as_dtype, int32, int64
from ..dtypes import result_type as _result_type
from ..kernels import select, sort_glsl
from ..kernels.glsl import division_magic
from ..kernels.sort import MODE_FIRST, MODE_LAST, STATE_COUNTS, RadixSpec, TileSortSpec
from ..kernels.sort_complex import ComplexKeySpec
from ..kernels.sort_search import SearchSpec
from ..layout import normalize_axes
from . import elementwise as ew
from .recording import run_recorded

# The most elements one sort takes: indices are 32-bit, and grid-stride loops must not wrap.
MOST = (1 << 32) - (1 << 28)
# Elements a thread ranks at once in a radix sort (its tiles ranked and scattered in chunks of that many a thread,
# the tiles' size unchanged, each chunk's loads issued while the one before is ranked). On an H100, 4 a thread sorted
# 2^24 float32 21 % faster than 16 (2 was slower again); loading the next chunk early took sort 0.37 -> 0.43x PyTorch,
# stable argsort 0.43 -> 0.50x, and the rows of 8192^2 in chunks 0.45 -> 0.66x (they had ranked 16 a thread).
CHUNK_ITEMS = 4


# -- launching ---------------------------------------------------------------------------------------------------
def index_dtype(ctx: Any) -> DType:
    """The default index dtype of ``ctx``'s device (int64 where it has 64-bit integers)."""
    return int64 if "int64" in ctx.dtypes else int32


def wants_addresses(ctx: Any, arrays: list[Any], what: str) -> bool:
    """Whether kernels over ``arrays`` (Arrays or Allocations) reach them through buffer addresses: where asked
    for, or where one is larger than a descriptor binds."""
    if ctx.buffer_addresses:
        return True
    largest = max((getattr(a, "_alloc", a).size for a in arrays), default=0)
    if largest <= ctx.binding_limit:
        return False
    if not ctx.device.features.get("buffer_device_address"):
        raise ValueError(f"{what}: an array of {largest} bytes is more than {ctx.device.physical.name} can bind "
                         f"(maxStorageBufferRange {ctx.binding_limit}) and it has no buffer device addresses")
    return True


def dispatch(ctx: Any, kernel: Any, buffers: list[Any], reads: list[Any], writes: list[Any],
             scalars: tuple[int, ...], groups: tuple[int, int, int]) -> None:
    """Record ``kernel`` over ``buffers`` (Allocations, in the spec's order: bound, or their addresses pushed),
    with the uint ``scalars`` after them; ``reads``/``writes`` order it against other work. A buffer bound but in
    neither (a placeholder for a binding the kernel does not use) counts as written: the validation layers take
    every binding as used, and a fresh allocation's range may still be written by its previous owner, which
    only a write waits for."""
    writes = [*writes, *(b for b in dict.fromkeys(buffers) if b not in reads and b not in writes)]
    if kernel.addresses:
        push = kernel.pack(*[a._addr or a.address for a in buffers], *scalars)
        ctx.stream.dispatch(kernel.pipeline, (), push, groups, reads=reads, writes=writes)
    else:
        ctx.stream.dispatch(kernel.pipeline, buffers, kernel.pack(*scalars), groups, reads=reads, writes=writes)


def grid(ctx: Any, tiles: int) -> tuple[int, int, int]:
    """A 2-D grid of at least ``tiles`` workgroups (kernels number them y * gx + x, gx the first value)."""
    gx = max(1, min(tiles, ctx.max_groups))
    return gx, -(-tiles // gx), 1


def scratch(ctx: Any) -> Any:
    """A small allocation bound where a kernel's buffer goes unused."""
    return make_array(ctx, (4,), int32)._alloc


def check_sortable(x: Any, name: str, complex_too: bool = False) -> Array:
    """``x`` as a vulkit Array of a real dtype (or complex, ``complex_too``); TypeError otherwise."""
    if not isinstance(x, Array):
        raise TypeError(f"{name}: expected a vulkit array, got {type(x).__name__}")
    if x._dtype.kind not in ("biufc" if complex_too else "biuf"):
        raise TypeError(f"{name}: arrays of {x._dtype.name} cannot be sorted here (real dtypes only)")
    return x


def gather_along_last(x: Array, order: Array) -> Array:
    """x[..., order] row by row (take_along_axis); complex128 moves as pairs of float64 (the gather kernel moves
    elements of at most 8 bytes)."""
    from ..array import _new
    from .gather import take_along_axis

    if x._dtype.itemsize <= 8:
        return take_along_axis(x, order, axis=-1, mode="clip")
    part = x._dtype.component
    pairs = _new(x._ctx, x._alloc, (*x.shape, 2), (*(2 * st for st in x._strides), 1), 2 * x._offset, part, False)
    moved = take_along_axis(pairs, order[..., None], axis=-2, mode="clip")
    return _new(x._ctx, moved._alloc, order.shape, tuple(st // 2 for st in moved._strides[:-1]), moved._offset // 2,
                x._dtype, True)


def complex_order(x: Array, rows: int, n: int, descending: bool) -> tuple[Array, Array, Array | None]:
    """The indices within the row that sort the rows of the contiguous complex ``x`` in NumPy's order
    (kernels/sort_complex.py), flat, and the keys (high, and low for complex128) in x's order."""
    ctx = x._ctx
    high = make_array(ctx, (rows * n,), as_dtype(np.uint64))
    low = make_array(ctx, (rows * n,), as_dtype(np.uint64)) if x._dtype.itemsize == 16 else None
    written = [high._alloc, *([low._alloc] if low is not None else [])]
    spec = ComplexKeySpec(x._dtype, wants_addresses(ctx, [x, high], "sort"))
    groups = max(1, min(-(-(rows * n) // 256), ctx.max_groups))
    dispatch(ctx, ctx.kernels.get(spec), [x._alloc, high._alloc, written[-1]], [x._alloc], written,
             (rows * n, x._offset), (groups, 1, 1))
    if low is None:
        return sort_rows(high, rows, n, descending, False, True, "sort")[1], high, None
    first = sort_rows(low, rows, n, descending, False, True, "sort")[1].reshape((rows, n))
    from .gather import take_along_axis

    then = take_along_axis(high.reshape((rows, n)), first, axis=-1, mode="clip")
    second = sort_rows(then, rows, n, descending, False, True, "sort")[1].reshape((rows, n))
    return take_along_axis(first, second, axis=-1, mode="clip").reshape((rows * n,)), high, low


# -- the sort of rows ------------------------------------------------------------------------------------------
def sort_rows(x: Array, rows: int, n: int, descending: bool, values: bool, index: bool,
              name: str = "sort", shape: tuple[int, ...] | None = None,
              stable: bool = True) -> tuple[Array | None, Array | None]:
    """Sort the ``rows`` rows of ``n`` elements of the contiguous ``x`` (stable): the sorted values and/or the
    indices within the row that sort them, as contiguous arrays (flat, or of ``shape``). ``stable`` False: float
    values sorted alone by the radix sort may take -0.0 before 0.0 and NaNs in the order of their bits (keys that
    keep every value's bits: no fix-up after)."""
    ctx, dtype = x._ctx, x._dtype
    total = rows * n
    if total > MOST:
        raise ValueError(f"{name}: arrays of at most {MOST} elements can be sorted, got {total}")
    out_shape = (total,) if shape is None else shape
    out_v = make_array(ctx, out_shape, dtype) if values else None
    out_i = make_array(ctx, out_shape, index_dtype(ctx)) if index else None
    if total == 0:
        return out_v, out_i
    if n == 1:
        if out_v is not None:
            ctx.stream.copy(x._alloc, out_v._alloc, total * dtype.itemsize, x._offset * dtype.itemsize)
        if out_i is not None:
            ctx.stream.fill(out_i._alloc, 0)
        return out_v, out_i
    key_bytes = 8 if dtype.itemsize == 8 else 4
    tile = sort_glsl.geometry(ctx, key_bytes)
    if n <= tile.tile:
        ov, oi, written = _outputs(ctx, out_v, out_i)
        # the one dispatch kept by layout (not where it pushes buffer addresses: they are the allocations themselves)
        key = None if wants_addresses(ctx, [x, *written], name) else \
            ("tile sort", x._shape, x._offset, dtype, rows, n, descending, values, index, index_dtype(ctx), tile)
        run_recorded(ctx, key, [x._alloc, ov, oi],
                     lambda: _tile_sort(x, rows, n, descending, out_v, out_i, ov, oi, written, tile, name))
    else:
        chunk = sort_glsl.geometry(ctx, key_bytes, items=min(CHUNK_ITEMS, tile.items))
        exact = not stable and dtype.kind == "f" and out_i is None
        _radix_sort(x, rows, n, descending, out_v, out_i, chunk, name, tile.items // chunk.items, exact)
    return out_v, out_i


def _outputs(ctx: Any, out_v: Array | None, out_i: Array | None) -> tuple[Any, Any, list[Any]]:
    spare = scratch(ctx) if out_v is None or out_i is None else None
    ov = out_v._alloc if out_v is not None else spare
    oi = out_i._alloc if out_i is not None else spare
    return ov, oi, [a._alloc for a in (out_v, out_i) if a is not None]


def _tile_sort(x: Array, rows: int, n: int, descending: bool, out_v: Array | None, out_i: Array | None, ov: Any,
               oi: Any, written: list[Any], shape: sort_glsl.Geometry, name: str) -> None:
    """Rows of at most a tile: ``rt`` rows per workgroup, the smallest tile that holds a row (into the allocations
    ``ov`` and ``oi``: out_v's and out_i's, or a scratch one for an output not wanted)."""
    ctx = x._ctx
    items = 1
    while shape.wg * items < n:
        items *= 2
    geometry = sort_glsl.Geometry(shape.wg, items, shape.nsg)
    rt = max(1, min(geometry.tile // n, 255))
    tiles = -(-rows // rt)
    addresses = wants_addresses(ctx, [x, *written], name)
    spec = TileSortSpec(x._dtype, descending, out_v is not None, out_i is not None,
                        index_dtype(ctx).itemsize, geometry, addresses)
    groups = grid(ctx, tiles)
    dispatch(ctx, ctx.kernels.get(spec), [x._alloc, ov, oi], [x._alloc], written,
             (n, rows * n, rt, groups[0], tiles, x._offset), groups)


def _radix_sort(x: Array, rows: int, n: int, descending: bool, out_v: Array | None, out_i: Array | None,
                shape: sort_glsl.Geometry, name: str, chunks: int = 1, exact: bool = False) -> None:
    """The global radix sort: one pass per digit of the key, each row sorted on its own (see kernels/sort.py);
    tiles of ``chunks`` times ``shape``'s, ranked and scattered a chunk at a time; ``exact``: float keys that keep
    every value's bits (no fix-up of lost zeros and NaNs)."""
    ctx, dtype = x._ctx, x._dtype
    total = rows * n
    passes = -(-sort_glsl.key_bits(dtype) // 8)
    values = "always" if out_i is not None else "none"
    keys = [make_array(ctx, (total,), dtype) for _ in range(2)]  # keys stored at the dtype's width
    vals = [make_array(ctx, (total,), as_dtype(np.uint32)) for _ in range(2)] if values != "none" else []
    per_row = -(-n // (shape.tile * chunks))
    tiles = rows * per_row
    hist = make_array(ctx, (256 * tiles,), as_dtype(np.uint32))
    state = make_array(ctx, (STATE_COUNTS + 256 * passes,), as_dtype(np.uint32))
    ov, oi, written = _outputs(ctx, out_v, out_i)
    spare = vals[0]._alloc if vals else scratch(ctx)
    v0, v1 = (vals[0]._alloc, vals[1]._alloc) if vals else (spare, spare)
    buffers = [x._alloc, keys[0]._alloc, keys[1]._alloc, v0, v1, hist._alloc, state._alloc, ov, oi]
    moving = [keys[0]._alloc, keys[1]._alloc, *([v0, v1] if vals else [])]
    addresses = wants_addresses(ctx, [x, *keys, *vals, hist, *(a for a in (out_v, out_i) if a is not None)], name)

    def kernel(stage: str) -> Any:
        return ctx.kernels.get(RadixSpec(stage, dtype, descending, passes, rows > 1, values, out_v is not None,
                                         out_i is not None, index_dtype(ctx).itemsize, shape,
                                         sort_glsl.scoped_atomics(ctx), addresses, chunks, exact))

    mg, sh = division_magic(n) if rows > 1 else (0, 0)
    groups = grid(ctx, tiles)
    row_groups = grid(ctx, rows)

    def scalars(step: int = 0, mode: int = 0, gx: int = groups[0]) -> tuple[int, ...]:
        return (n, total, tiles, gx, 8 * step, step, mode, mg, sh, x._offset, per_row)

    s = state._alloc

    def record() -> None:
        ctx.stream.fill(s, 0)
        # NOTE: few workgroups, each flushing its histograms by passes * 256 atomics: 2048 of them put 2M atomics on
        # 1024 words for 2^24 keys
        spread = max(1, min(-(-total // (shape.wg * 32)), 512, ctx.max_groups))
        dispatch(ctx, kernel("histogram"), buffers, [x._alloc], [s], scalars(), (spread, 1, 1))
        dispatch(ctx, kernel("plan"), buffers, [s], [s], scalars(), (1, 1, 1))
        for step in range(passes):
            mode = (MODE_FIRST if step == 0 else 0) | (MODE_LAST if step == passes - 1 else 0)
            reads = [x._alloc, *moving, s]
            dispatch(ctx, kernel("upsweep"), buffers, reads, [hist._alloc], scalars(step, mode), groups)
            if rows > 1:
                dispatch(ctx, kernel("rowspine"), buffers, [s, hist._alloc], [hist._alloc],
                         scalars(step, mode, row_groups[0]), row_groups)
            else:
                dispatch(ctx, kernel("spine"), buffers, [s, hist._alloc], [hist._alloc], scalars(step, mode),
                         (256, 1, 1))
            targets = written if step == passes - 1 else moving
            dispatch(ctx, kernel("scatter"), buffers, [*reads, hist._alloc], targets, scalars(step, mode), groups)
        if dtype.kind == "f" and out_v is not None and out_i is None and not exact:  # zeros' signs, NaN payloads
            dispatch(ctx, kernel("fixcount"), buffers, [x._alloc, s], [hist._alloc], scalars(), groups)
            dispatch(ctx, kernel("fixspine"), buffers, [s, ov, hist._alloc], [hist._alloc], scalars(gx=row_groups[0]),
                     row_groups)
            dispatch(ctx, kernel("fixwrite"), buffers, [x._alloc, s, hist._alloc], [ov], scalars(), groups)

    # the dispatches kept by layout (not where they push buffer addresses: those are the allocations themselves)
    key = None if addresses else ("radix sort", dtype, rows, n, descending, out_v is not None, out_i is not None,
                                  index_dtype(ctx), shape, chunks, x._offset, exact)
    run_recorded(ctx, key, buffers, record)


# -- sort, argsort, topk -------------------------------------------------------------------------------------------
def _along_last(x: Array, axis: int, name: str) -> tuple[Array, tuple[int, ...], int]:
    """x with ``axis`` moved last, contiguous; the order of axes that moves it back, and the axis."""
    if x.ndim == 0:
        normalize_axes(axis, 0, name)  # the standard's [-N, N) is empty: AxisError
    (axis,) = normalize_axes(axis, x.ndim, name)
    order = [i for i in range(x.ndim) if i != axis] + [axis]
    moved = x.permute_dims(tuple(order)) if axis != x.ndim - 1 else x
    if not moved._contig:
        moved = moved.copy()
    back = tuple(sorted(range(x.ndim), key=order.__getitem__))  # the inverse permutation
    return moved, back, axis


def _sorted(x: Array, axis: int, descending: bool, values: bool, index: bool,
            name: str, stable: bool = True) -> tuple[Array | None, Array | None]:
    x = check_sortable(x, name, complex_too=name != "topk")
    moved, back, axis = _along_last(x, axis, name)
    n = x.shape[axis]
    rows = moved.size // n if n else 0
    if x._dtype.kind == "c" and moved.size:
        order = complex_order(moved, rows, n, bool(descending))[0].reshape(moved.shape)
        out_v = gather_along_last(moved, order) if values else None
        out_i = order if index else None
    else:
        out_v, out_i = sort_rows(moved, rows, n, bool(descending), values, index, name, moved.shape, stable)

    def shaped(a: Array | None) -> Array | None:
        if a is None:
            return None
        if a._shape != moved.shape:
            a = a.reshape(moved.shape)
        return a.permute_dims(back) if x.ndim > 1 and axis != x.ndim - 1 else a

    return shaped(out_v), shaped(out_i)


def _numpy_habits(x: Array, axis: int | None, kind: str | None, name: str) -> tuple[Array, int, bool]:
    """NumPy's ``axis=None`` (the flattened array) and ``kind`` (checked as NumPy reads it, by its first letter:
    quicksort, mergesort, heapsort, stable): x, the axis, and whether the kind need not be stable (quicksort,
    heapsort: :func:`sort` takes them as ``stable=False``; every argsort runs the stable sort)."""
    first = kind[:1].lower() if isinstance(kind, str) else None
    if kind is not None and first not in ("q", "m", "h", "s"):
        raise ValueError(f"{name}: sort kind must be one of 'quick', 'heap', or 'stable' (got {kind!r})")
    if axis is None:
        x = check_sortable(x, name, complex_too=True)
        return x.reshape((x.size,)), -1, first in ("q", "h")
    return x, axis, first in ("q", "h")


def sort(x: Array, /, axis: int | None = -1, kind: str | None = None, *, descending: bool = False,
         stable: bool = True) -> Array:
    """A sorted copy of ``x`` along ``axis`` (NaNs last, first when ``descending``; complex numbers in NumPy's
    order: by real part, then imaginary part, those with a NaN part last). NumPy's ``axis=None`` sorts the
    flattened array. Stable, -0.0 and 0.0 equal in input order, unless ``stable=False`` (or NumPy's ``kind``
    "quicksort" or "heapsort"): then long float rows may hold -0.0 before 0.0 and their NaNs in the order of their
    bits (every value's bits kept, no kernels after the radix passes to put lost zeros and NaN payloads back)."""
    x, axis, quick = _numpy_habits(x, axis, kind, "sort")
    return _sorted(x, axis, descending, True, False, "sort", stable=bool(stable) and not quick)[0]


def argsort(x: Array, /, axis: int | None = -1, kind: str | None = None, *, descending: bool = False,
            stable: bool = True) -> Array:
    """The indices (default index dtype) that sort ``x`` along ``axis``; ties keep their order, also when
    ``descending`` (then NaNs come first). NumPy's ``axis=None`` and ``kind`` as :func:`sort`."""
    x, axis, _ = _numpy_habits(x, axis, kind, "argsort")
    return _sorted(x, axis, descending, False, True, "argsort")[1]


def topk(x: Array, k: int, /, *, axis: int = -1, largest: bool = True, sorted: bool = True) -> tuple[Array, Array]:  # noqa: A002
    """The ``k`` largest (``largest=False``: smallest) elements along ``axis`` and their indices, as PyTorch's
    ``torch.topk``: (values, indices), in order (NaN counts as the largest); ties in input order."""
    x = check_sortable(x, "topk")
    if x.ndim == 0:
        x = x.reshape((1,))
        if not -1 <= axis <= 0:
            normalize_axes(axis, 1, "topk")
        axis = -1
        values, indices = topk(x, k, axis=axis, largest=largest, sorted=sorted)
        return values.reshape(()), indices.reshape(())
    (axis,) = normalize_axes(axis, x.ndim, "topk")
    k = int(k)
    if not 0 <= k <= x.shape[axis]:
        raise ValueError(f"topk: k = {k} is out of range for an axis of {x.shape[axis]} elements")
    moved, back, axis = _along_last(x, axis, "topk")
    n = x.shape[axis]
    rows = moved.size // n if n else 0
    if rows and k and n > _tile_of(x) and 4 * k <= n:  # selection, then a sort of k: less than sorting n
        values, indices = _best_of_rows(moved.reshape((rows, n)), k, largest)
        shape = (*moved.shape[:-1], k)
        values, indices = values.reshape(shape), indices.reshape(shape)
        if x.ndim > 1 and axis != x.ndim - 1:
            values, indices = values.permute_dims(back), indices.permute_dims(back)
        return values.copy() if not values._contig else values, indices.copy() if not indices._contig else indices
    values, indices = _sorted(x, axis, largest, True, True, "topk")
    key = tuple(slice(None) if i != axis else slice(0, k) for i in range(x.ndim))
    return values[key].copy(), indices[key].copy()


def _tile_of(x: Array) -> int:
    """The longest row the shared-memory sort takes in one dispatch for x's keys."""
    return sort_glsl.geometry(x._ctx, 8 if x._dtype.itemsize == 8 else 4).tile


def _selected(x: Array, k: int, largest: bool) -> Array:
    """The places (uint32, in input order) of the k best elements of each row of the contiguous (rows, n) x, by
    radix select (kernels/select.py): a pass per 8-bit digit of the keys, then one pass that writes them."""
    ctx, dtype = x._ctx, x._dtype
    rows, n = x.shape
    tpr = -(-n // select.TILE)
    tiles = rows * tpr
    key_width = 64 if dtype.itemsize == 8 else 32
    state = np.zeros((rows, select.STATE_WORDS), np.uint32)
    state[:, 2] = k
    counters = make_array(ctx, (rows * 256,), as_dtype(np.uint32))
    states = upload(ctx, state.reshape(-1))
    counts = make_array(ctx, (2 * tiles,), as_dtype(np.uint32))
    places = make_array(ctx, (rows, k), as_dtype(np.uint32))
    arrays = [x, counters, states, counts, places]
    buffers = [a._alloc for a in arrays]
    addresses = wants_addresses(ctx, arrays, "topk")
    scoped = sort_glsl.scoped_atomics(ctx)

    def run(stage: str, reads: list[Array], writes: list[Array], groups: tuple[int, int, int], shift: int = 0,
            mask: int = 0) -> None:
        kernel = ctx.kernels.get(select.SelectSpec(stage, dtype, largest, scoped, addresses))
        scalars = (n, rows, tpr, k, shift, mask & 0xFFFFFFFF, mask >> 32, x._offset, groups[0])
        dispatch(ctx, kernel, buffers, [a._alloc for a in reads], [a._alloc for a in writes], scalars, groups)

    ctx.stream.fill(counters._alloc, 0)
    tile_groups, row_groups = grid(ctx, tiles), grid(ctx, rows)
    bits = sort_glsl.key_bits(dtype)
    for shift in reversed(range(0, bits, 8)):
        mask = ((1 << key_width) - 1) >> (shift + 8) << (shift + 8) if shift + 8 < key_width else 0
        run("count", [x, states], [counters], tile_groups, shift, mask)
        run("pick", [counters, states], [counters, states], row_groups, shift)
    run("tally", [x, states], [counts], tile_groups)
    run("offsets", [counts], [counts], row_groups)
    run("emit", [x, states, counts], [places], tile_groups)
    return places


def _best_of_rows(x: Array, k: int, largest: bool) -> tuple[Array, Array]:
    """topk of each row of the contiguous (rows, n) x without sorting whole rows: the k best by radix select
    (:func:`_selected`, in input order), then those k sorted stably, so ties still come out in input order."""
    rows, _ = x.shape
    places = _selected(x, k, largest).astype(index_dtype(x._ctx))
    candidates = gather_along_last(x, places)
    _, order = sort_rows(candidates, rows, k, largest, False, True, "topk")
    order = order.reshape((rows, k))
    return gather_along_last(candidates, order), gather_along_last(places, order)


# -- searchsorted ----------------------------------------------------------------------------------------------
def _operand(value: Any, like: Array, name: str) -> Array:
    if isinstance(value, Array):
        return value
    if isinstance(value, (bool, int, float)):
        return value  # type: ignore[return-value]
    return asarray_like(value, like._ctx)


def _common(x1: Any, x2: Any, name: str, complex_too: bool = False) -> tuple[Array, Array]:
    """Both operands as contiguous arrays of their common dtype (Python scalars typed weakly); complex ones only
    where ``complex_too``."""
    base = x1 if isinstance(x1, Array) else x2
    if not isinstance(base, Array):
        raise TypeError(f"{name}: at least one operand must be a vulkit array")
    x1, x2 = _operand(x1, base, name), _operand(x2, base, name)
    common = _result_type(x1, x2)
    if common.kind not in ("biufc" if complex_too else "biuf"):
        raise TypeError(f"{name}: arrays of {common.name} cannot be compared in order")

    def prepared(v: Any) -> Array:
        if not isinstance(v, Array):
            return upload(base._ctx, np.asarray(v, dtype=common.np), common)
        if v._dtype is not common or not v._contig:
            return ew.astype(v, common) if v._dtype is not common else v.copy()
        return v

    return prepared(x1), prepared(x2)


def search(sorted_x: Array, values: Array, side: str, sorter: Array | None, isin: bool, invert: bool,
           name: str) -> Array:
    """For each of ``values``, its insertion point in the ascending ``sorted_x`` (through ``sorter``), or (isin)
    whether it is there."""
    ctx = sorted_x._ctx
    out = make_array(ctx, values.shape, as_dtype(np.bool_) if isin else index_dtype(ctx))
    if values.size == 0:
        return out
    m = sorted_x.size
    spare = scratch(ctx)
    order = sorter._alloc if sorter is not None else spare
    addresses = wants_addresses(ctx, [sorted_x, values, out, *([sorter] if sorter is not None else [])], name)
    spec = SearchSpec(sorted_x._dtype, side == "right", sorter is not None, isin, index_dtype(ctx).itemsize,
                      addresses)
    kernel = ctx.kernels.get(spec)
    groups = max(1, min(-(-values.size // 256), ctx.max_groups))
    reads = [sorted_x._alloc, values._alloc, *([order] if sorter is not None else [])]
    dispatch(ctx, kernel, [sorted_x._alloc, order, values._alloc, out._alloc], reads, [out._alloc],
             (m, values.size, sorted_x._offset, values._offset, int(invert)), (groups, 1, 1))
    return out


def searchsorted(x1: Array, x2: Any, /, side: str = "left", sorter: Array | None = None) -> Array:
    """Indices (default index dtype) where the elements of ``x2`` would be inserted into the 1-d ascending
    ``x1`` (or ``x1[sorter]``) to keep it sorted: before equal elements (``side="left"``) or after them
    ("right"). NaNs order last as in ``sort``; -0.0 equals 0.0. With ``sorter``, its indices are checked as NumPy
    checks them (ValueError where one is out of range): that reads back one flag, so the call synchronises."""
    if not isinstance(x1, Array):
        raise TypeError(f"searchsorted: x1 must be a vulkit array, got {type(x1).__name__}")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted: x1 must be 1-dimensional, got {x1.ndim} dimensions")
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right', got {side!r}")
    if sorter is not None:
        if not isinstance(sorter, Array) or sorter._dtype.kind not in "iu":
            raise TypeError("searchsorted: sorter must be a vulkit array of integers")
        if sorter.shape != x1.shape:
            raise ValueError(f"searchsorted: sorter has shape {sorter.shape}, x1 {x1.shape}")
        from .reductions import any as _any  # noqa: PLC0415 - reductions imports this module

        if sorter.size and bool(_any(ew.logical_or(ew.less(sorter, 0), ew.greater_equal(sorter, sorter.size)))):
            raise ValueError("searchsorted: sorter index out of range")
        sorter = ew.astype(sorter, as_dtype(np.uint32))
    a, v = _common(x1, x2, "searchsorted")
    if a.size == 0:
        return _zeros_index(v)
    return search(a, v, side, sorter, False, False, "searchsorted")


def _zeros_index(v: Array) -> Array:
    out = make_array(v._ctx, v.shape, index_dtype(v._ctx))
    if out.size:
        v._ctx.stream.fill(out._alloc, 0)
    return out
