"""The Vulkan instance, validation-layer messages and device enumeration."""

from __future__ import annotations

import atexit
import threading
import warnings
import weakref
from typing import Any

from ... import _config
from ...errors import NoDeviceError, ValidationError
from . import _enums as vk
from ._check import check
from ._ffi import FunctionTable, decode, ffi, global_functions, loader
from .physical_device import PhysicalDevice

_VALIDATION_LAYER = b"VK_LAYER_KHRONOS_validation"
_SEVERITY_WARNING = 0x100
_SEVERITY_ERROR = 0x1000


def make_version(major: int, minor: int, patch: int = 0) -> int:
    """A packed Vulkan API version (variant 0)."""
    return (major << 22) | (minor << 12) | patch


def version_tuple(version: int) -> tuple[int, int, int]:
    """(major, minor, patch) of a packed Vulkan version."""
    return ((version >> 22) & 0x7F, (version >> 12) & 0x3FF, version & 0xFFF)


class ValidationWarning(UserWarning):
    """A message of the Vulkan validation layers (VULKIT_VALIDATION=1)."""


class Instance:
    """A VkInstance, with the validation layers and a debug messenger when asked for.

    Messages of the validation layers are kept in :attr:`messages` and issued as
    :class:`ValidationWarning`; errors also raise :class:`~vulkit.errors.ValidationError` at the
    next :meth:`raise_validation_errors` (called at every queue submission and wait).
    """

    def __init__(self, validation: str | None = None) -> None:
        self.validation = _config.validation_mode() if validation is None else validation
        self.messages: list[tuple[str, str]] = []
        self._pending_errors: list[str] = []
        self._lock = threading.Lock()
        self._devices: weakref.WeakSet[Any] = weakref.WeakSet()
        self._keep: list[Any] = []
        self.handle = ffi.NULL
        glob = global_functions()
        api = make_version(1, 0)
        if glob.has("vkEnumerateInstanceVersion"):
            out = ffi.new("uint32_t*")
            check(glob.vkEnumerateInstanceVersion(out), "vkEnumerateInstanceVersion")
            api = out[0]
        self.api_version = min(api, make_version(1, 3))
        available_ext = _instance_extensions(glob)
        layers: list[bytes] = []
        extensions: list[bytes] = []
        flags = 0
        if b"VK_KHR_portability_enumeration" in available_ext:
            extensions.append(b"VK_KHR_portability_enumeration")
            flags |= vk.VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR
        self.validation_layer_version = 0
        if self.validation != "off":
            installed = _instance_layers(glob)
            if _VALIDATION_LAYER in installed and b"VK_EXT_debug_utils" in available_ext:
                self.validation_layer_version = installed[_VALIDATION_LAYER]
                layers.append(_VALIDATION_LAYER)
                extensions.append(b"VK_EXT_debug_utils")
            else:
                warnings.warn(
                    "VULKIT_VALIDATION is set but VK_LAYER_KHRONOS_validation is not installed "
                    "(Debian/Ubuntu: apt install vulkan-validationlayers); running without it",
                    ValidationWarning,
                    stacklevel=2,
                )
                self.validation = "off"
        self.layers = [name.decode() for name in layers]
        self.extensions = [name.decode() for name in extensions]
        app = ffi.new("VkApplicationInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_APPLICATION_INFO,
            "pApplicationName": self._cstr(b"vulkit"),
            "pEngineName": self._cstr(b"vulkit"),
            "apiVersion": self.api_version,
        })
        info = ffi.new("VkInstanceCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
            "flags": flags,
            "pApplicationInfo": app,
            "enabledLayerCount": len(layers),
            "ppEnabledLayerNames": self._cstr_array(layers),
            "enabledExtensionCount": len(extensions),
            "ppEnabledExtensionNames": self._cstr_array(extensions),
        })
        handle = ffi.new("VkInstance*")
        check(glob.vkCreateInstance(info, ffi.NULL, handle), "vkCreateInstance")
        self.handle = handle[0]
        self.fn = FunctionTable(loader().vkGetInstanceProcAddr, self.handle)
        self._messenger = ffi.NULL
        if layers:
            self._create_messenger()
        self._physical_devices: list[PhysicalDevice] | None = None

    def _cstr(self, value: bytes) -> Any:
        cdata = ffi.new("char[]", value)
        self._keep.append(cdata)
        return cdata

    def _cstr_array(self, values: list[bytes]) -> Any:
        if not values:
            return ffi.NULL
        array = ffi.new("char*[]", [self._cstr(v) for v in values])
        self._keep.append(array)
        return array

    def _create_messenger(self) -> None:
        @ffi.callback("PFN_vkDebugUtilsMessengerCallbackEXT")
        def on_message(severity: int, kinds: int, data: Any, user: Any) -> int:
            text = decode(data.pMessage) if data.pMessage != ffi.NULL else ""
            self._on_message(severity, text)
            return 0

        self._callback = on_message
        info = ffi.new("VkDebugUtilsMessengerCreateInfoEXT*", {
            "sType": vk.VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
            "messageSeverity": _SEVERITY_WARNING | _SEVERITY_ERROR,
            "messageType": 0x1 | 0x2 | 0x4,
            "pfnUserCallback": on_message,
        })
        out = ffi.new("VkDebugUtilsMessengerEXT*")
        check(self.fn.vkCreateDebugUtilsMessengerEXT(self.handle, info, ffi.NULL, out),
              "vkCreateDebugUtilsMessengerEXT")
        self._messenger = out[0]

    def _on_message(self, severity: int, text: str) -> None:
        level = "error" if severity & _SEVERITY_ERROR else "warning"
        with self._lock:
            self.messages.append((level, text))
            if level == "error" and self.validation == "error":
                self._pending_errors.append(text)
        warnings.warn(f"Vulkan validation {level}: {text}", ValidationWarning, stacklevel=2)

    def raise_validation_errors(self) -> None:
        """Raise ValidationError for the validation errors reported since the last call."""
        if not self._pending_errors:
            return
        with self._lock:
            errors, self._pending_errors = self._pending_errors, []
        raise ValidationError("Vulkan validation layers reported:\n" + "\n".join(errors))

    @property
    def physical_devices(self) -> list[PhysicalDevice]:
        """Every physical device, in the driver's enumeration order."""
        if self._physical_devices is None:
            count = ffi.new("uint32_t*")
            check(self.fn.vkEnumeratePhysicalDevices(self.handle, count, ffi.NULL), "vkEnumeratePhysicalDevices")
            handles = ffi.new("VkPhysicalDevice[]", count[0])
            check(self.fn.vkEnumeratePhysicalDevices(self.handle, count, handles), "vkEnumeratePhysicalDevices")
            self._physical_devices = [
                PhysicalDevice(self, handles[i], i) for i in range(count[0])
            ]
        return self._physical_devices

    def select(self, selector: int | str | None = None) -> PhysicalDevice:
        """A physical device by index or name substring; None: ``VULKIT_DEVICE`` or the best one.

        The best one is a discrete GPU, then an integrated GPU, a virtual GPU, a CPU implementation.
        """
        devices = self.physical_devices
        if not devices:
            raise NoDeviceError(
                "no Vulkan device found: install a GPU driver, or Mesa's lavapipe for the CPU "
                "(Debian/Ubuntu: apt install mesa-vulkan-drivers)"
            )
        if selector is None:
            selector = _config.device_selector()
        if selector is None:
            return min(devices, key=lambda d: (d.type_rank, d.index))
        if isinstance(selector, bool) or not isinstance(selector, (int, str)):
            raise TypeError(f"device must be an index or a name, not {type(selector).__name__}")
        if isinstance(selector, str) and selector.strip().lstrip("-").isdigit():
            selector = int(selector)
        if isinstance(selector, int):
            if not 0 <= selector < len(devices):
                raise ValueError(
                    f"device index {selector} is out of range: {len(devices)} Vulkan device(s) "
                    f"({', '.join(d.name for d in devices)})"
                )
            return devices[selector]
        matches = [d for d in devices if selector.lower() in d.name.lower()]
        if not matches:
            raise ValueError(
                f"no Vulkan device name contains {selector!r}; devices: {', '.join(d.name for d in devices)}"
            )
        return matches[0]

    def register_device(self, device: Any) -> None:
        self._devices.add(device)

    def destroy(self) -> None:
        """Destroy every device made on this instance, then the instance (idempotent)."""
        if self.handle == ffi.NULL:
            return
        for device in list(self._devices):
            device.destroy()
        if self._messenger != ffi.NULL:
            self.fn.vkDestroyDebugUtilsMessengerEXT(self.handle, self._messenger, ffi.NULL)
            self._messenger = ffi.NULL
        self.fn.vkDestroyInstance(self.handle, ffi.NULL)
        self.handle = ffi.NULL


def _instance_extensions(glob: FunctionTable) -> set[bytes]:
    count = ffi.new("uint32_t*")
    check(glob.vkEnumerateInstanceExtensionProperties(ffi.NULL, count, ffi.NULL),
          "vkEnumerateInstanceExtensionProperties")
    props = ffi.new("VkExtensionProperties[]", count[0])
    check(glob.vkEnumerateInstanceExtensionProperties(ffi.NULL, count, props),
          "vkEnumerateInstanceExtensionProperties")
    return {ffi.string(props[i].extensionName) for i in range(count[0])}


def _instance_layers(glob: FunctionTable) -> dict[bytes, int]:
    """The installed layers' names and the Vulkan header versions they were built against."""
    count = ffi.new("uint32_t*")
    check(glob.vkEnumerateInstanceLayerProperties(count, ffi.NULL), "vkEnumerateInstanceLayerProperties")
    props = ffi.new("VkLayerProperties[]", count[0])
    check(glob.vkEnumerateInstanceLayerProperties(count, props), "vkEnumerateInstanceLayerProperties")
    return {ffi.string(props[i].layerName): props[i].specVersion for i in range(count[0])}


_instance: Instance | None = None
_instance_lock = threading.Lock()


def get_instance() -> Instance:
    """The process-wide Vulkan instance, created on first use and destroyed at exit."""
    global _instance
    with _instance_lock:
        if _instance is None or _instance.handle == ffi.NULL:
            _instance = Instance()
            atexit.register(_instance.destroy)
        return _instance
