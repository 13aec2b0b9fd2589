"""The first call's time (compiling its kernel: vulkit's GLSL to SPIR-V, then the driver's pipeline) against the
next call's, for the random laws whose kernels are largest: run with a fresh VULKIT_CACHE_DIR."""

from __future__ import annotations

import time

import numpy as np

import vulkit as vt


def timed(label: str, call) -> None:
    start = time.perf_counter()
    call().numpy()
    middle = time.perf_counter()
    call().numpy()
    end = time.perf_counter()
    print(f"{label}: first {middle - start:.2f} s, again {1e3 * (end - middle):.1f} ms", flush=True)


g = vt.random.default_rng(0)
timed("normal", lambda: g.normal(size=30000))
timed("binomial, scalar parameters", lambda: g.binomial(12, 0.3, size=30000))
timed("binomial, a 0-d n and rows of p", lambda: g.binomial(vt.asarray(12.0), np.full(3, 0.3), size=(10000, 3)))
timed("binomial float32 scalar parameters", lambda: vt.astype(g._draw("binomial", "binomial", 30000, (12.0, 0.3),
                                                                         vt.float32, None), vt.int32))
timed("hypergeometric", lambda: g.hypergeometric(30, 70, 20, size=30000))
timed("poisson", lambda: g.poisson(3.0, size=30000))
timed("gamma", lambda: g.gamma(2.0, size=30000))
timed("vonmises", lambda: g.vonmises(0.0, 4.0, size=30000))
timed("zipf", lambda: g.zipf(2.5, size=30000))
