"""OpSyncDevice and OpSyncLocal: move data between the host copy and GPU memory."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..access import Access
from ..memory import Memory
from .base import OpBase, check_memories


class _OpSync(OpBase):
    """Move each tensor's/image's data one way, by the Memory methods the subclass names."""

    _record_method = ""
    _accesses_method = ""

    def __init__(self, memories: Iterable[Memory]) -> None:
        self._memories = check_memories(memories, type(self).__name__)

    def record(self, command_buffer: Any) -> None:
        for memory in self._memories:
            memory.require_alive()
            getattr(memory, self._record_method)(command_buffer)

    def accesses(self) -> Sequence[Access]:
        return [a for memory in self._memories for a in getattr(memory, self._accesses_method)()]

    def memories(self) -> Sequence[Memory]:
        return self._memories


class OpSyncDevice(_OpSync):
    """Copy each tensor's/image's host data to its GPU memory (a no-op for host-visible memory)."""

    _record_method = "record_sync_device"
    _accesses_method = "sync_device_accesses"

    def pre_eval(self, command_buffer: Any) -> None:
        for memory in self._memories:  # host writes through data() reach non-coherent memory's GPU side
            if memory._host is not None:
                memory._host.flush()


class OpSyncLocal(_OpSync):
    """Copy each tensor's/image's GPU memory back to its host data (``data()``)."""

    _record_method = "record_sync_local"
    _accesses_method = "sync_local_accesses"

    def post_eval(self, command_buffer: Any) -> None:
        for memory in self._memories:  # the GPU's writes become visible to data() on non-coherent memory
            if memory._host is not None:
                memory._host.invalidate()


OpTensorSyncDevice = OpSyncDevice
OpTensorSyncLocal = OpSyncLocal
