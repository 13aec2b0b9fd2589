"""Which blocked loops a device keeps (array/ops/recording.py): each statement run three times from an empty plan
cache, then the recordings kept (by loop name, with their dispatch counts) and the matmul tuner's state before and
after. A loop the device cannot keep (a split product's partial sums, a tuning run inside it) shows as none kept.

    python benchmarks/probes/probe_kept_loops.py [n] ["statement" ...]"""

from __future__ import annotations

import sys

import numpy as np

import vulkit as vt
from vulkit.array.ops import matmul_tuning, recording
from vulkit.runtime import context

DEFAULT = ("vt.linalg.solve(a, b)", "vt.linalg.lu_factor(a)", "vt.linalg.cholesky(s)",
           "vt.linalg.solve_triangular(t, b, lower=True)")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    rng = np.random.default_rng(0)
    g = rng.standard_normal((n, n)).astype(np.float32)
    names = {"vt": vt, "a": vt.asarray(g), "b": vt.asarray(rng.standard_normal((n, 3)).astype(np.float32)),
             "s": vt.asarray(g @ g.T / n + np.eye(n, dtype=np.float32)),
             "t": vt.asarray(np.tril(g) + 8 * np.eye(n, dtype=np.float32))}
    ctx = context.current()
    for statement in sys.argv[2:] or DEFAULT:
        ctx.plans.clear()
        before = matmul_tuning.state()
        for _ in range(3):
            eval(statement, names)  # noqa: S307
        ctx.synchronize()
        kept = [(k[0], len(v.steps)) for k, v in ctx.plans.items() if isinstance(v, recording.Recording)]
        print(f"{statement} (n={n}): kept {kept or 'none'}; tuner {before} -> {matmul_tuning.state()}", flush=True)


if __name__ == "__main__":
    main()
