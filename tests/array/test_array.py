"""The Array object: attributes, protocols, operators, indexing, conversions, errors."""

from __future__ import annotations

import math

import numpy as np
import pytest
from array_helpers import FLOATS, INTS, SUPPORTED, assert_matches, sample

import vulkit as vt


def test_issue_example():
    data = np.linspace(-2, 2, 11, dtype=np.float32)
    x = vt.asarray(data)
    y = vt.exp(x) * 2 + x
    np.testing.assert_allclose(y.numpy(), np.exp(data) * 2 + data, rtol=1e-6)


def test_attributes():
    x = vt.asarray(np.zeros((2, 3, 4), np.int16))
    assert (x.shape, x.ndim, x.size, x.dtype, x.strides) == ((2, 3, 4), 3, 24, vt.int16, (12, 4, 1))
    assert x.T.shape == (4, 3, 2) and x.mT.shape == (2, 4, 3)
    assert x.device == vt.__array_namespace_info__().default_device()
    assert x.__array_namespace__() is vt
    assert x.dtype == np.int16 and x.dtype != vt.int32


def test_operators_match_numpy():
    a = sample("int32", 20, -50, 50, seed=1)
    b = sample("int32", 20, 1, 9, seed=2)
    x, y = vt.asarray(a), vt.asarray(b)
    for got, want in [(x + y, a + b), (x - 3, a - 3), (3 * x, 3 * a), (x // y, a // b), (x % y, a % b),
                      (x ** 2, a ** 2), (x << 2, a << 2), (x >> 1, a >> 1), (x & y, a & b), (x | 1, a | 1),
                      (x ^ y, a ^ b), (-x, -a), (+x, +a), (abs(x), abs(a)), (~x, ~a), (x < y, a < b),
                      (x >= 0, a >= 0), (x == y, a == b), (x != 3, a != 3), (10 - x, 10 - a)]:
        assert_matches(got, want)
    assert_matches(x / y, a / b)


def test_inplace_operators_keep_the_array():
    a = sample("float32", 16, special=False)
    x = vt.asarray(a)
    view = x[2:10]
    same = x
    x += 1
    x *= 2
    assert x is same
    assert_matches(view, (a[2:10] + 1) * 2, exact=True)
    with pytest.raises(TypeError, match="same_kind"):
        y = vt.asarray(np.arange(3))
        y += 1.5


def test_weak_scalars_and_overflow():
    x = vt.asarray(np.arange(5, dtype=np.int8))
    assert (x + 1).dtype == vt.int8
    assert (x + 1.0).dtype == vt.float64
    assert (vt.asarray(np.ones(2, np.float16)) * 3.0).dtype == vt.float16
    with pytest.raises(OverflowError):
        x + 300


def test_promotion_matches_numpy_for_every_pair():
    names = list(SUPPORTED)
    for a in names:
        for b in names:
            assert vt.result_type(getattr(vt, a if a != "bool" else "bool"), getattr(vt, b)).name == \
                np.result_type(a, b).name


def test_result_type_takes_numpy_scalars_as_typed():
    """NumPy's float64 and complex128 scalars derive from Python's float and complex but are typed (NEP 50): they
    promote as their dtypes, where Python's scalars are weak."""
    for scalar in (np.float64(2.0), np.complex128(1j), np.float32(2.0), np.int64(3), np.bool_(True), 2.0, 1j, 3):
        assert vt.result_type(vt.float32, scalar).name == np.result_type(np.float32, scalar).name, scalar
    assert vt.result_type(vt.int8, np.float64(1.0)) == vt.float64


def test_mixed_dtypes_compute_in_the_promoted_type():
    a = sample("int8", 20, -100, 100)
    b = sample("float32", 20, special=False)
    assert_matches(vt.asarray(a) * vt.asarray(b), a * b, exact=True)
    u = sample("uint8", 20, 0, 255)
    assert_matches(vt.asarray(a) + vt.asarray(u), a + u)


def test_host_conversions_synchronize():
    x = vt.asarray(np.array([2.5], np.float32))
    assert float(x) == 2.5 and int(x) == 2 and bool(x)
    assert [1, 2, 3][vt.asarray(np.array(1, np.int64))] == 2
    with pytest.raises(TypeError):
        [1][vt.asarray(np.array(0.0))]
    with pytest.raises(ValueError, match="ambiguous"):
        bool(vt.ones(3))
    assert np.asarray(vt.arange(3)).tolist() == [0, 1, 2]


def test_repr_prints_values():
    assert repr(vt.asarray(np.array([1.5, 2], np.float32))) == "Array([1.5, 2. ], dtype=float32)"
    assert str(vt.arange(3)) == "[0 1 2]"


def test_a_dtype_prints_its_name_as_numpy_does():
    """``print(x.dtype)`` and f-strings show the name (NumPy's and CuPy's ``str(dtype)``); repr says whose it is."""
    for dtype in (vt.float32, vt.int8, vt.complex64, vt.bool, vt.bfloat16):
        assert str(dtype) == f"{dtype}" == dtype.name and repr(dtype) == f"vulkit.{dtype.name}"
    assert str(vt.ones(2, dtype=vt.float32).dtype) == str(np.ones(2, np.float32).dtype) == "float32"


def test_advanced_indexing():
    a = sample("float32", 30, special=False).reshape(5, 6)
    x = vt.asarray(a)
    mask = a > 0
    assert_matches(x[vt.asarray(mask)], a[mask], exact=True)
    assert_matches(x[[0, 2, 4]], a[[0, 2, 4]], exact=True)
    assert_matches(x[vt.asarray(np.array([1, 3])), 2:], a[np.array([1, 3]), 2:], exact=True)
    x[x < 0] = 0
    a[a < 0] = 0
    assert_matches(x, a, exact=True)
    x[[1, 2], [3, 4]] = vt.asarray(np.array([9.0, 8.0], np.float32))
    a[[1, 2], [3, 4]] = [9.0, 8.0]
    assert_matches(x, a, exact=True)


@pytest.mark.parametrize("dtype", ["int64", "int32", "uint8", "uint64", "int16"])
def test_indexing_by_one_integer_array_on_the_gpu(dtype):
    """``x[idx]`` with one integer array on the GPU gathers as ``take`` does (its bounds checked on the GPU, not
    read back first): shapes of the indices, negative ones, empty ones, NumPy's IndexError."""
    a = sample("float32", 42, special=False).reshape(7, 2, 3)
    x = vt.asarray(a)
    signed = np.dtype(dtype).kind == "i"
    for idx in ([0, 6, 3, 3], [[1, 2], [5, 0]], [-1, -7, 2] if signed else [1, 6], np.zeros((0, 2), int)):
        i = np.array(idx, dtype=dtype)
        assert_matches(x[vt.asarray(i)], a[i], exact=True)
    for bad in ([7], [0, 9], [-8] if signed else [200]):
        i = np.array(bad, dtype=dtype)
        with pytest.raises(IndexError) as theirs:
            a[i]
        with pytest.raises(IndexError, match=f"^{theirs.value}$"):
            x[vt.asarray(i)]


Z = (5,)
X = (3, 2)
MASK = np.array([True, False, True])
# (x's shape, key, value): NumPy accepts extra leading size-1 dimensions of the value, except where the key
# selects one element (int keys only) or is one boolean mask over all of x's dimensions.
SETITEM = [
    (Z, slice(0, 2), (1, 2)), (Z, [0, 1], (1, 2)), (Z, [0, 1], (1, 1, 2)), (Z, (0, ...), (1,)),
    (Z, slice(0, 2), (2, 2)), (Z, [0, 1], (3,)), (Z, [0, 1], (2, 1)), (Z, 0, (1,)), (Z, 0, (1, 1)), (Z, 0, ()),
    (Z, [], (2,)), (Z, [], (1,)), (Z, slice(0, 0), (2,)), (Z, np.zeros(5, bool), (2,)),
    (Z, np.arange(5) < 2, (1, 2)), (Z, np.arange(5) < 2, (2,)), (Z, np.arange(5) < 2, (1,)),
    (X, MASK, (1, 2, 2)), (X, MASK, (2, 1)), (X, (MASK, 0), (1, 2)), (X, [], (2,)), (X, [], (3,)),
    (X, 0, (1, 1, 2)), (X, (0, 0), (1,)), (X, ([0, 1], [0, 1]), (1, 2)), (X, (None, 0), (1, 1, 2)),
]


@pytest.mark.parametrize(("shape", "key", "value_shape"), SETITEM, ids=str)
def test_setitem_accepts_and_rejects_values_as_numpy(shape, key, value_shape):
    want = np.zeros(shape, np.float32)
    value = np.arange(1, 1 + math.prod(value_shape), dtype=np.float32).reshape(value_shape)
    x = vt.zeros(shape, dtype=vt.float32)
    try:
        want[key] = value
    except (ValueError, TypeError) as error:
        with pytest.raises(type(error)):
            x[key] = vt.asarray(value)
        return
    x[key] = vt.asarray(value)
    assert_matches(x, want, exact=True)
    x[...] = 0
    x[key] = value  # host values follow the same rules
    assert_matches(x, want, exact=True)


def test_setitem_with_a_device_mask_and_scalars():
    x = vt.zeros(5, dtype=vt.int32)
    x[vt.arange(5) < 2] = vt.asarray(np.array([[7]], np.int32)[0])
    x[[True, False, False, False, True]] = 3
    assert x.numpy().tolist() == [3, 7, 0, 0, 3]
    with pytest.raises(TypeError, match="0- or 1-dimensional"):
        x[vt.arange(5) < 2] = vt.ones((1, 2), dtype=vt.int32)


def test_index_errors():
    x = vt.zeros((2, 3))
    with pytest.raises(IndexError):
        x[2]
    with pytest.raises(IndexError):
        x[0, 0, 0]


@pytest.mark.parametrize("dtype", ["bool", *INTS, *FLOATS])
def test_astype(dtype):
    """Negative floats to unsigned types wrap as NumPy's do (GPUs clamp them to 0 unless told)."""
    a = sample("float32", 20, -100, 100, special=False)
    assert_matches(vt.asarray(a).astype(dtype), a.astype(dtype), exact=True)


def test_dtype_errors():
    with pytest.raises(TypeError, match="no dtype"):
        vt.asarray(np.array(["a", "b"]))
    with pytest.raises(TypeError, match="no dtype"):
        vt.zeros(2, dtype="datetime64[s]")
    with pytest.raises(TypeError, match="not supported"):
        vt.asarray(np.ones(2, np.float32)) & vt.asarray(np.ones(2, np.float32))


def test_dlpack_and_array_protocols():
    """Host-visible memory is shared (copy=False/None), device-only memory is copied or refused."""
    x = vt.arange(6, dtype=vt.float32)[1:5]
    expected = np.arange(1, 5, dtype=np.float32)
    np.testing.assert_array_equal(np.from_dlpack(x), expected)  # shared or copied, as the memory allows
    copied = np.from_dlpack(x, copy=True)
    copied[0] = -1
    np.testing.assert_array_equal(x.numpy(), expected)
    assert x.__dlpack_device__() == (1, 0)
    with pytest.raises(BufferError, match="host"):
        x.__dlpack__(dl_device=(2, 0))
    np.testing.assert_array_equal(np.asarray(x), expected)
    with pytest.raises(ValueError, match="copy"):
        np.asarray(x, dtype=np.float64, copy=False)
    if x._host_visible():
        shared = np.from_dlpack(x, copy=False)
        shared[0] = 42  # the same memory
        assert x.numpy()[0] == 42
        assert np.asarray(x, copy=False)[0] == 42
    else:
        with pytest.raises(BufferError, match="coherent"):
            np.from_dlpack(x, copy=False)
        with pytest.raises(ValueError, match="coherent"):
            np.asarray(x, copy=False)
    assert_matches(vt.from_dlpack(np.arange(3.0)), np.arange(3.0), exact=True)


def test_non_coherent_memory_is_copied_not_shared(monkeypatch):
    """Host writes through a shared view of non-coherent memory would never reach the GPU (nothing flushes
    them): such memory is copied for DLPack and refused for NumPy's copy=False."""
    x = vt.arange(4, dtype=vt.float32)
    buffer = x._alloc.buffer
    if not buffer.host_visible:
        pytest.skip("the array is in device-only memory: it is never shared")
    monkeypatch.setattr(buffer, "host_coherent", False)  # as on GPUs whose host-visible memory is not coherent
    copied = np.from_dlpack(x)
    copied[0] = 42
    monkeypatch.undo()
    np.testing.assert_array_equal(x.numpy(), np.arange(4, dtype=np.float32))
    monkeypatch.setattr(buffer, "host_coherent", False)
    with pytest.raises(BufferError, match="coherent"):
        np.from_dlpack(x, copy=False)
    with pytest.raises(ValueError, match="coherent"):
        np.asarray(x, copy=False)


def test_kp_tensor_without_a_copy():
    from vulkit import kp
    from vulkit.runtime import context

    manager = kp.Manager()
    tensor = manager.tensor_t(np.arange(4, dtype=np.float32))
    assert_matches(vt.asarray(tensor), np.arange(4, dtype=np.float32), exact=True)
    manager.destroy()
    assert context.current() is not None


def test_out_argument():
    a = sample("float32", 10, special=False)
    out = vt.empty(10, dtype=vt.float32)
    assert vt.multiply(vt.asarray(a), 2, out=out) is out
    assert_matches(out, a * 2, exact=True)
    with pytest.raises(ValueError, match="broadcast"):
        vt.add(vt.ones(3), 1, out=vt.empty(4))


def test_constants():
    assert vt.pi == math.pi and vt.e == math.e and math.isinf(vt.inf) and math.isnan(vt.nan)


def test_kernels_do_not_outlive_their_device():
    """Cached kernels and dispatch shortcuts go with the device context they were made for."""
    from vulkit.runtime import context

    x = vt.asarray(np.arange(5, dtype=np.float32))
    assert_matches(x + x, np.arange(5, dtype=np.float32) * 2, exact=True)
    del x
    context.shutdown()
    y = vt.asarray(np.arange(5, dtype=np.float32))
    assert_matches(y + y, np.arange(5, dtype=np.float32) * 2, exact=True)


def test_arrays_of_a_device_that_was_shut_down_raise():
    from vulkit.runtime import context

    x = vt.asarray(np.arange(5, dtype=np.float32))
    m = vt.asarray(np.ones((4, 4), dtype=np.float32))
    x + x  # the fast path's kernel is cached too
    m @ m  # and the product's plan for its layouts
    context.shutdown()
    with pytest.raises(RuntimeError, match="^matmul: the array's device \\(\\d+\\) was shut down"):
        m @ m
    for use in (lambda: x + 1, lambda: x + x, lambda: vt.exp(x)):
        with pytest.raises(RuntimeError, match="shut down|destroyed"):
            use()
    # reading back names the function, whether the array's memory is host-visible (lavapipe) or not (a GPU's)
    for name, use in (("numpy", x.numpy), ("tolist", x.tolist), ("item", x[0].item), ("sum", lambda: vt.sum(x))):
        with pytest.raises(RuntimeError, match=f"^{name}: the array's device \\(\\d+\\) was shut down"):
            use()
    with pytest.raises(RuntimeError, match="shut down"):
        vt.asarray(np.ones(5, np.float32)) + x  # mixed with an array of the new context


def test_an_operation_on_a_destroyed_context_names_itself():
    """A context of its own (no plan made in it yet): the operation's general path names the operation."""
    from vulkit.array.array import upload
    from vulkit.runtime.context import DeviceContext

    other = DeviceContext(0)
    x = upload(other, np.ones(4, np.float32))
    other.destroy()
    with pytest.raises(RuntimeError, match="^sin: the array's device \\(\\d+\\) was shut down"):
        vt.sin(x)


def test_operands_of_two_devices_raise():
    """Two contexts stand for two devices here (the CI machine has one): no op mixes their memory."""
    from vulkit.array.array import upload
    from vulkit.runtime.context import DeviceContext

    other = DeviceContext(0)
    try:
        arrays = vt.asarray(np.ones(4, np.float32)), upload(other, np.ones(4, np.float32))
        uses = (lambda x, y: x + y, lambda x, y: y - x, lambda x, y: vt.where(x > 0, y, 0.0),
                lambda x, y: vt.add(y, 1, out=x))
        for use in uses:
            with pytest.raises(ValueError, match="different devices"):
                use(*arrays)
        assert_matches(arrays[1] * 3, np.full(4, 3, np.float32), exact=True)  # on its own device, as PyTorch
        del arrays
    finally:
        other.destroy()


def test_threads_may_use_arrays_at_once():
    """Four threads run eager ops, transfers and frees on one device; every result is exact."""
    import threading

    failures = []

    def work(seed: int) -> None:
        rng = np.random.default_rng(seed)
        try:
            for _ in range(60):
                host = rng.random(int(rng.integers(1, 5000)), dtype=np.float32)
                x = vt.asarray(host)
                y = (x * 2 + 1) - x
                np.testing.assert_array_equal(y.numpy(), (host * 2 + 1) - host)
        except Exception as error:  # noqa: BLE001 - reported below, with the thread's seed
            failures.append((seed, repr(error)))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures


def test_eager_loop_over_large_arrays_reuses_memory_without_waiting():
    """Each result is freed while the GPU may still use it: the stream reuses it behind a barrier,
    so 200 ops in flight hold a few arrays' worth of memory, not one block per op."""
    n = 1 << 19  # 2 MiB of float32: above the small-request limit
    x = vt.ones(n, dtype=vt.float32)
    vt.device.synchronize()
    before = vt.device.memory_reserved()
    y = x
    for _ in range(200):
        y = y + 1
    assert vt.device.memory_reserved() - before <= 4 * n * 4
    assert float(y[n - 1]) == 201.0


@pytest.mark.parametrize("value", [np.uint8(200), np.uint64(2 ** 63), np.int64(5), np.float64(3.7), np.bool_(True)],
                         ids=repr)
def test_setitem_of_numpy_scalars_as_numpy(value):
    """NumPy scalars are assigned through Python's numbers: out of range raises, in range converts."""
    host, x = np.zeros(3, np.int8), vt.zeros(3, dtype=vt.int8)
    try:
        host[1] = value
    except OverflowError:
        with pytest.raises(OverflowError):
            x[1] = value
    else:
        x[1] = value
        np.testing.assert_array_equal(x.numpy(), host)


def test_pickle_copy_and_deepcopy():
    """Arrays pickle (values, dtype, device; bfloat16 through float32) and copy.copy/deepcopy give new arrays, as
    NumPy's do (a model's parameters copied with copy.deepcopy)."""
    import copy
    import pickle

    a = np.arange(12.0).reshape(3, 4)
    x = vt.asarray(a)[:, ::2]
    back = pickle.loads(pickle.dumps(x))
    assert back.dtype == x.dtype and back.device == x.device
    np.testing.assert_array_equal(back.numpy(), a[:, ::2])
    for copied in (copy.copy(x), copy.deepcopy(x), copy.deepcopy({"w": x})["w"]):
        assert copied is not x
        copied[0, 0] = 99.0
        assert x.numpy()[0, 0] == 0.0 and copied.numpy()[0, 0] == 99.0
    halves = vt.asarray([1.5, -2.25, 3.0e38], dtype=vt.bfloat16)
    again = pickle.loads(pickle.dumps(halves))
    assert again.dtype == vt.bfloat16
    np.testing.assert_array_equal(again.astype(vt.float32).numpy(), halves.astype(vt.float32).numpy())


def test_numpy_dtype_attributes_and_astype_casting():
    """NumPy's dtype attributes (char, type, str) and astype's ``casting`` rule, as NumPy's."""
    for name in ("bool", "int8", "uint16", "int64", "float32", "float64", "complex64"):
        ours, theirs = getattr(vt, name), np.dtype(name)
        assert (ours.char, ours.type, ours.str) == (theirs.char, theirs.type, theirs.str)
    x = vt.asarray([1.5, 2.5], dtype=vt.float32)
    for target in ("float64", "float16", "int32", "complex64", "float32"):
        for casting in ("no", "equiv", "safe", "same_kind", "unsafe"):
            if np.can_cast(np.float32, target, casting=casting):
                assert x.astype(target, casting=casting).dtype == getattr(vt, target)
            else:
                with pytest.raises(TypeError, match=f"astype: cannot cast .* rule '{casting}'"):
                    x.astype(target, casting=casting)
    with pytest.raises(ValueError, match="astype: casting must be one of"):
        x.astype("int32", casting="bogus")
    assert x.astype(vt.bfloat16, casting="same_kind").dtype == vt.bfloat16
    with pytest.raises(TypeError, match="rule 'safe'"):
        x.astype(vt.bfloat16, casting="safe")
