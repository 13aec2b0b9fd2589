"""Eigenvalues of symmetric tridiagonal matrices by bisection on Sturm counts (LAPACK's ``stebz``): an invocation
per eigenvalue, so a whole spectrum is one dispatch.

The count of eigenvalues below x is the number of negative pivots of T - x I's LDL^T factorization,
q_i = d_i - x - e_{i-1}^2 / q_{i-1}, a pivot of magnitude at most ``pivmin`` (the smallest normal number times
max(1, max e_i^2)) taken as -pivmin. Each invocation starts from the Gershgorin interval, widened as LAPACK widens
it, and halves it while the k-th eigenvalue stays inside: count(lo) <= k < count(hi). It stops at a width of
max(atol, 2 ulp max(|lo|, |hi|), pivmin), atol being the given tolerance or, where none is given, an ulp of the
Gershgorin bound of the norm: every eigenvalue to about an ulp of the matrix's norm, as LAPACK's default."""

from __future__ import annotations

from dataclasses import dataclass

from .factorization import LASpec


@dataclass(frozen=True)
class BisectSpec(LASpec):
    """Eigenvalues ``first`` .. ``first + count - 1`` (ascending) of each of ``batch`` symmetric tridiagonal
    matrices of order n (n >= 2): diagonals D (batch, 1, n), squared off-diagonals E (batch, 1, n - 1), the
    absolute tolerance A (one element, used where > 0), eigenvalues into W (batch, 1, count)."""

    BUFFERS = (("D", "R", "readonly"), ("E", "R", "readonly"), ("A", "R", "readonly"), ("W", "R", "writeonly"))
    OPERANDS = ("D", "E", "W")
    FIELDS = ("batch", "n", "first", "count")

    def body(self) -> list[str]:
        return ["#define ULP (R(2) * LA_EPS)",
                "uint below(uint bt, uint n, R x, R pivmin) {",
                "  R q = b_D.d[IX_D(bt, 0u, 0u)] - x;",
                "  if (abs(q) <= pivmin) q = -pivmin;",
                "  uint c = q < R(0) ? 1u : 0u;",
                "  for (uint i = 1u; i < n; ++i) {",
                "    q = b_D.d[IX_D(bt, 0u, i)] - x - b_E.d[IX_E(bt, 0u, i - 1u)] / q;",
                "    if (abs(q) <= pivmin) q = -pivmin;",
                "    if (q < R(0)) ++c;",
                "  }",
                "  return c;",
                "}",
                "void main() {",
                "  uint n = p.n, total = p.batch * p.count;",
                "  R tol = b_A.d[0];",
                "  for (uint g = gl_GlobalInvocationID.x; g < total; g += gl_NumWorkGroups.x * WG) {",
                "    uint bt = g / p.count, k = p.first + g % p.count;",
                "    R lo = R(0), hi = R(0), emax = R(0), left = R(0);",
                "    for (uint i = 0u; i < n; ++i) {",
                "      R e2 = i + 1u < n ? b_E.d[IX_E(bt, 0u, i)] : R(0);",
                "      R right = sqrt(e2), d = b_D.d[IX_D(bt, 0u, i)];",
                "      lo = i == 0u ? d - right : min(lo, d - left - right);",
                "      hi = i == 0u ? d + right : max(hi, d + left + right);",
                "      emax = max(emax, e2);",
                "      left = right;",
                "    }",
                "    R norm = max(abs(lo), abs(hi));",
                "    R pivmin = LA_TINY * max(R(1), emax);",
                "    R atol = tol > R(0) ? tol : ULP * norm;",
                "    R widen = R(2.1) * ULP * norm * R(n) + R(4.2) * pivmin;",
                "    lo -= widen;",
                "    hi += widen;",
                "    for (uint it = 0u; it < 4096u; ++it) {",
                "      if (hi - lo <= max(atol, max(pivmin, R(2) * ULP * max(abs(lo), abs(hi))))) break;",
                "      R mid = lo + R(0.5) * (hi - lo);",
                "      if (!(mid > lo && mid < hi)) break;",
                "      if (below(bt, n, mid, pivmin) > k) hi = mid; else lo = mid;",
                "    }",
                "    b_W.d[IX_W(bt, 0u, g % p.count)] = lo + R(0.5) * (hi - lo);",
                "  }",
                "}"]


@dataclass(frozen=True)
class InverseIterSpec(LASpec):
    """Eigenvectors of each of ``batch`` symmetric tridiagonal matrices of order n (n >= 2), one invocation per
    eigenvalue (LAPACK's ``stein`` without its reorthogonalization: the caller orthonormalizes): diagonals D
    (batch, 1, n), off-diagonals E (batch, 1, n - 1), eigenvalues W (batch, 1, count); vectors into X's columns
    (batch, n, count, unit 2-norm), U (batch, 3 n, count) the LU factors' scratch.

    From X as it is or (``seeded``) from a pseudo-random start (different for every column, so that a repeated
    eigenvalue's vectors span its eigenspace), ``iterations`` solves of (T - w I) y = x by Gaussian elimination
    with partial pivoting (LAPACK's ``gttrf``, the right-hand side eliminated with the factorization), a pivot
    under eps ||T|| (Gershgorin) taken as that; x = y / max |y_i| between them."""

    BUFFERS = (("D", "R", "readonly"), ("E", "R", "readonly"), ("W", "R", "readonly"), ("X", "R", ""),
               ("U", "R", ""))
    OPERANDS = ("D", "E", "W", "X", "U")
    FIELDS = ("batch", "n", "count", "iterations", "seeded")

    def body(self) -> list[str]:
        return ["R pivot(R a, R tiny) { return abs(a) >= tiny ? a : (a < R(0) ? -tiny : tiny); }",
                "#define TD(i) b_D.d[IX_D(bt, 0u, i)]",
                "#define TE(i) b_E.d[IX_E(bt, 0u, i)]",
                "#define XV(i) b_X.d[IX_X(bt, i, k)]",
                "#define UV(i, c) b_U.d[IX_U(bt, 3u * (i) + (c), k)]",
                "void main() {",
                "  uint n = p.n, total = p.batch * p.count;",
                "  for (uint g = gl_GlobalInvocationID.x; g < total; g += gl_NumWorkGroups.x * WG) {",
                "    uint bt = g / p.count, k = g % p.count;",
                "    R w = b_W.d[IX_W(bt, 0u, k)], norm = R(0), left = R(0);",
                "    for (uint i = 0u; i < n; ++i) {",
                "      R right = i + 1u < n ? abs(TE(i)) : R(0);",
                "      norm = max(norm, abs(TD(i)) + left + right);",
                "      left = right;",
                "    }",
                "    R tiny = max(LA_EPS * norm, LA_TINY);",
                "    if (p.seeded != 0u) for (uint i = 0u; i < n; ++i) {",  # start: a hash of (row, column) in [-1, 1)
                "      uint h = i * 747796405u + (k + 1u) * 2891336453u + bt * 1181783497u;",
                "      h = ((h >> ((h >> 28u) + 4u)) ^ h) * 277803737u;",
                "      h = (h >> 22u) ^ h;",
                "      XV(i) = R(h) * R(4.656612873077393e-10) - R(1);",
                "    }",
                "    R scale = R(1);",
                "    for (uint it = 0u; it < p.iterations; ++it) {",
                # row i of the eliminated matrix: diagonal a, super b, rhs r (rows below i as they were)
                "      R a = TD(0u) - w, b = n > 1u ? TE(0u) : R(0), r = XV(0u) * scale;",
                "      for (uint i = 0u; i + 1u < n; ++i) {",
                "        R s = TE(i), dd = TD(i + 1u) - w, ss = i + 2u < n ? TE(i + 1u) : R(0);",
                "        R r1 = XV(i + 1u) * scale;",
                "        if (abs(a) >= abs(s)) {",
                "          a = pivot(a, tiny);",
                "          R l = s / a;",
                "          UV(i, 0u) = a; UV(i, 1u) = b; UV(i, 2u) = R(0); XV(i) = r;",
                "          a = dd - l * b; b = ss; r = r1 - l * r;",
                "        } else {",
                "          R l = a / s;",
                "          UV(i, 0u) = s; UV(i, 1u) = dd; UV(i, 2u) = ss; XV(i) = r1;",
                "          a = b - l * dd; b = -l * ss; r = r - l * r1;",
                "        }",
                "      }",
                "      a = pivot(a, tiny);",
                "      R y1 = r / a, y2 = R(0), big = abs(y1);",
                "      XV(n - 1u) = y1;",
                "      for (uint i = n - 1u; i-- > 0u;) {",
                "        R y = (XV(i) - UV(i, 1u) * y1 - UV(i, 2u) * y2) / UV(i, 0u);",
                "        XV(i) = y; y2 = y1; y1 = y;",
                "        big = max(big, abs(y));",
                "      }",
                "      scale = big > R(0) ? R(1) / big : R(1);",
                "    }",
                "    R ss = R(0);",
                "    for (uint i = 0u; i < n; ++i) { R x = XV(i) * scale; ss += x * x; }",
                "    R f = scale / sqrt(ss);",
                "    for (uint i = 0u; i < n; ++i) XV(i) = XV(i) * f;",
                "  }",
                "}"]
