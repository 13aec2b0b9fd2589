"""Sorting kernels: a stable LSD radix sort over the whole array (reduce-then-scan per 8-bit digit) and a
sort of short rows inside one workgroup's shared memory.

**Rows of at most a tile** (:class:`TileSortSpec`): a workgroup loads ``rt`` whole rows (contiguous, padded with
the largest key), ranks them by each 8-bit digit of the key in turn (:func:`sort_glsl.rank_tile`, stable),
moving keys and tile positions through shared memory, then ranks by the row within the tile (rt > 1), and writes
the rows back sorted. One dispatch.

**Anything longer** (:class:`RadixSpec`), one pass per 8-bit digit of the key, least significant first. Tiles
never straddle rows (``tpr`` tiles a row; the flat array is one row), and elements never leave their row: a sort of
many long rows is a segmented sort, as fast per element as one long row. Every pass is reduce-then-scan, so no
workgroup ever waits for another:

1. ``histogram`` (once): the counts of every digit of every pass over the whole input, into the state buffer S;
   whether a float's key loses its value somewhere (-0.0, a NaN other than the canonical one).
2. ``plan`` (once, one workgroup): each pass's digit starts (an exclusive scan of its counts); a pass where all
   elements share the digit is skipped (code 1), or, as the first or last pass, copies in order (code 2); which
   of the two key/value buffers each pass reads (its parity), counting only the passes that run.
3. per pass, ``upsweep``: each tile's digit counts into H (digit by digit for one row, tile by tile for several);
   ``spine`` (one row): one workgroup per digit scans its row of H and adds the digit's start, or
   ``rowspine`` (several rows): one workgroup per row scans the row's tiles per digit and adds the row's start
   and the digit's start within the row; H then holds where each (digit, tile) goes;
   ``scatter``: each tile ranks its elements (stable), puts them in digit order in shared memory and writes
   each to its (digit, tile)'s place plus its rank among the tile's elements of that digit; a tile of several
   chunks (``chunks``) is ranked and written a chunk at a time, each digit's place carried on, the next chunk's
   loads issued before the current one is ranked. The first pass
   reads the input (keys made on the fly, values = indices), the last writes the outputs (values from the keys,
   or, where the keys lost them and indices moved, from the input; int64 indices within the row).
4. a sort of floats without indices whose keys lost values (the histogram's flag, read on the GPU: the kernels
   return at once without it): ``fixcount`` counts each tile's zeros and NaNs, ``fixspine`` finds each row's run
   of zeros and of NaNs in the sorted output (WG-ary searches) and scans the tiles' counts from there, and
   ``fixwrite`` writes the input's zeros and NaNs over those runs in input order (the order a stable sort keeps;
   tiles holding neither return at once).

Values (the flat indices) move with the keys only where asked (argsort); a sort of floats moves keys alone even
where -0.0 or NaN payloads are lost in them (step 4 writes them back: an H200 sorted 2^24 standard-normal float32,
one -0.0 among them, in 1.45-1.49 ms instead of 1.76-1.83 moving the input's bits as values).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dtypes import DType
from . import sort_glsl as sg
from .sort_glsl import Buffer, Geometry

STATE_CODES = 16  # S[16 + pass]: 0 run, 1 skip, 2 copy in order
STATE_PARITY = 32  # S[32 + pass]: the buffer pair the pass reads (it writes the other)
STATE_COUNTS = 64  # S[64 + pass * 256 + digit]: the digit's count, then its start
MAX_PASSES = 16
_GLOBAL_SCALARS = ("n", "total", "tiles", "gx", "shift", "step", "mode", "mg", "sh", "xoff", "tpr")
_TILE_SCALARS = ("n", "total", "rt", "gx", "tiles", "xoff")
MODE_FIRST, MODE_LAST = 1, 2


def _div_lines() -> list[str]:
    """``uint div_n(uint v)``: v / p.n by the host's magic numbers p.mg, p.sh (glsl.division_magic)."""
    return ["uint div_n(uint v) {", "  uint hi, lo; umulExtended(v, p.mg, hi, lo);",
            "  return (hi + ((v - hi) >> 1)) >> p.sh;", "}"]


def _index_type(index_bytes: int) -> str:
    return "uint64_t" if index_bytes == 8 else "uint"


@dataclass(frozen=True)
class RadixSpec(sg.BufferSpec):
    """One kernel of the global radix sort of ``dtype`` keys (see the module docstring).

    ``key_passes``: the digits of the key; ``rows``: several rows (sorted each on its own); ``values``:
    "none" (never moved) or "always";
    ``out_values``/``out_index``: what the last pass writes (``index_bytes`` 8: int64, 4: int32); ``scoped``:
    atomics name their scopes (sort_glsl.atomic_lines); ``chunks``: a tile is ``chunks`` times the geometry's
    (fewer registers a thread for the same number of tiles); ``exact_keys``: float keys that keep every value's bits
    (:func:`sort_glsl.key_lines`' ``exact``: the order of a sort that need not be stable, no fix-up)."""

    stage: str
    dtype: DType
    descending: bool
    key_passes: int
    rows: bool
    values: str
    out_values: bool
    out_index: bool
    index_bytes: int
    geometry: Geometry
    scoped: bool = False
    addresses: bool = False
    chunks: int = 1
    exact_keys: bool = False
    groups_per: ClassVar[int] = 1

    SCALARS: ClassVar[tuple[str, ...]] = _GLOBAL_SCALARS

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        xt, xb = sg.BITS_TYPES[self.dtype.itemsize], self.dtype.itemsize
        # keys are stored at the dtype's width (computed on as KT)
        return (Buffer("X", xt, xb, True), Buffer("K0", xt, xb), Buffer("K1", xt, xb), Buffer("V0", "uint", 4),
                Buffer("V1", "uint", 4), Buffer("H", "uint", 4), Buffer("S", "uint", 4), Buffer("OV", xt, xb),
                Buffer("OI", _index_type(self.index_bytes), self.index_bytes))

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        passes = self.key_passes
        if not 0 < passes <= MAX_PASSES:
            raise ValueError(f"a radix sort of {passes} passes")
        wg = self.geometry.wg
        lines = sg.header(sg.storage_extensions(self.dtype.itemsize, 8 if self.dtype.itemsize == 8 else 4,
                                                self.index_bytes), float_controls, wg, self.addresses)
        lines += self.declarations()
        lines += sg.key_lines(self.dtype, self.descending, self.exact_keys)
        lines += sg.atomic_lines(self.scoped)
        lines += _div_lines()
        lines += [f"#define NP {passes}u", f"#define ROWS {int(self.rows)}",
                  f"#define TRACK_LOSSY {int(self.dtype.kind == 'f' and self.out_values and not self.exact_keys)}",
                  f"#define VALUES_ALWAYS {int(self.values == 'always')}",
                  f"#define NAN_KEY {'KT(0)' if self.descending else 'KMAX'}",
                  f"#define TILE_MAJOR {int(self.rows)}",
                  f"#define OUT_VALUES {int(self.out_values)}", f"#define OUT_INDEX {int(self.out_index)}",
                  f"#define OT {_index_type(self.index_bytes)}", f"#define CHUNKS {self.chunks}u",
                  "#define SPAN (TILE * CHUNKS)"]
        body = {"histogram": _HISTOGRAM, "plan": _PLAN, "upsweep": _UPSWEEP, "spine": _SPINE,
                "rowspine": _ROWSPINE, "scatter": _SCATTER, "fixcount": _FIX_COUNT, "fixspine": _FIX_SPINE,
                "fixwrite": _FIX_WRITE}[self.stage]
        lines += sg.rank_lines(self.geometry) if self.stage == "scatter" else sg.scan_lines(self.geometry)
        lines += sg.row_tile_lines()
        if self.stage == "fixspine":
            lines += sg.pair_scan_lines("H", "2u * p.tiles")  # into _FIX's STARTS
        return "\n".join([*lines, *_COMMON.split("\n"), *body.split("\n")]) + "\n"


_COMMON = """
// H, the (digit, tile) counts and places: digit by digit for one row (its spine reads a digit's tiles in a row),
// tile by tile for several (their spine's invocations, a digit each, read a tile's digits side by side: an H200
// sorted the rows of 8192^2 float32 in 4.68 ms instead of 6.30)
#define HD(d, t) H(TILE_MAJOR != 0 ? (t) * 256u + (d) : (d) * p.tiles + (t))
// tile t (SPAN elements, ranked and scattered in CHUNKS chunks of TILE): its first element and its number of them
uint tile_start(uint t, out uint count) {
  uint row;
  return row_tile(t, SPAN, row, count);
}
uint pass_digit(uint i, bool first, uint src) {
  KT k = first ? to_key(X(p.xoff + i)) : KT(src == 0u ? K0(i) : K1(i));
  return uint(k >> p.shift) & 255u;
}
"""

_HISTOGRAM = """
shared uint s_hist[NP * 256u];
shared uint s_lossy;
DEFINE_COUNT(s_hist)
void main() {
  uint tid = gl_LocalInvocationID.x;
  for (uint i = tid; i < NP * 256u; i += WG) s_hist[i] = 0u;
  if (tid == 0u) s_lossy = 0u;
  barrier();
  bool lost = false;
  uint stride = gl_NumWorkGroups.x * WG;
  for (uint i = gl_WorkGroupID.x * WG + tid; i < p.total; i += stride) {
    XT bits = X(p.xoff + i);
    KT k = to_key(bits);
    [[unroll]] for (uint q = 0u; q < NP; q++) count(q * 256u + (uint(k >> (8u * q)) & 255u));
    if (TRACK_LOSSY != 0) lost = lost || lossy(bits);
  }
  if (lost) s_lossy = 1u;
  barrier();
  for (uint i = tid; i < NP * 256u; i += WG) {
    uint c = s_hist[i];
    if (c != 0u) BUFFER_ADD(S(64u + i), c);
  }
  if (tid == 0u && s_lossy != 0u) BUFFER_OR(S(0u), 1u);
}
"""

_PLAN = """
shared uint s_trivial[NP];
void main() {
  uint tid = gl_LocalInvocationID.x;
  const uint PER = (256u + WG - 1u) / WG;
  if (tid < NP) s_trivial[tid] = 0u;
  barrier();
  for (uint q = 0u; q < NP; q++) {
    uint mine = 0u;
    [[unroll]] for (uint k = 0u; k < PER; k++) {
      uint d = tid * PER + k;
      if (d < 256u) {
        uint c = S(64u + q * 256u + d);
        if (c == p.total) s_trivial[q] = 1u;
        mine += c;
      }
    }
    uint total;
    uint start = wg_exclusive_add(mine, total);
    [[unroll]] for (uint k = 0u; k < PER; k++) {
      uint d = tid * PER + k;
      if (d < 256u) {
        uint c = S(64u + q * 256u + d);
        S(64u + q * 256u + d) = start;
        start += c;
      }
    }
  }
  barrier();
  if (tid == 0u) {
    uint ran = 0u;
    for (uint q = 0u; q < NP; q++) {
      bool edge = q == 0u || q == NP - 1u;
      uint code = s_trivial[q] == 0u ? 0u : (edge ? 2u : 1u);
      S(16u + q) = code;
      S(32u + q) = (ran + 1u) & 1u;
      if (code != 1u) ran++;
    }
  }
}
"""

_UPSWEEP = """
shared uint s_h[256];
DEFINE_COUNT(s_h)
void main() {
  uint t = tile_id();
  if (t >= p.tiles || S(16u + p.step) != 0u) return;
  uint tid = gl_LocalInvocationID.x;
  for (uint d = tid; d < 256u; d += WG) s_h[d] = 0u;
  barrier();
  bool first = (p.mode & 1u) != 0u;
  uint src = S(32u + p.step);
  uint n;
  uint start = tile_start(t, n);
  [[unroll]] for (uint j = 0u; j < ITEMS * CHUNKS; j++) {
    uint li = j * WG + tid;
    if (li < n) count(pass_digit(start + li, first, src));
  }
  barrier();
  for (uint d = tid; d < 256u; d += WG) HD(d, t) = s_h[d];
}
"""

_SPINE = """
void main() {
  if (S(16u + p.step) != 0u) return;
  uint tid = gl_LocalInvocationID.x;
  uint d = gl_WorkGroupID.x;
  uint carry = S(64u + p.step * 256u + d);
  for (uint c = 0u; c < p.tiles; c += WG * 4u) {
    uint v[4];
    uint mine = 0u;
    [[unroll]] for (uint k = 0u; k < 4u; k++) {
      uint i = c + tid * 4u + k;
      v[k] = i < p.tiles ? HD(d, i) : 0u;
      mine += v[k];
    }
    uint total;
    uint start = carry + wg_exclusive_add(mine, total);
    [[unroll]] for (uint k = 0u; k < 4u; k++) {
      uint i = c + tid * 4u + k;
      if (i < p.tiles) HD(d, i) = start;
      start += v[k];
    }
    carry += total;
  }
}
"""

_ROWSPINE = """
void main() {
  uint r = tile_id();
  if (r * p.tpr >= p.tiles || S(16u + p.step) != 0u) return;
  uint tid = gl_LocalInvocationID.x;
  const uint PER = (256u + WG - 1u) / WG;
  uint first = r * p.tpr;
  uint totals[PER];
  uint mine = 0u;
  [[unroll]] for (uint k = 0u; k < PER; k++) {
    uint d = tid * PER + k;
    uint run = 0u;
    if (d < 256u) {
      for (uint c = 0u; c < p.tpr; c++) {
        uint x = HD(d, first + c);
        HD(d, first + c) = run;
        run += x;
      }
    }
    totals[k] = run;
    mine += run;
  }
  uint total;
  uint start = r * p.n + wg_exclusive_add(mine, total);
  [[unroll]] for (uint k = 0u; k < PER; k++) {
    uint d = tid * PER + k;
    if (d < 256u) {
      for (uint c = 0u; c < p.tpr; c++) HD(d, first + c) += start;
    }
    start += totals[k];
  }
}
"""

_SCATTER = """
shared KT s_k[TILE];
shared uint s_v[TILE];
shared uint s_base[256];
shared uint s_run[256];
KT key[ITEMS];
uint val[ITEMS];
KT next_key[ITEMS];
uint next_val[ITEMS];

// the keys (and values) of the chunk of count elements at start, into next_key / next_val (padded with KALL)
void load_chunk(uint start, uint count, bool first, uint src, bool moving) {
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = local_index(j);
    uint i = start + li;
    next_key[j] = KALL;
    next_val[j] = 0xffffffffu;
    if (li < count) {
      if (first) {
        XT bits = X(p.xoff + i);
        next_key[j] = to_key(bits);
        next_val[j] = i;
      } else {
        next_key[j] = KT(src == 0u ? K0(i) : K1(i));
        if (moving) next_val[j] = src == 0u ? V0(i) : V1(i);
      }
    }
  }
}

void emit(uint g, KT k, uint v, bool last, uint src, bool moving, bool gather) {
  if (!last) {
    if (src != 0u) { K0(g) = XT(k); if (moving) V0(g) = v; }
    else { K1(g) = XT(k); if (moving) V1(g) = v; }
    return;
  }
  if (OUT_VALUES != 0) OV(g) = gather ? X(p.xoff + v) : from_key(k);
  if (OUT_INDEX != 0) OI(g) = OT(ROWS != 0 ? v - div_n(v) * p.n : v);
}

void main() {
  uint t = tile_id();
  if (t >= p.tiles) return;
  uint code = S(16u + p.step);
  if (code == 1u) return;
  uint tid = gl_LocalInvocationID.x;
  bool first = (p.mode & 1u) != 0u, last = (p.mode & 2u) != 0u;
  uint src = S(32u + p.step);
  bool moving = VALUES_ALWAYS != 0;
  bool gather = moving && TRACK_LOSSY != 0 && S(0u) != 0u;  // the keys lost values: take them from X
  uint span;
  uint first_of_tile = tile_start(t, span);
  // s_run[d]: where the tile's next element of digit d goes (its digit's start, then past each chunk's)
  if (code == 0u) for (uint d = tid; d < 256u; d += WG) s_run[d] = HD(d, t);
  load_chunk(first_of_tile, min(TILE, span), first, src, moving);
  for (uint c = 0u; c < CHUNKS; c++) {
    if (c * TILE >= span) break;  // the same for the whole workgroup
    uint start = first_of_tile + c * TILE;
    uint count = min(TILE, span - c * TILE);
    [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
      key[j] = next_key[j];
      val[j] = next_val[j];
    }
    // the next chunk's loads are in flight while this one is ranked and written
    if (c + 1u < CHUNKS && (c + 1u) * TILE < span)
      load_chunk(start + TILE, min(TILE, span - (c + 1u) * TILE), first, src, moving);
    if (code == 2u) {
      [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
        uint li = local_index(j);
        if (li < count) emit(start + li, key[j], val[j], last, src, moving, gather);
      }
      continue;
    }
    [[unroll]] for (uint j = 0u; j < ITEMS; j++) dig[j] = uint(key[j] >> p.shift) & 255u;
    rank_tile();
    [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
      s_k[pos[j]] = key[j];
      if (moving) s_v[pos[j]] = val[j];
    }
    for (uint d = tid; d < 256u; d += WG) s_base[d] = s_run[d] - s_start[d];
    barrier();
    [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
      uint li = j * WG + tid;
      if (li < count) {
        KT k = s_k[li];
        uint v = moving ? s_v[li] : 0u;
        uint d = uint(k >> p.shift) & 255u;
        emit(s_base[d] + li, k, v, last, src, moving, gather);
      }
    }
    // the chunk's elements of digit d: from its start to the next digit's (the padding sorts last, in digit 255)
    for (uint d = tid; d < 256u; d += WG) s_run[d] += (d < 255u ? s_start[d + 1u] : count) - s_start[d];
    barrier();
  }
}
"""

# Float keys that lost values (-0.0, NaN payloads) without indices to gather them by: the sorted output holds +0.0
# for every zero and the canonical NaN for every NaN, each class in one run; a stable sort keeps each class in input
# order, so the input's zeros and NaNs, compacted in order, are written over the two runs.
_FIX = """
#define SPAN_ITEMS (ITEMS * CHUNKS)
#define STARTS (2u * p.tiles)  // H: each tile's counts, then where its zeros and NaNs go
// 1 for a zero, 1 << 16 for a NaN, else 0 (a tile's counts of each fit 16 bits)
uint fix_class(XT bits) {
  return to_key(bits) == to_key(XT(0)) ? 1u : (is_nan(bits) ? 0x10000u : 0u);
}
"""

_FIX_COUNT = _FIX + """
void main() {
  uint t = tile_id();
  if (t >= p.tiles || S(0u) == 0u) return;
  uint tid = gl_LocalInvocationID.x;
  uint n;
  uint start = tile_start(t, n);
  uint mine = 0u;
  [[unroll]] for (uint j = 0u; j < SPAN_ITEMS; j++) {
    uint li = j * WG + tid;
    if (li < n) mine += fix_class(X(p.xoff + start + li));
  }
  uint total;
  wg_exclusive_add(mine, total);
  if (tid == 0u) {
    H(2u * t) = total & 0xffffu;
    H(2u * t + 1u) = total >> 16;
  }
}
"""

_FIX_SPINE = _FIX + """
// the first of the sorted row's elements at base whose key is at least k: each round probes WG evenly spaced
// elements of the range left (a WG-ary search)
uint lower_bound(uint base, KT k) {
  uint lo = 0u, hi = p.n;
  while (lo < hi) {  // the same for the whole workgroup
    uint step = (hi - lo + WG - 1u) / WG;
    uint at = lo + gl_LocalInvocationID.x * step;
    uint total;
    wg_exclusive_add(at < hi && to_key(OV(base + at)) < k ? 1u : 0u, total);
    uint below = lo + total * step;  // the probes below k are the first total ones
    lo = total == 0u ? lo : below - step + 1u;
    hi = min(hi, below);
  }
  return base + lo;
}
void main() {
  uint r = tile_id();
  if (r * p.tpr >= p.tiles || S(0u) == 0u) return;
  scan_tile_pairs(r * p.tpr, lower_bound(r * p.n, to_key(XT(0))), lower_bound(r * p.n, NAN_KEY));
}
"""

_FIX_WRITE = _FIX + """
void main() {
  uint t = tile_id();
  if (t >= p.tiles || S(0u) == 0u || H(2u * t) + H(2u * t + 1u) == 0u) return;  // nothing of either class
  uint tid = gl_LocalInvocationID.x;
  uint n;
  uint start = tile_start(t, n);
  XT bits[SPAN_ITEMS];
  [[unroll]] for (uint j = 0u; j < SPAN_ITEMS; j++) {
    uint li = j * WG + tid;
    bits[j] = li < n ? X(p.xoff + start + li) : XT(1);
  }
  uint zeros = H(STARTS + 2u * t), nans = H(STARTS + 2u * t + 1u);
  [[unroll]] for (uint j = 0u; j < SPAN_ITEMS; j++) {
    uint c = j * WG + tid < n ? fix_class(bits[j]) : 0u;
    uint total;
    uint before = wg_exclusive_add(c, total);
    if (c == 1u) OV(zeros + (before & 0xffffu)) = bits[j];
    if (c > 1u) OV(nans + (before >> 16)) = bits[j];
    zeros += total & 0xffffu;
    nans += total >> 16;
  }
}
"""


@dataclass(frozen=True)
class TileSortSpec(sg.BufferSpec):
    """Sorts rows of ``n`` <= TILE elements, ``rt`` rows per workgroup (see the module docstring). Bindings: the
    input X, the sorted values OV, the indices within the row OI."""

    dtype: DType
    descending: bool
    out_values: bool
    out_index: bool
    index_bytes: int
    geometry: Geometry
    addresses: bool = False
    groups_per: ClassVar[int] = 1

    SCALARS: ClassVar[tuple[str, ...]] = _TILE_SCALARS

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        xt, xb = sg.BITS_TYPES[self.dtype.itemsize], self.dtype.itemsize
        return (Buffer("X", xt, xb, True), Buffer("OV", xt, xb),
                Buffer("OI", _index_type(self.index_bytes), self.index_bytes))

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        key_bytes = 8 if self.dtype.itemsize == 8 else 4
        lines = sg.header(sg.storage_extensions(self.dtype.itemsize, key_bytes, self.index_bytes), float_controls,
                          self.geometry.wg, self.addresses)
        lines += self.declarations()
        lines += sg.key_lines(self.dtype, self.descending)
        lines += sg.rank_lines(self.geometry)
        lines += [f"#define NKP {-(-sg.key_bits(self.dtype) // 8)}u", f"#define FLOAT {int(self.dtype.kind == 'f')}",
                  f"#define OUT_VALUES {int(self.out_values)}", f"#define OUT_INDEX {int(self.out_index)}",
                  f"#define OT {_index_type(self.index_bytes)}"]
        return "\n".join([*lines, *_TILE.split("\n")]) + "\n"


_TILE = """
shared KT s_k[TILE];
shared uint s_v[TILE];
KT key[ITEMS];
uint val[ITEMS];

void exchange() {
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    s_k[pos[j]] = key[j];
    s_v[pos[j]] = val[j];
  }
  barrier();
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = local_index(j);
    key[j] = s_k[li];
    val[j] = s_v[li];
  }
  barrier();
}

void main() {
  uint t = tile_id();
  if (t >= p.tiles) return;
  uint base = t * p.rt * p.n;
  uint count = min(p.rt * p.n, p.total - base);
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = local_index(j);
    key[j] = li < count ? to_key(X(p.xoff + base + li)) : KALL;
    val[j] = li;
  }
  for (uint q = 0u; q < NKP; q++) {
    [[unroll]] for (uint j = 0u; j < ITEMS; j++) dig[j] = uint(key[j] >> (8u * q)) & 255u;
    if (rank_tile()) exchange();
  }
  if (p.rt > 1u) {
    [[unroll]] for (uint j = 0u; j < ITEMS; j++) dig[j] = min(val[j] / p.n, p.rt);
    if (rank_tile()) exchange();
  }
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint li = local_index(j);
    if (li < count) {
      uint g = base + li;
      if (OUT_VALUES != 0) OV(g) = FLOAT != 0 ? X(p.xoff + base + val[j]) : from_key(key[j]);
      if (OUT_INDEX != 0) OI(g) = OT(val[j] % p.n);
    }
  }
}
"""
