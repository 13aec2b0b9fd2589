"""Set functions: ``unique_values``, ``unique_counts``, ``unique_inverse``, ``unique_all`` and ``isin``.

Integer and bool arrays of at least ``DENSE_MIN_SIZE`` elements whose values span at most ``DENSE_SPAN`` (and no
more than their length) are counted instead of sorted: their minimum and maximum are read back (one more sync), a
histogram of value - minimum counts them (``ops/histogram.py``), the values present are its nonzero bins (in
ascending order, as a sort gives them), the counts its entries there, each first index an atomic minimum of the
element indices a bin, and each element's inverse index the number of present values below its own (a cumulative
sum of the bins, gathered).

Otherwise the unique functions sort the flattened array (stably, ``ops/sorting.py``), mark where each run of equal
values starts (every NaN starts its own: NaNs are distinct, as the standard says; -0.0 and 0.0 are one value,
the first occurrence's), count the starts per tile, scan the counts, read the number of runs back (one
4-byte read: these functions synchronise with the GPU, as an output shape that depends on the data needs), and
write each run's value, start, first index and length, and each element's run, on the GPU
(``kernels/sort_search.py``). Values come out in ascending order (NaNs last), as NumPy's ``np.unique`` gives them;
complex numbers in NumPy's order too (runs of equal sort keys, kernels/sort_complex.py; a value with a NaN part is
distinct).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..array import Array, make_array
from ..dtypes import as_dtype
from ..kernels import sort_glsl
from ..kernels.sort_complex import nan_threshold
from ..kernels.sort_search import UniqueSpec
from . import elementwise as ew
from . import sorting
from .gather import take

DENSE_MIN_SIZE = 1 << 16  # integer arrays this long or longer may be counted instead of sorted ...
DENSE_SPAN = 1 << 22  # ... where max - min + 1 is at most this (and at most their length)


class UniqueAllResult(NamedTuple):
    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    values: Array
    inverse_indices: Array


def _unique(x: Any, indices: bool, inverse: bool, counts: bool, name: str) -> tuple[Array, Any, Any, Any]:
    """The unique values of ``x`` and, where asked, their first indices, the inverse and the counts."""
    x = sorting.check_sortable(x, name, complex_too=True)
    ctx = x._ctx
    flat = x.reshape((x.size,))
    if not flat._contig:  # a 1-d strided view reshapes to itself; the sorts read contiguous rows
        flat = flat.copy()
    n = flat.size
    index = sorting.index_dtype(ctx)
    if n == 0:
        empty = make_array(ctx, (0,), index)
        return make_array(ctx, (0,), x._dtype), empty, make_array(ctx, x.shape, index), empty
    if x._dtype.kind in "biu" and DENSE_MIN_SIZE <= n < 1 << 32 and "int64" in ctx.dtypes:
        found = _counted(flat, x.shape, indices, inverse, counts)
        if found is not None:
            return found
    complex_ = x._dtype.kind == "c"
    second = None
    if complex_:  # runs of equal keys; the values are gathered at the first indices afterwards
        perm, high, low = sorting.complex_order(flat, 1, n, False)
        ordered = take(high, perm, mode="clip")
        second = take(low, perm, mode="clip") if low is not None else None
        indices_out = True
    else:
        ordered, perm = sorting.sort_rows(flat, 1, n, False, True, indices or inverse, name)
        indices_out = indices
    shape = sort_glsl.geometry(ctx, 0, 0)
    geometry = sort_glsl.Geometry(shape.wg, sort_glsl.ITEMS_LARGEST, shape.nsg)
    tiles = -(-n // geometry.tile)
    starts = make_array(ctx, (tiles + 1,), as_dtype(np.uint32))
    spare = sorting.scratch(ctx)
    outputs: dict[str, Any] = {}

    def run(stage: str, count: int, buffers: list[Any], reads: list[Any], writes: list[Any],
            groups: tuple[int, int, int]) -> None:
        arrays = [ordered, *(a for a in outputs.values() if a is not None), starts,
                  *(a for a in (perm, second) if a is not None)]
        addresses = sorting.wants_addresses(ctx, arrays, name)
        spec = UniqueSpec(stage, ordered._dtype, indices_out, inverse, index.itemsize, geometry, not complex_,
                          counts, second is not None, nan_threshold(x._dtype) if complex_ else None, addresses)
        extra = [second._alloc] if second is not None else []
        sorting.dispatch(ctx, ctx.kernels.get(spec), [*buffers, *extra], [*reads, *extra], writes,
                         (n, tiles, groups[0], count), groups)

    sv, p = ordered._alloc, perm._alloc if perm is not None else spare
    grid = sorting.grid(ctx, tiles)
    c = starts._alloc
    run("count", 0, [sv, p, c, spare, spare, spare, spare, spare], [sv], [c], grid)
    run("spine", 0, [sv, p, c, spare, spare, spare, spare, spare], [c], [c], (1, 1, 1))
    runs = int(np.frombuffer(ctx.stream.read(c, 4, tiles * 4).tobytes(), dtype=np.uint32)[0])  # the one sync
    values = make_array(ctx, (runs,), x._dtype) if not complex_ else None
    outputs["OS"] = make_array(ctx, (runs,), as_dtype(np.uint32)) if counts else None
    outputs["OIDX"] = make_array(ctx, (runs,), index) if indices_out else None
    outputs["INV"] = make_array(ctx, x.shape, index) if inverse else None
    outputs["OC"] = make_array(ctx, (runs,), index) if counts else None
    allocs = {k: (a._alloc if a is not None else spare) for k, a in outputs.items()}
    ov = values._alloc if values is not None else spare
    buffers = [sv, p, c, ov, allocs["OS"], allocs["OIDX"], allocs["INV"], allocs["OC"]]
    written = [*([ov] if values is not None else []),
               *(allocs[k] for k in ("OS", "OIDX", "INV") if outputs[k] is not None)]
    run("emit", runs, buffers, [sv, p, c], written, grid)
    if counts:
        groups = (max(1, min(-(-runs // geometry.wg), ctx.max_groups)), 1, 1)
        run("counts", runs, buffers, [allocs["OS"]], [allocs["OC"]], groups)
    if complex_:
        first = outputs["OIDX"]
        values = sorting.gather_along_last(flat.reshape((1, n)), first.reshape((1, runs))).reshape((runs,))
    return values, outputs["OIDX"] if indices else None, outputs["INV"], outputs["OC"]


def _counted(flat: Array, shape: tuple[int, ...], indices: bool, inverse: bool,
             counts: bool) -> tuple[Array, Any, Any, Any] | None:
    """unique of the contiguous 1-d integer (or bool) ``flat`` (fewer than 2^32 elements) by counting its values
    (see the module docstring); None where they span more than ``DENSE_SPAN`` or than there are elements."""
    from .histogram import _accumulate, _stats, first_indices
    from .scans import cumulative_sum, nonzero

    wide = as_dtype(np.uint64 if flat._dtype.kind == "u" else np.int64)
    keys = flat.astype(wide, copy=False)
    low, high = (int(v) for v in _stats(keys, ("min", "max"), wide))
    span = high - low + 1
    if span > min(DENSE_SPAN, flat.size):
        return None
    if low:
        keys = ew.subtract(keys, low)
    bins = _accumulate(keys, span, None, None, None)
    present = ew.greater(bins, 0)
    (where,) = nonzero(present)
    values = ew.add(where.astype(wide), low).astype(flat._dtype) if low else where.astype(flat._dtype)
    counted = take(bins, where) if counts else None
    first = take(first_indices(keys, span), where).astype(where._dtype) if indices else None
    inverse_out = None
    if inverse:
        below = ew.subtract(cumulative_sum(present.astype(bins._dtype)), 1)
        inverse_out = take(below, keys).reshape(shape)
    return values, first, inverse_out, counted


def unique_values(x: Array, /) -> Array:
    """The distinct values of ``x`` (flattened), ascending, NaNs each kept and last. Synchronises: reads the
    number of values back."""
    return _unique(x, False, False, False, "unique_values")[0]


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """(values, counts): :func:`unique_values` and how often each occurs. Synchronises (one count read back)."""
    values, _, _, counts = _unique(x, False, False, True, "unique_counts")
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """(values, inverse_indices): :func:`unique_values` and, in x's shape, the index of each element's value
    among them. Synchronises (one count read back)."""
    values, _, inverse, _ = _unique(x, False, True, False, "unique_inverse")
    return UniqueInverseResult(values, inverse)


def unique_all(x: Array, /) -> UniqueAllResult:
    """(values, indices, inverse_indices, counts): the distinct values, the index of each one's first
    occurrence in the flattened x, the inverse, the counts. Synchronises (one count read back)."""
    values, indices, inverse, counts = _unique(x, True, True, True, "unique_all")
    return UniqueAllResult(values, indices, inverse, counts)


def isin(x1: Any, x2: Any, /, *, invert: bool = False) -> Array:
    """Whether each element of ``x1`` equals some element of ``x2`` (``invert``: does not), by value equality
    in their common dtype (NaN is in nothing; -0.0 is 0.0); a bool array of x1's shape (0-d for a scalar x1).
    ``x2`` is sorted on the GPU and searched; nothing waits for the GPU. Complex numbers go through the unique
    values of both (:func:`in_unique`), which read their counts back (synchronises)."""
    from .creation import full

    a, b = sorting._common(x1, x2, "isin", complex_too=True)
    if b.size == 0 or a.size == 0:
        return full(a.shape, bool(invert), dtype=as_dtype(np.bool_), device=a.device)
    if a._dtype.kind == "c":
        values, _, inverse, _ = _unique(a, False, True, False, "isin")
        others = _unique(b, False, False, False, "isin")[0]
        found = take(in_unique(values, others), inverse.reshape((a.size,)), mode="clip").reshape(a.shape)
        return ew.logical_not(found) if invert else found
    ordered = sorting.sort_rows(b.reshape((b.size,)), 1, b.size, False, True, False, "isin")[0]
    return sorting.search(ordered, a, "left", None, True, bool(invert), "isin")


def in_unique(x1: Array, x2: Array) -> Array:
    """Whether each element of the 1-d ``x1`` is in the 1-d ``x2``, both holding distinct values: equal neighbours
    in the stable sort of both (NumPy's sorting ``_isin``; NaN equals nothing), which complex numbers take too."""
    from .creation import full
    from .moving import concat

    joined = concat([x1, x2])
    order = sorting.argsort(joined)
    ordered = take(joined, order, mode="clip")
    matched = concat([ew.equal(ordered[1:], ordered[:-1]),
                      full((1,), False, dtype=as_dtype(np.bool_), device=joined.device)])
    return take(matched, sorting.argsort(order), mode="clip")[:x1.shape[0]]
