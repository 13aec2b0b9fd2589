"""vulkit arrays in NumPy's hands: host views that never show stale values, dtypes NumPy reads, ufuncs that
run on the GPU, and NumPy functions that say which vulkit function to call."""

from __future__ import annotations

import numpy as np
import pytest

import vulkit as vt


def _shares_memory(x: vt.Array) -> bool:
    try:
        np.asarray(x, copy=False)
    except ValueError:
        return False
    return True


def test_host_views_see_every_later_operation():
    """A NumPy view of an array's memory (np.from_dlpack, np.asarray(copy=False)) stays coherent: every
    operation that writes the array finishes on the GPU before it returns while such a view lives."""
    x = vt.asarray(np.arange(1000, dtype=np.float32))
    if not _shares_memory(x):
        pytest.skip("the array is in device-only memory: it is never shared, so no view can go stale")
    view = np.from_dlpack(x)
    x += 1  # written in place on the GPU; no synchronize()
    np.testing.assert_array_equal(view, np.arange(1000, dtype=np.float32) + 1)
    vt.multiply(x, 2, out=x)
    np.testing.assert_array_equal(view, (np.arange(1000, dtype=np.float32) + 1) * 2)
    x[10:20] = 0  # a copy into a slice
    assert (view[10:20] == 0).all() and view[20] == 42
    x[[1, 3]] = -5  # a scatter
    assert view[1] == -5 and view[3] == -5


def test_without_a_view_writes_stay_asynchronous():
    from vulkit.runtime import context

    x = vt.asarray(np.arange(64, dtype=np.float32))
    view = np.from_dlpack(x) if _shares_memory(x) else None
    assert x._alloc.host_views == (1 if view is not None else 0)
    del view
    assert x._alloc.host_views == 0  # the last view gone: nothing waits any more
    stream = context.current().stream
    vt.device.synchronize()
    batches = stream.batches
    x += 1
    assert stream.batches == batches  # recorded, not submitted: nothing waited for it
    np.testing.assert_array_equal(x.numpy(), np.arange(64, dtype=np.float32) + 1)


def test_numpy_reads_vulkit_dtypes():
    x = vt.ones(3, dtype=vt.float32)
    assert np.zeros(2, dtype=x.dtype).dtype == np.float32
    assert np.dtype(vt.int16) == np.int16
    assert vt.float32 == "float32" and vt.float32 == np.float32
    assert (vt.float32 == "a, b") is False  # NumPy reads it as a structured dtype spec: not ours, not an error


@pytest.mark.parametrize("ufunc, args", [(np.add, 2), (np.multiply, 2), (np.exp, 1), (np.sqrt, 1),
                                         (np.arctan2, 2), (np.power, 2), (np.absolute, 1)])
def test_numpy_ufuncs_run_on_the_gpu(ufunc, args):
    host = np.linspace(0.5, 3, 7, dtype=np.float32)
    x = vt.asarray(host)
    result = ufunc(*([x] * args))
    assert isinstance(result, vt.Array)
    np.testing.assert_allclose(result.numpy(), ufunc(*([host] * args)), rtol=1e-6)


def test_a_numpy_array_on_the_left_gives_a_vulkit_array():
    host = np.arange(5, dtype=np.float32)
    result = host + vt.asarray(host)
    assert isinstance(result, vt.Array)
    np.testing.assert_array_equal(result.numpy(), host * 2)
    out = vt.zeros(5, dtype=vt.float32)
    np.add(vt.asarray(host), 1, out=out)
    np.testing.assert_array_equal(out.numpy(), host + 1)


@pytest.mark.parametrize("call, advice", [
    (lambda x: np.sum(x), "x.numpy()"),
    (lambda x: np.mean(x), "x.numpy()"),
    (lambda x: np.max(x), "x.numpy()"),
    (lambda x: np.add.reduce(x), "x.numpy()"),
    (lambda x: np.concatenate([x, x]), "x.numpy()"),
    (lambda x: np.where(x > 0, x, 0), "vulkit.where"),
    (lambda x: np.dot(x, x), "x.numpy()"),
    (lambda x: np.reshape(x, (2, 2)), "vulkit.reshape"),
])
def test_other_numpy_functions_name_what_to_call(call, advice):
    x = vt.asarray(np.arange(4, dtype=np.float32))
    with pytest.raises(TypeError, match="vulkit arrays") as caught:
        call(x)
    assert advice in str(caught.value)


def test_asarray_is_a_host_copy():
    x = vt.asarray(np.arange(4, dtype=np.float32))
    copy = np.asarray(x)
    x += 1
    np.testing.assert_array_equal(copy, np.arange(4, dtype=np.float32))
