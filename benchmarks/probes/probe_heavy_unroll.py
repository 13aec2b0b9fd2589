"""Compile time (SPIR-V to pipeline, first call) and GPU time of compute-heavy elementwise ops in the vec layout
at the default unroll and at one item per thread and pass.

Run: python benchmarks/probes/probe_heavy_unroll.py [UNROLL]  (UNROLL: force this many items; default: vulkit's)
For cold compiles give each process an empty VULKIT_CACHE_DIR and, on NVIDIA, an empty __GL_SHADER_DISK_CACHE_PATH.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import vulkit as vt
from vulkit.array.kernels import elementwise

if len(sys.argv) > 1:
    forced = int(sys.argv[1])
    elementwise.unroll_of = lambda key: forced if key.layout in elementwise.CONTIGUOUS_VEC4_LAYOUTS else 4

CASES = {"sin": vt.sin, "tan": vt.tan, "atan": vt.atan, "pow": lambda x: x ** 1.7, "exp": vt.exp,
         "gelu": lambda x: vt.nn.functional.gelu(x), "add": lambda x: x + x}
n = 1 << 22  # the vec layout (below the wide layout's 2^24)
small = vt.asarray(np.linspace(0.1, 2, 4096, dtype=np.float32))
big = vt.asarray(np.linspace(0.1, 2, n, dtype=np.float32))
vt.device.synchronize()
for name, op in CASES.items():
    start = time.perf_counter()
    op(small).numpy()
    first = (time.perf_counter() - start) * 1e3
    for _ in range(3):
        op(big)
    vt.device.synchronize()
    best = float("inf")
    for _ in range(10):
        a, b = vt.device.Event(enable_timing=True), vt.device.Event(enable_timing=True)
        a.record()
        for _ in range(20):
            op(big)
        b.record()
        b.synchronize()
        best = min(best, a.elapsed_time(b) / 20)
    print(f"{name:5s} first call {first:8.1f} ms   2^22 float32: {best * 1e3:7.1f} µs")
