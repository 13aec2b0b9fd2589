"""Dispatches: workgroups in 3D, local size from specialization constants, dependent chains and the
barriers between them, independent dispatches, rebuild + rerecord, re-evaluation, eval(op)."""

from __future__ import annotations

import numpy as np
import pytest
from kp_helpers import ACCUMULATE, ADD_ONE, HEADER, dispatch, run, spirv

from vulkit import kp

GLOBAL_ID = HEADER + """
layout(local_size_x = 2, local_size_y = 3, local_size_z = 2) in;
layout(set = 0, binding = 0) writeonly buffer Out { uint ids[]; };
layout(push_constant) uniform Push { uint width; uint height; } p;
void main() {
    uvec3 g = gl_GlobalInvocationID;
    uint linear = (g.z * p.height + g.y) * p.width + g.x;
    ids[3 * linear + 0] = g.x;
    ids[3 * linear + 1] = g.y;
    ids[3 * linear + 2] = g.z;
}
"""

LOCAL_SIZE_FROM_SPEC = HEADER + """
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 2) const uint scale = 1u;
layout(set = 0, binding = 0) writeonly buffer Out { uint result[]; };
void main() {
    uint i = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x;
    result[4 * i + 0] = gl_WorkGroupSize.x;
    result[4 * i + 1] = gl_WorkGroupSize.y;
    result[4 * i + 2] = gl_LocalInvocationIndex;
    result[4 * i + 3] = i * scale;
}
"""


@pytest.mark.parametrize("workgroup", [(1, 1, 1), (3, 2, 4), (5, 1, 2)])
def test_workgroups_in_3d_reach_every_global_invocation_id(mgr: kp.Manager, workgroup: tuple[int, int, int]) -> None:
    local = (2, 3, 2)
    extent = [w * s for w, s in zip(workgroup, local, strict=True)]
    count = int(np.prod(extent))
    out = mgr.tensor_t(np.zeros(3 * count, dtype=np.uint32))
    dispatch(mgr, [out], GLOBAL_ID, workgroup, push_consts=[extent[0], extent[1]])
    z, y, x = np.meshgrid(*(np.arange(n) for n in reversed(extent)), indexing="ij")
    expected = np.stack([x.ravel(), y.ravel(), z.ravel()], axis=1).ravel()
    np.testing.assert_array_equal(out.data(), expected)


@pytest.mark.parametrize("local", [(1, 1), (4, 2), (8, 1), (16, 4)])
def test_local_size_from_specialization_constants(mgr: kp.Manager, local: tuple[int, int]) -> None:
    workgroup = (3, 2, 1)
    count = workgroup[0] * local[0] * workgroup[1] * local[1]
    out = mgr.tensor_t(np.zeros(4 * count, dtype=np.uint32))
    dispatch(mgr, [out], LOCAL_SIZE_FROM_SPEC, workgroup, spec_consts=[local[0], local[1], 7])
    result = out.data().reshape(count, 4)
    assert (result[:, 0] == local[0]).all()
    assert (result[:, 1] == local[1]).all()
    assert sorted(set(result[:, 2].tolist())) == list(range(local[0] * local[1]))
    np.testing.assert_array_equal(result[:, 3], np.arange(count) * 7)


def test_local_size_keeps_its_defaults_without_spec_constants(mgr: kp.Manager) -> None:
    out = mgr.tensor_t(np.zeros(4 * 3, dtype=np.uint32))
    dispatch(mgr, [out], LOCAL_SIZE_FROM_SPEC, (3, 1, 1))
    np.testing.assert_array_equal(out.data().reshape(3, 4)[:, :2], np.ones((3, 2)))


def test_default_workgroup_is_the_first_tensors_size(mgr: kp.Manager) -> None:
    source, out = mgr.tensor(np.arange(37)), mgr.tensor(np.zeros(37))
    algorithm = dispatch(mgr, [source, out], ADD_ONE)
    assert algorithm.get_workgroup() == (37, 1, 1)
    np.testing.assert_array_equal(out.data(), np.arange(37) + 1)


@pytest.mark.parametrize("length", [2, 64])
def test_long_chain_of_dependent_dispatches_is_exact(mgr: kp.Manager, length: int) -> None:
    """Ping-pong a+1 → b, b+1 → a: every dispatch reads what the one before wrote (and overwrites what
    it read), so a missing barrier shows as a wrong count."""
    n = 512
    a, b = mgr.tensor(np.zeros(n)), mgr.tensor(np.zeros(n))
    forward = mgr.algorithm([a, b], spirv(ADD_ONE))
    backward = mgr.algorithm([b, a], spirv(ADD_ONE))
    sequence = mgr.sequence().record(kp.OpSyncDevice([a, b]))
    for step in range(length):
        sequence.record(kp.OpAlgoDispatch(forward if step % 2 == 0 else backward))
    sequence.record(kp.OpSyncLocal([a, b])).eval()
    np.testing.assert_array_equal(a.data(), np.full(n, length if length % 2 == 0 else length - 1))
    np.testing.assert_array_equal(b.data(), np.full(n, length - 1 if length % 2 == 0 else length))


def test_chain_through_copies_and_dispatches(mgr: kp.Manager) -> None:
    """dispatch → OpCopy → dispatch → OpCopy: transfer and shader accesses ordered both ways."""
    a, b, c, d = (mgr.tensor(np.arange(8) * k) for k in (1, 0, 0, 0))
    first = mgr.algorithm([a, b], spirv(ADD_ONE))
    second = mgr.algorithm([c, d], spirv(ADD_ONE))
    run(mgr, kp.OpSyncDevice([a]), kp.OpAlgoDispatch(first), kp.OpCopy([b, c]), kp.OpAlgoDispatch(second),
        kp.OpCopy([d, a]), kp.OpSyncLocal([a, b, c, d]))
    np.testing.assert_array_equal(a.data(), np.arange(8) + 2)
    np.testing.assert_array_equal(c.data(), np.arange(8) + 1)


def test_independent_dispatches_are_not_separated_by_barriers(mgr: kp.Manager) -> None:
    """Dispatches over disjoint tensors run without barriers between them; dependent ones get one each."""
    pairs = [(mgr.tensor(np.full(16, float(k))), mgr.tensor(np.zeros(16))) for k in range(4)]
    algorithms = [mgr.algorithm(list(pair), spirv(ADD_ONE)) for pair in pairs]
    sequence = mgr.sequence().record(kp.OpSyncDevice([t for pair in pairs for t in pair]))
    barriers = _count_barriers(sequence)
    for algorithm in algorithms:
        sequence.record(kp.OpAlgoDispatch(algorithm))
    independent = barriers()
    sequence.record(kp.OpAlgoDispatch(algorithms[0]))  # writes pairs[0][1] again: write after write
    assert barriers() - independent == 1
    assert independent == 1  # the one after OpSyncDevice, before the first dispatch
    sequence.record(kp.OpSyncLocal([pair[1] for pair in pairs])).eval()
    for k, (_, out) in enumerate(pairs):
        np.testing.assert_array_equal(out.data(), np.full(16, k + 1.0))


def _count_barriers(sequence: kp.Sequence):
    """Count the memory barriers recorded into ``sequence`` from now on (the real calls still happen)."""
    command_buffer = sequence._command_buffer
    original = command_buffer.memory_barrier
    calls = []

    def counting(*args):
        calls.append(args)
        return original(*args)

    command_buffer.memory_barrier = counting
    return lambda: len(calls)


def test_rebuild_with_new_tensors_then_rerecord(mgr: kp.Manager) -> None:
    a, out = mgr.tensor([1.0, 2.0, 3.0]), mgr.tensor([0.0, 0.0, 0.0])
    algorithm = mgr.algorithm([a, out], spirv(ADD_ONE))
    sequence = mgr.sequence().record(kp.OpSyncDevice([a])).record(kp.OpAlgoDispatch(algorithm))
    sequence.record(kp.OpSyncLocal([out])).eval()
    np.testing.assert_array_equal(out.data(), [2.0, 3.0, 4.0])

    b, out2 = mgr.tensor([10.0, 20.0, 30.0]), mgr.tensor([0.0, 0.0, 0.0])
    algorithm.rebuild([b, out2])
    assert algorithm.get_tensors() == [b, out2]
    # The recorded ops still name the old tensors for the syncs; record a fresh sequence as Kompute does.
    sequence.clear()
    sequence.record(kp.OpSyncDevice([b])).record(kp.OpAlgoDispatch(algorithm)).record(kp.OpSyncLocal([out2]))
    sequence.eval()
    np.testing.assert_array_equal(out2.data(), [11.0, 21.0, 31.0])
    np.testing.assert_array_equal(out.data(), [2.0, 3.0, 4.0])

    # rerecord() after a rebuild over the same tensors with a new shader.
    algorithm.rebuild([out2, b], spirv(ACCUMULATE.replace("p.amount", "2.0 * p.amount")), (3, 1, 1),
                      push_consts=[0.5])
    sequence.rerecord()
    sequence.eval()
    np.testing.assert_array_equal(out2.data(), [12.0, 22.0, 32.0])


def test_rebuild_keeps_the_shader_and_its_constants(mgr: kp.Manager) -> None:
    data, other = mgr.tensor(np.zeros(4)), mgr.tensor(np.zeros(4))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[3.0])
    algorithm.rebuild([other])
    run(mgr, kp.OpSyncDevice([other]), kp.OpAlgoDispatch(algorithm), kp.OpSyncLocal([other]))
    np.testing.assert_array_equal(other.data(), np.full(4, 3.0))


def test_stale_recording_after_rebuild_needs_rerecord(mgr: kp.Manager) -> None:
    data = mgr.tensor(np.zeros(4))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.0])
    sequence = mgr.sequence().record(kp.OpSyncDevice([data])).record(kp.OpAlgoDispatch(algorithm))
    algorithm.rebuild([data], push_consts=[2.0])
    with pytest.raises(RuntimeError, match="rerecord"):
        sequence.eval()
    sequence.rerecord()
    sequence.record(kp.OpSyncLocal([data])).eval()
    np.testing.assert_array_equal(data.data(), np.full(4, 2.0))


def test_push_override_follows_a_rebuild(mgr: kp.Manager) -> None:
    """An OpAlgoDispatch's own push constants are packed when recorded, for the algorithm as it is then:
    after a rebuild to another push-constant block they are refused, not pushed stale or out of range."""
    data = mgr.tensor(np.zeros(2))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.0])
    op = kp.OpAlgoDispatch(algorithm, [5.0])
    run(mgr, kp.OpSyncDevice([data]), op, kp.OpSyncLocal([data]))
    np.testing.assert_array_equal(data.data(), [5.0, 5.0])
    algorithm.rebuild([data, mgr.tensor(np.zeros(2))], spirv(ADD_ONE))  # ADD_ONE takes no push constants
    with pytest.raises(ValueError, match="push"):
        mgr.sequence().record(op)


def test_eval_reruns_a_recorded_sequence(mgr: kp.Manager) -> None:
    data = mgr.tensor(np.zeros(8))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.5])
    sequence = (mgr.sequence().record(kp.OpSyncDevice([data])).record(kp.OpAlgoDispatch(algorithm))
                .record(kp.OpSyncLocal([data])))
    for runs in range(1, 5):
        sequence.eval()
        np.testing.assert_array_equal(data.data(), np.full(8, 1.5))  # OpSyncDevice resets it each time
        data.set_data(np.full(8, float(runs)))
        sequence.eval()
        np.testing.assert_array_equal(data.data(), np.full(8, runs + 1.5))
        data.set_data(np.zeros(8))


def test_record_after_eval_appends(mgr: kp.Manager) -> None:
    data = mgr.tensor(np.zeros(2))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[1.0])
    sequence = mgr.sequence().record(kp.OpSyncDevice([data])).record(kp.OpAlgoDispatch(algorithm)).eval()
    sequence.record(kp.OpAlgoDispatch(algorithm, [10.0])).record(kp.OpSyncLocal([data])).eval()
    np.testing.assert_array_equal(data.data(), [11.0, 11.0])


def test_eval_op_replaces_what_was_recorded(mgr: kp.Manager) -> None:
    data = mgr.tensor(np.zeros(3))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), push_consts=[5.0])
    sequence = mgr.sequence().record(kp.OpAlgoDispatch(algorithm, [100.0]))  # recorded: the algorithm's are 100
    sequence.eval(kp.OpSyncDevice([data]))
    sequence.eval(kp.OpAlgoDispatch(algorithm))
    sequence.eval(kp.OpAlgoDispatch(algorithm))
    sequence.eval(kp.OpSyncLocal([data]))
    np.testing.assert_array_equal(data.data(), np.full(3, 200.0))
    sequence.eval()  # re-runs the last op alone
    np.testing.assert_array_equal(data.data(), np.full(3, 200.0))


def test_dispatch_push_constants_as_kompute_records_them(mgr: kp.Manager) -> None:
    """OpAlgoDispatch(algo, pc) makes pc the algorithm's push constants when it is recorded; a command buffer keeps
    what was pushed when it was recorded until rerecord(). The values are those Kompute 0.9.0 gave."""
    data = mgr.tensor(np.zeros(2))
    algorithm = mgr.algorithm([data], spirv(ACCUMULATE), [2, 1, 1], [], [1.0])
    mgr.sequence().eval(kp.OpSyncDevice([data])).eval(kp.OpAlgoDispatch(algorithm, np.array([5.0], np.float32)))
    mgr.sequence().eval(kp.OpAlgoDispatch(algorithm))
    mgr.sequence().eval(kp.OpSyncLocal([data]))
    assert data.data().tolist() == [10.0, 10.0]
    both = mgr.sequence().record(kp.OpAlgoDispatch(algorithm, [10.0])).record(kp.OpAlgoDispatch(algorithm))
    both.record(kp.OpSyncLocal([data])).eval()
    assert data.data().tolist() == [30.0, 30.0]
    mgr.sequence().eval(kp.OpAlgoDispatch(algorithm, [100.0]))
    both.eval()  # as recorded: 10 and 10
    assert data.data().tolist() == [150.0, 150.0]
    mgr.sequence().eval(kp.OpAlgoDispatch(algorithm, [100.0]))
    both.rerecord()
    both.eval()
    assert data.data().tolist() == [270.0, 270.0]


def test_tensors_of_another_manager_are_rejected(mgr: kp.Manager) -> None:
    with kp.Manager() as other:
        foreign = other.tensor([1.0])
        with pytest.raises(ValueError, match="another Manager"):
            mgr.sequence().record(kp.OpSyncDevice([foreign]))
        with pytest.raises(ValueError, match="another Manager"):
            mgr.algorithm([foreign], spirv(ACCUMULATE))
