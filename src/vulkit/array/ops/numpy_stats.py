"""NumPy's statistics, comparison, math-alias and set functions beyond the array API standard (``vt.average``,
``vt.cov``, ``vt.fmod``, ``vt.unique`` ...), for code ported from NumPy.

Everything here is composed of vulkit's own operations (elementwise functions, reductions, scans, sorting,
searching, the set functions, gathers): no kernel of its own. Results are vulkit arrays (0-d where NumPy gives a
scalar), except the predicates ``allclose``, ``array_equal``, ``array_equiv``, ``isrealobj`` and ``iscomplexobj``,
which give Python bools as NumPy's do. Functions whose result depends on the data's values (a check that raises, an
output size) read those values back, so they wait for the GPU; their docstrings say so.

Errors name the function called first (``"nanargmax: All-NaN slice encountered"``), with NumPy's message after it.
"""

from __future__ import annotations

import builtins
import functools
import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

from ...runtime import context as _context
from .. import dtypes as dt
from ..array import Array, asarray_like, view
from ..dtypes import DType
from ..info import finfo
from ..layout import normalize_axes
from . import elementwise as ew
from . import reductions as rd
from .creation import default_float, empty, full, zeros, zeros_like
from .engine import TABLE
from .gather import take
from .histogram import histogram
from .linalg_basic import diagonal
from .manipulation import broadcast_shapes, broadcast_to, flip, reshape, squeeze
from .matmul import matmul
from .moving import concat, diff, pad
from .moving import round as _round_decimals
from .promotion import resolve
from .scans import cumprod, cumsum
from .sets import unique_all, unique_counts, unique_inverse, unique_values
from .sorting import argsort, nanquantile, quantile, searchsorted, sort

__all__ = [
    # elementwise aliases and compositions
    "power", "true_divide", "mod", "fmod", "amax", "amin", "around", "rint", "deg2rad", "rad2deg", "radians",
    "degrees", "exp2", "cbrt", "float_power", "heaviside", "nan_to_num", "angle",
    # comparisons and predicates
    "isclose", "allclose", "array_equal", "array_equiv", "isreal", "iscomplex", "isrealobj", "iscomplexobj",
    # statistics
    "average", "ptp", "percentile", "nanpercentile", "nanstd", "nanvar", "nanargmax", "nanargmin", "nanprod",
    "nancumsum", "nancumprod", "cov", "corrcoef", "digitize", "histogram_bin_edges",
    # calculus, polynomials, signals
    "interp", "trapezoid", "gradient", "polyval", "convolve", "correlate", "ediff1d",
    # sets
    "unique", "union1d", "intersect1d", "setdiff1d", "setxor1d",
]

_Function = TypeVar("_Function", bound=Callable[..., Any])
_NAMED_ERRORS = (TypeError, ValueError, IndexError, ZeroDivisionError, RuntimeError)
_LEADING_NAME = re.compile(r"^[a-z_][a-z0-9_]*: ")


# -- helpers --------------------------------------------------------------------------------------------------------
def _named(function: _Function) -> _Function:
    """``function`` whose errors start with its name: "name: message" (a message that names another function first,
    one this function called, has that name replaced)."""
    name = function.__name__

    @functools.wraps(function)
    def named(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except _NAMED_ERRORS as error:
            message = str(error)
            if message.startswith(f"{name}: "):
                raise
            try:
                renamed = type(error)(f"{name}: {_LEADING_NAME.sub('', message, count=1)}")
            except Exception:  # noqa: BLE001 - an exception type that takes other arguments: keep it as it is
                raise error from None
            raise renamed.with_traceback(error.__traceback__) from None

    return named  # type: ignore[return-value]


def _ctx_of(*values: Any) -> Any:
    """The device context of the first vulkit array among ``values`` (the current one where there is none)."""
    first = next((v for v in values if isinstance(v, Array)), None)
    return first._ctx if first is not None else _context.current()


def _array(value: Any, *like: Any) -> Array:
    """``value`` as a vulkit array (host data uploaded to the device of the first array among ``like``, or the
    current device)."""
    if isinstance(value, Array):
        return value
    return asarray_like(value, _ctx_of(*like))


def _operands(*values: Any) -> list[Any]:
    """Operands of an elementwise function: host arrays, lists and NumPy scalars become vulkit arrays; Python
    scalars stay as they are (weakly typed, NEP 50) unless all are, then the first becomes an array."""
    ctx = _ctx_of(*values)
    found = [v if isinstance(v, (Array, bool, int, float, complex)) else asarray_like(v, ctx) for v in values]
    if not any(isinstance(v, Array) for v in found):
        found[0] = asarray_like(found[0], ctx)
    return found


def _types(values: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(v.dtype if isinstance(v, Array) else (bool if v.__class__ is bool else v.__class__) for v in values)


def _typed_as(operation: str, *values: Any) -> DType:
    """The result dtype of the elementwise ``operation`` (vt's, typed as NumPy's ufunc) on ``values``."""
    return resolve(TABLE[operation], _types(values))[1]


def _no_complex(*values: Any) -> None:
    for v in values:
        if (isinstance(v, Array) and v.dtype.kind == "c") or isinstance(v, complex):
            raise TypeError(f"not supported for complex input ({v.dtype.name if isinstance(v, Array) else 'complex'})")


def _on_device(dtype: DType, ctx: Any) -> DType:
    """``dtype``, or float32 / complex64 in place of float64 / complex128 on a device without float64."""
    if dtype.component is dt.float64 and "float64" not in ctx.dtypes:
        return dt.complex64 if dtype.kind == "c" else dt.float32
    return dtype


def _float_of(x: Array, complex_too: bool = False) -> DType:
    """The floating type NumPy's float-only ufuncs (sqrt, deg2rad, rint ...) compute x in: x's own, float16 for
    bool and 8-bit integers, float32 for 16-bit, float64 (the device's default float) for wider integers."""
    if not complex_too:
        _no_complex(x)
    return _on_device(resolve(TABLE["sqrt"], (x.dtype,))[1], x._ctx)


def _cast(value: Any, dtype: DType, ctx: Any) -> Array:
    """``value`` as an array of ``dtype`` (a Python scalar uploaded as one)."""
    if isinstance(value, Array):
        return value if value.dtype is dtype else value.astype(dtype)
    return asarray_like(value, ctx, dtype)


def _write(result: Array, out: Array | None) -> Array:
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


def _complex(real_part: Array, imag_part: Array, dtype: DType) -> Array:
    """The complex array of ``dtype`` with these parts (written through views of its parts: no arithmetic, so
    infinities and NaNs stay where they are)."""
    shape = broadcast_shapes(real_part.shape, imag_part.shape)
    out = empty(shape, dtype=dtype, device=real_part.device)
    out.real[...] = broadcast_to(real_part, shape)
    out.imag[...] = broadcast_to(imag_part, shape)
    return out


def _by_parts(x: Array, function: Callable[[Array], Array]) -> Array:
    """``function`` of a real array, or of each part of a complex one (the parts put together again)."""
    if x.dtype.kind != "c":
        return function(x)
    return _complex(function(ew.real(x)), function(ew.imag(x)), x.dtype)


def _along(ndim: int, axis: int, key: Any) -> tuple[Any, ...]:
    """An index selecting ``key`` along ``axis`` and everything along the other axes."""
    index: list[Any] = [slice(None)] * ndim
    index[axis] = key
    return tuple(index)


def _ndim(value: Any) -> int:
    return value.ndim if isinstance(value, Array) else np.ndim(value)


def _vector(value: Any, *like: Any) -> Array:
    """A 1-d array (a 0-d one becomes one element; more dimensions: ValueError, as NumPy's C functions)."""
    x = _array(value, *like)
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    return reshape(x, (1,)) if x.ndim == 0 else x


def _nan_filled(a: Array, value: float) -> tuple[Array, Array | None]:
    """(a with its NaNs replaced by ``value``, the NaN mask); integers and bool as they are, with no mask."""
    if a.dtype.kind not in "fc":
        return a, None
    mask = ew.isnan(a)
    return ew.where(mask, value, a), mask


# -- elementwise aliases and compositions --------------------------------------------------------------------------
def _binary_alias(name: str, function: Callable[..., Array], doc: str) -> Callable[..., Array]:
    def alias(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
        x1, x2 = _operands(x1, x2)
        return function(x1, x2, out=out)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = doc
    return _named(alias)


power = _binary_alias("power", ew.pow, "NumPy's ``power``: :func:`vulkit.pow` (``x1 ** x2``, typed as NumPy's).")
true_divide = _binary_alias("true_divide", ew.divide, "NumPy's ``true_divide``: :func:`vulkit.divide`.")
mod = _binary_alias("mod", ew.remainder,
                    "NumPy's ``mod``: :func:`vulkit.remainder` (Python's ``%``: the sign of the divisor; exact).")


@_named
def fmod(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """C's ``fmod`` (NumPy's): the remainder of truncated division, with the sign of ``x1``. Exact: floats are
    ``copysign(remainder(|x1|, |x2|), x1)`` (vt's remainder is exact, and of two magnitudes it is fmod's);
    integers are ``remainder`` moved by one ``x2`` where its sign differs from x1's. fmod(x, 0) is NaN for floats
    and 0 for integers, fmod(±inf, y) NaN, fmod(x, ±inf) x, as NumPy's (without its warnings)."""
    x1, x2 = _operands(x1, x2)
    _no_complex(x1, x2)
    result_type = _typed_as("remainder", x1, x2)
    a, b = (_cast(v, result_type, _ctx_of(x1, x2)) for v in (x1, x2))
    if result_type.kind == "f":
        return _write(ew.copysign(ew.remainder(ew.abs(a), ew.abs(b)), a), out)
    floored = ew.remainder(a, b)
    if result_type.kind == "u":
        return _write(floored, out)
    moved = ew.logical_and(ew.not_equal(floored, 0), ew.not_equal(ew.less(floored, 0), ew.less(a, 0)))
    return _write(ew.where(moved, ew.subtract(floored, b), floored), out)


def _reduced_shape(a: Array, axis: Any, keepdims: bool) -> tuple[int, ...]:
    axes = tuple(range(a.ndim)) if axis is None else normalize_axes(axis, a.ndim)
    return tuple(1 if d in axes else n for d, n in enumerate(a.shape) if keepdims or d not in axes)


def _extreme_alias(name: str, reduction: Callable[..., Array], combine: Callable[..., Array]) -> Callable[..., Array]:
    def extreme(a: Any, axis: Any = None, keepdims: bool = False, initial: Any = None) -> Array:
        a = _array(a)
        if initial is None:
            return reduction(a, axis=axis, keepdims=keepdims)
        if a.size == 0:
            return full(_reduced_shape(a, axis, keepdims), initial, dtype=a.dtype, device=a.device)
        return ew.astype(combine(reduction(a, axis=axis, keepdims=keepdims), initial), a.dtype)

    largest = name == "amax"
    extreme.__name__ = extreme.__qualname__ = name
    extreme.__doc__ = (f"NumPy's ``{name}``: :func:`vulkit.{'max' if largest else 'min'}` over ``axis``, "
                       f"``initial`` (converted to a's dtype) taken into the {'maximum' if largest else 'minimum'}, "
                       "which allows empty reductions. NumPy's ``out=`` and ``where=`` are not supported.")
    return _named(extreme)


amax = _extreme_alias("amax", rd.max, ew.maximum)
amin = _extreme_alias("amin", rd.min, ew.minimum)


@_named
def around(a: Any, decimals: int = 0, out: Array | None = None) -> Array:
    """NumPy's ``around``: :func:`vulkit.round` to ``decimals`` places, halves to even."""
    return _round_decimals(_array(a), decimals, out=out)


@_named
def rint(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``rint``: the nearest integer, halves to even (vt.round), typed as NumPy's: integers and bool give
    floats (float16 for bool and 8-bit integers, float64 from 32 bits), complex numbers round both parts."""
    x = _array(x)
    return _write(ew.round(_cast(x, _float_of(x, complex_too=True), x._ctx)), out)


def _angle_scale(name: str, numerator: float, denominator: float, doc: str) -> Callable[..., Array]:
    def scale(x: Any, /, *, out: Array | None = None) -> Array:
        x = _array(x)
        target = _float_of(x)
        if target.itemsize == 8:
            return _write(ew.multiply(_cast(x, target, x._ctx), numerator / denominator), out)
        # NumPy's float32 loop multiplies by a constant computed in float32 (180.0f / NPY_PIf); float16's and
        # bfloat16's compute in float32 too, rounding the product once
        constant = float(np.float32(numerator) / np.float32(denominator))
        product = ew.multiply(_cast(x, dt.float32, x._ctx), constant)
        return _write(product if target is dt.float32 else product.astype(target), out)

    scale.__name__ = scale.__qualname__ = name
    scale.__doc__ = doc + " Integers and bool give floats as NumPy's; complex input raises TypeError."
    return _named(scale)


_DEG2RAD = "``x * (pi / 180)`` in x's floating type, the constant rounded as NumPy's loops round it."
_RAD2DEG = "``x * (180 / pi)`` in x's floating type, the constant rounded as NumPy's loops round it."
deg2rad = _angle_scale("deg2rad", math.pi, 180.0, "NumPy's ``deg2rad``: " + _DEG2RAD)
radians = _angle_scale("radians", math.pi, 180.0, "NumPy's ``radians`` (``deg2rad``): " + _DEG2RAD)
rad2deg = _angle_scale("rad2deg", 180.0, math.pi, "NumPy's ``rad2deg``: " + _RAD2DEG)
degrees = _angle_scale("degrees", 180.0, math.pi, "NumPy's ``degrees`` (``rad2deg``): " + _RAD2DEG)


@_named
def exp2(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``exp2``: ``2 ** x`` in x's floating type (typed as NumPy's): vt.pow with base 2.0 for real x,
    within an ulp of NumPy's (libm's exp2 is exact at integers, vt.pow not always); for complex x, as NumPy's:
    vt.exp of x's parts scaled by ln 2."""
    x = _array(x)
    x = _cast(x, _float_of(x, complex_too=True), x._ctx)
    if x.dtype.kind == "c":
        scaled = _complex(ew.multiply(ew.real(x), math.log(2.0)), ew.multiply(ew.imag(x), math.log(2.0)), x.dtype)
        return _write(ew.exp(scaled), out)
    return _write(ew.pow(2.0, x), out)


@_named
def cbrt(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``cbrt``: the real cube root, negative for negative x (±0, ±inf and NaN kept). ``|x| ** (1/3)``
    (vt.pow) with x's sign, then one Newton step, in float64 where the device has it (rounded to x's floating
    type afterwards): within an ulp of the true root, as libm's cbrt, though not always the same bits."""
    x = _array(x)
    target = _float_of(x)
    w = _cast(x, _on_device(dt.float64, x._ctx), x._ctx)
    root = ew.copysign(ew.pow(ew.abs(w), 1.0 / 3.0), w)
    step = ew.divide(ew.subtract(root, ew.divide(w, ew.multiply(root, root))), 3.0)
    refine = ew.logical_and(ew.isfinite(root), ew.not_equal(root, 0))
    root = ew.where(refine, ew.subtract(root, step), root)
    return _write(root if root.dtype is target else root.astype(target), out)


@_named
def float_power(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``float_power``: ``x1 ** x2`` (vt.pow) computed in float64, or complex128 where either operand is
    complex. On a device without float64: float32 / complex64 (NumPy always takes 64-bit parts)."""
    x1, x2 = _operands(x1, x2)
    ctx = _ctx_of(x1, x2)
    complex_ = any((isinstance(v, Array) and v.dtype.kind == "c") or isinstance(v, complex) for v in (x1, x2))
    target = _on_device(dt.complex128 if complex_ else dt.float64, ctx)
    a, b = (_cast(v, target, ctx) if isinstance(v, Array) else v for v in (x1, x2))
    return _write(ew.pow(a, b), out)


@_named
def heaviside(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``heaviside``: 0 where x1 < 0, ``x2`` where x1 == 0, 1 where x1 > 0, NaN where x1 is NaN (vt.where
    over comparisons), in the floating type NumPy's gives (float64 for integers)."""
    x1, x2 = _operands(x1, x2)
    _no_complex(x1, x2)
    ctx = _ctx_of(x1, x2)
    target = _on_device(_typed_as("hypot", x1, x2), ctx)  # hypot: a float-only binary ufunc, typed as heaviside
    a, h0 = _cast(x1, target, ctx), _cast(x2, target, ctx)
    step = ew.where(ew.equal(a, 0), h0, ew.astype(ew.greater(a, 0), target))
    return _write(ew.where(ew.isnan(a), a, step), out)


@_named
def nan_to_num(x: Any, copy: bool = True, nan: float = 0.0, posinf: float | None = None,
               neginf: float | None = None) -> Array:
    """NumPy's ``nan_to_num``: NaN replaced by ``nan``, +inf by ``posinf`` (default: the dtype's largest value),
    -inf by ``neginf`` (default: its lowest), in both parts of complex numbers (vt.where). Integers and bool come
    back unchanged. ``copy=False`` writes the result into x (a float or complex array) and returns x."""
    x = _array(x)
    if x.dtype.kind not in "fc":
        return x.copy() if copy else x

    def replaced(part: Array) -> Array:
        info = finfo(part.dtype)
        high = float(info.max) if posinf is None else posinf
        low = float(info.min) if neginf is None else neginf
        fixed = ew.where(ew.isnan(part), nan, part)
        fixed = ew.where(ew.equal(part, math.inf), high, fixed)
        return ew.where(ew.equal(part, -math.inf), low, fixed)

    result = _by_parts(x, replaced)
    if copy:
        return result
    x[...] = result
    return x


@_named
def angle(z: Any, deg: bool = False) -> Array:
    """NumPy's ``angle``: ``atan2(imag(z), real(z))`` (vt.atan2; for real z, ``atan2(0, z)``: 0 or pi, and pi for
    -0.0), in degrees where ``deg``."""
    z = _array(z)
    result = ew.atan2(ew.imag(z), ew.real(z)) if z.dtype.kind == "c" else ew.atan2(0, z)
    return ew.multiply(result, 180 / math.pi) if deg else result


# -- comparisons and predicates --------------------------------------------------------------------------------------
@_named
def isclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> Array:
    """NumPy's ``isclose``: ``|a - b| <= atol + rtol * |b|`` where b is finite, or ``a == b`` (equal infinities),
    and NaN with NaN where ``equal_nan`` (vt.abs, vt.less_equal, vt.isfinite, vt.equal, vt.isnan); b is taken as a
    float (its own float or complex type, the default float for integers and bool). Typed as NumPy's (Python
    numbers weakly); a bool array, 0-d for two scalars (NumPy gives a NumPy bool there)."""
    python = (int, float, complex)
    x, y, atol, rtol = (v if isinstance(v, python) else _array(v, a, b) for v in (a, b, atol, rtol))
    if isinstance(y, Array):
        y = _cast(y, _on_device(dt.result_type(y.dtype, dt.float64) if y.dtype.kind in "biu" else y.dtype, y._ctx),
                  y._ctx)
    elif isinstance(y, int):
        y = float(y)
    if not isinstance(x, Array) and not isinstance(y, Array):
        x = _array(x)
    # Python's operators: the elementwise functions for arrays, Python's arithmetic for numbers
    finite = ew.isfinite(y) if isinstance(y, Array) else math.isfinite(abs(y))
    close = ew.less_equal(abs(x - y), atol + rtol * abs(y))
    result = ew.logical_or(ew.logical_and(close, finite), ew.equal(x, y))
    if equal_nan:
        x_nan = ew.isnan(x) if isinstance(x, Array) else x != x
        y_nan = ew.isnan(y) if isinstance(y, Array) else y != y
        result = ew.logical_or(result, ew.logical_and(x_nan, y_nan))
    return result


@_named
def allclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> bool:
    """NumPy's ``allclose``: whether :func:`isclose` holds everywhere, a Python bool (the call waits for the GPU)."""
    return bool(rd.all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def _equal_everywhere(a1: Array, a2: Array, equal_nan: bool) -> bool:
    same = ew.equal(a1, a2)
    if equal_nan and (a1.dtype.kind in "fc" or a2.dtype.kind in "fc"):
        same = ew.logical_or(same, ew.logical_and(ew.isnan(a1), ew.isnan(a2)))
    return bool(rd.all(same))


@_named
def array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> bool:
    """NumPy's ``array_equal``: same shape and equal elements (``equal_nan``: NaN equals NaN, a complex number with
    a NaN part any other such), a Python bool (waits for the GPU). Values that cannot become arrays raise, where
    NumPy returns False."""
    a1 = _array(a1, a2)
    a2 = _array(a2, a1)
    return a1.shape == a2.shape and _equal_everywhere(a1, a2, equal_nan)


@_named
def array_equiv(a1: Any, a2: Any) -> bool:
    """NumPy's ``array_equiv``: shapes that broadcast together and equal elements, a Python bool (waits for the
    GPU)."""
    a1 = _array(a1, a2)
    a2 = _array(a2, a1)
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _equal_everywhere(a1, a2, False)


@_named
def isreal(x: Any) -> Array:
    """NumPy's ``isreal``: whether each element's imaginary part (vt.imag) is 0 (all True for real arrays)."""
    return ew.equal(ew.imag(_array(x)), 0)


@_named
def iscomplex(x: Any) -> Array:
    """NumPy's ``iscomplex``: whether each element's imaginary part (vt.imag) is nonzero (all False for real
    arrays)."""
    x = _array(x)
    if x.dtype.kind == "c":
        return ew.not_equal(ew.imag(x), 0)
    return zeros(x.shape, dtype=dt.bool_, device=x.device)


def _complex_dtype(x: Any) -> bool:
    kind = getattr(getattr(x, "dtype", None), "kind", None)
    return kind == "c" if kind is not None else np.asarray(x).dtype.kind == "c"


@_named
def iscomplexobj(x: Any) -> bool:
    """NumPy's ``iscomplexobj``: whether x's dtype (of an array, or of the array it makes) is complex."""
    return _complex_dtype(x)


@_named
def isrealobj(x: Any) -> bool:
    """NumPy's ``isrealobj``: whether x's dtype is not complex (see :func:`iscomplexobj`)."""
    return not _complex_dtype(x)


# -- statistics ------------------------------------------------------------------------------------------------------
def _weights_along(weights: Array, a: Array, axes: tuple[int, ...] | None) -> Array:
    """NumPy's ``_weights_are_valid``: weights of a's shape, or of a's shape along ``axes``, made to broadcast."""
    if weights.shape == a.shape:
        return weights
    if axes is None:
        raise TypeError("Axis must be specified when shapes of a and weights differ.")
    if weights.shape != tuple(a.shape[ax] for ax in axes):
        raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
    weights = weights.permute_dims(tuple(int(i) for i in np.argsort(axes)))
    return reshape(weights, tuple(n if ax in axes else 1 for ax, n in enumerate(a.shape)))


@_named
def average(a: Any, axis: Any = None, weights: Any = None, returned: bool = False, *,
            keepdims: bool = False) -> Array | tuple[Array, Array]:
    """NumPy's ``average``: :func:`vulkit.mean` over ``axis``, or with ``weights`` ``sum(a * w) / sum(w)`` in
    NumPy's type (a's and w's promoted; at least the default float for integer a). ``returned``: also the sum of
    the weights (the element count without them), broadcast to the result's shape. Weights summing to zero raise
    ZeroDivisionError, which reads a flag back (the weighted call waits for the GPU)."""
    a = _array(a, weights)
    axes = None if axis is None else normalize_axes(axis, a.ndim)
    if weights is None:
        avg = rd.mean(a, axis=axes, keepdims=keepdims)
        scale = full(avg.shape, a.size / builtins.max(avg.size, 1), dtype=avg.dtype, device=a.device)
    else:
        w = _weights_along(_array(weights, a), a, axes)
        result_type = dt.result_type(a.dtype, w.dtype)
        if a.dtype.kind in "biu":
            result_type = dt.result_type(result_type, default_float(a._ctx))
        scale = rd.sum(w, axis=axes, dtype=result_type, keepdims=keepdims)
        if bool(rd.any(ew.equal(scale, 0.0))):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        weighted = ew.multiply(_cast(a, result_type, a._ctx), _cast(w, result_type, a._ctx))
        avg = ew.divide(rd.sum(weighted, axis=axes, dtype=result_type, keepdims=keepdims), scale)
    if not returned:
        return avg
    return avg, (broadcast_to(scale, avg.shape).copy() if scale.shape != avg.shape else scale)


@_named
def ptp(a: Any, axis: Any = None, keepdims: bool = False) -> Array:
    """NumPy's ``ptp``: ``max - min`` over ``axis`` (vt.max, vt.min; integers wrap as NumPy's). Bool raises
    TypeError as NumPy's does; complex raises TypeError (vulkit's max does not order complex numbers)."""
    a = _array(a)
    return ew.subtract(rd.max(a, axis=axis, keepdims=keepdims), rd.min(a, axis=axis, keepdims=keepdims))


def _percentile(function: Callable[..., Array], a: Any, q: Any, axis: Any, method: str, keepdims: bool) -> Array:
    """``function`` (quantile or nanquantile) at ``q / 100``, divided on the host as NumPy divides it."""
    a = _array(a)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    weak = type(q) in (int, float)
    fractions = np.true_divide(q.numpy() if isinstance(q, Array) else q, 100)
    if not np.all((fractions >= 0) & (fractions <= 1)):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return function(a, float(fractions) if weak else fractions, axis=axis, method=method, keepdims=keepdims)


@_named
def percentile(a: Any, q: Any, axis: Any = None, method: str = "linear", keepdims: bool = False) -> Array:
    """NumPy's ``percentile``: :func:`vulkit.quantile` at ``q / 100`` (``q`` in [0, 100], a number or 1-d), with
    the methods vt.quantile has: linear, lower, higher, midpoint, nearest (NumPy's others raise ValueError).
    ``out``, ``overwrite_input`` and ``weights`` are not supported."""
    return _percentile(quantile, a, q, axis, method, keepdims)


@_named
def nanpercentile(a: Any, q: Any, axis: Any = None, method: str = "linear", keepdims: bool = False) -> Array:
    """NumPy's ``nanpercentile``: :func:`vulkit.nanquantile` at ``q / 100`` (see :func:`percentile`); NaN for a
    slice of NaNs only, without NumPy's warning."""
    return _percentile(nanquantile, a, q, axis, method, keepdims)


@_named
def nanvar(a: Any, axis: Any = None, dtype: Any = None, ddof: float = 0, keepdims: bool = False) -> Array:
    """NumPy's ``nanvar``: the variance of the non-NaN elements in two passes, as NumPy's (vt.where puts 0 at the
    NaNs, vt.sum gives their count and mean, then the sum of squared deviations, divided by count - ``ddof``);
    NaN where count - ddof <= 0 (without NumPy's warning). Complex input gives the variance of |z - mean| (real).
    Integers and bool: :func:`vulkit.var`. vt.sum's compensated sums round less than NumPy's pairwise ones."""
    a = _array(a)
    if a.dtype.kind not in "fc":
        return rd.var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    filled, mask = _nan_filled(a, 0)
    count = rd.sum(ew.logical_not(mask), axis=axis, keepdims=True)
    total = rd.sum(filled, axis=axis, dtype=dtype, keepdims=True)
    mean = ew.astype(ew.divide(total, count), total.dtype)  # NumPy divides in float64 and casts back
    deviation = ew.where(mask, 0, ew.subtract(filled, mean))
    if deviation.dtype.kind == "c":
        squares = ew.real(ew.multiply(deviation, ew.conj(deviation)))
    else:
        squares = ew.multiply(deviation, deviation)
    sums = rd.sum(squares, axis=axis, dtype=None if dtype is None else dt.as_dtype(dtype).component,
                  keepdims=keepdims)
    freedom = reshape(ew.subtract(count, ddof), sums.shape)
    variance = ew.astype(ew.divide(sums, freedom), sums.dtype)
    return ew.where(ew.less_equal(freedom, 0), math.nan, variance)


@_named
def nanstd(a: Any, axis: Any = None, dtype: Any = None, ddof: float = 0, keepdims: bool = False) -> Array:
    """NumPy's ``nanstd``: the square root of :func:`nanvar`."""
    return ew.sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


def _nanarg(a: Any, axis: Any, keepdims: bool, largest: bool) -> Array:
    """argmax/argmin with NaNs filled by -inf/+inf; ValueError for a slice of NaNs only (one flag read back)."""
    a = _array(a)
    filled, mask = _nan_filled(a, -math.inf if largest else math.inf)
    if mask is not None and mask.size and bool(rd.any(rd.all(mask, axis=axis))):
        raise ValueError("All-NaN slice encountered")
    return (rd.argmax if largest else rd.argmin)(filled, axis=axis, keepdims=keepdims)


@_named
def nanargmax(a: Any, axis: int | None = None, keepdims: bool = False) -> Array:
    """NumPy's ``nanargmax``: :func:`vulkit.argmax` ignoring NaNs. A slice of NaNs only raises ValueError "All-NaN
    slice encountered", as NumPy's: the check reads one flag back (the call waits for the GPU)."""
    return _nanarg(a, axis, keepdims, largest=True)


@_named
def nanargmin(a: Any, axis: int | None = None, keepdims: bool = False) -> Array:
    """NumPy's ``nanargmin``: :func:`vulkit.argmin` ignoring NaNs (see :func:`nanargmax`)."""
    return _nanarg(a, axis, keepdims, largest=False)


@_named
def nanprod(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Array:
    """NumPy's ``nanprod``: :func:`vulkit.prod` with NaNs counted as 1 (complex numbers with a NaN part too)."""
    return rd.prod(_nan_filled(_array(a), 1)[0], axis=axis, dtype=dtype, keepdims=keepdims)


@_named
def nancumsum(a: Any, axis: int | None = None, dtype: Any = None) -> Array:
    """NumPy's ``nancumsum``: :func:`vulkit.cumsum` with NaNs counted as 0 (flattened where ``axis`` is None)."""
    return cumsum(_nan_filled(_array(a), 0)[0], axis=axis, dtype=dtype)


@_named
def nancumprod(a: Any, axis: int | None = None, dtype: Any = None) -> Array:
    """NumPy's ``nancumprod``: :func:`vulkit.cumprod` with NaNs counted as 1 (flattened where ``axis`` is None)."""
    return cumprod(_nan_filled(_array(a), 1)[0], axis=axis, dtype=dtype)


def _observations(x: Any, rowvar: bool, dtype: DType, like: Array) -> Array:
    """x as the 2-d (variables, observations) array of ``dtype`` (NumPy's ``array(x, ndmin=2)``, transposed
    where not ``rowvar`` and x has more than one row)."""
    x = _cast(_array(x, like), dtype, like._ctx)
    x = reshape(x, (1, -1)) if x.ndim < 2 else x
    return x.T if not rowvar and x.shape[0] != 1 else x


def _sample_weights(weights: Any, n: int, name: str, like: Array) -> Array:
    """fweights or aweights as a 1-d float array of ``n`` non-negative weights (NumPy's checks; one read back)."""
    w = _cast(_array(weights, like), default_float(like._ctx), like._ctx)
    if w.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if w.shape[0] != n:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if n and bool(rd.any(ew.less(w, 0))):
        raise ValueError(f"{name} cannot be negative")
    return w


@_named
def cov(m: Any, y: Any = None, rowvar: bool = True, bias: bool = False, ddof: int | None = None,
        fweights: Any = None, aweights: Any = None, *, dtype: Any = None) -> Array:
    """NumPy's ``cov``: the covariance matrix of the variables in m's rows (columns where not ``rowvar``) and
    y's, ``X @ conj(X.T) / (N - ddof)`` after centring each variable on its :func:`average` (vt.matmul), with
    NumPy's frequency and analytic weights. The degrees of freedom are read back (the call waits for the GPU)
    to apply NumPy's rule (<= 0: divide by 0, without its warning)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = _array(m, y)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = _array(y, m)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = dt.result_type(m.dtype, *([y.dtype] if y is not None else []), default_float(m._ctx))
    dtype = dt.as_dtype(dtype)
    x = _cast(m, dtype, m._ctx)
    x = reshape(x, (1, -1)) if x.ndim < 2 else x
    if not rowvar and m.ndim != 1:
        x = x.T
    if x.shape[0] == 0:
        return zeros((0, 0), dtype=default_float(m._ctx), device=m.device)
    if y is not None:
        x = concat([x, _observations(y, rowvar, dtype, m)], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _sample_weights(fweights, n, "fweights", m)
        if n and not bool(rd.all(ew.equal(w, ew.round(w)))):
            raise TypeError("fweights must be integer")
    if aweights is not None:
        aweights = _sample_weights(aweights, n, "aweights", m)
        w = aweights if w is None else ew.multiply(w, aweights)
    avg, w_sum = average(x, axis=1, weights=w, returned=True)
    if w is None:
        fact = float(n - ddof)
    else:
        total = float(ew.real(w_sum[0]))  # complex for complex x: the sum of real weights
        if ddof == 0:
            fact = total
        elif aweights is None:
            fact = total - ddof
        else:
            fact = total - ddof * float(rd.sum(ew.multiply(w, aweights))) / total
    centred = ew.subtract(x, avg[:, None])
    weighted = centred if w is None else ew.multiply(centred, w)
    c = matmul(centred, ew.conj(weighted.T) if weighted.dtype.kind == "c" else weighted.T)
    scale = np.float64(math.inf if fact <= 0 else 1.0 / fact)  # NumPy: c *= true_divide(1, fact), a float64
    return squeeze(ew.astype(ew.multiply(c, scale), c.dtype))


@_named
def corrcoef(x: Any, y: Any = None, rowvar: bool = True, *, dtype: Any = None) -> Array:
    """NumPy's ``corrcoef``: :func:`cov` divided by the outer product of the standard deviations (the square roots
    of its diagonal, vt.linalg.diagonal), real and imaginary parts clipped to [-1, 1] (vt.clip); ``c / c`` for a
    single variable (a 0-d cov)."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return ew.divide(c, c)
    stddev = ew.sqrt(ew.real(diagonal(c)))
    c = ew.divide(ew.divide(c, stddev[:, None]), stddev[None, :])
    return _by_parts(c, lambda part: ew.clip(part, -1, 1))


def _monotonicity(bins: Array) -> int:
    """NumPy's ``_monotonicity`` of 1-d bins: 1 increasing (or all equal), -1 decreasing, 0 neither. The first pair
    of unequal neighbours picks the direction (a pair holding a NaN picks decreasing), later pairs must not go
    against it; four flags are read back at once (a sync)."""
    if bins.shape[0] < 2:
        return 1
    before, after = bins[:-1], bins[1:]
    differing = ew.not_equal(before, after)
    first = rd.argmax(differing)
    flags = concat([reshape(value, (1,)) for value in (
        rd.any(differing), ew.less(take(before, first, mode="clip"), take(after, first, mode="clip")),
        rd.any(ew.greater(before, after)), rd.any(ew.less(before, after)))]).numpy()
    any_differing, first_rises, falls, rises = (bool(f) for f in flags)
    if not any_differing:
        return 1
    if first_rises:
        return 0 if falls else 1
    return 0 if rises else -1


@_named
def digitize(x: Any, bins: Any, right: bool = False) -> Array:
    """NumPy's ``digitize``: the index of the bin of each x (vt.searchsorted over ``bins``, which must be 1-d and
    monotonic: increasing, or decreasing, then searched reversed). ``right``: bins closed on the right. NaN goes
    past the last bin. Checking the order of the bins reads flags back (the call waits for the GPU)."""
    x = _array(x, bins)
    if x.dtype.kind == "c":
        raise TypeError("x may not be complex")
    bins = _array(bins, x)
    if bins.ndim != 1:
        raise ValueError("object too deep for desired array" if bins.ndim else
                         "object of too small depth for desired array")
    direction = _monotonicity(bins)
    if direction == 0:
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if direction == 1:
        return searchsorted(bins, x, side=side)
    return ew.subtract(bins.shape[0], searchsorted(flip(bins), x, side=side))


def _bin_width(estimator: str, x: Array, low: Any, high: Any) -> float:
    """NumPy's bin width ``estimator`` of the (non-empty, flattened) data x, whose min and max are low and high."""
    n = x.size
    spread = float(high - low) if x.dtype.kind == "f" else float(int(high) - int(low))  # NumPy's _ptp
    sturges = spread / (np.log2(n) + 1.0)
    if estimator == "sqrt":
        return spread / np.sqrt(n)
    if estimator == "sturges":
        return sturges
    if estimator == "rice":
        return spread / (2.0 * n ** (1.0 / 3))
    if estimator == "scott":
        return (24.0 * np.pi ** 0.5 / n) ** (1.0 / 3.0) * float(rd.std(x))
    if estimator == "doane":
        if n > 2:
            sg1 = np.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
            sigma = float(rd.std(x))
            if sigma > 0.0:
                g1 = float(rd.mean(ew.pow(ew.divide(ew.subtract(x, rd.mean(x)), sigma), 3)))
                return spread / (1.0 + np.log2(n) + np.log2(1.0 + np.absolute(g1) / sg1))
        return 0.0
    upper, lower = (float(v) for v in percentile(x, [75, 25]).numpy())
    fd = 2.0 * (upper - lower) * n ** (-1.0 / 3.0)
    if estimator == "fd":
        return fd
    return builtins.min(builtins.max(fd, spread / np.sqrt(n) / 2), sturges)  # "auto"


_ESTIMATORS = ("auto", "doane", "fd", "rice", "scott", "sqrt", "sturges")


def _estimated_bins(a: Array, estimator: str, range_: Any) -> tuple[int, tuple[Any, Any]]:
    """NumPy's number of equal bins and outer edges for the bin width ``estimator`` (data outside ``range_``
    left out); the data's min and max are read back (a sync), and the statistics the estimator needs."""
    if estimator == "stone":
        raise NotImplementedError("the 'stone' estimator is not supported; give another or the number of bins")
    if estimator not in _ESTIMATORS:
        raise ValueError(f"{estimator!r} is not a valid estimator for `bins`")
    x = reshape(a, (-1,))
    if range_ is not None:
        first, last = range_
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
        x = x[ew.logical_and(ew.greater_equal(x, first), ew.less_equal(x, last))]
    if x.size:
        low, high = concat([reshape(rd.min(x), (1,)), reshape(rd.max(x), (1,))]).numpy()
    if range_ is None:
        if x.size == 0:
            first, last = 0, 1
        else:
            first, last = low, high
            if not (np.isfinite(first) and np.isfinite(last)):
                raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    if x.size == 0:
        return 1, (first, last)
    width = _bin_width(estimator, x, low, high)
    if not width:
        return 1, (first, last)
    if x.dtype.kind in "iu" and width < 1:
        width = 1
    integral = all(isinstance(v, (int, np.integer)) for v in (first, last))
    delta = int(last) - int(first) if integral else last - first  # in the edges' type, as NumPy's
    return int(np.ceil(delta / np.float64(width))), (first, last)


@_named
def histogram_bin_edges(a: Any, bins: Any = 10, range: Any = None, weights: Any = None) -> Array:  # noqa: A002
    """NumPy's ``histogram_bin_edges``: the edges :func:`vulkit.histogram` uses (NumPy's, from the range of the
    data, read back, or ``range``), for a number of bins, their edges, or a bin width estimator ('auto', 'fd',
    'doane', 'scott', 'rice', 'sturges', 'sqrt'; 'stone' raises NotImplementedError). ``weights`` are only checked
    against a's shape, as NumPy's. Runs vt.histogram, which counts too."""
    a = _array(a, weights)
    if weights is not None and _array(weights, a).shape != a.shape:
        raise ValueError("weights should have the same shape as a.")
    if isinstance(bins, str):
        if weights is not None:
            raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
        bins, range = _estimated_bins(a, bins, range)  # noqa: A001
    return histogram(a, bins, range)[1]


# -- calculus, polynomials, signals ----------------------------------------------------------------------------------
def _interp_real(x: Array, xp: Array, fp: Array, left: Any, right: Any) -> Array:
    """NumPy's ``compiled_interp`` of real ``fp`` (every operand of one float type): the line through the two
    samples around each x, the sample itself on a hit, ``left``/``right`` beyond the ends, NaN for NaN x."""
    n = xp.shape[0]
    low = fp[0] if left is None else left
    high = fp[-1] if right is None else right
    if n == 1:  # NumPy's special case: NaN x gives the one sample, as no comparison holds
        return ew.where(ew.less(x, xp[0]), low, ew.where(ew.greater(x, xp[0]), high, fp[0]))
    index = ew.subtract(searchsorted(xp, x, side="right"), 1)  # the last j with xp[j] <= x
    j = ew.clip(index, 0, n - 2)
    x0, x1 = take(xp, j, mode="clip"), take(xp, ew.add(j, 1), mode="clip")
    f0, f1 = take(fp, j, mode="clip"), take(fp, ew.add(j, 1), mode="clip")
    slope = ew.divide(ew.subtract(f1, f0), ew.subtract(x1, x0))
    result = ew.add(ew.multiply(slope, ew.subtract(x, x0)), f0)
    # NumPy's fallbacks for a NaN line (infinite samples): from the right sample, then the flat value
    result = ew.where(ew.isnan(result), ew.add(ew.multiply(slope, ew.subtract(x, x1)), f1), result)
    result = ew.where(ew.logical_and(ew.isnan(result), ew.equal(f0, f1)), f0, result)
    result = ew.where(ew.equal(x, x0), f0, result)  # a hit: the sample itself
    result = ew.where(ew.equal(index, n - 1), fp[-1], result)  # x == xp[-1]
    result = ew.where(ew.greater(x, xp[-1]), high, result)
    result = ew.where(ew.less(x, xp[0]), low, result)
    return ew.where(ew.isnan(x), x, result)


@_named
def interp(x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None, period: Any = None) -> Array:
    """NumPy's ``interp``: piecewise-linear interpolation of the samples (xp, fp) at x (vt.searchsorted for the
    interval, vt.take for its ends), in float64 (complex128 for complex fp; float32 / complex64 on a device without
    float64); ``left``/``right`` beyond the ends (default the end samples); ``period``: x and xp wrapped into
    [0, period) and the samples sorted, as NumPy's. xp must increase (not checked, as NumPy's)."""
    fp = _array(fp, x, xp)
    ctx = fp._ctx
    real_type = _on_device(dt.float64, ctx)
    value_type = _on_device(dt.complex128, ctx) if fp.dtype.kind == "c" else real_type
    x, xp, fp = _cast(_array(x, fp), real_type, ctx), _cast(_array(xp, fp), real_type, ctx), _cast(fp, value_type, ctx)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = builtins.abs(period)
        left = right = None
        if xp.ndim != 1 or fp.ndim != 1:
            raise ValueError("Data points must be 1-D sequences")
        if xp.shape[0] != fp.shape[0]:
            raise ValueError("fp and xp are not of the same length")
        x, xp = ew.remainder(x, period), ew.remainder(xp, period)
        order = argsort(xp)
        xp, fp = take(xp, order, mode="clip"), take(fp, order, mode="clip")
        xp = concat([ew.subtract(xp[-1:], period), xp, ew.add(xp[:1], period)])
        fp = concat([fp[-1:], fp, fp[:1]])
    xp, fp = _vector(xp), _vector(fp)
    if xp.shape[0] != fp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if fp.dtype.kind != "c":
        if any(isinstance(v, complex) or (isinstance(v, Array) and v.dtype.kind == "c") for v in (left, right)):
            raise TypeError("must be real number, not complex (left and right, for real fp)")
        return _interp_real(x, xp, fp, left, right)
    parts = [None if v is None else (complex(v).real, complex(v).imag) for v in (left, right)]
    return _complex(*(_interp_real(x, xp, ew.real(fp) if k == 0 else ew.imag(fp),
                                   None if parts[0] is None else parts[0][k],
                                   None if parts[1] is None else parts[1][k]) for k in (0, 1)), fp.dtype)


@_named
def trapezoid(y: Any, x: Any = None, dx: Any = 1.0, axis: int = -1) -> Array:
    """NumPy's ``trapezoid``: the integral of y along ``axis`` by the trapezoidal rule, ``sum(d * (y[1:] + y[:-1])
    / 2)`` with d the spacing ``dx`` or the differences of the sample points ``x`` (1-d along the axis, or of y's
    shape). vt.sum's compensated sum rounds less than NumPy's pairwise one."""
    y = _array(y, x)
    (axis,) = normalize_axes(axis, y.ndim)
    if x is None:
        d = dx if isinstance(dx, (int, float, complex)) else _array(dx, y)
    else:
        x = _array(x, y)
        if x.ndim == 1:
            d = diff(x)
            d = reshape(d, tuple(d.shape[0] if k == axis else 1 for k in range(y.ndim)))
        else:
            d = diff(x, axis=axis)
    pairs = ew.add(y[_along(y.ndim, axis, slice(1, None))], y[_along(y.ndim, axis, slice(None, -1))])
    return rd.sum(ew.divide(ew.multiply(d, pairs), 2.0), axis=axis)


def _spacing(distances: Any, length: int, f: Array) -> Any:
    """One axis's spacing for :func:`gradient`: a scalar as it is, or the differences of 1-d coordinates (one
    0-d array where they are all equal, which reads a flag back)."""
    if _ndim(distances) == 0:
        return distances
    coordinates = _array(distances, f)
    if coordinates.ndim != 1:
        raise ValueError("distances must be either scalars or 1d")
    if coordinates.shape[0] != length:
        raise ValueError("when 1d, distances must match the length of the corresponding dimension")
    if coordinates.dtype.kind in "iu":
        coordinates = coordinates.astype(default_float(f._ctx))
    steps = diff(coordinates)
    return steps[0] if steps.size and bool(rd.all(ew.equal(steps, steps[0]))) else steps


def _combination(terms: list[tuple[Any, Array]]) -> Array:
    """``a * f1 + b * f2 + c * f3`` in NumPy's order of operations."""
    result = ew.multiply(*terms[0])
    for coefficient, values in terms[1:]:
        result = ew.add(result, ew.multiply(coefficient, values))
    return result


def _gradient_along(f: Array, axis: int, spacing: Any, edge_order: int) -> Array:
    """NumPy's gradient of f along ``axis``: central differences inside, one-sided ones of ``edge_order`` at
    the ends, for a uniform ``spacing`` (a scalar) or the steps between coordinates (1-d)."""
    n = f.ndim

    def part(key: Any) -> Array:
        return f[_along(n, axis, key)]

    if isinstance(spacing, Array) and spacing.ndim == 1:  # steps between coordinates
        shape = tuple(-1 if k == axis else 1 for k in range(n))
        dx1, dx2 = spacing[:-1], spacing[1:]
        a = ew.divide(ew.negative(dx2), ew.multiply(dx1, ew.add(dx1, dx2)))
        b = ew.divide(ew.subtract(dx2, dx1), ew.multiply(dx1, dx2))
        c = ew.divide(dx1, ew.multiply(dx2, ew.add(dx1, dx2)))
        inside = _combination([(reshape(a, shape), part(slice(None, -2))), (reshape(b, shape), part(slice(1, -1))),
                               (reshape(c, shape), part(slice(2, None)))])
        first_step, last_step = spacing[0], spacing[-1]
    else:
        inside = ew.divide(ew.subtract(part(slice(2, None)), part(slice(None, -2))), 2.0 * spacing)
        first_step = last_step = spacing
    if edge_order == 1:
        first = ew.divide(ew.subtract(part(slice(1, 2)), part(slice(0, 1))), first_step)
        last = ew.divide(ew.subtract(part(slice(-1, None)), part(slice(-2, -1))), last_step)
    else:
        if isinstance(spacing, Array) and spacing.ndim == 1:
            dx1, dx2 = spacing[0], spacing[1]
            s = ew.add(dx1, dx2)
            start = (ew.divide(ew.negative(ew.add(ew.multiply(2.0, dx1), dx2)), ew.multiply(dx1, s)),
                     ew.divide(s, ew.multiply(dx1, dx2)), ew.divide(ew.negative(dx1), ew.multiply(dx2, s)))
            dx1, dx2 = spacing[-2], spacing[-1]
            s = ew.add(dx1, dx2)
            end = (ew.divide(dx2, ew.multiply(dx1, s)), ew.divide(ew.negative(ew.add(dx2, dx1)), ew.multiply(dx1, dx2)),
                   ew.divide(ew.add(ew.multiply(2.0, dx2), dx1), ew.multiply(dx2, s)))
        else:
            start = tuple(k / spacing for k in (-1.5, 2.0, -0.5))  # Python's or the array's division
            end = tuple(k / spacing for k in (0.5, -2.0, 1.5))
        first = _combination(list(zip(start, (part(slice(0, 1)), part(slice(1, 2)), part(slice(2, 3))), strict=True)))
        last = _combination(list(zip(end, (part(slice(-3, -2)), part(slice(-2, -1)), part(slice(-1, None))),
                                     strict=True)))
    return concat([first, inside, last], axis=axis)


@_named
def gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: int = 1) -> Array | tuple[Array, ...]:
    """NumPy's ``gradient``: second-order central differences inside and one-sided differences of ``edge_order``
    (1 or 2) at the ends, along each of ``axis`` (all by default); spacings as NumPy's: none (1), one scalar for
    every axis, or one per axis, a scalar or 1-d coordinates (equal steps, checked by reading a flag back, count as
    uniform). One array for one axis, else a tuple. Integers give the default float; the result keeps f's floating
    type, computed as NumPy computes it (elementwise operations on slices of f, joined by vt.concat)."""
    f = _array(f)
    axes = tuple(range(f.ndim)) if axis is None else normalize_axes(axis, f.ndim)
    if not varargs:
        spacings: list[Any] = [1.0] * len(axes)
    elif len(varargs) == 1 and _ndim(varargs[0]) == 0:
        spacings = [varargs[0]] * len(axes)
    elif len(varargs) == len(axes):
        spacings = [_spacing(d, f.shape[ax], f) for d, ax in zip(varargs, axes, strict=True)]
    else:
        raise TypeError("invalid number of arguments")
    if edge_order not in (1, 2):
        raise ValueError("'edge_order' greater than 2 not supported" if edge_order > 2 else
                         "'edge_order' must be 1 or 2")
    result_type = f.dtype
    if f.dtype.kind not in "fc":
        result_type = default_float(f._ctx)
        if f.dtype.kind in "iu":
            f = f.astype(result_type)
    found = []
    for ax, spacing in zip(axes, spacings, strict=True):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) "
                             "elements are required.")
        found.append(ew.astype(_gradient_along(f, ax, spacing, edge_order), result_type))
    return found[0] if len(found) == 1 else tuple(found)


@_named
def polyval(p: Any, x: Any) -> Array:
    """NumPy's ``polyval``: the polynomial with coefficients ``p`` (highest power first) at x, by Horner's rule
    as NumPy's (``y = y * x + p[i]``, from ``zeros_like(x)``; typed alike). ``poly1d`` objects are not taken."""
    p = _array(p, x)
    if p.ndim == 0:
        raise TypeError("len() of unsized object")
    x = _array(x, p)
    y = zeros_like(x)
    for i in range(p.shape[0]):
        y = ew.add(ew.multiply(y, x), p[i])
    return y


_MODES = {"v": "valid", "s": "same", "f": "full", 0: "valid", 1: "same", 2: "full"}


def _mode(mode: Any) -> str:
    key = mode.lower()[:1] if isinstance(mode, str) else mode
    if isinstance(key, bool) or key not in _MODES:
        raise ValueError(f"mode must be 'valid', 'same' or 'full', got {mode!r}")
    return _MODES[key]


def _slide(a: Array, v: Array, mode: str) -> Array:
    """``sum_n a[k + n] * v[n]`` for every k where v overlaps a padded with zeros as ``mode`` says (NumPy's
    ``_pyarray_correlate``, a longer than v): v times a strided view of the padded a's windows, summed."""
    n = v.shape[0]
    left, right = {"valid": (0, 0), "same": (n // 2, n - n // 2 - 1), "full": (n - 1, n - 1)}[mode]
    dtype = dt.result_type(a.dtype, v.dtype)
    padded = pad(_cast(a, dtype, a._ctx), (left, right)) if left or right else _cast(a, dtype, a._ctx).copy()
    length = padded.shape[0] - n + 1
    windows = view(padded, (length, n), (padded.strides[0], padded.strides[0]), padded._offset)
    products = ew.multiply(windows, v)
    if dtype.kind == "b":  # NumPy's bool dot: any of the ands
        return rd.any(products, axis=-1)
    return rd.sum(products, axis=-1, dtype=dtype)


def _signals(a: Any, v: Any) -> tuple[Array, Array]:
    a = _vector(a, v)
    return a, _vector(v, a)


@_named
def convolve(a: Any, v: Any, mode: Any = "full") -> Array:
    """NumPy's ``convolve`` of two 1-d arrays: ``sum_m a[m] * v[k - m]`` (modes 'full', 'same', 'valid'), computed
    directly on the GPU (O(len(a) * len(v)) work and memory: fine for short kernels; an FFT is faster for long
    ones). Integer results wrap as NumPy's; float sums are vt.sum's (compensated)."""
    a, v = _signals(a, v)
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    return _slide(a, flip(v), _mode(mode))


@_named
def correlate(a: Any, v: Any, mode: Any = "valid") -> Array:
    """NumPy's ``correlate`` of two 1-d arrays: ``sum_n a[n + k] * conj(v[n])`` (modes 'valid', 'same', 'full';
    a shorter than v is computed as NumPy's, swapped and reversed), computed directly (see :func:`convolve`)."""
    a, v = _signals(a, v)
    if a.shape[0] == 0:
        raise ValueError("first array argument cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("second array argument cannot be empty")
    mode = _mode(mode)
    v = ew.conj(v) if v.dtype.kind == "c" else v
    if a.shape[0] >= v.shape[0]:
        return _slide(a, v, mode)
    return flip(_slide(v, a, mode))


@_named
def ediff1d(ary: Any, to_end: Any = None, to_begin: Any = None) -> Array:
    """NumPy's ``ediff1d``: the differences of consecutive elements of the flattened ``ary`` (vt.subtract, in its
    dtype), after ``to_begin`` and before ``to_end`` (vt.concat; they must cast to ary's dtype under NumPy's
    ``same_kind`` rule). Bool raises TypeError, as NumPy's subtraction of booleans."""
    ary = reshape(_array(ary, to_end, to_begin), (-1,))
    pieces = [ew.subtract(ary[1:], ary[:-1])]
    for position, (name, extra) in enumerate((("to_begin", to_begin), ("to_end", to_end))):
        if extra is None:
            continue
        extra = reshape(_array(extra, ary), (-1,))
        if not np.can_cast(extra.dtype.np, ary.dtype.np, "same_kind"):
            raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
        extra = _cast(extra, ary.dtype, ary._ctx)
        pieces = [extra, *pieces] if position == 0 else [*pieces, extra]
    return pieces[0] if len(pieces) == 1 else concat(pieces)


# -- sets ------------------------------------------------------------------------------------------------------------
def _merge_nans(values: Array, index: Array | None, inverse: Array | None, counts: Array | None) \
        -> tuple[Array, Array | None, Array | None, Array | None]:
    """NumPy's ``equal_nan``: the NaN values (sorted last, each its own value in vt's unique functions) merged
    into the first of them, which keeps its first index; the inverse and the counts follow. Counting them reads
    one number back."""
    nans = int(rd.sum(ew.isnan(values))) if values.dtype.kind in "fc" and values.size else 0
    if nans < 2:
        return values, index, inverse, counts
    keep = values.shape[0] - nans + 1
    if counts is not None:
        counts = concat([counts[:keep - 1], reshape(rd.sum(counts[keep - 1:], dtype=counts.dtype), (1,))])
    if inverse is not None:
        inverse = ew.minimum(inverse, keep - 1)
    return values[:keep], None if index is None else index[:keep], inverse, counts


@_named
def unique(ar: Any, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False,
           axis: int | None = None, *, equal_nan: bool = True, sorted: bool = True) -> Any:  # noqa: A002
    """NumPy's ``unique``: the sorted distinct values of the flattened ``ar`` and, where asked, the index of each
    one's first occurrence, the inverse (in ar's shape, as NumPy 2's) and the counts, from vt.unique_values /
    unique_counts / unique_inverse / unique_all. ``equal_nan`` (NumPy's default): all NaNs are one value (vt's
    own functions keep each NaN). ``axis`` is supported for 1-d ``ar`` only (NotImplementedError otherwise);
    ``sorted=False`` is accepted (the values come sorted). Synchronises: the number of values is read back."""
    ar = _array(ar)
    if not ar._contig:  # vt's unique functions sort x's flat view as if it were contiguous: give them a copy
        ar = ar.copy()
    if axis is not None:
        normalize_axes(axis, ar.ndim)
        if ar.ndim != 1:
            raise NotImplementedError("unique along an axis (of an array of more than 1 dimension) is not supported")
    index = inverse = counts = None
    if return_index or (return_inverse and return_counts):
        values, index, inverse, counts = unique_all(ar)
    elif return_inverse:
        values, inverse = unique_inverse(ar)
    elif return_counts:
        values, counts = unique_counts(ar)
    else:
        values = unique_values(ar)
    if equal_nan:
        values, index, inverse, counts = _merge_nans(values, index, inverse, counts)
    asked = [values, *(found for flag, found in ((return_index, index), (return_inverse, inverse),
                                                 (return_counts, counts)) if flag)]
    return asked[0] if len(asked) == 1 else tuple(asked)


@_named
def union1d(ar1: Any, ar2: Any) -> Array:
    """NumPy's ``union1d``: the sorted distinct values of both arrays (flattened; NaNs merged), :func:`unique` of
    their concatenation."""
    return unique(concat([_array(ar1, ar2), _array(ar2, ar1)], axis=None))


@_named
def intersect1d(ar1: Any, ar2: Any, assume_unique: bool = False, return_indices: bool = False) -> Any:
    """NumPy's ``intersect1d``: the sorted values in both arrays (NaN is in neither), found as NumPy finds them
    (equal neighbours in vt.sort / vt.argsort of the concatenation of their :func:`unique` values);
    ``return_indices``: also the first index of each in the flattened ar1 and ar2. Synchronises (sizes are read
    back)."""
    ar1, ar2 = _array(ar1, ar2), _array(ar2, ar1)
    if not assume_unique:
        if return_indices:
            ar1, first1 = unique(ar1, return_index=True)
            ar2, first2 = unique(ar2, return_index=True)
        else:
            ar1, ar2 = unique(ar1), unique(ar2)
    else:
        ar1, ar2 = reshape(ar1, (-1,)), reshape(ar2, (-1,))
    joined = concat([ar1, ar2])
    if return_indices:
        order = argsort(joined)
        joined = take(joined, order, mode="clip")
    else:
        joined = sort(joined)
    matched = ew.equal(joined[1:], joined[:-1])
    common = joined[:-1][matched]
    if not return_indices:
        return common
    indices1 = order[:-1][matched]
    indices2 = ew.subtract(order[1:][matched], ar1.size)
    if not assume_unique:
        indices1, indices2 = take(first1, indices1, mode="clip"), take(first2, indices2, mode="clip")
    return common, indices1, indices2


def _in_unique(ar1: Array, ar2: Array) -> Array:
    """Whether each element of ar1 is in ar2, both holding distinct values: NumPy's sorting ``_isin`` (equal
    neighbours of the stable sort of both; NaN equals nothing), which complex numbers take too (vt.isin orders
    real numbers only)."""
    joined = concat([ar1, ar2])
    order = argsort(joined)
    ordered = take(joined, order, mode="clip")
    matched = concat([ew.equal(ordered[1:], ordered[:-1]), full((1,), False, dtype=dt.bool_, device=joined.device)])
    return take(matched, argsort(order), mode="clip")[:ar1.shape[0]]


@_named
def setdiff1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Array:
    """NumPy's ``setdiff1d``: the sorted distinct values of ar1 not in ar2 (NaN is in nothing, so ar1's NaN
    stays); ``assume_unique``: both are taken as holding distinct values, ar1 flattened as it is. Membership as
    NumPy's: equal neighbours in the sorted values of both. Synchronises (sizes are read back)."""
    ar1, ar2 = _array(ar1, ar2), _array(ar2, ar1)
    if assume_unique:
        ar1, ar2 = reshape(ar1, (-1,)), reshape(ar2, (-1,))
    else:
        ar1, ar2 = unique(ar1), unique(ar2)
    if ar1.size == 0 or ar2.size == 0:
        return ar1
    return ar1[ew.logical_not(_in_unique(ar1, ar2))]


@_named
def setxor1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Array:
    """NumPy's ``setxor1d``: the sorted values in exactly one of the arrays, found as NumPy finds them (the
    values of the sorted concatenation of their unique values equal to neither neighbour; NaN equals nothing, so a
    NaN of each array stays). Synchronises (the size is read back)."""
    ar1, ar2 = _array(ar1, ar2), _array(ar2, ar1)
    if not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    joined = sort(concat([ar1, ar2], axis=None))
    if joined.size == 0:
        return joined
    edges = full((1,), True, dtype=dt.bool_, device=joined.device)
    flags = concat([edges, ew.not_equal(joined[1:], joined[:-1]), edges])
    return joined[ew.logical_and(flags[1:], flags[:-1])]
