"""vt.linalg.eigvalsh_tridiagonal (bisection on Sturm counts) against SciPy's: LAPACK's stebz (the same algorithm:
to a few ulps of the norm) and its divide and conquer (stevd), over sizes around the workgroup's, dtypes, select
modes, stacks and the values that stress the pivots."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import hard_tridiagonals

import vulkit as vt

sl = pytest.importorskip("scipy.linalg")
SIZES = [1, 2, 3, 7, 31, 32, 33, 64, 65, 127]


def _eps(dtype: str) -> float:
    return float(np.finfo(np.dtype(dtype)).eps)


def _norm(d: np.ndarray, e: np.ndarray) -> float:
    """The tridiagonal matrix's 1-norm (at least the smallest normal number)."""
    pad = np.concatenate([[0.0], np.abs(e), [0.0]])
    return max(float((np.abs(d) + pad[:-1] + pad[1:]).max()), float(np.finfo(np.float64).tiny))


def _check(got: np.ndarray, d: np.ndarray, e: np.ndarray, dtype: str, **select: object) -> None:
    d64, e64 = d.astype(np.float64), e.astype(np.float64)
    want = sl.eigvalsh_tridiagonal(d64, e64, lapack_driver="stebz", **select)
    assert got.shape == want.shape and got.dtype == np.dtype(dtype)
    tol = 4 * _eps(dtype) * _norm(d64, e64)
    np.testing.assert_allclose(got, want, rtol=0, atol=tol)
    if not select:  # and against divide and conquer: stebz's own tolerance, an ulp of the norm per step of n
        np.testing.assert_allclose(got, sl.eigvalsh_tridiagonal(d64, e64, lapack_driver="stevd"), rtol=0,
                                   atol=tol * max(4, d.size // 2))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", SIZES)
def test_eigenvalues_match_scipy(dtype, n):
    rng = np.random.default_rng(n)
    d, e = rng.standard_normal(n).astype(dtype), rng.standard_normal(n - 1).astype(dtype)
    _check(vt.linalg.eigvalsh_tridiagonal(vt.asarray(d), vt.asarray(e)).numpy(), d, e, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_hard_spectra(dtype):
    """array_helpers.hard_tridiagonals: repeated, clustered, Wilkinson's pairs, graded, zero pivots, extreme scales."""
    for d, e in hard_tridiagonals(dtype):
        _check(vt.linalg.eigvalsh_tridiagonal(vt.asarray(d), vt.asarray(e)).numpy(), d, e, dtype)


def test_select_by_index_and_interval():
    rng = np.random.default_rng(3)
    d, e = rng.standard_normal(40), rng.standard_normal(39)
    for select, bounds in [("i", (0, 0)), ("i", (5, 17)), ("i", (39, 39)), ("i", (0, 39)), ("v", (-1.0, 0.5)),
                           ("v", (-100.0, 100.0)), ("v", (50.0, 60.0))]:
        got = vt.linalg.eigvalsh_tridiagonal(d, e, select=select, select_range=bounds).numpy()
        _check(got, d, e, "float64", select=select, select_range=bounds)
    empty = vt.linalg.eigvalsh_tridiagonal(d, e, select="v", select_range=(0.25, 0.25))  # (a, a]: LAPACK refuses it
    assert empty.shape == (0,)


def test_stacks_and_dtypes():
    rng = np.random.default_rng(4)
    d, e = rng.standard_normal((2, 3, 33)), rng.standard_normal((2, 3, 32))
    got = vt.linalg.eigvalsh_tridiagonal(vt.asarray(d), vt.asarray(e), select="i", select_range=(2, 30)).numpy()
    assert got.shape == (2, 3, 29)
    for i in np.ndindex(2, 3):
        _check(got[i], d[i], e[i], "float64", select="i", select_range=(2, 30))
    same = np.stack([d[0, 0], d[0, 0] + 0.0])  # equal counts in (0, 1]: a stack is fine
    got = vt.linalg.eigvalsh_tridiagonal(same, np.stack([e[0, 0]] * 2), select="v", select_range=(0.0, 1.0)).numpy()
    _check(got[1], d[0, 0], e[0, 0], "float64", select="v", select_range=(0.0, 1.0))
    shifted = np.stack([d[0, 0], d[0, 0] + 0.5])
    got = vt.linalg.eigvalsh_tridiagonal(shifted, np.stack([e[0, 0]] * 2), select="v", select_range=(-5.0, 5.0))
    _check(got.numpy()[1], shifted[1], e[0, 0], "float64", select="v", select_range=(-5.0, 5.0))
    ints = vt.linalg.eigvalsh_tridiagonal(vt.asarray(np.array([1, 2, 3])), vt.asarray(np.array([1, 1])))
    _check(ints.numpy(), np.array([1.0, 2, 3]), np.array([1.0, 1]), ints.dtype.name)
    half = vt.linalg.eigvalsh_tridiagonal(np.array([1, 2, 3], np.float16), np.array([1, 1], np.float16))
    assert half.dtype == vt.float16
    np.testing.assert_allclose(half.numpy(), sl.eigvalsh_tridiagonal([1.0, 2, 3], [1.0, 1]), rtol=2e-3)


def test_tolerance_is_absolute():
    rng = np.random.default_rng(5)
    d, e = rng.standard_normal(64), rng.standard_normal(63)
    got = vt.linalg.eigvalsh_tridiagonal(d, e, tol=1e-3).numpy()
    assert np.abs(got - sl.eigvalsh_tridiagonal(d, e)).max() <= 1e-3


def test_errors_name_the_function():
    f = vt.linalg.eigvalsh_tridiagonal
    d, e = np.array([1.0, 2, 3]), np.array([0.5, 0.5])
    with pytest.raises(TypeError, match="eigvalsh_tridiagonal: only real arrays"):
        f(d, e + 1j)
    with pytest.raises(ValueError, match="eigvalsh_tridiagonal: d .* one more element than e"):
        f(d, e[:1])
    with pytest.raises(ValueError, match="one more element"):
        f(np.zeros(0), np.zeros(0))
    with pytest.raises(ValueError, match="same batch dimensions"):
        f(np.ones((2, 3)), np.ones((3, 2)))
    with pytest.raises(ValueError, match="invalid argument for select"):
        f(d, e, select="x")
    for bounds in (None, (2, 1), (1,)):
        with pytest.raises(ValueError, match="nondecreasing order"):
            f(d, e, select="i", select_range=bounds)
    with pytest.raises(ValueError, match="out of bounds"):
        f(d, e, select="i", select_range=(0, 3))
    with pytest.raises(ValueError, match="must not contain infs or NaNs"):
        f(np.array([1.0, np.nan, 3]), e)
    with pytest.raises(ValueError, match="different numbers of eigenvalues"):
        f(np.stack([d, d + 10]), np.stack([e, e]), select="v", select_range=(0.0, 4.0))


@pytest.mark.parametrize("route", [True, False])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_eigvalsh_of_large_matrices_by_either_route(monkeypatch, route, dtype):
    """eigvalsh beyond one workgroup: reduced to tridiagonal form by reflections from both sides, then bisection
    (the default), or Jacobi rounds without vectors; both triangles as UPLO."""
    from vulkit.array.ops import linalg_tridiagonal as tridiagonal

    monkeypatch.setattr(tridiagonal, "EIGVALSH", route)
    rng = np.random.default_rng(6)
    a = rng.standard_normal((2, 67, 67))
    if dtype.startswith("complex"):
        a = a + 1j * rng.standard_normal((2, 67, 67))
    a = a.astype(dtype)
    wide = np.complex128 if dtype.startswith("complex") else np.float64
    tol = 16 * np.sqrt(67) * _eps("float32" if dtype in ("float32", "complex64") else "float64")
    for uplo in ("L", "U"):
        got = vt.linalg.eigvalsh(vt.asarray(a), UPLO=uplo).numpy()
        want = np.linalg.eigvalsh(a.astype(wide), UPLO=uplo)
        assert got.dtype == np.dtype("float32" if dtype in ("float32", "complex64") else "float64")
        np.testing.assert_allclose(got, want, rtol=0, atol=tol * np.abs(want).max())


STEP_CASES = [(0, "float32"), (1, "float32"), (3, "float32"), (0, "float64"), (3, "float64"), (0, "complex64"),
              (3, "complex64"), (3, "complex128")]


@pytest.mark.parametrize(("rows", "dtype"), STEP_CASES)
def test_reduction_a_dispatch_a_column_or_more(monkeypatch, rows, dtype):
    """The reduction to tridiagonal form by one dispatch a column (STEP_ROWS rows a workgroup: one, or three with a
    partial last workgroup; the default 2 in the other tests; complex stacks too) or two dispatches a column (0):
    NumPy's eigenvalues, eigh's vectors (its reflectors applied back) orthonormal eigenvectors, also of a
    rank-deficient matrix (zero columns below the diagonal: tau 0) and a diagonal one."""
    from vulkit.array.ops import linalg_tridiagonal as tridiagonal
    from vulkit.array.ops import linalg_tridiagonal_vectors as vectors

    monkeypatch.setattr(tridiagonal, "STEP_ROWS", rows)
    monkeypatch.setattr(vectors, "EIGH", True)  # eigh's vectors by the route on every device
    rng = np.random.default_rng(7)
    g = rng.standard_normal((2, 71, 71))
    low = rng.standard_normal((71, 3))
    if dtype.startswith("complex"):
        g = g + 1j * rng.standard_normal((2, 71, 71))
        low = low + 1j * rng.standard_normal((71, 3))
    cases = [g + np.conj(np.swapaxes(g, -1, -2)), (low @ np.conj(low.T))[None], np.diag(np.arange(71.0))[None]]
    tol = 16 * np.sqrt(71) * _eps("float32" if dtype in ("float32", "complex64") else "float64")
    for a in cases:
        a = a.astype(dtype)
        want = np.linalg.eigvalsh(a.astype(np.complex128))
        size = np.abs(want).max()
        np.testing.assert_allclose(vt.linalg.eigvalsh(vt.asarray(a)).numpy(), want, rtol=0, atol=tol * size)
        w, v = (x.numpy().astype(np.complex128) for x in vt.linalg.eigh(vt.asarray(a)))
        np.testing.assert_allclose(w.real, want, rtol=0, atol=tol * size)
        assert np.abs(a @ v - v * w[..., None, :]).max() <= tol * size
        assert np.abs(np.conj(np.swapaxes(v, -1, -2)) @ v - np.eye(71)).max() <= tol


@pytest.mark.parametrize("route", [True, False])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_svdvals_of_large_matrices_by_either_route(monkeypatch, route, dtype):
    """svdvals beyond one workgroup: reduced to bidiagonal form by reflections from the left and right, then
    bisection on the Golub-Kahan matrix (the default), or one-sided Jacobi sweeps; tall, wide and
    square, stacked, rank-deficient, scaled near the range's ends; NaN still raises."""
    from vulkit.array.ops import linalg_tridiagonal as tridiagonal

    monkeypatch.setattr(tridiagonal, "SVDVALS", route)
    rng = np.random.default_rng(7)
    real = {"complex64": "float32", "complex128": "float64"}.get(dtype, dtype)
    info = np.finfo(np.dtype(real))

    def sample(*shape: int) -> np.ndarray:
        x = rng.standard_normal(shape)
        return x + 1j * rng.standard_normal(shape) if dtype.startswith("complex") else x

    cases = [sample(2, 90, 67), sample(67, 101), np.outer(np.arange(80.0), sample(70)),
             sample(70, 70) * float(info.max) ** 0.5, sample(70, 70) * float(info.tiny) ** 0.5]
    for a in cases if route else cases[1:3]:  # Jacobi's sweeps: test_linalg_jacobi_grid, test_factorizations
        a = a.astype(dtype)
        got = vt.linalg.svdvals(vt.asarray(a)).numpy()
        want = np.linalg.svd(a.astype(np.complex128), compute_uv=False)
        assert got.dtype == np.dtype(real) and got.shape == want.shape
        tol = 16 * np.sqrt(max(a.shape[-2:])) * _eps(real)
        np.testing.assert_allclose(got, want, rtol=0, atol=tol * want.max())
    bad = sample(2, 70, 70).astype(dtype)
    bad[1, 3, 4] = np.nan
    with pytest.raises(vt.linalg.LinAlgError, match="svdvals: SVD did not converge"):
        vt.linalg.svdvals(vt.asarray(bad))
