"""Fixtures for the hal tests: a Device shared by a module's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from vulkit.hal import Device


@pytest.fixture(scope="module")
def device() -> Iterator[Device]:
    """A hal Device on the default (or VULKIT_DEVICE) physical device."""
    made = Device()
    yield made
    made.destroy()
