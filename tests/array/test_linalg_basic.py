"""vt.linalg's norms, diagonal, trace, cross, matrix_power, outer and matrix_transpose against NumPy: dtypes,
shapes (0-sized, 1x1, primes, batches, broadcasting), non-contiguous views, special values and errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import FLOATS, INTS, SUPPORTED
from test_contractions import COMPLEX, REAL, check, operand, values

import vulkit as vt

L = vt.linalg
HAS64 = "float64" in FLOATS
NUMERIC = [*INTS, *FLOATS, *COMPLEX]


def check_norm(got: vt.Array, function, a: np.ndarray, rtol: float | None = None, **kwargs) -> None:
    """A norm against NumPy's: its dtype and shape (the default float for integers where the device has float64),
    values computed in float64 (complex128) within the result type's accuracy (or ``rtol``)."""
    expected = np.asarray(function(a, **kwargs))
    result = got.numpy()
    if HAS64 or a.dtype.kind in "fc":
        assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape, (result.shape, expected.shape)
    wide = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    reference = np.asarray(function(wide, **kwargs))
    tol = rtol or {"float16": 2e-3, "float32": 1e-5, "float64": 1e-12}[result.dtype.name]
    np.testing.assert_allclose(result.astype(np.float64), reference, rtol=tol, atol=0, equal_nan=True)


# -- vector_norm ---------------------------------------------------------------------------------------------------
ORDS = [2, 1, np.inf, -np.inf, 0, 3, -1, 0.5, -2.5]
AXES = [((7,), None), ((2, 3, 4), None), ((2, 3, 4), 1), ((2, 3, 4), -1), ((2, 3, 4), (0, 2)), ((3, 5, 2), (2, 0, 1)),
        ((0, 3), 0), ((0, 3), 1), ((0, 3), None), ((1, 1), None), ((13, 1), 0), ((), None)]


@pytest.mark.parametrize("ord", ORDS)
@pytest.mark.parametrize("shape,axis", AXES)
def test_vector_norm_matches_numpy(ord, shape, axis):
    a, x = operand(shape, "float32", seed=1)
    for keepdims in (False, True):
        try:
            np.linalg.vector_norm(a, axis=axis, keepdims=keepdims, ord=ord)
        except ValueError:  # a minimum over no elements
            with pytest.raises(ValueError, match="vector_norm: zero-size"):
                L.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
            continue
        check_norm(L.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord), np.linalg.vector_norm, a, axis=axis,
                   keepdims=keepdims, ord=ord)


@pytest.mark.parametrize("dtype", [*NUMERIC, "bool"])
def test_vector_norm_dtypes(dtype):
    a, x = operand((5, 6), dtype, "transposed", seed=2)
    for ord in (2, 1, np.inf, 0, 3):
        check_norm(L.vector_norm(x, axis=0, ord=ord), np.linalg.vector_norm, a, axis=0, ord=ord)
        check_norm(L.vector_norm(x, ord=ord), np.linalg.vector_norm, a, ord=ord)


def test_vector_norm_of_views_and_special_values():
    a, x = operand((6, 7), "float32", "strided", seed=3)
    b, y = operand((6, 7), "float32", "flipped", seed=3)
    for ord in ORDS:
        check_norm(L.vector_norm(y, axis=0, ord=ord), np.linalg.vector_norm, b, axis=0, ord=ord)
        check_norm(L.vector_norm(x, axis=1, ord=ord), np.linalg.vector_norm, a, axis=1, ord=ord)
    special = np.array([[1.0, np.nan, 2.0], [np.inf, 1.0, 0.0], [-np.inf, 0.0, 0.0], [0.0, 0.0, 0.0]], np.float32)
    for ord in ORDS:
        check_norm(L.vector_norm(vt.asarray(special), axis=1, ord=ord), np.linalg.vector_norm, special, axis=1, ord=ord)


def test_float16_norms_are_computed_in_float32():
    """300^2 overflows float16 (NumPy's float16 2-norm is inf); the result fits it."""
    a = np.full((4,), 300.0, np.float16)
    got = L.vector_norm(vt.asarray(a))
    assert got.dtype == vt.float16
    assert float(got) == pytest.approx(600.0, rel=1e-3)


def test_vector_norm_errors():
    x = vt.ones((3, 4))
    for ord in ("fro", "nuc", None, True, float("nan")):
        with pytest.raises(ValueError, match="vector_norm: invalid norm order"):
            L.vector_norm(x, ord=ord)
    with pytest.raises(np.exceptions.AxisError):
        L.vector_norm(x, axis=2)
    with pytest.raises(ValueError, match="repeated axis"):
        L.vector_norm(x, axis=(0, 0))
    with pytest.raises(ValueError, match="vector_norm: zero-size"):
        L.vector_norm(vt.ones((0, 3)), axis=0, ord=-np.inf)


# -- matrix_norm and norm ----------------------------------------------------------------------------------------
MATRIX_SHAPES = [(4, 5), (1, 1), (7, 3), (2, 3, 4), (3, 1, 5, 2), (0, 3), (3, 0), (0, 0), (2, 0, 3)]
MATRIX_ORDS = ["fro", 1, -1, np.inf, -np.inf]


@pytest.mark.parametrize("ord", MATRIX_ORDS)
@pytest.mark.parametrize("shape", MATRIX_SHAPES)
def test_matrix_norm_matches_numpy(ord, shape):
    a, x = operand(shape, "float32", "transposed", seed=4)
    for keepdims in (False, True):
        try:
            expected = np.linalg.matrix_norm(a, ord=ord, keepdims=keepdims)
        except ValueError:  # a minimum over no elements
            with pytest.raises(ValueError, match="matrix_norm"):
                L.matrix_norm(x, ord=ord, keepdims=keepdims)
            continue
        got = L.matrix_norm(x, ord=ord, keepdims=keepdims)
        assert got.shape == expected.shape
        check_norm(got, np.linalg.matrix_norm, a, ord=ord, keepdims=keepdims)


@pytest.mark.parametrize("dtype", [*NUMERIC, "bool"])
def test_matrix_norm_dtypes(dtype):
    a, x = operand((2, 4, 3), dtype, "strided", seed=5)
    for ord in MATRIX_ORDS:
        check_norm(L.matrix_norm(x, ord=ord), np.linalg.matrix_norm, a, ord=ord)


@pytest.mark.parametrize("ord", ["nuc", 2, -2])
@pytest.mark.parametrize("shape", [(5, 3), (2, 3, 5), (1, 1), (4, 4), (3, 2, 2)])
def test_matrix_norm_singular_value_orders(ord, shape):
    """'nuc' and +-2 through vt.linalg.svdvals (one-sided Jacobi), against NumPy's LAPACK in float64."""
    for dtype in [*REAL, *COMPLEX]:
        a, x = operand(shape, dtype, "transposed", seed=6)
        for keepdims in (False, True):
            check_norm(L.matrix_norm(x, ord=ord, keepdims=keepdims), np.linalg.matrix_norm, a, ord=ord,
                       keepdims=keepdims, rtol=2e-5 if dtype in ("float32", "complex64") else 1e-12)
    a, x = operand((4, 2, 3), "float32", seed=7)
    for keepdims in (False, True):
        check_norm(L.norm(x, ord=ord, axis=(2, 0), keepdims=keepdims), np.linalg.norm, a, ord=ord, axis=(2, 0),
                   keepdims=keepdims, rtol=2e-5)
    a, x = operand((3, 4), "int16", seed=8)
    check_norm(L.norm(x, ord=ord), np.linalg.norm, a, ord=ord, rtol=1e-12 if HAS64 else 2e-5)


def test_matrix_norm_errors():
    with pytest.raises(ValueError, match="matrix_norm: x must have at least 2"):
        L.matrix_norm(vt.ones(3))
    for ord in (3, "f2", 0, None):
        with pytest.raises(ValueError, match="matrix_norm: invalid norm order"):
            L.matrix_norm(vt.ones((3, 3)), ord=ord)
    nan = vt.asarray(np.array([[1.0, np.nan], [0.0, 1.0]]))
    for ord in (2, -2, "nuc"):  # through the singular values: named after the function called, not svdvals
        with pytest.raises(L.LinAlgError, match="^matrix_norm: SVD did not converge"):
            L.matrix_norm(nan, ord=ord)
    with pytest.raises(L.LinAlgError, match="^norm: SVD did not converge"):
        L.norm(nan, 2)


NORM_CASES = [
    ((6,), None, None), ((6,), 1, None), ((6,), np.inf, None), ((6,), 0, None), ((6,), 2, None), ((6,), -3, None),
    ((3, 4), None, None), ((3, 4), "fro", None), ((3, 4), "f", None), ((3, 4), 1, None), ((3, 4), -np.inf, None),
    ((2, 3, 4), None, None), ((2, 3, 4), None, 1), ((2, 3, 4), 3, -1), ((2, 3, 4), np.inf, (2,)),
    ((2, 3, 4), None, (0, 2)), ((2, 3, 4), 1, (2, 0)), ((2, 3, 4), -1, (1, 2)), ((2, 3, 4), np.inf, (0, 1)),
    ((2, 3, 4), "fro", (2, 1)), ((0, 4), None, None), ((0, 4), 1, None), ((5, 0), np.inf, (0, 1)), ((), None, None),
]


@pytest.mark.parametrize("shape,ord,axis", NORM_CASES)
def test_norm_matches_numpy(shape, ord, axis):
    for dtype in ["float32", "int16", *COMPLEX[:1]]:
        a, x = operand(shape, dtype, "transposed", seed=8)
        for keepdims in (False, True):
            check_norm(L.norm(x, ord, axis, keepdims), np.linalg.norm, a, ord=ord, axis=axis, keepdims=keepdims)


def test_norm_errors():
    x = vt.ones((2, 3, 4))
    with pytest.raises(ValueError, match="norm: improper number of dimensions"):
        L.norm(x, 1)
    with pytest.raises(ValueError, match="norm: improper number of dimensions"):
        L.norm(x, axis=(0, 1, 2))
    with pytest.raises(ValueError, match="norm: invalid norm order 'fro' for vectors"):
        L.norm(x, "fro", axis=1)
    with pytest.raises(ValueError, match="norm: invalid norm order"):
        L.norm(x, "nucc", axis=(0, 1))
    with pytest.raises(ValueError, match="repeated axis"):
        L.norm(x, axis=(1, 1))
    with pytest.raises(TypeError, match="norm: 'axis'"):
        L.norm(x, axis=[0, 1])
    with pytest.raises(ValueError, match="norm: invalid norm order 'fro' for vectors"):
        L.norm(vt.ones(3), "fro")


# -- diagonal and trace ----------------------------------------------------------------------------------------------
DIAGONAL_SHAPES = [(4, 4), (3, 5), (5, 3), (1, 1), (2, 3, 4), (3, 1, 4, 4), (0, 3), (3, 0), (2, 0, 0), (7, 11)]
OFFSETS = [0, 1, -1, 2, -3, 4, -6, 11, -(1 << 30)]


@pytest.mark.parametrize("shape", DIAGONAL_SHAPES)
@pytest.mark.parametrize("layout", ["contig", "transposed", "strided", "flipped"])
def test_diagonal_and_trace_match_numpy(shape, layout):
    a, x = operand(shape, "float32", layout, seed=9)
    for offset in OFFSETS:
        check(L.diagonal(x, offset=offset), np.linalg.diagonal, a, offset=offset)
        check(L.trace(x, offset=offset), np.linalg.trace, a, offset=offset)


@pytest.mark.parametrize("dtype", [*NUMERIC, "bool"])
def test_trace_dtypes(dtype):
    a, x = operand((3, 5, 5), dtype, seed=10)
    check(L.trace(x), np.linalg.trace, a)
    check(L.trace(x, offset=-1), np.linalg.trace, a, offset=-1)
    check(L.diagonal(x, offset=1), np.linalg.diagonal, a, offset=1)
    if dtype != "bool":
        target = "complex128" if dtype in COMPLEX else "float64" if HAS64 else "float32"
        check(L.trace(x, dtype=target), np.linalg.trace, a, dtype=target)


def test_diagonal_is_a_view():
    a = values((3, 4, 5), "float32", seed=11)
    x = vt.asarray(a)
    d = L.diagonal(x, offset=1)
    d[...] = -7.0
    for m in a:
        m[np.arange(4), np.arange(4) + 1] = -7.0
    np.testing.assert_array_equal(x.numpy(), a)


@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (0, 2), (2, 1), (-1, 0)])
def test_diagonal_and_trace_methods_follow_numpy(axes):
    a, x = operand((3, 4, 5), "int32", "transposed", seed=12)
    for offset in (0, 1, -2):
        check(x.diagonal(offset, *axes), np.ndarray.diagonal, a, offset, *axes)
        check(x.trace(offset, *axes), np.ndarray.trace, a, offset, *axes)
    check(x.trace(), np.ndarray.trace, a)
    check(x.diagonal(), np.ndarray.diagonal, a)
    expected = a.trace(1, *axes)
    out = vt.zeros(expected.shape, dtype=vt.float64 if HAS64 else vt.int64)
    assert x.trace(1, *axes, out=out) is out
    np.testing.assert_array_equal(out.numpy(), expected)


def test_diagonal_and_trace_errors():
    for function in (L.diagonal, L.trace):
        with pytest.raises(ValueError, match=f"{function.__name__}: x must have at least 2"):
            function(vt.ones(3))
    with pytest.raises(ValueError, match="repeated axis"):
        vt.ones((3, 3)).diagonal(0, 1, 1)
    with pytest.raises(TypeError):
        L.diagonal(vt.ones((3, 3)), offset=1.5)
    assert L.diagonal(vt.ones((2, 3, 3)), offset=1 << 40).shape == (2, 0)  # beyond NumPy's C int
    assert float(L.trace(vt.ones((3, 3)), offset=-(1 << 40))) == 0.0


# -- cross -------------------------------------------------------------------------------------------------------------
CROSS = [((3,), (3,), -1), ((4, 3), (4, 3), -1), ((4, 3), (3,), -1), ((2, 1, 3), (5, 3), -1), ((3, 4), (3, 4), 0),
         ((3, 4), (3, 4), -2), ((2, 3, 5), (1, 3, 5), 1), ((0, 3), (0, 3), -1), ((1, 3), (7, 3), -1)]


@pytest.mark.parametrize("shape1,shape2,axis", CROSS)
def test_cross_matches_numpy(shape1, shape2, axis):
    for dtype in [*REAL, "int16", "uint8", *COMPLEX[:1]]:
        a, x = operand(shape1, dtype, seed=13)
        b, y = operand(shape2, dtype, "transposed", seed=14)
        check(L.cross(x, y, axis=axis), np.linalg.cross, a, b, axis=axis)


@pytest.mark.parametrize("dtype", NUMERIC)
def test_cross_dtypes(dtype):
    a, x = operand((5, 3), dtype, "strided", seed=15)
    b, y = operand((5, 3), dtype, seed=16)
    check(L.cross(x, y), np.linalg.cross, a, b)


def test_cross_errors():
    with pytest.raises(ValueError, match="cross: x1 must have size 3"):
        L.cross(vt.ones((4, 2)), vt.ones((4, 3)))
    with pytest.raises(ValueError, match="cross: x2 must have size 3"):
        L.cross(vt.ones((4, 3)), vt.ones((3, 4)))
    with pytest.raises(ValueError, match="cross: shapes"):
        L.cross(vt.ones((4, 3)), vt.ones((5, 3)))
    with pytest.raises(TypeError, match="cross: not defined for bool"):
        L.cross(vt.ones(3, dtype=vt.bool), vt.ones(3, dtype=vt.bool))
    with pytest.raises(np.exceptions.AxisError):
        L.cross(vt.ones(3), vt.ones(3), axis=1)


# -- matrix_power ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 7, 13])
@pytest.mark.parametrize("shape", [(4, 4), (1, 1), (3, 5, 5), (2, 1, 3, 3), (0, 0), (2, 0, 0)])
def test_matrix_power_matches_numpy(n, shape):
    a, x = operand(shape, "float64" if HAS64 else "float32", "transposed", seed=17)
    check(L.matrix_power(x, n), np.linalg.matrix_power, a, n)


@pytest.mark.parametrize("dtype", [*NUMERIC, "bool"])
def test_matrix_power_dtypes(dtype):
    a, x = operand((2, 4, 4), dtype, seed=18)
    if dtype in FLOATS or dtype in COMPLEX:
        a, x = a / 2, x / 2  # keep the powers of order 1
    for n in (0, 1, 3, 6):
        check(L.matrix_power(x, n), np.linalg.matrix_power, a, n)


def test_matrix_power_returns_a_new_array():
    a, x = operand((3, 3), "float32", seed=19)
    y = L.matrix_power(x, 1)
    y[...] = 0.0
    np.testing.assert_array_equal(x.numpy(), a)


@pytest.mark.parametrize("dtype", [*REAL, *COMPLEX[:1], "int32"])
def test_matrix_power_negative(dtype):
    """n < 0: powers of vt.linalg.inv (integers give the default float, as NumPy's)."""
    rng = np.random.default_rng(20)
    a = (rng.integers(-2, 3, (2, 4, 4)) + 6 * np.eye(4)).astype(dtype)
    for n in (-1, -2, -5):
        got = L.matrix_power(vt.asarray(a), n)
        expected = np.linalg.matrix_power(a, n)
        assert got.dtype == expected.dtype or not HAS64
        np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5 if dtype in ("float32", "complex64") else 1e-12,
                                   atol=1e-7)


def test_matrix_power_errors():
    with pytest.raises(L.LinAlgError, match="matrix_power: 1-dimensional"):
        L.matrix_power(vt.ones(3), 2)
    with pytest.raises(L.LinAlgError, match="matrix_power: the last 2 dimensions"):
        L.matrix_power(vt.ones((3, 4)), 2)
    with pytest.raises(TypeError, match="matrix_power: exponent must be an integer"):
        L.matrix_power(vt.ones((3, 3)), 2.0)
    with pytest.raises(L.LinAlgError, match="matrix_power: Singular matrix"):  # a negative power's inverse
        L.matrix_power(vt.zeros((3, 3)), -2)


# -- outer and matrix_transpose ----------------------------------------------------------------------------------------
def test_linalg_outer_takes_vectors_only():
    for dtype in [*REAL, "int8", "bool", *COMPLEX[:1]]:
        a, x = operand((5,), dtype, "strided", seed=21)
        b, y = operand((3,), dtype, seed=22)
        check(L.outer(x, y), np.linalg.outer, a, b)
    with pytest.raises(ValueError, match="outer: x1 and x2 must be 1-dimensional"):
        L.outer(vt.ones((2, 2)), vt.ones(3))
    with pytest.raises(ValueError, match="outer: x1 and x2 must be 1-dimensional"):
        L.outer(vt.ones(2), vt.ones(()))


def test_matrix_transpose():
    a, x = operand((2, 3, 4), "float32", "strided", seed=23)
    check(L.matrix_transpose(x), np.linalg.matrix_transpose, a)


def test_namespace_lists_the_functions():
    for name in ("matrix_transpose", "tensordot", "outer", "vector_norm", "matrix_norm", "norm", "trace", "diagonal",
                 "cross", "matrix_power"):
        assert name in L.__all__ and callable(getattr(L, name))
    for name in ("tensordot", "outer", "inner", "dot", "einsum", "kron"):
        assert name in vt.__all__ and callable(getattr(vt, name))


@pytest.mark.skipif("uint16" not in SUPPORTED, reason="bfloat16 is stored in 16-bit words")
def test_bfloat16_norms_cross_and_trace_compute_in_float32():
    """bfloat16 keeps its dtype; results match float32 arithmetic on the same (bfloat16-exact) values, rounded once."""
    rng = np.random.default_rng(24)
    a = rng.integers(-8, 9, (3, 5, 3)).astype(np.float32) / 4  # exact in bfloat16
    x = vt.asarray(a).astype(vt.bfloat16)

    def close(got: vt.Array, expected: np.ndarray) -> None:
        assert got.dtype == vt.bfloat16
        np.testing.assert_allclose(got.astype(vt.float32).numpy(), expected, rtol=2 ** -8, atol=0)

    for ord in (2, 1, np.inf, 0, 3):
        close(L.vector_norm(x, axis=(0, 2), ord=ord), np.linalg.vector_norm(a, axis=(0, 2), ord=ord))
    for ord in ("fro", 1, -np.inf):
        close(L.matrix_norm(x, ord=ord), np.linalg.matrix_norm(a, ord=ord))
    close(L.cross(x, x[:, ::-1]), np.linalg.cross(a, a[:, ::-1]))
    close(L.trace(x[:, :3]), np.linalg.trace(a[:, :3]))
    close(vt.einsum("ijk,ijk->ik", x, x), np.einsum("ijk,ijk->ik", a, a))
