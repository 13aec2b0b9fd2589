"""``vt.linalg``: the array API standard's linear algebra extension (NumPy's ``numpy.linalg`` names), on the GPU.

Matrix products run on the tiled and cooperative-matrix kernels of :mod:`vulkit.array.ops.matmul`; the
factorizations say in their docstrings which algorithm runs and how accurate it is against LAPACK."""

from __future__ import annotations

from .array.ops.matmul import matmul
from .array.ops.reductions import vecdot

# -- contractions, norms and views (array/ops/linalg_basic.py, array/ops/contractions.py) -------------------
# isort: split
from .array.ops.contractions import tensordot
from .array.ops.linalg_basic import (
    cross,
    diagonal,
    matrix_norm,
    matrix_power,
    norm,
    outer,
    trace,
    vector_norm,
)
from .array.ops.manipulation import matrix_transpose

# -- factorizations and solvers (array/ops/factorizations.py) -----------------------------------------------
# isort: split
from .array.ops.factorizations import cholesky, det, inv, slogdet, solve
from .array.ops.linalg_common import EighResult, EigResult, LinAlgError, QRResult, SlogdetResult, SVDResult
from .array.ops.linalg_eig import eig, eigvals
from .array.ops.linalg_spectral import eigh, eigvalsh, matrix_rank, pinv, qr, svd, svdvals

# -- NumPy's names beyond the standard, built on the above (array/ops/linalg_numpy.py) ---------------------
# isort: split
from .array.ops.linalg_numpy import cond, lstsq, multi_dot, tensorinv, tensorsolve

# -- SciPy's factorizations and solvers (array/ops/linalg_scipy.py) -----------------------------------
# isort: split
from .array.ops.linalg_scipy import cho_factor, cho_solve, lu, lu_factor, lu_solve, solve_triangular
from .array.ops.linalg_tridiagonal import eigvalsh_tridiagonal
from .array.ops.linalg_tridiagonal_vectors import eigh_tridiagonal

__all__ = [
    "matmul", "vecdot",
    "cross", "diagonal", "matrix_norm", "matrix_power", "matrix_transpose", "norm", "outer", "tensordot", "trace",
    "vector_norm",
    "LinAlgError", "EigResult", "EighResult", "QRResult", "SVDResult", "SlogdetResult",
    "cholesky", "det", "eig", "eigh", "eigvals", "eigvalsh", "inv", "matrix_rank", "pinv", "qr", "slogdet", "solve",
    "svd", "svdvals",
    "cond", "lstsq", "multi_dot", "tensorinv", "tensorsolve",
    "cho_factor", "cho_solve", "eigh_tridiagonal", "eigvalsh_tridiagonal", "lu", "lu_factor", "lu_solve",
    "solve_triangular",
]
