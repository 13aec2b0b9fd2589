"""GPU time of each kind of kernel in an operation, measured without timestamps between dispatches: the operation's
GPU time as it is, then with every dispatch of one kernel spec recorded twice in a row; the difference is what
that kernel costs in the operation (its own time and its barrier). Timestamps around every dispatch
(`probe_kernel_times.py`) count waits at batch boundaries, and on the H100 put 5 ms of host time on cholesky's
first copy; this probe does not split the operation up.

The doubled dispatches run on their own output again, so results are wrong (a factorization may then raise:
the probe catches it); only the times count.

    python benchmarks/probes/probe_kernel_doubling.py "vt.linalg.cholesky(a)" \\
        --setup "g = np.random.default_rng(0).standard_normal((4096, 4096)).astype(np.float32); \\
                 a = vt.asarray(g @ g.T / 4096 + np.eye(4096, dtype=np.float32))\""""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from probe_kernel_times import _name, statement_and_namespace

import vulkit as vt
from vulkit.runtime import context
from vulkit.runtime.events import Event


def _gpu_ms(statement: str, namespace: dict[str, Any], rounds: int) -> float:
    """The least GPU time of ``rounds`` runs (errors of a doubled run are expected: its results are wrong)."""
    best = float("inf")
    for _ in range(rounds):
        begin, end = Event(enable_timing=True), Event(enable_timing=True)
        begin.record()
        try:
            exec(statement, namespace)  # noqa: S102 - a probe runs what it is given
        except Exception:  # noqa: BLE001, S110 - a doubled factorization may find its matrix singular
            pass
        end.record()
        vt.device.synchronize()
        best = min(best, begin.elapsed_time(end))
    return best


def doubled_costs(statement: str, namespace: dict[str, Any], rounds: int = 5,
                  warm_seconds: float = 1.0) -> tuple[float, dict[str, tuple[int, float]]]:
    """(GPU ms of the statement, {kernel: (dispatches, ms it adds when each of its dispatches runs twice)})."""
    ctx = context.current()
    stream = ctx.stream
    exec(statement, namespace)  # noqa: S102 - compiles the kernels
    vt.device.synchronize()
    started = time.perf_counter()
    while time.perf_counter() - started < warm_seconds:  # the GPU clocks down while kernels compile
        exec(statement, namespace)  # noqa: S102
        vt.device.synchronize()
    names = {id(kernel.pipeline): _name(kernel.spec) for kernel in ctx.kernels}
    counts: Counter[str] = Counter()
    original = stream.dispatch, stream.dispatch_to
    doubled: list[str | None] = [None]

    def hooked(function: Any) -> Any:
        def inner(pipeline: Any, *args: Any, **kwargs: Any) -> Any:
            name = names.get(id(pipeline), "?")
            counts[name] += 1
            if name == doubled[0]:
                function(pipeline, *args, **kwargs)
            return function(pipeline, *args, **kwargs)
        return inner

    stream.dispatch, stream.dispatch_to = hooked(original[0]), hooked(original[1])
    try:
        base = _gpu_ms(statement, namespace, rounds)
        per_run = {name: count // rounds for name, count in counts.items()}
        costs = {}
        for name in per_run:
            doubled[0] = name
            costs[name] = (per_run[name], _gpu_ms(statement, namespace, rounds) - base)
        doubled[0] = None
    finally:
        stream.dispatch, stream.dispatch_to = original
    return base, costs


def main() -> None:
    statement, namespace = statement_and_namespace(__doc__.splitlines()[0])
    base, costs = doubled_costs(statement, namespace)
    print(f"{base * 1e3:10.1f} µs  GPU time of {statement}")
    for name, (count, ms) in sorted(costs.items(), key=lambda item: -item[1][1]):
        print(f"{ms * 1e3:10.1f} µs  {100 * ms / base:5.1f} %  {count:5d} dispatches  {name}")


if __name__ == "__main__":
    main()
