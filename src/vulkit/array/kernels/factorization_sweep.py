"""Kernels of the large-matrix QR, eigh and SVD paths (see :mod:`.factorization` for the operand conventions): one
step of the algorithm per dispatch, spread over many workgroups, so that no invocation runs long (Mesa's lavapipe
stops a shader's loops after 65535 iterations) and the device fills up.

- :class:`HouseSpec`: one Householder reflector (LAPACK's ``larfg``) computed from column j and applied to the
  columns right of it in its panel, or a reflector applied to Q's columns (forming Q backwards, as ``ung2r``): 32
  columns per workgroup, 8 lanes along the rows of each, dot products reduced in shared memory.
- :class:`LarftSpec`: the triangular factor T of a panel's reflectors (compact WY: H_1 ... H_k = I - V T V^H),
  which ``gemm`` then applies to the rest of the matrix.
- :class:`EighRoundSpec`: one round of the parallel (round-robin) two-sided Jacobi method: ``mode`` 0 computes the
  n/2 rotations, 1 applies them (J^H A J by 2x2 blocks, one invocation each, and V J).
- :class:`SVDRoundSpec`: one round of one-sided Jacobi: one workgroup per column pair (the Gram entries reduced
  over the rows, then both columns of G and V rotated).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .factorization import LASpec, each_element, end_stack, reduce_glsl
from .factorization_jacobi import pairing_glsl

COLUMNS = 32  # columns per workgroup of HouseSpec
LANES = 8  # invocations along the rows per column


@dataclass(frozen=True)
class HouseSpec(LASpec):
    """``mode`` 0: the reflector H_j = I - tau v v^H of column j (rows j..m-1) of A, written to V's column j (v_j = 1,
    zero above) and T (tau at row 0, beta at row 1), and H_j^H applied to A's columns j+1 .. n-1 (column j itself
    is left as it was: every workgroup reads it). ``mode`` 1: H_j (from V and T) applied to A's columns j .. n-1."""

    mode: int = 0
    lanes: int = LANES  # invocations along the rows of a column (the workgroup's columns: COLUMNS * LANES / lanes)
    lanes_fast: bool = False  # neighbouring invocations take neighbouring rows (a transposed view's coalesced reads)

    BUFFERS = (("A", "S", ""), ("V", "S", ""), ("T", "S", ""))
    OPERANDS = ("A", "V", "T")
    FIELDS = ("batch", "m", "n", "j")

    @property
    def local_size(self) -> int:
        return COLUMNS * LANES

    def body(self) -> list[str]:
        first = "j + 1u" if self.mode == 0 else "j"
        mapping = "col = tid / RL, lane = tid % RL" if self.lanes_fast else "col = tid % CW, lane = tid / CW"
        out = [reduce_glsl(),
               f"#define CW {COLUMNS * LANES // self.lanes}u",
               f"#define RL {self.lanes}u",
               "shared S part[RL][CW];",
               "shared S fs[CW];",
               "void main() {",
               f"  uint tid = gl_LocalInvocationID.x, {mapping};",
               "  uint m = p.m, n = p.n, j = p.j;",
               f"  uint first = {first}, blocks = max(1u, (n - first + CW - 1u) / CW);",
               "  for (uint g = gl_WorkGroupID.x; g < p.batch * blocks; g += gl_NumWorkGroups.x) {",
               "    uint bt = g / blocks, blk = g - bt * blocks;",
               "    uint c = first + blk * CW + col;"]
        if self.mode == 0:
            out += [*larfg_glsl("b_A.d[IX_A(bt, {i}, j)]", "b_A.d[IX_A(bt, j, j)]", "j + 1u", "m"),
                    "#define VI(i) la_mul(SCALED(b_A.d[IX_A(bt, i, j)]), sc)",
                    "    if (blk == 0u) {",
                    "      for (uint i = j + tid; i < m; i += WG) b_V.d[IX_V(bt, i, j)] = i == j ? la_s(R(1)) : VI(i);",
                    "      if (tid == 0u) { b_T.d[IX_T(bt, 0u, j)] = tau; b_T.d[IX_T(bt, 1u, j)] = la_s(beta); }",
                    "    }",
                    "    tau = la_conj(tau);"]
        else:
            out += ["    S tau = b_T.d[IX_T(bt, 0u, j)];",
                    "#define VI(i) b_V.d[IX_V(bt, i, j)]"]
        out += ["    if (la_abs1(tau) == R(0)) continue;",
                "    S w = la_s(R(0));",
                "    if (c < n) {",
                "      if (lane == 0u) w = b_A.d[IX_A(bt, j, c)];",
                "      for (uint i = j + 1u + lane; i < m; i += RL)",
                "        w += la_mul(la_conj(VI(i)), b_A.d[IX_A(bt, i, c)]);",
                "    }",
                "    part[lane][col] = w;",
                "    barrier();",
                "    if (lane == 0u) {",
                "      for (uint l = 1u; l < RL; ++l) w += part[l][col];",
                "      fs[col] = la_mul(tau, w);",
                "    }",
                "    barrier();",
                "    if (c < n) {",
                "      S f = fs[col];",
                "      if (lane == 0u) b_A.d[IX_A(bt, j, c)] -= f;",
                "      for (uint i = j + 1u + lane; i < m; i += RL) b_A.d[IX_A(bt, i, c)] -= la_mul(VI(i), f);",
                "    }",
                "    barrier();",
                "  }",
                "}"]
        return out


def larfg_glsl(element: str, alpha: str, start: str, end: str) -> list[str]:
    """GLSL: LAPACK's ``larfg`` for a workgroup (H^H (alpha, x) = (beta, 0), H = I - tau v v^H, v = (1, x sc)), x
    being ``element`` with ``{i}`` for i in [start, end): declares tau and sc (S), beta (R), the scale factors f1, f2
    and ``SCALED(x)``. The column is scaled by an exact power of two (as two factors, each representable) that brings
    its largest element to [1/2, 1): tau and v do not depend on the scale, and neither the sums nor 1 / big overflow
    or underflow (a rank-deficient matrix's later columns shrink by eps a column into subnormals). Every invocation
    of the workgroup calls it (``wg_max``, ``wg_sum``)."""
    x = element.format(i="i")
    return ["    R big = R(0);",
            f"    for (uint i = {start} + tid; i < {end}; i += WG) big = max(big, la_abs({x}));",
            "    big = wg_max(big);",
            f"    S alpha = {alpha};",
            "    R ar = la_re(alpha), ai = la_im(alpha);",
            "    int e = 0;",
            "    R top = max(big, max(abs(ar), abs(ai)));",
            "    if (top > R(0)) frexp(top, e);",
            "    R f1 = ldexp(R(1), (-e) / 2), f2 = ldexp(R(1), -e - (-e) / 2);",
            "#define SCALED(x) la_scale(la_scale(x, f1), f2)",
            "    R ss = R(0);",
            f"    if (big > R(0)) for (uint i = {start} + tid; i < {end}; i += WG) ss += la_abs2(SCALED({x}));",
            "    ss = wg_sum(ss);",
            "    S alphas = SCALED(alpha);",
            "    R ars = la_re(alphas), ais = la_im(alphas), beta = ar;",
            "    S tau = la_s(R(0)), sc = la_s(R(0));",
            "    if (!(ss == R(0) && ai == R(0))) {",
            "      R betas = sqrt(ars * ars + ais * ais + ss);",
            "      if (ars >= R(0)) betas = -betas;",
            "      tau = la_make((betas - ars) / betas, -ais / betas);",
            "      sc = la_div(la_s(R(1)), alphas - la_s(betas));",
            "      beta = betas / f1 / f2;",
            "    }"]


@dataclass(frozen=True)
class LarftSpec(LASpec):
    """The triangular factor T (kb x kb, kb <= ``nb``) of a block of reflectors, H_1 ... H_kb = I - V T V^H
    (LAPACK's ``larft``, forward and columnwise): T_ii = tau_i, T[:i, i] = -tau_i T[:i, :i] G[:i, i] from the Gram
    matrix G = V^H V and the taus (row 0 of U); one workgroup per matrix, in shared memory."""

    nb: int = 32

    BUFFERS = (("G", "S", "readonly"), ("U", "S", "readonly"), ("T", "S", "writeonly"))
    OPERANDS = ("G", "U", "T")
    FIELDS = ("batch", "kb")

    def body(self) -> list[str]:
        return [f"#define NB {self.nb}u",
                "shared S ts[NB * NB];",
                "shared S gs[NB * NB];",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, kb = p.kb;",
                "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
                *each_element("kb", "kb", ["gs[i * NB + j] = b_G.d[IX_G(bt, i, j)];", "ts[i * NB + j] = la_s(R(0));"]),
                "    barrier();",
                "    for (uint i = 0u; i < kb; ++i) {",
                "      S tau = b_U.d[IX_U(bt, 0u, i)];",
                "      for (uint r = tid; r < i; r += WG) {",
                "        S v = la_s(R(0));",
                "        for (uint c = r; c < i; ++c) v += la_mul(ts[r * NB + c], gs[c * NB + i]);",
                "        ts[r * NB + i] = -la_mul(tau, v);",
                "      }",
                "      if (tid == 0u) ts[i * NB + i] = tau;",
                "      barrier();",
                "    }",
                *each_element("kb", "kb", ["b_T.d[IX_T(bt, i, j)] = ts[i * NB + j];"]),
                *end_stack()]


@dataclass(frozen=True)
class EighRoundSpec(LASpec):
    """Round ``round`` of the parallel Jacobi method on Hermitian A (n x n, both triangles kept) and its
    eigenvectors V. ``mode`` 0: one invocation per pair computes its rotation (c, s, w at rows 0-2 of P; tested
    against eps sqrt(|a_pp a_qq|) and the floor at F) and sets the flag word where one rotates. ``mode`` 1: one
    invocation per 2x2 block of A (the two pairs' rotations applied, the pair's own off-diagonal set to 0), then
    one per (row, pair) of V's first ``vrows`` rows (0: the eigenvalues alone)."""

    mode: int = 0

    BUFFERS = (("A", "S", ""), ("V", "S", ""), ("P", "S", ""), ("F", "R", "readonly"), ("K", "U", ""))
    OPERANDS = ("A", "V", "P")
    FIELDS = ("batch", "n", "round", "vrows")

    def body(self) -> list[str]:
        out = [pairing_glsl(),
               "void main() {",
               "  uint n = p.n, n2 = n + (n & 1u), np2 = n2 / 2u;"]
        if self.mode == 0:
            out += ["  for (uint g = gl_GlobalInvocationID.x; g < p.batch * np2; g += gl_NumWorkGroups.x * WG) {",
                    "    uint bt = g / np2, t = g - bt * np2, pp, qq;",
                    "    la_pair(p.round, t, n2, pp, qq);",
                    "    R c = R(1), s = R(0);",
                    "    S w = la_s(R(1));",
                    "    if (qq < n && la_rotation(la_re(b_A.d[IX_A(bt, pp, pp)]), la_re(b_A.d[IX_A(bt, qq, qq)]),",
                    "                              b_A.d[IX_A(bt, pp, qq)], LA_EPS, b_F.d[bt], c, s, w))",
                    "      b_K.d[0] = 1u;",
                    "    b_P.d[IX_P(bt, 0u, t)] = la_s(c);",
                    "    b_P.d[IX_P(bt, 1u, t)] = la_s(s);",
                    "    b_P.d[IX_P(bt, 2u, t)] = w;",
                    "  }",
                    "}"]
            return out
        out += ["  uint blocks = np2 * np2, per = blocks + np2 * p.vrows;",
                "  for (uint g = gl_GlobalInvocationID.x; g < p.batch * per; g += gl_NumWorkGroups.x * WG) {",
                "    uint bt = g / per, e = g - bt * per;",
                "    if (e < blocks) {",
                "      uint ti = e / np2, tj = e - ti * np2, pi, qi, pj, qj;",
                "      la_pair(p.round, ti, n2, pi, qi);",
                "      la_pair(p.round, tj, n2, pj, qj);",
                "      R ci = la_re(b_P.d[IX_P(bt, 0u, ti)]), si = la_re(b_P.d[IX_P(bt, 1u, ti)]);",
                "      R cj = la_re(b_P.d[IX_P(bt, 0u, tj)]), sj = la_re(b_P.d[IX_P(bt, 1u, tj)]);",
                "      if (si == R(0) && sj == R(0)) continue;",
                "      S wi = b_P.d[IX_P(bt, 2u, ti)], wj = b_P.d[IX_P(bt, 2u, tj)];",
                *block_rotation_glsl(lambda i, j: f"b_A.d[IX_A(bt, {i}, {j})]",
                                     lambda i, j, x: f"b_A.d[IX_A(bt, {i}, {j})] = {x}", "      "),
                "    } else {",
                "      e -= blocks;",
                "      uint t = e / p.vrows, r = e - t * p.vrows, pp, qq;",
                "      la_pair(p.round, t, n2, pp, qq);",
                "      R s = la_re(b_P.d[IX_P(bt, 1u, t)]);",
                "      if (s == R(0) || qq >= n) continue;",
                *row_rotation_glsl("la_re(b_P.d[IX_P(bt, 0u, t)])", "s", "b_P.d[IX_P(bt, 2u, t)]", "      "),
                "    }",
                "  }",
                "}"]
        return out


def block_rotation_glsl(load: Callable[[str, str], str], store: Callable[[str, str, str], str],
                        indent: str) -> list[str]:
    """GLSL lines rotating the 2x2 block (rows pi, qi; columns pj, qj) of A by pair ti's rotation (ci, si, wi) from
    the left, conjugated, and pair tj's (cj, sj, wj) from the right, a pair's own off-diagonal entries set to 0 where
    it rotated; a row or column past n (qi or qj, a pair short of its partner) is neither read nor written.
    ``load(i, j)`` and ``store(i, j, x)``: GLSL reading and writing A's element (i, j)."""
    lines = ["bool vi = qi < n, vj = qj < n;",
             "S zero = la_s(R(0));",
             f"S x00 = {load('pi', 'pj')};",
             f"S x01 = vj ? {load('pi', 'qj')} : zero;",
             f"S x10 = vi ? {load('qi', 'pj')} : zero;",
             f"S x11 = vi && vj ? {load('qi', 'qj')} : zero;",
             "if (si != R(0)) { la_rot(x00, x10, ci, si, la_conj(wi)); la_rot(x01, x11, ci, si, la_conj(wi)); }",
             "if (sj != R(0)) { la_rot(x00, x01, cj, sj, wj); la_rot(x10, x11, cj, sj, wj); }",
             "if (ti == tj && si != R(0)) { x01 = zero; x10 = zero; }",
             f"{store('pi', 'pj', 'x00')};",
             f"if (vj) {store('pi', 'qj', 'x01')};",
             f"if (vi) {store('qi', 'pj', 'x10')};",
             f"if (vi && vj) {store('qi', 'qj', 'x11')};"]
    return [indent + line for line in lines]


def row_rotation_glsl(c: str, s: str, w: str, indent: str) -> list[str]:
    """GLSL lines rotating V's entries (r, pp) and (r, qq) in place by the rotation (c, s, w)."""
    lines = ["S x = b_V.d[IX_V(bt, r, pp)], y = b_V.d[IX_V(bt, r, qq)];",
             f"la_rot(x, y, {c}, {s}, {w});",
             "b_V.d[IX_V(bt, r, pp)] = x;",
             "b_V.d[IX_V(bt, r, qq)] = y;"]
    return [indent + line for line in lines]


@dataclass(frozen=True)
class SVDRoundSpec(LASpec):
    """Round ``round`` of one-sided Jacobi on G (m x n) and V (n x n; its first ``vrows`` rows): one workgroup per
    (matrix, column pair) reduces |g_p|^2, |g_q|^2 and g_p^H g_q over the rows, rotates where |g_p^H g_q| >
    sqrt(m) eps |g_p| |g_q| (setting the flag word), both columns of G and of V."""

    BUFFERS = (("G", "S", ""), ("V", "S", ""), ("K", "U", ""))
    OPERANDS = ("G", "V")
    FIELDS = ("batch", "m", "n", "round", "vrows")

    @property
    def local_size(self) -> int:
        return 64

    def body(self) -> list[str]:
        return [pairing_glsl(),
                *svd_pair_glsl(),
                "void main() {",
                "  uint n = p.n, np2 = (n + 1u) / 2u;",
                "  for (uint g = gl_WorkGroupID.x; g < p.batch * np2; g += gl_NumWorkGroups.x)",
                "    svd_pair(g / np2, g % np2, p.round);",
                "}"]


def svd_pair_glsl() -> list[str]:
    """GLSL ``svd_pair(bt, t, k)``, the whole workgroup in uniform control flow: pair t of round k of matrix bt's
    one-sided Jacobi (G and V operands, the fields m, n and vrows: V's rows rotated, 0 for the singular values
    alone; the flag word at K[0]): the Gram entries |g_p|^2, |g_q|^2
    and g_p^H g_q reduced over the rows, then, where |g_p^H g_q| > sqrt(m) eps |g_p| |g_q|, both columns of G and
    of V rotated and the flag word's bit 0 set."""
    return ["shared R red4[4][WG];",
            "void svd_pair(uint bt, uint t, uint k) {",
            "  uint tid = gl_LocalInvocationID.x, m = p.m, n = p.n, pp, qq;",
            "  la_pair(k, t, n + (n & 1u), pp, qq);",
            "  if (qq >= n) return;",
            "  R a = R(0), d = R(0);",
            "  S h = la_s(R(0));",
            "  for (uint i = tid; i < m; i += WG) {",
            "    S x = b_G.d[IX_G(bt, i, pp)], y = b_G.d[IX_G(bt, i, qq)];",
            "    a += la_abs2(x); d += la_abs2(y); h += la_mul(la_conj(x), y);",
            "  }",
            "  red4[0][tid] = a; red4[1][tid] = d; red4[2][tid] = la_re(h); red4[3][tid] = la_im(h);",
            "  barrier();",
            "  for (uint s = WG / 2u; s > 0u; s >>= 1) {",
            "    if (tid < s) for (uint j = 0u; j < 4u; ++j) red4[j][tid] += red4[j][tid + s];",
            "    barrier();",
            "  }",
            "  a = red4[0][0]; d = red4[1][0];",
            "  S gsum = la_make(red4[2][0], red4[3][0]);",
            "  barrier();",
            "  R c, s;",
            "  S w;",
            "  if (!la_rotation(a, d, gsum, sqrt(R(m)) * LA_EPS, LA_TINY, c, s, w)) return;",
            "  if (tid == 0u) atomicOr(b_K.d[0], 1u);",
            "  for (uint i = tid; i < max(m, p.vrows); i += WG) {",
            "    if (i < m) { S x = b_G.d[IX_G(bt, i, pp)], y = b_G.d[IX_G(bt, i, qq)]; la_rot(x, y, c, s, w); "
            "b_G.d[IX_G(bt, i, pp)] = x; b_G.d[IX_G(bt, i, qq)] = y; }",
            "    if (i < p.vrows) { S x = b_V.d[IX_V(bt, i, pp)], y = b_V.d[IX_V(bt, i, qq)]; la_rot(x, y, c, s, w); "
            "b_V.d[IX_V(bt, i, pp)] = x; b_V.d[IX_V(bt, i, qq)] = y; }",
            "  }",
            "}"]
