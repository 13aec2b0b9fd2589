"""qr, eigh and svd of random float32 matrices of the given orders on this device's default paths, checked against
NumPy (float64): for qr the reconstruction error relative to max |A| and Q's departure from orthonormality; for eigh
the largest eigenvalue error and residual relative to the largest eigenvalue and the eigenvectors' orthonormality; for
svd the singular value error, the reconstruction error (relative to the largest singular value) and U's and V's
orthonormality; and the wall time of each call.

    python benchmarks/probes/probe_spectral_check.py 512 1024 --qr 4096
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import vulkit as vt

EPS = f"(float32 eps {np.finfo(np.float32).eps:.1e})"


def _timed(function, *args):
    function(*args)  # compiled and warm
    start = time.perf_counter()
    out = [x.numpy().astype(np.float64) for x in function(*args)]
    return time.perf_counter() - start, out


def _departure(q: np.ndarray) -> float:
    return float(np.abs(q.T @ q - np.eye(q.shape[1])).max())


def check_qr(n: int) -> None:
    a = np.random.default_rng(n).standard_normal((n, n), dtype=np.float32)
    seconds, (q, r) = _timed(vt.linalg.qr, vt.asarray(a))
    print(f"qr {n}: {seconds * 1e3:.1f} ms, reconstruction {np.abs(q @ r - a).max() / np.abs(a).max():.2e}, "
          f"orthonormality {_departure(q):.2e} {EPS}", flush=True)


def check_eigh(n: int) -> None:
    g = np.random.default_rng(n).standard_normal((n, n), dtype=np.float32)
    h = (g + g.T) / 2
    seconds, (w, v) = _timed(vt.linalg.eigh, vt.asarray(h))
    want = np.linalg.eigvalsh(h.astype(np.float64))
    scale = np.abs(want).max()
    print(f"eigh {n}: {seconds * 1e3:.1f} ms, eigenvalues {np.abs(w - want).max() / scale:.2e}, residual "
          f"{np.abs(h @ v - v * w).max() / scale:.2e}, orthonormality {_departure(v):.2e} {EPS}", flush=True)


def check_svd(n: int) -> None:
    a = np.random.default_rng(n + 1).standard_normal((n, n), dtype=np.float32)
    seconds, (u, s, vh) = _timed(lambda x: vt.linalg.svd(x, full_matrices=False), vt.asarray(a))
    want = np.linalg.svd(a.astype(np.float64), compute_uv=False)
    print(f"svd {n}: {seconds * 1e3:.1f} ms, singular values {np.abs(s - want).max() / want.max():.2e}, "
          f"reconstruction {np.abs((u * s) @ vh - a).max() / want.max():.2e}, orthonormality "
          f"{max(_departure(u), _departure(vh.T)):.2e} {EPS}", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("orders", nargs="*", type=int, help="orders of eigh and svd")
    parser.add_argument("--qr", nargs="*", type=int, default=[], help="orders of qr")
    args = parser.parse_args()
    for n in args.qr:
        check_qr(n)
    for n in args.orders:
        check_eigh(n)
        check_svd(n)
