"""Matrix-vector products y = alpha * A x + beta * y where A's rows are contiguous: bandwidth-bound, so apart from
the tiled kernel (whose tiles would be 1/64 full). A workgroup takes ROWS rows, LANES threads each, which walk the
row (vec4 loads where the row and x are aligned), then add their sums in shared memory in a fixed order: results
are deterministic. (Keeping 4 or 8 loads of a row in flight into as many sums measured slower on an H200.)

Push constants: the three addresses (with ``addresses``), M, K, the element offsets of A, x and y, A's row stride,
x's stride, y's stride, alpha, beta."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, bfloat16, require_supported
from .glsl import VEC4, buffer_block, convert, header, store
from .matmul import BFLOAT16_VEC4, accumulator, widen

LANES = 32
ROWS = 8


@dataclass(frozen=True)
class MatvecSpec:
    """y = A x (``epilogue``: alpha A x + beta y) for ``dtype``; ``vec``: A's rows and x contiguous and 16-byte
    aligned. Bindings: A, x, y."""

    dtype: DType
    vec: bool
    epilogue: bool
    addresses: bool = False
    groups_per: ClassVar[int] = ROWS

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 3

    @property
    def push(self) -> struct.Struct:
        return struct.Struct(("=QQQ" if self.addresses else "=") + "8i2f")

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d, acc = self.dtype, accumulator(self.dtype)
        lines = header((d, acc), self.addresses, float_controls, local_size=LANES * ROWS)
        if d is bfloat16:
            lines.append(BFLOAT16_VEC4)
        for slot, name, access in ((0, "A", "readonly"), (1, "X", "readonly"), (2, "Y", "")):
            lines.append(buffer_block(slot, name, d.storage, access, self.addresses, d.itemsize))
            if self.vec and name != "Y":
                lines.append(buffer_block(slot, name + "v", VEC4[d.storage], access, self.addresses,
                                          4 * d.itemsize, "V"))
        refs = "R0 r0; R1 r1; R2 r2; " if self.addresses else ""
        lines.append("layout(push_constant) uniform Push { " + refs + "int M; int K; int a_off; int x_off; "
                     "int y_off; int a_rs; int x_s; int y_s; float alpha; float beta; } p;")
        lines += [f"#define T {acc.compute}", f"shared T partial[{LANES * ROWS}];", "void main() {"]
        if self.addresses:
            lines.append("  R0 A = p.r0; R1 X = p.r1; R2 Y = p.r2;")
            if self.vec:
                lines.append("  V0 Av = V0(p.r0); V1 Xv = V1(p.r1);")
        lines += [f"  uint tid = gl_LocalInvocationID.x, lane = tid % {LANES}u, slot = tid / {LANES}u;",
                  f"  for (int row0 = int(gl_WorkGroupID.x) * {ROWS}; row0 < p.M; "
                  f"row0 += int(gl_NumWorkGroups.x) * {ROWS}) {{",
                  "    int row = row0 + int(slot);",
                  "    T sum = T(0);",
                  "    if (row < p.M) {",
                  "      int base = p.a_off + row * p.a_rs;"]
        element_a, element_x = convert("A.d[base + k]", d, acc), convert("X.d[p.x_off + k * p.x_s]", d, acc)
        if self.vec:
            vector = VEC4[acc.compute]
            widened = widen(d) or vector
            lines += ["      int k4 = p.K >> 2;",
                      f"      for (int k = int(lane); k < k4; k += {LANES}) {{",
                      f"        {vector} a = {widened}(Av.d[(base >> 2) + k]);",
                      f"        {vector} x = {widened}(Xv.d[(p.x_off >> 2) + k]);",
                      "        sum += a.x * x.x + a.y * x.y + a.z * x.z + a.w * x.w;",
                      "      }",
                      f"      for (int k = (k4 << 2) + int(lane); k < p.K; k += {LANES})",
                      f"        sum += {element_a} * {element_x};"]
        else:
            lines.append(f"      for (int k = int(lane); k < p.K; k += {LANES}) sum += {element_a} * {element_x};")
        lines += ["    }",
                  "    partial[tid] = sum;",
                  "    barrier();",
                  f"    for (uint s = {LANES // 2}u; s > 0u; s >>= 1) {{",
                  "      if (lane < s) partial[tid] += partial[tid + s];",
                  "      barrier();",
                  "    }",
                  "    if (lane == 0u && row < p.M) {",
                  "      int at = p.y_off + row * p.y_s;",
                  "      T v = partial[tid];"]
        if self.epilogue:
            old = convert("Y.d[at]", d, acc)
            lines.append(f"      v = T(p.alpha) * v + (p.beta != 0.0 ? T(p.beta) * {old} : T(0));")
        lines += [f"      Y.d[at] = {store('v', d, acc)};", "    }", "    barrier();", "  }", "}"]
        return "\n".join(lines) + "\n"
