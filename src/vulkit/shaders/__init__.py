"""Shaders: the GLSL → SPIR-V compiler driver (with its disk cache) and SPIR-V reflection.

Only this package runs the shader compiler. ``compile_source`` / ``compile_file`` return SPIR-V bytes;
``reflect`` tells what a SPIR-V module needs from a pipeline (bindings, push constants, workgroup size,
specialization constants).
"""

from __future__ import annotations

from .compiler import clear_memory_cache, compile_file, compile_source, compiler_info
from .reflect import Binding, PushConstantMember, ShaderInfo, SpecConstant, check_spirv, reflect

__all__ = [
    "Binding",
    "PushConstantMember",
    "ShaderInfo",
    "SpecConstant",
    "check_spirv",
    "clear_memory_cache",
    "compile_file",
    "compile_source",
    "compiler_info",
    "reflect",
]
