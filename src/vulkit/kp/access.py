"""What each operation reads and writes, and the barriers that follow from it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..hal.vulkan.commands import ALL_STAGES
from ..hal.vulkan.commands import HOST_READ as _HOST_READ
from ..hal.vulkan.commands import HOST_STAGE as _HOST_STAGE

_MEMORY_READ = 0x8000
_MEMORY_WRITE = 0x10000


class Access(NamedTuple):
    """One operation's use of one resource (a hal Buffer or Image) at a pipeline stage."""

    resource: Any
    stage: int
    access: int
    write: bool


class BarrierTracker:
    """Inserts a memory barrier before an operation only where it depends on an earlier one.

    Read-after-write and write-after-write need a memory dependency; write-after-read only an
    execution dependency. Independent operations get no barrier, so the GPU can overlap them
    (Kompute puts a fixed barrier around every dispatch instead). An operation that does not say
    what it accesses (``accesses`` None, e.g. a custom op) is fenced by full barriers on both sides.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self._writes: dict[int, tuple[int, int]] = {}
        self._reads: dict[int, int] = {}
        self._unknown = True

    def before(self, command_buffer: Any, accesses: Sequence[Access] | None) -> None:
        """Record the barrier (if any) that must precede an operation with these accesses."""
        if accesses is None:
            if self._writes or self._reads or self._unknown:
                command_buffer.memory_barrier(ALL_STAGES, ALL_STAGES, _MEMORY_WRITE, _MEMORY_READ | _MEMORY_WRITE)
            return
        if not accesses:
            return
        writes = self._writes
        reads = self._reads
        if not self._unknown:
            for access in accesses:
                key = id(access.resource)
                if key in writes or (access.write and key in reads):
                    break
            else:
                return
        src_stage = 0
        src_access = 0
        for stage, flags in writes.values():
            src_stage |= stage
            src_access |= flags
        for stage in reads.values():
            src_stage |= stage
        dst_stage = 0
        dst_access = 0
        for access in accesses:
            dst_stage |= access.stage
            dst_access |= access.access
        if self._unknown:
            src_stage, src_access = ALL_STAGES, _MEMORY_WRITE
        command_buffer.memory_barrier(src_stage or ALL_STAGES, dst_stage, src_access, dst_access)
        writes.clear()
        reads.clear()
        self._unknown = False

    def after(self, accesses: Sequence[Access] | None) -> None:
        """Note what an operation accessed, for the operations recorded after it."""
        if accesses is None:
            self._writes.clear()
            self._reads.clear()
            self._unknown = True
            return
        for access in accesses:
            key = id(access.resource)
            if access.write:
                previous = self._writes.get(key)
                if previous:
                    self._writes[key] = (previous[0] | access.stage, previous[1] | access.access)
                else:
                    self._writes[key] = (access.stage, access.access)
            else:
                self._reads[key] = self._reads.get(key, 0) | access.stage

    def finish(self, command_buffer: Any) -> None:
        """Make every write of the command buffer visible to the host (recorded last)."""
        command_buffer.memory_barrier(ALL_STAGES, _HOST_STAGE, _MEMORY_WRITE, _HOST_READ)
        self.reset()
