"""Packing push and specialization constants into bytes, checked against the shader's declarations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import KpTypeError, KpValueError
from ..shaders import PushConstantMember, ShaderInfo

_KIND_DTYPES = {
    "bool": np.dtype(np.uint32),
    "int8": np.dtype(np.int8),
    "uint8": np.dtype(np.uint8),
    "int16": np.dtype(np.int16),
    "uint16": np.dtype(np.uint16),
    "int32": np.dtype(np.int32),
    "uint32": np.dtype(np.uint32),
    "int64": np.dtype(np.int64),
    "uint64": np.dtype(np.uint64),
    "float16": np.dtype(np.float16),
    "float32": np.dtype(np.float32),
    "float64": np.dtype(np.float64),
}


def as_values(values: Any, what: str) -> list[Any]:
    """A flat list of Python numbers from a number, a (nested) list or tuple, or a NumPy array.

    NOTE: lists are flattened item by item, not through one NumPy dtype, so that a large int64
    next to a float keeps every bit and an int64 next to a uint64 is no error.
    """
    if values is None:
        return []
    if isinstance(values, (str, bytes)):
        raise KpTypeError(f"{what} must be a list or array of numbers, not {type(values).__name__}")
    if isinstance(values, (np.ndarray, np.generic)):
        if values.dtype.kind not in "biuf":
            raise KpTypeError(f"{what} must be numbers, got {values.dtype}")
        return np.reshape(values, -1).tolist()
    if isinstance(values, _NUMBERS):
        return [values]
    if not isinstance(values, (list, tuple)):
        raise KpTypeError(f"{what} must be a list or array of numbers, not {type(values).__name__}")
    flat: list[Any] = []
    for item in values:
        if isinstance(item, (list, tuple, np.ndarray, np.generic)):
            flat.extend(as_values(item, what))
        elif isinstance(item, _NUMBERS):
            flat.append(item)
        else:
            raise KpTypeError(f"{what} must be numbers, got {type(item).__name__} {item!r}")
    return flat


_NUMBERS = (bool, int, float)


def convert(value: Any, kind: str, what: str) -> np.ndarray:
    """``value`` as a one-element array of the shader's ``kind``; TypeError if it does not fit."""
    dtype = _KIND_DTYPES.get(kind)
    if dtype is None:
        raise KpTypeError(f"{what} has type {kind}, which vulkit cannot set from Python")
    if kind == "bool":
        return np.array([1 if value else 0], dtype=dtype)
    if dtype.kind in "iu":
        if isinstance(value, float):
            if not value.is_integer():
                raise KpTypeError(f"{what} is an {kind} in the shader; {value} is not an integer")
            value = int(value)
        info = np.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise KpValueError(f"{what} is an {kind} in the shader; {value} is out of its range")
        return np.array([value], dtype=dtype)
    with np.errstate(over="ignore"):
        result = np.array([value], dtype=dtype)
    if np.isinf(result[0]) and np.isfinite(value):
        raise KpValueError(f"{what} is a {kind} in the shader; {value} is out of its range")
    return result


def pack_push_constants(info: ShaderInfo, values: Any) -> bytes:
    """The push-constant block's bytes for a flat list of values, one per scalar the block holds."""
    flat = as_values(values, "push_consts")
    size = info.push_constant_size
    if size == 0:
        if flat:
            raise KpValueError(f"the shader declares no push constants, got {len(flat)} value(s)")
        return b""
    members = info.push_constant_members
    expected = sum(m.count for m in members)
    if len(flat) != expected:
        names = ", ".join(f"{m.name}: {m.kind}{list(m.shape) if m.shape else ''}" for m in members)
        raise KpValueError(
            f"the shader's push-constant block holds {expected} value(s) ({names}), got {len(flat)}"
        )
    block = bytearray(size)
    position = 0
    for member in members:
        _pack_member(block, member, flat[position:position + member.count])
        position += member.count
    return bytes(block)


def _pack_member(block: bytearray, member: PushConstantMember, values: Sequence[Any]) -> None:
    """Write ``values`` (in the order of ``member.shape``, matrices column by column) where the
    compiler's layout puts them: each scalar at ``offset + index · strides``."""
    what = f"push constant {member.name!r}"
    strides = member.strides or _tight_strides(member)
    for index, value in zip(np.ndindex(*member.shape), values, strict=True):
        raw = convert(value, member.kind, what).tobytes()
        start = member.offset + sum(i * s for i, s in zip(index, strides, strict=True))
        block[start:start + len(raw)] = raw


def _tight_strides(member: PushConstantMember) -> tuple[int, ...]:
    """Strides of a member reflected without them: the outer axis spread over ``size``, the rest packed."""
    itemsize = _KIND_DTYPES[member.kind].itemsize if member.kind in _KIND_DTYPES else 4
    strides = []
    step = itemsize
    for extent in reversed(member.shape[1:]):
        strides.append(step)
        step *= extent
    if member.shape:
        strides.append(member.size // member.shape[0] if len(member.shape) > 1 else itemsize)
    return tuple(reversed(strides))


def pack_spec_constants(info: ShaderInfo, values: Any) -> list[tuple[int, bytes]]:
    """(constant id, bytes) pairs: ``values[i]`` sets ``layout(constant_id = i)``, as in Kompute.

    Values for ids the shader skips (ids 0 and 1 when it declares only 2) are placeholders, ignored as
    Vulkan ignores them; values beyond its last id are an error.
    """
    flat = as_values(values, "spec_consts")
    declared = {c.id: c for c in info.spec_constants}
    last = max(declared, default=-1)
    result = []
    for constant_id, value in enumerate(flat):
        constant = declared.get(constant_id)
        if constant is None and constant_id < last:
            continue
        if constant is None:
            ids = sorted(declared) or "none"
            raise KpValueError(
                f"spec_consts[{constant_id}] sets constant_id {constant_id}, which the shader does not "
                f"declare (it declares constant ids: {ids})"
            )
        result.append((constant_id, convert(value, constant.kind, f"specialization constant {constant_id}").tobytes()))
    return result
