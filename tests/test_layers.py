"""The import graph follows the layers: no module imports a layer above its own, kp and the arrays do not
import each other, and only hal names the Vulkan backend's modules."""

from __future__ import annotations

import ast
from pathlib import Path

import vulkit

SRC = Path(vulkit.__file__).parent
# What each part of the package may import (besides the standard library, NumPy, cffi and itself).
BASE = {"errors", "_config"}
ALLOWED = {
    "errors": set(),
    "_config": set(),
    "hal": BASE,
    "shaders": BASE,
    "runtime": BASE | {"hal", "shaders"},
    "kp": BASE | {"hal", "shaders"},
    "array": BASE | {"hal", "shaders", "runtime"},
    "nn": BASE | {"array"},
    "special": BASE | {"array"},
    "linalg": BASE | {"array"},
    "fft": BASE | {"array", "runtime"},
    "polynomial": BASE | {"array"},
    "emath": BASE | {"array"},
    "image": BASE | {"array", "kp", "interop", "runtime", "fft"},
    "random": BASE | {"array", "runtime", "random_distributions", "random_counts", "random_parameters"},
    "random_counts": BASE | {"array", "random_distributions", "random_parameters"},
    "random_distributions": BASE | {"array", "random_parameters"},
    "random_parameters": BASE | {"array"},
    "interop": BASE | {"array", "kp", "runtime"},
    "device": BASE | {"runtime", "interop"},
    "cli": BASE | {"hal", "shaders", "kp", "array", "runtime", "device", "__init__"},
    "__main__": {"cli"},
    "__init__": BASE | {"hal", "shaders", "runtime", "kp", "array", "nn", "random", "interop", "device", "special",
                 "linalg", "fft", "image"},
}


def _part(module: str) -> str:
    """The part of ``vulkit.x.y`` (``x``, or ``__init__`` for ``vulkit`` itself)."""
    names = module.split(".")
    return names[1] if len(names) > 1 else "__init__"


def _imports(path: Path) -> list[tuple[str, int]]:
    """(absolute module, line) of every vulkit import in the file, at any depth (lazy imports count)."""
    module = ".".join(("vulkit", *path.relative_to(SRC).with_suffix("").parts)).removesuffix(".__init__")
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = [target] if node.module or not node.level else [f"{target}.{a.name}" for a in node.names]
            found += [(name, node.lineno) for name in names]
        elif isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
    return [(name, line) for name, line in found if name == "vulkit" or name.startswith("vulkit.")]


def test_no_module_imports_a_layer_above_its_own():
    wrong = []
    for path in sorted(SRC.rglob("*.py")):
        own = _part(".".join(("vulkit", *path.relative_to(SRC).with_suffix("").parts)))
        for target, line in _imports(path):
            other = _part(target)
            if other != own and other not in ALLOWED[own]:
                wrong.append(f"{path.relative_to(SRC)}:{line} ({own}) imports {target} ({other})")
    assert not wrong, "\n".join(wrong)


def test_only_hal_names_the_vulkan_backend():
    wrong = [f"{path.relative_to(SRC)}:{line} imports {target}" for path in sorted(SRC.rglob("*.py"))
             if path.relative_to(SRC).parts[0] != "hal"
             for target, line in _imports(path) if target.startswith("vulkit.hal.")]
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_relative_imports():
    """The test above would pass vacuously if relative imports were missed: runtime's context imports hal."""
    targets = {t for t, _ in _imports(SRC / "runtime" / "context.py")}
    assert "vulkit.hal" in targets and "vulkit._config" in targets
