"""GLSL pieces every kernel family writes the same way: the header, buffer blocks, conversions between
dtypes, and coordinates from flat indices."""

from __future__ import annotations

from ..dtypes import DType, bfloat16, bool_, float32, glsl_extensions

WORKGROUP = 256
VEC4 = {
    "float": "vec4", "double": "dvec4", "int": "ivec4", "uint": "uvec4",
    "int64_t": "i64vec4", "uint64_t": "u64vec4", "float16_t": "f16vec4",
    "int8_t": "i8vec4", "uint8_t": "u8vec4", "int16_t": "i16vec4", "uint16_t": "u16vec4",
}
# Push-constant GLSL type and struct code of a scalar of each compute type (bool travels as a uint; a complex
# number as its two parts, an array of two floats or doubles: see push_field).
PUSH_TYPES = {"bool": ("uint", "I"), "int": ("int", "i"), "uint": ("uint", "I"), "float": ("float", "f"),
              "int64_t": ("int64_t", "q"), "uint64_t": ("uint64_t", "Q"), "double": ("double", "d"),
              "vec2": ("float", "ff"), "dvec2": ("double", "dd")}
# SPIR-V ids (SPV_KHR_float_controls): execution mode, capability
_FLOAT_MODES = {"denorm_preserve": (4459, 4464), "signed_zero_inf_nan_preserve": (4461, 4466)}


def header(dtypes: tuple[DType, ...], addresses: bool, float_controls: dict[str, tuple[int, ...]] | None,
           local_size: int = WORKGROUP, extensions: tuple[str, ...] = ()) -> list[str]:
    """The lines every kernel starts with: version, the extensions its dtypes (and buffer addresses) need,
    the float controls, the workgroup size."""
    names = [*glsl_extensions(dtypes), *(["GL_EXT_buffer_reference"] if addresses else []), *extensions]
    lines = ["#version 450", *[f"#extension {name} : require" for name in names]]
    lines += float_control_lines(float_controls or {})
    lines.append(f"layout(local_size_x = {local_size}) in;")
    if bfloat16 in dtypes:
        lines.append(BFLOAT16_FUNCTIONS)
    return lines


# bfloat16 words from float32 on the bits: to nearest, ties to even (a carry past the largest value gives
# infinity); a NaN stays a NaN of its sign and upper payload, made quiet (bit 6 of the word)
BFLOAT16_FUNCTIONS = """uint16_t vt_to_bf16(float x) {
  uint u = floatBitsToUint(x);
  if ((u & 0x7fffffffu) > 0x7f800000u) return uint16_t((u >> 16) | 0x40u);
  return uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
float vt_from_bf16(uint16_t b) { return uintBitsToFloat(uint(b) << 16); }"""


def float_control_lines(float_controls: dict[str, tuple[int, ...]]) -> list[str]:
    """GLSL asking the device to keep subnormals, signed zeros, infinities and NaNs of the float widths in
    ``float_controls`` (a PhysicalDevice's): without them NVIDIA's compiler may assume no NaN or infinity
    (acos, atan2 and remainder went wrong on an H100)."""
    lines = []
    for mode, widths in float_controls.items():
        number, capability = _FLOAT_MODES[mode]
        lines += [f'spirv_execution_mode(extensions = ["SPV_KHR_float_controls"], capabilities = [{capability}], '
                  f'{number}, {width});' for width in widths]
    return ["#extension GL_EXT_spirv_intrinsics : require", *lines] if lines else []


def buffer_block(slot: int, name: str, element: str, access: str, addresses: bool, align: int = 4,
                 kind: str = "R") -> str:
    """Block ``kind<slot>`` of ``element``s: bound to binding ``slot`` as ``name``, or (``addresses``) a buffer
    reference type that the push constants carry."""
    if addresses:
        return (f"layout(buffer_reference, std430, buffer_reference_align = {align}) {access} buffer "
                f"{kind}{slot} {{ {element} d[]; }};")
    return f"layout(std430, set = 0, binding = {slot}) {access} buffer {kind}{slot} {{ {element} d[]; }} {name};"


def push_field(name: str, dtype: DType) -> str:
    """The push-constant member ``name`` holding a scalar of ``dtype`` (a complex one as two parts, ``name[2]``:
    std430 aligns an array of two floats or doubles like one of them, so no padding is needed)."""
    glsl, code = PUSH_TYPES[dtype.compute]
    return f"{glsl} {name}[2];" if len(code) == 2 else f"{glsl} {name};"


def push_value(name: str, dtype: DType) -> str:
    """The GLSL value of the push-constant member ``name`` (of :func:`push_field`) in dtype's compute type."""
    if dtype.kind == "c":
        return f"{dtype.compute}({name}[0], {name}[1])"
    return f"({name} != 0u)" if dtype is bool_ else f"{dtype.compute}({name})"


def convert(value: str, src: DType, dst: DType) -> str:
    """GLSL converting ``value`` of src's storage type to dst's compute type (complex to a real type: the real part,
    as NumPy's cast; to bool: whether either part is nonzero). bfloat16 converts through float32, both ways."""
    if src is bfloat16:
        return convert(f"vt_from_bf16({value})", float32, dst)
    if dst is bfloat16 and src.kind != "c" and src.itemsize > 1:  # rounded: an operand converted to bfloat16
        return f"vt_from_bf16(vt_to_bf16({convert(value, src, float32)}))"
    if dst is bool_:
        return f"({value} != {src.storage}(0))"
    if src.storage == dst.compute:
        return value
    if dst.kind == "c":
        if src.kind == "c":
            return f"{dst.compute}({value})"
        return f"{dst.compute}({convert(value, src, dst.component)}, 0)"
    if src.kind == "c":
        return convert(f"({value}).x", src.component, dst)
    if src.kind == "f" and dst.kind == "u":
        return float_to_unsigned(value, src.storage, dst.compute)
    if dst.compute == "int64_t" and src.kind == "i":
        # NOTE: sign extension by hand: Mesa 22.3's lavapipe miscompiles int64_t(int) in some uses (a
        # negative value compared as >= 0: int64 // int32 and shifts by an int32 were wrong).
        return f"packInt2x32(ivec2(int({value}), int({value}) >> 31))"
    return f"{dst.compute}({value})"


def float_to_unsigned(value: str, float_type: str, unsigned_type: str) -> str:
    """GLSL converting a float to uint or uint64_t as NumPy on x86 does: negative values wrap as through
    a signed integer. A direct conversion of a negative float to an unsigned type is undefined (GPUs give
    0); NVIDIA's compiler also assumes the value >= 0 once any unsigned conversion sees it, even in the arm
    of a select that is not taken, hence the max."""
    signed = "int64_t" if unsigned_type == "uint64_t" else "int"
    zero = f"{float_type}(0)"
    return f"({value} < {zero} ? {unsigned_type}({signed}({value})) : {unsigned_type}(max({value}, {zero})))"


def store(value: str, dtype: DType, result: DType) -> str:
    """GLSL converting ``value`` of ``result``'s compute type to ``dtype``'s storage type (bfloat16: through
    float32, rounded to nearest even)."""
    if result is bfloat16:  # its compute type is float32's; into another dtype (out=), rounded to bfloat16 first
        value, result = (value, float32) if dtype is bfloat16 else (f"vt_from_bf16(vt_to_bf16({value}))", float32)
    if dtype is bfloat16 and result.kind != "c":
        return f"vt_to_bf16({f'({value} ? 1.0 : 0.0)' if result is bool_ else convert(value, result, float32)})"
    if dtype.kind == "c" and result.kind != "c":  # a real result into a complex array: imaginary part 0
        if result is bool_:
            return f"({value} ? {dtype.storage}(1, 0) : {dtype.storage}(0))"
        return f"{dtype.storage}({convert(value, result, dtype.component)}, 0)"
    if result is bool_:
        return f"({value} ? {dtype.storage}(1) : {dtype.storage}(0))"
    if dtype is bool_:
        return f"({value} != {result.compute}(0) ? uint8_t(1) : uint8_t(0))"
    if result.kind == "c" and dtype.kind != "c":  # the real part
        return store(f"({value}).x", dtype, result.component)
    if result.kind == "f" and dtype.kind == "u":
        wrapped = float_to_unsigned(value, result.compute, dtype.compute)
        if dtype.itemsize < 4:  # NOTE: the mask keeps NVIDIA from fusing the casts into a saturating one
            return f"{dtype.storage}({wrapped} & {(1 << dtype.bits) - 1}u)"
        return wrapped
    return f"{dtype.storage}({value})"


def offsets_lines(ndim: int, slots: list[int], index: str) -> list[str]:
    """``o<slot>``: the element offsets of flat index ``index`` in each array, from the push constants ``p.off``,
    ``p.dim``, ``p.mg``, ``p.sh`` (dims 1.. and their :func:`division_magic`) and ``p.st`` (``ndim`` strides
    per array).

    Coordinates come from dividing by the dimensions with host-computed magic numbers (multiply-high,
    add, shift: Granlund and Montgomery), not the GPU's slow integer division.
    """
    body = [f"      uint rem = {index};"]
    body += [f"      int o{s} = p.off[{s}];" for s in slots]
    for d in range(ndim - 1, 0, -1):
        m = d - 1
        body.append(f"      uint hi{d}, lo{d}; umulExtended(rem, p.mg[{m}], hi{d}, lo{d});")
        body.append(f"      uint q{d} = (hi{d} + ((rem - hi{d}) >> 1)) >> p.sh[{m}];")
        body.append(f"      uint c{d} = rem - q{d} * p.dim[{m}];")
        body += [f"      o{s} += int(c{d}) * p.st[{s * ndim + d}];" for s in slots]
        body.append(f"      rem = q{d};")
    body += [f"      o{s} += int(rem) * p.st[{s * ndim}];" for s in slots]
    return body


def division_magic(divisor: int) -> tuple[int, int]:
    """(multiplier, shift) dividing a uint32 by ``divisor`` (≥ 2) as :func:`offsets_lines` does."""
    found = _MAGIC.get(divisor)
    if found is None:
        if divisor < 2:
            raise ValueError(f"division magic needs a divisor of at least 2, got {divisor}")
        bits = (divisor - 1).bit_length()
        found = _MAGIC[divisor] = ((1 << 32) * ((1 << bits) - divisor) // divisor + 1, bits - 1)
    return found


_MAGIC: dict[int, tuple[int, int]] = {}
