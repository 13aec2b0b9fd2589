"""Batch completion tracking: a timeline semaphore, or fences where the device has none.

A stream numbers its batches 1, 2, 3, ...; the GPU signals batch ``v``'s value when the batch and
everything submitted before it on the queue has finished (a semaphore or fence signal operation
covers all earlier work in submission order), so "completed" is a single number.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..hal import SPIN_SECONDS, Fence, TimelineSemaphore


def _description(kept: dict[Any, Any], command_buffer: Any, make: Callable[[], Any]) -> Any:
    """``command_buffer``'s submit description, made once by ``make`` and kept in ``kept`` (building the ffi
    structures of every submission anew cost 5 µs of Python)."""
    description = kept.get(command_buffer)
    if description is None:
        description = kept[command_buffer] = make()
    return description


class SemaphoreTimeline:
    """Completion through one timeline semaphore (Vulkan 1.2)."""

    def __init__(self, device: Any, slots: int) -> None:
        self.semaphore = TimelineSemaphore(device)
        self._prepared: dict[Any, Any] = {}  # each command buffer's submit description

    def submit(self, queue: Any, command_buffer: Any, value: int) -> None:
        prepared = _description(self._prepared, command_buffer,
                                lambda: queue.prepare_signal([command_buffer], self.semaphore))
        queue.submit_signalling(prepared, value)

    def completed(self) -> int:
        return self.semaphore.value

    def wait(self, value: int) -> None:
        """Poll briefly, then block: short work finishes sooner than a blocking wait wakes up."""
        semaphore = self.semaphore
        deadline = time.perf_counter() + SPIN_SECONDS
        while semaphore.value < value:
            if time.perf_counter() >= deadline:
                semaphore.wait(value)
                return
        semaphore.device.instance.raise_validation_errors()

    def destroy(self) -> None:
        self.semaphore.destroy()


class FenceTimeline:
    """Completion through one fence per command-buffer slot (batch ``v`` uses slot ``v % slots``)."""

    def __init__(self, device: Any, slots: int) -> None:
        self.fences = [Fence(device) for _ in range(slots)]
        self.values = [0] * slots
        self._done = 0
        self._submitted = 0
        self._prepared: dict[Any, Any] = {}  # each command buffer's submit description

    def submit(self, queue: Any, command_buffer: Any, value: int) -> None:
        slot = value % len(self.fences)
        fence = self.fences[slot]
        if self.values[slot]:
            fence.reset()
        queue.submit_prepared(_description(self._prepared, command_buffer, lambda: queue.prepare([command_buffer])),
                              fence)
        self.values[slot] = value
        self._submitted = value

    def completed(self) -> int:
        slots = len(self.fences)
        while self._done < self._submitted:
            value = self._done + 1
            if self.values[value % slots] != value or not self.fences[value % slots].signaled:
                break
            self._done = value
        return self._done

    def wait(self, value: int) -> None:
        if value <= self._done:
            return
        slot = value % len(self.fences)
        if self.values[slot] != value:
            raise RuntimeError(f"batch {value} is not in flight (submitted up to {self._submitted})")
        self.fences[slot].wait()
        self._done = value

    def destroy(self) -> None:
        for fence in self.fences:
            fence.destroy()
