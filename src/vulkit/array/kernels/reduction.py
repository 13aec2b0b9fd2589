"""Reduction kernels: an accumulator per operation (:data:`ACCUMULATORS`) and the spec of one kernel
(:class:`ReduceSpec`) over a contiguous array seen as (rows, R, I), reducing R.

Two layouts:

- ``row`` (I == 1): ``split`` threads walk one row (or a chunk of it), WORKGROUP / split rows per workgroup, with
  vec4 loads where the rows are aligned, each thread accumulating its own elements; then each row's threads
  combine their accumulators in shared memory.
- ``col`` (I > 1): WORKGROUP / split outputs side by side (coalesced along the contiguous inner axis; four adjacent
  outputs per thread through vec4 loads where aligned) times ``split`` lanes along R, combined in shared memory.

Where there are too few rows or columns to fill the GPU, R is cut into chunks: the first kernel (stage
``first``) writes one accumulator per (row, chunk) and a second (stage ``combine``) reduces those. The order of
every combination is fixed by the grid, so a result has the same bits run after run (no atomics).

An accumulator is GLSL: a struct ``Acc``, ``acc_identity()``, ``acc_update(Acc, X x, uint j)`` (``j``: the
element's position along R, for argmax), ``acc_combine(Acc a, Acc b)`` and ``acc_final(Acc) -> result``.
Float sums carry a compensation term (Neumaier's two-sum) through every step, so float32 sums are as accurate as
a float64 sum rounded once, whatever the size.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from ..dtypes import DType, require_supported
from . import mathlib
from .glsl import VEC4, WORKGROUP, buffer_block, convert, header, store

LAYOUTS = ("row", "col")
STAGES = ("first", "combine")
UNROLL = 4  # loads each thread has in flight per pass (row layout)
COL_UNROLL = 8  # the same for the col layout (H100 column sum of 8192^2: 0.95x -> 1.00x PyTorch against 4)
_NONE = "0xFFFFFFFFu"


@dataclass(frozen=True)
class Accumulator:
    """An operation's accumulator: the fields of ``struct Acc``, the GLSL ``code`` of its functions (over ``A``,
    the accumulator's float or integer type; they may read the push constants ``p.count`` and ``p.ddof``) and the
    math-library ``helpers`` they call."""

    name: str
    struct: str
    code: str
    helpers: tuple[str, ...] = ()

    @property
    def fields(self) -> int:
        return self.struct.count(";")


def _acc(name: str, code: str, *helpers: str) -> Accumulator:
    """An accumulator from GLSL whose first line declares ``struct Acc { ... };``."""
    first, _, rest = code.strip().partition("\n")
    return Accumulator(name, first.removeprefix("struct Acc {").removesuffix("};").strip(), rest, helpers)


_SUM_FLOAT = """
struct Acc { A s; A c; };
Acc acc_identity() { return Acc(-A(0), A(0)); }
Acc acc_add(Acc a, A x) {  // Neumaier's two-sum: s + c is the exact sum so far, rounded once at the end
  precise A s = a.s + x;
  precise A bp = s - a.s;
  precise A e = (a.s - (s - bp)) + (x - bp);
  return Acc(s, a.c + e);
}
Acc acc_combine(Acc a, Acc b) { Acc r = acc_add(a, b.s); r.c += b.c; return r; }
P acc_part(P s, P c) { return (c == P(0) || vt_isnan(s) || vt_isinf(s)) ? s : s + c; }
#ifdef ACC_COMPLEX
A acc_sum(Acc a) { return A(acc_part(a.s.x, a.c.x), acc_part(a.s.y, a.c.y)); }
#else
A acc_sum(Acc a) { return acc_part(a.s, a.c); }
#endif
"""

_WELFORD = """
struct Acc { uint n; A m; A m2; };
Acc acc_identity() { return Acc(0u, A(0), A(0)); }
Acc acc_update(Acc a, A x, uint j) {
  uint n = a.n + 1u;
  A d = x - a.m;
  A m = a.m + d / A(n);
  return Acc(n, m, a.m2 + d * (x - m));
}
Acc acc_combine(Acc a, Acc b) {
  if (b.n == 0u) return a;
  if (a.n == 0u) return b;
  uint n = a.n + b.n;
  A d = b.m - a.m;
  A fb = A(b.n) / A(n);
  return Acc(n, a.m + d * fb, a.m2 + b.m2 + d * d * (A(a.n) * fb));
}
A acc_final(Acc a) { return FINAL(a.m2 / max(A(a.n) - p.ddof, A(0))); }"""

# argmax/argmin (BEFORE: > or <): (value, position); NaN is the largest and the smallest (NumPy: the first NaN),
# ties go to the smaller position; position NONE marks the empty accumulator
_ARG = f"""
struct Acc {{ A v; uint i; }};
Acc acc_identity() {{ return Acc(A(0), {_NONE}); }}
bool acc_before(A x, A y) {{ return IS_NAN(x) ? !IS_NAN(y) : x BEFORE y; }}
Acc acc_combine(Acc a, Acc b) {{
  if (b.i == {_NONE}) return a;
  if (a.i == {_NONE} || acc_before(b.v, a.v)) return b;
  return (acc_before(a.v, b.v) || a.i < b.i) ? a : b;
}}
Acc acc_update(Acc a, A x, uint j) {{  // j grows along a thread's elements: a tie keeps the first
  if (a.i == {_NONE} || acc_before(x, a.v)) {{ a.v = x; a.i = j; }}
  return a;
}}
int64_t acc_final(Acc a) {{ return int64_t(a.i); }}"""

ACCUMULATORS: dict[str, Accumulator] = {a.name: a for a in [
    _acc("sum_float", _SUM_FLOAT + """
Acc acc_update(Acc a, A x, uint j) { return acc_add(a, x); }
A acc_final(Acc a) { return acc_sum(a); }""", "vt_special"),
    _acc("nansum_float", _SUM_FLOAT + """
Acc acc_update(Acc a, A x, uint j) { return vt_isnan(x) ? a : acc_add(a, x); }
A acc_final(Acc a) { return acc_sum(a); }""", "vt_special"),
    _acc("mean", _SUM_FLOAT + """
Acc acc_update(Acc a, A x, uint j) { return acc_add(a, x); }
A acc_final(Acc a) { return acc_sum(a) / p.count; }""", "vt_special"),
    _acc("nanmean", """
struct Acc { A s; A c; uint n; };
Acc acc_identity() { return Acc(-A(0), A(0), 0u); }
Acc acc_add(Acc a, A x, uint n) {
  precise A s = a.s + x;
  precise A bp = s - a.s;
  precise A e = (a.s - (s - bp)) + (x - bp);
  return Acc(s, a.c + e, a.n + n);
}
Acc acc_update(Acc a, A x, uint j) { return vt_isnan(x) ? a : acc_add(a, x, 1u); }
Acc acc_combine(Acc a, Acc b) { Acc r = acc_add(a, b.s, b.n); r.c += b.c; return r; }
A acc_final(Acc a) {
  A s = (a.c == A(0) || vt_isnan(a.s) || vt_isinf(a.s)) ? a.s : a.s + a.c;
  return s / A(a.n);
}""", "vt_special"),
    _acc("sum_int", """
struct Acc { A v; };
Acc acc_identity() { return Acc(A(0)); }
Acc acc_update(Acc a, A x, uint j) { return Acc(a.v + x); }
Acc acc_combine(Acc a, Acc b) { return Acc(a.v + b.v); }
A acc_final(Acc a) { return a.v; }"""),
    _acc("prod", """
struct Acc { A v; };
Acc acc_identity() { return Acc(A(1)); }
Acc acc_update(Acc a, A x, uint j) { return Acc(a.v * x); }
Acc acc_combine(Acc a, Acc b) { return Acc(a.v * b.v); }
A acc_final(Acc a) { return a.v; }"""),
    # max/min: NaN wins (it propagates); the identity is the type's lowest (highest) value
    _acc("prod_complex", """
struct Acc { A v; };
Acc acc_identity() { return Acc(A(1, 0)); }
A acc_mul(A a, A b) { return A(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
Acc acc_update(Acc a, A x, uint j) { return Acc(acc_mul(a.v, x)); }
Acc acc_combine(Acc a, Acc b) { return Acc(acc_mul(a.v, b.v)); }
A acc_final(Acc a) { return a.v; }"""),
    _acc("max_float", """
struct Acc { A v; };
Acc acc_identity() { return Acc(-vt_inf()); }
Acc acc_update(Acc a, A x, uint j) { return Acc((vt_isnan(x) || x > a.v) ? x : a.v); }
Acc acc_combine(Acc a, Acc b) { return acc_update(a, b.v, 0u); }
A acc_final(Acc a) { return a.v; }""", "vt_special"),
    _acc("min_float", """
struct Acc { A v; };
Acc acc_identity() { return Acc(vt_inf()); }
Acc acc_update(Acc a, A x, uint j) { return Acc((vt_isnan(x) || x < a.v) ? x : a.v); }
Acc acc_combine(Acc a, Acc b) { return acc_update(a, b.v, 0u); }
A acc_final(Acc a) { return a.v; }""", "vt_special"),
    # nanmax/nanmin: NaN is "no value yet" and never replaces a number; all-NaN gives NaN
    _acc("nanmax", """
struct Acc { A v; };
Acc acc_identity() { return Acc(vt_nan()); }
Acc acc_update(Acc a, A x, uint j) { return Acc((!vt_isnan(x) && (vt_isnan(a.v) || x > a.v)) ? x : a.v); }
Acc acc_combine(Acc a, Acc b) { return acc_update(a, b.v, 0u); }
A acc_final(Acc a) { return a.v; }""", "vt_special"),
    _acc("nanmin", """
struct Acc { A v; };
Acc acc_identity() { return Acc(vt_nan()); }
Acc acc_update(Acc a, A x, uint j) { return Acc((!vt_isnan(x) && (vt_isnan(a.v) || x < a.v)) ? x : a.v); }
Acc acc_combine(Acc a, Acc b) { return acc_update(a, b.v, 0u); }
A acc_final(Acc a) { return a.v; }""", "vt_special"),
    _acc("max_int", """
struct Acc { A v; };
Acc acc_identity() { return Acc(A(LOWEST)); }
Acc acc_update(Acc a, A x, uint j) { return Acc(max(a.v, x)); }
Acc acc_combine(Acc a, Acc b) { return Acc(max(a.v, b.v)); }
A acc_final(Acc a) { return a.v; }"""),
    _acc("min_int", """
struct Acc { A v; };
Acc acc_identity() { return Acc(A(HIGHEST)); }
Acc acc_update(Acc a, A x, uint j) { return Acc(min(a.v, x)); }
Acc acc_combine(Acc a, Acc b) { return Acc(min(a.v, b.v)); }
A acc_final(Acc a) { return a.v; }"""),
    _acc("argmax", _ARG.replace("BEFORE", ">"), "vt_special"),
    _acc("argmin", _ARG.replace("BEFORE", "<"), "vt_special"),
    _acc("all", """
struct Acc { uint v; };
Acc acc_identity() { return Acc(1u); }
Acc acc_update(Acc a, bool x, uint j) { return Acc(x ? a.v : 0u); }
Acc acc_combine(Acc a, Acc b) { return Acc(a.v & b.v); }
bool acc_final(Acc a) { return a.v != 0u; }"""),
    _acc("any", """
struct Acc { uint v; };
Acc acc_identity() { return Acc(0u); }
Acc acc_update(Acc a, bool x, uint j) { return Acc(x ? 1u : a.v); }
Acc acc_combine(Acc a, Acc b) { return Acc(a.v | b.v); }
bool acc_final(Acc a) { return a.v != 0u; }"""),
    _acc("count_nonzero", """
struct Acc { uint v; };
Acc acc_identity() { return Acc(0u); }
Acc acc_update(Acc a, bool x, uint j) { return Acc(a.v + (x ? 1u : 0u)); }
Acc acc_combine(Acc a, Acc b) { return Acc(a.v + b.v); }
int64_t acc_final(Acc a) { return int64_t(a.v); }"""),
    # var/std: Welford's update per element, Chan's combination of (count, mean, M2); p.ddof is the correction
    _acc("var", _WELFORD.replace("FINAL", "")),
    _acc("std", _WELFORD.replace("FINAL", "vt_sqrt"), "vt_sqrt"),
    # logsumexp: (running max, sum of exp(x - max)); NaN is sticky, equal maxima (infinities too) add counts
    _acc("logsumexp", """
struct Acc { A m; A s; };
Acc acc_identity() { return Acc(-vt_inf(), A(0)); }
Acc acc_combine(Acc a, Acc b) {
  if (vt_isnan(a.m) || vt_isnan(b.m)) return Acc(vt_nan(), A(1));
  if (b.s == A(0)) return a;
  if (a.s == A(0)) return b;
  if (a.m == b.m) return Acc(a.m, a.s + b.s);
  if (b.m > a.m) return Acc(b.m, b.s + a.s * vt_exp(a.m - b.m));
  return Acc(a.m, a.s + b.s * vt_exp(b.m - a.m));
}
Acc acc_update(Acc a, A x, uint j) { return acc_combine(a, Acc(x, A(1))); }
A acc_final(Acc a) { return a.s == A(0) ? -vt_inf() : a.m + vt_log(a.s); }""", "vt_special", "vt_exp", "vt_log"),
]}


SHUFFLE_EXTENSIONS = ("GL_KHR_shader_subgroup_basic", "GL_KHR_shader_subgroup_shuffle")
_SUBGROUP_SHUFFLE_BIT = 0x10  # VK_SUBGROUP_FEATURE_SHUFFLE_BIT


def shuffle_ok(context: Any) -> bool:
    """Whether row reductions may combine through subgroup shuffles on ``context``'s device: shuffles in compute
    shaders, and one subgroup size, a power of two from 8 to 128."""
    physical = context.device.physical
    size = physical.fixed_subgroup_size
    return bool(physical.subgroup_operations & _SUBGROUP_SHUFFLE_BIT) and size & (size - 1) == 0 \
        and 8 <= size <= 128


_SHUFFLE_64 = {"int64_t": "packInt2x32(subgroupShuffleXor(unpackInt2x32({}), m))",
               "uint64_t": "packUint2x32(subgroupShuffleXor(unpackUint2x32({}), m))"}


def _shuffle_function(fields: str, acc_type: str) -> str:
    """``acc_shuffle_xor``: an accumulator read from the invocation whose index differs by ``m``, field by field
    (64-bit integers as two halves: shuffling them whole needs shaderSubgroupExtendedTypes)."""
    moves = []
    for field in fields.split(";"):
        if field.strip():
            kind, name = field.split()
            pattern = _SHUFFLE_64.get(acc_type if kind == "A" else kind, "subgroupShuffleXor({}, m)")
            moves.append(f"b.{name} = {pattern.format('a.' + name)};")
    return f"Acc acc_shuffle_xor(Acc a, uint m) {{ Acc b; {' '.join(moves)} return b; }}"


# The range of each integer compute type, as GLSL literals: the identities of max and min.
_LIMITS = {"int": ("(-2147483647 - 1)", "2147483647"), "uint": ("0u", "4294967295u"),
           "int64_t": ("(-9223372036854775807l - 1l)", "9223372036854775807l"),
           "uint64_t": ("0ul", "18446744073709551615ul")}
# What acc_final returns where it is not the accumulator's type.
_RESULTS = {"argmax": "int64", "argmin": "int64", "count_nonzero": "int64", "all": "bool", "any": "bool"}


class TwoBufferSpec:
    """What kernel specs that bind an input and an output (or take their addresses) and include the math library
    share."""

    addresses: bool

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else 2

    @property
    def include_dirs(self) -> tuple[str, ...]:
        return mathlib.INCLUDE_DIRS


@dataclass(frozen=True)
class ReduceSpec(TwoBufferSpec):
    """One reduction kernel (a kernel spec: see :mod:`vulkit.runtime.kernels`) over a contiguous array seen as
    (rows, R, I), reducing R.

    ``acc``: the accumulator's name (:data:`ACCUMULATORS`); ``in_dtype``: the stored input (the ``combine`` stage
    reads accumulators instead); ``acc_dtype``: the type elements are converted to and accumulated in;
    ``out_dtype``: the stored result; ``final``: whether this kernel writes results (else one accumulator per
    (output, chunk)); ``vec``: vec4 loads (row layout: R, the chunk length and the input's offset are multiples of 4;
    col layout: I and the offset are); ``split``: threads per row (row layout) or lanes along R (col layout);
    ``shuffle``: a row's threads combine through subgroup shuffles (the device's subgroups, of a power-of-two size,
    holding consecutive invocations), then its subgroups' results in shared memory.
    Bindings: input, output. Push constants: the two addresses (with ``addresses``), count and ddof (floats of the
    accumulator's width), then rows, R, I, chunks, chunk length, input and output offsets (elements).
    """

    acc: str
    in_dtype: DType
    acc_dtype: DType
    out_dtype: DType
    layout: str
    stage: str
    final: bool
    vec: bool = False
    split: int = WORKGROUP
    shuffle: bool = False
    addresses: bool = False
    groups_per: ClassVar[int] = 1

    @cached_property
    def push(self) -> struct.Struct:
        real = "d" if self.acc_dtype.component.compute == "double" else "f"
        return struct.Struct("=" + ("QQ" if self.addresses else "") + real * 2 + "I" * 7)

    @property
    def acc_size(self) -> int:
        """Bytes of one accumulator in a partials buffer (at least its std430 size)."""
        return ACCUMULATORS[self.acc].fields * 8

    @property
    def result_dtype(self) -> DType:
        """The type ``acc_final`` returns."""
        from ..dtypes import BY_NAME
        name = _RESULTS.get(self.acc)
        return self.acc_dtype if name is None else BY_NAME[name]

    def require(self, context: Any) -> None:
        for dtype in (self.in_dtype, self.acc_dtype, self.out_dtype):
            require_supported(dtype, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        acc = ACCUMULATORS[self.acc]
        a = self.acc_dtype
        extensions = (mathlib.EXTENSION, *(SHUFFLE_EXTENSIONS if self.shuffle else ()))
        lines = header((self.in_dtype, a, self.out_dtype, self.result_dtype), self.addresses, float_controls,
                       extensions=extensions)
        lines.append(mathlib.render(acc.helpers, a.component) if a.kind in "fc" else "")
        lines.append(f"#define A {a.compute}")
        lines.append(f"#define P {a.component.compute}")  # a part of a complex number; A itself otherwise
        if a.kind == "c":
            lines.append("#define ACC_COMPLEX")
        lines.append(f"#define IS_NAN(v) {'vt_isnan(v)' if a.kind == 'f' else 'false'}")
        if a.compute in _LIMITS:
            lines += [f"#define LOWEST {_LIMITS[a.compute][0]}", f"#define HIGHEST {_LIMITS[a.compute][1]}"]
        lines.append(f"struct Acc {{ {acc.struct} }};")
        lines += self._buffers()
        real = "double" if a.component.compute == "double" else "float"
        fields = "R0 r0; R1 r1; " if self.addresses else ""
        fields += (f"{real} count; {real} ddof; uint rows; uint R; uint I; uint chunks; uint chunk; uint in_off; "
                   "uint out_off;")
        lines.append("layout(push_constant) uniform Push { " + fields + " } p;")
        lines.append(acc.code)
        if self.shuffle:
            lines.append(_shuffle_function(acc.struct, a.compute))
        lines.append(f"shared Acc sh[{WORKGROUP * (4 if self.vec and self.layout == 'col' else 1)}];")
        lines += self._main()
        return "\n".join(lines) + "\n"

    def _buffers(self) -> list[str]:
        if self.stage == "first":
            storage, size = self.in_dtype.storage, self.in_dtype.itemsize
            blocks = [buffer_block(0, "inp", storage, "readonly", self.addresses, size)]
            if self.vec:
                blocks.append(buffer_block(0, "inp_v", VEC4[storage], "readonly", self.addresses, 4 * size, "V"))
        else:
            blocks = [buffer_block(0, "inp", "Acc", "readonly", self.addresses, 8)]
        if self.final:
            blocks.append(buffer_block(1, "outp", self.out_dtype.storage, "writeonly", self.addresses,
                                       self.out_dtype.itemsize))
        else:
            blocks.append(buffer_block(1, "outp", "Acc", "writeonly", self.addresses, 8))
        return blocks

    def _load(self, index: str) -> str:
        """The element (converted) or accumulator at ``index`` of the input."""
        if self.stage == "combine":
            return f"inp.d[{index}]"
        return convert(f"inp.d[{index}]", self.in_dtype, self.acc_dtype)

    def _update(self, value: str, position: str, acc: str = "a") -> str:
        if self.stage == "combine":
            return f"{acc} = acc_combine({acc}, {value});"
        return f"{acc} = acc_update({acc}, {value}, {position});"

    def _write(self, target: str, partial: str, acc: str = "a") -> str:
        if self.final:
            value = store(f"acc_final({acc})", self.out_dtype, self.result_dtype)
            return f"outp.d[p.out_off + {target}] = {value};"
        return f"outp.d[{partial}] = {acc};"

    def _main(self) -> list[str]:
        body = ["void main() {", "  uint tid = gl_LocalInvocationID.x;"]
        if self.addresses:
            body += ["  R0 inp = p.r0;", "  R1 outp = p.r1;"]
            if self.vec:
                body.append("  V0 inp_v = V0(p.r0);")
        body += self._row_task() if self.layout == "row" else self._col_task()
        body.append("}")
        return body

    def _row_task(self) -> list[str]:
        """``split`` threads per row (a power of two up to the workgroup), WORKGROUP / split rows per workgroup."""
        w, tpr = WORKGROUP, self.split
        rows_per_group = w // tpr
        far = (UNROLL - 1) * tpr
        body = [
            f"  uint lt = tid % {tpr}u, g = tid / {tpr}u;",
            "  uint tasks = p.rows * p.chunks;",
            f"  for (uint first = gl_WorkGroupID.x * {rows_per_group}u; first < tasks; "
            f"first += gl_NumWorkGroups.x * {rows_per_group}u) {{",
            "    uint task = first + g;",
            "    Acc a = acc_identity();",
            "    if (task < tasks) {",
            "      uint row = task / p.chunks;",
            "      uint begin = (task - row * p.chunks) * p.chunk;",
            "      uint end = p.R - begin > p.chunk ? begin + p.chunk : p.R;",
            "      uint base = p.in_off + row * p.R;",
        ]
        if self.vec:
            vec = VEC4[self.in_dtype.storage]
            body += ["      uint base4 = base >> 2, end4 = end >> 2;",
                     "      uint j = (begin >> 2) + lt;",
                     f"      for (; j < end4 && end4 - j > {far}u; j += {UNROLL * tpr}u) {{"]
            body += [f"        {vec} v{u} = inp_v.d[base4 + j + {u * tpr}u];" for u in range(UNROLL)]
            for u in range(UNROLL):
                body += self._lanes(f"v{u}", f"(j + {u * tpr}u) * 4u", "        ")
            body += ["      }", f"      for (; j < end4; j += {tpr}u) {{", f"        {vec} v = inp_v.d[base4 + j];"]
            body += self._lanes("v", "j * 4u", "        ")
            body.append("      }")
        else:
            body += ["      uint j = begin + lt;",
                     f"      for (; j < end && end - j > {far}u; j += {UNROLL * tpr}u) {{"]
            body += [f"        {self._value_type()} x{u} = {self._load(f'base + j + {u * tpr}u')};"
                     for u in range(UNROLL)]
            body += [f"        {self._update(f'x{u}', f'j + {u * tpr}u')}" for u in range(UNROLL)]
            body += ["      }", f"      for (; j < end; j += {tpr}u) {self._update(self._load('base + j'), 'j')}"]
        body.append("    }")
        write = self._write("(task / p.chunks)", "task")
        if not self.shuffle:
            body += ["    sh[tid] = a;",
                     "    barrier();",
                     f"    for (uint s = {tpr // 2}u; s > 0u; s >>= 1) {{",
                     "      if (lt < s) sh[tid] = acc_combine(sh[tid], sh[tid + s]);",
                     "      barrier();",
                     "    }",
                     f"    if (lt == 0u && task < tasks) {{ a = sh[tid]; {write} }}",
                     "    barrier();",
                     "  }"]
            return body
        # butterfly within the subgroup (over the row's lanes only), then the row's subgroups in turn
        body += [f"    uint width = min({tpr}u, gl_SubgroupSize);",
                 "    for (uint m = 1u; m < width; m <<= 1) a = acc_combine(a, acc_shuffle_xor(a, m));"]
        if tpr <= 8:  # no device has subgroups of fewer than 8 invocations that vulkit runs on (see shuffle_ok)
            body += [f"    if (lt == 0u && task < tasks) {{ {write} }}", "  }"]
            return body
        body += [f"    if ({tpr}u > gl_SubgroupSize) {{",
                 "      if (gl_SubgroupInvocationID == 0u) sh[tid / gl_SubgroupSize] = a;",
                 "      barrier();",
                 "      if (lt == 0u) {",
                 "        uint first_sub = tid / gl_SubgroupSize;",
                 f"        for (uint k = 1u; k < {tpr}u / gl_SubgroupSize; k++) a = acc_combine(a, sh[first_sub + k]);",
                 "      }",
                 "      barrier();",
                 "    }",
                 f"    if (lt == 0u && task < tasks) {{ {write} }}",
                 "  }"]
        return body

    def _lanes(self, vec: str, position: str, indent: str, acc: str = "a") -> list[str]:
        return [indent + self._update(convert(f"{vec}.{lane}", self.in_dtype, self.acc_dtype), f"{position} + {k}u",
                                      acc)
                for k, lane in enumerate("xyzw")]

    def _value_type(self) -> str:
        return "Acc" if self.stage == "combine" else self.acc_dtype.compute

    def _col_task(self) -> list[str]:
        """``split`` lanes along R times WORKGROUP / split threads side by side, each thread one output (four
        adjacent ones with ``vec``: a vec4 load across the inner axis)."""
        lanes = self.split
        across = WORKGROUP // lanes
        width = 4 if self.vec else 1
        n_out = across * width
        far = (COL_UNROLL - 1) * lanes
        accs = [f"a{k}" for k in range(width)] if self.vec else ["a"]
        body = [
            f"  uint tx = tid % {across}u, ty = tid / {across}u;",
            "  uint outputs = p.rows * p.I;",
            f"  uint tasks = (outputs + {n_out - 1}u) / {n_out}u * p.chunks;",
            "  for (uint task = gl_WorkGroupID.x; task < tasks; task += gl_NumWorkGroups.x) {",
            "    uint tile = task / p.chunks, chunk = task - tile * p.chunks;",
            f"    uint n = tile * {n_out}u + tx * {width}u;",
            "    uint begin = chunk * p.chunk;",
            "    uint end = p.R - begin > p.chunk ? begin + p.chunk : p.R;",
            *[f"    Acc {a} = acc_identity();" for a in accs],
            "    if (n < outputs) {",
            "      uint o = n / p.I, i = n - o * p.I;",
            "      uint base = p.in_off + o * p.R * p.I + i;",
            "      uint r = begin + ty;",
            f"      for (; r < end && end - r > {far}u; r += {COL_UNROLL * lanes}u) {{",
        ]
        if self.vec:
            vec = VEC4[self.in_dtype.storage]
            body += [f"        {vec} v{u} = inp_v.d[(base + (r + {u * lanes}u) * p.I) >> 2];"
                     for u in range(COL_UNROLL)]
            for u in range(COL_UNROLL):
                for k, lane in enumerate("xyzw"):
                    value = convert(f"v{u}.{lane}", self.in_dtype, self.acc_dtype)
                    body.append(f"        {self._update(value, f'r + {u * lanes}u', f'a{k}')}")
            body += ["      }", f"      for (; r < end; r += {lanes}u) {{",
                     f"        {vec} v = inp_v.d[(base + r * p.I) >> 2];"]
            for k, lane in enumerate("xyzw"):
                value = convert(f"v.{lane}", self.in_dtype, self.acc_dtype)
                body.append(f"        {self._update(value, 'r', f'a{k}')}")
            body.append("      }")
        else:
            body += [f"        {self._value_type()} x{u} = {self._load(f'base + (r + {u * lanes}u) * p.I')};"
                     for u in range(COL_UNROLL)]
            body += [f"        {self._update(f'x{u}', f'r + {u * lanes}u')}" for u in range(COL_UNROLL)]
            tail = self._update(self._load("base + r * p.I"), "r")
            body += ["      }", f"      for (; r < end; r += {lanes}u) {tail}"]
        body.append("    }")
        if lanes > 1:
            body += [f"    sh[tid * {width}u + {k}u] = {a};" for k, a in enumerate(accs)]
            body += ["    barrier();",
                     f"    for (uint s = {lanes // 2}u; s > 0u; s >>= 1) {{",
                     "      if (ty < s) {"]
            body += [f"        sh[tid * {width}u + {k}u] = acc_combine(sh[tid * {width}u + {k}u], "
                     f"sh[(tid + s * {across}u) * {width}u + {k}u]);" for k in range(width)]
            body += ["      }", "      barrier();", "    }"]
            body += [f"    {a} = sh[tid * {width}u + {k}u];" for k, a in enumerate(accs)]
        body.append("    if (ty == 0u && n < outputs) {")
        for k, a in enumerate(accs):
            body.append(f"      {self._write(f'n + {k}u', f'chunk * outputs + n + {k}u', a)}")
        body.append("    }")
        if lanes > 1:
            body.append("    barrier();")
        body.append("  }")
        return body
