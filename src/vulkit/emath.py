"""NumPy's ``np.emath`` (``numpy.lib.scimath``): math functions whose result is complex where the real one is not
defined: ``vt.emath.sqrt(-4.0)`` is 2j, ``vt.emath.log(-1)`` is pi j, ``vt.emath.arcsin(2)`` is complex.

As NumPy does, each function looks at its real input first: where some element lies outside the real domain
(below zero for ``sqrt``, ``log``, ``log2``, ``log10``, ``logn`` and ``power``'s base; beyond +-1 for ``arccos``,
``arcsin``, ``arctanh``), the whole array is computed as complex (complex64 from float32, float16 and integers of 16
bits or fewer, complex128 otherwise, where the device has it), else as the real function. That look reads one flag
back from the device: these functions wait for the GPU. ``power`` with negative integer exponents computes in
floating point, as NumPy's does. Complex input is computed as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .array.array import Array
from .array.dtypes import complex64, complex128, float16, float32, int8, int16, uint8, uint16
from .array.ops import elementwise as ew
from .array.ops.creation import asarray
from .array.ops.named_errors import named_errors
from .array.ops.reductions import any as any_

__all__ = ["arccos", "arcsin", "arctanh", "log", "log10", "log2", "logn", "power", "sqrt"]

_SINGLE = (float32, float16, int8, int16, uint8, uint16, complex64)  # NumPy's types that go to complex64


_Function = TypeVar("_Function", bound=Callable[..., Any])


def _named(function: _Function) -> _Function:
    """``function`` whose errors start with ``emath.<name>``, the name the user called."""
    return named_errors(function, f"emath.{function.__name__}")


def _complex(a: Array) -> Array:
    """a as complex: complex64 for NumPy's single-precision and small integer types, complex128 for the others
    (complex64 where the device lacks float64)."""
    if a.dtype.kind == "c":
        return a
    wide = complex128 if "float64" in a._ctx.dtypes else complex64
    return a.astype(complex64 if a.dtype in _SINGLE else wide)


def _below_zero(a: Array) -> Array:
    """a, complex where some element is below zero."""
    return _complex(a) if a.dtype.kind != "c" and bool(any_(ew.less(a, 0))) else a


def _beyond_one(a: Array) -> Array:
    """a, complex where some element's magnitude exceeds one."""
    return _complex(a) if a.dtype.kind != "c" and bool(any_(ew.greater(ew.abs(a), 1))) else a


@_named
def logn(n: Any, x: Any) -> Array:
    """The base-n logarithm of x, log(x) / log(n), complex where either is negative."""
    return ew.divide(ew.log(_below_zero(asarray(x))), ew.log(_below_zero(asarray(n))))


@_named
def power(x: Any, p: Any) -> Array:
    """x ** p, complex where x has negative elements; negative integer exponents computed in floating point."""
    base = _below_zero(asarray(x))
    exponent = asarray(p)
    if exponent.dtype.kind in "iu" and bool(any_(ew.less(exponent, 0))):
        exponent = ew.multiply(exponent, 1.0)
    return ew.pow(base, exponent)


_Op = Callable[[Array], Array]


def _unary(name: str, real: _Op, domain: _Op, doc: str) -> Callable[..., Array]:
    """The emath function ``name``: ``real`` of x made complex by ``domain`` where it leaves the real domain."""

    def function(x: Any) -> Array:
        return real(domain(asarray(x)))

    function.__name__ = function.__qualname__ = name
    function.__doc__ = doc
    return _named(function)


sqrt = _unary("sqrt", ew.sqrt, _below_zero, "The square root, complex for negative input (``sqrt(-4)`` is 2j).")
log = _unary("log", ew.log, _below_zero, "The natural logarithm, complex for negative input (``log(-1)`` is pi j).")
log2 = _unary("log2", ew.log2, _below_zero, "The base-2 logarithm, complex for negative input.")
log10 = _unary("log10", ew.log10, _below_zero, "The base-10 logarithm, complex for negative input.")
arccos = _unary("arccos", ew.acos, _beyond_one, "The inverse cosine, complex where |x| > 1.")
arcsin = _unary("arcsin", ew.asin, _beyond_one, "The inverse sine, complex where |x| > 1.")
arctanh = _unary("arctanh", ew.atanh, _beyond_one, "The inverse hyperbolic tangent, complex where |x| > 1.")
