"""vt.image histograms and tone against scikit-image."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from skimage import exposure as sk
from skimage.filters import threshold_otsu

import vulkit as vt
from vulkit.image import exposure as E

rng = np.random.default_rng(11)


def _image(dtype, shape=(37, 41)):
    if dtype == "uint8":
        return rng.integers(10, 200, shape, dtype=np.uint8)
    if dtype == "uint16":
        return rng.integers(100, 5000, shape, dtype=np.uint16)
    return rng.random(shape).astype(dtype)


DTYPES = ["uint8", "uint16", "float16", "float32", "float64"]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # scikit-image's "this might be a color image"
        yield


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("source_range", ["image", "dtype"])
def test_histogram_matches_skimage(dtype, source_range):
    img = _image(dtype)
    counts, centers = sk.histogram(img, 64, source_range=source_range)
    got_counts, got_centers = E.histogram(img, 64, source_range=source_range)
    np.testing.assert_array_equal(got_counts.numpy(), counts)
    np.testing.assert_allclose(got_centers.numpy(), centers, rtol=1e-6)
    norm = E.histogram(img, 64, source_range=source_range, normalize=True)[0].numpy()
    np.testing.assert_allclose(norm, sk.histogram(img, 64, source_range=source_range, normalize=True)[0])


@pytest.mark.parametrize("dtype", ["uint8", "float32"])
def test_histogram_per_channel(dtype):
    img = _image(dtype, (9, 8, 3))
    counts, centers = sk.histogram(img, 10, channel_axis=-1)
    got_counts, got_centers = E.histogram(vt.asarray(img), 10, channel_axis=-1)
    np.testing.assert_array_equal(got_counts.numpy(), counts)
    np.testing.assert_allclose(got_centers.numpy(), centers, rtol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
def test_equalize_hist_matches_skimage(dtype):
    img = _image(dtype, (29, 31))
    got = E.equalize_hist(img)
    assert got.dtype == (vt.float64 if dtype == "float64" else vt.float32)
    tol = 1e-12 if dtype == "float64" else 1e-6
    np.testing.assert_allclose(got.numpy(), sk.equalize_hist(img), atol=tol, rtol=0)
    np.testing.assert_allclose(E.equalize_hist(img, nbins=7).numpy(), sk.equalize_hist(img, nbins=7), atol=tol)


def test_equalize_hist_mask_batch_and_constant():
    img = _image("uint8", (2, 12, 13, 3))
    mask = rng.random(img.shape) > 0.5
    np.testing.assert_allclose(E.equalize_hist(img, mask=mask).numpy(), sk.equalize_hist(img, mask=mask), atol=1e-6)
    flat = np.full((5, 6), 0.25, np.float32)
    np.testing.assert_allclose(E.equalize_hist(flat).numpy(), sk.equalize_hist(flat), atol=1e-6)
    with pytest.raises(ValueError, match="equalize_hist: the mask's shape"):
        E.equalize_hist(img, mask=mask[0])
    with pytest.raises(ValueError, match="equalize_hist: no pixel"):
        E.equalize_hist(img, mask=np.zeros(img.shape, bool))
    with pytest.raises(ValueError, match="not finite"):
        E.equalize_hist(np.array([[0.0, np.inf]], np.float32))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("in_range", "out_range"), [("image", "dtype"), ((20, 150), (0, 1)), ("image", "uint8"),
                                                     ("dtype", (0, 100)), ((0.2, 0.2), "uint12")])
def test_rescale_intensity_matches_skimage(dtype, in_range, out_range):
    img = _image(dtype)
    ref = sk.rescale_intensity(img, in_range, out_range)
    got = E.rescale_intensity(img, in_range, out_range).numpy()
    if ref.dtype.kind == "f":
        assert got.dtype == (np.float64 if dtype == "float64" else ref.dtype if dtype in ("float16", "float32")
                             else np.float32)
        np.testing.assert_allclose(got, ref, rtol=1e-3 if dtype == "float16" else 1e-6, atol=1e-6)
    else:
        assert got.dtype == ref.dtype
        assert np.abs(got.astype(np.int64) - ref).max() <= (1 if dtype == "float16" else 0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("gamma", "gain"), [(0.5, 1), (2.2, 1.3), (0, 1)])
def test_adjust_gamma_matches_skimage(dtype, gamma, gain):
    img = _image(dtype)
    ref = sk.adjust_gamma(img, gamma, gain)
    got = E.adjust_gamma(img, gamma, gain).numpy()
    assert got.dtype == ref.dtype
    # scikit-image rounds float16 at every step; vulkit computes in float32 and rounds once
    np.testing.assert_allclose(got.astype(np.float64), ref.astype(np.float64), rtol=5e-3 if dtype == "float16"
                               else 1e-6, atol=2e-6 if dtype == "float16" else 0)


def test_adjust_gamma_errors():
    with pytest.raises(ValueError, match="adjust_gamma: gamma"):
        E.adjust_gamma(_image("uint8"), -1)
    with pytest.raises(ValueError, match="adjust_gamma: Image Correction"):
        E.adjust_gamma(np.array([[-0.5, 0.5]], np.float32))


@pytest.mark.parametrize("dtype", DTYPES)
def test_threshold_otsu_matches_skimage(dtype):
    img = _image(dtype)
    assert E.threshold_otsu(img) == pytest.approx(float(threshold_otsu(img)), rel=1e-7)
    assert E.threshold_otsu(img, nbins=16) == pytest.approx(float(threshold_otsu(img, nbins=16)), rel=1e-7)
    assert E.threshold_otsu(np.full((3, 3), 7, np.uint8)) == 7.0
    with pytest.raises(ValueError, match="threshold_otsu: the image is empty"):
        E.threshold_otsu(np.zeros((0, 3), np.uint8))
    with pytest.raises(ValueError, match="threshold_otsu: nbins"):
        E.threshold_otsu(img, nbins=0)


@pytest.mark.parametrize(("dtype", "shape"), [("uint8", (37, 45)), ("float32", (64, 50)), ("uint16", (33, 17)),
                                              ("float64", (8, 9)), ("uint8", (20, 24, 3))])
@pytest.mark.parametrize("kwargs", [{}, {"kernel_size": 9, "clip_limit": 0.03},
                                    {"kernel_size": (5, 7), "nbins": 64, "clip_limit": 0}])
def test_equalize_adapthist_matches_skimage(dtype, shape, kwargs):
    img = _image(dtype, shape) if dtype != "uint16" else rng.integers(0, 60000, shape, dtype=np.uint16)
    got = E.equalize_adapthist(img, **kwargs)
    assert got.dtype == (vt.float64 if dtype == "float64" else vt.float32)
    # float32 results of float32 interpolation: within 16 float32 ulps of 1 (an H100 gave 5.4e-7, lavapipe less:
    # their compilers fuse different multiply-adds)
    np.testing.assert_allclose(got.numpy(), sk.equalize_adapthist(img, **kwargs), atol=1e-6, rtol=0)


def test_equalize_adapthist_errors():
    with pytest.raises(ValueError, match="equalize_adapthist: expected an H x W"):
        E.equalize_adapthist(np.zeros((2, 3, 4, 3), np.uint8))
    with pytest.raises(ValueError, match="equalize_adapthist: Incorrect value of `kernel_size`"):
        E.equalize_adapthist(np.zeros((8, 8), np.uint8), kernel_size=(1, 2, 3))
    with pytest.raises(ValueError, match="equalize_adapthist: the image is empty"):
        E.equalize_adapthist(np.zeros((0, 8), np.uint8))
