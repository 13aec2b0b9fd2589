"""Lifetimes: destroy in any order, Manager.destroy destroys everything, idempotent destroy, use after
destroy, ``with kp.Manager()``, and no Vulkan object left behind."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from kp_helpers import ADD_ONE, SPIN, Spin, spirv

from vulkit import kp
from vulkit.errors import DestroyedError
from vulkit.hal.vulkan import live_counts


def make_everything(mgr: kp.Manager) -> dict[str, object]:
    """A tensor pair, an image, an algorithm over the tensors and a sequence that ran it."""
    a, out = mgr.tensor([1.0, 2.0]), mgr.tensor([0.0, 0.0])
    image = mgr.image([1.0, 2.0, 3.0, 4.0], 2, 2)
    algorithm = mgr.algorithm([a, out], spirv(ADD_ONE))
    sequence = mgr.sequence(total_timestamps=4)
    sequence.record(kp.OpSyncDevice([a])).record(kp.OpAlgoDispatch(algorithm)).record(kp.OpSyncLocal([out])).eval()
    np.testing.assert_array_equal(out.data(), [2.0, 3.0])
    return {"tensor": a, "out": out, "image": image, "algorithm": algorithm, "sequence": sequence}


ORDERS = list(itertools.permutations(["tensor", "image", "algorithm", "sequence"]))


@pytest.mark.parametrize("order", ORDERS, ids=lambda order: "-".join(order))
def test_destroy_in_any_order(order: tuple[str, ...]) -> None:
    baseline = live_counts()
    mgr = kp.Manager()
    objects = make_everything(mgr)
    for name in order:
        objects[name].destroy()
        assert not objects[name].is_init()
        objects[name].destroy()  # idempotent
    for name, item in objects.items():
        assert item.is_init() == (name == "out")
    mgr.destroy()
    assert not objects["out"].is_init()
    assert not mgr.is_alive()
    assert live_counts() == baseline


def test_manager_destroy_destroys_everything_and_is_idempotent() -> None:
    baseline = live_counts()
    mgr = kp.Manager()
    objects = make_everything(mgr)
    mgr.destroy()
    mgr.destroy()
    for item in objects.values():
        assert not item.is_init()
        item.destroy()  # still fine
    assert live_counts() == baseline


def test_with_manager_destroys_at_exit() -> None:
    baseline = live_counts()
    with kp.Manager() as mgr:
        objects = make_everything(mgr)
        assert all(item.is_init() for item in objects.values())
        assert mgr.is_alive()
    assert not mgr.is_alive()
    assert not any(item.is_init() for item in objects.values())
    assert live_counts() == baseline


def test_with_manager_destroys_on_error() -> None:
    baseline = live_counts()
    with pytest.raises(ZeroDivisionError), kp.Manager() as mgr:
        make_everything(mgr)
        1 / 0  # noqa: B018
    assert not mgr.is_alive()
    assert live_counts() == baseline


def test_objects_dropped_without_destroy_leave_nothing_behind() -> None:
    """Objects that go out of scope are released by the Manager (held weakly) or by the garbage collector."""
    import gc

    gc.collect()  # what earlier tests left for the collector
    baseline = live_counts()
    mgr = kp.Manager()
    for _ in range(3):
        make_everything(mgr)
    gc.collect()
    mgr.destroy()
    assert live_counts() == baseline


# -- use after destroy --------------------------------------------------------------------------------
USES: dict[str, tuple[str, Callable[[dict, kp.Manager], object]]] = {
    "tensor.data": ("tensor", lambda o, m: o["tensor"].data()),
    "tensor.set_data": ("tensor", lambda o, m: o["tensor"].set_data([0.0, 0.0])),
    "tensor.numpy": ("tensor", lambda o, m: o["tensor"].numpy()),
    "image.data": ("image", lambda o, m: o["image"].data()),
    "record a destroyed tensor": ("tensor", lambda o, m: o["sequence"].record(kp.OpSyncDevice([o["tensor"]]))),
    "eval a recording of a destroyed tensor": ("tensor", lambda o, m: o["sequence"].eval()),
    "eval a recording of a destroyed algorithm": ("algorithm", lambda o, m: o["sequence"].eval()),
    "OpAlgoDispatch of a destroyed algorithm": ("algorithm", lambda o, m: kp.OpAlgoDispatch(o["algorithm"])),
    "algorithm over a destroyed tensor": ("tensor", lambda o, m: m.algorithm([o["tensor"]], spirv(ADD_ONE))),
    "sequence.record": ("sequence", lambda o, m: o["sequence"].record(kp.OpSyncLocal([o["out"]]))),
    "sequence.eval": ("sequence", lambda o, m: o["sequence"].eval()),
    "sequence.eval_await": ("sequence", lambda o, m: o["sequence"].eval_await()),
    "sequence.get_timestamps": ("sequence", lambda o, m: o["sequence"].get_timestamps()),
}


@pytest.mark.parametrize("use", list(USES))
def test_use_after_destroy_raises_destroyed_error(mgr: kp.Manager, use: str) -> None:
    victim, action = USES[use]
    objects = make_everything(mgr)
    objects[victim].destroy()
    with pytest.raises(DestroyedError, match=f"{victim} was destroyed"):
        action(objects, mgr)


MANAGER_USES: dict[str, Callable[[kp.Manager], object]] = {
    "tensor": lambda m: m.tensor([1.0]),
    "tensor_t": lambda m: m.tensor_t(np.array([1], dtype=np.int32)),
    "image": lambda m: m.image([1.0], 1, 1),
    "algorithm": lambda m: m.algorithm(),
    "sequence": lambda m: m.sequence(),
    "get_device_properties": lambda m: m.get_device_properties(),
    "device": lambda m: m.device,
}


@pytest.mark.parametrize("use", list(MANAGER_USES))
def test_manager_use_after_destroy(use: str) -> None:
    mgr = kp.Manager()
    mgr.destroy()
    with pytest.raises(DestroyedError, match="Manager was destroyed"):
        MANAGER_USES[use](mgr)


def test_objects_of_a_destroyed_manager_raise() -> None:
    mgr = kp.Manager()
    objects = make_everything(mgr)
    mgr.destroy()
    with pytest.raises(DestroyedError, match="tensor was destroyed"):
        objects["out"].data()
    with pytest.raises(DestroyedError, match="sequence was destroyed"):
        objects["sequence"].eval()
    with pytest.raises(DestroyedError, match="Manager of this algorithm was destroyed"):
        objects["algorithm"].rebuild([objects["tensor"]])
    assert mgr.list_devices()  # a static query still works


def test_rebuild_revives_a_destroyed_algorithm(mgr: kp.Manager) -> None:
    a, out = mgr.tensor([5.0]), mgr.tensor([0.0])
    algorithm = mgr.algorithm([a, out], spirv(ADD_ONE))
    algorithm.destroy()
    assert not algorithm.is_init()
    algorithm.rebuild([a, out], spirv(ADD_ONE))
    assert algorithm.is_init()
    mgr.sequence().record(kp.OpSyncDevice([a])).record(kp.OpAlgoDispatch(algorithm)).record(
        kp.OpSyncLocal([out])).eval()
    assert out.data()[0] == 6.0


@pytest.mark.parametrize("what", ["tensor", "algorithm"])
def test_destroying_what_a_running_sequence_uses_waits_for_it(mgr: kp.Manager, spin: Spin, what: str) -> None:
    data = mgr.tensor_t(np.arange(spin.groups, dtype=np.uint32))
    algorithm = mgr.algorithm([data], spirv(SPIN), [spin.groups, 1, 1], push_consts=np.array([spin.iterations],
                                                                                              dtype=np.uint32))
    sequence = mgr.sequence().record(kp.OpSyncDevice([data])).record(kp.OpAlgoDispatch(algorithm))
    sequence.eval_async()
    {"tensor": data, "algorithm": algorithm}[what].destroy()  # waits (validation checks nothing is freed in use)
    assert sequence.is_running()  # finished on the GPU; eval_await completes it
    sequence.eval_await()
    assert not sequence.is_running()


EXIT_WITH_WORK_IN_FLIGHT = """
import sys
import numpy as np
from vulkit import kp
spirv = open(sys.argv[1], "rb").read()
groups, iterations, await_for = (int(arg) for arg in sys.argv[2:])
mgr = kp.Manager()
data = mgr.tensor_t(np.arange(groups, dtype=np.uint32))
algorithm = mgr.algorithm([data], spirv, [groups, 1, 1], push_consts=np.array([iterations], dtype=np.uint32))
sequence = mgr.sequence().record(kp.OpSyncDevice([data])).record(kp.OpAlgoDispatch(algorithm))
sequence.record(kp.OpSyncLocal([data])).eval_async()
if await_for >= 0:
    sequence.eval_await(await_for)
    assert not sequence.is_running()
print("exiting", flush=True)
"""


@pytest.mark.parametrize("await_for", [-1, 1000], ids=["never awaited", "await timed out"])
def test_exit_while_the_gpu_runs_waits_for_it(spin: Spin, tmp_path: Path, await_for: int) -> None:
    """Exiting with an evaluation on the GPU (never awaited, or whose await timed out) waits for it: the tensors'
    finalizers freed their memory under the running work at exit, and the device crashed (Kompute aborts)."""
    module = tmp_path / "spin.spv"
    module.write_bytes(spirv(SPIN))
    args = [str(module), str(spin.groups), str(spin.iterations), str(await_for)]
    done = subprocess.run([sys.executable, "-c", EXIT_WITH_WORK_IN_FLIGHT, *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "exiting"
