"""Custom operations (OpBase subclasses), operations wrapping built-in ones, OpMemoryBarrier."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, ADD_ONE, spirv

from vulkit import kp
from vulkit.hal.vulkan.commands import ALL_STAGES, SHADER_READ, SHADER_STAGE, SHADER_WRITE, TRANSFER_STAGE
from vulkit.hal.vulkan.commands import TRANSFER_WRITE as TRANSFER_WRITE_ACCESS
from vulkit.kp.access import Access


class OpFill(kp.OpBase):
    """Fills a tensor's GPU memory with a 32-bit pattern (vkCmdFillBuffer); logs its host steps."""

    def __init__(self, tensor: kp.Tensor, value: float, log: list[str], declare_accesses: bool = False) -> None:
        self.tensor = tensor
        self.value = value
        self.log = log
        self.declare_accesses = declare_accesses

    def record(self, command_buffer: Any) -> None:
        self.log.append("record")
        pattern = int(np.float32(self.value).view(np.uint32))
        command_buffer.fill_buffer(self.tensor.buffer, pattern, self.tensor.memory_size())

    def pre_eval(self, command_buffer: Any) -> None:
        self.log.append("pre")

    def post_eval(self, command_buffer: Any) -> None:
        self.log.append("post")

    def memories(self) -> Sequence[kp.Memory]:
        return [self.tensor]

    def accesses(self) -> Any:
        if not self.declare_accesses:
            return None
        return [Access(self.tensor.buffer, TRANSFER_STAGE, TRANSFER_WRITE_ACCESS, True)]


class OpAddOneTwice(kp.OpBase):
    """Wraps built-in ops: sync in, two dependent dispatches, sync out; forwards every step to them."""

    def __init__(self, mgr: kp.Manager, a: kp.Tensor, b: kp.Tensor, log: list[str]) -> None:
        self.log = log
        self.inner = [
            kp.OpSyncDevice([a]),
            kp.OpAlgoDispatch(mgr.algorithm([a, b], spirv(ADD_ONE))),
            kp.OpAlgoDispatch(mgr.algorithm([b, a], spirv(ADD_ONE))),
            kp.OpSyncLocal([a]),
        ]

    def record(self, command_buffer: Any) -> None:
        for index, op in enumerate(self.inner):
            if index:  # the wrapped ops depend on each other: the wrapper orders them itself
                command_buffer.memory_barrier(ALL_STAGES, ALL_STAGES, 0x10000, 0x8000 | 0x10000)
            op.record(command_buffer)

    def pre_eval(self, command_buffer: Any) -> None:
        self.log.append("wrapper pre")
        for op in self.inner:
            op.pre_eval(command_buffer)

    def post_eval(self, command_buffer: Any) -> None:
        for op in self.inner:
            op.post_eval(command_buffer)
        self.log.append("wrapper post")

    def memories(self) -> Sequence[kp.Memory]:
        return [m for op in self.inner for m in op.memories()]


@pytest.mark.parametrize("declare_accesses", [False, True], ids=["unknown accesses", "declared accesses"])
def test_custom_op_records_and_runs_its_host_steps_in_order(mgr: kp.Manager, declare_accesses: bool) -> None:
    log: list[str] = []
    data = mgr.tensor(np.zeros(8))
    accumulate = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[0.5])
    sequence = (mgr.sequence().record(OpFill(data, 2.0, log, declare_accesses))
                .record(kp.OpAlgoDispatch(accumulate)).record(kp.OpSyncLocal([data])))
    assert log == ["record"]
    for evaluations in range(1, 4):
        sequence.eval()
        assert log == ["record"] + ["pre", "post"] * evaluations
        np.testing.assert_array_equal(data.data(), np.full(8, 2.5))


def test_pre_and_post_eval_of_several_ops_in_order(mgr: kp.Manager) -> None:
    log: list[str] = []

    class Named(OpFill):
        def pre_eval(self, command_buffer: Any) -> None:
            self.log.append(f"pre {self.value}")

        def post_eval(self, command_buffer: Any) -> None:
            self.log.append(f"post {self.value}")

    tensors = [mgr.tensor(np.zeros(2)) for _ in range(3)]
    sequence = mgr.sequence()
    for index, tensor in enumerate(tensors):
        sequence.record(Named(tensor, float(index), log))
    log.clear()
    sequence.eval_async()
    assert log == ["pre 0.0", "pre 1.0", "pre 2.0"]
    sequence.eval_await()
    assert log == ["pre 0.0", "pre 1.0", "pre 2.0", "post 0.0", "post 1.0", "post 2.0"]


def test_custom_op_wrapping_built_in_ops(mgr: kp.Manager) -> None:
    log: list[str] = []
    a, b = mgr.tensor([1.0, 2.0, 3.0]), mgr.tensor([0.0, 0.0, 0.0])
    sequence = mgr.sequence().record(OpAddOneTwice(mgr, a, b, log))
    for evaluations in range(1, 4):
        sequence.eval()
        np.testing.assert_array_equal(a.data(), np.array([1.0, 2.0, 3.0]) + 2 * evaluations)
        assert log == ["wrapper pre", "wrapper post"] * evaluations


def test_custom_op_must_implement_record(mgr: kp.Manager) -> None:
    class Empty(kp.OpBase):
        pass

    with pytest.raises(NotImplementedError, match="Empty must implement record"):
        mgr.sequence().record(Empty())


def test_op_memory_barrier_between_dependent_ops(mgr: kp.Manager) -> None:
    data = mgr.tensor(np.zeros(16))
    accumulate = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.0])
    barrier = kp.OpMemoryBarrier([data], SHADER_WRITE, SHADER_READ | SHADER_WRITE, SHADER_STAGE, SHADER_STAGE)
    sequence = mgr.sequence().record(kp.OpSyncDevice([data]))
    for _ in range(10):
        sequence.record(kp.OpAlgoDispatch(accumulate)).record(barrier)
    sequence.record(kp.OpSyncLocal([data])).eval()
    np.testing.assert_array_equal(data.data(), np.full(16, 10.0))


@pytest.mark.parametrize("masks, error", [
    ((1.5, 0, 1, 1), TypeError),
    ((0, -1, 1, 1), TypeError),
    ((0, 0, 0, 1), ValueError),
    ((0, 0, 1, 0), ValueError),
])
def test_op_memory_barrier_bad_masks(mgr: kp.Manager, masks: tuple, error: type) -> None:
    data = mgr.tensor([1.0])
    with pytest.raises(error, match="OpMemoryBarrier"):
        kp.OpMemoryBarrier([data], *masks)


def test_syncs_flush_and_invalidate_the_host_copy(mgr: kp.Manager, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpSyncDevice flushes host writes before the run and OpSyncLocal invalidates after it, so data()
    is right on non-coherent memory too (both are no-ops on the coherent memory of this machine)."""
    from vulkit.hal.vulkan.memory import Buffer

    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(Buffer, "flush", lambda self, *a: calls.append(("flush", id(self))))
    monkeypatch.setattr(Buffer, "invalidate", lambda self, *a: calls.append(("invalidate", id(self))))
    tensor = mgr.tensor(np.arange(4, dtype=np.float32))
    host = id(tensor._host)
    mgr.sequence().record(kp.OpSyncDevice([tensor])).record(kp.OpSyncLocal([tensor])).eval()
    assert ("flush", host) in calls and ("invalidate", host) in calls
    assert calls.index(("flush", host)) < calls.index(("invalidate", host))
    np.testing.assert_array_equal(tensor.data(), np.arange(4))
