"""The FFT pass's tile of columns against its memory access (probe_fft_access.py found copies shaped like a pass of
radix 64 move 2.4-2.5 TB/s with tiles of 8-16 columns and 0.8-1.5 TB/s with 32-64): GPU time of fft 2^24, rfft of
4096 x 4096 rows and fftn 512^3 (complex64) with the tile settings varied, variants taking turns, each result
checked against the shipped setting's.

A variant is ``NAME=VALUE,...`` over vulkit.array.ops.fft's constants (COALESCE_BYTES, TILE_ELEMENTS,
MULTIPASS_COALESCE_BYTES, MULTIPASS_TILE_ELEMENTS, MAX_THREADS, STAGE_BITS), plus ``radices=64x64x64x64`` to force
the passes of the transform of their product's length (the multi-pass tile also chooses the passes; this separates
the two).

Run on the GPU machine: python benchmarks/probes/probe_fft_tiles.py [--rounds N] VARIANT ... ("shipped" is the
shipped setting)"""

from __future__ import annotations

import argparse
import ast
import math
from typing import Any

import numpy as np
from probe_kernel_times import best_gpu_seconds

import vulkit as vt
from vulkit.array.ops import fft as fft_ops
from vulkit.runtime import context

LONG = 1 << 24


def _cases(small: bool) -> dict[str, tuple[Any, Any, float]]:
    """name: (function, operand, bytes moved once read and once written); ``small``: a quick check on lavapipe."""
    rng = np.random.default_rng(0)
    long, side, edge = (1 << 14, 64, 32) if small else (LONG, 4096, 512)
    z = vt.asarray((rng.standard_normal(long) + 1j * rng.standard_normal(long)).astype(np.complex64))
    rows = vt.asarray(rng.standard_normal((side, side)).astype(np.float32))
    cube = vt.asarray((rng.standard_normal((edge,) * 3) + 1j).astype(np.complex64))
    return {f"fft {long}": (vt.fft.fft, z, 2 * 8.0 * long),
            f"rfft rows {side}^2": (vt.fft.rfft, rows, 4.0 * rows.size + 8.0 * side * (side // 2 + 1)),
            f"fftn {edge}^3": (vt.fft.fftn, cube, 3 * 2 * 8.0 * cube.size)}


def _apply(variant: str, shipped: dict[str, Any], original_passes: Any) -> None:
    for name, value in shipped.items():
        setattr(fft_ops, name, value)
    fft_ops.passes_for = original_passes
    if variant == "shipped":
        return
    for item in variant.split(","):
        name, value = item.split("=", 1)
        if name == "radices":
            forced = [int(r) for r in value.split("x")]

            def passes_for(n: int, *args: Any, forced: list[int] = forced) -> list[int]:
                return forced if n == math.prod(forced) else original_passes(n, *args)

            fft_ops.passes_for = passes_for
        else:
            setattr(fft_ops, name, ast.literal_eval(value))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("variants", nargs="+")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--small", action="store_true")
    args = parser.parse_args()
    ctx = context.current()
    names = ("COALESCE_BYTES", "TILE_ELEMENTS", "MULTIPASS_COALESCE_BYTES", "MULTIPASS_TILE_ELEMENTS", "MAX_THREADS",
             "STAGE_BITS")
    shipped = {name: getattr(fft_ops, name) for name in names}
    original_passes = fft_ops.passes_for
    cases = _cases(args.small)
    reference = {name: function(x).numpy() for name, (function, x, _) in cases.items()}
    for round_ in range(args.rounds):
        for variant in args.variants:
            _apply(variant, shipped, original_passes)
            fft_ops.radices.cache_clear()
            ctx.plans.clear()
            for name, (function, x, moved) in cases.items():
                try:
                    function(x)  # compile and warm
                    seconds = best_gpu_seconds(lambda f=function, x=x: f(x))
                    got = function(x).numpy()
                    error = float(np.abs(got - reference[name]).max() / np.abs(reference[name]).max())
                except Exception as failure:  # noqa: BLE001 - a probe reports and goes on
                    print(f"{round_} {variant:60s} {name}: {type(failure).__name__}: {str(failure)[:120]}", flush=True)
                    continue
                print(f"{round_} {variant:60s} {name:18s} {seconds * 1e6:8.1f} µs {moved / seconds / 1e9:6.0f} GB/s"
                      f" (differs {error:.1e})", flush=True)
    _apply("shipped", shipped, original_passes)


if __name__ == "__main__":
    main()
