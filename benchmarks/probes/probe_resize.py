"""GPU time of vt.image.resize at the benchmark's sizes under settings of the resampling path, taking turns in one
process (each setting's kernels compile once): both axes in one pass through a shared-memory window
(``TILED_TAPS``), in one pass each output from cache (``FUSED_TAPS``) or in two passes, tap counts compiled in or read
from push constants (``STATIC_TAPS``).

Run on the GPU machine: python benchmarks/probes/probe_resize.py [--n 4096] [--settings shipped,"two passes"]"""

from __future__ import annotations

import argparse

import numpy as np
from probe_kernel_times import best_gpu_seconds

import vulkit as vt
from vulkit.image import _geo_resample

SETTINGS = {"shipped": {}, "cached one pass": {"TILED_TAPS": 0}, "two passes": {"TILED_TAPS": 0, "FUSED_TAPS": 0},
            "looped taps": {"TILED_TAPS": 0, "STATIC_TAPS": 0},
            "one pass to 36 taps": {"TILED_TAPS": 0, "FUSED_TAPS": 36, "STATIC_TAPS": 36}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settings", default=",".join(SETTINGS), help="comma-separated names of SETTINGS")
    args = parser.parse_args()
    n, rounds = args.n, args.rounds
    chosen = {name: SETTINGS[name] for name in args.settings.split(",")}
    image = vt.asarray(np.random.default_rng(0).random((n, n), dtype=np.float32))
    cases = [(m, method) for method in ("bilinear", "lanczos") for m in (n // 2, 2 * n)]
    defaults = {name: getattr(_geo_resample, name) for name in ("TILED_TAPS", "FUSED_TAPS", "STATIC_TAPS")}
    for round_ in range(rounds):
        for label, setting in chosen.items():
            for name, value in {**defaults, **setting}.items():
                setattr(_geo_resample, name, value)
            for m, method in cases:
                seconds = best_gpu_seconds(lambda m=m, method=method: vt.image.resize(image, (m, m), method))
                rate = 4.0 * (n * n + m * m) / seconds / 1e9
                print(f"round {round_} {label:20s} {method:8s} {n}^2 -> {m}^2 {seconds * 1e6:8.1f} us "
                      f"{rate:7.0f} GB/s", flush=True)


if __name__ == "__main__":
    main()
