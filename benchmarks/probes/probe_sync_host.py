"""The host's share of a synchronised operation: ``x + x`` recorded, the batch submitted, the wait, each timed
apart over many calls; then the pieces underneath (a Python call, cffi allocations, vkGetSemaphoreCounterValue, a
command pool's reset, a command buffer's begin and end, vkQueueSubmit) timed alone. Shows where the ~100 µs a
synchronised call goes on a machine whose host is slow.

    python benchmarks/probes/probe_sync_host.py"""

from __future__ import annotations

import time
import timeit

import numpy as np

import vulkit as vt
from vulkit.hal.vulkan._ffi import ffi
from vulkit.runtime import context


def _per_call(statement: str, namespace: dict, number: int = 2000) -> float:
    return timeit.timeit(statement, globals=namespace, number=number) / number * 1e6


def main() -> None:
    ctx = context.current()
    stream = ctx.stream
    x = vt.asarray(np.random.default_rng(0).random(4096) > 0.5)
    for _ in range(100):
        x + x
        vt.device.synchronize()
    calls = 1000
    spent = {"record": 0.0, "flush": 0.0, "wait": 0.0}
    for _ in range(calls):
        t0 = time.perf_counter()
        x + x
        t1 = time.perf_counter()
        value = stream.flush()
        t2 = time.perf_counter()
        stream.wait(value)
        t3 = time.perf_counter()
        spent["record"] += t1 - t0
        spent["flush"] += t2 - t1
        spent["wait"] += t3 - t2
    print("x + x, then synchronised: " + ", ".join(f"{k} {v / calls * 1e6:.1f} µs" for k, v in spent.items()))
    semaphore = getattr(stream._clock, "semaphore", None)
    namespace = {"ffi": ffi, "semaphore": semaphore, "stream": stream, "x": x, "vt": vt, "f": lambda: None}
    rows = {"a Python call": "f()",
            "ffi.new('uint64_t*')": "ffi.new('uint64_t*')",
            "x + x (recorded)": "x + x",
            "an empty flush": "stream.flush()"}
    if semaphore is not None:
        rows["vkGetSemaphoreCounterValue"] = "semaphore.value"
    for name, statement in rows.items():
        print(f"{name:30s} {_per_call(statement, namespace):8.2f} µs")
    slot = stream._slots[0]
    pool = slot.pools[0] if slot.pools else None
    cb = slot.command_buffer
    vt.device.synchronize()
    if pool is not None:
        print(f"{'vkResetCommandPool':30s} {_per_call('pool.reset()', {'pool': pool}, 500):8.2f} µs")
    print(f"{'vkBegin + vkEndCommandBuffer':30s} "
          f"{_per_call('cb.begin(one_time=True); cb.end()', {'cb': cb}, 500):8.2f} µs")
    queue = stream.queue
    cb.begin(one_time=True)
    cb.end()
    started = time.perf_counter()
    for _ in range(200):
        queue.submit([cb])
        ctx.device.wait_idle() if hasattr(ctx.device, "wait_idle") else None
    print(f"{'vkQueueSubmit + device idle':30s} {(time.perf_counter() - started) / 200 * 1e6:8.2f} µs")


if __name__ == "__main__":
    main()
