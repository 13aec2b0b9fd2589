"""Where the one-pass row FFT loses its time (rfft of 4096 x 4096 float32 rows ~100 µs on an H100 where `r + 1`
over the same bytes takes 60 and cuFFT 50; without twiddles, butterflies and barriers still 91-95): the shipped
kernel against text variants of it, each kernel compiled first (results may be wrong; only the time counts):

  unguarded_loads   the loads without their bounds conditions (the pairs load's else-branch removed)
  no_r2c_table      the r2c post-processing's twiddle read from the table replaced by 1
  unguarded_stores  the stores without their bounds conditions
  all               the three together

Statements: rfft of 4096 x 4096 float32 rows, fft of 4096 x 2048 complex64 rows, and `r + 1` as the copy's
reference. Run on the GPU machine: python benchmarks/probes/probe_fft_rows.py [VARIANT ...]"""

from __future__ import annotations

import re
import sys
from typing import Any

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import fft as kf
from vulkit.runtime import context

ORIGINAL = kf.FFTPassSpec.source
PAIRS_ELSE = re.compile(r"^else if \(q < p\.Q && 2u \* n < p\.nv\) v\.x = .*;$", re.M)
LOAD_GUARD = re.compile(r"^if \(q < p\.Q && (?:2u \* n \+ 1u|n) < p\.nv\) (v = )", re.M)
R2C_TABLE = "TAB.d[p.tout + k]"
STORE_GUARD = re.compile(r"if \(q < p\.Q && k+ < p\.nout\) (OUT)")


def _variant(name: str) -> Any:
    parts = {"unguarded_loads", "no_r2c_table", "unguarded_stores"} if name == "all" else {name}

    def source(self: Any, float_controls: Any = None) -> str:
        text = ORIGINAL(self, float_controls)
        if "unguarded_loads" in parts:
            text = LOAD_GUARD.sub(r"\1", PAIRS_ELSE.sub("", text))
        if "no_r2c_table" in parts:
            text = text.replace(R2C_TABLE, "C(1, 0)")
        if "unguarded_stores" in parts:
            text = STORE_GUARD.sub(r"\1", text)
        return text
    return source


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    r = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
    z = vt.asarray((rng.standard_normal((4096, 2048)) + 1j * rng.standard_normal((4096, 2048))).astype(np.complex64))
    namespace = {"vt": vt, "r": r, "z": z}
    variants = sys.argv[1:] or ["shipped", "unguarded_loads", "no_r2c_table", "unguarded_stores", "all", "shipped"]
    for variant in variants:
        kf.FFTPassSpec.source = ORIGINAL if variant == "shipped" else _variant(variant)
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        ctx.plans.clear()
        for statement in ("vt.fft.rfft(r, axis=-1)", "vt.fft.fft(z, axis=-1)", "r + 1"):
            seconds = pkt.best_gpu_seconds(lambda statement=statement: eval(statement, namespace))  # noqa: S307
            print(f"{variant:17s} {statement:26s} {seconds * 1e6:8.1f} µs", flush=True)
    kf.FFTPassSpec.source = ORIGINAL


if __name__ == "__main__":
    main()
