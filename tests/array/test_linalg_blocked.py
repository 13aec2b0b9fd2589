"""The blocked LU's kernels one at a time against NumPy, and its factors, at the panel geometries GPUs take (several
rows per invocation, few subgroups per workgroup). A failure here names the kernel at fault, where a wrong solve
only says that one of them is: the register panel (pivot search across subgroups, row exchange, elimination),
the triangular solve with row interchanges, or how the blocked driver chains them (interchanges applied left and
right of each panel, the trailing updates)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from array_helpers import standard_normal

import vulkit as vt
from vulkit.array.kernels.factorization_blocked import PanelSpec
from vulkit.array.ops import linalg_blocked

DTYPES = ["float32", "float64", "complex64", "complex128"]


def _wide(dtype: str) -> str:
    return "complex128" if np.dtype(dtype).kind == "c" else "float64"


def _tol(dtype: str, n: int) -> float:
    return 40 * max(n, 1) * float(np.finfo(np.dtype(dtype)).eps)


def _bound(dtype: str) -> float:
    """The largest |L| partial pivoting allows: 1 (a few ulps over where the division is inexact); complex pivots
    are the largest in |re| + |im|, as LAPACK's, so |L| <= sqrt(2)."""
    return (math.sqrt(2) if np.dtype(dtype).kind == "c" else 1.0) * (1 + 8 * float(np.finfo(np.dtype(dtype)).eps))


def _check_factors(a: np.ndarray, lu: np.ndarray, pivots: np.ndarray, dtype: str, tb: int | None = None) -> None:
    """P A = L U for each matrix of a (m x k, m >= k): L below lu's diagonal (unit diagonal), U on and above it,
    P the row exchanges j <-> pivots[j] in order. ``tb``: the blocked driver's block order (the columns of L left of
    a block did not get that block's exchanges, as solve and det need not). Checks |L| too: a pivot that is not the
    column's largest shows there (the factors may still multiply back to P A)."""
    m, k = a.shape[-2:]
    for bt in range(a.shape[0]):
        p = pivots[bt].astype(np.int64)
        assert np.all((p >= np.arange(k)) & (p < m)), p
        pa = a[bt].astype(_wide(dtype))
        low = np.tril(lu[bt].astype(_wide(dtype)), -1)[:, :k]
        for j in range(k):
            pa[[j, p[j]]] = pa[[p[j], j]]
            if tb is not None:
                left = j // tb * tb
                low[[j, p[j]], :left] = low[[p[j], j], :left]
        l_factor = low + np.eye(m, k)
        u_factor = np.triu(lu[bt, :k, :k].astype(_wide(dtype)))
        growth = max(1.0, float(np.abs(u_factor).max()) / float(np.abs(a[bt]).max()))
        residual = float(np.abs(pa - l_factor @ u_factor).max())
        assert residual <= _tol(dtype, m) * growth * float(np.abs(a[bt]).max()), (bt, residual)
        assert float(np.abs(low).max()) <= _bound(dtype), (bt, float(np.abs(low).max()))


def _panel(a: np.ndarray, wg: int, rmax: int, nb: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The panel kernel of geometry (wg, rmax, nb) on the stack a (batch, m, k): the factors, pivots, flag word."""
    batch, m, k = a.shape
    w = vt.asarray(a)
    pivots = vt.zeros((batch, k), dtype=vt.uint32)
    word = vt.zeros((1,), dtype=vt.uint32)
    launch = linalg_blocked._Kernels(w, 64).get(PanelSpec, [w, pivots, word], nb=nb, rmax=rmax, wg=wg)
    launch([linalg_blocked._quad(w)], [batch, m, k, k, 0], batch)
    return w.numpy(), pivots.numpy(), int(word.numpy()[0])


# (invocations, rows per invocation, columns, rows): 2 subgroups of 32 on NVIDIA's GPUs (of 8 on lavapipe) with 4
# and 2 rows each and with 1 (fewer rows than invocations); one invocation per column; the default geometry's
PANELS = [(64, 4, 16, 150), (64, 2, 32, 120), (64, 1, 32, 50), (16, 16, 8, 150), (256, 1, 32, 150)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("wg", "rmax", "nb", "m"), PANELS)
def test_panel_kernel_factors(dtype, wg, rmax, nb, m):
    """One panel, all its columns and two fewer: LAPACK's pivots (the largest in each column, the first of equals)
    and factors within rounding of P A."""
    for k in (nb, nb - 2):
        a = standard_normal((2, m, k), dtype, m + k)
        lu, pivots, word = _panel(a, wg, rmax, nb)
        assert word == 0
        _check_factors(a, lu, pivots, dtype)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_panel_kernel_ties_and_zero_columns(dtype):
    """Small integers (many equal magnitudes: the first row of the largest wins, in every subgroup and across
    them) and an all-zero column (LAPACK keeps its diagonal row and sets the flag)."""
    rng = np.random.default_rng(5)
    a = rng.integers(-2, 3, (2, 150, 16)).astype(dtype)
    a[1, :, 5] = 0
    lu, pivots, word = _panel(a, 64, 4, 16)
    assert word == 1
    assert pivots[1, 5] == 5
    ties = a[0, :, 0]
    assert pivots[0, 0] == int(np.flatnonzero(np.abs(ties) == np.abs(ties).max())[0])
    _check_factors(a[:1], lu[:1], pivots[:1], dtype)


def test_panel_geometry_keeps_a_column_per_invocation():
    with pytest.raises(ValueError, match="PanelSpec"):
        PanelSpec(vt.float32, False, nb=32, rmax=1, wg=16)


def _grid_order(dtype: str) -> tuple[int, int]:
    """(the block order, the most rows a workgroup of the grid panel holds) on this device."""
    ctx = vt.asarray(np.zeros(1))._ctx
    itemsize = np.dtype(dtype).itemsize
    tb = linalg_blocked.block_sizes(ctx, itemsize)
    limit = linalg_blocked.shared_limit(ctx)
    most = max(r for r in range(8, 513) if linalg_blocked._grid_shared(r, itemsize, tb) <= limit)
    return tb, most


def _grid_panel(a: np.ndarray, rows: int, spins: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The grid panel kernel on one matrix a (1, m, k), each workgroup holding ``rows`` rows, the check-in giving up
    after ``spins`` reads: the factors, pivots and flag word."""
    from vulkit.array.kernels.factorization_grid import STATE_WORDS, GridPanelSpec, candidate_scalars, key_words

    _, m, k = a.shape
    tb, _ = _grid_order(str(a.dtype))
    groups = -(-m // rows)
    w = vt.asarray(a)
    pivots = vt.zeros((1, k), dtype=vt.uint32)
    word = vt.zeros((1,), dtype=vt.uint32)
    keys = vt.zeros((STATE_WORDS + key_words(groups),), dtype=vt.uint32)
    candidates = vt.zeros((candidate_scalars(groups, tb),), dtype=a.dtype)
    launch = linalg_blocked._Kernels(w, tb).get(GridPanelSpec, [w, pivots, word, keys, candidates], nb=tb, rows=rows)
    launch([linalg_blocked._quad(w)], [m, k, 0, groups, 0, STATE_WORDS, groups, spins], groups)
    return w.numpy(), pivots.numpy(), int(word.numpy()[0])


def _lapack_pivots(a: np.ndarray) -> np.ndarray:
    """LAPACK's pivots of a (m x k, m >= k): partial pivoting in float64, the first row of the largest |re| + |im|."""
    x = a.astype(_wide(str(a.dtype)))
    m, k = x.shape
    pivots = np.zeros(k, np.int64)
    for j in range(k):
        p = j + int(np.argmax(np.abs(x[j:, j].real) + np.abs(x[j:, j].imag)))
        pivots[j] = p
        x[[j, p]] = x[[p, j]]
        if x[j, j] != 0:
            x[j + 1:, j] /= x[j, j]
            x[j + 1:, j + 1:] -= np.outer(x[j + 1:, j], x[j, j + 1:])
    return pivots


def _waiting_spins() -> int:
    """Check-in reads for workgroups that wait for each other: on a GPU, enough for all to check in; on a CPU device
    none (lavapipe runs two workgroups at a time and ends any loop after 65535 iterations as if it had finished,
    so a grid of several workgroups waiting on each other there is lost or falls back by chance)."""
    return 0 if vt.asarray(np.zeros(1))._ctx.device.physical.type == "cpu" else 4096


# (workgroups, check-in reads): one workgroup (the grid path without a partner: it never waits), ten that give up at
# once (spins 0: the first to check in factors alone) or wait for each other (on a GPU)
GRIDS = [(1, 4096), (10, 0), (10, _waiting_spins())]


def _grid_shape(dtype: str, groups: int) -> tuple[int, int]:
    """(rows, rows a workgroup) of a panel that ``groups`` workgroups hold."""
    _, most = _grid_order(dtype)
    m = min(150, groups * most)
    return m, -(-m // groups)


def _fell_back(groups: int, spins: int) -> int:
    """The flag word's fell-back bit as the grid panel must have set it: where the workgroups give up at once."""
    from vulkit.array.kernels.factorization_grid import FELL_BACK_FLAG

    return FELL_BACK_FLAG if spins == 0 else 0


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("groups", "spins"), GRIDS)
def test_grid_panel_kernel_factors(dtype, groups, spins):
    """The grid panel, all its columns and fewer: LAPACK's pivots and factors within rounding of P A, whichever
    workgroups take part."""
    tb, _ = _grid_order(dtype)
    m, rows = _grid_shape(dtype, groups)
    for k in (tb, tb - 3):
        a = standard_normal((1, m, k), dtype, m + k)
        lu, pivots, word = _grid_panel(a, rows, spins)
        assert word == _fell_back(groups, spins)
        np.testing.assert_array_equal(pivots[0], _lapack_pivots(a[0]))
        _check_factors(a, lu, pivots, dtype)


@pytest.mark.parametrize(("groups", "spins"), GRIDS)
def test_grid_panel_kernel_ties_and_zero_columns(groups, spins):
    """Small integers (equal magnitudes in several workgroups: the first row wins) and all-zero columns, one whose
    diagonal row lies past the first workgroup's rows (the workgroups above hold no candidate; the diagonal row
    kept, the flag set)."""
    rng = np.random.default_rng(6)
    m, rows = _grid_shape("float32", groups)
    a = rng.integers(-2, 3, (1, m, 24)).astype(np.float32)
    a[0, :, 7] = 0
    a[0, :, 21] = 0
    lu, pivots, word = _grid_panel(a, rows, spins)
    assert word == 1 | _fell_back(groups, spins)
    assert pivots[0, 7] == 7 and pivots[0, 21] == 21
    ties = a[0, :, 0]
    assert pivots[0, 0] == int(np.flatnonzero(np.abs(ties) == np.abs(ties).max())[0])
    np.testing.assert_array_equal(pivots[0, :7], _lapack_pivots(a[0])[:7])


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("spins", [_waiting_spins(), 0])
def test_blocked_lu_on_a_grid(monkeypatch, dtype, spins):
    """getrf with every panel on the grid kernel (its own workgroup count for each panel's rows), then solve."""
    monkeypatch.setattr(linalg_blocked, "GRID", True)
    monkeypatch.setattr(linalg_blocked, "GRID_SPINS", spins)
    monkeypatch.setattr(linalg_blocked, "GRID_GROUPS", 4)
    _check_getrf(dtype, 1, 41)
    _check_solve(dtype, 150, 31)


def _check_solve(dtype: str, n: int, seed: int) -> np.ndarray:
    """vt.linalg.solve of two random n x n systems against their residuals; the matrices (widened) for more."""
    a, b = standard_normal((2, n, n), dtype, seed), standard_normal((2, n, 3), dtype, seed + 1)
    wide = a.astype(_wide(dtype))
    x = vt.linalg.solve(vt.asarray(a), vt.asarray(b)).numpy()
    residual = np.abs(wide @ x - b).max(axis=(-2, -1))
    assert np.all(residual <= _tol(dtype, n) * np.abs(wide).max(axis=(-2, -1)) * np.abs(x).max(axis=(-2, -1)))
    return wide


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("short", [0, 27])
def test_triangular_solve_kernel(dtype, lower, short):
    """The diagonal block's solve at the block order (64 for float32: the kernel's largest) and below it, with row
    interchanges reaching below the block (lower, unit diagonal: LU's) or without (upper: back substitution)."""
    tb = linalg_blocked.block_sizes(vt.asarray(np.zeros(1))._ctx, np.dtype(dtype).itemsize)
    kb = tb - short
    n, cols, batch = 90, kb + 70, 2
    a = standard_normal((batch, n, cols), dtype, kb)
    tri = standard_normal((batch, kb, kb), dtype, kb + 1) * 0.2
    tri = np.tril(tri, -1) if lower else np.triu(tri) + (2 + np.abs(standard_normal((kb,), "float64", 3))) * np.eye(kb)
    a[:, :kb, :kb] = tri
    rng = np.random.default_rng(kb)
    pivots = np.array([[rng.integers(j, n) for j in range(kb)] for _ in range(batch)], dtype=np.uint32)
    w = vt.asarray(a)
    kernels = linalg_blocked._Kernels(w, tb)
    t, b = linalg_blocked._sub(w, 0, kb, 0, kb), linalg_blocked._sub(w, 0, kb, kb, cols)
    if lower:
        kernels.trsm(t, b, lower=True, unit=True, pivots=vt.asarray(pivots), pn=kb, pk=0)
    else:
        kernels.trsm(t, b, lower=False, unit=False)
    want = a.astype(_wide(dtype))
    for bt in range(batch):
        if lower:
            for j, p in enumerate(pivots[bt]):
                want[bt, [j, p], kb:] = want[bt, [p, j], kb:]
            tri_bt = np.tril(want[bt, :kb, :kb], -1) + np.eye(kb)
        else:
            tri_bt = np.triu(want[bt, :kb, :kb])
        want[bt, :kb, kb:] = np.linalg.solve(tri_bt, want[bt, :kb, kb:])
    got = w.numpy()
    scale = float(np.abs(want).max())
    assert float(np.abs(got - want).max()) <= _tol(dtype, kb) * scale


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize(("kb", "ncols"), [(1, 1), (5, 16), (31, 17), (32, 40), (7, 0)])
def test_row_interchange_kernel(dtype, kb, ncols):
    """LaswpSpec against the interchanges applied one by one: pivots within the panel, below it, repeated (a row
    below exchanged again), none (a row with itself), over column blocks and batches, the panel starting at row
    pk of the rows and pivots."""
    from vulkit.array.kernels.factorization_blocked import LASWP_COLUMNS, LaswpSpec
    batch, pk, rows = 2, 3, 90
    rng = np.random.default_rng(kb + ncols)
    a = standard_normal((batch, rows, max(ncols, 1)), dtype, kb)[:, :, :ncols]
    pivots = np.zeros((batch, pk + kb), np.uint32)
    for bt in range(batch):
        pivots[bt, pk:] = [pk + j if j % 5 == 4 else pk + rng.integers(j, min(j + 3, rows - pk)) if j % 3 == 0
                           else pk + rng.integers(j, rows - pk) for j in range(kb)]
    pivots[:, pk + kb // 2:] = np.maximum(pivots[:, pk + kb // 2:], pk + 60)  # several land on one low row
    w = vt.asarray(np.ascontiguousarray(a))
    launch = linalg_blocked._Kernels(w, 64).get(LaswpSpec, [w, vt.asarray(pivots)])
    view = linalg_blocked._sub(w, pk, rows, 0, ncols)
    launch([linalg_blocked._quad(view)], [batch, kb, ncols, pk + kb, pk], batch * -(-max(ncols, 1) // LASWP_COLUMNS))
    want = a.copy()
    for bt in range(batch):
        for j in range(kb):
            r = int(pivots[bt, pk + j])
            want[bt, [pk + j, r]] = want[bt, [r, pk + j]]
    np.testing.assert_array_equal(w.numpy(), want)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
@pytest.mark.parametrize("invocations", [16, 64, None])
def test_blocked_lu_factors(monkeypatch, dtype, invocations):
    """The whole blocked LU of 150 x 150 matrices: with 16-invocation panels (2 subgroups of 8 on lavapipe, narrow
    panels of many rows per invocation), 64-invocation ones (2 subgroups of NVIDIA's 32) and the device's own."""
    if invocations is not None:
        monkeypatch.setattr(linalg_blocked, "max_invocations", lambda ctx: invocations)
    _check_getrf(dtype, 2, 40)


def _check_getrf(dtype: str, batch: int, seed: int) -> None:
    """The blocked LU of ``batch`` random 150 x 150 matrices: no flag, factors within rounding of P A."""
    n = 150
    a = standard_normal((batch, n, n), dtype, seed)
    w = vt.asarray(a)
    pivots = vt.zeros((batch, n), dtype=vt.uint32)
    word = vt.zeros((1,), dtype=vt.uint32)
    linalg_blocked.getrf(w, n, pivots, word)
    assert int(word.numpy()[0]) & 3 == 0  # neither singular nor lost (4: a grid fell back to one workgroup)
    tb = linalg_blocked.block_sizes(w._ctx, w._dtype.itemsize)
    _check_factors(a, w.numpy(), pivots.numpy(), dtype, tb)


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_blocked_solve_with_two_subgroup_panels(monkeypatch, dtype):
    """solve and slogdet through 16-invocation panels: columns capped at one per invocation (8 where 32 would
    not fit), two subgroups of lavapipe's 8 pooling their pivot candidates."""
    monkeypatch.setattr(linalg_blocked, "max_invocations", lambda ctx: 16)
    n = 150
    wide = _check_solve(dtype, n, 30)
    a = wide.astype(dtype)
    sign, logabs = np.linalg.slogdet(wide)
    got = vt.linalg.slogdet(vt.asarray(a))
    assert np.abs(got.sign.numpy() - sign).max() <= _tol(dtype, n)
    assert np.abs(got.logabsdet.numpy() - logabs).max() <= _tol(dtype, n) * n


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize("n, band", [(200, 64), (97, 32), (130, 16)])
def test_gemm_with_a_band_computes_the_lower_triangle_and_the_diagonal_blocks(dtype, n, band):
    from vulkit.array.ops.matmul import gemm

    a = standard_normal((2, n, 40), dtype, seed=1)
    b = standard_normal((2, 40, n), dtype, seed=2)
    c = standard_normal((2, n, n), dtype, seed=3)
    out = vt.asarray(c)
    gemm(vt.asarray(a), vt.asarray(b), out, alpha=-1.0, beta=1.0, band=band)
    expected = c - a @ b
    blocks = np.arange(n) // band
    wanted = blocks[None, :] <= blocks[:, None]  # the lower triangle of blocks: every diagonal block whole
    got = out.numpy()
    tol = 1e-4 if dtype in ("float32", "complex64") else 1e-12
    np.testing.assert_allclose(got[:, wanted], expected[:, wanted], rtol=tol, atol=tol * 10)
    if dtype != "complex64":  # real products write out directly: the skipped tiles kept c's values
        assert (got[:, ~wanted] == c[:, ~wanted]).any()
    full = vt.asarray(c)
    gemm(vt.asarray(a), vt.asarray(b), full, alpha=-1.0, beta=1.0)  # without a band: everything
    np.testing.assert_allclose(full.numpy(), expected, rtol=tol, atol=tol * 10)


@pytest.mark.parametrize("grid", [None, True, False])
def test_large_singular_matrix_raises(monkeypatch, grid):
    """One large matrix with a zero column past the first block (every row above it eliminated first): solve and
    inv raise, det is 0, whichever panel kernel runs (the grid where the device allows it, forced, or off)."""
    monkeypatch.setattr(linalg_blocked, "GRID", grid)
    monkeypatch.setattr(linalg_blocked, "GRID_SPINS", _waiting_spins())
    a = standard_normal((300, 300), "float32", 43)
    a[:, 200] = 0
    with pytest.raises(vt.linalg.LinAlgError, match="solve: Singular matrix"):
        vt.linalg.solve(vt.asarray(a), vt.asarray(np.ones(300, np.float32)))
    with pytest.raises(vt.linalg.LinAlgError, match="inv: Singular matrix"):
        vt.linalg.inv(vt.asarray(a))
    assert float(vt.linalg.det(vt.asarray(a)).numpy()) == 0.0


def test_a_grid_that_fell_back_keeps_its_device_off_grids(monkeypatch):
    """solve through grids that give up at once: right, and the device is remembered, so that the grid path is not
    taken there again."""
    from vulkit.array.ops import linalg_common

    fell_back: set[int] = set()
    monkeypatch.setattr(linalg_common, "GRID_FELL_BACK", fell_back)
    monkeypatch.setattr(linalg_blocked, "GRID_FELL_BACK", fell_back)
    monkeypatch.setattr(linalg_blocked, "GRID", True)
    monkeypatch.setattr(linalg_blocked, "GRID_SPINS", 0)
    a, b = standard_normal((150, 150), "float64", 32), standard_normal((150,), "float64", 33)
    x = vt.linalg.solve(vt.asarray(a), vt.asarray(b)).numpy()
    np.testing.assert_allclose(a @ x, b, atol=_tol("float64", 150) * np.abs(a).max() * np.abs(x).max())
    ctx = vt.asarray(np.zeros(1))._ctx
    assert fell_back == {ctx.index}
    monkeypatch.setattr(linalg_blocked, "GRID", None)
    assert not linalg_blocked._GridPanel.allowed(vt.zeros((1, 600, 600)), 64)
