"""The radix sort's GPU time per dispatch by key distribution: standard-normal float32 (the benchmark's keys, whose
top digits crowd into few buckets), uniform float32 in [0, 1), uniform uint32 and all-equal keys, so that a kernel
slowed by crowded digits shows in the pass whose digit is crowded.

    python benchmarks/probes/probe_sort_keys.py [log2 size, default 24]
"""

from __future__ import annotations

import sys

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt


def main() -> None:
    bits = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    rng = np.random.default_rng(0)
    keys = {"normal float32": rng.standard_normal(1 << bits, dtype=np.float32),
            "uniform float32": rng.random(1 << bits, dtype=np.float32),
            "uniform uint32": rng.integers(0, 1 << 32, 1 << bits, dtype=np.uint32),
            "equal float32": np.ones(1 << bits, np.float32)}
    keys["normal's bits as uint32"] = keys["normal float32"].view(np.uint32)
    keys["|normal| float32"] = np.abs(keys["normal float32"])
    keys["normal float32 again"] = keys["normal float32"]
    keys["normal float32 argsort"] = keys["normal float32"]
    for name, values in keys.items():
        x = vt.asarray(values)
        statement = "vt.argsort(x, stable=True)" if "argsort" in name else "vt.sort(x)"
        if "argsort" not in name:
            assert np.array_equal(vt.sort(x).numpy(), np.sort(values)), name
        gpu = pkt.best_gpu_seconds(lambda x=x, s=statement: eval(s, {"vt": vt, "x": x}))  # noqa: S307
        runs = pkt.dispatches(statement, {"vt": vt, "x": x})
        print(f"{name}: {gpu * 1e6:.0f} µs; " + " ".join(f"{k.split('.')[-1]} {ms * 1e3:.0f}" for k, ms in runs),
              flush=True)


if __name__ == "__main__":
    main()
