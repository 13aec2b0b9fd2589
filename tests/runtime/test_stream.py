"""Streams: exact results whatever the batching, barriers only between dependent operations,
host transfers (mapped and staged), reuse of memory still in flight."""

from __future__ import annotations

import time

import numpy as np
import pytest
from runtime_helpers import add_push, floats, groups

from vulkit.hal import MemoryKind
from vulkit.runtime import CachingAllocator, Stream

N = 1000


def make(device, **stream_kw) -> tuple[Stream, CachingAllocator]:
    stream = Stream(device, **stream_kw)
    return stream, CachingAllocator(device, MemoryKind.DEVICE_HOST, clock=stream)


def close(stream: Stream, alloc: CachingAllocator) -> None:
    stream.close()
    alloc.close()


# -- host transfers ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mapped", [True, False], ids=["mapped", "staged"])
@pytest.mark.parametrize("nbytes", [0, 1, 7, 4096, 100_003])
def test_write_read_round_trip(device, mapped, nbytes):
    stream, alloc = make(device, map_host_memory=mapped, staging_size=64 * 1024)
    a = alloc.allocate(nbytes + 5)
    data = np.random.default_rng(nbytes).integers(0, 256, nbytes, dtype=np.uint8)
    stream.write(a, data, offset=5)
    assert np.array_equal(stream.read(a, nbytes, offset=5), data)
    out = np.zeros(nbytes, dtype=np.uint8)
    assert stream.read_into(a, out, offset=5) is out
    assert np.array_equal(out, data)
    close(stream, alloc)


@pytest.mark.parametrize("mapped", [True, False], ids=["mapped", "staged"])
def test_write_accepts_bytes_and_arrays_of_any_shape(device, mapped):
    stream, alloc = make(device, map_host_memory=mapped)
    a = alloc.allocate(64)
    stream.write(a, b"\x01\x02\x03\x04")
    stream.write(a, np.arange(6, dtype=np.float32).reshape(2, 3), offset=8)
    stream.write(a, np.arange(8, dtype=np.int16)[::2], offset=32)  # non-contiguous: copied first
    raw = stream.read(a, 40)
    assert bytes(raw[:4]) == b"\x01\x02\x03\x04"
    assert np.array_equal(raw[8:32].view(np.float32), np.arange(6, dtype=np.float32))
    assert np.array_equal(raw[32:40].view(np.int16), [0, 2, 4, 6])
    out = np.zeros((2, 3), dtype=np.float32)
    stream.read_into(a, out, offset=8)
    assert np.array_equal(out, np.arange(6).reshape(2, 3))
    close(stream, alloc)


@pytest.mark.parametrize("mapped", [True, False], ids=["mapped", "staged"])
def test_read_while_submits_the_work_before_waiting(device, add_pipeline, mapped):
    """read_while gives the bytes as they were before the work it records runs, submits that work (nothing left
    open) and waits for the copy; more than a staging piece is refused."""
    stream, alloc = make(device, map_host_memory=mapped, staging_size=64 * 1024)
    flag, a, b = alloc.allocate(8), alloc.allocate(4 * N), alloc.allocate(4 * N)
    stream.write(flag, np.array([7, 9], dtype=np.uint32))
    stream.write(a, np.arange(N, dtype=np.float32))
    recorded = []

    def work() -> None:
        stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
        recorded.append(stream.current_value)

    raw = stream.read_while(flag, 4, work, offset=4)
    assert raw.view(np.uint32).tolist() == [9]
    assert recorded and stream.submitted >= recorded[0]  # the work went to the GPU before the host waited
    assert np.array_equal(floats(stream, b, N), np.arange(N) + 1)
    if not mapped:
        big = alloc.allocate(stream.staging.piece + 4)
        with pytest.raises(ValueError, match="at most"):
            stream.read_while(big, stream.staging.piece + 4, lambda: None)
    close(stream, alloc)


def test_transfers_outside_the_allocation_raise(device):
    stream, alloc = make(device)
    a = alloc.allocate(16)
    with pytest.raises(ValueError, match="outside"):
        stream.write(a, np.zeros(a.size + 1, dtype=np.uint8))
    with pytest.raises(ValueError, match="outside"):
        stream.read(a, 4, offset=a.size - 3)
    with pytest.raises(ValueError, match="read-only"):
        stream.read_into(a, b"abcd")
    a.free()
    with pytest.raises(ValueError, match="freed"):
        stream.read(a, 4)
    close(stream, alloc)


# -- results are exact whatever the batching --------------------------------------------------------------------
@pytest.mark.parametrize("timeline", [True, False], ids=["timeline", "fences"])
@pytest.mark.parametrize("batch", [1, 3, 512])
def test_dependent_chain_is_exact(device, add_pipeline, timeline, batch):
    stream, alloc = make(device, timeline=timeline, max_batch_ops=batch, max_in_flight=2)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    stream.write(a, np.arange(N, dtype=np.float32))
    for _ in range(20):
        stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
        stream.dispatch(add_pipeline, [b, a], add_push(N, 1.0), groups(N), reads=[b], writes=[a])
    assert np.array_equal(floats(stream, a, N), np.arange(N) + 40)
    assert stream.barriers == 39
    assert stream.batches >= 40 // batch
    close(stream, alloc)


@pytest.mark.parametrize("mapped", [True, False], ids=["mapped", "staged"])
def test_chain_through_staged_transfers_is_exact(device, add_pipeline, mapped):
    stream, alloc = make(device, map_host_memory=mapped)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    expected = np.zeros(N, dtype=np.float32)
    for step in range(5):
        data = np.full(N, step, dtype=np.float32)
        stream.write(a, data)
        stream.dispatch(add_pipeline, [a, b], add_push(N, 0.5), groups(N), reads=[a], writes=[b])
        expected = data + 0.5
    assert np.array_equal(floats(stream, b, N), expected)
    close(stream, alloc)


def test_independent_dispatches_get_no_barrier(device, add_pipeline):
    stream, alloc = make(device)
    a = alloc.allocate(4 * N)
    stream.write(a, np.arange(N, dtype=np.float32))
    outs = [alloc.allocate(4 * N) for _ in range(8)]
    for i, out in enumerate(outs):
        stream.dispatch(add_pipeline, [a, out], add_push(N, float(i)), groups(N), reads=[a], writes=[out])
    assert stream.barriers == 0
    stream.dispatch(add_pipeline, [outs[3], a], add_push(N, 0.0), groups(N), reads=[outs[3]], writes=[a])
    assert stream.barriers == 1  # RAW on outs[3] (and WAR on a)
    for i, out in enumerate(outs):
        assert np.array_equal(floats(stream, out, N), np.arange(N) + i)
    assert np.array_equal(floats(stream, a, N), np.arange(N) + 3)
    close(stream, alloc)


def test_write_after_read_gets_a_barrier(device, add_pipeline):
    stream, alloc = make(device)
    a, b, c = (alloc.allocate(4 * N) for _ in range(3))
    stream.write(a, np.arange(N, dtype=np.float32))
    stream.write(c, np.zeros(N, dtype=np.float32))
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    stream.dispatch(add_pipeline, [c, a], add_push(N, 7.0), groups(N), reads=[c], writes=[a])
    assert stream.barriers == 1
    assert np.array_equal(floats(stream, b, N), np.arange(N) + 1)
    assert np.array_equal(floats(stream, a, N), np.full(N, 7.0))
    close(stream, alloc)


def test_dispatch_to_tracks_hazards_as_dispatch(device, add_pipeline):
    """The eager entry (inputs read, one output written) gets a barrier exactly where dispatch would."""
    stream, alloc = make(device)
    a, b, c, d = (alloc.allocate(4 * N) for _ in range(4))
    stream.write(a, np.arange(N, dtype=np.float32))
    push = add_push(N, 1.0)
    stream.dispatch_to(add_pipeline, [a], b, push, groups(N)[0])
    stream.dispatch_to(add_pipeline, [a], d, push, groups(N)[0])
    assert stream.barriers == 0  # both only read a
    stream.dispatch_to(add_pipeline, [b], c, push, groups(N)[0])
    assert stream.barriers == 1  # RAW on b
    stream.dispatch_to(add_pipeline, [d], a, push, groups(N)[0])
    assert stream.barriers == 1  # a was last read before that barrier: nothing to wait for
    stream.dispatch_to(add_pipeline, [c], a, push, groups(N)[0])
    assert stream.barriers == 2  # WAW on a
    assert np.array_equal(floats(stream, c, N), np.arange(N) + 2)
    assert np.array_equal(floats(stream, a, N), np.arange(N) + 3)
    close(stream, alloc)


def test_unspecified_accesses_are_taken_as_read_and_write(device, add_pipeline):
    stream, alloc = make(device)
    a, b, c = (alloc.allocate(4 * N) for _ in range(3))
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N))
    stream.dispatch(add_pipeline, [a, c], add_push(N, 1.0), groups(N))
    assert stream.barriers == 1
    stream.synchronize()
    close(stream, alloc)


def test_sub_ranges_bind_part_of_an_allocation(device, add_pipeline):
    stream, alloc = make(device)
    a = alloc.allocate(4 * 2 * N)
    stream.write(a, np.arange(2 * N, dtype=np.float32))
    half = 4 * N
    stream.dispatch(add_pipeline, [(a, 0, half), (a, half, half)], add_push(N, 100.0), groups(N))
    result = floats(stream, a, 2 * N)
    assert np.array_equal(result[N:], np.arange(N) + 100)
    assert np.array_equal(result[:N], np.arange(N))
    with pytest.raises(ValueError, match="outside"):
        stream.dispatch(add_pipeline, [(a, 0, half), (a, half, a.size - half + 4)], add_push(N, 1.0), groups(N))
    close(stream, alloc)


def test_descriptor_set_path_over_many_dispatches(device, add_pipeline_sets):
    stream, alloc = make(device, max_batch_ops=1000)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    stream.write(a, np.zeros(N, dtype=np.float32))
    for _ in range(300):  # 600 sets: more than one descriptor pool
        stream.dispatch(add_pipeline_sets, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
        stream.dispatch(add_pipeline_sets, [b, a], add_push(N, 1.0), groups(N), reads=[b], writes=[a])
    assert np.array_equal(floats(stream, a, N), np.full(N, 600.0))
    for _ in range(3):  # the pools are reset and reused by later batches
        stream.dispatch(add_pipeline_sets, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
        stream.flush()
    assert np.array_equal(floats(stream, b, N), np.full(N, 601.0))
    close(stream, alloc)


# -- submission and waiting ----------------------------------------------------------------------------------------
def test_batches_are_submitted_when_long(device, add_pipeline):
    stream, alloc = make(device, max_batch_ops=4)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    for _ in range(10):
        stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    assert stream.batches == 2
    assert stream.submitted == 2
    assert stream.current_value == 3
    stream.synchronize()
    assert stream.batches == 3
    assert stream.completed == 3
    assert stream.flush() == 3  # nothing recorded: nothing submitted
    assert stream.batches == 3
    close(stream, alloc)


def test_read_waits_only_for_the_batch_that_wrote(device, add_pipeline):
    stream, alloc = make(device)
    a, b, c = (alloc.allocate(4 * N) for _ in range(3))
    stream.write(a, np.arange(N, dtype=np.float32))
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    stream.flush()
    stream.dispatch(add_pipeline, [a, c], add_push(N, 2.0), groups(N), reads=[a], writes=[c])
    open_batch = stream.current_value
    assert np.array_equal(floats(stream, b, N), np.arange(N) + 1)
    assert stream.current_value == open_batch  # the batch writing c was not submitted
    assert stream.batches == 1
    assert np.array_equal(floats(stream, c, N), np.arange(N) + 2)
    assert stream.batches == 2
    close(stream, alloc)


def test_wait_for_a_batch_that_does_not_exist_raises(device):
    stream = Stream(device)
    with pytest.raises(ValueError, match="does not exist"):
        stream.wait(stream.current_value + 1)
    stream.wait(stream.current_value)  # the open (empty) batch: submitted if needed, nothing to wait for
    stream.close()


def test_one_batch_in_flight_at_most(device, add_pipeline):
    stream, alloc = make(device, max_batch_ops=1, max_in_flight=1)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    stream.write(a, np.zeros(N, dtype=np.float32))
    for _ in range(10):
        stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
        stream.dispatch(add_pipeline, [b, a], add_push(N, 1.0), groups(N), reads=[b], writes=[a])
        assert stream.known_completed >= stream.submitted - 1
    assert np.array_equal(floats(stream, a, N), np.full(N, 20.0))
    close(stream, alloc)


# -- memory in flight --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [N, 300_000], ids=["small", "large"])
@pytest.mark.parametrize("mapped", [True, False], ids=["mapped", "staged"])
def test_freed_memory_in_flight_is_never_clobbered(device, add_pipeline, mapped, n):
    stream, alloc = make(device, map_host_memory=mapped)
    src = alloc.allocate(4 * n)
    dst = alloc.allocate(4 * n)
    stream.write(src, np.arange(n, dtype=np.float32))
    stream.dispatch(add_pipeline, [src, dst], add_push(n, 1.0), groups(n), reads=[src], writes=[dst])
    src_range = (src.buffer, src.offset)
    src.free()  # the dispatch (not even submitted) still reads it
    other = alloc.allocate(4 * n)
    # a large range is reused by the stream at once, a small one only once safe
    assert ((other.buffer, other.offset) == src_range) == (4 * n > alloc.small_request)
    stream.write(other, np.full(n, -999.0, dtype=np.float32))  # if reused: staged behind a barrier, not mapped
    assert np.array_equal(floats(stream, dst, n), np.arange(n) + 1)
    assert np.array_equal(floats(stream, other, n), np.full(n, -999.0))
    close(stream, alloc)


def test_a_barrier_for_a_dispatch_also_orders_later_copies(device, add_pipeline):
    """A read, then a barrier (for an unrelated dispatch), then a copy overwriting what was read."""
    stream, alloc = make(device, map_host_memory=False)
    a, b, c, d = (alloc.allocate(4 * N) for _ in range(4))
    stream.write(a, np.arange(N, dtype=np.float32))
    stream.fill(d, 0)
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    stream.dispatch(add_pipeline, [b, c], add_push(N, 1.0), groups(N), reads=[b], writes=[c])  # barrier
    barriers = stream.barriers
    stream.copy(d, a, 4 * N)  # WAR on a: ordered by that barrier (validation checks it)
    assert stream.barriers == barriers
    assert np.array_equal(floats(stream, c, N), np.arange(N) + 2)
    assert np.array_equal(floats(stream, a, N), np.zeros(N))
    close(stream, alloc)


def test_write_to_memory_in_use_keeps_order(device, add_pipeline):
    stream, alloc = make(device)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    stream.write(a, np.arange(N, dtype=np.float32))
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    stream.write(a, np.full(N, 5.0, dtype=np.float32))  # a is read by the recorded dispatch: staged
    assert stream.barriers == 1  # the staged copy into a waits for the dispatch that reads it
    assert np.array_equal(floats(stream, b, N), np.arange(N) + 1)
    assert np.array_equal(floats(stream, a, N), np.full(N, 5.0))
    close(stream, alloc)


# -- copy and fill ---------------------------------------------------------------------------------------------------
def test_copy_and_fill(device):
    stream, alloc = make(device)
    a = alloc.allocate(64)
    b = alloc.allocate(64)
    stream.fill(a, 0x01020304)
    stream.fill(a, 0xFFFFFFFF, 8, offset=16)
    stream.copy(a, b, 32, src_offset=8, dst_offset=4)
    stream.copy(b, b, 8, src_offset=4, dst_offset=40)
    ra = stream.read(a, 64).view(np.uint32)
    expected_a = np.full(16, 0x01020304, dtype=np.uint32)
    expected_a[4:6] = 0xFFFFFFFF
    assert np.array_equal(ra, expected_a)
    rb = stream.read(b, 48).view(np.uint32)
    assert np.array_equal(rb[1:9], expected_a[2:10])
    assert np.array_equal(rb[10:12], expected_a[2:4])
    assert stream.barriers == 3  # fill→fill (WAW), fill→copy (RAW), copy→copy within b (RAW)
    close(stream, alloc)


def test_copy_and_fill_validate_ranges(device):
    stream, alloc = make(device)
    a = alloc.allocate(64)
    with pytest.raises(ValueError, match="overlap"):
        stream.copy(a, a, 16, 0, 8)
    with pytest.raises(ValueError, match="outside"):
        stream.copy(a, a, 16, 0, a.size - 8)
    with pytest.raises(ValueError, match="multiples of 4"):
        stream.fill(a, 0, 6)
    with pytest.raises(ValueError, match="outside"):
        stream.fill(a, 0, 8, offset=a.size)
    freed = alloc.allocate(8)
    freed.free()
    with pytest.raises(ValueError, match="freed"):
        stream.fill(freed, 0, 8)
    close(stream, alloc)


def test_dispatch_of_a_freed_allocation_raises(device, add_pipeline):
    stream, alloc = make(device)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    b.free()
    with pytest.raises(ValueError, match="freed"):
        stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N))
    close(stream, alloc)


def _batching_stream(device, add_pipeline, monkeypatch):
    """A stream of batches of at most 4 * FIRST_BATCH_OPS operations, submitted by their length only (the idle
    rule off until a test sets IDLE_FLUSH_WORK), and ``record(count)``: that many small dispatches."""
    from vulkit.runtime import stream as stream_module
    from vulkit.runtime.stream import FIRST_BATCH_OPS

    monkeypatch.setattr(stream_module, "IDLE_FLUSH_WORK", 1 << 40)
    stream, alloc = make(device, max_batch_ops=4 * FIRST_BATCH_OPS)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)

    def record(count):
        for _ in range(count):
            stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])

    return stream, alloc, record


def test_batches_start_short_after_a_wait_and_grow(device, add_pipeline, monkeypatch):
    from vulkit.runtime.stream import FIRST_BATCH_OPS

    stream, alloc, record = _batching_stream(device, add_pipeline, monkeypatch)
    record(FIRST_BATCH_OPS)
    assert stream.batches == 1
    record(2 * FIRST_BATCH_OPS + 4 * FIRST_BATCH_OPS)  # then 2x, then capped at max_batch_ops
    assert stream.batches == 3
    stream.synchronize()
    assert stream.batches == 3  # nothing was left open
    record(FIRST_BATCH_OPS)  # after a wait the batches start short again
    assert stream.batches == 4
    close(stream, alloc)


def test_a_batch_goes_to_a_gpu_that_has_finished_the_others(device, add_pipeline, monkeypatch):
    from vulkit.runtime import stream as stream_module
    from vulkit.runtime.stream import FIRST_BATCH_OPS, IDLE_FLUSH_OPS

    stream, alloc, record = _batching_stream(device, add_pipeline, monkeypatch)
    record(FIRST_BATCH_OPS)
    assert stream.batches == 1
    deadline = time.monotonic() + 30
    while stream._clock.completed() < 1 and time.monotonic() < deadline:  # noqa: SLF001 - not through `completed`
        time.sleep(0.01)
    monkeypatch.setattr(stream_module, "IDLE_FLUSH_WORK", 1)
    record(IDLE_FLUSH_OPS - 1)  # too few operations to submit for being idle
    assert stream.batches == 1
    record(1)  # fewer than the next batch's count: submitted because the GPU is idle
    assert stream.batches == 2
    monkeypatch.setattr(stream_module, "IDLE_FLUSH_WORK", 1 << 40)
    record(IDLE_FLUSH_OPS)  # below the idle threshold's work: kept open
    assert stream.batches == 2
    stream.synchronize()
    assert stream.batches == 3
    close(stream, alloc)


def test_external_buffers_work_like_allocations(device, add_pipeline):
    from vulkit.hal import Buffer
    from vulkit.runtime import Allocation

    stream, alloc = make(device)
    owned = Buffer(device, 8 * N, MemoryKind.DEVICE_HOST)
    src = Allocation.external(owned)
    dst = Allocation.external(owned, offset=4 * N, size=4 * N)
    assert src.size == 8 * N
    stream.write(src, np.arange(N, dtype=np.float32))
    stream.dispatch(add_pipeline, [(src, 0, 4 * N), dst], add_push(N, 3.0), groups(N), reads=[src], writes=[dst])
    assert np.array_equal(floats(stream, dst, N), np.arange(N) + 3)
    stream.wait(dst.last_use)
    dst.free()
    assert dst.freed and not src.freed
    assert alloc.stats()["allocation.all.current"] == 0
    close(stream, alloc)
    owned.destroy()


def test_pipelines_without_bindings_use_buffer_addresses(device):
    import struct

    from runtime_helpers import ADD_SCALAR_BDA

    from vulkit.hal import ComputePipeline
    from vulkit.shaders import compile_source

    if not device.features.get("buffer_device_address"):
        pytest.skip("no buffer device address on this device")
    pipeline = ComputePipeline(device, compile_source(ADD_SCALAR_BDA), [], 24)
    stream, alloc = make(device)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    stream.write(a, np.arange(N, dtype=np.float32))
    for _ in range(5):
        stream.dispatch(pipeline, (), struct.pack("QQIf", a.address, b.address, N, 1.0), groups(N),
                        reads=[a], writes=[b])
        stream.dispatch(pipeline, (), struct.pack("QQIf", b.address, a.address, N, 1.0), groups(N),
                        reads=[b], writes=[a])
    assert stream.barriers == 9
    assert np.array_equal(floats(stream, a, N), np.arange(N) + 10)
    close(stream, alloc)
    pipeline.destroy()


def test_large_dispatches_are_submitted_early(device, add_pipeline):
    """A few dispatches of many workgroups start the GPU at once (not after FIRST_BATCH_OPS of them)."""
    from vulkit.runtime.stream import FIRST_BATCH_WORK

    stream, alloc = make(device)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)

    def record(count):
        for _ in range(count):  # push n = N: the extra workgroups only check their bounds
            stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), (FIRST_BATCH_WORK, 1, 1), reads=[a], writes=[b])

    record(1)
    assert stream.batches == 1
    record(2)  # the second batch holds twice the work
    assert stream.batches == 2
    record(1)
    assert stream.batches == 2
    stream.synchronize()
    record(1)  # after a wait the batches start short again
    assert stream.batches == 4
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    assert stream.batches == 4  # small work still waits for the batch to fill
    close(stream, alloc)


def test_batches_grow_past_dispatches_larger_than_the_threshold(device, add_pipeline, monkeypatch):
    """Dispatches that each pass the work threshold alone are not submitted one by one: the next batch
    holds at least twice the work of the last (each boundary costs the GPU a barrier and a signal). The rule for
    an idle GPU is off here (a fast GPU finishes each batch before the next is recorded)."""
    from vulkit.runtime import stream as stream_module
    from vulkit.runtime.stream import FIRST_BATCH_WORK

    monkeypatch.setattr(stream_module, "IDLE_FLUSH_WORK", 1 << 40)
    stream, alloc = make(device)
    a = alloc.allocate(4 * N)
    b = alloc.allocate(4 * N)
    for count, batches in ((1, 1), (1, 1), (1, 2), (3, 2), (1, 3)):
        for _ in range(count):  # 4x the first threshold each; then 2, then 4 per batch
            stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), (4 * FIRST_BATCH_WORK, 1, 1), reads=[a],
                            writes=[b])
        assert stream.batches == batches
    stream.synchronize()
    # a is not written: whatever it holds (NaN too, in reused memory), b is a + 1 (NaNs compare equal here)
    with np.errstate(invalid="ignore"):  # a signalling NaN among them
        np.testing.assert_array_equal(floats(stream, b, N), floats(stream, a, N) + 1)
    close(stream, alloc)


def test_mark_orders_later_work_and_writes_a_timestamp(device, add_pipeline):
    from vulkit.hal.vulkan import QueryPool

    stream, alloc = make(device)
    a, b, c = (alloc.allocate(4 * N) for _ in range(3))
    pool = QueryPool(device, 1)
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    barriers = stream.barriers
    value = stream.mark(pool)
    assert stream.barriers == barriers + 1  # independent work after the mark still waits for it
    assert value == stream.current_value
    stream.dispatch(add_pipeline, [a, c], add_push(N, 2.0), groups(N), reads=[a], writes=[c])
    assert stream.barriers == barriers + 1
    stream.mark()
    stream.mark()  # nothing since the last barrier: no new one
    assert stream.barriers == barriers + 2
    stream.synchronize()
    assert pool.results(1)[0] > 0
    stream.retire(pool, value)  # finished: destroyed at once
    assert not pool.alive
    close(stream, alloc)


def test_retired_resources_outlive_their_batch(device, add_pipeline):
    from vulkit.hal.vulkan import QueryPool

    stream, alloc = make(device)
    a, b = alloc.allocate(4 * N), alloc.allocate(4 * N)
    pool = QueryPool(device, 1)
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])
    value = stream.mark(pool)
    stream.retire(pool, value)
    assert pool.alive  # its batch has not even been submitted
    stream.synchronize()
    stream.dispatch(add_pipeline, [a, b], add_push(N, 1.0), groups(N), reads=[a], writes=[b])  # a new batch
    assert not pool.alive
    late = QueryPool(device, 1)
    stream.retire(late, stream.mark(late))
    close(stream, alloc)
    assert not late.alive  # closing the stream destroys what waits


@pytest.mark.parametrize("before", [0, 1, 5000, 40_000])
def test_staged_reads_of_several_pieces_after_the_ring_moved(device, before):
    """A read larger than the ring's piece after a transfer that left the ring's head mid-way: the GPU must not
    copy piece k+1 over piece k before the host has copied piece k out (it did: 1.8M of 4.5M float64 came back
    as other elements on an H100)."""
    stream, alloc = make(device, map_host_memory=False, staging_size=64 * 1024)
    if before:
        first = alloc.allocate(before)
        stream.write(first, np.ones(before, np.uint8))
    nbytes = 3 * 32 * 1024 + 777
    a = alloc.allocate(nbytes)
    data = np.random.default_rng(before).integers(0, 256, nbytes, dtype=np.uint8)
    stream.write(a, data)
    assert np.array_equal(stream.read(a, nbytes), data)
    close(stream, alloc)
