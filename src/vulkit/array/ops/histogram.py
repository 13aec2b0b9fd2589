"""``bincount`` and ``histogram`` (NumPy's signatures and bin edges) over the histogram kernels
(:mod:`vulkit.array.kernels.histogram`): weighted bins are exact sums, rounded once."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ..array import Array, make_array, upload
from ..dtypes import DType, as_dtype, float64, int64, uint32, uint64
from ..kernels.glsl import WORKGROUP
from ..kernels.histogram import SHARED_COUNT_BINS, SHARED_SUM_BINS, HistSpec
from ..launch import record
from .arguments import array_argument
from .named_errors import naming_errors
from .scans import (
    Plan,
    Scan,
    _addresses,
    _ceil,
    _contiguous,
    _flat,
    _real,
    accumulator,
    plan_reduce,
    sum_dtype,
)


def _stats(x: Array, ops: tuple[str, ...], acc: DType) -> np.ndarray:
    """The reductions ``ops`` (min, max) of the contiguous 1-d x, read back at once (synchronises)."""
    ctx = x._ctx
    out = make_array(ctx, (len(ops),), acc)
    plan = Plan(ctx, _addresses(ctx, [x]))
    for k, op in enumerate(ops):
        plan_reduce(plan, Scan(op, x._dtype, acc, acc), x._size, ("src", x._offset), ("dst", k))
    plan.run({"src": x, "dst": out})
    return ctx.stream.read(out._alloc, len(ops) * acc.itemsize).view(acc.np)


def first_indices(keys: Array, nbins: int) -> Array:
    """The index of the first element of the contiguous 1-d ``keys`` (at most 2^32 - 1 of them) in each of ``nbins``
    bins (the element is its bin), uint32, 2^32 - 1 where a bin is empty: an atomic minimum a key, no sync."""
    ctx = keys._ctx
    out = make_array(ctx, (nbins,), uint32)
    ctx.stream.fill(out._alloc, 0xFFFFFFFF, nbins * 4)
    spec = HistSpec("first", keys._dtype, "index", scoped=bool(ctx.device.features.get("vulkan_memory_model")),
                    addresses=_addresses(ctx, [keys, out]))
    _record(ctx, spec, [keys._alloc], out, (keys._size, nbins, keys._offset, 0),
            _hist_groups(ctx, keys._size, nbins, False))
    return out


def _largest_weight(weights: Array) -> Array:
    """The largest finite |weight| (0 if none) as a float64 array of one element (no sync)."""
    ctx = weights._ctx
    out = make_array(ctx, (1,), float64)
    plan = Plan(ctx, _addresses(ctx, [weights]))
    plan_reduce(plan, Scan("max", weights._dtype, float64, float64, "absfinite"), weights._size,
                ("src", weights._offset), ("dst", 0))
    plan.run({"src": weights, "dst": out})
    return out


def _accumulate(keys: Array, nbins: int, weights: Array | None, edges: Array | None, edges_dtype: DType | None) \
        -> Array:
    """The histogram of the contiguous 1-d keys over ``nbins`` bins: the int64 counts, or (``weights``) the float64
    sums of the weights, summed exactly as integers (fixed point below the largest |weight|) so that the order of
    the atomics cannot change a bit."""
    ctx = keys._ctx
    n = keys._size
    key = "edges" if edges is not None else "index"
    scoped = bool(ctx.device.features.get("vulkan_memory_model"))
    arrays = [keys, *([weights] if weights is not None else []), *([edges] if edges is not None else [])]
    if weights is None:
        out = make_array(ctx, (nbins,), int64)
        ctx.stream.fill(out._alloc, 0, nbins * 8, 0)
        shared = nbins <= SHARED_COUNT_BINS
        spec = HistSpec("count", keys._dtype, key, edges_dtype=edges_dtype, shared=shared, scoped=scoped,
                        addresses=_addresses(ctx, [*arrays, out]))
        values = (n, nbins, keys._offset, 0) + ((edges._offset,) if edges is not None else ())
        inputs = [keys._alloc] + ([edges._alloc] if edges is not None else [])
        _record(ctx, spec, inputs, out, values, _hist_groups(ctx, n, nbins, shared))
        return out
    largest = _largest_weight(weights)
    sums = make_array(ctx, (4 * nbins,), int64)
    ctx.stream.fill(sums._alloc, 0, 4 * nbins * 8, 0)
    shared = nbins <= SHARED_SUM_BINS
    addresses = _addresses(ctx, [*arrays, sums])
    spec = HistSpec("weighted", keys._dtype, key, weights._dtype, edges_dtype, shared=shared, scoped=scoped,
                    addresses=addresses)
    values = (n, nbins, keys._offset, 0, weights._offset, 0) + ((edges._offset,) if edges is not None else ())
    inputs = [keys._alloc, weights._alloc, largest._alloc] + ([edges._alloc] if edges is not None else [])
    _record(ctx, spec, inputs, sums, values, _hist_groups(ctx, n, nbins, shared))
    out = make_array(ctx, (nbins,), float64)
    _record(ctx, HistSpec("finish", keys._dtype, addresses=addresses), [sums._alloc, largest._alloc], out,
            (nbins, 0, 0, 0), _ceil(nbins, WORKGROUP))
    return out


def _hist_groups(ctx: Any, n: int, nbins: int, shared: bool) -> int:
    """Workgroups of a histogram kernel: with shared memory, enough elements per workgroup to pay for adding its
    private histogram to the output."""
    per = max(16 * WORKGROUP, 32 * nbins) if shared else WORKGROUP
    return max(1, min(_ceil(n, per), ctx.max_groups))


def _record(ctx: Any, spec: HistSpec, inputs: list[Any], out: Array, values: tuple[int, ...], groups: int) -> None:
    kernel = ctx.kernels.get(spec)
    starts = [0] * (len(inputs) + 1) if kernel.addresses else None
    record(ctx.stream, kernel, inputs, out._alloc, values, groups, starts)


def bincount(x: Any, /, weights: Any = None, minlength: int = 0) -> Array:
    """NumPy's ``bincount``: how often each value 0..max(x) occurs in the 1-d non-negative integer array x (int64),
    or (``weights``) the sum of the weights of each value (float64), at least ``minlength`` bins. Synchronises: min(x)
    and max(x) are read back to check x and size the result. Weighted sums are exact integer sums of the weights in
    96-bit fixed point below the largest finite |weight| (rounded once to float64): no float atomics, the same bits
    run after run; NaN and infinities give NaN/inf bins as NumPy's."""
    x = array_argument(x, "bincount")
    if minlength is None:
        raise TypeError("bincount: use 0 instead of None for minlength")
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("bincount: 'minlength' must not be negative")
    if x._dtype.kind not in "biu":
        raise TypeError(f"bincount: cannot cast array data from dtype('{x._dtype.name}') to dtype('int64') according "
                        "to the rule 'safe'")
    if x.ndim != 1:
        raise ValueError("bincount: object too deep for desired array" if x.ndim
                         else "bincount: object of too small depth for desired array")
    if weights is not None:
        weights = array_argument(weights, "bincount")
        if weights._shape != x._shape:
            raise ValueError("bincount: The weights and list don't have the same length.")
        if weights._dtype.kind not in "biuf":
            raise TypeError(f"bincount: cannot cast weights of dtype {weights._dtype.name} to float64")
    ctx = x._ctx
    if x._size == 0:  # int64 even with weights, as NumPy's
        return _zeros(ctx, minlength, int64)
    x = _contiguous(x)
    acc = int64 if x._dtype.kind == "i" else uint64 if x._dtype.kind == "u" else uint32
    low, high = (int(v) for v in _stats(x, ("min", "max"), acc))
    if low < 0:
        raise ValueError("bincount: 'list' argument must have no negative elements")
    nbins = max(high + 1, minlength)
    return _accumulate(x, nbins, _contiguous(weights) if weights is not None else None, None, None)


def _zeros(ctx: Any, n: int, dtype: DType) -> Array:
    out = make_array(ctx, (n,), dtype)
    if n:
        ctx.stream.fill(out._alloc, 0, n * dtype.itemsize, 0)
    return out


def histogram(a: Any, bins: Any = 10, range: Any = None, weights: Any = None,  # noqa: A002 - NumPy's name
              density: bool = False) -> tuple[Array, Array]:
    """NumPy's ``histogram``: (counts or summed weights per bin, the bin edges), over the flattened a. ``bins``: a
    number of equal bins over ``range`` (default: a's min and max, widened by 0.5 each way when equal) or the
    increasing edges; every bin is half-open but the last, which holds its right edge; values outside and NaN are
    left out. ``density``: the counts divided by their total and the bin widths (float64). The edges are NumPy's
    (computed on the host from the range); where the range comes from the data, its min and max are read back
    (synchronises). ``bins`` may name NumPy's bin width estimators ('auto', 'fd', 'doane', 'scott', 'rice',
    'sturges', 'sqrt', 'stone'), computed on the device from the data's statistics (read back)."""
    a = _real(array_argument(a, "histogram"), "histogram")
    if isinstance(bins, str):
        from .numpy_stats import estimated_bins  # noqa: PLC0415 - built on this module

        with naming_errors("histogram"):
            bins, range = estimated_bins(a, bins, range, weights)  # noqa: A001
    flat = _contiguous(_flat(a))
    if weights is not None:
        weights = array_argument(weights, "histogram")
        if weights._shape != a._shape:
            raise ValueError("histogram: weights should have the same shape as a.")
        weights = _contiguous(_flat(weights))
    explicit = np.ndim(bins.numpy() if isinstance(bins, Array) else bins) != 0
    proxy = np.empty(0, a._dtype.np)
    if range is None and not explicit and a._size:
        low, high = _stats(flat, ("min", "max"), accumulator(a._dtype) if a._dtype.kind == "f" else sum_dtype(a._dtype))
        proxy = np.array([low, high]).astype(a._dtype.np)
    with naming_errors("histogram"):
        edges = np.histogram_bin_edges(proxy, bins.numpy() if isinstance(bins, Array) else bins, range)
    compare = as_dtype(np.result_type(a._dtype.np, edges.dtype)) if explicit else as_dtype(edges.dtype)
    nbins = edges.size - 1
    ctx = a._ctx
    ntype = int64 if weights is None else weights._dtype
    if a._size == 0 or nbins == 0:
        hist = _zeros(ctx, nbins, ntype)
    else:
        device_edges = upload(ctx, edges.astype(compare.np))
        hist = _accumulate(flat, nbins, weights, device_edges, compare)
        if weights is not None and ntype is not float64:
            hist = hist.astype(ntype)
    bin_edges = upload(ctx, edges)
    if density:
        total = make_array(ctx, (), sum_dtype(ntype))
        plan = Plan(ctx, _addresses(ctx, [hist]))
        plan_reduce(plan, Scan("add", ntype, accumulator(total._dtype), total._dtype), max(nbins, 1), ("src", 0),
                    ("dst", 0))
        if nbins:
            plan.run({"src": hist, "dst": total})
        widths = upload(ctx, np.diff(edges).astype(float))
        hist = hist / widths / total
    return hist, bin_edges
