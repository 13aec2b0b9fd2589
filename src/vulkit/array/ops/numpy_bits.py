"""NumPy's bit packing (``vt.packbits``, ``vt.unpackbits``), integer number theory (``vt.gcd``, ``vt.lcm``), the
parts of floating-point numbers (``vt.frexp``, ``vt.ldexp``, ``vt.modf``, ``vt.spacing``), ``vt.divmod``, ``vt.fix``,
``vt.logaddexp2`` and the signed infinity predicates (``vt.isposinf``, ``vt.isneginf``), for code ported from NumPy.

Everything here is composed of vulkit's own elementwise functions, reductions and gathers: no kernel of its own.
Powers of two are read from a table of the exact ones (uploaded once per device and dtype), since ``vt.pow`` is not
exact for every integer exponent; gcd and lcm take as many of Euclid's steps as the dtype's widest values need.

Results are vulkit arrays typed as NumPy's ufuncs type them (NumPy's own loop resolution, Python scalars weak), 0-d
where NumPy gives a scalar; float64 results are float32 on a device without float64 (bfloat16, which NumPy lacks,
is not taken). Errors name the function called first (``"gcd: ..."``), with NumPy's exception type.
"""

from __future__ import annotations

import math
import operator
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array
from ..dtypes import DType
from ..layout import normalize_axes
from . import elementwise as ew
from . import reductions as rd
from .creation import asarray, zeros
from .gather import take
from .manipulation import broadcast_shapes, reshape
from .named_errors import named_errors
from .numpy_common import as_array, cast_to, context_of, on_device, ufunc_operands, write_out

__all__ = ["packbits", "unpackbits", "gcd", "lcm", "frexp", "ldexp", "modf", "divmod", "fix", "spacing",
           "logaddexp2", "isposinf", "isneginf"]

_Out = Array | None
_Pair = tuple[Array, Array]


# -- helpers -----------------------------------------------------------------------------------------------------------
def _loop(ufunc: np.ufunc, *values: Any) -> tuple[tuple[DType, ...], tuple[DType, ...]]:
    """(input dtypes, output dtypes) of NumPy's loop of ``ufunc`` for ``values`` (vulkit arrays and weak Python
    scalars), float32 for float64 on a device without it; OverflowError for a Python int its input type lacks."""
    types = [v.dtype.np if isinstance(v, Array) else np.dtype(bool) if v.__class__ is bool else v.__class__
             for v in values]
    try:
        loop = ufunc.resolve_dtypes((*types, *(None,) * ufunc.nout))
    except TypeError:
        names = ", ".join(str(t) if isinstance(t, np.dtype) else t.__name__ for t in types)
        raise TypeError(f"not supported for the input types ({names})") from None
    ctx = context_of(*values)
    found = tuple(on_device(dt.as_dtype(d), ctx) for d in loop)
    for value, dtype in zip(values, found, strict=False):
        if value.__class__ is int:
            dt.check_scalar_fits(value, dtype)
    return found[:ufunc.nin], found[ufunc.nin:]


def _inputs(ufunc: np.ufunc, *values: Any) -> tuple[list[Array], tuple[DType, ...]]:
    """``values`` as arrays of the input types of NumPy's loop of ``ufunc`` (of shapes that broadcast together),
    and the loop's output types."""
    values = tuple(ufunc_operands(*values))
    ins, outs = _loop(ufunc, *values)
    ctx = context_of(*values)
    arrays = [cast_to(v, d, ctx) for v, d in zip(values, ins, strict=True)]
    broadcast_shapes(*(a.shape for a in arrays))
    return arrays, outs


def _write_pair(results: _Pair, out: tuple[_Out, _Out] | None) -> _Pair:
    """``results``, or written into the two arrays of ``out`` (NumPy's ``out=`` of two-output ufuncs)."""
    if out is None:
        return results
    if not isinstance(out, tuple) or len(out) != 2:
        raise TypeError("'out' must be a tuple of two arrays")
    first, second = (write_out(r, o) for r, o in zip(results, out, strict=True))
    return first, second


def _little(bitorder: Any, strict: bool) -> bool:
    """Whether ``bitorder`` is little-endian; NumPy's checks: packbits takes "little" or "big" (``strict``),
    unpackbits any string that starts with "l" or "b"."""
    if not isinstance(bitorder, str):
        raise TypeError(f"bitorder must be a str, not {type(bitorder).__name__}")
    if strict and bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    if not strict and bitorder[:1] not in ("l", "b"):
        raise ValueError("'order' must begin with 'l' or 'b'")
    return bitorder[0] == "l"


def _along(a: Array, axis: Any) -> tuple[Array, int]:
    """``a`` and the axis to work along: a flattened for None, 0-d arrays as one element (NumPy's rules)."""
    if axis is None or a.ndim == 0:
        a = reshape(a, (-1,))
    return a, 0 if axis is None else normalize_axes(operator.index(axis), a.ndim)[0]


def _resized(x: Array, axis: int, length: int) -> Array:
    """``x`` cut to, or padded with zeros to, ``length`` elements along ``axis``."""
    n = x.shape[axis]
    before = (slice(None),) * axis
    if length <= n:
        return x[(*before, slice(0, length))]
    out = zeros((*x.shape[:axis], length, *x.shape[axis + 1:]), dtype=x.dtype, device=x.device)
    out[(*before, slice(0, n))] = x
    return out


def _byte_bits(little: bool, weights: bool, axis: int, ndim: int, device: Any) -> Array:
    """The shifts (or with ``weights``, the powers of two) of a byte's bits as uint8, the most significant first
    unless ``little``, along ``axis + 1`` of an array of ``ndim + 1`` dimensions."""
    shifts = np.arange(8) if little else np.arange(7, -1, -1)
    found = (np.left_shift(1, shifts) if weights else shifts).astype(np.uint8)
    return asarray(found.reshape((8,) + (1,) * (ndim - axis - 1)), device=device)


_POWERS: weakref.WeakKeyDictionary[Any, dict[DType, Array]] = weakref.WeakKeyDictionary()


def _exponents(dtype: DType) -> tuple[int, int, int]:
    """(emin, emax, digits): the normal exponent range and the significand's bits (with the implicit one)."""
    info = np.finfo(dtype.np)
    return int(info.minexp), int(info.maxexp) - 1, int(info.nmant) + 1


def _power_of_two(exponent: Array, dtype: DType, ctx: Any) -> Array:
    """``2 ** exponent`` (int32, within the normal range of ``dtype``) exactly: read from a table of them."""
    table = _POWERS.setdefault(ctx, {}).get(dtype)
    emin, emax, _ = _exponents(dtype)
    if table is None:
        table = _POWERS[ctx][dtype] = cast_to(np.ldexp(1.0, np.arange(emin, emax + 1)).astype(dtype.np), dtype, ctx)
    return take(table, ew.subtract(exponent, emin), mode="clip")


def _scaled(x: Array, n: Array) -> Array:
    """``x * 2 ** n`` (n int32) rounded once, as C's ``ldexp``: musl's scalbn, with per-element factors, each a
    normal power of two. An exponent below the normal range takes 2 ** (emin + digits) first, so that where that
    product is subnormal (rounded) what is left to scale by is at most 2 ** -digits: the result is 0, as the exact
    product rounds; an exponent in range is a single multiplication."""
    emin, emax, digits = _exponents(x.dtype)
    low = emin + digits
    result = x
    for _ in range(2):
        factor = ew.where(ew.less(n, emin), low, ew.minimum(n, emax))
        result = ew.multiply(result, _power_of_two(factor, x.dtype, x._ctx))
        n = ew.subtract(n, factor)
    return ew.multiply(result, _power_of_two(ew.clip(n, emin, emax), x.dtype, x._ctx))


# -- bit packing -------------------------------------------------------------------------------------------------------
@named_errors
def packbits(a: Any, /, axis: int | None = None, bitorder: str = "big") -> Array:
    """NumPy's ``packbits``: the truth of a's elements (integers or bool) as the bits of uint8 bytes, 8 along
    ``axis`` to a byte (None: of the flattened array), the last byte padded with zeros; ``bitorder`` "big" puts
    the first element in the most significant bit. vt.not_equal, then vt.where of the bits' powers of two summed."""
    a = as_array(a)
    if a.dtype.kind not in "biu":
        raise TypeError(f"Expected an input array of integer or boolean data type, got {a.dtype.name}")
    little = _little(bitorder, strict=True)
    a, axis = _along(a, axis)
    n = a.shape[axis]
    bits = _resized(ew.not_equal(a, 0), axis, -(-n // 8) * 8)
    bits = reshape(bits, (*a.shape[:axis], -(-n // 8), 8, *a.shape[axis + 1:]))
    weighted = ew.where(bits, _byte_bits(little, True, axis, a.ndim, a.device), 0)
    return rd.sum(weighted, axis=axis + 1, dtype=dt.uint8)


@named_errors
def unpackbits(a: Any, /, axis: int | None = None, count: int | None = None, bitorder: str = "big") -> Array:
    """NumPy's ``unpackbits``: the bits of a uint8 array as uint8 zeros and ones, 8 along ``axis`` for each byte
    (None: of the flattened array), most significant first for ``bitorder`` "big"; ``count`` keeps that many
    (padded with zeros beyond 8 a byte; negative: all but the last -count). vt.bitwise_right_shift, bitwise_and."""
    a = as_array(a)
    if a.dtype is not dt.uint8:
        raise TypeError(f"Expected an input array of unsigned byte data type, got {a.dtype.name}")
    count = None if count is None else operator.index(count)
    little = _little(bitorder, strict=False)
    a, axis = _along(a, axis)
    n = a.shape[axis]
    if count is not None and count < -8 * n:
        raise ValueError("-count larger than number of elements")
    shifts = _byte_bits(little, False, axis, a.ndim, a.device)
    bits = ew.bitwise_and(ew.bitwise_right_shift(reshape(a, (*a.shape[:axis + 1], 1, *a.shape[axis + 1:])), shifts), 1)
    bits = reshape(bits, (*a.shape[:axis], 8 * n, *a.shape[axis + 1:]))
    length = 8 * n if count is None else count if count >= 0 else 8 * n + count
    return _resized(bits, axis, length)


# -- integer number theory ---------------------------------------------------------------------------------------------
def _euclid_steps(bits: int) -> int:
    """The most steps Euclid's algorithm takes on values below 2 ** bits: k divisions need a >= F(k + 2) (Lamé),
    one more where the smaller value comes first."""
    previous, current, k = 1, 2, 0  # F(2), F(3)
    while current < 1 << bits:
        previous, current, k = current, previous + current, k + 1
    return k + 1


def _magnitudes(name: str, x1: Any, x2: Any) -> tuple[Array, Array, DType]:
    """|x1| and |x2| in the unsigned type of the width of NumPy's loop type (int_min's magnitude too), and that
    type."""
    (a, b), (result,) = _inputs(getattr(np, name), x1, x2)
    unsigned = dt.as_dtype(f"uint{8 * result.itemsize}")
    return ew.abs(a).astype(unsigned), ew.abs(b).astype(unsigned), result


def _euclid(a: Array, b: Array) -> Array:
    """The greatest common divisor of unsigned a and b: Euclid's steps, as many as the widest inputs need (a zero
    divisor leaves a as it is: vt's integer remainder by 0 is 0)."""
    for _ in range(_euclid_steps(8 * a.dtype.itemsize)):
        a, b = ew.where(b, b, a), ew.remainder(a, b)  # where's condition b: b != 0
    return a


@named_errors
def gcd(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``gcd``: the greatest common divisor of |x1| and |x2| (integers, typed as NumPy's; gcd(0, 0) = 0;
    int_min's magnitude wraps to int_min as NumPy's does): Euclid's algorithm (vt.remainder, vt.where) on the
    magnitudes as unsigned integers, a fixed number of steps for the dtype's width (92 for 64 bits)."""
    a, b, result = _magnitudes("gcd", x1, x2)
    return write_out(_euclid(a, b).astype(result), out)


@named_errors
def lcm(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``lcm``: the least common multiple ``|x1| // gcd * |x2|`` (0 where either is 0), wrapping around on
    overflow as NumPy's does."""
    a, b, result = _magnitudes("lcm", x1, x2)
    return write_out(ew.multiply(ew.floor_divide(a, _euclid(a, b)), b).astype(result), out)  # a // 0 is 0


# -- parts of floating-point numbers -----------------------------------------------------------------------------------
@named_errors
def frexp(x: Any, /, out: tuple[_Out, _Out] | None = None) -> _Pair:
    """NumPy's ``frexp``: (mantissa, exponent) with ``x = mantissa * 2 ** exponent``, |mantissa| in [0.5, 1) and
    exponent int32; (x, 0) for 0, ±inf and NaN. The exponent from vt.log2, corrected by one where the exactly
    scaled mantissa is out of range."""
    (f,), (_, exponent_type) = _inputs(np.frexp, x)
    finite = ew.logical_and(ew.isfinite(f), ew.not_equal(f, 0))
    magnitude = ew.where(finite, ew.abs(f), 1)
    exponent = ew.add(ew.floor(ew.log2(magnitude)), 1).astype(exponent_type)  # within one of the true exponent
    mantissa = _scaled(f, ew.negative(exponent))
    size = ew.abs(mantissa)
    big, small = ew.greater_equal(size, 1), ew.less(size, 0.5)
    mantissa = ew.where(big, ew.multiply(mantissa, 0.5), ew.where(small, ew.multiply(mantissa, 2), mantissa))
    exponent = ew.subtract(ew.add(exponent, big), small)
    return _write_pair((ew.where(finite, mantissa, f), ew.where(finite, exponent, 0)), out)


@named_errors
def ldexp(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``ldexp``: ``x1 * 2 ** x2`` for integer x2 (typed as NumPy's: x1's floating type), rounded once
    as C's ldexp: x1 multiplied by at most three exact powers of two (musl's scalbn)."""
    (f, n), _ = _inputs(np.ldexp, x1, x2)
    emin, emax, digits = _exponents(f.dtype)
    limit = emax - emin + digits + 1  # beyond it every finite x1 gives 0 or inf
    return write_out(_scaled(f, ew.clip(n, -limit, limit).astype(dt.int32)), out)


@named_errors
def modf(x: Any, /, out: tuple[_Out, _Out] | None = None) -> _Pair:
    """NumPy's ``modf``: (fractional part, integral part), both with x's sign: vt.trunc and the difference, ±0 for
    the fraction of ±inf."""
    (f,), _ = _inputs(np.modf, x)
    whole = ew.trunc(f)
    return _write_pair((ew.copysign(ew.where(ew.isinf(f), 0, ew.subtract(f, whole)), f), whole), out)


@named_errors
def divmod(x1: Any, x2: Any, /, out: tuple[_Out, _Out] | None = None) -> _Pair:  # noqa: A001 - NumPy's name
    """NumPy's ``divmod``: (vt.floor_divide, vt.remainder) of x1 and x2, typed as NumPy's (bool: int8)."""
    (a, b), _ = _inputs(np.divmod, x1, x2)
    return _write_pair((ew.floor_divide(a, b), ew.remainder(a, b)), out)


@named_errors
def fix(x: Any, /, out: Array | None = None) -> Array:
    """NumPy's ``fix``: rounded toward zero (vt.trunc); as in NumPy 2, integers and bool keep their dtype."""
    (f,), _ = _inputs(np.trunc, x)
    return write_out(ew.trunc(f), out)


@named_errors
def spacing(x: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``spacing``: the distance from x to the next float away from zero, negative for negative x
    (positive for -0.0, inf at the largest finite values, NaN for ±inf and NaN): vt.nextafter minus x."""
    (f,), _ = _inputs(np.spacing, x)
    toward = ew.where(ew.less(f, 0), cast_to(-math.inf, f.dtype, f._ctx), cast_to(math.inf, f.dtype, f._ctx))
    return write_out(ew.subtract(ew.nextafter(f, toward), f), out)


@named_errors
def logaddexp2(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``logaddexp2``: ``log2(2 ** x1 + 2 ** x2)`` without overflow, as NumPy computes it: the larger
    plus ``log1p(2 ** -|x1 - x2|) / ln 2``, ``x1 + 1`` where x1 == x2 (equal infinities)."""
    (a, b), _ = _inputs(np.logaddexp2, x1, x2)
    gap = ew.pow(2.0, ew.negative(ew.abs(ew.subtract(a, b))))
    result = ew.add(ew.maximum(a, b), ew.multiply(ew.log1p(gap), 1 / math.log(2)))
    return write_out(ew.where(ew.equal(a, b), ew.add(a, 1), result), out)


def _signed_infinity(name: str, negative: bool) -> Callable[..., Array]:
    def predicate(x: Any, out: Array | None = None) -> Array:
        x = as_array(x)
        if x.dtype.kind == "c":
            raise TypeError(f"This operation is not supported for {x.dtype.name} values because it would be "
                            "ambiguous.")
        sign = ew.signbit(x)
        return write_out(ew.logical_and(ew.isinf(x), sign if negative else ew.logical_not(sign)), out)

    predicate.__name__ = predicate.__qualname__ = name
    predicate.__doc__ = (f"NumPy's ``{name}``: whether each element is {'-' if negative else '+'}inf (vt.isinf and "
                         "vt.signbit); False for integers and bool, TypeError for complex numbers.")
    return named_errors(predicate)


isposinf = _signed_infinity("isposinf", negative=False)
isneginf = _signed_infinity("isneginf", negative=True)
