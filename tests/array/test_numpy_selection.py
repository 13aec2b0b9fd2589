"""NumPy's selection and in-place assignment functions (vulkit.array.ops.numpy_selection) against NumPy: values,
dtypes and shapes over dtypes, special values, strided and transposed views as inputs and as in-place targets,
every mode, negative axes and offsets, and the errors (NumPy's types, each naming the function called)."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable

import numpy as np
import pytest
from numpy.exceptions import AxisError
from numpy_compat_helpers import REFERENCE_MARKS, ULP, names_error, same, strided, values

import vulkit as vt
from vulkit.array.ops import numpy_selection

pytestmark = REFERENCE_MARKS

DEVICE = vt.__array_namespace_info__().dtypes()
DTYPES = [d for d in ("bool", "int8", "uint8", "int32", "int64", "float32", "float64", "complex64", "complex128")
          if d in DEVICE]
NUMBERS = [d for d in DTYPES if d != "bool"]
NAMES = "select piecewise choose compress extract place put putmask fill_diagonal ix_ trace diagonal cross".split()
SHAPES = [(), (0,), (1,), (7,), (13,), (3, 5), (2, 3, 4)]


def forms(ref: np.ndarray) -> list[vt.Array]:
    """Vulkit arrays holding ref's values: contiguous, a strided view, and a reversed (1-D) or transposed view."""
    found = [vt.asarray(ref), strided(ref)]
    if ref.ndim == 1:
        found.append(vt.asarray(ref[::-1].copy())[::-1])
    elif ref.ndim > 1:
        axes = tuple(reversed(range(ref.ndim)))
        found.append(vt.permute_dims(vt.asarray(np.ascontiguousarray(ref.transpose(axes))), axes))
    for x in found:
        same(x, ref)
    return found


def targets(ref: np.ndarray) -> list[tuple[vt.Array, Callable[[], None]]]:
    """Vulkit arrays holding ref's values to modify in place (as :func:`forms`), each with a check that the other
    elements of the array it is a view of are unchanged."""
    other = values(ref.dtype.name, ref.shape, seed=99)
    wide = vt.asarray(np.stack([ref, other], axis=-1))
    found = [(x, lambda: None) for x in forms(ref)]
    found[1] = (wide[..., 0], lambda: same(wide[..., 1], other))
    return found


def in_place(function: str, ref: np.ndarray, *args: object, **kwargs: object) -> None:
    """``function`` (vt's and NumPy's) applied to each of ``targets(ref)`` and to a copy of ``ref``: None returned,
    the same values written, nothing else changed."""
    expected = ref.copy()
    host = [a.numpy() if isinstance(a, vt.Array) else a for a in args]
    assert getattr(np, function)(expected, *host, **kwargs) is None
    for x, untouched in targets(ref):
        assert getattr(vt, function)(x, *args, **kwargs) is None
        same(x, expected)
        untouched()


def test_every_name_is_in_the_namespace_with_a_docstring_and_numpy_parameters():
    assert numpy_selection.__all__ == NAMES
    for name in NAMES:
        function = getattr(vt, name)
        assert function is getattr(numpy_selection, name)
        assert name in vt.__all__
        assert function.__name__ == name
        assert function.__doc__ and len(function.__doc__) > 60, name
        assert list(inspect.signature(function).parameters) == list(inspect.signature(getattr(np, name)).parameters)


# -- select ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_select(dtype):
    for shape in SHAPES:
        a, b = values(dtype, shape), values(dtype, shape, seed=1)
        low, high = values("bool", shape, seed=2), values("bool", shape, seed=3)  # overlapping: the first wins
        default = values(dtype, (), seed=4)
        expected = np.select([low, high], [a, b], default=default)
        for x, y in zip(forms(a), forms(b), strict=True):
            for conditions in ([vt.asarray(low), vt.asarray(high)], [strided(low), high]):
                same(vt.select(conditions, [x, y], default=vt.asarray(default)), expected)
    column, row = values(dtype, (3, 1)), values(dtype, (1, 5), seed=1)  # broadcast: conditions and choices
    condition = values("bool", (3, 5), seed=2)
    same(vt.select([vt.asarray(condition), vt.asarray(condition[0])], [vt.asarray(column), vt.asarray(row)]),
         np.select([condition, condition[0]], [column, row]))
    same(vt.select((vt.asarray(condition[0]),), (vt.asarray(row),), vt.asarray(column)),
         np.select((condition[0],), (row,), column))


def test_select_types_and_scalars():
    flags = np.array([True, False, False])
    small = np.array([1, 2, 3], np.int8)
    cases = [([flags], [small], 300), ([flags], [small], 2.5), ([flags], [1], 2.5), ([flags, ~flags], [1j, small], 0),
             ([flags], [np.float32(1.5)], 0), ([True, False], [1, 2], 0), ([flags], [small], True),
             ([flags], [np.array([1.5, -0.0, np.nan], np.float32)], np.array([np.inf, 0.0, 2.0]))]
    for conditions, choices, default in cases:
        same(vt.select([c if isinstance(c, bool) else vt.asarray(c) for c in conditions],
                       [c if np.isscalar(c) and not isinstance(c, np.generic) else vt.asarray(c) for c in choices],
                       default), np.select(conditions, choices, default))
        same(vt.select(conditions, choices, default), np.select(conditions, choices, default))  # host data
    stacked = np.array([flags, ~flags])
    same(vt.select(vt.asarray(stacked), vt.asarray(np.array([small, small * 2]))),
         np.select(stacked, np.array([small, small * 2])))


def test_select_errors():
    x = vt.asarray([1, 2])
    assert "same length" in names_error(ValueError, "select", vt.select, [x > 0], [])
    assert "empty condition list" in names_error(ValueError, "select", vt.select, [], [])
    assert "invalid entry 1 in condlist" in names_error(TypeError, "select", vt.select, [x > 0, x], [x, x])
    names_error(ValueError, "select", vt.select, [x > 0], [vt.asarray([1, 2, 3])])
    names_error(TypeError, "select", vt.select, [x > 0], [x], default="a")
    names_error(TypeError, "select", vt.select, 5, [x])


# -- piecewise -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", NUMBERS)
def test_piecewise(dtype):
    def twice(v):
        return v + v

    for shape in SHAPES:
        a = values(dtype, shape)
        cut = values(dtype, (), seed=1)
        real = a.real if a.dtype.kind == "c" else a
        for x in forms(a):
            x_real = vt.real(x) if x.dtype.kind == "c" else x
            below, above = x_real < 0, x_real > 1
            same(vt.piecewise(x, [below, above], [twice, cut]), np.piecewise(a, [real < 0, real > 1], [twice, cut]))
            same(vt.piecewise(x, [below], [lambda v: v * 3, twice]), np.piecewise(a, [real < 0], [lambda v: v * 3,
                                                                                                  twice]))
            if len(shape) == 1 and a.size:  # (NumPy fails on an empty one)
                same(vt.piecewise(x, below, [7]), np.piecewise(a, real < 0, [7]))  # one condition, not in a list
    same(vt.piecewise(vt.asarray(3), [True], [twice]), np.piecewise(3, [True], [twice]))  # 0-d
    same(vt.piecewise(vt.asarray(np.float32(3)), [False, True], [twice, 5]),
         np.piecewise(np.float32(3), [False, True], [twice, 5]))


def test_piecewise_arguments_conditions_and_types():
    a = np.linspace(-2.5, 2.5, 11)
    x = vt.asarray(a)
    same(vt.piecewise(x, [x < 0], [lambda v, k, m=0: v * k + m, 0], 3, m=1),
         np.piecewise(a, [a < 0], [lambda v, k, m=0: v * k + m, 0], 3, m=1))
    same(vt.piecewise(x, [x < 1, x > -1], [1, lambda v: v * 2]), np.piecewise(a, [a < 1, a > -1],
                                                                           [1, lambda v: v * 2]))  # later ones win
    flags = np.arange(11) % 3
    same(vt.piecewise(x, [vt.asarray(flags)], [9]), np.piecewise(a, [flags], [9]))  # nonzero conditions
    same(vt.piecewise(x, [list(flags == 1)], [9]), np.piecewise(a, [list(flags == 1)], [9]))
    same(vt.piecewise(x, list(flags == 1), [9]), np.piecewise(a, list(flags == 1), [9]))  # one condition as a list
    same(vt.piecewise(x, vt.asarray(np.array([a < 0, a > 1])), [1, 2]), np.piecewise(a, np.array([a < 0, a > 1]),
                                                                                      [1, 2]))
    ints = np.arange(-4, 5)
    same(vt.piecewise(vt.asarray(ints), [vt.asarray(ints) > 1], [2.5, lambda v: v * 1.5]),
         np.piecewise(ints, [ints > 1], [2.5, lambda v: v * 1.5]))  # results cast to x's dtype
    grid = a[:10].reshape(2, 5)
    rows = np.array([True, False])
    same(vt.piecewise(vt.asarray(grid), vt.asarray(rows), [lambda v: vt.sum(v, axis=1, keepdims=True)]),
         np.piecewise(grid, rows, [lambda v: v.sum(axis=1, keepdims=True)]))  # a mask of the leading axis

    def never(v):
        raise AssertionError("called with no elements")

    same(vt.piecewise(vt.asarray(np.zeros(0)), [vt.asarray(np.zeros(0, bool))], [never]),
         np.piecewise(np.zeros(0), [np.zeros(0, bool)], [never]))


def test_piecewise_errors():
    x = vt.asarray(np.linspace(-1, 1, 6))
    assert "either 1 or 2 functions" in names_error(ValueError, "piecewise", vt.piecewise, x, [x < 0], [1, 2, 3])
    names_error(IndexError, "piecewise", vt.piecewise, x, [], [1])
    names_error(IndexError, "piecewise", vt.piecewise, x, [vt.asarray([True, False])], [1])
    names_error(ValueError, "piecewise", vt.piecewise, x, [x < 0], [lambda v: vt.zeros(7)])


# -- choose ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_choose(dtype):
    rng = np.random.default_rng(0)
    for shape in SHAPES:
        choices = [values(dtype, shape, seed=s) for s in range(3)]
        index = rng.integers(0, 3, shape)
        expected = np.choose(index, choices)
        for forms_of_index in zip(*(forms(c) for c in choices), forms(index), strict=True):
            *found, x = forms_of_index
            same(vt.choose(x, found), expected)
        same(vt.choose(index, vt.asarray(np.array(choices))), np.choose(index, np.array(choices)))  # an array
        wild = rng.integers(-7, 7, shape).astype(np.int32)
        for mode in ("wrap", "clip"):
            same(vt.choose(vt.asarray(wild), choices, mode=mode), np.choose(wild, choices, mode=mode))
    column, row = values(dtype, (3, 1)), values(dtype, (1, 5), seed=1)
    index = rng.integers(0, 2, (5,)).astype(np.uint8)
    same(vt.choose(vt.asarray(index), [vt.asarray(column), vt.asarray(row)]), np.choose(index, [column, row]))
    same(vt.choose(vt.asarray(1), [vt.asarray(column[:, 0]), vt.asarray(row[0, :3])]),
         np.choose(1, [column[:, 0], row[0, :3]]))


def test_choose_types_out_and_many_choices():
    flags = np.array([True, False, True])
    small = np.array([1, 2, 3], np.int8)
    for choices in ([small, 300], [small, 3.5], [small, np.float32(2.5)], [1, 2.5], [small, 1j], [True, small]):
        same(vt.choose(vt.asarray([0, 1, 0]), choices), np.asarray(np.choose([0, 1, 0], choices)))
    same(vt.choose(0, [1, 2]), np.asarray(np.choose(0, [1, 2])))  # NumPy's scalar as a 0-d array
    same(vt.choose(flags, [small, small * 2]), np.choose(flags, [small, small * 2]))  # boolean indices
    many = [np.full(4, i, np.float32) for i in range(33)]
    index = np.array([32, 0, 17, 5])
    same(vt.choose(vt.asarray(index), [vt.asarray(m) for m in many]), np.choose(index, many))
    for dtype in ("float32", "int8", "bool"):
        out = np.zeros(3, dtype)
        target = vt.asarray(out)
        assert vt.choose([0, 1, 0], [[1.5, 2, 3], [4, 5, 0]], out=target) is target
        same(target, np.choose([0, 1, 0], [[1.5, 2, 3], [4, 5, 0]], out=out))
    for out, untouched in targets(np.zeros((2, 3), np.int64)):  # strided and transposed targets
        assert vt.choose([[1], [0]], [np.arange(3), [7]], out=out) is out
        same(out, np.choose([[1], [0]], [np.arange(3), [7]]))
        untouched()


def test_choose_errors():
    index = vt.asarray([0, 2])
    choices = [[1, 2], [3, 4]]
    assert "invalid entry in choice array" in names_error(ValueError, "choose", vt.choose, index, choices)
    names_error(ValueError, "choose", vt.choose, [-1, 0], choices)
    assert "0-length sequence" in names_error(ValueError, "choose", vt.choose, [0], [])
    assert "clipmode must be one of" in names_error(ValueError, "choose", vt.choose, [0], choices, mode="bad")
    names_error(TypeError, "choose", vt.choose, vt.asarray([0.0, 1.0]), choices)
    names_error(TypeError, "choose", vt.choose, np.array([0], np.uint64), choices)
    names_error(ValueError, "choose", vt.choose, [0, 1], [[1, 2, 3], [2]])
    assert "invalid shape for output" in names_error(TypeError, "choose", vt.choose, [0, 1], choices,
                                                    out=vt.zeros(3))
    names_error(TypeError, "choose", vt.choose, [0, 1], choices, out=np.zeros(2))
    names_error(ValueError, "choose", vt.choose, [0, 1], choices, out=vt.broadcast_to(vt.zeros(1), (2,)))


# -- compress and extract --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_compress_and_extract(dtype):
    rng = np.random.default_rng(0)
    for shape in SHAPES:
        a = values(dtype, shape)
        for x in forms(a):
            for axis in (None, *range(-len(shape), len(shape))):
                n = a.size if axis is None else a.shape[axis]
                for length in {0, max(n - 2, 0), n}:
                    condition = rng.integers(0, 2, length).astype(bool)
                    for c in forms(condition)[:2]:
                        same(vt.compress(c, x, axis=axis), np.compress(condition, a, axis=axis))
            mask = values("bool", shape, seed=5)
            same(vt.extract(vt.asarray(mask), x), np.extract(mask, a))
            same(vt.extract(mask.ravel()[:a.size // 2], x), np.extract(mask.ravel()[:a.size // 2], a))
    same(vt.compress([True], vt.asarray(5), axis=0), np.compress([True], 5, axis=0))  # 0-d a: 1-D


def test_compress_and_extract_conditions():
    a = np.arange(6.0) - 2.5
    x = vt.asarray(a)
    for condition in ([2, 0, -1], [0.5, 0.0, -0.0, np.nan], [1j, 0, 0], [0] * 8, []):
        same(vt.compress(condition, x), np.compress(condition, a))
        same(vt.extract(condition, x), np.extract(condition, a))
    same(vt.compress(vt.asarray([1, 0]), x.reshape(2, 3), axis=0), np.compress([1, 0], a.reshape(2, 3), axis=0))
    same(vt.extract(vt.asarray(a.reshape(2, 3)) > 0, x.reshape(3, 2)), np.extract(a.reshape(2, 3) > 0,
                                                                                  a.reshape(3, 2)))
    same(vt.extract(True, 5), np.extract(True, 5))
    for dtype in ("float32", "int8", "bool"):
        out = np.zeros(2, dtype)
        for target, untouched in targets(out):
            assert vt.compress([1, 0, 1], x, out=target) is target
            same(target, np.compress([1, 0, 1], a, out=out.copy()))
            untouched()


def test_compress_and_extract_errors():
    x = vt.arange(6)
    assert "condition must be a 1-d array" in names_error(ValueError, "compress", vt.compress, [[True]], x)
    names_error(ValueError, "compress", vt.compress, True, x)
    assert "index 6 is out of bounds" in names_error(IndexError, "compress", vt.compress, [0] * 6 + [1], x)
    names_error(IndexError, "compress", vt.compress, [1, 0, 1], x.reshape(2, 3), axis=0)
    names_error(AxisError, "compress", vt.compress, [1], x.reshape(2, 3), axis=2)
    names_error(AxisError, "compress", vt.compress, [1], x, axis=-2)
    assert "index 6 is out of bounds" in names_error(IndexError, "extract", vt.extract, np.ones(7, bool), x)
    assert "does not match" in names_error(ValueError, "compress", vt.compress, [1], x, out=vt.zeros(2))
    names_error(TypeError, "compress", vt.compress, [1], x, out=np.zeros(1))


# -- place, put, putmask, fill_diagonal ------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_place(dtype):
    for shape in SHAPES:
        a = values(dtype, shape)
        mask = values("bool", shape, seed=1)
        for count in (1, 2, a.size + 3):
            in_place("place", a, mask, values(dtype, (count,), seed=2))
        in_place("place", a, mask.astype(np.int32) * 3, values(dtype, (), seed=3))  # nonzero flags, a scalar
        in_place("place", a, mask.reshape(-1), values(dtype, (2, 2), seed=4))  # a flat mask, values flattened
        in_place("place", a, np.zeros(shape, bool), np.zeros(0, dtype))  # nothing selected: empty values are fine


def test_place_conversions():
    ints = np.arange(6, dtype=np.int8)
    in_place("place", ints, ints > 2, [1.7, -2.9])
    in_place("place", ints, ints > 2, vt.asarray(np.array([-3, 1], np.int8)))
    in_place("place", np.arange(6.0), ints > 2, np.array([2.5, 1], np.float32))  # arrays that cast safely
    with pytest.raises(TypeError, match="^place: Cannot cast array data from int64 to int8 according to the rule"):
        vt.place(vt.asarray(ints), ints > 2, vt.asarray([3]))
    with pytest.raises(TypeError, match="^place: Cannot cast array data from float64 to int8"):
        vt.place(vt.asarray(ints), ints > 2, np.array([3.0]))
    in_place("place", np.arange(6.0), [1, 0, 1, 0, 1, 0], [True, False])
    with pytest.raises(OverflowError):
        vt.place(vt.asarray(ints), vt.asarray(ints > 2), [300])  # host data converted by NumPy, as NumPy's


def test_place_errors():
    x = vt.arange(6)
    assert "mask and data must be the same size" in names_error(ValueError, "place", vt.place, x, [True], [1])
    assert "empty array" in names_error(ValueError, "place", vt.place, x, x > 2, [])
    assert "vulkit array" in names_error(TypeError, "place", vt.place, [1, 2], [True, False], [1])
    assert "read-only" in names_error(ValueError, "place", vt.place, vt.broadcast_to(x, (2, 6)), True, [1])


@pytest.mark.parametrize("dtype", DTYPES)
def test_put(dtype):
    rng = np.random.default_rng(0)
    for shape in SHAPES:
        a = values(dtype, shape)
        n = a.size
        for count in (1, 2, 7):
            v = values(dtype, (count,), seed=count)
            if n:
                repeated = rng.integers(-n, n, 3 * n + 1)  # repeats and negative indices: the last one wins
                in_place("put", a, repeated, v)
                in_place("put", a, vt.asarray(repeated.astype(np.int32)).reshape(-1, 1), v)
            wild = rng.integers(-3 * n - 2, 3 * n + 2, 2 * n + 5)
            for mode in ("wrap", "clip") if n else ():
                in_place("put", a, wild, v, mode=mode)
        in_place("put", a, [], values(dtype, (2,)))
        if n:
            in_place("put", a, n - 1, values(dtype, ()))
            in_place("put", a, [0], np.zeros(0, dtype))  # no values: nothing changes


def test_put_duplicates_and_conversions():
    in_place("put", np.zeros(3), [0, 1, 0, 2, 0, 1], [1.0, 2.0, 3.0, -0.0, np.nan, np.inf])
    in_place("put", np.zeros(3), np.zeros(200, np.int64), np.arange(200.0))  # one position 200 times
    in_place("put", np.arange(6, dtype=np.int8), [1, 2], [2.7, -1.5])
    in_place("put", np.arange(6), [True, False], [5])  # booleans as 0 and 1
    in_place("put", np.array(5.0), 0, 9)  # 0-d
    with pytest.raises(OverflowError):
        vt.put(vt.arange(6, dtype=vt.int8), [1], [300])


def test_put_errors():
    x = vt.arange(6)
    assert "index 6 is out of bounds for axis 0 with size 6" in names_error(IndexError, "put", vt.put, x, [6], [1])
    assert "index -7 is out of bounds" in names_error(IndexError, "put", vt.put, x, vt.asarray([0, -7]), [1])
    assert "empty array" in names_error(IndexError, "put", vt.put, vt.zeros(0), [0], [1], mode="wrap")
    assert "clipmode must be one of" in names_error(ValueError, "put", vt.put, x, [0], [1], mode="bad")
    names_error(TypeError, "put", vt.put, x, [1.0], [1])
    names_error(TypeError, "put", vt.put, x, np.array([1], np.uint64), [1])
    names_error(TypeError, "put", vt.put, [1, 2], [0], [1])
    assert "read-only" in names_error(ValueError, "put", vt.put, vt.broadcast_to(x, (2, 6)), [0], [1])
    assert vt.put(x, [0], [1], mode="raise") is None and x[0].numpy() == 1


@pytest.mark.parametrize("dtype", DTYPES)
def test_putmask(dtype):
    for shape in SHAPES:
        a = values(dtype, shape)
        mask = values("bool", shape, seed=1)
        for count in (1, 2, a.size + 3):
            in_place("putmask", a, mask, values(dtype, (count,), seed=2))
        in_place("putmask", a, mask.astype(np.float32), values(dtype, (), seed=3))  # nonzero flags, a scalar
        in_place("putmask", a, mask.reshape(-1)[::-1], values(dtype, (2, 2), seed=4))  # same size, other shape
        in_place("putmask", a, mask, np.zeros(0, dtype))  # no values: nothing changes


def test_putmask_conversions():
    ints = np.arange(6)
    in_place("putmask", ints, ints > 2, [2.7])  # host data converted by NumPy
    in_place("putmask", ints, ints > 2, np.float64(-2.7))
    in_place("putmask", ints, ints > 2, np.array([3, 4], np.int32))  # arrays that cast safely
    in_place("putmask", np.arange(6.0), ints > 2, vt.asarray([True, False]))
    with pytest.raises(TypeError, match="^putmask: Cannot cast array data from float64 to int64 according to the rule"):
        vt.putmask(vt.asarray(ints), ints > 2, vt.asarray([2.5]))
    with pytest.raises(TypeError, match="^putmask: Cannot cast array data from int64 to int8"):
        vt.putmask(vt.asarray(ints.astype(np.int8)), ints > 2, np.array([3]))


def test_putmask_errors():
    x = vt.arange(6)
    assert "same size" in names_error(ValueError, "putmask", vt.putmask, x, [True], [1])
    names_error(ValueError, "putmask", vt.putmask, x.reshape(2, 3), [True, False, True], [1])
    names_error(TypeError, "putmask", vt.putmask, [1, 2], [True, False], [1])
    assert "read-only" in names_error(ValueError, "putmask", vt.putmask, vt.broadcast_to(x, (2, 6)), True, [1])


@pytest.mark.parametrize("dtype", DTYPES)
def test_fill_diagonal(dtype):
    for shape in [(1, 1), (3, 3), (3, 4), (7, 3), (8, 3), (2, 9), (0, 3), (3, 0), (3, 3, 3), (2, 2, 2, 2)]:
        a = values(dtype, shape)
        for wrap in (False, True):
            for val in (values(dtype, (), seed=1), values(dtype, (2,), seed=2), values(dtype, (2, 5), seed=3)):
                in_place("fill_diagonal", a, val, wrap=wrap)
        in_place("fill_diagonal", a, np.zeros(0, dtype))


def test_fill_diagonal_conversions_and_errors():
    in_place("fill_diagonal", np.zeros((3, 3), np.int64), 2.7)
    in_place("fill_diagonal", np.zeros((3, 3)), [-0.0, np.nan])
    with pytest.raises(OverflowError):
        vt.fill_diagonal(vt.zeros((2, 2), dtype=vt.int8), 300)
    assert "at least 2-d" in names_error(ValueError, "fill_diagonal", vt.fill_diagonal, vt.zeros(3), 1)
    assert "equal length" in names_error(ValueError, "fill_diagonal", vt.fill_diagonal, vt.zeros((3, 3, 2)), 1)
    names_error(TypeError, "fill_diagonal", vt.fill_diagonal, [[1, 2], [3, 4]], 0)
    names_error(ValueError, "fill_diagonal", vt.fill_diagonal, vt.broadcast_to(vt.zeros(3), (3, 3)), 1)


# -- ix_ -------------------------------------------------------------------------------------------------------------
def test_ix():
    a = values("float64", (4, 5, 3))
    x = vt.asarray(a)
    rows, flags, last = np.array([3, 0, 3]), np.array([True, False, True, True, False]), np.array([2], np.int32)
    for arguments in ((rows, flags, last), (vt.asarray(rows), vt.asarray(flags), strided(last)), ([1, -1],),
                      (vt.asarray(rows)[::-1],), ()):
        expected = np.ix_(*(np.asarray(v.numpy() if isinstance(v, vt.Array) else v) for v in arguments))
        found = vt.ix_(*arguments)
        assert type(found) is tuple and len(found) == len(expected)
        for got, want in zip(found, expected, strict=True):
            same(got, want)
        if len(arguments) == 3:
            same(x[found], a[expected])
    for arguments in (([],), ([0.5],), ([], [True]), (np.zeros(0, bool),)):
        for got, want in zip(vt.ix_(*arguments), np.ix_(*arguments), strict=True):
            same(got, want)
    index = vt.asarray(rows)
    assert vt.ix_(index, index)[1]._alloc is index._alloc  # views
    assert "1 dimensional" in names_error(ValueError, "ix_", vt.ix_, [[0]])
    names_error(ValueError, "ix_", vt.ix_, vt.asarray(3))


# -- trace and diagonal ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_trace_and_diagonal(dtype):
    for shape in [(1, 1), (3, 3), (3, 5), (5, 2), (0, 3), (2, 3, 4), (3, 1, 2, 3)]:
        a = values(dtype, shape)
        for x in forms(a):
            planes = [(0, 1), (1, 0), (-1, 0), (-2, -1), (len(shape) - 1, 1)] if len(shape) > 2 else [(0, 1), (1, 0),
                                                                                                      (-1, -2)]
            for axis1, axis2 in planes:
                for offset in (0, 1, -1, 2, -4, 9):
                    same(vt.diagonal(x, offset, axis1, axis2), np.diagonal(a, offset, axis1, axis2))
                    same(vt.trace(x, offset, axis1, axis2), np.asarray(np.trace(a, offset, axis1, axis2)))
            same(vt.trace(x), np.asarray(np.trace(a)))
    a = values(dtype, (4, 4))
    for target in (None, "float32") if dtype not in ("complex64", "complex128") else (None,):
        same(vt.trace(vt.asarray(a), dtype=target), np.asarray(np.trace(a, dtype=target)))


def test_trace_types_out_and_views():
    for dtype in ("bool", "int8", "uint8", "int32", "uint32"):
        a = np.ones((3, 4), dtype)
        same(vt.trace(vt.asarray(a)), np.asarray(np.trace(a)))
    same(vt.trace([[1, 2], [3, 4]]), np.asarray(np.trace([[1, 2], [3, 4]])))
    same(vt.diagonal([[1, 2], [3, 4]]), np.diagonal([[1, 2], [3, 4]]))
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    out = vt.zeros(4, dtype=vt.float64)
    assert vt.trace(vt.asarray(a), 0, 0, 1, None, out) is out
    same(out, np.trace(a, out=np.zeros(4)))
    x = vt.asarray(a)
    diagonal = vt.diagonal(x, 1, 2, 0)  # x[i + 1, :, i]
    same(diagonal, np.diagonal(a, 1, 2, 0))
    diagonal[...] = -1  # a view of x (NumPy's is read-only)
    expected = a.copy()
    expected[1, :, 0] = -1
    same(x, expected)


def test_trace_and_diagonal_errors():
    for name in ("trace", "diagonal"):
        function = getattr(vt, name)
        names_error(ValueError, name, function, vt.zeros(3))
        assert "cannot be the same" in names_error(ValueError, name, function, vt.zeros((3, 3)), 0, 1, 1)
        names_error(ValueError, name, function, vt.zeros((3, 3)), 0, 0, -2)
        assert "axis1" in names_error(AxisError, name, function, vt.zeros((3, 3)), 0, 2, 1)
        assert "axis2" in names_error(AxisError, name, function, vt.zeros((3, 3)), 0, 0, -3)
        names_error(TypeError, name, function, vt.zeros((3, 3)), 1.0)


# -- cross -----------------------------------------------------------------------------------------------------------
def numpy_cross(a: np.ndarray, b: np.ndarray, **kwargs: object) -> np.ndarray:
    """NumPy's cross product; for 2-vectors, which NumPy 2.5 no longer takes, the formulas NumPy 2.4 used."""
    a, b = np.asarray(a), np.asarray(b)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            return np.asarray(np.cross(a, b, **kwargs))
    except ValueError:
        axis = kwargs.get("axis")
        axisa, axisb, axisc = (axis,) * 3 if axis is not None else (
            kwargs.get("axisa", -1), kwargs.get("axisb", -1), kwargs.get("axisc", -1))
        a, b = np.moveaxis(a, axisa, -1), np.moveaxis(b, axisb, -1)
        if 2 not in (a.shape[-1], b.shape[-1]) or not {a.shape[-1], b.shape[-1]} <= {2, 3}:
            raise
    shape = np.broadcast(a[..., 0], b[..., 0]).shape
    a0, a1, b0, b1 = a[..., 0], a[..., 1], b[..., 0], b[..., 1]
    if a.shape[-1] == b.shape[-1] == 2:
        product = np.empty(shape, np.promote_types(a.dtype, b.dtype))
        np.multiply(a0, b1, out=product)
        product -= a1 * b0
        return product
    product = np.empty((*shape, 3), np.promote_types(a.dtype, b.dtype))
    if a.shape[-1] == 2:
        np.multiply(a1, b[..., 2], out=product[..., 0])
        np.negative(np.multiply(a0, b[..., 2], out=product[..., 1]), out=product[..., 1])
    else:
        np.negative(np.multiply(a[..., 2], b1, out=product[..., 0]), out=product[..., 0])
        np.multiply(a[..., 2], b0, out=product[..., 1])
    np.multiply(a0, b1, out=product[..., 2])
    product[..., 2] -= a1 * b0
    return np.moveaxis(product, -1, axisc)


def check_cross(a: np.ndarray, b: np.ndarray, x: object, y: object, **kwargs: object) -> None:
    """vt's cross product of x and y as NumPy's of a and b (the same values), with NumPy's DeprecationWarning for
    2-vectors."""
    expected = numpy_cross(a, b, **kwargs)
    axisa, axisb = kwargs.get("axis", kwargs.get("axisa", -1)), kwargs.get("axis", kwargs.get("axisb", -1))
    if 2 in (a.shape[axisa], b.shape[axisb]):
        with pytest.warns(DeprecationWarning, match="2-dimensional vectors are deprecated"):
            found = vt.cross(x, y, **kwargs)
    else:
        found = vt.cross(x, y, **kwargs)
    if expected.dtype.kind == "c":  # vt's complex products may round differently from NumPy's (by an ulp)
        same(found, expected, rtol=8 * ULP[expected.real.dtype.name], atol=1e3 * ULP[expected.real.dtype.name])
    else:
        same(found, expected)


@pytest.mark.parametrize("dtype", NUMBERS)
def test_cross(dtype):
    for m in (2, 3):
        for n in (2, 3):
            for batch_a, batch_b in [((), ()), ((5,), (5,)), ((4, 1), (3,)), ((0,), (1,))]:
                a, b = values(dtype, (*batch_a, m)), values(dtype, (*batch_b, n), seed=1)
                for x, y in zip(forms(a)[:2], forms(b)[:2], strict=True):
                    check_cross(a, b, x, y)
            a, b = values(dtype, (m, 4)), values(dtype, (5, 1, n), seed=1)
            check_cross(a, b, vt.asarray(a), vt.asarray(b), axisa=0, axisb=-1, axisc=0)
            check_cross(a, b, vt.asarray(a), vt.asarray(b), axisa=-2, axisb=2, axisc=-1)
            a, b = values(dtype, (m, 3)), values(dtype, (n, 3), seed=1)
            check_cross(a, b, forms(a)[2], forms(b)[2], axis=0)


def test_cross_special_values_and_types():
    specials = np.array([0.0, -0.0, 1.0, -2.0, np.inf, -np.inf, np.nan])
    pairs = np.array(np.meshgrid(specials, specials, specials)).reshape(3, -1).T
    for m in (2, 3):
        for n in (2, 3):
            a, b = pairs[:, :m], pairs[::-1, :n]
            check_cross(a, b, vt.asarray(a), vt.asarray(b))
    a, b = np.array([1, 2, 3], np.int8), np.array([4, 5, 6], np.float32)
    check_cross(a, b, vt.asarray(a), vt.asarray(b))
    a = np.array([200, 3, 7], np.uint8)
    check_cross(a, a[::-1], vt.asarray(a), vt.asarray(a[::-1]))  # wraps as NumPy's
    check_cross(np.array([1, 2]), np.array([1j, 2]), [1, 2], vt.asarray([1j, 2]))


def test_cross_errors():
    x = vt.ones((4, 3))
    assert "incompatible dimensions" in names_error(ValueError, "cross", vt.cross, vt.ones(4), vt.ones(3))
    assert "zero dimension" in names_error(ValueError, "cross", vt.cross, 1, [1, 2, 3])
    names_error(TypeError, "cross", vt.cross, vt.asarray([True, False, True]), vt.asarray([True, True, False]))
    with pytest.warns(DeprecationWarning):
        names_error(TypeError, "cross", vt.cross, vt.asarray([True, False]), vt.asarray([True, True, False]))
    assert "axisa" in names_error(AxisError, "cross", vt.cross, x, x, axisa=2)
    assert "axisb" in names_error(AxisError, "cross", vt.cross, x, x, axisb=-3)
    assert "axisc" in names_error(AxisError, "cross", vt.cross, x, x, axisc=2)
    names_error(AxisError, "cross", vt.cross, x, x, axis=2)
    names_error(ValueError, "cross", vt.cross, vt.ones((5, 3)), x)
    with pytest.warns(DeprecationWarning):
        same(vt.cross(vt.ones((4, 2)), vt.ones((4, 2)), axisc=5), numpy_cross(np.ones((4, 2)), np.ones((4, 2)),
                                                                               axisc=5))
