"""GLSL for elementwise kernels: three small templates, a kernel key, and the caches around them.

A kernel is fixed by its :class:`KernelKey`: the operation, each input's storage dtype and whether
it is an array or a push-constant scalar, the dtype each input is converted to before the operation,
the output dtype, and the layout:

- ``vec``: every array is contiguous, of the output's shape, starting at an element offset that is
  a multiple of 4. Each invocation moves four elements per load (``vec4``, ``f16vec4``, ``u8vec4``
  ...) in a grid-stride loop, so any size fits the dispatch limits; a scalar tail handles the rest.
- ``wide``: ``vec`` for large arrays, with fewer items per invocation and pass (``WIDE_BYTES`` of the widest
  array), so that the grid has more, smaller workgroups.
- ``contig``: the same without the alignment (one element per load).
- ``strided``: any strides, negative or zero (broadcast), for ``ndim`` dimensions (a compile-time
  constant; the caller merges dimensions first). Shape and strides are push constants.

Shapes, sizes, offsets and strides are push constants, so one kernel serves every shape. The source
is compiled once (``vulkit.shaders`` keeps the SPIR-V on disk, keyed by the source) and the
pipeline is cached in memory by the key. :func:`kernel_source` shows the GLSL of any key.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from typing import Any

from .. import shaders
from . import glsl_lib
from .dtypes import DType, bool_, glsl_extensions

WORKGROUP = 256
VEC = 4
# Items (elements; vec4s in the vec layout) per thread and pass: all loaded before any is computed, so
# each thread has several loads in flight (measured on an H100: broadcast add 66 -> 49 µs with 4).
UNROLL = 4
# Bytes of the widest array per thread and pass in the vec layout, at most 2 * UNROLL items: 4 vec4s of float32, 8 of
# float16 or 8-bit types (as many bytes in flight), 2 of float64.
VEC_BYTES = 64
# Bytes of the widest array per thread and pass in the wide layout: one vec4 of float32 (measured on an H100 at 2^28
# elements, scripts/probe_kernel_shape.py: see docs/measured.md).
WIDE_BYTES = 16
LAYOUTS = ("vec", "wide", "contig", "strided", "rows4")
# vec4 loads and stores: "vec" and "wide" (contiguous) and "rows4" (strided, every operand contiguous along
# its last dimension, 4 elements per item); "rows4" and "strided" compute offsets from coordinates.
VEC4_LAYOUTS = ("vec", "wide", "rows4")
CONTIGUOUS_VEC4_LAYOUTS = ("vec", "wide")
STRIDED_LAYOUTS = ("strided", "rows4")

_VEC4 = {
    "float": "vec4", "double": "dvec4", "int": "ivec4", "uint": "uvec4",
    "int64_t": "i64vec4", "uint64_t": "u64vec4", "float16_t": "f16vec4",
    "int8_t": "i8vec4", "uint8_t": "u8vec4", "int16_t": "i16vec4", "uint16_t": "u16vec4",
}
# Push-constant type and struct code of a scalar of each compute type (bool travels as a uint).
_PUSH = {"bool": ("uint", "I"), "int": ("int", "i"), "uint": ("uint", "I"), "float": ("float", "f"),
         "int64_t": ("int64_t", "q"), "uint64_t": ("uint64_t", "Q"), "double": ("double", "d")}
_WORD = re.compile(r"\bT\b")
_LANES = "xyzw"


@dataclass(frozen=True, eq=False)
class OpDef:
    """An elementwise operation as data: GLSL expressions by dtype class and its helper functions.

    ``exprs`` maps a dtype class to a GLSL expression over the inputs ``a``, ``b``, ``c`` (already in their
    operation dtypes) and ``i`` (the flat output index, uint). Classes, most specific first: the dtype's name
    (``float16``: its compute type is float32's), the compute type (``int64_t``, ``double`` ...),
    ``b``/``i``/``u``/``f`` (NumPy kinds, ``i`` for signed integers), ``int`` (any integer), ``*``. ``T`` stands
    for the compute type of the operation dtype of input 0 (of the result with ``typed_by_result``), ``BITS``
    for its width. ``helpers`` names functions of :mod:`vulkit.array.glsl_lib` the expressions call.
    """

    name: str
    nin: int
    exprs: dict[str, str]
    helpers: tuple[str, ...] = ()
    typed_by_result: bool = False

    def expression(self, dtype: DType) -> str:
        for cls in (dtype.name, dtype.compute, dtype.kind, "int" if dtype.kind in "iu" else "", "*"):
            found = self.exprs.get(cls)
            if found is not None:
                return found
        raise TypeError(f"{self.name} is not defined for {dtype.name}")


@dataclass(frozen=True)
class KernelKey:
    """Everything that changes the generated source of an elementwise kernel."""

    op: OpDef
    in_dtypes: tuple[DType, ...]
    in_scalar: tuple[bool, ...]
    op_dtypes: tuple[DType, ...]
    res_dtype: DType
    out_dtype: DType
    layout: str
    ndim: int = 0
    addresses: bool = False  # arrays reached through buffer addresses in push constants, not descriptors


class Kernel:
    """A compiled elementwise kernel: its pipeline and how to pack its push constants."""

    __slots__ = ("key", "pipeline", "n_arrays", "push_struct", "push_size", "groups_per", "scalar_perm",
                 "addresses")

    def __init__(self, key: KernelKey, pipeline: Any) -> None:
        self.key = key
        self.pipeline = pipeline
        self.n_arrays = sum(1 for s in key.in_scalar if not s) + 1
        self.addresses = key.addresses
        self.push_struct = struct.Struct("=" + "".join(_push_codes(key)))
        self.push_size = self.push_struct.size
        self.groups_per = WORKGROUP * unroll_of(key) * (VEC if key.layout in CONTIGUOUS_VEC4_LAYOUTS else 1)
        # Scalars are pushed 64-bit first; scalar_perm reorders values given in input order (None: same order).
        positions = [i for i, s in enumerate(key.in_scalar) if s]
        order = tuple(positions.index(index) for index, _, _ in _scalar_fields(key))
        self.scalar_perm = None if order == tuple(range(len(order))) else order


def _scalar_fields(key: KernelKey) -> list[tuple[int, str, str]]:
    """(input index, GLSL type, struct code) of the scalar inputs, 64-bit ones first (alignment)."""
    fields = []
    for index, (is_scalar, dtype) in enumerate(zip(key.in_scalar, key.op_dtypes, strict=True)):
        if is_scalar:
            glsl, code = _PUSH[dtype.compute]
            fields.append((index, glsl, code))
    fields.sort(key=lambda f: f[2] not in "qQd")
    return fields


def _push_codes(key: KernelKey) -> tuple[str, str]:
    """Struct codes of the push constants: (buffer addresses and scalars, the rest)."""
    n_arrays = sum(1 for s in key.in_scalar if not s) + 1
    scalars = ("Q" * n_arrays if key.addresses else "") + "".join(code for _, _, code in _scalar_fields(key))
    tail = "I" + "i" * n_arrays
    if key.layout in STRIDED_LAYOUTS:
        tail += "I" * (3 * (key.ndim - 1)) + "i" * (key.ndim * n_arrays)
    return scalars, tail


def push_size(key: KernelKey) -> int:
    """Bytes of push constants the kernel of ``key`` takes."""
    scalars, tail = _push_codes(key)
    return struct.calcsize("=" + scalars + tail)


# -- source generation ---------------------------------------------------------------------------------
def _substitute(text: str, dtype: DType) -> str:
    text = glsl_lib.constants(text, dtype)
    return _WORD.sub(dtype.compute, text).replace("BITS", "64" if dtype.itemsize == 8 else "32")


def _convert(value: str, src: DType, dst: DType) -> str:
    """GLSL converting ``value`` of src's storage type to dst's compute type."""
    if dst is bool_:
        return f"({value} != {src.storage}(0))"
    if src.storage == dst.compute:
        return value
    if src.kind == "f" and dst.kind == "u":
        return _float_to_unsigned(value, src.storage, dst.compute)
    if dst.compute == "int64_t" and src.kind == "i":
        # NOTE: sign extension by hand: Mesa 22.3's lavapipe miscompiles int64_t(int) in some uses (a
        # negative value compared as >= 0: int64 // int32 and shifts by an int32 were wrong).
        return f"packInt2x32(ivec2(int({value}), int({value}) >> 31))"
    return f"{dst.compute}({value})"


def _float_to_unsigned(value: str, float_type: str, unsigned_type: str) -> str:
    """GLSL converting a float to uint or uint64_t as NumPy on x86 does: negative values wrap as through
    a signed integer. A direct conversion of a negative float to an unsigned type is undefined (GPUs give
    0); NVIDIA's compiler also assumes the value >= 0 once any unsigned conversion sees it, even in the arm
    of a select that is not taken, hence the max."""
    signed = "int64_t" if unsigned_type == "uint64_t" else "int"
    zero = f"{float_type}(0)"
    return f"({value} < {zero} ? {unsigned_type}({signed}({value})) : {unsigned_type}(max({value}, {zero})))"


def _store(value: str, dtype: DType, result: DType) -> str:
    """GLSL converting ``value`` of the operation's result type to ``dtype``'s storage type."""
    if result is bool_:
        return f"({value} ? {dtype.storage}(1) : {dtype.storage}(0))"
    if dtype is bool_:
        return f"({value} != {result.compute}(0) ? uint8_t(1) : uint8_t(0))"
    if result.kind == "f" and dtype.kind == "u":
        wrapped = _float_to_unsigned(value, result.compute, dtype.compute)
        if dtype.itemsize < 4:  # NOTE: the mask keeps NVIDIA from fusing the casts into a saturating one
            return f"{dtype.storage}({wrapped} & {(1 << dtype.bits) - 1}u)"
        return wrapped
    return f"{dtype.storage}({value})"


# SPIR-V ids (SPV_KHR_float_controls): execution mode, capability
_FLOAT_MODES = {"denorm_preserve": (4459, 4464), "signed_zero_inf_nan_preserve": (4461, 4466)}


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


def unroll_of(key: KernelKey) -> int:
    """Items per thread and pass: in the vec and wide layouts, the items that make VEC_BYTES or WIDE_BYTES of the
    widest array (at least one, at most 2 * UNROLL); UNROLL in the others."""
    if key.layout not in CONTIGUOUS_VEC4_LAYOUTS:
        return UNROLL
    arrays = [d for d, scalar in zip(key.in_dtypes, key.in_scalar, strict=True) if not scalar]
    widest = max(d.itemsize for d in (*arrays, key.out_dtype))
    nbytes = WIDE_BYTES if key.layout == "wide" else VEC_BYTES
    return min(2 * UNROLL, max(1, nbytes // (VEC * widest)))


def kernel_source(key: KernelKey, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
    """The GLSL compute shader for ``key``; ``float_controls``: see :func:`float_control_lines`."""
    op = key.op
    base = key.res_dtype if op.typed_by_result or not key.op_dtypes else key.op_dtypes[0]
    expr = _substitute(op.expression(base), base)
    result = key.res_dtype
    dtypes = (*key.in_dtypes, *key.op_dtypes, result, key.out_dtype)
    lines = ["#version 450"]
    extensions = glsl_extensions(dtypes) + (["GL_EXT_buffer_reference"] if key.addresses else [])
    lines += [f"#extension {name} : require" for name in extensions]
    lines += float_control_lines(float_controls or {})
    lines.append(f"layout(local_size_x = {WORKGROUP}) in;")
    arrays = [i for i, s in enumerate(key.in_scalar) if not s]
    binding = {}
    buffers = []  # (slot, name, dtype, access)
    for slot, index in enumerate(arrays):
        binding[index] = slot
        buffers.append((slot, f"in{index}", key.in_dtypes[index], "readonly"))
    out_slot = len(arrays)
    buffers.append((out_slot, "outp", key.out_dtype, "writeonly"))
    for buffer in buffers:
        lines += _buffer_decl(*buffer, key.layout, key.addresses)
    lines.append(_push_block(key, len(arrays) + 1))
    lines.append(glsl_lib.render(op.helpers, base))
    params = ", ".join(f"{d.compute} {'abcdef'[k]}" for k, d in enumerate(key.op_dtypes))
    params = f"{params}, uint i" if params else "uint i"
    lines.append(f"{result.compute} vt_op({params}) {{ return {result.compute}({expr}); }}")
    names = []
    if key.addresses:  # the references from the push constants, under the names the body uses
        names = [f"  R{slot} {name} = p.r{slot};" for slot, name, _, _ in buffers]
        if key.layout in VEC4_LAYOUTS:
            names += [f"  V{slot} {name}_v = V{slot}(p.r{slot});" for slot, name, _, _ in buffers]
    lines.append(_main(key, binding, out_slot, names))
    return "\n".join(lines) + "\n"


def _buffer_decl(slot: int, name: str, dtype: DType, access: str, layout: str, addresses: bool) -> list[str]:
    """Block R<slot> of elements and, for the vec layout, V<slot> of vec4s over the same memory: bound
    to binding ``slot`` as ``name`` (``name``_v), or buffer reference types (``addresses``)."""
    # NOTE: the vec layout reads and writes each buffer through two aliased blocks, so no `restrict`.
    qualifier = access if layout in VEC4_LAYOUTS else f"{access} restrict"
    blocks = [("R", dtype.storage, dtype.itemsize, name)]
    if layout in VEC4_LAYOUTS:
        blocks.append(("V", _VEC4[dtype.storage], 4 * dtype.itemsize, f"{name}_v"))
    if addresses:
        return [f"layout(buffer_reference, std430, buffer_reference_align = {align}) {qualifier} buffer "
                f"{kind}{slot} {{ {element} d[]; }};" for kind, element, align, _ in blocks]
    return [f"layout(std430, set = 0, binding = {slot}) {qualifier} buffer {kind}{slot} {{ {element} d[]; }} "
            f"{instance};" for kind, element, _, instance in blocks]


def _push_block(key: KernelKey, n_arrays: int) -> str:
    fields = [f"R{slot} r{slot};" for slot in range(n_arrays)] if key.addresses else []
    fields += [f"{glsl} s{index};" for index, glsl, _ in _scalar_fields(key)]
    fields.append("uint n;")
    fields.append(f"int off[{n_arrays}];")
    if key.layout in STRIDED_LAYOUTS:
        if key.ndim > 1:  # dims 1.. (dim 0 is never divided by) and their division magic
            fields.append(f"uint dim[{key.ndim - 1}]; uint mg[{key.ndim - 1}]; uint sh[{key.ndim - 1}];")
        fields.append(f"int st[{key.ndim * n_arrays}];")
    return "layout(push_constant) uniform Push { " + " ".join(fields) + " } p;"


def _call(key: KernelKey, load: Any, index: str) -> str:
    """``vt_op(...)`` over the inputs ``load(input index)`` gives, converted to the output's storage type."""
    args = []
    for k, (is_scalar, src, dst) in enumerate(zip(key.in_scalar, key.in_dtypes, key.op_dtypes, strict=True)):
        if is_scalar:
            value = f"p.s{k}"
            args.append(f"(p.s{k} != 0u)" if dst is bool_ else f"{dst.compute}({value})")
        else:
            args.append(_convert(load(k), src, dst))
    args.append(index)
    return _store(f"vt_op({', '.join(args)})", key.out_dtype, key.res_dtype)


def _main(key: KernelKey, binding: dict[int, int], out_slot: int, preamble: list[str]) -> str:
    """The kernel's main(): ``preamble`` lines, then passes of ``unroll_of(key)`` items per thread, all loads first,
    then compute and store."""
    vec = key.layout in CONTIGUOUS_VEC4_LAYOUTS
    unroll = unroll_of(key)
    tile = WORKGROUP * unroll
    count = "(p.n >> 2)" if vec else "p.n"
    # NOTE: indices are compared by their distance from the count: base + step, or + an item, may pass 2^32 and wrap
    body = ["void main() {", *preamble,
            f"  uint count = {count};",
            f"  uint step = gl_NumWorkGroups.x * {tile}u;",
            f"  for (uint base = gl_WorkGroupID.x * {tile}u + gl_LocalInvocationID.x; base < count; "
            "base = count - base > step ? base + step : count) {"]
    for u in range(unroll):
        body.append(f"    uint j{u} = base + {u * WORKGROUP}u;")
        body.append(f"    bool ok{u} = count - base > {u * WORKGROUP}u;")
    if vec:
        body += _vec_pass(key, binding, out_slot, unroll)
    elif key.layout == "rows4":
        body += _vec_pass(key, binding, out_slot, unroll, strided=True)
    else:
        body += _element_pass(key, binding, out_slot, unroll)
    body.append("  }")
    if vec:
        body.append("  if (gl_GlobalInvocationID.x < (p.n & 3u)) {")
        body.append("    uint t = (p.n & ~3u) + gl_GlobalInvocationID.x;")
        call = _call(key, lambda k: f"in{k}.d[p.off[{binding[k]}] + int(t)]", "t")
        body.append(f"    outp.d[p.off[{out_slot}] + int(t)] = {call};")
        body.append("  }")
    body.append("}")
    return "\n".join(body)


def _vec_pass(key: KernelKey, binding: dict[int, int], out_slot: int, unroll: int, strided: bool = False) \
        -> list[str]:
    """Four elements per item through vec4s: at item j of contiguous arrays, or (``strided``, the rows4
    layout) at offsets from the item's coordinates, in vec4s."""
    body = []
    for u in range(unroll):
        for k in binding:
            body.append(f"    {_VEC4[key.in_dtypes[k].storage]} v{k}_{u};")
        if strided:
            body.append(f"    int w{u};")
        body.append(f"    if (ok{u}) {{")
        if strided:
            body += _offsets(key, [*binding.values(), out_slot], f"j{u}")
        for k, slot in binding.items():
            at = f"o{slot}" if strided else f"(p.off[{slot}] >> 2) + j{u}"
            body.append(f"      v{k}_{u} = in{k}_v.d[{at}];")
        if strided:
            body.append(f"      w{u} = o{out_slot};")
        body.append("    }")
    for u in range(unroll):
        body.append(f"    if (ok{u}) {{")
        body.append(f"      {_VEC4[key.out_dtype.storage]} r;")
        for lane, name in enumerate(_LANES):
            call = _call(key, lambda k, n=name, u=u: f"v{k}_{u}.{n}", f"j{u} * 4u + {lane}u")
            body.append(f"      r.{name} = {call};")
        at = f"w{u}" if strided else f"(p.off[{out_slot}] >> 2) + j{u}"
        body.append(f"      outp_v.d[{at}] = r;")
        body.append("    }")
    return body


def _element_pass(key: KernelKey, binding: dict[int, int], out_slot: int, unroll: int) -> list[str]:
    """One element per item; in the strided layout each item's offsets come from its coordinates."""
    strided = key.layout == "strided"
    body = []
    for u in range(unroll):
        for k in binding:
            body.append(f"    {key.in_dtypes[k].storage} v{k}_{u};")
        body.append(f"    int w{u};")
        body.append(f"    if (ok{u}) {{")
        if strided:
            body += _offsets(key, [*binding.values(), out_slot], f"j{u}")
            for k, slot in binding.items():
                body.append(f"      v{k}_{u} = in{k}.d[o{slot}];")
            body.append(f"      w{u} = o{out_slot};")
        else:
            for k, slot in binding.items():
                body.append(f"      v{k}_{u} = in{k}.d[p.off[{slot}] + int(j{u})];")
            body.append(f"      w{u} = p.off[{out_slot}] + int(j{u});")
        body.append("    }")
    for u in range(unroll):
        call = _call(key, lambda k, u=u: f"v{k}_{u}", f"j{u}")
        body.append(f"    if (ok{u}) outp.d[w{u}] = {call};")
    return body


def _offsets(key: KernelKey, slots: list[int], index: str) -> list[str]:
    """``o<slot>``: the element offsets of flat index ``index`` in each array.

    Coordinates come from dividing by the dimensions with host-computed magic numbers (multiply-high,
    add, shift: Granlund and Montgomery), not the GPU's slow integer division.
    """
    nd = key.ndim
    body = [f"      uint rem = {index};"]
    body += [f"      int o{s} = p.off[{s}];" for s in slots]
    for d in range(nd - 1, 0, -1):
        m = d - 1
        body.append(f"      uint hi{d}, lo{d}; umulExtended(rem, p.mg[{m}], hi{d}, lo{d});")
        body.append(f"      uint q{d} = (hi{d} + ((rem - hi{d}) >> 1)) >> p.sh[{m}];")
        body.append(f"      uint c{d} = rem - q{d} * p.dim[{m}];")
        body += [f"      o{s} += int(c{d}) * p.st[{s * nd + d}];" for s in slots]
        body.append(f"      rem = q{d};")
    body += [f"      o{s} += int(rem) * p.st[{s * nd}];" for s in slots]
    return body


def division_magic(divisor: int) -> tuple[int, int]:
    """(multiplier, shift) dividing a uint32 by ``divisor`` (≥ 2) as ``_offsets`` does."""
    found = _MAGIC.get(divisor)
    if found is None:
        if divisor < 2:
            raise ValueError(f"division magic needs a divisor of at least 2, got {divisor}")
        bits = (divisor - 1).bit_length()
        found = _MAGIC[divisor] = ((1 << 32) * ((1 << bits) - divisor) // divisor + 1, bits - 1)
    return found


_MAGIC: dict[int, tuple[int, int]] = {}


# -- gather and scatter (advanced indexing) -----------------------------------------------------------
_BITS_TYPES = {1: "uint8_t", 2: "uint16_t", 4: "uint", 8: "uvec2"}
INDEX_PUSH = struct.Struct("=Ii")


def index_source(kind: str, itemsize: int) -> str:
    """GLSL moving elements by an int32 index buffer: ``gather`` o[i] = s[idx[i]], ``scatter`` d[idx[i]] = v[i]."""
    et = _BITS_TYPES[itemsize]
    ext = {1: ["GL_EXT_shader_8bit_storage", "GL_EXT_shader_explicit_arithmetic_types_int8"],
           2: ["GL_EXT_shader_16bit_storage", "GL_EXT_shader_explicit_arithmetic_types_int16"]}.get(itemsize, [])
    body = "o.d[p.off + int(i)] = s.d[x.d[i]];" if kind == "gather" else "o.d[x.d[i]] = s.d[p.off + int(i)];"
    return "\n".join([
        "#version 450",
        *[f"#extension {e} : require" for e in ext],
        f"layout(local_size_x = {WORKGROUP}) in;",
        f"layout(std430, set = 0, binding = 0) readonly buffer S {{ {et} d[]; }} s;",
        "layout(std430, set = 0, binding = 1) readonly buffer X { int d[]; } x;",
        f"layout(std430, set = 0, binding = 2) writeonly buffer O {{ {et} d[]; }} o;",
        "layout(push_constant) uniform Push { uint n; int off; } p;",
        "void main() {",
        f"  for (uint i = gl_GlobalInvocationID.x; i < p.n; i += gl_NumWorkGroups.x * {WORKGROUP}u) {{ {body} }}",
        "}",
    ]) + "\n"


def get_index_kernel(context: Any, kind: str, itemsize: int) -> Any:
    """The gather/scatter pipeline for elements of ``itemsize`` bytes."""
    key = ("vulkit.array.index", kind, itemsize)
    spirv = _INDEX_SPIRV.get(key)
    if spirv is None:
        spirv = _INDEX_SPIRV[key] = shaders.compile_source(index_source(kind, itemsize))
    return context.pipeline(key, spirv, 3, INDEX_PUSH.size)


_INDEX_SPIRV: dict[tuple[str, str, int], bytes] = {}


# -- caches --------------------------------------------------------------------------------------------
def get_kernel(context: Any, key: KernelKey) -> Kernel:
    """The kernel for ``key`` on ``context``'s device: compiled once, then from the context's cache."""
    kernel = context.cache.get(key)
    if kernel is None:
        spirv = shaders.compile_source(kernel_source(key, context.device.physical.float_controls))
        n_arrays = sum(1 for s in key.in_scalar if not s) + 1
        bindings = [] if key.addresses else [(slot, "storage_buffer") for slot in range(n_arrays)]
        pipeline = context.pipeline(("vulkit.array", key), spirv, bindings, push_size(key))
        kernel = Kernel(key, pipeline)
        context.cache[key] = kernel
    return kernel
