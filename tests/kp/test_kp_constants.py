"""Push and specialization constants: every scalar type, vectors, arrays, matrices, per-dispatch overrides."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, HEADER, dispatch, run, spirv

from vulkit import kp


@dataclass(frozen=True)
class ScalarType:
    """A GLSL scalar type, the NumPy dtype its values come back as, and the feature it needs."""

    glsl: str
    vector: str
    dtype: type
    feature: str | None
    values: tuple
    suffix: str = ""

    def literal(self, value: float | int) -> str:
        """``value`` as a GLSL literal of this type."""
        if self.glsl == "bool":
            return "true" if value else "false"
        return f"{value!r}{self.suffix}"

    @property
    def wide(self) -> bool:
        """64-bit integers, which kp tensors cannot hold: they are written out as pairs of uints."""
        return self.glsl in ("int64_t", "uint64_t")

    @property
    def out(self) -> str:
        """The GLSL element type of the output buffer (bools and 64-bit integers go out as uints)."""
        return "uint" if self.glsl == "bool" or self.wide else self.glsl

    def store(self, index: int | str, value: str) -> str:
        """GLSL that writes ``value`` as the output's element ``index``."""
        if self.wide:
            return (f"{{ uvec2 w = unpackUint2x32(uint64_t({value})); "
                    f"result[2 * ({index})] = w.x; result[2 * ({index}) + 1] = w.y; }}")
        return f"result[{index}] = {self.out}({value});"

    def output(self, mgr: kp.Manager, count: int) -> kp.Tensor:
        """A zeroed output tensor for ``count`` values."""
        if self.wide:
            return mgr.tensor_t(np.zeros(2 * count, dtype=np.uint32))
        return mgr.tensor_t(np.zeros(count, dtype=self.dtype))

    def read(self, tensor: kp.Tensor) -> np.ndarray:
        """The values written to ``tensor``."""
        return tensor.data().view(self.dtype)


SCALARS = [
    ScalarType("float", "vec3", np.float32, None, (1.5, -2.25, 3.0e30, -0.0, 0.1, 7.0)),
    ScalarType("int", "ivec3", np.int32, None, (-7, 2**31 - 1, -(2**31), 0, 5, -1)),
    ScalarType("uint", "uvec3", np.uint32, None, (0, 2**32 - 1, 123, 2**31, 9, 1), "u"),
    ScalarType("bool", "bvec3", np.uint32, None, (True, False, True, False, 1, 0)),
    ScalarType("double", "dvec3", np.float64, "float64", (1 / 3, -2.0**-1000, 1e300, 0.5, -7.25, 2.0), "LF"),
    ScalarType("int64_t", "i64vec3", np.int64, "int64", (-(2**63), 2**63 - 1, 2**40 + 1, -1, 0, 3), "l"),
    ScalarType("uint64_t", "u64vec3", np.uint64, "int64", (2**64 - 1, 0, 2**53 + 1, 2**63, 8, 9), "ul"),
]


def require_feature(properties: dict, feature: str | None) -> None:
    if feature and not properties["features"][feature]:
        pytest.skip(f"{properties['device_name']} has no {feature} in shaders")


def push_constant_shader(t: ScalarType) -> str:
    """A shader writing its push constants ``{T a; TVEC3 v; T b[2];}`` to its output, in order."""
    return HEADER + f"""
layout(local_size_x = 1) in;
layout(push_constant) uniform Push {{ {t.glsl} a; {t.vector} v; {t.glsl} b[2]; }} p;
layout(set = 0, binding = 0) buffer Out {{ {t.out} result[]; }};
void main() {{
    {t.store(0, "p.a")}
    for (int i = 0; i < 3; ++i) {t.store("1 + i", "p.v[i]")}
    {t.store(4, "p.b[0]")}
    {t.store(5, "p.b[1]")}
}}
"""


def spec_constant_shader(t: ScalarType) -> str:
    """A shader writing its specialization constants 0..2 (defaults: the type's last three values)."""
    declarations = "\n".join(
        f"layout(constant_id = {i}) const {t.glsl} c{i} = {t.literal(v)};" for i, v in enumerate(t.values[3:])
    )
    return HEADER + f"""
layout(local_size_x = 1) in;
{declarations}
layout(set = 0, binding = 0) buffer Out {{ {t.out} result[]; }};
void main() {{
    {t.store(0, "c0")}
    {t.store(1, "c1")}
    {t.store(2, "c2")}
}}
"""


@pytest.mark.parametrize("t", SCALARS, ids=lambda t: t.glsl)
def test_push_constants_of_each_type(mgr: kp.Manager, properties: dict, t: ScalarType) -> None:
    require_feature(properties, t.feature)
    out = t.output(mgr, 6)
    dispatch(mgr, [out], push_constant_shader(t), (1, 1, 1), push_consts=list(t.values))
    np.testing.assert_array_equal(t.read(out), np.array(t.values, dtype=t.dtype))


@pytest.mark.parametrize("t", SCALARS, ids=lambda t: t.glsl)
def test_spec_constants_of_each_type(mgr: kp.Manager, properties: dict, t: ScalarType) -> None:
    require_feature(properties, t.feature)
    out = t.output(mgr, 3)
    # Two of three given: constant 2 keeps its default.
    dispatch(mgr, [out], spec_constant_shader(t), (1, 1, 1), spec_consts=list(t.values[:2]))
    expected = [t.values[0], t.values[1], t.values[5]]
    np.testing.assert_array_equal(t.read(out), np.array(expected, dtype=t.dtype))


def test_spec_constant_defaults_when_none_given(mgr: kp.Manager) -> None:
    t = SCALARS[0]
    out = mgr.tensor_t(np.zeros(3, dtype=np.float32))
    dispatch(mgr, [out], spec_constant_shader(t), (1, 1, 1))
    np.testing.assert_array_equal(out.data(), np.array(t.values[3:], dtype=np.float32))


def test_push_constants_of_mixed_64_bit_types_keep_every_bit(mgr: kp.Manager, properties: dict) -> None:
    require_feature(properties, "int64")
    require_feature(properties, "float64")
    source = HEADER + """
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { double a; int64_t b; uint64_t c; float d; } p;
layout(set = 0, binding = 0) buffer Out { uvec2 result[]; };
void main() {
    result[0] = unpackUint2x32(doubleBitsToUint64(p.a));
    result[1] = unpackUint2x32(uint64_t(p.b));
    result[2] = unpackUint2x32(p.c);
    result[3] = uvec2(floatBitsToUint(p.d), 0u);
}
"""
    values = [0.1, -(2**63) + 1, 2**64 - 1, 2.5]
    out = mgr.tensor_t(np.zeros(8, dtype=np.uint32))
    dispatch(mgr, [out], source, (1, 1, 1), push_consts=values)
    expected = [
        np.float64(0.1).view(np.uint64),
        np.int64(-(2**63) + 1).view(np.uint64),
        np.uint64(2**64 - 1),
        np.uint64(np.float32(2.5).view(np.uint32)),
    ]
    np.testing.assert_array_equal(out.data().view(np.uint64), np.array(expected, dtype=np.uint64))


# Blocks of push constants (each fits the 128 bytes every device has) and their members with their
# shapes in GLSL index order; the shader writes each member out by nested loops over its indices.
LAYOUT_CASES = {
    "array of matrices": ("mat3 m[2];", [("m", (2, 3, 3))]),
    "row-major matrices": ("layout(row_major) mat2x3 r; layout(row_major) mat3 rs; layout(row_major) mat2 q;",
                           [("r", (2, 3)), ("rs", (3, 3)), ("q", (2, 2))]),
    "vectors and scalar arrays": ("mat3x2 n; vec3 v[2]; float f[3];", [("n", (3, 2)), ("v", (2, 3)), ("f", (3,))]),
    "array of structs": ("float a; S s[2];",
                         [("a", ()), ("s[0].x", ()), ("s[0].y", (2,)), ("s[1].x", ()), ("s[1].y", (2,))]),
}


def _write_loops(member: str, shape: tuple[int, ...]) -> str:
    """GLSL that appends ``p.<member>[i][j]...`` to ``result`` in row-major index order."""
    indices = "".join(f"[i{axis}]" for axis in range(len(shape)))
    body = f"result[k++] = p.{member}{indices};"
    for axis in reversed(range(len(shape))):
        body = f"for (int i{axis} = 0; i{axis} < {shape[axis]}; ++i{axis}) {{ {body} }}"
    return body


@pytest.mark.parametrize("layout", ["std430", "std140"])
@pytest.mark.parametrize("case", list(LAYOUT_CASES))
def test_push_constant_arrays_and_matrices_follow_the_compilers_layout(mgr: kp.Manager, case: str,
                                                                       layout: str) -> None:
    """Values go in GLSL index order (matrices column by column) wherever the compiler put them."""
    block, members = LAYOUT_CASES[case]
    writes = "\n    ".join(_write_loops(member, shape) for member, shape in members)
    source = HEADER + f"""
layout(local_size_x = 1) in;
struct S {{ float x; vec2 y; }};
layout({layout}, push_constant) uniform Push {{ {block} }} p;
layout(set = 0, binding = 0) buffer Out {{ float result[]; }};
void main() {{
    uint k = 0u;
    {writes}
}}
"""
    count = sum(int(np.prod(shape)) for _, shape in members)
    values = np.arange(1, count + 1, dtype=np.float32)
    out = mgr.tensor(np.zeros(count))
    dispatch(mgr, [out], source, (1, 1, 1), push_consts=values)
    np.testing.assert_array_equal(out.data(), values)


def test_push_constant_double_matrices(mgr: kp.Manager, properties: dict) -> None:
    require_feature(properties, "float64")
    source = HEADER + """
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { dmat2x3 m; layout(row_major) dmat3x2 r; } p;
layout(set = 0, binding = 0) buffer Out { double result[]; };
void main() {
    uint k = 0u;
    for (int c = 0; c < 2; ++c) for (int r = 0; r < 3; ++r) result[k++] = p.m[c][r];
    for (int c = 0; c < 3; ++c) for (int r = 0; r < 2; ++r) result[k++] = p.r[c][r];
}
"""
    values = np.arange(12, dtype=np.float64) / 7
    out = mgr.tensor_t(np.zeros(12, dtype=np.float64))
    dispatch(mgr, [out], source, (1, 1, 1), push_consts=values)
    np.testing.assert_array_equal(out.data(), values)


def test_push_constants_given_to_a_dispatch_become_the_algorithms(mgr: kp.Manager) -> None:
    """As in Kompute, OpAlgoDispatch(algorithm, values) sets the algorithm's push constants when it is recorded:
    a later plain OpAlgoDispatch(algorithm) uses the last values set."""
    data = mgr.tensor(np.zeros(4))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.0])
    sequence = (mgr.sequence()
                .record(kp.OpSyncDevice([data]))
                .record(kp.OpAlgoDispatch(algorithm))
                .record(kp.OpAlgoDispatch(algorithm, [10.0]))
                .record(kp.OpAlgoDispatch(algorithm, push_consts=[100.0]))
                .record(kp.OpAlgoDispatch(algorithm))
                .record(kp.OpSyncLocal([data]))
                .eval())
    np.testing.assert_array_equal(data.data(), np.full(4, 1.0 + 10.0 + 100.0 + 100.0))
    assert algorithm.get_push_consts() == [100.0]

    # set_push_consts changes what dispatches recorded from now on use (after a rerecord, as in Kompute).
    algorithm.set_push_consts([1000.0])
    data.set_data(np.zeros(4))
    sequence.rerecord()
    sequence.eval()
    np.testing.assert_array_equal(data.data(), np.full(4, 1000.0 + 10.0 + 100.0 + 100.0))
    assert algorithm.get_push_consts() == [100.0]


def test_push_constants_given_as_numpy_array(mgr: kp.Manager) -> None:
    data = mgr.tensor(np.zeros(2))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=np.array([0.5], dtype=np.float32))
    run(mgr, kp.OpSyncDevice([data]), kp.OpAlgoDispatch(algorithm, np.array([2.0])), kp.OpSyncLocal([data]))
    np.testing.assert_array_equal(data.data(), [2.0, 2.0])


GAPPED_IDS = HEADER + """
layout(local_size_x = 1) in;
layout(constant_id = 1) const float scale = 2.0;
layout(constant_id = 3) const uint shift = 0u;
layout(set = 0, binding = 0) buffer Data { float data[]; };
void main() { data[gl_GlobalInvocationID.x] = data[gl_GlobalInvocationID.x] * scale + float(shift); }
"""


def test_spec_constants_for_ids_the_shader_skips_are_placeholders(mgr):
    """As in Kompute, values[i] sets constant_id i; values for ids the shader does not declare below its
    last one are ignored (Vulkan's rule), values past its last id are refused."""
    tensor = mgr.tensor(np.array([1.0, 2.0], np.float32))
    dispatch(mgr, [tensor], GAPPED_IDS, (2, 1, 1), [0.0, 5.0, 99.0, 1])
    np.testing.assert_array_equal(tensor.data(), [6.0, 11.0])
    with pytest.raises(ValueError, match="constant_id 4"):
        mgr.algorithm([tensor], spirv(GAPPED_IDS), (2, 1, 1), [0.0, 5.0, 99.0, 1, 7])
