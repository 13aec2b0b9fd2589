"""Blocked factorizations of large matrices, in place on contiguous (batch, n, c) work arrays: right-looking LU
with partial pivoting and Cholesky, and the blocked back substitution of solve. Each block step is a few
dispatches over the whole stack (no host round trip, no loop over the stack's matrices): the panel or diagonal
block's kernel, a triangular solve with it, and the trailing update as one ``gemm`` on submatrix views.

LU takes blocks of ``tb`` (64) columns, so the trailing update is a rank-64 ``gemm`` (it reads and writes the
trailing matrix once per 64 columns). One matrix on a GPU factors each block of 64 rows or more in one dispatch on a
grid of workgroups (:class:`~vulkit.array.kernels.factorization_grid.GridPanelSpec`, ``GRID``); stacks, CPU
devices and the last short panels factor a block as two halves recursively down to the width of the register panel
(:class:`~vulkit.array.kernels.factorization_blocked.PanelSpec`: 8 to 32 columns, as many as about 64 registers per
invocation hold for the panel's height), one workgroup a matrix. Row interchanges are applied by the triangular
solve that follows them (one dispatch)."""

from __future__ import annotations

import math
from typing import Any

from ..array import Array, make_array, view
from ..dtypes import uint32
from ..kernels.factorization_blocked import (
    LASWP_COLUMNS,
    LASWP_MAX,
    TRSM_COLUMNS,
    CholPanelSpec,
    LaswpSpec,
    PanelSpec,
    TrsmSpec,
)
from ..kernels.factorization_grid import STATE_WORDS, GridPanelSpec, candidate_scalars, key_words
from .creation import tril, zeros
from .elementwise import add, conj
from .linalg_common import GRID_FELL_BACK, Launcher, max_invocations, pow2, shared_limit
from .moving import _copy_into
from .recording import run_recorded

CHOL_PANEL_THREADS = 128  # a Cholesky panel workgroup (or the most the device has): tb rows of A11, the rest of A21
CHOL_DEFER = 512  # Cholesky's column groups: each updates the columns right of it in one product (0: no groups)
CHOL_UNROLLED: bool | None = None  # the panel's steps written out: None on GPUs (tests force)
CHOL_WIDE = True  # the unrolled panel of a real dtype reads L11's rows from shared memory four scalars a load
GRID: bool | None = None  # LU panels of one matrix on a grid of workgroups: None where the device allows (tests force)
GRID_GROUPS = 64  # the grid panel's workgroups (fewer where each would hold fewer than GRID_LEAST_ROWS rows)
GRID_LEAST_ROWS = 32
GRID_MIN_ROWS = 64  # shorter panels go to the one-workgroup kernel
GRID_SPINS = 4096  # reads of the check-in counter before a grid panel falls back to one workgroup


def _quad(x: Array) -> tuple[int, int, int, int]:
    """The operand of a (batch, rows, columns) view."""
    return (x._offset, *x._strides)


def _corner(w: Array, r0: int, c0: int) -> tuple[int, int, int, int]:
    """The operand of the view w[:, r0:, c0:] (``_quad`` of a ``_sub`` view, without making the view: the blocked
    loops record a dispatch in about as long as two views take to make)."""
    s0, s1, s2 = w._strides
    return (w._offset + r0 * s1 + c0 * s2, s0, s1, s2)


def _subtract_product(a: Array, b: Array, c: Array, band: int = 0) -> None:
    """c -= a @ b for views of one dtype, as ``gemm`` computes it (``band``: as gemm's) without its argument checks,
    and real products of more than a few rows and columns straight to the tiled kernel's launch (the checks and
    path choices cost ~3 µs of a block step's host time, about what the GPU takes for a late step)."""
    from .matmul import SKINNY_ROWS, _batch_axes, _launch, _product

    m, n = c._shape[-2:]
    if c._dtype.kind == "f" and a._shape[-1] and c._strides[-1] == 1 and min(m, n) > SKINNY_ROWS:
        batch = _batch_axes(a, b, c)
        if batch is not None:
            _launch(a, b, c, batch, -1.0, 1.0, True, band=band)
            return
    _product(a, b, c, -1.0, 1.0, True, band)


def _recording_key(name: str, arrays: list[Array], launcher: Launcher, *extra: Any) -> tuple[Any, ...] | None:
    """The key under which a blocked loop's dispatches are kept (:func:`~.recording.run_recorded`): the arrays'
    layouts, the kernel's spec, the settings the loop's steps depend on (block order, invocations, this module's
    constants: tests change them), the matmul tiles' state and ``extra``; None where the kernels take buffer
    addresses (the push constants then hold the allocations themselves)."""
    from .tuning import state

    if launcher.addresses:
        return None
    ctx, first = arrays[0]._ctx, arrays[0]
    settings = (block_sizes(ctx, first._dtype.itemsize), max_invocations(ctx), GRID, GRID_GROUPS, GRID_LEAST_ROWS,
                GRID_MIN_ROWS, GRID_SPINS, CHOL_PANEL_THREADS, CHOL_UNROLLED, CHOL_DEFER, CHOL_WIDE)
    return (name, *((a._shape, a._strides, a._offset, a._dtype) for a in arrays), launcher.kernel.spec, settings,
            state(), *extra)


def _sub(w: Array, r0: int, r1: int, c0: int, c1: int) -> Array:
    """The view w[:, r0:r1, c0:c1] of a contiguous (batch, n, c) array (without the indexing machinery)."""
    s0, s1, s2 = w._strides
    return view(w, (w._shape[0], r1 - r0, c1 - c0), (s0, s1, s2), w._offset + r0 * s1 + c0 * s2)


def block_sizes(ctx: Any, itemsize: int) -> int:
    """The order of diagonal blocks in triangular solves, Cholesky and LU's blocks: one in shared memory (half of it
    at most)."""
    tb = 64
    while tb > 8 and tb * tb * itemsize > shared_limit(ctx) // 2:
        tb //= 2
    return tb


def panel_geometry(ctx: Any, m: int, itemsize: int, tb: int) -> tuple[int, int, int]:
    """(invocations, rows per invocation, columns) of the LU panel kernel for m rows: each invocation holds its
    rows of the panel in registers, about 64 words (the most a 1024-invocation workgroup gets on NVIDIA's GPUs
    without spilling much), at least 8 columns and at most one per invocation (the kernel's invocation j holds
    row j)."""
    wg = min(1024, max_invocations(ctx), max(64, pow2(m)))
    rmax = pow2(math.ceil(m / wg))
    nb = min(wg, max(8, min(32, tb, 64 // (rmax * max(1, itemsize // 4)))))
    return wg, rmax, nb


class _Kernels:
    """The prepared kernels of one factorization of w (created once, recorded at every step)."""

    def __init__(self, w: Array, tb: int, *extra: Array) -> None:
        self.w, self.tb, self.extra = w, tb, extra
        self.cache: dict[Any, Launcher] = {}

    def get(self, spec_type: Any, buffers: list[Array], **options: Any) -> Launcher:
        key = (spec_type, tuple(options.items()))
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = Launcher(self.w._ctx, spec_type, self.w._dtype, buffers, **options)
        return found

    def trsm(self, t: Array, b: Array, lower: bool, unit: bool, conj_b: bool = False, pivots: Array | None = None,
             pn: int = 0, pk: int = 0) -> None:
        """B := T^-1 B for views T (kb x kb) and B (kb x ncols, its columns reaching further down) of w; with
        ``pivots``, after B's rows were exchanged as pivots pk .. pk + kb - 1 say (``pn`` per matrix)."""
        batch, kb, ncols = b._shape
        if ncols:
            buffers = [self.w, self.w] + ([pivots] if pivots is not None else [])
            launch = self.get(TrsmSpec, buffers, nb=self.tb, lower=lower, unit=unit, conj=conj_b,
                              swap=pivots is not None, **trsm_options(self.w._ctx))
            groups = batch * math.ceil(ncols / launch.kernel.spec.columns)
            launch([_quad(t), _quad(b)], [batch, kb, ncols, pn, pk], groups)


class _GridPanel:
    """The LU panels of one large matrix on a grid of workgroups
    (:class:`~vulkit.array.kernels.factorization_grid.GridPanelSpec`), with their state and candidate areas."""

    def __init__(self, kernels: _Kernels, k: int, pivots: Array, word: Array) -> None:
        w = kernels.w
        self.kernels, self.pivots, self.word = kernels, pivots, word
        m = w._shape[1]
        self.slots = -(-m // 8)
        self.panels = -(-k // kernels.tb)
        self.keys = zeros((STATE_WORDS * self.panels + key_words(self.slots),), dtype=uint32, device=w.device)
        self.candidates = make_array(w._ctx, (candidate_scalars(self.slots, kernels.tb),), w._dtype)

    @staticmethod
    def allowed(w: Array, tb: int) -> bool:
        """Whether w's panels may run on a grid: one matrix, a GPU that allows Device-scope atomics and has
        subgroups of 8 or more (a row's invocations share one), whose grids have not fallen back before, and the
        rows of the shortest grid's workgroup in shared memory."""
        from .scans import lookback_allowed

        ctx = w._ctx
        if GRID is not None:
            return GRID and w._shape[0] == 1 and _grid_rows(ctx, w._shape[1], w._dtype.itemsize, tb) > 0
        return (w._shape[0] == 1 and w._shape[1] >= GRID_MIN_ROWS and not ctx.on_cpu
                and ctx.index not in GRID_FELL_BACK and lookback_allowed(ctx)
                and ctx.device.physical.min_subgroup_size >= 8
                and _grid_rows(ctx, w._shape[1], w._dtype.itemsize, tb) > 0)

    def __call__(self, k0: int, kb: int, panel: int) -> None:
        w, tb = self.kernels.w, self.kernels.tb
        rows = w._shape[1] - k0
        per = _grid_rows(w._ctx, rows, w._dtype.itemsize, tb)
        groups = -(-rows // per)
        launch = self.kernels.get(GridPanelSpec, [w, self.pivots, self.word, self.keys, self.candidates], nb=tb,
                                  rows=per)
        launch([_corner(w, k0, k0)],
               [rows, kb, k0, groups, STATE_WORDS * panel, STATE_WORDS * self.panels, self.slots, GRID_SPINS], groups)


def _grid_rows(ctx: Any, rows: int, itemsize: int, tb: int) -> int:
    """Rows a workgroup of the grid panel holds: GRID_GROUPS workgroups, at least GRID_LEAST_ROWS rows each, fewer
    where shared memory cannot hold them (0: not even 8, or more workgroups than a workgroup has invocations to read
    their keys)."""
    per = pow2(math.ceil(rows / GRID_GROUPS), least=GRID_LEAST_ROWS)
    while per >= 8 and _grid_shared(per, itemsize, tb) > shared_limit(ctx):
        per //= 2
    return per if per >= 8 and math.ceil(rows / per) <= GridPanelSpec.wg else 0


def _grid_shared(per: int, itemsize: int, tb: int) -> int:
    """Bytes of shared memory the grid panel takes with ``per`` rows a workgroup (its rows padded, the pivot's and
    the diagonal row, the reductions' words)."""
    return (per * (tb + 1) + 2 * tb) * itemsize + 2 * 4 * GridPanelSpec.wg + 16


def _lanes(ctx: Any) -> int:
    """The lanes the triangular solve sizes its registers for: the device's smallest subgroup, at most 8 (the size
    measured on an H100, whose subgroups are 32: registers for 8 rows a lane, 2 of them used)."""
    return max(1, min(8, int(ctx.device.physical.min_subgroup_size)))


def trsm_options(ctx: Any) -> dict[str, int]:
    """The triangular solve kernel's sizes on this device: registers for ``_lanes`` lanes, and a subgroup for each
    of a workgroup's columns (an H200: 512 invocations for 16 columns, 17 µs a 64 x 64 block against 4096 columns
    where 256 took 23, probe_trsm.py)."""
    subgroup = max(1, int(ctx.device.physical.subgroup_size))  # a whole one at least: its lanes hold the rows
    return {"lanes": _lanes(ctx), "wg": max(subgroup, min(max_invocations(ctx), TRSM_COLUMNS * subgroup))}


def getrf(w: Array, k: int, pivots: Array, word: Array, whole_l: bool = False) -> None:
    """LU with partial pivoting (LAPACK's pivots) of the first k columns of each (m x c) matrix of w (k <= m: all of
    a square or tall matrix, or the first m columns of a wide one), the row interchanges and the elimination also
    applied to the columns right of them (the rest of a wide matrix's U, or the right-hand sides of solve).
    ``pivots`` (batch, k, uint32) gets the row each row was exchanged with; an exact zero pivot sets ``word``.
    The columns of L left of a block get later blocks' interchanges only where ``whole_l`` (LAPACK's L, for
    ``lu_factor``; solve and det do not read them)."""
    ctx = w._ctx
    batch, m, cols = w._shape
    itemsize = w._dtype.itemsize
    tb = block_sizes(ctx, itemsize)
    kernels = _Kernels(w, tb)
    swap = kernels.get(LaswpSpec, [w, pivots])

    def interchange(k0: int, count: int, c0: int, c1: int) -> None:
        """Columns c0 .. c1 - 1 get the interchanges of pivots k0 .. k0 + count - 1 (LASWP_MAX a dispatch)."""
        for j in range(k0, k0 + count, LASWP_MAX):
            swap([_corner(w, j, c0)], [batch, min(LASWP_MAX, k0 + count - j), c1 - c0, k, j],
                 batch * math.ceil((c1 - c0) / LASWP_COLUMNS))

    def factor(k0: int, width: int) -> None:
        """The columns k0 .. k0 + width - 1 (rows k0 ..), interchanges applied to the columns right of them up
        to the block's end only (the caller applies them further)."""
        rows = m - k0
        wg, rmax, nb = panel_geometry(ctx, rows, itemsize, tb)
        if width <= nb:
            launch = kernels.get(PanelSpec, [w, pivots, word], nb=nb, rmax=rmax, wg=wg)
            launch([_corner(w, k0, k0)], [batch, rows, width, k, k0], batch)
            return
        left = width // 2
        factor(k0, left)
        _eliminate(kernels, w, k, pivots, k0, left, k0 + left, k0 + width)
        factor(k0 + left, width - left)
        interchange(k0 + left, width - left, k0, k0 + left)

    grid = _GridPanel(kernels, k, pivots, word) if _GridPanel.allowed(w, tb) else None

    def steps() -> None:
        for panel, k0 in enumerate(range(0, k, tb)):
            kb = min(tb, k - k0)
            if grid is not None and (m - k0 >= GRID_MIN_ROWS or GRID):
                grid(k0, kb, panel)
            else:
                factor(k0, kb)
            if whole_l and k0:
                interchange(k0, kb, 0, k0)
            if k0 + kb < cols:
                _eliminate(kernels, w, k, pivots, k0, kb, k0 + kb, cols)

    roles = (w._alloc, pivots._alloc, word._alloc) + ((grid.keys._alloc, grid.candidates._alloc) if grid else ())
    key = _recording_key("getrf", [w, pivots], swap, k, whole_l, grid is not None, GRID) \
        if w._dtype.kind != "c" else None
    run_recorded(ctx, key, roles, steps)


def getrs(w: Array, n: int, pivots: Array) -> None:
    """X := A^-1 X for the LU factors of ``getrf(whole_l=True)`` in w's first n columns (its ``pivots``) and X the
    columns right of them, as LAPACK's ``getrs``: every interchange applied to X first (``LASWP_MAX`` pivots a
    dispatch, in order), then the solves with L (unit lower) and U. (L's rows are in their final order, so the
    interchanges cannot be interleaved with L's blocks as ``getrf`` does with solve's right-hand sides.)"""
    batch, _, cols = w._shape
    if cols == n:
        return
    swap = Launcher(w._ctx, LaswpSpec, w._dtype, [w, pivots])
    for k0 in range(0, n, LASWP_MAX):
        swap([_corner(w, k0, n)], [batch, min(LASWP_MAX, n - k0), cols - n, n, k0],
             batch * math.ceil((cols - n) / LASWP_COLUMNS))
    triangular_solve(_sub(w, 0, n, 0, n), _sub(w, 0, n, n, cols), lower=True, unit=True)
    back_substitute(w, n)


def _eliminate(kernels: _Kernels, w: Array, k: int, pivots: Array, k0: int, kb: int, c0: int, c1: int) -> None:
    """Columns c0 .. c1 - 1 of w: the interchanges of pivots k0 .. k0 + kb - 1 (of k a matrix), rows k0 .. k0 + kb - 1
    := L11^-1 times them, then the rows below less L21 times those rows (one ``gemm``)."""
    m = w._shape[1]
    kernels.trsm(_sub(w, k0, k0 + kb, k0, k0 + kb), _sub(w, k0, k0 + kb, c0, c1), lower=True, unit=True,
                 pivots=pivots, pn=k, pk=k0)
    if k0 + kb < m:
        _subtract_product(_sub(w, k0 + kb, m, k0, k0 + kb), _sub(w, k0, k0 + kb, c0, c1), _sub(w, k0 + kb, m, c0, c1))


def back_substitute(w: Array, n: int) -> None:
    """X := U^-1 X for the upper triangle U of w's first n columns and X its other columns."""
    triangular_solve(_sub(w, 0, n, 0, n), _sub(w, 0, n, n, w._shape[2]), lower=False, unit=False)


def triangular_solve(t: Array, x: Array, lower: bool, unit: bool) -> None:
    """X := T^-1 X in place for the ``lower`` (else upper) triangle of each (n x n) matrix of t (batch, n, n) and x
    (batch, n, k), views with unit column strides (of one array or two), recursively: the rows of the first half (of
    the second, for an upper triangle) solved, the other half's rows less their product with T's off-diagonal block
    (one ``gemm``), then those rows solved; halves of at most one diagonal block (``block_sizes``) by a triangular
    solve kernel (the ``unit`` diagonal taken as ones). Halving keeps the products' inner dimension large (a rank-64
    update at every block would read and write the rows below it n / 64 times). Only T's triangle is read."""
    batch, n, k = x._shape
    if not (batch and n and k):
        return
    tb = block_sizes(x._ctx, x._dtype.itemsize)
    solve = Launcher(x._ctx, TrsmSpec, x._dtype, [t, x], nb=tb, lower=lower, unit=unit, conj=False, swap=False,
                     **trsm_options(x._ctx))
    key = _recording_key("trsm", [t, x], solve, t._alloc is x._alloc) if x._dtype.kind != "c" else None
    run_recorded(x._ctx, key, (t._alloc, x._alloc), lambda: _solve_rows(t, x, 0, n, tb, lower, solve))


def _solve_rows(t: Array, x: Array, r0: int, r1: int, tb: int, lower: bool, solve: Launcher) -> None:
    """Rows r0 .. r1 - 1 of X := T^-1 X (see :func:`triangular_solve`), their own diagonal block of T only."""
    batch, _, k = x._shape
    if r1 - r0 <= tb:
        solve([_corner(t, r0, r0), _corner(x, r0, 0)], [batch, r1 - r0, k, 0, 0],
              batch * math.ceil(k / solve.kernel.spec.columns))
        return
    mid = r0 + -(-(r1 - r0) // (2 * tb)) * tb  # the first half a whole number of blocks
    first, second = ((r0, mid), (mid, r1)) if lower else ((mid, r1), (r0, mid))
    _solve_rows(t, x, *first, tb, lower, solve)
    _subtract_product(_sub(t, *second, *first), _sub(x, *first, 0, k), _sub(x, *second, 0, k))
    _solve_rows(t, x, *second, tb, lower, solve)


def _mirror_diagonal_blocks(w: Array, tb: int) -> None:
    """The strict lower triangle of each diagonal tb x tb block of the stack w (batch, n, n; the last block
    smaller) conjugated into its upper one: the only part of the upper triangle that :func:`potrf` reads."""
    batch, n, _ = w._shape
    s0, s1, s2 = w._strides
    full = n // tb
    blocks = [view(w, (batch, full, tb, tb), (s0, tb * (s1 + s2), s1, s2), w._offset)] if full else []
    if n % tb:
        blocks.append(_sub(w, full * tb, n, full * tb, n))
    for block in blocks:
        lower = tril(block, k=-1)
        _copy_into(block, add(tril(block), conj(lower).mT if w._dtype.kind == "c" else lower.mT))


def potrf(w: Array, word: Array) -> None:
    """Blocked Cholesky of each matrix of w (lower triangle read, L written there; the upper triangle is left with
    intermediate values), two dispatches a block column: the panel kernel (L11 and L21 = A21 L11^-H,
    :class:`~vulkit.array.kernels.factorization_blocked.CholPanelSpec`), then A22 -= L21 L21^H by ``gemm`` over the
    lower triangle and the band of diagonal blocks (``band``: the panel reads A11 from its upper triangle, kept
    Hermitian there; the rest of the upper triangle is neither read nor made Hermitian). Right-looking within
    groups of ``CHOL_DEFER`` columns: a block column updates only the columns of its group, and each group the
    columns right of it in one product of inner dimension ``CHOL_DEFER`` (rank-64 updates would read and write the
    whole trailing matrix every 64 columns). L's diagonal is written at the end. A pivot <= 0 sets ``word``."""
    ctx = w._ctx
    batch, n, _ = w._shape
    tb = block_sizes(ctx, w._dtype.itemsize)
    kernels = _Kernels(w, tb)
    complex_ = w._dtype.kind == "c"
    _mirror_diagonal_blocks(w, tb)
    diagonal = make_array(ctx, (batch, n), w._dtype)
    # written-out steps keep the row in a GPU's registers; a CPU's compiler (lavapipe's LLVM) takes a minute on them
    unrolled = not ctx.on_cpu if CHOL_UNROLLED is None else CHOL_UNROLLED
    options = {"wg": min(CHOL_PANEL_THREADS, max_invocations(ctx)), "unrolled": unrolled,
               "wide": CHOL_WIDE and unrolled and not complex_}
    panel = kernels.get(CholPanelSpec, [w, diagonal, word], nb=tb, **options)

    def groups(k1: int) -> int:  # the panel's workgroups a matrix, for the block column ending at k1
        return max(1, math.ceil((n - k1) / panel.kernel.spec.rows))

    def update(k0: int, k1: int, c1: int) -> None:  # A[k1:, k1:c1] -= L[k1:, k0:k1] L[k1:c1, k0:k1]^H
        l21 = _sub(w, k1, c1, k0, k1)
        _subtract_product(_sub(w, k1, n, k0, k1), conj(l21).mT if complex_ else l21.mT, _sub(w, k1, n, k1, c1),
                          band=tb)

    step = max(tb, CHOL_DEFER // tb * tb) if CHOL_DEFER else n

    def steps() -> None:
        for d0 in range(0, n, step):
            d1 = min(d0 + step, n)
            for k0 in range(d0, d1, tb):
                k1 = min(k0 + tb, n)
                panel([_corner(w, k0, k0)], [batch, n - k0, k1 - k0, n, k0], batch * groups(k1))
                if k1 < d1:
                    update(k0, k1, d1)
            if d1 < n:
                update(d0, d1, n)

    key = _recording_key("potrf", [w], panel, step) if not complex_ else None
    run_recorded(ctx, key, (w._alloc, diagonal._alloc, word._alloc), steps)
    s0, s1, s2 = w._strides
    _copy_into(view(w, (batch, n), (s0, s1 + s2), w._offset), diagonal)
