"""Reductions and softmax: sum, max, argmax, mean, var of a large float32 array; row and column sums of a square
matrix; row softmax. GB/s counts the bytes read (and, for softmax, written)."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _values(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(0).standard_normal(shape, dtype=np.float32)


def _flat(name: str, n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_values((n,)))
        function = getattr(lib.xp, name)
        if name == "var" and lib.name == "torch":
            return lambda: lib.xp.var(x, correction=0)
        return lambda: function(x)

    return Case(f"{name} of {n:,} float32", "GB/s", build, work=4.0 * n)


def _axis_sum(n: int, axis: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_values((n, n)))
        return lambda: lib.xp.sum(x, axis=axis)

    return Case(f"{'row' if axis == 1 else 'column'} sum of {n}x{n} float32", "GB/s", build, work=4.0 * n * n)


def _softmax(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_values((n, n)))
        if lib.name == "torch":
            return lambda: lib.xp.softmax(x, -1)
        if lib.name == "cupy":
            import cupyx.scipy.special as special
            return lambda: special.softmax(x, axis=-1)
        if lib.name == "numpy":
            import scipy.special as special
            return lambda: special.softmax(x, axis=-1)
        return lambda: lib.xp.nn.functional.softmax(x, axis=-1)

    return Case(f"softmax of the rows of {n}x{n} float32", "GB/s", build, work=8.0 * n * n)


def cases(cpu: bool) -> list[Case]:
    n = 1 << 22 if cpu else 1 << 28
    side = 1024 if cpu else 8192
    return [*(_flat(name, n) for name in ("sum", "max", "argmax", "mean", "var")),
            _axis_sum(side, 1), _axis_sum(side, 0), _softmax(side)]
