"""scipy.ndimage's Fourier-domain filters: ``fourier_gaussian``, ``fourier_uniform`` and ``fourier_shift`` multiply
an array that is already a discrete Fourier transform (``vt.fft.fftn``'s; ``n`` > 0: ``axis`` is a real transform's
half spectrum of an n-point signal) by the transfer function of a Gaussian, a box of ``size``, or a shift. Each
axis's factor is 1-D (its frequencies as ``fftfreq`` or ``rfftfreq`` orders them, computed in float64 on the host)
and the product broadcasts them over the array on the GPU. Output dtypes as scipy's: complex input keeps its dtype,
float32 stays float32, other real input gives float64; ``fourier_shift`` is complex (complex128 unless the input is
complex64)."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array
from ..array.layout import normalize_axes
from ..array.ops.creation import asarray
from ..array.ops.elementwise import astype, multiply
from ..array.ops.manipulation import reshape
from ._filter_core import finish


def _transform(function: str, input: Any) -> Array:  # noqa: A002 - scipy's name
    x = input if isinstance(input, Array) else asarray(input)
    if x.dtype.kind not in "biufc":
        raise TypeError(f"{function}: input must be numbers, got {x.dtype.name}")
    return x


def _frequencies(length: int, n: int, real_axis: bool) -> np.ndarray:
    """The frequencies (cycles per sample) of an axis's ``length`` coefficients: an ``n``-point real transform's
    half spectrum (i / n), else fftfreq's order."""
    if real_axis:
        return np.arange(length) / float(n)
    return np.fft.fftfreq(length) if length else np.zeros(0)


def _apply(function: str, x: Array, per_axis: Any, n: int, axis: int, out_dtype: dt.DType, output: Any) -> Array:
    """x times the product over its axes of ``per_axis(k, frequencies)`` (each a 1-D float64 or complex128 NumPy
    array), in ``out_dtype``; written into ``output`` where it is an array."""
    n = operator.index(n)
    if x.ndim:
        (axis,) = normalize_axes(operator.index(axis), x.ndim, function)
    result = astype(x, out_dtype)
    component = dt.float64 if out_dtype in (dt.float64, dt.complex128) else dt.float32
    for k, length in enumerate(x.shape):
        factor = per_axis(k, _frequencies(length, n, n > 0 and k == axis))
        shape = [1] * x.ndim
        shape[k] = length
        kind = out_dtype if np.iscomplexobj(factor) else component
        result = multiply(result, reshape(asarray(factor.astype(kind.np), device=x.device), tuple(shape)))
    return finish(astype(result, out_dtype), output, function)


def _real_output(function: str, x: Array, output: Any) -> dt.DType:
    if isinstance(output, Array):
        return output.dtype
    if output is not None:
        found = dt.as_dtype(output)
        if found not in (dt.complex64, dt.complex128, dt.float32, dt.float64):
            raise RuntimeError(f"{function}: output type not supported ({found.name})")
        return found
    return x.dtype if x.dtype in (dt.complex64, dt.complex128, dt.float32) else dt.float64


def _per_axis_values(function: str, value: Any, ndim: int, name: str) -> np.ndarray:
    values = np.asarray(value.numpy() if isinstance(value, Array) else value, np.float64)
    if values.ndim > 1 or values.ndim == 1 and values.size != ndim:
        raise RuntimeError(f"{function}: {name} must be a number or a sequence of {ndim} numbers")
    return np.broadcast_to(values, (ndim,))


def fourier_gaussian(input: Any, sigma: Any, n: int = -1, axis: int = -1, output: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``fourier_gaussian``: the transform times exp(-2 pi^2 sigma^2 f^2) along each axis (sigma
    per axis)."""
    x = _transform("fourier_gaussian", input)
    sigmas = _per_axis_values("fourier_gaussian", sigma, x.ndim, "sigma")
    return _apply("fourier_gaussian", x, lambda k, f: np.exp(-2.0 * np.pi ** 2 * sigmas[k] ** 2 * f * f), n, axis,
                  _real_output("fourier_gaussian", x, output), output)


def fourier_uniform(input: Any, size: Any, n: int = -1, axis: int = -1, output: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``fourier_uniform``: the transform times sin(pi f size) / (pi f size) along each axis (the
    transfer function of a box of ``size`` samples; 1 at f = 0)."""
    x = _transform("fourier_uniform", input)
    sizes = _per_axis_values("fourier_uniform", size, x.ndim, "size")
    return _apply("fourier_uniform", x, lambda k, f: np.sinc(f * sizes[k]), n, axis,
                  _real_output("fourier_uniform", x, output), output)


def fourier_shift(input: Any, shift: Any, n: int = -1, axis: int = -1, output: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``fourier_shift``: the transform times exp(-2 pi i f shift) along each axis: the signal moved
    by ``shift`` samples (circularly) once transformed back."""
    x = _transform("fourier_shift", input)
    shifts = _per_axis_values("fourier_shift", shift, x.ndim, "shift")
    if isinstance(output, Array):
        out_dtype = output.dtype
    elif output is not None:
        out_dtype = dt.as_dtype(output)
        if out_dtype not in (dt.complex64, dt.complex128):
            raise RuntimeError(f"fourier_shift: output type not supported ({out_dtype.name})")
    else:
        out_dtype = x.dtype if x.dtype in (dt.complex64, dt.complex128) else dt.complex128
    return _apply("fourier_shift", x, lambda k, f: np.exp(-2j * np.pi * shifts[k] * f), n, axis, out_dtype, output)


__all__ = ["fourier_gaussian", "fourier_shift", "fourier_uniform"]
