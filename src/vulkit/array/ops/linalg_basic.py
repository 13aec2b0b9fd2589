"""``vt.linalg``'s functions that are not factorizations: norms, diagonals and traces, cross products, matrix
powers and the 1-D outer product (the array API 2025.12 linalg extension, with NumPy's ``np.linalg.norm``).

Everything is composed of GPU operations (reductions, elementwise functions, views, matmul); nothing waits for
the GPU but ``inv`` (matrix_power with n < 0), which reads back whether a matrix was singular. Norms of float16 and
bfloat16 arrays are computed in float32 and rounded once; integer and bool arrays give the default float dtype,
complex arrays their parts' real dtype (as NumPy). As in NumPy, the 2-norm squares without rescaling, so it
overflows to inf where the squares do (beyond about 1.8e19 in float32, 1.3e154 in float64).
"""

from __future__ import annotations

import builtins
import math
import operator
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, make_array, view
from ..dtypes import DType
from ..layout import broadcast_shapes, normalize_axes, size_of
from .arguments import array_argument
from .contractions import _promoted, wide_dtype
from .contractions import outer as _outer
from .creation import default_float, eye
from .elementwise import abs as abs_
from .elementwise import add, multiply, pow, sqrt, square, subtract
from .linalg_common import LinAlgError
from .manipulation import broadcast_to, expand_dims, moveaxis
from .named_errors import naming_errors
from .outputs import into
from .reductions import count_nonzero, max, min, sum  # noqa: A004


# -- norms --------------------------------------------------------------------------------------------------
def _norm_operand(x: Any, function: str) -> tuple[Array, DType]:
    """x in the dtype its norm is computed in (16-bit floats in float32; integers and bool in the default float), and
    the norm's dtype."""
    x = array_argument(x, function)
    kind = x.dtype.kind
    result = x.dtype.component if kind in "fc" else default_float(x._ctx)
    compute = wide_dtype(result)
    if kind != "c" and x.dtype is not compute:
        x = x.astype(compute)
    return x, result


def _finish(norm: Array, result: DType) -> Array:
    return norm if norm.dtype is result else norm.astype(result)


def _order(ord: Any, function: str, what: str) -> float:  # noqa: A002
    if isinstance(ord, (bool, np.bool_)) or not isinstance(ord, (int, float, np.integer, np.floating)) \
            or math.isnan(ord):
        raise ValueError(f"{function}: invalid norm order {ord!r} for {what}")
    return float(ord)


def _extreme(x: Array, axis: Any, keepdims: bool, largest: bool, function: str) -> Array:
    """max or min over ``axis`` of x >= 0 elementwise (absolute values): over no elements the max is 0 (NumPy's
    norms take 0 as its initial value) and the min a ValueError naming ``function``."""
    axes = normalize_axes(axis, x.ndim) if axis is not None else tuple(range(x.ndim))
    if size_of(tuple(x.shape[a] for a in axes)) == 0:
        if largest:
            return sum(x, axis=axis, keepdims=keepdims)  # zeros of the result's shape and dtype
        if size_of(tuple(n for d, n in enumerate(x.shape) if d not in axes)) > 0:
            raise ValueError(f"{function}: zero-size array to reduction operation minimum which has no identity")
    return (max if largest else min)(x, axis=axis, keepdims=keepdims)


def _squares(x: Array) -> Array:
    """|x|^2 elementwise (for complex x the sum of the squared parts: no square root on the way)."""
    if x.dtype.kind == "c":
        return add(square(x.real), square(x.imag))
    return square(x)


def _vector(x: Array, axis: Any, keepdims: bool, p: float, function: str) -> Array:
    """The ``p``-norm of x (in its compute dtype) over ``axis`` (None: all axes)."""
    if p == 2:
        return sqrt(sum(_squares(x), axis=axis, keepdims=keepdims))
    if p == math.inf or p == -math.inf:
        return _extreme(abs_(x), axis, keepdims, p > 0, function)
    if p == 0:
        counts = count_nonzero(x, axis=axis, keepdims=keepdims)
        return counts.astype(x.dtype.component)
    if p == 1:
        return sum(abs_(x), axis=axis, keepdims=keepdims)
    return pow(sum(pow(abs_(x), p), axis=axis, keepdims=keepdims), 1.0 / p)


def vector_norm(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False,
                ord: int | float = 2) -> Array:  # noqa: A002
    """The ``ord``-norm of the vectors along ``axis`` (array API ``vector_norm``): None flattens x, a tuple of axes
    takes their elements as one vector. ord: 2 (sqrt of the sum of squares), 1 (sum of |x|), inf / -inf (largest /
    smallest |x|), 0 (number of nonzero elements), any other p (sum of |x|^p)^(1/p). Complex input gives a real
    result."""
    x, result = _norm_operand(x, "vector_norm")
    p = _order(ord, "vector_norm", "vectors")
    if axis is not None:
        axis = normalize_axes(axis, x.ndim, "vector_norm")
    return _finish(_vector(x, axis, keepdims, p, "vector_norm"), result)


def _singular_values(x: Array, function: str) -> Array:
    from .linalg_spectral import svdvals  # noqa: PLC0415 - the factorizations import matmul, which imports this layer

    with naming_errors(function):
        return svdvals(x)


def _matrix(x: Array, ord: Any, keepdims: bool, function: str) -> Array:  # noqa: A002
    """The ``ord``-norm of the matrices in x's last two axes (x in its compute dtype)."""
    if isinstance(ord, str):
        if ord in ("fro", "f"):
            return _vector(x, (x.ndim - 2, x.ndim - 1), keepdims, 2.0, function)
        if ord != "nuc":
            raise ValueError(f"{function}: invalid norm order {ord!r} for matrices")
        norm = sum(_singular_values(x, function), axis=-1)
    else:
        p = _order(ord, function, "matrices")
        if p in (1.0, -1.0, math.inf, -math.inf):
            along = -2 if abs(p) == 1 else -1  # 1: the largest column sum; inf: the largest row sum
            sums = sum(abs_(x), axis=along, keepdims=True)
            norm = _extreme(sums, -1 if along == -2 else -2, True, p > 0, function)
            return norm if keepdims else view(norm, norm.shape[:-2], norm.strides[:-2], norm._offset)
        if p not in (2.0, -2.0):
            raise ValueError(f"{function}: invalid norm order {ord!r} for matrices")
        norm = _extreme(_singular_values(x, function), -1, False, p > 0, function)
    return expand_dims(norm, axis=(-2, -1)) if keepdims else norm


def matrix_norm(x: Array, /, *, keepdims: bool = False, ord: int | float | str = "fro") -> Array:  # noqa: A002
    """The ``ord``-norm of the matrices in x's last two axes (array API ``matrix_norm``): 'fro' (Frobenius), 'nuc'
    (sum of singular values), 1 / -1 (largest / smallest column sum of |x|), inf / -inf (row sums), 2 / -2 (largest /
    smallest singular value). 'nuc' and +-2 call :func:`vt.linalg.svdvals`."""
    x, result = _norm_operand(x, "matrix_norm")
    if x.ndim < 2:
        raise ValueError(f"matrix_norm: x must have at least 2 dimensions, got shape {x.shape}")
    return _finish(_matrix(x, ord, keepdims, "matrix_norm"), result)


def norm(x: Array, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Array:  # noqa: A002
    """NumPy's ``np.linalg.norm``: without ``axis``, the 2-norm of the flattened x when ``ord`` is None, else the
    vector norm of a 1-D x or the matrix norm of a 2-D one; an integer ``axis`` (or 1-tuple) gives vector norms, a
    2-tuple matrix norms over those axes (ord None: 2-norm and 'fro')."""
    x, result = _norm_operand(x, "norm")
    if axis is None:
        if ord is None or (isinstance(ord, str) and ord in ("f", "fro") and x.ndim == 2) or \
                (not isinstance(ord, str) and ord == 2 and x.ndim == 1):
            return _finish(_vector(x, None, keepdims, 2.0, "norm"), result)
        axes = tuple(range(x.ndim))
    else:
        if not isinstance(axis, tuple):
            try:
                axis = (operator.index(axis),)
            except TypeError:
                raise TypeError("norm: 'axis' must be None, an integer or a tuple of integers") from None
        axes = normalize_axes(axis, x.ndim, "norm")
    if len(axes) == 1:
        if isinstance(ord, str):
            raise ValueError(f"norm: invalid norm order {ord!r} for vectors")
        p = 2.0 if ord is None else _order(ord, "norm", "vectors")
        return _finish(_vector(x, axes, keepdims, p, "norm"), result)
    if len(axes) != 2:
        raise ValueError(f"norm: improper number of dimensions to norm (x has {x.ndim}, axis={axis!r})")
    moved = moveaxis(x, axes, (-2, -1))
    value = _matrix(moved, "fro" if ord is None else ord, False, "norm")
    if keepdims:
        value = expand_dims(value, axis=tuple(sorted(axes)))
    return _finish(value, result)


# -- diagonals and traces -----------------------------------------------------------------------------------
def _diagonal(x: Array, offset: int, axis1: int, axis2: int, function: str) -> Array:
    """The view of x's ``offset`` diagonal in the plane of ``axis1`` and ``axis2``, as a last axis."""
    a1, a2 = normalize_axes((axis1, axis2), x.ndim, function)
    offset = operator.index(offset)
    (n1, n2), (s1, s2) = (x.shape[a1], x.shape[a2]), (x.strides[a1], x.strides[a2])
    length = builtins.max(0, builtins.min(n1, n2 - offset) if offset >= 0 else builtins.min(n1 + offset, n2))
    start = (offset * s2 if offset >= 0 else -offset * s1) if length else 0
    kept = [d for d in range(x.ndim) if d not in (a1, a2)]
    return view(x, (*(x.shape[d] for d in kept), length), (*(x.strides[d] for d in kept), s1 + s2),
                x._offset + start)


def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """The ``offset`` diagonals of the matrices in x's last two axes (array API ``diagonal``): a view of x (no copy);
    offset > 0 above the main diagonal, < 0 below; an offset outside the matrix gives an empty last axis."""
    x = array_argument(x, "diagonal")
    if x.ndim < 2:
        raise ValueError(f"diagonal: x must have at least 2 dimensions, got shape {x.shape}")
    return _diagonal(x, offset, -2, -1, "diagonal")


def trace(x: Array, /, *, offset: int = 0, dtype: Any = None) -> Array:
    """The sums of the ``offset`` diagonals of the matrices in x's last two axes (array API ``trace``), in
    :func:`vt.sum`'s dtype (small integers in the default integer type) unless ``dtype`` says."""
    x = array_argument(x, "trace")
    if x.ndim < 2:
        raise ValueError(f"trace: x must have at least 2 dimensions, got shape {x.shape}")
    return sum(_diagonal(x, offset, -2, -1, "trace"), axis=-1, dtype=dtype)


def diagonal_method(a: Array, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """NumPy's ``x.diagonal(offset, axis1, axis2)``: the diagonal of the plane of ``axis1`` and ``axis2`` (by default
    the first two axes) as x's last axis, a view."""
    if a.ndim < 2:
        raise ValueError(f"diagonal: the array must have at least 2 dimensions, got shape {a.shape}")
    return _diagonal(a, offset, axis1, axis2, "diagonal")


def trace_method(a: Array, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None,
                 out: Array | None = None) -> Array:
    """NumPy's ``x.trace(offset, axis1, axis2, dtype, out)``: the sums of :func:`diagonal_method`'s diagonals."""
    if a.ndim < 2:
        raise ValueError(f"trace: the array must have at least 2 dimensions, got shape {a.shape}")
    return into(out, sum(_diagonal(a, offset, axis1, axis2, "trace"), axis=-1, dtype=dtype), "trace", "safe")


# -- products -----------------------------------------------------------------------------------------------
def outer(x1: Array, x2: Array, /) -> Array:
    """The outer product of two 1-D arrays (array API ``linalg.outer``; ``vt.outer`` flattens its inputs as NumPy's
    does)."""
    a, b = array_argument(x1, "outer"), array_argument(x2, "outer")
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"outer: x1 and x2 must be 1-dimensional, got shapes {a.shape} and {b.shape}")
    return _outer(a, b)


def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """The cross product of 3-element vectors along ``axis`` of x1 and x2, the other axes broadcast (array API /
    NumPy ``linalg.cross``). float16 and bfloat16 are computed in float32."""
    a, b = _promoted("cross", x1, x2)
    dtype = a.dtype
    if dtype is dt.bool_:
        raise TypeError("cross: not defined for bool arrays")
    axis = operator.index(axis)
    for x, name in ((a, "x1"), (b, "x2")):
        (along,) = normalize_axes(axis, x.ndim, "cross")
        if x.shape[along] != 3:
            raise ValueError(f"cross: {name} must have size 3 along axis {axis} (3-element vectors), got shape "
                             f"{x.shape}")
    compute = wide_dtype(dtype)
    a, b = moveaxis(a.astype(compute, copy=False), axis, -1), moveaxis(b.astype(compute, copy=False), axis, -1)
    try:
        shape = broadcast_shapes(a.shape[:-1], b.shape[:-1])
    except ValueError:
        raise ValueError(f"cross: shapes {x1.shape} and {x2.shape} do not broadcast (besides axis {axis})") from None
    out = make_array(a._ctx, (*shape, 3), compute)
    for i in range(3):
        j, k = (i + 1) % 3, (i + 2) % 3
        part = out[..., i]
        multiply(a[..., j], b[..., k], out=part)
        subtract(part, multiply(a[..., k], b[..., j]), out=part)
    return moveaxis(_finish(out, dtype), -1, normalize_axes(axis, out.ndim, "cross")[0])


def matrix_power(x: Array, n: int, /) -> Array:
    """x to the integer power n by repeated squaring (NumPy's ``matrix_power``): about 2 log2(n) matmuls; n = 0
    gives identities, n < 0 powers of :func:`vt.linalg.inv`."""
    x = array_argument(x, "matrix_power")
    if x.ndim < 2:
        raise LinAlgError(f"matrix_power: {x.ndim}-dimensional array given; it must be at least two-dimensional")
    if x.shape[-1] != x.shape[-2]:
        raise LinAlgError(f"matrix_power: the last 2 dimensions of the array must be square, got shape {x.shape}")
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"matrix_power: exponent must be an integer, got {n!r}") from None
    from .matmul import matmul  # noqa: PLC0415

    if n == 0:
        return broadcast_to(eye(x.shape[-1], dtype=x.dtype, device=x.device), x.shape).copy()
    if n < 0:
        from .factorizations import inv  # noqa: PLC0415

        with naming_errors("matrix_power"):
            x, n = inv(x), -n
    power, result = x, None
    while True:
        n, bit = divmod(n, 2)
        if bit:
            result = power if result is None else matmul(result, power)
        if not n:
            break
        power = matmul(power, power)
    return x.copy() if result is x else result
