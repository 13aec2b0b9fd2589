"""Where solve of a 4096 x 4096 float32 matrix can win time (50 % of it is the LU panel kernel on an H100, which
factors each panel in one workgroup, column after column): the panel kernel with its pivot reduction done two
ways, under the panel geometries the driver could take, each timed with GPU timestamps and checked by its
residual.

  tree       the shipped reduction: a binary tree in shared memory, log2(invocations) barriers a column
  two_level  invocations t < WG/32 each scan 32 candidates, then every invocation scans those: two barriers
  geometry   default (panel_geometry), wg256 (at most 256 invocations: more rows each, narrower panels),
             regs128 (128 words of rows per invocation instead of 64: wider panels)

Run on the GPU machine: python benchmarks/probes/probe_lu_variants.py [n]"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

import numpy as np

import vulkit as vt
from vulkit.array.kernels import factorization_blocked as fb
from vulkit.array.ops import linalg_blocked
from vulkit.runtime import context
from vulkit.runtime.events import Event

TREE_START = "      skey[tid] = k; sidx[tid] = at;\n"
TREE_END = "      uint pr = sidx[0];\n"
TWO_LEVEL = """      skey[tid] = k; sidx[tid] = at;
      barrier();
      if (tid < (WG + 31u) / 32u) {
        uint bk = skey[tid * 32u], bi = sidx[tid * 32u];
        for (uint e = tid * 32u + 1u; e < min(tid * 32u + 32u, WG); ++e) {
          uint k2 = skey[e], a2 = sidx[e];
          if (k2 > bk || (k2 == bk && a2 < bi)) { bk = k2; bi = a2; }
        }
        gkey[tid] = bk; gidx[tid] = bi;
      }
      barrier();
      uint bk = gkey[0], pr = gidx[0];
      for (uint g = 1u; g < (WG + 31u) / 32u; ++g)
        if (gkey[g] > bk || (gkey[g] == bk && gidx[g] < pr)) { bk = gkey[g]; pr = gidx[g]; }
"""
ORIGINAL_BODY = fb.PanelSpec.body
ORIGINAL_GEOMETRY = linalg_blocked.panel_geometry


def _body(variant: str) -> Any:
    def body(self: Any) -> list[str]:
        text = "\n".join(ORIGINAL_BODY(self)) + "\n"
        if variant == "two_level":
            start, end = text.index(TREE_START), text.index(TREE_END) + len(TREE_END)
            text = text[:start] + TWO_LEVEL + text[end:]
            text = text.replace("shared uint sidx[WG];", "shared uint sidx[WG];\nshared uint gkey[32];\n"
                                "shared uint gidx[32];")
        return text.rstrip("\n").split("\n")
    return body


def _geometry(kind: str) -> Any:
    def geometry(ctx: Any, m: int, itemsize: int, tb: int) -> tuple[int, int, int]:
        if kind == "default":
            return ORIGINAL_GEOMETRY(ctx, m, itemsize, tb)
        most = 256 if kind == "wg256" else 1024
        words = 128 if kind == "regs128" else 64
        wg = min(most, linalg_blocked.max_invocations(ctx), max(64, linalg_blocked.pow2(m)))
        rmax = linalg_blocked.pow2(math.ceil(m / wg))
        nb = min(wg, max(8, min(32, tb, words // (rmax * max(1, itemsize // 4)))))
        return wg, rmax, nb
    return geometry


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    rng = np.random.default_rng(0)
    a_host = rng.standard_normal((n, n)).astype(np.float32)
    b_host = rng.standard_normal(n).astype(np.float32)
    a, b = vt.asarray(a_host), vt.asarray(b_host)
    ctx = context.current()
    for variant in ("tree", "two_level"):
        for kind in ("default", "wg256", "regs128"):
            fb.PanelSpec.body = _body(variant)
            linalg_blocked.panel_geometry = _geometry(kind)
            ctx.kernels._kernels.clear()  # noqa: SLF001 - a probe swaps kernel sources
            ctx._pipelines.clear()  # noqa: SLF001
            try:
                began = time.perf_counter()
                x = vt.linalg.solve(a, b)
                vt.device.synchronize()
                first = time.perf_counter() - began
                best = float("inf")
                for _ in range(3):
                    start, end = Event(enable_timing=True), Event(enable_timing=True)
                    start.record()
                    x = vt.linalg.solve(a, b)
                    end.record()
                    vt.device.synchronize()
                    best = min(best, start.elapsed_time(end))
                residual = float(np.abs(a_host.astype(np.float64) @ x.numpy() - b_host).max())
                print(f"{variant:9s} {kind:8s} {best:8.2f} ms  (first call {first:.1f} s, residual {residual:.2e})",
                      flush=True)
            except Exception as error:  # noqa: BLE001 - a probe reports and goes on
                print(f"{variant:9s} {kind:8s} {type(error).__name__}: {str(error)[:200]}", flush=True)
    fb.PanelSpec.body = ORIGINAL_BODY
    linalg_blocked.panel_geometry = ORIGINAL_GEOMETRY


if __name__ == "__main__":
    main()
