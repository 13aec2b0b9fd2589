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
