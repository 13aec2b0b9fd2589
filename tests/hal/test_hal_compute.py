"""Pipelines, descriptor sets and push descriptors, command buffers; fences, timeline semaphores, queries."""

from __future__ import annotations

import struct
import threading
import time

import numpy as np
import pytest
from hal_helpers import SCALE, download, spirv, submit_and_wait, upload

from vulkit.errors import DestroyedError
from vulkit.hal import (
    Buffer,
    CommandBuffer,
    CommandPool,
    ComputePipeline,
    DescriptorSet,
    Device,
    Fence,
    QueryPool,
    TimelineSemaphore,
)

BINDINGS = [(0, "storage_buffer"), (1, "storage_buffer")]


@pytest.mark.parametrize("offset", [None, 2.5])
def test_dispatch_with_a_descriptor_set(device: Device, offset: float | None) -> None:
    values = np.arange(64, dtype=np.float32)
    source, target = upload(device, values), Buffer(device, values.nbytes)
    specialization = [] if offset is None else [(0, struct.pack("<f", offset))]
    pipeline = ComputePipeline(device, spirv(SCALE), BINDINGS, 4, specialization)
    descriptor_set = DescriptorSet(pipeline)
    descriptor_set.write([source, target])

    def record(cb: CommandBuffer) -> None:
        cb.bind_pipeline(pipeline)
        cb.bind_descriptor_set(pipeline, descriptor_set)
        cb.push_constants(pipeline, struct.pack("<f", 3.0))
        cb.dispatch(16)

    submit_and_wait(device, record)
    np.testing.assert_array_equal(download(device, target, np.float32, 64), values * 3 + (offset or 0.0))
    for item in (descriptor_set, pipeline, source, target):
        item.destroy()


def test_dispatch_with_push_descriptors(device: Device) -> None:
    if not device.push_descriptors:
        pytest.skip(f"{device.physical.name} has no VK_KHR_push_descriptor")
    values = np.arange(8, dtype=np.float32)
    source, target = upload(device, values), Buffer(device, 64)
    pipeline = ComputePipeline(device, spirv(SCALE), BINDINGS, 4, push_descriptor=True)

    def record(cb: CommandBuffer) -> None:
        cb.bind_pipeline(pipeline)
        cb.push_descriptor_set(pipeline, [source, (target, 0, 32)])
        cb.push_constants(pipeline, struct.pack("<f", -1.0))
        cb.dispatch(2)

    submit_and_wait(device, record)
    np.testing.assert_array_equal(download(device, target, np.float32, 8), -values)
    pipeline.destroy()
    source.destroy()
    target.destroy()


def test_descriptor_set_needs_one_resource_per_binding(device: Device) -> None:
    pipeline = ComputePipeline(device, spirv(SCALE), BINDINGS, 4)
    descriptor_set = DescriptorSet(pipeline)
    buffer = Buffer(device, 16)
    with pytest.raises(ValueError, match="2 bindings, got 1"):
        descriptor_set.write([buffer])
    for item in (descriptor_set, pipeline, buffer):
        item.destroy()


def test_command_buffer_use_after_destroy(device: Device) -> None:
    pool = CommandPool(device, device.queues[0].family)
    command_buffer = CommandBuffer(pool)
    pool.destroy()  # frees its command buffers with it
    command_buffer.destroy()
    with pytest.raises(DestroyedError, match="command buffer was destroyed"):
        command_buffer.begin()


# -- fences ---------------------------------------------------------------------------------------------


def test_fence_wait_times_out_when_nothing_signals_it(device: Device) -> None:
    fence = Fence(device)
    start = time.perf_counter()
    assert fence.wait(0) is False
    assert fence.wait(0.05) is False
    assert time.perf_counter() - start >= 0.04
    assert not fence.signaled
    with pytest.raises(ValueError, match="timeout"):
        fence.wait(-1)
    fence.destroy()


def test_fence_signalled_by_a_submission_and_reset(device: Device) -> None:
    pool = CommandPool(device, device.queues[0].family)
    command_buffer = CommandBuffer(pool)
    command_buffer.begin()
    command_buffer.end()
    fence = Fence(device)
    for _ in range(3):
        device.queues[0].submit([command_buffer], fence)
        assert fence.wait(30.0) is True
        assert fence.signaled
        fence.reset()
        assert not fence.signaled
    signalled = Fence(device, signaled=True)
    assert signalled.wait(0) is True
    for item in (fence, signalled, command_buffer, pool):
        item.destroy()


# -- timeline semaphores -----------------------------------------------------------------------------------


@pytest.fixture
def timeline(device: Device) -> TimelineSemaphore:
    if not device.timeline_semaphores:
        pytest.skip(f"{device.physical.name} has no timeline semaphores")
    semaphore = TimelineSemaphore(device, initial=3)
    yield semaphore
    semaphore.destroy()


def test_timeline_semaphore_host_signal_wait_value(timeline: TimelineSemaphore) -> None:
    assert timeline.value == 3
    assert timeline.wait(3, 0) is True
    assert timeline.wait(4, 0.02) is False
    timeline.signal(10)
    assert timeline.value == 10
    assert timeline.wait(7, 0) is True


def test_timeline_semaphore_refuses_going_back_and_use_after_destroy(device: Device,
                                                                     timeline: TimelineSemaphore) -> None:
    with pytest.raises(ValueError, match="only moves forward"):
        timeline.signal(3)
    assert timeline.value == 3
    other = TimelineSemaphore(device)
    other.destroy()
    with pytest.raises(DestroyedError):
        other.signal(1)


def test_timeline_semaphore_signalled_by_another_thread(timeline: TimelineSemaphore) -> None:
    # NOTE: polled, not waited on: the validation layers (1.3.239) time out in their own bookkeeping
    # when vkWaitSemaphores is woken by a host signal of another thread ("most likely a validation bug").
    signaller = threading.Timer(0.05, lambda: timeline.signal(5))
    signaller.start()
    deadline = time.perf_counter() + 30
    while timeline.value < 5 and time.perf_counter() < deadline:
        time.sleep(0.001)
    signaller.join()
    assert timeline.value == 5
    assert timeline.wait(5, 0) is True


def test_timeline_semaphore_orders_gpu_work(device: Device, timeline: TimelineSemaphore) -> None:
    """A submission that waits for value 4 runs only after the host signals it; it then signals 6."""
    values = np.arange(4, dtype=np.float32)
    source, target = upload(device, values), Buffer(device, values.nbytes)
    pool = CommandPool(device, device.queues[0].family)
    command_buffer = CommandBuffer(pool)
    command_buffer.begin()
    command_buffer.copy_buffer(source, target, values.nbytes)
    command_buffer.end()
    fence = Fence(device)
    device.queues[0].submit([command_buffer], fence, wait=[(timeline, 4)], signal=[(timeline, 6)])
    assert fence.wait(0.05) is False  # blocked on the semaphore
    timeline.signal(4)
    assert fence.wait(30.0) is True
    assert timeline.wait(6, 30.0) is True
    assert timeline.value == 6
    np.testing.assert_array_equal(download(device, target, np.float32, 4), values)
    for item in (fence, command_buffer, pool, source, target):
        item.destroy()


# -- timestamp queries --------------------------------------------------------------------------------------


def test_query_pool_timestamps_around_a_dispatch(device: Device) -> None:
    if not device.queues[0].timestamp_valid_bits:
        pytest.skip(f"queue family {device.queues[0].family} has no timestamps")
    pool = QueryPool(device, 3)
    buffer = upload(device, np.zeros(256, dtype=np.float32))
    pipeline = ComputePipeline(device, spirv(SCALE), BINDINGS, 4)
    descriptor_set = DescriptorSet(pipeline)
    scratch = Buffer(device, 1024)
    descriptor_set.write([buffer, scratch])

    def record(cb: CommandBuffer) -> None:
        cb.reset_query_pool(pool)
        cb.write_timestamp(pool, 0)
        cb.bind_pipeline(pipeline)
        cb.bind_descriptor_set(pipeline, descriptor_set)
        cb.push_constants(pipeline, struct.pack("<f", 1.0))
        cb.dispatch(64)
        cb.write_timestamp(pool, 1)
        cb.write_timestamp(pool, 2)

    submit_and_wait(device, record)
    stamps = pool.results()
    assert len(stamps) == 3
    assert stamps[0] <= stamps[1] <= stamps[2]
    assert pool.results(count=2, first=1) == stamps[1:]
    assert pool.period_ns > 0
    for item in (descriptor_set, pipeline, pool, buffer, scratch):
        item.destroy()
    with pytest.raises(DestroyedError, match="query pool was destroyed"):
        pool.results()


@pytest.mark.parametrize("count", [0, -3, QueryPool.MAX_QUERIES + 1])
def test_query_pool_holds_one_to_max_queries(device: Device, count: int) -> None:
    with pytest.raises(ValueError, match=f"1 to {QueryPool.MAX_QUERIES} queries"):
        QueryPool(device, count)
