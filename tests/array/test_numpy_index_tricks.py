"""NumPy's index tricks (``mgrid``, ``ogrid``, ``r_``, ``c_``, ``s_``, ``index_exp``) against NumPy: values, shapes and
dtypes, directives, and the errors users get."""

from __future__ import annotations

import numpy as np
import pytest

import vulkit as vt

GRID_KEYS = [np.s_[0:5], np.s_[3:3], np.s_[0:5, 0:3], np.s_[0:1:0.25, 2:5], np.s_[-1:1:5j], np.s_[0:4:3j, 1:2:2j],
             np.s_[5:0:-2, 0:2], np.s_[0:2, 0:3, 0:4], np.s_[0:1:1j], np.s_[2:-3:-1.5]]


def _same(got: vt.Array, want: np.ndarray) -> None:
    got = got.numpy()
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("key", GRID_KEYS, ids=repr)
def test_mgrid_and_ogrid(key):
    _same(vt.mgrid[key], np.mgrid[key])
    got, want = vt.ogrid[key], np.ogrid[key]
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            _same(g, w)
    else:
        _same(got, want)


def _device(key: tuple) -> tuple:
    return tuple(vt.asarray(k) if isinstance(k, np.ndarray) else k for k in key)


R_KEYS = [(1, 2, 3), (np.array([1, 2]), 0, np.s_[3:6]), (np.s_[0:1:5j], 7), ("0,2", [1, 2], [3, 4]),
          ("1,2,0", [1, 2], [3, 4]), ("-1", np.ones((2, 2)), np.zeros((2, 3))), ("2,3", np.arange(2), np.arange(3)),
          ("0,3,0", [1, 2], [3, 4]), ("0,3,1", [1, 2], [3, 4]), (np.arange(3, dtype=np.int8), 100),
          (np.arange(3, dtype=np.float32), 2.5), (True, False), (np.array([1.5]), np.array([2], np.int16)),
          (np.arange(2, dtype=np.float32), np.float64(2.0)),
          (np.zeros((2, 0)), np.ones((1, 0)))]
C_KEYS = [(np.array([1, 2, 3]), np.array([4, 5, 6])), (np.ones((2, 2)), np.zeros((2, 1))),
          (np.s_[0:3], np.array([7, 8, 9])), (1, 2), (np.arange(4).reshape(2, 2), np.s_[0:2])]


@pytest.mark.parametrize("key", R_KEYS, ids=repr)
def test_r_(key):
    _same(vt.r_[_device(key)], np.r_[key])


@pytest.mark.parametrize("key", C_KEYS, ids=repr)
def test_c_(key):
    _same(vt.c_[_device(key)], np.c_[key])


def test_index_expressions_and_constants():
    assert vt.s_[1:3, ..., None] == np.s_[1:3, ..., None]
    assert vt.index_exp[2] == np.index_exp[2]
    x = vt.arange(10)
    np.testing.assert_array_equal(x[vt.s_[2:8:3]].numpy(), np.arange(10)[2:8:3])
    assert vt.euler_gamma == np.euler_gamma


@pytest.mark.parametrize(("make", "error", "match"), [
    (lambda: vt.mgrid[0:], TypeError, "mgrid: a slice needs its stop"),
    (lambda: vt.ogrid[1], TypeError, "ogrid: index with slices"),
    (lambda: vt.mgrid[0:5:0], ValueError, "mgrid: a slice's step must not be 0"),
    (lambda: vt.mgrid[0j:5], TypeError, "mgrid: only the step may be complex"),
    (lambda: vt.mgrid["a":5], TypeError, "mgrid: slice bounds must be numbers"),
    (lambda: vt.r_["r", 1, 2], ValueError, "r_: the 'r' directive builds a NumPy matrix"),
    (lambda: vt.c_["c", 1, 2], ValueError, "c_: the 'c' directive builds a NumPy matrix"),
    (lambda: vt.r_[1, "0"], ValueError, "r_: special directives must be the first entry"),
    (lambda: vt.r_["x", 1], ValueError, "r_: unknown special directive 'x'"),
    (lambda: vt.r_[vt.arange(3, dtype=vt.int8), 300], OverflowError, "r_: Python integer 300 out of bounds"),
    (lambda: vt.r_[vt.ones((2, 2)), vt.ones(3)], ValueError, "r_: "),
])
def test_errors_name_the_trick(make, error, match):
    with pytest.raises(error, match=match):
        make()
