"""Scans and what is built on them: cumulative_sum of a large float32 array and of the rows of a square matrix (GB/s
counts 4 bytes read and 4 written per element), nonzero of a bool array with half its elements set, bincount of
int64 keys in 1000 bins (time per call: both read a count back)."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _cumsum(shape: tuple[int, ...]) -> Case:
    axis = len(shape) - 1

    def build(lib: Any) -> Any:
        x = lib.array(np.random.default_rng(0).standard_normal(shape, dtype=np.float32))
        if lib.name == "vulkit":
            return lambda: lib.xp.cumulative_sum(x, axis=axis)
        if lib.name == "torch":
            return lambda: lib.xp.cumsum(x, dim=axis)
        return lambda: lib.xp.cumsum(x, axis=axis)

    what = f"the rows of {shape[0]}x{shape[1]}" if len(shape) == 2 else f"{shape[0]:,}"
    return Case(f"cumulative_sum of {what} float32", "GB/s", build, work=8.0 * np.prod(shape))


def _nonzero(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(np.random.default_rng(1).random(n) < 0.5)
        if lib.name == "torch":
            return lambda: lib.xp.nonzero(x, as_tuple=True)
        return lambda: lib.xp.nonzero(x)

    return Case(f"nonzero of {n:,} bool, half set", "µs", build)


def _bincount(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(np.random.default_rng(2).integers(0, 1000, n))
        return lambda: lib.xp.bincount(x)

    return Case(f"bincount of {n:,} int64 in 1000 bins", "µs", build)


def cases(cpu: bool) -> list[Case]:
    n = 1 << 22 if cpu else 1 << 28
    side = 1024 if cpu else 8192
    small = 1 << 20 if cpu else 1 << 24
    return [_cumsum((n,)), _cumsum((side, side)), _nonzero(small), _bincount(small)]
