"""OpMemoryBarrier: an explicit pipeline barrier, for custom synchronisation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...errors import KpTypeError, KpValueError
from ..memory import Memory
from .base import OpBase, check_memories


class OpMemoryBarrier(OpBase):
    """Record a memory barrier with the given Vulkan access and stage masks.

    vulkit already places the barriers that operations need; this op is for custom operations that
    need more. It is recorded as a global memory barrier (covering ``memories``).
    """

    def __init__(self, memories: Iterable[Memory], src_access_mask: int, dst_access_mask: int,
                 src_stage_mask: int, dst_stage_mask: int, barrier_on_primary: bool = True) -> None:
        self._memories = check_memories(memories, type(self).__name__)
        for name, value in (("src_access_mask", src_access_mask), ("dst_access_mask", dst_access_mask),
                            ("src_stage_mask", src_stage_mask), ("dst_stage_mask", dst_stage_mask)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise KpTypeError(f"OpMemoryBarrier: {name} must be a Vulkan flags int, got {value!r}")
        if not src_stage_mask or not dst_stage_mask:
            raise KpValueError("OpMemoryBarrier: stage masks must not be empty")
        self.masks = (src_access_mask, dst_access_mask, src_stage_mask, dst_stage_mask)
        self.barrier_on_primary = barrier_on_primary

    def record(self, command_buffer: Any) -> None:
        src_access, dst_access, src_stage, dst_stage = self.masks
        command_buffer.memory_barrier(src_stage, dst_stage, src_access, dst_access)

    def accesses(self) -> Sequence[Any]:
        return []

    def memories(self) -> Sequence[Memory]:
        return self._memories
