"""The vulkit.device module and the per-device contexts."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from runtime_helpers import ADD_SCALAR, add_push, floats, groups

from vulkit.hal import get_instance
from vulkit.runtime import context, device


@pytest.fixture
def fresh():
    """Every test starts and ends without device contexts and with the default device current."""
    context.shutdown()
    context.set_current(None)
    yield
    context.shutdown()
    context.set_current(None)


def test_import_creates_no_device():
    code = (
        "import vulkit.runtime, vulkit.runtime.device as d\n"
        "from vulkit.hal.vulkan import live_counts\n"
        "from vulkit.runtime import context\n"
        "assert not context.existing(), context.existing()\n"
        "assert live_counts() == {}, live_counts()\n"
        "assert d.memory_allocated() == 0 and d.memory_stats()['num_device_alloc'] == 0\n"
        "assert not context.existing()\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_device_queries(fresh):
    assert device.is_available()
    count = device.device_count()
    assert count == len(get_instance().physical_devices) >= 1
    current = device.current_device()
    assert 0 <= current < count
    assert device.get_device_name() == get_instance().physical_devices[current].name
    props = device.get_device_properties(current)
    for key in ("name", "vendor", "type", "total_memory", "subgroup_size", "dtypes", "features", "limits"):
        assert key in props
    assert props["total_memory"] > 0
    assert "float32" in props["dtypes"]
    assert not context.existing()  # queries do not create the device


@pytest.mark.parametrize("bad", [-1, 10_000])
def test_invalid_device_index_raises_value_error(fresh, bad):
    with pytest.raises(ValueError, match=f"device index {bad} is out of range.*{device.device_count()}"):
        device.set_device(bad)
    with pytest.raises(ValueError, match=str(bad)):
        device.get_device_name(bad)
    with pytest.raises(ValueError):
        device.memory_stats(bad)


@pytest.mark.parametrize("bad", ["0", 1.0, True, None, [0]])
def test_wrong_device_type_raises_type_error(fresh, bad):
    with pytest.raises(TypeError):
        device.set_device(bad)
    if bad is not None:
        with pytest.raises(TypeError):
            device.get_device_properties(bad)


def test_set_device_switches_the_current_context(fresh):
    last = device.device_count() - 1
    device.set_device(last)
    assert device.current_device() == last
    ctx = context.current()
    assert ctx.index == last
    assert ctx is context.current()
    assert ctx.device.physical.index == last


def test_context_contents(fresh):
    ctx = context.current()
    assert ctx.device.alive
    assert ctx.allocator.clock is ctx.stream
    assert ctx.dtypes == tuple(ctx.device.physical.dtypes)
    assert ctx.properties["device_name"] == ctx.device.physical.name
    if ctx.device.physical.type == "cpu":
        assert ctx.direct_host_access


def test_pipeline_cache_and_a_dispatch_through_the_context(fresh):
    from vulkit.shaders import compile_source

    ctx = context.current()
    spirv = compile_source(ADD_SCALAR)
    pipeline = ctx.pipeline(("add", "f32"), spirv, 2, 8)
    assert ctx.pipeline(("add", "f32"), spirv, 2, 8) is pipeline
    assert pipeline.push_descriptor == ctx.device.push_descriptors
    n = 300
    a = ctx.allocator.allocate(4 * n)
    b = ctx.allocator.allocate(4 * n)
    ctx.stream.write(a, np.arange(n, dtype=np.float32))
    ctx.stream.dispatch(pipeline, [a, b], add_push(n, 2.0), groups(n), reads=[a], writes=[b])
    assert np.array_equal(floats(ctx.stream, b, n), np.arange(n) + 2)
    device.synchronize()
    assert ctx.stream.completed == ctx.stream.submitted


def test_memory_functions_follow_memory_stats(fresh):
    zero = device.memory_stats()
    assert all(value == 0 for value in zero.values())
    for key in ("allocated_bytes.all.current", "allocated_bytes.all.peak", "allocated_bytes.all.allocated",
                "allocated_bytes.all.freed", "reserved_bytes.all.current", "reserved_bytes.all.peak",
                "active.all.current", "num_alloc_retries", "num_ooms", "num_device_alloc", "num_device_free"):
        assert key in zero
    alloc = context.current().allocator
    a = alloc.allocate(1000)
    b = alloc.allocate(5000)
    stats = device.memory_stats()
    assert set(stats) == set(zero)
    assert device.memory_allocated() == stats["allocated_bytes.all.current"] == a.size + b.size
    assert device.memory_reserved() == stats["reserved_bytes.all.current"] > 0
    b.free()
    assert device.memory_allocated() == a.size
    assert device.max_memory_allocated() == a.size + b.size
    device.reset_peak_memory_stats()
    assert device.max_memory_allocated() == a.size
    a.free()
    device.empty_cache()
    assert device.memory_reserved() == 0
    assert device.max_memory_reserved() > 0
    assert device.memory_stats()["num_device_free"] == device.memory_stats()["num_device_alloc"]
    device.reset_accumulated_memory_stats()
    assert device.memory_stats()["allocated_bytes.all.allocated"] == 0


def test_memory_used_by_finished_work_is_free_after_synchronize(fresh):
    """Arrays freed while their ops were queued wait for the GPU; synchronize then frees them for good."""
    import numpy as np

    import vulkit as vt

    x = vt.ones(1000, dtype=vt.float32)
    y = x + 1
    z = vt.exp(y) * 2
    del x, y, z
    stats = device.memory_stats()
    assert stats["allocated_bytes.all.current"] == 0
    assert stats["active_bytes.all.current"] > 0  # still used by queued work
    device.synchronize()
    assert device.memory_stats()["active_bytes.all.current"] == 0
    device.empty_cache()
    assert device.memory_reserved() == 0
    assert np.array_equal((vt.ones(3) + 1).numpy(), [2, 2, 2])  # and the allocator still works


def test_memory_summary_is_a_readable_table(fresh):
    alloc = context.current().allocator
    keep = alloc.allocate(3 * 1024 * 1024)
    text = device.memory_summary()
    assert device.get_device_name() in text
    assert "Allocated memory" in text
    assert "3.00 MiB" in text
    assert "Reserved memory" in text
    del keep
