"""hal's hazard tracker: which operations get a barrier, and what each barrier orders."""

from __future__ import annotations

from vulkit.hal import (
    ALL_STAGES,
    MEMORY_READ,
    MEMORY_WRITE,
    SHADER_READ,
    SHADER_STAGE,
    SHADER_WRITE,
    TRANSFER_STAGE,
    TRANSFER_WRITE,
    HazardTracker,
)


class Recorder:
    """Collects the barriers a tracker records (the tracker's only call on a command buffer)."""

    def __init__(self) -> None:
        self.barriers: list[tuple[int, int, int, int]] = []

    def memory_barrier(self, src_stage: int, dst_stage: int, src_access: int, dst_access: int) -> None:
        self.barriers.append((src_stage, dst_stage, src_access, dst_access))


class Resource:
    def __init__(self) -> None:
        self._repoch = self._wepoch = 0


def test_only_dependent_operations_get_barriers():
    cb, tracker = Recorder(), HazardTracker()
    a, b, c = Resource(), Resource(), Resource()
    tracker.track(cb, [a], [b], SHADER_STAGE, SHADER_WRITE)  # b = f(a)
    tracker.track(cb, [a], [c], SHADER_STAGE, SHADER_WRITE)  # c = g(a): independent
    assert cb.barriers == []
    tracker.track(cb, [b], [a], SHADER_STAGE, SHADER_WRITE)  # reads b (RAW), writes a (WAR)
    assert cb.barriers == [(SHADER_STAGE, ALL_STAGES, SHADER_WRITE, MEMORY_READ | MEMORY_WRITE)]
    tracker.track(cb, [], [a], TRANSFER_STAGE, TRANSFER_WRITE)  # WAW
    assert len(cb.barriers) == 2 and tracker.barriers == 2


def test_a_barrier_orders_every_later_use_not_only_the_next_operation():
    """c written, then a barrier for another dependency: a later transfer reading c needs no second barrier,
    because the first one's second scope is every stage (a tracker that scoped it to the next operation's
    stages missed this read)."""
    cb, tracker = Recorder(), HazardTracker()
    x, y, z = Resource(), Resource(), Resource()
    tracker.track(cb, [], [x], SHADER_STAGE, SHADER_WRITE)
    tracker.track(cb, [], [z], SHADER_STAGE, SHADER_WRITE)
    tracker.track(cb, [x], [y], SHADER_STAGE, SHADER_WRITE)  # barrier: x was written
    assert cb.barriers[0][1] == ALL_STAGES and cb.barriers[0][3] & MEMORY_READ
    tracker.track(cb, [z], [], TRANSFER_STAGE, 0)  # z's write is before that barrier: ordered already
    assert len(cb.barriers) == 1


def test_fence_orders_everything():
    cb, tracker = Recorder(), HazardTracker(SHADER_STAGE, SHADER_READ | SHADER_WRITE)
    a = Resource()
    tracker.track(cb, [], [a], SHADER_STAGE, SHADER_WRITE)
    assert tracker.pending
    tracker.fence(cb)
    assert cb.barriers == [(ALL_STAGES, ALL_STAGES, MEMORY_WRITE, MEMORY_READ | MEMORY_WRITE)]
    assert not tracker.pending
    tracker.track(cb, [a], [], SHADER_STAGE, 0)  # after the fence: no barrier needed
    assert len(cb.barriers) == 1
