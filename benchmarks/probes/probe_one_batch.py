"""A statement's GPU time as the stream batches it, and with every dispatch of a call recorded into one batch
(submitted at the end): where the two differ, the GPU waited for the host between batches; where they agree, the
chain of kernels and barriers itself is the time. Modes take turns; wall time per call
is printed too, and the host's: until the calls returned (near the wall time, the host is the critical path).

    python benchmarks/probes/probe_one_batch.py "vt.linalg.cholesky(a)" --setup "a = ..." """

from __future__ import annotations

import argparse
import time

import probe_kernel_times as pkt

import vulkit as vt
from vulkit.runtime import stream

SHIPPED = {name: getattr(stream, name) for name in ("FIRST_BATCH_OPS", "FIRST_BATCH_WORK", "MAX_BATCH_WORK",
                                                    "IDLE_FLUSH_OPS", "IDLE_FLUSH_WORK")}
ONE_BATCH = {name: 1 << 40 for name in SHIPPED}


def wall_seconds(function, calls: int = 5) -> tuple[float, float]:
    """(wall seconds a call, the host's seconds recording a call: until the calls returned, before waiting)."""
    vt.device.synchronize()
    started = time.perf_counter()
    for _ in range(calls):
        function()
    recorded = time.perf_counter()
    vt.device.synchronize()
    return (time.perf_counter() - started) / calls, (recorded - started) / calls


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("statement")
    parser.add_argument("--setup", default="")
    parser.add_argument("--turns", type=int, default=2)
    args = parser.parse_args()
    namespace = {"vt": vt, "np": __import__("numpy")}
    exec(args.setup, namespace)  # noqa: S102 - a probe runs what its user typed
    code = compile(args.statement, "<statement>", "eval")

    def call():
        return eval(code, namespace)  # noqa: S307

    for _ in range(args.turns):
        for mode, settings in (("as shipped", SHIPPED), ("one batch", ONE_BATCH)):
            for name, value in settings.items():
                setattr(stream, name, value)
            gpu = pkt.best_gpu_seconds(call)
            wall, host = wall_seconds(call)
            print(f"{mode:>10}: GPU {gpu * 1e3:8.3f} ms  wall {wall * 1e3:8.3f} ms  host {host * 1e3:8.3f} ms",
                  flush=True)
    for name, value in SHIPPED.items():
        setattr(stream, name, value)


if __name__ == "__main__":
    main()
