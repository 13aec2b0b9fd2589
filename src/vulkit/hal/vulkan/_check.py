"""VkResult → Python exception."""

from __future__ import annotations

from ...errors import DeviceLost, OutOfMemoryError, VulkanError

RESULT_NAMES = {
    0: "VK_SUCCESS",
    1: "VK_NOT_READY",
    2: "VK_TIMEOUT",
    3: "VK_EVENT_SET",
    4: "VK_EVENT_RESET",
    5: "VK_INCOMPLETE",
    -1: "VK_ERROR_OUT_OF_HOST_MEMORY",
    -2: "VK_ERROR_OUT_OF_DEVICE_MEMORY",
    -3: "VK_ERROR_INITIALIZATION_FAILED",
    -4: "VK_ERROR_DEVICE_LOST",
    -5: "VK_ERROR_MEMORY_MAP_FAILED",
    -6: "VK_ERROR_LAYER_NOT_PRESENT",
    -7: "VK_ERROR_EXTENSION_NOT_PRESENT",
    -8: "VK_ERROR_FEATURE_NOT_PRESENT",
    -9: "VK_ERROR_INCOMPATIBLE_DRIVER",
    -10: "VK_ERROR_TOO_MANY_OBJECTS",
    -11: "VK_ERROR_FORMAT_NOT_SUPPORTED",
    -12: "VK_ERROR_FRAGMENTED_POOL",
    -13: "VK_ERROR_UNKNOWN",
    -1000069000: "VK_ERROR_OUT_OF_POOL_MEMORY",
    -1000161000: "VK_ERROR_FRAGMENTATION",
    -1000011001: "VK_ERROR_VALIDATION_FAILED_EXT",
    -1000012000: "VK_ERROR_INVALID_SHADER_NV",
    -1000174001: "VK_ERROR_NOT_PERMITTED_KHR",
}

_OUT_OF_MEMORY = (-1, -2)
_DEVICE_LOST = -4


def result_name(code: int) -> str:
    """The VkResult's name, e.g. ``VK_ERROR_DEVICE_LOST``."""
    return RESULT_NAMES.get(code, f"VkResult({code})")


def error_for(call: str, code: int, detail: str = "") -> VulkanError:
    """The exception for a failed call: OutOfMemoryError, DeviceLost or VulkanError."""
    name = result_name(code)
    if code in _OUT_OF_MEMORY:
        return OutOfMemoryError(call, code, name, detail)
    if code == _DEVICE_LOST:
        return DeviceLost(call, code, name, detail or "the GPU hung, was reset or the driver failed")
    return VulkanError(call, code, name, detail)


def check(code: int, call: str) -> int:
    """Raise for negative results (errors); return non-negative ones (success, timeout, not ready)."""
    if code < 0:
        raise error_for(call, code)
    return code
