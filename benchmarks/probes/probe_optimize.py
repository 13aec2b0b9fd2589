"""Whether SPIRV-Tools' optimizer (``spirv-opt -O``: loops marked [[unroll]] unrolled, private arrays indexed by
loop counters promoted to registers) makes a family's kernels faster on this driver: one operation's GPU time per
kernel with the family's specs compiled as they ship, then with ``optimize = True``, and the results compared.

The float16 matmul kernel lost 6x to arrays the NVIDIA driver left in memory (loops with barriers it did not
unroll); the sort's scatter, the scans and the LU kernels keep per-thread arrays in the same kind of loops.

    python benchmarks/probes/probe_optimize.py sort      (one case of CASES per run: compiles can be slow)"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
from probe_kernel_times import profile

import vulkit as vt
from vulkit.array.kernels import factorization as fa
from vulkit.array.kernels import factorization_blocked as fb
from vulkit.array.kernels import fft as kf
from vulkit.array.kernels import image_filter, reduction, scan, softmax, sort
from vulkit.runtime import context

SETUP = """rng = np.random.default_rng(0)
x = vt.asarray(rng.random(1 << 24, dtype=np.float32)); k = vt.asarray(rng.integers(0, 1 << 20, 1 << 24))
m = vt.asarray(rng.random((8192, 8192), dtype=np.float32)); b = x > 0.5
g = rng.standard_normal((4096, 4096)).astype(np.float32)
a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))
z = vt.asarray((rng.standard_normal(1 << 24) + 1j * rng.standard_normal(1 << 24)).astype(np.complex64))
img = vt.asarray(rng.random((4096, 4096), dtype=np.float32))"""

CASES: dict[str, tuple[str, tuple[type, ...]]] = {
    "sort": ("vt.sort(x)", (sort.RadixSpec,)),
    "argsort": ("vt.argsort(x, stable=True)", (sort.RadixSpec,)),
    "rowsort": ("vt.sort(m[:2048], axis=1)", (sort.RadixSpec, sort.TileSortSpec)),
    "cumsum": ("vt.cumulative_sum(x)", (scan.ScanSpec,)),
    "nonzero": ("vt.nonzero(b)", (scan.ScanSpec,)),
    "colsum": ("vt.sum(m, axis=0)", (reduction.ReduceSpec,)),
    "softmax": ("vt.nn.functional.softmax(m, axis=1)", (softmax.SoftmaxSpec,)),
    "solve": ("vt.linalg.solve(a, x[:4096])", (fb.PanelSpec, fb.LaswpSpec, fb.TrsmSpec)),
    "cholesky": ("vt.linalg.cholesky(a)", (fa.CholSpec, fb.TrsmSpec)),
    "fft": ("vt.fft.fft(z)", (kf.FFTPassSpec,)),
    "gaussian": ("vt.image.gaussian_filter(img, 2.0)", (image_filter.WindowSpec,)),
}


def _result(statement: str, namespace: dict[str, Any]) -> np.ndarray:
    out = eval(statement, namespace)  # noqa: S307 - a probe runs what it is given
    first = out[0] if isinstance(out, tuple) else out
    return np.asarray(first.numpy() if hasattr(first, "numpy") else first)


def main() -> None:
    name = sys.argv[1]
    statement, classes = CASES[name]
    ctx = context.current()
    namespace: dict[str, Any] = {"vt": vt, "np": np}
    exec(SETUP, namespace)  # noqa: S102
    results = {}
    for optimize in (False, True):
        for cls in classes:
            cls.optimize = optimize
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        started = time.perf_counter()
        results[optimize] = _result(statement, namespace)
        first = time.perf_counter() - started
        times = profile(statement, namespace)
        total = sum(times.values())
        parts = ", ".join(f"{k} {v * 1e3:.1f}" for k, v in sorted(times.items(), key=lambda kv: -kv[1]))
        print(f"{name:9s} optimize={optimize!s:5s} {total * 1e3:10.1f} µs  (first call {first:.1f} s)  {parts}",
              flush=True)
    same = np.array_equal(results[False], results[True], equal_nan=True)
    error = 0.0 if same else float(np.nanmax(np.abs(results[False].astype(np.float64) - results[True])))
    print(f"{name:9s} results {'identical' if same else f'differ by {error:.2e}'}", flush=True)


if __name__ == "__main__":
    main()
