"""Images: every element type and channel count through shader image operations (as Kompute's
test_image_types), image copies to and from tensors and images, memory types."""

from __future__ import annotations

import numpy as np
import pytest
from kp_helpers import HEADER, run, spirv

from vulkit import kp

# dtype → (GLSL image type prefix, format suffix, values range for lhs and rhs)
IMAGE_TYPES = {
    "float32": ("", "32f", 100),
    "int32": ("i", "32i", 1000),
    "uint32": ("u", "32ui", 1000),
    "int16": ("i", "16i", 100),
    "uint16": ("u", "16ui", 200),
    "int8": ("i", "8i", 10),
    "uint8": ("u", "8ui", 15),
}
CHANNEL_PREFIX = {1: "r", 2: "rg", 4: "rgba"}
# Formats every device must offer for storage images (the others need shaderStorageImageExtendedFormats).
CORE_FORMATS = {"r32f", "rgba32f", "r32i", "rgba32i", "r32ui", "rgba32ui", "rgba16i", "rgba16ui", "rgba8i", "rgba8ui"}


def image_format(dtype: str, channels: int) -> str:
    return CHANNEL_PREFIX[channels] + IMAGE_TYPES[dtype][1]


def multiply_shader(dtype: str, channels: int) -> str:
    """out = lhs * rhs, pixel by pixel, over images of the given type and channels."""
    prefix = IMAGE_TYPES[dtype][0]
    fmt = image_format(dtype, channels)
    return HEADER + f"""
layout(local_size_x = 1, local_size_y = 1) in;
layout(set = 0, binding = 0, {fmt}) uniform readonly {prefix}image2D lhs;
layout(set = 0, binding = 1, {fmt}) uniform readonly {prefix}image2D rhs;
layout(set = 0, binding = 2, {fmt}) uniform writeonly {prefix}image2D result;
void main() {{
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    imageStore(result, pixel, imageLoad(lhs, pixel) * imageLoad(rhs, pixel));
}}
"""


def require_format(properties: dict, dtype: str, channels: int) -> None:
    if dtype not in ("float32", "int32", "uint32") and dtype not in properties["dtypes"]:
        pytest.skip(f"{properties['device_name']} does not support {dtype}")
    if image_format(dtype, channels) not in CORE_FORMATS and not properties["features"].get(
            "storage_image_extended_formats"):
        pytest.skip(f"{properties['device_name']} has no extended storage image formats")


@pytest.mark.parametrize("channels", [1, 2, 4])
@pytest.mark.parametrize("dtype", list(IMAGE_TYPES))
def test_image_types_through_shader_image_operations(mgr: kp.Manager, properties: dict, dtype: str,
                                                     channels: int) -> None:
    require_format(properties, dtype, channels)
    width, height = 5, 3
    limit = IMAGE_TYPES[dtype][2]
    rng = np.random.default_rng(channels)
    lhs_values = rng.integers(0, limit, width * height * channels).astype(dtype)
    rhs_values = rng.integers(-limit if dtype.startswith(("int", "float")) else 0, limit,
                              width * height * channels).astype(dtype)
    if dtype == "float32":
        lhs_values += np.float32(0.25)
    maker = mgr.image if dtype == "float32" else mgr.image_t
    lhs = maker(lhs_values, width, height, channels)
    rhs = maker(rhs_values, width, height, channels)
    out = maker(np.zeros_like(lhs_values), width, height, channels)
    assert (out.width(), out.height(), out.num_channels()) == (width, height, channels)
    algorithm = mgr.algorithm([lhs, rhs, out], spirv(multiply_shader(dtype, channels)))
    assert algorithm.get_workgroup() == (width, height, 1)
    run(mgr, kp.OpSyncDevice([lhs, rhs]), kp.OpAlgoDispatch(algorithm), kp.OpSyncLocal([out]))
    np.testing.assert_array_equal(out.data(), lhs_values * rhs_values)
    assert out.data().dtype == np.dtype(dtype)


PIXELS = np.arange(24, dtype=np.float32) - 3.5  # 3 x 2 pixels of 4 channels, or 6 x 2 of 2, ...


@pytest.mark.parametrize("memory_type", [kp.MemoryTypes.device, kp.MemoryTypes.host, kp.MemoryTypes.storage,
                                         kp.MemoryTypes.deviceAndHost], ids=lambda m: m.name)
def test_image_memory_types(mgr: kp.Manager, memory_type: kp.MemoryTypes) -> None:
    image = mgr.image(PIXELS, 3, 2, 4, memory_type)
    assert image.memory_type() == memory_type
    tensor = mgr.tensor(np.zeros(24))
    run(mgr, kp.OpSyncDevice([image]), kp.OpImageCopyToTensor([image, tensor]), kp.OpSyncLocal([tensor]))
    np.testing.assert_array_equal(tensor.data(), PIXELS)


@pytest.mark.parametrize("channels", [1, 2, 4])
def test_op_copy_tensor_to_image_and_back(mgr: kp.Manager, channels: int) -> None:
    width = 24 // channels // 2
    tensor = mgr.tensor(PIXELS)
    image = mgr.image(np.zeros(24), width, 2, channels)
    back = mgr.tensor(np.zeros(24))
    run(mgr, kp.OpSyncDevice([tensor]), kp.OpCopy([tensor, image]), kp.OpCopy([image, back]),
        kp.OpSyncLocal([back]))
    np.testing.assert_array_equal(back.data(), PIXELS)
    np.testing.assert_array_equal(image.data(), PIXELS)  # OpCopy updates the host copies too


def test_op_tensor_copy_to_image_and_op_image_copy_to_tensor(mgr: kp.Manager) -> None:
    tensor = mgr.tensor_t(np.arange(12, dtype=np.int32))
    images = [mgr.image_t(np.zeros(12, dtype=np.int32), 3, 4, 1) for _ in range(2)]
    tensors = [mgr.tensor_t(np.zeros(12, dtype=np.int32)) for _ in range(2)]
    run(mgr, kp.OpSyncDevice([tensor]), kp.OpTensorCopyToImage([tensor, *images]),
        kp.OpImageCopyToTensor([images[1], *tensors]), kp.OpSyncLocal(tensors))
    for target in tensors:
        np.testing.assert_array_equal(target.data(), np.arange(12))


def test_op_image_copy(mgr: kp.Manager) -> None:
    source = mgr.image_t(np.arange(16, dtype=np.uint32), 2, 2, 4)
    targets = [mgr.image_t(np.zeros(16, dtype=np.uint32), 2, 2, 4, kp.MemoryTypes.storage),
               mgr.image_t(np.zeros(16, dtype=np.uint32), 2, 2, 4)]
    reader = mgr.tensor_t(np.zeros(16, dtype=np.uint32))
    run(mgr, kp.OpSyncDevice([source]), kp.OpImageCopy([source, *targets]), kp.OpCopy([targets[0], reader]),
        kp.OpSyncLocal([reader, targets[1]]))
    np.testing.assert_array_equal(reader.data(), np.arange(16))
    np.testing.assert_array_equal(targets[1].data(), np.arange(16))


def test_image_written_by_a_shader_then_copied(mgr: kp.Manager) -> None:
    """A shader's image writes are visible to the copy that follows (barrier between them)."""
    source = HEADER + """
layout(local_size_x = 1, local_size_y = 1) in;
layout(set = 0, binding = 0, r32f) uniform writeonly image2D target;
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(target, p, vec4(float(p.y * 10 + p.x)));
}
"""
    image, tensor = mgr.image(np.zeros(6), 3, 2), mgr.tensor(np.zeros(6))
    run(mgr, kp.OpAlgoDispatch(mgr.algorithm([image], spirv(source))), kp.OpCopy([image, tensor]),
        kp.OpSyncLocal([tensor]))
    np.testing.assert_array_equal(tensor.data(), [0, 1, 2, 10, 11, 12])


def test_bool_image_is_stored_as_uint8(mgr: kp.Manager) -> None:
    image = mgr.image_t(np.array([True, False, True, True]), 2, 2)
    tensor = mgr.tensor_t(np.zeros(4, dtype=np.bool_))
    run(mgr, kp.OpSyncDevice([image]), kp.OpCopy([image, tensor]), kp.OpSyncLocal([tensor]))
    np.testing.assert_array_equal(tensor.data(), [True, False, True, True])
