"""The ``vulkit.device`` module: devices and their memory, with PyTorch's function names.

Nothing here creates a Vulkan device until one is used: the queries of devices not yet used
answer from the physical device (properties) or with zeros (memory statistics). ``device``
arguments are device indices (None: the current device); a wrong type raises TypeError, an index
out of range ValueError naming the index and the number of devices.
"""

from __future__ import annotations

from typing import Any

from . import context as _context
from .allocator import Stat, _fmt
from .events import Event

__all__ = ["Event", "current_device", "device_count", "empty_cache", "get_device_name", "get_device_properties",
           "is_available", "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
           "memory_stats", "memory_summary", "reset_accumulated_memory_stats", "reset_peak_memory_stats",
           "set_device", "synchronize"]

_VENDORS = {
    0x1002: "AMD",
    0x1010: "ImgTec",
    0x106B: "Apple",
    0x10DE: "NVIDIA",
    0x13B5: "ARM",
    0x5143: "Qualcomm",
    0x8086: "Intel",
    0x10005: "Mesa",
}


def is_available() -> bool:
    """Whether at least one Vulkan device can be used."""
    return _context.device_count() > 0


def device_count() -> int:
    """Number of Vulkan devices."""
    return _context.device_count()


def _index(device: Any) -> int:
    """A validated device index; None means the current device."""
    if device is None:
        return current_device()
    if isinstance(device, bool) or not isinstance(device, int):
        if hasattr(device, "index") and isinstance(device.index, int):
            return _index(device.index)
        raise TypeError(f"a device is given by its index (an int), not {type(device).__name__}")
    count = _context.device_count()
    if not 0 <= device < count:
        raise ValueError(f"device index {device} is out of range: there are {count} Vulkan device(s)")
    return device


def set_device(device: int) -> None:
    """Make ``device`` the current device (it is initialised on first use)."""
    if device is None:
        raise TypeError("set_device needs a device index (an int), not None")
    _context.set_current(_index(device))


def current_device() -> int:
    """The index of the current device."""
    return _context.current_index()


def get_device_name(device: int | None = None) -> str:
    """The device's name, e.g. ``NVIDIA H100 80GB HBM3`` or ``llvmpipe (LLVM 15.0.6, 256 bits)``."""
    return _physical(_index(device)).name


def get_device_properties(device: int | None = None) -> dict[str, Any]:
    """Everything known about the device as plain data.

    Keys: name, vendor, vendor_id, device_id, type (discrete/integrated/virtual/cpu/other),
    total_memory (bytes of device-local memory), unified_memory, subgroup_size, dtypes, features,
    limits, api_version, driver_name, driver_info, memory_heaps, memory_types, queue_families,
    cooperative_matrix_shapes, index, ...
    """
    physical = _physical(_index(device))
    props = physical.describe()
    props["name"] = physical.name
    props["type"] = physical.type
    props["vendor"] = _VENDORS.get(physical.vendor_id, f"0x{physical.vendor_id:04x}")
    return props


def _physical(index: int) -> Any:
    from ..hal import get_instance

    return get_instance().physical_devices[index]


def synchronize(device: int | None = None) -> None:
    """Wait until the device has finished all work submitted so far (and submit what is recorded)."""
    for context in _context.existing(_index(device)):
        context.synchronize()


# -- memory ---------------------------------------------------------------------------------------------
_ZERO_STATS: dict[str, int] | None = None


def memory_stats(device: int | None = None) -> dict[str, int]:
    """The caching allocator's statistics as a flat dict (PyTorch's key scheme).

    ``<stat>.all.<metric>``: stat in ``allocation`` (live allocations), ``allocated_bytes`` (bytes they
    hold, rounded), ``requested_bytes`` (bytes asked for), ``active``/``active_bytes`` (live, or freed and
    still in use by the GPU), ``segment``/``reserved_bytes`` (blocks obtained from the driver); metric in
    ``current``, ``peak``, ``allocated`` (total added), ``freed`` (total removed). Counters:
    ``num_alloc_retries``, ``num_ooms``, ``num_device_alloc``, ``num_device_free``; and
    ``inactive_cached_bytes.all.current`` (cached bytes free for reuse).
    A device not used yet reports zeros.
    """
    contexts = _context.existing(_index(device))
    if contexts:
        return contexts[0].allocator.stats()
    return dict(_zero_stats())


def _zero_stats() -> dict[str, int]:
    global _ZERO_STATS
    if _ZERO_STATS is None:
        from .allocator import CachingAllocator

        keys = {f"{name}.all.{metric}": 0 for name in CachingAllocator._STATS for metric in Stat.METRICS}
        keys.update({name: 0 for name in CachingAllocator._COUNTERS})
        keys["inactive_cached_bytes.all.current"] = 0
        _ZERO_STATS = keys
    return _ZERO_STATS


def memory_allocated(device: int | None = None) -> int:
    """Bytes held by live arrays."""
    return memory_stats(device)["allocated_bytes.all.current"]


def max_memory_allocated(device: int | None = None) -> int:
    """Peak of :func:`memory_allocated` since the start or the last :func:`reset_peak_memory_stats`."""
    return memory_stats(device)["allocated_bytes.all.peak"]


def memory_reserved(device: int | None = None) -> int:
    """Bytes obtained from the driver by the caching allocator (allocated + cached)."""
    return memory_stats(device)["reserved_bytes.all.current"]


def max_memory_reserved(device: int | None = None) -> int:
    """Peak of :func:`memory_reserved`."""
    return memory_stats(device)["reserved_bytes.all.peak"]


def reset_peak_memory_stats(device: int | None = None) -> None:
    """Set every peak statistic to its current value."""
    for context in _context.existing(_index(device)):
        context.allocator.reset_peak_stats()


def reset_accumulated_memory_stats(device: int | None = None) -> None:
    """Zero the ``allocated``/``freed`` totals and the counters."""
    for context in _context.existing(_index(device)):
        context.allocator.reset_accumulated_stats()


def empty_cache(device: int | None = None) -> None:
    """Release the cached blocks no array uses back to the driver (all used devices when None)."""
    contexts = _context.existing() if device is None else _context.existing(_index(device))
    for context in contexts:
        context.allocator.empty_cache()


def memory_summary(device: int | None = None) -> str:
    """A readable table of :func:`memory_stats`."""
    index = _index(device)
    stats = memory_stats(index)
    rows = [
        ("Allocated memory", "allocated_bytes", True),
        ("Requested memory", "requested_bytes", True),
        ("Active memory", "active_bytes", True),
        ("Reserved memory", "reserved_bytes", True),
        ("Allocations", "allocation", False),
        ("Active allocations", "active", False),
        ("Driver blocks", "segment", False),
    ]
    width = 78
    lines = [
        "=" * width,
        f" vulkit memory summary, device {index} ({get_device_name(index)})".ljust(width),
        "-" * width,
        f"{'Metric':<22}|{'Current':>13} |{'Peak':>13} |{'Tot. alloc':>13} |{'Tot. freed':>11}",
        "-" * width,
    ]
    for label, name, is_bytes in rows:
        cells = []
        for metric in ("current", "peak", "allocated", "freed"):
            value = stats[f"{name}.all.{metric}"]
            cells.append(_fmt(value) if is_bytes else str(value))
        lines.append(f"{label:<22}|{cells[0]:>13} |{cells[1]:>13} |{cells[2]:>13} |{cells[3]:>11}")
    lines.append("-" * width)
    lines.append(f"Cached, free for reuse: {_fmt(stats['inactive_cached_bytes.all.current'])}")
    lines.append(
        f"Driver allocations: {stats['num_device_alloc']}   driver frees: {stats['num_device_free']}   "
        f"retries: {stats['num_alloc_retries']}   out-of-memory errors: {stats['num_ooms']}"
    )
    lines.append("=" * width)
    return "\n".join(lines)
