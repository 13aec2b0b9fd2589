"""NumPy/PyTorch-style array methods (``x.sum()``, ``x.max(axis=1)``, ``x.argmax()``, ``x.sort()`` ...): each one
the module-level function, with NumPy's positional order of its leading parameters (``x.sum(0)`` is
``vt.sum(x, axis=0)``).

:func:`install` puts them on :class:`~vulkit.array.array.Array`; ``vulkit.array.ops`` calls it on import. Each family
of operations lists its methods in ``METHODS`` here (import its functions above it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..array import Array
from ..numpy_protocols import host_values
from .contractions import dot
from .creation import arange
from .elementwise import clip, conj
from .gather import take
from .linalg_basic import diagonal_method, trace_method
from .manipulation import squeeze, swapaxes
from .moving import TRANSPOSE_POSITIONAL, flatten, ravel, repeat, transpose_method
from .moving import round as round_decimals
from .numpy_selection import choose, compress, put
from .numpy_sets import argpartition, partition
from .reductions import (
    all,  # noqa: A004
    any,  # noqa: A004
    argmax,
    argmin,
    max,  # noqa: A004
    mean,
    min,  # noqa: A004
    prod,
    std,
    sum,  # noqa: A004
    var,
)
from .scans import cumprod, cumsum, nonzero
from .sorting import argsort, searchsorted, sort


def sort_in_place(x: Array, axis: int = -1, *, descending: bool = False, stable: bool = True,
                  kind: str | None = None) -> None:
    """NumPy's ``x.sort()``: sorts x itself along ``axis`` and returns None (``vt.sort`` returns a sorted copy);
    ``stable`` and ``kind`` as :func:`vt.sort <vulkit.array.ops.sorting.sort>` takes them."""
    x[...] = sort(x, axis=axis, descending=descending, stable=stable, kind=kind)


def fill(x: Array, value: Any) -> None:
    """NumPy's ``x.fill(value)``: every element of x set to ``value`` (converted as assignment converts it)."""
    x[...] = value


def partition_in_place(x: Array, kth: Any, axis: int = -1, kind: str = "introselect", order: None = None) -> None:
    """NumPy's ``x.partition(kth)``: x itself rearranged as :func:`vulkit.partition` arranges a copy (a full sort
    on the GPU); ``kind`` is accepted for NumPy's sake, ``order`` (structured dtypes) is not supported."""
    if order is not None:
        raise ValueError("partition: order (fields of structured dtypes) is not supported")
    x[...] = partition(x, kth, axis=axis)


def searchsorted_method(x: Array, v: Any, side: str = "left", sorter: Array | None = None) -> Array:
    """NumPy's ``x.searchsorted(v)``: :func:`vulkit.searchsorted` of x and v."""
    return searchsorted(x, v, side=side, sorter=sorter)


def compress_method(x: Array, condition: Any, axis: int | None = None, out: Array | None = None) -> Array:
    """NumPy's ``x.compress(condition)``: :func:`vulkit.compress` of condition and x."""
    return compress(condition, x, axis=axis, out=out)


def tobytes(x: Array, order: str = "C") -> bytes:
    """NumPy's ``x.tobytes()``: the elements' bytes, read back (waits for the GPU)."""
    return x.numpy().tobytes(order=order)


def tofile(x: Array, fid: Any, sep: str = "", format: str = "%s") -> None:  # noqa: A002 - NumPy's name
    """NumPy's ``x.tofile(fid)``: the elements written to a file (read back first: waits for the GPU)."""
    x.numpy().tofile(fid, sep=sep, format=format)


# (method name, module function, the names that NumPy's method takes positionally after self, in order)
METHODS: list[tuple[str, Callable[..., Any], tuple[str, ...]]] = [
    ("sum", sum, ("axis", "dtype", "out", "keepdims")), ("prod", prod, ("axis", "dtype", "out", "keepdims")),
    ("mean", mean, ("axis", "dtype", "out", "keepdims")), ("var", var, ("axis", "dtype", "out", "ddof", "keepdims")),
    ("std", std, ("axis", "dtype", "out", "ddof", "keepdims")), ("max", max, ("axis", "out", "keepdims")),
    ("min", min, ("axis", "out", "keepdims")), ("argmax", argmax, ("axis", "out")),
    ("argmin", argmin, ("axis", "out")), ("all", all, ("axis", "out", "keepdims")),
    ("any", any, ("axis", "out", "keepdims")),
    ("flatten", flatten, ("order",)), ("ravel", ravel, ("order",)), ("clip", clip, ("min", "max")),
    ("round", round_decimals, ("decimals",)), ("__round__", round_decimals, ("decimals",)),
    ("take", take, ("indices", "axis")), ("repeat", repeat, ("repeats", "axis")), ("squeeze", squeeze, ("axis",)),
    ("swapaxes", swapaxes, ("axis1", "axis2")), ("transpose", transpose_method, TRANSPOSE_POSITIONAL),
    ("cumsum", cumsum, ("axis", "dtype", "out")), ("cumprod", cumprod, ("axis", "dtype", "out")),
    ("nonzero", nonzero, ()),
    ("sort", sort_in_place, ("axis",)), ("argsort", argsort, ("axis",)),
    ("conj", conj, ()), ("conjugate", conj, ()),
    ("dot", dot, ("b", "out")), ("diagonal", diagonal_method, ("offset", "axis1", "axis2")),
    ("trace", trace_method, ("offset", "axis1", "axis2", "dtype", "out")),
    ("fill", fill, ("value",)), ("put", put, ("ind", "v", "mode")), ("choose", choose, ("choices", "out", "mode")),
    ("compress", compress_method, ("condition", "axis", "out")),
    ("searchsorted", searchsorted_method, ("v", "side", "sorter")),
    ("partition", partition_in_place, ("kth", "axis", "kind", "order")),
    ("argpartition", argpartition, ("kth", "axis")),
    ("tobytes", tobytes, ("order",)), ("tofile", tofile, ("fid", "sep", "format")),
]


def _method(name: str, function: Callable[..., Any], positional: tuple[str, ...]) -> Callable[..., Any]:
    def method(self: Array, *args: Any, **kwargs: Any) -> Any:
        if len(args) > len(positional):
            raise TypeError(f"{name}() takes at most {len(positional)} positional arguments ({len(args)} given)")
        for key, value in zip(positional, args, strict=False):
            if key in kwargs:
                raise TypeError(f"{name}() got multiple values for argument {key!r}")
            kwargs[key] = value
        return function(self, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``x.{name}(...)``: :func:`vulkit.{function.__name__}` of x " \
                     f"({', '.join(positional) or 'no arguments'} may be given positionally)."
    return method


class FlatIterator:
    """NumPy's ``x.flat``: x's elements in C order, read by iteration (one read of x back to the host, NumPy's
    scalars) or indexing, written by indexing into x itself (``x.flat[i] = v``: :func:`vulkit.put`'s rules)."""

    def __init__(self, base: Array) -> None:
        self.base = base

    def __len__(self) -> int:
        return self.base.size

    def _values(self) -> Any:
        """x's elements read back, flat (bfloat16 as float32, as printing reads them)."""
        return host_values(self.base).reshape(-1)

    def __iter__(self) -> Any:
        return iter(self._values())

    def _flat(self) -> Array:
        return self.base.reshape((self.base.size,))

    def __getitem__(self, key: Any) -> Any:
        return self._flat()[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        put(self.base, arange(self.base.size, device=self.base.device)[key], value)

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        values = self._values()
        return values if dtype is None else values.astype(dtype)


def _flat_property() -> property:
    def getter(self: Array) -> FlatIterator:
        return FlatIterator(self)

    def setter(self: Array, value: Any) -> None:
        FlatIterator(self)[...] = value

    return property(getter, setter, doc="NumPy's ``x.flat`` (:class:`FlatIterator`); ``x.flat = v`` sets every "
                                        "element, v repeated as NumPy repeats it")


def install(cls: type = Array) -> None:
    """Give ``cls`` the methods of ``METHODS`` and NumPy's ``flat``."""
    for name, function, positional in METHODS:
        setattr(cls, name, _method(name, function, positional))
    cls.flat = _flat_property()
