"""Reductions over shapes the benchmark table leaves out, against PyTorch in the same process (GPU time, the
libraries in turn): many short rows, few long rows, columns of thin and wide matrices, a middle axis, two
non-adjacent axes (one copy first), other dtypes. Prints one line per case: GB/s read and vulkit / PyTorch."""
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402

CASES = [  # (shape, dtype, axis, function)
    ((1 << 22, 16), "float32", 1, "sum"), ((16, 1 << 22), "float32", 0, "sum"),
    ((1 << 22, 16), "float32", 0, "sum"), ((16, 1 << 22), "float32", 1, "sum"),
    ((1 << 16, 1024), "float32", 1, "sum"), ((1024, 1 << 16), "float32", 0, "sum"),
    ((1024, 1024, 64), "float32", 1, "sum"), ((64, 1024, 1024), "float32", (0, 2), "sum"),
    ((1 << 28,), "float16", None, "sum"), ((1 << 27,), "int32", None, "sum"), ((1 << 27,), "float64", None, "sum"),
    ((8192, 8192), "float32", 1, "max"), ((8192, 8192), "float32", 0, "argmax"), ((8192, 8192), "float32", 1, "var"),
    ((1 << 20, 64), "float32", 1, "logsumexp"), ((1 << 26,), "float32", None, "all"),
]


def pair(name: str, ours: vt.Array, theirs: torch.Tensor, axis: object) -> tuple:
    """The vulkit and PyTorch calls of one case."""
    if name == "var":
        return (lambda: vt.var(ours, axis=axis)), (lambda: torch.var(theirs, dim=axis, correction=0))
    if name == "logsumexp":
        return (lambda: vt.logsumexp(ours, axis=axis)), (lambda: torch.logsumexp(theirs, dim=axis))
    if axis is None:
        return (lambda: getattr(vt, name)(ours)), (lambda: getattr(torch, name)(theirs))
    torch_name = "amax" if name == "max" else name
    return (lambda: getattr(vt, name)(ours, axis=axis)), (lambda: getattr(torch, torch_name)(theirs, dim=axis))


def main() -> None:
    rng = np.random.default_rng(0)
    for shape, dtype, axis, name in CASES:
        host = rng.standard_normal(shape).astype(dtype) if dtype != "int32" else rng.integers(-9, 9, shape, np.int32)
        ours, theirs = vt.asarray(host), torch.from_numpy(host).cuda()
        if name == "all":
            ours, theirs = ours > -100, theirs > -100
        f_vt, f_t = pair(name, ours, theirs, axis)
        for f in (f_vt, f_t):
            warm_up_gpu(f, seconds=0.3)
        s_vt = s_t = float("inf")
        for _ in range(3):  # the libraries in turn
            s_vt = min(s_vt, vulkit_gpu_seconds(vt, f_vt, 20))
            s_t = min(s_t, torch_gpu_seconds(torch, f_t, 20))
        gbs = host.nbytes / s_vt / 1e9
        print(f"{name} {shape} {dtype} axis={axis}: {gbs:.0f} GB/s, {s_vt * 1e6:.1f} µs, vs torch {s_t / s_vt:.2f}x",
              flush=True)


if __name__ == "__main__":
    main()
