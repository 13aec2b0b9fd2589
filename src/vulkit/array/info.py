"""Array API inspection: ``__array_namespace_info__``, ``finfo``, ``iinfo``."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..runtime import context as _context
from . import dtypes as dt
from .array import Array, Device

__array_api_version__ = "2025.12"
# The functions whose output shapes depend on the data (the standard's "data-dependent shapes", boolean indexing
# aside): capabilities() says True once the namespace has every one.
DATA_DEPENDENT = ("nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values", "repeat")
# NumPy's limit: arrays of more dimensions cannot be read back or indexed through it
MAX_DIMENSIONS = 64


@dataclass(frozen=True)
class finfo_object:  # noqa: N801 - the array API's naming
    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: dt.DType

    @property
    def tiny(self) -> float:
        """NumPy's name of ``smallest_normal``."""
        return self.smallest_normal


@dataclass(frozen=True)
class iinfo_object:  # noqa: N801 - the array API's naming
    bits: int
    max: int
    min: int
    dtype: dt.DType


def _dtype_of(type: Any) -> dt.DType:  # noqa: A002
    return type.dtype if isinstance(type, Array) else dt.as_dtype(type)


def finfo(type: Any, /) -> finfo_object:  # noqa: A002
    """Limits of a floating dtype; of its component (float32, float64) for a complex one, as the standard says."""
    dtype = _dtype_of(type).component
    if dtype.kind != "f":
        raise TypeError(f"finfo needs a floating dtype, got {dtype.name}")
    if dtype is dt.bfloat16:  # float32's exponent, 8 significant bits
        return finfo_object(16, 2.0 ** -7, _BFLOAT16_MAX, -_BFLOAT16_MAX, 2.0 ** -126, dtype)
    info = np.finfo(dtype.np)
    return finfo_object(info.bits, float(info.eps), float(info.max), float(info.min),
                        float(info.smallest_normal), dtype)


_BFLOAT16_MAX = (2.0 - 2.0 ** -7) * 2.0 ** 127


def iinfo(type: Any, /) -> iinfo_object:  # noqa: A002
    """Limits of an integer dtype."""
    dtype = _dtype_of(type)
    if dtype.kind not in "iu":
        raise TypeError(f"iinfo needs an integer dtype, got {dtype.name}")
    info = np.iinfo(dtype.np)
    return iinfo_object(info.bits, int(info.max), int(info.min), dtype)


_NON_STANDARD = (dt.float16, dt.bfloat16)  # vulkit's dtypes that the array API standard lacks


class Info:
    """What ``__array_namespace_info__()`` returns."""

    def capabilities(self) -> dict[str, Any]:
        """Boolean indexing; data-dependent shapes where the namespace has every function of
        :data:`DATA_DEPENDENT`; at most :data:`MAX_DIMENSIONS` dimensions."""
        namespace = sys.modules[__name__.split(".")[0]]
        dependent = all(callable(getattr(namespace, name, None)) for name in DATA_DEPENDENT)
        return {"boolean indexing": True, "data-dependent shapes": dependent, "max dimensions": MAX_DIMENSIONS}

    def default_device(self) -> Device:
        return Device(_context.current_index())

    def devices(self) -> tuple[Device, ...]:
        return tuple(Device(i) for i in range(_context.device_count()))

    def _names(self, device: Any) -> tuple[str, ...]:
        index = device.index if isinstance(device, Device) else _context.current_index()
        return dt.supported_names(_context.get(index).dtypes)

    def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
        names = self._names(device)
        return {
            "real floating": dt.float64 if "float64" in names else dt.float32,
            "complex floating": dt.complex128 if "float64" in names else dt.complex64,
            "integral": dt.int64 if "int64" in names else dt.int32,
            "indexing": dt.int64 if "int64" in names else dt.int32,
        }

    def dtypes(self, *, device: Any = None, kind: Any = None) -> dict[str, dt.DType]:
        """The array API's dtypes the device has, of ``kind``: the standard's only, so not float16 (which
        ``vt.device.get_device_properties()['dtypes']`` lists where the device has it) nor bfloat16."""
        names = self._names(device)
        return {d.name: d for d in dt.ALL
                if d.name in names and d not in _NON_STANDARD and (kind is None or dt.isdtype(d, kind))}


def __array_namespace_info__() -> Info:  # noqa: N807 - the array API's name
    return Info()
