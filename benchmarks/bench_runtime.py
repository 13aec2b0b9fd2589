"""Micro-benchmarks of the runtime layer: the Python cost of the eager path.

- µs per ``Stream.dispatch`` of a tiny pipeline (3 buffers, push constants): recording only (a stream
  that never submits on its own, so the GPU driver does not compete for the CPU), independent
  dispatches, a dependent chain (a barrier each), and the same kernel reaching its buffers through
  addresses in the push constants (no descriptors); then with submission + final wait;
- µs per allocate + free of the caching allocator;
- µs per simulated eager op: allocate the output, dispatch, free the input (what ``x = x + 1`` costs
  below the array layer).

Run: ``python benchmarks/bench_runtime.py [--ops 20000]``.
"""

from __future__ import annotations

import argparse
import struct
import time

from vulkit.runtime import Stream, context
from vulkit.shaders import compile_source

_TINY = """
#version 450
layout(local_size_x = 64) in;
layout(push_constant) uniform Push { uint n; float s; };
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < n) c[i] = a[i] + b[i] * s;
}
"""
_TINY_BDA = """
#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Floats { float v[]; };
layout(push_constant) uniform Push { Floats a; Floats b; Floats c; uint n; float s; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < n) c.v[i] = a.v[i] + b.v[i] * s;
}
"""
_N = 64


def _per_op_us(function, ops: int, stream: Stream | None = None, repeat: int = 3) -> float:
    """Best time per op over ``repeat`` runs of ``function(ops)`` (``stream`` synchronized between runs)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(ops)
        best = min(best, time.perf_counter() - start)
        if stream is not None:
            stream.synchronize()
    return best / ops * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=20_000, help="operations per timing (default 20000)")
    args = parser.parse_args()
    ops = args.ops
    ctx = context.current()
    stream = ctx.stream
    alloc = ctx.allocator
    pipeline = ctx.pipeline("bench_runtime.tiny", compile_source(_TINY), 3, 8)
    a, b, c = (alloc.allocate(4 * _N) for _ in range(3))
    outs = [alloc.allocate(4 * _N) for _ in range(8)]
    push = struct.pack("If", _N, 2.0)
    groups = (1, 1, 1)
    recorder = Stream(ctx.device, max_batch_ops=1 << 30)
    dispatch = stream.dispatch

    def independent(count: int, on: Stream = stream) -> None:
        record = on.dispatch
        for i in range(count):
            out = outs[i & 7]
            record(pipeline, (a, b, out), push, groups, (a, b), (out,))

    def recorded(body):
        def run(count: int) -> None:
            body(count, recorder)
            recorder.flush()  # submitted: the command buffer is reused; waited outside the timing
        return run

    def chain(count: int, on: Stream = stream) -> None:
        record = on.dispatch
        x, y = a, c
        for _ in range(count):
            record(pipeline, (x, b, y), push, groups, (x, b), (y,))
            x, y = y, x

    def addresses(count: int, on: Stream = stream) -> None:
        record = on.dispatch
        pack = struct.Struct("QQQIf").pack
        addr_a, addr_b = a.address, b.address
        for i in range(count):
            out = outs[i & 7]
            record(bda_pipeline, (), pack(addr_a, addr_b, out.address, _N, 2.0), groups, (a, b), (out,))

    def independent_synced(count: int) -> None:
        independent(count)
        stream.synchronize()

    def alloc_free(count: int) -> None:
        allocate = alloc.allocate
        for _ in range(count):
            allocate(4 * _N).free()

    def eager(count: int) -> None:
        x = alloc.allocate(4 * _N)
        allocate = alloc.allocate
        for _ in range(count):
            y = allocate(4 * _N)
            dispatch(pipeline, (x, b, y), push, groups, (x, b), (y,))
            x.free()
            x = y
        stream.synchronize()
        x.free()

    bda = bool(ctx.device.features.get("buffer_device_address"))
    bda_pipeline = ctx.pipeline("bench_runtime.tiny_bda", compile_source(_TINY_BDA), 0, 32) if bda else None
    independent_synced(1000)  # warm up
    results = {
        "dispatch, independent (record only)": _per_op_us(recorded(independent), ops, recorder),
        "dispatch, dependent chain (record only)": _per_op_us(recorded(chain), ops, recorder),
    }
    if bda:
        results["dispatch, buffer addresses (record only)"] = _per_op_us(recorded(addresses), ops, recorder)
    results |= {
        "dispatch, independent, submitted + waited": _per_op_us(independent_synced, ops),
        "allocate + free": _per_op_us(alloc_free, ops),
        "eager op (allocate out, dispatch, free in), waited": _per_op_us(eager, ops),
    }
    stream.synchronize()
    recorder.close()
    print(f"device: {ctx.device.physical.name}; push descriptors: {pipeline.push_descriptor}; "
          f"{ops} ops per timing, best of 3")
    for name, value in results.items():
        print(f"  {name:<52} {value:7.2f} µs/op")


if __name__ == "__main__":
    main()
