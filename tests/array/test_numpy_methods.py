"""NumPy's array methods that call NumPy's functions beyond the standard (``x.fill``, ``x.put``, ``x.choose``,
``x.compress``, ``x.searchsorted``, ``x.partition``, ``x.argpartition``, ``x.tobytes``, ``x.tofile``) against
ndarray's own, on contiguous arrays and strided views."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_compat_helpers import REFERENCE_MARKS, same, strided, values

import vulkit as vt

pytestmark = REFERENCE_MARKS

DTYPES = ["bool", "int8", "int32", "uint32", "float32", "float64", "complex64"]


def _forms(a: np.ndarray) -> list[tuple[vt.Array, np.ndarray]]:
    """(vulkit array, the same values in NumPy) as a contiguous array and as a strided view."""
    return [(vt.asarray(a), a.copy()), (strided(a), a.copy())]


@pytest.mark.parametrize("dtype", DTYPES)
def test_fill(dtype):
    a = values(dtype, (3, 5))
    for x, expected in _forms(a):
        value = a.flat[1]
        assert x.fill(value) is None
        expected.fill(value)
        same(x, expected)
    for value in (0, True, -0.0 if np.dtype(dtype).kind in "fc" else 1):
        x, expected = vt.asarray(a), a.copy()
        x.fill(value)
        expected.fill(value)
        same(x, expected)


@pytest.mark.parametrize("dtype", DTYPES)
def test_put(dtype):
    a = values(dtype, (4, 5))
    v = values(dtype, (3,), seed=1)
    for mode, ind in (("raise", [0, -1, 7]), ("wrap", [3, 25, -22]), ("clip", [-5, 2, 99])):
        for x, expected in _forms(a):
            assert x.put(ind, v, mode) is None
            expected.put(ind, v, mode)
            same(x, expected)
    with pytest.raises(IndexError, match="^put: "):
        vt.asarray(a).put([20], v[:1])


def test_choose_compress_and_searchsorted():
    index = np.array([[0, 2, 1], [1, 0, 2]])
    choices = [values("float32", (2, 3), seed=s) for s in range(3)]
    for mode, chosen in (("raise", index), ("wrap", index + 3), ("clip", index * 2 - 1)):
        same(vt.asarray(chosen).choose([vt.asarray(c) for c in choices], mode=mode),
             chosen.choose(choices, mode=mode))
    a = values("float64", (3, 4))
    for x, expected in _forms(a):
        same(x.compress([1, 0, 1]), expected.compress([1, 0, 1]))
        same(x.compress([0, 1, 1, 0], axis=1), expected.compress([0, 1, 1, 0], axis=1))
        same(x.compress([True, False], 0), expected.compress([True, False], 0))
    keys = np.array([-np.inf, -1.5, 0.0, 0.0, 2.0, np.nan])
    for probe in (0.0, [-2.0, 0.0, np.nan, 3.0]):
        for side in ("left", "right"):
            same(vt.asarray(keys).searchsorted(probe, side), keys.searchsorted(probe, side))
    order = np.array([3, 0, 2, 1])
    unsorted = np.array([4.0, 1.0, 3.0, 2.0])
    same(vt.asarray(unsorted).searchsorted([2.5], sorter=vt.asarray(order)),
         unsorted.searchsorted([2.5], sorter=order))


@pytest.mark.parametrize("dtype", ["int32", "float32", "float64"])
def test_partition_in_place_and_argpartition(dtype):
    a = values(dtype, (4, 7), seed=3)
    for kth in (0, 3, (1, 5), -1):
        for axis in (-1, 0):
            if axis == 0 and np.max(np.atleast_1d(kth)) >= 4:
                continue  # kth beyond the axis: the error case below
            x, expected = vt.asarray(a), a.copy()
            assert x.partition(kth, axis) is None
            expected.partition(kth, axis)
            got = x.numpy()
            for k in np.atleast_1d(kth):  # NumPy leaves the order around kth unspecified: compare what it fixes
                np.testing.assert_array_equal(np.take(got, k, axis), np.take(expected, k, axis))
                np.testing.assert_array_equal(np.sort(got, axis=axis), np.sort(expected, axis=axis))
            picked = vt.asarray(a).argpartition(kth, axis).numpy()
            positions = np.argpartition(a, kth, axis)
            for k in np.atleast_1d(kth):
                np.testing.assert_array_equal(np.take_along_axis(a, np.take(picked, [k], axis), axis),
                                              np.take_along_axis(a, np.take(positions, [k], axis), axis))
    with pytest.raises(ValueError, match="^partition: "):
        vt.asarray(a).partition(9, 0)
    with pytest.raises(ValueError, match="^partition: "):
        vt.asarray(a).partition(1, order="f")


@pytest.mark.parametrize("dtype", DTYPES)
def test_tobytes_and_tofile(dtype, tmp_path):
    a = values(dtype, (3, 4))
    for x, expected in _forms(a):
        view, xv = expected[::2, ::3], x[::2, ::3]
        assert xv.tobytes() == view.tobytes()
        assert xv.tobytes("F") == view.tobytes("F")
        path = tmp_path / f"{dtype}.bin"
        xv.tofile(str(path))
        np.testing.assert_array_equal(np.fromfile(path, dtype=a.dtype), view.ravel())
        text = tmp_path / f"{dtype}.txt"
        if a.dtype.kind != "c":
            xv.tofile(str(text), sep=",")
            view.tofile(str(tmp_path / "expected.txt"), sep=",")
            assert text.read_text() == (tmp_path / "expected.txt").read_text()


def test_flat_reads_and_writes_in_c_order():
    """NumPy's ``x.flat``: iteration (NumPy scalars), indexing, assignment through it into x (a transposed view
    too), ``x.flat = v`` with NumPy's repetition, len and np.asarray."""
    a = np.arange(6.0).reshape(2, 3)
    x = vt.asarray(a)
    assert list(x.flat) == list(a.flat) and len(x.flat) == 6
    np.testing.assert_array_equal(x.flat[1:4].numpy(), a.flat[1:4])
    np.testing.assert_array_equal(np.asarray(x.flat), np.asarray(a.flat))
    for ours, theirs in ((vt.asarray(a.copy()), a.copy()), (vt.asarray(a.copy()).T, a.copy().T)):
        ours.flat[[0, 4]] = [10, 20]
        theirs.flat[[0, 4]] = [10, 20]
        np.testing.assert_array_equal(ours.numpy(), theirs)
    z, w = vt.zeros((2, 3)), np.zeros((2, 3))
    z.flat = [1, 2]
    w.flat = [1, 2]
    np.testing.assert_array_equal(z.numpy(), w)


def test_operators_take_sequences_as_numpy_does():
    """Lists and tuples of numbers are arrays to the operators (``x == [..]`` compares elementwise rather than
    giving False), on either side and in place."""
    a = np.array([[3.0, 1.0, 2.0], [0.5, -1.0, 4.0]])
    x = vt.asarray(a)
    np.testing.assert_array_equal((x == [3.0, 1.0, 2.0]).numpy(), a == [3.0, 1.0, 2.0])
    np.testing.assert_array_equal((x + [1, 2, 3]).numpy(), a + [1, 2, 3])
    np.testing.assert_array_equal(([1, 2, 3] - x).numpy(), [1, 2, 3] - a)
    np.testing.assert_array_equal((x < (1, 2, 3)).numpy(), a < (1, 2, 3))
    y, b = vt.asarray(a.copy()), a.copy()
    y *= [[2], [3]]
    b *= [[2], [3]]
    np.testing.assert_array_equal(y.numpy(), b)
    assert (vt.arange(3, dtype=vt.int8) + [1, 2, 3]).dtype == vt.int64  # a list is an int64 array, as NumPy's
