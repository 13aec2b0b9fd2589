"""Whether the multi-pass FFT's memory access pattern itself caps its bandwidth (fft 2^24 complex64 moves ~1.2 TB/s a
pass on an H100): copy kernels, run through vulkit.kp with GPU timestamps, that read and write 2^24 complex64 the
way a pass of radix R with tiles of T columns does, without any arithmetic.

  contiguous      each thread copies its own vec2s (the baseline)
  pass R T Ns     a workgroup takes T adjacent columns j of the N / R-column view and the R elements j + r J of
                  each (J = N / R: rows 2^k elements apart), holds them in registers, and writes them where
                  Stockham's pass with Ns puts them ((j / Ns) Ns R + j mod Ns + r Ns)
  padded ...      the same with the rows J + 32 elements apart (a row stride off the power of two)

Run on the GPU machine: python benchmarks/probes/probe_fft_access.py [log2 N] (prints GB/s, read + write)."""

from __future__ import annotations

import sys

import numpy as np

import vulkit.kp as kp
from vulkit.shaders import compile_source

THREADS = 256
PAD = 32

_HEAD = """#version 450
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { vec2 x[]; };
layout(std430, binding = 1) writeonly buffer Out { vec2 y[]; };
"""

_CONTIGUOUS = """
void main() {
  uint stride = gl_NumWorkGroups.x * 256u;
  for (uint g = gl_GlobalInvocationID.x; g < N; g += stride) y[g] = x[g];
}
"""

# PER elements a thread: thread t of the workgroup takes column q0 + t % T and rows t / T + s (256 / T)
_PASS = """
void main() {
  uint J = N / R, tiles = J / T;
  for (uint tile = gl_WorkGroupID.x; tile < tiles; tile += gl_NumWorkGroups.x) {
    uint j = tile * T + gl_LocalInvocationID.x % T, r0 = gl_LocalInvocationID.x / T;
    vec2 v[PER];
    [[unroll]] for (uint s = 0u; s < PER; s++) v[s] = x[j + (r0 + s * (256u / T)) * ROW];
    uint base = (j / NS) * NS * R + j % NS;
    [[unroll]] for (uint s = 0u; s < PER; s++) y[base + (r0 + s * (256u / T)) * NS] = v[s];
  }
}
"""


def _source(n: int, variant: tuple) -> str:
    if variant[0] == "contiguous":
        return _HEAD + f"const uint N = {n}u;\n" + _CONTIGUOUS
    kind, r, t, ns = variant
    row = n // r + (PAD if kind == "padded" else 0)
    consts = (f"const uint N = {n}u;\nconst uint R = {r}u;\nconst uint T = {t}u;\nconst uint NS = {ns}u;\n"
              f"const uint ROW = {row}u;\nconst uint PER = {r * t // THREADS}u;\n")
    return _HEAD + consts + _PASS


def main() -> None:
    log2 = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    n = 1 << log2
    manager = kp.Manager()
    values = np.arange(2 * (n + PAD * 256), dtype=np.float32)
    source = manager.tensor_t(values)
    target = manager.tensor_t(np.zeros(2 * n, np.float32))
    manager.sequence().record(kp.OpTensorSyncDevice([source, target])).eval()
    variants: list[tuple] = [("contiguous",)]
    for r in (64, 256):
        for t in (4, 8, 16, 32, 64):
            if r * t >= THREADS and r * t // THREADS <= 64:
                for ns in (1, n // r):
                    variants += [("pass", r, t, ns), ("padded", r, t, ns)]
    for variant in variants:
        try:
            groups = 132 * 8 if variant[0] == "contiguous" else min(n // variant[1] // variant[2], 65535)
            algorithm = manager.algorithm([source, target], compile_source(_source(n, variant)), (groups, 1, 1))
            sequence = manager.sequence(total_timestamps=8)
            sequence.record(kp.OpAlgoDispatch(algorithm))
            sequence.eval()
            best = float("inf")
            for _ in range(5):
                sequence.eval()
                stamps = sequence.get_timestamps()
                best = min(best, (stamps[-1] - stamps[0]) * sequence.timestamp_period_ns * 1e-9)
            manager.sequence().record(kp.OpTensorSyncLocal([target])).eval()
            copied = variant[0] == "padded" or np.array_equal(np.sort(target.data()), values[:2 * n])
            print(f"{' '.join(str(v) for v in variant):28s} {16.0 * n / best / 1e9:8.0f} GB/s"
                  f"{'' if copied else '  (WRONG: not a permutation of the input)'}", flush=True)
        except Exception as error:  # noqa: BLE001 - a probe reports and goes on
            print(f"{variant}: {type(error).__name__}: {str(error)[:300]}", flush=True)


if __name__ == "__main__":
    main()
