"""NumPy's statistics (``vulkit.array.ops.numpy_stats``) against NumPy: dtypes, shapes (empty, 0-d, one element,
odd and prime sizes, non-contiguous views, negative axes), special values (NaN, infinities, ties) and errors, which
must name the function called first; and what all four modules of NumPy's names beyond the standard (numpy_math,
numpy_stats, numpy_signal, numpy_sets) share: their names in ``vt``, empty and 0-d input, errors of inner calls."""

from __future__ import annotations

import math

import numpy as np
import pytest
from array_helpers import RTOL
from numpy_compat_helpers import COMPLEX, FLOATS, REFERENCE_MARKS, ULP, names_error, same, strided, values

import vulkit as vt
from vulkit.array.ops import numpy_math, numpy_sets, numpy_signal, numpy_stats

pytestmark = REFERENCE_MARKS


# -- all four modules ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("module", [numpy_math, numpy_stats, numpy_signal, numpy_sets],
                         ids=lambda module: module.__name__.rsplit(".", 1)[-1])
def test_every_name_is_in_the_namespace_with_a_docstring(module):
    for name in module.__all__:
        function = getattr(vt, name)
        assert function is getattr(module, name) and name in vt.__all__
        assert function.__name__ == name and len(function.__doc__ or "") > 40, name


def test_statistics_of_empty_and_zero_d_arrays():
    empty, none, scalar = np.zeros((0, 3)), np.zeros(0), np.array(4.5)
    calls = [
        lambda m, x: m.digitize(x(empty), x(np.array([1.0, 2.0]))),
        lambda m, x: m.interp(x(empty), x(np.array([1.0, 2.0])), x(np.array([3.0, 4.0]))),
        lambda m, x: m.interp(x(scalar), x(np.array([1.0, 5.0])), x(np.array([3.0, 4.0]))),
        lambda m, x: m.percentile(x(scalar), 30),
        lambda m, x: m.nanpercentile(x(scalar), [30, 60]),
        lambda m, x: m.average(x(scalar)),
        lambda m, x: m.ptp(x(scalar)),
        lambda m, x: m.nanvar(x(empty), axis=-1),
        lambda m, x: m.nancumprod(x(empty), axis=0),
        lambda m, x: m.nanprod(x(empty), axis=-2),
        lambda m, x: m.polyval(x(np.array([2.0, 1.0])), x(empty)),
        lambda m, x: m.isclose(x(empty), x(np.ones(3))),
        lambda m, x: m.unique(x(empty), return_counts=True)[1],
        lambda m, x: m.setxor1d(x(empty), x(scalar)),
        lambda m, x: m.ediff1d(x(scalar), to_end=x(none)),
        lambda m, x: m.trapezoid(x(empty), axis=0),
    ]
    for call in calls:
        same(call(vt, vt.asarray), call(np, np.asarray))



# -- errors name the function called -------------------------------------------------------------------------------
def test_errors_of_functions_called_inside_name_the_outer_one():
    # allclose runs isclose, nanstd nanvar, union1d unique, percentile quantile: the message names the call
    names_error(ValueError, "allclose", vt.allclose, vt.zeros(2), vt.zeros(3))
    names_error(TypeError, "nanstd", vt.nanstd, "text")
    message = names_error(ValueError, "percentile", vt.percentile, vt.asarray([1.0]), 50, method="weibull")
    assert "quantile" not in message.split(":")[0]


# -- statistics -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [*FLOATS, "int32", "bool"])
def test_average_without_weights(dtype):
    a = values(dtype, (3, 5), special=False)
    for axis in (None, 0, -1, (0, 1)):
        same(vt.average(vt.asarray(a), axis=axis), np.average(a, axis=axis), rtol=RTOL["float32"])
        avg, count = vt.average(strided(a), axis=axis, returned=True, keepdims=True)
        expected, expected_count = np.average(a, axis=axis, returned=True, keepdims=True)
        same(avg, expected, rtol=RTOL["float32"])
        same(count, expected_count)


@pytest.mark.parametrize("dtype", [*FLOATS, "int32"])
def test_average_with_weights(dtype):
    a = values(dtype, (3, 4, 5), special=False)
    w = values("int32", (3, 4, 5), seed=2) % 3 + 1
    # float32 sums: vt.sum's compensated ones against NumPy's pairwise ones (results near 0 differ most)
    tol = {"rtol": 1e-5, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-13}
    same(vt.average(vt.asarray(a), weights=vt.asarray(w)), np.average(a, weights=w), **tol)
    w1 = np.array([0.5, 1.0, 2.0, 0.25, 3.0], np.float32)
    for axis in (-1, 2):
        avg, total = vt.average(vt.asarray(a), axis=axis, weights=strided(w1), returned=True)
        expected, expected_total = np.average(a, axis=axis, weights=w1, returned=True)
        same(avg, expected, **tol)
        same(total, expected_total)
    w2 = np.arange(1.0, 16.0).reshape(5, 3)
    same(vt.average(vt.asarray(a), axis=(2, 0), weights=w2, keepdims=True),
         np.average(a, axis=(2, 0), weights=w2, keepdims=True), **tol)


def test_average_errors():
    a = vt.ones((2, 3))
    names_error(ZeroDivisionError, "average", vt.average, a, axis=1, weights=[1.0, -1.0, 0.0])
    names_error(TypeError, "average", vt.average, a, weights=[1.0, 2.0, 3.0])
    names_error(ValueError, "average", vt.average, a, axis=1, weights=[1.0, 2.0])
    names_error(np.exceptions.AxisError, "average", vt.average, a, axis=2)
    same(vt.average(vt.zeros(0)), np.average(np.zeros(0)))  # NaN, as NumPy's (without its warning)


@pytest.mark.parametrize("dtype", [*FLOATS, "int8", "int64", "uint8"])
def test_ptp(dtype):
    a = values(dtype, (4, 7))
    same(vt.ptp(vt.asarray(a)), np.ptp(a))
    same(vt.ptp(strided(a), axis=-1, keepdims=True), np.ptp(a, axis=-1, keepdims=True))
    same(vt.ptp(vt.asarray(a), axis=0), np.ptp(a, axis=0))
    if dtype == "int8":  # wraps as NumPy's
        wide = np.array([-100, 100], np.int8)
        same(vt.ptp(vt.asarray(wide)), np.ptp(wide))


def test_ptp_errors():
    names_error(TypeError, "ptp", vt.ptp, vt.asarray([True, False]))
    names_error(ValueError, "ptp", vt.ptp, vt.zeros(0))


@pytest.mark.parametrize("dtype", [*FLOATS, "int32"])
@pytest.mark.parametrize("method", ["linear", "lower", "higher", "midpoint", "nearest"])
def test_percentile(dtype, method):
    a = values(dtype, (3, 11), special=False)
    for q in (30, 37.5, [0, 25, 50, 99.9, 100], np.array([12.5, 60.0], np.float32)):
        same(vt.percentile(vt.asarray(a), q, method=method), np.percentile(a, q, method=method))
        same(vt.percentile(strided(a), q, axis=-1, method=method, keepdims=True),
             np.percentile(a, q, axis=-1, method=method, keepdims=True))
    same(vt.percentile(vt.asarray(a), vt.asarray([10.0, 90.0]), axis=0), np.percentile(a, [10.0, 90.0], axis=0))


@pytest.mark.parametrize("dtype", FLOATS)
def test_nanpercentile(dtype):
    a = values(dtype, (4, 7), seed=5)
    a[a == 0] = 0.25  # not 0.0 and -0.0: which of them is the median is NumPy's partition's choice
    a[3] = np.nan  # a slice of NaNs only
    for q, method in ((50, "linear"), ([10, 75], "linear"), (40, "nearest"), ([0, 100], "midpoint")):
        same(vt.nanpercentile(vt.asarray(a), q, axis=1, method=method), np.nanpercentile(a, q, axis=1, method=method))
        same(vt.nanpercentile(strided(a), q, method=method), np.nanpercentile(a, q, method=method))
    same(vt.percentile(vt.asarray(a), 50, axis=1), np.percentile(a, 50, axis=1))  # NaN where a slice holds one
    ints = values("int32", (9,))
    same(vt.nanpercentile(vt.asarray(ints), 30), np.nanpercentile(ints, 30))


def test_percentile_errors():
    a = vt.asarray([1.0, 2.0])
    for name in ("percentile", "nanpercentile"):
        function = getattr(vt, name)
        message = names_error(ValueError, name, function, a, 101)
        assert "Percentiles must be in the range [0, 100]" in message
        names_error(ValueError, name, function, a, [-1, 50])
        names_error(ValueError, name, function, a, math.nan)
        names_error(ValueError, name, function, a, 50, method="hazen")
        names_error(TypeError, name, function, vt.asarray([1j]), 50)
        names_error(IndexError, name, function, vt.zeros(0), 50)


@pytest.mark.parametrize("dtype", [*FLOATS, *COMPLEX])
def test_nanvar_nanstd(dtype):
    a = values(dtype, (4, 7), seed=4, special=False)
    a.flat[[1, 5, 9, 26]] = np.nan
    a[2, :] = np.nan  # no values: NaN
    a[3, 1:] = np.nan  # one value: NaN with ddof=1
    tol = 1e-5 if np.finfo(a.dtype).dtype == np.float32 else 1e-12  # the sums round differently from NumPy's
    for name in ("nanvar", "nanstd"):
        function, reference = getattr(vt, name), getattr(np, name)
        for axis, ddof in ((None, 0), (1, 0), (-1, 1), (0, 1), ((0, 1), 0.5)):
            same(function(vt.asarray(a), axis=axis, ddof=ddof), reference(a, axis=axis, ddof=ddof), rtol=tol)
        same(function(strided(a), axis=0, keepdims=True), reference(a, axis=0, keepdims=True), rtol=tol)
        same(function(vt.asarray(a[0, 0])), reference(a[0, 0]))  # 0-d


def test_nanvar_integers_dtype_and_empty():
    ints = values("int32", (3, 5))
    same(vt.nanvar(vt.asarray(ints), axis=1), np.nanvar(ints, axis=1), rtol=1e-12)
    same(vt.nanstd(vt.asarray(ints), ddof=1), np.nanstd(ints, ddof=1), rtol=1e-12)
    floats = values("float32", (5,), special=False)
    same(vt.nanvar(vt.asarray(floats), dtype=vt.float64), np.nanvar(floats, dtype=np.float64), rtol=1e-6)
    same(vt.nanvar(vt.zeros((0, 3)), axis=0), np.nanvar(np.zeros((0, 3)), axis=0))
    same(vt.nanstd(vt.zeros((2, 0)), axis=1), np.nanstd(np.zeros((2, 0)), axis=1))


@pytest.mark.parametrize("dtype", [*FLOATS, "int32", "uint8", "bool"])
def test_nanargmax_nanargmin(dtype):
    a = values(dtype, (5, 7), seed=6)
    if np.dtype(dtype).kind == "f":
        a[a == np.inf] = 3.0  # ties, NaNs and -inf stay
        a[1, 3] = a[1, 5] = 100.0
    for name in ("nanargmax", "nanargmin"):
        function, reference = getattr(vt, name), getattr(np, name)
        same(function(vt.asarray(a)), reference(a))
        for axis in (0, 1, -1):
            same(function(strided(a), axis=axis), reference(a, axis=axis))
        same(function(vt.asarray(a), axis=-2, keepdims=True), reference(a, axis=-2, keepdims=True))
        same(function(vt.asarray(a[1, 1])), reference(a[1, 1]))  # 0-d


def test_nanargmax_nanargmin_errors():
    a = np.array([[1.0, np.nan], [np.nan, np.nan]])
    for name in ("nanargmax", "nanargmin"):
        function = getattr(vt, name)
        assert names_error(ValueError, name, function, vt.asarray(a), axis=1) == f"{name}: All-NaN slice encountered"
        same(function(vt.asarray(a), axis=None), getattr(np, name)(a, axis=None))
        names_error(ValueError, name, function, vt.asarray([math.nan]))
        names_error(ValueError, name, function, vt.zeros(0))
        names_error(TypeError, name, function, vt.asarray([1j]))
        same(function(vt.zeros((0, 3)), axis=1), getattr(np, name)(np.zeros((0, 3)), axis=1))


@pytest.mark.parametrize("dtype", [*FLOATS, *COMPLEX, "int32", "bool"])
def test_nanprod_nancumsum_nancumprod(dtype):
    a = values(dtype, (3, 5), seed=7)
    if np.dtype(dtype).kind in "fc":
        a = np.where(np.isinf(a), 2, a).astype(dtype)
        a = np.where(np.abs(a) > 4, a / 4, a).astype(dtype)
    tol = None if np.dtype(dtype).kind in "bi" else 8 * ULP[np.finfo(a.dtype).dtype.name]  # products, sums
    same(vt.nanprod(vt.asarray(a)), np.nanprod(a), tol)
    same(vt.nanprod(strided(a), axis=-1, keepdims=True), np.nanprod(a, axis=-1, keepdims=True), tol)
    same(vt.nancumsum(vt.asarray(a)), np.nancumsum(a), tol)
    same(vt.nancumsum(strided(a), axis=0), np.nancumsum(a, axis=0), tol)
    same(vt.nancumprod(vt.asarray(a), axis=-1), np.nancumprod(a, axis=-1), tol)
    same(vt.nancumprod(vt.asarray(a)), np.nancumprod(a), tol)
    if np.dtype(dtype).kind == "i":
        same(vt.nanprod(vt.asarray(a), dtype=vt.int64), np.nanprod(a, dtype=np.int64))
    same(vt.nanprod(vt.zeros((0,))), np.nanprod(np.zeros(0)))
    same(vt.nancumsum(vt.zeros((0,))), np.nancumsum(np.zeros(0)))


@pytest.mark.parametrize("dtype", [*FLOATS, "int32", *COMPLEX])
def test_cov(dtype):
    m = values(dtype, (3, 7), seed=8, special=False)
    tol = 1e-5 if dtype in ("float32", "complex64") else 1e-12  # vt.matmul sums in its own order
    same(vt.cov(vt.asarray(m)), np.cov(m), rtol=tol)
    same(vt.cov(strided(m), rowvar=False), np.cov(m, rowvar=False), rtol=tol)
    same(vt.cov(vt.asarray(m), bias=True), np.cov(m, bias=True), rtol=tol)
    same(vt.cov(vt.asarray(m), ddof=2), np.cov(m, ddof=2), rtol=tol)
    same(vt.cov(vt.asarray(m[0]), m[1]), np.cov(m[0], m[1]), rtol=tol)
    same(vt.cov(vt.asarray(m[:2].T), vt.asarray(m[2:].T), rowvar=False), np.cov(m[:2].T, m[2:].T, rowvar=False),
         rtol=tol)
    same(vt.cov(vt.asarray(m[:2].T), m[2], rowvar=False), np.cov(m[:2].T, m[2], rowvar=False), rtol=tol)
    same(vt.cov(vt.asarray(m[0])), np.cov(m[0]), rtol=tol)  # one variable: 0-d
    f, w = np.array([1, 2, 1, 3, 1, 1, 2]), np.array([0.5, 1.0, 2.0, 0.1, 1.0, 3.0, 1.0])
    for kwargs in ({"fweights": f}, {"aweights": w}, {"fweights": f, "aweights": w},
                   {"fweights": f, "aweights": w, "ddof": 0}, {"aweights": w, "bias": True}):
        same(vt.cov(vt.asarray(m), **kwargs), np.cov(m, **kwargs), rtol=tol)
    narrow = "complex64" if dtype in COMPLEX else "float32"  # float32 sums: near-zero entries differ most
    same(vt.cov(vt.asarray(m), dtype=narrow), np.cov(m, dtype=narrow), rtol=1e-5, atol=1e-4)


def test_cov_edges_and_errors():
    same(vt.cov(vt.zeros((0, 3))), np.cov(np.zeros((0, 3))))
    same(vt.cov(vt.asarray([[1.0], [2.0]])), np.cov(np.array([[1.0], [2.0]])))  # one observation: 0 / 0
    names_error(ValueError, "cov", vt.cov, vt.zeros((2, 2, 2)))
    names_error(ValueError, "cov", vt.cov, vt.zeros((2, 2)), vt.zeros((2, 2, 2)))
    names_error(ValueError, "cov", vt.cov, vt.ones((2, 3)), ddof=0.5)
    names_error(TypeError, "cov", vt.cov, vt.ones((2, 3)), fweights=[1.5, 1, 1])
    names_error(ValueError, "cov", vt.cov, vt.ones((2, 3)), fweights=[-1, 1, 1])
    names_error(ValueError, "cov", vt.cov, vt.ones((2, 3)), aweights=[-1.0, 1, 1])
    names_error(RuntimeError, "cov", vt.cov, vt.ones((2, 3)), aweights=[1.0, 1])
    names_error(RuntimeError, "cov", vt.cov, vt.ones((2, 3)), fweights=[[1, 1, 1]])


@pytest.mark.parametrize("dtype", [*FLOATS, "int32", *COMPLEX])
def test_corrcoef(dtype):
    m = values(dtype, (4, 9), seed=9, special=False)
    tol = 1e-5 if dtype in ("float32", "complex64") else 1e-12
    same(vt.corrcoef(vt.asarray(m)), np.corrcoef(m), rtol=tol)
    same(vt.corrcoef(strided(m), rowvar=False), np.corrcoef(m, rowvar=False), rtol=tol)
    same(vt.corrcoef(vt.asarray(m[0]), m[1]), np.corrcoef(m[0], m[1]), rtol=tol)
    # one variable: c / c, within an ulp of 1 (c over its square root twice: the host's rounding decides)
    same(vt.corrcoef(vt.asarray(m[0])), np.corrcoef(m[0]), rtol=4e-16)
    # a line: unclipped, rounding gives 1 + 2.2e-16 off the diagonal; clipped to 1, as NumPy's
    line = np.random.default_rng(1).normal(size=(3, 7))[2]
    got = vt.corrcoef(vt.asarray(line), vt.asarray(3 * line + 1)).numpy()
    assert np.all(np.abs(got) <= 1)
    np.testing.assert_allclose(got, np.corrcoef(line, 3 * line + 1), rtol=1e-15)


@pytest.mark.parametrize("dtype", [*FLOATS, "int32"])
def test_digitize(dtype):
    x = values(dtype, (4, 5), seed=10)
    bins = np.array([-5, -1, 0, 0, 2, 6], dtype)
    for edges in (bins, bins[::-1], bins[:1], bins[:0], np.array([3, 3, 3], dtype)):
        for right in (False, True):
            same(vt.digitize(vt.asarray(x), vt.asarray(edges), right=right), np.digitize(x, edges, right=right))
    same(vt.digitize(strided(x[0]), strided(bins[::-1]), right=True), np.digitize(x[0], bins[::-1], right=True))
    same(vt.digitize(2.5, vt.asarray(bins)), np.digitize(2.5, bins))  # 0-d


def test_digitize_nan_bins_and_errors():
    x = np.array([0.0, 1.5, np.nan, 5.0])
    for edges in ([1.0, np.nan], [np.nan, 1.0], [2.0, 1.0, np.nan], [np.nan, np.nan], [1.0, 1.0, np.nan]):
        same(vt.digitize(vt.asarray(x), vt.asarray(edges)), np.digitize(x, edges))  # NumPy's order rule
    for edges in ([1.0, 3.0, 2.0], [np.nan, 1.0, 2.0]):
        names_error(ValueError, "digitize", vt.digitize, vt.asarray(x), vt.asarray(edges))
    names_error(TypeError, "digitize", vt.digitize, vt.asarray([1j]), vt.asarray([1.0]))
    names_error(ValueError, "digitize", vt.digitize, vt.asarray(x), vt.ones((2, 2)))
    names_error(ValueError, "digitize", vt.digitize, vt.asarray(x), 1.0)


@pytest.mark.parametrize("dtype", [*FLOATS, "int32"])
def test_histogram_bin_edges(dtype):
    a = values(dtype, (6, 7), seed=11, special=False)
    for bins, bounds in ((10, None), (1, None), (7, (-3, 5)), ([-10, -1, 0, 3.5, 9], None)):
        same(vt.histogram_bin_edges(vt.asarray(a), bins, bounds), np.histogram_bin_edges(a, bins, bounds))
    for estimator in ("auto", "fd", "doane", "scott", "rice", "sturges", "sqrt", "stone"):
        same(vt.histogram_bin_edges(strided(a), estimator), np.histogram_bin_edges(a, estimator))
        same(vt.histogram_bin_edges(vt.asarray(a), estimator, range=(-4, 4)),
             np.histogram_bin_edges(a, estimator, range=(-4, 4)))
    same(vt.histogram_bin_edges(vt.asarray(a[:0]), "sqrt"), np.histogram_bin_edges(a[:0], "sqrt"))
    same(vt.histogram_bin_edges(vt.asarray(a[:0]), 4), np.histogram_bin_edges(a[:0], 4))
    same(vt.histogram_bin_edges(vt.full((5,), 2, dtype=dtype), "auto"), np.histogram_bin_edges(np.full(5, 2, dtype),
                                                                                                 "auto"))


def test_histogram_bin_edges_errors():
    a = vt.asarray([1.0, 2.0, 4.0])
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, weights=vt.ones(2))
    names_error(TypeError, "histogram_bin_edges", vt.histogram_bin_edges, a, "auto", weights=vt.ones(3))
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, "best")
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, "best", weights=vt.ones(3))
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, vt.asarray([1.0, math.nan]))
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, "fd", range=(2, 1))
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, 0)


@pytest.mark.parametrize("dtype", ["int32", *FLOATS])
def test_histogram2d(dtype):
    """Counts (or weight sums, or densities) per pair of bins and the edges as NumPy's, for counts, edges, one of
    each per axis, a range leaving points out, points on the last edges, NaN (in no bin) and empty input."""
    rng = np.random.default_rng(12)
    x = (rng.random(300) * 10).astype(dtype)
    y = (rng.standard_normal(300) * 3).astype(dtype)
    x[:3] = x.max()  # on the last edge: the last bin holds it
    weights = rng.random(300)
    cases = [{}, {"bins": 5}, {"bins": [3, 7]}, {"bins": [np.array([0.0, 2.5, 5.0, 10.0]), 6]},
             {"range": [[2, 8], [-2, 2]]}, {"bins": (4, 4), "density": True}, {"weights": weights}]
    for kwargs in cases:
        got = vt.histogram2d(vt.asarray(x), strided(y), **kwargs)
        want = np.histogram2d(x, y, **kwargs)
        for g, w in zip(got, want, strict=True):
            same(g, w, rtol=1e-12, atol=1e-12)
    if np.dtype(dtype).kind == "f":  # a NaN point is in no bin; with NaN data, NumPy's autodetected range raises
        y[5] = np.nan
        box = [[2, 8], [-2, 2]]
        same(vt.histogram2d(vt.asarray(x), vt.asarray(y), range=box)[0], np.histogram2d(x, y, range=box)[0])
        names_error(ValueError, "histogram2d", vt.histogram2d, vt.asarray(x), vt.asarray(y))
    empty = vt.histogram2d(vt.asarray(x[:0]), vt.asarray(y[:0]), bins=3, range=[[0, 1], [0, 1]])
    same(empty[0], np.histogram2d(x[:0], y[:0], bins=3, range=[[0, 1], [0, 1]])[0])
    names_error(ValueError, "histogram2d", vt.histogram2d, vt.ones(3), vt.ones(4))
