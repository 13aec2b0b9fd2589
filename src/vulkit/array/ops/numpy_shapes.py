"""NumPy's shape, stacking, splitting and index-helper functions beyond the array API standard, for code ported
from NumPy (``vt.vstack``, ``vt.split``, ``vt.insert``, ``vt.triu_indices``, ``vt.unravel_index`` ...).

Each is built from vulkit's own operations: views where NumPy gives views (the split functions, ``fliplr``,
``rot90``, ``diag`` of a matrix, ``atleast_*d``), one copy per piece for the joins (:func:`concat`), one gather
(:func:`take`) for ``insert`` and ``delete``. Index tables whose size depends only on shapes (``triu_indices``,
the positions ``insert`` and ``delete`` keep) are worked out on the host with NumPy and uploaded; index data
(``unravel_index``, ``ravel_multi_index``) is computed on the device.

Where NumPy returns a scalar (``unravel_index(5, shape)``, ``ravel_multi_index`` of integers) these return 0-d
arrays. Every error message starts with the name of the function called.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from itertools import accumulate, pairwise
from typing import Any

import numpy as np
from numpy.exceptions import AxisError

from ..array import Array, basic_view, view
from ..dtypes import DType, as_dtype, can_cast, result_type
from ..layout import as_shape, is_contiguous, normalize_axes, size_of
from . import elementwise as ew
from . import reductions
from .creation import _context_of, arange, asarray, default_int, eye, ones, tril, zeros
from .gather import take
from .indexing import _fit
from .manipulation import (
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    expand_dims,
    flip,
    moveaxis,
    order_axes,
    permute_dims,
    reshape,
)
from .moving import _arrays, concat, stack, tile, unstack
from .named_errors import named_errors
from .numpy_common import as_array
from .scans import argwhere

__all__ = [
    "append", "apply_along_axis", "array_split", "ascontiguousarray", "asfortranarray", "atleast_1d", "atleast_2d",
    "atleast_3d", "block", "column_stack", "require",
    "concatenate", "copy", "delete", "diag", "diag_indices", "diag_indices_from", "diagflat", "dsplit", "dstack",
    "fliplr", "flipud", "hsplit", "hstack", "identity", "indices", "insert", "ravel_multi_index", "resize",
    "rollaxis", "rot90", "split", "tri", "tril_indices", "tril_indices_from", "triu_indices", "triu_indices_from",
    "trim_zeros", "unravel_index", "vsplit", "vstack",
]

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")
_KINDS = "buifc"  # NumPy's same_kind order: a cast to a later kind (or within one) is allowed
_CLIP_MODES = ("raise", "wrap", "clip")


# -- helpers -------------------------------------------------------------------------------------------------------
def _axis(name: str, axis: Any, ndim: int) -> int:
    """One axis in range(ndim); AxisError naming ``name`` out of range."""
    if isinstance(axis, (tuple, list)):
        raise TypeError(f"{name}: axis must be an integer, got {axis!r}")
    return normalize_axes(axis, ndim, name)[0]


def _slab(x: Array, axis: int, start: int | None, stop: int | None) -> Array:
    """``x[..., start:stop, ...]`` along ``axis`` (a view; Python's slice rules)."""
    return basic_view(x, (*(slice(None),) * axis, slice(start, stop)))


def _index_dtype(ctx: Any = None) -> DType:
    """The device's default index dtype (int64, int32 on devices without it), as NumPy's intp."""
    return default_int(ctx if ctx is not None else _context_of(None))


def _upload_indices(tables: Sequence[np.ndarray], device: Any = None) -> tuple[Array, ...]:
    """Host index tables as arrays of the default index dtype."""
    ctx = _context_of(device)
    return tuple(asarray(t, dtype=_index_dtype(ctx), device=device) for t in tables)


def _shape_and_device(arr: Any) -> tuple[tuple[int, ...], Any]:
    """The shape of an array (or array-like, read on the host) and its device (None for host data)."""
    if isinstance(arr, Array):
        return arr.shape, arr.device
    return np.shape(arr), None


def _check_cast(name: str, source: DType, target: DType, casting: str) -> None:
    """TypeError unless NumPy's ``casting`` rule allows ``source`` to ``target``."""
    if casting not in _CASTINGS:
        raise ValueError(f"{name}: casting must be one of {', '.join(map(repr, _CASTINGS))} (got {casting!r})")
    allowed = source is target or casting == "unsafe" or (casting in ("safe", "same_kind") and can_cast(
        source, target)) or (casting == "same_kind" and _KINDS.index(source.kind) <= _KINDS.index(target.kind))
    if not allowed:
        raise TypeError(f"{name}: cannot cast array data from {source.name} to {target.name} according to the "
                        f"rule {casting!r}")


# -- joining -------------------------------------------------------------------------------------------------------
def _items(name: str, arrays: Any) -> list[Array]:
    """The arrays to join: a sequence of arrays (host data uploaded), or an array (its slices along axis 0, as
    NumPy iterates one)."""
    if isinstance(arrays, Array) and arrays.ndim:
        arrays = list(unstack(arrays))
    elif isinstance(arrays, np.ndarray) and arrays.ndim:
        arrays = list(arrays)
    return _arrays(name, arrays)


def _join(name: str, arrays: list[Array], axis: int | None, dtype: Any, casting: str) -> Array:
    """``arrays`` joined along ``axis`` (None: flattened), each first cast to ``dtype`` (when given) under NumPy's
    ``casting`` rule."""
    target = result_type(*arrays) if dtype is None else as_dtype(dtype)
    for a in arrays:
        _check_cast(name, a.dtype, target, casting)
    return concat([a.astype(target, copy=False) for a in arrays], axis=axis)


@named_errors
def concatenate(arrays: Sequence[Any], /, axis: int | None = 0, out: Array | None = None, *, dtype: Any = None,
                casting: str = "same_kind") -> Array:
    """NumPy's ``concatenate``: :func:`concat` (``axis=None`` flattens first) with NumPy's ``out``, ``dtype`` and
    ``casting``. ``out`` (a vulkit array of the result's shape) receives the result and is returned."""
    if out is not None and dtype is not None:
        raise TypeError("only takes `out` or `dtype` as an argument, but both were provided.")
    found = _items("concatenate", arrays)
    if out is None:
        return _join("concatenate", found, axis, dtype, casting)
    if not isinstance(out, Array):
        raise TypeError(f"out must be a vulkit array, got {type(out).__name__}")
    result = _join("concatenate", found, axis, out.dtype, casting)
    if result.shape != out.shape:
        raise ValueError(f"output array is the wrong shape: {out.shape} for a result of shape {result.shape}")
    out[...] = result
    return out


def _ndmin(x: Array, ndim: int) -> Array:
    """A view of x with leading axes of size 1 up to ``ndim`` dimensions (NumPy's ``array(x, ndmin=ndim)``)."""
    return x if x.ndim >= ndim else expand_dims(x, axis=tuple(range(ndim - x.ndim)))


def _at_least(x: Array, ndim: int) -> Array:
    """The ``atleast_{ndim}d`` view of x: as :func:`_ndmin`, except that for three dimensions 1-D (N,) becomes
    (1, N, 1) and 2-D (M, N) becomes (M, N, 1)."""
    if ndim == 3 and 0 < x.ndim < 3:
        return expand_dims(x, axis=(0, 2) if x.ndim == 1 else 2)
    return _ndmin(x, ndim)


def _at_least_each(arys: tuple[Any, ...], ndim: int) -> Array | tuple[Array, ...]:
    found = tuple(_at_least(as_array(a), ndim) for a in arys)
    return found[0] if len(found) == 1 else found


@named_errors
def atleast_1d(*arys: Any) -> Array | tuple[Array, ...]:
    """Each input viewed with at least one dimension (0-d becomes (1,)); one array for one input, else a tuple."""
    return _at_least_each(arys, 1)


@named_errors
def atleast_2d(*arys: Any) -> Array | tuple[Array, ...]:
    """Each input viewed with at least two dimensions ((N,) becomes (1, N)); one array for one input, else a
    tuple."""
    return _at_least_each(arys, 2)


@named_errors
def atleast_3d(*arys: Any) -> Array | tuple[Array, ...]:
    """Each input viewed with at least three dimensions ((N,) becomes (1, N, 1), (M, N) becomes (M, N, 1)); one
    array for one input, else a tuple."""
    return _at_least_each(arys, 3)


def _stack_at_least(name: str, tup: Any, ndim: int, axis: int, dtype: Any = None,
                    casting: str = "same_kind") -> Array:
    """``tup``'s arrays, each with at least ``ndim`` dimensions (``atleast_{ndim}d``), joined along ``axis``."""
    return _join(name, [_at_least(a, ndim) for a in _items(name, tup)], axis, dtype, casting)


@named_errors
def vstack(tup: Sequence[Any], *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """The arrays stacked as rows: joined along axis 0 after ``atleast_2d`` (1-D arrays become rows)."""
    return _stack_at_least("vstack", tup, 2, 0, dtype, casting)


@named_errors
def hstack(tup: Sequence[Any], *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """The arrays joined along axis 1 (along axis 0 where they are 1-D), after ``atleast_1d``."""
    found = [_at_least(a, 1) for a in _items("hstack", tup)]
    return _join("hstack", found, 0 if found[0].ndim == 1 else 1, dtype, casting)


@named_errors
def dstack(tup: Sequence[Any]) -> Array:
    """The arrays joined along axis 2 (depth) after ``atleast_3d``."""
    return _stack_at_least("dstack", tup, 3, 2)


@named_errors
def column_stack(tup: Sequence[Any]) -> Array:
    """The arrays as columns of a 2-D array: 0-d and 1-D ones become columns ((N,) to (N, 1)), the others join
    as they are, along axis 1."""
    found = [expand_dims(a, axis=-1) if a.ndim == 1 else _at_least(a, 2) for a in _items("column_stack", tup)]
    return _join("column_stack", found, 1, None, "same_kind")


def _block_depth(arrays: Any, index: list[int]) -> tuple[list[int | None], int]:
    """NumPy's check of ``block``'s nesting: the index path of the first leaf (ending in None where a list is
    empty) and the largest leaf's number of dimensions."""
    if type(arrays) is tuple:
        where = "arrays" + "".join(f"[{i}]" for i in index)
        raise TypeError(f"block: {where} is a tuple. Only lists can be used to arrange blocks, and block does not "
                        "allow implicit conversion from tuple to array.")
    if type(arrays) is not list:
        return list(index), arrays.ndim if isinstance(arrays, Array) else np.ndim(arrays)
    if not arrays:
        return [*index, None], 0
    first, ndim = _block_depth(arrays[0], [*index, 0])
    for i, item in enumerate(arrays[1:], 1):
        path, found = _block_depth(item, [*index, i])
        ndim = max(ndim, found)
        if len(path) != len(first):
            where = "arrays" + "".join(f"[{j}]" for j in path)
            raise ValueError(f"block: List depths are mismatched. First element was at depth {len(first)}, but "
                             f"there is an element at depth {len(path)} ({where})")
        if path[-1] is None:
            first = path
    return first, ndim


def _assemble(arrays: Any, depth: int, ndim: int) -> Array:
    """The nested lists joined from the innermost (along the last axis) outwards."""
    if depth == 0:
        return _ndmin(as_array(arrays), ndim)
    return concat([_assemble(a, depth - 1, ndim) for a in arrays], axis=-depth)


@named_errors
def block(arrays: Any) -> Array:
    """An array assembled from nested lists of blocks (NumPy's ``block``): the innermost lists join along the
    last axis, the next along the one before, and so on; every block is given leading axes of size 1 up to the
    result's number of dimensions (the larger of the nesting depth and the blocks')."""
    path, ndim = _block_depth(arrays, [])
    if path and path[-1] is None:
        where = "arrays" + "".join(f"[{i}]" for i in path[:-1])
        raise ValueError(f"List at {where} cannot be empty")
    depth = len(path)
    result = _assemble(arrays, depth, max(depth, ndim))
    return result.copy() if depth == 0 and result is arrays else result


# -- splitting -----------------------------------------------------------------------------------------------------
def _split(name: str, ary: Any, indices_or_sections: Any, axis: Any, equal: bool) -> list[Array]:
    """Views of ``ary`` split along ``axis``: into ``indices_or_sections`` parts (an integer: NumPy's
    ``array_split`` sizes; ``equal`` requires them equal) or at the positions it lists (Python slice rules)."""
    x = as_array(ary)
    axis = _axis(name, axis, x.ndim)
    n = x.shape[axis]
    try:
        iter(indices_or_sections)
    except TypeError:  # not iterable: a number of sections
        sections = operator.index(indices_or_sections)
        if sections <= 0:
            raise ValueError(f"{name}: number sections must be larger than 0.") from None
        if equal and n % sections:
            raise ValueError(f"{name}: array split does not result in an equal division") from None
        each, extra = divmod(n, sections)
        bounds = [0, *accumulate([each + 1] * extra + [each] * (sections - extra))]
    else:
        bounds = [0, *(operator.index(p) for p in indices_or_sections), n]
    return [_slab(x, axis, start, stop) for start, stop in pairwise(bounds)]


@named_errors
def split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list[Array]:
    """Views of ``ary`` split along ``axis`` into ``indices_or_sections`` equal parts (ValueError unless they
    divide the axis), or at the listed positions. A number of sections must be a positive integer (NumPy
    raises ZeroDivisionError for 0)."""
    return _split("split", ary, indices_or_sections, axis, equal=True)


@named_errors
def array_split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list[Array]:
    """As :func:`split`, but a number of sections need not divide the axis: the first ``n % sections`` parts
    have one element more. The number of sections must be an integer (NumPy truncates floats)."""
    return _split("array_split", ary, indices_or_sections, axis, equal=False)


def _split_along(name: str, ary: Any, indices_or_sections: Any, least: int, axis: int) -> list[Array]:
    x = as_array(ary)
    if x.ndim < least:
        raise ValueError(f"{name}: only works on arrays of {least} or more dimensions")
    return _split(name, x, indices_or_sections, axis, equal=True)


@named_errors
def hsplit(ary: Any, indices_or_sections: Any) -> list[Array]:
    """:func:`split` along axis 1 (axis 0 for 1-D arrays): views."""
    x = as_array(ary)
    return _split_along("hsplit", x, indices_or_sections, 1, 1 if x.ndim > 1 else 0)


@named_errors
def vsplit(ary: Any, indices_or_sections: Any) -> list[Array]:
    """:func:`split` along axis 0 of an array of at least two dimensions: views."""
    return _split_along("vsplit", ary, indices_or_sections, 2, 0)


@named_errors
def dsplit(ary: Any, indices_or_sections: Any) -> list[Array]:
    """:func:`split` along axis 2 of an array of at least three dimensions: views."""
    return _split_along("dsplit", ary, indices_or_sections, 3, 2)


# -- inserting and deleting ----------------------------------------------------------------------------------------
def _flat_or_axis(name: str, arr: Any, axis: Any) -> tuple[Array, int]:
    """``arr`` flattened with axis 0 (``axis`` None), else arr and the axis in range."""
    x = as_array(arr)
    if axis is None:
        return reshape(x, (-1,)), 0
    return x, _axis(name, axis, x.ndim)


def _host_index(obj: Any) -> np.ndarray:
    """An index argument (integers or booleans) on the host; IndexError for other types, as NumPy's indexing."""
    where = np.asarray(obj)
    if where.size == 0:
        return where.astype(np.int64)
    if where.dtype.kind not in "biu":
        raise IndexError(f"arrays used as indices must be of integer (or boolean) type, got {where.dtype}")
    return where


def _check_bounds(where: np.ndarray, low: int, high: int, axis: int, n: int) -> None:
    """IndexError naming the first index outside [low, high]."""
    outside = where[(where < low) | (where > high)]
    if outside.size:
        raise IndexError(f"index {outside.reshape(-1)[0]} is out of bounds for axis {axis} with size {n}")


@named_errors
def insert(arr: Any, obj: Any, values: Any, axis: int | None = None) -> Array:
    """A copy of ``arr`` with ``values`` (cast to arr's dtype) inserted before the positions ``obj`` (an integer,
    a slice, or a sequence of integers or one boolean mask) along ``axis`` (None: of the flattened array), with
    NumPy's broadcasting of ``values`` (an integer position inserts ``values`` as one slice along the axis, a
    sequence one slice per position). The positions are worked out on the host, the result is one gather.
    ``values`` are converted as ``astype`` converts: complex arrays into a real array raise TypeError (NumPy
    drops the imaginary part with a warning), out-of-range Python integers wrap (NumPy raises OverflowError)."""
    x, axis = _flat_or_axis("insert", arr, axis)
    n = x.shape[axis]
    if isinstance(obj, slice):
        where = np.arange(*obj.indices(n), dtype=np.int64)
    else:
        where = _host_index(obj)
        if where.dtype == bool:
            if where.ndim != 1:
                raise ValueError("boolean array argument obj to insert must be one dimensional")
            where = np.flatnonzero(where)
        elif where.ndim > 1:
            raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    _check_bounds(where, -n, n, axis, n)
    where = np.where(where < 0, where + n, where).astype(np.int64)
    new = as_array(values).astype(x.dtype, copy=False)
    if where.size == 1:  # NumPy's one position: values fills a slab (array(values, ndmin=arr.ndim))
        new = _ndmin(new, x.ndim)
        if where.ndim == 0:
            new = moveaxis(new, 0, axis)
        count = new.shape[axis]
        positions = np.arange(count, dtype=np.int64) + where.reshape(-1)[0]
    else:  # each position shifted past the values inserted before it (in position order, ties in order given)
        count = where.size
        positions = where.copy()
        positions[np.argsort(where, kind="stable")] += np.arange(count)
    shape = (*x.shape[:axis], count, *x.shape[axis + 1:])
    new = broadcast_to(_fit(new, shape), shape)
    source = np.empty(n + count, dtype=np.int64)
    kept = np.ones(n + count, dtype=bool)
    kept[positions] = False
    source[kept] = np.arange(n)
    source[positions] = n + np.arange(count)
    return take(concat([x, new], axis=axis), source, axis=axis, mode="clip")


@named_errors
def delete(arr: Any, obj: Any, axis: int | None = None) -> Array:
    """A copy of ``arr`` without the positions ``obj`` (an integer, a slice, a sequence of integers, or a
    boolean mask of the axis's length) along ``axis`` (None: of the flattened array). One gather."""
    x, axis = _flat_or_axis("delete", arr, axis)
    n = x.shape[axis]
    kept = np.ones(n, dtype=bool)
    if isinstance(obj, slice):
        kept[obj] = False
    else:
        where = _host_index(obj)
        if where.dtype == bool:
            if where.shape != (n,):
                raise ValueError("boolean array argument obj to delete must be one dimensional and match the axis "
                                 f"length of {n}")
            kept = ~where
        else:
            _check_bounds(where, -n, n - 1, axis, n)
            kept[where] = False
    return take(x, np.flatnonzero(kept), axis=axis, mode="clip")


@named_errors
def append(arr: Any, values: Any, axis: int | None = None) -> Array:
    """``arr`` and ``values`` joined along ``axis`` (None: both flattened), dtypes promoted. A copy."""
    return concat([as_array(arr), as_array(values)], axis=axis)


# -- flips and rotations -------------------------------------------------------------------------------------------
def _least_dims(name: str, m: Any, least: int) -> Array:
    x = as_array(m)
    if x.ndim < least:
        raise ValueError(f"{name}: Input must be >= {least}-d.")
    return x


@named_errors
def fliplr(m: Any) -> Array:
    """``m`` with its columns (axis 1) reversed: a view."""
    return flip(_least_dims("fliplr", m, 2), axis=1)


@named_errors
def flipud(m: Any) -> Array:
    """``m`` with its rows (axis 0) reversed: a view."""
    return flip(_least_dims("flipud", m, 1), axis=0)


@named_errors
def rot90(m: Any, k: int = 1, axes: Sequence[int] = (0, 1)) -> Array:
    """``m`` rotated by 90 degrees ``k`` times in the plane of ``axes``, from the first axis towards the second:
    a view."""
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    x = as_array(m)
    first, second = normalize_axes(axes, x.ndim, "rot90")
    k = operator.index(k) % 4
    if k == 0:
        return basic_view(x, ())
    if k == 2:
        return flip(x, axis=(first, second))
    order = list(range(x.ndim))
    order[first], order[second] = second, first
    if k == 1:
        return permute_dims(flip(x, axis=second), tuple(order))
    return flip(permute_dims(x, tuple(order)), axis=second)


@named_errors
def rollaxis(a: Any, axis: int, start: int = 0) -> Array:
    """A view of ``a`` with ``axis`` moved to before position ``start`` (NumPy's older form of ``moveaxis``)."""
    x = as_array(a)
    n = x.ndim
    axis = _axis("rollaxis", axis, n)
    start = operator.index(start)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise AxisError(f"rollaxis: 'start' arg requires {-n} <= start < {n + 1}, but {start} was passed in")
    if axis < start:
        start -= 1
    order = [i for i in range(n) if i != axis]
    order.insert(start, axis)
    return permute_dims(x, tuple(order))


# -- diagonals and triangles ---------------------------------------------------------------------------------------
def _diagonal(x: Array, k: int) -> Array:
    """The k-th diagonal of the 2-D array x: a 1-D view."""
    (rows, cols), (s0, s1) = x.shape, x.strides
    length = max(0, min(rows, cols - k) if k >= 0 else min(rows + k, cols))
    offset = x._offset + (k * s1 if k >= 0 else -k * s0) if length else x._offset
    return view(x, (length,), (s0 + s1,), offset)


def _diagonal_matrix(values: Array, k: int) -> Array:
    """A square matrix of zeros with the 1-D ``values`` on its k-th diagonal."""
    size = values.shape[0] + abs(k)
    out = zeros((size, size), dtype=values.dtype, device=values.device)
    _diagonal(out, k)[...] = values
    return out


@named_errors
def diag(v: Any, k: int = 0) -> Array:
    """The k-th diagonal of a 2-D array (a view: unlike NumPy's read-only one, writing to it writes to ``v``),
    or a 2-D array with the 1-D ``v`` on its k-th diagonal and zeros elsewhere."""
    x = as_array(v)
    k = operator.index(k)
    if x.ndim == 1:
        return _diagonal_matrix(x, k)
    if x.ndim == 2:
        return _diagonal(x, k)
    raise ValueError(f"Input must be 1- or 2-d, got {x.ndim} dimensions.")


@named_errors
def diagflat(v: Any, k: int = 0) -> Array:
    """A 2-D array with ``v`` flattened on its k-th diagonal and zeros elsewhere."""
    return _diagonal_matrix(reshape(as_array(v), (-1,)), operator.index(k))


@named_errors
def tri(N: int, M: int | None = None, k: int = 0, dtype: Any = None) -> Array:  # noqa: N803 - NumPy's names
    """An (N, M) array with ones at and below the k-th diagonal (column - row <= k), zeros elsewhere. ``dtype``
    None is the default float (NumPy's ``float``); NumPy's ``like`` is not taken."""
    rows, cols = as_shape((N, N if M is None else M))
    k = min(max(operator.index(k), -rows), cols)  # beyond these every element is one or every one is zero
    return tril(ones((rows, cols), dtype=dtype), k=k)


@named_errors
def identity(n: int, dtype: Any = None) -> Array:
    """The (n, n) identity matrix (default float dtype); NumPy's ``like`` is not taken."""
    return eye(operator.index(n), dtype=dtype)


def _triangle_indices(upper: bool, n: int, k: int, m: int | None, device: Any = None) -> tuple[Array, Array]:
    host = np.triu_indices(n, k, m) if upper else np.tril_indices(n, k, m)
    return _upload_indices(host, device)  # type: ignore[return-value]


@named_errors
def triu_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, Array]:
    """The (row, column) indices of the upper triangle (column - row >= k) of an (n, m) array, row by row, as
    arrays of the default index dtype (worked out on the host)."""
    return _triangle_indices(True, n, k, m)


@named_errors
def tril_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, Array]:
    """The (row, column) indices of the lower triangle (column - row <= k) of an (n, m) array, row by row, as
    arrays of the default index dtype (worked out on the host)."""
    return _triangle_indices(False, n, k, m)


def _triangle_indices_from(upper: bool, arr: Any, k: int) -> tuple[Array, Array]:
    shape, device = _shape_and_device(arr)
    if len(shape) != 2:
        raise ValueError(f"input array must be 2-d, got shape {shape}")
    return _triangle_indices(upper, shape[0], k, shape[1], device)


@named_errors
def triu_indices_from(arr: Any, k: int = 0) -> tuple[Array, Array]:
    """:func:`triu_indices` for the shape of the 2-D array ``arr`` (on its device)."""
    return _triangle_indices_from(True, arr, k)


@named_errors
def tril_indices_from(arr: Any, k: int = 0) -> tuple[Array, Array]:
    """:func:`tril_indices` for the shape of the 2-D array ``arr`` (on its device)."""
    return _triangle_indices_from(False, arr, k)


@named_errors
def diag_indices(n: int, ndim: int = 2, *, device: Any = None) -> tuple[Array, ...]:
    """The indices of the main diagonal of an n-by-...-by-n array of ``ndim`` dimensions: one ``arange(n)``
    (the same array object ``ndim`` times, as NumPy); ``device`` is vulkit's addition."""
    ctx = _context_of(device)
    return (arange(operator.index(n), dtype=_index_dtype(ctx), device=device),) * operator.index(ndim)


@named_errors
def diag_indices_from(arr: Any) -> tuple[Array, ...]:
    """:func:`diag_indices` for the array ``arr`` (at least 2-D, all dimensions equal), on its device."""
    shape, device = _shape_and_device(arr)
    if len(shape) < 2:
        raise ValueError(f"input array must be at least 2-d, got shape {shape}")
    if len(set(shape)) != 1:
        raise ValueError(f"All dimensions of input must be of equal length, got shape {shape}")
    return diag_indices(shape[0], len(shape), device=device)


# -- flat and multi-dimensional indices ----------------------------------------------------------------------------
def _integer_indices(name: str, value: Any) -> Array:
    """Index data as a new array of the default index dtype (booleans count as 0 and 1, as in NumPy); TypeError
    for other dtypes."""
    x = as_array(value)
    if x.dtype.kind not in "biu":
        raise TypeError(f"{name}: only int indices permitted, got {x.dtype.name}")
    return x.astype(_index_dtype(x._ctx))


def _strides_of(dims: tuple[int, ...], order: str, name: str) -> tuple[int, ...]:
    """Elements between neighbours along each of ``dims`` in C or Fortran order."""
    if order not in ("C", "F"):
        raise ValueError(f"{name}: only 'C' or 'F' order is permitted, got {order!r}")
    walk = dims[::-1] if order == "C" else dims
    strides, step = [], 1
    for n in walk:
        strides.append(step)
        step *= n
    return tuple(strides[::-1]) if order == "C" else tuple(strides)


@named_errors
def unravel_index(indices: Any, shape: Any, order: str = "C") -> tuple[Array, ...]:
    """The coordinates in an array of ``shape`` of the flat positions ``indices`` (in C or Fortran order), one
    array of the default index dtype per dimension, each of indices' shape (0-d for a scalar: NumPy gives
    scalars). Computed on the device; the bounds check reads the least and greatest index back (it waits)."""
    dims = as_shape(shape)
    strides = _strides_of(dims, order, "unravel_index")
    flat = _integer_indices("unravel_index", indices)
    size = size_of(dims)
    if flat.size:
        if size == 0:
            raise ValueError("cannot unravel if shape has zero entries (is empty).")
        low, high = (int(v) for v in concat([reductions.min(flat, keepdims=True).reshape(-1),
                                             reductions.max(flat, keepdims=True).reshape(-1)]).numpy())
        if low < 0 or high >= size:
            raise ValueError(f"index {low if low < 0 else high} is out of bounds for array with size {size}")
    coords: list[Array] = []
    for n, stride in zip(dims, strides, strict=True):
        coord = ew.floor_divide(flat, stride) if stride > 1 else flat
        if stride * n < size:  # the outermost axis needs no remainder: every index is below size
            coord = ew.remainder(coord, n)
        coords.append(coord.copy() if any(coord is c for c in coords) else coord)
    return tuple(coords)


@named_errors
def ravel_multi_index(multi_index: Sequence[Any], dims: Any, mode: str | Sequence[str] = "raise",
                      order: str = "C") -> Array:
    """The flat positions, in an array of shape ``dims`` (C or Fortran ``order``), of the coordinates
    ``multi_index`` (one integer array per dimension, broadcast together), as the default index dtype (0-d for
    scalars: NumPy gives a scalar). ``mode`` (one, or one per dimension): ``"raise"`` (ValueError for a
    coordinate out of range; reads one flag back, so it waits), ``"wrap"`` or ``"clip"``; these two raise
    ValueError for a dimension of size 0 (NumPy returns meaningless positions)."""
    dims = as_shape(dims)
    if size_of(dims) >= 1 << 63:
        raise ValueError("invalid dims: array size defined by dims is larger than the maximum possible size.")
    strides = _strides_of(dims, order, "ravel_multi_index")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    if len(modes) != len(dims):
        raise ValueError(f"list of clipmodes has wrong length ({len(modes)} instead of {len(dims)})")
    for m in modes:
        if m not in _CLIP_MODES:
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {m!r})")
    coords = list(multi_index)
    if len(coords) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    if not coords:
        return zeros((), dtype=_index_dtype())
    coords = broadcast_arrays(*(_integer_indices("ravel_multi_index", c) for c in coords))
    total, invalid = None, None
    for c, n, m, stride in zip(coords, dims, modes, strides, strict=True):
        if m != "raise" and n == 0:
            raise ValueError(f"cannot {m} coordinates into a dimension of size 0")
        if m == "wrap":
            c = ew.remainder(c, n)
        elif m == "clip":
            c = ew.clip(c, 0, n - 1)
        else:
            outside = ew.logical_or(ew.less(c, 0), ew.greater_equal(c, n))
            invalid = outside if invalid is None else ew.logical_or(invalid, outside)
        term = ew.multiply(c, stride)
        total = term if total is None else ew.add(total, term)
    if invalid is not None and bool(reductions.any(invalid)):
        raise ValueError("invalid entry in coordinates array")
    return total


@named_errors
def indices(dimensions: Any, dtype: Any = None, sparse: bool = False) -> Array | tuple[Array, ...]:
    """The grid of indices of an array of shape ``dimensions``: one array of shape (len(dimensions),
    *dimensions) whose i-th slice holds each element's coordinate along axis i, or (``sparse``) a tuple of
    arrays with ones on every other axis. ``dtype`` None is the default integer dtype (NumPy's ``int``)."""
    dims = as_shape(dimensions)
    target = as_dtype(dtype) if dtype is not None else _index_dtype()
    grids = [reshape(arange(n, dtype=target), (1,) * i + (n,) + (1,) * (len(dims) - i - 1))
             for i, n in enumerate(dims)]
    if sparse:
        return tuple(grids)
    if not grids:
        return zeros((0,), dtype=target)
    return stack([broadcast_to(g, dims) for g in grids])


# -- copies and sizes ----------------------------------------------------------------------------------------------
@named_errors
def ascontiguousarray(a: Any, dtype: Any = None) -> Array:
    """``a`` (of ``dtype`` when given) as a C-contiguous array of at least one dimension (0-d becomes (1,), as
    NumPy): ``a`` itself where it already is one, else a copy. NumPy's ``like`` is not taken."""
    x = as_array(a)
    if dtype is not None:
        x = x.astype(dtype, copy=False)
    if x.ndim == 0:
        x = reshape(x, (1,))
    return x if x._contig else x.copy()


@named_errors
def asfortranarray(a: Any, dtype: Any = None) -> Array:
    """``a`` (of ``dtype`` when given) with its elements in Fortran order, of at least one dimension (0-d becomes
    (1,), as NumPy): ``a`` itself where they already are, else a copy. NumPy's ``like`` is not taken."""
    x = as_array(a)
    if dtype is not None:
        x = x.astype(dtype, copy=False)
    if x.ndim == 0:
        x = reshape(x, (1,))
    return x if is_contiguous(x.shape[::-1], x._strides[::-1]) else copy(x, order="F")


_REQUIREMENTS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
                 "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O", "OWNDATA": "O",
                 "E": "E", "ENSUREARRAY": "E"}


@named_errors
def require(a: Any, dtype: Any = None, requirements: Any = None) -> Array:
    """``a`` as a vulkit array of ``dtype`` meeting NumPy's ``requirements`` ("C" or "F" contiguous; "O" its own
    data: a vulkit array given is copied, as vulkit does not track which array owns its memory; "A" aligned, "W"
    writeable and "E" an array hold for every vulkit array), copied only where one is not met. NumPy's ``like``
    is not taken."""
    names = [] if requirements is None else list(requirements)  # a string: one flag a letter, as NumPy reads it
    wanted = set()
    for name in names:
        found = _REQUIREMENTS.get(str(name).upper())
        if found is None:
            raise KeyError(f"require: unknown requirement {name!r}")
        wanted.add(found)
    if {"C", "F"} <= wanted:
        raise ValueError("require: cannot specify both C and F order")
    given = isinstance(a, Array)
    x = as_array(a)
    if dtype is not None:
        converted = x.astype(dtype, copy=False)
        given, x = given and converted is x, converted
    if "O" in wanted and given:
        return copy(x, order="F" if "F" in wanted else "C")
    if "C" in wanted and not x._contig:
        return x.copy()
    if "F" in wanted and not is_contiguous(x.shape[::-1], x._strides[::-1]):
        return copy(x, order="F")
    return x


@named_errors
def copy(a: Any, order: str = "K", subok: bool = False) -> Array:
    """A copy of ``a`` laid out in NumPy's ``order``: "C", "F" (Fortran), "A" (Fortran where a is Fortran-contiguous,
    else C) or "K" (the order a's elements lie in memory). ``subok`` is ignored (vulkit arrays have no
    subclasses)."""
    x = as_array(a)
    axes = order_axes(x, order, "copy")
    if axes == tuple(range(x.ndim)):
        return x.copy() if x is a else x
    inverse = tuple(sorted(range(x.ndim), key=lambda k: axes[k]))
    return permute_dims(permute_dims(x, axes).copy(), inverse)


class broadcast:  # noqa: N801 - NumPy's name
    """NumPy's ``np.broadcast(*arrays)``: the shape its arguments broadcast to (``shape``, ``ndim``, ``nd``, ``size``,
    ``numiter``), and iteration over tuples of their broadcast elements (read back to the host, as NumPy's
    scalars; ``index`` counts them, ``reset()`` starts over)."""

    def __init__(self, *args: Any) -> None:
        self._arrays = [as_array(a) for a in args]
        self.shape = broadcast_shapes(*(a.shape for a in self._arrays))
        self.index = 0
        self._values: Any = None

    ndim = property(lambda self: len(self.shape), doc="The broadcast shape's number of dimensions.")
    nd = ndim
    size = property(lambda self: size_of(self.shape), doc="The broadcast shape's number of elements.")
    numiter = property(lambda self: len(self._arrays), doc="The number of arguments.")

    def __iter__(self) -> broadcast:
        return self

    def __next__(self) -> tuple[Any, ...]:
        if self._values is None:
            self._values = [np.broadcast_to(a.numpy(), self.shape).reshape(-1) for a in self._arrays]
        if self.index >= self.size:
            raise StopIteration
        self.index += 1
        return tuple(values[self.index - 1] for values in self._values)

    def reset(self) -> None:
        """Start the iteration over."""
        self.index = 0


@named_errors
def resize(a: Any, new_shape: Any) -> Array:
    """A new array of ``new_shape`` filled with ``a``'s elements (C order), repeated as often as needed (NumPy's
    ``np.resize``, not ``ndarray.resize``: an empty ``a`` gives zeros). One copy."""
    shape = as_shape(new_shape)
    x = reshape(as_array(a), (-1,))
    size = size_of(shape)
    if x.size == 0 or size == 0:
        return zeros(shape, dtype=x.dtype, device=x.device)
    repeats = -(-size // x.size)
    return reshape(tile(x, (repeats,))[:size], shape)


@named_errors
def trim_zeros(filt: Any, trim: str = "fb", axis: int | Sequence[int] | None = None) -> Array:
    """``filt`` without its leading ("f" in ``trim``) and trailing ("b") zeros along ``axis`` (None: every axis,
    the bounding box of the nonzero elements; an all-zero array becomes empty along them): a view. Reads the
    nonzero positions' extent back (it waits). NumPy returns lists for list input; this returns arrays."""
    x = as_array(filt)
    if not isinstance(trim, str):
        raise TypeError(f"trim must be a string of 'f' and 'b', got {trim!r}")
    trim = trim.lower()
    if trim not in ("fb", "bf", "f", "b"):
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axes = range(x.ndim) if axis is None else normalize_axes(axis, x.ndim, "trim_zeros")
    if not axes:
        return x
    found = argwhere(x)
    if found.shape[0] == 0:
        start: list[int | None] = [0] * x.ndim
        stop: list[int | None] = [0] * x.ndim
    else:
        ends = concat([reductions.min(found, axis=0), reductions.max(found, axis=0)]).numpy().tolist()
        start = ends[:x.ndim] if "f" in trim else [None] * x.ndim
        stop = [e + 1 for e in ends[x.ndim:]] if "b" in trim else [None] * x.ndim
    return basic_view(x, tuple(slice(start[i], stop[i]) if i in axes else slice(None) for i in range(x.ndim)))


@named_errors
def apply_along_axis(func1d: Any, axis: int, arr: Any, *args: Any, **kwargs: Any) -> Array:
    """NumPy's ``apply_along_axis``: ``func1d`` called on every 1-d slice of ``arr`` along ``axis`` (with
    ``args`` and ``kwargs``), its results (arrays of one shape, or scalars) stacked where the axis was. A Python
    loop over the slices, as NumPy's: prefer a function that takes ``axis`` where there is one."""
    x = asarray(arr) if not isinstance(arr, Array) else arr
    if x.ndim == 0:
        raise AxisError(f"axis {axis} is out of bounds for array of dimension 0")
    (axis,) = normalize_axes(axis, x.ndim)
    moved = moveaxis(x, axis, -1)
    outer = moved.shape[:-1]
    if any(n == 0 for n in outer):
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    results = []
    for index in np.ndindex(*outer):
        result = func1d(moved[index], *args, **kwargs)
        results.append(result if isinstance(result, Array) else asarray(result, device=x.device))
    if any(r.shape != results[0].shape for r in results):
        raise ValueError("the function's results differ in shape from slice to slice")
    inner = results[0].shape
    stacked = reshape(stack(results), (*outer, *inner))
    order = [*range(axis), *range(len(outer), len(outer) + len(inner)), *range(axis, len(outer))]
    return permute_dims(stacked, tuple(order))
