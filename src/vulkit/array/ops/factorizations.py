"""``vt.linalg``'s solvers and LU/Cholesky-based functions: solve, inv, det, slogdet, cholesky.

Three paths, by the matrices' order n (all take stacks (..., n, n), broadcast where the standard says, with one
dispatch per step for the whole stack):

- n <= 8: one GPU thread per matrix, in registers (:class:`~vulkit.array.kernels.factorization.TinySpec`);
- the matrix (and solve's right-hand sides) fit a workgroup's shared memory (n up to about 64): one workgroup
  per matrix (:class:`~vulkit.array.kernels.factorization.LUSpec`, ``CholSpec``);
- larger: the blocked right-looking algorithms of :mod:`.linalg_blocked`, their trailing updates by ``gemm``.

LU uses partial pivoting with LAPACK's pivot choice, so results agree with NumPy's LAPACK (``getrf``/``getrs``,
``potrf``) to rounding: a backward error of a few ulps times n (the growth factor of partial pivoting aside).
Errors that LAPACK reports (a singular matrix in solve/inv, a matrix that is not positive definite) are read back
from a flag word: these functions wait for the GPU.
"""

from __future__ import annotations

from typing import Any

from ..array import Array, make_array
from ..dtypes import uint32
from ..kernels.factorization import CholSpec, DetSpec, LUSpec, TinySpec
from . import linalg_blocked as blocked
from .arguments import array_argument
from .creation import eye, tril
from .elementwise import conj
from .linalg_common import (
    LinAlgError,
    SlogdetResult,
    batch_of,
    compute_dtype,
    convert,
    finish,
    flag,
    launch,
    matrices,
    new,
    raised,
    real_dtype,
    result_dtype,
    shared_limit,
    stack,
)
from .manipulation import broadcast_shapes, reshape

TINY = 8  # largest order solved by one thread per matrix


def _wg_size(n: int) -> int:
    return 32 if n <= 16 else 64 if n <= 32 else 128


def _fits(ctx: Any, scalars: int, itemsize: int, wg: int) -> int:
    """The shared capacity (a power of two >= scalars) of a one-workgroup kernel, 0 where it does not fit beside the
    reduction arrays."""
    cap = 64
    while cap < scalars:
        cap *= 2
    return cap if cap * itemsize + wg * 12 + 256 <= shared_limit(ctx) else 0


def _lu(a: Array, b: Array | None, batch: tuple[int, ...], n: int, k: int, function: str) -> Array:
    """X = A^-1 B (B None: the inverse) for stacks A (..., n, n) and B (..., n, k) broadcast to ``batch``:
    a contiguous (*batch, n, k) array."""
    ctx, dtype = a._ctx, a._dtype
    count = batch_of(batch)
    out, oq = new(ctx, (*batch, n, k), dtype)
    if count == 0 or n == 0 or k == 0:
        return out
    mode = "inv" if b is None else "solve"
    av, aq = stack(a, batch)
    bv, bq = (av, aq) if b is None else stack(b, batch)
    word = flag(ctx)
    wg = _wg_size(n)
    cap = _fits(ctx, n * (n + k), dtype.itemsize, wg) if n <= 64 else 0
    if n <= TINY:
        launch(ctx, TinySpec, dtype, [av, bv, out, word], [aq, bq, oq], [count, k], -(-count // 64), n=n, mode=mode)
    elif cap:
        launch(ctx, LUSpec, dtype, [av, bv, out, word], [aq, bq, oq], [count, n, k], count, cap=cap, mode=mode, wg=wg)
    else:
        w = make_array(ctx, (*batch, n, n + k), dtype)
        w[..., :n] = a
        w[..., n:] = eye(n, dtype=dtype, device=a.device) if b is None else b
        w3 = reshape(w, (count, n, n + k))
        blocked.getrf(w3, n, make_array(ctx, (count, n), uint32), word)
        blocked.back_substitute(w3, n)
        out = w[..., n:].copy()
    if raised(word, function):
        raise LinAlgError(f"{function}: Singular matrix")
    return out


def solve(x1: Any, x2: Any, /) -> Array:
    """The solution X of x1 X = x2 for square x1 (..., M, M): x2 of shape (M,) is a vector (the result has shape
    (..., M)), otherwise a stack of matrices (..., M, K) whose batch dimensions broadcast against x1's, as the
    array API (and NumPy 2) say. LinAlgError for a singular matrix (this reads a flag back: it waits for the GPU).

    LU with partial pivoting (see the module docstring for the paths): NumPy's ``gesv`` to rounding."""
    a = array_argument(x1, "solve")
    b = array_argument(x2, "solve")
    if a.ndim < 2:
        raise LinAlgError(f"solve: x1 must be a stack of square matrices, got a {a.ndim}-dimensional array")
    if a._shape[-1] != a._shape[-2]:
        raise LinAlgError(f"solve: the last two dimensions of x1 must be square, got {a._shape[-2]}x{a._shape[-1]}")
    n = a._shape[-1]
    vector = b.ndim == 1
    if b.ndim == 0:
        raise ValueError("solve: x2 must have at least one dimension")
    if vector:
        b = reshape(b, (b._shape[0], 1))
    if b._shape[-2] != n:
        raise ValueError(f"solve: x1 is {n}x{n} but x2 has {b._shape[-2]} rows (shape {tuple(x2.shape)})")
    try:
        batch = broadcast_shapes(a._shape[:-2], b._shape[:-2])
    except ValueError:
        raise ValueError(f"solve: the batch dimensions of x1 {a._shape[:-2]} and x2 {b._shape[:-2]} do not "
                         "broadcast") from None
    compute, rtype = compute_dtype(result_dtype(a._dtype, b._dtype), a._ctx, "solve")
    a, _ = convert(a, "solve", compute)
    b, _ = convert(b, "solve", compute)
    x = _lu(a, b, batch, n, b._shape[-1], "solve")
    if vector:
        x = reshape(x, (*batch, n))
    return finish(x, rtype)


def inv(x: Any, /) -> Array:
    """The inverse of each square matrix of x (..., M, M). LinAlgError for a singular matrix (this reads a flag
    back: it waits for the GPU). LU with partial pivoting, then solves with the identity: NumPy's ``gesv`` with
    B = I to rounding."""
    a, rtype = matrices(x, "inv")
    n = a._shape[-1]
    return finish(_lu(a, None, a._shape[:-2], n, n, "inv"), rtype)


def _determinant(x: Any, slog: bool, function: str) -> tuple[Array, Any]:
    """(the stack's determinants, or (batch, 2) signs and logs as scalars of the matrices' dtype; result dtype)."""
    a, rtype = matrices(x, function)
    ctx, dtype, n = a._ctx, a._dtype, a._shape[-1]
    batch = a._shape[:-2]
    count = batch_of(batch)
    width = 2 if slog else 1
    out = make_array(ctx, (*batch, width), dtype)
    oq = (0, width, 0, 1)
    mode = "slogdet" if slog else "det"
    if count == 0:
        return out, rtype
    if n == 0:
        out[..., 0] = 1
        if slog:
            out[..., 1] = 0
        return out, rtype
    av, aq = stack(a, batch)
    word = flag(ctx)
    wg = _wg_size(n)
    cap = _fits(ctx, n * n, dtype.itemsize, wg) if n <= 64 else 0
    if n <= TINY:
        launch(ctx, TinySpec, dtype, [av, av, out, word], [aq, aq, oq], [count, 0], -(-count // 64), n=n, mode=mode)
    elif cap:
        launch(ctx, LUSpec, dtype, [av, av, out, word], [aq, aq, oq], [count, n, 0], count, cap=cap, mode=mode, wg=wg)
    else:
        w = reshape(av.copy() if av._shape == a._shape else a.copy(), (count, n, n))
        pivots = make_array(ctx, (count, n), uint32)
        blocked.getrf(w, n, pivots, word)
        launch(ctx, DetSpec, dtype, [w, pivots, out], [(0, n * n, n, 1), oq], [count, n], -(-count // 64), slog=slog)
    return out, rtype


def det(x: Any, /) -> Array:
    """The determinant of each square matrix of x (..., M, M): the product of LU's pivots (partial pivoting) kept
    as a mantissa and an exponent, so it overflows or underflows only where the determinant itself does (NumPy
    computes sign * exp(logdet), within a few ulps times log|det| of it)."""
    out, rtype = _determinant(x, False, "det")
    return finish(reshape(out, out._shape[:-1]), rtype)


def slogdet(x: Any, /) -> SlogdetResult:
    """The sign and natural log of the absolute value of the determinant of each square matrix of x (..., M, M),
    as NumPy's ``slogdet``: sign 0 and logabsdet -inf for a singular matrix, sign of modulus 1 for complex input.
    LU with partial pivoting; the log of the pivots' product (kept as mantissa and exponent) to rounding."""
    out, rtype = _determinant(x, True, "slogdet")
    sign = finish(out[..., 0].copy(), rtype)
    logabs = out[..., 1]
    logabs = logabs.real if logabs._dtype.kind == "c" else logabs
    return SlogdetResult(sign, finish(logabs.copy(), real_dtype(rtype)))


def cholesky(x: Any, /, *, upper: bool = False) -> Array:
    """The Cholesky factor L (lower triangular, x = L L^H; ``upper``: U = L^H, x = U^H U) of each Hermitian
    positive-definite matrix of x (..., M, M), read from its lower triangle as NumPy does. LinAlgError where a
    matrix is not positive definite (this reads a flag back: it waits for the GPU); a matrix holding NaN gets the
    NaN its factorization propagates instead, as NumPy's (OpenBLAS's ``potrf`` does not flag a NaN pivot).

    n <= 8: one thread per matrix; up to the shared memory's size: one workgroup per matrix; larger: right-looking
    blocked Cholesky (a panel kernel computing each block column of L, an invocation a row, then a ``gemm`` trailing
    update). The same operations as LAPACK's ``potrf`` in another order: within a few ulps times n of NumPy."""
    if not isinstance(upper, bool):
        raise TypeError(f"cholesky: upper must be a bool, got {type(upper).__name__}")
    a, rtype = matrices(x, "cholesky")
    word = flag(a._ctx)
    out = lower_factor(a, word)
    if a._size and raised(word) and not _failures_hold_nan(a, out):
        raise LinAlgError("cholesky: Matrix is not positive definite")
    if upper:
        out = conj(out.mT) if a._dtype.kind == "c" else out.mT.copy()
    return finish(out, rtype)


def _failures_hold_nan(a: Array, factor: Array) -> bool:
    """Whether every matrix of the stack a whose Cholesky factorization failed (a pivot <= 0 or NaN leaves its
    factor's diagonal not positive) holds a NaN (reads the answer back)."""
    from .elementwise import greater, isnan, logical_and, logical_not
    from .linalg_basic import diagonal
    from .reductions import any as _any

    failed = _any(logical_not(greater(diagonal(factor).real, 0)), axis=-1)
    holds_nan = _any(isnan(a), axis=(-2, -1))
    return not bool(_any(logical_and(failed, logical_not(holds_nan))))


def lower_factor(a: Array, word: Array) -> Array:
    """:func:`cholesky`'s L of each matrix of the stack a (..., n, n) in its compute dtype, without waiting for the
    GPU: a matrix that is not positive definite sets ``word`` (its L is then not meaningful)."""
    ctx, dtype, n = a._ctx, a._dtype, a._shape[-1]
    batch = a._shape[:-2]
    count = batch_of(batch)
    out, oq = new(ctx, a._shape, dtype)
    if count and n:
        av, aq = stack(a, batch)
        wg = _wg_size(n)
        cap = _fits(ctx, n * n, dtype.itemsize, wg) if n <= 64 else 0
        if n <= TINY:
            launch(ctx, TinySpec, dtype, [av, av, out, word], [aq, aq, oq], [count, 0], -(-count // 64), n=n,
                   mode="cholesky")
        elif cap:
            launch(ctx, CholSpec, dtype, [av, out, word], [aq, oq], [count, n], count, cap=cap, wg=wg)
        else:
            w = a.copy()
            blocked.potrf(reshape(w, (count, n, n)), word)
            out = tril(w)
    return out

