"""What the tests of NumPy's names beyond the standard (numpy_math, numpy_stats, numpy_signal, numpy_sets) share:
the dtypes they run, NumPy reference data with special values, comparisons, and the check that an error names the
function called."""

from __future__ import annotations

import math

import numpy as np
import pytest
from array_helpers import assert_matches

import vulkit as vt

DEVICE = vt.__array_namespace_info__().dtypes()
FLOATS = [name for name in ("float32", "float64") if name in DEVICE]
COMPLEX = [name for name in ("complex64", "complex128") if name in DEVICE]
INTS = [name for name in ("int32", "int64") if name in DEVICE]
HAS_F64 = "float64" in DEVICE
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 0.5, -7.25, np.inf, -np.inf, np.nan])
ULP = {"float32": 1.2e-7, "float64": 2.3e-16}  # one unit in the last place, relative


def strided(a: np.ndarray) -> vt.Array:
    """A non-contiguous vt view holding a's values (every other element of a wider array)."""
    wide = np.zeros((*a.shape, 2), a.dtype)
    wide[..., 0] = a
    view = vt.asarray(wide)[..., 0]
    assert view.shape == a.shape
    return view


def values(dtype: str, shape: tuple[int, ...] = (13,), seed: int = 0, special: bool = True) -> np.ndarray:
    """Random values of ``dtype`` in ``shape`` (small integers, so that sums are exact), with SPECIAL's values
    first for floats and complex numbers (in both parts)."""
    rng = np.random.default_rng(seed)
    n = math.prod(shape)
    kind = np.dtype(dtype).kind
    if kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if kind in "iu":
        return rng.integers(-9 if kind == "i" else 0, 10, shape).astype(dtype)
    flat = np.round(rng.uniform(-8, 8, n), 2)
    if special:
        flat[:min(n, SPECIAL.size)] = SPECIAL[:n]
    if kind == "c":
        imag = np.round(rng.uniform(-8, 8, n), 2)
        if special:
            imag[:min(n, SPECIAL.size)] = SPECIAL[::-1][:n]
        flat = flat + 1j * imag
    return flat.astype(dtype).reshape(shape)


def same(result: vt.Array, expected: object, rtol: float | None = None, atol: float = 0.0) -> None:
    """Same dtype, shape and values as NumPy's (exactly, or to ``rtol`` and ``atol`` where given), NaN equal to
    NaN and zeros with NumPy's sign."""
    expected = np.asarray(expected)
    if rtol is None:
        assert_matches(result, expected, exact=True)
        return
    got = result.numpy()
    assert got.dtype == expected.dtype and got.shape == expected.shape, (got.dtype, expected.dtype, got.shape)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, equal_nan=True)


REFERENCE_MARKS = [
    pytest.mark.filterwarnings("ignore::RuntimeWarning"),  # NumPy's references warn of empty and all-NaN slices
    # NumPy's results are float64 where vt's are the default float: without float64 they are float32 (the
    # functions say so), and these comparisons would need float32 references
    pytest.mark.skipif(not HAS_F64, reason="the references are NumPy's float64 results"),
]


def names_error(kind: type[BaseException], name: str, call: object, *args: object, **kwargs: object) -> str:
    """The message of the ``kind`` error of ``call(*args, **kwargs)``, which must start with "name: "."""
    with pytest.raises(kind) as info:
        call(*args, **kwargs)
    message = str(info.value)
    assert message.startswith(f"{name}: "), message
    return message
