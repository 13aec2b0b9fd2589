"""The Householder QR panel of one large matrix factored by many workgroups at once (a grid), which meet once a
column: the QR counterpart of :mod:`.factorization_grid`'s LU panel.

Each reflector needs the norm of its whole column below the diagonal before any row can be updated, so the
one-reflector-a-dispatch kernel (:class:`~.factorization_sweep.HouseSpec`) ran one workgroup a column: a 4096²
QR spent most of its time on one SM. Here each of ``groups`` workgroups holds ``rows`` consecutive rows of the
panel in shared memory. At column j every workgroup publishes, for its rows below the diagonal, the exponents e of
its largest x and a of its largest element right of column j (by their larger part; an unknown one, of zeros or of
subnormals a device flushes, as the smallest normal number's), in its key, tagged with the column's parity bit, and
its sums with x scaled by 2^-e: |x|² and conj(x)·A(:, c) 2^-a for the columns c right of j (all near 1, so that a
device that flushes subnormals loses nothing of a matrix near the smallest normal number); the workgroup holding row
j publishes that row. Every workgroup then reads them all, scales each workgroup's sums to the largest exponents E
(that of the column's largest element, the diagonal's included: what :class:`HouseSpec` scales by, so that neither
the sums nor 1 / (alpha - beta) overflow or underflow) and EA, and adds them in workgroup order, so all compute the
same reflector (LAPACK's ``larfg``) and the same w_c = A(j, c) + conj(v)·A(:, c), and update their own rows: one
meeting a column where the one-workgroup kernel read the column twice and the panel once.

The check-in, the fallback to one workgroup in device memory and the lost-grid flag are the LU grid's
(:mod:`.factorization_grid`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .factorization import LASpec, reduce_glsl
from .factorization_grid import FAILED, GRID_START, LOST_SPINS, grid_columns

MOST_GROUPS = 256  # workgroups a grid may have: one shared word each for their exponents
BIAS = 4096  # added to a workgroup's exponents in its key
CODE_BITS = 13  # bits of each exponent's code in a key (BIAS plus float64's exponents fit)


def shared_bytes(rows: int, nb: int, itemsize: int, wg: int) -> int:
    """Bytes of shared memory the grid panel takes with ``rows`` rows a workgroup (its rows padded and their
    reflector elements, the sums, the diagonal row, the workgroup reductions' words, the exponents)."""
    return (rows * (nb + 2) + wg + 3 * nb) * itemsize + 12 * wg + 4 * MOST_GROUPS + 16


def data_scalars(slots: int, nb: int) -> int:
    """Scalars of the sums' area for grids of at most ``slots`` workgroups (two columns' sums a workgroup, and
    two of the diagonal row)."""
    return 2 * (slots + 1) * nb


@dataclass(frozen=True)
class GridHouseSpec(LASpec):
    """Householder QR (LAPACK's reflectors) of a panel of m rows and kb <= ``nb`` columns of one matrix (operand
    P) by ``groups`` workgroups of ``wg`` invocations, each holding ``rows`` rows in shared memory (see the module
    docstring). Writes the reflectors to V (unit diagonal; rows above it left alone), tau and beta (R's diagonal)
    to U's rows 0 and 1, and the panel's R above the diagonal to P (what is below it is left as it was). ``K`` holds
    the dispatch's check-in word at ``state`` (zeroed) and, from ``keys``, the factorization's tagged keys (two a
    workgroup, ``slots`` workgroups' worth, zeroed before its first dispatch); ``C`` the sums."""

    nb: int = 32
    rows: int = 32
    wg: int = 256

    EXTENSIONS = ("GL_KHR_shader_subgroup_arithmetic", "GL_KHR_shader_subgroup_vote")
    BUFFERS = (("P", "S", ""), ("V", "S", "writeonly"), ("U", "S", "writeonly"), ("F", "U", ""),
               ("K", "U", "volatile"), ("C", "S", "volatile"))
    OPERANDS = ("P", "V", "U")
    FIELDS = ("m", "kb", "groups", "state", "keys", "slots", "spins")

    @property
    def local_size(self) -> int:
        return self.wg

    def body(self) -> list[str]:
        return [reduce_glsl(),
                f"#define NB {self.nb}u",
                f"#define RB {self.rows}u",
                "#define LD (NB + 1u)",  # a row's stride in shared memory: a column's elements in different banks
                "#define LN (WG / NB)",  # invocations along the rows of each column in the sums
                f"#define BIAS {BIAS}",
                f"#define FLOOR_E {int(np.frexp(np.finfo(self.dtype.component.np).tiny)[1])}",
                f"#define CODE {CODE_BITS}u",
                f"#define CODE_MASK {(1 << CODE_BITS) - 1:#x}u",
                f"#define FAILED {FAILED:#x}u",
                f"#define LOST_OUTER {LOST_SPINS[0]}u",
                f"#define LOST_INNER {LOST_SPINS[1]}u",
                "shared S sa[RB * LD];",
                "#define A(i, c) sa[(i) * LD + (c)]",
                "shared S part[WG];",
                "shared S dsum[NB];",  # the column's sums over the grid (slot j: the sum of squares)
                "shared S jrow[NB];",  # row j
                "shared S fco[NB];",  # conj(tau) w_c
                "shared S vsh[RB];",  # the reflector's elements in the workgroup's rows
                f"shared uint ecode[{MOST_GROUPS}];",
                "shared uint s_word;",
                "shared uint s_emax;",
                "shared uint s_amax;",
                "#define P(r, c) b_P.d[IX_P(0u, r, c)]",
                "#define V(r, c) b_V.d[IX_V(0u, r, c)]",
                "#define U(r, c) b_U.d[IX_U(0u, r, c)]",
                "#define DATA(par, g, c) b_C.d[((par) * (p.groups + 1u) + (g)) * NB + (c)]",
                "#define KEY(par, g) b_K.d[p.keys + 2u * (g) + (par)]",
                *_POW2,
                *_REFLECTOR,
                *_ALONE,
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, w = gl_WorkGroupID.x, G = p.groups;",
                "  uint m = p.m, kb = p.kb, r0 = w * RB, col = tid % NB, lane = tid / NB;",
                *GRID_START,
                *grid_columns(_PUBLISH, _MEET, [*_COMBINE, *_UPDATE]),
                "  for (uint e = tid; e < RB * NB; e += WG) {",
                "    uint i = e / NB, c = e - i * NB, r = r0 + i;",
                "    if (r < m && c < kb) {",
                "      if (r < c) P(r, c) = A(i, c);",
                "      else V(r, c) = r == c ? la_s(R(1)) : A(i, c);",
                "    }",
                "  }",
                "}"]


# GLSL ``S pow2x(S x, int k)``: x * 2^k as two factors, each representable where 2^k alone is not
_POW2 = [
    "S pow2x(S x, int k) { return la_scale(la_scale(x, ldexp(R(1), k / 2)), ldexp(R(1), k - k / 2)); }",
]

# GLSL: the reflector (``larfg``) of a column whose diagonal element is alpha, whose largest element (the diagonal's
# included) has the exponent e, and whose elements below the diagonal, scaled by 2^-e, have the sum of squares ss:
# tau, sc = 1 / (alpha - beta) of the scaled column (v = x * 2^-e * sc) and beta (tau 0 where the column is
# already upper triangular and its diagonal real).
_REFLECTOR = [
    "void reflector(S alpha, int e, R ss, out S tau, out S sc, out R beta) {",
    "  S alphas = pow2x(alpha, -e);",
    "  R ars = la_re(alphas), ais = la_im(alphas);",
    "  tau = la_s(R(0)); sc = la_s(R(0)); beta = la_re(alpha);",
    "  if (ss == R(0) && ais == R(0)) return;",
    "  R betas = sqrt(ars * ars + ais * ais + ss);",
    "  if (betas == R(0)) return;",  # a column of values the device flushed
    "  if (ars >= R(0)) betas = -betas;",
    "  tau = la_make((betas - ars) / betas, -ais / betas);",
    "  sc = la_div(la_s(R(1)), alphas - la_s(betas));",
    "  beta = la_re(pow2x(la_s(betas), e));",
    "}",
    # conj(tau) w_c, w_c = A(j, c) + conj(v) . A(:, c) from the column's sums d = conj(x * 2^-e) . A(:, c)
    "S coefficient(S tau, S sc, S a_jc, S d) { return la_mul(la_conj(tau), a_jc + la_mul(la_conj(sc), d)); }",
    # e of top = f * 2^e, f in [1/2, 1), where known: NVIDIA's frexp flushes a subnormal top (f not in range) that its
    # multiplications keep, so the subnormal is made normal first; a device that flushes both knows none
    "bool exponent_of(R top, out int e) {",
    "  e = 0;",
    "  if (!(top > R(0))) return false;",
    "  if (frexp(top, e) >= R(0.5)) return true;",
    "  if (frexp(top * R(18446744073709551616.0), e) < R(0.5)) return false;",  # 2^64
    "  e -= 64;",
    "  return true;",
    "}",
    # an unknown exponent (zero, or a subnormal the device flushes in max or frexp) taken as the smallest normal
    # number's: scaled by it, subnormals a device keeps in its products become normal, and zeros stay zero
    "int exponent(R top) { int e; return exponent_of(top, e) ? e : FLOOR_E; }",
    # the larger part's size: within a factor sqrt(2) of |a|, what the scaling needs (la_abs divides, which NVIDIA
    # does through a reciprocal that overflows for a subnormal)
    "R magnitude(S a) { return max(abs(la_re(a)), abs(la_im(a))); }",
]

# GLSL of column j's first part: over the workgroup's rows below the diagonal, the exponent ew of its largest x and
# ea of its largest element right of column j in the panel (by magnitude; unknown ones as ``exponent`` takes them);
# its sums with x scaled by 2^-ew, and the products' other factor by 2^-ea, so that they stay far from the subnormal
# range where a device flushes (invocations (col, lane): LN lanes a column, added in lane order), written to its DATA
# slot; the diagonal row, by the workgroup that holds it. All visible (a fence in every writer) before the key.
_PUBLISH = [
    "    R xtop = R(0), atop = R(0);",
    "    for (uint e = tid; e < RB * NB; e += WG) {",
    "      uint i = e / NB, c = e - i * NB, r = r0 + i;",
    "      if (r > j && r < m && c >= j && c < kb) {",
    "        if (c == j) xtop = max(xtop, magnitude(A(i, c))); else atop = max(atop, magnitude(A(i, c)));",
    "      }",
    "    }",
    "    int ew = exponent(wg_max(xtop)), ea = exponent(wg_max(atop));",
    "    S acc = la_s(R(0));",
    "    if (col >= j && col < kb) {",
    "      for (uint i = lane; i < RB; i += LN) {",
    "        uint r = r0 + i;",
    "        if (r > j && r < m) {",
    "          S x = pow2x(A(i, j), -ew);",
    "          acc += col == j ? la_s(la_abs2(x)) : la_mul(la_conj(x), pow2x(A(i, col), -ea));",
    "        }",
    "      }",
    "    }",
    "    part[tid] = acc;",
    "    barrier();",
    "    if (lane == 0u && col >= j && col < kb) {",
    "      for (uint l = 1u; l < LN; ++l) acc += part[l * NB + col];",
    "      DATA(par, w, col) = acc;",
    "    }",
    "    if (j >= r0 && j < r0 + RB && tid >= j && tid < kb) DATA(par, G, tid) = A(j - r0, tid);",
    "    memoryBarrierBuffer();",
    "    barrier();",
]

# GLSL of subgroup 0's part of column j: the workgroup's key (its two exponents' codes, CODE bits each, tagged), then
# every workgroup's, read until all carry the tag as the LU grid reads them (each lane its slots every round, a bit
# of ``pending`` a slot), their codes kept in ``ecode`` and the largest of each kind in ``s_emax`` and ``s_amax``.
# Reads past LOST_OUTER * LOST_INNER mark the grid lost (``s_word``).
_MEET = [
    "      uint sl = gl_SubgroupInvocationID, SG = gl_SubgroupSize;",
    "      if (sl == 0u) KEY(par, w) = uint(ew + BIAS) | (uint(ea + BIAS) << CODE) | (tag << 31);",
    "      uint spl = (G + SG - 1u) / SG, pending = 0u, most_e = 0u, most_a = 0u;",
    "      for (uint k = 0u; k < spl; ++k) if (k * SG + sl < G) pending |= 1u << k;",
    "      for (uint outer = 0u; outer < LOST_OUTER && !subgroupAll(pending == 0u); ++outer)",
    "        for (uint inner = 0u; inner < LOST_INNER && !subgroupAll(pending == 0u); ++inner)",
    "          for (uint k = 0u; k < spl; ++k) {",
    "            uint g = k * SG + sl, v = (pending & (1u << k)) != 0u ? KEY(par, g) : 0u;",
    "            if ((pending & (1u << k)) != 0u && (v >> 31) == tag) {",
    "              pending &= ~(1u << k);",
    "              ecode[g] = v & 0x7FFFFFFFu;",
    "              most_e = max(most_e, v & CODE_MASK);",
    "              most_a = max(most_a, (v >> CODE) & CODE_MASK);",
    "            }",
    "          }",
    "      bool lost = !subgroupAll(pending == 0u);",
    "      most_e = subgroupMax(most_e);",
    "      most_a = subgroupMax(most_a);",
    "      memoryBarrierBuffer();",
    "      if (sl == 0u) { s_word = lost ? 1u : 0u; s_emax = most_e; s_amax = most_a; }",
]

# GLSL: the grid's sums of column j (invocations (col, lane) over the workgroups g = lane, lane + LN, ..., each
# workgroup's sums scaled from its exponents to E and EA, the largest of each kind, then the lanes in order), the
# diagonal row, and the reflector. The sums right of j are then conj(x * 2^-E) . A(:, c) * 2^-EA.
_COMBINE = [
    "    if (tid < NB) jrow[tid] = tid >= j && tid < kb ? DATA(par, G, tid) : la_s(R(0));",
    "    barrier();",
    "    S alpha = jrow[j];",
    "    int E = max(exponent(magnitude(alpha)), int(s_emax) - BIAS), EA = int(s_amax) - BIAS;",
    "    S acc2 = la_s(R(0));",
    "    if (col >= j && col < kb) {",
    "      for (uint g = lane; g < G; g += LN) {",
    "        int d = int(ecode[g] & CODE_MASK) - BIAS - E;",
    "        S v = pow2x(DATA(par, g, col), d);",
    "        acc2 += col == j ? pow2x(v, d) : pow2x(v, int(ecode[g] >> CODE) - BIAS - EA);",
    "      }",
    "    }",
    "    part[tid] = acc2;",
    "    barrier();",
    "    if (lane == 0u) {",
    "      for (uint l = 1u; l < LN; ++l) acc2 += part[l * NB + col];",
    "      dsum[col] = acc2;",
    "    }",
    "    barrier();",
    "    S tau, sc;",
    "    R beta;",
    "    reflector(alpha, E, la_re(dsum[j]), tau, sc, beta);",
    "    if (w == 0u && tid == 0u) { U(0u, j) = tau; U(1u, j) = la_s(beta); }",
]

# GLSL: the reflector's elements in the workgroup's rows, f_c = conj(tau) w_c, and H_j^H applied to the workgroup's
# rows of the columns right of j (column j itself becomes v below the diagonal, which the end writes to V)
_UPDATE = [
    "    for (uint i = tid; i < RB; i += WG) {",
    "      uint r = r0 + i;",
    "      vsh[i] = r == j ? la_s(R(1)) : (r > j && r < m ? la_mul(pow2x(A(i, j), -E), sc) : la_s(R(0)));",
    "    }",
    "    if (tid < NB)",
    "      fco[tid] = tid > j && tid < kb ? coefficient(tau, sc, jrow[tid], pow2x(dsum[tid], EA)) : la_s(R(0));",
    "    barrier();",
    "    for (uint e = tid; e < RB * NB; e += WG) {",
    "      uint i = e / NB, c = e - i * NB, r = r0 + i;",
    "      if (r >= j && r < m) {",
    "        if (c > j && c < kb) A(i, c) -= la_mul(vsh[i], fco[c]);",
    "        else if (c == j && r > j) A(i, c) = vsh[i];",
    "      }",
    "    }",
    "    barrier();",
]

# GLSL ``void alone(uint m, uint kb)``: the whole panel by this workgroup in device memory, column by column (the
# check-in's fallback: correct on any driver, not fast)
_ALONE = [
    "void alone(uint m, uint kb) {",
    "  uint tid = gl_LocalInvocationID.x, col = tid % NB, lane = tid / NB;",
    "  for (uint j = 0u; j < kb; ++j) {",
    "    R mine = R(0);",
    "    for (uint r = j + 1u + tid; r < m; r += WG) mine = max(mine, magnitude(P(r, j)));",
    "    R big = wg_max(mine);",
    "    S alpha = P(j, j);",
    "    int E = exponent(max(big, magnitude(alpha)));",
    "    S acc = la_s(R(0));",
    "    if (col >= j && col < kb) {",
    "      for (uint r = j + 1u + lane; r < m; r += LN) {",
    "        S x = pow2x(P(r, j), -E);",
    "        acc += col == j ? la_s(la_abs2(x)) : la_mul(la_conj(x), P(r, col));",
    "      }",
    "    }",
    "    part[tid] = acc;",
    "    barrier();",
    "    if (lane == 0u) {",
    "      for (uint l = 1u; l < LN; ++l) acc += part[l * NB + col];",
    "      dsum[col] = acc;",
    "    }",
    "    barrier();",
    "    S tau, sc;",
    "    R beta;",
    "    reflector(alpha, E, la_re(dsum[j]), tau, sc, beta);",
    "    if (tid == 0u) { U(0u, j) = tau; U(1u, j) = la_s(beta); }",
    "    for (uint r = j + tid; r < m; r += WG) V(r, j) = r == j ? la_s(R(1)) : la_mul(pow2x(P(r, j), -E), sc);",
    "    if (tid < NB)",
    "      fco[tid] = tid > j && tid < kb ? coefficient(tau, sc, P(j, tid), dsum[tid]) : la_s(R(0));",
    "    memoryBarrierBuffer();",
    "    barrier();",
    "    uint width = kb - j - 1u;",
    "    for (uint e = tid; e < (m - j) * width; e += WG) {",
    "      uint r = j + e / width, c = j + 1u + e % width;",
    "      P(r, c) -= la_mul(r == j ? la_s(R(1)) : la_mul(pow2x(P(r, j), -E), sc), fco[c]);",
    "    }",
    "    memoryBarrierBuffer();",
    "    barrier();",
    "  }",
    "}",
]
