"""kp tensors as arrays: zero-copy on the arrays' device (vt.device.kp_manager), a copy elsewhere."""

from __future__ import annotations

import numpy as np
import pytest

import vulkit as vt
from vulkit import kp
from vulkit.errors import DestroyedError


def test_tensor_of_the_array_device_is_shared_without_a_copy():
    mgr = vt.device.kp_manager()
    values = np.arange(6, dtype=np.float32)
    tensor = mgr.tensor_t(values)
    mgr.sequence().eval(kp.OpSyncDevice([tensor]))
    array = vt.asarray(tensor)
    assert array._alloc.buffer is tensor.buffer
    np.testing.assert_array_equal((array * 2).numpy(), values * 2)
    array[1:3] = 7  # written through the array ...
    vt.device.synchronize()
    mgr.sequence().eval(kp.OpSyncLocal([tensor]))  # ... seen by kp
    np.testing.assert_array_equal(tensor.data(), [0, 7, 7, 3, 4, 5])
    np.testing.assert_array_equal(vt.asarray(tensor, dtype=vt.int32).numpy(), [0, 7, 7, 3, 4, 5])
    mgr.destroy()


def test_sharing_manager_leaves_the_device_to_the_arrays():
    mgr = vt.device.kp_manager()
    tensor = mgr.tensor_t(np.ones(3, dtype=np.float32))
    kept = vt.arange(4, dtype=vt.float32)
    mgr.destroy()
    mgr.destroy()
    assert not mgr.is_alive()
    assert not tensor.is_init()
    with pytest.raises(DestroyedError):
        mgr.tensor_t(np.ones(3, dtype=np.float32))
    np.testing.assert_array_equal((kept + 1).numpy(), np.arange(1, 5, dtype=np.float32))


def test_tensor_of_another_device_is_copied():
    with kp.Manager() as mgr:
        tensor = mgr.tensor_t(np.arange(5, dtype=np.int32))
        array = vt.asarray(tensor)  # the host mirror holds the values (no OpSyncDevice yet)
        assert array._alloc.buffer is not tensor.buffer
        np.testing.assert_array_equal(array.numpy(), np.arange(5, dtype=np.int32))


def test_destroying_a_shared_tensor_waits_for_array_work_and_detaches_its_arrays():
    mgr = vt.device.kp_manager()
    tensor = mgr.tensor_t(np.arange(4, dtype=np.float32))
    mgr.sequence().eval(kp.OpSyncDevice([tensor]))
    array = vt.asarray(tensor)
    doubled = array * 2  # queued on the arrays' stream, reading the tensor's buffer
    tensor.destroy()  # waits for that work before the buffer goes
    np.testing.assert_array_equal(doubled.numpy(), [0, 2, 4, 6])
    with pytest.raises(ValueError, match="freed"):
        array + 1
    with pytest.raises(ValueError, match="freed"):
        array.numpy()
    mgr.destroy()


def test_two_arrays_over_one_tensor_overlap_as_views_do():
    """Writing one while reading the other, shifted, gives NumPy's result (as for views of one array)."""
    mgr = vt.device.kp_manager()
    tensor = mgr.tensor_t(np.zeros(10_000, dtype=np.float32))
    mgr.sequence().eval(kp.OpSyncDevice([tensor]))
    a, b = vt.asarray(tensor), vt.asarray(tensor)
    a[...] = vt.arange(10_000, dtype=vt.float32)
    vt.add(a[:-1], a[1:], out=b[1:])
    host = np.arange(10_000, dtype=np.float32)
    np.add(host[:-1], host[1:], out=host[1:])
    np.testing.assert_array_equal(b.numpy(), host)
    del a, b
    mgr.destroy()


def test_a_tensor_never_synced_to_the_gpu_is_wrapped_with_its_values():
    """Its GPU memory was never written (Kompute uploads on OpSyncDevice): the wrap uploads the host copy;
    once the GPU copy is written, that is what the array shares."""
    mgr = vt.device.kp_manager()
    fresh = mgr.tensor(np.arange(10, dtype=np.float32))
    np.testing.assert_array_equal(vt.asarray(fresh).numpy(), np.arange(10))
    synced = mgr.tensor(np.arange(4, dtype=np.float32))
    mgr.sequence().eval(kp.OpSyncDevice([synced]))
    synced.data()[:] = -1  # the host copy only
    np.testing.assert_array_equal(vt.asarray(synced).numpy(), np.arange(4))
    mgr.destroy()
