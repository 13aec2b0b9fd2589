"""Where the Cholesky panel's time a column step goes: cholesky's GPU time with the panel kernel's GLSL altered
(results wrong: only the time counts), each variant in turn in one process.

    python benchmarks/probes/probe_chol_panel.py 4096 [variant ...]

Variants: shipped; nosqrt (the diagonal's sqrt left out), nodiv (its reciprocal left out), nobarrier (no barrier
between column steps), nodot (no dot product terms), nostore (no element of L11 published into shared memory),
noloads (the rows not read from A: the row registers then hold constant zeros, so the compiler drops the dot
products too), nowrites (L not written back)."""

from __future__ import annotations

import dataclasses
import functools
import sys

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels.factorization_blocked import CholPanelSpec
from vulkit.array.ops import linalg_blocked

SHIPPED = linalg_blocked.CholPanelSpec
VARIANTS = {"shipped": lambda line: line,
            "nosqrt": lambda line: line.replace("sqrt(d)", "d"),
            "nodiv": lambda line: line.replace("R(1) / l", "l"),
            "nobarrier": lambda line: "" if line == "      barrier();" else line,
            "nodot": lambda line: "" if line.lstrip().startswith("v") and "-=" in line else line,
            "nostore": lambda line: "" if line.lstrip().startswith("M(r, ") and "M(r, r)" not in line else line,
            "noloads": lambda line: "" if "= b_A.d[" in line or "= la_conj(b_A.d[" in line else line,
            "nowrites": lambda line: "" if "b_A.d[IX_A(bt, r, " in line and "] = x" in line else line}


@dataclasses.dataclass(frozen=True)
class AlteredPanel(CholPanelSpec):
    """The panel kernel with each line of its body passed through VARIANTS[variant]."""

    variant: str = "shipped"

    def body(self) -> list[str]:
        return [VARIANTS[self.variant](line) for line in super().body()]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    chosen = sys.argv[2:] or list(VARIANTS)
    g = np.random.default_rng(0).standard_normal((n, n))
    a = vt.asarray((g @ g.T / n + np.eye(n)).astype(np.float32))

    def call() -> None:
        try:
            vt.linalg.cholesky(a)
        except vt.linalg.LinAlgError:
            pass

    for turn in range(2):
        for variant in chosen:
            linalg_blocked.CholPanelSpec = functools.partial(AlteredPanel, variant=variant)
            seconds = pkt.best_gpu_seconds(call)
            print(f"{turn} {variant}: cholesky {n}: {seconds * 1e6:.1f} µs", flush=True)
    linalg_blocked.CholPanelSpec = SHIPPED


if __name__ == "__main__":
    main()
