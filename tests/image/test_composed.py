"""scipy.ndimage's filters built from others (image/composed.py, and percentile_filter), against scipy.ndimage:
dtypes (integers exactly, scipy's wrapping included), odd and 1-pixel shapes, boundary modes, colour images
filtered over their spatial axes, outputs given as dtypes and arrays, booleans for the top-hats."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.ndimage as ndi
from image_helpers import FILTER_RTOL, assert_filtered, has_dtype, sample_image

import vulkit as vt

DTYPES = ["uint8", "int16", "uint16", "float32", "float64"]
GAUSSIAN = ["gaussian_laplace", "gaussian_gradient_magnitude"]
MORPHOLOGY = ["morphological_gradient", "morphological_laplace", "white_tophat", "black_tophat"]


def _check(name: str, a: np.ndarray, *args, exact: bool, **kwargs) -> None:
    got = getattr(vt.image, name)(vt.asarray(a), *args, **kwargs)
    expected = getattr(ndi, name)(a, *args, **kwargs)
    if exact or a.dtype.kind in "iub":
        assert_filtered(got, expected, exact=exact)
        return
    # derivative filters of float images: their sums cancel to zero, so within the input's scale
    assert got.dtype == expected.dtype and got.shape == expected.shape
    scale = FILTER_RTOL.get(str(a.dtype), 1e-5) * 10 * float(np.abs(a).max())
    np.testing.assert_allclose(got.numpy(), expected, rtol=0, atol=scale)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", GAUSSIAN)
@pytest.mark.parametrize("shape", [(37, 41), (1, 1), (8, 33)])
def test_gaussian_derivative_sums(name, dtype, shape):
    if not has_dtype(dtype):
        pytest.skip(f"the device has no {dtype}")
    a = sample_image(dtype, shape, seed=3)
    calls = [((1.3,), {}), (((0.8, 2.0),), {"mode": "nearest"}), ((1.0,), {"mode": ["wrap", "constant"], "cval": 2.0})]
    if np.dtype(dtype).kind == "f":
        for args, kwargs in calls:
            _check(name, a, *args, exact=False, **kwargs)
        return
    # integer outputs: each derivative term is rounded to the dtype as scipy's C casts round it, within 1 where
    # the float sums fall the other way (vt.image.gaussian_filter's own tests); the terms then add (and square)
    # in the dtype, wrapping as scipy's do: checked against those terms
    x = vt.asarray(a)
    for args, kwargs in calls:
        modes = kwargs.get("mode", "reflect")
        modes = modes if isinstance(modes, list) else [modes, modes]
        terms = [vt.image.gaussian_filter(x, *args, order, **{**kwargs, "mode": m}).numpy()
                 for order, m in zip(([2, 0], [0, 2]) if name == "gaussian_laplace" else ([1, 0], [0, 1]), modes,
                                     strict=True)]
        got = getattr(vt.image, name)(x, *args, **kwargs).numpy()
        if name == "gaussian_laplace":
            np.testing.assert_array_equal(got, terms[0] + terms[1])
        else:  # where a signed sum of squares wrapped negative, the square root is NaN and its cast undefined
            squares = terms[0] * terms[0] + terms[1] * terms[1]
            defined = squares >= 0
            with np.errstate(invalid="ignore"):
                expected = np.sqrt(np.where(defined, squares, 0)).astype(a.dtype)
            np.testing.assert_array_equal(got[defined], expected[defined])
        if name == "gaussian_laplace":  # and against scipy, within 1 at a few percent of the pixels
            assert_filtered(getattr(vt.image, name)(x, *args, **kwargs), getattr(ndi, name)(a, *args, **kwargs),
                            off_by_one=0.05)


def _derivative_sum(a: np.ndarray, order: int, sigma: float, axes: tuple[int, ...], **kwargs) -> np.ndarray:
    """The Gaussian derivatives along each of ``axes`` (sigma 0 on the others), summed (order 2) or as a gradient
    magnitude (order 1): scipy's gaussian_laplace given axes, and what its gaussian_gradient_magnitude given axes
    would be if it left the other axes unsmoothed, as vulkit's does."""
    sigmas = [sigma if k in axes else 0 for k in range(a.ndim)]
    terms = [ndi.gaussian_filter(a, sigmas, [order if k == axis else 0 for k in range(a.ndim)], **kwargs)
             for axis in axes]
    return sum(terms) if order == 2 else np.sqrt(sum(t * t for t in terms))


def test_gaussian_derivative_sums_over_a_colour_images_spatial_axes_and_into_outputs():
    a = sample_image("float32", (21, 19, 3), seed=4)
    np.testing.assert_allclose(ndi.gaussian_laplace(a, 1.5, axes=(0, 1)), _derivative_sum(a, 2, 1.5, (0, 1)),
                               atol=1e-5)
    for name, order in zip(GAUSSIAN, (2, 1), strict=True):
        got = getattr(vt.image, name)(vt.asarray(a), 1.5)
        np.testing.assert_allclose(got.numpy(), _derivative_sum(a, order, 1.5, (0, 1)), atol=2e-5)
        out = vt.zeros(a.shape, dtype=vt.float64) if has_dtype("float64") else vt.zeros(a.shape)
        assert getattr(vt.image, name)(vt.asarray(a), 1.5, output=out) is out
        np.testing.assert_allclose(out.numpy(), _derivative_sum(a.astype(np.float64), order, 1.5, (0, 1)),
                                   atol=2e-5)
        got = getattr(vt.image, name)(vt.asarray(a), 1.5, truncate=2.0, axes=(1,))
        np.testing.assert_allclose(got.numpy(), _derivative_sum(a, order, 1.5, (1,), truncate=2.0), atol=2e-5)


# booleans for the top-hats only: scipy's gradient and Laplacian subtract booleans (a TypeError)
MORPHOLOGY_CASES = [(name, dtype) for name in MORPHOLOGY for dtype in DTYPES] + \
    [(name, "bool") for name in ("white_tophat", "black_tophat")]


@pytest.mark.parametrize(("name", "dtype"), MORPHOLOGY_CASES)
def test_morphological_compositions(name, dtype):
    if not has_dtype(dtype):
        pytest.skip(f"the device has no {dtype}")
    a = sample_image(dtype, (29, 31), seed=5)
    _check(name, a, (3, 5), exact=True)
    _check(name, a, None, np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], bool), mode="mirror", exact=True)
    if dtype != "bool":
        structure = np.array([[0, 1, 0], [1, 2, 1], [0, 1, 0]], dtype)
        _check(name, a, None, None, structure, mode="constant", cval=7, exact=True)
    _check(name, a[:1, :1], 3, exact=True)


def test_top_hats_into_outputs_and_over_a_colour_images_spatial_axes():
    a = sample_image("uint8", (23, 17, 3), seed=6)
    for name in ("white_tophat", "black_tophat"):
        assert_filtered(getattr(vt.image, name)(vt.asarray(a), 3), getattr(ndi, name)(a, 3, axes=(0, 1)), exact=True)
        out = vt.zeros(a.shape, dtype=vt.int16)
        assert getattr(vt.image, name)(vt.asarray(a), 3, output=out) is out
        expected = getattr(ndi, name)(a, 3, output=np.int16, axes=(0, 1))
        np.testing.assert_array_equal(out.numpy(), expected)
        assert_filtered(getattr(vt.image, name)(vt.asarray(a), 3, output=vt.int16), expected, exact=True)
    with pytest.warns(UserWarning, match="ignoring size"):
        vt.image.white_tophat(vt.asarray(a[..., 0]), 3, footprint=np.ones((3, 3), bool))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("percentile", [0, 20, 50, 87.5, 100, -25])
def test_percentile_filter(dtype, percentile):
    if not has_dtype(dtype):
        pytest.skip(f"the device has no {dtype}")
    a = sample_image(dtype, (19, 23), seed=7)
    _check("percentile_filter", a, percentile, (3, 3), exact=True)
    _check("percentile_filter", a, percentile, None, np.array([[1, 0, 1], [0, 1, 0], [1, 1, 1]], bool),
           mode="nearest", exact=True)


@pytest.mark.parametrize("name", ["minimum_filter1d", "maximum_filter1d"])
@pytest.mark.parametrize("size", [1, 2, 5, 40])
def test_one_axis_extreme_filters(name, size):
    a = sample_image("float32", (17, 29), seed=8)
    for axis in (0, 1, -1):
        _check(name, a, size, axis, exact=True)
    _check(name, a, size, 1, mode="constant", cval=-3.5, origin=size // 3, exact=True)
    b = sample_image("uint16", (5, 6, 7), seed=9)
    _check(name, b, size, 2, mode="wrap", exact=True)


def test_errors_name_the_function():
    x = vt.asarray(sample_image("float32", (8, 8)))
    with pytest.raises(ValueError, match="percentile_filter: percentile"):
        vt.image.percentile_filter(x, 150, 3)
    with pytest.raises(RuntimeError, match="percentile_filter: no footprint"):
        vt.image.percentile_filter(x, 50)
    with pytest.raises(TypeError, match="gaussian_laplace"):
        vt.image.gaussian_laplace("abc", 1.0)
    with pytest.raises(ValueError, match="maximum_filter1d"):
        vt.image.maximum_filter1d(x, 3, axis=5)


@pytest.mark.parametrize("shape", [(20, 30), (1, 1), (9,), (3, 17)])
def test_binary_propagation_fill_holes_and_hit_or_miss(shape):
    rng = np.random.default_rng(10)
    a = rng.random(shape) > 0.45
    for connectivity in range(1, len(shape) + 1):
        structure = ndi.generate_binary_structure(len(shape), connectivity)
        mask = rng.random(shape) > 0.3
        cases = [("binary_fill_holes", (structure,)), ("binary_hit_or_miss", (structure,)),
                 ("binary_propagation", (structure, mask))]
        for name, args in cases:
            np.testing.assert_array_equal(getattr(vt.image, name)(vt.asarray(a), *args).numpy(),
                                          getattr(ndi, name)(a, *args))


def test_fill_holes_and_hit_or_miss_shapes():
    ring = np.zeros((9, 9), bool)
    ring[1:8, 1:8] = True
    ring[3:6, 3:6] = False  # a hole
    ring[4, 0:2] = False
    np.testing.assert_array_equal(vt.image.binary_fill_holes(ring).numpy(), ndi.binary_fill_holes(ring))
    out = vt.zeros(ring.shape, dtype=vt.uint8)
    assert vt.image.binary_fill_holes(ring, output=out) is out
    np.testing.assert_array_equal(out.numpy(), ndi.binary_fill_holes(ring, output=np.uint8))
    b = np.random.default_rng(11).random((15, 15)) > 0.5
    hit = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]])
    miss = np.array([[1, 0, 1], [0, 0, 0], [1, 0, 1]])
    for kwargs in ({}, {"origin1": (0, 1)}, {"origin1": (1, 0), "origin2": (-1, 0)}):
        np.testing.assert_array_equal(vt.image.binary_hit_or_miss(b, hit, miss, **kwargs).numpy(),
                                      ndi.binary_hit_or_miss(b, hit, miss, **kwargs))


def _second_difference(library):
    """A derivative of scipy's calling convention: the second difference along one axis."""
    def derivative2(x, axis, output, mode, cval):
        return library.correlate1d(x, [1.0, -2.0, 1.0], axis, output, mode, cval)
    return derivative2


@pytest.mark.parametrize("dtype", ["uint8", "float32"])
def test_generic_laplace_and_gradient_magnitude(dtype):
    a = sample_image(dtype, (20, 30), seed=12)
    x = vt.asarray(a)
    for mode in ("reflect", ["nearest", "wrap"]):
        assert_filtered(vt.image.generic_laplace(x, _second_difference(vt.image), mode=mode),
                        ndi.generic_laplace(a, _second_difference(ndi), mode=mode), exact=dtype == "uint8",
                        rtol=1e-5)
    for name in ("sobel", "prewitt"):
        assert_filtered(vt.image.generic_gradient_magnitude(x, getattr(vt.image, name)),
                        ndi.generic_gradient_magnitude(a, getattr(ndi, name)), exact=dtype == "uint8", rtol=1e-5)
    extra = vt.image.generic_gradient_magnitude(x, lambda v, axis, output, mode, cval, scale: vt.image.sobel(
        v, axis, output, mode, cval) * scale, extra_arguments=(2.0,))
    assert extra.shape == a.shape
    with pytest.raises(TypeError, match="generic_laplace: the derivative must return a vulkit array"):
        vt.image.generic_laplace(x, lambda v, axis, output, mode, cval: np.zeros(v.shape))
