"""NumPy's ufunc methods on vulkit's two-argument elementwise functions, for code ported from NumPy:
``vt.add.reduce(x)``, ``vt.maximum.accumulate(x, axis=1)``, ``vt.multiply.outer(a, b)``, ``vt.add.at(a, idx, v)``.

- ``outer(A, B)``: every binary function, ``f(A[..., None, ...], B)`` by broadcasting.
- ``reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=None)``: ``add`` (vt.sum),
  ``multiply`` (vt.prod), ``maximum``, ``minimum`` (vt.max, vt.min), ``logical_and``, ``logical_or`` (vt.all,
  vt.any), ``fmax``, ``fmin`` (vt.nanmax, vt.nanmin: NaNs skipped); NumPy's ``axis=0`` default, ``None`` for all.
- ``accumulate(array, axis=0, dtype=None, out=None)``: ``add`` and ``multiply`` (vt.cumsum, vt.cumprod: small
  integers and bool accumulate in the default integer, as NumPy's), ``maximum`` and ``minimum`` (running extremes
  in the array's dtype, NaN propagating), ``logical_and`` and ``logical_or`` (bool).
- ``at(a, indices, b)``: ``add`` and ``subtract``, unbuffered (an index that repeats adds every time) into ``a`` in
  place: the values are summed per position as exact integers and rounded once (the weighted histogram of
  vt.bincount, without its range checks: the positions come from ``a``'s own indices; the same bits whatever the
  order, integers exact while the sums stay within 2^53), then added to ``a``.

Other ufunc methods and functions (``reduceat``, ``multiply.at`` ...) raise TypeError naming what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..array import Array
from ..dtypes import bool_
from . import elementwise as ew
from . import reductions as rd
from .creation import arange, asarray
from .manipulation import broadcast_to, reshape
from .named_errors import named_errors
from .numpy_common import write_out
from .scans import _cumulative

_REDUCERS: dict[str, Callable[..., Array]] = {
    "add": rd.sum, "multiply": rd.prod, "maximum": rd.max, "minimum": rd.min, "logical_and": rd.all,
    "logical_or": rd.any, "fmax": rd.nanmax, "fmin": rd.nanmin,
}
_TYPED = ("add", "multiply")  # reductions taking dtype=, initial= and where= themselves
_EXTREMES = ("maximum", "minimum")  # reductions taking initial= and where= themselves
_ACCUMULATE_OPS = {"add": "add", "multiply": "mul", "maximum": "max", "minimum": "min", "logical_and": "and",
                   "logical_or": "or"}
_AT = {"add": 1, "subtract": -1}


def _reduce(name: str) -> Callable[..., Array]:
    reducer = _REDUCERS[name]

    def reduce(array: Any, axis: Any = 0, dtype: Any = None, out: Array | None = None, keepdims: bool = False,
               initial: Any = None, where: Any = None) -> Array:
        x = asarray(array)
        if name in _TYPED:
            result = reducer(x, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where)
        else:
            if dtype is not None:
                x = x.astype(dtype)
            if name in _EXTREMES:
                result = reducer(x, axis=axis, keepdims=keepdims, initial=initial, where=where)
            elif initial is not None or where is not None:
                raise TypeError("initial= and where= are supported by add, multiply, maximum and minimum")
            else:
                result = reducer(x, axis=axis, keepdims=keepdims)
        return write_out(result, out)

    reduce.__doc__ = f"NumPy's ``{name}.reduce``: :func:`vulkit.{reducer.__name__}` over ``axis`` (default 0)."
    return named_errors(reduce, f"{name}.reduce")


def _accumulate(name: str) -> Callable[..., Array]:
    op = _ACCUMULATE_OPS[name]

    def accumulate(array: Any, axis: int = 0, dtype: Any = None, out: Array | None = None) -> Array:
        x = asarray(array)
        if x.ndim == 0:
            raise TypeError("cannot accumulate on a scalar")
        scan, target = op, dtype
        if op in ("max", "min"):  # running extremes keep the array's dtype
            x = x.astype(dtype) if dtype is not None else x
            target = x.dtype
        if op in ("and", "or") or target is bool_:  # bool scans: "add" is or, "mul" and (max: or, min: and)
            x, target = ew.astype(x, bool_), bool_
            scan = "mul" if op in ("and", "min") else "add"
        return write_out(_cumulative(f"{name}.accumulate", scan, x, axis, target, False, flatten=False), out)

    accumulate.__doc__ = f"NumPy's ``{name}.accumulate``: the running {name} along ``axis`` (default 0)."
    return named_errors(accumulate, f"{name}.accumulate")


def _outer(name: str, function: Callable[..., Array]) -> Callable[..., Array]:
    def outer(a: Any, b: Any, /, **kwargs: Any) -> Array:
        x, y = asarray(a), asarray(b)
        return function(reshape(x, tuple(x.shape) + (1,) * y.ndim), y, **kwargs)

    outer.__doc__ = f"NumPy's ``{name}.outer``: ``{name}`` of every element of a with every element of b."
    return named_errors(outer, f"{name}.outer")


def _at(name: str) -> Callable[..., None]:
    sign = _AT[name]

    def at(a: Array, indices: Any, b: Any = None) -> None:
        from .histogram import _accumulate
        from .scans import _contiguous

        if not isinstance(a, Array):
            raise TypeError(f"the first operand must be a vulkit array (it is changed in place), got "
                            f"{type(a).__name__}")
        if b is None:
            raise TypeError("a value to add is needed (b)")
        positions = reshape(arange(a.size, device=a.device), a.shape)[indices]
        values = broadcast_to(asarray(b, device=a.device), positions.shape)
        flat = _contiguous(reshape(positions, (positions.size,)))  # in range: no bincount checks, no syncs
        pieces = [ew.real(values), ew.imag(values)] if values.dtype.kind == "c" else [values]
        sums = [_accumulate(flat, a.size, _contiguous(reshape(v, (v.size,))), None, None) for v in pieces]
        total = sums[0] if len(sums) == 1 else ew.add(sums[0], ew.multiply(sums[1], 1j))
        change = reshape(total if sign > 0 else ew.negative(total), a.shape)
        counts = _accumulate(flat, a.size, None, None, None)
        touched = reshape(ew.greater(counts, 0), a.shape)  # the others keep -0.0
        a[...] = ew.where(touched, ew.add(a, change.astype(a.dtype) if a.dtype.kind in "iub" else change), a)

    at.__doc__ = (f"NumPy's ``{name}.at``: ``a[indices] {'+' if sign > 0 else '-'}= b`` unbuffered (repeated indices "
                  "count every time), in place; the values summed per position exactly, rounded once.")
    return named_errors(at, f"{name}.at")


def _missing(name: str, method: str) -> Callable[..., Any]:
    def missing(*args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{name}.{method} is not supported by vulkit (see vulkit.array.ops.numpy_ufunc_methods)")

    return missing


def install(namespace: dict[str, Any], names: tuple[str, ...]) -> None:
    """Give the two-argument elementwise functions ``names`` of ``namespace`` NumPy's ufunc methods (attributes of
    the functions themselves: calling them costs nothing more)."""
    for name in names:
        function = namespace.get(name)
        if function is None:
            continue
        function.outer = _outer(name, function)
        function.reduce = _reduce(name) if name in _REDUCERS else _missing(name, "reduce")
        function.accumulate = _accumulate(name) if name in _ACCUMULATE_OPS else _missing(name, "accumulate")
        function.at = _at(name) if name in _AT else _missing(name, "at")
        function.reduceat = _missing(name, "reduceat")


BINARY = ("add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder", "mod", "fmod", "pow",
          "power", "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or", "logical_xor", "bitwise_and",
          "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift", "left_shift", "right_shift",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "atan2", "arctan2", "hypot",
          "copysign", "nextafter", "logaddexp", "logaddexp2", "heaviside", "gcd", "lcm", "ldexp", "float_power")

__all__ = ["BINARY", "install"]
