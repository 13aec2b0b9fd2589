"""One column of the real symmetric reduction to tridiagonal form a dispatch (LAPACK's ``sytd2`` reordered).

``sytd2`` takes three steps a column: the reflector v of column k, p = A22 v, then the rank-2 update
A22 -= v w^T + w v^T with w = tau (p - tau (p^T v) v / 2). Each needs the whole of the one before, so the reflector
kernel (:class:`~.factorization_sweep.HouseSpec`) took two dispatches a column, and a dispatch's fixed cost (the
host's recording, the GPU's start) was most of the reduction's time. Here dispatch k applies column k - 1's update,
which only needs v, tau and p of that column (finished by dispatch k - 1), on the fly: every workgroup computes row
k updated (column k, as A is symmetric; no workgroup writes row k in this dispatch), the reflector of column k from
it and then, for its own rows below k, the update of the trailing block (written back) and their elements of
p = A22 v: one dispatch and one pass over the trailing block a column. The last dispatch (k = n - 1) only updates
the last diagonal element."""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec


@dataclass(frozen=True)
class TridiagonalStepSpec(LASpec):
    """Column k of the reduction of each of ``batch`` real symmetric matrices A (n x n, both triangles; the block
    right of and below k - 1 not yet updated by column k - 1's reflector): writes the diagonal element d_k to D
    (batch, 1, n), column k's reflector to V (batch, n - 1, n - 1: column k, rows k .. n - 2, v_k = 1; rows of A
    shifted by one) and tau, beta (the off-diagonal e_k) to T's rows 0 and 1 (batch, 2, n - 1), the updated block
    of rows and columns k + 1 .. n - 1 to A, and p = A22 v to P's row k % 2 (batch, 2, n). ``rows`` rows of A a
    workgroup, max(1, ceil((n - k - 1) / rows)) workgroups a matrix."""

    rows: int = 8

    EXTENSIONS = ("GL_EXT_control_flow_attributes", "GL_KHR_shader_subgroup_arithmetic")
    BUFFERS = (("A", "S", ""), ("V", "S", ""), ("T", "S", ""), ("P", "S", ""), ("D", "S", "writeonly"))
    OPERANDS = ("A", "V", "T", "P", "D")
    FIELDS = ("batch", "n", "k")

    def body(self) -> list[str]:
        return [f"#define RB {self.rows}u",
                "shared R part[RB * WG];",  # each subgroup's sums of the workgroup's rows of p
                *_SUBGROUP_REDUCTIONS,
                "#define A(i, c) b_A.d[IX_A(bt, i, c)]",
                # column k - 1's reflector, its p and w (all zero at k = 0: tp is then 0 and none is read)
                "#define VP(c) b_V.d[IX_V(bt, (c) - 1u, kp)]",
                "#define PP(c) b_P.d[IX_P(bt, kp & 1u, c)]",
                "#define WP(c) (tp * (PP(c) - hs * VP(c)))",
                "#define UPD(i, c, a) (tp == R(0) ? (a) : (a) - VP(i) * WP(c) - WP(i) * VP(c))",
                "#define XK(c) UPD(k, c, A(k, c))",  # row k updated: column k below the diagonal
                "#define SCALED(x) la_scale(la_scale(x, f1), f2)",
                "#define VK(c) ((c) == k + 1u ? R(1) : SCALED(XK(c)) * sc)",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, n = p.n, k = p.k, kp = max(k, 1u) - 1u;",
                "  uint blocks = max(1u, (n - k - 1u + RB - 1u) / RB);",
                "  for (uint g = gl_WorkGroupID.x; g < p.batch * blocks; g += gl_NumWorkGroups.x) {",
                "    uint bt = g / blocks, blk = g - bt * blocks;",
                "    R tp = k > 0u ? b_T.d[IX_T(bt, 0u, kp)] : R(0);",
                "    R s = R(0);",
                "    if (tp != R(0)) for (uint c = k + tid; c < n; c += WG) s += PP(c) * VP(c);",
                "    R hs = R(0.5) * tp * wg_sum(s);",
                "    if (blk == 0u && tid == 0u) b_D.d[IX_D(bt, 0u, k)] = XK(k);",
                "    if (k + 1u >= n) continue;",
                # LAPACK's larfg of x = column k below the diagonal, scaled by a power of two (HouseSpec's way)
                "    R big = R(0);",
                "    for (uint c = k + 2u + tid; c < n; c += WG) big = max(big, abs(XK(c)));",
                "    big = wg_max(big);",
                "    R alpha = XK(k + 1u);",
                "    int e = 0;",
                "    R top = max(big, abs(alpha));",
                "    if (top > R(0)) frexp(top, e);",
                "    R f1 = ldexp(R(1), (-e) / 2), f2 = ldexp(R(1), -e - (-e) / 2);",
                "    R ss = R(0);",
                "    if (big > R(0)) for (uint c = k + 2u + tid; c < n; c += WG) { R x = SCALED(XK(c)); ss += x * x; }",
                "    ss = wg_sum(ss);",
                "    R alphas = SCALED(alpha), tau = R(0), sc = R(0), beta = alpha;",
                "    if (ss != R(0)) {",
                "      R betas = sqrt(alphas * alphas + ss);",
                "      if (alphas >= R(0)) betas = -betas;",
                "      tau = (betas - alphas) / betas;",
                "      sc = R(1) / (alphas - betas);",
                "      beta = betas / f1 / f2;",
                "    }",
                "    if (blk == 0u && tid == 0u) { b_T.d[IX_T(bt, 0u, k)] = tau; b_T.d[IX_T(bt, 1u, k)] = beta; }",
                # the workgroup's rows: column k - 1's update of their trailing part, and their p = A22 v
                "    uint r0 = k + 1u + blk * RB;",
                "    R vr[RB], wr[RB], acc[RB];",
                "    [[unroll]] for (uint r = 0u; r < RB; ++r) {",
                "      uint i = min(r0 + r, n - 1u);",
                "      vr[r] = tp == R(0) ? R(0) : VP(i);",
                "      wr[r] = tp == R(0) ? R(0) : WP(i);",
                "      acc[r] = R(0);",
                "    }",
                "    for (uint c = k + 1u + tid; c < n; c += WG) {",
                "      R vc = tp == R(0) ? R(0) : VP(c), wc = tp == R(0) ? R(0) : WP(c), v = VK(c);",
                "      [[unroll]] for (uint r = 0u; r < RB; ++r) {",
                "        if (r0 + r < n) {",
                "          R a = A(r0 + r, c) - vr[r] * wc - wr[r] * vc;",
                "          A(r0 + r, c) = a;",
                "          acc[r] += a * v;",
                "        }",
                "      }",
                "    }",
                "    [[unroll]] for (uint r = 0u; r < RB; ++r) {",
                "      R t = subgroupAdd(acc[r]);",
                "      if (subgroupElect()) part[r * WG + gl_SubgroupID] = t;",
                "    }",
                "    barrier();",
                "    if (tid < RB && r0 + tid < n) {",
                "      R t = R(0);",
                "      for (uint q = 0u; q < gl_NumSubgroups; ++q) t += part[tid * WG + q];",
                "      b_P.d[IX_P(bt, k & 1u, r0 + tid)] = t;",
                "      b_V.d[IX_V(bt, r0 + tid - 1u, k)] = VK(r0 + tid);",
                "    }",
                "    barrier();",
                "  }",
                "}"]


# the workgroup's sum and maximum (of values >= 0) through subgroup operations and one shared word a subgroup: two
# barriers each, where a tree in shared memory took one a level; every invocation adds the subgroups' words in the
# same order, so all get the same result
_SUBGROUP_REDUCTIONS = [
    "shared R sg_part[WG];",
    "R wg_sum(R v) {",
    "  R t = subgroupAdd(v);",
    "  if (subgroupElect()) sg_part[gl_SubgroupID] = t;",
    "  barrier();",
    "  R r = R(0);",
    "  for (uint q = 0u; q < gl_NumSubgroups; ++q) r += sg_part[q];",
    "  barrier();",
    "  return r;",
    "}",
    "R wg_max(R v) {",
    "  R t = subgroupMax(v);",
    "  if (subgroupElect()) sg_part[gl_SubgroupID] = t;",
    "  barrier();",
    "  R r = R(0);",
    "  for (uint q = 0u; q < gl_NumSubgroups; ++q) r = max(r, sg_part[q]);",
    "  barrier();",
    "  return r;",
    "}"]
