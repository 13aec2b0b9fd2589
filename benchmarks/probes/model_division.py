"""A float32 model (NumPy, round to nearest) of vt_div's two paths, run with the driver's reciprocal or
division k ulps off (Vulkan allows 2.5; NVIDIA's is), with and without vt_div_round (which rounds by the
midpoint only the pairs its interval test cannot settle), over random and near-midpoint pairs: lavapipe
divides exactly, so CI cannot show what an inexact division does. Keep it in step with ``vt_div`` in
src/vulkit/array/kernels/mathlib.py. Run: ``python3 benchmarks/probes/model_division.py``."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

F = np.float32
_SCREENED: list[float] = []  # the share of pairs the short path sends to vt_div_round, per call


def _two_prod_err(x: np.ndarray, y: np.ndarray, p: np.ndarray) -> np.ndarray:
    split = F(4097.0)
    cx, cy = split * x, split * y
    xh, yh = cx - (cx - x), cy - (cy - y)
    xl, yl = x - xh, y - yh
    return ((xh * yh - p) + xh * yl + xl * yh) + xl * yl


def _round(a: np.ndarray, b: np.ndarray, s: np.ndarray, c: np.ndarray) -> np.ndarray:
    tol = np.maximum(np.abs(c) * F(2.0 ** -18), F(2.0 ** -126))  # DIV_TOL, DIV_TINY
    lo, hi = s + (c - tol), s + (c + tol)
    _SCREENED.append(float(np.mean(lo != hi)))
    q = s + c
    p = q * b
    ahead = a - p
    e = _two_prod_err(q, b, p)
    r = ahead - e
    toward = np.where((r > 0) == (b > 0), F(np.inf), F(-np.inf)).astype(F)
    n = np.nextafter(q, toward)
    h = (n - q) * F(0.5) * b
    d = (ahead - h) - e
    return np.where(lo == hi, lo, np.where((r != 0) & ((d > 0) == (h > 0)), n, q))


def _off(x: np.ndarray, k: int) -> np.ndarray:
    return (x.view(np.int32) + np.int32(k)).view(F)


def _short(a: np.ndarray, b: np.ndarray, k: int, rounded: bool) -> np.ndarray:
    y = _off(F(1) / b, k)
    s = a * y
    p = s * b
    c = ((a - p) - _two_prod_err(s, b, p)) * y
    return _round(a, b, s, c) if rounded else s + c


def _wide(a: np.ndarray, b: np.ndarray, k: int, rounded: bool) -> np.ndarray:
    a, b = np.frexp(a)[0].astype(F), np.frexp(b)[0].astype(F)  # the mantissas: scaling is exact
    s = _off(a / b, k)
    p = s * b
    c = _off(((a - p) - _two_prod_err(s, b, p)) / b, k)
    return _round(a, b, s, c) if rounded else s + c


def _cases(n: int) -> Iterator[tuple[str, np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(1)
    exponents = (-50, 50)
    a = rng.uniform(1, 2, n) * 2.0 ** rng.integers(*exponents, n) * rng.choice([-1, 1], n)
    b = rng.uniform(1, 2, n) * 2.0 ** rng.integers(*exponents, n) * rng.choice([-1, 1], n)
    yield "random", a.astype(F), b.astype(F)
    yield "integers", (rng.integers(1 << 23, 1 << 24, n) * 2.0 ** -23).astype(F), \
        (rng.integers(1 << 23, 1 << 24, n) * 2.0 ** -23).astype(F)
    k = rng.integers(1, 64, n)
    yield "1 / (1 - k ulp)", np.ones(n, F), (1 - k * 2.0 ** -24).astype(F)
    yield "(1 + j ulp) / (1 + k ulp)", (1 + rng.integers(0, 64, n) * 2.0 ** -23).astype(F), \
        (1 + k * 2.0 ** -23).astype(F)


def main() -> None:
    errors = (-3, -2, -1, 0, 1, 2, 3)
    print(f"wrong quotients of 2^22 per case, the driver's division {errors} ulps off")
    for name, a, b in _cases(1 << 22):
        wide_a, wide_b = np.frexp(a)[0].astype(F), np.frexp(b)[0].astype(F)
        exact = (a.astype(np.float64) / b.astype(np.float64)).astype(F)  # innocuous double rounding: 53 >= 2 * 24 + 2
        exact_wide = (wide_a.astype(np.float64) / wide_b.astype(np.float64)).astype(F)
        for path, function, expected in (("short", _short, exact), ("wide", _wide, exact_wide)):
            for rounded in (False, True):
                _SCREENED.clear()
                wrong = [int((function(a, b, k, rounded) != expected).sum()) for k in errors]
                rounding = f", {max(_SCREENED):.2e} of pairs at most" if _SCREENED else ""
                print(f"{name:26s} {path:5s} {'with' if rounded else 'without':7s} vt_div_round{rounding}: {wrong}")


if __name__ == "__main__":
    main()
