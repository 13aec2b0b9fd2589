"""Where an FFT pass loses its time (fft of 2^24 complex64 takes 1.12 ms in three passes of radix 256 on an H100,
~4x its bandwidth bound): the shipped pass kernel timed per pass, then with parts taken out (the results are
wrong then; only the time counts):

  no_pass_twiddle    the first stage's twiddles W_N^{i (j mod Ns)} (two table reads and two products per element)
  no_stage_twiddle   the later stages' twiddles W_R^{...} (a table read and a product per element)
  no_twiddles        both
  no_codelets        the butterflies (the data only moves: global -> registers -> shared -> global)
  no_barriers        the workgroup barriers between the stages

Variants combine with "+" (no_twiddles+no_codelets). Run on the GPU machine:
python benchmarks/probes/probe_fft_variants.py [VARIANT ...] (default: shipped and each part alone)"""

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
PASS_TWIDDLE = re.compile(r"^(a\d+_\d+) = cmul\(\1, w\d+\);$", re.M)
STAGE_TWIDDLE = re.compile(r"^(a\d+_\d+) = cmul\(\1, w\d+_\d+_\d+\);$", re.M)
BARRIER = re.compile(r"^barrier\(\);$", re.M)
CODELET = re.compile(r"^\{\nC t0 = .*?\n\}$", re.M | re.S)


def _variant(name: str) -> Any:
    parts = set(name.split("+"))  # parts combine: no_twiddles+no_codelets

    def source(self: Any, float_controls: Any = None) -> str:
        text = ORIGINAL(self, float_controls)
        if parts & {"no_pass_twiddle", "no_twiddles"}:
            text = PASS_TWIDDLE.sub("", text)
        if parts & {"no_stage_twiddle", "no_twiddles"}:
            text = STAGE_TWIDDLE.sub("", text)
        if "no_codelets" in parts:
            text = CODELET.sub("", text)
        if "no_barriers" in parts:
            text = BARRIER.sub("", text)
        return text
    return source


def _name(spec: Any) -> str:
    if isinstance(spec, kf.FFTPassSpec):
        rows = f"{spec.load_rows}/{spec.store_rows}"
        return f"R={spec.R}{spec.radices} tile={spec.tile} threads={spec.threads} rows={rows}"
    return type(spec).__name__


def main() -> None:
    ctx = context.current()
    rng = np.random.default_rng(0)
    z = vt.asarray((rng.standard_normal(1 << 24) + 1j * rng.standard_normal(1 << 24)).astype(np.complex64))
    r = vt.asarray(rng.standard_normal((4096, 4096)).astype(np.float32))
    namespace = {"vt": vt, "z": z, "r": r}
    pkt._name = _name
    variants = sys.argv[1:] or ["shipped", "no_pass_twiddle", "no_stage_twiddle", "no_twiddles", "no_codelets",
                                "no_barriers"]
    for variant in variants:
        kf.FFTPassSpec.source = ORIGINAL if variant == "shipped" else _variant(variant)
        ctx.kernels._kernels.clear()
        ctx._pipelines.clear()
        for statement in ("vt.fft.fft(z)", "vt.fft.rfft(r, axis=-1)"):
            times = pkt.profile(statement, namespace)
            parts = "; ".join(f"{k}: {v * 1e3:.1f}" for k, v in times.items())
            print(f"{variant:17s} {statement:24s} {sum(times.values()) * 1e3:8.1f} µs  [{parts}]", flush=True)
    kf.FFTPassSpec.source = ORIGINAL


if __name__ == "__main__":
    main()
