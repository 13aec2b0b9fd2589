"""Host-side (float64) tables of the separable resampling kernel: for each output of one axis, K input indices and
weights (:mod:`vulkit.array.kernels.image_resample`); an output with fewer taps than K has the rest as padding
(index ``DEAD``, weight 0) that reads nothing.

- :func:`pillow` is Pillow's ``precompute_coeffs`` (``libImaging/Resample.c``) step for step, so that the 8-bit
  fixed-point weights round as Pillow's do.
- :func:`gaussian`, :func:`linear` and :func:`compose` build scikit-image's pyramids: a Gaussian as
  ``scipy.ndimage.gaussian_filter`` (radius ``int(4 sigma + 0.5)``) and linear interpolation at half-pixel centres as
  ``skimage.transform.resize(order=1)``, each axis one operator (a dense M x L matrix, made sparse again).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..array.kernels.image_resample import DEAD


def _box(x: np.ndarray) -> np.ndarray:
    return ((x > -0.5) & (x <= 0.5)).astype(np.float64)


def _triangle(x: np.ndarray) -> np.ndarray:
    x = np.abs(x)
    return np.where(x < 1.0, 1.0 - x, 0.0)


def _hamming(x: np.ndarray) -> np.ndarray:
    x = np.abs(x)
    with np.errstate(invalid="ignore", divide="ignore"):
        px = x * math.pi
        value = np.sin(px) / px * (0.54 + 0.46 * np.cos(px))
    return np.where(x == 0.0, 1.0, np.where(x >= 1.0, 0.0, value))


def _bicubic(x: np.ndarray) -> np.ndarray:
    a = -0.5
    x = np.abs(x)
    inner = ((a + 2.0) * x - (a + 3.0)) * x * x + 1
    outer = (((x - 5) * x + 8) * x - 4) * a
    return np.where(x < 1.0, inner, np.where(x < 2.0, outer, 0.0))


def _sinc(x: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        px = x * math.pi
        return np.where(x == 0.0, 1.0, np.sin(px) / px)


def _lanczos(x: np.ndarray) -> np.ndarray:
    return np.where((x >= -3.0) & (x < 3.0), _sinc(x) * _sinc(x / 3), 0.0)


# Pillow's filters and supports (Resample.c): box is "area", triangle "bilinear", Catmull-Rom (a = -0.5) "bicubic"
FILTERS: dict[str, tuple[Callable[[np.ndarray], np.ndarray], float]] = {
    "area": (_box, 0.5), "bilinear": (_triangle, 1.0), "hamming": (_hamming, 1.0), "bicubic": (_bicubic, 2.0),
    "lanczos": (_lanczos, 3.0),
}


def pillow(in_size: int, out_size: int, name: str, antialias: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """(indices (M, K) int32, weights (M, K) float64) of Pillow's resampling of ``in_size`` samples to ``out_size``
    with filter ``name``; ``antialias`` False keeps the filter's support when downscaling (torchvision's
    ``antialias=False``)."""
    if name == "nearest":
        # Pillow samples the pixel under each output centre, (j + 0.5) * scale, reached by adding the scale to
        # scale / 2 again and again in double (ImagingScaleAffine), then truncated
        scale = in_size / out_size
        steps = np.full(out_size, scale)
        steps[0] = scale * 0.5
        idx = np.minimum(np.trunc(np.cumsum(steps)), in_size - 1).astype(np.int32)
        return idx[:, None], np.ones((out_size, 1))
    filt, support = FILTERS[name]
    scale = in_size / out_size
    filterscale = max(scale, 1.0) if antialias else 1.0
    support = support * filterscale
    ksize = int(math.ceil(support)) * 2 + 1
    centers = (np.arange(out_size) + 0.5) * scale
    xmin = np.maximum(np.trunc(centers - support + 0.5), 0).astype(np.int64)
    xmax = np.minimum(np.trunc(centers + support + 0.5), in_size).astype(np.int64) - xmin
    taps = np.arange(ksize)
    x = xmin[:, None] + taps
    w = filt(((x.astype(np.float64) - centers[:, None]) + 0.5) * (1.0 / filterscale))
    w[taps[None, :] >= xmax[:, None]] = 0.0
    total = np.cumsum(w, axis=1)[:, -1:]  # summed left to right, as Pillow does
    w = np.divide(w, total, out=w, where=total != 0.0)
    live = taps[None, :] < xmax[:, None]
    idx = np.where(live, np.minimum(x, in_size - 1), DEAD).astype(np.int32)
    return _trim(idx, w)


def fixed_point(w: np.ndarray) -> np.ndarray:
    """Pillow's 8-bit weights: the float weights times 2^22, rounded half away from zero (``normalize_coeffs_8bpc``)."""
    scaled = w * float(1 << 22)
    return np.trunc(np.where(w < 0, scaled - 0.5, scaled + 0.5)).astype(np.int32)


def _trim(idx: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Drop the trailing columns no output uses."""
    used = np.flatnonzero((w != 0).any(axis=0))
    k = int(used[-1]) + 1 if used.size else 1
    return np.ascontiguousarray(idx[:, :k]), np.ascontiguousarray(w[:, :k])


# -- boundary modes (numpy.pad's names, as scikit-image) and the pyramids' operators ---------------------------------
MODES = ("constant", "edge", "symmetric", "reflect", "wrap")


def fold(i: np.ndarray, n: int, mode: str) -> np.ndarray:
    """Integer sample positions ``i`` folded into 0..n-1 by ``mode``; -1 for 'constant' outside."""
    i = np.asarray(i, dtype=np.int64)
    if mode == "constant":
        return np.where((i >= 0) & (i < n), i, -1)
    if mode == "edge":
        return np.clip(i, 0, n - 1)
    if mode == "wrap":
        return np.mod(i, n)
    if mode == "symmetric":  # d c b a | a b c d | d c b a
        period = 2 * n
        j = np.mod(i, period)
        return np.where(j < n, j, period - 1 - j)
    # reflect: d c b | a b c d | c b a
    if n == 1:
        return np.zeros_like(i)
    period = 2 * n - 2
    j = np.mod(i, period)
    return np.where(j < n, j, period - j)


def _merge(rows: np.ndarray, idx: np.ndarray, w: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """A table of ``m`` outputs from (output, index, weight) triples: weights of one (output, index) summed, exact
    zeros dropped."""
    key = rows.astype(np.int64) * (1 << 32) + (idx.astype(np.int64) + 1)
    keys, inverse = np.unique(key, return_inverse=True)
    sums = np.bincount(inverse, weights=w, minlength=keys.size)
    keep = sums != 0.0
    keys, sums = keys[keep], sums[keep]
    out_rows = keys >> 32
    cols = (keys & 0xFFFFFFFF) - 1
    counts = np.bincount(out_rows, minlength=m)
    k = max(int(counts.max(initial=0)), 1)
    rank = np.arange(keys.size) - np.repeat(np.cumsum(counts) - counts, counts)
    table_idx = np.full((m, k), DEAD, dtype=np.int32)
    table_w = np.zeros((m, k))
    table_idx[out_rows, rank] = cols
    table_w[out_rows, rank] = sums
    return table_idx, table_w


def gaussian(n: int, sigma: float, mode: str, truncate: float = 4.0) -> tuple[np.ndarray, np.ndarray]:
    """The table of ``scipy.ndimage.gaussian_filter1d`` on n samples (index -1: the constant)."""
    radius = int(truncate * float(sigma) + 0.5)
    x = np.arange(-radius, radius + 1)
    phi = np.exp(-0.5 / (sigma * sigma) * x.astype(np.float64) ** 2)
    phi /= phi.sum()
    positions = np.arange(n)[:, None] + x[None, :]
    rows = np.repeat(np.arange(n), x.size)
    return _merge(rows, fold(positions, n, mode).ravel(), np.tile(phi, n), n)


def linear(in_size: int, out_size: int, mode: str) -> tuple[np.ndarray, np.ndarray]:
    """The table of linear interpolation at half-pixel centres (``skimage.transform.resize`` with ``order=1``):
    output j samples input (j + 0.5) * in / out - 0.5."""
    x = (np.arange(out_size) + 0.5) * (in_size / out_size) - 0.5
    if mode in ("reflect", "edge") and in_size > 1:  # the coordinate itself is folded into [0, n - 1] first
        x = np.abs(x) if mode == "reflect" else np.maximum(x, 0.0)
        top = in_size - 1
        x = np.where(x > top, (2 * top - x) if mode == "reflect" else top, x)
    lo = np.floor(x)
    t = x - lo
    lo = lo.astype(np.int64)
    idx = np.stack([fold(lo, in_size, mode), fold(lo + 1, in_size, mode)], axis=1)
    rows = np.repeat(np.arange(out_size), 2)
    return _merge(rows, idx.ravel(), np.stack([1 - t, t], axis=1).ravel(), out_size)


def compose(outer: tuple[np.ndarray, np.ndarray], inner: tuple[np.ndarray, np.ndarray]) \
        -> tuple[np.ndarray, np.ndarray]:
    """The table of ``outer`` applied to the outputs of ``inner`` (the constant, index -1, stays the constant)."""
    oi, ow = outer
    ii, iw = inner
    m, k1 = oi.shape
    k2 = ii.shape[1]
    constant = oi < 0
    inner_idx = np.where(constant[..., None], -1, ii[np.maximum(oi, 0)])  # (m, k1, k2)
    inner_w = np.where(constant[..., None], np.eye(1, k2)[0], iw[np.maximum(oi, 0)])
    rows = np.repeat(np.arange(m), k1 * k2)
    return _merge(rows, inner_idx.ravel(), (ow[..., None] * inner_w).ravel(), m)
