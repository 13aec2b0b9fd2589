"""Manipulation that moves data (take, take_along_axis, concat, stack, unstack, tile, repeat, roll, diff, pad,
flatten, ravel, round with decimals, swapaxes, transpose) against NumPy, and its errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import ALL, FLOATS, INTS, SUPPORTED, assert_matches, sample
from numpy.exceptions import AxisError

import vulkit as vt

INDEX_DTYPES = [d for d in ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64") if d in SUPPORTED]


def host(dtype: str, shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    size = int(np.prod(shape))
    return sample(dtype, size, seed=seed, special=size > 11).reshape(shape)


def views(values: np.ndarray) -> list[tuple[str, np.ndarray, vt.Array]]:
    """The array as it is and as non-contiguous views (NumPy's and vulkit's alike)."""
    x = vt.asarray(values)
    found = [("contiguous", values, x)]
    if values.ndim >= 2:
        found.append(("transposed", values.T, x.T))
        found.append(("stepped", values[::-1, ::2], x[::-1, ::2]))
    elif values.ndim == 1:
        found.append(("reversed step", values[::-3], x[::-3]))
    return found


# -- take ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL)
def test_take_every_dtype(dtype):
    values = host(dtype, (5, 7, 3))
    indices = np.array([[4, -1], [0, 2], [-5, 3]])
    for _name, ref, x in views(values):
        for axis in (0, 1, -1, None):
            size = ref.size if axis is None else ref.shape[axis]
            idx = indices % size if size < 5 else indices
            assert_matches(vt.take(x, vt.asarray(idx), axis=axis), np.take(ref, idx, axis=axis), exact=True)


@pytest.mark.parametrize("index_dtype", INDEX_DTYPES)
def test_take_index_dtypes(index_dtype):
    values = host("float32", (9, 4))
    signed = np.dtype(index_dtype).kind == "i"
    idx = np.array([0, 8, 3, -9, -1, 4] if signed else [0, 8, 3, 5, 1, 4], dtype=index_dtype)
    assert_matches(vt.take(vt.asarray(values), vt.asarray(idx), axis=0), np.take(values, idx, axis=0), exact=True)
    big = np.array([9], dtype=index_dtype)
    with pytest.raises(IndexError, match="take: index 9 is out of bounds for axis 0 with size 9"):
        vt.take(vt.asarray(values), vt.asarray(big), axis=0)
    if signed:
        with pytest.raises(IndexError, match="index -10 is out of bounds"):
            vt.take(vt.asarray(values), vt.asarray(np.array([1, -10], dtype=index_dtype)), axis=0)


@pytest.mark.parametrize("n", [1, 7, 8, 9, 31, 32, 33, 64, 255, 256, 257, 1023, 1024, 1025, 4099])
def test_take_sizes(n):
    values = host("int32", (n + 3,), seed=n)
    idx = np.random.default_rng(n).integers(-(n + 3), n + 3, n)
    assert_matches(vt.take(vt.asarray(values), vt.asarray(idx)), np.take(values, idx), exact=True)


def test_take_of_a_view_with_a_view_of_indices():
    values = host("float64", (6, 5, 4))
    idx = np.arange(24).reshape(4, 6) % 5
    x, i = vt.asarray(values), vt.asarray(idx)
    got = vt.take(x[::-2, :, 1:], i.T[::2], axis=1)
    assert_matches(got, np.take(values[::-2, :, 1:], idx.T[::2], axis=1), exact=True)
    assert_matches(vt.take(x, 3, axis=2), np.take(values, 3, axis=2), exact=True)  # a scalar index drops the axis
    assert_matches(vt.take(x, [], axis=0), np.take(values, np.array([], np.int64), axis=0), exact=True)


def test_take_of_many_dimensions_splits_the_push_constants():
    """Seven dimensions that do not merge: more strides than lavapipe's 128 bytes of push constants hold."""
    values = host("int16", (3, 2, 3, 2, 3, 2, 5))
    x = vt.asarray(values)[:, ::-1, :, ::-1, :, ::-1, ::2]
    ref = values[:, ::-1, :, ::-1, :, ::-1, ::2]
    idx = np.array([[2, 0], [1, -1]])
    assert_matches(vt.take(x, idx, axis=4), np.take(ref, idx, axis=4), exact=True)


def test_take_modes_wrap_and_clip():
    values = host("float32", (4, 6))
    idx = np.array([-13, -7, -6, -1, 0, 5, 6, 11, 12, 100])
    x = vt.asarray(values)
    for mode in ("wrap", "clip"):
        for axis in (0, 1, None):
            assert_matches(vt.take(x, idx, axis=axis, mode=mode), np.take(values, idx, axis=axis, mode=mode),
                           exact=True)
    # NumPy's wrap subtracts the length in a loop (2^40 would take minutes): Python's modulo is the reference
    big = np.array([2**40, -(2**40) - 3, -(2**63), 2**63 - 1], np.int64)
    assert_matches(vt.take(x, big, axis=1, mode="wrap"), values[:, [int(i) % 6 for i in big]], exact=True)
    assert_matches(vt.take(x, big, axis=1, mode="clip"), np.take(values, big, axis=1, mode="clip"), exact=True)
    # uint64 indices are int64's bits, as NumPy casts them: 2^64 - 1 is -1
    unsigned = np.array([2**64 - 1, 7, 2**63], np.uint64)
    assert_matches(vt.take(x, unsigned, axis=1, mode="wrap"), values[:, [-1 % 6, 7 % 6, -(2**63) % 6]], exact=True)
    assert_matches(vt.take(x, unsigned, axis=1, mode="clip"), np.take(values, unsigned, axis=1, mode="clip"),
                   exact=True)
    assert_matches(vt.take(x, unsigned[:1], axis=1), np.take(values, unsigned[:1], axis=1), exact=True)


def test_take_errors():
    x = vt.asarray(host("float32", (3, 4)))
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 1 with size 4"):
        vt.take(x, [0, 4], axis=1)
    with pytest.raises(IndexError, match="index 12 is out of bounds"):
        vt.take(x, vt.asarray(np.array([[1, 12]], np.int64)))
    with pytest.raises(IndexError, match="out of bounds"):
        vt.take(x, np.array([2**63 - 1]), axis=0)  # far beyond 32 bits
    with pytest.raises(IndexError, match="index -9223372036854775808 is out of bounds"):
        vt.take(x, np.array([2**63], np.uint64), axis=0)
    with pytest.raises(TypeError, match="take: indices must be an integer array"):
        vt.take(x, vt.asarray([1.0]))
    with pytest.raises(TypeError, match="integer"):
        vt.take(x, [True, False])
    with pytest.raises(AxisError, match="take"):
        vt.take(x, [0], axis=2)
    with pytest.raises(TypeError):
        vt.take(x, [0], axis=(0, 1))
    with pytest.raises(ValueError, match="mode"):
        vt.take(x, [0], mode="bogus")
    for internal in ("check", "raise "):  # the kernels' check alone is not NumPy's and not a user's mode
        with pytest.raises(ValueError, match="take: mode must be one of 'raise', 'wrap', 'clip'"):
            vt.take(x, [0], mode=internal)
        with pytest.raises(ValueError, match="take_along_axis: mode must be one of"):
            vt.take_along_axis(x, vt.asarray(np.zeros((3, 1), np.int64)), axis=1, mode=internal)
    with pytest.raises(IndexError, match="size 0"):
        vt.take(vt.asarray(np.zeros((0, 3), np.float32)), [0], axis=0, mode="clip")
    assert vt.take(vt.asarray(np.zeros((0, 3), np.float32)), [], axis=0).shape == (0, 3)


def test_take_with_buffer_addresses(buffer_addresses):
    for dtype in ("int8", "float16", "float32", "float64"):
        values = host(dtype, (6, 5))
        idx = np.array([[4, -1], [0, 2]], np.int32)
        x = vt.asarray(values)
        assert_matches(vt.take(x.T, idx, axis=1), np.take(values.T, idx, axis=1), exact=True)
        order = np.argsort(values, axis=0)
        assert_matches(vt.take_along_axis(x, order, axis=0), np.take_along_axis(values, order, axis=0),
                       exact=True)
    with pytest.raises(IndexError, match="index 5 is out of bounds"):
        vt.take(x, [5], axis=1)


# -- take_along_axis -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int64", "float32", "float64"])
def test_take_along_axis_sorts(dtype):
    values = host(dtype, (4, 9, 5))
    for _name, ref, x in views(values):
        for axis in range(-ref.ndim, ref.ndim):
            order = np.argsort(ref, axis=axis, kind="stable")
            assert_matches(vt.take_along_axis(x, order, axis=axis), np.take_along_axis(ref, order, axis=axis),
                           exact=True)


def test_take_along_axis_broadcasts_and_flattens():
    values = host("float32", (3, 4, 5))
    x = vt.asarray(values)
    idx = np.array([[[0], [-1]]])  # (1, 2, 1) broadcast against (3, ., 5)
    assert_matches(vt.take_along_axis(x, idx, axis=1), np.take_along_axis(values, idx, axis=1), exact=True)
    flat = np.array([0, 59, 7, -1])
    assert_matches(vt.take_along_axis(x, flat, axis=None), np.take_along_axis(values, flat, axis=None), exact=True)
    assert_matches(vt.take_along_axis(x, np.zeros((3, 4, 0), np.int64), axis=-1),
                   np.zeros((3, 4, 0), np.float32), exact=True)
    wide = np.array([[[9], [-1]]])  # clipped as NumPy's take clips: -1 to 0
    assert_matches(vt.take_along_axis(x, wide, axis=1, mode="clip"),
                   np.take_along_axis(values, np.clip(wide, 0, 3), axis=1), exact=True)


def test_take_along_axis_errors():
    x = vt.asarray(host("float32", (3, 4)))
    with pytest.raises(ValueError, match="same number of dimensions"):
        vt.take_along_axis(x, np.zeros(3, np.int64), axis=0)
    with pytest.raises(ValueError, match="broadcast"):
        vt.take_along_axis(x, np.zeros((2, 4), np.int64), axis=1)
    with pytest.raises(IndexError, match="take_along_axis: index 4 is out of bounds for axis 1 with size 4"):
        vt.take_along_axis(x, np.array([[0], [4], [1]]), axis=1)
    with pytest.raises(ValueError, match="1-dimensional"):
        vt.take_along_axis(x, np.zeros((3, 4), np.int64), axis=None)
    with pytest.raises(AxisError, match="take_along_axis"):
        vt.take_along_axis(x, np.zeros((3, 4), np.int64), axis=2)


# -- concat, stack, unstack ------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ALL)
def test_concat_every_dtype(dtype):
    a, b = host(dtype, (3, 4)), host(dtype, (3, 2), seed=1)
    for axis in (1, -1):
        assert_matches(vt.concat([vt.asarray(a), vt.asarray(b)], axis=axis), np.concatenate([a, b], axis=axis),
                       exact=True)
    assert_matches(vt.concat((vt.asarray(a).T, vt.asarray(b).T[::-1])), np.concatenate([a.T, b.T[::-1]]),
                   exact=True)
    assert_matches(vt.concat([vt.asarray(a), vt.asarray(b)], axis=None), np.concatenate([a, b], axis=None),
                   exact=True)


@pytest.mark.parametrize("pair", [("int8", "uint8"), ("int32", "float32"), ("bool", "int16"), ("uint64", "int64"),
                                  ("float16", "float64"), ("uint32", "int8")])
def test_concat_promotes(pair):
    if not all(d in SUPPORTED for d in pair):
        pytest.skip("dtype not on this device")
    a, b = host(pair[0], (2, 3)), host(pair[1], (1, 3), seed=1)
    assert_matches(vt.concat([vt.asarray(a), vt.asarray(b)]), np.concatenate([a, b]), exact=True)


@pytest.mark.parametrize("buffer_copy", [None, True, False])
@pytest.mark.parametrize("sizes", [(1,), (7, 9, 8), (0, 5, 0), (31, 33), (255, 257, 1024)])
def test_concat_sizes_and_empty(sizes, buffer_copy, monkeypatch):
    """Both ways of moving contiguous runs (buffer copies, the copy kernel) and the device's choice of them."""
    from vulkit.array.ops import moving
    monkeypatch.setattr(moving, "BUFFER_COPY", buffer_copy)
    parts = [host("float32", (n,), seed=n) for n in sizes]
    assert_matches(vt.concat([vt.asarray(p) for p in parts]), np.concatenate(parts), exact=True)
    stepped = [vt.asarray(np.repeat(p, 2))[::2] for p in parts]
    assert_matches(vt.concat(stepped), np.concatenate(parts), exact=True)


def test_concat_errors():
    a = vt.asarray(np.zeros((2, 3), np.float32))
    with pytest.raises(ValueError, match="same number of dimensions"):
        vt.concat([a, vt.asarray(np.zeros(3, np.float32))])
    with pytest.raises(ValueError, match="except for the concatenation axis"):
        vt.concat([a, vt.asarray(np.zeros((2, 4), np.float32))], axis=0)
    with pytest.raises(ValueError, match="zero-dimensional"):
        vt.concat([vt.asarray(1.0), vt.asarray(2.0)])
    with pytest.raises(ValueError, match="at least one"):
        vt.concat([])
    with pytest.raises(AxisError, match="concat"):
        vt.concat([a, a], axis=2)
    with pytest.raises(TypeError, match="sequence"):
        vt.concat(a)
    assert_matches(vt.concat([vt.asarray(1.0), vt.asarray(2.0)], axis=None), np.array([1.0, 2.0]), exact=True)


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float16", "float64"])
def test_stack_and_unstack(dtype):
    if dtype not in SUPPORTED:
        pytest.skip("dtype not on this device")
    parts = [host(dtype, (3, 4), seed=s) for s in range(3)]
    arrays = [vt.asarray(p) for p in parts]
    for axis in (0, 1, 2, -1, -3):
        assert_matches(vt.stack(arrays, axis=axis), np.stack(parts, axis=axis), exact=True)
    assert_matches(vt.stack([arrays[0].T, arrays[1].T[::-1]]), np.stack([parts[0].T, parts[1].T[::-1]]), exact=True)
    assert_matches(vt.stack([vt.asarray(np.float32(1)), vt.asarray(np.float32(2))]), np.array([1, 2], np.float32))
    x = vt.stack(arrays, axis=1)
    for axis in (0, 1, -1):
        got = vt.unstack(x, axis=axis)
        expected = np.unstack(np.stack(parts, axis=1), axis=axis)
        assert len(got) == len(expected)
        for g, e in zip(got, expected, strict=True):
            assert g._alloc is x._alloc  # views
            assert_matches(g, e, exact=True)


def test_stack_errors():
    a = vt.asarray(np.zeros((2, 3), np.float32))
    with pytest.raises(ValueError, match="same shape"):
        vt.stack([a, a.T])
    with pytest.raises(AxisError, match="stack"):
        vt.stack([a, a], axis=3)
    with pytest.raises(ValueError, match="at least one dimension"):
        vt.unstack(vt.asarray(1.0))


# -- tile, repeat ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("reps", [2, (3,), (2, 1), (1, 3), (2, 0), (2, 1, 3), (1, 1, 1, 2)])
def test_tile(reps):
    values = host("int16", (3, 4))
    for _name, ref, x in views(values):
        assert_matches(vt.tile(x, reps), np.tile(ref, reps), exact=True)
    assert_matches(vt.tile(vt.asarray(np.float32(2.5)), reps), np.tile(np.float32(2.5), reps), exact=True)


def test_tile_errors():
    with pytest.raises(ValueError, match="negative"):
        vt.tile(vt.asarray([1, 2]), (-1,))
    with pytest.raises(TypeError):
        vt.tile(vt.asarray([1, 2]), (1.5,))


@pytest.mark.parametrize("dtype", ["bool", "int8", "float32", "float64", "uint64"])
def test_repeat(dtype):
    values = host(dtype, (3, 4))
    for _name, ref, x in views(values):
        for repeats, axis in [(2, None), (3, 0), (2, -1), (0, 1), ([1, 0, 2, 3][:ref.shape[-1]], -1),
                              (np.array([2, 0, 1][:ref.shape[0]]), 0), ([2], 0), (1, 0)]:
            if not np.isscalar(repeats) and len(repeats) not in (1, ref.shape[axis]):
                continue
            assert_matches(vt.repeat(x, repeats, axis=axis), np.repeat(ref, repeats, axis=axis), exact=True)


@pytest.mark.parametrize("count_dtype", ["int32", "uint8", "int64"])
def test_repeat_counts_on_the_gpu(count_dtype):
    values = host("float32", (3, 4))
    x = vt.asarray(values)
    for counts, axis in [([1, 0, 3, 2], 1), ([2, 2, 0], 0), ([0, 0, 0], 0), (np.arange(12) % 3, None), ([4], 1)]:
        counts = np.array(counts, count_dtype)
        assert_matches(vt.repeat(x, vt.asarray(counts), axis=axis), np.repeat(values, counts, axis=axis), exact=True)
        assert_matches(vt.repeat(x.T, vt.asarray(counts[::-1].copy()), axis=None if axis is None else 1 - axis),
                       np.repeat(values.T, counts[::-1], axis=None if axis is None else 1 - axis), exact=True)
    with pytest.raises(ValueError, match="negative"):
        vt.repeat(x, vt.asarray(np.array([1, -1, 2])), axis=0)
    with pytest.raises(ValueError, match="repeats"):
        vt.repeat(x, vt.asarray(np.array([1, 2])), axis=0)
    with pytest.raises(ValueError, match="integer"):
        vt.repeat(x, vt.asarray(np.array([1.0, 2.0, 1.0])), axis=0)


def test_repeat_errors():
    x = vt.asarray(np.zeros((2, 3), np.float32))
    with pytest.raises(ValueError, match="negative"):
        vt.repeat(x, -1)
    with pytest.raises(ValueError, match="negative"):
        vt.repeat(x, [1, -1, 2], axis=1)
    with pytest.raises(ValueError, match="repeats"):
        vt.repeat(x, [1, 2], axis=1)
    with pytest.raises(ValueError, match="1-dimensional"):
        vt.repeat(x, [[1, 2]], axis=1)
    with pytest.raises(AxisError, match="repeat"):
        vt.repeat(x, 2, axis=2)


# -- roll, diff ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shift, axis", [(1, None), (-7, None), (2, 0), (-1, 1), (13, -1), (0, 0),
                                         ((1, -2), (0, 1)), ((1, 2), (1, 1)), (3, (0, 1)), ((5, 1), None)])
def test_roll(shift, axis):
    values = host("float32", (4, 5))
    for _name, ref, x in views(values):
        assert_matches(vt.roll(x, shift, axis=axis), np.roll(ref, shift, axis=axis), exact=True)


def test_roll_every_dtype_and_empty():
    for dtype in ALL:
        values = host(dtype, (3, 5))
        assert_matches(vt.roll(vt.asarray(values), 2, axis=1), np.roll(values, 2, axis=1), exact=True)
    assert_matches(vt.roll(vt.asarray(np.zeros((0, 3), np.int32)), 1, axis=0), np.zeros((0, 3), np.int32))
    assert_matches(vt.roll(vt.asarray(np.float32(3)), 1), np.roll(np.float32(3), 1))
    with pytest.raises(ValueError, match="same length"):
        vt.roll(vt.asarray(np.zeros((2, 2))), (1, 2, 3), axis=(0, 1))
    with pytest.raises(AxisError):
        vt.roll(vt.asarray(np.zeros((2, 2))), 1, axis=2)


@pytest.mark.parametrize("dtype", ALL)
def test_diff_every_dtype(dtype):
    values = host(dtype, (4, 6))
    for _name, ref, x in views(values):
        for n, axis in [(1, -1), (2, 0), (3, 1), (0, 0), (7, 1)]:
            assert_matches(vt.diff(x, n=n, axis=axis), np.diff(ref, n=n, axis=axis), exact=True)


def test_diff_prepend_append():
    values = host("float64", (3, 4))
    x = vt.asarray(values)
    assert_matches(vt.diff(x, prepend=0.5), np.diff(values, prepend=0.5), exact=True)
    assert_matches(vt.diff(x, axis=0, append=vt.asarray(values[:1])), np.diff(values, axis=0, append=values[:1]),
                   exact=True)
    ints = host("int32", (5,))
    assert_matches(vt.diff(vt.asarray(ints), prepend=np.array([1.5]), append=2), np.diff(ints, prepend=[1.5],
                                                                                      append=2), exact=True)
    with pytest.raises(ValueError, match="non-negative"):
        vt.diff(x, n=-1)
    with pytest.raises(ValueError, match="at least one dimension"):
        vt.diff(vt.asarray(1.0))


# -- pad ---------------------------------------------------------------------------------------------------------
PAD_WIDTHS = [1, (2, 3), ((0, 1), (3, 0)), ((4, 5), (7, 9)), ((0, 0), (0, 0)), ((9, 2), (1, 11))]


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric", "wrap"])
@pytest.mark.parametrize("width", PAD_WIDTHS)
def test_pad_modes(mode, width):
    values = host("int32", (3, 4))
    for _name, ref, x in views(values):
        assert_matches(vt.pad(x, width, mode=mode), np.pad(ref, width, mode=mode), exact=True)


def test_pad_single_element_and_3d():
    one = np.array([[7.0]], np.float32)
    for mode in ("edge", "reflect", "symmetric", "wrap"):
        assert_matches(vt.pad(vt.asarray(one), 3, mode=mode), np.pad(one, 3, mode=mode), exact=True)
    values = host("float16" if "float16" in SUPPORTED else "float32", (2, 3, 4))
    for mode in ("reflect", "wrap", "constant"):
        assert_matches(vt.pad(vt.asarray(values), ((1, 2), (0, 3), (2, 1)), mode=mode),
                       np.pad(values, ((1, 2), (0, 3), (2, 1)), mode=mode), exact=True)


@pytest.mark.parametrize("dtype", ALL)
def test_pad_constant_values(dtype):
    values = host(dtype, (3, 2))
    x = vt.asarray(values)
    for constants in [0, 1, ((1, 2), (3, 4)), (5, 6), 1.75]:
        if dtype == "bool" and not isinstance(constants, int):
            continue
        assert_matches(vt.pad(x, ((1, 2), (2, 1)), constant_values=constants),
                       np.pad(values, ((1, 2), (2, 1)), constant_values=constants), exact=True)
    if dtype in ("uint8", "uint16"):  # NumPy casts these constants as it assigns its scalars: wrapping
        for constants in (-1, 300, -1.5):
            assert_matches(vt.pad(x, 1, constant_values=constants), np.pad(values, 1, constant_values=constants),
                           exact=True)
    if dtype in INTS:
        with pytest.raises(ValueError, match="cannot convert float nan"):
            vt.pad(x, 1, constant_values=float("nan"))
    empty = vt.pad(x, 1, mode="empty")
    assert empty.shape == (5, 4) and (empty.numpy()[1:-1, 1:-1] == values).all()


def test_pad_errors_and_edges():
    x = vt.asarray(np.zeros((0, 3), np.float32))
    with pytest.raises(ValueError, match="empty axis 0"):
        vt.pad(x, 1, mode="reflect")
    assert_matches(vt.pad(x, 1), np.pad(np.zeros((0, 3), np.float32), 1), exact=True)
    assert_matches(vt.pad(x, ((0, 0), (1, 1)), mode="edge"), np.zeros((0, 5), np.float32))
    y = vt.asarray(np.ones((2, 2), np.float32))
    with pytest.raises(ValueError, match="negative"):
        vt.pad(y, -1)
    with pytest.raises(ValueError, match="mode"):
        vt.pad(y, 1, mode="median")
    with pytest.raises(ValueError, match="pairs"):
        vt.pad(y, ((1, 2, 3),))
    assert_matches(vt.pad(vt.asarray(np.float32(2)), 3), np.pad(np.float32(2), 3))


# -- flatten, ravel, swapaxes, transpose, reshape ------------------------------------------------------------------
def test_flatten_ravel_views_and_copies():
    values = host("float32", (3, 4))
    x = vt.asarray(values)
    assert vt.ravel(x)._alloc is x._alloc and x.ravel()._alloc is x._alloc
    assert vt.flatten(x)._alloc is not x._alloc and x.flatten()._alloc is not x._alloc
    for _name, ref, v in views(values):
        assert_matches(vt.ravel(v), np.ravel(ref), exact=True)
        assert_matches(v.flatten(), ref.flatten(), exact=True)
    assert_matches(x.flatten("F"), values.flatten("F"), exact=True)  # NumPy's orders: test_numpy_positional
    with pytest.raises(ValueError, match="^flatten: order must be one of"):
        x.flatten("Z")
    assert_matches(vt.ravel(vt.asarray(np.float32(1))), np.ravel(np.float32(1)), exact=True)


def test_swapaxes_and_transpose_are_views():
    values = host("int8", (2, 3, 4))
    x = vt.asarray(values)
    cases = [(vt.swapaxes(x, 0, -1), np.swapaxes(values, 0, -1)), (x.swapaxes(1, 2), values.swapaxes(1, 2)),
             (vt.transpose(x), np.transpose(values)), (vt.transpose(x, (1, 0, 2)), np.transpose(values, (1, 0, 2))),
             (x.transpose(), values.transpose()), (x.transpose(2, 0, 1), values.transpose(2, 0, 1)),
             (x.transpose((2, 0, 1)), values.transpose((2, 0, 1)))]
    for got, expected in cases:
        assert got._alloc is x._alloc
        assert_matches(got, expected, exact=True)
    with pytest.raises(AxisError, match="swapaxes"):
        vt.swapaxes(x, 0, 3)
    with pytest.raises(ValueError):
        x.transpose(0, 1)


def test_reshape_follows_the_copy_rules():
    values = host("float32", (4, 6))
    x = vt.asarray(values)
    assert vt.reshape(x, (6, 4))._alloc is x._alloc
    assert vt.reshape(x, (6, 4), copy=True)._alloc is not x._alloc
    with pytest.raises(ValueError, match="copy"):
        vt.reshape(x.T, (24,), copy=False)
    assert_matches(vt.reshape(x.T, (3, 8)), values.T.reshape(3, 8), exact=True)


# -- round with decimals ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", FLOATS)
def test_round_decimals_floats(dtype):
    values = np.concatenate([host(dtype, (40,)) * 37, np.array([0.125, 0.375, -2.5, 1234.5, 1e-3, 15.0, 25.0, -0.0],
                                                                  dtype)]).astype(dtype)
    x = vt.asarray(values)
    for decimals in (0, 1, 2, 3, -1, -2):
        assert_matches(vt.round(x, decimals), np.round(values, decimals), exact=True)
        assert_matches(x.round(decimals), values.round(decimals), exact=True)
    assert_matches(vt.round(x[::-2], decimals=2), np.round(values[::-2], 2), exact=True)
    assert_matches(round(x, 1), np.round(values, 1), exact=True)


@pytest.mark.parametrize("dtype", INTS)
def test_round_decimals_integers(dtype):
    info = np.iinfo(dtype)
    candidates = [0, 1, 4, 5, 6, 14, 15, 16, 25, 35, 45, 49, 50, 51, 99, 100, 149, 150, 250, int(info.max),
                  int(info.max) - 3, int(info.min), int(info.min) + 5, -1, -5, -15, -25, -50, -150]
    values = np.array([v for v in candidates if info.min <= v <= info.max], dtype=dtype)
    x = vt.asarray(values)
    for decimals in (1, 2, -1, -2, -3):
        expected = np.round(values, decimals)
        # NumPy goes through float64: compared where that is exact and the result fits the dtype (NumPy's cast of
        # one that does not is undefined: it warns "invalid value encountered in cast")
        scale = 10 ** max(0, -decimals)
        exact = [abs(int(v)) < 2**52 and info.min <= round(int(v) / scale) * scale <= info.max for v in values]
        keep = vt.asarray(np.flatnonzero(exact))
        assert_matches(vt.round(x, decimals)[keep], expected[np.flatnonzero(exact)], exact=True)
    assert_matches(vt.round(x, -30), np.zeros_like(values), exact=True)
    ties = [25, 35, 45, 55] + ([-25, -35] if info.min < 0 else [])
    assert vt.round(vt.asarray(np.array(ties, dtype)), -1).tolist() == [20, 40, 40, 60][:len(ties)] + \
        [-20, -40][:len(ties) - 4]


def test_round_errors_and_out():
    with pytest.raises(TypeError, match="round"):
        vt.round(vt.asarray([True]), 1)
    x = vt.asarray(np.array([1.26, 2.5], np.float32))
    out = vt.empty(2, dtype=vt.float32)
    vt.round(x, 1, out=out)
    assert_matches(out, np.round(np.array([1.26, 2.5], np.float32), 1), exact=True)


def test_methods_take_numpys_positional_arguments():
    values = host("float32", (3, 4))
    x = vt.asarray(values)
    assert_matches(x.take([0, 2], 1), values.take([0, 2], 1), exact=True)
    assert_matches(x.repeat(2, 0), values.repeat(2, 0), exact=True)
    assert_matches(x.clip(-1, 1), values.clip(-1, 1), exact=True)
    assert_matches(x[:, :1].squeeze(1), values[:, :1].squeeze(1), exact=True)
    assert_matches(x.ravel(), values.ravel(), exact=True)


@pytest.mark.slow
def test_large_take_strides_its_grid_and_takes_addresses():
    """More outputs than one pass of the grid covers (65535 workgroups of 1024 on lavapipe), and an index array
    beyond lavapipe's 128 MiB binding range (buffer addresses)."""
    n = (1 << 26) + 5
    values = (np.arange(n, dtype=np.int64) * 7919 % 251).astype(np.uint8)
    idx = np.arange(n - 1, -1, -1, dtype=np.int32)
    idx[::3] -= n  # negative indices count from the end
    got = vt.take(vt.asarray(values), vt.asarray(idx)).numpy()
    np.testing.assert_array_equal(got, np.take(values, idx))
    halves = vt.concat([vt.asarray(values), vt.asarray(values[:1001])]).numpy()
    np.testing.assert_array_equal(halves, np.concatenate([values, values[:1001]]))


def test_take_and_repeat_move_complex128_elements():
    """16-byte elements through the gather kernel (uvec4)."""
    if "complex128" not in vt.__array_namespace_info__().dtypes():
        pytest.skip("the device has no float64, so no complex128")
    a = (np.arange(12) + 1j * np.arange(12)[::-1]).reshape(3, 4)
    x = vt.asarray(a)
    assert_matches(vt.take(x, vt.asarray(np.array([2, 0, -1])), axis=0), np.take(a, [2, 0, -1], axis=0), exact=True)
    i = np.array([[0, 3], [1, 1], [2, 0]])
    assert_matches(vt.take_along_axis(x, vt.asarray(i), axis=1), np.take_along_axis(a, i, axis=1), exact=True)
    assert_matches(vt.repeat(x, vt.asarray(np.array([1, 0, 2])), axis=0), np.repeat(a, [1, 0, 2], axis=0),
                   exact=True)
