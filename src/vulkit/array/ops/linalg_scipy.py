"""SciPy's factorizations and solvers in ``vt.linalg``: ``solve_triangular``, ``cho_factor``, ``cho_solve``,
``lu_factor``, ``lu_solve`` and ``lu`` (``scipy.linalg``'s signatures; stacks of matrices too, their batch
dimensions broadcast as ``solve``'s).

Everything runs blocked on the GPU: the triangular solves by :func:`.linalg_blocked.triangular_solve` (a
triangular-solve kernel per diagonal block, ``gemm`` for the rest), LU by the blocked ``getrf`` of ``solve`` with
LAPACK's pivots (its L given every later interchange, as LAPACK's) and ``getrs``: the same operations as LAPACK's
``trtrs``/``potrs``/``getrf``/``getrs`` in other orders, within a few ulps times n of SciPy. ``check_finite``
(SciPy's default), the singularity checks, and the permutations of ``lu`` and of ``lu_solve`` with ``trans`` read
data back: they wait for the GPU.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from ..array import Array, asarray_like, make_array
from ..dtypes import int32, uint32
from .arguments import array_argument
from .creation import eye, tril, triu
from .elementwise import add, conj
from .factorizations import cholesky
from .gather import take_along_axis
from .linalg_basic import diagonal
from .linalg_blocked import getrf, getrs, triangular_solve
from .linalg_common import LinAlgError, batch_of, compute_dtype, convert, finish, flag, matrices, raised, result_dtype
from .manipulation import broadcast_shapes, broadcast_to, reshape
from .named_errors import naming_errors
from .reductions import all_finite
from .reductions import any as any_

_TRANS = {0: 0, 1: 1, 2: 2, "N": 0, "T": 1, "C": 2, "n": 0, "t": 1, "c": 2}


def _finite(x: Array, function: str) -> None:
    if not all_finite(x):
        raise ValueError(f"{function}: array must not contain infs or NaNs")


def _operands(a: Any, b: Any, function: str, check_finite: bool) -> tuple[Array, Array, bool, tuple[int, ...], Any]:
    """a (..., n, n) and b (..., n) or (..., n, k) in the compute dtype, whether b is a vector, the broadcast batch
    and the result dtype."""
    a, b = array_argument(a, function), array_argument(b, function)
    if a.ndim < 2 or a._shape[-1] != a._shape[-2]:
        raise ValueError(f"{function}: expected square matrix, got an array of shape {a.shape}")
    n = a._shape[-1]
    if b.ndim == 0:
        raise ValueError(f"{function}: b must have at least one dimension")
    vector = b.ndim == 1
    if vector:
        b = reshape(b, (b._shape[0], 1))
    if b._shape[-2] != n:
        raise ValueError(f"{function}: shapes of a {a.shape} and b {b.shape if not vector else (b._shape[0],)} are "
                         "incompatible")
    try:
        batch = broadcast_shapes(a._shape[:-2], b._shape[:-2])
    except ValueError:
        raise ValueError(f"{function}: the batch dimensions of a {a._shape[:-2]} and b {b._shape[:-2]} do not "
                         "broadcast") from None
    compute, rtype = compute_dtype(result_dtype(a._dtype, b._dtype), a._ctx, function)
    a, _ = convert(a, function, compute)
    b, _ = convert(b, function, compute)
    if check_finite:
        _finite(a, function)
        _finite(b, function)
    return a, b, vector, batch, rtype


def _stacked(t: Array, batch: tuple[int, ...]) -> Array:
    """t (..., n, n) broadcast to ``batch`` as a new contiguous (count, n, n) array, for :func:`_solve`."""
    n = t._shape[-1]
    return reshape(broadcast_to(t, (*batch, n, n)).copy(), (batch_of(batch), n, n))


def _solve(tc: Array, b: Array, batch: tuple[int, ...], lower: bool, unit: bool) -> Array:
    """T^-1 B for the ``lower`` (else upper) triangles of tc (:func:`_stacked`) and b (..., n, k) broadcast to
    ``batch``: a new contiguous (*batch, n, k) array."""
    n, k = b._shape[-2], b._shape[-1]
    x = broadcast_to(b, (*batch, n, k)).copy()
    triangular_solve(tc, reshape(x, (tc._shape[0], n, k)), lower, unit)
    return x


def solve_triangular(a: Any, b: Any, trans: int | str = 0, lower: bool = False, unit_diagonal: bool = False,
                     overwrite_b: bool = False, check_finite: bool = True) -> Array:
    """x solving ``a x = b`` for a triangular ``a`` (``scipy.linalg.solve_triangular``): only the ``lower`` (else
    upper) triangle of a is read; ``trans`` 0 / 'N' (a x = b), 1 / 'T' (a^T x = b) or 2 / 'C' (a^H x = b);
    ``unit_diagonal``: a's diagonal is taken as ones (not read). a (M, M) or a stack (..., M, M); b (M,) or
    (..., M, K). LinAlgError for a zero on the diagonal (SciPy's "singular matrix"); ``check_finite``: ValueError
    for infs or NaNs in a or b. Both checks read a flag back (they wait for the GPU). ``overwrite_b`` is accepted
    and ignored (b is never written)."""
    del overwrite_b
    if trans not in _TRANS:
        raise ValueError(f"solve_triangular: trans must be 0, 1, 2, 'N', 'T' or 'C', got {trans!r}")
    mode = _TRANS[trans]
    t, bm, vector, batch, rtype = _operands(a, b, "solve_triangular", check_finite)
    n = t._shape[-1]
    if not unit_diagonal and t._size and bool(any_(diagonal(t) == 0)):
        raise LinAlgError("solve_triangular: singular matrix: a diagonal element is zero")
    lower = bool(lower)
    if mode:  # a^T or a^H: the other triangle of the transpose
        t = t.mT if mode == 1 or t._dtype.kind != "c" else conj(t).mT
        lower = not lower
    x = _solve(_stacked(t, batch), bm, batch, lower, bool(unit_diagonal))
    if vector:
        x = reshape(x, (*batch, n))
    return finish(x, rtype)


def cho_factor(a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> tuple[Array, bool]:
    """(c, lower): the Cholesky factor of the Hermitian positive-definite ``a`` (read from its lower triangle, as
    :func:`vulkit.linalg.cholesky`) in c's ``lower`` (else upper) triangle, zeros in the other (SciPy leaves
    arbitrary values there), for :func:`cho_solve` (``scipy.linalg.cho_factor``). LinAlgError where a is not
    positive definite. ``overwrite_a`` is accepted and ignored."""
    del overwrite_a
    x = array_argument(a, "cho_factor")
    if check_finite:
        _finite(x, "cho_factor")
    with naming_errors("cho_factor"):
        return cholesky(x, upper=not lower), bool(lower)


def cho_solve(c_and_lower: tuple[Any, bool], b: Any, overwrite_b: bool = False, check_finite: bool = True) -> Array:
    """x solving ``a x = b`` from ``(c, lower) = cho_factor(a)`` (``scipy.linalg.cho_solve``): two triangular solves,
    with L and L^H (``lower``) or U^H and U. ``overwrite_b`` is accepted and ignored."""
    del overwrite_b
    try:
        c, lower = c_and_lower
    except (TypeError, ValueError):
        raise TypeError("cho_solve: the first argument must be the pair (c, lower) that cho_factor returns") from None
    t, bm, vector, batch, rtype = _operands(c, b, "cho_solve", check_finite)
    n = t._shape[-1]
    h = conj(t).mT if t._dtype.kind == "c" else t.mT
    first, second = (t, h) if lower else (h, t)  # lower: L y = b, L^H x = y; upper: U^H y = b, U x = y
    y = _solve(_stacked(first, batch), bm, batch, True, False)
    x = _solve(_stacked(second, batch), y, batch, False, False)
    if vector:
        x = reshape(x, (*batch, n))
    return finish(x, rtype)


# -- LU ---------------------------------------------------------------------------------------------------------------
def _stack(x: Any, function: str, check_finite: bool) -> tuple[Array, Any]:
    a, rtype = matrices(x, function, square=False)
    if check_finite:
        _finite(a, function)
    return a, rtype


def _factor(a: Array, function: str) -> tuple[Array, Array]:
    """The LU factors (a contiguous copy of a, L below the diagonal, U on and above it) and the uint32 pivots (min(M,
    N) a matrix) of each matrix of a (..., M, N); a RuntimeWarning for an exactly singular one, as SciPy warns."""
    batch, (m, n) = a._shape[:-2], a._shape[-2:]
    k = min(m, n)
    count = batch_of(batch)
    lu = a.copy()
    pivots = make_array(a._ctx, (*batch, k), uint32)
    if count and k:
        word = flag(a._ctx)
        getrf(reshape(lu, (count, m, n)), k, reshape(pivots, (count, k)), word, whole_l=True)
        if raised(word, function):
            warnings.warn(f"{function}: a diagonal number of U is exactly zero: singular matrix", RuntimeWarning,
                          stacklevel=3)
    return lu, pivots


def lu_factor(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> tuple[Array, Array]:
    """(lu, piv): the LU factorization with partial pivoting of each matrix of ``a`` (..., M, N), as
    ``scipy.linalg.lu_factor``: L (unit diagonal, not stored) below the diagonal of lu, U on and above it, and piv
    (int32, min(M, N) of them) the row each row i was interchanged with (0-based, LAPACK's ``getrf`` pivots). A
    RuntimeWarning for an exactly singular matrix (this reads a flag back). ``overwrite_a`` is accepted and
    ignored."""
    del overwrite_a
    x, rtype = _stack(a, "lu_factor", check_finite)
    lu, pivots = _factor(x, "lu_factor")
    return finish(lu, rtype), pivots.astype(int32)


def _row_orders(piv: Array, m: int) -> np.ndarray:
    """For pivots (..., k) of matrices of m rows (row i interchanged with row piv[i], in order): the rows of A that
    P^T A takes, (..., m) (read back to the host)."""
    pivots = piv.numpy().astype(np.int64).reshape(-1, piv.shape[-1])
    count, k = pivots.shape
    order = np.tile(np.arange(m), (count, 1))
    rows = np.arange(count)
    for i in range(k):
        target = pivots[:, i]
        order[rows, i], order[rows, target] = order[rows, target], order[rows, i].copy()
    return order.reshape(*piv.shape[:-1], m)


def lu_solve(lu_and_piv: tuple[Any, Any], b: Any, trans: int | str = 0, overwrite_b: bool = False,
             check_finite: bool = True) -> Array:
    """x solving ``a x = b`` (``trans`` 0), ``a^T x = b`` (1) or ``a^H x = b`` (2) from ``(lu, piv) =
    lu_factor(a)``, as ``scipy.linalg.lu_solve``; b (M,) or (..., M, K). ``trans`` 0 runs on the GPU without
    waiting (the interchanges and L's solve a block at a time, then U's); 1 and 2 solve with U^T and L^T and read
    the pivots back to order the result's rows. ``overwrite_b`` is accepted and ignored."""
    del overwrite_b
    try:
        lu, piv = lu_and_piv
    except (TypeError, ValueError):
        raise TypeError("lu_solve: the first argument must be the pair (lu, piv) that lu_factor returns") from None
    if trans not in _TRANS:
        raise ValueError(f"lu_solve: trans must be 0, 1, 2, 'N', 'T' or 'C', got {trans!r}")
    mode = _TRANS[trans]
    t, bm, vector, batch, rtype = _operands(lu, b, "lu_solve", check_finite)
    n, k = t._shape[-1], bm._shape[-1]
    piv = array_argument(piv, "lu_solve")
    if piv._dtype.kind not in "iu" or piv._shape[-1:] != (n,):
        raise ValueError(f"lu_solve: piv must be integers of shape (..., {n}), got {piv.dtype} of shape {piv.shape}")
    count = batch_of(batch)
    if mode == 0:
        w = make_array(t._ctx, (*batch, n, n + k), t._dtype)
        w[..., :n] = t
        w[..., n:] = bm
        pivots = broadcast_to(piv.astype(uint32), (*batch, n)).copy()
        if count and n and k:
            getrs(reshape(w, (count, n, n + k)), n, reshape(pivots, (count, n)))
        x = w[..., n:].copy()
    else:
        h = _stacked(t.mT if mode == 1 or t._dtype.kind != "c" else conj(t).mT, batch)  # U^T and L^T in one
        y = _solve(h, bm, batch, True, False)  # U^T y = b (U^T: the lower triangle of the transpose)
        z = _solve(h, y, batch, False, True)  # L^T z = y (unit upper)
        rows = _row_orders(broadcast_to(piv, (*batch, n)), n)
        inverse = np.argsort(rows, axis=-1)  # x = P z: row rows[i] of x is z's row i
        x = take_along_axis(z, asarray_like(np.ascontiguousarray(inverse[..., None]), z._ctx), axis=-2) if n else z
    if vector:
        x = reshape(x, (*batch, n))
    return finish(x, rtype)


def lu(a: Any, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True,
       p_indices: bool = False) -> tuple[Array, ...]:
    """(p, l, u) with ``a = p @ l @ u`` for each matrix of ``a`` (..., M, N), as ``scipy.linalg.lu``: l (M, K) unit
    lower trapezoidal, u (K, N) upper trapezoidal (K = min(M, N)), p an (M, M) permutation matrix (``p_indices``:
    int32 row indices, ``a = l[p] @ u``); ``permute_l``: (p @ l, u). Partial pivoting as ``lu_factor``; the
    permutation is read back to the host. ``overwrite_a`` is accepted and ignored."""
    del overwrite_a
    x, rtype = _stack(a, "lu", check_finite)
    factors, pivots = _factor(x, "lu")
    m, n = x._shape[-2:]
    k = min(m, n)
    lower = add(tril(factors[..., :, :k], k=-1), eye(m, k, dtype=factors.dtype, device=factors.device))
    upper = finish(triu(factors[..., :k, :]), rtype)
    indices = np.argsort(_row_orders(pivots, m), axis=-1)
    if permute_l:
        where = asarray_like(np.ascontiguousarray(indices[..., None]), lower._ctx)
        return finish(take_along_axis(lower, where, axis=-2), rtype), upper
    if p_indices:
        return asarray_like(indices.astype(np.int32), lower._ctx), finish(lower, rtype), upper
    matrix = (indices[..., :, None] == np.arange(m)).astype(rtype.np if rtype.kind != "c" else rtype.component.np)
    return asarray_like(matrix, lower._ctx), finish(lower, rtype), upper
