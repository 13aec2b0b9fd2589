"""vt.random's parameters as NumPy takes them (random_parameters.py): arrays of parameters (lists, NumPy arrays,
vulkit arrays) broadcast against each other and against ``size``, each element drawn from its own law, checked
element by element with NumPy's messages; the vector laws of counts (multinomial, multivariate hypergeometric);
``permuted``, ``spawn``, ``bytes``, the state, ``RandomState`` and the legacy names."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import vulkit as vt


def test_array_parameters_give_each_element_its_own_law():
    loc, scale = np.array([-5.0, 0.0, 20.0]), np.array([[0.5], [3.0]])
    x = vt.random.default_rng(2).normal(loc, scale, size=(4000, 2, 3)).numpy()
    assert x.shape == (4000, 2, 3)
    for i in range(2):
        for j in range(3):
            assert stats.kstest(x[:, i, j], stats.norm(loc[j], scale[i, 0]).cdf).pvalue > 1e-4
    lam = vt.asarray(np.array([0.5, 30.0, 2000.0]))
    counts = vt.random.default_rng(3).poisson(lam, size=(20000, 3)).numpy()
    assert counts.dtype == np.int64
    np.testing.assert_allclose(counts.mean(0), [0.5, 30.0, 2000.0], rtol=0.02)
    np.testing.assert_allclose(counts.var(0), [0.5, 30.0, 2000.0], rtol=0.06)


@pytest.mark.parametrize(("method", "scalars"), [
    ("exponential", (2.0,)), ("gamma", (0.4, 3.0)), ("beta", (0.5, 0.7)), ("normal", (1.0, 2.0)),
    ("uniform", (-1.0, 3.0)), ("wald", (1.0, 2.0)), ("triangular", (0.0, 0.5, 2.0)), ("binomial", (20, 0.3)),
    ("hypergeometric", (10, 20, 12)), ("chisquare", (3.0,)), ("standard_t", (5.0,)), ("laplace", (0.0, 2.0)),
])
def test_arrays_of_one_value_draw_what_the_scalar_draws(method, scalars):
    """A parameter given as a host array, a vulkit array or a scalar: the same values from the same stream (beta's
    arrays of shapes above 1 draw Johnk's kernel too, and so take other counters than its scalars)."""
    expected = getattr(vt.random.default_rng(9), method)(*scalars, size=(3, 5)).numpy()
    host = [np.full(5, v) for v in scalars]
    as_host = getattr(vt.random.default_rng(9), method)(*host, size=(3, 5)).numpy()
    as_device = getattr(vt.random.default_rng(9), method)(*(vt.asarray(h) for h in host), size=(3, 5)).numpy()
    np.testing.assert_array_equal(as_host, expected)
    np.testing.assert_array_equal(as_device, expected)


def test_beta_of_mixed_shapes_takes_each_elements_algorithm():
    a, b = np.array([0.4, 3.0, 0.8]), np.array([0.6, 2.0, 5.0])
    x = vt.random.default_rng(4).beta(a, b, size=(20000, 3)).numpy()
    for j in range(3):
        assert stats.kstest(x[:, j], stats.beta(a[j], b[j]).cdf).pvalue > 1e-4


def test_shapes_follow_numpys_broadcasting():
    g = vt.random.default_rng(0)
    assert g.normal([0.0, 1.0], [[1.0], [2.0]]).shape == (2, 2)
    assert g.gamma([1.0, 2.0, 3.0], size=(4, 3)).shape == (4, 3)
    assert g.binomial(10, [0.1, 0.5]).shape == (2,) and g.poisson(np.float64(2.0)).shape == ()
    assert g.exponential(np.array(2.0), size=()).shape == ()
    assert g.uniform(0.0, [1.0, 2.0], size=(0, 2)).shape == (0, 2)
    with pytest.raises(ValueError, match=r"normal: shape mismatch"):
        g.normal([0.0, 1.0], 1.0, size=3)
    with pytest.raises(ValueError, match=r"gamma: shape mismatch"):
        g.gamma([1.0, 2.0], [1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="exponential: scale"):
        g.exponential("abc")


@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda g, w: g.normal(0.0, w([1.0, -1.0])), ValueError, "normal: scale < 0"),
    (lambda g, w: g.exponential(w([1.0, np.nan])), ValueError, "exponential: scale < 0"),
    (lambda g, w: g.uniform(w([0.0, 1.0]), w([1.0, 0.0])), ValueError, "high - low < 0"),
    (lambda g, w: g.uniform(0.0, w([1.0, np.inf])), OverflowError, "range exceeds valid bounds"),
    (lambda g, w: g.poisson(w([1.0, -1.0])), ValueError, "poisson: lam < 0"),
    (lambda g, w: g.binomial(w([3.0, -1.0]), 0.5), ValueError, "binomial: n < 0"),
    (lambda g, w: g.binomial(3, w([0.5, np.nan])), ValueError, "p > 1 or p is NaN"),
    (lambda g, w: g.geometric(w([0.5, 0.0])), ValueError, "geometric: p <= 0"),
    (lambda g, w: g.beta(w([1.0, 0.0]), 1.0), ValueError, "beta: a <= 0"),
    (lambda g, w: g.triangular(0.0, w([0.5, 2.0]), 1.0), ValueError, "mode > right"),
    (lambda g, w: g.triangular(w([0.0, 0.6]), 0.5, 1.0), ValueError, "left > mode"),
    (lambda g, w: g.triangular(1.0, 1.0, 1.0), ValueError, "left == right"),
    (lambda g, w: g.wald(w([1.0, 0.0]), 1.0), ValueError, "wald: mean <= 0"),
    (lambda g, w: g.wald(1.0, 0.0), ValueError, "wald: scale <= 0"),
    (lambda g, w: g.vonmises(0.0, w([1.0, -1.0])), ValueError, "vonmises: kappa < 0"),
    (lambda g, w: g.zipf(w([2.0, 1.0])), ValueError, "a <= 1 or a is NaN"),
    (lambda g, w: g.logseries(w([0.5, 1.0])), ValueError, "p < 0, p >= 1 or p is NaN"),
    (lambda g, w: g.negative_binomial(0.0, 0.5), ValueError, "negative_binomial: n <= 0"),
    (lambda g, w: g.negative_binomial(1.0, w([0.5, 0.0])), ValueError, "p <= 0, p > 1 or p contains NaNs"),
    (lambda g, w: g.hypergeometric(5, 5, w([3.0, 11.0])), ValueError, "ngood \\+ nbad < nsample"),
    (lambda g, w: g.hypergeometric(w([-1.0, 2.0]), 5, 1), ValueError, "ngood < 0"),
    (lambda g, w: g.hypergeometric(10 ** 9, 1, 1), ValueError, "less than 1000000000"),
    (lambda g, w: g.noncentral_chisquare(0.0, 1.0), ValueError, "noncentral_chisquare: df <= 0"),
    (lambda g, w: g.noncentral_f(1.0, 1.0, w([1.0, -1.0])), ValueError, "noncentral_f: nonc < 0"),
    (lambda g, w: g.integers(w([0, 5]), 5), ValueError, "low >= high"),
])
@pytest.mark.parametrize("wrap", [np.asarray, vt.asarray], ids=["host", "vulkit"])
def test_a_bad_element_raises_numpys_error_naming_the_function(call, error, message, wrap):
    with pytest.raises(error, match=message):
        call(vt.random.default_rng(0), wrap)


def test_uniform_and_integers_of_array_bounds_stay_within_each_elements_range():
    low, high = np.array([0.0, 1.0, 1e6]), np.array([1e-30, 1.0 + 2 ** -20, 1e6 + 1.0])
    for dtype in (np.float32, np.float64):
        x = vt.random.default_rng(5).uniform(vt.asarray(low), high, size=(5000, 3), dtype=dtype).numpy()
        top = np.nextafter(high.astype(dtype), -np.inf)
        first = np.where(low.astype(dtype) < low, np.nextafter(low.astype(dtype), np.inf), low.astype(dtype))
        assert x.dtype == dtype and (x >= first).all() and (x <= np.maximum(first, top)).all()
    lows, highs = np.array([-3, 0, 1000]), np.array([0, 1, 1010])
    n = vt.random.default_rng(6).integers(lows, highs, size=(3000, 3), endpoint=True).numpy()
    assert ((n >= lows) & (n <= highs)).all()
    assert all(set(np.unique(n[:, j])) == set(range(lows[j], highs[j] + 1)) for j in range(3))


def test_hypergeometric_at_its_edges():
    g = vt.random.default_rng(8)
    assert (g.hypergeometric(0, 10, 5, size=50).numpy() == 0).all()
    assert (g.hypergeometric(7, 0, 5, size=50).numpy() == 5).all()
    assert (g.hypergeometric(6, 4, 10, size=50).numpy() == 6).all()
    drawn = g.hypergeometric(np.array([5.9, 100.0]), 50, [3, 120], size=(40000, 2)).numpy()
    assert drawn[:, 0].max() <= 3 and drawn[:, 1].min() >= 70  # 5.9 good items are 5; 120 of 150 leave 70 good
    # within 6 standard errors of the means (0.0024 and 0.012)
    assert abs(drawn[:, 0].mean() - 3 * 5 / 55) < 0.015 and abs(drawn[:, 1].mean() - 120 * 100 / 150) < 0.07


def test_vonmises_at_extreme_concentrations():
    g = vt.random.default_rng(10)
    flat = g.vonmises(1.0, 1e-9, size=20000).numpy()
    assert stats.kstest(flat, stats.uniform(-np.pi, 2 * np.pi).cdf).pvalue > 1e-4
    sharp = g.vonmises(np.pi - 1e-4, 1e8, size=20000).numpy()  # wrapped normal, wrapped across pi
    assert ((sharp >= -np.pi) & (sharp < np.pi)).all()
    wrapped = np.where(sharp < 0, sharp + 2 * np.pi, sharp) - (np.pi - 1e-4)
    assert abs(wrapped.std() - 1e-4) < 5e-6


@pytest.mark.parametrize(("n", "pvals", "size", "shape"), [
    (20, [0.2, 0.3, 0.5], 30000, (30000, 3)),
    (np.array([10, 1000]), [0.1, 0.6, 0.3], (20000, 2), (20000, 2, 3)),
    (50, np.array([[0.5, 0.5, 0.0], [0.05, 0.05, 0.9]]), (20000, 2), (20000, 2, 3)),
    (7, [1.0], 10, (10, 1)),
    (12, [0.3, 0.3, 0.3], None, (3,)),  # the last category takes what is left: 0.1 of it
])
def test_multinomial_counts_sum_to_n_with_their_means(n, pvals, size, shape):
    x = vt.random.default_rng(12).multinomial(n, pvals, size).numpy()
    p = np.asarray(pvals, np.float64).copy()
    p[..., -1] = 1 - p[..., :-1].sum(-1)
    assert x.shape == shape and x.dtype == np.int64 and (x >= 0).all()
    np.testing.assert_array_equal(x.sum(-1), np.broadcast_to(np.asarray(n)[..., None] if np.ndim(n) else n,
                                                             x.shape[:-1] + (1,))[..., 0])
    if x.shape[0] > 1000:
        expected = np.asarray(n)[..., None] * p
        np.testing.assert_allclose(x.mean(0), np.broadcast_to(expected, x.shape[1:]), rtol=0.02, atol=0.02)


def test_multinomial_errors():
    g = vt.random.default_rng(0)
    with pytest.raises(ValueError, match="pvals < 0, pvals > 1 or pvals contains NaNs"):
        g.multinomial(5, [-0.1, 1.1])
    with pytest.raises(ValueError, match=r"sum\(pvals\[:-1\]\) > 1.0"):
        g.multinomial(5, [0.7, 0.6, 0.0])
    with pytest.raises(ValueError, match="multinomial: n < 0"):
        g.multinomial(-1, [0.5, 0.5])


def test_multivariate_hypergeometric_counts_sum_to_nsample_with_their_means():
    colors = np.array([5, 0, 12, 30])
    for method in ("marginals", "count"):
        x = vt.random.default_rng(13).multivariate_hypergeometric(colors, 20, size=20000, method=method).numpy()
        assert x.shape == (20000, 4) and (x.sum(1) == 20).all() and (x <= colors).all() and (x >= 0).all()
        np.testing.assert_allclose(x.mean(0), 20 * colors / colors.sum(), rtol=0.02)
    assert vt.random.default_rng(1).multivariate_hypergeometric([3, 4], 7).numpy().tolist() == [3, 4]
    with pytest.raises(ValueError, match="nsample > sum"):
        vt.random.default_rng(0).multivariate_hypergeometric([3, 4], 8)
    with pytest.raises(ValueError, match="nonnegative integers"):
        vt.random.default_rng(0).multivariate_hypergeometric([3, -4], 1)
    with pytest.raises(ValueError, match='"count" or "marginals"'):
        vt.random.default_rng(0).multivariate_hypergeometric([3, 4], 1, method="x")


@pytest.mark.parametrize("shape", [(5, 7), (1, 9), (6, 1), (4, 3, 33)])
def test_permuted_shuffles_each_slice_on_its_own(shape):
    x = np.arange(np.prod(shape)).reshape(shape)
    for axis in range(len(shape)):
        y = vt.random.default_rng(14).permuted(x, axis=axis).numpy()
        np.testing.assert_array_equal(np.sort(y, axis=axis), x)
    y = vt.random.default_rng(14).permuted(x).numpy()
    assert y.shape == shape and sorted(y.ravel()) == list(range(x.size))
    out = vt.asarray(x.astype(np.float32))
    assert vt.random.default_rng(15).permuted(out, axis=-1, out=out) is out
    np.testing.assert_array_equal(np.sort(out.numpy(), axis=-1), x)
    if shape == (5, 7):  # rows in different orders
        y = vt.random.default_rng(14).permuted(x, axis=1).numpy()
        assert len({tuple(np.argsort(row)) for row in y}) > 1


def test_spawn_bytes_and_state():
    g = vt.random.default_rng(16)
    children = g.spawn(3)
    draws = [c.random(64).numpy() for c in (g, *children)]
    assert all(not np.array_equal(a, b) for i, a in enumerate(draws) for b in draws[i + 1:])
    data = g.bytes(13)
    assert isinstance(data, bytes) and len(data) == 13 and g.bytes(0) == b""
    state = g.bit_generator.state
    first = g.normal(size=10).numpy()
    g.bit_generator.state = state
    np.testing.assert_array_equal(g.normal(size=10).numpy(), first)
    with pytest.raises(ValueError, match="set_state"):
        g.bit_generator.state = {"bit_generator": "MT19937"}
    assert not np.array_equal(vt.random.default_rng([1, 2]).random(8).numpy(),
                              vt.random.default_rng([2, 1]).random(8).numpy())


def test_random_state_and_legacy_names():
    a, b = vt.random.RandomState(5), vt.random.RandomState(5)
    np.testing.assert_array_equal(a.rand(3, 2).numpy(), b.rand(3, 2).numpy())
    assert a.randint(0, 4, 100).numpy().max() <= 3 and a.randn(2).shape == (2,)
    state = vt.random.get_state()
    first = vt.random.ranf(4).numpy()
    vt.random.set_state(state)
    np.testing.assert_array_equal(vt.random.sample(4).numpy(), first)
    with pytest.warns(DeprecationWarning, match="random_integers"):
        values = vt.random.random_integers(1, 3, size=2000).numpy()
    assert set(np.unique(values)) == {1, 2, 3}
    for name in ("triangular", "wald", "vonmises", "zipf", "logseries", "hypergeometric", "negative_binomial",
                 "noncentral_chisquare", "noncentral_f", "multinomial", "bytes", "RandomState"):
        assert name in vt.random.__all__ and callable(getattr(vt.random, name))
