"""Leak tests (as wgpu-py's): create and destroy n objects of each resource type, the live counters
return to where they were; a meta-test fails for a resource type that has no leak test here."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest
from hal_helpers import SCALE, spirv

from vulkit.hal import Device
from vulkit.hal.vulkan import (
    Buffer,
    CommandBuffer,
    CommandPool,
    ComputePipeline,
    DescriptorPool,
    DescriptorSet,
    Fence,
    Image,
    MemoryKind,
    QueryPool,
    TimelineSemaphore,
    live_counts,
)
from vulkit.hal.vulkan.resource import Resource

BINDINGS = [(0, "storage_buffer"), (1, "storage_buffer")]


def _pipeline(device: Device) -> ComputePipeline:
    return ComputePipeline(device, spirv(SCALE), BINDINGS, 4)


def _timeline(device: Device) -> TimelineSemaphore:
    if not device.timeline_semaphores:
        pytest.skip(f"{device.physical.name} has no timeline semaphores")
    return TimelineSemaphore(device)


# Resource type → a factory returning the resource and whatever it needs alive (destroyed after it).
FACTORIES: dict[type, Callable[[Device], tuple[Resource, list[Resource]]]] = {
    Buffer: lambda d: (Buffer(d, 256, MemoryKind.HOST), []),
    Image: lambda d: (Image(d, 4, 4, "float32", 1), []),
    ComputePipeline: lambda d: (_pipeline(d), []),
    DescriptorSet: lambda d: (lambda p: (DescriptorSet(p), [p]))(_pipeline(d)),
    DescriptorPool: lambda d: (DescriptorPool(d, max_sets=4), []),
    CommandPool: lambda d: (CommandPool(d, d.queues[0].family), []),
    CommandBuffer: lambda d: (lambda p: (CommandBuffer(p), [p]))(CommandPool(d, d.queues[0].family)),
    Fence: lambda d: (Fence(d), []),
    TimelineSemaphore: lambda d: (_timeline(d), []),
    QueryPool: lambda d: (QueryPool(d, 4), []),
}


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found.add(sub)
        found |= _subclasses(sub)
    return found


def test_every_resource_type_has_a_leak_test() -> None:
    public = {cls for cls in _subclasses(Resource) if not cls.__name__.startswith("_")
              and cls.__module__.startswith("vulkit.hal")}
    missing = sorted(cls.__name__ for cls in public - FACTORIES.keys())
    assert not missing, f"no leak test for {missing}: add a factory to FACTORIES in {__file__}"


@pytest.mark.parametrize("kind", list(FACTORIES), ids=lambda k: k.__name__)
def test_create_and_destroy_n(device: Device, kind: type) -> None:
    baseline = live_counts().get(kind.__name__, 0)
    made = [FACTORIES[kind](device) for _ in range(5)]
    assert live_counts()[kind.__name__] == baseline + 5
    for resource, needs in made:
        assert isinstance(resource, kind)
        resource.destroy()
        resource.destroy()  # idempotent
        assert not resource.alive
        for item in needs:
            item.destroy()
    assert live_counts().get(kind.__name__, 0) == baseline


@pytest.mark.parametrize("kind", list(FACTORIES), ids=lambda k: k.__name__)
def test_dropped_resources_are_released(device: Device, kind: type) -> None:
    before = live_counts()
    for _ in range(5):
        FACTORIES[kind](device)
    gc.collect()
    assert live_counts() == before


def test_device_destroy_releases_what_is_left() -> None:
    before = live_counts()
    device = Device()
    kept = [FACTORIES[kind](device) for kind in FACTORIES if kind is not TimelineSemaphore or
            device.timeline_semaphores]
    assert live_counts() != before
    device.destroy()
    assert live_counts() == before
    assert not any(resource.alive for resource, _ in kept)
