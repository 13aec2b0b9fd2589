"""Wall time per op of bursts of elementwise ops on mid-sized arrays (2^20 to 2^26 float32), as a program sees
it: 200 independent ``x * 2`` then a sync, and a chain of 200 dependent ``x = x * 2 + 0`` (a barrier each), for
several thresholds of the wide layout (``_WIDE_MIN``) and of the stream's first batch (``FIRST_BATCH_WORK``),
side by side with PyTorch's same bursts. Each row is the best of 5 bursts after a warm-up.
Run on a GPU machine: ``python3 benchmarks/probes/probe_mid_sizes.py``."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import torch_cuda, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array.ops import planning  # noqa: E402
from vulkit.runtime import context, stream  # noqa: E402

BURST = 200
NEVER = 1 << 62


def independent(x: Any) -> None:
    for _ in range(BURST):
        x * 2


def dependent(x: Any) -> None:
    for _ in range(BURST):
        x = x * 2 + 0


def burst_us(function: Callable[[Any], None], x: Any, sync: Callable[[], Any]) -> float:
    """µs per op: the best of 5 bursts."""
    function(x)
    sync()
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        function(x)
        sync()
        best = min(best, time.perf_counter() - start)
    return best / BURST * 1e6


def main() -> None:
    torch = torch_cuda()
    ctx = context.current()
    configs = {"vec, first 4096": (NEVER, 4096), "wide>=2^24, first 4096": (1 << 24, 4096),
               "wide>=2^24, first 16384": (1 << 24, 16384), "wide>=2^22, first 16384": (1 << 22, 16384)}
    print(f"device: {vt.device.get_device_name()}; wall µs per op, bursts of {BURST}")
    for log2n in (20, 22, 24, 26):
        host = np.random.default_rng(0).random(1 << log2n, dtype=np.float32)
        x = vt.asarray(host)
        warm_up_gpu(lambda x=x: (x * 2, vt.device.synchronize()))
        print(f"2^{log2n} float32")
        if torch is not None:
            t = torch.as_tensor(host, device="cuda")
            print(f"  {'torch':26s} independent {burst_us(independent, t, torch.cuda.synchronize):7.1f}   "
                  f"dependent {burst_us(dependent, t, torch.cuda.synchronize):7.1f}")
            del t
        for label, (wide_min, first_work) in configs.items():
            vt.device.synchronize()
            planning.WIDE_MIN, stream.FIRST_BATCH_WORK = wide_min, first_work
            ctx.plans.clear()
            sync = vt.device.synchronize
            print(f"  {label:26s} independent {burst_us(independent, x, sync):7.1f}   "
                  f"dependent {burst_us(dependent, x, sync):7.1f}")
        del x
        vt.device.synchronize()
        vt.device.empty_cache()


if __name__ == "__main__":
    main()
