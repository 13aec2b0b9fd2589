"""Where a fresh process's first tiny ops spend their time: wall and CPU time per call in buckets, and the time
spent waiting for the GPU, submitting batches and allocating blocks in each bucket.

Run: python benchmarks/probes/probe_warmup.py [CALLS [BUCKET]] [--torch]  (default 6000 calls of ``a + a`` on 64 floats)
"""

from __future__ import annotations

import sys
import time


def _wrap(obj, name, totals, key):
    original = getattr(obj, name)

    def timed(*args, **kwargs):
        start = time.perf_counter_ns()
        try:
            return original(*args, **kwargs)
        finally:
            totals[key] += time.perf_counter_ns() - start
            totals[key + "_n"] += 1

    setattr(obj, name, timed)


def main() -> None:
    calls = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 6000
    start = time.perf_counter()
    import numpy as np

    import vulkit as vt
    from vulkit.runtime import context

    a = vt.asarray(np.ones(64, np.float32))
    ctx = context.current()
    print(f"import + device + first array: {(time.perf_counter() - start) * 1e3:.1f} ms")
    totals = dict.fromkeys(["wait", "wait_n", "submit", "submit_n", "block", "block_n"], 0)
    _wrap(ctx.stream._clock, "wait", totals, "wait")
    _wrap(ctx.stream._clock, "submit", totals, "submit")
    _wrap(ctx.allocator, "_raw_alloc", totals, "block") if hasattr(ctx.allocator, "_raw_alloc") else None
    bucket = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 250
    rows = []
    walls = []
    first: list[tuple[int, int]] = []
    for i in range(calls):
        w0, c0 = time.perf_counter_ns(), time.thread_time_ns()
        a + a
        walls.append((time.perf_counter_ns() - w0, time.thread_time_ns() - c0))
        if i < 40:
            first.append(walls[-1])
        if (i + 1) % bucket == 0:
            wall = sum(w for w, _ in walls) / bucket / 1e3
            cpu = sum(c for _, c in walls) / bucket / 1e3
            worst = max(w for w, _ in walls) / 1e3
            rows.append((i + 1, wall, cpu, worst, totals["wait"] / 1e3, totals["wait_n"], totals["submit"] / 1e3,
                         totals["submit_n"], totals["block"] / 1e3, totals["block_n"], ctx.stream.batches))
            walls.clear()
            for k in totals:
                totals[k] = 0
    for i, (w, c) in enumerate(first[:40]):
        print(f"call {i + 1}: wall {w / 1e3:.1f} µs, cpu {c / 1e3:.1f} µs")
    print("calls  wall/op  cpu/op  worst   wait(us,n)     submit(us,n)   blocks(us,n)  batches")
    for r in rows:
        print(f"{r[0]:5d} {r[1]:7.2f} {r[2]:7.2f} {r[3]:8.1f} {r[4]:9.0f} {r[5]:4d} {r[6]:9.0f} {r[7]:4d} "
              f"{r[8]:9.0f} {r[9]:3d} {r[10]:6d}")
    if "--torch" in sys.argv:
        import torch

        t = torch.ones(64, device="cuda")
        walls.clear()
        for _ in range(calls):
            w0 = time.perf_counter_ns()
            t + t
            walls.append(time.perf_counter_ns() - w0)
        print("torch wall/op per bucket:", [round(sum(walls[k:k + bucket]) / bucket / 1e3, 2)
                                           for k in range(0, calls, bucket)])


if __name__ == "__main__":
    main()
