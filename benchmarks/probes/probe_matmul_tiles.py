# ruff: noqa: B023 - every lambda runs within its own iteration
"""matmul's tile shapes against PyTorch: TFLOP/s of the float32 tiled kernel for each Tile at the sizes asked, and of
the float16 cooperative-matrix kernel for each subgroup grid, with a correctness check of each setting
(GPU time, best of 3)."""
import argparse
import ast
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


def check(a, b, x, y, tol):
    got = (x @ y).numpy().astype(np.float64)
    want = a.astype(np.float64) @ b.astype(np.float64)
    return float(np.abs(got - want).max() / (np.abs(want).max() + 1e-30)) < tol


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", default="", help="float32 tiles as Python tuples, ';'-separated (default TILES)")
    parser.add_argument("--sizes", default="4096", help="comma-separated n of n x n x n products")
    parser.add_argument("--batched", default="", help="tiles as --tiles for 4096 products of 64 x 64 (_SMALL)")
    parser.add_argument("--no-coop", action="store_true", help="float32 only")
    args = parser.parse_args()
    tiles = parse_tiles(args.tiles) if args.tiles else TILES
    torch.backends.cuda.matmul.allow_tf32 = False
    rng = np.random.default_rng(0)
    families = [(np.float32, tiles, "_BIG")] + ([] if args.no_coop else [(np.float16, GRIDS, "_COOP_GRID")])
    for dtype, settings, attr in families:
        for n in (int(x) for x in args.sizes.split(",") if x):
            a = rng.standard_normal((n, n)).astype(dtype)
            b = rng.standard_normal((n, n)).astype(dtype)
            compare(a, b, settings, attr, 2 * n ** 3, f"{np.dtype(dtype).name} {n}")
    if args.batched:
        a = rng.standard_normal((4096, 64, 64)).astype(np.float32)
        b = rng.standard_normal((4096, 64, 64)).astype(np.float32)
        compare(a, b, parse_tiles(args.batched), "_SMALL", 2 * 4096 * 64 ** 3, "float32 4096 x 64 x 64")


def parse_tiles(text: str) -> list[Tile]:
    return [Tile(*ast.literal_eval(t)) for t in text.split(";")]


def compare(a: np.ndarray, b: np.ndarray, settings: list, attr: str, flops: int, label: str) -> None:
    """TFLOP/s of a @ b for each setting of matmul's ``attr`` in turn (twice), against PyTorch's."""
    x, y = vt.asarray(a), vt.asarray(b)
    ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
    warm_up_gpu(lambda: ta @ tb, seconds=0.3)
    theirs = flops / min(torch_gpu_seconds(torch, lambda: ta @ tb, 10) for _ in range(3)) / 1e12
    print(f"{label}: torch {theirs:.1f} TFLOP/s", flush=True)
    shipped = getattr(mm, attr)
    for turn in range(2):
        for setting in settings:
            setattr(mm, attr, setting)
            context.current().plans.clear()  # launch plans keep the tile they were made with
            try:
                warm_up_gpu(lambda: x @ y, seconds=0.2)
                ok = check(a[..., :300, :200], b[..., :200, :130], x[..., :300, :200], y[..., :200, :130], 1e-2)
                ours = flops / min(vulkit_gpu_seconds(vt, lambda: x @ y, 10) for _ in range(3)) / 1e12
                print(f"  {turn} {setting}: {ours:.1f} TFLOP/s ({ours / theirs:.2f}x) {'ok' if ok else 'WRONG'}",
                      flush=True)
            except Exception as e:  # noqa: BLE001 - a probe reports and goes on
                print(f"  {setting}: {type(e).__name__}: {str(e)[:300]}", flush=True)
    setattr(mm, attr, shipped)


if __name__ == "__main__":
    main()
