"""Base class of every Vulkan object a device owns: idempotent destroy and live-object counters."""

from __future__ import annotations

import threading
import weakref
from collections import Counter
from typing import Any

from ...errors import DestroyedError
from ._ffi import ffi

_live: Counter[str] = Counter()
# NOTE: threads create and destroy resources on one device at once; `+=` on a Counter is not atomic.
# Reentrant: a garbage collection inside a locked section may finalize (destroy) a resource.
_lock = threading.RLock()


def live_counts() -> dict[str, int]:
    """Number of live (created, not destroyed) objects of each resource class, for leak tests."""
    return {name: count for name, count in _live.items() if count}


class Resource:
    """A Vulkan object owned by a :class:`~vulkit.hal.vulkan.device.Device`.

    Subclasses set ``self.handle`` and implement :meth:`_release`. :meth:`destroy` is idempotent;
    the device destroys whatever is still alive, newest first, before it destroys itself.
    """

    handle: Any = ffi.NULL
    _alive = False

    def __init__(self, device: Any) -> None:
        self.device = device
        self._alive = True
        with _lock:
            _live[type(self).__name__] += 1
        device._track(self)

    @property
    def alive(self) -> bool:
        return self._alive

    def require_alive(self, what: str | None = None) -> None:
        """Raise DestroyedError if this object was destroyed."""
        if not self._alive:
            raise DestroyedError(f"{what or type(self).__name__} was destroyed and cannot be used")

    def destroy(self) -> None:
        """Release the Vulkan object (idempotent)."""
        if not self._alive:
            return
        self._alive = False
        with _lock:
            _live[type(self).__name__] -= 1
        if self.device.alive:
            self._release()
        self.handle = ffi.NULL

    def _release(self) -> None:
        raise NotImplementedError

    def __del__(self) -> None:
        if self._alive:
            try:
                self.destroy()
            except Exception:  # noqa: BLE001 - never raise from a finalizer
                pass


class ResourceTracker:
    """Weak references to a device's live resources, in creation order."""

    def __init__(self) -> None:
        self._refs: dict[int, weakref.ref[Resource]] = {}
        self._counter = 0

    def add(self, resource: Resource) -> None:
        with _lock:
            self._counter += 1
            self._refs[self._counter] = weakref.ref(resource)
            if len(self._refs) > 4096 and self._counter % 4096 == 0:
                self._refs = {k: r for k, r in self._refs.items() if (o := r()) is not None and o.alive}

    def destroy_all(self) -> None:
        """Destroy every tracked resource that is still alive, newest first."""
        with _lock:
            keys = sorted(self._refs, reverse=True)
        for key in keys:
            ref = self._refs.get(key)
            resource = ref() if ref is not None else None
            if resource is not None:
                resource.destroy()
        self._refs.clear()
