"""OpCopy: copy the first tensor/image into the others, on the GPU and in the host copies."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...errors import KpTypeError, KpValueError
from ...hal import TRANSFER_READ, TRANSFER_STAGE, TRANSFER_WRITE
from ..access import Access
from ..memory import Image, Memory, Tensor
from .base import OpBase, check_memories


class OpCopy(OpBase):
    """Copy ``memories[0]`` into each of ``memories[1:]``.

    Tensors and images mix freely (tensor→image, image→tensor, image→image); all must have the same
    element type and number of elements, and images the same width, height and channels. The host
    copies (``data()``) of the targets get the copied data too, as in Kompute, without OpSyncLocal.

    NOTE: Kompute copies the source's host data into the targets' after the run (post_eval), which
    loses what a later op of the sequence wrote there (an OpSyncLocal of a target) and copies a stale
    host copy of a source computed on the GPU. Here the GPU copies the source into the targets' host
    copies too, in order with the other ops.
    """

    _source_type: type = Memory
    _target_type: type = Memory

    def __init__(self, memories: Iterable[Memory]) -> None:
        name = type(self).__name__
        self._memories = check_memories(memories, name, minimum=2)
        source, *targets = self._memories
        if not isinstance(source, self._source_type):
            raise KpTypeError(f"{name} copies from a {self._source_type.__name__.lower()}, got {type(source).__name__}")
        for target in targets:
            if target is source:
                raise KpValueError(f"{name}: the source is also a target (a copy onto itself)")
            if not isinstance(target, self._target_type):
                wanted = self._target_type.__name__.lower()
                raise KpTypeError(f"{name} copies into {wanted}s, got {type(target).__name__}")
            if target.dtype != source.dtype:
                raise KpTypeError(f"{name}: cannot copy {source.dtype} data into a {target.dtype} {target._kind}")
            if target.size() != source.size():
                raise KpValueError(f"{name}: sizes do not match: {source.size()} elements into {target.size()}")
            if isinstance(source, Image) and isinstance(target, Image) and (
                    (source.width(), source.height()) != (target.width(), target.height())):
                raise KpValueError(
                    f"{name}: image shapes do not match: {source.width()}x{source.height()} into "
                    f"{target.width()}x{target.height()}")

    def record(self, command_buffer: Any) -> None:
        source, *targets = self._memories
        source.require_alive()
        for target in targets:
            target.require_alive()
            if isinstance(source, Tensor) and isinstance(target, Tensor):
                command_buffer.copy_buffer(source.buffer, target.buffer, source.memory_size())
            elif isinstance(source, Tensor):
                command_buffer.copy_buffer_to_image(source.buffer, target.image)
            elif isinstance(target, Tensor):
                command_buffer.copy_image_to_buffer(source.image, target.buffer)
            else:
                command_buffer.copy_image(source.image, target.image)
            if target.needs_staging:
                _copy_to_buffer(command_buffer, source, target._host)

    def accesses(self) -> Sequence[Access]:
        source, *targets = self._memories
        result = [Access(source._primary, TRANSFER_STAGE, TRANSFER_READ, False)]
        result += [Access(t._primary, TRANSFER_STAGE, TRANSFER_WRITE, True) for t in targets]
        result += [Access(t._host, TRANSFER_STAGE, TRANSFER_WRITE, True) for t in targets if t.needs_staging]
        return result

    def memories(self) -> Sequence[Memory]:
        return self._memories


def _copy_to_buffer(command_buffer: Any, source: Memory, buffer: Any) -> None:
    """Record a copy of ``source``'s GPU memory into a buffer laid out as its data."""
    if isinstance(source, Tensor):
        command_buffer.copy_buffer(source.buffer, buffer, source.memory_size())
    else:
        command_buffer.copy_image_to_buffer(source.image, buffer)


class OpTensorCopy(OpCopy):
    """OpCopy restricted to tensors."""

    _source_type = Tensor
    _target_type = Tensor


class OpImageCopy(OpCopy):
    """OpCopy restricted to images."""

    _source_type = Image
    _target_type = Image


class OpTensorCopyToImage(OpCopy):
    """Copy a tensor into images."""

    _source_type = Tensor
    _target_type = Image


class OpImageCopyToTensor(OpCopy):
    """Copy an image into tensors."""

    _source_type = Image
    _target_type = Tensor
