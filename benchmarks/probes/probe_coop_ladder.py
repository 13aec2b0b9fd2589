"""Where the float16 cooperative-matrix matmul loses its time: a ladder of kernels run through vulkit.kp, each
adding one part of the real kernel (matmul_coop.py) to a loop of coopMatMulAdd, timed with GPU timestamps.

  mma      4 subgroups x (4 x 2) accumulators, fragments loaded once: the device's peak for this code shape
  shared   + the A and B fragments loaded from shared memory (float16_t arrays, padded rows) every step
  vector   the same from shared arrays of uvec4 (eight halves an element: offsets and strides in uvec4s)
  barrier  + a workgroup barrier per step of 32 along K, as the double-buffered kernel has

Run on the GPU machine: python benchmarks/probes/probe_coop_ladder.py (prints TFLOP/s per rung)."""

from __future__ import annotations

import numpy as np

import vulkit.kp as kp
from vulkit.shaders import compile_source

STEPS = 2048  # steps of 16 along K per workgroup
GROUPS = 132 * 8

_HEAD = """#version 450
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 128) in;
layout(std430, binding = 0) readonly buffer In { float16_t x[]; };
layout(std430, binding = 1) buffer Out { float y[]; };
#define FA coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>
#define FB coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB>
#define FC coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>
"""

_BODY = {
    "mma": """
void main() {
  FA fa[4]; FB fb[2]; FC acc[8];
  [[unroll]] for (uint i = 0u; i < 4u; i++) coopMatLoad(fa[i], x, i * 256u, 16u, gl_CooperativeMatrixLayoutRowMajor);
  [[unroll]] for (uint j = 0u; j < 2u; j++) coopMatLoad(fb[j], x, j * 256u, 16u, gl_CooperativeMatrixLayoutRowMajor);
  [[unroll]] for (uint i = 0u; i < 8u; i++) acc[i] = FC(0.0);
  for (uint s = 0u; s < STEPS; s++)
    [[unroll]] for (uint i = 0u; i < 4u; i++)
      [[unroll]] for (uint j = 0u; j < 2u; j++) acc[i * 2u + j] = coopMatMulAdd(fa[i], fb[j], acc[i * 2u + j]);
  [[unroll]] for (uint i = 0u; i < 8u; i++)
    coopMatStore(acc[i], y, (gl_WorkGroupID.x * 4u + gl_SubgroupID) * 2048u + i * 256u, 16u,
                 gl_CooperativeMatrixLayoutRowMajor);
}
""",
    "shared": """
shared float16_t As[128 * 40];
shared float16_t Bs[32 * 136];
void main() {
  for (uint e = gl_LocalInvocationID.x; e < 128u * 40u; e += 128u) As[e] = x[e % 4096u];
  for (uint e = gl_LocalInvocationID.x; e < 32u * 136u; e += 128u) Bs[e] = x[e % 4096u];
  barrier();
  uint sg = gl_SubgroupID, rm = (sg / 2u) * 64u, cn = (sg % 2u) * 32u;
  FC acc[8];
  [[unroll]] for (uint i = 0u; i < 8u; i++) acc[i] = FC(0.0);
  for (uint s = 0u; s < STEPS; s++) {
    uint ks = (s & 1u) * 16u;
    FA fa[4]; FB fb[2];
    [[unroll]] for (uint i = 0u; i < 4u; i++)
      coopMatLoad(fa[i], As, (rm + i * 16u) * 40u + ks, 40u, gl_CooperativeMatrixLayoutRowMajor);
    [[unroll]] for (uint j = 0u; j < 2u; j++)
      coopMatLoad(fb[j], Bs, ks * 136u + cn + j * 16u, 136u, gl_CooperativeMatrixLayoutRowMajor);
    [[unroll]] for (uint i = 0u; i < 4u; i++)
      [[unroll]] for (uint j = 0u; j < 2u; j++) acc[i * 2u + j] = coopMatMulAdd(fa[i], fb[j], acc[i * 2u + j]);
    BARRIER
  }
  [[unroll]] for (uint i = 0u; i < 8u; i++)
    coopMatStore(acc[i], y, (gl_WorkGroupID.x * 4u + sg) * 2048u + i * 256u, 16u, gl_CooperativeMatrixLayoutRowMajor);
}
""",
    "vector": """
shared uvec4 As[128 * 5];
shared uvec4 Bs[32 * 17];
void main() {
  for (uint e = gl_LocalInvocationID.x; e < 128u * 5u; e += 128u) As[e] = uvec4(e);
  for (uint e = gl_LocalInvocationID.x; e < 32u * 17u; e += 128u) Bs[e] = uvec4(e);
  barrier();
  uint sg = gl_SubgroupID, rm = (sg / 2u) * 64u, cn = (sg % 2u) * 32u;
  FC acc[8];
  [[unroll]] for (uint i = 0u; i < 8u; i++) acc[i] = FC(0.0);
  for (uint s = 0u; s < STEPS; s++) {
    uint ks = (s & 1u) * 2u;
    FA fa[4]; FB fb[2];
    [[unroll]] for (uint i = 0u; i < 4u; i++)
      coopMatLoad(fa[i], As, (rm + i * 16u) * 5u + ks, 5u, gl_CooperativeMatrixLayoutRowMajor);
    [[unroll]] for (uint j = 0u; j < 2u; j++)
      coopMatLoad(fb[j], Bs, (s & 1u) * 16u * 17u + (cn + j * 16u) / 8u, 17u, gl_CooperativeMatrixLayoutRowMajor);
    [[unroll]] for (uint i = 0u; i < 4u; i++)
      [[unroll]] for (uint j = 0u; j < 2u; j++) acc[i * 2u + j] = coopMatMulAdd(fa[i], fb[j], acc[i * 2u + j]);
  }
  [[unroll]] for (uint i = 0u; i < 8u; i++)
    coopMatStore(acc[i], y, (gl_WorkGroupID.x * 4u + sg) * 2048u + i * 256u, 16u, gl_CooperativeMatrixLayoutRowMajor);
}
""",
}


def _source(rung: str) -> str:
    body = _BODY["shared" if rung == "barrier" else rung]
    body = body.replace("BARRIER", "if ((s & 1u) == 1u) barrier();" if rung == "barrier" else "")
    return _HEAD + f"const uint STEPS = {STEPS}u;\n" + body


def main() -> None:
    manager = kp.Manager()
    source = manager.tensor(np.ones(8192, np.float16))
    target = manager.tensor(np.zeros(GROUPS * 4 * 2048, np.float32))
    flops = 2.0 * GROUPS * 4 * 8 * STEPS * 16 ** 3
    for rung in ("mma", "shared", "vector", "barrier"):
        for optimize in (False, True):
            try:
                spirv = compile_source(_source(rung), target="vulkan1.3", optimize=optimize)
                algorithm = manager.algorithm([source, target], spirv, (GROUPS, 1, 1))
                sequence = manager.sequence(total_timestamps=8)
                sequence.record(kp.OpAlgoDispatch(algorithm))
                sequence.eval()  # warm up
                best = float("inf")
                for _ in range(3):
                    sequence.eval()
                    stamps = sequence.get_timestamps()
                    best = min(best, (stamps[-1] - stamps[0]) * sequence.timestamp_period_ns * 1e-9)
                print(f"{rung:8s} optimize={optimize}: {flops / best / 1e12:.1f} TFLOP/s", flush=True)
            except Exception as error:  # noqa: BLE001 - a probe reports and goes on
                print(f"{rung:8s} optimize={optimize}: {type(error).__name__}: {str(error)[:300]}", flush=True)


if __name__ == "__main__":
    main()
