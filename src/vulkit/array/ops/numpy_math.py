"""NumPy's elementwise aliases and compositions beyond the array API standard (``vt.power``, ``vt.fmod``,
``vt.cbrt``, ``vt.deg2rad``, ``vt.nan_to_num`` ...) and its comparisons and predicates (``vt.isclose``,
``vt.allclose``, ``vt.array_equal``, ``vt.isreal`` ...), for code ported from NumPy.

Everything here is composed of vulkit's own elementwise functions and reductions: no kernel of its own. Results are
vulkit arrays typed as NumPy's ufuncs type them (0-d where NumPy gives a scalar), except the predicates
``allclose``, ``array_equal``, ``array_equiv``, ``isrealobj`` and ``iscomplexobj``, which give Python bools as
NumPy's do (the first three wait for the GPU to give them).

Errors name the function called first (``"fmod: ..."``), with NumPy's message after it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array
from ..dtypes import DType
from ..info import finfo
from . import elementwise as ew
from . import reductions as rd
from .creation import zeros
from .engine import TABLE
from .manipulation import broadcast_shapes
from .moving import round as _round_decimals
from .named_errors import named_errors
from .numpy_common import as_array, by_parts, cast_to, context_of, from_parts, on_device, ufunc_operands, write_out
from .promotion import resolve

__all__ = [
    # elementwise aliases and compositions
    "power", "true_divide", "mod", "fmod", "amax", "amin", "around", "rint", "deg2rad", "rad2deg", "radians",
    "degrees", "exp2", "cbrt", "float_power", "heaviside", "nan_to_num", "angle",
    # comparisons and predicates
    "isclose", "allclose", "array_equal", "array_equiv", "isreal", "iscomplex", "isrealobj", "iscomplexobj",
]


# -- helpers -----------------------------------------------------------------------------------------------------------
def _types(values: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(v.dtype if isinstance(v, Array) else (bool if v.__class__ is bool else v.__class__) for v in values)


def _typed_as(operation: str, *values: Any) -> DType:
    """The result dtype of the elementwise ``operation`` (vt's, typed as NumPy's ufunc) on ``values``."""
    return resolve(TABLE[operation], _types(values))[1]


def _no_complex(*values: Any) -> None:
    for v in values:
        if (isinstance(v, Array) and v.dtype.kind == "c") or isinstance(v, complex):
            raise TypeError(f"not supported for complex input ({v.dtype.name if isinstance(v, Array) else 'complex'})")


def _float_of(x: Array, complex_too: bool = False) -> DType:
    """The floating type NumPy's float-only ufuncs (sqrt, deg2rad, rint ...) compute x in: x's own, float16 for
    bool and 8-bit integers, float32 for 16-bit, float64 (the device's default float) for wider integers."""
    if not complex_too:
        _no_complex(x)
    return on_device(resolve(TABLE["sqrt"], (x.dtype,))[1], x._ctx)


# -- elementwise aliases and compositions --------------------------------------------------------------------------
def _binary_alias(name: str, function: Callable[..., Array], doc: str) -> Callable[..., Array]:
    def alias(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
        x1, x2 = ufunc_operands(x1, x2)
        return function(x1, x2, out=out)

    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = doc
    return named_errors(alias)


power = _binary_alias("power", ew.pow, "NumPy's ``power``: :func:`vulkit.pow` (``x1 ** x2``, typed as NumPy's).")
true_divide = _binary_alias("true_divide", ew.divide, "NumPy's ``true_divide``: :func:`vulkit.divide`.")
mod = _binary_alias("mod", ew.remainder,
                    "NumPy's ``mod``: :func:`vulkit.remainder` (Python's ``%``: the sign of the divisor; exact).")


@named_errors
def fmod(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """C's ``fmod`` (NumPy's): the remainder of truncated division, with the sign of ``x1``. Exact: floats are
    ``copysign(remainder(|x1|, |x2|), x1)`` (vt's remainder is exact, and of two magnitudes it is fmod's);
    integers are ``remainder`` moved by one ``x2`` where its sign differs from x1's. fmod(x, 0) is NaN for floats
    and 0 for integers, fmod(±inf, y) NaN, fmod(x, ±inf) x, as NumPy's (without its warnings)."""
    x1, x2 = ufunc_operands(x1, x2)
    _no_complex(x1, x2)
    result_type = _typed_as("remainder", x1, x2)
    a, b = (cast_to(v, result_type, context_of(x1, x2)) for v in (x1, x2))
    if result_type.kind == "f":
        return write_out(ew.copysign(ew.remainder(ew.abs(a), ew.abs(b)), a), out)
    floored = ew.remainder(a, b)
    if result_type.kind == "u":
        return write_out(floored, out)
    moved = ew.logical_and(ew.not_equal(floored, 0), ew.not_equal(ew.less(floored, 0), ew.less(a, 0)))
    return write_out(ew.where(moved, ew.subtract(floored, b), floored), out)


def _extreme_alias(name: str, reduction: Callable[..., Array]) -> Callable[..., Array]:
    def extreme(a: Any, axis: Any = None, keepdims: bool = False, initial: Any = None) -> Array:
        return reduction(as_array(a), axis=axis, keepdims=keepdims, initial=initial)

    largest = name == "amax"
    extreme.__name__ = extreme.__qualname__ = name
    extreme.__doc__ = (f"NumPy's ``{name}``: :func:`vulkit.{'max' if largest else 'min'}` over ``axis``, "
                       f"``initial`` (converted to a's dtype) taken into the {'maximum' if largest else 'minimum'}, "
                       "which allows empty reductions. NumPy's ``out=`` and ``where=`` are not supported.")
    return named_errors(extreme)


amax = _extreme_alias("amax", rd.max)
amin = _extreme_alias("amin", rd.min)


@named_errors
def around(a: Any, decimals: int = 0, out: Array | None = None) -> Array:
    """NumPy's ``around``: :func:`vulkit.round` to ``decimals`` places, halves to even."""
    return _round_decimals(as_array(a), decimals, out=out)


@named_errors
def rint(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``rint``: the nearest integer, halves to even (vt.round), typed as NumPy's: integers and bool give
    floats (float16 for bool and 8-bit integers, float64 from 32 bits), complex numbers round both parts."""
    x = as_array(x)
    return write_out(ew.round(cast_to(x, _float_of(x, complex_too=True), x._ctx)), out)


def _angle_scale(name: str, numerator: float, denominator: float, doc: str) -> Callable[..., Array]:
    def scale(x: Any, /, *, out: Array | None = None) -> Array:
        x = as_array(x)
        target = _float_of(x)
        if target.itemsize == 8:
            return write_out(ew.multiply(cast_to(x, target, x._ctx), numerator / denominator), out)
        # NumPy's float32 loop multiplies by a constant computed in float32 (180.0f / NPY_PIf); float16's and
        # bfloat16's compute in float32 too, rounding the product once
        constant = float(np.float32(numerator) / np.float32(denominator))
        product = ew.multiply(cast_to(x, dt.float32, x._ctx), constant)
        return write_out(product if target is dt.float32 else product.astype(target), out)

    scale.__name__ = scale.__qualname__ = name
    scale.__doc__ = doc + " Integers and bool give floats as NumPy's; complex input raises TypeError."
    return named_errors(scale)


_DEG2RAD = "``x * (pi / 180)`` in x's floating type, the constant rounded as NumPy's loops round it."
_RAD2DEG = "``x * (180 / pi)`` in x's floating type, the constant rounded as NumPy's loops round it."
deg2rad = _angle_scale("deg2rad", math.pi, 180.0, "NumPy's ``deg2rad``: " + _DEG2RAD)
radians = _angle_scale("radians", math.pi, 180.0, "NumPy's ``radians`` (``deg2rad``): " + _DEG2RAD)
rad2deg = _angle_scale("rad2deg", 180.0, math.pi, "NumPy's ``rad2deg``: " + _RAD2DEG)
degrees = _angle_scale("degrees", 180.0, math.pi, "NumPy's ``degrees`` (``rad2deg``): " + _RAD2DEG)


@named_errors
def exp2(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``exp2``: ``2 ** x`` in x's floating type (typed as NumPy's): vt.pow with base 2.0 for real x,
    within an ulp of NumPy's (libm's exp2 is exact at integers, vt.pow not always); for complex x, as NumPy's:
    vt.exp of x's parts scaled by ln 2."""
    x = as_array(x)
    x = cast_to(x, _float_of(x, complex_too=True), x._ctx)
    if x.dtype.kind == "c":
        scaled = from_parts(ew.multiply(ew.real(x), math.log(2.0)), ew.multiply(ew.imag(x), math.log(2.0)), x.dtype)
        return write_out(ew.exp(scaled), out)
    return write_out(ew.pow(2.0, x), out)


@named_errors
def cbrt(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``cbrt``: the real cube root, negative for negative x (±0, ±inf and NaN kept). ``|x| ** (1/3)``
    (vt.pow) with x's sign, then one Newton step, in float64 where the device has it (rounded to x's floating
    type afterwards): within an ulp of the true root, as libm's cbrt, though not always the same bits."""
    x = as_array(x)
    target = _float_of(x)
    w = cast_to(x, on_device(dt.float64, x._ctx), x._ctx)
    root = ew.copysign(ew.pow(ew.abs(w), 1.0 / 3.0), w)
    step = ew.divide(ew.subtract(root, ew.divide(w, ew.multiply(root, root))), 3.0)
    refine = ew.logical_and(ew.isfinite(root), ew.not_equal(root, 0))
    root = ew.where(refine, ew.subtract(root, step), root)
    return write_out(root if root.dtype is target else root.astype(target), out)


@named_errors
def float_power(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``float_power``: ``x1 ** x2`` (vt.pow) computed in float64, or complex128 where either operand is
    complex. On a device without float64: float32 / complex64 (NumPy always takes 64-bit parts)."""
    x1, x2 = ufunc_operands(x1, x2)
    ctx = context_of(x1, x2)
    complex_ = any((isinstance(v, Array) and v.dtype.kind == "c") or isinstance(v, complex) for v in (x1, x2))
    target = on_device(dt.complex128 if complex_ else dt.float64, ctx)
    a, b = (cast_to(v, target, ctx) if isinstance(v, Array) else v for v in (x1, x2))
    return write_out(ew.pow(a, b), out)


@named_errors
def heaviside(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``heaviside``: 0 where x1 < 0, ``x2`` where x1 == 0, 1 where x1 > 0, NaN where x1 is NaN (vt.where
    over comparisons), in the floating type NumPy's gives (float64 for integers)."""
    x1, x2 = ufunc_operands(x1, x2)
    _no_complex(x1, x2)
    ctx = context_of(x1, x2)
    target = on_device(_typed_as("hypot", x1, x2), ctx)  # hypot: a float-only binary ufunc, typed as heaviside
    a, h0 = cast_to(x1, target, ctx), cast_to(x2, target, ctx)
    step = ew.where(ew.equal(a, 0), h0, ew.astype(ew.greater(a, 0), target))
    return write_out(ew.where(ew.isnan(a), a, step), out)


@named_errors
def nan_to_num(x: Any, copy: bool = True, nan: float = 0.0, posinf: float | None = None,
               neginf: float | None = None) -> Array:
    """NumPy's ``nan_to_num``: NaN replaced by ``nan``, +inf by ``posinf`` (default: the dtype's largest value),
    -inf by ``neginf`` (default: its lowest), in both parts of complex numbers (vt.where). Integers and bool come
    back unchanged. ``copy=False`` writes the result into x (a float or complex array) and returns x."""
    x = as_array(x)
    if x.dtype.kind not in "fc":
        return x.copy() if copy else x

    def replaced(part: Array) -> Array:
        info = finfo(part.dtype)
        high = float(info.max) if posinf is None else posinf
        low = float(info.min) if neginf is None else neginf
        fixed = ew.where(ew.isnan(part), nan, part)
        fixed = ew.where(ew.equal(part, math.inf), high, fixed)
        return ew.where(ew.equal(part, -math.inf), low, fixed)

    result = by_parts(x, replaced)
    if copy:
        return result
    x[...] = result
    return x


@named_errors
def angle(z: Any, deg: bool = False) -> Array:
    """NumPy's ``angle``: ``atan2(imag(z), real(z))`` (vt.atan2; for real z, ``atan2(0, z)``: 0 or pi, and pi for
    -0.0), in degrees where ``deg``."""
    z = as_array(z)
    result = ew.atan2(ew.imag(z), ew.real(z)) if z.dtype.kind == "c" else ew.atan2(0, z)
    return ew.multiply(result, 180 / math.pi) if deg else result


# -- comparisons and predicates --------------------------------------------------------------------------------------
@named_errors
def isclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> Array:
    """NumPy's ``isclose``: ``|a - b| <= atol + rtol * |b|`` where b is finite, or ``a == b`` (equal infinities),
    and NaN with NaN where ``equal_nan`` (vt.abs, vt.less_equal, vt.isfinite, vt.equal, vt.isnan); b is taken as a
    float (its own float or complex type, the default float for integers and bool). Typed as NumPy's (Python
    numbers weakly); a bool array, 0-d for two scalars (NumPy gives a NumPy bool there)."""
    python = (int, float, complex)
    x, y, atol, rtol = (v if isinstance(v, python) else as_array(v, a, b) for v in (a, b, atol, rtol))
    if isinstance(y, Array):
        y = cast_to(y, on_device(dt.result_type(y.dtype, dt.float64) if y.dtype.kind in "biu" else y.dtype, y._ctx),
                  y._ctx)
    elif isinstance(y, int):
        y = float(y)
    if not isinstance(x, Array) and not isinstance(y, Array):
        x = as_array(x)
    # Python's operators: the elementwise functions for arrays, Python's arithmetic for numbers
    finite = ew.isfinite(y) if isinstance(y, Array) else math.isfinite(abs(y))
    close = ew.less_equal(abs(x - y), atol + rtol * abs(y))
    result = ew.logical_or(ew.logical_and(close, finite), ew.equal(x, y))
    if equal_nan:
        x_nan = ew.isnan(x) if isinstance(x, Array) else x != x
        y_nan = ew.isnan(y) if isinstance(y, Array) else y != y
        result = ew.logical_or(result, ew.logical_and(x_nan, y_nan))
    return result


@named_errors
def allclose(a: Any, b: Any, rtol: Any = 1e-05, atol: Any = 1e-08, equal_nan: bool = False) -> bool:
    """NumPy's ``allclose``: whether :func:`isclose` holds everywhere, a Python bool (the call waits for the GPU)."""
    return bool(rd.all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def _equal_everywhere(a1: Array, a2: Array, equal_nan: bool) -> bool:
    same = ew.equal(a1, a2)
    if equal_nan and (a1.dtype.kind in "fc" or a2.dtype.kind in "fc"):
        same = ew.logical_or(same, ew.logical_and(ew.isnan(a1), ew.isnan(a2)))
    return bool(rd.all(same))


@named_errors
def array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> bool:
    """NumPy's ``array_equal``: same shape and equal elements (``equal_nan``: NaN equals NaN, a complex number with
    a NaN part any other such), a Python bool (waits for the GPU). Values that cannot become arrays raise, where
    NumPy returns False."""
    a1 = as_array(a1, a2)
    a2 = as_array(a2, a1)
    return a1.shape == a2.shape and _equal_everywhere(a1, a2, equal_nan)


@named_errors
def array_equiv(a1: Any, a2: Any) -> bool:
    """NumPy's ``array_equiv``: shapes that broadcast together and equal elements, a Python bool (waits for the
    GPU)."""
    a1 = as_array(a1, a2)
    a2 = as_array(a2, a1)
    try:
        broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return _equal_everywhere(a1, a2, False)


@named_errors
def isreal(x: Any) -> Array:
    """NumPy's ``isreal``: whether each element's imaginary part (vt.imag) is 0 (all True for real arrays)."""
    return ew.equal(ew.imag(as_array(x)), 0)


@named_errors
def iscomplex(x: Any) -> Array:
    """NumPy's ``iscomplex``: whether each element's imaginary part (vt.imag) is nonzero (all False for real
    arrays)."""
    x = as_array(x)
    if x.dtype.kind == "c":
        return ew.not_equal(ew.imag(x), 0)
    return zeros(x.shape, dtype=dt.bool_, device=x.device)


def _complex_dtype(x: Any) -> bool:
    kind = getattr(getattr(x, "dtype", None), "kind", None)
    return kind == "c" if kind is not None else np.asarray(x).dtype.kind == "c"


@named_errors
def iscomplexobj(x: Any) -> bool:
    """NumPy's ``iscomplexobj``: whether x's dtype (of an array, or of the array it makes) is complex."""
    return _complex_dtype(x)


@named_errors
def isrealobj(x: Any) -> bool:
    """NumPy's ``isrealobj``: whether x's dtype is not complex (see :func:`iscomplexobj`)."""
    return not _complex_dtype(x)
