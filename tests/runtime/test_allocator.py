"""The caching allocator: statistics, best fit / split / merge, stream-ordered reuse, growth, out of memory."""

from __future__ import annotations

import gc
import random

import numpy as np
import pytest
from runtime_helpers import add_push, groups

from vulkit.errors import OutOfMemoryError
from vulkit.hal import Buffer, MemoryKind
from vulkit.runtime import CachingAllocator, Stream

KiB = 1024


@pytest.fixture(autouse=True)
def _batches_stay_open(monkeypatch):
    """The stream's rule for an idle GPU off in this module's tests: a fast GPU has finished the batch before, so a
    dispatch would be submitted at once, and the recorded work these tests reuse memory behind would no longer be in
    the open batch (seen on an H100: a reused range had the submitted batch's value, not the open one's)."""
    from vulkit.runtime import stream as stream_module

    monkeypatch.setattr(stream_module, "IDLE_FLUSH_WORK", 1 << 40)


class LimitedRaw:
    """A raw allocator of real hal Buffers that refuses to hold more than ``capacity`` bytes."""

    def __init__(self, device, capacity: int) -> None:
        self.device = device
        self.capacity = capacity
        self.buffers: list[Buffer] = []
        self.refusals = 0

    @property
    def used(self) -> int:
        return sum(b.size for b in self.buffers if b.alive)

    def __call__(self, nbytes: int) -> Buffer:
        if self.used + nbytes > self.capacity:
            self.refusals += 1
            raise OutOfMemoryError("vkAllocateMemory", -2, "VK_ERROR_OUT_OF_DEVICE_MEMORY", "test capacity")
        buffer = Buffer(self.device, nbytes, MemoryKind.DEVICE)
        self.buffers = [b for b in self.buffers if b.alive] + [buffer]
        return buffer


def small_allocator(device, stream=None, capacity=None, **kw) -> tuple[CachingAllocator, LimitedRaw]:
    raw = LimitedRaw(device, capacity or 1 << 40)
    alloc = CachingAllocator(device, MemoryKind.DEVICE, raw_alloc=raw, clock=stream,
                             small_block=64 * KiB, large_block=256 * KiB, **kw)
    return alloc, raw


def live_ranges_disjoint(allocations) -> bool:
    ranges = sorted((id(a.buffer), a.offset, a.offset + a.size) for a in allocations)
    return all(not (x[0] == y[0] and y[1] < x[2]) for x, y in zip(ranges, ranges[1:], strict=False))


# -- sizes, alignment, statistics --------------------------------------------------------------------------
def test_sizes_are_rounded_and_offsets_aligned(device):
    alloc, _ = small_allocator(device)
    align = device.limits["min_storage_buffer_offset_alignment"]
    sizes = [0, 1, 3, 255, 256, 257, 1000, 4096, 10_000]
    allocations = [alloc.allocate(n) for n in sizes]
    for n, a in zip(sizes, allocations, strict=True):
        assert a.size >= max(n, 1)
        assert a.size % alloc.unit == 0
        assert a.offset % align == 0
        assert a.offset + a.size <= a.buffer.size
    assert live_ranges_disjoint(allocations)
    alloc.close()


def test_statistics_exact_after_alloc_free_sequence(device):
    alloc, _ = small_allocator(device)
    unit = alloc.unit
    a = alloc.allocate(100)
    b = alloc.allocate(3 * unit)
    c = alloc.allocate(5 * KiB)
    s = alloc.stats()
    assert s["allocation.all.current"] == 3
    assert s["allocated_bytes.all.current"] == unit + 3 * unit + 5 * KiB
    assert s["requested_bytes.all.current"] == 100 + 3 * unit + 5 * KiB
    assert s["segment.all.current"] == 1
    assert s["reserved_bytes.all.current"] == 64 * KiB
    assert s["num_device_alloc"] == 1
    b.free()
    b.free()  # idempotent
    s = alloc.stats()
    assert s["allocation.all.current"] == 2
    assert s["allocation.all.freed"] == 1
    assert s["allocated_bytes.all.current"] == unit + 5 * KiB
    assert s["allocated_bytes.all.peak"] == unit + 3 * unit + 5 * KiB
    assert s["allocated_bytes.all.freed"] == 3 * unit
    assert s["active.all.current"] == 2
    assert s["inactive_cached_bytes.all.current"] == 64 * KiB - unit - 5 * KiB
    with alloc.allocate(7) as d:
        assert alloc.stats()["allocation.all.current"] == 3
        assert not d.freed
    assert d.freed
    a.free()
    c.free()
    s = alloc.stats()
    assert s["allocation.all.current"] == 0
    assert s["allocated_bytes.all.current"] == 0
    assert s["requested_bytes.all.current"] == 0
    assert s["allocation.all.allocated"] == 4
    assert s["allocated_bytes.all.allocated"] == s["allocated_bytes.all.freed"]
    assert s["inactive_cached_bytes.all.current"] == 64 * KiB
    alloc.reset_peak_stats()
    assert alloc.stats()["allocated_bytes.all.peak"] == 0
    assert alloc.empty_cache() == 64 * KiB
    s = alloc.stats()
    assert s["reserved_bytes.all.current"] == 0
    assert s["num_device_free"] == 1
    assert s["reserved_bytes.all.peak"] == 64 * KiB
    alloc.close()


def test_garbage_collected_allocation_is_freed(device):
    alloc, _ = small_allocator(device)
    a = alloc.allocate(1000)
    del a
    gc.collect()
    assert alloc.stats()["allocation.all.current"] == 0
    alloc.close()


def test_bad_sizes_raise(device):
    alloc, _ = small_allocator(device)
    with pytest.raises(TypeError):
        alloc.allocate(1.5)
    with pytest.raises(TypeError):
        alloc.allocate(True)
    with pytest.raises(ValueError, match="negative"):
        alloc.allocate(-1)
    assert alloc.allocate(np.int64(8)).size == alloc.unit
    alloc.close()


# -- best fit, split, merge ----------------------------------------------------------------------------------
def test_best_fit_takes_the_smallest_free_range(device):
    alloc, _ = small_allocator(device)
    unit = alloc.unit
    parts = [alloc.allocate(n * unit) for n in (4, 1, 2, 1, 8, 1)]
    big, small = parts[0], parts[2]
    big_offset, small_offset = big.offset, small.offset
    big.free()
    small.free()
    two = alloc.allocate(2 * unit)
    assert two.offset == small_offset
    four = alloc.allocate(3 * unit)
    assert four.offset == big_offset
    alloc.close()


def test_free_neighbours_merge_into_one_range(device):
    alloc, raw = small_allocator(device)
    quarter = 16 * KiB
    parts = [alloc.allocate(quarter) for _ in range(4)]
    assert alloc.stats()["segment.all.current"] == 1
    for i in (1, 3, 0, 2):
        parts[i].free()
    whole = alloc.allocate(64 * KiB)
    assert whole.offset == 0
    assert alloc.stats()["segment.all.current"] == 1
    assert len(raw.buffers) == 1
    alloc.close()


def test_large_requests_get_their_own_block(device):
    alloc, _ = small_allocator(device)
    a = alloc.allocate(100 * KiB)
    b = alloc.allocate(300 * KiB)
    assert a.buffer.size == 256 * KiB
    assert b.buffer.size == 320 * KiB  # rounded up to a multiple of the small block size
    assert a.buffer is not b.buffer
    assert alloc.stats()["segment.all.current"] == 2
    alloc.close()


def test_blocks_stay_within_the_largest_allocation(device):
    """No block is larger than the device's maxMemoryAllocationSize (an H100's is 4 MiB less than 4 GiB: a
    4 GiB array rounded up to 2 MiB asked the driver for more); a request beyond it is a clear ValueError
    that allocates nothing."""
    alloc, raw = small_allocator(device)
    assert 0 < alloc.max_block <= (device.limits["max_memory_allocation_size"] or 1 << 62)
    alloc.max_block = 200 * KiB  # as if the device allowed 200 KiB per allocation
    small = alloc.allocate(10 * KiB)
    mid = alloc.allocate(150 * KiB)  # the large pool's 256 KiB block is capped
    edge = alloc.allocate(200 * KiB)  # its own block would round up to 256 KiB: capped too
    assert max(b.size for b in raw.buffers) <= 200 * KiB
    assert small.buffer.size <= 200 * KiB and mid.buffer.size <= 200 * KiB and edge.buffer.size == 200 * KiB
    blocks = len(raw.buffers)
    with pytest.raises(ValueError, match=r"maxMemoryAllocationSize.*204800 bytes"):
        alloc.allocate(200 * KiB + 1)
    assert len(raw.buffers) == blocks and alloc.stats()["num_ooms"] == 0
    alloc.close()


def test_random_sequences_keep_ranges_disjoint_and_stats_consistent(device):
    alloc, _ = small_allocator(device)
    rng = random.Random(7)
    live = []
    for _ in range(3000):
        if live and rng.random() < 0.45:
            live.pop(rng.randrange(len(live))).free()
        else:
            live.append(alloc.allocate(rng.choice([0, 1, 300, 2000, 20_000, 70_000, 400_000])))
    assert live_ranges_disjoint(live)
    s = alloc.stats()
    assert s["allocation.all.current"] == len(live)
    assert s["allocated_bytes.all.current"] == sum(a.size for a in live)
    assert s["reserved_bytes.all.current"] == s["allocated_bytes.all.current"] + s["inactive_cached_bytes.all.current"]
    for a in live:
        a.free()
    s = alloc.stats()
    assert s["inactive_cached_bytes.all.current"] == s["reserved_bytes.all.current"]
    alloc.empty_cache()
    assert alloc.stats()["reserved_bytes.all.current"] == 0
    alloc.close()


def test_no_growth_over_100k_alloc_free_cycles(device):
    alloc, _ = small_allocator(device)
    keep = [alloc.allocate(3000), alloc.allocate(100_000)]
    sizes = [1, 256, 4000, 60_000, 200_000, 500_000]
    for n in sizes:
        alloc.allocate(n).free()
    before = alloc.stats()
    for i in range(100_000):
        alloc.allocate(sizes[i % len(sizes)]).free()
    s = alloc.stats()
    assert s["num_device_alloc"] == before["num_device_alloc"]
    assert s["reserved_bytes.all.current"] == before["reserved_bytes.all.current"]
    assert s["reserved_bytes.all.peak"] == before["reserved_bytes.all.peak"]
    assert s["allocation.all.current"] == 2
    assert s["allocation.all.allocated"] == 100_008
    del keep
    alloc.close()


# -- reuse of memory in flight -------------------------------------------------------------------------------------
LARGE_N = 20_000  # floats: over small_allocator's small-request limit (64 KiB)


@pytest.mark.parametrize("timeline", [True, False], ids=["timeline", "fences"])
def test_large_range_in_flight_is_reused_by_its_stream_behind_a_barrier(device, add_pipeline, timeline):
    stream = Stream(device, timeline=timeline)
    alloc, _ = small_allocator(device, stream)
    n = LARGE_N
    src = alloc.allocate(4 * n)
    dst = alloc.allocate(4 * n)
    stream.write(src, np.arange(n, dtype=np.float32))
    stream.dispatch(add_pipeline, [src, dst], add_push(n, 1.0), groups(n), reads=[src], writes=[dst])
    src_range = (src.buffer, src.offset)
    src.free()  # the recorded dispatch still reads it
    assert alloc.stats()["active.all.current"] == 1
    again = alloc.allocate(4 * n)
    assert (again.buffer, again.offset) == src_range
    assert again.last_use == stream.current_value  # inherited: the host may not write it directly yet
    barriers = stream.barriers
    stream.dispatch(add_pipeline, [dst, again], add_push(n, 5.0), groups(n), reads=[dst], writes=[again])
    assert stream.barriers == barriers + 1  # after the read of the old owner (and the write of dst)
    assert np.array_equal(stream.read(again, 4 * n).view(np.float32), np.arange(n) + 6.0)
    assert np.array_equal(stream.read(dst, 4 * n).view(np.float32), np.arange(n) + 1.0)
    stream.close()
    alloc.close()


@pytest.mark.parametrize("timeline", [True, False], ids=["timeline", "fences"])
def test_small_range_in_flight_waits_for_a_barrier_or_its_batch(device, add_pipeline, timeline):
    stream = Stream(device, timeline=timeline)
    alloc, _ = small_allocator(device, stream)
    n = 256
    src, dst = alloc.allocate(4 * n), alloc.allocate(4 * n)
    stream.dispatch(add_pipeline, [src, dst], add_push(n, 1.0), groups(n), reads=[src], writes=[dst])
    src_range = (src.buffer, src.offset)
    src.free()
    assert alloc.stats()["active.all.current"] == 2  # still read by the recorded dispatch
    assert alloc.waiting_bytes == alloc.round_size(4 * n)
    other = alloc.allocate(4 * n)
    assert (other.buffer, other.offset) != src_range  # no barrier needed for other
    stream.dispatch(add_pipeline, [dst, other], add_push(n, 1.0), groups(n), reads=[dst], writes=[other])  # RAW
    reused = alloc.allocate(4 * n)
    assert (reused.buffer, reused.offset) == src_range  # that barrier orders the old read first
    dst.free()
    other.free()
    assert alloc.waiting_bytes == 2 * alloc.round_size(4 * n)  # both used since the barrier
    stream.synchronize()
    alloc.allocate(4 * n)
    assert alloc.waiting_bytes == 0  # their batch finished
    stream.close()
    alloc.close()


def test_reuse_after_a_barrier_needs_no_other(device, add_pipeline):
    stream = Stream(device)
    alloc, _ = small_allocator(device, stream)
    n = LARGE_N
    a, b, c = (alloc.allocate(4 * n) for _ in range(3))
    stream.dispatch(add_pipeline, [a, b], add_push(n, 1.0), groups(n), reads=[a], writes=[b])
    stream.dispatch(add_pipeline, [b, c], add_push(n, 1.0), groups(n), reads=[b], writes=[c])  # RAW: barrier
    a.free()  # last read before that barrier
    barriers = stream.barriers
    d = alloc.allocate(4 * n)
    stream.dispatch(add_pipeline, [c, d], add_push(n, 1.0), groups(n), reads=[c], writes=[d])
    assert stream.barriers == barriers + 1  # only for c (written since the barrier), not for d
    stream.close()
    alloc.close()


def test_merged_ranges_keep_the_latest_use(device, add_pipeline):
    stream = Stream(device)
    alloc, _ = small_allocator(device, stream)
    n = LARGE_N
    a, b = alloc.allocate(4 * n), alloc.allocate(4 * n)
    stream.dispatch(add_pipeline, [a, a], add_push(n, 1.0), groups(n))
    b_epoch, use = b._wepoch, stream.current_value
    a.free()
    b.free()
    merged = alloc.allocate(8 * n)  # both ranges: the quick cache is merged into the bins
    assert merged.last_use == use
    assert merged._wepoch >= b_epoch
    assert merged._wepoch == stream.epoch  # a's use since the last barrier is inherited
    stream.close()
    alloc.close()


def test_never_used_ranges_are_reused_at_once(device):
    stream = Stream(device)
    alloc, _ = small_allocator(device, stream)
    a = alloc.allocate(1000)
    offset = a.offset
    a.free()
    assert alloc.allocate(1000).offset == offset
    stream.close()
    alloc.close()


# -- out of memory ---------------------------------------------------------------------------------------------------
def test_out_of_memory_empties_the_cache_and_retries(device):
    alloc, raw = small_allocator(device, capacity=600 * KiB)
    big = [alloc.allocate(250 * KiB), alloc.allocate(250 * KiB)]  # two 256 KiB blocks
    for a in big:
        a.free()
    assert alloc.stats()["reserved_bytes.all.current"] == 512 * KiB
    x = alloc.allocate(400 * KiB)  # needs a new block: only after the cache is emptied
    s = alloc.stats()
    assert x.size >= 400 * KiB
    assert s["num_alloc_retries"] == 1
    assert s["num_ooms"] == 0
    assert s["segment.all.current"] == 1
    assert s["reserved_bytes.all.current"] == x.buffer.size
    assert raw.refusals == 1
    alloc.close()


def test_out_of_memory_collects_garbage_cycles(device):
    alloc, _ = small_allocator(device, capacity=256 * KiB)
    cycle = [alloc.allocate(250 * KiB)]
    cycle.append(cycle)
    del cycle
    gc.disable()
    try:
        x = alloc.allocate(250 * KiB)
    finally:
        gc.enable()
    assert x.size >= 250 * KiB
    assert alloc.stats()["num_alloc_retries"] == 1
    alloc.close()


def test_blocks_go_back_to_the_driver_only_after_their_last_use(device, add_pipeline):
    stream = Stream(device)
    alloc, raw = small_allocator(device, stream, capacity=320 * KiB)
    n = 60_000
    a = alloc.allocate(4 * n)
    stream.dispatch(add_pipeline, [a, a], add_push(n, 0.0), groups(n))
    a.free()  # its block is unused but still read and written by the recorded dispatch
    c = alloc.allocate(300 * KiB)  # needs a bigger block: the old one is released once the GPU is done
    assert stream.known_completed >= 1
    assert raw.refusals == 1
    assert alloc.stats()["num_ooms"] == 0
    del c
    stream.close()
    alloc.close()


def test_out_of_memory_error_says_what_was_asked_and_what_is_used(device):
    alloc, _ = small_allocator(device, capacity=300 * KiB)
    keep = alloc.allocate(250 * KiB)
    with pytest.raises(MemoryError) as info:
        alloc.allocate(1000 * KiB)
    assert isinstance(info.value, OutOfMemoryError)
    message = str(info.value)
    assert "1000.00 KiB" in message
    assert "250.00 KiB allocated" in message
    assert "reserved" in message
    s = alloc.stats()
    assert s["num_ooms"] == 1
    assert s["allocation.all.current"] == 1
    small = alloc.allocate(10 * KiB)  # the allocator still works
    assert small.size >= 10 * KiB
    del keep
    alloc.close()


def test_closed_allocator_refuses_and_ignores_frees(device):
    alloc, raw = small_allocator(device)
    a = alloc.allocate(100)
    alloc.close()
    assert all(not b.alive for b in raw.buffers)
    a.free()
    with pytest.raises(RuntimeError, match="closed"):
        alloc.allocate(1)


def test_free_during_an_allocation_is_queued_and_done(device):
    """A finalizer that frees while the allocator is busy (here: inside the raw allocation) is safe."""
    holder = []

    def raw(nbytes):
        holder.clear()  # drops the last reference: Allocation.__del__ runs in the middle of allocate()
        return Buffer(device, nbytes, MemoryKind.DEVICE)

    alloc = CachingAllocator(device, MemoryKind.DEVICE, raw_alloc=raw, small_block=64 * KiB, large_block=256 * KiB)
    holder.append(alloc.allocate(1000))
    assert alloc.stats()["allocation.all.current"] == 1
    big = alloc.allocate(100 * KiB)  # a new block: raw() runs and frees the first allocation
    s = alloc.stats()
    assert s["allocation.all.current"] == 1
    assert s["allocated_bytes.all.current"] == big.size
    assert s["inactive_cached_bytes.all.current"] == s["reserved_bytes.all.current"] - big.size
    alloc.close()


def test_closing_releases_every_vulkan_object(device, add_pipeline):
    from vulkit.hal.vulkan import live_counts

    before = live_counts()
    stream = Stream(device, map_host_memory=False, staging_size=64 * KiB)
    alloc, _ = small_allocator(device, stream)
    a = alloc.allocate(4000)
    stream.write(a, np.zeros(1000, dtype=np.float32))
    stream.dispatch(add_pipeline, [a, a], add_push(0, 0.0), (1, 1, 1))
    stream.read(a, 16)
    assert live_counts() != before
    stream.close()
    stream.close()  # idempotent
    alloc.close()
    assert live_counts() == before
