"""vt.image's geometry, colour and tone (issue 17's rows): histogram equalization of an N x N uint8 image, bilinear
and Lanczos resizes of an N x N float32 image to half and twice its side (bilinear halving also without
antialiasing, the work CuPy's zoom does), rgb2gray of an N x N x 3 uint8 image.
GB/s counts the bytes read and written once. Peers: PyTorch (bincount/cumsum/lookup; ``interpolate`` with
``antialias=True``, which ports Pillow's filters; Lanczos has no tensor version), CuPy (the same lookup;
``cupyx.scipy.ndimage.zoom`` of order 1, which does not antialias), NumPy/Pillow on the CPU."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case

_GRAY = np.array([0.2125, 0.7154, 0.0721], dtype=np.float32)


def _uint8(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(0).integers(0, 256, shape, dtype=np.uint8)


def _float(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(0).random(shape, dtype=np.float32)


def _equalize(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_uint8((n, n)))
        if lib.name == "vulkit":
            return lambda: lib.xp.image.equalize_hist(x)
        if lib.name == "torch":
            torch = lib.xp

            def torch_equalize() -> Any:
                cdf = torch.bincount(x.reshape(-1), minlength=256).cumsum(0).to(torch.float32) / x.numel()
                return cdf[x.long()]
            return torch_equalize
        # CuPy and NumPy: the same counts, running sum and lookup
        xp = lib.xp
        return lambda: (xp.cumsum(xp.bincount(x.ravel(), minlength=256)) / x.size).astype(xp.float32)[x]

    return Case(f"equalize_hist of {n}x{n} uint8", "GB/s", build, work=5.0 * n * n)


def _resize(n: int, m: int, method: str, antialias: bool = True) -> Case:
    def build(lib: Any) -> Any:
        values = _float((n, n))
        if lib.name == "vulkit":
            x = lib.array(values)
            return lambda: lib.xp.image.resize(x, (m, m), method, antialias=antialias)
        if lib.name == "torch":
            x = lib.array(values).reshape(1, 1, n, n)
            functional = lib.xp.nn.functional
            return lambda: functional.interpolate(x, size=(m, m), mode="bilinear", antialias=antialias,
                                                  align_corners=False)
        if lib.name == "cupy":
            import cupyx.scipy.ndimage as ndimage
            x = lib.array(values)
            return lambda: ndimage.zoom(x, m / n, order=1, grid_mode=True, mode="nearest")
        from PIL import Image
        picture = Image.fromarray(values, mode="F")
        resample = Image.BILINEAR if method == "bilinear" else Image.LANCZOS
        return lambda: picture.resize((m, m), resample)

    if not antialias:  # Pillow always antialiases
        peers, note, name = ("vulkit", "torch", "cupy"), "no antialiasing, the peers' work", " without antialiasing"
    else:
        peers = None if method == "bilinear" else ("vulkit", "numpy")
        note = "CuPy's zoom does not antialias" if method == "bilinear" and m < n else ""
        name = ""
    return Case(f"{method} resize {n}^2 -> {m}^2 float32{name}", "GB/s", build, work=4.0 * (n * n + m * m),
                note=note, peers=peers)


def _rgb2gray(n: int) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(_uint8((n, n, 3)))
        if lib.name == "vulkit":
            return lambda: lib.xp.image.rgb2gray(x)
        weights = lib.array(_GRAY / 255)
        if lib.name == "torch":
            return lambda: x.to(lib.xp.float32) @ weights
        return lambda: x.astype(lib.xp.float32) @ weights

    return Case(f"rgb2gray of {n}x{n} uint8 RGB", "GB/s", build, work=7.0 * n * n)


def cases(cpu: bool) -> list[Case]:
    n = 512 if cpu else 4096
    return [_equalize(n), _resize(n, n // 2, "bilinear"), _resize(n, n // 2, "bilinear", antialias=False),
            _resize(n, 2 * n, "bilinear"),
            _resize(n, n // 2, "lanczos"), _resize(n, 2 * n, "lanczos"), _rgb2gray(n)]
