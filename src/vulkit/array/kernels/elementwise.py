"""Elementwise kernels: an operation as data (:class:`OpDef`), the spec of one kernel (:class:`ElementwiseSpec`)
and its GLSL.

A kernel is fixed by its spec: the operation, each input's storage dtype and whether it is an array or a
push-constant scalar, the dtype each input is converted to before the operation, the output dtype, and the
layout:

- ``vec``: every array is contiguous, of the output's shape, starting at an element offset that is
  a multiple of 4. Each invocation moves four elements per load (``vec4``, ``f16vec4``, ``u8vec4``
  ...) in a grid-stride loop, so any size fits the dispatch limits; a scalar tail handles the rest.
- ``wide``: ``vec`` for large arrays, with fewer items per invocation and pass (``WIDE_BYTES`` of the widest
  array), so that the grid has more, smaller workgroups.
- ``contig``: the same without the alignment (one element per load).
- ``strided``: any strides, negative or zero (broadcast), for ``ndim`` dimensions (a compile-time
  constant; the caller merges dimensions first). Shape and strides are push constants.
- ``rows4``: ``strided`` in vec4s, where every operand is contiguous along its last dimension.

Complex operands (``vec2``/``dvec2`` elements: already vectors) take ``contig`` and ``strided`` only
(:func:`vectorizable`).

Shapes, sizes, offsets and strides are push constants, so one kernel serves every shape.
:meth:`ElementwiseSpec.source` shows the GLSL of any spec.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..dtypes import DType, require_supported
from . import mathlib
from .glsl import (
    PUSH_TYPES,
    VEC4,
    WORKGROUP,
    buffer_block,
    convert,
    header,
    offsets_lines,
    push_field,
    push_value,
    store,
)

VEC = 4
# Items (elements; vec4s in the vec layout) per thread and pass: all loaded before any is computed, so
# each thread has several loads in flight (measured on an H100: broadcast add 66 -> 49 µs with 4).
UNROLL = 4
# Bytes of the widest array per thread and pass in the vec layout, at most 2 * UNROLL items: 4 vec4s of float32, 8 of
# float16 or 8-bit types (as many bytes in flight), 2 of float64.
VEC_BYTES = 64
# Bytes of the widest array per thread and pass in the wide layout: one vec4 of float32 (measured on an H100 at 2^28
# elements, benchmarks/probes/probe_kernel_shape.py: see docs/measured.md).
WIDE_BYTES = 16
LAYOUTS = ("vec", "wide", "contig", "strided", "rows4")
# vec4 loads and stores: "vec" and "wide" (contiguous) and "rows4" (strided, every operand contiguous along
# its last dimension, 4 elements per item); "rows4" and "strided" compute offsets from coordinates.
VEC4_LAYOUTS = ("vec", "wide", "rows4")
CONTIGUOUS_VEC4_LAYOUTS = ("vec", "wide")
STRIDED_LAYOUTS = ("strided", "rows4")
_LANES = "xyzw"
# Operations calling these math-library helpers take one item per thread and pass: their code is long, and
# unrolled four times it spilled and compiled slowly. Measured on an H100 (benchmarks/probes/probe_heavy_unroll.py,
# 2^22 float32, vec layout, 4 items -> 1): tan 146 -> 24-27 µs, pow 177 -> 36-40, atan 54 -> 26, gelu 58 -> 20-29,
# sin alike (16-20 -> 19-26); the first call with no compiled code anywhere, tan 3.7-5.1 s -> 0.7-1.1 s, sin
# 1.7-2.4 s -> 0.4-0.6 s.
# vt.special's helpers (vt_special_*.glsl) are all long
HEAVY_HELPERS = frozenset({"vt_trig", "vt_atan", "vt_atan2", "vt_pow", "vt_erf"}) | mathlib.COMPLEX_HELPERS \
    | frozenset(path.stem for path in mathlib.helper_files() if path.stem.startswith("vt_special_"))


def vectorizable(dtypes: Any) -> bool:
    """Whether elements of every dtype of ``dtypes`` can move as vec4s (the vec, wide and rows4 layouts): not
    complex ones."""
    return all(d.storage in VEC4 for d in dtypes)


@dataclass(frozen=True, eq=False)
class OpDef:
    """An elementwise operation as data: GLSL expressions by dtype class and its helper functions.

    ``exprs`` maps a dtype class to a GLSL expression over the inputs ``a``, ``b``, ``c`` (already in their
    operation dtypes) and ``i`` (the flat output index, uint). Classes, most specific first: the dtype's name
    (``float16``: its compute type is float32's), the compute type (``int64_t``, ``double`` ...),
    ``b``/``i``/``u``/``f`` (NumPy kinds, ``i`` for signed integers), ``int`` (any integer), ``*``. ``T`` stands
    for the compute type of the operation dtype of input 0 (of the result with ``typed_by_result``), ``BITS``
    for its width. ``helpers`` names include files of :mod:`.mathlib` the expressions call.
    """

    name: str
    nin: int
    exprs: dict[str, str]
    helpers: tuple[str, ...] = ()
    typed_by_result: bool = False

    def expression(self, dtype: DType) -> str:
        """The expression for operands of ``dtype``; a complex dtype needs its own (``c``: ``*`` does not cover it,
        so no operation computes on complex numbers unless it says how)."""
        if dtype.kind == "c":
            classes: tuple[str, ...] = (dtype.name, dtype.compute, "c")
        else:
            classes = (dtype.name, dtype.compute, dtype.kind, "int" if dtype.kind in "iu" else "", "*")
        for cls in classes:
            found = self.exprs.get(cls)
            if found is not None:
                return found
        if dtype.kind == "c":
            raise TypeError(f"{self.name} is not defined for complex numbers ({dtype.name})")
        raise TypeError(f"{self.name} is not defined for {dtype.name}")


@dataclass(frozen=True)
class ElementwiseSpec:
    """Everything that changes the generated source of an elementwise kernel (a kernel spec: see
    :mod:`vulkit.runtime.kernels`)."""

    op: OpDef
    in_dtypes: tuple[DType, ...]
    in_scalar: tuple[bool, ...]
    op_dtypes: tuple[DType, ...]
    res_dtype: DType
    out_dtype: DType
    layout: str
    ndim: int = 0
    addresses: bool = False  # arrays reached through buffer addresses in push constants, not descriptors
    # per input: an array of one element broadcast to every item (a 0-d result such as x.mean()), read once
    in_uniform: tuple[bool, ...] = ()

    def uniform(self, index: int) -> bool:
        """Whether input ``index`` is read once, as one element for every item (:attr:`in_uniform`)."""
        return bool(self.in_uniform) and self.in_uniform[index]

    @cached_property
    def n_arrays(self) -> int:
        """Arrays the kernel reads and writes: the array inputs and the output."""
        return sum(1 for s in self.in_scalar if not s) + 1

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else self.n_arrays

    @cached_property
    def push(self) -> struct.Struct:
        """Push constants: buffer addresses (with ``addresses``), the scalars (64-bit first), n, each array's
        offset; in the strided layouts dims 1.., their division magic and every array's strides."""
        n_arrays = self.n_arrays
        fields = _scalar_fields(self)
        codes = ("Q" * n_arrays if self.addresses else "") + "".join(code for _, _, code in fields)
        codes += "I" + "i" * n_arrays
        if self.layout in STRIDED_LAYOUTS:
            codes += "I" * (3 * (self.ndim - 1)) + "i" * (self.ndim * n_arrays)
        first = n_arrays if self.addresses else 0
        pairs = tuple(first + k for k, (_, _, code) in enumerate(fields) if len(code) == 2)
        return ComplexPush("=" + codes, pairs) if pairs else struct.Struct("=" + codes)

    @cached_property
    def groups_per(self) -> int:
        return WORKGROUP * unroll_of(self) * (VEC if self.layout in CONTIGUOUS_VEC4_LAYOUTS else 1)

    @cached_property
    def scalar_perm(self) -> tuple[int, ...] | None:
        """Scalars are pushed 64-bit first: the order of values given in input order (None: as given)."""
        positions = [i for i, s in enumerate(self.in_scalar) if s]
        order = tuple(positions.index(index) for index, _, _ in _scalar_fields(self))
        return None if order == tuple(range(len(order))) else order

    @property
    def include_dirs(self) -> tuple[str, ...]:
        return mathlib.INCLUDE_DIRS

    def require(self, context: Any) -> None:
        for d in {*self.in_dtypes, *self.op_dtypes, self.res_dtype, self.out_dtype}:
            require_supported(d, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        return kernel_source(self, float_controls)


class ComplexPush(struct.Struct):
    """A push-constant layout with complex scalars: ``pack`` takes each complex number as one value (a Python
    complex, or a real number) and packs its two parts."""

    def __init__(self, fmt: str, pairs: tuple[int, ...]) -> None:
        super().__init__(fmt)
        self.pairs = pairs  # the positions, among pack's values, of the complex numbers

    def pack(self, *values: Any) -> bytes:
        flat = list(values)
        for at in reversed(self.pairs):
            z = flat[at]
            flat[at:at + 1] = (z.real, z.imag)
        return super().pack(*flat)


def _scalar_fields(key: ElementwiseSpec) -> list[tuple[int, str, str]]:
    """(input index, push-constant member, struct code) of the scalar inputs, 64-bit ones first (alignment)."""
    fields = []
    for index, (is_scalar, dtype) in enumerate(zip(key.in_scalar, key.op_dtypes, strict=True)):
        if is_scalar:
            fields.append((index, push_field(f"s{index}", dtype), PUSH_TYPES[dtype.compute][1]))
    fields.sort(key=lambda f: f[2][0] not in "qQd")
    return fields


def unroll_of(key: ElementwiseSpec) -> int:
    """Items per thread and pass: one for heavy operations (:data:`HEAVY_HELPERS`); in the vec and wide layouts, the
    items that make VEC_BYTES or WIDE_BYTES of the widest array (at least one, at most 2 * UNROLL); UNROLL in the
    others."""
    if HEAVY_HELPERS.intersection(mathlib.helpers_for(key.op.helpers, base_dtype(key))):
        return 1
    if key.layout not in CONTIGUOUS_VEC4_LAYOUTS:
        return UNROLL
    arrays = [d for d, scalar in zip(key.in_dtypes, key.in_scalar, strict=True) if not scalar]
    widest = max(d.itemsize for d in (*arrays, key.out_dtype))
    nbytes = WIDE_BYTES if key.layout == "wide" else VEC_BYTES
    return min(2 * UNROLL, max(1, nbytes // (VEC * widest)))


def base_dtype(key: ElementwiseSpec) -> DType:
    """The dtype whose expression and compute type (``T``) the kernel uses: input 0's operation dtype (the
    result's with ``typed_by_result``)."""
    return key.res_dtype if key.op.typed_by_result or not key.op_dtypes else key.op_dtypes[0]


def kernel_source(key: ElementwiseSpec, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
    """The GLSL compute shader for ``key``; ``float_controls``: see :func:`.glsl.float_control_lines`."""
    op = key.op
    base = base_dtype(key)
    expr = mathlib.substitute(op.expression(base), base)
    result = key.res_dtype
    helpers = mathlib.helpers_for(op.helpers, base)
    lines = header((*key.in_dtypes, *key.op_dtypes, result, key.out_dtype), key.addresses, float_controls,
                   extensions=(mathlib.EXTENSION, *mathlib.extensions_for(helpers)))
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
    lines.append(mathlib.render(helpers, base))
    params = ", ".join(f"{d.compute} {'abcdef'[k]}" for k, d in enumerate(key.op_dtypes))
    params = f"{params}, uint i" if params else "uint i"
    if result.kind == "c":  # the expression may be real (eye's is a bool): overloads make any of them complex
        lines += _complex_result(result, base)
        expr = f"vt_result({expr})"
    lines.append(f"{result.compute} vt_op({params}) {{ return {result.compute}({expr}); }}")
    names = []
    if key.addresses:  # the references from the push constants, under the names the body uses
        names = [f"  R{slot} {name} = p.r{slot};" for slot, name, _, _ in buffers]
        if key.layout in VEC4_LAYOUTS:
            names += [f"  V{slot} {name}_v = V{slot}(p.r{slot});" for slot, name, _, _ in buffers]
    lines.append(_main(key, binding, out_slot, names))
    return "\n".join(lines) + "\n"


def _complex_result(result: DType, base: DType) -> list[str]:
    """``vt_result(v)``: v of the result's complex type, bool or ``base``'s compute type as the complex result
    (a real number's imaginary part 0)."""
    z, part = result.compute, result.component.compute
    lines = [f"{z} vt_result({z} v) {{ return v; }}", f"{z} vt_result(bool v) {{ return {z}(v ? 1.0 : 0.0, 0.0); }}"]
    if base.compute not in (z, "bool"):
        lines.append(f"{z} vt_result({base.compute} v) {{ return {z}({part}(v), 0.0); }}")
    return lines


def _buffer_decl(slot: int, name: str, dtype: DType, access: str, layout: str, addresses: bool) -> list[str]:
    """Block R<slot> of elements and, for the vec layouts, V<slot> of vec4s over the same memory: bound
    to binding ``slot`` as ``name`` (``name``_v), or buffer reference types (``addresses``)."""
    # NOTE: the vec layouts read and write each buffer through two aliased blocks, so no `restrict`.
    qualifier = access if layout in VEC4_LAYOUTS else f"{access} restrict"
    blocks = [buffer_block(slot, name, dtype.storage, qualifier, addresses, dtype.itemsize)]
    if layout in VEC4_LAYOUTS:
        blocks.append(buffer_block(slot, f"{name}_v", VEC4[dtype.storage], qualifier, addresses, 4 * dtype.itemsize,
                                   "V"))
    return blocks


def _push_block(key: ElementwiseSpec, n_arrays: int) -> str:
    fields = [f"R{slot} r{slot};" for slot in range(n_arrays)] if key.addresses else []
    fields += [member for _, member, _ in _scalar_fields(key)]
    fields.append("uint n;")
    fields.append(f"int off[{n_arrays}];")
    if key.layout in STRIDED_LAYOUTS:
        if key.ndim > 1:  # dims 1.. (dim 0 is never divided by) and their division magic
            fields.append(f"uint dim[{key.ndim - 1}]; uint mg[{key.ndim - 1}]; uint sh[{key.ndim - 1}];")
        fields.append(f"int st[{key.ndim * n_arrays}];")
    return "layout(push_constant) uniform Push { " + " ".join(fields) + " } p;"


def _call(key: ElementwiseSpec, load: Any, index: str) -> str:
    """``vt_op(...)`` over the inputs ``load(input index)`` gives, converted to the output's storage type."""
    args = []
    for k, (is_scalar, src, dst) in enumerate(zip(key.in_scalar, key.in_dtypes, key.op_dtypes, strict=True)):
        if is_scalar:
            args.append(push_value(f"p.s{k}", dst))
        elif key.uniform(k):
            args.append(convert(f"u{k}", src, dst))
        else:
            args.append(convert(load(k), src, dst))
    args.append(index)
    return store(f"vt_op({', '.join(args)})", key.out_dtype, key.res_dtype)


def _main(key: ElementwiseSpec, binding: dict[int, int], out_slot: int, preamble: list[str]) -> str:
    """The kernel's main(): ``preamble`` lines, then passes of ``unroll_of(key)`` items per thread, all loads first,
    then compute and store."""
    vec = key.layout in CONTIGUOUS_VEC4_LAYOUTS
    unroll = unroll_of(key)
    tile = WORKGROUP * unroll
    count = "(p.n >> 2)" if vec else "p.n"
    # NOTE: indices are compared by their distance from the count: base + step, or + an item, may pass 2^32 and wrap
    # NOTE: kept in its storage type and converted at each use, as the other inputs: NVIDIA's compiler then
    # selects (where, x[mask] = v) in the storage type and keeps NaN payloads, which a float it converted once lost
    uniform = [f"  {key.in_dtypes[k].storage} u{k} = in{k}.d[p.off[{slot}]];"
               for k, slot in binding.items() if key.uniform(k)]
    binding = {k: slot for k, slot in binding.items() if not key.uniform(k)}  # the arrays read item by item
    body = ["void main() {", *preamble, *uniform,
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


def _vec_pass(key: ElementwiseSpec, binding: dict[int, int], out_slot: int, unroll: int, strided: bool = False) \
        -> list[str]:
    """Four elements per item through vec4s: at item j of contiguous arrays, or (``strided``, the rows4
    layout) at offsets from the item's coordinates, in vec4s."""
    body = []
    for u in range(unroll):
        for k in binding:
            body.append(f"    {VEC4[key.in_dtypes[k].storage]} v{k}_{u};")
        if strided:
            body.append(f"    int w{u};")
        body.append(f"    if (ok{u}) {{")
        if strided:
            body += offsets_lines(key.ndim, [*binding.values(), out_slot], f"j{u}")
        for k, slot in binding.items():
            at = f"o{slot}" if strided else f"(p.off[{slot}] >> 2) + j{u}"
            body.append(f"      v{k}_{u} = in{k}_v.d[{at}];")
        if strided:
            body.append(f"      w{u} = o{out_slot};")
        body.append("    }")
    for u in range(unroll):
        body.append(f"    if (ok{u}) {{")
        body.append(f"      {VEC4[key.out_dtype.storage]} r;")
        for lane, name in enumerate(_LANES):
            call = _call(key, lambda k, n=name, u=u: f"v{k}_{u}.{n}", f"j{u} * 4u + {lane}u")
            body.append(f"      r.{name} = {call};")
        at = f"w{u}" if strided else f"(p.off[{out_slot}] >> 2) + j{u}"
        body.append(f"      outp_v.d[{at}] = r;")
        body.append("    }")
    return body


def _element_pass(key: ElementwiseSpec, binding: dict[int, int], out_slot: int, unroll: int) -> list[str]:
    """One element per item; in the strided layout each item's offsets come from its coordinates."""
    strided = key.layout == "strided"
    body = []
    for u in range(unroll):
        for k in binding:
            body.append(f"    {key.in_dtypes[k].storage} v{k}_{u};")
        body.append(f"    int w{u};")
        body.append(f"    if (ok{u}) {{")
        if strided:
            body += offsets_lines(key.ndim, [*binding.values(), out_slot], f"j{u}")
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
