"""Dispatch sequences kept by layout (array/ops/recording.py): the blocked LU, Cholesky and triangular solves, the
tridiagonal and bidiagonal reductions and the radix sort record their dispatches (and fills) once and replay them
over the next call's arrays (results checked against NumPy and SciPy on every call), and loops that cannot be
replayed are not kept."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg as sl

import vulkit as vt
from vulkit.array.ops import linalg_blocked, recording
from vulkit.runtime import context
from vulkit.runtime.stream import FillStep


def _kept(name: str) -> list[recording.Recording]:
    return [v for k, v in context.current().plans.items() if isinstance(v, recording.Recording) and k[0] == name]


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch):
    """Blocks of 16 (several block columns and halves at small orders) and an empty plan cache."""
    context.current().plans.clear()
    monkeypatch.setattr(linalg_blocked, "block_sizes", lambda ctx, itemsize: 16)
    monkeypatch.setattr(linalg_blocked, "CHOL_DEFER", 32)
    yield
    context.current().plans.clear()


def test_cholesky_replays_its_steps_over_new_arrays(small_blocks: None) -> None:
    rng = np.random.default_rng(1)
    for call in range(3):
        g = rng.standard_normal((2, 70, 70)).astype(np.float32)
        a = g @ g.transpose(0, 2, 1) / 70 + np.eye(70, dtype=np.float32)
        got = vt.linalg.cholesky(vt.asarray(a)).numpy()
        np.testing.assert_allclose(got, np.linalg.cholesky(a.astype(np.float64)), atol=2e-5)
        assert len(_kept("potrf")) == 1, call  # kept by the first call, replayed by the others
    bad = np.eye(70, dtype=np.float32)[None].repeat(2, 0)
    bad[1, 50, 50] = -1.0  # a replayed call still raises for its own matrix
    with pytest.raises(vt.linalg.LinAlgError, match="cholesky: Matrix is not positive definite"):
        vt.linalg.cholesky(vt.asarray(bad))


@pytest.mark.parametrize("lower", [True, False])
def test_triangular_solves_replay_over_new_arrays(small_blocks: None, lower: bool) -> None:
    rng = np.random.default_rng(2)
    for _ in range(3):
        t = rng.standard_normal((57, 57)).astype(np.float32) + 20 * np.eye(57, dtype=np.float32)
        b = rng.standard_normal((57, 9)).astype(np.float32)
        got = vt.linalg.solve_triangular(vt.asarray(t), vt.asarray(b), lower=lower).numpy()
        np.testing.assert_allclose(got, sl.solve_triangular(t.astype(np.float64), b, lower=lower), atol=1e-5)
    assert len(_kept("trsm")) == 1


def test_lu_replays_over_new_arrays(small_blocks: None) -> None:
    """solve and lu_factor (LAPACK's L: later interchanges applied to earlier columns) replay their LU's loop; a
    replayed solve still raises for its own singular matrix. (Order 80: one of 64 or less runs in one workgroup's
    kernel where it fits in shared memory, as on NVIDIA's GPUs; the last block has no rows below it, where a few
    would update through the skinny kernel, whose partial sums are a new array each call: such a loop is not kept.)"""
    rng = np.random.default_rng(3)
    for _ in range(3):
        a = rng.standard_normal((80, 80)).astype(np.float32)
        b = rng.standard_normal((80, 3)).astype(np.float32)
        got = vt.linalg.solve(vt.asarray(a), vt.asarray(b)).numpy()
        np.testing.assert_allclose(got, np.linalg.solve(a.astype(np.float64), b), rtol=1e-3, atol=1e-3)
        lu, piv = vt.linalg.lu_factor(vt.asarray(a))
        expected_lu, expected_piv = sl.lu_factor(a.astype(np.float64))
        np.testing.assert_array_equal(piv.numpy(), expected_piv)
        np.testing.assert_allclose(lu.numpy(), expected_lu, atol=1e-4)
    assert len(_kept("getrf")) == 2  # solve's and lu_factor's
    singular = np.ones((80, 80), dtype=np.float32)
    with pytest.raises(vt.linalg.LinAlgError, match="solve: Singular matrix"):
        vt.linalg.solve(vt.asarray(singular), vt.asarray(np.ones((80, 3), dtype=np.float32)))


def test_loops_that_cannot_be_replayed_are_not_kept() -> None:
    ctx = context.current()
    x, y = vt.ones((64,), dtype=vt.float32), vt.ones((64,), dtype=vt.float32)
    runs = []

    def outside_roles() -> None:  # an elementwise op: dispatch_to, and a new output outside the roles
        runs.append(1)
        x + y

    for key in (("test outside",), None):
        for _ in range(2):
            recording.run_recorded(ctx, key, (x._alloc,), outside_roles)
        assert key is None or ctx.plans.get(key) is None
    assert len(runs) == 4  # the body ran every time
    assert ctx.stream.capture is None


def test_tridiagonal_reduction_replays_over_new_arrays() -> None:
    """eigvalsh and eigh beyond one workgroup keep the reduction's dispatches a column once (by layout) and replay
    them over the next call's arrays: NumPy's eigenvalues on every call, both functions sharing the recording."""
    context.current().plans.clear()
    rng = np.random.default_rng(4)
    try:
        for call in range(3):
            g = rng.standard_normal((70, 70))
            a = g + g.T
            np.testing.assert_allclose(vt.linalg.eigvalsh(vt.asarray(a)).numpy(), np.linalg.eigvalsh(a), atol=1e-11)
            assert len(_kept("tridiagonal_steps")) == 1, call
        w, v = (x.numpy() for x in vt.linalg.eigh(vt.asarray(a)))
        np.testing.assert_allclose(w, np.linalg.eigvalsh(a), atol=1e-11)
        assert len(_kept("tridiagonal_steps")) == 1
    finally:
        context.current().plans.clear()


def test_bidiagonal_reduction_replays_over_new_arrays() -> None:
    """svdvals and svd beyond one workgroup keep the reduction's two dispatches a column once (by layout) and replay
    them over the next call's arrays: NumPy's singular values (and a reconstruction) on every call; a stack of
    another shape records its own."""
    context.current().plans.clear()
    rng = np.random.default_rng(5)
    try:
        for call in range(3):
            a = rng.standard_normal((75, 70))
            got = vt.linalg.svdvals(vt.asarray(a)).numpy()
            np.testing.assert_allclose(got, np.linalg.svd(a, compute_uv=False), atol=1e-11)
            assert len(_kept("bidiagonal_steps")) == 1, call
        u, s, vh = (x.numpy() for x in vt.linalg.svd(vt.asarray(a), full_matrices=False))
        np.testing.assert_allclose((u * s) @ vh, a, atol=1e-11)
        assert len(_kept("bidiagonal_steps")) == 1
        b = rng.standard_normal((2, 80, 70))
        np.testing.assert_allclose(vt.linalg.svdvals(vt.asarray(b)).numpy(), np.linalg.svd(b, compute_uv=False),
                                   atol=1e-11)
        assert len(_kept("bidiagonal_steps")) == 2
    finally:
        context.current().plans.clear()


def test_radix_sort_replays_its_fill_and_dispatches_over_new_arrays() -> None:
    """A radix sort keeps its state's fill and its dispatches by layout: later calls over other arrays of that
    layout sort their own values (-0.0 and NaN payloads written back where a call's keys lose them, not where an
    earlier call's did)."""
    context.current().plans.clear()
    rng = np.random.default_rng(5)
    try:
        for call in range(3):
            a = rng.standard_normal(5000).astype(np.float32)
            if call == 1:
                a[[3, 4000]] = -0.0
                a.view(np.uint32)[77] = 0x7FC00009
            got = vt.sort(vt.asarray(a)).numpy()
            assert got.tobytes() == np.take(a, np.argsort(a, kind="stable")).tobytes(), call
            kept = _kept("radix sort")
            assert len(kept) == 1, call
            assert any(isinstance(step, FillStep) for step in kept[0].steps)
    finally:
        context.current().plans.clear()


def test_fills_of_part_of_an_allocation_are_not_kept() -> None:
    """A fill short of its allocation's end is not kept: a later call's allocation of that role may be longer."""
    ctx = context.current()
    x = vt.ones((64,), dtype=vt.float32)
    runs = []

    def part() -> None:
        runs.append(1)
        ctx.stream.fill(x._alloc, 0, 16)

    for _ in range(2):
        recording.run_recorded(ctx, ("test part fill",), (x._alloc,), part)
    assert ctx.plans.get(("test part fill",)) is None and len(runs) == 2
    np.testing.assert_array_equal(x.numpy()[:4], 0)
    np.testing.assert_array_equal(x.numpy()[4:], 1)
