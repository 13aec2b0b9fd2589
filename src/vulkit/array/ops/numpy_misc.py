"""NumPy's remaining small functions beyond the array API standard, for code ported from NumPy: shapes and copies
(``vt.shape``, ``vt.size``, ``vt.ndim``, ``vt.copyto``, ``vt.put_along_axis``, ``vt.row_stack``,
``vt.apply_over_axes``, ``vt.asanyarray``, ``vt.asarray_chkfinite``, ``vt.real_if_close``, ``vt.sort_complex``), dtype
helpers (``vt.issubdtype``, ``vt.iterable``, ``vt.common_type``, ``vt.mintypecode``), window functions
(``vt.bartlett``, ``vt.blackman``, ``vt.hamming``, ``vt.hanning``, ``vt.kaiser``) and NumPy's legacy polynomial
functions (``vt.poly``, ``vt.polyadd``, ``vt.polysub``, ``vt.polymul``, ``vt.polydiv``, ``vt.polyder``, ``vt.polyint``,
``vt.roots``; coefficients highest power first): these take and return coefficient arrays (``vt.poly1d``, in
``numpy_poly1d``, wraps them as NumPy's class does).

Everything is composed of vulkit's own operations on the device (elementwise functions, sorts, :func:`convolve`,
:func:`vt.linalg.eigvals`, the scatter of advanced assignment for ``put_along_axis``); only the dtype helpers and
``shape``/``size``/``ndim`` answer on the host, with Python values as NumPy's. What reads back (waits for the device):
``asarray_chkfinite`` (one flag), ``real_if_close`` (one flag), ``put_along_axis`` (whether an index is out of
range), ``polymul`` (the leading zeros it drops, as NumPy's ``poly1d``), ``polydiv`` (the remainder's leading zeros),
``roots`` (the nonzero coefficients' extent, and whether the eigenvalues are all real), ``poly`` of complex zeros or
of a matrix (whether the result is real).

Results are typed as NumPy types them (float32 / complex64 in place of float64 / complex128 on a device without
float64), 0-d arrays where NumPy returns a scalar. Every error message starts with the name of the function called.
"""

from __future__ import annotations

import builtins
import operator
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, upload
from ..layout import normalize_axes
from . import elementwise as ew
from . import reductions as rd
from .bessel import i0
from .creation import arange, asarray, default_float, default_int, empty, eye, ones, zeros
from .engine import check_writable
from .indexing import _fit
from .linalg_eig import eigvals
from .manipulation import broadcast_shapes, broadcast_to, expand_dims, reshape
from .moving import concat
from .named_errors import named_errors
from .numpy_common import as_array, context_of, on_device
from .numpy_selection import _any_outside, _scatter, _target
from .numpy_shapes import _check_cast, trim_zeros, vstack
from .numpy_signal import convolve
from .scans import cumulative_prod, flatnonzero
from .sorting import sort

__all__ = [
    "shape", "size", "ndim", "copyto", "put_along_axis", "row_stack", "apply_over_axes",  # shapes and copies
    "asanyarray", "asarray_chkfinite", "real_if_close", "sort_complex",
    "issubdtype", "iterable", "common_type", "mintypecode",  # dtype helpers
    "bartlett", "blackman", "hamming", "hanning", "kaiser",  # windows
    "poly", "polyadd", "polysub", "polymul", "polydiv", "polyder", "polyint", "roots",  # polynomials
]

_ORDERS = (None, "K", "A", "C", "F")


# -- helpers -------------------------------------------------------------------------------------------------------
def _at_least_1d(value: Any, *like: Any) -> Array:
    """``value`` as a vulkit array of at least one dimension (NumPy's ``atleast_1d``)."""
    x = as_array(value, *like)
    return reshape(x, (1,)) if x.ndim == 0 else x


def _real_type(ctx: Any) -> dt.DType:
    return on_device(dt.float64, ctx)


def _promoted(dtype: dt.DType, other: dt.DType, ctx: Any) -> dt.DType:
    """NumPy's array-with-array promotion of ``dtype`` and ``other`` (float32 with int64 gives float64)."""
    return on_device(dt.as_dtype(np.promote_types(dtype.np, other.np)), ctx)


def _real_if_all(values: Array, condition: Callable[[Array], Array]) -> Array:
    """The real part of complex ``values`` where ``condition`` of them holds for every element (reads it back)."""
    return ew.real(values) if bool(rd.all(condition(values))) else values


# -- shapes and copies ---------------------------------------------------------------------------------------------
def shape(a: Any) -> tuple[int, ...]:
    """NumPy's ``shape``: the shape of an array (a vulkit array's without touching the device, host data's by
    NumPy)."""
    return a.shape if isinstance(a, Array) else np.shape(a)


@named_errors
def size(a: Any, axis: int | Sequence[int] | None = None) -> int:
    """NumPy's ``size``: the number of elements, along ``axis`` (an int or a tuple of ints) where given."""
    if not isinstance(a, Array):
        return np.size(a, axis)
    if axis is None:
        return a.size
    return int(np.prod([a.shape[k] for k in normalize_axes(axis, a.ndim)], dtype=np.int64))


def ndim(a: Any) -> int:
    """NumPy's ``ndim``: the number of dimensions."""
    return a.ndim if isinstance(a, Array) else np.ndim(a)


@named_errors
def copyto(dst: Array, src: Any, casting: str = "same_kind", where: Any = True) -> None:
    """NumPy's ``copyto``: ``src`` (broadcast to dst's shape) written into the vulkit array ``dst`` where ``where``
    (a boolean array, broadcast alike) holds, under NumPy's ``casting`` rule (Python scalars by NumPy's own check:
    3.5 into an int array is a TypeError, 300 into int8 an OverflowError). One copy kernel, or a :func:`where`."""
    if not isinstance(dst, Array):
        raise TypeError(f"argument 1 must be a vulkit array, not {type(dst).__name__}")
    check_writable(dst)
    if isinstance(src, (bool, int, float, complex)):
        if dst.dtype is dt.bfloat16:  # NumPy has no such type to check with
            _check_cast("copyto", dt.as_dtype(np.result_type(src)), dst.dtype, casting)
        else:  # NumPy's own rules for Python scalars (NEP 50)
            try:
                np.copyto(np.empty((), dst.dtype.np), src, casting=casting)
            except OverflowError as error:
                raise OverflowError(f"copyto: {error}") from None
        value: Any = src
    else:
        value = as_array(src, dst)
        _check_cast("copyto", value.dtype, dst.dtype, casting)
        if value._alloc is dst._alloc:  # an overlapping source: read it before writing
            value = value.copy()
        value = _fit(value.astype(dst.dtype, copy=False), dst.shape)
    if where is True:
        dst[...] = value
        return
    mask = as_array(where, dst)
    if mask.dtype.kind != "b":
        raise TypeError(f"Cannot cast array data from {mask.dtype.name} to bool according to the rule 'safe'")
    if broadcast_shapes(mask.shape, dst.shape) != dst.shape:
        raise ValueError(f"could not broadcast where mask from shape {mask.shape} into shape {dst.shape}")
    dst[...] = ew.where(mask, value, dst)


@named_errors
def put_along_axis(arr: Array, indices: Any, values: Any, axis: int | None) -> None:
    """NumPy's ``put_along_axis``: ``arr[..., indices[...], ...] = values`` along ``axis`` on the vulkit array
    ``arr`` (the counterpart of :func:`take_along_axis`): ``indices`` (integers, arr's number of dimensions)
    broadcast against arr except along ``axis``, ``values`` broadcast to that shape and cast to arr's dtype;
    negative indices count from the end, the last of repeated ones wins. ``axis=None``: the C-order flattened arr
    (1-d indices). One scatter; reads back whether an index is out of range (IndexError)."""
    x = _target("put_along_axis", arr)
    index = as_array(indices, x)
    if index.dtype.kind not in "iu":
        raise IndexError("`indices` must be an integer array")
    if axis is None:
        if index.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        dims, axis = (x.size,), 0
    else:
        dims = x.shape
        (axis,) = normalize_axes(axis, x.ndim)
    if index.ndim != len(dims):
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    index = index.astype(dt.int64, copy=False)
    try:
        target = broadcast_shapes(index.shape, tuple(1 if k == axis else n for k, n in enumerate(dims)))
    except ValueError:
        raise IndexError(f"shape mismatch: indices of shape {index.shape} do not broadcast against arr of shape "
                         f"{dims} along the axes other than {axis}") from None
    source = values.astype(x.dtype, copy=False) if isinstance(values, Array) else upload(
        x._ctx, np.asarray(values, dtype=x.dtype.np))
    source = broadcast_to(_fit(source, target), target)
    n = dims[axis]
    if not builtins.all(target):
        return
    if _any_outside(index, -n, n):
        host = index.numpy()
        bad = host[(host < -n) | (host >= n)].flat[0]
        raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {n}")
    flat: Array | None = None
    stride = 1
    for k in range(len(dims) - 1, -1, -1):  # the C-order flat position: the sum of each coordinate times its stride
        if k == axis:
            coordinate = ew.remainder(index, n)
        else:
            coordinate = reshape(arange(dims[k], dtype=dt.int64, device=x.device),
                                 tuple(-1 if d == k else 1 for d in range(len(dims))))
        term = ew.multiply(coordinate, stride) if stride != 1 else coordinate
        flat = term if flat is None else ew.add(flat, term)
        stride *= dims[k]
    assert flat is not None
    _scatter(x, reshape(broadcast_to(flat, target), (-1,)), reshape(source, (-1,)), unique=False)


@named_errors
def row_stack(tup: Sequence[Any], *, dtype: Any = None, casting: str = "same_kind") -> Array:
    """NumPy's deprecated alias of :func:`vstack` (NumPy 2.4 still has it and warns DeprecationWarning; so does
    this)."""
    warnings.warn("`row_stack` alias is deprecated. Use `vt.vstack` directly.", DeprecationWarning, stacklevel=3)
    return vstack(tup, dtype=dtype, casting=casting)


@named_errors
def apply_over_axes(func: Callable[[Array, int], Any], a: Any, axes: Any) -> Array:
    """NumPy's ``apply_over_axes``: ``a = func(a, axis=axis)`` for each of ``axes`` in turn, a result with one
    dimension fewer given it back (expand_dims), so the result has a's number of dimensions. The axis goes by
    keyword (NumPy passes it by position), so vulkit's reductions, whose ``axis`` is keyword-only as the array API
    has it, work as ``func``."""
    value = as_array(a)
    count = value.ndim
    for axis in (axes,) if np.ndim(axes) == 0 else axes:
        axis = operator.index(axis)
        axis = axis + count if axis < 0 else axis
        result = as_array(func(value, axis=axis), value)
        if result.ndim != value.ndim:
            result = expand_dims(result, axis=axis)
            if result.ndim != value.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        value = result
    return value


@named_errors
def asanyarray(a: Any, dtype: Any = None, order: str | None = None, *, device: Any = None, copy: bool | None = None,
               like: Any = None) -> Array:
    """NumPy's ``asanyarray``: :func:`vt.asarray` (vulkit arrays have no subclasses); ``order`` is checked and
    otherwise ignored (vulkit's copies are C-ordered), ``like`` ignored."""
    if order not in _ORDERS:
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    return asarray(a, dtype=dtype, device=device, copy=copy)


@named_errors
def asarray_chkfinite(a: Any, dtype: Any = None, order: str | None = None) -> Array:
    """NumPy's ``asarray_chkfinite``: :func:`asanyarray`, then ValueError where a floating or complex array holds an
    infinity or NaN (one flag read back: it waits for the device)."""
    x = asanyarray(a, dtype=dtype, order=order)
    if not rd.all_finite(x):
        raise ValueError("array must not contain infs or NaNs")
    return x


@named_errors
def real_if_close(a: Any, tol: float = 100) -> Array:
    """NumPy's ``real_if_close``: the real part of a complex array whose imaginary parts are all below ``tol``
    in magnitude (``tol`` > 1 counts machine epsilons of a's type), else a itself (one flag read back)."""
    x = as_array(a)
    if x.dtype.kind != "c":
        return x
    if tol > 1:
        tol = float(np.finfo(x.dtype.np).eps) * tol
    return _real_if_all(x, lambda v: ew.less(ew.abs(ew.imag(v)), tol))


@named_errors
def sort_complex(a: Any) -> Array:
    """NumPy's ``sort_complex``: a sorted along its last axis by real part, then imaginary part (:func:`vt.sort`),
    as complex: complex64 for (u)int8 and (u)int16, complex128 for the other real types, as NumPy's."""
    b = sort(as_array(a))
    if b.dtype.kind == "c":
        return b
    small = b.dtype in (dt.int8, dt.int16, dt.uint8, dt.uint16)
    return b.astype(dt.complex64 if small else on_device(dt.complex128, b._ctx))


# -- dtype helpers -------------------------------------------------------------------------------------------------
_BFLOAT16_PARENTS = (np.floating, np.inexact, np.number, np.generic)  # where vulkit's bfloat16 sits among NumPy's


def _scalar_type(value: Any) -> Any:
    """NumPy's scalar type of a dtype-like (vulkit dtypes too), or vulkit's bfloat16 itself (NumPy has none)."""
    if isinstance(value, Array):
        raise TypeError("Cannot construct a dtype from an array")
    if value is dt.bfloat16 or (isinstance(value, str) and value == "bfloat16"):
        return dt.bfloat16
    if isinstance(value, dt.DType):
        return value.np.type
    if isinstance(value, type) and issubclass(value, np.generic):
        return value
    return np.dtype(value).type


@named_errors
def issubdtype(arg1: Any, arg2: Any) -> bool:
    """NumPy's ``issubdtype``: whether ``arg1`` is ``arg2`` or below it in NumPy's type hierarchy (vulkit dtypes,
    NumPy dtypes, types and abstract types such as ``np.floating``; vulkit's bfloat16 sits below ``np.floating``)."""
    first, second = _scalar_type(arg1), _scalar_type(arg2)
    if first is dt.bfloat16 or second is dt.bfloat16:
        return first is second or (first is dt.bfloat16 and second in _BFLOAT16_PARENTS)
    return issubclass(first, second)


def iterable(y: Any) -> bool:
    """NumPy's ``iterable``: whether ``iter(y)`` works (not for a 0-d array)."""
    try:
        iter(y)
    except TypeError:
        return False
    return True


_PRECISION = {dt.float16: 0, dt.float32: 1, dt.bfloat16: 1, dt.float64: 2, dt.complex64: 1, dt.complex128: 2}


@named_errors
def common_type(*arrays: Any) -> dt.DType:
    """NumPy's ``common_type``: the floating dtype (complex where one array is complex) of the highest precision
    among the arrays', integers counting as float64, as a vulkit dtype (float32 / complex64 on a device without
    float64; bfloat16 counts as float32, the smallest NumPy type holding its values). No arrays: float16."""
    is_complex, precision = False, 0
    for a in arrays:
        dtype = a.dtype if isinstance(a, Array) else dt.as_dtype(np.asarray(a).dtype)
        is_complex = is_complex or dtype.kind == "c"
        found = 2 if dtype.kind in "iu" else _PRECISION.get(dtype)
        if found is None:
            raise TypeError("can't get common type for non-numeric array")
        precision = builtins.max(precision, found)
    types = (dt.complex64, dt.complex64, dt.complex128) if is_complex else (dt.float16, dt.float32, dt.float64)
    return on_device(types[precision], context_of(*arrays))


def _type_char(value: Any) -> str:
    if isinstance(value, str):
        return value
    dtype = value.dtype if isinstance(value, (Array, dt.DType)) else np.asarray(value).dtype
    return "f" if dtype is dt.bfloat16 else np.dtype(dtype).char


def mintypecode(typechars: Any, typeset: str = "GDFgdf", default: str = "d") -> str:
    """NumPy's ``mintypecode``: the character of the smallest safe type of ``typeset`` for the given type
    characters or arrays (vulkit arrays by their dtype, without touching the device); a type character, as
    NumPy's, which vulkit's functions take as a dtype (bfloat16 counts as float32's 'f')."""
    return np.mintypecode([_type_char(t) for t in typechars], typeset, default)


# -- windows -------------------------------------------------------------------------------------------------------
def _window_size(M: Any, *more: Any) -> tuple[float, tuple[float, ...]]:  # noqa: N803 - NumPy's name
    """M (and kaiser's beta) as floats, as NumPy's ``np.array([0.0, M])`` makes them; TypeError for others."""
    values = np.array([0.0, M, *more])
    if values.dtype.kind != "f":
        raise TypeError(f"expected real numbers, got {(M, *more)!r}")
    return float(values[1]), tuple(float(v) for v in values[2:])


def _window(M: Any, shape: Callable[[Array, float], Array]) -> Array:  # noqa: N803 - NumPy's name
    """``shape(n, M)`` for n in arange(1 - M, M, 2) (float64; float32 on a device without float64); empty for
    M < 1, [1.0] for M == 1, as NumPy's windows."""
    m, _ = _window_size(M)
    dtype = default_float(context_of())
    if m < 1:
        return empty((0,), dtype=dtype)
    if m == 1:
        return ones((1,), dtype=dtype)
    return shape(arange(1 - m, m, 2, dtype=dtype), m)


def _cosine_window(M: Any, a0: float, a1: float, a2: float = 0.0) -> Array:  # noqa: N803
    """``a0 + a1 cos(pi n / (M - 1)) [+ a2 cos(2 pi n / (M - 1))]``, in NumPy's order of operations."""

    def shape(n: Array, m: float) -> Array:
        result = ew.add(a0, ew.multiply(a1, ew.cos(ew.divide(ew.multiply(np.pi, n), m - 1))))
        if a2:
            result = ew.add(result, ew.multiply(a2, ew.cos(ew.divide(ew.multiply(2.0 * np.pi, n), m - 1))))
        return result

    return _window(M, shape)


@named_errors
def bartlett(M: Any) -> Array:  # noqa: N803 - NumPy's name
    """NumPy's ``bartlett``: the triangular window of M points (float64; float32 on a device without float64)."""

    def shape(n: Array, m: float) -> Array:
        ratio = ew.divide(n, m - 1)
        return ew.where(ew.less_equal(n, 0), ew.add(1, ratio), ew.subtract(1, ratio))

    return _window(M, shape)


@named_errors
def blackman(M: Any) -> Array:  # noqa: N803 - NumPy's name
    """NumPy's ``blackman``: 0.42 + 0.5 cos(pi n / (M - 1)) + 0.08 cos(2 pi n / (M - 1)), M points."""
    return _cosine_window(M, 0.42, 0.5, 0.08)


@named_errors
def hamming(M: Any) -> Array:  # noqa: N803 - NumPy's name
    """NumPy's ``hamming``: 0.54 + 0.46 cos(pi n / (M - 1)), M points."""
    return _cosine_window(M, 0.54, 0.46)


@named_errors
def hanning(M: Any) -> Array:  # noqa: N803 - NumPy's name
    """NumPy's ``hanning``: 0.5 + 0.5 cos(pi n / (M - 1)), M points."""
    return _cosine_window(M, 0.5, 0.5)


@named_errors
def kaiser(M: Any, beta: float) -> Array:  # noqa: N803 - NumPy's name
    """NumPy's ``kaiser``: I0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / I0(beta) for n in arange(M), alpha =
    (M - 1) / 2, with :func:`vt.special.i0` (``array/ops/bessel.py``, which differs from NumPy's by a few ulps)."""

    m, (b,) = _window_size(M, beta)
    dtype = default_float(context_of())
    if m == 1:
        return ones((1,), dtype=dtype)
    n = arange(0, m, dtype=dtype)
    alpha = (m - 1) / 2.0
    ratio = ew.square(ew.divide(ew.subtract(n, alpha), alpha))
    return ew.divide(i0(ew.multiply(b, ew.sqrt(ew.subtract(1, ratio)))), i0(asarray(b, dtype=dtype)))


# -- polynomials ---------------------------------------------------------------------------------------------------
def _eigenvalues(matrix: Array) -> Array:
    """NumPy's ``linalg.eigvals``: complex, or real where the matrix is real and every imaginary part is zero (one
    flag read back)."""
    values = eigvals(matrix)
    if matrix.dtype.kind == "c":
        return values
    return _real_if_all(values, lambda v: ew.equal(ew.imag(v), 0))


@named_errors
def poly(seq_of_zeros: Any) -> Array:
    """NumPy's ``poly``: the coefficients of the monic polynomial with the given zeros (1-d; integers and float16
    as float64), or with a non-empty square matrix's eigenvalues; one multiplication by (x - zero) per zero, on the
    device. Complex coefficients become real where the zeros are closed under conjugation (read back). No zeros:
    a 0-d 1.0 (NumPy's Python float)."""
    zeros_ = _at_least_1d(seq_of_zeros)
    ctx = zeros_._ctx
    if zeros_.ndim == 2 and zeros_.shape[0] == zeros_.shape[1] and zeros_.shape[0]:
        zeros_ = _eigenvalues(zeros_)
    elif zeros_.ndim == 1:
        char = "f" if zeros_.dtype is dt.bfloat16 else zeros_.dtype.np.char
        zeros_ = zeros_.astype(on_device(dt.as_dtype(np.mintypecode(char)), ctx), copy=False)
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if zeros_.shape[0] == 0:
        return asarray(1.0, dtype=default_float(ctx), device=zeros_.device)
    a = ones((1,), dtype=zeros_.dtype, device=zeros_.device)
    for k in range(zeros_.shape[0]):
        # NumPy's convolve(a, [1, -zero]): the overlapping terms a[i] + a[i - 1] * -zero only (no 0 * inf), summed
        # from +0.0, so that -0.0 sums are +0.0
        shifted = ew.multiply(a, ew.negative(zeros_[k]))
        a = ew.add(concat([a[:1], ew.add(a[1:], shifted[:-1]), shifted[-1:]]), 0.0)
    if a.dtype.kind == "c":
        ordered = sort(zeros_)
        if bool(rd.all(ew.equal(ordered, sort(ew.conj(zeros_))))):
            a = ew.real(a)
    return a


def _combine(operation: Callable[[Array, Array], Array], a1: Any, a2: Any) -> Array:
    """``a1`` and ``a2`` (at least 1-d) combined elementwise after the shorter is padded with leading zeros of its
    own dtype (NumPy's polyadd and polysub)."""
    a1 = _at_least_1d(a1, a2)
    a2 = _at_least_1d(a2, a1)
    difference = a2.shape[0] - a1.shape[0]
    if difference > 0:
        a1 = concat([zeros((difference,), dtype=a1.dtype, device=a1.device), a1])
    elif difference < 0:
        a2 = concat([zeros((-difference,), dtype=a2.dtype, device=a2.device), a2])
    return operation(a1, a2)


@named_errors
def polyadd(a1: Any, a2: Any) -> Array:
    """NumPy's ``polyadd``: the sum of two polynomials (the shorter padded with leading zeros)."""
    return _combine(ew.add, a1, a2)


@named_errors
def polysub(a1: Any, a2: Any) -> Array:
    """NumPy's ``polysub``: the difference of two polynomials (the shorter padded with leading zeros)."""
    return _combine(ew.subtract, a1, a2)


def _trimmed(p: Any, *like: Any) -> Array:
    """NumPy's ``poly1d(p)`` coefficients: 1-d, leading zeros dropped (read back), [0] where none is left."""
    p = _at_least_1d(p, *like)
    if p.ndim != 1:
        raise ValueError("Polynomial must be 1d only.")
    p = trim_zeros(p, "f")
    return p if p.shape[0] else zeros((1,), dtype=p.dtype, device=p.device)


@named_errors
def polymul(a1: Any, a2: Any) -> Array:
    """NumPy's ``polymul``: the product of two polynomials, :func:`vt.convolve` of their coefficients after leading
    zeros are dropped (as NumPy's ``poly1d`` does; the count is read back)."""
    a1 = _trimmed(a1, a2)
    return convolve(a1, _trimmed(a2, a1))


@named_errors
def polydiv(u: Any, v: Any) -> tuple[Array, Array]:
    """NumPy's ``polydiv``: quotient and remainder of u / v by long division in floating point (NumPy's steps, on
    the device), the remainder's leading elements within 1e-8 of zero dropped, leaving at least one (read back)."""
    u = ew.add(_at_least_1d(u, v), 0.0)
    v = ew.add(_at_least_1d(v, u), 0.0)
    dtype = dt.result_type(u[0], v[0])
    m, n = u.shape[0] - 1, v.shape[0] - 1
    scale = ew.divide(1.0, v[0])
    q = zeros((builtins.max(m - n + 1, 1),), dtype=dtype, device=u.device)
    r = u.astype(dtype)
    for k in range(m - n + 1):
        d = ew.multiply(scale, r[k])
        q[k] = d
        r[k:k + n + 1] = ew.subtract(r[k:k + n + 1], ew.multiply(d, v))
    small = ew.less_equal(ew.abs(r), 1e-8).astype(dt.int32)
    leading = int(rd.sum(cumulative_prod(small)))
    return q, r[builtins.min(leading, r.shape[0] - 1):]


def _order(m: Any, kind: str, other: str) -> int:
    m = int(m)
    if m < 0:
        raise ValueError(f"Order of {kind} must be positive (see {other})")
    return m


@named_errors
def polyder(p: Any, m: int = 1) -> Array:
    """NumPy's ``polyder``: the m-th derivative, each a multiplication of ``p[:-1]`` by the powers (int64, so
    integers stay integers and float32 becomes float64, as NumPy's promotion)."""
    m = _order(m, "derivative", "polyint")
    p = as_array(p)
    if p.ndim == 0:
        raise TypeError("len() of unsized object")
    for _ in range(min(m, p.shape[0] + 1)):  # past its length every derivative is the same empty array
        count = p.shape[0] - 1
        p = ew.multiply(p[:-1], arange(count, 0, -1, dtype=default_int(p._ctx), device=p.device))
    return p


@named_errors
def polyint(p: Any, m: int = 1, k: Any = None) -> Array:
    """NumPy's ``polyint``: the m-th antiderivative, each a division of p by the powers and the next integration
    constant of ``k`` appended (default zeros; one value for all; else at least m of them), in float64 (complex128
    for complex p or k)."""
    m = _order(m, "integral", "polyder")
    p = as_array(p)
    ctx = p._ctx
    real = _real_type(ctx)
    constants = zeros((m,), dtype=real, device=p.device) if k is None else _at_least_1d(k, p)
    if constants.shape[0] == 1 and m > 1:
        constants = ew.multiply(constants[0], ones((m,), dtype=real, device=p.device))
    if constants.shape[0] < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    if m and p.ndim == 0:
        raise TypeError("len() of unsized object")
    for i in range(m):
        powers = arange(p.shape[0], 0, -1, dtype=default_int(ctx), device=p.device)
        quotient = ew.divide(p.astype(_promoted(p.dtype, real, ctx), copy=False), powers)
        p = concat([quotient, reshape(constants[i], (1,))])
    return p


@named_errors
def roots(p: Any) -> Array:
    """NumPy's ``roots``: the zeros of the polynomial, the eigenvalues (:func:`vt.linalg.eigvals`) of its
    companion matrix after leading and trailing zero coefficients are dropped (their extent read back), the
    trailing ones' zeros appended; real where all imaginary parts are zero (read back), as NumPy's. Their order is
    the eigen-solver's, which may differ from NumPy's."""
    p = _at_least_1d(p)
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    ctx = p._ctx
    found = flatnonzero(p)
    real = _real_type(ctx)
    if found.shape[0] == 0:
        return empty((0,), dtype=real, device=p.device)
    first, last = concat([found[:1], found[-1:]]).numpy().tolist()
    trailing = p.shape[0] - last - 1
    p = p[first:last + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(real)
    count = p.shape[0]
    if count > 1:
        companion = eye(count - 1, k=-1, dtype=p.dtype, device=p.device)
        companion[0, :] = ew.divide(ew.negative(p[1:]), p[0])
        found = _eigenvalues(companion)
    else:
        found = empty((0,), dtype=real, device=p.device)
    return concat([found, zeros((trailing,), dtype=found.dtype, device=p.device)])
