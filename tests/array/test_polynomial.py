"""NumPy's polynomial classes against NumPy: ``vt.poly1d`` (numpy_poly1d) and ``vt.polynomial`` (Polynomial and the
functions of numpy.polynomial.polynomial), over dtypes, degrees 0, 1 and higher, leading and trailing zeros, domains
and windows, 0-d, 1-d and 2-d points, arithmetic both ways with scalars, fits, and the errors (NumPy's types, each
naming the function or class called). Least squares and eigenvalues differ from LAPACK's by rounding: those
comparisons take a tolerance."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_compat_helpers import REFERENCE_MARKS, names_error, same, values

import vulkit as vt

pytestmark = REFERENCE_MARKS

P = vt.polynomial.Polynomial
NP = np.polynomial.Polynomial
PP = vt.polynomial.polynomial
NPP = np.polynomial.polynomial
DTYPES = ["int64", "float32", "float64", "complex128"]
COEFFS = [[3.0], [2.0, -1.5], [1.0, -3.0, 2.0, 0.5], [0.0, 0.0, 1.5, 2.0, -1.0]]  # degrees 0, 1, 3 (and zeros)
POINTS = [np.float64(0.75), np.array(-1.25), np.array([0.0, 0.5, -2.0, 3.0]), np.array([[1.0, -0.5], [2.5, 4.0]])]
LOOSE = 1e-10  # least squares and eigenvalues: vulkit's SVD and eigen-solver round unlike LAPACK's


def typed(coeffs: list[float], dtype: str) -> np.ndarray:
    a = np.array(coeffs)
    return (a * (1 - 0.5j) if dtype.startswith("complex") else a).astype(dtype)


def same_poly1d(got: vt.poly1d, expected: np.poly1d, rtol: float | None = None) -> None:
    assert isinstance(got, vt.poly1d)
    same(got.coeffs, expected.coeffs, rtol=rtol)
    assert got.variable == expected.variable


def same_series(got: vt.polynomial.Polynomial, expected: np.polynomial.Polynomial, rtol: float | None = None) -> None:
    assert isinstance(got, P)
    same(got.coef, expected.coef, rtol=rtol)
    same(got.domain, expected.domain, rtol=rtol)
    same(got.window, expected.window)
    assert got.symbol == expected.symbol


def same_status(got: list, expected: list) -> None:
    """A fit's [residuals, rank, singular values, rcond] as NumPy's (the residuals, small sums of squares, to 1e-8)."""
    residuals, rank, singular, rcond = got
    same(residuals, expected[0], rtol=1e-8)
    same(singular, expected[2], rtol=LOOSE)
    assert rank == expected[1] and rcond == expected[3]


# -- poly1d --------------------------------------------------------------------------------------------------------
def test_poly1d_export():
    assert vt.poly1d is vt.array.ops.numpy_poly1d.poly1d and "poly1d" in vt.__all__


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("coeffs", COEFFS)
def test_poly1d_attributes_and_evaluation(dtype, coeffs):
    c = typed(coeffs, dtype)
    p, ref = vt.poly1d(vt.asarray(c)), np.poly1d(c)
    same_poly1d(p, ref)
    assert p.coef is p.c is p.coeffs and p.order == p.o == ref.order and len(p) == len(ref)
    assert repr(p) == repr(ref) and str(p) == str(ref)
    for x in POINTS:
        same(p(vt.asarray(x)), ref(x))
    same(p(x), ref(x))  # host points
    same(p(2.5), np.asarray(ref(2.5)))
    for power in range(-1, ref.order + 2):
        same(p[power], np.asarray(ref[power]))
    for got, expected in zip(p, ref, strict=True):
        same(got, np.asarray(expected))
    np.testing.assert_array_equal(np.asarray(p), c[np.flatnonzero(c)[0]:])


def test_poly1d_construction():
    same_poly1d(vt.poly1d([0, 0, 2, 1]), np.poly1d([0, 0, 2, 1]))
    same_poly1d(vt.poly1d([0, 0]), np.poly1d([0, 0]))
    same_poly1d(vt.poly1d(3.5), np.poly1d(3.5))
    same_poly1d(vt.poly1d([1, 2], r=True), np.poly1d([1, 2], r=True))
    same_poly1d(vt.poly1d([1j, -1j], True), np.poly1d([1j, -1j], True))
    same_poly1d(vt.poly1d([1, 2], variable="z"), np.poly1d([1, 2], variable="z"))
    p = vt.poly1d(vt.poly1d([1.0, 2.0]), variable="t")
    same_poly1d(p, np.poly1d(np.poly1d([1.0, 2.0]), variable="t"))
    assert str(p) == str(np.poly1d([1.0, 2.0], variable="t"))
    long = [1.5, -2.25, 3.0, 0.0, -1e-5, 7.0, 1e6, -3.5, 2.0, 1.0, 0.125, 9.0, -4.0, 2.5, 1.0 + 2j]
    assert str(vt.poly1d(long)) == str(np.poly1d(long)) and repr(vt.poly1d(long)) == repr(np.poly1d(long))


@pytest.mark.parametrize("dtype", DTYPES)
def test_poly1d_arithmetic(dtype):
    a, b = typed([2.0, -1.0, 3.0], dtype), typed([0.5, 4.0], dtype)
    p, q, pr, qr = vt.poly1d(a), vt.poly1d(b), np.poly1d(a), np.poly1d(b)
    tol = 2e-16 if dtype == "complex128" else None
    for got, expected in [(p + q, pr + qr), (p - q, pr - qr), (p * q, pr * qr), (-p, -pr), (+p, +pr),
                          (p ** 3, pr ** 3), (p ** 0, pr ** 0), (p + 2, pr + 2), (2 + p, 2 + pr), (p - 1.5, pr - 1.5),
                          (1.5 - p, 1.5 - pr), (p * 3, pr * 3), (2.5 * p, 2.5 * pr),
                          (p * np.float64(2), pr * np.float64(2)), (p / 4, pr / 4), (p * 0, pr * 0),
                          (p * [1, 1], pr * [1, 1]), (p - p, pr - pr)]:
        same_poly1d(got, expected, rtol=tol)
    for got, expected in zip(p / q, pr / qr, strict=True):
        same_poly1d(got, expected, rtol=1e-15)
    for got, expected in zip([3, 1] / q, [3, 1] / qr, strict=True):
        same_poly1d(got, expected, rtol=1e-15)
    same_poly1d(p(q), pr(qr), rtol=tol)
    assert p == vt.poly1d(a) and p != q and not (p == q) and p.__eq__(a) is NotImplemented


@pytest.mark.parametrize("dtype", DTYPES)
def test_poly1d_calculus_and_roots(dtype):
    c = typed([1.0, -6.0, 11.0, -6.0], dtype)
    p, ref = vt.poly1d(c), np.poly1d(c)
    same_poly1d(p.deriv(), ref.deriv())
    same_poly1d(p.deriv(2), ref.deriv(2))
    same_poly1d(p.integ(), ref.integ())
    same_poly1d(p.integ(2, [1.0, 2.0]), ref.integ(2, [1.0, 2.0]))
    tol = 1e-5 if dtype == "float32" else LOOSE  # eigenvalues in float32
    np.testing.assert_allclose(np.sort_complex(p.roots.numpy()), np.sort_complex(ref.roots), rtol=tol)
    assert p.r.dtype == vt.asarray(ref.r).dtype


def test_poly1d_setitem():
    p, ref = vt.poly1d([1.0, 2.0]), np.poly1d([1.0, 2.0])
    p[0], ref[0] = 5.0, 5.0
    p[3], ref[3] = 2.0, 2.0
    same_poly1d(p, ref)


def test_poly1d_errors():
    names_error(ValueError, "poly1d", vt.poly1d, vt.ones((2, 2)))
    names_error(ValueError, "poly1d", vt.poly1d([1, 2]).__pow__, -1)
    names_error(ValueError, "poly1d", vt.poly1d([1, 2]).__pow__, 1.5)
    names_error(ValueError, "poly1d.deriv", vt.poly1d([1, 2]).deriv, -1)
    names_error(ValueError, "poly1d.integ", vt.poly1d([1, 2]).integ, 3, [1.0, 2.0])
    names_error(ValueError, "poly1d", vt.poly1d([1, 2]).__setitem__, -1, 2)
    names_error(TypeError, "poly1d", vt.poly1d([1, 2]).__getitem__, 1.5)
    with pytest.raises(AttributeError, match="^poly1d: "):
        vt.poly1d([1, 2]).coeffs = vt.ones(2)
    with pytest.raises(TypeError):
        hash(vt.poly1d([1]))


def test_poly1d_of_polyfit_as_in_numpy():
    x, y = np.linspace(0, 1, 9), np.cos(np.linspace(0, 1, 9))
    new = np.array([0.1, 0.55, 2.0])
    np.testing.assert_allclose(vt.poly1d(vt.polyfit(x, y, 2))(new).numpy(), np.poly1d(np.polyfit(x, y, 2))(new),
                               rtol=LOOSE)


# -- numpy.polynomial.polynomial -----------------------------------------------------------------------------------
def test_module_layout():
    assert vt.polynomial.polynomial is vt.polynomial and vt.polynomial.Polynomial is P
    for name in ("polydomain", "polyzero", "polyone", "polyx"):
        same(getattr(PP, name), getattr(NPP, name))
    with pytest.raises(AttributeError):
        PP.chebval  # noqa: B018 - out of scope


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("coeffs", COEFFS)
def test_polyval(dtype, coeffs):
    c = typed(coeffs, dtype)
    for x in POINTS:
        same(PP.polyval(vt.asarray(x), vt.asarray(c)), NPP.polyval(x, c))
    same(PP.polyval(2.5, c), np.asarray(NPP.polyval(2.5, c)))
    same(PP.polyval([1.0, 2.0], c), NPP.polyval([1.0, 2.0], c))
    c2 = np.stack([c, c * 2])  # one series per column
    same(PP.polyval(POINTS[3], c2), NPP.polyval(POINTS[3], c2))
    same(PP.polyval(POINTS[2][:2], c2.T, tensor=False), NPP.polyval(POINTS[2][:2], c2.T, tensor=False))


def test_polyval2d_and_polyvander():
    c = values("float64", (3, 2), seed=3, special=False)
    x, y = POINTS[3], POINTS[3] * 0.5
    same(PP.polyval2d(x, y, c), NPP.polyval2d(x, y, c))
    for dtype in ("int64", "float32", "complex128"):
        for deg in (0, 1, 4):
            x = typed([1.0, -2.0, 0.5], dtype)
            same(PP.polyvander(x, deg), NPP.polyvander(x, deg))
    same(PP.polyvander(POINTS[3], 2), NPP.polyvander(POINTS[3], 2))
    names_error(ValueError, "polyval2d", PP.polyval2d, [1.0, 2.0], [1.0], c)
    names_error(ValueError, "polyvander", PP.polyvander, [1.0], -1)
    names_error(TypeError, "polyvander", PP.polyvander, [1.0], 1.5)


@pytest.mark.parametrize("dtype", DTYPES)
def test_arithmetic_functions(dtype):
    a, b = typed([1.0, 2.0, 0.0, -3.0], dtype), typed([0.5, -1.0], dtype)
    for name in ("polyadd", "polysub", "polymul"):
        same(getattr(PP, name)(a, b), getattr(NPP, name)(a, b))
        same(getattr(PP, name)(b, a), getattr(NPP, name)(b, a))
    same(PP.polyadd([1.0, 2.0, 3.0], [0.0, 0.0, -3.0]), NPP.polyadd([1.0, 2.0, 3.0], [0.0, 0.0, -3.0]))  # trimmed
    same(PP.polysub([1, 2, 0, 0], 5), NPP.polysub([1, 2, 0, 0], 5))
    for u, v in [(a, b), (b, a), (a, typed([2.0], dtype)), (a, a)]:
        for got, expected in zip(PP.polydiv(u, v), NPP.polydiv(u, v), strict=True):
            same(got, expected, rtol=2e-16 if dtype == "complex128" else None)
    for power in (0, 1, 3):
        same(PP.polypow(b, power), NPP.polypow(b, power))
    same(PP.polyline(3, 2), NPP.polyline(3, 2))
    same(PP.polyline(3.5, 0), NPP.polyline(3.5, 0))


def test_arithmetic_function_errors():
    names_error(ZeroDivisionError, "polydiv", PP.polydiv, [1.0, 2.0], [0.0, 0.0])
    names_error(ValueError, "polyadd", PP.polyadd, [], [1.0])
    names_error(ValueError, "polymul", PP.polymul, [[1.0]], [1.0])
    names_error(ValueError, "polymul", PP.polymul, [True], [1.0])
    names_error(ValueError, "polypow", PP.polypow, [1.0, 2.0], -1)
    names_error(ValueError, "polypow", PP.polypow, [1.0, 2.0], 1.5)
    names_error(ValueError, "polypow", PP.polypow, [1.0, 2.0], 5, 4)


@pytest.mark.parametrize("dtype", DTYPES)
def test_polyder_polyint(dtype):
    c = typed([1.0, -2.0, 3.0, 0.5], dtype)
    for m in (0, 1, 2, 5):
        same(PP.polyder(c, m), NPP.polyder(c, m))
        same(PP.polyder(c, m, scl=2.0), NPP.polyder(c, m, scl=2.0))
    for m, k, lbnd, scl in [(0, [], 0, 1), (1, [], 0, 1), (1, [2.0], 1.5, 1), (3, [1.0, 2.0], -1.0, 0.5)]:
        same(PP.polyint(c, m, k, lbnd, scl), NPP.polyint(c, m, k, lbnd, scl), rtol=2e-16 if dtype != "int64" else 0)
    same(PP.polyint([0.0], 1, 3.0), NPP.polyint([0.0], 1, 3.0))  # a zero constant stays one coefficient
    c2 = values("float64", (3, 4), seed=4, special=False)
    for axis in (0, 1, -1):
        same(PP.polyder(c2, 2, axis=axis), NPP.polyder(c2, 2, axis=axis))
        same(PP.polyint(c2, 2, [1.0], axis=axis), NPP.polyint(c2, 2, [1.0], axis=axis), rtol=2e-16)


def test_polyder_polyint_errors():
    names_error(ValueError, "polyder", PP.polyder, [1.0, 2.0], -1)
    names_error(TypeError, "polyder", PP.polyder, [1.0, 2.0], 1.5)
    names_error(ValueError, "polyint", PP.polyint, [1.0, 2.0], -1)
    names_error(ValueError, "polyint", PP.polyint, [1.0, 2.0], 1, [1.0, 2.0])
    names_error(ValueError, "polyint", PP.polyint, [1.0, 2.0], 1, [], [1.0, 2.0])
    names_error(ValueError, "polyint", PP.polyint, [1.0, 2.0], 1, [], 0, [1.0, 2.0])
    with pytest.raises(np.exceptions.AxisError, match="^polyder: "):
        PP.polyder([1.0, 2.0], 1, axis=1)


@pytest.mark.parametrize("coeffs", [[5.0], [2.0, -4.0], [6.0, -5.0, 1.0], [1.0, 0.0, 1.0], [-6.0, 11.0, -6.0, 1.0]])
def test_polyroots_polyfromroots(coeffs):
    got, expected = PP.polyroots(coeffs), NPP.polyroots(coeffs)
    assert got.dtype == vt.asarray(expected).dtype
    np.testing.assert_allclose(got.numpy(), expected, rtol=LOOSE, atol=LOOSE)
    same(PP.polyfromroots(np.real_if_close(expected)), NPP.polyfromroots(np.real_if_close(expected)), rtol=1e-12,
         atol=1e-12)
    same(PP.polyfromroots([]), NPP.polyfromroots([]))
    same(PP.polyfromroots([2, 1, 3]), NPP.polyfromroots([2, 1, 3]))
    same(PP.polyfromroots(np.float32([0.5, 2])), NPP.polyfromroots(np.float32([0.5, 2])))
    same(PP.polyfromroots([1j, -1j, 2]), NPP.polyfromroots([1j, -1j, 2]))


def test_polyfit():
    x = np.linspace(-1, 2, 11)
    y = 1.5 - 2 * x + 0.5 * x ** 3 + np.sin(5 * x) / 10
    w = np.linspace(0.5, 2, 11)
    for deg in (0, 1, 3, [0, 1, 3], [3, 0]):
        same(PP.polyfit(x, y, deg), NPP.polyfit(x, y, deg), rtol=LOOSE, atol=LOOSE)
        same(PP.polyfit(vt.asarray(x), vt.asarray(y), deg, w=vt.asarray(w)), NPP.polyfit(x, y, deg, w=w), rtol=LOOSE,
             atol=LOOSE)
    y2 = np.stack([y, 2 * y - 1], axis=1)
    same(PP.polyfit(x, y2, 2), NPP.polyfit(x, y2, 2), rtol=LOOSE, atol=LOOSE)
    c, status = PP.polyfit(x, y, 2, full=True)
    ec, expected = NPP.polyfit(x, y, 2, full=True)
    same(c, ec, rtol=LOOSE)
    same_status(status, expected)
    same(PP.polyfit(x, y + 1j * x, 2), NPP.polyfit(x, y + 1j * x, 2), rtol=LOOSE, atol=LOOSE)
    with pytest.warns(np.exceptions.RankWarning):
        PP.polyfit([1.0, 1.0, 1.0], [1.0, 2.0, 3.0], 2)


def test_polyfit_errors():
    names_error(ValueError, "polyfit", PP.polyfit, [1.0, 2.0], [1.0, 2.0], -1)
    names_error(TypeError, "polyfit", PP.polyfit, [1.0, 2.0], [1.0, 2.0], 1.5)
    names_error(TypeError, "polyfit", PP.polyfit, [[1.0, 2.0]], [1.0, 2.0], 1)
    names_error(TypeError, "polyfit", PP.polyfit, [], [], 1)
    names_error(TypeError, "polyfit", PP.polyfit, [1.0, 2.0], [1.0], 1)
    names_error(TypeError, "polyfit", PP.polyfit, [1.0, 2.0], [1.0, 2.0], 1, w=[1.0])


# -- Polynomial ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("coeffs", COEFFS)
@pytest.mark.parametrize("interval", [{}, {"domain": [0, 4]}, {"domain": [0.0, 2.0], "window": [1.0, 3.0]}])
def test_polynomial_evaluation(dtype, coeffs, interval):
    c = typed(coeffs[::-1], dtype)  # trailing zeros kept: the class does not trim
    p, ref = P(vt.asarray(c), **interval), NP(c, **interval)
    same_series(p, ref)
    assert repr(p) == repr(ref) and str(p) == str(ref) and f"{p:ascii}" == f"{ref:ascii}"
    assert p.degree() == ref.degree() and len(p) == len(ref)
    for x in POINTS:
        same(p(vt.asarray(x)), ref(x), rtol=1e-15)
    same(p(2.5), np.asarray(ref(2.5)), rtol=1e-15)
    same(p([1.0, 2.0]), ref([1.0, 2.0]), rtol=1e-15)
    offset, scale = p.mapparms()
    np.testing.assert_allclose([offset.numpy(), scale.numpy()], ref.mapparms())
    for got, expected in zip(p.linspace(5), ref.linspace(5), strict=True):
        same(got, expected, rtol=1e-15)
    same_series(p.convert(), ref.convert(), rtol=1e-14)
    same_series(p.convert(domain=[-2, 2]), ref.convert(domain=[-2, 2]), rtol=1e-14)


@pytest.mark.parametrize("dtype", DTYPES)
def test_polynomial_arithmetic(dtype):
    a, b = typed([1.0, -2.0, 0.5, 3.0], dtype), typed([2.0, 1.0], dtype)
    p, q, pr, qr = P(a, domain=[0, 2]), P(b, domain=[0, 2]), NP(a, domain=[0, 2]), NP(b, domain=[0, 2])
    tol = 2e-16 if dtype == "complex128" else None
    for got, expected in [(p + q, pr + qr), (p - q, pr - qr), (p * q, pr * qr), (p // q, pr // qr), (p % q, pr % qr),
                          (p ** 2, pr ** 2), (p ** 0, pr ** 0), (-p, -pr), (+p, +pr), (p + 2, pr + 2),
                          (2 + p, 2 + pr), (p - 1.5, pr - 1.5), (1.5 - p, 1.5 - pr), (3 * p, 3 * pr), (p * 3, pr * 3),
                          (p / 4, pr / 4), (p // 2, pr // 2), (p % 2, pr % 2), (5 // q, 5 // qr), (5 % q, 5 % qr),
                          (p * [1, 1], pr * [1, 1]), (np.float64(2) * p, np.float64(2) * pr), (p - p, pr - pr)]:
        same_series(got, expected, rtol=tol)
    for got, expected in zip(divmod(p, q), divmod(pr, qr), strict=True):
        same_series(got, expected, rtol=tol)
    assert p == P(a, domain=[0, 2]) and p != q and p != P(a) and p != P(a, domain=[0, 2], symbol="t")
    assert p.has_samecoef(P(a)) and not p.has_samedomain(P(a)) and p.has_samewindow(P(a)) and p.has_sametype(q)


def test_polynomial_calculus_and_roots():
    c = [-6.0, 11.0, -6.0, 1.0]
    for interval in ({}, {"domain": [0, 4]}, {"domain": [1.0, 3.0], "window": [0.0, 1.0]}):
        p, ref = P(c, **interval), NP(c, **interval)
        for m in (0, 1, 2, 4):
            same_series(p.deriv(m), ref.deriv(m), rtol=1e-15)
        for args in [(), (1, [2.0]), (2, [1.0, -1.0], 0.5)]:
            same_series(p.integ(*args), ref.integ(*args), rtol=1e-14)
        np.testing.assert_allclose(p.roots().numpy(), ref.roots(), rtol=LOOSE)
    np.testing.assert_allclose(P([1.0, 0.0, 1.0]).roots().numpy(), NP([1.0, 0.0, 1.0]).roots(), atol=LOOSE)


def test_polynomial_coefficients_and_constructors():
    p, ref = P([1.0, 1e-3, 2.0, 1e-9, 0.0]), NP([1.0, 1e-3, 2.0, 1e-9, 0.0])
    for tol in (0, 1e-6, 5.0):
        same_series(p.trim(tol), ref.trim(tol))
    for size in (1, 3, 9):
        same_series(p.truncate(size), ref.truncate(size))
    same_series(p.cutdeg(2), ref.cutdeg(2))
    same_series(p.copy(), ref.copy())
    for domain in ([], None, [0, 4]):
        same_series(P.fromroots([1, 2, 4], domain=domain), NP.fromroots([1, 2, 4], domain=domain), rtol=1e-14)
    same_series(P.fromroots([1j, -1j]), NP.fromroots([1j, -1j]))
    same_series(P.identity(), NP.identity())
    same_series(P.identity([0, 3], [1, 2], "t"), NP.identity([0, 3], [1, 2], "t"))
    same_series(P.basis(3, domain=[0, 1]), NP.basis(3, domain=[0, 1]))
    same_series(P(vt.asarray(np.float32([1, 2]))), NP(np.float32([1, 2])))
    same_series(P(7), NP(7))
    np.testing.assert_array_equal(P.domain, NP.domain)


def test_polynomial_fit():
    x = np.linspace(0.5, 3, 13)
    y = 2 - x + 0.25 * x ** 2 + np.cos(4 * x) / 20
    w = np.linspace(1, 3, 13)
    for kwargs in ({}, {"domain": [0, 4]}, {"domain": []}, {"w": w}, {"window": [0, 1]}, {"symbol": "t"}):
        same_series(P.fit(x, y, 2, **kwargs), NP.fit(x, y, 2, **kwargs), rtol=LOOSE)
    same_series(P.fit(vt.asarray(x), vt.asarray(y), [0, 2]), NP.fit(x, y, [0, 2]), rtol=LOOSE)
    same_series(P.fit([2.0, 2.0, 2.0], [1.0, 2.0, 3.0], 0), NP.fit([2.0, 2.0, 2.0], [1.0, 2.0, 3.0], 0))
    fitted, status = P.fit(x, y, 2, full=True)
    eref, expected = NP.fit(x, y, 2, full=True)
    same_series(fitted, eref, rtol=LOOSE)
    same_status(status, expected)
    np.testing.assert_allclose(P.fit(x, y, 3)(x[:4]).numpy(), NP.fit(x, y, 3)(x[:4]), rtol=LOOSE)


def test_polynomial_errors():
    names_error(ValueError, "Polynomial", P, [])
    names_error(ValueError, "Polynomial", P, [[1.0, 2.0]])
    names_error(ValueError, "Polynomial", P, [1.0], domain=[0, 1, 2])
    names_error(ValueError, "Polynomial", P, [1.0], window=[0])
    names_error(ValueError, "Polynomial", P, [1.0], symbol="1x")
    names_error(TypeError, "Polynomial", P, [1.0], symbol=3)
    p = P([1.0, 2.0])
    names_error(TypeError, "Polynomial", p.__add__, P([1.0], domain=[0, 1]))
    names_error(TypeError, "Polynomial", p.__sub__, P([1.0], window=[0, 1]))
    names_error(ValueError, "Polynomial", p.__mul__, P([1.0], symbol="t"))
    names_error(TypeError, "Polynomial", p.__truediv__, p)
    names_error(ZeroDivisionError, "Polynomial", divmod, p, 0)
    names_error(ValueError, "Polynomial", p.__pow__, 101)
    names_error(ValueError, "Polynomial", p.__pow__, -1)
    names_error(ValueError, "Polynomial.trim", p.trim, -1)
    names_error(ValueError, "Polynomial.truncate", p.truncate, 0)
    names_error(ValueError, "Polynomial.cutdeg", p.cutdeg, -1)
    names_error(ValueError, "Polynomial.basis", P.basis, -1)
    names_error(ValueError, "Polynomial.deriv", p.deriv, -1)
    names_error(ValueError, "Polynomial.integ", p.integ, 1, [1.0, 2.0])
    names_error(TypeError, "Polynomial.fit", P.fit, [1.0, 2.0], [1.0], 1)
    with pytest.raises(TypeError):
        p + "text"
    with pytest.raises(TypeError):
        hash(p)
