"""``vt.linalg``'s orthogonal factorizations and what is built on them: qr, eigh, eigvalsh, svd, svdvals, pinv,
matrix_rank.

Matrices of up to 64 rows and columns that fit a workgroup's shared memory take one workgroup each
(:mod:`vulkit.array.kernels.factorization_jacobi`); larger ones :mod:`.linalg_large`: blocked Householder QR
(compact WY, ``gemm`` updates), and Jacobi rounds of rotations over the whole stack (on GPUs a sweep a dispatch on
a grid of workgroups, else a round per dispatch), or the reductions to tridiagonal / bidiagonal form of
:mod:`.linalg_tridiagonal` (eigvalsh, svdvals) and :mod:`.linalg_tridiagonal_vectors` (eigh and svd; on GPUs from
256 rows and 384 columns). The Jacobi methods do O(n^3) work per sweep (6 to 12 sweeps) in O(n) rounds and read a flag
back after each sweep: for orders in the thousands they are much slower than the reductions.
svd, svdvals, pinv and matrix_rank read a flag back (NaN or infinity raise LinAlgError, as in NumPy), so they wait
for the GPU.
"""

from __future__ import annotations

from typing import Any

from ..array import Array, make_array
from ..kernels.factorization_jacobi import EighSpec, QRSpec, SVDSpec
from . import linalg_large as large
from . import linalg_tridiagonal as tridiagonal
from . import linalg_tridiagonal_vectors as tridiagonal_vectors
from .arguments import array_argument
from .creation import eye, tril, triu, zeros
from .elementwise import abs as _abs
from .elementwise import conj, divide, equal, greater, isfinite, isnan, logical_not, multiply, sign, where
from .linalg_common import (
    EighResult,
    LinAlgError,
    QRResult,
    SVDResult,
    batch_of,
    finish,
    launch,
    matrices,
    may_flush_subnormals,
    new,
    pow2,
    real_dtype,
    shared_limit,
    stack,
)
from .manipulation import broadcast_to, expand_dims, reshape
from .reductions import all as _all
from .reductions import all_finite
from .reductions import any as _any
from .reductions import max as _max
from .reductions import sum as _sum

SWEEPS = 30  # the most Jacobi sweeps (quadratic convergence: 6 to 12 are usual)


SMALL = 64  # largest dimension the one-workgroup kernels take


def _geometry(ctx: Any, m: int, n: int, scalars: int, itemsize: int) -> tuple[int, int]:
    """(workgroup size, shared capacity in scalars) of the one-workgroup kernel for an m x n matrix whose matrices
    take ``scalars``, (0, 0) where it does not fit (the large-matrix path)."""
    if max(m, n) > SMALL:
        return 0, 0
    cap = 64
    while cap < scalars:
        cap *= 2
    wg = 64 if max(m, n) <= 16 else 128 if max(m, n) <= 32 else 256
    if (cap + 5 * pow2(n)) * itemsize + wg * 12 + 256 <= shared_limit(ctx):
        return wg, cap
    return 0, 0


def _flat(a: Array) -> Array:
    """The stack as a contiguous (count, m, n) array."""
    return reshape(a, (batch_of(a._shape[:-2]), *a._shape[-2:])).copy()


def _conj_t(x: Array) -> Array:
    """The conjugate transpose of a stack (a view for real dtypes)."""
    return conj(x.mT) if x._dtype.kind == "c" else x.mT


def qr(x: Any, /, mode: str = "reduced") -> QRResult | Array:
    """The QR factorization of each matrix of x (..., M, N), K = min(M, N): ``mode`` ``"reduced"`` gives Q (..., M, K)
    and R (..., K, N), ``"complete"`` Q (..., M, M) and R (..., M, N), ``"r"`` (NumPy's) only R (..., K, N).

    Householder QR with LAPACK's reflectors (``geqrf``, then ``orgqr``/``ungqr`` for Q; blocked with compact WY
    updates by ``gemm`` beyond 64 rows or columns), so R's diagonal has NumPy's signs and Q, R agree with NumPy to
    rounding (backward error a few ulps times max(M, N)). A matrix holding NaN or infinity gets NaN Q and R (LAPACK
    leaves some of their entries finite)."""
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
    if count and m and n:
        qm, rm = _qr_factors(a, q, rows, vectors)
        bad = _not_finite(a)  # the reflections lose a NaN (max() drops it): Q and R NaN where a matrix holds one
        rm = where(bad, float("nan"), rm)
        qm = where(bad, float("nan"), qm) if vectors else qm
    elif count:
        qm = broadcast_to(eye(m, q, dtype=dtype, device=a.device), (*batch, m, q)).copy()
        rm = zeros((*batch, rows, n), dtype=dtype, device=a.device)
    else:
        qm, rm = new(ctx, (*batch, m, q), dtype)[0], new(ctx, (*batch, rows, n), dtype)[0]
    if not vectors:
        return finish(rm, rtype)
    return QRResult(finish(qm, rtype), finish(rm, rtype))


def _qr_factors(a: Array, q: int, rows: int, vectors: bool) -> tuple[Array, Array]:
    """(Q (..., M, q), R (..., rows, N)) of the non-empty stack a (..., M, N) of a compute dtype, as :func:`qr`
    factors it but without marking matrices that hold NaN (Q is not written without ``vectors``): one workgroup a
    matrix where it fits shared memory, else :func:`.linalg_large.qr`."""
    ctx, dtype = a._ctx, a._dtype
    m, n = a._shape[-2:]
    batch = a._shape[:-2]
    count = batch_of(batch)
    qm, qq = new(ctx, (*batch, m, q), dtype)
    rm, rq = new(ctx, (*batch, rows, n), dtype)
    wg, cap = _geometry(ctx, m, n, m * n + (m * q if vectors else 0), dtype.itemsize)
    if cap:
        av, aq = stack(a, batch)
        launch(ctx, QRSpec, dtype, [av, qm, rm], [aq, qq, rq], [count, m, n, q, rows], count,
               wg=wg, cap=cap, nmax=pow2(min(m, n)), vectors=vectors, flush=may_flush_subnormals(ctx, dtype))
        return qm, rm
    qf, rf = large.qr(_flat(a), q, rows, vectors)
    return (reshape(qf, qm._shape) if qf is not None else qm), reshape(rf, rm._shape)


def _not_finite(x: Array) -> Array:
    """(..., 1, 1): whether each matrix of the stack x (..., M, N), none empty, holds a NaN or an infinity."""
    batch, (m, n) = x._shape[:-2], x._shape[-2:]
    return reshape(_any(logical_not(isfinite(reshape(x, (*batch, m * n)))), axis=-1), (*batch, 1, 1))


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
        wg, cap = _geometry(ctx, n, n, n * n * (2 if vectors else 1), dtype.itemsize)
        if cap:
            av, aq = stack(a, batch)
            launch(ctx, EighSpec, dtype, [av, values, vecs], [aq, eq, vq], [count, n, SWEEPS], count, wg=wg,
                   cap=cap, nmax=pow2(n), vectors=vectors, lower=uplo == "L")
        else:
            values, vs = _large_eigh(_flat(a), uplo == "L", vectors)
            vecs = reshape(vs, a._shape) if vs is not None else vecs
    values = reshape(values, (*batch, n))
    if count and n:
        # the rotations and reflections lose a NaN (comparisons and max() drop it), and an infinity can leave
        # finite nonsense: NaN where the triangle read holds either
        bad = _not_finite(tril(a) if uplo == "L" else triu(a))
        values = where(reshape(bad, (*batch, 1)), float("nan"), values)
        if vectors:  # NumPy's eigenvectors of a matrix with a NaN eigenvalue are NaN
            vecs = where(expand_dims(_any(isnan(values), axis=-1, keepdims=True), axis=-1), float("nan"), vecs)
    values = finish(values, real_dtype(rtype))
    return values, (finish(vecs, rtype) if vectors else None)


def _large_eigh(a: Array, lower: bool, vectors: bool) -> tuple[Array, Array | None]:
    """eigh (or eigvalsh) of a stack (batch, n, n) beyond one workgroup: by the tridiagonal route where allowed
    (its eigenvectors checked), else, or where that check fails, by Jacobi sweeps; each matrix scaled by a power of
    two first (its largest modulus into [1/2, 1)) and its eigenvalues back, as LAPACK's drivers scale (a matrix of
    subnormal entries had squared its off-diagonal into zeros)."""
    a, exponent = large.power_scaled(a)
    if not vectors and tridiagonal.EIGVALSH:
        values, vecs = tridiagonal.eigvalsh(a, lower), None
    else:
        found = (tridiagonal_vectors.eigh(a, lower)
                 if vectors and tridiagonal_vectors.eigh_allowed(a._ctx, a._shape[-1]) else None)
        values, vecs = found if found is not None else large.eigh(a, lower, vectors)
    return large.times_power_of_two(values, expand_dims(exponent, axis=-1)), vecs


def eigh(x: Any, /, UPLO: str = "L") -> EighResult:  # noqa: N803 - NumPy's name
    """Eigenvalues (ascending) and orthonormal eigenvectors (columns) of each Hermitian (real symmetric) matrix of x
    (..., M, M), read from its lower (``UPLO="L"``, NumPy's default) or upper triangle.

    The cyclic Jacobi method in the parallel (round-robin) ordering, one workgroup per matrix up to 64x64; beyond,
    reduction to tridiagonal form, bisection and inverse iteration orthonormalized by Cholesky QRs, with a residual
    check that falls back to Jacobi rounds over the whole stack (which GPUs also take below 256 rows; see the
    module docstring; the check reads a flag back). Eigenvalues within about 10 ulps of ||A|| of NumPy's (LAPACK
    ``syevd``), eigenvectors orthonormal to about 5 ulps with residuals of a few ulps of ||A||, each unique up to
    its sign (phase), as LAPACK's are. A matrix whose triangle read holds NaN or infinity gets NaN eigenvalues and
    eigenvectors (NumPy's eigh: NaN; its eigvalsh raises LinAlgError)."""
    values, vecs = _eigh(x, UPLO, True, "eigh")
    assert vecs is not None
    return EighResult(values, vecs)


def eigvalsh(x: Any, /, UPLO: str = "L") -> Array:  # noqa: N803 - NumPy's name
    """The eigenvalues (ascending) of each Hermitian matrix of x (..., M, M): :func:`eigh` without the vectors;
    beyond one workgroup by reduction to tridiagonal form (Householder, LAPACK's ``hetd2``) and bisection
    (``stebz``: each eigenvalue to about an ulp of the norm)."""
    return _eigh(x, UPLO, False, "eigvalsh")[0]


def _svd_factors(a: Array, vectors: bool) -> tuple[Array, Array, Array, bool]:
    """(S, G's side (mm x nn: U, or V for wide matrices, with zero columns where S is 0), the other side (nn x nn),
    wide) of the SVD of the stack a (compute dtype, no empty dimension): one-sided Jacobi in a workgroup, else the
    bidiagonal route where allowed and its check passes, else Jacobi rounds or sweeps over the stack."""
    ctx, dtype = a._ctx, a._dtype
    m, n = a._shape[-2:]
    batch = a._shape[:-2]
    count = batch_of(batch)
    wide = m < n
    mm, nn = max(m, n), min(m, n)
    wg, cap = _geometry(ctx, mm, nn, mm * nn + (nn * nn if vectors else 0), dtype.itemsize)
    if not cap:
        g = _conj_t(_flat(a)) if wide else _flat(a)  # tall: m >= n
        if not vectors and tridiagonal.SVDVALS:
            return reshape(tridiagonal.svdvals(g), (*batch, nn)), a, a, wide
        found = tridiagonal_vectors.svd(g) if vectors and tridiagonal_vectors.svd_allowed(ctx, nn) else None
        s, u, v = found if found is not None else large.svd(g, vectors)
        shape = (*batch, nn)
        if u is None or v is None:
            return reshape(s, shape), a, a, wide
        return reshape(s, shape), reshape(u, (*batch, mm, nn)), reshape(v, (*batch, nn, nn)), wide
    sv, sq = new(ctx, (*batch, 1, nn), real_dtype(dtype))
    ug, uq = new(ctx, (*batch, mm, nn), dtype)
    vo, vq = new(ctx, (*batch, nn, nn), dtype)
    av, aq = stack(a, batch)
    if wide:
        aq = (aq[0], aq[1], aq[3], aq[2])
    launch(ctx, SVDSpec, dtype, [av, sv, ug, vo], [aq, sq, uq, vq], [count, mm, nn, SWEEPS], count, wg=wg,
           cap=cap, nmax=pow2(nn), vectors=vectors, conj=wide and dtype.kind == "c")
    return reshape(sv, (*batch, nn)), ug, vo, wide


def _complete(u: Array, s: Array, full: bool) -> Array:
    """u (..., mm, nn) with orthonormal columns where s is above matrix_rank's default cutoff (max(mm, nn) eps of the
    largest s): the others (zero, or so small that their directions are rounding noise of the larger ones, which a
    GPU's fused multiply-adds leave where exact arithmetic gives zeros) replaced, and with ``full`` mm - nn columns
    added, by the orthogonal complement from a complete QR of u, each signed to agree with the column it replaces."""
    mm, nn = u._shape[-2:]
    reliable = expand_dims(greater(s, _max(s, axis=-1, keepdims=True) * _rtol(None, mm, nn, s._dtype)), axis=-2)
    if not (full and mm > nn) and bool(_all(reliable)):
        return u
    qf = qr(u, mode="complete").Q
    assert isinstance(qf, Array)
    basis = qf[..., :nn]
    agree = sign(_sum(multiply(conj(basis), u), axis=-2, keepdims=True))
    kept = where(reliable, u, multiply(basis, where(equal(agree, 0), 1, agree).astype(u._dtype)))
    if not full or mm == nn:
        return kept
    out = qf.copy()
    out[..., :nn] = kept
    return out


def svd(x: Any, /, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False) \
        -> SVDResult | Array:
    """The singular value decomposition x = U diag(S) Vh of each matrix of x (..., M, N), K = min(M, N): U (..., M, M)
    and Vh (..., N, N) with ``full_matrices`` (else (..., M, K) and (..., K, N)), S (..., K) in descending order;
    ``compute_uv=False`` gives S only, ``hermitian=True`` uses :func:`eigh`, as NumPy does.

    One-sided Jacobi (Hestenes) on the matrix or its conjugate transpose where it fits a workgroup's shared memory
    (singular values to a few ulps of the largest, small ones often to high relative accuracy); larger ones by
    reduction to bidiagonal form and the Golub-Kahan matrix's eigenvectors, checked (Jacobi rounds or sweeps over
    the stack where the check fails, and on GPUs below 384 columns): singular vectors orthonormal to about 6 ulps
    (float32, 100 x 100); columns for zero or negligible singular values (under matrix_rank's cutoff, whose
    directions are rounding noise) and the extra columns of ``full_matrices`` complete the basis through a
    Householder QR. LinAlgError where a matrix holds NaN or infinity, as NumPy's "SVD did not converge" (this reads
    a flag back: it waits for the GPU)."""
    return _svd(x, full_matrices, compute_uv, hermitian, "svd")


def _svd(x: Any, full_matrices: bool, compute_uv: bool, hermitian: bool, function: str) -> SVDResult | Array:
    if hermitian:
        return _svd_hermitian(x, full_matrices, compute_uv)
    a, rtype = matrices(x, function, square=False)
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
    if not all_finite(a):  # (the large paths' reflections and rotations may drop a NaN on the way)
        raise LinAlgError(f"{function}: SVD did not converge (the matrix holds NaN or infinity)")
    s, g, v, wide = _svd_factors(a, compute_uv)
    if not compute_uv:
        return finish(s, real_dtype(rtype))
    g = _complete(g, s, full_matrices)
    u, vh = (v, _conj_t(g)) if wide else (g, _conj_t(v))
    return SVDResult(finish(u, rtype), finish(s, real_dtype(rtype)), finish(vh, rtype))


def _svd_hermitian(x: Any, full_matrices: bool, compute_uv: bool) -> SVDResult | Array:
    """NumPy's ``svd(hermitian=True)``: from :func:`eigh`, the values' magnitudes sorted in descending order."""
    from .elementwise import multiply, sign
    from .gather import take_along_axis
    from .sorting import argsort

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
    """The singular values (descending) of each matrix of x (..., M, N): :func:`svd` without the vectors; beyond one
    workgroup by reduction to bidiagonal form (LAPACK's ``gebd2``) and bisection on the Golub-Kahan matrix (each
    value to about an ulp of the largest)."""
    out = _svd(x, False, False, False, "svdvals")
    assert isinstance(out, Array)
    return out


def _rtol(rtol: Any, m: int, n: int, dtype: Any) -> Any:
    """The relative cutoff: the array API's default max(M, N) eps of the dtype."""
    import numpy as np

    if rtol is None:
        return max(m, n) * float(np.finfo(dtype.np).eps)
    return rtol if not isinstance(rtol, Array) else expand_dims(rtol, axis=-1)


def matrix_rank(x: Any, /, tol: Any = None, hermitian: bool = False, *, rtol: Any = None) -> Array:
    """The rank of each matrix of x (..., M, N): the number of singular values above rtol times the largest
    (``rtol`` default max(M, N) eps, as the array API and NumPy say; ``tol``: NumPy's absolute cutoff instead).
    Singular values from :func:`svdvals` (:func:`eigvalsh` with ``hermitian``); arrays of fewer than two
    dimensions have rank 1 unless all zero, as in NumPy."""
    a = array_argument(x, "matrix_rank")
    if a.ndim < 2:  # NumPy's: whether any element is nonzero
        return _sum(_any(a != 0), dtype="int64")
    if rtol is not None and tol is not None:
        raise ValueError("matrix_rank: give rtol or tol, not both")
    m, n = a._shape[-2:]
    s = _abs(eigvalsh(a)) if hermitian else _svd(a, False, False, False, "matrix_rank")
    if min(m, n) == 0:
        return zeros(a._shape[:-2], dtype="int64", device=a.device)
    if tol is not None:
        cutoff = tol if not isinstance(tol, Array) else expand_dims(tol, axis=-1)
    else:
        cutoff = _max(s, axis=-1, keepdims=True) * _rtol(rtol, m, n, s._dtype)
    return _sum(greater(s, cutoff), axis=-1, dtype="int64")


def pinv(x: Any, /, rcond: Any = None, hermitian: bool = False, *, rtol: Any = None) -> Array:
    """The Moore-Penrose pseudo-inverse of each matrix of x (..., M, N): V diag(1/S) U^H over the singular values
    above rtol times the largest (default max(M, N) eps, as the array API and NumPy's ``rtol=None`` say), from
    :func:`svd` (``hermitian``: from :func:`eigh`, as NumPy). NumPy's ``rcond`` (positional too) is rtol by its
    older name."""
    from .elementwise import multiply
    from .matmul import matmul

    if rcond is not None:
        if rtol is not None:
            raise ValueError("pinv: `rtol` and `rcond` can't be both set.")
        rtol = rcond

    a, rtype = matrices(x, "pinv", square=False)
    m, n = a._shape[-2:]
    if batch_of(a._shape[:-2]) == 0 or min(m, n) == 0:
        return finish(zeros((*a._shape[:-2], n, m), dtype=a._dtype, device=a.device), rtype)
    u, s, vh = _svd(a, False, True, hermitian, "pinv")
    cutoff = _max(s, axis=-1, keepdims=True) * _rtol(rtol, m, n, s._dtype)
    large = greater(s, cutoff)
    inverse = where(large, divide(1, where(large, s, 1)), 0).astype(s._dtype)
    scaled = multiply(_conj_t(vh), expand_dims(inverse, axis=-2).astype(a._dtype))
    return finish(matmul(scaled, _conj_t(u)), rtype)

