"""Helpers shared by the vt.image tests (append-only: several test files use them)."""

from __future__ import annotations

import numpy as np

import vulkit as vt

# float tolerances of filter results (relative to the largest |value| of the reference)
FILTER_RTOL = {"float16": 2e-3, "float32": 2e-6, "float64": 1e-12}


def has_dtype(name: str) -> bool:
    """Whether the device has ``name`` (float16 and float64 are optional)."""
    return name in vt.device.get_device_properties()["dtypes"]


def sample_image(dtype: str, shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    """Random values over the dtype's range (integers) or in [-1, 1) scaled by 10 (floats)."""
    rng = np.random.default_rng(seed)
    kind = np.dtype(dtype).kind
    if kind == "b":
        return rng.random(shape) > 0.5
    if kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, int(info.max) + 1, shape).astype(dtype)
    return (rng.uniform(-10, 10, shape)).astype(dtype)


def assert_filtered(got: vt.Array, expected: np.ndarray, *, exact: bool = False, off_by_one: float = 0.01,
                    rtol: float | None = None) -> None:
    """``got`` (a vulkit array) against ``expected``: same dtype and shape; integers equal (``exact``) or within 1
    with at most ``off_by_one`` of them off; floats within ``rtol`` of the reference's largest magnitude (NaN where
    the reference has NaN)."""
    assert isinstance(got, vt.Array), type(got)
    values = got.numpy()
    assert values.dtype == expected.dtype, (values.dtype, expected.dtype)
    assert values.shape == expected.shape, (values.shape, expected.shape)
    if expected.size == 0:
        return
    if exact or expected.dtype.kind == "b":
        np.testing.assert_array_equal(values, expected)
    elif expected.dtype.kind in "iu":
        diff = np.abs(values.astype(np.int64) - expected.astype(np.int64))
        assert diff.max() <= 1, f"integer results off by {diff.max()}"
        assert (diff != 0).mean() <= off_by_one, f"{(diff != 0).mean():.4f} of the integer results are off by 1"
    else:
        tol = FILTER_RTOL[expected.dtype.name] if rtol is None else rtol
        finite = np.isfinite(expected)
        scale = float(np.max(np.abs(expected[finite]))) if finite.any() else 1.0
        np.testing.assert_array_equal(np.isnan(values), np.isnan(expected))
        np.testing.assert_allclose(values[finite].astype(np.float64), expected[finite].astype(np.float64),
                                   rtol=tol, atol=tol * max(scale, 1e-30))
