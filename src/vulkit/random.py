"""Random numbers generated on the GPU, with NumPy's legacy names and argument order.

``seed``, ``uniform``, ``normal``, ``randint``, ``random``, ``rand``, ``randn``. Values come from
Philox-4x32-10 (counter-based): element ``i`` of the ``n``-th call after ``seed(s)`` is a pure
function of (s, n, i), so results are reproducible for a given seed and sequence of calls, on any
device. The streams differ from NumPy's (a different generator). ``normal`` uses Box-Muller; ``randint``
maps 32 random bits onto the range by a multiply-shift (ranges up to 2**32 - 1; bias below 2**-32 * range).
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, make_array
from .array.layout import as_shape
from .array.ops.creation import _context_of, default_float, default_int
from .array.ops.engine import apply
from .array.ops.registry import register

# Philox-4x32-10 keyed by (a, b), counter (i, c); d, e: the distribution's parameters
_GENERATORS = {
    "random_uniform": register(
        "random_uniform", 5, "explicit",
        {"f": "min(d + (e - d) * vt_unif(vt_philox(a, b, i, c).x, vt_philox(a, b, i, c).y), e)"}, ("vt_uniform",),
        typed_by_result=True),
    "random_normal": register("random_normal", 5, "explicit", {"f": "d + e * vt_gauss(vt_philox(a, b, i, c))"},
                              ("vt_gauss",), typed_by_result=True),
    "random_integers": register("random_integers", 5, "explicit",
                                {"int": "d + T(vt_bounded(vt_philox(a, b, i, c).x, e))"}, ("vt_philox",),
                                typed_by_result=True),
}

__all__ = ["normal", "rand", "randint", "randn", "random", "seed", "uniform"]


class _State:
    key = int.from_bytes(os.urandom(8), "little")
    counter = 0


def seed(seed: int | None = None) -> None:
    """Restart the generator from ``seed`` (None: from the operating system's entropy)."""
    _State.key = int.from_bytes(os.urandom(8), "little") if seed is None else int(seed) & (2**64 - 1)
    _State.counter = 0


def _generate(name: str, size: Any, dtype: dt.DType, params: tuple[Any, ...], device: Any,
              param_dtypes: tuple[dt.DType, ...]) -> Array:
    ctx = _context_of(device)
    out = make_array(ctx, as_shape(() if size is None else size), dtype)
    if out.size == 0:
        return out
    counter = _State.counter
    _State.counter = (counter + 1) & 0xFFFFFFFF
    key = _State.key
    args = (key & 0xFFFFFFFF, key >> 32, counter, *params)
    return apply(_GENERATORS[name], args, out=out, dtype=dtype, op_dtypes=(dt.uint32,) * 3 + param_dtypes)


def _float_dtype(dtype: Any, device: Any) -> dt.DType:
    result = default_float(_context_of(device)) if dtype is None else dt.as_dtype(dtype)
    if result.kind != "f":
        raise TypeError(f"expected a floating dtype, got {result.name}")
    return result


def _uniform_bounds(low: float, high: float, dtype: dt.DType) -> tuple[float, float]:
    """The least value of ``dtype`` >= low and the greatest < high (but not less than the first)."""
    kind = dtype.np.type
    with np.errstate(over="ignore"):  # beyond float16's range: infinity, then one step back to the largest
        first, last = kind(low), kind(high)
    if float(first) < low:
        first = np.nextafter(first, kind(math.inf))
    if float(last) >= high:
        last = np.nextafter(last, kind(-math.inf))
    return float(first), float(max(first, last))


def uniform(low: float = 0.0, high: float = 1.0, size: Any = None, *, dtype: Any = None,
            device: Any = None) -> Array:
    """Samples from [low, high) (default dtype float64 where the device has it); low when low == high.

    ValueError when high < low, OverflowError when high - low is not finite (NumPy's Generator).
    """
    target = _float_dtype(dtype, device)
    low, high = float(low), float(high)
    if not math.isfinite(high - low):
        raise OverflowError("high - low range exceeds valid bounds")
    if high < low:
        raise ValueError("high - low < 0")
    first, last = _uniform_bounds(low, high, target)
    # NOTE: the kernel clamps first + (last - first) * u to last: its roundings (in float32 for float16)
    # can land on last's upper neighbour, possibly high itself.
    return _generate("random_uniform", size, target, (first, last), device, (target, target))


def normal(loc: float = 0.0, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
           device: Any = None) -> Array:
    """Samples from the normal distribution N(loc, scale**2); ValueError when scale < 0."""
    target = _float_dtype(dtype, device)
    if scale < 0:
        raise ValueError("scale < 0")
    return _generate("random_normal", size, target, (float(loc), float(scale)), device, (target, target))


def randint(low: int, high: int | None = None, size: Any = None, dtype: Any = None, *,
            device: Any = None) -> Array:
    """Integers from [low, high) (from [0, low) when high is None), as NumPy's ``randint``.

    TypeError for a non-integer dtype; ValueError (NumPy's messages) for an empty range or bounds out of
    the dtype's range.
    """
    if high is None:
        low, high = 0, low
    low, high = int(low), int(high)
    target = default_int(_context_of(device)) if dtype is None else dt.as_dtype(dtype)
    if target.kind not in "iu":
        raise TypeError(f"Unsupported dtype {target.name} for randint (it needs an integer dtype)")
    info = np.iinfo(target.np)
    if low < info.min:
        raise ValueError(f"low is out of bounds for {target.name}")
    if high - 1 > info.max:
        raise ValueError(f"high is out of bounds for {target.name}")
    span = high - low
    if span <= 0:
        raise ValueError(f"low >= high in randint({low}, {high})")
    if span > 0xFFFFFFFF:
        raise ValueError(f"randint supports ranges of at most 2**32 - 1 values, got {span}")
    return _generate("random_integers", size, target, (low, span), device, (target, dt.uint32))


def random(size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
    """Samples from [0, 1)."""
    return uniform(0.0, 1.0, size, dtype=dtype, device=device)


def rand(*shape: int) -> Array:
    """Samples from [0, 1) of the given shape."""
    return uniform(0.0, 1.0, shape)


def randn(*shape: int) -> Array:
    """Standard normal samples of the given shape."""
    return normal(0.0, 1.0, shape)
