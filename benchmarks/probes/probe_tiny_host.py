"""What the host does to the tiny op's wall time (``x + x`` on 8 float32): rounds of 20,000 ops under each
condition, the conditions interleaved round by round (so a slow spell of the host hits them all), with
PyTorch's ``x + x`` as one more condition where it is present. Conditions: as is; the garbage collector off
(as timeit does); the main thread pinned to one CPU; both. Prints each condition's best and median.
Run on a GPU machine: ``python3 benchmarks/probes/probe_tiny_host.py [rounds]``."""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import torch_cuda  # noqa: E402

import vulkit as vt  # noqa: E402

ITERATIONS = 20_000


def one_round(op: Callable[[], Any], sync: Callable[[], Any], gc_off: bool, cpu: set[int] | None) -> float:
    """µs per op over ITERATIONS ops and a sync."""
    everywhere = os.sched_getaffinity(0)
    if cpu is not None:
        os.sched_setaffinity(0, cpu)
    if gc_off:
        gc.disable()
    try:
        sync()
        start = time.perf_counter()
        for _ in range(ITERATIONS):
            op()
        sync()
        return (time.perf_counter() - start) / ITERATIONS * 1e6
    finally:
        gc.enable()
        os.sched_setaffinity(0, everywhere)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    x = vt.asarray(np.ones(8, np.float32))
    add = (lambda: x + x, vt.device.synchronize)
    cpu = {sorted(os.sched_getaffinity(0))[-1]}
    conditions = {"as is": (*add, False, None), "gc off": (*add, True, None), "pinned": (*add, False, cpu),
                  "gc off, pinned": (*add, True, cpu)}
    torch = torch_cuda()
    if torch is not None:
        t = torch.ones(8, device="cuda")
        conditions["torch as is"] = (lambda: t + t, torch.cuda.synchronize, False, None)
        conditions["torch gc off, pinned"] = (lambda: t + t, torch.cuda.synchronize, True, cpu)
    deadline = time.perf_counter() + 1.0
    while time.perf_counter() < deadline:
        for op, *_ in conditions.values():
            for _ in range(100):
                op()
    times: dict[str, list[float]] = {name: [] for name in conditions}
    for _ in range(rounds):
        for name, condition in conditions.items():
            times[name].append(one_round(*condition))
    print(f"device: {vt.device.get_device_name()}; {len(os.sched_getaffinity(0))} CPUs, pinned to {cpu}; "
          f"{rounds} interleaved rounds of {ITERATIONS}")
    for name, values in times.items():
        print(f"{name:22s} best {min(values):6.2f} µs  median {statistics.median(values):6.2f}  "
              f"worst {max(values):6.2f}")


if __name__ == "__main__":
    main()
