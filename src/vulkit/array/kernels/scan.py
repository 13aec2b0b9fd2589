"""Scan kernels: cumulative sums and products by reduce-then-scan, and the stream compaction of ``nonzero`` and
boolean masks built on the same tile scan (the histogram kernels are in :mod:`.histogram`).

A long scan is one dispatch with decoupled look-back where the device allows Device-scope atomics (``lookback``:
no workgroup waits on another for long, since a waiting workgroup adds a silent block up itself), else three
dispatches (block totals, a scan of the totals, each block's scan from its prefix). The kinds of
:class:`ScanSpec`:

- ``tile``: a workgroup scans a block (``chunk`` elements of a row) in tiles of :data:`TILE` elements: each thread
  holds 4 sub-tiles of 4 consecutive elements (vec4 loads where aligned), scans them, a Hillis-Steele scan over
  the subgroup (shuffles; the subgroup size is read at run time) and the first subgroup's scan of the subgroup
  totals in shared memory give each thread its prefix; two barriers per tile (double-buffered shared memory). With
  ``carry`` each block starts from the inclusive scan of the block totals (the previous block's entry).
- ``tile_reduce``: the block totals of ``tile`` (the first pass); also min/max/count reductions.
- ``lookback``: rows cut into blocks in one pass (see :meth:`ScanSpec._lookback`).
- ``rows``: a subgroup per block (rows of up to ~1K elements a subgroup each; on CPU devices, which pay for each
  barrier, every row scan and compaction, in blocks with the same three passes).
- ``lines`` / ``lines_reduce``: a thread per line of a (outer, len, inner) array (scans along an outer axis: adjacent
  threads read adjacent elements, coalesced, no transpose; and very short rows), optionally in chunks along the
  line with the same three passes.

Every element order is fixed by the kernel and the sizes, so results are the same bits run after run.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..dtypes import DType, bool_, float16, float32, int64, require_supported
from .glsl import VEC4, WORKGROUP, convert, header, store

SUB = WORKGROUP * 4  # elements of a sub-tile: each thread's 4 consecutive elements
TILE = SUB * 4  # elements a workgroup scans per step: 4 sub-tiles
SUBGROUP_EXTENSIONS = ("GL_KHR_shader_subgroup_basic", "GL_KHR_shader_subgroup_shuffle",
                       "GL_KHR_shader_subgroup_shuffle_relative")
LOOKBACK_EXTENSIONS = ("GL_KHR_shader_subgroup_ballot", "GL_EXT_control_flow_attributes")
OPS = ("add", "mul", "or", "and", "max", "min")
KINDS = ("tile", "tile_reduce", "lookback", "rows", "lines", "lines_reduce")
# look-back states of a block (a uint each, zeroed before the dispatch; word 0 hands out the block numbers)
NOT_READY, AGGREGATE, INCLUSIVE = 0, 1, 2
# what the look-back's first subgroup tells the workgroup
_FOUND, _FURTHER, _FALLBACK = 0, 1, 2
LOADS = ("value", "nonzero", "absfinite")
EPILOGUES = ("store", "coords", "positions", "values")
MAX_COORDS = 6  # dimensions a compaction kernel's push constants hold (within 128 bytes with three addresses)
# NOTE: float32 rounded to float16's values on its bits (to nearest, ties to even; float16's subnormals as multiples
# of 2^-24, inf from 65520 on): NVIDIA's compiler dropped float(float16_t(x)) as if it were no conversion, so
# cumulative_sum(float32, dtype=float16) summed the unrounded elements
_ROUND_TO_HALF = """float vt_round_to_half(float x) {
  uint u = floatBitsToUint(x);
  uint a = u & 0x7fffffffu;
  if (a >= 0x7f800000u) return x;
  if (a >= 0x477ff000u) return uintBitsToFloat((u & 0x80000000u) | 0x7f800000u);
  if (a >= 0x38800000u) return uintBitsToFloat((u & 0x80000000u) | ((a + 0xfffu + ((a >> 13) & 1u)) & ~0x1fffu));
  return roundEven(x * 16777216.0) * 5.9604644775390625e-8;
}"""
_COMPLEX = ("vec2", "dvec2")
_PACK = {"int64_t": ("unpackInt2x32", "packInt2x32", "ivec2"), "uint64_t": ("unpackUint2x32", "packUint2x32", "uvec2"),
         "double": ("unpackDouble2x32", "packDouble2x32", "uvec2")}


def acc_type(acc: DType) -> str:
    """The GLSL type the accumulator dtype ``acc`` computes in."""
    return acc.compute


def identity(op: str, a: str) -> str:
    """GLSL of ``op``'s identity in type ``a``; -0.0 for a float sum, so that a sum of -0.0 keeps its sign."""
    floating = a in ("float", "double")
    if a in _COMPLEX:
        return f"{a}(1, 0)" if op == "mul" else f"{a}(-0.0)"
    if op == "add":
        return f"{a}(-0.0)" if floating else f"{a}(0)"
    if op in ("mul", "and"):
        return f"{a}(1)"
    if op == "or":
        return f"{a}(0)"
    high = op == "min"
    if a == "float":
        return f"uintBitsToFloat({'0x7f800000u' if high else '0xff800000u'})"
    if a == "double":
        return f"packDouble2x32(uvec2(0u, {'0x7ff00000u' if high else '0xfff00000u'}))"
    return {("int", True): "int(0x7fffffff)", ("int", False): "int(0x80000000)",
            ("uint", True): "0xffffffffu", ("uint", False): "0u",
            ("int64_t", True): "int64_t(0x7fffffffffffffffl)", ("int64_t", False): "int64_t(0x8000000000000000ul)",
            ("uint64_t", True): "uint64_t(0xfffffffffffffffful)", ("uint64_t", False): "uint64_t(0ul)"}[a, high]


def combine(op: str, a: str) -> str:
    """GLSL statements of the body of ``A comb(A a, A b)``: floats' max and min propagate NaN as NumPy's do; complex
    products ``precise``, so that they round alike wherever they are inlined (the look-back's fallback recomputes
    other blocks' totals and must get their bits)."""
    if a in _COMPLEX and op == "mul":
        f = "double" if a == "dvec2" else "float"
        return (f"precise {f} re = a.x * b.x - a.y * b.y; precise {f} im = a.x * b.y + a.y * b.x; "
                f"return {a}(re, im);")
    if op in ("add", "mul", "or", "and"):
        return "return " + {"add": "a + b", "mul": "a * b", "or": "a | b", "and": "a & b"}[op] + ";"
    sign = ">" if op == "max" else "<"
    if a in ("float", "double"):
        return f"return (a {sign} b || isnan(a)) ? a : b;"
    return f"return {op}(a, b);"


def _subgroup_helpers(a: str, op: str, ident: str) -> list[str]:
    """``sg_incl`` (inclusive Hillis-Steele scan of the subgroup), ``sg_up`` (the lane below's value, the identity on
    lane 0), ``shuffle_at`` (lane i's value) and ``sg_last`` (the last lane's value): 64-bit values travel as two
    32-bit halves."""
    if a == "dvec2":  # two doubles as four 32-bit halves
        bits = "uvec4(unpackDouble2x32(v.x), unpackDouble2x32(v.y))"
        up = f"vt_dvec2(subgroupShuffleUp({bits}, d))"
        at = f"vt_dvec2(subgroupShuffle({bits}, i))"
    elif a in _PACK:
        unpack, pack, half = _PACK[a]
        up = f"{a}({pack}(subgroupShuffleUp({unpack}(v), d)))"
        at = f"{a}({pack}(subgroupShuffle({unpack}(v), i)))"
    else:
        up = "subgroupShuffleUp(v, d)"
        at = "subgroupShuffle(v, i)"
    return [
        *(["dvec2 vt_dvec2(uvec4 u) { return dvec2(packDouble2x32(u.xy), packDouble2x32(u.zw)); }"]
          if a == "dvec2" else []),
        f"{a} comb({a} a, {a} b) {{ {combine(op, a)} }}",
        f"{a} shuffle_up({a} v, uint d) {{ return {up}; }}",
        f"{a} sg_incl({a} v) {{",  # the steps written out: constant distances shuffle faster (lavapipe: 2x)
        f"  {a} o = shuffle_up(v, 1u);",
        "  if (gl_SubgroupInvocationID >= 1u) v = comb(o, v);",
        *[line for d in (2, 4, 8, 16, 32, 64) for line in (
            f"  if (gl_SubgroupSize > {d}u) {{",
            f"    o = shuffle_up(v, {d}u);",
            f"    if (gl_SubgroupInvocationID >= {d}u) v = comb(o, v);",
            "  }")],
        "  return v;",
        "}",
        f"{a} sg_up({a} v) {{ {a} o = shuffle_up(v, 1u); return gl_SubgroupInvocationID == 0u ? {ident} : o; }}",
        f"{a} shuffle_at({a} v, uint i) {{ return {at}; }}",
        f"{a} sg_last({a} v) {{ return shuffle_at(v, gl_SubgroupSize - 1u); }}",
    ]


class Buffers:
    """Declarations and element access of a kernel's buffers, bound (binding = slot) or, with ``addresses``,
    reached through 64-bit addresses at the start of the push constants (``p.a<slot>``); an address is moved
    to each element, so no access indexes more than its own element from a pointer (NVIDIA computes byte
    offsets from a pointer in 32 signed bits)."""

    def __init__(self, addresses: bool) -> None:
        self.addresses = addresses
        self.lines: list[str] = []
        self.slots = 0
        self._sizes: dict[str, int] = {}

    def add(self, name: str, dtype_storage: str, itemsize: int, access: str, vec: bool = False) -> None:
        slot = self.slots
        self.slots += 1
        self._sizes[name] = itemsize
        kinds = [("s", dtype_storage, itemsize)] + ([("v", VEC4[dtype_storage], 4 * itemsize)] if vec else [])
        for suffix, element, align in kinds:
            block = f"B{name}{suffix}"
            if self.addresses:
                self.lines.append(f"layout(buffer_reference, std430, buffer_reference_align = {align}) {access} "
                                  f"buffer {block} {{ {element} d[]; }};")
                self.lines.append(f"#define {name.upper()}{suffix.upper()}(i) "
                                  f"{block}(p.a{slot} + uint64_t(i) * {align}ul).d[0]")
            else:
                self.lines.append(f"layout(std430, set = 0, binding = {slot}) {access} buffer {block} "
                                  f"{{ {element} d[]; }} {name}_{suffix};")
                self.lines.append(f"#define {name.upper()}{suffix.upper()}(i) {name}_{suffix}.d[i]")

    def push_fields(self) -> tuple[str, str]:
        """(GLSL fields, struct codes) of the addresses."""
        if not self.addresses:
            return "", ""
        return " ".join(f"uint64_t a{s};" for s in range(self.slots)), "Q" * self.slots


@dataclass(frozen=True)
class ScanSpec:
    """One scan or reduction kernel (see the module docstring for the kinds).

    ``op`` combines accumulator values of ``acc`` (its compute type); ``src`` is the input's dtype,
    ``dst`` the output's (the block totals are stored as ``acc``). ``load`` turns an element into an accumulator
    value: ``value`` (converted as NumPy casts), ``nonzero`` (1 where the element is not zero), ``absfinite`` (|x|,
    0 for NaN and infinities). The push constant ``vec`` (tile, tile_reduce, rows) asks for vec4 loads (bit 0) and
    stores (bit 1) where the caller found the rows aligned to 4 elements.
    The push constants ``carry`` (tile, lines: blocks start from the scanned block totals, the second input; without
    it the second input is not read) and ``init`` (each row of the output starts with the identity: include_initial)
    are read at run time, so one kernel serves both. ``epilogue`` (tile): ``store`` the scan, or compact: ``coords``
    writes the coordinates (push constant ``ndim`` of them, at most MAX_COORDS) of each nonzero element at its
    rank, ``positions`` the element offset
    (``base`` + coordinates times strides) as int32, ``values`` the element at that offset of a third input
    (``elem``: the masked array, as ``dst``'s unsigned bits, ``words`` of them an element). ``max_subgroups``: the
    most subgroups of a workgroup (its shared memory). ``tiles`` (lookback): the tiles of a block, held in registers
    from the first read to the scan.
    """

    kind: str
    op: str
    src: DType
    acc: DType
    dst: DType
    load: str = "value"
    epilogue: str = "store"
    max_subgroups: int = WORKGROUP
    addresses: bool = False
    tiles: int = 1
    words: int = 1

    def __post_init__(self) -> None:
        if self.kind not in KINDS or self.op not in OPS \
                or self.load not in LOADS or self.epilogue not in EPILOGUES:
            raise ValueError(f"not a scan kernel: {self}")

    @property
    def _buffers(self) -> int:
        """src, [the scanned block totals | the look-back's states and values], [elem], dst."""
        if self.kind in ("tile", "rows") and self.epilogue == "values":
            return 4
        return 4 if self.kind == "lookback" else 3 if self.kind in ("tile", "rows", "lines") else 2

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else self._buffers

    @cached_property
    def _fields(self) -> list[tuple[str, str]]:
        """(GLSL type and name, struct code) of the push constants after the addresses."""
        names = {"tile": "rows len blocks chunk in_off out_off out_row carry init vec",
                 "lookback": "rows len blocks chunk in_off out_off out_row init vec spins",
                 "tile_reduce": "rows len blocks chunk in_off out_off vec",
                 "rows": "rows len blocks chunk in_off out_off out_row carry init vec",
                 "lines": "outer len inner blocks chunk in_off out_off out_len carry init",
                 "lines_reduce": "outer len inner blocks chunk in_off out_off"}[self.kind]
        fields = [(f"uint {name}", "I") for name in names.split()]
        if self.kind in ("tile", "rows") and self.epilogue == "coords":
            fields += [("uint sd", "I"), ("uint sj", "I"), ("uint ndim", "I"),
                       (f"uint dim[{MAX_COORDS}]", "I" * MAX_COORDS)]
        elif self.kind in ("tile", "rows") and self.epilogue in ("positions", "values"):
            fields += [("int base", "i"), ("uint ndim", "I"), (f"uint dim[{MAX_COORDS}]", "I" * MAX_COORDS),
                       (f"int st[{MAX_COORDS}]", "i" * MAX_COORDS)]
        return fields

    @cached_property
    def push(self) -> struct.Struct:
        return struct.Struct("=" + "Q" * (self.addresses * self._buffers) + "".join(c for _, c in self._fields))

    @property
    def groups_per(self) -> int:
        return WORKGROUP

    def require(self, context: Any) -> None:
        for d in {self.src, self.acc, self.dst, *([int64] if self.addresses else [])}:
            require_supported(d, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        a = acc_type(self.acc)
        ident = identity(self.op, a)
        dtypes = (self.src, self.acc, self.dst, *([int64] if self.addresses else []))
        extensions = SUBGROUP_EXTENSIONS + (LOOKBACK_EXTENSIONS if self.kind == "lookback" else ())
        lines = header(dtypes, self.addresses, float_controls, extensions=extensions)
        buffers = Buffers(self.addresses)
        vec = self.kind in ("tile", "tile_reduce", "rows", "lookback")
        buffers.add("src", self.src.storage, self.src.itemsize, "readonly", vec and self.src.storage in VEC4)
        if self.kind == "lookback":  # written and read by other workgroups while the dispatch runs
            buffers.add("state", "uint", 4, "volatile")  # volatile: coherent too, read afresh
            buffers.add("val", self.acc.storage, self.acc.itemsize, "volatile")
        elif self.kind in ("tile", "rows", "lines"):
            buffers.add("part", self.acc.storage, self.acc.itemsize, "readonly")
        if self.kind in ("tile", "rows") and self.epilogue == "values":
            buffers.add("elem", self.dst.storage, self.dst.itemsize, "readonly")
        reduce = self.kind.endswith("_reduce")
        out = self.acc if reduce else self.dst
        buffers.add("dst", out.storage, out.itemsize, "writeonly",
                    vec and not reduce and self.epilogue == "store" and out.storage in VEC4)
        lines += buffers.lines
        address_fields, _ = buffers.push_fields()
        lines.append("layout(push_constant) uniform Push { " + address_fields + " "
                     + " ".join(f"{f};" for f, _ in self._fields) + " } p;")
        lines.append(f"#define IDENT {ident}")
        lines += _subgroup_helpers(a, self.op, ident)
        if self._rounds_to_half:
            lines.append(_ROUND_TO_HALF)
        lines.append(f"{a} conv({self.src.storage} v) {{ {self._conv(a)} }}")
        if not reduce:
            lines.append(f"{self.dst.storage} put({a} v) {{ return {self._store(a)}; }}")
        body = {"tile": self._tile, "tile_reduce": self._tile_reduce, "lookback": self._lookback, "rows": self._rows,
                "lines": self._lines,
                "lines_reduce": self._lines}[self.kind]()
        return "\n".join(lines + body) + "\n"

    def _conv(self, a: str) -> str:
        if self.load == "nonzero":
            return f"return {convert('v', self.src, bool_)} ? 1u : 0u;"
        if self.load == "absfinite":
            return (f"{a} t = {convert('v', self.src, self.acc)}; "
                    f"return (isnan(t) || isinf(t)) ? {a}(0) : abs(t);")
        if self._rounds_to_half:
            rounded = f"vt_round_to_half({convert('v', self.src, self.dst)})"
            return f"return {convert(rounded, float32, self.acc)};"
        if self.src is self.dst or self.dst is self.acc:
            return f"return {convert('v', self.src, self.acc)};"
        # NumPy casts the elements to the result dtype first (float16 rounds, int8 wraps), then accumulates
        cast = store(convert("v", self.src, self.dst), self.dst, self.dst)
        return f"return {convert(cast, self.dst, self.acc)};"

    @property
    def _rounds_to_half(self) -> bool:
        """Whether conv rounds the elements to float16 (NumPy casts them to the result dtype before accumulating)."""
        return self.load == "value" and self.dst is float16 and self.src is not float16

    def _store(self, a: str) -> str:
        if self.dst is bool_:
            return "v != 0u ? uint8_t(1) : uint8_t(0)"
        if self.epilogue != "store":
            return f"{self.dst.storage}(v)"
        return store("v", self.dst, self.dst)

    def _initial(self) -> str:
        """The first element of a row with ``init``: the sum's 0 or the product's 1 (positive zero)."""
        one = self.op in ("mul", "and")
        if self.dst is bool_:
            return "uint8_t(1)" if one else "uint8_t(0)"
        if self.dst.storage in _COMPLEX:
            return f"{self.dst.storage}({1 if one else 0}, 0)"
        return f"{self.dst.storage}({1 if one else 0})"

    # -- one workgroup per block: loads of a tile ---------------------------------------------------------------
    def _load_tile(self, end: str, name: str = "x", tile: str = "t") -> list[str]:
        """``x[16]`` (``name``): the thread's elements of the tile at ``t`` (``tile``; sub-tile k: 4 consecutive from
        t + k * SUB + 4 * lid), the identity past ``end``."""
        body = [f"      {acc_type(self.acc)} {name}[16];"]
        for k in range(4):
            body.append(f"      {{ uint i = {tile} + {k * SUB}u + lid * 4u;")
            body += self._load4([f"{name}[{4 * k + n}]" for n in range(4)], "i", "ib", end, "        ")
            body.append("      }")
        return body

    def _load4(self, xs: list[str], at: str, base: str, end: str, indent: str) -> list[str]:
        """``xs`` = the 4 elements from ``base + at`` (the identity from ``end`` on): one vec4 load where the push
        constants ask for it, else 4 loads."""
        scalar = [f"{indent}  {x} = {at} + {n}u < {end} ? conv(SRCS({base} + {at} + {n}u)) : IDENT;"
                  for n, x in enumerate(xs)]
        if self.src.storage not in VEC4:  # complex numbers: no vec4 of them
            return [line[2:] for line in scalar]
        vec = VEC4[self.src.storage]
        return [f"{indent}if ((p.vec & 1u) != 0u) {{",
                f"{indent}  if ({at} < {end}) {{",
                f"{indent}    {vec} w = SRCV(({base} + {at}) >> 2);",
                *[f"{indent}    {x} = conv(w.{c});" for x, c in zip(xs, "xyzw", strict=True)],
                f"{indent}  }} else {{ " + " ".join(f"{x} = IDENT;" for x in xs) + " }",
                f"{indent}}} else {{",
                *scalar,
                f"{indent}}}"]

    def _store4(self, values: list[str], at: str, base: str, end: str, indent: str) -> list[str]:
        """The 4 ``values`` to ``base + at`` (those before ``end``): one vec4 store where asked, else 4 stores."""
        scalar = [f"{indent}  if ({at} + {n}u < {end}) DSTS({base} + {at} + {n}u) = {v};" for n, v in enumerate(values)]
        if self.dst.storage not in VEC4:
            return [line[2:] for line in scalar]
        vec = f"{VEC4[self.dst.storage]}({', '.join(values)})"
        return [f"{indent}if ((p.vec & 2u) != 0u) {{",
                f"{indent}  if ({at} < {end}) DSTV(({base} + {at}) >> 2) = {vec};",
                f"{indent}}} else {{",
                *scalar,
                f"{indent}}}"]

    def _block_header(self) -> list[str]:
        return [
            "  uint nblocks = p.rows * p.blocks;",
            "  for (uint blk = gl_WorkGroupID.x; blk < nblocks; blk += gl_NumWorkGroups.x) {",
            "    uint row = blk / p.blocks;",
            "    uint chunk = blk - row * p.blocks;",
            "    uint start = chunk * p.chunk;",
            "    uint end = p.len - start > p.chunk ? start + p.chunk : p.len;",
            "    uint ib = p.in_off + row * p.len;",
        ]

    def _tile_reduce(self) -> list[str]:
        a = acc_type(self.acc)
        return [f"shared {a} shr[{self.max_subgroups}];",
                "void main() {",
                "  uint lid = gl_LocalInvocationID.x;",
                *self._block_header(),
                *self._chunk_total(),
                "    if (lid == 0u) DSTS(p.out_off + blk) = total;",
                "    barrier();",
                "  }",
                "}"]

    def _chunk_total(self) -> list[str]:
        """``total`` (in invocation 0) of the block's elements ``start`` to ``end`` of the row at ``ib``: a pairwise
        tree over each thread's 16 elements of a tile, then along the tiles, the subgroups' sums (shared ``shr``)
        added in order."""
        a = acc_type(self.acc)
        return [f"    {a} acc = IDENT;",
                f"    for (uint t = start; t < end; t += {TILE}u) {{",
                *self._load_tile("end"),
                *self._add_tile("x"),
                "    }",
                *self._workgroup_total()]

    def _add_tile(self, name: str) -> list[str]:
        """``acc`` combined with the pairwise tree of the thread's 16 elements ``name``."""
        a = acc_type(self.acc)
        body = ["      {"]
        body += [f"      {a} y{j} = comb({name}[{2 * j}], {name}[{2 * j + 1}]);" for j in range(8)]
        body += [f"      {a} z{j} = comb(y{2 * j}, y{2 * j + 1});" for j in range(4)]
        return body + ["      acc = comb(acc, comb(comb(z0, z1), comb(z2, z3)));", "      }"]

    def _workgroup_total(self) -> list[str]:
        """``total`` (in invocation 0): the threads' ``acc`` added up a subgroup at a time, the subgroups in order."""
        a = acc_type(self.acc)
        return [f"    {a} inc = sg_incl(acc);",
                "    if (gl_SubgroupInvocationID == gl_SubgroupSize - 1u) shr[gl_SubgroupID] = inc;",
                "    barrier();",
                f"    {a} total = IDENT;",
                "    if (lid == 0u) for (uint s = 0u; s < gl_NumSubgroups; ++s) total = comb(total, shr[s]);"]

    def _tile(self) -> list[str]:
        a = acc_type(self.acc)
        body = [*self._tile_shared(),
                "void main() {",
                *self._tile_ids(),
                *self._block_header(),
                "    uint ob = p.out_off + row * p.out_row + p.init;",
                f"    {a} carry = IDENT;",
                "    if (p.carry != 0u && chunk > 0u) carry = PARTS(row * p.blocks + chunk - 1u);"]
        if self.epilogue == "store":
            body.append(f"    if (p.init != 0u && chunk == 0u && lid == 0u) DSTS(ob - 1u) = {self._initial()};")
        body += [f"    for (uint t = start; t < end; t += {TILE}u) {{", *self._tile_scan(self.epilogue != "store")]
        body += self._tile_emit()
        body += ["    }", "  }", "}"]
        return body

    def _tile_shared(self) -> list[str]:
        return [f"shared {acc_type(self.acc)} sh[2][{4 * self.max_subgroups + 4}];"]

    @staticmethod
    def _tile_ids() -> list[str]:
        return ["  uint lid = gl_LocalInvocationID.x;",
                "  uint sg = gl_SubgroupID;",
                "  bool last = gl_SubgroupInvocationID == gl_SubgroupSize - 1u;",
                "  uint buf = 0u;"]

    def _tile_scan(self, flags: bool, load: bool = True) -> list[str]:
        """The tile at ``t`` (elements before ``end`` of the row at ``ib``) scanned without a carry: ``x[16]`` the
        thread's sub-tile inclusive scans, ``ex[k]`` the exclusive scans of the subgroup's sub-tile k, ``pre[k]`` the
        subgroups' before this one's, ``tot[k]`` sub-tile k's total over the workgroup (``flags``: ``f[16]`` the loaded
        values as integers, for compaction; ``load``: x already holds them). Flips ``buf`` (double-buffered shared
        memory: two barriers a tile)."""
        a = acc_type(self.acc)
        m = self.max_subgroups
        body = self._load_tile("end") if load else []
        if flags:
            body.append("      uint f[16];")
            body += [f"      f[{e}] = uint(x[{e}]);" for e in range(16)]
        for k in range(4):
            body += [f"      x[{4 * k + n}] = comb(x[{4 * k + n - 1}], x[{4 * k + n}]);" for n in (1, 2, 3)]
        body.append(f"      {a} ex[4];")
        for k in range(4):
            body.append(f"      ex[{k}] = sg_up(sg_incl(x[{4 * k + 3}]));")
            body.append(f"      if (last) sh[buf][sg * 4u + {k}u] = comb(ex[{k}], x[{4 * k + 3}]);")
        # the first subgroup turns the subgroup totals into their exclusive scan (lanes over subgroups, in chunks of
        # the subgroup size) and appends the tile's totals; everyone reads them after a second barrier
        body += ["      barrier();",
                 "      if (sg == 0u) {",
                 f"        {a} run[4] = {a}[4](IDENT, IDENT, IDENT, IDENT);",
                 "        for (uint base = 0u; base < gl_NumSubgroups; base += gl_SubgroupSize) {",
                 "          uint s = base + gl_SubgroupInvocationID;",
                 "          bool real = s < gl_NumSubgroups;",
                 "          for (uint k = 0u; k < 4u; ++k) {",
                 f"            {a} inc = sg_incl(real ? sh[buf][s * 4u + k] : IDENT);",
                 f"            {a} before = comb(run[k], sg_up(inc));",
                 "            if (real) sh[buf][s * 4u + k] = before;",
                 "            run[k] = comb(run[k], sg_last(inc));",
                 "          }",
                 "        }",
                 "        if (gl_SubgroupInvocationID == 0u) {",
                 *[f"          sh[buf][{4 * m + k}u] = run[{k}];" for k in range(4)],
                 "        }",
                 "      }",
                 "      barrier();",
                 f"      {a} pre[4], tot[4];",
                 *[f"      pre[{k}] = sh[buf][sg * 4u + {k}u]; tot[{k}] = sh[buf][{4 * m + k}u];" for k in range(4)],
                 "      buf ^= 1u;"]
        return body

    def _tile_emit(self) -> list[str]:
        """The tile's outputs from ``carry`` (the scan before the tile), which moves past the tile."""
        a = acc_type(self.acc)
        body = []
        for k in range(4):
            body.append(f"      {{ {a} b = comb(comb(carry, pre[{k}]), ex[{k}]);")
            body.append(f"        carry = comb(carry, tot[{k}]);")
            body.append(f"        uint i = t + {k * SUB}u + lid * 4u;")
            body += self._emit(k)
            body.append("      }")
        return body

    # -- one pass: decoupled look-back with fallback -----------------------------------------------------------------
    def _lookback(self) -> list[str]:
        """Each workgroup takes the next block (``tiles`` tiles of a row, kept in registers) in the order workgroups
        ask for them, adds its elements up and publishes the total A_b, finds the scan of the row before the block
        from the blocks before it (decoupled look-back: their published totals back to the nearest published
        inclusive scan I_j), publishes I_b, and scans the block from there. Where a block before
        has published nothing after ``spins`` reads, the workgroup adds that block up itself (the fallback), so no
        workgroup waits on one that might never run: Vulkan promises no forward progress between workgroups. The bits
        do not depend on the timing: the prefix of b is the left fold ((I_j + A_{j+1}) + ...) + A_{b-1}, which equals
        I_{b-1} whichever j was found, every I being that fold, and a fallback computes A with the owner's code.
        ``spins`` 0 ignores the states (every total recomputed: tests)."""
        a = acc_type(self.acc)
        return [*self._tile_shared(),
                f"shared {a} shr[{self.max_subgroups}];",
                "shared uint s_word[2];",
                f"shared {a} s_value;",
                "void main() {",
                *self._tile_ids(),
                "  uint nblocks = p.rows * p.blocks;",
                "  while (true) {",
                "    if (lid == 0u) s_word[0] = atomicAdd(STATES(0u), 1u);",
                "    barrier();",
                "    uint blk = s_word[0];",
                "    if (blk >= nblocks) break;",
                *self._block_range("blk"),
                "    uint first = blk - chunk;",
                "    uint ob = p.out_off + row * p.out_row + p.init;",
                f"    if (p.init != 0u && chunk == 0u && lid == 0u) DSTS(ob - 1u) = {self._initial()};",
                f"    {a} acc = IDENT;",
                *[line for u in range(self.tiles) for line in (
                    f"    uint t{u} = start + {u * TILE}u;",
                    *self._load_tile("end", f"x{u}", f"t{u}"),
                    f"    if (t{u} < end)", *self._add_tile(f"x{u}"))],
                *self._workgroup_total(),
                "    if (lid == 0u) {",
                "      VALS(blk) = total;",
                "      if (chunk == 0u) VALS(nblocks + blk) = total;",
                "      memoryBarrierBuffer();",
                f"      atomicExchange(STATES(1u + blk), chunk == 0u ? {INCLUSIVE}u : {AGGREGATE}u);",
                "    }",
                f"    {a} carry = IDENT;",
                "    if (chunk > 0u) {",
                *self._look_back(),
                "      carry = s_value;",
                "      if (lid == 0u) {",
                "        VALS(nblocks + blk) = comb(carry, total);",
                "        memoryBarrierBuffer();",
                f"        atomicExchange(STATES(1u + blk), {INCLUSIVE}u);",
                "      }",
                "    }",
                *[line for u in range(self.tiles) for line in (
                    f"    if (t{u} < end) {{", f"      uint t = t{u};", f"      {a} x[16] = x{u};",
                    *self._tile_scan(False, load=False), *self._tile_emit(), "    }")],
                "  }",
                "}"]

    @staticmethod
    def _block_range(block: str) -> list[str]:
        """``row``, ``chunk`` and the elements (``start`` to ``end`` of the row at ``ib``) of a look-back block."""
        return [f"    uint row = {block} / p.blocks;",
                f"    uint chunk = {block} - row * p.blocks;",
                "    uint start = chunk * p.chunk;",
                "    uint end = p.len - start > p.chunk ? start + p.chunk : p.len;",
                "    uint ib = p.in_off + row * p.len;"]

    def _look_back(self) -> list[str]:
        """Leaves the scan of the row before block ``blk`` in ``s_value``. The first subgroup walks back in windows of
        W = min(32, subgroup size) blocks (lane i: block k - i), reading each window's states until the blocks up to
        the nearest inclusive one have all published or ``spins`` reads have passed; then it folds their values, or
        the whole workgroup adds up the nearest silent block (a fallback) and the walk goes on past it."""
        a = acc_type(self.acc)
        return [
            "      uint k = blk - 1u;",
            "      uint found = first;",
            "      uint W = min(32u, gl_SubgroupSize);",
            "      while (true) {",
            "        if (sg == 0u) {",
            "          uint lane = gl_SubgroupInvocationID;",
            f"          uint code = {_FOUND}u, at = first;",
            "          while (true) {",
            "            bool valid = lane < W && k - first >= lane;",
            "            uint b = valid ? k - lane : first;",
            "            uvec4 done, waiting;",
            "            for (uint spin = 0u; ; ++spin) {",
            f"              uint f = valid && p.spins != 0u ? STATES(1u + b) : {NOT_READY}u;",
            f"              if (b == first && f != {NOT_READY}u) f = {INCLUSIVE}u;  // a row's first block",
            f"              done = subgroupBallot(valid && f == {INCLUSIVE}u);",
            "              uint nearest = done == uvec4(0u) ? W : subgroupBallotFindLSB(done);",
            f"              waiting = subgroupBallot(valid && f == {NOT_READY}u && lane < nearest);",
            "              if (waiting == uvec4(0u) || spin >= p.spins) break;",
            "            }",
            "            if (waiting != uvec4(0u)) {",
            f"              code = {_FALLBACK}u;",
            "              at = k - subgroupBallotFindLSB(waiting);",
            "              break;",
            "            }",
            "            if (done != uvec4(0u)) { at = k - subgroupBallotFindLSB(done); break; }",
            "            k -= W;",
            "          }",
            "          if (lane == 0u) { s_word[0] = code; s_word[1] = at; }",
            "        }",
            "        barrier();",
            "        uint code = s_word[0], at = s_word[1];",
            "        barrier();",
            f"        if (code == {_FOUND}u) {{ found = at; break; }}",
            "        {  // the fallback: block `at`'s total as its owner computes it",
            *[f"      {line}" for line in self._block_range("at")],
            *[f"      {line}" for line in self._chunk_total()],
            "          if (lid == 0u) {",
            "            VALS(at) = total;",
            "            memoryBarrierBuffer();",
            f"            atomicCompSwap(STATES(1u + at), {NOT_READY}u, {AGGREGATE}u);",
            "          }",
            "          barrier();",
            "        }",
            "        if (at == first) { found = at; break; }",
            "        k = at - 1u;",
            "      }",
            "      if (sg == 0u) {  // the left fold from the inclusive scan found, a window at a time",
            "        uint lane = gl_SubgroupInvocationID;",
            "        memoryBarrierBuffer();",
            f"        {a} acc = VALS(found == first ? found : nblocks + found);",
            "        for (uint base = found + 1u; base < blk; base += W) {",
            f"          {a} v = lane < W && base + lane < blk ? VALS(base + lane) : IDENT;",
            "          uint n = min(W, blk - base);",
            "          [[unroll]] for (uint i = 0u; i < 32u; ++i) {",
            f"            {a} s = shuffle_at(v, i % gl_SubgroupSize);",
            "            if (i < n) acc = comb(acc, s);",
            "          }",
            "        }",
            "        if (lane == 0u) s_value = acc;",
            "      }",
            "      barrier();",
        ]

    def _emit(self, k: int) -> list[str]:
        """The tile's outputs of sub-tile ``k`` (prefix ``b`` before the thread's elements, element ``i``)."""
        return self._outputs([f"f[{4 * k + n}]" for n in range(4)], [f"comb(b, x[{4 * k + n}])" for n in range(4)],
                             "        ")

    def _outputs(self, flags: list[str], values: list[str], indent: str) -> list[str]:
        """The outputs of the thread's 4 elements from ``i`` (before ``end``) whose inclusive scans are ``values``:
        stored from ``ob + i``, or (compaction) each element with its flag set writes its coordinates, its offset or
        the masked array's element there at its rank."""
        if self.epilogue == "store":
            return self._store4([f"put({v})" for v in values], "i", "ob", "end", indent)
        body = []
        for n, (flag, value) in enumerate(zip(flags, values, strict=True)):
            body += [f"{indent}if ({flag} != 0u) {{",
                     f"{indent}  uint j = uint({value}) - 1u;",
                     f"{indent}  uint g = i + {n}u;"]
            if self.epilogue == "coords":  # NOTE: a loop only for 2 dimensions or more (lavapipe counts each loop)
                body += [f"{indent}  if (p.ndim > 1u) for (uint d = p.ndim - 1u; d > 0u; --d) {{",
                         f"{indent}    uint q = g / p.dim[d];",
                         f"{indent}    DSTS(p.out_off + d * p.sd + j * p.sj) = put(g - q * p.dim[d]);",
                         f"{indent}    g = q;",
                         f"{indent}  }}",
                         f"{indent}  DSTS(p.out_off + j * p.sj) = put(g);"]
            else:
                body += [f"{indent}  int o = p.base;",
                         f"{indent}  if (p.ndim > 1u) for (uint d = p.ndim - 1u; d > 0u; --d) {{",
                         f"{indent}    uint q = g / p.dim[d];",
                         f"{indent}    o += int(g - q * p.dim[d]) * p.st[d];",
                         f"{indent}    g = q;",
                         f"{indent}  }}",
                         f"{indent}  o += int(g) * p.st[0];"]
                if self.epilogue == "positions":
                    body.append(f"{indent}  DSTS(p.out_off + j) = o;")
                else:
                    w = self.words
                    body += [f"{indent}  DSTS(p.out_off + {w}u * j + {k}u) = ELEMS({w}u * uint(o) + {k}u);"
                             for k in range(w)]
            body.append(f"{indent}}}")
        return body

    # -- one subgroup per block ------------------------------------------------------------------------------------
    def _rows(self) -> list[str]:
        """A subgroup scans a block (``chunk`` elements of a row), 4 * the subgroup size elements a step, from the
        previous block's entry of the scanned block totals (``carry``)."""
        a = acc_type(self.acc)
        body = ["void main() {",
                "  uint lane = gl_SubgroupInvocationID;",
                "  uint nblocks = p.rows * p.blocks;",
                "  uint step = gl_NumWorkGroups.x * gl_NumSubgroups;",
                "  for (uint blk = gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID; blk < nblocks; blk += step) {",
                "    uint row = blk / p.blocks;",
                "    uint chunk = blk - row * p.blocks;",
                "    uint start = chunk * p.chunk;",
                "    uint end = p.len - start > p.chunk ? start + p.chunk : p.len;",
                "    uint ib = p.in_off + row * p.len;",
                "    uint ob = p.out_off + row * p.out_row + p.init;",
                f"    {a} carry = IDENT;",
                "    if (p.carry != 0u && chunk > 0u) carry = PARTS(row * p.blocks + chunk - 1u);"]
        if self.epilogue == "store":
            body.append(f"    if (p.init != 0u && chunk == 0u && lane == 0u) DSTS(ob - 1u) = {self._initial()};")
        body += ["    for (uint c = start; c < end; c += 4u * gl_SubgroupSize) {",
                 "      uint i = c + lane * 4u;",
                 f"      {a} x[4];"]
        body += self._load4([f"x[{n}]" for n in range(4)], "i", "ib", "end", "      ")
        if self.epilogue != "store":
            body.append("      uint f[4] = uint[4](uint(x[0]), uint(x[1]), uint(x[2]), uint(x[3]));")
        body += [f"      x[{n}] = comb(x[{n - 1}], x[{n}]);" for n in (1, 2, 3)]
        body += [f"      {a} ex = sg_up(sg_incl(x[3]));",
                 f"      {a} b = comb(carry, ex);"]
        body += self._outputs([f"f[{n}]" for n in range(4)], [f"comb(b, x[{n}])" for n in range(4)], "      ")
        body += ["      carry = comb(carry, sg_last(comb(ex, x[3])));", "    }", "  }", "}"]
        return body

    # -- one thread per line -------------------------------------------------------------------------------------
    def _lines(self) -> list[str]:
        a = acc_type(self.acc)
        reduce = self.kind == "lines_reduce"
        body = ["void main() {",
                "  uint total = p.outer * p.blocks * p.inner;",
                f"  uint step = gl_NumWorkGroups.x * {WORKGROUP}u;",
                "  for (uint g = gl_GlobalInvocationID.x; g < total; g = total - g > step ? g + step : total) {",
                "    uint q = g / p.inner;",
                "    uint c = g - q * p.inner;",
                "    uint o = q / p.blocks;",
                "    uint chunk = q - o * p.blocks;",
                "    uint start = chunk * p.chunk;",
                "    uint end = p.len - start > p.chunk ? start + p.chunk : p.len;",
                "    uint ib = p.in_off + o * p.len * p.inner + c;",
                f"    {a} acc = IDENT;"]
        if not reduce:
            body += ["    uint ob = p.out_off + o * p.out_len * p.inner + c + p.init * p.inner;",
                     "    if (p.carry != 0u && chunk > 0u) acc = PARTS((o * p.blocks + chunk - 1u) * p.inner + c);",
                     f"    if (p.init != 0u && chunk == 0u) DSTS(ob - p.inner) = {self._initial()};"]
        body += ["    uint i = start;",
                 "    for (; end - i >= 4u; i += 4u) {",
                 *[f"      {a} v{n} = conv(SRCS(ib + (i + {n}u) * p.inner));" for n in range(4)]]
        for n in range(4):
            body.append(f"      acc = comb(acc, v{n});")
            if not reduce:
                body.append(f"      DSTS(ob + (i + {n}u) * p.inner) = put(acc);")
        body += ["    }",
                 "    for (; i < end; ++i) {",
                 "      acc = comb(acc, conv(SRCS(ib + i * p.inner)));"]
        if not reduce:
            body.append("      DSTS(ob + i * p.inner) = put(acc);")
        body.append("    }")
        if reduce:
            body.append("    DSTS(p.out_off + g) = acc;")
        body += ["  }", "}"]
        return body
