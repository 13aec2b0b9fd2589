"""softmax and log_softmax against SciPy (float64 reference) over shapes, axes, dtypes and special values."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.special

import vulkit as vt

F = vt.nn.functional
FLOATS = [d for d in ("float16", "float32", "float64") if d in vt.device.get_device_properties()["dtypes"]]
TOL = {"float16": 3e-3, "float32": 2e-6, "float64": 1e-13}


@pytest.mark.parametrize("log", [False, True])
@pytest.mark.parametrize("shape,axis", [((), 0), ((1,), 0), ((7,), -1), ((3, 8), -1), ((5, 7), 1), ((5, 7), 0),
                                        ((2, 3, 257), -1), ((2, 3, 257), 1), ((4, 4099), -1), ((3, 1024), -1)])
@pytest.mark.parametrize("dtype", FLOATS)
def test_softmax_matches_scipy(log, shape, axis, dtype):
    a = (np.random.default_rng(0).standard_normal(shape) * 4).astype(dtype)
    reference = (scipy.special.log_softmax if log else scipy.special.softmax)(a.astype(np.float64), axis=axis)
    got = (F.log_softmax if log else F.softmax)(vt.asarray(a), axis=axis)
    assert got.dtype == dtype and got.shape == shape
    scale = np.abs(reference).max(initial=1.0)
    np.testing.assert_allclose(got.numpy(), reference, rtol=TOL[dtype], atol=TOL[dtype] * scale)


def test_softmax_views_dim_and_special_values():
    a = np.random.default_rng(1).standard_normal((6, 10)).astype(np.float32)
    x = vt.asarray(a)
    np.testing.assert_allclose(F.softmax(x.T, dim=1).numpy(), scipy.special.softmax(a.T, axis=1), rtol=2e-6)
    np.testing.assert_allclose(F.softmax(x[:, ::3], axis=-1).numpy(), scipy.special.softmax(a[:, ::3], axis=-1),
                               rtol=2e-6)
    big = np.array([[1000.0, 1000.0, -1000.0, 0.0], [np.nan, 1.0, 2.0, 3.0], [-np.inf, 0.0, 0.0, -np.inf]],
                   np.float32)
    got = F.softmax(vt.asarray(big)).numpy()
    np.testing.assert_allclose(got[0], [0.5, 0.5, 0.0, 0.0])
    assert np.isnan(got[1]).all()
    np.testing.assert_allclose(got[2], [0.0, 0.5, 0.5, 0.0])
    assert F.log_softmax(vt.asarray(big))[0, 2].item() == pytest.approx(-2000 - np.log(2))
    ints = F.softmax(vt.asarray(np.arange(4)))
    assert ints.dtype in (vt.float64, vt.float32)
    np.testing.assert_allclose(ints.numpy(), scipy.special.softmax(np.arange(4.0)), rtol=1e-6)


def test_softmax_errors():
    with pytest.raises(np.exceptions.AxisError, match="softmax"):
        F.softmax(vt.ones((2, 3)), axis=2)
    with pytest.raises(TypeError, match="log_softmax"):
        F.log_softmax(vt.ones((2, 3)), axis=(0, 1))
