"""Sorting and sets: sort and stable argsort of a large float32 array, sort of the rows of a square float32
matrix, unique of a large int64 array. Mkeys/s counts the keys sorted (or searched) per second.

PyTorch's ``torch.sort`` always computes the indices too (its sort is vulkit's argsort plus the values); CuPy's
``cupy.sort`` sorts keys only, as vulkit's sort does.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _floats(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(0).standard_normal(shape, dtype=np.float32)


def _sort(n: int) -> Case:
    """A sort that need not be stable, as ``torch.sort``'s default: vulkit's ``stable=False`` (its stable sort
    restores the input's -0.0 and NaN payloads after the passes; CuPy's and NumPy's have no such flag)."""
    def build(lib: Any) -> Any:
        x = lib.array(_floats((n,)))
        if lib.name in ("vulkit", "torch"):
            return lambda: lib.xp.sort(x, stable=False)
        return lambda: lib.xp.sort(x)

    return Case(f"sort of {n:,} float32 (stable=False)", "Mkeys/s", build, work=float(n))


def _argsort(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_floats((n,)))
        if lib.name == "torch":
            return lambda: lib.xp.argsort(x, stable=True)
        if lib.name == "numpy":
            return lambda: np.argsort(x, kind="stable")
        return lambda: lib.xp.argsort(x)

    return Case(f"stable argsort of {n:,} float32", "Mkeys/s", build, work=float(n))


def _rows(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_floats((n, n)))
        if lib.name == "torch":
            return lambda: lib.xp.sort(x, dim=-1)
        return lambda: lib.xp.sort(x, axis=-1)

    return Case(f"sort of the rows of {n}x{n} float32", "Mkeys/s", build, work=float(n * n))


def _topk(n: int, k: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_floats((n,)))
        if lib.name == "torch":
            return lambda: lib.xp.topk(x, k)
        if lib.name == "numpy":
            return lambda: np.argpartition(x, n - k)[n - k:]
        return lambda: lib.xp.topk(x, k)

    return Case(f"topk {k} of {n:,} float32", "Mkeys/s", build, work=float(n), peers=("numpy", "torch"),
                note="NumPy: argpartition (unsorted)")


def _unique(n: int, high: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(np.random.default_rng(1).integers(0, high, n, dtype=np.int64))
        if lib.name == "vulkit":
            return lambda: lib.xp.unique_values(x)
        return lambda: lib.xp.unique(x)

    return Case(f"unique of {n:,} int64 in [0, 2^{high.bit_length() - 1})", "Mkeys/s", build, work=float(n),
                note="vt.unique_values; np/torch/cupy.unique (sorted); reads back one count")


def cases(cpu: bool) -> list[Case]:
    n = 1 << 20 if cpu else 1 << 24
    side = 1024 if cpu else 8192
    return [_sort(n), _argsort(n), _rows(side), _topk(n, 100), _unique(n, 1 << 20), _unique(n, 1 << 62)]
