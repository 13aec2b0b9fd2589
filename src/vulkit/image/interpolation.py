"""scipy.ndimage's spline interpolation: ``map_coordinates``, ``affine_transform``, ``shift`` and ``zoom`` at
orders 0 (nearest) to 5, over every axis of the input as scipy's, with scipy's boundary modes (``constant``: cval
wherever a coordinate leaves [0, n - 1]; ``grid-constant``: cval in the samples outside; ``nearest``; ``reflect`` =
``grid-mirror``, half-sample symmetric; ``mirror``, whole-sample symmetric; ``wrap``, scipy's period n - 1;
``grid-wrap``, period n) and its integer outputs (rounded half away from zero, clamped to the dtype's range).

Each output element reads its (order + 1)^ndim samples by gathers, weighted in float64 where the device has it:
orders 0 and 1 from the input, orders 2 to 5 from its B-spline coefficients (``splines.py``: scipy's prefilter as a
finite correlation), weighted by the B-spline of the order. Composed of vulkit's elementwise, gather and filter
kernels."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from ..array.array import Array
from ..array.ops.creation import arange, asarray, default_float
from ..array.ops.elementwise import (
    add,
    astype,
    clip,
    copysign,
    floor,
    greater_equal,
    less,
    less_equal,
    logical_and,
    logical_or,
    multiply,
    subtract,
    trunc,
    where,
)
from ..array.ops.gather import take
from ..array.ops.manipulation import reshape
from . import splines
from ._boundary import folded, folded_index
from ._filter_core import finish, output_dtype

MODES = ("constant", "grid-constant", "nearest", "reflect", "grid-mirror", "mirror", "wrap", "grid-wrap")


def _check(function: str, order: int, mode: str) -> None:
    if not isinstance(order, (int, np.integer)) or not 0 <= order <= 5:
        raise RuntimeError(f"{function}: spline order not supported (0 to 5), got {order!r}")
    if mode not in MODES:
        raise ValueError(f"{function}: mode must be one of {', '.join(MODES)}, got {mode!r}")


def _input(function: str, input: Any) -> Array:  # noqa: A002 - scipy's name
    x = input if isinstance(input, Array) else asarray(input)
    if x.dtype.kind not in "biuf":
        raise TypeError(f"{function}: input must be real numbers, got {x.dtype.name}")
    if x.ndim < 1:
        raise RuntimeError(f"{function}: input and output rank must be > 0")
    return x


def _within(c: Array, n: int, mode: str) -> Array | None:
    """For constant mode, whether coordinates c lie within [0, n - 1] (outside: cval); None for other modes."""
    if mode != "constant":
        return None
    return logical_and(greater_equal(c, 0.0), less_equal(c, float(n - 1)))


def _corners(c: Array, n: int, mode: str, order: int) -> tuple[list[tuple[Array, Array | None, Array | None]],
                                                               Array | None]:
    """Along one axis of n samples, for coordinates c: each sample read (its index, its weight or None for order 0,
    whether it lies inside for grid-constant), and (constant mode) whether c lies within [0, n - 1]."""
    within = _within(c, n, mode)
    c = folded(c, n, mode)
    if order == 0:
        samples = [(floor(add(c, 0.5)), None)]
    else:
        low = floor(c)
        fraction = subtract(c, low)
        samples = [(low, subtract(1.0, fraction)), (add(low, 1.0), fraction)]
    return [(index, w, inside) for (index, inside), w in ((_index(i, n, mode), w) for i, w in samples)], within


def _index(i: Array, n: int, mode: str) -> tuple[Array, Array | None]:
    """Sample index i (a float array of integers) mapped into [0, n) by the mode, and (grid-constant) whether it
    was inside."""
    extension = {"reflect": "reflect", "grid-mirror": "reflect", "mirror": "mirror", "grid-wrap": "wrap"}
    inside = logical_and(greater_equal(i, 0.0), less(i, float(n))) if mode == "grid-constant" else None
    return folded_index(i, n, extension.get(mode, "clip")), inside


def _interpolate(function: str, x: Array, coordinates: list[Array], order: int, mode: str, cval: float,
                 output: Any, prefilter: bool = True) -> Array:
    """x sampled at ``coordinates`` (one float array per axis of x, all of the output's shape): orders 0 and 1 from
    x's samples, orders 2 to 5 from its B-spline coefficients (``prefilter``; else x is taken as them)."""
    out_dtype = output_dtype(x, output, function) if not isinstance(output, Array) else output.dtype
    wide = default_float(x._ctx)
    if order > 1:
        source, padding = splines.prefiltered(x, order, mode, cval, wide) if prefilter else (astype(x, wide), 0)
        per_axis = [(splines.samples(c, n, padding, mode, order), _within(c, n, mode))
                    for c, n in zip(coordinates, x.shape, strict=True)]
    else:
        source = x
        per_axis = [_corners(c, n, mode, order) for c, n in zip(coordinates, x.shape, strict=True)]
    flat = astype(reshape(source, (-1,)), wide)
    strides = [math.prod(source.shape[a + 1:]) for a in range(source.ndim)]
    total = None
    for combination in itertools.product(*(samples for samples, _ in per_axis)):
        index = None
        weight = None
        inside = None
        for (i, w, ok), stride in zip(combination, strides, strict=True):
            term = multiply(i, stride)
            index = term if index is None else add(index, term)
            if w is not None:
                weight = w if weight is None else multiply(weight, w)
            if ok is not None:
                inside = ok if inside is None else logical_and(inside, ok)
        value = take(flat, index)
        if inside is not None:
            value = where(inside, value, float(cval))
        value = value if weight is None else multiply(value, weight)
        total = value if total is None else add(total, value)
    if mode == "constant":
        outside = None
        for _, within in per_axis:
            away = ~within
            outside = away if outside is None else logical_or(outside, away)
        total = where(outside, float(cval), total)
    if out_dtype.kind in "iu":  # scipy rounds half away from zero and clamps to the dtype's range
        limits = np.iinfo(out_dtype.np)
        total = clip(trunc(add(total, copysign(0.5, total))), float(limits.min), float(limits.max))
    return finish(astype(total, out_dtype), output, function)


def _grid(shape: tuple[int, ...], x: Array) -> list[Array]:
    """The output's index along each axis, as float arrays broadcast to ``shape``."""
    wide = default_float(x._ctx)
    grids = []
    for axis, n in enumerate(shape):
        view = [1] * len(shape)
        view[axis] = n
        grids.append(reshape(arange(n, dtype=wide, device=x.device), tuple(view)))
    return grids


def _full(values: list[Array], shape: tuple[int, ...]) -> list[Array]:
    """Coordinates broadcast to the output's shape (each a new array)."""
    from ..array.ops.manipulation import broadcast_to

    return [broadcast_to(v, shape) for v in values]


def map_coordinates(input: Any, coordinates: Any, output: Any = None, order: int = 3,  # noqa: A002
                    mode: str = "constant", cval: float = 0.0, prefilter: bool = True) -> Array:
    """scipy.ndimage's ``map_coordinates``: input sampled at ``coordinates`` (shape (input.ndim, ...): the
    output's shape is the rest), orders 0 and 1 (see the module docstring)."""
    function = "map_coordinates"
    _check(function, order, mode)
    x = _input(function, input)
    c = coordinates if isinstance(coordinates, Array) else asarray(np.asarray(coordinates, np.float64),
                                                                    device=x.device)
    if c.ndim < 1 or c.shape[0] != x.ndim:
        raise RuntimeError(f"{function}: invalid shape for coordinate array: {c.shape} for an input of "
                           f"{x.ndim} dimensions")
    c = astype(c, default_float(x._ctx))
    return _interpolate(function, x, [c[a] for a in range(x.ndim)], order, mode, cval, output, prefilter)


def affine_transform(input: Any, matrix: Any, offset: Any = 0.0, output_shape: Any = None,  # noqa: A002
                     output: Any = None, order: int = 3, mode: str = "constant", cval: float = 0.0,
                     prefilter: bool = True) -> Array:
    """scipy.ndimage's ``affine_transform``: the input sampled at matrix @ o + offset for each output index o
    (``matrix``: a diagonal (ndim,), (ndim, ndim), or homogeneous (ndim, ndim + 1) / (ndim + 1, ndim + 1), whose
    last column is the offset), orders 0 and 1."""
    function = "affine_transform"
    _check(function, order, mode)
    x = _input(function, input)
    m = np.asarray(matrix.numpy() if isinstance(matrix, Array) else matrix, np.float64)
    if m.ndim not in (1, 2) or m.shape[0] < 1:
        raise RuntimeError(f"{function}: no proper affine matrix provided")
    if m.ndim == 2 and m.shape[1] == x.ndim + 1 and m.shape[0] in (x.ndim, x.ndim + 1):
        if m.shape[0] == x.ndim + 1 and not np.all(m[x.ndim] == [0] * x.ndim + [1]):
            raise ValueError(f"{function}: expected a homogeneous transformation matrix whose bottom row is "
                             f"{[0] * x.ndim + [1]}")
        offset, m = m[:x.ndim, x.ndim], m[:x.ndim, :x.ndim]
    if m.shape[0] != x.ndim:
        raise RuntimeError(f"{function}: affine matrix has wrong number of rows")
    shape = tuple(output.shape) if isinstance(output, Array) and output_shape is None else \
        tuple(x.shape if output_shape is None else output_shape)
    if m.ndim == 2 and m.shape[1] != len(shape):
        raise RuntimeError(f"{function}: affine matrix has wrong number of columns")
    shifts = np.broadcast_to(np.asarray(offset, np.float64), (x.ndim,))
    grids = _grid(shape, x)
    coordinates = []
    for a in range(x.ndim):
        # the offset first, then each axis's term in order, as scipy accumulates them (at a tie between two
        # samples, the order of the roundings picks one)
        value = add(multiply(grids[0], 0.0), float(shifts[a]))
        for b in range(len(shape)):
            weight = float(m[a]) if m.ndim == 1 and b == a else 0.0 if m.ndim == 1 else float(m[a, b])
            if weight != 0:
                value = add(value, multiply(grids[b], weight))
        coordinates.append(value)
    return _interpolate(function, x, _full(coordinates, shape), order, mode, cval, output, prefilter)


def shift(input: Any, shift: Any, output: Any = None, order: int = 3, mode: str = "constant",  # noqa: A002
          cval: float = 0.0, prefilter: bool = True) -> Array:
    """scipy.ndimage's ``shift``: the input moved by ``shift`` (per axis): output[o] = input[o - shift], orders 0
    and 1."""
    function = "shift"
    _check(function, order, mode)
    x = _input(function, input)
    moves = np.broadcast_to(np.asarray(shift, np.float64), (x.ndim,))
    grids = _grid(x.shape, x)
    return _interpolate(function, x, _full([subtract(g, float(s)) for g, s in zip(grids, moves, strict=True)],
                                           x.shape), order, mode, cval, output, prefilter)


def zoom(input: Any, zoom: Any, output: Any = None, order: int = 3, mode: str = "constant",  # noqa: A002
         cval: float = 0.0, prefilter: bool = True, *, grid_mode: bool = False) -> Array:
    """scipy.ndimage's ``zoom``: the input resampled to round(n * zoom) samples along each axis, the corner
    samples aligned (``grid_mode=True``: the pixels' outer edges, as image resizing does), orders 0 and 1."""
    function = "zoom"
    _check(function, order, mode)
    x = _input(function, input)
    factors = np.broadcast_to(np.asarray(zoom, np.float64), (x.ndim,))
    shape = tuple(int(round(n * z)) for n, z in zip(x.shape, factors, strict=True))
    if all(z == 1 for z in factors):
        result = astype(x, output_dtype(x, output, function) if not isinstance(output, Array) else output.dtype)
        return finish(result.copy() if result is x else result, output, function)
    numerator = np.array(x.shape, np.float64) - (0 if grid_mode else 1)
    denominator = np.array(shape, np.float64) - (0 if grid_mode else 1)
    steps = np.divide(numerator, denominator, out=np.ones(x.ndim), where=denominator != 0)
    grids = _grid(shape, x)
    if grid_mode:
        coordinates = [subtract(multiply(add(g, 0.5), float(s)), 0.5) for g, s in zip(grids, steps, strict=True)]
    else:
        coordinates = [multiply(g, float(s)) for g, s in zip(grids, steps, strict=True)]
    return _interpolate(function, x, _full(coordinates, shape), order, mode, cval, output, prefilter)


__all__ = ["affine_transform", "map_coordinates", "shift", "zoom"]
