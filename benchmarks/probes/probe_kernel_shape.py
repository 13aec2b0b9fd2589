"""GPU time of streaming elementwise kernels in each contiguous kernel shape, at several sizes, side by side
with PyTorch's: exp, x * 2 and x + y on float32, float16 add, float64 x * 2, and a chain of five dependent
x * 2 (per op: no overlap between them). The shapes:

- ``vec 64``: the vec layout, 64 bytes of the widest array per thread and pass (4 vec4 items of float32, 8 of
  float16, 2 of float64), the grid capped at the device's limit (at most 2^20 workgroups);
- ``vec 128``: 128 bytes of it (at most 8 items: float32 8, float64 4 as before 2026-11-24, float16 8);
- ``wide 16``: 16 bytes of the widest array per thread and pass, as many workgroups as that takes;
- ``wide 32``: 32 bytes of it;
- ``wide 8``: 8 bytes of it (one float16 vec4 per thread; float32 and float64 as ``wide 16``);
- ``wide 16/128``: ``wide 16`` with 128 threads per workgroup (PyTorch's block size) instead of 256.

Each shape's kernels are compiled, then the GPU is warmed up again (its clocks fall while the host compiles).
The 20 timed ops of each measurement go to the GPU in one batch, so the host's pace does not count; with
``--batched``, the stream batches them as in a program, 50 ops per measurement, each the best of 3.

Run on a GPU machine: ``python3 benchmarks/probes/probe_kernel_shape.py [log2n ...] [--batched] [--ops exp,...]
[--shapes "wide 16",...]`` (default: every size of 22 24 26 28, every op and shape)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import torch_cuda, torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array.kernels import elementwise as codegen  # noqa: E402
from vulkit.array.ops import engine, planning  # noqa: E402
from vulkit.runtime import context, stream  # noqa: E402
from vulkit.runtime.kernels import KernelCache  # noqa: E402


def chain(x: object) -> object:
    """Five dependent ops (each waits for the one before); the table shows the time per op."""
    for _ in range(5):
        x = x * 2
    return x


# name: (the op for either library, operand dtype: float16 has half the bytes, float64 half as many elements)
OPS = {"exp": (lambda xp, x, y: xp.exp(x), "float32"),
       "x * 2": (lambda xp, x, y: x * 2, "float32"),
       "x + y": (lambda xp, x, y: x + y, "float32"),
       "f16 add": (lambda xp, x, y: x + y, "float16"),
       "f64 * 2": (lambda xp, x, y: x * 2, "float64"),
       "chain/5": (lambda xp, x, y: chain(x), "float32")}
NEVER = 1 << 62
# name: (_WIDE_MIN, VEC_BYTES, WIDE_BYTES, WORKGROUP)
SHAPES = {"vec 64": (NEVER, 64, 16, 256), "vec 128": (NEVER, 128, 16, 256), "wide 8": (0, 64, 8, 256),
          "wide 16": (0, 64, 16, 256), "wide 32": (0, 64, 32, 256), "wide 16/128": (0, 64, 16, 128)}


def _per(name: str) -> int:
    """Ops per call of OPS[name]."""
    return 5 if name == "chain/5" else 1


def use_shape(wide_min: int, vec_bytes: int, wide_bytes: int, workgroup: int) -> None:
    """Kernels made from now on have this shape (the cached ones are dropped)."""
    ctx = context.current()
    vt.device.synchronize()
    planning.WIDE_MIN, codegen.WORKGROUP = wide_min, workgroup
    codegen.VEC_BYTES, codegen.WIDE_BYTES = vec_bytes, wide_bytes
    ctx.kernels = KernelCache(ctx)
    ctx.plans.clear()
    ctx._pipelines = {key: p for key, p in ctx._pipelines.items() if key[0] != "kernel"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="*", type=int, default=[22, 24, 26, 28])
    parser.add_argument("--batched", action="store_true")
    parser.add_argument("--ops", default=",".join(OPS))
    parser.add_argument("--shapes", default=",".join(SHAPES))
    args = parser.parse_args()
    ops = {name: OPS[name] for name in args.ops.split(",")}
    shapes = {name: SHAPES[name] for name in args.shapes.split(",")}
    engine.EagerPlan.emit = lambda *args: None  # every op takes the general path, whose grids use_shape sets
    iterations, rounds = (50, 3) if args.batched else (20, 1)
    if not args.batched:
        stream.FIRST_BATCH_WORK = stream.MAX_BATCH_WORK = NEVER  # batches end at a sync (or after 32 ops)
    torch = torch_cuda()
    rng = np.random.default_rng(0)
    print(f"device: {vt.device.get_device_name()}; GPU µs per op (PyTorch: CUDA events; vulkit: timestamps)")
    for log2n in args.sizes:
        host = rng.random(1 << log2n, dtype=np.float32)
        hosts = {"float32": (host, host[::-1].copy()),
                 "float16": (host.astype(np.float16), host[::-1].astype(np.float16)),
                 "float64": (host[: host.size // 2].astype(np.float64),) * 2}
        arrays = {name: tuple(vt.asarray(h) for h in pair) for name, pair in hosts.items()}
        x, y = arrays["float32"]
        warm_up_gpu(lambda x=x, y=y: (x + y, vt.device.synchronize()))
        print(f"2^{log2n} float32 elements")
        if torch is not None:
            tensors = {name: tuple(torch.as_tensor(h, device="cuda") for h in pair) for name, pair in hosts.items()}
            theirs = {name: min(torch_gpu_seconds(torch, lambda op=op, t=tensors[d]: op(torch, *t), iterations)
                                for _ in range(rounds)) * 1e6 for name, (op, d) in ops.items()}
            print(f"  {'torch':12s}" + " ".join(f"{name} {t / _per(name):8.1f}" for name, t in theirs.items()))
            del tensors
            torch.cuda.empty_cache()
        for label, shape in shapes.items():
            use_shape(*shape)
            for op, d in ops.values():
                op(vt, *arrays[d])
            warm_up_gpu(lambda x=x, y=y: (x + y, vt.device.synchronize()))
            ours = {name: min(vulkit_gpu_seconds(vt, lambda op=op, a=arrays[d]: op(vt, *a), iterations)
                              for _ in range(rounds)) * 1e6 for name, (op, d) in ops.items()}
            print(f"  {label:12s}" + " ".join(f"{name} {t / _per(name):8.1f}" for name, t in ours.items()))
            for name, (op, d) in ops.items():
                got = op(vt, *arrays[d]).numpy()
                want = op(np, *hosts[d])
                assert np.allclose(got, want, rtol=1e-3), (label, name)
        del arrays, x, y
        vt.device.synchronize()
        vt.device.empty_cache()


if __name__ == "__main__":
    main()
