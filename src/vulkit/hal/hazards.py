"""Barriers from read and write sets: the one hazard tracker of kp sequences and the array stream.

Operations are recorded in order; each says which resources it reads and writes, at which pipeline stage.
The tracker puts a memory barrier before an operation only where it depends on an earlier one since the
last barrier: read-after-write, write-after-write (a memory dependency) or write-after-read (an execution
dependency). Independent operations get none, so the GPU may overlap them.

Bookkeeping is by *epochs*, the spans between two barriers: each tracked resource (a *stamp*: any object
with ``_repoch`` and ``_wepoch`` attributes) holds the epoch of its last read and last write, so the test
is two comparisons per resource, and a barrier forgets everything before it by starting a new epoch. A
barrier's second scope is every stage and access the tracker's user may issue (``stages``, ``access``),
so one barrier since a resource's last use orders that use before any later operation, whatever its kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .vulkan.commands import ALL_STAGES, HOST_READ, HOST_STAGE, MEMORY_READ, MEMORY_WRITE


class Stamp(Protocol):
    """A tracked resource: the epochs of its last read and last write (0: none), and the submissions (timeline
    values) that last used and last wrote it."""

    _repoch: int
    _wepoch: int
    last_use: int
    last_write: int


class HazardTracker:
    """Barriers between dependent operations of one command stream (see the module docstring).

    ``stages``/``access``: the second scope of every barrier (default: every stage, any memory access).
    ``barriers`` counts the barriers recorded; ``epoch`` is the current epoch.
    """

    __slots__ = ("epoch", "barriers", "stages", "access", "_src_stages", "_src_access")

    def __init__(self, stages: int = ALL_STAGES, access: int = MEMORY_READ | MEMORY_WRITE, epoch: int = 1) -> None:
        self.stages = stages
        self.access = access
        self.epoch = epoch
        self.barriers = 0
        self._src_stages = 0
        self._src_access = 0

    @property
    def pending(self) -> bool:
        """Whether an operation was recorded since the last barrier."""
        return bool(self._src_stages)

    def track(self, command_buffer: Any, reads: Sequence[Stamp], writes: Sequence[Stamp], stage: int,
              write_access: int, value: int = 0) -> int:
        """Record the barrier (if any) that an operation reading ``reads`` and writing ``writes`` at ``stage``
        (its writes being ``write_access``) needs, and note its accesses, with ``value`` (the submission it
        belongs to) as each resource's ``last_use`` and each written one's ``last_write``; returns the
        operation's epoch."""
        epoch = self.epoch
        for a in writes:
            if a._wepoch == epoch or a._repoch == epoch:
                epoch = self.barrier(command_buffer)
                break
        else:
            for a in reads:
                if a._wepoch == epoch:
                    epoch = self.barrier(command_buffer)
                    break
        for a in reads:
            a._repoch = epoch
            a.last_use = value
        for a in writes:
            a._wepoch = epoch
            a.last_use = a.last_write = value
        self._src_stages |= stage
        if writes:
            self._src_access |= write_access
        return epoch

    def barrier(self, command_buffer: Any) -> int:
        """A barrier from everything since the previous one to every later operation; the new epoch."""
        self.barriers += 1
        command_buffer.memory_barrier(self._src_stages or ALL_STAGES, self.stages, self._src_access, self.access)
        self._src_stages = 0
        self._src_access = 0
        self.epoch += 1
        return self.epoch

    def fence(self, command_buffer: Any) -> int:
        """A full barrier, for operations that do not say what they touch: everything before it, known or not,
        before everything after it; the new epoch."""
        self.barriers += 1
        command_buffer.memory_barrier(ALL_STAGES, ALL_STAGES, MEMORY_WRITE, MEMORY_READ | MEMORY_WRITE)
        self._src_stages = 0
        self._src_access = 0
        self.epoch += 1
        return self.epoch

    def to_host(self, command_buffer: Any) -> None:
        """Make every write recorded so far visible to the host (at the end of a submission)."""
        command_buffer.memory_barrier(ALL_STAGES, HOST_STAGE, MEMORY_WRITE, HOST_READ)
