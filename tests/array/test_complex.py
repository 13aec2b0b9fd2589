"""Complex dtypes (complex64, complex128): the namespace's metadata, promotion, creation and host interop,
indexing, and the elementwise functions against NumPy (the standard's special values, branch cuts, accuracy)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from array_helpers import FLOATS, INTS, SUPPORTED, flushes_subnormals, sample

import vulkit as vt
from vulkit.array import dtypes as dt

COMPLEX = [name for name in ("complex64", "complex128") if name in SUPPORTED]
PART = {"complex64": "float32", "complex128": "float64"}
inf, nan = math.inf, math.nan
# NumPy's names of vulkit's functions where they differ
NP_NAME = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh", "acosh": "arccosh",
           "atanh": "arctanh", "abs": "absolute", "conj": "conjugate", "pow": "power"}
UNARY = ["sqrt", "exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "sinh", "cosh", "tanh",
         "asin", "acos", "atan", "asinh", "acosh", "atanh", "abs", "sign", "reciprocal", "square", "negative",
         "positive", "conj"]
# a component of each kind the special-value tables name: zeros of both signs, finite numbers, infinities, NaN
PARTS = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, inf, -inf, nan]


def numpy_of(name: str):
    return getattr(np, NP_NAME.get(name, name))


def csample(dtype: str, size: int = 64, seed: int = 0, decades: float = 4) -> np.ndarray:
    """Complex numbers of magnitudes from 10^-decades to 10^decades at every angle, the first few on the axes and
    near the unit circle."""
    rng = np.random.default_rng(seed)
    n = max(size, 8)
    z = 10.0 ** rng.uniform(-decades, decades, n) * np.exp(1j * rng.uniform(-np.pi, np.pi, n))
    z[:4] = [2.0, -3.0, 1.5j, -0.5j]
    z[4:8] = np.exp(1j * rng.uniform(-np.pi, np.pi, 4)) * (1 + 1e-3 * rng.normal(size=4))
    return z[:size].astype(dtype)


def grid(dtype: str) -> np.ndarray:
    """Every pair of PARTS as (real, imaginary)."""
    return np.array([complex(a, b) for a in PARTS for b in PARTS], dtype)


def assert_close(got: vt.Array, expected: np.ndarray, ulps: float | np.ndarray = 4) -> None:
    """Same dtype and shape; NaN and infinite parts where NumPy has them; finite results within ``ulps`` (a number,
    or one per element) of the expected modulus (complex) or value (real)."""
    assert isinstance(got, vt.Array)
    g = got.numpy()
    e = np.asarray(expected)
    assert g.dtype == e.dtype, (g.dtype, e.dtype)
    assert g.shape == e.shape
    parts = (np.real, np.imag) if e.dtype.kind == "c" else (lambda v: v,)
    for part in parts:
        np.testing.assert_array_equal(np.isnan(part(g)), np.isnan(part(e)))
        infinite = np.isinf(part(e))
        np.testing.assert_array_equal(part(g)[infinite], part(e)[infinite])
    finite = np.isfinite(e)
    if e.dtype.kind in "fc":
        eps = np.finfo(e.dtype).eps
        tiny = np.finfo(e.dtype).tiny
        err = np.abs(g[finite].astype(np.clongdouble) - e[finite])
        allowed = np.broadcast_to(ulps, e.shape)[finite]
        bound = allowed * eps * np.abs(e[finite].astype(np.clongdouble)) + tiny
        worst = np.argmax(err / bound) if err.size else 0
        ulp = float(err[worst] / bound[worst] * allowed[worst]) if err.size else 0.0
        assert np.all(err <= bound), f"{ulp:.1f} ulp at {e[finite][worst]}"


def assert_specials(got: vt.Array, expected: np.ndarray, ulps: float = 4) -> None:
    """:func:`assert_close`, and zeros of NumPy's sign in each part."""
    assert_close(got, expected, ulps)
    g, e = got.numpy(), np.asarray(expected)
    parts = (np.real, np.imag) if e.dtype.kind == "c" else (lambda v: v,)
    for part in parts:
        zeros = (part(e) == 0) & (part(g) == 0)
        np.testing.assert_array_equal(np.signbit(part(g)[zeros]), np.signbit(part(e)[zeros]), err_msg="sign of zero")


# -- the namespace ---------------------------------------------------------------------------------------------
def test_namespace_metadata():
    info = vt.__array_namespace_info__()
    assert vt.__array_api_version__ == "2025.12"
    assert list(info.dtypes(kind="complex floating")) == COMPLEX
    assert set(info.dtypes(kind="numeric")) >= set(COMPLEX)
    assert set(info.dtypes(kind=("complex floating", "bool"))) == {"bool", *COMPLEX}
    defaults = info.default_dtypes()
    assert defaults["complex floating"] == (vt.complex128 if "float64" in SUPPORTED else vt.complex64)
    assert isinstance(info.devices(), tuple) and info.default_device() in info.devices()
    capabilities = info.capabilities()
    assert capabilities["boolean indexing"] is True
    assert capabilities["max dimensions"] == 64
    dependent = all(callable(getattr(vt, name, None)) for name in
                    ("nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values", "repeat"))
    assert capabilities["data-dependent shapes"] is dependent
    assert vt.asarray([1j]).__array_namespace__(api_version="2025.12") is vt
    with pytest.raises(ValueError, match="2025.12"):
        vt.asarray([1j]).__array_namespace__(api_version="2026.12")


def test_isdtype_and_info():
    for name in COMPLEX:
        d = getattr(vt, name)
        assert vt.isdtype(d, "complex floating") and vt.isdtype(d, "numeric")
        assert not vt.isdtype(d, "real floating") and not vt.isdtype(d, "integral")
        assert vt.isdtype(d, ("bool", d))
        part = getattr(vt, PART[name])
        limits, expected = vt.finfo(d), np.finfo(PART[name])
        assert limits.dtype == part and limits.bits == expected.bits
        assert (limits.eps, limits.max, limits.min, limits.smallest_normal) == \
            (float(expected.eps), float(expected.max), float(expected.min), float(expected.smallest_normal))
        assert vt.finfo(vt.zeros(1, dtype=d)).dtype == part
        with pytest.raises(TypeError):
            vt.iinfo(d)
    assert not vt.isdtype(vt.float32, "complex floating")


def test_dtype_equality():
    assert vt.complex64 == "complex64" and vt.complex64 == np.complex64 and vt.complex64 == np.dtype("c8")
    assert vt.complex128 != vt.complex64 and vt.complex128 == "complex128"
    assert vt.complex64.component is vt.float32 and vt.complex128.component is vt.float64
    assert vt.float32.component is vt.float32
    for other in ("a, b", "(", "i4,i4", "", "foo bar", '[("a", "f4")]', "M8[s]", 3, None):
        assert (vt.float32 == other) is False and (vt.complex64 == other) is False
    assert vt.complex64.dtype == np.dtype("complex64")


def test_complex128_follows_float64():
    """A device without float64 has complex64 and not complex128, and says which feature it lacks."""
    names = ("bool", "int32", "uint32", "float32")
    assert dt.supported_names(names) == (*names, "complex64")
    assert dt.supported_names((*names, "float64")) == (*names, "float64", "complex64", "complex128")
    dt.require_supported(dt.complex64, names, "a device")
    with pytest.raises(TypeError, match="complex128 is not available on a device.*shaderFloat64"):
        dt.require_supported(dt.complex128, names, "a device")


# -- promotion ------------------------------------------------------------------------------------------------
def test_promotion_matches_numpy():
    names = list(SUPPORTED)
    for a, b in itertools.product(names, names):
        assert vt.result_type(getattr(vt, a), getattr(vt, b)) == np.result_type(a, b), (a, b)
        assert vt.can_cast(getattr(vt, a), getattr(vt, b)) == np.can_cast(a, b, "safe"), (a, b)
    for name, scalar in itertools.product(names, (True, 1, 1.0, 1j)):
        expected = np.result_type(np.dtype(name), scalar) if not isinstance(scalar, bool) else \
            np.result_type(np.dtype(name), np.bool_)
        assert vt.result_type(getattr(vt, name), scalar) == expected, (name, scalar)
    assert vt.can_cast(vt.asarray([1j], dtype=vt.complex64), vt.complex128)
    assert not vt.can_cast(vt.complex64, vt.float32)


@pytest.mark.parametrize("name", COMPLEX)
def test_mixed_operands(name):
    """Real and complex arrays, and Python scalars (weak, NEP 50), compute in NumPy's promoted type."""
    z = csample(name, 11)
    x = vt.asarray(z)
    for real in [*INTS, *FLOATS]:
        r = sample(real, 11, -5, 5, special=False)
        assert_close(x * vt.asarray(r), z * r, 2)
        assert_close(vt.asarray(r) - x, r - z, 2)
    f = sample(PART[name], 11, special=False)
    assert_close(vt.asarray(f) * 1j, f * 1j)
    assert (vt.asarray(f) + 1j).dtype == name
    assert (vt.asarray(np.arange(3, dtype=np.int8)) + 1j).dtype == (
        "complex128" if "float64" in SUPPORTED else "complex64")
    assert (x + 2.5).dtype == name and (x * 2).dtype == name and (True + x).dtype == name
    assert_close(x + 2.5, z + 2.5)
    assert_close(2 - x, 2 - z)
    assert_close((1 + 2j) * x, (1 + 2j) * z, 2)
    assert_close(x / (1 - 3j), z / np.array(1 - 3j, name), 2)
    assert_close((0.5 - 1j) / x, np.array(0.5 - 1j, name) / z, 2)


@pytest.mark.parametrize("name", COMPLEX)
def test_where_and_logical(name):
    """where() of complex values (the condition is the kernel's first operand), logical functions of complex input."""
    z = grid(name)
    f = sample(PART[name], z.size, seed=3)
    cond = np.arange(z.size) % 3 == 0
    x, c = vt.asarray(z), vt.asarray(cond)
    np.testing.assert_array_equal(vt.where(c, x, vt.asarray(f)).numpy(), np.where(cond, z, f))
    np.testing.assert_array_equal(vt.where(c, 1j, x).numpy(), np.where(cond, np.array(1j, name), z))
    np.testing.assert_array_equal(vt.where(c, x, 0.5).numpy(), np.where(cond, z, np.array(0.5, name)))
    default = vt.__array_namespace_info__().default_dtypes()["complex floating"]
    np.testing.assert_array_equal(vt.where(c, 1j, 2.0).numpy(), np.where(cond, 1j, 2.0).astype(default.name))
    for function in ("logical_and", "logical_or", "logical_xor"):
        np.testing.assert_array_equal(getattr(vt, function)(x, c).numpy(), getattr(np, function)(z, cond))
    np.testing.assert_array_equal(vt.logical_not(x).numpy(), np.logical_not(z))


# -- creation and the host -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX)
def test_creation(name):
    d = getattr(vt, name)
    np.testing.assert_array_equal(vt.zeros((2, 3), dtype=d).numpy(), np.zeros((2, 3), name))
    np.testing.assert_array_equal(vt.ones(5, dtype=d).numpy(), np.ones(5, name))
    assert vt.empty((4,), dtype=d).dtype == d
    np.testing.assert_array_equal(vt.full((3,), 1 - 2j, dtype=d).numpy(), np.full(3, 1 - 2j, name))
    np.testing.assert_array_equal(vt.full((2,), 3, dtype=d).numpy(), np.full(2, 3, name))
    x = vt.asarray(np.array([1j, 2], name))
    np.testing.assert_array_equal(vt.full_like(x, -1j).numpy(), np.full(2, -1j, name))
    np.testing.assert_array_equal(vt.zeros_like(x).numpy(), np.zeros(2, name))
    np.testing.assert_array_equal(vt.ones_like(vt.zeros(2, dtype=vt.float32), dtype=d).numpy(), np.ones(2, name))
    for n, m, k in ((3, None, 0), (2, 4, 1), (4, 3, -2), (1, None, 2 ** 31), (3, None, -2 ** 70)):
        np.testing.assert_array_equal(vt.eye(n, m, k=k, dtype=d).numpy(), np.eye(n, m, k=k, dtype=name))
    for start, stop, num, endpoint in ((0, 1 + 1j, 5, True), (-1j, 2 + 3j, 7, False), (1, 2, 4, True)):
        got = vt.linspace(start, stop, num, dtype=d, endpoint=endpoint)
        assert_close(got, np.linspace(start, stop, num, endpoint=endpoint).astype(name), 1)
    np.testing.assert_array_equal(vt.tril(vt.full((3, 3), 1 + 1j, dtype=d)).numpy(),
                                  np.tril(np.full((3, 3), 1 + 1j, name)))
    np.testing.assert_array_equal(vt.triu(vt.full((3, 4), 2j, dtype=d), k=1).numpy(),
                                  np.triu(np.full((3, 4), 2j, name), k=1))


def test_creation_defaults_and_errors():
    default = vt.__array_namespace_info__().default_dtypes()["complex floating"]
    assert vt.asarray(1 + 2j).dtype == default and vt.asarray([1, 2j]).dtype == default
    assert vt.full((2,), 1j).dtype == default and vt.linspace(0, 1j, 3).dtype == default
    assert vt.asarray(np.complex64(1j)).dtype == vt.complex64
    with pytest.raises(TypeError, match="complex scalar"):
        vt.full((2,), 1j, dtype=vt.float32)
    with pytest.raises(TypeError, match="real dtype"):
        vt.linspace(0, 1j, 3, dtype=vt.float32)
    with pytest.raises(TypeError, match="arange"):
        vt.arange(0, 3, dtype=vt.complex64)
    with pytest.raises(TypeError, match="arange"):
        vt.arange(1j)


@pytest.mark.parametrize("name", COMPLEX)
def test_host_interop(name):
    z = np.array([[1 + 2j, complex(-0.0, -3)], [complex(nan, 1), complex(inf, -inf)]], name)
    x = vt.asarray(z)
    np.testing.assert_array_equal(x.numpy(), z)
    np.testing.assert_array_equal(np.asarray(x), z)
    assert np.asarray(x).dtype == name
    np.testing.assert_array_equal(np.from_dlpack(x), z)  # kDLComplex
    np.testing.assert_array_equal(vt.from_dlpack(z).numpy(), z)
    np.testing.assert_array_equal(vt.asarray(z[:, ::-1].T).numpy(), z[:, ::-1].T)  # a strided NumPy array
    assert "j" in repr(x) and (name in repr(x)) == (name != "complex128")  # NumPy's default type goes unnamed
    assert x[0, 0].item() == 1 + 2j and isinstance(x[0, 0].item(), complex)
    assert x.tolist()[0] == [1 + 2j, -3j] and isinstance(x.tolist()[0][1], complex)
    assert complex(x[0, 1]) == -3j
    assert bool(vt.asarray(np.array(1j, name))) and not bool(vt.asarray(np.array(0j, name)))
    with pytest.raises(TypeError):
        float(x[0, 0])
    with pytest.raises(TypeError):
        int(x[0, 0])
    with pytest.raises(TypeError):
        x[0, 0].__index__()


@pytest.mark.parametrize("name", COMPLEX)
def test_astype(name):
    """Real to complex (imaginary part 0), complex to complex and to bool; complex to real raises TypeError."""
    d = getattr(vt, name)
    for real in ["bool", *INTS, *FLOATS]:
        r = sample(real, 13, -50, 50)
        np.testing.assert_array_equal(vt.asarray(r).astype(d).numpy(), r.astype(name))
        with pytest.raises(TypeError, match="imaginary"):
            vt.asarray(np.ones(2, name)).astype(real) if real != "bool" else vt.astype(
                vt.asarray(np.ones(2, name)), vt.float32)
    z = grid(name)
    for other in COMPLEX:
        np.testing.assert_array_equal(vt.asarray(z).astype(other).numpy(), z.astype(other))
    np.testing.assert_array_equal(vt.astype(vt.asarray(z), vt.bool).numpy(), z.astype(bool))
    x = vt.asarray(z)
    assert x.astype(d, copy=False) is x


# -- indexing ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX)
def test_indexing(name):
    """Views (basic keys) and gathers and scatters (advanced keys) of 8- and 16-byte elements."""
    z = (np.arange(24) + 1j * np.arange(24)[::-1]).astype(name).reshape(4, 6)
    x = vt.asarray(z)
    for key in [(1, 2), (slice(None, None, 2), slice(None, None, -1)), (Ellipsis, 3), (slice(1, 3),)]:
        np.testing.assert_array_equal(x[key].numpy(), z[key])
    np.testing.assert_array_equal(x.T[::-1].numpy(), z.T[::-1])
    rows = np.array([3, 0, 3])
    np.testing.assert_array_equal(x[rows].numpy(), z[rows])
    np.testing.assert_array_equal(x[:, [5, 1]].numpy(), z[:, [5, 1]])
    np.testing.assert_array_equal(x[rows, [1, 2, 0]].numpy(), z[rows, [1, 2, 0]])
    np.testing.assert_array_equal(x[z.real > 10].numpy(), z[z.real > 10])
    np.testing.assert_array_equal(x.T[::2][np.array([1, 0])].numpy(), z.T[::2][np.array([1, 0])])
    y, w = vt.asarray(z), z.copy()
    for key, value in [((0, 0), 9 - 9j), ((slice(1, 3), 1), np.array([1j, 2j], name)), (np.array([2, 3]), 0.5),
                       ((rows, np.array([0, 1, 2])), 7j), (z.imag > 20, -1), ((Ellipsis, [0, 5]), 2 + 2j)]:
        y[key] = value
        w[key] = value
        np.testing.assert_array_equal(y.numpy(), w)
    y[np.array([1])] = vt.asarray(np.full((1, 6), 3j, name))
    w[np.array([1])] = 3j
    np.testing.assert_array_equal(y.numpy(), w)


@pytest.mark.parametrize("name", COMPLEX)
def test_part_views_and_methods(name):
    """x.real and x.imag are views of a complex array's memory, as NumPy's; x.conj() and x.conjugate()."""
    z = (np.arange(12) + 1j * np.arange(12)[::-1]).astype(name).reshape(3, 4)
    x = vt.asarray(z)
    for view in (np.s_[...], np.s_[::2, ::-1], np.s_[1]):
        assert x[view].real.dtype == PART[name]
        np.testing.assert_array_equal(x[view].real.numpy(), z[view].real)
        np.testing.assert_array_equal(x[view].imag.numpy(), z[view].imag)
        np.testing.assert_array_equal(x.T[view].imag.numpy(), z.T[view].imag)
    x.real[0] = 9
    x.imag[:, ::3] = -1
    z.real[0] = 9
    z.imag[:, ::3] = -1
    np.testing.assert_array_equal(x.numpy(), z)
    assert_close(vt.exp(x.imag * 0.1), np.exp(z.imag * np.array(0.1, PART[name])), 2)
    np.testing.assert_array_equal(x.conj().numpy(), z.conj())
    np.testing.assert_array_equal(x.conjugate().numpy(), z.conjugate())
    f = vt.asarray(np.arange(3.0, dtype=PART[name]))
    assert f.real is f
    np.testing.assert_array_equal(f.imag.numpy(), np.zeros(3, PART[name]))


# -- arithmetic ----------------------------------------------------------------------------------------------------
SHAPES = [(), (0,), (1,), (7,), (8,), (33,), (257,), (3, 5)]


@pytest.mark.parametrize("name", COMPLEX)
@pytest.mark.parametrize("shape", SHAPES)
def test_arithmetic_shapes(name, shape):
    n = int(np.prod(shape))
    a = csample(name, max(n, 1), 1)[:n].reshape(shape)
    b = csample(name, max(n, 1), 2)[:n].reshape(shape)
    x, y = vt.asarray(a), vt.asarray(b)
    assert_close(x + y, a + b, 1)
    assert_close(x - y, a - b, 1)
    assert_close(x * y, a * b, 2)
    assert_close(x / y, a / b, 2)
    assert_close(-x, -a, 0)
    assert_close(x ** 2, a ** 2, 2)
    np.testing.assert_array_equal((x == y).numpy(), a == b)
    np.testing.assert_array_equal((x != x).numpy(), a != a)


@pytest.mark.parametrize("name", COMPLEX)
def test_arithmetic_views_and_broadcasting(name):
    a = csample(name, 300, 3)
    x = vt.asarray(a)
    for view in (np.s_[::2], np.s_[::-1], np.s_[1:], np.s_[3:260:7]):
        assert_close(x[view] * x[view][::-1], a[view] * a[view][::-1], 2)
        assert_close(vt.exp(x[view] * 1e-3), np.exp(a[view] * np.array(1e-3, name)))
    m, col, row = a[:60].reshape(6, 10), a[60:66].reshape(6, 1), a[70:80]
    xm = vt.asarray(m)
    assert_close(xm.T / vt.asarray(col).T, m.T / col.T, 2)
    assert_close(vt.asarray(col) + vt.asarray(row), col + row, 1)
    assert_close(xm[:, ::3] * vt.asarray(row)[::3], m[:, ::3] * row[::3], 2)
    assert_close(vt.asarray(row) * 1.5 + 2j, row * np.array(1.5, name) + np.array(2j, name), 2)


@pytest.mark.parametrize("name", COMPLEX)
def test_eager_path_and_offsets(name):
    """Repeats take the eager plan (aligned and unaligned offsets, a Python complex scalar on either side)."""
    a = csample(name, 70, 4)
    x = vt.asarray(a)
    for _ in range(3):
        assert_close(x * x, a * a, 2)
        assert_close(x[1:] + x[:-1], a[1:] + a[:-1], 1)
        assert_close(x * (2 - 1j), a * np.array(2 - 1j, name), 2)
        assert_close((0.5 + 3j) - x[3:], np.array(0.5 + 3j, name) - a[3:], 1)
        assert_close(vt.sqrt(x), np.sqrt(a), 2)
        assert_close(abs(x[2:]), np.abs(a[2:]), 2)


@pytest.mark.parametrize("name", COMPLEX)
def test_pow(name):
    """Integer powers by products (NumPy's), others as exp(b log a): their error grows with |b log a|."""
    a = csample(name, 40, 5, decades=0.3)
    x = vt.asarray(a)
    for exponent in (0, 1, 2, 3, -1, -2, 5, 17, -33, 2.5, 0.5, -0.25 + 1j, 1j):
        expected = a ** np.array(exponent, name)
        ulps = 4 + 2 * abs(exponent) * (1 + np.abs(np.log(a.astype(complex))))
        assert_close(x ** exponent, expected, ulps)
    b = csample(name, 40, 6)
    assert_close(x ** vt.asarray(b), a ** b, 4 + 2 * np.abs(b * np.log(a.astype(complex))))
    zero = vt.asarray(np.zeros(3, name))
    np.testing.assert_array_equal((zero ** 2).numpy(), np.zeros(3, name))
    np.testing.assert_array_equal(vt.isnan(zero ** -1).numpy(), [True] * 3)
    np.testing.assert_array_equal((x ** 0).numpy(), np.ones(40, name))


@pytest.mark.parametrize("name", COMPLEX)
def test_operators_out_and_inplace(name):
    a = csample(name, 20, 7)
    x = vt.asarray(a)
    y = vt.asarray(a)
    y += 1j
    y *= x
    assert_close(y, (a + np.array(1j, name)) * a, 2)
    out = vt.empty((20,), dtype=getattr(vt, name))
    vt.multiply(x, 2j, out=out)
    assert_close(out, a * np.array(2j, name), 1)
    assert_close(abs(x), np.abs(a), 2)
    assert_close(+x, a, 0)
    with pytest.raises(TypeError, match="Cannot cast"):
        f = vt.asarray(np.ones(3, PART[name]))
        f += 1j


def test_real_only_functions_raise():
    x = vt.asarray(np.array([1 + 1j, 2], "complex64"))
    for function in ("less", "less_equal", "greater", "greater_equal", "maximum", "minimum", "atan2", "copysign",
                     "hypot", "logaddexp", "nextafter", "floor_divide", "remainder", "bitwise_and"):
        with pytest.raises(TypeError):
            getattr(vt, function)(x, x)
    for function in ("floor", "ceil", "trunc", "signbit", "bitwise_invert"):
        with pytest.raises(TypeError):
            getattr(vt, function)(x)
    with pytest.raises(TypeError, match="complex numbers"):
        x < x  # noqa: B015
    with pytest.raises(TypeError, match="complex numbers"):
        x >= 1j  # noqa: B015
    with pytest.raises(TypeError, match="complex"):
        vt.clip(x, 0, 1)


# -- elementwise functions ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", COMPLEX)
@pytest.mark.parametrize("function", UNARY)
def test_unary_accuracy(name, function):
    """Within 4 ulp of NumPy's modulus (log1p against the accurate formula in long double: NumPy's is
    log(hypot(1 + x, y)), which loses the small arguments)."""
    a = csample(name, 96, 8)
    if function == "log1p":
        w = a.astype(np.clongdouble)
        expected = (0.5 * np.log1p(2 * w.real + w.real ** 2 + w.imag ** 2) +
                    1j * np.arctan2(w.imag, 1 + w.real)).astype(name)
    else:
        expected = numpy_of(function)(a)
    if function in ("sinh", "cosh", "tanh", "exp", "expm1", "sin", "cos", "tan"):
        a = a / 100  # within range: the products' relative error grows with the argument
        expected = numpy_of(function)(a)
    assert_close(getattr(vt, function)(vt.asarray(a)), expected, 4)


@pytest.mark.parametrize("name", COMPLEX)
def test_small_arguments(name):
    """Where NumPy's complex log1p and expm1 lose the small arguments, vulkit keeps them."""
    z = np.array([1e-10 + 1e-10j, -1e-12 + 3e-9j, 1e-20 - 1e-20j, 2e-5 + 0j], name)
    x = vt.asarray(z)
    w = z.astype(np.clongdouble)
    assert_close(vt.log1p(x), (0.5 * np.log1p(2 * w.real + w.real ** 2 + w.imag ** 2) +
                               1j * np.arctan2(w.imag, 1 + w.real)).astype(name), 2)
    assert_close(vt.expm1(x), np.expm1(z), 2)
    assert_close(vt.sin(x), np.sin(z), 2)
    assert_close(vt.asinh(x), np.arcsinh(z), 2)
    assert_close(vt.atanh(x), np.arctanh(z), 2)


def keeps_subnormals(part: str) -> bool:
    """Whether the device keeps ``part``'s subnormals in every operation: it promises to (float controls), or it is
    a CPU (lavapipe keeps them without the promise). NVIDIA's float32 keeps them in products, not everywhere."""
    props = vt.device.get_device_properties()
    bits = 32 if part == "float32" else 64
    promised = bits in props["float_controls"].get("denorm_preserve", [])
    return not flushes_subnormals(part) and (promised or props["device_type"] == "cpu")


@pytest.mark.parametrize("name", COMPLEX)
def test_extreme_magnitudes(name):
    """No overflow or underflow in between: |z| and sqrt near the largest numbers, exp where exp(Re z) alone
    overflows, subnormal parts."""
    big = float(np.finfo(PART[name]).max) / 2
    tiny = float(np.finfo(PART[name]).smallest_subnormal) * 64
    z = np.array([big + big * 1j, -big + 1j, tiny + tiny * 1j, -tiny * 3 + tiny * 1j, 1 + tiny * 1j], name)
    if not keeps_subnormals(PART[name]):  # NVIDIA's float32: some operations read subnormal parts as zeros
        z = z[:2]
    x = vt.asarray(z)
    for function in ("abs", "sqrt", "log", "sign", "asinh", "atan", "acos"):
        assert_close(getattr(vt, function)(x), numpy_of(function)(z.astype(np.clongdouble)).astype(
            np.float64 if function == "abs" and name == "complex128" else
            np.float32 if function == "abs" else name), 8 if tiny and function == "sign" else 4)
    over = 2 * math.log(float(np.finfo(PART[name]).max)) * 0.75  # exp(x) overflows, exp(x) cos(y) need not
    w = np.array([over - 700j if name == "complex128" else over - 80j, over / 1.6 + 3j], name)
    expected = np.exp(w.astype(np.clongdouble)).astype(name)
    assert_close(vt.exp(vt.asarray(w)), expected, 4)
    assert_close(vt.cosh(vt.asarray(w)), np.cosh(w.astype(np.clongdouble)).astype(name), 4)


@pytest.mark.parametrize("name", COMPLEX)
@pytest.mark.parametrize("function", UNARY)
def test_special_values(name, function):
    """Every pair of zeros, finite numbers, infinities and NaN: as NumPy (C99's csqrt, cexp ... through glibc),
    zeros' signs included, except where NumPy departs from the array API standard (below)."""
    z = grid(name)
    expected = numpy_of(function)(z)
    if function == "expm1":  # NumPy's expm1(x + iy) = expm1(x) cos y - 2 sin^2(y/2) + i exp(x) sin y: NaN at infinities
        expected = np.array([_expm1_standard(complex(v)) if math.isinf(v.real) or v.imag == 0 else e
                             for v, e in zip(z, expected, strict=True)], name)
    if function == "sign":  # the standard: NaN + NaN j where a part is NaN (NumPy gives the infinite part's sign)
        expected[np.isnan(z.real) | np.isnan(z.imag)] = complex(nan, nan)
    assert_specials(getattr(vt, function)(vt.asarray(z)), expected, 4)


def _expm1_standard(z: complex) -> complex:
    """expm1 where the real part is infinite or the imaginary part 0, as the standard's special cases have it."""
    x, y = z.real, z.imag
    if y == 0:
        return complex(math.expm1(x) if x != 0 else 0.0, y)  # +0 for -0 + 0j too
    if not math.isfinite(y):
        return complex(-1, math.copysign(0.0, y)) if x < 0 else complex(inf, nan)  # signs left open: conj(z)'s
    if x < 0:
        return complex(-1, math.copysign(0.0, math.sin(y)))
    return complex(math.copysign(inf, math.cos(y)), math.copysign(inf, math.sin(y)))


# (function, argument, expected) from the array API standard's special cases for complex numbers, as written
# there (the conjugate and odd-function rules give the other quadrants; "sign unspecified" cases are left out)
STANDARD = [
    ("abs", complex(inf, nan), inf), ("abs", complex(nan, -inf), inf), ("abs", complex(-0.0, 3), 3.0),
    ("abs", complex(nan, 1), nan),
    ("sqrt", complex(-0.0, 0.0), complex(0, 0)), ("sqrt", complex(nan, inf), complex(inf, inf)),
    ("sqrt", complex(1, nan), complex(nan, nan)), ("sqrt", complex(-inf, 2), complex(0, inf)),
    ("sqrt", complex(inf, 2), complex(inf, 0)), ("sqrt", complex(inf, nan), complex(inf, nan)),
    ("sqrt", complex(nan, 2), complex(nan, nan)),
    ("exp", complex(0.0, 0.0), complex(1, 0)), ("exp", complex(2, inf), complex(nan, nan)),
    ("exp", complex(inf, 0.0), complex(inf, 0)), ("exp", complex(-inf, 2), 0 * complex(math.cos(2), math.sin(2))),
    ("exp", complex(inf, inf), complex(inf, nan)), ("exp", complex(inf, nan), complex(inf, nan)),
    ("exp", complex(nan, 0.0), complex(nan, 0)), ("exp", complex(nan, 1), complex(nan, nan)),
    ("expm1", complex(0.0, 0.0), complex(0, 0)), ("expm1", complex(-0.0, 0.0), complex(0, 0)),
    ("expm1", complex(1, inf), complex(nan, nan)),
    ("expm1", complex(inf, 0.0), complex(inf, 0)), ("expm1", complex(-inf, 2), complex(-1, 0)),
    ("expm1", complex(-inf, inf), complex(-1, 0)), ("expm1", complex(nan, 0.0), complex(nan, 0)),
    ("expm1", complex(nan, 1), complex(nan, nan)),
    ("log", complex(-0.0, 0.0), complex(-inf, math.pi)), ("log", complex(0.0, 0.0), complex(-inf, 0)),
    ("log", complex(2, inf), complex(inf, math.pi / 2)), ("log", complex(-inf, 2), complex(inf, math.pi)),
    ("log", complex(inf, 2), complex(inf, 0)), ("log", complex(-inf, inf), complex(inf, 3 * math.pi / 4)),
    ("log", complex(inf, inf), complex(inf, math.pi / 4)), ("log", complex(inf, nan), complex(inf, nan)),
    ("log", complex(nan, inf), complex(inf, nan)), ("log", complex(nan, 1), complex(nan, nan)),
    ("log1p", complex(-1, 0.0), complex(-inf, 0)), ("log1p", complex(2, inf), complex(inf, math.pi / 2)),
    ("log1p", complex(-inf, 2), complex(inf, math.pi)), ("log1p", complex(inf, 2), complex(inf, 0)),
    ("log1p", complex(-inf, inf), complex(inf, 3 * math.pi / 4)), ("log1p", complex(nan, inf), complex(inf, nan)),
    ("sinh", complex(0.0, 0.0), complex(0, 0)), ("sinh", complex(2, inf), complex(nan, nan)),
    ("sinh", complex(inf, 0.0), complex(inf, 0)), ("sinh", complex(nan, 0.0), complex(nan, 0)),
    ("sinh", complex(nan, 2), complex(nan, nan)),
    ("cosh", complex(0.0, 0.0), complex(1, 0)), ("cosh", complex(2, inf), complex(nan, nan)),
    ("cosh", complex(inf, 0.0), complex(inf, 0)), ("cosh", complex(nan, 2), complex(nan, nan)),
    ("tanh", complex(0.0, 0.0), complex(0, 0)), ("tanh", complex(2, inf), complex(nan, nan)),
    ("tanh", complex(0.0, inf), complex(0, nan)), ("tanh", complex(0.0, nan), complex(0, nan)),
    # tanh(inf + iy): C99's zero has the sign of sin(2y), as NumPy's (the standard writes 1 + 0j for any y > 0)
    ("tanh", complex(inf, 1), complex(1, 0)), ("tanh", complex(nan, 0.0), complex(nan, 0)),
    ("tanh", complex(nan, 2), complex(nan, nan)),
    ("asinh", complex(0.0, 0.0), complex(0, 0)), ("asinh", complex(2, inf), complex(inf, math.pi / 2)),
    ("asinh", complex(2, nan), complex(nan, nan)), ("asinh", complex(inf, 2), complex(inf, 0)),
    ("asinh", complex(inf, inf), complex(inf, math.pi / 4)), ("asinh", complex(nan, 0.0), complex(nan, 0)),
    ("acosh", complex(0.0, 0.0), complex(0, math.pi / 2)), ("acosh", complex(2, inf), complex(inf, math.pi / 2)),
    ("acosh", complex(-inf, 2), complex(inf, math.pi)), ("acosh", complex(inf, 2), complex(inf, 0)),
    ("acosh", complex(-inf, inf), complex(inf, 3 * math.pi / 4)), ("acosh", complex(inf, nan), complex(inf, nan)),
    ("acosh", complex(nan, inf), complex(inf, nan)),
    ("atanh", complex(0.0, 0.0), complex(0, 0)), ("atanh", complex(0.0, nan), complex(0, nan)),
    ("atanh", complex(1, 0.0), complex(inf, 0)), ("atanh", complex(2, inf), complex(0, math.pi / 2)),
    ("atanh", complex(inf, 2), complex(0, math.pi / 2)), ("atanh", complex(inf, inf), complex(0, math.pi / 2)),
    ("atanh", complex(inf, nan), complex(0, nan)), ("atanh", complex(nan, inf), complex(0, math.pi / 2)),
    ("sign", complex(-0.0, 0.0), complex(0, 0)), ("sign", complex(nan, 1), complex(nan, nan)),
    ("sign", complex(1, nan), complex(nan, nan)), ("sign", complex(3, -4), complex(0.6, -0.8)),
    ("isnan", complex(1, nan), True), ("isnan", complex(inf, 1), False),
    ("isinf", complex(nan, -inf), True), ("isinf", complex(nan, 1), False),
    ("isfinite", complex(1, -2), True), ("isfinite", complex(1, nan), False),
    ("round", complex(2.5, -0.5), complex(2, -0.0)), ("round", complex(inf, nan), complex(inf, nan)),
]


@pytest.mark.parametrize("name", COMPLEX)
def test_standard_special_cases(name):
    """The standard's special cases for complex numbers, with its symmetries (conjugates, odd functions)."""
    for function, argument, expected in STANDARD:
        cases = [(argument, expected)]
        if isinstance(expected, complex) and function not in ("sign", "round"):
            cases.append((argument.conjugate(), expected.conjugate()))  # f(conj z) == conj f(z)
        for z, want in cases:
            got = getattr(vt, function)(vt.asarray(np.array([z], name))).numpy()[0]
            if isinstance(want, bool):
                assert bool(got) == want, (function, z)
                continue
            for g, w in ((got.real, want.real), (got.imag, want.imag)) if isinstance(want, complex) else ((got, want),):
                if math.isnan(w):
                    assert math.isnan(g), (function, z, got, want)
                elif w == 0:
                    assert g == 0 and math.copysign(1, g) == math.copysign(1, w), (function, z, got, want)
                else:
                    assert g == pytest.approx(w, rel=4 * float(np.finfo(PART[name]).eps)), (function, z, got, want)


@pytest.mark.parametrize("name", COMPLEX)
def test_branch_cuts(name):
    """On a branch cut the sign of the zero part picks the side (C99): as NumPy."""
    cuts = {"sqrt": [-4, -0.5], "log": [-2, -0.25], "log1p": [-3, -1.5], "asin": [-3, 2], "acos": [-2, 1.5],
            "atanh": [-4, 2], "acosh": [-2, 0.5, -0.5], "atan": [2j, -3j], "asinh": [2j, -1.5j]}
    for function, points in cuts.items():
        z = np.array([p + s for p in points for s in (0.0, -0.0)], name)
        if function in ("atan", "asinh"):  # cuts along the imaginary axis: the real part's zero is signed
            z = np.array([complex(s, p.imag) for p in points for s in (0.0, -0.0)], name)
        else:
            z = np.array([complex(p, s) for p in points for s in (0.0, -0.0)], name)
        assert_specials(getattr(vt, function)(vt.asarray(z)), numpy_of(function)(z), 4)


@pytest.mark.parametrize("name", COMPLEX)
def test_conjugate_symmetry(name):
    """f(conj z) == conj f(z) exactly, as the standard requires of every function with branch cuts or none."""
    a = csample(name, 64, 9)
    x, xc = vt.asarray(a), vt.asarray(a.conj())
    for function in ("sqrt", "exp", "expm1", "log", "log1p", "sin", "cos", "tan", "sinh", "cosh", "tanh", "asin",
                     "acos", "atan", "asinh", "acosh", "atanh"):
        np.testing.assert_array_equal(getattr(vt, function)(xc).numpy(), getattr(vt, function)(x).numpy().conj(),
                                      err_msg=function)


@pytest.mark.parametrize("name", COMPLEX)
def test_parts_predicates_and_rounding(name):
    z = grid(name)
    x = vt.asarray(z)
    for function in ("real", "imag", "conj", "isnan", "isinf", "isfinite"):
        expected = numpy_of(function)(z)
        got = getattr(vt, function)(x)
        assert got.dtype == expected.dtype
        np.testing.assert_array_equal(got.numpy(), expected)
        if expected.dtype.kind in "fc":
            np.testing.assert_array_equal(np.signbit(np.real(got.numpy())), np.signbit(np.real(expected)))
            np.testing.assert_array_equal(np.signbit(np.imag(got.numpy())), np.signbit(np.imag(expected)))
    r = (np.array([0.5, 1.5, 2.5, -0.5, -2.5, 3.7]) + 1j * np.array([-1.5, 0.5, 4.5, 2.2, -0.5, 1e30])).astype(name)
    assert_specials(vt.round(vt.asarray(r)), np.round(r), 0)
    f = sample(PART[name], 16)
    for function in ("real", "imag", "conj"):
        got = getattr(vt, function)(vt.asarray(f))
        assert got.dtype == PART[name]
        np.testing.assert_array_equal(got.numpy(), numpy_of(function)(f))
    np.testing.assert_array_equal((x == x).numpy(), z == z)
    np.testing.assert_array_equal((x != 1j).numpy(), z != 1j)


@pytest.mark.slow
@pytest.mark.parametrize("name", COMPLEX)
@pytest.mark.parametrize("function", UNARY)
def test_unary_sweep(name, function):
    """Many more arguments, magnitudes from 1e-30 to 1e30 (exp and the trigonometric functions within range)."""
    rng = np.random.default_rng(10)
    n = 20000
    top = 30 if name == "complex128" else 15
    a = (10.0 ** rng.uniform(-top, top, n) * np.exp(1j * rng.uniform(-np.pi, np.pi, n))).astype(name)
    if function in ("sinh", "cosh", "tanh", "exp", "expm1", "sin", "cos", "tan"):
        a = (a / (1 + np.abs(a)) * 20).astype(name)
    if function == "log1p":
        w = a.astype(np.clongdouble)
        expected = (0.5 * np.log1p(2 * w.real + w.real ** 2 + w.imag ** 2) +
                    1j * np.arctan2(w.imag, 1 + w.real)).astype(name)
        big = np.abs(a) > 1
        expected[big] = np.log1p(a[big])
    else:
        expected = numpy_of(function)(a)
    assert_close(getattr(vt, function)(vt.asarray(a)), expected, 6)
