"""The one launcher: how every array operation's kernel reaches the GPU.

An operation (of any family: elementwise, indexing; reductions, matmul, user and fused kernels next) gets its
kernel from the device's :class:`~vulkit.runtime.kernels.KernelCache` by spec, works out its dispatches once
for operands of given types and layouts, and keeps them as a plan in the device's
:class:`~vulkit.runtime.kernels.PlanCache`. Each dispatch is recorded here, with the same push-constant layout
for every family: the buffer addresses of the arrays (kernels that take addresses), the scalars, the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..runtime.kernels import Kernel

# One dispatch: (kernel, workgroups along x, the start of each array in bytes from its allocation's address or
# None for kernels that bind descriptors, the push constants after the addresses and scalars).
Dispatch = tuple[Kernel, int, Any, tuple[Any, ...]]


def addresses_of(*arrays: Any) -> tuple[int, ...]:
    """The device addresses of the allocations of ``arrays`` (for kernels that take buffer addresses and add the
    arrays' element offsets themselves)."""
    return tuple(a._alloc._addr or a._alloc.address for a in arrays)


def record(stream: Any, kernel: Kernel, inputs: Sequence[Any], output: Any, values: Sequence[Any], groups: int,
           starts: Sequence[int] | None = None, updated: Sequence[Any] = ()) -> None:
    """Record ``kernel`` over ``groups`` workgroups reading the allocations ``inputs`` and writing ``output``
    (bound in that order, or reached at ``starts`` bytes from their addresses), with push constants
    ``values`` (the scalars in the kernel's order, then the rest) after the addresses. ``updated``: those of
    ``inputs`` that the kernel writes too."""
    if starts is None:
        push = kernel.pack(*values)
    else:
        addresses = [(b._addr or b.address) + start for b, start in zip((*inputs, output), starts, strict=True)]
        push = kernel.pack(*addresses, *values)
    if updated:
        resources = () if starts is not None or not kernel.pipeline.bindings else (*inputs, output)
        stream.dispatch(kernel.pipeline, resources, push, (groups, 1, 1), reads=inputs, writes=(output, *updated))
    else:
        stream.dispatch_to(kernel.pipeline, inputs, output, push, groups)


def run(stream: Any, dispatches: Sequence[Dispatch], inputs: Sequence[Any], output: Any,
        scalars: Sequence[Any] = ()) -> None:
    """Record ``dispatches`` (a plan's) over the allocations ``inputs`` and ``output``, with ``scalars`` given in
    input order (each kernel pushes them in its own order)."""
    for kernel, groups, starts, rest in dispatches:
        perm = kernel.scalar_perm
        ordered = scalars if perm is None else [scalars[j] for j in perm]
        record(stream, kernel, inputs, output, (*ordered, *rest), groups, starts)


def grid(kernel: Kernel, n: int, max_groups: int) -> int:
    """Workgroups for ``n`` elements of ``kernel`` (a grid-stride kernel: at most ``max_groups``)."""
    return min(-(-n // kernel.groups_per), max_groups)
