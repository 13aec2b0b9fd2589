"""Window filters over images (``vt.image``'s filters and morphology): one kernel family, a workgroup per tile of
outputs reading a shared-memory tile with its halo.

A contiguous array is seen as ``(B1, R, M, W, C)``: ``kh`` window rows run along R (row stride ``RS = M W C``),
``kw`` window columns along W, with C elements (channels, or the axes after W) between horizontally adjacent
pixels; B1 and M are batches (element strides S1 and S2 = W C). A row of X = W C elements is contiguous, so

- a 1-D pass along a row (``kh = 1``) is a tile of ``TH`` rows x ``TX`` consecutive elements of X, with
  a halo of ``(kw - 1) C`` elements: coalesced, vec4 loads where aligned;
- a 1-D pass along R (``kw = 1``) is a tile of ``TH + kh - 1`` rows x ``TX`` columns, each thread holding four
  adjacent columns as one vec4 ("lanes") for ``PH`` rows;
- a 2-D window (non-separable weights, footprints, the median, the bilateral filter) is both halos at once;
- a separable filter's two passes (``separable``) are one kernel over that 2-D tile: the vertical pass of every
  column of the tile (halo included) into a second shared tile, then the horizontal pass from it, so the image is
  read and written once instead of twice (the two-pass kernels above remain for one-axis filters and for windows
  whose 2-D tile would not fit shared memory).

Boundary modes are resolved while the tile loads (no padded copy): the rows and the pixels of the halo go through
:data:`MAP` (scipy.ndimage's ``reflect``, ``mirror``, ``nearest``, ``wrap``, or ``constant``: the value ``cval``).
Each thread then computes ``PH x PX`` outputs from shared memory, reading each shared value once into registers for
all the outputs that use it (the code is unrolled in Python: window offsets are constants).

Operations (``op``): ``correlate`` (sum of weights x values, taps of zero weight skipped as scipy's ``correlate``
does; weights from a table buffer, or ``fixed`` in the code), ``mean`` (sum / n; integer results exact:
trunc(sum / n) computed on integers held exactly in floats), ``min`` / ``max`` (over a footprint, with an
additive ``structure`` from the table), ``rank`` (the k-th smallest of the footprint: a pruned Batcher
network for up to :data:`NETWORK_MAX` values, else quickselect in a local array), ``bilateral`` (scikit-image's
``denoise_bilateral``: spatial and colour look-up tables in the table buffer, one thread per pixel).
Values are read into float32 (float64 for float64 arrays), which holds every uint8, uint16 and float16 exactly,
and stored as scipy.ndimage stores them (integers truncated toward zero and wrapped, as C casts on x86).

Neural-network convolutions later: a conv layer is this tile with the channel axis as the contracted one: the
shared tile of a (B, H, W, Cin) input with its halo is loaded exactly as here (stride and dilation change the
index map, padding is the ``constant`` mode with 0), and each thread keeps ``PH x PX x Cout_tile`` accumulators,
looping over Cin with the weights ``(kh, kw, Cin, Cout)`` in shared memory: :meth:`WindowSpec.source`'s loader
and tile loop are shared; only the combine step (``_unrolled``: its per-(row, column) register reuse stays) grows
a loop over Cin and an index into Cout. Depthwise convolutions are this kernel with its table indexed by the
output's channel as well (C = channels, one window of weights per channel).
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ..dtypes import DType, float32, float64, int64, require_supported
from .glsl import VEC4, header, store
from .scan import Buffers

OPS = ("correlate", "mean", "min", "max", "rank", "bilateral")
MODES = {"reflect": 0, "mirror": 1, "nearest": 2, "wrap": 3, "constant": 4}
NETWORK_MAX = 64  # rank windows of up to this many values use a selection network; larger ones quickselect
UNROLL_MAX = 2048  # multiply-adds a thread's code may hold unrolled; larger windows loop over the taps

# The index of position j on an axis of n elements under each boundary mode (-1: the constant cval). GLSL's %
# is undefined for negative operands, hence the reflection of j < 0 through -1 - j.
MAP = """int vt_wrap(int j, int period) {
  return j >= 0 ? j % period : period - 1 - ((-1 - j) % period);
}
int vt_map(int j, int n, uint mode) {
  if (uint(j) < uint(n)) return j;
  if (mode == 4u) return -1;
  if (mode == 2u) return clamp(j, 0, n - 1);
  if (mode == 3u) return vt_wrap(j, n);
  if (mode == 1u) {
    if (n == 1) return 0;
    int m = vt_wrap(j, 2 * n - 2);
    return m >= n ? 2 * n - 2 - m : m;
  }
  int m = vt_wrap(j, 2 * n);
  return m >= n ? 2 * n - 1 - m : m;
}
"""


def batcher_pairs(n: int) -> list[tuple[int, int]]:
    """The comparators (i < j: min to i, max to j) of Batcher's odd-even merge sort of ``n`` values."""
    pairs = []
    p = 1
    while p < n:
        k = p
        while k >= 1:
            for j in range(k % p, n - k, 2 * k):
                for i in range(min(k, n - j - k)):
                    if (i + j) // (2 * p) == (i + j + k) // (2 * p):
                        pairs.append((i + j, i + j + k))
            k //= 2
        p *= 2
    return pairs


def selection_network(n: int, k: int) -> list[tuple[int, int, str]]:
    """The comparators of :func:`batcher_pairs` that the k-th smallest of n values depends on, each with what it
    must produce: ``both`` (exchange), ``min`` (only position i is used later) or ``max`` (only j)."""
    needed = {k}
    kept = []
    for i, j in reversed(batcher_pairs(n)):
        if i in needed or j in needed:
            kept.append((i, j, "both" if i in needed and j in needed else "min" if i in needed else "max"))
            needed |= {i, j}
    return kept[::-1]


def _ceil4(n: int) -> int:
    return -(-n // 4) * 4


def _floor4(n: int) -> int:
    return (n // 4) * 4


@dataclass(frozen=True)
class WindowSpec:
    """One window-filter kernel (see the module docstring).

    ``op``: one of :data:`OPS`; ``in_dtype`` / ``out_dtype``: the stored input and output; ``compute``: float32 or
    float64, what values are read into and combined in; ``kh`` x ``kw``: the window; ``oy``, ``ox``: window rows and
    columns before the output's own (the origin: output (r, w) reads rows r - oy .. r - oy + kh - 1);
    ``step``: elements between horizontally adjacent pixels (C); ``threads``: (along rows, along X);
    ``per``: outputs per thread (along rows, along X; ``lanes``: X counts in vec4s of four adjacent columns, only
    where kw == 1); ``vec``: vec4 global loads and stores (X and every offset multiples of 4); ``mask``: the taps
    used, row-major (kh x kw); ``fixed``: correlate's weights as constants (no table); ``rank``: the rank's k;
    ``structure``: min/max add (max) or subtract (min) the table's values; ``dynamic_mask``: min/max read the
    footprint's flags from the table (after the structure) instead of the code; ``separable``: both 1-D passes of
    a rectangular window (correlate: the table holds kh vertical then kw horizontal weights), the first pass's
    results rounded to ``mid`` (None: kept in the compute type).
    Buffers: input, the table (weights, structure, or the bilateral's look-up tables) where the op reads one, output.
    Push constants: the addresses (with ``addresses``), cval (and the bilateral's colour scale, shift) in the
    compute type, then uint32: [bilateral: last colour bin], B, M, S1, S2, RS, R, X, W, tiles along X, tiles along
    rows, input, output and table offsets (elements), the row and column modes (:data:`MODES`).
    """

    op: str
    in_dtype: DType
    out_dtype: DType
    compute: DType
    kh: int
    kw: int
    oy: int
    ox: int
    step: int
    threads: tuple[int, int]
    per: tuple[int, int]
    lanes: bool
    vec: bool
    mask: tuple[bool, ...]
    fixed: tuple[float, ...] | None = None
    rank: int = 0
    structure: bool = False
    dynamic_mask: bool = False
    separable: bool = False
    mid: DType | None = None
    direct: bool = False
    addresses: bool = False
    groups_per = 1

    @property
    def table(self) -> bool:
        """Whether the kernel reads a table buffer."""
        return (self.op == "correlate" and self.fixed is None) or self.structure or self.op == "bilateral" or \
            self.dynamic_mask

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 2 + self.table

    @cached_property
    def push(self) -> struct.Struct:
        c = "d" if self.compute is float64 else "f"
        floats = c * (3 if self.op == "bilateral" else 1)
        uints = "I" * (15 + (self.op == "bilateral"))
        return struct.Struct("=" + "Q" * (self.addresses * (2 + self.table)) + floats + uints)

    def require(self, context: Any) -> None:
        for d in {self.in_dtype, self.out_dtype, self.compute}:
            require_supported(d, context.dtypes, context.device.physical.name)

    # -- geometry of the tile ------------------------------------------------------------------------------------
    @property
    def local_size(self) -> int:
        return self.threads[0] * self.threads[1]

    @property
    def tile(self) -> tuple[int, int]:
        """(rows, elements of X) of outputs a workgroup computes."""
        return self.threads[0] * self.per[0], self.threads[1] * self.per[1] * (4 if self.lanes else 1)

    @property
    def span(self) -> tuple[int, int]:
        """(first, last + 1) of the window's columns relative to an output's element, and the shared tile's first
        column relative to the tile's first output, aligned down to 4."""
        lo = -self.ox * self.step
        return lo, (self.kw - 1 - self.ox) * self.step + 1

    @property
    def shared_shape(self) -> tuple[int, int]:
        """(rows, columns) of the shared tile; columns in vec4s with lanes."""
        if self.direct:
            return 1, 4
        th, tx = self.tile
        rows = th + self.kh - 1
        if self.lanes:
            return rows, tx // 4
        lo, hi = self.span
        return rows, _ceil4(tx - 1 + hi) - _floor4(lo)

    @staticmethod
    def shared_bytes(spec_compute: DType, shape: tuple[int, int], lanes: bool, table: int) -> int:
        """Bytes of shared memory of a tile of ``shape`` (and a table of ``table`` values)."""
        item = spec_compute.itemsize
        return shape[0] * shape[1] * item * (4 if lanes else 1) + table * item

    @property
    def shared_table(self) -> int:
        """Table values held in shared memory (the weights, the structure or the spatial look-up table)."""
        if not self.table or self.direct:
            return 0
        if self.separable:
            return self.kh + self.kw
        return self.kh * self.kw * (1 + (self.structure and self.dynamic_mask))

    @property
    def taps(self) -> list[tuple[int, int]]:
        """(row, column) of the window's taps in the footprint, row-major."""
        return [(a, b) for a in range(self.kh) for b in range(self.kw) if self.mask[a * self.kw + b]]

    # -- GLSL ----------------------------------------------------------------------------------------------------------
    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        t = self.compute.compute
        tv = VEC4[t] if self.lanes else t
        dtypes = (self.in_dtype, self.out_dtype, self.compute, *([int64] if self.addresses else []))
        lines = header(dtypes, self.addresses, float_controls, local_size=self.local_size,
                       extensions=("GL_EXT_control_flow_attributes",))
        buffers = Buffers(self.addresses)
        buffers.add("inp", self.in_dtype.storage, self.in_dtype.itemsize, "readonly", self.vec)
        if self.table:
            buffers.add("tab", self.compute.storage, self.compute.itemsize, "readonly")
        buffers.add("outp", self.out_dtype.storage, self.out_dtype.itemsize, "writeonly", self.vec)
        lines += buffers.lines
        refs, _ = buffers.push_fields()
        floats = f"{t} cval; {t} scale; {t} shift; uint maxbin;" if self.op == "bilateral" else f"{t} cval;"
        lines.append(f"layout(push_constant) uniform Push {{ {refs} {floats} uint B; uint M; uint S1; uint S2; "
                     "uint RS; uint R; uint X; uint W; uint tiles_x; uint tiles_y; uint in_off; uint out_off; "
                     "uint t_off; uint mode_y; uint mode_x; } p;")
        lines.append(MAP)
        sh_rows, sh_cols = self.shared_shape
        words = sh_rows * sh_cols if self.lanes else sh_rows * sh_cols // 4
        # NOTE: vec4 words also where values are scalars: a thread reads its window's consecutive values four at a
        # time (128-bit shared loads, free of bank conflicts where scalar reads with a stride of 4 had four-way ones)
        lines.append(f"shared {VEC4[t]} sh[{words}];")
        lines.append("#define SHE(e) sh[(e) >> 2][(e) & 3u]")
        if self.separable:  # the vertical pass's results, the horizontal pass's input: the tile's rows, same columns
            lines.append(f"shared {VEC4[t]} shm[{self.tile[0] * sh_cols // 4}];")
        if self.shared_table:
            lines.append(f"shared {t} tw[{self.shared_table}];")
        lines += self._main(t, tv)
        return "\n".join(lines) + "\n"

    def _load(self, at: str) -> str:
        """GLSL reading input element ``at`` into the compute type (the bilateral filter shifts it by p.shift)."""
        value = f"{self.compute.compute}(INPS({at}))"
        return f"({value} - p.shift)" if self.op == "bilateral" else value

    def _main(self, t: str, tv: str) -> list[str]:
        th, tx = self.tile
        sh_rows, sh_cols = self.shared_shape
        txt = self.threads[1]
        body = ["void main() {",
                "  uint tid = gl_LocalInvocationID.x;",
                f"  {t} cval = p.cval;"]
        if self.shared_table:
            body.append(f"  for (uint i = tid; i < {self.shared_table}u; i += {self.local_size}u) "
                        "tw[i] = TABS(p.t_off + i);")
        body += ["  uint ntiles = p.tiles_x * p.tiles_y * p.B;",
                 "  for (uint tile = gl_WorkGroupID.x; tile < ntiles; tile += gl_NumWorkGroups.x) {",
                 "    uint tcol = tile % p.tiles_x;",
                 "    uint rest = tile / p.tiles_x;",
                 "    uint trow = rest % p.tiles_y;",
                 "    uint b = rest / p.tiles_y;",
                 "    uint b1 = b / p.M;",
                 "    uint base = b1 * p.S1 + (b - b1 * p.M) * p.S2;",
                 f"    int r0 = int(trow * {th}u) - {self.oy};",
                 f"    uint x0 = tcol * {tx}u;",
                 "    barrier();"]
        if not self.direct:
            body += self._loader(t, tv, sh_rows, sh_cols)
        body += ["    barrier();",
                 f"    uint ty = tid / {txt}u, tx = tid % {txt}u;",
                 f"    uint orow = trow * {th}u + ty * {self.per[0]}u;"]
        if self.lanes:
            body += ["    uint ox0 = x0 + tx * 4u;", f"    uint sb = ty * {self.per[0] * sh_cols}u + tx;"]
        else:
            body += [f"    uint ox0 = x0 + tx * {self.per[1]}u;",
                     f"    uint sb = ty * {self.per[0] * sh_cols}u + tx * {self.per[1]}u + {self._skew}u;"]
            if self.aligned:
                body.append(f"    uint sw = (ty * {self.per[0] * sh_cols}u + tx * {self.per[1]}u) >> 2;")
        body += ["    " + line for line in self._compute(t, tv, sh_cols)]
        body += ["  }", "}"]
        return body

    @property
    def _skew(self) -> int:
        """Where a thread's first window value sits past its 4-aligned shared element (non-lanes)."""
        lo, _ = self.span
        return lo - _floor4(lo)

    @property
    def aligned(self) -> bool:
        """Whether each thread's window starts in a known lane of a vec4 word (its outputs a multiple of 4)."""
        return not self.lanes and self.per[1] % 4 == 0

    def _loop(self, n: int, body: list[str]) -> list[str]:
        """``body`` for i = tid, tid + local size, ... < n: a loop of constant trip count, unrolled, so that a
        thread's loads are all in flight before its first store to shared memory."""
        ls = self.local_size
        trips = -(-n // ls)
        guard = n % ls != 0
        # NOTE: small workgroups over large tiles (tiny images, huge windows) loop instead: an unrolled body per
        # trip made lavapipe's LLVM take seconds a kernel
        attribute = "[[unroll]]" if trips <= 8 else "[[dont_unroll]]"
        lines = [f"    {attribute} for (uint k = 0u; k < {trips}u; k++) {{", f"      uint i = tid + k * {ls}u;"]
        if guard:
            lines.append(f"      if (i >= {n}u) break;")
        return lines + body + ["    }"]

    def _loader(self, t: str, tv: str, sh_rows: int, sh_cols: int) -> list[str]:
        n = sh_rows * sh_cols
        row_map = "vt_map(r0 + int(row), int(p.R), p.mode_y)"
        if self.lanes:
            scalar = [f"          if (x + {k}u < p.X) v.{'xyzw'[k]} = {self._load(f'at + {k}u')};" for k in range(4)]
            lines = [f"      uint row = i / {sh_cols}u, c4 = i - row * {sh_cols}u;",
                     f"      int rr = {row_map};",
                     "      uint x = x0 + 4u * c4;",
                     f"      {tv} v = {tv}(cval);",
                     "      if (rr >= 0) {",
                     "        uint at = p.in_off + base + uint(rr) * p.RS + x;"]
            if self.vec:
                lines += ["        if (x + 3u < p.X) {", f"          v = {tv}(INPV(at >> 2));", "        } else {",
                          *scalar, "        }"]
            else:
                lines += [s[2:] for s in scalar]
            lines += ["      }", "      sh[i] = v;"]
            return self._loop(n, lines)
        lo, _ = self.span
        step = self.step
        c4 = sh_cols // 4
        vec4 = VEC4[t]
        # a word of four values at a time: one vec4 load where the word lies inside its row (and the row exists),
        # else four values each through the column map (the halo at the image's left and right edges)
        lines = [f"      uint row = i / {c4}u, c4 = i - row * {c4}u;",
                 f"      int rr = {row_map};",
                 f"      int pos = int(x0) + {_floor4(lo)} + int(4u * c4);",
                 "      uint line = p.in_off + base + uint(max(rr, 0)) * p.RS;",
                 f"      {vec4} v;"]
        if self.vec:
            shift = " - p.shift" if self.op == "bilateral" else ""
            lines += ["      if (rr >= 0 && pos >= 0 && pos + 3 < int(p.X)) {",
                      f"        v = {vec4}(INPV((line + uint(pos)) >> 2)){shift};",
                      "      } else {"]
        else:
            lines.append("      {")
        lines.append("        [[unroll]] for (int q = 0; q < 4; q++) {")
        if step == 1:
            lines.append("          int w = pos + q, c = 0;")
        else:
            lines += [f"          int w = pos + q >= 0 ? (pos + q) / {step} : -1 - (-1 - pos - q) / {step};",
                      f"          int c = pos + q - w * {step};"]
        lines += ["          int ww = vt_map(w, int(p.W), p.mode_x);",
                  f"          v[q] = (rr < 0 || ww < 0) ? cval : {self._load(f'line + uint(ww * {step} + c)')};",
                  "        }",
                  "      }",
                  "      sh[i] = v;"]
        return self._loop(sh_rows * c4, lines)

    # -- the combine step -------------------------------------------------------------------------------------------
    def _value(self, ra: int, o: int, cols: int, fetched: dict[tuple[int, int], str] | None = None,
               lines: list[str] | None = None, array: str = "sh") -> str:
        """The shared value of the thread's window row ``ra`` (0 .. per[0] + kh - 2), column offset ``o``: with
        aligned windows a lane of a vec4 word, whose load is appended to ``lines`` the first time (``fetched``)."""
        if self.lanes:
            return f"sh[sb + {ra * cols + o}u]"
        if not self.aligned or fetched is None or lines is None:
            return f"SHE(sb + {ra * cols + o}u)"
        element = ra * cols + self._skew + o
        word = (ra, element // 4 - ra * cols // 4)
        name = fetched.get(word)
        if name is None:
            name = fetched[word] = f"{array}{ra}_{word[1]}"
            lines.append(f"{VEC4[self.compute.compute]} {name} = {array}[sw + {element // 4}u];")
        return f"{name}.{'xyzw'[element % 4]}"

    def _contributions(self) -> dict[tuple[int, int], list[tuple[int, int, int, int]]]:
        """Per shared (row, column offset) the (output row i, output column j, tap row a, tap column b) using it,
        in the order each output's sum must take them (its taps row-major)."""
        ph, px = self.per
        if self.lanes:
            px = 1
        uses: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
        for i in range(ph):
            for j in range(px):
                for a, b in self.taps:
                    uses.setdefault((i + a, j + b * self.step), []).append((i, j, a, b))
        return dict(sorted(uses.items()))

    def _compute(self, t: str, tv: str, cols: int) -> list[str]:
        ph, px = self.per
        outs = [(i, j) for i in range(ph) for j in range(1 if self.lanes else px)]
        if self.op == "bilateral":
            return self._bilateral(t, cols)
        if self.separable:
            return self._separable(t, cols, outs) + self._stores(t, outs)
        big = self.dynamic_mask or len(self.taps) * len(outs) > UNROLL_MAX
        if self.op == "rank":
            lines = self._rank(tv, cols, outs)
        elif big:
            lines = self._looped(t, tv, cols, outs)
        else:
            lines = self._unrolled(t, tv, cols, outs)
        return lines + self._stores(t, outs)

    def _weight(self, a: int, b: int, t: str) -> str:
        if self.fixed is not None:
            return f"{t}({self.fixed[a * self.kw + b]!r})"
        return f"tw[{a * self.kw + b}u]"

    def _unrolled(self, t: str, tv: str, cols: int, outs: list[tuple[int, int]]) -> list[str]:
        op = self.op
        summing = op in ("correlate", "mean")
        lines = [f"{tv} r{i}_{j}{f' = {tv}(0)' if summing else ''};" for i, j in outs]
        started: set[tuple[int, int]] = set()
        fetched: dict[tuple[int, int], str] = {}
        for (ra, o), uses in self._contributions().items():
            lines.append(f"{{ {tv} v = {self._value(ra, o, cols, fetched, lines)};")
            for i, j, a, b in uses:
                first = (i, j) not in started
                value = "v" if summing else self._cell("v", f"tw[{a * self.kw + b}u]", first, tv)
                lines.append("  " + self._fold(f"r{i}_{j}", value, self._weight(a, b, t), first, self._select))
                started.add((i, j))
            lines.append("}")
        if op == "mean":
            lines += self._mean(t, outs)
        return lines

    def _cell(self, v: str, s: str, first: bool, tv: str) -> str:
        """A footprint cell's candidate: its value ``v``, with a structure ``s`` v - s (min) or v + s (max). As
        scipy.ndimage's ``CASE_MIN_OR_MAX_POINT``: the first cell's is exact (a double), the others are sums in the
        input's type, the structure value first cast to it (integers: truncated, and the sum wraps)."""
        if not self.structure:
            return v
        signed = f"-{s}" if self.op == "min" else s
        if first or self.in_dtype is self.compute:
            return f"({v} + {signed})"
        if self.in_dtype.kind in "iu":
            signed = f"trunc({signed})"
        value = f"({v} + {signed})"
        if self.lanes:
            parts = [c_store(f"{value}.{c}", self.in_dtype, self.compute) for c in "xyzw"]
            return f"{tv}({', '.join(f'{self.compute.compute}({p})' for p in parts)})"
        return f"{tv}({c_store(value, self.in_dtype, self.compute)})"

    def _select(self, acc: str, value: str) -> str:
        """scipy's order: the running extreme is replaced only by a strictly smaller (larger) value."""
        cmp = "<" if self.op == "min" else ">"
        if self.lanes:
            fn = "lessThan" if self.op == "min" else "greaterThan"
            return f"mix({acc}, {value}, {fn}({value}, {acc}))"
        return f"({value} {cmp} {acc} ? {value} : {acc})"

    def _mean(self, t: str, outs: list[tuple[int, int]]) -> list[str]:
        return self._divide([f"r{i}_{j}" for i, j in outs], len(self.taps), self.out_dtype, t, self.lanes)

    @staticmethod
    def _divide(names: list[str], n: int, dtype: DType, t: str, vector: bool) -> list[str]:
        """The sums ``names`` divided by n: floats as they are, integers trunc(sum / n) exactly (the sums are
        integers held exactly), as a C cast of scipy's mean."""
        if dtype.kind == "f":
            return [f"{r} /= {t}({n});" for r in names]
        tv = VEC4[t] if vector else t
        le, gt = ("lessThanEqual({}, {})", "greaterThan({}, {})") if vector else ("{} <= {}", "{} > {}")
        lines = []
        for r in names:
            lines += [f"{{ {tv} s = abs({r}); {tv} q = floor(s / {t}({n}));",
                      f"  q += {tv}({le.format(f'(q + {t}(1)) * {t}({n})', 's')});",
                      f"  q -= {tv}({gt.format(f'q * {t}({n})', 's')});",
                      f"  {r} = sign({r}) * q; }}"]
        return lines

    def _separable(self, t: str, cols: int, outs: list[tuple[int, int]]) -> list[str]:
        """Both 1-D passes of a separable filter in one kernel (scipy's order: along the rows' axis, then along X):
        the vertical pass of the whole tile's columns (halo included) into ``shm``, rounded to the ``mid`` dtype as
        scipy keeps its first pass's output (columns past the image's edges, in the constant mode, become cval: scipy
        pads its first pass's output), then the horizontal pass from ``shm``. The table holds the vertical weights,
        then the horizontal ones."""
        op, kh, kw, step = self.op, self.kh, self.kw, self.step
        v4 = VEC4[t]
        c4 = cols // 4
        th = self.tile[0]
        # rows of shm per thread (loads reused across them): the fewest that leave no thread two items
        fits = [r for r in (1, 2, 4, 8) if th % r == 0 and c4 * (th // r) <= self.local_size]
        rows = fits[0] if fits else max(r for r in (1, 2, 4, 8) if th % r == 0)
        items = c4 * (th // rows)
        lo, _ = self.span
        body = [f"      uint c = i % {c4}u, top = (i / {c4}u) * {rows * c4}u + c;"]
        body += [f"      {v4} m{q}{f' = {v4}(0)' if op in ('correlate', 'mean') else ''};" for q in range(rows)]
        for ra in range(rows + kh - 1):
            uses = [(q, ra - q) for q in range(rows) if 0 <= ra - q < kh]
            body.append(f"      {{ {v4} v = sh[top + {ra * c4}u];")
            body += ["        " + self._fold(f"m{q}", "v", f"tw[{a}u]", a == 0, self._vselect) for q, a in uses]
            body.append("      }")
        names = [f"m{q}" for q in range(rows)]
        mid = self.mid or self.compute
        if op == "mean":
            body += ["      " + line for line in self._divide(names, kh, mid, t, True)]
        if self.mid is not None and self.mid.kind in "iu":
            if op == "correlate":
                body += [f"      {r} *= {self._nudge(t)};" for r in names]
            for r in names:
                parts = ", ".join(f"{t}({c_store(f'{r}.{c}', self.mid, self.compute)})" for c in "xyzw")
                body.append(f"      {r} = {v4}({parts});")
        elif self.mid is not None and self.mid is not self.compute:
            body += [f"      {r} = {v4}({VEC4[self.mid.storage]}({r}));" for r in names]
        body += ["      if (p.mode_x == 4u) {",
                 f"        int sp = int(x0) + {_floor4(lo)} + int(4u * c);",
                 "        [[unroll]] for (int q = 0; q < 4; q++) {"]
        if step == 1:
            body.append("          int w = sp + q;")
        else:
            body.append(f"          int w = sp + q >= 0 ? (sp + q) / {step} : -1 - (-1 - sp - q) / {step};")
        body.append("          if (w < 0 || w >= int(p.W)) {")
        body += [f"            {r}[q] = cval;" for r in names]
        body += ["          }", "        }", "      }"]
        body += [f"      shm[top + {q * c4}u] = m{q};" for q in range(rows)]
        lines = [line[4:] for line in self._loop(items, body)]
        lines.append("barrier();")
        # the horizontal pass: outputs (i, j) from shm's row i, columns j + b step
        summing = op in ("correlate", "mean")
        lines += [f"{t} r{i}_{j}{f' = {t}(0)' if summing else ''};" for i, j in outs]
        fetched: dict[tuple[int, int], str] = {}
        px = self.per[1]
        for i in range(self.per[0]):
            for o in range(px + (kw - 1) * step):
                uses = [(j, b) for j in range(px) for b in range(kw) if j + b * step == o]
                if not uses:
                    continue
                lines.append(f"{{ {t} v = {self._value(i, o, cols, fetched, lines, 'shm')};")
                lines += ["  " + self._fold(f"r{i}_{j}", "v", f"tw[{kh + b}u]", b == 0, self._select) for j, b in uses]
                lines.append("}")
        if op == "mean":
            lines += self._divide([f"r{i}_{j}" for i, j in outs], kw, self.out_dtype, t, False)
        return lines

    def _fold(self, acc: str, value: str, weight: str, first: bool, select: Any) -> str:
        """The GLSL statement folding one tap's ``value`` into ``acc``: ``weight`` times it added (correlate), it
        added (mean), or the min/max kept (``first``: the first tap sets it; ``select``: :meth:`_select` or
        :meth:`_vselect`)."""
        if self.op == "correlate":
            return f"{acc} += {weight} * {value};"
        if self.op == "mean":
            return f"{acc} += {value};"
        return f"{acc} = {value if first else select(acc, value)};"

    def _vselect(self, acc: str, value: str) -> str:
        """:meth:`_select` of vec4 values."""
        fn = "lessThan" if self.op == "min" else "greaterThan"
        return f"mix({acc}, {value}, {fn}({value}, {acc}))"

    def _nudge(self, t: str) -> str:
        """The factor that moves float sums a few ulps away from zero before an integer store (see _stores)."""
        return f"{t}({1 + 2.0 ** (-40 if self.compute is float64 else -22)!r})"

    def _looped(self, t: str, tv: str, cols: int, outs: list[tuple[int, int]]) -> list[str]:
        """Large windows: a loop over the taps, skipping zero weights and cells outside the footprint at run time
        (``dynamic_mask``: the footprint's flags follow the structure in the table, so that footprints of one size
        share a kernel)."""
        op = self.op
        n = self.kh * self.kw
        lines = [] if all(self.mask) or self.dynamic_mask else self._mask_function()
        lines += [f"{tv} r{i}_{j} = {tv}(0);" for i, j in outs]
        lines += ["bool first = true;",
                  f"[[dont_unroll]] for (uint a = 0u; a < {self.kh}u; a++) {{",
                  f"  [[dont_unroll]] for (uint b = 0u; b < {self.kw}u; b++) {{",
                  f"    uint k = a * {self.kw}u + b;"]
        if self.dynamic_mask:
            lines.append(f"    if (tw[{n if self.structure else 0}u + k] == {t}(0)) continue;")
        elif not all(self.mask):
            lines.append("    if (!vt_in_mask(k)) continue;")
        if op == "correlate":
            lines += [f"    {t} wk = tw[k];", f"    if (wk == {t}(0)) continue;"]
        for i, j in outs:
            v = (f"sh[sb + (a + {i}u) * {cols}u]" if self.lanes else
                 f"SHE(sb + (a + {i}u) * {cols}u + b * {self.step}u + {j}u)")
            r = f"r{i}_{j}"
            if op == "correlate":
                lines.append(f"    {r} += wk * {v};")
            elif op == "mean":
                lines.append(f"    {r} += {v};")
            else:
                lines += [f"    {{ {tv} v = {v};",
                          f"      {r} = first ? {self._cell('v', 'tw[k]', True, tv)} : "
                          f"{self._select(r, self._cell('v', 'tw[k]', False, tv))}; }}"]
        lines += ["    first = false;", "  }", "}"]
        if op == "mean":
            lines += self._mean(t, outs)
        return lines

    def _mask_function(self) -> list[str]:
        words = [0] * (-(-len(self.mask) // 32))
        for k, m in enumerate(self.mask):
            if m:
                words[k // 32] |= 1 << (k % 32)
        table = ", ".join(f"{w}u" for w in words)
        return [f"const uint vt_mask[{len(words)}] = uint[{len(words)}]({table});",
                "#define vt_in_mask(k) ((vt_mask[(k) >> 5] & (1u << ((k) & 31u))) != 0u)"]

    def _rank(self, tv: str, cols: int, outs: list[tuple[int, int]]) -> list[str]:
        n = len(self.taps)
        k = self.rank
        lines = [f"{tv} r{i}_{j};" for i, j in outs]
        if n <= NETWORK_MAX:
            network = selection_network(n, k)
            fetched: dict[tuple[int, int], str] = {}
            for i, j in outs:
                loads: list[str] = []
                values = [self._value(i + a, j + b * self.step, cols, fetched, loads) for a, b in self.taps]
                lines += loads
                lines.append("{")
                lines += [f"  {tv} v{q} = {value};" for q, value in enumerate(values)]
                for x, y, need in network:
                    if need == "both":
                        lines.append(f"  {{ {tv} lo = min(v{x}, v{y}); v{y} = max(v{x}, v{y}); v{x} = lo; }}")
                    elif need == "min":
                        lines.append(f"  v{x} = min(v{x}, v{y});")
                    else:
                        lines.append(f"  v{y} = max(v{x}, v{y});")
                lines += [f"  r{i}_{j} = v{k};", "}"]
            return lines
        # quickselect (Hoare's partition) in a local array
        t = self.compute.compute
        offsets = ", ".join(f"{a * cols + b * self.step}u" for a, b in self.taps)
        lines.insert(0, f"const uint vt_off[{n}] = uint[{n}]({offsets});")
        for i, j in outs:
            lines += ["{",
                      f"  {t} v[{n}];",
                      f"  for (uint q = 0u; q < {n}u; q++) v[q] = SHE(sb + {i * cols + j}u + vt_off[q]);",
                      f"  int lo = 0, hi = {n - 1};",
                      "  while (lo < hi) {",
                      f"    {t} pivot = v[(lo + hi) >> 1];",
                      "    int a = lo, b = hi;",
                      "    while (a <= b) {",
                      "      while (v[a] < pivot) a++;",
                      "      while (v[b] > pivot) b--;",
                      f"      if (a <= b) {{ {t} s = v[a]; v[a] = v[b]; v[b] = s; a++; b--; }}",
                      "    }",
                      f"    if ({k} <= b) hi = b; else if ({k} >= a) lo = a; else break;",
                      "  }",
                      f"  r{i}_{j} = v[{k}];",
                      "}"]
        return lines

    def _bilateral(self, t: str, cols: int) -> list[str]:
        """scikit-image's ``denoise_bilateral``: each thread one pixel (per = (1, C)): the weight of a window pixel is
        spatial_lut[tap] x colour_lut[min(int(|centre - pixel| x scale), maxbin)], |.| the Euclidean distance over
        the channels; the result is the weighted mean, plus ``shift``."""
        c = self.step
        if self.direct:  # windows too large for a shared tile: each tap read from global memory (cached)
            lines = [f"int pix = int(ox0 / {c}u);",
                     "int rc = vt_map(int(orow), int(p.R), p.mode_y), wc = vt_map(pix, int(p.W), p.mode_x);",
                     f"uint atc = p.in_off + base + uint(max(rc, 0)) * p.RS + uint(max(wc, 0)) * {c}u;"]
            lines += [f"{t} cen{q} = {self._load(f'atc + {q}u')};" for q in range(c)]
            spatial = f"TABS(p.t_off + a * {self.kw}u + b)"
            fetch = [f"    int rr = vt_map(int(orow) + int(a) - {self.oy}, int(p.R), p.mode_y);",
                     f"    int ww = vt_map(pix + int(b) - {self.ox}, int(p.W), p.mode_x);",
                     f"    uint at = p.in_off + base + uint(max(rr, 0)) * p.RS + uint(max(ww, 0)) * {c}u;"]
            value = [f"(rr < 0 || ww < 0) ? cval : {self._load(f'at + {q}u')}" for q in range(c)]
        else:
            centre = self.oy * cols + self.ox * c
            lines = [f"{t} cen{q} = SHE(sb + {centre + q}u);" for q in range(c)]
            spatial = f"tw[a * {self.kw}u + b]"
            fetch = [f"    uint at = sb + a * {cols}u + b * {c}u;"]
            value = [f"SHE(at + {q}u)" for q in range(c)]
        lines += [f"{t} tot{q} = {t}(0);" for q in range(c)]
        lines += [f"{t} totw = {t}(0);",
                  f"for (uint a = 0u; a < {self.kh}u; a++) {{",
                  f"  for (uint b = 0u; b < {self.kw}u; b++) {{",
                  *fetch,
                  f"    {t} d = {t}(0);"]
        for q in range(c):
            lines += [f"    {t} v{q} = {value[q]};", f"    {t} e{q} = cen{q} - v{q};", f"    d += e{q} * e{q};"]
        lines += ["    d = sqrt(d);",
                  "    uint bin = min(uint(d * p.scale), p.maxbin);",
                  f"    {t} wgt = {spatial} * TABS(p.t_off + {self.kh * self.kw}u + bin);"]
        lines += [f"    tot{q} += v{q} * wgt;" for q in range(c)]
        lines += ["    totw += wgt;", "  }", "}"]
        lines += [f"{t} r0_{q} = tot{q} / totw + p.shift;" for q in range(c)]
        return lines + self._stores(t, [(0, q) for q in range(c)])

    def _stores(self, t: str, outs: list[tuple[int, int]]) -> list[str]:
        od = self.out_dtype
        ph, px = self.per
        lines = []
        if self.op == "correlate" and od.kind in "iu":
            # NOTE: float sums that land a few ulps below the exact integer (every pixel of a flat region under a
            # Gaussian) would truncate one lower than scipy's float64 sums: nudge them away from zero by 2^-22
            # (4 float32 ulps; 2^-40 in float64) of their size first
            lines += [f"r{i}_{j} *= {self._nudge(t)};" for i, j in outs]
        for i in range(ph):
            lines += [f"if (orow + {i}u < p.R) {{",
                      f"  uint at = p.out_off + base + (orow + {i}u) * p.RS + ox0;"]
            if self.lanes:
                comps = [c_store(f"r{i}_0.{'xyzw'[k]}", od, self.compute) for k in range(4)]
                if self.vec:
                    lines.append(f"  if (ox0 + 3u < p.X) OUTPV(at >> 2) = {VEC4[od.storage]}({', '.join(comps)});")
                    lines.append("  else {")
                lines += [f"    if (ox0 + {k}u < p.X) OUTPS(at + {k}u) = {comps[k]};" for k in range(4)]
                if self.vec:
                    lines.append("  }")
            else:
                comps = [c_store(f"r{i}_{j}", od, self.compute) for j in range(px)]
                if self.vec and px == 4:
                    lines.append(f"  if (ox0 + 3u < p.X) OUTPV(at >> 2) = {VEC4[od.storage]}({', '.join(comps)});")
                    lines.append("  else {")
                lines += [f"    if (ox0 + {j}u < p.X) OUTPS(at + {j}u) = {comps[j]};" for j in range(px)]
                if self.vec and px == 4:
                    lines.append("  }")
            lines.append("}")
        return lines


def c_store(value: str, dtype: DType, compute: DType) -> str:
    """GLSL storing the float ``value`` into ``dtype`` as a C cast on x86 does (what scipy.ndimage's results get):
    integers truncated toward zero, through a 32-bit integer (so they wrap), floats rounded."""
    if dtype.kind == "i" and dtype.itemsize < 4:
        return f"{dtype.storage}(int({value}))"
    return store(value, dtype, compute)


def c_cast(value: float, dtype: DType) -> float:
    """The double ``value`` cast to ``dtype`` as C on x86 does (scipy.ndimage's cval of a footprint filter)."""
    if dtype.kind == "f":
        return float(np.array(value, dtype=np.float64).astype(dtype.np))
    if not math.isfinite(value) or not -2.0**31 <= value < 2.0**31:
        as_int = -(2**31)  # the x86 "integer indefinite" value
    else:
        as_int = int(value)
    if dtype.itemsize >= 4:
        bits = 8 * dtype.itemsize
        as_int %= 1 << bits
        return float(as_int - (1 << bits) if dtype.kind == "i" and as_int >= 1 << (bits - 1) else as_int)
    return float(np.array(as_int, dtype=np.int64).astype(np.uint64).astype(dtype.np))


def compute_dtype(dtype: DType) -> DType:
    """The type a filter of ``dtype`` reads values into: float64 for float64, else float32 (exact for uint8,
    uint16 and float16)."""
    return float64 if dtype is float64 else float32
