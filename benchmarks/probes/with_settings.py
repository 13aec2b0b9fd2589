"""Run a script with module constants of vulkit set first, for A/B runs of a setting without editing the source:

    python benchmarks/probes/with_settings.py vulkit.array.ops.fft.COALESCE_BYTES=256 \
        -- benchmarks/bench_ops.py --only fft

Each NAME=VALUE before ``--`` sets a module's attribute (VALUE read as a Python literal); the script after it runs as
__main__ with the arguments that follow, or ``-m MODULE`` as ``python -m`` runs it (``-m pytest``, without worker
processes, which would not see the settings)."""

from __future__ import annotations

import ast
import importlib
import runpy
import sys


def main(argv: list[str]) -> None:
    split = argv.index("--")
    for setting in argv[:split]:
        target, value = setting.split("=", 1)
        module, name = target.rsplit(".", 1)
        setattr(importlib.import_module(module), name, ast.literal_eval(value))
    script, *rest = argv[split + 1:]
    if script == "-m":  # a module, as python -m runs it (pytest in this process: no worker processes)
        sys.argv = rest
        runpy.run_module(rest[0], run_name="__main__", alter_sys=True)
        return
    sys.argv = [script, *rest]
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
