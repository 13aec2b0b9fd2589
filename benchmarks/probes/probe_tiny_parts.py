"""Where the time of a tiny eager op goes: ``x + x`` and ``x * 2.0`` on 8 float32, whole, and with the driver's
record calls replaced by no-ops (what vulkit's Python costs), alternating so that neither is measured only
second; and how much of the whole the host spent waiting for the GPU (a full queue of batches).

Run on a GPU machine: ``python3 benchmarks/probes/probe_tiny_parts.py``."""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

import vulkit as vt
from vulkit.hal.vulkan.commands import CommandBuffer

_REAL = (CommandBuffer.dispatch_buffers, CommandBuffer.memory_barrier)
_WAITED = [0.0]


def _timed_waits(clock: object) -> None:
    """Add the time of every wait of ``clock`` (the stream's timeline) to _WAITED."""
    wait = clock.wait

    def timed(*args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return wait(*args, **kwargs)
        finally:
            _WAITED[0] += time.perf_counter() - start

    clock.wait = timed


def _per_op_us(op: Callable[[], object], n: int = 20_000) -> tuple[float, float]:
    """Wall µs per op, and of it µs waiting for the GPU inside the loop."""
    vt.device.synchronize()
    _WAITED[0] = 0.0
    start = time.perf_counter()
    for _ in range(n):
        op()
    waited = _WAITED[0]
    vt.device.synchronize()
    return (time.perf_counter() - start) / n * 1e6, waited / n * 1e6


def _stub(stubbed: bool) -> None:
    if stubbed:
        CommandBuffer.dispatch_buffers = lambda *a: None
        CommandBuffer.memory_barrier = lambda *a: None
    else:
        CommandBuffer.dispatch_buffers, CommandBuffer.memory_barrier = _REAL


def main() -> None:
    x = vt.asarray(np.ones(8, np.float32))
    _timed_waits(x._ctx.stream._clock)
    ops = {"x + x": lambda: x + x, "x * 2.0": lambda: x * 2.0}
    deadline = time.perf_counter() + 1.0  # the host's clocks rise too: a second of ops before timing
    while time.perf_counter() < deadline:
        for op in ops.values():
            for _ in range(100):
                op()
    print(f"device: {vt.device.get_device_name()}, buffer addresses: {x._ctx.buffer_addresses}")
    times: dict[tuple[str, bool], list[tuple[float, float]]] = {
        (name, stubbed): [] for name in ops for stubbed in (False, True)}
    for _ in range(5):  # interleaved: neither op nor mode is measured only first
        for (name, stubbed), into in times.items():
            _stub(stubbed)
            into.append(_per_op_us(ops[name]))
        _stub(False)
    for name in ops:
        whole, python = sorted(times[name, False]), sorted(times[name, True])
        print(f"{name:8s} whole {whole[0][0]:6.2f} µs (median {whole[2][0]:6.2f}, waiting for the GPU "
              f"{whole[2][1]:5.2f}); python alone {python[0][0]:6.2f} (median {python[2][0]:6.2f}); "
              f"driver ≈ {whole[0][0] - python[0][0]:5.2f}")


if __name__ == "__main__":
    main()
