"""Where nonzero's wall time goes: each library's nonzero (and a boolean mask's selection) of bool arrays of several
sizes, half set, wall time with the result synchronised, libraries in turn; then vulkit's call split into its count
(the plan, the GPU's three passes and the read back) and the rest (the compaction's plan and GPU pass); then the GPU
time of the count's dispatches and of the compaction's, each replayed 20 times in one batch (no host gaps).

    python benchmarks/probes/probe_compaction.py [sizes...]"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np

import vulkit as vt
from vulkit.array.array import make_array
from vulkit.array.dtypes import int64, uint32
from vulkit.array.ops import scans
from vulkit.runtime import stream
from vulkit.runtime.events import Event

ONE_BATCH = ("FIRST_BATCH_OPS", "FIRST_BATCH_WORK", "MAX_BATCH_WORK", "IDLE_FLUSH_OPS", "IDLE_FLUSH_WORK")


def best_wall(call: Any, sync: Any, rounds: int = 30) -> float:
    """The least wall time (µs) of ``call()`` then ``sync()`` over ``rounds``, after five warm-up calls."""
    for _ in range(5):
        call()
    sync()
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        call()
        sync()
        best = min(best, time.perf_counter() - started)
    return best * 1e6


def _peers(host: np.ndarray) -> dict[str, tuple[Any, Any, Any]]:
    """name -> (nonzero call, mask call, sync) for the libraries present."""
    x = vt.asarray(host)
    peers = {"vulkit": (lambda: vt.nonzero(x), lambda: x[x], vt.device.synchronize)}
    try:
        import torch

        t = torch.from_numpy(host).cuda()
        peers["torch"] = (lambda: torch.nonzero(t, as_tuple=True), lambda: t[t], torch.cuda.synchronize)
    except Exception:  # noqa: BLE001 - a peer that is missing or has no GPU is left out
        pass
    try:
        import cupy

        c = cupy.asarray(host)
        peers["cupy"] = (lambda: cupy.nonzero(c), lambda: c[c], cupy.cuda.Device().synchronize)
    except Exception:  # noqa: BLE001
        pass
    return peers


def _split(host: np.ndarray) -> tuple[float, float]:
    """vulkit's nonzero wall time in its count phase and in the rest (µs, best of 30 each)."""
    x = vt.asarray(host)
    spent = {"count": float("inf"), "all": float("inf")}
    original = scans._count_nonzero_blocks

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        result = original(*args, **kwargs)
        spent["last"] = time.perf_counter() - started
        return result

    scans._count_nonzero_blocks = timed
    try:
        for _ in range(35):
            vt.device.synchronize()
            started = time.perf_counter()
            vt.nonzero(x)
            vt.device.synchronize()
            whole = time.perf_counter() - started
            if whole < spent["all"]:
                spent["all"], spent["count"] = whole, spent["last"]
    finally:
        scans._count_nonzero_blocks = original
    return spent["count"] * 1e6, (spent["all"] - spent["count"]) * 1e6


def _replayed(run: Any, times: int = 20) -> float:
    """GPU µs of one ``run()`` (best of 3), ``times`` of them recorded into one batch between two events."""
    shipped = {name: getattr(stream, name) for name in ONE_BATCH}
    for name in ONE_BATCH:
        setattr(stream, name, 1 << 40)
    try:
        best = float("inf")
        for _ in range(4):
            start, end = Event(enable_timing=True), Event(enable_timing=True)
            start.record()
            for _ in range(times):
                run()
            end.record()
            vt.device.synchronize()
            best = min(best, start.elapsed_time(end) * 1e3 / times)
    finally:
        for name, value in shipped.items():
            setattr(stream, name, value)
    return best


def _kernel_times(host: np.ndarray) -> tuple[float, float]:
    """GPU µs of the count's dispatches and of the compaction's (nonzero of a 1-d array: int64 coordinates)."""
    x = vt.asarray(host)
    ctx = x._ctx
    plan, blocks, chunk = scans._count_plan(x, False)
    counts = make_array(ctx, (blocks,), uint32)
    prefixes = make_array(ctx, (blocks,), uint32) if blocks > 1 else counts
    count = int(np.count_nonzero(host))
    out = make_array(ctx, (1, count), int64)
    compaction = scans._compaction_plan(x, out, "coords", blocks, chunk, (count, 1, 1, x._size, *(0,) * 5), False)
    arrays = {"src": x, "counts": counts, "prefixes": prefixes, "dst": out}
    return _replayed(lambda: plan.run(arrays)), _replayed(lambda: compaction.run(arrays))


def main() -> None:
    sizes = [int(s) for s in sys.argv[1:]] or [4096, 1 << 20, 1 << 24]
    rng = np.random.default_rng(0)
    for n in sizes:
        host = rng.random(n) > 0.5
        peers = _peers(host)
        walls: dict[str, list[float]] = {name: [] for name in peers}
        masks: dict[str, list[float]] = {name: [] for name in peers}
        for _ in range(2):  # libraries in turn
            for name, (call, mask, sync) in peers.items():
                walls[name].append(best_wall(call, sync))
                masks[name].append(best_wall(mask, sync))
        count, rest = _split(host)
        print(f"n = {n}: nonzero " + ", ".join(f"{k} {min(v):.1f}" for k, v in walls.items())
              + " µs; x[x] " + ", ".join(f"{k} {min(v):.1f}" for k, v in masks.items())
              + f" µs; vulkit's count phase {count:.1f} µs, the rest {rest:.1f} µs")
        counting, compacting = _kernel_times(host)
        print(f"    GPU time replayed in one batch: the count's dispatches {counting:.1f} µs, the compaction's "
              f"{compacting:.1f} µs ({host.nbytes / counting / 1e3:.0f} and "
              f"{(host.nbytes + 8 * np.count_nonzero(host)) / compacting / 1e3:.0f} GB/s)")


if __name__ == "__main__":
    main()
