"""The array API's elementwise functions (and NumPy's ``out=``), generated from :mod:`.table`.

Every function broadcasts its array arguments, promotes types as NumPy 2 does (Python scalars are
weak, NEP 50, and travel to the GPU as push constants), and writes into ``out`` when given (NumPy's
``same_kind`` casting rule applies).
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from ..array import Array
from ..dtypes import DType
from .arguments import array_argument
from .engine import TABLE, apply, apply_general, fast_binary, fast_unary
from .registry import Entry


def unary_function(entry: Entry, name: str, doc: str) -> Any:
    """The public function ``name(x, /, *, out=None)`` of the one-input operation ``entry`` (the eager path first)."""

    def function(x: Any, /, *, out: Array | None = None) -> Array:
        if out is None:
            result = fast_unary(entry, x)
            if result is not None:
                return result
        return apply_general(entry, (x,), out)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


def binary_function(entry: Entry, name: str, doc: str) -> Any:
    """The public function ``name(x1, x2, /, *, out=None)`` of the two-input operation ``entry``."""

    def function(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
        if out is None:
            result = fast_binary(entry, x1, x2)
            if result is not None:
                return result
        return apply_general(entry, (x1, x2), out)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return function


def _unary(name: str) -> Any:
    return unary_function(TABLE[name], name, f"Elementwise ``{name}`` (array API); ``out``: write into this array.")


def _binary(name: str) -> Any:
    return binary_function(TABLE[name], name,
                           f"Elementwise ``{name}`` of two arrays or an array and a scalar (array API).")


UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert", "ceil", "conj", "cos",
         "cosh", "exp", "expm1", "floor", "imag", "isfinite", "isinf", "isnan", "log", "log1p", "log2", "log10",
         "logical_not", "negative", "positive", "real", "reciprocal", "round", "sign", "signbit", "sin", "sinh",
         "sqrt",
         "square", "tan", "tanh", "trunc")
BINARY = ("add", "atan2", "bitwise_and", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
          "copysign", "divide", "equal", "floor_divide", "greater", "greater_equal", "hypot", "less", "less_equal",
          "logaddexp", "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "nextafter",
          "not_equal",
          "pow", "remainder", "subtract")

FUNCTIONS: dict[str, Any] = {name: _unary(name) for name in UNARY}
FUNCTIONS.update({name: _binary(name) for name in BINARY})
globals().update(FUNCTIONS)


_integer_pow = FUNCTIONS["pow"]


def pow(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:  # noqa: A001
    """Elementwise ``x1 ** x2`` (array API). An integer array to a negative integer scalar power raises
    ValueError, as in NumPy and PyTorch; a negative element of an exponent *array* gives the truncated
    result (0 unless the base is 1 or -1), since the GPU cannot report it without the host waiting."""
    if isinstance(x1, Array) and isinstance(x2, (int, np.integer)) and not isinstance(x2, (bool, np.bool_)) \
            and x2 < 0 and _integer_power(x1.dtype, x2):
        raise ValueError("Integers to negative integer powers are not allowed.")
    return _integer_pow(x1, x2, out=out)


def _integer_power(base: DType, exponent: int | np.integer) -> bool:
    """Whether ``base ** exponent`` is an integer power (a Python int exponent too negative for an unsigned
    base is left to the OverflowError of the scalar conversion, as in NumPy)."""
    if isinstance(exponent, int):
        return base.kind in "bi"
    return np.result_type(base.np, exponent).kind in "iu"


FUNCTIONS["pow"] = pow


def _bound(x: Array, value: Any, high: bool) -> Any:
    """A clip bound: None becomes the widest value of x's dtype."""
    if value is not None:
        return value
    dtype: DType = x.dtype
    if dtype.kind == "f":
        return float("inf") if high else float("-inf")
    if dtype.kind == "b":
        return high
    info = np.iinfo(dtype.np)
    return int(info.max if high else info.min)


def clip(x: Array, /, min: Any = None, max: Any = None, *, out: Array | None = None) -> Array:  # noqa: A002
    """Clamp to [min, max] (array API 2023.12); the result keeps x's dtype; NaN propagates. Not for complex numbers
    (TypeError: the array API leaves their order undefined)."""
    x = array_argument(x, "clip")
    if x.dtype.kind == "c":
        raise TypeError(f"clip is not defined for complex numbers ({x.dtype.name})")
    if isinstance(min, int) and not isinstance(min, bool) and x.dtype.kind in "iu":
        min = builtins.max(min, int(np.iinfo(x.dtype.np).min))  # noqa: A001
    if isinstance(max, int) and not isinstance(max, bool) and x.dtype.kind in "iu":
        max = builtins.min(max, int(np.iinfo(x.dtype.np).max))  # noqa: A001
    return apply(TABLE["clip"], (x, _bound(x, min, False), _bound(x, max, True)), out)


def where(condition: Any, x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """Elements of x1 where condition is true, else of x2 (promoted types, broadcast shapes)."""
    return apply(TABLE["where"], (condition, x1, x2), out)


def astype(x: Array, dtype: Any, /, *, copy: bool = True, device: Any = None) -> Array:
    """Array API ``astype``: x converted to ``dtype``."""
    result = array_argument(x, "astype").astype(dtype, copy=copy)
    return result if device is None else result.to_device(device)
