"""Morphology with scipy.ndimage's names, signatures and results: grey erosion and dilation (minimum and maximum
filters) over a size, a footprint or a structure, and binary erosion, dilation, opening and closing, on the
window-filter kernels (:mod:`vulkit.array.kernels.image_filter`).

As the filters (:mod:`vulkit.image.filters`), they act on the spatial axes of H x W, H x W x C and N x H x W x C
images (``axes=`` for others); footprints and structures are 2-D over those axes (or have one axis per array axis,
as scipy's). A rectangular flat window runs as one 1-D pass per axis; other footprints (and structures) as one
2-D pass over a shared tile with its halo. NaN inputs give unspecified results (scipy's depend on its scan order)."""

from __future__ import annotations

import operator
import warnings
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array
from ..array.kernels.image_filter import c_cast, compute_dtype
from ..array.ops.creation import full
from ..array.ops.elementwise import maximum, minimum
from ..array.ops.reductions import any as any_
from ..array.ops.scans import where
from . import _filter_core
from ._filter_core import (
    WindowTooLarge,
    as_image,
    contiguous,
    finish,
    mode_name,
    origin_before,
    output_dtype,
    pass_dtype,
    per_axis,
    reinterpret,
    resolve_axes,
    window,
)

BINARY_DTYPES = ("bool", "uint8", "int8", "uint16", "int16", "float16", "float32", "float64")


def _footprint_axes(x: Array, axes: Any, ndim_of: int | None, function: str) -> tuple[int, ...]:
    """The filtered axes: ``axes``, a footprint of x.ndim dimensions (every axis, as scipy's), else the spatial
    axes."""
    if axes is None and ndim_of is not None and ndim_of == x.ndim:
        return tuple(range(x.ndim))
    return resolve_axes(x.ndim, axes, function)


def _min_max(function: str, minimum: bool, input: Any, size: Any, footprint: Any, structure: Any,  # noqa: A002
             output: Any, mode: Any, cval: Any, origin: Any, axes: Any, dilate: bool = False) -> Array:
    """scipy.ndimage's ``_min_or_max_filter`` (``dilate``: grey_dilation's reflected footprint and origin)."""
    x = as_image(input, function)
    if size is None and footprint is None and structure is None:
        raise ValueError(f"{function}: size, footprint, or structure must be specified")
    if size is not None and footprint is not None:
        warnings.warn(f"{function}: ignoring size because footprint is set", UserWarning, stacklevel=3)
    fp = None if footprint is None else np.asarray(footprint.numpy() if isinstance(footprint, Array) else footprint,
                                                   dtype=bool)
    st = None if structure is None else np.asarray(structure.numpy() if isinstance(structure, Array) else structure,
                                                   dtype=np.float64)
    shaped = fp if fp is not None else st
    axes = _footprint_axes(x, axes, shaped.ndim if shaped is not None else None, function)
    n = len(axes)
    if shaped is None:
        sizes = [operator.index(s) for s in per_axis(size, n, "size", function, x.ndim, axes)]
        if any(s < 1 for s in sizes):
            raise ValueError(f"{function}: sizes must be positive, got {size}")
    else:
        if shaped.ndim != n:
            raise RuntimeError(f"{function}: footprint/structure has {shaped.ndim} dimensions, expected {n}")
        sizes = list(shaped.shape)
        if 0 in sizes:
            raise ValueError(f"{function}: empty footprint/structure")
    if fp is not None and not fp.any():
        raise ValueError(f"{function}: all-zero footprint is not supported")
    if fp is not None and fp.all() and st is None:
        fp = None
    origins = [operator.index(o) for o in per_axis(origin, n, "origin", function, x.ndim, axes)]
    if dilate:
        flip = (slice(None, None, -1),) * n
        fp = None if fp is None else fp[flip]
        st = None if st is None else st[flip]
        origins = [-o - (1 - s % 2) for o, s in zip(origins, sizes, strict=True)]
    order = np.argsort(axes)
    axes = tuple(axes[i] for i in order)
    sizes = [sizes[i] for i in order]
    origins = [origins[i] for i in order]
    fp = None if fp is None else np.transpose(fp, order)
    st = None if st is None else np.transpose(st, order)
    cval = float(cval)
    out_dtype = output_dtype(x, output, function)
    op = "min" if minimum else "max"
    befores = [origin_before(s, o, function) for s, o in zip(sizes, origins, strict=True)]
    if fp is None and st is None:  # separable: a 1-D pass per axis of size > 1
        modes = [mode_name(m, function) for m in per_axis(mode, n, "mode", function, x.ndim, axes)]
        passes = [(a, s, b, m) for a, s, b, m in zip(axes, sizes, befores, modes, strict=True) if s > 1]
        if not passes:
            return finish(x.astype(out_dtype) if x._dtype is not out_dtype else x.copy(), output)
        keep = pass_dtype(out_dtype)
        if len(passes) == 2 and _filter_core.fuse_separable(passes[0][1], passes[1][1]):  # both in one kernel
            (a0, s0, b0, m0), (a1, s1, b1, m1) = passes
            try:
                return finish(window(x, op, a0, a1, (s0, s1), (b0, b1), (m0, m1), cval, out_dtype, function,
                                     separable=True, mid=keep), output)
            except WindowTooLarge:
                pass
        for k, (a, s, b, m) in enumerate(passes):
            x = _window_min_max(x, op, [a], [s], [b], [m], cval, out_dtype if k == len(passes) - 1 else keep,
                                None, None, function)
        return finish(x, output)
    if not isinstance(mode, str):
        raise RuntimeError(f"{function}: a sequence of modes is not supported for non-separable footprints")
    m = mode_name(mode, function)
    if fp is None:
        fp = np.ones(sizes, bool)
    active = [i for i in range(n) if sizes[i] > 1]
    if len(active) > 2:
        raise NotImplementedError(f"{function}: footprints spanning more than two axes are not supported")
    if not active:
        active = [n - 1]
    shape = [sizes[i] for i in active]
    cval = c_cast(cval, x._dtype)  # scipy's footprint filters cast cval to the input's type
    result = _window_min_max(x, op, [axes[i] for i in active], shape, [befores[i] for i in active], [m] * len(active),
                             cval, out_dtype, fp.reshape(shape), None if st is None else st.reshape(shape), function)
    return finish(result, output)


def _window_min_max(x: Array, op: str, axes: list[int], sizes: list[int], befores: list[int], modes: list[str],
                    cval: float, out_dtype: dt.DType, footprint: np.ndarray | None, structure: np.ndarray | None,
                    function: str) -> Array:
    """One min/max pass over one or two axes; windows too large for shared memory split into blocks of rows (or
    columns) whose extremes are combined."""
    if len(axes) == 1:
        ay, ax, size, before = axes[0], None, (sizes[0], 1), (befores[0], 0)
        modes = [modes[0], modes[0]]
    else:
        ay, ax, size, before = axes[0], axes[1], (sizes[0], sizes[1]), (befores[0], befores[1])
    try:
        return window(x, op, ay, ax, size, before, (modes[0], modes[-1]), cval, out_dtype, function,
                      table=structure, mask=footprint, structure=structure is not None)
    except WindowTooLarge:
        if size == (1, 1):
            raise
    fp = np.ones(size, bool) if footprint is None else footprint.reshape(size)
    st = None if structure is None else structure.reshape(size)
    along = 0 if size[0] >= size[1] else 1
    half = size[along] // 2
    parts = []
    for lo, hi in ((0, half), (half, size[along])):  # a block's anchor may lie outside it: the kernels take any offset
        cut = (slice(lo, hi), slice(None)) if along == 0 else (slice(None), slice(lo, hi))
        sub_fp, sub_st = fp[cut], None if st is None else st[cut]
        if not sub_fp.any():
            continue
        sub_before = list(before)
        sub_before[along] -= lo
        if len(axes) == 2:
            parts.append(_window_min_max(x, op, axes, list(sub_fp.shape), sub_before, modes, cval,
                                         compute_dtype(x._dtype), sub_fp, sub_st, function))
        else:
            parts.append(_window_min_max(x, op, axes, [sub_fp.shape[0]], sub_before[:1], modes, cval,
                                         compute_dtype(x._dtype), sub_fp[:, 0], None if sub_st is None else
                                         sub_st[:, 0], function))
    combine = minimum if op == "min" else maximum
    total = parts[0]
    for part in parts[1:]:
        total = combine(total, part)
    return total.astype(out_dtype)


def grey_erosion(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                 output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                 axes: Any = None) -> Array:
    """scipy.ndimage's ``grey_erosion``: the minimum over the window (``size`` per axis, or the True cells of
    ``footprint``) of input minus ``structure`` (non-flat: computed in float32/float64 and stored as scipy's C
    cast)."""
    return _min_max("grey_erosion", True, input, size, footprint, structure, output, mode, cval, origin, axes)


def grey_dilation(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                  output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                  axes: Any = None) -> Array:
    """scipy.ndimage's ``grey_dilation``: the maximum over the reflected window of input plus the reflected
    ``structure`` (origins mirrored, one step further for even sizes, as scipy's)."""
    return _min_max("grey_dilation", False, input, size, footprint, structure, output, mode, cval, origin, axes,
                    dilate=True)


def grey_opening(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                 output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                 axes: Any = None) -> Array:
    """scipy.ndimage's ``grey_opening``: :func:`grey_dilation` of :func:`grey_erosion`."""
    tmp = grey_erosion(input, size, footprint, structure, None, mode, cval, origin, axes=axes)
    return grey_dilation(tmp, size, footprint, structure, output, mode, cval, origin, axes=axes)


def grey_closing(input: Any, size: Any = None, footprint: Any = None, structure: Any = None,  # noqa: A002
                 output: Any = None, mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *,
                 axes: Any = None) -> Array:
    """scipy.ndimage's ``grey_closing``: :func:`grey_erosion` of :func:`grey_dilation`."""
    tmp = grey_dilation(input, size, footprint, structure, None, mode, cval, origin, axes=axes)
    return grey_erosion(tmp, size, footprint, structure, output, mode, cval, origin, axes=axes)


def minimum_filter(input: Any, size: Any = None, footprint: Any = None, output: Any = None,  # noqa: A002
                   mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``minimum_filter`` (:func:`grey_erosion` without a structure)."""
    return _min_max("minimum_filter", True, input, size, footprint, None, output, mode, cval, origin, axes)


def maximum_filter(input: Any, size: Any = None, footprint: Any = None, output: Any = None,  # noqa: A002
                   mode: Any = "reflect", cval: float = 0.0, origin: Any = 0, *, axes: Any = None) -> Array:
    """scipy.ndimage's ``maximum_filter``: the maximum over the window as placed (not reflected, unlike
    :func:`grey_dilation`)."""
    return _min_max("maximum_filter", False, input, size, footprint, None, output, mode, cval, origin, axes)


def iterate_structure(structure: Any, iterations: int, origin: Any = None) -> Any:
    """scipy.ndimage's ``iterate_structure``: ``structure`` dilated by itself ``iterations - 1`` times (a NumPy
    array: structures are small host data), and with ``origin`` the origin scaled by ``iterations`` as well."""
    base = np.asarray(structure.numpy() if isinstance(structure, Array) else structure, dtype=bool)
    iterations = operator.index(iterations)
    if iterations < 2:
        result = base.copy()
    else:
        size = [(n - 1) * iterations + 1 for n in base.shape]
        result = np.zeros(size, dtype=bool)
        result[tuple(slice(0, n) for n in base.shape)] = base  # placed at the start, then grown by base's offsets
        offsets = np.argwhere(base)
        for _ in range(iterations - 1):
            grown = np.zeros_like(result)
            for offset in offsets:
                region = tuple(slice(o, n - (len_b - 1 - o)) for o, n, len_b in zip(offset, size, base.shape,
                                                                                      strict=True))
                inner = tuple(slice(0, n - (len_b - 1)) for n, len_b in zip(size, base.shape, strict=True))
                grown[region] |= result[inner]
            result = grown
    if origin is None:
        return result
    return result, [iterations * o for o in per_axis(origin, base.ndim, "origin", "iterate_structure")]


# -- binary --------------------------------------------------------------------------------------------------------
def generate_binary_structure(rank: int, connectivity: int) -> np.ndarray:
    """scipy.ndimage's ``generate_binary_structure``: the 3^rank cells within ``connectivity`` steps of the centre
    (a NumPy array: structures are small host data)."""
    if connectivity < 1:
        connectivity = 1
    if rank < 1:
        return np.array(True, dtype=bool)
    grid = np.abs(np.indices([3] * rank) - 1)
    return np.add.reduce(grid, 0) <= connectivity


def _binary(function: str, dilate: bool, input: Any, structure: Any, iterations: Any, mask: Any,  # noqa: A002
            output: Any, border_value: Any, origin: Any, axes: Any) -> Array:
    """scipy.ndimage's binary erosion (``dilate``: dilation, the structure reflected): each pass the minimum
    (maximum) of input != 0 over the structure's True cells, ``border_value`` outside; ``iterations`` passes (< 1:
    until nothing changes, reading back a flag per pass); where ``mask`` is False the input is kept."""
    x = as_image(input, function, BINARY_DTYPES)
    try:
        iterations = operator.index(iterations)
    except TypeError:
        raise TypeError(f"{function}: iterations parameter should be an integer") from None
    st = None if structure is None else np.asarray(structure.numpy() if isinstance(structure, Array) else structure,
                                                   dtype=bool)
    axes = _footprint_axes(x, axes, st.ndim if st is not None else None, function)
    n = len(axes)
    if st is None:
        st = generate_binary_structure(n, 1)
    if st.ndim != n:
        raise RuntimeError(f"{function}: structure has {st.ndim} dimensions, expected {n}")
    if st.size < 1:
        raise RuntimeError(f"{function}: structure must not be empty")
    origins = [operator.index(o) for o in per_axis(origin, n, "origin", function)]
    if dilate:
        st = st[(slice(None, None, -1),) * n]
        origins = [-o - (1 - s % 2) for o, s in zip(origins, st.shape, strict=True)]
    order = np.argsort(axes)
    axes = tuple(axes[i] for i in order)
    origins = [origins[i] for i in order]
    st = np.transpose(st, order)
    befores = [origin_before(s, o, function) for s, o in zip(st.shape, origins, strict=True)]
    keep = None
    if mask is not None:
        keep = as_image(mask, function, BINARY_DTYPES)
        if keep._shape != x._shape:
            raise RuntimeError(f"{function}: mask and input must have equal sizes")
        keep = keep != 0
    current = contiguous(x != 0) if x._dtype is not dt.bool_ else contiguous(x)
    bits = reinterpret(current, dt.uint8)
    active = [i for i in range(n) if st.shape[i] > 1]
    if len(active) > 2:
        raise NotImplementedError(f"{function}: structures spanning more than two axes are not supported")
    if not active:
        active = [n - 1]
    if not st.any():  # nothing in the window: erosion keeps 1 everywhere, dilation 0 (scipy's)
        return _binary_output(full(x._shape, not dilate, dtype=dt.bool_), output, function)
    shape = [st.shape[i] for i in active]
    op = "max" if dilate else "min"
    border = float(bool(border_value))
    count = 0
    while True:
        new = _window_min_max(bits, op, [axes[i] for i in active], shape, [befores[i] for i in active],
                              ["constant"] * len(active), border, dt.uint8, st.reshape(shape), None, function)
        if keep is not None:
            new = where(keep, new, bits)
        count += 1
        if iterations >= 1:
            bits = new
            if count >= iterations:
                break
        else:
            changed = bool(any_(new != bits))
            bits = new
            if not changed:
                break
    return _binary_output(reinterpret(bits, dt.bool_), output, function)


def _binary_output(result: Array, output: Any, function: str) -> Array:
    """The bool result, converted to ``output``'s dtype or written into ``output``."""
    if output is None or isinstance(output, Array):
        return finish(result, output)
    try:
        return result.astype(dt.as_dtype(output))
    except TypeError as error:
        raise TypeError(f"{function}: {error}") from None


def binary_erosion(input: Any, structure: Any = None, iterations: int = 1, mask: Any = None,  # noqa: A002
                   output: Any = None, border_value: Any = 0, origin: Any = 0, brute_force: bool = False, *,
                   axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_erosion`` (default structure: the cross of the filtered axes; ``brute_force`` is
    accepted and changes nothing). Returns a bool array."""
    return _binary("binary_erosion", False, input, structure, iterations, mask, output, border_value, origin, axes)


def binary_dilation(input: Any, structure: Any = None, iterations: int = 1, mask: Any = None,  # noqa: A002
                    output: Any = None, border_value: Any = 0, origin: Any = 0, brute_force: bool = False, *,
                    axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_dilation`` (see :func:`binary_erosion`)."""
    return _binary("binary_dilation", True, input, structure, iterations, mask, output, border_value, origin, axes)


def binary_opening(input: Any, structure: Any = None, iterations: int = 1, output: Any = None,  # noqa: A002
                   origin: Any = 0, mask: Any = None, border_value: Any = 0, brute_force: bool = False, *,
                   axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_opening``: ``iterations`` erosions, then as many dilations."""
    tmp = binary_erosion(input, structure, iterations, mask, None, border_value, origin, brute_force, axes=axes)
    return binary_dilation(tmp, structure, iterations, mask, output, border_value, origin, brute_force, axes=axes)


def binary_closing(input: Any, structure: Any = None, iterations: int = 1, output: Any = None,  # noqa: A002
                   origin: Any = 0, mask: Any = None, border_value: Any = 0, brute_force: bool = False, *,
                   axes: Any = None) -> Array:
    """scipy.ndimage's ``binary_closing``: ``iterations`` dilations, then as many erosions."""
    tmp = binary_dilation(input, structure, iterations, mask, None, border_value, origin, brute_force, axes=axes)
    return binary_erosion(tmp, structure, iterations, mask, output, border_value, origin, brute_force, axes=axes)


__all__ = ["binary_closing", "binary_dilation", "binary_erosion", "binary_opening", "generate_binary_structure",
           "grey_closing", "grey_dilation", "grey_erosion", "grey_opening", "iterate_structure", "maximum_filter",
           "minimum_filter"]
