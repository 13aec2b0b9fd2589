"""vulkit.device.Event: marks in the stream, GPU timing, errors (torch.cuda.Event's behaviour)."""

from __future__ import annotations

import gc
import time

import numpy as np
import pytest

import vulkit as vt
from vulkit.hal.vulkan import live_counts
from vulkit.runtime import context

N = 1 << 20


def work(x, count: int = 4):
    for _ in range(count):
        x = x * 1.0001 + 1.0
    return x


def test_an_event_times_the_gpu_work_between_two_marks():
    x = vt.asarray(np.ones(N, np.float32))
    start, end = vt.device.Event(enable_timing=True), vt.device.Event(enable_timing=True)
    vt.device.synchronize()
    begun = time.perf_counter()
    start.record()
    y = work(x)
    end.record()
    end.synchronize()
    wall_ms = (time.perf_counter() - begun) * 1e3
    elapsed = start.elapsed_time(end)
    assert 0 < elapsed <= wall_ms  # the GPU's time between the marks fits in the host's time around them
    assert end.elapsed_time(start) == pytest.approx(-elapsed)
    assert np.allclose(y.numpy(), work(np.ones(N, np.float32)))


def test_more_work_takes_longer_between_marks():
    x = vt.asarray(np.ones(N, np.float32))
    events = [vt.device.Event(enable_timing=True) for _ in range(3)]
    events[0].record()
    work(x, 1)
    events[1].record()
    work(x, 16)
    events[2].record()
    assert events[0].elapsed_time(events[1]) < events[1].elapsed_time(events[2])


def test_query_and_synchronize():
    event = vt.device.Event()
    assert event.query()  # never recorded: nothing to wait for, as in PyTorch
    event.synchronize()
    x = vt.asarray(np.ones(N, np.float32))
    y = work(x)
    event.record()
    deadline = time.monotonic() + 60
    while not event.query():  # submits the open batch: polling alone finishes
        assert time.monotonic() < deadline, "query() never became true"
        time.sleep(0.001)
    assert context.current().stream.is_done(context.current().stream.submitted)
    event.wait()  # the event's own device: later work is already ordered after it
    assert np.allclose(y.numpy(), work(np.ones(N, np.float32)))


def test_record_again_moves_the_mark():
    x = vt.asarray(np.ones(1000, np.float32))
    start, end = vt.device.Event(enable_timing=True), vt.device.Event(enable_timing=True)
    start.record()
    end.record()
    first = start.elapsed_time(end)
    work(x, 8)
    end.record()
    assert start.elapsed_time(end) >= first


def test_elapsed_time_errors():
    timed, plain = vt.device.Event(enable_timing=True), vt.device.Event()
    with pytest.raises(ValueError, match="not recorded"):
        timed.elapsed_time(vt.device.Event(enable_timing=True))
    timed.record()
    plain.record()
    with pytest.raises(ValueError, match="enable_timing"):
        timed.elapsed_time(plain)
    with pytest.raises(TypeError, match="Event"):
        timed.elapsed_time(1.5)
    assert "recorded on device" in repr(timed) and "not recorded" in repr(vt.device.Event())


def _settle(x):
    """Drop earlier tests' events and let a new batch destroy what finished batches held."""
    gc.collect()
    vt.device.synchronize()
    work(x, 1)


def test_events_dropped_before_their_batch_ran_release_their_queries():
    x = vt.asarray(np.ones(N, np.float32))
    _settle(x)
    before = live_counts().get("QueryPool", 0)
    for _ in range(50):
        event = vt.device.Event(enable_timing=True)
        work(x, 1)
        event.record()
        del event
    assert live_counts().get("QueryPool", 0) > before  # still used by batches not yet run
    _settle(x)
    assert live_counts().get("QueryPool", 0) == before


def test_events_outlive_their_device():
    start, end = vt.device.Event(enable_timing=True), vt.device.Event(enable_timing=True)
    start.record()
    end.record()
    assert start.elapsed_time(end) >= 0
    context.shutdown()
    assert start.query()  # shutting down finished the work
    start.synchronize()
    with pytest.raises(RuntimeError, match="shut down"):
        start.elapsed_time(end)
    start.record()  # on the new context of the current device
    end.record()
    assert start.elapsed_time(end) >= 0
