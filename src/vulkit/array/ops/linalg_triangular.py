"""SciPy's triangular and Cholesky solvers in ``vt.linalg``: ``solve_triangular``, ``cho_factor``, ``cho_solve``
(``scipy.linalg``'s signatures; stacks of matrices too, their batch dimensions broadcast as ``solve``'s).

The solves are blocked on the GPU (:func:`.linalg_blocked.triangular_solve`: a triangular-solve kernel per diagonal
block, ``gemm`` for the rest), the same operations as LAPACK's ``trtrs``/``potrs`` in another order: within a few
ulps times n of SciPy. ``check_finite`` (SciPy's default) and the singularity check of ``solve_triangular`` read one
flag back: they wait for the GPU.
"""

from __future__ import annotations

from typing import Any

from ..array import Array
from .elementwise import conj, isfinite
from .factorizations import cholesky
from .linalg_basic import diagonal
from .linalg_blocked import triangular_solve
from .linalg_common import LinAlgError, batch_of, compute_dtype, convert, finish, result_dtype
from .manipulation import broadcast_shapes, broadcast_to, reshape
from .reductions import _array
from .reductions import all as all_
from .reductions import any as any_

_TRANS = {0: 0, 1: 1, 2: 2, "N": 0, "T": 1, "C": 2, "n": 0, "t": 1, "c": 2}


def _finite(x: Array, function: str) -> None:
    if x._dtype.kind in "fc" and not bool(all_(isfinite(x))):
        raise ValueError(f"{function}: array must not contain infs or NaNs")


def _operands(a: Any, b: Any, function: str, check_finite: bool) -> tuple[Array, Array, bool, tuple[int, ...], Any]:
    """a (..., n, n) and b (..., n) or (..., n, k) in the compute dtype, whether b is a vector, the broadcast batch
    and the result dtype."""
    a, b = _array(a, function), _array(b, function)
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


def _solve(t: Array, b: Array, batch: tuple[int, ...], lower: bool, unit: bool) -> Array:
    """T^-1 B for the ``lower`` (else upper) triangles of t (..., n, n) and b (..., n, k), broadcast to ``batch``:
    a new contiguous (*batch, n, k) array."""
    n, k = b._shape[-2], b._shape[-1]
    count = batch_of(batch)
    tc = broadcast_to(t, (*batch, n, n)).copy()
    x = broadcast_to(b, (*batch, n, k)).copy()
    triangular_solve(reshape(tc, (count, n, n)), reshape(x, (count, n, k)), lower, unit)
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
    x = _solve(t, bm, batch, lower, bool(unit_diagonal))
    if vector:
        x = reshape(x, (*batch, n))
    return finish(x, rtype)


def cho_factor(a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> tuple[Array, bool]:
    """(c, lower): the Cholesky factor of the Hermitian positive-definite ``a`` (read from its lower triangle, as
    :func:`vulkit.linalg.cholesky`) in c's ``lower`` (else upper) triangle, zeros in the other (SciPy leaves
    arbitrary values there), for :func:`cho_solve` (``scipy.linalg.cho_factor``). LinAlgError where a is not
    positive definite. ``overwrite_a`` is accepted and ignored."""
    del overwrite_a
    x = _array(a, "cho_factor")
    if check_finite:
        _finite(x, "cho_factor")
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
    y = _solve(first, bm, batch, True, False)
    x = _solve(second, y, batch, False, False)
    if vector:
        x = reshape(x, (*batch, n))
    return finish(x, rtype)
