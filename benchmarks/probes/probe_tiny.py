"""Host time of tiny eager ops (``x + x`` and ``x * 2.0`` on 8 float32), best of 5 rounds of 20,000 after a
second of warm-up, in the binding mode VULKIT_BUFFER_ADDRESSES picks. ``--modes N`` runs it N times per mode
in separate processes, alternating (inside one process the mode measured second comes out faster), and
prints each mode's best and median. Run on a GPU machine: ``python3 benchmarks/probes/probe_tiny.py --modes 6``."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

import vulkit as vt


def measure() -> dict[str, float]:
    x = vt.asarray(np.ones(8, np.float32))
    ops = {"x + x": lambda: x + x, "x * 2.0": lambda: x * 2.0}
    deadline = time.perf_counter() + 1.0
    while time.perf_counter() < deadline:
        for op in ops.values():
            for _ in range(100):
                op()
    best = dict.fromkeys(ops, float("inf"))
    for _ in range(5):
        for name, op in ops.items():
            vt.device.synchronize()
            start = time.perf_counter()
            for _ in range(20_000):
                op()
            vt.device.synchronize()
            best[name] = min(best[name], (time.perf_counter() - start) / 20_000 * 1e6)
    return best


def compare(rounds: int) -> None:
    results: dict[str, list[dict[str, float]]] = {"descriptors": [], "addresses": []}
    for _ in range(rounds):
        for mode, flag in (("descriptors", "0"), ("addresses", "1")):
            env = {**os.environ, "VULKIT_BUFFER_ADDRESSES": flag}
            output = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, check=True)
            results[mode].append(json.loads(output.stdout.splitlines()[-1]))
    print(f"device: {vt.device.get_device_name()}; {rounds} processes per mode, alternating")
    for mode, runs in results.items():
        for op in runs[0]:
            values = [run[op] for run in runs]
            print(f"{mode:11s} {op:8s} best {min(values):6.2f} µs, median {statistics.median(values):6.2f}")


if __name__ == "__main__":
    if "--modes" in sys.argv:
        compare(int(sys.argv[sys.argv.index("--modes") + 1]))
    else:
        print(json.dumps(measure()))
