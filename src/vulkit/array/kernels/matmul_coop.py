"""Matrix products on the GPU's matrix units through cooperative matrices (``GL_KHR_cooperative_matrix``):
float16 or bfloat16 operands, float32 sums.

A workgroup of SG_M x SG_N subgroups computes a BM x BN tile of C; each subgroup holds FM x FN accumulator
fragments (16 x 16 float32 cooperative matrices). The A and B tiles travel through shared memory as in the
tiled kernel (:mod:`.matmul`: the same tile order, batches and push constants), each thread moving runs of
eight elements (16 bytes, one uvec4: read from a uvec4 view of the operand where the run is aligned and
inside), double-buffered and kept in the operand's own layout (rows padded against bank conflicts) in uvec4
arrays, from which each subgroup loads its fragments row- or column-major. The accumulators and fragments are
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
from .matmul import UNROLL, ProductKernel, buffer_lines, fetch_lines, load_function, origin_lines, put_lines, run_coords

EXTENSIONS = ("GL_KHR_cooperative_matrix", "GL_KHR_memory_scope_semantics", "GL_KHR_shader_subgroup_basic", UNROLL)
FRAGMENT = 16  # the fragment shape M = N = K used (the one every vendor reports for float16)
PAD = 8  # elements each shared row is padded by
WIDE = 8  # elements each thread moves at once: 16 bytes of a 16-bit type, one uvec4


def coop_available(context: Any, dtype: DType) -> bool:
    """Whether ``context``'s device multiplies 16 x 16 x 16 ``dtype`` fragments into float32 ones in subgroups of
    one fixed size."""
    physical = context.device.physical
    features = context.device.features
    if not features.get("cooperative_matrix") or \
            (dtype is bfloat16 and not features.get("bfloat16_cooperative_matrix")):
        return False
    fixed = physical.min_subgroup_size == physical.max_subgroup_size == physical.subgroup_size
    return fixed and any(s.m == s.n == s.k == FRAGMENT and s.a == s.b == dtype.name and s.c == s.result == "float32"
                         for s in physical.cooperative_matrix_shapes)


@dataclass(frozen=True)
class CoopMatmulSpec(ProductKernel):
    """The cooperative-matrix product of ``dtype`` (float16 or bfloat16) matrices; ``subgroup``: the device's
    subgroup size; ``sg_m`` x ``sg_n`` subgroups of ``fm`` x ``fn`` fragments each; ``bk``: the step along K; the
    rest as :class:`.matmul.MatmulSpec`; ``stages``: shared buffers per operand (2: the next step's tiles stored
    while this one is multiplied, one barrier a step; 1: two barriers a step, half the shared memory);
    ``checked``: False where every run of every tile is inside and aligned (M, N, K multiples of the tile; no
    bounds looked at); ``prefetch`` (one buffer only): the next step's tiles are read into registers before this
    one's products (else each step reads, then stores its own: fewer registers, more latency).
    Bindings: A, B, C."""

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
    stages: int = 2
    checked: bool = True
    prefetch: bool = True

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
        d = self.dtype
        if self.bm * self.bk % (WIDE * self.threads) or self.bk * self.bn % (WIDE * self.threads):
            raise ValueError(f"{self}: the threads cannot share the loads of the tiles")
        if not self.checked and not (self.a_vec and self.b_vec):
            raise ValueError(f"{self}: unchecked loads need vector runs")
        placeholder = ()
        if d is bfloat16:  # no 16-bit float controls: the only 16-bit floats become bfloat16
            float_controls = {mode: tuple(w for w in widths if w != 16)
                              for mode, widths in (float_controls or {}).items()}
            placeholder = ("GL_EXT_shader_explicit_arithmetic_types_float16",)
        lines = header((d, float32), self.addresses, float_controls, local_size=self.threads,
                       extensions=EXTENSIONS + placeholder)
        lines += buffer_lines(d, self.addresses)
        lines += [buffer_block(0, "Aw", "uvec4", "readonly", self.addresses, 16, "W"),
                  buffer_block(1, "Bw", "uvec4", "readonly", self.addresses, 16, "W")]
        if self.addresses:
            lines.append("W0 Aw; W1 Bw;")
        a_stride = self.bk + PAD if self.a_run == "k" else self.bm + PAD
        b_stride = self.bn + PAD if self.b_run == "n" else self.bk + PAD
        lines += [f"#define S {d.storage}",
                  f"const uint BM = {self.bm}u, BN = {self.bn}u, BK = {self.bk}u, NT = {self.threads}u;",
                  f"const uint FM = {self.fm}u, FN = {self.fn}u, SGN = {self.sg_n}u, F = {FRAGMENT}u;",
                  f"const uint SA = {a_stride}u, SB = {b_stride}u;",
                  f"const uint A_STAGE = {a_stride * (self.bm if self.a_run == 'k' else self.bk) // WIDE}u;",
                  f"const uint B_STAGE = {b_stride * (self.bk if self.b_run == 'n' else self.bn) // WIDE}u;",
                  f"shared uvec4 As[{self.stages}u * A_STAGE];", f"shared uvec4 Bs[{self.stages}u * B_STAGE];",
                  f"shared float Cs[{self.sg_m * self.sg_n} * F * F];",
                  "#define FRAG_A coopmat<float16_t, gl_ScopeSubgroup, F, F, gl_MatrixUseA>",
                  "#define FRAG_B coopmat<float16_t, gl_ScopeSubgroup, F, F, gl_MatrixUseB>",
                  "#define FRAG_C coopmat<float, gl_ScopeSubgroup, F, F, gl_MatrixUseAccumulator>"]
        for name, op, run, minor, vec in (("A", "a", self.a_run, "k", self.a_vec),
                                          ("B", "b", self.b_run, "n", self.b_vec)):
            lines += load_function(name, op, run == minor, vec, "uvec4", "S", lambda at, n=name: f"{n}.d[{at}]", "",
                                   width=WIDE, view="w", pack=_pack_bits if d is bfloat16 else _pack_halves,
                                   checked=self.checked)
        # the shared tiles keep each operand's layout: A (m, k) or (k, m), B (k, n) or (n, k), rows padded; eight
        # halves to an element, so that offsets and strides below are in eighths
        lines += ["void storeA(uint buf, uint kk, uint x, uvec4 v) { As[buf * A_STAGE + ("
                  + ("x * SA + kk" if self.a_run == "k" else "kk * SA + x") + ") / 8u] = v; }",
                  "void storeB(uint buf, uint kk, uint x, uvec4 v) { Bs[buf * B_STAGE + ("
                  + ("kk * SB + x" if self.b_run == "n" else "x * SB + kk") + ") / 8u] = v; }"]
        lines += self._main()
        return "\n".join(lines) + "\n"

    def _main(self) -> list[str]:
        runs_a, runs_b = self.bm * self.bk // (WIDE * self.threads), self.bk * self.bn // (WIDE * self.threads)
        row, column = "gl_CooperativeMatrixLayoutRowMajor", "gl_CooperativeMatrixLayoutColumnMajor"
        a_layout = row if self.a_run == "k" else column
        b_layout = row if self.b_run == "n" else column
        a_at = "((rm + {i}u * F) * SA + {ks}u) / 8u" if self.a_run == "k" else "({ks}u * SA + rm + {i}u * F) / 8u"
        b_at = "({ks}u * SB + cn + {j}u * F) / 8u" if self.b_run == "n" else "((cn + {j}u * F) * SB + {ks}u) / 8u"
        body = ["void main() {", *origin_lines(self.addresses, "BM", "BN"),
                *(["  Aw = W0(p.r0); Bw = W1(p.r1);"] if self.addresses else []),
                "  uint sg = gl_SubgroupID, lane = gl_SubgroupInvocationID;",
                "  uint rm = (sg / SGN) * FM * F, cn = (sg % SGN) * FN * F;",
                *run_coords("a", self.a_run, runs_a, "NT", "BK", "BM", WIDE),
                *run_coords("b", self.b_run, runs_b, "NT", "BK", "BN", WIDE),
                *[f"  FRAG_C acc{f} = FRAG_C(0.0);" for f in range(self.fm * self.fn)],
                "  uint ntiles = (p.K + BK - 1u) / BK;",
                f"  uvec4 ra[{runs_a}], rb[{runs_b}];",
                *(fetch_lines(runs_a, runs_b, "0u") if self.prefetch else [])]
        fetch_next = ["    if (more) {", *["  " + line for line in fetch_lines(runs_a, runs_b, "(kt + 1u) * BK")],
                      "    }"]
        steps = self._steps(a_at, a_layout, b_at, b_layout)
        if self.stages == 2:
            body += [*put_lines(runs_a, runs_b, "0u"),
                     "  barrier();",
                     "  for (uint kt = 0u; kt < ntiles; kt++) {",
                     "    uint buf = kt & 1u;",
                     "    bool more = kt + 1u < ntiles;",
                     *fetch_next, *steps,
                     "    if (more) {",
                     *["  " + line for line in put_lines(runs_a, runs_b, "(buf ^ 1u)")],
                     "    }",
                     "    barrier();",
                     "  }"]
        else:  # the barrier before the stores lets the last step's fragment loads finish
            body += ["  for (uint kt = 0u; kt < ntiles; kt++) {",
                     "    const uint buf = 0u;",
                     "    bool more = kt + 1u < ntiles;",
                     "    barrier();",
                     *([] if self.prefetch or self.stages != 1 else
                       ["  " + line for line in fetch_lines(runs_a, runs_b, "kt * BK")]),
                     *["  " + line for line in put_lines(runs_a, runs_b, "0u")],
                     "    barrier();",
                     *(fetch_next if self.prefetch else []), *steps,
                     "  }",
                     "  barrier();"]
        body += self._epilogue()
        body.append("}")
        return body

    def _epilogue(self) -> list[str]:
        d = self.dtype
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
                          "      float v = Cs[sg * F * F + e];",
                          f"      C.d[at] = {store(value, d, float32)};",
                          "    }",
                          "  }",
                          "  subgroupBarrier();"]
        return lines

    def _steps(self, a_at: str, a_layout: str, b_at: str, b_layout: str) -> list[str]:
        """The fragment loads and products of one stage, written out in full (the accumulators are separate
        variables, never an array indexed in a loop: a driver that does not unroll such a loop keeps the array in
        memory, and every product then waits on it)."""
        lines = []
        for ks in range(0, self.bk, FRAGMENT):
            lines += [f"    FRAG_A fa{i}_{ks}; coopMatLoad(fa{i}_{ks}, As, buf * A_STAGE + "
                      f"{a_at.format(i=i, ks=ks)}, SA / 8u, {a_layout});" for i in range(self.fm)]
            for j in range(self.fn):  # one B fragment at a time: fewer registers live
                lines.append(f"    FRAG_B fb{j}_{ks}; coopMatLoad(fb{j}_{ks}, Bs, buf * B_STAGE + "
                             f"{b_at.format(j=j, ks=ks)}, SB / 8u, {b_layout});")
                lines += [f"    acc{i * self.fn + j} = coopMatMulAdd(fa{i}_{ks}, fb{j}_{ks}, acc{i * self.fn + j});"
                          for i in range(self.fm)]
        return lines

    def finish_spirv(self, spirv: bytes) -> bytes:
        """bfloat16 kernels: the float16 placeholder made bfloat16."""
        return float16_as_bfloat16(spirv) if self.dtype is bfloat16 else spirv


def _pack_bits(parts: list[str]) -> str:
    """A uvec4 of eight 16-bit words, two to a uint."""
    pairs = [f"(uint({parts[i]}) | (uint({parts[i + 1]}) << 16u))" for i in range(0, len(parts), 2)]
    return "uvec4(" + ", ".join(pairs) + ")"


def _pack_halves(parts: list[str]) -> str:
    """A uvec4 of eight 16-bit values, two to a uint."""
    pairs = [f"packFloat2x16(f16vec2({parts[i]}, {parts[i + 1]}))" for i in range(0, len(parts), 2)]
    return "uvec4(" + ", ".join(pairs) + ")"
