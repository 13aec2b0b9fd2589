"""scikit-learn and SciPy computing on vulkit arrays through the Python array API standard.

Libraries that accept any array API namespace run on vulkit arrays unchanged: scikit-learn's estimators and
metrics with ``array_api_dispatch=True`` (through array-api-compat), SciPy's array-API-aware functions with
``SCIPY_ARRAY_API=1``. The data stay on the GPU; the libraries call vulkit's functions (mean, var, max, sum,
where ...) through ``x.__array_namespace__()``.

Here: features scaled by scikit-learn's StandardScaler, a linear model fitted by gradient descent in vulkit,
scored with scikit-learn's r2_score; class scores normalised with SciPy's logsumexp.

Run: python examples/array_api_interop.py
"""

from __future__ import annotations

import os

os.environ.setdefault("SCIPY_ARRAY_API", "1")  # before SciPy or scikit-learn is imported

import numpy as np  # noqa: E402
import scipy.special  # noqa: E402
from sklearn import config_context  # noqa: E402
from sklearn.metrics import r2_score  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

import vulkit as vt  # noqa: E402


def make_data(n: int = 4096, features: int = 8, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features on scales from 1 to 1000, a linear target with noise, and the true weights."""
    rng = np.random.default_rng(seed)
    scales = np.logspace(0, 3, features)
    x = (rng.standard_normal((n, features)) * scales + 5.0).astype(np.float32)
    w = rng.uniform(-2, 2, features).astype(np.float32)
    y = ((x - 5.0) / scales) @ w + 0.1 * rng.standard_normal(n).astype(np.float32)
    return x, y.astype(np.float32), w


def fit(x: vt.Array, y: vt.Array, steps: int = 200, rate: float = 0.1) -> tuple[vt.Array, float]:
    """Least squares by gradient descent, all on the device: weights and bias."""
    w = vt.zeros(x.shape[1], dtype=x.dtype)
    b = 0.0
    for _ in range(steps):
        residual = vt.sum(x * w, axis=1) + b - y          # predictions minus targets
        w = w - rate * vt.mean(x * residual[:, None], axis=0)
        b = b - rate * float(vt.mean(residual))
    return w, b


def main() -> dict[str, float]:
    x_host, y_host, _ = make_data()
    x, y = vt.asarray(x_host), vt.asarray(y_host)
    with config_context(array_api_dispatch=True):
        scaled = StandardScaler().fit_transform(x)         # scikit-learn computes with vulkit's mean and var
        w, b = fit(scaled, y)
        prediction = vt.sum(scaled * w, axis=1) + b
        score = float(r2_score(y, prediction))             # and scores on the device too
    logits = vt.stack([prediction, -prediction, vt.zeros_like(prediction)], axis=1)
    log_probabilities = logits - scipy.special.logsumexp(logits, axis=1, keepdims=True)
    total = float(vt.max(vt.abs(vt.sum(vt.exp(log_probabilities), axis=1) - 1)))
    print(f"StandardScaler output: {type(scaled).__module__}.{type(scaled).__name__} on {scaled.device}")
    print(f"r2 of the fitted model: {score:.4f}")
    print(f"largest error of the softmax rows' sums after SciPy's logsumexp: {total:.2e}")
    return {"r2": score, "softmax_error": total}


if __name__ == "__main__":
    main()
