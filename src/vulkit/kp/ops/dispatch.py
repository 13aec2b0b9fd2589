"""OpAlgoDispatch: run an algorithm's shader."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...errors import KpTypeError
from ..access import Access
from ..algorithm import Algorithm
from ..constants import as_values
from ..memory import Memory
from .base import OpBase


class OpAlgoDispatch(OpBase):
    """Dispatch ``algorithm`` over its workgroup. ``push_consts``, if given, become the algorithm's push constants
    when the op is recorded, as in Kompute: a later ``OpAlgoDispatch(algorithm)`` uses them too."""

    def __init__(self, algorithm: Algorithm, push_consts: Any = None) -> None:
        if not isinstance(algorithm, Algorithm):
            raise KpTypeError(f"OpAlgoDispatch takes a kp.Algorithm, got {type(algorithm).__name__}")
        self.algorithm = algorithm
        algorithm.require_alive()
        self._push_values = as_values(push_consts, "push_consts")
        if self._push_values:
            algorithm.pack_push_consts(self._push_values)  # wrong values raise here already

    def record(self, command_buffer: Any) -> None:
        algorithm = self.algorithm
        algorithm.require_alive()
        # NOTE: set now, not when the op was made: a rebuild since may have changed the push constants.
        if self._push_values:
            algorithm.set_push_consts(self._push_values)
        algorithm.record_dispatch(command_buffer, None)

    def accesses(self) -> Sequence[Access]:
        return self.algorithm._accesses

    def memories(self) -> Sequence[Memory]:
        return self.algorithm.get_tensors()
