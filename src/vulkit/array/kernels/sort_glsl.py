"""GLSL the sorting family's kernels share: buffers reached by binding or by address, order-preserving keys,
the workgroup's tile geometry, and the stable ranking of a tile by an 8-bit digit.

Keys. Every dtype sorts as an unsigned integer of its width (``KT``: uint up to 32 bits, uint64_t for 64) whose
order is the value order: unsigned as they are, signed with the sign bit flipped, floats with the sign bit set
for positives and all bits flipped for negatives; -0.0 becomes +0.0 (they compare equal, so a stable sort keeps
their input order) and every NaN the largest key (NaNs last, as NumPy sorts them). Descending flips all key bits
(NaNs first, ties still in input order: the array API's stable descending order). A key turns back into the
value it stands for, exactly for integers; a float's -0.0 and NaN payloads are lost in the key, which is why
the kernels then take the value from the input (``lossy``).

Tiles. A workgroup of ``WG`` invocations ranks ``TILE = WG * ITEMS`` elements: subgroup s owns the contiguous
range [s * SG * ITEMS, (s + 1) * SG * ITEMS) and lane l holds item j at s * SG * ITEMS + j * SG + l, so loads are
coalesced and the order of (subgroup, item, lane) is the element order. The subgroup size SG is read at run
time (8 on lavapipe, 32 on NVIDIA, 64 on AMD); shared memory is sized for the smallest the device reports.
Subgroups are assumed full (WG is a multiple of every subgroup size the device may use).

Ranking (after Onesweep's match-based ranking): each subgroup finds the lanes holding the same digit with eight
ballots, counts them into its own 256 shared counters (the lowest lane of each digit adds its peers' count), and
a scan over (digit, subgroup) turns the counts into the stable position of every element in the tile.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType
from .glsl import float_control_lines

# Bits of the element types that move as raw bits (the dtypes' storage reinterpreted as unsigned integers).
BITS_TYPES = {1: "uint8_t", 2: "uint16_t", 4: "uint", 8: "uint64_t"}
_STORAGE_EXTENSIONS = {1: ("GL_EXT_shader_8bit_storage", "GL_EXT_shader_explicit_arithmetic_types_int8"),
                       2: ("GL_EXT_shader_16bit_storage", "GL_EXT_shader_explicit_arithmetic_types_int16")}
INT64 = "GL_EXT_shader_explicit_arithmetic_types_int64"
SUBGROUP_EXTENSIONS = ("GL_KHR_shader_subgroup_basic", "GL_KHR_shader_subgroup_vote", "GL_KHR_shader_subgroup_ballot",
                       "GL_KHR_shader_subgroup_arithmetic", "GL_EXT_control_flow_attributes",
                       "GL_KHR_memory_scope_semantics")
# VkSubgroupFeatureFlagBits the kernels use: basic, vote, arithmetic, ballot
_SUBGROUP_BASIC, _SUBGROUP_VOTE, _SUBGROUP_ARITHMETIC, _SUBGROUP_BALLOT = 1, 2, 4, 8
WG_LARGEST = 256
ITEMS_LARGEST = 16


@dataclass(frozen=True)
class Buffer:
    """One array a kernel reaches: GLSL macro ``name(i)`` is its element ``i`` (an lvalue)."""

    name: str
    element: str  # GLSL type
    size: int  # bytes
    readonly: bool = False


def storage_extensions(*sizes: int) -> list[str]:
    """The extensions that buffers of elements of these byte sizes need."""
    names: set[str] = set()
    for size in sizes:
        names.update(_STORAGE_EXTENSIONS.get(size, ()))
        if size == 8:
            names.add(INT64)
    return sorted(names)


def header(extensions: list[str], float_controls: dict[str, tuple[int, ...]] | None, wg: int,
           addresses: bool) -> list[str]:
    """The first lines of a sorting kernel: version, extensions, float controls, workgroup size. Loops over a
    thread's items are unrolled (``[[unroll]]``) so that its arrays of items stay in registers."""
    names = [*SUBGROUP_EXTENSIONS, *extensions, *([INT64, "GL_EXT_buffer_reference"] if addresses else [])]
    unique = list(dict.fromkeys(names))
    return ["#version 450", *[f"#extension {name} : require" for name in unique],
            *float_control_lines(float_controls or {}), f"layout(local_size_x = {wg}) in;"]


_BUFFER_SCOPE = "gl_ScopeQueueFamily, 0, gl_SemanticsRelaxed"  # buffer atomics where they name their scope


def atomic_lines(scoped: bool) -> list[str]:
    """Macros ``SHARED_ADD(x, v)``, ``BUFFER_ADD(x, v)`` and ``BUFFER_OR(x, v)``: relaxed atomics on shared memory
    and on buffers. ``scoped`` (devices with the Vulkan memory model): they name their scopes, Workgroup and
    QueueFamily; GLSL's default, Device, is not allowed without vulkanMemoryModelDeviceScope (the validation layers
    fail the submit), and QueueFamily holds every invocation of a dispatch as well. ``DEFINE_COUNT(array)``
    defines ``void count(uint at)``, adding one to the shared ``array[at]``: where the subgroup's lanes count the
    same place (a digit every key shares), one lane adds for all, as same-address shared atomics serialise."""
    if not scoped:
        lines = ["#define SHARED_ADD(x, v) atomicAdd(x, v)", "#define BUFFER_ADD(x, v) atomicAdd(x, v)",
                 "#define BUFFER_OR(x, v) atomicOr(x, v)"]
    else:
        # relaxed atomics order no other access, so they name no storage class (SPIR-V's validator requires that)
        shared = "gl_ScopeWorkgroup, 0, gl_SemanticsRelaxed"
        buffer = _BUFFER_SCOPE
        lines = [f"#define SHARED_ADD(x, v) atomicAdd(x, v, {shared})",
                 f"#define BUFFER_ADD(x, v) atomicAdd(x, v, {buffer})",
                 f"#define BUFFER_OR(x, v) atomicOr(x, v, {buffer})"]
    return [*lines, "#define DEFINE_COUNT(array) void count(uint at) { if (subgroupAllEqual(at)) { "
            "uint lanes = subgroupBallotBitCount(subgroupBallot(true)); if (subgroupElect()) SHARED_ADD(array[at], "
            "lanes); } else { SHARED_ADD(array[at], 1u); } }"]


def buffer_min_line(scoped: bool) -> str:
    """The macro ``BUFFER_MIN(x, v)``: a relaxed atomic minimum on a buffer, scoped as :func:`atomic_lines`'s."""
    return f"#define BUFFER_MIN(x, v) atomicMin(x, v{', ' + _BUFFER_SCOPE if scoped else ''})"


def scoped_atomics(context: Any) -> bool:
    """Whether atomics must name their scopes on ``context``'s device (see :func:`atomic_lines`)."""
    return bool(context.device.features.get("vulkan_memory_model"))


def buffer_lines(buffers: tuple[Buffer, ...], scalars: tuple[str, ...], addresses: bool) -> list[str]:
    """Declarations of ``buffers`` (bound at 0.. or through 64-bit addresses at the start of the push constants,
    each access computing its address in 64 bits, so no array is limited to 2^31 bytes) and the push constants
    ``p.<scalar>`` (uint)."""
    lines = []
    members = [f"uint {s};" for s in scalars]
    if addresses:
        for b in buffers:
            lines.append(f"layout(buffer_reference, std430, buffer_reference_align = {b.size}) buffer R_{b.name} "
                         f"{{ {b.element} v; }};")
        members = [f"uint64_t a_{b.name};" for b in buffers] + members
        lines += [f"#define {b.name}(i) R_{b.name}(p.a_{b.name} + uint64_t(i) * {b.size}ul).v" for b in buffers]
    else:
        for slot, b in enumerate(buffers):
            access = "readonly " if b.readonly else ""
            lines.append(f"layout(std430, set = 0, binding = {slot}) {access}buffer B_{b.name} "
                         f"{{ {b.element} d[]; }} b_{b.name};")
        lines += [f"#define {b.name}(i) b_{b.name}.d[i]" for b in buffers]
    lines.append(f"layout(push_constant) uniform Push {{ {' '.join(members)} }} p;")
    return lines


def push_struct(buffers: int, scalars: int, addresses: bool) -> struct.Struct:
    """The push constants of :func:`buffer_lines`: addresses (uint64) first, then the uint scalars."""
    return struct.Struct("=" + "Q" * (buffers if addresses else 0) + "I" * scalars)


def require_subgroups(context: Any, what: str) -> None:
    """TypeError where the device lacks the subgroup operations the kernels use."""
    physical = context.device.physical
    wanted = _SUBGROUP_BASIC | _SUBGROUP_VOTE | _SUBGROUP_ARITHMETIC | _SUBGROUP_BALLOT
    if physical.subgroup_operations & wanted != wanted:
        raise TypeError(f"{what} needs subgroup basic, vote, arithmetic and ballot operations, which "
                        f"{physical.name} lacks")


class BufferSpec:
    """What the sorting family's kernel specs share (a base of their frozen dataclasses): their ``buffers`` bound
    at 0.. or reached through addresses (``addresses``), the uint push constants ``SCALARS`` after those, and the
    subgroup operations they need (``NEEDS``: the function the error names)."""

    SCALARS: ClassVar[tuple[str, ...]] = ()
    NEEDS: ClassVar[str] = "sorting"
    addresses: bool
    buffers: tuple[Buffer, ...]

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else len(self.buffers)

    @property
    def push(self) -> struct.Struct:
        return push_struct(len(self.buffers), len(self.SCALARS), self.addresses)

    def require(self, context: Any) -> None:
        require_subgroups(context, self.NEEDS)

    def declarations(self) -> list[str]:
        """The buffers' and push constants' GLSL (:func:`buffer_lines`)."""
        return buffer_lines(self.buffers, self.SCALARS, self.addresses)


# -- tile geometry ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Geometry:
    """A workgroup's shape for ranking tiles: ``wg`` invocations, ``items`` per invocation, shared counters for
    ``nsg`` subgroups (the most the smallest subgroup size gives)."""

    wg: int
    items: int
    nsg: int

    @property
    def tile(self) -> int:
        return self.wg * self.items


def geometry(context: Any, key_bytes: int, value_bytes: int = 4, items: int | None = None) -> Geometry:
    """The largest tile whose shared memory (per-subgroup counters, keys and values exchanged) fits the
    device, with at most ``items`` (default ITEMS_LARGEST) elements per invocation."""
    physical = context.device.physical
    shared = int(context.device.limits["max_compute_shared_memory_size"])
    smallest = max(1, int(physical.min_subgroup_size))
    largest = max(1, int(physical.max_subgroup_size))
    wg = WG_LARGEST
    while wg > max(smallest, largest) and (wg // smallest) * 1024 > shared // 4:
        wg //= 2
    nsg = max(1, wg // smallest)
    fixed = nsg * 1024 + 2048 + 4 * nsg + 64
    most = items or ITEMS_LARGEST
    while most > 1 and fixed + wg * most * (key_bytes + value_bytes) > shared:
        most //= 2
    return Geometry(wg, most, nsg)


# -- keys ------------------------------------------------------------------------------------------------------
def key_type(dtype: DType) -> str:
    """The GLSL type of ``dtype``'s sort keys."""
    return "uint64_t" if dtype.itemsize == 8 else "uint"


def key_bits(dtype: DType) -> int:
    """The bits of ``dtype``'s keys that vary (bool: 1)."""
    return 1 if dtype.kind == "b" else dtype.bits


def _literal(value: int, kt: str) -> str:
    return f"{value:#x}{'ul' if kt == 'uint64_t' else 'u'}"


def key_lines(dtype: DType, descending: bool, exact: bool = False) -> list[str]:
    """GLSL ``KT to_key(XT bits)``, ``XT from_key(KT key)``, ``bool lossy(XT bits)`` (the key loses the value:
    -0.0 or a NaN other than the canonical one) and the macros ``KT``, ``XT``, ``KMAX`` (the largest key: every
    NaN's, and the padding's). ``exact`` (floats): keys that keep every value's bits, one key a bit pattern in a
    total order: -inf ... -0.0, +0.0 ... +inf, then the NaNs by their bits (positive ones first), nothing lost."""
    kt = key_type(dtype)
    xt = BITS_TYPES[dtype.itemsize]
    bits = key_bits(dtype)
    top = 1 << (bits - 1)
    kmax = (1 << bits) - 1
    lit = {name: _literal(value, kt) for name, value in
           (("sign", top), ("kmax", kmax), ("abs", kmax ^ top), ("zero", 0))}
    lines = [f"#define KT {kt}", f"#define XT {xt}", f"#define KMAX {lit['kmax']}",
             f"#define KALL {_literal((1 << (64 if kt == 'uint64_t' else 32)) - 1, kt)}"]
    flip = f"  k ^= {lit['kmax']};" if descending else ""
    if dtype.kind == "f":
        mantissa = 7 if dtype.name == "bfloat16" else {16: 10, 32: 23, 64: 52}[bits]
        infinity = ((1 << (bits - 1 - mantissa)) - 1) << mantissa
        inf = _literal(infinity, kt)
        lines += ["bool is_nan(XT bits) {", f"  return (KT(bits) & {lit['abs']}) > {inf};", "}"]
    if dtype.kind == "f" and exact:
        payloads = (top - 1) - infinity  # the NaNs of each sign
        past, nans = _literal(infinity + 1, kt), _literal(payloads, kt)
        # negatives (not NaN) below 0..inf, the positives and their NaNs shifted above them, negative NaNs as they are
        lines += [
            "KT to_key(XT bits) {",
            "  KT u = KT(bits), k;",
            f"  if ((u & {lit['sign']}) == {lit['zero']}) k = u + {past};",
            f"  else if ((u & {lit['abs']}) <= {inf}) k = (~u & {lit['kmax']}) - {nans};",
            "  else k = u;",
            flip, "  return k;", "}",
            "XT from_key(KT k) {",
            flip, "  KT u;",
            f"  if (k <= {inf}) u = ~(k + {nans}) & {lit['kmax']};",
            f"  else if (k <= {_literal((top - 1) + infinity + 1, kt)}) u = k - {past};",
            "  else u = k;",
            "  return XT(u);", "}",
            "bool lossy(XT bits) { return false; }",
        ]
    elif dtype.kind == "f":
        canonical = _literal(((1 << (bits - mantissa)) - 1) << (mantissa - 1), kt)
        lines += [
            "KT to_key(XT bits) {",
            f"  KT u = KT(bits); KT a = u & {lit['abs']}; KT k;",
            f"  if (a > {inf}) k = {lit['kmax']};",
            f"  else if (a == {lit['zero']}) k = {lit['sign']};",
            f"  else if ((u & {lit['sign']}) != {lit['zero']}) k = ~u & {lit['kmax']};",
            f"  else k = u | {lit['sign']};",
            flip, "  return k;", "}",
            "XT from_key(KT k) {",
            flip, "  KT u;",
            f"  if (k == {lit['kmax']}) u = {canonical};",
            f"  else if ((k & {lit['sign']}) != {lit['zero']}) u = k ^ {lit['sign']};",
            f"  else u = ~k & {lit['kmax']};",
            "  return XT(u);", "}",
            "bool lossy(XT bits) {",
            f"  KT u = KT(bits); return u == {lit['sign']} || ((u & {lit['abs']}) > {inf} && u != {canonical});",
            "}",
        ]
    else:
        to = f"KT(bits) ^ {lit['sign']}" if dtype.kind == "i" else "KT(bits)"
        back = f"k ^ {lit['sign']}" if dtype.kind == "i" else "k"
        lines += ["KT to_key(XT bits) {", f"  KT k = {to};", flip, "  return k;", "}",
                  "XT from_key(KT k) {", flip, f"  return XT({back});", "}",
                  "bool lossy(XT bits) { return false; }",
                  "bool is_nan(XT bits) { return false; }"]
    return [line for line in lines if line]


def row_tile_lines() -> list[str]:
    """GLSL ``uint row_tile(uint t, uint span, out uint row, out uint count)``: tile t of rows of ``p.n`` elements cut
    into ``p.tpr`` tiles of ``span`` each (the last one shorter): its row, its element count, and its first
    element's index in the flat array."""
    return ["uint row_tile(uint t, uint span, out uint row, out uint count) {",
            "  row = t / p.tpr;",
            "  uint c = t - row * p.tpr;",
            "  count = min(span, p.n - c * span);",
            "  return row * p.n + c * span;",
            "}"]


# -- ranking ---------------------------------------------------------------------------------------------------
def scan_lines(geometry: Geometry) -> list[str]:
    """GLSL of the tile's geometry (macros WG, ITEMS, TILE, NSGMAX), ``uint local_index(uint j)`` (the tile
    position of item j of this invocation), ``uint tile_id()`` (the workgroup's tile on a 2-D grid of ``p.gx``
    columns) and ``uint wg_exclusive_add(uint v, out uint total)`` (the workgroup's exclusive prefix sum)."""
    g = geometry
    return f"""
#define WG {g.wg}u
#define ITEMS {g.items}u
#define TILE {g.tile}u
#define NSGMAX {g.nsg}u
shared uint s_sum[NSGMAX];

uint local_index(uint j) {{
  return gl_SubgroupID * gl_SubgroupSize * ITEMS + j * gl_SubgroupSize + gl_SubgroupInvocationID;
}}

uint tile_id() {{
  return gl_WorkGroupID.y * p.gx + gl_WorkGroupID.x;
}}

uint wg_exclusive_add(uint v, out uint total) {{
  uint incl = subgroupInclusiveAdd(v);
  uint whole = subgroupAdd(v);
  if (subgroupElect()) s_sum[gl_SubgroupID] = whole;
  barrier();
  uint before = 0u, all = 0u;
  for (uint s = 0u; s < gl_NumSubgroups; s++) {{
    uint c = s_sum[s];
    before += s < gl_SubgroupID ? c : 0u;
    all += c;
  }}
  barrier();
  total = all;
  return before + incl - v;
}}
""".strip("\n").split("\n")


def pair_scan_lines(counts: str, offset: str = "0u") -> list[str]:
    """GLSL ``void scan_tile_pairs(uint first, uint a, uint b)``: the exclusive scans, from a and from b, of the
    pairs of counts of a row's ``p.tpr`` tiles from tile ``first`` (``counts(2t)`` and ``counts(2t + 1)``), written
    to ``counts(offset + 2t)`` and ``counts(offset + 2t + 1)`` (in place for offset 0). Needs :func:`scan_lines`."""
    return f"""
void scan_tile_pairs(uint first, uint a, uint b) {{
  for (uint c = 0u; c < p.tpr; c += WG) {{
    uint i = c + gl_LocalInvocationID.x;
    uint x = i < p.tpr ? {counts}(2u * (first + i)) : 0u;
    uint y = i < p.tpr ? {counts}(2u * (first + i) + 1u) : 0u;
    uint tx, ty;
    uint ex = wg_exclusive_add(x, tx);
    uint ey = wg_exclusive_add(y, ty);
    if (i < p.tpr) {{
      {counts}({offset} + 2u * (first + i)) = a + ex;
      {counts}({offset} + 2u * (first + i) + 1u) = b + ey;
    }}
    a += tx;
    b += ty;
  }}
}}
""".strip("\n").split("\n")


def rank_lines(geometry: Geometry) -> list[str]:
    """GLSL of :func:`scan_lines` and ``bool rank_tile()``, which ranks the digits ``dig[j]``
    (0..255) of the tile's elements stably into their sorted tile positions ``pos[j]`` and returns false where
    every element has the same digit (the order does not change). ``s_start[d]`` keeps where digit d starts in
    the sorted tile."""
    per = max(1, -(-256 // geometry.wg))
    return [*scan_lines(geometry), *f"""
shared uint s_cnt[NSGMAX * 256u];
shared uint s_start[256];
shared uint s_flag;
uint dig[ITEMS];
uint pos[ITEMS];

bool rank_tile() {{
  uint tid = gl_LocalInvocationID.x;
  for (uint i = tid; i < NSGMAX * 256u; i += WG) s_cnt[i] = 0u;
  if (tid == 0u) s_flag = 0u;
  barrier();
  uint row = gl_SubgroupID * 256u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {{
    uint d = dig[j];
    uvec4 peers = subgroupBallot(true);
    [[unroll]] for (uint b = 0u; b < 8u; b++) {{
      bool bit = ((d >> b) & 1u) != 0u;
      uvec4 m = subgroupBallot(bit);
      peers &= bit ? m : ~m;
    }}
    uint below = subgroupBallotExclusiveBitCount(peers);
    uint c = s_cnt[row + d];
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    if (below == 0u) s_cnt[row + d] = c + subgroupBallotBitCount(peers);
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    pos[j] = c + below;
  }}
  barrier();
  // each invocation takes {per} digit(s): offsets over the subgroups, then the digits' starts in the tile
  uint mine = 0u;
  uint first = tid * {per}u;
  [[unroll]] for (uint k = 0u; k < {per}u; k++) {{
    uint d = first + k;
    if (d < 256u) {{
      uint run = 0u;
      for (uint s = 0u; s < gl_NumSubgroups; s++) {{
        uint c = s_cnt[s * 256u + d];
        s_cnt[s * 256u + d] = run;
        run += c;
      }}
      if (run == TILE) s_flag = 1u;
      s_start[d] = run;
      mine += run;
    }}
  }}
  uint total;
  uint start = wg_exclusive_add(mine, total);
  [[unroll]] for (uint k = 0u; k < {per}u; k++) {{
    uint d = first + k;
    if (d < 256u) {{
      uint c = s_start[d];
      s_start[d] = start;
      start += c;
    }}
  }}
  barrier();
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) pos[j] += s_start[dig[j]] + s_cnt[row + dig[j]];
  bool moves = s_flag == 0u;
  barrier();
  return moves;
}}
""".strip("\n").split("\n")]
