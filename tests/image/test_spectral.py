"""fftconvolve against scipy.signal.fftconvolve: modes, axes, broadcasting, real and complex, errors."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.signal

import vulkit as vt

HAS64 = "float64" in vt.device.get_device_properties()["dtypes"]


def _values(shape: tuple[int, ...], dtype: str, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize(("s1", "s2"), [((1,), (1,)), ((7,), (3,)), ((3,), (8,)), ((64, 65), (5, 5)),
                                        ((17, 30), (17, 30)), ((13, 9, 4), (3, 2, 4)), ((101,), (100,))])
def test_against_scipy(mode: str, s1: tuple[int, ...], s2: tuple[int, ...]) -> None:
    a, b = _values(s1, "float32", 1), _values(s2, "float32", 2)
    inside = all(x >= y for x, y in zip(s1, s2, strict=True)) or all(y >= x for x, y in zip(s1, s2, strict=True))
    if mode == "valid" and not inside:
        with pytest.raises(ValueError, match="valid"):
            vt.image.fftconvolve(a, b, mode=mode)
        return
    got = vt.image.fftconvolve(vt.asarray(a), vt.asarray(b), mode=mode)
    want = scipy.signal.fftconvolve(a.astype(np.float64), b.astype(np.float64), mode=mode)
    assert got.dtype == vt.float32 and got.shape == want.shape
    scale = np.abs(a).sum() * np.abs(b).max()
    np.testing.assert_allclose(got.numpy(), want, atol=1e-5 * scale, rtol=0)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_axes_and_broadcast(mode: str) -> None:
    a, b = _values((4, 40, 3), "float32", 3), _values((1, 9, 3), "float32", 4)
    got = vt.image.fftconvolve(a, b, mode=mode, axes=1)
    want = scipy.signal.fftconvolve(a.astype(np.float64), b.astype(np.float64), mode=mode, axes=1)
    np.testing.assert_allclose(got.numpy(), want, atol=1e-4)
    with pytest.raises(ValueError, match="not convolved"):
        vt.image.fftconvolve(a, _values((2, 9, 3), "float32", 5), axes=1)


@pytest.mark.parametrize("dtype", ["complex64", *(["float64", "complex128"] if HAS64 else [])])
def test_dtypes(dtype: str) -> None:
    a, b = _values((33, 20), dtype, 6), _values((7, 4), dtype, 7)
    got = vt.image.fftconvolve(a, b, mode="same")
    want = scipy.signal.fftconvolve(a, b, mode="same")
    assert got.dtype == vt.asarray(want).dtype
    tol = 1e-4 if dtype == "complex64" else 1e-10
    np.testing.assert_allclose(got.numpy(), want, atol=tol * np.abs(want).max())


def test_integers_and_errors() -> None:
    a, b = np.arange(10, dtype=np.int32), np.array([1, 2, 1], dtype=np.int32)
    got = vt.image.fftconvolve(a, b)
    np.testing.assert_allclose(got.numpy(), np.convolve(a, b), atol=1e-4)
    assert vt.isdtype(got.dtype, "real floating")
    with pytest.raises(ValueError, match="mode"):
        vt.image.fftconvolve(a, b, mode="middle")
    with pytest.raises(ValueError, match="dimensionality"):
        vt.image.fftconvolve(a, b.reshape(1, 3))
