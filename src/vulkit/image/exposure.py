"""Histograms and tone with scikit-image's semantics (``skimage.exposure``, ``skimage.filters.threshold_otsu``).

Histograms of integer images count every value in its own bin, through ``vulkit``'s GPU bincount (uint8 and uint16
keys index the bins directly); float images use ``vt.histogram``'s equal bins. ``equalize_hist`` of an integer image
runs on the GPU without waiting: the counts, their running sum and a lookup of every pixel's value in it. Functions
whose results depend on the data's range (the float histogram's edges, ``threshold_otsu``'s number,
``rescale_intensity``'s limits) read that range back.

Float results are float32 (float64 for float64 images), where scikit-image gives float64 for integer images.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array, upload
from ..array.ops.elementwise import clip, floor, round, where
from ..array.ops.gather import take
from ..array.ops.histogram import _accumulate
from ..array.ops.histogram import histogram as _np_histogram
from ..array.ops.reductions import max as _max
from ..array.ops.reductions import min as _min
from ..array.ops.scans import cumsum
from ._geo_common import IMAGE_DTYPES, as_image, float_dtype

__all__ = ["adjust_gamma", "equalize_adapthist", "equalize_hist", "histogram", "rescale_intensity", "threshold_otsu"]

# scikit-image's DTYPE_RANGE, with its extra names
DTYPE_RANGE: dict[str, tuple[float, float]] = {
    "uint8": (0, 255), "uint16": (0, 65535), "int8": (-128, 127), "int16": (-32768, 32767), "float16": (-1, 1),
    "float32": (-1, 1), "float64": (-1, 1), "uint10": (0, 2**10 - 1), "uint12": (0, 2**12 - 1),
    "uint14": (0, 2**14 - 1), "bool": (False, True), "float": (-1, 1),
}


def _flat(x: Array) -> Array:
    return (x if x._contig else x.copy()).reshape((x._size,))


def _range(x: Array, function: str) -> tuple[float, float]:
    """(min, max) of ``x`` read back."""
    both = np.array([_min(x).numpy(), _max(x).numpy()], dtype=np.float64) if x._size else np.array([0.0, 1.0])
    return float(both[0]), float(both[1])


def _counts(flat: Array) -> Array:
    """int64 counts of every value of the 1-d uint8/uint16 ``flat`` (256 or 65536 bins), on the GPU."""
    return _accumulate(flat, 1 << (8 * flat._dtype.itemsize), None, None, None)


def _int_histogram(x: Array, source_range: str) -> tuple[Array, Array]:
    counts = _counts(_flat(x))
    if source_range == "dtype":
        return counts, upload(x._ctx, np.arange(counts.shape[0], dtype=np.int64))
    low, high = (int(v) for v in _range(x, "histogram"))
    return counts[low:high + 1], upload(x._ctx, np.arange(low, high + 1, dtype=np.int64))


def _float_edges(x: Array, nbins: int, source_range: str, function: str) -> np.ndarray:
    if source_range == "dtype":
        first, last = -1.0, 1.0
    else:
        first, last = _range(x, function)
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"{function}: autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    # NumPy computes the edges from the image's own scalars, in its float type (float16 too)
    scalar = x.dtype.np.type
    return np.linspace(scalar(first), scalar(last), nbins + 1, endpoint=True, dtype=x.dtype.np)


def _check(nbins: Any, source_range: Any, function: str) -> int:
    if isinstance(nbins, bool) or not isinstance(nbins, numbers.Integral) or nbins < 1:
        raise ValueError(f"{function}: nbins must be a positive integer, got {nbins!r}")
    if source_range not in ("image", "dtype"):
        raise ValueError(f"{function}: source_range must be 'image' or 'dtype', got {source_range!r}")
    return int(nbins)


def histogram(image: Any, nbins: int = 256, source_range: str = "image", normalize: bool = False, *,
              channel_axis: int | None = None) -> tuple[Array, Array]:
    """(counts, bin centres), as ``skimage.exposure.histogram``: integer images get one bin per value from their
    min to their max (``source_range='dtype'``: over the dtype's whole range; ``nbins`` is ignored), float images
    ``nbins`` equal bins over their range (or [-1, 1]). ``channel_axis``: one histogram per channel (a channels x bins
    array) over common bins. ``normalize``: counts divided by their sum (float64)."""
    x = as_image(image, "histogram")
    nbins = _check(nbins, source_range, "histogram")
    if channel_axis is not None:
        axis = int(channel_axis) % x.ndim
        channels = [x[(slice(None),) * axis + (k,)] for k in range(x.shape[axis])]
    if x.dtype.kind == "u":
        if channel_axis is None:
            counts, centers = _int_histogram(x, source_range)
        else:
            low, high = (0, (1 << (8 * x.dtype.itemsize)) - 1) if source_range == "dtype" else \
                (int(v) for v in _range(x, "histogram"))
            rows = [_counts(_flat(c))[low:high + 1].reshape((1, -1)) for c in channels]
            counts = _concat(rows)
            centers = upload(x._ctx, np.arange(low, high + 1, dtype=np.int64))
    else:
        edges = _float_edges(x, nbins, source_range, "histogram")
        centers = upload(x._ctx, (edges[:-1] + edges[1:]) / 2.0)
        if channel_axis is None:
            counts = _np_histogram(_flat(x), bins=edges)[0]
        else:
            counts = _concat([_np_histogram(_flat(c), bins=edges)[0].reshape((1, -1)) for c in channels])
    if normalize:
        counts = counts / counts.sum(axis=-1, keepdims=True)
    return counts, centers


def _concat(rows: list[Array]) -> Array:
    from ..array.ops.moving import concat
    return concat(rows, axis=0)


def equalize_hist(image: Any, nbins: int = 256, mask: Any = None) -> Array:
    """Histogram equalization, as ``skimage.exposure.equalize_hist``: every pixel becomes the cumulative
    distribution of the image's values at its value (integer images: exactly, one bin per value; float images:
    linear interpolation between the centres of ``nbins`` bins). ``mask``: only those pixels make the histogram.
    Float32 result (float64 for float64)."""
    x = as_image(image, "equalize_hist")
    nbins = _check(nbins, "image", "equalize_hist")
    res = float_dtype(x.dtype)
    sample = x
    if mask is not None:
        m = as_image(mask, "equalize_hist", dtypes=("bool", *IMAGE_DTYPES, "int8", "int16", "int32", "int64"))
        if m.shape != x.shape:
            raise ValueError(f"equalize_hist: the mask's shape {m.shape} is not the image's {x.shape}")
        sample = x[m.astype(dt.bool_)]
    if sample._size == 0:
        raise ValueError("equalize_hist: no pixel to make the histogram of")
    flat = _flat(x)
    if x.dtype.kind == "u":
        cdf = cumsum(_counts(_flat(sample)))
        table = (cdf / float(sample._size)).astype(res)  # the division in float64, as scikit-image
        return take(table, flat, mode="clip").reshape(x.shape)
    counts, edges = _np_histogram(_flat(sample), bins=nbins)
    edges_host = edges.numpy()
    centers = (edges_host[:-1] + edges_host[1:]) / 2.0
    cdf = (cumsum(counts) / float(sample._size)).astype(res)
    if nbins == 1:
        return (flat * 0 + cdf[0]).reshape(x.shape).astype(res)
    # np.interp over the centres: the bin below from their (nearly equal) spacing, moved by one where rounding of
    # the centres (float16, float32) put the value on the other side, then the fraction of the way to the next
    ctr = upload(x._ctx, centers.astype(np.float64 if res is dt.float64 else np.float32))
    step = float(centers[1] - centers[0])
    values = flat.astype(res)
    below = clip(floor((values - float(centers[0])) * (1.0 / step)), 0, nbins - 2).astype(dt.int32)
    below = where(values < take(ctr, below, mode="clip"), clip(below - 1, 0, nbins - 2), below)
    below = where(values >= take(ctr, below + 1, mode="clip"), clip(below + 1, 0, nbins - 2), below)
    c0, c1 = take(ctr, below, mode="clip"), take(ctr, below + 1, mode="clip")
    frac = clip((values - c0) / (c1 - c0), 0.0, 1.0)
    lo, hi = take(cdf, below, mode="clip"), take(cdf, below + 1, mode="clip")
    return (lo + frac * (hi - lo)).astype(res).reshape(x.shape)


def _limits(x: Array, spec: Any, clip_negative: bool, function: str) -> tuple[float, float]:
    """scikit-image's ``intensity_range``: 'image', 'dtype', a dtype name, or (min, max)."""
    if isinstance(spec, str):
        if spec == "image":
            return _range(x, function)
        name = x.dtype.name if spec == "dtype" else spec
        if name not in DTYPE_RANGE:
            raise ValueError(f"{function}: unknown range {spec!r}: give 'image', 'dtype', a dtype name or (min, max)")
        low, high = DTYPE_RANGE[name]
        return (0.0 if clip_negative else float(low)), float(high)
    if isinstance(spec, type) or isinstance(spec, (dt.DType, np.dtype)):
        return _limits(x, np.dtype(spec).name if not isinstance(spec, dt.DType) else spec.name, clip_negative,
                       function)
    try:
        low, high = spec
        return float(low), float(high)
    except (TypeError, ValueError):
        raise ValueError(f"{function}: a range must be 'image', 'dtype', a dtype name or (min, max), "
                         f"got {spec!r}") from None


def rescale_intensity(image: Any, in_range: Any = "image", out_range: Any = "dtype") -> Array:
    """The intensities in ``in_range`` stretched linearly onto ``out_range`` (values outside clipped), as
    ``skimage.exposure.rescale_intensity``. Ranges: 'image' (its min and max), 'dtype' (the dtype's range, from 0
    where the input range is not negative), a dtype name ('uint8', 'uint12', 'float32' ...) or (min, max). The result
    has the input's dtype where ``out_range`` is 'dtype' or 'image', that dtype for a dtype name, else float32
    (float64 for float64); integer results are truncated toward zero as NumPy's ``astype``. Integer images are
    computed in float64 where the device has it (as scikit-image)."""
    x = as_image(image, "rescale_intensity")
    if isinstance(out_range, str) and out_range in ("dtype", "image"):
        out_dtype = x.dtype
    elif isinstance(out_range, str):
        if out_range not in DTYPE_RANGE:
            raise ValueError(f"rescale_intensity: unknown out_range {out_range!r}")
        # scikit-image: the named dtype; uint10, uint12 and uint14 are held in uint16
        out_dtype = dt.uint16 if out_range in ("uint10", "uint12", "uint14") else dt.as_dtype(np.dtype(out_range))
    elif isinstance(out_range, (type, np.dtype, dt.DType)):
        out_dtype = dt.as_dtype(out_range)
    else:
        out_dtype = float_dtype(x.dtype)
    imin, imax = _limits(x, in_range, False, "rescale_intensity")
    omin, omax = _limits(x, out_range, imin >= 0, "rescale_intensity")
    work = x.astype(_work_dtype(x))
    clipped = clip(work, imin, imax)
    if imin != imax:
        scaled = (clipped - imin) / (imax - imin)
        return (scaled * (omax - omin) + omin).astype(out_dtype)
    return clip(clipped, omin, omax).astype(out_dtype)


def _work_dtype(x: Array) -> dt.DType:
    """float64 for integer images where the device has it (scikit-image computes them so), else float32."""
    if x.dtype.kind in "iu" and "float64" in x._ctx.dtypes:
        return dt.float64
    return float_dtype(x.dtype)


def adjust_gamma(image: Any, gamma: float = 1, gain: float = 1) -> Array:
    """``gain * image ** gamma`` on the dtype's scale, as ``skimage.exposure.adjust_gamma``: integer images through a
    lookup table computed as scikit-image computes it (uint8: rounded and capped at 255; uint16: truncated by
    ``astype``), float images elementwise (negative values raise ValueError). The dtype is kept."""
    x = as_image(image, "adjust_gamma")
    if not isinstance(gamma, numbers.Real) or not gamma >= 0:
        raise ValueError(f"adjust_gamma: gamma should be a non-negative real number, got {gamma!r}")
    if x.dtype is dt.uint8:
        lut = 255 * gain * np.linspace(0, 1, 256) ** gamma
        table = np.minimum(np.rint(lut), 255).astype(np.uint8)
    elif x.dtype is dt.uint16:
        with np.errstate(over="ignore", invalid="ignore"):  # astype wraps past 65535, as scikit-image's does
            table = ((np.arange(65536, dtype=np.uint16) / 65535.0) ** gamma * 65535.0 * gain).astype(np.uint16)
    else:
        if x._size and float(_min(x).numpy()) < 0:
            raise ValueError("adjust_gamma: Image Correction methods work correctly only on images with non-negative "
                             "values. Use rescale_intensity.")
        work = x.astype(float_dtype(x.dtype))
        return (work ** float(gamma) * float(gain)).astype(x.dtype)
    return take(upload(x._ctx, table), _flat(x), mode="clip").reshape(x.shape)


def threshold_otsu(image: Any, nbins: int = 256) -> float:
    """Otsu's threshold (the bin centre maximising the between-class variance), as
    ``skimage.filters.threshold_otsu``: the histogram is made on the GPU, the 256 (or one per integer value) sums
    on the host. An image of one value returns that value."""
    x = as_image(image, "threshold_otsu")
    nbins = _check(nbins, "image", "threshold_otsu")
    if x._size == 0:
        raise ValueError("threshold_otsu: the image is empty")
    low, high = _range(x, "threshold_otsu")
    if low == high:
        return float(x.reshape((-1,))[0].numpy())
    counts, centers = histogram(x, nbins)
    counts_h = counts.numpy().astype(np.float32)
    centers_h = centers.numpy()
    weight1 = np.cumsum(counts_h)
    weight2 = np.cumsum(counts_h[::-1])[::-1]
    mean1 = np.cumsum(counts_h * centers_h) / weight1
    mean2 = (np.cumsum((counts_h * centers_h)[::-1]) / weight2[::-1])[::-1]
    variance12 = weight1[:-1] * weight2[1:] * (mean1[:-1] - mean2[1:]) ** 2
    return float(centers_h[np.argmax(variance12)])


# -- CLAHE ------------------------------------------------------------------------------------------------------------
_GRAY = 2 ** 14  # scikit-image's NR_OF_GRAY


def _clip_histogram(hist: np.ndarray, clip_limit: int) -> np.ndarray:
    """scikit-image's ``clip_histogram`` of one tile's histogram (the excess spread over the bins below the limit)."""
    excess_mask = hist > clip_limit
    excess = hist[excess_mask]
    n_excess = excess.sum() - excess.size * clip_limit
    hist[excess_mask] = clip_limit
    bin_incr = n_excess // hist.size
    upper = clip_limit - bin_incr
    low_mask = hist < upper
    n_excess -= hist[low_mask].size * bin_incr
    hist[low_mask] += bin_incr
    mid_mask = np.logical_and(hist >= upper, hist < clip_limit)
    mid = hist[mid_mask]
    n_excess += mid.sum() - mid.size * clip_limit
    hist[mid_mask] = clip_limit
    while n_excess > 0:
        prev_n_excess = n_excess
        for index in range(hist.size):
            under_mask = hist < clip_limit
            step_size = max(1, np.count_nonzero(under_mask) // n_excess)
            under_mask = under_mask[index::step_size]
            hist[index::step_size][under_mask] += 1
            n_excess -= np.count_nonzero(under_mask)
            if n_excess <= 0:
                break
        if prev_n_excess == n_excess:
            break
    return hist


def _axis_plan(size: int, k: int) -> tuple[int, int, np.ndarray, np.ndarray]:
    """(pad before, histogram tiles, each pixel's block, each pixel's fraction of the way through its block) along
    one axis, as scikit-image's ``_clahe`` pads and cuts it."""
    before = k // 2
    after = (k - size % k) % k + int(np.ceil(k / 2.0))
    tiles = (size + before + after) // k - 1
    padded = np.arange(size) + before
    return before, tiles, padded // k, (padded % k) / k


def equalize_adapthist(image: Any, kernel_size: Any = None, clip_limit: float = 0.01, nbins: int = 256) -> Array:
    """Contrast Limited Adaptive Histogram Equalization, as ``skimage.exposure.equalize_adapthist``: 2-D images (RGB
    images through the value channel of HSV). The image is scaled to 14 bits, cut into ``kernel_size`` tiles (default
    1/8 of each side) whose histograms are clipped at ``clip_limit`` and equalised, and each pixel interpolated
    bilinearly between the four nearest tiles' mappings; the result is stretched to [0, 1] (float32; float64 for
    float64). The histograms are counted on the GPU, clipped on the host (scikit-image's redistribution loop, a few
    hundred numbers per tile), and the mapping of every pixel runs on the GPU."""
    x = as_image(image, "equalize_adapthist")
    if x.ndim == 3 and x.shape[-1] == 3:
        from .color import hsv2rgb, rgb2hsv
        hsv = rgb2hsv(x)
        value = equalize_adapthist(hsv[..., 2], kernel_size, clip_limit, nbins)
        hsv[..., 2] = value
        return hsv2rgb(hsv)
    if x.ndim != 2:
        raise ValueError(f"equalize_adapthist: expected an H x W or H x W x 3 image, got shape {x.shape}")
    if x._size == 0:
        raise ValueError("equalize_adapthist: the image is empty")
    nbins = _check(nbins, "image", "equalize_adapthist")
    if kernel_size is None:
        ks = [max(s // 8, 1) for s in x.shape]
    elif isinstance(kernel_size, numbers.Number):
        ks = [int(kernel_size)] * 2
    else:
        ks = [int(k) for k in kernel_size]
        if len(ks) != 2:
            raise ValueError(f"equalize_adapthist: Incorrect value of `kernel_size`: {kernel_size}")
    if min(ks) < 1:
        raise ValueError(f"equalize_adapthist: kernel_size must be positive, got {kernel_size}")
    res = float_dtype(x.dtype)
    ctx = x._ctx
    # img_as_uint, then rescale_intensity to 0..2^14 - 1 and round (scikit-image's preparation)
    if x.dtype.kind == "u":
        as16 = x.astype(dt.uint32) * (65535 // int(np.iinfo(x.dtype.np).max)) if x.dtype is dt.uint8 else x
    else:
        as16 = round(clip(x.astype(_work_float(x)), 0.0, 1.0) * 65535.0)
    scaled = rescale_intensity(as16.astype(_work_float(x)), out_range=(0, _GRAY - 1))
    gray = round(scaled).astype(dt.int32)
    bins = gray // (1 + _GRAY // nbins)  # the bin of every pixel
    (h, w), (k0, k1) = x.shape, ks
    pad0, tiles0, block0, frac0 = _axis_plan(h, k0)
    pad1, tiles1, block1, frac1 = _axis_plan(w, k1)
    padded = _pad(bins, ((pad0, (tiles0 + 1) * k0 + k0 - pad0 - h), (pad1, (tiles1 + 1) * k1 + k1 - pad1 - w)))
    hist = _tile_histograms(padded, k0, k1, tiles0, tiles1, nbins)
    elements = k0 * k1
    clim = int(np.clip(clip_limit * elements, 1, None)) if clip_limit > 0.0 else elements
    for t in range(hist.shape[0]):
        _clip_histogram(hist[t], clim)
    mapped = np.cumsum(hist, axis=-1).astype(float) * ((_GRAY - 1) / elements)
    mapped = np.minimum(mapped, _GRAY - 1).astype(int).reshape(tiles0, tiles1, nbins)
    maps = upload(ctx, np.pad(mapped, ((1, 1), (1, 1), (0, 0)), mode="edge").astype(np.int32).ravel())
    width = (tiles1 + 2) * nbins
    rows = upload(ctx, block0.astype(np.int32).reshape(-1, 1) * width)
    cols = upload(ctx, block1.astype(np.int32).reshape(1, -1) * nbins)
    weights = [(upload(ctx, 1.0 - frac0.reshape(-1, 1)), upload(ctx, frac0.reshape(-1, 1))),
               (upload(ctx, 1.0 - frac1.reshape(1, -1)), upload(ctx, frac1.reshape(1, -1)))]
    base = rows + cols + bins
    result = None
    for er in (0, 1):  # scikit-image's order of the four corners, each term rounded to float32 and summed so
        for ec in (0, 1):
            value = take(maps, base + (er * width + ec * nbins), mode="clip").astype(dt.float64)
            term = (value * (weights[0][er] * weights[1][ec])).astype(dt.float32)
            result = term if result is None else result + term
    out = result.astype(dt.uint16).astype(res)
    return rescale_intensity(out)


def _work_float(x: Array) -> dt.DType:
    return dt.float64 if "float64" in x._ctx.dtypes else float_dtype(x.dtype)


def _pad(x: Array, widths: tuple[tuple[int, int], tuple[int, int]]) -> Array:
    from ..array.ops.moving import pad
    return pad(x, widths, mode="reflect")


def _tile_histograms(padded: Array, k0: int, k1: int, tiles0: int, tiles1: int, nbins: int) -> np.ndarray:
    """The (tiles, nbins) int64 histograms of the k0 x k1 tiles from (k0 // 2, k1 // 2) on, counted on the GPU as one
    bincount of (tile, bin) keys, read back."""
    region = padded[k0 // 2:k0 // 2 + tiles0 * k0, k1 // 2:k1 // 2 + tiles1 * k1]
    tile_rows = upload(padded._ctx, (np.arange(tiles0 * k0, dtype=np.int32) // k0 * tiles1 * nbins).reshape(-1, 1))
    tile_cols = upload(padded._ctx, (np.arange(tiles1 * k1, dtype=np.int32) // k1 * nbins).reshape(1, -1))
    keys = (region + tile_rows + tile_cols).astype(dt.uint32)
    counts = _accumulate(_flat(keys), tiles0 * tiles1 * nbins, None, None, None)
    return counts.numpy().reshape(tiles0 * tiles1, nbins)
