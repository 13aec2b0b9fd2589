"""GPU and host time of a statement before and after the context's plans are emptied, with other statements planned
in between: whether a rebuilt plan runs as fast as the first (an A/B probe empties the plans at each switch, and a
long rfft read 4x slower after the first switch).

    python benchmarks/probes/probe_plan_rebuild.py "vt.fft.rfft(r)" --others "vt.fft.rfft(q)" \
        --setup "r = vt.asarray(np.random.default_rng(0).standard_normal(1 << 24, dtype=np.float32))"
"""

from __future__ import annotations

import argparse
import time

import probe_kernel_times as pkt

import vulkit as vt
from vulkit.runtime import context


def _report(label: str, statement: str, namespace: dict) -> None:
    code = compile(statement, "<statement>", "eval")
    gpu = pkt.best_gpu_seconds(lambda: eval(code, namespace))  # noqa: S307
    vt.device.synchronize()
    started = time.perf_counter()
    for _ in range(20):
        eval(code, namespace)  # noqa: S307
    host = (time.perf_counter() - started) / 20
    vt.device.synchronize()
    wall = (time.perf_counter() - started) / 20
    print(f"{label:28s} GPU {gpu * 1e6:8.1f} us, host {host * 1e6:8.1f} us a call, wall {wall * 1e6:8.1f} us, "
          f"{len(context.current().plans)} plans",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("statement")
    parser.add_argument("--others", nargs="*", default=[])
    parser.add_argument("--setup", default="")
    parser.add_argument("--kernels", action="store_true", help="GPU time per kernel in the first and last states")
    args = parser.parse_args()
    namespace = pkt.namespace_of(args.setup)
    ctx = context.current()
    _report("first", args.statement, namespace)
    if args.kernels:
        _kernels(args.statement, namespace)
    _report("again", args.statement, namespace)
    ctx.plans.clear()
    _report("plans emptied", args.statement, namespace)
    for other in args.others:
        _report(f"other: {other}", other, namespace)
    _report("after the others", args.statement, namespace)
    ctx.plans.clear()
    for other in args.others:
        eval(other, namespace)  # noqa: S307
    _report("emptied, others first", args.statement, namespace)
    if args.kernels:
        _kernels(args.statement, namespace)


def _kernels(statement: str, namespace: dict) -> None:
    """GPU time per kernel of one call (timestamps around each dispatch) and the result's match of the last
    state's: a rebuilt plan that computes something else would show here."""
    run = pkt.dispatches(statement, namespace, rounds=3, warm_seconds=0.5)
    totals: dict[str, list[float]] = {}
    for name, ms in run:
        totals.setdefault(name, []).append(ms)
    print("   " + "; ".join(f"{name} {len(v)}x {sum(v) * 1e3:.1f} us" for name, v in totals.items()), flush=True)
    value = eval(statement, namespace)  # noqa: S307
    print(f"   result checksum {float(vt.sum(vt.abs(value))):.6e}", flush=True)


if __name__ == "__main__":
    main()
