"""The array layer side by side with NumPy, PyTorch and CuPy (whichever are present).

- eager overhead of a tiny op (``x + x`` and ``x * 2.0`` on 8 float32) in µs per op, the GPU never waited
  for per op (the best of 5 rounds, as timeit does, after 0.3 s of the op; the medians in the note);
- bandwidth of add, multiply, exp, where over 2^28 float32 (2^22 on a CPU device such as lavapipe) in
  GB/s (bytes read + written per second);
- broadcast add (4096×4096 + 4096, 1024×1024 + 1024 on a CPU device; also into an existing ``out=``
  array), float16 add, and a chain of five elementwise ops in ms.

On a GPU the bandwidths and the chain are GPU time between two timing events (``vulkit.device.Event``;
CUDA events for the peers), so the host's recording and vulkit's batching do not count; on a CPU device
both vulkit and NumPy are timed by the wall clock. Every measurement is taken in rounds in which the
libraries take turns, each library's best round counting: the host's and the GPU's clocks drift over a run,
and a library measured alone in a slow spell would carry the whole difference.

Run alone (``python benchmarks/bench_array.py [--device SEL] [--log2n N]``) or through benchmarks/run.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median, row, warm_up_gpu  # noqa: E402
from libs import Vulkit, present  # noqa: E402

TINY_ITERATIONS = 20_000
TINY_ROUNDS = 5
ROUNDS = 3  # interleaved rounds per bandwidth case; each library's best counts
# NOTE: the host's clocks rise late as the GPU's do: measured first in a process, a tiny op took ~1.5x longer
TINY_WARM_UP = 0.3


def _chain(xp: Any, x: Any) -> Any:
    return ((x * 2 + 1) * x - 0.5) / 3


def _ops(xp: Any) -> dict[str, Callable[[Any, Any], Any]]:
    return {
        "add": lambda x, y: x + y,
        "multiply": lambda x, y: x * y,
        "exp": lambda x, y: xp.exp(x),
        "where": lambda x, y: xp.where(x > 0.5, x, y),
    }


_BYTES = {"add": 3, "multiply": 3, "exp": 2, "where": 3.25}  # in units of the array's bytes


def _tiny_overheads(libs: list[Any], op: Callable[[Any], Any]) -> dict[str, tuple[float, float]]:
    """µs per op for each library: (best, median) of TINY_ROUNDS rounds of TINY_ITERATIONS ops and a sync,
    the libraries taking turns round by round (a slow spell of the host hits them all), after TINY_WARM_UP s
    of the op each."""
    operands = {lib.name: lib.array(np.ones(8, np.float32)) for lib in libs}
    for lib in libs:
        x = operands[lib.name]
        lib.sync()
        deadline = time.perf_counter() + TINY_WARM_UP
        while time.perf_counter() < deadline:
            for _ in range(100):
                op(x)
        lib.sync()
    times: dict[str, list[float]] = {lib.name: [] for lib in libs}
    for _ in range(TINY_ROUNDS):
        for lib in libs:
            x = operands[lib.name]
            lib.sync()
            start = time.perf_counter()
            for _ in range(TINY_ITERATIONS):
                op(x)
            lib.sync()
            times[lib.name].append((time.perf_counter() - start) * 1e6 / TINY_ITERATIONS)
    return {name: (min(values), median(values)) for name, values in times.items()}


def _cases(lib: Any, n: int, side: int) -> dict[str, Callable[[], Any]]:
    """The timed operations on ``lib``'s own arrays (the same values for every library)."""
    rng = np.random.default_rng(0)
    host = rng.random(n, dtype=np.float32)
    x, y = lib.array(host), lib.array(host[::-1].copy())
    cases = {name: (lambda op=op: op(x, y)) for name, op in _ops(lib.xp).items()}
    a = lib.array(rng.random((side, side), dtype=np.float32))
    b = lib.array(rng.random(side, dtype=np.float32))
    out = a + b
    add = lib.xp.add
    h1, h2 = lib.array(host.astype(np.float16)), lib.array(host[::-1].astype(np.float16))
    cases.update({"broadcast add": lambda: a + b, "broadcast add (out=)": lambda: add(a, b, out=out),
                  "float16 add": lambda: h1 + h2, "chain of 5": lambda: _chain(lib.xp, x)})
    return cases


def _value(name: str, seconds: float, n: int, side: int) -> float:
    """A case's result from its seconds per call: GB/s (bytes read + written), or ms for the chain."""
    if name == "chain of 5":
        return seconds * 1e3
    if name.startswith("broadcast add"):
        moved = (2 * side + 1) * side * 4  # the matrix read, the result written, the row read once
    elif name == "float16 add":
        moved = 3 * n * 2
    else:
        moved = _BYTES[name] * n * 4
    return moved / seconds / 1e9


def _measure(libs: list[Any], n: int, side: int, iterations: int, tiny: bool = True,
             only: tuple[str, ...] | None = None) -> dict[str, dict[str, Any]]:
    """Every library's results: the tiny ops' (best, median) µs, then each case's value from the best of ROUNDS
    rounds, the libraries taking turns round by round, so that the GPU's and the host's clocks treat them alike."""
    results: dict[str, dict[str, Any]] = {lib.name: {} for lib in libs}
    if tiny:
        for name, op in (("tiny", lambda x: x + x), ("tiny scalar", lambda x: x * 2.0)):
            for lib_name, value in _tiny_overheads(libs, op).items():
                results[lib_name][name] = value
    cases = {lib.name: _cases(lib, n, side) for lib in libs}
    first = cases[libs[0].name]["add"]
    warm_up_gpu(lambda: (first(), libs[0].sync()))  # the tiny ops left the GPU idle: its clocks fell
    for name in only or tuple(cases[libs[0].name]):
        best = dict.fromkeys(results, float("inf"))
        for _ in range(ROUNDS):
            for lib in libs:
                best[lib.name] = min(best[lib.name], lib.seconds(cases[lib.name][name], iterations))
        for lib_name, seconds in best.items():
            results[lib_name][name] = _value(name, seconds, n, side)
    return results


def run(device: int | str | None = None, log2n: int | None = None) -> list[dict[str, Any]]:
    """Rows for benchmarks/run.py."""
    import vulkit

    if device is not None:
        vulkit.device.set_device(device if isinstance(device, int) else _index_of(device))
    cpu = vulkit.device.get_device_properties()["device_type"] == "cpu"
    log2n = log2n or (22 if cpu else 28)
    n = 1 << log2n
    side = 1024 if cpu else 4096
    iterations = 5 if cpu else 50
    libs = present(Vulkit())
    measured = _measure(libs, n, side, iterations)
    ours = measured.pop("vulkit")
    note = f"2^{log2n} float32; broadcast {side}x{side}+{side}; best of {ROUNDS} rounds, libraries in turn"
    rows = []
    for name, label in (("tiny", "x + x"), ("tiny scalar", "x * 2.0")):
        medians = "; ".join(f"{k} {v[name][1]:.3g}" for k, v in (("vulkit", ours), *measured.items()))
        rows.append(row(f"tiny op overhead ({label}, 8 elements)", "µs/op", ours[name][0],
                        {k: v[name][0] for k, v in measured.items()}, better="lower",
                        note=f"best of {TINY_ROUNDS} rounds, libraries in turn; medians: {medians}"))
    for name in ("add", "multiply", "exp", "where", "broadcast add", "broadcast add (out=)", "float16 add"):
        rows.append(row(f"{name} bandwidth", "GB/s", ours[name], {k: v[name] for k, v in measured.items()},
                        note=note))
    rows.append(row("chain of 5 elementwise ops", "ms", ours["chain of 5"],
                    {k: v["chain of 5"] for k, v in measured.items()}, better="lower", note=note))
    other = _with_other_binding(n, side, iterations)
    if other is not None:
        # NOTE: no tiny-op row: inside one process the binding mode timed second comes out faster; the fair
        # comparison is benchmarks/probes/probe_tiny.py --modes N (alternating processes)
        label, note, measured_other = other
        for name in ("add", "broadcast add"):
            rows.append(row(f"{name} bandwidth, {label}", "GB/s", measured_other[name],
                            {k: v[name] for k, v in measured.items()}, note=note))
    return rows


def _with_other_binding(n: int, side: int, iterations: int) -> tuple[str, str, dict[str, float]] | None:
    """The vulkit measurements again with kernels that reach their buffers the other way (buffer addresses
    or push descriptors, whichever is not this device's default): (label, note, results); None where the
    device has no buffer addresses."""
    from vulkit.runtime import context

    ctx = context.current()
    if not ctx.device.features.get("buffer_device_address"):
        return None
    default = ctx.buffer_addresses
    if default:
        label, note = "push descriptors", "VULKIT_BUFFER_ADDRESSES=0: push descriptors instead of buffer addresses"
    else:
        label, note = "buffer addresses", "VULKIT_BUFFER_ADDRESSES=1: buffer addresses in push constants"
    ctx.set_buffer_addresses(not default)
    try:
        return label, note, _measure([Vulkit()], n, side, iterations, tiny=False,
                                     only=("add", "broadcast add"))["vulkit"]
    finally:
        ctx.set_buffer_addresses(default)


def _index_of(selector: str) -> int:
    from vulkit.hal import get_instance

    return get_instance().select(selector).index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default=None)
    parser.add_argument("--log2n", type=int, default=None)
    args = parser.parse_args()
    for r in run(args.device, args.log2n):
        print(json.dumps(r))


if __name__ == "__main__":
    main()
