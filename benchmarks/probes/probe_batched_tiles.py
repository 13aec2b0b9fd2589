# ruff: noqa: B023 - every lambda runs within its own iteration
"""Batched float32 products of small matrices (the benchmark's 4096 x 64 x 64, and others) with each tile shape
forced in turn, against PyTorch (TF32 off): TFLOP/s by GPU timestamps, best of 3, each setting checked against
NumPy.

Run on the GPU machine: python benchmarks/probes/probe_batched_tiles.py"""
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from common import torch_gpu_seconds, vulkit_gpu_seconds, warm_up_gpu  # noqa: E402

import vulkit as vt  # noqa: E402
from vulkit.array.kernels.matmul import Tile  # noqa: E402
from vulkit.array.ops import matmul_tuning  # noqa: E402

TILES = [None, Tile(64, 64, 16, 4, 4), Tile(64, 64, 8, 8, 4), Tile(64, 64, 32, 4, 4), Tile(64, 64, 64, 4, 4),
         Tile(64, 64, 32, 8, 4), Tile(64, 64, 64, 8, 8), Tile(32, 64, 32, 4, 4), Tile(32, 32, 32, 4, 4),
         Tile(32, 32, 64, 4, 4)]
SHAPES = [(4096, 64, 64, 64), (16384, 32, 32, 32), (1024, 128, 128, 128), (4096, 64, 64, 16)]
ORIGINAL = matmul_tuning.tile_for


def main() -> None:
    torch.backends.cuda.matmul.allow_tf32 = False
    rng = np.random.default_rng(0)
    for batch, m, n, k in SHAPES:
        a = rng.standard_normal((batch, m, k)).astype(np.float32)
        b = rng.standard_normal((batch, k, n)).astype(np.float32)
        x, y = vt.asarray(a), vt.asarray(b)
        ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
        flops = 2 * batch * m * n * k
        warm_up_gpu(lambda: ta @ tb, seconds=0.3)
        theirs = flops / min(torch_gpu_seconds(torch, lambda: ta @ tb, 20) for _ in range(3)) / 1e12
        want = np.matmul(a[:7].astype(np.float64), b[:7].astype(np.float64))
        print(f"{batch}x{m}x{n}x{k}: torch {theirs:.2f} TFLOP/s", flush=True)
        for tile in TILES:
            if tile is not None and (tile.bm > m or tile.bn > n):
                continue
            matmul_tuning.tile_for = ORIGINAL if tile is None else (lambda *args, tile=tile, **kw: tile)
            matmul_tuning.forget()
            try:
                warm_up_gpu(lambda: x @ y, seconds=0.2)
                got = (x @ y).numpy()[:7]
                ok = np.abs(got - want).max() / np.abs(want).max() < 1e-5
                ours = flops / min(vulkit_gpu_seconds(vt, lambda: x @ y, 20) for _ in range(3)) / 1e12
                print(f"  {tile or 'as tuned'}: {ours:.2f} TFLOP/s ({ours / theirs:.2f}x) {'ok' if ok else 'WRONG'}",
                      flush=True)
            except Exception as e:  # noqa: BLE001 - a probe reports and goes on
                print(f"  {tile}: {type(e).__name__}: {str(e)[:300]}", flush=True)
        matmul_tuning.tile_for = ORIGINAL


if __name__ == "__main__":
    main()
