"""Command pools and command buffers: the recording hot path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import _enums as vk
from ._check import check
from ._ffi import ffi
from .pipeline import ComputePipeline, buffer_write_template, descriptor_writes, set_buffer_infos
from .resource import Resource

_COMPUTE = vk.VK_PIPELINE_BIND_POINT_COMPUTE
_COMPUTE_STAGE = vk.VK_SHADER_STAGE_COMPUTE_BIT
SHADER_STAGE = vk.VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT
TRANSFER_STAGE = vk.VK_PIPELINE_STAGE_TRANSFER_BIT
HOST_STAGE = vk.VK_PIPELINE_STAGE_HOST_BIT
ALL_STAGES = vk.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT
SHADER_READ = vk.VK_ACCESS_SHADER_READ_BIT
SHADER_WRITE = vk.VK_ACCESS_SHADER_WRITE_BIT
TRANSFER_READ = vk.VK_ACCESS_TRANSFER_READ_BIT
TRANSFER_WRITE = vk.VK_ACCESS_TRANSFER_WRITE_BIT
HOST_READ = vk.VK_ACCESS_HOST_READ_BIT
HOST_WRITE = vk.VK_ACCESS_HOST_WRITE_BIT
LAYOUT_GENERAL = vk.VK_IMAGE_LAYOUT_GENERAL
_TRANSFER_SRC_LAYOUT = vk.VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL
_TRANSFER_DST_LAYOUT = vk.VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL
MEMORY_READ = vk.VK_ACCESS_MEMORY_READ_BIT
MEMORY_WRITE = vk.VK_ACCESS_MEMORY_WRITE_BIT


class CommandPool(Resource):
    """A VkCommandPool of one queue family; its command buffers can be reset one by one."""

    def __init__(self, device: Any, family: int) -> None:
        super().__init__(device)
        self.family = family
        info = ffi.new("VkCommandPoolCreateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
            "flags": vk.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
            "queueFamilyIndex": family,
        })
        out = ffi.new("VkCommandPool*")
        check(device.fn.vkCreateCommandPool(device.handle, info, ffi.NULL, out), "vkCreateCommandPool")
        self.handle = out[0]

    def _release(self) -> None:
        self.device.fn.vkDestroyCommandPool(self.device.handle, self.handle, ffi.NULL)


class CommandBuffer(Resource):
    """A primary command buffer.

    The recording methods call the driver's function pointers directly and allocate nothing they
    can reuse: they are the per-operation cost of every eager op.
    """

    def __init__(self, pool: CommandPool) -> None:
        device = pool.device
        super().__init__(device)
        self.pool = pool
        info = ffi.new("VkCommandBufferAllocateInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
            "commandPool": pool.handle,
            "level": vk.VK_COMMAND_BUFFER_LEVEL_PRIMARY,
            "commandBufferCount": 1,
        })
        out = ffi.new("VkCommandBuffer*")
        check(device.fn.vkAllocateCommandBuffers(device.handle, info, out), "vkAllocateCommandBuffers")
        self.handle = out[0]
        fn = device.fn
        self._begin_info = ffi.new("VkCommandBufferBeginInfo*", {
            "sType": vk.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        })
        self._barrier = ffi.new("VkMemoryBarrier*", {"sType": vk.VK_STRUCTURE_TYPE_MEMORY_BARRIER})
        self._set = ffi.new("VkDescriptorSet[1]")
        self._copy = ffi.new("VkBufferCopy*")
        self._cmd_dispatch = fn.vkCmdDispatch
        self._cmd_bind_pipeline = fn.vkCmdBindPipeline
        self._cmd_bind_sets = fn.vkCmdBindDescriptorSets
        self._cmd_push_constants = fn.vkCmdPushConstants
        self._cmd_barrier = fn.vkCmdPipelineBarrier
        self._cmd_copy = fn.vkCmdCopyBuffer
        self._cmd_push_descriptors = fn.vkCmdPushDescriptorSetKHR if device.push_descriptors else None
        self.recording = False
        self._bound: tuple[Any, Any] | None = None
        self._pushed: bytes = b""  # push constants last pushed by dispatch_buffers, with their layout
        self._pushed_layout: Any = None

    # -- state --------------------------------------------------------------------------------------
    def begin(self, one_time: bool = False) -> None:
        """Start recording (resets what was recorded before)."""
        self.require_alive("command buffer")
        self._begin_info.flags = vk.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT if one_time else 0
        check(self.device.fn.vkBeginCommandBuffer(self.handle, self._begin_info), "vkBeginCommandBuffer")
        self.recording = True
        self._bound = None
        self._pushed = b""

    def end(self) -> None:
        check(self.device.fn.vkEndCommandBuffer(self.handle), "vkEndCommandBuffer")
        self.recording = False

    def reset(self) -> None:
        check(self.device.fn.vkResetCommandBuffer(self.handle, 0), "vkResetCommandBuffer")
        self.recording = False

    # -- compute ------------------------------------------------------------------------------------
    def bind_pipeline(self, pipeline: ComputePipeline) -> None:
        self._cmd_bind_pipeline(self.handle, _COMPUTE, pipeline.handle)
        self._bound = None

    def bind_compute(self, pipeline: ComputePipeline, descriptor_set: Any) -> None:
        """Bind a pipeline and its descriptor set, skipping the calls if they are bound already."""
        bound = (pipeline, descriptor_set)
        if self._bound == bound:
            return
        self._cmd_bind_pipeline(self.handle, _COMPUTE, pipeline.handle)
        self._set[0] = descriptor_set.handle
        self._cmd_bind_sets(self.handle, _COMPUTE, pipeline.layout, 0, 1, self._set, 0, ffi.NULL)
        self._bound = bound

    def bind_descriptor_set(self, pipeline: ComputePipeline, descriptor_set: Any) -> None:
        self._set[0] = descriptor_set.handle
        self._cmd_bind_sets(self.handle, _COMPUTE, pipeline.layout, 0, 1, self._set, 0, ffi.NULL)
        self._bound = None

    def push_descriptor_set(self, pipeline: ComputePipeline, resources: Sequence[Any]) -> None:
        """Bind ``resources`` without a descriptor set (VK_KHR_push_descriptor)."""
        writes, keep = descriptor_writes(pipeline.bindings, resources)
        self.device.fn.vkCmdPushDescriptorSetKHR(self.handle, _COMPUTE, pipeline.layout, 0,
                                                 len(pipeline.bindings), writes)
        self._bound = None
        del keep

    def push_buffers(self, pipeline: ComputePipeline, infos: bytes) -> None:
        """Push descriptors for every binding of a buffers-only pipeline, reusing prepared structures.

        ``infos``: one packed VkDescriptorBufferInfo (:func:`~vulkit.hal.vulkan.pipeline.buffer_info`)
        per binding, concatenated in binding order.
        """
        writes, _, view, _ = buffer_write_template(pipeline)
        set_buffer_infos(view, pipeline, infos)
        self._cmd_push_descriptors(self.handle, _COMPUTE, pipeline.layout, 0, len(pipeline.bindings), writes)

    def dispatch_buffers(self, pipeline: ComputePipeline, infos: bytes, push: bytes, x: int, y: int, z: int) -> None:
        """The eager hot path in one call: push descriptors (see :meth:`push_buffers`; none for a pipeline
        without bindings), push constants (``push``: bytes, may be empty; skipped when the same bytes
        were pushed last with the same layout) and the dispatch."""
        handle = self.handle
        layout = pipeline.layout
        count = len(pipeline.bindings)
        if count:
            writes, _, view, nbytes = pipeline._buffer_writes or buffer_write_template(pipeline)
            if len(infos) != nbytes:
                set_buffer_infos(view, pipeline, infos)  # raises
            view[0:nbytes] = infos
            self._cmd_push_descriptors(handle, _COMPUTE, layout, 0, count, writes)
            self._bound = None
        if push and (push != self._pushed or layout != self._pushed_layout):
            self._cmd_push_constants(handle, layout, _COMPUTE_STAGE, 0, len(push), ffi.from_buffer(push))
            self._pushed = push
            self._pushed_layout = layout
        self._cmd_dispatch(handle, x, y, z)

    def bind_set_handle(self, pipeline: ComputePipeline, set_handle: Any) -> None:
        """Bind a raw VkDescriptorSet (e.g. from a DescriptorPool) as set 0."""
        self._set[0] = set_handle
        self._cmd_bind_sets(self.handle, _COMPUTE, pipeline.layout, 0, 1, self._set, 0, ffi.NULL)
        self._bound = None

    def push_constants(self, pipeline: ComputePipeline, data: Any) -> None:
        """Push ``data`` (bytes or a cdata/buffer) to the pipeline's push-constant block."""
        self._pushed = b""
        blob = ffi.from_buffer(data)
        self._cmd_push_constants(self.handle, pipeline.layout, _COMPUTE_STAGE, 0, len(blob), blob)

    def dispatch(self, x: int, y: int = 1, z: int = 1) -> None:
        self._cmd_dispatch(self.handle, x, y, z)

    # -- synchronisation ------------------------------------------------------------------------------
    def memory_barrier(self, src_stage: int, dst_stage: int, src_access: int, dst_access: int) -> None:
        """A global memory barrier: writes of ``src_access`` at ``src_stage`` become visible to ``dst``."""
        barrier = self._barrier
        barrier.srcAccessMask = src_access
        barrier.dstAccessMask = dst_access
        self._cmd_barrier(self.handle, src_stage, dst_stage, 0, 1, barrier, 0, ffi.NULL, 0, ffi.NULL)

    def image_barrier(self, image: Any, new_layout: int, src_stage: int, dst_stage: int, src_access: int,
                      dst_access: int) -> None:
        """Transition ``image`` to ``new_layout`` and order the accesses around it."""
        barrier = ffi.new("VkImageMemoryBarrier*", {
            "sType": vk.VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
            "srcAccessMask": src_access,
            "dstAccessMask": dst_access,
            "oldLayout": image.layout,
            "newLayout": new_layout,
            "srcQueueFamilyIndex": vk.VK_QUEUE_FAMILY_IGNORED,
            "dstQueueFamilyIndex": vk.VK_QUEUE_FAMILY_IGNORED,
            "image": image.handle,
            "subresourceRange": {"aspectMask": vk.VK_IMAGE_ASPECT_COLOR_BIT, "levelCount": 1, "layerCount": 1},
        })
        self._cmd_barrier(self.handle, src_stage, dst_stage, 0, 0, ffi.NULL, 0, ffi.NULL, 1, barrier)
        image.layout = new_layout

    # -- transfers ------------------------------------------------------------------------------------
    def copy_buffer(self, src: Any, dst: Any, size: int, src_offset: int = 0, dst_offset: int = 0) -> None:
        region = self._copy
        region.srcOffset = src_offset
        region.dstOffset = dst_offset
        region.size = size
        self._cmd_copy(self.handle, src.handle, dst.handle, 1, region)

    def fill_buffer(self, dst: Any, value: int, size: int | None = None, offset: int = 0) -> None:
        """Fill ``size`` bytes (a multiple of 4; None: to the end) with the 32-bit ``value``."""
        self.device.fn.vkCmdFillBuffer(self.handle, dst.handle, offset,
                                       vk.VK_WHOLE_SIZE if size is None else size, value)

    def _image_region(self, image: Any, buffer_offset: int = 0) -> Any:
        return ffi.new("VkBufferImageCopy*", {
            "bufferOffset": buffer_offset,
            "imageSubresource": {"aspectMask": vk.VK_IMAGE_ASPECT_COLOR_BIT, "layerCount": 1},
            "imageExtent": {"width": image.width, "height": image.height, "depth": 1},
        })

    def _in_layout(self, image: Any, layout: int, access: int) -> int:
        """Move ``image`` to ``layout`` for a transfer with ``access``; returns the layout to restore."""
        previous = image.layout
        self.image_barrier(image, layout, ALL_STAGES, TRANSFER_STAGE, MEMORY_WRITE, access)
        return previous

    def _restore_layout(self, image: Any, layout: int, access: int) -> None:
        if layout == vk.VK_IMAGE_LAYOUT_UNDEFINED:  # no image may go back to UNDEFINED: it holds data now
            layout = LAYOUT_GENERAL
        self.image_barrier(image, layout, TRANSFER_STAGE, ALL_STAGES, access, MEMORY_READ | MEMORY_WRITE)

    def copy_buffer_to_image(self, src: Any, image: Any, buffer_offset: int = 0) -> None:
        """Copy a buffer into a whole image (the image's layout is kept around the copy)."""
        previous = self._in_layout(image, _TRANSFER_DST_LAYOUT, TRANSFER_WRITE)
        self.device.fn.vkCmdCopyBufferToImage(self.handle, src.handle, image.handle, image.layout, 1,
                                              self._image_region(image, buffer_offset))
        self._restore_layout(image, previous, TRANSFER_WRITE)

    def copy_image_to_buffer(self, image: Any, dst: Any, buffer_offset: int = 0) -> None:
        """Copy a whole image into a buffer."""
        previous = self._in_layout(image, _TRANSFER_SRC_LAYOUT, TRANSFER_READ)
        self.device.fn.vkCmdCopyImageToBuffer(self.handle, image.handle, image.layout, dst.handle, 1,
                                              self._image_region(image, buffer_offset))
        self._restore_layout(image, previous, TRANSFER_READ)

    def copy_image(self, src: Any, dst: Any) -> None:
        """Copy a whole image into another of the same size and format."""
        region = ffi.new("VkImageCopy*", {
            "srcSubresource": {"aspectMask": vk.VK_IMAGE_ASPECT_COLOR_BIT, "layerCount": 1},
            "dstSubresource": {"aspectMask": vk.VK_IMAGE_ASPECT_COLOR_BIT, "layerCount": 1},
            "extent": {"width": src.width, "height": src.height, "depth": 1},
        })
        src_previous = self._in_layout(src, _TRANSFER_SRC_LAYOUT, TRANSFER_READ)
        dst_previous = self._in_layout(dst, _TRANSFER_DST_LAYOUT, TRANSFER_WRITE)
        self.device.fn.vkCmdCopyImage(self.handle, src.handle, src.layout, dst.handle, dst.layout, 1, region)
        self._restore_layout(src, src_previous, TRANSFER_READ)
        self._restore_layout(dst, dst_previous, TRANSFER_WRITE)

    # -- queries --------------------------------------------------------------------------------------
    def reset_query_pool(self, pool: Any, first: int = 0, count: int | None = None) -> None:
        self.device.fn.vkCmdResetQueryPool(self.handle, pool.handle, first, pool.count if count is None else count)

    def write_timestamp(self, pool: Any, index: int, stage: int = ALL_STAGES) -> None:
        self.device.fn.vkCmdWriteTimestamp(self.handle, stage, pool.handle, index)

    def _release(self) -> None:
        if self.pool.alive:
            handles = ffi.new("VkCommandBuffer[]", [self.handle])
            self.device.fn.vkFreeCommandBuffers(self.device.handle, self.pool.handle, 1, handles)
