"""Shaders and small helpers shared by the kp tests (imported as a plain module: ``import kp_helpers``)."""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from dataclasses import dataclass
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

# A shader that runs for as long as asked: each workgroup (of one invocation) iterates a hash
# 64 times per loop iteration. NOTE: lavapipe stops any loop after 65535 iterations (a safety limit of
# llvmpipe), so it is made to run longer with more workgroups, not more iterations.
SPIN = HEADER + """
#define STEP x = x * 1664525u + 1013904223u; x ^= x >> 13;
#define STEP8 STEP STEP STEP STEP STEP STEP STEP STEP
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { uint iterations; } p;
layout(set = 0, binding = 0) buffer Data { uint data[]; };
void main() {
    uint x = data[gl_GlobalInvocationID.x];
    for (uint i = 0u; i < p.iterations; ++i) {
        STEP8 STEP8 STEP8 STEP8 STEP8 STEP8 STEP8 STEP8
    }
    data[gl_GlobalInvocationID.x] = x;
}
"""
SPIN_STEPS = 64
MAX_SPIN_ITERATIONS = 65535


@dataclass(frozen=True)
class Spin:
    """How to keep the device busy for a while with SPIN: ``iterations`` in each of ``groups`` workgroups."""

    iterations: int
    groups: int

    def part(self, fraction: float) -> Spin:
        """About ``fraction`` of the work."""
        if self.groups > 1:
            return Spin(self.iterations, max(1, round(self.groups * fraction)))
        return Spin(max(1, round(self.iterations * fraction)), 1)


@functools.cache
def spirv(source: str, target: str = "vulkan1.2") -> bytes:
    """SPIR-V of a GLSL compute shader (compiled once per session, and cached on disk by vulkit)."""
    return compile_source(source, target=target)


def spin_reference(seed: int, iterations: int) -> int:
    """What SPIN computes from ``seed`` in ``iterations`` loop iterations (for small counts)."""
    x = seed
    for _ in range(iterations * SPIN_STEPS):
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


def calibrate_spin(mgr: kp.Manager, seconds: float) -> Spin:
    """A :class:`Spin` that keeps this device busy for about ``seconds``: more iterations first, then,
    past the loop limit, more workgroups."""
    spin = Spin(1 << 10, 1)
    while True:
        elapsed = _time_spin(mgr, spin)
        if elapsed >= seconds / 4 or spin.groups >= 1 << 16:
            break
        factor = 8 if elapsed < seconds / 32 else 2
        if spin.iterations < MAX_SPIN_ITERATIONS:
            spin = Spin(min(spin.iterations * factor, MAX_SPIN_ITERATIONS), 1)
        else:
            spin = Spin(spin.iterations, spin.groups * factor)
    scale = seconds / max(elapsed, 1e-6)
    if spin.groups > 1:
        return Spin(spin.iterations, max(1, round(spin.groups * scale)))
    return Spin(min(max(1, round(spin.iterations * scale)), MAX_SPIN_ITERATIONS), 1)


def _time_spin(mgr: kp.Manager, spin: Spin) -> float:
    tensor = mgr.tensor_t(np.zeros(spin.groups, dtype=np.uint32))
    algorithm = mgr.algorithm([tensor], spirv(SPIN), (spin.groups, 1, 1), push_consts=[spin.iterations])
    sequence = mgr.sequence().record(kp.OpAlgoDispatch(algorithm))
    start = time.perf_counter()
    sequence.eval()
    elapsed = time.perf_counter() - start
    sequence.destroy()
    algorithm.destroy()
    tensor.destroy()
    return elapsed
