"""Creation functions against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import assert_matches

import vulkit as vt


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint32", "int64", "float16", "float32"])
def test_fills(dtype):
    assert_matches(vt.zeros((3, 5), dtype=dtype), np.zeros((3, 5), dtype), exact=True)
    assert_matches(vt.ones(7, dtype=dtype), np.ones(7, dtype), exact=True)
    assert_matches(vt.full((2, 2), 1, dtype=dtype), np.full((2, 2), 1, dtype), exact=True)
    assert vt.empty((0, 4), dtype=dtype).shape == (0, 4)


def test_like_functions_and_defaults():
    x = vt.asarray(np.ones((2, 3), np.int16))
    assert_matches(vt.zeros_like(x), np.zeros((2, 3), np.int16), exact=True)
    assert_matches(vt.ones_like(x, dtype=vt.float32), np.ones((2, 3), np.float32), exact=True)
    assert_matches(vt.full_like(x, 4), np.full((2, 3), 4, np.int16), exact=True)
    assert vt.empty_like(x).dtype == vt.int16
    assert vt.full(2, 1.5).dtype == vt.float64 and vt.full(2, 3).dtype == vt.int64
    assert vt.full(2, True).dtype == vt.bool


@pytest.mark.parametrize("args", [(10,), (2, 11, 3), (-5, 5), (0.0, 1.0, 0.1), (5, 0, -2), (1.5, 4), (0, 10, np.inf),
                                  (0, -10, np.inf), (0.5, -10, -np.inf), (1, 1, 3)], ids=str)
def test_arange(args):
    assert_matches(vt.arange(*args), np.arange(*args), exact=True)


def test_arange_float32_and_linspace():
    assert_matches(vt.arange(0, 1, 0.1, dtype=vt.float32), np.arange(0, 1, 0.1, dtype=np.float32), exact=True)
    assert_matches(vt.linspace(0, 1, 7), np.linspace(0, 1, 7), exact=True)
    assert_matches(vt.linspace(-1, 1, 4, endpoint=False, dtype=vt.float32),
                   np.linspace(-1, 1, 4, endpoint=False).astype(np.float32), exact=True)


@pytest.mark.parametrize("k", [0, 1, -2])
def test_eye_tril_triu(k):
    assert_matches(vt.eye(4, 5, k=k), np.eye(4, 5, k=k), exact=True)
    a = np.arange(2 * 4 * 5, dtype=np.int32).reshape(2, 4, 5)
    assert_matches(vt.tril(vt.asarray(a), k=k), np.tril(a, k), exact=True)
    assert_matches(vt.triu(vt.asarray(a), k=k), np.triu(a, k), exact=True)


def test_eye_takes_an_integer_diagonal():
    with pytest.raises(TypeError, match="integer"):
        vt.eye(3, k=1.5)  # as NumPy; it was truncated
    assert_matches(vt.eye(3, k=np.int64(-1)), np.eye(3, k=-1), exact=True)


def test_eye_of_any_diagonal_and_size():
    """A diagonal beyond the matrix, for any integer k, leaves zeros (k = 2**31 raised OverflowError); shapes whose
    bytes pass 2^63 raise ValueError, empty ones of huge sides are empty, as NumPy."""
    for n, m, k in ((1, None, 2 ** 31), (3, None, -2 ** 70), (2, 3, 2 ** 63), (2, 5, 4), (5, 2, -4), (4, 4, -3)):
        assert_matches(vt.eye(n, m, k=k), np.eye(n, m, k=k), exact=True)
    assert vt.eye(0, 2 ** 40).shape == (0, 2 ** 40)
    with pytest.raises(ValueError, match="too big"):
        vt.eye(0, 2 ** 62)
    with pytest.raises(ValueError, match="negative"):
        vt.eye(-1)
    with pytest.raises(TypeError):
        vt.eye(2.0)


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid(indexing):
    a, b = np.arange(3.0), np.arange(4.0)
    for got, want in zip(vt.meshgrid(vt.asarray(a), vt.asarray(b), indexing=indexing),
                         np.meshgrid(a, b, indexing=indexing), strict=True):
        assert_matches(got, want, exact=True)


def test_asarray_sources():
    assert_matches(vt.asarray([[1, 2], [3, 4]]), np.asarray([[1, 2], [3, 4]]), exact=True)
    assert_matches(vt.asarray(2.5), np.asarray(2.5), exact=True)
    assert_matches(vt.asarray(b"\x01\x02"), np.array([1, 2], np.uint8), exact=True)
    x = vt.asarray([1.0, 2.0], dtype=vt.float32)
    assert vt.asarray(x) is x
    assert vt.asarray(x, copy=True) is not x
    with pytest.raises(ValueError):
        vt.asarray([1, 2], copy=False)


def test_asarray_keeps_python_integers_exact_in_integer_targets():
    """Python integers past int64 go straight into uint64 (through float64 they lost their low bits: the array API
    suite's astype found it), and a value outside the target's range raises as NumPy's asarray does."""
    big = [2**63 + 1, 1, 2**64 - 1]
    x = vt.asarray(big, dtype=vt.uint64)
    np.testing.assert_array_equal(x.numpy(), np.array(big, dtype=np.uint64))
    assert int(x[0]) == 2**63 + 1 and bool((x == 2**63 + 1).numpy()[0])
    np.testing.assert_array_equal(vt.asarray([[-2**63, 5]], dtype=vt.int64).numpy(), [[-2**63, 5]])
    with pytest.raises(OverflowError, match="asarray: Python integer 300 out of bounds for uint8"):
        vt.asarray([300, 1], dtype=vt.uint8)


def test_numpy_linspace_retstep_and_meshgrid_sparse():
    """NumPy's ``retstep`` (the step as a float, NaN with fewer than two intervals) and meshgrid's ``sparse`` and
    ``copy``, against NumPy."""
    for args, kwargs in (((0, 1, 5), {"endpoint": False}), ((2, 3, 1), {}), ((0, 1, 0), {}), ((-1, 4, 6), {})):
        ours, step = vt.linspace(*args, retstep=True, **kwargs)
        theirs, their_step = np.linspace(*args, retstep=True, **kwargs)
        np.testing.assert_array_equal(ours.numpy(), theirs)
        assert (np.isnan(step) and np.isnan(their_step)) or step == their_step
    inputs = (np.arange(3), np.arange(2) + 10, np.arange(4) * 2)
    for indexing in ("xy", "ij"):
        for sparse in (False, True):
            for copy in (True, False):
                ours = vt.meshgrid(*(vt.asarray(v) for v in inputs), indexing=indexing, sparse=sparse, copy=copy)
                theirs = np.meshgrid(*inputs, indexing=indexing, sparse=sparse, copy=copy)
                for o, t in zip(ours, theirs, strict=True):
                    np.testing.assert_array_equal(o.numpy(), t)
