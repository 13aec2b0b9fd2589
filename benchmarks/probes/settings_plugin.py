"""A pytest plugin that sets vulkit's module constants before the tests run, in every xdist worker too: a suite's
run under a setting that is off by default, on the GPU machine.

    VULKIT_PROBE_SETTINGS="vulkit.array.ops.sorting.FUSED_HISTOGRAM=True" \
        python -m pytest -p settings_plugin -n 14 tests/array/test_sorting.py   # benchmarks/probes on sys.path

Settings are separated by ";", each module.NAME=VALUE with VALUE a Python literal."""

from __future__ import annotations

import ast
import importlib
import os


def pytest_configure(config: object) -> None:
    for setting in filter(None, os.environ.get("VULKIT_PROBE_SETTINGS", "").split(";")):
        target, value = setting.split("=", 1)
        module_name, name = target.rsplit(".", 1)
        module = importlib.import_module(module_name)
        if not hasattr(module, name):
            raise AttributeError(f"{module_name} has no setting {name}")
        setattr(module, name, ast.literal_eval(value))
