"""FFT tile shapes (issue 17's rows: fft of 2^24 complex64, rfft of the rows of 4096 x 4096 float32, fftn of 512^3
complex64, at 0.25x, 0.37x and 0.59x cuFFT on an H100): the constants that shape each pass's workgroups in
vulkit.array.ops.fft swept, each setting timed with GPU timestamps (best of 3) and its result checked against the
default setting's.

  TILE_ELEMENTS   the elements a workgroup aims to hold (default 4096)
  MAX_THREADS     a workgroup's threads at most (default 256)
  COALESCE_BYTES  the narrowest tile of columns, in bytes (default 32)

Run on the GPU machine: python benchmarks/probes/probe_fft_tiles.py"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

import vulkit as vt
from vulkit.array.ops import fft as fft_ops
from vulkit.runtime import context
from vulkit.runtime.events import Event

SETTINGS = {"TILE_ELEMENTS": (2048, 4096, 8192), "MAX_THREADS": (128, 256, 512), "COALESCE_BYTES": (32, 128)}


def _cases() -> list[tuple[str, Any, float]]:
    rng = np.random.default_rng(0)
    z = vt.asarray((rng.standard_normal(1 << 24) + 1j * rng.standard_normal(1 << 24)).astype(np.complex64))
    r = vt.asarray(rng.standard_normal((4096, 4096)).astype(np.float32))
    cube = vt.asarray((rng.standard_normal((512,) * 3) + 1j * rng.standard_normal((512,) * 3)).astype(np.complex64))
    return [("fft 2^24", lambda: vt.fft.fft(z), 2 * 8.0 * (1 << 24)),
            ("rfft rows 4096^2", lambda: vt.fft.rfft(r, axis=-1), 4.0 * 4096 ** 2 + 8.0 * 4096 * 2049),
            ("fftn 512^3", lambda: vt.fft.fftn(cube), 2 * 8.0 * 512 ** 3)]


def _time(run: Any) -> tuple[float, Any]:
    result = run()
    vt.device.synchronize()
    best = float("inf")
    for _ in range(3):
        start, end = Event(enable_timing=True), Event(enable_timing=True)
        start.record()
        result = run()
        end.record()
        vt.device.synchronize()
        best = min(best, start.elapsed_time(end) * 1e-3)
    return best, result


def main() -> None:
    ctx = context.current()
    cases = _cases()
    defaults = {name: getattr(fft_ops, name) for name in SETTINGS}
    reference = {name: _time(run)[1].numpy() for name, run, _ in cases}
    for values in itertools.product(*SETTINGS.values()):
        setting = dict(zip(SETTINGS, values, strict=True))
        for name, value in setting.items():
            setattr(fft_ops, name, value)
        ctx.plans.clear()
        label = " ".join(f"{k}={v}" for k, v in setting.items())
        for name, run, moved in cases:
            try:
                seconds, result = _time(run)
                error = float(np.abs(result.numpy() - reference[name]).max())
                print(f"{label}  {name:16s} {moved / seconds / 1e9:8.0f} GB/s  (differs by {error:.1e})", flush=True)
            except Exception as failure:  # noqa: BLE001 - a probe reports and goes on
                print(f"{label}  {name:16s} {type(failure).__name__}: {str(failure)[:200]}", flush=True)
    for name, value in defaults.items():
        setattr(fft_ops, name, value)


if __name__ == "__main__":
    main()
