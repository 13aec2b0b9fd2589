"""Histogram kernels (``bincount``, ``histogram``): counts by integer atomics, and weighted sums as fixed-point
integers added by pairs of 32-bit atomics, so that the order of the atomics cannot change a bit of the result."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..dtypes import DType, float64, int64, require_supported, uint32
from .glsl import WORKGROUP, convert, header
from .scan import Buffers

SHARED_COUNT_BINS = 4096  # bins a workgroup counts in shared memory (16 KiB of uint) before adding to the output
SHARED_SUM_BINS = 512  # bins a workgroup sums weights of in shared memory (7 uints a bin: 14 KiB)
FIXED_BITS = 96  # weights are summed as integers of FIXED_BITS bits below the largest |weight|'s binade


def _pair_add(name: str, word: str, scope: str = "") -> list[str]:
    """``add_<name>(uint at, int64_t v)``: a 64-bit integer add into two 32-bit words (``word(i)``, a little-endian
    int64) by two 32-bit atomics: the low word's add returns the old value, whose carry goes into the high word. Sums
    come out exact whatever the order (every device has 32-bit atomics; 64-bit ones are optional). ``scope``: the
    atomics' extra arguments."""
    return [f"void add_{name}(uint at, int64_t v) {{",
            "  uvec2 h = unpackUint2x32(uint64_t(v));",
            "  if (h.x != 0u) {",
            f"    uint old = atomicAdd({word.format('at')}, h.x{scope});",
            "    if (old + h.x < old) h.y += 1u;",
            "  }",
            f"  if (h.y != 0u) atomicAdd({word.format('at + 1u')}, h.y{scope});",
            "}"]


# NOTE: the default scope of an atomic on a buffer is Device, which a device with vulkanMemoryModel but not
# vulkanMemoryModelDeviceScope must not use (the validation layers fail the submit): QueueFamily holds every
# invocation of the dispatch as well.
# Once one atomic names a scope the module follows the Vulkan memory model, where every atomic must name one; relaxed
# atomics name no storage class (spirv-val: storage semantics need an acquire or release order).
_QUEUE_SCOPE = ", gl_ScopeQueueFamily, gl_StorageSemanticsNone, gl_SemanticsRelaxed"
_SHARED_SCOPE = ", gl_ScopeWorkgroup, gl_StorageSemanticsNone, gl_SemanticsRelaxed"
# Shared histograms: set, read and barrier. Under the Vulkan memory model plain accesses are private to their
# invocation; atomics and a barrier that makes shared memory available and visible order them across the workgroup.
_SHARED_ACCESS = {
    False: ["#define SH_SET(x, v) x = v", "#define SH_GET(x) (x)", "#define SH_BARRIER() barrier()"],
    True: [f"#define SH_SET(x, v) atomicExchange(x, v{_SHARED_SCOPE})",
           f"#define SH_GET(x) atomicOr(x, 0u{_SHARED_SCOPE})",
           "#define SH_BARRIER() controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, "
           "gl_SemanticsAcquireRelease | gl_SemanticsMakeAvailable | gl_SemanticsMakeVisible)"],
}


@dataclass(frozen=True)
class HistSpec:
    """The kernels of ``bincount`` and ``histogram``.

    ``kind``: ``count`` (the number of elements per bin, added as 64-bit integers into the output), ``first``
    (the smallest element index per bin, an atomic minimum into a uint32 output filled with 2^32 - 1 before),
    ``weighted`` (each bin's weights summed exactly as 3 limbs of 32 bits of a FIXED_BITS fixed-point number
    below the largest finite |weight|, and NaN/+inf/-inf flags: 4 int64 per bin), ``finish`` (the weighted limbs
    and flags of each bin as a float64). ``key``: ``index`` (the element is its bin) or ``edges`` (the bin whose
    edges hold it, by binary search in ``edges_dtype``: ``edges[i] <= x < edges[i + 1]``, the last bin closed,
    elements outside the edges and NaN skipped). ``shared``: the workgroup adds into a private histogram in
    shared memory first. ``scoped``: the output's atomics name the QueueFamily scope (devices with the Vulkan memory
    model). Bindings: keys, [weights, the largest |weight|], [edges], the output.

    Every result is an integer sum (or rounded once from one), so the order of the atomics cannot change it.
    """

    kind: str
    src: DType
    key: str = "index"
    weights: DType | None = None
    edges_dtype: DType | None = None
    shared: bool = False
    scoped: bool = False
    addresses: bool = False

    @cached_property
    def _inputs(self) -> list[tuple[str, str, int]]:
        if self.kind == "finish":
            return [("acc", "int64_t", 8), ("stat", "double", 8)]
        found = [("keys", self.src.storage, self.src.itemsize)]
        if self.kind == "weighted":
            found += [("wts", self.weights.storage, self.weights.itemsize), ("stat", "double", 8)]
        if self.key == "edges":
            found.append(("edges", self.edges_dtype.storage, self.edges_dtype.itemsize))
        return found

    @property
    def bindings(self) -> int:
        return 0 if self.addresses else len(self._inputs) + 1

    @cached_property
    def _fields(self) -> list[str]:
        if self.kind == "finish":
            return ["nbins", "acc_off", "stat_off", "out_off"]
        names = ["n", "nbins", "key_off", "out_off"]
        if self.kind == "weighted":
            names += ["wt_off", "stat_off"]
        if self.key == "edges":
            names.append("edge_off")
        return names

    @cached_property
    def push(self) -> struct.Struct:
        return struct.Struct("=" + "Q" * (self.addresses * (len(self._inputs) + 1)) + "I" * len(self._fields))

    @property
    def groups_per(self) -> int:
        return WORKGROUP

    def require(self, context: Any) -> None:
        needed = {int64, uint32, *([self.src] if self.kind != "finish" else [])}
        if self.kind != "count":
            needed.add(float64)
        if self.weights is not None:
            needed.add(self.weights)
        if self.edges_dtype is not None:
            needed.add(self.edges_dtype)
        for d in needed:
            require_supported(d, context.dtypes, context.device.physical.name)

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        dtypes = [int64, *([self.src] if self.kind != "finish" else [])]
        if self.kind != "count":
            dtypes.append(float64)
        dtypes += [d for d in (self.weights, self.edges_dtype) if d is not None]
        lines = header(tuple(dtypes), self.addresses, float_controls,
                       extensions=("GL_KHR_memory_scope_semantics",) if self.scoped else ())
        buffers = Buffers(self.addresses)
        for name, storage, size in self._inputs:
            buffers.add(name, storage, size, "readonly")
        if self.kind == "finish":
            buffers.add("dst", "double", 8, "writeonly")
        else:
            buffers.add("dst", "uint", 4, "")
        lines += buffers.lines
        address_fields, _ = buffers.push_fields()
        lines.append("layout(push_constant) uniform Push { " + address_fields + " "
                     + " ".join(f"uint {f};" for f in self._fields) + " } p;")
        lines += [
            "double ldexp2(double x, int e) { int h = e / 2; return ldexp(ldexp(x, h), e - h); }",
            "int scale_exponent(double largest) { int e; frexp(largest, e); return e; }",
            # NOTE: lavapipe's float64 trunc returns negative values past -2^31 unchanged on some CPUs; floor is exact
            "double trunc_exact(double x) { return x < 0.0 ? -floor(-x) : floor(x); }",
        ]
        if self.kind == "finish":
            return "\n".join(lines + self._finish()) + "\n"
        scope = _QUEUE_SCOPE if self.scoped else ""
        lines += _SHARED_ACCESS[self.scoped]
        lines += _pair_add("out", "DSTS({})", scope)
        lines.append(f"void or_out(uint at, uint v) {{ atomicOr(DSTS(at), v{scope}); }}")
        lines += self._bin_function()
        body = {"count": self._count, "first": self._first, "weighted": self._weighted}[self.kind]()
        return "\n".join(lines + body) + "\n"

    def _bin_function(self) -> list[str]:
        """``int bin_of(uint i)``: element i's bin, -1 where it has none."""
        if self.key == "index":
            return ["int bin_of(uint i) { return int(uint(KEYSS(p.key_off + i))); }"]
        et = self.edges_dtype
        t = et.compute
        return [
            f"{t} edge(uint k) {{ return {convert('EDGESS(p.edge_off + k)', et, et)}; }}",
            "int bin_of(uint i) {",
            f"  {t} x = {convert('KEYSS(p.key_off + i)', self.src, et)};",
            "  if (!(x >= edge(0u) && x <= edge(p.nbins))) return -1;",
            "  uint lo = 0u, hi = p.nbins;",
            "  while (hi - lo > 1u) { uint mid = (lo + hi) >> 1; if (edge(mid) <= x) lo = mid; else hi = mid; }",
            "  return int(lo);",
            "}",
        ]

    def _loop(self, body: list[str]) -> list[str]:
        return [f"  uint step = gl_NumWorkGroups.x * {WORKGROUP}u;",
                "  for (uint i = gl_GlobalInvocationID.x; i < p.n; i = p.n - i > step ? i + step : p.n) {",
                "    int b = bin_of(i);",
                "    if (b < 0) continue;",
                *body,
                "  }"]

    def _count(self) -> list[str]:
        if not self.shared:
            return ["void main() {", *self._loop(["    add_out(p.out_off + 2u * uint(b), int64_t(1));"]), "}"]
        return [f"shared uint counts[{SHARED_COUNT_BINS}];",
                "void main() {",
                f"  for (uint k = gl_LocalInvocationID.x; k < p.nbins; k += {WORKGROUP}u) SH_SET(counts[k], 0u);",
                "  SH_BARRIER();",
                *self._loop([f"    atomicAdd(counts[b], 1u{_SHARED_SCOPE if self.scoped else ''});"]),
                "  SH_BARRIER();",
                f"  for (uint k = gl_LocalInvocationID.x; k < p.nbins; k += {WORKGROUP}u) {{",
                "    uint c = SH_GET(counts[k]);",
                "    if (c != 0u) add_out(p.out_off + 2u * k, int64_t(c));",
                "  }",
                "}"]

    def _first(self) -> list[str]:
        scope = _QUEUE_SCOPE if self.scoped else ""
        return ["void main() {", *self._loop([f"    atomicMin(DSTS(p.out_off + uint(b)), i{scope});"]), "}"]

    def _weighted(self) -> list[str]:
        w = self.weights
        split = [
            f"    double v = {convert('WTSS(p.wt_off + i)', w, float64)};",
            "    if (isnan(v) || isinf(v)) {",
            "      FLAG(uint(b), isnan(v) ? 1u : (v > 0.0 ? 2u : 4u));",
            "      continue;",
            "    }",
            f"    double s = ldexp2(v, {FIXED_BITS} - e);",
            "    double l2 = trunc_exact(ldexp(s, -64));",
            "    double r = s - ldexp(l2, 64);",
            "    double l1 = trunc_exact(ldexp(r, -32));",
            "    double l0 = trunc_exact(r - ldexp(l1, 32));",
            "    LIMB(uint(b), 0u, int64_t(l0)); LIMB(uint(b), 1u, int64_t(l1)); LIMB(uint(b), 2u, int64_t(l2));",
        ]
        start = ["void main() {", "  int e = scale_exponent(STATS(p.stat_off));"]
        if not self.shared:
            return ["#define LIMB(b, k, v) add_out(p.out_off + 8u * (b) + 2u * (k), v)",
                    "#define FLAG(b, f) or_out(p.out_off + 8u * (b) + 6u, f)",
                    *start, *self._loop(split), "}"]
        words = 7 * SHARED_SUM_BINS
        scope = _SHARED_SCOPE if self.scoped else ""
        return [f"shared uint sums[{words}];",
                *_pair_add("sums", "sums[{}]", scope),
                "#define LIMB(b, k, v) add_sums(7u * (b) + 2u * (k), v)",
                f"#define FLAG(b, f) atomicOr(sums[7u * (b) + 6u], f{scope})",
                *start,
                f"  for (uint k = gl_LocalInvocationID.x; k < 7u * p.nbins; k += {WORKGROUP}u) SH_SET(sums[k], 0u);",
                "  SH_BARRIER();",
                *self._loop(split),
                "  SH_BARRIER();",
                f"  for (uint k = gl_LocalInvocationID.x; k < p.nbins; k += {WORKGROUP}u) {{",
                "    for (uint j = 0u; j < 3u; ++j) {",
                "      uvec2 h = uvec2(SH_GET(sums[7u * k + 2u * j]), SH_GET(sums[7u * k + 2u * j + 1u]));",
                "      int64_t v = int64_t(packUint2x32(h));",
                "      if (v != 0l) add_out(p.out_off + 8u * k + 2u * j, v);",
                "    }",
                "    uint flags = SH_GET(sums[7u * k + 6u]);",
                "    if (flags != 0u) or_out(p.out_off + 8u * k + 6u, flags);",
                "  }",
                "}"]

    def _finish(self) -> list[str]:
        return [
            "void main() {",
            "  uint k = gl_GlobalInvocationID.x;",
            "  if (k >= p.nbins) return;",
            "  int e = scale_exponent(STATS(p.stat_off));",
            "  uint at = p.acc_off + 4u * k;",
            "  int64_t l0 = ACCS(at), l1 = ACCS(at + 1u), l2 = ACCS(at + 2u);",
            "  uint flags = uint(ACCS(at + 3u));",
            "  int64_t c = l0 >> 32; l0 -= c << 32; l1 += c;",  # carries: l0 and l1 in [0, 2^32)
            "  c = l1 >> 32; l1 -= c << 32; l2 += c;",
            f"  double v = ldexp2(double(l2), e - {FIXED_BITS - 64}) + ldexp2(double(l1), e - {FIXED_BITS - 32});",
            f"  v += ldexp2(double(l0), e - {FIXED_BITS});",
            "  if ((flags & 1u) != 0u || (flags & 6u) == 6u) v = uintBitsToFloat(0x7fc00000u);",
            "  else if ((flags & 2u) != 0u) v = uintBitsToFloat(0x7f800000u);",
            "  else if ((flags & 4u) != 0u) v = uintBitsToFloat(0xff800000u);",
            "  DSTS(p.out_off + k) = v;",
            "}",
        ]
