"""``numpy.linalg``'s names beyond the array API standard: lstsq, multi_dot, cond, tensorsolve, tensorinv.

Each is composed of ``vt.linalg``'s GPU functions (svd, svdvals, solve, inv, slogdet, matrix_norm, matmul), so it
inherits their algorithms and accuracy: the SVD is one-sided Jacobi in the input's precision, solve and inv LU with
partial pivoting (see :mod:`.linalg_spectral` and :mod:`.factorizations`). NumPy computes float32 and complex64 in
float64 (LAPACK's ``d``/``z`` routines) and rounds the result; these functions compute in the input's precision, so
a float32 result is within the float32 perturbation bounds quoted per function of NumPy's. Errors name the function
called (``"lstsq: ..."``) and have NumPy's types (LinAlgError, a ValueError, where NumPy raises it).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..array import Array
from ..layout import normalize_axes
from .arguments import array_argument
from .contractions import _promoted, dot
from .creation import eye, zeros
from .elementwise import divide, equal, greater, isnan, logical_and, logical_not, where
from .factorizations import inv, slogdet, solve
from .linalg_basic import _squares, matrix_norm
from .linalg_common import LinAlgError, compute_dtype, convert, finish, real_dtype, result_dtype
from .linalg_spectral import _conj_t, _rtol, svd, svdvals
from .manipulation import expand_dims, permute_dims, reshape
from .matmul import matmul
from .named_errors import naming_errors
from .outputs import into
from .reductions import any as _any
from .reductions import sum as _sum

__all__ = ["cond", "lstsq", "multi_dot", "tensorinv", "tensorsolve"]


# -- lstsq --------------------------------------------------------------------------------------------------------
def lstsq(a: Any, b: Any, rcond: float | None = None) -> tuple[Array, Array, int, Array]:
    """NumPy's ``lstsq``: the x minimizing ||b - a x||_2 for a (M, N) and b (M,) or (M, K), of least norm where a
    is rank-deficient. Returns (x (N,) or (N, K), residuals, rank, s): residuals are the squared 2-norms of b - a x
    per column ((1,) for 1-D b), empty unless rank == N and M > N; rank counts the singular values above ``rcond``
    times the largest (default max(M, N) eps; outside (0, 1) eps, as LAPACK's ``gelsd``); s holds a's singular
    values, descending.

    By the SVD (one-sided Jacobi, :func:`svd`): x = V S^+ U^H b, S^+ inverting the singular values kept (NumPy's
    ``pinv(a, rtol=rcond) @ b``, the products taken in the stabler order); residuals from b - a x. Backward stable,
    so x is within c eps (kappa + kappa^2 ||r|| / (||a|| ||x||)) of the exact solution relative to ||x||, kappa
    the condition number, as LAPACK's ``gelsd`` (NumPy's) is. Unlike NumPy, float32 and complex64 are computed in
    their own precision, and the default ``rcond`` is their eps times max(M, N) (NumPy: float64's, which counts
    float32 rounding noise as rank). ``rank`` is a Python int (this reads it back: it waits for the GPU).
    LinAlgError for NaN or infinity, as NumPy's "SVD did not converge"."""
    x1, x2 = array_argument(a, "lstsq"), array_argument(b, "lstsq")
    if x1.ndim != 2:
        raise LinAlgError(f"lstsq: a must be two-dimensional, got a {x1.ndim}-dimensional array (shape {x1.shape})")
    if x2.ndim not in (1, 2):
        raise LinAlgError(f"lstsq: b must be one- or two-dimensional, got a {x2.ndim}-dimensional array "
                          f"(shape {x2.shape})")
    m, n = x1.shape
    if x2.shape[0] != m:
        raise LinAlgError(f"lstsq: incompatible dimensions: a is {m}x{n} but b has {x2.shape[0]} rows "
                          f"(shape {x2.shape})")
    compute, rtype = compute_dtype(result_dtype(x1.dtype, x2.dtype), x1._ctx, "lstsq")
    x1, _ = convert(x1, "lstsq", compute)
    x2, _ = convert(x2, "lstsq", compute)
    rhs = x2 if x2.ndim == 2 else reshape(x2, (m, 1))
    real = real_dtype(compute)
    if min(m, n) == 0:
        s = zeros((0,), dtype=real, device=x1.device)
        x = zeros((n, rhs.shape[1]), dtype=compute, device=x1.device)
        rank = 0
    else:
        with naming_errors("lstsq"):
            u, s, vh = svd(x1, full_matrices=False)
        if rcond is not None and not 0 < rcond < 1:  # LAPACK's gelsd (dlalsd): machine precision instead
            rcond = float(np.finfo(real.np).eps)
        kept = greater(s, s[:1] * _rtol(rcond, m, n, real))
        rank = int(_sum(kept, dtype="int64"))
        inverse = where(kept, divide(1, where(kept, s, 1)), 0).astype(compute)
        x = matmul(_conj_t(vh), expand_dims(inverse, axis=-1) * matmul(_conj_t(u), rhs))
    if rank == n and m > n:
        residuals = _sum(_squares(rhs - matmul(x1, x)), axis=0)
    else:
        residuals = zeros((0,), dtype=real, device=x1.device)
    if x2.ndim == 1:
        x = reshape(x, (n,))
    return finish(x, rtype), finish(residuals, real_dtype(rtype)), rank, finish(s, real_dtype(rtype))


# -- multi_dot ----------------------------------------------------------------------------------------------------
def _chain_order(dims: list[int]) -> list[list[int]]:
    """The matrix-chain split points of NumPy's ``_multi_dot_matrix_chain_order`` (Cormen's dynamic program, same
    ties): ``split[i][j]`` is the k where the product of matrices i..j splits into (i..k)(k+1..j); matrix i is
    dims[i] x dims[i + 1]."""
    count = len(dims) - 1
    cost = [[0.0] * count for _ in range(count)]
    split = [[0] * count for _ in range(count)]
    for length in range(1, count):
        for i in range(count - length):
            j = i + length
            cost[i][j] = math.inf
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain(arrays: list[Array], split: list[list[int]], i: int, j: int) -> Array:
    if i == j:
        return arrays[i]
    k = split[i][j]
    return matmul(_chain(arrays, split, i, k), _chain(arrays, split, k + 1, j))


def multi_dot(arrays: Sequence[Any], *, out: Array | None = None) -> Array:
    """NumPy's ``multi_dot``: the product of two or more arrays, multiplied in the order that takes the fewest
    scalar multiplications (NumPy's dynamic program, ties broken as NumPy does). The first array may be 1-D (a row
    vector) and the last 1-D (a column vector), the others must be 2-D; the result drops those axes (0-d where both
    are 1-D: NumPy returns a scalar). Two arrays are NumPy's ``dot`` of them. Each product is :func:`matmul` in the
    arrays' promoted dtype, so results equal NumPy's to the rounding of the chosen order. ``out``: the result is
    written there (its shape and dtype must be the result's)."""
    if isinstance(arrays, Array) or not isinstance(arrays, Sequence) or isinstance(arrays, str):
        raise TypeError(f"multi_dot: expected a sequence of arrays, got {type(arrays).__name__}")
    if len(arrays) < 2:
        raise ValueError(f"multi_dot: expected at least two arrays, got {len(arrays)}")
    items = _promoted("multi_dot", *arrays)
    shapes = [x.shape for x in items]
    if len(items) == 2 and not all(x.ndim in (1, 2) for x in items):
        with naming_errors("multi_dot"):  # NumPy's dot, scalars and N-d arrays included
            return dot(items[0], items[1], out=out)
    first, last = items[0].ndim, items[-1].ndim
    for i, x in enumerate(items):
        allowed = (1, 2) if i in (0, len(items) - 1) else (2,)
        if x.ndim not in allowed:
            where_ = "first or last" if i in (0, len(items) - 1) else "inner"
            raise ValueError(f"multi_dot: array {i} is {x.ndim}-dimensional (shape {x.shape}); the {where_} arrays "
                             f"must be {' or '.join(map(str, allowed))}-dimensional")
    if first == 1:
        items[0] = reshape(items[0], (1, items[0].shape[0]))
    if last == 1:
        items[-1] = reshape(items[-1], (items[-1].shape[0], 1))
    for i in range(len(items) - 1):
        if items[i].shape[1] != items[i + 1].shape[0]:
            raise ValueError(f"multi_dot: shapes of arrays {i} {shapes[i]} and {i + 1} {shapes[i + 1]} not aligned: "
                             f"{items[i].shape[1]} != {items[i + 1].shape[0]}")
    dims = [x.shape[0] for x in items] + [items[-1].shape[1]]
    result = _chain(items, _chain_order(dims), 0, len(items) - 1)
    if first == 1 or last == 1:
        result = reshape(result, tuple(d for d, vector in zip(result.shape, (first == 1, last == 1), strict=True)
                                       if not vector))
    return into(out, result, "multi_dot", "no")


# -- cond -----------------------------------------------------------------------------------------------------------
_NORM_ORDERS = ("fro", "f", "nuc", 1, -1, math.inf, -math.inf)


def _inverses(x: Array) -> tuple[Array, Array | None]:
    """(the inverses of the stack x, None) or, where some matrices are singular (inv's LinAlgError), (inverses with
    the identity's standing for those, the mask of them): NumPy's inv of a singular matrix inside cond is NaN. The
    mask is slogdet's sign 0, from the same LU with the same pivots as inv's."""
    try:
        return inv(x), None
    except LinAlgError:
        pass
    with naming_errors("cond"):
        singular = equal(slogdet(x).sign, 0)
        identity = eye(x.shape[-1], dtype=x.dtype, device=x.device)
        return inv(where(expand_dims(singular, axis=(-2, -1)), identity, x)), singular


def cond(x: Any, p: Any = None) -> Array:
    """NumPy's ``cond``: the condition number of each matrix of x (..., M, N). ``p`` None, 2 or -2: the ratio of
    the largest singular value to the smallest (-2: its inverse) from :func:`svdvals` (one-sided Jacobi in the
    input's precision, any M, N); 'fro', 'nuc', 1, -1, inf, -inf: ``matrix_norm(x, p) * matrix_norm(inv(x), p)``
    (square matrices), inv by LU with partial pivoting. Singular matrices give inf and NaN results become inf
    unless the matrix holds NaN, as in NumPy. The result is an array of x's real dtype (float32 for float32 and
    complex64; integers give the default float), 0-d for one matrix (NumPy returns a scalar).

    Computed in the input's precision (NumPy: float64 for float32), so a float32 condition number kappa is within
    about eps kappa (in relative terms, where kappa eps << 1) of NumPy's; near-singular matrices give large finite
    values whose size depends on rounding, in vulkit as in NumPy. LinAlgError for empty matrices, fewer than two
    dimensions, non-square matrices with a norm ``p``, and NaN with ``p`` None, +-2 or 'nuc', as NumPy's "SVD did
    not converge". Two differences from NumPy: an infinite entry raises that LinAlgError with ``p`` None or +-2
    too (:func:`svdvals` rejects it; NumPy returns inf), and a singular matrix with 'nuc' gives inf (NumPy takes
    the SVD of its NaN inverse and raises)."""
    a = array_argument(x, "cond")
    if a.ndim < 2:
        raise LinAlgError(f"cond: {a.ndim}-dimensional array given; the array must be at least two-dimensional")
    if a.shape[-2] * a.shape[-1] == 0:
        raise LinAlgError(f"cond: cond is not defined on empty arrays (shape {a.shape})")
    spectral = p is None or (not isinstance(p, (str, bool, np.bool_)) and p in (2, -2))
    if spectral:
        with naming_errors("cond"):
            s = svdvals(a)
        r = divide(s[..., -1], s[..., 0]) if p == -2 else divide(s[..., 0], s[..., -1])
    else:
        if isinstance(p, (bool, np.bool_)) or p not in _NORM_ORDERS:
            raise ValueError(f"cond: invalid norm order {p!r} for matrices; expected None, 'fro', 'nuc', inf, -inf, "
                             "1, -1, 2 or -2")
        if a.shape[-1] != a.shape[-2]:
            raise LinAlgError(f"cond: the last two dimensions of the array must be square for p={p!r}, got "
                              f"{a.shape[-2]}x{a.shape[-1]}")
        inverse, singular = _inverses(a)
        with naming_errors("cond"):  # 'nuc' takes singular values: LinAlgError for NaN, as NumPy's
            r = matrix_norm(a, ord=p) * matrix_norm(inverse, ord=p)
        if singular is not None:
            r = where(singular, math.nan, r)
    if a.dtype.kind in "fc":
        r = where(logical_and(isnan(r), logical_not(_any(isnan(a), axis=(-2, -1)))), math.inf, r)
    else:
        r = where(isnan(r), math.inf, r)
    return r


# -- tensorsolve, tensorinv -----------------------------------------------------------------------------------------
def tensorsolve(a: Any, b: Any, axes: Sequence[int] | None = None) -> Array:
    """NumPy's ``tensorsolve``: the x with ``tensordot(a, x, axes=x.ndim) == b``, x of shape a.shape[b.ndim:]
    (``axes``: axes of a moved to the end first). a is reshaped to a square (P, P) matrix, P = prod(x's shape), and
    b to P values, then :func:`solve` (LU with partial pivoting; NumPy's ``gesv`` to rounding: a backward error of a
    few eps times P). LinAlgError where prod(a.shape[:b.ndim]) != P (a not "square") or it is singular, ValueError
    where b does not hold P values. ``axes`` may count from the end (NumPy's fails on negative axes)."""
    t, y = array_argument(a, "tensorsolve"), array_argument(b, "tensorsolve")
    if axes is not None:
        try:
            moved = normalize_axes(tuple(operator.index(v) for v in axes), t.ndim, "tensorsolve")
        except TypeError:
            raise TypeError(f"tensorsolve: axes must be a sequence of integers, got {axes!r}") from None
        t = permute_dims(t, tuple(i for i in range(t.ndim) if i not in moved) + moved)
    shape = t.shape[-(t.ndim - y.ndim):]  # NumPy's expression, for a.ndim <= b.ndim too
    size = math.prod(shape)
    if t.size != size * size:
        raise LinAlgError(f"tensorsolve: a of shape {t.shape} does not give a square system for b of "
                          f"{y.ndim} dimensions: prod(a.shape[b.ndim:]) must equal prod(a.shape[:b.ndim])")
    if y.size != size:
        raise ValueError(f"tensorsolve: b has {y.size} elements (shape {y.shape}) but the system has {size} "
                         f"unknowns (shape {shape})")
    with naming_errors("tensorsolve"):
        x = solve(reshape(t, (size, size)), reshape(y, (size,)))
    return reshape(x, shape)


def tensorinv(a: Any, ind: int = 2) -> Array:
    """NumPy's ``tensorinv``: the inverse of a under ``tensordot(..., ind)``, of shape a.shape[ind:] +
    a.shape[:ind]: a reshaped to a square (P, P) matrix, P = prod(a.shape[ind:]), inverted by :func:`inv` (LU with
    partial pivoting, NumPy's ``gesv`` with B = I to rounding) and reshaped back. LinAlgError where
    prod(a.shape[:ind]) != P or the matrix is singular; ValueError for ``ind`` < 1. Empty tensors with
    prod(a.shape[:ind]) == P == 0 give an empty inverse (NumPy's reshape to (0, -1) fails on them)."""
    t = array_argument(a, "tensorinv")
    if isinstance(ind, (bool, np.bool_)) or not isinstance(ind, (int, np.integer)) or ind < 1:
        raise ValueError(f"tensorinv: ind must be a positive integer, got {ind!r}")
    ind = int(ind)
    rows, cols = math.prod(t.shape[:ind]), math.prod(t.shape[ind:])
    if rows != cols:
        raise LinAlgError(f"tensorinv: a of shape {t.shape} is not square under ind={ind}: prod(a.shape[:ind]) = "
                          f"{rows} but prod(a.shape[ind:]) = {cols}")
    with naming_errors("tensorinv"):
        inverse = inv(reshape(t, (rows, cols)))
    return reshape(inverse, t.shape[ind:] + t.shape[:ind])

