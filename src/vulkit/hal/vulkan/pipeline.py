"""Compute pipelines (shader module, layouts, specialization) and descriptor sets."""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from . import _enums as vk
from ._check import check
from ._ffi import ffi
from .resource import Resource

DESCRIPTOR_TYPES = {
    "storage_buffer": vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    "uniform_buffer": vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
    "storage_image": vk.VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
}
_IMAGE_KINDS = {"storage_image"}


class ComputePipeline(Resource):
    """A compute pipeline with its shader module, descriptor-set layout (set 0) and pipeline layout.

    ``bindings``: (binding number, kind) pairs of descriptor set 0, kind one of
    ``storage_buffer``, ``uniform_buffer``, ``storage_image``. ``specialization``: (constant id, 4 or
    8 raw bytes) pairs. With ``push_descriptor`` the set layout is made for vkCmdPushDescriptorSetKHR.
    """

    def __init__(self, device: Any, spirv: bytes, bindings: Sequence[tuple[int, str]], push_constant_size: int = 0,
                 specialization: Sequence[tuple[int, bytes]] = (), entry_point: str = "main",
                 push_descriptor: bool = False, required_subgroup_size: int | None = None) -> None:
        super().__init__(device)
        self.bindings = tuple(bindings)
        self.push_constant_size = push_constant_size
        self.push_descriptor = push_descriptor
        self._buffer_writes: tuple[Any, Any, Any, int] | None = None
        self.module = self.set_layout = self.layout = ffi.NULL
        fn = device.fn
        try:
            self._create_module(spirv)
            self._create_layouts()
            self._create_pipeline(specialization, entry_point, required_subgroup_size)
        except BaseException:
            self.destroy()
            raise
        device._pipeline_cache_dirty = True
        fn.vkDestroyShaderModule(device.handle, self.module, ffi.NULL)
        self.module = ffi.NULL

    def _create_module(self, spirv: bytes) -> None:
        code = ffi.from_buffer(spirv)
        info = ffi.new("VkShaderModuleCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
            "codeSize": len(spirv),
            "pCode": ffi.cast("uint32_t*", code),
        })
        out = ffi.new("VkShaderModule*")
        check(self.device.fn.vkCreateShaderModule(self.device.handle, info, ffi.NULL, out), "vkCreateShaderModule")
        self.module = out[0]

    def _create_layouts(self) -> None:
        device = self.device
        entries = ffi.new("VkDescriptorSetLayoutBinding[]", [
            {
                "binding": binding,
                "descriptorType": DESCRIPTOR_TYPES[kind],
                "descriptorCount": 1,
                "stageFlags": vk.VK_SHADER_STAGE_COMPUTE_BIT,
            }
            for binding, kind in self.bindings
        ])
        set_info = ffi.new("VkDescriptorSetLayoutCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
            "flags": vk.VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR if self.push_descriptor else 0,
            "bindingCount": len(self.bindings),
            "pBindings": entries,
        })
        out = ffi.new("VkDescriptorSetLayout*")
        check(device.fn.vkCreateDescriptorSetLayout(device.handle, set_info, ffi.NULL, out),
              "vkCreateDescriptorSetLayout")
        self.set_layout = out[0]
        layouts = ffi.new("VkDescriptorSetLayout[]", [self.set_layout])
        push_range = ffi.new("VkPushConstantRange*", {
            "stageFlags": vk.VK_SHADER_STAGE_COMPUTE_BIT,
            "offset": 0,
            "size": self.push_constant_size,
        })
        layout_info = ffi.new("VkPipelineLayoutCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            "setLayoutCount": 1,
            "pSetLayouts": layouts,
            "pushConstantRangeCount": 1 if self.push_constant_size else 0,
            "pPushConstantRanges": push_range if self.push_constant_size else ffi.NULL,
        })
        out_layout = ffi.new("VkPipelineLayout*")
        check(device.fn.vkCreatePipelineLayout(device.handle, layout_info, ffi.NULL, out_layout),
              "vkCreatePipelineLayout")
        self.layout = out_layout[0]

    def _create_pipeline(self, specialization: Sequence[tuple[int, bytes]], entry_point: str,
                         required_subgroup_size: int | None) -> None:
        device = self.device
        data = b"".join(raw for _, raw in specialization)
        entries = []
        offset = 0
        for constant_id, raw in specialization:
            entries.append({"constantID": constant_id, "offset": offset, "size": len(raw)})
            offset += len(raw)
        keep = []
        spec_info = ffi.NULL
        if specialization:
            map_entries = ffi.new("VkSpecializationMapEntry[]", entries)
            blob = ffi.new("char[]", data)
            spec_info = ffi.new("VkSpecializationInfo*", {
                "mapEntryCount": len(entries),
                "pMapEntries": map_entries,
                "dataSize": len(data),
                "pData": blob,
            })
            keep += [map_entries, blob]
        name = ffi.new("char[]", entry_point.encode())
        info = ffi.new("VkComputePipelineCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
            "stage": {
                "sType": vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                "stage": vk.VK_SHADER_STAGE_COMPUTE_BIT,
                "module": self.module,
                "pName": name,
                "pSpecializationInfo": spec_info,
            },
            "layout": self.layout,
        })
        if required_subgroup_size:
            size_info = ffi.new("VkPipelineShaderStageRequiredSubgroupSizeCreateInfo*", {
                "sType": vk.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
                "requiredSubgroupSize": required_subgroup_size,
            })
            keep.append(size_info)
            info.stage.pNext = size_info
        out = ffi.new("VkPipeline*")
        check(device.fn.vkCreateComputePipelines(device.handle, device.pipeline_cache, 1, info, ffi.NULL, out),
              "vkCreateComputePipelines")
        self.handle = out[0]

    def _release(self) -> None:
        fn = self.device.fn
        handle = self.device.handle
        fn.vkDestroyPipeline(handle, self.handle, ffi.NULL)
        fn.vkDestroyPipelineLayout(handle, self.layout, ffi.NULL)
        fn.vkDestroyDescriptorSetLayout(handle, self.set_layout, ffi.NULL)
        if self.module != ffi.NULL:
            fn.vkDestroyShaderModule(handle, self.module, ffi.NULL)


def descriptor_writes(bindings: Sequence[tuple[int, str]], resources: Sequence[Any],
                      dst_set: Any = ffi.NULL) -> tuple[Any, list[Any]]:
    """VkWriteDescriptorSet[] for ``resources`` bound in order to ``bindings``.

    Each resource is a Buffer, a (Buffer, offset, size) triple or an Image. Returns the array and
    the cdata it points into, which must stay alive until the call that uses it.
    """
    keep: list[Any] = []
    writes = ffi.new("VkWriteDescriptorSet[]", len(bindings))
    for i, ((binding, kind), resource) in enumerate(zip(bindings, resources, strict=True)):
        write = writes[i]
        write.sType = vk.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
        write.dstSet = dst_set
        write.dstBinding = binding
        write.descriptorCount = 1
        write.descriptorType = DESCRIPTOR_TYPES[kind]
        if kind in _IMAGE_KINDS:
            info = ffi.new("VkDescriptorImageInfo*", {
                "imageView": resource.view_handle,
                "imageLayout": vk.VK_IMAGE_LAYOUT_GENERAL,
            })
            write.pImageInfo = info
        else:
            buffer, offset, size = resource if isinstance(resource, tuple) else (resource, 0, vk.VK_WHOLE_SIZE)
            info = ffi.new("VkDescriptorBufferInfo*", {"buffer": buffer.handle, "offset": offset, "range": size})
            write.pBufferInfo = info
        keep.append(info)
    return writes, keep


class DescriptorSet(Resource):
    """A descriptor set for a pipeline's set 0, from a pool of its own (freed with it)."""

    def __init__(self, pipeline: ComputePipeline) -> None:
        device = pipeline.device
        super().__init__(device)
        self.pipeline = pipeline
        self.pool = ffi.NULL
        counts: dict[int, int] = {}
        for _, kind in pipeline.bindings:
            counts[DESCRIPTOR_TYPES[kind]] = counts.get(DESCRIPTOR_TYPES[kind], 0) + 1
        sizes = ffi.new("VkDescriptorPoolSize[]", [{"type": t, "descriptorCount": n} for t, n in counts.items()]
                        or [{"type": vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, "descriptorCount": 1}])
        pool_info = ffi.new("VkDescriptorPoolCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
            "maxSets": 1,
            "poolSizeCount": max(len(counts), 1),
            "pPoolSizes": sizes,
        })
        out = ffi.new("VkDescriptorPool*")
        result = device.fn.vkCreateDescriptorPool(device.handle, pool_info, ffi.NULL, out)
        if result < 0:
            self.destroy()  # NOTE: counted live by Resource.__init__ already
            check(result, "vkCreateDescriptorPool")
        self.pool = out[0]
        layouts = ffi.new("VkDescriptorSetLayout[]", [pipeline.set_layout])
        alloc = ffi.new("VkDescriptorSetAllocateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            "descriptorPool": self.pool,
            "descriptorSetCount": 1,
            "pSetLayouts": layouts,
        })
        out_set = ffi.new("VkDescriptorSet*")
        try:
            check(device.fn.vkAllocateDescriptorSets(device.handle, alloc, out_set), "vkAllocateDescriptorSets")
        except BaseException:
            self.destroy()
            raise
        self.handle = out_set[0]

    def write(self, resources: Sequence[Any]) -> None:
        """Point the set's bindings at ``resources`` (see :func:`descriptor_writes`)."""
        bindings = self.pipeline.bindings
        if len(resources) != len(bindings):
            raise ValueError(f"the pipeline has {len(bindings)} bindings, got {len(resources)} resources")
        writes, keep = descriptor_writes(bindings, resources, self.handle)
        self.device.fn.vkUpdateDescriptorSets(self.device.handle, len(bindings), writes, 0, ffi.NULL)
        del keep

    def _release(self) -> None:
        self.device.fn.vkDestroyDescriptorPool(self.device.handle, self.pool, ffi.NULL)


_BUFFER_KINDS = ("storage_buffer", "uniform_buffer")
_BUFFER_INFO = struct.Struct("=QQQ")
BUFFER_INFO_SIZE = _BUFFER_INFO.size
if ffi.sizeof("VkDescriptorBufferInfo") != BUFFER_INFO_SIZE:  # pragma: no cover - 64-bit handles everywhere
    raise ImportError("unexpected VkDescriptorBufferInfo layout")


def buffer_info(buffer: Any, offset: int, size: int) -> bytes:
    """A packed VkDescriptorBufferInfo (buffer handle, offset, range) for :meth:`CommandBuffer.push_buffers`.

    Callers keep these bytes (e.g. one per array) and concatenate them per dispatch: copying them
    into the reused structures costs one slice assignment instead of three field writes per binding.
    """
    return _BUFFER_INFO.pack(buffer.handle_value, offset, size)


def buffer_write_template(pipeline: ComputePipeline) -> tuple[Any, Any, Any, int]:
    """Reusable (VkWriteDescriptorSet[], VkDescriptorBufferInfo[], writable view of the latter, its size).

    For a pipeline whose bindings are all buffers; made once per pipeline and kept on it. Push
    descriptors and vkUpdateDescriptorSets copy the data, so reusing the structures is safe.
    """
    template = pipeline._buffer_writes
    if template is not None:
        return template
    bindings = pipeline.bindings
    for _, kind in bindings:
        if kind not in _BUFFER_KINDS:
            raise ValueError(f"the pipeline binds a {kind}; only buffer bindings can be bound this way")
    count = max(len(bindings), 1)
    writes = ffi.new("VkWriteDescriptorSet[]", count)
    infos = ffi.new("VkDescriptorBufferInfo[]", count)
    for i, (binding, kind) in enumerate(bindings):
        write = writes[i]
        write.sType = vk.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
        write.dstBinding = binding
        write.descriptorCount = 1
        write.descriptorType = DESCRIPTOR_TYPES[kind]
        write.pBufferInfo = infos + i
    template = (writes, infos, ffi.buffer(infos), BUFFER_INFO_SIZE * len(bindings))
    pipeline._buffer_writes = template
    return template


def set_buffer_infos(view: Any, pipeline: ComputePipeline, infos: bytes) -> None:
    """Copy packed buffer infos into a template view, checking there is one per binding."""
    if len(infos) != BUFFER_INFO_SIZE * len(pipeline.bindings):
        raise ValueError(f"the pipeline has {len(pipeline.bindings)} bindings, "
                         f"got {len(infos) // BUFFER_INFO_SIZE} buffer infos")
    view[0:len(infos)] = infos


class DescriptorPool(Resource):
    """A VkDescriptorPool of buffer descriptors from which sets are allocated one by one and reset together.

    For devices without push descriptors: a stream takes one set per dispatch from the pool of the
    command buffer it records into, and resets the pool when that command buffer is reused.
    """

    def __init__(self, device: Any, max_sets: int = 256, descriptors_per_set: int = 8) -> None:
        super().__init__(device)
        self.max_sets = max_sets
        count = max_sets * descriptors_per_set
        sizes = ffi.new("VkDescriptorPoolSize[2]", [
            {"type": vk.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, "descriptorCount": count},
            {"type": vk.VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, "descriptorCount": max_sets},
        ])
        info = ffi.new("VkDescriptorPoolCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
            "maxSets": max_sets,
            "poolSizeCount": 2,
            "pPoolSizes": sizes,
        })
        out = ffi.new("VkDescriptorPool*")
        check(device.fn.vkCreateDescriptorPool(device.handle, info, ffi.NULL, out), "vkCreateDescriptorPool")
        self.handle = out[0]
        self._layouts = ffi.new("VkDescriptorSetLayout[1]")
        self._alloc = ffi.new("VkDescriptorSetAllocateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
            "descriptorPool": self.handle,
            "descriptorSetCount": 1,
            "pSetLayouts": self._layouts,
        })
        self._out = ffi.new("VkDescriptorSet*")

    def allocate(self, pipeline: ComputePipeline) -> Any:
        """A new set for ``pipeline``'s set 0, or None when the pool is exhausted."""
        self._layouts[0] = pipeline.set_layout
        result = self.device.fn.vkAllocateDescriptorSets(self.device.handle, self._alloc, self._out)
        if result in (vk.VK_ERROR_OUT_OF_POOL_MEMORY, vk.VK_ERROR_FRAGMENTED_POOL):
            return None
        check(result, "vkAllocateDescriptorSets")
        return self._out[0]

    def write_buffers(self, set_handle: Any, pipeline: ComputePipeline, infos: bytes) -> None:
        """Point the set's bindings at buffers: ``infos`` is one :func:`buffer_info` per binding, concatenated."""
        writes, _, view, _ = buffer_write_template(pipeline)
        count = len(pipeline.bindings)
        set_buffer_infos(view, pipeline, infos)
        for i in range(count):
            writes[i].dstSet = set_handle
        self.device.fn.vkUpdateDescriptorSets(self.device.handle, count, writes, 0, ffi.NULL)
        for i in range(count):
            writes[i].dstSet = ffi.NULL

    def reset(self) -> None:
        """Return every set to the pool (none may be in use by pending GPU work)."""
        check(self.device.fn.vkResetDescriptorPool(self.device.handle, self.handle, 0), "vkResetDescriptorPool")

    def _release(self) -> None:
        self.device.fn.vkDestroyDescriptorPool(self.device.handle, self.handle, ffi.NULL)
