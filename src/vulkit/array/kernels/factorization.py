"""Kernels of ``vt.linalg``'s factorizations and solvers: the common spec, and LU and Cholesky of small matrices.

Every kernel here takes stacks of matrices as operands ``(offset, batch stride, row stride, column stride)`` in
elements (push constants ``<name>_o``, ``_b``, ``_r``, ``_c``; GLSL ``IX_<name>(batch, row, column)``), so it reads
and writes submatrix and transposed views in place, and loops over the stack (grid-stride) within one dispatch.
Scalars are real or complex (``vt_la_scalar.glsl``: one code for both); float16 is computed in float32 by the
operations. Families:

- :class:`TinySpec`: one thread per matrix of order ``n`` <= 8 held in registers (the common case of graphics and
  physics: 10^5 3x3 solves): LU with partial pivoting (solve, inv, det, slogdet) or Cholesky.
- :class:`LUSpec`: one workgroup per matrix in shared memory: LU with partial pivoting of the matrix augmented by
  the right-hand sides (solve, inv), or its determinant.
- :class:`CholSpec`: one workgroup per matrix in shared memory: right-looking Cholesky (also the diagonal blocks
  of the blocked factorization).
- :class:`DetSpec`: determinants from LU factors made by the blocked factorization (diagonal and pivots).

:mod:`.factorization_blocked` has the blocked LU's panel, the triangular solve and the row interchanges;
:mod:`.factorization_jacobi` Householder QR and the Jacobi eigenvalue and singular value kernels.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, require_supported
from . import mathlib
from .glsl import buffer_block, header

_LN2 = "0.6931471805599453094"


def small_norm(dtype: DType) -> float:
    """The norm under which a column of a matrix scaled to max |a_ij| ~ 1 counts as zero in the SVD: its Gram
    products underflow (sqrt(tiny) / eps), so Jacobi cannot orthogonalise it."""
    import numpy as np

    info = np.finfo(dtype.np)
    return float(np.sqrt(info.tiny) / info.eps)


@dataclass(frozen=True)
class LASpec:
    """What every factorization kernel shares: the scalar dtype (float32, float64, complex64, complex128), whether
    buffers are reached through addresses, the buffers (``BUFFERS``: (name, element kind S/R/U, access)), the
    matrix operands (``OPERANDS``: names of buffers indexed by ``IX_<name>``) and the other push constants
    (``fields``, uint)."""

    dtype: DType
    addresses: bool

    groups_per: ClassVar[int] = 1
    BUFFERS: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    OPERANDS: ClassVar[tuple[str, ...]] = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    LOG: ClassVar[bool] = False  # includes the math library's vt_log
    EXTENSIONS: ClassVar[tuple[str, ...]] = ()  # GLSL extensions beyond the math library's

    @property
    def local_size(self) -> int:
        return 64

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(f"{o}_{x}" for o in self.OPERANDS for x in "obrc") + self.FIELDS

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else len(self.BUFFERS)

    @property
    def push(self) -> struct.Struct:
        return struct.Struct("=" + "Q" * (len(self.BUFFERS) if self.addresses else 0) + "I" * len(self.fields))

    @property
    def include_dirs(self) -> tuple[str, ...]:
        return mathlib.INCLUDE_DIRS

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d, r = self.dtype, self.dtype.component
        lines = header((d,), self.addresses, float_controls, self.local_size,
                       extensions=(mathlib.EXTENSION, *self.EXTENSIONS))
        lines += [f"#define WG {self.local_size}u", f"#define S {d.storage}", f"#define R {r.storage}"]
        if d.kind == "c":
            lines.append("#define LA_COMPLEX")
        big = r.itemsize == 8
        lines += [f"#define LA_EPS R({2.0 ** (-53 if big else -24)!r})",
                  f"#define LA_TINY R({2.0 ** (-1022 if big else -126)!r})",
                  f"#define LA_EMAX {1024 if big else 128}", f"#define LA_EMIN {-1074 if big else -149}",
                  f"#define LA_DIGITS {53 if big else 24}", f"#define LA_DIGITS_SCALE {2.0 ** (53 if big else 24)!r}",
                  f"#define LA_SMALL R({small_norm(r)!r})"]
        if self.LOG:
            lines.append(mathlib.render(("vt_log",), r))
        lines.append('#include "vt_la_scalar.glsl"')
        element = {"S": d.storage, "R": r.storage, "U": "uint"}
        for slot, (name, kind, access) in enumerate(self.BUFFERS):
            size = 4 if kind == "U" else (d.itemsize if kind == "S" else r.itemsize)
            lines.append(buffer_block(slot, f"b_{name}", element[kind], access, self.addresses, size))
            if self.addresses:
                lines.append(f"#define b_{name} p.r{slot}")
        refs = "".join(f"R{slot} r{slot}; " for slot in range(len(self.BUFFERS))) if self.addresses else ""
        lines.append("layout(push_constant) uniform Push { " + refs + " ".join(f"uint {f};" for f in self.fields)
                     + " } p;")
        for o in self.OPERANDS:
            lines.append(f"#define IX_{o}(bt, i, j) (p.{o}_o + (bt) * p.{o}_b + (i) * p.{o}_r + (j) * p.{o}_c)")
        lines += self.body()
        return "\n".join(lines) + "\n"

    def body(self) -> list[str]:
        raise NotImplementedError


# GLSL: determinants from the pivots d_j: the sign (real) or phase (complex) ph, and |product| kept as mag * 2^e
# (mag in [1/2, 1)), as NumPy's slogdet accumulates them (a NaN pivot leaves a real sign alone); stored at X[bt]
# (det: ph * |product|, 0 where a pivot is 0) or X[bt, 0:2] (slogdet: sign, and log |det| as a scalar).
_DET = f"""
R det_frexp(R x, out int k) {{  // frexp of a finite x > 0, a subnormal x brought into range first (exact)
  int shift = x < LA_TINY ? LA_DIGITS : 0;
  R m = frexp(x < LA_TINY ? x * R(LA_DIGITS_SCALE) : x, k);
  k -= shift;
  return m;
}}
void det_step(S d, inout S ph, inout R mag, inout int e) {{
  R a = la_abs(d);
#ifdef LA_COMPLEX
  if (isnan(a)) ph = la_make(a, a);
  else if (a > R(0) && !isinf(a)) ph = la_mul(ph, la_scale(d, R(1) / a));
#else
  if (d < R(0)) ph = -ph;
#endif
  // a pivot's own exponent first: a subnormal pivot (or a product that became one) kept too few bits, and
  // GLSL's frexp leaves subnormals to the implementation (lavapipe's clamped their exponent)
  if (a > R(0) && !isinf(a) && !isnan(a)) {{
    int ka;
    a = det_frexp(a, ka);
    e += ka;
  }}
  mag *= a;
  if (mag > R(0) && !isinf(mag) && !isnan(mag)) {{
    int k;
    mag = frexp(mag, k);
    e += k;
  }}
}}
void det_store(uint bt, S ph, R mag, int e, bool odd, bool slog) {{
  ph = la_scale(ph, odd ? R(-1) : R(1));
  if (!slog) {{
    R v;
    if (mag == R(0) || e < LA_EMIN - 2) v = R(0);
    else if (e > LA_EMAX) v = mag / R(0);
    else v = ldexp(mag, e);
    b_X.d[IX_X(bt, 0u, 0u)] = mag == R(0) ? la_s(R(0)) : la_scale(ph, v);
    return;
  }}
  b_X.d[IX_X(bt, 0u, 0u)] = mag == R(0) ? la_s(R(0)) : ph;
  b_X.d[IX_X(bt, 0u, 1u)] = la_s(mag == R(0) ? R(-1) / R(0) : vt_log(mag) + R(e) * R({_LN2}));
}}
"""


@dataclass(frozen=True)
class TinySpec(LASpec):
    """One thread per matrix of order ``n`` (<= 8, in registers). ``mode``: ``solve`` (X = A^-1 B, B with ``k``
    columns), ``inv`` (X = A^-1), ``det``, ``slogdet`` (LU with partial pivoting, LAPACK's pivot order), or
    ``cholesky`` (X = L, zeros above the diagonal; A's lower triangle read). A singular matrix (an exact zero pivot)
    in solve/inv, or one not positive definite, sets the flag word."""

    n: int = 3
    mode: str = "solve"

    BUFFERS = (("A", "S", "readonly"), ("B", "S", "readonly"), ("X", "S", "writeonly"), ("F", "U", ""))
    OPERANDS = ("A", "B", "X")
    FIELDS = ("batch", "k")

    @property
    def LOG(self) -> bool:  # type: ignore[override]  # noqa: N802
        return self.mode in ("det", "slogdet")

    def body(self) -> list[str]:
        n, mode = self.n, self.mode
        out = [f"#define N {n}", _DET if mode in ("det", "slogdet") else "",
               "void main() {",
               "  for (uint bt = gl_GlobalInvocationID.x; bt < p.batch; bt += gl_NumWorkGroups.x * WG) {",
               "    S a[N][N];"]
        if mode == "cholesky":
            out += ["    for (int i = 0; i < N; ++i) for (int j = 0; j <= i; ++j) a[i][j] = b_A.d[IX_A(bt, i, j)];",
                    "    bool bad = false;",
                    "    for (int j = 0; j < N; ++j) {",
                    "      R d = la_re(a[j][j]);",
                    "      for (int c = 0; c < j; ++c) d -= la_abs2(a[j][c]);",
                    "      if (!(d > R(0))) bad = true;",
                    "      R l = sqrt(d);",
                    "      a[j][j] = la_s(l);",
                    "      for (int i = j + 1; i < N; ++i) {",
                    "        S v = a[i][j];",
                    "        for (int c = 0; c < j; ++c) v -= la_mul(a[i][c], la_conj(a[j][c]));",
                    "        a[i][j] = la_scale(v, R(1) / l);",
                    "      }",
                    "    }",
                    "    if (bad) b_F.d[0] = 1u;",
                    "    for (int i = 0; i < N; ++i) for (int j = 0; j < N; ++j)",
                    "      b_X.d[IX_X(bt, i, j)] = j <= i ? a[i][j] : la_s(R(0));",
                    "  }", "}"]
            return out
        out += ["    for (int i = 0; i < N; ++i) for (int j = 0; j < N; ++j) a[i][j] = b_A.d[IX_A(bt, i, j)];",
                "    int perm[N];",
                "    for (int i = 0; i < N; ++i) perm[i] = i;",
                "    bool singular = false, odd = false;",
                "    for (int j = 0; j < N; ++j) {",
                "      int pr = j;",
                "      R best = la_abs1(a[j][j]);",
                "      for (int i = j + 1; i < N; ++i) { R v = la_abs1(a[i][j]); if (v > best) { best = v; pr = i; } }",
                "      for (int i = j + 1; i < N; ++i) if (i == pr) {",
                "        odd = !odd;",
                "        for (int c = 0; c < N; ++c) { S t = a[j][c]; a[j][c] = a[i][c]; a[i][c] = t; }",
                "        int t = perm[j]; perm[j] = perm[i]; perm[i] = t;",
                "      }",
                "      if (best == R(0)) { singular = true; continue; }",
                "      S d = a[j][j];",
                "      for (int i = j + 1; i < N; ++i) {",
                "        S l = la_div(a[i][j], d);",
                "        a[i][j] = l;",
                "        for (int c = j + 1; c < N; ++c) a[i][c] -= la_mul(l, a[j][c]);",
                "      }",
                "    }"]
        if mode in ("det", "slogdet"):
            out += ["    S ph = la_s(R(1));",
                    "    R mag = R(1);",
                    "    int e = 0;",
                    "    for (int j = 0; j < N; ++j) det_step(a[j][j], ph, mag, e);",
                    f"    det_store(bt, ph, mag, e, odd, {'true' if mode == 'slogdet' else 'false'});",
                    "  }", "}"]
            return out
        source = ("(perm[i] == int(c) ? la_s(R(1)) : la_s(R(0)))" if mode == "inv"
                  else "b_B.d[IX_B(bt, uint(perm[i]), c)]")
        out += ["    if (singular) b_F.d[0] = 1u;",
                f"    uint k = {'N' if mode == 'inv' else 'p.k'};",
                "    for (uint c = 0u; c < k; ++c) {",
                "      S x[N];",
                f"      for (int i = 0; i < N; ++i) x[i] = {source};",
                "      for (int i = 1; i < N; ++i) for (int j = 0; j < i; ++j) x[i] -= la_mul(a[i][j], x[j]);",
                "      for (int i = N - 1; i >= 0; --i) {",
                "        for (int j = i + 1; j < N; ++j) x[i] -= la_mul(a[i][j], x[j]);",
                "        x[i] = la_div(x[i], a[i][i]);",
                "      }",
                "      for (int i = 0; i < N; ++i) b_X.d[IX_X(bt, i, c)] = x[i];",
                "    }",
                "  }", "}"]
        return out


# GLSL: workgroup reductions over WG invocations (uniform control flow; a barrier after reading the result).
_REDUCE = """
shared R red_v[WG];
shared uint red_i[WG];
R wg_sum(R v) {
  uint t = gl_LocalInvocationID.x;
  red_v[t] = v;
  barrier();
  for (uint s = WG / 2u; s > 0u; s >>= 1) { if (t < s) red_v[t] += red_v[t + s]; barrier(); }
  R r = red_v[0];
  barrier();
  return r;
}
R wg_max(R v) {
  uint t = gl_LocalInvocationID.x;
  red_v[t] = v;
  barrier();
  for (uint s = WG / 2u; s > 0u; s >>= 1) { if (t < s) red_v[t] = max(red_v[t], red_v[t + s]); barrier(); }
  R r = red_v[0];
  barrier();
  return r;
}
// the index of the largest v (-1 for none), the smallest index among equals; best: that v
uint wg_argmax(R v, uint i, out R best) {
  uint t = gl_LocalInvocationID.x;
  red_v[t] = v;
  red_i[t] = i;
  barrier();
  for (uint s = WG / 2u; s > 0u; s >>= 1) {
    if (t < s) {
      R o = red_v[t + s];
      uint oi = red_i[t + s];
      if (o > red_v[t] || (o == red_v[t] && oi < red_i[t])) { red_v[t] = o; red_i[t] = oi; }
    }
    barrier();
  }
  best = red_v[0];
  uint r = red_i[0];
  barrier();
  return r;
}
"""


# GLSL: the workgroup as a TX x TY grid over a matrix's columns and rows (WG a power of two >= 32)
_GRID = "#define TX (WG >= 256u ? 16u : 8u)\n#define TY (WG / TX)"


def reduce_glsl() -> str:
    """The workgroup reductions (``wg_sum``, ``wg_max``, ``wg_argmax``) for kernels whose WG is a power of two."""
    return _REDUCE


def cholesky_steps(n: str) -> list[str]:
    """GLSL: the workgroup's right-looking Cholesky of the ``n`` x ``n`` matrix ``M(i, j)`` in shared memory (lower
    triangle read and written; invocations on the _GRID of TX x TY for the updates), ``bad`` set by invocation 0
    where a pivot is not positive."""
    return ["    for (uint j = 0u; j < " + n + "; ++j) {",
            "      R d = la_re(M(j, j));",
            "      R l = sqrt(d);",
            "      if (tid == 0u && !(d > R(0))) bad = true;",
            "      R inv = R(1) / l;",
            f"      for (uint i = j + 1u + tid; i < {n}; i += WG) M(i, j) = la_scale(M(i, j), inv);",
            "      barrier();",
            "      if (tid == 0u) M(j, j) = la_s(l);",
            f"      for (uint i = j + 1u + ty; i < {n}; i += TY)",
            "        for (uint c = j + 1u + tx; c <= i; c += TX) M(i, c) -= la_mul(M(i, j), la_conj(M(c, j)));",
            "      barrier();",
            "    }"]


def each_element(rows: str, cols: str, body: list[str], col: str = "j") -> list[str]:
    """GLSL: the workgroup's invocations over the elements (i, ``col``) of a ``rows`` x ``cols`` block, row by row,
    each running the lines ``body`` (inside a kernel's loop over the stack of matrices)."""
    return [f"    for (uint e = tid; e < {rows} * {cols}; e += WG) {{",
            f"      uint i = e / {cols}, {col} = e - i * {cols};",
            *[f"      {line}" for line in body],
            "    }"]


def end_stack(barrier: str = "barrier()") -> list[str]:
    """GLSL closing a one-workgroup-per-matrix kernel: ``barrier`` before the next matrix reuses shared memory,
    then the ends of the loop over the stack and of main."""
    return [f"    {barrier};", "  }", "}"]


@dataclass(frozen=True)
class LUSpec(LASpec):
    """One workgroup per matrix, LU with partial pivoting (LAPACK's pivots: the largest |re| + |im|, the first
    of equals) in shared memory of ``cap`` scalars, of A augmented by the right-hand sides. ``mode``: ``solve``
    (X = A^-1 B; B has ``k`` columns), ``inv`` (B = I, made in the kernel), ``det`` or ``slogdet`` (k = 0).
    ``wg``: invocations. A singular matrix (an exact zero pivot) in solve/inv sets the flag word."""

    cap: int = 4096
    mode: str = "solve"
    wg: int = 64

    BUFFERS = (("A", "S", "readonly"), ("B", "S", "readonly"), ("X", "S", "writeonly"), ("F", "U", ""))
    OPERANDS = ("A", "B", "X")
    FIELDS = ("batch", "n", "k")

    @property
    def LOG(self) -> bool:  # type: ignore[override]  # noqa: N802
        return self.mode in ("det", "slogdet")

    @property
    def local_size(self) -> int:
        return self.wg

    def body(self) -> list[str]:
        mode = self.mode
        det = mode in ("det", "slogdet")
        fill = {"solve": "b_B.d[IX_B(bt, i, j - n)]", "inv": "la_s(i == j - n ? R(1) : R(0))"}.get(mode, "la_s(R(0))")
        out = [f"shared S sm[{self.cap}];", _REDUCE, _DET if det else "",
               "#define M(i, j) sm[(i) * W + (j)]",
               _GRID,
               "void main() {",
               "  uint tid = gl_LocalInvocationID.x, tx = tid % TX, ty = tid / TX;",
               f"  uint n = p.n, k = {'n' if mode == 'inv' else 'p.k'}, W = n + k;",
               "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
               *each_element("n", "W", [f"M(i, j) = j < n ? b_A.d[IX_A(bt, i, j)] : {fill};"]),
               "    barrier();",
               "    bool singular = false, odd = false;",
               "    for (uint j = 0u; j < n; ++j) {",
               "      R v = R(-1);",
               "      uint at = j;",
               "      for (uint i = j + tid; i < n; i += WG) { R a = la_abs1(M(i, j)); if (a > v) { v = a; at = i; } }",
               "      R best;",
               "      uint pr = wg_argmax(v, at, best);",
               "      if (pr != j) {",
               "        odd = !odd;",
               "        for (uint c = tid; c < W; c += WG) { S t = M(j, c); M(j, c) = M(pr, c); M(pr, c) = t; }",
               "      }",
               "      barrier();",
               "      if (best == R(0)) { singular = true; continue; }",
               "      S d = M(j, j);",
               "      for (uint i = j + 1u + tid; i < n; i += WG) M(i, j) = la_div(M(i, j), d);",
               "      barrier();",
               "      for (uint i = j + 1u + ty; i < n; i += TY)",
               "        for (uint c = j + 1u + tx; c < W; c += TX) M(i, c) -= la_mul(M(i, j), M(j, c));",
               "      barrier();",
               "    }"]
        if det:
            out += ["    if (tid == 0u) {",
                    "      S ph = la_s(R(1));",
                    "      R mag = R(1);",
                    "      int e = 0;",
                    "      for (uint j = 0u; j < n; ++j) det_step(M(j, j), ph, mag, e);",
                    f"      det_store(bt, ph, mag, e, odd, {'true' if mode == 'slogdet' else 'false'});",
                    "    }"]
        else:
            out += ["    if (singular && tid == 0u) b_F.d[0] = 1u;",
                    "    for (uint jj = n; jj > 0u; --jj) {",
                    "      uint j = jj - 1u;",
                    "      S d = M(j, j);",
                    "      for (uint c = n + tid; c < W; c += WG) M(j, c) = la_div(M(j, c), d);",
                    "      barrier();",
                    "      for (uint i = ty; i < j; i += TY)",
                    "        for (uint c = n + tx; c < W; c += TX) M(i, c) -= la_mul(M(i, j), M(j, c));",
                    "      barrier();",
                    "    }",
                    *each_element("n", "k", ["b_X.d[IX_X(bt, i, c)] = M(i, n + c);"], "c")]
        return out + end_stack()


@dataclass(frozen=True)
class CholSpec(LASpec):
    """One workgroup per matrix: right-looking Cholesky in shared memory of ``cap`` scalars, A's lower triangle
    read, L written with zeros above the diagonal (A and X may be the same view). A matrix that is not positive
    definite (a pivot <= 0 or NaN) sets the flag word."""

    cap: int = 4096
    wg: int = 64

    BUFFERS = (("A", "S", "readonly"), ("X", "S", "writeonly"), ("F", "U", ""))
    OPERANDS = ("A", "X")
    FIELDS = ("batch", "n")

    @property
    def local_size(self) -> int:
        return self.wg

    def body(self) -> list[str]:
        return [f"shared S sm[{self.cap}];",
                "shared bool bad;",
                "#define M(i, j) sm[(i) * n + (j)]",
                _GRID,
                "void main() {",
                "  uint tid = gl_LocalInvocationID.x, tx = tid % TX, ty = tid / TX;",
                "  uint n = p.n;",
                "  for (uint bt = gl_WorkGroupID.x; bt < p.batch; bt += gl_NumWorkGroups.x) {",
                *each_element("n", "n", ["if (j <= i) M(i, j) = b_A.d[IX_A(bt, i, j)];"]),
                "    if (tid == 0u) bad = false;",
                "    barrier();",
                *cholesky_steps("n"),
                "    if (tid == 0u && bad) b_F.d[0] = 1u;",
                *each_element("n", "n", ["b_X.d[IX_X(bt, i, j)] = j <= i ? M(i, j) : la_s(R(0));"]),
                *end_stack()]


@dataclass(frozen=True)
class DetSpec(LASpec):
    """The determinant (``slog``: sign and log of the absolute value) of LU factors: one invocation per matrix
    walks the diagonal of U (operand A) and the pivots (``P``: the row each row was exchanged with, n per
    matrix)."""

    slog: bool = False

    BUFFERS = (("A", "S", "readonly"), ("P", "U", "readonly"), ("X", "S", "writeonly"))
    OPERANDS = ("A", "X")
    FIELDS = ("batch", "n")

    LOG = True

    def body(self) -> list[str]:
        return [_DET,
                "void main() {",
                "  for (uint bt = gl_GlobalInvocationID.x; bt < p.batch; bt += gl_NumWorkGroups.x * WG) {",
                "    S ph = la_s(R(1));",
                "    R mag = R(1);",
                "    int e = 0;",
                "    bool odd = false;",
                "    for (uint j = 0u; j < p.n; ++j) {",
                "      det_step(b_A.d[IX_A(bt, j, j)], ph, mag, e);",
                "      if (b_P.d[bt * p.n + j] != j) odd = !odd;",
                "    }",
                f"    det_store(bt, ph, mag, e, odd, {'true' if self.slog else 'false'});",
                "  }",
                "}"]
