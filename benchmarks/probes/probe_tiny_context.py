"""The tiny op (``x + x``, 8 float32) in the conditions of bench_array, one changed at a time, to find what
makes it slower there than alone: after PyTorch has made its CUDA context, with two 1 GiB arrays alive, after
a warm-up on them. Run on the GPU machine: ``python3 benchmarks/probes/probe_tiny_context.py``."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import torch_cuda, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402


def tiny_us() -> float:
    x = vt.asarray(np.ones(8, np.float32))
    deadline = time.perf_counter() + 0.3
    while time.perf_counter() < deadline:
        for _ in range(100):
            x + x
    best = float("inf")
    for _ in range(5):
        vt.device.synchronize()
        start = time.perf_counter()
        for _ in range(20_000):
            x + x
        vt.device.synchronize()
        best = min(best, (time.perf_counter() - start) / 20_000 * 1e6)
    return best


def main() -> None:
    print(f"alone                         {tiny_us():6.2f} µs")
    torch = torch_cuda()
    if torch is not None:
        torch.ones(8, device="cuda").add_(1)
        torch.cuda.synchronize()
    print(f"after PyTorch's CUDA context  {tiny_us():6.2f} µs")
    host = np.random.default_rng(0).random(1 << 28, dtype=np.float32)
    big = [vt.asarray(host), vt.asarray(host[::-1].copy())]
    print(f"two 1 GiB arrays alive        {tiny_us():6.2f} µs")
    warm_up_gpu(lambda: (big[0] + big[1], vt.device.synchronize()))
    print(f"after a warm-up on them       {tiny_us():6.2f} µs")
    big.clear()
    print(f"after they are freed          {tiny_us():6.2f} µs")
    print(f"again                         {tiny_us():6.2f} µs")


if __name__ == "__main__":
    main()
