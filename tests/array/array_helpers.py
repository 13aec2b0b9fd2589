"""Helpers shared by the array tests: NumPy reference data per dtype and comparisons."""

from __future__ import annotations

import numpy as np

import vulkit as vt

# the device's dtypes: the array API's (which the namespace lists) and float16, which the standard lacks
SUPPORTED = {**vt.__array_namespace_info__().dtypes(),
             **({"float16": vt.float16} if "float16" in vt.device.get_device_properties()["dtypes"] else {})}
FLOATS = [name for name in ("float16", "float32", "float64") if name in SUPPORTED]
INTS = [name for name in ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64")
        if name in SUPPORTED]
NUMERIC = INTS + FLOATS
ALL = ["bool", *NUMERIC]
SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.5, -1.5]
RTOL = {"float16": 2e-3, "float32": 2e-6, "float64": 1e-13}


def flushes_subnormals(dtype: str) -> bool:
    """Whether the device's arithmetic flushes ``dtype``'s subnormal results to zero (NVIDIA's float32:
    its driver cannot be asked to keep them, shaderDenormPreserveFloat32 is false)."""
    tiny = np.finfo(dtype).smallest_subnormal * 4
    return float((vt.asarray(np.array([tiny], dtype)) * 0.5).numpy()[0]) == 0.0


def standard_normal(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Standard normal values of ``dtype`` in ``shape`` (both parts of complex numbers)."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def sample(dtype: str, size: int = 37, low: float = -10, high: float = 10, seed: int = 0,
           special: bool = True) -> np.ndarray:
    """Random values of ``dtype`` in [low, high), with IEEE special values first for floats."""
    rng = np.random.default_rng(seed)
    np_dtype = np.dtype(dtype)
    if np_dtype.kind == "b":
        return rng.integers(0, 2, size).astype(bool)
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        lo, hi = max(int(low), int(info.min)), min(int(high), int(info.max))
        return rng.integers(lo, hi + 1, size, dtype=np.int64).astype(np_dtype)
    values = rng.uniform(low, high, size).astype(np_dtype)
    if special:
        values[: len(SPECIAL)] = SPECIAL
    return values


def assert_matches(result: vt.Array, expected: np.ndarray, rtol: float | None = None, exact: bool = False) -> None:
    """Same dtype, shape and values (NaN equal to NaN; floats to ``rtol``; zeros with NumPy's sign)."""
    assert isinstance(result, vt.Array)
    got = result.numpy()
    expected = np.asarray(expected)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape
    if exact or got.dtype.kind != "f":
        np.testing.assert_array_equal(got, expected)
    else:
        tol = RTOL[got.dtype.name] if rtol is None else rtol
        tiny = float(np.finfo(got.dtype).tiny) * 4
        np.testing.assert_allclose(got, expected, rtol=tol, atol=tiny, equal_nan=True)
    if got.dtype.kind == "f":
        zeros = (expected == 0) & (got == 0)
        np.testing.assert_array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]), err_msg="sign of zero")


def hard_tridiagonals(dtype: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """Symmetric tridiagonal matrices (diagonal, off-diagonal) of ``dtype`` whose spectra stress bisection and
    inverse iteration: a diagonal one (unsorted, repeated), the second-difference matrix (clustered ends),
    Wilkinson's W21+ (pairs equal to many digits), a graded one, a zero diagonal, the identity; each scaled by 1
    and near both ends of the dtype's range."""
    n = 21
    cases = [
        (np.array([3.0, -1.0, 2.0, 2.0, -0.0, 5.0]), np.zeros(5)),
        (np.full(50, 2.0), np.full(49, -1.0)),
        (np.abs(np.arange(n) - n // 2).astype(float), np.ones(n - 1)),
        (np.logspace(0, -20, 30), np.logspace(-1, -21, 29)),
        (np.zeros(40), np.ones(39)),
        (np.ones(9), np.zeros(8)),
    ]
    info = np.finfo(np.dtype(dtype))
    return [((d * scale).astype(dtype), (e * scale).astype(dtype))
            for scale in (1.0, float(info.max) ** 0.25, float(info.tiny) ** 0.25) for d, e in cases]
