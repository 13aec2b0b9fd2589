"""The radix sort with fewer, longer-lived workgroups: its tile kernels (upsweep, scatter, the fix-up's count and
writes, the row spines) rewritten to loop over tiles, their grids capped at each of the given workgroup counts, each
in turn with the shipped one-workgroup-a-tile grid ("tiles"); GPU time of each statement, and with ``--check``
its results against the shipped kernels' first (byte for byte). The rewrite is the probe's own (the kernels' text
is patched), so the question "does launch and drain cost a third of the sort?" is answered before the kernels
change.

    python benchmarks/probes/probe_sort_grid.py 528,1056,2112 "vt.sort(x)" --setup "x = vt.asarray(...)" [--check]
"""

from __future__ import annotations

import argparse
import dataclasses

import numpy as np
import probe_kernel_times as pkt

from vulkit.array.kernels import sort as ks
from vulkit.array.ops import sorting
from vulkit.runtime import context

LOOPING = ("upsweep", "scatter", "fixcount", "fixwrite", "rowspine", "fixspine")
_limit: list[int | None] = [None]
_shipped_grid = sorting.grid


def looping(text: str) -> str:
    """``text`` with its main() made ``tile_main(uint t)`` (its early returns end a tile) and a main() that runs it
    for every tile from its own, a grid's workgroups apart."""
    for name in ("t", "r"):
        head = f"void main() {{\n  uint {name} = tile_id();"
        if head in text:
            text = text.replace(head, f"void tile_main(uint {name}) {{")
            return text + ("void main() {\n  uint stride = gl_NumWorkGroups.x * gl_NumWorkGroups.y;\n"
                           "  for (uint t = tile_id(); t < p.tiles; t += stride) {\n    tile_main(t);\n"
                           "    barrier();\n  }\n}\n")
    raise ValueError("no tile main() to rewrite")


@dataclasses.dataclass(frozen=True)
class _Looping(ks.RadixSpec):
    cap: int = 0

    def source(self, float_controls=None):  # noqa: ANN001, ANN201
        text = super().source(float_controls)
        return looping(text) if self.cap and self.stage in LOOPING else text


def _grid(ctx, tiles):  # noqa: ANN001, ANN202
    return _shipped_grid(ctx, tiles if _limit[0] is None else min(tiles, _limit[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("limits", help="workgroup counts, comma-separated")
    parser.add_argument("statements", nargs="+")
    parser.add_argument("--setup", default="")
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="compare each statement's result with the shipped one")
    args = parser.parse_args()
    namespace = pkt.namespace_of(args.setup)
    choices: list[int | None] = [None, *(int(v) for v in args.limits.split(","))]
    sorting.RadixSpec = lambda *a, **k: _Looping(*a, **k, cap=_limit[0] or 0)
    sorting.grid = _grid
    for statement in args.statements:
        code = compile(statement, "<statement>", "eval")
        times: dict[int | None, list[float]] = {c: [] for c in choices}
        for turn in range(args.turns):
            for choice in choices:
                _limit[0] = choice
                context.current().plans.clear()
                if args.check and turn == 0:
                    got = np.asarray(eval(code, namespace))  # noqa: S307
                    _limit[0], reference = None, np.asarray(eval(code, namespace))  # noqa: S307
                    _limit[0] = choice
                    assert got.tobytes() == reference.tobytes(), (statement, choice)
                times[choice].append(pkt.best_gpu_seconds(lambda code=code: eval(code, namespace)) * 1e6)  # noqa: S307
        print(f"{statement}: " + "; ".join(f"{c or 'tiles'} " + " / ".join(f"{t:.1f}" for t in ts) + " µs"
                                           for c, ts in times.items()), flush=True)


if __name__ == "__main__":
    main()
