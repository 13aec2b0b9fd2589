"""Making tensors and images from data of any form: the values are NumPy's ``asarray(data, dtype).ravel()``, and the
data is copied once, straight into the tensor's memory (no temporary copy, whatever its dtype, shape or strides)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import numpy as np
import pytest
from kp_helpers import run

from vulkit import kp

MEMORY_TYPES = [kp.MemoryTypes.device, kp.MemoryTypes.host, kp.MemoryTypes.storage, kp.MemoryTypes.deviceAndHost]

_RNG = np.random.default_rng(7)
INPUTS: dict[str, Callable[[], object]] = {
    "float32": lambda: _RNG.random(12, dtype=np.float32),
    "float64": lambda: _RNG.random(12) * 1e3,
    "int64": lambda: np.arange(-6, 6),
    "uint8": lambda: np.arange(12, dtype=np.uint8),
    "bool": lambda: np.arange(12) % 3 == 0,
    "strided": lambda: _RNG.random(24, dtype=np.float32)[::2],
    "reversed": lambda: np.arange(12, dtype=np.float32)[::-1],
    "2-D": lambda: np.arange(12, dtype=np.float32).reshape(3, 4),
    "Fortran order": lambda: np.asfortranarray(np.arange(12.0).reshape(3, 4)),
    "transposed slice": lambda: np.arange(48.0).reshape(6, 8)[::2, ::2].T,
    "list": lambda: [float(i) / 3 for i in range(12)],
    "nested list": lambda: [[1, 2, 3], [4, 5, 6]],
    "scalar": lambda: 2.5,
    "masked": lambda: np.ma.masked_array(np.arange(12.0), mask=np.arange(12) % 2 == 0),
}


def host_values(mgr: kp.Manager, memory: kp.Memory) -> np.ndarray:
    """What the memory holds on the GPU (copied back through a device tensor for storage memory)."""
    if memory.memory_type() is not kp.MemoryTypes.storage:
        return memory.data().copy()
    probe = mgr.tensor_t(np.zeros(memory.size(), dtype=memory.dtype))
    run(mgr, kp.OpTensorCopy([memory, probe]), kp.OpSyncLocal([probe]))
    return probe.data().copy()


@pytest.mark.parametrize("memory_type", MEMORY_TYPES, ids=lambda m: m.name)
@pytest.mark.parametrize("form", list(INPUTS))
def test_tensor_holds_numpys_float32_of_the_data(mgr: kp.Manager, form: str, memory_type: kp.MemoryTypes) -> None:
    data = INPUTS[form]()
    expected = np.asarray(data, dtype=np.float32).ravel()
    tensor = mgr.tensor(data, memory_type)
    assert tensor.data_type() is kp.float and tensor.size() == expected.size
    np.testing.assert_array_equal(host_values(mgr, tensor), expected)


@pytest.mark.parametrize("form", ["uint8", "bool", "strided", "reversed", "2-D", "Fortran order", "transposed slice"])
def test_tensor_t_keeps_the_arrays_dtype(mgr: kp.Manager, form: str) -> None:
    data = INPUTS[form]()
    tensor = mgr.tensor_t(data)
    assert tensor.data().dtype == data.dtype
    np.testing.assert_array_equal(tensor.data(), np.ravel(data))


@pytest.mark.parametrize("memory_type", [kp.MemoryTypes.device, kp.MemoryTypes.storage], ids=lambda m: m.name)
def test_image_from_a_float64_fortran_array(mgr: kp.Manager, memory_type: kp.MemoryTypes) -> None:
    data = np.asfortranarray(np.arange(24.0).reshape(4, 6))
    image = mgr.image(data, 6, 4, 1, memory_type)
    probe = mgr.tensor(np.zeros(24))
    run(mgr, kp.OpSyncDevice([image]), kp.OpImageCopyToTensor([image, probe]), kp.OpSyncLocal([probe]))
    np.testing.assert_array_equal(probe.data(), data.ravel())


def test_the_tensor_does_not_alias_its_data(mgr: kp.Manager) -> None:
    data = np.arange(4, dtype=np.float32)
    tensor = mgr.tensor(data)
    data[:] = -1
    assert tensor.data().tolist() == [0.0, 1.0, 2.0, 3.0]


@pytest.mark.parametrize("form", ["float64", "2-D", "strided", "int64"])
def test_set_data_takes_any_form(mgr: kp.Manager, form: str) -> None:
    data = INPUTS[form]()
    tensor = mgr.tensor(np.zeros(12))
    tensor.set_data(data)
    np.testing.assert_array_equal(tensor.data(), np.asarray(data, dtype=np.float32).ravel())


MIB = 1 << 20
LARGE: dict[str, Callable[[], np.ndarray]] = {
    "float64": lambda: np.ones(MIB),
    "int64": lambda: np.ones(MIB, dtype=np.int64),
    "strided float32": lambda: np.ones(2 * MIB, dtype=np.float32)[::2],
    "Fortran float32": lambda: np.asfortranarray(np.ones((1024, 1024), dtype=np.float32)),
    "contiguous float32": lambda: np.ones(MIB, dtype=np.float32),
}


@pytest.mark.parametrize("memory_type", [kp.MemoryTypes.device, kp.MemoryTypes.storage], ids=lambda m: m.name)
@pytest.mark.parametrize("form", list(LARGE))
def test_no_temporary_copy_of_the_data(mgr: kp.Manager, form: str, memory_type: kp.MemoryTypes) -> None:
    """NumPy reports its arrays to tracemalloc: converting or gathering 4 MiB of data into a temporary array would
    show as a 4 MiB peak. (The tensor's own memory is the driver's, which tracemalloc does not see.)"""
    data = LARGE[form]()
    tracemalloc.start()
    try:
        tensor = mgr.tensor(data, memory_type)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < MIB // 4, f"{peak} bytes allocated making a tensor of {MIB} floats"
    assert tensor.size() == MIB
    tensor.destroy()
