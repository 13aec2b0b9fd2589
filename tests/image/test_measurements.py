"""scipy.ndimage's measurements over labelled regions (image/measurements.py), against scipy.ndimage: input dtypes,
labels absent, small, negative or large (numbered first), broadcast against the input; an index absent, scalar
(present or not), a list, a 2-D array or a vulkit array; empty regions (NaN means, as scipy's)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.ndimage as ndi

import vulkit as vt

NAMES = ["sum_labels", "sum", "mean", "variance", "standard_deviation"]
INDEXES = [None, 2, 9, [1, 2, 7], np.array([[0, 3], [4, -1]])]


def _labels(kind: str, shape: tuple[int, ...]) -> np.ndarray | None:
    rng = np.random.default_rng(1)
    small = rng.integers(0, 5, shape)
    return {"none": None, "small": small, "spread": small * 1000 - 3, "row": small[:1]}[kind]


def _scipy(name: str, *args):
    with warnings.catch_warnings():  # empty regions: NaN, with NumPy's warnings
        warnings.simplefilter("ignore", RuntimeWarning)
        return getattr(ndi, name)(*args)


@pytest.mark.parametrize("dtype", ["uint8", "int32", "float32", "float64", "bool"])
@pytest.mark.parametrize("kind", ["none", "small", "spread", "row"])
@pytest.mark.parametrize("name", NAMES)
def test_region_statistics(name, kind, dtype):
    if dtype == "float64" and "float64" not in vt.__array_namespace_info__().dtypes():
        pytest.skip("the device has no float64")
    rng = np.random.default_rng(0)
    a = (rng.random((17, 23)) * 100).astype(dtype) if dtype != "bool" else rng.random((17, 23)) > 0.5
    labels = _labels(kind, a.shape)
    for index in INDEXES:
        got = getattr(vt.image, name)(vt.asarray(a), None if labels is None else vt.asarray(labels), index)
        expected = np.asarray(_scipy(name, a, labels, index))
        assert got.shape == expected.shape, (index, got.shape, expected.shape)
        assert got.dtype == vt.dtype(expected.dtype), (index, got.dtype, expected.dtype)
        np.testing.assert_allclose(got.numpy(), expected, rtol=2e-6 if dtype == "float32" else 1e-12,
                                   atol=1e-9, equal_nan=True)


def test_index_as_a_vulkit_array_and_host_inputs():
    a = np.arange(12.0).reshape(3, 4)
    labels = np.array([[1, 1, 2, 2], [0, 3, 3, 2], [1, 0, 0, 3]])
    got = vt.image.mean(a, labels, vt.asarray(np.array([3, 1])))
    np.testing.assert_allclose(got.numpy(), ndi.mean(a, labels, [3, 1]))
    assert vt.image.sum_labels(a).numpy() == a.sum()


@pytest.mark.parametrize("index", [None, 1, [1, 2, 3]])
def test_center_of_mass(index):
    rng = np.random.default_rng(2)
    a = rng.random((9, 11, 5))
    labels = rng.integers(0, 4, a.shape)
    got = vt.image.center_of_mass(vt.asarray(a), vt.asarray(labels), index)
    expected = ndi.center_of_mass(a, labels, index)
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == 3
        np.testing.assert_allclose([float(v) for v in got], expected, rtol=1e-12)
    else:
        assert isinstance(got, list) and len(got) == len(expected)
        np.testing.assert_allclose([[float(v) for v in point] for point in got], expected, rtol=1e-12)
    whole = vt.image.center_of_mass(vt.asarray(a))
    np.testing.assert_allclose([float(v) for v in whole], ndi.center_of_mass(a), rtol=1e-12)


def test_errors_name_the_function():
    x = vt.asarray(np.ones((4, 4), np.float32))
    with pytest.raises(TypeError, match="mean: labels must be integers"):
        vt.image.mean(x, vt.asarray(np.ones((4, 4), np.float32)))
    with pytest.raises(ValueError, match="variance: labels of shape"):
        vt.image.variance(x, np.ones((3, 4), np.int32), [1])
    with pytest.raises(TypeError, match="sum_labels: input must be real"):
        vt.image.sum_labels(vt.asarray(np.ones(3, np.complex64)))


def _spiral(n: int) -> np.ndarray:
    """One long path winding in to the centre, with gaps one pixel wide: a component of ~n^2 / 2 pixels whose
    union-find chains are long."""
    a = np.zeros((n, n), bool)
    top, left, bottom, right = 0, 0, n - 1, n - 1
    while top <= bottom and left <= right:
        a[top, left:right + 1] = True
        a[top:bottom + 1, right] = True
        if top + 2 <= bottom:
            a[bottom, left:right + 1] = True
        if left + 2 <= right:
            a[top + 2:bottom + 1, left] = True
        top, left, bottom, right = top + 2, left + 2, bottom - 2, right - 2
        if top <= bottom:
            a[top - 1, left] = True
    return a


@pytest.mark.parametrize("shape", [(20, 30), (1, 1), (7,), (5, 6, 7), (3, 4, 5, 6), (257, 129)])
@pytest.mark.parametrize("density", [0.3, 0.6])
def test_label_numbers_components_as_scipy(shape, density):
    a = np.random.default_rng(3).random(shape) < density
    for connectivity in range(1, len(shape) + 1):
        structure = ndi.generate_binary_structure(len(shape), connectivity)
        got, count = vt.image.label(vt.asarray(a), structure)
        expected, expected_count = ndi.label(a, structure)
        assert count == expected_count and got.dtype == vt.int32
        np.testing.assert_array_equal(got.numpy(), expected)


def test_label_of_long_paths_values_views_and_outputs():
    spiral = _spiral(61)
    got, count = vt.image.label(vt.asarray(spiral))
    expected, expected_count = ndi.label(spiral)
    assert count == expected_count
    np.testing.assert_array_equal(got.numpy(), expected)
    values = np.random.default_rng(4).standard_normal((33, 35)).astype(np.float32)
    values[values > 0.8] = 0.0
    values[3, 4] = np.nan  # nonzero: foreground, as scipy's
    view = vt.asarray(values)[::2, 1:]
    got, count = vt.image.label(view, np.ones((3, 3)))
    expected, expected_count = ndi.label(values[::2, 1:], np.ones((3, 3)))
    assert count == expected_count
    np.testing.assert_array_equal(got.numpy(), expected)
    out = vt.zeros(values.shape, dtype=vt.int64)
    assert vt.image.label(vt.asarray(values), output=out) == ndi.label(values)[1]
    np.testing.assert_array_equal(out.numpy(), ndi.label(values)[0])
    got, _ = vt.image.label(values, output=np.uint16)
    assert got.dtype == vt.uint16
    for tiny in (np.array(5.0), np.array(0.0), np.zeros((0, 3))):
        got, count = vt.image.label(vt.asarray(tiny))
        expected, expected_count = ndi.label(tiny)
        assert count == expected_count and got.shape == expected.shape
        np.testing.assert_array_equal(got.numpy(), expected)


def test_labels_feed_the_measurements():
    rng = np.random.default_rng(5)
    a = rng.random((40, 50))
    labels, count = vt.image.label(vt.asarray(a > 0.55))
    host_labels, _ = ndi.label(a > 0.55)
    index = list(range(1, count + 1))
    np.testing.assert_allclose(vt.image.mean(vt.asarray(a), labels, index).numpy(), ndi.mean(a, host_labels, index))


def test_label_errors_name_it():
    x = vt.asarray(np.ones((4, 4), np.float32))
    with pytest.raises(RuntimeError, match="label: structure and input must have equal rank"):
        vt.image.label(x, np.ones((3, 3, 3)))
    with pytest.raises(ValueError, match="label: structure dimensions must be equal to 3"):
        vt.image.label(x, np.ones((3, 5)))
    with pytest.raises(ValueError, match="label: output shape"):
        vt.image.label(x, output=vt.zeros((3, 3), dtype=vt.int32))
    with pytest.raises(TypeError, match="label: input must be real"):
        vt.image.label(vt.asarray(np.ones(3, np.complex64)))
    with pytest.raises(NotImplementedError, match="at most 4 dimensions"):
        vt.image.label(vt.zeros((2, 2, 2, 2, 2)))
    with pytest.raises(RuntimeError, match="insufficient bit-depth"):
        vt.image.label(vt.asarray(np.eye(300, dtype=bool)), output=vt.uint8)


def _same_or_both_raise(name: str, ours: tuple, theirs: tuple) -> tuple[bool, object, object]:
    """(whether scipy's ``name`` raised, our result, scipy's) of the arguments ``ours`` and ``theirs``: ours must
    raise ValueError where scipy's raises."""
    try:
        expected = getattr(ndi, name)(*theirs)
    except ValueError:
        with pytest.raises(ValueError, match="the region asked for has no element"):
            getattr(vt.image, name)(*ours)
        return True, None, None
    return False, getattr(vt.image, name)(*ours), expected


def _first_positions(a: np.ndarray, labels: np.ndarray | None, index, largest: bool):
    """The first place in raster order of each region's least (greatest) value: vulkit's rule among ties (scipy's
    unstable sort picks any of them)."""
    marks = np.zeros(a.shape, np.int64) if labels is None else labels
    wanted = [0] if labels is None else [1] if index is None else list(np.ravel(index))
    region_of = (marks > 0).astype(np.int64) if labels is not None and index is None else marks
    points = []
    for w in wanted:
        inside = region_of == w
        if not inside.any():
            points.append((0,) * a.ndim)
            continue
        best = a[inside].max() if largest else a[inside].min()
        points.append(tuple(int(c) for c in np.argwhere(inside & (a == best))[0]))
    return points[0] if labels is None or np.ndim(index) == 0 else points


@pytest.mark.parametrize("dtype", ["uint8", "int16", "float32", "float64"])
@pytest.mark.parametrize("kind", ["none", "small", "spread"])
def test_region_order_statistics(kind, dtype):
    """minimum, maximum, extrema and median against scipy's; the positions of the extremes are each region's first
    in raster order among ties (scipy's unstable sort may report another: compared directly where values are
    distinct); regions of a sequence index with no element give 0 and (0, 0), as scipy's (its median there is not
    defined: not compared); a single empty region raises where scipy's does."""
    if dtype == "float64" and "float64" not in vt.__array_namespace_info__().dtypes():
        pytest.skip("the device has no float64")
    rng = np.random.default_rng(7)
    a = (rng.random((13, 17)) * 20).astype(dtype) if dtype in ("uint8", "int16") else \
        rng.permutation(13 * 17).reshape(13, 17).astype(dtype)  # integers: ties; floats: distinct
    labels = _labels(kind, a.shape)
    x, marks = vt.asarray(a), None if labels is None else vt.asarray(labels)
    for index in ([None] if labels is None else INDEXES):
        for name in ("minimum", "maximum"):
            raised, got, expected = _same_or_both_raise(name, (x, marks, index), (a, labels, index))
            if not raised:
                expected = np.asarray(expected)
                assert got.dtype == vt.dtype(expected.dtype) and got.shape == expected.shape
                np.testing.assert_array_equal(got.numpy(), expected)
        for name, largest in (("minimum_position", False), ("maximum_position", True)):
            raised, got, expected = _same_or_both_raise(name, (x, marks, index), (a, labels, index))
            if raised:
                continue
            assert got == _first_positions(a, labels, index, largest)
            if a.dtype.kind == "f":
                assert got == ([tuple(int(c) for c in p) for p in expected] if isinstance(expected, list)
                               else tuple(int(c) for c in expected))
        raised, got, expected = _same_or_both_raise("extrema", (x, marks, index), (a, labels, index))
        if not raised:
            np.testing.assert_array_equal(got[0].numpy(), expected[0])
            np.testing.assert_array_equal(got[1].numpy(), expected[1])
            assert got[2:] == (vt.image.minimum_position(x, marks, index), vt.image.maximum_position(x, marks, index))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            expected = np.asarray(ndi.median(a, labels, index))
        got = vt.image.median(x, marks, index).numpy()
        if labels is not None and np.ndim(index):
            defined = np.isin(np.asarray(index), labels)
            got, expected = got[defined], expected[defined]
        np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_find_objects():
    rng = np.random.default_rng(8)
    labels = rng.integers(0, 5, (6, 7, 3))
    labels[labels == 2] = 0  # a label with no element: None
    assert vt.image.find_objects(vt.asarray(labels)) == ndi.find_objects(labels)
    assert vt.image.find_objects(labels, max_label=6) == ndi.find_objects(labels, max_label=6)
    assert vt.image.find_objects(labels, max_label=2) == ndi.find_objects(labels, max_label=2)
    found, _ = vt.image.label(vt.asarray(rng.random((30, 40)) > 0.7))
    assert vt.image.find_objects(found) == ndi.find_objects(found.numpy())
    assert vt.image.find_objects(np.zeros((3, 3), np.int32)) == []
    with pytest.raises(TypeError, match="find_objects: input must be integers"):
        vt.image.find_objects(np.zeros((3, 3)))


def test_extremes_at_the_ends_of_integer_ranges_and_broadcast_labels():
    """The greatest value sorts first by inverted bits (negating the least int16 would overflow); positions are in
    the shape input and labels broadcast to."""
    a = np.array([[-32768, 32767, 0], [5, -32768, 32767]], np.int16)
    labels = np.array([[1, 1, 2], [2, 2, 2]])
    for name in ("minimum", "maximum"):
        np.testing.assert_array_equal(getattr(vt.image, name)(vt.asarray(a), labels, [1, 2]).numpy(),
                                      getattr(ndi, name)(a, labels, [1, 2]))
    assert vt.image.maximum_position(vt.asarray(a), labels, [1, 2]) == [(0, 1), (1, 2)]
    row = np.array([3.0, 9.0, 1.0])
    column_labels = np.array([[1], [2]])
    assert vt.image.maximum_position(row, column_labels, 2) == ndi.maximum_position(
        np.broadcast_to(row, (2, 3)), np.broadcast_to(column_labels, (2, 3)), 2)


@pytest.mark.parametrize("ignore", [None, 0, 2])
def test_value_indices(ignore):
    rng = np.random.default_rng(9)
    for a in (np.array([[1, 0, 2], [2, 2, 1]]), rng.integers(-3, 4, (5, 6, 2)), np.array(5), np.zeros((0, 3), int),
              rng.integers(0, 200, (40,)).astype(np.uint8)):
        got, expected = vt.image.value_indices(vt.asarray(a), ignore_value=ignore), ndi.value_indices(a,
                                                                                                     ignore_value=ignore)
        assert list(got) == list(expected) and all(type(k) is type(e) for k, e in zip(got, expected, strict=True))
        for key, places in expected.items():
            assert len(got[key]) == len(places)
            for mine, theirs in zip(got[key], places, strict=True):
                np.testing.assert_array_equal(mine.numpy(), theirs)
    with pytest.raises(ValueError, match="value_indices: Parameter 'arr' must be an integer array"):
        vt.image.value_indices(np.array([1.5]))


def test_iterate_structure():
    for rank, connectivity in ((1, 1), (2, 1), (2, 2), (3, 1), (3, 3)):
        structure = ndi.generate_binary_structure(rank, connectivity)
        for iterations in (1, 2, 3):
            np.testing.assert_array_equal(vt.image.iterate_structure(structure, iterations),
                                          ndi.iterate_structure(structure, iterations))
    odd = np.array([[0, 1, 1], [1, 1, 0]], bool)
    np.testing.assert_array_equal(vt.image.iterate_structure(odd, 3), ndi.iterate_structure(odd, 3))
    grown, origin = vt.image.iterate_structure(structure, 2, origin=-1)
    expected, expected_origin = ndi.iterate_structure(structure, 2, origin=-1)
    np.testing.assert_array_equal(grown, expected)
    assert origin == expected_origin


def test_labeled_comprehension():
    a = np.arange(12.0).reshape(3, 4)
    labels = np.array([[1, 1, 0, 2], [2, 0, 1, 1], [0, 3, 3, 2]])
    cases = [(labels, [1, 2, 5], np.mean, float, -1), (labels, 2, np.max, float, -1),
             (labels, [1, 3], lambda v, p: p.sum(), int, 0, True), (None, None, np.sum, float, 0),
             (labels, None, np.median, float, 0)]
    for labels_, *rest in cases:
        got = vt.image.labeled_comprehension(vt.asarray(a), None if labels_ is None else vt.asarray(labels_), *rest)
        expected = ndi.labeled_comprehension(a, labels_, *rest)
        np.testing.assert_array_equal(got, expected)
        assert np.shape(got) == np.shape(expected) and np.asarray(got).dtype == np.asarray(expected).dtype
