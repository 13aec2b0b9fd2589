"""NumPy code as it is written, run on the GPU by changing one import: a small signal-analysis script (detrend a
noisy chirp with a polynomial fit, window it, take its spectrum and find its peak, unwrap the analytic signal's
phase, histogram the noise) written against a module ``xp``, run once with NumPy and once with vulkit, and the
results compared.

    python examples/numpy_port.py
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import numpy as np

import vulkit as vt


def analyse(xp: ModuleType, n: int = 4096, seed: int = 0) -> dict[str, Any]:
    """The same NumPy-style script for any module with NumPy's names (``numpy`` or ``vulkit``)."""
    rng = np.random.default_rng(seed)  # the data come from the host either way
    t = xp.linspace(0.0, 1.0, n)
    noise = xp.asarray(rng.standard_normal(n))
    signal = xp.sin(2 * xp.pi * (40 * t + 60 * t**2)) + 0.5 * t**2 - 0.3 * t + 0.05 * noise

    trend = xp.poly1d(xp.polyfit(t, signal, 2))  # a quadratic trend, removed
    detrended = signal - trend(t)

    window = xp.hanning(n)
    spectrum = xp.abs(xp.fft.rfft(detrended * window))
    freqs = xp.fft.rfftfreq(n, d=1.0 / n)
    peak = xp.argmax(spectrum)

    gain = xp.zeros(n)  # the analytic signal: negative frequencies removed, positive ones doubled
    gain[0], gain[n // 2] = 1.0, 1.0
    gain[1:n // 2] = 2.0
    analytic_phase = xp.unwrap(xp.angle(xp.fft.ifft(xp.fft.fft(detrended) * gain)))
    counts, edges = xp.histogram(noise, bins=16, range=(-4.0, 4.0))
    return {"trend": trend.coeffs, "peak frequency": freqs[peak], "spectrum max": spectrum[peak],
            "phase span": xp.ptp(analytic_phase), "histogram": counts, "edges": edges,
            "energy": xp.sum(detrended**2)}


def compare(n: int = 4096) -> dict[str, float]:
    """Each result of :func:`analyse` under vulkit against NumPy's: the largest relative difference."""
    expected, got = analyse(np, n), analyse(vt, n)
    differences = {}
    for key, value in expected.items():
        ours = np.asarray(got[key].numpy() if isinstance(got[key], vt.Array) else got[key])
        scale = max(float(np.max(np.abs(value))), 1e-300)
        differences[key] = float(np.max(np.abs(ours - value)) / scale)
    return differences


if __name__ == "__main__":
    for key, difference in compare().items():
        print(f"{key:16s} differs from NumPy's by {difference:.1e} (relative)")
