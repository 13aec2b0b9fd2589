"""The caching allocator: arrays are ranges of a few large device buffers.

Design (after CuPy's ``MemoryPool`` and PyTorch's ``CUDACachingAllocator``):

- **Blocks.** Memory is obtained from the driver in blocks, one hal ``Buffer`` (one VkBuffer bound to
  one VkDeviceMemory) per block, through ``raw_alloc`` (injectable; the default makes a hal Buffer
  of the allocator's memory kind). Requests of at most 1 MiB come from the *small pool*, whose blocks
  are 2 MiB; requests up to 10 MiB from the *large pool*, in 20 MiB blocks; larger requests get a
  block of their own, rounded up to 2 MiB (on out of memory: to the size asked), which joins the
  large pool when freed. Keeping small and large requests apart keeps small long-lived arrays from
  pinning large blocks.
- **Best fit, split, merge.** Sizes are rounded up to ``unit`` (256 bytes, at least the device's
  ``minStorageBufferOffsetAlignment``), so every range is aligned for binding. Each pool keeps its
  free ranges in bins of one exact size with a sorted list of the sizes present: a request takes a
  range of the smallest size that fits (bisect), and the remainder is split off as a free range.
  A range returned to a pool is merged with free neighbours of the same block. Best fit over exact
  sizes beat a buddy scheme for us: a buddy allocator rounds to powers of two (up to 50 % waste per
  array, and array sizes are rarely powers of two), while best fit's search is one bisect.
- **Reuse of memory in flight.** An ``Allocation`` records ``last_use``, the timeline value of the
  last stream batch that used it, and the barrier epochs of its last read and write. A range freed
  while the GPU may still use it is *safe* once its batch has finished or the stream has recorded a
  barrier since its last use. A large range (over 1 MiB) goes back to its pool at once, carrying its
  ``last_use`` and epoch (stream-ordered reuse, as PyTorch's allocator within one stream): the next
  allocation cut from it inherits them, so the stream puts a barrier before the GPU writes it and the
  host writes it directly only once ``last_use`` has passed. Reusing only after the batch's fence grew
  the memory of an eager loop by one array per op until the batch finished (measured on an H100:
  2^28-float ``add`` at 0.04× PyTorch's bandwidth, every op getting a new 1 GiB block); a barrier costs
  nothing next to such an op. A small range waits (FIFO) until it is safe: a barrier per tiny op
  would double its cost, and the memory waiting is bounded by the ops in flight. A block goes back to
  the driver only after the last use of its ranges has passed.
- **Out of memory.** When the driver refuses a block: (1) ``gc.collect()`` (arrays in reference
  cycles), (2) free every unused cached block (``empty_cache``, which waits for the GPU to finish
  with them) and retry once, with a block of exactly the size asked for.
  Only then :class:`~vulkit.errors.OutOfMemoryError` (a ``MemoryError``) is raised, naming what was
  asked for and what is allocated, cached and in flight.
- **Statistics** follow PyTorch's ``memory_stats()`` key scheme (see :meth:`CachingAllocator.stats`).

Allocation and free hold ``lock`` (the stream's, shared), so threads may use arrays at once; frees that
arrive while the allocator is busy in the same thread (a finalizer run by the garbage collector in the
middle of an allocation) are queued and done when it finishes.
"""

from __future__ import annotations

import gc
import operator
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from ..errors import OutOfMemoryError
from ..hal import Buffer, MemoryKind, buffer_info
from ._locking import locked
from .pool import Block, Chunk, Pool

KiB = 1024
MiB = 1024 * KiB
SMALL_REQUEST = 1 * MiB
SMALL_BLOCK = 2 * MiB
LARGE_REQUEST = 10 * MiB
LARGE_BLOCK = 20 * MiB
ROUND_LARGE = 2 * MiB
MIN_UNIT = 256
_VK_ERROR_OUT_OF_DEVICE_MEMORY = -2

RawAlloc = Callable[[int], Buffer]


class Stat:
    """One counter of :meth:`CachingAllocator.stats`: current value, peak, total added, total removed.

    The total added is derived (current + removed - the current value at the last reset), so that
    adding, on the eager hot path, touches only ``current`` and ``peak``.
    """

    __slots__ = ("current", "peak", "freed", "_base")
    METRICS = ("current", "peak", "allocated", "freed")

    def __init__(self) -> None:
        self.current = self.peak = self.freed = self._base = 0

    @property
    def allocated(self) -> int:
        return self.current + self.freed - self._base

    def add(self, amount: int) -> None:
        self.current += amount
        if self.current > self.peak:
            self.peak = self.current

    def sub(self, amount: int) -> None:
        self.current -= amount
        self.freed += amount

    def reset_peak(self) -> None:
        self.peak = self.current

    def reset_accumulated(self) -> None:
        self.freed = 0
        self._base = self.current


def _largest_allocation(device: Any, unit: int) -> int:
    """The most bytes one block may have: the device's maxMemoryAllocationSize and maxBufferSize where it reports
    them (an H100: 4292870144, less than its 4 GiB binding range), in whole units."""
    limits = getattr(device, "limits", {})
    reported = [int(limits.get(name) or 0) for name in ("max_memory_allocation_size", "max_buffer_size")]
    largest = min((r for r in reported if r > 0), default=1 << 62)
    return largest // unit * unit


def _count_out(counter: Stat, nbytes: Stat, size: int, asked: Stat | None = None, asked_size: int = 0,
               count: int = 1) -> None:
    """``count`` ranges of ``size`` bytes in all taken from a count and a byte statistic, and ``asked_size``
    from ``asked``."""
    counter.current -= count
    counter.freed += count
    nbytes.current -= size
    nbytes.freed += size
    if asked is not None:
        asked.current -= asked_size
        asked.freed += asked_size


class Allocation:
    """A range of device memory: ``buffer`` (hal Buffer), ``offset`` and ``size`` (bytes, ≥ ``nbytes``).

    ``free()`` (or leaving a ``with`` block, or garbage collection) returns it to its allocator.
    ``last_use``/``last_write``: timeline values of the last stream batches that used / wrote it
    (kept by the stream; a new allocation inherits ``last_use`` of the range's previous owner). The
    ``_repoch``/``_wepoch`` fields belong to the stream's barrier tracking.
    """

    __slots__ = ("buffer", "offset", "size", "nbytes", "last_use", "last_write", "_repoch", "_wepoch", "owner",
                 "host_views",
                 "_addr", "_desc", "_chunk", "_allocator", "__weakref__")

    def __init__(self, allocator: CachingAllocator, chunk: Chunk, nbytes: int) -> None:
        self.buffer: Buffer | None = chunk.block.buffer
        self.offset = chunk.offset
        self.size = chunk.size
        self.nbytes = nbytes
        self.last_use = chunk.last_use
        self.last_write = 0
        self.host_views = 0  # NumPy views of this memory alive on the host: writes to it then wait for the GPU
        self._repoch = self._wepoch = chunk.epoch
        self._desc: bytes | None = chunk.desc
        self._addr = chunk.addr
        self._chunk: Chunk | None = chunk
        self._allocator = allocator

    def descriptor(self) -> bytes:
        """The packed buffer info binding the whole range (made once, kept in ``_desc``)."""
        if self.buffer is None:
            raise ValueError("the allocation was freed")
        self._desc = desc = buffer_info(self.buffer, self.offset, self.size)
        if self._chunk is not None:
            self._chunk.desc = desc
        return desc

    @classmethod
    def external(cls, buffer: Buffer, offset: int = 0, size: int | None = None, owner: Any = None) -> Allocation:
        """An Allocation over memory the runtime does not own (e.g. a kp.Tensor's buffer).

        Streams use it like any other; ``free()`` only forgets the buffer (its owner destroys it,
        after ``stream.wait(allocation.last_use)``). ``owner`` is kept alive as long as the allocation.
        """
        self = cls.__new__(cls)
        self.buffer = buffer
        self.offset = offset
        self.size = buffer.size - offset if size is None else size
        self.nbytes = self.size
        self.last_use = self.last_write = self._repoch = self._wepoch = self.host_views = 0
        self._desc = None
        self._addr = 0
        self._chunk = None
        self._allocator = None
        self.owner = owner
        return self

    @property
    def address(self) -> int:
        """The GPU address of the range (buffer device address + offset), for GL_EXT_buffer_reference."""
        if self.buffer is None:
            raise ValueError("the allocation was freed")
        self._addr = address = self.buffer.device_address + self.offset
        if self._chunk is not None:
            self._chunk.addr = address
        return address

    @property
    def freed(self) -> bool:
        return self.buffer is None

    def free(self) -> None:
        """Give the range back (idempotent); the stream reuses it behind a barrier, others once the GPU is done."""
        if self._chunk is not None:
            self._allocator.free(self)
        elif self._allocator is None:
            self.buffer = None
            self._desc = None
            self._addr = 0

    def __enter__(self) -> Allocation:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.free()

    def __del__(self) -> None:
        if self._chunk is not None:
            try:
                self._allocator.free(self)
            except Exception:  # noqa: BLE001 - never raise from a finalizer
                pass

    def __repr__(self) -> str:
        state = "freed" if self.buffer is None else f"offset {self.offset}"
        return f"<Allocation {self.nbytes} bytes ({self.size} reserved), {state}>"


class _NoClock:
    """The clock of an allocator without a stream: nothing is ever in flight."""

    known_completed = 1 << 62
    completed = 1 << 62
    epoch = 1 << 62

    def synchronize(self) -> None:
        pass


class CachingAllocator:
    """Sub-allocates device memory from cached blocks (see the module docstring for the design).

    ``device``: a hal Device. ``kind``: the MemoryKind of the blocks. ``raw_alloc``: a callable
    ``nbytes -> hal Buffer`` (default: ``Buffer(device, nbytes, kind)``), which may raise MemoryError.
    ``clock``: the stream that uses the memory (set later with :meth:`attach`); it needs
    ``known_completed`` (an int, no driver call), ``completed`` (queries the GPU), ``epoch`` (of its
    barriers) and ``synchronize()``.
    ``small_block``/``large_block``: block sizes (tests use small ones). ``lock``: held by allocate and
    free (None: the clock's, else a new RLock).
    """

    def __init__(self, device: Any, kind: MemoryKind = MemoryKind.DEVICE, raw_alloc: RawAlloc | None = None,
                 clock: Any = None, small_block: int = SMALL_BLOCK, large_block: int = LARGE_BLOCK,
                 lock: Any = None) -> None:
        self.device = device
        self.lock = lock or getattr(clock, "lock", None) or threading.RLock()
        self.kind = kind
        self._raw_alloc = raw_alloc or self._default_raw_alloc
        self.clock = clock if clock is not None else _NoClock()
        align = int(device.limits["min_storage_buffer_offset_alignment"])
        self.unit = max(MIN_UNIT, align)
        self.small_block = small_block
        self.large_block = large_block
        self.small_request = min(SMALL_REQUEST, small_block)
        self.large_request = min(LARGE_REQUEST, large_block)
        self.round_large = min(ROUND_LARGE, small_block)
        self.max_block = _largest_allocation(device, self.unit)
        self.small = Pool("small_pool", self.unit)
        self.large = Pool("large_pool", self.unit)
        self._busy = False
        self._queued_frees: list[Allocation] = []
        self._waiting: deque[Chunk] = deque()
        self.waiting_bytes = 0
        self.closed = False
        self._init_stats()

    def _default_raw_alloc(self, nbytes: int) -> Buffer:
        return Buffer(self.device, nbytes, self.kind)

    def attach(self, clock: Any) -> None:
        """Use ``clock`` (a Stream) to decide when blocks may go back to the driver."""
        self.clock = clock

    # -- statistics -------------------------------------------------------------------------------------
    def _init_stats(self) -> None:
        self.allocation = Stat()
        self.allocated_bytes = Stat()
        self.requested_bytes = Stat()
        self.active = Stat()
        self.active_bytes = Stat()
        self.segment = Stat()
        self.reserved_bytes = Stat()
        self.num_alloc_retries = 0
        self.num_ooms = 0
        self.num_device_alloc = 0
        self.num_device_free = 0

    _STATS = ("allocation", "allocated_bytes", "requested_bytes", "active", "active_bytes", "segment",
              "reserved_bytes")
    _COUNTERS = ("num_alloc_retries", "num_ooms", "num_device_alloc", "num_device_free")

    def stats(self) -> dict[str, int]:
        """PyTorch-style flat statistics.

        ``<stat>.all.<metric>`` for stat in allocation (live allocations), allocated_bytes (their
        rounded sizes), requested_bytes (sizes asked for), active / active_bytes (live, or
        freed and waiting for the GPU), segment / reserved_bytes (driver blocks); metric in current, peak,
        allocated (total added), freed (total removed). Plus ``num_alloc_retries`` (driver
        allocations that failed and were retried), ``num_ooms`` (OutOfMemoryErrors raised),
        ``num_device_alloc`` / ``num_device_free`` (driver blocks made / released) and
        ``inactive_cached_bytes.all.current`` (cached bytes free for reuse).
        """
        out: dict[str, int] = {}
        for name in self._STATS:
            stat = getattr(self, name)
            for metric in Stat.METRICS:
                out[f"{name}.all.{metric}"] = getattr(stat, metric)
        for name in self._COUNTERS:
            out[name] = getattr(self, name)
        out["inactive_cached_bytes.all.current"] = self.small.free_bytes() + self.large.free_bytes()
        return out

    def reset_peak_stats(self) -> None:
        for name in self._STATS:
            getattr(self, name).reset_peak()

    def reset_accumulated_stats(self) -> None:
        for name in self._STATS:
            getattr(self, name).reset_accumulated()
        self.num_alloc_retries = self.num_ooms = self.num_device_alloc = self.num_device_free = 0

    # -- allocate / free --------------------------------------------------------------------------------
    def round_size(self, nbytes: int) -> int:
        """The size an allocation of ``nbytes`` gets (at least one unit)."""
        unit = self.unit
        return -(-nbytes // unit) * unit or unit

    def allocate(self, nbytes: int) -> Allocation:
        """A range of at least ``nbytes`` bytes (0 gives a valid one-unit range)."""
        self.lock.acquire()  # NOTE: not `with`: twice as fast, and this is the eager hot path
        try:
            if nbytes.__class__ is not int:
                nbytes = _as_size(nbytes)
            if nbytes < 0:
                raise ValueError(f"cannot allocate a negative number of bytes ({nbytes})")
            if self.closed:
                raise RuntimeError("the allocator was closed (its device was destroyed)")
            unit = self.unit
            size = -(-nbytes // unit) * unit or unit
            pool = self.small if size <= self.small_request else self.large
            self._busy = True
            try:
                waiting = self._waiting
                if waiting:
                    head = waiting[0]
                    clock = self.clock
                    if head.last_use <= clock.known_completed or head.epoch < clock.epoch:
                        self._release_waiting(clock.known_completed)
                chunk = pool.take(size)
                if chunk is None:
                    chunk = self._allocate_slow(pool, size, nbytes)
            finally:
                self._busy = False
                if self._queued_frees:
                    self._run_queued_frees()
            self._count_in(size, nbytes)
            return Allocation(self, chunk, nbytes)
        finally:
            self.lock.release()

    def _count_in(self, size: int, nbytes: int) -> None:
        """A new allocation of ``size`` bytes (``nbytes`` asked for) in the statistics (Stat.add inlined)."""
        # NOTE: unrolled on purpose: a loop over the five statistics cost 0.9 µs more per eager op (of ~19).
        stat = self.allocation
        stat.current = total = stat.current + 1
        if total > stat.peak:
            stat.peak = total
        stat = self.active
        stat.current = total = stat.current + 1
        if total > stat.peak:
            stat.peak = total
        stat = self.allocated_bytes
        stat.current = total = stat.current + size
        if total > stat.peak:
            stat.peak = total
        stat = self.active_bytes
        stat.current = total = stat.current + size
        if total > stat.peak:
            stat.peak = total
        stat = self.requested_bytes
        stat.current = total = stat.current + nbytes
        if total > stat.peak:
            stat.peak = total

    def free(self, allocation: Allocation) -> None:
        """Return an allocation's range (see :meth:`Allocation.free`)."""
        self.lock.acquire()  # NOTE: not `with`: twice as fast, and this is the eager hot path
        try:
            chunk = allocation._chunk
            if chunk is None:
                return
            if self._busy:
                self._queued_frees.append(allocation)
                return
            allocation._chunk = None
            allocation.buffer = None
            allocation._desc = None
            allocation._addr = 0
            size = chunk.size
            _count_out(self.allocation, self.allocated_bytes, size, self.requested_bytes, allocation.nbytes)
            if self.closed:
                _count_out(self.active, self.active_bytes, size)
                return
            chunk.last_use = last_use = allocation.last_use
            epoch = allocation._repoch
            if allocation._wepoch > epoch:
                epoch = allocation._wepoch
            chunk.epoch = epoch
            clock = self.clock
            if size > self.small_request or epoch < clock.epoch or last_use <= clock.known_completed:
                _count_out(self.active, self.active_bytes, size)
                chunk.block.pool.give(chunk)
            else:
                self._waiting.append(chunk)
                self.waiting_bytes += size
        finally:
            self.lock.release()

    def _release_waiting(self, completed: int) -> None:
        """Return the waiting small ranges that are safe now (oldest first) to their pools."""
        waiting = self._waiting
        epoch = self.clock.epoch
        count = released = 0
        while waiting and (waiting[0].epoch < epoch or waiting[0].last_use <= completed):
            chunk = waiting.popleft()
            count += 1
            released += chunk.size
            chunk.block.pool.give(chunk)
        self.waiting_bytes -= released
        _count_out(self.active, self.active_bytes, released, count=count)

    def _run_queued_frees(self) -> None:
        queued, self._queued_frees = self._queued_frees, []
        for allocation in queued:
            self.free(allocation)

    def _allocate_slow(self, pool: Pool, size: int, nbytes: int) -> Chunk:
        """No cached range fits: ranges the GPU finished with, else a new block, else the out-of-memory stages."""
        if size > self.max_block:
            raise ValueError(f"an array of {nbytes} bytes is larger than the largest allocation "
                             f"{getattr(self.device.physical, 'name', 'the device')} allows "
                             f"(maxMemoryAllocationSize and maxBufferSize: {self.max_block} bytes)")
        if self._waiting:
            self.release_finished()
            chunk = pool.take(size)
            if chunk is not None:
                return chunk
        block_size = self._block_size(pool, size)
        try:
            return self._grow(pool, block_size, size)
        except MemoryError:
            self.num_alloc_retries += 1
        for stage in (self._wait_for_stream, self._collect_garbage):
            stage()
            chunk = pool.take(size)
            if chunk is not None:
                return chunk
        self._release_unused_blocks()
        for attempt in dict.fromkeys((block_size, size)):
            try:
                return self._grow(pool, attempt, size)
            except MemoryError:
                continue
        self.num_ooms += 1
        raise self._oom_error(nbytes)

    def _wait_for_stream(self) -> None:
        if self._waiting:
            self.clock.synchronize()
            self.release_finished()

    def _collect_garbage(self) -> None:
        self._busy = False
        try:
            gc.collect()
        finally:
            self._busy = True
        if self._queued_frees:
            self._run_queued_frees()

    def _block_size(self, pool: Pool, size: int) -> int:
        if pool is self.small:
            return min(self.small_block, self.max_block)
        if size <= self.large_request:
            return min(self.large_block, self.max_block)
        return min(-(-size // self.round_large) * self.round_large, self.max_block)

    def _grow(self, pool: Pool, block_size: int, size: int) -> Chunk:
        """A new driver block of ``block_size`` for ``pool``; returns a range of ``size`` from it."""
        buffer = self._raw_alloc(block_size)
        self.num_device_alloc += 1
        self.segment.add(1)
        self.reserved_bytes.add(block_size)
        pool.add_block(Block(buffer, block_size, pool))
        chunk = pool.take(size)
        assert chunk is not None
        return chunk

    def _oom_error(self, nbytes: int) -> OutOfMemoryError:
        s = self
        detail = (
            f"out of memory allocating {_fmt(nbytes)} on {getattr(s.device.physical, 'name', 'the device')}: "
            f"{_fmt(s.allocated_bytes.current)} allocated by live arrays, "
            f"{_fmt(s.waiting_bytes)} freed but still in use by the GPU, "
            f"{_fmt(s.reserved_bytes.current)} reserved in {s.segment.current} block(s), "
            f"device memory {_fmt(getattr(s.device.physical, 'total_memory', 0))}"
        )
        return OutOfMemoryError("vkAllocateMemory", _VK_ERROR_OUT_OF_DEVICE_MEMORY,
                                "VK_ERROR_OUT_OF_DEVICE_MEMORY", detail)

    # -- cache ------------------------------------------------------------------------------------------
    @locked
    def release_finished(self) -> None:
        """Return the freed small ranges the GPU has finished with to their pools (they wait otherwise
        until the next allocation looks; the statistics count them as active until then)."""
        if self._waiting and not self.closed:
            self._release_waiting(self.clock.completed)

    @locked
    def empty_cache(self) -> int:
        """Release every cached block no array uses (once the GPU is done with it); bytes released."""
        if self.closed:
            return 0
        self.release_finished()
        return self._release_unused_blocks()

    def _release_unused_blocks(self) -> int:
        unused = [(pool, pool.unused_ranges()) for pool in (self.small, self.large)]
        last_use = max((chunk.last_use for _, chunks in unused for chunk in chunks), default=0)
        if last_use > self.clock.known_completed and last_use > self.clock.completed:
            self.clock.synchronize()
        released = 0
        for pool, chunks in unused:
            for chunk in chunks:
                pool.drop(chunk)
                released += self._destroy_block(chunk.block)
        return released

    def _destroy_block(self, block: Block) -> int:
        block.buffer.destroy()
        self.num_device_free += 1
        _count_out(self.segment, self.reserved_bytes, block.size)
        return block.size

    @locked
    def close(self) -> None:
        """Destroy every block, used or not (the device is going away); later frees do nothing."""
        if self.closed:
            return
        self.closed = True
        for pool in (self.small, self.large):
            for block in list(pool.blocks):
                self._destroy_block(block)
            pool.blocks.clear()
        self._waiting.clear()
        self.waiting_bytes = 0


def _as_size(nbytes: Any) -> int:
    """An integer byte count from an int-like (numpy integers included), else TypeError."""
    if isinstance(nbytes, bool):
        raise TypeError("nbytes must be an int, got bool")
    try:
        return operator.index(nbytes)
    except TypeError:
        raise TypeError(f"nbytes must be an int, got {type(nbytes).__name__}") from None


def _fmt(nbytes: int) -> str:
    """Bytes in a readable unit."""
    value = float(nbytes)
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{nbytes} bytes" if unit == "bytes" else f"{value:.2f} {unit}"
        value /= 1024
    return f"{nbytes} bytes"
