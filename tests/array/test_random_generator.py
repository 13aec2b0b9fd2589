"""vt.random's permutations, choice and default_rng Generator: reproducible per seed, permutations being
permutations, and distributions within chi-square bounds (fixed seeds; the bound is the 1 - 1e-4 quantile)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from array_helpers import ALL
from numpy.exceptions import AxisError
from scipy.stats import chi2

import vulkit as vt


def chi_square(counts: np.ndarray, expected: np.ndarray) -> float:
    return float(((counts - expected) ** 2 / expected).sum())


def assert_fits(counts: np.ndarray, probabilities: np.ndarray) -> None:
    """The counts are a plausible sample of the probabilities (chi-square test at 1e-4)."""
    counts = np.asarray(counts, np.float64)
    expected = probabilities / probabilities.sum() * counts.sum()
    statistic = chi_square(counts, expected)
    assert statistic < chi2.ppf(1 - 1e-4, len(counts) - 1), (statistic, counts, expected)


def test_generators_are_reproducible_and_independent():
    draws = []
    for _ in range(2):
        g = vt.random.default_rng(2024)
        draws.append([g.random(50).numpy(), g.integers(0, 100, 50).numpy(), g.permutation(30).numpy(),
                      g.choice(10, 20, p=np.full(10, 0.1)).numpy(), g.standard_normal(5).numpy()])
    for first, second in zip(*draws, strict=True):
        np.testing.assert_array_equal(first, second)
    other = vt.random.default_rng(2025)
    assert not np.array_equal(other.random(50).numpy(), draws[0][0])
    a, b = vt.random.default_rng(7), vt.random.default_rng(7)
    a.random(10)  # a's second call draws what b's second call draws
    b.normal(size=3)
    np.testing.assert_array_equal(a.random(10).numpy(), b.random(10).numpy())
    vt.random.seed(5)
    legacy = vt.random.random(20).numpy()
    vt.random.seed(5)
    vt.random.default_rng(5).random(20)  # a Generator does not move the module's stream
    np.testing.assert_array_equal(vt.random.random(20).numpy(), legacy)
    g = vt.random.default_rng(1)
    assert vt.random.default_rng(g) is g


def test_generator_has_numpys_method_names():
    g = vt.random.default_rng(0)
    for name in ("random", "uniform", "normal", "integers", "standard_normal", "permutation", "shuffle", "choice"):
        assert callable(getattr(g, name)) and hasattr(np.random.default_rng(0), name)
    assert g.random((2, 3)).shape == (2, 3)
    assert g.random().shape == ()
    assert g.random(4, dtype=vt.float32).dtype == vt.float32
    u = g.uniform(-2.0, 3.0, 10_000).numpy()
    assert u.min() >= -2 and u.max() < 3 and abs(u.mean() - 0.5) < 0.1
    z = g.normal(1.0, 2.0, 10_000).numpy()
    assert abs(z.mean() - 1.0) < 0.1 and abs(z.std() - 2.0) < 0.1
    with pytest.raises(TypeError, match="seed"):
        vt.random.default_rng(1.5)
    with pytest.raises(ValueError, match="non-negative"):
        vt.random.default_rng(-1)


def test_integers_range_endpoint_and_evenness():
    g = vt.random.default_rng(3)
    r = g.integers(-3, 4, 70_000, dtype=vt.int32).numpy()
    assert r.dtype == np.int32 and r.min() == -3 and r.max() == 3
    assert_fits(np.bincount(r + 3), np.ones(7))
    e = g.integers(1, 6, 60_000, endpoint=True).numpy()
    assert e.dtype == np.int64 and e.min() == 1 and e.max() == 6
    assert_fits(np.bincount(e)[1:], np.ones(6))
    assert g.integers(5, size=3).numpy().max() < 5
    assert g.integers(250, 256, 100, dtype=vt.uint8).numpy().min() >= 250
    with pytest.raises(ValueError, match="low >= high"):
        g.integers(3, 3)
    with pytest.raises(ValueError, match="low > high"):
        g.integers(3, 2, endpoint=True)
    with pytest.raises(ValueError, match="out of bounds"):
        g.integers(0, 300, dtype=vt.uint8)
    with pytest.raises(TypeError, match="integer dtype"):
        g.integers(0, 3, dtype=vt.float32)


# -- permutations --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2, 7, 8, 9, 31, 32, 33, 255, 256, 257, 1024, 4099])
def test_permutation_is_a_permutation(n):
    p = vt.random.default_rng(n).permutation(n)
    assert p.dtype == vt.int64 and p.shape == (n,)
    np.testing.assert_array_equal(np.sort(p.numpy()), np.arange(n))


def test_permutations_are_uniform():
    """Every ordering of 4 elements about equally often; positions uncorrelated with values for a large n."""
    g = vt.random.default_rng(11)
    orders = {order: i for i, order in enumerate(itertools.permutations(range(4)))}
    counts = np.zeros(24)
    for _ in range(2400):
        counts[orders[tuple(g.permutation(4).tolist())]] += 1
    assert_fits(counts, np.ones(24))
    n = 100_000
    p = g.permutation(n).numpy()
    r = np.corrcoef(np.arange(n), p)[0, 1]
    assert abs(r) < 5 / math.sqrt(n)
    first_half = (p[: n // 2] < n // 2).sum()  # hypergeometric: mean n/4, sd about sqrt(n)/4
    assert abs(first_half - n / 4) < 5 * math.sqrt(n) / 4


@pytest.mark.parametrize("dtype", ALL)
def test_permutation_of_arrays(dtype):
    g = vt.random.default_rng(5)
    values = np.arange(40).reshape(8, 5).astype(dtype) if dtype != "bool" else np.arange(40).reshape(8, 5) % 3 == 0
    x = vt.asarray(values)
    shuffled = g.permutation(x).numpy()
    assert shuffled.dtype == values.dtype and shuffled.shape == values.shape
    assert sorted(map(tuple, shuffled.tolist())) == sorted(map(tuple, values.tolist()))  # rows kept whole
    columns = g.permutation(x, axis=1).numpy()
    assert sorted(map(tuple, columns.T.tolist())) == sorted(map(tuple, values.T.tolist()))
    assert (x.numpy() == values).all()  # a copy: x unchanged
    np.testing.assert_array_equal(g.permutation(x[:1]).numpy(), values[:1])
    with pytest.raises(ValueError, match="at least one dimension"):
        g.permutation(vt.asarray(3.0))
    with pytest.raises(AxisError):
        g.permutation(x, axis=2)
    with pytest.raises(ValueError, match="negative"):
        g.permutation(-1)


def test_shuffle_in_place():
    g = vt.random.default_rng(9)
    values = np.arange(60, dtype=np.float32).reshape(20, 3)
    x = vt.asarray(values)
    g.shuffle(x)
    got = x.numpy()
    assert not np.array_equal(got, values)
    assert sorted(map(tuple, got.tolist())) == sorted(map(tuple, values.tolist()))
    y = vt.asarray(values)
    g.shuffle(y[::2])  # a view: only its rows move, among themselves
    got = y.numpy()
    np.testing.assert_array_equal(got[1::2], values[1::2])
    assert sorted(map(tuple, got[::2].tolist())) == sorted(map(tuple, values[::2].tolist()))
    vt.random.seed(1)
    z = vt.asarray(np.arange(10))
    vt.random.shuffle(z)
    assert sorted(z.tolist()) == list(range(10))
    with pytest.raises(TypeError, match="vulkit array"):
        g.shuffle(np.arange(3))
    with pytest.raises(ValueError, match="read-only"):
        g.shuffle(vt.broadcast_to(vt.asarray([1.0, 2.0]), (3, 2)))


# -- choice --------------------------------------------------------------------------------------------------------
def test_choice_uniform_with_and_without_replacement():
    g = vt.random.default_rng(21)
    draws = g.choice(10, 100_000).numpy()
    assert draws.dtype == np.int64 and draws.min() >= 0 and draws.max() <= 9
    assert_fits(np.bincount(draws, minlength=10), np.ones(10))
    for n, k in [(10, 10), (1000, 37), (5, 0), (1, 1)]:
        sample = g.choice(n, k, replace=False).numpy()
        assert len(set(sample.tolist())) == k and (sample >= 0).all() and (sample < n).all()
    firsts = np.bincount([g.choice(5, 2, replace=False).numpy()[0] for _ in range(1500)], minlength=5)
    assert_fits(firsts, np.ones(5))


def test_choice_shapes_and_arrays():
    g = vt.random.default_rng(4)
    assert g.choice(5).shape == () and g.choice(5, (2, 3)).shape == (2, 3)
    values = np.array([[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]], np.float32)
    picked = g.choice(vt.asarray(values), 4).numpy()
    assert picked.shape == (4, 3) and all(row in values.tolist() for row in picked.tolist())
    columns = g.choice(vt.asarray(values), (2, 2), axis=1).numpy()
    assert columns.shape == (2, 2, 2) and set(columns[0].ravel()) <= set(values[0])
    assert g.choice([7, 8, 9], 5).numpy().tolist() <= [9] * 5 and set(g.choice([7, 8, 9], 50).tolist()) <= {7, 8, 9}
    assert vt.random.choice(3, 4).shape == (4,) and vt.random.permutation(4).shape == (4,)


def test_choice_with_probabilities():
    g = vt.random.default_rng(8)
    p = np.array([0.1, 0.0, 0.5, 0.15, 0.25])
    for weights in (p, vt.asarray(p), list(p)):
        draws = g.choice(5, 50_000, p=weights).numpy()
        counts = np.bincount(draws, minlength=5)
        assert counts[1] == 0
        assert_fits(counts[p > 0], p[p > 0])
    trailing = np.array([0.3, 0.7, 0.0, 0.0])  # draws near the total must not fall on the zero weights
    assert set(g.choice(4, 20_000, p=trailing).tolist()) == {0, 1}


def test_choice_without_replacement_with_probabilities():
    """Ordered pairs of distinct draws as drawing one at a time: P(i, j) = p_i p_j / (1 - p_i)."""
    g = vt.random.default_rng(12)
    p = np.array([0.1, 0.2, 0.3, 0.4])
    pairs = [(i, j) for i in range(4) for j in range(4) if i != j]
    expected = np.array([p[i] * p[j] / (1 - p[i]) for i, j in pairs])
    counts = np.zeros(len(pairs))
    for _ in range(1500):
        i, j = g.choice(4, 2, replace=False, p=p).tolist()
        counts[pairs.index((i, j))] += 1
    assert_fits(counts, expected)
    zeros = np.array([0.5, 0.0, 0.5, 0.0])
    for _ in range(20):
        assert sorted(g.choice(4, 2, replace=False, p=zeros).tolist()) == [0, 2]


def test_choice_errors():
    g = vt.random.default_rng(0)
    with pytest.raises(ValueError, match="sum to 1"):
        g.choice(3, p=[0.2, 0.2, 0.2])
    with pytest.raises(ValueError, match="sum to 1"):
        g.choice(3, p=vt.asarray([0.2, 0.2, 0.2]))
    with pytest.raises(ValueError, match="non-negative"):
        g.choice(3, p=[1.5, -0.5, 0.0])
    with pytest.raises(ValueError, match="non-negative"):
        g.choice(3, p=vt.asarray([1.5, -0.5, 0.0]))
    with pytest.raises(ValueError, match="same size"):
        g.choice(3, p=[0.5, 0.5])
    with pytest.raises(ValueError, match="1-dimensional"):
        g.choice(4, p=[[0.5, 0.5], [0.0, 0.0]])
    with pytest.raises(ValueError, match="larger sample"):
        g.choice(3, 4, replace=False)
    with pytest.raises(ValueError, match="fewer non-zero"):
        g.choice(3, 3, replace=False, p=[0.5, 0.5, 0.0])
    with pytest.raises(ValueError, match="positive integer"):
        g.choice(0, 2)
    with pytest.raises(ValueError, match="empty"):
        g.choice(vt.asarray(np.zeros(0)), 2)
    assert g.choice(0, 0).shape == (0,)
