"""Which subgroup/fragment grid the float16 cooperative-matrix matmul (kernels/matmul_coop.py) should use: each grid
runs in its own process under a time limit (the NVIDIA driver has taken minutes to compile some grids, and a
probe must not spend the session's device time waiting), is checked against NumPy and timed with GPU timestamps
on 4096 x 4096 x 4096 (or --n).

A grid is (subgroups along M, subgroups along N, fragments per subgroup along M, along N, step along K[, 1: bounds
checked even where every tile is inside]); it is used whatever the product's size (the small-product grid off).

Run on the GPU machine: python benchmarks/probes/probe_coop_grids.py [--limit SECONDS] [--n SIZE] [grid ...]
(a grid as 2,2,4,4,16; default: the list below)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
import types

import numpy as np

N = int(os.environ.get("PROBE_N", 4096))  # the product's size (--n)
GRIDS = ((2, 2, 4, 4, 32), (2, 2, 4, 2, 32), (2, 2, 2, 4, 32), (2, 2, 4, 4, 64), (1, 4, 4, 4, 32), (2, 2, 4, 4, 16),
         (1, 2, 4, 4, 32), (2, 1, 4, 4, 32), (2, 2, 2, 2, 64), (2, 2, 4, 4, 32, 1))


def one(grid: tuple[int, ...]) -> None:
    """Check and time the product on ``grid`` (in this process)."""
    from probe_kernel_times import best_gpu_seconds  # noqa: PLC0415

    import vulkit as vt  # noqa: PLC0415 - the parent process never starts a device
    from vulkit.array.ops import matmul as matmul_ops  # noqa: PLC0415

    matmul_ops._COOP_GRID = grid[:5]
    matmul_ops._COOP_FEW_TILES = 0
    if grid[5:] == (1,):
        replace = dataclasses.replace
        matmul_ops.dataclasses = types.SimpleNamespace(replace=lambda spec, **_: replace(spec, checked=True))
    rng = np.random.default_rng(0)
    a_host = rng.standard_normal((N, N)).astype(np.float16)
    b_host = rng.standard_normal((N, N)).astype(np.float16)
    a, b = vt.asarray(a_host), vt.asarray(b_host)
    c = vt.empty((N, N), dtype=vt.float16)
    began = time.perf_counter()
    vt.matmul(a, b, out=c)
    vt.device.synchronize()
    compiled = time.perf_counter() - began
    rows = rng.choice(N, 64, replace=False)
    expected = a_host[rows].astype(np.float32) @ b_host.astype(np.float32)
    error = float(np.max(np.abs(c.numpy()[rows].astype(np.float32) - expected)) / np.max(np.abs(expected)))
    best = best_gpu_seconds(lambda: vt.matmul(a, b, out=c), 10)
    print(f"grid={grid}: {2.0 * N ** 3 / best / 1e12:7.1f} TFLOP/s ({best * 1e3:.3f} ms), first call {compiled:.1f} s,"
          f" max error {error:.1e} of the largest", flush=True)


def main(argv: list[str]) -> None:
    global N
    limit = 90.0
    if argv[:1] == ["--limit"]:
        limit, argv = float(argv[1]), argv[2:]
    if argv[:1] == ["--n"]:
        N, argv = int(argv[1]), argv[2:]
        os.environ["PROBE_N"] = str(N)
    if argv[:1] == ["--one"]:
        one(tuple(int(v) for v in argv[1].split(",")))
        return
    each_in_a_process(__file__, [tuple(int(v) for v in g.split(",")) for g in argv] or list(GRIDS), limit)


def each_in_a_process(script: str, variants: list[tuple[int, ...]], limit: float) -> None:
    """``script --one v`` for each variant v in a process of its own, stopped after ``limit`` seconds (a driver
    may compile some kernels for minutes); prints what each printed, or why it did not."""
    for variant in variants:
        try:
            done = subprocess.run([sys.executable, script, "--one", ",".join(map(str, variant))], timeout=limit,
                                  capture_output=True, text=True)
            print(done.stdout.strip() or f"{variant}: failed: {done.stderr.strip()[-600:]}", flush=True)
        except subprocess.TimeoutExpired:
            print(f"{variant}: not done within {limit:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
