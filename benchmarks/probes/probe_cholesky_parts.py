"""Where cholesky of 4096 x 4096 float32 spends its GPU time (on an H100: the 64 x 64 diagonal-block kernel ~45 %,
elementwise kernels ~25 %): kernel times per spec (elementwise kernels by their operation), with the diagonal
block's rows padded to an odd stride in shared memory (shipped) and not (``unpadded``: every column access of a
64-wide block in one bank), and the elementwise steps alone (``a.copy()``, ``vt.tril``).

Run on the GPU machine: python benchmarks/probes/probe_cholesky_parts.py [n]"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import factorization as fa
from vulkit.runtime import context

ORIGINAL = fa.CholSpec.body
PAD_LINE = "  uint ld = (n | 1u) * n <= "


def _unpadded(self: Any) -> list[str]:
    return ["  uint ld = n;" if line.startswith(PAD_LINE) else line for line in ORIGINAL(self)]


def _name(spec: Any) -> str:
    name = type(spec).__name__
    op = getattr(spec, "op", None)
    return f"{name}:{op.name}" if op is not None else name


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    ctx = context.current()
    rng = np.random.default_rng(0)
    g = rng.standard_normal((n, n)).astype(np.float32)
    namespace = {"vt": vt, "a": vt.asarray(g @ g.T / n + np.eye(n, dtype=np.float32))}
    pkt._name = _name
    for variant in ("shipped", "unpadded"):
        fa.CholSpec.body = ORIGINAL if variant == "shipped" else _unpadded
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        for statement in ("vt.linalg.cholesky(a)", "a.copy()", "vt.tril(a)"):
            times = pkt.profile(statement, namespace)
            parts = "; ".join(f"{k} {v * 1e3:.1f}" for k, v in sorted(times.items(), key=lambda kv: -kv[1]))
            print(f"{variant:9s} {statement:24s} {sum(times.values()) * 1e3:9.1f} µs  [{parts}]", flush=True)
    fa.CholSpec.body = ORIGINAL


if __name__ == "__main__":
    main()
