"""GPU time of statements (best of a few calls after a second's warm-up, by timestamp events), one line each: run it
under two source trees in turn for an A/B of code that a setting cannot switch.

    python benchmarks/probes/probe_times.py "vt.sort(x)" "vt.argsort(x, stable=True)" \
        --setup "x = vt.asarray(np.random.default_rng(0).standard_normal(1 << 24, dtype=np.float32))"
"""

from __future__ import annotations

import argparse

import probe_kernel_times as pkt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("statements", nargs="+")
    parser.add_argument("--setup", default="")
    args = parser.parse_args()
    namespace = pkt.namespace_of(args.setup)
    for statement in args.statements:
        code = compile(statement, "<statement>", "eval")
        seconds = pkt.best_gpu_seconds(lambda code=code: eval(code, namespace))  # noqa: S307
        print(f"{statement}: {seconds * 1e6:.1f} µs", flush=True)


if __name__ == "__main__":
    main()
