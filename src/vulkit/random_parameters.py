"""The random module's distribution parameters as NumPy takes them: scalars (Python's, NumPy's, 0-d arrays) or
arrays (lists, NumPy arrays, vulkit arrays) broadcast against each other and against ``size``, checked as NumPy
checks them. A scalar stays a float (a kernel's push constant); an array goes to the device in the kernel's float
type and is broadcast by the elementwise engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, asarray_like
from .array.layout import as_shape
from .array.ops.creation import _context_of, default_float
from .array.ops.elementwise import astype
from .array.ops.reductions import all as all_of

Param = float | Array | np.ndarray


def host_or_device(function: str, name: str, value: Any) -> Param:
    """``value`` as a float (a scalar or 0-d host value), a float64 NumPy array (other host data) or the vulkit
    array it is; TypeError naming ``function`` for values that are not real numbers."""
    if isinstance(value, Array):
        if value.dtype.kind not in "biuf":
            raise TypeError(f"{function}: {name} must be real numbers, got an array of {value.dtype.name}")
        return value
    try:
        host = np.asarray(value)
    except Exception as error:  # ragged lists and the like
        raise TypeError(f"{function}: {name} must be a number or an array of numbers ({error})") from None
    if host.dtype.kind not in "biuf":
        raise TypeError(f"{function}: {name} must be a number or an array of numbers, got {type(value).__name__}")
    return float(host) if host.ndim == 0 else host.astype(np.float64)


def host_values(function: str, name: str, values: Any) -> np.ndarray:
    """A parameter read on the host in float64 (a vulkit array read back), for laws whose setup runs there."""
    host = values.numpy() if isinstance(values, Array) else values
    try:
        return np.asarray(host, np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{function}: {name} must be numbers, got {type(values).__name__}") from None


def holds(test: Callable[..., Any], *values: Param) -> bool:
    """Whether ``test`` of the parameters (operators and comparisons, elementwise) is true everywhere: on the host,
    or with one read back where a parameter is a vulkit array."""
    first = next((v for v in values if isinstance(v, Array)), None)
    if first is None:
        return bool(np.all(test(*values)))
    ctx = first._ctx
    operands = [v if isinstance(v, (Array, float)) else asarray_like(v, ctx, default_float(ctx)) for v in values]
    result = test(*operands)
    return bool(result) if isinstance(result, (bool, np.bool_)) else bool(all_of(result))


def require(function: str, test: Callable[..., Any], message: str, *values: Param) -> None:
    """ValueError ``function: message`` (NumPy's message) unless ``test`` holds for every element."""
    if not holds(test, *values):
        raise ValueError(f"{function}: {message}")


def output_shape(function: str, size: Any, *values: Param) -> tuple[int, ...]:
    """The samples' shape: ``size``, which the parameters must broadcast to, or (size None) the parameters'
    broadcast shape; ValueError naming ``function`` for shapes that do not fit."""
    shapes = [tuple(np.shape(v)) if not isinstance(v, Array) else v.shape for v in values]
    try:
        common = np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(f"{function}: shape mismatch: parameters of shapes {shapes} cannot be broadcast to a "
                         "single shape") from None
    if size is None:
        return common
    shape = as_shape(size)
    try:
        fits = np.broadcast_shapes(shape, common) == shape
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"{function}: shape mismatch: parameters of shape {common} cannot be broadcast to size "
                         f"{shape}")
    return shape


def context_of(device: Any, *values: Param) -> Any:
    """The device context to draw on: ``device``'s, else the first vulkit array parameter's, else the default."""
    if device is None:
        for value in values:
            if isinstance(value, Array):
                return value._ctx
    return _context_of(device)


def on_device(value: Param, ctx: Any, dtype: dt.DType) -> float | Array:
    """A parameter as a kernel takes it: a float, or an array of ``dtype`` on ``ctx``'s device."""
    if isinstance(value, float):
        return value
    if isinstance(value, Array):
        return value if value.dtype == dtype else astype(value, dtype)
    return asarray_like(np.asarray(value, dtype.np), ctx, dtype)


def is_scalar(*values: Param) -> bool:
    """Whether every parameter is a scalar (a float)."""
    return all(isinstance(v, float) for v in values)
