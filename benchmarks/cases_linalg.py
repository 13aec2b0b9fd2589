"""Factorizations and solvers: ``solve`` and ``cholesky`` of one large float32 matrix (LU with partial pivoting,
Cholesky; PyTorch and CuPy call cuSOLVER), a stack of 10^5 3x3 systems (graphics and physics), and SciPy's
``lu_factor`` and ``solve_triangular`` (PyTorch's ``torch.linalg`` and ``cupyx.scipy.linalg`` have them; NumPy's
row is SciPy's). Times per call of solve and cholesky include reading back the error flag, as every library's
checked solve does; lu_factor and solve_triangular run without SciPy's finiteness check."""

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


def _lu_factor(n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(_well((n, n)))
        if lib.name == "torch":
            return lambda: lib.xp.linalg.lu_factor(a)
        if lib.name == "vulkit":
            return lambda: lib.xp.linalg.lu_factor(a, check_finite=False)
        scipy_like = _scipy_linalg(lib)
        return lambda: scipy_like.lu_factor(a, check_finite=False)

    return Case(f"lu_factor {n}x{n} float32", "ms", build, note="LU with partial pivoting, L and U and the pivots")


def _solve_triangular(n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(np.tril(_well((n, n))))
        b = lib.array(np.ones((n, n), dtype=np.float32))
        if lib.name == "torch":
            return lambda: lib.xp.linalg.solve_triangular(a, b, upper=False)
        if lib.name == "vulkit":
            return lambda: lib.xp.linalg.solve_triangular(a, b, lower=True, check_finite=False)
        scipy_like = _scipy_linalg(lib)
        return lambda: scipy_like.solve_triangular(a, b, lower=True, check_finite=False)

    return Case(f"solve_triangular {n}x{n}, {n} right-hand sides, float32", "ms", build)


def _scipy_linalg(lib: Any) -> Any:
    """SciPy's linalg for NumPy, cupyx's for CuPy."""
    if lib.name == "cupy":
        import cupyx.scipy.linalg as linalg
    else:
        import scipy.linalg as linalg
    return linalg


def cases(cpu: bool) -> list[Case]:
    n, batch = (256, 1000) if cpu else (4096, 100_000)
    return [_solve(1, n), _cholesky(n), _solve(batch, 3), _lu_factor(n), _solve_triangular(n)]
