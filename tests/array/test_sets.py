"""Set functions against NumPy: unique_values/counts/inverse/all (NumPy's stable np.unique with NaNs distinct) and
isin, over dtypes, sizes on both sides of the sort's tile, NaN, -0.0, shapes and scalars."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import ALL, sample

import vulkit as vt


def _values(dtype: str, n: int, seed: int = 0) -> np.ndarray:
    a = sample(dtype, n, -6, 6, seed=seed, special=n >= 11)
    if np.dtype(dtype).kind == "f":
        rng = np.random.default_rng(seed)
        a = np.round(a)
        a[rng.random(n) < 0.1] = -0.0
        a[rng.random(n) < 0.05] = np.nan
    return a


def _reference(a: np.ndarray) -> tuple[np.ndarray, ...]:
    """NumPy's unique with NaNs distinct and a stable sort (the first occurrence's zero)."""
    values, index, inverse, counts = np.unique(a.reshape(-1), return_index=True, return_inverse=True,
                                               return_counts=True, equal_nan=False)
    return values, index, inverse.reshape(a.shape), counts


def _check_all(a: np.ndarray, x: vt.Array | None = None) -> None:
    x = vt.asarray(a) if x is None else x
    values, index, inverse, counts = _reference(a)
    got = vt.unique_all(x)
    assert got.values.dtype == x.dtype and got.values.shape == values.shape
    assert got.values.numpy().tobytes() == values.tobytes()
    for result, expected in ((got.indices, index), (got.inverse_indices, inverse), (got.counts, counts)):
        assert result.dtype == vt.int64
        np.testing.assert_array_equal(result.numpy(), expected)
    assert vt.unique_values(x).numpy().tobytes() == values.tobytes()
    v, c = vt.unique_counts(x)
    assert v.numpy().tobytes() == values.tobytes()
    np.testing.assert_array_equal(c.numpy(), counts)
    v, i = vt.unique_inverse(x)
    assert v.numpy().tobytes() == values.tobytes() and i.shape == a.shape
    np.testing.assert_array_equal(i.numpy(), inverse)


@pytest.mark.parametrize("n", [1, 2, 37, 1025, 9000])
@pytest.mark.parametrize("dtype", ALL)
def test_unique_every_dtype(dtype, n):
    _check_all(_values(dtype, n, seed=n))


def test_unique_floats_nan_and_zeros():
    a = np.array([0.0, np.nan, -0.0, 1.0, np.nan, np.inf, -np.inf, 0.0, 1.0, -np.nan], np.float32)
    _check_all(a)
    got = vt.unique_all(vt.asarray(a))
    assert np.isnan(got.values.numpy()).sum() == 3 and got.counts.numpy()[-3:].tolist() == [1, 1, 1]
    assert not np.signbit(got.values.numpy()[1])  # the zeros' value is their first occurrence's: 0.0
    _check_all(np.array([-0.0, 0.0], np.float32))
    assert np.signbit(vt.unique_values(vt.asarray(np.array([-0.0, 0.0], np.float32))).numpy()[0])


def test_unique_shapes_and_views():
    a = np.random.default_rng(1).integers(0, 9, (6, 7, 5)).astype(np.int16)
    _check_all(a)
    x = vt.asarray(a)
    _check_all(a[::2, :, ::-1], x[::2, :, ::-1])
    _check_all(a.T, x.T)
    flat = np.arange(40.0, dtype=np.float32) % 7  # 1-d strided views (they reshape to themselves, no copy)
    _check_all(flat[::3], vt.asarray(flat)[::3])
    _check_all(flat[::-2], vt.asarray(flat)[::-2])
    _check_all(np.array(3, np.int32))  # 0-d: one value, inverse of shape ()
    got = vt.unique_all(vt.asarray(np.zeros((0, 3), np.float32)))
    assert got.values.shape == (0,) and got.counts.shape == (0,) and got.inverse_indices.shape == (0, 3)


@pytest.mark.parametrize("n", [1, 37, 3000])
@pytest.mark.parametrize("dtype", [d for d in ("complex64", "complex128") if d in vt.__array_namespace_info__().dtypes()
                                   ])
def test_unique_complex(dtype, n):
    """NumPy's order (real, then imaginary part, NaN parts last), each value with a NaN part distinct, -0.0 equal
    to 0.0 in either part."""
    rng = np.random.default_rng(n)
    a = (rng.integers(-2, 2, n) + 1j * rng.integers(-2, 2, n)).astype(dtype)
    for value in (complex(np.nan, 1), complex(1, np.nan), complex(np.nan, np.nan), complex(-0.0, 0.0)):
        a[rng.random(n) < 0.1] = value
    _check_all(a)


def test_unique_all_equal_and_all_distinct():
    _check_all(np.full(5000, 7, np.int64))
    _check_all(np.random.default_rng(2).permutation(5000).astype(np.int32))


@pytest.mark.parametrize("dtype", ALL)
def test_isin(dtype):
    a = _values(dtype, 300, seed=3).reshape(20, 15)
    b = _values(dtype, 7, seed=4)
    for invert in (False, True):
        got = vt.isin(vt.asarray(a), vt.asarray(b), invert=invert)
        assert got.dtype == vt.bool and got.shape == a.shape
        np.testing.assert_array_equal(got.numpy(), np.isin(a, b, invert=invert))


def test_isin_nan_zeros_scalars_and_mixed_dtypes():
    a = np.array([np.nan, 0.0, -0.0, 1.0, 2.0], np.float32)
    b = np.array([np.nan, -0.0, 2.0], np.float32)
    np.testing.assert_array_equal(vt.isin(vt.asarray(a), vt.asarray(b)).numpy(), np.isin(a, b))
    x = vt.asarray(np.arange(10, dtype=np.int8).reshape(2, 5))
    np.testing.assert_array_equal(vt.isin(x, 3).numpy(), np.isin(np.arange(10).reshape(2, 5), 3))
    got = vt.isin(4, x)
    assert got.shape == () and bool(got)
    assert not bool(vt.isin(11, x)) and bool(vt.isin(11, x, invert=True))
    wide = vt.asarray(np.array([300, 4, -1], np.int64))
    np.testing.assert_array_equal(vt.isin(x, wide).numpy(), np.isin(np.arange(10).reshape(2, 5), [300, 4, -1]))
    empty = vt.asarray(np.zeros(0, np.int8))
    assert not vt.isin(x, empty).numpy().any() and vt.isin(x, empty, invert=True).numpy().all()
    assert vt.isin(empty, x).shape == (0,)


@pytest.mark.parametrize("dtype", [d for d in ("complex64", "complex128")
                                   if d in vt.__array_namespace_info__().dtypes()])
def test_isin_complex(dtype):
    """Complex numbers by value (through the unique values of both): NaN parts in nothing, -0.0 is 0.0, repeats,
    a real operand promoted, a strided view, invert, empty operands."""
    rng = np.random.default_rng(6)
    a = (rng.integers(-2, 3, (7, 9)) + 1j * rng.integers(-1, 2, (7, 9))).astype(dtype)
    a[0, :4] = [complex(np.nan, 1), complex(1, np.nan), complex(-0.0, 0.0), complex(0.0, -0.0)]
    b = np.array([1 + 1j, 0j, complex(np.nan, 1), -2 - 1j, 1 + 1j, 2], dtype=dtype)
    for invert in (False, True):
        got = vt.isin(vt.asarray(a), vt.asarray(b), invert=invert)
        assert got.dtype == vt.bool and got.shape == a.shape
        np.testing.assert_array_equal(got.numpy(), np.isin(a, b, invert=invert))
    np.testing.assert_array_equal(vt.isin(vt.asarray(a)[:, ::2], vt.asarray(b)).numpy(), np.isin(a[:, ::2], b))
    real = np.array([2.0, 1.0, 0.0], np.float32)
    np.testing.assert_array_equal(vt.isin(vt.asarray(real), vt.asarray(b)).numpy(), np.isin(real, b))
    assert vt.isin(vt.asarray(a[:0]), vt.asarray(b)).shape == (0, 9)
    assert vt.isin(vt.asarray(a), vt.asarray(b[:0]), invert=True).numpy().all()


def test_errors_name_the_function():
    with pytest.raises(TypeError, match="unique_values"):
        vt.unique_values(np.zeros(3))
    with pytest.raises(TypeError, match="isin"):
        vt.isin(1, 2)


@pytest.mark.slow
def test_unique_large_int64():
    a = np.random.default_rng(5).integers(-(1 << 40), 1 << 40, (1 << 18) + 3)  # sorted: eight passes
    a[::7] = 12345
    _check_all(a)
    b = np.random.default_rng(6).integers(0, 1000, (1 << 18) + 5)  # counted: many blocks still
    _check_all(b)


@pytest.mark.parametrize("dtype", [d for d in ALL if np.dtype(d).kind in "biu"])
def test_unique_by_counting(monkeypatch, dtype):
    """Integer arrays counted instead of sorted (every length here): spans up to the length (counted) and one more
    (sorted), a single value, values at the ends of the dtype's range, a strided view."""
    from vulkit.array.ops import sets

    monkeypatch.setattr(sets, "DENSE_MIN_SIZE", 0)
    counted = []
    original = sets._counted
    monkeypatch.setattr(sets, "_counted", lambda *args: counted.append(original(*args)) or counted[-1])
    info = np.iinfo(dtype) if np.dtype(dtype).kind != "b" else None
    rng = np.random.default_rng(7)
    n = 300
    low = 0 if info is None else int(info.min)
    high = 1 if info is None else int(info.max)
    for span in (1, 2, n, n + 1):
        for start in (low, high - min(span, high - low + 1) + 1):
            top = min(start + span, high + 1)
            a = rng.integers(start, top, n, dtype=np.uint64 if dtype == "uint64" else np.int64).astype(dtype)
            a[0], a[-1] = start, top - 1
            _check_all(a.reshape(20, 15))
    a = rng.integers(0, 40, (30, 20)).astype(dtype)
    _check_all(a[:, ::3], vt.asarray(a)[:, ::3])
    assert any(found is not None for found in counted)
    assert any(found is None for found in counted) == (high - low + 1 > n)  # sorted where a span exceeds n
