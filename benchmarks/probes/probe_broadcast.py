"""Where broadcast adds lose time on a GPU: GPU time of a same-shape add, the rows4 and strided broadcast
kernels, and PyTorch's, at two sizes; ``--after-big`` first runs what bench_array runs before its
broadcast. Run on a GPU machine: ``python3 benchmarks/probes/probe_broadcast.py [--after-big]``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import torch_cuda, torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array.ops import planning  # noqa: E402


def _like_the_bench() -> list[vt.Array]:
    """What bench_array runs before its broadcast: 2^28-element adds, multiplies, exps and wheres."""
    x = vt.asarray(np.random.default_rng(0).random(1 << 28, dtype=np.float32))
    y = x * 0.5
    for function in (lambda: x + y, lambda: x * y, lambda: vt.exp(x), lambda: vt.where(x > 0.5, x, y)):
        vulkit_gpu_seconds(vt, function, 50)
    return [x, y]


def _report(library: str, side: int, name: str, seconds: float, arrays_moved: int) -> None:
    us = seconds * 1e6
    print(f"{side}^2 {library:6s} {name:24s} {us:8.1f} us  {arrays_moved * side * side * 4 / us / 1e3:6.0f} GB/s moved")


def _vulkit(side: int, host: np.ndarray) -> None:
    a, a2, b = vt.asarray(host), vt.asarray(host[::-1].copy()), vt.asarray(host[0].copy())
    out = a + b
    warm_up_gpu(lambda: (a + b, vt.device.synchronize()))
    for name, function, moved in (("same-shape add", lambda: vt.add(a, a2, out=out), 3),
                                  ("rows4 broadcast", lambda: vt.add(a, b, out=out), 2),
                                  ("new output, rows4", lambda: a + b, 2)):
        _report("vulkit", side, name, vulkit_gpu_seconds(vt, function, 50), moved)
    rows4 = planning._rows_of_vec4s
    planning._rows_of_vec4s = lambda *args: False
    try:
        _report("vulkit", side, "strided broadcast", vulkit_gpu_seconds(vt, lambda: vt.add(a, b, out=out), 50), 2)
    finally:
        planning._rows_of_vec4s = rows4
    _report("vulkit", side, "one rows4 alone", vulkit_gpu_seconds(vt, lambda: vt.add(a, b, out=out), 1), 2)


def _torch(torch: Any, side: int, host: np.ndarray) -> None:
    a, a2, b = (torch.as_tensor(v, device="cuda") for v in (host, host[::-1].copy(), host[0].copy()))
    out = a + b
    warm_up_gpu(lambda: (a + b, torch.cuda.synchronize()))
    for name, function, moved in (("same-shape add", lambda: torch.add(a, a2, out=out), 3),
                                  ("broadcast", lambda: torch.add(a, b, out=out), 2)):
        _report("torch", side, name, torch_gpu_seconds(torch, function, 50), moved)


def main() -> None:
    torch = torch_cuda()
    kept = _like_the_bench() if "--after-big" in sys.argv else []
    print(f"device: {vt.device.get_device_name()}; buffer addresses: {vt.runtime.context.current().buffer_addresses}; "
          f"after 2^28 ops: {bool(kept)}")
    for side in (4096, 8192):
        host = np.random.default_rng(0).random((side, side), dtype=np.float32)
        _vulkit(side, host)
        if torch is not None:
            _torch(torch, side, host)


if __name__ == "__main__":
    main()
