"""A user's short script: a few different ops on small arrays, each result printed (read back)."""
import time
t0 = time.perf_counter()
import numpy as np
import vulkit as vt
t1 = time.perf_counter()
x = vt.asarray(np.linspace(-2, 2, 1000, dtype=np.float32))
t2 = time.perf_counter()
times = []
for step in range(3):
    for f in (lambda: vt.exp(x) * 2 + x, lambda: vt.sin(x) + vt.cos(x), lambda: vt.where(x > 0, x, 0.0),
              lambda: (x * x).astype(vt.float16), lambda: vt.sqrt(vt.abs(x)) - 1):
        s = time.perf_counter(); c = time.thread_time()
        y = f(); y.numpy()
        times.append(((time.perf_counter() - s) * 1e3, (time.thread_time() - c) * 1e3))
print(f"import {1e3*(t1-t0):.0f} ms, first asarray (device) {1e3*(t2-t1):.0f} ms")
print("per expression + read, ms (wall/cpu):", " ".join(f"{w:.2f}/{c:.2f}" for w, c in times))
