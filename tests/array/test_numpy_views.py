"""NumPy's ways of looking at an array (reinterpret.py and friends), against NumPy: ``x.view(dtype)`` sharing
memory, ``x.flags``, ``x.copy(order)``, ``vt.copy(a, order)``, ``vt.asarray(obj, dtype, order)``, ``vt.dtype``,
``vt.broadcast`` and ``take_along_axis``'s axis by position."""

from __future__ import annotations

import numpy as np
import pytest

import vulkit as vt


def _has(name: str) -> bool:
    """Whether the device holds arrays of the dtype ``name`` (float16 is not among the array API's dtypes)."""
    try:
        vt.zeros(1, dtype=name)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize(("source", "target", "shape", "key"), [
    ("float32", "int32", (3, 5), ()), ("float32", "uint32", (4, 6), (slice(1, 3),)),
    ("int32", "float32", (7,), (slice(None, None, 2),)), ("float32", "uint8", (2, 3), ()),
    ("uint8", "int32", (3, 8), (slice(None), slice(4, 8))), ("float64", "float32", (2, 2), ()),
    ("float32", "float64", (3, 4), ()), ("uint8", "bool", (5,), ()), ("int16", "float16", (2, 3, 4), ()),
    ("complex64", "float32", (3,), ()), ("float32", "complex64", (2, 4), ()), ("int64", "uint8", (0, 2), ()),
])
def test_view_reads_the_same_bytes_as_numpys(source, target, shape, key):
    if not (_has(source) and _has(target)):
        pytest.skip("the device lacks a dtype")
    rng = np.random.default_rng(0)
    values = (rng.integers(0, 2, shape) if target == "bool" else rng.integers(-100, 100, shape)).astype(source)
    base = values[key] if key else values
    x = vt.asarray(values)
    x = x[key] if key else x
    expected = base.view(target)
    got = x.view(target)
    assert got.shape == expected.shape and got.dtype == vt.dtype(target)
    np.testing.assert_array_equal(got.numpy(), expected)


def test_view_shares_memory_and_checks_its_layout():
    x = vt.asarray(np.arange(6, dtype=np.float32))
    bits = x.view(vt.uint32)
    bits[0] = np.float32(-2.0).view(np.uint32)  # writes through the view
    assert x[0].numpy() == -2.0
    assert x.view().dtype == vt.float32 and x.view(None).shape == (6,)
    with pytest.raises(ValueError, match="last axis must be contiguous"):
        vt.asarray(np.zeros((4, 4), np.float32))[:, ::2].view(vt.float64)
    with pytest.raises(ValueError, match="do not divide"):
        vt.asarray(np.zeros(3, np.float32)).view(vt.float64)
    with pytest.raises(ValueError, match="0-d"):
        vt.asarray(np.float32(1)).view(vt.uint8)
    with pytest.raises(TypeError, match="subclass"):
        x.view(type=np.ndarray)


@pytest.mark.parametrize("make", [
    lambda m, a: a, lambda m, a: a.T, lambda m, a: a[:, ::2], lambda m, a: a[::-1], lambda m, a: a[None, :, 1],
    lambda m, a: m.broadcast_to(a[:1], (3, 5)),
])
def test_flags_report_numpys_layout(make):
    values = np.arange(15, dtype=np.float32).reshape(3, 5)
    a, x = make(np, values), make(vt, vt.asarray(values))
    for key in ("C_CONTIGUOUS", "F_CONTIGUOUS", "C", "F", "FORTRAN", "WRITEABLE", "ALIGNED"):
        assert x.flags[key] == a.flags[key], key
    assert x.flags.c_contiguous == a.flags.c_contiguous and x.flags.f_contiguous == a.flags.f_contiguous
    with pytest.raises(KeyError, match="unknown flag"):
        x.flags["OWNDATA"]


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
@pytest.mark.parametrize("make", [lambda a: a, lambda a: a.T, lambda a: a.transpose(1, 2, 0), lambda a: a[:, ::2]])
def test_copies_take_numpys_orders(order, make):
    a = make(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    x = make(vt.asarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4)))
    for got, expected in ((x.copy(order), a.copy(order)), (vt.copy(x, order), np.copy(a, order))):
        np.testing.assert_array_equal(got.numpy(), expected)
        assert got.flags["C"] == expected.flags["C"] and got.flags["F"] == expected.flags["F"]
    with pytest.raises(ValueError, match="order must be one of"):
        x.copy("X")


def test_asarray_takes_numpys_order():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    x = vt.asarray(a)
    assert vt.asarray(x, None, "C") is x and vt.asarray(x.T, order="F").flags.f_contiguous
    fortran = vt.asarray(x, vt.float32, "F")
    assert fortran.flags.f_contiguous and not fortran.flags.c_contiguous
    np.testing.assert_array_equal(fortran.numpy(), a)
    np.testing.assert_array_equal(vt.asarray(x.T, order="C").numpy(), a.T)
    assert vt.asarray(x.T, order="C").flags.c_contiguous
    with pytest.raises(ValueError, match="copy=False"):
        vt.asarray(x, order="F", copy=False)
    with pytest.raises(ValueError, match="order must be one of"):
        vt.asarray(x, order="Z")


def test_dtype_is_numpys_constructor():
    assert vt.dtype("float32") is vt.float32 and vt.dtype(np.int64) is vt.int64
    assert vt.dtype(np.dtype("uint8")) is vt.uint8 and vt.dtype(vt.float16) is vt.float16
    assert isinstance(vt.float32, vt.dtype) and not isinstance("float32", vt.dtype)
    with pytest.raises(TypeError, match="no dtype"):
        vt.dtype("S5")


def test_broadcast_gives_numpys_shape_and_elements():
    a, b = np.arange(3.0), np.arange(4.0)[:, None]
    ours, theirs = vt.broadcast(vt.asarray(a), b, 7.0), np.broadcast(a, b, 7.0)
    assert (ours.shape, ours.ndim, ours.nd, ours.size, ours.numiter) == \
        (theirs.shape, theirs.ndim, theirs.nd, theirs.size, theirs.numiter)
    assert list(ours) == list(theirs) and ours.index == 12
    ours.reset()
    assert next(ours) == (0.0, 0.0, 7.0)
    with pytest.raises(ValueError):
        vt.broadcast(np.zeros(3), np.zeros(4))


def test_take_along_axis_takes_its_axis_by_position():
    a = np.random.default_rng(1).standard_normal((4, 6)).astype(np.float32)
    order = np.argsort(a, 1)
    np.testing.assert_array_equal(vt.take_along_axis(vt.asarray(a), vt.asarray(order), 1).numpy(),
                                  np.take_along_axis(a, order, 1))
    np.testing.assert_array_equal(vt.take_along_axis(vt.asarray(a), vt.asarray(np.argsort(a, 0)), 0).numpy(),
                                  np.take_along_axis(a, np.argsort(a, 0), 0))
