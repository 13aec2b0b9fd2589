"""vt.linalg's factorizations and solvers against NumPy and by reconstruction: every path (one thread per matrix up to
8x8, one workgroup per matrix in shared memory, the blocked algorithms and the work-buffer kernels), every floating
dtype, stacks with broadcasting, non-contiguous views, singular and ill-conditioned matrices, errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import standard_normal

import vulkit as vt
from vulkit.array.ops import linalg_blocked as blocked
from vulkit.array.ops import linalg_common
from vulkit.array.ops import linalg_large as large
from vulkit.array.ops import linalg_spectral as spectral
from vulkit.array.ops import linalg_tridiagonal as tridiagonal
from vulkit.runtime import context

DTYPES = ["float32", "float64", "complex64", "complex128"]
FAST_SIZES = [0, 1, 2, 3, 4, 5, 9, 17, 33]
SIZES = FAST_SIZES + [pytest.param(n, marks=pytest.mark.slow) for n in (64, 65, 200)]
# Jacobi sweeps cost n^3 a sweep: 100 already takes the large path (one round of rotations a dispatch), at an eighth
# of 200's time on lavapipe
JACOBI_SIZES = FAST_SIZES + [pytest.param(n, marks=pytest.mark.slow) for n in (64, 65, 100)]
LA = vt.linalg


def _eps(dtype: str) -> float:
    return float(np.finfo(np.dtype(dtype)).eps)


def _well(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Random matrices with a dominant diagonal (condition numbers of a few)."""
    n = shape[-1]
    return (standard_normal(shape, dtype, seed) + 2 * np.sqrt(max(n, 1)) * np.eye(n)).astype(dtype)


def _h(x: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(x, -1, -2))


def _spd(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    a = standard_normal(shape, dtype, seed)
    return (a @ _h(a) + shape[-1] * np.eye(shape[-1])).astype(dtype)


def _close(got: np.ndarray, want: np.ndarray, tol: float) -> None:
    """max |got - want| <= tol * max(1, max |want|)."""
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.size:
        scale = max(1.0, float(np.abs(want).max()))
        err = float(np.abs(got.astype(np.complex128) - want).max())
        assert err <= tol * scale, (err, tol * scale)


def _tol(dtype: str, n: int, factor: float = 40) -> float:
    return factor * max(n, 1) * _eps(dtype)


def _wide(dtype: str) -> str:
    return "complex128" if np.dtype(dtype).kind == "c" else "float64"


def test_linalg_error_is_a_value_error():
    assert issubclass(LA.LinAlgError, ValueError)
    assert LA.LinAlgError is linalg_common.LinAlgError


# -- solve, inv ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
def test_solve_matches_numpy(dtype, n):
    a = _well((3, n, n), dtype, 1)
    b = standard_normal((3, n, 2), dtype, 2)
    x = LA.solve(vt.asarray(a), vt.asarray(b)).numpy()
    assert x.dtype == np.dtype(dtype)
    want = np.linalg.solve(a.astype(_wide(dtype)), b.astype(_wide(dtype)))
    _close(x, want, _tol(dtype, n))
    _close(a.astype(_wide(dtype)) @ x, b, _tol(dtype, n))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [0, 3, 5, 17, pytest.param(65, marks=pytest.mark.slow)])
def test_inv_matches_numpy(dtype, n):
    a = _well((2, n, n), dtype, 3)
    got = LA.inv(vt.asarray(a)).numpy()
    assert got.shape == a.shape and got.dtype == np.dtype(dtype)
    _close(got, np.linalg.inv(a.astype(_wide(dtype))), _tol(dtype, n))
    _close(a.astype(_wide(dtype)) @ got, np.broadcast_to(np.eye(n), a.shape), _tol(dtype, n))


@pytest.mark.parametrize("n", [3, 12, 70])
def test_solve_blocked_and_vector_rhs(n):
    """A vector right-hand side (NumPy 2's rule: 1-D only), a batch of matrices against one vector, and many
    right-hand sides (more than shared memory holds, so the blocked LU runs)."""
    a = _well((2, n, n), "float64", 4)
    b = standard_normal((n,), "float64", 5)
    x = LA.solve(vt.asarray(a), vt.asarray(b))
    assert x.shape == (2, n)
    _close(x.numpy(), np.linalg.solve(a, b), _tol("float64", n))
    many = standard_normal((n, 300), "float64", 6)
    _close(LA.solve(vt.asarray(a[0]), vt.asarray(many)).numpy(), np.linalg.solve(a[0], many), _tol("float64", n))


@pytest.mark.parametrize("dtype", ["float32", "complex128"])
def test_blocked_lu_with_narrow_panels(monkeypatch, dtype):
    """Panels of 8 and 16 columns (what a GPU takes for tall panels, here forced by 64-invocation workgroups): the
    64-column blocks are factored recursively, row interchanges carried through every level."""
    from vulkit.array.ops import linalg_blocked

    monkeypatch.setattr(linalg_blocked, "max_invocations", lambda ctx: 64)
    n = 150
    a = standard_normal((2, n, n), dtype, 30)
    b = standard_normal((2, n, 3), dtype, 31)
    _check_systems(a, b, LA.solve(vt.asarray(a), vt.asarray(b)).numpy(), dtype)
    sign, logabs = np.linalg.slogdet(a.astype(_wide(dtype)))
    got = LA.slogdet(vt.asarray(a))
    _close(got.sign.numpy(), sign, _tol(dtype, n))
    _close(got.logabsdet.numpy(), logabs, _tol(dtype, n) * n)


def test_solve_broadcasts_batch_dimensions():
    a = _well((3, 1, 4, 4), "float64", 7)
    b = standard_normal((2, 4, 5), "float64", 8)
    x = LA.solve(vt.asarray(a), vt.asarray(b))
    assert x.shape == (3, 2, 4, 5)
    _close(x.numpy(), np.linalg.solve(a, b), _tol("float64", 4))
    a17 = _well((2, 1, 17, 17), "float32", 9)
    b17 = standard_normal((3, 17, 2), "float32", 10)
    _close(LA.solve(vt.asarray(a17), vt.asarray(b17)).numpy(), np.linalg.solve(a17.astype("float64"), b17),
           _tol("float32", 17))


def _check_systems(a: np.ndarray, b: np.ndarray, x: np.ndarray, dtype: str) -> None:
    """Each system's backward error at rounding level, its forward error within its condition number."""
    n = a.shape[-1]
    wide = a.astype(_wide(dtype))
    residual = np.abs(wide @ x - b).max(axis=(-2, -1))
    size = np.abs(wide).max(axis=(-2, -1)) * np.abs(x).max(axis=(-2, -1))
    assert np.all(residual <= _tol(dtype, n) * size)
    want = np.linalg.solve(wide, b)
    cond = np.linalg.cond(wide)
    err = np.abs(x - want).max(axis=(-2, -1))
    assert np.all(err <= _tol(dtype, n) * cond * np.abs(want).max(axis=(-2, -1)))


def test_solve_many_small_systems():
    """The graphics/physics case: a large stack of 3x3 (and 4x4) systems, one thread each."""
    for n in (3, 4):
        a = _well((5000, n, n), "float32", 11)
        b = standard_normal((5000, n, 1), "float32", 12)
        _check_systems(a, b, LA.solve(vt.asarray(a), vt.asarray(b)).numpy(), "float32")


@pytest.mark.slow
def test_solve_hundred_thousand_3x3():
    a = standard_normal((100_000, 3, 3), "float32", 13)
    b = standard_normal((100_000, 3, 1), "float32", 14)
    _check_systems(a, b, LA.solve(vt.asarray(a), vt.asarray(b)).numpy(), "float32")


@pytest.mark.parametrize("n", [2, 3, 12, 70])
def test_singular_matrices_raise(n):
    a = standard_normal((2, n, n), "float64", 15)
    a[1, -1] = a[1, 0]  # two equal rows: an exact zero pivot in LAPACK's elimination and ours
    a[1, :, 0] = 0.0
    with pytest.raises(LA.LinAlgError, match="solve: Singular matrix"):
        LA.solve(vt.asarray(a), vt.asarray(np.ones((2, n, 1))))
    with pytest.raises(LA.LinAlgError, match="inv: Singular matrix"):
        LA.inv(vt.asarray(a))
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.inv(a)
    assert LA.det(vt.asarray(a)).numpy()[1] == 0.0
    sign, logabs = LA.slogdet(vt.asarray(a))
    assert sign.numpy()[1] == 0.0 and logabs.numpy()[1] == -np.inf


@pytest.mark.parametrize("n", [6, 10, 13])
def test_ill_conditioned_solve_has_small_backward_error(n):
    """Hilbert matrices (condition numbers 1e7 to 1e18): the forward error is as bad as NumPy's, the residual
    stays at rounding level, as partial pivoting promises."""
    i = np.arange(n)
    a = 1.0 / (i[:, None] + i[None, :] + 1.0)
    b = np.ones((n, 1))
    x = LA.solve(vt.asarray(a), vt.asarray(b)).numpy()
    residual = np.abs(a @ x - b).max() / (np.abs(a).max() * np.abs(x).max())
    assert residual < 100 * n * _eps("float64")
    cond = np.linalg.cond(a)
    if cond < 1e12:
        _close(x, np.linalg.solve(a, b), 100 * n * cond * _eps("float64"))


def test_non_contiguous_inputs():
    base = _well((4, 10, 10), "float64", 16)
    view = vt.asarray(base)
    pairs = [(base[::2], view[::2]), (base.transpose(0, 2, 1), view.mT), (base[:, ::-1, :], vt.flip(view, axis=1)),
             (base[1:, :9, 1:], view[1:, :9, 1:]), (base[:, ::3, ::3], view[:, ::3, ::3])]
    for a, va in pairs:
        n = a.shape[-1]
        b = standard_normal(a.shape[:-1], "float64", 17)[..., None]
        _close(LA.solve(va, vt.asarray(b)).numpy(), np.linalg.solve(a, b), _tol("float64", n))
        _close(LA.det(va).numpy(), np.linalg.det(a), _tol("float64", n))
        _close(LA.eigvalsh(va).numpy(), np.linalg.eigvalsh(a), _tol("float64", n))
        _close(LA.svdvals(va).numpy(), np.linalg.svd(a, compute_uv=False), _tol("float64", n))
        _close(LA.qr(va).R.numpy(), np.linalg.qr(a).R, _tol("float64", n))
        spd = a @ np.swapaxes(a, -1, -2)
        _close(LA.cholesky(vt.asarray(spd).mT).numpy(), np.linalg.cholesky(spd), _tol("float64", n))


# -- det, slogdet -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
def test_det_and_slogdet_match_numpy(dtype, n):
    a = standard_normal((2, n, n), dtype, 18)
    wide = a.astype(_wide(dtype))
    sign, logabs = np.linalg.slogdet(wide)
    got_sign, got_log = LA.slogdet(vt.asarray(a))
    assert got_sign.dtype == np.dtype(dtype) and got_log.dtype == np.dtype(dtype).type(0).real.dtype
    _close(got_sign.numpy(), sign, _tol(dtype, n))
    _close(got_log.numpy(), logabs, _tol(dtype, n) * max(1.0, n))
    det = LA.det(vt.asarray(a)).numpy()
    want = np.linalg.det(wide)
    assert det.dtype == np.dtype(dtype)
    finite = np.isfinite(want.astype(dtype))
    if finite.any():
        np.testing.assert_allclose(det[finite], want[finite].astype(dtype), rtol=_tol(dtype, n) * max(1.0, n))


def test_det_beyond_the_float_range():
    """The pivots' product is kept as mantissa and exponent: no overflow where the determinant is finite."""
    a = np.diag([1e200, 1e200, 1e-300]).astype("float64")
    np.testing.assert_allclose(LA.det(vt.asarray(a)).numpy(), 1e100, rtol=1e-15)
    big = np.diag(np.full(12, 1e30)).astype("float32")
    assert LA.det(vt.asarray(big)).numpy() == np.inf
    _close(LA.slogdet(vt.asarray(big)).logabsdet.numpy(), np.float32(12 * np.log(1e30)), 1e-6)
    perm = np.eye(3)[[1, 0, 2]]
    assert LA.det(vt.asarray(perm)).numpy() == -1.0
    assert LA.slogdet(vt.asarray(np.full((2, 2), np.nan))).sign.numpy() == 1.0  # NumPy's sign for NaN pivots


def test_det_of_empty_matrices():
    assert LA.det(vt.asarray(np.zeros((2, 0, 0)))).numpy().tolist() == [1.0, 1.0]
    assert LA.det(vt.asarray(np.zeros((0, 3, 3)))).shape == (0,)
    sign, logabs = LA.slogdet(vt.asarray(np.zeros((0, 0))))
    assert sign.numpy() == 1.0 and logabs.numpy() == 0.0


# -- cholesky -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", SIZES)
def test_cholesky_reconstructs(dtype, n):
    a = _spd((2, n, n), dtype, 19)
    lower = LA.cholesky(vt.asarray(a)).numpy()
    assert lower.dtype == np.dtype(dtype)
    assert np.all(np.triu(lower, 1) == 0)
    _close(lower @ _h(lower), a, _tol(dtype, n))
    _close(lower, np.linalg.cholesky(a.astype(_wide(dtype))), _tol(dtype, n))
    upper = LA.cholesky(vt.asarray(a), upper=True).numpy()
    _close(upper, _h(lower), 0)


def test_cholesky_reads_the_lower_triangle_and_raises():
    for n, junk in ((12, 7.0), (150, np.nan), (130, np.inf)):  # 150, 130: blocked, the last block smaller
        a = _spd((n, n), "float64", 20)
        messy = np.tril(a) + np.triu(np.full_like(a, junk), 1)
        _close(LA.cholesky(vt.asarray(messy)).numpy(), np.linalg.cholesky(a), _tol("float64", n))
    for n in (3, 12, 70):
        bad = -np.eye(n)
        with pytest.raises(LA.LinAlgError, match="cholesky: Matrix is not positive definite"):
            LA.cholesky(vt.asarray(bad))
    with pytest.raises(LA.LinAlgError):  # a NaN in one matrix does not hide another that is not positive definite
        LA.cholesky(vt.asarray(np.stack([np.full((3, 3), np.nan), -np.eye(3)])))


@pytest.mark.parametrize(("n", "at"), [(3, (1, 0)), (5, (3, 1)), (30, (20, 10)), (30, (0, 0)), (150, (140, 7))])
def test_cholesky_of_matrices_holding_nan_is_numpys(n, at):
    """A NaN propagates through the factorization to exactly NumPy's entries (OpenBLAS's potrf does not flag it),
    on each path (a thread, a workgroup, blocked), next to a positive-definite matrix of the stack."""
    a = _spd((2, n, n), "float64", n)
    a[0][at] = a[0][at[::-1]] = np.nan
    got = LA.cholesky(vt.asarray(a)).numpy()
    expected = np.linalg.cholesky(a)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    finite = ~np.isnan(expected)
    _close(got[finite], expected[finite], _tol("float64", n))
    np.testing.assert_array_equal(np.isnan(LA.cholesky(vt.asarray(np.full((3, 3), np.nan))).numpy()), np.tri(3) > 0)


# (dtype, unrolled, wide, defer): the panel as lavapipe runs it (None) and as GPUs do, real dtypes reading L11 four
# scalars a load (wide) or one (complex ones always one), each column grouping
CHOL_CASES = [(dtype, unrolled, True, defer) for dtype in ("float32", "float64", "complex128")
              for unrolled in (None, True) for defer in (blocked.CHOL_DEFER, 128, 0)] + [
    (dtype, True, False, blocked.CHOL_DEFER) for dtype in ("float32", "float64")]


@pytest.mark.parametrize(("dtype", "unrolled", "wide", "defer"), CHOL_CASES)
def test_blocked_cholesky_over_several_workgroups(dtype, unrolled, wide, defer, monkeypatch):
    # 450 = 7 blocks of 64 and one of 2: the first panels' rows below the diagonal block span three workgroups.
    # The panel as GPUs run it (steps written out) in blocks of 16 here: lavapipe compiles blocks of 64 for a minute;
    # real dtypes read L11 four scalars a load there (wide) or one. Updates deferred to groups of 128 columns (the
    # last group 66 wide), or none (every block column updates all).
    monkeypatch.setattr(blocked, "CHOL_UNROLLED", unrolled)
    monkeypatch.setattr(blocked, "CHOL_WIDE", wide)
    monkeypatch.setattr(blocked, "CHOL_DEFER", defer)
    if unrolled:
        monkeypatch.setattr(blocked, "block_sizes", lambda ctx, itemsize: 16)
    a = _spd((2, 450, 450), dtype, 21)
    lower = LA.cholesky(vt.asarray(a)).numpy()
    _close(lower, np.linalg.cholesky(a.astype(_wide(dtype))), _tol(dtype, 450))
    bad = np.eye(300)
    bad[250, 250] = -1.0  # a pivot inside a later diagonal block
    with pytest.raises(LA.LinAlgError, match="cholesky: Matrix is not positive definite"):
        LA.cholesky(vt.asarray(bad))


# -- qr -----------------------------------------------------------------------------------------------------------
# complex matrices of 200 (17 s each on lavapipe) left to the blocked tests below (test_large_qr_in_blocks_of_panels)
QR_CASES = [(dtype, n) for dtype in DTYPES for n in FAST_SIZES] + [
    pytest.param(dtype, n, marks=pytest.mark.slow) for dtype in DTYPES for n in (64, 65, 200)
    if not (dtype.startswith("complex") and n == 200)]


@pytest.mark.parametrize(("dtype", "n"), QR_CASES)
def test_qr_reconstructs_and_matches_numpy(dtype, n):
    for m in (n, n + 3, max(n - 2, 0)):
        a = standard_normal((2, m, n), dtype, 21)
        q, r = LA.qr(vt.asarray(a))
        q, r = q.numpy(), r.numpy()
        k = min(m, n)
        assert q.shape == (2, m, k) and r.shape == (2, k, n) and q.dtype == np.dtype(dtype)
        tol = _tol(dtype, max(m, n))
        _close(q @ r, a, tol)
        _close(_h(q) @ q, np.broadcast_to(np.eye(k), (2, k, k)), tol)
        assert np.all(np.tril(r, -1) == 0)
        _close(r, np.linalg.qr(a.astype(_wide(dtype)))[1], tol * 4)  # LAPACK's reflectors: the same signs
        if n >= 64 and m != n + 3:  # the large path's other modes on its tall case alone (lavapipe's time)
            continue
        qc, rc = LA.qr(vt.asarray(a), mode="complete")
        qc, rc = qc.numpy(), rc.numpy()
        assert qc.shape == (2, m, m) and rc.shape == (2, m, n)
        _close(qc @ rc, a, tol)
        _close(_h(qc) @ qc, np.broadcast_to(np.eye(m), (2, m, m)), tol)
        _close(LA.qr(vt.asarray(a), mode="r").numpy(), r, tol)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
@pytest.mark.parametrize("scale", [2.0 ** -129, 2.0 ** -145])
@pytest.mark.parametrize("flush", [False, True])
def test_small_qr_of_subnormal_matrices(monkeypatch, dtype, scale, flush):
    """A matrix of subnormal entries: one workgroup's QR scales a column below LA_TINY / LA_EPS by the inverse power
    of two first (LAPACK's larfg; a product with 1 / big had overflowed to infinity: Q and R NaN), so Q is as
    orthonormal as for any matrix and Q R = A to the entries' own precision (2^-145 keeps 4 bits). A GPU that may
    flush float32 subnormals (NVIDIA: no denorm preserve) reads them as zeros (they had made NaN there): Q R = A to the
    smallest normal; that kernel is also run (``flush``) where subnormals are kept."""
    if flush:
        monkeypatch.setattr(spectral, "may_flush_subnormals", lambda ctx, dtype: True)
    flush = flush or linalg_common.may_flush_subnormals(context.current(), vt.float32)
    a = (standard_normal((2, 40, 12), dtype, 25) * np.float32(scale)).astype(dtype)
    q, r = (x.numpy().astype(np.complex128) for x in LA.qr(vt.asarray(a)))
    assert np.isfinite(q).all() and np.isfinite(r).all()
    _close(_h(q) @ q, np.broadcast_to(np.eye(12), (2, 12, 12)), _tol(dtype, 40))
    tiny = np.float64(np.finfo(np.float32).tiny)
    if flush:
        assert np.abs(q @ r - a).max() <= 40 * tiny
    else:
        kept = np.float64(np.finfo(np.float32).smallest_subnormal) / scale  # the entries' relative spacing
        _close((q @ r) / scale, a.astype(np.complex128) / scale, max(_tol(dtype, 40), 64 * kept))
    upper = np.triu(a[:, :12, :])  # zeros under a subnormal diagonal: R is the matrix itself (real H = I; a complex
    q, r = (x.numpy() for x in LA.qr(vt.asarray(upper)))  # H turns each diagonal real, a phase on its row)
    if np.dtype(dtype).kind == "f" and not flush:
        np.testing.assert_array_equal(r, upper)
    else:
        atol = tiny if flush else 4 * np.finfo(np.float32).smallest_subnormal
        np.testing.assert_allclose(np.abs(r), np.abs(upper), rtol=0, atol=atol)


@pytest.mark.parametrize("n", [12, 70])
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_spectral_factorizations_of_subnormal_matrices(dtype, n):
    """eigh, eigvalsh, svd and svdvals of matrices of subnormal entries (one workgroup each at 12, the large routes
    at 70: each matrix scaled by a power of two first, as LAPACK's drivers scale; unscaled, eigh's Jacobi threshold
    and the routes' squares had lost every off-diagonal entry, and svd's scale had overflowed to NaN): finite, and
    NumPy's values to the entries' own precision where subnormals are kept; where the GPU may flush them, no NaN and
    values within a few of the smallest normal (the matrix read as zeros, or partly)."""
    scale = np.float32(2.0 ** -140)
    g = standard_normal((2, n, n), dtype, 26)
    h = ((g + _h(g)) * scale).astype(dtype)
    a = (g * scale).astype(dtype)
    tiny = float(np.finfo(np.float32).tiny)
    flush = linalg_common.may_flush_subnormals(context.current(), vt.float32)
    w, v = (x.numpy() for x in LA.eigh(vt.asarray(h)))
    u, sv, vh = (x.numpy() for x in LA.svd(vt.asarray(a), full_matrices=False))
    values = {"eigh": (w, np.linalg.eigvalsh(h.astype(_wide(dtype)))),
              "eigvalsh": (LA.eigvalsh(vt.asarray(h)).numpy(), np.linalg.eigvalsh(h.astype(_wide(dtype)))),
              "svd": (sv, np.linalg.svd(a.astype(_wide(dtype)), compute_uv=False)),
              "svdvals": (LA.svdvals(vt.asarray(a)).numpy(), np.linalg.svd(a.astype(_wide(dtype)), compute_uv=False))}
    for name, (got, want) in values.items():
        assert np.isfinite(got).all(), name
        if flush:
            assert np.abs(got).max() <= 64 * tiny, name
        else:  # 2^-140 keeps 9 bits: the values to a few of the entries' spacing
            _close(got / float(scale), want / float(scale), 2 ** -9 * 4)
    for vectors in (v, u, vh):
        assert np.isfinite(vectors).all()


@pytest.mark.parametrize("n", [3, 12, 70])
def test_slogdet_of_subnormal_matrices(n):
    """slogdet and det of float32 matrices of subnormal entries (one thread, one workgroup, the blocked LU): each
    pivot's exponent is taken before it joins the product (GLSL's frexp left subnormals to the implementation:
    lavapipe's clamped their exponent, log |det| 14 nats a pivot too large), NumPy's float32 log |det| to the
    entries' own precision, its sign, det 0 (it underflows). Where the GPU may flush subnormals: no NaN."""
    a = (np.random.default_rng(27).standard_normal((n, n)) * 2.0 ** -140).astype(np.float32)
    sign, logdet = (float(x.numpy()) for x in LA.slogdet(vt.asarray(a)))
    want_sign, want_logdet = np.linalg.slogdet(a)
    if linalg_common.may_flush_subnormals(context.current(), vt.float32):
        assert sign in (-1.0, 0.0, 1.0) and not np.isnan(logdet)
        return
    assert sign == want_sign and abs(logdet - want_logdet) <= n * 2.0 ** -8  # 2^-140 keeps 9 bits
    assert float(LA.det(vt.asarray(a)).numpy()) == 0.0


@pytest.mark.parametrize("shape", [(5, 4), (30, 30), (40, 70), (90, 66)])
def test_qr_of_a_nan_or_an_infinity_is_nan(shape):
    """One NaN or infinity: Q and R NaN for that matrix (the reflections dropped a NaN and left a finite R), the
    other matrix of the stack as before (Q R = A); one workgroup and the blocked path, tall and wide."""
    for bad in (np.nan, np.inf):
        a = standard_normal((2, *shape), "float64", 33)
        a[1, shape[0] - 1, 1] = bad
        q, r = (x.numpy() for x in LA.qr(vt.asarray(a)))
        assert np.isnan(q[1]).all() and np.isnan(r[1]).all()
        assert np.isnan(LA.qr(vt.asarray(a), mode="r").numpy()[1]).all()
        _close(q[0] @ r[0], a[0], _tol("float64", max(shape)))


def test_qr_of_empty_and_rank_deficient_matrices():
    for shape in ((3, 0), (0, 3)):
        for mode in ("reduced", "complete"):
            q, r = LA.qr(vt.asarray(np.zeros(shape)), mode=mode)
            qn, rn = np.linalg.qr(np.zeros(shape), mode=mode)
            np.testing.assert_array_equal(q.numpy(), qn)
            np.testing.assert_array_equal(r.numpy(), rn)
    a = np.ones((5, 3))
    q, r = LA.qr(vt.asarray(a))
    _close(q.numpy() @ r.numpy(), a, _tol("float64", 5))
    _close(q.numpy().T @ q.numpy(), np.eye(3), _tol("float64", 5))


@pytest.mark.parametrize("block", [32, 64])
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_large_qr_in_blocks_of_panels(monkeypatch, block, dtype):
    """The large QR's blocks of 32-column panels (QR_BLOCK: each block's Ts merged into one, the rest of the matrix
    updated once a block; 32: a block a panel), several blocks and a partial last one, tall and wide."""
    monkeypatch.setattr(large, "QR_BLOCK", block)
    for shape in ((1, 200, 150), (2, 130, 197)):
        a = standard_normal(shape, dtype, 22)
        _qr_matches_numpy(a, dtype)
        m, n = shape[1:]
        qc = LA.qr(vt.asarray(a), mode="complete").Q.numpy()
        _close(_h(qc) @ qc, np.broadcast_to(np.eye(m), (shape[0], m, m)), _tol(dtype, max(m, n)))


def _qr_matches_numpy(a: np.ndarray, dtype: str) -> None:
    """vt.linalg.qr of the stack a: Q R = A, Q orthonormal, and LAPACK's R (NumPy's signs)."""
    m, n = a.shape[1:]
    tol = _tol(dtype, max(m, n))
    q, r = (x.numpy() for x in LA.qr(vt.asarray(a)))
    _close(q @ r, a, tol)
    _close(_h(q) @ q, np.broadcast_to(np.eye(min(m, n)), (a.shape[0], min(m, n), min(m, n))), tol)
    _close(r, np.linalg.qr(a.astype(_wide(dtype)))[1], tol * 4)


@pytest.mark.slow
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64"])
def test_large_qr_of_rank_one_and_extreme_scales(dtype):
    """The large-matrix QR: a rank-one matrix's later columns are rounding noise that shrinks by eps a column into
    subnormals (which once made NaN on a GPU), and matrices near the smallest and largest normal numbers."""
    info = np.finfo(np.float32 if dtype == "complex64" else dtype)
    one = np.outer(np.arange(1.0, 71.0), np.ones(66)).astype(dtype)
    tiny = (standard_normal((70, 66), dtype, 3) * (np.float64(info.tiny) * 4)).astype(dtype)
    huge = (standard_normal((70, 66), dtype, 4) * (np.float64(info.max) * 2.0 ** -24)).astype(dtype)
    for a in (one, tiny, huge):
        q, r = (x.numpy().astype(np.complex128) for x in LA.qr(vt.asarray(a)))
        assert np.isfinite(q).all() and np.isfinite(r).all()
        scale = float(np.abs(a).max())
        _close(q @ (r / scale), a / scale, _tol(dtype, 70))
        _close(_h(q) @ q, np.eye(66), _tol(dtype, 70))


# -- eigh, eigvalsh -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", JACOBI_SIZES)
def test_eigh_reconstructs_and_matches_numpy(dtype, n):
    a = standard_normal((2, n, n), dtype, 22)
    h = a + _h(a)
    w, v = LA.eigh(vt.asarray(h))
    w, v = w.numpy(), v.numpy()
    assert w.dtype == np.dtype(dtype).type(0).real.dtype and v.dtype == np.dtype(dtype)
    scale = max(1.0, float(np.abs(w).max())) if w.size else 1.0
    tol = _tol(dtype, n, 20)
    _close(w / scale, np.linalg.eigvalsh(h.astype(_wide(dtype))) / scale, tol)
    assert np.all(np.diff(w, axis=-1) >= 0)
    _close((h @ v - v * w[..., None, :]) / scale, np.zeros_like(h), tol)
    _close(_h(v) @ v, np.broadcast_to(np.eye(n), h.shape), tol)
    _close(LA.eigvalsh(vt.asarray(h)).numpy() / scale, w / scale, tol)


def test_eigh_uplo_and_repeated_eigenvalues():
    a = standard_normal((6, 6), "float64", 23)
    h = a + a.T
    upper_only = np.triu(h) + np.tril(np.full_like(h, 5.0), -1)
    _close(LA.eigvalsh(vt.asarray(upper_only), UPLO="U").numpy(), np.linalg.eigvalsh(h), _tol("float64", 6))
    q, _ = np.linalg.qr(standard_normal((7, 7), "float64", 24))
    rep = q @ np.diag([1.0, 1.0, 1.0, 2.0, 2.0, -3.0, 0.0]) @ q.T
    w, v = LA.eigh(vt.asarray(rep))
    _close(w.numpy(), np.array([-3.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0]), _tol("float64", 7))
    _close(v.numpy().T @ v.numpy(), np.eye(7), _tol("float64", 7))
    _close(rep @ v.numpy(), v.numpy() * w.numpy(), _tol("float64", 7))
    with pytest.raises(ValueError, match="UPLO"):
        LA.eigh(vt.asarray(h), UPLO="X")


def test_jacobi_rotations_keep_norms():
    """The large path's Jacobi rotations, applied as a small correction (Rutishauser's x - s (y + tau x)), keep
    norms: a rotation by t with c rounded to 1 grew them by t^2, and over a thousand rotations float32 eigenvectors
    drifted 150 eps from orthonormal and eigenvalues 140 eps (n = 100; LAPACK's a few eps)."""
    eps = float(np.finfo(np.float32).eps)
    a = standard_normal((100, 100), "float32", 26)
    h = (a + a.T) / 2
    w, v = (x.numpy().astype(np.float64) for x in LA.eigh(vt.asarray(h)))
    want = np.linalg.eigvalsh(h.astype(np.float64))
    assert np.abs(w - want).max() <= 40 * eps * np.abs(want).max()
    assert np.abs(v.T @ v - np.eye(100)).max() <= 40 * eps
    u, s, vh = (x.numpy().astype(np.float64) for x in LA.svd(vt.asarray(a), full_matrices=False))
    want = np.linalg.svd(a.astype(np.float64), compute_uv=False)
    assert np.abs(s - want).max() <= 40 * eps * want.max()
    assert max(np.abs(u.T @ u - np.eye(100)).max(), np.abs(vh @ vh.T - np.eye(100)).max()) <= 40 * eps


def test_eigh_of_a_graded_matrix_keeps_small_eigenvalues():
    """Jacobi's relative stopping test: a positive definite matrix with eigenvalues from 1 to 1e-12."""
    q, _ = np.linalg.qr(standard_normal((8, 8), "float64", 25))
    d = np.diag(1.0 / np.logspace(0, 12, 8))
    h = d @ (q @ np.diag(np.linspace(1, 2, 8)) @ q.T) @ d
    w = LA.eigvalsh(vt.asarray(h)).numpy()
    # the exact eigenvalues of D M D, through the Cholesky factor's singular values (high relative accuracy)
    want = np.sort(np.linalg.svd(np.linalg.cholesky(h), compute_uv=False) ** 2)
    np.testing.assert_allclose(w, want, rtol=1e-8)


def test_eigh_of_nan_matrices_is_nan_as_numpy():
    stack = np.stack([np.diag([2.0, 1.0]), np.full((2, 2), np.nan)])
    w, v = LA.eigh(vt.asarray(stack))
    np.testing.assert_array_equal(w.numpy()[0], [1.0, 2.0])
    assert np.isnan(w.numpy()[1]).all() and np.isnan(v.numpy()[1]).all()
    assert not np.isnan(v.numpy()[0]).any()


@pytest.mark.parametrize("n", [5, 30, 70])
def test_eigh_of_a_nan_or_an_infinity_is_nan(n):
    """One NaN or infinity in the triangle read: NaN eigenvalues and eigenvectors for that matrix (the rotations and
    reflections drop a NaN, an infinity left finite nonsense), the other matrix of the stack as NumPy's."""
    for bad in (np.nan, np.inf, -np.inf) if n < 70 else (np.inf,):  # 70: NaN in the next test
        a = standard_normal((2, n, n), "float64", 32)
        a = a + np.swapaxes(a, -1, -2)
        a[1, n - 1, 1] = bad
        w, v = (x.numpy() for x in LA.eigh(vt.asarray(a)))
        assert np.isnan(w[1]).all() and np.isnan(v[1]).all()
        assert np.isnan(LA.eigvalsh(vt.asarray(a)).numpy()[1]).all()
        _close(w[0], np.linalg.eigvalsh(a[0]), _tol("float64", n))


@pytest.mark.parametrize("route", [True, False])
def test_large_eigh_of_nan_matrices_is_nan(monkeypatch, route):
    """The large paths (Jacobi rounds; eigvalsh's tridiagonal route or not) lose a NaN in their comparisons: a matrix
    whose triangle read holds one gets NaN eigenvalues (NumPy raises LinAlgError), the others are untouched."""
    monkeypatch.setattr(tridiagonal, "EIGVALSH", route)
    a = standard_normal((3, 70, 70), "float64", 31)
    a = a + np.swapaxes(a, -1, -2)
    a[1, 50, 3] = np.nan  # lower triangle: read
    a[2, 3, 50] = np.nan  # upper triangle: not read
    clean = a.copy()
    clean[2, 3, 50] = clean[2, 50, 3]
    w = LA.eigvalsh(vt.asarray(a)).numpy()
    assert np.isnan(w[1]).all() and not np.isnan(w[[0, 2]]).any()
    _close(w[[0, 2]], np.linalg.eigvalsh(clean[[0, 2]]), _tol("float64", 70))
    if not route:
        values, vectors = LA.eigh(vt.asarray(a))
        assert np.isnan(values.numpy()[1]).all() and np.isnan(vectors.numpy()[1]).all()


def test_ill_conditioned_cholesky_and_svd():
    """Hilbert matrices: Cholesky's backward error stays at rounding level; singular values within eps of the
    largest of NumPy's (LAPACK's absolute accuracy)."""
    for n in (8, 12, 70):
        i = np.arange(n)
        h = 1.0 / (i[:, None] + i[None, :] + 1.0)
        if n <= 12:
            lower = LA.cholesky(vt.asarray(h)).numpy()
            _close(lower @ lower.T, h, _tol("float64", n))
        s = LA.svdvals(vt.asarray(h)).numpy()
        _close(s, np.linalg.svd(h, compute_uv=False), _tol("float64", n))
        _close(LA.eigvalsh(vt.asarray(h)).numpy(), np.linalg.eigvalsh(h), _tol("float64", n))


# -- svd, svdvals -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", JACOBI_SIZES)
def test_svd_reconstructs_and_matches_numpy(dtype, n):
    # square, tall and wide with both full_matrices below 64; one form each of the larger sizes (lavapipe's time)
    if n < 64:
        cases = [(m, (True, False)) for m in (n, n + 3, max(n - 2, 0))]
    else:
        cases = [(n + 3, (True,))] if n >= 100 else [(n, (True,)), (n + 3, (False,)), (n - 2, (True,))]
    for case, (m, forms) in enumerate(cases):
        a = standard_normal((2, m, n), dtype, 26)
        k = min(m, n)
        tol = _tol(dtype, max(m, n), 20)
        s_want = np.linalg.svd(a.astype(_wide(dtype)), compute_uv=False)
        for full in forms:
            u, s, vh = LA.svd(vt.asarray(a), full_matrices=full)
            u, s, vh = u.numpy(), s.numpy(), vh.numpy()
            assert u.shape == (2, m, m if full else k) and vh.shape == (2, n if full else k, n)
            assert s.dtype == np.dtype(dtype).type(0).real.dtype and u.dtype == np.dtype(dtype)
            scale = max(1.0, float(np.abs(s_want).max())) if s_want.size else 1.0
            _close(s / scale, s_want / scale, tol)
            _close(((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]) / scale, a / scale, tol)
            _close(_h(u) @ u, np.broadcast_to(np.eye(u.shape[-1]), (2, u.shape[-1], u.shape[-1])), tol)
            _close(vh @ _h(vh), np.broadcast_to(np.eye(vh.shape[-2]), (2, vh.shape[-2], vh.shape[-2])), tol)
        if n < 64 or case == 0:  # svdvals of the larger sizes once
            _close(LA.svdvals(vt.asarray(a)).numpy() / scale, s / scale, tol)


def test_svd_of_rank_deficient_matrices_completes_the_basis():
    cases = (np.diag([3.0, 0.0, 0.0, 1.0])[:, :3], np.ones((5, 3)), np.zeros((3, 4)), np.outer(np.arange(4.0), [1, 2]))
    for a in cases:
        for full in (True, False):
            u, s, vh = LA.svd(vt.asarray(a), full_matrices=full)
            u, s, vh = u.numpy(), s.numpy(), vh.numpy()
            k = min(a.shape)
            _close(s, np.linalg.svd(a, compute_uv=False), _tol("float64", 5))
            _close((u[:, :k] * s) @ vh[:k], a, _tol("float64", 5))
            _close(u.T @ u, np.eye(u.shape[1]), _tol("float64", 5))
            _close(vh @ vh.T, np.eye(vh.shape[0]), _tol("float64", 5))


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_svd_replaces_directions_of_negligible_singular_values(dtype):
    """A GPU's fused multiply-adds leave Jacobi columns of norm ~1e-90 where exact arithmetic gives zeros (the
    H200, a rank-one 70 x 66 matrix): normalised, they were parallel. Columns under matrix_rank's cutoff are
    replaced by an orthonormal complement, signed like the columns they replace; the others are kept as they are."""
    rng = np.random.default_rng(5)
    m, n = 9, 6
    q, _ = np.linalg.qr(standard_normal((m, n), dtype, 3))
    noise = rng.standard_normal((m, 1)) + q[:, 2:3]
    u = np.concatenate([q[:, :5], noise / np.linalg.norm(noise)], axis=1).astype(dtype)
    s = np.array([3.0, 2.0, 1.0, 1e-3, 1e-90, 1e-95])
    got = spectral._complete(vt.asarray(u), vt.asarray(s), False).numpy()
    _close(got.conj().T @ got, np.eye(n), _tol(dtype, 4))
    np.testing.assert_array_equal(got[:, :4], u[:, :4])
    _close(got[:, 4], u[:, 4], _tol(dtype, 4))  # orthonormal already: the complement agrees with it, sign included


@pytest.mark.slow
def test_svd_of_large_rank_deficient_matrices():
    """The large-matrix path: zero singular values and full_matrices complete the basis through a QR."""
    for a in (np.zeros((70, 66)), np.outer(np.arange(70.0), np.ones(66)), np.eye(66, 70)):
        u, s, vh = LA.svd(vt.asarray(a))
        u, s, vh = u.numpy(), s.numpy(), vh.numpy()
        _close(s, np.linalg.svd(a, compute_uv=False), _tol("float64", 70))
        _close((u[:, :66] * s) @ vh[:66], a, _tol("float64", 70)) if a.shape[0] >= 66 else None
        _close(u.T @ u, np.eye(u.shape[1]), _tol("float64", 70))
        _close(vh @ vh.T, np.eye(vh.shape[0]), _tol("float64", 70))


def test_svd_options_and_empty_matrices():
    a = standard_normal((4, 4), "float64", 27)
    h = a + a.T
    u, s, vh = LA.svd(vt.asarray(h), hermitian=True)
    _close(s.numpy(), np.linalg.svd(h, compute_uv=False), _tol("float64", 4))
    _close((u.numpy() * s.numpy()) @ vh.numpy(), h, _tol("float64", 4))
    assert isinstance(LA.svd(vt.asarray(a), compute_uv=False), vt.Array)
    for shape in ((3, 0), (0, 3)):
        for full in (True, False):
            got = LA.svd(vt.asarray(np.zeros(shape)), full_matrices=full)
            want = np.linalg.svd(np.zeros(shape), full_matrices=full)
            for g, w in zip(got, want, strict=True):
                np.testing.assert_array_equal(g.numpy(), w)
    with pytest.raises(LA.LinAlgError, match="svd: SVD did not converge"):
        LA.svd(vt.asarray(np.full((3, 3), np.nan)))


# -- pinv, matrix_rank --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 6), (2, 5, 3), (3, 0)])
def test_pinv_matches_numpy(dtype, shape):
    a = standard_normal(shape, dtype, 28)
    got = LA.pinv(vt.asarray(a)).numpy()
    assert got.dtype == np.dtype(dtype)
    _close(got, np.linalg.pinv(a.astype(_wide(dtype))), _tol(dtype, max(shape), 100))


def test_pinv_and_rank_of_rank_deficient_matrices():
    a = np.outer(np.arange(1.0, 6.0), np.arange(1.0, 4.0))
    _close(LA.pinv(vt.asarray(a)).numpy(), np.linalg.pinv(a), _tol("float64", 5))
    stack = np.stack([a, np.eye(5, 3), np.zeros((5, 3))])
    got = LA.matrix_rank(vt.asarray(stack))
    assert got.dtype == vt.int64
    np.testing.assert_array_equal(got.numpy(), np.linalg.matrix_rank(stack))
    nearly = np.diag([1.0, 1e-3, 1e-9])
    for rtol in (None, 1e-6, 1e-2):
        assert LA.matrix_rank(vt.asarray(nearly), rtol=rtol).numpy() == np.linalg.matrix_rank(nearly, rtol=rtol)
    assert LA.matrix_rank(vt.asarray(nearly), tol=1e-5).numpy() == 2
    assert LA.matrix_rank(vt.asarray(nearly), hermitian=True).numpy() == 3
    assert LA.matrix_rank(vt.asarray([0.0, 2.0])).numpy() == np.linalg.matrix_rank(np.array([0.0, 2.0]))
    for cutoff in (1e-6, 1e-2):  # NumPy's rcond, by keyword and by position, as rtol
        _close(LA.pinv(vt.asarray(nearly), rcond=cutoff).numpy(), np.linalg.pinv(nearly, rcond=cutoff), 1e-12)
        _close(LA.pinv(vt.asarray(nearly), cutoff).numpy(), np.linalg.pinv(nearly, rtol=cutoff), 1e-12)
    with pytest.raises(ValueError, match="pinv: `rtol` and `rcond` can't be both set"):
        LA.pinv(vt.asarray(nearly), rcond=1e-3, rtol=1e-3)


# -- dtypes and errors --------------------------------------------------------------------------------------------
def test_integer_bool_and_float16_inputs():
    ints = np.array([[4, 1], [2, 3]], dtype=np.int32)
    assert LA.det(vt.asarray(ints)).dtype == vt.float64
    _close(LA.inv(vt.asarray(ints)).numpy(), np.linalg.inv(ints), 1e-15)
    assert LA.eigvalsh(vt.asarray(np.eye(2, dtype=bool))).dtype == vt.float64
    half = np.array([[4, 1], [2, 3]], dtype=np.float16)
    got = LA.solve(vt.asarray(half), vt.asarray(np.array([1, 2], dtype=np.float16)))
    assert got.dtype == vt.float16
    _close(got.numpy().astype("float64"), np.linalg.solve(half.astype("float64"), [1, 2]), 1e-3)
    assert LA.solve(vt.asarray(ints), vt.asarray(np.ones(2, np.float32))).dtype == vt.float64
    assert LA.solve(vt.asarray(half), vt.asarray(np.ones(2, np.complex64))).dtype == vt.complex64


@pytest.mark.parametrize("function", ["cholesky", "det", "eigh", "eigvalsh", "inv", "slogdet"])
def test_square_matrices_are_required(function):
    with pytest.raises(LA.LinAlgError, match=f"{function}: .*square"):
        getattr(LA, function)(vt.asarray(np.ones((2, 3))))
    with pytest.raises(LA.LinAlgError, match=f"{function}: 1-dimensional"):
        getattr(LA, function)(vt.asarray(np.ones(3)))
    with pytest.raises(TypeError, match=function):
        getattr(LA, function)("not an array")


def test_bad_arguments_name_the_function():
    a = vt.asarray(np.eye(3))
    with pytest.raises(ValueError, match="solve: x1 is 3x3 but x2 has 2 rows"):
        LA.solve(a, vt.asarray(np.ones(2)))
    with pytest.raises(ValueError, match="solve: the batch dimensions"):
        LA.solve(vt.asarray(np.ones((2, 3, 3))), vt.asarray(np.ones((4, 3, 1))))
    with pytest.raises(LA.LinAlgError, match="solve: .*square"):
        LA.solve(vt.asarray(np.ones((3, 2))), vt.asarray(np.ones(3)))
    with pytest.raises(ValueError, match="qr: mode"):
        LA.qr(a, mode="raw")
    with pytest.raises(LA.LinAlgError, match="svd: 1-dimensional"):
        LA.svd(vt.asarray(np.ones(3)))
    with pytest.raises(TypeError, match="cholesky: upper"):
        LA.cholesky(a, upper="yes")
    with pytest.raises(ValueError, match="matrix_rank: give rtol or tol"):
        LA.matrix_rank(a, rtol=1e-3, tol=1e-3)
