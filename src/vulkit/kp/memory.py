"""Tensors and images: GPU memory with a host mirror (Kompute's ``kp::Memory`` family)."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import DestroyedError, KpTypeError, KpValueError
from ..hal import TRANSFER_READ, TRANSFER_STAGE, TRANSFER_WRITE, Buffer, MemoryKind
from ..hal import Image as HalImage
from .access import Access
from .types import PRIMARY_MEMORY, DataTypes, MemoryTypes, data_type_of

if TYPE_CHECKING:
    from .manager import Manager


class HostMirror:
    """The host copy of a tensor or image: a mapped buffer that the ``data()`` arrays alias.

    The tensor/image (each such array's ``base``) holds it while it or any of those arrays lives, so the buffer
    is destroyed with the last of them. ``keeper`` (the Manager's, see
    ``Manager.destroy``) keeps the device alive for as long.
    """

    def __init__(self, buffer: Buffer, dtype: np.dtype, size: int, keeper: object | None) -> None:
        self.buffer = buffer
        self._keeper = keeper
        # The hal's view of the mapping, described for NumPy with this object as the owner.
        self.__array_interface__ = buffer.view(dtype, size).__array_interface__
        # Runs before _keeper is dropped, so the buffer is freed while its device still lives. Not at exit: the GPU
        # may still run work that uses the buffer then; the device frees it after waiting for that work.
        weakref.finalize(self, buffer.destroy).atexit = False


class Memory:
    """What tensors and images share: element type, memory type, host mirror, lifetime."""

    _kind = "memory"

    def __init__(self, manager: Manager, values: np.ndarray, memory_type: MemoryTypes, dtype: Any = None) -> None:
        self._manager_ref = weakref.ref(manager)
        self._dtype = values.dtype if dtype is None else np.dtype(dtype)
        self._data_type = data_type_of(self._dtype)
        self._memory_type = memory_type
        self._size = values.size
        self._primary: Any = None
        self._mirror: HostMirror | None = None
        # The mirror the data() arrays alias (their base is this object, as in Kompute), kept after destroy()
        # while any of them lives, so that they stay valid.
        self._shown: HostMirror | None = None
        self._live_arrays = 0
        self._destroyed = False
        self._views: weakref.WeakSet[Any] = weakref.WeakSet()
        # Whether the GPU copy holds the data: device memory gets it from OpSyncDevice (or a kernel or copy
        # that writes it); the other types hold it from the start (see Sequence._record_op).
        self.device_written = memory_type is not MemoryTypes.device

    # -- Kompute's API ----------------------------------------------------------------------------
    def data(self) -> np.ndarray:
        """The host copy as a 1-D NumPy array that aliases the mapped memory (no copy).

        For ``device`` memory it holds what the last OpSyncLocal brought back; writes to it reach
        the GPU with the next OpSyncDevice. ``storage`` memory has no host copy. The array keeps
        its memory alive: it stays valid (holding the last data) after the tensor/image or the
        Manager is destroyed or garbage-collected.
        """
        return self._host_view()

    def set_data(self, values: Any) -> None:
        """Overwrite the host copy with ``values`` (same number of elements)."""
        array = np.asarray(values)
        if array.size != self._size:
            raise KpValueError(f"set_data got {array.size} elements for a {self._kind} of {self._size}")
        try:
            np.copyto(self._host_view().reshape(array.shape), array, casting="unsafe")
        except (TypeError, ValueError) as exc:
            raise KpTypeError(f"set_data takes numbers: {exc}") from None

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
        if self._primary is not None and self._primary is not self._host:
            self._primary.destroy()
        self._mirror = None  # its buffer goes now, or with the last data() array still using it
        if not self._live_arrays:
            self._shown = None

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
    def _host(self) -> Buffer | None:
        """The host-visible buffer of the host copy (None for storage memory or once destroyed)."""
        return self._mirror.buffer if self._mirror is not None else None

    def _set_host(self, buffer: Buffer, values: np.ndarray) -> None:
        """Make ``buffer`` the host copy and write ``values`` into it."""
        self._mirror = HostMirror(buffer, self._dtype, self._size, self.manager._device_keeper)
        fill(buffer, values, self._dtype)

    @property
    def needs_staging(self) -> bool:
        """Whether syncing moves data between a staging buffer and the primary memory."""
        return self._host is not None and self._host is not self._primary

    def require_alive(self) -> None:
        if self._destroyed or not self._primary._alive:
            raise DestroyedError(f"this {self._kind} was destroyed and cannot be used")

    def _host_view(self) -> np.ndarray:
        array = np.asarray(self)
        self._live_arrays += 1
        weakref.finalize(array, _array_gone, weakref.ref(self))
        return array

    @property
    def __array_interface__(self) -> dict[str, Any]:
        """The host copy described for NumPy: ``data()`` arrays have this tensor or image as their ``base``, as
        in Kompute (``t.data().base.is_init()``)."""
        self.require_alive()
        mirror = self._mirror  # once: another thread may destroy this meanwhile
        if mirror is None:
            raise RuntimeError(f"a {self._kind} of memory type storage has no host memory to read or write")
        self._shown = mirror
        return mirror.__array_interface__

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


def fill(buffer: Buffer, values: np.ndarray, dtype: np.dtype) -> None:
    """Copy ``values`` (any shape, strides and numeric dtype) into the mapped ``buffer`` as ``dtype``, in one pass:
    the data is converted and gathered on its way into the mapping, never into a temporary array."""
    if values.dtype == dtype and values.flags.c_contiguous:
        buffer.write(values)
        return
    np.copyto(buffer.view(dtype, values.size).reshape(values.shape), values, casting="unsafe")
    buffer.flush(0, values.size * dtype.itemsize)


def _array_gone(memory_ref: weakref.ref[Memory]) -> None:
    """A data() array was collected: a destroyed tensor or image lets its host copy go with the last one."""
    memory = memory_ref()
    if memory is not None:
        memory._live_arrays -= 1
        if memory._destroyed and not memory._live_arrays:
            memory._shown = None


class Tensor(Memory):
    """A 1-D array of numbers in a GPU buffer, bound to shaders as a storage buffer."""

    _kind = "tensor"

    def __init__(self, manager: Manager, values: np.ndarray, memory_type: MemoryTypes, dtype: Any = None) -> None:
        super().__init__(manager, values, memory_type, dtype)
        device = manager.device
        nbytes = max(self.memory_size(), 4)
        self._primary = Buffer(device, nbytes, PRIMARY_MEMORY[memory_type])
        try:
            if memory_type is MemoryTypes.device:
                self._set_host(Buffer(device, nbytes, MemoryKind.STAGING), values)
            elif memory_type in (MemoryTypes.host, MemoryTypes.deviceAndHost):
                self._set_host(self._primary, values)
            else:
                manager._upload(self._primary, values, self._dtype)
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
                 memory_type: MemoryTypes, dtype: Any = None) -> None:
        if values.size != width * height * num_channels:
            raise KpValueError(
                f"image data has {values.size} elements, but {width}x{height} pixels of {num_channels} "
                f"channel(s) need {width * height * num_channels}"
            )
        super().__init__(manager, values, memory_type, dtype)
        self._width, self._height, self._channels = width, height, num_channels
        device = manager.device
        dtype_name = "uint8" if self._dtype == np.bool_ else self._dtype.name
        try:
            self._primary = HalImage(device, width, height, dtype_name, num_channels)
        except ValueError as exc:  # no storage image format for it: Kompute's RuntimeError too
            raise KpValueError(str(exc)) from None
        try:
            manager._make_general(self._primary)
            if memory_type is not MemoryTypes.storage:
                self._set_host(Buffer(device, max(self.memory_size(), 4), MemoryKind.STAGING), values)
            else:
                manager._upload(self._primary, values, self._dtype)
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

