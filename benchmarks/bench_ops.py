"""The operator library side by side with NumPy (on a CPU device), PyTorch and CuPy (on a GPU): every case that
``benchmarks/cases_<family>.py`` lists (reductions, scans, sorting, manipulation ...).

Each case is timed in ROUNDS rounds in which the libraries take turns, each library's best round counting; on a
GPU the time is GPU time between two timing events (vulkit.device.Event, CUDA events for the peers), on a CPU
device the wall clock. The GPU is warmed up first.

Run alone (``python benchmarks/bench_ops.py [--device SEL] [--only SUBSTRING]``) or through benchmarks/run.py.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cases import Case  # noqa: E402
from common import row, warm_up_gpu  # noqa: E402
from libs import Vulkit, present  # noqa: E402

ROUNDS = 3


def all_cases(cpu: bool) -> list[Case]:
    """Every family's cases, families in file-name order."""
    found = []
    for path in sorted(Path(__file__).resolve().parent.glob("cases_*.py")):
        found += importlib.import_module(path.stem).cases(cpu)
    return found


def measure(case: Case, libs: list[Any], iterations: int) -> dict[str, float]:
    """Each library's value for ``case``: the best of ROUNDS rounds, the libraries in turn."""
    libs = [lib for lib in libs if lib.name == "vulkit" or case.peers is None or lib.name in case.peers]
    functions = {lib.name: case.build(lib) for lib in libs}
    for lib in libs:
        function = functions[lib.name]
        warm_up_gpu(function, seconds=0.05)
        lib.sync()
    best = dict.fromkeys(functions, float("inf"))
    for _ in range(ROUNDS):
        for lib in libs:
            best[lib.name] = min(best[lib.name], lib.seconds(functions[lib.name], iterations))
    return {name: case.value(seconds) for name, seconds in best.items()}


def run(device: int | str | None = None, only: str = "") -> list[dict[str, Any]]:
    """Rows for benchmarks/run.py."""
    import vulkit

    if device is not None:
        vulkit.device.set_device(device if isinstance(device, int) else _index_of(device))
    ours = Vulkit()
    libs = present(ours)
    iterations = 3 if ours.cpu else 20
    cases = [c for c in all_cases(ours.cpu) if only in c.name]
    if not ours.cpu and cases:
        warm_up_gpu(cases[0].build(ours), seconds=0.5)
    rows = []
    for case in cases:
        values = measure(case, libs, iterations)
        mine = values.pop("vulkit")
        rows.append(row(case.name, case.unit, mine, values, better=case.better,
                        note=case.note or f"best of {ROUNDS} rounds, libraries in turn"))
    return rows


def _index_of(selector: str) -> int:
    from vulkit.hal import get_instance

    return get_instance().select(selector).index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default=None)
    parser.add_argument("--only", default="", help="run the cases whose name contains this")
    args = parser.parse_args()
    for r in run(args.device, args.only):
        print(json.dumps(r, ensure_ascii=False))


if __name__ == "__main__":
    main()
