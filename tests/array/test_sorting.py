"""Sorting and searching against NumPy: sort, argsort, topk, searchsorted, median, quantile over dtypes, sizes on
both sides of the workgroup tile (one-dispatch row sort) and the global radix sort, axes, layouts, NaN, inf,
-0.0, ties and all-equal keys."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from array_helpers import ALL, FLOATS, INTS, sample
from numpy.exceptions import AxisError

import vulkit as vt
from vulkit.array.kernels import sort_glsl
from vulkit.runtime import context

# Rows of at most a tile are sorted in one workgroup; longer ones by the radix sort. 37 is a tile sort on every
# device, 9000 a radix sort on every device (the largest tile is 4096).
SHORT, LONG = 37, 9000
# sizes around the subgroup, workgroup and tile sizes of lavapipe (tile 1024) and NVIDIA/AMD (4096)
BOUNDARIES = [1, 2, 7, 8, 9, 31, 32, 33, 255, 256, 257, 1023, 1024, 1025, 2048, 4095, 4096, 4097, 8193]
FAST_LONG = ["bool", "int8", "uint16", "int32", "uint64", "float16", "float32"]


def _values(dtype: str, n: int, seed: int = 0, low: int = -4, high: int = 4) -> np.ndarray:
    """Values with many ties (and IEEE specials first for floats, -0.0 among the zeros)."""
    a = sample(dtype, n, low, high, seed=seed, special=n >= 11)
    if np.dtype(dtype).kind == "f":
        rng = np.random.default_rng(seed)
        a = np.round(a)
        a[rng.random(n) < 0.1] = -0.0
        a[rng.random(n) < 0.05] = np.nan
    return a


def _reference_argsort(a: np.ndarray, axis: int = -1, descending: bool = False) -> np.ndarray:
    """NumPy's stable argsort; descending as the array API's reference does it (ties in input order)."""
    if not descending:
        return np.argsort(a, axis=axis, kind="stable")
    flipped = np.flip(np.argsort(np.flip(a, axis=axis), axis=axis, kind="stable"), axis=axis)
    return a.shape[axis] - 1 - flipped


def _check(a: np.ndarray, x: vt.Array | None = None, axis: int = -1, descending: bool = False) -> None:
    """sort and argsort of ``x`` (default: a on the device) match NumPy's stable order bit for bit."""
    x = vt.asarray(a) if x is None else x
    order = _reference_argsort(a, axis, descending)
    got_order = vt.argsort(x, axis=axis, descending=descending)
    assert got_order.dtype == vt.int64 and got_order.shape == a.shape
    np.testing.assert_array_equal(got_order.numpy(), order)
    got = vt.sort(x, axis=axis, descending=descending)
    assert got.dtype == x.dtype and got.shape == a.shape
    expected = np.take_along_axis(a, order, axis=axis)
    assert got.numpy().tobytes() == np.ascontiguousarray(expected).tobytes()  # -0.0 and NaN bits as they were


@pytest.mark.parametrize("dtype", ALL)
def test_sort_every_dtype_in_a_tile(dtype):
    _check(_values(dtype, SHORT))


@pytest.mark.parametrize("dtype", FAST_LONG)
def test_sort_radix_dtypes(dtype):
    _check(_values(dtype, LONG, seed=1))


@pytest.mark.parametrize("dtype", INTS)
def test_sort_full_integer_range(dtype):
    info = np.iinfo(dtype)
    a = np.random.default_rng(2).integers(info.min, info.max, LONG, dtype=dtype, endpoint=True)
    a[:4] = [info.min, info.max, 0, info.min]
    _check(a)


@pytest.mark.parametrize("n", [SHORT, LONG])
@pytest.mark.parametrize("dtype", ["float32", "int16"])
def test_descending(dtype, n):
    _check(_values(dtype, n, seed=3), descending=True)


@pytest.mark.parametrize("n", [12, 5000])
@pytest.mark.parametrize("dtype", FLOATS)
def test_float_specials(dtype, n):
    """NaN last (first descending), -inf < -1 < -0.0 == 0.0 < inf, equal zeros in input order, NaN payloads and
    signs kept."""
    specials = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1.0, -1.0, -0.0, 0.0, np.nan], dtype=dtype)
    a = np.random.default_rng(4).choice(specials, n)
    bits = a.view(f"u{a.itemsize}")
    bits[3] = np.array([-np.nan], dtype).view(bits.dtype)[0] | 1  # a negative NaN with a payload
    a[5] = -np.nan
    for descending in (False, True):
        _check(a, descending=descending)


@pytest.mark.parametrize("shape", [(3, 5003), (1, 70001)])
@pytest.mark.parametrize("dtype", FLOATS)
def test_lost_float_values_written_back(dtype, shape):
    """Radix sorts without indices whose keys lose -0.0's sign and NaN payloads: the input's zeros and NaNs go over
    the sorted runs in input order, each row on its own (zero runs across many tiles, payloads and signed NaNs,
    both directions)."""
    rng = np.random.default_rng(7)
    a = rng.standard_normal(shape).astype(dtype)
    a[rng.random(shape) < 0.3] = -0.0
    a[rng.random(shape) < 0.1] = 0.0
    bits = a.view(f"u{a.itemsize}")
    nan = np.array([np.nan], dtype).view(bits.dtype)[0]
    sign = np.array([-0.0], dtype).view(bits.dtype)[0]
    chosen = rng.random(shape) < 0.05
    signs = np.where(rng.random(shape) < 0.5, sign, 0).astype(bits.dtype)
    payloads = rng.integers(0, 8, shape).astype(bits.dtype) | signs
    bits[chosen] = (nan | payloads)[chosen]
    for descending in (False, True):
        _check(a, descending=descending)


def _exact_keys(a: np.ndarray) -> np.ndarray:
    """The total order of float bit patterns that ``sort(stable=False)``'s radix sort follows: -inf ... -0.0, +0.0
    ... +inf, then positive NaNs, then negative ones, each class by its bits (as unsigned integers)."""
    bits = a.view(f"u{a.itemsize}").astype(np.uint64)
    width = 8 * a.itemsize
    top, full = np.uint64(1 << (width - 1)), np.uint64((1 << width) - 1)
    infinity = np.asarray(np.inf, a.dtype).view(f"u{a.itemsize}").astype(np.uint64)
    payloads = top - np.uint64(1) - infinity
    negative = (bits & top) != 0
    nan = (bits & (top - np.uint64(1))) > infinity
    return np.where(~negative, bits + infinity + np.uint64(1),
                    np.where(nan, bits, (~bits & full) - payloads))


@pytest.mark.parametrize("shape", [(3, 5003), (1, 70001), (4, SHORT)])
@pytest.mark.parametrize("dtype", FLOATS)
def test_sort_stable_false_keeps_every_bit(dtype, shape):
    """``stable=False`` (and NumPy's kind "quicksort"): NumPy's sorted values, every input bit pattern kept in each
    row, and in rows longer than a tile (the radix sort, whose keys then keep every bit and no fix-up runs) the bits in
    the total order: -0.0 before 0.0, NaNs by their bits; short rows keep the stable order."""
    rng = np.random.default_rng(11)
    a = rng.standard_normal(shape).astype(dtype)
    a[rng.random(shape) < 0.2] = -0.0
    a[rng.random(shape) < 0.1] = 0.0
    a[rng.random(shape) < 0.02] = np.inf
    a[rng.random(shape) < 0.02] = -np.inf
    bits = a.view(f"u{a.itemsize}")
    nan = np.array([np.nan], dtype).view(bits.dtype)[0]
    sign = np.array([-0.0], dtype).view(bits.dtype)[0]
    chosen = rng.random(shape) < 0.05
    signs = np.where(rng.random(shape) < 0.5, sign, 0).astype(bits.dtype)
    bits[chosen] = (nan | rng.integers(0, 8, shape).astype(bits.dtype) | signs)[chosen]
    x = vt.asarray(a)
    long = shape[-1] > sort_glsl.geometry(x._ctx, 8 if a.itemsize == 8 else 4).tile
    for descending in (False, True):
        got = vt.sort(x, stable=False, descending=descending).numpy()
        expected = np.sort(a, axis=-1)
        np.testing.assert_array_equal(got, np.flip(expected, axis=-1) if descending else expected)
        got_bits = got.view(bits.dtype)
        np.testing.assert_array_equal(np.sort(got_bits, axis=-1), np.sort(bits, axis=-1))
        if long:
            keys = _exact_keys(got)
            before, after = (keys[..., 1:], keys[..., :-1]) if descending else (keys[..., :-1], keys[..., 1:])
            assert np.all(before <= after)
        else:
            stable = vt.sort(x, descending=descending).numpy()
            assert got.tobytes() == stable.tobytes()
    quick = vt.sort(x, kind="quicksort").numpy()
    assert quick.tobytes() == vt.sort(x, stable=False).numpy().tobytes()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_lost_zero_and_payload_among_many_tiles(dtype):
    """One -0.0 and one NaN payload in a long row: the tiles holding neither are left as the passes wrote them."""
    a = np.random.default_rng(8).standard_normal(50000).astype(dtype)
    a[[7, 31337, 49999]] = [0.0, -0.0, 0.0]
    bits = a.view(f"u{a.itemsize}")
    bits[40000] = np.array([np.nan], dtype).view(bits.dtype)[0] | 5
    for descending in (False, True):
        _check(a, descending=descending)


@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_ties_and_all_equal_around_boundaries(dtype):
    """argsort of many equal keys is NumPy's stable argsort (the identity for all-equal keys)."""
    for n in BOUNDARIES:
        a = np.random.default_rng(n).integers(0, 3, n).astype(dtype)
        np.testing.assert_array_equal(vt.argsort(vt.asarray(a)).numpy(), np.argsort(a, kind="stable"))
        same = np.full(n, 7, dtype)
        np.testing.assert_array_equal(vt.argsort(vt.asarray(same)).numpy(), np.arange(n))
        np.testing.assert_array_equal(vt.sort(vt.asarray(a)).numpy(), np.sort(a))


@pytest.mark.parametrize("shape", [(3, 5), (5, 1100), (1100, 5), (2, 3, 4), (1000, 3), (3, 300, 2), (4, 1, 2)])
def test_axes(shape):
    a = np.random.default_rng(5).integers(-3, 3, shape).astype(np.float32)
    for axis in range(-len(shape), len(shape)):
        _check(a, axis=axis)
    _check(a, axis=0, descending=True)


def test_rows_longer_than_a_tile():
    """Rows sorted by the radix sort of (row, key): many rows of more than a tile, and rows of 2^16 + 1."""
    _check(np.random.default_rng(6).integers(-50, 50, (260, 4500)).astype(np.int16))
    _check(np.random.default_rng(7).standard_normal((2, 65537)).astype(np.float32), axis=-1)


def test_non_contiguous_inputs():
    a = np.random.default_rng(8).integers(-9, 9, (40, 50)).astype(np.int32)
    x = vt.asarray(a)
    for view, expected in [(x[::2, ::-3], a[::2, ::-3]), (x.T, a.T), (x[:, 7], a[:, 7]), (x[5:, ::-1], a[5:, ::-1])]:
        for axis in range(-expected.ndim, expected.ndim):
            _check(expected, view, axis=axis)


def test_empty_one_element_and_0d():
    for shape, axis in [((0,), 0), ((3, 0), 1), ((3, 0), 0), ((0, 4), 1), ((1,), 0), ((5, 1), 1)]:
        a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
        _check(a, axis=axis)
    for f in (vt.sort, vt.argsort):
        with pytest.raises(AxisError, match=f.__name__):
            f(vt.asarray(np.float32(1)))


def test_errors_name_the_function():
    x = vt.asarray(np.zeros((2, 3), np.float32))
    with pytest.raises(AxisError, match="sort: axis 2"):
        vt.sort(x, axis=2)
    with pytest.raises(AxisError, match="argsort: axis -3"):
        vt.argsort(x, axis=-3)
    with pytest.raises(TypeError, match="sort: expected a vulkit array"):
        vt.sort(np.zeros(3))
    with pytest.raises(ValueError, match="topk: k = 4"):
        vt.topk(x, 4)
    with pytest.raises(ValueError, match="searchsorted: x1 must be 1-dimensional"):
        vt.searchsorted(x, x)
    with pytest.raises(ValueError, match="searchsorted: side"):
        vt.searchsorted(x[0], x, side="middle")
    with pytest.raises(ValueError, match="quantile: quantiles must be in the range"):
        vt.quantile(x, 1.5)
    with pytest.raises(ValueError, match="quantile: method"):
        vt.quantile(x, 0.5, method="cubic")
    with pytest.raises(ValueError, match="median: repeated axis"):
        vt.median(x, axis=(0, 0))


def test_methods_and_stable_false():
    a = np.array([[3, 1, 2], [0, 5, 4]], np.int64)
    x = vt.asarray(a)
    np.testing.assert_array_equal(x.argsort(0).numpy(), np.argsort(a, 0, kind="stable"))
    np.testing.assert_array_equal(vt.argsort(x, stable=False).numpy(), np.argsort(a, kind="stable"))


COMPLEX = [name for name in ("complex64", "complex128") if name in vt.__array_namespace_info__().dtypes()]


def _complex_values(dtype: str, n: int, seed: int = 0) -> np.ndarray:
    """Complex numbers with ties, signed zeros and NaN in either part or both."""
    rng = np.random.default_rng(seed)
    a = (rng.integers(-2, 2, n) + 1j * rng.integers(-2, 2, n)).astype(dtype)
    for value, share in ((complex(np.nan, 1), 0.1), (complex(1, np.nan), 0.1), (complex(np.nan, np.nan), 0.05),
                         (complex(-0.0, 0.0), 0.1), (complex(0.0, -0.0), 0.1)):
        a[rng.random(n) < share] = value
    return a


@pytest.mark.parametrize("n", [SHORT, LONG])
@pytest.mark.parametrize("dtype", COMPLEX)
def test_complex_sort_as_numpy(dtype, n):
    """By real part, then imaginary part; R + nan j, nan + R j, nan + nan j last (NumPy's order)."""
    a = _complex_values(dtype, n, seed=n)
    _check(a)
    _check(a, descending=True)
    _check(a[: n // 2 * 2].reshape(2, -1), axis=0)


def test_buffer_addresses(buffer_addresses):
    """The kernels that reach arrays through buffer addresses (arrays past maxStorageBufferRange) agree."""
    _check(_values("float32", SHORT, seed=9))
    _check(_values("int64", LONG, seed=9))
    a = _values("float32", LONG, seed=10)
    expected = np.unique(a, return_index=True, equal_nan=False)[0]  # a stable sort: the first zero
    assert vt.unique_values(vt.asarray(a)).numpy().tobytes() == expected.tobytes()
    assert vt.searchsorted(vt.asarray(np.sort(a)), vt.asarray(a)).numpy().tolist() == \
        np.searchsorted(np.sort(a), a).tolist()


def test_geometry_fits_the_device():
    ctx = context.current()
    shared = ctx.device.limits["max_compute_shared_memory_size"]
    for key_bytes in (4, 8):
        g = sort_glsl.geometry(ctx, key_bytes)
        assert g.wg % ctx.device.physical.max_subgroup_size == 0
        assert g.nsg * 1024 + 2048 + g.tile * (key_bytes + 4) <= shared


# -- topk ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "int8", "uint64"])
def test_topk(dtype):
    a = _values(dtype, 6 * 50, seed=11).reshape(6, 50)
    x = vt.asarray(a)
    for axis in (-1, 0):
        for largest in (True, False):
            for k in (0, 1, 5, a.shape[axis]):
                values, indices = vt.topk(x, k, axis=axis, largest=largest)
                order = np.take(_reference_argsort(a, axis, largest), np.arange(k), axis=axis)
                np.testing.assert_array_equal(indices.numpy(), order)
                assert values.numpy().tobytes() == np.take_along_axis(a, order, axis).tobytes()
    values, indices = vt.topk(vt.asarray(np.float32(3)), 1)
    assert values.shape == () and float(values) == 3 and int(indices) == 0


@pytest.mark.parametrize("dtype", ["float32", "int16", "uint64", "bool", "int8", "float16", "float64"])
def test_topk_of_long_rows(dtype):
    """Rows longer than a shared-memory tile: the k best by radix select, then sorted (values, indices and ties in
    input order as the full sort gives them; NaN, infinities and -0.0 among the floats), with rows of one and of
    several selection tiles, k up to a quarter of the row (beyond it topk sorts the whole row)."""
    from vulkit.array.kernels import select
    from vulkit.array.ops import sorting

    if dtype not in ALL:
        pytest.skip(f"no {dtype} on this device")
    tile = sorting._tile_of(vt.ones(1, dtype=getattr(vt, dtype)))
    for n in (3 * tile + 5, 2 * select.TILE + 3):
        a = _values(dtype, 2 * n, seed=15, low=-3, high=3).reshape(2, n)  # many ties
        if dtype in ("float32", "float64"):
            a[:, ::97], a[:, 5::101], a[:, 9::103] = np.nan, np.inf, -0.0
        _check_topk(a, (1, 5, tile // 4, n // 4, n // 4 + 1))


def test_topk_of_equal_keys():
    """Rows of one repeated key (and of NaN only) through the selection: the first k in input order."""
    for a in (np.full((2, LONG), 7, np.int32), np.full((1, LONG), np.nan, np.float32)):
        _check_topk(a, (1, 6, LONG // 4))


def _check_topk(a: np.ndarray, ks: tuple[int, ...]) -> None:
    for axis, data in ((-1, a), (0, np.ascontiguousarray(a.T))):
        for largest in (True, False):
            for k in ks:
                values, indices = vt.topk(vt.asarray(data), k, axis=axis, largest=largest)
                order = np.take(_reference_argsort(data, axis, largest), np.arange(k), axis=axis)
                np.testing.assert_array_equal(indices.numpy(), order)
                assert values.numpy().tobytes() == np.take_along_axis(data, order, axis).tobytes()


# -- searchsorted ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["int8", "uint32", "int64", "float16", "float32", "float64"])
def test_searchsorted(dtype):
    if dtype not in ALL:
        pytest.skip(f"no {dtype} on this device")
    a = np.sort(_values(dtype, 300, seed=12, low=-20, high=20))
    v = _values(dtype, 77, seed=13, low=-25, high=25).reshape(7, 11)
    for side in ("left", "right"):
        got = vt.searchsorted(vt.asarray(a), vt.asarray(v), side=side)
        assert got.dtype == vt.int64 and got.shape == v.shape
        np.testing.assert_array_equal(got.numpy(), np.searchsorted(a, v, side=side))
        shuffled = np.random.default_rng(14).permutation(a)
        sorter = np.argsort(shuffled, kind="stable")
        got = vt.searchsorted(vt.asarray(shuffled), vt.asarray(v), side=side, sorter=vt.asarray(sorter))
        np.testing.assert_array_equal(got.numpy(), np.searchsorted(shuffled, v, side=side, sorter=sorter))


@pytest.mark.parametrize("bad", [-1, 5, 2 ** 31 - 1])
def test_searchsorted_checks_sorter_indices(bad):
    """Out-of-range sorter indices raise as NumPy's do."""
    x = np.array([3.0, 1.0, 2.0, 5.0, 4.0], np.float32)
    sorter = np.argsort(x).astype(np.int64)
    sorter[2] = bad
    with pytest.raises(ValueError, match="(?i)sorter index out of range"):
        np.searchsorted(x, [2.5], sorter=sorter)
    with pytest.raises(ValueError, match="searchsorted: sorter index out of range"):
        vt.searchsorted(vt.asarray(x), vt.asarray([2.5], dtype=vt.float32), sorter=vt.asarray(sorter))


def test_searchsorted_scalars_empty_and_promotion():
    a = np.array([1, 3, 3, 7], np.int32)
    x = vt.asarray(a)
    got = vt.searchsorted(x, 3)
    assert got.shape == () and int(got) == 1
    assert int(vt.searchsorted(x, 3, side="right")) == 3
    assert int(vt.searchsorted(x, 2.5)) == np.searchsorted(a, 2.5)  # int32 and a Python float: float64
    empty = vt.searchsorted(vt.asarray(np.zeros(0, np.float32)), vt.asarray(np.ones(3, np.float32)))
    np.testing.assert_array_equal(empty.numpy(), [0, 0, 0])
    assert vt.searchsorted(x, vt.asarray(np.zeros(0, np.int32))).shape == (0,)


# -- median, quantile ------------------------------------------------------------------------------------------
def _same(got: vt.Array, expected: np.ndarray) -> None:
    expected = np.asarray(expected)
    result = got.numpy()
    assert result.shape == expected.shape
    if not (expected.ndim == 0 and np.isnan(expected)):  # NumPy's 0-d NaN takes the input's dtype
        assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    np.testing.assert_array_equal(result, expected)


@pytest.mark.parametrize("dtype", ["float32", "float16", "int8", "uint16", "bool"])
def test_median(dtype):
    a = _values(dtype, 60, seed=15).reshape(3, 4, 5) if dtype != "bool" else _values(dtype, 60).reshape(3, 4, 5)
    x = vt.asarray(a)
    for axis in (None, 0, -1, (0, 2)):
        for keepdims in (False, True):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                _same(vt.median(x, axis=axis, keepdims=keepdims), np.median(a, axis=axis, keepdims=keepdims))
    _same(vt.median(vt.asarray(a[:, :, :4]), axis=2), np.median(a[:, :, :4], axis=2))


@pytest.mark.parametrize("method", ["linear", "lower", "higher", "midpoint", "nearest"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int16"])
def test_quantile(dtype, method):
    if dtype not in ALL:
        pytest.skip(f"no {dtype} on this device")
    a = _values(dtype, 42, seed=16, low=-100, high=100).reshape(6, 7)
    a.reshape(-1)[3] = np.inf if a.dtype.kind == "f" else a.reshape(-1)[3]
    x = vt.asarray(a)
    for q in (0.3, 0, 1, 0.5, [0.1, 0.75, 1.0], np.float32(0.4)):
        for axis in (None, 0, 1):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                expected = np.quantile(a, q, axis=axis, method=method, keepdims=axis == 1)
            _same(vt.quantile(x, q, axis=axis, method=method, keepdims=axis == 1), expected)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_nanmedian_and_nanquantile(dtype):
    """The median and quantiles of the non-NaN elements; NaN for slices of NaNs only (not the first slice:
    NumPy's result then takes the input's dtype)."""
    if dtype not in ALL:
        pytest.skip(f"no {dtype} on this device")
    rng = np.random.default_rng(20)
    a = rng.integers(-100, 100, (4, 3, 5)).astype(dtype)
    a.reshape(-1)[rng.random(a.size) < 0.3] = np.nan
    a[-1, -1] = np.nan
    x = vt.asarray(a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for axis in (None, -1, (0, 2)) if dtype != "float16" else (None,):
            _same(vt.nanmedian(x, axis=axis), np.nanmedian(a, axis=axis))
        for axis in (None, 0, 2):
            for q in (0.3, 1, [0.1, 0.75], np.float32(0.4)):
                for method in ("linear", "lower", "higher", "midpoint", "nearest"):
                    expected = np.nanquantile(a, q, axis=axis, method=method, keepdims=axis == 2)
                    _same(vt.nanquantile(x, q, axis=axis, method=method, keepdims=axis == 2), expected)
    ints = np.arange(12, dtype=np.int32).reshape(3, 4)
    _same(vt.nanmedian(vt.asarray(ints), axis=1), np.nanmedian(ints, axis=1))
    _same(vt.nanquantile(vt.asarray(ints), 0.3, axis=0), np.nanquantile(ints, 0.3, axis=0))


# -- large ---------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_argsort_2_24_plus_1():
    """2^24 + 1 elements: float16 keys (two radix passes, many ties), the size's concerns (indices past float32's
    integers carried between passes, the grid) at a third of float32's time on lavapipe; sort's own modes (keys
    alone, keys restored through their indices) and every pass of wider keys are tested at smaller sizes."""
    a = np.random.default_rng(17).standard_normal((1 << 24) + 1).astype(np.float16)
    a[::1000] = 0.5
    np.testing.assert_array_equal(vt.argsort(vt.asarray(a)).numpy(), np.argsort(a, kind="stable"))


@pytest.mark.slow
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("dtype", ALL)
def test_sort_radix_every_dtype_both_orders(dtype, descending):
    for n in (LONG, 70001):
        _check(_values(dtype, n, seed=18), descending=descending)
        _check(_values(dtype, 4 * 3001, seed=19).reshape(4, 3001), axis=-1, descending=descending)


@pytest.mark.slow
@pytest.mark.parametrize("dtype", ALL)
def test_sort_boundaries_every_dtype(dtype):
    for n in BOUNDARIES:
        _check(_values(dtype, n, seed=n))


def test_sort_method_sorts_in_place_as_numpy():
    """``x.sort()`` sorts x itself and returns None (NumPy's method); views write through to their base."""
    a = np.array([[3.0, 1, 2], [9, -1, 5]])
    for axis, view in [(-1, False), (0, False), (1, True)]:
        x = vt.asarray(a)
        target = x.T if view else x
        expected = a.copy()
        (expected.T if view else expected).sort(axis=axis)
        assert target.sort(axis) is None
        np.testing.assert_array_equal(x.numpy(), expected)
    with pytest.raises(TypeError):
        vt.asarray(a).sort(0, 1)


def test_numpy_sort_kind_and_flattening():
    """NumPy's ``kind`` (read by its first letter; every sort is stable) and ``axis=None`` (the flattened array)."""
    a = np.array([[3.0, 1.0, 2.0], [0.5, -1.0, 1.0]])
    x = vt.asarray(a)
    for kind in (None, "quicksort", "mergesort", "heapsort", "stable", "q", "S"):
        np.testing.assert_array_equal(vt.sort(x, kind=kind).numpy(), np.sort(a, kind=kind))
        np.testing.assert_array_equal(vt.argsort(x, axis=None, kind=kind).numpy(), np.argsort(a, axis=None,
                                                                                            kind="stable"))
    np.testing.assert_array_equal(vt.sort(x, axis=None).numpy(), np.sort(a, axis=None))
    np.testing.assert_array_equal(vt.sort(vt.asarray(2.5), axis=None).numpy(), np.sort(np.float64(2.5), axis=None))
    for name in ("sort", "argsort"):
        with pytest.raises(ValueError, match=f"{name}: sort kind must be one of"):
            getattr(vt, name)(x, kind="bogus")


def test_sorts_of_layouts_seen_before():
    """A sort of rows within a tile replays the dispatch kept for its layout: new values, other buffers at the same
    offset, values only, indices only, both (unique's counts), and the other order each give NumPy's results."""
    rng = np.random.default_rng(41)
    for _ in range(3):
        host = rng.standard_normal((2, 9, 37)).astype(np.float32)
        x = vt.asarray(host)[1]  # a view at the same offset of a new buffer each round
        np.testing.assert_array_equal(vt.sort(x).numpy(), np.sort(host[1], axis=-1))
        np.testing.assert_array_equal(vt.argsort(x, stable=True).numpy(), np.argsort(host[1], axis=-1, kind="stable"))
        np.testing.assert_array_equal(vt.sort(x, descending=True).numpy(), -np.sort(-host[1], axis=-1))
        np.testing.assert_array_equal(vt.sort(x, axis=0).numpy(), np.sort(host[1], axis=0))
    assert any(isinstance(key, tuple) and key[:1] == ("tile sort",) for key in x._ctx.plans)  # kept, then replayed
