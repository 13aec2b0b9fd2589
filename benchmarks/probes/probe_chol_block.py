"""Where the Cholesky diagonal-block kernel (CholSpec, one workgroup per 64 x 64 block, 55 % of cholesky 4096 on an
H100 at ~130 µs a block) spends its time: one 64 x 64 float32 block (and a batch of 132, one per SM) timed per
kernel, shipped and with parts taken out (results wrong then; only the time counts):

  no_update   the trailing update of each column step (the k-loop's rank-1 update)
  no_scale    the column's scaling by 1 / sqrt(pivot)
  no_steps    the whole column loop (the kernel only loads and stores the block)

Run on the GPU machine: python benchmarks/probes/probe_chol_block.py"""

from __future__ import annotations

from typing import Any

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import factorization as fa
from vulkit.runtime import context

ORIGINAL = fa.CholSpec.body


def _variant(name: str) -> Any:
    def body(self: Any) -> list[str]:
        lines = ORIGINAL(self)
        start = next(k for k, line in enumerate(lines) if "for (uint j = 0u; j < n; ++j)" in line)
        end = next(k for k in range(start, len(lines)) if lines[k] == "    }")
        if name == "no_steps":
            return lines[:start] + lines[end + 1:]
        if name == "no_update":
            return [line for line in lines if "M(i, c) -=" not in line and "for (uint i = j + 1u + ty" not in line]
        if name == "no_scale":
            return [line for line in lines if "la_scale(M(i, j), inv)" not in line]
        return lines
    return body


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    g = rng.standard_normal((132, 64, 64)).astype(np.float32)
    spd = g @ g.transpose(0, 2, 1) / 64 + np.eye(64, dtype=np.float32)
    namespace = {"vt": vt, "one": vt.asarray(spd[0]), "many": vt.asarray(spd)}
    for variant in ("shipped", "no_update", "no_scale", "no_steps"):
        fa.CholSpec.body = ORIGINAL if variant == "shipped" else _variant(variant)
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        for statement in ("vt.linalg.cholesky(one)", "vt.linalg.cholesky(many)"):
            try:
                times = pkt.profile(statement, namespace)
            except Exception as failure:  # noqa: BLE001 - a variant may fail the not-positive-definite check
                print(f"{variant:10s} {statement:26s} {type(failure).__name__}: {str(failure)[:120]}", flush=True)
                continue
            print(f"{variant:10s} {statement:26s} CholSpec {times.get('CholSpec', 0.0) * 1e3:8.1f} µs", flush=True)
    fa.CholSpec.body = ORIGINAL


if __name__ == "__main__":
    main()
