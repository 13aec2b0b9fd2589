"""The LU panel of one large matrix factored by many workgroups at once (a grid), which meet once a column.

Partial pivoting needs, at every column, the largest element of the whole column below the diagonal before any row
can be eliminated: one workgroup holding the panel (:class:`~.factorization_blocked.PanelSpec`) runs on one SM of a
GPU, and the factorization of a large matrix waited on it for most of its time. Here each of ``groups``
workgroups holds ``rows`` consecutive rows of the panel in shared memory; at each column every workgroup publishes
its best candidate (its magnitude key, its row and its values) and the row on the diagonal where it holds it, all
meet at a grid barrier (an atomic counter), then each reads the candidates, picks the same pivot (the largest key,
the first row among equals: LAPACK's choice) and exchanges and eliminates its own rows.

A grid barrier needs every workgroup of the dispatch running at once, which Vulkan does not promise. So the
workgroups first check in: where all ``groups`` have checked in within ``spins`` reads of the counter, they are
all resident and go on together; otherwise the first one to give up marks the dispatch failed (a compare-and-swap
on the same counter, so that exactly one decision is taken) and factors the whole panel alone in device memory,
while the others, and any that start later, leave. A barrier that then waits implausibly long (``LOST_SPINS``) sets
bit 2 of the flag word instead of hanging the GPU, and the host raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec
from .factorization_blocked import _key

# reads of a grid barrier's counter after which the workgroups are taken as lost (seconds), as two nested loops:
# lavapipe ends any loop after 65535 iterations as if it had finished
LOST_SPINS = (1 << 12, 1 << 14)
FAILED = 0x80000000  # the check-in word's bit: the dispatch fell back to one workgroup
LOST_FLAG = 2  # the flag word's bit a lost grid sets (1: an exact zero pivot)
STATE_WORDS = 2  # words of the state area a dispatch uses (check-in counter, barrier counter), zeroed before it


def key_words(groups: int) -> int:
    """Words of the key area a dispatch of ``groups`` workgroups uses (two columns' keys and rows)."""
    return 4 * groups


def candidate_scalars(groups: int, nb: int) -> int:
    """Scalars of the candidate area (two columns' candidate rows and diagonal row)."""
    return 2 * (groups + 1) * nb


@dataclass(frozen=True)
class GridPanelSpec(LASpec):
    """LU with partial pivoting (LAPACK's pivots) of a panel of m rows and kb <= ``nb`` columns (operand P, one
    matrix) by ``groups`` workgroups of ``wg`` invocations, each holding ``rows`` rows in shared memory (see the
    module docstring). Pivots (absolute rows: ``pk`` + the panel's row) go to ``I`` from index ``pk``; an exact zero
    pivot sets bit 1 of the flag word ``F`` (the column left as LAPACK leaves it). ``K`` holds the dispatch's state
    words at ``state`` (zeroed) and the keys from ``keys``; ``C`` the candidate rows."""

    nb: int = 64
    rows: int = 64
    wg: int = 256

    EXTENSIONS = ("GL_KHR_shader_subgroup_arithmetic",)
    BUFFERS = (("P", "S", ""), ("I", "U", "writeonly"), ("F", "U", ""), ("K", "U", "volatile"),
               ("C", "S", "volatile"))
    OPERANDS = ("P",)
    FIELDS = ("m", "kb", "pk", "groups", "state", "keys", "spins")

    @property
    def local_size(self) -> int:
        return self.wg

    def body(self) -> list[str]:
        return [_key(self.dtype),
                f"#define NB {self.nb}u",
                f"#define RB {self.rows}u",
                "#define LD (NB + 1u)",  # a row's stride in shared memory: a column's elements in different banks
                "#define NONE 0xFFFFFFFFu",
                f"#define FAILED {FAILED:#x}u",
                f"#define LOST_OUTER {LOST_SPINS[0]}u",
                f"#define LOST_INNER {LOST_SPINS[1]}u",
                "shared S sa[RB * LD];",
                "#define A(i, c) sa[(i) * LD + (c)]",
                "shared S prow[NB];",
                "shared S jrow[NB];",
                "shared S lcol[RB];",
                "shared uint skey[WG];",
                "shared uint sidx[WG];",
                "shared uint s_word;",
                "#define P(r, c) b_P.d[IX_P(0u, r, c)]",
                "#define CAND(par, g, c) b_C.d[((par) * (p.groups + 1u) + (g)) * NB + (c)]",
                "#define KEY(par, g) b_K.d[p.keys + (par) * p.groups + (g)]",
                "#define ROW(par, g) b_K.d[p.keys + (2u + (par)) * p.groups + (g)]",
                *_BEST,
                *_ALONE,
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, w = gl_WorkGroupID.x, G = p.groups;",
                "  uint m = p.m, kb = p.kb, r0 = w * RB;",
                *_CHECK_IN,
                "  if (verdict == 0u) return;",
                "  if (verdict == 2u) { alone(m, kb); return; }",
                "  for (uint e = tid; e < RB * NB; e += WG) {",
                "    uint i = e / NB, c = e - i * NB, r = r0 + i;",
                "    A(i, c) = (r < m && c < kb) ? P(r, c) : la_s(R(0));",
                "  }",
                "  barrier();",
                "  bool singular = false;",
                "  for (uint j = 0u; j < kb; ++j) {",
                "    uint par = j & 1u;",
                "    uint key = 0u, at = NONE;",
                "    for (uint i = tid; i < RB; i += WG) {",
                "      uint r = r0 + i, q = la_key(la_abs1(A(i, j)));",
                "      bool better = r >= j && r < m && (q > key || at == NONE);",
                "      key = better ? q : key; at = better ? r : at;",
                "    }",
                "    uint mine;",
                "    uint best = wg_best(key, at, mine);",
                "    bool diagonal = j >= r0 && j < r0 + RB;",
                "    for (uint c = tid; c < NB; c += WG) {",
                "      CAND(par, w, c) = best != NONE ? A(best - r0, c) : la_s(R(0));",
                "      if (diagonal) CAND(par, G, c) = A(j - r0, c);",
                "    }",
                "    if (tid == 0u) { KEY(par, w) = mine; ROW(par, w) = best; }",
                *_GRID_BARRIER,
                "    key = 0u; at = NONE;",
                "    for (uint g = tid; g < G; g += WG) {",
                "      uint q = KEY(par, g), r = ROW(par, g);",
                "      bool better = r != NONE && (at == NONE || q > key || (q == key && r < at));",
                "      key = better ? q : key; at = better ? r : at;",
                "    }",
                "    uint pr = wg_best(key, at, mine);",
                "    for (uint c = tid; c < NB; c += WG) {",
                "      prow[c] = CAND(par, pr / RB, c);",
                "      jrow[c] = CAND(par, G, c);",
                "    }",
                "    if (w == 0u && tid == 0u) b_I.d[p.pk + j] = p.pk + pr;",
                "    barrier();",
                "    if (pr != j) {",
                "      for (uint c = tid; c < NB; c += WG) {",
                "        if (pr >= r0 && pr < r0 + RB) A(pr - r0, c) = jrow[c];",
                "        if (diagonal) A(j - r0, c) = prow[c];",
                "      }",
                "      barrier();",
                "    }",
                "    S piv = prow[j];",
                "    if (la_abs1(piv) == R(0)) { singular = true; continue; }",
                "    for (uint i = tid; i < RB; i += WG) {",
                "      uint r = r0 + i;",
                "      lcol[i] = r > j && r < m ? la_div(A(i, j), piv) : la_s(R(0));",
                "    }",
                "    barrier();",
                "    for (uint e = tid; e < RB * NB; e += WG) {",
                "      uint i = e / NB, c = e - i * NB, r = r0 + i;",
                "      if (r > j && r < m && c >= j && c < kb)",
                "        A(i, c) = c == j ? lcol[i] : A(i, c) - la_mul(lcol[i], prow[c]);",
                "    }",
                "    barrier();",
                "  }",
                "  for (uint e = tid; e < RB * NB; e += WG) {",
                "    uint i = e / NB, c = e - i * NB, r = r0 + i;",
                "    if (r < m && c < kb) P(r, c) = A(i, c);",
                "  }",
                "  if (singular && w == 0u && tid == 0u) atomicOr(b_F.d[0], 1u);",
                "}"]


# GLSL ``uint wg_best(uint key, uint at, out uint best_key)``: the workgroup's candidate with the largest key, the
# smallest row among equal keys (``at`` NONE: no candidate); subgroup reductions, then every invocation over the
# subgroups' results (uniform control flow throughout).
_BEST = [
    "uint wg_best(uint key, uint at, out uint best_key) {",
    "  uint kg = subgroupMax(at == NONE ? 0u : key);",
    "  uint ag = subgroupMin(at != NONE && key == kg ? at : NONE);",
    "  if (subgroupElect()) { skey[gl_SubgroupID] = kg; sidx[gl_SubgroupID] = ag; }",
    "  barrier();",
    "  uint k2 = 0u, a2 = NONE;",
    "  for (uint g = 0u; g < gl_NumSubgroups; ++g) {",
    "    uint kq = skey[g], aq = sidx[g];",
    "    bool better = aq != NONE && (a2 == NONE || kq > k2 || (kq == k2 && aq < a2));",
    "    k2 = better ? kq : k2; a2 = better ? aq : a2;",
    "  }",
    "  barrier();",
    "  best_key = k2;",
    "  return a2;",
    "}",
]

# GLSL of main's check-in: ``verdict`` 1 where every workgroup checked in (go on together), 2 for the one workgroup
# that gave up first (it factors the panel alone), 0 for the others (leave). The loop reads at most spins + groups
# times (the compare-and-swap fails only where another workgroup checked in meanwhile).
_CHECK_IN = [
    "  if (tid == 0u) {",
    "    uint old = atomicAdd(b_K.d[p.state], 1u), verdict = 1u;",
    "    if ((old & FAILED) != 0u) verdict = 0u;",
    "    else if (old + 1u != G) {",
    "      for (uint spin = 0u; ; ++spin) {",
    "        uint seen = b_K.d[p.state];",
    "        if ((seen & FAILED) != 0u) { verdict = 0u; break; }",
    "        if (seen == G) { verdict = 1u; break; }",
    "        if (spin >= p.spins && atomicCompSwap(b_K.d[p.state], seen, seen | FAILED) == seen) {",
    "          verdict = 2u;",
    "          break;",
    "        }",
    "      }",
    "    }",
    "    s_word = verdict;",
    "  }",
    "  barrier();",
    "  uint verdict = s_word;",
    "  barrier();",
]

# GLSL: every workgroup's writes of this column made visible, then all meet at barrier j (the counter reaching
# G * (j + 1)); a workgroup that waits LOST_SPINS reads flags the grid as lost and leaves.
_GRID_BARRIER = [
    "    memoryBarrierBuffer();",
    "    barrier();",
    "    if (tid == 0u) {",
    "      atomicAdd(b_K.d[p.state + 1u], 1u);",
    "      uint target = G * (j + 1u);",
    "      bool met = false;",
    "      for (uint outer = 0u; outer < LOST_OUTER && !met; ++outer)",
    "        for (uint inner = 0u; inner < LOST_INNER && !met; ++inner) met = b_K.d[p.state + 1u] >= target;",
    "      s_word = met ? 0u : 1u;",
    "      memoryBarrierBuffer();",
    "    }",
    "    barrier();",
    "    if (s_word != 0u) {",
    f"      if (tid == 0u) atomicOr(b_F.d[0], {LOST_FLAG}u);",
    "      return;",
    "    }",
]

# GLSL ``void alone(uint m, uint kb)``: the whole panel by this workgroup in device memory, column by column (the
# check-in's fallback: correct on any driver, not fast).
_ALONE = [
    "void alone(uint m, uint kb) {",
    "  uint tid = gl_LocalInvocationID.x;",
    "  bool singular = false;",
    "  for (uint j = 0u; j < kb; ++j) {",
    "    uint key = 0u, at = NONE;",
    "    for (uint r = j + tid; r < m; r += WG) {",
    "      uint q = la_key(la_abs1(P(r, j)));",
    "      bool better = q > key || at == NONE;",
    "      key = better ? q : key; at = better ? r : at;",
    "    }",
    "    uint mine;",
    "    uint pr = wg_best(key, at, mine);",
    "    if (tid == 0u) b_I.d[p.pk + j] = p.pk + pr;",
    "    if (pr != j) for (uint c = tid; c < kb; c += WG) { S t = P(j, c); P(j, c) = P(pr, c); P(pr, c) = t; }",
    "    memoryBarrierBuffer();",
    "    barrier();",
    "    S piv = P(j, j);",
    "    if (la_abs1(piv) == R(0)) { singular = true; continue; }",
    "    for (uint r = j + 1u + tid; r < m; r += WG) P(r, j) = la_div(P(r, j), piv);",
    "    memoryBarrierBuffer();",
    "    barrier();",
    "    uint width = kb - j - 1u;",
    "    for (uint e = tid; e < (m - j - 1u) * width; e += WG) {",
    "      uint r = j + 1u + e / width, c = j + 1u + e % width;",
    "      P(r, c) -= la_mul(P(r, j), P(j, c));",
    "    }",
    "    memoryBarrierBuffer();",
    "    barrier();",
    "  }",
    "  if (singular && tid == 0u) atomicOr(b_F.d[0], 1u);",
    "}",
]
