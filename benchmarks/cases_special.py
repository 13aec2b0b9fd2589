"""Special functions (vt.special): erf and gammaln of float32 arrays (GB/s: bytes read and written), and a
Black-Scholes pricer (European calls and puts from spot, strike and expiry arrays: log, sqrt, exp and ndtr). The peers'
functions: scipy.special on the CPU, torch.special and cupyx.scipy.special on a GPU."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def special_module(lib: Any) -> Any:
    """Where ``lib`` keeps SciPy's special functions."""
    if lib.name == "vulkit":
        return lib.xp.special
    if lib.name == "torch":
        return lib.xp.special
    if lib.name == "cupy":
        import cupyx.scipy.special

        return cupyx.scipy.special
    import scipy.special

    return scipy.special


def _unary(name: str, n: int, low: float, high: float) -> Case:
    def build(lib: Any) -> Any:
        x = lib.array(np.random.default_rng(0).uniform(low, high, n).astype(np.float32))
        function = getattr(special_module(lib), name)
        return lambda: function(x)

    return Case(f"special.{name} of {n:,} float32", "GB/s", build, work=8.0 * n)


def _black_scholes(n: int) -> Case:
    rate, volatility = 0.02, 0.3

    def build(lib: Any) -> Any:
        rng = np.random.default_rng(1)
        spot = lib.array(rng.uniform(5, 30, n).astype(np.float32))
        strike = lib.array(rng.uniform(1, 100, n).astype(np.float32))
        expiry = lib.array(rng.uniform(0.25, 10, n).astype(np.float32))
        xp, ndtr = lib.xp, special_module(lib).ndtr

        def price() -> Any:
            root = volatility * xp.sqrt(expiry)
            d1 = (xp.log(spot / strike) + (rate + 0.5 * volatility * volatility) * expiry) / root
            d2 = d1 - root
            discounted = strike * xp.exp(-rate * expiry)
            call = spot * ndtr(d1) - discounted * ndtr(d2)
            put = discounted * ndtr(-d2) - spot * ndtr(-d1)
            return call, put

        return price

    return Case(f"Black-Scholes, {n:,} float32 options", "GB/s", build, work=20.0 * n,
                note="calls and puts: 3 arrays read, 2 written; best of 3 rounds, libraries in turn")


def cases(cpu: bool) -> list[Case]:
    n, options = (1 << 20, 1 << 18) if cpu else (1 << 24, 1 << 22)
    return [_unary("erf", n, -4, 4), _unary("gammaln", n, 0.01, 100), _black_scholes(options)]
