"""Manager: owns a Vulkan device and everything made on it (Kompute's ``kp::Manager``)."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..errors import DestroyedError, KpTypeError, KpValueError, ValidationError
from ..hal import (
    ALL_STAGES,
    LAYOUT_GENERAL,
    MEMORY_READ,
    MEMORY_WRITE,
    TRANSFER_WRITE,
    Buffer,
    CommandBuffer,
    CommandPool,
    Device,
    Fence,
    MemoryKind,
    get_instance,
)
from .algorithm import Algorithm
from .memory import Image, Memory, Tensor, fill
from .sequence import Sequence as KpSequence
from .types import MemoryTypes, as_int, as_memory_type, data_type_of


class _DeviceKeeper:
    """A token for the device's lifetime: once Manager.destroy() drops its own reference, the device
    is destroyed when the last reference (a host copy's) goes."""


class Manager:
    """A Vulkan device with the tensors, images, algorithms and sequences made on it.

    ``device``: an index into :meth:`list_devices` or a name substring; None picks ``VULKIT_DEVICE``
    or the best device (a discrete GPU first, lavapipe last). ``family_queue_indices``: one queue
    family per queue to create (sequences choose among them with ``queue_index``).

    The Manager holds what it makes weakly; :meth:`destroy` (also at ``with`` exit) destroys, in order,
    the sequences, the algorithms, the tensors and images, then the device.
    """

    def __init__(self, device: int | str | None = None, family_queue_indices: Sequence[int] = (),
                 desired_extensions: Sequence[str] = ()) -> None:
        if isinstance(desired_extensions, str):
            raise KpTypeError("desired_extensions must be a list of extension names")
        try:
            made = Device(device, list(family_queue_indices), list(desired_extensions))
        except ValueError as exc:  # a device index or queue family out of range: Kompute's RuntimeError too
            raise KpValueError(str(exc)) from None
        self._setup(made, owns_device=True)

    def _setup(self, device: Device, owns_device: bool, synchronize: Callable[[], None] | None = None) -> None:
        self._device = device
        self._owns_device = owns_device
        self._synchronize_others = synchronize
        self._alive = True
        self._lock = threading.RLock()
        self._sequences: weakref.WeakSet[KpSequence] = weakref.WeakSet()
        self._algorithms: weakref.WeakSet[Algorithm] = weakref.WeakSet()
        self._memories: weakref.WeakSet[Memory] = weakref.WeakSet()
        self._upload_pool: CommandPool | None = None
        # Held by the host copies of the tensors/images (see memory.HostMirror) so that the device
        # outlives any data() array; None where the device is not this Manager's to destroy.
        self._device_keeper: _DeviceKeeper | None = _DeviceKeeper() if owns_device else None

    # -- creation -----------------------------------------------------------------------------------
    def tensor(self, data: Any, memory_type: MemoryTypes = MemoryTypes.device) -> Tensor:
        """A float32 tensor holding ``data`` (flattened)."""
        return self._register(Tensor(self, _values(data, _FLOAT32), as_memory_type(memory_type), _FLOAT32))

    def tensor_t(self, data: Any, memory_type: MemoryTypes = MemoryTypes.device) -> Tensor:
        """A tensor of the NumPy array's own dtype (bool, int8/16/32, uint8/16/32, float32/64)."""
        return self._register(Tensor(self, _values(data), as_memory_type(memory_type)))

    def image(self, data: Any, width: int, height: int, num_channels: int = 1,
              memory_type: MemoryTypes = MemoryTypes.device) -> Image:
        """A float32 image of width × height pixels of num_channels (1, 2 or 4) from ``data``."""
        return self._image(_values(data, _FLOAT32), width, height, num_channels, memory_type, _FLOAT32)

    def image_t(self, data: Any, width: int, height: int, num_channels: int = 1,
                memory_type: MemoryTypes = MemoryTypes.device) -> Image:
        """An image of the NumPy array's dtype (int8/16/32, uint8/16/32, float32)."""
        return self._image(_values(data), width, height, num_channels, memory_type)

    def _image(self, values: np.ndarray, width: int, height: int, num_channels: int, memory_type: MemoryTypes,
               dtype: np.dtype | None = None) -> Image:
        sizes = []
        for name, value in (("width", width), ("height", height), ("num_channels", num_channels)):
            size = as_int(value)
            if size is None or size <= 0:
                raise KpValueError(f"image {name} must be a positive int, got {value!r}")
            sizes.append(size)
        width, height, num_channels = sizes
        return self._register(Image(self, values, width, height, num_channels, as_memory_type(memory_type), dtype))

    def algorithm(self, tensors: Sequence[Memory] = (), spirv: bytes = b"", workgroup: Sequence[int] | None = None,
                  spec_consts: Any = None, push_consts: Any = None) -> Algorithm:
        """An algorithm running ``spirv`` over ``tensors``; with no arguments, an empty one (for OpMult)."""
        self._require_alive()
        algorithm = Algorithm(self, self._own_memories(tensors, "algorithm"), spirv, workgroup, spec_consts,
                              push_consts)
        with self._lock:
            self._algorithms.add(algorithm)
        return algorithm

    def sequence(self, queue_index: int = 0, total_timestamps: int = 0) -> KpSequence:
        """A sequence on queue ``queue_index`` (of those made from ``family_queue_indices``)."""
        self._require_alive()
        sequence = KpSequence(self, queue_index, total_timestamps)
        with self._lock:
            self._sequences.add(sequence)
        return sequence

    # -- devices ------------------------------------------------------------------------------------
    def list_devices(self) -> list[dict[str, Any]]:
        """Every Vulkan device on the machine, as dicts (``device_name``, ``device_type``, ...)."""
        return [device.describe() for device in get_instance().physical_devices]

    def get_device_properties(self) -> dict[str, Any]:
        """This Manager's device, as a dict (``device_name``, limits, features, memory, ...)."""
        self._require_alive()
        properties = self._device.physical.describe()
        properties["max_work_group_count"] = properties["limits"]["max_compute_workgroup_count"]
        properties["max_work_group_invocations"] = properties["limits"]["max_compute_workgroup_invocations"]
        properties["max_work_group_size"] = properties["limits"]["max_compute_workgroup_size"]
        properties["timestamps_supported"] = properties["features"]["timestamps"]
        return properties

    @property
    def device(self) -> Device:
        """The hal device (for code that mixes kp with vulkit.hal)."""
        self._require_alive()
        return self._device

    # -- lifetime -----------------------------------------------------------------------------------
    @classmethod
    def sharing(cls, device: Device, synchronize: Callable[[], None] | None = None) -> Manager:
        """A Manager on an existing hal Device that it does not own (``vulkit.device.kp_manager()``:
        the device of vulkit's arrays, so that ``vt.asarray(tensor)`` needs no copy). Its
        :meth:`destroy` destroys what it made and leaves the device alive. ``synchronize`` waits for
        the device's other users (the arrays' stream) before a tensor is destroyed."""
        manager = cls.__new__(cls)
        manager._setup(device, owns_device=False, synchronize=synchronize)
        return manager

    def is_alive(self) -> bool:
        return self._alive and self._device.alive

    def destroy(self) -> None:
        """Destroy sequences, algorithms, tensors/images, then the device if it owns it (idempotent).

        Arrays from ``data()`` that are still alive keep their host memory, and the device, until
        they are garbage-collected."""
        with self._lock:
            if not self.is_alive():
                self._alive = False
                return
            self._device.wait_idle()
            for group in (self._sequences, self._algorithms, self._memories):
                for item in list(group):
                    item.destroy()
            if self._upload_pool is not None:
                self._upload_pool.destroy()
                self._upload_pool = None
            self._alive = False
            if self._owns_device:
                # Destroys the device now, or once the last data() array (holding the keeper) is gone.
                weakref.finalize(self._device_keeper, self._device.destroy)
                self._device_keeper = None

    def __enter__(self) -> Manager:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()

    def __repr__(self) -> str:
        state = "" if self.is_alive() else " (destroyed)"
        return f"<kp.Manager {self._device.physical.name}{state}>"

    # -- internals ----------------------------------------------------------------------------------
    def _require_alive(self) -> None:
        if not self.is_alive():
            raise DestroyedError("this Manager was destroyed")

    def wait_for_running_sequences(self) -> None:
        """Wait until no sequence of this Manager is running on the GPU (before something they may use
        is destroyed); their ``eval_await()`` still finishes them (post_eval, timestamps)."""
        with self._lock:
            sequences = list(self._sequences)
        for sequence in sequences:  # running or not: one whose await timed out may still be on the GPU
            sequence.wait_for_gpu()
        if self._synchronize_others is not None:
            self._synchronize_others()

    def _register(self, memory: Memory) -> Any:
        with self._lock:
            self._memories.add(memory)
        return memory

    def _own_memories(self, memories: Iterable[Any], what: str) -> list[Memory]:
        """Check that ``memories`` are live tensors/images of this Manager."""
        if isinstance(memories, Memory):
            raise KpTypeError(f"{what} takes a list of tensors/images, not a single {type(memories).__name__}")
        try:
            items = list(memories)
        except TypeError:
            raise KpTypeError(f"{what} takes a list of tensors/images, got {type(memories).__name__}") from None
        for item in items:
            if not isinstance(item, Memory):
                raise KpTypeError(f"{what} takes kp tensors/images, got {type(item).__name__}")
            item.require_alive()
            if item.manager is not self:
                raise KpValueError(f"{what}: a tensor/image of another Manager was given")
        return items

    def _run_once(self, record: Any) -> None:
        """Record with ``record(command_buffer)``, submit on queue 0 and wait."""
        with self._lock:
            if self._upload_pool is None:
                self._upload_pool = CommandPool(self._device, self._device.queues[0].family)
            command_buffer = CommandBuffer(self._upload_pool)
            fence = Fence(self._device)
            try:
                command_buffer.begin(one_time=True)
                record(command_buffer)
                command_buffer.memory_barrier(ALL_STAGES, ALL_STAGES, MEMORY_WRITE, MEMORY_READ | MEMORY_WRITE)
                command_buffer.end()
                try:
                    self._device.queues[0].submit([command_buffer], fence)
                except ValidationError:
                    fence.wait()  # submitted all the same: let it finish before freeing what it uses
                    raise
                fence.wait()
            finally:
                fence.destroy()
                command_buffer.destroy()

    def _upload(self, target: Any, values: np.ndarray, dtype: np.dtype) -> None:
        """Copy ``values`` (as ``dtype``) into a buffer or image that the host cannot map (storage memory)."""
        nbytes = values.size * dtype.itemsize
        staging = Buffer(self._device, max(nbytes, 4), MemoryKind.STAGING)
        try:
            fill(staging, values, dtype)
            if isinstance(target, Buffer):
                self._run_once(lambda cb: cb.copy_buffer(staging, target, nbytes))
            else:
                self._run_once(lambda cb: cb.copy_buffer_to_image(staging, target))
        finally:
            staging.destroy()

    def _make_general(self, image: Any) -> None:
        """Move a new image to the GENERAL layout, where it stays for shaders and transfers alike."""
        self._run_once(lambda cb: cb.image_barrier(image, LAYOUT_GENERAL, ALL_STAGES, ALL_STAGES, 0,
                                                   TRANSFER_WRITE | MEMORY_READ | MEMORY_WRITE))


def _values(data: Any, dtype: np.dtype | None = None) -> np.ndarray:
    """``data`` as a NumPy array of numbers, for a tensor or image of ``dtype`` (None: the array's own); rejects
    empty data. A NumPy array of numbers is taken as it is, whatever its shape, strides and dtype: the tensor
    copies it once into its memory, converting it on the way (see memory.fill)."""
    if isinstance(data, Memory):
        raise KpTypeError("pass a NumPy array or a list, not a kp tensor (use OpCopy to copy tensors)")
    if data is None:
        raise KpTypeError("tensor data must be numbers, got None")
    if isinstance(data, np.ndarray) and data.dtype.kind in "biuf":
        array = np.asarray(data)  # a subclass (a masked array ...) as its plain data, as np.asarray(data, dtype)
    else:
        try:
            array = np.asarray(data, dtype=dtype)
        except (TypeError, ValueError) as exc:
            raise KpTypeError(f"tensor data must be numbers: {exc}") from None
    if array.size == 0:
        raise KpValueError("a tensor or image needs at least one element")
    data_type_of(array.dtype if dtype is None else dtype)
    return array


_FLOAT32 = np.dtype(np.float32)
