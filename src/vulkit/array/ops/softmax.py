"""Softmax and log-softmax along an axis: one fused kernel for contiguous rows
(:mod:`vulkit.array.kernels.softmax`), else logsumexp and one elementwise pass."""

from __future__ import annotations

from typing import Any

from ..array import Array, make_array
from ..kernels.softmax import SoftmaxSpec
from ..launch import addresses_of
from ..layout import normalize_axes
from .arguments import array_argument
from .creation import default_float
from .elementwise import astype, exp, subtract
from .planning import SPAN
from .planning import _addresses as needs_addresses
from .reductions import logsumexp


def softmax(x: Any, axis: int, log: bool, function: str) -> Array:
    """exp(x) / sum(exp(x)) along ``axis`` (``log``: its logarithm), of a float type (integers give the default
    float); NaN rows where a row holds NaN or +inf twice, as PyTorch's."""
    x = array_argument(x, function)
    if not isinstance(axis, int):
        raise TypeError(f"{function}: axis (dim) must be an integer, got {type(axis).__name__}")
    if x._dtype.kind != "f":
        x = astype(x, default_float(x._ctx))
    if x.ndim == 0:
        x1 = softmax(x.reshape(1), 0, log, function)
        return x1.reshape(())
    (axis,) = normalize_axes(axis, x.ndim, function)
    if x._size == 0:
        return make_array(x._ctx, x._shape, x._dtype)
    if axis != x.ndim - 1 or x._size >= 1 << 32 or x._alloc.size > SPAN:
        lse = logsumexp(x, axis=axis, keepdims=True)
        return subtract(x, lse) if log else exp(subtract(x, lse))
    source = x if x._contig else x.copy()
    ctx = x._ctx
    out = make_array(ctx, x._shape, x._dtype)
    r = x._shape[-1]
    rows = x._size // r
    vec = r % 4 == 0 and source._offset % 4 == 0
    addresses = needs_addresses(ctx, [source, out])
    kernel = ctx.kernels.get(SoftmaxSpec(x._dtype, log, vec, addresses))
    values = (rows, r, source._offset, 0)
    if addresses:
        push = kernel.pack(*addresses_of(source, out), *values)
        resources: tuple[Any, ...] = ()
    else:
        push, resources = kernel.pack(*values), (source._alloc, out._alloc)
    ctx.stream.dispatch(kernel.pipeline, resources, push, groups=(min(rows, ctx.max_groups), 1, 1),
                        reads=[source._alloc], writes=[out._alloc])
    return out
