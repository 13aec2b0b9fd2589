"""``vt.device``: the device module, in the style of ``torch.cuda`` / ``torch.mps``.

Devices (``is_available``, ``device_count``, ``set_device``, ``current_device``, ``get_device_name``,
``get_device_properties``, ``synchronize``), the caching allocator's statistics (``memory_allocated``,
``memory_reserved``, ``memory_stats``, ``memory_summary``, ``empty_cache`` ...), GPU-timed ``Event``s, and
``kp_manager()``, a Kompute Manager on the arrays' device (see :mod:`vulkit.interop`).
"""

from __future__ import annotations

from .interop import kp_manager
from .runtime.device import *  # noqa: F403 - the device module is runtime's, plus kp_manager
from .runtime.device import __all__ as _runtime_all

__all__ = [*_runtime_all, "kp_manager"]
