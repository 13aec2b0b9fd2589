"""Python's operators on arrays (``x + y``, ``x += 1``, ``-x``, ``x < y`` ...) as the elementwise functions.

:func:`install` puts them on :class:`~vulkit.array.array.Array`; ``vulkit.array.ops`` calls it when it is first
imported, which every array operation does. The plain and reflected operators try the eager hot path first.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array
from .elementwise import FUNCTIONS
from .engine import TABLE, apply_general, fast_binary, fast_unary

_OPERAND_TYPES = (Array, bool, int, float, complex, np.ndarray, np.generic)


def _sequence(values: list | tuple) -> Any:
    """A list or tuple operand as NumPy takes it (an array of its numbers); NotImplemented's path for anything else
    (strings, objects: NumPy would make an object array, which vulkit does not have)."""
    converted = np.asarray(values)
    return converted if converted.dtype.kind in "biufc" else values


def _binary_operator(name: str, reflected: bool = False, inplace: bool = False) -> Any:
    """``Array.__<op>__`` (``__r<op>__``, ``__i<op>__``) as the elementwise function ``name``; the plain and
    reflected forms try the eager hot path once, then the general one, unless the function checks its operands
    itself."""
    function = FUNCTIONS[name]
    entry = TABLE[name]
    fast = name not in _CHECKS_OPERANDS

    def method(self: Array, other: Any) -> Any:
        if fast and not inplace:
            result = fast_binary(entry, other, self) if reflected else fast_binary(entry, self, other)
            if result is not None:
                return result
        if isinstance(other, (list, tuple)):  # NumPy's habit: nested sequences of numbers are arrays
            other = _sequence(other)
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        if inplace:
            return function(self, other, out=self)
        if fast:
            return apply_general(entry, (other, self) if reflected else (self, other))
        return function(other, self) if reflected else function(self, other)

    method.__name__ = method.__qualname__ = f"__{'i' if inplace else 'r' if reflected else ''}{name}__"
    return method


def _unary_operator(name: str) -> Any:
    entry = TABLE[name]

    def method(self: Array) -> Any:
        result = fast_unary(entry, self)
        return apply_general(entry, (self,)) if result is None else result

    return method


_CHECKS_OPERANDS = frozenset({"pow"})  # functions of _FUNCTIONS that check their operands before the kernel
_BINARY_DUNDERS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide", "floordiv": "floor_divide",
    "mod": "remainder", "pow": "pow", "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
    "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
}
_COMPARISON_DUNDERS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal", "gt": "greater",
                       "ge": "greater_equal"}
_UNARY_DUNDERS = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "bitwise_invert"}


def _matmul_operators() -> dict[str, Any]:
    """``@``, its reflected form and ``@=`` (which keeps the left operand's shape and dtype, as NumPy's)."""
    from ..dtypes import result_type  # noqa: PLC0415
    from .matmul import matmul  # noqa: PLC0415

    def forward(self: Array, other: Any) -> Any:
        return matmul(self, other) if isinstance(other, _OPERAND_TYPES) else NotImplemented

    def reflected(self: Array, other: Any) -> Any:
        return matmul(other, self) if isinstance(other, _OPERAND_TYPES) else NotImplemented

    def inplace(self: Array, other: Any) -> Any:
        if not isinstance(other, _OPERAND_TYPES):
            return NotImplemented
        dtype = result_type(self, other)
        if dtype is not self._dtype:
            raise TypeError(f"matmul: cannot write a {dtype} product into a {self.dtype} array in place")
        return matmul(self, other, out=self)

    return {"__matmul__": forward, "__rmatmul__": reflected, "__imatmul__": inplace}


def _divmod_operators() -> dict[str, Any]:
    """``divmod(x, y)`` and its reflected form: NumPy's ``divmod`` (floor quotient and remainder)."""

    def forward(self: Array, other: Any) -> Any:
        from .numpy_bits import divmod as pair  # noqa: PLC0415

        return pair(self, other) if isinstance(other, _OPERAND_TYPES) else NotImplemented

    def reflected(self: Array, other: Any) -> Any:
        from .numpy_bits import divmod as pair  # noqa: PLC0415

        return pair(other, self) if isinstance(other, _OPERAND_TYPES) else NotImplemented

    return {"__divmod__": forward, "__rdivmod__": reflected}


def install(cls: type = Array) -> None:
    """Give ``cls`` Python's arithmetic (``divmod`` too), comparison, bitwise, matrix-product and unary
    operators."""
    for dunder, method in (*_matmul_operators().items(), *_divmod_operators().items()):
        setattr(cls, dunder, method)
    for dunder, name in _BINARY_DUNDERS.items():
        setattr(cls, f"__{dunder}__", _binary_operator(name))
        setattr(cls, f"__r{dunder}__", _binary_operator(name, reflected=True))
        setattr(cls, f"__i{dunder}__", _binary_operator(name, inplace=True))
    for dunder, name in _COMPARISON_DUNDERS.items():
        setattr(cls, f"__{dunder}__", _binary_operator(name))
    for dunder, name in _UNARY_DUNDERS.items():
        setattr(cls, f"__{dunder}__", _unary_operator(name))
