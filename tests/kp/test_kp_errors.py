"""Bad input: each mistake gets a clear Python exception before anything reaches the driver (the
validation layers, on for every test, would report anything that did)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, ADD_ONE, HEADER, spirv

from vulkit import kp

IMAGE_SHADER = HEADER + """
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, r32f) uniform image2D picture;
void main() { imageStore(picture, ivec2(0), vec4(1.0)); }
"""
TYPED_CONSTANTS = HEADER + """
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint count = 1u;
layout(push_constant) uniform Push { int offset; uint size; float scale; } p;
layout(set = 0, binding = 0) buffer Data { float data[]; };
void main() { data[0] = float(p.offset) * p.scale + float(p.size + count); }
"""
SET_ONE = HEADER + """
layout(local_size_x = 1) in;
layout(set = 1, binding = 0) buffer Data { float data[]; };
void main() { data[0] = 1.0; }
"""
HUGE_PUSH = HEADER + """
layout(local_size_x = 1) in;
layout(push_constant) uniform Push { vec4 values[64]; } p;
layout(set = 0, binding = 0) buffer Data { float data[]; };
void main() { data[0] = p.values[63].x; }
"""
LOCAL_SIZE_ID = HEADER + """
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) buffer Data { float data[]; };
void main() { data[gl_GlobalInvocationID.x] = 1.0; }
"""


class Fixture:
    """Tensors and images of the module's Manager and of another one, made once."""

    def __init__(self, mgr: kp.Manager, other: kp.Manager) -> None:
        self.mgr = mgr
        self.a = mgr.tensor([1.0, 2.0, 3.0])
        self.b = mgr.tensor([0.0, 0.0, 0.0])
        self.short = mgr.tensor([0.0, 0.0])
        self.ints = mgr.tensor_t(np.zeros(3, dtype=np.int32))
        self.image = mgr.image(np.zeros(6), 3, 2)
        self.foreign = other.tensor([1.0, 2.0, 3.0])

    def typed(self, **kwargs: object) -> kp.Algorithm:
        return self.mgr.algorithm([self.a], spirv(TYPED_CONSTANTS), (1, 1, 1), **kwargs)


@pytest.fixture(scope="module")
def f(mgr: kp.Manager) -> Fixture:
    with kp.Manager() as other:
        yield Fixture(mgr, other)


def limit(f: Fixture, axis: int) -> int:
    return f.mgr.get_device_properties()["max_work_group_count"][axis]


# (exception, words the message must contain, the mistake)
CASES: dict[str, tuple[type[Exception], str, Callable[[Fixture], object]]] = {
    # shaders
    "spirv that is not spirv": (ValueError, "not SPIR-V", lambda f: f.mgr.algorithm([f.a], b"#version 450 ...!")),
    "spirv of zeros": (ValueError, "not SPIR-V", lambda f: f.mgr.algorithm([f.a], bytes(40))),
    "spirv not bytes": (ValueError, "not SPIR-V", lambda f: f.mgr.algorithm([f.a], "main")),
    "descriptor set 1": (ValueError, "set 1", lambda f: f.mgr.algorithm([f.a], spirv(SET_ONE))),
    "push constants beyond the device": (ValueError, "push constants take", lambda f: f.mgr.algorithm(
        [f.a], spirv(HUGE_PUSH), push_consts=[0.0] * 256) if f.mgr.get_device_properties()["limits"][
        "max_push_constants_size"] < 1024 else pytest.skip("the device allows 1 KiB of push constants")),
    # push constants
    "too few push constants": (ValueError, "holds 3 value", lambda f: f.typed(push_consts=[1, 2])),
    "too many push constants": (ValueError, "holds 3 value", lambda f: f.typed(push_consts=[1, 2, 3.0, 4])),
    "too many push constants at dispatch": (ValueError, "holds 3 value", lambda f: kp.OpAlgoDispatch(
        f.typed(push_consts=[1, 2, 3.0]), [1.0])),
    "too many push constants to set_push_consts": (ValueError, "holds 3 value", lambda f: f.typed(
        push_consts=[1, 2, 3.0]).set_push_consts([1, 2, 3, 4])),
    "push constants for a shader without": (ValueError, "declares no push constants", lambda f: f.mgr.algorithm(
        [f.a, f.b], spirv(ADD_ONE), push_consts=[1.0])),
    "1.5 for an int push constant": (TypeError, "'offset' is an int32 in the shader; 1.5 is not an integer",
                                     lambda f: f.typed(push_consts=[1.5, 2, 3.0])),
    "string push constant": (TypeError, "push_consts must be numbers", lambda f: f.typed(push_consts=[1, "2", 3.0])),
    "push constants as a string": (TypeError, "push_consts must be a list", lambda f: f.typed(push_consts="123")),
    "complex push constant": (TypeError, "push_consts must be numbers", lambda f: f.typed(push_consts=[1, 2, 1j])),
    "negative uint push constant": (ValueError, "-1 is out of its range", lambda f: f.typed(push_consts=[1, -1, 3.0])),
    "int push constant too large": (ValueError, "out of its range", lambda f: f.typed(push_consts=[2**31, 1, 3.0])),
    "float push constant too large": (ValueError, "out of its range", lambda f: f.typed(push_consts=[1, 1, 1e40])),
    "dispatch without the push constants it needs": (ValueError, "none were given", lambda f: f.mgr.sequence().record(
        kp.OpAlgoDispatch(f.typed()))),
    # specialization constants
    "spec constant id not declared": (ValueError, "constant_id 1, which the shader does not declare",
                                      lambda f: f.typed(spec_consts=[1, 2])),
    "1.5 for a uint spec constant": (TypeError, "is not an integer", lambda f: f.typed(spec_consts=[1.5])),
    "local size beyond the device": (ValueError, "local size", lambda f: f.mgr.algorithm(
        [f.a], spirv(LOCAL_SIZE_ID), (1, 1, 1), spec_consts=[1 << 20])),
    "local size zero": (ValueError, "local size", lambda f: f.mgr.algorithm(
        [f.a], spirv(LOCAL_SIZE_ID), (1, 1, 1), spec_consts=[0])),
    # tensors and bindings
    "tensor of another manager": (ValueError, "another Manager", lambda f: f.mgr.algorithm(
        [f.a, f.foreign], spirv(ADD_ONE))),
    "op copy across managers": (ValueError, "another Manager", lambda f: f.mgr.sequence().record(
        kp.OpCopy([f.a, f.foreign]))),
    "op copy onto its source": (ValueError, "source is also a target", lambda f: kp.OpTensorCopy([f.a, f.a])),
    "fewer tensors than bindings": (ValueError, "binding(s) [1]", lambda f: f.mgr.algorithm([f.a], spirv(ADD_ONE))),
    "no tensors": (ValueError, "at least one tensor", lambda f: f.mgr.algorithm([], spirv(ADD_ONE))),
    "image where a buffer is declared": (TypeError, "binding 0 is a storage_buffer in the shader, but an image",
                                         lambda f: f.mgr.algorithm([f.image, f.b], spirv(ADD_ONE))),
    "tensor where an image is declared": (TypeError, "binding 0 is a storage_image in the shader, but a tensor",
                                          lambda f: f.mgr.algorithm([f.a], spirv(IMAGE_SHADER))),
    "not a tensor": (TypeError, "takes kp tensors", lambda f: f.mgr.algorithm([np.zeros(3)], spirv(ACCUMULATE))),
    "a bare tensor for the list": (TypeError, "a list of tensors", lambda f: f.mgr.algorithm(f.a, spirv(ACCUMULATE))),
    # workgroups
    "workgroup beyond the limit": (ValueError, "workgroup[0]", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), (limit(f, 0) + 1, 1, 1), push_consts=[1.0])),
    "workgroup zero on one axis": (ValueError, "workgroup[1] = 0", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), (1, 0, 1), push_consts=[1.0])),
    "workgroup negative": (ValueError, "workgroup[2] = -1", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), (1, 1, -1), push_consts=[1.0])),
    "workgroup of floats": (TypeError, "three ints", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), (1.5, 1, 1), push_consts=[1.0])),
    "workgroup of two": (TypeError, "three ints", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), (3, 1), push_consts=[1.0])),
    "workgroup an int": (TypeError, "three ints", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), 3, push_consts=[1.0])),
    "workgroup of a string": (TypeError, "three ints", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), "abc", push_consts=[1.0])),
    "set_workgroup beyond the limit": (ValueError, "workgroup[0]", lambda f: f.mgr.algorithm(
        [f.a], spirv(ACCUMULATE), push_consts=[1.0]).set_workgroup((limit(f, 0) + 1, 1, 1))),
    # data
    "empty tensor": (ValueError, "at least one element", lambda f: f.mgr.tensor([])),
    "empty tensor_t": (ValueError, "at least one element", lambda f: f.mgr.tensor_t(np.array([], dtype=np.int32))),
    "int64 tensor": (TypeError, "cannot hold int64", lambda f: f.mgr.tensor_t(np.arange(3, dtype=np.int64))),
    "uint64 tensor": (TypeError, "cannot hold uint64", lambda f: f.mgr.tensor_t(np.arange(3, dtype=np.uint64))),
    "complex tensor": (TypeError, "cannot hold complex128", lambda f: f.mgr.tensor_t(np.ones(3, dtype=complex))),
    "complex float tensor": (TypeError, "complex", lambda f: f.mgr.tensor([1 + 2j])),
    "float16 tensor": (TypeError, "cannot hold float16", lambda f: f.mgr.tensor_t(np.ones(3, dtype=np.float16))),
    "string tensor": (TypeError, "numbers", lambda f: f.mgr.tensor(["a", "b"])),
    "tensor of None": (TypeError, "got None", lambda f: f.mgr.tensor(None)),
    "set_data of strings": (TypeError, "set_data takes numbers", lambda f: f.a.set_data(["a", "b", "c"])),
    "tensor of a tensor": (TypeError, "not a kp tensor", lambda f: f.mgr.tensor(f.a)),
    "unknown memory type": (ValueError, "unknown memory type", lambda f: f.mgr.tensor([1.0], 7)),
    "set_data of the wrong size": (ValueError, "set_data got 2 elements for a tensor of 3",
                                   lambda f: f.a.set_data([1.0, 2.0])),
    "image data size": (ValueError, "3x2 pixels of 2 channel(s) need 12", lambda f: f.mgr.image(np.zeros(6), 3, 2, 2)),
    "image of three channels": (ValueError, "channels", lambda f: f.mgr.image(np.zeros(6), 1, 2, 3)),
    "image width zero": (ValueError, "width", lambda f: f.mgr.image(np.zeros(6), 0, 2, 3)),
    "image of float64": (ValueError, "float64", lambda f: f.mgr.image_t(np.zeros(4), 2, 2)),
    # copies
    "op copy sizes": (ValueError, "sizes do not match: 3 elements into 2", lambda f: kp.OpCopy([f.a, f.short])),
    "op copy dtypes": (TypeError, "cannot copy float32 data into a int32", lambda f: kp.OpCopy([f.a, f.ints])),
    "op copy of one": (ValueError, "at least 2", lambda f: kp.OpCopy([f.a])),
    "op copy of a bare tensor": (TypeError, "a list of tensors", lambda f: kp.OpCopy(f.a)),
    "op copy image shapes": (ValueError, "image shapes do not match", lambda f: kp.OpCopy(
        [f.image, f.mgr.image(np.zeros(6), 2, 3)])),
    "op tensor copy of an image": (TypeError, "copies from a tensor", lambda f: kp.OpTensorCopy([f.image, f.a])),
    "op image copy into a tensor": (TypeError, "copies into images", lambda f: kp.OpImageCopy(
        [f.image, f.mgr.tensor(np.zeros(6))])),
    "op sync of a non-tensor": (TypeError, "takes kp tensors", lambda f: kp.OpSyncDevice([np.zeros(3)])),
    "op mult of two": (ValueError, "exactly 3", lambda f: kp.OpMult([f.a, f.b, f.b, f.a], f.mgr.algorithm())),
    "op mult of ints": (TypeError, "float32", lambda f: kp.OpMult([f.ints, f.ints, f.ints], f.mgr.algorithm())),
    "op mult without an algorithm": (TypeError, "kp.Algorithm", lambda f: kp.OpMult([f.a, f.a, f.b], None)),
    "dispatch of a non-algorithm": (TypeError, "takes a kp.Algorithm", lambda f: kp.OpAlgoDispatch("algo")),
    # sequences
    "queue_index out of range": (ValueError, "queue_index 5 is out of range", lambda f: f.mgr.sequence(5)),
    "queue_index negative": (ValueError, "out of range", lambda f: f.mgr.sequence(-1)),
    "queue_index not an int": (TypeError, "queue_index must be an int", lambda f: f.mgr.sequence("0")),
    "negative total_timestamps": (ValueError, "total_timestamps", lambda f: f.mgr.sequence(0, -1)),
    "too many timestamps": (ValueError, "1 to 16777216 queries", lambda f: f.mgr.sequence(0, 10**12)),
    "record a non-op": (TypeError, "takes a kp operation", lambda f: f.mgr.sequence().record(f.a)),
    "record a class instead of an op": (TypeError, "takes a kp operation",
                                        lambda f: f.mgr.sequence().record(kp.OpSyncDevice)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_raises_a_clear_error(f: Fixture, case: str) -> None:
    """Each error is of its Python type and also the RuntimeError that Kompute raises for every error."""
    error, words, mistake = CASES[case]
    with pytest.raises(error) as info:
        mistake(f)
    assert words in str(info.value)
    assert isinstance(info.value, RuntimeError)


def test_workgroup_of_numpy_ints_is_fine(f: Fixture) -> None:
    algorithm = f.mgr.algorithm([f.a], spirv(ACCUMULATE), np.array([3, 1, 1]), push_consts=[1.0])
    assert algorithm.get_workgroup() == (3, 1, 1)
    assert all(type(extent) is int for extent in algorithm.get_workgroup())


def test_numpy_integers_are_taken_where_ints_are(f: Fixture) -> None:
    """As Kompute's binding does (they raised TypeError/ValueError)."""
    sequence = f.mgr.sequence(np.int64(0), total_timestamps=np.int32(4))
    sequence.record(kp.OpSyncDevice([f.a])).eval_async()
    sequence.eval_await(np.int64(10**9))
    assert len(sequence.get_timestamps()) == 2
    image = f.mgr.image(np.zeros(4, np.float32), np.int64(2), np.int64(2), np.int32(1))
    assert (image.width(), image.height()) == (2, 2)
