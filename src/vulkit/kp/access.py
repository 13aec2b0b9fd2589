"""What each operation reads and writes, and the barriers that follow from it (hal's hazard tracker)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..hal import HazardTracker


class Access(NamedTuple):
    """One operation's use of one resource (a hal Buffer or Image) at a pipeline stage."""

    resource: Any
    stage: int
    access: int
    write: bool


class _Stamp:
    """A resource's last read and write epochs within one sequence (sequences share resources)."""

    __slots__ = ("_repoch", "_wepoch", "last_use", "last_write")

    def __init__(self) -> None:
        self._repoch = self._wepoch = self.last_use = self.last_write = 0


class BarrierTracker:
    """The barriers of one sequence's recording: a :class:`~vulkit.hal.HazardTracker` over its resources.

    Independent operations get no barrier, so the GPU can overlap them (Kompute puts a fixed barrier around
    every dispatch instead). An operation that does not say what it accesses (``accesses`` None, e.g. a
    custom op) is fenced by full barriers on both sides.
    """

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self._hazards = HazardTracker()
        self._stamps: dict[int, tuple[Any, _Stamp]] = {}

    def _stamp(self, resource: Any) -> _Stamp:
        found = self._stamps.get(id(resource))
        if found is None or found[0] is not resource:
            found = self._stamps[id(resource)] = (resource, _Stamp())  # keeps the resource: its id stays its own
        return found[1]

    def before(self, command_buffer: Any, accesses: Sequence[Access] | None) -> None:
        """Record the barrier (if any) that must precede an operation with these accesses; note them."""
        hazards = self._hazards
        if accesses is None:
            if hazards.pending:
                hazards.fence(command_buffer)
            return
        if not accesses:
            return
        reads = [self._stamp(a.resource) for a in accesses if not a.write]
        writes = [self._stamp(a.resource) for a in accesses if a.write]
        stage = write_access = 0
        for a in accesses:
            stage |= a.stage
            if a.write:
                write_access |= a.access
        hazards.track(command_buffer, reads, writes, stage, write_access)

    def after(self, command_buffer: Any, accesses: Sequence[Access] | None) -> None:
        """After an operation that did not say what it accessed: a full barrier before anything later."""
        if accesses is None:
            self._hazards.fence(command_buffer)

    def finish(self, command_buffer: Any) -> None:
        """Make every write of the command buffer visible to the host (recorded last)."""
        self._hazards.to_host(command_buffer)
        self.reset()
