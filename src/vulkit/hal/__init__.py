"""vulkit.hal: the hardware abstraction, the only code that talks to a GPU API.

Today there is one backend, :mod:`vulkit.hal.vulkan`; its public names are re-exported here, with the
pipeline stages and memory accesses that barriers name, and the hazard tracker (:mod:`.hazards`). The layers
above import from here, not from the backend's modules.
"""

from .hazards import HazardTracker
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
from .vulkan.commands import (
    ALL_STAGES,
    HOST_READ,
    HOST_STAGE,
    HOST_WRITE,
    LAYOUT_GENERAL,
    MEMORY_READ,
    MEMORY_WRITE,
    SHADER_READ,
    SHADER_STAGE,
    SHADER_WRITE,
    TRANSFER_READ,
    TRANSFER_STAGE,
    TRANSFER_WRITE,
)
from .vulkan.pipeline import DescriptorPool, buffer_info
from .vulkan.sync import SPIN_SECONDS

__all__ = [
    "ALL_STAGES",
    "HOST_READ",
    "HOST_STAGE",
    "HOST_WRITE",
    "LAYOUT_GENERAL",
    "MEMORY_READ",
    "MEMORY_WRITE",
    "SHADER_READ",
    "SHADER_STAGE",
    "SHADER_WRITE",
    "SPIN_SECONDS",
    "TRANSFER_READ",
    "TRANSFER_STAGE",
    "TRANSFER_WRITE",
    "Buffer",
    "CommandBuffer",
    "CommandPool",
    "ComputePipeline",
    "DescriptorPool",
    "DescriptorSet",
    "Device",
    "Fence",
    "HazardTracker",
    "Image",
    "Instance",
    "MemoryKind",
    "PhysicalDevice",
    "QueryPool",
    "Queue",
    "TimelineSemaphore",
    "buffer_info",
    "get_instance",
]
