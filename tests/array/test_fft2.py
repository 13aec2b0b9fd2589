"""vt.fft's two-dimensional names (fft2, ifft2, rfft2, irfft2) against numpy.fft: both precisions, batches of
planes, padding and cropping with ``s`` (-1 keeping a length), other ``axes`` (reversed, apart, negative), every norm,
NumPy's positional arguments, strided views, empty batches and NumPy's errors named by the function called.

Results are compared with NumPy's transform of the input widened to float64/complex128: the largest error relative
to the largest magnitude, within a few roundings of the dtype times log2 of the points transformed (the bound of
the FFT's error, as in test_fft.py)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import vulkit as vt

HAS_FLOAT64 = "float64" in vt.__array_namespace_info__().dtypes()
COMPLEX = ["complex64", "complex128"] if HAS_FLOAT64 else ["complex64"]
REAL = ["float32", "float64"] if HAS_FLOAT64 else ["float32"]
NORMS = ["backward", "ortho", "forward", None]
INPUT = {"fft2": COMPLEX + REAL, "ifft2": COMPLEX + REAL, "rfft2": REAL, "irfft2": COMPLEX}


def _values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


def _wide(x: np.ndarray) -> np.ndarray:
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)


def _check(name: str, x: np.ndarray, *args: object, got: vt.Array | None = None, **kwargs: object) -> vt.Array:
    """vt.fft.<name>(x, *args, **kwargs) (or ``got``) against NumPy's on x in float64: NumPy's dtype for x itself,
    its shape, and values within a few roundings times log2 of the points transformed."""
    if got is None:
        got = getattr(vt.fft, name)(vt.asarray(x), *args, **kwargs)
    want = getattr(np.fft, name)(_wide(x), *args, **kwargs)
    dtype = getattr(np.fft, name)(x, *args, **kwargs).dtype  # NumPy 2 keeps single precision
    assert isinstance(got, vt.Array)
    g = got.numpy()
    assert g.dtype == dtype, (g.dtype, dtype)
    assert g.shape == want.shape, (g.shape, want.shape)
    if want.size:
        points = max(math.prod(want.shape[-2:]), x.size // max(1, math.prod(x.shape[:-2])), 2)
        unit = 4e-7 if dtype in (np.float32, np.complex64) else 1e-15
        scale = max(float(np.abs(want).max()), 1e-30)
        error = float(np.abs(g.astype(want.dtype) - want).max()) / scale
        assert error <= unit * math.log2(points) * 2, f"{name}: error {error:.3g} relative"
    return got


CASES = [(name, dtype) for name, dtypes in INPUT.items() for dtype in dtypes]


@pytest.mark.parametrize("name, dtype", CASES)
@pytest.mark.parametrize("shape", [(1, 1), (4, 6), (5, 7), (8, 9), (3, 16, 10), (2, 3, 12, 13), (64, 100)])
def test_matches_numpy_over_the_last_two_axes(name, dtype, shape):
    # irfft2 of one frequency along the last axis would give 2 (1 - 1) = 0 points (NumPy's error, tested below)
    _check(name, _values(shape, dtype, 1), s=(1, 1) if name == "irfft2" and shape[-1] == 1 else None)


@pytest.mark.parametrize("name, dtype", CASES)
@pytest.mark.parametrize("norm", NORMS)
def test_norms(name, dtype, norm):
    x = _values((2, 6, 10), dtype, 2)
    _check(name, x, norm=norm)
    _check(name, x, None, (-2, -1), norm)  # NumPy's positional s, axes, norm


@pytest.mark.parametrize("name, dtype", CASES)
@pytest.mark.parametrize("s", [(8, 8), (3, 4), (6, 1), (-1, 5), (7, -1), (16, 3)])
def test_padding_and_cropping(name, dtype, s):
    x = _values((2, 6, 10), dtype, 3)
    _check(name, x, s)
    _check(name, x, s=s, axes=(0, 2))


@pytest.mark.parametrize("name, dtype", CASES)
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (-1, -2), (0, 2), (2, 0), (-3, -1), (1, 1)])
def test_other_axes(name, dtype, axes):
    # (1, 1): NumPy transforms twice along the axis (a real transform's second pass complex), so does vulkit
    _check(name, _values((4, 6, 5), dtype, 4), axes=axes)


@pytest.mark.filterwarnings("ignore:`axes` should not be `None`:DeprecationWarning")  # NumPy's, for s with axes None
@pytest.mark.parametrize("name, dtype", CASES)
def test_axes_none_and_a_single_axis(name, dtype):
    x = _values((3, 4, 6), dtype, 5)
    _check(name, x, axes=None)  # as NumPy's fftn: every axis
    _check(name, x, s=(4, 6), axes=None)  # axes None with s: the last len(s)
    _check(name, x, axes=(1,))
    if name in ("fft2", "ifft2"):  # no axes: x as it is (NumPy's real transforms raise IndexError there)
        _check(name, x, axes=())


def test_the_same_as_the_n_dimensional_transforms():
    x = _values((3, 8, 6), "complex64", 6)
    r = _values((3, 8, 6), "float32", 7)
    for two, many, arr in [("fft2", "fftn", x), ("ifft2", "ifftn", x), ("rfft2", "rfftn", r), ("irfft2", "irfftn", x)]:
        a = getattr(vt.fft, two)(vt.asarray(arr), s=(5, 4), norm="ortho").numpy()
        b = getattr(vt.fft, many)(vt.asarray(arr), s=(5, 4), axes=(-2, -1), norm="ortho").numpy()
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("name, dtype", CASES)
def test_strided_views(name, dtype):
    base = _values((9, 12, 4), dtype, 8)
    for view, expected in [(vt.asarray(base)[::2, 1:, 2], base[::2, 1:, 2]),
                           (vt.permute_dims(vt.asarray(base), (2, 1, 0)), base.transpose(2, 1, 0)),
                           (vt.asarray(base)[..., ::-1, 0].mT, base[..., ::-1, 0].T)]:
        _check(name, np.ascontiguousarray(expected), got=getattr(vt.fft, name)(view))
        _check(name, np.ascontiguousarray(expected), (6, 5), got=getattr(vt.fft, name)(view, (6, 5)))


@pytest.mark.parametrize("dtype", REAL + COMPLEX)
def test_round_trips(dtype):
    x = _values((2, 10, 7), dtype, 9)
    tol = 1e-5 if dtype in ("float32", "complex64") else 1e-13
    back = vt.fft.ifft2(vt.fft.fft2(vt.asarray(x), norm="ortho"), norm="ortho").numpy()
    np.testing.assert_allclose(back, x, atol=tol * float(np.abs(x).max()))
    if dtype in REAL:
        back = vt.fft.irfft2(vt.fft.rfft2(vt.asarray(x)), s=x.shape[-2:]).numpy()  # odd last length given by s
        assert back.dtype == x.dtype
        np.testing.assert_allclose(back, x, atol=tol * float(np.abs(x).max()))


def test_empty_batches_and_integer_input():
    for name, dtype in CASES:
        _check(name, _values((0, 4, 6), dtype))
    ints = np.arange(24).reshape(4, 6) % 7
    for name in ("fft2", "rfft2"):
        _check(name, ints)


@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2"])
def test_errors_name_the_function(name):
    f = getattr(vt.fft, name)
    x = vt.asarray(_values((4, 6), "complex64" if name == "irfft2" else "float32"))
    cases = [((vt.asarray(np.ones(4, np.float32)),), {}, IndexError),  # one dimension: axis -2 out of range
             ((x,), {"s": (3,)}, ValueError),  # s and axes of different lengths
             ((x,), {"s": (0, 4)}, ValueError), ((x,), {"s": (4, -2)}, ValueError),
             ((x,), {"s": (4, 2.5)}, TypeError),
             ((x,), {"axes": (0, 2)}, IndexError), ((x,), {"axes": (0, 1.0)}, TypeError),
             ((x,), {"norm": "bad"}, ValueError), (("x",), {}, TypeError),
             ((vt.asarray(np.ones((3, 0), np.float32)),), {}, ValueError)]  # zero points along an axis
    for args, kwargs, kind in cases:
        with pytest.raises(kind, match=f"^{name}: "):
            f(*args, **kwargs)
    if name == "irfft2":  # one frequency along the last axis: 2 (1 - 1) = 0 points, NumPy's error
        with pytest.raises(ValueError, match="^irfft2: "):
            f(vt.asarray(_values((4, 1), "complex64")))


def test_names_are_exported():
    for name in ("fft2", "ifft2", "rfft2", "irfft2"):
        assert name in vt.fft.__all__ and callable(getattr(vt.fft, name))
