"""GPU time of statements under two or more values of one module constant, the values taking turns in one process
(kernels whose specs read the constant compile once per value; the plan cache is emptied at each switch, as plans
hold what the constant decided): an A/B of a setting without the peers' time. Values are separated by "|" where any
holds a comma (dicts, tuples).

    python benchmarks/probes/probe_setting_ab.py vulkit.array.kernels.sort_glsl.PARTITIONED=True,False \
        "vt.sort(x)" "vt.argsort(x, stable=True)" --setup "x = vt.asarray(np.random.default_rng(0).random(1 << 24))"
"""

from __future__ import annotations

import argparse
import ast
import importlib

import probe_kernel_times as pkt

from vulkit.runtime import context


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("setting", help="module.NAME=V1,V2,... or V1|V2|... (Python literals)")
    parser.add_argument("statements", nargs="+")
    parser.add_argument("--setup", default="")
    parser.add_argument("--turns", type=int, default=3)
    args = parser.parse_args()
    target, values = args.setting.split("=", 1)
    module_name, name = target.rsplit(".", 1)
    module = importlib.import_module(module_name)
    choices = [ast.literal_eval(v) for v in values.split("|" if "|" in values else ",")]
    shipped = getattr(module, name)
    namespace = pkt.namespace_of(args.setup)
    try:
        for statement in args.statements:
            code = compile(statement, "<statement>", "eval")

            def call(code=code):  # noqa: ANN001
                return eval(code, namespace)  # noqa: S307
            times: list[list[float]] = [[] for _ in choices]
            for _ in range(args.turns):
                for value, spent in zip(choices, times, strict=True):
                    setattr(module, name, value)
                    context.current().plans.clear()
                    spent.append(pkt.best_gpu_seconds(call) * 1e6)
            print(f"{statement}: " + "; ".join(f"{name}={value!r} " + " / ".join(f"{t:.1f}" for t in spent) + " µs"
                                               for value, spent in zip(choices, times, strict=True)), flush=True)
    finally:
        setattr(module, name, shipped)


if __name__ == "__main__":
    main()
