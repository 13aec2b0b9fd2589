"""What ``vt.linalg``'s factorizations share: LinAlgError, their result tuples, typing and checking the operands,
and launching the kernels of :mod:`vulkit.array.kernels.factorization` (operands as (offset, batch stride, row
stride, column stride) views of one allocation each)."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from ..array import Array, make_array
from ..dtypes import DType, float16, float32
from ..kernels.factorization import LASpec
from .arguments import array_argument
from .creation import default_float, zeros
from .elementwise import astype
from .manipulation import broadcast_to
from .planning import _addresses as needs_addresses


class LinAlgError(ValueError):
    """A linear algebra error (NumPy's ``numpy.linalg.LinAlgError``, also a ValueError): a singular matrix where
    an inverse is needed, a matrix that is not positive definite for ``cholesky``, operands that are not stacks
    of (square) matrices."""


class SlogdetResult(NamedTuple):
    """``slogdet``'s result: the sign (a complex number of modulus 1 for complex input) and log |det|."""

    sign: Array
    logabsdet: Array


class QRResult(NamedTuple):
    """``qr``'s result: Q with orthonormal columns and upper triangular R."""

    Q: Array
    R: Array


class EighResult(NamedTuple):
    """``eigh``'s result: eigenvalues in ascending order and the eigenvectors as columns."""

    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    """``eig``'s result: the (complex) eigenvalues and the eigenvectors as columns (unit 2-norm)."""

    eigenvalues: Array
    eigenvectors: Array


class SVDResult(NamedTuple):
    """``svd``'s result: U, the singular values S (descending) and Vh, with A = U diag(S) Vh."""

    U: Array
    S: Array
    Vh: Array


def matrices(x: Any, function: str, square: bool = True) -> tuple[Array, DType]:
    """x as a stack of matrices in the dtype the kernels compute in, and the result's dtype: integers and bool give
    the default float (as NumPy), float16 is computed in float32."""
    x = array_argument(x, function)
    if x.ndim < 2:
        raise LinAlgError(f"{function}: {x.ndim}-dimensional array given; the array must be at least "
                          "two-dimensional (a stack of matrices)")
    if square and x._shape[-1] != x._shape[-2]:
        raise LinAlgError(f"{function}: the last two dimensions of the array must be square, got "
                          f"{x._shape[-2]}x{x._shape[-1]}")
    return convert(x, function)


def compute_dtype(dtype: DType, ctx: Any, function: str) -> tuple[DType, DType]:
    """(the dtype kernels compute in, the result's dtype) for input of ``dtype``."""
    if dtype.kind in "biu":
        result = default_float(ctx)
        return result, result
    if dtype is float16:
        return float32, float16
    if dtype.kind in "fc":
        return dtype, dtype
    raise TypeError(f"{function}: expected an array of numbers, got {dtype.name}")  # pragma: no cover


def convert(x: Array, function: str, dtype: DType | None = None) -> tuple[Array, DType]:
    """x converted to the compute dtype (of ``dtype`` where given, else of x's) and the result dtype."""
    compute, result = compute_dtype(dtype or x._dtype, x._ctx, function)
    return (x if x._dtype is compute else astype(x, compute)), result


def host_array(ctx: Any, values: Any, dtype: DType) -> Array:
    """Host values (NumPy) as a new ``dtype`` array on ctx's device (scales and tolerances the host works out)."""
    import numpy as np

    from ..array import upload

    return upload(ctx, np.ascontiguousarray(values, dtype=dtype.np))


def finish(x: Array, dtype: DType) -> Array:
    """A kernel's result converted to the result dtype (float16 results are computed in float32)."""
    if x._dtype is dtype:
        return x
    if dtype.kind != "c" and x._dtype.kind == "c":
        return astype(x.real, dtype)
    return astype(x, dtype)


def real_dtype(dtype: DType) -> DType:
    """The dtype of magnitudes (eigenvalues, singular values, log |det|) of ``dtype``."""
    return dtype.component


def operand(x: Array) -> tuple[Array, tuple[int, int, int, int]]:
    """x (..., M, N) as one array and (offset, batch stride, row stride, column stride): a copy where its batch
    dimensions do not merge into one stride or a stride is negative."""
    shape, strides = x._shape[:-2], x._strides[:-2]
    dims = [(n, s) for n, s in zip(shape, strides, strict=True) if n != 1]
    ok = all(s >= 0 for s in x._strides) and all(dims[i][1] == dims[i + 1][1] * dims[i + 1][0]
                                                   for i in range(len(dims) - 1))
    if not ok:
        x = x.copy()
        dims = [(n, s) for n, s in zip(x._shape[:-2], x._strides[:-2], strict=True) if n != 1]
    batch_stride = dims[-1][1] if dims else 0
    return x, (x._offset, batch_stride, x._strides[-2], x._strides[-1])


def stack(x: Array, batch: tuple[int, ...]) -> tuple[Array, tuple[int, int, int, int]]:
    """x broadcast to the batch dimensions ``batch`` as an :func:`operand`."""
    shape = (*batch, *x._shape[-2:])
    return operand(x if x._shape == shape else broadcast_to(x, shape))


def new(ctx: Any, shape: tuple[int, ...], dtype: DType) -> tuple[Array, tuple[int, int, int, int]]:
    """A new contiguous stack of matrices and its operand."""
    out = make_array(ctx, shape, dtype)
    return out, (0, shape[-2] * shape[-1], shape[-1], 1)


def flat(x: Array) -> tuple[int, int, int, int]:
    """The operand of a contiguous (batch, n) array seen as a stack of one-row matrices."""
    return (x._offset, x._shape[-1], 0, 1)


def flag(ctx: Any) -> Array:
    """A zeroed uint32 flag word the kernels set on failure."""
    from ..dtypes import uint32

    return zeros((1,), dtype=uint32, device=_device(ctx))


def _device(ctx: Any) -> Any:
    from ..array import Device

    return Device(ctx.index)


GRID_FELL_BACK: set[int] = set()  # devices (context indices) whose grid of workgroups did not all run at once


def lost_grid(function: str) -> RuntimeError:
    """The error of a grid of workgroups whose driver stopped some while the others waited (``function``: the
    caller's name)."""
    return RuntimeError(f"{function}: the GPU stopped running some of the factorization's workgroups while the "
                        "others waited for them (its driver does not run them together); the result is lost")


def raised(word: Array, function: str = "linalg") -> bool:
    """Whether a kernel set the flag word's failure bit (reads it back: waits for the GPU). RuntimeError where a grid
    of workgroups lost its progress; a grid that fell back to one workgroup keeps the device off grids from then on
    (``GRID_FELL_BACK``; see :mod:`~vulkit.array.kernels.factorization_grid`)."""
    from ..kernels.factorization_grid import FELL_BACK_FLAG, LOST_FLAG

    value = int(word.numpy()[0])
    if value & LOST_FLAG:
        raise lost_grid(function)
    if value & FELL_BACK_FLAG:
        GRID_FELL_BACK.add(word._ctx.index)
    return bool(value & 1)


class Launcher:
    """The kernel of ``spec_type`` (with ``options``) bound to ``buffers`` (in the spec's BUFFERS order), recorded
    again and again with new push constants: what the loops of the blocked and Jacobi algorithms repeat."""

    def __init__(self, ctx: Any, spec_type: type[LASpec], dtype: DType, buffers: list[Array], **options: Any) -> None:
        self.ctx = ctx
        self.addresses = needs_addresses(ctx, buffers)
        self.kernel = ctx.kernels.get(spec_type(dtype, self.addresses, **options))
        allocations = [b._alloc for b in buffers]
        self.prefix = [a._addr or a.address for a in allocations] if self.addresses else []
        self.resources = () if self.addresses else tuple(allocations)
        accesses = [access for _, _, access in self.kernel.spec.BUFFERS]
        self.reads = [a for a, access in zip(allocations, accesses, strict=True) if access != "writeonly"]
        self.writes = [a for a, access in zip(allocations, accesses, strict=True) if access != "readonly"]

    def __call__(self, operands: list[tuple[int, ...]], fields: list[int], groups: int) -> None:
        """Record one dispatch with the operands' (offset, batch, row, column strides) and the other push
        constants, over ``groups`` workgroups (at most the device's limit: the kernels loop over the rest)."""
        values = [v for quad in operands for v in quad]
        push = self.kernel.pack(*self.prefix, *values, *fields)
        self.ctx.stream.dispatch(self.kernel.pipeline, self.resources, push,
                                 groups=(max(1, min(groups, self.ctx.max_groups)), 1, 1), reads=self.reads,
                                 writes=self.writes)


def launch(ctx: Any, spec_type: type[LASpec], dtype: DType, buffers: list[Array], operands: list[tuple[int, ...]],
           fields: list[int], groups: int, **options: Any) -> None:
    """Record one dispatch of the kernel of ``spec_type`` (see :class:`Launcher`)."""
    Launcher(ctx, spec_type, dtype, buffers, **options)(operands, fields, groups)


def may_flush_subnormals(ctx: Any, dtype: DType) -> bool:
    """Whether some of the device's instructions may read dtype's subnormals as zeros: it does not promise to keep
    them (no shaderDenormPreserveFloat of that width: NVIDIA's float32) and is not a CPU (lavapipe keeps them
    without the promise)."""
    bits = 8 * dtype.component.itemsize
    return bits not in ctx.device.physical.float_controls["denorm_preserve"] and not ctx.on_cpu


def shared_limit(ctx: Any) -> int:
    """Bytes of shared memory a workgroup may use."""
    return int(ctx.device.limits.get("max_compute_shared_memory_size", 16384))


def max_invocations(ctx: Any) -> int:
    return int(ctx.device.limits.get("max_compute_workgroup_invocations", 256))


def pow2(n: int, least: int = 1) -> int:
    """The smallest power of two >= max(n, least)."""
    return 1 << max(0, math.ceil(math.log2(max(n, least, 1))))


def batch_of(shape: tuple[int, ...]) -> int:
    return math.prod(shape)


def result_dtype(*dtypes: DType) -> DType:
    """The floating dtype two operands' dtypes promote to (complex64 where a complex and float32 meet)."""
    from ..dtypes import result_type2

    out = dtypes[0]
    for d in dtypes[1:]:
        out = result_type2(out, d)
    return out

