"""vt.image colour conversions against scikit-image."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from skimage import color as sk
from skimage.util import img_as_ubyte, img_as_uint

import vulkit as vt
from vulkit.image import color as C

rng = np.random.default_rng(7)
FORWARD = ["rgb2gray", "rgb2hsv", "rgb2ycbcr", "rgb2lab"]
# absolute tolerance of float32 results, by the size of the values (LAB's L reaches 100, YCbCr 240)
TOL32 = {"rgb2gray": 2e-7, "rgb2hsv": 2e-7, "rgb2ycbcr": 4e-5, "rgb2lab": 2e-4, "hsv2rgb": 2e-7, "ycbcr2rgb": 2e-7,
         "lab2rgb": 4e-6}


def _rgb(shape, dtype):
    if dtype in ("uint8", "uint16"):
        img = rng.integers(0, np.iinfo(dtype).max + 1, shape, dtype=dtype)
        img.reshape(-1, 3)[:4] = np.array([[5, 5, 5], [200, 200, 10], [10, 200, 200], [0, 0, 0]], dtype=dtype)
        return img
    img = rng.random(shape).astype(dtype)
    img.reshape(-1, 3)[:3] = np.array([[0.5, 0.5, 0.5], [1, 1, 0], [0, 1, 1]], dtype=dtype)  # ties: grey, two maxima
    return img


@pytest.mark.parametrize("function", FORWARD)
@pytest.mark.parametrize("dtype", ["uint8", "uint16", "float16", "float32", "float64"])
def test_forward_conversions_match_skimage(function, dtype):
    img = _rgb((13, 17, 3), dtype)
    ref = getattr(sk, function)(img)
    got = getattr(C, function)(img)
    assert got.dtype == (vt.float64 if dtype == "float64" else vt.float32)
    tol = 1e-12 * (100 if function in ("rgb2ycbcr", "rgb2lab") else 1) if dtype == "float64" else TOL32[function]
    np.testing.assert_allclose(got.numpy(), ref, atol=tol, rtol=0)


@pytest.mark.parametrize("function", ["hsv2rgb", "ycbcr2rgb", "lab2rgb"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_inverse_conversions_match_skimage(function, dtype):
    rgb = _rgb((11, 7, 3), dtype)
    forward = {"hsv2rgb": sk.rgb2hsv, "ycbcr2rgb": sk.rgb2ycbcr, "lab2rgb": sk.rgb2lab}[function]
    src = forward(rgb).astype(dtype)
    if function == "lab2rgb":  # out-of-gamut colours: clipped, and negative Z clipped to 0 (scikit-image warns)
        src[0, :3] = [[50, 120, -110], [30, -100, 120], [90, 0, 250]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ref = getattr(sk, function)(src)
    got = getattr(C, function)(src)
    np.testing.assert_allclose(got.numpy(), ref, atol=1e-12 if dtype == "float64" else TOL32[function], rtol=0)


def test_batches_views_and_empty():
    batch = _rgb((2, 5, 6, 3), "float32")
    np.testing.assert_allclose(C.rgb2hsv(batch).numpy(), sk.rgb2hsv(batch), atol=2e-7)
    view = vt.asarray(batch)[:, ::-1, ::2]
    np.testing.assert_allclose(C.rgb2gray(view).numpy(), sk.rgb2gray(batch[:, ::-1, ::2]), atol=2e-7)
    assert C.rgb2gray(np.zeros((0, 4, 3), np.uint8)).shape == (0, 4)
    assert C.rgb2lab(np.zeros((1, 1, 3), np.float32)).shape == (1, 1, 3)
    np.testing.assert_allclose(C.rgb2gray(np.array([[1.0, 0.5, 0.25]])).numpy(), [0.2125 + 0.3577 + 0.018025])


def test_nan_propagates():
    img = np.array([[[np.nan, 0.5, 0.2], [0.1, 0.2, 0.3]]], np.float32)
    assert np.isnan(C.rgb2gray(img).numpy()[0, 0]) and np.isfinite(C.rgb2gray(img).numpy()[0, 1])
    assert np.isnan(C.rgb2lab(img).numpy()[0, 0]).all()


@pytest.mark.parametrize("function", ["rgb2gray", "rgb2hsv", "hsv2rgb", "lab2rgb"])
def test_integer_results_round_as_img_as_ubyte(function):
    img = _rgb((9, 10, 3), "uint8")
    src = {"hsv2rgb": sk.rgb2hsv(img), "lab2rgb": sk.rgb2lab(img)}.get(function, img)
    ref = getattr(sk, function)(src)
    got8 = getattr(C, function)(src, dtype=vt.uint8).numpy()
    assert got8.dtype == np.uint8
    assert np.abs(got8.astype(int) - img_as_ubyte(np.clip(ref, 0, 1))).max() <= 1  # float32 vs float64 at ties
    got16 = getattr(C, function)(src, dtype=vt.uint16).numpy()
    assert np.abs(got16.astype(int) - img_as_uint(np.clip(ref, 0, 1))).max() <= 1


def test_ycbcr_uint8_rounds_values():
    img = _rgb((8, 8, 3), "uint8")
    ref = np.rint(sk.rgb2ycbcr(img))
    got = C.rgb2ycbcr(img, dtype=np.uint8).numpy()
    assert np.abs(got - ref).max() <= 1 and (got == ref).mean() > 0.95


def test_errors():
    with pytest.raises(ValueError, match="rgb2gray: the input array must have size 3"):
        C.rgb2gray(np.zeros((4, 4, 4), np.uint8))
    with pytest.raises(ValueError, match="rgb2hsv: the input array must have size 3"):
        C.rgb2hsv(np.zeros((4, 4), np.uint8))
    with pytest.raises(TypeError, match="rgb2lab: int32 images are not supported"):
        C.rgb2lab(np.zeros((4, 4, 3), np.int32))
    with pytest.raises(TypeError, match="rgb2gray: dtype must be"):
        C.rgb2gray(np.zeros((4, 4, 3), np.uint8), dtype=vt.int8)
    with pytest.raises(TypeError, match="lab2rgb: expected an image"):
        C.lab2rgb("lab")
