"""Micro-benchmarks of the runtime layer: the Python cost of the eager path.

- µs per ``Stream.dispatch`` of a tiny pipeline (3 buffers, push constants), independent dispatches
  and a dependent chain (a barrier each), recording only and with submission + final wait;
- µs per allocate + free of the caching allocator;
- µs per simulated eager op: allocate the output, dispatch, free the input (what ``x = x + 1`` costs
  below the array layer).

Run: ``python benchmarks/bench_runtime.py [--ops 20000]``.
"""

from __future__ import annotations

import argparse
import struct
import time

from vulkit.runtime import context
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
_N = 64


def _per_op_us(function, ops: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(ops)
        best = min(best, time.perf_counter() - start)
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
    dispatch = stream.dispatch

    def independent(count: int) -> None:
        for i in range(count):
            out = outs[i & 7]
            dispatch(pipeline, (a, b, out), push, groups, (a, b), (out,))

    def chain(count: int) -> None:
        x, y = a, c
        for _ in range(count):
            dispatch(pipeline, (x, b, y), push, groups, (x, b), (y,))
            x, y = y, x

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

    independent_synced(1000)  # warm up
    results = {
        "dispatch, independent (record only)": _per_op_us(independent, ops),
        "dispatch, dependent chain (record only)": _per_op_us(chain, ops),
        "dispatch, independent, submitted + waited": _per_op_us(independent_synced, ops),
        "allocate + free": _per_op_us(alloc_free, ops),
        "eager op (allocate out, dispatch, free in), waited": _per_op_us(eager, ops),
    }
    stream.synchronize()
    print(f"device: {ctx.device.physical.name}; push descriptors: {pipeline.push_descriptor}; "
          f"{ops} ops per timing, best of 3")
    for name, value in results.items():
        print(f"  {name:<52} {value:7.2f} µs/op")


if __name__ == "__main__":
    main()
