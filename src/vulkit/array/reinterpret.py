"""NumPy's ways of looking at an array's memory: ``x.view(dtype)`` (the same bytes read as another dtype, no copy)
and ``x.flags`` (its layout, as NumPy's flags object reports it)."""

from __future__ import annotations

from typing import Any

from . import dtypes as dt
from .array import Array, view
from .layout import is_contiguous, is_fortran, shares_elements


def view_as(x: Array, dtype: Any = None, type: Any = None) -> Array:  # noqa: A002 - NumPy's name
    """NumPy's ``x.view(dtype)``: x's bytes read as ``dtype``, sharing its memory. A dtype of another size
    rescales the last axis, which must be contiguous (and its bytes divide evenly), as NumPy requires; ``type``
    (ndarray subclasses) is not supported."""
    if type is not None:
        raise TypeError("view: type (an ndarray subclass) is not supported: vulkit arrays have no subclasses")
    target = x.dtype if dtype is None else dt.as_dtype(dtype)
    old, new = x.dtype.itemsize, target.itemsize
    if new == old:
        return _retyped(x, x.shape, x._strides, x._offset, target)
    if x.ndim == 0:
        raise ValueError(f"view: changing to a dtype of a different size ({x.dtype.name} to {target.name}) is not "
                         "supported for a 0-d array")
    if x.shape[-1] != 1 and x._strides[-1] != 1:
        raise ValueError("view: to change to a dtype of a different size, the last axis must be contiguous")
    last_bytes = x.shape[-1] * old
    if last_bytes % new:
        raise ValueError(f"view: the last axis's {last_bytes} bytes do not divide into {target.name} elements of "
                         f"{new} bytes")
    byte_strides = [s * old for s in x._strides[:-1]]
    if x._offset * old % new or any(s % new for s in byte_strides):
        raise ValueError(f"view: x's offset and strides are not whole {target.name} elements")
    shape = (*x.shape[:-1], last_bytes // new)
    strides = (*(s // new for s in byte_strides), 1)
    return _retyped(x, shape, strides, x._offset * old // new, target)


def _retyped(x: Array, shape: tuple[int, ...], strides: tuple[int, ...], offset: int, dtype: dt.DType) -> Array:
    result = view(x, shape, strides, offset)
    result._dtype = dtype
    return result


class ArrayFlags:
    """NumPy's ``x.flags`` for a vulkit array: ``c_contiguous``, ``f_contiguous``, ``contiguous``, ``fortran``,
    ``writeable`` (False for broadcast views, whose elements share memory) and ``aligned``, as attributes or
    NumPy's keys (``x.flags["C_CONTIGUOUS"]``, ``x.flags["C"]``). Read-only: vulkit arrays cannot be made
    read-only."""

    _KEYS = {"C": "c_contiguous", "C_CONTIGUOUS": "c_contiguous", "CONTIGUOUS": "c_contiguous",
             "F": "f_contiguous", "F_CONTIGUOUS": "f_contiguous", "FORTRAN": "fortran", "W": "writeable",
             "WRITEABLE": "writeable", "A": "aligned", "ALIGNED": "aligned"}

    def __init__(self, x: Array) -> None:
        self._x = x

    @property
    def c_contiguous(self) -> bool:
        return is_contiguous(self._x.shape, self._x._strides)

    contiguous = c_contiguous

    @property
    def f_contiguous(self) -> bool:
        return is_contiguous(self._x.shape[::-1], self._x._strides[::-1])

    @property
    def fortran(self) -> bool:
        """F-contiguous and not C-contiguous (NumPy's ``FORTRAN`` flag)."""
        return is_fortran(self._x.shape, self._x._strides)

    @property
    def writeable(self) -> bool:
        return not shares_elements(self._x.shape, self._x._strides)

    @property
    def aligned(self) -> bool:
        return True

    def __getitem__(self, key: str) -> bool:
        name = self._KEYS.get(key.upper()) if isinstance(key, str) else None
        if name is None:
            raise KeyError(f"flags: unknown flag {key!r} (vulkit reports {', '.join(sorted(self._KEYS))})")
        return getattr(self, name)

    def __repr__(self) -> str:
        return "\n".join(f"  {key} : {self[key]}" for key in ("C_CONTIGUOUS", "F_CONTIGUOUS", "WRITEABLE", "ALIGNED"))
