"""GPU time of each op of bench_array's chain of 5, ((x * 2 + 1) * x - 0.5) / 3, on 2^28 float32 (2^20 with
``--small``), side by side with PyTorch's. Run on a GPU machine: ``python3 benchmarks/probes/probe_chain.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import torch_cuda, torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402

STEPS = {"x * 2": lambda x, y: x * 2, "x + 1": lambda x, y: x + 1, "x * y": lambda x, y: x * y,
         "x - 0.5": lambda x, y: x - 0.5, "x / 3": lambda x, y: x / 3, "x / y": lambda x, y: x / y,
         "chain of 5": lambda x, y: ((x * 2 + 1) * x - 0.5) / 3}


def main() -> None:
    log2n = 20 if "--small" in sys.argv else 28
    host = np.random.default_rng(0).random(1 << log2n, dtype=np.float32)
    x, y = vt.asarray(host), vt.asarray(host[::-1].copy())
    torch = torch_cuda()
    tx = ty = None
    if torch is not None:
        tx, ty = torch.as_tensor(host, device="cuda"), torch.as_tensor(host[::-1].copy(), device="cuda")
    warm_up_gpu(lambda: (x + y, vt.device.synchronize()))
    print(f"device: {vt.device.get_device_name()}; 2^{log2n} float32; GPU µs per op")
    for name, step in STEPS.items():
        ours = vulkit_gpu_seconds(vt, lambda step=step: step(x, y), 20) * 1e6
        theirs = torch_gpu_seconds(torch, lambda step=step: step(tx, ty), 20) * 1e6 if torch is not None else 0.0
        ratio = f"{theirs / ours:5.2f}x" if theirs else ""
        print(f"{name:12s} vulkit {ours:8.1f}  torch {theirs:8.1f}  {ratio}")


if __name__ == "__main__":
    main()
