"""Streams: operations recorded into command buffers and submitted in batches.

A :class:`Stream` records dispatches, copies and fills into the command buffer of its *open batch*
and submits the batch when it is long enough, when the host needs a result (:meth:`Stream.read`),
or on :meth:`Stream.flush` / :meth:`Stream.synchronize`. "Long enough" starts at
``FIRST_BATCH_OPS`` operations or ``FIRST_BATCH_WORK`` workgroups after the host has waited (so an idle
GPU gets work soon: a few large dispatches are worth submitting at once, many tiny ones are not) and
doubles with each batch up to ``max_batch_ops`` / ``MAX_BATCH_WORK`` (so a busy stream pays for few
submissions), except that a batch of ``IDLE_FLUSH_OPS`` operations and ``IDLE_FLUSH_WORK`` workgroups is
submitted at once when the GPU has finished all the batches before it (the host is then the slower one: the GPU
should not wait for a long batch); the work threshold grows to at least twice what the batch held, so a run of
dispatches that each pass it alone is not submitted one by one. Batch ``v`` signals value ``v`` of the stream's
timeline (a timeline semaphore, or fences), so "is the GPU done with
this memory?" is one comparison with :attr:`Stream.completed`.

Barriers: a stream is a :class:`~vulkit.hal.HazardTracker` (hal's one hazard tracker): each
:class:`~vulkit.runtime.allocator.Allocation` remembers the *epoch* (the span between two barriers) of its
last read and write. An operation gets a barrier only when it reads or writes an allocation written in the
current epoch, or writes one read in it (RAW, WAW, WAR); the barrier waits for the stages used since the
previous barrier. The tracking runs across batches too (a barrier orders everything earlier in submission
order), and every batch ends with a barrier that makes its writes visible to the host. So results are exact
however the work is batched.

Up to ``max_in_flight`` batches are on the GPU at once; recording a new batch when all command
buffers are in flight waits for the oldest, which bounds how far the host runs ahead.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from ..errors import VulkanError
from ..hal import (
    SHADER_READ,
    SHADER_STAGE,
    SHADER_WRITE,
    TRANSFER_READ,
    TRANSFER_STAGE,
    TRANSFER_WRITE,
    CommandBuffer,
    CommandPool,
    ComputePipeline,
    DescriptorPool,
    HazardTracker,
    buffer_info,
)
from ._locking import locked
from .allocator import Allocation
from .staging import StagingRing
from .timeline import FenceTimeline, SemaphoreTimeline

_STREAM_STAGES = SHADER_STAGE | TRANSFER_STAGE
_STREAM_ACCESS = SHADER_READ | SHADER_WRITE | TRANSFER_READ | TRANSFER_WRITE
FIRST_BATCH_OPS = 32
# NOTE: an elementwise workgroup covers 1-4K elements, so 4096 of them are tens of µs of an H100's time;
# without this the GPU idled while the host recorded the first 32 large ops (broadcast add: +30 % wall).
FIRST_BATCH_WORK = 4096
# NOTE: each batch boundary cost the H100 about 7 µs of GPU time (the end-of-batch barrier and signal): 2^28-element
# ops (2^18 workgroups each) in batches of at most 2^20 workgroups ran 0.5 % slower than in one batch.
MAX_BATCH_WORK = 1 << 22
# NOTE: a chain of dependent mid-sized dispatches (a blocked factorization: ~35 us of host time and ~30 us of GPU
# time each) left the GPU idle while the host recorded the doubled batches, then ran the last one alone: so a batch
# of at least IDLE_FLUSH_OPS operations and IDLE_FLUSH_WORK workgroups is also submitted as soon as the GPU has
# nothing left (checked every IDLE_CHECK_OPS operations: a semaphore query). Tiny ops (a workgroup each) reach it
# after IDLE_FLUSH_WORK of them: a submission every 64 of them instead of every 512. With 16 operations (checked
# every 4) a loop of mid-sized image ops (~45 us of GPU time, ~30 of host time each) still left the GPU waiting for
# each doubled batch; from 2 (checked every one) on an H100: bilinear halving 1111 -> 1369 GB/s, gaussian_filter
# 1007 -> 1140 and 1223 -> 1649, cholesky 4096^2 8.48 -> 7.92 ms. From 64 workgroups instead of 1024 (a Cholesky
# step's panel has 1-63): bilinear halving 1042-1072 -> 1314-1337 GB/s, cholesky 6.36-6.74 -> 6.03-6.47 ms, solve
# unchanged. Later, on an H200 (a submission 25 us of host time there), 64 / 512 / 4096 workgroups in turn: 1000
# tiny adds 12.6-13.0 / 10.5-11.6 / 10.9-11.6 ms (a submission every 64 of them cost 15 %), cholesky 4096^2
# 4.97-5.13 / 4.86-5.06 / 4.93-5.19 ms, bilinear halving 62-65 / 64-67 / 57-62 us, 100 matrix-vector products
# 3.28-3.46 / 3.13-3.38 / 3.17-3.24 ms.
IDLE_FLUSH_OPS = 2
IDLE_FLUSH_WORK = 512
IDLE_CHECK_OPS = 1
_MiB = 1024 * 1024

Resource = Allocation | tuple[Allocation, int, int]


class FillStep(NamedTuple):
    """A fill as a capture keeps it (:attr:`Stream.capture`)."""

    dst: Allocation
    value32: int
    nbytes: int | None  # None: to the end (a kept fill)
    offset: int


class _Slot:
    """A command buffer and the descriptor pools of the batches recorded into it."""

    __slots__ = ("command_buffer", "pools", "pool_index")

    def __init__(self, command_buffer: CommandBuffer) -> None:
        self.command_buffer = command_buffer
        self.pools: list[DescriptorPool] = []
        self.pool_index = 0


class Stream(HazardTracker):
    """Batched, asynchronous execution on one queue of a hal Device.

    ``max_batch_ops``: the most operations per batch before it is submitted on its own. ``max_in_flight``:
    command buffers (batches on the GPU at once). ``timeline``: use a timeline semaphore (None: when
    the device has them, else fences). ``map_host_memory``: read and write host-visible memory
    directly (False: always through the staging ring). ``staging_size``: bytes of the staging ring.
    ``barriers`` and ``batches`` count the barriers recorded between operations and the batches submitted;
    ``epoch`` numbers the spans between barriers. ``lock``: an RLock held by every operation (None: a new
    one; a device context shares one with its allocator), so that threads may use the stream at once.
    """

    def __init__(self, device: Any, queue: Any = None, max_batch_ops: int = 512, max_in_flight: int = 3,
                 timeline: bool | None = None, map_host_memory: bool = True,
                 staging_size: int = 32 * _MiB, lock: Any = None) -> None:
        if max_batch_ops < 1 or max_in_flight < 1:
            raise ValueError("max_batch_ops and max_in_flight must be at least 1")
        self.device = device
        self.lock = lock or threading.RLock()
        self.queue = queue or device.queues[0]
        self.max_batch_ops = max_batch_ops
        self.map_host_memory = map_host_memory
        self._command_pool = CommandPool(device, self.queue.family)
        self._slots = [_Slot(CommandBuffer(self._command_pool)) for _ in range(max_in_flight)]
        use_timeline = device.timeline_semaphores if timeline is None else timeline
        self._clock = (SemaphoreTimeline if use_timeline else FenceTimeline)(device, max_in_flight)
        self.staging = StagingRing(device, staging_size)
        self.known_completed = 0
        self._value = 1
        self.recorded_ops = 0  # operations recorded since the stream began (dispatches, copies, fills, writes)
        # while a list: every dispatch() and fill() is appended to it (array/ops/recording)
        self.capture: list[Any] | None = None
        self._cb: CommandBuffer | None = None
        self._slot: _Slot | None = None
        self._ops = 0
        self._flush_at = min(FIRST_BATCH_OPS, max_batch_ops)
        self._work = 0
        self._flush_work = FIRST_BATCH_WORK
        self._retired: deque[tuple[int, Any]] = deque()
        self._bound: ComputePipeline | None = None
        HazardTracker.__init__(self, _STREAM_STAGES, _STREAM_ACCESS)
        self.closed = False
        self.batches = 0
        self._unsubmitted = 0

    # -- timeline -------------------------------------------------------------------------------------
    @property
    def completed(self) -> int:
        """The value of the last batch the GPU has finished (queries the GPU)."""
        value = self._clock.completed()
        if value > self.known_completed:
            self.known_completed = value
        return self.known_completed

    @property
    def submitted(self) -> int:
        """The value of the last submitted batch."""
        return self._value - 1

    @property
    def current_value(self) -> int:
        """The value the open batch will signal (what ``last_use`` of what it touches is set to)."""
        return self._value

    def is_done(self, value: int) -> bool:
        """Whether batch ``value`` has finished (without waiting)."""
        return value <= self.known_completed or value <= self.completed

    @locked
    def wait(self, value: int, restart: bool = True) -> None:
        """Wait until batch ``value`` has finished, submitting it first if it is still being recorded.

        ``restart``: the GPU will be idle, so the next batches start short again (False for waits
        that only make room: a full ring of command buffers or of staging memory).
        """
        if value <= self.known_completed:
            return
        if self._unsubmitted and value >= self._unsubmitted:
            raise RuntimeError(f"batch {self._unsubmitted} of this stream failed to submit; batch {value} never "
                               "runs (the device may be lost)")
        if value >= self._value:
            if value > self._value:
                raise ValueError(f"batch {value} does not exist yet (the open batch is {self._value})")
            if self._cb is None:  # the open batch is empty: wait for everything before it
                self.wait(value - 1, restart)
                return
            self.flush()
        self._clock.wait(value)
        if value > self.known_completed:
            self.known_completed = value
        if restart:
            self._flush_at = min(FIRST_BATCH_OPS, self.max_batch_ops)
            self._flush_work = FIRST_BATCH_WORK

    @locked
    def flush(self) -> int:
        """Submit the open batch (if it holds anything); returns the value of the last submitted batch."""
        cb = self._cb
        if cb is None:
            return self._value - 1
        self.to_host(cb)
        cb.end()
        value = self._value
        self._cb = None
        self._slot = None
        self._ops = 0
        self._flush_at = min(2 * self._flush_at, self.max_batch_ops)
        self._flush_work = min(2 * max(self._flush_work, self._work), MAX_BATCH_WORK)
        self._work = 0
        self._bound = None
        self._value = value + 1
        try:
            self._clock.submit(self.queue, cb, value)
        except VulkanError:
            self._unsubmitted = value  # never signalled: waiting for it must not hang
            raise
        self.batches += 1
        return value

    @locked
    def synchronize(self) -> None:
        """Submit the open batch and wait until the GPU has finished everything submitted."""
        self.wait(self.flush())

    def _begin(self) -> CommandBuffer:
        if self.closed:
            raise RuntimeError("the stream was closed")
        value = self._value
        slots = self._slots
        oldest = value - len(slots)
        if oldest > self.known_completed:
            self.wait(oldest, restart=False)
        retired = self._retired
        while retired and retired[0][0] <= self.known_completed:
            retired.popleft()[1].destroy()
        slot = slots[value % len(slots)]
        for pool in slot.pools[:slot.pool_index]:
            pool.reset()
        slot.pool_index = 0
        cb = slot.command_buffer
        cb.begin(one_time=True)
        self._cb = cb
        self._slot = slot
        return cb

    def _op_done(self, work: int = 0) -> None:
        """Count an operation (and its workgroups); submit the batch once it is long enough, or once it holds
        ``IDLE_FLUSH_WORK`` workgroups while the GPU has finished everything submitted before it."""
        self._ops += 1
        self.recorded_ops += 1
        self._work += work
        if self._ops >= self._flush_at or self._work >= self._flush_work:
            self.flush()
        elif (self._ops >= IDLE_FLUSH_OPS and self._ops % IDLE_CHECK_OPS == 0 and self._work >= IDLE_FLUSH_WORK
              and self.is_done(self._value - 1)):
            self.flush()

    # -- operations -------------------------------------------------------------------------------------
    @locked
    def mark(self, timestamps: Any = None, query: int = 0) -> int:
        """Order every later operation after every earlier one; returns the batch value that passes the mark.

        ``timestamps``: a hal QueryPool whose query ``query`` gets the GPU time at which the earlier
        operations have finished (what CUDA and PyTorch events measure).
        """
        cb = self._cb or self._begin()
        if timestamps is not None:
            cb.reset_query_pool(timestamps, query, 1)
            cb.write_timestamp(timestamps, query)
        if self.pending:
            self.barrier(cb)
        return self._value

    @locked
    def retire(self, resource: Any, value: int) -> None:
        """Destroy ``resource`` (a hal object the stream's batches use) once batch ``value`` has finished."""
        if value <= self.known_completed or self.closed:
            resource.destroy()
        else:
            self._retired.append((value, resource))

    def dispatch(self, pipeline: ComputePipeline, resources: Sequence[Resource], push: Any = b"",
                 groups: tuple[int, int, int] = (1, 1, 1), reads: Sequence[Allocation] | None = None,
                 writes: Sequence[Allocation] | None = None) -> None:
        """Record a dispatch of ``pipeline`` over ``groups`` workgroups.

        ``resources``: one per binding, an Allocation or (Allocation, byte offset, byte size).
        ``push``: push-constant bytes. ``reads``/``writes``: the allocations the shader reads and
        writes (None for both: every resource is taken as read and written; a resource in neither is
        taken as untouched by the shader, so nothing orders or keeps its memory). A pipeline without
        bindings that reaches its buffers through addresses (``Allocation.address`` in the push
        constants, GL_EXT_buffer_reference) passes ``resources=()`` and names them in reads/writes.
        """
        self.lock.acquire()  # NOTE: not `with`: twice as fast, and this is the eager hot path
        try:
            # NOTE: descriptors are packed bytes kept per allocation.
            cb = self._cb
            if cb is None:
                cb = self._begin()
            infos = []
            for r in resources:
                if r.__class__ is tuple:
                    a, offset, size = r
                    if offset < 0 or size <= 0 or offset + size > a.size:
                        raise ValueError(f"range [{offset}, {offset + size}) is outside the allocation of "
                                         f"{a.size} bytes")
                    if a.buffer is None:
                        raise ValueError("an allocation passed to dispatch was freed")
                    infos.append(buffer_info(a.buffer, a.offset + offset, size))
                else:
                    infos.append(r._desc or r.descriptor())
            if reads is None and writes is None:
                reads = writes = [r[0] if r.__class__ is tuple else r for r in resources]
            elif reads is None:
                reads = ()
            elif writes is None:
                writes = ()
            self.track(cb, reads, writes, SHADER_STAGE, SHADER_WRITE, self._value)
            if push.__class__ is not bytes:
                push = bytes(push)
            if self.capture is not None:
                self.capture.append((pipeline, tuple(resources), push, tuple(groups), tuple(reads), tuple(writes)))
            self._record(cb, pipeline, b"".join(infos), push, *groups)
            if any(a.host_views for a in writes):
                self.synchronize()
        finally:
            self.lock.release()

    def dispatch_to(self, pipeline: ComputePipeline, inputs: Sequence[Allocation], output: Allocation, push: bytes,
                    groups: int) -> None:
        """:meth:`dispatch` for the eager elementwise op: whole allocations bound in order (``inputs``, read,
        then ``output``, written; a pipeline without bindings takes their addresses in ``push``), ``push``
        bytes, ``groups`` along x."""
        self.lock.acquire()  # NOTE: not `with`: twice as fast, and this is the eager hot path
        try:
            cb = self._cb
            if cb is None:
                cb = self._begin()
            self.track(cb, inputs, (output,), SHADER_STAGE, SHADER_WRITE, self._value)
            if self.capture is not None:
                self.capture.append((pipeline, (*inputs, output) if pipeline.bindings else (), push, (groups, 1, 1),
                                     tuple(inputs), (output,)))
            infos = []
            if pipeline.bindings:
                for a in inputs:  # NOTE: a loop, not a comprehension: 0.6 µs less per op on Python 3.11
                    infos.append(a._desc or a.descriptor())
                infos.append(output._desc or output.descriptor())
            self._record(cb, pipeline, b"".join(infos), push, groups)
            if output.host_views:  # the host sees this memory: it must not read values not yet written
                self.synchronize()
        finally:
            self.lock.release()

    def _record(self, cb: CommandBuffer, pipeline: ComputePipeline, infos: bytes, push: bytes, x: int, y: int = 1,
                z: int = 1) -> None:
        """Bind, push and record the dispatch (the hazards are tracked); submits the batch when it is full."""
        if pipeline is not self._bound:
            cb.bind_pipeline(pipeline)
            self._bound = pipeline
        if pipeline.push_descriptor or not pipeline.bindings:
            cb.dispatch_buffers(pipeline, infos, push, x, y, z)
        else:
            self._bind_set(cb, pipeline, infos)
            if push:
                cb.push_constants(pipeline, push)
            cb.dispatch(x, y, z)
        self._op_done(x * y * z)

    def _bind_set(self, cb: CommandBuffer, pipeline: ComputePipeline, infos: bytes) -> None:
        """The path without push descriptors: a descriptor set from the slot's pools."""
        slot = self._slot
        handle = None
        while handle is None:
            if slot.pool_index == len(slot.pools):
                slot.pools.append(DescriptorPool(self.device))
            pool = slot.pools[slot.pool_index]
            handle = pool.allocate(pipeline)
            if handle is None:
                slot.pool_index += 1
        pool.write_buffers(handle, pipeline, infos)
        cb.bind_set_handle(pipeline, handle)

    @locked
    def copy(self, src: Allocation, dst: Allocation, nbytes: int, src_offset: int = 0, dst_offset: int = 0) -> None:
        """Record a copy of ``nbytes`` from ``src`` to ``dst`` (ranges of one allocation must not overlap)."""
        _check_range(src, src_offset, nbytes, "source")
        _check_range(dst, dst_offset, nbytes, "destination")
        if src is dst and src_offset < dst_offset + nbytes and dst_offset < src_offset + nbytes:
            raise ValueError("the source and destination ranges of a copy overlap")
        if nbytes == 0:
            return
        cb = self._cb or self._begin()
        self.track(cb, (src,), (dst,), TRANSFER_STAGE, TRANSFER_WRITE, self._value)
        cb.copy_buffer(src.buffer, dst.buffer, nbytes, src.offset + src_offset, dst.offset + dst_offset)
        self._op_done()
        if dst.host_views:
            self.synchronize()

    @locked
    def fill(self, dst: Allocation, value32: int, nbytes: int | None = None, offset: int = 0) -> None:
        """Record filling ``nbytes`` (None: to the end; offset and size multiples of 4) with a 32-bit value."""
        nbytes = dst.size - offset if nbytes is None else nbytes
        _check_range(dst, offset, nbytes, "fill")
        if offset % 4 or nbytes % 4:
            raise ValueError(f"fill offset and size must be multiples of 4, got {offset} and {nbytes}")
        if nbytes == 0:
            return
        cb = self._cb or self._begin()
        self.track(cb, (), (dst,), TRANSFER_STAGE, TRANSFER_WRITE, self._value)
        if self.capture is not None:
            self.capture.append(FillStep(dst, value32, nbytes, offset))
        cb.fill_buffer(dst.buffer, value32 & 0xFFFFFFFF, nbytes, dst.offset + offset)
        self._op_done()
        if dst.host_views:
            self.synchronize()

    # -- host transfers ---------------------------------------------------------------------------------
    def _mappable(self, allocation: Allocation) -> bool:
        return self.map_host_memory and allocation.buffer.host_visible

    @locked
    def write(self, allocation: Allocation, data: Any, offset: int = 0) -> None:
        """Copy host bytes (buffer protocol, e.g. a contiguous ndarray) into ``allocation`` at ``offset``.

        Directly into mapped memory when it is host-visible and no unfinished GPU work uses it,
        otherwise through the staging ring with a copy recorded in the open batch (no wait).
        """
        source = _byte_view(data)
        nbytes = len(source)
        _check_range(allocation, offset, nbytes, "write")
        if nbytes == 0:
            return
        if self._mappable(allocation) and self.is_done(allocation.last_use):
            allocation.buffer.write(source, allocation.offset + offset)
            return
        ring = self.staging
        staging = ring.buffer
        piece = ring.piece
        for start in range(0, nbytes, piece):
            count = min(piece, nbytes - start)
            region = ring.reserve(count, self)
            staging.write(source[start:start + count], region)
            cb = self._cb or self._begin()
            self.track(cb, (), (allocation,), TRANSFER_STAGE, TRANSFER_WRITE, self._value)
            cb.copy_buffer(staging, allocation.buffer, count, region, allocation.offset + offset + start)
            ring.commit(region, count, self._value)
            self._op_done()
        if allocation.host_views:
            self.synchronize()

    def read(self, allocation: Allocation, nbytes: int | None = None, offset: int = 0) -> np.ndarray:
        """``nbytes`` (None: to the end) of ``allocation`` from ``offset`` as a new uint8 ndarray."""
        nbytes = allocation.size - offset if nbytes is None else nbytes
        out = np.empty(nbytes, dtype=np.uint8)
        self.read_into(allocation, out, offset)
        return out

    @locked
    def read_into(self, allocation: Allocation, out: Any, offset: int = 0) -> Any:
        """Fill the writable C-contiguous buffer ``out`` from ``allocation`` at ``offset``; returns ``out``.

        Waits only for the batch that last wrote the allocation (submitting it if needed).
        """
        target = _writable_byte_view(out)
        nbytes = len(target)
        _check_range(allocation, offset, nbytes, "read")
        if nbytes == 0:
            return out
        if allocation.buffer is None:
            raise ValueError("the allocation was freed")
        if self._mappable(allocation):
            self.wait(allocation.last_write)
            allocation.buffer.read_into(target, allocation.offset + offset)
            return out
        # NOTE: pipelined: the GPU copies piece k+1 into the ring while the host copies piece k out.
        ring = self.staging
        piece = ring.piece
        previous = None
        for start in range(0, nbytes, piece):
            count = min(piece, nbytes - start)
            if previous is not None:  # the host has not copied the previous piece out yet: never copy over it
                _, _, last_count, last_region = previous
                at = ring.next_start(count)
                if at < last_region + last_count and last_region < at + count:
                    self._copy_out(target, *previous)
                    previous = None
            region = self._stage_out(allocation, offset + start, count)
            value = self.flush()
            if previous is not None:
                self._copy_out(target, *previous)
            previous = (value, start, count, region)
        self._copy_out(target, *previous)  # type: ignore[misc]
        return out

    @locked
    def read_while(self, allocation: Allocation, nbytes: int, work: Callable[[], None], offset: int = 0) -> np.ndarray:
        """:meth:`read` of a few bytes (at most a staging piece) that lets the GPU go on meanwhile: the copy out is
        submitted, then ``work()`` records more GPU work (which must not write ``allocation``) and is submitted,
        and only then does the host wait, for the copy alone. A check's flag read this way leaves no idle gap on
        the GPU between the check and the work it guards."""
        out = np.empty(nbytes, dtype=np.uint8)
        target = _writable_byte_view(out)
        _check_range(allocation, offset, nbytes, "read")
        if self._mappable(allocation):
            value = allocation.last_write
            self.flush()
            work()
            self.flush()
            self.wait(value)
            allocation.buffer.read_into(target, allocation.offset + offset)
            return out
        ring = self.staging
        if nbytes > ring.piece:
            raise ValueError(f"read_while reads at most {ring.piece} bytes, got {nbytes}")
        region = self._stage_out(allocation, offset, nbytes)
        value = self.flush()
        work()
        self.flush()
        self._copy_out(target, value, 0, nbytes, region)
        return out

    def _stage_out(self, allocation: Allocation, offset: int, count: int) -> int:
        """Record copying ``count`` bytes of ``allocation`` from ``offset`` into the staging ring (in the open batch);
        returns the ring region."""
        ring = self.staging
        region = ring.reserve(count, self)
        cb = self._cb or self._begin()
        self.track(cb, (allocation,), (), TRANSFER_STAGE, TRANSFER_WRITE, self._value)
        cb.copy_buffer(allocation.buffer, ring.buffer, count, allocation.offset + offset, region)
        ring.commit(region, count, self._value)
        return region

    def _copy_out(self, target: memoryview, value: int, start: int, count: int, region: int) -> None:
        """Wait for batch ``value`` (which copied into the ring at ``region``) and copy to the host."""
        self.wait(value)
        self.staging.buffer.read_into(target[start:start + count], region)

    # -- lifetime ---------------------------------------------------------------------------------------
    @locked
    def close(self) -> None:
        """Finish the GPU work and destroy the stream's Vulkan objects (idempotent)."""
        if self.closed:
            return
        try:
            if self.device.alive:
                self.synchronize()
        finally:
            self.closed = True
            self.staging.destroy()
            for slot in self._slots:
                for pool in slot.pools:
                    pool.destroy()
                slot.command_buffer.destroy()
            while self._retired:
                self._retired.popleft()[1].destroy()
            self._clock.destroy()
            self._command_pool.destroy()

    def __repr__(self) -> str:
        return (f"<Stream batch {self._value} ({self._ops} ops recorded), "
                f"completed {self.known_completed}{', closed' if self.closed else ''}>")


def _check_range(allocation: Allocation, offset: int, nbytes: int, what: str) -> None:
    if offset < 0 or nbytes < 0 or offset + nbytes > allocation.size:
        raise ValueError(f"{what} range [{offset}, {offset + nbytes}) is outside the allocation of "
                         f"{allocation.size} bytes")
    if allocation.buffer is None:
        raise ValueError("the allocation was freed")


def _byte_view(data: Any) -> memoryview:
    """A flat byte view of a bytes-like object or C-contiguous array."""
    if isinstance(data, np.ndarray) and not data.flags.c_contiguous:
        data = np.ascontiguousarray(data)
    view = memoryview(data)
    if not view.c_contiguous:
        raise ValueError("data must be C-contiguous")
    return view.cast("B") if view.format != "B" or view.ndim != 1 else view


def _writable_byte_view(out: Any) -> memoryview:
    view = memoryview(out)
    if view.readonly:
        raise ValueError("the output buffer is read-only")
    if not view.c_contiguous:
        raise ValueError("the output buffer must be C-contiguous")
    return view.cast("B") if view.format != "B" or view.ndim != 1 else view
