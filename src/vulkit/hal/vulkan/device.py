"""The logical device: queues, enabled features, memory-type choice, the pipeline cache."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

from ... import _config
from ...errors import DestroyedError
from . import _enums as vk
from ._check import check
from ._ffi import Chain, FunctionTable, ffi
from .instance import Instance, get_instance, make_version
from .physical_device import _V12, _V13, MemoryType, PhysicalDevice
from .resource import ResourceTracker

# extensions vulkit turns on by itself, and the header version (1.4.x) from which the validation layer knows them:
# with an older layer they stay off while validating (the layer would call every use of them an error)
_LAYER_KNOWS = {"VK_KHR_shader_bfloat16": make_version(1, 4, 312)}


class Queue:
    """A VkQueue; submissions are serialised with a lock (Vulkan requires external synchronisation)."""

    def __init__(self, device: Device, family: int, index: int, handle: Any, lock: threading.Lock) -> None:
        self.device = device
        self.family = family
        self.index = index
        self.handle = handle
        self.lock = lock
        self.timestamp_valid_bits = device.physical.queue_families[family].timestamp_valid_bits

    def submit(self, command_buffers: Sequence[Any], fence: Any = None,
               wait: Sequence[tuple[Any, int]] = (), signal: Sequence[tuple[Any, int]] = ()) -> None:
        """Submit command buffers; ``wait``/``signal`` are (timeline semaphore, value) pairs."""
        handles = ffi.new("VkCommandBuffer[]", [cb.handle for cb in command_buffers])
        info = ffi.new("VkSubmitInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SUBMIT_INFO,
            "commandBufferCount": len(command_buffers),
            "pCommandBuffers": handles,
        })
        keep = []
        if wait or signal:
            wait_handles = ffi.new("VkSemaphore[]", [s.handle for s, _ in wait])
            wait_values = ffi.new("uint64_t[]", [v for _, v in wait])
            stages = ffi.new("VkPipelineStageFlags[]", [vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT] * len(wait))
            signal_handles = ffi.new("VkSemaphore[]", [s.handle for s, _ in signal])
            signal_values = ffi.new("uint64_t[]", [v for _, v in signal])
            timeline = ffi.new("VkTimelineSemaphoreSubmitInfo*", {
                "sType": vk.VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
                "waitSemaphoreValueCount": len(wait),
                "pWaitSemaphoreValues": wait_values,
                "signalSemaphoreValueCount": len(signal),
                "pSignalSemaphoreValues": signal_values,
            })
            keep = [wait_handles, wait_values, stages, signal_handles, signal_values, timeline]
            info.pNext = timeline
            info.waitSemaphoreCount = len(wait)
            info.pWaitSemaphores = wait_handles
            info.pWaitDstStageMask = stages
            info.signalSemaphoreCount = len(signal)
            info.pSignalSemaphores = signal_handles
        self._submit(info, fence.handle if fence is not None else ffi.NULL)
        del keep

    def _submit(self, info: Any, fence_handle: Any) -> None:
        """vkQueueSubmit of one VkSubmitInfo under the queue's lock, then its result and the validation layers'
        messages checked."""
        device = self.device
        device.require_alive()
        with self.lock:
            result = device.fn.vkQueueSubmit(self.handle, 1, info, fence_handle)
        check(result, "vkQueueSubmit")
        device.instance.raise_validation_errors()

    def prepare(self, command_buffers: Sequence[Any]) -> Any:
        """A reusable submit description of ``command_buffers`` for :meth:`submit_prepared`."""
        handles = ffi.new("VkCommandBuffer[]", [cb.handle for cb in command_buffers])
        info = ffi.new("VkSubmitInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SUBMIT_INFO,
            "commandBufferCount": len(command_buffers),
            "pCommandBuffers": handles,
        })
        return (info, handles)

    def submit_prepared(self, prepared: Any, fence: Any) -> None:
        """Submit what :meth:`prepare` described (no per-call allocation), signalling ``fence``."""
        self._submit(prepared[0], fence.handle)

    def prepare_signal(self, command_buffers: Sequence[Any], semaphore: Any) -> Any:
        """A reusable submit description of ``command_buffers`` signalling the timeline ``semaphore``, for
        :meth:`submit_signalling` (a stream's every submission: building the structures each time cost 5 µs)."""
        info, handles = self.prepare(command_buffers)
        semaphores = ffi.new("VkSemaphore[1]", [semaphore.handle])
        values = ffi.new("uint64_t[1]")
        timeline = ffi.new("VkTimelineSemaphoreSubmitInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
            "signalSemaphoreValueCount": 1,
            "pSignalSemaphoreValues": values,
        })
        info.pNext = timeline
        info.signalSemaphoreCount = 1
        info.pSignalSemaphores = semaphores
        return (info, handles, semaphores, values, timeline)

    def submit_signalling(self, prepared: Any, value: int) -> None:
        """Submit what :meth:`prepare_signal` described, signalling its semaphore's ``value``."""
        prepared[3][0] = value
        self._submit(prepared[0], ffi.NULL)

    def wait_idle(self) -> None:
        with self.lock:
            check(self.device.fn.vkQueueWaitIdle(self.handle), "vkQueueWaitIdle")


class Device:
    """A VkDevice with its queues; owns (and on :meth:`destroy`, destroys) everything made on it.

    ``queue_families`` lists one queue family index per queue wanted (Kompute's
    ``family_queue_indices``); the same family listed twice gives two queues of it where the family has
    two, else the same queue twice. Default: one queue of the first compute-capable family.
    """

    def __init__(self, physical: PhysicalDevice | int | str | None = None,
                 queue_families: Sequence[int] = (), extensions: Sequence[str] = (),
                 instance: Instance | None = None) -> None:
        self.instance = instance or get_instance()
        if not isinstance(physical, PhysicalDevice):
            physical = self.instance.select(physical)
        self.physical = physical
        self.handle = ffi.NULL
        self._resources = ResourceTracker()
        families = list(queue_families) or [physical.compute_family]
        for family in families:
            if isinstance(family, bool) or not isinstance(family, int):
                raise TypeError(f"queue family indices must be ints, got {family!r}")
            if not 0 <= family < len(physical.queue_families):
                raise ValueError(
                    f"queue family {family} does not exist on {physical.name} "
                    f"(it has {len(physical.queue_families)} families)"
                )
            if not (physical.queue_families[family].compute or physical.queue_families[family].transfer):
                raise ValueError(f"queue family {family} of {physical.name} supports neither compute nor transfer")
        self.extensions = self._choose_extensions(extensions)
        self.features = self._enabled_features()
        queue_slots = self._assign_queues(families)
        self._create(queue_slots)
        self.fn = FunctionTable(self.instance.fn.vkGetDeviceProcAddr, self.handle)
        self.queues = self._get_queues(families, queue_slots)
        self.push_descriptors = "VK_KHR_push_descriptor" in self.extensions
        self.timeline_semaphores = self.features.get("timeline_semaphore", False)
        self.limits = physical.limits
        self.instance.register_device(self)
        self._load_pipeline_cache()

    # -- creation ---------------------------------------------------------------------------------
    def _choose_extensions(self, wanted: Sequence[str]) -> list[str]:
        available = self.physical.extensions
        missing = [name for name in wanted if name not in available]
        if missing:
            raise ValueError(f"{self.physical.name} does not support the extension(s) {', '.join(missing)}")
        chosen = list(dict.fromkeys(wanted))
        layer = self.instance.validation_layer_version
        for name in ("VK_KHR_push_descriptor", "VK_KHR_cooperative_matrix", "VK_KHR_shader_bfloat16"):
            if name in available and name not in chosen and not 0 < layer < _LAYER_KNOWS.get(name, 0):
                chosen.append(name)
        if "VK_KHR_portability_subset" in available and "VK_KHR_portability_subset" not in chosen:
            chosen.append("VK_KHR_portability_subset")
        return chosen

    def _enabled_features(self) -> dict[str, bool]:
        features = dict(self.physical.features)
        if "VK_KHR_cooperative_matrix" not in self.extensions:
            features["cooperative_matrix"] = False
        if "VK_KHR_shader_bfloat16" not in self.extensions or not features["cooperative_matrix"]:
            features["bfloat16_cooperative_matrix"] = False
        return features

    def _assign_queues(self, families: list[int]) -> dict[int, int]:
        """How many queues to create in each family."""
        slots: dict[int, int] = {}
        for family in families:
            slots[family] = min(slots.get(family, 0) + 1, self.physical.queue_families[family].count)
        return slots

    def _create(self, queue_slots: dict[int, int]) -> None:
        f = self.features
        api = self.physical.api_version
        priorities = ffi.new("float[]", [1.0] * max(queue_slots.values()))
        queue_infos = ffi.new("VkDeviceQueueCreateInfo[]", [
            {
                "sType": vk.VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                "queueFamilyIndex": family,
                "queueCount": count,
                "pQueuePriorities": priorities,
            }
            for family, count in queue_slots.items()
        ])
        chain = Chain("VkPhysicalDeviceFeatures2", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
        chain.head.features.shaderFloat64 = f["float64"]
        chain.head.features.shaderInt64 = f["int64"]
        chain.head.features.shaderInt16 = f["int16"]
        chain.head.features.shaderStorageImageExtendedFormats = f["storage_image_extended_formats"]
        chain.head.features.shaderStorageImageReadWithoutFormat = f["storage_image_read_without_format"]
        chain.head.features.shaderStorageImageWriteWithoutFormat = f["storage_image_write_without_format"]
        if api >= _V12:
            f11 = chain.add("VkPhysicalDeviceVulkan11Features",
                            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES)
            f11.storageBuffer16BitAccess = f["storage_buffer_16bit"]
            f12 = chain.add("VkPhysicalDeviceVulkan12Features",
                            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES)
            f12.shaderFloat16 = f["float16"]
            f12.shaderInt8 = f["int8"]
            f12.storageBuffer8BitAccess = f["storage_buffer_8bit"]
            f12.bufferDeviceAddress = f["buffer_device_address"]
            f12.timelineSemaphore = f["timeline_semaphore"]
            f12.hostQueryReset = f["host_query_reset"]
            f12.vulkanMemoryModel = f["vulkan_memory_model"]
            # atomics of the default (device) scope under the memory model need it (validation says so)
            f12.vulkanMemoryModelDeviceScope = f["vulkan_memory_model_device_scope"]
            f12.shaderBufferInt64Atomics = f["shader_int64_atomics"]
        if api >= _V13:
            f13 = chain.add("VkPhysicalDeviceVulkan13Features",
                            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES)
            f13.subgroupSizeControl = f["subgroup_size_control"]
            f13.computeFullSubgroups = f["compute_full_subgroups"]
            f13.maintenance4 = f["maintenance4"]
        if f["cooperative_matrix"]:
            coop = chain.add("VkPhysicalDeviceCooperativeMatrixFeaturesKHR",
                             vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR)
            coop.cooperativeMatrix = 1
        if f["bfloat16_cooperative_matrix"]:
            bf16 = chain.add("VkPhysicalDeviceShaderBfloat16FeaturesKHR",
                             vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR)
            bf16.shaderBFloat16Type = 1
            bf16.shaderBFloat16CooperativeMatrix = 1
        names = [ffi.new("char[]", name.encode()) for name in self.extensions]
        name_array = ffi.new("char*[]", names)
        info = ffi.new("VkDeviceCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
            "pNext": chain.head,
            "queueCreateInfoCount": len(queue_slots),
            "pQueueCreateInfos": queue_infos,
            "enabledExtensionCount": len(names),
            "ppEnabledExtensionNames": name_array,
        })
        out = ffi.new("VkDevice*")
        check(self.instance.fn.vkCreateDevice(self.physical.handle, info, ffi.NULL, out), "vkCreateDevice")
        self.handle = out[0]

    def _get_queues(self, families: list[int], slots: dict[int, int]) -> list[Queue]:
        queues: list[Queue] = []
        made: dict[tuple[int, int], Queue] = {}
        used: dict[int, int] = {}
        for family in families:
            index = used.get(family, 0) % slots[family]
            used[family] = used.get(family, 0) + 1
            key = (family, index)
            if key not in made:
                out = ffi.new("VkQueue*")
                self.fn.vkGetDeviceQueue(self.handle, family, index, out)
                made[key] = Queue(self, family, index, out[0], threading.Lock())
            queues.append(made[key])
        return queues

    # -- memory types -----------------------------------------------------------------------------
    def memory_type(self, type_bits: int, *, device_local: bool | None = None, host_visible: bool = False,
                    host_cached: bool | None = None) -> MemoryType:
        """The best memory type among ``type_bits`` with the properties asked for.

        ``device_local``/``host_cached``: True requires, False avoids where possible, None prefers
        True. ``host_visible`` True requires host-visible (and coherent when one exists).
        """
        candidates = [t for t in self.physical.memory_types if type_bits & (1 << t.index)]
        if host_visible:
            candidates = [t for t in candidates if t.host_visible]
        if device_local is True:
            candidates = [t for t in candidates if t.device_local]
        if not candidates:
            raise ValueError("no memory type with the requested properties on " + self.physical.name)

        def score(t: MemoryType) -> tuple[int, ...]:
            local = t.device_local if device_local is not False else not t.device_local
            cached = t.host_cached if host_cached is not False else not t.host_cached
            return (-int(local), -int(t.host_coherent if host_visible else True), -int(cached), t.index)

        return min(candidates, key=score)

    # -- pipeline cache ---------------------------------------------------------------------------
    def _pipeline_cache_path(self) -> str:
        p = self.physical
        return str(_config.cache_dir() / "pipelines" / f"{p.vendor_id:04x}-{p.device_id:04x}-{p.uuid}.bin")

    def _load_pipeline_cache(self) -> None:
        data = b""
        try:
            with open(self._pipeline_cache_path(), "rb") as f:
                data = f.read()
        except OSError:
            pass
        blob = ffi.from_buffer(data) if data else ffi.NULL
        info = ffi.new("VkPipelineCacheCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
            "initialDataSize": len(data),
            "pInitialData": blob,
        })
        out = ffi.new("VkPipelineCache*")
        result = self.fn.vkCreatePipelineCache(self.handle, info, ffi.NULL, out)
        if result < 0 and data:
            info.initialDataSize = 0
            info.pInitialData = ffi.NULL
            result = self.fn.vkCreatePipelineCache(self.handle, info, ffi.NULL, out)
        check(result, "vkCreatePipelineCache")
        self.pipeline_cache = out[0]
        self._pipeline_cache_dirty = False

    def save_pipeline_cache(self) -> None:
        """Write the pipeline cache to disk (done at destroy); errors writing it are ignored."""
        if self.pipeline_cache == ffi.NULL or not self._pipeline_cache_dirty:
            return
        size = ffi.new("size_t*")
        if self.fn.vkGetPipelineCacheData(self.handle, self.pipeline_cache, size, ffi.NULL) < 0:
            return
        data = ffi.new("char[]", size[0])
        if self.fn.vkGetPipelineCacheData(self.handle, self.pipeline_cache, size, data) < 0:
            return
        path = self._pipeline_cache_path()
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                f.write(ffi.buffer(data, size[0]))
            os.replace(tmp, path)
        except OSError:
            pass

    # -- lifetime ---------------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.handle != ffi.NULL

    def require_alive(self) -> None:
        if self.handle == ffi.NULL:
            raise DestroyedError("the device was destroyed")

    def _track(self, resource: Any) -> None:
        self.require_alive()
        self._resources.add(resource)

    def wait_idle(self) -> None:
        """Block until the device has finished all submitted work."""
        self.require_alive()
        # NOTE: a queue listed twice (one family asked for more queues than it has) is locked once.
        queues = list({id(queue): queue for queue in self.queues}.values())
        for queue in queues:
            queue.lock.acquire()
        try:
            check(self.fn.vkDeviceWaitIdle(self.handle), "vkDeviceWaitIdle")
        finally:
            for queue in queues:
                queue.lock.release()

    def destroy(self) -> None:
        """Wait for the GPU, destroy every object made on this device, then the device (idempotent)."""
        if self.handle == ffi.NULL:
            return
        try:
            self.fn.vkDeviceWaitIdle(self.handle)
        finally:
            self._resources.destroy_all()
            self.save_pipeline_cache()
            self.fn.vkDestroyPipelineCache(self.handle, self.pipeline_cache, ffi.NULL)
            self.pipeline_cache = ffi.NULL
            self.fn.vkDestroyDevice(self.handle, ffi.NULL)
            self.handle = ffi.NULL

    def __repr__(self) -> str:
        state = "" if self.alive else " (destroyed)"
        return f"<Device {self.physical.name}{state}>"
