"""A whole sweep of the parallel Jacobi methods (two-sided for eigh, one-sided for svd, of large matrices) in one
dispatch, on a grid of workgroups that meet after each round.

The round-by-round kernels (:class:`~.factorization_sweep.EighRoundSpec`) take two dispatches a round, 2n of them a
sweep: for orders in the hundreds the host's recording of them, not the GPU, set the pace. Here ``groups``
workgroups check in as the grid LU panel's do (:mod:`.factorization_grid`: all resident, or the first to give up
runs the sweep alone and the others leave), then run every round: each invocation takes 2 x 2 blocks of A (the
rotations of both pairs computed again from the round's input, so no second dispatch hands them over) and (row,
pair) entries of V, reads A from one buffer and writes the other (the rotations read entries other invocations
overwrite), and the grid meets on a counter before the next round. The one-sided sweep (:class:`SVDSweepSpec`) gives
each workgroup whole column pairs, rotated in place (:func:`~.factorization_sweep.svd_pair_glsl`, the round kernel's
code). Buffers are ``coherent`` so that a round reads what other workgroups wrote in the one before.
"""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec
from .factorization_grid import _CHECK_IN, FAILED, FELL_BACK_FLAG, LOST_FLAG, LOST_SPINS
from .factorization_jacobi import pairing_glsl
from .factorization_sweep import block_rotation_glsl, row_rotation_glsl, svd_pair_glsl

STATE = 1  # the check-in counter's word of K (word 0: the flag word, word 2: the rounds' meeting counter)
MEET = 2
K_WORDS = 3


@dataclass(frozen=True)
class EighSweepSpec(LASpec):
    """One sweep (rounds 0 .. n2 - 2) of the parallel Jacobi method on the Hermitian matrices in A or B (both
    triangles; ``parity`` 0: the sweep starts from A, 1: from B; round k reads the one of parity + k and writes the
    other) and their eigenvectors V (its first ``vrows`` rows: 0 for the eigenvalues alone), in place. K: the flag
    word (bit 0: a pair rotated; 2: the grid was lost; 4: it fell back to one workgroup), the check-in counter and
    the meeting counter, zeroed before the dispatch. F: each matrix's rotation floor."""

    BUFFERS = (("A", "S", "coherent"), ("B", "S", "coherent"), ("V", "S", "coherent"), ("F", "R", "readonly"),
               ("K", "U", "volatile"))
    OPERANDS = ("A", "B", "V")
    FIELDS = ("batch", "n", "groups", "spins", "parity", "state", "vrows")

    @property
    def local_size(self) -> int:
        return 256

    def body(self) -> list[str]:
        return [*_GRID_PRELUDE,
                "S get(uint src, uint bt, uint i, uint j) {",
                "  return src == 0u ? b_A.d[IX_A(bt, i, j)] : b_B.d[IX_B(bt, i, j)];",
                "}",
                "void put(uint src, uint bt, uint i, uint j, S x) {",
                "  if (src == 0u) b_B.d[IX_B(bt, i, j)] = x; else b_A.d[IX_A(bt, i, j)] = x;",
                "}",
                # the rotation of pair t in round k, from the round's input (every invocation computes the same)
                "bool rotation(uint src, uint bt, uint k, uint t, uint n, out uint pp, out uint qq, out R c, out R s,",
                "              out S w) {",
                "  la_pair(k, t, n + (n & 1u), pp, qq);",
                "  c = R(1); s = R(0); w = la_s(R(1));",
                "  return qq < n && la_rotation(la_re(get(src, bt, pp, pp)), la_re(get(src, bt, qq, qq)),",
                "                              get(src, bt, pp, qq), LA_EPS, b_F.d[bt], c, s, w);",
                "}",
                *_ROUND,
                *_grid_main("uint first = alone ? tid : gl_WorkGroupID.x * WG + tid, stride = alone ? WG : G * WG;",
                            "round_k((p.parity + k) & 1u, k, first, stride);")]


@dataclass(frozen=True)
class SVDSweepSpec(LASpec):
    """One sweep of one-sided Jacobi on G (m x n) and V (n x n; its first ``vrows`` rows), in place: each workgroup
    takes whole column pairs of a round (as :class:`~.factorization_sweep.SVDRoundSpec` does one a workgroup). K as
    in :class:`EighSweepSpec`."""

    BUFFERS = (("G", "S", "coherent"), ("V", "S", "coherent"), ("K", "U", "volatile"))
    OPERANDS = ("G", "V")
    FIELDS = ("batch", "m", "n", "groups", "spins", "state", "vrows")

    @property
    def local_size(self) -> int:
        return 64

    def body(self) -> list[str]:
        return [*_GRID_PRELUDE,
                *svd_pair_glsl(),
                *_grid_main("uint first = alone ? 0u : gl_WorkGroupID.x, stride = alone ? 1u : G, "
                            "np2 = (p.n + 1u) / 2u;",
                            "for (uint g = first; g < p.batch * np2; g += stride) svd_pair(g / np2, g % np2, k);")]


_GRID_PRELUDE = [pairing_glsl(),
                 f"#define FAILED {FAILED:#x}u",
                 f"#define LOST_OUTER {LOST_SPINS[0]}u",
                 f"#define LOST_INNER {LOST_SPINS[1]}u",
                 "shared uint s_word;"]


def _grid_main(items: str, round_k: str) -> list[str]:
    """GLSL main() of a sweep: the check-in, then the rounds (``round_k``: round k over the work that ``items``
    declares for this workgroup, or for the one running alone), the grid meeting between them."""
    return [*_MEET,
            "void main() {",
            "  uint tid = gl_LocalInvocationID.x, G = p.groups;",
            *_CHECK_IN,
            "  if (verdict == 0u) return;",
            "  bool alone = verdict == 2u;",
            f"  if (alone && tid == 0u) atomicOr(b_K.d[0], {FELL_BACK_FLAG}u);",
            f"  {items}",
            "  uint rounds = p.n + (p.n & 1u) - 1u;",
            "  for (uint k = 0u; k < rounds; ++k) {",
            f"    {round_k}",
            "    if (k + 1u == rounds) break;",
            "    if (alone) { memoryBarrierBuffer(); barrier(); }",
            "    else if (!meet(k, tid)) return;",
            "  }",
            "}"]


# GLSL ``round_k``: round k from buffer ``src`` (0: A) into the other, over the work items first, first + stride ...:
# the 2x2 blocks of A (both pairs' rotations applied, the pair's own off-diagonal entries set to 0 where it rotated),
# then the (row, pair) entries of V
_ROUND = [
    "void round_k(uint src, uint k, uint first, uint stride) {",
    "  uint n = p.n, np2 = (n + 1u) / 2u, blocks = np2 * np2, per = blocks + np2 * p.vrows;",
    "  for (uint g = first; g < p.batch * per; g += stride) {",
    "    uint bt = g / per, e = g - bt * per;",
    "    if (e < blocks) {",
    "      uint ti = e / np2, tj = e - ti * np2, pi, qi, pj, qj;",
    "      R ci, si, cj, sj;",
    "      S wi, wj;",
    "      bool turns = rotation(src, bt, k, ti, n, pi, qi, ci, si, wi);",
    "      rotation(src, bt, k, tj, n, pj, qj, cj, sj, wj);",
    "      if (ti == tj && turns) atomicOr(b_K.d[0], 1u);",
    *block_rotation_glsl(lambda i, j: f"get(src, bt, {i}, {j})", lambda i, j, x: f"put(src, bt, {i}, {j}, {x})",
                         "      "),
    "    } else {",
    "      e -= blocks;",
    "      uint t = e / p.vrows, r = e - t * p.vrows, pp, qq;",
    "      R c, s;",
    "      S w;",
    "      rotation(src, bt, k, t, n, pp, qq, c, s, w);",
    "      if (s == R(0)) continue;",
    *row_rotation_glsl("c", "s", "w", "      "),
    "    }",
    "  }",
    "}",
]

# GLSL ``bool meet(uint k, uint tid)``: the grid's meeting after round k (every workgroup's writes made visible, then
# its arrival counted; invocation 0 reads the counter until all G have arrived). False where that took implausibly
# long (LOST_OUTER * LOST_INNER reads: the flag word's lost bit is set and the workgroup leaves).
_MEET = [
    "bool meet(uint k, uint tid) {",
    "  memoryBarrierBuffer();",
    "  barrier();",
    "  if (tid == 0u) {",
    f"    atomicAdd(b_K.d[{MEET}], 1u);",
    "    uint target = (k + 1u) * p.groups;",
    "    bool there = false;",
    "    for (uint o = 0u; o < LOST_OUTER && !there; ++o)",
    "      for (uint i = 0u; i < LOST_INNER; ++i)",
    f"        if (b_K.d[{MEET}] >= target) {{ there = true; break; }}",
    f"    if (!there) atomicOr(b_K.d[0], {LOST_FLAG}u);",
    "    s_word = there ? 1u : 0u;",
    "  }",
    "  barrier();",
    "  memoryBarrierBuffer();",
    "  bool there = s_word == 1u;",
    "  barrier();",
    "  return there;",
    "}",
]
