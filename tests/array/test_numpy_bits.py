"""NumPy's bit packing, gcd and lcm, the parts of floating-point numbers and the other functions of
``vulkit.array.ops.numpy_bits`` against NumPy: dtypes, shapes (0-d, empty, one element, odd and prime sizes,
broadcasting, strided and transposed views), special values (NaN, infinities, -0.0, subnormals, integer extremes),
``out=`` and errors, which must be of NumPy's type and name the function called first."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numpy_compat_helpers import FLOATS, REFERENCE_MARKS, SPECIAL, ULP, names_error, same, strided, values

import vulkit as vt

pytestmark = REFERENCE_MARKS

INTEGERS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def edges(dtype: str) -> np.ndarray:
    """Special values of a float dtype: SPECIAL's, its extremes and subnormals, values next to powers of two."""
    info = np.finfo(dtype)
    tiny = info.smallest_subnormal
    extra = [info.max, -info.max, info.smallest_normal, -info.smallest_normal, tiny, -tiny, 3 * tiny, -5 * tiny,
             info.smallest_normal - tiny, np.nextafter(1, 0), np.nextafter(2, 0), 0.1, -1e30, 1e-30, 4.0, 1024.5]
    return np.concatenate([SPECIAL, extra]).astype(dtype)


def integer_grid(dtype: str) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of a dtype's extremes, zero, small values and their negatives (for signed dtypes)."""
    info = np.iinfo(dtype)
    grid = sorted({int(info.min), int(info.max), int(info.max) - 1, 0, 1, 2, 6, 12, 18, 35, 64}
                  | ({-1, -6, -12, -35, int(info.min) + 1} if info.min < 0 else set()))
    pairs = np.array(list(itertools.product(grid, grid)), dtype=object)
    return pairs[:, 0].astype(dtype), pairs[:, 1].astype(dtype)


def transposed(a: np.ndarray) -> vt.Array:
    """A transposed (non-contiguous) vt view holding a's values."""
    view = vt.asarray(np.ascontiguousarray(a.T)).T
    assert view.shape == a.shape
    return view


# -- packbits and unpackbits -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bool", *INTEGERS])
def test_packbits_every_integer_dtype(dtype):
    a = values(dtype, (3, 13))  # signed ones from -9: nonzero is a set bit, negative or not
    a[0, :4] = 0
    for bitorder in ("big", "little"):
        same(vt.packbits(vt.asarray(a), bitorder=bitorder), np.packbits(a, bitorder=bitorder))
        for axis in (0, 1, -1):
            same(vt.packbits(vt.asarray(a), axis=axis, bitorder=bitorder), np.packbits(a, axis=axis,
                                                                                       bitorder=bitorder))
    if dtype != "bool":
        info = np.iinfo(dtype)
        extremes = np.array([info.min, info.max, 0, 1, info.max, 0, 0, info.min, 1], dtype)
        same(vt.packbits(vt.asarray(extremes)), np.packbits(extremes))


@pytest.mark.parametrize("shape", [(), (0,), (1,), (8,), (17,), (2, 0, 3), (0, 5), (3, 7, 2)])
def test_packbits_shapes(shape):
    a = values("bool", shape, seed=2)
    same(vt.packbits(vt.asarray(a)), np.packbits(a))  # axis None: flattened; 0-d: one element
    for axis in range(max(len(shape), 1)):
        same(vt.packbits(vt.asarray(a), axis=axis), np.packbits(a, axis=axis))


def test_packbits_views_and_host_data():
    a = values("int32", (11, 9), seed=3)
    same(vt.packbits(strided(a), axis=0), np.packbits(a, axis=0))
    same(vt.packbits(transposed(a), axis=1, bitorder="little"), np.packbits(a, axis=1, bitorder="little"))
    same(vt.packbits(vt.asarray(a)[::2, ::-3], axis=1), np.packbits(a[::2, ::-3], axis=1))
    same(vt.packbits([1, 0, 1]), np.packbits([1, 0, 1]))  # a list: the default int


def test_packbits_errors():
    names_error(TypeError, "packbits", vt.packbits, vt.asarray([1.0, 0.0]))
    names_error(TypeError, "packbits", vt.packbits, [1.5])
    names_error(TypeError, "packbits", vt.packbits, vt.asarray(np.array([1j])))
    for bitorder in ("lit", "L", "middle"):
        names_error(ValueError, "packbits", vt.packbits, vt.asarray([1, 0]), bitorder=bitorder)
    names_error(TypeError, "packbits", vt.packbits, vt.asarray([1, 0]), bitorder=None)
    names_error(np.exceptions.AxisError, "packbits", vt.packbits, vt.zeros((2, 3), dtype=vt.bool), axis=2)
    names_error(np.exceptions.AxisError, "packbits", vt.packbits, vt.zeros((2, 3), dtype=vt.bool), axis=-3)
    names_error(TypeError, "packbits", vt.packbits, vt.zeros((2, 3), dtype=vt.bool), axis=1.0)


@pytest.mark.parametrize("count", [None, 0, 1, 5, 8, 13, 40, 43, 60, -1, -7, -8, -39, -40])
@pytest.mark.parametrize("bitorder", ["big", "little"])
def test_unpackbits_counts(count, bitorder):
    a = np.random.default_rng(4).integers(0, 256, (5, 3)).astype(np.uint8)
    a[0] = [0, 255, 128]
    kwargs = {"count": count, "bitorder": bitorder}
    same(vt.unpackbits(vt.asarray(a), **kwargs), np.unpackbits(a, **kwargs))  # flattened: 15 bytes, 120 bits
    same(vt.unpackbits(vt.asarray(a), axis=0, **kwargs), np.unpackbits(a, axis=0, **kwargs))  # 40 bits
    if count is None or count >= -24:
        same(vt.unpackbits(transposed(a), axis=1, **kwargs), np.unpackbits(a, axis=1, **kwargs))  # 24 bits


@pytest.mark.parametrize("shape", [(), (0,), (1,), (7,), (2, 0, 3), (3, 1, 2)])
def test_unpackbits_shapes(shape):
    a = np.random.default_rng(5).integers(0, 256, shape).astype(np.uint8)
    same(vt.unpackbits(vt.asarray(a)), np.unpackbits(a))
    for axis in range(max(len(shape), 1)):
        same(vt.unpackbits(vt.asarray(a), axis=axis), np.unpackbits(a, axis=axis))
        same(vt.unpackbits(vt.asarray(a), axis=axis, count=-0), np.unpackbits(a, axis=axis, count=-0))
    same(vt.unpackbits(strided(a)), np.unpackbits(a))
    same(vt.unpackbits(vt.asarray(a), bitorder="l"), np.unpackbits(a, bitorder="l"))  # NumPy reads the 1st letter


def test_unpackbits_of_nothing_pads_with_zeros():
    # NumPy 2.4 leaves these bits uninitialized (garbage); padding is zeros elsewhere, here too
    same(vt.unpackbits(vt.zeros((2, 0), dtype=vt.uint8), axis=1, count=3), np.zeros((2, 3), np.uint8))


def test_packbits_unpackbits_round_trip():
    a = values("bool", (4, 21), seed=6).astype(np.uint8)
    packed = vt.packbits(vt.asarray(a), axis=1, bitorder="little")
    same(vt.unpackbits(packed, axis=1, count=21, bitorder="little"), a)


def test_unpackbits_errors():
    for dtype in ("int8", "bool", "uint16", "float32"):
        names_error(TypeError, "unpackbits", vt.unpackbits, vt.asarray(np.zeros(2, dtype)))
    names_error(TypeError, "unpackbits", vt.unpackbits, [3])  # the default int
    a = vt.asarray(np.array([3, 4], np.uint8))
    names_error(ValueError, "unpackbits", vt.unpackbits, a, count=-17)
    names_error(TypeError, "unpackbits", vt.unpackbits, a, count=2.5)
    names_error(ValueError, "unpackbits", vt.unpackbits, a, bitorder="q")
    names_error(ValueError, "unpackbits", vt.unpackbits, a, bitorder="L")
    names_error(TypeError, "unpackbits", vt.unpackbits, a, bitorder=None)
    names_error(np.exceptions.AxisError, "unpackbits", vt.unpackbits, a, axis=1)


# -- gcd and lcm -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", INTEGERS)
@pytest.mark.parametrize("name", ["gcd", "lcm"])
def test_gcd_lcm_every_integer_dtype(name, dtype):
    a, b = integer_grid(dtype)  # int_min's magnitude wraps, lcm overflows wrap, as NumPy's
    function, reference = getattr(vt, name), getattr(np, name)
    same(function(vt.asarray(a), vt.asarray(b)), reference(a, b))
    same(function(strided(b), vt.asarray(a)), reference(b, a))
    same(function(vt.asarray(a), 6), reference(a, 6))  # a Python int stays weak
    # the longest runs of Euclid's algorithm: consecutive Fibonacci numbers, the smaller first
    fib = [1, 2]
    while fib[-1] + fib[-2] <= np.iinfo(dtype).max:
        fib.append(fib[-1] + fib[-2])
    small, large = np.array(fib[-8:-1], dtype), np.array(fib[-7:], dtype)
    same(function(vt.asarray(small), vt.asarray(large)), reference(small, large))


@pytest.mark.parametrize("name", ["gcd", "lcm"])
def test_gcd_lcm_shapes_types_and_out(name):
    function, reference = getattr(vt, name), getattr(np, name)
    a, b = values("int32", (5, 1), seed=7), values("int32", (13,), seed=8)
    same(function(vt.asarray(a), vt.asarray(b)), reference(a, b))  # broadcasting
    m = values("int64", (6, 4), seed=9) * 12
    same(function(transposed(m), vt.asarray(m[:, :1])), reference(m, m[:, :1]))
    for shape in ((), (0,), (1,), (2, 0)):
        x = np.full(shape, -12, np.int16)
        same(function(vt.asarray(x), vt.asarray(np.full(shape[-1:], 18, np.int16))), reference(x, 18))
    same(function(12, -18), reference(12, -18))  # two Python ints: 0-d, the default int
    same(function(0, 0), reference(0, 0))
    u8, i8 = np.array([100, 255, 0], np.uint8), np.array([3, -128, 5], np.int8)
    same(function(vt.asarray(u8), vt.asarray(i8)), reference(u8, i8))  # int16
    same(function(vt.asarray(np.array([True, False])), vt.asarray(i8[:2])), reference(np.array([True, False]), i8[:2]))
    out = vt.zeros(3, dtype=vt.int64)
    assert function(vt.asarray(u8), 4, out=out) is out
    same(out, reference(u8, 4).astype(np.int64))


@pytest.mark.parametrize("name", ["gcd", "lcm"])
def test_gcd_lcm_errors(name):
    function = getattr(vt, name)
    names_error(TypeError, name, function, vt.asarray([6.0]), 4)
    names_error(TypeError, name, function, vt.asarray(np.array([6], np.int32)), 4.0)
    names_error(TypeError, name, function, vt.asarray(np.array([True])), vt.asarray(np.array([True])))
    names_error(TypeError, name, function, vt.asarray(np.array([6], np.uint64)), vt.asarray(np.array([4], np.int64)))
    names_error(TypeError, name, function, vt.asarray(np.array([1j])), 2)
    names_error(OverflowError, name, function, vt.asarray(np.array([6], np.uint8)), 300)
    names_error(OverflowError, name, function, vt.asarray(np.array([6], np.uint8)), -3)
    names_error(ValueError, name, function, vt.zeros(2, dtype=vt.int32), vt.zeros(3, dtype=vt.int32))


# -- frexp, ldexp, modf, spacing ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_frexp(dtype):
    x = np.concatenate([edges(dtype), values(dtype, (29,), seed=10, special=False) * 1e3]).astype(dtype)
    same(vt.frexp(vt.asarray(x))[0], np.frexp(x)[0])
    same(vt.frexp(vt.asarray(x))[1], np.frexp(x)[1])  # int32 exponents, 0 for 0, inf and NaN
    mantissa, exponent = vt.frexp(strided(x[::-1]))
    same(mantissa, np.frexp(x[::-1])[0])
    same(exponent, np.frexp(x[::-1])[1])
    same(vt.ldexp(*vt.frexp(vt.asarray(x))), x)  # the round trip is exact
    powers = np.ldexp(np.ones(13, dtype), np.linspace(np.finfo(dtype).minexp - np.finfo(dtype).nmant,
                                                      np.finfo(dtype).maxexp - 1, 13).astype(np.int32))
    for scale in (1.0, np.nextafter(np.array(1.0, dtype), 0), np.nextafter(np.array(1.0, dtype), 2)):
        p = (powers * np.array(scale, dtype)).astype(dtype)  # powers of two and the floats next to them
        same(vt.frexp(vt.asarray(p))[0], np.frexp(p)[0])
        same(vt.frexp(vt.asarray(p))[1], np.frexp(p)[1])


def test_frexp_types_shapes_and_out():
    for dtype in ("int16", "int32", "uint32"):  # float32, float64, float64 as NumPy's
        a = values(dtype, (7,))
        for got, expected in zip(vt.frexp(vt.asarray(a)), np.frexp(a), strict=True):
            same(got, expected)
    for got, expected in zip(vt.frexp(-6.0), np.frexp(-6.0), strict=True):  # a Python float: 0-d
        same(got, expected)
    for shape in ((0,), (2, 0, 3), (1,)):
        for got, expected in zip(vt.frexp(vt.zeros(shape) + 3.0), np.frexp(np.zeros(shape) + 3.0), strict=True):
            same(got, expected)
    m, e = vt.zeros(3), vt.zeros(3, dtype=vt.int64)
    assert vt.frexp(vt.asarray([1.0, 6.0, -0.25]), out=(m, e)) == (m, e)
    same(m, np.frexp([1.0, 6.0, -0.25])[0])
    same(e, np.frexp([1.0, 6.0, -0.25])[1].astype(np.int64))
    names_error(TypeError, "frexp", vt.frexp, vt.asarray(np.array([1j])))
    names_error(TypeError, "frexp", vt.frexp, vt.asarray([1.0]), out=vt.zeros(1))


@pytest.mark.parametrize("dtype", FLOATS)
def test_ldexp(dtype):
    x = edges(dtype)
    info = np.finfo(dtype)
    span = info.maxexp - info.minexp + info.nmant  # every exponent that moves a finite value in and out of range
    rng = np.random.default_rng(11)
    for n in (rng.integers(-span, span, x.size), np.full(x.size, -1), np.full(x.size, -info.nmant - 2),
              np.full(x.size, span + 3), np.full(x.size, -span - 3), np.full(x.size, info.minexp - 1)):
        n = n.astype(np.int32)
        same(vt.ldexp(vt.asarray(x), vt.asarray(n)), np.ldexp(x, n))  # one rounding, subnormal results too
    # rounding to subnormals once: m rounds down to j bits, but rounded first to fewer than all its bits (as
    # scaling by two subnormal steps would) it becomes a tie at j bits, which rounds up; from small and large x
    trap_x, trap_n = [], []
    for j in range(1, info.nmant - 1):
        m = 1 + 2.0**-j + 2.0**-(j + 1) - 2.0**-info.nmant
        for e in (-40, -3, 0, 17, info.maxexp - 2):
            trap_x.append(np.ldexp(m, e))
            trap_n.append(info.minexp - info.nmant + j - e)  # the result's last bit is m's j-th
    trap_x, trap_n = np.array(trap_x, dtype), np.array(trap_n, np.int32)
    same(vt.ldexp(vt.asarray(trap_x), vt.asarray(trap_n)), np.ldexp(trap_x, trap_n))
    same(vt.ldexp(vt.asarray(-trap_x), vt.asarray(trap_n)), np.ldexp(-trap_x, trap_n))
    big = np.array([2**40, -(2**40), 2**31 - 1, -(2**31), 0, 5], np.int64)  # clipped, not wrapped
    same(vt.ldexp(vt.asarray(x[:6]), vt.asarray(big)), np.ldexp(x[:6], big))
    same(vt.ldexp(strided(x[:6]), transposed(big[:, None]).T[0]), np.ldexp(x[:6], big))


def test_ldexp_types_shapes_and_errors():
    x = np.array([1.5, -3.0, 0.25], np.float32)
    for n in (np.array([2, -1, 3], np.int8), np.array([2, 1, 3], np.uint32), np.array([True, False, True]),
              np.array([4, 5, -6], np.int64)):
        same(vt.ldexp(vt.asarray(x), vt.asarray(n)), np.ldexp(x, n))  # float32 kept
    same(vt.ldexp(vt.asarray(x), 3), np.ldexp(x, 3))
    same(vt.ldexp(vt.asarray(x[:, None]), vt.asarray(np.arange(-2, 3, dtype=np.int32))),
         np.ldexp(x[:, None], np.arange(-2, 3, dtype=np.int32)))  # broadcasting
    ints = np.array([3, -7], np.int32)
    same(vt.ldexp(vt.asarray(ints), vt.asarray(ints)), np.ldexp(ints, ints))  # float64
    same(vt.ldexp(3.0, 2), np.ldexp(3.0, 2))  # 0-d
    same(vt.ldexp(vt.zeros((0, 2)), 3), np.ldexp(np.zeros((0, 2)), 3))
    out = vt.zeros(3, dtype=vt.float64)
    assert vt.ldexp(vt.asarray(x), 1, out=out) is out
    same(out, np.ldexp(x, 1).astype(np.float64))
    names_error(TypeError, "ldexp", vt.ldexp, vt.asarray(x), 2.0)
    names_error(TypeError, "ldexp", vt.ldexp, vt.asarray(x), vt.asarray(x))
    names_error(TypeError, "ldexp", vt.ldexp, vt.asarray(x), vt.asarray(np.array([1], np.uint64)))
    names_error(TypeError, "ldexp", vt.ldexp, vt.asarray(np.array([1j])), 1)
    names_error(OverflowError, "ldexp", vt.ldexp, vt.asarray(x), 2**40)


@pytest.mark.parametrize("dtype", FLOATS)
def test_modf(dtype):
    x = np.concatenate([edges(dtype), values(dtype, (17,), seed=12, special=False)]).astype(dtype)
    for view, reference in ((vt.asarray(x), x), (strided(x[::-1]), x[::-1])):
        for got, expected in zip(vt.modf(view), np.modf(reference), strict=True):
            same(got, expected)  # ±0 fractions of ±inf and of integers, -0.0 integral parts of (-1, 0)


def test_modf_types_shapes_and_out():
    for dtype in ("int16", "int64"):
        a = values(dtype, (5,))
        for got, expected in zip(vt.modf(vt.asarray(a)), np.modf(a), strict=True):
            same(got, expected)
    m = np.array([[-2.5, 3.75], [0.5, -0.0]])
    for view in (transposed(m), vt.asarray(m[0, 0]), vt.zeros((0, 3))):
        for got, expected in zip(vt.modf(view), np.modf(view.numpy()), strict=True):
            same(got, expected)
    frac, whole = vt.zeros(2), vt.zeros(2)
    assert vt.modf(vt.asarray([1.25, -7.5]), out=(frac, whole)) == (frac, whole)
    same(frac, [0.25, -0.5])
    same(whole, [1.0, -7.0])
    names_error(TypeError, "modf", vt.modf, vt.asarray(np.array([1j])))


@pytest.mark.parametrize("dtype", FLOATS)
def test_spacing(dtype):
    x = np.concatenate([edges(dtype), values(dtype, (19,), seed=13, special=False) * 1e5]).astype(dtype)
    same(vt.spacing(vt.asarray(x)), np.spacing(x))  # +tiny for -0.0, inf at ±max, NaN for ±inf
    same(vt.spacing(strided(x[::-1])), np.spacing(x[::-1]))
    same(vt.spacing(vt.asarray(x[3])), np.spacing(x[3]))


def test_spacing_types_and_errors():
    for dtype in ("int16", "int32"):
        a = values(dtype, (6,))
        same(vt.spacing(vt.asarray(a)), np.spacing(a))
    same(vt.spacing(1.0), np.spacing(1.0))
    same(vt.spacing(vt.zeros((2, 0))), np.spacing(np.zeros((2, 0))))
    out = vt.zeros(2)
    assert vt.spacing(vt.asarray([1.0, -4.0]), out=out) is out
    same(out, np.spacing([1.0, -4.0]))
    names_error(TypeError, "spacing", vt.spacing, vt.asarray(np.array([1j])))


# -- divmod, fix, logaddexp2 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_divmod_floats(dtype):
    pairs = np.array(list(itertools.product(SPECIAL, SPECIAL))).astype(dtype)
    a, b = pairs[:, 0], pairs[:, 1]
    with np.errstate(all="ignore"):
        for got, expected in zip(vt.divmod(vt.asarray(a), vt.asarray(b)), np.divmod(a, b), strict=True):
            same(got, expected)  # zero divisors, infinities, signs of zeros
        for got, expected in zip(vt.divmod(strided(a), 2.5), np.divmod(a, 2.5), strict=True):
            same(got, expected)


@pytest.mark.parametrize("dtype", ["bool", *INTEGERS])
def test_divmod_integers(dtype):
    if dtype == "bool":
        a, b = np.array([True, False, True, False]), np.array([True, True, False, False])
    else:
        a, b = integer_grid(dtype)  # zero divisors give 0, int_min // -1 wraps, as NumPy's
    with np.errstate(all="ignore"):
        for got, expected in zip(vt.divmod(vt.asarray(a), vt.asarray(b)), np.divmod(a, b), strict=True):
            same(got, expected)


def test_divmod_shapes_scalars_out_and_errors():
    a, b = values("int32", (4, 1), seed=14), np.array([3, -2, 7], np.int32)
    for got, expected in zip(vt.divmod(vt.asarray(a), transposed(b[:, None]).T[0]), np.divmod(a, b), strict=True):
        same(got, expected)
    for got, expected in zip(vt.divmod(-7, 2), np.divmod(-7, 2), strict=True):
        same(got, expected)
    for got, expected in zip(vt.divmod(vt.asarray(a), 2.5), np.divmod(a, 2.5), strict=True):
        same(got, expected)
    q, r = vt.zeros(2), vt.zeros(2)
    assert vt.divmod(vt.asarray([7.0, -7.0]), 2, out=(q, r)) == (q, r)
    same(q, [3.0, -4.0])
    same(r, [1.0, 1.0])
    names_error(TypeError, "divmod", vt.divmod, vt.asarray(np.array([1j])), 2)
    names_error(ValueError, "divmod", vt.divmod, vt.zeros(2), vt.zeros(3))
    for got, expected in zip(divmod(vt.asarray(a), 3), divmod(a, 3), strict=True):  # Python's builtin
        same(got, expected)
    for got, expected in zip(divmod(-9, vt.asarray(b)), divmod(-9, b), strict=True):
        same(got, expected)
    with pytest.raises(TypeError, match="unsupported operand"):
        divmod(vt.asarray(a), "3")


@pytest.mark.parametrize("dtype", [*FLOATS, *INTEGERS, "bool"])
def test_fix(dtype):
    x = edges(dtype) if dtype in FLOATS else values(dtype, (11,))
    same(vt.fix(vt.asarray(x)), np.fix(x))  # NumPy 2: integers and bool keep their dtype, -0.3 gives -0.0
    same(vt.fix(strided(x[::-1])), np.fix(x[::-1]))


def test_fix_scalars_shapes_and_errors():
    for value in (2.5, -2.5, 3, -0.5):
        same(vt.fix(value), np.fix(value))
    same(vt.fix(vt.zeros((0, 4))), np.fix(np.zeros((0, 4))))
    out = vt.zeros(2, dtype=vt.float32)
    assert vt.fix(vt.asarray(np.array([1.5, -1.5], np.float32)), out=out) is out
    same(out, np.fix(np.array([1.5, -1.5], np.float32)))
    names_error(TypeError, "fix", vt.fix, vt.asarray(np.array([1j])))


@pytest.mark.parametrize("dtype", FLOATS)
def test_logaddexp2(dtype):
    pairs = np.array(list(itertools.product(SPECIAL, SPECIAL))).astype(dtype)
    a, b = pairs[:, 0], pairs[:, 1]
    tol = 4 * ULP[dtype]  # vt.pow and vt.log1p against libm's exp2 and log1p
    with np.errstate(invalid="ignore"):
        same(vt.logaddexp2(vt.asarray(a), vt.asarray(b)), np.logaddexp2(a, b), rtol=tol)  # equal infinities too
    x = values(dtype, (23,), seed=15, special=False) * 40
    y = values(dtype, (23,), seed=16, special=False) * 40
    same(vt.logaddexp2(strided(x), vt.asarray(y)), np.logaddexp2(x, y), rtol=tol)
    same(vt.logaddexp2(vt.asarray(x[:, None]), vt.asarray(y[:5])), np.logaddexp2(x[:, None], y[:5]), rtol=tol)
    huge = np.array([1000.0, -1000.0, 120.0], dtype)  # no overflow of 2 ** x
    same(vt.logaddexp2(vt.asarray(huge), vt.asarray(huge - 1)), np.logaddexp2(huge, huge - 1), rtol=tol)


def test_logaddexp2_types_and_errors():
    a = np.array([1, -3, 10], np.int32)
    same(vt.logaddexp2(vt.asarray(a), 2), np.logaddexp2(a, 2), rtol=4 * ULP["float64"])  # float64
    f = np.array([0.5, 2.0], np.float32)
    same(vt.logaddexp2(vt.asarray(f), 1.5), np.logaddexp2(f, 1.5), rtol=4 * ULP["float32"])  # float32 kept
    same(vt.logaddexp2(3.0, 3.0), np.logaddexp2(3.0, 3.0))
    same(vt.logaddexp2(vt.zeros((0,)), 1.0), np.logaddexp2(np.zeros((0,)), 1.0))
    out = vt.zeros(2)
    assert vt.logaddexp2(vt.asarray([1.0, 2.0]), 1.0, out=out) is out
    same(out, np.logaddexp2([1.0, 2.0], 1.0), rtol=4 * ULP["float64"])
    names_error(TypeError, "logaddexp2", vt.logaddexp2, vt.asarray(np.array([1j])), 2)
    names_error(ValueError, "logaddexp2", vt.logaddexp2, vt.zeros(2), vt.zeros(3))


# -- isposinf, isneginf ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [*FLOATS, "int32", "uint8", "bool"])
@pytest.mark.parametrize("name", ["isposinf", "isneginf"])
def test_signed_infinities(name, dtype):
    function, reference = getattr(vt, name), getattr(np, name)
    x = edges(dtype) if dtype in FLOATS else values(dtype, (9,))
    same(function(vt.asarray(x)), reference(x))
    same(function(strided(x[::-1])), reference(x[::-1]))
    same(function(vt.asarray(x[:1].reshape(()))), reference(x[:1].reshape(())))


@pytest.mark.parametrize("name", ["isposinf", "isneginf"])
def test_signed_infinities_scalars_out_and_errors(name):
    function, reference = getattr(vt, name), getattr(np, name)
    for value in (np.inf, -np.inf, 1.0, np.nan):
        same(function(value), reference(value))  # 0-d
    same(function([np.inf, -np.inf]), reference([np.inf, -np.inf]))
    same(function(vt.zeros((2, 0))), reference(np.zeros((2, 0))))
    out = vt.zeros(3)
    assert function(vt.asarray([np.inf, -np.inf, 0.0]), out) is out  # NumPy's out, positional too
    same(out, reference([np.inf, -np.inf, 0.0]).astype(np.float64))
    message = names_error(TypeError, name, function, vt.asarray(np.array([1j])))
    assert "ambiguous" in message
