"""SciPy's ``eigvalsh_tridiagonal`` in ``vt.linalg``: eigenvalues of symmetric tridiagonal matrices by bisection
on Sturm counts, every eigenvalue of a stack of matrices in one dispatch
(:mod:`vulkit.array.kernels.factorization_tridiagonal`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array, make_array
from ..kernels.factorization_tridiagonal import BisectSpec
from .creation import arange
from .elementwise import abs as _abs
from .elementwise import add, greater, less_equal, logical_and, square
from .gather import take_along_axis
from .linalg_common import batch_of, compute_dtype, finish, host_array, launch, result_dtype
from .manipulation import reshape
from .reductions import _array, all_finite
from .reductions import sum as _sum


def eigvalsh_tridiagonal(d: Any, e: Any, select: str = "a", select_range: Any = None, check_finite: bool = True,
                         tol: float = 0.0, lapack_driver: str = "auto") -> Array:
    """The eigenvalues (ascending) of the real symmetric tridiagonal matrix with diagonal d (..., n) and off-diagonal
    e (..., n - 1), as ``scipy.linalg.eigvalsh_tridiagonal`` (stacks too, as SciPy's batching): ``select`` ``"a"``
    all, ``"i"`` those of indices ``select_range = (min, max)`` inclusive, ``"v"`` those in the interval
    (min, max]; ``tol`` an absolute tolerance where > 0. ``lapack_driver`` is accepted and ignored.

    Bisection on Sturm counts (LAPACK's ``stebz``), an invocation per eigenvalue: each eigenvalue within about an
    ulp of the matrix's norm, as LAPACK's default tolerance. ``check_finite`` and ``select="v"`` (its count is data
    dependent) read data back: they wait for the GPU."""
    function = "eigvalsh_tridiagonal"
    del lapack_driver
    d, e = _array(d, function), _array(e, function)
    if d._dtype.kind == "c" or e._dtype.kind == "c":
        raise TypeError(f"{function}: only real arrays are supported")
    if d.ndim == 0 or d._shape[-1] != (e._shape[-1] if e.ndim else -1) + 1:
        raise ValueError(f"{function}: d {d.shape} must have one more element than e {e.shape} along the last axis")
    if d._shape[:-1] != e._shape[:-1]:
        raise ValueError(f"{function}: d {d.shape} and e {e.shape} must have the same batch dimensions")
    if select not in ("a", "i", "v"):
        raise ValueError(f"{function}: invalid argument for select: {select!r} (use 'a', 'i' or 'v')")
    n = d._shape[-1]
    first, count = _indices(select, select_range, n, function)
    compute, rtype = compute_dtype(result_dtype(d._dtype, e._dtype), d._ctx, function)
    d, e = d.astype(compute), e.astype(compute)
    if check_finite and not (all_finite(d) and all_finite(e)):
        raise ValueError(f"{function}: array must not contain infs or NaNs")
    batch = d._shape[:-1]
    dv = reshape(d, (batch_of(batch), 1, n)).copy()
    if n == 1:
        w = dv
    else:
        e2 = reshape(square(_abs(e)), (batch_of(batch), 1, n - 1)).copy()
        atol = host_array(d._ctx, [max(float(tol), 0.0)], compute)
        w = make_array(d._ctx, (batch_of(batch), 1, count), compute)
        if w._size:
            launch(d._ctx, BisectSpec, compute, [dv, e2, atol, w], [_quad(dv), _quad(e2), _quad(w)],
                   [batch_of(batch), n, first, count], -(-w._size // 64))
    w = reshape(w, (*batch, count))
    if select == "v":
        w = _in_interval(w, select_range, function)
    return finish(w, rtype)


def _indices(select: str, select_range: Any, n: int, function: str) -> tuple[int, int]:
    """(first index, number) of the eigenvalues bisection finds: all for "a" and "v", the range for "i"."""
    if select != "a":
        if select_range is None or len(select_range) != 2 or not select_range[0] <= select_range[1]:
            raise ValueError(f"{function}: select_range must be a 2-element array-like in nondecreasing order, got "
                             f"{select_range!r}")
    if select != "i":
        return 0, n
    low, high = (int(v) for v in select_range)
    if low < 0 or high >= n:
        raise ValueError(f"{function}: select_range {select_range!r} out of bounds for {n} eigenvalues")
    return low, high - low + 1


def _in_interval(w: Array, select_range: Any, function: str) -> Array:
    """The eigenvalues of w (..., n) (ascending) in (min, max] (reads their number back: the same in every matrix)."""
    low, high = (float(v) for v in select_range)
    counts = np.atleast_1d(_sum(logical_and(greater(w, low), less_equal(w, high)), axis=-1).numpy())
    if counts.size and (counts != counts.flat[0]).any():
        raise ValueError(f"{function}: select='v' finds different numbers of eigenvalues in the stack's matrices "
                         f"({counts.min()} to {counts.max()}): call it a matrix at a time")
    number = int(counts.flat[0]) if counts.size else 0
    starts = _sum(less_equal(w, low), axis=-1, keepdims=True)
    return take_along_axis(w, add(starts, arange(number, dtype=starts.dtype, device=w.device)), axis=-1)


def _quad(x: Array) -> tuple[int, int, int, int]:
    """The operand of a (batch, 1, n) array."""
    return (x._offset, x._strides[0], 0, x._strides[2])
