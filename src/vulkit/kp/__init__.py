"""vulkit.kp: a drop-in for Kompute's Python package ``kp`` (0.9).

Change ``import kp`` to ``from vulkit import kp``. Differences from kp, all additions: ``eval_async``
really is asynchronous; barriers follow what each operation reads and writes; arguments are checked
against the shader's own declarations; errors are Python exceptions that say what was wrong.
"""

from .algorithm import Algorithm
from .manager import Manager
from .memory import Image, Memory, Tensor
from .ops import (
    OpAlgoDispatch,
    OpBase,
    OpCopy,
    OpImageCopy,
    OpImageCopyToTensor,
    OpMemoryBarrier,
    OpMult,
    OpSyncDevice,
    OpSyncLocal,
    OpTensorCopy,
    OpTensorCopyToImage,
    OpTensorSyncDevice,
    OpTensorSyncLocal,
)
from .sequence import Sequence
from .types import DataTypes, MemoryTypes, TensorTypes

__version__ = "0.9.0"  # the Kompute release whose Python API this package follows

# Kompute's binding exports the enums' values at module level (pybind11's export_values): kp.float, kp.device ...
globals().update({member.name: member for enum in (DataTypes, MemoryTypes) for member in enum})

__all__ = [
    "Algorithm",
    "DataTypes",
    "Image",
    "Manager",
    "Memory",
    "MemoryTypes",
    "OpAlgoDispatch",
    "OpBase",
    "OpCopy",
    "OpImageCopy",
    "OpImageCopyToTensor",
    "OpMemoryBarrier",
    "OpMult",
    "OpSyncDevice",
    "OpSyncLocal",
    "OpTensorCopy",
    "OpTensorCopyToImage",
    "OpTensorSyncDevice",
    "OpTensorSyncLocal",
    "Sequence",
    "Tensor",
    "TensorTypes",
    "__version__",
]  # NOTE: not kp.float, kp.int, kp.bool ...: `from vulkit.kp import *` would hide Python's own float, int, bool
