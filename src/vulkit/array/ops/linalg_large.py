"""QR, eigh and SVD of matrices too large for one workgroup's shared memory: one step per dispatch over the whole
stack (:mod:`vulkit.array.kernels.factorization_sweep`), in place on contiguous (batch, m, n) work arrays.

- QR: blocked Householder (compact WY): a panel of 32 columns of one large matrix on a grid of workgroups that
  meet once a column (:mod:`vulkit.array.kernels.factorization_house_grid`; on GPUs), elsewhere one reflector per
  dispatch (computed by every workgroup, applied to 32 of the panel's columns each); then the panel's T (LAPACK's
  ``larft``) and the rest of its block of ``QR_BLOCK`` columns updated by three ``gemm``; after each block its
  panels' Ts merged into one and the rest of the matrix updated by three ``gemm`` (a pass over it a block, not a
  panel); Q formed backwards from the identity, three ``gemm`` a block.
- eigh: the parallel two-sided Jacobi method, n - 1 rounds a sweep: on GPUs a whole sweep a dispatch on a grid of
  workgroups (:mod:`vulkit.array.kernels.factorization_jacobi_grid`), elsewhere two dispatches per round
  (rotations, then J^H A J and V J); after each sweep one flag is read back, until no pair rotates.
- SVD: one-sided Jacobi on R of a QR (tall matrices) or on the matrix, one dispatch per round (or a sweep a
  dispatch on the grid, ``SVD_GRID``); singular values are the final column norms.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..array import Array, make_array, view
from ..dtypes import uint32
from ..kernels.factorization import small_norm
from ..kernels.factorization_grid import FELL_BACK_FLAG, LOST_FLAG
from ..kernels.factorization_house_grid import MOST_GROUPS, GridHouseSpec, data_scalars, shared_bytes
from ..kernels.factorization_jacobi_grid import K_WORDS, STATE, EighSweepSpec, SVDSweepSpec
from ..kernels.factorization_sweep import COLUMNS, LANES, EighRoundSpec, HouseSpec, LarftSpec, SVDRoundSpec
from .creation import eye, ones, tril, triu, zeros
from .elementwise import abs as _abs
from .elementwise import conj, divide, floor_divide, greater, multiply, negative, sqrt, subtract, where
from .gather import take_along_axis
from .linalg_common import GRID_FELL_BACK, Launcher, flag, lost_grid, pow2, raised, shared_limit
from .manipulation import broadcast_to, expand_dims
from .reductions import max as _max
from .reductions import sum as _sum
from .sorting import argsort

SWEEPS = 30  # the most Jacobi sweeps (6 to 12 are usual)
JACOBI_GRID: bool | None = None  # eigh's sweeps on a grid of workgroups: None where the device allows (tests force)
# the grid's workgroups (fewer where the matrices have less work): on an H200, eigh of 512^2 float32 with 64, 256,
# 512 and 1024 took 119, 79, 70 and 68 ms (two dispatches a round: 170-176 ms)
JACOBI_GRID_GROUPS = 512
JACOBI_GRID_SPINS = 4096  # reads of the check-in counter before a sweep falls back to one workgroup
# svd's one-sided sweeps on the same grid (SVDSweepSpec): None where eigh's are (an H200, svd of 512^2 float32: 160-188
# ms with two dispatches a round, 134-137 on the grid)
SVD_GRID: bool | None = None


def _quad(x: Array) -> tuple[int, int, int, int]:
    """The operand of a (batch, rows, columns) view."""
    return (x._offset, *x._strides)


def diagonal_view(x: Array) -> Array:
    """The diagonals of a contiguous stack (batch, n, n) or (batch, m, n), a view (batch, min(m, n))."""
    batch, m, n = x._shape
    return view(x, (batch, min(m, n)), (x._strides[0], x._strides[1] + x._strides[2]), x._offset)


PANEL = 32  # columns of a QR panel: its reflectors are applied one by one within it, then as I - V T V^H
# columns (a multiple of PANEL) whose panels update only each other; the rest takes their reflectors at once (an
# H200, qr of 4096^2 float32 with 32 (a block a panel), 64, 128, 256: 93, 80, 74, 70 ms; of 2048^2: 41, 38, 34, 31)
QR_BLOCK = 256
QR_GRID: bool | None = None  # QR panels of one matrix on a grid of workgroups: None where the device allows (tests)
QR_GRID_GROUPS = 128  # the grid panel's workgroups (fewer where each would hold fewer than QR_GRID_LEAST_ROWS rows)
QR_GRID_LEAST_ROWS = 16
QR_GRID_SPINS = 4096  # reads of the check-in counter before a grid panel falls back to one workgroup


def _sub(x: Array, r0: int, r1: int, c0: int, c1: int) -> Array:
    """The view x[:, r0:r1, c0:c1] of a (batch, rows, columns) array."""
    s0, s1, s2 = x._strides
    return view(x, (x._shape[0], r1 - r0, c1 - c0), (s0, s1, s2), x._offset + r0 * s1 + c0 * s2)


def _h(x: Array) -> Array:
    """The conjugate transpose of a stack (a view for real dtypes)."""
    return conj(x).mT if x._dtype.kind == "c" else x.mT


def householder(w: Array, function: str = "qr") -> tuple[Array, Array, list[tuple[int, int, Array]]]:
    """Blocked Householder QR in place of the stack w (batch, m, n): afterwards its strict upper triangle is R's.
    Returns V (batch, m, k: the reflectors, unit diagonal, zero above), U (batch, 2, k: taus, then R's diagonal)
    and each block's (first column, last column + 1, T). ``function`` names the caller in a lost grid's error."""
    ctx, dtype = w._ctx, w._dtype
    batch, m, n = w._shape
    k = min(m, n)
    v = zeros((batch, m, k), dtype=dtype, device=_device(w))
    u = make_array(ctx, (batch, 2, k), dtype)
    step = Launcher(ctx, HouseSpec, dtype, [w, v, u], mode=0)
    grid = _HouseGrid(w, v, u) if _HouseGrid.allowed(w) else None
    panels = []
    for b0 in range(0, k, QR_BLOCK):
        b1 = min(b0 + QR_BLOCK, k)
        # the block's T: each panel's larft writes its diagonal block, the merges the blocks above it
        tb = zeros((batch, b1 - b0, b1 - b0), dtype=dtype, device=_device(w))
        for p0 in range(b0, b1, PANEL):
            p1 = min(p0 + PANEL, b1)
            if grid is not None and _house_rows(ctx, m - p0, dtype.itemsize) > 0:
                grid(p0, p1, p0 // PANEL)
            else:
                for j in range(p0, p1):
                    step([_quad(w), _quad(v), _quad(u)], [batch, m, p1, j], reflector_groups(batch, p1, j))
            t = panel_t(v, u, tb, b0, p0, p1)
            if p1 < b1:  # the block's other columns times H^H = I - V T^H V^H
                reflect(_sub(v, p0, m, p0, p1), _h(t), _sub(w, p0, m, p1, b1))
        panels.append((b0, b1, tb))
        if b1 < n:  # the rest of the matrix, by the block's reflectors at once
            reflect(_sub(v, b0, m, b0, b1), _h(tb), _sub(w, b0, m, b1, n))
    if grid is not None:
        raised(grid.word, function)
    return v, u, panels


def panel_t(v: Array, u: Array, tb: Array, b0: int, p0: int, p1: int) -> Array:
    """The rows and columns p0 - b0 .. p1 - b0 of the T (batch, b, b) of the block of reflectors that starts at
    column b0 (V (batch, m, k) and the taus U (batch, 2, k) of :func:`householder`), written in tb from the
    block's earlier panels' (LAPACK's forward ``larft`` a panel at a time: T_1p = -T_1 (V_1^H V_p) T_p); the
    panel's diagonal block of T, a view."""
    from .matmul import gemm, matmul

    ctx, dtype = v._ctx, v._dtype
    batch, m, _ = v._shape
    o, e = p0 - b0, p1 - b0
    # V_1^H V_p (the block's earlier panels), then V_p^H V_p; V_p's rows above p0 are zeros
    cross = matmul(_h(_sub(v, b0, m, b0, p1)), _sub(v, b0, m, p0, p1))
    t = _sub(tb, o, e, o, e)
    Launcher(ctx, LarftSpec, dtype, [cross, u, tb], nb=PANEL)(
        [_quad(_sub(cross, o, e, 0, e - o)), _quad(_sub(u, 0, 1, p0, p1)), _quad(t)], [batch, p1 - p0], batch)
    if o:
        gemm(matmul(_sub(tb, 0, o, 0, o), _sub(cross, 0, o, 0, e - o)), t, _sub(tb, 0, o, o, e), alpha=-1.0,
             beta=0.0)
    return t


def block_factors(v: Array, u: Array) -> list[tuple[int, int, Array]]:
    """Each block's (first column, last column + 1, T) of the reflectors V (batch, m, k) with taus U (batch, 2, k),
    as :func:`householder` returns them (for reflectors made elsewhere: the tridiagonal reduction's)."""
    batch, _, k = v._shape
    blocks = []
    for b0 in range(0, k, QR_BLOCK):
        b1 = min(b0 + QR_BLOCK, k)
        tb = zeros((batch, b1 - b0, b1 - b0), dtype=v._dtype, device=_device(v))
        for p0 in range(b0, b1, PANEL):
            panel_t(v, u, tb, b0, p0, min(p0 + PANEL, b1))
        blocks.append((b0, b1, tb))
    return blocks


def reflect(v: Array, t: Array, rest: Array) -> None:
    """rest = (I - V T V^H) rest = rest - V (T (V^H rest)), in place: a block of reflectors applied as compact WY
    (T^H for their product's conjugate transpose)."""
    from .matmul import gemm, matmul

    gemm(v, matmul(t, matmul(_h(v), rest)), rest, alpha=-1.0, beta=1.0)


def reflector_groups(batch: int, columns: int, j: int, lanes: int = LANES) -> int:
    """Workgroups of a :class:`HouseSpec` dispatch (of ``lanes`` lanes a column) for column j that updates the
    columns right of it of ``columns``."""
    return batch * max(1, math.ceil((columns - j - 1) / (COLUMNS * LANES // lanes)))


class _HouseGrid:
    """The QR panels of one large matrix on a grid of workgroups (:class:`GridHouseSpec`), with their state and
    sums' areas and flag word."""

    def __init__(self, w: Array, v: Array, u: Array) -> None:
        ctx = w._ctx
        m, n = w._shape[1:]
        self.w, self.v, self.u = w, v, u
        self.panels = math.ceil(min(m, n) / PANEL)
        # the most workgroups of any panel's grid (fewer rows may take more, smaller workgroups)
        self.slots = max(_house_groups(ctx, m - p0, w._dtype.itemsize) for p0 in range(0, min(m, n), PANEL))
        self.keys = zeros((self.panels + 2 * self.slots,), dtype=uint32, device=_device(w))
        self.sums = make_array(ctx, (data_scalars(self.slots, PANEL),), w._dtype)
        self.word = flag(ctx)

    @staticmethod
    def allowed(w: Array) -> bool:
        """Whether w's panels may run on a grid: one matrix, a GPU that allows Device-scope atomics and whose
        grids have not fallen back before (``QR_GRID`` overrides: the tests), the first panel's rows in shared
        memory."""
        from .scans import lookback_allowed

        ctx = w._ctx
        fits = w._shape[0] == 1 and _house_rows(ctx, w._shape[1], w._dtype.itemsize) > 0
        if QR_GRID is not None:
            return QR_GRID and fits
        return (fits and not ctx.on_cpu and ctx.index not in GRID_FELL_BACK
                and lookback_allowed(ctx))

    def __call__(self, p0: int, p1: int, panel: int) -> None:
        w, v, u = self.w, self.v, self.u
        ctx = w._ctx
        rows = w._shape[1] - p0
        per = _house_rows(ctx, rows, w._dtype.itemsize)
        groups = _house_groups(ctx, rows, w._dtype.itemsize)
        m = w._shape[1]
        launch = Launcher(ctx, GridHouseSpec, w._dtype, [w, v, u, self.word, self.keys, self.sums], nb=PANEL, rows=per)
        launch([_quad(_sub(w, p0, m, p0, p1)), _quad(_sub(v, p0, m, p0, p1)), _quad(_sub(u, 0, 2, p0, p1))],
               [rows, p1 - p0, groups, panel, self.panels, self.slots, QR_GRID_SPINS], groups)


def _house_groups(ctx: Any, rows: int, itemsize: int) -> int:
    """Workgroups of the QR grid panel of ``rows`` rows (0: no grid holds them)."""
    per = _house_rows(ctx, rows, itemsize)
    return math.ceil(rows / per) if per else 0


def _house_rows(ctx: Any, rows: int, itemsize: int) -> int:
    """Rows a workgroup of the QR grid panel holds: QR_GRID_GROUPS workgroups, at least QR_GRID_LEAST_ROWS rows
    each, fewer where shared memory cannot hold them (0: not even 8, or more than MOST_GROUPS workgroups)."""
    per = pow2(math.ceil(rows / QR_GRID_GROUPS), least=QR_GRID_LEAST_ROWS)
    while per >= 8 and shared_bytes(per, PANEL, itemsize, GridHouseSpec.wg) > shared_limit(ctx):
        per //= 2
    return per if per >= 8 and math.ceil(rows / per) <= MOST_GROUPS else 0


def form_q(v: Array, panels: list[tuple[int, int, Array]], q: int) -> Array:
    """The first q columns of H_1 ... H_k for the reflectors of :func:`householder` (batch, m, q), applied
    block by block from the last, each as I - V T V^H by ``gemm``."""
    batch, m, _ = v._shape
    out = broadcast_to(eye(m, q, dtype=v._dtype, device=_device(v)), (batch, m, q)).copy()
    apply_q(v, panels, out, identity=True)
    return out


def apply_q(v: Array, panels: list[tuple[int, int, Array]], x: Array, identity: bool = False) -> None:
    """x = H_1 ... H_k x in place (x (batch, m, c)), block by block from the last, each as I - V T V^H by
    ``gemm``; ``identity``: x starts as the identity's first c columns, so that a block leaves the columns left of
    its first alone."""
    m = v._shape[1]
    c = x._shape[2]
    for p0, p1, t in reversed(panels):
        reflect(_sub(v, p0, m, p0, p1), t, _sub(x, p0, m, p0 if identity else 0, c))


def qr(a: Array, q: int, rows: int, vectors: bool, function: str = "qr") -> tuple[Array | None, Array]:
    """(Q (batch, m, q) or None, R (batch, rows, n)) of the stack a (batch, m, n), which is left as it was
    (``function`` names the caller in errors)."""
    w = a.copy()
    v, u, panels = householder(w, function)
    r = triu(w[:, :rows, :], k=1)
    diagonal_view(r)[...] = u[:, 1, :rows]
    return (form_q(v, panels, q) if vectors else None), r


def _device(x: Array) -> Any:
    return x.device


def hermitian(a: Array, lower: bool) -> Array:
    """The Hermitian matrices of the stack a (batch, n, n) whole, from their lower or upper triangles (a new array;
    the diagonal's imaginary parts dropped)."""
    half = tril(a) if lower else triu(a)
    strict = tril(a, k=-1) if lower else triu(a, k=1)
    w = (half + (conj(strict) if a._dtype.kind == "c" else strict).mT).copy()
    if a._dtype.kind == "c":
        diagonal_view(w).imag[...] = 0
    return w


def eigh(a: Array, lower: bool, vectors: bool) -> tuple[Array, Array | None]:
    """Ascending eigenvalues (batch, n) and eigenvectors of the Hermitian stack a (batch, n, n), read from its
    lower or upper triangle, by the parallel Jacobi method."""
    ctx, dtype = a._ctx, a._dtype
    batch, n, _ = a._shape
    w = hermitian(a, lower)
    vrows = n if vectors else 0  # V's rows the rotations update
    vm = _start_vectors(a, n, vectors)
    size = sqrt(_sum(_abs(w) ** 2, axis=(-2, -1)))
    eps = float(np.finfo(dtype.component.np).eps)
    floor = (size * (eps * eps)).astype(dtype.component)
    if grid_allowed(ctx):
        w = _grid_sweeps(w, vm, floor, vrows)
    else:
        np2 = (n + 1) // 2
        params = make_array(ctx, (batch, 3, np2), dtype)
        word = flag(ctx)
        rotations = Launcher(ctx, EighRoundSpec, dtype, [w, vm, params, floor, word], mode=0)
        apply = Launcher(ctx, EighRoundSpec, dtype, [w, vm, params, floor, word], mode=1)
        operands = [_quad(w), _quad(vm), _quad(params)]

        def round_r(r: int) -> None:
            rotations(operands, [batch, n, r, vrows], math.ceil(batch * np2 / 64))
            apply(operands, [batch, n, r, vrows], math.ceil(batch * (np2 * np2 + np2 * vrows) / 64))

        _sweeps_by_rounds(word, n + (n & 1) - 1, round_r)
    values = diagonal_view(w).real if dtype.kind == "c" else diagonal_view(w)
    order = argsort(values, axis=-1, stable=True)
    values = take_along_axis(values, order, axis=-1)
    if not vectors:
        return values, None
    return values, take_along_axis(vm, expand_dims(order, axis=-2), axis=-1)


def _start_vectors(a: Array, n: int, vectors: bool) -> Array:
    """The stack of n x n matrices the Jacobi rotations accumulate into: identities where the vectors are wanted,
    else left unset (the kernels rotate none of its rows, ``vrows`` 0, but bind it)."""
    batch = a._shape[0]
    if not vectors:
        return make_array(a._ctx, (batch, n, n), a._dtype)
    return broadcast_to(eye(n, dtype=a._dtype, device=a.device), (batch, n, n)).copy()


def grid_allowed(ctx: Any) -> bool:
    """Whether eigh's sweeps run on a grid of workgroups (:class:`EighSweepSpec`): a GPU that allows Device-scope
    atomics, whose grid has not shrunk below 8 workgroups by falling back (``JACOBI_GRID`` overrides: the tests)."""
    from .scans import lookback_allowed

    if JACOBI_GRID is not None:
        return JACOBI_GRID
    return not ctx.on_cpu and _most_groups(ctx) >= 8 and lookback_allowed(ctx)


# workgroups a device's grid may have: halved where a sweep's grid fell back (not all resident at once), so a smaller
# GPU settles on what it holds (and below 8 takes the rounds as dispatches)
SWEEP_GROUPS: dict[int, int] = {}


def _most_groups(ctx: Any) -> int:
    return SWEEP_GROUPS.get(ctx.index, JACOBI_GRID_GROUPS)


def _grid_sweeps(w: Array, vm: Array, floor: Array, vrows: int) -> Array:
    """eigh's Jacobi sweeps on w and vm's first ``vrows`` rows, a sweep a dispatch: the array that holds the final
    matrix (w or its twin: the rounds alternate between them)."""
    ctx, dtype = w._ctx, w._dtype
    batch, n, _ = w._shape
    twin = make_array(ctx, w._shape, dtype)
    state = zeros((K_WORDS,), dtype=uint32, device=_device(w))
    np2 = (n + 1) // 2
    sweep = Launcher(ctx, EighSweepSpec, dtype, [w, twin, vm, floor, state])
    rounds = n + (n & 1) - 1

    def launch(groups: int, done: int) -> None:
        sweep([_quad(w), _quad(twin), _quad(vm)],
              [batch, n, groups, JACOBI_GRID_SPINS, done * rounds & 1, STATE, vrows], groups)

    done = _sweeps_on_grid(state, math.ceil(batch * (np2 * np2 + np2 * vrows) / 256), launch, "eigh")
    return twin if done * rounds & 1 else w


def _sweeps_by_rounds(word: Array, rounds: int, round_r: Any) -> None:
    """Sweeps of ``rounds`` rounds, ``round_r(r)`` recording round r, until one leaves the flag word 0 (no pair
    rotated)."""
    for _ in range(SWEEPS):
        word._ctx.stream.fill(word._alloc, 0, 4, 0)
        for r in range(rounds):
            round_r(r)
        if int(word.numpy()[0]) == 0:
            return


def _sweeps_on_grid(state: Array, work: int, launch: Any, function: str) -> int:
    """Sweeps until one rotates no pair, each ``launch(groups, sweeps done)`` on a grid of at most ``work``
    workgroups with its state words zeroed first; a sweep that fell back halves the device's grid
    (``SWEEP_GROUPS``). The number of sweeps run."""
    ctx = state._ctx
    for done in range(SWEEPS):
        groups = max(1, min(_most_groups(ctx), work))
        ctx.stream.fill(state._alloc, 0, 4 * K_WORDS, 0)
        launch(groups, done)
        word = int(state.numpy()[0])
        if word & LOST_FLAG:
            raise lost_grid(function)
        if word & FELL_BACK_FLAG:
            SWEEP_GROUPS[ctx.index] = max(1, groups // 2)
        if not word & 1:
            return done + 1
    return SWEEPS


def power_scaled(g: Array) -> tuple[Array, Array]:
    """The stack g (batch, m, n) times 2^-e each, e (batch,) int32 the exponent of max |g_ij| (frexp's: the largest
    modulus into [1/2, 1); 0 for a zero or non-finite matrix): exact, on the GPU, so that squares and Gram sums
    neither overflow nor underflow (a matrix of subnormal entries too, as LAPACK's drivers scale); and e."""
    from .numpy_bits import frexp

    big = _max(_abs(g), axis=(-2, -1))
    exponent = frexp(big)[1]
    return times_power_of_two(g, expand_dims(expand_dims(negative(exponent), axis=-1), axis=-1)), exponent


def times_power_of_two(x: Array, e: Array) -> Array:
    """x times 2^e (e int32, broadcasting against x) as two exact products by powers of two, each within x's range
    (2^e alone may not be: 2^139 for a float32 matrix of subnormal entries)."""
    from .numpy_bits import ldexp

    half = floor_divide(e, 2)
    one = ones((1,), dtype=x._dtype.component, device=_device(x))
    return multiply(multiply(x, ldexp(one, half)), ldexp(one, subtract(e, half)))


def svd(a: Array, vectors: bool) -> tuple[Array, Array | None, Array | None]:
    """(S descending (batch, n), U (batch, m, n) with zero columns where S is 0, V (batch, n, n)) of the stack
    a (batch, m, n), m >= n, by one-sided Jacobi (on R of a QR where m > n)."""
    ctx, dtype = a._ctx, a._dtype
    batch, m, n = a._shape
    q = None
    if m > n:
        q, g = qr(a, n, n, vectors, "svd")
    else:
        g = a.copy()
    rows = g._shape[1]
    g, exponent = power_scaled(g)  # so that the Gram sums neither overflow nor underflow
    vm = _start_vectors(a, n, vectors)
    np2 = (n + 1) // 2
    vrows = n if vectors else 0  # V's rows the rotations update
    if SVD_GRID if SVD_GRID is not None else grid_allowed(ctx):
        state = zeros((K_WORDS,), dtype=uint32, device=_device(g))
        sweep = Launcher(ctx, SVDSweepSpec, dtype, [g, vm, state])
        _sweeps_on_grid(state, batch * np2, lambda groups, _: sweep(
            [_quad(g), _quad(vm)], [batch, rows, n, groups, JACOBI_GRID_SPINS, STATE, vrows], groups), "svd")
    else:
        word = flag(ctx)
        step = Launcher(ctx, SVDRoundSpec, dtype, [g, vm, word])
        operands = [_quad(g), _quad(vm)]
        _sweeps_by_rounds(word, n + (n & 1) - 1, lambda r: step(operands, [batch, rows, n, r, vrows], batch * np2))
    norms = sqrt(_sum(_abs(g) ** 2, axis=-2))
    norms = where(greater(norms, small_norm(dtype.component)), norms, 0).astype(dtype.component)
    order = argsort(norms, axis=-1, descending=True, stable=True)
    norms = take_along_axis(norms, order, axis=-1)
    s = times_power_of_two(norms, expand_dims(exponent, axis=-1))
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


