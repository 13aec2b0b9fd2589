"""The tiled matmul's tile shape per device, chosen by timing (:mod:`.tuning`): the first product of a size class
(dtype and M, N, K rounded up to powers of two) on a GPU runs once per candidate tile; the fastest is kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dtypes import DType
from ..kernels.matmul import Tile
from . import tuning

CANDIDATES = {
    4: (Tile(128, 128, 8, 8, 8), Tile(128, 128, 16, 8, 8), Tile(64, 128, 8, 8, 8), Tile(128, 64, 8, 8, 8),
        Tile(64, 64, 16, 4, 4), Tile(64, 64, 8, 8, 4)),
    8: (Tile(64, 64, 8, 8, 4), Tile(64, 64, 8, 8, 8), Tile(64, 64, 16, 8, 8)),
}
MIN_FLOPS = 1 << 27  # smaller products take the built-in choice: their time is mostly the launch


def size_class(dtype: DType, batch: int, m: int, n: int, k: int) -> str:
    """The key a choice is kept under: the dtype, the batch and each extent rounded up to a power of two (the
    extents to at least 16)."""
    extents = "x".join(str(max(16, 1 << (x - 1).bit_length())) for x in (m, n, k))
    return f"{dtype.name}:{1 << (batch - 1).bit_length()}:{extents}"


def tile_for(ctx: Any, dtype: DType, batch: int, m: int, n: int, k: int, default: Tile,
             run: Callable[[Tile], None] | None) -> Tile:
    """The tile for ``batch`` (m x k) @ (k x n) products of ``dtype``: the one chosen for its size class before,
    else (with ``run``, which computes the product with a given tile, and tuning enabled) the fastest candidate,
    timed now; else ``default``."""
    candidates = CANDIDATES.get(dtype.itemsize if dtype.itemsize == 8 else 4, ())
    if 2 * batch * m * n * k < MIN_FLOPS:
        run = None
    return tuning.choose(ctx, "matmul", size_class(dtype, batch, m, n, k), candidates, run, default,
                         lambda tile: [tile.bm, tile.bn, tile.bk, tile.tm, tile.tn])
