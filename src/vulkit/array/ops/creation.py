"""Array creation (array API): asarray, empty, zeros, ones, full, the *_like forms, arange, linspace,
eye, tril, triu, meshgrid, from_dlpack.

Default dtypes follow NumPy: Python floats give float64, complex numbers complex128, ints int64, where the
device has them (else float32, complex64, int32: ``vt.__array_namespace_info__().default_dtypes()``); asking for
a type the device lacks raises TypeError naming the missing Vulkan feature. ``linspace`` computes its values on
the host (exactly as NumPy does) and uploads them; everything else is made on the GPU.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

import numpy as np

from ...runtime import context as _context
from .. import dtypes as dt
from ..array import Array, Device, asarray_like, make_array, upload
from ..dtypes import DType
from ..layout import as_shape
from ..numpy_protocols import is_torch_bfloat16, round_to_bfloat16
from .arguments import array_argument
from .engine import TABLE, apply


def _context_of(device: Any) -> Any:
    if device is None:
        return _context.current()
    if isinstance(device, Device):
        return _context.get(device.index)
    if isinstance(device, int) and not isinstance(device, bool):
        return _context.get(device)
    raise TypeError(f"device must be a vulkit.Device, got {device!r}")


def _dtype(dtype: Any, default: DType) -> DType:
    return default if dtype is None else dt.as_dtype(dtype)


# Converters for objects of other libraries' types: asarray(obj) of such an object is converter(obj, context, dtype).
_CONVERTERS: dict[type, Callable[[Any, Any, DType | None], Array]] = {}


def register_converter(cls: type, converter: Callable[[Any, Any, DType | None], Array]) -> None:
    """Let :func:`asarray` take objects of ``cls`` (and its subclasses) through ``converter(obj, device context,
    dtype or None)`` (``vulkit.interop`` registers kp.Tensor's)."""
    _CONVERTERS[cls] = converter


def _converter(obj: Any) -> Callable[[Any, Any, DType | None], Array] | None:
    for cls in type(obj).__mro__:
        found = _CONVERTERS.get(cls)
        if found is not None:
            return found
    return None


def asarray(obj: Any, /, dtype: Any = None, order: str | None = None, *, device: Any = None,
            copy: bool | None = None) -> Array:
    """An array from an Array, NumPy array, nested sequence, scalar, buffer, or kp.Tensor.

    A kp.Tensor made on this device's Manager is wrapped without a copy; ``copy=False`` raises
    ValueError where a copy cannot be avoided (host data, or a layout ``order`` asks for). NumPy's ``order``:
    "C" or "F" make the result C- or Fortran-contiguous (copying where it is not), "A" and "K" keep it.
    """
    if order not in (None, "C", "F", "A", "K"):
        raise ValueError(f"asarray: order must be one of 'C', 'F', 'A' or 'K', got {order!r}")
    result = _asarray(obj, dtype, device, copy)
    if order == "C" and not result._contig or order == "F" and not result.flags.f_contiguous:
        if copy is False:
            raise ValueError(f"asarray(copy=False): the array is not {order}-contiguous")
        result = result.copy(order)
    return result


def _asarray(obj: Any, dtype: Any, device: Any, copy: bool | None) -> Array:
    ctx = _context_of(device)
    target = None if dtype is None else dt.as_dtype(dtype)
    if isinstance(obj, Array):
        if obj._ctx is not ctx:
            obj = obj.to_device(Device(ctx.index))
        if target is not None and target is not obj.dtype:
            if copy is False:
                raise ValueError("asarray(copy=False) cannot change the dtype without a copy")
            return obj.astype(target)
        return obj.copy() if copy else obj
    converter = _converter(obj) if _CONVERTERS else None
    if converter is not None:
        return converter(obj, ctx, target)
    if is_torch_bfloat16(obj):  # NumPy cannot read these: their words are uploaded as they are
        result = upload(ctx, obj, dt.bfloat16)
        return result if target is None else result.astype(target, copy=False)
    if copy is False:
        raise ValueError("asarray(copy=False): host data must be copied to the device")
    if isinstance(obj, (bytes, bytearray, memoryview)):
        obj = np.frombuffer(obj, dtype=target.np if target else np.uint8)
    if isinstance(obj, (list, tuple)) and any(isinstance(v, Array) for v in obj):
        obj = [v.numpy() if isinstance(v, Array) else v for v in obj]
    if not isinstance(obj, (np.ndarray, np.generic)):
        # Python integers straight into an integer target: through NumPy's default types, [2**63 + 1, 1] would pass
        # through float64 and lose its low bits
        exact = target is not None and target.kind in "iub"
        try:
            obj = np.asarray(obj, dtype=target.np if exact else None)
        except OverflowError as error:  # as NumPy: a Python integer outside the integer type's range
            raise OverflowError(f"asarray: {error}") from None
        if target is None:
            target = _python_default(obj, ctx)
    return asarray_like(obj, ctx, target)


def array_copy(obj: Any, dtype: Any = None, *, copy: bool | None = True, order: str = "K", ndmin: int = 0,
               device: Any = None) -> Array:
    """NumPy's ``np.array`` (``vt.array``): :func:`asarray` that copies unless ``copy`` says otherwise (None: only
    where needed; False: never, ValueError where a copy is needed), with at least ``ndmin`` dimensions (ones
    prepended). ``order`` is accepted as NumPy's ("K", "A", "C", "F"): the result's values are the same in any."""
    if order not in ("K", "A", "C", "F"):
        raise ValueError(f"array: order must be one of 'K', 'A', 'C' or 'F', got {order!r}")
    try:
        result = asarray(obj, dtype=dtype, device=device, copy=copy)
    except (TypeError, ValueError) as error:  # named as the user called it: array, not asarray
        message = str(error)
        message = "array" + message[len("asarray"):] if message.startswith("asarray") else f"array: {message}"
        raise type(error)(message) from None
    ndmin = operator.index(ndmin)
    if result.ndim < ndmin:
        from .manipulation import reshape  # noqa: PLC0415 - manipulation's module imports this one

        result = reshape(result, (1,) * (ndmin - result.ndim) + result.shape)
    return result


def _python_default(values: np.ndarray, ctx: Any) -> DType | None:
    """The device's default dtype for Python data NumPy typed with its defaults (float64, complex128, int64): the
    same where the device has them, else float32, complex64, int32 (None: NumPy's type is right)."""
    defaults = {"f": default_float(ctx), "c": default_complex(ctx), "i": default_int(ctx)}
    found = defaults.get(values.dtype.kind)
    return found if found is not None and found.itemsize < values.dtype.itemsize else None


def empty(shape: Any, dtype: Any = None, *, device: Any = None) -> Array:
    """An uninitialised array (default dtype float64, float32 on devices without it)."""
    ctx = _context_of(device)
    return make_array(ctx, as_shape(shape), _dtype(dtype, default_float(ctx)))


def zeros(shape: Any, dtype: Any = None, *, device: Any = None) -> Array:
    """An array of zeros (a buffer fill, no kernel)."""
    out = empty(shape, dtype=dtype, device=device)
    if out.size:
        out._ctx.stream.fill(out._alloc, 0, out._alloc.size, 0)
    return out


def full(shape: Any, fill_value: Any, dtype: Any = None, *, device: Any = None) -> Array:
    """An array of ``fill_value`` (dtype from the value when not given, as NumPy)."""
    ctx = _context_of(device)
    if dtype is None:
        dtype = _scalar_dtype(fill_value, ctx)
    out = make_array(ctx, as_shape(shape), dt.as_dtype(dtype))
    return apply(TABLE["copy"], (_python_scalar(fill_value),), out=out, dtype=out.dtype)


def ones(shape: Any, dtype: Any = None, *, device: Any = None) -> Array:
    """An array of ones."""
    ctx = _context_of(device)
    return full(shape, 1, dtype=_dtype(dtype, default_float(ctx)), device=device)


def empty_like(x: Array, /, *, dtype: Any = None, device: Any = None) -> Array:
    x = array_argument(x, "empty_like")
    return empty(x.shape, dtype=dtype or x.dtype, device=device or x.device)


def zeros_like(x: Array, /, *, dtype: Any = None, device: Any = None) -> Array:
    x = array_argument(x, "zeros_like")
    return zeros(x.shape, dtype=dtype or x.dtype, device=device or x.device)


def ones_like(x: Array, /, *, dtype: Any = None, device: Any = None) -> Array:
    x = array_argument(x, "ones_like")
    return ones(x.shape, dtype=dtype or x.dtype, device=device or x.device)


def full_like(x: Array, /, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Array:
    x = array_argument(x, "full_like")
    return full(x.shape, fill_value, dtype=dtype or x.dtype, device=device or x.device)


def default_float(ctx: Any) -> DType:
    """float64 where the device has it (NumPy's default), else float32."""
    return dt.float64 if "float64" in ctx.dtypes else dt.float32


def default_complex(ctx: Any) -> DType:
    """complex128 where the device has float64, else complex64."""
    return dt.complex128 if "float64" in ctx.dtypes else dt.complex64


def default_int(ctx: Any) -> DType:
    """int64 where the device has it (NumPy's default on Linux), else int32."""
    return dt.int64 if "int64" in ctx.dtypes else dt.int32


def _python_scalar(value: Any) -> Any:
    if isinstance(value, Array):
        return value
    if isinstance(value, (np.generic, np.ndarray)):
        return value.item()
    return value


def _scalar_dtype(value: Any, ctx: Any) -> DType:
    if isinstance(value, Array):
        return value.dtype
    if isinstance(value, (np.generic, np.ndarray)):
        return dt.as_dtype(value.dtype)
    if isinstance(value, bool):
        return dt.bool_
    if isinstance(value, int):
        return default_int(ctx)
    if isinstance(value, float):
        return default_float(ctx)
    if isinstance(value, complex):
        return default_complex(ctx)
    raise TypeError(f"fill value must be a bool, int, float or complex, got {type(value).__name__}")


def arange(start: Any, /, stop: Any = None, step: Any = 1, dtype: Any = None, *, device: Any = None) -> Array:
    """Evenly spaced values in [start, stop), computed on the GPU as NumPy does (start + i * delta)."""
    if stop is None:
        start, stop = 0, start
    if any(isinstance(v, (complex, np.complexfloating)) for v in (start, stop, step)):
        raise TypeError("arange takes real numbers (the array API's arange): for complex ones use linspace")
    if step == 0:
        raise ValueError("arange: step must not be zero")
    ctx = _context_of(device)
    span = (stop - start) / step
    if not math.isfinite(span):
        raise ValueError(f"arange: cannot compute the length of range({start}, {stop}, {step})")
    length = max(0, math.ceil(span))
    if length == 0 and stop != start and (stop > start) == (step > 0):
        length = 1  # an infinite step: the quotient is 0, NumPy still gives start
    if dtype is None:
        integral = all(isinstance(v, (int, np.integer)) for v in (start, stop, step))
        dtype = default_int(ctx) if integral else default_float(ctx)
    dtype = dt.as_dtype(dtype)
    if dtype.kind not in "iuf":
        raise TypeError(f"arange needs a real numeric dtype, not {dtype.name}")
    out = make_array(ctx, (length,), dtype)
    if length == 0:
        return out
    cast = round_to_bfloat16 if dtype is dt.bfloat16 else dtype.np.type
    first = cast(start)
    delta = (cast(start + step) - first) if dtype.kind == "f" else step
    if length == 1:
        delta = cast(0)  # start + 0 * delta is NaN for an infinite step
    return apply(TABLE["arange"], (_python_scalar(first), _python_scalar(delta)), out=out, dtype=dtype)


def linspace(start: Any, stop: Any, /, num: int = 50, endpoint: bool = True, retstep: bool = False,
             dtype: Any = None, *, device: Any = None) -> Any:
    """``num`` evenly spaced values from start to stop (NumPy's arithmetic, on the host); complex where start or
    stop is (the default complex dtype unless ``dtype`` says which). NumPy's ``retstep``: (values, the step as a
    Python float, NaN for fewer than two intervals)."""
    ctx = _context_of(device)
    is_complex = any(isinstance(v, (complex, np.complexfloating)) for v in (start, stop))
    target = _dtype(dtype, default_complex(ctx) if is_complex else default_float(ctx))
    if is_complex and target.kind != "c":
        raise TypeError(f"linspace: complex start or stop ({start!r}, {stop!r}) with the real dtype {target.name}")
    values, step = np.linspace(start, stop, num, endpoint=endpoint, retstep=True)
    out = upload(ctx, values, target)
    return (out, step) if retstep else out


def eye(n_rows: int, n_cols: int | None = None, /, k: int = 0, dtype: Any = None, *, device: Any = None) -> Array:
    """Ones on the k-th diagonal, zeros elsewhere (any integer k: a diagonal outside the matrix leaves zeros)."""
    ctx = _context_of(device)
    n_cols = n_rows if n_cols is None else n_cols
    shape = as_shape((n_rows, n_cols))
    k = operator.index(k)
    target = _dtype(dtype, default_float(ctx))
    if max(shape[0], 1) * max(shape[1], 1) * target.itemsize >= 1 << 63:
        raise ValueError(f"eye: an array of shape {shape} and dtype {target.name} is too big")
    n_rows, n_cols = shape
    if not -n_rows < k < n_cols:  # no element on the diagonal (k may be beyond every integer type)
        return zeros(shape, dtype=target, device=device)
    if max(n_cols, -k) > _INT32_MAX:
        raise ValueError(f"eye: the diagonal's offset ({k}) and the number of columns ({n_cols}) must be below 2^31")
    out = make_array(ctx, shape, target)
    return apply(TABLE["eye"], (k, n_cols), out=out, dtype=out.dtype, op_dtypes=(dt.int32, dt.int32))


_INT32_MAX = (1 << 31) - 1


def _triangle(name: str, x: Array, k: int) -> Array:
    x = array_argument(x, name)
    if x.ndim < 2:
        raise ValueError(f"{name}: needs an array of at least 2 dimensions, got shape {x.shape}")
    rows, cols = x.shape[-2:]
    return apply(TABLE[name], (x, int(k), int(cols), int(rows)), dtype=x.dtype,
                 op_dtypes=(x.dtype, dt.int32, dt.int32, dt.int32))


def tril(x: Array, /, k: int = 0) -> Array:
    """The lower triangle (elements with column - row <= k) of the last two axes; zeros above."""
    return _triangle("tril", x, k)


def triu(x: Array, /, k: int = 0) -> Array:
    """The upper triangle (column - row >= k) of the last two axes; zeros below."""
    return _triangle("triu", x, k)


def meshgrid(*arrays: Array, indexing: str = "xy", sparse: bool = False, copy: bool = True) -> tuple[Array, ...]:
    """Coordinate matrices from 1-D arrays (copies, as NumPy's default), as a tuple (the array API 2025.12).
    NumPy's ``sparse``: each array reshaped to broadcast against the others instead (views); ``copy=False``:
    broadcast views instead of copies."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    from .manipulation import broadcast_to, reshape

    arrays = tuple(array_argument(a, "meshgrid") for a in arrays)
    n = len(arrays)
    sizes = [a.size for a in arrays]
    if indexing == "xy" and n >= 2:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    grids = []
    for i, a in enumerate(arrays):
        axis = i
        if indexing == "xy" and n >= 2 and i < 2:
            axis = 1 - i
        shape = [1] * n
        shape[axis] = a.size
        line = reshape(a, tuple(shape))
        if sparse:
            grids.append(line)
        else:
            grid = broadcast_to(line, tuple(sizes))
            grids.append(grid.copy() if copy else grid)
    return tuple(grids)


def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Array:
    """An array from any DLPack producer (host memory; copied to the device)."""
    if isinstance(x, Array):
        return x.copy() if copy else x
    if copy is False:
        raise ValueError("from_dlpack(copy=False): host data must be copied to the device")
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: expected a DLPack producer (an object with __dlpack__), got {type(x).__name__}")
    return asarray_like(np.from_dlpack(x), _context_of(device))
