"""Selection kernels: the k best elements of each row by radix select, for ``topk`` of long rows.

The keys are the sort's (:func:`sort_glsl.key_lines`: unsigned integers in the wanted order, descending flipped,
NaN where NumPy and PyTorch put it), so the k best of a row are its k smallest keys, ties in input order.

1. ``count``, once per 8-bit digit from the top: each tile counts the digits of its row's keys that still match
   the row's prefix (the digits found so far) into the row's 256 counters H.
2. ``pick`` (one workgroup per row, an invocation per digit): the digit where the row's k-th best key lies joins
   the prefix; the row's remaining count drops by the keys of smaller digits; H is cleared for the next pass.
   After the last digit the prefix is T, the k-th best key, and ``remaining`` says how many keys equal to T are
   taken (the first ones in input order).
3. ``tally``: each tile's counts of keys below T and equal to T, into C;
   ``offsets`` (one workgroup per row): C scanned over the row's tiles (exclusive);
   ``emit``: every key below T, and the first ``remaining`` keys equal to T, writes its place in the row to
   O[row * k + rank], rank counting the taken keys before it in input order.

O then holds each row's k best positions in input order; the caller sorts those k candidates (a stable sort
keeps ties in input order). Every pass reads the row once; no workgroup waits for another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dtypes import DType
from . import sort_glsl as sg
from .sort_glsl import Buffer

STAGES = ("count", "pick", "tally", "offsets", "emit")
WG = 256
ITEMS = 16
TILE = WG * ITEMS  # keys a workgroup reads in count, tally and emit
STATE_WORDS = 4  # per row: the prefix (low, high word), the keys still wanted, unused
_SCALARS = ("n", "rows", "tpr", "k", "shift", "mask_lo", "mask_hi", "xoff", "gx")


@dataclass(frozen=True)
class SelectSpec(sg.BufferSpec):
    """One stage (see the module docstring) of the radix select of ``dtype`` keys, ``descending`` for the largest.
    Buffers: the input X, the counters H (rows * 256), the row states S (rows * STATE_WORDS), the tile counts
    C (2 per tile), the chosen places O (rows * k)."""

    stage: str
    dtype: DType
    descending: bool
    scoped: bool = False
    addresses: bool = False
    groups_per: ClassVar[int] = 1

    SCALARS: ClassVar[tuple[str, ...]] = _SCALARS
    NEEDS: ClassVar[str] = "topk"

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        return (Buffer("X", sg.BITS_TYPES[self.dtype.itemsize], self.dtype.itemsize, True), Buffer("H", "uint", 4),
                Buffer("S", "uint", 4), Buffer("C", "uint", 4), Buffer("O", "uint", 4))

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        if self.stage not in STAGES:
            raise ValueError(f"SelectSpec: unknown stage {self.stage!r}")
        key_bytes = 8 if self.dtype.itemsize == 8 else 4
        lines = sg.header(sg.storage_extensions(self.dtype.itemsize, key_bytes), float_controls, WG,
                          self.addresses)
        lines += self.declarations()
        lines += sg.key_lines(self.dtype, self.descending)
        lines += sg.atomic_lines(self.scoped)
        lines += sg.scan_lines(sg.Geometry(WG, ITEMS, WG))  # room for subgroups of one
        lines += sg.row_tile_lines()
        lines += sg.pair_scan_lines("C")
        lines.append(f"#define STAGED {int(key_bytes == 4)}")
        body = {"count": _COUNT, "pick": _PICK, "tally": _TALLY, "offsets": _OFFSETS, "emit": _EMIT}[self.stage]
        return "\n".join([*lines, *_COMMON.split("\n"), *body.split("\n")]) + "\n"


_COMMON = """
KT joined(uint low, uint high) {  // shifted twice: a 32-bit KT keeps the low word only
  return (KT(high) << 16u << 16u) | KT(low);
}
KT prefix_of(uint r) {
  return joined(S(r * 4u), S(r * 4u + 1u));
}
// 1 where a key is below the bound, 65536 where it equals it (a tile's counts of both fit one word each)
uint below_or_equal_key(KT k, KT bound) {
  return k < bound ? 1u : k == bound ? 65536u : 0u;
}
uint below_or_equal(uint i, KT bound) {
  return below_or_equal_key(to_key(X(p.xoff + i)), bound);
}
"""

# the start of the kernels over tiles: the tile t (all of a workgroup returns together), its row r and its keys'
# range [start, start + size) in the flat input
_TILE_START = """  uint t = tile_id();
  if (t >= p.rows * p.tpr) return;
  uint tid = gl_LocalInvocationID.x;
  uint r, size;
  uint start = row_tile(t, TILE, r, size);
"""

_COUNT = """
shared uint s_h[256];
DEFINE_COUNT(s_h)
void main() {
""" + _TILE_START + """  s_h[tid] = 0u;
  barrier();
  KT mask = joined(p.mask_lo, p.mask_hi);
  KT want = prefix_of(r) & mask;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = j * WG + tid;
    if (li < size) {
      KT k = to_key(X(p.xoff + start + li));
      if ((k & mask) == want) count(uint(k >> p.shift) & 255u);
    }
  }
  barrier();
  uint c = s_h[tid];
  if (c != 0u) BUFFER_ADD(H(r * 256u + tid), c);
}
"""

_PICK = """
void main() {
  uint r = tile_id();
  if (r >= p.rows) return;
  uint d = gl_LocalInvocationID.x;  // one invocation per digit
  uint left = S(r * 4u + 2u);
  uint c = H(r * 256u + d);
  H(r * 256u + d) = 0u;
  uint total;
  uint below = wg_exclusive_add(c, total);
  if (below < left && below + c >= left) {  // the digit of the row's left-th best key
    KT prefix = prefix_of(r) | (KT(d) << p.shift);
    S(r * 4u) = uint(prefix);
    S(r * 4u + 1u) = uint(prefix >> 16u >> 16u);
    S(r * 4u + 2u) = left - below;
  }
}
"""

_TALLY = """
void main() {
""" + _TILE_START + """  KT bound = prefix_of(r);
  uint mine = 0u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = j * WG + tid;
    if (li < size) mine += below_or_equal(start + li, bound);
  }
  uint total;
  wg_exclusive_add(mine, total);
  if (tid == 0u) { C(2u * t) = total & 65535u; C(2u * t + 1u) = total >> 16u; }
}
"""

_OFFSETS = """
void main() {
  uint r = tile_id();
  if (r >= p.rows) return;
  scan_tile_pairs(r * p.tpr, 0u, 0u);
}
"""

_EMIT = """
#if STAGED
// the tile's keys, loaded coalesced and read back by each invocation's ITEMS consecutive ones (a word of padding
// every 32 keeps those reads free of bank conflicts); 64-bit keys read their own from memory (the staged tile
// would pass some devices' 32 KiB of shared memory)
shared KT s_keys[TILE + TILE / 32u];
#endif
void main() {
""" + _TILE_START + """  KT bound = prefix_of(r);
  uint wanted = S(r * 4u + 2u);
  uint less = C(2u * t), equal = C(2u * t + 1u);
#if STAGED
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = j * WG + tid;
    if (li < size) s_keys[li + li / 32u] = to_key(X(p.xoff + start + li));
  }
  barrier();
#endif
  // items in tile order: invocation tid holds the ITEMS consecutive keys from tid * ITEMS
  uint flags[ITEMS];
  uint mine = 0u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = tid * ITEMS + j;
#if STAGED
    uint f = li < size ? below_or_equal_key(s_keys[li + li / 32u], bound) : 0u;
#else
    uint f = li < size ? below_or_equal(start + li, bound) : 0u;
#endif
    flags[j] = f;
    mine += f;
  }
  uint total;
  uint before = wg_exclusive_add(mine, total);
  uint lb = less + (before & 65535u), eb = equal + (before >> 16u);
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint f = flags[j];
    uint li = tid * ITEMS + j;
    if (f == 1u) O(r * p.k + lb + min(eb, wanted)) = start - r * p.n + li;
    else if (f == 65536u && eb < wanted) O(r * p.k + lb + eb) = start - r * p.n + li;
    lb += f & 65535u;
    eb += f >> 16u;
  }
}
"""
