"""Kompute's enums: memory types and data types, with the NumPy dtype of each data type."""

from __future__ import annotations

import enum

import numpy as np

from ..errors import KpTypeError, KpValueError
from ..hal import MemoryKind


class _KomputeEnum(enum.IntEnum):
    """An int enum written as Kompute's (pybind11) enums are: ``str`` is ``"DataTypes.float"``."""

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class MemoryTypes(_KomputeEnum):
    """Where a tensor's or image's memory lives (Kompute's ``kp::Memory::MemoryTypes``).

    - device: device-local memory plus a host-visible staging copy (sync with OpSyncDevice/OpSyncLocal)
    - host: host-visible memory used directly by the GPU
    - storage: device-local memory only; no host copy
    - deviceAndHost: device-local and host-visible memory where the device has it, else host memory
    """

    device = 0
    host = 1
    storage = 2
    deviceAndHost = 3


# Kompute before 0.9 called them TensorTypes.
TensorTypes = MemoryTypes

PRIMARY_MEMORY = {
    MemoryTypes.device: MemoryKind.DEVICE,
    MemoryTypes.host: MemoryKind.HOST,
    MemoryTypes.storage: MemoryKind.DEVICE,
    MemoryTypes.deviceAndHost: MemoryKind.DEVICE_HOST,
}


class DataTypes(_KomputeEnum):
    """Element types of tensors and images (Kompute's ``kp::Memory::DataTypes``, with its values; ``custom``:
    elements of a user's own struct, which vulkit.kp does not make)."""

    bool = 0
    int = 1
    uint = 2
    float = 3
    double = 4
    custom = 5
    short = 6
    ushort = 7
    char = 8
    uchar = 9


_NUMPY = {
    DataTypes.bool: np.dtype(np.bool_),
    DataTypes.int: np.dtype(np.int32),
    DataTypes.uint: np.dtype(np.uint32),
    DataTypes.float: np.dtype(np.float32),
    DataTypes.double: np.dtype(np.float64),
    DataTypes.char: np.dtype(np.int8),
    DataTypes.uchar: np.dtype(np.uint8),
    DataTypes.short: np.dtype(np.int16),
    DataTypes.ushort: np.dtype(np.uint16),
}
_FROM_NUMPY = {dtype: kind for kind, dtype in _NUMPY.items()}


def numpy_dtype(data_type: DataTypes) -> np.dtype:
    """The NumPy dtype of a Kompute data type (KpValueError for ``custom``, which has none)."""
    found = _NUMPY.get(DataTypes(data_type))
    if found is None:
        raise KpValueError(f"{DataTypes(data_type)} has no NumPy dtype: vulkit.kp makes tensors of numbers only")
    return found


def data_type_of(dtype: np.dtype) -> DataTypes:
    """The Kompute data type of a NumPy dtype; TypeError for one Kompute does not have."""
    try:
        return _FROM_NUMPY[np.dtype(dtype)]
    except KeyError:
        names = ", ".join(str(d) for d in _NUMPY.values())
        raise KpTypeError(f"kp tensors cannot hold {np.dtype(dtype)}; supported dtypes: {names}") from None


def as_memory_type(value: object) -> MemoryTypes:
    """Validate a memory type argument."""
    try:
        return MemoryTypes(value)  # type: ignore[arg-type]
    except ValueError:
        raise KpValueError(f"unknown memory type {value!r}; use kp.MemoryTypes.device/host/storage/deviceAndHost") \
            from None


def as_int(value: object) -> int | None:
    """``value`` as a Python int if it is an integer (NumPy's too, not a bool), else None."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return None
    return int(value)
