"""Separable resampling along one axis (``vt.image.resize``, the pyramids): a contiguous array seen as
(outer, L, inner) becomes (outer, M, inner) with

    out[o, j, c] = sum over k < K of  w[j, k] * in[o, idx[j, k], c]      (idx -1: the constant ``cval``; -2: none)

Each output has K taps whose indices and weights the host computed once (float64, then stored in the compute type):
any filter (Pillow's box, triangle, Hamming, Catmull-Rom, Lanczos, with or without antialiasing), any boundary mode
(the indices are folded on the host) and compositions of linear filters (a Gaussian then a linear resampling, as
``skimage.transform.pyramid_reduce``) are one table, stored tap-major on the device (entry (j, k) at k M + j, so
that the threads of adjacent outputs read adjacent entries). A thread computes one output; consecutive threads take
consecutive ``c`` then ``j``, so along the rows of an image (inner = W x C) the reads of a warp are one coalesced run,
and along a row (inner = C) neighbouring outputs read overlapping windows from cache.

``fixed``: Pillow's 8-bit arithmetic (``Resample.c``): weights in fixed point with 22 fraction bits, an int32 sum
started at 2^21, then ``>> 22`` clamped to 0..255, so uint8 results equal Pillow's bit for bit.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, float32, float64, require_supported
from .glsl import WORKGROUP, buffer_block, convert, header

IMAGE_DTYPES = ("uint8", "uint16", "float16", "float32", "float64")
# negative tap indices: the constant ``cval`` (a border outside the image), or a table's padding that reads nothing
CONSTANT, DEAD = -1, -2


def compute_dtype(dtype: DType) -> DType:
    """The type a resampling of ``dtype`` sums in (and keeps between passes): float64 for float64, else float32."""
    return float64 if dtype is float64 else float32


def store_rounded(value: str, dtype: DType, compute: DType) -> str:
    """GLSL storing the float ``value`` into ``dtype``: integers rounded half away from zero and clamped to the
    type's range (Pillow's ROUND_UP and clip), floats converted."""
    if dtype.kind == "u":
        top = (1 << (8 * dtype.itemsize)) - 1
        c = compute.compute
        return f"{dtype.storage}(clamp(floor({value} + {c}(0.5)), {c}(0), {c}({top})))"
    if dtype is compute:
        return value
    return f"{dtype.storage}({value})"


class BuffersSpec:
    """What the image kernel specs share: ``nbuf`` buffers bound at 0.. or reached through addresses."""

    addresses: bool
    nbuf: ClassVar[int]
    groups_per: ClassVar[int] = WORKGROUP

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else self.nbuf

    def refs(self) -> tuple[str, str]:
        """(push-constant fields of the buffer addresses, GLSL lines naming them in main)."""
        if not self.addresses:
            return "", ""
        fields = " ".join(f"R{k} r{k};" for k in range(self.nbuf))
        names = " ".join(f"R{k} {name} = p.r{k};" for k, name in enumerate(self.names))
        return fields, names

    names: ClassVar[tuple[str, ...]]

    def struct(self, fmt: str) -> struct.Struct:
        return struct.Struct("=" + ("Q" * self.nbuf if self.addresses else "") + fmt)


class _Taps:
    """The GLSL pieces of a weighted sum of taps (``fixed``: Pillow's 8-bit fixed point, else the compute type):
    ``init`` declares the sum ``s``, ``tap`` adds to it, ``result()`` is the sum rounded for storing into ``dst``
    (uint8 clamped for ``fixed``)."""

    def __init__(self, src: DType, dst: DType, compute: DType, fixed: bool) -> None:
        self.src, self.dst, self.compute, self.fixed = src, dst, compute, fixed

    def init(self, name: str = "s") -> str:
        return f"int {name} = 1 << 21;" if self.fixed else f"{self.compute.compute} {name} = {self.compute.compute}(0);"

    def outside(self, index: str) -> str:
        """The value a tap of negative ``index`` reads: the constant ``cval`` (index -1, :data:`CONSTANT`), or nothing
        (a table's padding, :data:`DEAD`: zero, so that an infinity under it does not turn the sum into NaN)."""
        zero = "0" if self.fixed else f"{self.compute.compute}(0)"
        cval = "int(p.cval)" if self.fixed else "p.cval"
        return f"({index} == {CONSTANT} ? {cval} : {zero})"

    def add(self, value: str, index: str, weight: str, name: str = "s") -> str:
        """Add ``weight`` times ``value`` (of the compute type; int for ``fixed``) where ``index`` >= 0, else times
        :meth:`outside` (no branch: the value's load must be in bounds either way)."""
        if self.fixed:
            return f"{name} += ({index} >= 0 ? {value} : {self.outside(index)}) * {weight};"
        return f"{name} += {weight} * ({index} >= 0 ? {value} : {self.outside(index)});"

    def load(self, value: str) -> str:
        """The input element ``value`` (of its storage type) as the sums take it (int for ``fixed``)."""
        return f"int({value})" if self.fixed else convert(value, self.src, self.compute)

    def tap(self, value: str, index: str, weight: str, name: str = "s") -> str:
        """:meth:`add` of the input element ``value``."""
        return self.add(self.load(value), index, weight, name)

    def between(self, name: str) -> str:
        """The first axis's sum as the two-pass resampling keeps it between its passes (uint8 for ``fixed``)."""
        return f"clamp({name} >> 22, 0, 255)" if self.fixed else name

    def combine(self, inner: str, index: str, weight: str) -> str:
        """:meth:`add` of the first axis's sum ``inner`` as :meth:`between` keeps it, at the second axis's
        ``index``."""
        return self.add(self.between(inner), index, weight)

    def result(self, name: str = "s") -> str:
        if self.fixed:
            return f"uint8_t({self.between(name)})"
        return store_rounded(name, self.dst, self.compute)


_DIVIDE = ["uint vt_div(uint n, uint d, uint mg, uint sh) {",
           "  if (d == 1u) return n;",
           "  uint hi, lo; umulExtended(n, mg, hi, lo);",
           "  return (hi + ((n - hi) >> 1)) >> sh;",
           "}"]


class _ResampleBase(BuffersSpec):
    """What the one-axis and the two-axis resampling specs share: dtypes, Pillow's fixed point, the tables."""

    in_dtype: DType
    out_dtype: DType
    fixed: bool
    addresses: bool

    @property
    def compute(self) -> DType:
        return compute_dtype(self.in_dtype)

    def require(self, context: Any) -> None:
        for d in (self.in_dtype, self.out_dtype, self.compute):
            require_supported(d, context.dtypes, context.device.physical.name)

    def _declarations(self, float_controls: dict[str, tuple[int, ...]] | None, tables: int) -> list[str]:
        """Header, the input and output buffers, then ``tables`` pairs of (tap indices, tap weights) buffers."""
        src, dst, comp = self.in_dtype, self.out_dtype, self.compute
        lines = header((src, dst, comp), self.addresses, float_controls)
        weight = "int" if self.fixed else comp.compute
        lines += [buffer_block(0, "inp", src.storage, "readonly restrict", self.addresses, src.itemsize),
                  buffer_block(1, "outp", dst.storage, "writeonly restrict", self.addresses, dst.itemsize)]
        for t in range(tables):
            lines += [buffer_block(2 + 2 * t, self.names[2 + 2 * t], "int", "readonly restrict", self.addresses),
                      buffer_block(3 + 2 * t, self.names[3 + 2 * t], weight, "readonly restrict", self.addresses,
                                   8 if weight == "double" else 4)]
        return lines

    FIELDS: ClassVar[tuple[str, ...]]  # the uint push constants after the border value cval

    @property
    def push(self) -> struct.Struct:
        return self.struct(("d" if self.compute is float64 else "f") + "I" * len(self.FIELDS))

    def _push_block(self) -> str:
        fields, _ = self.refs()
        uints = " ".join(f"uint {name};" for name in self.FIELDS)
        return f"layout(push_constant) uniform Push {{ {fields} {self.compute.compute} cval; {uints} }} p;"

    def _taps(self) -> _Taps:
        return _Taps(self.in_dtype, self.out_dtype, self.compute, self.fixed)

    @staticmethod
    def _count(name: str, static: int) -> str:
        """``#define name``: the taps an output reads, a constant where the spec has one (``static``: the loop
        unrolls and every load of an output is issued at once), else the push constant."""
        return f"#define {name} {static}u" if static else f"#define {name} p.{name}"


@dataclass(frozen=True)
class ResampleSpec(_ResampleBase):
    """One pass (see the module): ``in_dtype`` into ``out_dtype``; ``fixed``: Pillow's 8-bit fixed point (both
    uint8). Bindings: input, output, tap indices (int), tap weights (int for ``fixed``, else the compute type).
    Push constants: cval (float32; float64 for float64: first, where it is aligned), outer, M, inner, L, K, input
    offset, output offset (elements), the magic numbers dividing by inner and by M."""

    in_dtype: DType
    out_dtype: DType
    fixed: bool = False
    addresses: bool = False
    taps: int = 0
    nbuf: ClassVar[int] = 4
    names: ClassVar[tuple[str, ...]] = ("inp", "outp", "tidx", "tw")
    FIELDS: ClassVar[tuple[str, ...]] = ("outer", "M", "inner", "L", "K", "in_off", "out_off", "mg_i", "sh_i", "mg_m",
                                         "sh_m")

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        lines = self._declarations(float_controls, 1)
        _, names = self.refs()
        lines.append(self._push_block())
        taps = self._taps()
        lines += [*_DIVIDE, self._count("K", self.taps), "void main() {", f"  {names}",
                  "  uint n = p.outer * p.M * p.inner;",
                  "  for (uint g = gl_GlobalInvocationID.x; g < n; g += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {",
                  "    uint r = vt_div(g, p.inner, p.mg_i, p.sh_i);",
                  "    uint c = g - r * p.inner;",
                  "    uint o = vt_div(r, p.M, p.mg_m, p.sh_m);",
                  "    uint j = r - o * p.M;",
                  "    uint base = p.in_off + o * p.L * p.inner + c;",
                  f"    {taps.init()}",
                  "    for (uint k = 0u; k < K; k++) {",
                  "      uint t = k * p.M + j;",
                  "      int ix = tidx.d[t];",
                  f"      {taps.tap('inp.d[base + uint(max(ix, 0)) * p.inner]', 'ix', 'tw.d[t]')}",
                  "    }",
                  f"    outp.d[p.out_off + g] = {taps.result()};",
                  "  }", "}"]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Resample2DSpec(_ResampleBase):
    """Both axes of an N x H x W x C image in one pass, the same sums as two :class:`ResampleSpec` passes (the
    first axis's sum rounded as that pass stores it: float32 or Pillow's uint8), each output reading its window
    from cache instead of an intermediate image: columns (W) first, or ``rows_first``. Bindings: input, output,
    then the first axis's tap indices and weights, then the second's. Push constants: cval, C, N, OW, OH, H, W, the
    first and second axes' K, input offset, the magic numbers dividing by C, OW and OH. The output is contiguous
    from element 0."""

    in_dtype: DType
    out_dtype: DType
    fixed: bool = False
    rows_first: bool = False
    addresses: bool = False
    taps_first: int = 0
    taps_second: int = 0
    nbuf: ClassVar[int] = 6
    names: ClassVar[tuple[str, ...]] = ("inp", "outp", "fidx", "fw", "sidx", "sw")
    FIELDS: ClassVar[tuple[str, ...]] = ("C", "N", "OW", "OH", "H", "W", "KF", "KS", "in_off", "mg_c", "sh_c", "mg_w",
                                         "sh_w", "mg_h", "sh_h")

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        lines = self._declarations(float_controls, 2)
        _, names = self.refs()
        lines.append(self._push_block())
        taps = self._taps()
        # (output index, outputs along the axis, input stride) of the first and the second axis
        first, second = ((("i", "p.OH", "p.W * p.C"), ("j", "p.OW", "p.C")) if self.rows_first
                         else (("j", "p.OW", "p.C"), ("i", "p.OH", "p.W * p.C")))
        fi, fm, fs = first
        si, sm, ss = second
        lines += [*_DIVIDE, self._count("KF", self.taps_first), self._count("KS", self.taps_second),
                  "void main() {", f"  {names}",
                  "  uint n = p.N * p.OH * p.OW * p.C;",
                  "  for (uint g = gl_GlobalInvocationID.x; g < n; g += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {",
                  "    uint r = vt_div(g, p.C, p.mg_c, p.sh_c);",
                  "    uint c = g - r * p.C;",
                  "    uint q = vt_div(r, p.OW, p.mg_w, p.sh_w);",
                  "    uint j = r - q * p.OW;",
                  "    uint b = vt_div(q, p.OH, p.mg_h, p.sh_h);",
                  "    uint i = q - b * p.OH;",
                  "    uint base = p.in_off + b * p.H * p.W * p.C + c;",
                  f"    {taps.init()}",
                  "    for (uint ks = 0u; ks < KS; ks++) {",
                  f"      uint ts = ks * {sm} + {si};",
                  "      int at = sidx.d[ts];",
                  f"      uint row = base + uint(max(at, 0)) * {ss};",
                  f"      {taps.init('f')}",
                  "      for (uint kf = 0u; kf < KF; kf++) {",
                  f"        uint tf = kf * {fm} + {fi};",
                  "        int ix = fidx.d[tf];",
                  f"        {taps.tap(f'inp.d[row + uint(max(ix, 0)) * {fs}]', 'ix', 'fw.d[tf]', 'f')}",
                  "      }",
                  f"      {taps.combine('f', 'at', 'sw.d[ts]')}",
                  "    }",
                  f"    outp.d[g] = {taps.result()};",
                  "  }", "}"]
        return "\n".join(lines) + "\n"
