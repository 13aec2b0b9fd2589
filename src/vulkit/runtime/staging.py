"""The staging ring: host-visible memory through which data reaches device-only memory.

One STAGING buffer used as a ring. A transfer reserves a region after the last one (wrapping to
the start when it does not fit), the stream records a copy to or from it, and the region is marked
with the batch that uses it; a later reservation that would overlap a region still in flight waits
for that batch first (flushing it if it is still being recorded).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ..hal import Buffer, MemoryKind

_ALIGN = 256


class StagingRing:
    """A ring of ``capacity`` bytes of host-visible memory, created on first use."""

    def __init__(self, device: Any, capacity: int) -> None:
        self.device = device
        self.capacity = capacity
        self._buffer: Buffer | None = None
        self._head = 0
        self._regions: deque[tuple[int, int, int]] = deque()

    @property
    def buffer(self) -> Buffer:
        if self._buffer is None:
            self._buffer = Buffer(self.device, self.capacity, MemoryKind.STAGING)
        return self._buffer

    @property
    def piece(self) -> int:
        """The largest transfer done through one region (larger ones are split)."""
        return self.capacity // 2

    def next_start(self, nbytes: int) -> int:
        """Where the next reservation of ``nbytes`` will start."""
        return 0 if self._head + nbytes > self.capacity else self._head

    def reserve(self, nbytes: int, stream: Any) -> int:
        """Offset of a free region of ``nbytes`` (≤ :attr:`piece`), waiting on ``stream`` if needed. The region is
        free of the GPU's use; a caller that still has to copy an earlier region out checks :meth:`next_start`."""
        start = self.next_start(nbytes)
        end = start + nbytes
        regions = self._regions
        blocking = 0
        for first, last, value in regions:
            if first < end and start < last and value > blocking:
                blocking = value
        if blocking:
            stream.wait(blocking, restart=False)
        done = stream.known_completed
        while regions and regions[0][2] <= done:
            regions.popleft()
        self._head = -(-end // _ALIGN) * _ALIGN
        return start

    def commit(self, start: int, nbytes: int, value: int) -> None:
        """Mark a reserved region as used by batch ``value``."""
        self._regions.append((start, start + nbytes, value))

    def destroy(self) -> None:
        if self._buffer is not None:
            self._buffer.destroy()
            self._buffer = None
        self._regions.clear()
        self._head = 0
