"""Householder QR and the Jacobi eigenvalue and singular value kernels (see :mod:`.factorization` for the operand
conventions): one workgroup per matrix, the matrices in shared memory of ``cap`` scalars (small arrays sized by
``nmax``); larger matrices take the multi-dispatch kernels of :mod:`.factorization_sweep`.

- :class:`QRSpec`: Householder QR with LAPACK's reflectors (``geqr2``/``larfg``: beta = -sign(Re alpha) * norm,
  so R's diagonal has LAPACK's signs), Q accumulated backwards from the identity (``ung2r``).
- :class:`EighSpec`: the cyclic Jacobi method in the parallel (round-robin) ordering: each round rotates n/2
  disjoint pairs (p, q) at once (rows, then columns: J^H A J), sweeps until no pair needs a rotation (relative
  test |a_pq| <= eps sqrt(|a_pp a_qq|), which keeps small eigenvalues' relative accuracy where the matrix allows).
- :class:`SVDSpec`: one-sided (Hestenes) Jacobi in the same ordering: the columns of G (m >= n: the matrix or its
  conjugate transpose, scaled by a power of two) are orthogonalised pairwise until |g_p^H g_q| <= sqrt(m) eps
  |g_p| |g_q| (LAPACK gesvj's test); the singular values are the column norms, sorted in descending order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec, each_element, end_stack, reduce_glsl

# GLSL: the round-robin pairing of players 0 .. n2-1 (n2 = n rounded up to even; player n is a bye): round r pairs
# n2-1 with r, and (r + t) with (r - t) modulo n2-1; the order with NaN last; rotating two columns (or rows).
_COMMON = """
void la_pair(uint r, uint t, uint n2, out uint pp, out uint qq) {
  uint a, b;
  if (t == 0u) { a = n2 - 1u; b = r; }
  else { a = (r + t) % (n2 - 1u); b = (r + n2 - 1u - t) % (n2 - 1u); }
  pp = min(a, b);
  qq = max(a, b);
}
bool la_before(R a, R b) { return a < b || (isnan(b) && !isnan(a)); }
// (x, y) J for the rotation J = [[c, s w], [-s conj(w), c]] (columns); rows use conj(w) for w (J^H from the left)
// Rutishauser's form x - s (conj(w) y + tau x), tau = s / (1 + c): the rotation as a correction, so that c rounding
// to 1 for a small angle does not grow the norms by t^2 (which over a thousand rotations drifted float32
// eigenvectors 150 eps from orthonormal)
void la_rot(inout S x, inout S y, R c, R s, S w) {
  S a = x, b = y;
  R tau = s / (R(1) + c);
  x = a - la_scale(la_mul(la_conj(w), b) + la_scale(a, tau), s);
  y = b + la_scale(la_mul(w, a) - la_scale(b, tau), s);
}
#define LA_BARRIER() { memoryBarrierShared(); barrier(); }
"""


def pairing_glsl() -> str:
    """GLSL ``la_pair`` (the round-robin ordering), ``la_before`` (ascending, NaN last), ``la_rot`` (a rotation of
    two columns or rows)."""
    return _COMMON


@dataclass(frozen=True)
class _WorkgroupSpec(LASpec):
    """A one-workgroup-per-matrix kernel of ``wg`` invocations, the matrices in shared memory of ``cap`` scalars
    (small arrays of ``nmax``)."""

    wg: int = 64
    cap: int = 64
    nmax: int = 1

    @property
    def local_size(self) -> int:
        return self.wg

    def prelude(self) -> list[str]:
        return [reduce_glsl(), _COMMON]

    def jacobi_prelude(self, v_offset: str, scalar: str) -> list[str]:
        """The Jacobi kernels' declarations: G in shared memory, then V at ``v_offset``, the per-pair and per-column
        arrays, the flag of a sweep that rotated and the shared real ``scalar`` of the rotation test."""
        return [*self.prelude(), f"shared S sm[{self.cap}];", "#define G(i, j) sm[(i) * n + (j)]",
                f"#define V(i, j) sm[{v_offset} + (i) * n + (j)]", *_params(self.nmax),
                "shared bool rotated;", f"shared R {scalar};", "#define NC n"]


@dataclass(frozen=True)
class QRSpec(_WorkgroupSpec):
    """Householder QR of A (m x n, k = min(m, n) reflectors): R (r x n, zero below the diagonal) and, with
    ``vectors``, Q (m x q: the first q columns of H_1 ... H_k). Shared memory holds A then Q. With ``flush`` (a GPU
    that may flush subnormals: some instructions read them as zeros, others not) each column's entries below the
    smallest normal are made zeros first, so that no quotient meets a flushed divisor."""

    vectors: bool = True
    flush: bool = False

    BUFFERS = (("A", "S", "readonly"), ("Q", "S", "writeonly"), ("Rm", "S", "writeonly"))
    OPERANDS = ("A", "Q", "Rm")
    FIELDS = ("batch", "m", "n", "q", "r")

    def body(self) -> list[str]:
        out = self.prelude()
        out += [f"shared S sm[{self.cap}];", f"shared S tau_s[{self.nmax}];",
                "#define M(i, j) sm[(i) * n + (j)]", "#define TAU(j) tau_s[j]",
                "#define QM(i, j) sm[m * n + (i) * q + (j)]"]
        out += ["shared S scale_s;",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x;",
                "  uint m = p.m, n = p.n, q = p.q, kk = min(m, n);",
                "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
                *each_element("m", "n", ["M(i, j) = b_A.d[IX_A(bt, i, j)];"]),
                "    LA_BARRIER();",
                "    for (uint j = 0u; j < kk; ++j) {",
                *(["      for (uint i = j + tid; i < m; i += WG) if (la_abs1(M(i, j)) < LA_TINY) M(i, j) = la_s(R(0));",
                   "      LA_BARRIER();"] if self.flush else []),
                "      R big = R(0);",
                "      for (uint i = j + 1u + tid; i < m; i += WG) big = max(big, la_abs(M(i, j)));",
                "      R diag = la_abs(M(j, j));",  # read before wg_max's barriers: the scaling below writes it
                "      big = wg_max(big);",
                # a column whose entries are all below LA_TINY / LA_EPS is scaled by the inverse power of two first,
                # and beta scaled back (LAPACK's larfg): subnormal entries keep too few bits for an orthogonal H
                "      bool tiny = max(big, diag) > R(0) && max(big, diag) < LA_TINY / LA_EPS;",
                "      if (tiny) {",
                "        for (uint i = j + tid; i < m; i += WG) M(i, j) = la_scale(M(i, j), LA_EPS / LA_TINY);",
                "        big *= LA_EPS / LA_TINY;",
                "        LA_BARRIER();",
                "      }",
                "      R ss = R(0);",
                "      if (big > R(0))",  # quotients, not products with 1 / big (which overflows for a subnormal big)
                "        for (uint i = j + 1u + tid; i < m; i += WG) { R t = la_abs(M(i, j)) / big; ss += t * t; }",
                "      ss = wg_sum(ss);",
                "      if (tid == 0u) {",
                "        S alpha = M(j, j);",
                "        R ar = la_re(alpha), ai = la_im(alpha), xnorm = big * sqrt(ss);",
                "        if (xnorm == R(0) && ai == R(0)) {",
                "          TAU(j) = la_s(R(0));",
                "          scale_s = la_s(R(1));",
                "          if (tiny) M(j, j) = la_s(ar * (LA_TINY / LA_EPS));",  # H = I: the diagonal as it was
                "        }",
                "        else {",
                "          R w = max(max(abs(ar), abs(ai)), xnorm);",
                "          R beta = w * sqrt((ar / w) * (ar / w) + (ai / w) * (ai / w) + (xnorm / w) * (xnorm / w));",
                "          if (ar >= R(0)) beta = -beta;",
                "          TAU(j) = la_make((beta - ar) / beta, -ai / beta);",
                "          scale_s = alpha - la_s(beta);",
                "          M(j, j) = la_s(tiny ? beta * (LA_TINY / LA_EPS) : beta);",
                "        }",
                "      }",
                "      LA_BARRIER();",
                "      S sc = scale_s, tau = TAU(j);",
                "      for (uint i = j + 1u + tid; i < m; i += WG) M(i, j) = la_div(M(i, j), sc);",
                "      LA_BARRIER();",
                "      if (la_abs1(tau) != R(0)) {",
                "        for (uint c = j + 1u + tid; c < n; c += WG) {",
                "          S w = M(j, c);",
                "          for (uint i = j + 1u; i < m; ++i) w += la_mul(la_conj(M(i, j)), M(i, c));",
                "          S f = la_mul(la_conj(tau), w);",
                "          M(j, c) -= f;",
                "          for (uint i = j + 1u; i < m; ++i) M(i, c) -= la_mul(M(i, j), f);",
                "        }",
                "      }",
                "      LA_BARRIER();",
                "    }",
                *each_element("p.r", "n", ["b_Rm.d[IX_Rm(bt, i, j)] = i <= j ? M(i, j) : la_s(R(0));"])]
        if self.vectors:
            out += [*each_element("m", "q", ["QM(i, c) = la_s(i == c ? R(1) : R(0));"], "c"),
                    "    LA_BARRIER();",
                    "    for (uint jj = kk; jj > 0u; --jj) {",
                    "      uint j = jj - 1u;",
                    "      S tau = TAU(j);",
                    "      if (la_abs1(tau) == R(0)) continue;",
                    "      for (uint c = j + tid; c < q; c += WG) {",
                    "        S w = QM(j, c);",
                    "        for (uint i = j + 1u; i < m; ++i) w += la_mul(la_conj(M(i, j)), QM(i, c));",
                    "        S f = la_mul(tau, w);",
                    "        QM(j, c) -= f;",
                    "        for (uint i = j + 1u; i < m; ++i) QM(i, c) -= la_mul(M(i, j), f);",
                    "      }",
                    "      LA_BARRIER();",
                    "    }"]
            out += each_element("m", "q", ["b_Q.d[IX_Q(bt, i, c)] = QM(i, c);"], "c")
        return out + end_stack("LA_BARRIER()")


def _params(nmax: int) -> list[str]:
    """GLSL arrays of the per-pair rotation (PC, PS, PW), per-column value (VAL) and rank (RANK) of ``nmax`` columns."""
    pairs = (nmax + 1) // 2
    return [f"shared S pc_s[{pairs}];", f"shared S ps_s[{pairs}];", f"shared S pw_s[{pairs}];",
            f"shared S val_s[{nmax}];", f"shared S rank_s[{nmax}];",
            "#define PC(t) pc_s[t]", "#define PS(t) ps_s[t]", "#define PW(t) pw_s[t]", "#define VAL(j) val_s[j]",
            "#define RANK(j) rank_s[j]"]


def _load(rows: str, value: str, adjust: tuple[str, ...] | list[str] = ()) -> list[str]:
    """GLSL: G (``rows`` x n) loaded from ``value`` (S v, changed by the lines ``adjust``), and big, the largest
    modulus of its elements."""
    return ["    R big = R(0);",
            *each_element(rows, "n", [f"S v = {value};", *adjust, "G(i, j) = v;", "big = max(big, la_abs(v));"]),
            "    LA_BARRIER();",
            "    big = wg_max(big);"]


def _ranks(descending: bool, store: str) -> list[str]:
    """GLSL: each column's place (RANK) in the order of the values VAL, ascending or ``descending``, NaN last and equal
    values in column order; ``store`` runs with the column's value v and its place rank."""
    first, second = ("v", "u") if descending else ("u", "v")
    return ["    for (uint j = tid; j < n; j += WG) {",
            "      R v = la_re(VAL(j));",
            "      uint rank = 0u;",
            "      for (uint l = 0u; l < n; ++l) {",
            "        R u = la_re(VAL(l));",
            f"        if (la_before({first}, {second}) || (!la_before({second}, {first}) && l < j)) ++rank;",
            "      }",
            "      RANK(j) = la_s(R(rank));",
            f"      {store}",
            "    }",
            "    LA_BARRIER();"]


# GLSL: V (n x n) set to the identity where ``vectors``, then the sweep loop around one round's rotations
# (pair_rotation: computes the pair t's rotation into c, s, w and returns whether it rotates), then the rows
# (two-sided only) and columns of the matrix and of V.
def _sweeps(two_sided: bool, vectors: bool, rows: str, cols: str, vrows: str) -> list[str]:
    out = each_element("n", "n", ["V(i, j) = la_s(i == j ? R(1) : R(0));"]) if vectors else []
    out += ["    uint n2 = NC + (NC & 1u), npairs = n2 / 2u;",
            "    for (uint sweep = 0u; sweep < p.sweeps; ++sweep) {",
            "      if (tid == 0u) rotated = false;",
            "      LA_BARRIER();",
            "      for (uint rr = 0u; rr + 1u < n2; ++rr) {",
            "        for (uint t = tid; t < npairs; t += WG) {",
            "          uint pp, qq;",
            "          la_pair(rr, t, n2, pp, qq);",
            "          R c = R(1), s = R(0);",
            "          S w = la_s(R(1));",
            "          if (qq < NC && pair_rotation(bt, pp, qq, c, s, w)) rotated = true;",
            "          PC(t) = la_s(c); PS(t) = la_s(s); PW(t) = w;",
            "        }",
            "        LA_BARRIER();"]
    if two_sided:
        out += [f"        for (uint e = tid; e < npairs * {cols}; e += WG) {{",
                f"          uint t = e / {cols}, j = e - t * {cols}, pp, qq;",
                "          la_pair(rr, t, n2, pp, qq);",
                "          R s = la_re(PS(t));",
                "          if (s == R(0)) continue;",
                "          S x = G(pp, j), y = G(qq, j);",
                "          la_rot(x, y, la_re(PC(t)), s, la_conj(PW(t)));",
                "          G(pp, j) = x; G(qq, j) = y;",
                "        }",
                "        LA_BARRIER();"]
    height = f"max({rows}, {vrows})" if vectors else rows
    out += [f"        for (uint e = tid; e < npairs * {height}; e += WG) {{",
            f"          uint t = e / {height}, i = e - t * {height}, pp, qq;",
            "          la_pair(rr, t, n2, pp, qq);",
            "          R s = la_re(PS(t));",
            "          if (s == R(0)) continue;",
            "          R c = la_re(PC(t));",
            "          S w = PW(t);",
            f"          if (i < {rows}) {{",
            "            S x = G(i, pp), y = G(i, qq);",
            "            la_rot(x, y, c, s, w);",
            "            G(i, pp) = x; G(i, qq) = y;",
            "          }"]
    if vectors:
        out.append(f"          if (i < {vrows}) {{ S x = V(i, pp), y = V(i, qq); la_rot(x, y, c, s, w); "
                   "V(i, pp) = x; V(i, qq) = y; }")
    out += ["        }",
            "        LA_BARRIER();"]
    if two_sided:
        out += ["        for (uint t = tid; t < npairs; t += WG) {",
                "          uint pp, qq;",
                "          la_pair(rr, t, n2, pp, qq);",
                "          if (la_re(PS(t)) != R(0)) { G(pp, qq) = la_s(R(0)); G(qq, pp) = la_s(R(0)); }",
                "        }",
                "        LA_BARRIER();"]
    out += ["      }",
            "      bool again = rotated;",
            "      LA_BARRIER();",
            "      if (!again) break;",
            "    }"]
    return out


@dataclass(frozen=True)
class EighSpec(_WorkgroupSpec):
    """Eigenvalues (ascending, to E) and with ``vectors`` eigenvectors (V's columns) of the Hermitian matrix whose
    ``lower`` (else upper) triangle A holds, by cyclic Jacobi of at most ``sweeps`` sweeps. Shared memory holds A
    then V."""

    vectors: bool = True
    lower: bool = True

    BUFFERS = (("A", "S", "readonly"), ("E", "R", "writeonly"), ("Vo", "S", "writeonly"))
    OPERANDS = ("A", "E", "Vo")
    FIELDS = ("batch", "n", "sweeps")

    def body(self) -> list[str]:
        out = self.jacobi_prelude("n * n", "floor_s")
        pick = "i >= j" if self.lower else "i <= j"
        out += ["bool pair_rotation(uint bt, uint pp, uint qq, out R c, out R s, out S w) {",
                "  uint n = p.n;",
                "  return la_rotation(la_re(G(pp, pp)), la_re(G(qq, qq)), G(pp, qq), LA_EPS, floor_s, c, s, w);",
                "}",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x;",
                "  uint n = p.n;",
                "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
                *_load("n", f"{pick} ? b_A.d[IX_A(bt, i, j)] : la_conj(b_A.d[IX_A(bt, j, i)])",
                       ["if (i == j) v = la_s(la_re(v));"]),
                # a matrix whose entries all lie below LA_TINY / LA_EPS (subnormal ones) is scaled by a power of two
                # into [1/2, 1) first and its eigenvalues back (LAPACK's syev scales too): its rotations' threshold
                # had treated every entry as zero
                "    int ex = 0;",
                "    if (big > R(0) && big < LA_TINY / LA_EPS) {",
                "      frexp(big, ex);",
                "      big = ldexp(big, -ex);",
                "    }",
                *each_element("n", "n", ["G(i, j) = la_ldexp(G(i, j), -ex);"]),
                "    LA_BARRIER();",
                "    R ss = R(0);",
                "    if (big > R(0))",
                "      for (uint e = tid; e < n * n; e += WG) ss += la_abs2(la_scale(G(e / n, e % n), R(1) / big));",
                "    ss = wg_sum(ss);",
                "    if (tid == 0u) floor_s = max(big * sqrt(ss) * LA_EPS * LA_EPS, LA_TINY);"]
        out += _sweeps(True, self.vectors, "n", "n", "n")
        out += ["    for (uint j = tid; j < n; j += WG) VAL(j) = la_s(la_re(G(j, j)));",
                "    LA_BARRIER();"]
        out += _ranks(False, "b_E.d[IX_E(bt, 0u, rank)] = ldexp(v, ex);")
        if self.vectors:
            out += each_element("n", "n", ["b_Vo.d[IX_Vo(bt, i, uint(la_re(RANK(j))))] = V(i, j);"])
        return out + end_stack("LA_BARRIER()")


@dataclass(frozen=True)
class SVDSpec(_WorkgroupSpec):
    """Singular values (descending, to Sv) and with ``vectors`` the factors G V = U S of the one-sided Jacobi method
    on G (m x n, m >= n): A's operand as given (a transposed view for wide matrices), conjugated where ``conj``.
    Ug (m x n) gets the columns G_j / s_j (zero where s_j = 0, as where a column's norm is too small to orthogonalise
    it: :func:`~.factorization.small_norm`), V (n x n) the rotations' product, both in the singular values' order.
    Shared memory holds G then V."""

    vectors: bool = True
    conj: bool = False

    BUFFERS = (("A", "S", "readonly"), ("Sv", "R", "writeonly"), ("Ug", "S", "writeonly"), ("Vo", "S", "writeonly"))
    OPERANDS = ("A", "Sv", "Ug", "Vo")
    FIELDS = ("batch", "m", "n", "sweeps")

    def body(self) -> list[str]:
        out = self.jacobi_prelude("m * n", "tol_s")
        load = "la_conj(b_A.d[IX_A(bt, i, j)])" if self.conj else "b_A.d[IX_A(bt, i, j)]"
        out += ["bool pair_rotation(uint bt, uint pp, uint qq, out R c, out R s, out S w) {",
                "  uint m = p.m, n = p.n;",
                "  R a = R(0), d = R(0);",
                "  S g = la_s(R(0));",
                "  for (uint i = 0u; i < m; ++i) {",
                "    S x = G(i, pp), y = G(i, qq);",
                "    a += la_abs2(x); d += la_abs2(y); g += la_mul(la_conj(x), y);",
                "  }",
                "  return la_rotation(a, d, g, tol_s, LA_TINY, c, s, w);",
                "}",
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x;",
                "  uint m = p.m, n = p.n;",
                "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
                *_load("m", load),
                "    int ex = 0;",
                "    if (big > R(0) && !isinf(big)) frexp(big, ex);",
                *each_element("m", "n", ["G(i, j) = la_ldexp(G(i, j), -ex);"]),
                "    LA_BARRIER();",
                "    if (tid == 0u) tol_s = sqrt(R(m)) * LA_EPS;"]
        out += _sweeps(False, self.vectors, "m", "n", "n")
        out += ["    for (uint j = tid; j < n; j += WG) {",
                "      R ss = R(0);",
                "      for (uint i = 0u; i < m; ++i) ss += la_abs2(G(i, j));",
                "      VAL(j) = la_s(sqrt(ss) < LA_SMALL ? R(0) : sqrt(ss));",
                "    }",
                "    LA_BARRIER();"]
        out += _ranks(True, "b_Sv.d[IX_Sv(bt, 0u, rank)] = ldexp(v, ex);")
        if self.vectors:
            out += each_element("m", "n", [
                "R v = la_re(VAL(j));",
                "uint at = uint(la_re(RANK(j)));",
                "b_Ug.d[IX_Ug(bt, i, at)] = v > R(0) ? la_scale(G(i, j), R(1) / v) : la_s(R(0));",
                "if (i < n) b_Vo.d[IX_Vo(bt, i, at)] = V(i, j);"])
        return out + end_stack("LA_BARRIER()")
