"""Arrays from ``data()`` keep their host memory alive: they stay valid after their tensor/image is
garbage-collected or destroyed and after the Manager is destroyed, and they still alias the host copy
that OpSyncLocal fills and OpSyncDevice uploads."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from kp_helpers import ADD_ONE, run, spirv

from vulkit import kp
from vulkit.hal.vulkan import live_counts

HOST_VISIBLE = [kp.MemoryTypes.device, kp.MemoryTypes.host, kp.MemoryTypes.deviceAndHost]

PRELUDE = """
import gc
import numpy as np
from vulkit import kp
from vulkit.hal import get_instance
from vulkit.hal.vulkan import live_counts

def reuse_freed_memory():
    '''Allocate what a freed tensor's memory would be reused for, filled with something else.'''
    other = kp.Manager()
    junk = [other.tensor(np.full(n, -7.0, np.float32)) for n in (3, 4, 1 << 10, 1 << 20, 1 << 24)]
    other.destroy()
    return junk
"""

EPILOGUE = """
gc.collect()
assert live_counts() == {}, live_counts()
assert not get_instance().messages, get_instance().messages
print("ok")
"""


def run_isolated(code: str) -> None:
    """Run ``code`` in a fresh interpreter: a use of freed memory crashes it, not pytest. It inherits
    the validation settings and ends checking that no Vulkan object is left and nothing was reported."""
    script = PRELUDE + textwrap.dedent(code) + EPILOGUE
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0 and result.stdout.endswith("ok\n"), (
        f"exit status {result.returncode}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")


def test_data_of_a_garbage_collected_tensor() -> None:
    run_isolated("""
        mgr = kp.Manager()
        x = mgr.tensor(np.ones(1 << 24, np.float32)).data()  # the temporary tensor is collected
        small = mgr.tensor([1.0, 2.0, 3.0]).data()
        gc.collect()
        junk = reuse_freed_memory()
        assert x.sum() == 1 << 24 and (x == 1).all()
        assert small.tolist() == [1.0, 2.0, 3.0]
        view = x[5:]
        del x
        assert view.sum() == (1 << 24) - 5
        del view, small, junk
        mgr.destroy()
    """)


def test_data_after_the_manager_is_destroyed() -> None:
    run_isolated("""
        for memory_type in (kp.MemoryTypes.device, kp.MemoryTypes.host, kp.MemoryTypes.deviceAndHost):
            mgr = kp.Manager()
            t = mgr.tensor(np.ones(1 << 24, np.float32), memory_type)
            small = mgr.tensor([1.0, 2.0, 3.0], memory_type).data()
            image = mgr.image(np.arange(8), 2, 2, 2, memory_type).data()
            x = t.data()
            mgr.destroy()
            junk = reuse_freed_memory()
            assert x.sum() == 1 << 24 and (x == 1).all()
            assert small.tolist() == [1.0, 2.0, 3.0]
            assert image.tolist() == list(range(8))
            x[:] = 5  # writes go nowhere, and harm nothing
            assert not t.is_init()
            del x, t, small, image, junk
    """)


def test_data_after_the_tensor_is_destroyed() -> None:
    run_isolated("""
        mgr = kp.Manager()
        for memory_type in (kp.MemoryTypes.device, kp.MemoryTypes.host, kp.MemoryTypes.deviceAndHost):
            t = mgr.tensor([1.0, 2.0, 3.0], memory_type)
            image = mgr.image([4.0, 5.0], 2, 1, 1, memory_type)
            x, y = t.data(), image.data()
            t.destroy()
            image.destroy()
            junk = reuse_freed_memory()
            assert x.tolist() == [1.0, 2.0, 3.0] and y.tolist() == [4.0, 5.0]
            del x, y, junk
        mgr.destroy()
    """)


def test_the_array_keeps_its_tensor() -> None:
    """As in Kompute, a data() array's base is its tensor: the tensor (its device memory and host copy) lives
    while the array does, and goes with it."""
    mgr = kp.Manager()
    gc.collect()
    before = live_counts().get("Buffer", 0)
    x = mgr.tensor([1.0, 2.0]).data()
    gc.collect()
    assert isinstance(x.base, kp.Tensor) and x.base.is_init()
    assert live_counts().get("Buffer", 0) == before + 2  # device memory and the host copy
    del x
    gc.collect()
    assert live_counts().get("Buffer", 0) == before
    mgr.destroy()


def test_destroy_without_arrays_frees_at_once(mgr: kp.Manager) -> None:
    baseline = live_counts()
    tensor = mgr.tensor([1.0, 2.0])
    assert tensor.data().sum() == 3.0
    tensor.destroy()
    assert live_counts() == baseline


def test_the_device_goes_with_the_last_array() -> None:
    baseline = live_counts()
    mgr = kp.Manager()
    device = mgr.device
    tensor = mgr.tensor([1.0, 2.0])
    x, y = tensor.data(), mgr.image([1.0], 1, 1).data()
    mgr.destroy()
    assert not mgr.is_alive() and not tensor.is_init()
    assert device.alive  # the arrays still use its memory
    del x
    assert device.alive
    del y
    assert not device.alive
    assert live_counts() == baseline


def test_a_manager_destroyed_without_arrays_destroys_its_device_at_once() -> None:
    mgr = kp.Manager()
    device = mgr.device
    tensor = mgr.tensor([1.0])
    assert tensor.data()[0] == 1.0
    mgr.destroy()
    assert not device.alive


@pytest.mark.parametrize("memory_type", HOST_VISIBLE, ids=lambda m: m.name)
def test_data_reflects_sync_local_and_its_writes_reach_the_gpu(mgr: kp.Manager, memory_type: kp.MemoryTypes) -> None:
    source, out = mgr.tensor([1.0, 2.0, 3.0], memory_type), mgr.tensor([0.0, 0.0, 0.0], memory_type)
    source_view, out_view = source.data(), out.data()  # taken before the run: they alias the host copies
    source_view[:] = [10.0, 20.0, 30.0]
    run(mgr, kp.OpSyncDevice([source]), kp.OpAlgoDispatch(mgr.algorithm([source, out], spirv(ADD_ONE))),
        kp.OpSyncLocal([out]))
    np.testing.assert_array_equal(out_view, [11.0, 21.0, 31.0])
    np.testing.assert_array_equal(out.data(), [11.0, 21.0, 31.0])


@pytest.mark.parametrize("kind", ["tensor", "image"])
def test_device_memory_round_trips_through_data(mgr: kp.Manager, kind: str) -> None:
    memory = mgr.tensor([0.0, 0.0]) if kind == "tensor" else mgr.image([0.0, 0.0], 2, 1)
    view = memory.data()
    view[:] = [3.0, 4.0]
    run(mgr, kp.OpSyncDevice([memory]))
    view[:] = 0.0  # the host copy only
    run(mgr, kp.OpSyncLocal([memory]))
    np.testing.assert_array_equal(view, [3.0, 4.0])
