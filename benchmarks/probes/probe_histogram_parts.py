"""What the radix sort's histogram pass spends: a sort's GPU time with every digit pass skipped (the plan patched to
skip them all, so the histogram and the plan are all that run: the results are not sorted) and the histogram's
counting varied, variants in turn. Keys whose float values nothing loses only (no -0.0, canonical NaNs): the
lost-value fix-up would search an unsorted output.

    python benchmarks/probes/probe_histogram_parts.py "vt.sort(x)" --setup "x = vt.asarray(...)"
"""

from __future__ import annotations

import argparse
import dataclasses

import probe_kernel_times as pkt

from vulkit.array.kernels import sort as ks
from vulkit.array.ops import sorting
from vulkit.runtime import context

_COUNT = "[[unroll]] for (uint q = 0u; q < NP; q++) count(q * 256u + (uint(k >> (8u * q)) & 255u));"
VARIANTS = {
    "shipped counting": _COUNT,
    "no counting": "if (k == KT(0x12345u)) count(0u);",
    "lowest digit only": "count(uint(k) & 255u);",
    "top digit only": "count((NP - 1u) * 256u + (uint(k >> (8u * (NP - 1u))) & 255u));",
    "plain atomics": "[[unroll]] for (uint q = 0u; q < NP; q++) "
                     "SHARED_ADD(s_hist[q * 256u + (uint(k >> (8u * q)) & 255u)], 1u);",
}
_SKIP_ALL = ("      S(16u + q) = code;", "      S(16u + q) = 1u;")
_current = ["shipped counting"]


@dataclasses.dataclass(frozen=True)
class _Variant(ks.RadixSpec):
    variant: str = "shipped counting"

    def source(self, float_controls=None):  # noqa: ANN001, ANN201
        text = super().source(float_controls)
        if self.stage == "histogram":
            assert _COUNT in text
            text = text.replace(_COUNT, VARIANTS[self.variant])
        if self.stage == "plan":
            assert _SKIP_ALL[0] in text
            text = text.replace(*_SKIP_ALL)
        return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("statements", nargs="+")
    parser.add_argument("--setup", default="")
    parser.add_argument("--turns", type=int, default=2)
    args = parser.parse_args()
    namespace = pkt.namespace_of(args.setup)
    sorting.RadixSpec = lambda *a, **k: _Variant(*a, **k, variant=_current[0])
    for statement in args.statements:
        code = compile(statement, "<statement>", "eval")
        times: dict[str, list[float]] = {v: [] for v in VARIANTS}
        for _ in range(args.turns):
            for variant in VARIANTS:
                _current[0] = variant
                context.current().plans.clear()
                times[variant].append(pkt.best_gpu_seconds(lambda code=code: eval(code, namespace)) * 1e6)  # noqa: S307
        print(f"{statement}: " + "; ".join(f"{v} " + " / ".join(f"{t:.1f}" for t in ts) + " µs"
                                           for v, ts in times.items()), flush=True)


if __name__ == "__main__":
    main()
