"""Shaders and small helpers shared by the kp tests (imported as a plain module: ``import kp_helpers``)."""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from vulkit import kp
from vulkit.shaders import compile_source

HEADER = """#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require
"""

# out[i] = in[i] + 1 (a step of a dependent chain, and the shader of most single-dispatch tests).
ADD_ONE = HEADER + """
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) readonly buffer In { float src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float dst[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    dst[i] = src[i] + 1.0;
}
"""

# data[i] += p.amount (a dispatch that depends on the one before it through the same buffer).
ACCUMULATE = HEADER + """
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { float amount; } p;
layout(set = 0, binding = 0) buffer Data { float data[]; };
void main() {
    data[gl_GlobalInvocationID.x] += p.amount;
}
"""

# A shader that runs for as long as its push constant asks: one invocation iterates a hash.
SPIN = HEADER + """
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { uint iterations; } p;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
    uint x = data[gl_GlobalInvocationID.x];
    for (uint i = 0u; i < p.iterations; ++i) {
        x = x * 1664525u + 1013904223u;
        x ^= x >> 13;
    }
    data[gl_GlobalInvocationID.x] = x;
}
"""


@functools.cache
def spirv(source: str, target: str = "vulkan1.2") -> bytes:
    """SPIR-V of a GLSL compute shader (compiled once per session, and cached on disk by vulkit)."""
    return compile_source(source, target=target)


def spin_reference(seed: int, iterations: int) -> int:
    """What SPIN computes from ``seed`` (for small iteration counts)."""
    x = seed
    for _ in range(iterations):
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        x ^= x >> 13
    return x


def run(mgr: kp.Manager, *ops: kp.OpBase, queue_index: int = 0) -> kp.Sequence:
    """Record ``ops`` into a new sequence and evaluate it."""
    sequence = mgr.sequence(queue_index)
    for op in ops:
        sequence.record(op)
    return sequence.eval()


def dispatch(mgr: kp.Manager, tensors: Sequence[kp.Memory], source: str, workgroup: Sequence[int] | None = None,
             spec_consts: Any = None, push_consts: Any = None) -> kp.Algorithm:
    """Sync ``tensors`` to the device, run ``source`` over them once, sync them back; returns the algorithm."""
    algorithm = mgr.algorithm(list(tensors), spirv(source), workgroup, spec_consts, push_consts)
    run(mgr, kp.OpSyncDevice(tensors), kp.OpAlgoDispatch(algorithm), kp.OpSyncLocal(tensors))
    return algorithm


def require_dtype(mgr: kp.Manager, dtype: Any) -> None:
    """Skip the test where the device cannot hold and compute with ``dtype``."""
    name = np.dtype(dtype).name
    if name not in ("bool", *mgr.get_device_properties()["dtypes"]):
        pytest.skip(f"{mgr.get_device_properties()['device_name']} does not support {name} in shaders")


def calibrate_spin(mgr: kp.Manager, seconds: float) -> int:
    """An iteration count for SPIN (one invocation) that keeps this device busy for about ``seconds``."""
    tensor = mgr.tensor_t(np.zeros(1, dtype=np.uint32), kp.MemoryTypes.device)
    algorithm = mgr.algorithm([tensor], spirv(SPIN), (1, 1, 1), push_consts=[1])
    sequence = mgr.sequence()
    iterations = 1 << 16
    while True:
        start = time.perf_counter()
        sequence.eval(kp.OpAlgoDispatch(algorithm, [iterations]))
        elapsed = time.perf_counter() - start
        if elapsed >= seconds / 4 or iterations >= 1 << 31:
            break
        iterations *= 4 if elapsed < seconds / 16 else 2
    sequence.destroy()
    algorithm.destroy()
    tensor.destroy()
    return min(int(iterations * seconds / max(elapsed, 1e-6)), 0xFFFFFFFF)
