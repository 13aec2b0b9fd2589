"""scipy.ndimage's B-spline prefilter and spline interpolation of orders 2 to 5.

``spline_filter1d`` turns samples into B-spline coefficients: the inverse of the B-spline's sampled kernel, a
symmetric recursive filter of one pole (orders 2 and 3) or two (4 and 5). Its impulse response, a product of
factors z^|k| normalised to gain 1, falls below 1e-18 within a few dozen samples, so vulkit runs it as that finite
correlation (:func:`correlate1d`, in float64 where the device has it) with the boundary extension scipy's exact
recursions assume for each mode (mirror for ``mirror``, ``wrap``, ``constant`` and ``grid-constant``; half-sample
reflection for ``reflect``, ``grid-mirror`` and ``nearest``; periodic for ``grid-wrap``): scipy's coefficients to
about 1e-14, except ``reflect`` on axes of fewer than about 12 samples, where scipy's recursion starts from an
approximation (a difference up to 5e-3 of the values at order 5 on 2 samples).

:func:`samples` gives the interpolation's (index, weight, inside) triples along one axis: the order + 1
coefficients around each coordinate (folded as scipy folds it), weighted by the B-spline of that order."""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array
from ..array.ops.creation import asarray, default_float
from ..array.ops.elementwise import (
    abs as abs_,
)
from ..array.ops.elementwise import (
    add,
    astype,
    clip,
    floor,
    greater_equal,
    less,
    logical_and,
    multiply,
    subtract,
    where,
)
from ..array.ops.moving import pad
from ._boundary import folded, folded_index
from ._filter_core import finish

# the filter's poles by order (Unser's B-spline interpolation; scipy's ni_splines)
POLES = {2: (math.sqrt(8.0) - 3.0,), 3: (math.sqrt(3.0) - 2.0,),
         4: (math.sqrt(664.0 - math.sqrt(438976.0)) + math.sqrt(304.0) - 19.0,
             math.sqrt(664.0 + math.sqrt(438976.0)) - math.sqrt(304.0) - 19.0),
         5: (math.sqrt(67.5 - math.sqrt(4436.25)) + math.sqrt(26.25) - 6.5,
             math.sqrt(67.5 + math.sqrt(4436.25)) - math.sqrt(26.25) - 6.5)}
# the boundary extension of the coefficients that scipy's recursion assumes, by mode
EXTENSION = {"mirror": "mirror", "wrap": "mirror", "constant": "mirror", "grid-constant": "mirror",
             "reflect": "reflect", "grid-mirror": "reflect", "nearest": "reflect", "grid-wrap": "wrap"}
PAD = 12  # samples scipy pads nearest and grid-constant inputs with before filtering


@functools.cache
def taps(order: int) -> np.ndarray:
    """The prefilter of ``order`` as a finite symmetric correlation (its impulse response down to 1e-18)."""
    h = np.ones(1)
    for z in POLES[order]:
        reach = math.ceil(math.log(1e-18) / math.log(abs(z)))
        factor = z ** np.abs(np.arange(-reach, reach + 1))
        h = np.convolve(h, factor / factor.sum())
    return h


def prefiltered(x: Array, order: int, mode: str, cval: float, wide: dt.DType) -> tuple[Array, int]:
    """The B-spline coefficients of x along every axis for interpolating in ``mode``, and the padding they carry on
    each side (scipy pads nearest and grid-constant inputs first)."""
    from .filters import correlate1d  # the filters module imports the image package's helpers

    work = astype(x, wide)
    padding = PAD if mode in ("nearest", "grid-constant") else 0
    if padding:
        # scipy pads the input in its own dtype: cval as that dtype holds it (-30 pads a uint8 image with 226)
        fill = float(np.array(cval).astype(x.dtype.np)) if x.dtype.kind in "biu" else float(cval)
        work = pad(work, padding, mode="edge") if mode == "nearest" else \
            pad(work, padding, mode="constant", constant_values=fill)
    weights = taps(order)
    for axis in range(work.ndim):
        if work.shape[axis] > 1:
            work = correlate1d(work, weights, axis=axis, mode=EXTENSION[mode])
    return work, padding


def bspline(order: int, x: Array) -> Array:
    """The centred B-spline of ``order`` at x."""
    t = abs_(x)
    if order == 2:
        return where(less(t, 0.5), subtract(0.75, multiply(t, t)),
                     where(less(t, 1.5), multiply(0.5, _power(subtract(1.5, t), 2)), 0.0))
    if order == 3:
        inner = add(subtract(2.0 / 3.0, multiply(t, t)), multiply(_power(t, 3), 0.5))
        return where(less(t, 1.0), inner, where(less(t, 2.0), _divided(_power(subtract(2.0, t), 3), 6.0), 0.0))
    if order == 4:
        t2 = multiply(t, t)
        inner = add(multiply(t2, subtract(multiply(t2, 0.25), 0.625)), 115.0 / 192.0)
        middle = add(multiply(-1.0, multiply(t, add(multiply(t, add(multiply(t, subtract(_divided(t, 6.0), 5.0 / 6.0)),
                                                                    1.25)), -5.0 / 24.0))), 55.0 / 96.0)
        return where(less(t, 0.5), inner, where(less(t, 1.5), middle,
                                                where(less(t, 2.5), _divided(_power(subtract(2.5, t), 4), 24.0), 0.0)))
    t2 = multiply(t, t)
    inner = add(multiply(t2, subtract(multiply(t2, subtract(0.25, _divided(t, 12.0))), 0.5)), 0.55)
    middle = add(multiply(t, add(multiply(t, add(multiply(t, add(multiply(t, subtract(_divided(t, 24.0), 0.375)),
                                                                  1.25)), -1.75)), 0.625)), 0.425)
    return where(less(t, 1.0), inner, where(less(t, 2.0), middle,
                                            where(less(t, 3.0), _divided(_power(subtract(3.0, t), 5), 120.0), 0.0)))


def _power(x: Array, k: int) -> Array:
    result = x
    for _ in range(k - 1):
        result = multiply(result, x)
    return result


def _divided(x: Array, d: float) -> Array:
    return multiply(x, 1.0 / d)


def samples(c: Array, n: int, padding: int, mode: str, order: int) -> list[tuple[Array, Array, Array | None]]:
    """Along one axis of n samples (of n + 2 padding coefficients): the order + 1 coefficients read for each
    coordinate c, as (index, B-spline weight, inside: grid-constant's coefficients beyond its padding read cval)."""
    size = n + 2 * padding
    if mode == "nearest":  # within the padded coefficients, not clamped to the input's own samples
        cc = clip(add(c, float(padding)), 0.0, float(size - 1))
    else:
        cc = add(folded(c, n, mode), float(padding))
    start = subtract(floor(add(cc, 0.5 if order % 2 == 0 else 0.0)), float(order // 2))
    found = []
    for j in range(order + 1):
        i = add(start, float(j))
        weight = bspline(order, subtract(cc, i))
        inside = None
        if mode == "grid-constant":
            inside = logical_and(greater_equal(i, 0.0), less(i, float(size)))
        found.append((folded_index(i, size, EXTENSION[mode]), weight, inside))
    return found


def spline_filter1d(input: Any, order: int = 3, axis: int = -1, output: Any = dt.float64,  # noqa: A002
                    mode: str = "mirror") -> Array:
    """scipy.ndimage's ``spline_filter1d``: the B-spline coefficients of ``order`` (2 to 5; 0 and 1 copy) along
    ``axis`` (see the module docstring), in ``output``'s dtype (float64 by default, as scipy's)."""
    from .filters import correlate1d

    x = input if isinstance(input, Array) else asarray(input)
    if not isinstance(order, (int, np.integer)) or not 0 <= order <= 5:
        raise RuntimeError(f"spline_filter1d: spline order not supported (0 to 5), got {order!r}")
    if mode not in EXTENSION:
        raise ValueError(f"spline_filter1d: mode must be one of {', '.join(EXTENSION)}, got {mode!r}")
    wide = default_float(x._ctx)
    target = output.dtype if isinstance(output, Array) else dt.as_dtype(output)
    work = astype(x, wide)
    if order > 1 and x.ndim and x.shape[axis % x.ndim] > 1:
        work = correlate1d(work, taps(order), axis=axis, mode=EXTENSION[mode])
    return finish(astype(work, target), output, "spline_filter1d")


def spline_filter(input: Any, order: int = 3, output: Any = dt.float64, mode: str = "mirror") -> Array:  # noqa: A002
    """scipy.ndimage's ``spline_filter``: :func:`spline_filter1d` along every axis (orders 2 to 5, as scipy's)."""
    if not isinstance(order, (int, np.integer)) or not 2 <= order <= 5:
        raise RuntimeError(f"spline_filter: spline order not supported (2 to 5), got {order!r}")
    x = input if isinstance(input, Array) else asarray(input)
    work = x
    for axis in range(x.ndim):
        work = spline_filter1d(work, order, axis, default_float(x._ctx), mode)
    target = output.dtype if isinstance(output, Array) else dt.as_dtype(output)
    return finish(astype(work, target), output, "spline_filter")


__all__ = ["spline_filter", "spline_filter1d"]
