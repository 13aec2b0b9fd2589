"""vt.linalg's NumPy names beyond the array API (lstsq, multi_dot, cond, tensorsolve, tensorinv) against numpy.linalg:
every floating dtype the device has, tall, wide, square and 1x1 matrices, stacks where NumPy takes them, rank-deficient
and singular input, empty arrays, transposed views, and the errors (their types and the function they name).

NumPy computes in float64 (also for float32 input, with LAPACK), vulkit in the input's precision: results are
compared with NumPy's on the input widened to float64/complex128, within the perturbation bound of the problem
(machine epsilon of the dtype times the condition number, squared for least squares with a residual) and a modest
constant, so a wrong formula, order or cutoff fails while float32 rounding passes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from array_helpers import standard_normal

import vulkit as vt
from vulkit.array.ops import linalg_numpy

LA = vt.linalg
HAS_FLOAT64 = "float64" in vt.__array_namespace_info__().dtypes()
DTYPES = ["float32", "complex64"] + (["float64", "complex128"] if HAS_FLOAT64 else [])
DEFAULT_FLOAT = np.float64 if HAS_FLOAT64 else np.float32


def _eps(dtype: str) -> float:
    return float(np.finfo(np.dtype(dtype)).eps)


def _wide(x: np.ndarray) -> np.ndarray:
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)


def _real(dtype: str) -> np.dtype:
    return np.finfo(np.dtype(dtype)).dtype


def _relerr(got: np.ndarray, want: np.ndarray) -> float:
    """max |got - want| / max |want| (0 for empty arrays)."""
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.size == 0:
        return 0.0
    return float(np.abs(got.astype(want.dtype) - want).max()) / max(float(np.abs(want).max()), 1e-300)


# -- lstsq ----------------------------------------------------------------------------------------------------------
LSTSQ_SHAPES = [(1, 1), (5, 5), (8, 3), (3, 8), (40, 12), (12, 40), (100, 20)]


def _check_lstsq(a: np.ndarray, b: np.ndarray, dtype: str, rcond: float | None = None,
                 va: vt.Array | None = None, vb: vt.Array | None = None) -> tuple:
    """vulkit's lstsq of (a, b) (or of the views va, vb holding them) against NumPy's in float64, within the least
    squares perturbation bound eps (kappa + kappa^2 ||r|| / (||a|| ||x||)) (Golub & Van Loan 5.3.7) of x."""
    x, res, rank, s = LA.lstsq(vt.asarray(a) if va is None else va, vt.asarray(b) if vb is None else vb, rcond)
    xw, resw, rankw, sw = np.linalg.lstsq(_wide(a), _wide(b), rcond=rcond)
    assert isinstance(rank, int) and rank == rankw
    assert x.dtype == np.dtype(dtype) and res.dtype == _real(dtype) and s.dtype == _real(dtype)
    assert x.shape == xw.shape and res.shape == resw.shape and s.shape == sw.shape
    eps = _eps(dtype)
    if sw.size and sw[0] > 0:
        kept = sw[sw > sw[0] * (rcond if rcond is not None else max(a.shape) * eps)]
        kappa = float(kept[0] / kept[-1])
        r = float(np.sqrt(resw.sum())) if resw.size else float(np.linalg.norm(_wide(b) - _wide(a) @ xw))
        xnorm = max(float(np.linalg.norm(xw)), 1e-300)
        bound = eps * (kappa + kappa**2 * r / (sw[0] * xnorm))
        assert _relerr(x.numpy(), xw) <= 20 * max(a.shape) * bound, (_relerr(x.numpy(), xw), bound)
        assert _relerr(s.numpy(), sw) <= 20 * max(a.shape) * eps  # singular values to a few ulps of the largest
        if resw.size:  # |r - r64| <= delta = c eps kappa ||b||: the squares differ by <= 2 ||r|| delta + delta^2
            delta = 20 * max(a.shape) * eps * kappa * float(np.linalg.norm(b))
            np.testing.assert_allclose(res.numpy(), resw, rtol=0, atol=2 * r * delta + delta**2)
    else:
        np.testing.assert_array_equal(x.numpy(), xw)
        np.testing.assert_array_equal(res.numpy(), resw)
    return x, res, rank, s


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", LSTSQ_SHAPES)
@pytest.mark.parametrize("columns", [None, 3])
def test_lstsq_matches_numpy(dtype, shape, columns):
    m, n = shape
    a = standard_normal(shape, dtype, 1)
    b = standard_normal((m,) if columns is None else (m, columns), dtype, 2)
    _, res, rank, _ = _check_lstsq(a, b, dtype)
    assert rank == min(m, n)
    # residuals only for full column rank with more rows than columns: one per column ((1,) for a vector b)
    assert res.shape == (((1,) if columns is None else (columns,)) if m > n else (0,))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(9, 4), (4, 9), (6, 6)])
def test_lstsq_rank_deficient_gives_numpys_least_norm_solution(dtype, shape):
    m, n = shape
    a = standard_normal(shape, dtype, 3)
    a[:, -1] = a[:, 0]  # an exact repeat: rank n - 1 (m - 1 wide) in float32 and float64 alike
    if m < n:
        a[-1] = a[0]
    b = standard_normal((m, 2), dtype, 4)
    _, res, rank, s = _check_lstsq(a, b, dtype)
    assert rank == min(m, n) - 1
    assert res.shape == (0,)  # no residuals below full rank
    assert float(s.numpy()[-1]) <= max(m, n) * _eps(dtype) * float(s.numpy()[0])


def test_lstsq_rcond_sets_the_rank():
    # singular values 10, 1, 1e-3 (well apart from any cutoff tried): rcond picks how many are kept
    u, _ = np.linalg.qr(standard_normal((6, 3), "float64", 5))
    v, _ = np.linalg.qr(standard_normal((3, 3), "float64", 6))
    a = (u * [10, 1, 1e-3] @ v.T).astype(np.float32)
    b = standard_normal((6,), "float32", 7)
    # outside (0, 1) LAPACK's gelsd takes eps for rcond (NumPy passes it on): all three kept
    for rcond, rank in [(None, 3), (-1, 3), (0, 3), (2.0, 3), (1e-2, 2), (0.5, 1), (0.999, 1)]:
        x, res, got, _ = LA.lstsq(vt.asarray(a), vt.asarray(b), rcond=rcond)
        assert got == rank == np.linalg.lstsq(a.astype(np.float64), b.astype(np.float64), rcond=rcond)[2]
        if rank < 3:  # the kept singular values have condition number <= 10: tight agreement with NumPy
            want = np.linalg.lstsq(a.astype(np.float64), b.astype(np.float64), rcond=rcond)[0]
            assert _relerr(x.numpy(), want) <= 1e-5
            assert res.shape == (0,)


def test_lstsq_zero_matrix_and_1x1():
    x, res, rank, s = LA.lstsq(vt.zeros((4, 3)), vt.ones((4,)))
    assert rank == 0 and res.shape == (0,) and not x.numpy().any() and not s.numpy().any()
    _check_lstsq(np.array([[2.0]], np.float32), np.array([3.0], np.float32), "float32")


@pytest.mark.parametrize("a_shape, b_shape", [((3, 0), (3,)), ((0, 3), (0,)), ((0, 0), (0, 2)), ((3, 2), (3, 0)),
                                              ((4, 2), (4, 0))])
def test_lstsq_of_empty_arrays_as_numpy(a_shape, b_shape):
    rng = np.random.default_rng(8)
    a, b = rng.standard_normal(a_shape), rng.standard_normal(b_shape)
    x, res, rank, s = LA.lstsq(vt.asarray(a), vt.asarray(b))
    xw, resw, rankw, sw = np.linalg.lstsq(a, b)
    assert rank == rankw
    for got, want in [(x, xw), (res, resw), (s, sw)]:
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)  # a (3, 0): residuals |b|^2 as NumPy's


def test_lstsq_of_views_integers_and_mixed_dtypes():
    base = standard_normal((7, 12), "float32", 9)
    a = base.T[::2]  # (6, 7) read with strides, then transposed
    view = vt.asarray(base).mT[::2]
    b = standard_normal((3, 6), "float32", 10)
    _check_lstsq(np.ascontiguousarray(a), np.ascontiguousarray(b.T), "float32", va=view, vb=vt.asarray(b).mT)
    ints = np.arange(12).reshape(4, 3) % 5
    x, res, rank, s = LA.lstsq(vt.asarray(ints), vt.asarray(np.arange(4)))
    assert x.dtype == DEFAULT_FLOAT and s.dtype == DEFAULT_FLOAT
    np.testing.assert_allclose(x.numpy(), np.linalg.lstsq(ints, np.arange(4))[0], rtol=1e-4)
    x, *_ = LA.lstsq(vt.asarray(standard_normal((5, 2), "float32")), vt.asarray(standard_normal((5,), "complex64")))
    assert x.dtype == np.complex64


def test_lstsq_errors_name_lstsq():
    a2 = vt.ones((4, 3))
    for a, b, kind in [(vt.ones((4,)), vt.ones((4,)), LA.LinAlgError),
                       (vt.ones((2, 4, 3)), vt.ones((4,)), LA.LinAlgError),
                       (a2, vt.ones((4, 2, 1)), LA.LinAlgError), (a2, vt.ones((5,)), LA.LinAlgError),
                       (a2, vt.ones((3, 2)), LA.LinAlgError), ("a", vt.ones((4,)), TypeError)]:
        with pytest.raises(kind, match="^lstsq: "):
            LA.lstsq(a, b)
    bad = np.ones((4, 3), np.float32)
    bad[1, 2] = np.nan
    with pytest.raises(LA.LinAlgError, match="^lstsq: SVD did not converge"):  # NumPy's error too
        LA.lstsq(vt.asarray(bad), vt.ones((4,)))


# -- multi_dot ------------------------------------------------------------------------------------------------------
def _chain(dims: list[int], dtype: str, first_1d: bool = False, last_1d: bool = False) -> list[np.ndarray]:
    arrays = [standard_normal((dims[i], dims[i + 1]), dtype, 20 + i) for i in range(len(dims) - 1)]
    if first_1d:
        arrays[0] = arrays[0][0]
    if last_1d:
        arrays[-1] = arrays[-1][:, 0]
    return arrays


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("dims, first_1d, last_1d", [
    ([10, 3, 7], False, False), ([1, 1, 1], False, False), ([2, 30, 5, 40], False, False),
    ([1, 6, 4, 3, 9], True, False), ([6, 4, 3, 9, 1], False, True), ([1, 6, 4, 1], True, True),
    ([1, 5, 1], True, True), ([3, 0, 4, 2], False, False), ([4, 7, 0], False, False)])
def test_multi_dot_matches_numpy(dtype, dims, first_1d, last_1d):
    arrays = _chain(dims, dtype, first_1d, last_1d)
    got = LA.multi_dot([vt.asarray(x) for x in arrays])
    want = np.linalg.multi_dot([_wide(x) for x in arrays])
    assert got.dtype == np.dtype(dtype) and got.shape == want.shape
    # each entry sums products along the chain: its error is a few eps times the sum of inner dimensions,
    # relative to the product of the factors' norms (the entries of random chains are of that size)
    scale = math.prod(float(np.linalg.norm(x, 2)) if x.ndim == 2 else float(np.linalg.norm(x)) for x in arrays)
    err = float(np.abs(got.numpy().astype(want.dtype) - want).max()) if want.size else 0.0
    assert err <= 4 * sum(dims) * _eps(dtype) * max(scale, 1.0)


@pytest.mark.parametrize("dims", [[10, 3, 7], [7, 3, 10], [30, 35, 15, 5, 10, 20, 25], [5, 5, 5, 5], [2, 9, 1, 9, 2],
                                  [1, 100, 1, 100, 1, 100], [4, 4, 1, 4, 4]])
def test_multi_dot_multiplies_in_numpys_order(monkeypatch, dims):
    from numpy.linalg import _linalg

    # the split table against NumPy's own dynamic program (ties included: [5, 5, 5, 5], [4, 4, 1, 4, 4])
    want = _linalg._multi_dot_matrix_chain_order([np.empty((dims[i], dims[i + 1])) for i in range(len(dims) - 1)])
    got = linalg_numpy._chain_order(dims)
    count = len(dims) - 1
    assert all(got[i][j] == want[i, j] for i in range(count) for j in range(i + 1, count))
    # and the products run in that order: the shapes multiplied are those of NumPy's recursion
    def order(i: int, j: int, out: list) -> tuple[int, int]:
        if i == j:
            return dims[i], dims[i + 1]
        k = int(want[i, j])
        left, right = order(i, k, out), order(k + 1, j, out)
        out.append((left, right))
        return left[0], right[1]

    expected: list = []
    order(0, count - 1, expected)
    seen: list = []
    real = linalg_numpy.matmul
    monkeypatch.setattr(linalg_numpy, "matmul", lambda x, y: seen.append((x.shape, y.shape)) or real(x, y))
    LA.multi_dot([vt.ones((dims[i], dims[i + 1])) for i in range(count)])
    assert seen == expected


def test_multi_dot_of_two_arrays_is_numpys_dot_and_out():
    a, b = standard_normal((3, 4), "float32", 1), standard_normal((4, 2), "float32", 2)
    np.testing.assert_allclose(LA.multi_dot([vt.asarray(a), vt.asarray(b)]).numpy(), a @ b, rtol=1e-5)
    # N-d: NumPy's dot (for two arrays only)
    c, d = standard_normal((2, 3, 4), "float32", 3), standard_normal((5, 4, 2), "float32", 4)
    np.testing.assert_allclose(LA.multi_dot([vt.asarray(c), vt.asarray(d)]).numpy(), np.dot(c, d), rtol=1e-5,
                               atol=1e-5)
    v = standard_normal((4,), "float32", 5)
    assert LA.multi_dot([vt.asarray(v), vt.asarray(v)]).shape == ()
    arrays = _chain([3, 5, 2, 4], "float32")
    out = vt.zeros((3, 4), dtype=vt.float32)
    result = LA.multi_dot([vt.asarray(x) for x in arrays], out=out)
    assert result is out
    np.testing.assert_allclose(out.numpy(), np.linalg.multi_dot(arrays), rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="^multi_dot: out has shape"):
        LA.multi_dot([vt.asarray(x) for x in arrays], out=vt.zeros((4, 3), dtype=vt.float32))


def test_multi_dot_of_views_lists_and_mixed_dtypes():
    a, c = standard_normal((6, 3), "float32", 1), standard_normal((6, 2), "float32", 2)
    got = LA.multi_dot([vt.asarray(a).mT, a.astype(DEFAULT_FLOAT).tolist(), vt.asarray(c)[::2]])
    want = np.linalg.multi_dot([a.T.astype(np.float64), a.astype(np.float64), c[::2].astype(np.float64)])
    assert got.dtype == DEFAULT_FLOAT  # float32 with the list's default float, as NumPy promotes
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-5)


def test_multi_dot_errors_name_multi_dot():
    m = vt.ones((3, 3))
    for arrays, kind in [([m], ValueError), ([], ValueError), (m, TypeError), ([m, vt.ones((3,)), m], ValueError),
                         ([m, vt.ones((2, 3, 3)), m], ValueError), ([vt.ones((2, 3, 3)), m, m], ValueError),
                         ([m, vt.ones((4, 2)), m], ValueError), ([vt.ones((2,)), m, m], ValueError),
                         ([vt.ones((2, 3, 4)), vt.ones((5, 3))], ValueError)]:
        with pytest.raises(kind, match="^multi_dot: "):
            LA.multi_dot(arrays)


# -- cond -----------------------------------------------------------------------------------------------------------
NORM_ORDERS = ["fro", "nuc", 1, -1, np.inf, -np.inf]


def _conditioned(shape: tuple[int, ...], dtype: str, kappa: float, seed: int) -> np.ndarray:
    """Random matrices (..., M, N) with 2-norm condition number ``kappa`` (geometric singular values)."""
    m, n = shape[-2:]
    k = min(m, n)
    wide = "complex128" if np.dtype(dtype).kind == "c" else "float64"
    u, _ = np.linalg.qr(standard_normal((*shape[:-2], m, k), wide, seed))
    v, _ = np.linalg.qr(standard_normal((*shape[:-2], n, k), wide, seed + 1))
    s = np.geomspace(1, 1 / kappa, k)
    return ((u * s) @ np.conj(np.swapaxes(v, -1, -2))).astype(dtype)


COND_CASES = [(shape, p) for shape in [(1, 1), (4, 4), (2, 3, 6, 6), (7, 3), (3, 7), (2, 40, 40)]
              for p in [None, 2, -2, *NORM_ORDERS] if p in (None, 2, -2) or shape[-1] == shape[-2]]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, p", COND_CASES)
def test_cond_matches_numpy(dtype, shape, p):
    kappa = 100.0
    x = _conditioned(shape, dtype, kappa, 11)
    got = LA.cond(vt.asarray(x), p)
    want = np.linalg.cond(_wide(x), p)
    assert got.dtype == _real(dtype) and got.shape == np.shape(want)
    # the smallest singular value (or the inverse) is off by about eps kappa relative: so is the condition number
    assert _relerr(got.numpy(), np.asarray(want)) <= 20 * max(shape[-2:]) * _eps(dtype) * kappa


def test_cond_of_singular_and_nan_matrices_as_numpy():
    x = np.stack([np.eye(3), np.diag([1.0, 1, 0]), np.zeros((3, 3)), [[0, 1, 0], [np.nan, 1, 0], [0, 0, 1]],
                  [[2, 1, 0], [1, 2, 0], [0, 0, 4]]]).astype(np.float32)
    for p in [1, -1, np.inf, -np.inf, "fro"]:  # singular: inf; with NaN: NaN (the stack's others as NumPy)
        got = LA.cond(vt.asarray(x), p).numpy()
        np.testing.assert_allclose(got, np.linalg.cond(x.astype(np.float64), p), rtol=1e-5)
        assert np.isinf(got[1:3]).all() and np.isnan(got[3])
    y = x[[0, 1, 2, 4]]  # singular with 'nuc': inf (NumPy raises; see cond's docstring)
    np.testing.assert_array_equal(np.isinf(LA.cond(vt.asarray(y), "nuc").numpy()), [False, True, True, False])
    for p in [None, 2, -2]:  # zero matrix: 0 / 0 is NaN, made inf as in NumPy; others finite
        got = LA.cond(vt.asarray(y), p).numpy()
        want = np.linalg.cond(y.astype(np.float64), p)
        assert np.isinf(got[2]) and np.isinf(want[2]) and np.isfinite(got[0])
        assert got[1] > 1e6 or np.isinf(got[1]) if p != -2 else got[1] < 1e-6
        np.testing.assert_allclose(got[[0, 3]], want[[0, 3]], rtol=1e-5)


def test_cond_of_views_integers_and_empty_stacks():
    x = _conditioned((5, 5), "float32", 20.0, 12)
    view = vt.asarray(x).mT  # cond(A^T, 1) = cond(A, inf)
    np.testing.assert_allclose(LA.cond(view, 1).numpy(), np.linalg.cond(x.astype(np.float64), np.inf), rtol=1e-4)
    np.testing.assert_allclose(LA.cond(vt.asarray(np.stack([x, 2 * x]))[::-1], None).numpy(),
                               np.linalg.cond(np.stack([2 * x, x]).astype(np.float64)), rtol=1e-4)
    ints = np.array([[2, 1], [1, 3]])
    for p in [None, 1]:
        got = LA.cond(vt.asarray(ints), p)
        assert got.dtype == DEFAULT_FLOAT and got.shape == ()
        np.testing.assert_allclose(float(got), np.linalg.cond(ints, p), rtol=1e-6)
    for p in [None, 1]:
        assert LA.cond(vt.zeros((0, 3, 3)), p).shape == np.linalg.cond(np.zeros((0, 3, 3)), p).shape == (0,)


def test_cond_errors_name_cond():
    for x, p, kind in [(vt.ones((3,)), None, LA.LinAlgError), (vt.zeros((0, 0)), None, LA.LinAlgError),
                       (vt.zeros((2, 0, 3)), 1, LA.LinAlgError), (vt.ones((2, 3)), 1, LA.LinAlgError),
                       (vt.ones((2, 3)), "fro", LA.LinAlgError), (vt.eye(3), "foo", ValueError),
                       (vt.eye(3), 3, ValueError), (vt.eye(3), True, ValueError)]:
        with pytest.raises(kind, match="^cond: "):
            LA.cond(x, p)
    bad = np.eye(3, dtype=np.float32)
    bad[0, 1] = np.nan
    for p in [None, 2, "nuc"]:
        with pytest.raises(LA.LinAlgError, match="^cond: SVD did not converge"):
            LA.cond(vt.asarray(bad), p)
    assert np.isnan(float(LA.cond(vt.asarray(bad), 1)))  # NumPy's NaN for the norm orders


# -- tensorsolve, tensorinv -----------------------------------------------------------------------------------------
def _well_tensor(shape: tuple[int, ...], split: int, dtype: str, seed: int) -> np.ndarray:
    """A random tensor whose (prod(shape[:split]), prod(shape[split:])) matricization is well conditioned."""
    rows = math.prod(shape[:split])
    matrix = standard_normal((rows, rows), dtype, seed) + 2 * np.sqrt(rows) * np.eye(rows)
    return matrix.astype(dtype).reshape(shape)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("a_shape, b_ndim, axes", [((6, 2, 3), 1, None), ((2, 3, 6), 2, None), ((1, 1), 1, None),
                                                   ((4, 3, 2, 6), 2, None), ((2, 4, 3, 6), 2, (0, 3)),
                                                   ((12, 3, 4), 2, (-3,)), ((1, 1), 2, None)])
def test_tensorsolve_matches_numpy(dtype, a_shape, b_ndim, axes):
    # NumPy moves ``axes`` to the end (in their order): t is a so moved, built with a well-conditioned matricization
    moved = [] if axes is None else [x % len(a_shape) for x in axes]
    perm = [i for i in range(len(a_shape)) if i not in moved] + moved
    t = _well_tensor(tuple(a_shape[i] for i in perm), b_ndim, dtype, 13)
    a = np.transpose(t, np.argsort(perm))
    b = standard_normal(t.shape[:b_ndim], dtype, 14)
    got = LA.tensorsolve(vt.asarray(a), vt.asarray(b), axes=axes)
    want = np.linalg.tensorsolve(_wide(a), _wide(b), axes=None if axes is None else moved)  # NumPy: no negative axes
    assert got.dtype == np.dtype(dtype) and got.shape == want.shape
    kappa = float(np.linalg.cond(_wide(t).reshape(want.size, want.size)))
    assert _relerr(got.numpy(), want) <= 20 * want.size * _eps(dtype) * kappa


def test_tensorsolve_of_views_and_empty_and_errors():
    a = _well_tensor((6, 2, 3), 1, "float32", 15)
    b = standard_normal((6,), "float32", 16)
    view = vt.permute_dims(vt.asarray(np.ascontiguousarray(a.transpose(2, 1, 0))), (2, 1, 0))  # a, strided
    want = np.linalg.tensorsolve(a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(LA.tensorsolve(view, vt.asarray(b)).numpy(), want, rtol=1e-4, atol=1e-5)
    moved = vt.asarray(np.ascontiguousarray(np.moveaxis(a, 0, -1)))  # (2, 3, 6): axes (0, 1) move back to a
    np.testing.assert_allclose(LA.tensorsolve(moved, vt.asarray(b), axes=[-3, 1]).numpy(), want, rtol=1e-4,
                               atol=1e-5)
    empty = LA.tensorsolve(vt.zeros((0, 0)), vt.zeros((0,)))
    assert empty.shape == np.linalg.tensorsolve(np.zeros((0, 0)), np.zeros(0)).shape == (0,)
    for a_, b_, kwargs, kind in [(vt.ones((6, 2, 4)), vt.ones((6,)), {}, LA.LinAlgError),
                                 (vt.ones((2, 3, 6)), vt.ones((5,)), {}, LA.LinAlgError),
                                 (vt.zeros((6, 2, 3)), vt.ones((6,)), {}, LA.LinAlgError),
                                 (vt.ones((6, 2, 3)), vt.ones((5,)), {}, ValueError),
                                 (vt.ones((6, 2, 3)), vt.ones((6,)), {"axes": (3,)}, IndexError),
                                 (vt.ones((6, 2, 3)), vt.ones((6,)), {"axes": (1, 1)}, ValueError),
                                 (vt.ones((6, 2, 3)), vt.ones((6,)), {"axes": ("a",)}, TypeError)]:
        with pytest.raises(kind, match="^tensorsolve: "):
            LA.tensorsolve(a_, b_, **kwargs)
    with pytest.raises(LA.LinAlgError, match="^tensorsolve: Singular matrix"):
        LA.tensorsolve(vt.zeros((6, 2, 3)), vt.ones((6,)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, ind", [((4, 6, 8, 3), 2), ((24, 8, 3), 1), ((1, 1), 1), ((3, 2, 6), 2),
                                        ((5, 5), 1), ((2, 2, 2, 2, 2, 2), 3)])
def test_tensorinv_matches_numpy(dtype, shape, ind):
    a = _well_tensor(shape, ind, dtype, 17)
    got = LA.tensorinv(vt.asarray(a), ind=ind)
    want = np.linalg.tensorinv(_wide(a), ind=ind)
    assert got.dtype == np.dtype(dtype) and got.shape == want.shape
    size = math.prod(shape[:ind])
    kappa = float(np.linalg.cond(_wide(a).reshape(size, size)))
    assert _relerr(got.numpy(), want) <= 20 * size * _eps(dtype) * kappa
    # NumPy's defining identity: tensordot(inv, a, ind) is the identity of shape a.shape[ind:] * 2
    identity = np.tensordot(got.numpy().astype(want.dtype), _wide(a), ind)
    np.testing.assert_allclose(identity.reshape(size, size), np.eye(size), atol=20 * size * _eps(dtype) * kappa)


def test_tensorinv_of_views_and_errors():
    a = _well_tensor((6, 2, 3), 1, "float32", 18)
    view = vt.permute_dims(vt.asarray(np.ascontiguousarray(a.transpose(2, 1, 0))), (2, 1, 0))  # a, strided
    np.testing.assert_allclose(LA.tensorinv(view, ind=1).numpy(), np.linalg.tensorinv(a.astype(np.float64), ind=1),
                               rtol=1e-4, atol=1e-5)
    assert LA.tensorinv(vt.zeros((0, 0)), ind=1).shape == (0, 0)  # NumPy's reshape (0, -1) fails here
    for a_, ind, kind in [(vt.ones((6, 2, 3)), 0, ValueError), (vt.ones((6, 2, 3)), -1, ValueError),
                          (vt.ones((6, 2, 3)), 1.5, ValueError), (vt.ones((6, 2, 3)), True, ValueError),
                          (vt.ones((6, 2, 4)), 1, LA.LinAlgError), (vt.ones((4, 6)), 2, LA.LinAlgError),
                          (vt.zeros((0, 0)), 2, LA.LinAlgError), (vt.ones((2, 3, 6)), 1, LA.LinAlgError)]:
        with pytest.raises(kind, match="^tensorinv: "):
            LA.tensorinv(a_, ind=ind)
    with pytest.raises(LA.LinAlgError, match="^tensorinv: Singular matrix"):
        LA.tensorinv(vt.zeros((2, 3, 6)), ind=2)


def test_names_are_registered():
    for name in ["cond", "lstsq", "multi_dot", "tensorinv", "tensorsolve"]:
        assert name in LA.__all__ and getattr(LA, name) is getattr(linalg_numpy, name)
