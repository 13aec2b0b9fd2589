"""Benchmarks of the explicit API (vulkit.kp), side by side with the peers present.

- Python time to record one dispatch; eval() of a one-dispatch sequence (submit + wait);
  a recorded 100-dispatch sequence replayed;
- sync of 1M floats to the device and back;
- creating a 1M-float tensor (from float32 and float64 data), building an Algorithm;
- vector add of 2^24 and 2^28 float32 in GB/s, timed on the GPU (timestamps; CUDA events for peers).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from vulkit import kp
from vulkit.shaders import compile_source

try:
    from . import common
except ImportError:
    import common  # type: ignore[no-redef]

_TINY = """
#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer X { float x[]; };
void main() { x[gl_GlobalInvocationID.x] += 1.0; }
"""

_ADD = """
#version 450
layout(local_size_x = 256) in;
layout(push_constant) uniform Push { uint count4; };
layout(set = 0, binding = 0) readonly buffer A { vec4 a[]; };
layout(set = 0, binding = 1) readonly buffer B { vec4 b[]; };
layout(set = 0, binding = 2) writeonly buffer C { vec4 c[]; };
void main() {
    uint stride = gl_NumWorkGroups.x * 256;
    for (uint i = gl_GlobalInvocationID.x; i < count4; i += stride) {
        c[i] = a[i] + b[i];
    }
}
"""
_MAX_GROUPS = 65535


def _overheads(mgr: kp.Manager) -> list[dict[str, Any]]:
    tensor = mgr.tensor(np.zeros(8, dtype=np.float32))
    algorithm = mgr.algorithm([tensor], compile_source(_TINY), (1, 1, 1))
    op = kp.OpAlgoDispatch(algorithm)
    sequence = mgr.sequence()

    def record_many() -> None:
        sequence.clear()
        for _ in range(1000):
            sequence.record(op)

    record_many()
    record_us = common.best_of(record_many, repeat=5) / 1000 * 1e6
    independent = [kp.OpAlgoDispatch(mgr.algorithm([mgr.tensor(np.zeros(8, dtype=np.float32))],
                                                   compile_source(_TINY), (1, 1, 1))) for _ in range(50)]

    def record_independent() -> None:
        sequence.clear()
        for _ in range(20):
            for item in independent:
                sequence.record(item)

    record_independent()
    independent_us = common.best_of(record_independent, repeat=5) / 1000 * 1e6
    one = mgr.sequence().record(op)
    one.eval()
    eval_us = common.best_of(one.eval, repeat=5, number=200) * 1e6
    hundred = mgr.sequence(total_timestamps=101)
    for _ in range(100):
        hundred.record(op)
    hundred.eval()
    replay_us = common.best_of(hundred.eval, repeat=5, number=20) * 1e6
    stamps = hundred.get_timestamps()
    gpu_us = (stamps[-1] - stamps[0]) * hundred.timestamp_period_ns / 1e3
    return [
        common.row("kp: record one dispatch (Python time)", "µs", record_us, {}, better="lower",
                   note="each reads the previous one's output: a barrier between each"),
        common.row("kp: record one independent dispatch (Python time)", "µs", independent_us, {}, better="lower",
                   note="50 algorithms on 50 tensors in turn: no barriers"),
        common.row("kp: eval() of a one-dispatch sequence", "µs", eval_us, {}, better="lower"),
        common.row("kp: replay a recorded 100-dispatch sequence (wall)", "µs", replay_us, {}, better="lower",
                   note=f"GPU time {gpu_us:.1f} µs (dependent dispatches, barrier between each)"),
    ]


def _sync_roundtrip(mgr: kp.Manager, n: int = 1 << 20) -> dict[str, Any]:
    host = np.random.default_rng(0).random(n, dtype=np.float32)
    tensor = mgr.tensor(np.zeros(n, dtype=np.float32))
    up = mgr.sequence().record(kp.OpSyncDevice([tensor]))
    down = mgr.sequence().record(kp.OpSyncLocal([tensor]))

    def roundtrip() -> np.ndarray:
        tensor.data()[:] = host
        up.eval()
        down.eval()
        return tensor.data().copy()

    assert np.array_equal(roundtrip(), host)
    vulkit_us = common.best_of(roundtrip, repeat=5, number=10) * 1e6
    peers: dict[str, float | None] = {}
    torch = common.torch_cuda()
    if torch is not None:
        source = torch.from_numpy(host)
        peers["torch"] = common.best_of(lambda: source.cuda().cpu().numpy(), repeat=5, number=10) * 1e6
    cupy = common.cupy_module()
    if cupy is not None:
        peers["cupy"] = common.best_of(lambda: cupy.asnumpy(cupy.asarray(host)), repeat=5, number=10) * 1e6
    if not peers:
        peers["numpy"] = common.best_of(lambda: np.array(np.array(host)), repeat=5, number=10) * 1e6
    return common.row("kp: sync 1M float32 to the device and back", "µs", vulkit_us, peers, better="lower",
                      note="numpy: two host copies" if "numpy" in peers else "")


def _creation(mgr: kp.Manager, n: int = 1 << 20) -> list[dict[str, Any]]:
    """Making a 1M-float tensor (from float32 and from float64 data) and building an Algorithm of a shader already
    used; each made object is destroyed before the next."""
    rng = np.random.default_rng(2)
    floats, doubles = rng.random(n, dtype=np.float32), rng.random(n)
    tensor_us = common.best_of(lambda: mgr.tensor(floats).destroy(), repeat=5, number=10) * 1e6
    convert_us = common.best_of(lambda: mgr.tensor(doubles).destroy(), repeat=5, number=10) * 1e6
    tensors = [mgr.tensor(np.zeros(1024, dtype=np.float32)) for _ in range(3)]
    spirv = compile_source(_ADD)
    build_us = common.best_of(lambda: mgr.algorithm(tensors, spirv, (4, 1, 1), push_consts=[256]).destroy(),
                              repeat=5, number=20) * 1e6
    for tensor in tensors:
        tensor.destroy()
    return [
        common.row("kp: create a 1M float32 tensor (device memory)", "µs", tensor_us, {}, better="lower",
                   note="the data copied once into fresh staging memory: mostly its page faults"),
        common.row("kp: create a 1M float32 tensor from float64 data", "µs", convert_us, {}, better="lower",
                   note="converted on its way into the staging memory, no temporary"),
        common.row("kp: build an Algorithm of a shader already used", "µs", build_us, {}, better="lower",
                   note="3 tensors, push constants; the shader's reflection is kept, the pipeline is the driver's"),
    ]


def _vector_add(mgr: kp.Manager, log2n: int, iterations: int = 20) -> dict[str, Any]:
    n = 1 << log2n
    rng = np.random.default_rng(1)
    a_host = rng.random(n, dtype=np.float32)
    b_host = rng.random(n, dtype=np.float32)
    memory = kp.MemoryTypes.storage
    a, b, c = (mgr.tensor(x, memory) for x in (a_host, b_host, np.zeros(n, dtype=np.float32)))
    count4 = n // 4
    groups = min((count4 + 255) // 256, _MAX_GROUPS)
    algorithm = mgr.algorithm([a, b, c], compile_source(_ADD), (groups, 1, 1), push_consts=[count4])
    mgr.sequence().eval(kp.OpAlgoDispatch(algorithm))
    probe = mgr.tensor(np.zeros(n, dtype=np.float32)) if n <= 1 << 24 else None
    if probe is not None:
        mgr.sequence().record(kp.OpCopy([c, probe])).record(kp.OpSyncLocal([probe])).eval()
        assert np.array_equal(probe.data(), a_host + b_host), "vector add gave a wrong result"
        probe.destroy()
    timed = mgr.sequence(total_timestamps=iterations + 1)
    for _ in range(iterations):
        timed.record(kp.OpAlgoDispatch(algorithm))
    common.warm_up_gpu(timed.eval)
    timed.eval()
    stamps = timed.get_timestamps()
    seconds = common.median([(stamps[i + 1] - stamps[i]) * timed.timestamp_period_ns / 1e9
                             for i in range(iterations)])
    nbytes = 3 * n * 4
    vulkit_gbs = nbytes / seconds / 1e9
    peers: dict[str, float | None] = {}
    torch = common.torch_cuda()
    if torch is not None:
        ta, tb = torch.from_numpy(a_host).cuda(), torch.from_numpy(b_host).cuda()
        tc = torch.empty_like(ta)
        common.warm_up_gpu(lambda: torch.add(ta, tb, out=tc))
        peers["torch"] = nbytes / common.torch_gpu_seconds(torch, lambda: torch.add(ta, tb, out=tc), iterations) / 1e9
        del ta, tb, tc
        torch.cuda.empty_cache()
    cupy = common.cupy_module()
    if cupy is not None:
        ca, cb = cupy.asarray(a_host), cupy.asarray(b_host)
        cc = cupy.empty_like(ca)
        peers["cupy"] = nbytes / common.cupy_gpu_seconds(cupy, lambda: cupy.add(ca, cb, out=cc), iterations) / 1e9
        del ca, cb, cc
        cupy.get_default_memory_pool().free_all_blocks()
    if torch is None and cupy is None:
        out = np.empty_like(a_host)
        peers["numpy"] = nbytes / common.best_of(lambda: np.add(a_host, b_host, out=out), repeat=5) / 1e9
    for tensor in (a, b, c):
        tensor.destroy()
    algorithm.destroy()
    return common.row(f"kp: vector add 2^{log2n} float32", "GB/s", vulkit_gbs, peers,
                      note="GPU timestamps; peers: CUDA events" if torch or cupy else "GPU timestamps")


def run(device: int | str | None = None) -> list[dict[str, Any]]:
    """All kp benchmarks on ``device``; 2^28 only where the device has room (≥ 8 GiB)."""
    rows = []
    with kp.Manager(device) as mgr:
        started = time.perf_counter()
        rows += _overheads(mgr)
        rows.append(_sync_roundtrip(mgr))
        rows += _creation(mgr)
        sizes = [24, 28] if mgr.get_device_properties()["total_memory"] >= 8 << 30 else [24]
        for log2n in sizes:
            rows.append(_vector_add(mgr, log2n))
        rows[-1]["note"] += f"; suite took {time.perf_counter() - started:.1f} s"
    return rows


if __name__ == "__main__":
    for item in run():
        print(item)
