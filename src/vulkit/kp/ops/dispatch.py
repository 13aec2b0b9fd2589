"""OpAlgoDispatch: run an algorithm's shader."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..access import Access
from ..algorithm import Algorithm
from ..constants import as_values
from ..memory import Memory
from .base import OpBase


class OpAlgoDispatch(OpBase):
    """Dispatch ``algorithm`` over its workgroup, with ``push_consts`` overriding its own if given."""

    def __init__(self, algorithm: Algorithm, push_consts: Any = None) -> None:
        if not isinstance(algorithm, Algorithm):
            raise TypeError(f"OpAlgoDispatch takes a kp.Algorithm, got {type(algorithm).__name__}")
        self.algorithm = algorithm
        algorithm.require_alive()
        self._push_values = as_values(push_consts, "push_consts")
        if self._push_values:
            algorithm.pack_push_consts(self._push_values)  # wrong values raise here already

    def record(self, command_buffer: Any) -> None:
        algorithm = self.algorithm
        algorithm.require_alive()
        # NOTE: packed now, not when the op was made: a rebuild since may have changed the push constants.
        push = algorithm.pack_push_consts(self._push_values) if self._push_values else None
        algorithm.record_dispatch(command_buffer, push)

    def accesses(self) -> Sequence[Access]:
        return self.algorithm._accesses

    def memories(self) -> Sequence[Memory]:
        return self.algorithm.get_tensors()
