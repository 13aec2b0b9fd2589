"""A user's short script: a few different ops on small arrays, each result read back; the time of each
expression in its first and later rounds (wall and CPU), and of the import and the device's creation.

Run: python benchmarks/probes/probe_script.py (a fresh VULKIT_CACHE_DIR shows the first run on a machine)
"""

from __future__ import annotations

import time


def main() -> None:
    start = time.perf_counter()
    import numpy as np

    import vulkit as vt

    imported = time.perf_counter()
    x = vt.asarray(np.linspace(-2, 2, 1000, dtype=np.float32))
    ready = time.perf_counter()
    expressions = (lambda: vt.exp(x) * 2 + x, lambda: vt.sin(x) + vt.cos(x), lambda: vt.where(x > 0, x, 0.0),
                   lambda: (x * x).astype(vt.float16), lambda: vt.sqrt(vt.abs(x)) - 1)
    times = []
    for _ in range(3):
        for expression in expressions:
            wall, cpu = time.perf_counter(), time.thread_time()
            expression().numpy()
            times.append(((time.perf_counter() - wall) * 1e3, (time.thread_time() - cpu) * 1e3))
    print(f"import {1e3 * (imported - start):.0f} ms, first asarray (device) {1e3 * (ready - imported):.0f} ms")
    print("per expression + read, ms (wall/cpu):", " ".join(f"{w:.2f}/{c:.2f}" for w, c in times))


if __name__ == "__main__":
    main()
