"""What NumPy's names beyond the standard (numpy_math, numpy_stats, numpy_signal, numpy_sets) share: host data made
vulkit arrays on the device of the arrays beside it, casts, float32 standing in for float64 on devices without it,
complex numbers built from or handled by their real and imaginary parts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...runtime import context as _context
from .. import dtypes as dt
from ..array import Array, asarray_like
from ..dtypes import DType
from . import elementwise as ew
from .creation import asarray, empty
from .manipulation import broadcast_shapes, broadcast_to

__all__ = ["as_array", "by_parts", "cast_to", "context_of", "from_parts", "on_device", "ufunc_operands", "write_out"]


def context_of(*values: Any) -> Any:
    """The device context of the first vulkit array among ``values`` (the current one where there is none)."""
    first = next((v for v in values if isinstance(v, Array)), None)
    return first._ctx if first is not None else _context.current()


def as_array(value: Any, *like: Any) -> Array:
    """``value`` as a vulkit array: host data through ``vt.asarray`` (the device's default dtypes) onto the device
    of the first array among ``like``, or the current device."""
    if isinstance(value, Array):
        return value
    first = next((v for v in like if isinstance(v, Array)), None)
    return asarray(value, device=first.device if first is not None else None)


def on_device(dtype: DType, ctx: Any) -> DType:
    """``dtype``, or float32 / complex64 in place of float64 / complex128 on a device without float64."""
    if dtype.component is dt.float64 and "float64" not in ctx.dtypes:
        return dt.complex64 if dtype.kind == "c" else dt.float32
    return dtype


def cast_to(value: Any, dtype: DType, ctx: Any) -> Array:
    """``value`` as an array of ``dtype`` (a Python scalar uploaded as one)."""
    if isinstance(value, Array):
        return value if value.dtype is dtype else value.astype(dtype)
    return asarray_like(value, ctx, dtype)


def from_parts(real_part: Array, imag_part: Array, dtype: DType) -> Array:
    """The complex array of ``dtype`` with these parts (written through views of its parts: no arithmetic, so
    infinities and NaNs stay where they are)."""
    shape = broadcast_shapes(real_part.shape, imag_part.shape)
    out = empty(shape, dtype=dtype, device=real_part.device)
    out.real[...] = broadcast_to(real_part, shape)
    out.imag[...] = broadcast_to(imag_part, shape)
    return out


def by_parts(x: Array, function: Callable[[Array], Array]) -> Array:
    """``function`` of a real array, or of each part of a complex one (the parts put together again)."""
    if x.dtype.kind != "c":
        return function(x)
    return from_parts(function(ew.real(x)), function(ew.imag(x)), x.dtype)


_PYTHON_SCALARS = (bool, int, float, complex)


def ufunc_operands(*values: Any) -> list[Any]:
    """Operands of an elementwise function: host arrays, lists and NumPy scalars become vulkit arrays; Python
    scalars stay as they are (weakly typed, NEP 50) unless all are, then the first becomes an array. NumPy's
    float64 and complex128 scalars subclass Python's float and complex but are typed strongly, as arrays."""
    ctx = context_of(*values)
    found = [v if isinstance(v, Array) or type(v) in _PYTHON_SCALARS else asarray_like(v, ctx) for v in values]
    if not any(isinstance(v, Array) for v in found):
        found[0] = asarray_like(found[0], ctx)
    return found


def write_out(result: Array, out: Array | None) -> Array:
    """``result``, or ``out`` with result written into it (NumPy's ``same_kind`` casting rule, as the ufuncs')."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"out must be a vulkit Array, got {type(out).__name__}")
    if not np.can_cast(result.dtype.np, out.dtype.np, "same_kind"):
        raise TypeError(f"Cannot cast ufunc output from {result.dtype.name} to {out.dtype.name} with casting rule "
                        "'same_kind'")
    out[...] = broadcast_to(result, out.shape)
    return out
