"""Where the radix sort's scatter loses its time (78 % of sort of 2^24 float32 on an H100: ~415 µs a pass, ~300 GB/s):
the shipped kernels timed per stage, then the scatter with parts taken out or changed (results are wrong where
parts are taken out; only the time counts). Every variant but wg128 writes each element into its tile's own range
and masks its place in shared memory, so that wrong ranks cannot write outside the buffers:

  coalesced         the shipped ranking (the baseline of the variants below)
  skeleton          no ranking, each element written to its tile's own range: loads, the exchange through shared
                    memory, the chunk loop and the stores alone
  no_subgroup_sync  ranked without the subgroup barriers between reading and bumping a digit's counter
  no_digit_scan     the per-digit scan over the subgroups' counters left out
  no_clear          the subgroups' counters not cleared before each chunk
  wg128             workgroups of 128 invocations (twice as many tiles, each half the size)

(Measured before and dropped from here: spirv-opt -O, no ranking with the scatter kept, ranked with coalesced
writes, tiles of 8 or 4 a thread; see docs/measured.md.)

Run on the GPU machine: python benchmarks/probes/probe_sort_variants.py [--bits=24] [variant ...]"""

from __future__ import annotations

import sys
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
SUBGROUP_SYNC = "    subgroupMemoryBarrierShared();\n    subgroupBarrier();\n"
DIGIT_SCAN = """      for (uint s = 0u; s < gl_NumSubgroups; s++) {
        uint c = s_cnt[s * 256u + d];
        s_cnt[s * 256u + d] = run;
        run += c;
      }
"""
CLEAR = "  for (uint i = tid; i < NSGMAX * 256u; i += WG) s_cnt[i] = 0u;\n"
SAFE = [("emit(s_base[d] + li, k, v,", "emit(start + li, k, v,"), ("s_k[pos[j]]", "s_k[pos[j] & (TILE - 1u)]"),
        ("s_v[pos[j]]", "s_v[pos[j] & (TILE - 1u)]")]
VARIANTS = ("shipped", "coalesced", "skeleton", "no_subgroup_sync", "no_digit_scan", "no_clear", "wg128")


def _variant(name: str) -> Any:
    def source(self: Any, float_controls: Any = None) -> str:
        text = ORIGINAL(self, float_controls)
        if self.stage != "scatter":
            return text
        edits = {"skeleton": [("  rank_tile();\n", "  " + NO_RANK + "\n")],
                 "no_subgroup_sync": [(SUBGROUP_SYNC, "")],
                 "no_digit_scan": [(DIGIT_SCAN, "      run = s_cnt[d];\n")],
                 "no_clear": [(CLEAR, "")]}.get(name, [])
        if name not in ("shipped", "wg128"):
            edits = [*edits, *SAFE]
        for old, new in edits:
            if old not in text:
                raise ValueError(f"{name}: the scatter's source no longer has {old!r}")
            text = text.replace(old, new)
        return text
    return source


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    args = sys.argv[1:]
    bits = int(args.pop(0)[7:]) if args and args[0].startswith("--bits=") else 24
    x = vt.asarray(rng.random(1 << bits, dtype=np.float32))
    namespace = {"vt": vt, "x": x}
    wg = sg.WG_LARGEST
    for variant in args or VARIANTS:
        ks.RadixSpec.source = _variant(variant)
        sg.WG_LARGEST = 128 if variant == "wg128" else wg
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        ctx.plans.clear()
        for statement in ("vt.sort(x)", "vt.argsort(x, stable=True)"):
            try:
                times = pkt.profile(statement, namespace)
            except Exception as failure:  # noqa: BLE001 - a probe reports and goes on
                print(f"{variant:15s} {statement:28s} {type(failure).__name__}: {str(failure)[:300]}", flush=True)
                continue
            parts = "; ".join(f"{name} {ms * 1e3:.1f}" for name, ms in times.items())
            print(f"{variant:15s} {statement:28s} {sum(times.values()) * 1e3:8.1f} µs  [{parts}]", flush=True)
    ks.RadixSpec.source, sg.WG_LARGEST = ORIGINAL, wg


if __name__ == "__main__":
    main()
