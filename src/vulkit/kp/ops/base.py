"""The interface every operation implements (Kompute's ``kp::OpBase``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...errors import KpTypeError, KpValueError
from ..access import Access
from ..memory import Memory


class OpBase:
    """An operation recorded into a :class:`~vulkit.kp.Sequence`.

    Subclass it to write your own: implement :meth:`record` (called once, while the sequence
    records its command buffer) and, if needed, :meth:`pre_eval` / :meth:`post_eval` (called on the
    host before each submission and after the GPU has finished). ``command_buffer`` is a
    :class:`vulkit.hal.CommandBuffer`; its methods (``bind_pipeline``, ``dispatch``, ``copy_buffer``,
    ``memory_barrier``...) record Vulkan commands. Built-in operations implement the same three
    methods, so a custom op can wrap them.

    Override :meth:`accesses` to say what the op reads and writes; the sequence then places
    barriers only where needed. By default (None) it puts full barriers around the op.
    """

    def record(self, command_buffer: Any) -> None:
        """Record the op's commands."""
        raise NotImplementedError(f"{type(self).__name__} must implement record(command_buffer)")

    def pre_eval(self, command_buffer: Any) -> None:
        """Run on the host before the sequence is submitted."""

    def post_eval(self, command_buffer: Any) -> None:
        """Run on the host after the submitted work has finished."""

    def accesses(self) -> Sequence[Access] | None:
        """What the op reads and writes on the GPU, or None if unknown."""
        return None

    def memories(self) -> Sequence[Memory]:
        """The tensors and images the op uses (checked to belong to the sequence's manager)."""
        return ()


def check_memories(memories: Iterable[Any], op_name: str, minimum: int = 1) -> list[Memory]:
    """Validate an op's list of tensors/images."""
    if isinstance(memories, Memory):
        raise KpTypeError(f"{op_name} takes a list of tensors/images, not a single {type(memories).__name__}")
    items = list(memories)
    if len(items) < minimum:
        raise KpValueError(f"{op_name} needs at least {minimum} tensor(s)/image(s), got {len(items)}")
    for item in items:
        if not isinstance(item, Memory):
            raise KpTypeError(f"{op_name} takes kp tensors/images, got {type(item).__name__}")
    return items
