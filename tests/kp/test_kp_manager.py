"""Manager options and device queries."""

from __future__ import annotations

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, dispatch

from vulkit import kp

DEVICE_KEYS = {
    "index", "device_name", "device_type", "vendor_id", "device_id", "driver_name", "api_version", "total_memory",
    "unified_memory", "memory_heaps", "memory_types", "queue_families", "subgroup_size", "features", "dtypes",
    "limits",
}
PROPERTY_KEYS = DEVICE_KEYS | {"max_work_group_count", "max_work_group_invocations", "max_work_group_size",
                               "timestamps_supported"}


def test_list_devices(mgr: kp.Manager) -> None:
    devices = mgr.list_devices()
    assert devices
    for index, device in enumerate(devices):
        assert DEVICE_KEYS <= device.keys()
        assert device["index"] == index
        assert device["device_type"] in ("discrete", "integrated", "virtual", "cpu", "other")
        assert any(family["compute"] for family in device["queue_families"])


def test_get_device_properties(mgr: kp.Manager, properties: dict) -> None:
    assert PROPERTY_KEYS <= properties.keys()
    assert properties["device_name"] in [d["device_name"] for d in mgr.list_devices()]
    assert len(properties["max_work_group_count"]) == 3
    assert len(properties["max_work_group_size"]) == 3
    assert properties["max_work_group_invocations"] >= 128  # the minimum Vulkan allows
    assert properties["limits"]["max_push_constants_size"] >= 128
    assert properties["subgroup_size"] >= 1
    assert {"bool", "int32", "uint32", "float32"} <= set(properties["dtypes"])
    assert all(isinstance(value, bool) for value in properties["features"].values())
    assert isinstance(properties["timestamps_supported"], bool)


@pytest.mark.parametrize("selector", ["index", "name"])
def test_manager_on_a_chosen_device(mgr: kp.Manager, properties: dict, selector: str) -> None:
    choice = properties["index"] if selector == "index" else properties["device_name"][:6].lower()
    with kp.Manager(choice) as chosen:
        assert chosen.get_device_properties()["device_name"] == properties["device_name"]
        tensor = chosen.tensor([1.0])
        dispatch(chosen, [tensor], ACCUMULATE, push_consts=[2.0])
        assert tensor.data()[0] == 3.0


def test_family_queue_indices(properties: dict) -> None:
    family = next(f["index"] for f in properties["queue_families"] if f["compute"])
    with kp.Manager(family_queue_indices=[family]) as manager:
        tensor = manager.tensor([1.0, 2.0])
        dispatch(manager, [tensor], ACCUMULATE, push_consts=[1.0])
        np.testing.assert_array_equal(tensor.data(), [2.0, 3.0])
        with pytest.raises(ValueError, match="queue_index 1 is out of range"):
            manager.sequence(1)


@pytest.mark.parametrize("bad, error", [([99], ValueError), ([-1], ValueError), (["0"], TypeError), ([0.0], TypeError)])
def test_bad_family_queue_indices(properties: dict, bad: list, error: type) -> None:
    with pytest.raises(error, match="queue famil"):
        kp.Manager(family_queue_indices=bad)


def test_unknown_desired_extension() -> None:
    with pytest.raises(ValueError, match="VK_KHR_does_not_exist"):
        kp.Manager(desired_extensions=["VK_KHR_does_not_exist"])
    with pytest.raises(TypeError, match="list of extension names"):
        kp.Manager(desired_extensions="VK_KHR_push_descriptor")


def test_desired_extension_that_exists(properties: dict) -> None:
    with kp.Manager() as probe:
        offered = sorted(probe.device.physical.extensions)
    with kp.Manager(desired_extensions=offered[:1]) as manager:
        assert offered[0] in manager.device.extensions


@pytest.mark.parametrize("bad, error", [(99, ValueError), ("no such gpu", ValueError), (1.5, TypeError)])
def test_bad_device_selector(bad: object, error: type) -> None:
    with pytest.raises(error, match="device"):
        kp.Manager(bad)


def test_repr_says_what_it_is(mgr: kp.Manager) -> None:
    tensor = mgr.tensor([1.0, 2.0])
    assert "2 x float" in repr(tensor)
    assert "device" in repr(tensor)
    assert "Manager" in repr(mgr)
    assert "queue" in repr(mgr.sequence())
    tensor.destroy()
    assert "destroyed" in repr(tensor)
