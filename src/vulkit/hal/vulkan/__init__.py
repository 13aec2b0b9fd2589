"""The Vulkan backend of vulkit.hal (cffi, ABI mode, over our own curated declarations)."""

from .commands import CommandBuffer, CommandPool
from .device import Device, Queue
from .instance import Instance, ValidationWarning, get_instance
from .memory import Buffer, Image, MemoryKind
from .physical_device import PhysicalDevice
from .pipeline import ComputePipeline, DescriptorPool, DescriptorSet
from .resource import live_counts
from .sync import Fence, QueryPool, TimelineSemaphore

__all__ = [
    "Buffer",
    "CommandBuffer",
    "CommandPool",
    "ComputePipeline",
    "DescriptorPool",
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
    "ValidationWarning",
    "get_instance",
    "live_counts",
]
