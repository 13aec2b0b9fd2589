"""The float16 product on NVIDIA's VK_NV_cooperative_matrix2: workgroup-scope cooperative matrices loaded straight
from the operands through tensor layouts (the driver stages them through shared memory itself), written as the
extension's sample does. The PyPI glslang (13.1) cannot compile GL_NV_cooperative_matrix2; the glslang inside the
``slangpy`` wheel (libslang-glslang, Slang 2026.12) can, through its C entry point ``glslang_compile_1_2``: the
probe compiles with it (``SLANG_GLSLANG``: the library's path). Each variant runs in its own process under a time
limit, is checked against NumPy (small integers: exact) and timed with GPU timestamps through vulkit.kp on 4096^3.

A variant is (tile M, tile N, step K, threads).

Run on the GPU machine: SLANG_GLSLANG=.../libslang-glslang-2026.12.so python benchmarks/probes/probe_coopmat2.py"""

from __future__ import annotations

import os
import struct
import sys

import cffi
from probe_coop_grids import each_in_a_process

N = 4096
VARIANTS = ((128, 256, 32, 256), (128, 128, 32, 128), (128, 256, 64, 256), (128, 256, 32, 128),
            (256, 128, 64, 256), (128, 128, 64, 128))
EXTENSION = "VK_NV_cooperative_matrix2"
FEATURES = 1000593000  # VkPhysicalDeviceCooperativeMatrix2FeaturesNV: its seven features, all on

_ffi = cffi.FFI()
_ffi.cdef("""
typedef void (*glslang_OutputFunc)(void const* data, size_t size, void* userData);
typedef struct { int major, minor, patch; } glsl_SPIRVVersion;
typedef struct {
    size_t sizeInBytes; char const* sourcePath; void const* inputBegin; void const* inputEnd;
    glslang_OutputFunc diagnosticFunc; void* diagnosticUserData; glslang_OutputFunc outputFunc; void* outputUserData;
    int slangStage; unsigned action; unsigned optimizationLevel; unsigned debugInfoType;
    const char* spirvTargetName; glsl_SPIRVVersion spirvVersion; const char* entryPointName;
} glslang_CompileRequest_1_2;
int glslang_compile_1_2(glslang_CompileRequest_1_2* request);
""")


def compile_glsl(source: str) -> bytes:
    """SPIR-V 1.6 of a GLSL compute shader, through Slang's glslang."""
    lib = _ffi.dlopen(os.environ.get("SLANG_GLSLANG", "libslang-glslang-2026.12.so"))
    text = _ffi.new("char[]", source.encode())
    out: list[bytes] = []
    log: list[bytes] = []
    on_out = _ffi.callback("void(void const*, size_t, void*)", lambda data, size, _: out.append(
        _ffi.buffer(data, size)[:]))
    on_log = _ffi.callback("void(void const*, size_t, void*)", lambda data, size, _: log.append(
        _ffi.buffer(data, size)[:]))
    keep = [_ffi.new("char[]", b"kernel.comp"), _ffi.new("char[]", b"main")]
    request = _ffi.new("glslang_CompileRequest_1_2*", {
        "sizeInBytes": _ffi.sizeof("glslang_CompileRequest_1_2"), "sourcePath": keep[0],
        "inputBegin": text, "inputEnd": text + len(source.encode()), "diagnosticFunc": on_log,
        "outputFunc": on_out, "slangStage": 6, "action": 0, "spirvVersion": {"major": 1, "minor": 6},
        "entryPointName": keep[1]})
    if lib.glslang_compile_1_2(request) != 0 or not out:
        raise RuntimeError(b"".join(log).decode(errors="replace")[:2000])
    return b"".join(out)


def source(tm: int, tn: int, tk: int, threads: int) -> str:
    """The workgroup-scope product as the extension's sample writes it, sizes fixed."""
    return f"""#version 450 core
#pragma use_vulkan_memory_model
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_NV_cooperative_matrix2 : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
layout(local_size_x = {threads}) in;
layout(std430, binding = 0) readonly buffer InA {{ uvec4 a[]; }};
layout(std430, binding = 1) readonly buffer InB {{ uvec4 b[]; }};
layout(std430, binding = 2) buffer OutC {{ float c[]; }};
const uint N = {N}u, TM = {tm}u, TN = {tn}u, TK = {tk}u;
void main() {{
  uvec2 tile = uvec2(gl_WorkGroupID.xy);
  coopmat<float, gl_ScopeWorkgroup, TM, TN, gl_MatrixUseAccumulator> acc =
      coopmat<float, gl_ScopeWorkgroup, TM, TN, gl_MatrixUseAccumulator>(0.0);
  tensorLayoutNV<2> la = createTensorLayoutNV(2);
  tensorLayoutNV<2> lb = createTensorLayoutNV(2);
  tensorLayoutNV<2> lc = createTensorLayoutNV(2);
  la = setTensorLayoutDimensionNV(la, N, N);
  lb = setTensorLayoutDimensionNV(lb, N, N);
  lc = setTensorLayoutDimensionNV(lc, N, N);
  for (uint k = 0u; k < N; k += TK) {{
    coopmat<float16_t, gl_ScopeWorkgroup, TM, TK, gl_MatrixUseA> ma;
    coopMatLoadTensorNV(ma, a, 0, sliceTensorLayoutNV(la, TM * tile.y, TM, k, TK));
    coopmat<float16_t, gl_ScopeWorkgroup, TK, TN, gl_MatrixUseB> mb;
    coopMatLoadTensorNV(mb, b, 0, sliceTensorLayoutNV(lb, k, TK, TN * tile.x, TN));
    acc = coopMatMulAdd(ma, mb, acc);
  }}
  coopMatStoreTensorNV(acc, c, 0, sliceTensorLayoutNV(lc, TM * tile.y, TM, TN * tile.x, TN));
}}
"""


def one(variant: tuple[int, ...]) -> None:
    """Check and time one variant (in this process)."""
    import probe_pipeline_stats as pps  # noqa: PLC0415 - patches the device's creation before kp makes one
    from probe_coop_reference import Product  # noqa: PLC0415

    import vulkit.kp as kp  # noqa: PLC0415

    pps.add_device_extension(EXTENSION, struct.pack("=i4xQ7I4x", FEATURES, 0, *([1] * 7)))
    spirv = compile_glsl(source(*variant))
    print(f"{variant}: {Product(kp.Manager()).run(spirv, *variant[:2])}", flush=True)


def main(argv: list[str]) -> None:
    limit = 60.0
    if argv[:1] == ["--limit"]:
        limit, argv = float(argv[1]), argv[2:]
    if argv[:1] == ["--one"]:
        one(tuple(int(v) for v in argv[1].split(",")))
        return
    each_in_a_process(__file__, [tuple(int(v) for v in a.split(",")) for a in argv] or list(VARIANTS), limit)


if __name__ == "__main__":
    main(sys.argv[1:])
