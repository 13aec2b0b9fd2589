"""NumPy's set functions beyond the array API standard (``vt.unique`` with NumPy's signature, ``vt.union1d``,
``vt.intersect1d``, ``vt.setdiff1d``, ``vt.setxor1d``) and the sorting ones ``vt.lexsort``, ``vt.partition``,
``vt.argpartition``, for code ported from NumPy.

Built on vulkit's unique_* functions, sorting and gathers: no kernel of its own. NaNs are merged as NumPy merges
them (``unique``'s ``equal_nan``). Each result's size depends on the data, which is read back: the functions wait
for the GPU.

Errors name the function called first (``"unique: ..."``), with NumPy's message after it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array
from ..layout import normalize_axes
from . import elementwise as ew
from . import reductions as rd
from .creation import arange, full
from .gather import take, take_along_axis
from .manipulation import moveaxis, reshape
from .moving import concat
from .named_errors import named_errors
from .numpy_common import as_array
from .scans import cumulative_sum, nonzero
from .sets import in_unique, unique_all, unique_counts, unique_inverse, unique_values
from .sorting import argsort, sort

__all__ = ["lexsort", "partition", "argpartition", "unique", "union1d", "intersect1d", "setdiff1d", "setxor1d"]


@named_errors
def lexsort(keys: Any, axis: int = -1) -> Array:
    """NumPy's ``lexsort``: the indices that sort by the last key, ties broken by the one before it, and so on
    (``keys``: a sequence of arrays of one shape, or an array whose first axis runs over the keys), along
    ``axis``. One stable vt.argsort per key, least significant first, each key gathered in the order found so
    far."""
    if isinstance(keys, Array) or not isinstance(keys, Sequence):
        keys = as_array(keys)
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    if len(keys) == 0:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    arrays = [as_array(k) for k in keys]
    if any(a.shape != arrays[0].shape for a in arrays):
        raise ValueError("all keys need to be the same shape")
    if arrays[0].ndim == 0:
        raise ValueError("0-d keys: they need at least one dimension")
    order = None
    for key in arrays:
        ordered = key if order is None else take_along_axis(key, order, axis=axis, mode="clip")
        step = argsort(ordered, axis=axis, stable=True)
        order = step if order is None else take_along_axis(order, step, axis=axis, mode="clip")
    return order


def _partitioned(a: Any, kth: Any, axis: int | None) -> tuple[Array, int]:
    """(the array partition works on, its axis): ``a`` flattened for ``axis=None``, NumPy's checks of ``kth``
    (integers, each within [-length, length))."""
    x = as_array(a)
    if axis is None:
        x, axis = reshape(x, (-1,)), 0
    if x.ndim == 0:
        raise ValueError("a 0-d array cannot be partitioned")
    (axis,) = normalize_axes(axis, x.ndim)
    length = x.shape[axis]
    for k in np.atleast_1d(np.asarray(kth)).ravel():
        if not np.issubdtype(type(k), np.integer):
            raise TypeError("Partition index must be integer")
        if not -length <= int(k) < length:
            raise ValueError(f"kth(={int(k)}) out of bounds ({length})")
    return x, axis


@named_errors
def partition(a: Any, kth: Any, axis: int | None = -1) -> Array:
    """NumPy's ``partition``: the elements rearranged so that each ``kth`` position holds the value a sort would
    put there, no larger one before it and no smaller one after. vulkit sorts (vt.sort), which meets that
    contract; ``axis=None`` flattens first."""
    x, axis = _partitioned(a, kth, axis)
    return sort(x, axis=axis)


@named_errors
def argpartition(a: Any, kth: Any, axis: int | None = -1) -> Array:
    """NumPy's ``argpartition``: indices that partition ``a`` as :func:`partition` does; vulkit's are a stable
    sort's (vt.argsort), which meet that contract."""
    x, axis = _partitioned(a, kth, axis)
    return argsort(x, axis=axis, stable=True)


def _unique_along(ar: Array, axis: int, return_index: bool, return_inverse: bool, return_counts: bool) \
        -> list[Array]:
    """NumPy's ``unique`` along ``axis`` of an n-d array: the distinct slices in lexicographic order (each slice
    flattened, compared element by element, its first element most significant), by :func:`lexsort` of the
    columns, the starts of runs of equal neighbours, and gathers. Synchronises (nonzero reads a count back)."""
    moved = moveaxis(ar, axis, 0)
    n = moved.shape[0]
    m = math.prod(moved.shape[1:])
    rows = reshape(moved, (n, m))
    device = ar.device
    if n and m:
        order = lexsort([rows[:, j] for j in reversed(range(m))], axis=0)
        ordered = take(rows, order, axis=0, mode="clip")
        same = ew.equal(ordered[1:], ordered[:-1])  # NaN equals nothing: each slice with one stays (NumPy's)
        flags = concat([full((1,), True, dtype=dt.bool_, device=device), ew.logical_not(rd.all(same, axis=1))])
    else:  # no slices, or slices of no elements (all equal)
        order = arange(n, dtype=dt.int64, device=device)
        ordered = rows
        flags = concat([full((min(n, 1),), True, dtype=dt.bool_, device=device),
                        full((max(n - 1, 0),), False, dtype=dt.bool_, device=device)])
    (starts,) = nonzero(flags)
    picked = take(ordered, starts, axis=0, mode="clip")
    result = [moveaxis(reshape(picked, (starts.shape[0], *moved.shape[1:])), 0, axis)]
    if return_index:
        result.append(take(order, starts, mode="clip"))
    if return_inverse:
        run = ew.subtract(cumulative_sum(flags.astype(dt.int64)), 1)
        result.append(take(run, argsort(order), mode="clip"))
    if return_counts:
        ends = concat([starts, full((1,), n, dtype=dt.int64, device=device)])
        result.append(ew.subtract(ends[1:], ends[:-1]))
    return result


def _merge_nans(values: Array, index: Array | None, inverse: Array | None, counts: Array | None) \
        -> tuple[Array, Array | None, Array | None, Array | None]:
    """NumPy's ``equal_nan``: the NaN values (sorted last, each its own value in vt's unique functions) merged
    into the first of them, which keeps its first index; the inverse and the counts follow. Counting them reads
    one number back."""
    nans = int(rd.sum(ew.isnan(values))) if values.dtype.kind in "fc" and values.size else 0
    if nans < 2:
        return values, index, inverse, counts
    keep = values.shape[0] - nans + 1
    if counts is not None:
        counts = concat([counts[:keep - 1], reshape(rd.sum(counts[keep - 1:], dtype=counts.dtype), (1,))])
    if inverse is not None:
        inverse = ew.minimum(inverse, keep - 1)
    return values[:keep], None if index is None else index[:keep], inverse, counts


@named_errors
def unique(ar: Any, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis: int | None = None, *, equal_nan: bool = True, sorted: bool = True) -> Any:  # noqa: A002
    """NumPy's ``unique``: the sorted distinct values of the flattened ``ar`` and, where asked, the index of each
    one's first occurrence, the inverse (in ar's shape, as NumPy 2's) and the counts, from vt.unique_values /
    unique_counts / unique_inverse / unique_all. ``equal_nan`` (NumPy's default): all NaNs are one value (vt's
    own functions keep each NaN). ``axis``: the distinct slices along it, in lexicographic order (:func:`lexsort`;
    a slice holding a NaN equals no other, as NumPy's); ``sorted=False`` is accepted (the values come sorted).
    Synchronises: the number of values is read back."""
    ar = as_array(ar)
    if axis is not None:
        (axis,) = normalize_axes(axis, ar.ndim)
        if ar.ndim != 1:
            result = _unique_along(ar, axis, return_index, return_inverse, return_counts)
            return result[0] if len(result) == 1 else tuple(result)
    index = inverse = counts = None
    if return_index or (return_inverse and return_counts):
        values, index, inverse, counts = unique_all(ar)
    elif return_inverse:
        values, inverse = unique_inverse(ar)
    elif return_counts:
        values, counts = unique_counts(ar)
    else:
        values = unique_values(ar)
    if equal_nan:
        values, index, inverse, counts = _merge_nans(values, index, inverse, counts)
    asked = [values, *(found for flag, found in ((return_index, index), (return_inverse, inverse),
                                                 (return_counts, counts)) if flag)]
    return asked[0] if len(asked) == 1 else tuple(asked)


@named_errors
def union1d(ar1: Any, ar2: Any) -> Array:
    """NumPy's ``union1d``: the sorted distinct values of both arrays (flattened; NaNs merged), :func:`unique` of
    their concatenation."""
    return unique(concat([as_array(ar1, ar2), as_array(ar2, ar1)], axis=None))


@named_errors
def intersect1d(ar1: Any, ar2: Any, assume_unique: bool = False, return_indices: bool = False) -> Any:
    """NumPy's ``intersect1d``: the sorted values in both arrays (NaN is in neither), found as NumPy finds them
    (equal neighbours in vt.sort / vt.argsort of the concatenation of their :func:`unique` values);
    ``return_indices``: also the first index of each in the flattened ar1 and ar2. Synchronises (sizes are read
    back)."""
    ar1, ar2 = as_array(ar1, ar2), as_array(ar2, ar1)
    if not assume_unique:
        if return_indices:
            ar1, first1 = unique(ar1, return_index=True)
            ar2, first2 = unique(ar2, return_index=True)
        else:
            ar1, ar2 = unique(ar1), unique(ar2)
    else:
        ar1, ar2 = reshape(ar1, (-1,)), reshape(ar2, (-1,))
    joined = concat([ar1, ar2])
    if return_indices:
        order = argsort(joined)
        joined = take(joined, order, mode="clip")
    else:
        joined = sort(joined)
    matched = ew.equal(joined[1:], joined[:-1])
    common = joined[:-1][matched]
    if not return_indices:
        return common
    indices1 = order[:-1][matched]
    indices2 = ew.subtract(order[1:][matched], ar1.size)
    if not assume_unique:
        indices1, indices2 = take(first1, indices1, mode="clip"), take(first2, indices2, mode="clip")
    return common, indices1, indices2


@named_errors
def setdiff1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Array:
    """NumPy's ``setdiff1d``: the sorted distinct values of ar1 not in ar2 (NaN is in nothing, so ar1's NaN
    stays); ``assume_unique``: both are taken as holding distinct values, ar1 flattened as it is. Membership as
    NumPy's: equal neighbours in the sorted values of both. Synchronises (sizes are read back)."""
    ar1, ar2 = as_array(ar1, ar2), as_array(ar2, ar1)
    if assume_unique:
        ar1, ar2 = reshape(ar1, (-1,)), reshape(ar2, (-1,))
    else:
        ar1, ar2 = unique(ar1), unique(ar2)
    if ar1.size == 0 or ar2.size == 0:
        return ar1
    return ar1[ew.logical_not(in_unique(ar1, ar2))]


@named_errors
def setxor1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Array:
    """NumPy's ``setxor1d``: the sorted values in exactly one of the arrays, found as NumPy finds them (the
    values of the sorted concatenation of their unique values equal to neither neighbour; NaN equals nothing, so a
    NaN of each array stays). Synchronises (the size is read back)."""
    ar1, ar2 = as_array(ar1, ar2), as_array(ar2, ar1)
    if not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    joined = sort(concat([ar1, ar2], axis=None))
    if joined.size == 0:
        return joined
    edges = full((1,), True, dtype=dt.bool_, device=joined.device)
    flags = concat([edges, ew.not_equal(joined[1:], joined[:-1]), edges])
    return joined[ew.logical_and(flags[1:], flags[:-1])]
