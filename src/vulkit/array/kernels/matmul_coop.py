"""Matrix products on the GPU's matrix units through cooperative matrices (``GL_KHR_cooperative_matrix``):
float16 or bfloat16 operands with float32 sums, int8 or uint8 operands with 32-bit integer sums.

A workgroup of SG_M x SG_N subgroups computes a BM x BN tile of C; each subgroup holds FM x FN accumulator
fragments (16 x 16 cooperative matrices of the sums' type; the A and B fragments are 16 x FK and FK x 16, FK 16
for 16-bit operands and 32 for 8-bit ones). The A and B tiles travel through shared memory as in the tiled kernel
(:mod:`.matmul`: the same tile order, batches and push constants), each thread moving runs of 16 bytes (eight
16-bit or sixteen 8-bit elements, one uvec4: read from a uvec4 view of the operand where the run is aligned and
inside), kept in the operand's own layout (rows padded by 16 bytes against bank conflicts) in uvec4 arrays, from
which each subgroup loads its fragments row- or column-major. The accumulators and fragments are
separate variables in code written out here, not arrays indexed in loops (a driver that does not unroll such a
loop keeps the array in memory: 6x slower on an H100). The sums leave through a per-subgroup staging square in
shared memory, where alpha, beta and the conversion to the stored type apply and partial tiles are cut.

bfloat16 fragments are written as float16 ones and the compiled module rewritten
(:func:`vulkit.shaders.spirv_types.float16_as_bfloat16`: the PyPI glslang predates ``GL_EXT_bfloat16``); the
kernel has no other 16-bit float value (bfloat16 runs are packed as integers, the epilogue converts bits).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...shaders.spirv_types import float16_as_bfloat16
from ..dtypes import DType, bfloat16, float32, require_supported
from .glsl import buffer_block, convert, header, store
from .matmul import (
    UNROLL,
    ProductKernel,
    accumulator,
    buffer_lines,
    fetch_lines,
    load_function,
    origin_lines,
    put_lines,
    run_coords,
)

EXTENSIONS = ("GL_KHR_cooperative_matrix", "GL_KHR_memory_scope_semantics", "GL_KHR_shader_subgroup_basic", UNROLL)
FRAGMENT = 16  # the fragments' M = N (the one every vendor reports for float16 and 8-bit integers)
RUN_BYTES = 16  # what each thread moves at once (one uvec4), and what each shared row is padded by


def fragment_k(dtype: DType) -> int:
    """The fragments' K for ``dtype`` operands: 16 for 16-bit ones, 32 for 8-bit ones (32 bytes a row)."""
    return 32 // dtype.itemsize


def run_elements(dtype: DType) -> int:
    """The elements of ``dtype`` in a thread's run of RUN_BYTES."""
    return RUN_BYTES // dtype.itemsize


def coop_available(context: Any, dtype: DType) -> bool:
    """Whether ``context``'s device multiplies 16 x FK and FK x 16 ``dtype`` fragments into 16 x 16 sums of
    :func:`.matmul.accumulator`'s type in subgroups of one fixed size."""
    physical = context.device.physical
    features = context.device.features
    if not features.get("cooperative_matrix") or \
            (dtype is bfloat16 and not features.get("bfloat16_cooperative_matrix")):
        return False
    sums = accumulator(dtype).name
    return bool(physical.fixed_subgroup_size) and any(
        s.m == s.n == FRAGMENT and s.k == fragment_k(dtype) and s.a == s.b == dtype.name and s.c == s.result == sums
        for s in physical.cooperative_matrix_shapes)


@dataclass(frozen=True)
class CoopMatmulSpec(ProductKernel):
    """The cooperative-matrix product of ``dtype`` (float16, bfloat16, int8, uint8) matrices; ``subgroup``: the device's
    subgroup size; ``sg_m`` x ``sg_n`` subgroups of ``fm`` x ``fn`` fragments each; ``bk``: the step along K; the
    rest as :class:`.matmul.MatmulSpec`; ``checked``: False where every run of every tile is inside and aligned
    (M, N, K multiples of the tile; no bounds looked at). One shared buffer per operand, two barriers a step, the
    next step's tiles read into registers between them (on an H100 180 TFLOP/s against 148 with two buffers, 231
    without the register prefetch: ``docs/measured.md``). Bindings: A, B, C."""

    dtype: DType
    subgroup: int
    sg_m: int
    sg_n: int
    fm: int
    fn: int
    bk: int
    a_run: str
    b_run: str
    a_vec: bool
    b_vec: bool
    epilogue: bool
    addresses: bool = False
    checked: bool = True

    @property
    def bm(self) -> int:
        return self.sg_m * self.fm * FRAGMENT

    @property
    def bn(self) -> int:
        return self.sg_n * self.fn * FRAGMENT

    @property
    def threads(self) -> int:
        return self.sg_m * self.sg_n * self.subgroup

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)
        if not coop_available(context, self.dtype):
            raise TypeError(f"{context.device.physical.name} has no {self.dtype} cooperative matrices")

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d, sums, wide = self.dtype, accumulator(self.dtype), run_elements(self.dtype)
        if self.bm * self.bk % (wide * self.threads) or self.bk * self.bn % (wide * self.threads):
            raise ValueError(f"{self}: the threads cannot share the loads of the tiles")
        if self.bk % fragment_k(d):
            raise ValueError(f"{self}: the step along K is not a whole number of fragments")
        if not self.checked and not (self.a_vec and self.b_vec):
            raise ValueError(f"{self}: unchecked loads need vector runs")
        if self.epilogue and sums.kind != "f":
            raise ValueError(f"{self}: alpha and beta apply to floating products only")
        placeholder = ()
        if d is bfloat16:  # no 16-bit float controls: the only 16-bit floats become bfloat16
            float_controls = {mode: tuple(w for w in widths if w != 16)
                              for mode, widths in (float_controls or {}).items()}
            placeholder = ("GL_EXT_shader_explicit_arithmetic_types_float16",)
        lines = header((d, sums), self.addresses, float_controls, local_size=self.threads,
                       extensions=EXTENSIONS + placeholder)
        lines += buffer_lines(d, self.addresses)
        lines += [buffer_block(0, "Aw", "uvec4", "readonly", self.addresses, 16, "W"),
                  buffer_block(1, "Bw", "uvec4", "readonly", self.addresses, 16, "W")]
        if self.addresses:
            lines.append("W0 Aw; W1 Bw;")
        a_stride = self.bk + wide if self.a_run == "k" else self.bm + wide
        b_stride = self.bn + wide if self.b_run == "n" else self.bk + wide
        element = "float16_t" if d.kind == "f" else d.storage  # (the float16 placeholder for bfloat16)
        lines += [f"#define S {d.storage}", f"#define SUM {sums.compute}",
                  f"const uint BM = {self.bm}u, BN = {self.bn}u, BK = {self.bk}u, NT = {self.threads}u;",
                  f"const uint FM = {self.fm}u, FN = {self.fn}u, SGN = {self.sg_n}u, F = {FRAGMENT}u;",
                  f"const uint FK = {fragment_k(d)}u, WD = {wide}u, SA = {a_stride}u, SB = {b_stride}u;",
                  f"shared uvec4 As[{a_stride * (self.bm if self.a_run == 'k' else self.bk) // wide}];",
                  f"shared uvec4 Bs[{b_stride * (self.bk if self.b_run == 'n' else self.bn) // wide}];",
                  f"shared SUM Cs[{self.sg_m * self.sg_n} * F * F];",
                  f"#define FRAG_A coopmat<{element}, gl_ScopeSubgroup, F, FK, gl_MatrixUseA>",
                  f"#define FRAG_B coopmat<{element}, gl_ScopeSubgroup, FK, F, gl_MatrixUseB>",
                  "#define FRAG_C coopmat<SUM, gl_ScopeSubgroup, F, F, gl_MatrixUseAccumulator>"]
        for name, op, run, minor, vec in (("A", "a", self.a_run, "k", self.a_vec),
                                          ("B", "b", self.b_run, "n", self.b_vec)):
            lines += load_function(name, op, run == minor, vec, "uvec4", "S", lambda at, n=name: f"{n}.d[{at}]", "",
                                   width=wide, view="w", pack=_packer(d), checked=self.checked)
        # the shared tiles keep each operand's layout: A (m, k) or (k, m), B (k, n) or (n, k), rows padded; WD
        # operand elements to an element, so that offsets and strides below are in WD-ths
        lines += ["void storeA(uint buf, uint kk, uint x, uvec4 v) { As[("
                  + ("x * SA + kk" if self.a_run == "k" else "kk * SA + x") + ") / WD] = v; }",
                  "void storeB(uint buf, uint kk, uint x, uvec4 v) { Bs[("
                  + ("kk * SB + x" if self.b_run == "n" else "x * SB + kk") + ") / WD] = v; }"]
        lines += self._main()
        return "\n".join(lines) + "\n"

    def _main(self) -> list[str]:
        wide = run_elements(self.dtype)
        runs_a, runs_b = self.bm * self.bk // (wide * self.threads), self.bk * self.bn // (wide * self.threads)
        row, column = "gl_CooperativeMatrixLayoutRowMajor", "gl_CooperativeMatrixLayoutColumnMajor"
        a_layout = row if self.a_run == "k" else column
        b_layout = row if self.b_run == "n" else column
        a_at = "((rm + {i}u * F) * SA + {ks}u) / WD" if self.a_run == "k" else "({ks}u * SA + rm + {i}u * F) / WD"
        b_at = "({ks}u * SB + cn + {j}u * F) / WD" if self.b_run == "n" else "((cn + {j}u * F) * SB + {ks}u) / WD"
        body = ["void main() {", *origin_lines(self.addresses, "BM", "BN"),
                *(["  Aw = W0(p.r0); Bw = W1(p.r1);"] if self.addresses else []),
                "  uint sg = gl_SubgroupID, lane = gl_SubgroupInvocationID;",
                "  uint rm = (sg / SGN) * FM * F, cn = (sg % SGN) * FN * F;",
                *run_coords("a", self.a_run, runs_a, "NT", "BK", "BM", wide),
                *run_coords("b", self.b_run, runs_b, "NT", "BK", "BN", wide),
                *[f"  FRAG_C acc{f} = FRAG_C(SUM(0));" for f in range(self.fm * self.fn)],
                "  uint ntiles = (p.K + BK - 1u) / BK;",
                f"  uvec4 ra[{runs_a}], rb[{runs_b}];",
                *fetch_lines(runs_a, runs_b, "0u"),
                "  for (uint kt = 0u; kt < ntiles; kt++) {",
                "    barrier();",  # the last step's fragment loads are done before the stores
                *["  " + line for line in put_lines(runs_a, runs_b, "0u")],  # one buffer: buf 0
                "    barrier();",
                "    if (kt + 1u < ntiles) {",
                *["  " + line for line in fetch_lines(runs_a, runs_b, "(kt + 1u) * BK")],
                "    }",
                *self._steps(a_at, a_layout, b_at, b_layout),
                "  }",
                "  barrier();"]
        body += self._epilogue()
        body.append("}")
        return body

    def _epilogue(self) -> list[str]:
        d, sums = self.dtype, accumulator(self.dtype)
        value = "v"
        if self.epilogue:
            old = convert("C.d[at]", d, float32)
            value = f"p.alpha * v + (p.beta != 0.0 ? p.beta * {old} : 0.0)"
        lines = []
        for i in range(self.fm):
            for j in range(self.fn):
                lines += [f"  coopMatStore(acc{i * self.fn + j}, Cs, sg * F * F, F, "
                          "gl_CooperativeMatrixLayoutRowMajor);",
                          "  subgroupMemoryBarrierShared();",
                          "  subgroupBarrier();",
                          "  for (uint e = lane; e < F * F; e += gl_SubgroupSize) {",
                          f"    uint row = m0 + rm + {i}u * F + e / F, col = n0 + cn + {j}u * F + e % F;",
                          "    if (row < p.M && col < p.N) {",
                          "      int at = cbase + int(row) * p.c_rs + int(col);",
                          "      SUM v = Cs[sg * F * F + e];",
                          f"      C.d[at] = {store(value, d, sums)};",
                          "    }",
                          "  }",
                          "  subgroupBarrier();"]
        return lines

    def _steps(self, a_at: str, a_layout: str, b_at: str, b_layout: str) -> list[str]:
        """The fragment loads and products of one stage, written out in full (the accumulators are separate
        variables, never an array indexed in a loop: a driver that does not unroll such a loop keeps the array in
        memory, and every product then waits on it)."""
        lines = []
        for ks in range(0, self.bk, fragment_k(self.dtype)):
            lines += [f"    FRAG_A fa{i}_{ks}; coopMatLoad(fa{i}_{ks}, As, "
                      f"{a_at.format(i=i, ks=ks)}, SA / WD, {a_layout});" for i in range(self.fm)]
            for j in range(self.fn):  # one B fragment at a time: fewer registers live
                lines.append(f"    FRAG_B fb{j}_{ks}; coopMatLoad(fb{j}_{ks}, Bs, "
                             f"{b_at.format(j=j, ks=ks)}, SB / WD, {b_layout});")
                lines += [f"    acc{i * self.fn + j} = coopMatMulAdd(fa{i}_{ks}, fb{j}_{ks}, acc{i * self.fn + j});"
                          for i in range(self.fm)]
        return lines

    def finish_spirv(self, spirv: bytes) -> bytes:
        """bfloat16 kernels: the float16 placeholder made bfloat16."""
        return float16_as_bfloat16(spirv) if self.dtype is bfloat16 else spirv


def _packer(dtype: DType) -> Any:
    """How a run's single elements become one uvec4: float16 values as halves, other 16-bit words (bfloat16) and
    bytes as their bits."""
    if dtype.kind == "f" and dtype is not bfloat16:
        return _pack_halves
    bits = 8 * dtype.itemsize
    return lambda parts: _pack_bits(parts, bits)


def _pack_bits(parts: list[str], bits: int) -> str:
    """A uvec4 of ``bits``-wide words (masked: signed bytes widen with their sign), 32 / bits to a uint."""
    mask = (1 << bits) - 1
    per = 32 // bits
    words = [" | ".join(f"((uint({parts[i + b]}) & {mask:#x}u) << {bits * b}u)" for b in range(per))
             for i in range(0, len(parts), per)]
    return "uvec4(" + ", ".join(f"({w})" for w in words) + ")"


def _pack_halves(parts: list[str]) -> str:
    """A uvec4 of eight 16-bit values, two to a uint."""
    pairs = [f"packFloat2x16(f16vec2({parts[i]}, {parts[i + 1]}))" for i in range(0, len(parts), 2)]
    return "uvec4(" + ", ".join(pairs) + ")"
