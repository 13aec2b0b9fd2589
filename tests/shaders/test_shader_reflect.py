"""SPIR-V reflection against modules compiled by glslang."""

from __future__ import annotations

import struct
from array import array

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vulkit.shaders import Binding, PushConstantMember, SpecConstant, check_spirv, compile_source, reflect

TARGETS = ["vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"]

DESCRIPTORS = """
#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) readonly buffer In { float src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float dst[]; };
layout(set = 0, binding = 2) buffer InOut { float both[]; } inout_buffer;
layout(set = 0, binding = 3) buffer MemberReadonly { readonly float a; readonly float b[]; };
layout(set = 1, binding = 0) uniform Params { float scale; uint n; };
layout(set = 1, binding = 1, rgba8) uniform readonly image2D image_in;
layout(set = 1, binding = 2, rgba8) uniform writeonly image2D image_out;
layout(set = 1, binding = 3, r32f) uniform image3D image_rw;
layout(set = 2, binding = 0) uniform sampler2D combined;
layout(set = 2, binding = 1) uniform texture2D texture_only;
layout(set = 2, binding = 2) uniform sampler sampler_only;
layout(set = 2, binding = 3, r32f) uniform imageBuffer storage_texels;
layout(set = 2, binding = 4) uniform textureBuffer uniform_texels;
layout(set = 3, binding = 0) buffer Many { float v[]; } many[3];
layout(set = 3, binding = 1) uniform texture2D unbounded[];
layout(binding = 5) buffer NoSet { float w[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float t = texture(combined, vec2(0.5)).x
        + texture(sampler2D(texture_only, sampler_only), vec2(0.5)).y
        + texelFetch(uniform_texels, 0).x
        + texture(sampler2D(unbounded[nonuniformEXT(i)], sampler_only), vec2(0.5)).x;
    vec4 p = imageLoad(image_in, ivec2(0)) + imageLoad(image_rw, ivec3(0)) + imageLoad(storage_texels, 0);
    imageStore(image_out, ivec2(0), p);
    imageStore(storage_texels, 1, p);
    dst[i] = src[i] * scale + t + a + b[i] + many[2].v[i] + float(n);
    inout_buffer.both[i] += 1.0;
    w[0] = 1.0;
}
"""

EXPECTED_BINDINGS = [
    Binding(0, 0, "storage_buffer", "In", True, False),
    Binding(0, 1, "storage_buffer", "Out", False, True),
    Binding(0, 2, "storage_buffer", "inout_buffer", False, False),
    Binding(0, 3, "storage_buffer", "MemberReadonly", True, False),
    Binding(0, 5, "storage_buffer", "NoSet", False, False),
    Binding(1, 0, "uniform_buffer", "Params", False, False),
    Binding(1, 1, "storage_image", "image_in", True, False),
    Binding(1, 2, "storage_image", "image_out", False, True),
    Binding(1, 3, "storage_image", "image_rw", False, False),
    Binding(2, 0, "combined_image_sampler", "combined", False, False),
    Binding(2, 1, "sampled_image", "texture_only", False, False),
    Binding(2, 2, "sampler", "sampler_only", False, False),
    Binding(2, 3, "storage_texel_buffer", "storage_texels", False, False),
    Binding(2, 4, "uniform_texel_buffer", "uniform_texels", False, False),
    Binding(3, 0, "storage_buffer", "many", False, False, 3),
    Binding(3, 1, "sampled_image", "unbounded", False, False, 0),
]


def push_shader(block: str, *, prelude: str = "", layout: str = "push_constant") -> str:
    return f"""
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
{prelude}
layout(local_size_x = 1) in;
layout({layout}) uniform Push {{ {block} }} pc;
layout(set = 0, binding = 0) buffer Out {{ float sink[]; }};
void main() {{ sink[0] = 1.0; }}
"""


S_STRUCT = "struct S { float x; vec2 y; };"



def push_case(name: str, block: str, size: int, *members: tuple, prelude: str = "", layout: str = "push_constant"):
    """A push constant block, its expected size and its (name, offset, size, kind, shape) leaves."""
    expected = [PushConstantMember(*member) for member in members]
    return pytest.param(block, prelude, layout, size, expected, id=name)


PUSH_CASES = [
    push_case("float", "float a;", 4, ("a", 0, 4, "float32", ())),
    push_case(
        "scalars",
        "uint a; int b; float c;",
        12,
        ("a", 0, 4, "uint32", ()),
        ("b", 4, 4, "int32", ()),
        ("c", 8, 4, "float32", ()),
    ),
    push_case("vec4", "vec4 v;", 16, ("v", 0, 16, "float32", (4,))),
    push_case("float vec3", "float a; vec3 b;", 28, ("a", 0, 4, "float32", ()), ("b", 16, 12, "float32", (3,))),
    push_case("vec3 float", "vec3 b; float a;", 16, ("b", 0, 12, "float32", (3,)), ("a", 12, 4, "float32", ())),
    push_case("array std430", "float a[3];", 12, ("a", 0, 12, "float32", (3,))),
    push_case("array std140", "float a[3];", 48, ("a", 0, 48, "float32", (3,)), layout="std140, push_constant"),
    push_case(
        "vec3 array", "vec3 a[2]; float b;", 36, ("a", 0, 32, "float32", (2, 3)), ("b", 32, 4, "float32", ())
    ),
    push_case("mat4", "mat4 m;", 64, ("m", 0, 64, "float32", (4, 4))),
    push_case("mat3", "mat3 m; float t;", 52, ("m", 0, 48, "float32", (3, 3)), ("t", 48, 4, "float32", ())),
    push_case("mat2", "mat2 m;", 16, ("m", 0, 16, "float32", (2, 2))),
    push_case("row major mat2x3", "layout(row_major) mat2x3 m;", 24, ("m", 0, 24, "float32", (2, 3))),
    push_case(
        "struct",
        "S s; float t;",
        20,
        ("s.x", 0, 4, "float32", ()),
        ("s.y", 8, 8, "float32", (2,)),
        ("t", 16, 4, "float32", ()),
        prelude=S_STRUCT,
    ),
    push_case(
        "struct array std430",
        "uint n; S items[2];",
        40,
        ("n", 0, 4, "uint32", ()),
        ("items[0].x", 8, 4, "float32", ()),
        ("items[0].y", 16, 8, "float32", (2,)),
        ("items[1].x", 24, 4, "float32", ()),
        ("items[1].y", 32, 8, "float32", (2,)),
        prelude=S_STRUCT,
    ),
    push_case(
        "struct array std140",
        "uint n; S items[2];",
        48,
        ("n", 0, 4, "uint32", ()),
        ("items[0].x", 16, 4, "float32", ()),
        ("items[0].y", 24, 8, "float32", (2,)),
        ("items[1].x", 32, 4, "float32", ()),
        ("items[1].y", 40, 8, "float32", (2,)),
        prelude=S_STRUCT,
        layout="std140, push_constant",
    ),
    push_case(
        "int64 double",
        "int a; double d; uint64_t u;",
        24,
        ("a", 0, 4, "int32", ()),
        ("d", 8, 8, "float64", ()),
        ("u", 16, 8, "uint64", ()),
    ),
    push_case("float16 rounded up", "float16_t h;", 4, ("h", 0, 2, "float16", ())),
    push_case(
        "16-bit mix",
        "float16_t h; int16_t i; f16vec2 v;",
        8,
        ("h", 0, 2, "float16", ()),
        ("i", 2, 2, "int16", ()),
        ("v", 4, 4, "float16", (2,)),
    ),
    push_case("explicit offset", "layout(offset = 64) float late;", 68, ("late", 64, 4, "float32", ())),
]

SPEC_CONSTANTS = """
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 1) in;
layout(constant_id = 0) const bool FLAG_ON = true;
layout(constant_id = 1) const bool FLAG_OFF = false;
layout(constant_id = 2) const int NEGATIVE = -5;
layout(constant_id = 3) const uint UNSIGNED = 4000000000u;
layout(constant_id = 4) const float SINGLE = 1.5;
layout(constant_id = 5) const double DOUBLE = -2.25;
layout(constant_id = 6) const int64_t BIG = -1099511627776l;
layout(constant_id = 7) const uint64_t UBIG = 18446744073709551615ul;
layout(constant_id = 8) const float16_t HALF = 0.5hf;
layout(constant_id = 9) const int16_t SHORT = -2s;
layout(constant_id = 10) const uint16_t USHORT = 65535us;
layout(constant_id = 11) const int8_t TINY = int8_t(-7);
layout(constant_id = 12) const uint8_t UTINY = uint8_t(200);
layout(constant_id = 42) const uint LAST = 3;
layout(set = 0, binding = 0) buffer Out { double sink[]; };
void main() {
    sink[0] = double(FLAG_ON) + double(FLAG_OFF) + NEGATIVE + UNSIGNED + SINGLE + DOUBLE + double(BIG)
        + double(UBIG) + double(HALF) + double(SHORT) + double(USHORT) + double(TINY) + double(UTINY) + LAST;
}
"""

EXPECTED_SPEC_CONSTANTS = [
    SpecConstant(0, "bool", True, "FLAG_ON"),
    SpecConstant(1, "bool", False, "FLAG_OFF"),
    SpecConstant(2, "int32", -5, "NEGATIVE"),
    SpecConstant(3, "uint32", 4000000000, "UNSIGNED"),
    SpecConstant(4, "float32", 1.5, "SINGLE"),
    SpecConstant(5, "float64", -2.25, "DOUBLE"),
    SpecConstant(6, "int64", -(2**40), "BIG"),
    SpecConstant(7, "uint64", 2**64 - 1, "UBIG"),
    SpecConstant(8, "float16", 0.5, "HALF"),
    SpecConstant(9, "int16", -2, "SHORT"),
    SpecConstant(10, "uint16", 65535, "USHORT"),
    SpecConstant(11, "int8", -7, "TINY"),
    SpecConstant(12, "uint8", 200, "UTINY"),
    SpecConstant(42, "uint32", 3, "LAST"),
]

LOCAL_SIZE_IDS = """
#version 450
layout(local_size_x = 16, local_size_x_id = 3, local_size_y = 2, local_size_z_id = 5) in;
layout(set = 0, binding = 0) buffer Out { uint sink[]; };
void main() { sink[0] = gl_WorkGroupSize.x * gl_WorkGroupSize.z; }
"""


def fixed_size_shader(x: int, y: int, z: int) -> str:
    return f"""
#version 450
layout(local_size_x = {x}, local_size_y = {y}, local_size_z = {z}) in;
layout(set = 0, binding = 0) buffer Out {{ uint sink[]; }};
void main() {{ sink[0] = gl_LocalInvocationIndex; }}
"""


@pytest.fixture(scope="module")
def descriptors_spirv() -> bytes:
    return compile_source(DESCRIPTORS, target="vulkan1.2")


@pytest.mark.parametrize("target", TARGETS)
def test_bindings(target: str) -> None:
    info = reflect(compile_source(DESCRIPTORS, target=target))
    assert list(info.bindings) == EXPECTED_BINDINGS
    assert info.entry_point == "main"


@pytest.mark.parametrize(("target", "version"), list(zip(TARGETS, [(1, 0), (1, 3), (1, 5), (1, 6)], strict=True)))
def test_spirv_version(target: str, version: tuple[int, int]) -> None:
    assert reflect(compile_source(fixed_size_shader(1, 1, 1), target=target)).spirv_version == version


def instructions(spirv: bytes):
    words = array("I", spirv)
    position = 5
    while position < len(words):
        count = words[position] >> 16
        yield words[position] & 0xFFFF, words[position + 1 : position + count]
        position += count


@pytest.mark.parametrize(("target", "buffer_block"), [("vulkan1.0", True), ("vulkan1.2", False)])
def test_storage_buffer_encodings(target: str, buffer_block: bool) -> None:
    # NOTE: SPIR-V 1.0 has no StorageBuffer storage class: glslang emits Uniform + BufferBlock there.
    spirv = compile_source(DESCRIPTORS, target=target)
    op_decorate, decoration_buffer_block = 71, 3
    found = any(op == op_decorate and ops[1] == decoration_buffer_block for op, ops in instructions(spirv))
    assert found == buffer_block
    info = reflect(spirv)
    assert [item.kind for item in info.bindings[:5]] == ["storage_buffer"] * 5
    assert info.binding(1, 0).kind == "uniform_buffer"


def test_binding_lookup_and_access(descriptors_spirv: bytes) -> None:
    info = reflect(descriptors_spirv)
    assert info.binding(1, 0).name == "Params"
    with pytest.raises(KeyError, match="no binding 9 in set 0"):
        info.binding(0, 9)
    assert not info.writes(0)
    assert info.writes(1)
    assert not info.reads(1)
    assert info.writes(2) and info.reads(2)
    assert not info.writes(3)
    assert not info.writes(0, set=1)
    assert not info.writes(info.binding(1, 1))
    assert info.writes(info.binding(1, 2))
    assert info.writes(3, set=1)
    assert not info.writes(info.binding(2, 0))
    assert info.writes(info.binding(2, 3))


@pytest.mark.parametrize(("block", "prelude", "layout", "size", "members"), PUSH_CASES)
def test_push_constants(block: str, prelude: str, layout: str, size: int, members: list) -> None:
    info = reflect(compile_source(push_shader(block, prelude=prelude, layout=layout)))
    assert info.push_constant_size == size
    assert list(info.push_constant_members) == members


def test_no_push_constants(descriptors_spirv: bytes) -> None:
    info = reflect(descriptors_spirv)
    assert info.push_constant_size == 0
    assert info.push_constant_members == ()


def test_push_constant_member_count() -> None:
    assert PushConstantMember("m", 0, 48, "float32", (2, 3, 4)).count == 24
    assert PushConstantMember("x", 0, 4, "float32").count == 1


@pytest.fixture(scope="module")
def spec_info():
    return reflect(compile_source(SPEC_CONSTANTS))


def test_spec_constant_ids(spec_info) -> None:
    assert [item.id for item in spec_info.spec_constants] == [item.id for item in EXPECTED_SPEC_CONSTANTS]


@pytest.mark.parametrize("expected", EXPECTED_SPEC_CONSTANTS, ids=lambda item: item.kind + "-" + item.name)
def test_spec_constant(spec_info, expected: SpecConstant) -> None:
    found = spec_info.spec_constant(expected.id)
    assert found == expected
    assert type(found.default) is type(expected.default)


def test_spec_constant_missing(spec_info) -> None:
    with pytest.raises(KeyError, match="constant_id 99"):
        spec_info.spec_constant(99)


@pytest.mark.parametrize("size", [(1, 1, 1), (64, 1, 1), (8, 8, 1), (4, 2, 8)])
def test_fixed_local_size(size: tuple[int, int, int]) -> None:
    info = reflect(compile_source(fixed_size_shader(*size)))
    assert info.local_size == size
    assert info.local_size_spec_ids == (None, None, None)


@pytest.mark.parametrize("target", TARGETS)
def test_local_size_spec_ids(target: str) -> None:
    # NOTE: up to vulkan1.2 glslang emits a WorkgroupSize builtin composite; vulkan1.3 uses LocalSizeId.
    info = reflect(compile_source(LOCAL_SIZE_IDS, target=target))
    assert info.local_size == (16, 2, 1)
    assert info.local_size_spec_ids == (3, None, 5)
    assert info.spec_constants == (SpecConstant(3, "uint32", 16, ""), SpecConstant(5, "uint32", 1, ""))


def test_named_constant_sharing_a_workgroup_spec_id() -> None:
    source = LOCAL_SIZE_IDS.replace(") in;\n", ") in;\nlayout(constant_id = 3) const uint WIDTH = 8;\n", 1)
    source = source.replace("gl_WorkGroupSize.x *", "WIDTH * gl_WorkGroupSize.x *")
    info = reflect(compile_source(source))
    assert info.local_size_spec_ids == (3, None, 5)
    assert info.spec_constant(3) == SpecConstant(3, "uint32", 8, "WIDTH")
    assert [item.id for item in info.spec_constants] == [3, 5]


def byteswapped(spirv: bytes) -> bytes:
    words = array("I", spirv)
    words.byteswap()
    return words.tobytes()


@pytest.mark.parametrize(
    "convert",
    [bytes, bytearray, memoryview, byteswapped, lambda data: np.frombuffer(data, dtype=np.uint32)],
    ids=["bytes", "bytearray", "memoryview", "big-endian", "numpy"],
)
def test_input_forms(descriptors_spirv: bytes, convert) -> None:
    assert reflect(convert(descriptors_spirv)) == reflect(descriptors_spirv)


def test_reflection_is_kept_per_module(descriptors_spirv: bytes) -> None:
    """A module is reflected once, whatever form its bytes come in; the result cannot be changed under its users."""
    info = reflect(descriptors_spirv)
    assert reflect(bytearray(descriptors_spirv)) is info
    assert reflect(np.frombuffer(descriptors_spirv, dtype=np.uint32)) is info
    with pytest.raises(AttributeError):
        info.push_constant_size = 4  # type: ignore[misc]
    assert isinstance(info.bindings, tuple) and isinstance(info.spec_constants, tuple)


def test_a_bad_module_raises_every_time() -> None:
    for _ in range(2):
        with pytest.raises(ValueError, match="not SPIR-V"):
            reflect(b"\x00" * 20)


HEADER = struct.pack("<5I", 0x07230203, 0x00010500, 0, 100, 0)


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ("a string", "expected a bytes-like object, got str"),
        (None, "expected a bytes-like object, got NoneType"),
        (12345, "expected a bytes-like object"),
        (b"", "shorter than the 20-byte header"),
        (b"\x03\x02\x23", "not a multiple of 4"),
        (HEADER[:16], "shorter than the 20-byte header"),
        (b"\x00" * 20, "magic number 0x00000000"),
        (HEADER + struct.pack("<I", 5 << 16 | 15), "truncated"),
        (HEADER + struct.pack("<I", 0), "word count of 0"),
        (HEADER, "no OpEntryPoint"),
        (HEADER + struct.pack("<3I", 3 << 16 | 32, 7, 2), "no OpEntryPoint"),
    ],
    ids=[
        "str",
        "none",
        "int",
        "empty",
        "odd length",
        "short header",
        "bad magic",
        "truncated instruction",
        "zero word count",
        "no entry point",
        "no entry point after types",
    ],
)
def test_invalid_input(data: object, match: str) -> None:
    with pytest.raises(ValueError, match="not SPIR-V: .*" + match):
        reflect(data)


def test_check_spirv(descriptors_spirv: bytes) -> None:
    check_spirv(descriptors_spirv)
    with pytest.raises(ValueError, match="truncated"):
        check_spirv(descriptors_spirv + struct.pack("<I", 9 << 16 | 71))


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_damaged_modules_raise_value_error_only(descriptors_spirv: bytes, data: st.DataObject) -> None:
    words = array("I", descriptors_spirv)
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(5, len(words) - 1))
        words[index] = data.draw(st.sampled_from([0, 1, 0xFFFF, 0xFFFFFFFF, words[index] ^ 1, 3 << 16 | 71]))
    try:
        reflect(words.tobytes())
    except ValueError as exc:
        assert str(exc).startswith("not SPIR-V")
