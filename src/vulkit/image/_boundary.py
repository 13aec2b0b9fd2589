"""scipy.ndimage's boundary modes as its interpolation applies them: coordinates folded back into [0, n - 1]
before sampling (:func:`folded`), and sample indices folded into [0, n) by an extension (:func:`folded_index`).
Shared by the low-order interpolation (``interpolation.py``) and the spline one (``splines.py``)."""

from __future__ import annotations

from ..array import dtypes as dt
from ..array.array import Array
from ..array.ops.elementwise import (
    add,
    astype,
    clip,
    greater,
    greater_equal,
    less,
    less_equal,
    multiply,
    remainder,
    subtract,
    trunc,
    where,
)


def folded(c: Array, n: int, mode: str) -> Array:
    """Coordinates outside [0, n - 1] folded back by the mode before sampling, as scipy folds them (its
    ``map_coordinate``: the reflections at whole or half samples, scipy's period n - 1 of wrap, truncated
    divisions, so that -k (n - 1) wraps to n - 1 and not 0); nearest clamps; the constant modes leave c as it is
    (their samples outside read cval)."""
    if mode in ("constant", "grid-constant"):
        return c
    if n <= 1 or mode == "nearest":
        return clip(c, 0.0, float(n - 1))
    below, above = less(c, 0.0), greater(c, float(n - 1))
    if mode == "mirror":
        period = float(2 * n - 2)
        low = add(multiply(trunc(-c / period), period), c)
        low = where(less_equal(low, float(1 - n)), add(low, period), -low)
        high = subtract(c, multiply(trunc(c / period), period))
        high = where(greater_equal(high, float(n)), subtract(period, high), high)
    elif mode in ("reflect", "grid-mirror"):
        period = float(2 * n)
        low = where(less(c, -period), add(multiply(trunc(-c / period), period), c), c)
        low = where(less(low, float(-n)), add(low, period), subtract(where(greater(low, -1e-15), 1e-15, -low), 1.0))
        high = subtract(c, multiply(trunc(c / period), period))
        high = where(greater_equal(high, float(n)), subtract(subtract(period, high), 1.0), high)
    elif mode == "wrap":  # scipy's wrap: period n - 1
        period = float(n - 1)
        low = add(c, multiply(add(trunc(-c / period), 1.0), period))
        high = subtract(c, multiply(trunc(c / period), period))
    elif mode == "grid-wrap":
        period = float(n)
        low = add(c, multiply(add(trunc(subtract(-1.0, c) / period), 1.0), period))
        high = subtract(c, multiply(trunc(c / period), period))
    else:
        raise ValueError(f"unknown boundary mode {mode!r}")
    return where(below, low, where(above, high, c))


def folded_index(i: Array, n: int, extension: str) -> Array:
    """Sample index i (a float array of integers) folded into [0, n) as an int64 array: ``reflect`` half-sample
    symmetric, ``mirror`` whole-sample symmetric, ``wrap`` periodic, ``clip`` clamped."""
    if extension == "reflect":
        k = remainder(i, float(2 * n))
        i = where(greater_equal(k, float(n)), subtract(float(2 * n - 1), k), k)
    elif extension == "mirror" and n > 1:
        k = remainder(i, float(2 * n - 2))
        i = where(greater_equal(k, float(n)), subtract(float(2 * n - 2), k), k)
    elif extension == "wrap":
        i = remainder(i, float(n))
    return astype(clip(i, 0.0, float(n - 1)), dt.int64)
