"""Per-device runtime state (device, allocator, stream, pipeline cache), created lazily.

:func:`current` gives the :class:`DeviceContext` of the current device, creating the Vulkan device
on first use; :func:`set_current` switches devices (``vulkit.device.set_device``).
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Sequence
from typing import Any

from .. import _config
from ..hal import ComputePipeline, Device, MemoryKind, get_instance
from .allocator import CachingAllocator
from .kernels import KernelCache, PlanCache
from .stream import Stream

_lock = threading.RLock()
_contexts: dict[int, DeviceContext] = {}
_current: int | None = None
_atexit_registered = False


def direct_host_access(physical: Any) -> bool:
    """Whether array memory should be host-visible device-local memory, mapped without staging.

    True where the device shares memory with the host and such memory is (about) all of it:
    lavapipe, integrated GPUs, Apple. Not on discrete GPUs, even with resizable BAR (an H100 reports
    all 80 GB as device-local and host-visible): host reads of that memory cross PCIe uncached, so
    the staging ring (host-cached memory) is faster there, and it does not depend on the BAR size.
    """
    if physical.type == "discrete":
        return False
    heaps = physical.memory_heaps
    local = [h["size"] for h in heaps if h["device_local"]] or [0]
    largest = max(local)
    for t in physical.memory_types:
        if t.device_local and t.host_visible and heaps[t.heap]["size"] >= largest // 2:
            return True
    return False


def _wants_addresses(device: Device) -> bool:
    """Whether array kernels should reach their buffers through addresses in push constants rather than
    descriptors: VULKIT_BUFFER_ADDRESSES where set, else where the device lacks push descriptors (see
    ``vulkit._config``)."""
    wanted = _config.buffer_addresses()
    return not device.push_descriptors if wanted is None else wanted


class DeviceContext:
    """What the array layer needs of one device.

    ``index`` (physical device index), ``device`` (hal Device), ``allocator`` (CachingAllocator),
    ``stream`` (Stream), ``properties`` (dict, see ``vulkit.device.get_device_properties``),
    ``dtypes`` (names of the supported element types), ``on_cpu`` (a CPU device), ``buffer_addresses`` (kernels
    may take buffer addresses), ``kernels`` (compiled kernels by spec) and ``plans`` (operations' plans by key), and
    :meth:`pipeline`.
    """

    def __init__(self, index: int) -> None:
        instance = get_instance()
        physical = instance.physical_devices[index]
        self.index = index
        self.device = Device(physical)
        self.direct_host_access = direct_host_access(physical)
        kind = MemoryKind.DEVICE_HOST if self.direct_host_access else MemoryKind.DEVICE
        self.stream = Stream(self.device)
        self.allocator = CachingAllocator(self.device, kind, clock=self.stream)
        self.properties = physical.describe()
        self.dtypes: tuple[str, ...] = tuple(physical.dtypes)
        # a CPU device (lavapipe): few workgroups at a time, each barrier and long loop costly, where kernels and
        # plans take other shapes than on a GPU
        self.on_cpu = physical.type == "cpu"
        self._pipelines: dict[Any, ComputePipeline] = {}
        # What the layers above derive from this device; it goes with the context, so nothing made for a
        # destroyed device is found again.
        self.kernels = KernelCache(self)
        self.plans = PlanCache()
        self._max_push = physical.max_push_descriptors if self.device.push_descriptors else 0
        # The most workgroups of a kernel's grid: the device's limit, kept where workgroups times a kernel's items
        # per workgroup (at most 2048) stay below 2^32
        self.max_groups = min(int(self.device.limits["max_compute_workgroup_count"][0]), 1 << 20)
        device = self.device
        self.buffer_addresses = bool(device.features.get("buffer_device_address")) and _wants_addresses(device)
        self._set_binding_limit()

    def _set_binding_limit(self) -> None:
        """``binding_limit``: the most bytes an array kernel's allocation may have for a descriptor to bind
        it (maxStorageBufferRange: 128 MiB on lavapipe and some Intel GPUs); beyond, kernels take addresses."""
        self.binding_limit = 1 << 62 if self.buffer_addresses else int(self.device.limits["max_storage_buffer_range"])

    def set_buffer_addresses(self, enabled: bool) -> None:
        """Switch array kernels between buffer addresses and push descriptors (as VULKIT_BUFFER_ADDRESSES
        does at start); what the layers above cached for the other way is dropped."""
        if enabled and not self.device.features.get("buffer_device_address"):
            raise ValueError(f"{self.device.physical.name} has no buffer device addresses")
        if enabled != self.buffer_addresses:
            self.buffer_addresses = enabled
            self.plans.clear()
            self._set_binding_limit()

    def pipeline(self, key: Any, spirv: bytes, bindings: int | Sequence[tuple[int, str]],
                 push_constant_size: int = 0, specialization: Sequence[tuple[int, bytes]] = ()) -> ComputePipeline:
        """The compute pipeline cached under ``key``, created from the other arguments on first use.

        ``bindings``: a count of storage buffers (bindings 0..n-1) or (binding, kind) pairs.
        Pipelines bind through push descriptors where the device has them.
        """
        found = self._pipelines.get(key)
        if found is not None:
            return found
        with self.stream.lock:  # two threads must not both make (and one leak) the same pipeline
            return self._make_pipeline(key, spirv, bindings, push_constant_size, specialization)

    def _make_pipeline(self, key: Any, spirv: bytes, bindings: int | Sequence[tuple[int, str]],
                       push_constant_size: int, specialization: Sequence[tuple[int, bytes]]) -> ComputePipeline:
        found = self._pipelines.get(key)
        if found is not None:
            return found
        if isinstance(bindings, int):
            bindings = [(i, "storage_buffer") for i in range(bindings)]
        bindings = tuple(bindings)
        push = 0 < len(bindings) <= self._max_push
        made = ComputePipeline(self.device, spirv, bindings, push_constant_size, specialization,
                               push_descriptor=push)
        self._pipelines[key] = made
        return made

    def synchronize(self) -> None:
        """Finish the GPU work; the memory it held is then free for reuse (and counted so)."""
        self.stream.synchronize()
        self.allocator.release_finished()

    def destroy(self) -> None:
        """Finish the GPU work and destroy the stream, the allocator's blocks, pipelines and device."""
        try:
            self.stream.close()
        finally:
            self.allocator.close()
            for pipeline in self._pipelines.values():
                pipeline.destroy()
            self._pipelines.clear()
            self.plans.clear()
            self.device.destroy()

    def __repr__(self) -> str:
        return f"<DeviceContext {self.index}: {self.device.physical.name}>"


def device_count() -> int:
    """Number of Vulkan devices (0 when there is no Vulkan loader or driver)."""
    from ..errors import NoDeviceError, VulkanError

    try:
        return len(get_instance().physical_devices)
    except (NoDeviceError, VulkanError):
        return 0


def default_index() -> int:
    """The device used before any set_device: VULKIT_DEVICE, else the best one."""
    return get_instance().select(None).index


def current_index() -> int:
    """The index of the current device (choosing the default one if none was set)."""
    global _current
    if _current is None:
        with _lock:
            if _current is None:
                _current = default_index()
    return _current


def set_current(index: int | None) -> None:
    """Make device ``index`` current (it is created when first used); None: back to the default."""
    global _current
    _current = index


def current() -> DeviceContext:
    """The context of the current device, created on first use."""
    index = _current if _current is not None else current_index()
    context = _contexts.get(index)
    if context is None:
        context = get(index)
    return context


def get(index: int) -> DeviceContext:
    """The context of device ``index``, created on first use."""
    global _atexit_registered
    context = _contexts.get(index)
    if context is not None:
        return context
    with _lock:
        context = _contexts.get(index)
        if context is None:
            context = DeviceContext(index)
            _contexts[index] = context
            if not _atexit_registered:
                atexit.register(shutdown)
                _atexit_registered = True
    return context


def existing(index: int | None = None) -> list[DeviceContext]:
    """Contexts already created (of device ``index`` only, when given); creates nothing."""
    if index is None:
        return list(_contexts.values())
    context = _contexts.get(index)
    return [context] if context is not None else []


def shutdown() -> None:
    """Destroy every context (at exit, or in tests); the next use creates them again.

    Arrays made before raise when used afterwards; host views of their memory (NumPy arrays from
    ``__dlpack__`` of host-visible memory) must not be read afterwards: the memory is gone.
    """
    with _lock:
        contexts = list(_contexts.values())
        _contexts.clear()
    for context in contexts:
        try:
            context.destroy()
        except Exception:  # noqa: BLE001 - keep tearing the others down
            pass
