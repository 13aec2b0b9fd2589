"""Whether an operation of many dispatches (cholesky and solve of 4096 x 4096: ~200 and ~260 dispatches) waits on
the host: its wall time, its GPU time (timestamps around the call), its dispatches, and where the host's time goes
(cProfile's largest own times). GPU time close to wall time and far above the kernels' sum means the GPU idles
while Python records.

Run on the GPU machine: python benchmarks/probes/probe_host_time.py"""

from __future__ import annotations

import contextlib
import cProfile
import io
import pstats
import time
from collections.abc import Iterator
from typing import Any

import numpy as np

import vulkit as vt
from vulkit.runtime import context
from vulkit.runtime.events import Event

STATEMENTS = ("vt.linalg.cholesky(a)", "vt.linalg.solve(a, b)", "vt.sort(x)", "vt.fft.fft(z)")


@contextlib.contextmanager
def counted_dispatches(stream: Any) -> Iterator[list[int]]:
    """Within the block, the stream counts its dispatches into the list yielded (one item)."""
    calls = [0]
    original = stream.dispatch, stream.dispatch_to

    def counted(function: Any) -> Any:
        def inner(*args: Any, **kwargs: Any) -> Any:
            calls[0] += 1
            return function(*args, **kwargs)
        return inner

    stream.dispatch, stream.dispatch_to = counted(original[0]), counted(original[1])
    try:
        yield calls
    finally:
        stream.dispatch, stream.dispatch_to = original


def _count(stream: Any, statement: str, namespace: dict[str, Any]) -> int:
    with counted_dispatches(stream) as calls:
        exec(statement, namespace)  # noqa: S102 - a probe runs what it is given
    return calls[0]


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    g = rng.standard_normal((4096, 4096)).astype(np.float32)
    namespace = {"vt": vt, "a": vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32)),
                 "b": vt.asarray(rng.standard_normal(4096).astype(np.float32)),
                 "x": vt.asarray(rng.random(1 << 24, dtype=np.float32)),
                 "z": vt.asarray((rng.standard_normal(1 << 24) + 1j * rng.standard_normal(1 << 24))
                                 .astype(np.complex64))}
    for statement in STATEMENTS:
        started = time.perf_counter()
        while time.perf_counter() - started < 1.0:  # compiles, and clocks the GPU up
            exec(statement, namespace)  # noqa: S102
            vt.device.synchronize()
        walls, gpus = [], []
        for _ in range(5):
            begin, end = Event(enable_timing=True), Event(enable_timing=True)
            t0 = time.perf_counter()
            begin.record()
            exec(statement, namespace)  # noqa: S102
            end.record()
            vt.device.synchronize()
            walls.append(time.perf_counter() - t0)
            gpus.append(begin.elapsed_time(end) * 1e-3)
        dispatches = _count(ctx.stream, statement, namespace)
        vt.device.synchronize()
        profiler = cProfile.Profile()
        profiler.enable()
        exec(statement, namespace)  # noqa: S102
        vt.device.synchronize()
        profiler.disable()
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(12)
        print(f"== {statement}: wall {min(walls) * 1e3:.2f} ms, GPU {min(gpus) * 1e3:.2f} ms, "
              f"{dispatches} dispatches", flush=True)
        print("\n".join(line for line in text.getvalue().splitlines()[6:22] if line.strip()), flush=True)


if __name__ == "__main__":
    main()
