"""Test-wide setup: the Vulkan validation layers are on, and any message they print fails the test."""

from __future__ import annotations

import os

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
