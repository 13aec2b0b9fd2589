"""Fences, timeline semaphores and timestamp query pools."""

from __future__ import annotations

import time
from typing import Any

from . import _enums as vk
from ._check import check
from ._ffi import ffi
from .resource import Resource

_FOREVER = 0xFFFFFFFFFFFFFFFF
SPIN_SECONDS = 200e-6


def _timeout_ns(timeout: float | None) -> int:
    """Seconds (None: forever) as the uint64 nanoseconds Vulkan waits take."""
    if timeout is None:
        return _FOREVER
    if timeout < 0:
        raise ValueError(f"timeout must be >= 0 seconds or None, got {timeout}")
    return min(int(timeout * 1e9), _FOREVER)


class Fence(Resource):
    """A VkFence: signalled by the GPU when a submission completes."""

    def __init__(self, device: Any, signaled: bool = False) -> None:
        super().__init__(device)
        info = ffi.new("VkFenceCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
            "flags": vk.VK_FENCE_CREATE_SIGNALED_BIT if signaled else 0,
        })
        out = ffi.new("VkFence*")
        check(device.fn.vkCreateFence(device.handle, info, ffi.NULL, out), "vkCreateFence")
        self.handle = out[0]
        self._handles = ffi.new("VkFence[1]", [self.handle])

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds (None: forever); True if signalled, False on timeout.

        Polls the fence for up to :data:`SPIN_SECONDS` first: short GPU work finishes sooner than a
        blocking wait wakes up (H100: 46 µs polling against 70-86 µs blocking, for an empty submit).
        """
        self.require_alive("fence")
        _timeout_ns(timeout)  # rejects a negative timeout before any polling
        fn = self.device.fn
        device = self.device.handle
        spin = SPIN_SECONDS if timeout is None else min(SPIN_SECONDS, timeout)
        deadline = time.perf_counter() + spin
        while True:
            status = fn.vkGetFenceStatus(device, self.handle)
            if status != 1:  # VK_NOT_READY
                check(status, "vkGetFenceStatus")
                self.device.instance.raise_validation_errors()
                return True
            if time.perf_counter() >= deadline:
                break
        remaining = None if timeout is None else max(timeout - spin, 0.0)
        result = check(fn.vkWaitForFences(device, 1, self._handles, 1, _timeout_ns(remaining)), "vkWaitForFences")
        self.device.instance.raise_validation_errors()
        return result == 0

    @property
    def signaled(self) -> bool:
        self.require_alive("fence")
        return check(self.device.fn.vkGetFenceStatus(self.device.handle, self.handle), "vkGetFenceStatus") == 0

    def reset(self) -> None:
        check(self.device.fn.vkResetFences(self.device.handle, 1, self._handles), "vkResetFences")

    def _release(self) -> None:
        self.device.fn.vkDestroyFence(self.device.handle, self.handle, ffi.NULL)


class TimelineSemaphore(Resource):
    """A timeline VkSemaphore: a 64-bit counter the GPU and the host advance and wait on."""

    def __init__(self, device: Any, initial: int = 0) -> None:
        if not device.timeline_semaphores:
            raise RuntimeError(f"{device.physical.name} does not support timeline semaphores (Vulkan 1.2)")
        super().__init__(device)
        type_info = ffi.new("VkSemaphoreTypeCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
            "semaphoreType": vk.VK_SEMAPHORE_TYPE_TIMELINE,
            "initialValue": initial,
        })
        info = ffi.new("VkSemaphoreCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
            "pNext": type_info,
        })
        out = ffi.new("VkSemaphore*")
        check(device.fn.vkCreateSemaphore(device.handle, info, ffi.NULL, out), "vkCreateSemaphore")
        self.handle = out[0]
        self._value = ffi.new("uint64_t*")
        self._handles = ffi.new("VkSemaphore[1]", [self.handle])

    @property
    def value(self) -> int:
        """The counter's current value."""
        self.require_alive("semaphore")
        check(self.device.fn.vkGetSemaphoreCounterValue(self.device.handle, self.handle, self._value),
              "vkGetSemaphoreCounterValue")
        return int(self._value[0])

    def wait(self, value: int, timeout: float | None = None) -> bool:
        """Wait until the counter reaches ``value``; False on timeout."""
        self.require_alive("semaphore")
        values = ffi.new("uint64_t[1]", [value])
        info = ffi.new("VkSemaphoreWaitInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
            "semaphoreCount": 1,
            "pSemaphores": self._handles,
            "pValues": values,
        })
        result = check(self.device.fn.vkWaitSemaphores(self.device.handle, info, _timeout_ns(timeout)),
                       "vkWaitSemaphores")
        self.device.instance.raise_validation_errors()
        return result == 0

    def signal(self, value: int) -> None:
        """Advance the counter from the host (to a value above its current one)."""
        current = self.value  # checks the semaphore is alive
        if value <= current:
            raise ValueError(f"a timeline semaphore only moves forward: signal({value}) at value {current}")
        info = ffi.new("VkSemaphoreSignalInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
            "semaphore": self.handle,
            "value": value,
        })
        check(self.device.fn.vkSignalSemaphore(self.device.handle, info), "vkSignalSemaphore")

    def _release(self) -> None:
        self.device.fn.vkDestroySemaphore(self.device.handle, self.handle, ffi.NULL)


class QueryPool(Resource):
    """A pool of ``count`` GPU timestamp queries."""

    MAX_QUERIES = 1 << 24  # their results alone would take 128 MiB of host memory

    def __init__(self, device: Any, count: int) -> None:
        if not 0 < count <= self.MAX_QUERIES:
            raise ValueError(f"a timestamp query pool holds 1 to {self.MAX_QUERIES} queries, got {count}")
        super().__init__(device)
        self.count = count
        self.period_ns = device.limits["timestamp_period_ns"]
        info = ffi.new("VkQueryPoolCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
            "queryType": vk.VK_QUERY_TYPE_TIMESTAMP,
            "queryCount": count,
        })
        out = ffi.new("VkQueryPool*")
        check(device.fn.vkCreateQueryPool(device.handle, info, ffi.NULL, out), "vkCreateQueryPool")
        self.handle = out[0]

    def results(self, count: int | None = None, first: int = 0) -> list[int]:
        """Raw timestamps (ticks) of queries [first, first+count), waiting for them to be available."""
        self.require_alive("query pool")
        count = self.count - first if count is None else count
        data = ffi.new("uint64_t[]", max(count, 1))
        flags = vk.VK_QUERY_RESULT_64_BIT | vk.VK_QUERY_RESULT_WAIT_BIT
        check(self.device.fn.vkGetQueryPoolResults(self.device.handle, self.handle, first, count, 8 * count, data,
                                                   8, flags), "vkGetQueryPoolResults")
        return [int(data[i]) for i in range(count)]

    def _release(self) -> None:
        self.device.fn.vkDestroyQueryPool(self.device.handle, self.handle, ffi.NULL)
