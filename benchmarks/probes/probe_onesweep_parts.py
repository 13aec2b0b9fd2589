"""Where a one-sweep radix pass spends its time: the sort's GPU time with parts of the one-sweep kernel taken out
(results wrong where a part is missing: timing only), against reduce-then-scan, variants in turn.

    python benchmarks/probes/probe_onesweep_parts.py "vt.sort(u)" --setup "u = vt.asarray(...)"
"""

from __future__ import annotations

import argparse
import dataclasses

import probe_kernel_times as pkt

from vulkit.array.kernels import sort as ks
from vulkit.array.ops import sorting
from vulkit.runtime import context

_EMIT = "        emit(s_run[d] + s_off[c * 256u + d] + li, k, v, last, src, moving, gather);"
_SCATTER_EMIT = "        emit(s_base[d] + li, k, v, last, src, moving, gather);"
_NO_LOOK_BACK = ("  look_back(t, first, src, excl);", "  [[unroll]] for (uint k = 0u; k < PER; k++) excl[k] = 0u;")
_NO_WRITES = (_EMIT, "        if (k == KT(0x12345u)) " + _EMIT.strip())
_NO_STATES = [("    if (d < 256u) BUFFER_STORE(P(t, d), (t == 0u ? INCLUSIVE : AGGREGATE) | s_run[d]);", ""),
              ("      if (t != 0u) BUFFER_STORE(P(t, d), INCLUSIVE | (excl[k] + s_run[d]));", "")]
_FIXED_TILES = ("  if (tid == 0u) s_tile = BUFFER_ADD(S(NEXT_TILE + p.step), 1u);", "  if (tid == 0u) s_tile = tile_id();")
VARIANTS = {
    "shipped": [],
    "no look-back": [("  look_back(t, first, src, excl);",
                      "  [[unroll]] for (uint k = 0u; k < PER; k++) excl[k] = 0u;")],
    "no writes": [(_EMIT, "        if (k == KT(0x12345u)) " + _EMIT.strip())],
    "neither": [_NO_LOOK_BACK, _NO_WRITES],
    "neither, no states": [_NO_LOOK_BACK, _NO_WRITES, *_NO_STATES],
    "neither, no states, fixed tiles": [_NO_LOOK_BACK, _NO_WRITES, *_NO_STATES, _FIXED_TILES],
    "reduce-then-scan, no writes": [(_SCATTER_EMIT, "        if (k == KT(0x12345u)) " + _SCATTER_EMIT.strip())],
    "only loads": [_NO_LOOK_BACK, _NO_WRITES, *_NO_STATES, _FIXED_TILES, ("    rank_tile();\n", "")],
}
_current = ["shipped"]


@dataclasses.dataclass(frozen=True)
class _Variant(ks.RadixSpec):
    variant: str = "shipped"

    def source(self, float_controls=None):  # noqa: ANN001, ANN201
        text = super().source(float_controls)
        if self.stage in ("onesweep", "scatter"):
            for old, new in VARIANTS[self.variant]:
                if self.stage == "scatter" and old != _SCATTER_EMIT:
                    continue
                assert old in text, old
                text = text.replace(old, new)
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("statements", nargs="+")
    parser.add_argument("--setup", default="")
    parser.add_argument("--turns", type=int, default=2)
    args = parser.parse_args()
    namespace = pkt.namespace_of(args.setup)
    sorting.RadixSpec = lambda *a, **k: _Variant(*a, **k, variant=_current[0])
    sorting.ONESWEEP = True
    choices = ["reduce-then-scan", *VARIANTS]
    for statement in args.statements:
        code = compile(statement, "<statement>", "eval")
        times: dict[str, list[float]] = {c: [] for c in choices}
        for _ in range(args.turns):
            for choice in choices:
                sorting.ONESWEEP = not choice.startswith("reduce-then-scan")
                _current[0] = "shipped" if choice == "reduce-then-scan" else choice

                context.current().plans.clear()
                times[choice].append(pkt.best_gpu_seconds(lambda: eval(code, namespace)) * 1e6)  # noqa: S307
        print(f"{statement}: " + "; ".join(f"{c} " + " / ".join(f"{t:.1f}" for t in v) + " µs"
                                           for c, v in times.items()), flush=True)


if __name__ == "__main__":
    main()
