"""Fixtures for the kp tests: a Manager shared by a module's tests, and the device's abilities."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kp_helpers import Spin, calibrate_spin

from vulkit import kp


@pytest.fixture(scope="module")
def mgr() -> Iterator[kp.Manager]:
    """A Manager for the tests of one module that leave nothing behind that others could see."""
    manager = kp.Manager()
    yield manager
    manager.destroy()


@pytest.fixture(scope="module")
def properties(mgr: kp.Manager) -> dict[str, Any]:
    """``mgr.get_device_properties()``."""
    return mgr.get_device_properties()


@pytest.fixture(scope="session")
def spin() -> Spin:
    """SPIN's work for about 0.3 s on this device (measured once per session)."""
    with kp.Manager() as manager:
        return calibrate_spin(manager, 0.3)
