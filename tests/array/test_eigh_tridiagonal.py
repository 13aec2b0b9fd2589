"""Eigenvectors by the tridiagonal route: vt.linalg.eigh_tridiagonal against SciPy's, eigh of matrices beyond one
workgroup (Householder tridiagonalization, bisection, inverse iteration orthonormalized by Cholesky QRs, the
reflectors applied back) and svd by the bidiagonal route (the Golub-Kahan matrix's eigenvectors) against NumPy and
the Jacobi route, over dtypes, sizes, shapes, select modes, stacks and the spectra that defeat plain inverse
iteration (clustered, repeated, graded, rank-deficient, Wilkinson's pairs)."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import FLOATS, hard_tridiagonals

import vulkit as vt
from vulkit.array.ops import linalg_tridiagonal_vectors as route

sl = pytest.importorskip("scipy.linalg")
SIZES = [1, 2, 3, 7, 31, 32, 33, 64, 65, 127]


def _eps(dtype: str) -> float:
    return float(np.finfo(np.dtype(dtype)).eps)


def _check_pairs(a: np.ndarray, w: np.ndarray, v: np.ndarray, dtype: str, ulps: float = 16) -> None:
    """v's columns orthonormal and eigenvectors of the Hermitian a for w: residual and orthonormality within
    ``ulps`` ulps (of ||a||) times sqrt(n)."""
    n = a.shape[-1]
    a, w, v = a.astype(np.complex128), w.astype(np.float64), v.astype(np.complex128)
    size = max(float(np.abs(np.linalg.eigvalsh(a)).max()), float(np.finfo(np.float64).tiny))
    tol = ulps * _eps(dtype) * np.sqrt(max(n, 1))
    residual = np.abs(a @ v - v * w[..., None, :]).max(initial=0) / size
    orthonormal = np.abs(np.conj(np.swapaxes(v, -1, -2)) @ v - np.eye(v.shape[-1])).max(initial=0)
    assert residual <= tol, f"residual {residual / _eps(dtype):.1f} ulps"
    assert orthonormal <= tol, f"orthonormality {orthonormal / _eps(dtype):.1f} ulps"


def _dense(d: np.ndarray, e: np.ndarray) -> np.ndarray:
    n = d.shape[-1]
    t = np.zeros((*d.shape, n))
    i = np.arange(n)
    t[..., i, i] = d
    t[..., i[:-1], i[1:]] = e
    t[..., i[1:], i[:-1]] = e
    return t


def _check_tridiagonal(d: np.ndarray, e: np.ndarray, dtype: str, **select: object) -> None:
    w, v = vt.linalg.eigh_tridiagonal(vt.asarray(d), vt.asarray(e), **select)
    w, v = w.numpy(), v.numpy()
    want = sl.eigvalsh_tridiagonal(d.astype(np.float64), e.astype(np.float64), lapack_driver="stebz", **select)
    assert w.dtype == v.dtype == np.dtype(dtype) and v.shape == (d.shape[-1], want.shape[-1])
    norm = max(float(np.abs(_dense(d, e)).sum(axis=-1).max()), float(np.finfo(np.float64).tiny))
    np.testing.assert_allclose(w, want, rtol=0, atol=4 * _eps(dtype) * norm)
    _check_pairs(_dense(d, e), w, v, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", SIZES)
def test_eigh_tridiagonal_matches_scipy(dtype, n):
    rng = np.random.default_rng(n)
    d, e = rng.standard_normal(n).astype(dtype), rng.standard_normal(n - 1).astype(dtype)
    _check_tridiagonal(d, e, dtype)
    if n > 2:  # random matrices' eigenvalues are apart: each vector SciPy's up to its sign
        v = vt.linalg.eigh_tridiagonal(d, e)[1].numpy().astype(np.float64)
        want = sl.eigh_tridiagonal(d.astype(np.float64), e.astype(np.float64))[1]
        assert np.abs(np.abs((v * want).sum(axis=0)) - 1).max() <= 1e3 * n * _eps(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_eigh_tridiagonal_of_hard_spectra(dtype):
    """array_helpers.hard_tridiagonals (a repeated eigenvalue's vectors: any basis of its eigenspace)."""
    for d, e in hard_tridiagonals(dtype):
        _check_tridiagonal(d, e, dtype)


def test_eigh_tridiagonal_select_stacks_and_eigvals_only():
    rng = np.random.default_rng(3)
    d, e = rng.standard_normal(40), rng.standard_normal(39)
    for select, bounds in [("i", (0, 0)), ("i", (5, 17)), ("i", (39, 39)), ("v", (-1.0, 0.5)), ("v", (50.0, 60.0))]:
        _check_tridiagonal(d, e, "float64", select=select, select_range=bounds)
    ds, es = rng.standard_normal((2, 3, 33)), rng.standard_normal((2, 3, 32))
    w, v = vt.linalg.eigh_tridiagonal(ds, es, select="i", select_range=(2, 30))
    assert w.shape == (2, 3, 29) and v.shape == (2, 3, 33, 29)
    _check_pairs(_dense(ds, es), w.numpy(), v.numpy(), "float64")
    only = vt.linalg.eigh_tridiagonal(d, e, eigvals_only=True)
    np.testing.assert_array_equal(only.numpy(), vt.linalg.eigvalsh_tridiagonal(d, e).numpy())


def test_eigh_tridiagonal_falls_back_to_jacobi_where_the_check_fails(monkeypatch):
    """No residual passes a bound of 0: the vectors then come from the Jacobi method on the dense matrix (the
    selected ones, of a stack too)."""
    monkeypatch.setattr(route, "RESIDUAL", 0.0)
    rng = np.random.default_rng(5)
    d, e = rng.standard_normal((2, 70)), rng.standard_normal((2, 69))
    w, v = vt.linalg.eigh_tridiagonal(d, e, select="i", select_range=(3, 60))
    want = np.stack([sl.eigvalsh_tridiagonal(d[k], e[k], lapack_driver="stebz")[3:61] for k in range(2)])
    np.testing.assert_allclose(w.numpy(), want, rtol=0, atol=1e-13)
    _check_pairs(_dense(d, e), w.numpy(), v.numpy(), "float64")


def test_eigh_tridiagonal_errors_name_the_function():
    f = vt.linalg.eigh_tridiagonal
    d, e = np.array([1.0, 2, 3]), np.array([0.5, 0.5])
    with pytest.raises(TypeError, match="eigh_tridiagonal: only real arrays"):
        f(d, e + 1j)
    with pytest.raises(ValueError, match="eigh_tridiagonal: d .* one more element than e"):
        f(d, e[:1])
    with pytest.raises(ValueError, match="eigh_tridiagonal: invalid argument for select"):
        f(d, e, select="x")
    with pytest.raises(ValueError, match="eigh_tridiagonal: array must not contain infs or NaNs"):
        f(np.array([1.0, np.inf, 3]), e)


def _spectra(n: int, dtype: str) -> list[np.ndarray]:
    """Hermitian matrices Q diag(values) Q^H with the spectra that defeat plain inverse iteration, and a random one."""
    rng = np.random.default_rng(n)
    complex_ = dtype.startswith("complex")
    g = rng.standard_normal((n, n)) + (1j * rng.standard_normal((n, n)) if complex_ else 0)
    q, _ = np.linalg.qr(g)
    k = n // 4
    spectra = [
        np.r_[np.ones(n // 2), 1 + 1e-6 * np.arange(k), np.linspace(2, 3, n - n // 2 - k)],  # clustered
        np.repeat([1.0, 2.0, 3.0, 4.0], n // 4 + 1)[:n],  # repeated
        10.0 ** -np.arange(n, dtype=float),  # graded: most of it a cluster at 0
        np.r_[np.zeros(n - 1), 5.0],  # rank one
    ]
    cases = [(q * s) @ np.conj(q.T) for s in spectra] + [g + np.conj(g.T)]
    return [((c + np.conj(c.T)) / 2).astype(dtype) for c in cases]


@pytest.mark.parametrize("tridiagonal", [True, False])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_large_eigh_by_either_route(monkeypatch, tridiagonal, dtype):
    """eigh beyond one workgroup by the tridiagonal route (the default) or the Jacobi sweeps: eigenvalues as
    NumPy's, eigenvectors orthonormal with residuals of a few ulps of ||A||, both triangles as UPLO."""
    monkeypatch.setattr(route, "EIGH", tridiagonal)
    wide = np.complex128 if dtype.startswith("complex") else np.float64
    spectra = _spectra(66, dtype)
    if dtype.startswith("complex"):  # the real dtypes take all five; complex ones a cluster, rank one and random
        spectra = spectra[0::3] + spectra[-1:]
    for k, a in enumerate(spectra if tridiagonal else spectra[-2:]):  # Jacobi's own tests: test_factorizations
        want = np.linalg.eigvalsh(a.astype(wide))
        for uplo in ("L", "U") if k == 0 else ("L",):
            w, v = vt.linalg.eigh(vt.asarray(a), UPLO=uplo)
            w, v = w.numpy(), v.numpy()
            assert v.dtype == np.dtype(dtype)
            np.testing.assert_allclose(w, want, rtol=0, atol=16 * np.sqrt(66) * _eps(dtype) * np.abs(want).max())
            _check_pairs(a, w, v, dtype, ulps=32)


def test_large_eigh_of_a_stack_and_the_fallback(monkeypatch):
    """A stack of three takes the route at once; where the check cannot pass, eigh gives Jacobi's answer."""
    rng = np.random.default_rng(8)
    g = rng.standard_normal((3, 67, 67))
    a = g + np.swapaxes(g, -1, -2)
    w, v = vt.linalg.eigh(vt.asarray(a))
    _check_pairs(a, w.numpy(), v.numpy(), "float64")
    monkeypatch.setattr(route, "RESIDUAL", 0.0)
    w, v = vt.linalg.eigh(vt.asarray(a))
    np.testing.assert_allclose(w.numpy(), np.linalg.eigvalsh(a), rtol=0, atol=1e-12 * np.abs(a).max())
    _check_pairs(a, w.numpy(), v.numpy(), "float64")


@pytest.mark.parametrize("bidiagonal", [True, False])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_large_svd_by_either_route(monkeypatch, bidiagonal, dtype):
    """svd beyond one workgroup by the bidiagonal route (the default on CPU devices) or one-sided Jacobi: singular
    values as NumPy's, U and V orthonormal, A V = U S, for the hard spectra (as singular values), tall and wide."""
    monkeypatch.setattr(route, "SVD", bidiagonal)
    wide = np.complex128 if dtype.startswith("complex") else np.float64
    # complex: a cluster, rank one and random; Jacobi (its own tests: test_linalg_jacobi_grid): random
    kept = (4,) if not bidiagonal else (0, 3, 4) if dtype.startswith("complex") else range(5)
    for k, a in enumerate(_spectra(66, dtype)):
        if k not in kept:
            continue
        a = a[:, :65] if k % 2 else a[:65, :]  # tall, then wide
        want = np.linalg.svd(a.astype(wide), compute_uv=False)
        u, s, vh = (x.numpy() for x in vt.linalg.svd(vt.asarray(a), full_matrices=k == 0))
        tol = 32 * np.sqrt(66) * _eps(dtype)
        np.testing.assert_allclose(s, want, rtol=0, atol=tol * want.max())
        kk = s.shape[-1]
        residual = np.abs(a.astype(wide) @ np.conj(vh[:kk].T) - u[:, :kk] * s).max() / want.max()
        assert residual <= tol
        for q in (u, np.conj(vh.T)):
            assert np.abs(np.conj(q.T) @ q - np.eye(q.shape[1])).max() <= tol


def test_large_svd_falls_back_to_jacobi_where_the_check_fails(monkeypatch):
    monkeypatch.setattr(route, "SVD", True)
    monkeypatch.setattr(route, "RESIDUAL", 0.0)
    a = np.random.default_rng(9).standard_normal((2, 75, 68))
    u, s, vh = (x.numpy() for x in vt.linalg.svd(vt.asarray(a), full_matrices=False))
    np.testing.assert_allclose(s, np.linalg.svd(a, compute_uv=False), rtol=0, atol=1e-12 * np.abs(s).max())
    np.testing.assert_allclose((u * s[..., None, :]) @ vh, a, rtol=0, atol=1e-12 * np.abs(s).max())


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_tight_clusters_take_the_route(dtype):
    """An orthogonal matrix (every singular value within a few ulps of 1) and a projection (two tight clusters): the
    route's own vectors pass its check (one shift below each tight cluster) instead of falling back to Jacobi."""
    q, _ = np.linalg.qr(np.random.default_rng(12).standard_normal((90, 90)))
    tol = 32 * np.sqrt(180) * _eps(dtype)
    for a in (q, q[:, :25] @ q[:, :25].T):
        a = a.astype(dtype)
        got = route.svd(vt.asarray(a[None]))
        assert got is not None
        s, u, v = (x.numpy()[0].astype(np.float64) for x in got)
        np.testing.assert_allclose(s, np.linalg.svd(a.astype(np.float64), compute_uv=False), rtol=0, atol=tol)
        assert np.abs((u * s) @ v.T - a).max() <= tol
        kept = u[:, s > tol]
        for x in (v, kept):
            assert np.abs(x.T @ x - np.eye(x.shape[1])).max() <= tol
        got = route.eigh(vt.asarray(a[None]), True)
        assert got is not None
        _check_pairs(np.tril(a) + np.tril(a, -1).T, got[0].numpy()[0], got[1].numpy()[0], dtype, ulps=32)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_orthonormalize_without_clusters_scales_columns_first(dtype):
    """Where no two eigenvalues share a cluster the factorizations within clusters are each column scaled to unit
    norm, done as such: the same columns as those factorizations give (forced here), orthonormal, each kept in its
    direction; with a pair closer than the cluster width the factorizations run."""
    if dtype not in FLOATS:
        pytest.skip(f"no {dtype} on this device")
    rng = np.random.default_rng(8)
    n, count = 70, 41
    q = np.linalg.qr(rng.standard_normal((n, count)))[0]
    x = (q + 1e-4 * rng.standard_normal((n, count))) * rng.uniform(0.5, 3.0, count)  # nearly orthogonal, unscaled
    w = np.sort(rng.uniform(-5, 5, count))
    w[1:] = np.maximum(w[1:], w[:-1] + 0.05)  # 0.05 apart at least: far beyond 1000 ulps of 5
    xs, ws = vt.asarray(x[None].astype(dtype)), vt.asarray(w[None].astype(dtype))
    clusters = route.clusters_of(ws)
    assert not clusters.shared
    got = route.orthonormalize(xs, ws, clusters).numpy()[0].astype(np.float64)
    forced = route.orthonormalize(xs, ws, route.Clusters(clusters.same, True)).numpy()[0].astype(np.float64)
    tol = 64 * _eps(dtype) * np.sqrt(n)
    assert np.abs(got - forced).max() <= tol
    assert np.abs(got.T @ got - np.eye(count)).max() <= tol
    assert np.all(np.sum(got * x, axis=0) > 0)
    w[5] = w[4] * (1 + 10 * _eps(dtype))  # a pair within the cluster width
    assert route.clusters_of(vt.asarray(w[None].astype(dtype))).shared


def test_orthonormalize_falls_back_to_householder_where_a_factorization_fails(monkeypatch):
    """Two equal columns of eigenvalues far apart: the in-cluster factorizations pass, the full one fails (its flag
    read once at the end), and the Householder QR ordered by isolation answers: orthonormal columns, the most
    isolated eigenvalue's and then the first's in their directions."""
    calls = []
    original = route._householder_columns
    monkeypatch.setattr(route, "_householder_columns", lambda x, w: calls.append(1) or original(x, w))
    x = np.zeros((1, 5, 3))
    x[0, 0, :2] = 1.0
    x[0, 1, 2] = 1.0
    got = route.orthonormalize(vt.asarray(x), vt.asarray(np.array([[0.0, 1.0, 5.0]]))).numpy()[0]
    assert calls == [1]
    np.testing.assert_allclose(got.T @ got, np.eye(3), rtol=0, atol=1e-12)
    assert got[0, 0] > 0.99 and got[1, 2] > 0.99
    good = np.linalg.qr(np.random.default_rng(3).standard_normal((1, 5, 3)))[0]
    assert np.allclose(route.orthonormalize(vt.asarray(good), vt.asarray(np.array([[0.0, 1.0, 2.0]]))).numpy(), good)
    assert calls == [1]
