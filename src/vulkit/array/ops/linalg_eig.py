"""``vt.linalg.eig`` and ``eigvals``: eigenvalues and eigenvectors of general (non-symmetric) square matrices, on
the GPU (kernels in :mod:`vulkit.array.kernels.factorization_eig`).

As LAPACK's ``geev`` (which NumPy calls): each matrix is scaled by a power of two where its largest element is
outside [sqrt(tiny) / eps, eps / sqrt(tiny)], balanced (``gebal``'s scaling of rows and columns by powers of two,
without its permutations), reduced to Hessenberg form and then to Schur form by LAPACK's ``lahqr`` (Francis
double-shift QR in real arithmetic for real matrices, single-shift QR for complex ones), one workgroup per matrix:
in shared memory where the matrix fits (orders up to 44 (complex128), 62 (float64, complex64) and 88 (float32) in
lavapipe's 32 KiB, 54, 76 and 108 in 48 KiB), else in device memory, which is correct but much slower (each of the
O(M^2) steps of the bulge chases is a workgroup barrier over device memory). Eigenvectors: back substitution on the
(complex) triangular Schur form, one invocation per eigenvector, then multiplied by the Schur vectors (``matmul``),
the balancing undone and scaled to unit 2-norm. Both wait for the GPU: the matrices' largest elements are read back
(infinities and NaN raise LinAlgError, as NumPy's "Array must not contain infs or NaNs") and so is a flag after each
group of dispatches.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..array import Array, make_array
from ..dtypes import DType, bfloat16, complex64, complex128, float32, uint32
from ..kernels.factorization_eig import (
    STATE,
    ComplexSchurSpec,
    EigvecSpec,
    SchurSpec,
    schur_unit_cost,
)
from .creation import eye, ones, zeros
from .elementwise import abs as _abs
from .elementwise import conj, divide, less, multiply, where
from .linalg_basic import vector_norm
from .linalg_common import (
    EigResult,
    Launcher,
    LinAlgError,
    batch_of,
    host_array,
    matrices,
    max_invocations,
    shared_limit,
)
from .manipulation import broadcast_to, expand_dims, reshape
from .moving import concat
from .reductions import max as _max

LIMIT = 56000  # loop iterations a dispatch may take on a CPU device (lavapipe stops them after 65535 in all)
GPU_BUDGET = 1 << 28  # on a GPU: a dispatch does about this many loop iterations before the host looks again
MAX_REPEATS = 64  # dispatches recorded between two reads of the flag
ITERATIONS = 30  # QR iterations an eigenvalue may take, times max(10, order), before LinAlgError (LAPACK's)


def _complex(dtype: DType) -> DType:
    return complex128 if dtype.component.itemsize == 8 else complex64


def _geometry(ctx: Any, n: int, dtype: DType) -> tuple[int, int]:
    """(invocations, shared scalars for H, 0 where H stays in device memory) of the Schur kernel for order n: the
    shared capacity rounded up to 2^k or 3 2^(k-1) scalars, so that few kernels cover every order, or all that the
    device has where that is enough."""
    need = n * (n + 1)
    cap = 64
    while cap < need:
        cap = cap * 3 // 2 if cap & (cap - 1) == 0 else cap * 4 // 3
    wg = 8 if n <= 8 else 16 if n <= 16 else 32 if n <= 32 else 64 if n <= 64 else 128
    room = (shared_limit(ctx) - wg * (dtype.component.itemsize + 4) - 256) // dtype.itemsize
    if need <= room:
        return wg, min(cap, room)
    wg = 64 if n <= 64 else 128 if n <= 128 else 256 if n <= 1024 else 1024
    return min(wg, max_invocations(ctx)), 0


def _budget(ctx: Any, n: int, wg: int, function: str) -> int:
    """The loop iterations a dispatch of the Schur kernel may start units within."""
    if not ctx.on_cpu:
        return GPU_BUDGET
    budget = LIMIT - schur_unit_cost(n, wg)
    if budget < LIMIT // 4:
        raise ValueError(f"{function}: matrices of order {n} are too large for this device (a CPU device stops long "
                         "shader loops)")
    return budget


def _rows(ctx: Any, n: int, groups: int) -> int:
    """Rows of the eigenvectors one dispatch of the back substitution computes (all of them on a GPU)."""
    if not ctx.on_cpu:
        return n
    per = -(-groups // ctx.max_groups)  # columns an invocation takes
    return max(1, (LIMIT // per - 3 * n - 32) // (2 * n + 4))


def _scales(a: Array, function: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Per matrix a power of two 2^k and 2^-k that bring max |a_ij| into [smlnum, bignum] (LAPACK geev's range,
    smlnum = sqrt(tiny) / eps), None where every matrix is in it: reads the largest elements back, raising
    LinAlgError for infinities and NaN as NumPy does."""
    big = np.asarray(_max(_abs(a), axis=(-2, -1)).numpy(), dtype=np.float64).reshape(-1)
    if not np.all(np.isfinite(big)):
        raise LinAlgError(f"{function}: array must not contain infs or NaNs")
    info = np.finfo(a._dtype.component.np)
    small = float(np.sqrt(info.tiny) / info.eps)
    k = np.zeros(big.shape, dtype=np.int64)
    high, low = big > 1 / small, (big > 0) & (big < small)
    k[high] = np.frexp(1 / small)[1] - np.frexp(big[high])[1] - 1
    k[low] = np.frexp(small)[1] - np.frexp(big[low])[1] + 1
    if not k.any():
        return None
    return np.ldexp(1.0, k), np.ldexp(1.0, -k)


def _schur(w: Array, z: Array | None, function: str) -> tuple[Array, Array]:
    """Schur form of the balanced stack w (count, n, n) in place, Schur vectors into z (Z^T, identity at first)
    where given; returns the eigenvalues (count, n) of the compute dtype's complex type (of w's scaled matrices)
    and the balancing's scale factors D (count, n): the input is D W D^-1 for the W the kernel reduced."""
    ctx, dtype = w._ctx, w._dtype
    count, n, _ = w._shape
    values = make_array(ctx, (count, n), _complex(dtype))
    scales = ones((count, n), dtype=dtype.component, device=w.device)
    state = zeros((count, STATE), dtype=uint32, device=w.device)
    word = zeros((2,), dtype=uint32, device=w.device)
    wg, cap = _geometry(ctx, n, dtype)
    budget = _budget(ctx, n, wg, function)
    zz = z if z is not None else w
    step = Launcher(ctx, SchurSpec, dtype, [w, zz, values, scales, state, word], wg=wg, cap=cap,
                    vectors=z is not None, iterations=ITERATIONS)
    operands = [(w._offset, n * n, n, 1), (zz._offset, n * n, n, 1), (2 * values._offset, 2 * n, 0, 1),
                (scales._offset, n, 0, 1)]
    repeats = 1
    while True:
        for _ in range(repeats):
            ctx.stream.fill(word._alloc, 0, 8)
            step(operands, [count, n, budget], count)
        flags = word.numpy()
        if flags[1]:
            raise LinAlgError(f"{function}: eigenvalues did not converge")
        if not flags[0]:
            return values, scales
        repeats = min(2 * repeats, MAX_REPEATS)


def _eigenvectors(w: Array, zt: Array, values: Array, scales: Array) -> Array:
    """The unit eigenvectors (count, n, n) from the Schur form w, the Schur vectors zt (Z^T) and the balancing's
    scales of :func:`_schur`."""
    ctx, dtype = w._ctx, w._dtype
    count, n, _ = w._shape
    ctype = _complex(dtype)
    quad = (0, n * n, n, 1)
    if dtype.kind == "c":
        tc, zc = w, zt.mT
    else:  # the real Schur form made complex triangular
        tc = make_array(ctx, (count, n, n), ctype)
        zc = make_array(ctx, (count, n, n), ctype)
        Launcher(ctx, ComplexSchurSpec, ctype, [w, zt, tc, zc])(
            [(w._offset, n * n, n, 1), (zt._offset, n * n, n, 1), quad, quad], [count, n], -(-count * n * n // 64))
    x = make_array(ctx, (count, n, n), ctype)
    groups = -(-count * n // 64)
    rows = _rows(ctx, n, groups)
    biggest = _max(_abs(tc), axis=(-2, -1))
    back = Launcher(ctx, EigvecSpec, ctype, [tc, x, biggest])
    top = n
    while True:
        r0 = max(0, top - rows)
        back([(tc._offset, n * n, n, 1) if tc is w else quad, quad, (biggest._offset, 1, 0, 0)],
             [count, n, r0, top, int(top == n)], groups)
        if r0 == 0:
            break
        top = r0
    from .matmul import matmul

    v = multiply(matmul(zc, x), expand_dims(scales, axis=-1))  # undo the balancing
    v = divide(v, _max(_abs(v), axis=-2, keepdims=True).astype(ctype))  # so that the 2-norms neither overflow
    v = divide(v, vector_norm(v, axis=-2, keepdims=True).astype(ctype))
    if dtype.kind != "c":  # the second of a conjugate pair: the conjugate of the first's vector, as LAPACK's
        second = expand_dims(less(values.imag, 0), axis=-2)
        previous = concat([v[:, :, :1], v[:, :, :-1]], axis=-1)
        v = where(second, conj(previous), v)
    return v


def _eig(x: Any, vectors: bool, function: str) -> tuple[Array, Array | None]:
    a, _ = matrices(x, function)
    if a._dtype is bfloat16:  # computed in float32, as float16 is
        a = a.astype(float32)
    ctx, dtype = a._ctx, a._dtype
    n = a._shape[-1]
    batch = a._shape[:-2]
    count = batch_of(batch)
    ctype = _complex(dtype)
    if count == 0 or n == 0:
        empty = make_array(ctx, (*batch, n), ctype)
        return empty, (make_array(ctx, (*batch, n, n), ctype) if vectors else None)
    scaling = _scales(a, function)
    if scaling is None:
        w = a.copy()  # the kernels work in place on a contiguous stack
    else:
        w = multiply(a, reshape(host_array(ctx, scaling[0], dtype.component), (*batch, 1, 1))).astype(dtype, copy=False)
    w = reshape(w, (count, n, n))
    zt = broadcast_to(eye(n, dtype=dtype, device=a.device), (count, n, n)).copy() if vectors else None
    scaled, scales = _schur(w, zt, function)
    values = scaled
    if scaling is not None:
        factors = host_array(ctx, scaling[1].reshape(count, 1), dtype.component)
        values = multiply(scaled, factors).astype(ctype, copy=False)
    vecs = reshape(_eigenvectors(w, zt, scaled, scales), (*batch, n, n)) if zt is not None else None
    return reshape(values, (*batch, n)), vecs


def eig(x: Any, /) -> EigResult:
    """Eigenvalues and right eigenvectors of each square matrix of x (..., M, M), real or complex: ``eigenvalues``
    (..., M) and ``eigenvectors`` (..., M, M, its columns), both complex (complex64 for float32, complex64, float16
    and bfloat16 input, complex128 for float64, complex128, integers and bool), as NumPy's ``numpy.linalg.eig``
    (which LAPACK's ``geev`` computes) but always complex, as the array API says.

    Algorithm (see the module docstring): balancing as LAPACK's ``gebal`` (diagonal scaling, no permutations),
    Householder reduction to Hessenberg form, then LAPACK's ``lahqr`` QR iteration (Francis double shift in real
    arithmetic for real matrices, so complex eigenvalues come in exact conjugate pairs, first the one with positive
    imaginary part, and real ones have zero imaginary parts; single shift for complex matrices) with Ahues-Tisseur
    deflation, then back substitution on the complex triangular Schur form (``trevc``). Accuracy: backward stable;
    eigenvalues within a few ulps times M times ||A|| (of the balanced matrix) of the exact ones, times their
    condition numbers (those of a Jordan block of size k within about (eps ||A||)^(1/k)), as NumPy's; float32 and
    complex64 are computed in single precision, where NumPy computes in double precision and rounds, so NumPy's are
    more accurate there. Eigenvectors of unit 2-norm with ||A v - w v|| within a few ulps times M times ||A||, each
    unique up to a complex factor of modulus 1 (the same as NumPy's up to that factor where the eigenvalue is simple
    and well separated; NumPy also makes the largest component real, which is not done here). Eigenvalue order: as
    the Schur form gives them (not sorted, as in NumPy), which may differ from NumPy's (LAPACK's ``hseqr`` uses
    multishift QR beyond order 75). Order M in the thousands takes long (see the module docstring).
    LinAlgError for infinities or NaN (NumPy's "Array must not contain infs or NaNs") and where the iteration
    does not converge; it reads values back, so it waits for the GPU."""
    values, vecs = _eig(x, True, "eig")
    assert vecs is not None
    return EigResult(values, vecs)


def eigvals(x: Any, /) -> Array:
    """The eigenvalues (..., M) of each square matrix of x (..., M, M), complex: :func:`eig` without the
    eigenvectors (the QR iteration then updates only the active block, as LAPACK's ``hseqr`` with job 'E')."""
    return _eig(x, False, "eigvals")[0]
