"""The cffi handle on the Vulkan loader and lazily resolved function tables."""

from __future__ import annotations

import sys
from typing import Any

from ... import _config
from ...errors import NoDeviceError
from ._vulkan_ffi import ffi

__all__ = ["ffi", "loader", "FunctionTable"]

_LIBRARY_NAMES = {
    "linux": ["libvulkan.so.1", "libvulkan.so"],
    "darwin": ["libvulkan.1.dylib", "libvulkan.dylib", "libMoltenVK.dylib"],
    "win32": ["vulkan-1.dll"],
}
_loader: Any = None


def loader() -> Any:
    """The Vulkan loader library (loaded once); NoDeviceError if it cannot be found."""
    global _loader
    if _loader is not None:
        return _loader
    override = _config.vulkan_library()
    names = [override] if override else _LIBRARY_NAMES.get(sys.platform, _LIBRARY_NAMES["linux"])
    errors = []
    for name in names:
        try:
            _loader = ffi.dlopen(name)
            return _loader
        except OSError as exc:
            errors.append(f"{name}: {exc}")
    raise NoDeviceError(
        "the Vulkan loader could not be loaded ("
        + "; ".join(errors)
        + "). Install it (Debian/Ubuntu: apt install libvulkan1 mesa-vulkan-drivers) "
        "or point VULKIT_VULKAN_LIBRARY at it."
    )


class FunctionTable:
    """Vulkan entry points of one instance or device, resolved on first use and kept as attributes.

    ``table.vkCmdDispatch(...)`` calls the driver's function pointer directly, without the loader's
    trampoline. A function the driver does not expose raises AttributeError naming it.
    """

    def __init__(self, getter: Any, handle: Any) -> None:
        self._getter = getter
        self._handle = handle

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("vk"):
            raise AttributeError(name)
        pointer = self._getter(self._handle, name.encode())
        if pointer == ffi.NULL:
            raise AttributeError(f"{name} is not available on this Vulkan driver (extension not enabled?)")
        function = ffi.cast(f"PFN_{name}", pointer)
        setattr(self, name, function)
        return function

    def has(self, name: str) -> bool:
        """Whether the driver exposes ``name``."""
        try:
            getattr(self, name)
        except AttributeError:
            return False
        return True


def global_functions() -> FunctionTable:
    """Functions callable before an instance exists (vkCreateInstance, vkEnumerateInstance*)."""
    lib = loader()
    return FunctionTable(lib.vkGetInstanceProcAddr, ffi.NULL)


def decode(char_array: Any) -> str:
    """A NUL-terminated char[] field as a str."""
    return ffi.string(char_array).decode("utf-8", "replace")


class Chain:
    """A Vulkan pNext chain of structures, kept alive together.

    ``chain = Chain("VkPhysicalDeviceFeatures2", stype); f12 = chain.add("VkPhysicalDeviceVulkan12Features", s)``
    then pass ``chain.head`` to the call.
    """

    def __init__(self, head_type: str, stype: int, **fields: Any) -> None:
        self.head = ffi.new(f"{head_type}*", {"sType": stype, **fields})
        self._tail = self.head
        self._members: list[Any] = [self.head]

    def add(self, struct_type: str, stype: int, **fields: Any) -> Any:
        item = ffi.new(f"{struct_type}*", {"sType": stype, **fields})
        self._tail.pNext = item
        self._tail = item
        self._members.append(item)
        return item
