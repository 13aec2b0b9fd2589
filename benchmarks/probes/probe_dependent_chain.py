"""GPU time a dispatch in a chain of dependent small dispatches (each reading what the one before wrote: a barrier
between every two) against independent ones (no barrier), all recorded into one batch; then with the barriers'
second scope narrowed to compute shaders (the stream's covers transfers too). Says what a blocked factorization's
~130 dependent steps cost beyond their kernels.

Run on the GPU machine: python benchmarks/probes/probe_dependent_chain.py [N]"""

from __future__ import annotations

import sys

import probe_kernel_times as pkt
from probe_one_batch import ONE_BATCH, SHIPPED

import vulkit as vt
from vulkit.hal.vulkan.commands import SHADER_READ, SHADER_STAGE, SHADER_WRITE
from vulkit.runtime import context, stream


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 256
    for name, value in ONE_BATCH.items():
        setattr(stream, name, value)
    x = vt.ones(4096)
    big = vt.ones(1 << 22)

    def chain(start):
        def run():
            y = start
            for _ in range(n):
                y = y + 1.0
            return y
        return run

    def independent(start):
        def run():
            for _ in range(n):
                start + 1.0
        return run

    s = context.current().stream
    shipped = (s.stages, s.access)
    for _ in range(2):
        for scope, (stages, access) in (("stream scope", shipped),
                                        ("compute scope", (SHADER_STAGE, SHADER_READ | SHADER_WRITE))):
            s.stages, s.access = stages, access
            for label, work in (("4096 dependent", chain(x)), ("4096 independent", independent(x)),
                                ("2^22 dependent", chain(big)), ("2^22 independent", independent(big))):
                seconds = pkt.best_gpu_seconds(work, rounds=3, warm_seconds=0.3)
                print(f"{scope:>13} {label:>17}: {seconds / n * 1e6:7.2f} µs a dispatch", flush=True)
    s.stages, s.access = shipped
    for name, value in SHIPPED.items():
        setattr(stream, name, value)


if __name__ == "__main__":
    main()
