"""How elementwise operations type their operands: NumPy 2's promotion (NEP 50 weak scalars), by rule.

Typing rules (an :class:`~.registry.Entry`'s ``rule``): a NumPy ufunc name means "type like that ufunc"
(``ufunc.resolve_dtypes``), so promotion matches NumPy by construction; ``logical`` converts every input to
bool; ``same`` promotes the inputs and keeps that type; ``first`` keeps input 0's type (clip); ``where`` is a
bool condition and promoted values; ``float_params`` types the first input as ``exp`` does and every
parameter alike; ``component`` promotes the inputs and gives their parts' type (``real``: float32 of complex64,
the type itself of real ones); ``explicit`` is typed by the caller.

Python complex scalars are weak as the others (NEP 50): ``float32_array * 1j`` is complex64, ``int8_array + 1j``
the default complex128.

bfloat16, which NumPy lacks, is typed as PyTorch types it (:func:`vulkit.array.dtypes.result_type2`): a ufunc rule
resolves the ufunc on float16 in its place where the operands promote to bfloat16 (``bfloat16_array + int16_array``
is bfloat16, not float32 as float16's would be), else on the promoted type; a bfloat16 scalar is rounded to bfloat16
as NumPy rounds a float16 one.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..dtypes import DType, check_scalar_fits
from ..numpy_protocols import round_to_bfloat16
from .registry import TABLE, Entry

_RESOLVED: dict[tuple[Any, ...], tuple[tuple[DType, ...], DType]] = {}


def _np_type(t: DType | type) -> Any:
    if t is bool:  # a Python bool is not a weak scalar (NEP 50): it is np.bool_
        return np.dtype(bool)
    return t if isinstance(t, type) else t.np


def _promote(types: tuple[DType | type, ...]) -> DType:
    strong = [t for t in types if isinstance(t, DType)]
    if not strong:
        return dt.as_dtype(np.result_type(*[dt._WEAK_SAMPLES[t] for t in types]))
    result = strong[0]
    for t in types:  # all of them: a weak scalar may come first (where(c, 2.5, int_array))
        result = dt.result_type2(result, t)
    return result


def _resolve_ufunc(entry: Entry, types: tuple[DType | type, ...]) -> tuple[tuple[DType, ...], DType]:
    if dt.bfloat16 in types:
        return _resolve_bfloat16(entry, types)
    if not any(isinstance(t, DType) for t in types):  # Python scalars only: NumPy would pick object loops for ints
        types = (_promote(types),) * len(types)
    ufunc = getattr(np, entry.rule)
    try:
        loop = ufunc.resolve_dtypes((*[_np_type(t) for t in types], None))
    except TypeError:
        names = ", ".join(t.__name__ if isinstance(t, type) else t.name for t in types)
        raise TypeError(f"{entry.op.name} is not supported for input types ({names})") from None
    ins = tuple(dt.as_dtype(d) for d in loop[:-1])
    if len(set(ins)) > 1:
        common = _promote(ins)
        ins = (common,) * len(ins)
    return ins, dt.as_dtype(loop[-1])


def _resolve_bfloat16(entry: Entry, types: tuple[DType | type, ...]) -> tuple[tuple[DType, ...], DType]:
    """:func:`_resolve_ufunc` of operands one of which is bfloat16: every operand as the promoted type, float16
    standing for bfloat16 (a float type of its width that NumPy knows: its results become bfloat16 again)."""
    common = _promote(types)
    ins, res = _resolve_ufunc(entry, (dt.float16 if common is dt.bfloat16 else common,) * len(types))
    if common is dt.bfloat16:
        ins, res = tuple(dt.bfloat16 if d is dt.float16 else d for d in ins), dt.bfloat16 if res is dt.float16 else res
    return ins, res


def resolve(entry: Entry, types: tuple[DType | type, ...]) -> tuple[tuple[DType, ...], DType]:
    """(dtype each input is converted to, result dtype) of ``entry`` on inputs of ``types``."""
    key = (entry.op.name, types)
    found = _RESOLVED.get(key)
    if found is not None:
        return found
    rule = entry.rule
    n = len(types)
    if rule == "logical":
        found = ((dt.bool_,) * n, dt.bool_)
    elif rule == "same":
        common = _promote(types)
        found = ((common,) * n, common)
    elif rule == "component":
        common = _promote(types)
        found = ((common,) * n, common.component)
    elif rule == "first":
        first = types[0]
        found = ((first,) * n, first)
    elif rule == "where":
        values = _promote(types[1:])
        found = ((dt.bool_, values, values), values)
    elif rule == "float_params":
        ins, res = _resolve_ufunc(TABLE["exp"], types[:1])
        found = ((res,) * n, res)
    else:
        found = _resolve_ufunc(entry, types)
    entry.op.expression(found[0][0] if found[0] else found[1])  # TypeError now if the op lacks this type
    _RESOLVED[key] = found
    return found


COMPARISONS = {"equal": operator.eq, "not_equal": operator.ne, "less": operator.lt, "less_equal": operator.le,
                "greater": operator.gt, "greater_equal": operator.ge}


def settle_out_of_range(entry: Entry, args: tuple[Any, ...], op_dtypes: tuple[DType, ...]) \
        -> tuple[Entry, tuple[Any, ...], tuple[DType, ...]]:
    """A comparison of integers with a Python int beyond their dtype has one answer for every element
    (NumPy 2: ``uint8_array < 300`` is all True); it becomes ``x == x`` or ``x != x``, which give it."""
    scalar = next((i for i, (a, d) in enumerate(zip(args, op_dtypes, strict=True))
                   if a.__class__ is int and d.kind in "iu"), None)
    if scalar is None:
        return entry, args, op_dtypes
    info = np.iinfo(op_dtypes[scalar].np)
    value = args[scalar]
    if info.min <= value <= info.max:
        return entry, args, op_dtypes
    compare = COMPARISONS[entry.op.name]
    bound = int(info.max if value > info.max else info.min)  # every element is on the same side as this one
    answer = compare(value, bound) if scalar == 0 else compare(bound, value)
    array, dtype = args[1 - scalar], op_dtypes[1 - scalar]
    return TABLE["equal" if answer else "not_equal"], (array, array), (dtype, dtype)


def scalar_value(value: Any, dtype: DType) -> Any:
    """A Python scalar as its push constant of ``dtype`` takes it (a complex number for complex dtypes)."""
    if value.__class__ is complex and dtype.kind != "c":
        raise TypeError(f"a complex scalar ({value!r}) cannot be converted to {dtype.name}: take its real or "
                        "imaginary part")
    if dtype.kind == "f":  # NOTE: through NumPy's scalar: beyond the type's range it is inf (and NumPy warns)
        if dtype is dt.bfloat16:
            return round_to_bfloat16(value)
        return float(value) if dtype.itemsize == 8 else float(dtype.np.type(value))
    if dtype.kind == "c":
        return complex(value) if dtype.itemsize == 16 else complex(dtype.np.type(value))
    if dtype.kind == "b":
        return int(bool(value))
    check_scalar_fits(value, dtype)
    return int(value)
