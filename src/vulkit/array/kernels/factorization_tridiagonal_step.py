"""One column of the Hermitian reduction to tridiagonal form a dispatch (LAPACK's ``hetd2`` / ``sytd2`` reordered).

``hetd2`` takes three steps a column: the reflector v of column k, p = A22 v, then the rank-2 update
A22 -= v w^H + w v^H with w = tau p - |tau|^2 (p^H v) v / 2. Each needs the whole of the one before, so the reflector
kernel (:class:`~.factorization_sweep.HouseSpec`) took two dispatches a column, and a dispatch's fixed cost (the
host's recording, the GPU's start) was most of the reduction's time. Here dispatch k applies column k - 1's update,
which only needs v, tau and p of that column (finished by dispatch k - 1), on the fly: every workgroup computes row
k updated (column k conjugated, as A is Hermitian; no workgroup writes row k in this dispatch), the reflector of
column k from it and then, for its own rows below k, the update of the trailing block (written back) and their
elements of p = A22 v: one dispatch and one pass over the trailing block a column. The last dispatch (k = n - 1)
only updates the last diagonal element."""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec
from .factorization_sweep import larfg_glsl


@dataclass(frozen=True)
class TridiagonalStepSpec(LASpec):
    """Column k of the reduction of each of ``batch`` Hermitian matrices A (n x n, both triangles; the block right
    of and below k - 1 not yet updated by column k - 1's reflector): writes the diagonal element d_k (real) to D
    (batch, 1, n), column k's reflector (LAPACK's ``larfg``: H^H x = beta e_1, H = I - tau v v^H) to V (batch,
    n - 1, n - 1: column k, rows k .. n - 2, v_k = 1; rows of A shifted by one) and tau, beta (the off-diagonal
    e_k) to T's rows 0 and 1 (batch, 2, n - 1), the updated block of rows and columns k + 1 .. n - 1 to A, and
    p = A22 v to P's row k % 2 (batch, 2, n). ``rows`` rows of A a workgroup, max(1, ceil((n - k - 1) / rows))
    workgroups a matrix."""

    rows: int = 2

    EXTENSIONS = ("GL_EXT_control_flow_attributes", "GL_KHR_shader_subgroup_arithmetic")
    BUFFERS = (("A", "S", ""), ("V", "S", ""), ("T", "S", ""), ("P", "S", ""), ("D", "R", "writeonly"))
    OPERANDS = ("A", "V", "T", "P", "D")
    FIELDS = ("batch", "n", "k")

    def body(self) -> list[str]:
        zero = "la_s(R(0))"
        return [f"#define RB {self.rows}u",
                "shared S part[RB * WG];",  # each subgroup's sums of the workgroup's rows of p
                *_reductions(self.dtype.kind == "c"),
                "#define A(i, c) b_A.d[IX_A(bt, i, c)]",
                # column k - 1's reflector, its p and w (live false at k = 0 and where tau was 0: none is read)
                "#define VP(c) b_V.d[IX_V(bt, (c) - 1u, kp)]",
                "#define PP(c) b_P.d[IX_P(bt, kp & 1u, c)]",
                "#define WP(c) (la_mul(tp, PP(c)) + la_mul(hs, VP(c)))",
                "#define UPD(i, c, a) \\",
                "  (live ? (a) - la_mul(VP(i), la_conj(WP(c))) - la_mul(WP(i), la_conj(VP(c))) : (a))",
                "#define XK(c) la_conj(UPD(k, c, A(k, c)))",  # row k updated, conjugated: column k below the diagonal
                "#define VK(c) ((c) == k + 1u ? la_s(R(1)) : la_mul(SCALED(XK(c)), sc))",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, n = p.n, k = p.k, kp = max(k, 1u) - 1u;",
                "  uint blocks = max(1u, (n - k - 1u + RB - 1u) / RB);",
                "  for (uint g = gl_WorkGroupID.x; g < p.batch * blocks; g += gl_NumWorkGroups.x) {",
                "    uint bt = g / blocks, blk = g - bt * blocks;",
                f"    S tp = k > 0u ? b_T.d[IX_T(bt, 0u, kp)] : {zero};",
                "    bool live = la_abs1(tp) != R(0);",
                f"    S s = {zero};",
                "    if (live) for (uint c = k + tid; c < n; c += WG) s += la_mul(la_conj(PP(c)), VP(c));",
                "    S hs = la_scale(wg_sum(s), R(-0.5) * la_abs2(tp));",  # w = tau p - |tau|^2 (p^H v) v / 2
                "    if (blk == 0u && tid == 0u) b_D.d[IX_D(bt, 0u, k)] = la_re(UPD(k, k, A(k, k)));",
                "    if (k + 1u >= n) continue;",
                *larfg_glsl("XK({i})", "XK(k + 1u)", "k + 2u", "n"),  # column k below the diagonal
                "    if (blk == 0u && tid == 0u) {",
                "      b_T.d[IX_T(bt, 0u, k)] = tau;",
                "      b_T.d[IX_T(bt, 1u, k)] = la_s(beta);",
                "    }",
                # the workgroup's rows: column k - 1's update of their trailing part, and their p = A22 v
                "    uint r0 = k + 1u + blk * RB;",
                "    S vr[RB], wr[RB], acc[RB];",
                "    [[unroll]] for (uint r = 0u; r < RB; ++r) {",
                "      uint i = min(r0 + r, n - 1u);",
                f"      vr[r] = live ? VP(i) : {zero};",
                f"      wr[r] = live ? WP(i) : {zero};",
                f"      acc[r] = {zero};",
                "    }",
                "    for (uint c = k + 1u + tid; c < n; c += WG) {",
                f"      S vc = live ? la_conj(VP(c)) : {zero}, wc = live ? la_conj(WP(c)) : {zero}, v = VK(c);",
                "      [[unroll]] for (uint r = 0u; r < RB; ++r) {",
                "        if (r0 + r < n) {",
                "          S a = A(r0 + r, c) - la_mul(vr[r], wc) - la_mul(wr[r], vc);",
                "          A(r0 + r, c) = a;",
                "          acc[r] += la_mul(a, v);",
                "        }",
                "      }",
                "    }",
                "    [[unroll]] for (uint r = 0u; r < RB; ++r) {",
                "      S t = subgroupAdd(acc[r]);",
                "      if (subgroupElect()) part[r * WG + gl_SubgroupID] = t;",
                "    }",
                "    barrier();",
                "    if (tid < RB && r0 + tid < n) {",
                f"      S t = {zero};",
                "      for (uint q = 0u; q < gl_NumSubgroups; ++q) t += part[tid * WG + q];",
                "      b_P.d[IX_P(bt, k & 1u, r0 + tid)] = t;",
                "      b_V.d[IX_V(bt, r0 + tid - 1u, k)] = VK(r0 + tid);",
                "    }",
                "    barrier();",
                "  }",
                "}"]


def _reductions(complex_: bool) -> list[str]:
    """GLSL: the workgroup's sums (of S and, for complex S, of R) and maximum (of values >= 0) through subgroup
    operations and one shared word a subgroup: two barriers each, where a tree in shared memory took one a level;
    every invocation adds the subgroups' words in the same order, so all get the same result."""
    lines = []
    for kind, name, op in [*((("S", "wg_sum", "Add"),) if complex_ else ()), ("R", "wg_sum", "Add"),
                           ("R", "wg_max", "Max")]:
        combine = "r += sg_{0}[q]" if op == "Add" else "r = max(r, sg_{0}[q])"
        lines += [f"{kind} {name}({kind} v) {{",
                  f"  {kind} t = subgroup{op}(v);",
                  f"  if (subgroupElect()) sg_{kind}[gl_SubgroupID] = t;",
                  "  barrier();",
                  f"  {kind} r = {kind}(0);",
                  f"  for (uint q = 0u; q < gl_NumSubgroups; ++q) {combine.format(kind)};",
                  "  barrier();",
                  "  return r;",
                  "}"]
    shared = [f"shared {kind} sg_{kind}[WG];" for kind in (("S", "R") if complex_ else ("R",))]
    return shared + lines
