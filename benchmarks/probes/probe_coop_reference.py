"""The float16 cooperative-matrix product written the way NVIDIA's own benchmark of the extension structures it
(vk_cooperative_matrix_perf's shared-memory shader, which reached 612-622 TFLOP/s on a GH200): one shared buffer
per operand, the next step's tiles fetched into registers right after the barrier that publishes the current
ones, one B fragment live at a time, sizes fixed at compile time, no bounds checks. Where this reaches the
ladder's figures and vulkit's kernel does not, the difference is in vulkit's kernel; each variant is checked
against NumPy (small integers: exact) and timed with GPU timestamps on 4096^3 through vulkit.kp.

A variant is (tile M, tile N, step K, subgroups across N, subgroups down M).

Run on the GPU machine: python benchmarks/probes/probe_coop_reference.py"""

from __future__ import annotations

import sys

import numpy as np

import vulkit.kp as kp
from vulkit.shaders import compile_source

N = 4096
VARIANTS = ((128, 128, 16, 4, 2), (256, 128, 16, 4, 2), (128, 256, 16, 4, 2), (128, 128, 32, 4, 2),
            (256, 128, 32, 4, 2), (128, 128, 16, 2, 2), (128, 64, 16, 2, 2))


def source(tm: int, tn: int, tk: int, sgw: int, sgh: int) -> str:
    """The kernel's GLSL for one variant."""
    threads = 32 * sgw * sgh
    return f"""#version 450
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = {threads}) in;
layout(std430, binding = 0) readonly buffer InA {{ uvec4 a[]; }};
layout(std430, binding = 1) readonly buffer InB {{ uvec4 b[]; }};
layout(std430, binding = 2) writeonly buffer OutC {{ float c[]; }};
const uint N = {N}u, TM = {tm}u, TN = {tn}u, TK = {tk}u, SGW = {sgw}u, NT = {threads}u;
const uint CR = TM / {sgh}u / 16u, CC = TN / SGW / 16u;
const uint AROW = TK / 8u, ASTR = (TK + 8u) / 8u, BROW = TN / 8u, BSTR = (TN + 8u) / 8u;
const uint A_PER = TM * AROW / NT, B_PER = TK * BROW / NT;
shared uvec4 As[TM * ASTR];
shared uvec4 Bs[TK * BSTR];
#define FA coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>
#define FB coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB>
#define FC coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>
FC acc[CR][CC];
void main() {{
  uint tm0 = gl_WorkGroupID.y * TM, tn0 = gl_WorkGroupID.x * TN;
  uint wx = gl_SubgroupID % SGW, wy = gl_SubgroupID / SGW, t = gl_LocalInvocationID.x;
  uvec4 ra[A_PER], rb[B_PER];
  [[unroll]] for (uint i = 0u; i < A_PER; i++) {{
    uint e = t + i * NT; ra[i] = a[(tm0 + e / AROW) * (N / 8u) + e % AROW]; }}
  [[unroll]] for (uint i = 0u; i < B_PER; i++) {{
    uint e = t + i * NT; rb[i] = b[(e / BROW) * (N / 8u) + tn0 / 8u + e % BROW]; }}
  [[unroll]] for (uint i = 0u; i < CR; i++) [[unroll]] for (uint j = 0u; j < CC; j++) acc[i][j] = FC(0.0);
  for (uint k0 = 0u; k0 < N; k0 += TK) {{
    barrier();
    [[unroll]] for (uint i = 0u; i < A_PER; i++) {{ uint e = t + i * NT; As[(e / AROW) * ASTR + e % AROW] = ra[i]; }}
    [[unroll]] for (uint i = 0u; i < B_PER; i++) {{ uint e = t + i * NT; Bs[(e / BROW) * BSTR + e % BROW] = rb[i]; }}
    barrier();
    if (k0 + TK < N) {{
      uint k1 = k0 + TK;
      [[unroll]] for (uint i = 0u; i < A_PER; i++) {{
        uint e = t + i * NT; ra[i] = a[(tm0 + e / AROW) * (N / 8u) + k1 / 8u + e % AROW]; }}
      [[unroll]] for (uint i = 0u; i < B_PER; i++) {{
        uint e = t + i * NT; rb[i] = b[(k1 + e / BROW) * (N / 8u) + tn0 / 8u + e % BROW]; }}
    }}
    [[unroll]] for (uint kk = 0u; kk < TK / 16u; kk++) {{
      FA fa[CR];
      [[unroll]] for (uint i = 0u; i < CR; i++)
        coopMatLoad(fa[i], As, ((wy * CR + i) * 16u) * ASTR + kk * 2u, ASTR, gl_CooperativeMatrixLayoutRowMajor);
      [[unroll]] for (uint j = 0u; j < CC; j++) {{
        FB fb;
        coopMatLoad(fb, Bs, (kk * 16u) * BSTR + (wx * CC + j) * 2u, BSTR, gl_CooperativeMatrixLayoutRowMajor);
        [[unroll]] for (uint i = 0u; i < CR; i++) acc[i][j] = coopMatMulAdd(fa[i], fb, acc[i][j]);
      }}
    }}
  }}
  [[unroll]] for (uint i = 0u; i < CR; i++) [[unroll]] for (uint j = 0u; j < CC; j++)
    coopMatStore(acc[i][j], c, (tm0 + (wy * CR + i) * 16u) * N + tn0 + (wx * CC + j) * 16u, N,
                 gl_CooperativeMatrixLayoutRowMajor);
}}
"""


class Product:
    """float16 operands of small integers (their products exact in float32) on ``manager``'s device, a float32
    result, and 32 rows of the product computed by NumPy; :meth:`run` checks and times a kernel of (A, B, C)."""

    def __init__(self, manager: kp.Manager) -> None:
        rng = np.random.default_rng(0)
        a_host = rng.integers(-2, 3, (N, N)).astype(np.float16)
        b_host = rng.integers(-2, 3, (N, N)).astype(np.float16)
        self.rows = rng.choice(N, 32, replace=False)
        self.expected = a_host[self.rows].astype(np.float32) @ b_host.astype(np.float32)
        self.manager = manager
        # tensor_t keeps the dtype (tensor() makes float32); the halves travel as pairs in uint32 words
        a, b = (manager.tensor_t(x.reshape(-1).view(np.uint32)) for x in (a_host, b_host))
        self.tensors = [a, b, manager.tensor(np.zeros(N * N, np.float32))]
        manager.sequence().eval(kp.OpTensorSyncDevice([a, b]))

    def run(self, spirv: bytes, tile_m: int, tile_n: int) -> str:
        """One line: the kernel's TFLOP/s (best of five, GPU timestamps) and how many checked values are wrong."""
        algorithm = self.manager.algorithm(self.tensors, spirv, (N // tile_n, N // tile_m, 1))
        sequence = self.manager.sequence(total_timestamps=8)
        sequence.record(kp.OpAlgoDispatch(algorithm))
        sequence.eval()
        c = self.tensors[2]
        self.manager.sequence().eval(kp.OpTensorSyncLocal([c]))
        wrong = int(np.count_nonzero(c.data().reshape(N, N)[self.rows] != self.expected))
        best = float("inf")
        for _ in range(5):
            sequence.eval()
            stamps = sequence.get_timestamps()
            best = min(best, (stamps[-1] - stamps[0]) * sequence.timestamp_period_ns * 1e-9)
        return (f"{2.0 * N ** 3 / best / 1e12:7.1f} TFLOP/s ({best * 1e3:.3f} ms), {wrong} wrong of "
                f"{self.expected.size}")


def main(argv: list[str]) -> None:
    variants = [tuple(int(v) for v in a.split(",")) for a in argv] or list(VARIANTS)
    product = Product(kp.Manager())
    for variant in variants:
        try:
            spirv = compile_source(source(*variant), target="vulkan1.3")
            print(f"{variant}: {product.run(spirv, *variant[:2])}", flush=True)
        except Exception as error:  # noqa: BLE001 - a probe reports and goes on
            print(f"{variant}: {type(error).__name__}: {str(error)[:300]}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
