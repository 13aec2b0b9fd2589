"""vt.image's filters and morphology (issue 17's rows): Gaussian sigma=2 of an N x N float32 image and of an N x N
uint8 RGB image, a 5 x 5 uniform filter, Sobel, a non-separable 5 x 5 correlation, a 5 x 5 median of uint8 and a
5 x 5 grey erosion.

GB/s counts the bytes two passes read and write for the separable filters (issue 17's two-pass bound is this count
over the device's bandwidth: 256 MB for the float32 Gaussian of 4096^2; vt.image runs the 17 taps of sigma=2 as two
kernels, and the "one kernel" row both passes in one, which moves half of that, so it may pass the bound), and the
bytes one pass reads and writes for the others. Peers: CuPy's
``cupyx.scipy.ndimage`` (the same functions), PyTorch's conv-based equivalents (reflect padding, then ``conv2d``:
two 1-D convolutions for the separable filters, a depthwise one for RGB; ``avg_pool2d``; ``unfold`` + ``median``;
``max_pool2d`` of the negated image), scipy.ndimage on the CPU."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _float(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(0).random(shape, dtype=np.float32)


def _uint8(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(0).integers(0, 256, shape, dtype=np.uint8)


def _gaussian_taps(sigma: float) -> np.ndarray:
    radius = int(4.0 * sigma + 0.5)
    x = np.arange(-radius, radius + 1)
    taps = np.exp(-0.5 * x * x / sigma / sigma)
    return (taps / taps.sum()).astype(np.float32)


def _ndimage(lib: Any) -> Any:
    if lib.name == "cupy":
        import cupyx.scipy.ndimage as ndimage
    else:
        import scipy.ndimage as ndimage
    return ndimage


def _torch_separable(lib: Any, taps: np.ndarray, channels: int = 1) -> Any:
    """A function of a (1, C, H, W) float tensor: reflect padding, then two depthwise 1-D convolutions (PyTorch's
    conv equivalent of a separable filter)."""
    functional = lib.xp.nn.functional
    k = len(taps)
    r = k // 2
    column = lib.array(np.tile(taps.reshape(1, 1, k, 1), (channels, 1, 1, 1)))
    row = lib.array(np.tile(taps.reshape(1, 1, 1, k), (channels, 1, 1, 1)))

    def run(x: Any) -> Any:
        padded = functional.pad(x, (r, r, r, r), mode="reflect")
        return functional.conv2d(functional.conv2d(padded, column, groups=channels), row, groups=channels)
    return run


def _one_kernel(function: Any) -> Any:
    """``function`` with vt.image's separable filters run as one kernel whatever their windows (as shipped, windows
    of more than ``FUSE_MAX_TAPS`` taps an axis run as two kernels, one per axis)."""
    from vulkit.image import _filter_core

    def run() -> Any:
        shipped, _filter_core.FUSE_MAX_TAPS = _filter_core.FUSE_MAX_TAPS, 1 << 30
        try:
            return function()
        finally:
            _filter_core.FUSE_MAX_TAPS = shipped
    return run


def _gaussian(n: int, one_kernel: bool = False) -> Case:
    def build(lib: Any) -> Any:
        values = _float((n, n))
        if lib.name == "vulkit":
            x = lib.array(values)
            blur = lambda: lib.xp.image.gaussian_filter(x, 2.0)  # noqa: E731
            return _one_kernel(blur) if one_kernel else blur
        if lib.name == "torch":
            x = lib.array(values).reshape(1, 1, n, n)
            blur = _torch_separable(lib, _gaussian_taps(2.0))
            return lambda: blur(x)
        ndimage, x = _ndimage(lib), lib.array(values)
        return lambda: ndimage.gaussian_filter(x, 2.0)

    name = f"gaussian_filter sigma=2 of {n}x{n} float32" + (" (one kernel)" if one_kernel else "")
    return Case(name, "GB/s", build, work=16.0 * n * n, note="GB/s over the two-pass bound's bytes")


def _gaussian_rgb(n: int) -> Case:
    def build(lib: Any) -> Any:
        values = _uint8((n, n, 3))
        if lib.name == "vulkit":
            x = lib.array(values)
            return lambda: lib.xp.image.gaussian_filter(x, 2.0)
        if lib.name == "torch":
            torch = lib.xp
            planar = lib.array(values).permute(2, 0, 1).unsqueeze(0)
            blur = _torch_separable(lib, _gaussian_taps(2.0), channels=3)
            return lambda: blur(planar.to(torch.float32)).to(torch.uint8)
        ndimage, x = _ndimage(lib), lib.array(values)
        return lambda: ndimage.gaussian_filter(x, (2.0, 2.0, 0.0))

    return Case(f"gaussian_filter sigma=2 of {n}x{n} uint8 RGB", "GB/s", build, work=12.0 * n * n,
                note="uint8: GB/s over the two-pass bound's bytes")


def _uniform(n: int) -> Case:
    def build(lib: Any) -> Any:
        values = _float((n, n))
        if lib.name == "vulkit":
            x = lib.array(values)
            return lambda: lib.xp.image.uniform_filter(x, 5)
        if lib.name == "torch":
            functional = lib.xp.nn.functional
            x = lib.array(values).reshape(1, 1, n, n)
            return lambda: functional.avg_pool2d(functional.pad(x, (2, 2, 2, 2), mode="reflect"), 5, stride=1)
        ndimage, x = _ndimage(lib), lib.array(values)
        return lambda: ndimage.uniform_filter(x, 5)

    return Case(f"uniform_filter 5x5 of {n}x{n} float32", "GB/s", build, work=16.0 * n * n,
                note="GB/s over the two-pass bound's bytes")


def _stencil(n: int, name: str) -> Case:
    weights = {"sobel": np.outer([-1.0, 0.0, 1.0], [1.0, 2.0, 1.0]),
               "correlate": np.random.default_rng(1).random((5, 5))}[name]

    def build(lib: Any) -> Any:
        values = _float((n, n))
        if lib.name == "vulkit":
            x = lib.array(values)
            if name == "sobel":
                return lambda: lib.xp.image.sobel(x, axis=0)
            return lambda: lib.xp.image.correlate(x, weights)
        if lib.name == "torch":
            functional = lib.xp.nn.functional
            x = lib.array(values).reshape(1, 1, n, n)
            kernel = lib.array(weights.astype(np.float32).reshape(1, 1, *weights.shape))
            r = weights.shape[0] // 2
            return lambda: functional.conv2d(functional.pad(x, (r, r, r, r), mode="reflect"), kernel)
        ndimage, x = _ndimage(lib), lib.array(values)
        if name == "sobel":
            return lambda: ndimage.sobel(x, axis=0)
        return lambda: ndimage.correlate(x, weights)

    label = "sobel" if name == "sobel" else "correlate 5x5 (not separable)"
    return Case(f"{label} of {n}x{n} float32", "GB/s", build, work=8.0 * n * n)


def _median(n: int) -> Case:
    def build(lib: Any) -> Any:
        values = _uint8((n, n))
        if lib.name == "vulkit":
            x = lib.array(values)
            return lambda: lib.xp.image.median_filter(x, 5)
        if lib.name == "torch":
            functional = lib.xp.nn.functional
            x = lib.array(values).reshape(1, 1, n, n)

            def run() -> Any:
                padded = functional.pad(x.float(), (2, 2, 2, 2), mode="reflect")
                windows = padded.unfold(2, 5, 1).unfold(3, 5, 1)
                return windows.reshape(1, 1, n, n, 25).median(dim=-1).values.to(lib.xp.uint8)
            return run
        ndimage, x = _ndimage(lib), lib.array(values)
        return lambda: ndimage.median_filter(x, 5)

    return Case(f"median_filter 5x5 of {n}x{n} uint8", "GB/s", build, work=2.0 * n * n)


def _erosion(n: int) -> Case:
    def build(lib: Any) -> Any:
        values = _float((n, n))
        if lib.name == "vulkit":
            x = lib.array(values)
            return lambda: lib.xp.image.grey_erosion(x, size=5)
        if lib.name == "torch":
            functional = lib.xp.nn.functional
            x = lib.array(values).reshape(1, 1, n, n)
            return lambda: -functional.max_pool2d(functional.pad(-x, (2, 2, 2, 2), mode="reflect"), 5, stride=1)
        ndimage, x = _ndimage(lib), lib.array(values)
        return lambda: ndimage.grey_erosion(x, size=5)

    return Case(f"grey_erosion 5x5 of {n}x{n} float32", "GB/s", build, work=16.0 * n * n,
                note="GB/s over the two-pass bound's bytes")


def _label(n: int) -> Case:
    """Connected components of a random mask (density 0.55: many components, some large). Peers: CuPy's
    cupyx.scipy.ndimage.label, scipy's on the CPU (PyTorch has none); the time includes the count read back."""
    def build(lib: Any) -> Any:
        mask = np.random.default_rng(0).random((n, n)) < 0.55
        if lib.name == "vulkit":
            x = lib.array(mask)
            return lambda: lib.xp.image.label(x)[0]
        ndimage, x = _ndimage(lib), lib.array(mask)
        return lambda: ndimage.label(x)[0]

    return Case(f"label of a {n}x{n} random mask", "ms", build, peers=("numpy", "cupy"),
                note="count read back; scipy.ndimage as the NumPy peer")


def cases(cpu: bool) -> list[Case]:
    n = 512 if cpu else 4096
    return [_gaussian(n), _gaussian(n, one_kernel=True), _gaussian_rgb(n), _uniform(n), _stencil(n, "sobel"),
            _stencil(n, "correlate"), _median(n), _erosion(n), _label(n)]
