"""The LU panel of one large matrix factored by many workgroups at once (a grid), which meet once a column.

Partial pivoting needs, at every column, the largest element of the whole column below the diagonal before any row
can be eliminated: one workgroup holding the panel (:class:`~.factorization_blocked.PanelSpec`) runs on one SM of a
GPU, and the factorization of a large matrix waited on it for most of its time. Here each of ``groups``
workgroups holds ``rows`` consecutive rows of the panel in shared memory; at each column every workgroup publishes
its best candidate (its row and its values, then its magnitude key tagged with the column's parity bit) and the row
on the diagonal where it holds it; each reads every workgroup's key until all carry the column's tag (no counter,
no atomics: one round trip once they are there), picks the same pivot (the largest key, the first row among
equals: LAPACK's choice, ties going to the lower workgroup, which holds the lower rows), reads its row, and
exchanges and eliminates its own rows.

A grid barrier needs every workgroup of the dispatch running at once, which Vulkan does not promise. So the
workgroups first check in: where all ``groups`` have checked in within ``spins`` reads of the counter, they are
all resident and go on together; otherwise the first one to give up marks the dispatch failed (a compare-and-swap
on the same counter, so that exactly one decision is taken) and factors the whole panel alone in device memory,
while the others, and any that start later, leave; it sets bit 4 of the flag word, and the host, reading the word,
gives that device's later factorizations the one-workgroup panel. A wait for keys that then lasts implausibly long
(``LOST_SPINS``) sets bit 2 of the flag word instead of hanging the GPU, and the host raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec
from .factorization_blocked import _key

# reads of the keys after which the workgroups are taken as lost (seconds), as two nested loops: lavapipe ends any
# loop after 65535 iterations as if it had finished
LOST_SPINS = (1 << 12, 1 << 14)
FAILED = 0x80000000  # the check-in word's bit: the dispatch fell back to one workgroup
LOST_FLAG = 2  # the flag word's bit a lost grid sets (1: an exact zero pivot)
FELL_BACK_FLAG = 4  # the flag word's bit a dispatch that fell back to one workgroup sets
STATE_WORDS = 1  # words of the state area a dispatch uses (its check-in counter), zeroed before it


def key_words(slots: int) -> int:
    """Words of the key area of a factorization whose dispatches have at most ``slots`` workgroups (two columns'
    tagged keys and rows a workgroup, kept from dispatch to dispatch)."""
    return 4 * slots


def candidate_scalars(groups: int, nb: int) -> int:
    """Scalars of the candidate area (two columns' candidate rows and diagonal row)."""
    return 2 * (groups + 1) * nb


@dataclass(frozen=True)
class GridPanelSpec(LASpec):
    """LU with partial pivoting (LAPACK's pivots) of a panel of m rows and kb <= ``nb`` columns (operand P, one
    matrix) by ``groups`` workgroups of ``wg`` invocations, each holding ``rows`` rows in shared memory (see the
    module docstring). Pivots (absolute rows: ``pk`` + the panel's row) go to ``I`` from index ``pk``; an exact zero
    pivot sets bit 1 of the flag word ``F`` (the column left as LAPACK leaves it). ``K`` holds the dispatch's state
    word at ``state`` (zeroed) and, from ``keys``, the factorization's tagged keys and rows (``slots`` workgroups'
    worth, zeroed before its first dispatch); ``C`` the candidate rows."""

    nb: int = 64
    rows: int = 64
    wg: int = 256

    EXTENSIONS = ("GL_KHR_shader_subgroup_arithmetic", "GL_KHR_shader_subgroup_vote")
    BUFFERS = (("P", "S", ""), ("I", "U", "writeonly"), ("F", "U", ""), ("K", "U", "volatile"),
               ("C", "S", "volatile"))
    OPERANDS = ("P",)
    FIELDS = ("m", "kb", "pk", "groups", "state", "keys", "slots", "spins")

    @property
    def local_size(self) -> int:
        return self.wg

    @property
    def threads_per_row(self) -> int:
        """Invocations that eliminate one row together: consecutive ones, within a subgroup of any device (8)."""
        return max(1, min(8, self.wg // self.rows))

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
                "shared uint skey[WG];",
                "shared uint sidx[WG];",
                "shared uint s_word;",
                "shared uint s_pr;",
                f"#define TPR {self.threads_per_row}u",
                "#define P(r, c) b_P.d[IX_P(0u, r, c)]",
                "#define CAND(par, g, c) b_C.d[((par) * (p.groups + 1u) + (g)) * NB + (c)]",
                "#define KEY(par, g) b_K.d[p.keys + 2u * (g) + (par)]",
                "#define ROW(par, g) b_K.d[p.keys + 2u * (p.slots + (g)) + (par)]",
                *_BEST,
                *_ALONE,
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, w = gl_WorkGroupID.x, G = p.groups;",
                "  uint m = p.m, kb = p.kb, r0 = w * RB;",
                *GRID_START,
                "  bool singular = false;",
                *grid_columns([], _LEAD, [
                    "    uint pr = s_pr;",
                    "    S piv = prow[j];",
                    "    if (la_abs1(piv) == R(0)) { singular = true; continue; }",  # pr == j: the first of zeros
                    *_ELIMINATE,
                    "    barrier();"]),
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
# times (the compare-and-swap fails only where another workgroup checked in meanwhile). ``spins`` 0: the first
# workgroup to check in factors alone whatever the others do (tests: the fallback on any device).
_CHECK_IN = [
    "  if (tid == 0u) {",
    "    uint old = atomicAdd(b_K.d[p.state], 1u), verdict = 1u;",
    "    if ((old & FAILED) != 0u) verdict = 0u;",
    "    else if (p.spins == 0u) {",  # no waiting at all: the first to check in factors alone, whatever G
    "      verdict = old == 0u ? 2u : 0u;",
    "      if (old == 0u) atomicOr(b_K.d[p.state], FAILED);",
    "    } else if (old + 1u != G) {",
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

# GLSL of a grid panel's main from the check-in on (tid, w, G, m, kb, r0 in scope): the workgroups that are not needed
# leave, the one that gave up factors the panel alone (``alone(m, kb)``, bit 4 of the flag word), and the others
# load their RB rows of the panel P into shared memory (``A(i, c)``, zeros past the panel)
GRID_START = [
    *_CHECK_IN,
    "  if (verdict == 0u) return;",
    "  if (verdict == 2u) {",
    f"    if (tid == 0u) atomicOr(b_F.d[0], {FELL_BACK_FLAG}u);",
    "    alone(m, kb);",
    "    return;",
    "  }",
    "  for (uint e = tid; e < RB * NB; e += WG) {",
    "    uint i = e / NB, c = e - i * NB, r = r0 + i;",
    "    A(i, c) = (r < m && c < kb) ? P(r, c) : la_s(R(0));",
    "  }",
    "  barrier();",
]


def grid_columns(before: list[str], meet: list[str], after: list[str]) -> list[str]:
    """GLSL of a grid panel's loop over its columns j (``par``, ``tag``: the column's key slot and tag): the lines
    ``before``, subgroup 0's ``meet`` (which sets ``s_word`` where the grid is lost), a barrier, the lost grid's
    flag and return, then the lines ``after``."""
    return ["  for (uint j = 0u; j < kb; ++j) {",
            "    uint par = j & 1u, tag = ((j >> 1) & 1u) ^ 1u;",
            *before,
            "    if (gl_SubgroupID == 0u) {",
            *meet,
            "    }",
            "    barrier();",
            "    if (s_word != 0u) {",
            f"      if (tid == 0u) atomicOr(b_F.d[0], {LOST_FLAG}u);",
            "      return;",
            "    }",
            *after,
            "  }"]


# GLSL of subgroup 0's part of column j (lane ``lane``, SG lanes), all in the subgroup's uniform control flow
# (every loop's trip count the same in every lane): the workgroup's candidate (the largest key of its rows at or
# below j, the first of equals), published as its row and values, then its key tagged with ``tag`` once those are
# visible (slot (par, g) serves columns par, par + 2, ...; the tags alternate from 1 and zeroed slots hold 0; every
# panel but the last has an even number of columns, so each starts afresh). Then the lanes read every workgroup's
# key until all carry the tag (no workgroup can be two columns ahead of a reader: it would have read the reader's
# next key first, so a slot holds this column's key or the one before; each lane reads all its slots in each round,
# a bit of ``pending`` a slot: at most 256 workgroups over 8 lanes or more), take the largest (the lowest workgroup,
# which holds the lowest rows, among equals), and bring the pivot row, the diagonal row and the pivot's row
# number into shared memory. Reads past LOST_OUTER * LOST_INNER mark the grid lost (``s_word``).
_LEAD = [
    "      uint lane = gl_SubgroupInvocationID, SG = gl_SubgroupSize;",
    "      uint key = 0u, at = NONE;",
    "      for (uint i0 = 0u; i0 < RB; i0 += SG) {",
    "        uint i = min(i0 + lane, RB - 1u), r = r0 + i;",
    "        uint q = la_key(la_abs1(A(i, j))) & 0x7FFFFFFFu;",
    "        bool better = i0 + lane < RB && r >= j && r < m && (q > key || at == NONE);",
    "        key = better ? q : key; at = better ? r : at;",
    "      }",
    "      uint kg = subgroupMax(at == NONE ? 0u : key);",
    "      uint ag = subgroupMin(at != NONE && key == kg ? at : NONE);",
    "      bool diagonal = j >= r0 && j < r0 + RB;",
    "      for (uint c = lane; c < NB; c += SG) {",
    "        CAND(par, w, c) = ag != NONE ? A(ag - r0, c) : la_s(R(0));",
    "        if (diagonal) CAND(par, G, c) = A(j - r0, c);",
    "      }",
    "      if (lane == 0u) ROW(par, w) = ag;",
    "      memoryBarrierBuffer();",
    "      subgroupBarrier();",
    "      if (lane == 0u) KEY(par, w) = kg | (tag << 31);",
    "      uint spl = (G + SG - 1u) / SG, pending = 0u, bk = 0u, bg = NONE;",
    "      for (uint k = 0u; k < spl; ++k) if (k * SG + lane < G) pending |= 1u << k;",
    "      for (uint outer = 0u; outer < LOST_OUTER && !subgroupAll(pending == 0u); ++outer)",
    "        for (uint inner = 0u; inner < LOST_INNER && !subgroupAll(pending == 0u); ++inner)",
    "          for (uint k = 0u; k < spl; ++k) {",
    "            uint g = k * SG + lane, v = (pending & (1u << k)) != 0u ? KEY(par, g) : 0u;",
    "            if ((pending & (1u << k)) != 0u && (v >> 31) == tag) {",
    "              pending &= ~(1u << k);",
    "              uint q = v & 0x7FFFFFFFu;",
    "              bool held = g >= j / RB;",  # workgroups below hold only rows above j: no candidate
    "              if (held && (bg == NONE || q > bk || (q == bk && g < bg))) { bk = q; bg = g; }",
    "            }",
    "          }",
    "      bool lost = !subgroupAll(pending == 0u);",
    "      uint kx = subgroupMax(bg == NONE ? 0u : bk);",
    "      uint gx = subgroupMin(bg != NONE && bk == kx ? bg : NONE);",
    "      memoryBarrierBuffer();",
    "      if (!lost) {",
    "        for (uint c = lane; c < NB; c += SG) {",
    "          prow[c] = CAND(par, gx, c);",
    "          jrow[c] = CAND(par, G, c);",
    "        }",
    "        if (lane == 0u) {",
    "          uint pr = ROW(par, gx);",
    "          s_pr = pr;",
    "          if (w == 0u) b_I.d[p.pk + j] = p.pk + pr;",
    "        }",
    "      }",
    "      if (lane == 0u) s_word = lost ? 1u : 0u;",
]

# GLSL: rows j and pr exchanged (all their columns) and the rows below j eliminated (columns j on), in one pass over
# the workgroup's rows: TPR consecutive invocations a row (columns t, t + TPR, ...), which all read the row's
# element in column j before any of them writes its multiplier there (a subgroup barrier between: they share a
# subgroup).
_ELIMINATE = [
    "    for (uint i0 = 0u; i0 < RB; i0 += WG / TPR) {",
    "      uint i = i0 + tid / TPR, t = tid % TPR, r = r0 + i;",
    "      bool live = i < RB && r >= j && r < m && (r > j || pr != j);",
    "      bool swapped = pr != j && (r == j || r == pr);",
    "      S first = r == pr ? jrow[j] : A(min(i, RB - 1u), j);",
    "      subgroupMemoryBarrierShared();",
    "      subgroupBarrier();",
    "      if (live) {",
    "        S l = la_div(first, piv);",
    "        for (uint c = swapped ? t : j + t; c < kb; c += TPR) {",
    "          S v = r == pr ? jrow[c] : A(i, c);",
    "          A(i, c) = r == j ? prow[c] : (c < j ? v : (c == j ? l : v - la_mul(l, prow[c])));",
    "        }",
    "      }",
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
