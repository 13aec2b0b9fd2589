"""Tensors: every dtype through a shader, every memory type, host data and syncs, OpCopy, OpMult."""

from __future__ import annotations

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, ADD_ONE, HEADER, dispatch, require_dtype, run, spirv

from vulkit import kp

# dtype → (GLSL type, shader expression of src[i], the same in NumPy, input values)
DTYPES = {
    "bool": ("uint8_t", "uint8_t(1) - src[i]", np.logical_not, [True, False, False, True, True]),
    "int8": ("int8_t", "src[i] * int8_t(2) - int8_t(3)", lambda a: a * 2 - 3, [-50, -1, 0, 1, 50]),
    "uint8": ("uint8_t", "src[i] * uint8_t(2) + uint8_t(1)", lambda a: a * 2 + 1, [0, 1, 7, 100, 127]),
    "int16": ("int16_t", "src[i] * int16_t(2) - int16_t(3)", lambda a: a * 2 - 3, [-16000, -1, 0, 9, 16000]),
    "uint16": ("uint16_t", "src[i] * uint16_t(2) + uint16_t(1)", lambda a: a * 2 + 1, [0, 1, 300, 32000, 7]),
    "int32": ("int", "src[i] * 2 - 3", lambda a: a * 2 - 3, [-(2**30), -1, 0, 12345, 2**30 - 1]),
    "uint32": ("uint", "src[i] * 2u + 1u", lambda a: a * 2 + 1, [0, 1, 2**31 - 1, 77, 3]),
    "float32": ("float", "src[i] * 2.0 + 0.5", lambda a: a * 2 + 0.5, [-1.5, 0.0, 1e-3, 3.25, 1e30]),
    "float64": ("double", "src[i] * 2.0LF + 0.5LF", lambda a: a * 2 + 0.5, [-1.5, 1 / 3, 1e-300, 3.25, 1e300]),
}


def compute_shader(glsl_type: str, expression: str) -> str:
    return HEADER + f"""
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) readonly buffer In {{ {glsl_type} src[]; }};
layout(set = 0, binding = 1) writeonly buffer Out {{ {glsl_type} dst[]; }};
void main() {{
    uint i = gl_GlobalInvocationID.x;
    dst[i] = {expression};
}}
"""


@pytest.mark.parametrize("dtype", list(DTYPES))
def test_every_dtype_round_trips_through_a_shader(mgr: kp.Manager, dtype: str) -> None:
    require_dtype(mgr, dtype)
    glsl_type, expression, reference, values = DTYPES[dtype]
    data = np.array(values, dtype=dtype)
    source, out = mgr.tensor_t(data), mgr.tensor_t(np.zeros_like(data))
    assert source.data().dtype == np.dtype(dtype)
    assert source.data_type_memory_size() == np.dtype(dtype).itemsize
    assert source.memory_size() == data.nbytes
    dispatch(mgr, [source, out], compute_shader(glsl_type, expression))
    np.testing.assert_array_equal(out.data(), reference(data).astype(dtype))
    np.testing.assert_array_equal(source.data(), data)


DATA_TYPES = {
    "bool": kp.DataTypes.bool, "int8": kp.DataTypes.char, "uint8": kp.DataTypes.uchar,
    "int16": kp.DataTypes.short, "uint16": kp.DataTypes.ushort, "int32": kp.DataTypes.int,
    "uint32": kp.DataTypes.uint, "float32": kp.DataTypes.float, "float64": kp.DataTypes.double,
}


@pytest.mark.parametrize("dtype", list(DATA_TYPES))
def test_data_type_of_each_dtype(mgr: kp.Manager, dtype: str) -> None:
    tensor = mgr.tensor_t(np.zeros(3, dtype=dtype))
    assert tensor.data_type() == DATA_TYPES[dtype]
    assert tensor.size() == len(tensor) == 3


def test_tensor_is_float32_and_flat(mgr: kp.Manager) -> None:
    tensor = mgr.tensor([[1, 2], [3, 4]])
    assert tensor.data().dtype == np.float32
    np.testing.assert_array_equal(tensor.data(), [1.0, 2.0, 3.0, 4.0])
    assert tensor.memory_type() == kp.MemoryTypes.device
    assert tensor.tensor_type() == kp.MemoryTypes.device
    copy = tensor.numpy()
    copy[0] = 100.0
    assert tensor.data()[0] == 1.0


MEMORY_TYPES = [kp.MemoryTypes.device, kp.MemoryTypes.host, kp.MemoryTypes.storage, kp.MemoryTypes.deviceAndHost]


@pytest.mark.parametrize("memory_type", MEMORY_TYPES, ids=lambda m: m.name)
def test_every_memory_type_through_a_shader(mgr: kp.Manager, memory_type: kp.MemoryTypes) -> None:
    values = np.arange(10, dtype=np.float32) * 1.5
    source, out = mgr.tensor(values, memory_type), mgr.tensor(np.zeros(10), memory_type)
    reader = mgr.tensor(np.zeros(10))
    assert source.memory_type() == memory_type
    run(mgr, kp.OpSyncDevice([source, out]), kp.OpAlgoDispatch(mgr.algorithm([source, out], spirv(ADD_ONE))),
        kp.OpCopy([out, reader]), kp.OpSyncLocal([reader, out]))
    np.testing.assert_array_equal(reader.data(), values + 1)
    if memory_type is kp.MemoryTypes.storage:
        with pytest.raises(RuntimeError, match="storage"):
            out.data()
    else:
        np.testing.assert_array_equal(out.data(), values + 1)


@pytest.mark.parametrize("memory_type", [kp.MemoryTypes.host, kp.MemoryTypes.deviceAndHost], ids=lambda m: m.name)
def test_host_visible_tensors_need_no_syncs(mgr: kp.Manager, memory_type: kp.MemoryTypes) -> None:
    data = mgr.tensor([1.0, 2.0, 3.0], memory_type)
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[10.0])
    sequence = mgr.sequence().record(kp.OpAlgoDispatch(algorithm))
    sequence.eval()
    np.testing.assert_array_equal(data.data(), [11.0, 12.0, 13.0])
    data.data()[:] = [0.0, 0.0, 1.0]  # host writes reach the GPU with the next submission
    sequence.eval()
    np.testing.assert_array_equal(data.data(), [10.0, 10.0, 11.0])


def test_tensor_types_is_an_alias_of_memory_types(mgr: kp.Manager) -> None:
    assert kp.TensorTypes is kp.MemoryTypes
    tensor = mgr.tensor([1.0], kp.TensorTypes.host)
    assert tensor.tensor_type() == kp.MemoryTypes.host


def test_device_tensor_host_data_waits_for_sync(mgr: kp.Manager) -> None:
    """``device`` tensors: set_data changes the host copy only, until OpSyncDevice."""
    data = mgr.tensor([1.0, 1.0])
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.0])
    run(mgr, kp.OpSyncDevice([data]))
    data.set_data([100.0, 100.0])
    run(mgr, kp.OpAlgoDispatch(algorithm), kp.OpSyncLocal([data]))
    np.testing.assert_array_equal(data.data(), [2.0, 2.0])


# -- OpCopy and OpMult --------------------------------------------------------------------------------


@pytest.mark.parametrize("memory_type", MEMORY_TYPES, ids=lambda m: m.name)
def test_op_copy_copies_the_first_into_the_rest_and_their_host_data(mgr: kp.Manager,
                                                                    memory_type: kp.MemoryTypes) -> None:
    source = mgr.tensor([1.0, 2.0, 3.0])
    targets = [mgr.tensor(np.zeros(3)), mgr.tensor(np.zeros(3), kp.MemoryTypes.host),
               mgr.tensor(np.zeros(3), memory_type)]
    readers = [mgr.tensor(np.zeros(3)) for _ in targets]
    run(mgr, kp.OpSyncDevice([source]), kp.OpCopy([source, *targets]),
        *(kp.OpCopy([t, r]) for t, r in zip(targets, readers, strict=True)), kp.OpSyncLocal(readers))
    for target, reader in zip(targets, readers, strict=True):
        np.testing.assert_array_equal(reader.data(), [1.0, 2.0, 3.0])  # on the GPU
        if target.memory_type() is not kp.MemoryTypes.storage:
            np.testing.assert_array_equal(target.data(), [1.0, 2.0, 3.0])  # and in the host copy, no sync


def test_op_copy_does_not_overwrite_a_host_target_with_a_stale_host_copy(mgr: kp.Manager) -> None:
    """A device tensor computed on the GPU (its host copy is old) copied into a host tensor."""
    source, result = mgr.tensor([1.0, 2.0]), mgr.tensor([0.0, 0.0], kp.MemoryTypes.host)
    algorithm = mgr.algorithm([source], spirv(ACCUMULATE), push_consts=[5.0])
    run(mgr, kp.OpSyncDevice([source]), kp.OpAlgoDispatch(algorithm), kp.OpTensorCopy([source, result]))
    np.testing.assert_array_equal(result.data(), [6.0, 7.0])


@pytest.mark.parametrize("dtype", ["int32", "uint8", "float64"])
def test_op_copy_of_each_dtype(mgr: kp.Manager, dtype: str) -> None:
    require_dtype(mgr, dtype)
    values = np.arange(5).astype(dtype)
    source, target = mgr.tensor_t(values), mgr.tensor_t(np.zeros(5, dtype=dtype), kp.MemoryTypes.storage)
    back = mgr.tensor_t(np.zeros(5, dtype=dtype))
    run(mgr, kp.OpSyncDevice([source]), kp.OpCopy([source, target]), kp.OpCopy([target, back]),
        kp.OpSyncLocal([back]))
    np.testing.assert_array_equal(back.data(), values)


def test_op_mult(mgr: kp.Manager) -> None:
    lhs, rhs = mgr.tensor([2.0, 4.0, 6.0]), mgr.tensor([0.5, -1.0, 3.0])
    out = mgr.tensor([0.0, 0.0, 0.0])
    algorithm = mgr.algorithm()
    run(mgr, kp.OpSyncDevice([lhs, rhs]), kp.OpMult([lhs, rhs, out], algorithm), kp.OpSyncLocal([out]))
    np.testing.assert_array_equal(out.data(), [1.0, -4.0, 18.0])
    assert algorithm.get_tensors() == [lhs, rhs, out]
