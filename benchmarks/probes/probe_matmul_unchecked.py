"""The tiled float32 matmul with and without bounds checks in its loads (ops.matmul._UNCHECKED_TILES), alternating
in one process, GPU time by timestamps: 1024, 4096, 8192 squares and the batched 4096 x 64 x 64 product.

Run on the GPU machine: python benchmarks/probes/probe_matmul_unchecked.py"""

from __future__ import annotations

import numpy as np
from probe_kernel_times import best_gpu_seconds

import vulkit as vt
from vulkit.array.ops import matmul as matmul_ops


def main() -> None:
    rng = np.random.default_rng(0)
    cases = []
    for n in (1024, 4096, 8192):
        a = vt.asarray(rng.standard_normal((n, n), dtype=np.float32))
        cases.append((f"{n}^3", a, a, 2.0 * n ** 3))
    x = vt.asarray(rng.standard_normal((4096, 64, 64), dtype=np.float32))
    cases.append(("4096x64^3", x, x, 2.0 * 4096 * 64 ** 3))
    for _name, a, b, _flops in cases:
        for flag in (True, False):  # compile both first
            matmul_ops._UNCHECKED_TILES = flag
            vt.matmul(a, b)
        vt.device.synchronize()
    for name, a, b, flops in cases:
        figures = {}
        for _ in range(3):
            for flag in (False, True):
                matmul_ops._UNCHECKED_TILES = flag
                seconds = best_gpu_seconds(lambda a=a, b=b: vt.matmul(a, b), 10)
                figures[flag] = min(figures.get(flag, float("inf")), seconds)
        print(f"{name}: checked {flops / figures[False] / 1e12:6.1f}  unchecked {flops / figures[True] / 1e12:6.1f}"
              " TFLOP/s", flush=True)


if __name__ == "__main__":
    main()
