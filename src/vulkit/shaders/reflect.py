"""SPIR-V reflection in pure Python: entry point, workgroup size, descriptors, push constants,
specialization constants.

:func:`reflect` reads a SPIR-V module (either endianness) and returns a :class:`ShaderInfo`: what a
pipeline layout needs (descriptor bindings, push constant range) and what a dispatch needs
(workgroup size, specialization constants). Only the instructions that carry this information are
decoded; everything else is skipped by its word count.
"""

from __future__ import annotations

import functools
import math
import struct
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field

MAGIC = 0x07230203

# Opcodes (SPIR-V spec, section 3.52).
_OP_NAME = 5
_OP_MEMBER_NAME = 6
_OP_ENTRY_POINT = 15
_OP_EXECUTION_MODE = 16
_OP_TYPE_BOOL = 20
_OP_TYPE_INT = 21
_OP_TYPE_FLOAT = 22
_OP_TYPE_VECTOR = 23
_OP_TYPE_MATRIX = 24
_OP_TYPE_IMAGE = 25
_OP_TYPE_SAMPLER = 26
_OP_TYPE_SAMPLED_IMAGE = 27
_OP_TYPE_ARRAY = 28
_OP_TYPE_RUNTIME_ARRAY = 29
_OP_TYPE_STRUCT = 30
_OP_TYPE_POINTER = 32
_OP_CONSTANT_TRUE = 41
_OP_CONSTANT_FALSE = 42
_OP_CONSTANT = 43
_OP_CONSTANT_COMPOSITE = 44
_OP_SPEC_CONSTANT_TRUE = 48
_OP_SPEC_CONSTANT_FALSE = 49
_OP_SPEC_CONSTANT = 50
_OP_SPEC_CONSTANT_COMPOSITE = 51
_OP_VARIABLE = 59
_OP_DECORATE = 71
_OP_MEMBER_DECORATE = 72
_OP_EXECUTION_MODE_ID = 331
_OP_TYPE_ACCELERATION_STRUCTURE = 5341

_TYPE_OPS = frozenset(
    {*range(_OP_TYPE_BOOL, _OP_TYPE_STRUCT + 1), _OP_TYPE_POINTER, _OP_TYPE_ACCELERATION_STRUCTURE}
)
_CONSTANT_OPS = frozenset(
    {
        *range(_OP_CONSTANT_TRUE, _OP_CONSTANT_COMPOSITE + 1),
        *range(_OP_SPEC_CONSTANT_TRUE, _OP_SPEC_CONSTANT_COMPOSITE + 1),
    }
)

# Decorations.
_DEC_SPEC_ID = 1
_DEC_BUFFER_BLOCK = 3
_DEC_ROW_MAJOR = 4
_DEC_ARRAY_STRIDE = 6
_DEC_MATRIX_STRIDE = 7
_DEC_BUILTIN = 11
_DEC_NON_WRITABLE = 24
_DEC_NON_READABLE = 25
_DEC_BINDING = 33
_DEC_DESCRIPTOR_SET = 34
_DEC_OFFSET = 35

_BUILTIN_WORKGROUP_SIZE = 25

# Storage classes.
_SC_UNIFORM_CONSTANT = 0
_SC_UNIFORM = 2
_SC_PUSH_CONSTANT = 9
_SC_STORAGE_BUFFER = 12
_DESCRIPTOR_STORAGE_CLASSES = frozenset({_SC_UNIFORM_CONSTANT, _SC_UNIFORM, _SC_STORAGE_BUFFER})

# Execution models and modes.
_MODEL_GLCOMPUTE = 5
_MODE_LOCAL_SIZE = 17
_MODE_LOCAL_SIZE_ID = 38

_DIM_BUFFER = 5
_DIM_SUBPASS_DATA = 6
_FP_ENCODINGS = {0: "bfloat16", 4214: "float8_e4m3", 4215: "float8_e5m2"}
_FLOAT_FORMATS = {16: "<e", 32: "<f", 64: "<d"}

_MatrixLayout = tuple[int | None, bool]

_WRITABLE_KINDS = frozenset({"storage_buffer", "storage_image", "storage_texel_buffer"})


@dataclass(frozen=True)
class Binding:
    """One descriptor binding.

    ``kind`` is one of ``storage_buffer``, ``uniform_buffer``, ``storage_image``, ``sampled_image``,
    ``combined_image_sampler``, ``sampler``, ``storage_texel_buffer``, ``uniform_texel_buffer``,
    ``input_attachment``, ``acceleration_structure``. ``array_size`` is the descriptor count: 1 for a
    single resource, N for ``buffer B {...} b[N]``, 0 for a runtime-sized array (descriptor indexing).
    """

    set: int
    binding: int
    kind: str
    name: str
    readonly: bool
    writeonly: bool
    array_size: int = 1


@dataclass(frozen=True)
class SpecConstant:
    """A specialization constant: ``layout(constant_id = id) const <kind> name = default;``.

    ``kind`` is ``bool``, ``int8``..``int64``, ``uint8``..``uint64``, ``float16``, ``bfloat16``,
    ``float32`` or ``float64``; ``default`` is a bool, int or float.
    """

    id: int
    kind: str
    default: bool | int | float
    name: str


@dataclass(frozen=True)
class PushConstantMember:
    """A leaf of the push constant block (nested structs are flattened to dotted names).

    ``kind`` is the scalar kind (as in :class:`SpecConstant`); ``shape`` is ``()`` for a scalar,
    ``(n,)`` for a vector, ``(columns, rows)`` for a matrix, with array lengths in front;
    ``size`` is the byte extent the member covers from ``offset`` (including layout padding).
    ``strides`` gives, for each axis of ``shape``, the bytes between consecutive indices (array
    strides, the matrix stride, the component size; a row-major matrix steps its column index by
    the component size): scalar ``index`` lies at ``offset + sum(index * strides)``.
    """

    name: str
    offset: int
    size: int
    kind: str
    shape: tuple[int, ...] = ()
    strides: tuple[int, ...] = field(default=(), compare=False)

    @property
    def count(self) -> int:
        """Number of scalars in the member."""
        return math.prod(self.shape)


@dataclass(frozen=True)
class ShaderInfo:
    """What :func:`reflect` found in a SPIR-V module.

    ``local_size`` is the workgroup size with the defaults of any specialization constants;
    ``local_size_spec_ids[i]`` is the SpecId that overrides ``local_size[i]`` (or None).
    ``push_constant_size`` is in bytes, rounded up to a multiple of 4 as Vulkan requires (0: none).
    """

    entry_point: str
    spirv_version: tuple[int, int]
    local_size: tuple[int, int, int] = (1, 1, 1)
    local_size_spec_ids: tuple[int | None, int | None, int | None] = (None, None, None)
    bindings: tuple[Binding, ...] = ()
    push_constant_size: int = 0
    push_constant_members: tuple[PushConstantMember, ...] = ()
    spec_constants: tuple[SpecConstant, ...] = ()

    def binding(self, set: int, binding: int) -> Binding:
        """The binding at (set, binding); KeyError if the shader has none there."""
        for item in self.bindings:
            if item.set == set and item.binding == binding:
                return item
        raise KeyError(f"the shader has no binding {binding} in set {set}")

    def writes(self, binding: Binding | int, set: int = 0) -> bool:
        """Whether the shader may write the resource (a Binding, or a binding number in ``set``)."""
        item = binding if isinstance(binding, Binding) else self.binding(set, binding)
        return item.kind in _WRITABLE_KINDS and not item.readonly

    def reads(self, binding: Binding | int, set: int = 0) -> bool:
        """Whether the shader may read the resource (everything but ``writeonly`` storage)."""
        item = binding if isinstance(binding, Binding) else self.binding(set, binding)
        return not item.writeonly

    def spec_constant(self, id: int) -> SpecConstant:
        """The specialization constant with SpecId ``id``; KeyError if none."""
        for item in self.spec_constants:
            if item.id == id:
                return item
        raise KeyError(f"the shader has no specialization constant with constant_id {id}")


def _words(spirv: object) -> array:
    """The module as native-endian 32-bit words; ValueError unless it has a SPIR-V header."""
    try:
        data = memoryview(spirv).tobytes()
    except TypeError:
        raise ValueError(f"not SPIR-V: expected a bytes-like object, got {type(spirv).__name__}") from None
    if len(data) % 4:
        raise ValueError(f"not SPIR-V: {len(data)} bytes is not a multiple of 4")
    if len(data) < 20:
        raise ValueError(f"not SPIR-V: {len(data)} bytes is shorter than the 20-byte header")
    words = array("I")
    words.frombytes(data)
    if words[0] != MAGIC:
        words.byteswap()
        if words[0] != MAGIC:
            raise ValueError(f"not SPIR-V: magic number 0x{words[0]:08x}, expected 0x{MAGIC:08x}")
    return words


def _instructions(words: array) -> Iterator[tuple[int, array]]:
    """(opcode, operands) of each instruction; ValueError on a malformed stream."""
    position = 5
    end = len(words)
    while position < end:
        first = words[position]
        count = first >> 16
        if count == 0:
            raise ValueError(f"not SPIR-V: instruction at word {position} has a word count of 0")
        if position + count > end:
            raise ValueError(f"not SPIR-V: instruction at word {position} is truncated")
        yield first & 0xFFFF, words[position + 1 : position + count]
        position += count


def check_spirv(spirv: bytes) -> None:
    """Raise ValueError("not SPIR-V: ...") unless ``spirv`` has a SPIR-V header and a well-formed
    instruction stream."""
    for _ in _instructions(_words(spirv)):
        pass


def _string(operands: array, start: int = 0) -> tuple[str, int]:
    """The literal string at operands[start:] and the index of the operand after it."""
    raw = bytearray()
    index = start
    while index < len(operands):
        chunk = struct.pack("<I", operands[index])
        index += 1
        end = chunk.find(b"\0")
        if end >= 0:
            raw += chunk[:end]
            return raw.decode("utf-8", "replace"), index
        raw += chunk
    return raw.decode("utf-8", "replace"), index


class _Module:
    """The instructions reflection needs, indexed by result id."""

    def __init__(self, words: array) -> None:
        self.version = ((words[1] >> 16) & 0xFF, (words[1] >> 8) & 0xFF)
        self.names: dict[int, str] = {}
        self.member_names: dict[tuple[int, int], str] = {}
        self.entry_points: list[tuple[int, int, str]] = []
        self.modes: list[tuple[int, int, tuple[int, ...]]] = []
        self.decorations: dict[int, dict[int, tuple[int, ...]]] = {}
        self.member_decorations: dict[tuple[int, int], dict[int, tuple[int, ...]]] = {}
        self.types: dict[int, tuple[int, tuple[int, ...]]] = {}
        self.constants: dict[int, tuple[int, int, tuple[int, ...]]] = {}
        self.variables: list[tuple[int, int, int]] = []
        for opcode, operands in _instructions(words):
            self._add(opcode, operands)

    def _add(self, opcode: int, operands: array) -> None:
        if opcode == _OP_NAME:
            self.names[operands[0]] = _string(operands, 1)[0]
        elif opcode == _OP_MEMBER_NAME:
            self.member_names[(operands[0], operands[1])] = _string(operands, 2)[0]
        elif opcode == _OP_ENTRY_POINT:
            self.entry_points.append((operands[0], operands[1], _string(operands, 2)[0]))
        elif opcode in (_OP_EXECUTION_MODE, _OP_EXECUTION_MODE_ID):
            self.modes.append((operands[0], operands[1], tuple(operands[2:])))
        elif opcode == _OP_DECORATE:
            self.decorations.setdefault(operands[0], {})[operands[1]] = tuple(operands[2:])
        elif opcode == _OP_MEMBER_DECORATE:
            key = (operands[0], operands[1])
            self.member_decorations.setdefault(key, {})[operands[2]] = tuple(operands[3:])
        elif opcode in _TYPE_OPS:
            self.types[operands[0]] = (opcode, tuple(operands[1:]))
        elif opcode in _CONSTANT_OPS:
            self.constants[operands[1]] = (opcode, operands[0], tuple(operands[2:]))
        elif opcode == _OP_VARIABLE:
            self.variables.append((operands[0], operands[1], operands[2]))

    def decoration(self, target: int, decoration: int) -> tuple[int, ...] | None:
        return self.decorations.get(target, {}).get(decoration)

    def member_decoration(self, struct_id: int, member: int, decoration: int) -> tuple[int, ...] | None:
        return self.member_decorations.get((struct_id, member), {}).get(decoration)

    def pointee(self, pointer_type: int) -> int | None:
        """The type an OpTypePointer points to (None for other, e.g. untyped, pointers)."""
        opcode, operands = self.types.get(pointer_type, (None, ()))
        return operands[1] if opcode == _OP_TYPE_POINTER else None

    def array_length(self, array_type: int) -> int:
        return int(self.constant_value(self.types[array_type][1][1]))

    def scalar_kind(self, type_id: int) -> str:
        opcode, operands = self.types[type_id]
        if opcode == _OP_TYPE_BOOL:
            return "bool"
        if opcode == _OP_TYPE_INT:
            return f"{'int' if operands[1] else 'uint'}{operands[0]}"
        if opcode == _OP_TYPE_FLOAT:
            if len(operands) > 1:
                return _FP_ENCODINGS.get(operands[1], f"float{operands[0]}")
            return f"float{operands[0]}"
        if opcode in (_OP_TYPE_VECTOR, _OP_TYPE_MATRIX, _OP_TYPE_ARRAY, _OP_TYPE_RUNTIME_ARRAY):
            return self.scalar_kind(operands[0])
        return "struct" if opcode == _OP_TYPE_STRUCT else "opaque"

    def constant_value(self, constant_id: int) -> bool | int | float:
        """The value (the default, for a specialization constant) of a scalar constant."""
        opcode, type_id, operands = self.constants[constant_id]
        if opcode in (_OP_CONSTANT_TRUE, _OP_SPEC_CONSTANT_TRUE):
            return True
        if opcode in (_OP_CONSTANT_FALSE, _OP_SPEC_CONSTANT_FALSE):
            return False
        if opcode not in (_OP_CONSTANT, _OP_SPEC_CONSTANT):
            raise ValueError(f"not SPIR-V: constant %{constant_id} is not a scalar")
        return _decode_literal(self.scalar_kind(type_id), self.types[type_id][1][0], operands)


def _decode_literal(kind: str, width: int, operands: tuple[int, ...]) -> int | float:
    """Decode a numeric literal (low-order word first) of a scalar type of ``width`` bits."""
    value = 0
    for index, word in enumerate(operands):
        value |= word << (32 * index)
    value &= (1 << width) - 1
    if kind == "bfloat16":
        return struct.unpack("<f", (value << 16).to_bytes(4, "little"))[0]
    if kind.startswith("float") and width in _FLOAT_FORMATS:
        return struct.unpack(_FLOAT_FORMATS[width], value.to_bytes(width // 8, "little"))[0]
    if kind.startswith("int") and value >> (width - 1):
        return value - (1 << width)
    return value


def _entry_point(module: _Module) -> tuple[int, str]:
    if not module.entry_points:
        raise ValueError("not SPIR-V: the module has no OpEntryPoint")
    for model, function, name in module.entry_points:
        if model == _MODEL_GLCOMPUTE:
            return function, name
    _, function, name = module.entry_points[0]
    return function, name


def _local_size(module: _Module, function: int) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    sizes: tuple[int, ...] = (1, 1, 1)
    spec_ids: tuple[int | None, ...] = (None, None, None)
    components: tuple[int, ...] | None = None
    for target, mode, operands in module.modes:
        if target != function:
            continue
        if mode == _MODE_LOCAL_SIZE:
            sizes = tuple(operands[:3])
        elif mode == _MODE_LOCAL_SIZE_ID:
            components = tuple(operands[:3])
    for constant_id, (opcode, _, operands) in module.constants.items():
        builtin = module.decoration(constant_id, _DEC_BUILTIN)
        composite = opcode in (_OP_CONSTANT_COMPOSITE, _OP_SPEC_CONSTANT_COMPOSITE)
        if composite and builtin == (_BUILTIN_WORKGROUP_SIZE,):
            components = operands[:3]
    if components is not None:
        sizes = tuple(int(module.constant_value(item)) for item in components)
        spec_ids = tuple(_spec_id(module, item) for item in components)
    return sizes, spec_ids


def _spec_id(module: _Module, constant_id: int) -> int | None:
    value = module.decoration(constant_id, _DEC_SPEC_ID)
    return value[0] if value else None


def _spec_constants(module: _Module) -> tuple[SpecConstant, ...]:
    found: dict[int, SpecConstant] = {}
    for constant_id, (opcode, type_id, _) in module.constants.items():
        spec_id = _spec_id(module, constant_id)
        if spec_id is None or opcode == _OP_SPEC_CONSTANT_COMPOSITE:
            continue
        name = module.names.get(constant_id, "")
        if spec_id in found and (found[spec_id].name or not name):
            continue
        kind = module.scalar_kind(type_id)
        found[spec_id] = SpecConstant(spec_id, kind, module.constant_value(constant_id), name)
    return tuple(found[key] for key in sorted(found))


def _unwrap_arrays(module: _Module, type_id: int) -> tuple[int, int]:
    """(element type, descriptor count) of a possibly arrayed descriptor type; 0 = runtime array."""
    count = 1
    opcode, operands = module.types[type_id]
    while opcode in (_OP_TYPE_ARRAY, _OP_TYPE_RUNTIME_ARRAY):
        count *= module.array_length(type_id) if opcode == _OP_TYPE_ARRAY else 0
        type_id = operands[0]
        opcode, operands = module.types[type_id]
    return type_id, count


def _descriptor_kind(module: _Module, storage_class: int, type_id: int) -> str | None:
    opcode, operands = module.types[type_id]
    if storage_class == _SC_STORAGE_BUFFER:
        return "storage_buffer"
    if storage_class == _SC_UNIFORM:
        if module.decoration(type_id, _DEC_BUFFER_BLOCK) is not None:
            return "storage_buffer"
        return "uniform_buffer"
    if opcode == _OP_TYPE_SAMPLER:
        return "sampler"
    if opcode == _OP_TYPE_SAMPLED_IMAGE:
        return "combined_image_sampler"
    if opcode == _OP_TYPE_ACCELERATION_STRUCTURE:
        return "acceleration_structure"
    if opcode == _OP_TYPE_IMAGE:
        dim, sampled = operands[1], operands[5]
        if dim == _DIM_SUBPASS_DATA:
            return "input_attachment"
        if dim == _DIM_BUFFER:
            return "storage_texel_buffer" if sampled == 2 else "uniform_texel_buffer"
        return "storage_image" if sampled == 2 else "sampled_image"
    return None


def _all_members(module: _Module, struct_id: int, decoration: int) -> bool:
    opcode, members = module.types[struct_id]
    if opcode != _OP_TYPE_STRUCT or not members:
        return False
    return all(module.member_decoration(struct_id, i, decoration) is not None for i in range(len(members)))


def _bindings(module: _Module) -> tuple[Binding, ...]:
    found = []
    for pointer_type, variable, storage_class in module.variables:
        binding = module.decoration(variable, _DEC_BINDING)
        pointee = module.pointee(pointer_type)
        if storage_class not in _DESCRIPTOR_STORAGE_CLASSES or binding is None or pointee is None:
            continue
        descriptor_set = module.decoration(variable, _DEC_DESCRIPTOR_SET) or (0,)
        type_id, array_size = _unwrap_arrays(module, pointee)
        kind = _descriptor_kind(module, storage_class, type_id)
        if kind is None:
            continue
        flags = [
            module.decoration(variable, decoration) is not None or _all_members(module, type_id, decoration)
            for decoration in (_DEC_NON_WRITABLE, _DEC_NON_READABLE)
        ]
        name = module.names.get(variable) or module.names.get(type_id, "")
        found.append(Binding(descriptor_set[0], binding[0], kind, name, flags[0], flags[1], array_size))
    return tuple(sorted(found, key=lambda item: (item.set, item.binding)))


class _Layout:
    """Byte sizes and flattened leaves of explicitly laid out types (push constant blocks)."""

    def __init__(self, module: _Module) -> None:
        self.module = module

    def size(self, type_id: int, matrix: _MatrixLayout = (None, False)) -> int:
        """Bytes the type covers; ``matrix`` is the (MatrixStride, RowMajor) of the enclosing member."""
        opcode, operands = self.module.types[type_id]
        if opcode in (_OP_TYPE_INT, _OP_TYPE_FLOAT):
            return operands[0] // 8
        if opcode == _OP_TYPE_BOOL:
            return 4
        if opcode == _OP_TYPE_VECTOR:
            return operands[1] * self.size(operands[0])
        if opcode == _OP_TYPE_MATRIX:
            return self._matrix_size(operands[0], operands[1], matrix)
        if opcode == _OP_TYPE_ARRAY:
            return self.module.array_length(type_id) * self._array_stride(type_id, matrix)
        if opcode == _OP_TYPE_STRUCT:
            ends = [offset + self.size(member, layout) for offset, member, layout in self._fields(type_id)]
            return max(ends, default=0)
        return 0

    def _matrix_size(self, column_type: int, columns: int, matrix: _MatrixLayout) -> int:
        stride, row_major = matrix
        if stride is None:
            return columns * self.size(column_type)
        rows = self.module.types[column_type][1][1]
        return (rows if row_major else columns) * stride

    def _array_stride(self, type_id: int, matrix: _MatrixLayout) -> int:
        stride = self.module.decoration(type_id, _DEC_ARRAY_STRIDE)
        return stride[0] if stride else self.size(self.module.types[type_id][1][0], matrix)

    def _fields(self, struct_id: int) -> Iterator[tuple[int, int, _MatrixLayout]]:
        """(offset, member type, matrix layout) of each member of a struct."""
        for index, member in enumerate(self.module.types[struct_id][1]):
            offset = self.module.member_decoration(struct_id, index, _DEC_OFFSET) or (0,)
            stride = self.module.member_decoration(struct_id, index, _DEC_MATRIX_STRIDE)
            row_major = self.module.member_decoration(struct_id, index, _DEC_ROW_MAJOR) is not None
            yield offset[0], member, (stride[0] if stride else None, row_major)

    def leaves(self, struct_id: int, prefix: str = "", base: int = 0) -> Iterator[PushConstantMember]:
        """The non-struct members of a struct, nested structs and arrays of structs flattened."""
        for index, (offset, member, matrix) in enumerate(self._fields(struct_id)):
            name = self.module.member_names.get((struct_id, index), f"member{index}")
            yield from self._leaf(member, prefix + name, base + offset, matrix)

    def _leaf(
        self, type_id: int, name: str, offset: int, matrix: _MatrixLayout
    ) -> Iterator[PushConstantMember]:
        opcode, operands = self.module.types[type_id]
        kind = self.module.scalar_kind(type_id)
        if opcode == _OP_TYPE_STRUCT:
            yield from self.leaves(type_id, f"{name}.", offset)
        elif opcode == _OP_TYPE_ARRAY and kind == "struct":
            stride = self._array_stride(type_id, matrix)
            for item in range(self.module.array_length(type_id)):
                yield from self._leaf(operands[0], f"{name}[{item}]", offset + item * stride, matrix)
        else:
            yield PushConstantMember(name, offset, self.size(type_id, matrix), kind, self._shape(type_id),
                                     self._strides(type_id, matrix))

    def _strides(self, type_id: int, matrix: _MatrixLayout) -> tuple[int, ...]:
        """Byte steps of each axis of :meth:`_shape` (see PushConstantMember.strides)."""
        opcode, operands = self.module.types[type_id]
        if opcode == _OP_TYPE_ARRAY:
            return (self._array_stride(type_id, matrix), *self._strides(operands[0], matrix))
        if opcode == _OP_TYPE_VECTOR:
            return (self.size(operands[0]),)
        if opcode == _OP_TYPE_MATRIX:
            column_type = operands[0]
            component = self.size(self.module.types[column_type][1][0])
            stride, row_major = matrix
            if stride is None:
                stride = self.size(column_type)
            return (component, stride) if row_major else (stride, component)
        return ()

    def _shape(self, type_id: int) -> tuple[int, ...]:
        opcode, operands = self.module.types[type_id]
        if opcode == _OP_TYPE_ARRAY:
            return (self.module.array_length(type_id), *self._shape(operands[0]))
        if opcode == _OP_TYPE_VECTOR:
            return (operands[1],)
        if opcode == _OP_TYPE_MATRIX:
            return (operands[1], self.module.types[operands[0]][1][1])
        return ()


def _push_constants(module: _Module) -> tuple[int, tuple[PushConstantMember, ...]]:
    for pointer_type, _, storage_class in module.variables:
        struct_id = module.pointee(pointer_type)
        if storage_class == _SC_PUSH_CONSTANT and struct_id is not None:
            layout = _Layout(module)
            size = layout.size(struct_id)
            return (size + 3) // 4 * 4, tuple(layout.leaves(struct_id))
    return 0, ()


def reflect(spirv: bytes) -> ShaderInfo:
    """Parse a SPIR-V module (bytes, bytearray, memoryview or a uint32 NumPy array).

    Raises ValueError("not SPIR-V: ...") for anything that is not a well-formed module. The result is immutable
    and kept for the module's bytes (the last 256 modules): every Algorithm of one shader reflects it once.
    """
    if type(spirv) is not bytes:  # bytes are their own key, hashed once (Python keeps a bytes object's hash)
        try:
            spirv = memoryview(spirv).tobytes()
        except TypeError:
            raise ValueError(f"not SPIR-V: expected a bytes-like object, got {type(spirv).__name__}") from None
    return _reflect_bytes(spirv)


@functools.lru_cache(maxsize=256)
def _reflect_bytes(data: bytes) -> ShaderInfo:
    words = _words(data)
    try:
        return _reflect(_Module(words))
    except (ArithmeticError, LookupError, RecursionError, TypeError, ValueError, struct.error) as exc:
        if str(exc).startswith("not SPIR-V"):
            raise
        raise ValueError(f"not SPIR-V: malformed module ({type(exc).__name__}: {exc})") from exc


def _reflect(module: _Module) -> ShaderInfo:
    function, name = _entry_point(module)
    local_size, local_size_spec_ids = _local_size(module, function)
    push_constant_size, push_constant_members = _push_constants(module)
    return ShaderInfo(
        entry_point=name,
        spirv_version=module.version,
        local_size=local_size,
        local_size_spec_ids=local_size_spec_ids,
        bindings=_bindings(module),
        push_constant_size=push_constant_size,
        push_constant_members=push_constant_members,
        spec_constants=_spec_constants(module),
    )
