"""The LU panel kernel (`PanelSpec`, most of solve's time on an H100: each panel factored by one workgroup, column
after column), two ways:

  timing  solve of n x n float32 under three panel geometries, each timed with GPU timestamps and checked by its
          residual: default (panel_geometry), wg256 (at most 256 invocations: more rows each, narrower panels),
          regs128 (128 words of rows per invocation instead of 64: wider panels)
  --sweep the panel kernel alone over geometries (invocations, rows each, columns; float32, complex64, float64) and
          row counts m, its pivots against a float64 partial-pivoting reference: "ok" or "WRONG" a line. A kernel
          variant whose pivots go wrong in some geometries on one device only (the seventh session's registers
          turning a place a column, commit 7e3fa23, on the H100) is mapped this way; run it under
          probe_pipeline_stats.py to see each build's registers.

Run on the GPU machine: python benchmarks/probes/probe_lu_variants.py [n] | --sweep"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

import numpy as np

import vulkit as vt
from vulkit.array.kernels.factorization_blocked import PanelSpec
from vulkit.array.ops import linalg_blocked
from vulkit.runtime import context
from vulkit.runtime.events import Event

ORIGINAL_GEOMETRY = linalg_blocked.panel_geometry


def _geometry(kind: str) -> Any:
    def geometry(ctx: Any, m: int, itemsize: int, tb: int) -> tuple[int, int, int]:
        if kind == "default":
            return ORIGINAL_GEOMETRY(ctx, m, itemsize, tb)
        most = 256 if kind == "wg256" else 1024
        words = 128 if kind == "regs128" else 64
        wg = min(most, linalg_blocked.max_invocations(ctx), max(64, linalg_blocked.pow2(m)))
        rmax = linalg_blocked.pow2(math.ceil(m / wg))
        nb = min(wg, max(8, min(32, tb, words // (rmax * max(1, itemsize // 4)))))
        return wg, rmax, nb
    return geometry


def timing(n: int) -> None:
    rng = np.random.default_rng(0)
    a_host = rng.standard_normal((n, n)).astype(np.float32)
    b_host = rng.standard_normal(n).astype(np.float32)
    a, b = vt.asarray(a_host), vt.asarray(b_host)
    ctx = context.current()
    for kind in ("default", "wg256", "regs128"):
        linalg_blocked.panel_geometry = _geometry(kind)
        ctx.kernels._kernels.clear()  # noqa: SLF001 - a probe swaps kernel geometries
        try:
            began = time.perf_counter()
            x = vt.linalg.solve(a, b)
            vt.device.synchronize()
            first = time.perf_counter() - began
            best = float("inf")
            for _ in range(3):
                start, end = Event(enable_timing=True), Event(enable_timing=True)
                start.record()
                x = vt.linalg.solve(a, b)
                end.record()
                vt.device.synchronize()
                best = min(best, start.elapsed_time(end))
            residual = float(np.abs(a_host.astype(np.float64) @ x.numpy() - b_host).max())
            print(f"{kind:8s} {best:8.2f} ms  (first call {first:.1f} s, residual {residual:.2e})", flush=True)
        except Exception as error:  # noqa: BLE001 - a probe reports and goes on
            print(f"{kind:8s} {type(error).__name__}: {str(error)[:200]}", flush=True)
    linalg_blocked.panel_geometry = ORIGINAL_GEOMETRY


def reference_pivots(a: np.ndarray) -> np.ndarray:
    """LAPACK's partial pivoting of the m x k matrix a in float64 (complex pivots by |re| + |im|)."""
    a = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    pivots = []
    for j in range(a.shape[1]):
        p = j + int(np.argmax(np.abs(a[j:, j].real) + np.abs(a[j:, j].imag)))
        pivots.append(p)
        a[[j, p]] = a[[p, j]]
        a[j + 1:, j] /= a[j, j]
        a[j + 1:, j + 1:] -= np.outer(a[j + 1:, j], a[j, j + 1:])
    return np.array(pivots)


def panel(dtype: str, wg: int, rmax: int, nb: int, m: int) -> bool:
    """The panel kernel of geometry (wg, rmax, nb) on one random m x nb matrix: its pivots as the reference's."""
    rng = np.random.default_rng(wg * 100 + rmax * 10 + nb + m)
    a = rng.standard_normal((1, m, nb))
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal((1, m, nb))
    a = a.astype(dtype)
    w = vt.asarray(a)
    pivots, word = vt.zeros((1, nb), dtype=vt.uint32), vt.zeros((1,), dtype=vt.uint32)
    launch = linalg_blocked._Kernels(w, 64).get(PanelSpec, [w, pivots, word], nb=nb, rmax=rmax, wg=wg)  # noqa: SLF001
    launch([linalg_blocked._quad(w)], [1, m, nb, nb, 0], 1)  # noqa: SLF001
    return bool(np.array_equal(pivots.numpy()[0], reference_pivots(a[0])))


def sweep() -> None:
    for dtype in ("float32", "complex64", "float64"):
        words_per = 1 if dtype == "float32" else 2
        for wg in (16, 32, 64, 256, 1024):
            for rmax in (1, 2, 4, 8, 16):
                for nb in (8, 16, 32):
                    if nb > wg or rmax * nb * words_per > 256:
                        continue
                    full = wg * rmax
                    for m in sorted({nb, max(nb, full // 2 + 1), max(nb, full * 3 // 4), max(nb, full - 3)}):
                        ok = panel(dtype, wg, rmax, nb, m)
                        print(f"{dtype:10s} wg {wg:4d} rmax {rmax:2d} nb {nb:2d} m {m:5d} "
                              f"words {rmax * nb * words_per:4d} {'ok' if ok else 'WRONG'}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--sweep"]:
        sweep()
    else:
        timing(int(sys.argv[1]) if len(sys.argv) > 1 else 4096)
