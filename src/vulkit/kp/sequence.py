"""Sequence: operations recorded into a command buffer, submitted to one queue."""

from __future__ import annotations

import threading
import weakref
from typing import TYPE_CHECKING, Any

from ..errors import DestroyedError, KpTypeError, KpValueError, ValidationError
from ..hal import CommandBuffer, CommandPool, Fence, QueryPool
from .access import BarrierTracker
from .ops.base import OpBase
from .types import as_int

if TYPE_CHECKING:
    from .manager import Manager

_FOREVER_NS = 0xFFFFFFFFFFFFFFFF


class Sequence:
    """Records operations into a command buffer and runs them on one queue.

    ``record(op)`` appends (chainable); ``eval()`` submits and waits; ``eval_async()`` submits and
    returns at once, ``eval_await()`` waits. A recorded sequence can be evaluated again and again.
    With ``total_timestamps`` > 0 the GPU writes a timestamp before the first op and after each op
    (up to ``total_timestamps`` in all); :meth:`get_timestamps` returns them in ticks.
    """

    def __init__(self, manager: Manager, queue_index: int = 0, total_timestamps: int = 0) -> None:
        index = as_int(queue_index)
        if index is None:
            raise KpTypeError(f"queue_index must be an int, got {queue_index!r}")
        queue_index = index
        if not 0 <= queue_index < len(manager.device.queues):
            raise KpValueError(
                f"queue_index {queue_index} is out of range: the Manager has {len(manager.device.queues)} queue(s)"
                " (choose them with family_queue_indices)")
        count = as_int(total_timestamps)
        if count is None or count < 0:
            raise KpValueError(f"total_timestamps must be an int >= 0, got {total_timestamps!r}")
        total_timestamps = count
        self._manager_ref = weakref.ref(manager)
        self.queue = manager.device.queues[queue_index]
        device = manager.device
        self._pool = CommandPool(device, self.queue.family)
        self._command_buffer = CommandBuffer(self._pool)
        self._fence = Fence(device)
        self._timestamps: QueryPool | None = None
        if total_timestamps:
            if not self.queue.timestamp_valid_bits:
                raise KpValueError(f"queue family {self.queue.family} of this device does not support timestamps")
            try:
                self._timestamps = QueryPool(device, total_timestamps)
            except ValueError as exc:  # more queries than a pool holds: Kompute's RuntimeError too
                raise KpValueError(str(exc)) from None
        self._ops: list[OpBase] = []
        self._tracker = BarrierTracker()
        self._recording = False
        self._running = False  # Kompute's state: evaluated and not yet awaited
        self._in_flight = False  # the GPU may still execute the command buffer (also after a timed-out await)
        self._destroyed = False
        self._timestamps_written = 0
        self._timestamps_ready = False
        # (algorithm, the pipeline recorded for it): a rebuild after recording makes the recording stale.
        self._pipelines: list[tuple[Any, Any]] = []
        self._submit: Any = None
        self._lock = threading.RLock()

    # -- recording ----------------------------------------------------------------------------------
    def record(self, op: OpBase) -> Sequence:
        """Append ``op`` to the command buffer (starting a recording if none is open).

        A sequence is recorded by one thread at a time; threads that work concurrently use
        sequences of their own (the Manager and its queues are safe to share).
        """
        if not isinstance(op, OpBase):
            raise KpTypeError(f"Sequence.record takes a kp operation (OpBase), got {type(op).__name__}")
        if self._running or self._destroyed or not self._command_buffer._alive:
            self._require_usable("record")
        if getattr(op, "_kp_owner", None) is not self._manager_ref:
            self._check_manager(op)
        if not self._recording:
            self._begin()
        self._record_op(op)
        self._ops.append(op)
        return self

    def _record_op(self, op: OpBase) -> None:
        cb = self._command_buffer
        accesses = op.accesses()
        self._tracker.before(cb, accesses)
        op.record(cb)
        self._tracker.after(cb, accesses)
        written = {id(a.resource) for a in accesses if a.write} if accesses is not None else None
        for memory in op.memories() or ():  # a custom op that does not say what it touches may write all
            if written is None or id(memory._primary) in written:
                memory.device_written = True
        if self._timestamps is not None:
            self._write_timestamp()
        algorithm = getattr(op, "algorithm", None)
        if algorithm is not None:
            self._pipelines.append((algorithm, algorithm._pipeline))

    def _begin(self) -> None:
        """Open the command buffer; ops recorded before (and evaluated) are recorded again first, so
        that ``record`` after ``eval`` appends."""
        self._settle()
        cb = self._command_buffer
        cb.begin()
        self._recording = True
        self._tracker.reset()
        self._pipelines = []
        self._timestamps_written = 0
        self._timestamps_ready = False
        if self._timestamps is not None:
            cb.reset_query_pool(self._timestamps)
            self._write_timestamp()
        for op in self._ops:
            self._record_op(op)

    def _write_timestamp(self) -> None:
        if self._timestamps_written < self._timestamps.count:
            self._command_buffer.write_timestamp(self._timestamps, self._timestamps_written)
            self._timestamps_written += 1

    def _end(self) -> None:
        if self._recording:
            self._tracker.finish(self._command_buffer)
            self._command_buffer.end()
            self._recording = False

    def clear(self) -> None:
        """Forget the recorded operations."""
        with self._lock:
            self._require_usable("clear")
            # NOTE: no end() first: a recording that names a destroyed object must not be ended.
            self._command_buffer.reset()
            self._recording = False
            self._ops = []
            self._pipelines = []
            self._timestamps_ready = False

    def rerecord(self) -> None:
        """Record the same operations again (after tensors or algorithms were rebuilt)."""
        with self._lock:
            ops = list(self._ops)
            self.clear()
            for op in ops:
                self.record(op)

    # -- evaluation ---------------------------------------------------------------------------------
    def eval(self, op: OpBase | None = None) -> Sequence:
        """Run the recorded operations (or clear, record ``op`` and run it) and wait for the GPU."""
        self.eval_async(op)
        return self.eval_await()

    def eval_async(self, op: OpBase | None = None) -> Sequence:
        """Submit the recorded operations (or just ``op``) and return at once; see :meth:`eval_await`."""
        with self._lock:
            self._require_usable("eval_async")
            if op is not None:
                if self._recording or self._ops:
                    self.clear()
                self.record(op)
            if not self._ops:
                raise RuntimeError("the sequence has no recorded operations to evaluate")
            self._check_recording()
            self._end()
            cb = self._command_buffer
            for item in self._ops:
                item.pre_eval(cb)
            self._settle()  # a timed-out evaluation may still run: never resubmit or reset under it
            self._fence.reset()
            if self._submit is None:
                self._submit = self.queue.prepare([cb])
            try:
                self.queue.submit_prepared(self._submit, self._fence)
            except ValidationError:
                self._running = self._in_flight = True  # submitted all the same: await (or destroy) waits for it
                raise
            self._running = self._in_flight = True
        return self

    def eval_await(self, wait_for: int = _FOREVER_NS) -> Sequence:
        """Wait up to ``wait_for`` nanoseconds (as Kompute) for an ``eval_async``, then run post-eval steps.

        If the wait times out, this returns as Kompute's does: the sequence no longer counts as running
        (``is_running()`` is False; a second ``eval_await`` returns at once) and the post-eval steps of that
        evaluation are skipped. The GPU goes on: its copies into the host data (OpSyncLocal) land when it
        finishes, as in Kompute (visible at once on host-coherent memory; elsewhere after the next evaluation's
        OpSyncLocal). vulkit still knows that the GPU may be running it: recording, evaluating or destroying the
        sequence (or what it uses), or exiting Python, waits for it first. Awaiting a sequence that is not
        running does nothing.
        """
        with self._lock:
            self._require_alive()
            if not self._running:
                return self
            nanoseconds = as_int(wait_for)
            if nanoseconds is None or nanoseconds < 0:
                raise KpValueError(f"wait_for is a timeout in nanoseconds (an int >= 0), got {wait_for!r}")
            wait_for = nanoseconds
            timeout = None if wait_for >= _FOREVER_NS else wait_for / 1e9
            finished = self._fence.wait(timeout)
            self._running = False
            if not finished:
                return self
            self._in_flight = False
            self._timestamps_ready = True
            cb = self._command_buffer
            for item in self._ops:
                item.post_eval(cb)
        return self

    def _check_recording(self) -> None:
        """Raise before submitting a command buffer that names destroyed or replaced Vulkan objects."""
        for op in self._ops:
            for memory in op.memories():
                if memory._destroyed or not memory._primary._alive:
                    memory.require_alive()
        for algorithm, pipeline in self._pipelines:
            if algorithm._pipeline is not pipeline:
                if not algorithm.is_init():
                    raise DestroyedError("an algorithm was destroyed after it was recorded in this sequence")
                raise RuntimeError("an algorithm recorded in this sequence was rebuilt since; call rerecord() "
                                   "to record the sequence again")

    # -- state --------------------------------------------------------------------------------------
    def wait_for_gpu(self) -> None:
        """Wait until the submitted work has finished on the GPU, without completing the evaluation
        (``eval_await()`` still runs post_eval)."""
        if self._in_flight and self._fence.alive:
            self._fence.wait()

    def _settle(self) -> None:
        """Wait for an evaluation whose await timed out (the GPU may still run its command buffer)."""
        if self._in_flight and not self._running and self._fence.alive:
            self._fence.wait()
            self._in_flight = False

    def is_running(self) -> bool:
        """Whether an ``eval_async`` was submitted and not yet awaited (even if the GPU has finished)."""
        return self._running

    def is_recording(self) -> bool:
        return self._recording

    def is_init(self) -> bool:
        return not self._destroyed and self._command_buffer.alive

    def get_timestamps(self) -> list[int]:
        """GPU timestamps (ticks; multiply by ``timestamp_period_ns`` for ns) of the last evaluation."""
        if self._timestamps is None:
            raise RuntimeError("this sequence was created without timestamps (use total_timestamps > 0)")
        self._require_alive()
        if self._running:
            raise RuntimeError("the sequence is still running; call eval_await() first")
        if not self._timestamps_ready:
            raise RuntimeError("no evaluation of what is recorded has finished yet: eval() first")
        return self._timestamps.results(self._timestamps_written)

    @property
    def timestamp_period_ns(self) -> float:
        """Nanoseconds per timestamp tick on this device."""
        return self.queue.device.limits["timestamp_period_ns"]

    def destroy(self) -> None:
        """Wait for running work, then free the command buffer, fence and query pool (idempotent)."""
        with self._lock:
            if self._destroyed:
                return
            if self._in_flight and self._fence.alive:
                self._fence.wait()
            self._running = self._in_flight = False
            self._destroyed = True
            self._ops = []
            for resource in (self._timestamps, self._fence, self._command_buffer, self._pool):
                if resource is not None:
                    resource.destroy()

    # -- checks -------------------------------------------------------------------------------------
    def _require_alive(self) -> None:
        if self._destroyed or not self._command_buffer.alive:
            raise DestroyedError("this sequence was destroyed and cannot be used")

    def _require_usable(self, what: str) -> None:
        self._require_alive()
        if self._running:
            raise RuntimeError(f"cannot {what} while the sequence is running; call eval_await() first")

    def _check_manager(self, op: OpBase) -> None:
        """Check (once per op) that the op's tensors belong to this sequence's Manager."""
        manager = self._manager_ref()
        for memory in op.memories():
            memory.require_alive()
            if memory.manager is not manager:
                raise KpValueError("the operation uses a tensor or image of another Manager than the sequence's")
        op._kp_owner = self._manager_ref

    def __del__(self) -> None:
        # NOTE: a sequence dropped while running (eval_async without eval_await) waits for the GPU,
        # or its command buffer and the tensors its ops hold would be freed under the running work.
        try:
            if self._in_flight and not self._destroyed and self._fence.alive:
                self._fence.wait()
        except Exception:  # noqa: BLE001 - never raise from a finalizer
            pass

    def __enter__(self) -> Sequence:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.destroy()

    def __repr__(self) -> str:
        state = "destroyed" if self._destroyed else "running" if self._running else f"{len(self._ops)} op(s)"
        return f"<kp.Sequence queue {self.queue.family}:{self.queue.index}, {state}>"
