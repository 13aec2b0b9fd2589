"""Activation functions with PyTorch's names and defaults, one fused GPU kernel each.

Integer inputs are promoted to floating point as NumPy's ufuncs do (``relu`` keeps integers).
"""

from __future__ import annotations

from ..array.array import Array
from ..array.ops.creation import asarray
from ..array.ops.elementwise import tanh
from ..array.ops.engine import TABLE, apply, resolve

__all__ = ["elu", "gelu", "leaky_relu", "relu", "sigmoid", "silu", "softplus", "tanh"]


def relu(x: Array, /) -> Array:
    """max(x, 0); NaN stays NaN."""
    return apply(TABLE["relu"], (x,))


def sigmoid(x: Array, /) -> Array:
    """1 / (1 + exp(-x)), computed without overflow for large |x|."""
    return apply(TABLE["sigmoid"], (x,))


def silu(x: Array, /) -> Array:
    """x * sigmoid(x) (swish)."""
    return apply(TABLE["silu"], (x,))


def gelu(x: Array, /, approximate: str = "none") -> Array:
    """x * Phi(x); ``approximate='tanh'`` uses PyTorch's tanh formula. erf has 1.2e-7 relative error."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return apply(TABLE["gelu" if approximate == "none" else "gelu_tanh"], (x,))


def _with_params(name: str, x: Array, params: tuple[float, ...]) -> Array:
    entry = TABLE[name]
    x = x if isinstance(x, Array) else asarray(x)
    op_dtypes, result = resolve(entry, (x.dtype,) + (float,) * len(params))
    return apply(entry, (x, *map(float, params)), dtype=result, op_dtypes=op_dtypes)


def leaky_relu(x: Array, /, negative_slope: float = 0.01) -> Array:
    """x where x > 0, else negative_slope * x."""
    return _with_params("leaky_relu", x, (negative_slope,))


def elu(x: Array, /, alpha: float = 1.0) -> Array:
    """x where x > 0, else alpha * (exp(x) - 1)."""
    return _with_params("elu", x, (alpha,))


def softplus(x: Array, /, beta: float = 1.0, threshold: float = 20.0) -> Array:
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold (PyTorch's rule)."""
    return _with_params("softplus", x, (beta, threshold))


