"""The triangular solve kernel (TrsmSpec: one 64 x 64 diagonal block against 4096 right-hand sides, as every block
step of solve_triangular 4096 with 4096 right-hand sides runs it) alone, over workgroup sizes and columns a
workgroup, against the product that would replace it with an inverted diagonal block (64 x 64 times 64 x 4096):
GPU time of 20 dispatches in a row, each variant's kernel compiled first, as the stream batches them (a GPU
faster than the host's recording waits for it) and in one batch (the kernels' own time).

Run on the GPU machine: python benchmarks/probes/probe_trsm.py"""

from __future__ import annotations

import math

import numpy as np
import probe_kernel_times as pkt
from probe_one_batch import ONE_BATCH, SHIPPED

import vulkit as vt
from vulkit.array.kernels.factorization_blocked import TrsmSpec
from vulkit.array.ops import linalg_blocked as blocked
from vulkit.array.ops.linalg_common import Launcher
from vulkit.array.ops.matmul import gemm
from vulkit.runtime import stream

DISPATCHES = 20


def _both(function: object) -> str:
    """GPU µs a dispatch as the stream batches ``function``'s dispatches, then in one batch."""
    times = []
    for settings in (SHIPPED, ONE_BATCH):
        for name, value in settings.items():
            setattr(stream, name, value)
        times.append(pkt.best_gpu_seconds(function) / DISPATCHES * 1e6)
    return f"{times[0]:7.1f} µs a dispatch, {times[1]:7.1f} in one batch"


def main() -> None:
    rng = np.random.default_rng(0)
    n = 4096
    t = vt.asarray((np.tril(rng.standard_normal((n, n))) + 64 * np.eye(n)).astype(np.float32)[None])
    x = vt.asarray(rng.standard_normal((1, n, n), dtype=np.float32))
    y = vt.asarray(np.zeros((1, n, n), dtype=np.float32))
    block, rows, out = blocked._sub(t, 0, 64, 0, 64), blocked._sub(x, 0, 64, 0, n), blocked._sub(y, 0, 64, 0, n)
    lanes = blocked._lanes(x._ctx)
    for wg in (128, 256, 512):
        for columns in (4, 8, 16, 32, 64):
            if columns * 32 < wg:  # more subgroups than columns: idle ones
                continue
            solve = Launcher(x._ctx, TrsmSpec, x._dtype, [t, x], nb=64, lower=True, unit=False, conj=False,
                             swap=False, lanes=lanes, wg=wg, columns=columns)

            def run(solve: Launcher = solve, columns: int = columns) -> None:
                for _ in range(DISPATCHES):
                    solve([blocked._quad(block), blocked._quad(rows)], [1, 64, n, 0, 0], math.ceil(n / columns))

            print(f"TrsmSpec wg {wg:3d} columns {columns:2d}: {_both(run)}", flush=True)

    def product() -> None:
        for _ in range(DISPATCHES):
            gemm(block, rows, out)

    print(f"gemm 64 x 64 @ 64 x {n}: {_both(product)}", flush=True)


if __name__ == "__main__":
    main()
