"""Activation functions with PyTorch's names and defaults, one fused GPU kernel each (registered here).

Integer inputs are promoted to floating point as NumPy's ufuncs do (``relu`` keeps integers).
"""

from __future__ import annotations

from ..array.array import Array
from ..array.ops.creation import asarray
from ..array.ops.elementwise import tanh
from ..array.ops.engine import apply
from ..array.ops.promotion import resolve
from ..array.ops.registry import register
from ..array.ops.softmax import softmax as _softmax

_SPECIAL = ("vt_special",)
_RELU = register("relu", 1, "same", {"b": "a", "u": "a", "f": "((a > T(0) || vt_isnan(a)) ? a : T(0))",
                                     "*": "max(a, T(0))"}, _SPECIAL)
_SIGMOID = register("sigmoid", 1, "exp", {"f": "vt_sigmoid(a)"}, ("vt_sigmoid",))
_SILU = register("silu", 1, "exp", {"f": "a * vt_sigmoid(a)"}, ("vt_sigmoid",))
_GELU = register("gelu", 1, "exp", {"f": "T(0.5) * a * (T(1) + vt_erf(a * C(0.70710678118654752)))"}, ("vt_erf",))
# 0.5 * (1 + tanh(u)) == sigmoid(2u), without the cancellation of 1 + tanh(u) for negative u
_GELU_TANH = register("gelu_tanh", 1, "exp",
                      {"f": "a * vt_sigmoid(C(1.5957691216057307) * (a + T(0.044715) * a * a * a))"}, ("vt_sigmoid",))
_WITH_PARAMS = {
    "softplus": register("softplus", 3, "float_params", {"f": "(a * b > c ? a : vt_log1p(vt_exp(a * b)) / b)"},
                         ("vt_log1p", "vt_exp")),
    "leaky_relu": register("leaky_relu", 2, "float_params", {"f": "(a > T(0) ? a : a * b)"}),
    "elu": register("elu", 2, "float_params", {"f": "(a > T(0) ? a : b * vt_expm1(a))"}, ("vt_expm1",)),
}

__all__ = ["elu", "gelu", "leaky_relu", "relu", "sigmoid", "silu", "softplus", "tanh"]


def relu(x: Array, /) -> Array:
    """max(x, 0); NaN stays NaN."""
    return apply(_RELU, (x,))


def sigmoid(x: Array, /) -> Array:
    """1 / (1 + exp(-x)), computed without overflow for large |x|."""
    return apply(_SIGMOID, (x,))


def silu(x: Array, /) -> Array:
    """x * sigmoid(x) (swish)."""
    return apply(_SILU, (x,))


def gelu(x: Array, /, approximate: str = "none") -> Array:
    """x * Phi(x); ``approximate='tanh'`` uses PyTorch's tanh formula. erf has 1.2e-7 relative error."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return apply(_GELU if approximate == "none" else _GELU_TANH, (x,))


def _with_params(name: str, x: Array, params: tuple[float, ...]) -> Array:
    entry = _WITH_PARAMS[name]
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




def softmax(x: Array, /, axis: int = -1, *, dim: int | None = None) -> Array:
    """exp(x) / sum(exp(x)) along ``axis`` (PyTorch's ``dim`` too): one kernel reading each row twice (the second
    time from cache) where the axis is the last."""
    return _softmax(x, axis if dim is None else dim, False, "softmax")


def log_softmax(x: Array, /, axis: int = -1, *, dim: int | None = None) -> Array:
    """x - logsumexp(x) along ``axis`` (PyTorch's ``dim`` too), without the overflow of log(softmax(x))."""
    return _softmax(x, axis if dim is None else dim, True, "log_softmax")
