"""Where a column of the grid LU panel loses its time (lu_factor of 4096² on an H100: ~3.5 µs a column, 63 panels of
64 columns, ~18 ms of 22): the shipped kernel, then with parts taken out (the results are wrong then; only the time
counts):

  no_eliminate   the exchange and elimination of the workgroup's rows (one pass over shared memory)
  no_wait        the reads of the other workgroups' keys (each takes its own candidate: no meeting)
  no_publish     the candidate row and row number written to device memory (the key is still written)
  no_pivot_row   the pivot and diagonal rows read back from device memory (a round trip a column)
  groups=N       GRID_GROUPS (workgroups a panel; 64 shipped)

Timed: lu_factor of PROBE_N x PROBE_N float32 (default 4096; lu_factor warns where solve would raise on the garbage).

Variants combine with "+" (no_wait+no_pivot_row). Each variant compiles its own kernels (the kernel cache is
cleared between them). Run on the GPU machine:
python benchmarks/probes/probe_lu_grid.py [VARIANT ...] (default: shipped and each part alone)"""

from __future__ import annotations

import os
import sys
import warnings

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import factorization_grid as fg
from vulkit.array.ops import linalg_blocked
from vulkit.runtime import context

ORIGINAL = {"lead": list(fg._LEAD), "eliminate": list(fg._ELIMINATE)}
SHIPPED_GROUPS = linalg_blocked.GRID_GROUPS


def _without(lines: list[str], starts: tuple[str, ...]) -> list[str]:
    """``lines`` less those whose text (stripped) starts with one of ``starts``."""
    return [line for line in lines if not line.strip().startswith(starts)]


def _apply(variant: str) -> None:
    parts = set(variant.split("+"))
    lead, eliminate = list(ORIGINAL["lead"]), list(ORIGINAL["eliminate"])
    linalg_blocked.GRID_GROUPS = SHIPPED_GROUPS
    for part in parts:
        if part.startswith("groups="):
            linalg_blocked.GRID_GROUPS = int(part.split("=", 1)[1])
    if "no_eliminate" in parts:
        eliminate = []
    if "no_wait" in parts:  # every slot taken as arrived, with this workgroup's own key
        lead = [line.replace("uint g = k * SG + lane, v = (pending & (1u << k)) != 0u ? KEY(par, g) : 0u;",
                             "uint g = k * SG + lane, v = (kg | (tag << 31));") for line in lead]
    if "no_publish" in parts:
        lead = _without(lead, ("CAND(par, w, c) =", "if (diagonal) CAND(par, G, c)", "if (lane == 0u) ROW(par, w)"))
    if "no_pivot_row" in parts:
        lead = _without(lead, ("prow[c] = CAND(", "jrow[c] = CAND(", "uint pr = ROW(par, gx);"))
        lead = [line.replace("s_pr = pr;", "s_pr = 0u;").replace("p.pk + pr;", "p.pk;") for line in lead]
    fg._LEAD[:], fg._ELIMINATE[:] = lead, eliminate


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    n = int(os.environ.get("PROBE_N", "4096"))
    a = vt.asarray(rng.standard_normal((n, n)).astype(np.float32))
    warnings.simplefilter("ignore", RuntimeWarning)
    variants = sys.argv[1:] or ["shipped", "no_eliminate", "no_wait", "no_publish", "no_pivot_row",
                                "no_wait+no_publish+no_pivot_row", "groups=32", "groups=128"]
    for variant in variants:
        _apply("" if variant == "shipped" else variant)
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        try:
            seconds = pkt.best_gpu_seconds(lambda: vt.linalg.lu_factor(a))
            print(f"{variant:34s} lu_factor {n}² {seconds * 1e3:8.2f} ms", flush=True)
        except RuntimeError as error:  # a lost grid (lavapipe's loop limit): report and go on
            print(f"{variant:34s} {error}", flush=True)
    _apply("")


if __name__ == "__main__":
    main()
