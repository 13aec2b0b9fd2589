"""Softmax and log-softmax along contiguous rows in one kernel: a workgroup reads its row once for the running
maximum and sum of exponentials (the logsumexp accumulator of :mod:`.reduction`), combines its threads' in shared
memory, then reads the row again (from cache, for rows of up to some hundred KiB) and writes exp(x - max) / sum,
or x - max - log(sum)."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, float32, require_supported
from . import mathlib
from .glsl import VEC4, WORKGROUP, buffer_block, convert, header, store
from .reduction import ACCUMULATORS, TwoBufferSpec

_PUSH = struct.Struct("=IIII")  # rows, R, input offset, output offset (elements), after the two addresses if any


@dataclass(frozen=True)
class SoftmaxSpec(TwoBufferSpec):
    """The row softmax (``log``: log-softmax) of ``dtype`` (float16 computes in float32); ``vec``: vec4 loads and
    stores (R and both offsets multiples of 4). Bindings: input, output."""

    dtype: DType
    log: bool
    vec: bool
    addresses: bool = False
    groups_per: ClassVar[int] = 1

    @property
    def push(self) -> struct.Struct:
        return struct.Struct("=QQIIII") if self.addresses else _PUSH

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d = self.dtype
        compute = float32 if d.compute == "float" else d
        acc = ACCUMULATORS["logsumexp"]
        lines = header((d, compute), self.addresses, float_controls, extensions=(mathlib.EXTENSION,))
        lines.append(mathlib.render(acc.helpers, compute))
        lines.append(f"#define A {compute.compute}")
        lines.append(f"struct Acc {{ {acc.struct} }};")
        size = d.itemsize
        lines.append(buffer_block(0, "inp", d.storage, "readonly", self.addresses, size))
        lines.append(buffer_block(1, "outp", d.storage, "writeonly", self.addresses, size))
        if self.vec:
            lines.append(buffer_block(0, "inp_v", VEC4[d.storage], "readonly", self.addresses, 4 * size, "V"))
            lines.append(buffer_block(1, "outp_v", VEC4[d.storage], "writeonly", self.addresses, 4 * size, "W"))
        refs = "R0 r0; R1 r1; " if self.addresses else ""
        fields = refs + "uint rows; uint R; uint in_off; uint out_off;"
        lines.append("layout(push_constant) uniform Push { " + fields + " } p;")
        lines.append(acc.code)
        lines.append(f"shared Acc sh[{WORKGROUP}];")
        if self.log:
            lines.append("A result(A x, A m, A ls) { return x - m - ls; }")
        else:
            lines.append("A result(A x, A m, A s) { return vt_exp(x - m) / s; }")
        lines += self._main(compute)
        return "\n".join(lines) + "\n"

    def _main(self, compute: DType) -> list[str]:
        d, w = self.dtype, WORKGROUP
        body = ["void main() {", "  uint tid = gl_LocalInvocationID.x;"]
        if self.addresses:
            body += ["  R0 inp = p.r0;", "  R1 outp = p.r1;"]
            if self.vec:
                body += ["  V0 inp_v = V0(p.r0);", "  W1 outp_v = W1(p.r1);"]
        body += ["  for (uint row = gl_WorkGroupID.x; row < p.rows; row += gl_NumWorkGroups.x) {",
                 "    uint base = p.in_off + row * p.R, obase = p.out_off + row * p.R;",
                 "    Acc a = acc_identity();"]
        if self.vec:
            vec = VEC4[d.storage]
            body += ["    uint n4 = p.R >> 2;",
                     f"    for (uint j = tid; j < n4; j += {w}u) {{",
                     f"      {vec} v = inp_v.d[(base >> 2) + j];"]
            body += [f"      a = acc_update(a, {convert(f'v.{c}', d, compute)}, 0u);" for c in "xyzw"]
            body.append("    }")
        else:
            body.append(f"    for (uint j = tid; j < p.R; j += {w}u) "
                        f"a = acc_update(a, {convert('inp.d[base + j]', d, compute)}, 0u);")
        body += ["    sh[tid] = a;", "    barrier();",
                 f"    for (uint s = {w // 2}u; s > 0u; s >>= 1) {{",
                 "      if (tid < s) sh[tid] = acc_combine(sh[tid], sh[tid + s]);",
                 "      barrier();", "    }",
                 "    A m = sh[0].m, s = sh[0].s;",
                 "    barrier();"]
        if self.log:
            body.append("    s = vt_log(s);")
        if self.vec:
            vec = VEC4[d.storage]
            body += [f"    for (uint j = tid; j < n4; j += {w}u) {{",
                     f"      {vec} v = inp_v.d[(base >> 2) + j];",
                     f"      {vec} r;"]
            for c in "xyzw":
                value = f"result({convert('v.' + c, d, compute)}, m, s)"
                body.append(f"      r.{c} = {store(value, d, compute)};")
            body += ["      outp_v.d[(obase >> 2) + j] = r;", "    }"]
        else:
            value = store(f"result({convert('inp.d[base + j]', d, compute)}, m, s)", d, compute)
            body.append(f"    for (uint j = tid; j < p.R; j += {w}u) outp.d[obase + j] = {value};")
        body += ["  }", "}"]
        return body
