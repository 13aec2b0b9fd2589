"""One lock per device context, shared by its stream and allocator, so that threads may use arrays at once."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def locked(method: F) -> F:
    """Run ``method`` holding ``self.lock`` (a threading.RLock: the methods call each other, and a
    finalizer may free memory while its thread holds the lock)."""

    @functools.wraps(method)
    def run_locked(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            return method(self, *args, **kwargs)

    return run_locked  # type: ignore[return-value]
