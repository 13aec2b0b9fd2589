"""vt.image geometry against Pillow (resize) and scikit-image (warps, rotate, pyramids)."""

from __future__ import annotations

import numpy as np
import PIL
import pytest
from PIL import Image
from skimage import transform as sk

import vulkit as vt
from vulkit.image import geometry as G

PIL_FILTERS = {"nearest": Image.NEAREST, "bilinear": Image.BILINEAR, "bicubic": Image.BICUBIC, "area": Image.BOX,
               "lanczos": Image.LANCZOS, "hamming": Image.HAMMING}
SIZES = [((37, 53), (17, 29)), ((17, 29), (40, 61)), ((1, 1), (3, 4)), ((5, 7), (5, 3)), ((31, 1), (2, 9)),
         ((64, 64), (32, 32)), ((13, 11), (13, 11))]
rng = np.random.default_rng(1234)


def pil_resize(img: np.ndarray, size: tuple[int, int], name: str) -> np.ndarray:
    """Pillow's resize, channel by channel (uint8 as 'L' images, others as float 'F' images in float64 output)."""
    h, w = size
    if img.ndim == 3:
        return np.stack([pil_resize(img[..., c], size, name) for c in range(img.shape[2])], axis=-1)
    mode = "L" if img.dtype == np.uint8 else "F"
    src = img if img.dtype == np.uint8 else img.astype(np.float32)
    return np.asarray(Image.fromarray(src, mode=mode).resize((w, h), PIL_FILTERS[name]))


@pytest.mark.parametrize("name", list(PIL_FILTERS))
@pytest.mark.parametrize(("shape", "size"), SIZES)
def test_resize_uint8_rgb_equals_pillow(name, shape, size):
    img = rng.integers(0, 256, (*shape, 3), dtype=np.uint8)
    ref = np.asarray(Image.fromarray(img).resize(size[::-1], PIL_FILTERS[name]))
    got = G.resize(img, size, name)
    assert got.dtype == vt.uint8 and got.shape == (*size, 3)
    np.testing.assert_array_equal(got.numpy(), ref)


@pytest.mark.parametrize("name", list(PIL_FILTERS))
@pytest.mark.parametrize(("shape", "size"), SIZES[:4])
def test_resize_float32_matches_pillow_float_images(name, shape, size):
    img = rng.standard_normal(shape).astype(np.float32)
    got = G.resize(vt.asarray(img), size, name)
    assert got.dtype == vt.float32
    np.testing.assert_allclose(got.numpy(), pil_resize(img, size, name), rtol=1e-5, atol=2e-6)


@pytest.mark.parametrize("dtype", ["uint16", "float16", "float64"])
@pytest.mark.parametrize("name", ["bilinear", "lanczos", "area"])
def test_resize_other_dtypes(dtype, name):
    top = 65535 if dtype == "uint16" else 1
    img = (rng.random((19, 23, 2)) * top).astype(dtype)
    ref = pil_resize(img.astype(np.float64), (11, 30), name).astype(np.float64)
    got = G.resize(img, (11, 30), name).numpy()
    assert got.dtype == np.dtype(dtype)
    if dtype == "uint16":  # Pillow's float result rounded half up and clamped (Pillow's float images run in double)
        assert np.abs(got.astype(np.int64) - np.clip(np.floor(ref + 0.5), 0, 65535)).max() <= 1
    elif dtype == "float16":
        np.testing.assert_allclose(got.astype(np.float64), ref, rtol=2e-3, atol=2e-3)
    else:
        np.testing.assert_allclose(got, ref, rtol=1e-6, atol=1e-6)  # Pillow's float images are float32


def test_resize_uint8_random_sizes_equal_pillow():
    """Sizes both ways, every filter; the order of the passes as Pillow 13 chooses it (rows first where the height
    shrinks by more than twice as many pixels as the width: older Pillow always starts with the columns)."""
    pillow13 = int(PIL.__version__.split(".")[0]) >= 13
    local = np.random.default_rng(77)
    for trial in range(36):
        h, w = (int(v) for v in local.integers(1, 40, 2))
        oh, ow = (int(v) for v in local.integers(1, 60, 2))
        if not pillow13 and h - oh > 0 and h - oh > 2 * (w - ow):
            continue
        name = list(PIL_FILTERS)[trial % len(PIL_FILTERS)]
        img = local.integers(0, 256, (h, w, 3), dtype=np.uint8)
        ref = np.asarray(Image.fromarray(img).resize((ow, oh), PIL_FILTERS[name]))
        np.testing.assert_array_equal(G.resize(img, (oh, ow), name).numpy(), ref, err_msg=f"{(h, w, oh, ow, name)}")


def test_resize_batches_views_and_antialias():
    batch = rng.integers(0, 256, (3, 20, 30, 4), dtype=np.uint8)
    got = G.resize(batch, (7, 12), "bicubic").numpy()
    for k in range(3):
        np.testing.assert_array_equal(got[k], pil_resize(batch[k], (7, 12), "bicubic"))
    # a non-contiguous view (every other column, flipped rows)
    x = vt.asarray(batch[0])[::-1, ::2]
    np.testing.assert_array_equal(G.resize(x, (9, 5), "lanczos").numpy(),
                                  pil_resize(batch[0][::-1, ::2], (9, 5), "lanczos"))
    # without antialiasing a 4x bilinear downscale reads two pixels per output (torchvision antialias=False)
    img = rng.random((8, 8)).astype(np.float32)
    got = G.resize(img, (2, 2), "bilinear", antialias=False).numpy()
    np.testing.assert_allclose(got, 0.25 * (img[1::4, 1::4] + img[2::4, 1::4] + img[1::4, 2::4] + img[2::4, 2::4]),
                               rtol=1e-6)


def test_resize_builds_each_axis_table_once(monkeypatch):
    """A new geometry's tap tables are made once each (the device tables and the tile plan both need them); a
    repeated call finds them in the plan cache."""
    built = []
    original = G.tables.pillow
    monkeypatch.setattr(G.tables, "pillow", lambda *args: built.append(args) or original(*args))
    x = vt.asarray(np.random.default_rng(4).random((311, 203), dtype=np.float32))
    first = G.resize(x, (617, 409)).numpy()
    assert sorted(built) == [(203, 409, "bilinear", True), (311, 617, "bilinear", True)]
    np.testing.assert_array_equal(G.resize(x, (617, 409)).numpy(), first)
    assert len(built) == 2


def test_resize_nan_and_empty():
    img = np.ones((6, 6), np.float32)
    img[2, 3] = np.nan
    got = G.resize(img, (3, 3), "bilinear").numpy()
    assert np.isnan(got[1, 1]) and np.isfinite(got[0, 0])
    assert G.resize(np.zeros((0, 4), np.float32), (0, 2)).shape == (0, 2)


def test_resize_errors():
    with pytest.raises(ValueError, match="resize: interpolation"):
        G.resize(np.zeros((4, 4), np.uint8), (2, 2), "spline")
    with pytest.raises(TypeError, match="resize: int64 images are not supported"):
        G.resize(np.zeros((4, 4), np.int64), (2, 2))
    with pytest.raises(ValueError, match="resize: output_shape"):
        G.resize(np.zeros((4, 4), np.uint8), (2, 2, 2))
    with pytest.raises(ValueError, match="resize: expected an image"):
        G.resize(np.zeros(4, np.uint8), (2, 2))
    with pytest.raises(ValueError, match="non-negative"):
        G.resize(np.zeros((4, 4), np.uint8), (-1, 2))
    with pytest.raises(ValueError, match="empty"):
        G.resize(np.zeros((0, 4), np.uint8), (2, 2))


ORDERS = {"nearest": 0, "bilinear": 1, "bicubic": 3}
MODES = ["constant", "edge", "symmetric", "reflect", "wrap"]


@pytest.mark.parametrize("interpolation", list(ORDERS))
@pytest.mark.parametrize("mode", MODES)
def test_warp_perspective_matches_skimage(interpolation, mode):
    img = rng.random((23, 31, 3))
    m = np.array([[1.1, 0.2, -3.3], [-0.1, 0.9, 2.7], [0.001, -0.002, 1.0]])  # output -> input
    ref = sk.warp(img, m, output_shape=(29, 19), order=ORDERS[interpolation], mode=mode, cval=0.5,
                  preserve_range=True)
    got = G.warp_perspective(img, m, (29, 19), inverse_map=True, interpolation=interpolation, mode=mode, cval=0.5)
    np.testing.assert_allclose(got.numpy(), ref, atol=1e-12)
    # the forward map (OpenCV's default) is the inverse of the same
    fwd = G.warp_perspective(img.astype(np.float32), np.linalg.inv(m), (29, 19), interpolation=interpolation,
                             mode=mode, cval=0.5)
    np.testing.assert_allclose(fwd.numpy(), ref, atol=2e-5 if interpolation != "nearest" else 0)


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "float16", "float32"])
def test_warp_affine_dtypes(dtype):
    top = {"uint8": 255, "uint16": 65535}.get(dtype, 1)
    img = (rng.random((17, 21)) * top).astype(dtype)
    fwd = np.array([[0.8, -0.3, 4.2], [0.35, 0.9, -1.6]])  # input -> output, as cv2.warpAffine takes it
    inv = np.linalg.inv(np.vstack([fwd, [0, 0, 1]]))
    ref = sk.warp(img.astype(np.float64), inv, order=1, preserve_range=True)
    got = G.warp_affine(img, fwd).numpy()
    assert got.dtype == np.dtype(dtype)
    if dtype in ("uint8", "uint16"):
        assert np.abs(got.astype(np.int64) - np.floor(ref + 0.5)).max() <= 1
    else:
        np.testing.assert_allclose(got.astype(np.float64), ref, rtol=2e-3 if dtype == "float16" else 1e-5,
                                   atol=2e-3 if dtype == "float16" else 1e-5)


@pytest.mark.parametrize("angle", [0, 33.3, -127.1, 90])
@pytest.mark.parametrize("resize", [False, True])
@pytest.mark.parametrize("interpolation", ["bilinear", "bicubic"])
def test_rotate_matches_skimage(angle, resize, interpolation):
    img = rng.random((20, 27, 2)).astype(np.float32)
    for mode in ("constant", "edge", "reflect"):
        ref = sk.rotate(img, angle, resize=resize, order=ORDERS[interpolation], mode=mode, cval=0.25,
                        preserve_range=True)
        got = G.rotate(img, angle, resize=resize, interpolation=interpolation, mode=mode, cval=0.25).numpy()
        assert got.shape == ref.shape
        np.testing.assert_allclose(got, ref, atol=2e-5)


def test_rotate_nearest_and_center_and_batch():
    img = rng.random((15, 18)).astype(np.float32)
    ref = sk.rotate(img, 37.1, order=0, center=(4.3, 6.1), preserve_range=True)
    got = G.rotate(img, 37.1, center=(4.3, 6.1), interpolation="nearest").numpy()
    # nearest may round a coordinate within float32 rounding of .5 the other way: nearly all pixels agree
    assert (got == ref).mean() > 0.99
    batch = rng.random((2, 9, 11, 3))
    got = G.rotate(batch, 45, resize=True).numpy()
    for k in range(2):
        np.testing.assert_allclose(got[k], sk.rotate(batch[k], 45, resize=True, preserve_range=True), atol=1e-12)


def test_warp_errors():
    img = np.zeros((4, 4), np.float32)
    with pytest.raises(ValueError, match="warp_affine: the matrix must be 2x3 or 3x3"):
        G.warp_affine(img, np.eye(2))
    with pytest.raises(ValueError, match="warp_affine: the matrix is singular"):
        G.warp_affine(img, np.zeros((2, 3)))
    with pytest.raises(ValueError, match="warp_perspective: mode"):
        G.warp_perspective(img, np.eye(3), mode="mirror")
    with pytest.raises(ValueError, match="warp_affine: the matrix's last row"):
        G.warp_affine(img, [[1, 0, 0], [0, 1, 0], [0.1, 0, 1]])
    with pytest.raises(ValueError, match="rotate: angle"):
        G.rotate(img, float("nan"))
    with pytest.raises(ValueError, match="must be finite"):
        G.warp_affine(img, [[1, 0, np.inf], [0, 1, 0]])


@pytest.mark.parametrize("mode", ["reflect", "constant", "wrap"])
@pytest.mark.parametrize("shape", [(23, 31), (16, 16, 3), (1, 5), (7, 1, 2)])
def test_pyramids_match_skimage(mode, shape):
    img = rng.random(shape)
    axis = -1 if len(shape) == 3 else None
    for factor in (2, 3):
        down = sk.pyramid_reduce(img, factor, mode=mode, cval=0.3, channel_axis=axis)
        np.testing.assert_allclose(G.pyramid_down(img, factor, mode=mode, cval=0.3).numpy(), down, atol=1e-12)
        up = sk.pyramid_expand(img, factor, mode=mode, cval=0.3, channel_axis=axis)
        np.testing.assert_allclose(G.pyramid_up(img, factor, mode=mode, cval=0.3).numpy(), up, atol=1e-12)


@pytest.mark.parametrize("cval", [-0.5, 1.5, 0.4])
def test_constant_mode_clips_as_skimage(cval):
    """scikit-image clips a resampling's output to its input's range, widened to cval only where cval lies outside
    it and the output reaches it: a small shift (no output pixel wholly outside: cval's blend clipped away) and a
    rotation (corners wholly outside: cval kept), pyramids of one-row images, an RGB image and a batch."""
    for seed in range(6):
        gen = np.random.default_rng(seed)
        img = gen.random((9, 12)) * 0.6 + 0.2  # in [0.2, 0.8]: 0.4 is inside, the others outside
        shift = np.array([[1, 0, 0.4], [0, 1, -0.3], [0, 0, 1]])
        for order, interpolation in ((1, "bilinear"), (3, "bicubic")):
            ref = sk.warp(img, shift, order=order, mode="constant", cval=cval, preserve_range=True)
            got = G.warp_affine(img, shift[:2], inverse_map=True, interpolation=interpolation, cval=cval)
            np.testing.assert_allclose(got.numpy(), ref, atol=1e-12)
            ref = sk.rotate(img, 37.0, order=order, mode="constant", cval=cval, preserve_range=True)
            got = G.rotate(img, 37.0, interpolation=interpolation, mode="constant", cval=cval)
            np.testing.assert_allclose(got.numpy(), ref, atol=1e-12)
        for shape, axis in (((1, 5), None), ((7, 6, 3), -1)):
            small = gen.random(shape) * 0.6 + 0.2
            for factor in (2, 3):
                up = sk.pyramid_expand(small, factor, mode="constant", cval=cval, channel_axis=axis)
                got = G.pyramid_up(small, factor, mode="constant", cval=cval)
                np.testing.assert_allclose(got.numpy(), up, atol=1e-12)
                down = sk.pyramid_reduce(small, factor, mode="constant", cval=cval, channel_axis=axis)
                got = G.pyramid_down(small, factor, mode="constant", cval=cval)
                np.testing.assert_allclose(got.numpy(), down, atol=1e-12)
    batch = np.random.default_rng(9).random((3, 1, 5, 2)) * 0.6 + 0.2  # each image clipped to its own range
    batch[1] += 5.0
    got = G.pyramid_up(batch, 2, mode="constant", cval=cval).numpy()
    for k in range(3):
        np.testing.assert_allclose(got[k], sk.pyramid_expand(batch[k], 2, mode="constant", cval=cval,
                                                             channel_axis=-1), atol=1e-12)


def test_pyramids_uint8_and_float32():
    img = rng.integers(0, 256, (21, 30, 3), dtype=np.uint8)
    got = G.pyramid_down(img)
    assert got.dtype == vt.float32
    np.testing.assert_allclose(got.numpy(), sk.pyramid_reduce(img, channel_axis=-1), atol=2e-6)
    kept = G.pyramid_up(img, preserve_range=True).numpy()
    np.testing.assert_allclose(kept, sk.pyramid_expand(img, channel_axis=-1, preserve_range=True), rtol=1e-5,
                               atol=1e-3)
    with pytest.raises(ValueError, match="pyramid_down: the scale factor"):
        G.pyramid_down(img, 1)
    with pytest.raises(ValueError, match="pyramid_up: mode"):
        G.pyramid_up(img, mode="edge")


def test_flip_and_crop_are_views():
    img = rng.integers(0, 256, (2, 6, 7, 3), dtype=np.uint8)
    x = vt.asarray(img)
    np.testing.assert_array_equal(G.flip(x).numpy(), img[:, :, ::-1])
    np.testing.assert_array_equal(G.flip(x, "vertical").numpy(), img[:, ::-1])
    np.testing.assert_array_equal(G.flip(img[0], "both").numpy(), img[0, ::-1, ::-1])
    np.testing.assert_array_equal(G.crop(x, 1, 2, 4, 3).numpy(), img[:, 1:5, 2:5])
    np.testing.assert_array_equal(G.crop(img[0, ..., 0], 5, 6, 1, 1).numpy(), img[0, 5:6, 6:7, 0])
    assert G.crop(x, 0, 0, 0, 7).shape == (2, 0, 7, 3)
    with pytest.raises(ValueError, match="crop: the region"):
        G.crop(x, 3, 0, 4, 1)
    with pytest.raises(ValueError, match="flip: direction"):
        G.flip(x, "diagonal")
    with pytest.raises(TypeError, match="crop: expected an image"):
        G.crop(object(), 0, 0, 1, 1)


@pytest.mark.parametrize("addresses", [False, True])
def test_kernels_with_and_without_buffer_addresses(addresses):
    """The resampling and warp kernels reach their buffers through descriptors or through buffer addresses alike."""
    from vulkit.runtime import context
    ctx = context.current()
    if addresses and not ctx.device.features.get("buffer_device_address"):
        pytest.skip("the device has no buffer device addresses")
    before = ctx.buffer_addresses
    ctx.set_buffer_addresses(addresses)
    try:
        img = rng.integers(0, 256, (19, 23, 3), dtype=np.uint8)  # (13, 9): Pillow 12 and 13 take the same pass order
        np.testing.assert_array_equal(G.resize(img, (13, 9), "lanczos").numpy(), pil_resize(img, (13, 9), "lanczos"))
        up = G.resize(img, (31, 40), "bilinear").numpy()  # both axes in one pass
        np.testing.assert_array_equal(up, pil_resize(img, (31, 40), "bilinear"))
        f = rng.random((12, 14))
        np.testing.assert_allclose(G.pyramid_down(f, mode="constant", cval=0.5).numpy(),
                                   sk.pyramid_reduce(f, mode="constant", cval=0.5), atol=1e-12)
        for order, name in ((0, "nearest"), (3, "bicubic")):
            ref = sk.rotate(f, 21.7, order=order, mode="wrap", preserve_range=True)
            got = G.rotate(f, 21.7, interpolation=name, mode="wrap").numpy()
            assert (np.abs(got - ref) < 1e-9).mean() > (0.99 if order == 0 else 1 - 1e-12)
    finally:
        ctx.set_buffer_addresses(before)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.float16, np.float32, np.float64])
def test_one_pass_resampling_equals_two_passes(dtype, monkeypatch):
    """Both axes in one kernel, through a shared-memory window (ResampleTileSpec) or each output from cache
    (Resample2DSpec, up to FUSED_TAPS taps an output), give the two passes' results: the first axis's sums rounded as
    the two-pass path keeps them (Pillow's uint8, else float32), both pass orders, a constant border, a batch of
    channels and an image starting inside its buffer; tap counts compiled in or read from push constants alike."""
    from vulkit.image import _geo_resample
    if dtype == np.float64 and "float64" not in vt.__array_namespace_info__().dtypes():
        pytest.skip("the device has no float64")
    base = rng.random((3, 29, 41, 2)) * (250 if np.dtype(dtype).kind == "u" else 1)
    img = vt.asarray(base.astype(dtype))[1:]  # offset into its buffer
    cases = [lambda x: G.resize(x, (17, 23), "bilinear"), lambda x: G.resize(x, (61, 90), "bicubic"),
             lambda x: G.resize(x, (11, 38), "area"),  # rows shrink most: Pillow's vertical pass first
             lambda x: G.resize(x, (40, 13), "area"),
             lambda x: G.resize(x, (25, 160), "bilinear"),  # rows shrink, columns grow: rows first, tiled
             # one channel (an image of H x W x 1, and of H x W)
             lambda x: G.resize(x[..., :1], (17, 23), "bilinear"), lambda x: G.resize(x[0, ..., 1], (14, 37), "area")]
    if np.dtype(dtype).kind == "f":
        cases.append(lambda x: G.pyramid_up(x[0], 2, sigma=0.3, mode="wrap"))  # (constant: two resamplings)
    routes: dict[str, list[bool]] = {"tiled": [], "fused": []}
    one_pass = _geo_resample.resample_both
    monkeypatch.setattr(_geo_resample, "resample_both", lambda *a: routes["fused" if a[9] is None else "tiled"].append(
        a[8]) or one_pass(*a))
    tiled = [case(img).numpy() for case in cases]
    # the upscales through the shared-memory window, in both orders; the rest in one pass from cache
    assert len(routes["tiled"]) + len(routes["fused"]) == len(cases) and set(routes["tiled"]) == {True, False}
    routes["fused"].clear()
    monkeypatch.setattr(_geo_resample, "TILED_TAPS", 0)
    fused = [case(img).numpy() for case in cases]
    assert len(routes["fused"]) == len(cases) and set(routes["fused"]) == {True, False}
    monkeypatch.setattr(_geo_resample, "FUSED_TAPS", 0)
    two_pass = [case(img).numpy() for case in cases]
    monkeypatch.setattr(_geo_resample, "STATIC_TAPS", 0)
    dynamic = [case(img).numpy() for case in cases]

    def same(got: np.ndarray, want: np.ndarray) -> None:
        if dtype == np.uint8:  # Pillow's fixed point: integer sums, the same bits
            np.testing.assert_array_equal(got, want)
        elif dtype == np.uint16:  # float sums rounded to integers: a product fused or not may cross a half
            np.testing.assert_allclose(got, want, atol=1)
        else:  # the same products and sums, a GPU's compiler fusing different ones into multiply-adds
            np.testing.assert_allclose(got, want, rtol=4 * np.finfo(got.dtype).eps, atol=4 * np.finfo(got.dtype).eps)

    for tile, got, loop, want in zip(tiled, fused, dynamic, two_pass, strict=True):
        same(tile, want)
        same(got, want)
        same(loop, want)


@pytest.mark.parametrize("route", ["tiled", "fused", "two passes"])
@pytest.mark.parametrize("name", ["bilinear", "lanczos"])
def test_resize_keeps_infinities_and_nans_where_pillow_does(route, name, monkeypatch):
    """An infinity or a NaN reaches the outputs whose filter support covers it and no other, on every route: the
    tables' padding taps (index DEAD) read nothing, where a zero weight times the pixel under them gave NaN."""
    from vulkit.image import _geo_resample
    if route != "tiled":
        monkeypatch.setattr(_geo_resample, "TILED_TAPS", 0)
    if route == "two passes":
        monkeypatch.setattr(_geo_resample, "FUSED_TAPS", 0)
    img = rng.random((40, 50)).astype(np.float32)
    img[0, 0], img[39, 49], img[20, 30], img[0, 25] = np.inf, -np.inf, np.nan, np.inf
    for size in ((20, 25), (13, 17), (80, 60)):
        want = pil_resize(img, size, name)
        got = G.resize(img, size, name).numpy()
        assert (~np.isfinite(want)).any()
        np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
        np.testing.assert_array_equal(np.isinf(got) & (got > 0), np.isinf(want) & (want > 0))
        finite = np.isfinite(want)
        np.testing.assert_allclose(got[finite], want[finite], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("route,channels", [("tiled", 3), ("fused", 3), ("fused", 1)])
def test_one_pass_resampling_walks_its_outputs_past_a_capped_grid(route, channels, monkeypatch):
    """With the grid capped at 3 workgroups, each workgroup of the one-pass kernels takes several tiles, or each
    thread several outputs (across rows, channels and the images of a batch; images of three channels and of
    one): the same values as the uncapped grid's, and Pillow's."""
    from vulkit.image import _geo_resample
    from vulkit.runtime import context
    if route == "fused":
        monkeypatch.setattr(_geo_resample, "TILED_TAPS", 0)
    img = rng.integers(0, 256, (2, 37, 53, channels), dtype=np.uint8)
    size = (80, 120) if route == "tiled" else (19, 27)  # the tile kernel takes upscales
    calls = []
    one_pass = _geo_resample.resample_both
    monkeypatch.setattr(_geo_resample, "resample_both",
                        lambda *a: calls.append((a[9] is None) == (route == "fused")) or one_pass(*a))
    monkeypatch.setattr(_geo_resample, "TILE_PIXELS", (8, 4))  # several tiles of each image
    whole = G.resize(img, size, "bilinear").numpy()
    monkeypatch.setattr(context.current(), "max_groups", 3)
    capped = G.resize(img, size, "bilinear").numpy()
    assert calls == [True, True]
    np.testing.assert_array_equal(capped, whole)
    for k in range(2):
        np.testing.assert_array_equal(capped[k], pil_resize(img[k], size, "bilinear"))
