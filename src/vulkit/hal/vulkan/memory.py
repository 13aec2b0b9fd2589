"""Buffers and images with their own device memory, and host mapping."""

from __future__ import annotations

import enum
from typing import Any

import numpy as np

from . import _enums as vk
from ._check import check, error_for
from ._ffi import ffi
from .resource import Resource

_BUFFER_USAGE = (
    vk.VK_BUFFER_USAGE_STORAGE_BUFFER_BIT
    | vk.VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
    | vk.VK_BUFFER_USAGE_TRANSFER_SRC_BIT
    | vk.VK_BUFFER_USAGE_TRANSFER_DST_BIT
    | vk.VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT
)


class MemoryKind(enum.Enum):
    """Where a buffer's memory lives.

    - DEVICE: device-local, the fastest for shaders; the host reaches it through a staging buffer.
    - HOST: host-visible and coherent, preferring system memory (Kompute's eHost).
    - STAGING: host-visible for transfers, preferring cached memory (fast host reads).
    - DEVICE_HOST: device-local and host-visible where the device has it (UMA, lavapipe, resizable
      BAR), else host-visible.
    """

    DEVICE = "device"
    HOST = "host"
    STAGING = "staging"
    DEVICE_HOST = "device_host"


class _Memory(Resource):
    """Shared by Buffer and Image: a dedicated VkDeviceMemory, mapped persistently if host-visible."""

    memory: Any = ffi.NULL
    mapped: Any = ffi.NULL

    def _allocate(self, requirements: Any, kind: MemoryKind, allocate_flags: int = 0) -> None:
        device = self.device
        if kind is MemoryKind.DEVICE:
            mtype = device.memory_type(requirements.memoryTypeBits, device_local=None, host_cached=False)
        elif kind is MemoryKind.HOST:
            mtype = device.memory_type(requirements.memoryTypeBits, host_visible=True, device_local=False,
                                       host_cached=False)
        elif kind is MemoryKind.STAGING:
            mtype = device.memory_type(requirements.memoryTypeBits, host_visible=True, device_local=False,
                                       host_cached=True)
        else:
            mtype = device.memory_type(requirements.memoryTypeBits, host_visible=True, device_local=None)
        heap = device.physical.memory_heaps[mtype.heap]["size"]
        if requirements.size > heap:
            # NOTE: asking the driver for more than the heap holds is invalid usage, not a clean failure.
            raise error_for("vkAllocateMemory", vk.VK_ERROR_OUT_OF_DEVICE_MEMORY,
                            f"{requirements.size} bytes is more than memory heap {mtype.heap} holds ({heap} bytes); "
                            "not attempted")
        self.memory_type = mtype
        self.host_visible = mtype.host_visible
        self.host_coherent = mtype.host_coherent
        self.device_local = mtype.device_local
        info = ffi.new("VkMemoryAllocateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
            "allocationSize": requirements.size,
            "memoryTypeIndex": mtype.index,
        })
        if allocate_flags:
            flags = ffi.new("VkMemoryAllocateFlagsInfo*", {
                "sType": vk.VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                "flags": allocate_flags,
            })
            info.pNext = flags
        out = ffi.new("VkDeviceMemory*")
        check(device.fn.vkAllocateMemory(device.handle, info, ffi.NULL, out), "vkAllocateMemory")
        self.memory = out[0]
        self.allocation_size = requirements.size

    def _map(self) -> None:
        if not self.host_visible:
            return
        out = ffi.new("void**")
        check(self.device.fn.vkMapMemory(self.device.handle, self.memory, 0, vk.VK_WHOLE_SIZE, 0, out),
              "vkMapMemory")
        self.mapped = ffi.cast("char*", out[0])

    def _free_memory(self) -> None:
        fn = self.device.fn
        if self.mapped != ffi.NULL:
            fn.vkUnmapMemory(self.device.handle, self.memory)
            self.mapped = ffi.NULL
        if self.memory != ffi.NULL:
            fn.vkFreeMemory(self.device.handle, self.memory, ffi.NULL)
            self.memory = ffi.NULL

    def _mapped_range(self, offset: int, size: int) -> Any:
        atom = self.device.limits["non_coherent_atom_size"]
        start = offset - offset % atom
        end = min(-(-(offset + size) // atom) * atom, self.allocation_size)
        return ffi.new("VkMappedMemoryRange*", {
            "sType": vk.VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
            "memory": self.memory,
            "offset": start,
            "size": end - start,
        })

    def flush(self, offset: int = 0, size: int | None = None) -> None:
        """Make host writes visible to the device (no-op on coherent memory)."""
        if self.host_coherent or not self.host_visible:
            return
        size = self.size - offset if size is None else size
        check(self.device.fn.vkFlushMappedMemoryRanges(self.device.handle, 1, self._mapped_range(offset, size)),
              "vkFlushMappedMemoryRanges")

    def invalidate(self, offset: int = 0, size: int | None = None) -> None:
        """Make device writes visible to the host (no-op on coherent memory)."""
        if self.host_coherent or not self.host_visible:
            return
        size = self.size - offset if size is None else size
        check(self.device.fn.vkInvalidateMappedMemoryRanges(self.device.handle, 1,
                                                            self._mapped_range(offset, size)),
              "vkInvalidateMappedMemoryRanges")


class Buffer(_Memory):
    """A VkBuffer bound to its own memory of ``size`` bytes.

    Host-visible buffers stay mapped; :meth:`view` gives a zero-copy NumPy view of the mapping.
    """

    def __init__(self, device: Any, size: int, kind: MemoryKind = MemoryKind.DEVICE) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise ValueError(f"buffer size must be a positive number of bytes, got {size!r}")
        largest = device.limits.get("max_buffer_size", 0)
        if largest and size > largest:
            raise error_for("vkCreateBuffer", vk.VK_ERROR_OUT_OF_DEVICE_MEMORY,
                            f"{size} bytes is more than the largest buffer of {device.physical.name} "
                            f"({largest} bytes); not attempted")
        super().__init__(device)
        self.size = size
        self.kind = kind
        usage = _BUFFER_USAGE
        allocate_flags = 0
        if device.features.get("buffer_device_address"):
            usage |= vk.VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT
            allocate_flags = vk.VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT
        info = ffi.new("VkBufferCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
            "size": size,
            "usage": usage,
            "sharingMode": vk.VK_SHARING_MODE_EXCLUSIVE,
        })
        fn = device.fn
        out = ffi.new("VkBuffer*")
        check(fn.vkCreateBuffer(device.handle, info, ffi.NULL, out), "vkCreateBuffer")
        self.handle = out[0]
        try:
            requirements = ffi.new("VkMemoryRequirements*")
            fn.vkGetBufferMemoryRequirements(device.handle, self.handle, requirements)
            self._allocate(requirements, kind, allocate_flags)
            check(fn.vkBindBufferMemory(device.handle, self.handle, self.memory, 0), "vkBindBufferMemory")
            self._map()
        except BaseException:
            self.destroy()
            raise
        self._address: int | None = None
        self.handle_value = int(ffi.cast("uint64_t", self.handle))  # for packed descriptor infos

    @property
    def device_address(self) -> int:
        """The buffer's GPU address (needs the buffer_device_address feature)."""
        if self._address is None:
            info = ffi.new("VkBufferDeviceAddressInfo*", {
                "sType": vk.VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                "buffer": self.handle,
            })
            self._address = int(self.device.fn.vkGetBufferDeviceAddress(self.device.handle, info))
        return self._address

    def _require_mapped(self, offset: int, nbytes: int) -> None:
        self.require_alive("buffer")
        if self.mapped == ffi.NULL:
            raise RuntimeError("this buffer is not host-visible; copy through a staging buffer")
        if offset < 0 or nbytes < 0 or offset + nbytes > self.size:
            raise ValueError(f"range [{offset}, {offset + nbytes}) is outside the buffer of {self.size} bytes")

    def write(self, data: Any, offset: int = 0) -> None:
        """Copy bytes (any buffer-protocol object) into the mapped buffer at ``offset``."""
        source = memoryview(data).cast("B") if not isinstance(data, np.ndarray) else np.ascontiguousarray(data)
        nbytes = source.nbytes
        self._require_mapped(offset, nbytes)
        if nbytes:
            ffi.memmove(self.mapped + offset, ffi.from_buffer(source), nbytes)
            self.flush(offset, nbytes)

    def read_into(self, out: Any, offset: int = 0) -> None:
        """Copy ``len(out)`` bytes from the mapped buffer at ``offset`` into the writable buffer ``out``."""
        target = ffi.from_buffer(out, require_writable=True)
        nbytes = len(target)
        self._require_mapped(offset, nbytes)
        if nbytes:
            self.invalidate(offset, nbytes)
            ffi.memmove(target, self.mapped + offset, nbytes)

    def view(self, dtype: Any = np.uint8, count: int | None = None, offset: int = 0) -> np.ndarray:
        """A NumPy array aliasing the mapped memory (valid while the buffer lives)."""
        dtype = np.dtype(dtype)
        count = (self.size - offset) // dtype.itemsize if count is None else count
        self._require_mapped(offset, count * dtype.itemsize)
        return np.frombuffer(ffi.buffer(self.mapped + offset, count * dtype.itemsize), dtype=dtype)

    def _release(self) -> None:
        self.device.fn.vkDestroyBuffer(self.device.handle, self.handle, ffi.NULL)
        self._free_memory()

    def __repr__(self) -> str:
        return f"<Buffer {self.size} bytes, {self.kind.value}{'' if self.alive else ', destroyed'}>"


_FORMATS = {
    ("float32", 1): vk.VK_FORMAT_R32_SFLOAT,
    ("float32", 2): vk.VK_FORMAT_R32G32_SFLOAT,
    ("float32", 4): vk.VK_FORMAT_R32G32B32A32_SFLOAT,
    ("float16", 1): vk.VK_FORMAT_R16_SFLOAT,
    ("float16", 2): vk.VK_FORMAT_R16G16_SFLOAT,
    ("float16", 4): vk.VK_FORMAT_R16G16B16A16_SFLOAT,
    ("int32", 1): vk.VK_FORMAT_R32_SINT,
    ("int32", 2): vk.VK_FORMAT_R32G32_SINT,
    ("int32", 4): vk.VK_FORMAT_R32G32B32A32_SINT,
    ("uint32", 1): vk.VK_FORMAT_R32_UINT,
    ("uint32", 2): vk.VK_FORMAT_R32G32_UINT,
    ("uint32", 4): vk.VK_FORMAT_R32G32B32A32_UINT,
    ("int16", 1): vk.VK_FORMAT_R16_SINT,
    ("int16", 2): vk.VK_FORMAT_R16G16_SINT,
    ("int16", 4): vk.VK_FORMAT_R16G16B16A16_SINT,
    ("uint16", 1): vk.VK_FORMAT_R16_UINT,
    ("uint16", 2): vk.VK_FORMAT_R16G16_UINT,
    ("uint16", 4): vk.VK_FORMAT_R16G16B16A16_UINT,
    ("int8", 1): vk.VK_FORMAT_R8_SINT,
    ("int8", 2): vk.VK_FORMAT_R8G8_SINT,
    ("int8", 4): vk.VK_FORMAT_R8G8B8A8_SINT,
    ("uint8", 1): vk.VK_FORMAT_R8_UINT,
    ("uint8", 2): vk.VK_FORMAT_R8G8_UINT,
    ("uint8", 4): vk.VK_FORMAT_R8G8B8A8_UINT,
}


def image_format(dtype: str, channels: int) -> int:
    """The VkFormat for ``channels`` components of ``dtype``; ValueError if there is none."""
    try:
        return _FORMATS[(dtype, channels)]
    except KeyError:
        supported = sorted({d for d, _ in _FORMATS})
        raise ValueError(
            f"no storage image format for {channels} channel(s) of {dtype}: channels must be 1, 2 or 4 "
            f"and the type one of {', '.join(supported)}"
        ) from None


class Image(_Memory):
    """A 2D storage image (optimal tiling, device-local) with its view; tracks its current layout."""

    def __init__(self, device: Any, width: int, height: int, dtype: str, channels: int) -> None:
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"image {name} must be a positive int, got {value!r}")
        fmt = image_format(dtype, channels)
        props = ffi.new("VkFormatProperties*")
        device.instance.fn.vkGetPhysicalDeviceFormatProperties(device.physical.handle, fmt, props)
        if not props.optimalTilingFeatures & vk.VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT:
            raise ValueError(f"{device.physical.name} cannot use {channels}-channel {dtype} storage images")
        super().__init__(device)
        self.width, self.height, self.dtype, self.channels, self.format = width, height, dtype, channels, fmt
        self.size = width * height * channels * np.dtype(dtype).itemsize
        self.layout = vk.VK_IMAGE_LAYOUT_UNDEFINED
        self.view_handle = ffi.NULL
        fn = device.fn
        info = ffi.new("VkImageCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
            "imageType": vk.VK_IMAGE_TYPE_2D,
            "format": fmt,
            "extent": {"width": width, "height": height, "depth": 1},
            "mipLevels": 1,
            "arrayLayers": 1,
            "samples": vk.VK_SAMPLE_COUNT_1_BIT,
            "tiling": vk.VK_IMAGE_TILING_OPTIMAL,
            "usage": vk.VK_IMAGE_USAGE_STORAGE_BIT | vk.VK_IMAGE_USAGE_TRANSFER_SRC_BIT
            | vk.VK_IMAGE_USAGE_TRANSFER_DST_BIT,
            "sharingMode": vk.VK_SHARING_MODE_EXCLUSIVE,
            "initialLayout": vk.VK_IMAGE_LAYOUT_UNDEFINED,
        })
        out = ffi.new("VkImage*")
        check(fn.vkCreateImage(device.handle, info, ffi.NULL, out), "vkCreateImage")
        self.handle = out[0]
        try:
            requirements = ffi.new("VkMemoryRequirements*")
            fn.vkGetImageMemoryRequirements(device.handle, self.handle, requirements)
            self._allocate(requirements, MemoryKind.DEVICE)
            check(fn.vkBindImageMemory(device.handle, self.handle, self.memory, 0), "vkBindImageMemory")
            view_info = ffi.new("VkImageViewCreateInfo*", {
                "sType": vk.VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                "image": self.handle,
                "viewType": vk.VK_IMAGE_VIEW_TYPE_2D,
                "format": fmt,
                "subresourceRange": {"aspectMask": vk.VK_IMAGE_ASPECT_COLOR_BIT, "levelCount": 1, "layerCount": 1},
            })
            view = ffi.new("VkImageView*")
            check(fn.vkCreateImageView(device.handle, view_info, ffi.NULL, view), "vkCreateImageView")
            self.view_handle = view[0]
        except BaseException:
            self.destroy()
            raise

    def _release(self) -> None:
        fn = self.device.fn
        if self.view_handle != ffi.NULL:
            fn.vkDestroyImageView(self.device.handle, self.view_handle, ffi.NULL)
            self.view_handle = ffi.NULL
        fn.vkDestroyImage(self.device.handle, self.handle, ffi.NULL)
        self._free_memory()
