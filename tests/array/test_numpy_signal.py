"""NumPy's calculus, polynomial and signal functions (``vulkit.array.ops.numpy_signal``) against NumPy: dtypes,
shapes (one element, longer and shorter kernels, non-contiguous views, negative axes), special values and errors,
which must name the function called first."""

from __future__ import annotations

import math

import numpy as np
import pytest
from numpy_compat_helpers import COMPLEX, FLOATS, REFERENCE_MARKS, names_error, same, strided, values

import vulkit as vt

pytestmark = REFERENCE_MARKS


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


@pytest.mark.parametrize("dtype", ["int32", "int64", *FLOATS, *COMPLEX])
def test_vander(dtype):
    x = values(dtype, (6,), seed=4, special=False)
    # complex products may round their parts another way (fused multiply-adds): a few ulps; the rest exact
    rtol = 8 * float(np.finfo(dtype).eps) if np.dtype(dtype).kind == "c" else None
    for n, increasing in ((None, False), (3, True), (1, False), (0, True), (8, False)):
        same(vt.vander(vt.asarray(x), n, increasing=increasing), np.vander(x, n, increasing=increasing), rtol=rtol)
    same(vt.vander(strided(x)), np.vander(x), rtol=rtol)
    same(vt.vander(vt.asarray(x[:0])), np.vander(x[:0]))
    names_error(ValueError, "vander", vt.vander, vt.ones((2, 2)))
    names_error(ValueError, "vander", vt.vander, vt.ones(3), -1)


def test_polyfit():
    """Coefficients, full output and covariances as NumPy's (the same algorithm: scaled Vandermonde, SVD least
    squares; float64 sums in another order, hence the tolerances)."""
    rng = np.random.default_rng(11)
    x = np.linspace(-1.0, 2.0, 17)
    y = 3 * x**3 - x + 0.5 + 0.01 * rng.standard_normal(17)
    two = np.stack([y, 2 * y - 1], axis=1)
    w = rng.random(17) + 0.5
    for deg in (0, 1, 3, 5):
        same(vt.polyfit(vt.asarray(x), vt.asarray(y), deg), np.polyfit(x, y, deg), rtol=1e-9, atol=1e-12)
    for got, want in zip(vt.polyfit(x, two, 2, full=True), np.polyfit(x, two, 2, full=True), strict=True):
        np.testing.assert_allclose(np.asarray(got.numpy() if isinstance(got, vt.Array) else got), want, rtol=1e-9)
    for cov in (True, "unscaled"):
        for data in (y, two):
            for got, want in zip(vt.polyfit(strided(x), vt.asarray(data), 2, w=w, cov=cov),
                                 np.polyfit(x, data, 2, w=w, cov=cov), strict=True):
                same(got, want, rtol=1e-8, atol=1e-12)
    if "complex128" in vt.__array_namespace_info__().dtypes():
        z = y + 1j * x
        same(vt.polyfit(x, z, 2), np.polyfit(x, z, 2), rtol=1e-9, atol=1e-12)
    names_error(ValueError, "polyfit", vt.polyfit, x, y, -1)
    names_error(TypeError, "polyfit", vt.polyfit, x, y[:5], 1)
    names_error(TypeError, "polyfit", vt.polyfit, np.ones((2, 2)), np.ones(2), 1)
    names_error(ValueError, "polyfit", vt.polyfit, x[:3], y[:3], 3, cov=True)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_convolve_and_correlate_count_only_overlapping_terms(mode):
    # NumPy multiplies only where the signals overlap: padding never meets an infinity (0 * inf would be NaN),
    # and its sums start from +0 (no -0.0)
    a, v = np.array([1.0, -0.0, np.inf, 2.0]), np.array([np.inf, 2.0, -0.0])
    for function in ("convolve", "correlate"):
        for x, y in ((a, v), (v, a), (np.array([-0.0, 1.0]), np.array([1.0, 0.5]))):
            same(getattr(vt, function)(vt.asarray(x), vt.asarray(y), mode), getattr(np, function)(x, y, mode))
