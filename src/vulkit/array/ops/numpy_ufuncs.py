"""NumPy's spellings of vulkit's elementwise functions (``vt.absolute``, ``vt.arctan2``, ``vt.invert``,
``vt.left_shift`` ...), ``vt.fabs``, ``vt.i0``, ``vt.fmax``, ``vt.fmin``, ``vt.bitwise_count`` and the products
``vt.vdot``, ``vt.matvec`` and ``vt.vecmat``, for code ported from NumPy.

Everything here is composed of vulkit's own elementwise functions, ``vt.special.i0``, ``vecdot`` and ``matmul``:
no kernel of its own. Operands are typed by NumPy's own loop resolution of the ufunc (Python scalars weak), so
results have NumPy's dtypes (0-d where NumPy gives a scalar) and operands NumPy has no loop for raise its
TypeError; float64 results are float32 on a device without float64. Errors name the function called first
(``"arctan2: ..."``), not the array API function that computes it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array
from ..dtypes import DType
from . import elementwise as ew
from .bessel import i0 as _bessel_i0
from .manipulation import reshape
from .matmul import matmul
from .named_errors import named_errors
from .numpy_bits import _inputs, _loop
from .numpy_common import as_array, cast_to, context_of, on_device, write_out
from .reductions import vecdot

__all__ = [
    # NumPy's names of vulkit's elementwise functions
    "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "arctan2", "conjugate", "invert",
    "bitwise_not", "left_shift", "right_shift", "fabs", "i0",
    # NumPy's own elementwise functions
    "fmax", "fmin", "bitwise_count",
    # products
    "vdot", "matvec", "vecmat",
]


# -- NumPy's names of vulkit's elementwise functions -------------------------------------------------------------------
def _typed(result: Array, dtype: DType) -> Array:
    return result if result.dtype is dtype else result.astype(dtype)


def _ufunc(name: str, ufunc: np.ufunc, function: Callable[..., Array], doc: str) -> Callable[..., Array]:
    """NumPy's ufunc ``name`` (``ufunc``'s number of operands, ``out=``): the operands cast to the input types of
    NumPy's loop for them, ``function`` of them, typed as the loop's output."""
    def alias(*operands: Any, out: Array | None = None) -> Array:
        if len(operands) != ufunc.nin:
            raise TypeError(f"takes {ufunc.nin} positional argument{'s' * (ufunc.nin > 1)} but {len(operands)} "
                            "were given")
        # NumPy's scalars are typed strongly (np.float64 would pass for a weak Python float)
        operands = tuple(as_array(v, *operands) if isinstance(v, np.generic) else v for v in operands)
        arrays, (result_type,) = _inputs(ufunc, *operands)
        return write_out(_typed(function(*arrays), result_type), out)

    names = ("x",) if ufunc.nin == 1 else ("x1", "x2")
    alias.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY) for n in names]
        + [inspect.Parameter("out", inspect.Parameter.KEYWORD_ONLY, default=None)])
    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = doc
    return named_errors(alias)


def _spelling(name: str, ufunc: np.ufunc, function: Callable[..., Array]) -> Callable[..., Array]:
    return _ufunc(name, ufunc, function, f"NumPy's ``{name}``: :func:`vulkit.{function.__name__}`, typed as "
                                         f"NumPy's ``{ufunc.__name__}``.")


absolute = _spelling("absolute", np.absolute, ew.abs)
arccos = _spelling("arccos", np.arccos, ew.acos)
arccosh = _spelling("arccosh", np.arccosh, ew.acosh)
arcsin = _spelling("arcsin", np.arcsin, ew.asin)
arcsinh = _spelling("arcsinh", np.arcsinh, ew.asinh)
arctan = _spelling("arctan", np.arctan, ew.atan)
arctanh = _spelling("arctanh", np.arctanh, ew.atanh)
arctan2 = _spelling("arctan2", np.arctan2, ew.atan2)
conjugate = _spelling("conjugate", np.conjugate, ew.conj)
invert = _spelling("invert", np.invert, ew.bitwise_invert)
bitwise_not = _spelling("bitwise_not", np.bitwise_not, ew.bitwise_invert)
left_shift = _spelling("left_shift", np.left_shift, ew.bitwise_left_shift)  # count >= width (or < 0): 0
right_shift = _spelling("right_shift", np.right_shift, ew.bitwise_right_shift)  # ... 0, or -1 for x < 0
fabs = _ufunc("fabs", np.fabs, ew.abs, "NumPy's ``fabs``: :func:`vulkit.abs` of real floats; integers and bool give "
              "floats as NumPy's (float16 for bool and 8-bit integers, float32 for 16-bit, float64 from 32 bits), "
              "complex numbers raise TypeError.")


@named_errors
def i0(x: Any) -> Array:
    """NumPy's ``i0``, a plain function (no ``out=``): :func:`vulkit.special.i0` of x, floats keeping their dtype
    and integers and bool giving float64 (all widths, unlike a ufunc); complex numbers raise TypeError. Within a
    few ulps of NumPy's (its Chebyshev series against vt's), but finite up to 713.98 and inf at ±inf, where
    NumPy's overflows from 709.78 and gives NaN."""
    x = as_array(x)
    if x.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    if x.dtype.kind != "f":
        x = x.astype(on_device(dt.float64, x._ctx))
    return _bessel_i0(x)


# -- NumPy's own elementwise functions ---------------------------------------------------------------------------------
def _nan_ignoring(name: str, ufunc: np.ufunc, larger: bool) -> Callable[..., Array]:
    keep, strict = (ew.greater_equal, ew.greater) if larger else (ew.less_equal, ew.less)
    word = "maximum" if larger else "minimum"

    def extreme(a: Array, b: Array) -> Array:
        if a.dtype.kind in "biu":
            return getattr(ew, word)(a, b)
        if a.dtype.kind == "f":
            return ew.where(ew.logical_or(ew.isnan(b), keep(a, b)), a, b)
        # NumPy's complex loop: a where b has a NaN part or a comes first (a greater real part, neither imaginary
        # part NaN; or equal real parts and a's imaginary part first)
        (ar, ai), (br, bi) = (ew.real(a), ew.imag(a)), (ew.real(b), ew.imag(b))
        numbers = ew.logical_not(ew.logical_or(ew.isnan(ai), ew.isnan(bi)))
        first = ew.logical_or(ew.logical_and(strict(ar, br), numbers), ew.logical_and(ew.equal(ar, br), keep(ai, bi)))
        b_nan = ew.logical_or(ew.isnan(br), ew.isnan(bi))
        return ew.where(ew.logical_or(b_nan, first), a, b)

    sign = ">=" if larger else "<="
    return _ufunc(name, ufunc, extreme,
                  f"NumPy's ``{name}``: the elementwise {word}, NaN ignored unless both are NaN: "
                  f"``where(isnan(x2) | (x1 {sign} x2), x1, x2)`` as NumPy documents it (x1 of equal values, so of "
                  "-0.0 and +0.0 the first); complex numbers ordered as NumPy's loop orders them (real parts first, "
                  f"then imaginary parts); integers and bool: :func:`vulkit.{word}`.")


fmax = _nan_ignoring("fmax", np.fmax, larger=True)
fmin = _nan_ignoring("fmin", np.fmin, larger=False)


def _popcount(x: Array) -> Array:
    """The set bits of each element of ``x`` (its dtype's width, any sign) as uint8: the magnitude as an unsigned
    integer, then the bits counted in pairs, nibbles, bytes (SWAR) and the bytes added by halving shifts."""
    bits = 8 * x.dtype.itemsize
    v = ew.abs(x).astype(dt.as_dtype(f"uint{bits}"))  # int_min's magnitude wraps to int_min: 2 ** (bits - 1)
    ones = (1 << bits) - 1
    pairs, nibbles, bytes_ = ones // 3, ones // 5, ones // 17  # 0x55.., 0x33.., 0x0f..
    v = ew.subtract(v, ew.bitwise_and(ew.bitwise_right_shift(v, 1), pairs))
    v = ew.add(ew.bitwise_and(v, nibbles), ew.bitwise_and(ew.bitwise_right_shift(v, 2), nibbles))
    v = ew.bitwise_and(ew.add(v, ew.bitwise_right_shift(v, 4)), bytes_)
    shift = 8
    while shift < bits:
        v = ew.add(v, ew.bitwise_right_shift(v, shift))
        shift *= 2
    return ew.bitwise_and(v, 0xFF).astype(dt.uint8)  # the count (at most 64) is in the low byte


bitwise_count = _ufunc("bitwise_count", np.bitwise_count, _popcount,
                       "NumPy's ``bitwise_count``: the number of 1 bits in the absolute value of each integer, "
                       "uint8 (bool counted as int8; int_min of each width: 1); floats raise TypeError.")


# -- products ----------------------------------------------------------------------------------------------------------
@named_errors
def vdot(a: Any, b: Any, /) -> Array:
    """NumPy's ``vdot``: the dot product of a and b flattened, a conjugated (vt.vecdot), in their promoted type
    (bool: whether any pair is both True), 0-d."""
    a, b = as_array(a, b), as_array(b, a)
    if a.size != b.size:
        raise ValueError(f"the vectors have different sizes ({a.size} and {b.size})")
    return vecdot(reshape(a, (-1,)), reshape(b, (-1,)))


def _core(signature: str, operand: int, x: Array, ndim: int) -> None:
    if x.ndim < ndim:
        raise ValueError(f"Input operand {operand} does not have enough dimensions (has {x.ndim}, gufunc core with "
                         f"signature {signature} requires {ndim})")


def _gufunc(ufunc: np.ufunc, x1: Any, x2: Any, vector: int) -> tuple[Array, Array, DType]:
    """x1 and x2 of NumPy's ``ufunc`` (matvec or vecmat) as arrays of its loop's input types, checked against its
    core dimensions (operand ``vector`` is the vector), and the loop's output type."""
    a, b = as_array(x1, x2), as_array(x2, x1)
    signature = ufunc.signature
    _core(signature, 0, a, 1 if vector == 0 else 2)
    _core(signature, 1, b, 1 if vector == 1 else 2)
    n1, n2 = a.shape[-1], b.shape[-1 if vector == 1 else -2]
    if n1 != n2:
        raise ValueError(f"Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {signature} "
                         f"(size {n2} is different from {n1})")
    (ta, tb), (result,) = _loop(ufunc, a, b)
    ctx = context_of(a, b)
    return cast_to(a, ta, ctx), cast_to(b, tb, ctx), result


@named_errors
def matvec(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``matvec`` (a gufunc, ``(m,n),(n)->(m)``): the matrix-vector products of x1's matrices and x2's
    vectors, batch axes broadcast (vt.matmul of x2 as columns), typed as NumPy's; no conjugation."""
    a, b, result = _gufunc(np.matvec, x1, x2, vector=1)
    return write_out(_typed(matmul(a, b[..., None])[..., 0], result), out)


@named_errors
def vecmat(x1: Any, x2: Any, /, *, out: Array | None = None) -> Array:
    """NumPy's ``vecmat`` (a gufunc, ``(n),(n,m)->(m)``): the vector-matrix products of x1's vectors, conjugated,
    and x2's matrices, batch axes broadcast (vt.matmul of conj(x1) as rows), typed as NumPy's."""
    a, b, result = _gufunc(np.vecmat, x1, x2, vector=0)
    a = ew.conj(a) if a.dtype.kind == "c" else a
    return write_out(_typed(matmul(a[..., None, :], b)[..., 0, :], result), out)
