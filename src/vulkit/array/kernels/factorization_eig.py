"""Kernels of ``vt.linalg.eig`` and ``eigvals`` (general square matrices; see :mod:`.factorization` for the operand
conventions).

- :class:`SchurSpec`: one workgroup per matrix balances it (LAPACK's ``gebal``, scaling by powers of two without
  the permutations), reduces it to Hessenberg form (Householder reflectors as LAPACK's ``gehd2``/``larfg``) and then
  to Schur form by the shifted QR algorithm of LAPACK's ``lahqr``: Francis' double-shift steps in real arithmetic
  for real matrices (``dlahqr``: 2x2 blocks of complex conjugate pairs standardised by ``dlanv2``), single-shift
  (Wilkinson) steps for complex ones (``zlahqr``); deflation by the Ahues-Tisseur test, exceptional shifts every 10
  iterations, at most 30 max(10, n) iterations an eigenvalue. The matrix is held in shared memory where it fits
  (``cap`` scalars), else worked on in device memory (coherent), the Schur vectors Z always in device memory (each
  invocation owns rows of Z, stored transposed: no invocation reads another's). The work is cut into units (a row
  of the balancing, a Hessenberg column, the start of a QR iteration, one step of a bulge chase) and a dispatch
  stops before the unit that could take it past ``budget`` loop iterations, saving where it is in a state buffer:
  Mesa's lavapipe stops an invocation's loops after 65535 iterations in all. The host dispatches again while the
  flag word says a matrix is unfinished.
- :class:`ComplexSchurSpec`: a real Schur form made complex triangular (each standardised 2x2 block [[a, b], [c, a]]
  turned by a unitary G whose first column is its eigenvector for a + i sqrt(|bc|)), T_c = G^H T G and Z G, one
  invocation per element.
- :class:`EigvecSpec`: eigenvectors of a complex upper triangular T by back substitution (LAPACK's ``ztrevc``:
  diagonal differences below ``smin`` raised to it, columns rescaled before they would overflow), one invocation
  per eigenvector, rows ``r0`` to ``r1`` per dispatch; the last dispatch scales each column to max |re| + |im| = 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .factorization import LASpec, reduce_glsl

# state words per matrix: stage (0 balancing, 1 Hessenberg, 2 QR, 3 done, 4 failed), the balancing row or the
# Hessenberg column, i, l, kdefl (balancing: whether the sweep scaled), its (balancing: sweeps), bulge step k (-1:
# none), m
STATE = 8
BALANCE_SWEEPS = 100  # at most (gebal's converge in a few)


def _literal(value: float, double: bool) -> str:
    return f"R({value!r}{'lf' if double else ''})"


def eig_constants(double: bool) -> list[str]:
    """GLSL defines of LAPACK's machine constants for the real type (``dlamch``: P = 2 eps, S = tiny)."""
    digits, emin = (53, -1022) if double else (24, -126)
    ulp = 2.0 ** (1 - digits)
    safmin = 2.0 ** emin
    # dlanv2's safmn2 = base ** int(log(safmin / eps) / log(base) / 2), eps = dlamch('P')
    safmn2 = 2.0 ** int((emin - (1 - digits)) / 2)
    sfmin1 = safmin / ulp  # gebal's limits of the scaling factors
    return [f"#define BAL_SFMIN1 {_literal(sfmin1, double)}",
            f"#define BAL_SFMAX1 {_literal(1 / sfmin1, double)}",
            f"#define BAL_SFMIN2 {_literal(2 * sfmin1, double)}",
            f"#define BAL_SFMAX2 {_literal(1 / (2 * sfmin1), double)}",
            f"#define EIG_ULP {_literal(ulp, double)}",
            f"#define EIG_SAFMIN {_literal(safmin, double)}",
            f"#define EIG_RFGMIN {_literal(safmin / 2.0 ** -digits, double)}",  # larfg's dlamch('S') / dlamch('E')
            f"#define EIG_SAFMN2 {_literal(safmn2, double)}",
            f"#define EIG_SAFMX2 {_literal(1 / safmn2, double)}"]


# GLSL shared by the Schur kernels: the storage of H (shared memory or the work buffer W), Z^T in device memory,
# the state words, the loop-iteration count ``spent`` (every loop adds its iterations + 1, as lavapipe's limiter
# counts them; a loop over a range spread over the workgroup adds its per-invocation count), real helpers.
_PRELUDE = """
uint bt;
int n, ld, tid;
uint spent;
#define WGI int(WG)
#define CD(x) ((uint(max(int(x), 0)) + WG - 1u) / WG)
#define PCOST(x) spent += CD(x) + 1u
#define RCOST 12u
// lavapipe's limiter counts up to about 10 more iterations a QR unit than the unit's loops take (measured by
// running units until it cuts them; where they come from is not known), so each unit adds this much more: with it,
// ``spent`` was above 65535 at every cut measured (orders 40 to 200, every dtype, 8 to 128 invocations)
#define UNIT_EXTRA 12u
#ifdef EIG_SHARED
shared S eig_h[CAP];
#define H(i, j) eig_h[(i) * ld + (j)]
#else
#define H(i, j) b_W.d[IX_W(bt, i, j)]
#endif
#define ZT(k, r) b_Z.d[IX_Z(bt, k, r)]
#define ST(w) b_St.d[bt * 8u + (w)]
#define SYNC() { memoryBarrierShared(); memoryBarrierBuffer(); barrier(); }
R sgn(R a, R b) { return b >= R(0) ? abs(a) : -abs(a); }
R lapy2(R x, R y) {
  R w = max(abs(x), abs(y)), z = min(abs(x), abs(y));
  return (z == R(0) || isinf(w)) ? w : w * sqrt(R(1) + (z / w) * (z / w));
}
R lapy3(R x, R y, R z) {
  R w = max(max(abs(x), abs(y)), abs(z));
  if (w == R(0) || isinf(w)) return w;
  return w * sqrt((x / w) * (x / w) + (y / w) * (y / w) + (z / w) * (z / w));
}
// lahqr's search for a negligible subdiagonal element H(k, k-1), l < k <= i (Ahues and Tisseur's conservative
// test); it is set to zero and k returned (l where there is none). |re| + |im| as LAPACK's complex version.
int split(int i, int l) {
  R smlnum = EIG_SAFMIN * (R(n) / EIG_ULP);
  int k;
  for (k = i; k > l; --k) {
    R sub = la_abs1(H(k, k - 1));
    if (sub <= smlnum) break;
    R tst = la_abs1(H(k - 1, k - 1)) + la_abs1(H(k, k));
    if (tst == R(0)) {
      if (k - 2 >= 0) tst += abs(la_re(H(k - 1, k - 2)));
      if (k + 1 <= n - 1) tst += abs(la_re(H(k + 1, k)));
    }
    if (abs(la_re(H(k, k - 1))) <= EIG_ULP * tst) {
      R up = la_abs1(H(k - 1, k));
      R ab = max(sub, up), ba = min(sub, up);
      R dd = la_abs1(H(k - 1, k - 1) - H(k, k)), hk = la_abs1(H(k, k));
      R aa = max(hk, dd), bb = min(hk, dd);
      R s = aa + ab;
      if (ba * (ab / s) <= max(smlnum, EIG_ULP * (bb * (aa / s)))) break;
    }
  }
  spent += uint(i - l) + 1u;
  SYNC();
  if (k > 0) {
    if (tid == 0) H(k, k - 1) = la_s(R(0));
    SYNC();
  }
  return k;
}
void put_value(int i, R re, R im) {
  b_E.d[IX_E(bt, 0, 2 * i)] = re;
  b_E.d[IX_E(bt, 0, 2 * i + 1)] = im;
}
"""

# GLSL: one step of LAPACK's balancing (gebal, the scaling part: no permutations): row and column i scaled by
# the power of two f (f and 1/f) that brings their 2-norms c and r closest together, unless that reduces c + r
# by less than 5 %; D holds the product of the factors. Returns whether it scaled.
_BALANCE = f"""
#define BAL_SWEEPS {BALANCE_SWEEPS}
bool balance_step(int i) {{
  R di = b_D.d[IX_D(bt, 0, i)];
  R ca = R(0), ra = R(0);
  PCOST(n);
  for (int e = tid; e < n; e += WGI) {{ ca = max(ca, la_abs(H(e, i))); ra = max(ra, la_abs(H(i, e))); }}
  ca = wg_max(ca);
  ra = wg_max(ra);
  R cs = R(0), rs = R(0);
  PCOST(n);
  for (int e = tid; e < n; e += WGI) {{
    if (ca > R(0)) cs += la_abs2(la_scale(H(e, i), R(1) / ca));
    if (ra > R(0)) rs += la_abs2(la_scale(H(i, e), R(1) / ra));
  }}
  cs = wg_sum(cs);
  rs = wg_sum(rs);
  spent += 4u * RCOST;
  R c = ca * sqrt(cs), r = ra * sqrt(rs);
  if (c == R(0) || r == R(0)) return false;
  R g = r / R(2), f = R(1), s = c + r;
  uint loops = 0u;
  while (c < g && max(max(f, c), ca) < BAL_SFMAX2 && min(min(r, g), ra) > BAL_SFMIN2) {{
    f *= R(2); c *= R(2); ca *= R(2); r /= R(2); g /= R(2); ra /= R(2); ++loops;
  }}
  g = c / R(2);
  while (g >= r && max(r, ra) < BAL_SFMAX2 && min(min(f, c), min(g, ca)) > BAL_SFMIN2) {{
    f /= R(2); c /= R(2); g /= R(2); ca /= R(2); r *= R(2); ra *= R(2); ++loops;
  }}
  spent += loops + 2u;
  if (c + r >= R(0.95) * s) return false;
  if (f < R(1) && di < R(1) && f * di <= BAL_SFMIN1) return false;
  if (f > R(1) && di > R(1) && di >= BAL_SFMAX1 / f) return false;
  if (tid == 0) b_D.d[IX_D(bt, 0, i)] = di * f;
  R gi = R(1) / f;
  PCOST(n);
  for (int e = tid; e < n; e += WGI) {{
    if (e != i) {{ H(i, e) = la_scale(H(i, e), gi); H(e, i) = la_scale(H(e, i), f); }}
  }}
  SYNC();
  return true;
}}
"""

# GLSL: one Householder step of the Hessenberg reduction (gehd2): the reflector P = I - tau v v^H of column j's
# rows j+1.. (larfg: beta = -sign(Re alpha) |(alpha, x)|, real), H := P^H H P, Z := Z P; v is kept in column j
# below the subdiagonal while it is applied, then cleared.
_HESS = """
void hess_step(int j) {
  R big = R(0);
  PCOST(n - j - 2);
  for (int i = j + 2 + tid; i < n; i += WGI) big = max(big, la_abs(H(i, j)));
  big = wg_max(big);
  R ss = R(0);
  PCOST(n - j - 2);
  if (big > R(0)) for (int i = j + 2 + tid; i < n; i += WGI) ss += la_abs2(la_scale(H(i, j), R(1) / big));
  ss = wg_sum(ss);
  spent += 2u * RCOST;
  S alpha = H(j + 1, j);
  R ar = la_re(alpha), ai = la_im(alpha), xnorm = big * sqrt(ss);
  if (xnorm == R(0) && ai == R(0)) return;
  R beta = -sgn(lapy3(ar, ai, xnorm), ar);
  S tau = la_make((beta - ar) / beta, -ai / beta);
  S sc = la_div(la_s(R(1)), alpha - la_s(beta));
  SYNC();
  PCOST(n - j - 2);
  for (int i = j + 2 + tid; i < n; i += WGI) H(i, j) = la_mul(H(i, j), sc);
  SYNC();
  // from the right: rows r of H (and of Z, which each invocation owns) minus tau (row . v) v^H
  spent += CD(n) * uint(2 * (n - j) + 2) + 1u;
  for (int r = tid; r < n; r += WGI) {
    S w = H(r, j + 1);
    for (int c = j + 2; c < n; ++c) w += la_mul(H(r, c), H(c, j));
    S f = la_mul(tau, w);
    H(r, j + 1) -= f;
    for (int c = j + 2; c < n; ++c) H(r, c) -= la_mul(f, la_conj(H(c, j)));
  }
#ifdef EIG_VECTORS
  spent += CD(n) * uint(2 * (n - j) + 2) + 1u;
  for (int r = tid; r < n; r += WGI) {
    S w = ZT(j + 1, r);
    for (int c = j + 2; c < n; ++c) w += la_mul(ZT(c, r), H(c, j));
    S f = la_mul(tau, w);
    ZT(j + 1, r) -= f;
    for (int c = j + 2; c < n; ++c) ZT(c, r) -= la_mul(f, la_conj(H(c, j)));
  }
#endif
  SYNC();
  // from the left: columns c > j of rows j+1.. minus v conj(tau) (v^H column)
  spent += CD(n - j - 1) * uint(2 * (n - j) + 2) + 1u;
  for (int c = j + 1 + tid; c < n; c += WGI) {
    S w = H(j + 1, c);
    for (int i = j + 2; i < n; ++i) w += la_mul(la_conj(H(i, j)), H(i, c));
    S f = la_mul(la_conj(tau), w);
    H(j + 1, c) -= f;
    for (int i = j + 2; i < n; ++i) H(i, c) -= la_mul(H(i, j), f);
  }
  SYNC();
  PCOST(n - j - 2);
  for (int i = j + 2 + tid; i < n; i += WGI) H(i, j) = la_s(R(0));
  if (tid == 0) H(j + 1, j) = la_s(beta);
  SYNC();
}
"""

# GLSL: dlahqr's iteration for real matrices (wantt and wantz with EIG_VECTORS); qi, ql: the active block's last
# and first rows; qk: the next step of the bulge chase (-1: none), qm its first row.
_REAL_QR = """
int qi, ql, qk, qm, kdefl, its;
bool failed;
void lanv2(inout R a, inout R b, inout R c, inout R d, out R rt1r, out R rt1i, out R rt2r, out R rt2i,
           out R cs, out R sn) {
  cs = R(1); sn = R(0);
  if (c == R(0)) {
  } else if (b == R(0)) {
    cs = R(0); sn = R(1);
    R t = d; d = a; a = t; b = -c; c = R(0);
  } else if ((a - d) == R(0) && sgn(R(1), b) != sgn(R(1), c)) {
  } else {
    R temp = a - d;
    R pp = R(0.5) * temp;
    R bcmax = max(abs(b), abs(c));
    R bcmis = min(abs(b), abs(c)) * sgn(R(1), b) * sgn(R(1), c);
    R scale = max(abs(pp), bcmax);
    R z = (pp / scale) * pp + (bcmax / scale) * bcmis;
    if (z >= R(4) * EIG_ULP) {  // real eigenvalues
      z = pp + sgn(sqrt(scale) * sqrt(z), pp);
      a = d + z;
      d = d - (bcmax / z) * bcmis;
      R tau = lapy2(c, z);
      cs = z / tau;
      sn = c / tau;
      b = b - c;
      c = R(0);
    } else {  // complex or almost equal real eigenvalues: make the diagonal elements equal
      R sigma = b + c;
      for (int count = 0; count < 20; ++count) {
        R sc = max(abs(temp), abs(sigma));
        if (sc >= EIG_SAFMX2) { sigma *= EIG_SAFMN2; temp *= EIG_SAFMN2; continue; }
        if (sc <= EIG_SAFMN2) { sigma *= EIG_SAFMX2; temp *= EIG_SAFMX2; continue; }
        break;
      }
      pp = R(0.5) * temp;
      R tau = lapy2(sigma, temp);
      cs = sqrt(R(0.5) * (R(1) + abs(sigma) / tau));
      sn = -(pp / (tau * cs)) * sgn(R(1), sigma);
      R aa = a * cs + b * sn, bb = -a * sn + b * cs, cc = c * cs + d * sn, dd = -c * sn + d * cs;
      a = aa * cs + cc * sn;
      b = bb * cs + dd * sn;
      c = -aa * sn + cc * cs;
      d = -bb * sn + dd * cs;
      temp = R(0.5) * (a + d);
      a = temp;
      d = temp;
      if (c != R(0)) {
        if (b != R(0)) {
          if (sgn(R(1), b) == sgn(R(1), c)) {  // real eigenvalues: reduce to upper triangular form
            R sab = sqrt(abs(b)), sac = sqrt(abs(c));
            pp = sgn(sab * sac, c);
            tau = R(1) / sqrt(abs(b + c));
            a = temp + pp;
            d = temp - pp;
            b = b - c;
            c = R(0);
            R cs1 = sab * tau, sn1 = sac * tau;
            temp = cs * cs1 - sn * sn1;
            sn = cs * sn1 + sn * cs1;
            cs = temp;
          }
        } else {
          b = -c; c = R(0); temp = cs; cs = -sn; sn = temp;
        }
      }
    }
  }
  rt1r = a;
  rt2r = d;
  if (c == R(0)) { rt1i = R(0); rt2i = R(0); }
  else { rt1i = sqrt(abs(b)) * sqrt(abs(c)); rt2i = -rt1i; }
  spent += 22u;
}

// one 1x1 or 2x2 block has split off at rows l..i
void deflate(int l, int i) {
  if (l == i) {
    if (tid == 0) put_value(i, H(i, i), R(0));
  } else {
    R a = H(i - 1, i - 1), b = H(i - 1, i), c = H(i, i - 1), d = H(i, i);
    R rt1r, rt1i, rt2r, rt2i, cs, sn;
    lanv2(a, b, c, d, rt1r, rt1i, rt2r, rt2i, cs, sn);
    SYNC();
    if (tid == 0) {
      H(i - 1, i - 1) = a; H(i - 1, i) = b; H(i, i - 1) = c; H(i, i) = d;
      put_value(i - 1, rt1r, rt1i);
      put_value(i, rt2r, rt2i);
    }
#ifdef EIG_VECTORS
    PCOST(n);
    for (int e = tid; e < n; e += WGI) {
      if (e > i) { R x = H(i - 1, e), y = H(i, e); H(i - 1, e) = cs * x + sn * y; H(i, e) = cs * y - sn * x; }
      if (e < i - 1) { R x = H(e, i - 1), y = H(e, i); H(e, i - 1) = cs * x + sn * y; H(e, i) = cs * y - sn * x; }
      R x = ZT(i - 1, e), y = ZT(i, e);
      ZT(i - 1, e) = cs * x + sn * y;
      ZT(i, e) = cs * y - sn * x;
    }
#endif
  }
  SYNC();
  kdefl = 0; its = 0; qi = l - 1; ql = 0; qk = -1;
}

// the start of an iteration: deflation, or the shifts and the first row m of the bulge chase (v: its first column)
bool qr_start(out R v0, out R v1, out R v2) {
  int i = qi, l = ql;
  v0 = R(0); v1 = R(0); v2 = R(0);
  l = split(i, l);
  ql = l;
  if (l >= i - 1) { deflate(l, i); return false; }
  if (++its > ITERATIONS * max(10, n)) { failed = true; return false; }
  ++kdefl;
  R h11, h12, h21, h22, s;
  if (kdefl % 20 == 0) {  // exceptional shifts
    s = abs(H(i, i - 1)) + abs(H(i - 1, i - 2));
    h11 = R(0.75) * s + H(i, i); h12 = R(-0.4375) * s; h21 = s; h22 = h11;
  } else if (kdefl % 10 == 0) {
    s = abs(H(l + 1, l)) + abs(H(l + 2, l + 1));
    h11 = R(0.75) * s + H(l, l); h12 = R(-0.4375) * s; h21 = s; h22 = h11;
  } else {  // Francis' double shift: the eigenvalues of the trailing 2x2 block
    h11 = H(i - 1, i - 1); h21 = H(i, i - 1); h12 = H(i - 1, i); h22 = H(i, i);
  }
  s = abs(h11) + abs(h12) + abs(h21) + abs(h22);
  R rt1r = R(0), rt1i = R(0), rt2r = R(0), rt2i = R(0);
  if (s != R(0)) {
    h11 /= s; h21 /= s; h12 /= s; h22 /= s;
    R tr = (h11 + h22) / R(2);
    R det = (h11 - tr) * (h22 - tr) - h12 * h21;
    R rtdisc = sqrt(abs(det));
    if (det >= R(0)) {
      rt1r = tr * s; rt2r = rt1r; rt1i = rtdisc * s; rt2i = -rt1i;
    } else {  // real shifts: use only the one closer to h22
      rt1r = tr + rtdisc;
      rt2r = tr - rtdisc;
      if (abs(rt1r - h22) <= abs(rt2r - h22)) { rt1r *= s; rt2r = rt1r; }
      else { rt2r *= s; rt1r = rt2r; }
    }
  }
  // two consecutive small subdiagonal elements
  int m;
  for (m = i - 2; m >= l; --m) {
    R h21s = H(m + 1, m);
    s = abs(H(m, m) - rt2r) + abs(rt2i) + abs(h21s);
    h21s = H(m + 1, m) / s;
    v0 = h21s * H(m, m + 1) + (H(m, m) - rt1r) * ((H(m, m) - rt2r) / s) - rt1i * (rt2i / s);
    v1 = h21s * (H(m, m) + H(m + 1, m + 1) - rt1r - rt2r);
    v2 = h21s * H(m + 2, m + 1);
    s = abs(v0) + abs(v1) + abs(v2);
    v0 /= s; v1 /= s; v2 /= s;
    if (m == l) break;
    R h00 = abs(H(m, m - 1)) * (abs(v1) + abs(v2));
    R h01 = abs(v0) * (abs(H(m - 1, m - 1)) + abs(H(m, m)) + abs(H(m + 1, m + 1)));
    if (h00 <= EIG_ULP * h01) break;
  }
  spent += uint(i - l) + 1u;
  qm = m;
  qk = m;
  return true;
}

// step k of the double-shift bulge chase (a reflector of order 3, or 2 at the last step)
void bulge(int k, R v0, R v1, R v2) {
  int i = qi, l = ql, m = qm;
#ifdef EIG_VECTORS
  int i1 = 0, i2 = n - 1;
#else
  int i1 = l, i2 = i;
#endif
  int nr = min(3, i - k + 1);
  R x0 = v0, x1 = v1, x2 = v2;
  if (k > m) { x0 = H(k, k - 1); x1 = H(k + 1, k - 1); x2 = nr == 3 ? H(k + 2, k - 1) : R(0); }
  else if (nr < 3) x2 = R(0);
  R t1 = R(0), beta = x0;
  R xnorm = lapy2(x1, x2);
  if (xnorm != R(0)) {  // larfg
    beta = -sgn(lapy2(x0, xnorm), x0);
    int knt = 0;
    for (; abs(beta) < EIG_RFGMIN && knt < 20; ++knt) {
      x1 /= EIG_RFGMIN; x2 /= EIG_RFGMIN; beta /= EIG_RFGMIN; x0 /= EIG_RFGMIN;
    }
    if (knt > 0) beta = -sgn(lapy3(x0, x1, x2), x0);
    t1 = (beta - x0) / beta;
    R sc = R(1) / (x0 - beta);
    x1 *= sc;
    x2 *= sc;
    for (int e = 0; e < knt; ++e) beta *= EIG_RFGMIN;
    spent += 2u * uint(knt) + 2u;
  }
  R t2 = t1 * x1, t3 = t1 * x2;
  // the reflector applied to three (two where nr = 2) elements of a column or row
#define APPLY3(a, b, c) { R sum = a + x1 * b; if (nr == 3) sum += x2 * c; \
    a -= sum * t1; b -= sum * t2; if (nr == 3) c -= sum * t3; }
  PCOST(i2 - k + 1);
  for (int c = k + tid; c <= i2; c += WGI) APPLY3(H(k, c), H(k + 1, c), H(k + 2, c));
  SYNC();
  if (tid == 0) {
    if (k > m) {
      H(k, k - 1) = beta;
      H(k + 1, k - 1) = R(0);
      if (k < i - 1) H(k + 2, k - 1) = R(0);
    } else if (m > l) {
      H(k, k - 1) *= R(1) - t1;
    }
  }
  int last = min(k + 3, i);
  PCOST(last - i1 + 1);
  for (int r = i1 + tid; r <= last; r += WGI) APPLY3(H(r, k), H(r, k + 1), H(r, k + 2));
#ifdef EIG_VECTORS
  PCOST(n);
  for (int r = tid; r < n; r += WGI) APPLY3(ZT(k, r), ZT(k + 1, r), ZT(k + 2, r));
#endif
  SYNC();
}

void qr_unit() {
  spent += UNIT_EXTRA;
  R v0 = R(0), v1 = R(0), v2 = R(0);
  if (qk < 0) {
    if (!qr_start(v0, v1, v2)) return;
    SYNC();  // the shifts and m were read from rows the first step writes
  }
  bulge(qk, v0, v1, v2);
  if (++qk >= qi) qk = -1;
}
"""

# GLSL: zlahqr's iteration for complex matrices (the subdiagonal is real after the Hessenberg reduction and kept
# real by the scalings after each step).
_COMPLEX_QR = """
int qi, ql, qk, qm, kdefl, its;
bool failed;
S csqrt(S z) {
  R a = la_re(z), b = la_im(z), r = la_abs(z);
  if (r == R(0)) return la_s(R(0));
  R t = sqrt(R(0.5) * (r + abs(a)));
  if (a >= R(0)) return la_make(t, b / (R(2) * t));
  return la_make(abs(b) / (R(2) * t), b >= R(0) ? t : -t);
}

bool qr_start(out S v0, out S v1) {
  int i = qi, l = ql;
  v0 = la_s(R(0)); v1 = la_s(R(0));
  l = split(i, l);
  ql = l;
  if (l >= i) {  // one eigenvalue has converged
    if (tid == 0) put_value(i, la_re(H(i, i)), la_im(H(i, i)));
    SYNC();
    kdefl = 0; its = 0; qi = l - 1; ql = 0; qk = -1;
    return false;
  }
  if (++its > ITERATIONS * max(10, n)) { failed = true; return false; }
  ++kdefl;
  S t;
  if (kdefl % 20 == 0) {  // exceptional shifts
    t = la_s(R(0.75) * abs(la_re(H(i, i - 1)))) + H(i, i);
  } else if (kdefl % 10 == 0) {
    t = la_s(R(0.75) * abs(la_re(H(l + 1, l)))) + H(l, l);
  } else {  // Wilkinson's shift
    t = H(i, i);
    S u = la_mul(csqrt(H(i - 1, i)), csqrt(H(i, i - 1)));
    R s = la_abs1(u);
    if (s != R(0)) {
      S x = la_scale(H(i - 1, i - 1) - t, R(0.5));
      R sx = la_abs1(x);
      s = max(s, sx);
      S xs = la_scale(x, R(1) / s), us = la_scale(u, R(1) / s);
      S y = la_scale(csqrt(la_mul(xs, xs) + la_mul(us, us)), s);
      if (sx > R(0)) {
        S xn = la_scale(x, R(1) / sx);
        if (la_re(xn) * la_re(y) + la_im(xn) * la_im(y) < R(0)) y = -y;
      }
      t = t - la_mul(u, la_div(u, x + y));
    }
  }
  // two consecutive small subdiagonal elements
  int m;
  for (m = i - 1; m > l; --m) {
    S h11 = H(m, m), h22 = H(m + 1, m + 1), h11s = h11 - t;
    R h21 = la_re(H(m + 1, m));
    R s = la_abs1(h11s) + abs(h21);
    h11s = la_scale(h11s, R(1) / s);
    h21 /= s;
    v0 = h11s; v1 = la_s(h21);
    R h10 = la_re(H(m, m - 1));
    if (abs(h10) * abs(h21) <= EIG_ULP * (la_abs1(h11s) * (la_abs1(h11) + la_abs1(h22)))) break;
  }
  spent += uint(i - l) + 1u;
  if (m == l) {
    S h11s = H(l, l) - t;
    R h21 = la_re(H(l + 1, l));
    R s = la_abs1(h11s) + abs(h21);
    v0 = la_scale(h11s, R(1) / s); v1 = la_s(h21 / s);
  }
  qm = m;
  qk = m;
  return true;
}

void bulge(int k, S v0, S v1) {
  int i = qi, l = ql, m = qm;
#ifdef EIG_VECTORS
  int i1 = 0, i2 = n - 1;
#else
  int i1 = l, i2 = i;
#endif
  S x0 = v0, x1 = v1;
  if (k > m) { x0 = H(k, k - 1); x1 = H(k + 1, k - 1); }
  S t1 = la_s(R(0));
  R alphr = la_re(x0), alphi = la_im(x0), xnorm = la_abs(x1);
  if (!(xnorm == R(0) && alphi == R(0))) {  // zlarfg
    R beta = -sgn(lapy3(alphr, alphi, xnorm), alphr);
    int knt = 0;
    for (; abs(beta) < EIG_RFGMIN && knt < 20; ++knt) {
      x1 = la_scale(x1, R(1) / EIG_RFGMIN); beta /= EIG_RFGMIN; alphr /= EIG_RFGMIN; alphi /= EIG_RFGMIN;
    }
    if (knt > 0) beta = -sgn(lapy3(alphr, alphi, la_abs(x1)), alphr);
    t1 = la_make((beta - alphr) / beta, -alphi / beta);
    x1 = la_mul(x1, la_div(la_s(R(1)), la_make(alphr, alphi) - la_s(beta)));
    for (int e = 0; e < knt; ++e) beta *= EIG_RFGMIN;
    x0 = la_s(beta);
    spent += 2u * uint(knt) + 2u;
  }
  S v2 = x1;
  R t2 = la_re(la_mul(t1, v2));
  // the reflector applied to two elements of a row (tau = conj(t1), v = v2) or column (t1, conj(v2))
#define APPLY2(a, b, tau, v) { S sum = la_mul(tau, a) + la_scale(b, t2); a -= sum; b -= la_mul(sum, v); }
  PCOST(i2 - k + 1);
  for (int c = k + tid; c <= i2; c += WGI) APPLY2(H(k, c), H(k + 1, c), la_conj(t1), v2);
  SYNC();
  if (tid == 0 && k > m) { H(k, k - 1) = x0; H(k + 1, k - 1) = la_s(R(0)); }
  int last = min(k + 2, i);
  PCOST(last - i1 + 1);
  for (int r = i1 + tid; r <= last; r += WGI) APPLY2(H(r, k), H(r, k + 1), t1, la_conj(v2));
#ifdef EIG_VECTORS
  PCOST(n);
  for (int r = tid; r < n; r += WGI) APPLY2(ZT(k, r), ZT(k + 1, r), t1, la_conj(v2));
#endif
  SYNC();
  if (k == m && m > l) {  // the step started below l: rows and columns m..i (but m+1) scaled to keep H(m, m-1) real
    S temp = la_s(R(1)) - t1;
    temp = la_scale(temp, R(1) / la_abs(temp));
    if (tid == 0) {
      H(m + 1, m) = la_mul(H(m + 1, m), la_conj(temp));
      if (m + 2 <= i) H(m + 2, m + 1) = la_mul(H(m + 2, m + 1), temp);
    }
    int rows = i - i1 + 1, cols = i2 - m + 1;
    PCOST(rows * cols);
    for (int e = tid; e < rows * cols; e += WGI) {
      int r = i1 + e / cols, c = m + e % cols;
      if (r >= c) continue;
      bool rj = r >= m && r != m + 1, cj = c <= i && c != m + 1;
      if (rj && !cj) H(r, c) = la_mul(H(r, c), temp);
      else if (cj && !rj) H(r, c) = la_mul(H(r, c), la_conj(temp));
    }
#ifdef EIG_VECTORS
    spent += CD(n) * uint(i - m + 2) + 1u;
    for (int r = tid; r < n; r += WGI)
      for (int j = m; j <= i; ++j) if (j != m + 1) ZT(j, r) = la_mul(ZT(j, r), la_conj(temp));
#endif
    SYNC();
  }
  if (k == i - 1) {  // the sweep's end: H(i, i-1) made real
    S temp = H(i, i - 1);
    if (la_im(temp) != R(0)) {
      R rtemp = la_abs(temp);
      temp = la_scale(temp, R(1) / rtemp);
      SYNC();
      if (tid == 0) H(i, i - 1) = la_s(rtemp);
      PCOST(n);
      for (int e = tid; e < n; e += WGI) {
        if (e > i && e <= i2) H(i, e) = la_mul(H(i, e), la_conj(temp));
        if (e >= i1 && e < i) H(e, i) = la_mul(H(e, i), temp);
#ifdef EIG_VECTORS
        ZT(i, e) = la_mul(ZT(i, e), temp);
#endif
      }
      SYNC();
    }
  }
}

void qr_unit() {
  spent += UNIT_EXTRA;
  S v0 = la_s(R(0)), v1 = la_s(R(0));
  if (qk < 0) {
    if (!qr_start(v0, v1)) return;
    SYNC();  // the shift and m were read from rows the first step writes
  }
  bulge(qk, v0, v1);
  if (++qk >= qi) qk = -1;
}
"""

_SCHUR_MAIN = """
void main() {
  tid = int(gl_LocalInvocationID.x);
  n = int(p.n);
  ld = n + 1;
  spent = 0u;
  for (bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {
    spent += 1u;
    int stage = int(ST(0));
    if (stage >= 3) continue;
    if (spent >= p.budget) { if (tid == 0) b_F.d[0] = 1u; break; }
    int j = int(ST(1));
    qi = int(ST(2)); ql = int(ST(3)); kdefl = int(ST(4)); its = int(ST(5)); qk = int(ST(6)); qm = int(ST(7));
    failed = false;
#ifdef EIG_SHARED
    PCOST(n * n);
    for (int e = tid; e < n * n; e += WGI) { int r = e / n, c = e - r * n; H(r, c) = b_W.d[IX_W(bt, r, c)]; }
#endif
    SYNC();
    if (stage == 0) {  // balancing, a row and column a unit, sweeps while one scales
      for (;;) {
        spent += 1u;
        if (j >= n) {
          if (kdefl == 0 || its + 1 >= BAL_SWEEPS) { stage = 1; j = 0; kdefl = 0; its = 0; break; }
          j = 0; kdefl = 0; ++its;
        }
        if (spent >= p.budget) break;
        if (balance_step(j)) kdefl = 1;
        ++j;
      }
    }
    if (stage == 1) {  // Hessenberg reduction, a column a unit
      for (;; ++j) {
        spent += 1u;
        if (j >= n - 1) { stage = 2; qi = n - 1; ql = 0; kdefl = 0; its = 0; qk = -1; qm = 0; break; }
        if (spent >= p.budget) break;
        hess_step(j);
      }
    }
    if (stage == 2) {  // QR iteration
      for (;;) {
        spent += 1u;
        if (failed) { stage = 4; break; }
        if (qi < 0) { stage = 3; break; }
        if (spent >= p.budget) break;
        qr_unit();
      }
    }
#ifdef EIG_SHARED
    PCOST(n * n);
    for (int e = tid; e < n * n; e += WGI) { int r = e / n, c = e - r * n; b_W.d[IX_W(bt, r, c)] = H(r, c); }
#endif
    if (tid == 0) {
      ST(0) = uint(stage); ST(1) = uint(j); ST(2) = uint(qi); ST(3) = uint(ql); ST(4) = uint(kdefl);
      ST(5) = uint(its); ST(6) = uint(qk); ST(7) = uint(qm);
      if (stage < 3) b_F.d[0] = 1u;
      if (stage == 4) b_F.d[1] = 1u;
    }
    SYNC();
  }
}
"""


@dataclass(frozen=True)
class SchurSpec(LASpec):
    """Balancing, Hessenberg reduction and QR iteration of the matrices in W (n x n, worked on in place: afterwards
    their (quasi-)triangular Schur form T where ``vectors``, else only the eigenvalues are meaningful), the
    balancing's scale factors into D (ones at first: A = D W_0 D^-1), the Schur vectors accumulated into Z^T (with
    ``vectors``; Z starts as the identity), the eigenvalues written to E as (re, im) pairs. St: the state words
    (zeros at first); F: [unfinished, failed]. ``cap``: shared-memory scalars for H (0: H stays in W); ``wg``:
    invocations."""

    wg: int = 64
    cap: int = 0
    vectors: bool = True
    iterations: int = 30  # at most this many times max(10, n) QR iterations an eigenvalue (lahqr's 30)

    OPERANDS = ("W", "Z", "E", "D")
    FIELDS = ("batch", "n", "budget")

    @property
    def BUFFERS(self) -> tuple[tuple[str, str, str], ...]:  # type: ignore[override]  # noqa: N802
        return (("W", "S", "" if self.cap else "coherent"), ("Z", "S", ""), ("E", "R", ""), ("D", "R", ""),
                ("St", "U", ""), ("F", "U", ""))

    @property
    def local_size(self) -> int:
        return self.wg

    def body(self) -> list[str]:
        out = eig_constants(self.dtype.component.itemsize == 8) + [f"#define ITERATIONS {self.iterations}"]
        if self.cap:
            out += ["#define EIG_SHARED", f"#define CAP {self.cap}"]
        if self.vectors:
            out.append("#define EIG_VECTORS")
        qr = _COMPLEX_QR if self.dtype.kind == "c" else _REAL_QR
        out += [reduce_glsl(), _PRELUDE, _BALANCE, _HESS, qr, _SCHUR_MAIN]
        return out


@dataclass(frozen=True)
class ComplexSchurSpec(LASpec):
    """The complex Schur form of a real one (``dtype``: the complex dtype): Tc = G^H T G and Zc = Z G from T and
    Z^T (real, operands T and Z, read as the component type), G block diagonal with a unitary 2x2 block for each
    standardised block [[a, b], [c, a]] (c != 0) of T: first column (sign(b) sqrt(|b|), i sqrt(|c|)) /
    sqrt(|b| + |c|), an eigenvector of a + i sqrt(|bc|), which Tc gets on its diagonal (a - i sqrt(|bc|) next)."""

    BUFFERS = (("T", "R", "readonly"), ("Z", "R", "readonly"), ("Tc", "S", "writeonly"), ("Zc", "S", "writeonly"))
    OPERANDS = ("T", "Z", "Tc", "Zc")
    FIELDS = ("batch", "n")

    def body(self) -> list[str]:
        return ["uint bt;",
                "int n;",
                "#define TR(i, j) b_T.d[IX_T(bt, i, j)]",
                "// the block of index r: its partner (r itself for a 1x1 block) and G's entries (diagonal, off)",
                "int block(int r, out R g, out R h) {",
                "  g = R(1); h = R(0);",
                "  int q = r;",
                "  if (r + 1 < n && TR(r + 1, r) != R(0)) q = r + 1;",
                "  else if (r > 0 && TR(r, r - 1) != R(0)) q = r - 1;",
                "  if (q == r) return r;",
                "  int p0 = min(r, q);",
                "  R b = abs(TR(p0, p0 + 1)), c = abs(TR(p0 + 1, p0));",
                "  g = sqrt(b / (b + c));",
                "  if (TR(p0, p0 + 1) < R(0)) g = -g;",
                "  h = sqrt(c / (b + c));",
                "  return q;",
                "}",
                "void main() {",
                "  n = int(p.n);",
                "  uint nn = p.n * p.n;",
                "  for (uint e = gl_GlobalInvocationID.x; e < p.batch * nn; e += gl_NumWorkGroups.x * WG) {",
                "    bt = e / nn;",
                "    int r = int((e - bt * nn) / p.n), c = int(e % p.n);",
                "    R gr, hr, gc, hc;",
                "    int qr = block(r, gr, hr), qc = block(c, gc, hc);",
                "    // Zc[r, c] = Z[r, c] G[c, c] + Z[r, qc] G[qc, c] (G's off-diagonal entries are i h)",
                "    S z = la_s(b_Z.d[IX_Z(bt, c, r)] * gc);",
                "    if (qc != c) z += la_make(R(0), b_Z.d[IX_Z(bt, qc, r)] * hc);",
                "    b_Zc.d[IX_Zc(bt, r, c)] = z;",
                "    S t = la_s(R(0));",
                "    if (r == c) {",
                "      t = la_s(TR(r, r));",
                "      if (qr != r) {",
                "        int p0 = min(r, qr);",
                "        R w = sqrt(abs(TR(p0, p0 + 1))) * sqrt(abs(TR(p0 + 1, p0)));",
                "        t = la_make(TR(p0, p0), r == p0 ? w : -w);",
                "      }",
                "    } else if (r < c) {  // sum over r' in r's block, c' in c's: conj(G[r', r]) T[r', c'] G[c', c]",
                "      t = la_s(gr * gc * TR(r, c));",
                "      if (qc != c) t += la_make(R(0), gr * hc * TR(r, qc));",
                "      if (qr != r) {",
                "        t += la_make(R(0), -hr * gc * TR(qr, c));",
                "        if (qc != c) t += la_s(hr * hc * TR(qr, qc));",
                "      }",
                "    }",
                "    b_Tc.d[IX_Tc(bt, r, c)] = t;",
                "  }",
                "}"]


@dataclass(frozen=True)
class EigvecSpec(LASpec):
    """Eigenvectors of upper triangular T (complex ``dtype``) into X's columns (x_k = 1, zeros below), rows ``r0``
    to ``r1`` - 1 of each column in this dispatch (from the bottom block up): ``first`` sets the unit and the zeros,
    ``last`` (r0 = 0) scales each column to max |re| + |im| = 1. M: each matrix's largest |t_ij|. One invocation
    per (matrix, column)."""

    BUFFERS = (("T", "S", "readonly"), ("X", "S", ""), ("M", "R", "readonly"))
    OPERANDS = ("T", "X", "M")
    FIELDS = ("batch", "n", "r0", "r1", "first")

    def body(self) -> list[str]:
        return eig_constants(self.dtype.component.itemsize == 8) + [
            "#define TT(i, j) b_T.d[IX_T(bt, i, j)]",
            "#define X(i, j) b_X.d[IX_X(bt, i, j)]",
            "void main() {",
            "  int n = int(p.n);",
            "  R smlnum = EIG_SAFMIN * (R(n) / EIG_ULP);",
            "  for (uint g = gl_GlobalInvocationID.x; g < p.batch * p.n; g += gl_NumWorkGroups.x * WG) {",
            "    uint bt = g / p.n;",
            "    int k = int(g % p.n);",
            "    // |x| <= big keeps the sums of n terms |t_ij x_j| finite",
            "    R big = ldexp(R(1), LA_EMAX - 8) / ((R(n) * R(n) + R(1)) * max(R(2) * b_M.d[IX_M(bt, 0, 0)], R(1)));",
            "    S lam = TT(k, k);",
            "    R smin = max(EIG_ULP * la_abs1(lam), smlnum);",
            "    if (p.first != 0u) for (int i = k; i < n; ++i) X(i, k) = la_s(i == k ? R(1) : R(0));",
            "    for (int i = min(int(p.r1), k) - 1; i >= int(p.r0); --i) {",
            "      S s = TT(i, k);",
            "      for (int j = i + 1; j < k; ++j) s += la_mul(TT(i, j), X(j, k));",
            "      S d = TT(i, i) - lam;",
            "      if (la_abs1(d) < smin) d = la_s(smin);",
            "      R sa = la_abs1(s), ad = la_abs1(d);",
            "      if (sa > ad * big) {  // x_i would pass big: the column scaled down first",
            "        R f = R(0.5) * (ad * big) / sa;",
            "        for (int j = i + 1; j <= k; ++j) X(j, k) = la_scale(X(j, k), f);",
            "        s = la_scale(s, f);",
            "      }",
            "      X(i, k) = -la_div(s, d);",
            "    }",
            "    if (p.r0 == 0u) {",
            "      R mx = R(0);",
            "      for (int i = 0; i <= k; ++i) mx = max(mx, la_abs1(X(i, k)));",
            "      if (mx > R(0)) for (int i = 0; i <= k; ++i) X(i, k) = la_scale(X(i, k), R(1) / mx);",
            "    }",
            "  }",
            "}"]


def schur_unit_cost(n: int, wg: int) -> int:
    """An upper bound of the loop iterations one unit of :class:`SchurSpec` takes (the Hessenberg step of the first
    column, the start of an iteration with its first bulge step and the scalings), and of loading and storing H."""
    cd = math.ceil(n / wg)
    balance = 3 * (cd + 1) + 4 * 12 + 2 * 1100 + 16  # its scaling loops: at most about 2 * (1022 - 52) / 2
    hess = max(balance, 3 * (cd * (2 * n + 2) + 1) + 4 * (cd + 1) + 2 * 12 + 8)
    qr = 2 * (n + 1) + 40 + 8 * (cd + 1) + (math.ceil(n * n / wg) + 1) + cd * (n + 2) + 1 + 50
    return max(hess, qr) + 2 * (math.ceil(n * n / wg) + 1) + 16
