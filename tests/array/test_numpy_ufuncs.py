"""NumPy's spellings of vulkit's elementwise functions, fabs, i0, fmax, fmin, bitwise_count, vdot, matvec and vecmat
(``vulkit.array.ops.numpy_ufuncs``) against NumPy: dtypes (bool, every integer, float32, float64, complex), shapes
(0-d, empty, one element, odd and prime sizes, broadcasting, strided and transposed views), special values (NaN,
infinities, -0.0, ties, integer extremes), ``out=`` and errors, which must be of NumPy's type and name the function
called first."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy_compat_helpers import COMPLEX, FLOATS, REFERENCE_MARKS, SPECIAL, ULP, names_error, same, strided, values

import vulkit as vt

pytestmark = REFERENCE_MARKS

INTEGERS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
DTYPES = ["bool", *INTEGERS, *FLOATS, *COMPLEX]
# the tolerance of vt's math library against libm: inverse trigonometric and hyperbolic functions measured within
# 3 ulps of NumPy's (complex ones, composed of several real functions, within 8); exact functions get None
INVERSE = ["arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh"]
EXACT = ["absolute", "conjugate", "fabs", "invert", "bitwise_not"]


def ulp(dtype: np.dtype) -> float:
    """One unit in the last place (relative) of a float or complex dtype's parts."""
    return float(np.finfo(np.dtype(dtype)).eps)


def tolerance(name: str, dtype: np.dtype, complex_input: bool = False) -> float | None:
    """The relative tolerance of ``name``'s results of ``dtype`` against NumPy's (None: exact): ``absolute`` of
    complex numbers is vt's hypot against libm's (an ulp)."""
    if np.dtype(dtype).kind not in "fc" or (name in EXACT and not (name == "absolute" and complex_input)):
        return None
    return (8 if complex_input else 4) * ulp(dtype)


def transposed(a: np.ndarray) -> vt.Array:
    """A transposed (non-contiguous) vt view holding a's values."""
    view = vt.asarray(np.ascontiguousarray(a.T)).T
    assert view.shape == a.shape
    return view


def check(name: str, *operands: np.ndarray, **kwargs: object) -> None:
    """vt's ``name`` of these operands (vt arrays of them; Python scalars as they are) against NumPy's: the same
    dtype, shape and values (to ``tolerance``), or NumPy's TypeError named."""
    args = [vt.asarray(v) if isinstance(v, np.ndarray) else v for v in operands]
    reference = getattr(np, name)
    try:
        with np.errstate(all="ignore"):
            expected = np.asarray(reference(*operands, **kwargs))
    except TypeError:
        names_error(TypeError, name, getattr(vt, name), *args, **kwargs)
        return
    result = getattr(vt, name)(*args, **kwargs)
    complex_input = any(np.asarray(v).dtype.kind == "c" for v in operands)
    same(result, expected, rtol=tolerance(name, expected.dtype, complex_input))
    if expected.dtype.kind in "fc" and name not in INVERSE:  # zeros' signs (assert_allclose ignores them)
        got = result.numpy()
        numbers = ~np.isnan(expected.real)
        assert (np.signbit(got.real) == np.signbit(expected.real))[numbers].all()


def integer_edges(dtype: str) -> np.ndarray:
    """A dtype's extremes, zero, small values, powers of two and their neighbours, negatives for signed dtypes."""
    info = np.iinfo(dtype)
    bits = np.iinfo(dtype).bits
    found = {int(info.min), int(info.max), int(info.max) - 1, 0, 1, 2, 3, 5, 6, 7}
    found |= {(1 << k) + d for k in range(bits - 1) for d in (-1, 0, 1)}
    if info.min < 0:
        found |= {-v for v in found if -v >= info.min} | {int(info.min) + 1}
    return np.array(sorted(v for v in found if info.min <= v <= info.max), dtype)


# -- NumPy's spellings: every dtype, special values --------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", [*INVERSE, "absolute", "conjugate", "fabs", "invert", "bitwise_not"])
def test_unary_spellings_every_dtype(name, dtype):
    x = values(dtype, (13,), seed=1)
    if np.dtype(dtype).kind in "fc":
        x = np.concatenate([x, np.array([0.25, -0.75, 1.0, 3.5, -1e30, 1e-30], dtype)])  # in every domain
    check(name, x)  # NumPy's types: bool, 8- and 16-bit integers give float16 and float32, int64 float64
    check(name, x[::-1][::2])
    if dtype in INTEGERS:
        check(name, integer_edges(dtype))


@pytest.mark.parametrize("name", INVERSE)
def test_inverse_functions_are_the_array_api_ones(name):
    x = np.array([-1.0, -0.5, -0.0, 0.0, 0.3, 1.0, 2.5, np.inf, -np.inf, np.nan])
    function = getattr(vt, name.replace("arc", "a"))
    same(getattr(vt, name)(vt.asarray(x)), function(vt.asarray(x)).numpy())  # the same bits


@pytest.mark.parametrize("name", ["arctan2", "left_shift", "right_shift"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_binary_spellings_every_dtype(name, dtype):
    a, b = values(dtype, (13,), seed=2), values(dtype, (13,), seed=3)
    if np.dtype(dtype).kind in "iu" and name != "arctan2":
        b = np.abs(b.astype(np.int64)).astype(dtype)  # shift counts; negative ones below
    check(name, a, b)


@pytest.mark.parametrize("dtype", FLOATS)
def test_arctan2_special_values(dtype):
    pairs = np.array(list(itertools.product(SPECIAL, SPECIAL))).astype(dtype)
    check("arctan2", pairs[:, 0], pairs[:, 1])  # signed zeros: ±0 and ±pi; infinities: multiples of pi / 4
    check("arctan2", strided(pairs[:, 0]).numpy(), pairs[:, 1])


@pytest.mark.parametrize("dtype", INTEGERS)
@pytest.mark.parametrize("name", ["left_shift", "right_shift"])
def test_shifts_integer_extremes(name, dtype):
    x = integer_edges(dtype)
    bits = np.iinfo(dtype).bits
    counts = [0, 1, bits - 1, bits, bits + 1, 2 * bits + 3] + ([-1, -bits] if dtype[0] == "i" else [])
    for count in counts:  # counts of the width or more give 0 (or -1 shifting a negative right), as NumPy's
        check(name, x, np.full(x.shape, count, dtype))
        check(name, x, count)  # a Python int stays weak: x's dtype
    check(name, x[:, None], np.array(counts, dtype))  # broadcasting
    check(name, 1, x[:5] % 7)  # a Python int against an array: the array's dtype


def test_spellings_mixed_types_and_scalars():
    i8, u8 = np.array([-3, 7, 0], np.int8), np.array([2, 250, 1], np.uint8)
    f32 = np.array([0.5, -2.0, 3.0], np.float32)
    check("arctan2", i8, u8)  # float32, from int16
    check("arctan2", i8, f32)
    check("arctan2", f32, 2.0)  # float32 kept
    check("arctan2", 1, 2)  # two Python ints: 0-d float64
    check("arctan2", np.float32(1.5), 2.0)  # NumPy's scalars are not weak: float32
    check("arctan2", f32, np.float64(2.0))  # float64
    check("left_shift", i8, u8)  # int16
    check("right_shift", u8, 1)
    check("absolute", -3)  # 0-d int64
    check("absolute", -2.5)
    check("fabs", -3)
    check("conjugate", 1 - 2j)
    check("invert", True)
    check("arccos", [0.5, 1.0])  # a list: the default float
    for name in ("left_shift", "right_shift"):  # NumPy: no integer loop for uint64 with int64 (float64)
        names_error(TypeError, name, getattr(vt, name), vt.asarray(np.array([1], np.uint64)),
                    vt.asarray(np.array([1], np.int64)))
    check("arctan2", np.array([1], np.uint64), np.array([2], np.int64))  # float64
    names_error(OverflowError, "left_shift", vt.left_shift, vt.asarray(u8), 300)
    names_error(OverflowError, "right_shift", vt.right_shift, vt.asarray(u8), -1)


@pytest.mark.parametrize("name", ["absolute", "arcsinh", "fabs", "invert", "arctan2", "right_shift"])
@pytest.mark.parametrize("shape", [(), (0,), (1,), (7,), (2, 0, 3), (3, 5, 2)])
def test_spellings_shapes(name, shape):
    dtype = "int32" if name in ("invert", "right_shift") else "float64"
    x = values(dtype, shape, seed=4)
    operands = (x,) if getattr(np, name).nin == 1 else (x, np.abs(values(dtype, shape[-1:], seed=5)))
    check(name, *operands)
    if len(shape) >= 2:
        result = getattr(vt, name)(transposed(x), *(vt.asarray(v) for v in operands[1:]))
        same(result, getattr(np, name)(*operands), rtol=tolerance(name, np.dtype(dtype)))


@pytest.mark.parametrize("name", ["absolute", "arccos", "fabs", "conjugate", "invert", "left_shift", "arctan2"])
def test_spellings_out(name):
    integer = name in ("invert", "left_shift")
    x = np.array([1, 2, 5], np.int16) if integer else np.array([0.25, -0.5, 1.0], np.float32)
    operands = (x,) if getattr(np, name).nin == 1 else (x, x[::-1])
    expected = getattr(np, name)(*operands)
    for dtype in (expected.dtype, np.int64 if integer else np.float64):  # the result's dtype, and wider
        out = vt.zeros(3, dtype=str(np.dtype(dtype)))
        assert getattr(vt, name)(*(vt.asarray(v) for v in operands), out=out) is out
        same(out, expected.astype(dtype), rtol=None if name in EXACT or integer else ULP["float32"])
    out = vt.zeros(3, dtype=vt.bool)  # NumPy's same_kind casting: not of ints and floats into bool
    names_error(TypeError, name, getattr(vt, name), *(vt.asarray(v) for v in operands), out=out)
    out2 = vt.zeros((2, 3), dtype=str(expected.dtype))  # the result broadcast into out
    getattr(vt, name)(*(vt.asarray(v) for v in operands), out=out2)
    same(out2, np.broadcast_to(expected, (2, 3)), rtol=None if name in EXACT or integer else ULP["float32"])


def test_spellings_errors():
    c, f, i = vt.asarray(np.array([1j])), vt.ones(2), vt.asarray(np.array([1, 2], np.int32))
    for name, args in [("arctan2", (c, 1.0)), ("fabs", (c,)), ("invert", (f,)), ("bitwise_not", (f,)),
                       ("left_shift", (f, 1)), ("right_shift", (i, 1.5)), ("invert", (c,))]:
        message = names_error(TypeError, name, getattr(vt, name), *args)
        assert "not supported" in message
    names_error(ValueError, "arctan2", vt.arctan2, vt.ones(2), vt.ones(3))
    names_error(ValueError, "left_shift", vt.left_shift, i, vt.ones(3, dtype=vt.int32))
    names_error(TypeError, "arccos", vt.arccos, f, f)  # one operand
    names_error(TypeError, "arctan2", vt.arctan2, f)  # two
    names_error(TypeError, "absolute", vt.absolute, f, out=f.numpy())  # out must be a vulkit array


# -- fmax, fmin --------------------------------------------------------------------------------------------------------
def documented(name: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """NumPy's documented fmax / fmin: ``where(isnan(b) | (a >= b), a, b)`` (<= for fmin), NaN ignored."""
    keep = np.isnan(b) | (a >= b if name == "fmax" else a <= b)
    return np.where(keep, a, b)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("name", ["fmax", "fmin"])
def test_fmax_fmin_special_values(name, dtype):
    pairs = np.array(list(itertools.product(SPECIAL, SPECIAL))).astype(dtype)
    a, b = pairs[:, 0], pairs[:, 1]
    result = getattr(vt, name)(vt.asarray(a), vt.asarray(b))
    same(result, documented(name, a, b))  # exactly, zeros' signs too: the first of tied -0.0 and +0.0
    zeros = (a == 0) & (b == 0)
    same(vt.asarray(result.numpy()[~zeros]), getattr(np, name)(a, b)[~zeros])  # NumPy's (its SIMD loop varies on ties)
    same(getattr(vt, name)(vt.asarray(np.array([-0.0, 0.0], dtype)), vt.asarray(np.array([0.0, -0.0], dtype))),
         np.array([-0.0, 0.0], dtype))  # x1 of each tie, as documented
    same(getattr(vt, name)(strided(a), vt.asarray(b)), documented(name, a, b))


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("name", ["fmax", "fmin"])
def test_fmax_fmin_complex(name, dtype):
    parts = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan]
    c = np.array([complex(r, i) for r in parts for i in parts], dtype)
    a, b = (m.ravel() for m in np.meshgrid(c, c))  # NumPy's loop: lexicographic, NaN parts ignored where possible
    got, expected = getattr(vt, name)(vt.asarray(a), vt.asarray(b)).numpy(), getattr(np, name)(a, b)
    assert got.dtype == expected.dtype
    for part in (np.real, np.imag):
        np.testing.assert_array_equal(part(got), part(expected))
        assert (np.signbit(part(got)) == np.signbit(part(expected))).all()


@pytest.mark.parametrize("dtype", ["bool", *INTEGERS])
@pytest.mark.parametrize("name", ["fmax", "fmin"])
def test_fmax_fmin_integers(name, dtype):
    if dtype == "bool":
        a, b = np.array([True, False, True, False]), np.array([True, True, False, False])
    else:
        edges = integer_edges(dtype)
        a, b = (m.ravel() for m in np.meshgrid(edges, edges[::3]))
    check(name, a, b)
    check(name, b, a)
    check(name, a, 1)


@pytest.mark.parametrize("name", ["fmax", "fmin"])
def test_fmax_fmin_types_shapes_and_out(name):
    function = getattr(vt, name)
    i8, f32 = np.array([-3, 7, 2], np.int8), np.array([0.5, np.nan, -0.0], np.float32)
    check(name, i8, f32)  # float32
    check(name, f32, np.nan)  # a Python float stays weak: float32, the array's values
    check(name, i8, 2.5)  # a Python float with integers: float64
    check(name, np.array([True, False]), 3)  # int64
    check(name, 2.0, np.nan)  # 0-d
    for shape in ((), (0,), (1,), (11,), (2, 0), (4, 3)):
        a, b = values("float64", shape, seed=6), values("float64", shape[-1:], seed=7)
        check(name, a, b)
    m = values("float32", (5, 7), seed=8)
    same(function(transposed(m), vt.asarray(m[:, 2:3])), getattr(np, name)(m, m[:, 2:3]))
    out = vt.zeros(3)
    assert function(vt.asarray(f32), 1.0, out=out) is out
    same(out, getattr(np, name)(f32, 1.0).astype(np.float64))
    names_error(TypeError, name, function, vt.asarray(f32), 1.0, out=vt.zeros(3, dtype=vt.int32))
    names_error(ValueError, name, function, vt.zeros(2), vt.zeros(3))
    names_error(TypeError, name, function, vt.zeros(2))


# -- bitwise_count -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bool", *INTEGERS])
def test_bitwise_count_every_integer_dtype(dtype):
    if dtype == "bool":
        x = np.array([True, False])
    elif np.iinfo(dtype).bits <= 16:
        info = np.iinfo(dtype)
        x = np.arange(int(info.min), int(info.max) + 1).astype(dtype)  # every value
    else:
        info = np.iinfo(dtype)
        random = np.random.default_rng(9).integers(int(info.min), int(info.max), 997, dtype=dtype, endpoint=True)
        x = np.concatenate([integer_edges(dtype), random])
    check("bitwise_count", x)  # uint8, the magnitude's bits: int_min's is 1
    check("bitwise_count", x[::-3])
    same(vt.bitwise_count(strided(x)), np.bitwise_count(x))


def test_bitwise_count_scalars_shapes_out_and_errors():
    for value in (0, -1, 7, -(2**63), 2**63 - 1, True):
        check("bitwise_count", value)  # Python ints: int64's loop, 0-d uint8
    for shape in ((), (0,), (1,), (2, 0, 3), (3, 5)):
        check("bitwise_count", values("int16", shape, seed=10))
    m = values("int64", (4, 6), seed=11) * 123457
    same(vt.bitwise_count(transposed(m)), np.bitwise_count(m))
    out = vt.zeros(3, dtype=vt.int16)
    assert vt.bitwise_count(vt.asarray(np.array([-1, 255, 256], np.int32)), out=out) is out
    same(out, np.array([1, 8, 1], np.int16))
    for bad in (vt.ones(2), vt.asarray(np.array([1j])), vt.ones(2, dtype=vt.float32)):
        names_error(TypeError, "bitwise_count", vt.bitwise_count, bad)
    names_error(TypeError, "bitwise_count", vt.bitwise_count, vt.asarray(np.array([3], np.int8)),
                out=vt.zeros(1, dtype=vt.bool))
    names_error(TypeError, "bitwise_count", vt.bitwise_count, 2**64)  # NumPy: an object array; vt has none


# -- i0 ----------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bool", *INTEGERS, "float16", *FLOATS])
def test_i0_types_and_values(dtype):
    x = values(dtype, (19,), seed=12, special=False)
    if np.dtype(dtype).kind == "f":
        x = np.concatenate([x, np.array([0.0, -0.0, 1e-3, 8.0, -8.0, 30.0, np.nan], dtype)])
    expected = np.i0(x)  # float64 for integers and bool of every width, floats keep their dtype
    # vt.special.i0 (within 7 ulps of the true value) against NumPy's Chebyshev series, computed in float16 and
    # float32 arithmetic where x is: theirs is the larger error
    rtol = {"float16": 2e-3, "float32": 8 * ULP["float32"]}.get(dtype, 8 * ULP["float64"])
    same(vt.i0(vt.asarray(x)), expected, rtol=rtol)
    same(vt.i0(strided(x)), expected, rtol=rtol)


def test_i0_scalars_shapes_and_differences():
    for value in (0.5, 3, True, -2.25):
        same(vt.i0(value), np.i0(value), rtol=8 * ULP["float64"])  # 0-d float64
    same(vt.i0([1, 2]), np.i0([1, 2]), rtol=8 * ULP["float64"])
    for shape in ((0,), (1,), (2, 0, 3), (3, 4)):
        x = values("float64", shape, seed=13, special=False)
        same(vt.i0(vt.asarray(x)), np.i0(x), rtol=8 * ULP["float64"])
    m = values("float32", (3, 5), seed=14, special=False)
    same(vt.i0(transposed(m)), np.i0(m), rtol=8 * ULP["float32"])
    # the mathematical values where NumPy's series gives NaN (±inf) or overflows early (above 709.78)
    same(vt.i0(vt.asarray([np.inf, -np.inf])), np.array([np.inf, np.inf]))
    x = np.array([710.0, 713.0])
    series = 1 + 1 / (8 * x) + 9 / (128 * x**2) + 225 / (3072 * x**3)  # the asymptotic series, to 1e-13 here
    np.testing.assert_allclose(np.log(vt.i0(vt.asarray(x)).numpy()), x - np.log(2 * np.pi * x) / 2 + np.log(series),
                               rtol=1e-14)
    message = names_error(TypeError, "i0", vt.i0, vt.asarray(np.array([1 + 1j])))
    assert "complex" in message
    names_error(TypeError, "i0", vt.i0, 1j)
    names_error(TypeError, "i0", vt.i0, vt.ones(2), out=vt.ones(2))  # a plain function: no out=


# -- vdot --------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_vdot_every_dtype(dtype):
    a, b = values(dtype, (3, 5), seed=15, special=False), values(dtype, (15,), seed=16, special=False)
    rtol, atol = product_tolerance(np.dtype(dtype), 15)
    same(vt.vdot(vt.asarray(a), vt.asarray(b)), np.vdot(a, b), rtol=rtol, atol=atol)  # flattened, 0-d; ints wrap
    same(vt.vdot(transposed(a), strided(b)), np.vdot(a, b), rtol=rtol, atol=atol)  # views of them


def test_vdot_conjugates_the_first_only():
    a, b = np.array([1 + 2j, 3 - 1j, -2j]), np.array([2 - 1j, 1j, 4 + 0j])
    same(vt.vdot(vt.asarray(a), vt.asarray(b)), np.vdot(a, b))
    same(vt.vdot(vt.asarray(b), vt.asarray(a)), np.vdot(b, a))
    same(vt.vdot(vt.asarray(a), vt.asarray(np.array([1.0, 2.0, 3.0]))), np.vdot(a, [1.0, 2.0, 3.0]))


def test_vdot_types_shapes_and_errors():
    same(vt.vdot(vt.asarray(np.array([1, 2], np.int8)), vt.asarray(np.array([3.5, 1.0], np.float32))),
         np.vdot(np.array([1, 2], np.int8), np.array([3.5, 1.0], np.float32)))  # float32
    same(vt.vdot([1, 2], [3, 4]), np.vdot([1, 2], [3, 4]))  # lists: int64
    same(vt.vdot(3, 4), np.vdot(3, 4))  # 0-d operands: one element each
    same(vt.vdot(vt.asarray(np.array([True, False])), vt.asarray(np.array([False, True]))),
         np.vdot([True, False], [False, True]))  # bool: False
    same(vt.vdot(vt.zeros((0,), dtype=vt.int8), vt.zeros((2, 0), dtype=vt.int8)), np.vdot(np.zeros(0, np.int8),
                                                                                           np.zeros((2, 0), np.int8)))
    same(vt.vdot(vt.ones(1), vt.ones((1, 1))), np.vdot(np.ones(1), np.ones((1, 1))))
    names_error(ValueError, "vdot", vt.vdot, vt.ones(2), vt.ones(3))
    names_error(TypeError, "vdot", vt.vdot, vt.ones(2))


# -- matvec, vecmat ----------------------------------------------------------------------------------------------------
def product_tolerance(dtype: np.dtype, n: int) -> tuple[float | None, float]:
    """(rtol, atol) of sums of ``n`` products of values up to 8 in magnitude (vt's order of additions against
    NumPy's): exact for integers and bool."""
    if dtype.kind not in "fc":
        return None, 0.0
    rtol = 4 * n * ulp(dtype)
    return rtol, 64 * n * rtol


def check_product(name: str, x1: np.ndarray, x2: np.ndarray) -> None:
    """vt's matvec / vecmat against NumPy's, of contiguous arrays and of strided and transposed views."""
    expected = getattr(np, name)(x1, x2)
    rtol, atol = product_tolerance(expected.dtype, x1.shape[-1] if name == "vecmat" else x2.shape[-1])
    same(getattr(vt, name)(vt.asarray(x1), vt.asarray(x2)), expected, rtol=rtol, atol=atol)
    same(getattr(vt, name)(strided(x1), transposed(x2)), expected, rtol=rtol, atol=atol)


@pytest.mark.parametrize("dtype", DTYPES)
def test_matvec_vecmat_every_dtype(dtype):
    m, v = values(dtype, (5, 7), seed=17, special=False), values(dtype, (7,), seed=18, special=False)
    check_product("matvec", m, v)  # typed as NumPy's; integers wrap
    check_product("vecmat", v, m.T.copy())  # vecmat conjugates the vector
    check_product("vecmat", v[:5], m)


@pytest.mark.parametrize("shapes", [((2, 3), (3,)), ((4, 2, 3), (3,)), ((2, 3), (5, 3)), ((2, 1, 3, 4), (5, 4)),
                                    ((1, 1), (1,)), ((3, 0), (0,)), ((0, 3), (3,)), ((2, 0, 3), (1, 3)),
                                    ((3, 1, 2, 2), (1, 4, 2))])
def test_matvec_vecmat_shapes(shapes):
    matrix_shape, vector_shape = shapes
    m, v = values("float64", matrix_shape, seed=19), values("float64", vector_shape, seed=20)
    m[np.isinf(m) | np.isnan(m)] = 1.5  # products of infinities: NaN where NumPy's may add them up otherwise
    v[np.isinf(v) | np.isnan(v)] = -2.0
    check_product("matvec", m, v)
    mt = np.swapaxes(m, -1, -2).copy()
    check_product("vecmat", v, mt)


def test_vecmat_conjugates_matvec_does_not():
    m = np.array([[1 + 1j, 2 - 1j], [0.5j, -3 + 0j]])
    v = np.array([1 - 2j, 3 + 1j])
    same(vt.matvec(vt.asarray(m), vt.asarray(v)), np.matvec(m, v))
    same(vt.vecmat(vt.asarray(v), vt.asarray(m)), np.vecmat(v, m))
    same(vt.vecmat(vt.asarray(v), vt.asarray(m)), np.conj(v) @ m)
    same(vt.vecmat(vt.asarray(v.real.copy()), vt.asarray(m)), np.vecmat(v.real, m))  # complex128


@pytest.mark.parametrize("name", ["matvec", "vecmat"])
def test_matvec_vecmat_types_out_and_errors(name):
    function = getattr(vt, name)
    i8, f32 = np.array([[1, -2], [3, 4]], np.int8), np.array([0.5, 2.0], np.float32)
    for x1, x2 in ((i8, f32), (f32, i8), (i8.astype(bool), np.array([True, False])), (i8, np.array([1, 2]))):
        if name == "matvec":
            x1, x2 = (x1, x2) if x1.ndim == 2 else (x2, x1)
        else:
            x1, x2 = (x1, x2) if x1.ndim == 1 else (x2, x1)
        same(function(vt.asarray(x1), vt.asarray(x2)), getattr(np, name)(x1, x2))  # NumPy's loop types
    matrix, vector = [[1.0, 2.0], [3.0, 4.0]], [1.0, -1.0]
    args = (matrix, vector) if name == "matvec" else (vector, matrix)
    same(function(*args), getattr(np, name)(*args))  # lists
    out = vt.zeros(2)
    assert function(*(vt.asarray(a) for a in args), out=out) is out
    same(out, getattr(np, name)(*args))
    names_error(TypeError, name, function, *(vt.asarray(a) for a in args), out=vt.zeros(2, dtype=vt.int32))
    vector_first = name == "vecmat"
    few = (vt.ones(3), vt.ones(3))
    message = names_error(ValueError, name, function, *few)
    assert "does not have enough dimensions" in message
    mismatch = (vt.ones(2), vt.ones((3, 2))) if vector_first else (vt.ones((2, 3)), vt.ones(2))
    message = names_error(ValueError, name, function, *mismatch)
    assert "mismatch in its core dimension" in message
    batch = (vt.ones((2, 3)), vt.ones((4, 3, 5))) if vector_first else (vt.ones((2, 2, 3)), vt.ones((3, 3)))
    names_error(ValueError, name, function, *batch)
    names_error(ValueError, name, function, 2.0, vt.ones((2, 2)))
