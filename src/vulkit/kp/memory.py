"""Tensors and images: GPU memory with a host mirror (Kompute's ``kp::Memory`` family)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import DestroyedError
from ..hal import Buffer, MemoryKind
from ..hal import Image as HalImage
from ..hal.vulkan.commands import TRANSFER_READ, TRANSFER_STAGE, TRANSFER_WRITE
from .access import Access
from .types import PRIMARY_MEMORY, DataTypes, MemoryTypes, data_type_of

if TYPE_CHECKING:
    from .manager import Manager


class Memory:
    """What tensors and images share: element type, memory type, host mirror, lifetime."""

    _kind = "memory"

    def __init__(self, manager: Manager, values: np.ndarray, memory_type: MemoryTypes) -> None:
        self._manager_ref = weakref.ref(manager)
        self._dtype = values.dtype
        self._data_type = data_type_of(values.dtype)
        self._memory_type = memory_type
        self._size = values.size
        self._primary: Any = None
        self._host: Buffer | None = None
        self._destroyed = False
        self._views: weakref.WeakSet[Any] = weakref.WeakSet()

    # -- Kompute's API ----------------------------------------------------------------------------
    def data(self) -> np.ndarray:
        """The host copy as a 1-D NumPy array that aliases the mapped memory (no copy).

        For ``device`` memory it holds what the last OpSyncLocal brought back; writes to it reach
        the GPU with the next OpSyncDevice. ``storage`` memory has no host copy.
        """
        return self._host_view()

    def set_data(self, values: Any) -> None:
        """Overwrite the host copy with ``values`` (same number of elements)."""
        array = np.asarray(values).reshape(-1)
        if array.size != self._size:
            raise ValueError(f"set_data got {array.size} elements for a {self._kind} of {self._size}")
        self._host_view()[:] = array.astype(self._dtype, copy=False)

    def size(self) -> int:
        """Number of elements."""
        return self._size

    def __len__(self) -> int:
        return self._size

    def data_type(self) -> DataTypes:
        return self._data_type

    def memory_type(self) -> MemoryTypes:
        return self._memory_type

    tensor_type = memory_type

    def data_type_memory_size(self) -> int:
        """Bytes per element."""
        return self._dtype.itemsize

    def memory_size(self) -> int:
        """Bytes of data."""
        return self._size * self._dtype.itemsize

    def is_init(self) -> bool:
        """Whether the GPU memory exists (False after destroy)."""
        return not self._destroyed and self._primary is not None and self._primary.alive

    def destroy(self) -> None:
        """Free the GPU memory (idempotent); the Manager does this for whatever is left."""
        if self._destroyed:
            return
        manager = self.manager
        if manager is not None and manager.is_alive():
            manager.wait_for_running_sequences()  # a running sequence may still use this memory
        self._destroyed = True
        for view in list(self._views):
            view.free()
        for resource in (self._primary, self._host):
            if resource is not None:
                resource.destroy()

    def numpy(self) -> np.ndarray:
        """A copy of the host data (older Kompute name)."""
        return self._host_view().copy()

    # -- internals used by operations -------------------------------------------------------------
    @property
    def manager(self) -> Manager | None:
        return self._manager_ref()

    @property
    def dtype(self) -> np.dtype:
        return self._dtype

    def add_view(self, view: Any) -> None:
        """Something over this memory (an array's allocation) whose ``free()`` is called when it is
        destroyed, so that it raises afterwards instead of using freed memory."""
        self._views.add(view)

    @property
    def needs_staging(self) -> bool:
        """Whether syncing moves data between a staging buffer and the primary memory."""
        return self._host is not None and self._host is not self._primary

    def require_alive(self) -> None:
        if self._destroyed or not self._primary._alive:
            raise DestroyedError(f"this {self._kind} was destroyed and cannot be used")

    def _host_view(self) -> np.ndarray:
        self.require_alive()
        if self._host is None:
            raise RuntimeError(f"a {self._kind} of memory type storage has no host memory to read or write")
        return self._host.view(self._dtype, self._size)

    def sync_device_accesses(self) -> list[Access]:
        if not self.needs_staging:
            return []
        return [Access(self._host, TRANSFER_STAGE, TRANSFER_READ, False),
                Access(self._primary, TRANSFER_STAGE, TRANSFER_WRITE, True)]

    def sync_local_accesses(self) -> list[Access]:
        if not self.needs_staging:
            return []
        return [Access(self._primary, TRANSFER_STAGE, TRANSFER_READ, False),
                Access(self._host, TRANSFER_STAGE, TRANSFER_WRITE, True)]

    def __repr__(self) -> str:
        state = "" if self.is_init() else ", destroyed"
        return (f"<kp.{type(self).__name__} {self._size} x {self._data_type.name}, "
                f"{self._memory_type.name}{state}>")


class Tensor(Memory):
    """A 1-D array of numbers in a GPU buffer, bound to shaders as a storage buffer."""

    _kind = "tensor"

    def __init__(self, manager: Manager, values: np.ndarray, memory_type: MemoryTypes) -> None:
        super().__init__(manager, values, memory_type)
        device = manager.device
        nbytes = max(values.nbytes, 4)
        self._primary = Buffer(device, nbytes, PRIMARY_MEMORY[memory_type])
        try:
            if memory_type is MemoryTypes.device:
                self._host = Buffer(device, nbytes, MemoryKind.STAGING)
            elif memory_type in (MemoryTypes.host, MemoryTypes.deviceAndHost):
                self._host = self._primary
            if self._host is not None:
                self._host.write(values)
            else:
                manager._upload(self._primary, values)
        except BaseException:
            self.destroy()
            raise

    @property
    def buffer(self) -> Buffer:
        """The hal buffer the shaders see."""
        self.require_alive()
        return self._primary

    def record_sync_device(self, command_buffer: Any) -> None:
        if self.needs_staging:
            command_buffer.copy_buffer(self._host, self._primary, self.memory_size())

    def record_sync_local(self, command_buffer: Any) -> None:
        if self.needs_staging:
            command_buffer.copy_buffer(self._primary, self._host, self.memory_size())


class Image(Memory):
    """A 2-D image of ``width`` × ``height`` pixels of ``num_channels`` (1, 2 or 4) components.

    Bound to shaders as a storage image (``image2D``/``iimage2D``/``uimage2D``). The host copy is a
    staging buffer for every memory type but storage.
    """

    _kind = "image"

    def __init__(self, manager: Manager, values: np.ndarray, width: int, height: int, num_channels: int,
                 memory_type: MemoryTypes) -> None:
        if values.size != width * height * num_channels:
            raise ValueError(
                f"image data has {values.size} elements, but {width}x{height} pixels of {num_channels} "
                f"channel(s) need {width * height * num_channels}"
            )
        super().__init__(manager, values, memory_type)
        self._width, self._height, self._channels = width, height, num_channels
        device = manager.device
        dtype_name = "uint8" if self._dtype == np.bool_ else self._dtype.name
        self._primary = HalImage(device, width, height, dtype_name, num_channels)
        try:
            manager._make_general(self._primary)
            if memory_type is not MemoryTypes.storage:
                self._host = Buffer(device, max(values.nbytes, 4), MemoryKind.STAGING)
                self._host.write(values)
            else:
                manager._upload(self._primary, values)
        except BaseException:
            self.destroy()
            raise

    def width(self) -> int:
        return self._width

    def height(self) -> int:
        return self._height

    def num_channels(self) -> int:
        return self._channels

    @property
    def image(self) -> Any:
        """The hal image the shaders see."""
        self.require_alive()
        return self._primary

    def record_sync_device(self, command_buffer: Any) -> None:
        if self.needs_staging:
            command_buffer.copy_buffer_to_image(self._host, self._primary)

    def record_sync_local(self, command_buffer: Any) -> None:
        if self.needs_staging:
            command_buffer.copy_image_to_buffer(self._primary, self._host)

