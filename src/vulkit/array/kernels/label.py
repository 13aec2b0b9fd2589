"""Connected-component labelling kernels (``vt.image.label``): a lock-free union-find over the pixels.

The parent array P starts as P[i] = i. ``merge`` (an invocation a pixel): a foreground pixel unites with each
foreground neighbour that comes before it (the structure's offsets of negative linear step): both roots are found,
and the larger is hooked under the smaller by an atomic minimum, retried with the value the atomic returns until
the two are one. Parents only ever decrease, so no invocation waits on another (nothing relies on forward progress
across workgroups) and each retry strictly lowers a root. ``flatten``: each pixel's parent becomes its root, the
smallest linear index of its component (its first pixel in raster order, where scipy numbers components from).
Arrays of up to 4 dimensions (the shape padded with leading ones); offsets and bounds are compiled in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from . import sort_glsl as sg
from .sort_glsl import Buffer

STAGES = ("merge", "flatten")
WG = 256
_SCALARS = ("n", "d0", "d1", "d2", "d3", "gx")


@dataclass(frozen=True)
class LabelSpec(sg.BufferSpec):
    """One stage of the labelling. Buffers: the foreground mask M (uint, 1 or 0) and the parents P (uint).
    ``offsets``: the structure's neighbours before the centre, as (d0, d1, d2, d3) steps."""

    stage: str
    offsets: tuple[tuple[int, int, int, int], ...]
    scoped: bool = False
    addresses: bool = False
    groups_per: ClassVar[int] = 1

    SCALARS: ClassVar[tuple[str, ...]] = _SCALARS
    NEEDS: ClassVar[str] = "label"

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        return (Buffer("M", "uint", 4, True), Buffer("P", "uint", 4))

    def require(self, context: object) -> None:  # atomics only: no subgroup operations
        return None

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        if self.stage not in STAGES:
            raise ValueError(f"LabelSpec: unknown stage {self.stage!r}")
        lines = sg.header([], float_controls, WG, self.addresses)
        lines += self.declarations()
        lines += [*sg.atomic_lines(self.scoped), sg.buffer_min_line(self.scoped)]
        body = _MERGE if self.stage == "merge" else _FLATTEN
        neighbours = "\n".join(f"    visit(i, c, ivec4({a}, {b}, {c}, {d}));" for a, b, c, d in self.offsets)
        return "\n".join([*lines, _COMMON, body.replace("NEIGHBOURS", neighbours)]) + "\n"


_COMMON = """
// reads that may race with other invocations' atomic minimums: atomic themselves
uint parent(uint x) { return BUFFER_OR(P(x), 0u); }
uint find(uint x) {
  uint up = parent(x);
  while (up != x) { x = up; up = parent(x); }
  return x;
}
uint pixel() {
  return (gl_WorkGroupID.y * p.gx + gl_WorkGroupID.x) * 256u + gl_LocalInvocationID.x;
}
"""

_MERGE = """
void unite(uint a, uint b) {
  for (;;) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (a < b) { uint t = a; a = b; b = t; }
    uint old = BUFFER_MIN(P(a), b);
    if (old == a) return;  // a was a root and now hangs under b
    a = old;  // a had been hooked elsewhere meanwhile: unite from there
  }
}
void visit(uint i, ivec4 c, ivec4 step) {
  ivec4 at = c + step;
  ivec4 dims = ivec4(p.d0, p.d1, p.d2, p.d3);
  if (any(lessThan(at, ivec4(0))) || any(greaterThanEqual(at, dims))) return;
  uint j = uint(((at.x * dims.y + at.y) * dims.z + at.z) * dims.w + at.w);
  if (M(j) != 0u) unite(i, j);
}
void main() {
  uint i = pixel();
  if (i >= p.n || M(i) == 0u) return;
  ivec4 c;
  uint rest = i;
  c.w = int(rest % p.d3); rest /= p.d3;
  c.z = int(rest % p.d2); rest /= p.d2;
  c.y = int(rest % p.d1); rest /= p.d1;
  c.x = int(rest);
NEIGHBOURS
}
"""

_FLATTEN = """
void main() {
  uint i = pixel();
  if (i >= p.n || M(i) == 0u) return;
  BUFFER_MIN(P(i), find(i));  // atomic: other invocations read P(i) meanwhile
}
"""
