"""eigh of matrices too large for one workgroup by the two-sided block Jacobi method: each round pairs the matrix's
half-blocks of ``b`` rows and columns, diagonalizes every pair's 2b x 2b diagonal block at once (one workgroup each,
the shared-memory kernel of :mod:`vulkit.array.kernels.factorization_jacobi`), and applies those eigenvector
blocks to the whole matrix (and to the eigenvectors) as batched matrix products; the half-blocks then move to the
next round's pairs (the round-robin ordering, H - 1 rounds a sweep for H half-blocks). After each sweep one number
is read back: the off-diagonal part's norm, until it is within rounding of the matrix's norm.

A round is a handful of dispatches whatever the order (the element-wise Jacobi method of :mod:`.linalg_large`
took two per pair of columns), and its work is matrix products. The matrix is scaled by a power of two (exact) so
that its entries are at most 1, and padded to a whole number of pairs with diagonal entries larger than any
eigenvalue and distinct (they never couple to the matrix's own coordinates, so they are dropped at the end)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..array import Array, view
from .creation import eye, zeros
from .elementwise import abs as _abs
from .elementwise import multiply
from .gather import take, take_along_axis
from .manipulation import expand_dims, reshape
from .reductions import max as _max
from .reductions import sum as _sum
from .sorting import argsort

SWEEPS = 20  # the most sweeps (quadratic convergence: 5 to 8 are usual)

SmallEigh = Callable[[Array], Array]  # eigenvectors of a contiguous (count, 2b, 2b) stack, one workgroup each


def eigh(w: Array, b: int, small: SmallEigh, vectors: bool) -> tuple[Array, Array | None]:
    """Ascending eigenvalues (batch, n) and eigenvectors (batch, n, n) of the full Hermitian stack w (batch, n, n,
    contiguous; overwritten), in rounds of pairs of half-blocks of ``b`` rows: ``small`` diagonalizes the 2b x 2b
    blocks."""
    from .matmul import matmul

    dtype = w._dtype
    batch, n, _ = w._shape
    pairs = -(-n // (2 * b))
    size = 2 * b * pairs
    scale = _power_of_two_scales(w)
    scaled = multiply(w, _device_array(scale.reshape(batch, 1, 1), w)).astype(dtype)
    frob = np.sqrt(_frob2(scaled).numpy().astype(np.float64))
    a = _padded(scaled, size, float(np.max(frob)))
    eps = float(np.finfo(dtype.component.np).eps)
    last = np.full(batch, np.inf)
    vm = zeros((batch, size, size), dtype=dtype, device=w.device)
    vm[...] = eye(size, dtype=dtype, device=w.device)
    halves = 2 * pairs
    order = list(range(halves))
    for _ in range(SWEEPS):
        for target in _round_robin(halves):
            moves = [order.index(label) for label in target]
            a, vm = _permuted(a, moves, b, rows=True), _permuted(vm, moves, b, rows=False)
            order = target
            q = reshape(_orthonormalized(small(_diagonal_blocks(a, pairs, 2 * b))), (batch, pairs, 2 * b, 2 * b))
            blocks = view(a, (batch, pairs, pairs, 2 * b, 2 * b),
                          (size * size, 2 * b * size, 2 * b, size, 1), a._offset)
            rotated = matmul(_h(q)[:, :, None], matmul(blocks, q[:, None]))  # Q_p^H A_pq Q_q
            a = _row_major(rotated, pairs, 2 * b)
            columns = view(vm, (batch, pairs, size, 2 * b), (size * size, 2 * b, size, 1), vm._offset)
            vm = _columns_row_major(matmul(columns, q), pairs, 2 * b)
        off = _off_diagonal(a)
        # each matrix converged, or within rounding where a sweep no longer halves its off-diagonal part
        done = (off <= 4 * eps * frob) | ((off > last / 2) & (off <= math.sqrt(eps) * frob)) | ~np.isfinite(off)
        if done.all():
            break
        last = off
    values = _diagonal(a).real if dtype.kind == "c" else _diagonal(a)
    ranks = argsort(values, axis=-1, stable=True)[:, :n]  # the pads are the largest: dropped
    values = multiply(take_along_axis(values, ranks, axis=-1), _device_array((1.0 / scale).reshape(batch, 1), values))
    if not vectors:
        return values, None
    vm = view(vm, (batch, n, size), vm._strides, vm._offset)
    return values, take_along_axis(vm, expand_dims(ranks, axis=-2), axis=-1)


def _round_robin(halves: int) -> list[list[int]]:
    """The sweep's rounds as arrangements of the half-blocks' labels, each pair adjacent (the circle method: label
    0 stays, the others turn one place a round, so every two labels meet once)."""
    rounds = []
    others = list(range(1, halves))
    for r in range(halves - 1):
        ring = [0, *others[r:], *others[:r]]
        rounds.append([x for k in range(halves // 2) for x in (ring[k], ring[halves - 1 - k])])
    return rounds


def _permuted(x: Array, moves: list[int], b: int, rows: bool) -> Array:
    """x (batch, size, size) with its half-block columns (and rows, where ``rows``) taken in the order ``moves``."""
    batch, size, _ = x._shape
    halves = size // b
    if moves == list(range(halves)):
        return x
    index = _index(x, moves)
    x = take(reshape(x, (batch, size, halves, b)), index, axis=2, mode="wrap")
    if rows:
        x = take(reshape(x, (batch, halves, b, size)), index, axis=1, mode="wrap")
    return reshape(x, (batch, size, size))


def _index(x: Array, moves: list[int]) -> Array:
    from ..array import upload

    return upload(x._ctx, np.asarray(moves, dtype=np.int32))


def _orthonormalized(q: Array) -> Array:
    """The stack of near-unitary q after one Newton-Schulz step, Q (3I - Q^H Q) / 2: the rotations' rounding
    (some ulps a column) would otherwise add up over the rounds, in the eigenvalues as well."""
    from .matmul import gemm, matmul

    out = q.copy()
    gemm(q, matmul(_h(q), q), out, alpha=-0.5, beta=1.5)
    return out


def _diagonal_blocks(a: Array, pairs: int, block: int) -> Array:
    """The diagonal blocks of a (batch, size, size) as a contiguous (batch * pairs, block, block) stack."""
    batch, size, _ = a._shape
    blocks = view(a, (batch, pairs, block, block), (size * size, block * size + block, size, 1), a._offset)
    return reshape(blocks.copy(), (batch * pairs, block, block))


def _row_major(blocks: Array, pairs: int, block: int) -> Array:
    """A (batch, pairs, pairs, block, block) stack of blocks as the (batch, size, size) matrix they tile."""
    batch = blocks._shape[0]
    size = pairs * block
    return reshape(blocks.permute_dims((0, 1, 3, 2, 4)).copy(), (batch, size, size))


def _columns_row_major(columns: Array, pairs: int, block: int) -> Array:
    """A (batch, pairs, size, block) stack of column blocks as the (batch, size, pairs * block) matrix they make."""
    batch, _, size, _ = columns._shape
    return reshape(columns.permute_dims((0, 2, 1, 3)).copy(), (batch, size, pairs * block))


def _h(x: Array) -> Array:
    from .elementwise import conj

    return conj(x).mT if x._dtype.kind == "c" else x.mT


def _diagonal(a: Array) -> Array:
    batch, size, _ = a._shape
    return view(a, (batch, size), (size * size, size + 1), a._offset)


def _frob2(a: Array) -> Array:
    """The squared Frobenius norm of each matrix of the stack (its component dtype)."""
    return _sum(_abs(a) ** 2, axis=(-2, -1))


def _off_diagonal(a: Array) -> np.ndarray:
    """The Frobenius norm of each matrix's off-diagonal part (reads them back)."""
    off = a.copy()
    _diagonal(off)[...] = 0
    return np.sqrt(_frob2(off).numpy().astype(np.float64))


def _power_of_two_scales(w: Array) -> np.ndarray:
    """For each matrix the power of two that brings its largest magnitude into [0.5, 1) (1 for a zero or non-finite
    one), float64."""
    big = _max(_abs(w), axis=(-2, -1)).numpy().astype(np.float64)
    usable = np.isfinite(big) & (big > 0)
    return np.where(usable, np.ldexp(1.0, -np.frexp(np.where(usable, big, 1.0))[1]), 1.0)


def _padded(a: Array, size: int, frob: float) -> Array:
    """a (batch, n, n) within a (batch, size, size) whose added diagonal entries are distinct integers above
    ``frob`` (a's largest Frobenius norm, which bounds its eigenvalues' magnitudes)."""
    batch, n, _ = a._shape
    if size == n:
        return a
    out = zeros((batch, size, size), dtype=a._dtype, device=a.device)
    out[:, :n, :n] = a
    start = math.floor(frob) + 2 if math.isfinite(frob) else 2
    pads = np.arange(start, start + size - n, dtype=a._dtype.component.np)
    _diagonal(out)[:, n:] = _device_array(pads, a)
    return out


def _device_array(values: np.ndarray, like: Array) -> Array:
    """values in like's component dtype on like's device."""
    from ..array import upload

    return upload(like._ctx, np.asarray(values, dtype=like._dtype.component.np))
