"""Array element types: the fifteen dtypes, their GLSL types, and NumPy's type promotion.

Promotion follows NumPy 2 (which agrees with the array API standard wherever the standard defines a
result) including NEP 50 "weak" Python scalars: ``int8_array + 1`` stays int8, ``int8_array + 1.0``
becomes the default float. Results are cached per pair of types, so promotion costs one dict lookup.

GLSL has three ideas of a type per dtype: the *storage* type (how elements sit in a buffer; bool is
a byte), the *compute* type (what arithmetic runs in: 8/16-bit integers and float16 are widened to
32 bits, which gives NumPy's results bit for bit: wrap-around for integers, correctly rounded
float16) and the *kind* (b, i, u, f, c) that picks an operator's GLSL expression.

Complex numbers are pairs of floats: ``complex64`` is a GLSL ``vec2`` (real part in ``x``, imaginary in ``y``),
``complex128`` a ``dvec2``; each has its parts' dtype as ``component`` (float32, float64), and a device has the
complex dtype exactly where it has the component's (complex128 needs float64).

``bfloat16`` (float32's upper 16 bits: float32's range, 8 significant bits) is not a NumPy type: it is stored as
16-bit words (``uint16_t``) and computes in float32 as float16 does; GLSL converts it on the bits (see
:func:`vulkit.array.kernels.glsl.convert`). It promotes as in PyTorch: with integers and bool it stays bfloat16,
with float16 it gives float32, with float32/float64 (and complex) their type. Its ``np`` is ``ml_dtypes.bfloat16``
where that package is importable; without it, asking for a NumPy form raises TypeError.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np


class DType:
    """An element type (``vt.float32`` ...); compares equal to the same-named NumPy dtype."""

    __slots__ = ("name", "np", "itemsize", "kind", "storage", "compute", "feature", "component")

    def __init__(self, name: str, storage: str, compute: str, feature: str | None,
                 component: DType | None = None) -> None:
        self.name = name
        self.np = np.dtype(name)
        self.itemsize = self.np.itemsize
        self.kind = self.np.kind
        self.storage = storage
        self.compute = compute
        self.feature = feature
        # the dtype of each part of a complex number; the dtype itself for the others
        self.component: DType = component or self

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DType):
            return other is self
        if isinstance(other, (np.dtype, str, type)):
            try:
                with warnings.catch_warnings():  # NumPy warns about some strings ("a, b") it reads as aliases
                    warnings.simplefilter("ignore", DeprecationWarning)
                    return np.dtype(other) == self.np
            except Exception:  # noqa: BLE001 - a string NumPy cannot read as a dtype: "a, b" is a ValueError,
                return False  # others raise TypeError, SyntaxError or KeyError
        return NotImplemented

    # The DTypes are singletons: identity hashing is the C slot, twice as fast in the eager path's
    # cache keys as a Python __hash__ (a DType therefore does not find a str or NumPy dtype key in a dict).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"vulkit.{self.name}"

    def __str__(self) -> str:
        """The name alone, as NumPy's ``str(dtype)`` (``print(x.dtype)`` shows ``float32``)."""
        return self.name

    def __call__(self, value: Any = 0) -> Any:
        """NumPy's scalar type: ``vt.float32(3)`` is NumPy's ``float32(3)`` (as CuPy's dtypes are NumPy's), and of
        a vulkit array a converted copy (``astype``); bfloat16, which NumPy lacks, gives a 0-d array."""
        from .array import Array
        from .ops.creation import asarray
        from .ops.elementwise import astype

        if isinstance(value, Array):
            return astype(value, self)
        if self.name == "bfloat16":
            return asarray(value, dtype=self)
        return self.np.type(value)

    def __reduce__(self) -> str:
        return self.name

    # NumPy's dtype attributes that code ported from NumPy reads (bfloat16: ml_dtypes' where it is installed)
    @property
    def char(self) -> str:
        """NumPy's one-character code (``"f"`` for float32)."""
        return self.np.char

    @property
    def type(self) -> type:
        """NumPy's scalar type (``numpy.float32``)."""
        return self.np.type

    @property
    def str(self) -> str:
        """NumPy's array-protocol type string (``"<f4"``)."""
        return self.np.str

    @property
    def bits(self) -> int:
        return self.itemsize * 8

    @property
    def dtype(self) -> np.dtype:
        """The NumPy dtype: NumPy reads this attribute, so ``np.zeros(n, dtype=x.dtype)`` works."""
        return self.np


bool_ = DType("bool", "uint8_t", "bool", "int8 + storage_buffer_8bit")
int8 = DType("int8", "int8_t", "int", "int8 + storage_buffer_8bit")
uint8 = DType("uint8", "uint8_t", "uint", "int8 + storage_buffer_8bit")
int16 = DType("int16", "int16_t", "int", "int16 + storage_buffer_16bit")
uint16 = DType("uint16", "uint16_t", "uint", "int16 + storage_buffer_16bit")
int32 = DType("int32", "int", "int", None)
uint32 = DType("uint32", "uint", "uint", None)
int64 = DType("int64", "int64_t", "int64_t", "int64 (shaderInt64)")
uint64 = DType("uint64", "uint64_t", "uint64_t", "int64 (shaderInt64)")
float16 = DType("float16", "float16_t", "float", "float16 + storage_buffer_16bit")
float32 = DType("float32", "float", "float", None)
float64 = DType("float64", "double", "double", "float64 (shaderFloat64)")
complex64 = DType("complex64", "vec2", "vec2", None, float32)
complex128 = DType("complex128", "dvec2", "dvec2", float64.feature, float64)


class _BFloat16(DType):
    """``bfloat16``: 16-bit words (float32's upper half) computing in float32; NumPy has no such type (see the
    module docstring)."""

    __slots__ = ()

    def __init__(self) -> None:
        self.name = "bfloat16"
        self.itemsize = 2
        self.kind = "f"
        self.storage = "uint16_t"
        self.compute = "float"
        self.feature = uint16.feature
        self.component = self

    @property  # type: ignore[override]
    def np(self) -> np.dtype:
        """``ml_dtypes.bfloat16``'s NumPy dtype; TypeError where ml_dtypes is not installed."""
        found = _ml_dtypes_bfloat16()
        if found is None:
            raise TypeError("NumPy has no bfloat16 type: convert with x.astype(vulkit.float32) first, or install "
                            "the ml_dtypes package for NumPy arrays of ml_dtypes.bfloat16")
        return found

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DType):
            return other is self
        if isinstance(other, str):
            return other == "bfloat16"
        if isinstance(other, np.dtype) or (isinstance(other, type) and issubclass(other, np.generic)):
            return _is_bfloat16(other)
        return NotImplemented

    __hash__ = object.__hash__


_ML_DTYPES: list[np.dtype | None] = []  # ml_dtypes.bfloat16's dtype (None: no ml_dtypes), once looked up


def _ml_dtypes_bfloat16() -> np.dtype | None:
    if not _ML_DTYPES:
        try:
            import ml_dtypes
        except ImportError:
            _ML_DTYPES.append(None)
        else:
            _ML_DTYPES.append(np.dtype(ml_dtypes.bfloat16))
    return _ML_DTYPES[0]


def _is_bfloat16(value: Any) -> bool:
    """Whether ``value`` (a NumPy dtype or scalar type) is ml_dtypes' bfloat16 (ml_dtypes is then imported)."""
    try:
        return np.dtype(value).name == "bfloat16"
    except TypeError:
        return False


bfloat16: DType = _BFloat16()

ALL: tuple[DType, ...] = (bool_, int8, uint8, int16, uint16, int32, uint32, int64, uint64, float16, float32, float64,
                          complex64, complex128, bfloat16)
BY_NAME: dict[str, DType] = {d.name: d for d in ALL}
_BY_NP: dict[np.dtype, DType] = {d.np: d for d in ALL if d is not bfloat16}
INTEGER = tuple(d for d in ALL if d.kind in "iu")
FLOATING = (float16, float32, float64, bfloat16)  # the real floating dtypes
COMPLEX = (complex64, complex128)
NUMERIC = INTEGER + FLOATING  # the real numeric dtypes (the standard's "numeric" adds COMPLEX: see isdtype)

# Extra dtype names the GLSL of a kernel must enable an extension for.
_EXTENSIONS = {
    "int8_t": "GL_EXT_shader_explicit_arithmetic_types_int8",
    "uint8_t": "GL_EXT_shader_explicit_arithmetic_types_int8",
    "int16_t": "GL_EXT_shader_explicit_arithmetic_types_int16",
    "uint16_t": "GL_EXT_shader_explicit_arithmetic_types_int16",
    "int64_t": "GL_EXT_shader_explicit_arithmetic_types_int64",
    "uint64_t": "GL_EXT_shader_explicit_arithmetic_types_int64",
    "float16_t": "GL_EXT_shader_explicit_arithmetic_types_float16",
}


def glsl_extensions(dtypes: tuple[DType, ...]) -> list[str]:
    """The ``#extension`` names a kernel touching ``dtypes`` needs."""
    names = set()
    for d in dtypes:
        ext = _EXTENSIONS.get(d.storage)
        if ext:
            names.add(ext)
        if d.itemsize == 1:
            names.add("GL_EXT_shader_8bit_storage")
        elif d.itemsize == 2:
            names.add("GL_EXT_shader_16bit_storage")
    return sorted(names)


class _DTypeConstructorType(type):
    def __instancecheck__(cls, value: Any) -> bool:
        return isinstance(value, DType)


class DTypeConstructor(metaclass=_DTypeConstructorType):
    """NumPy's ``np.dtype`` as vulkit's ``vt.dtype``: ``vt.dtype("float32")``, ``vt.dtype(np.int64)`` or
    ``vt.dtype(x.dtype)`` give vulkit's dtype (:func:`as_dtype`), and ``isinstance(vt.float32, vt.dtype)`` holds.
    ``align`` and ``copy`` are accepted for NumPy's sake (vulkit has no structured dtypes)."""

    def __new__(cls, value: Any, align: bool = False, copy: bool = False) -> DType:  # type: ignore[misc]
        return as_dtype(value)


def as_dtype(value: Any) -> DType:
    """A DType from a DType, a NumPy dtype or type, or a name; TypeError for what vulkit lacks."""
    if isinstance(value, DType):
        return value
    try:
        if value is bool:
            return bool_
        if isinstance(value, str) and value == "bfloat16":
            return bfloat16
        found = _BY_NP.get(np.dtype(value))
        if found is None and _is_bfloat16(value):
            found = bfloat16
    except TypeError:
        found = None
    if found is None:
        raise TypeError(
            f"vulkit has no dtype {value!r}: the supported dtypes are "
            f"{', '.join(d.name for d in ALL)} (no string, datetime or object types)"
        )
    return found


def is_supported(dtype: DType, supported: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether a device whose dtype names are ``supported`` (``ctx.dtypes``) has ``dtype``: a complex dtype
    where it has the complex dtype's component, bfloat16 where it has uint16 (its storage)."""
    return (uint16 if dtype is bfloat16 else dtype.component).name in supported


def supported_names(supported: tuple[str, ...] | frozenset[str]) -> tuple[str, ...]:
    """``supported`` (a device's dtype names) with the complex dtypes its floats give."""
    return (*supported, *(d.name for d in COMPLEX if d.component.name in supported and d.name not in supported))


def require_supported(dtype: DType, supported: tuple[str, ...] | frozenset[str], device_name: str) -> None:
    """TypeError naming the Vulkan feature the device lacks for ``dtype``."""
    if not is_supported(dtype, supported):
        raise TypeError(
            f"{dtype.name} is not available on {device_name}: the device lacks the Vulkan feature(s) "
            f"{dtype.feature} (see vt.device.get_device_properties()['dtypes'])"
        )


_PAIR_CACHE: dict[tuple[Any, Any], DType] = {}
# NEP 50: a Python scalar is represented by a sample value of its type, which NumPy treats as weak.
_WEAK_SAMPLES: dict[type, Any] = {bool: False, int: 0, float: 0.0, complex: 0j}


def result_type2(a: DType | type, b: DType | type) -> DType:
    """The promoted type of two operands; each a DType or one of the Python types bool/int/float."""
    key = (a, b)
    found = _PAIR_CACHE.get(key)
    if found is None and (a is bfloat16 or b is bfloat16):
        found = _PAIR_CACHE[key] = _with_bfloat16(b if a is bfloat16 else a)
    if found is None:
        left = _WEAK_SAMPLES[a] if isinstance(a, type) else a.np
        right = _WEAK_SAMPLES[b] if isinstance(b, type) else b.np
        if isinstance(a, type) and isinstance(b, type):
            raise TypeError("at least one operand must be an array")
        found = _BY_NP[np.result_type(left, right)]
        _PAIR_CACHE[key] = found
    return found


def _with_bfloat16(other: DType | type) -> DType:
    """bfloat16 promoted with ``other`` as PyTorch does: integers, bool and Python int/float stay bfloat16, float16
    gives float32, a Python complex complex64, the wider float and complex dtypes themselves."""
    if other is bool or other is int or other is float or other is bfloat16 \
            or (isinstance(other, DType) and other.kind in "biu"):
        return bfloat16
    if other is complex:
        return complex64
    return float32 if other is float16 else other  # type: ignore[return-value]


def result_type(*operands: Any) -> DType:
    """Array API ``result_type``: of arrays, dtypes and Python scalars (weakly typed)."""
    if not operands:
        raise ValueError("at least one array or dtype is required")
    strong = [_strong(o) for o in operands if not _is_scalar(o)]
    weak = [type(o) if not isinstance(o, bool) else bool for o in operands if _is_scalar(o)]
    if not strong:
        raise ValueError("at least one array or dtype is required, got only Python scalars")
    result = strong[0]
    for other in strong[1:]:
        result = result_type2(result, other)
    for kind in weak:
        result = result_type2(result, kind)
    return result


def _is_scalar(value: Any) -> bool:
    """A Python scalar (weakly typed); NumPy's scalars are typed by their dtype, though float64's and complex128's
    derive from Python's float and complex."""
    return isinstance(value, (bool, int, float, complex)) and not isinstance(value, np.generic)


def _strong(value: Any) -> DType:
    if isinstance(value, DType):
        return value
    dtype = getattr(value, "dtype", None)
    return as_dtype(dtype if dtype is not None else value)


CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def castable(source: DType, target: DType, casting: str) -> bool:
    """Whether NumPy's ``casting`` rule (one of CASTINGS) allows ``source`` to ``target`` (bfloat16 by
    :func:`can_cast`'s safe casts and its floating kind)."""
    if casting == "unsafe":
        return True
    if bfloat16 not in (source, target):
        return bool(np.can_cast(source.np, target.np, casting=casting))
    if casting in ("no", "equiv"):
        return source is target
    return can_cast(source, target) or (casting == "same_kind" and source.kind == target.kind)


def can_cast(from_: Any, to: Any, /) -> bool:
    """Array API ``can_cast`` of a dtype or an array's dtype (NumPy's "safe" casting: float32 to complex64, not
    complex to real; bfloat16 from bool and 8-bit integers, to float32, float64 and complex)."""
    source, target = _strong(from_), as_dtype(to)
    if source is bfloat16 or target is bfloat16:
        if source is target:
            return True
        if target is bfloat16:
            return source.kind == "b" or (source.kind in "iu" and source.itemsize == 1)
        return target in (float32, float64, complex64, complex128)
    return bool(np.can_cast(source.np, target.np, casting="safe"))


def same_kind(from_: DType, to: DType) -> bool:
    """NumPy's "same_kind" casting (an operation's result into ``out``): bfloat16 as a float."""
    return bool(np.can_cast((float16 if from_ is bfloat16 else from_).np, (float16 if to is bfloat16 else to).np,
                            casting="same_kind"))


def check_scalar_fits(value: int, dtype: DType) -> None:
    """OverflowError (as NumPy 2 raises) for a Python int out of range of an integer dtype."""
    if dtype.kind in "iu" and not isinstance(value, bool):
        info = np.iinfo(dtype.np)
        if not info.min <= value <= info.max:
            raise OverflowError(f"Python integer {value} out of bounds for {dtype.name}")


def isdtype(dtype: DType, kind: Any) -> bool:
    """Array API ``isdtype``: kind is a DType, a kind name, or a tuple of those."""
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, DType):
        return dtype is kind
    groups = {
        "bool": (bool_,),
        "signed integer": tuple(d for d in INTEGER if d.kind == "i"),
        "unsigned integer": tuple(d for d in INTEGER if d.kind == "u"),
        "integral": INTEGER,
        "real floating": FLOATING,
        "complex floating": COMPLEX,
        "numeric": NUMERIC + COMPLEX,
    }
    if not isinstance(kind, str) or kind not in groups:
        raise ValueError(f"unknown dtype kind {kind!r}; expected a dtype or one of {', '.join(groups)}")
    return dtype in groups[kind]
