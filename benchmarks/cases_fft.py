"""FFTs (issue 17): a long 1-D complex64 transform (several passes), a batch of real transforms along rows (one
workgroup-resident pass with the r2c post-processing fused), and a 3-D complex64 transform (one pass per axis,
two of them along strided columns). PyTorch's torch.fft and CuPy's cupy.fft are cuFFT. GB/s counts one read of
the input and one write of the output, as VkFFT's benchmarks do."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _complex(shape: tuple[int, ...]) -> np.ndarray:
    rng = np.random.default_rng(0)
    return (rng.standard_normal(shape, dtype=np.float32) + 1j * rng.standard_normal(shape, dtype=np.float32)).astype(
        np.complex64)


def _fft(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_complex((n,)))
        return lambda: lib.xp.fft.fft(x)

    return Case(f"fft of {n:,} complex64", "GB/s", build, work=16.0 * n)


def _rfft_rows(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(np.random.default_rng(0).standard_normal((n, n), dtype=np.float32))
        return lambda: lib.xp.fft.rfft(x)  # along the last axis (torch: dim=-1) in every library

    return Case(f"rfft of the rows of {n}x{n} float32", "GB/s", build, work=4.0 * n * n + 8.0 * n * (n // 2 + 1))


def _fftn(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_complex((n, n, n)))
        return lambda: lib.xp.fft.fftn(x)

    return Case(f"fftn of {n}^3 complex64", "GB/s", build, work=16.0 * n ** 3)


def cases(cpu: bool) -> list[Case]:
    if cpu:
        return [_fft(1 << 18), _rfft_rows(512), _fftn(64)]
    return [_fft(1 << 24), _rfft_rows(4096), _fftn(512)]
