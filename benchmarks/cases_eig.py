"""General eigenproblems: ``eig`` of one matrix (the shared-memory kernel at order 64, the device-memory one at 256)
and ``eigvals`` of a stack of 4x4 matrices (graphics and physics). PyTorch's ``torch.linalg.eig`` runs LAPACK's
``geev`` through MAGMA on the GPU (with host work); NumPy's on the CPU. Times include the reads back that every
library's ``eig`` does."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case

PEERS = ("vulkit", "torch", "numpy")  # CuPy has eig only from v14 with CUDA 12.6


def _matrices(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal(shape, dtype=np.float32)


def _eig(n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(_matrices((n, n)))
        return lambda: lib.xp.linalg.eig(a)

    path = "shared memory" if n <= 64 else "device memory"
    return Case(f"eig {n}x{n} float32", "ms", build, note=f"eigenvalues and eigenvectors ({path} on vulkit)",
                peers=PEERS)


def _eigvals_stack(batch: int, n: int) -> Case:
    def build(lib: Any) -> Any:
        a = lib.array(_matrices((batch, n, n), seed=1))
        return lambda: lib.xp.linalg.eigvals(a)

    return Case(f"eigvals {batch}x{n}x{n} float32", "ms", build, note="one workgroup per matrix on vulkit",
                peers=PEERS)


def cases(cpu: bool) -> list[Case]:
    if cpu:
        return [_eig(32), _eig(96), _eigvals_stack(1000, 4)]
    return [_eig(64), _eig(256), _eigvals_stack(10_000, 4)]
