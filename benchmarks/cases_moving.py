"""Data-moving manipulation: take of random int64 indices from a large float32 array (checked, and NumPy's wrap mode
that skips the check and its read-back), take_along_axis of the rows of a matrix, concat of two float32 arrays (by
buffer copies, vulkit's way, and by its elementwise copy kernel, to choose between them on a GPU).
GB/s counts the bytes read and written: for a gather the indices (8 bytes), the element read and the element
written (4 + 4)."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _take(n: int, source: int, checked: bool) -> Case:
    def build(lib: Any) -> Any:
        rng = np.random.default_rng(0)
        x = lib.array(rng.standard_normal(source, dtype=np.float32))
        indices = lib.array(rng.integers(0, source, n, dtype=np.int64))
        if lib.name == "vulkit" and not checked:
            return lambda: lib.xp.take(x, indices, mode="wrap")
        return lambda: lib.xp.take(x, indices)

    how = "bounds checked, one flag read back" if checked else "mode='wrap': no check, no read-back"
    return Case(f"take of {n:,} random int64 indices from {source:,} float32 ({how})", "GB/s", build,
                work=16.0 * n, note="" if checked else "peers as in the checked case (PyTorch checks on the GPU)")


def _take_along_axis(rows: int, cols: int) -> Case:
    def build(lib: Any) -> Any:
        rng = np.random.default_rng(0)
        x = lib.array(rng.standard_normal((rows, cols), dtype=np.float32))
        indices = lib.array(np.argsort(rng.standard_normal((rows, cols)), axis=1))
        if lib.name == "torch":
            return lambda: lib.xp.take_along_dim(x, indices, dim=1)
        return lambda: lib.xp.take_along_axis(x, indices, axis=1)

    return Case(f"take_along_axis of the rows of {rows}x{cols} float32 (int64 permutations)", "GB/s", build,
                work=16.0 * rows * cols)


def _concat(n: int, buffer_copy: bool) -> Case:
    def build(lib: Any) -> Any:
        rng = np.random.default_rng(0)
        a, b = lib.array(rng.standard_normal(n, dtype=np.float32)), lib.array(rng.standard_normal(n, dtype=np.float32))
        if lib.name == "torch":
            return lambda: lib.xp.cat((a, b))
        if lib.name in ("numpy", "cupy"):
            return lambda: lib.xp.concatenate((a, b))
        from vulkit.array.ops import moving

        def concat() -> Any:
            moving.BUFFER_COPY = buffer_copy
            try:
                return lib.xp.concat((a, b))
            finally:
                moving.BUFFER_COPY = None

        return concat

    how = "buffer copies" if buffer_copy else "elementwise copy kernels"
    return Case(f"concat of two {n:,} float32 arrays ({how})", "GB/s", build, work=16.0 * n)


def cases(cpu: bool) -> list[Case]:
    n, source = (1 << 20, 1 << 22) if cpu else (1 << 24, 1 << 28)
    side = 1024 if cpu else 8192
    half = 1 << 22 if cpu else 1 << 27
    return [_take(n, source, True), _take(n, source, False), _take_along_axis(side, side), _concat(half, True),
            _concat(half, False)]
