"""NumPy's set functions (``vulkit.array.ops.numpy_sets``) against NumPy: dtypes, every combination of unique's
flags, NaNs, -0.0, empty and 0-d input, non-contiguous views, and errors, which must name the function called
first."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy_compat_helpers import COMPLEX, FLOATS, REFERENCE_MARKS, names_error, same, strided, values

import vulkit as vt

pytestmark = REFERENCE_MARKS


# -- sets -----------------------------------------------------------------------------------------------------------
FLAGS = list(itertools.product((False, True), repeat=3))


def check_unique(a: np.ndarray, x: vt.Array | None = None, **kwargs: object) -> None:
    x = vt.asarray(a) if x is None else x
    for flags in FLAGS:
        got = vt.unique(x, *flags, **kwargs)
        expected = np.unique(a, *flags, **kwargs)
        if not any(flags):
            got, expected = (got,), (expected,)
        assert len(got) == len(expected)
        for g, e in zip(got, expected, strict=True):
            same(g, e)


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint32", *FLOATS, *COMPLEX])
def test_unique(dtype):
    a = values(dtype, (4, 7), seed=20)
    if np.dtype(dtype).kind in "fc":
        a.flat[::5] = a.flat[1]  # repeats
        a.flat[[3, 9, 17]] = np.nan  # several NaNs: one value by default
        a.flat[[4, 11]] = 0.0
        # one sign of zero: which of -0.0 and 0.0 NumPy's unstable sort puts first depends on the machine's SIMD
        # sort (the keep-first rule is tested with return_index below, where NumPy sorts stably)
        a[a == 0] = 0.0
    check_unique(a)
    check_unique(a, strided(a))
    check_unique(a[0, 0])
    check_unique(a[:0])
    check_unique(a.reshape(-1)[:1])
    for flags in [f for f in FLAGS if f[0] or not f[1]]:  # each NaN its own value (NumPy's inverse without
        # return_index sorts unstably: its NaNs' order is arbitrary)
        got = vt.unique(vt.asarray(a), *flags, equal_nan=False)
        expected = np.unique(a, *flags, equal_nan=False)
        for g, e in zip(got if any(flags) else (got,), expected if any(flags) else (expected,), strict=True):
            same(g, e)


def test_unique_zeros_keep_the_first_occurrence_and_axis():
    a = np.array([-0.0, 1.0, 0.0, np.nan, -0.0, np.nan])
    values_, index = vt.unique(vt.asarray(a), return_index=True)
    expected, expected_index = np.unique(a, return_index=True)  # a stable sort: the first zero, -0.0
    same(values_, expected)
    same(index, expected_index)
    check_unique(a[:4], axis=0)
    check_unique(a[:4], axis=-1)
    names_error(np.exceptions.AxisError, "unique", vt.unique, vt.ones(2), axis=1)
    names_error(TypeError, "unique", vt.unique, "text")


@pytest.mark.parametrize("dtype", ["int32", *FLOATS, *COMPLEX])
def test_set_operations(dtype):
    a = values(dtype, (3, 5), seed=21) if dtype not in ("int32",) else values(dtype, (3, 5), seed=21) % 5
    b = values(dtype, (11,), seed=22, special=False)
    if np.dtype(dtype).kind in "fc":
        a[a == 0] = 0  # no -0.0: NumPy's hashing unique keeps either zero
    b[:4] = a.flat[[1, 2, 6, 14]]
    if np.dtype(dtype).kind in "fc":
        b[6] = np.nan  # NaNs on both sides
    same(vt.union1d(vt.asarray(a), strided(b)), np.union1d(a, b))
    same(vt.intersect1d(vt.asarray(a), vt.asarray(b)), np.intersect1d(a, b))
    for got, expected in zip(vt.intersect1d(strided(a), vt.asarray(b), return_indices=True),
                             np.intersect1d(a, b, return_indices=True), strict=True):
        same(got, expected)
    same(vt.setdiff1d(vt.asarray(a), vt.asarray(b)), np.setdiff1d(a, b))
    same(vt.setdiff1d(vt.asarray(b), strided(a)), np.setdiff1d(b, a))
    same(vt.setxor1d(vt.asarray(a), vt.asarray(b)), np.setxor1d(a, b))
    unique_a, unique_b = np.unique(a), np.unique(b)
    same(vt.intersect1d(vt.asarray(unique_a), vt.asarray(unique_b), assume_unique=True),
         np.intersect1d(unique_a, unique_b, assume_unique=True))
    for got, expected in zip(vt.intersect1d(vt.asarray(unique_a), vt.asarray(unique_b), assume_unique=True,
                                            return_indices=True),
                             np.intersect1d(unique_a, unique_b, assume_unique=True, return_indices=True), strict=True):
        same(got, expected)
    same(vt.setdiff1d(vt.asarray(unique_a), vt.asarray(b), assume_unique=True),
         np.setdiff1d(unique_a, b, assume_unique=True))
    same(vt.setxor1d(vt.asarray(unique_a), vt.asarray(unique_b), assume_unique=True),
         np.setxor1d(unique_a, unique_b, assume_unique=True))


def test_set_operations_edges():
    e = np.zeros(0)
    for x, y in ((e, e), (e, np.array([1.0, 1.0])), (np.array([2.0]), e), (np.array(3.0), np.array([3.0, 1.0]))):
        for name in ("union1d", "intersect1d", "setdiff1d", "setxor1d"):
            same(getattr(vt, name)(vt.asarray(x), vt.asarray(y)), getattr(np, name)(x, y))
    same(vt.union1d([1, 2], vt.asarray([2.5])), np.union1d([1, 2], [2.5]))  # promoted
    same(vt.setdiff1d(vt.asarray([1, 2, 3], dtype=vt.int32), [2.0]), np.setdiff1d(np.array([1, 2, 3], np.int32),
                                                                                 [2.0]))


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint32", "int64", *FLOATS])
@pytest.mark.parametrize(("shape", "axis"), [((9, 4), 0), ((9, 4), 1), ((5, 6, 3), 1), ((5, 6, 3), -1),
                                             ((7, 1), 0), ((1, 5), 0), ((0, 3), 0), ((3, 0), 0), ((4, 3, 0), 1)])
def test_unique_along_an_axis(dtype, shape, axis):
    """Distinct slices along an axis of an n-d array (lexicographic order, first index, inverse, counts) as
    NumPy's, with repeated slices, -0.0 beside 0.0, empty slices and no slices, on a strided view too."""
    rng = np.random.default_rng(len(shape) * 7 + axis)
    a = rng.integers(0, 2, shape).astype(dtype)
    if a.size and np.dtype(dtype).kind == "f":
        a[(0,) * a.ndim] = -0.0  # equal to 0.0 as NumPy compares slices
    check_unique(a, axis=axis)
    check_unique(a, strided(a), axis=axis)


def test_unique_along_an_axis_keeps_slices_with_nan():
    a = np.array([[np.nan, 1.0], [np.nan, 1.0], [0.0, 2.0], [0.0, 2.0]], dtype=np.float32)
    check_unique(a, axis=0)


@pytest.mark.parametrize("dtype", ["int32", "uint8", *FLOATS])
def test_lexsort(dtype):
    """Indices sorting by the last key, ties by the ones before (stable: equal rows keep their order); a
    sequence of keys or a 2-d array of them; along an axis of 2-d keys."""
    rng = np.random.default_rng(5)
    keys = [rng.integers(0, 3, 23).astype(dtype) for _ in range(3)]
    if np.dtype(dtype).kind == "f":
        keys[1][[2, 7]] = np.nan  # sorted last, as NumPy's
    same(vt.lexsort([vt.asarray(k) for k in keys]), np.lexsort(keys))
    same(vt.lexsort(vt.asarray(np.stack(keys))), np.lexsort(np.stack(keys)))
    same(vt.lexsort((vt.asarray(keys[0]),)), np.lexsort((keys[0],)))
    grid = [rng.integers(0, 2, (4, 6)).astype(dtype) for _ in range(2)]
    for axis in (0, 1, -1):
        same(vt.lexsort([vt.asarray(g) for g in grid], axis=axis), np.lexsort(grid, axis=axis))
    names_error(TypeError, "lexsort", vt.lexsort, [])
    names_error(ValueError, "lexsort", vt.lexsort, [vt.ones(3), vt.ones(4)])


@pytest.mark.parametrize("dtype", ["int32", "uint8", *FLOATS])
@pytest.mark.parametrize(("shape", "axis", "kth"), [((13,), -1, 4), ((13,), 0, (0, 6, -1)), ((5, 7), 0, 2),
                                                    ((5, 7), 1, [1, 5]), ((3, 4, 5), None, 30)])
def test_partition_meets_numpys_contract(dtype, shape, axis, kth):
    """Each kth element where a sort puts it, none larger before it, none smaller after (vulkit sorts fully), and
    argpartition's indices gathering that; NaN last as NumPy's."""
    a = values(dtype, shape, seed=9)
    got = vt.partition(vt.asarray(a), kth, axis=axis).numpy()
    indices = vt.argpartition(strided(a), kth, axis=axis).numpy()
    flat = a.reshape(-1) if axis is None else a
    axis_ = 0 if axis is None else axis
    ordered = np.sort(flat, axis=axis_)
    for k in np.atleast_1d(kth):
        picked = np.take(got, [k], axis=axis_)
        np.testing.assert_array_equal(picked, np.take(ordered, [k], axis=axis_))
        np.testing.assert_array_equal(np.take(np.take_along_axis(flat, indices, axis=axis_), [k], axis=axis_),
                                      picked)
    np.testing.assert_array_equal(np.sort(got, axis=axis_), ordered)  # a permutation of the values
    names_error(ValueError, "partition", vt.partition, vt.asarray(a), 99, axis=axis)
    names_error(TypeError, "argpartition", vt.argpartition, vt.asarray(a), 1.5, axis=axis)
