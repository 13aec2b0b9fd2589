"""Bad arguments raise NumPy's exception types (and messages, where they say something useful) before any
kernel runs: shapes, axes, dtypes, scalar conversions, random distributions' parameters."""

from __future__ import annotations

import math

import numpy as np
import pytest

import vulkit as vt

# (name, call, exception, message pattern)
SHAPES = [
    ("reshape two unknown", lambda: vt.arange(6).reshape(-1, -2), ValueError, "negative dimensions"),
    ("reshape negative", lambda: vt.reshape(vt.arange(6), (-2, -3)), ValueError, "negative dimensions"),
    ("reshape two -1", lambda: vt.arange(6).reshape(-1, -1), ValueError, "reshape: can only specify one unknown"),
    ("reshape size", lambda: vt.reshape(vt.arange(6), (4, 2)), ValueError, "reshape: cannot reshape array of size 6"),
    ("reshape float", lambda: vt.arange(6).reshape(2.0, 3), TypeError, "float"),
    ("reshape bool", lambda: vt.reshape(vt.arange(6), (True, 6)), TypeError, "boolean"),
    ("broadcast_to negative", lambda: vt.broadcast_to(vt.ones(1), (-1,)), ValueError, "negative dimensions"),
    ("broadcast_to float", lambda: vt.broadcast_to(vt.ones(1), (2.5,)), TypeError, "float"),
    ("broadcast_shapes negative", lambda: vt.broadcast_shapes((1,), (-1,)), ValueError, "negative dimensions"),
    ("broadcast_shapes float", lambda: vt.broadcast_shapes((1,), (2.0,)), TypeError, "float"),
    ("zeros negative", lambda: vt.zeros((2, -1)), ValueError, "negative dimensions"),
    ("zeros float", lambda: vt.zeros((2.5,)), TypeError, "float"),
    ("zeros str", lambda: vt.zeros("3"), TypeError, "str"),
    ("full negative", lambda: vt.full(-1, 0.0), ValueError, "negative dimensions"),
    ("eye negative", lambda: vt.eye(-1), ValueError, "negative dimensions"),
    ("eye float", lambda: vt.eye(2.5), TypeError, "float"),
    ("random size", lambda: vt.random.uniform(size=(2, -1)), ValueError, "negative dimensions"),
]


@pytest.mark.parametrize("name", [c[0] for c in SHAPES])
def test_invalid_shapes_raise(name):
    _, call, error, match = next(c for c in SHAPES if c[0] == name)
    with pytest.raises(error, match=match):
        call()


def test_valid_shape_spellings():
    x = vt.arange(6)
    assert x.reshape(np.int64(2), 3).shape == (2, 3) and x.reshape(-1, 2).shape == (3, 2)
    assert vt.reshape(x, 6).shape == (6,) and vt.reshape(x, [3, -1]).shape == (3, 2)
    assert vt.broadcast_to(vt.ones(1), 3).shape == (3,)
    assert vt.broadcast_shapes(3, (2, 1)) == (2, 3) and vt.broadcast_shapes() == ()
    assert vt.zeros(np.array([2, 3])).shape == (2, 3) and vt.zeros(np.int32(2)).shape == (2,)


AXES = [
    ("permute_dims", lambda x: vt.permute_dims(x, (0, 3)), "axis 3 is out of bounds for array of dimension 2"),
    ("permute_dims negative", lambda x: vt.permute_dims(x, (0, -3)), "axis -3 is out of bounds"),
    ("expand_dims", lambda x: vt.expand_dims(x, axis=4), "axis 4 is out of bounds for array of dimension 3"),
    ("squeeze", lambda x: vt.squeeze(x, axis=2), "axis 2 is out of bounds"),
    ("flip", lambda x: vt.flip(x, axis=(0, -3)), "axis -3 is out of bounds"),
    ("moveaxis source", lambda x: vt.moveaxis(x, 5, 0), "source: axis 5 is out of bounds"),
    ("moveaxis destination", lambda x: vt.moveaxis(x, 0, -3), "destination: axis -3 is out of bounds"),
]


@pytest.mark.parametrize("name", [c[0] for c in AXES])
def test_axes_out_of_range_raise_axis_error(name):
    """NumPy's AxisError is both a ValueError and an IndexError."""
    _, call, match = next(c for c in AXES if c[0] == name)
    with pytest.raises(np.exceptions.AxisError, match=match) as info:
        call(vt.ones((2, 3)))
    assert isinstance(info.value, ValueError) and isinstance(info.value, IndexError)


def test_other_axis_errors():
    x = vt.ones((2, 3))
    with pytest.raises(ValueError, match="repeated axis"):
        vt.permute_dims(x, (1, -1))
    with pytest.raises(ValueError, match="not a permutation"):
        vt.permute_dims(x, (0,))
    with pytest.raises(ValueError, match="at least 2 dimensions"):
        vt.matrix_transpose(vt.ones(3))
    with pytest.raises(TypeError):
        vt.expand_dims(x, axis=1.0)
    assert vt.permute_dims(x, (-1, 0)).shape == (3, 2)
    assert vt.expand_dims(x, axis=np.int64(0)).shape == (1, 2, 3)


def test_arange_errors():
    with pytest.raises(TypeError, match="bool"):
        vt.arange(3, dtype=vt.bool)
    with pytest.raises(ValueError, match="length"):
        vt.arange(0, math.inf)
    with pytest.raises(ValueError, match="length"):
        vt.arange(0, math.nan)


@pytest.mark.parametrize("convert", [int, float, complex])
@pytest.mark.parametrize("shape", [(2,), (0,), (2, 3)])
def test_scalar_conversions_of_arrays_of_other_sizes(convert, shape):
    with pytest.raises(TypeError, match="only length-1 arrays can be converted to Python scalars"):
        convert(vt.ones(shape))


def test_index_and_truth_value():
    with pytest.raises(TypeError, match="integer scalar arrays"):
        [1, 2][vt.ones(1, dtype=vt.int64)]  # an index must be 0-d, as NumPy's
    with pytest.raises(TypeError, match="integer scalar arrays"):
        [1, 2][vt.asarray(True)]
    with pytest.raises(ValueError, match="empty array is ambiguous"):
        bool(vt.empty(0))
    with pytest.raises(ValueError, match="more than one element"):
        bool(vt.ones(2))
    assert not bool(vt.zeros((1, 1)))


def test_random_argument_checks():
    with pytest.raises(ValueError, match="high is out of bounds for uint8"):
        vt.random.randint(0, 300, dtype="uint8")
    with pytest.raises(ValueError, match="low is out of bounds for int8"):
        vt.random.randint(-129, 0, dtype=vt.int8)
    with pytest.raises(ValueError, match="low >= high"):
        vt.random.randint(0)
    with pytest.raises(TypeError, match="float32"):
        vt.random.randint(0, 3, dtype=vt.float32)
    with pytest.raises(ValueError, match="scale < 0"):
        vt.random.normal(0, -1)
    with pytest.raises(ValueError, match="high - low < 0"):
        vt.random.uniform(1, 0)
    with pytest.raises(OverflowError, match="range exceeds"):
        vt.random.uniform(0, math.inf)
    with pytest.raises(OverflowError, match="range exceeds"):
        vt.random.uniform(math.nan, 1)
    assert vt.random.randint(0, 256, size=4, dtype="uint8").dtype == vt.uint8  # high itself is excluded
    assert vt.random.normal(0, 0, size=3).numpy().tolist() == [0.0] * 3


# functions of one array that took anything and failed on its attributes (AttributeError) before
ARRAY_TAKING = [vt.flip, vt.squeeze, vt.expand_dims, vt.transpose, vt.matrix_transpose, vt.ravel, vt.flatten,
                vt.unstack, vt.diff, vt.clip, vt.tril, vt.triu, vt.zeros_like, vt.ones_like, vt.empty_like,
                vt.broadcast_arrays, vt.meshgrid, vt.linalg.matrix_transpose]


@pytest.mark.parametrize("function", ARRAY_TAKING, ids=lambda f: f.__name__)
@pytest.mark.parametrize("value", [None, object()], ids=["None", "object"])
def test_non_arrays_raise_type_errors_naming_the_function(function, value):
    with pytest.raises(TypeError, match=rf"^{function.__name__}: expected an array, got {type(value).__name__}$"):
        function(value)


@pytest.mark.parametrize("function, args, expected", [
    (vt.flip, ([1, 2, 3],), [3, 2, 1]),
    (vt.squeeze, ([[5]],), 5),
    (vt.transpose, ([[1, 2]],), [[1], [2]]),
    (vt.ravel, ([[1, 2], [3, 4]],), [1, 2, 3, 4]),
    (vt.clip, ([1, 5, 9], 2, 6), [2, 5, 6]),
    (vt.diff, ([1, 4, 9],), [3, 5]),
    (vt.tril, ([[1, 2], [3, 4]],), [[1, 0], [3, 4]]),
    (vt.zeros_like, (np.ones((2, 3), np.int32),), np.zeros((2, 3), np.int32)),
])
def test_host_data_is_taken_as_numpy_takes_it(function, args, expected):
    got = function(*args)
    np.testing.assert_array_equal(got.numpy(), np.asarray(expected))


def test_host_data_of_a_dtype_vulkit_lacks_names_the_function():
    with pytest.raises(TypeError, match="^flip: vulkit has no dtype"):
        vt.flip(["a", "b"])
    with pytest.raises(TypeError, match="^exp: vulkit has no dtype"):
        vt.exp(None)
    with pytest.raises(TypeError, match="^erf: vulkit has no dtype"):
        vt.special.erf(["x"])


def test_other_argument_errors_name_the_function():
    with pytest.raises(TypeError, match="^from_dlpack: expected a DLPack producer"):
        vt.from_dlpack(None)
    with pytest.raises(TypeError, match="^imread: expected a path or a file object, got NoneType"):
        vt.image.imread(None)
    image = vt.zeros((8, 8), dtype=vt.bool)
    for function, inner in ((vt.image.binary_opening, "binary_erosion"), (vt.image.binary_closing, "binary_dilation")):
        with pytest.raises(RuntimeError, match=f"^{function.__name__}: structure has 0 dimensions") as info:
            function(image, "abc")
        assert inner not in str(info.value)
    with pytest.raises(TypeError, match="^grey_closing: "):
        vt.image.grey_closing(vt.zeros((8, 8)), "abc")
    with pytest.raises(TypeError, match="^fromfile: file must be a path or an open file, got NoneType"):
        vt.fromfile(None)
    with pytest.raises(TypeError, match="^trim_zeros: trim must be a string of 'f' and 'b', got 1"):
        vt.trim_zeros(vt.ones(3), 1)


@pytest.mark.parametrize("call", [lambda x, bad: vt.expand_dims(x, bad), lambda x, bad: vt.sum(x, axis=bad),
                                  lambda x, bad: vt.cumsum(x, bad), lambda x, bad: vt.flip(x, bad)],
                         ids=["expand_dims", "sum", "cumsum", "flip"])
def test_an_array_of_several_axes_is_not_an_axis(call):
    """As NumPy's operator.index: an axis is an integer (a 0-d integer array too) or a tuple or list of them; an
    array of several elements (or none) is a TypeError naming the function, not a sequence of axes."""
    x = vt.ones((3, 4))
    name = call.__code__.co_names[-1]
    for bad in (vt.zeros((0, 3)), vt.asarray([0, 1]), np.array([0, 1])):
        with pytest.raises(TypeError, match=f"^{name}: axis must be an integer or a tuple of integers"):
            call(x, bad)
    assert call(x, vt.asarray(1)).shape == call(x, 1).shape


@pytest.mark.parametrize("function, args", [(vt.pad, (None, 1)), (vt.astype, (None, vt.float32)),
                                            (vt.roll, (None, 1)), (vt.tile, (None, 2)), (vt.take, (None, [0])),
                                            (vt.take_along_axis, (None, [0]))],
                         ids=["pad", "astype", "roll", "tile", "take", "take_along_axis"])
def test_non_arrays_with_more_arguments_name_the_function(function, args):
    with pytest.raises(TypeError, match=rf"^{function.__name__}: expected an array, got NoneType$"):
        function(*args)


def test_polyder_of_a_huge_order_returns_at_once():
    """Past its length every derivative of a polynomial is the same empty array (the loop ran m times)."""
    for p, dtype in (([1, 2, 3], np.int64), ([], np.float64)):
        got = vt.polyder(p, 10**12).numpy()
        assert got.shape == (0,) and got.dtype == np.polyder(np.asarray(p, dtype=dtype), 5).dtype


def test_axis_permutations_name_the_function_called():
    x = vt.ones((2, 3))
    for call, name in ((lambda: x.transpose(5, 6), "transpose"), (lambda: vt.transpose(x, (0, 0)), "transpose"),
                       (lambda: vt.permute_dims(x, (0,)), "permute_dims"), (lambda: vt.moveaxis(x, 5, 0), "moveaxis")):
        with pytest.raises((ValueError, IndexError), match=f"^{name}: "):
            call()
