"""Tridiagonal and bidiagonal routes of ``vt.linalg``: SciPy's ``eigvalsh_tridiagonal`` (bisection on Sturm counts,
every eigenvalue of a stack of matrices in one dispatch: :mod:`vulkit.array.kernels.factorization_tridiagonal`),
and ``eigvalsh`` / ``svdvals`` of large matrices by Householder reduction to tridiagonal / bidiagonal form followed
by the same bisection (eigenvectors: :mod:`.linalg_tridiagonal_vectors`)."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..array import Array, make_array
from ..kernels.factorization_sweep import HouseSpec
from ..kernels.factorization_tridiagonal import BisectSpec
from ..kernels.factorization_tridiagonal_step import TridiagonalStepSpec
from .arguments import array_argument
from .creation import arange, zeros
from .elementwise import (
    add,
    conj,
    greater,
    less_equal,
    logical_and,
    multiply,
    square,
    subtract,
)
from .gather import take_along_axis
from .linalg_common import Launcher, batch_of, compute_dtype, finish, host_array, launch, pow2, result_dtype
from .linalg_large import (
    _h,
    _quad,
    _sub,
    diagonal_view,
    hermitian,
    power_scaled,
    reflector_groups,
    times_power_of_two,
)
from .manipulation import broadcast_to, expand_dims, flip, reshape
from .moving import concat
from .recording import run_recorded
from .reductions import all_finite
from .reductions import sum as _sum

# eigvalsh and svdvals of large matrices by reduction to tridiagonal / bidiagonal form and bisection instead of
# Jacobi sweeps (lavapipe, float32: eigvalsh of 300^2 8.4 -> 1.5 s, svdvals of 200^2 6.5 -> 0.33 s; an H200: eigvalsh
# of 128^2 6.3 -> 5.1 ms, of 2048^2 707 -> 255 ms, svdvals of 128^2 7.7 -> 5.0 ms, of 1024^2 456 -> 64 ms)
EIGVALSH = True
SVDVALS = True
# lanes along a column of the reductions' reflector dispatches (HouseSpec), None: a lane for every REDUCTION_ROWS rows,
# 8 to 32 (an H200, float32, with 8 / 16 / 32: eigvalsh of 1024^2 42 / 40-44 / 49-56 ms, eigh of 2048^2 254 / 189 /
# ~163; the transposed view's dispatches reading along rows took eigvalsh of 1024^2 from 61 ms)
REDUCTION_LANES: int | None = None
REDUCTION_ROWS = 64
# rows of the matrix a workgroup of the reduction's one-dispatch-a-column kernel (TridiagonalStepSpec) updates;
# 0: two dispatches a column instead, the reflector kernel's for real stacks, a reflector, a matrix-vector product and
# a rank-2 gemm for complex ones (an H200, float32, 0 / 4 / 2 / 1 rows in turn: eigvalsh of 2048^2 72-92 / 73 / 62 /
# 60 ms, of 1024^2 44-50 / 21-22 / 18-22 / 19-22, eigh of 2048^2 143-158 / 120-124 / 104-108 / 103-113; 8 and 16
# rows: eigvalsh of 2048^2 100 and 155 ms; complex64, 0 / 2 rows: eigvalsh of 1024^2 1970-2110 / 21 ms, eigh of
# 1024^2 1930-2130 / 54-55 ms, of 512^2 960-1000 / 24-25 ms)
STEP_ROWS = 2


def eigvalsh_tridiagonal(d: Any, e: Any, select: str = "a", select_range: Any = None, check_finite: bool = True,
                         tol: float = 0.0, lapack_driver: str = "auto") -> Array:
    """The eigenvalues (ascending) of the real symmetric tridiagonal matrix with diagonal d (..., n) and off-diagonal
    e (..., n - 1), as ``scipy.linalg.eigvalsh_tridiagonal`` (stacks too, as SciPy's batching): ``select`` ``"a"``
    all, ``"i"`` those of indices ``select_range = (min, max)`` inclusive, ``"v"`` those in the interval
    (min, max]; ``tol`` an absolute tolerance where > 0. ``lapack_driver`` is accepted and ignored.

    Bisection on Sturm counts (LAPACK's ``stebz``), an invocation per eigenvalue: each eigenvalue within about an
    ulp of the matrix's norm, as LAPACK's default tolerance. ``check_finite`` and ``select="v"`` (its count is data
    dependent) read data back: they wait for the GPU."""
    del lapack_driver
    selected = tridiagonal_values(d, e, select, select_range, check_finite, tol, "eigvalsh_tridiagonal")
    return finish(selected.values, selected.rtype)


class Selected(NamedTuple):
    """What :func:`tridiagonal_values` gives: the matrices as stacks d (batch, n) and e (batch, n - 1) in the
    compute dtype, the selected eigenvalues (..., count) and their indices (..., count, int64), the result dtype."""

    d: Array
    e: Array
    values: Array
    indices: Array
    rtype: Any


def tridiagonal_values(d: Any, e: Any, select: str, select_range: Any, check_finite: bool, tol: float,
                       function: str) -> Selected:
    """The checked operands and the selected eigenvalues of SciPy's ``eigvalsh_tridiagonal`` and
    ``eigh_tridiagonal`` (``function`` names the one called in errors)."""
    d, e = array_argument(d, function), array_argument(e, function)
    if d._dtype.kind == "c" or e._dtype.kind == "c":
        raise TypeError(f"{function}: only real arrays are supported")
    if d.ndim == 0 or d._shape[-1] != (e._shape[-1] if e.ndim else -1) + 1:
        raise ValueError(f"{function}: d {d.shape} must have one more element than e {e.shape} along the last axis")
    if d._shape[:-1] != e._shape[:-1]:
        raise ValueError(f"{function}: d {d.shape} and e {e.shape} must have the same batch dimensions")
    if select not in ("a", "i", "v"):
        raise ValueError(f"{function}: invalid argument for select: {select!r} (use 'a', 'i' or 'v')")
    n = d._shape[-1]
    first, count = _indices(select, select_range, n, function)
    compute, rtype = compute_dtype(result_dtype(d._dtype, e._dtype), d._ctx, function)
    d, e = d.astype(compute), e.astype(compute)
    if check_finite and not (all_finite(d) and all_finite(e)):
        raise ValueError(f"{function}: array must not contain infs or NaNs")
    batch = d._shape[:-1]
    d, e = reshape(d, (batch_of(batch), n)), reshape(e, (batch_of(batch), n - 1))
    w = reshape(bisect(d, square(e), first, count, float(tol)), (*batch, count))
    if select == "v":
        return Selected(d, e, *_in_interval(w, select_range, function), rtype)
    indices = broadcast_to(arange(first, first + count, dtype="int64", device=w.device), w._shape)
    return Selected(d, e, w, indices, rtype)


def eigvalsh(a: Array, lower: bool) -> Array:
    """The ascending eigenvalues (batch, n) of the Hermitian stack a (batch, n, n), read from its lower or upper
    triangle: :func:`tridiagonalize`, then :func:`bisect`."""
    d, e, _, _ = tridiagonalize(hermitian(a, lower))
    return bisect(d, square(e), 0, a._shape[-1])


class Bidiagonal(NamedTuple):
    """What :func:`bidiagonalize` gives: B's diagonal d (batch, n) and superdiagonal e (batch, n - 1), real and
    signed, the left reflectors V_L (batch, m, n) with their taus T_L (batch, 2, n), the right ones V_R (batch,
    n - 1, n - 1) and T_R (batch, 2, n - 1), and the exponents e (batch,) of the powers of two the matrices were
    multiplied by: A 2^-e = Q_L B P^H, Q_L = H_1 ... H_n, P = conj(G_1 ... G_{n-1}) acting on rows 1 .. n - 1."""

    d: Array
    e: Array
    vl: Array
    tl: Array
    vr: Array
    tr: Array
    exponent: Array


def bidiagonalize(a: Array) -> Bidiagonal:
    """The stack a (batch, m, n), m >= n, reduced to real upper bidiagonal form B (LAPACK's ``gebd2``: a reflector
    from the left for each column, from the right for each row, each one dispatch that also updates the rest; the
    row's, H^H x = beta e_1 for the row as a column x, applied to the transposed view is conj(H) from the right),
    after scaling by a power of two (so that squares of its elements neither overflow nor underflow)."""
    ctx, dtype = a._ctx, a._dtype
    batch, m, n = a._shape
    w, exponent = power_scaled(a)
    # the reflectors' arrays zeroed: the kernel writes each column from its diagonal down
    vl, tl = zeros((batch, m, n), dtype=dtype, device=a.device), make_array(ctx, (batch, 2, n), dtype)
    vr = zeros((batch, max(n - 1, 0), max(n - 1, 0)), dtype=dtype, device=a.device)
    tr = make_array(ctx, (batch, 2, n - 1), dtype)
    left = _house(w, [w, vl, tl], 0)
    launchers = [left]
    if n > 1:
        rows = _sub(w.mT, 1, n, 0, m)  # A^T below its first row: row j's reflector from A[j, j + 1:]
        right = _house(rows, [w, vr, tr], 0)
        launchers.append(right)

    def steps() -> None:
        for j in range(n):
            left([_quad(w), _quad(vl), _quad(tl)], [batch, m, n, j], reflector_groups(batch, n, j, _lanes(m)))
            if j < n - 1:
                right([_quad(rows), _quad(vr), _quad(tr)], [batch, n - 1, m, j],
                      reflector_groups(batch, m, j, _lanes(n - 1)))

    # kept by layout and replayed: two dispatches a column, each planned on the host in about what a GPU runs it in
    arrays = [w, vl, tl, vr, tr]
    key = None if any(x.addresses for x in launchers) else (
        "bidiagonal_steps", *((x._shape, x._strides, x._offset) for x in arrays), *(x.kernel.spec for x in launchers))
    run_recorded(ctx, key, [x._alloc for x in arrays], steps)
    d, e = (reshape(_sub(t, 1, 2, 0, t._shape[2]), (batch, t._shape[2])) for t in (tl, tr))
    return Bidiagonal(d.real, e.real, vl, tl, vr, tr, exponent)


def golub_kahan(b: Bidiagonal) -> Array:
    """The off-diagonal (batch, 2 n - 1) of the Golub-Kahan matrix [[0, B], [B^T, 0]] permuted to tridiagonal form
    (zero diagonal): d_0, e_0, d_1, ...; its eigenvalues are +-sigma, the eigenvector of sigma (v_0, u_0, v_1, u_1,
    ...) / sqrt(2) for B's singular vectors u and v."""
    batch, n = b.d._shape
    off = zeros((batch, 2 * n - 1), dtype=b.d._dtype, device=b.d.device)
    off[:, 0::2] = b.d
    if n > 1:
        off[:, 1::2] = b.e
    return off


def golub_kahan_sigma(off: Array) -> Array:
    """B's singular values, ascending (batch, n): bisection for the n largest eigenvalues of the Golub-Kahan matrix
    with off-diagonal ``off`` (:func:`golub_kahan`)."""
    batch, n = off._shape[0], (off._shape[1] + 1) // 2
    return bisect(zeros((batch, 2 * n), dtype=off._dtype, device=off.device), square(off), n, n)


def unscaled(b: Bidiagonal, sigma: Array) -> Array:
    """The singular values of the matrix that :func:`bidiagonalize` scaled, descending, from B's ascending ones."""
    return times_power_of_two(flip(sigma, axis=-1), expand_dims(b.exponent, axis=-1))


def svdvals(a: Array) -> Array:
    """The singular values (descending, (batch, n)) of the stack a (batch, m, n), m >= n: :func:`bidiagonalize`,
    then :func:`golub_kahan_sigma`."""
    b = bidiagonalize(a)
    return unscaled(b, golub_kahan_sigma(golub_kahan(b)))


def bisect(d: Array, e2: Array, first: int, count: int, tol: float = 0.0) -> Array:
    """Eigenvalues ``first`` .. ``first + count - 1`` (ascending, (batch, count)) of the symmetric tridiagonal
    matrices with diagonals d (batch, n) and squared off-diagonals e2 (batch, n - 1), real, of one dtype."""
    ctx, dtype = d._ctx, d._dtype
    batch, n = d._shape
    dv = reshape(d, (batch, 1, n))  # the kernel reads its operands through their strides
    if n == 1:
        return d.copy()  # a new array, not the caller's
    ev = reshape(e2, (batch, 1, n - 1))
    atol = host_array(ctx, [max(tol, 0.0)], dtype)
    w = make_array(ctx, (batch, 1, count), dtype)
    if w._size:
        launch(ctx, BisectSpec, dtype, [dv, ev, atol, w], [_quad(dv), _quad(ev), _quad(w)], [batch, n, first, count],
               -(-w._size // 64))
    return reshape(w, (batch, count))


def tridiagonalize(w: Array) -> tuple[Array, Array, Array, Array]:
    """(diagonals (batch, n), off-diagonals (batch, n - 1), both real, the reflectors V (batch, n - 1, n - 1) and
    their taus (batch, 2, n - 1): Q = diag(1, H_1 ... H_{n-1}) as :func:`.linalg_large.householder`'s) of the
    tridiagonal matrices Q^H W Q of the Hermitian stack w (batch, n, n, both triangles; overwritten), by a
    Householder reflection from both sides a column (LAPACK's ``hetd2``), H^H x = beta e_1 for the column below
    the diagonal (beta real): one dispatch a column (:class:`TridiagonalStepSpec`); with ``STEP_ROWS`` 0 for real
    matrices H W and then (W H)^T = H W^T by two dispatches that each update the rest, for complex ones the
    reflector alone, then W22 -= v y^H + y v^H with x = tau W22 v and y = x - tau (x^H v) / 2 v. All on the GPU."""
    ctx, dtype = w._ctx, w._dtype
    batch, n, _ = w._shape
    v = zeros((batch, n - 1, n - 1), dtype=dtype, device=w.device)
    taus = make_array(ctx, (batch, 2, n - 1), dtype)
    betas = reshape(_sub(taus, 1, 2, 0, n - 1), (batch, n - 1))
    e = betas.real  # the real off-diagonals (a view of the taus' betas, which they are for real matrices)
    if n > 2 and STEP_ROWS:
        return _reduce_by_steps(w, v, taus), e, v, taus
    rows = _sub(w, 1, n, 0, n)  # the reflectors' columns start below the diagonal
    step = _house(rows, [w, v, taus], 0)
    if dtype.kind == "f":  # H = H^T: H W from the left by the first dispatch, then (W H)^T = H W^T by the second
        columns = _sub(w.mT, 1, n, 0, n)
        twin = _house(columns, [w, v, taus], 1)
        for j in range(n - 1):
            groups = reflector_groups(batch, n, j, _lanes(n - 1))
            step([_quad(rows), _quad(v), _quad(taus)], [batch, n - 1, n, j], groups)
            twin([_quad(columns), _quad(v), _quad(taus)], [batch, n - 1, n, j], groups)
    else:
        _two_sided(w, rows, v, taus, step)
    d = diagonal_view(w)
    return d.real, e, v, taus


def _reduce_by_steps(w: Array, v: Array, taus: Array) -> Array:
    """:func:`tridiagonalize` by :class:`TridiagonalStepSpec`, a dispatch a column (w overwritten, the reflectors
    written to v and taus): the real diagonals (batch, n)."""
    ctx, dtype = w._ctx, w._dtype
    batch, n, _ = w._shape
    d, p = make_array(ctx, (batch, 1, n), dtype.component), make_array(ctx, (batch, 2, n), dtype)
    arrays = [w, v, taus, p, d]
    step = Launcher(ctx, TridiagonalStepSpec, dtype, arrays, rows=STEP_ROWS)
    operands = [_quad(x) for x in arrays]

    def steps() -> None:
        for k in range(n):
            step(operands, [batch, n, k], batch * max(1, -(-(n - k - 1) // STEP_ROWS)))

    # kept by layout and replayed (the host's planning of a dispatch is about what a late column takes on a GPU)
    key = None if step.addresses else ("tridiagonal_steps", *((x._shape, x._strides, x._offset) for x in arrays),
                                       step.kernel.spec)
    run_recorded(ctx, key, [x._alloc for x in arrays], steps)
    return reshape(d, (batch, n))


def _lanes(rows: int) -> int:
    """Lanes along a column of a reduction's :class:`HouseSpec` for columns of ``rows`` rows."""
    return REDUCTION_LANES or min(32, max(8, pow2(rows // REDUCTION_ROWS)))


def _house(view: Array, buffers: list[Array], mode: int) -> Launcher:
    """:class:`HouseSpec` on the (batch, rows, columns) view of ``buffers[0]``, :func:`_lanes` lanes a column,
    neighbouring invocations on neighbouring elements (rows where the view is transposed)."""
    return Launcher(view._ctx, HouseSpec, view._dtype, buffers, mode=mode, lanes=_lanes(view._shape[1]),
                    lanes_fast=view._strides[1] == 1)


def _two_sided(w: Array, rows: Array, v: Array, taus: Array, step: Launcher) -> None:
    """:func:`tridiagonalize`'s complex case: each column's reflector alone, then the Hermitian rank-2 update."""
    from .matmul import gemm, matmul  # noqa: PLC0415 - as linalg_large's: matmul's module imports this layer

    batch, n, _ = w._shape
    for j in range(n - 1):
        step([_quad(rows), _quad(v), _quad(taus)], [batch, n - 1, j + 1, j], batch)  # no other column
        vj = _sub(v, j, n - 1, j, j + 1)
        rest = _sub(w, j + 1, n, j + 1, n)
        tau = _sub(taus, 0, 1, j, j + 1)
        x = multiply(matmul(rest, vj), tau)
        half = multiply(multiply(tau, _sum(multiply(conj(x), vj), axis=-2, keepdims=True)), 0.5)
        y = subtract(x, multiply(half, vj))
        gemm(concat([vj, y], axis=-1), _h(concat([y, vj], axis=-1)), rest, alpha=-1.0, beta=1.0)


def _indices(select: str, select_range: Any, n: int, function: str) -> tuple[int, int]:
    """(first index, number) of the eigenvalues bisection finds: all for "a" and "v", the range for "i"."""
    if select != "a":
        if select_range is None or len(select_range) != 2 or not select_range[0] <= select_range[1]:
            raise ValueError(f"{function}: select_range must be a 2-element array-like in nondecreasing order, got "
                             f"{select_range!r}")
    if select != "i":
        return 0, n
    low, high = (int(v) for v in select_range)
    if low < 0 or high >= n:
        raise ValueError(f"{function}: select_range {select_range!r} out of bounds for {n} eigenvalues")
    return low, high - low + 1


def _in_interval(w: Array, select_range: Any, function: str) -> tuple[Array, Array]:
    """The eigenvalues of w (..., n) (ascending) in (min, max] and their indices (reads their number back: the same
    in every matrix)."""
    low, high = (float(v) for v in select_range)
    counts = np.atleast_1d(_sum(logical_and(greater(w, low), less_equal(w, high)), axis=-1).numpy())
    if counts.size and (counts != counts.flat[0]).any():
        raise ValueError(f"{function}: select='v' finds different numbers of eigenvalues in the stack's matrices "
                         f"({counts.min()} to {counts.max()}): call it a matrix at a time")
    number = int(counts.flat[0]) if counts.size else 0
    starts = _sum(less_equal(w, low), axis=-1, keepdims=True, dtype="int64")
    indices = add(starts, arange(number, dtype="int64", device=w.device))
    return take_along_axis(w, indices, axis=-1), indices
