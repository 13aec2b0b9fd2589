"""vulkit.hal: the hardware abstraction, the only code that talks to a GPU API.

Today there is one backend, :mod:`vulkit.hal.vulkan`; its public names are re-exported here.
"""

from .vulkan import (
    Buffer,
    CommandBuffer,
    CommandPool,
    ComputePipeline,
    DescriptorSet,
    Device,
    Fence,
    Image,
    Instance,
    MemoryKind,
    PhysicalDevice,
    QueryPool,
    Queue,
    TimelineSemaphore,
    get_instance,
)

__all__ = [
    "Buffer",
    "CommandBuffer",
    "CommandPool",
    "ComputePipeline",
    "DescriptorSet",
    "Device",
    "Fence",
    "Image",
    "Instance",
    "MemoryKind",
    "PhysicalDevice",
    "QueryPool",
    "Queue",
    "TimelineSemaphore",
    "get_instance",
]
