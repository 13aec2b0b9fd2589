"""Complex elementwise operations: complex64 products and quotients (bandwidth-bound), exp and sqrt (the complex math
library), abs (a complex64 array to float32). GB/s counts the bytes read and written."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _values(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(n, dtype=np.float32) + 1j * rng.standard_normal(n, dtype=np.float32)).astype(
        np.complex64)


def _binary(name: str, n: int) -> Case:
    def build(lib: Any) -> Any:
        x, y = lib.array(_values(n, 0)), lib.array(_values(n, 1))
        function = getattr(lib.xp, name)
        return lambda: function(x, y)

    return Case(f"{name} of {n:,} complex64", "GB/s", build, work=24.0 * n)


def _unary(name: str, n: int, out_bytes: int = 8) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_values(n, 0))
        function = getattr(lib.xp, name)
        return lambda: function(x)

    return Case(f"{name} of {n:,} complex64", "GB/s", build, work=(8.0 + out_bytes) * n)


def cases(cpu: bool) -> list[Case]:
    n = 1 << 20 if cpu else 1 << 26
    return [_binary("multiply", n), _binary("divide", n), _unary("exp", n), _unary("sqrt", n), _unary("abs", n, 4)]
