"""FFT kernels: one Stockham pass of a mixed-radix FFT per dispatch, over tiles of columns in shared memory.

A transform of length N along an axis sees its operand as lines (o, ·, c): ``O`` outer lines of ``N`` elements
strided by the axis's stride, ``C`` inner lines beside each other. N = R_1 ... R_P is cut into passes; pass p
(``Ns`` = R_1 ... R_{p-1}) is Stockham's autosorting step with radix R = R_p:

    for every column j < J = N / R:   v_i = x[j + i J] · W_{Ns R}^{i (j mod Ns)}   (i < R)
                                      V = DFT_R(v)
                                      y[(j / Ns) Ns R + j mod Ns + k Ns] = V_k     (k < R)

A workgroup takes ``tile`` adjacent columns (j, c) (or lines, when the whole transform is one pass), reads them
coalesced, and computes their DFT_R in registers and shared memory with the same autosort over its own radices
(16, 8, 4, 2, 3, 9, 5, 7, 11, 13: straight-line codelets with exact constants), each stage's butterflies one per
thread, reading the first stage from and writing the last stage to global memory directly. Twiddles come from
tables the host rounded once from extended precision (per stage of a radix R, see :func:`stage_twiddle_layout`; the
passes' W_{Ns R}^{i (j mod Ns)} as the product of two tables per pass laid out so that adjacent columns read adjacent
entries), read before the loads (and, in one-pass kernels, the barriers) they would otherwise wait behind. Kernels
compute forward transforms (e^{-2 pi i m / N}) only: an inverse transform is the conjugate of the forward transform
of the conjugate, so its first pass conjugates what it loads and its last pass what it stores (push-constant flags,
like the zero padding, cropping, scaling and table products).

Loads and stores take the variants the real and Bluestein transforms need: real input, real pairs read as one
complex number (real FFTs of even length as complex FFTs of half the length), Hermitian input (the spectrum
mirrored), the c2r pre-processing of the even-length trick, zero padding, a table multiplied in (chirps and
the chirp's spectrum), cropping, scaling, real output, real pairs written from a complex number, and the r2c
post-processing (``r2c``: fused where the whole line is in the workgroup; :class:`RealPostSpec` otherwise).
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from ..dtypes import DType, require_supported
from .glsl import buffer_block, header

LOADS = ("complex", "real", "pairs", "hermitian", "c2r")
STORES = ("complex", "real", "pairs", "r2c")
# (push field, struct code) after the buffer addresses; "S" is the scale, float or double
_FIELDS = (("Q", "I"), ("nc", "I"), ("nn", "I"), ("nl", "I"), ("Ns", "I"), ("lobits", "I"),
           ("in_off", "I"), ("is_o", "I"), ("is_c", "I"), ("is_n", "I"), ("nv", "I"),
           ("out_off", "I"), ("os_o", "I"), ("os_c", "I"), ("os_k", "I"), ("nout", "I"),
           ("tin", "I"), ("tout", "I"), ("tint", "I"), ("tlo", "I"), ("thi", "I"), ("flags", "I"))
# flags: conjugate the loaded values (inverse transforms run forward on conjugates), conjugate the stored ones,
# multiply the loaded / stored values by the table at tin + n / tout + k
LOAD_CONJ, STORE_CONJ, LOAD_TABLE, STORE_TABLE = 1, 2, 4, 8


def stage_twiddle_layout(stages: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(stage, Ns, offset) of each stage of a workgroup's DFT that multiplies by twiddles (Ns > 1, radix r > 1):
    its table holds W_{Ns r}^{k x} at offset + (k - 1) Ns + x (k < r, x < Ns), so that threads on adjacent
    butterflies read adjacent entries."""
    out, ns, offset = [], 1, 0
    for s, r in enumerate(stages):
        if ns > 1 and r > 1:
            out.append((s, ns, offset))
            offset += (r - 1) * ns
        ns *= r
    return out


def _literal(value: float, double: bool) -> str:
    text = repr(float(value))
    if "e" not in text and "." not in text:
        text += ".0"
    return text + ("lf" if double else "")


class _Codelet:
    """Straight-line GLSL of small DFTs over complex variables (``C``: vec2 or dvec2)."""

    def __init__(self, double: bool) -> None:
        self.double = double
        self.lines: list[str] = []
        self.count = 0

    def let(self, expr: str) -> str:
        name = f"t{self.count}"
        self.count += 1
        self.lines.append(f"C {name} = {expr};")
        return name

    def lit(self, value: float) -> str:
        return _literal(value, self.double)

    def rotate(self, x: str, e: int, r: int, sign: int) -> str:
        """x · e^{sign 2 pi i e / r}, exact for the multiples of pi/4."""
        e %= r
        if e == 0:
            return x
        if (4 * e) % r == 0:
            quarter = (4 * e // r) * (1 if sign > 0 else 3) % 4  # multiply by i^quarter
            return {1: f"C(-{x}.y, {x}.x)", 2: f"(-{x})", 3: f"C({x}.y, -{x}.x)"}[quarter]
        angle = sign * 2 * math.pi * e / r
        c, s = math.cos(angle), math.sin(angle)
        if (8 * e) % r == 0:  # odd multiples of pi/4: h (±1 ± i), h = sqrt(1/2)
            h = self.lit(math.sqrt(0.5))
            re = f"{'' if c > 0 else '-'}{x}.x {'-' if s > 0 else '+'} {x}.y"
            im = f"{'' if s > 0 else '-'}{x}.x {'+' if c > 0 else '-'} {x}.y"
            return f"({h} * C({re}, {im}))"
        cl, sl = self.lit(c), self.lit(s)
        return f"C({x}.x * {cl} - {x}.y * {sl}, {x}.x * {sl} + {x}.y * {cl})"

    def dft(self, xs: list[str], sign: int) -> list[str]:
        """Names holding DFT(xs) (sign -1: forward)."""
        r = len(xs)
        if r == 1:
            return list(xs)
        if r == 2:
            return [self.let(f"{xs[0]} + {xs[1]}"), self.let(f"{xs[0]} - {xs[1]}")]
        if r == 4:
            a, b = self.let(f"{xs[0]} + {xs[2]}"), self.let(f"{xs[0]} - {xs[2]}")
            c, d = self.let(f"{xs[1]} + {xs[3]}"), self.let(f"{xs[1]} - {xs[3]}")
            d = self.let(self.rotate(d, 1, 4, sign))
            return [self.let(f"{a} + {c}"), self.let(f"{b} + {d}"), self.let(f"{a} - {c}"), self.let(f"{b} - {d}")]
        factor = next((f for f in (4, 3, 2) if r % f == 0 and r != f), None)
        if factor is None:
            return self._prime(xs, sign)
        # r = r1 r2, n = r2 n1 + n2, k = k1 + r1 k2
        r1, r2 = factor, r // factor
        inner = [self.dft([xs[r2 * n1 + n2] for n1 in range(r1)], sign) for n2 in range(r2)]
        rotated = [[self.let(self.rotate(inner[n2][k1], n2 * k1, r, sign)) if n2 * k1 % r else inner[n2][k1]
                    for k1 in range(r1)] for n2 in range(r2)]
        out = [""] * r
        for k1 in range(r1):
            ys = self.dft([rotated[n2][k1] for n2 in range(r2)], sign)
            for k2 in range(r2):
                out[k1 + r1 * k2] = ys[k2]
        return out

    def _prime(self, xs: list[str], sign: int) -> list[str]:
        """An odd prime length: the pairs x_k ± x_{p-k} and their cosine and sine sums."""
        p = len(xs)
        h = (p - 1) // 2
        sums = [self.let(f"{xs[k]} + {xs[p - k]}") for k in range(1, h + 1)]
        diffs = [self.let(f"{xs[k]} - {xs[p - k]}") for k in range(1, h + 1)]
        out = [""] * p
        out[0] = self.let(" + ".join([xs[0], *sums]))
        for m in range(1, h + 1):
            re = " + ".join([xs[0]] + [f"{self.lit(math.cos(2 * math.pi * k * m / p))} * {sums[k - 1]}"
                                       for k in range(1, h + 1)])
            im = " + ".join(f"{self.lit(math.sin(2 * math.pi * k * m / p))} * {diffs[k - 1]}"
                            for k in range(1, h + 1))
            a, b = self.let(re), self.let(im)
            b = self.let(self.rotate(b, 1, 4, sign))  # sign i · b
            out[m], out[p - m] = self.let(f"{a} + {b}"), self.let(f"{a} - {b}")
        return out


def codelet(r: int, sign: int, names: list[str], double: bool) -> list[str]:
    """GLSL lines replacing the complex variables ``names`` by their DFT (in a block of its own)."""
    gen = _Codelet(double)
    out = gen.dft(list(names), sign)
    if r == 1:
        return []
    return ["{", *gen.lines, *[f"{n} = {o};" for n, o in zip(names, out, strict=True)], "}"]


def _helpers() -> list[str]:
    return ["C cmul(C a, C b) { return C(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }",
            "C times_i(C a) { return C(-a.y, a.x); }",
            "C conj_if(C a, bool c) { return c ? C(a.x, -a.y) : a; }",
            # the r2c post-processing: X_k from z = Z_k, y = conj Z_{H-k} and w = w^k
            "C r2c_post(C z, C y, C w) { return F(0.5) * ((z + y) - times_i(cmul(w, z - y))); }",
            f"#define LOAD_CONJ ((p.flags & {LOAD_CONJ}u) != 0u)",
            f"#define STORE_CONJ ((p.flags & {STORE_CONJ}u) != 0u)",
            f"#define LOAD_TABLE ((p.flags & {LOAD_TABLE}u) != 0u)",
            f"#define STORE_TABLE ((p.flags & {STORE_TABLE}u) != 0u)"]


def _push_struct(addresses: bool, double: bool) -> tuple[struct.Struct, list[str]]:
    """The push constants: the three addresses (input, table, output), the scale, then _FIELDS."""
    code = "=" + ("QQQ" if addresses else "") + ("d" if double else "f") + "".join(c for _, c in _FIELDS)
    fields = (["R0 r0;", "R1 r1;", "R2 r2;"] if addresses else []) + [("double" if double else "float") + " S;"]
    fields += [f"uint {name};" for name, _ in _FIELDS]
    return struct.Struct(code), fields


def _buffers(lines: list[str], in_type: str, in_size: int, dtype: DType, out_type: str, out_size: int,
             addresses: bool) -> None:
    lines.append(buffer_block(0, "inp", in_type, "readonly", addresses, in_size))
    lines.append(buffer_block(1, "tab", dtype.storage, "readonly", addresses, dtype.itemsize))
    lines.append(buffer_block(2, "outp", out_type, "writeonly", addresses, out_size))
    lines += (["#define INP p.r0", "#define TAB p.r1", "#define OUT p.r2"] if addresses else
              ["#define INP inp", "#define TAB tab", "#define OUT outp"])
    # real buffers also seen as complex numbers (pairs of reals at unit stride)
    if in_type != dtype.storage:
        lines.append(buffer_block(0, "inpv", dtype.storage, "readonly", addresses, dtype.itemsize, "V"))
        lines.append("#define INPV V0(p.r0)" if addresses else "#define INPV inpv")
    if out_type != dtype.storage:
        lines.append(buffer_block(2, "outpv", dtype.storage, "writeonly", addresses, dtype.itemsize, "W"))
        lines.append("#define OUTV W2(p.r2)" if addresses else "#define OUTV outpv")


@dataclass(frozen=True)
class FFTPassSpec:
    """One forward pass of radix R = prod(radices) (see the module's docstring) of complex ``dtype``.

    ``tile`` columns per workgroup of ``threads``; ``load_rows``/``store_rows``: consecutive threads take
    consecutive elements of a column (its elements are adjacent in memory) rather than consecutive columns.
    ``single``: the whole transform (N = R, no pass twiddles); ``twiddled``: a pass after the first (Ns > 1), whose
    loads are multiplied by the pass twiddles; ``prefetch``: a workgroup loops over several tiles and loads the next
    one's elements into registers before transforming the current one (one-pass kernels); ``r2c_pairs``: the fused
    r2c post-processing computes X_k and X_{H-k} together. ``load``/``store``: see
    LOADS, STORES; ``pad``: shared memory padded against bank conflicts; ``vector_pairs``: real pairs at unit
    stride and even offsets, moved as one complex number. At run time (push constants): elements past ``nv`` read
    as zero, only k < ``nout`` are stored, stores are scaled by ``S``, and ``flags`` conjugate and multiply by tables
    (inverse transforms are forward transforms of conjugates, conjugated). Bindings: input, table, output."""

    dtype: DType
    radices: tuple[int, ...]
    tile: int
    threads: int
    load_rows: bool
    store_rows: bool
    single: bool
    load: str = "complex"
    store: str = "complex"
    pad: bool = False
    vector_pairs: bool = False
    addresses: bool = False
    twiddled: bool = False
    prefetch: bool = False
    r2c_pairs: bool = False
    bindings: ClassVar[int] = 3
    groups_per: ClassVar[int] = 1

    def __post_init__(self) -> None:
        if self.load not in LOADS or self.store not in STORES:
            raise ValueError(f"FFTPassSpec: unknown load {self.load!r} or store {self.store!r}")
        if self.prefetch and not self.single:
            raise ValueError("FFTPassSpec: only one-pass kernels prefetch")

    @property
    def R(self) -> int:  # noqa: N802 - the radix's usual name
        return math.prod(self.radices)

    @property
    def push(self) -> struct.Struct:
        return _push_struct(self.addresses, self.dtype.component.itemsize == 8)[0]

    @property
    def stages(self) -> tuple[int, ...]:
        """The radices of the stages, with an exchange through shared memory (radix 1) where the only stage
        would load and store with different thread mappings."""
        if len(self.radices) == 1 and self.load_rows != self.store_rows and self.store != "r2c":
            return (*self.radices, 1)
        return self.radices

    @property
    def uses_shared(self) -> bool:
        return len(self.stages) > 1 or self.store == "r2c"

    @property
    def shared_layout_rows(self) -> bool:
        """Shared memory as [column][element] (else [element][column])."""
        return self.tile == 1 or (self.load_rows and self.store_rows)

    @property
    def shared_elements(self) -> int:
        size = self.tile * self.R
        return size + (size >> self._pad_shift) + 1 if self.pad else size

    @property
    def _pad_shift(self) -> int:
        return 4 if self.dtype.itemsize == 8 else 3

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)

    # -- source ------------------------------------------------------------------------------------------
    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d = self.dtype
        double = d.component.itemsize == 8
        real = d.component
        in_type = real.storage if self.load in ("real", "pairs") else d.storage
        out_type = real.storage if self.store in ("real", "pairs") else d.storage
        lines = header((d,), self.addresses, float_controls, self.threads)
        lines += [f"#define C {d.storage}", f"#define F {real.storage}"]
        _buffers(lines, in_type, 8 if in_type == "double" else 4 if in_type == "float" else d.itemsize, d,
                 out_type, 8 if out_type == "double" else 4 if out_type == "float" else d.itemsize, self.addresses)
        _, fields = _push_struct(self.addresses, double)
        lines.append("layout(push_constant) uniform Push { " + " ".join(fields) + " } p;")
        lines += _helpers()
        stages = self.stages
        if self.uses_shared:
            lines.append(f"shared C sh[{self.shared_elements}];")
        lines += self._main(stages, double)
        return "\n".join(lines) + "\n"

    def _sh(self, b: str, i: str) -> str:
        x = f"({b}) * {self.R}u + ({i})" if self.shared_layout_rows else f"({i}) * {self.tile}u + ({b})"
        return f"sh[{x} + (({x}) >> {self._pad_shift})]" if self.pad else f"sh[{x}]"

    def _column(self, b: str, tag: str, load: bool) -> list[str]:
        """Lines decomposing column q0 + b into the line (o, c) and j, with ``base`` its element offset."""
        off, so, sc = ("p.in_off", "p.is_o", "p.is_c") if load else ("p.out_off", "p.os_o", "p.os_c")
        lines = [f"uint q{tag} = q0 + ({b});",
                 f"uint c{tag} = q{tag} % p.nc;", f"uint l{tag} = q{tag} / p.nc;"]
        if self.single:
            lines.append(f"uint o{tag} = l{tag};")
        else:
            lines += [f"uint j{tag} = l{tag} % J;", f"uint o{tag} = l{tag} / J;"]
        lines.append(f"uint base{tag} = {off} + o{tag} * {so} + c{tag} * {sc};")
        return lines

    def _load_value(self, tag: str, i: str) -> list[str]:
        """Lines setting ``v`` to element i of the column of ``tag`` (its natural index n)."""
        n = f"n{tag}"
        lines = [f"uint {n} = {i};" if self.single else f"uint {n} = j{tag} + ({i}) * J;", "C v = C(0);"]
        at = f"base{tag} + {{}} * p.is_n"
        ok = f"q{tag} < p.Q && {n} < p.nv"
        if self.load == "complex":
            lines.append(f"if ({ok}) v = INP.d[{at.format(n)}];")
        elif self.load == "real":
            lines.append(f"if ({ok}) v = C(INP.d[{at.format(n)}], 0);")
        elif self.load == "pairs" and self.vector_pairs:
            lines += [f"if (q{tag} < p.Q && 2u * {n} + 1u < p.nv) v = INPV.d[(base{tag} >> 1) + {n}];",
                      f"else if (q{tag} < p.Q && 2u * {n} < p.nv) v.x = INP.d[base{tag} + 2u * {n}];"]
        elif self.load == "pairs":
            even, odd = f"(2u * {n})", f"(2u * {n} + 1u)"
            lines += [f"if (q{tag} < p.Q && {even} < p.nv) v.x = INP.d[{at.format(even)}];",
                      f"if (q{tag} < p.Q && {odd} < p.nv) v.y = INP.d[{at.format(odd)}];"]
        elif self.load == "hermitian":
            lines += [f"uint m{tag} = {n} <= p.nl / 2u ? {n} : p.nl - {n};",
                      f"if (q{tag} < p.Q && {n} < p.nl && m{tag} < p.nv) v = INP.d[{at.format('m' + tag)}];",
                      f"if ({n} > p.nl / 2u) v.y = -v.y;"]
        else:  # c2r: Z'_n = (A + conj B) + i w^n (A - conj B), A = X[n], B = X[H - n], H = N
            lines += ["C w = C(0);",
                      f"if (q{tag} < p.Q && {n} < p.nv) v = INP.d[{at.format(n)}];",
                      f"if (q{tag} < p.Q && p.nn - {n} < p.nv) w = INP.d[{at.format('(p.nn - ' + n + ')')}];",
                      f"if ({n} == 0u) {{ v.y = F(0); w.y = F(0); }}",
                      "w.y = -w.y;",
                      f"v = (v + w) + times_i(cmul(conj_if(TAB.d[p.tin + {n}], LOAD_CONJ), v - w));"]
        lines += [f"if (LOAD_TABLE && {n} < p.nl) v = cmul(v, TAB.d[p.tin + {n}]);", "v = conj_if(v, LOAD_CONJ);"]
        return lines

    def _store(self, tag: str, k: str, value: str) -> list[str]:
        """Lines storing ``value`` as element k (natural index) of the column of ``tag``."""
        lines = [f"{{ C v = {value};"]
        if self.store != "r2c":  # the r2c post-processing conjugates what it reads
            lines += ["v = conj_if(v, STORE_CONJ);", "v *= p.S;",
                      f"if (STORE_TABLE) v = cmul(v, TAB.d[p.tout + {k}]);"]
        else:
            lines.append("v *= p.S;")
        cond = f"q{tag} < p.Q && {k} < p.nout"
        at = f"base{tag} + {{}} * p.os_k"
        if self.store in ("complex", "r2c"):
            lines.append(f"if ({cond}) OUT.d[{at.format(k)}] = v;")
        elif self.store == "real":
            lines.append(f"if ({cond}) OUT.d[{at.format(k)}] = v.x;")
        elif self.vector_pairs:
            lines.append(f"if ({cond}) OUTV.d[(base{tag} >> 1) + {k}] = v;")
        else:
            lines.append(f"if ({cond}) {{ OUT.d[{at.format('(2u * ' + k + ')')}] = v.x; "
                         f"OUT.d[{at.format('(2u * ' + k + ' + 1u)')}] = v.y; }}")
        lines.append("}")
        return lines

    def _main(self, stages: tuple[int, ...], double: bool) -> list[str]:
        R, B = self.R, self.tile
        body = ["void main() {", "uint tid = gl_LocalInvocationID.x;",
                f"uint ntiles = (p.Q + {B - 1}u) / {B}u;"]
        if not self.single:
            body += [f"uint J = p.nn / {R}u;", "uint lomask = (1u << p.lobits) - 1u;",
                     "uint histride = (p.Ns + lomask) >> p.lobits;"]
        if self.prefetch:  # the first tile's elements, then each next tile's while the current one is transformed
            body += [f"C {n} = C(0);" for row in self._load_names("p") for n in row]
            body += ["{", f"uint q0 = gl_WorkGroupID.x * {B}u;", *self._loads(self._load_names("p")), "}"]
        body += ["for (uint tile = gl_WorkGroupID.x; tile < ntiles; tile += gl_NumWorkGroups.x) {",
                 f"uint q0 = tile * {B}u;"]
        ns = 1
        for s, r in enumerate(stages):
            if s > 0:
                # a stage's twiddles are read after the barrier ahead of it, not before: held across it they kept
                # the registers of a kernel that has few to spare (184 a thread for a row of 2048, two workgroups
                # an SM). An H200, one-pass kernels, before / after in turn twice: fft of 4096 rows of 2048
                # complex64 72.7 / 68.6 us, rfft of 4096^2 float32 rows 87.4 / 85.1, fftn 512^3 2988 / 2929 (an
                # H100 had given 3417 / 3463 for fftn); the passes of longer transforms read them after it already
                # (fft 2^24 on an H100: 543 -> 506 us)
                body += ["barrier();", *self._stage_twiddles(s, r, ns, len(stages))]
            body += self._stage(s, r, ns, len(stages))
            ns *= r
        if self.store == "r2c":
            body += ["barrier();", *self._r2c_epilogue()]
        if self.uses_shared:
            body.append("barrier();")
        body += ["}", "}"]
        return body

    def _mapping(self, s: int, count: int) -> bool:
        """Whether stage s maps consecutive threads to consecutive elements of a column (rows)."""
        if s == 0:
            return self.load_rows
        if s == count - 1 and self.store != "r2c":
            return self.store_rows
        return self.shared_layout_rows

    def _slot(self, s: int, count: int, t: int, width: int) -> list[str]:
        """Lines setting b (the column in the tile) and jj (the butterfly in the column) of thread slot t."""
        u = f"(tid + {t * self.threads}u)"
        if self._mapping(s, count):
            return [f"uint b = {u} / {width}u;", f"uint jj = {u} % {width}u;"]
        return [f"uint b = {u} % {self.tile}u;", f"uint jj = {u} / {self.tile}u;"]

    def _stage_twiddles(self, s: int, r: int, ns: int, count: int) -> list[str]:
        """Stage s's twiddles W_{ns r}^{k (jj mod ns)} of each thread slot, as variables w{s}_{t}_{k} (k > 0)."""
        offset = {stage: at for stage, _, at in stage_twiddle_layout(self.stages)}.get(s)
        if offset is None:
            return []
        width = self.R // r
        lines = []
        for t in range(self._slots(r)):
            names = [f"w{s}_{t}_{k}" for k in range(1, r)]
            lines += [f"C {n};" for n in names]
            lines += ["{", *self._slot(s, count, t, width)]
            lines += [f"{n} = TAB.d[p.tint + {offset + (k - 1) * ns}u + jj % {ns}u];"
                      for k, n in enumerate(names, start=1)]
            lines.append("}")
        return lines

    def _slots(self, r: int) -> int:
        """Thread slots of a stage of radix r: its butterflies over the workgroup's threads."""
        return -(-self.tile * (self.R // r) // self.threads)

    def _guard(self, t: int, r: int) -> str:
        """The condition of thread slot t of a stage of radix r where the last slot is not full ('' where it is)."""
        nb, T = self.tile * (self.R // r), self.threads
        return f"if (tid + {t * T}u < {nb}u) " if (t + 1) * T > nb else ""

    def _load_names(self, prefix: str) -> list[list[str]]:
        """Variables of the first stage's elements, per thread slot."""
        r = self.stages[0]
        return [[f"{prefix}{t}_{k}" for k in range(r)] for t in range(self._slots(r))]

    def _loads(self, names: list[list[str]]) -> list[str]:
        """Lines loading the first stage's elements of tile q0 into ``names`` (see :meth:`_load_names`), each
        multiplied by its pass twiddle where the pass is ``twiddled``."""
        count = len(self.stages)
        r = self.stages[0]
        width = self.R // r
        lines = []
        for t, row in enumerate(names):
            lines += [self._guard(t, r) + "{", *self._slot(0, count, t, width), *self._column("b", "", True)]
            if self.twiddled:  # the pass twiddles' reads first: independent of the loads, in flight with them
                lines.append("uint jm = j % p.Ns;")
                lines += [f"C w{k} = cmul(TAB.d[p.tlo + (({i}) << p.lobits) + (jm & lomask)], "
                          f"TAB.d[p.thi + ({i}) * histride + (jm >> p.lobits)]);"
                          for k, i in enumerate(f"jj + {k * width}u" for k in range(r))]
            for k, name in enumerate(row):
                lines += ["{", *self._load_value("", f"jj + {k * width}u"), f"{name} = v;", "}"]
                if self.twiddled:
                    lines.append(f"{name} = cmul({name}, w{k});")
            lines.append("}")
        return lines

    def _stage(self, s: int, r: int, ns: int, count: int) -> list[str]:
        R, B = self.R, self.tile
        first, last = s == 0, s == count - 1 and self.store != "r2c"
        width = R // r  # butterflies per column
        slots = self._slots(r)
        lines = [f"{{ // stage {s}: radix {r}, Ns {ns}"]
        names = [[f"a{t}_{k}" for k in range(r)] for t in range(slots)]
        lines += [f"C {n} = C(0);" for row in names for n in row]

        if first and self.prefetch:  # this tile's elements came with the last; the next tile's now
            lines += [f"{n} = {m};" for row, prow in zip(names, self._load_names("p"), strict=True)
                      for n, m in zip(row, prow, strict=True)]
            lines += ["{", f"uint q0 = (tile + gl_NumWorkGroups.x) * {B}u;", *self._loads(self._load_names("p")), "}"]
        elif first:
            lines += self._loads(names)
        else:
            for t in range(slots):
                lines += [self._guard(t, r) + "{", *self._slot(s, count, t, width)]
                for k in range(r):
                    lines.append(f"{names[t][k]} = {self._sh('b', f'jj + {k * width}u')};")
                    if ns > 1 and k > 0:
                        lines.append(f"{names[t][k]} = cmul({names[t][k]}, w{s}_{t}_{k});")
                lines.append("}")
        if not first:
            lines.append("barrier();")
        for t in range(slots):
            lines += [self._guard(t, r) + "{", *self._slot(s, count, t, width)]
            lines += codelet(r, -1, names[t], self.dtype.component.itemsize == 8)
            if last:
                lines += self._column("b", "", False)
            for k in range(r):
                idx = f"(jj / {ns}u) * {ns * r}u + jj % {ns}u + {k * ns}u"
                if last:
                    if self.single:
                        lines += ["{", f"uint kk = {idx};", *self._store("", "kk", names[t][k]), "}"]
                    else:
                        lines += ["{", f"uint kk = (j / p.Ns) * p.Ns * {R}u + j % p.Ns + ({idx}) * p.Ns;",
                                  *self._store("", "kk", names[t][k]), "}"]
                else:
                    lines.append(f"{self._sh('b', idx)} = {names[t][k]};")
            lines.append("}")
        lines.append("}")
        return lines

    def _r2c_epilogue(self) -> list[str]:
        """X_k = ((Z_k + conj Z_{H-k}) - i w^k (Z_k - conj Z_{H-k})) / 2 for k <= H = R, from shared memory: a
        column at a time along rows, else each thread on one column (threads a multiple of the tile). With
        ``r2c_pairs``, k runs to H / 2 and each k gives X_{H-k} too, from the same two elements and w^{H-k} =
        -conj(w^k): half the shared and table reads."""
        R, B, T = self.R, self.tile, self.threads
        pair = [f"C z = conj_if({self._sh('b', f'k % {R}u')}, STORE_CONJ);",
                f"C y = conj_if({self._sh('b', f'({R}u - k) % {R}u')}, !STORE_CONJ);",
                "C w = conj_if(TAB.d[p.tout + k], STORE_CONJ);",
                *self._store("", "k", "r2c_post(z, y, w)")]
        last = R
        if self.r2c_pairs:  # X_{H-k}: Z_{H-k} and conj Z_k are conj y and conj z
            pair += [f"if (2u * k != {R}u) {{", f"uint kr = {R}u - k;",
                     *self._store("", "kr", "r2c_post(C(y.x, -y.y), C(z.x, -z.y), C(-w.x, w.y))"), "}"]
            last = R // 2
        if self.store_rows:
            return [f"for (uint b = 0u; b < {B}u; b++) {{", *self._column("b", "", False),
                    f"for (uint k = tid; k <= {last}u; k += {T}u) {{", *pair, "}", "}"]
        return ["{", f"uint b = tid % {B}u;", *self._column("b", "", False),
                f"for (uint k = tid / {B}u; k <= {last}u; k += {T // B}u) {{", *pair, "}", "}"]


@dataclass(frozen=True)
class RealPostSpec:
    """The r2c post-processing of the even-length trick as a kernel of its own (after a multi-pass FFT of
    length H): X_k (k <= H) from Z_k and Z_{H-k}; Z contiguous (O, H, C), X at the output's strides.
    Bindings: Z, table, X. Push constants as :class:`FFTPassSpec`'s (Q = O C, N = H; STORE_CONJ: the inverse
    direction's twiddles)."""

    dtype: DType
    addresses: bool = False
    bindings: ClassVar[int] = 3
    groups_per: ClassVar[int] = 256
    threads: ClassVar[int] = 256

    @property
    def push(self) -> struct.Struct:
        return _push_struct(self.addresses, self.dtype.component.itemsize == 8)[0]

    def require(self, context: Any) -> None:
        require_supported(self.dtype, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        d = self.dtype
        double = d.component.itemsize == 8
        lines = header((d,), self.addresses, float_controls, self.threads)
        lines += [f"#define C {d.storage}", f"#define F {d.component.storage}"]
        _buffers(lines, d.storage, d.itemsize, d, d.storage, d.itemsize, self.addresses)
        _, fields = _push_struct(self.addresses, double)
        lines.append("layout(push_constant) uniform Push { " + " ".join(fields) + " } p;")
        lines += _helpers()
        lines += ["void main() {",
                  "uint H = p.nn, K = p.nn + 1u, total = p.Q * K;",
                  f"for (uint e = gl_GlobalInvocationID.x; e < total; e += gl_NumWorkGroups.x * {self.threads}u) {{",
                  "uint c = e % p.nc, t = e / p.nc, k = t % K, o = t / K;",
                  "uint zb = p.in_off + o * H * p.nc + c;",
                  "C z = INP.d[zb + (k % H) * p.nc];",
                  "C y = INP.d[zb + ((H - k) % H) * p.nc];",
                  "y.y = -y.y;",
                  "C v = r2c_post(z, y, conj_if(TAB.d[p.tout + k], STORE_CONJ));",
                  "v *= p.S;",
                  "OUT.d[p.out_off + o * p.os_o + c * p.os_c + k * p.os_k] = v;",
                  "}", "}"]
        return "\n".join(lines) + "\n"
