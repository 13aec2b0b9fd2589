"""Images in and out: Pillow images and files (Pillow is optional: ``pip install vulkit[image]``), and ``vulkit.kp``
images.

A ``kp.Image`` is a Vulkan image in the GPU's own tiled layout, which no buffer can alias: :func:`from_kp_image` and
:func:`to_kp_image` copy on the GPU (one image-buffer copy, no trip through the host) where the kp Manager shares the
arrays' device (``vt.device.kp_manager()``), and through the host copy otherwise.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array, make_array
from ..array.ops.creation import asarray
from ..kp import Image as KpImage
from ..kp import Manager
from ..runtime import context as _context
from ._geo_common import ANY_DTYPES, as_image

__all__ = ["from_kp_image", "from_pil", "imread", "imsave", "to_kp_image", "to_pil"]


def _pil(function: str) -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise ImportError(f"vt.image.{function} needs Pillow, which is not installed: pip install vulkit[image] "
                          "(or pip install pillow)") from None
    return Image


def from_pil(image: Any) -> Array:
    """A Pillow image as a vulkit array: H x W for one band ('L' uint8, 'I;16' uint16, 'I' int32, 'F' float32, '1'
    bool), H x W x C for several ('RGB', 'RGBA', 'LA', 'CMYK', 'YCbCr' ... uint8). Palette images become RGB (RGBA
    where the palette has transparency)."""
    pil = _pil("from_pil")
    if not isinstance(image, pil.Image):
        raise TypeError(f"from_pil: expected a PIL.Image.Image, got {type(image).__name__}")
    if image.mode in ("P", "PA"):
        image = image.convert("RGBA" if image.mode == "PA" or "transparency" in image.info else "RGB")
    return asarray(np.asarray(image))


_MODES = {("uint8", 1): "L", ("uint8", 2): "LA", ("uint8", 3): "RGB", ("uint8", 4): "RGBA", ("uint16", 1): "I;16",
          ("int32", 1): "I", ("float32", 1): "F", ("bool", 1): "1"}


def to_pil(image: Any, mode: str | None = None) -> Any:
    """A vulkit (or NumPy) array as a Pillow image (copied to the host): uint8 H x W ('L'), H x W x 2 ('LA'), 3
    ('RGB'), 4 ('RGBA'); uint16 H x W ('I;16'); int32 ('I'), float32, float16 and float64 ('F') H x W; bool ('1').
    ``mode``: a Pillow mode for the array as it is (e.g. 'YCbCr' for a uint8 H x W x 3). Float images of several
    channels have no Pillow mode: convert them (e.g. ``rescale_intensity(x, out_range='uint8')``) first."""
    pil = _pil("to_pil")
    x = as_image(image, "to_pil", dtypes=ANY_DTYPES)
    if x.ndim not in (2, 3):
        raise ValueError(f"to_pil: expected an H x W or H x W x C image, got shape {x.shape}")
    values = x.numpy()
    if values.dtype in (np.float16, np.float64):
        values = values.astype(np.float32)
    channels = 1 if values.ndim == 2 else values.shape[2]
    if values.ndim == 3 and channels == 1:
        values = values[..., 0]
    if mode is None:
        mode = _MODES.get((values.dtype.name, channels))
        if mode is None:
            raise TypeError(f"to_pil: Pillow has no mode for {channels} channel(s) of {x.dtype.name}; convert to uint8 "
                            "first (e.g. rescale_intensity(image, out_range='uint8'))")
    try:
        if mode in ("I;16", "I", "F", "1", "L", "RGB", "RGBA", "LA") and mode == _MODES.get((values.dtype.name,
                                                                                             channels)):
            return pil.fromarray(values)  # Pillow's own mode for the array (its mode argument is deprecated)
        return pil.fromarray(values, mode=mode)
    except (TypeError, ValueError) as error:
        raise ValueError(f"to_pil: cannot make a {mode!r} image of {x.dtype.name} {x.shape}: {error}") from None


def imread(path: str | os.PathLike[str]) -> Array:
    """The image file at ``path`` (any format Pillow reads; or an open binary file) as a vulkit array, as
    :func:`from_pil` lays it out."""
    pil = _pil("imread")
    if not isinstance(path, (str, bytes, os.PathLike)) and not hasattr(path, "read"):
        raise TypeError(f"imread: expected a path or a file object, got {type(path).__name__}")
    with pil.open(path) as image:
        image.load()
        return from_pil(image)


def imsave(path: str | os.PathLike[str], image: Any, **options: Any) -> None:
    """Write ``image`` to ``path`` through Pillow (the format from the file's extension; ``options`` go to Pillow's
    ``save``, e.g. ``quality=90`` for JPEG)."""
    to_pil(image).save(path, **options)


# -- kp images ---------------------------------------------------------------------------------------------------
def from_kp_image(image: KpImage) -> Array:
    """The pixels of a ``vulkit.kp`` image as a new array, H x W x C (H x W for one channel) of its dtype.

    Where the image's Manager shares the arrays' device (``vt.device.kp_manager()``), the GPU copies the image into
    the array (waiting for the Manager's running sequences and the arrays' queued work first); otherwise the image's
    host copy (what its last ``OpSyncLocal`` brought back) is uploaded. An image whose host data was never synced to
    the GPU gives that host data."""
    if not isinstance(image, KpImage):
        raise TypeError(f"from_kp_image: expected a vulkit.kp.Image, got {type(image).__name__}")
    image.require_alive()
    h, w, c = image.height(), image.width(), image.num_channels()
    shape = (h, w) if c == 1 else (h, w, c)
    ctx = _context.current()
    manager = image.manager
    if manager is None or manager.device is not ctx.device or not image.device_written:
        return asarray(image.data().reshape(shape).copy())
    out = make_array(ctx, shape, dt.as_dtype(image.dtype))
    ctx.synchronize()  # the arrays' queue is done with whatever used this memory before
    manager.wait_for_running_sequences()
    alloc = out._alloc
    manager._run_once(lambda cb: cb.copy_image_to_buffer(image.image, alloc.buffer, alloc.offset))
    return out


def to_kp_image(image: Any, manager: Manager) -> KpImage:
    """A ``vulkit.kp`` image of ``manager`` holding ``image`` (H x W or H x W x C with C = 1, 2 or 4, of a dtype kp
    images take: uint8/16/32, int8/16/32, float32), its host copy (``data()``) included, as ``OpCopy`` leaves it.
    On the arrays' device the GPU copies the array into the image; otherwise through the host."""
    if not isinstance(manager, Manager):
        raise TypeError(f"to_kp_image: expected a vulkit.kp.Manager, got {type(manager).__name__}")
    x = as_image(image, "to_kp_image", dtypes=("uint8", "uint16", "uint32", "int8", "int16", "int32", "float32"))
    if x.ndim not in (2, 3):
        raise ValueError(f"to_kp_image: expected an H x W or H x W x C image, got shape {x.shape}")
    h, w = x.shape[:2]
    c = 1 if x.ndim == 2 else x.shape[2]
    if c not in (1, 2, 4):
        raise ValueError(f"to_kp_image: kp images have 1, 2 or 4 channels, got {c} (add an alpha channel to RGB)")
    if h * w == 0:
        raise ValueError(f"to_kp_image: kp images cannot be empty, got shape {x.shape}")
    ctx = x._ctx
    if manager.device is not ctx.device:
        values = x.numpy()
        return manager.image_t(values, w, h, c)
    # a copy starts at offset 0 (buffer-image copies need offsets that are multiples of 4 bytes)
    src = x if x._contig and x._offset * x.dtype.itemsize % 16 == 0 else x.copy()
    kp_image = manager.image_t(np.zeros(x.shape, x.dtype.np), w, h, c)
    ctx.synchronize()  # src's values are written
    alloc, start = src._alloc, src._alloc.offset + src._offset * x.dtype.itemsize

    def record(cb: Any) -> None:
        cb.copy_buffer_to_image(alloc.buffer, kp_image.image, start)
        if kp_image.needs_staging:
            cb.copy_buffer(alloc.buffer, kp_image._host, src._size * x.dtype.itemsize, start, 0)

    manager._run_once(record)
    kp_image.device_written = True
    return kp_image
