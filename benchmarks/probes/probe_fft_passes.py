"""Whether wider column tiles pay for more passes in a multi-pass FFT (fft 2^24 complex64 runs three passes of radix
256 whose tiles hold 16 columns, 128-byte rows, on an H100 with 48 KiB of shared memory; without any twiddles a
pass still moves only ~1.1 TB/s): GPU time per pass (radix, tile, threads) and in all, for the narrowest tile
(COALESCE_BYTES), the elements a workgroup aims at (TILE_ELEMENTS) and its threads (MAX_THREADS) varied, each
result checked against the shipped setting's; then each pass kernel's registers and shared memory (a kernel of
89 registers and 32 KiB holds two 256-thread workgroups an SM: 16 warps to hide the memory's latency).
COALESCE_BYTES 256 gives four passes of 64 with 64-column tiles (512-byte rows).

Run on the GPU machine: python benchmarks/probes/probe_fft_passes.py [LOG2 length, default 24]"""

from __future__ import annotations

import itertools
import sys
from typing import Any

import numpy as np
import probe_kernel_times as pkt
import probe_pipeline_stats as pps

import vulkit as vt
from vulkit.array.kernels import fft as kf
from vulkit.array.ops import fft as fft_ops
from vulkit.runtime import context

SETTINGS = {"COALESCE_BYTES": (32, 256), "TILE_ELEMENTS": (2048, 4096, 8192), "MAX_THREADS": (128, 256, 512)}


def _name(spec: Any) -> str:
    if isinstance(spec, kf.FFTPassSpec):
        return f"R={spec.R} tile={spec.tile} threads={spec.threads}"
    return type(spec).__name__


def main() -> None:
    bits = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    pps._enable_capture(required=False)  # each pass kernel's registers and shared memory, where reported
    ctx = context.current()
    rng = np.random.default_rng(0)
    cases = {f"fft 2^{bits}": vt.asarray((rng.standard_normal(1 << bits) + 1j * rng.standard_normal(1 << bits))
                                         .astype(np.complex64)),
             f"fft 2^{bits - 2} x 4 rows": vt.asarray((rng.standard_normal((4, 1 << (bits - 2))) + 1j)
                                                     .astype(np.complex64))}
    shipped = {name: getattr(fft_ops, name) for name in SETTINGS}
    reference = {name: vt.fft.fft(z).numpy() for name, z in cases.items()}
    pkt._name = _name
    for values in itertools.product(*SETTINGS.values()):
        setting = dict(zip(SETTINGS, values, strict=True))
        for name, value in setting.items():
            setattr(fft_ops, name, value)
        ctx.plans.clear()
        label = " ".join(f"{k}={v}" for k, v in setting.items())
        for name, z in cases.items():
            try:
                times = pkt.profile("vt.fft.fft(z)", {"vt": vt, "z": z})
                error = float(np.abs(vt.fft.fft(z).numpy() - reference[name]).max())
            except Exception as failure:  # noqa: BLE001 - a probe reports and goes on
                print(f"{label}  {name}: {type(failure).__name__}: {str(failure)[:160]}", flush=True)
                continue
            total = sum(times.values())
            parts = "; ".join(f"{k}: {v * 1e3:.0f}" for k, v in times.items())
            moved = 2 * 8.0 * z.size / total / 1e6  # GB/s counting one read and one write
            print(f"{label}  {name:18s} {total * 1e3:8.1f} µs {moved:6.0f} GB/s [{parts}] (differs {error:.1e})",
                  flush=True)
    for kernel in ctx.kernels:
        if isinstance(kernel.spec, kf.FFTPassSpec):
            try:
                found = pps.statistics(ctx.device, kernel.pipeline.handle, None, "")
                used = f"{found.get('Register Count')} registers, {found.get('Shared Memory Size')} B shared"
            except Exception as failure:  # noqa: BLE001
                used = f"{type(failure).__name__}"
            print(f"  {_name(kernel.spec)} radices={kernel.spec.radices}: {used}", flush=True)
    for name, value in shipped.items():
        setattr(fft_ops, name, value)


if __name__ == "__main__":
    main()
