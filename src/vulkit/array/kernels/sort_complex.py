"""Sort keys of complex numbers, in NumPy's order: lexicographic (real part, then imaginary part, -0.0 equal to
0.0), then the values with a NaN part: R + nan j by R, nan + R j by R, nan + nan j last.

Each part has the float's order-preserving key (kernels/sort_glsl.py); a non-NaN real part's key is at most
the key of +inf, so the NaN classes take the high key values just above it (``kinf + 1, + 2, + 3``) with the
part that orders them as the low key. complex64 packs (high << 32 | low) into one uint64 key; complex128 has
two uint64 keys, sorted low first, then high (a stable LSD sort of the pair).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..dtypes import DType
from . import sort_glsl as sg
from .sort_glsl import Buffer

_SCALARS = ("total", "xoff")
_INF_BITS = {4: 0x7F800000, 8: 0x7FF0000000000000}


def nan_threshold(dtype: DType) -> int:
    """The high key above which a complex value has a NaN part (those are all distinct in unique)."""
    part = dtype.component
    kinf = _INF_BITS[part.itemsize] | (1 << (part.bits - 1))  # the key of +inf: its bits with the sign bit set
    return (kinf << 32) | 0xFFFFFFFF if part.itemsize == 4 else kinf


@dataclass(frozen=True)
class ComplexKeySpec(sg.BufferSpec):
    """KH[i] (and for complex128 KL[i]): the sort keys of the complex X[xoff + i]. Bindings: X, KH, KL."""

    dtype: DType
    addresses: bool = False
    groups_per: ClassVar[int] = 256

    SCALARS: ClassVar[tuple[str, ...]] = _SCALARS

    @property
    def buffers(self) -> tuple[Buffer, ...]:
        element = "uvec2" if self.dtype.itemsize == 8 else "u64vec2"
        return (Buffer("X", element, self.dtype.itemsize, True), Buffer("KH", "uint64_t", 8),
                Buffer("KL", "uint64_t", 8))

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        part = self.dtype.component
        lines = sg.header(sg.storage_extensions(8), float_controls, 256, self.addresses)
        lines += self.declarations()
        lines += sg.key_lines(part, False)
        inf = f"{_INF_BITS[part.itemsize]:#x}{'ul' if part.itemsize == 8 else 'u'}"
        store = ("KH(i) = (uint64_t(hi) << 32) | uint64_t(lo);" if part.itemsize == 4
                 else "KH(i) = hi; KL(i) = lo;")
        lines += [
            "void main() {",
            "  for (uint i = gl_GlobalInvocationID.x; i < p.total; i += gl_NumWorkGroups.x * 256u) {",
            "    XT re = XT(X(p.xoff + i).x), im = XT(X(p.xoff + i).y);",
            "    bool rn = is_nan(re), inan = is_nan(im);",
            f"    KT kinf = to_key(XT({inf}));",
            "    KT hi, lo;",
            "    if (!rn && !inan) { hi = to_key(re); lo = to_key(im); }",
            "    else if (!rn) { hi = kinf + KT(1); lo = to_key(re); }",
            "    else if (!inan) { hi = kinf + KT(2); lo = to_key(im); }",
            "    else { hi = kinf + KT(3); lo = KT(0); }",
            f"    {store}",
            "  }",
            "}",
        ]
        return "\n".join(lines) + "\n"
