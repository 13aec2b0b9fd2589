"""NumPy's ufunc methods on vulkit's two-argument functions (``vt.add.reduce``, ``vt.maximum.accumulate``,
``vt.multiply.outer``, ``vt.add.at``) against NumPy's: values, dtypes, axes and the errors of what is missing."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import assert_matches, sample

import vulkit as vt

REDUCED = ["add", "multiply", "maximum", "minimum", "fmax", "fmin"]


@pytest.mark.parametrize("name", REDUCED)
@pytest.mark.parametrize("dtype", ["float32", "int8", "uint16"])
def test_reduce(name, dtype):
    a = sample(dtype, 24, 1, 4, seed=5).reshape(2, 3, 4)
    x = vt.asarray(a)
    for axis in (0, 1, -1, None, (0, 2)):
        assert_matches(getattr(vt, name).reduce(x, axis=axis), getattr(np, name).reduce(a, axis=axis))
    assert_matches(getattr(vt, name).reduce(x), getattr(np, name).reduce(a))  # NumPy's default axis 0
    assert_matches(getattr(vt, name).reduce(x, axis=1, keepdims=True), getattr(np, name).reduce(a, axis=1,
                                                                                               keepdims=True))
    if name in ("add", "maximum"):
        mask = np.arange(4) % 2 == 0
        assert_matches(getattr(vt, name).reduce(x, axis=2, initial=1, where=mask),
                       getattr(np, name).reduce(a, axis=2, initial=1, where=mask))


@pytest.mark.parametrize("name", ["logical_and", "logical_or"])
def test_logical_reduce_and_accumulate(name):
    a = np.array([[True, False, True], [True, True, True]])
    x = vt.asarray(a)
    for axis in (0, 1, None):
        assert_matches(getattr(vt, name).reduce(x, axis=axis), getattr(np, name).reduce(a, axis=axis))
    assert_matches(getattr(vt, name).accumulate(x, axis=1), getattr(np, name).accumulate(a, axis=1))


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum"])
@pytest.mark.parametrize("dtype", ["float64", "int8", "bool"])
def test_accumulate(name, dtype):
    a = sample(dtype, 12, -3, 4, seed=6).reshape(3, 4)
    if dtype == "float64":
        a[1, 2] = np.nan
    x = vt.asarray(a)
    for axis in (0, 1, -1):
        assert_matches(getattr(vt, name).accumulate(x, axis=axis), getattr(np, name).accumulate(a, axis=axis))
    assert_matches(getattr(vt, name).accumulate(x), getattr(np, name).accumulate(a))


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "maximum", "greater", "power", "hypot", "equal"])
def test_outer(name):
    rng = np.random.default_rng(7)
    a = rng.uniform(1, 3, (2, 3)).astype(np.float32)
    b = rng.uniform(1, 3, 4).astype(np.float32)
    assert_matches(getattr(vt, name).outer(vt.asarray(a), vt.asarray(b)), getattr(np, name).outer(a, b))
    assert_matches(getattr(vt, name).outer(vt.asarray(b), 2.0), getattr(np, name).outer(b, 2.0))


@pytest.mark.parametrize("name", ["add", "subtract"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "complex64"])
def test_at_adds_every_repeat(name, dtype):
    base = sample(dtype, 12, -3, 3, seed=9, special=False).reshape(3, 4)  # sums rounded once: no -0.0 to compare
    cases = [(np.array([0, 1, 1, 2, 1]), None), ((np.array([0, 0, 2]), np.array([1, 1, 3])), None),
             ((slice(None), np.array([3, 3])), None), (np.array([[0, 2], [2, 2]]), None)]
    for indices, _ in cases:
        ours, theirs = vt.asarray(base), base.copy()
        target = theirs[indices]
        values = sample(dtype, target.size, -2, 2, seed=10, special=False).reshape(target.shape)
        getattr(vt, name).at(ours, tuple(vt.asarray(i) if isinstance(i, np.ndarray) else i for i in indices)
                             if isinstance(indices, tuple) else vt.asarray(indices), vt.asarray(values))
        getattr(np, name).at(theirs, indices, values)
        _close(ours, theirs)
    ours, theirs = vt.asarray(base), base.copy()
    getattr(vt, name).at(ours, [1, 1, 1], 2)  # a scalar value, a list of indices
    getattr(np, name).at(theirs, [1, 1, 1], 2)
    _close(ours, theirs)


def _close(ours: vt.Array, theirs: np.ndarray) -> None:
    """at's sums are rounded once where NumPy rounds every add: within a few ulps for floats, exact for integers."""
    if theirs.dtype.kind == "c":
        assert ours.dtype.name == theirs.dtype.name
        np.testing.assert_allclose(ours.numpy(), theirs, rtol=1e-6)
    else:
        assert_matches(ours, theirs)


def test_missing_methods_say_so():
    for call in (lambda: vt.multiply.at(vt.zeros(3), [0], 2.0), lambda: vt.add.reduceat(vt.zeros(3), [0, 1]),
                 lambda: vt.subtract.reduce(vt.zeros(3)), lambda: vt.divide.accumulate(vt.ones(3))):
        with pytest.raises(TypeError, match="is not supported by vulkit"):
            call()
    with pytest.raises(TypeError, match="add.at: the first operand must be a vulkit array"):
        vt.add.at(np.zeros(3), [0], 1.0)
    with pytest.raises(TypeError, match="add.accumulate: cannot accumulate on a scalar"):
        vt.add.accumulate(vt.asarray(1.0))
