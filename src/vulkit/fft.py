"""``vt.fft``: the array API standard's FFT extension (NumPy's ``numpy.fft`` names and results), on the GPU.

Every transform runs on :mod:`vulkit.array.ops.fft`: mixed-radix Stockham passes (radices 2 to 16, 3, 9, 5, 7,
11, 13) in shared memory, one pass where a line fits a workgroup, two or three beyond; Bluestein's algorithm for
lengths with larger prime factors; real transforms of even length as complex ones of half the length. Twiddles
are computed on the host in extended precision and rounded once, so results are within a few units in the last
place of pocketfft's (NumPy's) times log2(n): a float32 FFT of 2^20 is within 2e-7 of the float64 transform
(root mean square and largest error, relative to the largest value), float64 ones within 1e-15. Types follow
NumPy: float32 and float16 in complex64, float64 in complex128, integers and booleans in the default float's
complex type; inverse real transforms return the complex type's part type (float16 for float16 input).
NaN spreads over its line as in NumPy; an infinite input to an even-length real transform gives NaN where
NumPy keeps infinities (the half-length trick subtracts them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, Device
from .array.ops.arguments import array_argument as _array_argument
from .array.ops.creation import _context_of
from .array.ops.creation import arange as _arange
from .array.ops.creation import default_float as _default_float
from .array.ops.elementwise import multiply as _multiply
from .array.ops.elementwise import where as _where
from .array.ops.fft import NORMS as _NORMS
from .array.ops.fft import axis_of as _axis_of
from .array.ops.fft import transform as _transform
from .array.ops.fft import view_of as _view_of
from .array.ops.moving import roll as _roll
from .runtime import context as _context

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
           "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _norm(norm: Any, function: str) -> str:
    if norm is None:
        return "backward"
    if norm not in _NORMS:
        raise ValueError(f'{function}: invalid norm value {norm!r}; should be "backward", "ortho" or "forward"')
    return norm


def _points(n: Any, function: str) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"{function}: the number of points must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"{function}: invalid number of FFT data points ({int(n)}) specified")
    return int(n)


# kind, sign, whether norm scales as a forward transform
_ONE_D = {"fft": ("c2c", -1, True), "ifft": ("c2c", 1, False), "rfft": ("r2c", -1, True),
          "irfft": ("c2r", 1, False), "hfft": ("c2r", -1, True), "ihfft": ("r2c", 1, False)}


def _one(function: str, x: Any, n: int | None, axis: int, norm: str | None) -> Array:
    kind, sign, forward = _ONE_D[function]
    x = _array_argument(x, function)
    norm = _norm(norm, function)
    a = _axis_of(x, axis, function)
    if n is None:
        n = 2 * (x.shape[a] - 1) if kind == "c2r" else x.shape[a]
    return _transform(x, a, _points(n, function), kind, sign, norm, forward, function)


def fft(x: Array, /, n: int | None = None, axis: int = -1, norm: str = "backward") -> Array:
    """The discrete Fourier transform along ``axis`` (input cropped or zero-padded to ``n``)."""
    return _one("fft", x, n, axis, norm)


def ifft(x: Array, /, n: int | None = None, axis: int = -1, norm: str = "backward") -> Array:
    """The inverse discrete Fourier transform along ``axis``."""
    return _one("ifft", x, n, axis, norm)


def rfft(x: Array, /, n: int | None = None, axis: int = -1, norm: str = "backward") -> Array:
    """The discrete Fourier transform of real input: the n // 2 + 1 non-negative frequencies."""
    return _one("rfft", x, n, axis, norm)


def irfft(x: Array, /, n: int | None = None, axis: int = -1, norm: str = "backward") -> Array:
    """The inverse of :func:`rfft`: n real values (default 2 (m - 1)) from n // 2 + 1 frequencies; the imaginary
    parts of the zero (and, for even n, the Nyquist) frequency are ignored, as NumPy's are."""
    return _one("irfft", x, n, axis, norm)


def hfft(x: Array, /, n: int | None = None, axis: int = -1, norm: str = "backward") -> Array:
    """The transform of a signal with Hermitian symmetry (given by its first half): n real values."""
    return _one("hfft", x, n, axis, norm)


def ihfft(x: Array, /, n: int | None = None, axis: int = -1, norm: str = "backward") -> Array:
    """The inverse of :func:`hfft`: the n // 2 + 1 first values of the inverse transform of real input."""
    return _one("ihfft", x, n, axis, norm)


def _cook(x: Array, s: Sequence[int] | None, axes: list[int] | None, function: str,
          inverse_real: bool = False) -> tuple[list[int], list[int]]:
    """NumPy's ``s`` and ``axes``: axes default to all (or, given ``s``, the last len(s)); ``s`` to the input's
    lengths (the last, for an inverse real transform, 2 (m - 1)); -1 in ``s`` takes the input's length."""
    if axes is None:
        axes = list(range(x.ndim)) if s is None else [_axis_of(x, a, function) for a in range(-len(s), 0)]
    if s is None:
        sizes = [x.shape[a] for a in axes]
        if inverse_real and sizes:
            sizes[-1] = 2 * (x.shape[axes[-1]] - 1)
    else:
        sizes = list(s)
        if len(sizes) != len(axes):
            raise ValueError(f"{function}: s and axes have different lengths ({len(sizes)} and {len(axes)})")
        sizes = [x.shape[a] if v == -1 else v for v, a in zip(sizes, axes, strict=True)]
    return [_points(v, function) for v in sizes], axes


def _norm_axes(x: Array, axes: Any, function: str) -> list[int] | None:
    if axes is None:
        return None
    items = axes if isinstance(axes, (list, tuple)) else (axes,)
    return [_axis_of(x, a, function) for a in items]


def _many(function: str, x: Any, s: Sequence[int] | None, axes: Sequence[int] | None, norm: str | None,
          sign: int, forward: bool) -> Array:
    x = _array_argument(x, function)
    norm = _norm(norm, function)
    sizes, axes_ = _cook(x, s, _norm_axes(x, axes, function), function)
    if not axes_:
        return _view_of(x)
    for n, a in reversed(list(zip(sizes, axes_, strict=True))):
        x = _transform(x, a, n, "c2c", sign, norm, forward, function)
    return x


def fftn(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
         norm: str = "backward") -> Array:
    """The n-dimensional discrete Fourier transform over ``axes`` (all by default), each cropped or padded to
    the matching length of ``s`` (-1: as it is)."""
    return _many("fftn", x, s, axes, norm, -1, True)


def ifftn(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: str = "backward") -> Array:
    """The n-dimensional inverse discrete Fourier transform."""
    return _many("ifftn", x, s, axes, norm, 1, False)


def _real(function: str, x: Any, s: Sequence[int] | None, axes: Sequence[int] | None, norm: str | None) -> Array:
    x = _array_argument(x, function)
    norm = _norm(norm, function)
    sizes, axes_ = _cook(x, s, _norm_axes(x, axes, function), function)
    if not axes_:
        return _view_of(x)
    x = _transform(x, axes_[-1], sizes[-1], "r2c", -1, norm, True, function)
    for n, a in zip(sizes[:-1], axes_[:-1], strict=True):
        x = _transform(x, a, n, "c2c", -1, norm, True, function)
    return x


def _real_inverse(function: str, x: Any, s: Sequence[int] | None, axes: Sequence[int] | None,
                  norm: str | None) -> Array:
    x = _array_argument(x, function)
    norm = _norm(norm, function)
    sizes, axes_ = _cook(x, s, _norm_axes(x, axes, function), function, inverse_real=True)
    if not axes_:
        return _view_of(x)
    for n, a in zip(sizes[:-1], axes_[:-1], strict=True):
        x = _transform(x, a, n, "c2c", 1, norm, False, function)
    return _transform(x, axes_[-1], sizes[-1], "c2r", 1, norm, False, function)


def rfftn(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: str = "backward") -> Array:
    """The n-dimensional transform of real input: :func:`rfft` over the last of ``axes``, then the complex
    transform over the others."""
    return _real("rfftn", x, s, axes, norm)


def irfftn(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
           norm: str = "backward") -> Array:
    """The inverse of :func:`rfftn`: the complex inverse over all but the last of ``axes``, then :func:`irfft`
    over the last (``s[-1]`` real values, default 2 (m - 1))."""
    return _real_inverse("irfftn", x, s, axes, norm)


# -- NumPy's two-dimensional names (not in the array API standard): the n-dimensional transforms over ``axes``,
# by default the last two; ``s``, ``axes`` and ``norm`` may be given by position, as NumPy allows (no ``out``)
def fft2(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = (-2, -1),
         norm: str = "backward") -> Array:
    """NumPy's ``fft2``: :func:`fftn` over ``axes`` (default the last two), each cropped or padded to ``s``."""
    return _many("fft2", x, s, axes, norm, -1, True)


def ifft2(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = (-2, -1),
          norm: str = "backward") -> Array:
    """NumPy's ``ifft2``: :func:`ifftn` over ``axes`` (default the last two)."""
    return _many("ifft2", x, s, axes, norm, 1, False)


def rfft2(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = (-2, -1),
          norm: str = "backward") -> Array:
    """NumPy's ``rfft2``: :func:`rfftn` over ``axes`` (default the last two; the last gets n // 2 + 1
    frequencies)."""
    return _real("rfft2", x, s, axes, norm)


def irfft2(x: Array, /, s: Sequence[int] | None = None, axes: Sequence[int] | None = (-2, -1),
           norm: str = "backward") -> Array:
    """NumPy's ``irfft2``: :func:`irfftn` over ``axes`` (default the last two; ``s[-1]`` real values along the
    last, default 2 (m - 1))."""
    return _real_inverse("irfft2", x, s, axes, norm)


def _freq_dtype(dtype: Any, ctx: Any, function: str) -> Any:
    if dtype is None:
        return _default_float(ctx)
    d = dt.as_dtype(dtype)
    if d.kind != "f":
        raise TypeError(f"{function}: dtype must be a real floating-point type, got {d}")
    return d


def _frequencies(function: str, n: Any, d: Any, dtype: Any, device: Any, half: bool) -> Array:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"{function}: n must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"{function}: n must be positive, got {n}")
    ctx = _context_of(device) if device is not None else _context.current()
    out_dtype = _freq_dtype(dtype, ctx, function)
    wide = _default_float(ctx)
    k = _arange(n // 2 + 1 if half else n, dtype=dt.int32 if n < 1 << 31 else dt.int64, device=Device(ctx.index))
    if not half:
        k = _where(k < (n - 1) // 2 + 1, k, k - n)
    result = _multiply(k.astype(wide), 1.0 / (n * float(d)))
    return result.astype(out_dtype) if result.dtype != out_dtype else result


def fftfreq(n: int, /, d: float = 1.0, *, dtype: Any = None, device: Any = None) -> Array:
    """The sample frequencies of a transform of length n and spacing d: [0, 1, ..., -(n // 2), ..., -1] / (d n),
    computed in the default float (as NumPy's float64) and given in ``dtype`` (default: the default float)."""
    return _frequencies("fftfreq", n, d, dtype, device, False)


def rfftfreq(n: int, /, d: float = 1.0, *, dtype: Any = None, device: Any = None) -> Array:
    """The sample frequencies of :func:`rfft`'s results: [0, 1, ..., n // 2] / (d n)."""
    return _frequencies("rfftfreq", n, d, dtype, device, True)


def _shift(function: str, x: Any, axes: Any, sign: int) -> Array:
    x = _array_argument(x, function)
    found = list(range(x.ndim)) if axes is None else _norm_axes(x, axes, function)
    assert found is not None
    if not found:
        return _view_of(x)
    return _roll(x, tuple(sign * (x.shape[a] // 2) for a in found), axis=tuple(found))


def fftshift(x: Array, /, axes: int | Sequence[int] | None = None) -> Array:
    """x with the zero frequency moved to the middle of ``axes`` (all by default): a roll by n // 2."""
    return _shift("fftshift", x, axes, 1)


def ifftshift(x: Array, /, axes: int | Sequence[int] | None = None) -> Array:
    """The inverse of :func:`fftshift`: a roll by -(n // 2)."""
    return _shift("ifftshift", x, axes, -1)
