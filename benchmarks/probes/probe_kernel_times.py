"""GPU time per kernel of one operation: every dispatch the statement records is bracketed by timestamp events,
and the times are summed per kernel spec (its class and stage). Shows where an operation's time goes (which pass
of a sort, which part of a unique) without a vendor profiler.

    python benchmarks/probes/probe_kernel_times.py "vt.sort(x)" \
        --setup "x = vt.asarray(np.random.default_rng(0).random(1 << 24, dtype=np.float32))"

Timestamps after each dispatch serialise the work a little: the total is an upper bound of the plain run's.
``--series NAME`` also prints the times of that kernel's dispatches in the order they ran (a dispatch a step of a
blocked loop: where along the loop the time goes); ``--products`` names each matrix product's dispatches by its
M x N x K and grid, so that products of each shape add up apart (which of a factorization's products are slow)."""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from typing import Any

import numpy as np

import vulkit as vt
from vulkit.runtime import context
from vulkit.runtime.events import Event


def _name(spec: Any) -> str:
    stage = getattr(spec, "stage", None) or getattr(spec, "kind", None)
    return type(spec).__name__ + (f".{stage}" if stage else "")


def median_us(samples: list[float]) -> float:
    """The median of ``samples`` (seconds) in microseconds."""
    return statistics.median(samples) * 1e6


def best_gpu_seconds(function: Any, rounds: int = 5, warm_seconds: float = 1.0) -> float:
    """The least GPU time (seconds, by timestamp events) of ``rounds`` calls of ``function``, after
    ``warm_seconds`` of calling it (a GPU left idle while kernels compile clocks down: see :func:`profile`)."""
    started = time.perf_counter()
    while time.perf_counter() - started < warm_seconds:
        function()
        vt.device.synchronize()
    best = float("inf")
    for _ in range(rounds):
        start, end = Event(enable_timing=True), Event(enable_timing=True)
        start.record()
        function()
        end.record()
        vt.device.synchronize()
        best = min(best, start.elapsed_time(end) * 1e-3)
    return best


PRODUCT_SHAPES = False  # --products: a product's dispatch named by its M x N x K and grid


def _label(name: str, push: Any, groups: Any) -> str:
    """``name``, with a product's M x N x K (its push constants' first three words, where they lead them) and grid
    under ``--products``."""
    if not (PRODUCT_SHAPES and name.startswith(("MatmulSpec", "CoopMatmulSpec")) and len(bytes(push)) >= 12):
        return name
    m, n, k = np.frombuffer(bytes(push)[:12], dtype=np.uint32)
    return f"{name} {m}x{n}x{k} grid {tuple(groups) if not isinstance(groups, int) else groups}"


def _run(stream: Any, names: dict[int, str], statement: str, namespace: dict[str, Any]) -> list[tuple[str, float]]:
    """One run of ``statement`` with every dispatch bracketed by timestamp events: (kernel, milliseconds) of each
    dispatch in order."""
    marks: list[tuple[str, Event, Event]] = []
    original_dispatch, original_to = stream.dispatch, stream.dispatch_to

    def timed(function: Any, pipeline: Any, *args: Any, **kwargs: Any) -> Any:
        start, end = Event(enable_timing=True), Event(enable_timing=True)
        start.record()
        result = function(pipeline, *args, **kwargs)
        end.record()
        push = kwargs.get("push", args[1] if len(args) > 1 else b"")
        groups = kwargs.get("groups", args[2] if len(args) > 2 else (1, 1, 1))
        marks.append((_label(names.get(id(pipeline), "?"), push, groups), start, end))
        return result

    stream.dispatch = lambda pipeline, *a, **k: timed(original_dispatch, pipeline, *a, **k)
    stream.dispatch_to = lambda pipeline, *a, **k: timed(original_to, pipeline, *a, **k)
    try:
        exec(statement, namespace)  # noqa: S102 - a probe runs what it is given
    finally:
        stream.dispatch, stream.dispatch_to = original_dispatch, original_to
    vt.device.synchronize()
    return [(name, start.elapsed_time(end)) for name, start, end in marks]


def _totals(run: list[tuple[str, float]]) -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    for name, ms in run:
        totals[name] += ms
    return dict(totals)


def profile(statement: str, namespace: dict[str, Any], rounds: int = 5, warm_seconds: float = 1.0) -> dict[str, float]:
    """Milliseconds per kernel, by spec name (see :func:`dispatches`)."""
    return _totals(dispatches(statement, namespace, rounds, warm_seconds))


def dispatches(statement: str, namespace: dict[str, Any], rounds: int = 5,
               warm_seconds: float = 1.0) -> list[tuple[str, float]]:
    """(kernel, milliseconds) of each dispatch of the run of least total of ``rounds``, after ``warm_seconds`` of
    running the statement (compiles its kernels; a GPU left idle while kernels compile clocks down, and GPU
    times taken before it clocks up again read several times too long)."""
    ctx = context.current()
    exec(statement, namespace)  # noqa: S102 - compiles the kernels
    vt.device.synchronize()
    started = time.perf_counter()
    while time.perf_counter() - started < warm_seconds:
        exec(statement, namespace)  # noqa: S102
        vt.device.synchronize()
    names = {id(kernel.pipeline): _name(kernel.spec) for kernel in ctx.kernels}
    runs = [_run(ctx.stream, names, statement, namespace) for _ in range(rounds)]
    return min(runs, key=lambda run: sum(ms for _, ms in run))


def namespace_of(setup: str) -> dict[str, Any]:
    """The namespace ``setup`` code made, with vt and np in it."""
    namespace: dict[str, Any] = {"vt": vt, "np": np}
    exec(setup, namespace)  # noqa: S102 - a probe runs what its user typed
    return namespace


def _parser(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("statement")
    parser.add_argument("--setup", default="")
    return parser


def statement_and_namespace(description: str) -> tuple[str, dict[str, Any]]:
    """The command line's statement, and the namespace its ``--setup`` code made (:func:`namespace_of`)."""
    args = _parser(description).parse_args()
    return args.statement, namespace_of(args.setup)


def _print_series(run: list[tuple[str, float]], name: str, parts: int = 16) -> None:
    """The times of ``name``'s dispatches in order, averaged over ``parts`` consecutive runs of them."""
    times = [ms for kernel, ms in run if kernel == name]
    parts = min(parts, len(times))
    print(f"{name}: {len(times)} dispatches, µs each by position (average of each 1/{parts}):")
    for k in range(parts):
        part = times[k * len(times) // parts:(k + 1) * len(times) // parts]
        print(f"  from {k * len(times) // parts:6d}: {1e3 * sum(part) / max(1, len(part)):8.1f}")


def main() -> None:
    parser = _parser(__doc__.splitlines()[0])
    parser.add_argument("--series", default="", help="a kernel's name: its dispatches' times in order")
    parser.add_argument("--products", action="store_true", help="products named by their M x N x K and grid")
    args = parser.parse_args()
    global PRODUCT_SHAPES
    PRODUCT_SHAPES = args.products
    run = dispatches(args.statement, namespace_of(args.setup))
    times = _totals(run)
    total = sum(times.values())
    counts = {name: sum(1 for kernel, _ in run if kernel == name) for name in times}
    for name, ms in sorted(times.items(), key=lambda item: -item[1]):
        print(f"{ms * 1e3:10.1f} µs  {100 * ms / total:5.1f} %  {counts[name]:6d}x  {name}")
    print(f"{total * 1e3:10.1f} µs  total")
    if args.series:
        _print_series(run, args.series)


if __name__ == "__main__":
    main()
