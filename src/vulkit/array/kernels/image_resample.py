"""Separable resampling along one axis (``vt.image.resize``, the pyramids): a contiguous array seen as
(outer, L, inner) becomes (outer, M, inner) with

    out[o, j, c] = sum over k < K of  w[j, k] * in[o, idx[j, k], c]      (idx < 0: the constant ``cval``)

Each output has K taps whose indices and weights the host computed once (float64, then stored in the compute type):
any filter (Pillow's box, triangle, Hamming, Catmull-Rom, Lanczos, with or without antialiasing), any boundary mode
(the indices are folded on the host) and compositions of linear filters (a Gaussian then a linear resampling, as
``skimage.transform.pyramid_reduce``) are one table. A thread computes one output; consecutive threads take
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


@dataclass(frozen=True)
class ResampleSpec(BuffersSpec):
    """One pass (see the module): ``in_dtype`` into ``out_dtype``; ``fixed``: Pillow's 8-bit fixed point (both
    uint8). Bindings: input, output, tap indices (int), tap weights (int for ``fixed``, else the compute type).
    Push constants: cval (float32; float64 for float64: first, where it is aligned), outer, M, inner, L, K, input
    offset, output offset (elements), the magic numbers dividing by inner and by M."""

    in_dtype: DType
    out_dtype: DType
    fixed: bool = False
    addresses: bool = False
    nbuf: ClassVar[int] = 4
    names: ClassVar[tuple[str, ...]] = ("inp", "outp", "tidx", "tw")

    @property
    def compute(self) -> DType:
        return compute_dtype(self.in_dtype)

    @property
    def push(self) -> struct.Struct:
        return self.struct(("d" if self.compute is float64 else "f") + "IIIIIIIIIII")

    def require(self, context: Any) -> None:
        for d in (self.in_dtype, self.out_dtype, self.compute):
            require_supported(d, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        src, dst, comp = self.in_dtype, self.out_dtype, self.compute
        lines = header((src, dst, comp), self.addresses, float_controls)
        weight = "int" if self.fixed else comp.compute
        lines += [buffer_block(0, "inp", src.storage, "readonly restrict", self.addresses, src.itemsize),
                  buffer_block(1, "outp", dst.storage, "writeonly restrict", self.addresses, dst.itemsize),
                  buffer_block(2, "tidx", "int", "readonly restrict", self.addresses),
                  buffer_block(3, "tw", weight, "readonly restrict", self.addresses, 8 if weight == "double" else 4)]
        fields, names = self.refs()
        lines.append("layout(push_constant) uniform Push { " + fields + f" {comp.compute} cval; uint outer; uint M; "
                     "uint inner; uint L; uint K; uint in_off; uint out_off; uint mg_i; uint sh_i; uint mg_m; "
                     "uint sh_m; } p;")
        lines += ["uint vt_div(uint n, uint d, uint mg, uint sh) {",
                  "  if (d == 1u) return n;",
                  "  uint hi, lo; umulExtended(n, mg, hi, lo);",
                  "  return (hi + ((n - hi) >> 1)) >> sh;",
                  "}"]
        if self.fixed:
            tap = "s += int(inp.d[base + uint(ix) * p.inner]) * tw.d[t];"
            init = "int s = 1 << 21;"
            cval = "s += int(p.cval) * tw.d[t];"
            result = "uint8_t(clamp(s >> 22, 0, 255))"
        else:
            c = comp.compute
            tap = f"s += tw.d[t] * {convert('inp.d[base + uint(ix) * p.inner]', src, comp)};"
            init = f"{c} s = {c}(0);"
            cval = "s += tw.d[t] * p.cval;"
            result = store_rounded("s", dst, comp)
        lines += ["void main() {", f"  {names}",
                  "  uint n = p.outer * p.M * p.inner;",
                  "  for (uint g = gl_GlobalInvocationID.x; g < n; g += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {",
                  "    uint r = vt_div(g, p.inner, p.mg_i, p.sh_i);",
                  "    uint c = g - r * p.inner;",
                  "    uint o = vt_div(r, p.M, p.mg_m, p.sh_m);",
                  "    uint j = r - o * p.M;",
                  "    uint base = p.in_off + o * p.L * p.inner + c;",
                  f"    {init}",
                  "    for (uint k = 0u; k < p.K; k++) {",
                  "      uint t = j * p.K + k;",
                  "      int ix = tidx.d[t];",
                  f"      if (ix >= 0) {{ {tap} }} else {{ {cval} }}",
                  "    }",
                  f"    outp.d[p.out_off + g] = {result};",
                  "  }", "}"]
        return "\n".join(lines) + "\n"
