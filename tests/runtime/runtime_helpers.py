"""Kernels and helpers shared by the runtime tests."""

from __future__ import annotations

import struct

import numpy as np

# b[i] = a[i] + s for i < n (float32).
ADD_SCALAR = """#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) writeonly buffer B { float b[]; };
layout(push_constant) uniform P { uint n; float s; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < n) b[i] = a[i] + s;
}
"""



def add_push(n: int, s: float) -> bytes:
    return struct.pack("If", n, s)


def groups(n: int) -> tuple[int, int, int]:
    return ((n + 63) // 64, 1, 1)


def floats(stream, allocation, n: int) -> np.ndarray:
    return stream.read(allocation, 4 * n).view(np.float32)


# b[i] = a[i] + s through buffer addresses in the push constants (no descriptors).
ADD_SCALAR_BDA = """#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };
layout(push_constant) uniform P { Floats a; Floats b; uint n; float s; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < n) b.v[i] = a.v[i] + s;
}
"""
