"""Gather and scatter kernels (advanced indexing): elements moved by an int32 index buffer."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, ClassVar

from .glsl import WORKGROUP

_BITS_TYPES = {1: "uint8_t", 2: "uint16_t", 4: "uint", 8: "uvec2", 16: "uvec4"}
_EXTENSIONS = {1: ("GL_EXT_shader_8bit_storage", "GL_EXT_shader_explicit_arithmetic_types_int8"),
               2: ("GL_EXT_shader_16bit_storage", "GL_EXT_shader_explicit_arithmetic_types_int16")}
_PUSH = struct.Struct("=Ii")  # n, offset (elements) of the side that is not indexed


@dataclass(frozen=True)
class IndexSpec:
    """``gather``: o[off + i] = s[idx[i]]; ``scatter``: o[idx[i]] = s[off + i]; elements of ``itemsize`` bytes
    moved as bits. Bindings: the source, the indices, the target."""

    kind: str
    itemsize: int
    addresses: bool = False
    bindings: ClassVar[int] = 3
    push: ClassVar[struct.Struct] = _PUSH
    groups_per: ClassVar[int] = WORKGROUP

    def require(self, context: Any) -> None:
        """Every device can: the elements are moved as unsigned integers of their size."""

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        et = _BITS_TYPES[self.itemsize]
        if self.kind == "gather":
            body = "o.d[p.off + int(i)] = s.d[x.d[i]];"
        else:
            body = "o.d[x.d[i]] = s.d[p.off + int(i)];"
        return "\n".join([
            "#version 450",
            *[f"#extension {e} : require" for e in _EXTENSIONS.get(self.itemsize, ())],
            f"layout(local_size_x = {WORKGROUP}) in;",
            f"layout(std430, set = 0, binding = 0) readonly buffer S {{ {et} d[]; }} s;",
            "layout(std430, set = 0, binding = 1) readonly buffer X { int d[]; } x;",
            f"layout(std430, set = 0, binding = 2) writeonly buffer O {{ {et} d[]; }} o;",
            "layout(push_constant) uniform Push { uint n; int off; } p;",
            "void main() {",
            f"  for (uint i = gl_GlobalInvocationID.x; i < p.n; i += gl_NumWorkGroups.x * {WORKGROUP}u) {{ {body} }}",
            "}",
        ]) + "\n"
