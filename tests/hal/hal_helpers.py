"""Shaders and small helpers shared by the hal tests (imported as a plain module: ``import hal_helpers``)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from vulkit.hal import Buffer, CommandBuffer, CommandPool, Device, Fence, MemoryKind
from vulkit.hal.vulkan import _enums as vk
from vulkit.hal.vulkan.commands import ALL_STAGES, HOST_READ, HOST_STAGE, TRANSFER_READ, TRANSFER_STAGE
from vulkit.shaders import compile_source

# dst[i] = src[i] * p.scale + c (c a specialization constant, 0 by default)
SCALE = """#version 450
layout(local_size_x = 4) in;
layout(constant_id = 0) const float offset = 0.0;
layout(push_constant) uniform Push { float scale; } p;
layout(set = 0, binding = 0) readonly buffer In { float src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float dst[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    dst[i] = src[i] * p.scale + offset;
}
"""


@functools.cache
def spirv(source: str) -> bytes:
    """SPIR-V of a GLSL compute shader (compiled once per session)."""
    return compile_source(source)


def submit_and_wait(device: Device, record: Callable[[CommandBuffer], Any], queue: int = 0) -> None:
    """Record a one-time command buffer with ``record``, run it on ``device.queues[queue]`` and wait."""
    pool = CommandPool(device, device.queues[queue].family)
    command_buffer = CommandBuffer(pool)
    fence = Fence(device)
    try:
        command_buffer.begin(one_time=True)
        record(command_buffer)
        command_buffer.end()
        try:
            device.queues[queue].submit([command_buffer], fence)
        finally:
            device.wait_idle()  # also when the validation layers raised after the submission
        assert fence.signaled
    finally:
        fence.destroy()
        command_buffer.destroy()
        pool.destroy()


def upload(device: Device, values: np.ndarray, kind: MemoryKind = MemoryKind.DEVICE) -> Buffer:
    """A buffer of ``kind`` holding ``values`` (through a staging buffer and a GPU copy)."""
    staging = Buffer(device, values.nbytes, MemoryKind.STAGING)
    target = Buffer(device, values.nbytes, kind)
    staging.write(values)
    submit_and_wait(device, lambda cb: (cb.copy_buffer(staging, target, values.nbytes), _to_host(cb)))
    staging.destroy()
    return target


def download(device: Device, buffer: Buffer, dtype: Any, count: int) -> np.ndarray:
    """``count`` elements of ``buffer`` copied back to the host (through a staging buffer)."""
    nbytes = count * np.dtype(dtype).itemsize
    staging = Buffer(device, nbytes, MemoryKind.STAGING)
    submit_and_wait(device, lambda cb: (_after_shaders(cb), cb.copy_buffer(buffer, staging, nbytes), _to_host(cb)))
    result = staging.view(dtype, count).copy()
    staging.destroy()
    return result


def _after_shaders(command_buffer: CommandBuffer) -> None:
    command_buffer.memory_barrier(ALL_STAGES, TRANSFER_STAGE, vk.VK_ACCESS_MEMORY_WRITE_BIT, TRANSFER_READ)


def _to_host(command_buffer: CommandBuffer) -> None:
    """Make the command buffer's writes visible to the host and to later submissions."""
    command_buffer.memory_barrier(ALL_STAGES, ALL_STAGES | HOST_STAGE, vk.VK_ACCESS_MEMORY_WRITE_BIT,
                                  HOST_READ | vk.VK_ACCESS_MEMORY_READ_BIT | vk.VK_ACCESS_MEMORY_WRITE_BIT)
