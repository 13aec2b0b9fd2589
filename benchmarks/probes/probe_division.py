"""Division bit for bit against NumPy on many random pairs (the tests take 20,000): the count of quotients
that differ, per float type, over mantissas at random and exponents in the short path's range and beyond.
Run on a GPU machine: ``python3 benchmarks/probes/probe_division.py [log2 of the pairs, default 24]``."""

from __future__ import annotations

import sys

import numpy as np

import vulkit as vt


def main() -> None:
    n = 1 << (int(sys.argv[1]) if len(sys.argv) > 1 else 24)
    rng = np.random.default_rng(5)
    supported = vt.device.get_device_properties()["dtypes"]
    print(f"device: {vt.device.get_device_name()}; {n} pairs per type")
    for dtype in ("float16", "float32", "float64"):
        if dtype not in supported:
            continue
        info = np.finfo(dtype)
        for span in (min(info.maxexp - 2, 45), info.maxexp - 2):
            a = rng.uniform(1, 2, n) * 2.0 ** rng.integers(-span, span, n) * rng.choice([-1, 1], n)
            b = rng.uniform(1, 2, n) * 2.0 ** rng.integers(-span, span, n) * rng.choice([-1, 1], n)
            a, b = a.astype(dtype), b.astype(dtype)
            with np.errstate(all="ignore"):
                expected = a / b
            got = (vt.asarray(a) / vt.asarray(b)).numpy()
            wrong = ~((got == expected) | (np.isnan(got) & np.isnan(expected)))
            print(f"{dtype} exponents within ±{span}: {int(wrong.sum())} of {n} differ", end="")
            if wrong.any():
                i = int(np.argmax(wrong))
                print(f" (first: {a[i]!r} / {b[i]!r} = {got[i]!r}, NumPy {expected[i]!r}); their binades: "
                      f"{np.unique(np.frexp(expected[wrong])[1]).tolist()}", end="")
            print()


if __name__ == "__main__":
    main()
