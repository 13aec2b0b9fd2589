"""Per-call cost, from Python, of the driver's record calls behind one eager op (the tiny op's floor).

Each call is timed alone in a loop on a recording command buffer of the current device. Run on a GPU
machine: ``python3 benchmarks/probes/probe_driver_calls.py`` (benchmarks/probes/gpu_check.sh does).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

import vulkit as vt
from vulkit.array.ops.engine import EagerPlan
from vulkit.hal.vulkan._ffi import ffi
from vulkit.hal.vulkan.pipeline import buffer_write_template
from vulkit.runtime import context

_COMPUTE_BIND_POINT = 1
_COMPUTE_STAGE = 0x20


def _best_us(function: Callable[[], object], n: int = 2000) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(n):
            function()
        best = min(best, (time.perf_counter() - start) / n * 1e6)
    return best


def main() -> None:
    ctx = context.current()
    ctx.set_buffer_addresses(False)  # a kernel with bindings, to time push descriptors
    stream = ctx.stream
    x = vt.asarray(np.ones(8, np.float32))
    y = x + x
    vt.device.synchronize()
    kernel = next(value.kernel for value in ctx.plans.values() if isinstance(value, EagerPlan))
    pipeline = kernel.pipeline
    infos = b"".join(a._desc or a.descriptor() for a in (x._alloc, x._alloc, y._alloc))
    push = bytes(kernel.push_size)  # the driver copies the bytes; their values do not matter here
    blob = ffi.from_buffer(push)
    writes, _, view, nbytes = buffer_write_template(pipeline)
    view[0:nbytes] = infos
    cb = stream._cb or stream._begin()
    cb.bind_pipeline(pipeline)
    stream._bound = pipeline
    handle, layout, count = cb.handle, pipeline.layout, len(pipeline.bindings)
    cb._cmd_push_descriptors(handle, _COMPUTE_BIND_POINT, layout, 0, count, writes)

    def push_constants() -> None:
        cb._cmd_push_constants(handle, layout, _COMPUTE_STAGE, 0, len(push), blob)

    def push_descriptors() -> None:
        cb._cmd_push_descriptors(handle, _COMPUTE_BIND_POINT, layout, 0, count, writes)

    def dispatch() -> None:
        cb._cmd_dispatch(handle, 1, 1, 1)

    print(f"device: {vt.device.get_device_name()}")
    for name, function in (("vkCmdDispatch (state unchanged)", dispatch),
                           ("vkCmdPushConstants", push_constants),
                           ("vkCmdPushDescriptorSetKHR", push_descriptors),
                           ("push constants + dispatch", lambda: (push_constants(), dispatch())),
                           ("push descriptors + dispatch", lambda: (push_descriptors(), dispatch())),
                           ("memory barrier", lambda: cb.memory_barrier(0x800, 0x800, 0x40, 0x20)),
                           ("ffi.sizeof: cffi's own least overhead", lambda: ffi.sizeof("int"))):
        print(f"{name:44s} {_best_us(function):6.2f} µs")
    vt.device.synchronize()


if __name__ == "__main__":
    main()
