"""QR, eigh and SVD of matrices too large for one workgroup's shared memory: one step per dispatch over the whole
stack (:mod:`vulkit.array.kernels.factorization_sweep`), in place on contiguous (batch, m, n) work arrays.

- QR: Householder, one reflector per dispatch (column j's reflector computed by every workgroup and applied to
  32 columns each), Q formed backwards from the identity: 2 min(m, n) dispatches.
- eigh: the parallel two-sided Jacobi method, two dispatches per round (rotations, then J^H A J and V J), n - 1
  rounds a sweep; after each sweep one flag is read back, until no pair rotates.
- SVD: one-sided Jacobi on R of a QR (tall matrices) or on the matrix, one dispatch per round; singular values are
  the final column norms.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..array import Array, make_array, view
from ..kernels.factorization import small_norm
from ..kernels.factorization_sweep import COLUMNS, EighRoundSpec, HouseSpec, SVDRoundSpec
from .creation import eye, tril, triu, zeros
from .elementwise import abs as _abs
from .elementwise import conj, divide, greater, multiply, sqrt, where
from .gather import take_along_axis
from .linalg_common import Launcher, flag
from .manipulation import broadcast_to, expand_dims
from .reductions import max as _max
from .reductions import sum as _sum
from .sorting import argsort

SWEEPS = 30  # the most Jacobi sweeps (6 to 12 are usual)


def _quad(x: Array) -> tuple[int, int, int, int]:
    """The operand of a (batch, rows, columns) view."""
    return (x._offset, *x._strides)


def diagonal_view(x: Array) -> Array:
    """The diagonals of a contiguous stack (batch, n, n) or (batch, m, n), a view (batch, min(m, n))."""
    batch, m, n = x._shape
    return view(x, (batch, min(m, n)), (x._strides[0], x._strides[1] + x._strides[2]), x._offset)


def householder(w: Array) -> tuple[Array, Array]:
    """Householder QR in place of the stack w (batch, m, n): afterwards its strict upper triangle is R's; returns V
    (batch, m, k: the reflectors, unit diagonal, zero above) and T (batch, 2, k: taus, then R's diagonal)."""
    ctx, dtype = w._ctx, w._dtype
    batch, m, n = w._shape
    k = min(m, n)
    v = zeros((batch, m, k), dtype=dtype, device=_device(w))
    t = make_array(ctx, (batch, 2, k), dtype)
    step = Launcher(ctx, HouseSpec, dtype, [w, v, t], mode=0)
    for j in range(k):
        step([_quad(w), _quad(v), _quad(t)], [batch, m, n, j], batch * max(1, math.ceil((n - j - 1) / COLUMNS)))
    return v, t


def form_q(v: Array, t: Array, q: int) -> Array:
    """The first q columns of H_1 ... H_k for the reflectors of :func:`householder` (batch, m, q)."""
    ctx, dtype = v._ctx, v._dtype
    batch, m, k = v._shape
    out = broadcast_to(eye(m, q, dtype=dtype, device=_device(v)), (batch, m, q)).copy()
    step = Launcher(ctx, HouseSpec, dtype, [out, v, t], mode=1)
    for j in reversed(range(k)):
        step([_quad(out), _quad(v), _quad(t)], [batch, m, q, j], batch * max(1, math.ceil((q - j) / COLUMNS)))
    return out


def qr(a: Array, q: int, rows: int, vectors: bool) -> tuple[Array | None, Array]:
    """(Q (batch, m, q) or None, R (batch, rows, n)) of the stack a (batch, m, n), which is left as it was."""
    w = a.copy()
    v, t = householder(w)
    r = triu(w[:, :rows, :], k=1)
    diagonal_view(r)[...] = t[:, 1, :rows]
    return (form_q(v, t, q) if vectors else None), r


def _device(x: Array) -> Any:
    return x.device


def eigh(a: Array, lower: bool, vectors: bool) -> tuple[Array, Array | None]:
    """Ascending eigenvalues (batch, n) and eigenvectors of the Hermitian stack a (batch, n, n), read from its
    lower or upper triangle, by the parallel Jacobi method."""
    ctx, dtype = a._ctx, a._dtype
    batch, n, _ = a._shape
    half = tril(a) if lower else triu(a)
    strict = tril(a, k=-1) if lower else triu(a, k=1)
    w = (half + (conj(strict) if dtype.kind == "c" else strict).mT).copy()
    if dtype.kind == "c":
        diagonal_view(w).imag[...] = 0
    vm = broadcast_to(eye(n, dtype=dtype, device=a.device), (batch, n, n)).copy()
    np2 = (n + 1) // 2
    params = make_array(ctx, (batch, 3, np2), dtype)
    size = sqrt(_sum(_abs(w) ** 2, axis=(-2, -1)))
    eps = float(np.finfo(dtype.component.np).eps)
    floor = (size * (eps * eps)).astype(dtype.component)
    word = flag(ctx)
    rotations = Launcher(ctx, EighRoundSpec, dtype, [w, vm, params, floor, word], mode=0)
    apply = Launcher(ctx, EighRoundSpec, dtype, [w, vm, params, floor, word], mode=1)
    operands = [_quad(w), _quad(vm), _quad(params)]
    n2 = n + (n & 1)
    for _ in range(SWEEPS):
        ctx.stream.fill(word._alloc, 0, 4, 0)
        for r in range(n2 - 1):
            rotations(operands, [batch, n, r], math.ceil(batch * np2 / 64))
            apply(operands, [batch, n, r], math.ceil(batch * (np2 * np2 + np2 * n) / 64))
        if int(word.numpy()[0]) == 0:
            break
    values = diagonal_view(w).real if dtype.kind == "c" else diagonal_view(w)
    order = argsort(values, axis=-1, stable=True)
    values = take_along_axis(values, order, axis=-1)
    if not vectors:
        return values, None
    return values, take_along_axis(vm, expand_dims(order, axis=-2), axis=-1)


def svd(a: Array, vectors: bool) -> tuple[Array, Array | None, Array | None]:
    """(S descending (batch, n), U (batch, m, n) with zero columns where S is 0, V (batch, n, n)) of the stack
    a (batch, m, n), m >= n, by one-sided Jacobi (on R of a QR where m > n)."""
    ctx, dtype = a._ctx, a._dtype
    batch, m, n = a._shape
    q = None
    if m > n:
        q, g = qr(a, n, n, vectors)
    else:
        g = a.copy()
    rows = g._shape[1]
    # scaled by a power of two near 1 / max |a_ij| (exact), so the Gram sums neither overflow nor underflow
    big = _max(_abs(g), axis=(-2, -1)).numpy().astype(np.float64)
    exponent = np.where((big > 0) & np.isfinite(big), np.frexp(np.where(big > 0, big, 1.0))[1], 0)
    scale = np.ldexp(1.0, -exponent).reshape(batch, 1, 1)
    g = multiply(g, _host(scale, ctx, dtype.component)).astype(dtype)
    vm = broadcast_to(eye(n, dtype=dtype, device=a.device), (batch, n, n)).copy()
    word = flag(ctx)
    step = Launcher(ctx, SVDRoundSpec, dtype, [g, vm, word])
    n2, np2 = n + (n & 1), (n + 1) // 2
    for _ in range(SWEEPS):
        ctx.stream.fill(word._alloc, 0, 4, 0)
        for r in range(n2 - 1):
            step([_quad(g), _quad(vm)], [batch, rows, n, r], batch * np2)
        if int(word.numpy()[0]) == 0:
            break
    norms = sqrt(_sum(_abs(g) ** 2, axis=-2))
    norms = where(greater(norms, small_norm(dtype.component)), norms, 0).astype(dtype.component)
    order = argsort(norms, axis=-1, descending=True, stable=True)
    norms = take_along_axis(norms, order, axis=-1)
    s = divide(norms, _host(scale.reshape(batch, 1), ctx, dtype.component))
    if not vectors:
        return s, None, None
    columns = expand_dims(order, axis=-2)
    g = take_along_axis(g, columns, axis=-1)
    positive = greater(norms, 0)
    u = multiply(g, expand_dims(where(positive, divide(1, where(positive, norms, 1)), 0), axis=-2).astype(dtype))
    if q is not None:
        from .matmul import matmul

        u = matmul(q, u)
    return s, u, take_along_axis(vm, columns, axis=-1)


def _host(values: np.ndarray, ctx: Any, dtype: Any) -> Array:
    from ..array import upload

    return upload(ctx, np.asarray(values, dtype=dtype.np))
