"""NumPy's statistics, comparison, math-alias and set functions (``vulkit.array.ops.numpy_stats``) against NumPy:
dtypes, shapes (empty, 0-d, one element, odd and prime sizes, non-contiguous views, negative axes), special values
(NaN, infinities, -0.0, ties) and errors, which must name the function called first."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from array_helpers import RTOL, assert_matches

import vulkit as vt
from vulkit.array.ops import numpy_stats

DEVICE = vt.__array_namespace_info__().dtypes()
FLOATS = [name for name in ("float32", "float64") if name in DEVICE]
COMPLEX = [name for name in ("complex64", "complex128") if name in DEVICE]
INTS = [name for name in ("int32", "int64") if name in DEVICE]
HAS_F64 = "float64" in DEVICE
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 0.5, -7.25, np.inf, -np.inf, np.nan])
ULP = {"float32": 1.2e-7, "float64": 2.3e-16}  # one unit in the last place, relative


def strided(a: np.ndarray) -> vt.Array:
    """A non-contiguous vt view holding a's values (every other element of a wider array)."""
    wide = np.zeros((*a.shape, 2), a.dtype)
    wide[..., 0] = a
    view = vt.asarray(wide)[..., 0]
    assert view.shape == a.shape
    return view


def values(dtype: str, shape: tuple[int, ...] = (13,), seed: int = 0, special: bool = True) -> np.ndarray:
    """Random values of ``dtype`` in ``shape`` (small integers, so that sums are exact), with SPECIAL's values
    first for floats and complex numbers (in both parts)."""
    rng = np.random.default_rng(seed)
    n = math.prod(shape)
    kind = np.dtype(dtype).kind
    if kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if kind in "iu":
        return rng.integers(-9 if kind == "i" else 0, 10, shape).astype(dtype)
    flat = np.round(rng.uniform(-8, 8, n), 2)
    if special:
        flat[:min(n, SPECIAL.size)] = SPECIAL[:n]
    if kind == "c":
        imag = np.round(rng.uniform(-8, 8, n), 2)
        if special:
            imag[:min(n, SPECIAL.size)] = SPECIAL[::-1][:n]
        flat = flat + 1j * imag
    return flat.astype(dtype).reshape(shape)


def same(result: vt.Array, expected: object, rtol: float | None = None, atol: float = 0.0) -> None:
    """Same dtype, shape and values as NumPy's (exactly, or to ``rtol`` and ``atol`` where given), NaN equal to
    NaN and zeros with NumPy's sign."""
    expected = np.asarray(expected)
    if rtol is None:
        assert_matches(result, expected, exact=True)
        return
    got = result.numpy()
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, equal_nan=True)


pytestmark = [
    pytest.mark.filterwarnings("ignore::RuntimeWarning"),  # NumPy's references warn of empty and all-NaN slices
    # NumPy's results are float64 where vt's are the default float: without float64 they are float32 (the
    # functions say so), and these comparisons would need float32 references
    pytest.mark.skipif(not HAS_F64, reason="the references are NumPy's float64 results"),
]


def names_error(kind: type[BaseException], name: str, call: object, *args: object, **kwargs: object) -> str:
    """The message of the ``kind`` error of ``call(*args, **kwargs)``, which must start with "name: "."""
    with pytest.raises(kind) as info:
        call(*args, **kwargs)
    message = str(info.value)
    assert message.startswith(f"{name}: "), message
    return message


# -- the namespace -------------------------------------------------------------------------------------------------
def test_every_name_is_in_the_namespace_with_a_docstring():
    for name in numpy_stats.__all__:
        function = getattr(vt, name)
        assert function is getattr(numpy_stats, name) and name in vt.__all__
        assert function.__name__ == name and len(function.__doc__ or "") > 40, name


UNARY = ["rint", "around", "deg2rad", "rad2deg", "radians", "degrees", "exp2", "cbrt", "nan_to_num", "angle",
         "isreal", "iscomplex"]
BINARY = ["power", "true_divide", "mod", "fmod", "float_power", "heaviside", "isclose"]


@pytest.mark.parametrize("shape", [(0,), (), (1,), (2, 0, 3)])
@pytest.mark.parametrize("name", UNARY + BINARY)
def test_elementwise_empty_zero_d_and_one_element(name, shape):
    a = np.full(shape, 2.5)
    if name in UNARY:  # exp2 and cbrt: vt.pow's roundings against libm's, within an ulp
        same(getattr(vt, name)(vt.asarray(a)), getattr(np, name)(a), 2 * ULP["float64"] if name in
             ("exp2", "cbrt") else None)
    else:
        b = np.full(shape[-1:], 1.5)  # broadcast against a
        same(getattr(vt, name)(vt.asarray(a), vt.asarray(b)), getattr(np, name)(a, b))


@pytest.mark.parametrize("name", ["fmod", "heaviside", "float_power", "power", "mod"])
def test_numpy_ufuncs_on_vt_arrays_run_these(name):
    a, b = np.array([-5.5, 0.0, 7.0]), np.array([2.0, 0.5, -3.0])
    got = getattr(np, name)(vt.asarray(a), vt.asarray(b))  # Array.__array_ufunc__: vt's function of that name
    assert isinstance(got, vt.Array)
    same(got, getattr(np, name)(a, b))
    out = vt.zeros(3)
    assert getattr(np, name)(vt.asarray(a), vt.asarray(b), out=out) is out
    same(out, getattr(np, name)(a, b))


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


# -- elementwise aliases ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, reference", [("power", np.power), ("true_divide", np.true_divide),
                                             ("mod", np.mod)])
@pytest.mark.parametrize("dtype", [*INTS, *FLOATS, *COMPLEX, "uint8"])
def test_binary_aliases(name, reference, dtype):
    if name == "mod" and dtype in COMPLEX:
        names_error(TypeError, "mod", vt.mod, vt.asarray(values(dtype)), 2)
        return
    # complex infinities are vt.pow's and vt.divide's own business (tested with them): finite values here
    a, b = values(dtype, (13,), special=dtype not in COMPLEX), values(dtype, (13,), seed=1, special=False)
    if np.dtype(dtype).kind in "iu":
        b = np.abs(b) % 4  # non-negative exponents (a negative one raises)
    function = getattr(vt, name)
    rtol = None if np.dtype(dtype).kind in "iu" or name == "mod" else RTOL.get(np.dtype(dtype).name, 2e-6)
    same(function(vt.asarray(a), strided(b)), reference(a, b), rtol)  # pow's device math vs libm: a few ulp
    same(function(strided(a[::-1]), 3), reference(a[::-1], 3), rtol)  # a Python scalar stays weak
    same(function(2, 3), reference(2, 3))  # two Python scalars: a 0-d array
    if name == "power":
        names_error(ValueError, "power", vt.power, vt.asarray([2, 3]), -1)


def test_binary_aliases_write_out():
    out = vt.zeros(3)
    assert vt.power(vt.asarray([1.0, 2.0, 3.0]), 2, out=out) is out
    same(out, [1.0, 4.0, 9.0])


@pytest.mark.parametrize("dtype", FLOATS)
def test_fmod_floats_exact_on_special_values(dtype):
    pairs = np.array(list(itertools.product(SPECIAL, SPECIAL))).astype(dtype)
    a, b = pairs[:, 0], pairs[:, 1]
    same(vt.fmod(vt.asarray(a), vt.asarray(b)), np.fmod(a, b))  # signs of zeros included
    # where the quotient is huge, x - trunc(x / y) * y is wrong: fmod must be exact
    big = np.array([1e30, -1e30, 3.0e38, 7.5, -7.5, 1e-30, -1e-30, 123456.789], dtype)
    div = np.array([3.7, 3.7, -1e-3, 0.1, -0.1, 1.0, 1.0, 1e-3], dtype)
    same(vt.fmod(strided(big), strided(div)), np.fmod(big, div))
    same(vt.fmod(vt.asarray(big), 2.5), np.fmod(big, 2.5))
    same(vt.fmod(-7.5, vt.asarray(div)), np.fmod(-7.5, div))
    same(vt.fmod(vt.asarray(big.reshape(2, 4)), vt.asarray(div[:4])), np.fmod(big.reshape(2, 4), div[:4]))


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint8", "uint32", "bool"])
def test_fmod_integers(dtype):
    if dtype == "bool":
        a, b = np.array([True, False, True, False]), np.array([True, True, False, False])
    else:  # the extremes (int_min % -1, int_min % 3 ...), signs, zero divisors
        info = np.iinfo(dtype)
        grid = sorted({int(info.min), int(info.max), 0, 1, 3, 7} | ({-7, -3, -1} if info.min < 0 else set()))
        pairs = np.array(list(itertools.product(grid, grid)), dtype=object)
        a, b = pairs[:, 0].astype(dtype), pairs[:, 1].astype(dtype)
    same(vt.fmod(vt.asarray(a), vt.asarray(b)), np.fmod(a, b))  # zero divisors give 0, as NumPy's
    if dtype != "bool":
        same(vt.fmod(vt.asarray(a), 3), np.fmod(a, 3))


def test_fmod_mixed_types_out_and_errors():
    a = np.array([-7, 7, -2147483648], np.int32)
    same(vt.fmod(vt.asarray(a), 2.5), np.fmod(a, 2.5))  # int32 with a Python float: float64
    same(vt.fmod(vt.asarray(a), vt.asarray(np.float32(2.5))), np.fmod(a, np.float32(2.5)))
    out = vt.zeros(3, dtype=vt.float64)
    assert vt.fmod(vt.asarray([5.0, -5.0, 1.0]), 3.0, out=out) is out
    same(out, np.fmod([5.0, -5.0, 1.0], 3.0))
    names_error(TypeError, "fmod", vt.fmod, vt.asarray([1j]), 2)
    names_error(TypeError, "fmod", vt.fmod, vt.asarray([1.0]), 2, out=vt.zeros(1, dtype=vt.int32))


def test_amax_amin():
    a = values("float64", (3, 5))
    for name in ("amax", "amin"):
        function, reference = getattr(vt, name), getattr(np, name)
        same(function(vt.asarray(a)), reference(a))  # a NaN propagates
        finite = np.nan_to_num(a, posinf=9, neginf=-9)
        same(function(strided(finite), axis=-1, keepdims=True), reference(finite, axis=-1, keepdims=True))
        same(function(vt.asarray(finite), axis=(0, 1)), reference(finite, axis=(0, 1)))
        same(function(vt.asarray(finite), axis=0, initial=4.0), reference(finite, axis=0, initial=4.0))
        ints = values("int32", (7,))
        same(function(vt.asarray(ints), initial=-3), reference(ints, initial=-3))
        same(function(vt.zeros((0, 3)), axis=0, initial=1.5), reference(np.zeros((0, 3)), axis=0, initial=1.5))
        names_error(ValueError, name, function, vt.zeros((0,)))
        names_error(np.exceptions.AxisError, name, function, vt.zeros((2,)), axis=2)


# -- rounding -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_around_and_rint_round_half_to_even(dtype):
    ties = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, -0.0, 0.49999997, np.inf, -np.inf, np.nan, 1e20], dtype)
    same(vt.rint(vt.asarray(ties)), np.rint(ties))
    same(vt.around(strided(ties)), np.around(ties))
    scaled = np.array([1.25, 2.675, -0.125, 1234.5678, -0.0, 15.0, 25.0, np.nan], dtype)
    for decimals in (1, 2, -1):
        same(vt.around(vt.asarray(scaled), decimals), np.around(scaled, decimals))
    same(vt.rint(vt.asarray(np.float64(2.5).astype(dtype))), np.rint(np.array(2.5, dtype)))  # 0-d


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int16", "int32", "int64", *COMPLEX])
def test_rint_types_like_numpy(dtype):
    a = values(dtype, (7,))
    if np.dtype(dtype).kind == "c":
        a = a + np.array(0.5 + 0.5j, dtype)  # ties in both parts
    same(vt.rint(vt.asarray(a)), np.rint(a))  # bool and 8-bit integers: float16, wider integers: float64
    if np.dtype(dtype).kind in "iu":
        same(vt.around(vt.asarray(a), -1), np.around(a, -1))


# -- angles, exponentials, roots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float16", *FLOATS])
@pytest.mark.parametrize("name", ["deg2rad", "radians", "rad2deg", "degrees"])
def test_angle_conversions_are_numpys_bits(name, dtype):
    a = np.concatenate([SPECIAL, np.linspace(-720, 720, 97)]).astype(dtype)
    same(getattr(vt, name)(vt.asarray(a)), getattr(np, name)(a))  # the constant rounded as NumPy's loops round it
    same(getattr(vt, name)(strided(a[::-3])), getattr(np, name)(a[::-3]))


@pytest.mark.parametrize("name", ["deg2rad", "rad2deg"])
def test_angle_conversions_types(name):
    for dtype in ("bool", "int8", "int32"):
        a = values(dtype, (5,))
        same(getattr(vt, name)(vt.asarray(a)), getattr(np, name)(a))
    same(getattr(vt, name)(90), getattr(np, name)(90))
    names_error(TypeError, name, getattr(vt, name), vt.asarray([1j]))


@pytest.mark.parametrize("dtype", [*FLOATS, *COMPLEX])
def test_exp2(dtype):
    a = np.concatenate([np.arange(-20, 21), np.linspace(-30.3, 30.7, 23)]).astype(dtype)
    if np.dtype(dtype).kind == "c":
        a = a + 0.25j
    # vt.pow(2, x) and vt.exp on the device against libm's exp2 and cexp: within an ulp or two (relative)
    tol = 4 * ULP[np.finfo(a.dtype).dtype.name]
    same(vt.exp2(vt.asarray(a)), np.exp2(a), rtol=tol)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 10.0, -10.0, 1024.0, -1080.0], dtype)
    if np.dtype(dtype).kind == "c":
        special = special + np.array([0.0, np.inf, 0.5, -0.0, 1.0, np.nan, -2.0, 0.0, 0.0], dtype) * 1j
    same(vt.exp2(strided(special)), np.exp2(special), rtol=tol)


def test_exp2_of_integers_and_bool():
    a = np.arange(-40, 41, dtype=np.int32)
    same(vt.exp2(vt.asarray(a)), np.exp2(a), rtol=ULP["float64"])  # libm's is exact, vt.pow within an ulp
    same(vt.exp2(vt.asarray(np.array([True, False]))), np.exp2(np.array([True, False])))


@pytest.mark.parametrize("dtype", FLOATS)
def test_cbrt(dtype):
    tiny, huge = (1e-300, 1e300) if dtype == "float64" else (1e-35, 1e35)
    a = np.concatenate([np.linspace(-1e4, 1e4, 41), np.geomspace(tiny, huge, 31), -np.geomspace(tiny, huge, 7),
                        [-8.0, 27.0, -0.001, 64.0, 1.0 / 27]]).astype(dtype)
    got = vt.cbrt(vt.asarray(a)).numpy()
    assert got.dtype == a.dtype
    # libm's cbrt is not always correctly rounded (glibc's cbrtf misses a third of these, by up to 2 ulp): compare
    # to 2 ulp, and float32 against the correctly rounded root (float64's, rounded), which vt's gives exactly
    np.testing.assert_allclose(got, np.cbrt(a), rtol=2 * ULP[dtype], atol=0)
    if dtype == "float32":
        np.testing.assert_array_equal(got, np.cbrt(a.astype(np.float64)).astype(np.float32))
    exact = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -8.0, 27.0, -1.0, 1000.0], dtype)
    # signed zeros, infinities, NaN and exact cubes exactly (float32: glibc's cbrtf(27) is 2.9999998)
    same(vt.cbrt(strided(exact)), np.cbrt(exact.astype(np.float64)).astype(dtype))
    ints = np.array([-27, 8, 0, 1000], np.int32)
    same(vt.cbrt(vt.asarray(ints)), np.cbrt(ints))
    names_error(TypeError, "cbrt", vt.cbrt, vt.asarray([8j]))


def test_float_power():
    a, b = np.array([2, -3, 0, 4], np.int32), np.array([0.5, 2, -1, 3], np.float32)
    expected = np.float_power(a, b)
    if HAS_F64:
        same(vt.float_power(vt.asarray(a), vt.asarray(b)), expected, rtol=ULP["float64"] * 4)
        same(vt.float_power(vt.asarray(b), 2), np.float_power(b, 2))
        same(vt.float_power(2, 3), np.float_power(2, 3))
    else:  # float32 where the device has no float64
        assert vt.float_power(vt.asarray(a), vt.asarray(b)).dtype == vt.float32
    if COMPLEX:
        z = np.array([1 + 1j, -2j], np.complex64)
        same(vt.float_power(vt.asarray(z), 2), np.float_power(z, 2), rtol=1e-12 if HAS_F64 else 1e-6)
        same(vt.float_power(vt.asarray(b), 0.5j), np.float_power(b, 0.5j), rtol=1e-12 if HAS_F64 else 1e-6)


@pytest.mark.parametrize("dtype", FLOATS)
def test_heaviside(dtype):
    x = np.array([-1.0, -0.0, 0.0, 2.0, np.nan, np.inf, -np.inf, 1e-30], dtype)
    for h0 in (0.5, 0.0, np.nan):
        same(vt.heaviside(vt.asarray(x), h0), np.heaviside(x, h0))
    h = np.array([0.25, 1, 2, 3, 4, 5, 6, 7], dtype)
    same(vt.heaviside(strided(x), strided(h)), np.heaviside(x, h))
    same(vt.heaviside(vt.asarray(x[:, None]), vt.asarray(h[:3])), np.heaviside(x[:, None], h[:3]))


def test_heaviside_types_and_errors():
    x = np.array([-2, 0, 3], np.int32)
    same(vt.heaviside(vt.asarray(x), 1), np.heaviside(x, 1))  # int32: float64
    same(vt.heaviside(vt.asarray(x.astype(np.int8)), 0.5), np.heaviside(x.astype(np.int8), 0.5))  # float16
    same(vt.heaviside(0.0, vt.asarray(np.float32(0.5))), np.heaviside(0.0, np.float32(0.5)))
    names_error(TypeError, "heaviside", vt.heaviside, vt.asarray([1j]), 0.5)


@pytest.mark.parametrize("dtype", [*FLOATS, *COMPLEX])
def test_nan_to_num(dtype):
    a = values(dtype, (14,))
    same(vt.nan_to_num(vt.asarray(a)), np.nan_to_num(a))
    same(vt.nan_to_num(strided(a), nan=-1.5, posinf=7.0, neginf=-7.0),
         np.nan_to_num(a, nan=-1.5, posinf=7.0, neginf=-7.0))
    x = vt.asarray(a)
    assert vt.nan_to_num(x, copy=False) is x  # in place
    same(x, np.nan_to_num(a))


def test_nan_to_num_integers_unchanged():
    a = np.array([1, -2, 3], np.int32)
    x = vt.asarray(a)
    result = vt.nan_to_num(x)
    assert result is not x
    same(result, np.nan_to_num(a))
    assert vt.nan_to_num(x, copy=False) is x
    same(vt.nan_to_num(vt.asarray(np.array([True, False]))), np.array([True, False]))
    same(vt.nan_to_num(np.nan), np.nan_to_num(np.float64(np.nan)))


@pytest.mark.parametrize("dtype", [*COMPLEX, *FLOATS, "int32", "bool"])
def test_angle(dtype):
    a = values(dtype, (13,))
    tol = None if dtype == "bool" else 2 * ULP[np.angle(a).dtype.name]  # atan2: the device's vs libm's
    same(vt.angle(vt.asarray(a)), np.angle(a), rtol=tol)
    same(vt.angle(strided(a), deg=True), np.angle(a, deg=True), rtol=tol)
    same(vt.angle(-0.0), np.angle(-0.0))  # pi: atan2(0, -0.0)


# -- comparisons and predicates ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [*FLOATS, "int32", "bool", *COMPLEX])
def test_isclose(dtype):
    a = values(dtype, (15,))
    b = (a + np.asarray(1e-6, a.dtype)).astype(dtype) if np.dtype(dtype).kind in "fc" else a.copy()
    b[::4] = values(dtype, (15,), seed=3, special=False)[::4]
    for kwargs in ({}, {"equal_nan": True}, {"rtol": 0.0, "atol": 0.5}, {"rtol": 1e-9, "atol": 0.0}):
        same(vt.isclose(vt.asarray(a), vt.asarray(b), **kwargs), np.isclose(a, b, **kwargs))
        same(vt.isclose(strided(b), strided(a), **kwargs), np.isclose(b, a, **kwargs))
    same(vt.isclose(vt.asarray(a), 1), np.isclose(a, 1))
    same(vt.isclose(2, vt.asarray(a)), np.isclose(2, a))


def test_isclose_special_cases():
    a = np.array([np.inf, -np.inf, np.inf, np.nan, 1.0, 0.0, -0.0, 1e-9])
    b = np.array([np.inf, -np.inf, -np.inf, np.nan, np.nan, -0.0, 1e-9, 0.0])
    for equal_nan in (False, True):
        same(vt.isclose(vt.asarray(a), vt.asarray(b), equal_nan=equal_nan), np.isclose(a, b, equal_nan=equal_nan))
    same(vt.isclose(vt.asarray(a[:, None]), vt.asarray(b[None, :])), np.isclose(a[:, None], b[None, :]))
    tolerances = np.array([0.0, 1e-8, 1.0])
    same(vt.isclose(vt.asarray(a[:3]), vt.asarray(b[:3] + 0.5), atol=vt.asarray(tolerances)),
         np.isclose(a[:3], b[:3] + 0.5, atol=tolerances))
    same(vt.isclose(vt.asarray(a[:3]), 1.0, atol=vt.asarray(tolerances)), np.isclose(a[:3], 1.0, atol=tolerances))
    same(vt.isclose(1.0, vt.asarray(b[:3]), rtol=vt.asarray(0.5)), np.isclose(1.0, b[:3], rtol=np.array(0.5)))
    same(vt.isclose(1.0, 1.0 + 1e-9), np.isclose(1.0, 1.0 + 1e-9))  # two scalars: 0-d
    same(vt.isclose(math.nan, math.nan, equal_nan=True), np.isclose(math.nan, math.nan, equal_nan=True))
    same(vt.isclose(vt.zeros((0, 2)), vt.zeros((0, 2))), np.isclose(np.zeros((0, 2)), np.zeros((0, 2))))
    names_error(ValueError, "isclose", vt.isclose, vt.zeros(2), vt.zeros(3))


def test_allclose_array_equal_array_equiv_give_python_bools():
    a = np.array([1.0, np.nan, 3.0])
    for b, kwargs in ((a, {}), (a, {"equal_nan": True}), (a + 1e-9, {"equal_nan": True}), (a + 1e-3, {})):
        result = vt.allclose(vt.asarray(a), vt.asarray(b), **kwargs)
        assert type(result) is bool and result == np.allclose(a, b, **kwargs)
    assert vt.allclose(vt.zeros(0), vt.zeros(0)) is True
    for x, y in (([1, 2], [1, 2]), ([1, 2], [1, 3]), ([1, 2], [1, 2, 3]), ([[1, 2]], [1, 2]), ([], [])):
        assert vt.array_equal(vt.asarray(x), vt.asarray(y)) is np.array_equal(x, y)
        assert vt.array_equiv(vt.asarray(x), vt.asarray(y)) is np.array_equiv(x, y)
    assert vt.array_equiv(vt.asarray([[1, 1], [1, 1]]), 1) is True
    assert vt.array_equiv(vt.asarray([[1, 2], [1, 3]]), [1, 2]) is False
    assert vt.array_equiv(vt.asarray([1, 2, 3]), [1, 2]) is False  # shapes that do not broadcast
    nans = np.array([1.0, np.nan])
    assert vt.array_equal(vt.asarray(nans), vt.asarray(nans)) is False
    assert vt.array_equal(vt.asarray(nans), strided(nans), equal_nan=True) is True
    assert vt.array_equal(vt.asarray(nans), vt.asarray([np.nan, 1.0]), equal_nan=True) is False
    assert vt.array_equal(vt.asarray([1, 2], dtype=vt.int32), vt.asarray([1.0, 2.0])) is True
    if COMPLEX:
        z1 = np.array([1 + 1j, complex(np.nan, 1)], np.complex64)
        z2 = np.array([1 + 1j, complex(1, np.nan)], np.complex64)
        assert vt.array_equal(vt.asarray(z1), vt.asarray(z2), equal_nan=True) is np.array_equal(z1, z2, equal_nan=True)


@pytest.mark.parametrize("dtype", [*COMPLEX, *FLOATS, "int32", "bool"])
def test_real_and_complex_predicates(dtype):
    a = values(dtype, (12,))
    if np.dtype(dtype).kind == "c":
        a[::3] = a[::3].real
    same(vt.isreal(vt.asarray(a)), np.isreal(a))
    same(vt.iscomplex(strided(a)), np.iscomplex(a))
    assert vt.iscomplexobj(vt.asarray(a)) is np.iscomplexobj(a)
    assert vt.isrealobj(vt.asarray(a)) is np.isrealobj(a)
    same(vt.isreal(vt.asarray(a[0])), np.isreal(a[0]))  # 0-d
    assert vt.iscomplexobj([1, 2j]) is True and vt.iscomplexobj(3.0) is False and vt.isrealobj(1j) is False
    assert vt.iscomplexobj(np.zeros(2, np.complex64)) is True


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
    same(vt.corrcoef(vt.asarray(m[0])), np.corrcoef(m[0]))  # one variable: c / c
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
    for estimator in ("auto", "fd", "doane", "scott", "rice", "sturges", "sqrt"):
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
    names_error(NotImplementedError, "histogram_bin_edges", vt.histogram_bin_edges, a, "stone")
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, vt.asarray([1.0, math.nan]))
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, "fd", range=(2, 1))
    names_error(ValueError, "histogram_bin_edges", vt.histogram_bin_edges, a, 0)


# -- calculus, polynomials, signals ------------------------------------------------------------------------------------
def test_interp():
    xp, fp = np.array([0.0, 1.0, 2.5, 4.0, 7.0]), np.array([1.0, -3.0, 2.0, 2.0, 10.0])
    x = np.array([[-1.0, 0.0, 0.3, 1.0, 2.5, 3.0, 4.0, 6.9], [7.0, 7.5, np.nan, np.inf, -np.inf, -0.0, 5.5, 2.4]])
    same(vt.interp(vt.asarray(x), vt.asarray(xp), vt.asarray(fp)), np.interp(x, xp, fp))
    same(vt.interp(strided(x), strided(xp), strided(fp), left=-9.0, right=math.nan),
         np.interp(x, xp, fp, left=-9.0, right=np.nan))
    same(vt.interp(3.3, xp, vt.asarray(fp)), np.interp(3.3, xp, fp))  # 0-d
    same(vt.interp(vt.asarray(x), [2.0], [5.0]), np.interp(x, [2.0], [5.0]))  # one sample (NaN x gives it)
    ints = np.array([0, 1, 2, 3, 4, 8], np.int32)
    same(vt.interp(vt.asarray(ints), vt.asarray(ints[::2]), vt.asarray(ints[::2] ** 2)),
         np.interp(ints, ints[::2], ints[::2] ** 2))
    # infinite samples: NumPy's fallbacks for NaN lines
    fp_inf = np.array([0.0, np.inf, np.inf, 1.0, -np.inf])
    same(vt.interp(vt.asarray(x), vt.asarray(xp), vt.asarray(fp_inf)), np.interp(x, xp, fp_inf))


def test_interp_period_and_complex():
    xp, fp = np.array([190.0, -190.0, 350.0, -350.0]), np.array([5.0, 10.0, 3.0, 4.0])
    x = np.array([-180.0, -170.0, -185.0, 185.0, -10.0, -5.0, 0.0, 365.0, 720.5])
    same(vt.interp(vt.asarray(x), vt.asarray(xp), vt.asarray(fp), period=360), np.interp(x, xp, fp, period=360))
    same(vt.interp(vt.asarray(x), vt.asarray(xp), vt.asarray(fp), period=-250.5),
         np.interp(x, xp, fp, period=-250.5))
    if COMPLEX:
        zp = np.array([1 + 1j, 2 - 1j, np.inf + 0j, 3j])
        xq = np.array([-1.0, 0.5, 1.5, 2.5, 3.0, 4.0])
        same(vt.interp(vt.asarray(xq), [0.0, 1.0, 2.0, 3.0], vt.asarray(zp)), np.interp(xq, [0, 1, 2, 3], zp))
        same(vt.interp(vt.asarray(xq), [0.0, 1.0, 2.0, 3.0], vt.asarray(zp), left=2j, right=-1.0),
             np.interp(xq, [0, 1, 2, 3], zp, left=2j, right=-1.0))


def test_interp_errors():
    x = vt.asarray([1.0])
    names_error(ValueError, "interp", vt.interp, x, vt.zeros(0), vt.zeros(0))
    names_error(ValueError, "interp", vt.interp, x, [1.0, 2.0], [1.0])
    names_error(ValueError, "interp", vt.interp, x, vt.ones((2, 2)), vt.ones(4))
    names_error(ValueError, "interp", vt.interp, x, [1.0, 2.0], [1.0, 2.0], period=0)
    names_error(ValueError, "interp", vt.interp, x, [1.0, 2.0], [1.0], period=1)
    names_error(TypeError, "interp", vt.interp, x, [1.0, 2.0], [1.0, 3.0], left=1j)


@pytest.mark.parametrize("dtype", [*FLOATS, "int32", *COMPLEX])
def test_trapezoid(dtype):
    y = values(dtype, (3, 7), seed=12, special=False)
    tol = 1e-5 if dtype in ("float32", "complex64") else 1e-12  # vt.sum's compensated sums vs NumPy's
    same(vt.trapezoid(vt.asarray(y)), np.trapezoid(y), rtol=tol)
    same(vt.trapezoid(strided(y), dx=0.5, axis=0), np.trapezoid(y, dx=0.5, axis=0), rtol=tol)
    x = np.array([0.0, 0.5, 1.5, 1.75, 3.0, 4.0, 6.5])
    same(vt.trapezoid(vt.asarray(y), x=vt.asarray(x)), np.trapezoid(y, x=x), rtol=tol)
    same(vt.trapezoid(vt.asarray(y), x=x[:3], axis=-2), np.trapezoid(y, x=x[:3], axis=-2), rtol=tol)
    xs = np.cumsum(values("float64", (3, 7), seed=13, special=False) ** 2, axis=1)
    same(vt.trapezoid(vt.asarray(y), x=vt.asarray(xs), axis=1), np.trapezoid(y, x=xs, axis=1), rtol=tol)
    same(vt.trapezoid(vt.asarray(y[:, :1])), np.trapezoid(y[:, :1]))  # one sample: 0
    same(vt.trapezoid(vt.asarray(y[:, :0])), np.trapezoid(y[:, :0]))


def test_trapezoid_bool_and_errors():
    b = np.array([True, False, True, True])
    same(vt.trapezoid(vt.asarray(b)), np.trapezoid(b))
    names_error(IndexError, "trapezoid", vt.trapezoid, vt.asarray(3.0))
    names_error(np.exceptions.AxisError, "trapezoid", vt.trapezoid, vt.ones((2, 2)), axis=2)
    names_error(ValueError, "trapezoid", vt.trapezoid, vt.ones((2, 3)), x=vt.ones(5))


@pytest.mark.parametrize("dtype", [*FLOATS, "int32", *COMPLEX])
def test_gradient(dtype):
    f = values(dtype, (5, 7), seed=14, special=False)
    tol = 1e-6 if dtype in ("float32", "complex64") else 1e-14  # coefficient products rounded in other orders
    for edge_order in (1, 2):
        for got, expected in zip(vt.gradient(vt.asarray(f), edge_order=edge_order),
                                 np.gradient(f, edge_order=edge_order), strict=True):
            same(got, expected, rtol=tol)
        same(vt.gradient(strided(f), 0.5, axis=-1, edge_order=edge_order),
             np.gradient(f, 0.5, axis=-1, edge_order=edge_order), rtol=tol)
        x = np.array([0.0, 0.5, 1.5, 1.75, 3.0, 4.0, 6.5])
        uniform = np.arange(5) * 2
        for got, expected in zip(vt.gradient(vt.asarray(f), vt.asarray(uniform), x, edge_order=edge_order),
                                 np.gradient(f, uniform, x, edge_order=edge_order), strict=True):
            same(got, expected, rtol=tol)
    one = f[0]
    same(vt.gradient(vt.asarray(one)), np.gradient(one), rtol=tol)
    same(vt.gradient(vt.asarray(one[:2])), np.gradient(one[:2]), rtol=tol)
    same(vt.gradient(vt.asarray(one[:3]), 2, edge_order=2), np.gradient(one[:3], 2, edge_order=2), rtol=tol)


def test_gradient_spacing_types_and_errors():
    f = np.array([1.0, 2.0, 4.0, 7.0, 11.0], np.float32)
    same(vt.gradient(vt.asarray(f), np.float64(0.5)), np.gradient(f, np.float64(0.5)), rtol=1e-7)
    same(vt.gradient(vt.asarray(f), vt.asarray([0.0, 1.0, 2.0, 3.0, 4.0])),
         np.gradient(f, np.array([0.0, 1.0, 2.0, 3.0, 4.0])))  # equal steps: uniform, the result float32
    names_error(ValueError, "gradient", vt.gradient, vt.asarray(f[:1]))
    names_error(ValueError, "gradient", vt.gradient, vt.asarray(f[:2]), edge_order=2)
    names_error(ValueError, "gradient", vt.gradient, vt.asarray(f), edge_order=3)
    names_error(TypeError, "gradient", vt.gradient, vt.ones((2, 2)), 1.0, 2.0, 3.0)
    names_error(ValueError, "gradient", vt.gradient, vt.asarray(f), vt.ones((5, 1)))
    names_error(ValueError, "gradient", vt.gradient, vt.asarray(f), vt.ones(4))
    names_error(TypeError, "gradient", vt.gradient, vt.asarray([True, False, True]))


@pytest.mark.parametrize("dtype", [*FLOATS, "int32", *COMPLEX])
def test_polyval(dtype):
    p = values(dtype, (5,), seed=15, special=False)
    x = values(dtype, (2, 3), seed=16, special=False)
    # Horner's rule as NumPy's: the same bits for real numbers; complex products round otherwise on the device
    tol = 1e-5 if dtype == "complex64" else 1e-13 if dtype == "complex128" else None
    same(vt.polyval(vt.asarray(p), vt.asarray(x)), np.polyval(p, x), tol)
    same(vt.polyval(strided(p), strided(x)), np.polyval(p, x), tol)
    same(vt.polyval([1.5, -2.0], vt.asarray(x)), np.polyval([1.5, -2.0], x), tol)
    same(vt.polyval(vt.asarray(p), 2), np.polyval(p, 2), tol)
    same(vt.polyval(vt.asarray(p[:0]), vt.asarray(x)), np.polyval(p[:0], x))
    names_error(TypeError, "polyval", vt.polyval, vt.asarray(2.0), vt.asarray(x))


SIGNAL_SIZES = [(7, 3), (3, 7), (5, 5), (6, 4), (4, 6), (1, 1), (1, 3), (11, 2)]


@pytest.mark.parametrize("dtype", ["int32", *FLOATS, *COMPLEX])
@pytest.mark.parametrize("sizes", SIGNAL_SIZES)
def test_convolve_correlate(dtype, sizes):
    a = values(dtype, (sizes[0],), seed=17, special=False)
    v = values(dtype, (sizes[1],), seed=18, special=False)
    tol = None if dtype == "int32" else 1e-5 if dtype in ("float32", "complex64") else 1e-13  # sums' orders
    for mode in ("full", "same", "valid"):
        same(vt.convolve(vt.asarray(a), vt.asarray(v), mode), np.convolve(a, v, mode), rtol=tol)
        same(vt.correlate(strided(a), strided(v), mode), np.correlate(a, v, mode), rtol=tol)
    same(vt.convolve(vt.asarray(a), vt.asarray(v)), np.convolve(a, v), rtol=tol)
    same(vt.correlate(vt.asarray(a), vt.asarray(v)), np.correlate(a, v), rtol=tol)


def test_convolve_correlate_types_and_errors():
    a, v = np.array([True, False, True]), np.array([True, True])
    for mode in ("full", "same", "valid"):
        same(vt.convolve(vt.asarray(a), vt.asarray(v), mode), np.convolve(a, v, mode))
        same(vt.correlate(vt.asarray(a), vt.asarray(v), mode), np.correlate(a, v, mode))
    i8 = np.array([100, 100, 100], np.int8)
    same(vt.convolve(vt.asarray(i8), vt.asarray(i8)), np.convolve(i8, i8))  # wraps as NumPy's
    same(vt.convolve([1, 2], vt.asarray([0.5, 1.0]), mode="f"), np.convolve([1, 2], [0.5, 1.0], mode="full"))
    same(vt.convolve(vt.asarray(2.0), [1.0, 3.0]), np.convolve(2.0, [1.0, 3.0]))
    names_error(ValueError, "convolve", vt.convolve, vt.zeros(0), vt.ones(2))
    names_error(ValueError, "convolve", vt.convolve, vt.ones(2), vt.zeros(0))
    names_error(ValueError, "correlate", vt.correlate, vt.zeros(0), vt.ones(2))
    names_error(ValueError, "correlate", vt.correlate, vt.ones(2), vt.zeros(0))
    names_error(ValueError, "convolve", vt.convolve, vt.ones((2, 2)), vt.ones(2))
    names_error(ValueError, "correlate", vt.correlate, vt.ones(2), vt.ones(2), mode="middle")


@pytest.mark.parametrize("dtype", ["int8", "int32", *FLOATS, *COMPLEX])
def test_ediff1d(dtype):
    a = values(dtype, (3, 5), seed=19)
    same(vt.ediff1d(vt.asarray(a)), np.ediff1d(a))
    same(vt.ediff1d(strided(a), to_begin=-1, to_end=[7, 8]), np.ediff1d(a, to_begin=-1, to_end=[7, 8]))
    same(vt.ediff1d(vt.asarray(a[:1, :1]), to_end=vt.asarray(a[0])), np.ediff1d(a[:1, :1], to_end=a[0]))
    same(vt.ediff1d(vt.asarray(a[0, 0])), np.ediff1d(a[0, 0]))
    same(vt.ediff1d(vt.asarray(a[:0])), np.ediff1d(a[:0]))


def test_ediff1d_errors():
    names_error(TypeError, "ediff1d", vt.ediff1d, vt.asarray([True, False]))
    names_error(TypeError, "ediff1d", vt.ediff1d, vt.asarray([1, 2]), to_begin=0.5)
    names_error(TypeError, "ediff1d", vt.ediff1d, vt.asarray([1, 2], dtype=vt.int32), to_end=vt.asarray([1.0]))


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
        a.flat[[4, 11]] = 0.0  # 0.0 (not -0.0: NumPy's hash unique keeps either sign)
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
    names_error(NotImplementedError, "unique", vt.unique, vt.ones((2, 2)), axis=0)
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


# -- errors name the function called -------------------------------------------------------------------------------
def test_errors_of_functions_called_inside_name_the_outer_one():
    # allclose runs isclose, nanstd nanvar, union1d unique, percentile quantile: the message names the call
    names_error(ValueError, "allclose", vt.allclose, vt.zeros(2), vt.zeros(3))
    names_error(TypeError, "nanstd", vt.nanstd, "text")
    message = names_error(ValueError, "percentile", vt.percentile, vt.asarray([1.0]), 50, method="weibull")
    assert "quantile" not in message.split(":")[0]
