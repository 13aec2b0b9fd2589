"""scipy.ndimage's Fourier-domain filters (image/fourier.py) against scipy.ndimage: full and half (real)
spectra along each axis, per-axis parameters, scipy's output dtypes, outputs as arrays, errors."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.ndimage as ndi

import vulkit as vt

NAMES = {"fourier_gaussian": (1.3, [0.5, 2.0]), "fourier_uniform": (3, [2, 5]), "fourier_shift": (1.7, [0.0, -2.5])}


def _inputs(shape: tuple[int, ...]) -> list[np.ndarray]:
    x = np.random.default_rng(len(shape)).random(shape)
    spectra = [np.fft.fftn(x), np.fft.fftn(x).astype(np.complex64), x.astype(np.float32), x, (x * 10).astype(np.int32)]
    return [s for s in spectra if str(s.dtype) in vt.__array_namespace_info__().dtypes() or s.dtype == np.float32]


@pytest.mark.parametrize("name", list(NAMES))
@pytest.mark.parametrize("shape", [(6, 5), (7,), (4, 6, 5), (1, 3)])
def test_full_spectra(name, shape):
    scalar, per_axis = NAMES[name]
    for spectrum in _inputs(shape):
        for parameter in (scalar, *([per_axis + [1.0] * (len(shape) - 2)] if len(shape) >= 2 else [])):
            expected = getattr(ndi, name)(spectrum, parameter)
            got = getattr(vt.image, name)(vt.asarray(spectrum), parameter)
            assert got.dtype == vt.dtype(expected.dtype)
            np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", list(NAMES))
def test_half_spectra_of_real_transforms(name):
    x = np.random.default_rng(3).random((6, 7))
    parameter = NAMES[name][0]
    for axis in (-1, 0, 1):
        spectrum = np.fft.rfft(x, axis=axis)
        n = x.shape[axis]
        np.testing.assert_allclose(getattr(vt.image, name)(vt.asarray(spectrum), parameter, n=n, axis=axis).numpy(),
                                   getattr(ndi, name)(spectrum, parameter, n=n, axis=axis), rtol=1e-12, atol=1e-12)


def test_shift_round_trip_and_outputs():
    x = np.zeros(16)
    x[3] = 1.0
    moved = np.fft.ifft(vt.image.fourier_shift(vt.asarray(np.fft.fft(x)), 5).numpy()).real
    np.testing.assert_allclose(moved, np.roll(x, 5), atol=1e-12)
    out = vt.zeros((16,), dtype=vt.complex64)
    assert vt.image.fourier_gaussian(vt.asarray(np.fft.fft(x)), 1.0, output=out) is out
    np.testing.assert_allclose(out.numpy(), ndi.fourier_gaussian(np.fft.fft(x), 1.0), rtol=1e-5, atol=1e-6)
    with pytest.raises(RuntimeError, match="fourier_shift: output type not supported"):
        vt.image.fourier_shift(vt.asarray(x), 1.0, output=vt.float32)
    with pytest.raises(RuntimeError, match="fourier_gaussian: sigma must be"):
        vt.image.fourier_gaussian(vt.asarray(np.ones((3, 3))), [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="fourier_uniform: axis 2 is out of bounds for array of dimension 2"):
        vt.image.fourier_uniform(vt.asarray(np.ones((3, 3))), 2, n=4, axis=2)
