"""SPIR-V rewrites for types the GLSL compiler cannot spell yet.

The glslang vulkit installs from PyPI (13.1) predates ``GL_EXT_bfloat16``. A kernel that wants bfloat16 values in
the SPIR-V (cooperative-matrix fragments on devices with ``VK_KHR_shader_bfloat16``) is written with float16 as a
placeholder for them, compiled, and rewritten here: every 16-bit float type becomes the bfloat16 encoding of
``SPV_KHR_bfloat16``, with its capabilities and extension declared. The kernel must use the placeholder for
nothing else.
"""

from __future__ import annotations

import struct

from .reflect import _instructions, _words

_OP_EXTENSION, _OP_CAPABILITY, _OP_TYPE_FLOAT = 10, 17, 22
_BFLOAT16_ENCODING = 0  # FPEncoding BFloat16KHR
_BFLOAT16_CAPABILITIES = (5116, 5118)  # BFloat16TypeKHR, BFloat16CooperativeMatrixKHR


def _instruction(opcode: int, operands: list[int]) -> list[int]:
    return [(len(operands) + 1) << 16 | opcode, *operands]


def _string(text: str) -> list[int]:
    raw = text.encode() + b"\0"
    raw += b"\0" * (-len(raw) % 4)
    return list(struct.unpack(f"<{len(raw) // 4}I", raw))


def float16_as_bfloat16(spirv: bytes) -> bytes:
    """``spirv`` with its 16-bit float type made bfloat16 (``OpTypeFloat 16 BFloat16KHR``), and the
    ``SPV_KHR_bfloat16`` extension and capabilities declared after the module's own."""
    words = _words(spirv)
    out = list(words[:5])
    capabilities, extension = False, False
    for opcode, operands in _instructions(words):
        instruction = _instruction(opcode, list(operands))
        if not capabilities and opcode != _OP_CAPABILITY:  # the layout: capabilities, then extensions
            for capability in _BFLOAT16_CAPABILITIES:
                out += _instruction(_OP_CAPABILITY, [capability])
            capabilities = True
        if not extension and opcode not in (_OP_CAPABILITY, _OP_EXTENSION):
            out += _instruction(_OP_EXTENSION, _string("SPV_KHR_bfloat16"))
            extension = True
        if opcode == _OP_TYPE_FLOAT and list(operands[1:]) == [16]:
            instruction = _instruction(_OP_TYPE_FLOAT, [operands[0], 16, _BFLOAT16_ENCODING])
        out += instruction
    return struct.pack(f"<{len(out)}I", *out)
