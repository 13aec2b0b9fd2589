"""NumPy's selection and in-place assignment functions beyond the array API standard, for code ported from NumPy
(``vt.select``, ``vt.choose``, ``vt.compress``, ``vt.put``, ``vt.fill_diagonal``, ``vt.cross`` ...).

Everything is composed of vulkit's own operations on the device: :func:`where` for ``select`` and ``putmask``, one
gather (:func:`take_along_axis`, :func:`take`) for ``choose``, ``compress`` and ``extract``, masked indexing for
``piecewise``, the scatter of advanced assignment (:mod:`.indexing`) for ``place``, ``put`` and ``fill_diagonal``, and
``vt.linalg``'s diagonal, trace and cross product for NumPy's top-level ``diagonal``, ``trace`` and ``cross``.

What waits for the device: a boolean mask's selection reads one count back to size the result, as
:func:`vt.nonzero` does (``compress``, ``extract``, ``place``, ``ix_`` of a boolean array, each piece of
``piecewise``); ``mode="raise"`` reads back whether an index was out of range (``choose``, ``put``), as ``take`` does.

Results are typed as NumPy types them, 0-d arrays where NumPy returns a scalar. The in-place functions (``place``,
``put``, ``putmask``, ``fill_diagonal``) modify a vulkit array, refuse read-only (broadcast) views as assignment does,
and return None. Every error message starts with the name of the function called.
"""

from __future__ import annotations

import functools
import operator
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..array import Array, upload
from ..dtypes import DType, as_dtype, can_cast, int32, int64, result_type
from ..layout import merge_dims, normalize_axes
from . import elementwise as ew
from . import reductions
from .creation import arange, zeros_like
from .engine import check_writable
from .gather import TAKE_MODES, take, take_along_axis
from .indexing import _move
from .linalg_basic import cross as _cross3
from .linalg_basic import diagonal_method, trace_method
from .manipulation import broadcast_shapes, broadcast_to, expand_dims, moveaxis, reshape
from .moving import stack, unstack
from .named_errors import named_errors
from .numpy_common import as_array, cast_to, context_of, on_device
from .numpy_shapes import resize
from .outputs import into as _into_method
from .scans import nonzero
from .sorting import argsort, searchsorted

__all__ = [
    "select", "piecewise", "choose", "compress", "extract",  # selections
    "place", "put", "putmask", "fill_diagonal",  # in place
    "ix_", "trace", "diagonal", "cross",  # index grids, diagonals, products
]

_PYTHON_SCALARS = (int, float, complex)  # weakly typed (NEP 50); bool is not: NumPy makes it a bool array


# -- helpers -------------------------------------------------------------------------------------------------------
def _sequence(name: str, value: Any) -> list[Any]:
    """The items of a sequence argument: an array's slices along axis 0 (as NumPy iterates one), or the items of
    a list or tuple."""
    if isinstance(value, Array):
        if value.ndim == 0:
            raise TypeError(f"{name}: expected a sequence, got a 0-d array")
        return list(unstack(value))
    if isinstance(value, np.ndarray) and value.ndim:
        return list(value)
    try:
        return list(value)
    except TypeError:
        raise TypeError(f"{name}: expected a sequence, got {type(value).__name__}") from None


def _operand(value: Any, like: Sequence[Any]) -> Any:
    """A Python int, float or complex as it is (weakly typed), anything else as a vulkit array (on the device of
    the first array in ``like``)."""
    if type(value) in _PYTHON_SCALARS or isinstance(value, Array):
        return value
    return as_array(value, *like)


def _common_dtype(name: str, values: list[Any], ctx: Any) -> DType:
    """NumPy's ``result_type`` of arrays and weakly typed Python scalars (of Python scalars alone: NumPy's default
    types, float32 / complex64 standing in for float64 / complex128 on devices without them)."""
    if any(isinstance(v, Array) for v in values):
        return result_type(*values)
    try:
        return on_device(as_dtype(np.result_type(*values)), ctx)
    except TypeError:
        raise TypeError(f"{name}: the values have no common dtype") from None


def _indices(name: str, value: Any, like: Sequence[Any]) -> Array:
    """Index data as an int64 array (NumPy's intp; host data on the device of the first array in ``like``):
    integers that cast safely to it, booleans as 0 and 1 (NumPy's rule); TypeError for others (uint64 too)."""
    if not isinstance(value, Array):
        host = np.asarray(value)
        value = as_array(host.astype(np.intp) if host.size == 0 else host, *like)
    if value.dtype.kind not in "biu" or not can_cast(value.dtype, int64):
        raise TypeError(f"{name}: cannot cast array data from {value.dtype.name} to int64 according to the rule 'safe'")
    return value.astype(int64, copy=False)


def _check_mode(name: str, mode: str) -> None:
    if mode not in TAKE_MODES:
        raise ValueError(f"{name}: clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")


def _target(name: str, a: Any) -> Array:
    """The vulkit array an in-place function writes to (TypeError for other objects; ValueError for a read-only
    broadcast view, as assignment)."""
    if not isinstance(a, Array):
        raise TypeError(f"{name}: the array to modify must be a vulkit array, got {type(a).__name__}")
    check_writable(a)
    return a


def _flat_values(value: Any, dtype: DType, ctx: Any) -> Array:
    """``value`` as a 1-D array of ``dtype``: a vulkit array cast (as ``astype``), host data converted by NumPy
    (so that 300 into int8 raises OverflowError, as NumPy's in-place functions do)."""
    if isinstance(value, Array):
        return reshape(value, (-1,)).astype(dtype, copy=False)
    return upload(ctx, np.asarray(value, dtype=dtype.np).reshape(-1))


def _check_safe(values: Any, dtype: DType) -> None:
    """TypeError unless array ``values`` (vulkit or NumPy; not scalars or lists) cast safely to ``dtype``: the rule
    of NumPy's ``place`` and ``putmask``."""
    if isinstance(values, (Array, np.ndarray)) and not can_cast(as_dtype(values.dtype), dtype):
        raise TypeError(f"Cannot cast array data from {as_dtype(values.dtype).name} to {dtype.name} according to "
                        "the rule 'safe'")


def _into(out: Array | None, result: Array, shape_error: type[Exception], mismatch: str) -> Array:
    """``result``, or ``out`` (a vulkit array of its shape, any dtype: NumPy's unsafe cast) holding it."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"out must be a vulkit array, got {type(out).__name__}")
    if out.shape != result.shape:
        raise shape_error(mismatch)
    out[...] = result
    return out


def _any_outside(indices: Array, low: int, high: int) -> bool:
    """Whether an index is outside [low, high) (reads one flag back: waits for the device)."""
    return bool(reductions.any(ew.logical_or(ew.less(indices, low), ew.greater_equal(indices, high))))


def _element_offsets(a: Array, flat: Array) -> Array:
    """The positions in a's allocation (in elements) of the elements at the C-order flat indices ``flat`` (int64,
    in range) of ``a``, any strides: each index unravelled over a's merged dimensions."""
    shape, (strides,) = merge_dims(a.shape, [a.strides])
    inner, total = a.size, None
    for n, stride in zip(shape, strides, strict=True):
        inner //= n
        coord = flat if inner == 1 else ew.floor_divide(flat, inner)
        if n * inner < a.size:  # the outermost dimension needs no remainder
            coord = ew.remainder(coord, n)
        term = coord if stride == 1 else ew.multiply(coord, stride)
        total = term if total is None else ew.add(total, term)
    return ew.add(total, a._offset) if a._offset else total


def _scatter(a: Array, flat: Array, values: Array, unique: bool) -> None:
    """``a.flat[flat] = values`` on the device (``flat``: int64 flat indices in range, ``values`` of a's dtype and
    flat's length). Unless the indices are known ``unique``, the last of repeated ones wins as in NumPy: every
    write to one position is given the value of its last occurrence (a stable sort of the positions)."""
    if a._alloc.size // a.dtype.itemsize >= 2 ** 31:
        raise ValueError(f"arrays of 2^31 elements or more are not supported, got {a._alloc.size} bytes")
    offsets = _element_offsets(a, flat)
    if not unique and offsets.shape[0] > 1:
        order = argsort(offsets, stable=True)
        offsets = take(offsets, order, mode="wrap")
        last = ew.subtract(searchsorted(offsets, offsets, side="right"), 1)  # the last position of each run
        values = take(values, take(order, last, mode="wrap"), mode="wrap")
    if not (values._contig and values._offset == 0):  # the scatter kernel reads values from element 0
        values = values.copy()
    _move("scatter", values, offsets.astype(int32), a)


# -- selections ----------------------------------------------------------------------------------------------------
@named_errors
def select(condlist: Sequence[Any], choicelist: Sequence[Any], default: Any = 0) -> Array:
    """The elements of the first choice whose condition holds, ``default`` where none does (NumPy's ``select``):
    conditions (boolean arrays) and choices broadcast together; the dtype is the choices' and default's common one
    (Python scalars weakly typed). Computed by :func:`where`, from the last choice to the first."""
    conditions, choices = _sequence("select", condlist), _sequence("select", choicelist)
    if len(conditions) != len(choices):
        raise ValueError("list of cases must be same length as list of conditions")
    if not conditions:
        raise ValueError("select with an empty condition list is not possible")
    like = [*conditions, *choices, default]
    ctx = context_of(*like)
    found = [_operand(v, like) for v in (*choices, default)]
    dtype = _common_dtype("select", found, ctx)
    masks = [as_array(c, *like) for c in conditions]
    for i, mask in enumerate(masks):
        if mask.dtype.kind != "b":
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    result = cast_to(found[-1], dtype, ctx)
    for mask, choice in zip(masks[::-1], found[-2::-1], strict=True):
        result = ew.where(mask, cast_to(choice, dtype, ctx), result)
    return result


@named_errors
def piecewise(x: Any, condlist: Any, funclist: Sequence[Any], *args: Any, **kw: Any) -> Array:
    """NumPy's ``piecewise``: an array of x's shape and dtype holding, where each condition holds, its entry of
    ``funclist`` (a scalar, or a callable given x's elements there, as a vulkit array, with ``args`` and ``kw``),
    zero elsewhere; later conditions overwrite earlier ones. One function more than conditions is the "otherwise"
    piece. Each piece reads its mask's count back (a function piece twice: to gather its arguments and to assign
    its results)."""
    x = as_array(x)
    functions = list(funclist)
    if isinstance(condlist, Array):
        single = condlist.ndim == 0 or (condlist.ndim == 1 and x.ndim != 0)
    elif np.isscalar(condlist):
        single = True
    else:
        if len(condlist) == 0:
            raise IndexError("condlist is empty")
        single = not isinstance(condlist[0], (list, np.ndarray, Array)) and x.ndim != 0
    masks = [as_array(c, x).astype(bool) for c in _sequence("piecewise", [condlist] if single else condlist)]
    if len(masks) == len(functions) - 1:
        masks.append(ew.logical_not(functools.reduce(ew.logical_or, masks)))
    elif len(masks) != len(functions):
        raise ValueError(f"with {len(masks)} condition(s), either {len(masks)} or {len(masks) + 1} functions are "
                         "expected")
    y = zeros_like(x)
    for mask, function in zip(masks, functions, strict=True):
        if not callable(function):
            y[mask] = function
            continue
        chosen = x[mask]
        if chosen.size:
            y[mask] = function(chosen, *args, **kw)
    return y


@named_errors
def choose(a: Any, choices: Any, out: Array | None = None, mode: str = "raise") -> Array:
    """The element of choice ``a[i]`` at each position i (NumPy's ``choose``): ``a`` (integers) and the choices
    broadcast together; the dtype is the choices' common one. ``mode``: "raise" (ValueError for an index outside
    [0, len(choices)); this reads one flag back, so the call waits), "wrap" (modulo) or "clip". The choices are
    stacked and gathered from in one :func:`take_along_axis`. ``out`` (a vulkit array of the result's shape, any
    dtype: NumPy's unsafe cast) receives the result and is returned."""
    _check_mode("choose", mode)
    items = _sequence("choose", choices)
    if not items:
        raise ValueError("0-length sequence.")
    ctx = context_of(a, *items)
    index = _indices("choose", a, items)
    found = [_operand(c, [index, *items]) for c in items]
    dtype = _common_dtype("choose", found, ctx)
    found = [cast_to(c, dtype, ctx) for c in found]
    shape = broadcast_shapes(index.shape, *(c.shape for c in found))
    n = len(found)
    if mode == "raise":
        if _any_outside(index, 0, n):
            raise ValueError("invalid entry in choice array")
        mode = "wrap"  # every index is in range: no second check
    stacked = stack([broadcast_to(c, shape) for c in found])
    result = reshape(take_along_axis(stacked, expand_dims(broadcast_to(index, shape), axis=0), axis=0, mode=mode),
                     shape)
    return _into(out, result, TypeError, "invalid shape for output array.")


def _compress(name: str, condition: Any, a: Any, axis: int | None) -> Array:
    """The slices of ``a`` along ``axis`` (None: of the flattened array) where the 1-D ``condition`` is nonzero: one
    :func:`take` of its :func:`nonzero` positions (which read their count back); IndexError where it selects past
    the end of the axis."""
    mask = as_array(condition, a)
    if mask.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    x = as_array(a, mask)
    if axis is None or x.ndim == 0:  # NumPy takes a 0-d array as 1-D
        x = reshape(x, (-1,))
    axis = normalize_axes(0 if axis is None else axis, x.ndim, f"{name}: axis")[0]
    (positions,) = nonzero(mask)
    # a condition no longer than the axis selects only positions in range: no check needed
    return take(x, positions, axis=axis, mode="raise" if mask.shape[0] > x.shape[axis] else "wrap")


@named_errors
def compress(condition: Any, a: Any, axis: int | None = None, out: Array | None = None) -> Array:
    """The slices of ``a`` along ``axis`` (None: the elements of the flattened ``a``) where the 1-D ``condition`` is
    nonzero; a condition shorter than the axis leaves the rest out. Reads the count of selected slices back.
    ``out`` (a vulkit array of the result's shape, any dtype: NumPy's unsafe cast) receives the result and is
    returned."""
    return _into(out, _compress("compress", condition, a, axis), ValueError, "output array does not match result")


@named_errors
def extract(condition: Any, arr: Any) -> Array:
    """The elements of the flattened ``arr`` where the flattened ``condition`` is nonzero (NumPy's ``extract``:
    :func:`compress` of both flattened). Reads the count back."""
    mask, x = as_array(condition, arr), as_array(arr, condition)
    return _compress("extract", reshape(mask, (-1,)), reshape(x, (-1,)), None)


# -- in place ------------------------------------------------------------------------------------------------------
def _masked(function: str, target: Any, mask: Any, values: Any) -> tuple[Array, Array, Array]:
    """place's and putmask's operands: the target, the mask (of the target's size) and the values, flat and of the
    target's dtype (array values must cast safely to it)."""
    x = _target(function, target)
    _check_safe(values, x.dtype)
    found = _flat_values(values, x.dtype, x._ctx)
    flags = as_array(mask, x)
    if flags.size != x.size:
        raise ValueError("mask and data must be the same size")
    return x, flags, found


@named_errors
def place(arr: Array, mask: Any, vals: Any) -> None:
    """Writes into ``arr`` (a vulkit array), at the positions where ``mask`` (of arr's size, nonzero) is true in C
    order, the first values of ``vals``, repeated as often as needed (NumPy's ``place``); array values must cast
    safely to arr's dtype (NumPy's rule). The positions are found by :func:`vt.nonzero`, which reads their count
    back; one scatter writes them."""
    x, flags, values = _masked("place", arr, mask, vals)
    (flat,) = nonzero(reshape(flags, (-1,)))
    count = flat.shape[0]
    if count == 0:
        return
    if values.size == 0:
        raise ValueError("Cannot insert from an empty array!")
    _scatter(x, flat, resize(values, (count,)), unique=True)


@named_errors
def put(a: Array, ind: Any, v: Any, mode: str = "raise") -> None:
    """``a.flat[ind] = v`` on the vulkit array ``a`` (NumPy's ``put``): ``v`` repeated as often as needed; of
    repeated indices the last wins (the positions are stably sorted on the device for it). ``mode``: "raise"
    (IndexError for an index outside [-size, size), negative ones counting from the end; reads one flag back, so
    it waits), "wrap" (modulo) or "clip" (to [0, size))."""
    x = _target("put", a)
    _check_mode("put", mode)
    flat = reshape(_indices("put", ind, [x]), (-1,))
    values = _flat_values(v, x.dtype, x._ctx)
    if flat.size == 0:
        return
    n = x.size
    if n == 0:
        raise IndexError("cannot replace elements of an empty array")
    if values.size == 0:
        return
    if mode == "raise" and _any_outside(flat, -n, n):
        host = flat.numpy()
        bad = host[(host < -n) | (host >= n)][0]
        raise IndexError(f"index {bad} is out of bounds for axis 0 with size {n}")
    flat = ew.clip(flat, 0, n - 1) if mode == "clip" else ew.remainder(flat, n)
    _scatter(x, flat, resize(values, (flat.shape[0],)), unique=False)


@named_errors
def putmask(a: Array, mask: Any, values: Any) -> None:
    """``a.flat[i] = values[i % len(values)]`` wherever ``mask`` (of a's size, nonzero) is true, on the vulkit array
    ``a`` (NumPy's ``putmask``: the values repeat by position in ``a``, unlike :func:`place`). Array values must cast
    safely to a's dtype (NumPy's rule); empty values change nothing. One :func:`where`: nothing waits."""
    x, flags, found = _masked("putmask", a, mask, values)
    if found.size == 0 or x.size == 0:
        return
    x[...] = ew.where(reshape(flags, x.shape).astype(bool), reshape(resize(found, (x.size,)), x.shape), x)


@named_errors
def fill_diagonal(a: Array, val: Any, wrap: bool = False) -> None:
    """Writes ``val`` (repeated as often as needed) on the main diagonal of the vulkit array ``a`` (NumPy's
    ``fill_diagonal``): of a 2-D array, or of one with every dimension equal; ``wrap`` continues the diagonal of a
    tall matrix below its first square block, after one row left out, as NumPy does. One scatter."""
    x = _target("fill_diagonal", a)
    if x.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if x.ndim == 2:
        step = x.shape[1] + 1
        stop = x.size if wrap else min(x.size, x.shape[1] * x.shape[1])
    else:
        if len(set(x.shape)) != 1:
            raise ValueError("All dimensions of input must be of equal length")
        step, stop = 1 + sum(int(np.prod(x.shape[:i])) for i in range(1, x.ndim)), x.size
    values = _flat_values(val, x.dtype, x._ctx)
    count = len(range(0, stop, step))
    if count == 0 or values.size == 0:
        return
    flat = arange(0, stop, step, dtype=int64, device=x.device)
    _scatter(x, flat, resize(values, (count,)), unique=True)


# -- index grids, diagonals, products ------------------------------------------------------------------------------
@named_errors
def ix_(*args: Any) -> tuple[Array, ...]:
    """The open mesh of the 1-D index sequences ``args`` (NumPy's ``ix_``): the k-th reshaped to size 1 along every
    axis but the k-th (views), boolean ones first made integer positions by :func:`vt.nonzero` (which reads their
    count back); empty host sequences become integer arrays."""
    out = []
    for k, value in enumerate(args):
        if not isinstance(value, Array):
            host = np.asarray(value)
            value = as_array(host.astype(np.intp) if host.size == 0 else host, *args)
        if value.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if value.dtype.kind == "b":
            (value,) = nonzero(value)
        out.append(reshape(value, (1,) * k + (value.shape[0],) + (1,) * (len(args) - k - 1)))
    return tuple(out)


def _plane(name: str, x: Array, axis1: Any, axis2: Any) -> tuple[int, int]:
    """The two axes of a diagonal's plane, in range (AxisError naming the argument) and distinct."""
    if x.ndim < 2:
        raise ValueError(f"the array must have at least 2 dimensions, got shape {x.shape}")
    (a1,) = normalize_axes(axis1, x.ndim, f"{name}: axis1")
    (a2,) = normalize_axes(axis2, x.ndim, f"{name}: axis2")
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    return a1, a2


@named_errors
def diagonal(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """NumPy's ``diagonal``: the ``offset`` diagonal of the plane of ``axis1`` and ``axis2`` (by default the first
    two axes, where ``vt.linalg.diagonal`` takes the last two) as the last axis of a view (writable: NumPy's is
    read-only)."""
    x = as_array(a)
    return diagonal_method(x, operator.index(offset), *_plane("diagonal", x, axis1, axis2))


@named_errors
def trace(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None,
          out: Array | None = None) -> Array:
    """NumPy's ``trace``: the sums of :func:`diagonal`'s diagonals (by default of the first two axes), in
    :func:`vt.sum`'s dtype (small integers and bool in the default integer, unsigned in uint64) unless ``dtype``
    says; 0-d for a 2-D array. ``out`` receives the result and is returned."""
    x = as_array(a)
    sums = trace_method(x, operator.index(offset), *_plane("trace", x, axis1, axis2), dtype=dtype)
    if sums.dtype.kind in "fc":
        sums = ew.add(sums, 0)  # NumPy's sums start from +0.0: a diagonal of -0.0 sums to +0.0 (vt.sum keeps -0.0)
    return _into_method(out, sums, "trace", "safe")


def _product(p: Array | None, q: Array | None) -> Array | None:
    return None if p is None or q is None else ew.multiply(p, q)


def _difference(p: Array | None, q: Array | None) -> Array:
    """``p - q``, where None stands for a zero component: NumPy's cross product of 2-vectors leaves those terms
    out (so that an inf or NaN times the missing zero does not make a NaN)."""
    if q is None:
        return p
    return ew.negative(q) if p is None else ew.subtract(p, q)


@named_errors
def cross(a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: int | None = None) -> Array:
    """NumPy's ``cross``: the cross products of the 2- or 3-element vectors along ``axisa`` of ``a`` and ``axisb``
    of ``b`` (``axis`` sets all three), the other axes broadcast, the vectors of the result along ``axisc``. Two
    3-vectors: :func:`vt.linalg.cross`; a 2-vector is taken with a zero third component (its terms left out, as
    NumPy), and two 2-vectors give the scalar z component (no vector axis). 2-vectors warn as NumPy 2 does
    (DeprecationWarning)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    x, y = as_array(a, b), as_array(b, a)
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError("At least one array has zero dimension")
    x = moveaxis(x, normalize_axes(axisa, x.ndim, "cross: axisa")[0], -1)
    y = moveaxis(y, normalize_axes(axisb, y.ndim, "cross: axisb")[0], -1)
    sizes = (x.shape[-1], y.shape[-1])
    if not set(sizes) <= {2, 3}:
        raise ValueError("incompatible dimensions for cross product (dimension must be 2 or 3)")
    if 2 in sizes:
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of 3-dimensional vectors "
                      "instead. (deprecated in NumPy 2.0)", DeprecationWarning, stacklevel=3)
    dtype = result_type(x, y)
    if dtype.kind == "b":
        raise TypeError("not defined for bool arrays (NumPy's boolean subtract and negative are not supported)")
    if sizes == (3, 3):
        vectors = _cross3(x, y, axis=-1)
    else:
        x, y = x.astype(dtype, copy=False), y.astype(dtype, copy=False)
        p = [x[..., i] if i < x.shape[-1] else None for i in range(3)]
        q = [y[..., i] if i < y.shape[-1] else None for i in range(3)]
        z = _difference(_product(p[0], q[1]), _product(p[1], q[0]))
        if sizes == (2, 2):
            return z
        vectors = stack([_difference(_product(p[1], q[2]), _product(p[2], q[1])),
                         _difference(_product(p[2], q[0]), _product(p[0], q[2])), z], axis=-1)
    return moveaxis(vectors, -1, normalize_axes(axisc, vectors.ndim, "cross: axisc")[0])
