"""The sum of a product's partial sums over chunks of K (split-K and skinny products), in chunk order, into the
product's strided target, with the gemm epilogue C = alpha S + beta C: one dispatch, one thread an element.

Push constants: the two addresses (with ``addresses``), chunks, elements per chunk, rows, columns, the target's
offset and batch/row/column strides, the partial sums' offset, alpha, beta. Partial sums are contiguous
(chunks, batch, rows, columns) of the accumulator dtype; a grid-stride loop over the target's elements."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, require_supported
from .glsl import WORKGROUP, buffer_block, convert, header, store
from .matmul import accumulator


@dataclass(frozen=True)
class PartialSumSpec:
    """Adds partial sums of ``accumulator(dtype)`` into a ``dtype`` target; ``epilogue``: alpha S + beta C.
    Bindings: partial sums, target."""

    dtype: DType
    epilogue: bool
    addresses: bool = False
    groups_per: ClassVar[int] = WORKGROUP

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 2

    @property
    def push(self) -> struct.Struct:
        return struct.Struct(("=QQ" if self.addresses else "=") + "9i2f")

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)
        require_supported(accumulator(self.dtype), context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d, acc = self.dtype, accumulator(self.dtype)
        lines = header((d, acc), self.addresses, float_controls)
        lines += [buffer_block(0, "P", acc.storage, "readonly", self.addresses, acc.itemsize),
                  buffer_block(1, "C", d.storage, "", self.addresses, d.itemsize)]
        refs = "R0 r0; R1 r1; " if self.addresses else ""
        lines += ["layout(push_constant) uniform Push { " + refs + "int chunks; int count; int rows; int cols; "
                  "int c_off; int c_bs; int c_rs; int c_cs; int p_off; float alpha; float beta; } p;",
                  f"#define T {acc.compute}",
                  "void main() {"]
        if self.addresses:
            lines.append("  R0 P = p.r0; R1 C = p.r1;")
        value = "s"
        if self.epilogue:
            value = f"(T(p.alpha) * s + (p.beta != 0.0 ? T(p.beta) * {convert('C.d[at]', d, acc)} : T(0)))"
        lines += ["  int plane = p.rows * p.cols, stride = int(gl_NumWorkGroups.x) * int(gl_WorkGroupSize.x);",
                  "  for (int e = int(gl_GlobalInvocationID.x); e < p.count; e += stride) {",
                  "    T s = " + convert("P.d[p.p_off + e]", acc, acc) + ";",
                  "    for (int c = 1; c < p.chunks; c++) s += " + convert("P.d[p.p_off + c * p.count + e]", acc, acc)
                  + ";",
                  "    int within = e % plane;",
                  "    int at = p.c_off + (e / plane) * p.c_bs + (within / p.cols) * p.c_rs"
                  " + (within % p.cols) * p.c_cs;",
                  f"    C.d[at] = {store(value, d, acc)};",
                  "  }",
                  "}"]
        return "\n".join(lines) + "\n"
