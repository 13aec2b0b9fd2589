"""What a benchmark case of :mod:`bench_ops` is. Each family of operations lists its cases in
``benchmarks/cases_<family>.py`` as ``cases(cpu: bool) -> list[Case]`` (smaller sizes where ``cpu``: lavapipe
runs on the host)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

UNITS = {"GB/s": 1e9, "Mkeys/s": 1e6, "TFLOP/s": 1e12}  # rates: work per second in these units


@dataclass(frozen=True)
class Case:
    """One timed operation.

    ``build(lib)`` makes the operands with ``lib.array`` (the same values for every library) and returns the
    function to time on ``lib.xp``; ``work`` is what one call does in the unit's terms (bytes read + written
    for GB/s, keys for Mkeys/s, flops for TFLOP/s); units "µs" and "ms" report time per call.
    ``peers``: the libraries that have the operation (None: all).
    """

    name: str
    unit: str
    build: Callable[[Any], Callable[[], Any]]
    work: float = 0.0
    note: str = ""
    peers: tuple[str, ...] | None = None

    @property
    def better(self) -> str:
        return "higher" if self.unit in UNITS else "lower"

    def value(self, seconds: float) -> float:
        """The result of a call taking ``seconds``."""
        if self.unit in UNITS:
            return self.work / seconds / UNITS[self.unit]
        return seconds * (1e6 if self.unit == "µs" else 1e3)
