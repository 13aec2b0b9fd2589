"""vt.nn.functional activations against NumPy formulas of PyTorch's definitions."""

from __future__ import annotations

import math

import numpy as np
import pytest

import vulkit as vt

F = vt.nn.functional
X = np.concatenate([np.linspace(-30, 30, 121), [0.0, -0.0, 1e-4, -1e-4]]).astype(np.float32)
_erf = np.vectorize(math.erf)

REFERENCES = {
    "relu": lambda x: np.maximum(x, 0),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x.astype(np.float64))),
    "silu": lambda x: x / (1 + np.exp(-x.astype(np.float64))),
    "gelu": lambda x: 0.5 * x * (1 + _erf(x.astype(np.float64) / math.sqrt(2))),
    "softplus": lambda x: np.where(x > 20, x, np.log1p(np.exp(x.astype(np.float64)))),
    "leaky_relu": lambda x: np.where(x > 0, x, 0.01 * x),
    "elu": lambda x: np.where(x > 0, x, np.expm1(x.astype(np.float64))),
    "tanh": lambda x: np.tanh(x.astype(np.float64)),
}


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_activation(name):
    got = getattr(F, name)(vt.asarray(X)).numpy()
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, REFERENCES[name](X), rtol=2e-6, atol=1e-7)


def test_parameters_and_tanh_approximation():
    x = vt.asarray(X)
    np.testing.assert_allclose(F.leaky_relu(x, 0.2).numpy(), np.where(X > 0, X, 0.2 * X), rtol=1e-6)
    np.testing.assert_allclose(F.elu(x, alpha=2.0).numpy(), np.where(X > 0, X, 2 * np.expm1(X)), rtol=1e-5,
                               atol=1e-7)
    soft = np.where(2 * X > 5, X, np.log1p(np.exp(2 * X.astype(np.float64))) / 2)
    np.testing.assert_allclose(F.softplus(x, beta=2.0, threshold=5.0).numpy(), soft, rtol=2e-6, atol=1e-7)
    x64 = X.astype(np.float64)
    approx = 0.5 * x64 * (1 + np.tanh(math.sqrt(2 / math.pi) * (x64 + 0.044715 * x64 ** 3)))
    np.testing.assert_allclose(F.gelu(x, approximate="tanh").numpy(), approx, rtol=2e-6, atol=1e-7)
    assert np.isnan(F.relu(vt.asarray(np.array([np.nan], np.float32))).numpy()[0])


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_activations_take_host_data(name):
    """NumPy arrays and lists are accepted as by the elementwise functions (three activations raised)."""
    got = getattr(F, name)(X)
    np.testing.assert_allclose(got.numpy(), getattr(F, name)(vt.asarray(X)).numpy(), rtol=0, atol=0)
    assert getattr(F, name)([1.0, -2.0]).shape == (2,)
