"""What a physical device is and can do: properties, limits, features, memory, queues."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from . import _enums as vk
from ._check import check
from ._ffi import Chain, decode, ffi

DEVICE_TYPES = {0: "other", 1: "integrated", 2: "discrete", 3: "virtual", 4: "cpu"}
_TYPE_RANK = {"discrete": 0, "integrated": 1, "virtual": 2, "cpu": 3, "other": 4}
_COMPONENT_TYPES = {
    vk.VK_COMPONENT_TYPE_FLOAT16_KHR: "float16",
    vk.VK_COMPONENT_TYPE_FLOAT32_KHR: "float32",
    vk.VK_COMPONENT_TYPE_FLOAT64_KHR: "float64",
    vk.VK_COMPONENT_TYPE_SINT8_KHR: "int8",
    vk.VK_COMPONENT_TYPE_SINT16_KHR: "int16",
    vk.VK_COMPONENT_TYPE_SINT32_KHR: "int32",
    vk.VK_COMPONENT_TYPE_SINT64_KHR: "int64",
    vk.VK_COMPONENT_TYPE_UINT8_KHR: "uint8",
    vk.VK_COMPONENT_TYPE_UINT16_KHR: "uint16",
    vk.VK_COMPONENT_TYPE_UINT32_KHR: "uint32",
    vk.VK_COMPONENT_TYPE_UINT64_KHR: "uint64",
    vk.VK_COMPONENT_TYPE_BFLOAT16_KHR: "bfloat16",
}


@dataclass(frozen=True)
class MemoryType:
    index: int
    heap: int
    device_local: bool
    host_visible: bool
    host_coherent: bool
    host_cached: bool


@dataclass(frozen=True)
class QueueFamily:
    index: int
    count: int
    graphics: bool
    compute: bool
    transfer: bool
    timestamp_valid_bits: int


@dataclass(frozen=True)
class CoopMatShape:
    """One cooperative-matrix configuration: A (M×K) · B (K×N) + C → result (M×N)."""

    m: int
    n: int
    k: int
    a: str
    b: str
    c: str
    result: str


def _float_controls(v12: Any) -> dict[str, tuple[int, ...]]:
    """The float widths whose subnormals (``denorm_preserve``) and signed zeros, infinities and NaNs
    (``signed_zero_inf_nan_preserve``) a shader may ask the device to keep: widths whose default may
    not be changed alone (denormBehaviorIndependence) are left out. Empty before Vulkan 1.2."""
    if v12 is None:
        return {"denorm_preserve": (), "signed_zero_inf_nan_preserve": ()}
    denorm = {w for w in (16, 32, 64) if getattr(v12, f"shaderDenormPreserveFloat{w}")}
    independence = v12.denormBehaviorIndependence
    if independence == vk.VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_32_BIT_ONLY and not {16, 64} <= denorm:
        denorm -= {16, 64}
    elif independence == vk.VK_SHADER_FLOAT_CONTROLS_INDEPENDENCE_NONE and len(denorm) < 3:
        denorm = set()
    keep = tuple(w for w in (16, 32, 64) if getattr(v12, f"shaderSignedZeroInfNanPreserveFloat{w}"))
    return {"denorm_preserve": tuple(sorted(denorm)), "signed_zero_inf_nan_preserve": keep}


class PhysicalDevice:
    """A Vulkan physical device and everything vulkit needs to know about it (read once, cached)."""

    def __init__(self, instance: Any, handle: Any, index: int) -> None:
        self.instance = instance
        self.handle = handle
        self.index = index
        fn = instance.fn
        props = ffi.new("VkPhysicalDeviceProperties2*", {"sType": vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2})
        fn.vkGetPhysicalDeviceProperties2(handle, props)
        base = props.properties
        self.name = decode(base.deviceName)
        self.type = DEVICE_TYPES.get(base.deviceType, "other")
        self.vendor_id = base.vendorID
        self.device_id = base.deviceID
        self.driver_version = base.driverVersion
        self.device_api_version = base.apiVersion
        self.api_version = min(base.apiVersion, instance.api_version)
        self.uuid = bytes(ffi.buffer(base.pipelineCacheUUID, 16)).hex()
        limits = base.limits
        self.limits = {
            "max_compute_workgroup_count": tuple(limits.maxComputeWorkGroupCount),
            "max_compute_workgroup_size": tuple(limits.maxComputeWorkGroupSize),
            "max_compute_workgroup_invocations": limits.maxComputeWorkGroupInvocations,
            "max_compute_shared_memory_size": limits.maxComputeSharedMemorySize,
            "max_push_constants_size": limits.maxPushConstantsSize,
            "max_storage_buffer_range": limits.maxStorageBufferRange,
            "max_bound_descriptor_sets": limits.maxBoundDescriptorSets,
            "max_memory_allocation_count": limits.maxMemoryAllocationCount,
            "min_storage_buffer_offset_alignment": limits.minStorageBufferOffsetAlignment,
            "non_coherent_atom_size": limits.nonCoherentAtomSize,
            "timestamp_period_ns": limits.timestampPeriod,
            "timestamp_compute_and_graphics": bool(limits.timestampComputeAndGraphics),
        }
        self._read_extended_properties()

    # -- properties -------------------------------------------------------------------------------
    def _read_extended_properties(self) -> None:
        fn = self.instance.fn
        chain = Chain("VkPhysicalDeviceProperties2", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2)
        subgroup = chain.add("VkPhysicalDeviceSubgroupProperties",
                             vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES)
        v11 = v12 = None
        if self.api_version >= _V12:
            v12 = chain.add("VkPhysicalDeviceVulkan12Properties",
                            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES)
            v11 = chain.add("VkPhysicalDeviceVulkan11Properties",
                            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES)
        size_control = v13 = None
        if self.api_version >= _V13:
            size_control = chain.add("VkPhysicalDeviceSubgroupSizeControlProperties",
                                     vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES)
            v13 = chain.add("VkPhysicalDeviceVulkan13Properties",
                            vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES)
        push = None
        if "VK_KHR_push_descriptor" in self.extensions:
            push = chain.add("VkPhysicalDevicePushDescriptorPropertiesKHR",
                             vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR)
        fn.vkGetPhysicalDeviceProperties2(self.handle, chain.head)
        self.subgroup_size = subgroup.subgroupSize
        self.subgroup_operations = subgroup.supportedOperations
        self.min_subgroup_size = size_control.minSubgroupSize if size_control else self.subgroup_size
        self.max_subgroup_size = size_control.maxSubgroupSize if size_control else self.subgroup_size
        # the subgroup size where every subgroup has it (kernels that hold rows a lane need it), else 0
        fixed = self.min_subgroup_size == self.max_subgroup_size == self.subgroup_size
        self.fixed_subgroup_size = self.subgroup_size if fixed else 0
        self.driver_name = decode(v12.driverName) if v12 else ""
        self.driver_info = decode(v12.driverInfo) if v12 else ""
        self.float_controls = _float_controls(v12)
        self.max_push_descriptors = push.maxPushDescriptors if push else 0
        # 0: not reported (before Vulkan 1.2 / 1.3); allocations are then checked by the driver alone.
        self.limits["max_memory_allocation_size"] = v11.maxMemoryAllocationSize if v11 else 0
        self.limits["max_buffer_size"] = v13.maxBufferSize if v13 else 0

    @property
    def type_rank(self) -> int:
        return _TYPE_RANK[self.type]

    @cached_property
    def extensions(self) -> frozenset[str]:
        """Names of the device extensions the driver offers."""
        fn = self.instance.fn
        count = ffi.new("uint32_t*")
        call = "vkEnumerateDeviceExtensionProperties"
        check(fn.vkEnumerateDeviceExtensionProperties(self.handle, ffi.NULL, count, ffi.NULL), call)
        props = ffi.new("VkExtensionProperties[]", count[0])
        check(fn.vkEnumerateDeviceExtensionProperties(self.handle, ffi.NULL, count, props), call)
        return frozenset(decode(props[i].extensionName) for i in range(count[0]))

    @cached_property
    def memory_types(self) -> tuple[MemoryType, ...]:
        """The memory types, in the driver's order."""
        return self._memory[0]

    @cached_property
    def memory_heaps(self) -> tuple[dict[str, Any], ...]:
        """Each heap's size in bytes and whether it is device-local."""
        return self._memory[1]

    @cached_property
    def _memory(self) -> tuple[tuple[MemoryType, ...], tuple[dict[str, Any], ...]]:
        props = ffi.new("VkPhysicalDeviceMemoryProperties*")
        self.instance.fn.vkGetPhysicalDeviceMemoryProperties(self.handle, props)
        types = []
        for i in range(props.memoryTypeCount):
            flags = props.memoryTypes[i].propertyFlags
            types.append(MemoryType(
                index=i,
                heap=props.memoryTypes[i].heapIndex,
                device_local=bool(flags & vk.VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
                host_visible=bool(flags & vk.VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT),
                host_coherent=bool(flags & vk.VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
                host_cached=bool(flags & vk.VK_MEMORY_PROPERTY_HOST_CACHED_BIT),
            ))
        heaps = tuple(
            {
                "size": props.memoryHeaps[i].size,
                "device_local": bool(props.memoryHeaps[i].flags & vk.VK_MEMORY_HEAP_DEVICE_LOCAL_BIT),
            }
            for i in range(props.memoryHeapCount)
        )
        return tuple(types), heaps

    @property
    def total_memory(self) -> int:
        """Bytes in the device-local heaps (all heaps where none is device-local)."""
        local = [h["size"] for h in self.memory_heaps if h["device_local"]]
        return sum(local) if local else sum(h["size"] for h in self.memory_heaps)

    @property
    def unified_memory(self) -> bool:
        """Whether the host reads device-local memory at memory speed (integrated GPUs, Apple, lavapipe).

        A discrete GPU's host-visible VRAM (resizable BAR) does not count: host reads of it cross the
        bus uncached, so arrays there are still read back through staging buffers.
        """
        shared = [t for t in self.memory_types if t.device_local and t.host_visible]
        return any(t.host_cached for t in shared) or (bool(shared) and self.type in ("integrated", "cpu"))

    @cached_property
    def queue_families(self) -> tuple[QueueFamily, ...]:
        fn = self.instance.fn
        count = ffi.new("uint32_t*")
        fn.vkGetPhysicalDeviceQueueFamilyProperties(self.handle, count, ffi.NULL)
        props = ffi.new("VkQueueFamilyProperties[]", count[0])
        fn.vkGetPhysicalDeviceQueueFamilyProperties(self.handle, count, props)
        return tuple(
            QueueFamily(
                index=i,
                count=props[i].queueCount,
                graphics=bool(props[i].queueFlags & vk.VK_QUEUE_GRAPHICS_BIT),
                compute=bool(props[i].queueFlags & vk.VK_QUEUE_COMPUTE_BIT),
                transfer=bool(props[i].queueFlags & vk.VK_QUEUE_TRANSFER_BIT),
                timestamp_valid_bits=props[i].timestampValidBits,
            )
            for i in range(count[0])
        )

    @property
    def compute_family(self) -> int:
        """The first queue family that can run compute work (graphics+compute families come first)."""
        for family in self.queue_families:
            if family.compute:
                return family.index
        raise RuntimeError(f"{self.name} has no queue family that supports compute")

    # -- features ---------------------------------------------------------------------------------
    @cached_property
    def features(self) -> dict[str, bool]:
        """The features vulkit uses, as the driver reports them."""
        fn = self.instance.fn
        chain = Chain("VkPhysicalDeviceFeatures2", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
        f11 = chain.add("VkPhysicalDeviceVulkan11Features", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES) \
            if self.api_version >= _V12 else None
        f12 = chain.add("VkPhysicalDeviceVulkan12Features", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES) \
            if self.api_version >= _V12 else None
        f13 = chain.add("VkPhysicalDeviceVulkan13Features", vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES) \
            if self.api_version >= _V13 else None
        coop = chain.add("VkPhysicalDeviceCooperativeMatrixFeaturesKHR",
                         vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR) \
            if "VK_KHR_cooperative_matrix" in self.extensions else None
        bf16 = chain.add("VkPhysicalDeviceShaderBfloat16FeaturesKHR",
                         vk.VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR) \
            if "VK_KHR_shader_bfloat16" in self.extensions else None
        fn.vkGetPhysicalDeviceFeatures2(self.handle, chain.head)
        base = chain.head.features
        result = {
            "float64": bool(base.shaderFloat64),
            "int64": bool(base.shaderInt64),
            "int16": bool(base.shaderInt16),
            "storage_image_extended_formats": bool(base.shaderStorageImageExtendedFormats),
            "storage_image_read_without_format": bool(base.shaderStorageImageReadWithoutFormat),
            "storage_image_write_without_format": bool(base.shaderStorageImageWriteWithoutFormat),
            "float16": bool(f12 and f12.shaderFloat16),
            "int8": bool(f12 and f12.shaderInt8),
            "storage_buffer_16bit": bool(f11 and f11.storageBuffer16BitAccess),
            "storage_buffer_8bit": bool(f12 and f12.storageBuffer8BitAccess),
            "buffer_device_address": bool(f12 and f12.bufferDeviceAddress),
            "timeline_semaphore": bool(f12 and f12.timelineSemaphore),
            "host_query_reset": bool(f12 and f12.hostQueryReset),
            "vulkan_memory_model": bool(f12 and f12.vulkanMemoryModel),
            "vulkan_memory_model_device_scope": bool(f12 and f12.vulkanMemoryModelDeviceScope),
            "shader_int64_atomics": bool(f12 and f12.shaderBufferInt64Atomics),
            "subgroup_size_control": bool(f13 and f13.subgroupSizeControl),
            "compute_full_subgroups": bool(f13 and f13.computeFullSubgroups),
            "maintenance4": bool(f13 and f13.maintenance4),
            "cooperative_matrix": bool(coop and coop.cooperativeMatrix),
            # bfloat16 as a SPIR-V type (SPV_KHR_bfloat16) in cooperative matrices: the bfloat16 matmul's fragments
            "bfloat16_cooperative_matrix": bool(bf16 and bf16.shaderBFloat16Type
                                                and bf16.shaderBFloat16CooperativeMatrix),
            "push_descriptor": "VK_KHR_push_descriptor" in self.extensions,
            "timestamps": self.limits["timestamp_compute_and_graphics"]
            or any(f.timestamp_valid_bits for f in self.queue_families if f.compute),
        }
        return result

    @cached_property
    def cooperative_matrix_shapes(self) -> tuple[CoopMatShape, ...]:
        """Cooperative-matrix shapes of subgroup scope (empty without VK_KHR_cooperative_matrix)."""
        if not self.features["cooperative_matrix"]:
            return ()
        fn = self.instance.fn
        if not fn.has("vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"):
            return ()
        query = fn.vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR
        count = ffi.new("uint32_t*")
        check(query(self.handle, count, ffi.NULL), "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR")
        props = ffi.new("VkCooperativeMatrixPropertiesKHR[]", count[0])
        for i in range(count[0]):
            props[i].sType = vk.VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR
        check(query(self.handle, count, props), "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR")
        shapes = []
        for i in range(count[0]):
            p = props[i]
            if p.scope != vk.VK_SCOPE_SUBGROUP_KHR:
                continue
            names = [_COMPONENT_TYPES.get(t, f"type{t}") for t in (p.AType, p.BType, p.CType, p.ResultType)]
            shapes.append(CoopMatShape(p.MSize, p.NSize, p.KSize, *names))
        return tuple(shapes)

    @property
    def dtypes(self) -> tuple[str, ...]:
        """The array element types this device can hold and compute with."""
        f = self.features
        names = ["bool", "int32", "uint32", "float32"]
        if f["int8"] and f["storage_buffer_8bit"]:
            names += ["int8", "uint8"]
        if f["int16"] and f["storage_buffer_16bit"]:
            names += ["int16", "uint16"]
        if f["int64"]:
            names += ["int64", "uint64"]
        if f["float16"] and f["storage_buffer_16bit"]:
            names.append("float16")
        if f["float64"]:
            names.append("float64")
        return tuple(names)

    def describe(self) -> dict[str, Any]:
        """Everything above as plain data (for ``vulkit info`` and get_device_properties)."""
        major, minor, patch = ((self.api_version >> 22) & 0x7F, (self.api_version >> 12) & 0x3FF,
                               self.api_version & 0xFFF)
        return {
            "index": self.index,
            "device_name": self.name,
            "device_type": self.type,
            "vendor_id": self.vendor_id,
            "device_id": self.device_id,
            "driver_name": self.driver_name,
            "driver_info": self.driver_info,
            "api_version": f"{major}.{minor}.{patch}",
            "total_memory": self.total_memory,
            "unified_memory": self.unified_memory,
            "memory_heaps": list(self.memory_heaps),
            "memory_types": [t.__dict__.copy() for t in self.memory_types],
            "queue_families": [q.__dict__.copy() for q in self.queue_families],
            "subgroup_size": self.subgroup_size,
            "min_subgroup_size": self.min_subgroup_size,
            "max_subgroup_size": self.max_subgroup_size,
            "max_push_descriptors": self.max_push_descriptors,
            "features": dict(self.features),
            "dtypes": list(self.dtypes),
            "cooperative_matrix_shapes": [s.__dict__.copy() for s in self.cooperative_matrix_shapes],
            "limits": dict(self.limits),
            "float_controls": {mode: list(widths) for mode, widths in self.float_controls.items()},
        }

    def __repr__(self) -> str:
        return f"<PhysicalDevice {self.index}: {self.name} ({self.type})>"


_V12 = (1 << 22) | (2 << 12)
_V13 = (1 << 22) | (3 << 12)
