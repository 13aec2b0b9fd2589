"""NumPy's elementwise aliases, compositions, comparisons and predicates (``vulkit.array.ops.numpy_math``) against
NumPy: dtypes, shapes (empty, 0-d, one element, broadcasting), special values (NaN, infinities, -0.0, ties), ``out=``
and errors, which must name the function called first."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from array_helpers import RTOL
from numpy_compat_helpers import (
    COMPLEX,
    FLOATS,
    HAS_F64,
    INTS,
    REFERENCE_MARKS,
    SPECIAL,
    ULP,
    names_error,
    same,
    strided,
    values,
)

import vulkit as vt

pytestmark = REFERENCE_MARKS


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
    # signed zeros, infinities, NaN and exact cubes exactly, against their roots written out: libm's cbrt misses
    # even these on some hosts (glibc's cbrtf(27) is 2.9999998; an AMD EPYC host's NumPy gave cbrt(27.0) = 3 + 4e-16)
    exact = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -8.0, 27.0, -1.0, 1000.0], dtype)
    same(vt.cbrt(strided(exact)), np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -2.0, 3.0, -1.0, 10.0], dtype))
    ints = np.array([-27, 8, 0, 1000], np.int32)
    same(vt.cbrt(vt.asarray(ints)), np.array([-3.0, 2.0, 0.0, 10.0], np.cbrt(ints).dtype))
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


def test_numpy_float64_scalars_are_typed_strongly():
    # np.float64 subclasses Python's float, but NEP 50 types it as float64, not as a weak Python scalar
    x = np.ones(3, np.float32)
    for got, expected in ((vt.fmod(np.float32(7), np.float64(2)), np.fmod(np.float32(7), np.float64(2))),
                          (vt.power(vt.asarray(x), np.float64(2)), np.power(x, np.float64(2))),
                          (vt.power(vt.asarray(x), 2.0), np.power(x, 2.0))):
        same(got, expected)
