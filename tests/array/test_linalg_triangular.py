"""SciPy's triangular and Cholesky solvers in vt.linalg (solve_triangular, cho_factor, cho_solve) against
scipy.linalg: dtypes, orders around the blocked solve's 64-row blocks, vectors and matrices of right-hand sides,
stacks broadcast against each other, every trans and triangle, unit diagonals, views, empty systems and errors."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg as sl
from array_helpers import SUPPORTED

import vulkit as vt

FLOATS = [d for d in ("float32", "float64", "complex64", "complex128") if d in SUPPORTED]
ORDERS = [1, 2, 8, 9, 63, 64, 65, 130]
TOL = {"float32": 2e-4, "complex64": 2e-4, "float64": 1e-11, "complex128": 1e-11}


def _triangular(n: int, dtype: str, seed: int, lower: bool) -> np.ndarray:
    """A well-conditioned triangle (a dominant diagonal) with large values in the other triangle, which the solvers
    must not read."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((n, n))
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal((n, n))
    a = a + (n + 2) * np.eye(n)
    garbage = 1e3 * rng.standard_normal((n, n))
    a = np.where(np.tri(n, dtype=bool) if lower else np.tri(n, dtype=bool).T, a, garbage)
    return a.astype(dtype)


def _rhs(shape: tuple[int, ...], dtype: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    b = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        b = b + 1j * rng.standard_normal(shape)
    return b.astype(dtype)


def _close(got: vt.Array, expected: np.ndarray, dtype: str) -> None:
    result = got.numpy()
    assert result.shape == expected.shape and result.dtype == expected.dtype, (result.shape, result.dtype)
    scale = max(1.0, float(np.abs(expected).max())) if expected.size else 1.0
    np.testing.assert_allclose(result, expected, rtol=TOL[dtype], atol=TOL[dtype] * scale)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", ORDERS)
def test_solve_triangular_as_scipy(dtype, n):
    for lower in (False, True):
        a = _triangular(n, dtype, n, lower)
        for trans in (0, 1, 2):
            for unit in (False, True):
                for b in (_rhs((n,), dtype, 1), _rhs((n, 3), dtype, 2)):
                    expected = sl.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit)
                    got = vt.linalg.solve_triangular(vt.asarray(a), vt.asarray(b), trans=trans, lower=lower,
                                                     unit_diagonal=unit)
                    _close(got, expected, dtype)


def test_solve_triangular_trans_names_integers_views_and_empty():
    a = _triangular(70, "float64", 3, True)
    b = _rhs((70, 4), "float64", 4)
    for name, number in (("N", 0), ("T", 1), ("C", 2)):
        _close(vt.linalg.solve_triangular(vt.asarray(a), vt.asarray(b), trans=name, lower=True),
               sl.solve_triangular(a, b, trans=number, lower=True), "float64")
    ints = np.triu(np.arange(1, 26).reshape(5, 5)) + 5 * np.eye(5, dtype=np.int64)
    rhs = np.arange(5)
    got = vt.linalg.solve_triangular(vt.asarray(ints), vt.asarray(rhs))  # integers solve in the default float
    expected = sl.solve_triangular(ints, rhs).astype(got.dtype)
    np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5)
    big = _triangular(80, "float64", 5, False)
    view = vt.asarray(big)[::2, ::2]  # a strided view; its upper triangle is the upper triangle of the slice
    rhs_view = vt.asarray(_rhs((40, 6), "float64", 6))[:, ::2]
    _close(vt.linalg.solve_triangular(view, rhs_view), sl.solve_triangular(big[::2, ::2], rhs_view.numpy()), "float64")
    transposed = vt.asarray(big).mT  # a transposed view: lower triangular
    rhs = _rhs((80,), "float64", 7)
    _close(vt.linalg.solve_triangular(transposed, vt.asarray(rhs), lower=True),
           sl.solve_triangular(big.T, rhs, lower=True), "float64")
    empty = vt.linalg.solve_triangular(vt.zeros((0, 0)), vt.zeros((0, 3)))
    assert empty.shape == (0, 3)


def test_solve_triangular_stacks_broadcast():
    a = np.stack([_triangular(33, "float64", s, True) for s in range(3)]).reshape(3, 1, 33, 33)
    b = _rhs((2, 33, 4), "float64", 9)
    got = vt.linalg.solve_triangular(vt.asarray(a), vt.asarray(b), lower=True)
    assert got.shape == (3, 2, 33, 4)
    for i in range(3):
        for j in range(2):
            _close(got[i, j], sl.solve_triangular(a[i, 0], b[j], lower=True), "float64")


def test_solve_triangular_reads_only_its_triangle():
    a = _triangular(20, "float64", 11, True)
    poisoned = a.copy()
    poisoned[np.triu_indices(20, 1)] = np.nan  # the other triangle: never read
    b = _rhs((20,), "float64", 12)
    got = vt.linalg.solve_triangular(vt.asarray(poisoned), vt.asarray(b), lower=True, check_finite=False)
    _close(got, sl.solve_triangular(a, b, lower=True), "float64")
    unit = a.copy()
    np.fill_diagonal(unit, 0.0)  # a unit diagonal is not read either (and a zero there is no singularity)
    _close(vt.linalg.solve_triangular(vt.asarray(unit), vt.asarray(b), lower=True, unit_diagonal=True),
           sl.solve_triangular(unit, b, lower=True, unit_diagonal=True), "float64")


def test_solve_triangular_errors():
    a = vt.asarray(_triangular(4, "float64", 13, False))
    with pytest.raises(ValueError, match="solve_triangular: expected square matrix"):
        vt.linalg.solve_triangular(vt.zeros((3, 4)), vt.zeros(3))
    with pytest.raises(ValueError, match="solve_triangular: shapes of a"):
        vt.linalg.solve_triangular(a, vt.zeros(5))
    with pytest.raises(ValueError, match="trans must be"):
        vt.linalg.solve_triangular(a, vt.zeros(4), trans=3)
    singular = _triangular(4, "float64", 14, False)
    singular[2, 2] = 0.0
    with pytest.raises(vt.linalg.LinAlgError, match="solve_triangular: singular matrix"):
        vt.linalg.solve_triangular(vt.asarray(singular), vt.zeros(4))
    infinite = _rhs((4,), "float64", 15)
    infinite[1] = np.inf
    with pytest.raises(ValueError, match="solve_triangular: array must not contain infs or NaNs"):
        vt.linalg.solve_triangular(a, vt.asarray(infinite))
    with pytest.raises(ValueError, match="do not broadcast"):
        vt.linalg.solve_triangular(vt.zeros((2, 4, 4)), vt.zeros((3, 4, 1)))


def _hermitian(n: int, dtype: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    g = rng.standard_normal((n, n))
    if dtype.startswith("complex"):
        g = g + 1j * rng.standard_normal((n, n))
    return (g @ g.conj().T / n + np.eye(n)).astype(dtype)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 5, 64, 100])
def test_cho_factor_and_cho_solve_as_scipy(dtype, n):
    a = _hermitian(n, dtype, n)
    for lower in (False, True):
        c, got_lower = vt.linalg.cho_factor(vt.asarray(a), lower=lower)
        expected_c, _ = sl.cho_factor(a, lower=lower)
        triangle = np.tril if lower else np.triu
        assert got_lower is lower
        _close(vt.asarray(triangle(c.numpy())), triangle(expected_c), dtype)
        for b in (_rhs((n,), dtype, 3), _rhs((n, 2), dtype, 4)):
            _close(vt.linalg.cho_solve((c, lower), vt.asarray(b)), sl.cho_solve((expected_c, lower), b), dtype)


def test_cho_solve_errors():
    with pytest.raises(TypeError, match="cho_solve: the first argument must be the pair"):
        vt.linalg.cho_solve(vt.eye(3), vt.zeros(3))
    with pytest.raises(vt.linalg.LinAlgError, match="not positive definite"):
        vt.linalg.cho_factor(vt.asarray(-np.eye(3)))
    with pytest.raises(ValueError, match="cho_factor: array must not contain infs or NaNs"):
        vt.linalg.cho_factor(vt.asarray(np.full((2, 2), np.nan)))
