"""vt.random's distributions beyond uniform and normal (random_distributions.py), against SciPy's: each sample
passes a Kolmogorov-Smirnov test (continuous) or a chi-square test (discrete) at 1e-4 with fixed seeds, in
float32 and float64, at parameters on both sides of each algorithm's branch (gamma and beta shapes below and above
1, Poisson means below and above 10, binomials by inversion and by BTRS, each side of p = 1/2); the vector laws'
moments; NumPy's dtypes, shapes, reproducibility, legacy names and errors."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import vulkit as vt

N = 20000
FLOATS = [np.float32, np.float64]

# (method, parameters, SciPy's distribution of the same law)
CONTINUOUS = [
    ("standard_exponential", (), stats.expon()),
    ("exponential", (2.5,), stats.expon(scale=2.5)),
    ("lognormal", (0.5, 0.75), stats.lognorm(0.75, scale=np.exp(0.5))),
    ("laplace", (1.0, 2.0), stats.laplace(1.0, 2.0)),
    ("logistic", (-1.0, 0.5), stats.logistic(-1.0, 0.5)),
    ("gumbel", (1.0, 2.0), stats.gumbel_r(1.0, 2.0)),
    ("rayleigh", (3.0,), stats.rayleigh(scale=3.0)),
    ("weibull", (1.7,), stats.weibull_min(1.7)),
    ("pareto", (3.0,), stats.lomax(3.0)),
    ("power", (2.5,), stats.powerlaw(2.5)),
    ("standard_cauchy", (), stats.cauchy()),
    ("standard_gamma", (0.3,), stats.gamma(0.3)),
    ("standard_gamma", (4.5,), stats.gamma(4.5)),
    ("gamma", (1.0, 0.5), stats.gamma(1.0, scale=0.5)),
    ("beta", (0.4, 0.8), stats.beta(0.4, 0.8)),
    ("beta", (2.0, 5.0), stats.beta(2.0, 5.0)),
    ("beta", (0.5, 3.0), stats.beta(0.5, 3.0)),
    ("chisquare", (3.0,), stats.chi2(3.0)),
    ("standard_t", (4.0,), stats.t(4.0)),
    ("f", (5.0, 9.0), stats.f(5.0, 9.0)),
    ("triangular", (0.0, 1.0, 3.0), stats.triang(1 / 3, 0.0, 3.0)),
    ("wald", (1.5, 2.0), stats.invgauss(0.75, scale=2.0)),
    ("vonmises", (0.0, 4.0), stats.vonmises(4.0)),
    ("vonmises", (0.0, 0.5), stats.vonmises(0.5)),
    ("noncentral_chisquare", (3.0, 2.0), stats.ncx2(3.0, 2.0)),
    ("noncentral_chisquare", (0.6, 1.5), stats.ncx2(0.6, 1.5)),
    ("noncentral_f", (3.0, 5.0, 2.0), stats.ncf(3.0, 5.0, 2.0)),
]
DISCRETE = [("poisson", (0.7,), stats.poisson(0.7)), ("poisson", (6.5,), stats.poisson(6.5)),
            ("poisson", (35.0,), stats.poisson(35.0)), ("poisson", (4000.0,), stats.poisson(4000.0)),
            ("geometric", (0.05,), stats.geom(0.05)), ("geometric", (0.6,), stats.geom(0.6)),
            ("binomial", (12, 0.3), stats.binom(12, 0.3)), ("binomial", (40, 0.9), stats.binom(40, 0.9)),
            ("binomial", (1000, 0.35), stats.binom(1000, 0.35)),
            ("binomial", (200000, 0.75), stats.binom(200000, 0.75)),
            ("negative_binomial", (3.5, 0.4), stats.nbinom(3.5, 0.4)),
            ("hypergeometric", (30, 70, 20), stats.hypergeom(100, 30, 20)),
            ("hypergeometric", (3000, 5000, 4000), stats.hypergeom(8000, 3000, 4000)),
            ("hypergeometric", (5, 1000, 900), stats.hypergeom(1005, 5, 900)),
            ("zipf", (2.5,), stats.zipf(2.5)), ("zipf", (3.5,), stats.zipf(3.5)),
            ("logseries", (0.8,), stats.logser(0.8)), ("logseries", (0.05,), stats.logser(0.05))]


def _floats() -> list[type]:
    return [d for d in FLOATS if np.dtype(d).name in vt.__array_namespace_info__().dtypes()]


# every law in the widest float, the kernels' own algorithms in float32 too (the composed laws add nothing there)
CASES = [(*case, _floats()[-1]) for case in CONTINUOUS] + [
    (*case, np.float32) for case in CONTINUOUS
    if case[0] in ("exponential", "laplace", "gumbel", "weibull", "standard_gamma", "beta", "triangular", "wald",
                   "vonmises") and
    (case[0] != "beta" or max(case[1]) <= 1)]


@pytest.mark.parametrize(("method", "params", "law", "dtype"), CASES,
                         ids=[f"{m}{p}-{np.dtype(d).name}" for m, p, _, d in CASES])
def test_continuous_samples_follow_their_law(method, params, law, dtype):
    x = getattr(vt.random.default_rng(7), method)(*params, size=N, dtype=dtype)
    assert x.dtype == dtype and x.shape == (N,)
    values = x.numpy().astype(np.float64)
    assert np.isfinite(values).all()
    assert stats.kstest(values, law.cdf).pvalue > 1e-4


@pytest.mark.parametrize(("method", "params", "law"), DISCRETE, ids=[f"{m}{p}" for m, p, _ in DISCRETE])
def test_discrete_samples_follow_their_law(method, params, law):
    x = getattr(vt.random.default_rng(11), method)(*params, size=(N // 100, 100))
    assert x.dtype == vt.int64 and x.shape == (N // 100, 100)
    values = x.numpy().ravel()
    # bins of at least 5 expected counts each: the tails pooled
    low, high = int(law.ppf(1e-3)), int(law.ppf(1 - 1e-3))
    edges = np.arange(low, high + 2)
    counts = np.histogram(values, np.concatenate([[-np.inf], edges[1:-1], [np.inf]]))[0]
    probabilities = np.diff(np.concatenate([[0.0], law.cdf(edges[:-2]), [1.0]]))
    expected = probabilities * values.size
    keep = expected >= 5
    statistic = float(((counts[keep] - expected[keep]) ** 2 / expected[keep]).sum())
    assert statistic < stats.chi2.ppf(1 - 1e-4, keep.sum() - 1), (statistic, keep.sum())


def test_streams_are_reproducible_and_each_call_new():
    a, b = vt.random.default_rng(3), vt.random.default_rng(3)
    for method, params in (("gamma", (0.5, 2.0)), ("poisson", (20.0,)), ("beta", (0.3, 0.4)), ("laplace", ())):
        first = getattr(a, method)(*params, size=500).numpy()
        assert np.array_equal(first, getattr(b, method)(*params, size=500).numpy())
        assert not np.array_equal(first, getattr(a, method)(*params, size=500).numpy())
        getattr(b, method)(*params, size=500)


def test_legacy_functions_are_the_module_generators_and_seeded_by_seed():
    vt.random.seed(5)
    first = vt.random.exponential(2.0, (3, 4))
    vt.random.seed(5)
    assert first.shape == (3, 4) and np.array_equal(first.numpy(), vt.random.exponential(2.0, (3, 4)).numpy())
    assert vt.random.standard_normal((2, 2)).shape == (2, 2) and vt.random.random_sample(3).shape == (3,)
    for name in ("gamma", "beta", "poisson", "chisquare", "standard_t", "f", "geometric", "weibull", "pareto"):
        assert name in vt.random.__all__ and callable(getattr(vt.random, name))


def test_sizes_and_degenerate_parameters():
    g = vt.random.default_rng(1)
    assert g.gamma(2.0).shape == () and g.poisson(3.0, size=0).shape == (0,)
    assert (g.standard_gamma(0.0, size=8).numpy() == 0).all() and (g.poisson(0.0, size=8).numpy() == 0).all()
    assert (g.geometric(1.0, size=8).numpy() == 1).all() and (g.weibull(0.0, size=4).numpy() == 0).all()
    assert (g.exponential(0.0, size=4).numpy() == 0).all()
    power = g.power(0.5, size=1000).numpy()
    assert ((power >= 0) & (power <= 1)).all()


@pytest.mark.parametrize(("call", "message"), [
    (lambda g: g.exponential(-1.0), "scale < 0"), (lambda g: g.gamma(-0.5), "shape < 0"),
    (lambda g: g.gamma(1.0, -2.0), "scale < 0"), (lambda g: g.beta(0.0, 1.0), "a <= 0"),
    (lambda g: g.beta(1.0, float("nan")), "b <= 0"), (lambda g: g.chisquare(0), "df <= 0"),
    (lambda g: g.standard_t(-1), "df <= 0"), (lambda g: g.f(1, 0), "dfden <= 0"), (lambda g: g.pareto(0), "a <= 0"),
    (lambda g: g.geometric(0.0), "p <= 0"), (lambda g: g.geometric(1.5), "p > 1"),
    (lambda g: g.poisson(-1.0), "lam < 0"), (lambda g: g.poisson(1e19), "lam value too large"),
    (lambda g: g.lognormal(0.0, -1.0), "sigma < 0"), (lambda g: g.weibull(-1.0), "a < 0"),
    (lambda g: g.binomial(-1, 0.5), "n < 0"), (lambda g: g.binomial(5, -0.1), "p < 0"),
    (lambda g: g.binomial(5, float("nan")), "p > 1 or p is NaN"),
])
def test_bad_parameters_raise_numpys_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call(vt.random.default_rng(0))
    with pytest.raises(TypeError, match="floating dtype"):
        vt.random.default_rng(0).gamma(1.0, size=3, dtype=vt.int32)


def test_multivariate_normal_has_its_mean_and_covariance():
    cov = np.array([[2.0, 0.6, -0.3], [0.6, 1.0, 0.2], [-0.3, 0.2, 0.5]])
    mean = np.array([1.0, -2.0, 0.5])
    for method in ("svd", "eigh", "cholesky"):
        x = vt.random.default_rng(4).multivariate_normal(vt.asarray(mean), cov, (200, 250), method=method)
        assert x.shape == (200, 250, 3)
        values = x.numpy().reshape(-1, 3)
        np.testing.assert_allclose(values.mean(0), mean, atol=0.02)
        np.testing.assert_allclose(np.cov(values.T), cov, atol=0.03)
        projection = (values - mean) @ np.array([1.0, -1.0, 2.0])
        spread = np.sqrt(np.array([1.0, -1.0, 2.0]) @ cov @ np.array([1.0, -1.0, 2.0]))
        assert stats.kstest(projection / spread, stats.norm().cdf).pvalue > 1e-4
    with pytest.raises(ValueError, match="covariance is not symmetric positive-semidefinite"):
        vt.random.default_rng(0).multivariate_normal([0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]], check_valid="raise")
    with pytest.warns(RuntimeWarning, match="positive-semidefinite"):
        vt.random.default_rng(0).multivariate_normal([0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]])
    with pytest.raises(ValueError, match="mean must be 1 dimensional"):
        vt.random.default_rng(0).multivariate_normal([0.0, 0.0], np.eye(3))


@pytest.mark.parametrize("alpha", [[0.5, 2.0, 3.0], [0.05, 0.02, 0.08], [0.04, 0.0, 0.09]])
def test_dirichlet_samples_lie_on_the_simplex_with_their_means(alpha):
    """Gammas normalized where an alpha exceeds 0.1, stick-breaking betas where none does (NumPy's two methods);
    a zero alpha's part is 0."""
    x = vt.random.default_rng(6).dirichlet(alpha, 40000)
    values = x.numpy()
    assert values.shape == (40000, 3) and (values >= 0).all()
    np.testing.assert_allclose(values.sum(1), 1.0, atol=1e-12)
    expected = np.array(alpha) / sum(alpha)
    np.testing.assert_allclose(values.mean(0), expected, atol=0.01)
    first = values[:, 0]  # a Dirichlet's part is beta(alpha_0, the rest's sum)
    law = stats.beta(alpha[0], sum(alpha) - alpha[0])
    # (small alphas put about 1 % of the mass within 1e-16 of 0 or 1, where float64 rounds: compare the middle)
    inside = (first > 1e-3) & (first < 1 - 1e-3)
    share = law.cdf(1 - 1e-3) - law.cdf(1e-3)
    assert abs(inside.mean() - share) < 4 * np.sqrt(share * (1 - share) / first.size)
    assert stats.kstest(first[inside], lambda v: (law.cdf(v) - law.cdf(1e-3)) / share).pvalue > 1e-4
    with pytest.raises(ValueError, match="alpha < 0"):
        vt.random.default_rng(0).dirichlet([1.0, -1.0])
