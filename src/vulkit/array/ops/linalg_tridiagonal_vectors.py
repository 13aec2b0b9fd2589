"""Eigenvectors by the tridiagonal route: ``eigh`` of large matrices as LAPACK's ``syevx`` does it (Householder
reduction to tridiagonal form, bisection for the eigenvalues, inverse iteration for the tridiagonal matrix's
eigenvectors, the reflectors applied to them by ``gemm``), SciPy's ``eigh_tridiagonal``'s vectors, and ``svd`` of
large matrices through the bidiagonal form and the Golub-Kahan matrix's eigenvectors.

Inverse iteration (:class:`InverseIterSpec`, an invocation per eigenvalue) leaves each vector accurate except along
its eigenvalue's near neighbours (an error of about eps ||T|| / gap there); instead of LAPACK's Gram-Schmidt within
clusters, which is sequential, the vectors are orthonormalized at once by Cholesky QRs (:func:`orthonormalize`,
each column kept in its direction): the triangular factor mixes a vector only with those of its errors, weighted by
them, so each residual stays about eps ||T|| (the mixing times the gap); a tight cluster's vectors share one shift
below it (:func:`_shifts`). Every result is checked: where a residual ||T z - w z|| exceeds ``RESIDUAL`` ulps of
||T|| (an iteration that did not converge, an overflow) the caller falls back to the Jacobi method."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..array import Array, make_array
from ..kernels.factorization_tridiagonal import InverseIterSpec
from .creation import full, zeros
from .elementwise import abs as _abs
from .elementwise import (
    add,
    conj,
    divide,
    greater,
    less_equal,
    logical_not,
    logical_or,
    minimum,
    multiply,
    sign,
    sqrt,
    square,
    subtract,
    where,
)
from .gather import take_along_axis
from .linalg_common import finish, launch
from .linalg_large import _quad, _sub, apply_q, block_factors, diagonal_view, hermitian
from .linalg_tridiagonal import (
    Bidiagonal,
    bidiagonalize,
    bisect,
    golub_kahan,
    golub_kahan_sigma,
    tridiagonal_values,
    tridiagonalize,
    unscaled,
)
from .manipulation import expand_dims, flip, reshape
from .reductions import all as _all
from .reductions import max as _max
from .reductions import min as _min
from .reductions import sum as _sum
from .sorting import argsort

# eigh of large matrices by this route rather than Jacobi sweeps; None: on CPU devices, and on GPUs from EIGH_GPU_FROM
# rows (an H200, float32, Jacobi / this route in turn: eigh 128^2 6.1-7.5 / 7.3-8.1 ms, 256^2 16-17 / 10-14, 384^2
# 32 / 13-15, 512^2 72 / 36-46, 2048^2 3390 / 340)
EIGH: bool | None = None
EIGH_GPU_FROM = 256
# svd of large matrices by the bidiagonal route: None as eigh's, from SVD_GPU_FROM columns (Jacobi / the route: svd
# 256^2 27-28 / 27-42 ms, 384^2 75-76 / 37-40)
SVD: bool | None = None
SVD_GPU_FROM = 384
ITERATIONS = 1  # inverse iteration's solves per vector a round
ROUNDS = 2  # rounds of solves and QR before the residuals are checked (then one more a check, up to MOST_ROUNDS)
MOST_ROUNDS = 4
RESIDUAL = 4  # the largest residual accepted, in ulps of ||T|| times sqrt(n)
CLUSTER = 1000  # eigenvalues closer than this many ulps of the largest orthonormalized as one cluster first
# a cluster no wider than this share of the residual bound is solved with one shift below it for all its vectors
TIGHT = 0.25


def eigh_allowed(ctx: Any, n: int) -> bool:
    """Whether eigh of large matrices of order n takes the tridiagonal route on ctx's device (``EIGH``)."""
    return _allowed(EIGH, ctx, n >= EIGH_GPU_FROM)


def svd_allowed(ctx: Any, n: int) -> bool:
    """Whether svd of large matrices of n columns (m >= n) takes the bidiagonal route on ctx's device (``SVD``)."""
    return _allowed(SVD, ctx, n >= SVD_GPU_FROM)


def _allowed(setting: bool | None, ctx: Any, large: bool) -> bool:
    """A route's setting, or where it is None: on CPU devices, and on GPUs for large enough matrices."""
    return setting if setting is not None else ctx.on_cpu or large


def inverse_iteration(d: Array, e: Array, w: Array, start: Array | None = None) -> Array:
    """Unit eigenvectors (batch, n, count) of the symmetric tridiagonal matrices with diagonals d (batch, n) and
    off-diagonals e (batch, n - 1) for their eigenvalues w (batch, count) (real, one dtype; n >= 2), not yet
    orthonormal among near-equal eigenvalues."""
    ctx, dtype = d._ctx, d._dtype
    batch, n = d._shape
    count = w._shape[1]
    x = make_array(ctx, (batch, n, count), dtype) if start is None else start
    if x._size:
        scratch = make_array(ctx, (batch, 3 * n, count), dtype)
        dv, ev, wv = (_row(t) for t in (d, e, w))
        operands = [_quad(dv), _quad(ev), _quad(wv), _quad(x), _quad(scratch)]
        launch(ctx, InverseIterSpec, dtype, [dv, ev, wv, x, scratch], operands,
               [batch, n, count, ITERATIONS, int(start is None)], -(-batch * count // 64))
    return x


def _row(x: Array) -> Array:
    """A (batch, k) array as the (batch, 1, k) operand the kernels read through strides (a view)."""
    return reshape(x, (x._shape[0], 1, x._shape[1]))


def orthonormalize(x: Array, w: Array, clusters: Clusters | None = None) -> Array:
    """The columns of the stack x (batch, n, count), count <= n, eigenvectors for w (batch, count) (ascending),
    orthonormal except among near-equal eigenvalues, made orthonormal, each kept in its direction.

    Cholesky QRs (X R^-1 with R^H R = X^H X, all products), first within clusters (X^H X's entries between columns of
    eigenvalues further apart than ``CLUSTER`` ulps of the largest, chained, set to zero; the first of the two with
    a shift of n eps on the diagonal so that a nearly dependent cluster still factors): a cluster's columns,
    orthonormalized among themselves, take their rounding noise (amplified by their condition) into their own
    eigenspace only; then over all columns, now nearly orthonormal. Where no cluster has two eigenvalues the two
    within clusters are each column scaled to unit norm, which they then amount to (without their two Cholesky
    factorizations: about 75 dispatches at 512 columns). Where a factorization still fails, a Householder QR taken
    from the most isolated eigenvalue to the least (:func:`_householder_columns`). ``clusters``: :func:`clusters_of`
    w, where the caller has it."""
    from .factorizations import lower_factor
    from .linalg_blocked import triangular_solve
    from .linalg_common import flag, raised
    from .matmul import matmul

    clusters = clusters_of(w) if clusters is None else clusters
    shift = x._shape[1] * float(np.finfo(x._dtype.np).eps)
    passes: tuple[tuple[Array | None, float], ...] = ((None, 0.0),)
    if clusters.shared:
        y = x
        passes = ((clusters.same, shift), (clusters.same, 0.0), *passes)
    else:
        y = _unit_columns(x)
    word = flag(x._ctx)  # set by any of the factorizations, read once at the end
    for mask, extra in passes:
        gram = matmul(y.mT, y)
        if mask is not None:
            gram = where(mask, gram, 0)
        if extra:
            diagonal_view(gram)[...] = add(diagonal_view(gram), extra)
        rows = y.mT.copy()
        # R^-T X^T in place; no check of R's diagonal (solve_triangular's would wait for the GPU): where a
        # factorization succeeded it is positive, and where one failed the word discards the result
        triangular_solve(lower_factor(gram, word), rows, lower=True, unit=False)
        y = rows.mT
    return _householder_columns(x, w) if raised(word) else y


def _householder_columns(x: Array, w: Array) -> Array:
    """:func:`orthonormalize` by a Householder QR taken from the most isolated eigenvalue to the least (a nearly
    dependent cluster's noise kept out of the separated directions the earlier columns hold), Q diag(sign(R_jj))."""
    from .linalg_spectral import qr

    order = argsort(_gaps(w), axis=-1, descending=True, stable=True)
    q, r = qr(take_along_axis(x, expand_dims(order, axis=-2), axis=-1))
    signs = sign(diagonal_view(r))
    q = multiply(q, expand_dims(where(signs == 0, 1, signs), axis=-2).astype(q._dtype))
    return take_along_axis(q, expand_dims(argsort(order, axis=-1), axis=-2), axis=-1)


def _gaps(w: Array) -> Array:
    """Each eigenvalue's distance to its nearest neighbour in w (batch, count) (ascending; infinity for one)."""
    left = _gaps_left(w)
    right = full(w._shape, float("inf"), dtype=w._dtype, device=w.device)
    right[:, :-1] = left[:, 1:]
    return minimum(left, right)


@dataclass(frozen=True)
class Clusters:
    """The clusters of eigenvalues w (batch, count) (ascending): ``same`` (batch, count, count), whether eigenvalues
    i and j are in one (neighbours closer than ``CLUSTER`` ulps of the largest magnitude, chained); ``shared``,
    whether any cluster has two or more (read back: the orthonormalization's shape depends on it)."""

    same: Array
    shared: bool


def clusters_of(w: Array) -> Clusters:
    """:class:`Clusters` of w."""
    from .scans import cumulative_sum

    size = _max(_abs(w), axis=-1, keepdims=True)
    apart = greater(_gaps_left(w), multiply(size, CLUSTER * float(np.finfo(w._dtype.np).eps)))
    ids = cumulative_sum(apart.astype("int32"), axis=-1)
    return Clusters(expand_dims(ids, axis=-1) == expand_dims(ids, axis=-2), not bool(_all(apart)))


def _gaps_left(w: Array) -> Array:
    """Each eigenvalue's distance to the one before it in w (batch, count) (ascending; infinity for the first)."""
    batch, count = w._shape
    gaps = full((batch, count), float("inf"), dtype=w._dtype, device=w.device)
    if count > 1:
        gaps[:, 1:] = subtract(w[:, 1:], w[:, :-1])
    return gaps


def _shifts(w: Array, n: int, same: Array) -> Array:
    """The inverse iteration's shifts for the eigenvalues w (batch, count) (ascending) of matrices of order n: each
    eigenvalue itself, except in tight clusters (no wider than ``TIGHT`` of the residual bound, so that any
    orthonormal basis of their eigenspace passes the check), whose vectors all take one shift below the cluster by
    its width and 8 ulps: every direction of the eigenspace is then amplified alike, where shifts a few ulps apart
    amplify each vector towards the eigenvalue nearest its own shift, so that the cluster's vectors become nearly
    dependent and their orthonormalization inaccurate (an orthogonal matrix's svd: 130 singular values within 10
    ulps). ``same``: :attr:`Clusters.same` of w."""
    low = _min(where(same, expand_dims(w, axis=-2), float("inf")), axis=-1)
    high = _max(where(same, expand_dims(w, axis=-2), float("-inf")), axis=-1)
    width = subtract(high, low)
    ulp = multiply(_max(_abs(w), axis=-1, keepdims=True), float(np.finfo(w._dtype.np).eps))
    tight = less_equal(width, multiply(ulp, TIGHT * RESIDUAL * float(np.sqrt(n))))
    return where(tight, subtract(low, add(width, multiply(ulp, 8.0))), w)


def residual_ok(d: Array, e: Array, w: Array, z: Array) -> bool:
    """Whether every column of z (batch, n, count) is an eigenvector of its tridiagonal matrix (d, e) for w's
    eigenvalue to ``RESIDUAL`` ulps of ||T|| times sqrt(n), max-norm (reads the answer back)."""
    n = d._shape[1]
    tz = subtract(_banded_times(d, e, z, below=True, above=True), multiply(z, expand_dims(w, axis=-2)))
    size = _abs(d)
    size[:, 1:] = add(size[:, 1:], _abs(e))
    size[:, :-1] = add(size[:, :-1], _abs(e))
    eps = float(np.finfo(d._dtype.np).eps)
    bound = multiply(_max(size, axis=-1, keepdims=True), RESIDUAL * eps * float(np.sqrt(n)))
    return bool(_all(less_equal(_abs(tz), expand_dims(bound, axis=-1))))  # elementwise: a NaN fails


def tridiagonal_vectors(d: Array, e: Array, w: Array, clusters: Clusters | None = None) -> Array | None:
    """Orthonormal eigenvectors (batch, n, count) of the tridiagonal matrices (d, e) for the eigenvalues w
    (ascending), or None where the residual check still fails after ``MOST_ROUNDS``.

    Rounds of an inverse iteration and an orthonormalization: a subspace iteration, so that a cluster's vectors,
    which a solve pulls towards its member nearest their shift, keep spanning its eigenspace (more solves a round
    lose that: tests/array/test_eigh_tridiagonal.py's clustered and repeated spectra). ``clusters``:
    :func:`clusters_of` w, where the caller has it."""
    if not w._shape[1]:
        return make_array(d._ctx, (d._shape[0], d._shape[1], 0), d._dtype)
    z = None
    clusters = clusters_of(w) if clusters is None else clusters
    shifts = _shifts(w, d._shape[1], clusters.same)
    for done in range(1, MOST_ROUNDS + 1):
        z = orthonormalize(inverse_iteration(d, e, shifts, z), w, clusters)
        if done >= ROUNDS and residual_ok(d, e, w, z):
            return z
    return None


def eigh(a: Array, lower: bool) -> tuple[Array, Array] | None:
    """(Ascending eigenvalues (batch, n), eigenvectors (batch, n, n)) of the Hermitian stack a (batch, n, n), read
    from its lower or upper triangle, by the tridiagonal route; None where the residual check fails."""
    n = a._shape[-1]
    d, e, v, taus = tridiagonalize(hermitian(a, lower))
    w = bisect(d, square(e), 0, n)
    z = tridiagonal_vectors(d, e, w)
    if z is None:
        return None
    z = z.astype(a._dtype)
    apply_q(v, block_factors(v, taus), _sub(z, 1, n, 0, n))
    return w, z


def eigh_tridiagonal(d: Any, e: Any, eigvals_only: bool = False, select: str = "a", select_range: Any = None,
                     check_finite: bool = True, tol: float = 0.0, lapack_driver: str = "auto") -> Any:
    """The eigenvalues (ascending) and eigenvectors of the real symmetric tridiagonal matrix with diagonal d (..., n)
    and off-diagonal e (..., n - 1), as ``scipy.linalg.eigh_tridiagonal``: (w (..., count), v (..., n, count)), or
    w alone with ``eigvals_only``; ``select``, ``select_range``, ``tol`` and ``check_finite`` as
    :func:`eigvalsh_tridiagonal`'s, ``lapack_driver`` accepted and ignored.

    The eigenvalues by bisection, the vectors by inverse iteration orthonormalized by Cholesky QRs (see the
    module's docstring), each checked (a residual within a few ulps of ||T||); where the check fails, from the
    Jacobi method on the matrix. Each vector is unique up to its sign, as SciPy's are. The check reads a flag back:
    it waits for the GPU."""
    del lapack_driver
    function = "eigh_tridiagonal"
    selected = tridiagonal_values(d, e, select, select_range, check_finite, tol, function)
    w, rtype = selected.values, selected.rtype
    if eigvals_only:
        return finish(w, rtype)
    batch, n, count = w._shape[:-1], selected.d._shape[-1], w._shape[-1]
    flat = reshape(w, (selected.d._shape[0], count))
    z = tridiagonal_vectors(selected.d, selected.e, flat) if n > 1 else None
    if z is None:
        z = _dense_vectors(selected.d, selected.e, reshape(selected.indices, flat._shape))
    return finish(w, rtype), finish(reshape(z, (*batch, n, count)), rtype)


def _dense_vectors(d: Array, e: Array, indices: Array) -> Array:
    """The eigenvectors (batch, n, count) of the tridiagonal matrices (d, e) for the eigenvalues of the given
    indices (batch, count), by :func:`.linalg_spectral.eigh` on the dense matrices (Jacobi, where the tridiagonal
    route's check fails again)."""
    from .linalg_spectral import eigh

    batch, n = d._shape
    dense = zeros((batch, n, n), dtype=d._dtype, device=d.device)
    diagonal_view(dense)[...] = d
    if n > 1:
        diagonal_view(_sub(dense, 1, n, 0, n - 1))[...] = e
        diagonal_view(_sub(dense, 0, n - 1, 1, n))[...] = e
    return take_along_axis(eigh(dense).eigenvectors, expand_dims(indices, axis=-2), axis=-1)


def svd(a: Array) -> tuple[Array, Array, Array] | None:
    """(S descending (batch, n), U (batch, m, n) with zero columns where S is under matrix_rank's cutoff, V (batch,
    n, n)) of the stack a (batch, m, n), m >= n, by the bidiagonal route; None where the check fails.

    B's singular vectors from the Golub-Kahan matrix's eigenvectors for +sigma (:func:`tridiagonal_vectors`): their
    even rows v and odd rows u, each column normalized, each side orthonormalized by a QR (small corrections: the
    halves of orthonormal eigenvectors are orthonormal but where +-sigma mix, sigma near 0); then both relations
    B v = sigma u and B^T u = sigma v checked, and the reflectors applied: U = Q_L u, V = P v."""
    b = bidiagonalize(a)
    batch, n = b.d._shape
    m = a._shape[1]
    real = b.d._dtype
    off = golub_kahan(b)
    sigma = golub_kahan_sigma(off)
    clusters = clusters_of(sigma)
    z = tridiagonal_vectors(zeros((batch, 2 * n), dtype=real, device=a.device), off, sigma, clusters)
    if z is None:
        return None
    # each half normalized (they differ in norm where +sigma's vector mixed with -sigma's), then orthonormalized
    xv, xu = (orthonormalize(_unit_columns(z[:, half::2, :]), sigma, clusters) for half in (0, 1))
    eps = float(np.finfo(real.np).eps)
    reliable = greater(sigma, multiply(_max(sigma, axis=-1, keepdims=True), max(m, n) * eps))
    if not _pair_ok(b, sigma, xv, xu, reliable):
        return None
    xu = where(expand_dims(reliable, axis=-2), xu, 0)
    s = unscaled(b, sigma)
    xu, xv = flip(xu, axis=-1), flip(xv, axis=-1)
    u = zeros((batch, m, n), dtype=a._dtype, device=a.device)
    u[:, :n, :] = xu
    apply_q(b.vl, block_factors(b.vl, b.tl), u)
    v = xv.astype(a._dtype)
    if n > 1:
        apply_q(b.vr, block_factors(b.vr, b.tr), _sub(v, 1, n, 0, n))
    return s, u, (conj(v) if a._dtype.kind == "c" else v)


def _unit_columns(x: Array) -> Array:
    """x (batch, n, k) with each nonzero column scaled to unit 2-norm."""
    norms = sqrt(_sum(square(x), axis=-2, keepdims=True))
    return divide(x, where(greater(norms, 0), norms, 1))


def _banded_times(d: Array, e: Array, x: Array, below: bool, above: bool) -> Array:
    """M x for x (batch, n, k) and the matrices M with diagonal d (batch, n) and e (batch, n - 1) below and / or
    above it: the symmetric tridiagonal T (both), the upper bidiagonal B (above) or B^T (below)."""
    out = multiply(expand_dims(d, axis=-1), x)
    if d._shape[1] > 1:
        if below:
            out[:, 1:, :] = add(out[:, 1:, :], multiply(expand_dims(e, axis=-1), x[:, :-1, :]))
        if above:
            out[:, :-1, :] = add(out[:, :-1, :], multiply(expand_dims(e, axis=-1), x[:, 1:, :]))
    return out


def _pair_ok(b: Bidiagonal, sigma: Array, xv: Array, xu: Array, reliable: Array) -> bool:
    """Whether B v = sigma u and B^T u = sigma v to ``RESIDUAL`` ulps of ||B|| times sqrt(n), elementwise, in the
    columns of the reliable singular values (reads the answer back)."""
    n = b.d._shape[1]
    eps = float(np.finfo(b.d._dtype.np).eps)
    bound = multiply(_max(sigma, axis=-1, keepdims=True), RESIDUAL * eps * float(np.sqrt(n)))
    scaled, ignored = expand_dims(sigma, axis=-2), logical_not(expand_dims(reliable, axis=-2))
    ok = True
    for x, y, transpose in ((xv, xu, False), (xu, xv, True)):
        residual = _abs(subtract(_banded_times(b.d, b.e, x, below=transpose, above=not transpose),
                                 multiply(y, scaled)))
        ok = ok and bool(_all(logical_or(less_equal(residual, expand_dims(bound, axis=-1)), ignored)))
    return ok
