"""Typed exceptions raised by vulkit.

Every Vulkan result other than success becomes a :class:`VulkanError` (or a subclass) that names the
call and the result code. Bad input is reported with the standard Python exceptions (TypeError,
ValueError, IndexError) before anything reaches the driver.
"""

from __future__ import annotations


class VulkitError(Exception):
    """Base class of vulkit's own exceptions."""


class VulkanError(VulkitError, RuntimeError):
    """A Vulkan call returned an error code."""

    def __init__(self, call: str, code: int, name: str, detail: str = "") -> None:
        self.call = call
        self.code = code
        self.name = name
        message = f"{call} failed with {name} ({code})"
        if detail:
            message += f": {detail}"
        super().__init__(message)


class OutOfMemoryError(VulkanError, MemoryError):
    """The device or host ran out of memory (VK_ERROR_OUT_OF_DEVICE_MEMORY / _HOST_MEMORY)."""


class DeviceLost(VulkanError):
    """The device was lost (VK_ERROR_DEVICE_LOST): a hang, a reset or a driver fault.

    Nothing made on the device can be used any more; create a new Manager / device.
    """


class CompileError(VulkitError, ValueError):
    """A shader failed to compile; the message holds the compiler's output and the offending lines."""


class CompilerNotFoundError(VulkitError, RuntimeError):
    """No GLSL compiler could be found."""


class DestroyedError(VulkitError, RuntimeError):
    """An object was used after ``destroy()`` (or after its Manager was destroyed)."""


class ValidationError(VulkitError, RuntimeError):
    """The Vulkan validation layers reported an error (only with ``VULKIT_VALIDATION=1``)."""


class NoDeviceError(VulkitError, RuntimeError):
    """No Vulkan device (or no Vulkan loader) is available."""


class KpValueError(VulkitError, ValueError, RuntimeError):
    """Bad input to ``vulkit.kp``: a ValueError that is also the RuntimeError Kompute raises for every error, so
    that a Kompute program's ``except RuntimeError`` catches it."""


class KpTypeError(VulkitError, TypeError, RuntimeError):
    """An argument of the wrong type to ``vulkit.kp``: a TypeError that is also Kompute's RuntimeError."""
