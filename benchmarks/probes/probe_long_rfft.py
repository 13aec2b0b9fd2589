"""Long one-line real FFTs (several passes, then the r2c post-processing) against complex ones and PyTorch's: the
GPU time of a whole call (timestamps around it), of its kernels alone (a timestamp pair each), and the wall time of
20 calls, so that a gap between the call and its kernels shows.

    python benchmarks/probes/probe_long_rfft.py [log2 sizes, default 20 22 23 24]
"""

from __future__ import annotations

import sys
import time

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt


def _wall(function, sync) -> float:  # noqa: ANN001
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(20):
            function()
        sync()
        best = min(best, (time.perf_counter() - started) / 20)
    return best


def main() -> None:
    rng = np.random.default_rng(0)
    try:
        import torch
    except ImportError:
        torch = None
    for bits in [int(b) for b in sys.argv[1:]] or [20, 22, 23, 24]:
        real = rng.standard_normal(1 << bits, dtype=np.float32)
        s = vt.asarray(real)
        z = vt.asarray((real + 1j).astype(np.complex64))
        got = vt.fft.rfft(s).numpy()
        err = np.abs(got - np.fft.rfft(real.astype(np.float64))).max() / np.abs(got).max()
        for name, function in (("rfft", lambda s=s: vt.fft.rfft(s)), ("fft", lambda z=z: vt.fft.fft(z))):
            gpu = pkt.best_gpu_seconds(function)
            kernels = sum(ms for _, ms in pkt.dispatches("f()", {"f": function})) * 1e-3
            wall = _wall(function, vt.device.synchronize)
            print(f"2^{bits} {name}: call {gpu * 1e6:.1f} µs GPU, kernels {kernels * 1e6:.1f}, wall {wall * 1e6:.1f}"
                  + (f" (error {err:.1e})" if name == "rfft" else ""), flush=True)
        if torch is not None and torch.cuda.is_available():
            t = torch.from_numpy(real).cuda()
            wall = _wall(lambda t=t: torch.fft.rfft(t), torch.cuda.synchronize)
            print(f"2^{bits} torch rfft: wall {wall * 1e6:.1f} µs", flush=True)


if __name__ == "__main__":
    main()
