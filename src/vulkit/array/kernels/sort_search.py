"""Binary search in a sorted array (``searchsorted``, ``isin``), and the compaction of sorted runs (``unique_*``).

Both compare sort keys (kernels/sort_glsl.py), so they order values as the sorts do: NaNs last, -0.0 equal to 0.0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dtypes import DType
from . import sort_glsl as sg
from .sort_glsl import Buffer, Geometry

_SEARCH_SCALARS = ("m", "total", "aoff", "boff", "invert")


def _index_type(index_bytes: int) -> str:
    return "uint64_t" if index_bytes == 8 else "uint"


@dataclass(frozen=True)
class SearchSpec(sg.BufferSpec):
    """For each element of B: its insertion point in the ascending A (through the sorter SRT where
    ``sorter``), before equal elements or after them (``right``); or (``isin``) whether an equal element is in
    A (NaN never is), inverted where p.invert. Bindings: A, SRT, B, O (int64/int32, or bool)."""

    dtype: DType
    right: bool
    sorter: bool
    isin: bool
    index_bytes: int
    addresses: bool = False
    groups_per: ClassVar[int] = 256

    SCALARS: ClassVar[tuple[str, ...]] = _SEARCH_SCALARS
    NEEDS: ClassVar[str] = "searchsorted"

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        xt, xb = sg.BITS_TYPES[self.dtype.itemsize], self.dtype.itemsize
        out = Buffer("O", "uint8_t", 1) if self.isin else Buffer("O", _index_type(self.index_bytes), self.index_bytes)
        return (Buffer("A", xt, xb, True), Buffer("SRT", "uint", 4, True), Buffer("B", xt, xb, True), out)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        key_bytes = 8 if self.dtype.itemsize == 8 else 4
        lines = sg.header(sg.storage_extensions(self.dtype.itemsize, key_bytes, self.index_bytes, 1), float_controls,
                          256, self.addresses)
        lines += self.declarations()
        lines += sg.key_lines(self.dtype, False)
        at = "A(p.aoff + min(SRT(mid), p.m - 1u))" if self.sorter else "A(p.aoff + mid)"
        found = "A(p.aoff + min(SRT(lo), p.m - 1u))" if self.sorter else "A(p.aoff + lo)"
        before = "km <= k" if self.right else "km < k"
        if self.isin:
            write = [f"    bool hit = lo < p.m && !is_nan(bits) && to_key({found}) == k;",
                     "    O(i) = (hit != (p.invert != 0u)) ? uint8_t(1) : uint8_t(0);"]
        else:
            write = ["    O(i) = OT(lo);"]
        lines += [f"#define OT {_index_type(self.index_bytes)}", "void main() {",
                  "  for (uint i = gl_GlobalInvocationID.x; i < p.total; i += gl_NumWorkGroups.x * 256u) {",
                  "    XT bits = B(p.boff + i);",
                  "    KT k = to_key(bits);",
                  "    uint lo = 0u, hi = p.m;",
                  "    while (lo < hi) {",
                  "      uint mid = lo + (hi - lo) / 2u;",
                  f"      KT km = to_key({at});",
                  f"      if ({before}) lo = mid + 1u; else hi = mid;",
                  "    }",
                  *write, "  }", "}"]
        return "\n".join(lines) + "\n"


_UNIQUE_SCALARS = ("total", "tiles", "gx", "uniq")


@dataclass(frozen=True)
class UniqueSpec(sg.BufferSpec):
    """One kernel of the compaction of the sorted values SV into their runs (each NaN a run of its own).

    ``count``: each tile's number of run starts into C[tile]; ``spine``: C scanned (exclusive, one workgroup),
    the number of runs into C[tiles]; ``emit``: each run's value OV, start OS (``starts``), first index OIDX (the sort's
    permutation P at the start, ``indices``), and each element's run into INV[P[i]] (``inverse``); ``counts``:
    each run's length into OC. Tiles are ``geometry.tile`` consecutive elements, read coalesced: the count pass
    a workgroup-stride apart, the emit pass in the sort's subgroup order (each subgroup a contiguous range, lane l's
    item j at j * SG + l), ballots placing the run starts (on an H100 15 % less time than ITEMS consecutive elements
    an invocation). Sorted complex numbers are compacted by their keys (kernels/sort_complex.py): SV the uint64
    (high) keys, SV2 the low ones (``second``), a key above ``distinct_above`` starting a run of its own (a NaN
    part), and no values written (``values``: the caller gathers them at the first indices)."""

    stage: str
    dtype: DType
    indices: bool
    inverse: bool
    index_bytes: int
    geometry: Geometry
    values: bool = True
    starts: bool = True
    second: bool = False
    distinct_above: int | None = None
    addresses: bool = False
    groups_per: ClassVar[int] = 1

    SCALARS: ClassVar[tuple[str, ...]] = _UNIQUE_SCALARS
    NEEDS: ClassVar[str] = "unique"

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        xt, xb = sg.BITS_TYPES[self.dtype.itemsize], self.dtype.itemsize
        ot, ob = _index_type(self.index_bytes), self.index_bytes
        return (Buffer("SV", xt, xb, True), Buffer("P", ot, ob, True), Buffer("C", "uint", 4), Buffer("OV", xt, xb),
                Buffer("OS", "uint", 4), Buffer("OIDX", ot, ob), Buffer("INV", ot, ob), Buffer("OC", ot, ob),
                *([Buffer("SV2", "uint64_t", 8, True)] if self.second else []))

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        key_bytes = 8 if self.dtype.itemsize == 8 else 4
        lines = sg.header(sg.storage_extensions(self.dtype.itemsize, key_bytes, self.index_bytes), float_controls,
                          self.geometry.wg, self.addresses)
        lines += self.declarations()
        lines += sg.key_lines(self.dtype, False)
        lines += sg.scan_lines(self.geometry)
        distinct = self.distinct_above
        lines += [f"#define OT {_index_type(self.index_bytes)}", f"#define INDICES {int(self.indices)}",
                  f"#define INVERSE {int(self.inverse)}", f"#define VALUES {int(self.values)}",
                  f"#define STARTS {int(self.starts)}",
                  f"#define SECOND {int(self.second)}", f"#define DISTINCT {int(distinct is not None)}",
                  f"#define DISTINCT_ABOVE {distinct or 0:#x}ul"]
        if self.second or distinct is not None:
            lines.insert(1, f"#extension {sg.INT64} : require")
        body = {"count": _COUNT, "spine": _SPINE, "emit": _EMIT, "counts": _COUNTS}[self.stage]
        return "\n".join([*lines, *_STARTS.split("\n"), *body.split("\n")]) + "\n"


_STARTS = """
bool starts_run(uint i) {
  XT bits = SV(i);
  if (i == 0u || is_nan(bits) || to_key(bits) != to_key(SV(i - 1u))) return true;
#if SECOND
  if (SV2(i) != SV2(i - 1u)) return true;
#endif
#if DISTINCT
  if (uint64_t(bits) > DISTINCT_ABOVE) return true;
#endif
  return false;
}
"""

_COUNT = """
void main() {
  uint t = tile_id();
  if (t >= p.tiles) return;
  uint mine = 0u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint i = t * TILE + j * WG + gl_LocalInvocationID.x;
    if (i < p.total && starts_run(i)) mine++;
  }
  uint total;
  wg_exclusive_add(mine, total);
  if (gl_LocalInvocationID.x == 0u) C(t) = total;
}
"""

_SPINE = """
void main() {
  uint tid = gl_LocalInvocationID.x;
  uint carry = 0u;
  for (uint c = 0u; c < p.tiles; c += WG * 4u) {
    uint v[4];
    uint mine = 0u;
    [[unroll]] for (uint k = 0u; k < 4u; k++) {
      uint i = c + tid * 4u + k;
      v[k] = i < p.tiles ? C(i) : 0u;
      mine += v[k];
    }
    uint total;
    uint start = carry + wg_exclusive_add(mine, total);
    [[unroll]] for (uint k = 0u; k < 4u; k++) {
      uint i = c + tid * 4u + k;
      if (i < p.tiles) C(i) = start;
      start += v[k];
    }
    carry += total;
  }
  if (tid == 0u) C(p.tiles) = carry;
}
"""

_EMIT = """
void main() {
  uint t = tile_id();
  if (t >= p.tiles) return;
  uint first = t * TILE;
  bool f[ITEMS];
  uint sub = 0u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint i = first + local_index(j);
    f[j] = i < p.total && starts_run(i);
    sub += subgroupBallotBitCount(subgroupBallot(f[j]));
  }
  uint total;
  uint run = C(t) + subgroupBroadcastFirst(wg_exclusive_add(subgroupElect() ? sub : 0u, total));
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint i = first + local_index(j);
    uvec4 ballot = subgroupBallot(f[j]);
    uint at = run + subgroupBallotExclusiveBitCount(ballot);
    uint inside = run + subgroupBallotInclusiveBitCount(ballot) - 1u;
    if (i < p.total) {
      if (f[j]) {
        if (VALUES != 0) OV(at) = SV(i);
        if (STARTS != 0) OS(at) = i;
        if (INDICES != 0) OIDX(at) = P(i);
      }
      if (INVERSE != 0) INV(uint(P(i))) = OT(inside);
    }
    run += subgroupBallotBitCount(ballot);
  }
}
"""

_COUNTS = """
void main() {
  for (uint g = gl_GlobalInvocationID.x; g < p.uniq; g += gl_NumWorkGroups.x * WG) {
    uint end = g + 1u < p.uniq ? OS(g + 1u) : p.total;
    OC(g) = OT(end - OS(g));
  }
}
"""
