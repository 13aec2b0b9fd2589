"""vt.image filters against scipy.ndimage and scikit-image: dtypes, boundary modes, odd and 1-pixel sizes, channel
layouts, batches, non-contiguous inputs, NumPy and vulkit inputs, errors."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from image_helpers import assert_filtered, has_dtype, sample_image
from scipy import ndimage as ndi
from skimage import filters as skf
from skimage import restoration as skr

import vulkit as vt
from vulkit.array.kernels.image_filter import NETWORK_MAX, batcher_pairs, selection_network

MODES = ["reflect", "mirror", "nearest", "wrap", "constant"]
# every filter over the dtypes; the other integer widths and float64 in the slow sweep (each dtype compiles
# its own kernels: about 0.3 s each on lavapipe)
DTYPES = [d if d in ("uint8", "uint16", "float16", "float32") else pytest.param(d, marks=pytest.mark.slow)
          for d in ("uint8", "int8", "uint16", "int16", "float16", "float32", "float64") if has_dtype(d)]


def _ref(function, image: np.ndarray, *args, **kwargs) -> np.ndarray:
    """scipy's result; float16 (which scipy lacks) through float32, rounded once."""
    if image.dtype == np.float16:
        return function(image.astype(np.float32), *args, **kwargs).astype(np.float16)
    return function(image, *args, **kwargs)


def _per_channel(function, image: np.ndarray, *args, **kwargs) -> np.ndarray:
    """scipy's 2-D filter applied to each channel (and image) of an H x W x C or N x H x W x C array."""
    if image.ndim == 2:
        return function(image, *args, **kwargs)
    if image.ndim == 3:
        return np.stack([function(image[..., c], *args, **kwargs) for c in range(image.shape[2])], axis=-1)
    return np.stack([_per_channel(function, im, *args, **kwargs) for im in image])


# -- Gaussian ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [d for d in ("uint8", "int8", "uint16", "int16", "float16", "float32", "float64")
                                   if has_dtype(d)])
def test_gaussian_dtypes_and_modes(dtype):
    """16-bit integers: float32 holds about 8 bits of a 16-bit value's fraction, so more results than uint8's
    truncate on the other side of an integer from scipy's float64 sums (still within 1)."""
    image = sample_image(dtype, (37, 53))
    off = 0.05 if np.dtype(dtype).itemsize == 2 and np.dtype(dtype).kind in "iu" else 0.01
    for mode in MODES:
        expected = _ref(ndi.gaussian_filter, image, 1.7, mode=mode, cval=3.5)
        assert_filtered(vt.image.gaussian_filter(image, 1.7, mode=mode, cval=3.5), expected, off_by_one=off)


@pytest.mark.parametrize("most_fused", [0, 13, 99])
def test_separable_filters_in_one_kernel_or_two(monkeypatch, most_fused):
    """Windows fused into one kernel up to ``FUSE_MAX_TAPS`` taps an axis (none, the shipped 13, every one here) and
    run as two kernels beyond: the same results as scipy's either way, narrow and wide windows, every mode."""
    from vulkit.image import _filter_core  # noqa: PLC0415

    monkeypatch.setattr(_filter_core, "FUSE_MAX_TAPS", most_fused)
    for dtype in ("uint8", "float32"):
        image = sample_image(dtype, (41, 67))
        for sigma, mode in itertools.product((0.8, 2.0), MODES):  # 9 and 17 taps
            expected = _ref(ndi.gaussian_filter, image, sigma, mode=mode, cval=2.0)
            assert_filtered(vt.image.gaussian_filter(image, sigma, mode=mode, cval=2.0), expected)
        for size in (3, 15):
            assert_filtered(vt.image.uniform_filter(image, size, mode="mirror"),
                            _ref(ndi.uniform_filter, image, size, mode="mirror"))
            assert_filtered(vt.image.grey_erosion(image, size=(size, 5)), ndi.grey_erosion(image, size=(size, 5)),
                            exact=True)


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (9, 1), (2, 3), (5, 7, 3), (3, 8, 6, 4), (0, 5)])
def test_gaussian_shapes_channels_batches(shape):
    image = sample_image("float32", shape)
    got = vt.image.gaussian_filter(image, 2.5, mode="wrap")
    assert_filtered(got, _per_channel(ndi.gaussian_filter, image, 2.5, mode="wrap"))


def test_gaussian_window_larger_than_image_every_mode():
    """Halos many times the image: the index maps fold repeatedly (reflect, mirror, wrap) or clamp."""
    image = sample_image("float32", (3, 4))
    for mode in MODES:
        assert_filtered(vt.image.gaussian_filter(image, 4, mode=mode, cval=-2), ndi.gaussian_filter(image, 4,
                                                                                                   mode=mode, cval=-2))


def test_gaussian_per_axis_arguments():
    image = sample_image("float32", (29, 31))
    got = vt.image.gaussian_filter(image, (0.8, 3.0), order=(1, 2), mode=("nearest", "mirror"), truncate=2.5)
    expected = ndi.gaussian_filter(image, (0.8, 3.0), order=(1, 2), mode=("nearest", "mirror"), truncate=2.5)
    assert_filtered(got, expected)
    assert_filtered(vt.image.gaussian_filter(image, 2, radius=(1, 5)), ndi.gaussian_filter(image, 2, radius=(1, 5)))
    # sigma 0 leaves an axis alone; all zero: a copy
    assert_filtered(vt.image.gaussian_filter(image, (0, 2)), ndi.gaussian_filter(image, (0, 2)))
    assert_filtered(vt.image.gaussian_filter(image, 0), image, exact=True)


def test_gaussian_fused_and_two_pass_paths():
    """Two axes run as one kernel (both passes over a 2-D tile); windows whose 2-D tile does not fit shared memory
    run as two kernels. Both keep scipy's first-pass output dtype (uint8 here) in between."""
    image = sample_image("uint8", (45, 38))
    for sigma in (1.2, (11.0, 0.7), 13.0):
        for mode in ("mirror", "constant"):
            assert_filtered(vt.image.gaussian_filter(image, sigma, mode=mode, cval=9),
                            ndi.gaussian_filter(image, sigma, mode=mode, cval=9))


def test_gaussian_scipy_axes_and_per_array_axis_sigma():
    """axes= picks axes; a sigma per array axis (as scipy takes it) filters the channel axis too."""
    image = sample_image("float32", (11, 13, 4))
    assert_filtered(vt.image.gaussian_filter(image, 1.5, axes=(1, 2)), ndi.gaussian_filter(image, 1.5, axes=(1, 2)))
    assert_filtered(vt.image.gaussian_filter(image, (1, 2, 1)), ndi.gaussian_filter(image, (1, 2, 1)))
    assert_filtered(vt.image.gaussian_filter1d(image, 1.2, axis=-1, order=1),
                    ndi.gaussian_filter1d(image, 1.2, axis=-1, order=1))


def test_gaussian_uint8_flat_regions_and_bound():
    """Flat regions keep their value (scipy's float64 sums do, mostly); elsewhere uint8 results are scipy's or one
    off where scipy's sum lies within float32 rounding of an integer."""
    for value in (1, 100, 200, 255):
        flat = np.full((40, 40), value, np.uint8)
        for sigma in (1.0, 2.0, 3.7):
            assert np.all(vt.image.gaussian_filter(flat, sigma).numpy() == value)
    smooth = (ndi.gaussian_filter(np.random.default_rng(1).random((120, 120)), 8) * 3000 % 256).astype(np.uint8)
    for sigma in (1.0, 2.0):
        assert_filtered(vt.image.gaussian_filter(smooth, sigma), ndi.gaussian_filter(smooth, sigma), off_by_one=0.002)


def test_gaussian_nan_and_inf_spread_as_scipy():
    image = sample_image("float32", (15, 17))
    image[3, 4] = np.nan
    image[10, 12] = np.inf
    assert_filtered(vt.image.gaussian_filter(image, 1), ndi.gaussian_filter(image, 1))


def test_gaussian_inputs_views_and_outputs():
    base = sample_image("float32", (40, 30, 3))
    view = base[3:35:2, ::-1, 1]  # non-contiguous NumPy view
    expected = ndi.gaussian_filter(view, 1.3)
    assert_filtered(vt.image.gaussian_filter(view, 1.3), expected)
    device = vt.asarray(base)[3:35:2, ::-1, 1]  # non-contiguous vulkit view
    assert_filtered(vt.image.gaussian_filter(device, 1.3), expected)
    assert_filtered(vt.image.gaussian_filter(device.T, 1.3), ndi.gaussian_filter(view.T, 1.3))
    as_u8 = vt.image.gaussian_filter(sample_image("uint8", (20, 21)), 1, output=np.float32)
    assert_filtered(as_u8, ndi.gaussian_filter(sample_image("uint8", (20, 21)), 1, output=np.float32))
    out = vt.zeros((16, 30), dtype=vt.float32)
    result = vt.image.gaussian_filter(device, 1.3, output=out)
    assert result is out
    assert_filtered(out, expected)


# -- uniform -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_uniform_exact_for_integers(dtype):
    image = sample_image(dtype, (31, 37))
    for mode in MODES:
        expected = _ref(ndi.uniform_filter, image, (3, 6), mode=mode, cval=-7.0, origin=(1, -2))
        got = vt.image.uniform_filter(image, (3, 6), mode=mode, cval=-7.0, origin=(1, -2))
        assert_filtered(got, expected, exact=np.dtype(dtype).kind in "iu")


def test_uniform_layouts_and_1d():
    image = sample_image("uint16", (2, 9, 10, 3))
    assert_filtered(vt.image.uniform_filter(image, 5), _per_channel(ndi.uniform_filter, image, 5), exact=True)
    flat = sample_image("float32", (23, 19))
    assert_filtered(vt.image.uniform_filter1d(flat, 4, axis=0, origin=1), ndi.uniform_filter1d(flat, 4, axis=0,
                                                                                               origin=1))
    assert_filtered(vt.image.uniform_filter(flat, 1), flat, exact=True)


# -- median and rank -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_median_exact(dtype):
    image = sample_image(dtype, (33, 29))
    for size, mode in [(3, "reflect"), (5, "constant"), ((2, 4), "wrap"), ((1, 7), "mirror"), ((5, 1), "nearest")]:
        expected = _ref(ndi.median_filter, image, size, mode=mode, cval=5)
        assert_filtered(vt.image.median_filter(image, size, mode=mode, cval=5), expected, exact=True)


def test_median_cval_cast_to_input_type():
    """scipy's rank filters cast cval to the input's type (C conversion: -1 is 255 for uint8, 300 is 44)."""
    image = sample_image("uint8", (6, 7))
    for cval in (-1, 300, 2.7):
        assert_filtered(vt.image.median_filter(image, 3, mode="constant", cval=cval),
                        ndi.median_filter(image, 3, mode="constant", cval=cval), exact=True)


def test_rank_extremes_and_1d_signals_read_cval_as_scipy():
    """Ranks 0 and n - 1 are scipy's minimum and maximum filters (a box footprint: separable, cval not cast);
    1-D inputs take scipy's 1-D rank filter (cval cast to int64 or float32)."""
    image = sample_image("uint16", (7, 8))
    for footprint in (np.ones((1, 2), bool), np.ones((2, 1), bool), np.array([[1, 0], [1, 1]], bool)):
        assert_filtered(vt.image.median_filter(image, footprint=footprint, mode="constant", cval=-1),
                        ndi.median_filter(image, footprint=footprint, mode="constant", cval=-1), exact=True)
    assert_filtered(vt.image.rank_filter(image, 0, size=3, mode="constant", cval=-1),
                    ndi.rank_filter(image, 0, size=3, mode="constant", cval=-1), exact=True)
    for dtype in ("uint8", "int16", "float32"):
        signal = sample_image(dtype, (17,))
        for size in (3, 4):
            assert_filtered(vt.image.median_filter(signal, size, mode="constant", cval=-1.5),
                            ndi.median_filter(signal, size, mode="constant", cval=-1.5), exact=True)


def test_median_footprints_origins_channels():
    image = sample_image("float32", (17, 19, 3))
    footprint = np.array([[0, 1, 0, 1], [1, 1, 1, 0], [0, 1, 1, 1]], bool)
    assert_filtered(vt.image.median_filter(image, footprint=footprint, origin=(1, -1)),
                    _per_channel(ndi.median_filter, image, footprint=footprint, origin=(1, -1)), exact=True)
    assert_filtered(vt.image.rank_filter(image, -2, size=4), _per_channel(ndi.rank_filter, image, -2, size=4),
                    exact=True)
    batch = sample_image("uint8", (3, 9, 8, 2))
    assert_filtered(vt.image.median_filter(batch, 3), _per_channel(ndi.median_filter, batch, 3), exact=True)


def test_median_quickselect_beyond_networks():
    image = sample_image("uint8", (13, 16))
    size = 9  # 81 > NETWORK_MAX values: quickselect in a local array
    assert size * size > NETWORK_MAX
    for mode in ("reflect", "constant"):
        assert_filtered(vt.image.median_filter(image, size, mode=mode), ndi.median_filter(image, size, mode=mode),
                        exact=True)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 9, 16, 25])
def test_selection_networks(n):
    """Batcher's network sorts every 0-1 input (so every input: the 0-1 principle), and each pruned network
    selects its rank."""
    pairs = batcher_pairs(n)
    inputs = np.array(list(itertools.product((0, 1), repeat=n))) if n <= 16 else \
        np.random.default_rng(n).integers(0, 2, (4096, n))
    values = inputs.copy()
    for i, j in pairs:
        lo, hi = np.minimum(values[:, i], values[:, j]), np.maximum(values[:, i], values[:, j])
        values[:, i], values[:, j] = lo, hi
    np.testing.assert_array_equal(values, np.sort(inputs, axis=1))
    rng = np.random.default_rng(0)
    samples = rng.permutation(np.tile(np.arange(n), (64, 1)).T).T.astype(float)
    for k in {0, n // 2, n - 1}:
        values = samples.copy()
        for i, j, need in selection_network(n, k):
            lo, hi = np.minimum(values[:, i], values[:, j]), np.maximum(values[:, i], values[:, j])
            if need in ("both", "min"):
                values[:, i] = lo
            if need in ("both", "max"):
                values[:, j] = hi
        np.testing.assert_array_equal(values[:, k], np.sort(samples, axis=1)[:, k])


# -- correlate and convolve ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_correlate_2d_weights(dtype):
    """Weights of both signs: float32 sums of 16-bit values of large magnitude keep only a few bits of fraction,
    so more of them truncate across an integer from scipy's float64 sums (within 1)."""
    image = sample_image(dtype, (23, 27))
    weights = np.random.default_rng(3).normal(size=(3, 4))
    off = 0.1 if np.dtype(dtype).itemsize == 2 and np.dtype(dtype).kind in "iu" else 0.02
    for mode in MODES:
        assert_filtered(vt.image.correlate(image, weights, mode=mode, cval=1.5),
                        _ref(ndi.correlate, image, weights, mode=mode, cval=1.5), off_by_one=off)
        assert_filtered(vt.image.convolve(image, weights, mode=mode, cval=1.5, origin=(-1, 1)),
                        _ref(ndi.convolve, image, weights, mode=mode, cval=1.5, origin=(-1, 1)), off_by_one=off)


def test_correlate_separable_weights_run_as_passes():
    """Rank-1 weights larger than 5 x 5 run as two 1-D passes; with mode constant and cval != 0 as one 2-D pass
    (the second pass would pad the first one's output)."""
    image = sample_image("float32", (31, 26))
    rng = np.random.default_rng(5)
    weights = np.outer(rng.normal(size=7), rng.normal(size=6))
    for mode, cval in [("reflect", 0), ("constant", 0), ("constant", 2.5), ("wrap", 1)]:
        assert_filtered(vt.image.correlate(image, weights, mode=mode, cval=cval),
                        ndi.correlate(image, weights, mode=mode, cval=cval), rtol=1e-5)
    u8 = sample_image("uint8", (31, 26))
    box = np.ones((7, 7)) / 49
    assert_filtered(vt.image.correlate(u8, box), ndi.correlate(u8, box), off_by_one=0.01)


def test_correlate_nd_weights():
    """Weights with one axis per array axis act on every axis, as scipy's: one axis, two, three (rank 1 or not)."""
    image = sample_image("float32", (9, 11, 4))
    rng = np.random.default_rng(7)
    for shape in [(1, 1, 3), (3, 1, 1), (2, 1, 3), (3, 2, 2), (1, 1, 1)]:
        weights = rng.normal(size=shape)
        for mode in ("reflect", "constant"):
            assert_filtered(vt.image.correlate(image, weights, mode=mode, cval=0.5),
                            ndi.correlate(image, weights, mode=mode, cval=0.5), rtol=1e-5)
    separable = np.multiply.outer(np.multiply.outer(rng.normal(size=3), rng.normal(size=5)), rng.normal(size=2))
    assert_filtered(vt.image.convolve(image, separable), ndi.convolve(image, separable), rtol=1e-5)
    assert_filtered(vt.image.correlate1d(image, [1, -2, 0.5], axis=-1, origin=1),
                    ndi.correlate1d(image, [1, -2, 0.5], axis=-1, origin=1))
    assert_filtered(vt.image.convolve1d(image, [1, 2, 3, 4], axis=0), ndi.convolve1d(image, [1, 2, 3, 4], axis=0))


def test_correlate_window_larger_than_shared_memory():
    """A window whose tile does not fit shared memory is split into row blocks whose sums are added (in float32,
    then stored once: uint8 results within 1)."""
    image = sample_image("uint8", (12, 14))
    weights = np.random.default_rng(9).random((80, 80))
    weights /= weights.sum()
    for mode in ("reflect", "constant"):
        assert_filtered(vt.image.correlate(image, weights, mode=mode, cval=1),
                        ndi.correlate(image, weights, mode=mode, cval=1))
    # an anchor in a corner: blocks whose anchor lies outside them (scipy's n-D correlate folds a reflection that
    # reaches more than twice the image's size before it wrongly, so compare on an image larger than the reach)
    wide = sample_image("float32", (44, 41))
    weights = np.random.default_rng(10).random((80, 81))
    assert_filtered(vt.image.correlate(wide, weights, origin=(39, -40)),
                    ndi.correlate(wide, weights, origin=(39, -40)), rtol=1e-5)


def test_correlate_zero_weights_skipped_like_scipy():
    """Taps of zero weight are not read (scipy's footprint is weights != 0): inf times 0 gives no NaN."""
    image = sample_image("float32", (9, 10))
    image[4, 5] = np.inf
    weights = np.array([[0.0, 1.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 0.0]])
    assert_filtered(vt.image.correlate(image, weights), ndi.correlate(image, weights))


# -- derivatives ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_sobel_prewitt_laplace(dtype):
    image = sample_image(dtype, (21, 24))
    exact = np.dtype(dtype).kind in "iu"  # integer sums: exact, wrapping as scipy's
    for mode in MODES:
        for axis in (0, 1, -1):
            assert_filtered(vt.image.sobel(image, axis, mode=mode, cval=2), _ref(ndi.sobel, image, axis, mode=mode,
                                                                                 cval=2), exact=exact)
        assert_filtered(vt.image.prewitt(image, 0, mode=mode), _ref(ndi.prewitt, image, 0, mode=mode), exact=exact)
        assert_filtered(vt.image.laplace(image, mode=mode, cval=3), _ref(ndi.laplace, image, mode=mode, cval=3),
                        exact=exact)


def test_edge_filters_on_channels_and_axes():
    image = sample_image("float32", (2, 12, 13, 3))
    assert_filtered(vt.image.sobel(image, axis=-2), _per_channel(ndi.sobel, image, axis=0))
    assert_filtered(vt.image.prewitt(image[0], axis=1), _per_channel(ndi.prewitt, image[0], axis=1))
    assert_filtered(vt.image.laplace(image[0]), _per_channel(ndi.laplace, image[0]))
    volume = sample_image("int16", (5, 6, 7))
    assert_filtered(vt.image.laplace(volume, axes=(0, 1, 2)), ndi.laplace(volume), exact=True)
    assert_filtered(vt.image.laplace(volume, axes=(2,)), ndi.laplace(volume, axes=(2,)), exact=True)


# -- scikit-image's ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["uint8", "uint16", "float32"])
def test_unsharp_mask(dtype):
    image = sample_image(dtype, (25, 22))
    expected = skf.unsharp_mask(image, radius=1.5, amount=2.0).astype(np.float32)
    assert_filtered(vt.image.unsharp_mask(image, radius=1.5, amount=2.0), expected, rtol=2e-6)
    expected = skf.unsharp_mask(image, radius=(1, 2.5), amount=0.7, preserve_range=True).astype(np.float32)
    assert_filtered(vt.image.unsharp_mask(image, radius=(1, 2.5), amount=0.7, preserve_range=True), expected,
                    rtol=2e-6)


def test_unsharp_mask_channels():
    image = sample_image("uint8", (14, 15, 3))
    # scikit-image 0.26 slices the wrong axis for channel_axis=-1: the positive axis is its intended result
    expected = skf.unsharp_mask(image, radius=1, amount=1.5, channel_axis=2).astype(np.float32)
    assert_filtered(vt.image.unsharp_mask(image, radius=1, amount=1.5, channel_axis=-1), expected, rtol=2e-6)


@pytest.mark.parametrize("case", ["gray", "rgb", "float_negative", "modes"])
def test_bilateral_filter(case):
    rng = np.random.default_rng(4)
    if case == "gray":
        image = rng.integers(0, 256, (23, 27)).astype(np.uint8)
        kwargs = {"sigma_color": 0.1, "sigma_spatial": 2}
    elif case == "rgb":
        image = rng.integers(0, 256, (19, 23, 3)).astype(np.uint8)
        kwargs = {"channel_axis": -1}
    elif case == "float_negative":
        image = rng.uniform(-2, 1, (21, 20)).astype(np.float32)
        kwargs = {"sigma_spatial": 1.5, "win_size": 6}
    else:
        image = rng.uniform(0, 1, (15, 16, 3)).astype(np.float32)
        kwargs = {"channel_axis": -1, "sigma_color": 0.3}
    modes = ["constant", "edge", "symmetric", "reflect", "wrap"] if case == "modes" else ["constant"]
    for mode in modes:
        expected = skr.denoise_bilateral(image, mode=mode, cval=0.25, **kwargs).astype(np.float32)
        assert_filtered(vt.image.bilateral_filter(image, mode=mode, cval=0.25, **kwargs), expected, rtol=1e-5)


def test_empty_images():
    empty = np.zeros((0, 5), np.float32)
    for function in (lambda e: vt.image.median_filter(e, 3), vt.image.sobel, vt.image.laplace, vt.image.unsharp_mask,
                     vt.image.bilateral_filter, lambda e: vt.image.correlate(e, np.ones((7, 7)))):
        result = function(empty)
        assert result.shape == (0, 5) and result.dtype == vt.float32


def test_bilateral_windows_larger_than_shared_memory():
    """A window too large for a shared tile reads each tap from global memory."""
    image = np.random.default_rng(6).integers(0, 256, (20, 23, 3)).astype(np.uint8)
    for mode in ("constant", "reflect"):
        expected = skr.denoise_bilateral(image, sigma_spatial=10, mode=mode, channel_axis=-1).astype(np.float32)
        assert_filtered(vt.image.bilateral_filter(image, sigma_spatial=10, mode=mode, channel_axis=-1), expected,
                        rtol=1e-5)


def test_bilateral_batches_and_constant_images():
    images = np.random.default_rng(2).integers(0, 256, (2, 11, 12, 3)).astype(np.uint8)
    expected = np.stack([skr.denoise_bilateral(im, channel_axis=-1) for im in images]).astype(np.float32)
    assert_filtered(vt.image.bilateral_filter(images, channel_axis=-1), expected, rtol=1e-5)
    flat = np.full((6, 7), 51, np.uint8)
    assert_filtered(vt.image.bilateral_filter(flat), np.full((6, 7), 0.2, np.float32))


# -- errors --------------------------------------------------------------------------------------------------------
def test_errors_name_the_function():
    image = sample_image("float32", (8, 9))
    with pytest.raises(ValueError, match="gaussian_filter: boundary mode"):
        vt.image.gaussian_filter(image, 1, mode="edge")
    with pytest.raises(TypeError, match="median_filter: int32 images are not supported"):
        vt.image.median_filter(image.astype(np.int32), 3)
    with pytest.raises(TypeError, match="correlate: complex"):
        vt.image.correlate(image, np.ones((2, 2), complex))
    with pytest.raises(ValueError, match="uniform_filter: invalid origin"):
        vt.image.uniform_filter(image, 3, origin=2)
    with pytest.raises(ValueError, match="gaussian_filter: sigma must be one value or 2 values"):
        vt.image.gaussian_filter(image, (1, 2, 3, 4))
    with pytest.raises(ValueError, match="sobel: axis 2 is out of range"):
        vt.image.sobel(image, 2)
    with pytest.raises(TypeError, match="laplace: output must be a dtype or a vulkit array"):
        vt.image.laplace(image, output=np.empty((8, 9), np.float32))
    with pytest.raises(RuntimeError, match="median_filter: no footprint or filter size"):
        vt.image.median_filter(image)
    with pytest.raises(ValueError, match="median_filter: the footprint has no True cell"):
        vt.image.median_filter(image, footprint=np.zeros((3, 3)))
    with pytest.raises(RuntimeError, match="correlate: weights have 3 dimensions"):
        vt.image.correlate(image, np.ones((2, 2, 2)))
    with pytest.raises(ValueError, match="bilateral_filter: invalid mode"):
        vt.image.bilateral_filter(image, mode="nearest")
    with pytest.raises(ValueError, match="gaussian_filter: expected an H x W"):
        vt.image.gaussian_filter(np.zeros((2, 2, 2, 2, 2), np.float32), 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="ignoring size"):
            vt.image.median_filter(image, size=3, footprint=np.ones((3, 3)))


def test_buffer_addresses(buffer_addresses):
    """The window kernels that reach their arrays through buffer addresses (arrays past maxStorageBufferRange)
    agree with the bound ones."""
    image = sample_image("uint8", (19, 21, 3))
    assert_filtered(vt.image.gaussian_filter(image, 1.5), _per_channel(ndi.gaussian_filter, image, 1.5))
    assert_filtered(vt.image.median_filter(image, 3), _per_channel(ndi.median_filter, image, 3), exact=True)
    footprint = np.array([[1, 0, 1], [0, 1, 1]], bool)
    assert_filtered(vt.image.grey_dilation(image, structure=footprint * 2.0),
                    _per_channel(ndi.grey_dilation, image, structure=footprint * 2.0), exact=True)
    expected = skr.denoise_bilateral(image, channel_axis=-1).astype(np.float32)
    assert_filtered(vt.image.bilateral_filter(image, channel_axis=-1), expected, rtol=1e-5)
