"""scipy.ndimage's spline interpolation, orders 0 to 5 (image/interpolation.py, image/splines.py), against
scipy.ndimage: every boundary mode at coordinates inside, on and beyond the edges (lengths 1, 2, 4, 7, 23), 2-D and
3-D inputs, float and integer dtypes (integers within 1 where the two round a tie apart, clamped to their range),
zoom's grid modes, affine matrices of each form, the prefilter alone, outputs as dtypes and arrays, and the
errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.ndimage as ndi

import vulkit as vt

MODES = ["constant", "grid-constant", "nearest", "reflect", "grid-mirror", "mirror", "wrap", "grid-wrap"]
EDGES = [-13.5, -12.5, -6.0, -3.0, -1.6, -1.0, -0.6, -0.5, -0.4, 0.0, 0.5, 2.5, 3.0, 3.4, 3.5, 3.6, 4.0, 4.6, 6.0,
         7.2, 9.0, 13.5]


def _close(got: vt.Array, expected: np.ndarray) -> None:
    values = got.numpy()
    assert values.shape == expected.shape and values.dtype == expected.dtype
    if expected.dtype.kind in "iu":  # a tie between two samples may round apart: within 1, rarely
        difference = np.abs(values.astype(np.int64) - expected.astype(np.int64))
        assert difference.max(initial=0) <= 1 and (difference > 0).mean() <= 0.05
    else:
        np.testing.assert_allclose(values, expected, rtol=1e-5, atol=1e-4 * max(1.0, np.abs(expected).max()))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", [0, 1])
@pytest.mark.parametrize("n", [1, 2, 4, 7])
def test_map_coordinates_at_and_beyond_the_edges(n, order, mode):
    rng = np.random.default_rng(n)
    a = rng.random(n) * 10
    c = np.concatenate([EDGES, rng.uniform(-3 * n - 2, 3 * n + 2, 300)])
    expected = ndi.map_coordinates(a, [c], order=order, mode=mode, cval=-9.0)
    np.testing.assert_allclose(vt.image.map_coordinates(vt.asarray(a), [c], order=order, mode=mode,
                                                        cval=-9.0).numpy(), expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dtype", ["float32", "float64", "uint8", "int16"])
@pytest.mark.parametrize("mode", ["constant", "grid-constant", "nearest", "reflect", "mirror", "wrap", "grid-wrap"])
@pytest.mark.parametrize("order", [0, 1, 3])
def test_zoom_shift_and_affine_transform(order, mode, dtype):
    if dtype == "float64" and "float64" not in vt.__array_namespace_info__().dtypes():
        pytest.skip("the device has no float64")
    rng = np.random.default_rng(1)
    # splines: axes of 12 samples or more (scipy's reflect prefilter approximates shorter ones)
    a = (rng.random((13, 15) if order > 1 else (7, 9)) * 200 - (50 if dtype == "int16" else 0)).astype(dtype)
    b = (rng.random((12, 13, 12) if order > 1 else (4, 5, 3)) * 100).astype(dtype)
    calls = [("zoom", (a, 1.7)), ("zoom", (a, (0.5, 2.3))), ("zoom", (b, (1.5, 0.8, 1))),
             ("shift", (a, (1.3, -2.6))), ("shift", (b, (0.5, -1, 0.25))),
             ("affine_transform", (a, [[0.9, 0.3], [-0.2, 1.1]], [0.5, -1.2])),
             ("affine_transform", (a, np.array([[1.2, 0.1, 2], [0.3, 0.8, -1], [0, 0, 1]]))),
             ("affine_transform", (a, [1.5, 0.5]))]
    for name, args in calls:
        kwargs = {"order": order, "mode": mode, "cval": -30.0 if dtype == "uint8" else 3.5}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = getattr(ndi, name)(*args, **kwargs)
        _close(getattr(vt.image, name)(vt.asarray(args[0]), *args[1:], **kwargs), expected)


@pytest.mark.parametrize("mode", ["grid-constant", "nearest", "reflect", "mirror", "grid-wrap"])
def test_zoom_in_grid_mode(mode):
    a = np.random.default_rng(2).random((6, 5)).astype(np.float32)
    for factor in (1.6, 0.5, (2, 0.4)):
        _close(vt.image.zoom(vt.asarray(a), factor, order=1, mode=mode, grid_mode=True),
               ndi.zoom(a, factor, order=1, mode=mode, grid_mode=True))


def test_outputs_shapes_and_identity():
    a = np.arange(20.0).reshape(4, 5)
    out = vt.zeros((4, 5), dtype=vt.float32)
    assert vt.image.shift(a, (0.5, 1), output=out, order=1) is out
    np.testing.assert_allclose(out.numpy(), ndi.shift(a, (0.5, 1), output=np.float32, order=1))
    got = vt.image.affine_transform(a, [[1, 0], [0, 1]], output_shape=(2, 3), order=0, output=vt.int16)
    np.testing.assert_array_equal(got.numpy(), ndi.affine_transform(a, [[1, 0], [0, 1]], output_shape=(2, 3),
                                                                    order=0, output=np.int16))
    same = vt.image.zoom(vt.asarray(a), 1, order=1)
    np.testing.assert_array_equal(same.numpy(), a)
    coordinates = np.array([[[0.5, 1.5], [2.5, 3.0]], [[1.0, 0.25], [4.0, 2.2]]])
    np.testing.assert_allclose(vt.image.map_coordinates(a, vt.asarray(coordinates), order=1).numpy(),
                               ndi.map_coordinates(a, coordinates, order=1))


def test_errors_name_the_function():
    a = vt.asarray(np.ones((4, 4), np.float32))
    with pytest.raises(RuntimeError, match="shift: spline order not supported"):
        vt.image.shift(a, 1, order=6)
    with pytest.raises(ValueError, match="map_coordinates: mode must be one of"):
        vt.image.map_coordinates(a, [[0.0], [0.0]], order=1, mode="edge")
    with pytest.raises(RuntimeError, match="map_coordinates: invalid shape for coordinate array"):
        vt.image.map_coordinates(a, [[0.0]], order=1)
    with pytest.raises(RuntimeError, match="affine_transform: affine matrix has wrong number of rows"):
        vt.image.affine_transform(a, np.eye(4), order=1)
    with pytest.raises(ValueError, match="affine_transform: expected a homogeneous"):
        vt.image.affine_transform(a, np.ones((3, 3)), order=1)
    with pytest.raises(TypeError, match="zoom: input must be real"):
        vt.image.zoom(vt.asarray(np.ones(3, np.complex64)), 2, order=1)


@pytest.mark.parametrize("order", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", MODES)
def test_spline_orders_at_and_beyond_the_edges(order, mode):
    """Orders 2 to 5 over coordinates inside, on and beyond the edges; nearest beyond its 12 padded samples and
    reflect on short axes differ from scipy's approximations (see image/splines.py): compared within them."""
    for n in (1, 7, 23):
        rng = np.random.default_rng(n)
        a = rng.random(n) * 10
        c = np.concatenate([EDGES, rng.uniform(-2 * n - 2, 2 * n + 2, 200)])
        expected = ndi.map_coordinates(a, [c], order=order, mode=mode, cval=-9.0)
        got = vt.image.map_coordinates(vt.asarray(a), [c], order=order, mode=mode, cval=-9.0).numpy()
        tolerance = 1e-8
        if mode in ("reflect", "grid-mirror") and n < 12:
            tolerance = 0.2
        elif mode == "nearest":
            tolerance = 2e-3
        np.testing.assert_allclose(got, expected, rtol=0, atol=tolerance)


@pytest.mark.parametrize("order", [0, 1, 2, 3, 4, 5])
def test_spline_filter(order):
    x = np.random.default_rng(order).random((23, 30))
    for mode in MODES:
        np.testing.assert_allclose(vt.image.spline_filter1d(vt.asarray(x), order, 0, mode=mode).numpy(),
                                   ndi.spline_filter1d(x, order, 0, mode=mode), rtol=0, atol=1e-12)
    if order < 2:  # scipy's spline_filter takes orders 2 to 5 only
        with pytest.raises(RuntimeError, match="spline_filter: spline order not supported"):
            vt.image.spline_filter(vt.asarray(x), order)
        return
    np.testing.assert_allclose(vt.image.spline_filter(vt.asarray(x), order).numpy(), ndi.spline_filter(x, order),
                               rtol=0, atol=1e-12)
    assert vt.image.spline_filter(x.astype(np.float32), order, output=vt.float32).dtype == vt.float32


def test_zoom_of_an_image_at_scipys_default_order():
    a = np.random.default_rng(5).random((40, 33)).astype(np.float32)
    _close(vt.image.zoom(vt.asarray(a), 1.5), ndi.zoom(a, 1.5))
    _close(vt.image.zoom(vt.asarray(a), 0.5, grid_mode=True, mode="grid-constant"),
           ndi.zoom(a, 0.5, grid_mode=True, mode="grid-constant"))
    _close(vt.image.shift(vt.asarray(a), (2.5, -1.25), mode="nearest"), ndi.shift(a, (2.5, -1.25), mode="nearest"))
    coefficients = ndi.spline_filter(a.astype(np.float64), 3)
    _close(vt.image.map_coordinates(coefficients, [[3.3, 10.7], [5.5, 0.2]], prefilter=False),
           ndi.map_coordinates(coefficients, [[3.3, 10.7], [5.5, 0.2]], prefilter=False))
