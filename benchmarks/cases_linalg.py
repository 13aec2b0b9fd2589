"""Factorizations and solvers: ``solve`` and ``cholesky`` of one large float32 matrix (LU with partial pivoting,
Cholesky; PyTorch and CuPy call cuSOLVER), and a stack of 10^5 3x3 systems (graphics and physics). Times per call
include reading back the error flag, as every library's checked solve does."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _well(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    """Random matrices with a dominant diagonal (float32)."""
    n = shape[-1]
    a = np.random.default_rng(seed).standard_normal(shape, dtype=np.float32)
    return a + np.float32(2 * np.sqrt(n)) * np.eye(n, dtype=np.float32)


def _solve(batch: int, n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(_well((batch, n, n) if batch > 1 else (n, n)))
        b = lib.array(np.ones((batch, n, 1) if batch > 1 else (n, 1), dtype=np.float32))
        return lambda: lib.xp.linalg.solve(a, b)

    shape = f"{batch}x{n}x{n}" if batch > 1 else f"{n}x{n}"
    return Case(f"solve {shape} float32", "ms", build, note="LU with partial pivoting, one right-hand side")


def _cholesky(n: int) -> Case:
    def build(lib: Any) -> Any:
        a = _well((n, n))
        a = lib.array((a @ a.T / np.float32(n)).astype(np.float32) + np.eye(n, dtype=np.float32))
        return lambda: lib.xp.linalg.cholesky(a)

    return Case(f"cholesky {n}x{n} float32", "ms", build)


def cases(cpu: bool) -> list[Case]:
    n, batch = (256, 1000) if cpu else (4096, 100_000)
    return [_solve(1, n), _cholesky(n), _solve(batch, 3)]
