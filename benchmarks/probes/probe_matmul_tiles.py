# ruff: noqa: B023 - every lambda runs within its own iteration
"""matmul's tile shapes against PyTorch: TFLOP/s of the float32 tiled kernel for each Tile at 4096 and 1024, and of
the float16 cooperative-matrix kernel for each subgroup grid, with a correctness check of each setting
(GPU time, best of 3)."""
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array.kernels.matmul import Tile  # noqa: E402
from vulkit.array.ops import matmul as mm  # noqa: E402
from vulkit.runtime import context  # noqa: E402

TILES = [Tile(128, 128, 8, 8, 8), Tile(128, 256, 8, 8, 16), Tile(256, 128, 8, 16, 8), Tile(128, 128, 16, 4, 8),
         Tile(128, 128, 16, 8, 8)]
GRIDS = [(2, 2, 4, 4, 32)]


def rate(f, n, iterations=10):
    return 2 * n ** 3 / min(vulkit_gpu_seconds(vt, f, iterations) for _ in range(3)) / 1e12


def check(a, b, x, y, tol):
    got = (x @ y).numpy().astype(np.float64)
    want = a.astype(np.float64) @ b.astype(np.float64)
    return float(np.abs(got - want).max() / (np.abs(want).max() + 1e-30)) < tol


def main() -> None:
    torch.backends.cuda.matmul.allow_tf32 = False
    rng = np.random.default_rng(0)
    for dtype, settings, attr in ((np.float32, TILES, "_BIG"), (np.float16, GRIDS, "_COOP_GRID")):
        for n in (4096,):
            a = rng.standard_normal((n, n)).astype(dtype)
            b = rng.standard_normal((n, n)).astype(dtype)
            x, y = vt.asarray(a), vt.asarray(b)
            ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
            warm_up_gpu(lambda: ta @ tb, seconds=0.3)
            theirs = 2 * n ** 3 / min(torch_gpu_seconds(torch, lambda: ta @ tb, 10) for _ in range(3)) / 1e12
            print(f"{np.dtype(dtype).name} {n}: torch {theirs:.1f} TFLOP/s", flush=True)
            for setting in settings:
                setattr(mm, attr, setting)
                context.current().plans.clear()  # launch plans keep the tile they were made with
                try:
                    warm_up_gpu(lambda: x @ y, seconds=0.2)
                    ok = check(a[:300, :200], b[:200, :130], x[:300, :200], y[:200, :130], 1e-2) and \
                        check(a[:100, :257].T, b[:100, :64], x[:100, :257].T, y[:100, :64], 1e-2)
                    ours = rate(lambda: x @ y, n)
                    print(f"  {setting}: {ours:.1f} TFLOP/s ({ours / theirs:.2f}x) {'ok' if ok else 'WRONG'}",
                          flush=True)
                except Exception as e:  # noqa: BLE001 - a probe reports and goes on
                    print(f"  {setting}: {type(e).__name__}: {str(e)[:300]}", flush=True)


if __name__ == "__main__":
    main()
