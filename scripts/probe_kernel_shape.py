"""GPU time of streaming elementwise kernels (exp, x * 2, x + y on 2^28 float32) for other kernel shapes:
threads per workgroup, vec4 items per thread and pass, and the cap on workgroups (the spec's least 65535, or
the device's own limit), side by side with PyTorch's. Run on a GPU machine:
``python3 scripts/probe_kernel_shape.py [log2n]``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from common import torch_cuda, torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array import codegen  # noqa: E402
from vulkit.array.ops import engine  # noqa: E402
from vulkit.runtime import context  # noqa: E402

OPS = {"exp": lambda x, y: vt.exp(x), "x * 2": lambda x, y: x * 2, "x + y": lambda x, y: x + y}
TORCH_OPS = {"exp": lambda x, y: x.exp(), "x * 2": lambda x, y: x * 2, "x + y": lambda x, y: x + y}


def use_shape(workgroup: int, unroll: int, max_groups: int) -> None:
    """Kernels made from now on have this shape (the cached ones are dropped)."""
    codegen.WORKGROUP, codegen.UNROLL, engine._MAX_GROUPS = workgroup, unroll, max_groups
    ctx = context.current()
    vt.device.synchronize()
    ctx.cache.clear()
    ctx._pipelines = {key: p for key, p in ctx._pipelines.items() if key[0] != "vulkit.array"}


def main() -> None:
    log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 28
    host = np.random.default_rng(0).random(1 << log2n, dtype=np.float32)
    x, y = vt.asarray(host), vt.asarray(host[::-1].copy())
    torch = torch_cuda()
    device_max = context.current().device.limits["max_compute_workgroup_count"][0]
    warm_up_gpu(lambda: (x + y, vt.device.synchronize()))
    print(f"device: {vt.device.get_device_name()}; 2^{log2n} float32; GPU µs per op; workgroup limit {device_max}")
    if torch is not None:
        tx, ty = torch.as_tensor(host, device="cuda"), torch.as_tensor(host[::-1].copy(), device="cuda")
        theirs = {name: torch_gpu_seconds(torch, lambda op=op: op(tx, ty), 20) * 1e6 for name, op in TORCH_OPS.items()}
        print("torch            " + "  ".join(f"{name} {t:7.1f}" for name, t in theirs.items()))
    shapes = [(256, 4, 65535), (256, 4, device_max), (256, 2, device_max), (256, 1, device_max),
              (128, 1, device_max), (128, 2, device_max), (512, 1, device_max), (512, 2, device_max),
              (256, 8, 65535), (1024, 1, device_max)]
    for workgroup, unroll, max_groups in shapes:
        use_shape(workgroup, unroll, max_groups)
        ours = {name: vulkit_gpu_seconds(vt, lambda op=op: op(x, y), 20) * 1e6 for name, op in OPS.items()}
        print(f"wg {workgroup:4d} unroll {unroll} cap {max_groups:10d}  "
              + "  ".join(f"{name} {t:7.1f}" for name, t in ours.items()))
        got = vt.exp(x).numpy()[:5]
        assert np.allclose(got, np.exp(host[:5])), got


if __name__ == "__main__":
    main()
