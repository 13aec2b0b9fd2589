"""Array arguments: what a function that takes arrays accepts (vulkit arrays, and host data as NumPy's functions
do), and the TypeError naming the function for anything else."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array

HOST_DATA = (bool, int, float, complex, list, tuple, np.ndarray, np.generic)


def array_argument(value: Any, function: str) -> Array:
    """``value`` as a vulkit array: itself (checked alive), or host data uploaded to the current device as
    :func:`vt.asarray` takes it (Python numbers in the device's default types); else a TypeError whose message
    starts with ``function``."""
    if isinstance(value, Array):
        value._check_alive(function)
        return value
    if isinstance(value, HOST_DATA):
        from .creation import asarray  # noqa: PLC0415 - creation takes its own arguments through this module

        try:
            return asarray(value)
        except TypeError as error:
            raise TypeError(f"{function}: {error}") from None
    raise TypeError(f"{function}: expected an array, got {type(value).__name__}")
