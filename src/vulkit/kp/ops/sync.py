"""OpSyncDevice and OpSyncLocal: move data between the host copy and GPU memory."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..access import Access
from ..memory import Memory
from .base import OpBase, check_memories


class OpSyncDevice(OpBase):
    """Copy each tensor's/image's host data to its GPU memory (a no-op for host-visible memory)."""

    def __init__(self, memories: Iterable[Memory]) -> None:
        self._memories = check_memories(memories, type(self).__name__)

    def record(self, command_buffer: Any) -> None:
        for memory in self._memories:
            memory.require_alive()
            memory.record_sync_device(command_buffer)

    def accesses(self) -> Sequence[Access]:
        return [a for memory in self._memories for a in memory.sync_device_accesses()]

    def memories(self) -> Sequence[Memory]:
        return self._memories


class OpSyncLocal(OpBase):
    """Copy each tensor's/image's GPU memory back to its host data (``data()``)."""

    def __init__(self, memories: Iterable[Memory]) -> None:
        self._memories = check_memories(memories, type(self).__name__)

    def record(self, command_buffer: Any) -> None:
        for memory in self._memories:
            memory.require_alive()
            memory.record_sync_local(command_buffer)

    def accesses(self) -> Sequence[Access]:
        return [a for memory in self._memories for a in memory.sync_local_accesses()]

    def memories(self) -> Sequence[Memory]:
        return self._memories


OpTensorSyncDevice = OpSyncDevice
OpTensorSyncLocal = OpSyncLocal
