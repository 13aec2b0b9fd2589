"""Kernels of the blocked LU and Cholesky factorizations and of blocked triangular solves (see
:mod:`.factorization` for the operand conventions): the LU panel, the triangular solve with a diagonal block,
and the row interchanges applied outside the panel. The matrix products between them are ``gemm``'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .factorization import LASpec


def _key(dtype: Any) -> str:
    """GLSL ``uint la_key(R v)``: an order-preserving key of a magnitude v >= 0 (a double's high word: equal
    keys are within 2^-20 of each other, the first row then wins)."""
    if dtype.component.itemsize == 8:
        return "uint la_key(R v) { return unpackDouble2x32(v).y; }"
    return "uint la_key(R v) { return floatBitsToUint(v); }"


@dataclass(frozen=True)
class _UnrolledSpec(LASpec):
    """A factorization kernel of ``wg`` invocations whose loops over a thread's registers unroll."""

    wg: int = 256

    EXTENSIONS = ("GL_EXT_control_flow_attributes",)

    @property
    def local_size(self) -> int:
        return self.wg


# The LU panel's pivot search for column j: the largest key of the column at or below row j and its first row (pr,
# in every invocation). Subgroup reductions, then subgroup 0 over the subgroups' results: three barriers a column
# where a tree in shared memory took one a level. The search selects instead of branching, so that the subgroup
# operations run in uniform control flow (after a divergent search, Vulkan does not promise the invocations
# reconverged: an H100 gave wrong pivots).
_PIVOT_SEARCH = [
    "      uint k = 0u, at = 0xFFFFFFFFu;",
    "      [[unroll]] for (uint s = 0u; s < RMAX; ++s) {",
    "        uint i = tid + s * WG;",
    "        uint q = la_key(la_abs1(r[s][j]));",
    "        bool better = i >= j && i < m && (q > k || at == 0xFFFFFFFFu);",
    "        k = better ? q : k; at = better ? i : at;",
    "      }",
    "      uint kg = subgroupMax(k);",
    "      uint ag = subgroupMin(k == kg ? at : 0xFFFFFFFFu);",
    "      if (subgroupElect()) { skey[gl_SubgroupID] = kg; sidx[gl_SubgroupID] = ag; }",
    "      barrier();",
    "      if (gl_SubgroupID == 0u) {",
    "        uint k2 = 0u, a2 = 0xFFFFFFFFu;",
    "        for (uint g0 = 0u; g0 < gl_NumSubgroups; g0 += gl_SubgroupSize) {",
    "          uint g = min(g0 + gl_SubgroupInvocationID, gl_NumSubgroups - 1u);",
    "          uint kq = skey[g], aq = sidx[g];",
    "          bool better = kq > k2 || (kq == k2 && aq < a2);",
    "          k2 = better ? kq : k2; a2 = better ? aq : a2;",
    "        }",
    "        uint kx = subgroupMax(k2);",
    "        uint ax = subgroupMin(k2 == kx ? a2 : 0xFFFFFFFFu);",
    "        if (subgroupElect()) spivot = ax;",
    "      }",
    "      barrier();",
    "      uint pr = spivot;",
]


@dataclass(frozen=True)
class PanelSpec(_UnrolledSpec):
    """LU with partial pivoting of a panel of m rows and kb <= ``nb`` columns (operand P) by one workgroup per
    matrix: each invocation holds up to ``rmax`` rows in registers (row t + s * wg in slot s); per column, the pivot
    is found by subgroup reductions, the rows exchanged through it and the rows below eliminated.
    Pivots (absolute rows: ``pk`` + the panel's row) go to ``I`` at ``pn`` per matrix, from index ``pk``. An exact
    zero pivot sets the flag word (and that column is left as LAPACK leaves it)."""

    nb: int = 32
    rmax: int = 1

    EXTENSIONS = ("GL_EXT_control_flow_attributes", "GL_KHR_shader_subgroup_arithmetic")
    BUFFERS = (("P", "S", ""), ("I", "U", "writeonly"), ("F", "U", ""))
    OPERANDS = ("P",)
    FIELDS = ("batch", "m", "kb", "pn", "pk")

    def __post_init__(self) -> None:
        if self.nb > self.wg:  # invocation j holds row j in its first slot
            raise ValueError(f"PanelSpec: {self.nb} columns need at least as many invocations, got {self.wg}")

    def body(self) -> list[str]:
        nb, rmax = self.nb, self.rmax
        return [_key(self.dtype),
                f"#define NB {nb}",
                f"#define RMAX {rmax}",
                "shared S prow[NB];",
                "shared S jrow[NB];",
                "shared uint skey[WG];",
                "shared uint sidx[WG];",
                "shared uint spivot;",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x;",
                "  uint m = p.m, kb = p.kb;",
                "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
                "    S r[RMAX][NB];",
                "    [[unroll]] for (uint s = 0u; s < RMAX; ++s) {",
                "      uint i = tid + s * WG;",
                "      [[unroll]] for (uint c = 0u; c < NB; ++c)",
                "        r[s][c] = (i < m && c < kb) ? b_P.d[IX_P(bt, i, c)] : la_s(R(0));",
                "    }",
                "    bool singular = false;",
                "    [[unroll]] for (uint j = 0u; j < NB; ++j) {",
                "      if (j >= kb) break;",
                *_PIVOT_SEARCH,
                "      uint pt = pr % WG, ps = pr / WG;",
                "      if (tid == pt) {",
                "        [[unroll]] for (uint s = 0u; s < RMAX; ++s) if (s == ps)",
                "          [[unroll]] for (uint c = 0u; c < NB; ++c) prow[c] = r[s][c];",
                "      }",
                "      if (tid == j) { [[unroll]] for (uint c = 0u; c < NB; ++c) jrow[c] = r[0][c]; }",
                "      if (tid == 0u) b_I.d[bt * p.pn + p.pk + j] = p.pk + pr;",
                "      barrier();",
                "      if (pr != j) {",
                "        if (tid == pt) {",
                "          [[unroll]] for (uint s = 0u; s < RMAX; ++s) if (s == ps)",
                "            [[unroll]] for (uint c = 0u; c < NB; ++c) r[s][c] = jrow[c];",
                "        }",
                "        if (tid == j) { [[unroll]] for (uint c = 0u; c < NB; ++c) r[0][c] = prow[c]; }",
                "      }",
                "      S piv = prow[j];",
                "      if (la_abs1(piv) == R(0)) { singular = true; continue; }",
                "      [[unroll]] for (uint s = 0u; s < RMAX; ++s) {",
                "        uint i = tid + s * WG;",
                "        if (i > j && i < m) {",
                "          S l = la_div(r[s][j], piv);",
                "          r[s][j] = l;",
                "          [[unroll]] for (uint c = j + 1u; c < NB; ++c) r[s][c] -= la_mul(l, prow[c]);",
                "        }",
                "      }",
                "    }",
                "    if (singular && tid == 0u) b_F.d[0] = 1u;",
                "    [[unroll]] for (uint s = 0u; s < RMAX; ++s) {",
                "      uint i = tid + s * WG;",
                "      if (i < m) [[unroll]] for (uint c = 0u; c < NB; ++c)",
                "        if (c < kb) b_P.d[IX_P(bt, i, c)] = r[s][c];",
                "    }",
                "    barrier();",
                "  }",
                "}"]


TRSM_COLUMNS = 16  # columns of B a workgroup of the triangular solve takes (T loaded once for them)


@dataclass(frozen=True)
class TrsmSpec(_UnrolledSpec):
    """X = T^-1 B in place for a triangular T of order kb <= ``nb`` (``lower`` or upper, ``unit`` diagonal or
    not) and B of kb rows and ``ncols`` columns: T in shared memory, a subgroup per column of B (``columns``
    of them a workgroup): lane l holds rows l + q * SG in registers; at each step the row's owner divides it by the
    diagonal and shuffles it to the other lanes, which update their rows below (above) it. A column's chain of
    dependent steps is kb shuffles long, where a thread per column made it kb^2 / 2 multiply-adds reading T.
    ``conj``: B is read and written conjugated (solving with B^H through a transposed view). ``swap``: first the
    row interchanges of pivots ``pk`` .. ``pk`` + kb - 1 of ``I`` (absolute rows; B's row 0 is row ``pk``) applied
    to B's columns over all their rows, as LAPACK's ``laswp`` before ``trsm``: composed once a workgroup into one
    permutation of the rows they touch (as :class:`LaswpSpec`), then each column's rows read at once."""

    nb: int = 32
    lower: bool = True
    unit: bool = False
    conj: bool = False
    swap: bool = False
    lanes: int = 8  # the device's smallest subgroup: each lane's registers hold ceil(nb / lanes) rows
    columns: int = TRSM_COLUMNS  # columns of B a workgroup

    EXTENSIONS = ("GL_EXT_control_flow_attributes", "GL_KHR_shader_subgroup_shuffle")
    OPERANDS = ("T", "B")

    @property
    def BUFFERS(self) -> tuple[tuple[str, str, str], ...]:  # type: ignore[override]  # noqa: N802
        pivots = (("I", "U", "readonly"),) if self.swap else ()
        return (("T", "S", "readonly"), ("B", "S", ""), *pivots)

    @property
    def FIELDS(self) -> tuple[str, ...]:  # type: ignore[override]  # noqa: N802
        return ("batch", "kb", "ncols", "pn", "pk")

    def body(self) -> list[str]:
        qmax = -(-self.nb // max(1, self.lanes))
        load = "la_conj(b_B.d[IX_B(bt, {}, col)])" if self.conj else "b_B.d[IX_B(bt, {}, col)]"
        store = "la_conj(x[q])" if self.conj else "x[q]"
        source = "src[r]" if self.swap else "r"
        lines = [f"#define NB {self.nb}u", "#define KMAX NB", f"#define QMAX {qmax}u", f"#define CPW {self.columns}u",
                 # column-major with a padded stride: a step's lanes read T down a column without bank conflicts
                 "shared S st[NB * (NB + 1u)];",
                 "#define T(i, j) st[(j) * (NB + 1u) + (i)]",
                 *(_COMPOSE_DECLARATIONS if self.swap else []),
                 "void main() {",
                 "  uint tid = gl_LocalInvocationID.x, lane = gl_SubgroupInvocationID, SG = gl_SubgroupSize;",
                 "  uint kb = p.kb, blocks = (p.ncols + CPW - 1u) / CPW, rpl = (NB + SG - 1u) / SG;",
                 "  for (uint g = gl_WorkGroupID.x; g < p.batch * blocks; g += gl_NumWorkGroups.x) {",
                 "    uint bt = g / blocks, c0 = (g - bt * blocks) * CPW;",
                 "    for (uint e = tid; e < kb * kb; e += WG) {",
                 "      uint i = e / kb, j = e - i * kb;",
                 "      T(i, j) = b_T.d[IX_T(bt, i, j)];",
                 "    }",
                 *(_COMPOSE if self.swap else []),
                 "    barrier();",
                 "    for (uint cc = gl_SubgroupID; cc < CPW; cc += gl_NumSubgroups) {",
                 "      uint col = c0 + cc;",
                 "      if (col >= p.ncols) break;",  # the same for the whole subgroup
                 "      S x[QMAX];",
                 "      [[unroll]] for (uint q = 0u; q < QMAX; ++q) {",
                 "        uint r = q * SG + lane;",
                 f"        x[q] = q < rpl && r < kb ? {load.format(source)} : la_s(R(0));",
                 "      }"]
        if self.swap:  # the rows below the block that the interchanges reach, once all reads are done
            lines += ["      S moved[QMAX];",
                      "      [[unroll]] for (uint q = 0u; q < QMAX; ++q) {",
                      "        uint e = kb + q * SG + lane;",
                      f"        moved[q] = e < touched ? {load.format('src[e]')} : la_s(R(0));",
                      "      }",
                      "      subgroupMemoryBarrierBuffer();",
                      "      subgroupBarrier();",
                      "      [[unroll]] for (uint q = 0u; q < QMAX; ++q) {",
                      "        uint e = kb + q * SG + lane;",
                      f"        if (e < touched) b_B.d[IX_B(bt, rows[e], col)] = "
                      f"{'la_conj(moved[q])' if self.conj else 'moved[q]'};",
                      "      }"]
        divide = [] if self.unit else ["          if (lane == s) x[q] = la_div(x[q], T(i, i));"]
        if self.lower:
            lines += ["      [[unroll]] for (uint q = 0u; q < QMAX; ++q) {",
                      "        if (q >= rpl) break;",
                      "        for (uint s = 0u; s < SG; ++s) {",
                      "          uint i = q * SG + s;",
                      "          if (i >= kb) break;",
                      *divide,
                      "          S xi = subgroupShuffle(x[q], s);",
                      "          [[unroll]] for (uint o = q; o < QMAX; ++o) {",
                      "            uint r = o * SG + lane;",
                      "            if (o < rpl && r > i && r < kb) x[o] -= la_mul(T(r, i), xi);",
                      "          }",
                      "        }",
                      "      }"]
        else:
            lines += ["      [[unroll]] for (uint qq = QMAX; qq > 0u; --qq) {",
                      "        uint q = qq - 1u;",
                      "        if (q >= rpl) continue;",
                      "        for (uint ss = SG; ss > 0u; --ss) {",
                      "          uint s = ss - 1u, i = q * SG + s;",
                      "          if (i >= kb) continue;",
                      *divide,
                      "          S xi = subgroupShuffle(x[q], s);",
                      "          [[unroll]] for (uint o = 0u; o <= q; ++o) {",
                      "            uint r = o * SG + lane;",
                      "            if (r < i) x[o] -= la_mul(T(r, i), xi);",
                      "          }",
                      "        }",
                      "      }"]
        lines += ["      [[unroll]] for (uint q = 0u; q < QMAX; ++q) {",
                  "        uint r = q * SG + lane;",
                  f"        if (q < rpl && r < kb) b_B.d[IX_B(bt, r, col)] = {store};",
                  "      }",
                  "    }",
                  "    barrier();",
                  "  }",
                  "}"]
        return lines


def _u(c: int | str) -> str:
    """A column index in GLSL: a constant, or a loop's variable as is."""
    return f"{c}u" if isinstance(c, int) else c


@dataclass(frozen=True)
class CholPanelSpec(_UnrolledSpec):
    """One step of the blocked Cholesky over a block column (operand A: m rows, kb <= ``nb`` columns; A11 its top
    kb rows, A21 the rest), in one dispatch of ``wg`` invocations a workgroup, each holding one row in registers:
    the first ``nb`` hold A11's rows (every workgroup factors A11, by the same operations), the others ``wg`` - ``nb``
    rows of A21. Column c of L is computed for every row at once, left-looking: row r's element is (a[c] -
    sum_{s<c} l[s] conj(L11[c, s])) / L11[c, c], the sum over the row's registers and row c of L11, which A11's
    rows publish into shared memory as they compute it (rows padded to nb + 1 scalars: a column's elements fall in
    different banks); row c + 1 of A11 then has everything for its diagonal, sqrt(a[c + 1] - sum |l[s]|^2), and
    publishes it too: one barrier a column. Workgroup 0 writes L11's strictly lower part and its diagonal to D (at
    ``dk`` + j of ``dn`` per matrix), and flags a pivot <= 0 or NaN. As the other workgroups may still be reading
    A11, they read it from its strictly upper part (A11 is Hermitian: the caller keeps both triangles) and its
    diagonal, which no workgroup writes. max(1, ceil((m - kb) / (wg - nb))) workgroups per matrix.

    The row is ``nb`` scalar variables and the column steps are written out here, not loops over an array: NVIDIA's
    compiler kept such an array in local memory (256 bytes a thread) even with every loop bound constant, and
    unrolling it with spirv-opt took 17 s (lavapipe's LLVM then a minute) for a 670 KB module."""

    nb: int = 64
    wg: int = 128
    unrolled: bool = True  # the row as scalars and the steps written out (GPUs); else loops over an array (CPUs)
    wide: bool = False  # (unrolled, real dtypes) row c of L11 read from shared memory four scalars a load

    BUFFERS = (("A", "S", ""), ("D", "S", "writeonly"), ("F", "U", ""))
    OPERANDS = ("A",)
    FIELDS = ("batch", "m", "kb", "dn", "dk")

    @property
    def rows(self) -> int:
        """Rows of A21 a workgroup solves."""
        return self.wg - self.nb

    def _x(self, c: int | str) -> str:
        """Register c of the row (c an int, or the GLSL loop's variable)."""
        return f"x{c}" if self.unrolled else f"x[{c}]"

    def _each(self, lines_of: Any) -> list[str]:
        """``lines_of(c)`` for every column c: written out, or in a GLSL loop over ``c``."""
        if self.unrolled:
            return [line for c in range(self.nb) for line in lines_of(c)]
        return ["    for (uint c = 0u; c < NB; ++c) {", *lines_of("c"), "    }"]

    def _step(self, c: int | str) -> list[str]:
        """Column c of L for every row (see the class docstring), then the barrier."""
        x, cu = self._x, _u(c)
        if isinstance(c, int):
            sums = [x(c), "la_s(R(0))", "la_s(R(0))", "la_s(R(0))"]
            if self.wide:
                terms = [line for g in range(0, c, 4) for line in (
                    f"        W m{g} = MW({cu}, {g // 4}u);",
                    *[f"        v{t % 4} -= {x(t)} * m{g}.{'xyzw'[t - g]};" for t in range(g, min(g + 4, c))])]
            else:
                terms = [f"        v{t % 4} -= la_mul({x(t)}, la_conj(M({cu}, {t}u)));" for t in range(c)]
            dot = [f"        S {', '.join(f'v{i} = {sums[i]}' for i in range(4))};", *terms,
                   "        S v = (v0 + v1) + (v2 + v3);"]
        else:
            dot = [f"        S v = {x(c)};",
                   f"        for (uint t = 0u; t < {cu}; ++t) v -= la_mul({x('t')}, la_conj(M({cu}, t)));"]
        following = x(c + 1) if isinstance(c, int) else x("c + 1u")
        diagonal = [] if c == self.nb - 1 else [
            f"          if (r == {cu} + 1u) {{",
            "            R d = la_re(dg) - ss, l = sqrt(d);",
            "            if (!(d > R(0))) bad = true;",
            f"            {following} = la_s(l); M(r, r) = {following}; dinv[r] = R(1) / l;",
            "          }"]
        return [f"    if ({cu} < kb) {{",
                f"      if (live && (!diag || r > {cu})) {{",
                *dot,
                f"        {x(c)} = la_scale(v, dinv[{cu}]);",
                "        if (diag) {",
                f"          M(r, {cu}) = {x(c)};",
                f"          ss += la_abs2({x(c)});",
                *diagonal,
                "        }",
                "      }",
                "      barrier();",
                "    }"]

    def _declarations(self) -> list[str]:
        common = [f"#define NB {self.nb}u", "#define ROWS (WG - NB)", "shared R dinv[NB];", "shared bool bad;"]
        if not self.wide:
            return [*common, "shared S sm[NB * (NB + 1u)];", "#define M(i, j) sm[(i) * (NB + 1u) + (j)]"]
        # rows of four-scalar vectors, padded by one vector (a column's elements in different banks but for 8-way
        # conflicts on the one store a column step makes): MW(i, q) is row i's scalars 4q .. 4q + 3
        if self.dtype.kind == "c" or not self.unrolled:
            raise ValueError("CholPanelSpec: wide reads are for real dtypes in the unrolled kernel")
        vector = "dvec4" if self.dtype.itemsize == 8 else "vec4"
        return [*common, f"#define W {vector}", "#define QR (NB / 4u + 1u)", "shared W sm[NB * QR];",
                "#define MW(i, q) sm[(i) * QR + (q)]", "#define M(i, j) sm[(i) * QR + ((j) >> 2)][(j) & 3u]"]

    def _panel(self) -> list[str]:
        """GLSL: the panel of matrix ``bt``'s workgroup ``blk``."""
        x = self._x
        row = f"S {', '.join(f'x{c} = la_s(R(0))' for c in range(self.nb))};" if self.unrolled else \
            "S x[NB]; for (uint c = 0u; c < NB; ++c) x[c] = la_s(R(0));"
        return ["    uint r = diag ? tid : kb + blk * ROWS + tid - NB;",
                "    bool live = diag ? r < kb : r < p.m;",
                f"    {row}",
                "    S dg = live && diag ? b_A.d[IX_A(bt, r, r)] : la_s(R(1));",
                *self._each(lambda c: [
                    f"      if (live && !diag && {_u(c)} < kb) "
                    f"{x(c)} = b_A.d[IX_A(bt, r, {_u(c)})];",
                    f"      if (live && diag && {_u(c)} < r) "
                    f"{x(c)} = la_conj(b_A.d[IX_A(bt, {_u(c)}, r)]);"]),
                "    R ss = R(0);",
                "    if (tid == 0u) {",
                "      R d = la_re(dg), l = sqrt(d);",
                "      bad = !(d > R(0));",
                f"      {x(0)} = la_s(l); M(0u, 0u) = {x(0)}; dinv[0] = R(1) / l;",
                "    }",
                "    barrier();",
                *self._each(self._step),
                "    if (live && diag && blk == 0u) {",
                "      if (tid == 0u && bad) b_F.d[0] = 1u;",
                *self._each(lambda c: [f"      if ({_u(c)} < r) "
                                       f"b_A.d[IX_A(bt, r, {_u(c)})] = {x(c)};"]),
                "      b_D.d[bt * p.dn + p.dk + r] = M(r, r);",
                "    }",
                "    if (live && !diag) {",
                *self._each(lambda c: [f"      if ({_u(c)} < kb) "
                                       f"b_A.d[IX_A(bt, r, {_u(c)})] = {x(c)};"]),
                "    }"]

    def body(self) -> list[str]:
        return [*self._declarations(),
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x;",
                "  uint kb = p.kb, blocks = max(1u, (p.m - kb + ROWS - 1u) / ROWS);",
                "  bool diag = tid < NB;",
                "  for (uint g = gl_WorkGroupID.x; g < p.batch * blocks; g += gl_NumWorkGroups.x) {",
                "    uint bt = g / blocks, blk = g - bt * blocks;",
                *self._panel(),
                "    barrier();",
                "  }",
                "}"]


# GLSL: the row interchanges of pivots pk .. pk + kb - 1 composed by invocation 0 into one permutation of the rows
# they touch (at most 2 kb, the block's kb first): ``rows[e]`` receives the values of row ``src[e]``; ``touched``
# of them. (Shared by the triangular solve with interchanges and :class:`LaswpSpec`.)
_COMPOSE_DECLARATIONS = ["shared uint rows[2u * KMAX];", "shared uint src[2u * KMAX];", "shared uint touched;"]
_COMPOSE = ["    if (tid == 0u) {",
            "      uint n = kb;",
            "      for (uint j = 0u; j < kb; ++j) { rows[j] = j; src[j] = j; }",
            "      for (uint j = 0u; j < kb; ++j) {",
            "        uint r = b_I.d[bt * p.pn + p.pk + j] - p.pk, slot = r;",
            "        if (r >= kb) {",
            "          slot = n;",
            "          for (uint e = kb; e < n; ++e) if (rows[e] == r) slot = e;",
            "          if (slot == n) { rows[n] = r; src[n] = r; ++n; }",
            "        }",
            "        uint t = src[j]; src[j] = src[slot]; src[slot] = t;",
            "      }",
            "      touched = n;",
            "    }"]


LASWP_MAX = 32  # the most interchanges one LaswpSpec dispatch applies (the blocked LU: half a block of 64)
LASWP_COLUMNS = 16  # columns a workgroup moves


@dataclass(frozen=True)
class LaswpSpec(LASpec):
    """The row interchanges of a panel (pivots ``pk`` .. ``pk`` + kb - 1 of ``I``, absolute rows, kb <=
    ``LASWP_MAX``) applied in order to the columns of P (whose row 0 is row ``pk``): one invocation composes them
    into one permutation of the rows they touch (at most 2 kb: which row each ends up holding), then the workgroup
    moves its ``LASWP_COLUMNS`` columns' touched rows at once through shared memory. Applying the interchanges one
    after another, a thread per column, made a chain of dependent memory accesses per column."""

    BUFFERS = (("P", "S", ""), ("I", "U", "readonly"))
    OPERANDS = ("P",)
    FIELDS = ("batch", "kb", "ncols", "pn", "pk")

    @property
    def local_size(self) -> int:
        return 128  # every Vulkan device has at least this many invocations a workgroup

    def body(self) -> list[str]:
        return [f"#define KMAX {LASWP_MAX}u",
                f"#define CB {LASWP_COLUMNS}u",
                *_COMPOSE_DECLARATIONS,
                "shared S vals[2u * KMAX * CB];",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, kb = p.kb;",
                "  uint cols = p.ncols, blocks = (cols + CB - 1u) / CB;",
                "  for (uint g = gl_WorkGroupID.x; g < p.batch * blocks; g += gl_NumWorkGroups.x) {",
                "    uint bt = g / blocks, c0 = (g - bt * blocks) * CB;",
                *_COMPOSE,
                "    barrier();",
                "    uint moves = touched * CB;",
                "    for (uint e = tid; e < moves; e += WG) {",
                "      uint c = c0 + e % CB;",
                "      if (c < cols) vals[e] = b_P.d[IX_P(bt, src[e / CB], c)];",
                "    }",
                "    barrier();",
                "    for (uint e = tid; e < moves; e += WG) {",
                "      uint c = c0 + e % CB;",
                "      if (c < cols && rows[e / CB] != src[e / CB]) b_P.d[IX_P(bt, rows[e / CB], c)] = vals[e];",
                "    }",
                "    barrier();",
                "  }",
                "}"]
