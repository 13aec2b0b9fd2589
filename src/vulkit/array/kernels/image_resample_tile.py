"""Both axes of a separable resampling in one pass through shared memory (``vt.image.resize`` and the other
users of :func:`vulkit.image._geo_resample.separable`): the same sums as :class:`.image_resample.Resample2DSpec`,
each input element read from memory once and each tap from its table once a tile.

A workgroup takes a tile of ``TW`` x ``TH`` output pixels (all ``C`` channels) of one image. The host knows from
the tap tables which input columns and rows the tile's outputs read: a window of ``p.WW`` pixels from column
``starts[tx]`` and ``p.WH`` rows from row ``starts[tiles_x + ty]`` (the least index any of its taps reads; negative
indices read no pixel). The workgroup

1. copies the tile's taps into shared memory, indices relative to the window, and the window itself (coalesced rows
   of ``WW C`` elements, as the sums take them: the compute type, or int for Pillow's fixed point);
2. resamples the first axis from the window into a second shared array (columns first: every window row at the
   tile's ``TW`` output columns; ``rows_first``: the tile's ``TH`` output rows at every window column), rounded as
   the two-pass resampling stores its intermediate image (float32, or Pillow's uint8 values);
3. resamples the second axis from that into the outputs.

A phase whose taps vary along the columns gives each thread one element of a tile row (its column's taps in
registers) and every ``G``-th row; one whose taps vary along the rows gives each thread one row (its taps in
registers) and every ``P``-th element of it, so that adjacent threads read adjacent shared words either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .glsl import WORKGROUP, buffer_block
from .image_resample import _DIVIDE, DEAD, _ResampleBase

THREADS = WORKGROUP


@dataclass(frozen=True)
class ResampleTileSpec(_ResampleBase):
    """One tile kernel (see the module): ``channels`` C, tiles of ``tw`` x ``th`` output pixels (tw C at most
    THREADS, th a power of two up to THREADS), ``window`` and ``between`` elements of shared memory for the input
    window and the first axis's results, ``taps_first`` / ``taps_second`` taps an output along each axis (compiled
    in). Bindings: input, output, the first axis's tap indices and weights, the second's, the windows' starts
    (int). Push constants: cval, then :attr:`FIELDS`."""

    in_dtype: Any
    out_dtype: Any
    fixed: bool
    rows_first: bool
    addresses: bool
    channels: int
    tw: int
    th: int
    window: int
    between: int
    taps_first: int
    taps_second: int
    nbuf: ClassVar[int] = 7
    names: ClassVar[tuple[str, ...]] = ("inp", "outp", "fidx", "fw", "sidx", "sw", "starts")
    FIELDS: ClassVar[tuple[str, ...]] = ("N", "H", "W", "OH", "OW", "WW", "WH", "tiles_x", "tiles_y", "in_off",
                                         "mg_x", "sh_x", "mg_y", "sh_y")

    def __post_init__(self) -> None:
        if self.tw * self.channels > THREADS or self.th > THREADS or self.th & (self.th - 1):
            raise ValueError(f"ResampleTileSpec: tiles of {self.tw} x {self.th} pixels of {self.channels} channels")

    @property
    def _kc(self) -> int:
        """Taps an output along the columns."""
        return self.taps_second if self.rows_first else self.taps_first

    @property
    def _kr(self) -> int:
        """Taps an output along the rows."""
        return self.taps_first if self.rows_first else self.taps_second

    @property
    def _value(self) -> str:
        """The GLSL type of shared values, weights and sums."""
        return "int" if self.fixed else self.compute.compute

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        lines = self._declarations(float_controls, 2)
        lines.append(buffer_block(6, "starts", "int", "readonly restrict", self.addresses))
        _, names = self.refs()
        lines.append(self._push_block())
        taps = self._taps()
        # the columns' and the rows' tables (indices, weights, outputs along the axis) whichever runs first
        cols, rows = ("fidx", "fw", "p.OW"), ("sidx", "sw", "p.OH")
        if self.rows_first:
            cols, rows = ("sidx", "sw", "p.OW"), ("fidx", "fw", "p.OH")
        v, x = self._value, self.tw * self.channels
        lines += [*_DIVIDE, f"#define C {self.channels}u", f"#define TW {self.tw}u", f"#define TH {self.th}u",
                  f"#define KC {self._kc}u", f"#define KR {self._kr}u", f"#define X {x}u",
                  f"#define G {THREADS // x}u", f"#define P {THREADS // self.th}u",
                  f"shared {v} win[{self.window}];", f"shared {v} mid[{self.between}];",
                  f"shared int crel[{self.tw * self._kc}];", f"shared {v} cwt[{self.tw * self._kc}];",
                  f"shared int rrel[{self.th * self._kr}];", f"shared {v} rwt[{self.th * self._kr}];",
                  "void main() {", f"  {names}",
                  "  uint tid = gl_LocalInvocationID.x;",
                  "  uint WWC = p.WW * C;",
                  "  uint tiles = p.N * p.tiles_y * p.tiles_x;",
                  "  for (uint t = gl_WorkGroupID.x; t < tiles; t += gl_NumWorkGroups.x) {",
                  "    uint q = vt_div(t, p.tiles_x, p.mg_x, p.sh_x);",
                  "    uint tx = t - q * p.tiles_x;",
                  "    uint b = vt_div(q, p.tiles_y, p.mg_y, p.sh_y);",
                  "    uint ty = q - b * p.tiles_y;",
                  "    int cs = starts.d[tx], rs = starts.d[p.tiles_x + ty];",
                  *self._taps_into_shared("c", cols),
                  *self._taps_into_shared("r", rows),
                  "    uint base = p.in_off + b * p.H * p.W * C;",
                  *self._window_loads(taps),
                  "    barrier();",
                  *self._phases(),
                  "    barrier();",
                  "  }", "}"]
        return "\n".join(lines) + "\n"

    def _window_loads(self, taps: Any) -> list[str]:
        """Lines copying the window into ``win``: every load of a thread issued before any store (unrolled: a loop
        waited on each load in turn), elements past the image read as 0 (no tap reads them)."""
        loads = -(-self.window // THREADS)
        lines = [f"    {self._value} v{i} = {self._value}(0);" for i in range(loads)]
        for i in range(loads):
            lines += ["    {", f"      uint e = tid + {i * THREADS}u;", "      uint r = e / WWC;",
                      "      uint gr = uint(rs) + r, gx = uint(cs) * C + e - r * WWC;",
                      f"      if (e < p.WH * WWC && gr < p.H && gx < p.W * C) "
                      f"v{i} = {taps.load('inp.d[base + gr * p.W * C + gx]')};", "    }"]
        for i in range(loads):
            lines.append(f"    if (tid + {i * THREADS}u < p.WH * WWC) win[tid + {i * THREADS}u] = v{i};")
        return lines

    def _taps_into_shared(self, axis: str, table: tuple[str, str, str]) -> list[str]:
        """Lines copying the taps of the tile's outputs along ``axis`` ("c": its TW columns, "r": its TH rows) from
        ``table`` (index buffer, weight buffer, outputs along the axis) into shared memory, indices relative to the
        window's start (negative ones as they are; outputs past the axis: padding)."""
        idx, w, m = table
        outputs, k, first, start = (self.tw, "KC", "tx * TW", "cs") if axis == "c" else (self.th, "KR", "ty * TH", "rs")
        total = outputs * (self._kc if axis == "c" else self._kr)
        lines = []
        for i in range(-(-total // THREADS)):
            lines += ["    {", f"      uint e = tid + {i * THREADS}u;",
                      f"      if (e < {total}u) {{",
                      f"        uint o = e / {k}, kk = e - o * {k};",
                      f"        uint j = {first} + o;",
                      f"        int at = {DEAD};",
                      f"        if (j < {m}) {{ at = {idx}.d[kk * {m} + j]; {axis}wt[e] = {w}.d[kk * {m} + j]; }}",
                      f"        else {axis}wt[e] = {self._value}(0);",
                      f"        {axis}rel[e] = at < 0 ? at : at - {start};",
                      "      }", "    }"]
        return lines

    def _sums(self, axis: str, owner: str, loop: str, element: Any) -> list[str]:
        """Lines loading the taps of output ``owner`` along ``axis`` ("c": columns, "r": rows) from shared memory
        into registers {axis}a{k} (indices) and {axis}w{k} (weights), then opening ``loop``, each of whose iterations
        sums ``s`` over the taps of ``element(k)``, a shared value."""
        taps = self._taps()
        count, rel, wt, k = (self._kc, "crel", "cwt", "KC") if axis == "c" else (self._kr, "rrel", "rwt", "KR")
        lines = [f"      int {axis}a{t} = {rel}[{owner} * {k} + {t}u]; "
                 f"{self._value} {axis}w{t} = {wt}[{owner} * {k} + {t}u];" for t in range(count)]
        lines += [f"      {loop} {{", f"        {taps.init()}"]
        return lines + [f"        {taps.add(element(t), f'{axis}a{t}', f'{axis}w{t}')}" for t in range(count)]

    def _column_phase(self, rows: str, src: str, width: str, store: list[str]) -> list[str]:
        """Resampling along the columns: each thread (below G X) one element e of a tile row, its column's taps in
        registers, rows g, g + G, ... < ``rows`` of ``src`` (rows of ``width`` elements); ``store`` takes the
        sum ``s`` of row r at element e."""
        return ["    if (tid < G * X) {",
                "      uint e = tid % X, g = tid / X;",
                "      uint jj = e / C, c = e - jj * C;",
                *self._sums("c", "jj", f"for (uint r = g; r < {rows}; r += G)",
                            lambda t: f"{src}[r * {width} + uint(max(ca{t}, 0)) * C + c]"),
                *store, "      }", "    }"]

    def _row_phase(self, width: str, src: str, src_width: str, store: list[str]) -> list[str]:
        """Resampling along the rows: each thread one row i of the tile's TH (its taps in registers), elements
        e = lane, lane + P, ... < ``width`` of ``src`` (rows of ``src_width``); ``store`` takes the sum ``s`` of
        row i at element e."""
        return ["    {", "      uint i = tid / P, lane = tid % P;",
                *self._sums("r", "i", f"for (uint e = lane; e < {width}; e += P)",
                            lambda t: f"{src}[uint(max(ra{t}, 0)) * {src_width} + e]"),
                *store, "      }", "    }"]

    def _out_store(self, i: str) -> list[str]:
        """Lines storing the sum ``s`` as output row ``i`` of the tile, element e of its row (pixel e / C)."""
        return ["        {",
                f"          uint oi = ty * TH + {i}, pix = e / C, oj = tx * TW + pix;",
                "          if (oi < p.OH && oj < p.OW) "
                f"outp.d[((b * p.OH + oi) * p.OW + oj) * C + e - pix * C] = {self._taps().result()};",
                "        }"]

    def _phases(self) -> list[str]:
        between = self._taps().between("s")
        if self.rows_first:  # the tile's TH rows at every window column, then the columns from those
            return [*self._row_phase("WWC", "win", "WWC", [f"        mid[i * WWC + e] = {between};"]),
                    "    barrier();",
                    *self._column_phase("TH", "mid", "WWC", self._out_store("r"))]
        return [*self._column_phase("p.WH", "win", "WWC", [f"        mid[r * X + e] = {between};"]),
                "    barrier();",
                *self._row_phase("X", "mid", "X", self._out_store("i"))]
