"""The reductions' planning constants against PyTorch: the workgroups aimed for when R is cut into chunks, the
loads per thread that size a row's threads, and the least rows a col chunk takes. Prints GB/s per setting for row
and column sums of 8192x8192, 16 long rows, 65536 rows of 1024 and 2^28 elements (GPU time, best of 3)."""
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array.ops import reductions  # noqa: E402

CASES = [((8192, 8192), 1), ((8192, 8192), 0), ((16, 1 << 22), 1), ((1 << 16, 1024), 1), ((1 << 28,), None)]
SETTINGS = [(2048, 4, 64), (4096, 4, 64), (8192, 4, 64), (2048, 8, 64), (2048, 16, 64), (4096, 8, 128),
            (8192, 8, 256), (4096, 4, 32)]


def main() -> None:
    rng = np.random.default_rng(0)
    arrays = {shape: rng.standard_normal(shape, dtype=np.float32) for shape, _ in CASES}
    ours = {shape: vt.asarray(a) for shape, a in arrays.items()}
    theirs = {shape: torch.from_numpy(a).cuda() for shape, a in arrays.items()}
    warm_up_gpu(lambda: vt.sum(ours[(1 << 28,)]), seconds=1.0)
    for shape, axis in CASES:
        t = theirs[shape]
        f = (lambda t=t: torch.sum(t)) if axis is None else (lambda t=t, axis=axis: torch.sum(t, dim=axis))
        warm_up_gpu(f, seconds=0.2)
        seconds = min(torch_gpu_seconds(torch, f, 20) for _ in range(3))
        print(f"torch sum {shape} axis={axis}: {arrays[shape].nbytes / seconds / 1e9:.0f} GB/s", flush=True)
    for target, loads, col_min in SETTINGS:
        reductions._target_groups = lambda ctx, target=target: target
        reductions.LOADS_PER_THREAD = loads
        reductions.COL_CHUNK_MIN = col_min
        line = []
        for shape, axis in CASES:
            x = ours[shape]
            f = lambda x=x, axis=axis: vt.sum(x, axis=axis)  # noqa: E731
            warm_up_gpu(f, seconds=0.1)
            seconds = min(vulkit_gpu_seconds(vt, f, 20) for _ in range(3))
            line.append(f"{arrays[shape].nbytes / seconds / 1e9:.0f}")
        print(f"target {target} loads {loads} col_min {col_min}: " + " ".join(line), flush=True)


if __name__ == "__main__":
    main()
