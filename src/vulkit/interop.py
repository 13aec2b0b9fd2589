"""kp and arrays together: a kp Manager on the arrays' device, and kp tensors as arrays.

This module sits above both APIs (neither imports the other): ``vt.device.kp_manager()`` gives a Manager
on the device the arrays use, and ``vt.asarray(tensor)`` of its tensors shares their memory.
"""

from __future__ import annotations

from typing import Any

from .array import dtypes as dt
from .array.array import Array, _new, upload
from .array.dtypes import DType
from .array.ops.creation import register_converter
from .kp import Manager, Tensor
from .runtime import context as _context
from .runtime.allocator import Allocation


def kp_manager(device: int | None = None) -> Manager:
    """A ``kp.Manager`` on the device vulkit's arrays use: ``vt.asarray(tensor)`` of its tensors
    needs no copy. It does not own the device (its ``destroy()`` leaves the arrays alive). The two
    APIs queue work separately: call ``vt.device.synchronize()`` before a kp sequence reads what array
    operations wrote."""
    context = _context.current() if device is None else _context.get(device)
    return Manager.sharing(context.device, context.synchronize)


def tensor_as_array(tensor: Tensor, ctx: Any, dtype: DType | None = None) -> Array:
    """``tensor`` as an array on ``ctx``'s device: its memory, where its Manager is on that device (destroying
    the tensor then frees it: the array raises, never reads freed memory); else a copy of its values."""
    tensor_dtype = dt.as_dtype(tensor.dtype)
    manager = tensor.manager
    if manager is None or manager.device is not ctx.device:
        return upload(ctx, tensor.data().copy(), dtype or tensor_dtype)
    alloc = Allocation.external(tensor.buffer, 0, tensor.memory_size(), owner=tensor)
    tensor.add_view(alloc)
    if not tensor.device_written:  # never synced to the GPU: its values are still only in the host copy
        ctx.stream.write(alloc, tensor.data())
        tensor.device_written = True
    result = _new(ctx, alloc, (tensor.size(),), (1,), 0, tensor_dtype, True)
    return result if dtype is None or dtype is tensor_dtype else result.astype(dtype)


register_converter(Tensor, tensor_as_array)
