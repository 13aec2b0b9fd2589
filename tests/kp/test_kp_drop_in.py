"""What Kompute programs written against Kompute's own docs and tests expect of ``kp``: enum values and their
names, module-level values, ``data()`` arrays whose base is the tensor, ``get_mem_objects``, and errors that a
Kompute program's ``except RuntimeError`` catches."""

from __future__ import annotations

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, ADD_ONE, spirv

from vulkit import kp
from vulkit.shaders import reflect


def test_data_types_have_komputes_values_and_names():
    expected = {"bool": 0, "int": 1, "uint": 2, "float": 3, "double": 4, "custom": 5, "short": 6, "ushort": 7,
                "char": 8, "uchar": 9}
    assert {member.name: int(member) for member in kp.DataTypes} == expected
    assert str(kp.DataTypes.float) == "DataTypes.float" and repr(kp.DataTypes.float) == "<DataTypes.float: 3>"
    assert str(kp.MemoryTypes.deviceAndHost) == "MemoryTypes.deviceAndHost"
    assert {m.name: int(m) for m in kp.MemoryTypes} == {"device": 0, "host": 1, "storage": 2, "deviceAndHost": 3}
    assert kp.DataTypes.float.name == "float" and kp.DataTypes.float.value == 3 and kp.DataTypes(3) is kp.float


def test_enum_values_at_module_level_and_version():
    assert kp.float is kp.DataTypes.float and kp.uchar is kp.DataTypes.uchar and kp.custom is kp.DataTypes.custom
    assert kp.bool is kp.DataTypes.bool and kp.int is kp.DataTypes.int and kp.double is kp.DataTypes.double
    assert kp.short is kp.DataTypes.short and kp.ushort is kp.DataTypes.ushort and kp.char is kp.DataTypes.char
    assert kp.uint is kp.DataTypes.uint
    assert kp.device is kp.MemoryTypes.device and kp.host is kp.MemoryTypes.host
    assert kp.storage is kp.MemoryTypes.storage and kp.deviceAndHost is kp.MemoryTypes.deviceAndHost
    assert "float" not in kp.__all__  # `from vulkit.kp import *` leaves Python's float alone
    assert kp.__version__ == "0.9.0"  # what Kompute 0.9.0's kp reports


# The public names of Kompute 0.9.0's kp module and classes (its pybind11 binding, built from source).
KOMPUTE_API = {
    "Manager": ["algorithm", "destroy", "get_device_properties", "image", "image_t", "list_devices", "sequence",
                "tensor", "tensor_t"],
    "Sequence": ["clear", "destroy", "eval", "eval_async", "eval_await", "get_timestamps", "is_init", "is_recording",
                 "is_running", "record", "rerecord"],
    "Tensor": ["data", "data_type", "destroy", "is_init", "memory_type", "size"],
    "Image": ["data", "data_type", "destroy", "is_init", "memory_type", "size"],
    "Algorithm": ["destroy", "get_mem_objects", "is_init"],
    "DataTypes": ["bool", "char", "custom", "double", "float", "int", "short", "uchar", "uint", "ushort"],
    "MemoryTypes": ["device", "deviceAndHost", "host", "storage"],
    "Memory": [], "OpBase": [], "OpAlgoDispatch": [], "OpCopy": [], "OpMult": [], "OpSyncDevice": [],
    "OpSyncLocal": [],
}


@pytest.mark.parametrize("name", list(KOMPUTE_API))
def test_every_name_of_komputes_kp_is_here(name: str):
    assert not [attribute for attribute in KOMPUTE_API[name] if not hasattr(getattr(kp, name), attribute)]


@pytest.mark.parametrize("dtype, data_type", [(np.int8, kp.char), (np.uint8, kp.uchar), (np.int16, kp.short),
                                              (np.uint16, kp.ushort), (np.float64, kp.double)])
def test_tensor_data_types(mgr: kp.Manager, dtype, data_type):
    tensor = mgr.tensor_t(np.arange(3, dtype=dtype))
    assert tensor.data_type() is data_type and str(tensor.data_type()) == f"DataTypes.{data_type.name}"


def test_data_arrays_have_the_tensor_or_image_as_base(mgr: kp.Manager):
    tensor = mgr.tensor([1.0, 2.0, 3.0])
    image = mgr.image([1.0, 2.0, 3.0, 4.0], 2, 2)
    values, pixels = tensor.data(), image.data()
    assert values.base is tensor and values.base.is_init()
    assert pixels.base is image and pixels.base.is_init()
    tensor.destroy()
    assert not values.base.is_init()
    assert values.tolist() == [1.0, 2.0, 3.0]  # still readable: the last data it held


def test_get_mem_objects(mgr: kp.Manager):
    a, b = mgr.tensor([1.0, 2.0]), mgr.tensor([0.0, 0.0])
    algorithm = mgr.algorithm([a, b], spirv(ADD_ONE))
    assert algorithm.get_mem_objects() == [a, b] == algorithm.get_tensors()


def _errors(mgr: kp.Manager):
    """Each mistake, with the Python type vulkit raised for it before its errors were Kompute's RuntimeError too."""
    tensor, other = mgr.tensor([1.0, 2.0]), mgr.tensor([1.0, 2.0, 3.0])
    return {
        "empty tensor": (ValueError, lambda: mgr.tensor([])),
        "int64 data": (TypeError, lambda: mgr.tensor_t(np.zeros(3, np.int64))),
        "Manager(99)": (ValueError, lambda: kp.Manager(99)),
        "empty op list": (ValueError, lambda: mgr.sequence().eval(kp.OpSyncDevice([]))),
        "mismatched OpCopy": (ValueError, lambda: mgr.sequence().eval(kp.OpCopy([tensor, other]))),
        "undeclared push constants": (ValueError, lambda: mgr.algorithm([tensor], spirv(ADD_ONE), push_consts=[1.0])),
        "not SPIR-V": (ValueError, lambda: mgr.algorithm([tensor], b"\x03\x02\x23\x07" + bytes(60))),
        "a string as a tensor": (TypeError, lambda: mgr.tensor("abc")),
    }


@pytest.mark.parametrize("case", ["empty tensor", "int64 data", "Manager(99)", "empty op list", "mismatched OpCopy",
                                  "undeclared push constants", "not SPIR-V", "a string as a tensor"])
def test_errors_are_runtime_errors_as_in_kompute_and_keep_their_python_type(mgr: kp.Manager, case: str):
    old_type, mistake = _errors(mgr)[case]
    with pytest.raises(RuntimeError) as caught:
        mistake()
    assert isinstance(caught.value, old_type)  # a program written for vulkit's earlier errors still catches them
    assert str(caught.value)  # a message that says what was wrong
    with pytest.raises(old_type):
        mistake()


def test_algorithms_of_one_shader_reflect_it_once(mgr: kp.Manager):
    code = spirv(ACCUMULATE)
    assert reflect(code) is reflect(bytes(code))
    a = mgr.tensor([0.0, 0.0])
    first = mgr.algorithm([a], code, push_consts=[1.0])
    second = mgr.algorithm([a], code, push_consts=[2.0])
    assert first._info is second._info
