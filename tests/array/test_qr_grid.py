"""The large QR's panels on a grid of workgroups that meet once a column (kernels/factorization_house_grid.py), forced
on any device: one workgroup holding all rows (it meets only itself), several that give up at once (the first factors
the panel alone in device memory) and several that wait for each other (on a GPU: lavapipe ends a shader's loops
after 65,535 iterations in all, so there a waiting grid is lost, and that case gives up at once instead)."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import standard_normal

import vulkit as vt
from vulkit.array.ops import linalg_common, linalg_large

DTYPES = ["float32", "float64", "complex64", "complex128"]


def _on_cpu() -> bool:
    return vt.asarray(np.zeros(1))._ctx.on_cpu


@pytest.fixture
def grid(monkeypatch: pytest.MonkeyPatch):
    """The grid forced on; the panels' grid sizes recorded in ``grid.groups``; the devices' fallback record as it
    was afterwards (a fallback here adds to it)."""
    monkeypatch.setattr(linalg_large, "QR_GRID", True)
    monkeypatch.setattr(linalg_large, "QR_GRID_LEAST_ROWS", 8)
    fell_back = set(linalg_common.GRID_FELL_BACK)
    linalg_common.GRID_FELL_BACK.clear()  # other tests' fallbacks (the LU's) are not this test's
    groups: list[int] = []
    launch = linalg_large._HouseGrid.__call__

    def spy(self, p0: int, p1: int, panel: int) -> None:
        groups.append(linalg_large._house_groups(self.w._ctx, self.w._shape[1] - p0, self.w._dtype.itemsize))
        launch(self, p0, p1, panel)

    monkeypatch.setattr(linalg_large._HouseGrid, "__call__", spy)
    monkeypatch.groups = groups
    yield monkeypatch
    linalg_common.GRID_FELL_BACK.clear()
    linalg_common.GRID_FELL_BACK.update(fell_back)


def _check(a: np.ndarray, q: np.ndarray, r: np.ndarray) -> None:
    """Q R = A, Q orthonormal, R upper triangular and LAPACK's (NumPy's signs), all to a few ulps times the order."""
    m, n = a.shape[-2:]
    eps = float(np.finfo(a.dtype).eps)
    tol = 40 * max(m, n) * eps
    scale = float(np.abs(a).max()) or 1.0
    wide = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    assert np.abs(q @ r - a).max() <= tol * scale
    assert np.abs(np.conj(q.T) @ q - np.eye(min(m, n))).max() <= tol
    assert np.all(np.tril(r, -1) == 0)
    assert np.abs(r - np.linalg.qr(wide)[1]).max() <= 4 * tol * scale


def _largest_single_group_rows(dtype: str) -> int:
    """The most rows one workgroup of the grid holds for ``dtype`` on this device (with QR_GRID_GROUPS 1)."""
    ctx = vt.asarray(np.zeros(1))._ctx
    return linalg_large._house_rows(ctx, 1024, np.dtype(dtype).itemsize)


@pytest.mark.parametrize("dtype", DTYPES)
def test_one_workgroup_panels_match_numpy(grid, dtype):
    grid.setattr(linalg_large, "QR_GRID_GROUPS", 1)
    rows = min(120, _largest_single_group_rows(dtype))
    for shape in ((rows, 70), (rows - 3, 100)):  # tall or square (beyond 64 columns: the large path), and wide
        if max(shape) <= 64:
            shape = (shape[0], 100)
        a = standard_normal(shape, dtype, 41)
        q, r = vt.linalg.qr(vt.asarray(a))
        _check(a, q.numpy(), r.numpy())
    assert grid.groups and set(grid.groups) == {1}


@pytest.mark.parametrize("dtype", DTYPES)
def test_grids_of_several_workgroups_match_numpy(grid, dtype):
    """Grids that give up at once (the first workgroup factors alone and marks the device), then, on a GPU, grids
    that wait."""
    grid.setattr(linalg_large, "QR_GRID_GROUPS", 5)
    ctx = vt.asarray(np.zeros(1))._ctx
    for spins in (0,) if _on_cpu() else (0, 4096):
        grid.setattr(linalg_large, "QR_GRID_SPINS", spins)
        linalg_common.GRID_FELL_BACK.clear()
        for shape in ((200, 70), (97, 150)):  # float32's 200 rows: 4, 3, then 5 workgroups (a later panel more)
            a = standard_normal(shape, dtype, 42)
            q, r = vt.linalg.qr(vt.asarray(a))
            _check(a, q.numpy(), r.numpy())
            assert np.array_equal(vt.linalg.qr(vt.asarray(a), mode="r").numpy(), r.numpy())
        assert (ctx.index in linalg_common.GRID_FELL_BACK) == (spins == 0)  # a panel that gave up marks the device
    assert max(grid.groups) > 1


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_grid_panels_of_rank_one_and_extreme_scales(grid, dtype):
    """A rank-one matrix (its later columns rounding noise shrinking into subnormals) and matrices near the smallest
    and largest normal numbers, one with a zero corner, whose reflectors the grid scales by each column's largest
    exponent."""
    grid.setattr(linalg_large, "QR_GRID_GROUPS", 1)
    rows = min(100, _largest_single_group_rows(dtype))
    info = np.finfo(np.float32)
    shape = (rows, 66) if rows > 64 else (rows, 90)
    one = np.outer(np.arange(1.0, rows + 1.0), np.ones(shape[1])).astype(dtype)
    tiny = (standard_normal(shape, dtype, 43) * (np.float64(info.tiny) * 4)).astype(dtype)
    huge = (standard_normal(shape, dtype, 44) * (np.float64(info.max) * 2.0 ** -24)).astype(dtype)
    cornered = tiny.copy()
    cornered[0, 0] = 0  # a diagonal element with no exponent: the column's scale is its other elements' alone
    for a in (one, tiny, huge, cornered):
        q, r = (x.numpy().astype(np.complex128) for x in vt.linalg.qr(vt.asarray(a)))
        assert np.isfinite(q).all() and np.isfinite(r).all()
        scale = float(np.abs(a).max())
        k = min(shape)
        tol = 40 * max(shape) * float(info.eps)
        assert np.abs(q @ (r / scale) - a / scale).max() <= tol
        assert np.abs(np.conj(q.T) @ q - np.eye(k)).max() <= tol
    assert set(grid.groups) == {1}


def test_zero_columns_and_a_tall_svd(grid):
    """Columns already upper triangular (tau 0) and a zero matrix; svd of a tall matrix (its QR on the grid)."""
    grid.setattr(linalg_large, "QR_GRID_GROUPS", 1)
    a = np.triu(standard_normal((90, 80), "float32", 45))
    a[:, 5] = 0
    q, r = vt.linalg.qr(vt.asarray(a))
    _check(a, q.numpy(), r.numpy())
    q, r = vt.linalg.qr(vt.asarray(np.zeros((90, 80), np.float32)))
    assert np.array_equal(r.numpy(), np.zeros((80, 80), np.float32))
    assert np.abs(q.numpy().T @ q.numpy() - np.eye(80)).max() <= 1e-6
    b = standard_normal((120, 70), "float32", 46)
    s = vt.linalg.svdvals(vt.asarray(b)).numpy()
    assert np.abs(s - np.linalg.svd(b.astype(np.float64), compute_uv=False)).max() <= 1e-4 * s.max()
    assert set(grid.groups) == {1}
