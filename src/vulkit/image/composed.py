"""scipy.ndimage's filters that are built from others, built the same way from vulkit's: the Gaussian Laplacian and
gradient magnitude (Gaussian derivatives per axis), the morphological gradient and Laplacian and the top-hats (grey
erosions and dilations), the one-axis minimum and maximum filters, and binary propagation, hole filling and
hit-or-miss (binary dilations and erosions). Each computes in the dtype scipy computes
in (the output's, wrapping as NumPy's integers wrap), so integer results match scipy's exactly."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array
from ..array.ops.creation import asarray, zeros
from ..array.ops.elementwise import add, astype, logical_and, logical_not, multiply, sqrt, subtract
from ._filter_core import as_image, finish, output_dtype, per_axis, resolve_axes
from .filters import _axes, gaussian_filter
from .morphology import (
    BINARY_DTYPES,
    _binary_output,
    binary_dilation,
    binary_erosion,
    generate_binary_structure,
    grey_closing,
    grey_dilation,
    grey_erosion,
    grey_opening,
    maximum_filter,
    minimum_filter,
)


def _per_axis_sum(function: str, input: Any, derivative: Any, output: Any, mode: Any, axes: Any,  # noqa: A002
                  square: bool, per_axis_values: tuple[Any, ...] = ()) -> Array:
    """scipy's generic Laplace and gradient magnitude: along each filtered axis in turn ``derivative(x, axis,
    out_dtype, that axis's mode, the filtered axes)`` (squared where ``square``), summed in the output's dtype."""
    x = as_image(input, function)
    filtered = _axes(x, axes, [*per_axis_values, mode], function)
    modes = per_axis(mode, len(filtered), "mode", function, x.ndim, filtered)
    out_dtype = output_dtype(x, output, function)
    total = None
    for axis, axis_mode in zip(filtered, modes, strict=True):
        term = derivative(x, axis, out_dtype, axis_mode, filtered)
        if not isinstance(term, Array):
            raise TypeError(f"{function}: the derivative must return a vulkit array, got {type(term).__name__}")
        term = term.astype(out_dtype)
        if square:
            term = multiply(term, term)
        total = term if total is None else add(total, term)
    if total is None:  # no axis to filter: the input, as scipy's
        return finish(x.astype(out_dtype), output)
    if square:
        total = sqrt(total).astype(out_dtype)
    return finish(total, output)


def _gaussian_derivative(sigma: Any, order: int, cval: float, truncate: float, radius: Any) -> Any:
    """The derivative along one axis of a Gaussian smoothing of every filtered axis (in that axis's mode)."""
    def derivative(x: Array, axis: int, out_dtype: Any, mode: str, filtered: tuple[int, ...]) -> Array:
        orders = [order if a == axis else 0 for a in filtered]
        return gaussian_filter(x, sigma, orders, out_dtype, mode, cval, truncate, radius=radius, axes=filtered)
    return derivative


def gaussian_laplace(input: Any, sigma: Any, output: Any = None, mode: Any = "reflect",  # noqa: A002
                     cval: float = 0.0, *, truncate: float = 4.0, radius: Any = None, axes: Any = None) -> Array:
    """scipy.ndimage's ``gaussian_laplace``: the sum over the filtered axes of the Gaussian's second derivative
    along each (:func:`gaussian_filter` of order 2 on that axis; each term in that axis's boundary mode)."""
    return _per_axis_sum("gaussian_laplace", input, _gaussian_derivative(sigma, 2, cval, truncate, radius), output,
                         mode, axes, False, (sigma,))


def gaussian_gradient_magnitude(input: Any, sigma: Any, output: Any = None, mode: Any = "reflect",  # noqa: A002
                                cval: float = 0.0, *, truncate: float = 4.0, radius: Any = None,
                                axes: Any = None) -> Array:
    """scipy.ndimage's ``gaussian_gradient_magnitude``: the square root of the sum over the filtered axes of the
    squared Gaussian first derivatives (:func:`gaussian_filter` of order 1 on each axis). Only the filtered axes
    are smoothed, as in scipy's ``gaussian_laplace`` (scipy 1.17's gradient magnitude given ``axes`` also smooths
    the others with sigma)."""
    return _per_axis_sum("gaussian_gradient_magnitude", input, _gaussian_derivative(sigma, 1, cval, truncate, radius),
                         output, mode, axes, True, (sigma,))


def _user_derivative(derivative: Any, cval: float, extra_arguments: Any, extra_keywords: Any) -> Any:
    """scipy's calling convention for a generic filter's derivative: (input, axis, output, mode, cval, *extra)."""
    def call(x: Array, axis: int, out_dtype: Any, mode: str, filtered: tuple[int, ...]) -> Array:
        return derivative(x, axis, out_dtype, mode, cval, *tuple(extra_arguments), **dict(extra_keywords or {}))
    return call


def generic_laplace(input: Any, derivative2: Any, output: Any = None, mode: Any = "reflect",  # noqa: A002
                    cval: float = 0.0, extra_arguments: Any = (), extra_keywords: Any = None, *,
                    axes: Any = None) -> Array:
    """scipy.ndimage's ``generic_laplace``: the sum over the filtered axes of ``derivative2(input, axis, output,
    mode, cval, *extra_arguments, **extra_keywords)``, a function of vulkit arrays (such as a second difference
    built from :func:`correlate1d`), each returning the second derivative along ``axis``."""
    return _per_axis_sum("generic_laplace", input, _user_derivative(derivative2, cval, extra_arguments,
                                                                     extra_keywords), output, mode, axes, False)


def generic_gradient_magnitude(input: Any, derivative: Any, output: Any = None, mode: Any = "reflect",  # noqa: A002
                               cval: float = 0.0, extra_arguments: Any = (), extra_keywords: Any = None, *,
                               axes: Any = None) -> Array:
    """scipy.ndimage's ``generic_gradient_magnitude``: the square root of the sum over the filtered axes of the
    squared ``derivative(input, axis, output, mode, cval, *extra_arguments, **extra_keywords)`` (for example
    :func:`sobel` or :func:`prewitt`)."""
    return _per_axis_sum("generic_gradient_magnitude", input, _user_derivative(derivative, cval, extra_arguments,
                                                                                extra_keywords), output, mode, axes,
                         True)


def _warn_size(function: str, size: Any, footprint: Any) -> None:
    if size is not None and footprint is not None:
        warnings.warn(f"{function}: ignoring size because footprint is set", UserWarning, stacklevel=4)


def morphological_gradient(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                           output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                           axes: Any = None) -> Array:
    """scipy.ndimage's ``morphological_gradient``: :func:`grey_dilation` minus :func:`grey_erosion`, in the
    input's dtype (written into ``output`` where it is an array; a dtype there is ignored, as scipy ignores it)."""
    args = (size, footprint, structure, None, mode, cval, origin)
    result = subtract(grey_dilation(input, *args, axes=axes), grey_erosion(input, *args, axes=axes))
    return finish(result, output if isinstance(output, Array) else None)


def morphological_laplace(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                          output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                          axes: Any = None) -> Array:
    """scipy.ndimage's ``morphological_laplace``: :func:`grey_dilation` plus :func:`grey_erosion` minus twice the
    input, in the input's dtype (integers wrap, as scipy's)."""
    x = as_image(input, "morphological_laplace")
    args = (size, footprint, structure, None, mode, cval, origin)
    both = add(grey_dilation(x, *args, axes=axes), grey_erosion(x, *args, axes=axes))
    return finish(subtract(subtract(both, x), x), output if isinstance(output, Array) else None)


def _tophat(function: str, white: bool, input: Any, size: Any, footprint: Any, structure: Any,  # noqa: A002
            output: Any, mode: Any, cval: float, origin: Any, axes: Any) -> Array:
    """The input minus its grey opening (``white``), or its grey closing minus the input, in the output's dtype;
    booleans as 0 and 1 (their difference is scipy's exclusive or)."""
    _warn_size(function, size, footprint)
    boolean = getattr(getattr(input, "dtype", None), "kind", None) == "b"
    x = as_image(asarray(input).astype(dt.uint8) if boolean else input, function)  # booleans as 0 and 1
    out_dtype = dt.bool_ if boolean and output is None else output_dtype(x, output, function)
    smoothing = grey_opening if white else grey_closing
    smoothed = smoothing(x, size, footprint, structure, None, mode, cval, origin, axes=axes)
    difference = subtract(x, smoothed) if white else subtract(smoothed, x)
    return finish(difference.astype(out_dtype), output)


def white_tophat(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                 output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                 axes: Any = None) -> Array:
    """scipy.ndimage's ``white_tophat``: the input minus its grey opening (exclusive or for booleans)."""
    return _tophat("white_tophat", True, input, size, footprint, structure, output, mode, cval, origin, axes)


def black_tophat(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                 output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                 axes: Any = None) -> Array:
    """scipy.ndimage's ``black_tophat``: the grey closing minus the input (exclusive or for booleans)."""
    return _tophat("black_tophat", False, input, size, footprint, structure, output, mode, cval, origin, axes)


def minimum_filter1d(input: Any, size: int, axis: int = -1, output: Any = None, mode: str = "reflect",  # noqa: A002
                     cval: float = 0.0, origin: int = 0) -> Array:
    """scipy.ndimage's ``minimum_filter1d``: :func:`minimum_filter` of ``size`` along the array axis ``axis``."""
    x = as_image(input, "minimum_filter1d")
    return minimum_filter(x, size, None, output, mode, cval, origin, axes=resolve_axes(x.ndim, axis,
                                                                                       "minimum_filter1d"))


def maximum_filter1d(input: Any, size: int, axis: int = -1, output: Any = None, mode: str = "reflect",  # noqa: A002
                     cval: float = 0.0, origin: int = 0) -> Array:
    """scipy.ndimage's ``maximum_filter1d``: :func:`maximum_filter` of ``size`` along the array axis ``axis``."""
    x = as_image(input, "maximum_filter1d")
    return maximum_filter(x, size, None, output, mode, cval, origin, axes=resolve_axes(x.ndim, axis,
                                                                                       "maximum_filter1d"))


def binary_propagation(input: Any, structure: Any = None, mask: Any = None, output: Any = None,  # noqa: A002
                       border_value: int = 0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_propagation``: :func:`binary_dilation` repeated until nothing changes, within
    ``mask`` (a pass a dispatch, with a flag read back each: as many passes as the longest path filled)."""
    return binary_dilation(input, structure, -1, mask, output, border_value, origin, axes=axes)


def binary_fill_holes(input: Any, structure: Any = None, output: Any = None, origin: Any = 0, *,  # noqa: A002
                      axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_fill_holes``: the input with every background region that does not reach the
    border set: the background propagated in from the border (:func:`binary_propagation`), inverted."""
    x = as_image(input, "binary_fill_holes", BINARY_DTYPES)
    background = logical_not(astype(x, dt.bool_))
    outside = binary_dilation(zeros(x.shape, dtype=dt.bool_, device=x.device), structure, -1, background, None, 1,
                              origin, axes=axes)
    return _binary_output(logical_not(outside), output, "binary_fill_holes")


def binary_hit_or_miss(input: Any, structure1: Any = None, structure2: Any = None, output: Any = None,  # noqa: A002
                       origin1: Any = 0, origin2: Any = None, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_hit_or_miss``: where ``structure1`` fits the foreground and ``structure2`` (default:
    structure1's complement) fits the background: the erosion of input by one and of its complement by the
    other (the border background for the second, as scipy's)."""
    x = as_image(input, "binary_hit_or_miss", BINARY_DTYPES)
    bits = astype(x, dt.bool_)
    if structure1 is None:
        n = len(resolve_axes(x.ndim, axes, "binary_hit_or_miss")) if axes is not None else x.ndim
        structure1 = generate_binary_structure(n, 1)
    if structure2 is None:
        first = np.asarray(structure1.numpy() if isinstance(structure1, Array) else structure1, dtype=bool)
        structure2 = np.logical_not(first)
    hit = binary_erosion(bits, structure1, 1, None, None, 0, origin1, axes=axes)
    miss = binary_erosion(logical_not(bits), structure2, 1, None, None, 1,
                          origin1 if origin2 is None else origin2, axes=axes)
    return _binary_output(logical_and(hit, miss), output, "binary_hit_or_miss")


__all__ = ["binary_fill_holes", "binary_hit_or_miss", "binary_propagation", "black_tophat",
           "gaussian_gradient_magnitude", "gaussian_laplace", "generic_gradient_magnitude", "generic_laplace",
           "maximum_filter1d", "minimum_filter1d",
           "morphological_gradient", "morphological_laplace", "white_tophat"]
