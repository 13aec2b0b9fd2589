"""Reductions against NumPy: every function over dtypes, shapes, axes, layouts and special values."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.special
from array_helpers import FLOATS, INTS, assert_matches, sample

import vulkit as vt

HAS64 = "float64" in FLOATS
# (shape, axis) pairs: 0-d, one element, odd and prime sizes, sizes around the subgroup and workgroup sizes, rows
# long enough to be cut into chunks, columns, several and non-adjacent axes
SHAPES = [
    ((), None), ((1,), None), ((7,), 0), ((8,), None), ((33,), -1), ((255,), None), ((257,), 0), ((1031,), None),
    ((4099,), None), ((70001,), None), ((3, 5), 1), ((3, 5), 0), ((2, 3, 4), (0, 2)), ((2, 3, 4), (1, 2)),
    ((64, 65), 1), ((65, 64), 0), ((5, 1, 7), 1), ((4, 9000), 1), ((9000, 3), 0), ((2, 5000, 3), 1),
    ((3, 4, 5, 6), (1, 3)), ((3, 4, 5), ()), ((1000, 2), 1), ((5000, 8), 0), ((300, 64), 0), ((3000, 5), 1),
    ((700, 1024), 1),
]
FLOAT_FUNCTIONS = ["sum", "mean", "var", "std", "max", "min", "prod", "nansum", "nanmean", "nanmax", "nanmin",
                   "logsumexp"]


def _reference(name: str, a: np.ndarray, axis, **kw) -> np.ndarray:
    if name == "logsumexp":
        wide = a.astype(np.float64)
        return np.asarray(scipy.special.logsumexp(wide, axis=axis, keepdims=kw.get("keepdims", False)))
    return np.asarray(getattr(np, name)(a, axis=axis, **kw))


def _float_values(dtype: str, shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    return sample(dtype, int(np.prod(shape)), low=0.5, high=1.5, seed=seed, special=False).reshape(shape)


def _check_float(name: str, got: vt.Array, a: np.ndarray, axis, keepdims: bool = False) -> None:
    """Float results against NumPy computing in float64 (more accurate than NumPy in a's type along axis 0,
    which NumPy sums one row after another), rounded to a's type."""
    expected = _reference(name, a.astype(np.float64), axis, keepdims=keepdims).astype(a.dtype)
    tol = {"float16": 4e-3, "float32": 3e-6, "float64": 1e-13}[a.dtype.name]
    if name == "prod":
        tol *= 8
    assert_matches(got, expected, rtol=tol)


@pytest.mark.parametrize("name", FLOAT_FUNCTIONS)
@pytest.mark.parametrize("shape,axis", SHAPES)
def test_float_reductions_match_numpy(name, shape, axis):
    a = _float_values("float32", shape)
    x = vt.asarray(a)
    _check_float(name, getattr(vt, name)(x, axis=axis), a, axis)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", FLOAT_FUNCTIONS)
def test_float_dtypes_keepdims_and_methods(dtype, name):
    a = _float_values(dtype, (6, 7, 5), seed=1)
    x = vt.asarray(a)
    _check_float(name, getattr(vt, name)(x, axis=(0, 2), keepdims=True), a, (0, 2), keepdims=True)
    if hasattr(x, name):
        _check_float(name, getattr(x, name)(1), a, 1)


@pytest.mark.parametrize("dtype", ["bool", *INTS])
@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "nansum"])
@pytest.mark.parametrize("shape,axis", [((), None), ((300,), None), ((17, 31), 0), ((17, 31), 1), ((4, 5, 6), (0, 2)),
                                        ((5000,), None)])
def test_integer_and_bool_reductions_are_exact(dtype, name, shape, axis):
    size = int(np.prod(shape))
    a = sample(dtype, size, low=-3 if name == "prod" else -100, high=3 if name == "prod" else 100, seed=2)
    a = a.reshape(shape)
    got = getattr(vt, name)(vt.asarray(a), axis=axis)
    assert_matches(got, getattr(np, name)(a, axis=axis), exact=True)


@pytest.mark.parametrize("dtype", ["bool", *INTS])
def test_integer_mean_var_give_the_default_float(dtype):
    a = sample(dtype, 99, seed=3).reshape(9, 11)
    for name in ("mean", "var", "std"):
        got = getattr(vt, name)(vt.asarray(a), axis=1)
        expected = getattr(np, name)(a, axis=1)
        assert got.dtype == (vt.float64 if HAS64 else vt.float32)
        np.testing.assert_allclose(got.numpy(), expected, rtol=1e-6 if HAS64 else 1e-5)


def test_large_integers_wrap_as_numpy():
    a = np.array([2**62, 2**62, 2**62, 5], dtype=np.int64)
    assert_matches(vt.sum(vt.asarray(a)), np.sum(a), exact=True)
    u = np.array([2**63, 2**63, 7], dtype=np.uint64)
    assert_matches(vt.sum(vt.asarray(u)), np.sum(u), exact=True)
    assert_matches(vt.max(vt.asarray(u)), np.max(u), exact=True)
    assert_matches(vt.min(vt.asarray(np.array([-(2**63), 0], np.int64))), np.int64(-(2**63)), exact=True)


@pytest.mark.parametrize("dtype", ["bool", *INTS, *FLOATS])
@pytest.mark.parametrize("shape,axis", [((), None), ((1,), 0), ((37,), None), ((9, 257), 1), ((257, 9), 0),
                                        ((3, 4, 5), 1), ((6000,), None), ((2, 3), -1)])
def test_argmax_argmin_match_numpy(dtype, shape, axis):
    size = int(np.prod(shape))
    # few distinct values: many ties, which go to the first index
    a = sample(dtype, size, low=-3, high=3, seed=4, special=False).reshape(shape)
    x = vt.asarray(a)
    for name in ("argmax", "argmin"):
        assert_matches(getattr(vt, name)(x, axis=axis), getattr(np, name)(a, axis=axis), exact=True)
        assert_matches(getattr(vt, name)(x, axis=axis, keepdims=True),
                       getattr(np, name)(a, axis=axis, keepdims=True), exact=True)


@pytest.mark.parametrize("dtype", FLOATS)
def test_special_values(dtype):
    values = np.array([1.0, np.nan, -np.inf, 2.0, np.nan, np.inf, -0.0, 0.0], dtype)
    x = vt.asarray(values)
    for name in ("sum", "mean", "max", "min", "var", "prod"):
        assert_matches(getattr(vt, name)(x), getattr(np, name)(values))
    for name in ("nanmax", "nanmin", "argmax", "argmin"):
        assert_matches(getattr(vt, name)(x), getattr(np, name)(values))
    finite = np.array([1.0, -np.inf, 2.0, np.inf], dtype)
    for name in ("sum", "max", "min", "argmax", "argmin", "nanmax"):
        assert_matches(getattr(vt, name)(vt.asarray(finite)), getattr(np, name)(finite))
    assert_matches(vt.sum(vt.asarray(np.array([np.inf, 1, np.inf], dtype))), np.array(np.inf, dtype))
    assert_matches(vt.sum(vt.asarray(np.array([-0.0, -0.0], dtype))), np.array(-0.0, dtype))
    assert_matches(vt.nansum(vt.asarray(np.array([np.nan, 2.0, np.nan], dtype))), np.array(2.0, dtype))
    assert_matches(vt.nanmean(vt.asarray(np.array([np.nan, 2.0, 4.0], dtype))), np.array(3.0, dtype))
    all_nan = np.full((3, 4), np.nan, dtype)
    assert_matches(vt.nanmax(vt.asarray(all_nan), axis=1), np.full(3, np.nan, dtype))
    lse = np.array([[-np.inf, -np.inf], [np.inf, np.inf], [np.inf, 1.0], [np.nan, 1.0]], dtype)
    expected = scipy.special.logsumexp(lse.astype(np.float64), axis=1).astype(dtype)
    assert_matches(vt.logsumexp(vt.asarray(lse), axis=1), expected)


def test_all_any_count_nonzero():
    for dtype in ["bool", "int8", "float32", *FLOATS]:
        a = np.array([[0, 1, 2], [0, 0, 0], [3, 4, 5]], dtype)
        if dtype in FLOATS:
            a[0, 0] = np.nan  # NaN is nonzero
            a[1, 1] = -0.0
        x = vt.asarray(a)
        for axis in (None, 0, 1, (0, 1)):
            assert_matches(vt.all(x, axis=axis), np.all(a, axis=axis))
            assert_matches(vt.any(x, axis=axis), np.any(a, axis=axis))
            assert_matches(vt.count_nonzero(x, axis=axis), np.asarray(np.count_nonzero(a, axis=axis)), exact=True)
        assert_matches(x.all(0), np.all(a, 0))
        assert_matches(x.any(keepdims=True), np.any(a, keepdims=True))
    big = np.ones(70001, bool)
    big[50000] = False
    assert_matches(vt.all(vt.asarray(big)), np.all(big))
    assert_matches(vt.any(vt.asarray(~big)), np.any(~big))


@pytest.mark.parametrize("view", ["transpose", "step", "flip", "offset", "broadcast"])
def test_non_contiguous_inputs(view):
    base = _float_values("float32", (12, 10, 9), seed=5)
    x = vt.asarray(base)
    make = {
        "transpose": lambda m: m.transpose(2, 0, 1) if isinstance(m, np.ndarray) else vt.permute_dims(m, (2, 0, 1)),
        "step": lambda m: m[::2, 1::3, :],
        "flip": lambda m: m[::-1, :, ::-1],
        "offset": lambda m: m[3:, 2:, 1:],
        "broadcast": lambda m: m[:, :1, :] if isinstance(m, np.ndarray) else m[:, :1, :],
    }[view]
    a, v = make(base), make(x)
    if view == "broadcast":
        a = np.broadcast_to(a, (12, 4, 9))
        v = vt.broadcast_to(v, (12, 4, 9))
    for axis in (None, 0, 1, 2, (0, 2), (0, 1)):
        for name in ("sum", "max", "var"):
            _check_float(name, getattr(vt, name)(v, axis=axis), np.ascontiguousarray(a), axis)
        if not isinstance(axis, tuple):
            assert_matches(vt.argmax(v, axis=axis), np.argmax(a, axis=axis), exact=True)


def test_empty_reductions_give_the_identity_or_raise_as_numpy():
    e = vt.zeros((0, 3))
    assert_matches(vt.sum(e, axis=0), np.zeros(3))
    assert_matches(vt.prod(e, axis=0), np.ones(3))
    assert_matches(vt.sum(e, axis=1), np.zeros(0))
    assert_matches(vt.max(e, axis=1), np.zeros(0))
    assert_matches(vt.all(e), np.array(True))
    assert_matches(vt.any(e), np.array(False))
    assert_matches(vt.mean(e, axis=0), np.full(3, np.nan))
    assert_matches(vt.logsumexp(e, axis=0), np.full(3, -np.inf))
    assert_matches(vt.count_nonzero(e), np.asarray(np.count_nonzero(np.zeros((0, 3)))), exact=True)
    for name in ("max", "min", "argmax", "argmin"):
        with pytest.raises(ValueError, match=name):
            getattr(vt, name)(e, axis=0)
        with pytest.raises(ValueError):
            getattr(np, name)(np.zeros((0, 3)), axis=0)


def test_float_sum_is_compensated():
    """float32 sums as accurate as a float64 sum rounded to float32, where NumPy's pairwise sum is off."""
    rng = np.random.default_rng(6)
    a = rng.uniform(0, 1, 1 << 22).astype(np.float32)
    a[::1000] = 1e6
    exact = np.sum(a.astype(np.float64))
    ours = float(vt.sum(vt.asarray(a)))
    assert abs(ours - exact) <= abs(float(np.float32(exact)) - exact) + 1e-12
    assert abs(ours - exact) <= abs(float(np.sum(a)) - exact)


def test_reductions_are_deterministic():
    a = np.random.default_rng(7).standard_normal(1 << 20).astype(np.float32)
    x = vt.asarray(a)
    first = [vt.sum(x).numpy(), vt.var(x).numpy(), vt.logsumexp(x).numpy()]
    for _ in range(3):
        again = [vt.sum(x).numpy(), vt.var(x).numpy(), vt.logsumexp(x).numpy()]
        assert [v.tobytes() for v in again] == [v.tobytes() for v in first]


def test_var_correction_and_ddof():
    a = _float_values("float32", (5, 40), seed=8)
    x = vt.asarray(a)
    for c in (0, 1, 2.5):
        _check_float("var", vt.var(x, axis=1, correction=c), a, 1) if c == 0 else np.testing.assert_allclose(
            vt.var(x, axis=1, correction=c).numpy(), np.var(a.astype(np.float64), axis=1, ddof=c), rtol=3e-6)
    np.testing.assert_allclose(vt.std(x, ddof=1).numpy(), np.std(a.astype(np.float64), ddof=1), rtol=3e-6)
    np.testing.assert_allclose(x.std(1, ddof=1).numpy(), np.std(a.astype(np.float64), 1, ddof=1), rtol=3e-6)
    assert np.isnan(vt.var(vt.asarray(np.ones(1, np.float32)), correction=1).numpy())


def test_dtype_argument():
    a = sample("int16", 100, seed=9)
    assert_matches(vt.sum(vt.asarray(a), dtype=vt.int16), np.sum(a, dtype=np.int16), exact=True)
    assert_matches(vt.sum(vt.asarray(a), dtype="float32"), np.sum(a, dtype=np.float32))
    assert_matches(vt.prod(vt.asarray(a[:5]), dtype=vt.int32), np.prod(a[:5], dtype=np.int32), exact=True)
    f = _float_values("float32", (50,))
    assert_matches(vt.mean(vt.asarray(f), dtype=vt.float32), np.mean(f, dtype=np.float32))
    with pytest.raises(TypeError, match="mean"):
        vt.mean(vt.asarray(f), dtype=vt.int32)


def test_errors_name_the_function():
    x = vt.ones((2, 3))
    with pytest.raises(np.exceptions.AxisError, match="sum"):
        vt.sum(x, axis=2)
    with pytest.raises(ValueError, match="repeated axis"):
        vt.max(x, axis=(0, 0))
    with pytest.raises(TypeError, match="argmax"):
        vt.argmax(x, axis=(0, 1))
    with pytest.raises(TypeError, match="var"):
        vt.var(x, correction=1, ddof=1)
    with pytest.raises(TypeError, match="sum"):
        vt.sum("abc")


def test_methods_take_numpys_positional_order():
    a = _float_values("float32", (4, 6), seed=10)
    x = vt.asarray(a)
    assert_matches(x.sum(0), np.sum(a.astype(np.float64), 0).astype(np.float32), rtol=3e-6)
    assert_matches(x.max(1, keepdims=True), a.max(1, keepdims=True))
    assert_matches(x.argmin(), np.argmin(a), exact=True)
    assert_matches(x.mean(axis=1, dtype="float64"), a.mean(axis=1, dtype=np.float64)) if HAS64 else None
    assert_matches(x.sum(0, None, None, True), np.sum(a.astype(np.float64), 0, keepdims=True).astype(np.float32),
                   rtol=3e-6)  # NumPy's (axis, dtype, out, keepdims)
    with pytest.raises(TypeError, match="sum"):
        x.sum(0, None, None, False, 0, True, 5)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["sum", "max", "argmax", "mean", "var", "logsumexp", "all"])
def test_large_reductions(name):
    n = (1 << 24) + 1
    a = np.random.default_rng(11).standard_normal(n).astype(np.float32)
    got = getattr(vt, name)(vt.asarray(a))
    if name in ("argmax", "all"):
        assert_matches(got, getattr(np, name)(a), exact=True)
    else:
        _check_float(name, got, a, None)
    rows = a[: 4097 * 4095].reshape(4097, 4095)
    r = vt.asarray(rows)
    for axis in (0, 1):
        if name in ("argmax", "all"):
            assert_matches(getattr(vt, name)(r, axis=axis), getattr(np, name)(rows, axis=axis), exact=True)
        else:
            _check_float(name, getattr(vt, name)(r, axis=axis), rows, axis)


COMPLEX = [d for d in ("complex64", "complex128") if d in vt.__array_namespace_info__().dtypes()]


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("shape,axis", [((), None), ((9,), None), ((37, 300), None), ((37, 300), 0), ((37, 300), 1),
                                        ((4, 5, 6), (0, 2))])
def test_complex_sum_prod_mean(dtype, shape, axis):
    rng = np.random.default_rng(12)
    a = (rng.uniform(0.5, 1.5, shape) + 1j * rng.uniform(-0.5, 0.5, shape)).astype(dtype)
    x = vt.asarray(a)
    tol = 2e-6 if dtype == "complex64" else 1e-13
    for name in ("sum", "mean", "prod"):
        got = getattr(vt, name)(x, axis=axis)
        expected = getattr(np, name)(a.astype(np.complex128), axis=axis).astype(dtype)
        assert got.dtype == dtype
        np.testing.assert_allclose(got.numpy(), expected, rtol=tol * (30 if name == "prod" else 1))
    a.flat[0] = complex(np.nan, 0) if a.size else 0
    assert_matches(vt.any(vt.asarray(a), axis=axis), np.any(a, axis=axis))
    assert_matches(vt.count_nonzero(vt.asarray(a), axis=axis),
                   np.asarray(np.count_nonzero(a, axis=axis)), exact=True)


@pytest.mark.parametrize("name", ["max", "min", "argmax", "argmin", "var", "std", "nanmax", "nansum", "logsumexp"])
def test_complex_input_of_real_only_reductions_raises(name):
    x = vt.asarray(np.array([1 + 2j, 3 - 1j], np.complex64))
    with pytest.raises(TypeError, match=name):
        getattr(vt, name)(x)


@pytest.mark.parametrize("dtype", ["int16", "float32", *COMPLEX])
def test_vecdot_matches_numpy(dtype):
    rng = np.random.default_rng(13)
    a = rng.uniform(-3, 3, (3, 4, 5)).astype(dtype)
    b = rng.uniform(-3, 3, (4, 5)).astype(dtype)
    if dtype in COMPLEX:
        a = a + 1j * rng.uniform(-1, 1, a.shape).astype(dtype)
    for axis in (-1, -2):
        expected = np.vecdot(a, b, axis=axis)
        got = vt.vecdot(vt.asarray(a), vt.asarray(b), axis=axis)
        assert got.dtype == expected.dtype
        np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5)
    with pytest.raises(ValueError, match="vecdot"):
        vt.vecdot(vt.asarray(a), vt.asarray(b[:, :4]))


def test_shared_memory_path_of_devices_without_subgroup_shuffles(monkeypatch):
    """Row reductions combine through subgroup shuffles where the device has them; the shared-memory tree that
    other devices take gives the same results."""
    from vulkit.array.ops import reductions

    a = _float_values("float32", (37, 5000), seed=14)
    x = vt.asarray(a)
    with_shuffles = [vt.sum(x, axis=1).numpy(), vt.argmax(x, axis=1).numpy(), vt.var(x).numpy()]
    monkeypatch.setattr(reductions, "shuffle_ok", lambda ctx: False)
    without = [vt.sum(x, axis=1).numpy(), vt.argmax(x, axis=1).numpy(), vt.var(x).numpy()]
    _check_float("sum", vt.sum(x, axis=(1,)), a, 1)
    for got, expected in zip(without, with_shuffles, strict=True):
        np.testing.assert_allclose(got, expected, rtol=3e-6)
    assert_matches(vt.argmax(x, axis=1), np.argmax(a, axis=1), exact=True)


@pytest.mark.parametrize("shape,axis", [((5000, 40), 0), ((3001, 7), 0), ((4097, 129), 0), ((2, 700, 12), 1),
                                        ((1000, 48), 0), ((300, 64), 0), ((3, 257, 33), (0, 1))])
def test_columns_in_one_pass_with_lanes_along_the_axis(monkeypatch, shape, axis):
    """On a GPU a column reduction too narrow to fill the device takes one pass with up to 64 lanes along the
    reduced axis instead of chunks and a combining pass; forced here on any device (few workgroups asked)."""
    from vulkit.array.ops import reductions
    from vulkit.runtime import context

    taken = []

    def one_pass(*args):
        plan = original(*args)
        taken.append(plan)
        return plan

    original = reductions._col_one_pass
    monkeypatch.setattr(context.current(), "on_cpu", False)
    monkeypatch.setattr(reductions, "COL_ONE_PASS_GROUPS", 2)
    monkeypatch.setattr(reductions, "_col_one_pass", one_pass)
    context.current().plans.clear()  # plans made before hold the chunks
    try:
        a = _float_values("float32", shape, seed=21)
        a.flat[::97] = np.nan if a.size > 200 else a.flat[::97]
        x = vt.asarray(a)
        for name in FLOAT_FUNCTIONS:
            _check_float(name, getattr(vt, name)(x, axis=axis), a, axis)
        flat_axis = axis if isinstance(axis, int) else None
        if flat_axis is not None:
            for name in ("argmax", "argmin"):
                assert_matches(getattr(vt, name)(x, axis=flat_axis), getattr(np, name)(a, axis=flat_axis), exact=True)
        ints = np.arange(a.size, dtype=np.int32).reshape(shape) % 1009 - 500
        assert_matches(vt.sum(vt.asarray(ints), axis=axis), np.sum(ints, axis=axis), exact=True)
        assert any(plan is not None and plan.split > 1 for plan in taken)
    finally:
        context.current().plans.clear()


def test_sum_and_prod_into_bool_as_numpy():
    """``dtype=bool`` adds and multiplies the elements as bools (or / and), as NumPy does; it failed to compile."""
    for values in ([True, False], [1.5, 0.0], [[0, 2], [0, 0]], [], [3 + 0j, 0j]):
        a = np.asarray(values)
        for axis in (None, 0) if a.ndim else (None,):
            for keepdims in (False, True):
                for ours, theirs in ((vt.sum, np.sum), (vt.prod, np.prod)):
                    got = ours(vt.asarray(a), axis=axis, dtype=vt.bool, keepdims=keepdims)
                    want = theirs(a, axis=axis, dtype=bool, keepdims=keepdims)
                    assert got.dtype == vt.bool
                    np.testing.assert_array_equal(got.numpy(), want)


def test_a_layout_reduced_again_replays_its_kernels() -> None:
    """A reduction of a layout seen before replays what it recorded: new arrays, other offsets of the same view
    shape, the chunked kernels' partial sums and keepdims must all give their own results."""
    rng = np.random.default_rng(31)
    for _ in range(3):
        long = rng.standard_normal(50_000).astype(np.float32)  # one row in chunks: partial sums, then combined
        tall = rng.standard_normal((2000, 3)).astype(np.float32)  # columns in chunks
        big = rng.standard_normal((40, 30)).astype(np.float32)
        np.testing.assert_allclose(vt.sum(vt.asarray(long)).numpy(), long.sum(dtype=np.float64), rtol=1e-5)
        np.testing.assert_allclose(vt.sum(vt.asarray(tall), axis=0).numpy(), tall.sum(axis=0, dtype=np.float64),
                                   rtol=1e-4)
        x = vt.asarray(big)
        for start in (0, 7, 0, 13):  # rows in place at other offsets; every other column (copied first)
            for window, view in ((big[start:start + 20], x[start:start + 20]),
                                 (big[start:start + 20, 1::2], x[start:start + 20, 1::2])):
                np.testing.assert_allclose(vt.max(view, axis=1, keepdims=True).numpy(),
                                           window.max(axis=1, keepdims=True))
                np.testing.assert_allclose(vt.mean(view, axis=0).numpy(), window.mean(axis=0), rtol=1e-5, atol=1e-6)
                assert vt.argmax(view, axis=0).numpy().tolist() == window.argmax(axis=0).tolist()


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min"])
@pytest.mark.parametrize("dtype", ["float32", "int16", "uint8"])
def test_numpy_initial_and_where(name, dtype):
    """NumPy's ``initial`` and ``where`` on sum, prod, max and min (and their methods): the mask broadcast, the
    initial value in the result's dtype, empty reductions that ``initial`` allows."""
    a = sample(dtype, 24, 0, 5, seed=3).reshape(4, 6)
    mask = (np.arange(24).reshape(4, 6) % 3) != 1
    x, ours, theirs = vt.asarray(a), getattr(vt, name), getattr(np, name)
    for axis in (None, 0, 1):
        assert_matches(ours(x, axis=axis, initial=2), theirs(a, axis=axis, initial=2))
        assert_matches(ours(x, axis=axis, initial=1, where=vt.asarray(mask)), theirs(a, axis=axis, initial=1,
                                                                                  where=mask))
        assert_matches(getattr(x, name)(axis=axis, initial=3, keepdims=True),
                       getattr(a, name)(axis=axis, initial=3, keepdims=True))
    assert_matches(ours(x, axis=1, initial=1, where=[True, False] * 3), theirs(a, axis=1, initial=1,
                                                                              where=[True, False] * 3))
    empty = np.zeros((0, 3), dtype)
    assert_matches(ours(vt.asarray(empty), axis=0, initial=4), theirs(empty, axis=0, initial=4))
    if name in ("max", "min"):
        with pytest.raises(ValueError, match=f"{name}: reduction operation .* does not have an identity"):
            ours(x, where=vt.asarray(mask))
    else:
        assert_matches(ours(x, where=vt.asarray(mask)), theirs(a, where=mask))


@pytest.mark.parametrize("name", ["mean", "var", "std"])
def test_numpy_where_on_moments(name):
    """NumPy's ``where`` on mean, var and std: the moments of the elements the mask takes (float and integer input,
    axes, keepdims, ddof, a mask taking nothing: NaN)."""
    a = np.arange(24.0).reshape(4, 6) ** 1.5 - 20
    mask = (np.arange(24).reshape(4, 6) % 4) != 1
    extra = {"ddof": 1} if name != "mean" else {}
    ours, theirs = getattr(vt, name), getattr(np, name)
    for axis in (None, 0, 1, (0, 1)):
        for keepdims in (False, True):
            assert_matches(ours(vt.asarray(a), axis=axis, keepdims=keepdims, where=vt.asarray(mask), **extra),
                           theirs(a, axis=axis, keepdims=keepdims, where=mask, **extra))
    ints = np.arange(12, dtype=np.int16).reshape(3, 4)
    assert_matches(ours(vt.asarray(ints), axis=1, where=[True, False, True, True]),
                   theirs(ints, axis=1, where=[True, False, True, True]))
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        nothing = theirs(a, axis=0, where=np.zeros((4, 6), bool))
    assert_matches(ours(vt.asarray(a), axis=0, where=vt.zeros((4, 6), dtype=vt.bool)), nothing)
