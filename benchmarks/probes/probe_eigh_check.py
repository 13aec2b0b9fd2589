"""eigh of random symmetric float32 matrices of the given orders on this device's default path, checked against NumPy
(float64): the largest eigenvalue error and residual relative to the largest eigenvalue, the eigenvectors'
departure from orthonormality, and the wall time of the call.

    python benchmarks/probes/probe_eigh_check.py 512 1024
"""

from __future__ import annotations

import sys
import time

import numpy as np

import vulkit as vt


def main(orders: list[int]) -> None:
    for n in orders:
        g = np.random.default_rng(n).standard_normal((n, n), dtype=np.float32)
        h = (g + g.T) / 2
        x = vt.asarray(h)
        vt.linalg.eigh(x)  # compiled and warm
        start = time.perf_counter()
        w, v = vt.linalg.eigh(x)
        w, v = w.numpy().astype(np.float64), v.numpy().astype(np.float64)
        seconds = time.perf_counter() - start
        want = np.linalg.eigvalsh(h.astype(np.float64))
        scale = np.abs(want).max()
        print(f"eigh {n}: {seconds * 1e3:.1f} ms, eigenvalues {np.abs(w - want).max() / scale:.2e}, residual "
              f"{np.abs(h @ v - v * w).max() / scale:.2e}, orthonormality {np.abs(v.T @ v - np.eye(n)).max():.2e} "
              f"(float32 eps {np.finfo(np.float32).eps:.1e})", flush=True)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]])
