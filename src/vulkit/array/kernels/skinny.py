"""Skinny products C = A B where A has at most ROWS rows and B's rows are contiguous (a row vector or a few times a
matrix: ``x @ W`` in a linear layer): bandwidth-bound on B, so apart from the tiled kernel. A workgroup takes 256
columns of B (64 threads of four columns, vec4 loads where aligned) and one chunk of K, four threads along K;
each thread keeps a vec4 of sums per row of A; the four are added in shared memory. With several chunks the
workgroups write float partial sums that one reduction adds in a fixed order (results stay deterministic).

Push constants: the four addresses (with ``addresses``), rows, N, K, the chunk length along K, then A's offset and
row/column strides, B's offset and row stride, C's offset and row/column strides, the partial sums' offset,
alpha, beta."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, bfloat16, require_supported
from .glsl import VEC4, buffer_block, convert, header, store
from .matmul import BFLOAT16_VEC4, accumulator, widen

ROWS = 8  # the most rows of A
QUADS = 64  # threads along N in a workgroup, four columns each
LANES = 4  # threads along K in a workgroup
_FIELDS = ("int rows; int N; int K; int kc; int a_off; int a_rs; int a_cs; int b_off; int b_rs; "
           "int c_off; int c_rs; int c_cs; int p_off; float alpha; float beta;")


@dataclass(frozen=True)
class SkinnySpec:
    """The skinny product of ``dtype`` operands for ``rows`` rows of A; ``vec``: B's rows contiguous and its
    offset and row stride multiples of 4; ``partial``: write float partial sums (one block of rows x N per chunk
    of K) instead of C; ``epilogue``: C = alpha AB + beta C. Bindings: A, B, C, partial sums."""

    dtype: DType
    rows: int
    vec: bool
    partial: bool
    epilogue: bool
    addresses: bool = False
    groups_per: ClassVar[int] = 4 * QUADS

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 4

    @property
    def push(self) -> struct.Struct:
        return struct.Struct(("=QQQQ" if self.addresses else "=") + "13i2f")

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)
        require_supported(accumulator(self.dtype), context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d, acc = self.dtype, accumulator(self.dtype)
        v = VEC4[acc.compute]
        lines = header((d, acc), self.addresses, float_controls, local_size=QUADS * LANES)
        if d is bfloat16:
            lines.append(BFLOAT16_VEC4)
        blocks = ((0, "A", d.storage, "readonly"), (1, "B", d.storage, "readonly"), (2, "C", d.storage, ""),
                  (3, "P", acc.storage, ""))
        for slot, name, element, access in blocks:
            size = acc.itemsize if name == "P" else d.itemsize
            lines.append(buffer_block(slot, name, element, access, self.addresses, size))
        if self.vec:
            lines.append(buffer_block(1, "Bv", VEC4[d.storage], "readonly", self.addresses, 4 * d.itemsize, "V"))
        refs = "R0 r0; R1 r1; R2 r2; R3 r3; " if self.addresses else ""
        lines.append("layout(push_constant) uniform Push { " + refs + _FIELDS + " } p;")
        lines += [f"#define T {acc.compute}", f"#define V {v}", f"shared V part[{LANES}][{QUADS}];",
                  "void main() {"]
        if self.addresses:
            lines.append("  R0 A = p.r0; R1 B = p.r1; R2 C = p.r2; R3 P = p.r3;")
            if self.vec:
                lines.append("  V1 Bv = V1(p.r1);")
        b_element = convert("B.d[at + j]", d, acc)
        lines += [f"  uint quad = gl_LocalInvocationID.x % {QUADS}u, lane = gl_LocalInvocationID.x / {QUADS}u;",
                  f"  int col = (int(gl_WorkGroupID.x) * {QUADS} + int(quad)) * 4;",
                  "  int k0 = int(gl_WorkGroupID.y) * p.kc, k1 = min(k0 + p.kc, p.K);",
                  f"  V sums[{self.rows}];",
                  f"  for (int r = 0; r < {self.rows}; r++) sums[r] = V(0);",
                  "  if (col < p.N) {",
                  f"    for (int k = k0 + int(lane); k < k1; k += {LANES}) {{",
                  "      int at = p.b_off + k * p.b_rs + col;",
                  "      V b;"]
        if self.vec:
            widened = widen(d)
            stored = "Bv.d[at >> 2]"
            lines.append(f"      if (col + 3 < p.N) b = {f'{widened}({stored})' if widened else stored}; else")
        lines += ["      for (int j = 0; j < 4; j++) b[j] = col + j < p.N ? " + b_element + " : T(0);",
                  f"      for (int r = 0; r < {self.rows}; r++)",
                  "        sums[r] += " + convert("A.d[p.a_off + r * p.a_rs + k * p.a_cs]", d, acc) + " * b;",
                  "    }",
                  "  }",
                  f"  for (int r = 0; r < {self.rows}; r++) {{",
                  "    part[lane][quad] = sums[r];",
                  "    barrier();",
                  "    if (lane == 0u && col < p.N) {",
                  "      V s = sums[r];",
                  f"      for (uint l = 1u; l < {LANES}u; l++) s += part[l][quad];",
                  "      for (int j = 0; j < 4 && col + j < p.N; j++) {"]
        if self.partial:
            lines.append("        P.d[p.p_off + (int(gl_WorkGroupID.y) * p.rows + r) * p.N + col + j] = s[j];")
        else:
            value = "s[j]"
            lines.append("        int at = p.c_off + r * p.c_rs + (col + j) * p.c_cs;")
            if self.epilogue:
                old = convert("C.d[at]", d, acc)
                value = f"(T(p.alpha) * s[j] + (p.beta != 0.0 ? T(p.beta) * {old} : T(0)))"
            lines.append(f"        C.d[at] = {store(value, d, acc)};")
        lines += ["      }", "    }", "    barrier();", "  }", "}"]
        return "\n".join(lines) + "\n"
