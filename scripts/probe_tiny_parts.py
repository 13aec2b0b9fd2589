"""Where the time of a tiny eager op goes: ``x + x`` and ``x * 2.0`` on 8 float32, whole, and with the driver's
record calls replaced by no-ops (what vulkit's Python costs), alternating so that neither is measured only
second; plus the same recording with buffer addresses (no descriptors) and the bare driver calls.

Run on a GPU machine: ``python3 scripts/probe_tiny_parts.py``."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

import vulkit as vt
from vulkit.hal.vulkan.commands import CommandBuffer

_REAL = (CommandBuffer.dispatch_buffers, CommandBuffer.memory_barrier)


def _per_op_us(op: Callable[[], object], n: int = 20_000) -> float:
    vt.device.synchronize()
    start = time.perf_counter()
    for _ in range(n):
        op()
    vt.device.synchronize()
    return (time.perf_counter() - start) / n * 1e6


def _stub(stubbed: bool) -> None:
    if stubbed:
        CommandBuffer.dispatch_buffers = lambda *a: None
        CommandBuffer.memory_barrier = lambda *a: None
    else:
        CommandBuffer.dispatch_buffers, CommandBuffer.memory_barrier = _REAL


def main() -> None:
    x = vt.asarray(np.ones(8, np.float32))
    ops = {"x + x": lambda: x + x, "x * 2.0": lambda: x * 2.0}
    deadline = time.perf_counter() + 1.0  # the host's clocks rise too: a second of ops before timing
    while time.perf_counter() < deadline:
        for op in ops.values():
            for _ in range(100):
                op()
    print(f"device: {vt.device.get_device_name()}, buffer addresses: {x._ctx.buffer_addresses}")
    times: dict[tuple[str, bool], list[float]] = {(name, stubbed): [] for name in ops for stubbed in (False, True)}
    for _ in range(5):  # interleaved: neither op nor mode is measured only first
        for (name, stubbed), into in times.items():
            _stub(stubbed)
            into.append(_per_op_us(ops[name]))
        _stub(False)
    for name in ops:
        whole, python = times[name, False], times[name, True]
        print(f"{name:8s} whole {min(whole):6.2f} µs (median {sorted(whole)[2]:6.2f}); python alone "
              f"{min(python):6.2f} (median {sorted(python)[2]:6.2f}); driver ≈ {min(whole) - min(python):5.2f}")


if __name__ == "__main__":
    main()
