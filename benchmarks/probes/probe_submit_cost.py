"""The host's cost of the stream's submissions and queries on this machine's driver, and where a loop of small
operations spends its host time: median microseconds of a flush (one tiny op in the batch, the GPU idle), of the
first op after a synchronize (the new batch's command buffer begun), of the next ones, of a query of the timeline
(``Stream.completed``), then a cProfile of each statement (functions by their own time; calls into the driver
through cffi count in their callers' own time).

    python benchmarks/probes/probe_submit_cost.py ["statement" ...] [--setup "..."]"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from typing import Any

import numpy as np
from probe_kernel_times import median_us

import vulkit as vt
from vulkit.runtime import context


def submission_costs(x: Any, rounds: int = 300) -> None:
    """Print the median host time of a flush, of the first and later ops of a batch and of a timeline query."""
    stream = context.current().stream
    flush, first, later, query = [], [], [], []
    for _ in range(rounds):
        vt.device.synchronize()
        started = time.perf_counter()
        y = x + x
        begun = time.perf_counter()
        z = y + x
        recorded = time.perf_counter()
        stream.flush()
        flushed = time.perf_counter()
        stream.completed  # noqa: B018 - a query of the timeline, timed
        queried = time.perf_counter()
        first.append(begun - started)
        later.append(recorded - begun)
        flush.append(flushed - recorded)
        query.append(queried - flushed)
        del y, z
    vt.device.synchronize()
    print(f"flush {median_us(flush):.1f} us, first op of a batch {median_us(first):.1f}, next op "
          f"{median_us(later):.1f}, timeline query {median_us(query):.1f}", flush=True)


def host_profile(statement: str, namespace: dict[str, Any], rounds: int = 20, top: int = 18) -> None:
    """Print the functions that take the host's time over ``rounds`` runs of ``statement`` (each synchronized)."""
    code = compile(statement, "<statement>", "exec")
    for _ in range(3):
        exec(code, namespace)  # noqa: S102 - a probe runs what it is given
    vt.device.synchronize()
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    for _ in range(rounds):
        exec(code, namespace)  # noqa: S102
        vt.device.synchronize()
    profile.disable()
    print(f"== {statement}: {(time.perf_counter() - started) / rounds * 1e3:.2f} ms a run under the profiler, "
          f"{context.current().stream.batches} batches so far", flush=True)
    pstats.Stats(profile).sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("statements", nargs="*", default=["for _ in range(1000): x + x"])
    parser.add_argument("--setup", default="")
    args = parser.parse_args()
    namespace: dict[str, Any] = {"vt": vt, "np": np, "x": vt.ones((64, 64), dtype=vt.float32)}
    exec(args.setup, namespace)  # noqa: S102
    submission_costs(namespace["x"])
    for statement in args.statements:
        host_profile(statement, namespace)


if __name__ == "__main__":
    main()
