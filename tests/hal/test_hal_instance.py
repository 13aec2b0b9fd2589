"""Instance, device selection (VULKIT_DEVICE, Instance.select), PhysicalDevice.describe(), error mapping."""

from __future__ import annotations

import pytest

from vulkit.errors import DeviceLost, OutOfMemoryError, VulkanError
from vulkit.hal import Device, PhysicalDevice, get_instance
from vulkit.hal.vulkan._check import check, error_for, result_name

DESCRIBE_KEYS = {
    "index": int, "device_name": str, "device_type": str, "vendor_id": int, "device_id": int, "driver_name": str,
    "driver_info": str, "api_version": str, "total_memory": int, "unified_memory": bool, "memory_heaps": list,
    "memory_types": list, "queue_families": list, "subgroup_size": int, "min_subgroup_size": int,
    "max_subgroup_size": int, "max_push_descriptors": int, "features": dict, "dtypes": list,
    "cooperative_matrix_shapes": list, "limits": dict,
}
FEATURE_KEYS = {"float64", "int64", "int16", "int8", "float16", "storage_buffer_8bit", "storage_buffer_16bit",
                "timeline_semaphore", "buffer_device_address", "push_descriptor", "timestamps"}
LIMIT_KEYS = {"max_compute_workgroup_count", "max_compute_workgroup_size", "max_compute_workgroup_invocations",
              "max_push_constants_size", "max_storage_buffer_range", "timestamp_period_ns", "max_buffer_size",
              "max_memory_allocation_size"}


@pytest.fixture
def physical() -> PhysicalDevice:
    return get_instance().select()


def test_get_instance_is_one_instance() -> None:
    assert get_instance() is get_instance()
    assert get_instance().physical_devices


def test_describe_has_every_key_with_its_type(physical: PhysicalDevice) -> None:
    described = physical.describe()
    for key, kind in DESCRIBE_KEYS.items():
        assert isinstance(described[key], kind), key
    assert FEATURE_KEYS <= described["features"].keys()
    assert LIMIT_KEYS <= described["limits"].keys()
    assert described["device_type"] in ("discrete", "integrated", "virtual", "cpu", "other")
    assert described["min_subgroup_size"] <= described["subgroup_size"] <= described["max_subgroup_size"]
    assert all(heap["size"] > 0 for heap in described["memory_heaps"])
    assert all(0 <= t["heap"] < len(described["memory_heaps"]) for t in described["memory_types"])
    assert any(family["compute"] for family in described["queue_families"])
    major, minor, _ = (int(part) for part in described["api_version"].split("."))
    assert (major, minor) >= (1, 1)


def test_select_by_index_and_by_name(physical: PhysicalDevice) -> None:
    instance = get_instance()
    assert instance.select(physical.index) is physical
    assert instance.select(str(physical.index)) is physical
    assert instance.select(physical.name.upper()[1:8]) is physical  # a case-insensitive substring


@pytest.mark.parametrize("how", ["index", "name"])
def test_vulkit_device_environment_variable(monkeypatch: pytest.MonkeyPatch, physical: PhysicalDevice,
                                            how: str) -> None:
    monkeypatch.setenv("VULKIT_DEVICE", str(physical.index) if how == "index" else physical.name[:5])
    assert get_instance().select() is physical
    device = Device()
    try:
        assert device.physical is physical
    finally:
        device.destroy()


@pytest.mark.parametrize("selector, error, words", [
    (99, ValueError, "device index 99 is out of range"),
    ("99", ValueError, "device index 99 is out of range"),
    (-1, ValueError, "out of range"),
    ("no such gpu", ValueError, "no Vulkan device name contains 'no such gpu'"),
    (1.5, TypeError, "an index or a name"),
    (True, TypeError, "an index or a name"),
])
def test_bad_selector(selector: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        get_instance().select(selector)


def test_bad_vulkit_device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VULKIT_DEVICE", "no such gpu")
    with pytest.raises(ValueError, match="no such gpu"):
        Device()


@pytest.mark.parametrize("families, error", [([99], ValueError), ([-1], ValueError), ([1.0], TypeError)])
def test_bad_queue_families(families: list, error: type) -> None:
    with pytest.raises(error, match="queue famil"):
        Device(queue_families=families)


def test_device_is_idempotently_destroyed() -> None:
    device = Device()
    assert device.alive
    device.destroy()
    device.destroy()
    assert not device.alive
    assert "destroyed" in repr(device)


# -- VkResult → exceptions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("code, exception, name", [
    (-1, OutOfMemoryError, "VK_ERROR_OUT_OF_HOST_MEMORY"),
    (-2, OutOfMemoryError, "VK_ERROR_OUT_OF_DEVICE_MEMORY"),
    (-4, DeviceLost, "VK_ERROR_DEVICE_LOST"),
    (-3, VulkanError, "VK_ERROR_INITIALIZATION_FAILED"),
    (-1000069000, VulkanError, "VK_ERROR_OUT_OF_POOL_MEMORY"),
    (-12345, VulkanError, "VkResult(-12345)"),
])
def test_error_for(code: int, exception: type, name: str) -> None:
    error = error_for("vkSomething", code, "some detail")
    assert type(error) is exception
    assert isinstance(error, VulkanError) and isinstance(error, RuntimeError)
    assert (error.call, error.code, error.name) == ("vkSomething", code, name)
    assert str(error) == f"vkSomething failed with {name} ({code}): some detail"
    assert result_name(code) == name


def test_out_of_memory_is_a_memory_error() -> None:
    assert isinstance(error_for("vkAllocateMemory", -2), MemoryError)
    assert not isinstance(error_for("vkQueueSubmit", -4), MemoryError)
    assert "hung" in str(error_for("vkQueueSubmit", -4))  # DeviceLost says what may have happened


def test_check_passes_success_and_status_codes() -> None:
    assert check(0, "vkX") == 0
    assert check(2, "vkWaitForFences") == 2  # VK_TIMEOUT is no error
    with pytest.raises(DeviceLost, match="vkQueueSubmit failed with VK_ERROR_DEVICE_LOST"):
        check(-4, "vkQueueSubmit")
