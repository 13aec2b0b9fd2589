"""Array arguments: what a function that takes arrays accepts (vulkit arrays, and host data as NumPy's functions
do), and the TypeError naming the function for anything else."""

from __future__ import annotations

from typing import Any

import numpy as np

from ...runtime import context as _context
from ..array import Array, asarray_like

HOST_DATA = (bool, int, float, complex, list, tuple, np.ndarray, np.generic)


def array_argument(value: Any, function: str) -> Array:
    """``value`` as a vulkit array: itself (checked alive), or host data uploaded to the current device; else a
    TypeError whose message starts with ``function``."""
    if isinstance(value, Array):
        value._check_alive(function)
        return value
    if isinstance(value, HOST_DATA):
        try:
            return asarray_like(value, _context.current())
        except TypeError as error:
            raise TypeError(f"{function}: {error}") from None
    raise TypeError(f"{function}: expected an array, got {type(value).__name__}")
