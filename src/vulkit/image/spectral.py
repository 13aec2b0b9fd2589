"""Convolution through the FFT: ``fftconvolve`` with ``scipy.signal.fftconvolve``'s signature and results, on
:mod:`vulkit.fft` (real transforms for real input)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .. import fft as _fft
from ..array.array import Array
from ..array.dtypes import result_type
from ..array.layout import normalize_axes
from ..array.ops.creation import asarray
from ..array.ops.elementwise import astype, multiply

__all__ = ["fftconvolve"]

_MODES = ("full", "same", "valid")


def _array(x: Any) -> Array:
    return x if isinstance(x, Array) else asarray(np.asarray(x))


def _fast_length(n: int) -> int:
    """The least length >= n whose prime factors are 2, 3, 5 and 7 (one pass of small radices, no Bluestein)."""
    best = 1 << (n - 1).bit_length()
    p7 = 1
    while p7 < best:
        p5 = p7
        while p5 < best:
            p3 = p5
            while p3 < best:
                length = p3
                while length < n:
                    length *= 2
                best = min(best, length)
                p3 *= 3
            p5 *= 5
        p7 *= 7
    return best


def fftconvolve(in1: Any, in2: Any, mode: str = "full", axes: int | Sequence[int] | None = None) -> Array:
    """The convolution of ``in1`` and ``in2`` (arrays of one number of dimensions) along ``axes`` (default: all),
    computed as a product of their FFTs, as ``scipy.signal.fftconvolve``: ``mode`` "full" (every overlap),
    "same" (centred, ``in1``'s shape) or "valid" (where one operand lies inside the other). The other axes
    broadcast. Real operands give the real result type (float32 stays float32), complex ones complex.
    Each transform is padded to a length of factors 2, 3, 5 and 7."""
    a, b = _array(in1), _array(in2)
    if mode not in _MODES:
        raise ValueError(f"fftconvolve: mode must be one of {', '.join(_MODES)}, got {mode!r}")
    if a.ndim != b.ndim:
        raise ValueError(f"fftconvolve: in1 and in2 should have the same dimensionality ({a.ndim} and {b.ndim})")
    dtype = result_type(a, b)
    if dtype.kind not in "fc":
        dtype = result_type(dtype, 1.0)
    if a.ndim == 0:
        return multiply(astype(a, dtype), astype(b, dtype))
    axes_ = list(range(a.ndim)) if axes is None else sorted(normalize_axes(axes, a.ndim, "fftconvolve"))
    for axis in range(a.ndim):
        if axis not in axes_ and a.shape[axis] != b.shape[axis] and 1 not in (a.shape[axis], b.shape[axis]):
            raise ValueError(f"fftconvolve: in1 and in2 differ along axis {axis}, which is not convolved "
                             f"({a.shape[axis]} and {b.shape[axis]})")
    if a.size == 0 or b.size == 0:
        return asarray(np.zeros(0, dtype=dtype.np), device=a.device)
    if mode == "valid":
        inside = [all(a.shape[i] >= b.shape[i] for i in axes_), all(b.shape[i] >= a.shape[i] for i in axes_)]
        if not any(inside):
            raise ValueError("fftconvolve: for 'valid' mode, one must be at least as large as the other in every "
                             "convolved dimension")
        if not inside[0]:
            a, b = b, a
    full = [a.shape[i] + b.shape[i] - 1 for i in axes_]
    lengths = [_fast_length(n) for n in full]
    complex_ = dtype.kind == "c"
    forward, inverse = (_fft.fftn, _fft.ifftn) if complex_ else (_fft.rfftn, _fft.irfftn)
    spectrum = multiply(forward(astype(a, dtype), s=lengths, axes=axes_),
                        forward(astype(b, dtype), s=lengths, axes=axes_))
    result = inverse(spectrum, s=lengths, axes=axes_)
    key: list[Any] = [slice(None)] * result.ndim
    for axis, n in zip(axes_, full, strict=True):
        if mode == "full":
            start, size = 0, n
        elif mode == "same":
            size = a.shape[axis]
            start = (n - size) // 2
        else:
            size = a.shape[axis] - b.shape[axis] + 1
            start = b.shape[axis] - 1
        key[axis] = slice(start, start + size)
    cut = result[tuple(key)]
    return astype(cut, dtype) if cut.dtype != dtype else cut.copy()
