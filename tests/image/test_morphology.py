"""vt.image morphology against scipy.ndimage: grey erosion and dilation (sizes, footprints, structures), minimum and
maximum filters, openings and closings, binary morphology (structures, iterations, masks, border values)."""

from __future__ import annotations

import numpy as np
import pytest
from image_helpers import assert_filtered, has_dtype, sample_image
from scipy import ndimage as ndi

import vulkit as vt

MODES = ["reflect", "mirror", "nearest", "wrap", "constant"]
# every filter over the dtypes; the other integer widths and float64 in the slow sweep (each dtype compiles
# its own kernels: about 0.3 s each on lavapipe)
DTYPES = [d if d in ("uint8", "uint16", "float16", "float32") else pytest.param(d, marks=pytest.mark.slow)
          for d in ("uint8", "int8", "uint16", "int16", "float16", "float32", "float64") if has_dtype(d)]
FOOTPRINT = np.array([[0, 1, 0, 0], [1, 1, 1, 0], [0, 1, 1, 1]], bool)


def _ref(function, image: np.ndarray, *args, **kwargs) -> np.ndarray:
    if image.dtype == np.float16:  # scipy has no float16: min and max are exact in float32
        return function(image.astype(np.float32), *args, **kwargs).astype(np.float16)
    return function(image, *args, **kwargs)


@pytest.mark.parametrize("dtype", DTYPES)
def test_grey_erosion_dilation_sizes(dtype):
    """Rectangular windows: one 1-D pass per axis, exact."""
    image = sample_image(dtype, (27, 31))
    for mode in MODES:
        for function, name in ((ndi.grey_erosion, "grey_erosion"), (ndi.grey_dilation, "grey_dilation")):
            expected = _ref(function, image, (3, 4), mode=mode, cval=-3, origin=(1, -1))
            got = getattr(vt.image, name)(image, (3, 4), mode=mode, cval=-3, origin=(1, -1))
            assert_filtered(got, expected, exact=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_grey_footprints_and_structures(dtype):
    """Other footprints: one 2-D pass; scipy casts cval, and each x -/+ structure past the first cell, to the input's
    type (uint8 wraps)."""
    image = sample_image(dtype, (19, 23))
    structure = np.array([[2.0, 0.0], [1.0, 3.0], [0.0, 2.5]])
    for mode in MODES:
        for function, name in ((ndi.grey_erosion, "grey_erosion"), (ndi.grey_dilation, "grey_dilation")):
            assert_filtered(getattr(vt.image, name)(image, footprint=FOOTPRINT, mode=mode, cval=-1),
                            _ref(function, image, footprint=FOOTPRINT, mode=mode, cval=-1), exact=True)
            assert_filtered(getattr(vt.image, name)(image, structure=structure, mode=mode, cval=300),
                            _ref(function, image, structure=structure, mode=mode, cval=300), exact=True)


def test_minimum_maximum_openings_closings_layouts():
    image = sample_image("float32", (2, 13, 14, 3))
    expected = np.stack([np.stack([ndi.maximum_filter(im[..., c], footprint=FOOTPRINT) for c in range(3)], -1)
                         for im in image])
    assert_filtered(vt.image.maximum_filter(image, footprint=FOOTPRINT), expected, exact=True)
    gray = sample_image("uint8", (17, 18))
    assert_filtered(vt.image.minimum_filter(gray, 4), ndi.minimum_filter(gray, 4), exact=True)
    assert_filtered(vt.image.grey_opening(gray, (2, 3)), ndi.grey_opening(gray, (2, 3)), exact=True)
    assert_filtered(vt.image.grey_closing(gray, footprint=FOOTPRINT), ndi.grey_closing(gray, footprint=FOOTPRINT),
                    exact=True)
    assert_filtered(vt.image.grey_erosion(gray, size=(1, 1)), gray, exact=True)
    for shape in [(1, 1), (1, 6), (6, 1)]:
        small = sample_image("uint8", shape)
        assert_filtered(vt.image.grey_dilation(small, 3), ndi.grey_dilation(small, 3), exact=True)
        assert_filtered(vt.image.grey_erosion(small, footprint=FOOTPRINT, mode="wrap"),
                        ndi.grey_erosion(small, footprint=FOOTPRINT, mode="wrap"), exact=True)


def test_grey_inputs_views_axes():
    base = sample_image("uint16", (30, 20, 4))
    view = base[::3, 2:17, 2]
    assert_filtered(vt.image.grey_dilation(vt.asarray(base)[::3, 2:17, 2], (3, 2)), ndi.grey_dilation(view, (3, 2)),
                    exact=True)
    assert_filtered(vt.image.grey_erosion(base, 3, axes=(1, 2)), ndi.grey_erosion(base, 3, axes=(1, 2)), exact=True)
    volume = np.ones((3, 3, 3), bool)
    volume[0, 0] = False
    assert_filtered(vt.image.grey_erosion(base, footprint=volume[:1]),
                    ndi.grey_erosion(base, footprint=volume[:1]), exact=True)


def test_footprint_larger_than_shared_memory():
    """A footprint whose tile does not fit shared memory is split into blocks whose extremes are combined; its shape
    travels in a table (footprints of one size share a kernel)."""
    image = sample_image("uint8", (12, 14))
    footprint = np.random.default_rng(1).random((80, 80)) > 0.3
    for mode in ("reflect", "constant"):
        assert_filtered(vt.image.grey_erosion(image, footprint=footprint, mode=mode, cval=7),
                        ndi.grey_erosion(image, footprint=footprint, mode=mode, cval=7), exact=True)
    wide = sample_image("uint8", (44, 41))
    assert_filtered(vt.image.grey_dilation(wide, footprint=footprint, origin=(-40, 39)),
                    ndi.grey_dilation(wide, footprint=footprint, origin=(-40, 39)), exact=True)


# -- binary --------------------------------------------------------------------------------------------------------
STRUCTURES = [None, np.ones((3, 3), bool), np.array([[1, 1], [0, 1]], bool), np.array([[0, 1, 1, 0, 1]], bool)]


@pytest.mark.parametrize("structure", range(len(STRUCTURES)))
def test_binary_erosion_dilation(structure):
    st = STRUCTURES[structure]
    image = np.random.default_rng(structure).random((29, 31)) > 0.4
    for border in (0, 1):
        for iterations in (1, 3):
            for name in ("binary_erosion", "binary_dilation"):
                expected = getattr(ndi, name)(image, st, iterations=iterations, border_value=border)
                got = getattr(vt.image, name)(image, st, iterations=iterations, border_value=border)
                assert_filtered(got, expected, exact=True)


def test_binary_until_stable_masks_origins_inputs():
    rng = np.random.default_rng(5)
    image = rng.random((26, 27)) > 0.35
    mask = rng.random((26, 27)) > 0.2
    for name in ("binary_erosion", "binary_dilation"):
        assert_filtered(getattr(vt.image, name)(image, iterations=0), getattr(ndi, name)(image, iterations=0),
                        exact=True)
        assert_filtered(getattr(vt.image, name)(image, iterations=2, mask=mask),
                        getattr(ndi, name)(image, iterations=2, mask=mask), exact=True)
        assert_filtered(getattr(vt.image, name)(image, np.ones((2, 4)), origin=(-1, 1)),
                        getattr(ndi, name)(image, np.ones((2, 4)), origin=(-1, 1)), exact=True)
    grey = sample_image("float32", (26, 27))  # nonzero is True
    grey[grey > 6] = 0
    assert_filtered(vt.image.binary_erosion(grey), ndi.binary_erosion(grey), exact=True)
    assert_filtered(vt.image.binary_dilation(vt.asarray(grey.astype(np.uint8))[::2]),
                    ndi.binary_dilation(grey.astype(np.uint8)[::2]), exact=True)
    assert vt.image.binary_dilation(image, output=np.uint8).dtype == vt.uint8


@pytest.mark.parametrize("name", ["binary_opening", "binary_closing"])
def test_binary_opening_closing(name):
    image = np.random.default_rng(8).random((2, 21, 22)) > 0.45
    for st, iterations in [(None, 1), (np.ones((3, 2), bool), 2)]:
        expected = np.stack([getattr(ndi, name)(im, st, iterations=iterations) for im in image])
        # a 3-D array of 2-D structures: N x H x W read as H x W x C (channels), so give the axes
        got = getattr(vt.image, name)(image, st, iterations=iterations, axes=(1, 2))
        assert_filtered(got, expected, exact=True)


def test_generate_binary_structure():
    for rank in (1, 2, 3):
        for connectivity in (1, 2, 3):
            np.testing.assert_array_equal(vt.image.generate_binary_structure(rank, connectivity),
                                          ndi.generate_binary_structure(rank, connectivity))


def test_morphology_errors():
    image = sample_image("uint8", (8, 9))
    with pytest.raises(ValueError, match="grey_erosion: size, footprint, or structure"):
        vt.image.grey_erosion(image)
    with pytest.raises(ValueError, match="grey_dilation: all-zero footprint"):
        vt.image.grey_dilation(image, footprint=np.zeros((2, 2)))
    with pytest.raises(TypeError, match="binary_erosion: iterations parameter"):
        vt.image.binary_erosion(image, iterations=1.5)
    with pytest.raises(RuntimeError, match="binary_dilation: mask and input"):
        vt.image.binary_dilation(image, mask=np.ones((3, 3), bool))
    cube = np.ones((2, 2, 2), bool)
    cube[0, 0, 0] = False  # not a box: no 1-D passes
    with pytest.raises(NotImplementedError, match="grey_erosion: footprints spanning more than two axes"):
        vt.image.grey_erosion(sample_image("uint8", (4, 5, 6)), footprint=cube)
    with pytest.raises(ValueError, match="minimum_filter: invalid origin"):
        vt.image.minimum_filter(image, 3, origin=-2)
