"""Eigenvectors by the tridiagonal route: ``eigh`` of large matrices as LAPACK's ``syevx`` does it (Householder
reduction to tridiagonal form, bisection for the eigenvalues, inverse iteration for the tridiagonal matrix's
eigenvectors, the reflectors applied to them by ``gemm``), and SciPy's ``eigh_tridiagonal``'s vectors.

Inverse iteration (:class:`InverseIterSpec`, an invocation per eigenvalue) leaves each vector accurate except along
its eigenvalue's near neighbours (an error of about eps ||T|| / gap there); instead of LAPACK's Gram-Schmidt within
clusters, which is sequential, the vectors are orthonormalized at once by a Householder QR (each column kept in
its direction): its triangular factor mixes a vector only with those of its errors, weighted by them, so each
residual stays about eps ||T|| (the mixing times the gap). Every result is checked: where a residual
||T z - w z|| exceeds ``RESIDUAL`` ulps of ||T|| (an iteration that did not converge, an overflow) the caller
falls back to the Jacobi method."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array, make_array
from ..kernels.factorization_tridiagonal import InverseIterSpec
from .creation import full, zeros
from .elementwise import abs as _abs
from .elementwise import add, less_equal, minimum, multiply, sign, square, subtract, where
from .gather import take_along_axis
from .linalg_common import finish, launch
from .linalg_large import _quad, _sub, apply_q, block_factors, diagonal_view, hermitian
from .linalg_tridiagonal import bisect, tridiagonal_values, tridiagonalize
from .manipulation import expand_dims, reshape
from .reductions import all as _all
from .reductions import max as _max
from .sorting import argsort

# eigh of large matrices by this route rather than Jacobi sweeps; None: on CPU devices, and on GPUs from EIGH_GPU_FROM
# rows (an H200, float32, Jacobi / this route: 128^2 7.2 / 15-22 ms, 256^2 16 / 23-37, 512^2 72 / 36-46, 2048^2
# 3390 / 340)
EIGH: bool | None = None
EIGH_GPU_FROM = 512
ITERATIONS = 1  # inverse iteration's solves per vector a round
ROUNDS = 1  # rounds of solves and QR before the residuals are checked (then one more a check, up to MOST_ROUNDS)
MOST_ROUNDS = 4
RESIDUAL = 2  # the largest residual accepted, in ulps of ||T|| times sqrt(n)


def eigh_allowed(ctx: Any, n: int) -> bool:
    """Whether eigh of large matrices of order n takes the tridiagonal route on ctx's device (``EIGH``)."""
    if EIGH is not None:
        return EIGH
    return ctx.device.physical.type == "cpu" or n >= EIGH_GPU_FROM


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


def orthonormalize(x: Array, w: Array) -> Array:
    """The columns of the stack x (batch, n, count), count <= n, eigenvectors for w (batch, count) (ascending),
    orthonormal except among near-equal eigenvalues, made orthonormal by a Householder QR, each column signed to
    keep its direction (Q diag(sign(R_jj))). The QR takes them from the most isolated eigenvalue to the least: a
    column of a cluster, nearly dependent on its neighbours, comes out with rounding noise divided by its R_jj,
    which orthogonality to the columns before it keeps out of their (well separated) directions."""
    from .linalg_spectral import qr

    order = argsort(_gaps(w), axis=-1, descending=True, stable=True)
    columns = expand_dims(order, axis=-2)
    q, r = qr(take_along_axis(x, columns, axis=-1))
    signs = sign(diagonal_view(r))
    q = multiply(q, expand_dims(where(signs == 0, 1, signs), axis=-2).astype(q._dtype))
    return take_along_axis(q, expand_dims(argsort(order, axis=-1), axis=-2), axis=-1)


def _gaps(w: Array) -> Array:
    """Each eigenvalue's distance to its nearest neighbour in w (batch, count) (ascending; infinity for one)."""
    batch, count = w._shape
    gaps = full((batch, count), float("inf"), dtype=w._dtype, device=w.device)
    if count > 1:
        step = subtract(w[:, 1:], w[:, :-1])
        gaps[:, 1:] = step
        gaps[:, :-1] = minimum(gaps[:, :-1], step)
    return gaps


def residual_ok(d: Array, e: Array, w: Array, z: Array) -> bool:
    """Whether every column of z (batch, n, count) is an eigenvector of its tridiagonal matrix (d, e) for w's
    eigenvalue to ``RESIDUAL`` ulps of ||T|| times sqrt(n), max-norm (reads the answer back)."""
    n = d._shape[1]
    tz = subtract(multiply(expand_dims(d, axis=-1), z), multiply(z, expand_dims(w, axis=-2)))
    below = multiply(expand_dims(e, axis=-1), z[:, :-1, :])
    above = multiply(expand_dims(e, axis=-1), z[:, 1:, :])
    tz[:, 1:, :] = add(tz[:, 1:, :], below)
    tz[:, :-1, :] = add(tz[:, :-1, :], above)
    size = _abs(d)
    size[:, 1:] = add(size[:, 1:], _abs(e))
    size[:, :-1] = add(size[:, :-1], _abs(e))
    eps = float(np.finfo(d._dtype.np).eps)
    bound = multiply(_max(size, axis=-1, keepdims=True), RESIDUAL * eps * float(np.sqrt(n)))
    return bool(_all(less_equal(_abs(tz), expand_dims(bound, axis=-1))))  # elementwise: a NaN fails


def tridiagonal_vectors(d: Array, e: Array, w: Array) -> Array | None:
    """Orthonormal eigenvectors (batch, n, count) of the tridiagonal matrices (d, e) for the eigenvalues w
    (ascending), or None where the residual check still fails after ``MOST_ROUNDS``.

    Rounds of an inverse iteration and a QR: a subspace iteration, so that a cluster's vectors, which a solve
    pulls towards its member nearest their shift, keep spanning its eigenspace (more solves a round lose that:
    tests/array/test_eigh_tridiagonal.py's clustered and repeated spectra)."""
    z = None
    for done in range(1, MOST_ROUNDS + 1):
        z = orthonormalize(inverse_iteration(d, e, w, z), w)
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

    The eigenvalues by bisection, the vectors by inverse iteration orthonormalized by a QR (see the module's
    docstring), each checked (a residual within a few ulps of ||T||); where the check fails, from the Jacobi method
    on the matrix. Each vector is unique up to its sign, as SciPy's are. The check reads a flag back: it waits for
    the GPU."""
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
