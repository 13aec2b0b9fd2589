"""NumPy's index tricks, for code ported from NumPy: ``vt.mgrid`` and ``vt.ogrid`` (coordinate grids from slices),
``vt.r_`` and ``vt.c_`` (concatenation by indexing), ``vt.s_`` and ``vt.index_exp`` (index expressions).

The grids are ``arange`` or ``linspace`` (a complex step ``5j`` asks for 5 points, ends included) broadcast to
the grid on the device; ``r_`` and ``c_`` turn slices into ranges the same way and join their items with one
``concat``. Results follow NumPy's dtypes: integer grids and ranges take the default integer type, anything with a
float (or a complex step) the default floating type; ``r_``'s Python scalars take part weakly, as NumPy 2's
result_type says. ``r_``'s ``'r'`` and ``'c'`` directives build NumPy matrices, which vulkit does not have: they
raise ValueError.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array
from ..dtypes import DType, bool_, result_type
from .creation import _context_of, arange, asarray, default_float, default_int, linspace, meshgrid
from .manipulation import permute_dims, reshape
from .moving import concat, stack
from .named_errors import naming_errors

__all__ = ["c_", "index_exp", "mgrid", "ogrid", "r_", "s_"]

s_ = np.s_  # slices and tuples of them: no device data
index_exp = np.index_exp


def _bounds(item: slice, name: str) -> tuple[Any, Any, Any]:
    """(start, stop, step) of a grid or range slice, NumPy's defaults filled in."""
    start = 0 if item.start is None else item.start
    step = 1 if item.step is None else item.step
    if item.stop is None:
        raise TypeError(f"{name}: a slice needs its stop, got {item!r}")
    for value in (start, item.stop, step):
        if not isinstance(value, (int, float, complex, np.number)) or isinstance(value, bool):
            raise TypeError(f"{name}: slice bounds must be numbers, got {value!r}")
    if isinstance(start, complex) or isinstance(item.stop, complex):
        raise TypeError(f"{name}: only the step may be complex (a number of points), got {item!r}")
    if step == 0:
        raise ValueError(f"{name}: a slice's step must not be 0")
    return start, item.stop, step


def _is_float(value: Any) -> bool:
    return isinstance(value, (float, complex, np.floating, np.complexfloating))


def _points(item: slice, dtype: DType | None, name: str) -> Array:
    """The 1-D range a slice stands for: ``arange``, or ``linspace`` for a complex step (its modulus points)."""
    start, stop, step = _bounds(item, name)
    if isinstance(step, (complex, np.complexfloating)):
        return linspace(start, stop, int(abs(step)), dtype=dtype or default_float(_context_of(None)))
    return arange(start, stop, step, dtype=dtype)


class _Grid:
    """``mgrid`` (dense) and ``ogrid`` (``sparse``: one array per axis, each broadcasting against the others)."""

    def __init__(self, sparse: bool, name: str) -> None:
        self.sparse, self.name = sparse, name

    def __getitem__(self, key: Any) -> Array | tuple[Array, ...]:
        with naming_errors(self.name):
            return self._grid(key)

    def _grid(self, key: Any) -> Array | tuple[Array, ...]:
        items = key if isinstance(key, tuple) else (key,)
        for item in items:
            if not isinstance(item, slice):
                raise TypeError(f"{self.name}: index with slices (start:stop:step), got {item!r}")
        bounds = [_bounds(item, self.name) for item in items]
        floating = any(_is_float(value) for triple in bounds for value in triple)
        ctx = _context_of(None)
        dtype = default_float(ctx) if floating else default_int(ctx)
        axes = [_points(item, dtype, self.name) for item in items]
        if not isinstance(key, tuple):
            return axes[0]
        if self.sparse:
            n = len(axes)
            return tuple(reshape(a, tuple(a.shape[0] if d == i else 1 for d in range(n))) for i, a in enumerate(axes))
        if not axes:
            return asarray(np.zeros((0,), dtype=dtype.np))
        return stack(meshgrid(*axes, indexing="ij"), axis=0)

    def __repr__(self) -> str:
        return f"vulkit.{self.name}"


def _with_ndmin(x: Array, ndmin: int, trans1d: int) -> Array:
    """x with ones prepended up to ``ndmin`` dimensions, its own axes then moved to ``trans1d`` as NumPy's
    AxisConcatenator moves them."""
    ndim = x.ndim
    if ndim >= ndmin:
        return x
    y = reshape(x, (1,) * (ndmin - ndim) + tuple(x.shape))
    if trans1d == -1:
        return y
    k2, k1 = ndmin - ndim, trans1d
    if k1 < 0:
        k1 += k2 + 1
    order = list(range(ndmin))
    return permute_dims(y, tuple(order[:k1] + order[k2:] + order[k1:k2]))


class _Concatenator:
    """``r_`` (along axis 0) and ``c_`` (the last axis, items made 2-D with 1-D ones as columns), with NumPy's
    directive string ``"axis[,ndmin[,trans1d]]"`` as an optional first item."""

    def __init__(self, axis: int, ndmin: int, trans1d: int, name: str) -> None:
        self.axis, self.ndmin, self.trans1d, self.name = axis, ndmin, trans1d, name

    def _directive(self, text: str) -> tuple[int, int, int]:
        if text in ("r", "c"):
            raise ValueError(f"{self.name}: the {text!r} directive builds a NumPy matrix, which vulkit does not have")
        try:
            fields = [int(part) for part in text.split(",")]
        except ValueError:
            raise ValueError(f"{self.name}: unknown special directive {text!r}") from None
        if not 1 <= len(fields) <= 3:
            raise ValueError(f"{self.name}: unknown special directive {text!r}")
        axis, ndmin, trans1d = fields + [self.ndmin, self.trans1d][len(fields) - 1:]
        return axis, ndmin, trans1d

    def __getitem__(self, key: Any) -> Array:
        with naming_errors(self.name):
            return self._join(key)

    def _join(self, key: Any) -> Array:
        items = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        if items and isinstance(items[0], str):
            axis, ndmin, trans1d = self._directive(items[0])
            items = items[1:]
        pieces: list[Array | None] = []  # None: a scalar, made once the joined dtype is known
        for item in items:
            if isinstance(item, str):
                raise ValueError(f"{self.name}: special directives must be the first entry, got {item!r}")
            if isinstance(item, slice):
                piece = _points(item, None, self.name)
                piece = reshape(piece, (1,) * (ndmin - 1) + tuple(piece.shape)) if ndmin > 1 else piece
                if ndmin > 1 and trans1d != -1:
                    piece = permute_dims(piece, _swap_last(piece.ndim, trans1d))
                pieces.append(piece)
            else:
                pieces.append(None if _is_scalar(item) else _with_ndmin(asarray(item), ndmin, trans1d))
        if not pieces:
            return asarray(np.zeros((0,)))
        scalars = [item for item, piece in zip(items, pieces, strict=True) if piece is None]
        dtype = _joined_dtype([p.dtype for p in pieces if p is not None], scalars)
        joined = [reshape(asarray(item, dtype=dtype), (1,) * ndmin) if piece is None else piece
                  for item, piece in zip(items, pieces, strict=True)]
        return concat([p.astype(dtype) if p.dtype != dtype else p for p in joined], axis=axis)

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return f"vulkit.{self.name}"


def _swap_last(ndim: int, axis: int) -> tuple[int, ...]:
    """The permutation that swaps the last axis with ``axis``."""
    order = list(range(ndim))
    axis %= ndim
    order[-1], order[axis] = order[axis], order[-1]
    return tuple(order)


def _is_scalar(item: Any) -> bool:
    return isinstance(item, (bool, int, float, complex, np.generic))


def _joined_dtype(dtypes: list[DType], scalars: list[Any]) -> DType:
    """The dtype the pieces join in: the arrays' result type with the Python scalars weak, or the scalars' own."""
    if dtypes:
        return result_type(*dtypes, *scalars)
    if all(isinstance(s, (bool, np.bool_)) for s in scalars):
        return bool_
    return asarray(np.result_type(*scalars).type(0)).dtype


mgrid = _Grid(False, "mgrid")
ogrid = _Grid(True, "ogrid")
r_ = _Concatenator(0, 1, -1, "r_")
c_ = _Concatenator(-1, 2, 0, "c_")
