"""vt.linalg.eig and eigvals against NumPy: eigenvalues matched one to one with LAPACK's geev (within their
condition numbers), eigenvectors by their residual ||A v - w v|| and unit norm, every floating dtype, both storage
paths of the Schur kernel (shared and device memory), work resumed across dispatches, stacks, views, special
matrices (conjugate pairs, repeated eigenvalues, triangular, symmetric, zero, Jordan blocks, graded and badly
scaled), errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import standard_normal
from scipy.optimize import linear_sum_assignment
from test_factorizations import _eps

import vulkit as vt
from vulkit.array.ops import linalg_eig

DTYPES = ["float32", "float64", "complex64", "complex128"]
SIZES = [0, 1, 2, 3, 4, 5, 8, 17, 33, pytest.param(64, marks=pytest.mark.slow),
         pytest.param(100, marks=pytest.mark.slow)]
LA = vt.linalg


def _complex(dtype: str) -> np.dtype:
    return np.dtype("complex128" if np.dtype(dtype) in (np.float64, np.complex128) else "complex64")


def _condition(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The eigenvalues of a (float64 or complex128) and their condition numbers 1 / |y^H x| (unit left and right
    eigenvectors), from SciPy's LAPACK."""
    from scipy.linalg import eig

    scale = np.ldexp(1.0, -np.frexp(max(np.abs(a).max(), 1e-300))[1])  # exact: SciPy's eig fails near underflow
    w, vl, vr = eig(a * scale, left=True, right=True)
    dots = np.abs(np.sum(np.conj(vl) * vr, axis=0))
    return w / scale, 1 / np.maximum(dots, 1e-300)


def _check_values(got: np.ndarray, a: np.ndarray, factor: float = 20) -> None:
    """Each eigenvalue of got (one matrix) matched to one of LAPACK's (NumPy's geev, through SciPy, in double
    precision) within factor n eps ||A||_F times its condition number."""
    n = a.shape[-1]
    assert got.shape == (n,)
    if n == 0:
        return
    wide = a.astype(np.complex128)
    want, kappa = _condition(wide)
    rows, cols = linear_sum_assignment(np.abs(got[:, None] - want[None, :]))
    err = np.abs(got[rows] - want[cols])
    tol = factor * n * _eps(a.dtype) * max(np.linalg.norm(wide), 1e-300) * np.minimum(kappa[cols], 1e8)
    assert np.all(err <= tol), (err.max(), err / tol)


def _check_vectors(values: np.ndarray, vectors: np.ndarray, a: np.ndarray, factor: float = 20) -> None:
    """Unit columns with ||A v - w v|| <= factor n eps ||A||_F (a stack)."""
    n = a.shape[-1]
    if n == 0 or a.size == 0:
        return
    eps = _eps(a.dtype)
    wide = a.astype(np.complex128)
    v = vectors.astype(np.complex128)
    norms = np.linalg.norm(v, axis=-2)
    assert np.all(np.abs(norms - 1) <= factor * n * eps), np.abs(norms - 1).max()
    residual = np.linalg.norm(wide @ v - v * values[..., None, :].astype(np.complex128), axis=-2)
    scale = np.linalg.norm(wide, axis=(-2, -1))[..., None]
    assert np.all(residual <= factor * n * eps * np.maximum(scale, 1e-300)), (residual / scale).max() / eps


def _eig(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    x = vt.asarray(a)
    result = LA.eig(x)
    assert isinstance(result, LA.EigResult) and result._fields == ("eigenvalues", "eigenvectors")
    assert np.array_equal(x.numpy(), a)  # the kernels work on a copy
    return result.eigenvalues.numpy(), result.eigenvectors.numpy()


def _check(a: np.ndarray, factor: float = 20) -> tuple[np.ndarray, np.ndarray]:
    """eig and eigvals of the stack a checked against NumPy; returns eig's (values, vectors)."""
    w, v = _eig(a)
    ctype = _complex(str(a.dtype))
    assert w.dtype == ctype and v.dtype == ctype
    assert w.shape == a.shape[:-1] and v.shape == a.shape
    only = LA.eigvals(vt.asarray(a)).numpy()
    assert only.dtype == ctype and only.shape == a.shape[:-1]
    count = int(np.prod(a.shape[:-2]))
    flat = a.reshape(count, *a.shape[-2:])
    for k in range(count):
        _check_values(w.reshape(count, -1)[k], flat[k], factor)
        _check_values(only.reshape(count, -1)[k], flat[k], factor)
    _check_vectors(w, v, a, factor)
    if a.dtype.kind == "f":
        _check_real_pairs(w, v)
        _check_real_pairs(only, None)
    return w, v


def _check_real_pairs(w: np.ndarray, v: np.ndarray | None) -> None:
    """Eigenvalues of real matrices: real ones have zero imaginary parts, complex ones come as (a + ib, a - ib),
    b > 0, in adjacent places with conjugate eigenvectors, exactly (as LAPACK's)."""
    n = w.shape[-1]
    count = int(np.prod(w.shape[:-1]))
    w2 = w.reshape(count, n)
    v2 = v.reshape(count, n, n) if v is not None else None
    for k in range(w2.shape[0]):
        j = 0
        while j < n:
            if w2[k, j].imag == 0:
                j += 1
                continue
            assert w2[k, j].imag > 0 and j + 1 < n and w2[k, j + 1] == np.conj(w2[k, j]), w2[k]
            if v2 is not None:
                assert np.array_equal(v2[k, :, j + 1], np.conj(v2[k, :, j]))
            j += 2


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
def test_eig_matches_numpy(dtype, n):
    _check(standard_normal((n, n), dtype, seed=n))


@pytest.mark.parametrize("dtype", ["float64", "complex64"])
@pytest.mark.parametrize("n", [64, 100])
def test_eig_larger_matrices(dtype, n):
    """Orders past the shared-memory kernel for some dtypes (its device-memory path) on lavapipe."""
    _check(standard_normal((n, n), dtype, seed=n))


@pytest.mark.parametrize("dtype", ["float32", "complex128", pytest.param("float64", marks=pytest.mark.slow),
                                   pytest.param("complex64", marks=pytest.mark.slow)])
def test_largest_order_in_shared_memory(dtype):
    """The largest matrix the shared-memory kernel takes on this device (its capacity then all the device has)."""
    x = vt.asarray(np.zeros((1, 1), dtype=dtype))
    n = max(k for k in range(1, 256) if linalg_eig._geometry(x._ctx, k, x.dtype)[1])
    assert not linalg_eig._geometry(x._ctx, n + 1, x.dtype)[1]
    _check(standard_normal((n, n), dtype, seed=21))


def test_stacks_and_empty_stacks():
    a = standard_normal((2, 3, 6, 6), "float64", seed=3)
    w, v = _check(a)
    for i in range(2):
        for j in range(3):
            _check_values(w[i, j], a[i, j])
    for shape in [(0, 4, 4), (3, 0, 0), (2, 0, 5, 5)]:
        w, v = _eig(np.zeros(shape, dtype="float32"))
        assert w.shape == shape[:-1] and v.shape == shape and w.dtype == np.complex64
        assert LA.eigvals(vt.zeros(shape, dtype="float32")).shape == shape[:-1]


def test_many_small_matrices():
    a = standard_normal((2000, 3, 3), "float32", seed=4)
    w, v = _eig(a)
    for k in range(0, 2000, 97):
        _check_values(w[k], a[k])
    _check_vectors(w, v, a)
    _check_real_pairs(w, v)


def test_non_contiguous_inputs():
    base = standard_normal((3, 9, 14), "complex128", seed=5)
    for view in (lambda x: x[..., ::2, 1:15:3][..., :5, :], lambda x: x[:, :7, :7].mT, lambda x: x[::-1, ::-1, 2:11]):
        a = view(base)
        got = view(vt.asarray(base))
        assert got.shape == a.shape
        result = LA.eig(got)
        w, v = result.eigenvalues.numpy(), result.eigenvectors.numpy()
        for k in range(a.shape[0]):
            _check_values(w[k], a[k])
        _check_vectors(w, v, a)


def test_complex_conjugate_pairs():
    """Rotations and a companion matrix: eigenvalues on the unit circle, exact conjugate pairs."""
    theta = 0.3
    rot = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    w, v = _check(rot[None].astype("float32"))
    assert np.allclose(np.sort_complex(w[0]), np.sort_complex(np.exp([-1j * theta, 1j * theta])), atol=1e-6)
    for n in (5, 12):  # the cyclic shift: the n-th roots of unity
        shift = np.roll(np.eye(n), 1, axis=0)
        w, v = _check(shift.astype("float64"))
        _check_values(w, shift)
        assert np.allclose(np.abs(w), 1, atol=1e-13)
    blocks = np.zeros((8, 8))  # 2x2 rotation-scaling blocks hidden by an orthogonal similarity
    for k, (r, t) in enumerate([(1.0, 0.5), (2.0, 1.0), (0.5, 2.5), (3.0, 0.1)]):
        blocks[2 * k:2 * k + 2, 2 * k:2 * k + 2] = r * np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    q, _ = np.linalg.qr(standard_normal((8, 8), "float64", seed=6))
    w, v = _check(q @ blocks @ q.T)
    assert np.sum(w.imag > 0) == 4


def test_repeated_and_clustered_eigenvalues():
    q, _ = np.linalg.qr(standard_normal((9, 9), "float64", seed=7))
    d = np.array([2.0, 2.0, 2.0, -1.0, -1.0, 0.5, 0.5, 0.5, 0.5])
    a = q @ np.diag(d) @ q.T
    w, v = _check(a)
    assert np.allclose(np.sort(w.real), np.sort(d), atol=1e-13) and np.allclose(w.imag, 0, atol=1e-13)
    for dtype in ("float32", "complex64", "complex128"):
        w, v = _check(np.eye(7, dtype=dtype) * 3)
        assert np.all(w == 3) and np.allclose(np.abs(v), np.eye(7))


def test_triangular_and_diagonal_matrices():
    upper = np.triu(standard_normal((10, 10), "float64", seed=8))
    w, v = _check(upper)
    assert np.array_equal(np.sort(w.real), np.sort(np.diag(upper))) and np.all(w.imag == 0)
    lower = np.tril(standard_normal((10, 10), "complex128", seed=9))
    w, v = _check(lower)
    _check_values(w, lower)
    diag = np.diag(np.arange(1.0, 7.0)).astype("float32")
    w, v = _check(diag)
    assert np.array_equal(w, np.arange(1, 7)) and np.array_equal(np.abs(v), np.eye(6))


def test_symmetric_and_hermitian_matrices():
    for dtype in DTYPES:
        a = standard_normal((12, 12), dtype, seed=10)
        a = (a + np.conj(a.T)) / 2
        w, v = _check(a)
        assert np.allclose(np.sort(w.real), np.linalg.eigvalsh(a.astype(np.complex128)), atol=50 * 12 * _eps(dtype))
        gram = np.conj(v.T) @ v  # distinct eigenvalues: orthonormal eigenvectors
        assert np.allclose(gram, np.eye(12), atol=1e3 * 12 * _eps(dtype))


def test_zero_and_nilpotent_matrices():
    for dtype in DTYPES:
        w, v = _check(np.zeros((6, 6), dtype=dtype))
        assert np.all(w == 0) and np.all(np.isfinite(v))
    w, v = _eig(np.array([[0.0, 1.0], [0.0, 0.0]]))
    assert np.all(w == 0) and np.allclose(np.abs(v[:, 0]), [1, 0])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("size", [2, 3, 6])
def test_defective_jordan_blocks(dtype, size):
    """A Jordan block hidden by a similarity: its eigenvalues are only accurate to about (eps ||A||)^(1/size),
    as NumPy's; the eigenvectors still have small residuals."""
    lam = 2.0
    j = lam * np.eye(size) + np.eye(size, k=1)
    s = np.eye(size) + 0.1 * np.triu(standard_normal((size, size), "float64", seed=11), 1)
    a = (s @ j @ np.linalg.inv(s)).astype(dtype)
    w, v = _eig(a)
    tol = 10 * (_eps(dtype) * np.linalg.norm(a.astype(np.complex128))) ** (1 / size)
    assert np.all(np.abs(w - lam) <= tol), np.abs(w - lam).max()
    want = np.linalg.eigvals(a.astype(np.complex128))
    assert np.all(np.abs(want - lam) <= tol)
    _check_vectors(w, v, a)


def test_eigenvectors_of_a_long_jordan_chain_stay_finite():
    """x = -(T - w I)^-1 grows like (1 / smin)^k along a Jordan chain: the back substitution rescales columns
    before they overflow float32."""
    for dtype in ("float32", "complex64"):
        a = (np.eye(40) + np.eye(40, k=1)).astype(dtype)
        w, v = _eig(a)
        assert np.all(w == 1) and np.all(np.isfinite(v))
        _check_vectors(w, v, a)


def test_eigenvectors_match_numpys_up_to_a_phase():
    """Simple, well separated eigenvalues: the same unit eigenvector as NumPy's, up to a factor of modulus 1."""
    for dtype in DTYPES:
        a = (np.diag(np.arange(1.0, 9.0) * 3) + 0.3 * standard_normal((8, 8), dtype, seed=12)).astype(dtype)
        w, v = _eig(a)
        want_w, want_v = np.linalg.eig(a.astype(np.complex128))
        for k in range(8):
            j = int(np.argmin(np.abs(want_w - w[k])))
            overlap = abs(np.vdot(want_v[:, j], v[:, k].astype(np.complex128)))
            assert abs(overlap - 1) <= 100 * _eps(dtype), (dtype, k, overlap)


def test_badly_scaled_matrices():
    """Matrices near the top and bottom of the float range: scaled by a power of two before the iteration."""
    for dtype, scale in [("float32", 1e35), ("float32", 1e-35), ("float64", 1e300), ("complex64", 1e-30),
                         ("complex128", 1e-300)]:
        a = (standard_normal((7, 7), dtype, seed=13) * np.asarray(scale, dtype=np.dtype(dtype).type(0).real.dtype))
        a = a.astype(dtype)
        assert np.all(np.isfinite(a))
        w, v = _eig(a)
        assert np.all(np.isfinite(w)) and np.all(np.isfinite(v))
        _check_values(w, a)
        _check_vectors(w, v, a)


def test_graded_matrices_are_balanced():
    """D B D^-1 with D spanning 2^54 (2^27 for float32): the balancing (LAPACK's gebal) gives B's eigenvalues to
    the accuracy of B, not of ||D B D^-1||, as NumPy's do."""
    for dtype, step in [("float64", 6), ("complex128", 6), ("float32", 3), ("complex64", 3)]:
        b = standard_normal((10, 10), dtype, seed=20)
        d = 2.0 ** (step * np.arange(10))
        a = (b * d[:, None] / d[None, :]).astype(dtype)
        w, v = _eig(a)
        want, kappa = _condition(b.astype(np.complex128))
        rows, cols = linear_sum_assignment(np.abs(w[:, None] - want[None, :]))
        err = np.abs(w[rows] - want[cols])
        assert np.all(err <= 50 * 10 * _eps(dtype) * np.linalg.norm(b) * kappa[cols]), err.max()
        _check_values(LA.eigvals(vt.asarray(a)).numpy(), a)
        _check_vectors(w, v, a)


def test_integer_bool_and_float16_inputs():
    a = np.array([[2, 1, 0], [1, 3, 1], [0, 1, 4]], dtype=np.int32)
    w, v = _eig(a)
    assert w.dtype == np.complex128
    _check_values(w, a.astype(np.float64))
    assert LA.eigvals(vt.asarray(np.eye(3, dtype=bool))).dtype == vt.complex128
    h = standard_normal((5, 5), "float16", seed=14)
    w, v = _eig(h)
    assert w.dtype == np.complex64
    _check_values(w, h.astype(np.float32))
    b = vt.asarray(h.astype(np.float32)).astype(vt.bfloat16)
    result = LA.eig(b)
    assert result.eigenvalues.dtype == vt.complex64 and result.eigenvectors.dtype == vt.complex64
    _check_values(result.eigenvalues.numpy(), b.astype(vt.float32).numpy())


def test_work_is_resumed_exactly_across_dispatches(monkeypatch):
    """A dispatch stops before the unit of work that could pass its budget and the next one resumes it: tiny budgets
    (and a back substitution of two rows a dispatch) give the very same bits as one dispatch, on both paths."""
    cases = [(standard_normal((2, 20, 20), dtype, seed=seed), cap)
             for dtype, seed, cap in (("float64", 15, None), ("complex64", 16, None), ("float32", 17, 0),
                                      ("complex128", 18, 0))]
    geometry = linalg_eig._geometry
    for a, cap in cases:
        if cap is not None:
            monkeypatch.setattr(linalg_eig, "_geometry", lambda ctx, n, dtype: (geometry(ctx, n, dtype)[0], 0))
        w, v = _eig(a)
        only = LA.eigvals(vt.asarray(a)).numpy()
        with monkeypatch.context() as m:
            m.setattr(linalg_eig, "_budget", lambda ctx, n, wg, function: 300)
            m.setattr(linalg_eig, "_rows", lambda ctx, n, groups: 2)
            w2, v2 = _eig(a)
            only2 = LA.eigvals(vt.asarray(a)).numpy()
        assert np.array_equal(w, w2) and np.array_equal(v, v2) and np.array_equal(only, only2)
        monkeypatch.setattr(linalg_eig, "_geometry", geometry)
        _check_values(w[0], a[0])
        _check_vectors(w, v, a)


@pytest.mark.parametrize("dtype", DTYPES)
def test_device_memory_path(monkeypatch, dtype):
    """The Schur kernel with H in device memory (the path of matrices too large for shared memory)."""
    geometry = linalg_eig._geometry
    monkeypatch.setattr(linalg_eig, "_geometry", lambda ctx, n, dt: (geometry(ctx, n, dt)[0], 0))
    _check(standard_normal((3, 13, 13), dtype, seed=19))


@pytest.mark.parametrize("function", ["eig", "eigvals"])
def test_errors_name_the_function(function):
    f = getattr(LA, function)
    for bad in (np.inf, -np.inf, np.nan):
        a = np.eye(4)
        a[1, 2] = bad
        with pytest.raises(LA.LinAlgError, match=f"{function}: array must not contain infs or NaNs"):
            f(vt.asarray(a))
    with pytest.raises(LA.LinAlgError, match=f"{function}: .*square"):
        f(vt.zeros((3, 4)))
    with pytest.raises(LA.LinAlgError, match=f"{function}: 1-dimensional"):
        f(vt.zeros((3,)))
    with pytest.raises(TypeError, match=function):
        f("not an array")


@pytest.mark.parametrize("dtype", ["float64", "complex64"])
def test_no_convergence_raises(monkeypatch, dtype):
    """The iteration's limit reached (here none allowed): LinAlgError, as NumPy's "Eigenvalues did not converge";
    matrices that deflate without iterating still work."""
    monkeypatch.setattr(linalg_eig, "ITERATIONS", 0)
    for function in ("eig", "eigvals"):
        with pytest.raises(LA.LinAlgError, match=f"{function}: eigenvalues did not converge"):
            getattr(LA, function)(vt.asarray(standard_normal((6, 6), dtype, seed=22)))
    w, v = _eig(np.triu(standard_normal((5, 5), dtype, seed=23)))
    assert np.allclose(np.sort_complex(w), np.sort_complex(np.diag(np.triu(standard_normal((5, 5), dtype, seed=23)))))
