"""eigh's and svd's Jacobi sweeps on a grid of workgroups, a sweep a dispatch (kernels/factorization_jacobi_grid.py),
forced on any device: one workgroup (it meets only itself), several that give up at once (the first runs the sweep
alone) and several that wait for each other (on a GPU; lavapipe runs two workgroups at a time, so there they give up
at once)."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import standard_normal

import vulkit as vt
from vulkit.array.ops import linalg_large, linalg_tridiagonal_vectors


def _waiting_spins() -> int:
    return 0 if vt.asarray(np.zeros(1))._ctx.device.physical.type == "cpu" else 4096


def _grids(groups: int) -> list[tuple[int, int]]:
    """(workgroups, spins): one workgroup, several that give up at once, and several that wait where they can (a
    GPU: on lavapipe they would give up at once, the case before)."""
    return [(1, 4096), (groups, 0)] + ([(groups, 4096)] if _waiting_spins() else [])


@pytest.fixture
def grid(monkeypatch: pytest.MonkeyPatch):
    """The grid forced on, with the devices' grid sizes as they were (a fallback here halves them)."""
    monkeypatch.setattr(linalg_large, "JACOBI_GRID", True)
    monkeypatch.setattr(linalg_tridiagonal_vectors, "EIGH", False)
    monkeypatch.setattr(linalg_tridiagonal_vectors, "SVD", False)
    monkeypatch.setattr(linalg_large, "SVD_GRID", True)
    monkeypatch.setattr(linalg_large, "SWEEP_GROUPS", {})
    return monkeypatch


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize(("groups", "spins"), _grids(10))
def test_grid_sweeps_match_numpy(grid, dtype, groups, spins):
    grid.setattr(linalg_large, "JACOBI_GRID_GROUPS", groups)
    grid.setattr(linalg_large, "JACOBI_GRID_SPINS", spins)
    n = 65 if dtype.startswith("float") else 66  # an odd order (a pair short of its partner) and an even one
    a = standard_normal((2, n, n), dtype, 31)
    h = a + np.conj(np.swapaxes(a, -1, -2))
    w, v = vt.linalg.eigh(vt.asarray(h))
    w, v = w.numpy(), v.numpy()
    wide = np.complex128 if dtype.startswith("complex") else np.float64
    want = np.linalg.eigvalsh(h.astype(wide))
    scale = float(np.abs(want).max())
    tol = 20 * n * float(np.finfo(np.dtype(dtype)).eps)
    assert np.abs(w - want).max() <= tol * scale
    assert np.abs(h @ v - v * w[..., None, :]).max() <= tol * scale
    assert np.abs(np.conj(np.swapaxes(v, -1, -2)) @ v - np.eye(n)).max() <= tol
    assert np.abs(vt.linalg.eigvalsh(vt.asarray(h)).numpy() - want).max() <= tol * scale  # no vectors rotated
    if spins == 0 and groups > 1:  # the sweeps ran alone, and each fallback halved the device's grid
        assert linalg_large.SWEEP_GROUPS[vt.asarray(h)._ctx.index] < groups


def test_sweeps_of_many_matrices_and_eigenvalues_only(grid):
    grid.setattr(linalg_large, "JACOBI_GRID_GROUPS", 3)
    grid.setattr(linalg_large, "JACOBI_GRID_SPINS", _waiting_spins())
    a = standard_normal((5, 70, 70), "float64", 32)
    h = a + np.swapaxes(a, -1, -2)
    np.testing.assert_allclose(vt.linalg.eigvalsh(vt.asarray(h)).numpy(), np.linalg.eigvalsh(h), atol=1e-11)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize(("groups", "spins"), _grids(7))
def test_one_sided_grid_sweeps_match_numpy(grid, dtype, groups, spins):
    grid.setattr(linalg_large, "JACOBI_GRID_GROUPS", groups)
    grid.setattr(linalg_large, "JACOBI_GRID_SPINS", spins)
    wide = np.complex128 if dtype.startswith("complex") else np.float64
    eps = float(np.finfo(np.dtype(dtype)).eps)
    for shape in ((2, 67, 67), (1, 90, 66), (1, 66, 75)):  # square (odd: a pair short), tall (R of a QR), wide
        a = standard_normal(shape, dtype, 33)
        u, s, vh = vt.linalg.svd(vt.asarray(a), full_matrices=False)
        u, s, vh = u.numpy(), s.numpy(), vh.numpy()
        want = np.linalg.svd(a.astype(wide), compute_uv=False)
        k = min(shape[1:])
        tol = 40 * max(shape[1:]) * eps
        assert np.abs(s - want).max() <= tol * want.max()
        assert np.abs((u * s[..., None, :]) @ vh - a).max() <= tol * want.max()
        assert np.abs(np.conj(np.swapaxes(u, -1, -2)) @ u - np.eye(k)).max() <= tol
        assert np.abs(vh @ np.conj(np.swapaxes(vh, -1, -2)) - np.eye(k)).max() <= tol
        assert np.abs(vt.linalg.svdvals(vt.asarray(a)).numpy() - want).max() <= tol * want.max()  # no V rotated
