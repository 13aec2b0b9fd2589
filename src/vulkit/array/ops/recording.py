"""Dispatch sequences kept by layout. A blocked algorithm's loop plans every step on the host (views, launch plans,
push constants): about 40 µs of Python a dispatch on a 2-core host, close to what a GPU spends on a late step, so
that the GPU waits on Python. :func:`run_recorded` runs such a loop once while the stream captures its dispatches,
keeps them with each allocation replaced by its role (the work array, the flag word...), and hands the stream the
same dispatches over the next call's allocations when the layout repeats: the stream's own recording only (~10 µs a
dispatch), barriers tracked as before. A loop that records anything but dispatches and fills, reaches an allocation
outside its roles or binds part of one, or shares the stream with another thread meanwhile, is not kept (it runs
as it is every time)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...runtime.stream import FillStep

# a dispatch: (pipeline, resource roles, push constants, groups, read roles, write roles); a fill: FillStep with
# its allocation's role
Step = tuple[Any, tuple[int, ...], bytes, tuple[int, ...], tuple[int, ...], tuple[int, ...]] | FillStep


class Recording:
    """A loop's dispatches and fills, allocations replaced by their roles."""

    def __init__(self, steps: list[Step]) -> None:
        self.steps = steps

    def replay(self, stream: Any, roles: Sequence[Any]) -> None:
        """Record the steps again over ``roles`` (allocations, in the order the loop's caller gave them)."""
        for step in self.steps:
            if step.__class__ is FillStep:
                stream.fill(roles[step.dst], step.value32, step.nbytes, step.offset)
                continue
            pipeline, resources, push, groups, reads, writes = step
            stream.dispatch(pipeline, [roles[i] for i in resources], push, groups, reads=[roles[i] for i in reads],
                            writes=[roles[i] for i in writes])


def _steps(captured: list[Any], roles: Sequence[Any]) -> list[Step] | None:
    """The captured steps with allocations replaced by their roles' indices, or None where one is not a role (or a
    fill does not reach its allocation's end: a later call's allocation of that role may be longer)."""
    index = {}
    for i, allocation in enumerate(roles):
        index.setdefault(id(allocation), i)

    def role(allocation: Any) -> int:
        return index[id(allocation)]

    steps: list[Step] = []
    try:
        for step in captured:
            if step.__class__ is FillStep:
                if step.offset + step.nbytes != step.dst.size:
                    return None
                steps.append(FillStep(role(step.dst), step.value32, None, step.offset))
                continue
            pipeline, resources, push, groups, reads, writes = step
            steps.append((pipeline, tuple(role(r) for r in resources), push, groups, tuple(role(a) for a in reads),
                          tuple(role(a) for a in writes)))
    except (KeyError, TypeError):  # an allocation outside the roles, or a range of one (a tuple)
        return None
    return steps


def run_recorded(ctx: Any, key: tuple[Any, ...] | None, roles: Sequence[Any], body: Callable[[], None]) -> None:
    """``body()``, which records dispatches over the allocations ``roles`` only; or, where a call under ``key`` (which
    must hold everything the dispatches depend on besides the allocations: shapes, strides, offsets, dtypes,
    settings) kept them before, those dispatches over these ``roles``. ``key`` None: body() every time."""
    if key is None:
        body()
        return
    kept = ctx.plans.get(key)
    if kept is not None:
        kept.replay(ctx.stream, roles)
        return
    stream = ctx.stream
    if stream.capture is not None:  # another capture under way (another thread's, or an enclosing loop's)
        body()
        return
    captured: list[Any] = []
    before = stream.recorded_ops
    stream.capture = captured
    try:
        body()
    finally:
        stream.capture = None
    if stream.recorded_ops - before == len(captured):
        steps = _steps(captured, roles)
        if steps is not None:
            ctx.plans.remember(key, Recording(steps))
