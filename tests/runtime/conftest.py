"""Fixtures of the runtime tests: one hal Device for the session, small test kernels."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from runtime_helpers import ADD_SCALAR

from vulkit.hal import ComputePipeline, Device, MemoryKind
from vulkit.runtime import CachingAllocator, Stream
from vulkit.shaders import compile_source


@pytest.fixture(scope="session")
def device() -> Iterator[Device]:
    dev = Device()
    yield dev
    dev.destroy()


@pytest.fixture(scope="session")
def add_spirv() -> bytes:
    return compile_source(ADD_SCALAR)


@pytest.fixture(scope="session")
def add_pipeline(device: Device, add_spirv: bytes) -> ComputePipeline:
    """b = a + s, bound with push descriptors where the device has them."""
    return ComputePipeline(device, add_spirv, [(0, "storage_buffer"), (1, "storage_buffer")], 8,
                           push_descriptor=device.push_descriptors)


@pytest.fixture(scope="session")
def add_pipeline_sets(device: Device, add_spirv: bytes) -> ComputePipeline:
    """The same kernel bound through descriptor sets (the path of devices without push descriptors)."""
    return ComputePipeline(device, add_spirv, [(0, "storage_buffer"), (1, "storage_buffer")], 8)


@pytest.fixture
def stream(device: Device) -> Iterator[Stream]:
    s = Stream(device)
    yield s
    s.close()


@pytest.fixture
def allocator(device: Device, stream: Stream) -> Iterator[CachingAllocator]:
    kind = MemoryKind.DEVICE_HOST if device.physical.unified_memory else MemoryKind.DEVICE
    alloc = CachingAllocator(device, kind, clock=stream)
    yield alloc
    stream.synchronize()
    alloc.close()
