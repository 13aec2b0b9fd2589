"""Shared pieces of the benchmarks: peers present, GPU warm-up, timing helpers, result rows."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def torch_cuda() -> Any:
    """The torch module if PyTorch with a CUDA device is present, else None."""
    try:
        import torch
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def cupy_module() -> Any:
    """The cupy module if CuPy with a device is present, else None."""
    try:
        import cupy
    except ImportError:
        return None
    try:
        cupy.cuda.runtime.getDeviceCount()
    except Exception:  # noqa: BLE001 - any CUDA failure means no CuPy peer
        return None
    return cupy


def best_of(function: Callable[[], Any], repeat: int = 5, number: int = 1) -> float:
    """The smallest mean time in seconds of ``number`` calls, over ``repeat`` rounds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def median(values: list[float]) -> float:
    return statistics.median(values)


def row(benchmark: str, unit: str, vulkit: float, peers: dict[str, float | None], better: str = "higher",
        note: str = "") -> dict[str, Any]:
    """One result: vulkit's value and each peer's, with vulkit/peer ratios oriented so > 1 is vulkit ahead."""
    ratios = {}
    for name, value in peers.items():
        if value:
            ratios[name] = vulkit / value if better == "higher" else value / vulkit
    return {
        "benchmark": benchmark,
        "unit": unit,
        "better": better,
        "vulkit": vulkit,
        "peers": {k: v for k, v in peers.items() if v is not None},
        "ratio": ratios,
        "note": note,
    }


def event_seconds(new_event: Callable[[], Any], elapsed_ms: Callable[[Any, Any], float],
                  synchronize: Callable[[], Any], function: Callable[[], Any], iterations: int) -> float:
    """Mean GPU seconds per call of ``function`` between two timing events (CUDA's, or vulkit.device.Event)."""
    start, end = new_event(), new_event()
    function()
    synchronize()
    start.record()
    for _ in range(iterations):
        function()
    end.record()
    end.synchronize()
    return elapsed_ms(start, end) / 1e3 / iterations


def torch_gpu_seconds(torch: Any, function: Callable[[], Any], iterations: int) -> float:
    """Mean GPU seconds per call of ``function`` timed with CUDA events."""
    return event_seconds(lambda: torch.cuda.Event(enable_timing=True), lambda s, e: s.elapsed_time(e),
                         torch.cuda.synchronize, function, iterations)


def cupy_gpu_seconds(cupy: Any, function: Callable[[], Any], iterations: int) -> float:
    """Mean GPU seconds per call of ``function`` timed with CUDA events."""
    return event_seconds(cupy.cuda.Event, cupy.cuda.get_elapsed_time, cupy.cuda.Device().synchronize, function,
                         iterations)


def vulkit_gpu_seconds(vulkit: Any, function: Callable[[], Any], iterations: int) -> float:
    """Mean GPU seconds per call of ``function`` timed with vulkit.device.Event timestamps."""
    return event_seconds(lambda: vulkit.device.Event(enable_timing=True), lambda s, e: s.elapsed_time(e),
                         vulkit.device.synchronize, function, iterations)


def warm_up_gpu(work: Callable[[], Any], seconds: float = 0.3) -> None:
    """Run ``work`` for at least ``seconds`` so the GPU's clocks are up before timing."""
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        work()
