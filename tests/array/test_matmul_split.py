"""Products of few tiles and a long K cut into chunks of K (ops/matmul.py's _split_k): a batch of products into
partial sums that one reduction adds, forced on any device, against NumPy in float64."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import standard_normal

import vulkit as vt
from vulkit.array.ops import matmul as matmul_ops


@pytest.fixture
def split(monkeypatch: pytest.MonkeyPatch):
    """Split-K forced on; the products it took counted in ``split.calls``."""
    monkeypatch.setattr(matmul_ops, "SPLIT_K", True)
    calls: list[bool] = []
    original = matmul_ops._split_k

    def spy(*args: object) -> bool:
        took = original(*args)
        calls.append(took)
        return took

    monkeypatch.setattr(matmul_ops, "_split_k", spy)
    monkeypatch.calls = calls
    return monkeypatch


def _wide(x: np.ndarray) -> np.ndarray:
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)


def _close(got: np.ndarray, want: np.ndarray, dtype: str, k: int) -> None:
    tol = 8 * np.sqrt(k) * float(np.finfo(np.dtype(dtype)).eps)
    assert np.abs(got - want).max() <= tol * max(1.0, float(np.abs(want).max()))


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
@pytest.mark.parametrize(("m", "k", "n"), [(32, 4096, 300), (33, 1537, 129), (9, 1031, 40), (128, 1024, 128)])
def test_split_products_match_numpy(split, dtype, m, k, n):
    a, b = standard_normal((m, k), dtype, 1), standard_normal((k, n), dtype, 2)
    got = (vt.asarray(a) @ vt.asarray(b)).numpy()
    _close(got, _wide(a) @ _wide(b), dtype, k)
    assert any(split.calls)


def test_split_batched_transposed_and_into_a_view(split):
    a, b = standard_normal((3, 40, 1100), "float32", 3), standard_normal((1100, 50), "float32", 4)
    _close((vt.asarray(a) @ vt.asarray(b)).numpy(), _wide(a) @ _wide(b), "float32", 1100)  # b broadcast
    at, b2 = standard_normal((1200, 40), "float32", 5), standard_normal((1200, 60), "float32", 6)
    _close((vt.asarray(at).mT @ vt.asarray(b2)).numpy(), _wide(at).T @ _wide(b2), "float32", 1200)
    c = standard_normal((50, 70), "float64", 7)
    a3, b3 = standard_normal((20, 1300), "float64", 8), standard_normal((1300, 30), "float64", 9)
    out = vt.asarray(c)
    matmul_ops.gemm(vt.asarray(a3), vt.asarray(b3), out[10:30, 5:35], alpha=-2.0, beta=0.5)
    want = c.copy()
    want[10:30, 5:35] = -2 * (a3 @ b3) + 0.5 * c[10:30, 5:35]
    _close(out.numpy(), want, "float64", 1300)
    assert sum(split.calls) == 3


def test_short_or_many_tiled_products_are_not_split(split):
    split.setattr(matmul_ops, "_SPLIT_TILES", 4)  # 2 x 2 tiles are then enough
    for (m, k, n) in [(64, 1000, 64), (256, 1024, 256), (8, 4096, 16)]:  # K < 2 chunks; enough tiles; skinny
        a, b = standard_normal((m, k), "float32", 10), standard_normal((k, n), "float32", 11)
        _close((vt.asarray(a) @ vt.asarray(b)).numpy(), _wide(a) @ _wide(b), "float32", k)
    assert not any(split.calls)


def test_half_precision_products_are_not_split(split):
    a, b = standard_normal((32, 2048), "float16", 12), standard_normal((2048, 64), "float16", 13)
    got = (vt.asarray(a) @ vt.asarray(b)).numpy().astype(np.float64)
    want = _wide(a) @ _wide(b)
    assert np.abs(got - want).max() <= 2e-3 * np.abs(want).max()
    assert not any(split.calls)


def test_split_into_batch_axes_that_do_not_merge(split):
    """The partial sums go straight into a target whose batch axes merge into one stride, else through a copy."""
    a, b = standard_normal((2, 3, 30, 1100), "float32", 14), standard_normal((2, 3, 1100, 20), "float32", 15)
    want = _wide(a) @ _wide(b)
    base = vt.zeros((3, 2, 30, 20), dtype=vt.float32)
    target = vt.permute_dims(base, (1, 0, 2, 3))  # batch strides (600, 1200): not one stride
    matmul_ops.gemm(vt.asarray(a), vt.asarray(b), target, alpha=1.0, beta=0.0)
    _close(target.numpy(), want, "float32", 1100)
    merged = vt.zeros((2, 3, 40, 20), dtype=vt.float32)[:, :, 5:35]  # batch strides (2400, 800): one stride 800
    matmul_ops.gemm(vt.asarray(a), vt.asarray(b), merged, alpha=1.0, beta=0.0)
    _close(merged.numpy(), want, "float32", 1100)
    assert split.calls == [True, True]


def test_split_and_skinny_partial_sums_through_buffer_addresses(split, buffer_addresses):
    """The partial sums' kernel (PartialSumSpec) reached through buffer addresses, as for arrays larger than a
    binding: split-K's with the epilogue, and a skinny product's chunks of K."""
    from vulkit.array.kernels.partial_sum import PartialSumSpec

    a, b = standard_normal((20, 1300), "float32", 16), standard_normal((1300, 30), "float32", 17)
    c = standard_normal((20, 30), "float32", 18)
    out = vt.asarray(c)
    matmul_ops.gemm(vt.asarray(a), vt.asarray(b), out, alpha=2.0, beta=-1.0)
    _close(out.numpy(), 2 * (_wide(a) @ _wide(b)) - c, "float32", 1300)
    x, w = standard_normal((3, 2048), "float32", 19), standard_normal((2048, 70), "float32", 20)
    _close((vt.asarray(x) @ vt.asarray(w)).numpy(), _wide(x) @ _wide(w), "float32", 2048)
    used = [k for k in buffer_addresses.kernels if isinstance(k.spec, PartialSumSpec) and k.spec.addresses]
    assert {k.spec.epilogue for k in used} == {True, False}
