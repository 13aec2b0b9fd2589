"""unique's compaction kernels with coalesced reads (on an H100 its count and emit passes read the sorted int64 keys
at 0.8 and 0.4 TB/s, ITEMS consecutive keys a thread): the shipped kernels, then ``coalesced``, where the count
pass reads keys a workgroup-stride apart and the emit pass takes them in the sort's subgroup order (subgroup s owns
a contiguous range, lane l item j at s * SG * ITEMS + j * SG + l) with ballots for the places of the runs. Every
result of unique_all, unique_inverse and unique_counts is checked against the shipped kernels' first, then GPU
time per kernel is printed for unique_values and unique_inverse of 2^24 int64.

Run on the GPU machine: python benchmarks/probes/probe_unique_variants.py [LOG2 length, default 24]"""

from __future__ import annotations

import sys

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import sort_search
from vulkit.runtime import context

SHIPPED = {"_COUNT": sort_search._COUNT, "_EMIT": sort_search._EMIT}
COALESCED = {"_COUNT": """
void main() {
  uint t = tile_id();
  if (t >= p.tiles) return;
  uint mine = 0u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint i = t * TILE + j * WG + gl_LocalInvocationID.x;
    if (i < p.total && starts_run(i)) mine++;
  }
  uint total;
  wg_exclusive_add(mine, total);
  if (gl_LocalInvocationID.x == 0u) C(t) = total;
}
""", "_EMIT": """
void main() {
  uint t = tile_id();
  if (t >= p.tiles) return;
  uint first = t * TILE;
  bool f[ITEMS];
  uint sub = 0u;
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint i = first + local_index(j);
    f[j] = i < p.total && starts_run(i);
    sub += subgroupBallotBitCount(subgroupBallot(f[j]));
  }
  uint total;
  uint run = C(t) + subgroupBroadcastFirst(wg_exclusive_add(subgroupElect() ? sub : 0u, total));
  [[unroll]] for (uint j = 0u; j < ITEMS; j++) {
    uint i = first + local_index(j);
    uvec4 ballot = subgroupBallot(f[j]);
    uint at = run + subgroupBallotExclusiveBitCount(ballot);
    uint inside = run + subgroupBallotInclusiveBitCount(ballot) - 1u;
    if (i < p.total) {
      if (f[j]) {
        if (VALUES != 0) OV(at) = SV(i);
        if (STARTS != 0) OS(at) = i;
        if (INDICES != 0) OIDX(at) = P(i);
      }
      if (INVERSE != 0) INV(uint(P(i))) = OT(inside);
    }
    run += subgroupBallotBitCount(ballot);
  }
}
"""}


def _use(kernels: dict[str, str]) -> None:
    for name, text in kernels.items():
        setattr(sort_search, name, text)
    ctx = context.current()
    ctx.kernels._kernels.clear()
    ctx._pipelines.clear()


def _results(inputs: list[np.ndarray]) -> list[np.ndarray]:
    out = []
    for a in inputs:
        x = vt.asarray(a)
        out += [r.numpy() for r in vt.unique_all(x)]
        out += [r.numpy() for r in vt.unique_inverse(x)] + [r.numpy() for r in vt.unique_counts(x)]
    return out


def main() -> None:
    bits = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    rng = np.random.default_rng(0)
    inputs = [rng.integers(0, 50, n) for n in (1, 7, 1000, 4097, 70001)]
    inputs += [rng.standard_normal(30001).round(1).astype(np.float32), np.full(5000, np.nan, np.float32)]
    _use(SHIPPED)
    expected = _results(inputs)
    _use(COALESCED)
    got = _results(inputs)
    same = all(np.array_equal(e, g, equal_nan=True) for e, g in zip(expected, got, strict=True))
    print(f"coalesced kernels give the shipped results: {same}", flush=True)
    namespace = {"vt": vt, "k": vt.asarray(rng.integers(0, 1 << 20, 1 << bits))}
    for label, kernels in (("shipped", SHIPPED), ("coalesced", COALESCED)):
        _use(kernels)
        for statement in ("vt.unique_values(k)", "vt.unique_inverse(k)"):
            times = pkt.profile(statement, namespace)
            parts = "; ".join(f"{name} {ms * 1e3:.0f}" for name, ms in times.items() if "Unique" in name)
            print(f"{label:9s} {statement:22s} {sum(times.values()) * 1e3:8.1f} µs  [{parts}]", flush=True)
    _use(SHIPPED)


if __name__ == "__main__":
    main()
