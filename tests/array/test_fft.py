"""vt.fft against numpy.fft: every transform over lengths with small and large prime factors (one pass, several
passes, Bluestein), both precisions, batches along any axis, strided views, padding and cropping, every norm,
round trips, n-dimensional transforms, frequencies and shifts, and NumPy's errors.

Results are compared with NumPy's transform of the input in float64: the largest error relative to the largest
magnitude, within a few float32 (or float64) roundings times log2 n (a float32 FFT of 2^20 is measured too)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from array_helpers import SUPPORTED

import vulkit as vt
from vulkit.array.ops import fft as fft_ops
from vulkit.runtime import context

HAS_FLOAT64 = "float64" in vt.__array_namespace_info__().dtypes()
COMPLEX = ["complex64", "complex128"] if HAS_FLOAT64 else ["complex64"]
REAL = ["float32", "float64"] if HAS_FLOAT64 else ["float32"]
# the lengths: powers of two, small and large primes, mixed radices, one past a workgroup's 4096
LENGTHS = [1, 2, 3, 5, 7, 8, 16, 17, 30, 64, 97, 100, 128, 210, 243, 256, 1000, 1024, 4096, 4097, 65536]
NORMS = ["backward", "ortho", "forward"]


def _values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    if np.dtype(dtype).kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    return rng.integers(-5, 6, shape).astype(dtype)


def _wide(x: np.ndarray) -> np.ndarray:
    return x.astype(np.complex128 if x.dtype.kind == "c" else np.float64)


def _close(got: vt.Array, expected: np.ndarray, n: int, dtype: np.dtype) -> None:
    """``got`` has NumPy's ``dtype`` and shape, and is within a few roundings times log2 n of ``expected``
    (NumPy's float64 result), relative to its largest magnitude."""
    assert isinstance(got, vt.Array)
    g = got.numpy()
    assert g.dtype == dtype, (g.dtype, dtype)
    assert g.shape == expected.shape, (g.shape, expected.shape)
    if expected.size == 0:
        return
    unit = {"float16": 1e-3, "float32": 4e-7, "complex64": 4e-7}.get(np.dtype(dtype).name, 1e-15)
    tol = unit * max(1.0, math.log2(max(n, 2)))
    scale = max(float(np.abs(expected).max()), 1e-30)
    error = float(np.abs(g.astype(expected.dtype) - expected).max())
    assert error <= tol * scale, f"error {error / scale:.3g} relative, tolerance {tol:.3g}"


def _check(name: str, x: np.ndarray, size: int, /, **kwargs: object) -> vt.Array:
    """vt.fft.<name>(x, **kwargs) against NumPy's of x in float64 (NumPy's result type on x itself), ``size``
    the transform's length (for the tolerance)."""
    got = getattr(vt.fft, name)(vt.asarray(x), **kwargs)
    expected = getattr(np.fft, name)(_wide(x), **kwargs)
    _close(got, expected, size, getattr(np.fft, name)(x, **kwargs).dtype)
    return got


# -- complex transforms -------------------------------------------------------------------------------------------
# complex128 over every length in the slow sweep only (lavapipe takes a while to compile each length's kernels)
WIDE_LENGTHS = {1, 3, 17, 64, 97, 1000, 4096, 4097, 65536}
LENGTH_CASES = [pytest.param(n, d, marks=pytest.mark.slow) if d == "complex128" and n not in WIDE_LENGTHS else (n, d)
                for d in COMPLEX for n in LENGTHS]


@pytest.mark.parametrize(("n", "dtype"), LENGTH_CASES)
def test_fft_ifft_lengths(n: int, dtype: str) -> None:
    x = _values((2, n), dtype, seed=n)
    _check("fft", x, n)
    _check("ifft", x, n)


def test_fft_2_20_float32_accuracy() -> None:
    """A float32 FFT of 2^20 (several passes): within a few roundings of the float64 transform (about 2e-7
    relative, root mean square and largest error; NumPy's own complex64 transform is 3e-8, rounded once from
    float64 arithmetic)."""
    n = 1 << 20
    x = _values((n,), "complex64", seed=3)
    got = vt.fft.fft(vt.asarray(x)).numpy()
    expected = np.fft.fft(x.astype(np.complex128))
    rms = np.linalg.norm(got - expected) / np.linalg.norm(expected)
    largest = np.abs(got - expected).max() / np.abs(expected).max()
    assert rms < 5e-7 and largest < 5e-7, (rms, largest)
    back = vt.fft.ifft(vt.asarray(got)).numpy()
    assert np.abs(back - x).max() < 1e-6 * np.abs(x).max()


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("norm", NORMS)
def test_norms(norm: str, dtype: str) -> None:
    x = _values((3, 30), dtype, seed=1)
    for name in ("fft", "ifft"):
        _check(name, x, 30, norm=norm)
    r = _values((3, 30), dtype.replace("complex64", "float32").replace("complex128", "float64"), seed=2)
    for name, data, n in (("rfft", r, 30), ("ihfft", r, 30), ("irfft", x, 58), ("hfft", x, 58),
                          ("irfft", x, 59), ("rfft", r[:, :29], 29)):
        _check(name, data, n, norm=norm)


@pytest.mark.parametrize("axis", [0, 1, -1, -3])
def test_batches_along_any_axis(axis: int) -> None:
    x = _values((6, 64, 5), "complex64", seed=4)
    n = x.shape[axis]
    _check("fft", x, n, axis=axis)
    _check("ifft", x, n, axis=axis)
    r = x.real.copy()
    _check("rfft", r, n, axis=axis)
    _check("ihfft", r, n, axis=axis)
    _check("irfft", x, 2 * (n - 1), axis=axis)
    _check("hfft", x, 2 * (n - 1), axis=axis)


def test_long_transform_along_a_middle_axis() -> None:
    """Several passes over tiles of columns (the axis is not the last one)."""
    x = _values((2, 8192, 3), "complex64", seed=5)
    _check("fft", x, 8192, axis=1)
    _check("rfft", x.real.copy(), 8192, axis=1)
    _check("irfft", x[:, :4097], 8192, axis=1)


@pytest.mark.parametrize("make", ["transposed", "strided", "reversed", "sliced", "odd offset", "broadcast"])
def test_views(make: str) -> None:
    base = _values((12, 20), "complex64", seed=6)
    views = {
        "transposed": lambda a: a.T,
        "strided": lambda a: a[::2, ::3],
        "reversed": lambda a: a[::-1, ::-1],
        "sliced": lambda a: a[3:9, 2:18],
        "odd offset": lambda a: a[1:, 1:17],  # real pairs not aligned: read one real at a time
    }
    if make == "broadcast":
        g = vt.broadcast_to(vt.asarray(base[0]), (4, 20))
        x = np.broadcast_to(base[0], (4, 20))
    else:
        g = views[make](vt.asarray(base))
        x = views[make](base)
    for axis in (0, 1):
        n = x.shape[axis]
        _close(vt.fft.fft(g, axis=axis), np.fft.fft(_wide(x), axis=axis), n, np.dtype("complex64"))
        _close(vt.fft.rfft(g.real, axis=axis), np.fft.rfft(_wide(x.real), axis=axis), n, np.dtype("complex64"))
        _close(vt.fft.irfft(g, axis=axis), np.fft.irfft(_wide(x), axis=axis), 2 * n, np.dtype("float32"))


def test_views_whose_other_axes_do_not_merge() -> None:
    """Lines that are not one strided block are copied once."""
    base = _values((6, 10, 8), "complex64", seed=19)
    x = base[:, ::2, 1:]
    for axis in (0, 1, 2):
        _close(vt.fft.fft(vt.asarray(base)[:, ::2, 1:], axis=axis), np.fft.fft(_wide(x), axis=axis),
               x.shape[axis], np.dtype("complex64"))


def test_too_large() -> None:
    x = vt.broadcast_to(vt.asarray(np.ones(1, np.complex64)), (1 << 31,))
    with pytest.raises(ValueError, match="fft: transforms over 2\\^32 elements"):
        vt.fft.fft(x)


@pytest.mark.parametrize("n", [1, 6, 16, 17, 31, 40])
def test_padding_and_cropping(n: int) -> None:
    x = _values((3, 20), "complex64", seed=n)
    for name in ("fft", "ifft", "irfft", "hfft"):
        _check(name, x, n, n=n)
    for name in ("rfft", "ihfft"):
        _check(name, x.real.copy(), n, n=n)


def test_zero_length_input_zero_padded() -> None:
    x = np.zeros((2, 0), np.complex64)
    got = vt.fft.fft(vt.asarray(x), n=5)
    np.testing.assert_array_equal(got.numpy(), np.fft.fft(x, n=5))
    assert got.dtype == vt.complex64


def test_empty_batches() -> None:
    for name, x in (("fft", np.zeros((0, 8), np.complex64)), ("rfft", np.zeros((0, 8), np.float32)),
                    ("irfft", np.zeros((3, 0, 5), np.complex128))):
        got = getattr(vt.fft, name)(vt.asarray(x), axis=-1)
        expected = getattr(np.fft, name)(x, axis=-1)
        assert got.shape == expected.shape and got.dtype == expected.dtype


# -- real and Hermitian transforms ----------------------------------------------------------------------------
# even (the half-length trick; 8194's half is 4097, a Bluestein length), odd, prime, multi-pass (65536)
REAL_LENGTHS = [1, 2, 3, 4, 8, 10, 17, 30, 64, 97, 100, 243, 1000, 4096, 8192, 8194, 65536]


# float64 over the longest lengths only in the slow sweep (their kernels take a while to compile on lavapipe)
REAL_CASES = [pytest.param(n, d, marks=pytest.mark.slow) if d == "float64" and n not in (3, 8, 97, 1000) else (n, d)
              for d in REAL for n in REAL_LENGTHS]


@pytest.mark.parametrize(("n", "dtype"), REAL_CASES)
def test_real_transforms(n: int, dtype: str) -> None:
    r = _values((3, n), dtype, seed=n)
    cdtype = "complex64" if dtype == "float32" else "complex128"
    c = _values((3, n // 2 + 1), cdtype, seed=n + 1)
    _check("rfft", r, n)
    _check("ihfft", r, n)
    _check("irfft", c, n, n=n)
    _check("hfft", c, n, n=n)


def test_inverse_real_ignores_imaginary_dc_and_nyquist() -> None:
    """NumPy's c2r drops the imaginary parts of X[0] and (n even) X[n/2]."""
    x = _values((4, 9), "complex64", seed=7)
    for n in (16, 17):
        _check("irfft", x, n, n=n)
        _check("hfft", x, n, n=n)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_round_trips(dtype: str) -> None:
    real = "float32" if dtype == "complex64" else "float64"
    tol = 2e-6 if dtype == "complex64" else 1e-13
    x = _values((3, 210), dtype, seed=8)
    r = _values((3, 211), real, seed=9)
    for norm in NORMS:
        back = vt.fft.ifft(vt.fft.fft(vt.asarray(x), norm=norm), norm=norm).numpy()
        assert np.abs(back - x).max() < tol * np.abs(x).max()
        for n in (210, 211):
            again = vt.fft.irfft(vt.fft.rfft(vt.asarray(r[:, :n]), norm=norm), n=n, norm=norm).numpy()
            assert again.dtype == r.dtype and np.abs(again - r[:, :n]).max() < tol * np.abs(r).max()
            herm = vt.fft.hfft(vt.fft.ihfft(vt.asarray(r[:, :n]), norm=norm), n=n, norm=norm).numpy()
            assert np.abs(herm - r[:, :n]).max() < tol * np.abs(r).max()


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "int64", "float16"])
def test_input_types_as_numpy(dtype: str) -> None:
    """Integers and booleans transform in the default float's complex type, float16 in complex64."""
    if dtype not in SUPPORTED:
        pytest.skip(f"no {dtype} on this device")
    x = _values((2, 12), dtype, seed=10)
    for name in ("fft", "ifft", "rfft", "ihfft", "irfft", "hfft"):
        got = getattr(vt.fft, name)(vt.asarray(x))
        expected = getattr(np.fft, name)(x)
        wide = getattr(np.fft, name)(x.astype(np.float64))
        if not HAS_FLOAT64 and expected.dtype in (np.complex128, np.float64):
            expected = expected.astype(np.complex64 if expected.dtype.kind == "c" else np.float32)
        _close(got, wide, 24, expected.dtype)


def test_nan_and_infinity() -> None:
    """A NaN spreads over its line as in NumPy; an infinity too in complex transforms (the even-length real trick
    subtracts infinities: NaN there, where NumPy keeps them)."""
    x = np.zeros((3, 8), np.complex64)
    x[0, 1], x[1] = np.nan, np.arange(8)
    x[2, 0] = np.inf
    for name in ("fft", "ifft"):
        got = getattr(vt.fft, name)(vt.asarray(x)).numpy()
        expected = getattr(np.fft, name)(x)
        np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
        np.testing.assert_array_equal(np.isinf(got), np.isinf(expected))
    got = vt.fft.rfft(vt.asarray(x.real[:2].copy())).numpy()
    np.testing.assert_array_equal(np.isnan(got), np.isnan(np.fft.rfft(x.real[:2])))


def test_rfft_of_complex_input_raises() -> None:
    for name in ("rfft", "ihfft", "rfftn"):
        with pytest.raises(TypeError, match=name):
            getattr(vt.fft, name)(vt.asarray(np.ones(4, np.complex64)))


# -- n-dimensional transforms -------------------------------------------------------------------------------------
FFTN_KWARGS = [{}, {"axes": (0, 2)}, {"axes": (-1, 0)}, {"s": (5, 16), "axes": (0, 2)}, {"s": (-1, 7), "axes": (1, 2)},
               {"axes": (1,)}, {"axes": (0, 0)}, {"s": (9, 4, 3)}]
FFTN_CASES = [pytest.param(k, d, marks=pytest.mark.slow) if d == "complex128" and k else (k, d)
              for d in COMPLEX for k in FFTN_KWARGS]


@pytest.mark.filterwarnings("ignore:`axes` should not be `None`:DeprecationWarning")  # NumPy's, for s without axes
@pytest.mark.parametrize(("kwargs", "dtype"), FFTN_CASES)
def test_fftn(kwargs: dict, dtype: str) -> None:
    x = _values((8, 12, 10), dtype, seed=11)
    n = 8 * 12 * 10
    for name in ("fftn", "ifftn"):
        _check(name, x, n, **kwargs)
    if kwargs.get("axes") == (0, 0):
        return  # NumPy's rfftn would take the same axis twice
    real = x.real.copy()
    _check("rfftn", real, n, **kwargs)
    _check("irfftn", x, n, **kwargs)


def test_fftn_of_a_cube_every_norm() -> None:
    x = _values((16, 16, 16), "complex64", seed=12)
    for norm in NORMS:
        _check("fftn", x, 4096, norm=norm)
        _check("irfftn", x, 4096, norm=norm)
        _check("rfftn", x.real.copy(), 4096, norm=norm)


def test_fftn_of_no_axes_is_the_input() -> None:
    x = _values((3, 4), "float32", seed=13)
    got = vt.fft.fftn(vt.asarray(x), axes=())
    np.testing.assert_array_equal(got.numpy(), np.fft.fftn(x, axes=()))


# -- frequencies and shifts -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 5, 8, 101])
@pytest.mark.parametrize("d", [1.0, 0.1, 2.5])
def test_frequencies(n: int, d: float) -> None:
    for name in ("fftfreq", "rfftfreq"):
        expected = getattr(np.fft, name)(n, d)
        got = getattr(vt.fft, name)(n, d=d)
        if HAS_FLOAT64:
            np.testing.assert_array_equal(got.numpy(), expected)
        else:
            np.testing.assert_allclose(got.numpy(), expected, rtol=1e-7)
        narrow = getattr(vt.fft, name)(n, d=d, dtype=vt.float32, device=vt.asarray(0).device)
        assert narrow.dtype == vt.float32
        np.testing.assert_allclose(narrow.numpy(), expected.astype(np.float32), rtol=1e-7)


def test_frequency_errors() -> None:
    with pytest.raises(ValueError, match="fftfreq"):
        vt.fft.fftfreq(0)
    with pytest.raises(TypeError, match="rfftfreq"):
        vt.fft.rfftfreq(4.0)
    with pytest.raises(TypeError, match="fftfreq"):
        vt.fft.fftfreq(4, dtype=vt.int32)


@pytest.mark.parametrize("axes", [None, 0, 1, -1, (0, 1), (1, 0), [0]])
def test_shifts(axes: object) -> None:
    x = np.arange(35, dtype=np.float32).reshape(5, 7)
    for name in ("fftshift", "ifftshift"):
        got = getattr(vt.fft, name)(vt.asarray(x), axes=axes)
        np.testing.assert_array_equal(got.numpy(), getattr(np.fft, name)(x, axes=axes))
    y = np.arange(6)
    np.testing.assert_array_equal(vt.fft.ifftshift(vt.fft.fftshift(vt.asarray(y))).numpy(), y)


# -- errors as NumPy raises them ----------------------------------------------------------------------------------
def test_errors() -> None:
    x = vt.asarray(np.ones((3, 4), np.complex64))
    with pytest.raises(IndexError):
        vt.fft.fft(vt.asarray(np.array(1.0 + 0j)))  # a 0-d array has no axis -1
    with pytest.raises(ValueError, match="fft: invalid number of FFT data points \\(0\\)"):
        vt.fft.fft(vt.asarray(np.ones(0, np.complex64)))
    with pytest.raises(ValueError, match="ifft: invalid number of FFT data points"):
        vt.fft.ifft(x, n=0)
    with pytest.raises(ValueError, match="irfft: invalid number of FFT data points"):
        vt.fft.irfft(vt.asarray(np.ones(1, np.complex64)))  # n = 2 (1 - 1)
    with pytest.raises(ValueError, match="rfft: invalid number of FFT data points"):
        vt.fft.rfft(vt.asarray(np.ones((3, 0), np.float32)))
    with pytest.raises(TypeError, match="fft"):
        vt.fft.fft(x, n=2.5)
    with pytest.raises(ValueError, match="invalid norm"):
        vt.fft.fft(x, norm="bad")
    with pytest.raises(IndexError):
        vt.fft.fft(x, axis=2)
    with pytest.raises(TypeError, match="axis"):
        vt.fft.fft(x, axis=1.0)
    with pytest.raises(ValueError, match="fftn: s and axes"):
        vt.fft.fftn(x, s=(2, 3), axes=(0,))
    with pytest.raises(IndexError):
        vt.fft.fftn(x, axes=(0, 2))
    with pytest.raises(IndexError):
        vt.fft.fftn(x, s=(2, 3, 4))  # s names more axes than x has
    with pytest.raises(IndexError):
        vt.fft.fftshift(x, axes=3)
    with pytest.raises(TypeError, match="fft: expected an array"):
        vt.fft.fft("abc")


# -- plans and kernels --------------------------------------------------------------------------------------------
def test_plans_are_cached() -> None:
    ctx = context.current()
    x = vt.asarray(_values((4, 100), "complex64", seed=14))
    vt.fft.fft(x)
    plans, kernels = len(ctx.plans), len(ctx.kernels)
    for _ in range(3):
        vt.fft.fft(x)
    assert (len(ctx.plans), len(ctx.kernels)) == (plans, kernels)
    assert ctx.plans.get(("fft", "c2c", 100, vt.complex64, -1, fft_ops.STAGE_BITS,
                          fft_ops.MAX_THREADS)) is not None
    # the inverse shares the plan and kernels: it runs forward on conjugates (a pass, a call and its work arrays'
    # sizes more)
    vt.fft.ifft(x)
    assert (len(ctx.plans), len(ctx.kernels)) == (plans + 3, kernels)
    vt.fft.ifft(x)
    assert (len(ctx.plans), len(ctx.kernels)) == (plans + 3, kernels)


@pytest.mark.parametrize("n", [64, 512, 1024])
def test_column_transforms_take_wide_tiles_where_they_fit(n: int) -> None:
    """A one-pass transform along columns takes tiles of COLUMN_TILE_BYTES of columns (or of TILE_ELEMENTS elements,
    if more) where such a tile fits shared memory, else as many columns as fit (at least COALESCE_BYTES' worth: the
    passes are planned for that)."""
    ctx = context.current()
    cap = int(ctx.device.limits["max_compute_shared_memory_size"]) // 8
    if n * fft_ops.COALESCE_BYTES // 8 > cap:
        pytest.skip(f"{n}-element columns in tiles of {fft_ops.COALESCE_BYTES} bytes exceed {cap} complex64")
    _check("fft", _values((n, 37), "complex64", seed=n), n, axis=0)  # 37 columns: this call's passes
    (tile,) = {recorded[0].spec.tile for key, recorded in ctx.plans.items()
               if key[0] == "fft pass" and key[2] == n and key[8] and key[12] == 37}
    wide = max(fft_ops.COLUMN_TILE_BYTES // 8, fft_ops.TILE_ELEMENTS // n)
    assert tile == 1 << (min(wide, cap // n).bit_length() - 1)


def test_a_layout_transformed_again_replays_its_passes() -> None:
    """Each pass's record is kept by layout: new arrays, other offsets of one view shape and both directions must
    give their own results."""
    for seed in range(3):
        big = _values((6, 96), "complex64", seed=40 + seed)
        x = vt.asarray(big)
        for start in (0, 2, 0, 3):
            for name in ("fft", "ifft"):
                got = getattr(vt.fft, name)(x[start:start + 3, 5:69]).numpy()
                want = getattr(np.fft, name)(big[start:start + 3, 5:69].astype(np.complex128))
                np.testing.assert_allclose(got, want, rtol=2e-5, atol=2e-5 * np.abs(want).max())


def test_unit_roots_are_rounded_once() -> None:
    m = np.arange(4096)
    got = fft_ops.unit_roots(4096, m)
    if np.finfo(np.longdouble).eps < np.finfo(np.float64).eps:  # long double: each part within half an ulp
        angle = m.astype(np.longdouble) * (2 * np.longdouble("3.14159265358979323846264338327950288") / 4096)
        for part, exact in ((got.real, np.cos(angle)), (got.imag, -np.sin(angle))):
            ulp = np.spacing(np.abs(part))
            assert (np.abs(part.astype(np.longdouble) - exact) <= 0.501 * ulp + 1e-18).all()  # the reference: 1e-19
    assert got[1024] == -1j and got[2048] == -1 and got[512] == complex(math.sqrt(0.5), -math.sqrt(0.5))


@pytest.fixture
def small_shared_memory(monkeypatch: pytest.MonkeyPatch):
    """Plans made as for a device of 64 elements of shared memory: three to six passes of small radices."""
    ctx = context.current()

    def dropped() -> None:
        for key in [k for k in ctx.plans if isinstance(k, tuple) and k[:1] == ("fft",)]:
            del ctx.plans[key]

    dropped()
    monkeypatch.setattr(fft_ops, "_device_caps", lambda ctx, dtype, many=False: (64, 4, 64))
    yield
    dropped()


@pytest.mark.parametrize(("n", "dtype"), [(4096, "complex64"), (3000, "complex64"), (4097, "complex64"),
                                          (3000, "complex128"), (1 << 12, "complex128")])
def test_many_passes(small_shared_memory: None, n: int, dtype: str) -> None:
    if dtype not in SUPPORTED:
        pytest.skip(f"{dtype} is not supported on this device")
    assert len(fft_ops.passes_for(4096, 64, 4, False)) >= 3
    x = _values((2, n), dtype, seed=15)
    _check("fft", x, n)
    _check("ifft", x, n)
    _check("rfft", x.real.copy(), n)
    _check("irfft", x, n)
    y = _values((3, n, 5), dtype, seed=16)
    _check("fft", y, n, axis=1)


def test_calls_of_several_passes_replay_over_new_work_arrays(small_shared_memory: None) -> None:
    """A call whose passes go through work arrays keeps its dispatches with those arrays among their roles and the
    arrays' sizes beside them; called again with new inputs it replays them over new work arrays, every result
    NumPy's: c2c both ways, r2c (its post-processing from a work array), c2r, and along columns."""
    ctx = context.current()
    before = set(ctx.plans)
    for seed in range(3):
        z = _values((3, 256), "complex64", seed=50 + seed)
        _check("fft", z, 256)
        _check("ifft", z, 256)
        _check("rfft", z.real.copy(), 256)
        _check("irfft", z[:, :129].copy(), 256)
        _check("fft", _values((256, 6), "complex64", seed=60 + seed), 256, axis=0)
    works = [k for k in set(ctx.plans) - before if isinstance(k, tuple) and k[:1] == ("fft work",)]
    assert len(works) == 5 and all(len(ctx.plans[k]) >= 1 for k in works)
    assert all(ctx.plans.get(k[1]) is not None for k in works)  # and the dispatches kept under the call's key


def test_buffer_addresses(buffer_addresses) -> None:
    """The kernels that reach arrays through buffer addresses (arrays past maxStorageBufferRange) agree."""
    x = _values((3, 1000), "complex64", seed=17)
    _check("fft", x, 1000)
    _check("rfft", x.real.copy(), 1000)
    _check("irfft", x[:, :501], 1000)
    _check("fft", _values((65536,), "complex64", seed=18), 65536)
    _check("fft", x[:, :97], 97)


def test_pass_plans() -> None:
    """Passes: one where a line fits shared memory, else as few balanced radices as fit a 4-column tile."""
    assert fft_ops.passes_for(4096, 4096, 4, False) == [4096]
    assert fft_ops.passes_for(4096, 4096, 4, True) == [64, 64]
    assert fft_ops.passes_for(1 << 24, 6144, 4, False) == [256, 256, 256]
    assert fft_ops.passes_for(1 << 20, 4096, 4, False) == [1024, 1024]
    assert fft_ops.passes_for(1 << 24, 6144, 4, False, 32) == [64, 64, 64, 64]  # several passes: wider tiles
    assert fft_ops.passes_for(512, 6144, 4, True, 32) == [512]  # one pass with the narrow tile: kept
    assert fft_ops.passes_for(2048, 6144, 4, True, 32) == fft_ops.passes_for(2048, 6144, 4, True)  # a line fits
    assert fft_ops.smooth(1001) and not fft_ops.smooth(17 * 2)


@pytest.mark.parametrize(("bits", "most"), [(3, 256), (4, 256), (3, 512)])
def test_stage_radices_and_their_transforms(bits: int, most: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A workgroup's stages in balanced radices of at most 2^STAGE_BITS, twice that where a line would need more than
    MAX_THREADS threads (threes in pairs, then the other primes), and transforms with either bound equal to
    NumPy's: one-pass rows (a real one's post-processing fused), several passes, columns, and a length of odd
    factors."""
    monkeypatch.setattr(fft_ops, "STAGE_BITS", bits)
    monkeypatch.setattr(fft_ops, "MAX_THREADS", most)
    context.current().plans.clear()
    wide = bits == 4 or most == 256  # 4096 / 8 = 512 threads: radix 16 unless 512 threads are allowed
    assert fft_ops.radices(4096) == ((16, 16, 16) if wide else (8, 8, 8, 8))
    assert fft_ops.radices(2048) == ((16, 16, 8) if bits == 4 else (8, 8, 8, 4))
    assert fft_ops.radices(1 << 13) == ((32, 16, 16) if most == 256 else (16, 8, 8, 8))
    assert fft_ops.radices(1000) == (8, 5, 5, 5)
    assert fft_ops.radices(243) == (9, 9, 3)
    _check("fft", _values((3, 2048), "complex64", seed=bits), 2048, axis=-1)
    _check("rfft", _values((3, 4096), "float32", seed=bits), 4096, axis=-1)
    _check("irfft", _values((3, 2049), "complex64", seed=bits), 4096, axis=-1)
    _check("fft", _values((1 << 16,), "complex64", seed=bits), 1 << 16)
    _check("fft", _values((512, 6), "complex64", seed=bits), 512, axis=0)
    _check("fft", _values((2, 3000), "complex64", seed=bits), 3000, axis=-1)


@pytest.mark.parametrize("narrow", [0, 1 << 20])
def test_medium_transforms_in_fewer_passes(narrow: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Transforms of at most MULTIPASS_NARROW_POINTS points plan their passes for narrow tiles (fewer, longer
    passes: 2^16 complex64 in two passes of 256 on a 32 KiB device, three otherwise); either plan equals NumPy:
    forward, inverse, real, a length of factors 2 and 3, a batch of them along columns."""
    ctx = context.current()
    ctx.plans.clear()
    monkeypatch.setattr(fft_ops, "MULTIPASS_NARROW_POINTS", narrow)
    cap = int(ctx.device.limits["max_compute_shared_memory_size"]) // 8
    passes = fft_ops.get_plan(ctx, "c2c", 1 << 16, vt.complex64, -1).passes[False]
    if cap in (4096, 6144):  # lavapipe's 32 KiB, NVIDIA's 48
        assert len(passes) == (2 if narrow else 3)
    try:
        x = _values((1 << 16,), "complex64", seed=5)
        _check("fft", x, 1 << 16)
        _check("ifft", x, 1 << 16)
        _check("rfft", x.real.copy(), 1 << 16)
        _check("fft", _values((3 << 13,), "complex64", seed=6), 3 << 13)
        _check("fft", _values((3 << 13, 3), "complex64", seed=7), 3 << 13, axis=0)
    finally:
        ctx.plans.clear()


def test_transforms_up_to_2_23_points_planned_narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Transforms of up to 2^23 points plan their passes for narrow tiles (MULTIPASS_NARROW_POINTS: 2^22 points in
    fewer passes than the wide plan's: three against four on lavapipe and NVIDIA); forward, inverse and real ones
    of 2^22 equal NumPy's."""
    ctx = context.current()
    assert fft_ops.MULTIPASS_NARROW_POINTS == 1 << 23
    n = 1 << 22
    narrow = fft_ops.get_plan(ctx, "c2c", n, vt.complex64, -1).passes[False]
    try:
        ctx.plans.clear()
        monkeypatch.setattr(fft_ops, "MULTIPASS_NARROW_POINTS", 1 << 20)
        wide = fft_ops.get_plan(ctx, "c2c", n, vt.complex64, -1).passes[False]
    finally:
        ctx.plans.clear()
    assert len(narrow) < len(wide) and math.prod(narrow) == math.prod(wide) == n
    monkeypatch.undo()
    x = _values((n,), "complex64", seed=8)
    _check("fft", x, n)
    _check("ifft", x, n)
    _check("rfft", x.real.copy(), n)


@pytest.mark.parametrize("lines", [2, 7, 37])
def test_workgroups_prefetching_the_next_tile(monkeypatch: pytest.MonkeyPatch, lines: int) -> None:
    """One-pass transforms over more tiles than PREFETCH_GROUPS workgroups (3 here): each workgroup loops over
    tiles, loading the next one's elements while transforming the current one, the last ones past the end (2
    lines: fewer tiles than workgroups, no prefetch)."""
    ctx = context.current()
    ctx.plans.clear()
    monkeypatch.setattr(fft_ops, "PREFETCH_GROUPS", 3)
    try:
        for n in (12, 64, 2048):
            x = _values((lines, n), "complex64", seed=n)
            _check("fft", x, n)
            _check("ifft", x, n)
            _check("rfft", x.real.copy(), n)
            _check("irfft", x, n)
            _check("hfft", x, n)
            _check("fft", x.T.copy(), n, axis=0)
        _check("fft2", _values((lines, 3, 40, 24), "complex64", seed=3), 40)
    finally:
        ctx.plans.clear()


@pytest.mark.parametrize("pairs", [True, False])
def test_r2c_post_processing_variants(monkeypatch: pytest.MonkeyPatch, pairs: bool) -> None:
    """The fused r2c post-processing computing X_k and X_{H-k} together (``R2C_PAIRS``, shipped) or each output on
    its own: halves of even and odd length, along rows and across columns, forward and through ihfft's conjugated
    direction."""
    ctx = context.current()
    ctx.plans.clear()
    monkeypatch.setattr(fft_ops, "R2C_PAIRS", pairs)
    try:
        for n in (2, 4, 6, 30, 64, 100, 2048):
            x = _values((5, n), "float32", seed=n)
            _check("rfft", x, n)
            _check("ihfft", x, n)
            _check("rfft", x.T.copy(), n, axis=0)
        _check("rfftn", _values((6, 10, 12), "float32", seed=4), 12)
    finally:
        ctx.plans.clear()
