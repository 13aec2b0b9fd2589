"""Scans and compaction against NumPy: cumulative_sum/prod (the array API's) and cumsum/cumprod, nonzero, argwhere,
flatnonzero, where(condition), boolean masks, bincount and histogram; over dtypes, sizes around the subgroup,
workgroup, tile (4096) and block boundaries, axes (rows, columns, chunked three-pass scans), include_initial, empty
axes, non-contiguous views, special values, determinism and errors."""

from __future__ import annotations

import json
import math
import warnings

import numpy as np
import pytest
from array_helpers import ALL, FLOATS, INTS, NUMERIC, SUPPORTED, assert_matches, sample
from numpy.exceptions import AxisError

import vulkit as vt
from vulkit.array.ops import scans

# 1..3 elements, around the subgroup (8, 32, 64), a sub-tile (1024), a tile (4096: the workgroup kernel), several
# tiles, past 2^16 (three passes over blocks of tiles)
SIZES = [1, 2, 3, 7, 8, 9, 31, 33, 64, 65, 255, 257, 1023, 1024, 1025, 4095, 4097, 12289, 65537, 86017]
COMPLEX = [d for d in ("complex64", "complex128") if d in vt.__array_namespace_info__().dtypes()]
EPS = {"float16": 2.0 ** -10, "float32": 2.0 ** -23, "float64": 2.0 ** -52}


@pytest.fixture(params=["gpu", "cpu"])
def plan_kind(request, monkeypatch):
    """Scans cut as for a GPU (a workgroup per block of tiles) and as for a CPU device (a subgroup per block), whatever
    the device runs the tests."""
    monkeypatch.setattr(scans, "PLAN_KIND", request.param)
    return request.param


def _values(dtype: str, shape: tuple[int, ...] | int, seed: int = 0, product: bool = False) -> np.ndarray:
    """Random values of ``dtype``: small integers; for products of floats, values near 1 (no overflow)."""
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype in FLOATS:
        if product:  # |values| whose logs sum to a random walk near 0: no overflow, no subnormals (GPUs flush)
            signs = rng.choice(np.array([-1, 1], dtype), shape)
            return (np.exp(rng.uniform(-0.02, 0.02, shape)) * signs).astype(dtype)
        return rng.uniform(-10, 10, shape).astype(dtype)
    if product:  # wrapping products are exact, but cast to floats they would overflow
        return rng.choice(np.array([-1, 1, 1] if np.dtype(dtype).kind == "i" else [1, 1, 3], dtype), shape)
    info = np.iinfo(dtype)
    return rng.integers(max(info.min, -100), min(info.max, 100) + 1, shape).astype(dtype)


def assert_scan(got: vt.Array, x: np.ndarray, op: str, axis: int, dtype: str | None = None,
                include_initial: bool = False) -> None:
    """``got`` against NumPy's cumulative sum/product of x: integers exactly (wrapping as NumPy's), floats within the
    error of a blocked scan (some 100 operations from an element to its prefix on lavapipe, 32 subgroups of 8) of a
    long double reference (NumPy's own sequential float32 scan, n operations deep, is no reference)."""
    function = np.cumulative_sum if op == "sum" else np.cumulative_prod
    expected = function(x, axis=axis, dtype=dtype, include_initial=include_initial)
    result = got.numpy()
    assert result.dtype == expected.dtype and result.shape == expected.shape, (result.dtype, expected.dtype)
    if expected.dtype.kind != "f":
        np.testing.assert_array_equal(result, expected)
        return
    cast = x.astype(expected.dtype).astype(np.longdouble)  # NumPy casts to the result dtype first
    exact = function(cast, axis=axis, include_initial=include_initial)
    scale = function(np.abs(cast), axis=axis, include_initial=include_initial)
    length = x.shape[axis] if x.ndim else 1  # the reference's own error: a sequential long double scan
    bound = ((256 * EPS["float32" if expected.dtype == np.float16 else expected.dtype.name]
              + length * float(np.finfo(np.longdouble).eps)) * scale
             + (EPS["float16"] * np.abs(exact) if expected.dtype == np.float16 else 0)
             + float(np.finfo(expected.dtype).smallest_subnormal))
    bad = ~(np.abs(result.astype(np.longdouble) - exact) <= bound)
    assert not bad.any(), (np.argwhere(bad)[:5], result[bad][:5], exact[bad][:5])


# -- cumulative sums and products ------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL)
@pytest.mark.parametrize("op", ["sum", "prod"])
def test_cumulative_1d_every_dtype(dtype, op, plan_kind):
    function = vt.cumulative_sum if op == "sum" else vt.cumulative_prod
    for n in (1, 9, 257, 4097, 70001):  # a thread, a subgroup, a workgroup, three passes
        x = _values(dtype, n, seed=n, product=op == "prod")
        assert_scan(function(vt.asarray(x)), x, op, 0)


@pytest.mark.parametrize("n", SIZES)
def test_cumulative_sum_sizes(n, plan_kind):
    for dtype in ("float32", "int32"):
        x = _values(dtype, n, seed=n)
        assert_scan(vt.cumulative_sum(vt.asarray(x)), x, "sum", 0)
        assert_scan(vt.cumulative_sum(vt.asarray(x), include_initial=True), x, "sum", 0, include_initial=True)
    x = _values("int16", n, seed=n)
    assert_scan(vt.cumulative_prod(vt.asarray(x)), x, "prod", 0)  # wraps in int64 as NumPy's


# (shape, axis): thread per row (<= 16), subgroup per row (<= 1024), workgroup per row, rows cut into blocks (few
# rows), columns (a thread each), columns cut into chunks (few columns)
LAYOUTS = [((300, 5), 1), ((40, 100), 1), ((20, 1100), -1), ((3, 30000), 1), ((1, 70001), 1), ((2, 3, 4500), 2),
           ((100, 300), 0), ((5000, 3), 0), ((7, 2000, 2), 1), ((3, 4, 5), 0), ((3, 4, 5), 1), ((3, 4, 5), -1),
           ((17, 1), 1), ((1, 17), 0), ((4, 4096), 1)]


@pytest.mark.parametrize(("shape", "axis"), LAYOUTS, ids=str)
@pytest.mark.parametrize("include_initial", [False, True])
def test_cumulative_along_axes(shape, axis, include_initial, plan_kind):
    for dtype in ("float32", "int64"):
        x = _values(dtype, shape, seed=len(shape))
        got = vt.cumulative_sum(vt.asarray(x), axis=axis, include_initial=include_initial)
        assert_scan(got, x, "sum", axis, include_initial=include_initial)
    x = _values("float64", shape, seed=3, product=True)
    got = vt.cumulative_prod(vt.asarray(x), axis=axis, include_initial=include_initial)
    assert_scan(got, x, "prod", axis, include_initial=include_initial)


def test_cumulative_of_views(plan_kind):
    """Transposes, steps, negative strides and offsets off the vec4 alignment scan as their values."""
    base = _values("float32", (60, 2050), seed=7)
    x = vt.asarray(base)
    views = {"transpose": (x.T, base.T), "steps": (x[::3, 1::2], base[::3, 1::2]),
             "flipped": (vt.flip(x, axis=1), base[:, ::-1]), "offset": (x[1:, 3:], base[1:, 3:]),
             "offset row": (x[5, 1:], base[5, 1:])}
    for name, (view, host) in views.items():
        for axis in range(view.ndim):
            assert_scan(vt.cumulative_sum(view, axis=axis), host, "sum", axis), name


@pytest.mark.parametrize(("shape", "axis"), [((0,), 0), ((3, 0), 1), ((0, 3), 1), ((0, 3), 0), ((2, 0, 4), 2)])
def test_cumulative_of_empty_axes(shape, axis):
    x = np.zeros(shape, np.float32)
    for include_initial in (False, True):
        for op in ("sum", "prod"):
            function = vt.cumulative_sum if op == "sum" else vt.cumulative_prod
            assert_scan(function(vt.asarray(x), axis=axis, include_initial=include_initial), x, op, axis,
                        include_initial=include_initial)


def test_cumulative_special_values_as_numpy(plan_kind):
    """NaN and infinities propagate as NumPy's sequential sum has them; -0.0 sums keep their sign; the initial
    value is +0.0."""
    cases = [[-0.0, -0.0, -0.0], [-0.0, 0.0, -0.0], [1.0, np.nan, 2.0, 3.0], [1.0, np.inf, 2.0, -np.inf, 1.0],
             [-np.inf, 1.0, 2.0], [np.inf, np.inf], [0.0, np.inf, 1.0]]
    for dtype in FLOATS:
        for case in cases:
            for n in (len(case), 5000):  # a subgroup, and several tiles with the values in the middle
                host = np.zeros(n, dtype) - np.array(0.0 if 0.0 in case else -0.0, dtype)
                at = 0 if n == len(case) else n // 2
                host[at:at + len(case)] = case
                for include_initial in (False, True):
                    got = vt.cumulative_sum(vt.asarray(host), include_initial=include_initial)
                    assert_matches(got, np.cumulative_sum(host, include_initial=include_initial), exact=True)
        host = np.array([2.0, 0.0, np.inf, -1.0, np.nan, 3.0], dtype)
        assert_matches(vt.cumulative_prod(vt.asarray(host)), np.cumulative_prod(host), exact=True)
        host = np.array([-0.0, 2.0, -3.0], dtype)
        assert_matches(vt.cumulative_prod(vt.asarray(host), include_initial=True),
                       np.cumulative_prod(host, include_initial=True), exact=True)


def test_cumulative_integer_overflow_wraps():
    for dtype in ("int32", "uint32", "int64", "uint64"):
        info = np.iinfo(dtype)
        host = np.array([info.max, info.max, 1, info.min, 3] * 900, dtype)
        assert_matches(vt.cumulative_sum(vt.asarray(host)), np.cumulative_sum(host), exact=True)
        assert_matches(vt.cumulative_prod(vt.asarray(host)), np.cumulative_prod(host), exact=True)
    host = np.full(5000, 3, np.int8)
    assert_matches(vt.cumulative_sum(vt.asarray(host), dtype=vt.int8), np.cumulative_sum(host, dtype=np.int8))
    assert_matches(vt.cumulative_prod(vt.asarray(host), dtype="int8"), np.cumulative_prod(host, dtype=np.int8))


@pytest.mark.parametrize(("src", "dtype"), [("int32", "float32"), ("int32", "int8"), ("float32", "float16"),
                                            ("float64", "float32"), ("int8", "uint16"), ("float32", "bool"),
                                            ("int16", "bool"), ("bool", "bool"), ("uint8", "int64"),
                                            ("float32", "int32")])
def test_cumulative_dtype_argument(src, dtype):
    """The elements are cast to dtype first (float16 rounds, int8 wraps), then accumulated (bool: logical or/and)."""
    for n in (10, 3000, 9000):
        x = _values(src, n, seed=n)
        if dtype == "bool":
            x[n // 3:] = 0  # both or and and change
        assert_scan(vt.cumulative_sum(vt.asarray(x), dtype=dtype), x, "sum", 0, dtype=dtype)
        x = _values(src, n, seed=n, product=True)
        if dtype == "bool":
            x[n // 3] = 0
        assert_scan(vt.cumulative_prod(vt.asarray(x), dtype=dtype), x, "prod", 0, dtype=dtype)


def test_default_dtypes_follow_sum():
    for dtype in ALL:
        x = vt.asarray(_values(dtype, 4))
        expected = np.cumsum(np.zeros(1, dtype)).dtype
        assert vt.cumulative_sum(x).dtype == expected
        assert vt.cumulative_prod(x).dtype == np.cumprod(np.zeros(1, dtype)).dtype
        assert vt.cumsum(x).dtype == expected


def test_numpy_cumsum_cumprod_and_methods():
    host = _values("float64", (3, 4, 5), seed=1, product=True)
    x = vt.asarray(host)
    assert_matches(vt.cumsum(x), np.cumsum(host))  # flattened
    assert_matches(vt.cumsum(x, 1), np.cumsum(host, 1))
    assert_matches(vt.cumprod(x, axis=-1, dtype=vt.float32), np.cumprod(host, axis=-1, dtype=np.float32), rtol=1e-5)
    assert_matches(x.cumsum(2), np.cumsum(host, 2))
    assert_matches(x.cumsum(0, vt.float32), host.cumsum(0, np.float32), rtol=1e-5)
    assert_matches(x.cumprod(), host.cumprod())
    assert_matches(x.T.cumsum(axis=0), host.T.cumsum(axis=0))
    assert_matches(vt.cumsum(vt.asarray(np.float32(2.5))), np.cumsum(np.float32(2.5)))  # 0-d: flattened
    assert_matches(vt.cumsum([1, 2, 3]), np.cumsum([1, 2, 3]))


def test_cumulative_errors():
    x = vt.asarray(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError, match="cumulative_sum: .*needs an axis"):
        vt.cumulative_sum(x)
    with pytest.raises(ValueError, match="cumulative_prod: .*at least one dimension"):
        vt.cumulative_prod(vt.asarray(np.float32(1)))
    with pytest.raises(ValueError, match="cumulative_sum: .*at least one dimension"):
        vt.cumulative_sum(vt.asarray(np.float32(1)), axis=0)
    with pytest.raises(AxisError):
        vt.cumulative_sum(x, axis=2)
    with pytest.raises(AxisError):
        vt.cumsum(x, axis=-3)
    with pytest.raises(TypeError, match="cumulative_sum: axis"):
        vt.cumulative_sum(x, axis=(0, 1))
    with pytest.raises(TypeError, match="cumulative_sum: .*S3"):
        vt.cumulative_sum(x, axis=0, dtype="S3")
    with pytest.raises(TypeError, match="cumsum"):
        vt.cumsum(x, dtype=object)
    with pytest.raises(TypeError):
        x.cumsum(0, vt.float32, 1)


def test_scans_are_deterministic(plan_kind):
    host = np.random.default_rng(5).normal(size=200003).astype(np.float32)
    first = vt.cumulative_sum(vt.asarray(host)).numpy()
    for _ in range(2):
        np.testing.assert_array_equal(vt.cumulative_sum(vt.asarray(host)).numpy().view(np.uint32),
                                      first.view(np.uint32))
    columns = vt.asarray(host[:200000].reshape(40000, 5))
    first = vt.cumulative_sum(columns, axis=0).numpy()
    np.testing.assert_array_equal(vt.cumulative_sum(columns, axis=0).numpy(), first)


# -- the one-pass scan (decoupled look-back with fallback) -------------------------------------------------------------
@pytest.fixture(params=["look-back", "fallback", "three passes"])
def long_scan(request, monkeypatch):
    """Long rows scanned as a GPU cuts them: in one pass trusting the blocks' published states, in one pass with every
    earlier block's total recomputed (the fallback a workgroup takes when a block before it stays silent), and in
    three passes."""
    monkeypatch.setattr(scans, "PLAN_KIND", "gpu")
    monkeypatch.setattr(scans, "LOOKBACK", request.param != "three passes")
    monkeypatch.setattr(scans, "LOOKBACK_SPINS", 0 if request.param == "fallback" else scans.LOOKBACK_SPINS)
    return request.param


# (shape, axis): one row of 2^16 + 1 (17 blocks), prime lengths, rows of 4096 + 1 (a one-element last block), a row
# of whole tiles (vec4 loads and stores), columns of a 3-d array's last axis
ONE_PASS = [((65537,), 0), ((70001,), 0), ((3, 30011), 1), ((17, 4097), 1), ((2, 4 * 4096), 1), ((2, 3, 20000), 2)]


@pytest.mark.parametrize(("shape", "axis"), ONE_PASS, ids=str)
def test_one_pass_scans(shape, axis, long_scan):
    for dtype in ("float32", "int64", "uint8"):
        x = _values(dtype, shape, seed=len(shape))
        for include_initial in (False, True):
            got = vt.cumulative_sum(vt.asarray(x), axis=axis, include_initial=include_initial)
            assert_scan(got, x, "sum", axis, include_initial=include_initial)
    x = _values("float64", shape, seed=2, product=True)
    assert_scan(vt.cumulative_prod(vt.asarray(x), axis=axis), x, "prod", axis)
    flags = _values("bool", shape, seed=3)
    flags[..., :5] = True  # cumulative_prod of bools: logical and (all True up to the first False)
    np.testing.assert_array_equal(vt.cumulative_prod(vt.asarray(flags), axis=axis).numpy(),
                                  np.cumulative_prod(flags, axis=axis))


def test_one_pass_scan_special_values(long_scan):
    x = _values("float32", 50000, seed=9)
    x[[10, 20000]] = np.inf
    x[30000] = -np.inf  # inf - inf: NaN from there on
    got = vt.cumulative_sum(vt.asarray(x)).numpy()
    expected = np.cumsum(x.astype(np.float64))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    np.testing.assert_array_equal(np.isposinf(got), np.isposinf(expected))
    zeros = np.full(70000, -0.0, np.float32)
    assert np.signbit(vt.cumulative_sum(vt.asarray(zeros)).numpy()).all()  # -0.0 + -0.0 stays -0.0


@pytest.mark.parametrize("dtype", ["float32", "float64", *COMPLEX])
def test_one_pass_scans_have_the_same_bits_whatever_the_timing(dtype, monkeypatch):
    """A block's prefix is the same left fold whether the look-back found the block before it inclusive, went further
    back, or recomputed the totals itself: the bits of every path agree (and run after run)."""
    monkeypatch.setattr(scans, "PLAN_KIND", "gpu")
    monkeypatch.setattr(scans, "LOOKBACK", True)
    rng = np.random.default_rng(11)
    if dtype.startswith("complex"):
        host = rng.normal(size=(2, 90001)) + 1j * rng.normal(size=(2, 90001))
        host = (host / np.abs(host)).astype(dtype)  # running products of unit numbers: no overflow
    else:
        host = _values(dtype, (2, 90001), seed=11, product=True)
    x = vt.asarray(host)
    sums, products = [], []
    for spins in (scans.LOOKBACK_SPINS, 0, 1, scans.LOOKBACK_SPINS):
        monkeypatch.setattr(scans, "LOOKBACK_SPINS", spins)
        sums.append(vt.cumulative_sum(x, axis=1).numpy())
        products.append(vt.cumulative_prod(x, axis=1).numpy())
    for group in (sums, products):
        for got in group[1:]:
            np.testing.assert_array_equal(got.view(np.uint8), group[0].view(np.uint8))
    eps = float(np.finfo(host.real.dtype).eps)  # sums: errors of a blocked scan, against the running sum of |x|
    exact = np.cumsum(host.astype(np.complex128), axis=1)
    bound = 256 * eps * np.cumsum(np.abs(host.astype(np.complex128)), axis=1)
    assert (np.abs(sums[0] - exact) <= bound).all()
    np.testing.assert_allclose(products[0], np.cumprod(host.astype(np.complex128), axis=1), rtol=1e4 * eps,
                               atol=1e4 * eps)


# -- nonzero and friends -----------------------------------------------------------------------------------------------
def _sparse(dtype: str, shape: tuple[int, ...], density: float = 0.5, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    size = math.prod(shape)
    values = sample(dtype, size, seed=seed, special=size >= 11).reshape(shape)
    return np.where(rng.random(shape) < density, values, np.zeros((), dtype))


@pytest.mark.parametrize("dtype", ALL)
def test_nonzero_every_dtype(dtype, plan_kind):
    for shape in [(1,), (37,), (5, 7), (2, 3, 4), (4097,), (3, 9000)]:
        host = _sparse(dtype, shape, seed=len(shape))
        got = vt.nonzero(vt.asarray(host))
        expected = np.nonzero(host)
        assert len(got) == len(expected)
        for g, e in zip(got, expected, strict=True):
            assert_matches(g, e)
        assert_matches(vt.argwhere(vt.asarray(host)), np.argwhere(host))
        assert_matches(vt.flatnonzero(vt.asarray(host)), np.flatnonzero(host))


@pytest.mark.parametrize("n", [1, 8, 33, 1024, 1025, 4095, 4096, 4097, 12289, 40001])
@pytest.mark.parametrize("density", [0.0, 0.01, 0.5, 1.0])
def test_nonzero_sizes_and_densities(n, density, plan_kind):
    host = _sparse("float32", (n,), density, seed=n)
    assert_matches(vt.nonzero(vt.asarray(host))[0], np.nonzero(host)[0])


def test_nonzero_special_values_views_and_many_dimensions():
    host = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1e-45, 0.0], np.float32)  # NaN is nonzero, -0.0 zero
    assert_matches(vt.nonzero(vt.asarray(host))[0], np.nonzero(host)[0])
    base = _sparse("int32", (40, 60), seed=3)
    x = vt.asarray(base)
    for view, expected in [(x.T, base.T), (x[::3, 5::2], base[::3, 5::2]), (vt.flip(x, axis=0), base[::-1])]:
        for g, e in zip(vt.nonzero(view), np.nonzero(expected), strict=True):
            assert_matches(g, e)
    for shape in [(2, 1, 3, 2, 5, 3), (2, 1, 3, 2, 1, 2, 3)]:  # 6 dimensions: coordinates in the kernel; 7: unravelled
        deep = _sparse("int8", shape, seed=4)
        for g, e in zip(vt.nonzero(vt.asarray(deep)), np.nonzero(deep), strict=True):
            assert_matches(g, e)
        assert_matches(vt.argwhere(vt.asarray(deep)), np.argwhere(deep))
        x = vt.asarray(np.arange(deep.size * 4, dtype=np.float32).reshape(*deep.shape[:-1], -1))[..., ::4]
        mask = deep != 0  # a mask over a view of 6 (GPU positions) and 7 dimensions that do not merge (the host's)
        assert_matches(x[vt.asarray(mask)], x.numpy()[mask], exact=True)
    assert vt.asarray(base).nonzero()[1].tolist() == base.nonzero()[1].tolist()


def test_nonzero_of_empty_and_0d():
    for shape in [(0,), (3, 0), (0, 2, 2)]:
        host = np.zeros(shape, np.float32)
        got = vt.nonzero(vt.asarray(host))
        assert [g.shape for g in got] == [e.shape for e in np.nonzero(host)]
        assert vt.argwhere(vt.asarray(host)).shape == np.argwhere(host).shape
    with pytest.raises(ValueError, match="nonzero: .*0-d"):
        vt.nonzero(vt.asarray(np.float32(1)))
    for value in (0, 3):  # NumPy's argwhere and flatnonzero take 0-d arrays
        assert_matches(vt.argwhere(vt.asarray(np.int32(value))), np.argwhere(np.int32(value)))
        assert_matches(vt.flatnonzero(vt.asarray(np.int32(value))), np.flatnonzero(np.int32(value)))


def test_where_one_and_three_arguments():
    host = _sparse("float32", (30, 40), seed=9)
    x = vt.asarray(host)
    for g, e in zip(vt.where(x), np.where(host), strict=True):
        assert_matches(g, e)
    assert_matches(vt.where(x > 0, x, -x), np.where(host > 0, host, -host))
    with pytest.raises(ValueError, match="both or neither"):
        vt.where(x > 0, x)


@pytest.mark.parametrize("dtype", [name for name in ("bool", "uint8", "float16", "int32", "float64", "complex64",
                                                   "complex128") if name in SUPPORTED])
def test_boolean_masks_move_every_element_size_bit_for_bit(dtype, plan_kind):
    # the compaction moves the selected elements itself, as unsigned words of 32 bits at most: NaN payloads
    # and -0.0 keep their bits, over contiguous, reversed and strided views and a mask of the leading dimension
    rng = np.random.default_rng(7)
    raw = rng.integers(0, 256, (9, 37, 4 * np.dtype(dtype).itemsize), dtype=np.uint8)
    host = raw.view(dtype).reshape(9, 37, 4) if dtype != "bool" else raw[..., :4] > 127
    x = vt.asarray(host)
    mask = rng.random(host.shape) > 0.45
    for key in ((), (slice(None, None, -1), slice(None, None, 3)), (slice(None), slice(5, None))):
        m = mask[key]
        got = x[key][vt.asarray(m)]
        expected = host[key][m]
        assert got.shape == expected.shape and got.numpy().tobytes() == expected.tobytes()
    lead = mask[:, 0, 0]
    assert x[vt.asarray(lead)].numpy().tobytes() == host[lead].tobytes()


@pytest.mark.parametrize("dtype", [name for name in ("bool", "int8", "int32", "float16", "float32", "complex64")
                                   if name in SUPPORTED])
def test_scalar_assignment_through_a_mask(dtype):
    # x[mask] = scalar is where(mask, scalar, x) in place (no count read back): the scalar converted as NumPy's
    # assignment converts it, over views and masks of the leading dimensions
    rng = np.random.default_rng(11)
    host = sample(dtype, 9 * 37 * 4, seed=4).reshape(9, 37, 4)
    x = vt.asarray(host)
    mask = rng.random(host.shape) > 0.5
    for key, value in (((), True if dtype == "bool" else 3), ((slice(None, None, -1), slice(None, None, 3)), 0),
                       ((slice(None), slice(5, None)), 1)):
        x[key][vt.asarray(mask[key])] = value
        host[key][mask[key]] = value
        assert x.numpy().tobytes() == host.tobytes()
    x[mask[:, 0, 0]] = vt.asarray(np.array(2, dtype))  # a 0-d array over whole subarrays
    host[mask[:, 0, 0]] = np.array(2, dtype)
    assert x.numpy().tobytes() == host.tobytes()
    if dtype.startswith("int"):
        x[vt.asarray(mask)] = 2.7  # truncated, as NumPy's
        host[mask] = 2.7
        assert x.numpy().tobytes() == host.tobytes()
        with pytest.raises(OverflowError):
            x[vt.asarray(mask)] = 1 << 40


@pytest.mark.parametrize("shape", [(10,), (5000,), (13, 700), (3, 5, 7)])
def test_boolean_masks_on_the_gpu(shape, plan_kind):
    host = sample("float32", math.prod(shape), special=False, seed=2).reshape(shape)
    x = vt.asarray(host)
    mask = host > 2
    assert_matches(x[vt.asarray(mask)], host[mask], exact=True)
    assert_matches(x[mask], host[mask], exact=True)
    lead = mask.reshape(shape[0], -1).any(axis=1)  # a mask over the first dimension selects subarrays
    assert_matches(x[vt.asarray(lead)], host[lead], exact=True)
    assert_matches(x[lead, ...], host[lead, ...], exact=True)
    if len(shape) > 1:
        assert_matches(x.T[vt.asarray(mask.T)], host.T[mask.T], exact=True)  # a non-contiguous x
        assert_matches(x[::2][vt.asarray(mask[::2])], host[::2][mask[::2]], exact=True)
    expected = host.copy()
    expected[mask] = np.arange(mask.sum(), dtype=np.float32)
    x[vt.asarray(mask)] = vt.arange(int(mask.sum()), dtype=vt.float32)
    assert_matches(x, expected, exact=True)
    expected[lead] = -1.0
    x[vt.asarray(lead)] = -1.0
    assert_matches(x, expected, exact=True)
    empty = np.zeros(shape, bool)
    assert_matches(x[vt.asarray(empty)], host[empty], exact=True)


# -- bincount ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bool", *INTS])
def test_bincount_every_integer_dtype(dtype):
    high = 1 if dtype == "bool" else min(100, np.iinfo(dtype).max)
    host = np.random.default_rng(1).integers(0, high + 1, 5000).astype(dtype)
    assert_matches(vt.bincount(vt.asarray(host)), np.bincount(host))
    assert_matches(vt.bincount(vt.asarray(host), minlength=300), np.bincount(host, minlength=300))


@pytest.mark.parametrize(("n", "high"), [(1, 0), (7, 3), (4097, 9), (40001, 5000), (3000, 70000)])
def test_bincount_sizes_and_bins(n, high):
    """Few bins (a shared-memory histogram per workgroup) and many (atomics into the output)."""
    host = np.random.default_rng(n).integers(0, high + 1, n)
    host[-1] = high
    assert_matches(vt.bincount(vt.asarray(host)), np.bincount(host))


def _exact_bincount(x: np.ndarray, weights: np.ndarray, nbins: int) -> np.ndarray:
    """Each bin's weights summed exactly (math.fsum), rounded once."""
    out = np.zeros(nbins)
    for b in range(nbins):
        out[b] = math.fsum(weights[x == b].astype(np.float64).tolist())
    return out


@pytest.mark.parametrize(("n", "high"), [(9, 3), (5000, 30), (20000, 700)])
@pytest.mark.parametrize("wtype", [name for name in ("float32", "float64", "int32", "bool") if name in SUPPORTED])
def test_bincount_weights_are_exact_sums(n, high, wtype):
    """Weighted bins are exact sums of the weights rounded once (NumPy's sequential sums are within their error of
    them), the same bits run after run, for few bins (shared memory) and many (atomics into the output)."""
    rng = np.random.default_rng(n)
    x = rng.integers(0, high + 1, n)
    weights = (rng.normal(size=n) * 10.0 ** rng.integers(-8, 8, n)).astype(wtype) if wtype != "bool" \
        else rng.integers(0, 2, n).astype(bool)
    got = vt.bincount(vt.asarray(x), weights=vt.asarray(weights))
    exact = _exact_bincount(x, weights, high + 1)
    assert got.dtype == vt.float64 and got.shape == exact.shape
    np.testing.assert_allclose(got.numpy(), exact, rtol=4e-16, atol=0)
    np.testing.assert_allclose(got.numpy(), np.bincount(x, weights=weights), rtol=1e-9, atol=1e-9)
    again = vt.bincount(vt.asarray(x), weights=vt.asarray(weights))
    np.testing.assert_array_equal(again.numpy(), got.numpy())


def test_bincount_special_weights():
    x = np.array([0, 0, 1, 1, 2, 2, 3, 3, 4, 5])
    weights = np.array([1.0, np.nan, np.inf, 2.0, np.inf, -np.inf, -np.inf, -1.0, 1e308, -0.0])
    assert_matches(vt.bincount(vt.asarray(x), weights=vt.asarray(weights)), np.bincount(x, weights=weights))
    big = np.array([1e308, 1e308, -1e308, 1e-300, 1.0])  # the exact sum does not overflow halfway
    np.testing.assert_allclose(vt.bincount(vt.asarray(np.zeros(5, int)), weights=vt.asarray(big)).numpy(),
                               [1e308])


def test_bincount_empty_and_errors():
    assert_matches(vt.bincount(vt.asarray(np.array([], np.int64))), np.bincount(np.array([], np.int64)))
    assert_matches(vt.bincount(vt.asarray(np.array([], np.int64)), minlength=4),
                   np.bincount(np.array([], np.int64), minlength=4))
    assert_matches(vt.bincount(vt.asarray(np.array([], np.int64)), weights=vt.asarray(np.array([])), minlength=2),
                   np.bincount(np.array([], np.int64), weights=np.array([]), minlength=2))  # int64, as NumPy's
    with pytest.raises(ValueError, match="bincount: .*negative"):
        vt.bincount(vt.asarray(np.array([3, -1, 2])))
    with pytest.raises(TypeError, match="bincount: .*float"):
        vt.bincount(vt.asarray(np.array([1.0, 2.0])))
    with pytest.raises(ValueError, match="bincount: .*too deep"):
        vt.bincount(vt.asarray(np.ones((2, 2), np.int64)))
    with pytest.raises(ValueError, match="bincount: .*too small depth"):
        vt.bincount(vt.asarray(np.int64(3)))
    with pytest.raises(ValueError, match="bincount: .*minlength"):
        vt.bincount(vt.asarray(np.array([1])), minlength=-1)
    with pytest.raises(TypeError, match="bincount: .*None"):
        vt.bincount(vt.asarray(np.array([1])), minlength=None)
    with pytest.raises(ValueError, match="bincount: .*same length"):
        vt.bincount(vt.asarray(np.array([1, 2])), weights=vt.asarray(np.ones(3)))


# -- histogram ---------------------------------------------------------------------------------------------------------
def assert_histogram(a: np.ndarray, **kwargs) -> None:
    """vulkit's histogram against NumPy's, with NumPy's RuntimeWarnings; weighted ones against NumPy's of float64
    weights cast back (vulkit sums the weights exactly; NumPy's differences of float32 running sums lose digits with
    explicit edges)."""
    weights = kwargs.pop("weights", None)
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        hist, edges = vt.histogram(vt.asarray(a), weights=None if weights is None else vt.asarray(weights), **kwargs)
    wide = None if weights is None else weights.astype(np.float64)
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        expected_hist, expected_edges = np.histogram(a, weights=wide, **kwargs)
    runtime = [[str(w.message) for w in caught if w.category is RuntimeWarning] for caught in (ours, theirs)]
    assert runtime[0] == runtime[1]  # NumPy's warnings, and only those
    if weights is not None and not kwargs.get("density"):
        expected_hist = expected_hist.astype(weights.dtype)
    assert_matches(edges, expected_edges, exact=True)
    if expected_hist.dtype.kind == "f":
        assert_matches(hist, expected_hist, rtol=1e-5 if expected_hist.dtype != np.float16 else 2e-3)
    else:
        assert_matches(hist, expected_hist)


@pytest.mark.parametrize("dtype", NUMERIC)
def test_histogram_every_dtype(dtype):
    a = _values(dtype, 3001, seed=3)
    assert_histogram(a)
    assert_histogram(a, bins=7, range=(-5, 20))
    assert_histogram(a, bins=[-50, -3, 0, 0, 2.5, 60])  # an empty bin (repeated edge); the last edge closed


def test_histogram_bins_ranges_weights_density():
    rng = np.random.default_rng(0)
    a = rng.normal(size=20000).astype(np.float32)
    a[:4] = [np.nan, -np.inf, np.inf, 0.0]
    for bins in (1, 10, 600, [-1.0, 0.0, 1.0], np.linspace(-3, 3, 2000)):
        assert_histogram(a, bins=bins, range=(-2, 2))
        assert_histogram(a[4:], bins=bins)
        assert_histogram(a[4:], bins=bins, weights=rng.random(a.size - 4))
        assert_histogram(a[4:], bins=bins, weights=rng.random(a.size - 4).astype(np.float32), density=True)
        assert_histogram(a[4:], bins=bins, density=True)
    ties = np.array([0.0, 1.0, 2.0, 3.0, 3.0, 1.5, 2.0], np.float32)  # values on the edges, the last edge closed
    assert_histogram(ties, bins=3)
    assert_histogram(ties, bins=[0, 1, 2, 3])
    assert_histogram(np.full(10, 5.0), bins=4)  # one value: the range widened by 0.5
    assert_histogram(np.arange(24, dtype=np.int16).reshape(2, 3, 4), bins=5, weights=np.ones((2, 3, 4), np.int32))
    assert_histogram(np.array([], np.float32), bins=3)


def test_histogram_errors():
    a = vt.asarray(np.array([1.0, 2.0, np.nan]))
    with pytest.raises(ValueError, match="histogram: .*not finite"):
        vt.histogram(a)
    with pytest.raises(ValueError, match="histogram: .*positive"):
        vt.histogram(a, bins=0, range=(0, 1))
    with pytest.raises(ValueError, match="histogram: .*monotonically"):
        vt.histogram(a, bins=[3, 1, 2])
    with pytest.raises(ValueError, match="histogram: .*larger than min"):
        vt.histogram(a, range=(3, 1))
    with pytest.raises(TypeError, match="histogram: .*integer"):
        vt.histogram(a, bins=2.5, range=(0, 1))
    with pytest.raises(ValueError, match="histogram: .*same shape"):
        vt.histogram(a, range=(0, 1), weights=vt.ones(2))
    with pytest.raises(ValueError, match="histogram: .*not finite"):
        vt.histogram(a, bins="auto")
    with pytest.raises(ValueError, match="histogram: 'best' is not a valid estimator"):
        vt.histogram(a, bins="best", weights=vt.ones(3))  # the name is checked first, as NumPy's
    with pytest.raises(TypeError, match="histogram: .*weighted data"):
        vt.histogram(a, bins="fd", range=(0, 1), weights=vt.ones(3))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "uint8"])
def test_histogram_with_bin_estimators(dtype):
    """bins named by an estimator: NumPy's number of bins, edges and counts, with and without a range (which also
    drops the data outside it before estimating); 'stone' warns as NumPy where its search ends at its bound."""
    rng = np.random.default_rng(8)
    data = rng.standard_normal(997) * (1 if np.dtype(dtype).kind == "f" else 20) + (50 if dtype == "uint8" else 0)
    a = data.astype(dtype)
    for estimator in ("auto", "fd", "doane", "scott", "rice", "sturges", "sqrt", "stone"):
        assert_histogram(a, bins=estimator)
        assert_histogram(a[::3], bins=estimator, range=(a.min() // 2, a.max() // 2))
        assert_histogram(a[:1], bins=estimator)
        assert_histogram(a[:0], bins=estimator)
        assert_histogram(np.full(9, a[0]), bins=estimator)  # no spread: one bin over the widened range
    spikes = np.repeat(np.arange(150), 20).astype(dtype)
    with pytest.warns(RuntimeWarning, match="suboptimal") as caught:
        hist, edges = vt.histogram(vt.asarray(spikes), bins="stone")
    assert edges.shape == (101,) and int(hist.sum()) == spikes.size
    assert caught[0].filename == __file__  # the warning points at the user's call
    with pytest.warns(RuntimeWarning, match="suboptimal") as caught:
        same_edges = vt.histogram_bin_edges(vt.asarray(spikes), bins="stone")
    assert caught[0].filename == __file__
    assert_matches(same_edges, edges.numpy(), exact=True)


# -- exhaustive and large ----------------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("dtype", ALL)
def test_cumulative_sweep(dtype, plan_kind):
    for op in ("sum", "prod"):
        function = vt.cumulative_sum if op == "sum" else vt.cumulative_prod
        for n in SIZES:
            x = _values(dtype, n, seed=n, product=op == "prod")
            assert_scan(function(vt.asarray(x)), x, op, 0)
            assert_scan(function(vt.asarray(x[1:])), x[1:], op, 0)
        for shape, axis in LAYOUTS:
            y = _values(dtype, shape, seed=len(shape), product=op == "prod")
            for include_initial in (False, True):
                assert_scan(function(vt.asarray(y), axis=axis, include_initial=include_initial), y, op, axis,
                            include_initial=include_initial)


@pytest.mark.slow
def test_large_scans_and_compaction(plan_kind):
    """2^24 + 1 elements (indices past float32's integers, many blocks and passes). The float32 values are multiples
    of 2^-9 whose running sums stay below 2^15 in magnitude, so every order of addition is exact and the scans are
    compared bit for bit (the rounding bounds of long float scans are tested at smaller sizes: their long double
    reference is what would take the time here)."""
    n = 2 ** 24 + 1
    rng = np.random.default_rng(24)
    host = (rng.integers(-512, 513, n) / 512).astype(np.float32)
    rows = host[:n - 1].reshape(4096, 4096)
    assert max(np.abs(np.cumsum(host, dtype=np.float64)).max(), np.abs(np.cumsum(rows, 0, np.float64)).max()) < 2 ** 15
    for x, axis in ((host, 0), (rows, 1), (rows, 0)):
        expected = np.cumsum(x, axis=axis, dtype=np.float64).astype(np.float32)
        np.testing.assert_array_equal(vt.cumulative_sum(vt.asarray(x), axis=axis).numpy(), expected)
    ints = rng.integers(-1000, 1000, n).astype(np.int32)
    assert_scan(vt.cumulative_sum(vt.asarray(ints)), ints, "sum", 0)
    flags = host > 0
    assert_matches(vt.nonzero(vt.asarray(flags))[0], np.nonzero(flags)[0])
    keys = rng.integers(0, 1000, n)
    assert_matches(vt.bincount(vt.asarray(keys)), np.bincount(keys))


def test_every_kernel_through_buffer_addresses(buffer_addresses, plan_kind):
    x = _values("float32", 70001, seed=1)
    assert_scan(vt.cumulative_sum(vt.asarray(x), include_initial=True), x, "sum", 0, include_initial=True)
    rows = _values("int16", (300, 100), seed=2)
    assert_scan(vt.cumulative_prod(vt.asarray(rows), axis=1), rows, "prod", 1)
    assert_scan(vt.cumulative_sum(vt.asarray(rows), axis=0), rows, "sum", 0)
    flags = _sparse("float64" if "float64" in SUPPORTED else "float32", (70, 90), seed=3)
    for g, e in zip(vt.nonzero(vt.asarray(flags)), np.nonzero(flags), strict=True):
        assert_matches(g, e)
    host = _values("float32", (70, 90), seed=4)
    assert_matches(vt.asarray(host)[vt.asarray(flags != 0)], host[flags != 0], exact=True)
    for high in (50, 9000):
        keys = np.random.default_rng(high).integers(0, high, 6000)
        weights = np.random.default_rng(high).normal(size=6000)
        assert_matches(vt.bincount(vt.asarray(keys)), np.bincount(keys))
        np.testing.assert_allclose(vt.bincount(vt.asarray(keys), weights=vt.asarray(weights)).numpy(),
                                   np.bincount(keys, weights=weights), rtol=1e-12, atol=1e-12)
    assert_histogram(host, bins=[-5, 0, 1, 7], weights=host)



@pytest.mark.parametrize("name", COMPLEX)
def test_complex_running_sums_and_nonzero(name):
    """Complex running sums scan the real and imaginary parts; nonzero counts an element where either part is."""
    rng = np.random.default_rng(21)
    a = (rng.uniform(-1, 1, (4, 37)) + 1j * rng.uniform(-1, 1, (4, 37))).astype(name)
    x = vt.asarray(a)
    tol = 1e-5 if name == "complex64" else 1e-12
    for axis in (0, 1):
        for initial in (False, True):
            got = vt.cumulative_sum(x, axis=axis, include_initial=initial)
            expected = np.cumsum(a.astype(np.complex128), axis=axis)
            if initial:
                expected = np.concatenate([np.zeros_like(np.take(expected, [0], axis=axis)), expected], axis=axis)
            assert got.dtype == name
            np.testing.assert_allclose(got.numpy(), expected, rtol=tol, atol=tol)
    np.testing.assert_allclose(vt.cumsum(vt.asarray(np.arange(5.0)), dtype=name).numpy(), np.cumsum(np.arange(5.0)))
    z = np.array([0, 1j, complex(-0.0, 0.0), 2, complex(0, -0.0), complex(np.nan, 0)], name)
    assert [t.numpy().tolist() for t in vt.nonzero(vt.asarray(z))] == [t.tolist() for t in np.nonzero(z)]
    with pytest.raises(TypeError, match="cumulative_sum"):
        vt.cumulative_sum(x, axis=1, dtype=vt.float32)


@pytest.mark.parametrize("name", COMPLEX)
@pytest.mark.parametrize("shape,axis", [((7,), 0), ((3, 300), 1), ((300, 3), 0), ((5000,), 0), ((70000,), 0),
                                        ((4, 2000), 1), ((2000, 5), 0)])
def test_complex_running_products(plan_kind, name, shape, axis):
    """Complex products in the scan kernels (every layout, both plans): values of modulus near 1 keep the products
    finite."""
    rng = np.random.default_rng(22)
    a = (rng.uniform(0.9, 1.1, shape) * np.exp(1j * rng.uniform(-0.01, 0.01, shape))).astype(name)
    got = vt.cumulative_prod(vt.asarray(a), axis=axis, include_initial=True)
    expected = np.cumprod(a.astype(np.complex128), axis=axis)
    expected = np.concatenate([np.ones_like(np.take(expected, [0], axis=axis)), expected], axis=axis)
    assert got.dtype == name
    tol = 1e-4 if name == "complex64" else 1e-11
    np.testing.assert_allclose(got.numpy(), expected, rtol=tol, atol=tol * np.abs(expected).max())


def test_long_scan_route_timed_once_per_size_class(monkeypatch, tmp_path):
    """A long scan's route (one pass with look-back, or three passes) is timed once per size class on the device and
    kept on disk; either route gives NumPy's sums, and a second scan of the class times nothing."""
    from vulkit.array.ops import tuning
    monkeypatch.setenv("VULKIT_AUTOTUNE", "1")
    monkeypatch.setenv("VULKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(scans, "PLAN_KIND", "gpu")
    monkeypatch.setattr(scans, "TUNE_FROM", 1 << 16)
    timed = []
    seconds = tuning._seconds
    monkeypatch.setattr(tuning, "_seconds", lambda ctx, work: timed.append(1) or seconds(ctx, work))
    tuning.forget()
    try:
        x = _values("float32", 70001, seed=5)
        assert_scan(vt.cumulative_sum(vt.asarray(x)), x, "sum", 0)
        assert len(timed) == 2
        (path,) = (tmp_path / "tuning").glob("scan-*.json")
        assert json.loads(path.read_text()) in ({"add:float32:1:131072": True}, {"add:float32:1:131072": False})
        y = _values("float32", 90001, seed=6)  # the same class: nothing timed
        assert_scan(vt.cumulative_sum(vt.asarray(y)), y, "sum", 0)
        small = _values("float32", 30001, seed=7)  # below TUNE_FROM: the built-in route, nothing timed
        assert_scan(vt.cumulative_sum(vt.asarray(small)), small, "sum", 0)
        assert len(timed) == 2
    finally:
        tuning.forget()
