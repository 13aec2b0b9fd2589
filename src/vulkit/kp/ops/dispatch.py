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
        values = as_values(push_consts, "push_consts")
        self._push_bytes = algorithm.pack_push_consts(values) if values else None

    def record(self, command_buffer: Any) -> None:
        self.algorithm.require_alive()
        self.algorithm.record_dispatch(command_buffer, self._push_bytes)

    def accesses(self) -> Sequence[Access]:
        return self.algorithm._accesses

    def memories(self) -> Sequence[Memory]:
        return self.algorithm.get_tensors()
