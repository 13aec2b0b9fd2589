"""The README's code runs as written, and the ``vulkit`` command's subcommands work."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from vulkit import cli

ROOT = Path(__file__).resolve().parent.parent


def _python_blocks() -> list[str]:
    """Every ```python block of the README (indented ones, inside list items, dedented)."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"^( *)```python\n(.*?)^\1```", text, re.S | re.M)
    return [textwrap.dedent(body) for _, body in blocks]


def _readme_blocks() -> list[str]:
    """The README's runnable examples (class definitions are run by their own test)."""
    return [block for block in _python_blocks() if not block.startswith("class ")]


@pytest.mark.parametrize("index", range(len(_readme_blocks())))
def test_readme_python_blocks_run(index, capsys):
    exec(compile(_readme_blocks()[index], f"README block {index}", "exec"), {})


def test_readme_kp_quickstart_prints_the_documented_result(capsys):
    block = next(b for b in _readme_blocks() if "kp.Manager()" in b)
    exec(compile(block, "README kp quickstart", "exec"), {})
    printed = capsys.readouterr().out
    assert np.allclose(np.array(printed.strip().strip("[]").split(), dtype=np.float32), [8.5, 20.5, 36.5])


def test_readme_custom_op_example_runs_on_a_real_algorithm():
    from vulkit import kp
    from vulkit.shaders import compile_source

    example = next(block for block in _python_blocks() if block.startswith("class Twice"))
    namespace = {"kp": kp}
    exec(compile(example, "README custom op", "exec"), namespace)
    shader = compile_source("""
        #version 450
        layout(local_size_x = 1) in;
        layout(set = 0, binding = 0) buffer X { float x[]; };
        void main() { x[gl_GlobalInvocationID.x] += 1.0; }
    """)
    with kp.Manager() as mgr:
        tensor = mgr.tensor([1, 2, 3])
        op = namespace["Twice"](mgr.algorithm([tensor], shader))
        sequence = mgr.sequence().record(kp.OpSyncDevice([tensor])).record(op).record(kp.OpSyncLocal([tensor]))
        sequence.eval()
        assert tensor.data().tolist() == [3, 4, 5]
        tensor.data()[:] = 0
        sequence.eval()
        assert tensor.data().tolist() == [2, 2, 2]
        assert op.evaluations == 2


def test_info_lists_the_devices(capsys):
    assert cli.main(["info"]) == 0
    out = capsys.readouterr().out
    from vulkit.hal import get_instance

    for device in get_instance().physical_devices:
        assert device.name in out
    assert "subgroup size" in out and "features:" in out and "shader compiler:" in out


def test_compile_writes_spirv(tmp_path, capsys):
    source = tmp_path / "double.comp"
    source.write_text("""
        #version 450
        layout(local_size_x = 1) in;
        layout(set = 0, binding = 0) buffer X { float x[]; };
        void main() { x[gl_GlobalInvocationID.x] *= 2.0; }
    """)
    assert cli.main(["compile", str(source), "-o", str(tmp_path / "out.spv")]) == 0
    assert (tmp_path / "out.spv").read_bytes()[:4] == (0x07230203).to_bytes(4, "little")


def test_demo_pipeline_matches_numpy():
    result = cli._demo_pipeline(n=4099)
    assert result["max_abs_error"] <= 1e-5
    assert len(result["gpu_ms"]) == 3 and all(t >= 0 for t in result["gpu_ms"])


def test_python_dash_m_vulkit_runs():
    done = subprocess.run([sys.executable, "-m", "vulkit", "compile", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "usage: vulkit compile" in done.stdout


def test_logistic_regression_example_learns():
    import runpy

    result = runpy.run_path(str(ROOT / "examples" / "logistic_regression.py"))["train"](iterations=60)
    assert result["accuracy"] == 1.0
    assert result["losses"][-1] < result["losses"][0]


def test_array_api_interop_example_runs_scikit_learn_and_scipy_on_vulkit_arrays():
    """In a subprocess: SciPy reads SCIPY_ARRAY_API when it is first imported."""
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "array_api_interop.py")], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "StandardScaler output: vulkit.array.array.Array" in done.stdout
    r2 = float(done.stdout.split("r2 of the fitted model: ")[1].split()[0])
    error = float(done.stdout.split("logsumexp: ")[1].split()[0])
    assert r2 > 0.99 and error < 1e-5


def test_numpy_port_example_matches_numpy():
    import runpy

    differences = runpy.run_path(str(ROOT / "examples" / "numpy_port.py"))["compare"](n=1024)
    assert set(differences) == {"trend", "peak frequency", "spectrum max", "phase span", "histogram", "edges",
                                "energy"}
    assert differences["peak frequency"] == 0.0 and differences["histogram"] == 0.0
    assert max(differences.values()) < 1e-9, differences


def test_the_namespace_offers_its_public_names_only():
    """Tab completion (``dir(vt)``) shows the array API and NumPy names and the submodules, not the package's
    internals or its own imports; every name it shows resolves."""
    import vulkit

    names = dir(vulkit)
    assert {"sum", "linalg", "fft", "image", "emath", "random", "kp", "device", "mgrid"} <= set(names)
    assert not {"annotations", "sys", "hal", "runtime", "shaders", "set_namespace"} & set(names)
    for name in names:
        getattr(vulkit, name)
