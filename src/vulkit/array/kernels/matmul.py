"""Matrix products C = alpha * A @ B + beta * C over stacks of matrices: one tiled kernel for every real dtype.

A workgroup computes a BM x BN tile of C, walking K in steps of BK: its threads copy the A and B tiles into
shared memory (double-buffered: the next tiles' loads are in flight while the current ones are multiplied),
each thread then keeps TM x TN accumulators in registers, reading vec4s of A's column and B's row from shared
memory per step of k. Operands are addressed through (row stride, column stride) pairs, so transposed, sliced
and broadcast views are read in place; where an operand's run of four elements is contiguous and aligned it is
read as one vec4. Tiles are visited in groups of GROUP_M tile rows, so the tiles running at once share their
A rows and B columns in the L2 cache. Batches (up to two broadcast batch axes) and tiles are one flat range of
workgroup ids, split over dispatches where it exceeds the grid.

The push constants: the three addresses (with ``addresses``), M, N, K, tile rows, tile columns, workgroups in
all, the first workgroup id of this dispatch, the extent of the second batch axis; then per operand its element
offset, row and column strides and two batch strides (C: offset, row stride and batch strides; its columns are
contiguous), then alpha and beta.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import (
    DType,
    bfloat16,
    bool_,
    float16,
    float32,
    int8,
    int16,
    int32,
    require_supported,
    uint8,
    uint16,
    uint32,
)
from .glsl import VEC4, buffer_block, convert, header, store

GROUP_M = 8
UNROLL = "GL_EXT_control_flow_attributes"  # [[unroll]]: arrays indexed in loops must stay in registers
_FIELDS = ("uint M; uint N; uint K; uint tiles_m; uint tiles_n; uint total; uint pid0; uint nb2; "
           "int a_off; int a_rs; int a_cs; int a_b1; int a_b2; int b_off; int b_rs; int b_cs; int b_b1; int b_b2; "
           "int c_off; int c_rs; int c_b1; int c_b2; float alpha; float beta;")
_VALUES = "=8I5i5i4i2f"


def accumulator(dtype: DType) -> DType:
    """The dtype a product of ``dtype`` operands accumulates in: float32 for float16 and bfloat16, 32-bit integers
    for narrower ones (their sums wrap as NumPy's do once stored), unsigned 32-bit for bool (nonzero: True)."""
    if dtype in (float16, bfloat16):
        return float32
    if dtype is bool_ or dtype in (uint8, uint16):
        return uint32
    if dtype in (int8, int16):
        return int32
    return dtype


BFLOAT16_VEC4 = "vec4 vt_from_bf16x4(u16vec4 v) { return uintBitsToFloat(uvec4(v) << 16); }"


def widen(dtype: DType) -> str:
    """GLSL turning a stored vec4 of ``dtype`` into its accumulator's vec4 ('' where they are one type)."""
    if dtype is bfloat16:
        return "vt_from_bf16x4"
    acc = accumulator(dtype)
    return VEC4[acc.compute] if dtype.storage != acc.compute or dtype is bool_ else ""


def load_function(name: str, op: str, along_columns: bool, vec: bool, value: str, component: str,
                  element: Any, vec_convert: str, width: int = 4, view: str = "v",
                  pack: Callable[[list[str]], str] | None = None, checked: bool = True) -> list[str]:
    """GLSL ``<value> load<name>(r, c, lr, lc, base)``: ``width`` elements of operand ``name`` (push-constant prefix
    ``op``) from (r, c) along its columns (``along_columns``) or rows, zero past row ``lr`` and column ``lc``;
    one read of the ``<name><view>`` vector view where ``vec`` and all of them are inside. ``element(address)``:
    one element as the value's ``component`` type; ``vec_convert``: the constructor turning a stored vector into the
    value ('' where none); ``pack(parts)``: the value made of the single elements (default: ``<value>(parts)``).
    Unless ``checked`` (only with ``vec``, where every run is known to be inside), the bounds are not looked at."""
    step = f"p.{op}_cs" if along_columns else f"p.{op}_rs"
    lines = [f"{value} load{name}(uint r, uint c, uint lr, uint lc, int base) {{",
             f"  int at = base + int(r) * p.{op}_rs + int(c) * p.{op}_cs;"]
    if vec:
        last = width - 1
        full = f"c + {last}u < lc && r < lr" if along_columns else f"r + {last}u < lr && c < lc"
        stored = f"{name}{view}.d[at >> {width.bit_length() - 1}]"
        read = f"return {f'{vec_convert}({stored})' if vec_convert else stored};"
        if not checked:
            return [*lines, f"  {read}", "}"]
        lines.append(f"  if ({full}) {read}")
    parts = []
    for i in range(width):
        inside = f"c + {i}u < lc && r < lr" if along_columns else f"r + {i}u < lr && c < lc"
        parts.append(f"({inside}) ? {element(f'at + {i} * {step}')} : {component}(0)")
    made = pack(parts) if pack else f"{value}(" + ", ".join(parts) + ")"
    lines += [f"  return {made};", "}"]
    return lines


def buffer_lines(dtype: DType, addresses: bool) -> list[str]:
    """The buffers A, B, C and their vec4 views Av, Bv, Cv (bound, or globals that main() points at the push
    constants' addresses), and the push constants."""
    size = dtype.itemsize
    lines = []
    for slot, name, access in ((0, "A", "readonly"), (1, "B", "readonly"), (2, "C", "")):
        lines.append(buffer_block(slot, name, dtype.storage, access, addresses, size))
        lines.append(buffer_block(slot, name + "v", VEC4[dtype.storage], access, addresses, 4 * size, "V"))
    refs = "R0 r0; R1 r1; R2 r2; " if addresses else ""
    lines.append("layout(push_constant) uniform Push { " + refs + _FIELDS + " } p;")
    if addresses:
        lines.append("R0 A; R1 B; R2 C; V0 Av; V1 Bv; V2 Cv;")
    return lines


def origin_lines(addresses: bool, bm: str, bn: str, band: int = 0) -> list[str]:
    """The start of main(): this workgroup's batch (b1, b2) and tile origin (m0, n0) from its flat id, tiles
    visited in groups of GROUP_M tile rows; abase/bbase: A's and B's offsets at the tile; lm/ln: rows and columns
    left from the origin; the buffers (A, B, C and their vec4 views) where reached by address. ``band`` > 0: a
    tile whose columns all lie in blocks of ``band`` right of the blocks its rows lie in returns at once."""
    body = ["  uint tid = gl_LocalInvocationID.x;",
            "  uint pid = p.pid0 + gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;",
            "  if (pid >= p.total) return;"]
    if addresses:
        body += ["  A = p.r0; B = p.r1; C = p.r2; Av = V0(p.r0); Bv = V1(p.r1); Cv = V2(p.r2);"]
    body += ["  uint tiles = p.tiles_m * p.tiles_n;",
             "  uint batch = pid / tiles, t = pid - batch * tiles;",
             "  uint b1 = batch / p.nb2, b2 = batch - b1 * p.nb2;",
             f"  uint width = {GROUP_M}u * p.tiles_n, first = (t / width) * {GROUP_M}u;",
             f"  uint rows = min(p.tiles_m - first, {GROUP_M}u), in_group = t - (t / width) * width;",
             f"  uint m0 = (first + in_group % rows) * {bm}, n0 = (in_group / rows) * {bn};",
             *([f"  if (n0 / {band}u > (m0 + {bm} - 1u) / {band}u) return;"] if band else []),
             "  int abase = p.a_off + int(b1) * p.a_b1 + int(b2) * p.a_b2 + int(m0) * p.a_rs;",
             "  int bbase = p.b_off + int(b1) * p.b_b1 + int(b2) * p.b_b2 + int(n0) * p.b_cs;",
             "  int cbase = p.c_off + int(b1) * p.c_b1 + int(b2) * p.c_b2;",
             "  uint lm = p.M - m0, ln = p.N - n0;"]
    return body


def run_coords(op: str, run: str, runs: int, threads: str, bk: str, extent: str, width: int = 4) -> list[str]:
    """(``<op>x<r>``, ``<op>k<r>``) of each of a thread's runs of ``width``: x the row of A / column of B in the
    tile, k the step within ``bk``."""
    lines = []
    for r in range(runs):
        q = f"(tid + {r}u * {threads})"
        if run == "k":
            lines.append(f"  uint {op}x{r} = {q} / ({bk} / {width}u), {op}k{r} = ({q} % ({bk} / {width}u)) * {width}u;")
        else:
            lines.append(f"  uint {op}k{r} = {q} / ({extent} / {width}u), "
                         f"{op}x{r} = ({q} % ({extent} / {width}u)) * {width}u;")
    return lines


def fetch_lines(runs_a: int, runs_b: int, k0: str) -> list[str]:
    """Each run's four values of the A and B tiles starting at step ``k0`` of K, into ``ra``/``rb``."""
    lines = [f"  ra[{r}] = loadA(ax{r}, {k0} + ak{r}, lm, p.K, abase);" for r in range(runs_a)]
    lines += [f"  rb[{r}] = loadB({k0} + bk{r}, bx{r}, p.K, ln, bbase);" for r in range(runs_b)]
    return lines


def put_lines(runs_a: int, runs_b: int, buf: str) -> list[str]:
    """``ra``/``rb`` into shared buffer ``buf``."""
    lines = [f"  storeA({buf}, ak{r}, ax{r}, ra[{r}]);" for r in range(runs_a)]
    lines += [f"  storeB({buf}, bk{r}, bx{r}, rb[{r}]);" for r in range(runs_b)]
    return lines


@dataclass(frozen=True)
class Tile:
    """A workgroup's tile of C (bm x bn), the step along K (bk) and each thread's accumulators (tm x tn, both
    multiples of 4)."""

    bm: int
    bn: int
    bk: int
    tm: int
    tn: int

    def __post_init__(self) -> None:
        for extent in (self.bm, self.bn):
            if extent * self.bk % (4 * self.threads):
                raise ValueError(f"{self}: the threads cannot share the loads of a {extent} x {self.bk} tile")

    @property
    def threads(self) -> int:
        return (self.bm // self.tm) * (self.bn // self.tn)


class ProductKernel:
    """What the matrix-product specs share: buffers A, B, C (bound, or by address) and the push constants above;
    compiled with the optimiser, so that their register loops are unrolled."""

    addresses: bool
    groups_per: ClassVar[int] = 1
    optimize: ClassVar[bool] = True

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 3

    @property
    def push(self) -> struct.Struct:
        return struct.Struct(("=QQQ" if self.addresses else "=") + _VALUES[1:])


@dataclass(frozen=True)
class MatmulSpec(ProductKernel):
    """The tiled product of ``dtype`` matrices (a kernel spec: see :mod:`vulkit.runtime.kernels`).

    ``a_run``/``b_run``: the axis along which each thread reads four consecutive elements of A ("m" or "k") and
    of B ("k" or "n"), chosen where the operand's stride is 1; ``a_vec``/``b_vec``/``c_vec``: those runs (and C's
    rows) are contiguous and 16-byte aligned, so read or written as vec4s; ``epilogue``: C = alpha * AB + beta * C
    (else C = AB); ``checked``: False where every run of every tile is inside and aligned (M, N, K multiples of
    the tile, both operands read as vec4s: no bounds looked at); ``band`` > 0: tiles of C above the band of
    ``band`` x ``band`` diagonal blocks are skipped (:func:`origin_lines`). Bindings: A, B, C."""

    dtype: DType
    tile: Tile
    a_run: str
    b_run: str
    a_vec: bool
    b_vec: bool
    c_vec: bool
    epilogue: bool
    addresses: bool = False
    checked: bool = True
    band: int = 0

    @property
    def bm(self) -> int:
        return self.tile.bm

    @property
    def bn(self) -> int:
        return self.tile.bn

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d, acc, t = self.dtype, accumulator(self.dtype), self.tile
        v = VEC4[acc.compute]
        lines = header((d, acc), self.addresses, float_controls, local_size=t.threads, extensions=(UNROLL,))
        if d is bfloat16:
            lines.append(BFLOAT16_VEC4)
        lines += buffer_lines(d, self.addresses)
        lines += [f"#define T {acc.compute}", f"#define V {v}",
                  f"const uint BM = {t.bm}u, BN = {t.bn}u, BK = {t.bk}u, GM = {t.tm // 4}u, GN = {t.tn // 4}u;",
                  f"const uint NT = {t.threads}u, TX = {t.bn // t.tn}u;",
                  "shared V As[2][BK * BM / 4];", "shared V Bs[2][BK * BN / 4];"]
        lines += self._loader("A", "a", self.a_run, "k", "BM", self.a_vec)
        lines += self._loader("B", "b", self.b_run, "n", "BN", self.b_vec)
        lines += self._main()
        return "\n".join(lines) + "\n"

    def _element(self, buffer: str, address: str) -> str:
        return convert(f"{buffer}.d[{address}]", self.dtype, accumulator(self.dtype))

    def _loader(self, name: str, op: str, run: str, minor: str, extent: str, vec: bool) -> list[str]:
        """``load<name>`` (:func:`load_function`) and ``store<name>(buf, kk, x, v)``: the four values into the
        shared tile, laid out (k, row) for A and (k, column) for B."""
        lines = load_function(name, op, run == minor, vec, "V", "T", lambda a: self._element(name, a),
                              widen(self.dtype), checked=self.checked)
        lines.append(f"void store{name}(uint buf, uint kk, uint x, V v) {{")
        if run == "k":
            lines += ["  [[unroll]] for (uint i = 0u; i < 4u; i++)",
                      f"    {name}s[buf][(kk + i) * ({extent} / 4u) + (x >> 2)][x & 3u] = v[i];"]
        else:
            lines.append(f"  {name}s[buf][kk * ({extent} / 4u) + (x >> 2)] = v;")
        lines.append("}")
        return lines

    def _main(self) -> list[str]:
        t = self.tile
        runs_a, runs_b = t.bm * t.bk // (4 * t.threads), t.bk * t.bn // (4 * t.threads)
        body = ["void main() {", *origin_lines(self.addresses, "BM", "BN", self.band),
                "  uint tx = tid % TX, ty = tid / TX;",
                *run_coords("a", self.a_run, runs_a, "NT", "BK", "BM"),
                *run_coords("b", self.b_run, runs_b, "NT", "BK", "BN")]
        body += [f"  V acc[{t.tm * t.tn // 4}];",
                 f"  [[unroll]] for (uint i = 0u; i < {t.tm * t.tn // 4}u; i++) acc[i] = V(0);",
                 "  uint ntiles = (p.K + BK - 1u) / BK;",
                 f"  V ra[{runs_a}], rb[{runs_b}];"]
        body += fetch_lines(runs_a, runs_b, "0u")
        body += put_lines(runs_a, runs_b, "0u")
        body += ["  barrier();",
                 "  for (uint kt = 0u; kt < ntiles; kt++) {",
                 "    uint buf = kt & 1u;",
                 "    bool more = kt + 1u < ntiles;",
                 "    if (more) {"]
        body += ["  " + line for line in fetch_lines(runs_a, runs_b, "(kt + 1u) * BK")]
        body += ["    }",
                 "    [[unroll]] for (uint kk = 0u; kk < BK; kk++) {",
                 "      V a[GM], b[GN];",
                 "      [[unroll]] for (uint g = 0u; g < GM; g++)",
                 "        a[g] = As[buf][kk * (BM / 4u) + g * (BM / GM / 4u) + ty];",
                 "      [[unroll]] for (uint h = 0u; h < GN; h++)",
                 "        b[h] = Bs[buf][kk * (BN / 4u) + h * (BN / GN / 4u) + tx];",
                 "      [[unroll]] for (uint g = 0u; g < GM; g++)",
                 "        [[unroll]] for (uint i = 0u; i < 4u; i++)",
                 "          [[unroll]] for (uint h = 0u; h < GN; h++) acc[(g * 4u + i) * GN + h] += a[g][i] * b[h];",
                 "    }",
                 "    if (more) {"]
        body += ["  " + line for line in put_lines(runs_a, runs_b, "(buf ^ 1u)")]
        body += ["    }", "    barrier();", "  }"]
        body += self._epilogue()
        body.append("}")
        return body

    def _epilogue(self) -> list[str]:
        d, acc = self.dtype, accumulator(self.dtype)
        vstore = VEC4[d.storage]
        lines = ["  [[unroll]] for (uint g = 0u; g < GM; g++)",
                 "    [[unroll]] for (uint i = 0u; i < 4u; i++) {",
                 "      uint row = m0 + g * (BM / GM) + ty * 4u + i;",
                 "      if (row >= p.M) continue;",
                 "      [[unroll]] for (uint h = 0u; h < GN; h++) {",
                 "        uint col = n0 + h * (BN / GN) + tx * 4u;",
                 "        if (col >= p.N) continue;",
                 "        int at = cbase + int(row) * p.c_rs + int(col);",
                 "        V v = acc[(g * 4u + i) * GN + h];"]
        if self.epilogue:
            old = ", ".join(f"(col + {j}u < p.N) ? {self._element('C', f'at + {j}')} : T(0)" for j in range(4))
            lines += [f"        v = T(p.alpha) * v + (p.beta != 0.0 ? T(p.beta) * V({old}) : V(0));"]
        if d is bool_:
            vec_value = "u8vec4(uvec4(notEqual(v, V(0))))"
        elif d is bfloat16:
            vec_value = "u16vec4(vt_to_bf16(v.x), vt_to_bf16(v.y), vt_to_bf16(v.z), vt_to_bf16(v.w))"
        elif d.storage == acc.compute:
            vec_value = "v"
        else:
            vec_value = f"{vstore}(v)"
        if self.c_vec:
            lines.append(f"        if (col + 3u < p.N) {{ Cv.d[at >> 2] = {vec_value}; continue; }}")
        lines += [f"        [[unroll]] for (uint j = 0u; j < 4u; j++) if (col + j < p.N) C.d[at + int(j)] = "
                  f"{store('v[j]', d, acc)};",
                  "      }", "    }"]
        return lines
