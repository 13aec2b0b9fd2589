"""vulkit's array layer: the Array, its dtypes and layouts, the kernels and the operations (``array/ops``).

Called, the package is NumPy's ``array`` function (``vt.array([1, 2, 3])``, :func:`.ops.creation.array_copy`): the
name NumPy users reach for first is taken by the package, so the package answers to it (a module subclass with
``__call__``; ``vt.array.ops`` and the other submodules stay where they are)."""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    """This package's module type: the package, callable as NumPy's ``array``."""

    def __call__(self, object: Any, dtype: Any = None, *, copy: bool | None = True, order: str = "K",  # noqa: A002
                 ndmin: int = 0, device: Any = None) -> Any:
        """NumPy's ``array``: a new array of ``object``'s values (see :func:`.ops.creation.array_copy`)."""
        from .ops.creation import array_copy

        return array_copy(object, dtype, copy=copy, order=order, ndmin=ndmin, device=device)


sys.modules[__name__].__class__ = _CallablePackage
