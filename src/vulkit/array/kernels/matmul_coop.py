"""Matrix products on the GPU's matrix units through cooperative matrices (``GL_KHR_cooperative_matrix``):
float16 operands, float32 sums.

A workgroup of SG_M x SG_N subgroups computes a BM x BN tile of C; each subgroup holds FM x FN accumulator
fragments (16 x 16 float32 cooperative matrices). The A and B tiles travel through shared memory as in the
tiled kernel (:mod:`.matmul`: the same loaders, tile order, batches and push constants), double-buffered and
kept in the operand's own layout (rows padded against bank conflicts), from which each subgroup loads its
fragments row- or column-major. The sums leave through a per-subgroup staging square in shared memory, where
alpha, beta and the conversion to the stored type apply and partial tiles are cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..dtypes import DType, float32, require_supported
from .glsl import VEC4, convert, header, store
from .matmul import UNROLL, ProductKernel, buffer_lines, fetch_lines, load_function, origin_lines, put_lines, run_coords

EXTENSIONS = ("GL_KHR_cooperative_matrix", "GL_KHR_memory_scope_semantics", "GL_KHR_shader_subgroup_basic", UNROLL)
FRAGMENT = 16  # the fragment shape M = N = K used (the one every vendor reports for float16)
PAD = 8  # elements each shared row is padded by


def coop_available(context: Any, dtype: DType) -> bool:
    """Whether ``context``'s device multiplies 16 x 16 x 16 ``dtype`` fragments into float32 ones in subgroups of
    one fixed size."""
    physical = context.device.physical
    if not context.device.features.get("cooperative_matrix"):
        return False
    fixed = physical.min_subgroup_size == physical.max_subgroup_size == physical.subgroup_size
    return fixed and any(s.m == s.n == s.k == FRAGMENT and s.a == s.b == dtype.name and s.c == s.result == "float32"
                         for s in physical.cooperative_matrix_shapes)


@dataclass(frozen=True)
class CoopMatmulSpec(ProductKernel):
    """The cooperative-matrix product of ``dtype`` (float16) matrices; ``subgroup``: the device's subgroup size;
    ``sg_m`` x ``sg_n`` subgroups of ``fm`` x ``fn`` fragments each; ``bk``: the step along K; the rest as
    :class:`.matmul.MatmulSpec`. Bindings: A, B, C."""

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
        lines = header((d, float32), self.addresses, float_controls, local_size=self.threads, extensions=EXTENSIONS)
        lines += buffer_lines(d, self.addresses)
        s = d.storage
        a_stride = self.bk + PAD if self.a_run == "k" else self.bm + PAD
        b_stride = self.bn + PAD if self.b_run == "n" else self.bk + PAD
        a_size = self.bm * (self.bk + PAD) if self.a_run == "k" else self.bk * (self.bm + PAD)
        b_size = self.bk * (self.bn + PAD) if self.b_run == "n" else self.bn * (self.bk + PAD)
        lines += [f"#define S {s}", f"#define S4 {VEC4[s]}",
                  f"const uint BM = {self.bm}u, BN = {self.bn}u, BK = {self.bk}u, NT = {self.threads}u;",
                  f"const uint FM = {self.fm}u, FN = {self.fn}u, SGN = {self.sg_n}u, F = {FRAGMENT}u;",
                  f"const uint SA = {a_stride}u, SB = {b_stride}u, A_STAGE = {a_size}u, B_STAGE = {b_size}u;",
                  "shared S As[2u * A_STAGE];", "shared S Bs[2u * B_STAGE];",
                  f"shared float Cs[{self.sg_m * self.sg_n} * F * F];",
                  "#define FRAG_A coopmat<S, gl_ScopeSubgroup, F, F, gl_MatrixUseA>",
                  "#define FRAG_B coopmat<S, gl_ScopeSubgroup, F, F, gl_MatrixUseB>",
                  "#define FRAG_C coopmat<float, gl_ScopeSubgroup, F, F, gl_MatrixUseAccumulator>"]
        for name, op, run, minor, vec in (("A", "a", self.a_run, "k", self.a_vec),
                                          ("B", "b", self.b_run, "n", self.b_vec)):
            lines += load_function(name, op, run == minor, vec, "S4", "S", lambda at, n=name: f"{n}.d[{at}]", "")
        # the shared tiles keep each operand's layout: A (m, k) or (k, m), B (k, n) or (n, k), rows padded
        lines += ["void storeA(uint buf, uint kk, uint x, S4 v) {",
                  "  [[unroll]] for (uint i = 0u; i < 4u; i++) As[buf * A_STAGE + "
                  + ("x * SA + kk + i" if self.a_run == "k" else "kk * SA + x + i") + "] = v[i];", "}",
                  "void storeB(uint buf, uint kk, uint x, S4 v) {",
                  "  [[unroll]] for (uint i = 0u; i < 4u; i++) Bs[buf * B_STAGE + "
                  + ("kk * SB + x + i" if self.b_run == "n" else "x * SB + kk + i") + "] = v[i];", "}"]
        lines += self._main()
        return "\n".join(lines) + "\n"

    def _main(self) -> list[str]:
        runs_a, runs_b = self.bm * self.bk // (4 * self.threads), self.bk * self.bn // (4 * self.threads)
        row, column = "gl_CooperativeMatrixLayoutRowMajor", "gl_CooperativeMatrixLayoutColumnMajor"
        a_layout = row if self.a_run == "k" else column
        b_layout = row if self.b_run == "n" else column
        a_at = "(rm + i * F) * SA + ks" if self.a_run == "k" else "ks * SA + rm + i * F"
        b_at = "ks * SB + cn + j * F" if self.b_run == "n" else "(cn + j * F) * SB + ks"
        body = ["void main() {", *origin_lines(self.addresses, "BM", "BN"),
                "  uint sg = gl_SubgroupID, lane = gl_SubgroupInvocationID;",
                "  uint rm = (sg / SGN) * FM * F, cn = (sg % SGN) * FN * F;",
                *run_coords("a", self.a_run, runs_a, "NT", "BK", "BM"),
                *run_coords("b", self.b_run, runs_b, "NT", "BK", "BN"),
                "  FRAG_C acc[FM * FN];",
                "  [[unroll]] for (uint i = 0u; i < FM * FN; i++) acc[i] = FRAG_C(0.0);",
                "  uint ntiles = (p.K + BK - 1u) / BK;",
                f"  S4 ra[{runs_a}], rb[{runs_b}];",
                *fetch_lines(runs_a, runs_b, "0u"), *put_lines(runs_a, runs_b, "0u"),
                "  barrier();",
                "  for (uint kt = 0u; kt < ntiles; kt++) {",
                "    uint buf = kt & 1u;",
                "    bool more = kt + 1u < ntiles;",
                "    if (more) {",
                *["  " + line for line in fetch_lines(runs_a, runs_b, "(kt + 1u) * BK")],
                "    }",
                "    [[unroll]] for (uint ks = 0u; ks < BK; ks += F) {",
                "      FRAG_A fa[FM];",
                "      FRAG_B fb[FN];",
                "      [[unroll]] for (uint i = 0u; i < FM; i++)",
                f"        coopMatLoad(fa[i], As, buf * A_STAGE + {a_at}, SA, {a_layout});",
                "      [[unroll]] for (uint j = 0u; j < FN; j++)",
                f"        coopMatLoad(fb[j], Bs, buf * B_STAGE + {b_at}, SB, {b_layout});",
                "      [[unroll]] for (uint i = 0u; i < FM; i++)",
                "        [[unroll]] for (uint j = 0u; j < FN; j++)",
                "          acc[i * FN + j] = coopMatMulAdd(fa[i], fb[j], acc[i * FN + j]);",
                "    }",
                "    if (more) {",
                *["  " + line for line in put_lines(runs_a, runs_b, "(buf ^ 1u)")],
                "    }",
                "    barrier();",
                "  }"]
        body += self._epilogue()
        body.append("}")
        return body

    def _epilogue(self) -> list[str]:
        d = self.dtype
        value = "v"
        if self.epilogue:
            old = convert("C.d[at]", d, float32)
            value = f"p.alpha * v + (p.beta != 0.0 ? p.beta * {old} : 0.0)"
        return ["  [[unroll]] for (uint i = 0u; i < FM; i++)",
                "    [[unroll]] for (uint j = 0u; j < FN; j++) {",
                "      coopMatStore(acc[i * FN + j], Cs, sg * F * F, F, gl_CooperativeMatrixLayoutRowMajor);",
                "      subgroupMemoryBarrierShared();",
                "      subgroupBarrier();",
                "      for (uint e = lane; e < F * F; e += gl_SubgroupSize) {",
                "        uint row = m0 + rm + i * F + e / F, col = n0 + cn + j * F + e % F;",
                "        if (row < p.M && col < p.N) {",
                "          int at = cbase + int(row) * p.c_rs + int(col);",
                "          float v = Cs[sg * F * F + e];",
                f"          C.d[at] = {store(value, d, float32)};",
                "        }",
                "      }",
                "      subgroupBarrier();",
                "    }"]


