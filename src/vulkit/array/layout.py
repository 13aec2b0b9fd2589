"""Shapes and strides (in elements): broadcasting, contiguity, merging dimensions, basic indexing; checking
the shapes and axes users pass."""

from __future__ import annotations

import operator
from typing import Any

from numpy.exceptions import AxisError

Shape = tuple[int, ...]
_STRIDES: dict[Shape, Shape] = {}


def contiguous_strides(shape: Shape) -> Shape:
    """C-order strides in elements (remembered per shape: the eager path asks for the same few)."""
    found = _STRIDES.get(shape)
    if found is not None:
        return found
    if len(_STRIDES) > 4096:
        _STRIDES.clear()
    found = _STRIDES[shape] = _strides_of(shape)
    return found


def _strides_of(shape: Shape) -> Shape:
    strides = []
    step = 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def is_contiguous(shape: Shape, strides: Shape) -> bool:
    """Whether the elements are in C order without gaps (dimensions of size 1 have any stride)."""
    step = 1
    for n, s in zip(reversed(shape), reversed(strides), strict=True):
        if n == 0:
            return True
        if n != 1 and s != step:
            return False
        step *= n
    return True


def shares_elements(shape: Shape, strides: Shape) -> bool:
    """Whether several positions read one element (a broadcast: stride 0 over 2 or more elements), which NumPy
    makes read-only."""
    return any(stride == 0 and n > 1 for n, stride in zip(shape, strides, strict=True))


def is_fortran(shape: Shape, strides: Shape) -> bool:
    """Whether the elements are in Fortran order without gaps and not also in C order (NumPy's ``isfortran``)."""
    return is_contiguous(shape[::-1], strides[::-1]) and not is_contiguous(shape, strides)


def size_of(shape: Shape) -> int:
    size = 1
    for n in shape:
        size *= n
    return size


def _integers(value: Any, iterables: bool = True) -> tuple[int, ...]:
    """An integer or a sequence of integers as a tuple of ints; TypeError for anything else (bools included).
    Without ``iterables`` (axes, as NumPy reads them) only a tuple, list or range is a sequence: an array of
    several elements is a TypeError from ``operator.index``."""
    if iterables:
        try:
            items = tuple(value)
        except TypeError:  # not iterable (or a 0-d array): one integer
            items = (value,)
    else:
        items = tuple(value) if isinstance(value, (tuple, list, range)) else (value,)
    for item in items:
        if isinstance(item, bool):  # an int to Python, not to NumPy or the array API
            raise TypeError(f"expected integers, got the boolean {item!r}")
    return tuple(operator.index(item) for item in items)


def as_shape(shape: Any, *, unknown: bool = False) -> Shape:
    """A shape a user passed (an integer or a sequence of integers) as a tuple of ints.

    TypeError for non-integers, ValueError for negative sizes; ``unknown`` allows -1 (reshape's "the
    size that fits").
    """
    dims = _integers(shape)
    if any(n < 0 and not (unknown and n == -1) for n in dims):
        raise ValueError(f"negative dimensions are not allowed: {dims}")
    return dims


def broadcast_shapes(*shapes: Shape) -> Shape:
    """The broadcast shape; ValueError naming the shapes that do not broadcast."""
    ndim = max((len(s) for s in shapes), default=0)
    result = [1] * ndim
    for shape in shapes:
        for i, n in enumerate(shape, ndim - len(shape)):
            if n == result[i] or n == 1:
                continue
            if result[i] == 1:
                result[i] = n
            else:
                text = " ".join(str(tuple(s)) for s in shapes)
                raise ValueError(f"operands could not be broadcast together with shapes {text}")
    return tuple(result)


def broadcast_strides(shape: Shape, strides: Shape, target: Shape) -> Shape:
    """Strides of an array of ``shape`` viewed as ``target`` (0 along broadcast dimensions)."""
    lead = len(target) - len(shape)
    out = [0] * lead
    for n, s, t in zip(shape, strides, target[lead:], strict=True):
        out.append(s if n == t else 0)
    return tuple(out)


def merge_dims(shape: Shape, strides: list[Shape]) -> tuple[Shape, list[Shape]]:
    """Drop size-1 dimensions and merge neighbours that every operand walks contiguously.

    Returns the smallest equivalent (shape, strides per operand); at least one dimension.
    """
    dims = [i for i, n in enumerate(shape) if n != 1]
    if not dims:
        return (1,), [(0,) for _ in strides]
    new_shape = [shape[dims[0]]]
    new_strides = [[s[dims[0]]] for s in strides]
    for i in dims[1:]:
        n = shape[i]
        if all(ns[-1] == s[i] * n for ns, s in zip(new_strides, strides, strict=True)):
            new_shape[-1] *= n
            for ns, s in zip(new_strides, strides, strict=True):
                ns[-1] = s[i]
        else:
            new_shape.append(n)
            for ns, s in zip(new_strides, strides, strict=True):
                ns.append(s[i])
    return tuple(new_shape), [tuple(s) for s in new_strides]


def normalize_axes(axis: Any, ndim: int, name: str | None = None) -> tuple[int, ...]:
    """``axis`` (an integer or a sequence of them, negative ones counting from the end) as axes in
    range(ndim): NumPy's AxisError (a ValueError and an IndexError) out of range, ValueError for a
    repeated axis; ``name`` (the argument's) prefixes the messages."""
    prefix = f"{name}: " if name else ""
    try:
        axes = _integers(axis, iterables=False)
    except TypeError as error:
        raise TypeError(f"{prefix}axis must be an integer or a tuple of integers, got {axis!r} ({error})") from None
    for a in axes:
        if not -ndim <= a < ndim:
            raise AxisError(a, ndim, name)
    normalized = tuple(a % ndim for a in axes)
    if len(set(normalized)) != len(normalized):
        raise ValueError(f"{prefix}repeated axis in {axis}")
    return normalized


def basic_index(shape: Shape, strides: Shape, offset: int, key: tuple[Any, ...]) -> tuple[Shape, Shape, int]:
    """(shape, strides, offset) of the view ``key`` selects; key holds ints, slices, None, Ellipsis."""
    n_real = sum(1 for k in key if k is not None and k is not Ellipsis)
    if sum(1 for k in key if k is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if n_real > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, "
                         f"but {n_real} were indexed")
    expanded: list[Any] = []
    for k in key:
        if k is Ellipsis:
            expanded += [slice(None)] * (len(shape) - n_real)
        else:
            expanded.append(k)
    expanded += [slice(None)] * (len(shape) - sum(1 for k in expanded if k is not None))
    new_shape: list[int] = []
    new_strides: list[int] = []
    dim = 0
    for k in expanded:
        if k is None:
            new_shape.append(1)
            new_strides.append(0)
            continue
        n, s = shape[dim], strides[dim]
        if isinstance(k, slice):
            start, stop, step = k.indices(n)
            length = len(range(start, stop, step))
            if length:
                offset += start * s
            new_shape.append(length)
            new_strides.append(s * step)
        else:
            i = operator.index(k)
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
            offset += (i % n) * s
        dim += 1
    return tuple(new_shape), tuple(new_strides), offset
