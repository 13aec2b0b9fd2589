"""Test-wide setup: the Vulkan validation layers are on, and any message they print fails the test."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

os.environ.setdefault("VULKIT_VALIDATION", "1")
# Synchronization validation too: a missing barrier fails a test even on lavapipe, whose in-order
# execution would otherwise hide it.
os.environ.setdefault("VK_LAYER_ENABLES", "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT")

import pytest  # noqa: E402

from vulkit.hal import get_instance  # noqa: E402


@pytest.fixture(autouse=True)
def no_validation_messages():
    """Fail the test if the validation layers reported anything while it ran."""
    instance = get_instance()
    before = len(instance.messages)
    yield
    new = instance.messages[before:]
    if new:
        pytest.fail("Vulkan validation layers reported:\n" + "\n".join(f"{level}: {text}" for level, text in new))


@contextlib.contextmanager
def _binding_mode(addresses: bool) -> Iterator[Any]:
    """Array kernels reach their buffers through addresses (True) or descriptors while the block runs; skips
    where the device has no buffer device addresses."""
    from vulkit.runtime import context

    ctx = context.current()
    if not ctx.device.features.get("buffer_device_address"):
        pytest.skip(f"{ctx.device.physical.name} has no buffer device addresses")
    before = ctx.buffer_addresses
    ctx.set_buffer_addresses(addresses)
    try:
        yield ctx
    finally:
        ctx.set_buffer_addresses(before)


@pytest.fixture
def buffer_addresses() -> Iterator[Any]:
    """Kernels that take buffer addresses in push constants (VULKIT_BUFFER_ADDRESSES=1), as for arrays larger than
    a descriptor binds."""
    with _binding_mode(True) as ctx:
        yield ctx


@pytest.fixture
def push_descriptors() -> Iterator[Any]:
    """Kernels that bind descriptors, taking addresses only where an allocation is too large to bind
    (VULKIT_BUFFER_ADDRESSES=0)."""
    with _binding_mode(False) as ctx:
        yield ctx
