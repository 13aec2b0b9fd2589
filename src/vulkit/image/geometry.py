"""Geometry: resizing, warps, rotation, flips, crops and Gaussian pyramids.

Images are H x W, H x W x C or N x H x W x C batches (the last axis holds the channels), of uint8, uint16, float16,
float32 or float64; vulkit arrays, NumPy arrays or Pillow images. Results are vulkit arrays.

- :func:`resize` is Pillow's ``Image.resize`` (``libImaging/Resample.c``): separable passes, columns then rows
  (rows first where the height shrinks by more than twice as many pixels as the width, as Pillow 13 chooses; Pillow
  12 and older always start with the columns, so their uint8 results may differ by the rounding between the passes
  there), with the filter widened by the scale when downscaling (antialiasing; torchvision's ``antialias=True``
  ports the same code). uint8 images run Pillow's 8-bit fixed-point arithmetic and equal Pillow's results bit for
  bit; other dtypes sum in float32 (float64 for float64) as Pillow's float images do in double.
- :func:`warp_affine`, :func:`warp_perspective` and :func:`rotate` sample as ``skimage.transform.warp`` does
  (nearest, bilinear, bicubic Catmull-Rom; boundary modes constant, edge, symmetric, reflect, wrap; pixel centres
  at integer coordinates, x the column and y the row). Their matrices follow OpenCV's ``warpAffine`` and
  ``warpPerspective``: by default the matrix maps input coordinates to output coordinates and is inverted on the
  host; ``inverse_map=True`` (OpenCV's ``WARP_INVERSE_MAP``) takes the output-to-input map as given.
- :func:`pyramid_down` and :func:`pyramid_up` are ``skimage.transform.pyramid_reduce`` and ``pyramid_expand``
  (Gaussian smoothing and linear resampling), each axis one composed operator: two passes in all.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array, make_array
from ..array.kernels.image_resample_warp import WARP_MODES, WARP_ORDERS
from ..array.ops.elementwise import clip as _clip
from ..array.ops.elementwise import maximum, minimum, where
from ..array.ops.manipulation import flip as _flip
from ..array.ops.reductions import nanmax, nanmin
from . import _geo_tables as tables
from ._geo_common import ANY_DTYPES, as_image, check_choice, contiguous, dtype_max, float_dtype, layout, shaped
from ._geo_resample import separable, warp

__all__ = ["crop", "flip", "pyramid_down", "pyramid_up", "resize", "rotate", "warp_affine", "warp_perspective"]

INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "area", "lanczos", "hamming")


def _size(value: Any, name: str, function: str) -> int:
    if type(value) is int and value >= 0:  # the common case, without the ABC check below
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise ValueError(f"{function}: {name} must be a non-negative integer, got {value!r}")
    return int(value)


def _output_hw(output_shape: Any, function: str) -> tuple[int, int]:
    try:
        shape = tuple(output_shape)
    except TypeError:
        raise TypeError(f"{function}: output_shape must be (height, width), got {output_shape!r}") from None
    if len(shape) != 2:
        raise ValueError(f"{function}: output_shape must be (height, width), got {output_shape!r}")
    return _size(shape[0], "the output height", function), _size(shape[1], "the output width", function)


def resize(image: Any, output_shape: Any, interpolation: str = "bilinear", *, antialias: bool = True) -> Array:
    """``image`` resized to ``output_shape`` = (height, width), as Pillow's ``Image.resize``.

    ``interpolation``: 'nearest' (the input pixel under each output pixel's centre: Pillow's NEAREST,
    torchvision's 'nearest-exact'), 'bilinear', 'bicubic' (Catmull-Rom, a = -0.5), 'area' (Pillow's BOX: the
    average over each output pixel's footprint), 'lanczos' (3 lobes) or 'hamming'. ``antialias``: widen the filter
    by the scale when downscaling (Pillow always does; ``False`` is torchvision's ``antialias=False``).
    Borders: the window is cut at the image's edge and its weights renormalised (Pillow).

    The dtype is kept: uint8 runs Pillow's 8-bit fixed-point arithmetic (equal to Pillow); uint16 sums in float32
    and rounds half up, clamped; floats sum in float32 (float64 for float64). Pillow premultiplies RGBA by alpha
    before resizing; this resizes every channel alike, as torchvision does.
    """
    x = as_image(image, "resize")
    check_choice(interpolation, INTERPOLATIONS, "interpolation", "resize")
    lay = layout(x, "resize")
    out_h, out_w = _output_hw(output_shape, "resize")
    if lay.h * lay.w == 0 and out_h * out_w:
        raise ValueError(f"resize: cannot resize an empty {lay.h} x {lay.w} image to {out_h} x {out_w}")
    src = shaped(contiguous(x), (lay.n, lay.h, lay.w, lay.c))
    if src._size == 0 or out_h * out_w == 0:
        return make_array(x._ctx, lay.shape(out_h, out_w), x._dtype)
    antialias = bool(antialias)

    def axis(n_in: int, n_out: int) -> tuple[Any, Any] | None:
        if n_in == n_out:
            return None
        return ("pillow", n_in, n_out, interpolation, antialias), \
            lambda: tables.pillow(n_in, n_out, interpolation, antialias)

    # Pillow 13 runs the vertical pass first where the height shrinks by more than twice as many pixels as the width
    rows_first = lay.h - out_h > 0 and lay.h - out_h > (lay.w - out_w) * 2
    out = separable(src, axis(lay.h, out_h), axis(lay.w, out_w), out_h, out_w, x.dtype, fixed=x.dtype is dt.uint8,
                    rows_first=rows_first)
    return shaped(out, lay.shape(out_h, out_w))


def flip(image: Any, direction: str = "horizontal") -> Array:
    """``image`` mirrored: 'horizontal' (left to right, along W), 'vertical' (top to bottom, along H) or 'both'.
    A view (no copy) of a vulkit array."""
    x = as_image(image, "flip", dtypes=ANY_DTYPES)
    check_choice(direction, ("horizontal", "vertical", "both"), "direction", "flip")
    lay = layout(x, "flip")
    h_axis = 1 if lay.batch else 0
    axes = {"horizontal": (h_axis + 1,), "vertical": (h_axis,), "both": (h_axis, h_axis + 1)}[direction]
    return _flip(x, axis=axes)


def crop(image: Any, top: int, left: int, height: int, width: int) -> Array:
    """The ``height`` x ``width`` region of ``image`` whose top-left pixel is (``top``, ``left``) (torchvision's
    ``crop`` argument order); a view (no copy) of a vulkit array. ValueError where the region leaves the image."""
    x = as_image(image, "crop", dtypes=ANY_DTYPES)
    lay = layout(x, "crop")
    top, left = _size(top, "top", "crop"), _size(left, "left", "crop")
    height, width = _size(height, "height", "crop"), _size(width, "width", "crop")
    if top + height > lay.h or left + width > lay.w:
        raise ValueError(f"crop: the region rows {top}..{top + height}, columns {left}..{left + width} leaves the "
                         f"{lay.h} x {lay.w} image")
    rows, cols = slice(top, top + height), slice(left, left + width)
    return x[:, rows, cols] if lay.batch else x[rows, cols]


# -- warps ------------------------------------------------------------------------------------------------------------
def _warp(x: Array, matrix: np.ndarray, output_shape: Any, interpolation: str, mode: str, cval: float, clip: bool,
          function: str) -> Array:
    check_choice(interpolation, tuple(WARP_ORDERS), "interpolation", function)
    check_choice(mode, tuple(WARP_MODES), "mode", function)
    lay = layout(x, function)
    out_h, out_w = (lay.h, lay.w) if output_shape is None else _output_hw(output_shape, function)
    if not np.all(np.isfinite(matrix)):
        raise ValueError(f"{function}: the matrix must be finite")
    if lay.h * lay.w == 0:
        raise ValueError(f"{function}: cannot warp an empty {lay.h} x {lay.w} image")
    if not isinstance(cval, numbers.Real):
        raise TypeError(f"{function}: cval must be a real number, got {type(cval).__name__}")
    src = shaped(contiguous(x), (lay.n, lay.h, lay.w, lay.c))
    order = WARP_ORDERS[interpolation]
    out = warp(src, matrix, out_h, out_w, order, WARP_MODES[mode], cval, x.dtype)
    if clip and (order == 3 or mode == "constant") and out._size:  # Catmull-Rom overshoots; cval blends in
        out = skimage_clip(out, src, cval, mode == "constant")
    return shaped(out, lay.shape(out_h, out_w))


def skimage_clip(out: Array, src: Array, cval: float, constant: bool) -> Array:
    """scikit-image's clip of a resampling's output to its input's range (``_clip_warp_output``), image by image
    (N x H x W x C): the range of ``src`` (NaNs ignored), widened to ``cval`` in ``constant`` mode where cval lies
    outside it and inside the output's range."""
    axes, bounds = (1, 2, 3), float_dtype(out.dtype)
    low = nanmin(src, axis=axes, keepdims=True).astype(bounds)
    high = nanmax(src, axis=axes, keepdims=True).astype(bounds)
    if constant and not math.isnan(cval):
        reached = (nanmin(out, axis=axes, keepdims=True) <= cval) & (nanmax(out, axis=axes, keepdims=True) >= cval)
        widen = ((low > cval) | (high < cval)) & reached
        low, high = where(widen, minimum(low, cval), low), where(widen, maximum(high, cval), high)
    if out.dtype.kind in "iu":  # a bound widened past the dtype's range clips nothing there (and must not wrap)
        info = np.iinfo(out.dtype.np)
        low, high = _clip(low, float(info.min), None), _clip(high, None, float(info.max))
    return _clip(out, low.astype(out.dtype), high.astype(out.dtype))


def _matrix(matrix: Any, rows: int, function: str) -> np.ndarray:
    try:
        m = np.array(matrix.numpy() if isinstance(matrix, Array) else matrix, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{function}: the matrix must be numbers, got {type(matrix).__name__}") from None
    shapes = ((2, 3), (3, 3)) if rows == 2 else ((3, 3),)
    if m.shape not in shapes:
        raise ValueError(f"{function}: the matrix must be {' or '.join(f'{a}x{b}' for a, b in shapes)}, got shape "
                         f"{m.shape}")
    if m.shape == (2, 3):
        m = np.vstack([m, [0.0, 0.0, 1.0]])
    return m


def _inverse(m: np.ndarray, function: str) -> np.ndarray:
    try:
        inv = np.linalg.inv(m)
    except np.linalg.LinAlgError:
        raise ValueError(f"{function}: the matrix is singular (it has no inverse map)") from None
    return inv


def warp_affine(image: Any, matrix: Any, output_shape: Any = None, *, inverse_map: bool = False,
                interpolation: str = "bilinear", mode: str = "constant", cval: float = 0.0,
                clip: bool = True) -> Array:
    """``image`` warped by the affine ``matrix`` (2 x 3 or 3 x 3), as OpenCV's ``warpAffine``.

    Coordinates are (x, y) = (column, row) with pixel centres at integers. By default ``matrix`` maps input
    coordinates to output coordinates (``cv2.getRotationMatrix2D``'s); ``inverse_map=True`` takes it as the map from
    output to input (``cv2.WARP_INVERSE_MAP``, ``skimage.transform.warp``'s ``inverse_map``).
    ``output_shape``: (height, width), default the input's. ``interpolation``: 'nearest', 'bilinear' or 'bicubic'
    (Catmull-Rom). ``mode``: 'constant' (``cval``), 'edge', 'symmetric', 'reflect' or 'wrap' (numpy.pad's names).
    ``clip``: keep bicubic results within the input's range (and cval), as scikit-image. Integer images are rounded
    half up and clamped to their dtype; the dtype is kept.
    """
    x = as_image(image, "warp_affine")
    m = _matrix(matrix, 2, "warp_affine")
    if not np.array_equal(m[2], [0.0, 0.0, 1.0]):
        raise ValueError("warp_affine: the matrix's last row must be (0, 0, 1); use warp_perspective")
    m = m if inverse_map else _inverse(m, "warp_affine")
    return _warp(x, m, output_shape, interpolation, mode, cval, clip, "warp_affine")


def warp_perspective(image: Any, matrix: Any, output_shape: Any = None, *, inverse_map: bool = False,
                     interpolation: str = "bilinear", mode: str = "constant", cval: float = 0.0,
                     clip: bool = True) -> Array:
    """``image`` warped by the 3 x 3 homography ``matrix``, as OpenCV's ``warpPerspective``: the same conventions
    and arguments as :func:`warp_affine` (the source point is (u / w, v / w) for (u, v, w) = M (x, y, 1))."""
    x = as_image(image, "warp_perspective")
    m = _matrix(matrix, 3, "warp_perspective")
    m = m if inverse_map else _inverse(m, "warp_perspective")
    return _warp(x, m, output_shape, interpolation, mode, cval, clip, "warp_perspective")


def rotate(image: Any, angle: float, resize: bool = False, center: Any = None, *, interpolation: str = "bilinear",
           mode: str = "constant", cval: float = 0.0, clip: bool = True) -> Array:
    """``image`` rotated by ``angle`` degrees counter-clockwise about ``center`` ((x, y); default the image's
    centre), as ``skimage.transform.rotate``; ``resize``: grow the output to hold the whole rotated image.
    ``interpolation``, ``mode``, ``cval`` and ``clip`` as :func:`warp_affine`; the dtype is kept."""
    x = as_image(image, "rotate")
    lay = layout(x, "rotate")
    if not isinstance(angle, numbers.Real) or not math.isfinite(angle):
        raise ValueError(f"rotate: angle must be a finite number of degrees, got {angle!r}")
    rows, cols = lay.h, lay.w
    c = np.array((cols, rows)) / 2.0 - 0.5 if center is None else np.asarray(center, dtype=np.float64)
    if c.shape != (2,):
        raise ValueError(f"rotate: center must be (x, y), got {center!r}")
    theta = np.deg2rad(float(angle))
    cos, sin = math.cos(theta), math.sin(theta)
    # output -> input: translate by -c, rotate by theta, translate by c (scikit-image's tform3 + tform2 + tform1)
    rotation = np.array([[cos, -sin, 0.0], [sin, cos, 0.0], [0.0, 0.0, 1.0]])
    shift = np.array([[1.0, 0.0, c[0]], [0.0, 1.0, c[1]], [0.0, 0.0, 1.0]])
    unshift = np.array([[1.0, 0.0, -c[0]], [0.0, 1.0, -c[1]], [0.0, 0.0, 1.0]])
    m = shift @ rotation @ unshift
    output_shape = None
    if resize:
        corners = np.array([[0, 0, 1], [0, rows - 1, 1], [cols - 1, rows - 1, 1], [cols - 1, 0, 1]], dtype=float)
        mapped = corners @ np.linalg.inv(m).T
        minc, minr = mapped[:, 0].min(), mapped[:, 1].min()
        maxc, maxr = mapped[:, 0].max(), mapped[:, 1].max()
        output_shape = tuple(int(v) for v in np.around((maxr - minr + 1, maxc - minc + 1)))
        m = m @ np.array([[1.0, 0.0, minc], [0.0, 1.0, minr], [0.0, 0.0, 1.0]])
    m[2] = (0.0, 0.0, 1.0)
    return _warp(x, m, output_shape, interpolation, mode, cval, clip, "rotate")


# -- pyramids -------------------------------------------------------------------------------------------------------
def _pyramid(image: Any, factor: float, sigma: float | None, mode: str, cval: float, preserve_range: bool,
             up: bool, function: str) -> Array:
    x = as_image(image, function)
    check_choice(mode, ("reflect", "constant", "wrap"), "mode", function)
    # scikit-image hands the mode's name to scipy.ndimage's Gaussian as it is ('reflect' is half-sample symmetric
    # there) and translates it for the resampling ('reflect': whole-sample); 'edge' and 'symmetric' fail there
    smooth_mode = "symmetric" if mode == "reflect" else mode
    if not isinstance(factor, numbers.Real) or not factor > 1:
        raise ValueError(f"{function}: the scale factor must be greater than 1, got {factor!r}")
    factor = float(factor)
    sigma = 2 * factor / 6.0 if sigma is None else float(sigma)
    if not sigma > 0:
        raise ValueError(f"{function}: sigma must be positive, got {sigma!r}")
    lay = layout(x, function)
    if lay.h * lay.w == 0:
        raise ValueError(f"{function}: cannot resample an empty {lay.h} x {lay.w} image")
    size = (lambda n: math.ceil(n * factor)) if up else (lambda n: math.ceil(n / factor))
    out_h, out_w = size(lay.h), size(lay.w)
    out_dtype = float_dtype(x.dtype)
    src = shaped(contiguous(x), (lay.n, lay.h, lay.w, lay.c))
    scale = 1.0 if preserve_range else dtype_max(x.dtype)
    cval = float(cval) * scale

    def linear(n_in: int, n_out: int) -> tuple[Any, Any]:
        return ("pyramid linear", n_in, n_out, mode), lambda: tables.linear(n_in, n_out, mode)

    def gaussian(n: int) -> tuple[Any, Any]:
        return ("pyramid gaussian", n, sigma, smooth_mode), lambda: tables.gaussian(n, sigma, smooth_mode)

    def both(n_in: int, n_out: int) -> tuple[Any, Any]:
        resize, smooth = linear(n_in, n_out)[1], gaussian(n_out if up else n_in)[1]
        first, then = (resize, smooth) if up else (smooth, resize)  # pyramid_expand resizes, then smooths
        return ("pyramid", up, n_in, n_out, sigma, mode), lambda: tables.compose(then(), first())

    if mode != "constant":  # one resampling by the composed tables (the resized values stay in the input's range)
        out = separable(src, both(lay.h, out_h), both(lay.w, out_w), out_h, out_w, out_dtype, cval=cval)
    elif up:  # scikit-image clips the resized image (cval blended in at the borders), then smooths it
        resized = separable(src, linear(lay.h, out_h), linear(lay.w, out_w), out_h, out_w, out_dtype, cval=cval)
        out = separable(skimage_clip(resized, src, cval, True), gaussian(out_h), gaussian(out_w), out_h, out_w,
                        out_dtype, cval=cval)
    else:  # smooths, then resizes and clips the resized image to the smoothed one's range
        smoothed = separable(src, gaussian(lay.h), gaussian(lay.w), lay.h, lay.w, out_dtype, cval=cval)
        out = skimage_clip(separable(smoothed, linear(lay.h, out_h), linear(lay.w, out_w), out_h, out_w, out_dtype,
                                     cval=cval), smoothed, cval, True)
    if scale != 1.0:
        out = out * (1.0 / scale)
    return shaped(out, lay.shape(out_h, out_w))


def pyramid_down(image: Any, downscale: float = 2, sigma: float | None = None, *, mode: str = "reflect",
                 cval: float = 0.0, preserve_range: bool = False) -> Array:
    """One level down a Gaussian pyramid, as ``skimage.transform.pyramid_reduce``: smoothed with a Gaussian of
    ``sigma`` (default 2 * downscale / 6, truncated at 4 sigma), then resampled linearly to ceil(H / downscale) x
    ceil(W / downscale). ``mode``: 'reflect' (default), 'constant' (``cval``) or 'wrap', with scikit-image's meanings
    (its Gaussian reads 'reflect' as scipy.ndimage does, half-sample symmetric; its resampling as numpy.pad does).
    Floats result (float32; float64 for float64), integers scaled to [0, 1] unless ``preserve_range``."""
    return _pyramid(image, downscale, sigma, mode, cval, preserve_range, False, "pyramid_down")


def pyramid_up(image: Any, upscale: float = 2, sigma: float | None = None, *, mode: str = "reflect",
               cval: float = 0.0, preserve_range: bool = False) -> Array:
    """One level up a Gaussian pyramid, as ``skimage.transform.pyramid_expand``: resampled linearly to
    ceil(H * upscale) x ceil(W * upscale), then smoothed with a Gaussian of ``sigma`` (default 2 * upscale / 6).
    Arguments and result types as :func:`pyramid_down`."""
    return _pyramid(image, upscale, sigma, mode, cval, preserve_range, True, "pyramid_up")
