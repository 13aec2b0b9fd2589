"""Colour conversions with scikit-image's formulas (``skimage.color``): one elementwise GPU kernel per output
channel, reading the three input channels in place.

Inputs are H x W x 3 images (or any ... x 3 stack, batches included) of uint8, uint16, float16, float32 or
float64; integers are first scaled to [0, 1] as scikit-image's ``img_as_float`` does. Results are float32 (float64
for float64 input), as scikit-image's float32 path. ``dtype=vt.uint8`` (or ``vt.uint16``) returns the result as
scikit-image's ``img_as_ubyte`` (``img_as_uint``) would convert it: clipped to [0, 1], scaled by 255 (65535) and
rounded half to even; conversions to YCbCr round their 16..240 values the same way without scaling. LAB results have
no integer form.
"""

from __future__ import annotations

from typing import Any

from ..array import dtypes as dt
from ..array.array import Array, make_array
from ..array.ops.elementwise import clip, round
from ..array.ops.engine import apply
from ..array.ops.registry import Entry, register
from ._geo_common import as_image, dtype_max, float_dtype

__all__ = ["hsv2rgb", "lab2rgb", "rgb2gray", "rgb2hsv", "rgb2lab", "rgb2ycbcr", "ycbcr2rgb"]

_HELPER = ("vt_image_color",)
_ENTRIES: dict[str, Entry] = {}


def _entry(name: str, k: int | None) -> Entry:
    key = f"image_{name}" + ("" if k is None else f"_{k}")
    entry = _ENTRIES.get(key)
    if entry is None:
        args = "a * d, b * d, c * d" if k is None else f"{k}, a * d, b * d, c * d"
        entry = _ENTRIES[key] = register(key, 4, "explicit", {"f": f"vt_img_{name}({args})"}, _HELPER)
    return entry


def _channels(image: Any, function: str) -> tuple[Array, tuple[Array, Array, Array], float]:
    x = as_image(image, function)
    if x.ndim < 1 or x.shape[-1] != 3:
        raise ValueError(f"{function}: the input array must have size 3 along its last axis, got shape {x.shape}")
    return x, (x[..., 0], x[..., 1], x[..., 2]), 1.0 / dtype_max(x.dtype)


def _finish(result: Array, dtype: Any, scale: float, function: str) -> Array:
    if dtype is None:
        return result
    target = dt.as_dtype(dtype)
    if target.kind == "f":
        return result.astype(target)
    if target not in (dt.uint8, dt.uint16) or scale == 0.0:
        raise TypeError(f"{function}: dtype must be a float type{'' if scale == 0 else ', uint8 or uint16'}, "
                        f"got {target.name}")
    top = dtype_max(target)
    if scale == 1.0:  # values already in the integer range (YCbCr)
        return clip(round(result), 0, top).astype(target)
    return round(clip(result, 0.0, 1.0) * top).astype(target)


def _convert(image: Any, name: str, function: str, dtype: Any, scale: float = 255.0) -> Array:
    """The three output channels of conversion ``name`` (``vt_img_<name>(k, ...)`` in vt_image_color.glsl)."""
    x, channels, d = _channels(image, function)
    res = float_dtype(x.dtype)
    out = make_array(x._ctx, x.shape, res)
    if out._size:
        for k in range(3):
            apply(_entry(name, k), (*channels, d), out[..., k], res, (res,) * 4)
    return _finish(out, dtype, scale, function)


def rgb2gray(rgb: Any, *, dtype: Any = None) -> Array:
    """Luminance 0.2125 R + 0.7154 G + 0.0721 B (``skimage.color.rgb2gray``): ... x 3 becomes ... (the channel axis
    goes). ``dtype``: see the module (uint8: ``img_as_ubyte`` of scikit-image's result)."""
    x, channels, d = _channels(rgb, "rgb2gray")
    res = float_dtype(x.dtype)
    out = make_array(x._ctx, x.shape[:-1], res)
    if out._size:
        apply(_entry("gray", None), (*channels, d), out, res, (res,) * 4)
    return _finish(out, dtype, 255.0, "rgb2gray")


def rgb2hsv(rgb: Any, *, dtype: Any = None) -> Array:
    """Hue, saturation, value, each in [0, 1] (``skimage.color.rgb2hsv``; hue 0 where the pixel is grey)."""
    return _convert(rgb, "hsv", "rgb2hsv", dtype)


def hsv2rgb(hsv: Any, *, dtype: Any = None) -> Array:
    """RGB in [0, 1] from hue, saturation and value in [0, 1] (``skimage.color.hsv2rgb``)."""
    return _convert(hsv, "hsv2rgb", "hsv2rgb", dtype)


def rgb2ycbcr(rgb: Any, *, dtype: Any = None) -> Array:
    """ITU-R BT.601 Y'CbCr with Y in 16..235 and Cb, Cr in 16..240 (``skimage.color.rgb2ycbcr``); ``dtype=vt.uint8``
    rounds those values half to even."""
    return _convert(rgb, "ycbcr", "rgb2ycbcr", dtype, scale=1.0)


def ycbcr2rgb(ycbcr: Any, *, dtype: Any = None) -> Array:
    """RGB from BT.601 Y'CbCr (``skimage.color.ycbcr2rgb``: float input in the 16..240 range; integer input is
    scaled to [0, 1] first, as scikit-image does)."""
    return _convert(ycbcr, "ycbcr2rgb", "ycbcr2rgb", dtype)


def rgb2lab(rgb: Any) -> Array:
    """CIE L*a*b* (D65, 2-degree observer) of sRGB (``skimage.color.rgb2lab``): L in [0, 100]."""
    return _convert(rgb, "lab", "rgb2lab", None, scale=0.0)


def lab2rgb(lab: Any, *, dtype: Any = None) -> Array:
    """sRGB in [0, 1] of CIE L*a*b* (D65, 2-degree observer), clipped as ``skimage.color.lab2rgb`` (which also
    clips negative Z to 0)."""
    return _convert(lab, "lab2rgb", "lab2rgb", dtype)
