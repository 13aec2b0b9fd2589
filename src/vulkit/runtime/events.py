"""``vulkit.device.Event``: a point in a device's stream of work, as ``torch.cuda.Event`` / ``torch.mps.Event``.

``record()`` marks the point in the current device's stream: the event completes when the GPU has
finished every operation recorded before it, and every operation recorded after it starts only then.
With ``enable_timing=True`` the GPU also writes a timestamp there, and ``start.elapsed_time(end)`` gives
the GPU time between two events in milliseconds: the way to time GPU work without counting the
host's time to record it or the stream's batching.
"""

from __future__ import annotations

from typing import Any

from ..hal import QueryPool
from . import context as _context


class Event:
    """A point in the stream of work of the current device (``enable_timing``: with a GPU timestamp)."""

    def __init__(self, enable_timing: bool = False) -> None:
        self.enable_timing = bool(enable_timing)
        self._ctx: Any = None
        self._value = 0
        self._timestamps: QueryPool | None = None

    def record(self) -> None:
        """Mark the current point of the current device's stream (again: moves the mark there)."""
        ctx = _context.current()
        if self.enable_timing:
            if not ctx.stream.queue.timestamp_valid_bits:
                raise RuntimeError(f"the queue of {ctx.device.physical.name} has no GPU timestamps "
                                   "(timestampValidBits is 0): Event(enable_timing=True) cannot time it")
            if self._ctx is not ctx:
                self._release_timestamps()
                self._timestamps = QueryPool(ctx.device, 1)
        self._ctx = ctx
        self._value = ctx.stream.mark(self._timestamps)

    def query(self) -> bool:
        """Whether the GPU has passed the event (True if it was never recorded); never waits."""
        if self._ctx is None or self._ctx.stream.closed:
            return True
        stream = self._ctx.stream
        if self._value > stream.submitted:
            stream.flush()  # NOTE: else a loop polling query() would wait forever for the open batch
        return stream.is_done(self._value)

    def synchronize(self) -> None:
        """Wait until the GPU has passed the event (returns at once if it was never recorded)."""
        if self._ctx is not None and not self._ctx.stream.closed:
            self._ctx.stream.wait(self._value)

    def wait(self) -> None:
        """Make later work of the current device start after the event.

        On the event's own device ``record()`` already orders every later operation after it; on
        another device the host waits for the event.
        """
        if self._ctx is not None and self._ctx is not _context.current():
            self.synchronize()

    def elapsed_time(self, end_event: Event) -> float:
        """GPU milliseconds from this event to ``end_event`` (both recorded with timing, on one device);
        waits for ``end_event``."""
        for event, name in ((self, "the start event"), (end_event, "the end event")):
            if not isinstance(event, Event):
                raise TypeError(f"elapsed_time needs a vulkit.device.Event, got {type(event).__name__}")
            if not event.enable_timing:
                raise ValueError(f"{name} was created without enable_timing=True")
            if event._ctx is None:
                raise ValueError(f"{name} was not recorded")
            if event._ctx.stream.closed:
                raise RuntimeError(f"the device of {name} was shut down since it was recorded: its timestamp is gone")
        if self._ctx is not end_event._ctx:
            raise ValueError("the two events were recorded on different devices")
        self.synchronize()
        end_event.synchronize()
        start, end = self._timestamps.results(1)[0], end_event._timestamps.results(1)[0]
        bits = self._ctx.stream.queue.timestamp_valid_bits
        ticks = (end - start) & ((1 << bits) - 1)  # the counter may have wrapped once in between
        if ticks >= 1 << (bits - 1):
            ticks -= 1 << bits  # end before start: negative, as PyTorch's
        return ticks * self._timestamps.period_ns / 1e6

    def _release_timestamps(self) -> None:
        if self._timestamps is not None:
            self._ctx.stream.retire(self._timestamps, self._value)
            self._timestamps = None

    def __del__(self) -> None:
        try:
            self._release_timestamps()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass

    def __repr__(self) -> str:
        state = "not recorded" if self._ctx is None else f"recorded on device {self._ctx.index}"
        return f"<vulkit.device.Event {state}{', timing' if self.enable_timing else ''}>"
