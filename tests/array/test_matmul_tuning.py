"""matmul's tile tuning: the fastest candidate is timed once per size class, kept on disk and read back; tuning
never changes results and stays off where switched off or where C is also read."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import vulkit as vt
from vulkit.array.ops import matmul_tuning
from vulkit.array.ops import tuning as choices
from vulkit.array.ops.matmul import gemm


@pytest.fixture
def tuning(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """Tuning on for every product, in a fresh cache folder; returns the list that counts timed candidates."""
    monkeypatch.setenv("VULKIT_AUTOTUNE", "1")
    monkeypatch.setenv("VULKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(matmul_tuning, "MIN_FLOPS", 0)
    timed: list[int] = []
    seconds = choices._seconds
    monkeypatch.setattr(choices, "_seconds", lambda ctx, work: timed.append(1) or seconds(ctx, work))
    choices.forget()
    yield timed
    choices.forget()


def _operands(m: int, k: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return rng.standard_normal((m, k)).astype(np.float32), rng.standard_normal((k, n)).astype(np.float32)


def _files(folder: Path) -> list[Path]:
    return sorted((folder / "tuning").glob("matmul-*.json"))


def test_chosen_once_kept_on_disk_and_read_back(tuning: list[int], tmp_path: Path) -> None:
    a, b = _operands(70, 90, 50)
    x, y = vt.asarray(a), vt.asarray(b)
    first = (x @ y).numpy()
    np.testing.assert_allclose(first, a @ b, rtol=1e-4, atol=1e-4)
    assert len(tuning) == len(matmul_tuning.CANDIDATES[4])
    (path,) = _files(tmp_path)
    saved = json.loads(path.read_text())
    key = matmul_tuning.size_class(vt.float32, 1, 70, 50, 90)
    assert list(saved) == [key] and tuple(saved[key]) in {
        (t.bm, t.bn, t.bk, t.tm, t.tn) for t in matmul_tuning.CANDIDATES[4]}
    assert np.array_equal((x @ y).numpy(), first)  # the chosen tile again: the same bits
    _ = (x[:66, :70] @ y[:70, :33]).numpy()  # the same size class: no timing
    assert len(tuning) == len(matmul_tuning.CANDIDATES[4])
    choices.forget()  # as a new process: the file is read, nothing is timed
    assert np.array_equal((x @ y).numpy(), first)
    assert len(tuning) == len(matmul_tuning.CANDIDATES[4])


def test_unreadable_file_is_tuned_again(tuning: list[int], tmp_path: Path) -> None:
    a, b = _operands(40, 30, 20)
    _ = (vt.asarray(a) @ vt.asarray(b)).numpy()
    (path,) = _files(tmp_path)
    path.write_text("{not json")
    choices.forget()
    result = (vt.asarray(a) @ vt.asarray(b)).numpy()
    np.testing.assert_allclose(result, a @ b, rtol=1e-4, atol=1e-4)
    assert len(tuning) == 2 * len(matmul_tuning.CANDIDATES[4])
    assert json.loads(path.read_text())


def test_no_tuning_where_c_is_read(tuning: list[int], tmp_path: Path) -> None:
    a, b = _operands(40, 30, 20)
    c = np.ones((40, 20), np.float32)
    out = vt.asarray(c)
    gemm(vt.asarray(a), vt.asarray(b), out, alpha=1.0, beta=1.0)
    np.testing.assert_allclose(out.numpy(), a @ b + 1, rtol=1e-4, atol=1e-4)
    assert tuning == [] and _files(tmp_path) == []


def test_switched_off(tuning: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VULKIT_AUTOTUNE", "0")
    a, b = _operands(40, 30, 20)
    np.testing.assert_allclose((vt.asarray(a) @ vt.asarray(b)).numpy(), a @ b, rtol=1e-4, atol=1e-4)
    assert tuning == [] and _files(tmp_path) == []
    monkeypatch.setenv("VULKIT_AUTOTUNE", "maybe")
    with pytest.raises(ValueError, match="VULKIT_AUTOTUNE"):
        vt.asarray(a) @ vt.asarray(b)
