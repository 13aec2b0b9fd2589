"""vt.image input and output: Pillow images and files, kp images."""

from __future__ import annotations

import builtins

import numpy as np
import pytest
from PIL import Image

import vulkit as vt
from vulkit import kp
from vulkit.image import io

rng = np.random.default_rng(5)


@pytest.mark.parametrize(("mode", "shape", "dtype"), [("L", (7, 9), np.uint8), ("RGB", (7, 9, 3), np.uint8),
                                                      ("RGBA", (7, 9, 4), np.uint8), ("LA", (7, 9, 2), np.uint8),
                                                      ("F", (7, 9), np.float32), ("I;16", (7, 9), np.uint16),
                                                      ("I", (7, 9), np.int32)])
def test_pil_round_trip(mode, shape, dtype):
    values = (rng.random(shape) * (200 if dtype != np.float32 else 1)).astype(dtype)
    pil = Image.fromarray(values, mode=mode) if mode not in ("I;16", "I") else Image.fromarray(values)
    x = io.from_pil(pil)
    assert isinstance(x, vt.Array) and x.dtype == dtype and x.shape == shape
    np.testing.assert_array_equal(x.numpy(), np.asarray(pil))
    back = io.to_pil(x)
    assert back.mode == mode
    np.testing.assert_array_equal(np.asarray(back), values)


def test_pil_palette_bool_float64_and_errors():
    pal = Image.fromarray(rng.integers(0, 255, (4, 5, 3), dtype=np.uint8)).convert("P")
    np.testing.assert_array_equal(io.from_pil(pal).numpy(), np.asarray(pal.convert("RGB")))
    mask = rng.random((3, 4)) > 0.5
    assert io.to_pil(mask).mode == "1"
    np.testing.assert_array_equal(io.from_pil(io.to_pil(mask)).numpy(), mask)
    assert io.to_pil(np.ones((2, 2), np.float64)).mode == "F"
    assert io.to_pil(vt.asarray(np.zeros((3, 3, 3), np.uint8)), mode="YCbCr").mode == "YCbCr"
    with pytest.raises(TypeError, match="to_pil: Pillow has no mode for 3 channel"):
        io.to_pil(np.zeros((2, 2, 3), np.float32))
    with pytest.raises(ValueError, match="to_pil: expected an H x W"):
        io.to_pil(np.zeros(4, np.uint8))
    with pytest.raises(TypeError, match="from_pil: expected a PIL.Image"):
        io.from_pil(np.zeros((2, 2)))


def test_functions_take_pil_images():
    from vulkit.image import geometry
    img = Image.fromarray(rng.integers(0, 256, (10, 12, 3), dtype=np.uint8))
    np.testing.assert_array_equal(geometry.resize(img, (5, 6)).numpy(), np.asarray(img.resize((6, 5), Image.BILINEAR)))


@pytest.mark.parametrize("suffix", [".png", ".bmp", ".tiff"])
def test_imread_imsave(tmp_path, suffix):
    values = rng.integers(0, 256, (6, 11, 3), dtype=np.uint8)
    path = tmp_path / f"img{suffix}"
    io.imsave(path, vt.asarray(values))
    np.testing.assert_array_equal(io.imread(path).numpy(), values)
    np.testing.assert_array_equal(np.asarray(Image.open(path)), values)


def test_missing_pillow_says_what_to_install(monkeypatch):
    real_import = builtins.__import__

    def no_pil(name, *args, **kwargs):
        if name == "PIL" or name.startswith("PIL."):
            raise ImportError("no PIL")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pil)
    with pytest.raises(ImportError, match=r"pip install vulkit\[image\]"):
        io.imread("x.png")
    with pytest.raises(ImportError, match=r"vt.image.to_pil needs Pillow"):
        io.to_pil(np.zeros((2, 2), np.uint8))


@pytest.mark.parametrize(("dtype", "channels"), [(np.uint8, 4), (np.float32, 1), (np.uint16, 2), (np.int32, 4)])
def test_kp_image_round_trip_on_the_arrays_device(dtype, channels):
    manager = vt.device.kp_manager()
    shape = (5, 7) if channels == 1 else (5, 7, channels)
    values = (rng.random(shape) * 100).astype(dtype)
    image = io.to_kp_image(vt.asarray(values), manager)
    assert (image.height(), image.width(), image.num_channels()) == (5, 7, channels)
    np.testing.assert_array_equal(image.data().reshape(shape), values)  # the host copy too, as OpCopy leaves it
    back = io.from_kp_image(image)
    assert back.dtype == dtype and back.shape == shape
    np.testing.assert_array_equal(back.numpy(), values)
    # the GPU copy is what a kp sequence sees: sync it back to the host and compare
    image.data()[:] = 0
    manager.sequence().eval(kp.OpSyncLocal([image]))
    np.testing.assert_array_equal(image.data().reshape(shape), values)
    manager.destroy()


def test_kp_image_written_by_kp_and_views():
    manager = vt.device.kp_manager()
    values = rng.integers(0, 255, (6, 8, 4), dtype=np.uint8)
    image = manager.image_t(values, 8, 6, 4)
    manager.sequence().eval(kp.OpSyncDevice([image]))
    np.testing.assert_array_equal(io.from_kp_image(image).numpy(), values)
    unsynced = manager.image_t(values[::-1].copy(), 8, 6, 4)  # host data never synced: the host data
    np.testing.assert_array_equal(io.from_kp_image(unsynced).numpy(), values[::-1])
    view = vt.asarray(np.ascontiguousarray(values[..., :2].transpose(1, 0, 2)))[1::2]  # strided
    np.testing.assert_array_equal(io.from_kp_image(io.to_kp_image(view, manager)).numpy(),
                                  values[..., :2].transpose(1, 0, 2)[1::2])
    with pytest.raises(ValueError, match="to_kp_image: kp images have 1, 2 or 4 channels"):
        io.to_kp_image(np.zeros((2, 2, 3), np.uint8), manager)
    with pytest.raises(TypeError, match="to_kp_image: expected a vulkit.kp.Manager"):
        io.to_kp_image(np.zeros((2, 2), np.uint8), None)
    with pytest.raises(TypeError, match="from_kp_image: expected a vulkit.kp.Image"):
        io.from_kp_image(np.zeros((2, 2)))
    manager.destroy()


def test_kp_image_of_another_device_manager_goes_through_the_host():
    with kp.Manager() as manager:  # its own device
        values = rng.random((4, 3)).astype(np.float32)
        image = io.to_kp_image(values, manager)
        manager.sequence().eval(kp.OpSyncDevice([image]))
        manager.sequence().eval(kp.OpSyncLocal([image]))
        np.testing.assert_array_equal(io.from_kp_image(image).numpy(), values)
