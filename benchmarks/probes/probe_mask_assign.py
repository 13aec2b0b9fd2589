"""Wall time of ``x[mask] = 0`` (a scalar through a boolean mask, synchronised) for each library present, in turn:
vulkit's in-place where against PyTorch's and CuPy's masked fill.

    python benchmarks/probes/probe_mask_assign.py [log2 n]"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from probe_compaction import best_wall

import vulkit as vt


def main() -> None:
    n = 1 << (int(sys.argv[1]) if len(sys.argv) > 1 else 24)
    rng = np.random.default_rng(0)
    host, flags = rng.random(n, dtype=np.float32), rng.random(n) > 0.5
    x, m = vt.asarray(host), vt.asarray(flags)

    def assign_vulkit() -> None:
        x[m] = 0.0

    peers: dict[str, tuple[Any, Any]] = {"vulkit": (assign_vulkit, vt.device.synchronize)}
    try:
        import torch

        t, tm = torch.from_numpy(host).cuda(), torch.from_numpy(flags).cuda()

        def assign_torch() -> None:
            t[tm] = 0.0

        peers["torch"] = (assign_torch, torch.cuda.synchronize)
    except Exception:  # noqa: BLE001 - a missing peer is left out
        pass
    try:
        import cupy

        c, cm = cupy.asarray(host), cupy.asarray(flags)

        def assign_cupy() -> None:
            c[cm] = 0.0

        peers["cupy"] = (assign_cupy, cupy.cuda.Device().synchronize)
    except Exception:  # noqa: BLE001
        pass
    times: dict[str, list[float]] = {name: [] for name in peers}
    for _ in range(2):
        for name, (call, sync) in peers.items():
            times[name].append(best_wall(call, sync))
    print(f"x[mask] = 0, {n} float32: " + ", ".join(f"{k} {min(v):.1f} µs" for k, v in times.items()))


if __name__ == "__main__":
    main()
