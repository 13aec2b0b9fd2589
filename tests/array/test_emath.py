"""``vt.emath`` against ``np.emath``: the real result where every element is in the real domain, the complex one
(with NumPy's complex dtype) where some element is not, over dtypes and special values."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import SUPPORTED

import vulkit as vt

UNARY = ["sqrt", "log", "log2", "log10", "arccos", "arcsin", "arctanh"]
VALUES = {
    "inside": [0.0, -0.0, 0.25, 0.5, 1.0, np.nan],
    "outside": [-4.0, -1.0, -0.5, 0.0, 0.5, 2.0, 3.0, np.inf, -np.inf, np.nan],
    "large": [1e30, -1e30, 1e-30, -1e-30, 7.5],
}


def _check(got: vt.Array, want: np.ndarray, dtype: np.dtype) -> None:
    got = got.numpy()
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    single = np.dtype(want.dtype).char in "fFe"
    np.testing.assert_allclose(got, want, rtol=4e-6 if single else 1e-13, atol=0, equal_nan=True)


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype", [d for d in ("float32", "float64") if d in SUPPORTED])
@pytest.mark.parametrize("values", VALUES, ids=str)
def test_unary_functions(name, dtype, values):
    x = np.array(VALUES[values], dtype=dtype)
    with np.errstate(all="ignore"):
        want = getattr(np.emath, name)(x)
    _check(getattr(vt.emath, name)(vt.asarray(x)), want, x.dtype)


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype", [d for d in ("int8", "int32", "uint16", "complex64", "complex128") if d in SUPPORTED])
def test_integer_and_complex_input(name, dtype):
    x = np.array([-3, -1, 0, 1, 2, 5], dtype=np.int64)
    x = (x if np.dtype(dtype).kind != "u" else np.abs(x)).astype(dtype)
    with np.errstate(all="ignore"):
        want = getattr(np.emath, name)(x)
    _check(getattr(vt.emath, name)(vt.asarray(x)), want, x.dtype)


def test_logn_and_power():
    x = np.array([-4.0, 8.0, 0.5, 2.0])
    with np.errstate(all="ignore"):
        _check(vt.emath.logn(2, vt.asarray(x)), np.emath.logn(2, x), x.dtype)
        _check(vt.emath.logn(vt.asarray(x), 3.0), np.emath.logn(x, 3.0), x.dtype)
        _check(vt.emath.power(vt.asarray(x), 0.5), np.emath.power(x, 0.5), x.dtype)
    ints = np.array([2, 4, 3])
    exponents = np.array([-1, 2, -2])
    _check(vt.emath.power(vt.asarray(ints), vt.asarray(exponents)), np.emath.power(ints, exponents), ints.dtype)
    _check(vt.emath.power(vt.asarray(ints), 2), np.emath.power(ints, 2), ints.dtype)


def test_python_scalars_and_errors():
    assert complex(vt.emath.sqrt(-4).numpy()) == 2j
    assert vt.emath.log(np.e).numpy().dtype == np.float64
    with pytest.raises(TypeError, match="emath.sqrt"):
        vt.emath.sqrt("a")
