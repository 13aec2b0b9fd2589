"""NumPy's names whose work is done on the host, for code ported from NumPy: printing and number formatting (vulkit
prints through NumPy, so NumPy's print options are vulkit's), the floating-point error state (GPU operations raise
no floating-point flags: NumPy's state governs the NumPy work vulkit does on the host), index iteration, and
NumPy's scalar-type names: the concrete ones as vulkit's dtypes, the abstract ones
(``floating``, ``integer`` ...) as NumPy's, for :func:`vulkit.issubdtype`."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array
from ..layout import is_fortran
from ..numpy_protocols import array_repr as _values_repr
from ..numpy_protocols import host_values, vulkit_repr
from .creation import asarray, ones
from .elementwise import not_equal
from .named_errors import named_errors
from .scans import nonzero

__all__ = [
    "array2string", "array_repr", "array_str", "base_repr", "binary_repr", "bool_", "byte", "cdouble",
    "complexfloating", "csingle", "double", "einsum_path", "errstate", "floating", "format_float_positional",
    "format_float_scientific", "generic", "get_printoptions", "geterr",
    "geterrcall", "half", "inexact", "int_", "intc", "integer", "intp", "isfortran", "long", "longlong",
    "mask_indices", "ndenumerate", "ndindex", "number", "printoptions", "set_printoptions", "seterr", "seterrcall",
    "short", "signedinteger", "single", "typename", "ubyte", "uint", "uintc", "uintp", "ulong", "ulonglong",
    "unsignedinteger", "ushort", "vectorize",
]

set_printoptions = np.set_printoptions
get_printoptions = np.get_printoptions
printoptions = np.printoptions
format_float_positional = np.format_float_positional
format_float_scientific = np.format_float_scientific
binary_repr = np.binary_repr
base_repr = np.base_repr
errstate = np.errstate
seterr = np.seterr
geterr = np.geterr
seterrcall = np.seterrcall
geterrcall = np.geterrcall
ndindex = np.ndindex

# NumPy's abstract scalar types: markers of its type hierarchy, as vulkit.issubdtype takes them
generic, number, integer, signedinteger, unsignedinteger = (np.generic, np.number, np.integer, np.signedinteger,
                                                            np.unsignedinteger)
inexact, floating, complexfloating = np.inexact, np.floating, np.complexfloating

# NumPy's names of concrete scalar types, as the vulkit dtypes they are on a 64-bit platform
bool_, half, single, double, csingle, cdouble = dt.bool_, dt.float16, dt.float32, dt.float64, dt.complex64, \
    dt.complex128
byte, short, intc, int_, intp, long, longlong = dt.int8, dt.int16, dt.int32, dt.int64, dt.int64, dt.int64, dt.int64
ubyte, ushort, uintc, uint, uintp, ulong, ulonglong = dt.uint8, dt.uint16, dt.uint32, dt.uint64, dt.uint64, \
    dt.uint64, dt.uint64

def _host(a: Any) -> Any:
    return host_values(a) if isinstance(a, Array) else a


def array2string(a: Any, *args: Any, **kwargs: Any) -> str:
    """NumPy's ``array2string`` of a's values (read back), with its options."""
    return np.array2string(_host(a), *args, **kwargs)


def array_str(a: Any, *args: Any, **kwargs: Any) -> str:
    """NumPy's ``array_str`` of a's values (read back): what ``str(a)`` gives, with its options."""
    return np.array_str(_host(a), *args, **kwargs)


def array_repr(arr: Any, *args: Any, **kwargs: Any) -> str:
    """NumPy's ``array_repr`` of arr's values (read back), named as ``repr(arr)`` names a vulkit array."""
    if not isinstance(arr, Array):
        return np.array_repr(arr, *args, **kwargs)
    return vulkit_repr(_values_repr(arr, *args, **kwargs))


def typename(char: str) -> str:
    """NumPy's ``typename``: a description of a type code."""
    return np.typename(char)


def ndenumerate(arr: Any) -> Iterator[tuple[tuple[int, ...], Any]]:
    """NumPy's ``ndenumerate``: (index, value) pairs of arr's values, read back once."""
    return np.ndenumerate(_host(arr))


@named_errors
def mask_indices(n: int, mask_func: Callable[..., Any], k: Any = 0) -> tuple[Array, ...]:
    """NumPy's ``mask_indices``: the indices where ``mask_func`` (``vt.triu``, ``vt.tril`` or alike) of an n x n
    array of ones with ``k`` is nonzero, as arrays on the device (``k`` goes by keyword to a function that takes it
    only so, as vulkit's ``triu`` and ``tril`` do, else second, as NumPy passes it)."""
    square = ones((n, n), dtype=dt.int64)
    try:
        keyword_only = inspect.signature(mask_func).parameters["k"].kind is inspect.Parameter.KEYWORD_ONLY
    except (KeyError, TypeError, ValueError):
        keyword_only = False
    mask = mask_func(square, k=k) if keyword_only else mask_func(square, k)
    return nonzero(not_equal(mask, 0))


def einsum_path(subscripts: str, *operands: Any, optimize: Any = "greedy", einsum_call: bool = False) -> Any:
    """NumPy's ``einsum_path``: the contraction order it would take for operands of these shapes (the operands'
    values are not read; NumPy's path depends on the shapes alone)."""
    shaped = [np.broadcast_to(np.empty(()), x.shape) if isinstance(x, Array) else x for x in operands]
    return np.einsum_path(subscripts, *shaped, optimize=optimize, einsum_call=einsum_call)


def isfortran(a: Any) -> bool:
    """NumPy's ``isfortran``: whether a's elements lie in Fortran order and not also in C order."""
    if not isinstance(a, Array):
        return bool(np.isfortran(a))
    return is_fortran(a.shape, a._strides)


class vectorize:  # noqa: N801 - NumPy's name
    """NumPy's ``np.vectorize``: ``pyfunc`` called on each element (or core, with ``signature``) in Python, as NumPy
    does (a loop on the host, not a GPU kernel: write array operations for speed). vulkit arrays among the
    arguments are read back, the results come back as vulkit arrays. As a decorator, bare or with NumPy's keyword
    arguments."""

    def __init__(self, pyfunc: Any = None, otypes: Any = None, doc: str | None = None, excluded: Any = None,
                 cache: bool = False, signature: str | None = None) -> None:
        self._options = {"otypes": otypes, "doc": doc, "excluded": excluded, "cache": cache, "signature": signature}
        self._vectorized = None if pyfunc is None else np.vectorize(pyfunc, **self._options)
        if pyfunc is not None:
            self.__doc__ = self._vectorized.__doc__

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._vectorized is None:  # @vectorize(otypes=...): the function comes now
            (pyfunc,) = args
            return vectorize(pyfunc, **self._options)
        values = [host_values(a) if isinstance(a, Array) else a for a in args]
        named = {k: host_values(v) if isinstance(v, Array) else v for k, v in kwargs.items()}
        out = self._vectorized(*values, **named)
        return tuple(asarray(o) for o in out) if isinstance(out, tuple) else asarray(out)

