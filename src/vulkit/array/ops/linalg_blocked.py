"""Blocked factorizations of large matrices, in place on contiguous (batch, n, c) work arrays: right-looking LU
with partial pivoting and Cholesky, and the blocked back substitution of solve. Each block step is a few
dispatches over the whole stack (no host round trip, no loop over the stack's matrices): the panel or diagonal
block's kernel, a triangular solve with it, and the trailing update as one ``gemm`` on submatrix views."""

from __future__ import annotations

import math
from typing import Any

from ..array import Array
from ..kernels.factorization import CholSpec
from ..kernels.factorization_blocked import LaswpSpec, PanelSpec, TrsmSpec
from .elementwise import conj
from .linalg_common import launch, max_invocations, pow2, shared_limit


def _quad(view: Array) -> tuple[int, int, int, int]:
    """The operand of a (batch, rows, columns) view."""
    return (view._offset, *view._strides)


def block_sizes(ctx: Any, itemsize: int) -> tuple[int, int]:
    """(the LU panel's width, the order of diagonal blocks in triangular solves and Cholesky): the panel's columns
    are held in registers, a diagonal block in shared memory (half of it at most)."""
    tb = 64
    while tb > 8 and tb * tb * itemsize > shared_limit(ctx) // 2:
        tb //= 2
    return min(tb, 32 if itemsize <= 4 else 16), tb


def _trsm(ctx: Any, w: Array, t: Array, b: Array, tb: int, lower: bool, unit: bool, conj_b: bool = False) -> None:
    """B := T^-1 B for views T (kb x kb) and B (kb x ncols) of the work array w."""
    batch, kb, ncols = b._shape
    launch(ctx, TrsmSpec, w._dtype, [w, w], [_quad(t), _quad(b)], [batch, kb, ncols],
           batch * math.ceil(ncols / 64), nb=tb, lower=lower, unit=unit, conj=conj_b)


def getrf(w: Array, n: int, pivots: Array, word: Array) -> None:
    """LU with partial pivoting (LAPACK's pivots) of the first n columns of each (n x c) matrix of w, the row
    interchanges and the elimination also applied to the columns right of them (the right-hand sides of solve).
    ``pivots`` (batch, n, uint32) gets the row each row was exchanged with; an exact zero pivot sets ``word``.
    The columns of L left of a panel do not get later interchanges (solve and det do not read them)."""
    from .matmul import gemm

    ctx = w._ctx
    batch, _, cols = w._shape
    nb, tb = block_sizes(ctx, w._dtype.itemsize)
    top = min(1024, max_invocations(ctx))
    for k0 in range(0, n, nb):
        kb, m = min(nb, n - k0), n - k0
        wg = min(top, max(64, nb, pow2(m)))
        rmax = pow2(math.ceil(m / wg))
        launch(ctx, PanelSpec, w._dtype, [w, pivots, word], [_quad(w[:, k0:, k0:k0 + kb])], [batch, m, kb, n, k0],
               batch, nb=nb, rmax=rmax, wg=wg)
        rest = cols - k0 - kb
        if rest == 0:
            continue
        right = w[:, k0:, k0 + kb:]
        launch(ctx, LaswpSpec, w._dtype, [w, pivots], [_quad(right)], [batch, kb, rest, n, k0],
               batch * math.ceil(rest / 64))
        _trsm(ctx, w, w[:, k0:k0 + kb, k0:k0 + kb], w[:, k0:k0 + kb, k0 + kb:], tb, lower=True, unit=True)
        if k0 + kb < n:
            gemm(w[:, k0 + kb:, k0:k0 + kb], w[:, k0:k0 + kb, k0 + kb:], w[:, k0 + kb:, k0 + kb:],
                 alpha=-1.0, beta=1.0)


def back_substitute(w: Array, n: int) -> None:
    """X := U^-1 X for the upper triangle U of w's first n columns and X its other columns, by blocks from the
    bottom: a triangular solve with each diagonal block, then the rows above updated by one ``gemm``."""
    from .matmul import gemm

    ctx = w._ctx
    _, tb = block_sizes(ctx, w._dtype.itemsize)
    for i0 in reversed(range(0, n, tb)):
        i1 = min(i0 + tb, n)
        _trsm(ctx, w, w[:, i0:i1, i0:i1], w[:, i0:i1, n:], tb, lower=False, unit=False)
        if i0:
            gemm(w[:, :i0, i0:i1], w[:, i0:i1, n:], w[:, :i0, n:], alpha=-1.0, beta=1.0)


def potrf(w: Array, word: Array) -> None:
    """Right-looking blocked Cholesky of each matrix of w (lower triangle read, L written there; the upper
    triangle is left with intermediate values): the diagonal block's kernel, L21 = A21 L11^-H by a triangular
    solve with A21^H (a conjugated transposed view), A22 -= L21 L21^H by ``gemm``. A pivot <= 0 sets ``word``."""
    from .matmul import gemm

    ctx = w._ctx
    batch, n, _ = w._shape
    _, tb = block_sizes(ctx, w._dtype.itemsize)
    complex_ = w._dtype.kind == "c"
    for k0 in range(0, n, tb):
        k1 = min(k0 + tb, n)
        diag = w[:, k0:k1, k0:k1]
        launch(ctx, CholSpec, w._dtype, [w, w, word], [_quad(diag), _quad(diag)], [batch, k1 - k0], batch,
               cap=tb * tb, wg=64)
        if k1 == n:
            break
        a21 = w[:, k1:, k0:k1]
        _trsm(ctx, w, diag, a21.mT, tb, lower=True, unit=False, conj_b=complex_)
        gemm(a21, conj(a21).mT if complex_ else a21.mT, w[:, k1:, k1:], alpha=-1.0, beta=1.0)
