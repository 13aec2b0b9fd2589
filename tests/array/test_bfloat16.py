"""vt.bfloat16 against NumPy: float32 references rounded to bfloat16 here on the bits (and by ml_dtypes and torch where
they are installed); promotion as PyTorch's."""

from __future__ import annotations

import functools
import pickle

import numpy as np
import pytest
from array_helpers import INTS, SUPPORTED, sample

import vulkit as vt
from vulkit.array import dtypes as dt

pytestmark = pytest.mark.skipif("uint16" not in SUPPORTED, reason="the device has no 16-bit storage")

# every bfloat16 word: the float32 values they stand for are exact
WORDS = np.arange(1 << 16, dtype=np.uint32)
EXACT = (WORDS << 16).view(np.float32)
FINITE = EXACT[np.isfinite(EXACT)]
ULP = 2.0 ** -8  # bfloat16's relative spacing at most (8 significant bits)


def rne_words(values: np.ndarray) -> np.ndarray:
    """bfloat16 words of float32 values: the upper half, plus one where the lower half is over half way, or half way
    with the upper half odd; a NaN keeps its sign and upper payload, made quiet."""
    bits = np.atleast_1d(np.asarray(values, np.float32)).view(np.uint32).astype(np.uint64)
    upper, lower = bits >> 16, bits & 0xFFFF
    words = upper + ((lower > 0x8000) | ((lower == 0x8000) & (upper % 2 == 1)))
    nan = np.isnan(bits.astype(np.uint32).view(np.float32))
    words[nan] = upper[nan] | 0x40
    return words.astype(np.uint16).reshape(np.shape(values))


def bf(values) -> np.ndarray:
    """float32 values rounded to bfloat16 (as float32)."""
    return (rne_words(np.asarray(values, np.float32)).astype(np.uint32) << 16).view(np.float32)


def device(values) -> vt.Array:
    """A bfloat16 array of values that bfloat16 holds exactly."""
    values = np.asarray(values, np.float32)
    assert np.array_equal(bf(values), values, equal_nan=True)
    return vt.asarray(values, dtype=vt.bfloat16)


def host(x: vt.Array) -> np.ndarray:
    assert x.dtype == vt.bfloat16
    return x.astype(vt.float32).numpy()


@functools.cache
def _flushes() -> bool:
    """Whether the device may flush float32 subnormals (bfloat16 computes in float32: its subnormals are float32's):
    where it cannot be asked to keep them (no shaderDenormPreserveFloat32: NVIDIA), some instructions do (division
    and reciprocals on an H100), others not (multiplication)."""
    from vulkit.runtime import context

    return 32 not in context.current().device.physical.float_controls["denorm_preserve"]


def flushed(values: np.ndarray) -> np.ndarray:
    """float32 values with subnormals made zeros of their sign: the operands as a flushing instruction reads them."""
    values = np.asarray(values, np.float32)
    return np.where(np.abs(values) < np.finfo(np.float32).tiny, np.copysign(np.float32(0), values), values)


def same(got: np.ndarray, expected: np.ndarray, ulps: int = 0, flushed_inputs: np.ndarray | None = None) -> None:
    """Equal values (NaN to NaN, zeros with their sign); ``ulps``: within that many bfloat16 steps. Where the
    device may flush float32 subnormals, a subnormal expected value may come out as zero, and where
    ``flushed_inputs`` (the expected values of the operands flushed) is given, a value equal to it is right too."""
    assert got.shape == expected.shape
    if _flushes():
        subnormal = (expected != 0) & (np.abs(expected) < np.finfo(np.float32).tiny)
        expected = np.where(subnormal & (got == 0), got, expected)
        if flushed_inputs is not None:
            agrees = (got == flushed_inputs) | (np.isnan(got) & np.isnan(flushed_inputs))
            expected = np.where(agrees, flushed_inputs, expected)
    if ulps:
        np.testing.assert_allclose(got, expected, rtol=ulps * ULP, atol=0, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, expected)
        zeros = (got == 0) & (expected == 0)
        np.testing.assert_array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]))


def awkward_floats(n: int = 4000, seed: int = 0) -> np.ndarray:
    """float32 values that stress rounding: random bits, ties to even and odd, just past ties, the overflow edge,
    subnormals, zeros, infinities, NaNs of both signs and payloads."""
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    upper = rng.integers(0, 1 << 16, 400, dtype=np.uint32) << 16
    ties = np.concatenate([upper | 0x8000, upper | 0x7FFF, upper | 0x8001, upper | 0x0001])
    edges = np.array([0x7F7F7FFF, 0x7F7F8000, 0x7F7F0000, 0x7F7FFFFF, 0x00008000, 0x00018000, 0x00007FFF, 0x80008000,
                      0x00000001, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001, 0x7FBFFFFF, 0x80000000,
                      0x00000000, 0x3F808000, 0x3F818000], np.uint32)
    return np.concatenate([edges, ties, bits]).view(np.float32)


# -- the dtype ----------------------------------------------------------------------------------------------------
def test_the_dtype():
    assert vt.bfloat16 is dt.bfloat16 and vt.bfloat16.name == "bfloat16" and vt.bfloat16.itemsize == 2
    assert vt.bfloat16 == "bfloat16" and vt.bfloat16 != "float16" and vt.bfloat16 != np.float16
    assert vt.bfloat16 != vt.float16 and vt.float16 != vt.bfloat16 and vt.bfloat16 != np.uint16
    assert {vt.bfloat16: 1}[vt.bfloat16] == 1
    assert pickle.loads(pickle.dumps(vt.bfloat16)) is vt.bfloat16
    assert dt.as_dtype("bfloat16") is vt.bfloat16 and repr(vt.bfloat16) == "vulkit.bfloat16"
    assert vt.isdtype(vt.bfloat16, "real floating") and vt.isdtype(vt.bfloat16, "numeric")
    assert not vt.isdtype(vt.bfloat16, ("integral", "complex floating"))


def test_the_standard_namespace_does_not_list_it():
    info = vt.__array_namespace_info__()
    for kind in (None, "real floating", "numeric", "bool", "integral", "complex floating"):
        assert "bfloat16" not in info.dtypes(kind=kind)
        assert all(d is not vt.bfloat16 for d in info.dtypes(kind=kind).values())
    assert vt.bfloat16 not in info.default_dtypes().values()


def test_finfo():
    """Against the words: eps is the step after 1, max the largest finite word, tiny the smallest normal one."""
    info = vt.finfo(vt.bfloat16)
    one = int(np.float32(1).view(np.uint32) >> 16)
    assert info.bits == 16 and info.dtype is vt.bfloat16
    assert info.eps == float(EXACT[one + 1]) - 1.0 == 2.0 ** -7
    assert info.max == float(EXACT[0x7F7F]) == float(FINITE.max()) and info.min == -info.max
    assert info.smallest_normal == info.tiny == float(EXACT[0x0080]) == float(np.finfo(np.float32).tiny)
    assert vt.finfo(vt.zeros(2, dtype=vt.bfloat16)).eps == info.eps
    ml_dtypes = _ml_dtypes()
    if ml_dtypes is not None:
        theirs = ml_dtypes.finfo(ml_dtypes.bfloat16)
        assert (info.eps, info.max, info.min, info.smallest_normal) == \
            (float(theirs.eps), float(theirs.max), float(theirs.min), float(theirs.smallest_normal))
    with pytest.raises(TypeError, match="integer"):
        vt.iinfo(vt.bfloat16)


# -- conversions --------------------------------------------------------------------------------------------------
def test_every_word_to_float32_and_back():
    """bfloat16 -> float32 puts the word in the upper half: all 65536 words, through the GPU both ways."""
    x = vt.asarray(EXACT, dtype=vt.bfloat16)
    got = host(x)
    finite = ~np.isnan(EXACT)
    np.testing.assert_array_equal(got[finite].view(np.uint32), EXACT[finite].view(np.uint32))
    assert np.isnan(got[~finite]).all()
    np.testing.assert_array_equal(np.signbit(got[~finite]), np.signbit(EXACT[~finite]))
    back = host(x.astype(vt.float32).astype(vt.bfloat16))
    np.testing.assert_array_equal(back[finite].view(np.uint32), EXACT[finite].view(np.uint32))


def test_float32_rounds_to_nearest_even():
    """On the GPU (astype) and on the host (asarray with the dtype) alike, as the reference's bits say."""
    values = awkward_floats()
    expected = bf(values)
    on_gpu = host(vt.asarray(values).astype(vt.bfloat16))
    on_host = host(vt.asarray(values, dtype=vt.bfloat16))
    for got in (on_gpu, on_host):
        np.testing.assert_array_equal(got.view(np.uint32)[~np.isnan(values)],
                                      expected.view(np.uint32)[~np.isnan(values)])
        assert np.isnan(got[np.isnan(values)]).all()  # a NaN stays a NaN, the quiet bit set (no infinity)
    assert host(vt.asarray(np.float32([3.3961775e38]), dtype=vt.bfloat16))[0] == np.inf  # past the last tie


def test_the_reference_rounds_as_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    values = awkward_floats()
    theirs = values.astype(ml_dtypes.bfloat16).view(np.uint16)
    ours = rne_words(values)
    keep = ~np.isnan(values)
    np.testing.assert_array_equal(ours[keep], theirs[keep])


@pytest.mark.parametrize("dtype", ["bool", *INTS, "float16", "float32", "float64", "complex64", "complex128"])
def test_astype_to_and_from_every_dtype(dtype):
    """From each dtype: its values as float32 (float64 and int64 through float32, as PyTorch and ml_dtypes convert),
    rounded; to each dtype: NumPy's cast of the float32 values (C casts; complex: the real part)."""
    if dtype not in SUPPORTED and dtype not in ("float16", "complex64", "complex128") or \
            dtype in ("complex128",) and "float64" not in SUPPORTED:
        pytest.skip(f"the device has no {dtype}")
    np_dtype = np.dtype(dtype)
    if np_dtype.kind == "c":
        source = (sample("float32", 41) + 1j * sample("float32", 41, seed=1)).astype(np_dtype)
        reference = bf(source.real.astype(np.float32))
        with pytest.raises(TypeError, match="imaginary"):
            vt.asarray(source).astype(vt.bfloat16)
        got = host(vt.real(vt.asarray(source)).astype(vt.bfloat16))
    else:
        big = {"i": 30000, "u": 60000}.get(np_dtype.kind, 1e5)
        source = sample(dtype, 41, low=-big, high=big) if np_dtype.kind in "iuf" else sample(dtype, 41)
        if np_dtype.kind == "f":
            source[-5:] = np.array([65504, -3e-5, 1.00390625, 1.01171875, 1 + 2 ** -9], np_dtype)
        reference = bf(source.astype(np.float32))
        got = host(vt.asarray(source).astype(vt.bfloat16))
    same(got, reference)
    # and back: integers take values they hold (the C cast of an out-of-range float is undefined)
    values = bf(sample("float32", 41, low=-100, high=100, special=np_dtype.kind in "fc"))
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        values = np.clip(np.trunc(values), max(info.min, -100), min(info.max, 100)).astype(np.float32)
    result = device(values).astype(dtype)
    assert result.dtype == dtype
    expected = values.astype(np_dtype)
    np.testing.assert_array_equal(result.numpy(), expected)
    if np_dtype.kind in "fc":
        np.testing.assert_array_equal(np.signbit(np.real(result.numpy())), np.signbit(np.real(expected)))


def test_astype_of_views_and_empty_arrays():
    base = bf(sample("float32", 7 * 11)).reshape(7, 11)
    x = device(base)
    same(host(x[::2, 1::3]), base[::2, 1::3])
    same(host(x.T), base.T)
    same(x.T.astype(vt.float64).numpy(), base.T.astype(np.float64))
    assert x[:0].astype(vt.float32).shape == (0, 11)
    assert vt.asarray(np.zeros((3, 0), np.float32)).astype(vt.bfloat16).shape == (3, 0)
    assert vt.astype(x, vt.bfloat16, copy=False) is x


# -- creation -------------------------------------------------------------------------------------------------------
def test_creation():
    assert vt.empty((2, 3), dtype=vt.bfloat16).dtype == vt.bfloat16
    same(host(vt.zeros((3, 5), dtype=vt.bfloat16)), np.zeros((3, 5), np.float32))
    same(host(vt.ones(7, dtype=vt.bfloat16)), np.ones(7, np.float32))
    same(host(vt.full((2, 2), 0.1, dtype=vt.bfloat16)), bf(np.full((2, 2), 0.1)))
    same(host(vt.full(3, -np.inf, dtype="bfloat16")), np.full(3, -np.inf, np.float32))
    same(host(vt.full(1, 1e39, dtype=vt.bfloat16)), np.float32([np.inf]))
    x = vt.asarray([[1.0, 2.5], [3.3, -0.0]], dtype=vt.bfloat16)
    same(host(x), bf([[1.0, 2.5], [3.3, -0.0]]))
    same(host(vt.zeros_like(x)), np.zeros((2, 2), np.float32))
    same(host(vt.full_like(x, 7)), np.full((2, 2), 7, np.float32))
    assert vt.ones_like(vt.zeros(3), dtype=vt.bfloat16).dtype == vt.bfloat16
    same(host(vt.eye(4, 5, k=1, dtype=vt.bfloat16)), np.eye(4, 5, k=1, dtype=np.float32))
    same(host(vt.tril(vt.ones((3, 4), dtype=vt.bfloat16), k=-1)), np.tril(np.ones((3, 4), np.float32), -1))
    same(host(vt.linspace(0, 1, 7, dtype=vt.bfloat16)), bf(np.linspace(0, 1, 7)))


@pytest.mark.parametrize("args", [(10,), (0.0, 1.0, 0.1), (5, 0, -2), (1.5, 4), (-3, 300, 1), (0, 10, np.inf)], ids=str)
def test_arange(args):
    """NumPy's arithmetic for a narrow float: start and the step rounded to the dtype, start + i * step in float32,
    rounded."""
    start, stop, step = (0, *args, 1)[-3:] if len(args) == 1 else (*args, 1)[:3]
    first = bf(np.float32(start))
    delta = (bf(np.float32(start + step)) - first).astype(np.float64)
    n = len(np.arange(start, stop, step))
    delta = delta if n > 1 else np.float64(0)
    expected = bf(first + np.arange(n, dtype=np.float32) * bf(np.float32(delta)))
    same(host(vt.arange(*args, dtype=vt.bfloat16)), expected)


# -- promotion ------------------------------------------------------------------------------------------------------
PROMOTED = {"bool": "bfloat16", "int8": "bfloat16", "uint8": "bfloat16", "int16": "bfloat16", "uint16": "bfloat16",
            "int32": "bfloat16", "uint32": "bfloat16", "int64": "bfloat16", "uint64": "bfloat16",
            "float16": "float32", "float32": "float32", "float64": "float64", "complex64": "complex64",
            "complex128": "complex128", "bfloat16": "bfloat16"}


@pytest.mark.parametrize("other", list(PROMOTED))
def test_promotion_as_pytorch(other):
    assert vt.result_type(vt.bfloat16, other) == PROMOTED[other] == vt.result_type(other, vt.bfloat16)
    torch = _torch()
    if torch is not None and other not in ("uint16", "uint32", "uint64"):  # torch's unsigned types are limited
        theirs = torch.promote_types(torch.bfloat16, getattr(torch, "bool" if other == "bool" else other))
        assert str(theirs) == f"torch.{PROMOTED[other]}"


def test_python_scalars_are_weak():
    for scalar, expected in ((True, "bfloat16"), (3, "bfloat16"), (2.5, "bfloat16"), (1j, "complex64")):
        assert vt.result_type(vt.bfloat16, scalar) == expected
    x = device([1.0, -2.0, 3.0])
    assert (x + 1).dtype == vt.bfloat16 and (2.5 * x).dtype == vt.bfloat16 and (x * 1j).dtype == vt.complex64
    same(host(x * 0.1), bf(np.float32([1, -2, 3]) * bf(0.1)))  # the scalar takes the array's dtype first, as NumPy
    assert (x > 1).dtype == vt.bool and (vt.zeros(3, dtype=vt.int16) + x).dtype == vt.bfloat16


def test_can_cast():
    assert vt.can_cast(vt.int8, vt.bfloat16) and vt.can_cast(vt.uint8, vt.bfloat16) and vt.can_cast(vt.bool, "bfloat16")
    assert not vt.can_cast(vt.int16, vt.bfloat16) and not vt.can_cast(vt.float16, vt.bfloat16)
    assert not vt.can_cast(vt.float32, vt.bfloat16) and not vt.can_cast(vt.bfloat16, vt.float16)
    assert vt.can_cast(vt.bfloat16, vt.float32) and vt.can_cast(vt.bfloat16, vt.complex64)
    assert not vt.can_cast(vt.bfloat16, vt.int64) and vt.can_cast(vt.bfloat16, vt.bfloat16)


def test_mixed_operands_are_rounded_to_bfloat16_first():
    """bfloat16 + int16 is bfloat16: the integers are converted to bfloat16 (rounded), then added, as in PyTorch."""
    a = bf(sample("float32", 50))
    ints = np.arange(-25, 25, dtype=np.int16) * 997
    expected = bf(a + bf(ints.astype(np.float32)))
    got = device(a) + vt.asarray(ints)
    assert got.dtype == vt.bfloat16
    same(host(got), expected)
    wide = device(a) + vt.asarray(a.astype(np.float16))
    assert wide.dtype == vt.float32
    same(wide.numpy(), a + a.astype(np.float16).astype(np.float32))


# -- elementwise ---------------------------------------------------------------------------------------------------
SPECIALS = np.float32([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.5, -1.5, 3.3895314e38,
                       1.1754944e-38])


def operand(size: int, seed: int, low: float = -10, high: float = 10) -> np.ndarray:
    values = bf(np.random.default_rng(seed).uniform(low, high, size).astype(np.float32))
    values[: min(size, len(SPECIALS))] = SPECIALS[:size]
    return values


# exact: correctly rounded float32 operations, then one rounding (the reference does the same double rounding)
BINARY_EXACT = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "maximum": np.maximum,
                "minimum": np.minimum, "copysign": np.copysign}
BINARY_CLOSE = {"divide": np.divide, "pow": np.power, "atan2": np.arctan2, "hypot": np.hypot,
                "remainder": np.remainder, "floor_divide": np.floor_divide, "logaddexp": np.logaddexp}


@pytest.mark.parametrize("name", [*BINARY_EXACT, *BINARY_CLOSE])
def test_binary(name):
    a, b = operand(61, 1), operand(61, 2)
    b[:13] = b[13:26]  # the specials against ordinary values, and below, each other
    op = {**BINARY_EXACT, **BINARY_CLOSE}[name]
    rows, columns = SPECIALS[:, None], SPECIALS[None, :]
    with np.errstate(all="ignore"):
        expected, grid = bf(op(a, b)), bf(op(rows, columns))
        expected_flushed, grid_flushed = bf(op(flushed(a), flushed(b))), bf(op(flushed(rows), flushed(columns)))
    got = getattr(vt, name)(device(a), device(b))
    special = getattr(vt, name)(device(rows), device(columns))  # broadcast
    ulps = 0 if name in BINARY_EXACT else 1
    same(host(got), expected, ulps, expected_flushed)
    same(host(special), grid, ulps, grid_flushed)


UNARY_EXACT = {"negative": np.negative, "abs": np.abs, "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc,
               "round": np.round, "sign": np.sign, "square": np.square, "sqrt": np.sqrt}
UNARY_CLOSE = {"exp": np.exp, "log": np.log, "sin": np.sin, "cos": np.cos, "tanh": np.tanh, "expm1": np.expm1,
               "log1p": np.log1p, "atan": np.arctan, "reciprocal": np.reciprocal}


@pytest.mark.parametrize("name", [*UNARY_EXACT, *UNARY_CLOSE])
def test_unary(name):
    values = operand(97, 3, -20, 20)
    op = {**UNARY_EXACT, **UNARY_CLOSE}[name]
    with np.errstate(all="ignore"):
        expected, expected_flushed = bf(op(values)), bf(op(flushed(values)))
    got = getattr(vt, name)(device(values))
    assert got.dtype == vt.bfloat16
    same(host(got), expected, 0 if name in UNARY_EXACT else 1, expected_flushed)


@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite", "signbit", "less", "equal", "greater_equal",
                                  "not_equal"])
def test_predicates_and_comparisons(name):
    a, b = operand(40, 4), operand(40, 4)
    b[::3] = operand(40, 5)[::3]
    function = {"isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite, "signbit": np.signbit}.get(name)
    if function is not None:
        expected, got = function(a), getattr(vt, name)(device(a))
    else:
        expected, got = getattr(np, name)(a, b), getattr(vt, name)(device(a), device(b))
    assert got.dtype == vt.bool
    np.testing.assert_array_equal(got.numpy(), expected)


def test_nextafter_steps_one_bfloat16_word():
    a = np.float32([1.0, 0.0, -0.0, 0.0, EXACT[0x7F7F], -1.5, np.nan, 2.0, np.inf, EXACT[0x0001]])
    b = np.float32([2.0, -1.0, 1.0, 0.0, np.inf, -np.inf, 1.0, 2.0, 0.0, 0.0])
    expected = np.float32([EXACT[0x3F81], EXACT[0x8001], EXACT[0x0001], 0.0, np.inf, EXACT[0xBFC1], np.nan, 2.0,
                           EXACT[0x7F7F], 0.0])
    same(host(vt.nextafter(device(a), device(b))), expected)


def test_shapes_scalars_views_and_out():
    base = operand(7 * 13, 6).reshape(7, 13)
    col = operand(7, 7).reshape(7, 1)
    x = device(base)
    same(host(x * device(col)), bf(base * col))  # broadcast
    same(host(x[1::2, ::-3] - 1.5), bf(base[1::2, ::-3] - np.float32(1.5)))  # a strided, reversed view
    same(host(2 - x.T), bf(np.float32(2) - base.T))
    same(host(device([[3.0]]) / device([[2.0]])), np.float32([[1.5]]))  # 1x1
    assert (x[:0] + 1).shape == (0, 13)
    out = vt.empty((7, 13), dtype=vt.bfloat16)
    vt.add(vt.asarray(base), 0.001, out=out)  # a float32 result into bfloat16 (same kind): rounded
    same(host(out), bf(base + np.float32(0.001)))
    wide = vt.empty((7, 13), dtype=vt.float32)
    vt.multiply(x, x, out=wide)
    same(wide.numpy(), bf(base * base))  # computed in bfloat16, stored as float32
    with pytest.raises(TypeError, match="same_kind"):
        vt.add(x, x, out=vt.empty((7, 13), dtype=vt.int32))
    assert vt.where(x > 0, x, 0.0).dtype == vt.bfloat16
    same(host(vt.where(x > 0, x, 0.0)), np.where(base > 0, base, np.float32(0)))
    same(host(vt.clip(x, -1, 2.5)), np.clip(base, -1, 2.5))


def test_what_floats_only_have():
    x = device([1.0, 2.0])
    with pytest.raises(TypeError):
        vt.bitwise_and(x, x)
    with pytest.raises(TypeError):
        vt.bitwise_left_shift(x, 1)


# -- reductions -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape,axis", [((1000,), None), ((37, 53), 0), ((37, 53), 1), ((3, 5, 7), (0, 2)),
                                        ((200_003,), None), ((0, 4), 0)], ids=str)
@pytest.mark.filterwarnings("ignore:Mean of empty slice")
def test_sum_and_mean_accumulate_in_float32(shape, axis):
    """Sums of many elements as float64 sums of the values rounded once to bfloat16 (a bfloat16 accumulator would
    stall: 256 + 1 is 256)."""
    values = bf(np.random.default_rng(8).uniform(0, 2, shape).astype(np.float32))
    x = device(values)
    for function in ("sum", "mean"):
        got = getattr(vt, function)(x, axis=axis)
        assert got.dtype == vt.bfloat16
        with np.errstate(all="ignore"):
            expected = bf(getattr(np, function)(values.astype(np.float64), axis=axis).astype(np.float32))
        same(host(got), np.asarray(expected), ulps=1)


def test_other_reductions():
    values = operand(301, 9, -3, 3)[13:]  # no NaN
    values[5] = -0.0
    x = device(values)
    same(host(vt.max(x)), bf(np.max(values)))
    same(host(vt.min(x)), bf(np.min(values)))
    assert int(vt.argmax(x)) == int(np.argmax(values)) and int(vt.argmin(x)) == int(np.argmin(values))
    same(host(vt.prod(x[:20])), bf(np.prod(values[:20].astype(np.float64))), ulps=1)
    same(host(vt.var(x)), bf(np.var(values.astype(np.float64))), ulps=1)
    same(host(vt.std(x, correction=1)), bf(np.std(values.astype(np.float64), ddof=1)), ulps=1)
    same(host(vt.cumulative_sum(x)), bf(np.cumsum(values.astype(np.float64))), ulps=2)
    same(host(vt.max(device([1.0, np.nan, 2.0]))), np.float32(np.nan))
    same(host(vt.nansum(device([1.0, np.nan, 2.0]))), np.float32(3.0))
    assert vt.sum(vt.asarray(values), dtype=vt.bfloat16).dtype == vt.bfloat16


def test_sorting():
    values = np.concatenate([operand(3000, 10, -100, 100), SPECIALS, -SPECIALS])
    x = device(values)
    got = host(vt.sort(x))
    np.testing.assert_array_equal(got, np.sort(values))  # NaNs last; zeros of either sign together
    np.testing.assert_array_equal(vt.argsort(x[:40], stable=True).numpy(), np.argsort(values[:40], kind="stable"))
    same(host(vt.median(x[13:3000])), bf(np.median(values[13:3000])))


# -- the host ---------------------------------------------------------------------------------------------------------
def _ml_dtypes():
    try:
        import ml_dtypes
    except ImportError:
        return None
    return ml_dtypes


def _torch():
    try:
        import torch
    except ImportError:
        return None
    return torch


def test_python_numbers_and_printing():
    x = device([1.5, -0.0, np.inf, 0.10009765625])
    assert x.tolist() == [1.5, -0.0, np.inf, 0.10009765625]
    assert x[0].item() == 1.5 and isinstance(x[0].item(), float) and float(x[3]) == 0.10009765625
    assert bool(x[0]) and not bool(x[1]) and int(device(2.75)) == 2
    assert "dtype=bfloat16" in repr(x) and repr(x).startswith("Array(")
    assert f"{x[0]:.2f}" == "1.50" and "1.5" in str(x)


def test_numpy_without_ml_dtypes_raises(monkeypatch):
    monkeypatch.setattr(dt, "_ML_DTYPES", [None])  # as where ml_dtypes is not installed
    x = device([1.0, 2.0])
    for call in (x.numpy, lambda: np.asarray(x), lambda: np.array(x), lambda: vt.bfloat16.np):
        with pytest.raises(TypeError, match=r"astype\(vulkit.float32\)"):
            call()
    assert x.tolist() == [1.0, 2.0]


def test_numpy_with_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    values = awkward_floats(200)
    theirs = values.astype(ml_dtypes.bfloat16)
    x = vt.asarray(theirs)  # its words, as they are
    assert x.dtype == vt.bfloat16 and vt.bfloat16 == theirs.dtype and dt.as_dtype(ml_dtypes.bfloat16) is vt.bfloat16
    mine = x.numpy()
    assert mine.dtype == theirs.dtype
    np.testing.assert_array_equal(mine.view(np.uint16), theirs.view(np.uint16))
    np.testing.assert_array_equal(np.asarray(x[::3]).view(np.uint16), theirs[::3].view(np.uint16))
    same(vt.asarray(theirs, dtype=vt.float32).numpy(), theirs.astype(np.float32))
    same(host(vt.asarray(values.astype(np.float64), dtype=ml_dtypes.bfloat16)), bf(values))


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    t = torch.randn(5, 7, dtype=torch.float32).to(torch.bfloat16)
    t[0, 0], t[0, 1] = float("nan"), float("-inf")
    x = vt.asarray(t)
    assert x.dtype == vt.bfloat16 and x.shape == (5, 7)
    same(host(x), t.float().numpy())
    same(host(vt.asarray(t.T[1:, ::2])), t.T[1:, ::2].float().numpy())  # a strided view
    assert vt.asarray(t, dtype=vt.float32).dtype == vt.float32
    a, b = torch.randn(300).to(torch.bfloat16), torch.randn(300).to(torch.bfloat16)
    for ours, theirs in ((vt.asarray(a) + vt.asarray(b), a + b), (vt.asarray(a) * vt.asarray(b), a * b),
                         (vt.asarray(a) / vt.asarray(b), a / b),
                         (vt.asarray(a) - vt.asarray(torch.arange(300, dtype=torch.int32)), a - torch.arange(300))):
        same(host(ours), theirs.float().numpy())  # correctly rounded in float32, then rounded once


# -- matrix products -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shapes", [((1, 1), (1, 1)), ((5, 7), (7, 3)), ((64, 300), (300, 33)), ((7,), (7, 4)),
                                    ((2, 1, 4, 5), (3, 5, 6)), ((0, 3), (3, 4))], ids=str)
def test_matmul_accumulates_in_float32(shapes):
    """Within a rounding of the float64 product (float32 sums, rounded once to bfloat16)."""
    rng = np.random.default_rng(11)
    a, b = (bf(rng.standard_normal(s).astype(np.float32)) for s in shapes)
    got = device(a) @ device(b)
    assert got.dtype == vt.bfloat16
    exact = np.matmul(a.astype(np.float64), b.astype(np.float64))
    bound = np.matmul(np.abs(a).astype(np.float64), np.abs(b).astype(np.float64)) * 2.0 ** -20
    np.testing.assert_array_less(np.abs(host(got) - exact), ULP * np.abs(exact) + bound + 1e-30)
    assert (device(a) @ vt.asarray(b)).dtype == vt.float32  # with float32: float32, as PyTorch


@pytest.mark.parametrize("shapes", [((131, 257), (257, 67)), ((128, 64), (64, 128)), ((2, 40, 33), (33, 130))],
                         ids=str)
def test_matmul_padded_operands(monkeypatch, shapes):
    """The large-product path (operands copied into zero-padded ones where the device has bfloat16 cooperative
    matrices; the threshold lowered here so that small products take it), on views too."""
    from vulkit.array.ops import matmul as matmul_ops

    monkeypatch.setattr(matmul_ops, "_COOP_PAD_WORK", 1)
    rng = np.random.default_rng(13)
    a, b = (bf(rng.standard_normal(s).astype(np.float32)) for s in shapes)
    for x, y in ((a, b), (np.swapaxes(b, -1, -2), np.swapaxes(a, -1, -2))):
        got = vt.asarray(x, dtype=vt.bfloat16) @ vt.asarray(y, dtype=vt.bfloat16).mT.mT
        exact = np.matmul(x.astype(np.float64), y.astype(np.float64))
        bound = np.matmul(np.abs(x).astype(np.float64), np.abs(y).astype(np.float64)) * 2.0 ** -20
        np.testing.assert_array_less(np.abs(host(got) - exact), ULP * np.abs(exact) + bound + 1e-30)


def test_gemm_into_a_view():
    from vulkit.array.ops.matmul import gemm

    rng = np.random.default_rng(12)
    c, a, b = (bf(rng.standard_normal(s).astype(np.float32)) for s in ((10, 8), (5, 4), (5, 3)))
    target = device(c)
    gemm(device(a).mT, device(b), target[2:6, 1:4], alpha=-1.0, beta=0.5)  # a transposed view, into a submatrix
    expected = c.copy()
    expected[2:6, 1:4] = bf(-(a.T.astype(np.float64) @ b) + 0.5 * c[2:6, 1:4])
    same(host(target), expected, ulps=1)
