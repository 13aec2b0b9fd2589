"""SciPy's triangular and Cholesky solvers in vt.linalg (solve_triangular, cho_factor, cho_solve) against
scipy.linalg: dtypes, orders around the blocked solve's 64-row blocks, vectors and matrices of right-hand sides,
stacks broadcast against each other, every trans and triangle, unit diagonals, views, empty systems and errors."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.linalg as sl
from array_helpers import SUPPORTED, standard_normal

import vulkit as vt

FLOATS = [d for d in ("float32", "float64", "complex64", "complex128") if d in SUPPORTED]
ORDERS = [1, 2, 8, 9, 63, 64, 65, 130]
TOL = {"float32": 2e-4, "complex64": 2e-4, "float64": 1e-11, "complex128": 1e-11}


def _triangular(n: int, dtype: str, seed: int, lower: bool) -> np.ndarray:
    """A well-conditioned triangle (a dominant diagonal) with large values in the other triangle, which the solvers
    must not read."""
    a = standard_normal((n, n), "complex128" if dtype.startswith("complex") else "float64", seed)
    a = a + (n + 2) * np.eye(n)
    garbage = 1e3 * standard_normal((n, n), "float64", seed + 1000)
    a = np.where(np.tri(n, dtype=bool) if lower else np.tri(n, dtype=bool).T, a, garbage)
    return a.astype(dtype)


def _rhs(shape: tuple[int, ...], dtype: str, seed: int) -> np.ndarray:
    return standard_normal(shape, dtype, seed)


def _close(got: vt.Array, expected: np.ndarray, dtype: str, condition: float = 1.0) -> None:
    """got within TOL of expected; solutions of a system of ``condition`` number above 1000 within that much more
    (the same factors rounded otherwise, as a GPU's fused multiply-adds round them, move a solution by up to
    condition * eps)."""
    result = got.numpy()
    assert result.shape == expected.shape and result.dtype == expected.dtype, (result.shape, result.dtype)
    scale = max(1.0, float(np.abs(expected).max())) if expected.size else 1.0
    tol = TOL[dtype] * max(1.0, condition / 1000)
    np.testing.assert_allclose(result, expected, rtol=tol, atol=tol * scale)


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


@pytest.mark.parametrize("n", [8, 57, 100])
def test_solve_triangular_recursive_halves(monkeypatch, n):
    """Blocks of 8 rows: the recursive solve splits 100 rows into halves of 56 and 44, then uneven quarters, each
    first half a whole number of blocks; every triangle and diagonal, many right-hand sides."""
    from vulkit.array.ops import linalg_blocked

    monkeypatch.setattr(linalg_blocked, "block_sizes", lambda ctx, itemsize: 8)
    for lower in (False, True):
        a = _triangular(n, "float32", n, lower)
        for unit in (False, True):
            b = _rhs((n, 37), "float32", 5)
            expected = sl.solve_triangular(a, b, lower=lower, unit_diagonal=unit)
            got = vt.linalg.solve_triangular(vt.asarray(a), vt.asarray(b), lower=lower, unit_diagonal=unit)
            _close(got, expected, "float32")


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
    g = standard_normal((n, n), "complex128" if dtype.startswith("complex") else "float64", seed)
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
    with pytest.raises(vt.linalg.LinAlgError, match="cho_factor: Matrix is not positive definite"):
        vt.linalg.cho_factor(vt.asarray(-np.eye(3)))
    with pytest.raises(ValueError, match="cho_factor: array must not contain infs or NaNs"):
        vt.linalg.cho_factor(vt.asarray(np.full((2, 2), np.nan)))


# -- LU ----------------------------------------------------------------------------------------------------------------
def _general(n: int, dtype: str, seed: int, batch: tuple[int, ...] = ()) -> np.ndarray:
    return standard_normal((*batch, n, n), dtype, seed)


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", ORDERS)
def test_lu_factor_and_lu_solve_as_scipy(dtype, n):
    a = _general(n, dtype, n)
    lu, piv = vt.linalg.lu_factor(vt.asarray(a))
    expected_lu, expected_piv = sl.lu_factor(a)
    assert piv.dtype == vt.int32
    np.testing.assert_array_equal(piv.numpy(), expected_piv)  # LAPACK's pivots, L with every later interchange
    _close(lu, expected_lu, dtype)
    condition = float(np.linalg.cond(a.astype(np.complex128)))  # 1.3e5 at order 65
    for trans in (0, 1, 2):
        for b in (_rhs((n,), dtype, 5), _rhs((n, 3), dtype, 6)):
            expected = sl.lu_solve((expected_lu, expected_piv), b, trans=trans)
            got = vt.linalg.lu_solve((lu, piv), vt.asarray(b), trans=trans)
            _close(got, expected, dtype, condition)
            # and a small residual whatever the conditioning (backward stability)
            op = (a, a.T, a.conj().T)[trans].astype(np.complex128)
            x = got.numpy().astype(np.complex128)
            residual = np.abs(op @ x - b).max() / (np.abs(op).sum(axis=1).max() * np.abs(x).max())
            assert residual <= TOL[dtype] / 10, residual


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("n", [1, 5, 64, 70])
def test_lu_as_scipy(dtype, n):
    a = _general(n, dtype, 100 + n)
    p, lower, upper = vt.linalg.lu(vt.asarray(a))
    ep, el, eu = sl.lu(a)
    if n > 1:  # SciPy's 1 x 1 shortcut gives p in a's own (complex) dtype and int64 indices; its LAPACK path does not
        assert p.dtype == vt.asarray(ep).dtype
    np.testing.assert_array_equal(p.numpy(), ep.real)
    _close(lower, el, dtype)
    _close(upper, eu, dtype)
    indices, _, _ = vt.linalg.lu(vt.asarray(a), p_indices=True)
    np.testing.assert_array_equal(indices.numpy(), sl.lu(a, p_indices=True)[0])
    pl, u3 = vt.linalg.lu(vt.asarray(a), permute_l=True)
    epl, eu3 = sl.lu(a, permute_l=True)
    _close(pl, epl, dtype)
    _close(u3, eu3, dtype)


def test_lu_stacks_integers_and_broadcast_right_hand_sides():
    a = _general(20, "float64", 7, batch=(3,))
    b = _rhs((2, 1, 20, 4), "float64", 8)
    lu, piv = vt.linalg.lu_factor(vt.asarray(a))
    assert lu.shape == (3, 20, 20) and piv.shape == (3, 20)
    for trans in (0, 1):
        got = vt.linalg.lu_solve((lu, piv), vt.asarray(b), trans=trans)
        assert got.shape == (2, 3, 20, 4)
        for i in range(2):
            for j in range(3):
                _close(got[i, j], sl.lu_solve(sl.lu_factor(a[j]), b[i, 0], trans=trans), "float64")
    ints = np.array([[4, 3, 0], [6, 3, 1], [0, 2, 5]])
    lu, piv = vt.linalg.lu_factor(vt.asarray(ints))
    expected_lu, expected_piv = sl.lu_factor(ints)
    np.testing.assert_array_equal(piv.numpy(), expected_piv)
    np.testing.assert_allclose(lu.numpy(), expected_lu, rtol=1e-6)


@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (1, 4), (4, 1), (70, 40), (40, 70), (130, 65), (65, 130)],
                         ids=str)
def test_lu_of_rectangular_matrices_as_scipy(shape):
    for dtype in ("float64", "complex64") if "complex64" in SUPPORTED else ("float64",):
        a = standard_normal(shape, dtype, shape[0] * shape[1])
        lu, piv = vt.linalg.lu_factor(vt.asarray(a))
        expected_lu, expected_piv = sl.lu_factor(a)
        np.testing.assert_array_equal(piv.numpy(), expected_piv)
        _close(lu, expected_lu, dtype)
        p, lower, upper = vt.linalg.lu(vt.asarray(a))
        ep, el, eu = sl.lu(a)
        np.testing.assert_array_equal(p.numpy(), ep.real)  # SciPy gives p in a's dtype where a has one row or column
        _close(lower, el, dtype)
        _close(upper, eu, dtype)
        np.testing.assert_array_equal(vt.linalg.lu(vt.asarray(a), p_indices=True)[0].numpy(),
                                      sl.lu(a, p_indices=True)[0])
        for got, expected in zip(vt.linalg.lu(vt.asarray(a), permute_l=True), sl.lu(a, permute_l=True), strict=True):
            _close(got, expected, dtype)


def test_lu_errors_and_singular_warning():
    with pytest.raises(vt.linalg.LinAlgError, match="lu_factor: .*two-dimensional"):
        vt.linalg.lu_factor(vt.zeros(3))
    with pytest.raises(ValueError, match="lu_solve: expected square matrix"):
        vt.linalg.lu_solve(vt.linalg.lu_factor(vt.asarray(standard_normal((3, 4), "float64", 1))), vt.zeros(3))
    with pytest.raises(TypeError, match="lu_solve: the first argument must be the pair"):
        vt.linalg.lu_solve(vt.eye(3), vt.zeros(3))
    lu, piv = vt.linalg.lu_factor(vt.asarray(_general(4, "float64", 9)))
    with pytest.raises(ValueError, match="lu_solve: piv must be integers"):
        vt.linalg.lu_solve((lu, vt.zeros(4)), vt.zeros(4))
    with pytest.raises(ValueError, match="lu_solve: shapes of a"):
        vt.linalg.lu_solve((lu, piv), vt.zeros(5))
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.warns(RuntimeWarning, match="lu_factor: .*singular matrix"):
        vt.linalg.lu_factor(vt.asarray(singular))
