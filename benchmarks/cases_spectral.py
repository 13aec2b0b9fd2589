"""QR, eigh and SVD of one large float32 matrix (PyTorch and CuPy call cuSOLVER: ``geqrf``/``orgqr``, ``syevd``,
``gesvd``/``gesvdj``; NumPy LAPACK on the CPU). Times include the reads back each library's call does (vulkit's
Jacobi sweeps read one convergence flag a sweep, its eigh's inverse iteration a residual check)."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _matrix(n: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((n, n), dtype=np.float32)


def _qr(n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(_matrix(n))
        return lambda: lib.xp.linalg.qr(a)

    return Case(f"qr {n}x{n} float32", "ms", build, note="Q and R (blocked Householder on vulkit)")


def _eigh(n: int) -> Case:
    def build(lib: Any) -> Any:
        g = _matrix(n, seed=1)
        a = lib.array((g + g.T) / np.float32(2))
        return lambda: lib.xp.linalg.eigh(a)

    return Case(f"eigh {n}x{n} float32", "ms", build,
                note="eigenvalues and eigenvectors (tridiagonal reduction, bisection, inverse iteration on vulkit)")


def _svd(n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(_matrix(n, seed=2))
        return lambda: lib.xp.linalg.svd(a, full_matrices=False)

    return Case(f"svd {n}x{n} float32", "ms", build,
                note="U, S and V^H (bidiagonal reduction, Golub-Kahan vectors on vulkit)")


def cases(cpu: bool) -> list[Case]:
    if cpu:
        return [_qr(128), _eigh(64), _svd(64)]
    return [_qr(4096), _eigh(512), _eigh(2048), _svd(512), _svd(2048)]
