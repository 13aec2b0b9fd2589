"""The tiled matmul's tile shape per device, chosen by timing: the first product of a size class (dtype and M, N, K
rounded up to powers of two) on a GPU runs once per candidate tile, timed with GPU timestamps; the fastest is kept
in memory and on disk (``<VULKIT_CACHE_DIR>/tuning/``, one JSON file per device and driver), like the SPIR-V
cache. ``VULKIT_AUTOTUNE=0`` turns it off (the built-in choice), ``1`` on for CPU devices too (off by default
there: lavapipe's timings say little and cost much)."""

from __future__ import annotations

import functools
import json
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ... import _config
from ..dtypes import DType
from ..kernels.matmul import Tile

CANDIDATES = {
    4: (Tile(128, 128, 8, 8, 8), Tile(128, 128, 16, 8, 8), Tile(64, 128, 8, 8, 8), Tile(64, 64, 16, 4, 4),
        Tile(64, 64, 8, 8, 4)),
    8: (Tile(64, 64, 8, 8, 4), Tile(64, 64, 8, 8, 8), Tile(64, 64, 16, 8, 8)),
}
MIN_FLOPS = 1 << 27  # smaller products take the built-in choice: their time is mostly the launch
_lock = threading.Lock()
_tables: dict[str, dict[str, Tile]] = {}
_generation = 0  # see state()


def size_class(dtype: DType, batch: int, m: int, n: int, k: int) -> str:
    """The key a choice is kept under: the dtype, the batch and each extent rounded up to a power of two (the
    extents to at least 16)."""
    extents = "x".join(str(max(16, 1 << (x - 1).bit_length())) for x in (m, n, k))
    return f"{dtype.name}:{1 << (batch - 1).bit_length()}:{extents}"


def enabled(ctx: Any) -> bool:
    """Whether products on ``ctx``'s device are tuned (``VULKIT_AUTOTUNE``; by default GPUs only)."""
    setting = _config.autotune()
    return setting if setting is not None else ctx.device.physical.type != "cpu"


def tile_for(ctx: Any, dtype: DType, batch: int, m: int, n: int, k: int, default: Tile,
             run: Callable[[Tile], None] | None) -> Tile:
    """The tile for ``batch`` (m x k) @ (k x n) products of ``dtype``: the one chosen for its size class before,
    else (with ``run``, which computes the product with a given tile, and tuning enabled) the fastest candidate,
    timed now; else ``default``."""
    key = size_class(dtype, batch, m, n, k)
    table = _table(ctx)
    chosen = table.get(key)
    if chosen is not None:
        return chosen
    from ...runtime import context as _context  # noqa: PLC0415

    candidates = CANDIDATES.get(dtype.itemsize if dtype.itemsize == 8 else 4, ())
    if run is None or not enabled(ctx) or 2 * batch * m * n * k < MIN_FLOPS or len(candidates) < 2 \
            or ctx is not _context.current():  # events time the current device only
        return default
    times = {tile: _seconds(ctx, lambda tile=tile: run(tile)) for tile in candidates}
    chosen = min(times, key=times.__getitem__)
    global _generation
    with _lock:
        table[key] = chosen
        _generation += 1
        _save(ctx, table)
    return chosen


def forget() -> None:
    """Drop the choices kept in memory (the files stay): the next product of each class reads them again."""
    global _generation
    with _lock:
        _tables.clear()
        _generation += 1


def state() -> tuple[int, str | None]:
    """What the tile chosen for a product depends on besides its size: a number that changes whenever a choice
    is forgotten or newly made, and ``VULKIT_AUTOTUNE`` as set. Part of the keys of the products' launch plans,
    which hold the tile (a new ``VULKIT_CACHE_DIR``'s choices apply to a layout planned before after
    :func:`forget`, as a new process's)."""
    return _generation, os.environ.get("VULKIT_AUTOTUNE")


def _seconds(ctx: Any, work: Callable[[], None]) -> float:
    """GPU milliseconds of ``work`` on the current device (``ctx``), the best of two runs after a warm-up."""
    from ...runtime.events import Event  # noqa: PLC0415

    work()  # compiles the kernel and warms up
    start, end = Event(enable_timing=True), Event(enable_timing=True)
    best = float("inf")
    for _ in range(2):
        start.record()
        work()
        end.record()
        best = min(best, start.elapsed_time(end))
    return best


def _path(ctx: Any) -> Path:
    physical = ctx.device.physical
    return _path_of(_config.cache_dir(), physical.name, physical.vendor_id, physical.device_id,
                    physical.driver_version)


@functools.lru_cache(maxsize=64)
def _path_of(folder: Path, device: str, vendor_id: int, device_id: int, driver_version: int) -> Path:
    """The choices' file (cached: every product asks for it, and building paths took half of a blocked
    Cholesky's host time)."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", device).strip("-")
    return folder / "tuning" / f"matmul-{name}-{vendor_id:x}-{device_id:x}-{driver_version:x}.json"


def _table(ctx: Any) -> dict[str, Tile]:
    path = _path(ctx)
    key = str(path)
    table = _tables.get(key)
    if table is None:
        table = {}
        try:
            for size, fields in json.loads(path.read_text()).items():
                table[size] = Tile(*fields)
        except (OSError, ValueError, TypeError):
            pass  # no file yet, or one this version cannot read: tune again
        _tables[key] = table
    return table


def _save(ctx: Any, table: dict[str, Tile]) -> None:
    path = _path(ctx)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {size: [t.bm, t.bn, t.bk, t.tm, t.tn] for size, t in sorted(table.items())}
        temporary = path.with_suffix(f".{threading.get_ident()}.tmp")
        temporary.write_text(json.dumps(data, indent=1))
        temporary.replace(path)
    except OSError:
        pass  # a read-only cache folder: the choices live as long as the process
