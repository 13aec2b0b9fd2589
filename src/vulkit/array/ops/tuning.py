"""Choices that depend on the device, made by timing: the first call of a size class on a GPU runs once per
candidate (a matmul's tile shape, a long scan's route), timed with GPU timestamps; the fastest is kept in memory and
on disk (``<VULKIT_CACHE_DIR>/tuning/``, one JSON file per family, device and driver), like the SPIR-V cache.
``VULKIT_AUTOTUNE=0`` turns it off (each family's built-in choice), ``1`` on for CPU devices too (off by default
there: lavapipe's timings say little and cost much)."""

from __future__ import annotations

import functools
import json
import os
import re
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from ... import _config

T = TypeVar("T")
_lock = threading.Lock()
_tables: dict[str, dict[str, Any]] = {}  # a file's choices as JSON values, by the file's path
_generation = 0  # see state()


def enabled(ctx: Any) -> bool:
    """Whether choices are timed on ``ctx``'s device (``VULKIT_AUTOTUNE``; by default GPUs only)."""
    setting = _config.autotune()
    return setting if setting is not None else not ctx.on_cpu


def choose(ctx: Any, family: str, key: str, candidates: Sequence[T], run: Callable[[T], None] | None, default: T,
           encode: Callable[[T], Any] = lambda choice: choice) -> T:
    """The candidate kept for ``key`` of ``family`` on ``ctx``'s device, else (with ``run``, which does the work
    with a given candidate, and tuning enabled) the fastest of ``candidates``, timed now and kept; else
    ``default``. ``encode`` gives a candidate's JSON value (what the file keeps)."""
    table = _table(ctx, family)
    stored = table.get(key)
    if stored is not None:
        for candidate in candidates:
            if encode(candidate) == stored:
                return candidate
    from ...runtime import context as _context  # noqa: PLC0415

    if run is None or not enabled(ctx) or len(candidates) < 2 or ctx is not _context.current():
        return default  # events time the current device only
    times = [_seconds(ctx, lambda candidate=candidate: run(candidate)) for candidate in candidates]
    chosen = candidates[times.index(min(times))]
    global _generation
    with _lock:
        table[key] = encode(chosen)
        _generation += 1
        _save(ctx, family, table)
    return chosen


def forget() -> None:
    """Drop the choices kept in memory (the files stay): the next call of each class reads them again."""
    global _generation
    with _lock:
        _tables.clear()
        _generation += 1


def state() -> tuple[int, str | None]:
    """What a tuned choice depends on besides its size class: a number that changes whenever a choice is forgotten
    or newly made, and ``VULKIT_AUTOTUNE`` as set. Part of the keys of the launch plans that hold a choice (a new
    ``VULKIT_CACHE_DIR``'s choices apply to a layout planned before after :func:`forget`, as a new process's)."""
    return _generation, os.environ.get("VULKIT_AUTOTUNE")


def _seconds(ctx: Any, work: Callable[[], None]) -> float:
    """GPU milliseconds of ``work`` on the current device (``ctx``), the best of two runs after a warm-up."""
    from ...runtime.events import Event  # noqa: PLC0415

    work()  # compiles the kernels and warms up
    start, end = Event(enable_timing=True), Event(enable_timing=True)
    best = float("inf")
    for _ in range(2):
        start.record()
        work()
        end.record()
        best = min(best, start.elapsed_time(end))
    return best


def _path(ctx: Any, family: str) -> Path:
    physical = ctx.device.physical
    return _path_of(_config.cache_dir(), family, physical.name, physical.vendor_id, physical.device_id,
                    physical.driver_version)


@functools.lru_cache(maxsize=64)
def _path_of(folder: Path, family: str, device: str, vendor_id: int, device_id: int, driver_version: int) -> Path:
    """The choices' file (cached: every product asks for it, and building paths took half of a blocked
    Cholesky's host time)."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", device).strip("-")
    return folder / "tuning" / f"{family}-{name}-{vendor_id:x}-{device_id:x}-{driver_version:x}.json"


def _table(ctx: Any, family: str) -> dict[str, Any]:
    path = _path(ctx, family)
    key = str(path)
    table = _tables.get(key)
    if table is None:
        try:
            loaded = json.loads(path.read_text())
            table = loaded if isinstance(loaded, dict) else {}
        except (OSError, ValueError):
            table = {}  # no file yet, or one this version cannot read: tune again
        _tables[key] = table
    return table


def _save(ctx: Any, family: str, table: dict[str, Any]) -> None:
    path = _path(ctx, family)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{threading.get_ident()}.tmp")
        temporary.write_text(json.dumps(dict(sorted(table.items())), indent=1))
        temporary.replace(path)
    except OSError:
        pass  # a read-only cache folder: the choices live as long as the process
