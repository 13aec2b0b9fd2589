"""Where the radix sort's scatter loses its time (78 % of sort of 2^24 float32 on an H100: ~415 µs a pass, ~300 GB/s):
the shipped kernels timed per stage, then the scatter with parts taken out or changed (results are wrong where
parts are taken out; only the time counts):

  optimize        every stage through spirv-opt -O (loops unrolled, per-thread arrays in registers)
  no_rank         the tile is not ranked (each element keeps its place in the tile)
  coalesced_emit  ranked, but each element written to the tile's own range (no scatter across the output)
  items8, items4  tiles of 8 or 4 elements a thread (fewer registers, more workgroups) instead of 16

Run on the GPU machine: python benchmarks/probes/probe_sort_variants.py"""

from __future__ import annotations

from typing import Any

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import sort as ks
from vulkit.array.kernels import sort_glsl as sg
from vulkit.runtime import context

ORIGINAL = ks.RadixSpec.source
NO_RANK = ("[[unroll]] for (uint j = 0u; j < ITEMS; j++) pos[j] = local_index(j);\n"
           "  for (uint d = tid; d < 256u; d += WG) s_start[d] = 0u;\n  barrier();")


def _variant(name: str) -> Any:
    def source(self: Any, float_controls: Any = None) -> str:
        text = ORIGINAL(self, float_controls)
        if self.stage != "scatter":
            return text
        if name == "no_rank":
            text = text.replace("  rank_tile();\n", "  " + NO_RANK + "\n")
        if name == "coalesced_emit":
            text = text.replace("emit(s_base[d] + li, k, v,", "emit(start + li, k, v,")
        return text
    return source


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    x = vt.asarray(rng.random(1 << 24, dtype=np.float32))
    k = vt.asarray(rng.integers(0, 1 << 20, 1 << 24))
    namespace = {"vt": vt, "x": x, "k": k}
    items = sg.ITEMS_LARGEST
    for variant in ("shipped", "optimize", "no_rank", "coalesced_emit", "items8", "items4"):
        ks.RadixSpec.source = _variant(variant) if variant in ("no_rank", "coalesced_emit") else ORIGINAL
        ks.RadixSpec.optimize = variant == "optimize"
        sg.ITEMS_LARGEST = int(variant[5:]) if variant.startswith("items") else items
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        ctx.plans.clear()
        for statement in ("vt.sort(x)", "vt.argsort(x, stable=True)", "vt.sort(k)"):
            try:
                times = pkt.profile(statement, namespace)
            except Exception as failure:  # noqa: BLE001 - a probe reports and goes on
                print(f"{variant:15s} {statement:28s} {type(failure).__name__}: {str(failure)[:300]}", flush=True)
                continue
            parts = "; ".join(f"{name} {ms * 1e3:.1f}" for name, ms in times.items())
            print(f"{variant:15s} {statement:28s} {sum(times.values()) * 1e3:8.1f} µs  [{parts}]", flush=True)
    ks.RadixSpec.source, ks.RadixSpec.optimize, sg.ITEMS_LARGEST = ORIGINAL, False, items


if __name__ == "__main__":
    main()
