"""NumPy's shape, stacking, splitting and index-helper functions (vulkit.array.ops.numpy_shapes) against NumPy:
values, dtypes, shapes, list lengths, views, and the errors (each naming the function called)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from array_helpers import SUPPORTED
from numpy.exceptions import AxisError

import vulkit as vt
from vulkit.array.ops import numpy_shapes

DTYPES = [d for d in ("float32", "int32", "int64", "bool", "complex64") if d in SUPPORTED]
NAMES = """concatenate vstack hstack dstack column_stack atleast_1d atleast_2d atleast_3d split array_split hsplit
vsplit dsplit append insert delete fliplr flipud rot90 diag diagflat tri identity triu_indices tril_indices
triu_indices_from tril_indices_from diag_indices diag_indices_from unravel_index ravel_multi_index indices
ascontiguousarray asfortranarray copy rollaxis resize block trim_zeros apply_along_axis require""".split()
INDEX = np.dtype(vt.__array_namespace_info__().default_dtypes()["indexing"].name)


def host(dtype: str, shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    """Distinct-ish values of ``dtype`` (zeros included) in ``shape``."""
    rng = np.random.default_rng(seed)
    size = int(np.prod(shape))
    if dtype == "bool":
        return rng.integers(0, 2, size).astype(bool).reshape(shape)
    values = rng.integers(-50, 50, size)
    if dtype.startswith("complex"):
        return (values + 1j * rng.integers(-5, 5, size)).astype(dtype).reshape(shape)
    if dtype.startswith("float"):
        return (values / 4).astype(dtype).reshape(shape)
    return values.astype(dtype).reshape(shape)


def views(values: np.ndarray) -> list[tuple[np.ndarray, vt.Array]]:
    """The array as it is and as non-contiguous views (NumPy's and vulkit's alike)."""
    x = vt.asarray(values)
    found = [(values, x)]
    if values.ndim >= 2:
        found.append((values.T, x.T))
        found.append((values[::-1, ::2], x[::-1, ::2]))
    elif values.ndim == 1:
        found.append((values[::-2], x[::-2]))
    return found


def check(got, expected) -> None:
    """Equal values, dtype and shape; sequences of the same kind and length, item by item."""
    if isinstance(expected, (tuple, list)):
        assert type(got) is type(expected), (type(got), type(expected))
        assert len(got) == len(expected)
        for g, e in zip(got, expected, strict=True):
            check(g, e)
        return
    assert isinstance(got, vt.Array), type(got)
    host_got, expected = got.numpy(), np.asarray(expected)
    assert host_got.dtype == expected.dtype, (host_got.dtype, expected.dtype)
    assert host_got.shape == expected.shape, (host_got.shape, expected.shape)
    np.testing.assert_array_equal(host_got, expected)


def shares_memory(result: vt.Array, base: vt.Array) -> bool:
    """Whether writing through ``result`` (every element changed) changes ``base``: result is a view of it."""
    before = base.numpy()
    result[...] = vt.logical_not(result) if result.dtype == vt.bool else result + 1
    return not np.array_equal(before, base.numpy())


def test_every_name_is_in_the_namespace_with_a_docstring():
    assert set(numpy_shapes.__all__) == set(NAMES)
    for name in numpy_shapes.__all__:
        function = getattr(vt, name)
        assert function is getattr(numpy_shapes, name)
        assert name in vt.__all__
        assert function.__doc__ and len(function.__doc__) > 40, name
        assert function.__name__ == name
        numpy_parameters = list(inspect.signature(getattr(np, name)).parameters)
        ours = list(inspect.signature(function).parameters)
        assert [p for p in numpy_parameters if p != "like"] == [p for p in ours if p != "device"], name


# -- joining -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_concatenate(dtype):
    a, b = host(dtype, (3, 5)), host(dtype, (3, 2), seed=1)
    for (ra, xa), (rb, xb) in zip(views(a), views(b), strict=True):
        for axis in (0, 1, -1, None):
            if axis is not None and any(n != m for d, (n, m) in enumerate(zip(ra.shape, rb.shape, strict=True))
                                        if d != axis % 2):
                continue
            check(vt.concatenate([xa, xb], axis=axis), np.concatenate([ra, rb], axis=axis))
        check(vt.concatenate((xa, rb), axis=None), np.concatenate((ra, rb), axis=None))  # host data too
    empty = host(dtype, (0, 5))
    check(vt.concatenate([vt.asarray(empty), vt.asarray(a)]), np.concatenate([empty, a]))
    check(vt.concatenate([vt.asarray(a)]), np.concatenate([a]))


def test_concatenate_dtype_casting_and_out():
    a, b = host("int32", (2, 3)), host("float32", (1, 3), seed=1)
    x, y = vt.asarray(a), vt.asarray(b)
    check(vt.concatenate([x, y]), np.concatenate([a, b]))  # promotion: float64
    check(vt.concatenate([x, y], dtype=vt.float32), np.concatenate([a, b], dtype=np.float32))
    check(vt.concatenate([x, y], dtype="int16", casting="unsafe"),
          np.concatenate([a, b], dtype="int16", casting="unsafe"))
    check(vt.concatenate([x, x], dtype=vt.int32, casting="no"), np.concatenate([a, a], dtype=np.int32, casting="no"))
    check(vt.concatenate(vt.asarray(a)), np.concatenate(a))  # an array is a sequence of its rows, as NumPy
    out = vt.zeros((3, 3), dtype=vt.float32)
    assert vt.concatenate([x, y], out=out) is out
    check(out, np.concatenate([a, b], out=np.zeros((3, 3), np.float32)))
    for kwargs, numpy_kwargs in (({"dtype": vt.bool}, {"dtype": bool}), ({"dtype": "int32", "casting": "safe"},
                                                                          {"dtype": "int32", "casting": "safe"})):
        with pytest.raises(TypeError):
            np.concatenate([a, b], **numpy_kwargs)
        with pytest.raises(TypeError, match="^concatenate: cannot cast array data from (int32 to bool|float32 to "
                                            "int32) according to the rule"):
            vt.concatenate([x, y], **kwargs)
    with pytest.raises(ValueError, match="^concatenate: casting must be one of"):
        vt.concatenate([x], casting="bogus")
    with pytest.raises(TypeError, match="^concatenate: only takes `out` or `dtype`"):
        vt.concatenate([x], out=out, dtype=vt.float32)
    with pytest.raises(ValueError, match="^concatenate: output array is the wrong shape"):
        vt.concatenate([x], out=out)
    with pytest.raises(TypeError, match="^concatenate: out must be a vulkit array"):
        vt.concatenate([x], out=np.zeros((2, 3)))
    with pytest.raises(AxisError, match="^concatenate: axis 2 is out of bounds"):
        vt.concatenate([x, x], axis=2)
    with pytest.raises(ValueError, match="^concatenate: zero-dimensional"):
        vt.concatenate([vt.asarray(1), vt.asarray(2)])
    with pytest.raises(ValueError, match="^concatenate: all the input array dimensions"):
        vt.concatenate([x, y.T])
    with pytest.raises(ValueError, match="^concatenate: need at least one array"):
        vt.concatenate([])
    with pytest.raises(TypeError, match="^concatenate: expected a sequence"):
        vt.concatenate(vt.asarray(1))


@pytest.mark.parametrize("dtype", DTYPES)
def test_vstack_hstack_dstack_column_stack(dtype):
    shapes = [(), (1,), (5,), (0,), (3, 5), (1, 1), (2, 3, 4)]
    arrays = {s: host(dtype, s, seed=len(s)) for s in shapes}
    groups = [[(5,), (5,)], [(5,), (3, 5)], [()], [(1,), ()], [(0,), (0,)], [(2, 3, 4), (2, 3, 4)], [(3, 5)],
              [(1, 1), (1,), ()]]
    for group in groups:
        refs = [arrays[s] for s in group]
        for function in ("vstack", "hstack", "dstack", "column_stack"):
            try:
                expected = getattr(np, function)(refs)
            except ValueError:
                with pytest.raises(ValueError, match=f"^{function}: "):
                    getattr(vt, function)([vt.asarray(r) for r in refs])
                continue
            check(getattr(vt, function)([vt.asarray(r) for r in refs]), expected)
    a = host(dtype, (3, 5))
    for ref, x in views(a):
        for function in ("vstack", "hstack", "dstack", "column_stack"):
            check(getattr(vt, function)((x, x[::-1])), getattr(np, function)((ref, ref[::-1])))


def test_stacking_mixes_host_data_promotes_and_casts():
    a = host("int32", (2, 3))
    x = vt.asarray(a)
    check(vt.vstack([x, [1.5, 2, 3]]), np.vstack([a, [1.5, 2, 3]]))
    check(vt.hstack([x[0], np.array([7], np.int8)]), np.hstack([a[0], np.array([7], np.int8)]))
    check(vt.column_stack([x[0], [True, False, True]]), np.column_stack([a[0], [True, False, True]]))
    check(vt.dstack([x, np.ones((2, 3), np.float32)]), np.dstack([a, np.ones((2, 3), np.float32)]))
    check(vt.vstack([x, x], dtype=vt.float32), np.vstack([a, a], dtype=np.float32))
    check(vt.hstack([x, x], dtype="int8", casting="unsafe"), np.hstack([a, a], dtype="int8", casting="unsafe"))
    check(vt.vstack(x), np.vstack(a))  # an array iterates over its rows, as NumPy 2.4
    with pytest.raises(TypeError, match="^vstack: cannot cast array data from int32 to bool"):
        vt.vstack([x, x], dtype=vt.bool)
    with pytest.raises(TypeError, match="^hstack: cannot cast"):
        vt.hstack([x, x], dtype=vt.int16, casting="safe")
    with pytest.raises(ValueError, match="^vstack: all the input array dimensions"):
        vt.vstack([x, x[:, :2]])
    with pytest.raises(ValueError, match="^hstack: all the input array dimensions"):
        vt.hstack([x, x[:1]])
    with pytest.raises(ValueError, match="^dstack: need at least one array"):
        vt.dstack([])
    with pytest.raises(ValueError, match="^column_stack: all the input array dimensions"):
        vt.column_stack([x[0], x[0, :2]])
    with pytest.raises(TypeError, match="^hstack: expected a sequence"):
        vt.hstack(5)


@pytest.mark.parametrize("function", ["atleast_1d", "atleast_2d", "atleast_3d"])
def test_atleast(function):
    for dtype in DTYPES:
        for shape in [(), (1,), (7,), (0,), (2, 3), (0, 3), (2, 3, 4), (1, 2, 3, 1)]:
            values = host(dtype, shape)
            for ref, x in views(values):
                check(getattr(vt, function)(x), getattr(np, function)(ref))
    check(getattr(vt, function)(3.5, [1, 2], vt.asarray(np.ones((2, 2), np.int8))),
          getattr(np, function)(3.5, [1, 2], np.ones((2, 2), np.int8)))
    assert getattr(vt, function)() == getattr(np, function)() == ()
    x = vt.asarray(host("float32", (3,)))
    assert shares_memory(getattr(vt, function)(x), x)  # a view


def test_block():
    a, b = host("float32", (2, 2)), host("int32", (2, 3), seed=1)
    c, d = host("float32", (1, 5), seed=2), host("bool", (3,), seed=3)
    x, y, z, w = (vt.asarray(v) for v in (a, b, c, d))
    check(vt.block([[x, y], [z]]), np.block([[a, b], [c]]))
    check(vt.block([x.T, y[:, ::-1]]), np.block([a.T, b[:, ::-1]]))
    check(vt.block([w, 1, np.array([2.5, 3])]), np.block([d, 1, np.array([2.5, 3])]))
    check(vt.block([[[x]], [[x]]]), np.block([[[a]], [[a]]]))  # depth 3 > ndim 2
    check(vt.block([[1, 2], [3, 4]]), np.block([[1, 2], [3, 4]]))
    check(vt.block(x), np.block(a))
    check(vt.block(5), np.block(5))
    check(vt.block([[vt.asarray(np.zeros((0, 3), np.float32))], [y]]), np.block([[np.zeros((0, 3), np.float32)],
                                                                                    [b]]))
    result = vt.block(x)
    assert not shares_memory(result, x)  # a copy, as NumPy's
    with pytest.raises(ValueError, match=r"^block: List depths are mismatched. First element was at depth 2, but "
                                         r"there is an element at depth 1 \(arrays\[1\]\)"):
        vt.block([[x], x])
    with pytest.raises(TypeError, match=r"^block: arrays\[1\] is a tuple"):
        vt.block([x, (x, x)])
    with pytest.raises(ValueError, match=r"^block: List at arrays\[1\] cannot be empty"):
        vt.block([[x], []])
    with pytest.raises(ValueError, match="^block: List at arrays cannot be empty"):
        vt.block([])
    with pytest.raises(ValueError, match="^block: all the input array dimensions"):
        vt.block([[x, y], [x]])


# -- splitting -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_split_and_array_split(dtype):
    values = host(dtype, (7, 6))
    for ref, x in views(values):
        for axis in (0, 1, -1, -2):
            n = ref.shape[axis]
            for sections in (1, 2, 3, n, n + 2):
                check(vt.array_split(x, sections, axis=axis), np.array_split(ref, sections, axis=axis))
                if n % sections == 0:
                    check(vt.split(x, sections, axis=axis), np.split(ref, sections, axis=axis))
            for points in ([2], [1, 3], [3, 1], [-2], [0, 10], [], np.array([2, 4])):
                check(vt.split(x, points, axis=axis), np.split(ref, points, axis=axis))
                check(vt.array_split(x, points, axis=axis), np.array_split(ref, points, axis=axis))
    check(vt.split(vt.asarray(values), vt.asarray([2, 5])), np.split(values, [2, 5]))
    check(vt.split(vt.asarray(values), vt.asarray(7)), np.split(values, 7))
    check(vt.split(vt.asarray(host(dtype, (0, 3))), 3), np.split(host(dtype, (0, 3)), 3))
    check(vt.split(list(range(5)), [2]), np.split(np.arange(5), [2]))


@pytest.mark.parametrize("function", ["hsplit", "vsplit", "dsplit"])
def test_hsplit_vsplit_dsplit(function):
    for dtype in ("float32", "int64", "bool"):
        values = host(dtype, (4, 6, 2))
        for ref, x in views(values):
            for sections in (1, 2, [1, 3], [-1], [5, 2]):
                try:
                    expected = getattr(np, function)(ref, sections)
                except ValueError:
                    with pytest.raises(ValueError, match=f"^{function}: array split does not result in an equal "
                                                         "division"):
                        getattr(vt, function)(x, sections)
                    continue
                check(getattr(vt, function)(x, sections), expected)
    one = host("int32", (6,))
    check(vt.hsplit(vt.asarray(one), 3), np.hsplit(one, 3))
    two = host("int32", (4, 6))
    check(vt.hsplit(vt.asarray(two), [4]), np.hsplit(two, [4]))
    check(vt.vsplit(vt.asarray(two), 2), np.vsplit(two, 2))


def test_split_gives_views():
    x = vt.asarray(host("float32", (6, 4)))
    for parts in (vt.split(x, 2), vt.array_split(x.T, 3, axis=1), vt.hsplit(x, [1]), vt.vsplit(x, [5]),
                  vt.dsplit(vt.reshape(x, (2, 3, 4)), 2)):
        assert shares_memory(parts[-1], x)


def test_split_errors():
    x = vt.asarray(host("float32", (5, 4)))
    with pytest.raises(ValueError, match="^split: array split does not result in an equal division"):
        vt.split(x, 2)
    with pytest.raises(ValueError, match="^vsplit: array split does not result in an equal division"):
        vt.vsplit(x, 3)
    for function in (vt.split, vt.array_split):
        with pytest.raises(ValueError, match=f"^{function.__name__}: number sections must be larger than 0"):
            function(x, 0)
        with pytest.raises(ValueError, match=f"^{function.__name__}: number sections must be larger than 0"):
            function(x, -1)
        with pytest.raises(AxisError, match=f"^{function.__name__}: axis 2 is out of bounds"):
            function(x, 1, axis=2)
        with pytest.raises(AxisError, match=f"^{function.__name__}: axis 0 is out of bounds"):
            function(vt.asarray(1.0), 1)
        with pytest.raises(TypeError, match=f"^{function.__name__}: "):
            function(x, 2.5)
        with pytest.raises(TypeError, match=f"^{function.__name__}: "):
            function(x, [1.5])
        with pytest.raises(TypeError, match=f"^{function.__name__}: axis must be an integer"):
            function(x, 1, axis=(0,))
    with pytest.raises(ValueError, match="^hsplit: only works on arrays of 1 or more dimensions"):
        vt.hsplit(vt.asarray(1.0), 1)
    with pytest.raises(ValueError, match="^vsplit: only works on arrays of 2 or more dimensions"):
        vt.vsplit(x[0], 2)
    with pytest.raises(ValueError, match="^dsplit: only works on arrays of 3 or more dimensions"):
        vt.dsplit(x, 2)


# -- append, insert, delete ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_append(dtype):
    a, b = host(dtype, (3, 4)), host(dtype, (2, 4), seed=1)
    for (ra, xa), (rb, xb) in zip(views(a), views(b), strict=True):
        check(vt.append(xa, xb), np.append(ra, rb))
        if ra.shape[1:] == rb.shape[1:]:
            check(vt.append(xa, xb, axis=0), np.append(ra, rb, axis=0))
        if ra.shape[0] == rb.shape[0]:
            check(vt.append(xa, xb, axis=-1), np.append(ra, rb, axis=-1))
    check(vt.append(vt.asarray(a), [[1] * 4]), np.append(a, [[1] * 4]))
    check(vt.append(vt.asarray(a[0, 0]), a[0, 0]), np.append(a[0, 0], a[0, 0]))
    check(vt.append([], vt.asarray(a)), np.append([], a))
    with pytest.raises(ValueError, match="^append: all the input arrays must have the same number of dimensions"):
        vt.append(vt.asarray(a), vt.asarray(a[0]), axis=0)
    with pytest.raises(AxisError, match="^append: axis 2 is out of bounds"):
        vt.append(vt.asarray(a), vt.asarray(a), axis=2)
    with pytest.raises(ValueError, match="^append: zero-dimensional"):
        vt.append(vt.asarray(a[0, 0]), a[0, 0], axis=0)


INSERT_CASES = [  # (obj, values, axis)
    (0, 99, None), (5, [1, 2, 3], None), (-1, 7, None), (12, 7, None), (-12, 7, None),
    ([3, 1, 1, -1], 7, None), ([3, 1, 1, 0], [5, 6, 7, 8], None), (slice(None, None, 3), 4, None),
    (slice(1, 2), [4, 5], None), (np.array([True, False, True]), 9, None), ([], 1, None), ([2], [[4, 5, 6]], None),
    (1, 9, 0), (1, [7, 8, 9, 10], 0), (1, [7, 8, 9], 1), ([1], [[7], [8], [9]], 1), ([1], [7, 8, 9, 10], 0),
    ([0, 2, 4], 1, -1), ([0, 2, 4], [5, 6, 7], 1), ([4, 0], [[1, 2], [3, 4], [5, 6]], 1), (slice(None), 0, -2),
    (3, [[1, 2, 3, 4], [5, 6, 7, 8]], 0), (np.int64(2), 5, 1), ([-4, 4], 3, 1),
]


@pytest.mark.parametrize("dtype", DTYPES)
def test_insert(dtype):
    values = host(dtype, (3, 4))
    for ref, x in views(values)[:2]:
        for obj, new, axis in INSERT_CASES:
            try:
                expected = np.insert(ref, obj, new, axis=axis)
            except (IndexError, ValueError) as error:  # the transposed array's other shape
                with pytest.raises(type(error), match="^insert: "):
                    vt.insert(x, obj, new, axis=axis)
                continue
            check(vt.insert(x, obj, new, axis=axis), expected)
    stepped = values[::-1, ::2]
    for obj, new, axis in ((1, 5, 1), ([0, 2], [1, 2], None), (slice(None, None, -1), 0, 0)):
        check(vt.insert(vt.asarray(values)[::-1, ::2], obj, new, axis=axis), np.insert(stepped, obj, new, axis=axis))
    check(vt.insert(vt.asarray(values), 1, vt.asarray(values[0]), axis=0),
          np.insert(values, 1, values[0], axis=0))


def test_insert_casts_values_and_edge_shapes():
    a = host("int32", (5,))
    x = vt.asarray(a)
    check(vt.insert(x, 2, 7.9), np.insert(a, 2, 7.9))  # truncated into int32
    check(vt.insert(x, [1, 3], vt.asarray([1.5, -2.5])), np.insert(a, [1, 3], [1.5, -2.5]))
    check(vt.insert(vt.asarray(np.zeros(0, np.float32)), 0, [1, 2]), np.insert(np.zeros(0, np.float32), 0, [1, 2]))
    check(vt.insert(vt.asarray(np.float32(3)), 0, 1), np.insert(np.float32(3), 0, 1))
    check(vt.insert(vt.asarray(np.zeros((0, 3), np.int64)), 0, 5, axis=0),
          np.insert(np.zeros((0, 3), np.int64), 0, 5, axis=0))
    check(vt.insert(a, 1, 5), np.insert(a, 1, 5))  # NumPy input
    c = host("complex64", (4,))
    check(vt.insert(vt.asarray(c), [0, 4], 1 + 2j), np.insert(c, [0, 4], 1 + 2j))
    with pytest.raises(TypeError):
        np.insert(a, 1, 1j)
    with pytest.raises(TypeError, match="^insert: casting complex128 to int32 would drop the imaginary part"):
        vt.insert(x, 1, 1j)


def test_insert_errors():
    x = vt.asarray(host("float32", (3, 4)))
    with pytest.raises(IndexError, match="^insert: index 13 is out of bounds for axis 0 with size 12"):
        vt.insert(x, 13, 1)
    with pytest.raises(IndexError, match="^insert: index -5 is out of bounds for axis 1 with size 4"):
        vt.insert(x, [0, -5], 1, axis=1)
    with pytest.raises(ValueError, match="^insert: index array argument obj to insert must be one dimensional"):
        vt.insert(x, [[1]], 1)
    with pytest.raises(ValueError, match="^insert: boolean array argument obj to insert must be one dimensional"):
        vt.insert(x, np.array(True), 1)
    with pytest.raises(IndexError, match="^insert: arrays used as indices must be of integer"):
        vt.insert(x, [1.0, 2.0], 1)
    with pytest.raises(ValueError, match="^insert: could not broadcast input array from shape"):
        vt.insert(x, 1, [1, 2], axis=0)
    with pytest.raises(ValueError, match="^insert: could not broadcast"):
        vt.insert(x, [0, 1], [1, 2, 3], axis=1)
    with pytest.raises(AxisError, match="^insert: axis 2 is out of bounds"):
        vt.insert(x, 0, 1, axis=2)
    with pytest.raises(AxisError, match="^insert: axis 0 is out of bounds"):
        vt.insert(vt.asarray(1.0), 0, 1, axis=0)


DELETE_CASES = [  # (obj, axis)
    (0, None), (-1, None), (11, None), ([0, 3, 3, -1], None), ([], None), (slice(None, None, 2), None),
    (slice(5, 1, -1), None), (slice(20, 30), None), (np.array([1]), None), (np.uint8(3), None),
    (1, 0), ([0, 2], 0), (np.array([True, False, True]), 0), (slice(None), 0),
    (-1, 1), ([3, 0], -1), (np.array([False, True, True, False]), 1), ([], 1), (slice(1, 3), -1),
]


@pytest.mark.parametrize("dtype", DTYPES)
def test_delete(dtype):
    values = host(dtype, (3, 4))
    for ref, x in views(values):
        for obj, axis in DELETE_CASES:
            try:
                expected = np.delete(ref, obj, axis=axis)
            except (IndexError, ValueError) as error:  # the transposed and stepped arrays' other shapes
                with pytest.raises(type(error), match="^delete: "):
                    vt.delete(x, obj, axis=axis)
                continue
            check(vt.delete(x, obj, axis=axis), expected)
    x = vt.asarray(values)
    assert not shares_memory(vt.delete(x, [], axis=0), x)
    check(vt.delete([1, 2, 3], 1), np.delete([1, 2, 3], 1))
    check(vt.delete(vt.asarray(np.zeros((0, 2), np.float32)), [], axis=0),
          np.delete(np.zeros((0, 2), np.float32), [], axis=0))
    check(vt.delete(vt.asarray(np.float32(2)), 0), np.delete(np.float32(2), 0))


def test_delete_errors():
    x = vt.asarray(host("int32", (3, 4)))
    with pytest.raises(IndexError, match="^delete: index 12 is out of bounds for axis 0 with size 12"):
        vt.delete(x, 12)
    with pytest.raises(IndexError, match="^delete: index -4 is out of bounds for axis 0 with size 3"):
        vt.delete(x, [0, -4], axis=0)
    with pytest.raises(ValueError, match="^delete: boolean array argument obj to delete must be one dimensional "
                                         "and match the axis length of 4"):
        vt.delete(x, [True, False], axis=1)
    with pytest.raises(IndexError, match="^delete: arrays used as indices must be of integer"):
        vt.delete(x, 1.0)
    with pytest.raises(AxisError, match="^delete: axis -3 is out of bounds"):
        vt.delete(x, 0, axis=-3)


# -- flips and rotations -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_flips_and_rotations(dtype):
    for shape in [(3, 5), (2, 3, 4), (1, 1), (0, 3)]:
        values = host(dtype, shape)
        for ref, x in views(values):
            check(vt.fliplr(x), np.fliplr(ref))
            check(vt.flipud(x), np.flipud(ref))
            for k in (-1, 0, 1, 2, 3, 4, 7):
                check(vt.rot90(x, k), np.rot90(ref, k))
            for axes in ((1, 0), (-1, 0), (0, -1)):
                check(vt.rot90(x, 1, axes), np.rot90(ref, 1, axes))
                check(vt.rot90(x, k=3, axes=axes), np.rot90(ref, k=3, axes=axes))
    one = host(dtype, (5,))
    for ref, x in views(one):
        check(vt.flipud(x), np.flipud(ref))
    x = vt.asarray(host(dtype, (3, 4)))
    for result in (vt.fliplr(x), vt.flipud(x), vt.rot90(x), vt.rot90(x, 2), vt.rot90(x, 0), vt.rot90(x, 3)):
        assert shares_memory(result, x)


def test_flip_and_rotation_errors():
    x = vt.asarray(host("float32", (3, 4)))
    with pytest.raises(ValueError, match="^fliplr: Input must be >= 2-d"):
        vt.fliplr(x[0])
    with pytest.raises(ValueError, match="^flipud: Input must be >= 1-d"):
        vt.flipud(x[0, 0])
    with pytest.raises(ValueError, match="^rot90: len\\(axes\\) must be 2"):
        vt.rot90(x, axes=(0,))
    with pytest.raises(ValueError, match="^rot90: repeated axis"):
        vt.rot90(x, axes=(0, -2))
    with pytest.raises(ValueError, match="^rot90: axis 2 is out of bounds"):
        vt.rot90(x, axes=(0, 2))
    with pytest.raises(ValueError, match="^rot90: axis 1 is out of bounds"):
        vt.rot90(x[0])
    with pytest.raises(TypeError, match="^rot90: "):
        vt.rot90(x, 1.5)


def test_rollaxis():
    values = host("int32", (2, 3, 4, 5))
    for ref, x in views(values):
        for axis in range(-4, 4):
            for start in range(-4, 5):
                check(vt.rollaxis(x, axis, start), np.rollaxis(ref, axis, start))
    x = vt.asarray(values)
    assert shares_memory(vt.rollaxis(x, 3, 1), x)
    with pytest.raises(AxisError, match="^rollaxis: axis 4 is out of bounds"):
        vt.rollaxis(x, 4)
    with pytest.raises(AxisError, match="^rollaxis: 'start' arg requires -4 <= start < 5, but 5 was passed in"):
        vt.rollaxis(x, 0, 5)
    with pytest.raises(AxisError, match="^rollaxis: 'start' arg requires"):
        vt.rollaxis(x, 0, -5)


# -- diagonals and triangles ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_diag_and_diagflat(dtype):
    for shape in [(4, 6), (5, 3), (1, 1), (0, 3), (3, 0)]:
        values = host(dtype, shape)
        for ref, x in views(values):
            for k in range(-6, 7):
                check(vt.diag(x, k), np.diag(ref, k))
                check(vt.diagflat(x, k), np.diagflat(ref, k))
    for n in (0, 1, 7):
        values = host(dtype, (n,))
        for ref, x in views(values):
            for k in (-3, -1, 0, 2):
                check(vt.diag(x, k), np.diag(ref, k))
                check(vt.diagflat(x, k=k), np.diagflat(ref, k=k))
    check(vt.diagflat(values[0]), np.diagflat(values[0]))  # 0-d, host
    check(vt.diag([1, 2]), np.diag([1, 2]))


def test_diag_of_a_matrix_is_a_view_and_errors():
    x = vt.asarray(host("float32", (4, 5)))
    assert shares_memory(vt.diag(x, 1), x)
    assert shares_memory(vt.diag(x.T[::-1], -1), x)
    with pytest.raises(ValueError, match="^diag: Input must be 1- or 2-d"):
        vt.diag(vt.reshape(x, (2, 2, 5)))
    with pytest.raises(ValueError, match="^diag: Input must be 1- or 2-d"):
        vt.diag(x[0, 0])
    with pytest.raises(TypeError, match="^diagflat: "):
        vt.diagflat(x, 1.5)


def test_tri_and_identity():
    for n, m, k in [(3, None, 0), (4, 6, 1), (5, 2, -2), (0, 3, 0), (3, 0, 0), (4, 4, 10**12), (4, 4, -10**12),
                    (1, 1, -1)]:
        check(vt.tri(n, m, k), np.tri(n, m, k))
        for dtype in DTYPES:
            check(vt.tri(n, M=m, k=k, dtype=dtype), np.tri(n, M=m, k=k, dtype=dtype))
    for n in (0, 1, 5):
        check(vt.identity(n), np.identity(n))
        for dtype in DTYPES:
            check(vt.identity(n, dtype=dtype), np.identity(n, dtype=dtype))
    with pytest.raises(ValueError, match="^tri: negative dimensions"):
        vt.tri(-1)
    with pytest.raises(TypeError, match="^tri: "):
        vt.tri(3, k=0.5)
    with pytest.raises(ValueError, match="^identity: negative dimensions"):
        vt.identity(-2)
    with pytest.raises(TypeError, match="^identity: "):
        vt.identity(2.0)


def test_triangle_indices():
    for n, k, m in [(4, 0, None), (4, 1, None), (4, -1, None), (5, 2, 3), (3, -2, 6), (0, 0, None), (1, 0, None),
                    (3, 10, None), (3, -10, None), (7, 0, 1), (3, 0, -2)]:
        check(vt.triu_indices(n, k, m), np.triu_indices(n, k, m))
        check(vt.tril_indices(n, k=k, m=m), np.tril_indices(n, k=k, m=m))
        assert vt.triu_indices(n, k, m)[0].dtype == INDEX
        values = host("float32", (n, max(0, n if m is None else m)))
        if m is not None and m < 0:
            continue
        for ref, x in views(values):
            check(vt.triu_indices_from(x, k), np.triu_indices_from(ref, k))
            check(vt.tril_indices_from(x, k=k), np.tril_indices_from(ref, k=k))
        check(vt.triu_indices_from(values, k), np.triu_indices_from(values, k))  # NumPy input
    x = vt.asarray(host("float32", (4, 5)))
    row, col = vt.triu_indices_from(x, 1)
    np.testing.assert_array_equal(x[row, col].numpy(), x.numpy()[np.triu_indices_from(x.numpy(), 1)])
    with pytest.raises(ValueError, match="^triu_indices_from: input array must be 2-d"):
        vt.triu_indices_from(x[0])
    with pytest.raises(ValueError, match="^tril_indices_from: input array must be 2-d"):
        vt.tril_indices_from(vt.reshape(x, (2, 2, 5)))
    with pytest.raises(TypeError, match="^triu_indices: "):
        vt.triu_indices("4")


def test_diag_indices():
    for n, ndim in [(0, 2), (1, 2), (4, 2), (3, 3), (5, 1), (2, 0)]:
        check(vt.diag_indices(n, ndim), np.diag_indices(n, ndim))
    pair = vt.diag_indices(3)
    assert pair[0] is pair[1]  # one array, as NumPy
    for shape in [(4, 4), (3, 3, 3), (0, 0), (1, 1)]:
        values = host("int32", shape)
        for ref, x in views(values)[:2]:
            check(vt.diag_indices_from(x), np.diag_indices_from(ref))
    x = vt.asarray(host("int32", (4, 4)))
    x[vt.diag_indices_from(x)] = 0
    assert not np.diag(x.numpy()).any()
    with pytest.raises(ValueError, match="^diag_indices_from: input array must be at least 2-d"):
        vt.diag_indices_from(x[0])
    with pytest.raises(ValueError, match="^diag_indices_from: All dimensions of input must be of equal length"):
        vt.diag_indices_from(x[:3])


# -- flat and multi-dimensional indices ----------------------------------------------------------------------------
@pytest.mark.parametrize("index_dtype", ["int32", "int64", "uint8", "bool"])
def test_unravel_index(index_dtype):
    for shape in [(7,), (3, 4), (2, 1, 5), (1, 1), (3, 2, 2, 3), 6]:
        size = int(np.prod(shape))
        flat = (np.arange(size) * 5 % size).astype(index_dtype) if index_dtype != "bool" else \
            np.arange(size) % 2 == 1
        for order in ("C", "F"):
            for ref, x in views(flat.reshape(-1, 1) if size % 2 else flat.reshape(2, -1)):
                check(vt.unravel_index(x, shape, order), np.unravel_index(ref, shape, order))
                check(vt.unravel_index(x, shape, order=order), np.unravel_index(ref, shape, order=order))
    check(vt.unravel_index(5, (2, 3)), tuple(np.asarray(c) for c in np.unravel_index(5, (2, 3))))
    check(vt.unravel_index([1, 0], (2,)), np.unravel_index([1, 0], (2,)))
    check(vt.unravel_index(vt.asarray(np.zeros(0, np.int64)), (2, 0)),
          np.unravel_index(np.zeros(0, np.int64), (2, 0)))
    assert vt.unravel_index(0, ()) == ()
    first, second = vt.unravel_index(vt.asarray([0]), (1, 1))
    assert first is not second


def test_unravel_index_errors():
    with pytest.raises(ValueError, match="^unravel_index: index 12 is out of bounds for array with size 12"):
        vt.unravel_index(vt.asarray([3, 12]), (3, 4))
    with pytest.raises(ValueError, match="^unravel_index: index -1 is out of bounds for array with size 12"):
        vt.unravel_index([-1, 100], (3, 4))
    with pytest.raises(TypeError, match="^unravel_index: only int indices permitted"):
        vt.unravel_index(vt.asarray([1.0]), (3, 4))
    with pytest.raises(TypeError, match="^unravel_index: only int indices permitted"):
        vt.unravel_index([], (3, 4))  # an empty list is float64, as NumPy says
    with pytest.raises(ValueError, match="^unravel_index: only 'C' or 'F' order is permitted"):
        vt.unravel_index(1, (3, 4), order="A")
    with pytest.raises(ValueError, match="^unravel_index: cannot unravel if shape has zero entries"):
        vt.unravel_index(0, (3, 0))
    with pytest.raises(ValueError, match="^unravel_index: negative dimensions"):
        vt.unravel_index(0, (3, -1))


def test_ravel_multi_index():
    rows = np.array([[0, 2, 1], [1, 0, 2]])
    cols = np.array([3, 0, 1])  # broadcast against rows
    for dims in [(3, 4), (3, 5)]:
        for order in ("C", "F"):
            check(vt.ravel_multi_index((vt.asarray(rows), vt.asarray(cols)), dims, order=order),
                  np.ravel_multi_index((rows, cols), dims, order=order))
            check(vt.ravel_multi_index((rows.T, cols[:2]), dims, order=order),
                  np.ravel_multi_index((rows.T, cols[:2]), dims, order=order))
    wild = (np.array([-4, -1, 0, 2, 3, 7], np.int32), np.array([9, -9, 1, 4, 0, 3], np.int64))
    for mode in ("wrap", "clip", ("wrap", "clip"), ["clip", "wrap"]):
        for order in ("C", "F"):
            check(vt.ravel_multi_index(tuple(vt.asarray(c) for c in wild), (3, 4), mode=mode, order=order),
                  np.ravel_multi_index(wild, (3, 4), mode=mode, order=order))
    three = (np.array([1, 0]), np.array([0, 2]), np.array([True, False]))
    check(vt.ravel_multi_index(three, (2, 3, 2)), np.ravel_multi_index(three, (2, 3, 2)))
    check(vt.ravel_multi_index((1, 2), (3, 4)), np.asarray(np.ravel_multi_index((1, 2), (3, 4))))
    check(vt.ravel_multi_index((), ()), np.asarray(np.ravel_multi_index((), ())))
    check(vt.ravel_multi_index((vt.asarray(np.zeros(0, np.int32)),) * 2, (0, 3)),
          np.ravel_multi_index((np.zeros(0, np.int32),) * 2, (0, 3)))
    coords = vt.unravel_index(vt.asarray([0, 7, 11, 5]), (3, 4), order="F")
    check(vt.ravel_multi_index(coords, (3, 4), order="F"), np.array([0, 7, 11, 5]))


def test_ravel_multi_index_errors():
    with pytest.raises(ValueError, match="^ravel_multi_index: invalid entry in coordinates array"):
        vt.ravel_multi_index((vt.asarray([0, 3]), vt.asarray([0, 0])), (3, 4))
    with pytest.raises(ValueError, match="^ravel_multi_index: invalid entry in coordinates array"):
        vt.ravel_multi_index(([0, -1], [0, 0]), (3, 4))
    with pytest.raises(ValueError, match="^ravel_multi_index: invalid entry"):
        vt.ravel_multi_index(([0, 9], [0, 9]), (3, 4), mode=("wrap", "raise"))
    with pytest.raises(ValueError, match="^ravel_multi_index: parameter multi_index must be a sequence of length 2"):
        vt.ravel_multi_index(([0], [0], [0]), (3, 4))
    with pytest.raises(ValueError, match="^ravel_multi_index: clipmode must be one of"):
        vt.ravel_multi_index(([0], [0]), (3, 4), mode="bogus")
    with pytest.raises(ValueError, match=r"^ravel_multi_index: list of clipmodes has wrong length \(1 instead of 2\)"):
        vt.ravel_multi_index(([0], [0]), (3, 4), mode=("wrap",))
    with pytest.raises(ValueError, match="^ravel_multi_index: only 'C' or 'F' order"):
        vt.ravel_multi_index(([0], [0]), (3, 4), order="K")
    with pytest.raises(TypeError, match="^ravel_multi_index: only int indices permitted"):
        vt.ravel_multi_index(([0.0], [0]), (3, 4))
    with pytest.raises(ValueError, match="^ravel_multi_index: operands could not be broadcast"):
        vt.ravel_multi_index(([0, 1], [0, 1, 2]), (3, 4))
    with pytest.raises(ValueError, match="^ravel_multi_index: invalid dims"):
        vt.ravel_multi_index(([0], [0]), (2**40, 2**40))
    with pytest.raises(ValueError, match="^ravel_multi_index: cannot wrap coordinates into a dimension of size 0"):
        vt.ravel_multi_index(([0], [0]), (0, 3), mode="wrap")


def test_indices():
    for dims in [(2, 3), (3,), (2, 1, 4), (0, 3), ()]:
        check(vt.indices(dims), np.indices(dims))
        check(vt.indices(dims, sparse=True), np.indices(dims, sparse=True))
        for dtype in ("int32", "float32", "uint8"):
            check(vt.indices(dims, dtype=dtype), np.indices(dims, dtype=dtype))
            check(vt.indices(dims, dtype, True), np.indices(dims, dtype, True))
    with pytest.raises(ValueError, match="^indices: negative dimensions"):
        vt.indices((2, -1))
    with pytest.raises(TypeError, match="^indices: "):
        vt.indices((2.5,))


# -- copies and sizes ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", DTYPES)
def test_ascontiguousarray_asfortranarray_and_copy(dtype):
    for shape in [(), (1,), (5,), (3, 4), (0, 2)]:
        values = host(dtype, shape)
        for ref, x in views(values):
            result = vt.ascontiguousarray(x)
            check(result, np.ascontiguousarray(ref))
            assert result._contig
            for order in ("K", "A", "C", "F"):
                copied = vt.copy(x, order=order)
                check(copied, np.copy(ref, order=order))
                if x.size > 1:
                    assert not shares_memory(copied, x)
            fortran = vt.asfortranarray(x)
            check(fortran, np.asfortranarray(ref))
            assert vt.isfortran(fortran) == np.isfortran(np.asfortranarray(ref))
    x = vt.asarray(host(dtype, (3, 4)))
    assert vt.asfortranarray(x.T) is not x and vt.asfortranarray(x).strides == (1, 3)
    f = vt.asfortranarray(x)
    assert vt.asfortranarray(f) is f  # already in Fortran order: no copy, as NumPy
    wide = "complex128" if x.dtype.kind == "c" else "float64"
    check(vt.asfortranarray(x, dtype=wide), np.asfortranarray(x.numpy(), dtype=wide))
    assert vt.ascontiguousarray(x) is x  # already contiguous: no copy, as NumPy
    assert vt.ascontiguousarray(x.T) is not x
    assert vt.copy(x) is not x
    assert vt.copy(x, order="F").strides == (1, 3)
    check(vt.ascontiguousarray(x, dtype=vt.complex64), np.ascontiguousarray(x.numpy(), dtype=np.complex64))
    check(vt.ascontiguousarray([[1, 2]], dtype="float32"), np.ascontiguousarray([[1, 2]], dtype="float32"))
    check(vt.copy([1.5, 2]), np.copy([1.5, 2]))
    with pytest.raises(ValueError, match="^copy: order must be one of"):
        vt.copy(x, order="X")
    with pytest.raises(TypeError, match="^ascontiguousarray: "):
        vt.ascontiguousarray(x, dtype="no such dtype")


@pytest.mark.parametrize("dtype", DTYPES)
def test_resize(dtype):
    for shape in [(3, 4), (5,), (), (1,)]:
        values = host(dtype, shape)
        for ref, x in views(values):
            for new_shape in [(5, 5), 7, (2, 3), (0,), (13,), (2, 0, 3), (), 1, (3, 1, 7)]:
                check(vt.resize(x, new_shape), np.resize(ref, new_shape))
    empty = host(dtype, (0, 3))
    check(vt.resize(vt.asarray(empty), (2, 2)), np.resize(empty, (2, 2)))
    check(vt.resize(values, 3), np.resize(values, 3))  # NumPy input
    with pytest.raises(ValueError, match="^resize: negative dimensions"):
        vt.resize(vt.asarray(values), (-1, 2))
    with pytest.raises(TypeError, match="^resize: "):
        vt.resize(vt.asarray(values), (2.5,))


@pytest.mark.parametrize("dtype", DTYPES)
def test_trim_zeros(dtype):
    cases = [np.array([0, 0, 3, 0, 1, 0, 0]), np.array([1, 0, 2]), np.zeros(4, int), np.zeros(0, int),
             np.array([[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 3, 0], [0, 0, 0, 0]]), np.zeros((2, 3), int),
             np.array([[0, 5, 0]])]
    for values in cases:
        values = values.astype(dtype)
        for ref, x in views(values):
            for trim in ("fb", "f", "b", "BF"):
                for axis in (None, 0, -1, (0,), (0, -1)):
                    if x.ndim == 1 and axis == (0, -1):
                        continue
                    check(vt.trim_zeros(x, trim, axis), np.trim_zeros(ref, trim, axis))
    special = np.array([0.0, -0.0, np.nan, 0.0, 2.0, -0.0], np.float32)
    check(vt.trim_zeros(vt.asarray(special)), np.trim_zeros(special))
    x = vt.asarray(host("float32", (3,)))
    assert vt.trim_zeros(vt.asarray(np.float32(0))).shape == np.trim_zeros(np.float32(0)).shape
    check(vt.trim_zeros([0, 1, 0]), np.array([1]))
    with pytest.raises(ValueError, match="^trim_zeros: unexpected character"):
        vt.trim_zeros(x, "x")
    with pytest.raises(AxisError, match="^trim_zeros: axis 1 is out of bounds"):
        vt.trim_zeros(x, axis=1)


@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_apply_along_axis(axis):
    """Scalar, vector and matrix results of a function of each 1-d slice, stacked where the axis was, as NumPy's;
    extra arguments passed on; a strided input; errors naming the function."""
    a = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4) - 7
    x = vt.asarray(a)
    cases = [(lambda v, p: vt.sum(v * p), lambda v, p: np.sum(v * p)),
             (lambda v, p: vt.stack([v[0], v[-1], v[0] * p]), lambda v, p: np.stack([v[0], v[-1], v[0] * p])),
             (lambda v, p: vt.outer(v, v) + p, lambda v, p: np.outer(v, v) + p)]
    for ours, theirs in cases:
        np.testing.assert_array_equal(vt.apply_along_axis(ours, axis, x, 2.0).numpy(),
                                      np.apply_along_axis(theirs, axis, a, 2.0))
    np.testing.assert_array_equal(vt.apply_along_axis(lambda v: vt.max(v), axis, x[:, ::2]).numpy(),
                                  np.apply_along_axis(np.max, axis, a[:, ::2]))
    with pytest.raises(ValueError, match="^apply_along_axis: Cannot apply_along_axis"):
        vt.apply_along_axis(vt.sum, 0, vt.zeros((3, 0)))
    with pytest.raises(ValueError, match="^apply_along_axis: the function's results differ"):
        vt.apply_along_axis(lambda v: v[: int(v[0]) % 2 + 1], 1, vt.asarray([[0.0, 1.0], [1.0, 2.0]]))


def test_require():
    a = np.arange(12.0).reshape(3, 4)
    x = vt.asarray(a)
    assert vt.require(x) is x and vt.require(x, requirements="C") is x
    for requirements in ("C", ["F"], ("C", "A", "W", "E"), ["F_CONTIGUOUS"], "AW", ["O"]):
        ours = vt.require(x.T, "float32", requirements)
        theirs = np.require(a.T, "float32", requirements)
        assert ours.dtype.name == "float32"
        np.testing.assert_array_equal(ours.numpy(), theirs)
        if "F" in requirements or "F_CONTIGUOUS" in requirements:
            assert vt.isfortran(ours) and np.isfortran(theirs)
        if "C" in requirements:
            assert ours._contig and theirs.flags.c_contiguous
    owned = vt.require(x, requirements="O")
    assert owned is not x and not vt.shares_memory(owned, x)
    assert vt.require([1, 2], requirements="O").numpy().tolist() == [1, 2]
    with pytest.raises(ValueError, match="require: cannot specify both C and F"):
        vt.require(x, requirements="CF")
    with pytest.raises(KeyError, match="require: unknown requirement 'Z'"):
        vt.require(x, requirements="Z")
