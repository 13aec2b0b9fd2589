"""OpMult: Kompute's built-in element-wise multiplication of two float tensors."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import numpy as np

from ...errors import KpTypeError, KpValueError
from ...shaders import compile_file
from ..algorithm import Algorithm
from ..memory import Memory
from .base import check_memories
from .dispatch import OpAlgoDispatch

_SHADER = Path(__file__).resolve().parent.parent.parent / "shaders" / "glsl" / "opmult.comp"


@cache
def _spirv() -> bytes:
    return compile_file(_SHADER)


class OpMult(OpAlgoDispatch):
    """``tensors[2][i] = tensors[0][i] * tensors[1][i]``, run through ``algorithm`` (rebuilt for it)."""

    def __init__(self, tensors: Iterable[Memory], algorithm: Algorithm) -> None:
        items = check_memories(tensors, "OpMult", minimum=3)
        if len(items) != 3:
            raise KpValueError(f"OpMult takes exactly 3 tensors (lhs, rhs, out), got {len(items)}")
        if not isinstance(algorithm, Algorithm):
            raise KpTypeError(f"OpMult takes a kp.Algorithm (mgr.algorithm()), got {type(algorithm).__name__}")
        if any(t.dtype != np.float32 for t in items):
            raise KpTypeError(f"OpMult multiplies float32 tensors, got {[str(t.dtype) for t in items]}")
        sizes = {t.size() for t in items}
        if len(sizes) != 1:
            raise KpValueError(f"OpMult needs tensors of one size, got sizes {[t.size() for t in items]}")
        algorithm.rebuild(items, _spirv(), (items[0].size(), 1, 1))
        super().__init__(algorithm)
