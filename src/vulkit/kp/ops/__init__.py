"""Kompute's operations: small classes behind one interface (record / pre_eval / post_eval)."""

from .barrier import OpMemoryBarrier
from .base import OpBase
from .copy import OpCopy, OpImageCopy, OpImageCopyToTensor, OpTensorCopy, OpTensorCopyToImage
from .dispatch import OpAlgoDispatch
from .mult import OpMult
from .sync import OpSyncDevice, OpSyncLocal, OpTensorSyncDevice, OpTensorSyncLocal

__all__ = [
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
]
