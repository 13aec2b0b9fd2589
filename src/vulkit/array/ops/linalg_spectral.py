"""``vt.linalg``'s orthogonal factorizations and what is built on them: qr, eigh, eigvalsh, svd, svdvals, pinv,
matrix_rank.

Each runs one workgroup per matrix of the stack (:mod:`vulkit.array.kernels.factorization_jacobi`), the matrix in
shared memory where it fits (orders up to about 64), else in a work buffer in device memory (any order; the work
of a matrix then stays on one workgroup, so large orders are slow: O(n^3) per Jacobi sweep on one compute unit).
"""

from __future__ import annotations

from typing import Any

from ..array import Array, make_array
from ..kernels.factorization_jacobi import EighSpec, QRSpec, SVDSpec
from .creation import eye, zeros
from .elementwise import abs as _abs
from .elementwise import conj, divide, greater, where
from .linalg_common import (
    EighResult,
    LinAlgError,
    QRResult,
    SVDResult,
    batch_of,
    finish,
    launch,
    matrices,
    new,
    real_dtype,
    pow2,
    shared_limit,
    stack,
)
from .manipulation import broadcast_to, expand_dims, reshape
from .reductions import _array, any as _any, max as _max, sum as _sum

SWEEPS = 60  # the most Jacobi sweeps (quadratic convergence: 6 to 15 are usual)


def _geometry(ctx: Any, scalars: int, nmax: int, itemsize: int, big: bool) -> tuple[int, int]:
    """(workgroup size, shared capacity in scalars or 0 for the work buffer) of a one-workgroup kernel whose
    matrices take ``scalars`` and small arrays 5 * ``nmax`` scalars."""
    cap = 64
    while cap < scalars:
        cap *= 2
    wg = 64 if nmax <= 16 else 128
    if (cap + 5 * nmax) * itemsize + wg * 12 + 256 <= shared_limit(ctx):
        return wg, cap
    return (256 if big else 128), 0


def _conj_t(x: Array) -> Array:
    """The conjugate transpose of a stack (a view for real dtypes)."""
    return conj(x.mT) if x._dtype.kind == "c" else x.mT


def qr(x: Any, /, *, mode: str = "reduced") -> QRResult | Array:
    """The QR factorization of each matrix of x (..., M, N), K = min(M, N): ``mode`` ``"reduced"`` gives Q (..., M, K)
    and R (..., K, N), ``"complete"`` Q (..., M, M) and R (..., M, N), ``"r"`` (NumPy's) only R (..., K, N).

    Householder QR with LAPACK's reflectors (``geqrf``, then ``orgqr``/``ungqr`` for Q), so R's diagonal has NumPy's
    signs and Q, R agree with NumPy to rounding (backward error a few ulps times max(M, N))."""
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"qr: mode must be 'reduced', 'complete' or 'r', got {mode!r}")
    a, rtype = matrices(x, "qr", square=False)
    ctx, dtype = a._ctx, a._dtype
    m, n = a._shape[-2:]
    batch = a._shape[:-2]
    count, kk = batch_of(batch), min(m, n)
    q = m if mode == "complete" else kk
    rows = m if mode == "complete" else kk
    vectors = mode != "r"
    qm, qq = new(ctx, (*batch, m, q), dtype)
    rm, rq = new(ctx, (*batch, rows, n), dtype)
    if count and (m == 0 or n == 0):
        qm = broadcast_to(eye(m, q, dtype=dtype, device=a.device), qm._shape).copy()
        rm = zeros(rm._shape, dtype=dtype, device=a.device)
    elif count:
        av, aq = stack(a, batch)
        wg, cap = _geometry(ctx, m * n + (m * q if vectors else 0), kk, dtype.itemsize, max(m, n) > 256)
        if cap:
            w, wq = rm, rq
        else:
            w, wq = new(ctx, (count, m + 1, n), dtype)
        launch(ctx, QRSpec, dtype, [av, qm, rm, w], [aq, qq, rq, wq], [count, m, n, q, rows], count,
               wg=wg, cap=cap, nmax=pow2(kk) if cap else 0, vectors=vectors)
    if not vectors:
        return finish(rm, rtype)
    return QRResult(finish(qm, rtype), finish(rm, rtype))


def _eigh(x: Any, uplo: str, vectors: bool, function: str) -> tuple[Array, Array | None]:
    if uplo not in ("L", "U"):
        raise ValueError(f"{function}: UPLO must be 'L' or 'U', got {uplo!r}")
    a, rtype = matrices(x, function)
    ctx, dtype, n = a._ctx, a._dtype, a._shape[-1]
    batch = a._shape[:-2]
    count = batch_of(batch)
    values, eq = new(ctx, (*batch, 1, n), real_dtype(dtype))
    vecs, vq = new(ctx, a._shape, dtype)
    if count and n:
        av, aq = stack(a, batch)
        wg, cap = _geometry(ctx, n * n * (2 if vectors else 1), n, dtype.itemsize, n > 256)
        if cap:
            w, wq = vecs, vq
        else:
            w, wq = new(ctx, (count, 2 * n + 5, n), dtype)
        launch(ctx, EighSpec, dtype, [av, values, vecs, w], [aq, eq, vq, wq], [count, n, SWEEPS], count, wg=wg,
               cap=cap, nmax=pow2(n) if cap else 0, vectors=vectors, lower=uplo == "L")
    values = finish(reshape(values, (*batch, n)), real_dtype(rtype))
    return values, (finish(vecs, rtype) if vectors else None)


def eigh(x: Any, /, *, UPLO: str = "L") -> EighResult:  # noqa: N803 - NumPy's name
    """Eigenvalues (ascending) and orthonormal eigenvectors (columns) of each Hermitian (real symmetric) matrix of x
    (..., M, M), read from its lower (``UPLO="L"``, NumPy's default) or upper triangle.

    The cyclic Jacobi method (parallel ordering, on one workgroup per matrix): eigenvalues within a few ulps of
    ||A|| of NumPy's (LAPACK ``syevd``), small ones often more accurate; eigenvectors orthonormal to a few ulps times
    M, each unique up to its sign (phase), as LAPACK's are."""
    values, vecs = _eigh(x, UPLO, True, "eigh")
    assert vecs is not None
    return EighResult(values, vecs)


def eigvalsh(x: Any, /, *, UPLO: str = "L") -> Array:  # noqa: N803 - NumPy's name
    """The eigenvalues (ascending) of each Hermitian matrix of x (..., M, M): :func:`eigh` without the vectors."""
    return _eigh(x, UPLO, False, "eigvalsh")[0]


def _jacobi_svd(a: Array, vectors: bool) -> tuple[Array, Array, Array, bool]:
    """(S, G's side (mm x nn: U, or V for wide matrices, with zero columns where S is 0), the other side (nn x nn),
    wide) of the one-sided Jacobi SVD of the stack a (compute dtype, no empty dimension)."""
    ctx, dtype = a._ctx, a._dtype
    m, n = a._shape[-2:]
    batch = a._shape[:-2]
    count = batch_of(batch)
    wide = m < n
    mm, nn = max(m, n), min(m, n)
    sv, sq = new(ctx, (*batch, 1, nn), real_dtype(dtype))
    ug, uq = new(ctx, (*batch, mm, nn), dtype)
    vo, vq = new(ctx, (*batch, nn, nn), dtype)
    av, aq = stack(a, batch)
    if wide:
        aq = (aq[0], aq[1], aq[3], aq[2])
    wg, cap = _geometry(ctx, mm * nn + (nn * nn if vectors else 0), nn, dtype.itemsize, mm > 256)
    if cap:
        w, wq = vo, vq
    else:
        w, wq = new(ctx, (count, mm + nn + 5, nn), dtype)
    launch(ctx, SVDSpec, dtype, [av, sv, ug, vo, w], [aq, sq, uq, vq, wq], [count, mm, nn, SWEEPS], count, wg=wg,
           cap=cap, nmax=pow2(nn) if cap else 0, vectors=vectors, conj=wide and dtype.kind == "c")
    return reshape(sv, (*batch, nn)), ug, vo, wide


def _complete(u: Array, s: Array, full: bool) -> Array:
    """u (..., mm, nn) with orthonormal columns where s > 0 and zero columns where s = 0 (last): those replaced,
    and with ``full`` mm - nn columns added, by the orthogonal complement from a complete QR of u."""
    mm, nn = u._shape[-2:]
    if not (full and mm > nn) and not bool(_any(s == 0)):
        return u
    qf = qr(u, mode="complete").Q
    assert isinstance(qf, Array)
    kept = where(expand_dims(greater(s, 0), axis=-2), u, qf[..., :nn])
    if not full or mm == nn:
        return kept
    out = qf.copy()
    out[..., :nn] = kept
    return out


def svd(x: Any, /, *, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False) \
        -> SVDResult | Array:
    """The singular value decomposition x = U diag(S) Vh of each matrix of x (..., M, N), K = min(M, N): U (..., M, M)
    and Vh (..., N, N) with ``full_matrices`` (else (..., M, K) and (..., K, N)), S (..., K) in descending order;
    ``compute_uv=False`` gives S only, ``hermitian=True`` uses :func:`eigh`, as NumPy does.

    One-sided Jacobi (Hestenes) on the matrix or its conjugate transpose (one workgroup per matrix): singular values
    to a few ulps of the largest (small ones often to high relative accuracy, which LAPACK's ``gesdd`` lacks),
    singular vectors orthonormal to a few ulps times K; columns for zero singular values and the extra columns of
    ``full_matrices`` complete the basis through a Householder QR."""
    if hermitian:
        return _svd_hermitian(x, full_matrices, compute_uv)
    a, rtype = matrices(x, "svd", square=False)
    ctx, dtype = a._ctx, a._dtype
    m, n = a._shape[-2:]
    batch = a._shape[:-2]
    kk = min(m, n)
    if batch_of(batch) == 0 or kk == 0:
        s = make_array(ctx, (*batch, kk), real_dtype(dtype))
        if not compute_uv:
            return finish(s, real_dtype(rtype))
        um, vn = (m, n) if full_matrices else (kk, kk)
        u = broadcast_to(eye(m, um, dtype=dtype, device=a.device), (*batch, m, um)).copy()
        vh = broadcast_to(eye(vn, n, dtype=dtype, device=a.device), (*batch, vn, n)).copy()
        return SVDResult(finish(u, rtype), finish(s, real_dtype(rtype)), finish(vh, rtype))
    s, g, v, wide = _jacobi_svd(a, compute_uv)
    if not compute_uv:
        return finish(s, real_dtype(rtype))
    g = _complete(g, s, full_matrices)
    u, vh = (v, _conj_t(g)) if wide else (g, _conj_t(v))
    return SVDResult(finish(u, rtype), finish(s, real_dtype(rtype)), finish(vh, rtype))


def _svd_hermitian(x: Any, full_matrices: bool, compute_uv: bool) -> SVDResult | Array:
    """NumPy's ``svd(hermitian=True)``: from :func:`eigh`, the values' magnitudes sorted in descending order."""
    from .sorting import argsort
    from .gather import take_along_axis
    from .elementwise import multiply, sign

    values, vecs = eigh(x)
    s = _abs(values)
    order = argsort(s, axis=-1, descending=True, stable=True)
    s = take_along_axis(s, order, axis=-1)
    if not compute_uv:
        return s
    signs = take_along_axis(sign(values), order, axis=-1)
    u = take_along_axis(vecs, expand_dims(order, axis=-2), axis=-1)
    vh = _conj_t(multiply(u, expand_dims(signs, axis=-2).astype(u._dtype)))
    return SVDResult(u, s, vh.copy())


def svdvals(x: Any, /) -> Array:
    """The singular values (descending) of each matrix of x (..., M, N): :func:`svd` without the vectors."""
    out = svd(x, compute_uv=False)
    assert isinstance(out, Array)
    return out


def _rtol(rtol: Any, m: int, n: int, dtype: Any) -> Any:
    """The relative cutoff: the array API's default max(M, N) eps of the dtype."""
    import numpy as np

    if rtol is None:
        return max(m, n) * float(np.finfo(dtype.np).eps)
    return rtol if not isinstance(rtol, Array) else expand_dims(rtol, axis=-1)


def matrix_rank(x: Any, /, *, rtol: Any = None, tol: Any = None, hermitian: bool = False) -> Array:
    """The rank of each matrix of x (..., M, N): the number of singular values above rtol times the largest
    (``rtol`` default max(M, N) eps, as the array API and NumPy say; ``tol``: NumPy's absolute cutoff instead).
    Singular values from :func:`svdvals` (:func:`eigvalsh` with ``hermitian``)."""
    a = _array(x, "matrix_rank")
    if a.ndim < 2:
        raise LinAlgError(f"matrix_rank: {a.ndim}-dimensional array given; the array must be at least "
                          "two-dimensional (a stack of matrices)")
    if rtol is not None and tol is not None:
        raise ValueError("matrix_rank: give rtol or tol, not both")
    m, n = a._shape[-2:]
    s = _abs(eigvalsh(a)) if hermitian else svdvals(a)
    if min(m, n) == 0:
        return zeros(a._shape[:-2], dtype="int64", device=a.device)
    if tol is not None:
        cutoff = tol if not isinstance(tol, Array) else expand_dims(tol, axis=-1)
    else:
        cutoff = _max(s, axis=-1, keepdims=True) * _rtol(rtol, m, n, s._dtype)
    return _sum(greater(s, cutoff), axis=-1, dtype="int64")


def pinv(x: Any, /, *, rtol: Any = None, hermitian: bool = False) -> Array:
    """The Moore-Penrose pseudo-inverse of each matrix of x (..., M, N): V diag(1/S) U^H over the singular values
    above rtol times the largest (default max(M, N) eps, as the array API and NumPy say), from :func:`svd`
    (``hermitian``: from :func:`eigh`, as NumPy)."""
    from .matmul import matmul
    from .elementwise import multiply

    a, rtype = matrices(x, "pinv", square=False)
    m, n = a._shape[-2:]
    if batch_of(a._shape[:-2]) == 0 or min(m, n) == 0:
        return finish(zeros((*a._shape[:-2], n, m), dtype=a._dtype, device=a.device), rtype)
    u, s, vh = svd(a, full_matrices=False, hermitian=hermitian)
    cutoff = _max(s, axis=-1, keepdims=True) * _rtol(rtol, m, n, s._dtype)
    large = greater(s, cutoff)
    inverse = where(large, divide(1, where(large, s, 1)), 0).astype(s._dtype)
    scaled = multiply(_conj_t(vh), expand_dims(inverse, axis=-2).astype(a._dtype))
    return finish(matmul(scaled, _conj_t(u)), rtype)

