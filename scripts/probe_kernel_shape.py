"""GPU time of streaming elementwise kernels (exp, x * 2, x + y on 2^28 float32; float16 add; float64 x * 2)
for other kernel shapes: threads per workgroup, vec4 items per thread and pass, and the cap on workgroups (the
spec's least 65535, or the device's own limit), side by side with PyTorch's. Run on a GPU machine:
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

# name: (vulkit's op, PyTorch's, operand dtype: float16 has half the bytes, float64 half as many elements)
OPS = {"exp": (lambda x, y: vt.exp(x), lambda x, y: x.exp(), "float32"),
       "x * 2": (lambda x, y: x * 2, lambda x, y: x * 2, "float32"),
       "x + y": (lambda x, y: x + y, lambda x, y: x + y, "float32"),
       "f16 add": (lambda x, y: x + y, lambda x, y: x + y, "float16"),
       "f64 * 2": (lambda x, y: x * 2, lambda x, y: x * 2, "float64")}


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
    hosts = {"float32": (host, host[::-1].copy()), "float16": (host.astype(np.float16), host[::-1].astype(np.float16)),
             "float64": (host[: host.size // 2].astype(np.float64),) * 2}
    arrays = {name: tuple(vt.asarray(h) for h in pair) for name, pair in hosts.items()}
    x, y = arrays["float32"]
    torch = torch_cuda()
    device_max = context.current().device.limits["max_compute_workgroup_count"][0]
    warm_up_gpu(lambda: (x + y, vt.device.synchronize()))
    print(f"device: {vt.device.get_device_name()}; 2^{log2n} float32; GPU µs per op; workgroup limit {device_max}")
    if torch is not None:
        tensors = {name: tuple(torch.as_tensor(h, device="cuda") for h in pair) for name, pair in hosts.items()}
        theirs = {name: torch_gpu_seconds(torch, lambda op=op, t=tensors[dtype]: op(*t), 20)
                  * 1e6 for name, (_, op, dtype) in OPS.items()}
        print("torch                              " + " ".join(f"{name} {t:7.1f}" for name, t in theirs.items()))
    shapes = [(256, 4, 65535), (256, 1, device_max), (256, 2, device_max), (128, 1, device_max),
              (128, 2, device_max), (256, 1, 65535), (512, 1, device_max)]
    for workgroup, unroll, max_groups in shapes:
        use_shape(workgroup, unroll, max_groups)
        ours = {name: vulkit_gpu_seconds(vt, lambda op=op, a=arrays[dtype]: op(*a), 20) * 1e6
                for name, (op, _, dtype) in OPS.items()}
        print(f"wg {workgroup:4d} unroll {unroll} cap {max_groups:10d} "
              + " ".join(f"{name} {t:7.1f}" for name, t in ours.items()))
        got = vt.exp(x).numpy()[:5]
        assert np.allclose(got, np.exp(host[:5])), got


if __name__ == "__main__":
    main()
