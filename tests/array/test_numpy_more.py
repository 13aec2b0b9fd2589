"""NumPy's functions of ``vulkit.array.ops.numpy_more`` against NumPy: creation (geomspace, logspace, fromfunction,
frombuffer, fromiter), files in pytest's tmp_path (vulkit -> file -> NumPy and NumPy -> file -> vulkit), types and
memory (isscalar, promote_types, min_scalar_type, may_share_memory, shares_memory), histogramdd and unwrap, over
dtypes, shapes (0-d, empty, one element, odd sizes, non-contiguous views), special values and every parameter; errors
must have NumPy's type and name the function called first."""

from __future__ import annotations

import io
import math
import pickle
from collections.abc import Mapping

import numpy as np
import pytest
from numpy_compat_helpers import COMPLEX, FLOATS, INTS, REFERENCE_MARKS, names_error, same, strided, values

import vulkit as vt
from vulkit.array.ops import numpy_more

pytestmark = REFERENCE_MARKS

DTYPE = type(vt.float32)
POW_RTOL = {"float32": 1e-6, "float64": 1e-14, "complex64": 1e-6, "complex128": 1e-14}  # vt.pow is not libm's pow


def tolerance(expected: np.ndarray) -> float:
    return POW_RTOL.get(np.asarray(expected).dtype.name, 0.0)


def test_every_name_is_in_the_namespace_with_a_docstring():
    assert len(numpy_more.__all__) == 22
    for name in numpy_more.__all__:
        function = getattr(vt, name)
        assert function is getattr(numpy_more, name) and name in vt.__all__
        assert function.__name__ == name and len(function.__doc__ or "") > 40, name


# -- geomspace and logspace --------------------------------------------------------------------------------------------
GEOMSPACE_CASES = [
    (1, 1000, {}),
    (1, 1000, {"num": 4}),
    (-1, -1000, {"num": 7}),
    (2.5, 0.001, {"num": 5, "endpoint": False}),
    (1j, 1000j, {"num": 5}),
    (-1 + 0j, 1 + 0j, {"num": 5}),
    (1 + 1j, 1000 + 1000j, {"num": 4}),
    (-1, 100, {"num": 3}),  # the log of a negative number: NaN inside, the endpoints as given
    (1, math.inf, {"num": 4}),
    (math.nan, 2.0, {"num": 3}),
    (3, 7, {"num": 0}),
    (3, 7, {"num": 1}),
    (3, 7, {"num": 1, "endpoint": False}),
    (3, 7, {"num": 2}),
    (1, 10, {"num": 3, "dtype": int}),
    (1, 1000, {"num": 5, "dtype": "float32"}),
    (2, 50, {"num": 4, "dtype": "complex128"}),
]


@pytest.mark.parametrize(("start", "stop", "kwargs"), GEOMSPACE_CASES)
def test_geomspace_of_numbers(start, stop, kwargs):
    expected = np.geomspace(start, stop, **kwargs)
    same(vt.geomspace(start, stop, **kwargs), expected, rtol=tolerance(expected))


@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
def test_geomspace_complex_to_a_real_dtype_keeps_the_real_parts():
    expected = np.geomspace(1 + 1j, 10, 3, dtype=float)
    same(vt.geomspace(1 + 1j, 10, 3, dtype=float), expected, rtol=1e-14)


@pytest.mark.parametrize("dtype", [*FLOATS, *COMPLEX, *INTS])
def test_geomspace_of_arrays(dtype):
    """Arrays of endpoints (non-contiguous, broadcast against each other and a scalar) along each axis; float32
    endpoints computed in float64, as NumPy's."""
    start = values(dtype, (3,), seed=1, special=False)
    start[start == 0] = 3
    stop = values(dtype, (2, 1), seed=2, special=False)
    stop[stop == 0] = -5
    for axis in (0, 1, -1, 2):
        expected = np.geomspace(start, stop, 6, axis=axis)
        same(vt.geomspace(strided(start), vt.asarray(stop), 6, axis=axis), expected, rtol=tolerance(expected))
    expected = np.geomspace(start, 2, 5, endpoint=False)
    same(vt.geomspace(vt.asarray(start), 2, 5, endpoint=False), expected, rtol=tolerance(expected))
    one = np.geomspace(start[:1], stop[0], 1)
    same(vt.geomspace(vt.asarray(start[:1]), vt.asarray(stop[0]), 1), one, rtol=tolerance(one))
    zero_d = np.geomspace(start[0], stop[0, 0], 4, dtype="float32")
    same(vt.geomspace(vt.asarray(start[0]), vt.asarray(stop[0, 0]), 4, dtype=vt.float32), zero_d, rtol=1e-6)
    same(vt.geomspace(vt.asarray(start[:0]), 2, 3), np.geomspace(start[:0], 2, 3))


LOGSPACE_CASES = [
    (0, 3, {}),
    (0, 3, {"num": 4}),
    (0, 1, {"num": 5, "base": 2}),
    (-2, 2, {"num": 5, "endpoint": False}),
    (0.5, -1.5, {"num": 6, "base": 3.5}),
    (0, 2, {"num": 3, "base": np.float32(2.0)}),
    (np.float32(0), 1.0, {"num": 5}),
    (np.float32(0), np.float32(1), {"num": 5, "base": 2}),
    (0, 1j, {"num": 3}),
    (0, 2, {"num": 3, "base": -2.0}),  # a negative base: NaN between the integer powers
    (0, math.inf, {"num": 3}),
    (1, 2, {"num": 0}),
    (1, 2, {"num": 1}),
    (0.1, 2.1, {"num": 3, "dtype": int}),
    (0, 2, {"num": 4, "dtype": "float32"}),
    (0, 2, {"num": 4, "dtype": "complex64"}),
]


@pytest.mark.parametrize(("start", "stop", "kwargs"), LOGSPACE_CASES)
def test_logspace_of_numbers(start, stop, kwargs):
    expected = np.logspace(start, stop, **kwargs)
    same(vt.logspace(start, stop, **kwargs), expected, rtol=tolerance(expected))


@pytest.mark.parametrize("dtype", [*FLOATS, *INTS, *COMPLEX])
def test_logspace_of_arrays(dtype):
    """Arrays of exponents and bases (non-contiguous, broadcast, the base's new axis at ``axis``)."""
    start = values(dtype, (3,), seed=3, special=False) / 4
    stop = values(dtype, (2, 1), seed=4, special=False) / 4
    base = np.array([2.0, 3.0, 0.5], np.float32)
    for axis in (0, 1, -1):
        expected = np.logspace(start, stop, 4, axis=axis)
        same(vt.logspace(strided(start), vt.asarray(stop), 4, axis=axis), expected, rtol=tolerance(expected))
        expected = np.logspace(start, stop, 5, base=base, axis=axis)
        same(vt.logspace(vt.asarray(start), stop, 5, base=strided(base), axis=axis), expected,
             rtol=tolerance(expected))
    expected = np.logspace(start[0], stop[0, 0], 3, base=base[:2])
    same(vt.logspace(vt.asarray(start[0]), vt.asarray(stop[0, 0]), 3, base=vt.asarray(base[:2])), expected,
         rtol=tolerance(expected))
    same(vt.logspace(vt.asarray(start[:0]), 1, 3), np.logspace(start[:0], 1, 3))


def test_geomspace_and_logspace_errors():
    message = names_error(ValueError, "geomspace", vt.geomspace, 0, 10)
    assert "Geometric sequence cannot include zero" in message
    names_error(ValueError, "geomspace", vt.geomspace, vt.asarray([1.0, -0.0]), 10)
    names_error(ValueError, "geomspace", vt.geomspace, 1j, 0j)
    for name in ("geomspace", "logspace"):
        function = getattr(vt, name)
        assert "Number of samples, -1" in names_error(ValueError, name, function, 1, 2, -1)
        names_error(TypeError, name, function, 1, 2, 2.5)
        names_error(ValueError, name, function, vt.ones(2), vt.ones(3), 4)  # shapes that do not broadcast
        names_error(np.exceptions.AxisError, name, function, vt.ones(2), 2.0, 4, axis=3)
    names_error(ValueError, "logspace", vt.logspace, vt.zeros(2), 1, 3, base=vt.ones(3))
    same(vt.logspace(0, 1, 3, base=vt.ones(4)), np.logspace(0, 1, 3, base=np.ones(4)))


# -- fromfunction, frombuffer, fromiter --------------------------------------------------------------------------------
def weighted_sum(*index, scale=1):
    total = 0
    for k, i in enumerate(index):
        total = total + i * (k + 1) * scale
    return total


@pytest.mark.parametrize("shape", [(2, 3), (5,), (0, 4), (1, 1, 3), (3, 4, 5)])
@pytest.mark.parametrize("dtype", [float, int, "float32", "int64", "uint8", "complex128"])
def test_fromfunction(shape, dtype):
    same(vt.fromfunction(weighted_sum, shape, dtype=dtype), np.fromfunction(weighted_sum, shape, dtype=dtype))


def test_fromfunction_calls_the_function_once_with_its_keywords():
    calls = []

    def grid(i, j, *, offset):
        calls.append((i, j))
        return (i - j) * 2.5 + offset

    same(vt.fromfunction(grid, (3, 4), offset=1), np.fromfunction(lambda i, j: (i - j) * 2.5 + 1, (3, 4)))
    assert len(calls) == 1 and all(isinstance(a, vt.Array) and a.shape == (3, 4) for a in calls[0])
    assert vt.fromfunction(lambda: 7, ()) == np.fromfunction(lambda: 7, ()) == 7  # no axes: no indices
    assert vt.fromfunction(lambda i: "text", (2,)) == "text"  # whatever the function returns


def test_fromfunction_errors():
    names_error(ValueError, "fromfunction", vt.fromfunction, weighted_sum, (2, -1))
    names_error(TypeError, "fromfunction", vt.fromfunction, weighted_sum, (2,), dtype="U3")

    def failing(i):
        raise KeyError("the function's own error")

    with pytest.raises(KeyError, match="the function's own error"):
        vt.fromfunction(failing, (2,))
    with pytest.raises(ValueError, match="^mine: kept$"):  # the function's errors are not renamed
        vt.fromfunction(lambda i: (_ for _ in ()).throw(ValueError("mine: kept")), (2,))


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int32", "int64", "uint64", *FLOATS, *COMPLEX, "bool"])
def test_frombuffer(dtype):
    data = values(dtype, (11,))
    raw = data.tobytes()
    itemsize = data.dtype.itemsize
    for buffer in (raw, bytearray(raw), memoryview(raw), data):
        same(vt.frombuffer(buffer, dtype=dtype), np.frombuffer(buffer, dtype=dtype))
    same(vt.frombuffer(raw, dtype, count=3, offset=2 * itemsize), np.frombuffer(raw, dtype, 3, 2 * itemsize))
    same(vt.frombuffer(raw, dtype, count=1, offset=10 * itemsize), np.frombuffer(raw, dtype, 1, 10 * itemsize))
    same(vt.frombuffer(raw, dtype, count=0), np.frombuffer(raw, dtype, count=0))
    same(vt.frombuffer(b"", dtype), np.frombuffer(b"", dtype))
    same(vt.frombuffer(raw[:8 * (len(raw) // 8)]), np.frombuffer(raw[:8 * (len(raw) // 8)]))  # default: float


def test_frombuffer_errors():
    names_error(ValueError, "frombuffer", vt.frombuffer, b"\x00" * 7, "float32")  # not a multiple of 4 bytes
    names_error(ValueError, "frombuffer", vt.frombuffer, b"\x00" * 8, "float32", offset=9)
    names_error(ValueError, "frombuffer", vt.frombuffer, b"\x00" * 8, "float32", count=3)
    names_error(TypeError, "frombuffer", vt.frombuffer, b"\x00" * 8, "S4")  # no string dtype in vulkit
    names_error(TypeError, "frombuffer", vt.frombuffer, [1, 2, 3], "uint8")  # not a buffer


@pytest.mark.parametrize("dtype", [float, int, "float32", "int16", "uint8", "complex64", "complex128", "bool"])
def test_fromiter(dtype):
    numbers = [3, 0, 1, 7, 2, 9, 4]
    same(vt.fromiter(iter(numbers), dtype), np.fromiter(iter(numbers), dtype))
    same(vt.fromiter((n * 2 for n in numbers), dtype, count=3), np.fromiter((n * 2 for n in numbers), dtype, count=3))
    same(vt.fromiter(range(0), dtype), np.fromiter(range(0), dtype))
    same(vt.fromiter(range(1), dtype, count=1), np.fromiter(range(1), dtype, count=1))


def test_fromiter_of_special_values_and_vulkit_scalars():
    special = [0.5, -0.0, math.inf, -math.inf, math.nan]
    same(vt.fromiter(special, "float64"), np.fromiter(special, "float64"))
    same(vt.fromiter((vt.asarray(v) for v in (1.5, 2.5)), float), np.array([1.5, 2.5]))


def test_fromiter_errors():
    assert "iterator too short" in names_error(ValueError, "fromiter", vt.fromiter, range(2), float, count=5)
    names_error(TypeError, "fromiter", vt.fromiter, range(2), object)
    names_error(TypeError, "fromiter", vt.fromiter, 5, float)  # not iterable
    names_error(ValueError, "fromiter", vt.fromiter, ["x"], float)



def test_parsing_uploads_numpys_result(tmp_path):
    same(vt.fromstring("1 2 3.5", dtype=vt.float32, sep=" "), np.fromstring("1 2 3.5", dtype=np.float32, sep=" "))
    same(vt.fromstring("4,5", dtype=int, sep=","), np.fromstring("4,5", dtype=int, sep=","))
    data = np.arange(7, dtype=np.int16)
    path = tmp_path / "values.bin"
    data.tofile(path)
    same(vt.fromfile(path, dtype=vt.int16), data)
    same(vt.fromfile(path, dtype=vt.int16, count=3, offset=4), np.fromfile(path, dtype=np.int16, count=3, offset=4))
    lines = "a=1.5 b=2\na=3 b=4.25\n"
    fields = np.dtype([("a", np.float64)])
    same(vt.fromregex(io.StringIO(lines), r"a=(\S+)", vt.float64),
         np.fromregex(io.StringIO(lines), r"a=(\S+)", fields)["a"])
    pairs = np.fromregex(io.StringIO(lines), r"a=(\S+) b=(\S+)", [("a", np.float32), ("b", np.float32)])
    same(vt.fromregex(io.StringIO(lines), r"a=(\S+) b=(\S+)", vt.float32), np.stack([pairs["a"], pairs["b"]], -1))
    names_error(TypeError, "fromregex", vt.fromregex, io.StringIO(lines), r"a=(\S+)", fields)

# -- files -------------------------------------------------------------------------------------------------------------
FILE_DTYPES = ["bool", "uint8", "int16", *INTS, "uint64", *FLOATS, *COMPLEX]


@pytest.mark.parametrize("dtype", FILE_DTYPES)
def test_save_and_load_npy(tmp_path, dtype):
    for shape in ((3, 5), (), (0, 2), (1,), (7,)):
        a = values(dtype, shape, seed=len(shape))
        vt.save(tmp_path / "from_vt.npy", strided(a) if a.ndim else vt.asarray(a))
        np.testing.assert_array_equal(loaded := np.load(tmp_path / "from_vt.npy"), a)
        assert loaded.dtype == a.dtype and loaded.shape == a.shape
        np.save(tmp_path / "from_np.npy", a)
        same(vt.load(tmp_path / "from_np.npy"), a)
        same(vt.load(str(tmp_path / "from_np.npy"), mmap_mode="r"), a)


def test_save_and_load_with_file_objects_and_host_data(tmp_path):
    buffer = io.BytesIO()
    vt.save(buffer, vt.asarray([[1.5, -2.0], [math.nan, math.inf]]).T)
    buffer.seek(0)
    same(vt.load(buffer), np.array([[1.5, math.nan], [-2.0, math.inf]]))
    vt.save(str(tmp_path / "no_suffix"), [1, 2, 3])  # host data, and NumPy's ".npy" added to the name
    same(vt.load(tmp_path / "no_suffix.npy"), np.array([1, 2, 3]))


@pytest.mark.parametrize("saver", ["savez", "savez_compressed"])
def test_savez_and_load_npz(tmp_path, saver):
    a, b, c = values("float32", (4, 3)), values("int64", (5,)), values("complex128", ())
    getattr(vt, saver)(tmp_path / "from_vt.npz", strided(a), vt.asarray(b), named=vt.asarray(c), host=[1.0, 2.0])
    with np.load(tmp_path / "from_vt.npz") as found:
        assert sorted(found.files) == ["arr_0", "arr_1", "host", "named"]
        for key, expected in (("arr_0", a), ("arr_1", b), ("named", c), ("host", np.array([1.0, 2.0]))):
            np.testing.assert_array_equal(found[key], expected)
            assert found[key].dtype == expected.dtype
    getattr(np, saver)(tmp_path / "from_np.npz", a, second=b, third=c)
    with vt.load(tmp_path / "from_np.npz") as arrays:
        assert isinstance(arrays, Mapping) and len(arrays) == 3
        assert sorted(arrays) == sorted(arrays.files) == ["arr_0", "second", "third"]
        assert "second" in arrays and "missing" not in arrays
        same(arrays["arr_0"], a)
        same(arrays["second"], b)
        same(arrays["third"], c)
        assert arrays["second"] is arrays["second"]  # copied to the device once
        assert all(isinstance(v, vt.Array) for v in arrays.values())
        with pytest.raises(KeyError):
            arrays["missing"]
    arrays = vt.load(tmp_path / "from_np.npz")
    arrays.close()
    with pytest.raises(AttributeError):  # as NumPy's: a closed file cannot be read
        arrays["arr_0"]
    assert "NpzFile" in repr(vt.load(tmp_path / "from_np.npz"))


def test_load_pickles(tmp_path):
    objects = np.array([{"a": 1}, None], dtype=object)
    np.save(tmp_path / "objects.npy", objects, allow_pickle=True)
    assert "allow_pickle" in names_error(ValueError, "load", vt.load, tmp_path / "objects.npy")
    names_error(TypeError, "load", vt.load, tmp_path / "objects.npy", allow_pickle=True)  # no object dtype
    with open(tmp_path / "plain.pkl", "wb") as file:
        pickle.dump({"numbers": [1, 2]}, file)
    names_error(ValueError, "load", vt.load, tmp_path / "plain.pkl")
    assert vt.load(tmp_path / "plain.pkl", allow_pickle=True) == {"numbers": [1, 2]}  # as NumPy reads it
    names_error(ValueError, "save", vt.save, tmp_path / "x.npy", objects, allow_pickle=False)
    with pytest.raises(FileNotFoundError):  # the file system's error, as NumPy raises it
        vt.load(tmp_path / "missing.npy")


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "complex128"])
def test_savetxt_writes_numpys_text(tmp_path, dtype):
    a = values(dtype, (4, 3), special=False)
    options = [{}, {"fmt": "%.3f" if dtype != "complex128" else "%.3e"}, {"delimiter": ",", "header": "x y z",
               "footer": "end", "comments": "// "}, {"newline": ";\n"}]
    for kwargs in options:
        vt.savetxt(tmp_path / "vt.txt", strided(a), **kwargs)
        np.savetxt(tmp_path / "np.txt", a, **kwargs)
        assert (tmp_path / "vt.txt").read_bytes() == (tmp_path / "np.txt").read_bytes()
    vt.savetxt(tmp_path / "vt.txt", vt.asarray(a[:, 0]))
    np.savetxt(tmp_path / "np.txt", a[:, 0])
    assert (tmp_path / "vt.txt").read_text() == (tmp_path / "np.txt").read_text()


def test_savetxt_errors(tmp_path):
    names_error(ValueError, "savetxt", vt.savetxt, tmp_path / "x.txt", vt.zeros((2, 2, 2)))
    names_error(ValueError, "savetxt", vt.savetxt, tmp_path / "x.txt", vt.zeros((2, 3)), fmt="%f %f")


@pytest.mark.filterwarnings("ignore::UserWarning")  # NumPy's, of empty files and lines without data
def test_loadtxt(tmp_path):
    a = np.array([[1.5, -2.0, 3.0], [4.0, np.nan, -np.inf], [7.25, 8.0, 9.0], [0.0, -0.0, 1e300]])
    np.savetxt(tmp_path / "a.txt", a, delimiter=",", header="first line")
    path = tmp_path / "a.txt"
    cases = [{}, {"usecols": (0, 2)}, {"usecols": 1}, {"skiprows": 2}, {"max_rows": 1}, {"max_rows": 1, "ndmin": 2},
             {"unpack": True}, {"dtype": "float32"}, {"dtype": "complex128"}, {"comments": ["#", "!"]},
             {"converters": {1: lambda text: -float(text)}}, {"usecols": [2], "ndmin": 1, "max_rows": 1},
             {"usecols": 0, "max_rows": 1}]
    for kwargs in cases:
        same(vt.loadtxt(path, delimiter=",", **kwargs), np.loadtxt(path, delimiter=",", **kwargs))
    (tmp_path / "ints.txt").write_text("1 2 3\n-4 5 6\n'7' 8 9\n")
    for dtype in ("int32", int, "int16"):
        same(vt.loadtxt(tmp_path / "ints.txt", dtype=dtype, skiprows=0, max_rows=2),
             np.loadtxt(tmp_path / "ints.txt", dtype=dtype, max_rows=2))
    same(vt.loadtxt(tmp_path / "ints.txt", quotechar="'"), np.loadtxt(tmp_path / "ints.txt", quotechar="'"))
    same(vt.loadtxt(io.StringIO("")), np.loadtxt(io.StringIO("")))  # empty, with NumPy's warning
    same(vt.loadtxt(io.StringIO("2.5")), np.loadtxt(io.StringIO("2.5")))  # 0-d


def test_loadtxt_errors(tmp_path):
    (tmp_path / "bad.txt").write_text("1 2\n3 x\n")
    assert "could not convert" in names_error(ValueError, "loadtxt", vt.loadtxt, tmp_path / "bad.txt")
    (tmp_path / "ragged.txt").write_text("1 2\n3\n")
    names_error(ValueError, "loadtxt", vt.loadtxt, tmp_path / "ragged.txt")
    names_error(TypeError, "loadtxt", vt.loadtxt, tmp_path / "ragged.txt", dtype=[("a", "f8")])
    with pytest.raises(FileNotFoundError):
        vt.loadtxt(tmp_path / "missing.txt")


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_genfromtxt(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text("# a, b, c, d\n1,2,,4\n5,,7,8\n9,10,11,-12.5\n,nan,inf,1e3\n")
    cases = [{}, {"filling_values": -1}, {"skip_header": 2}, {"skip_footer": 1}, {"usecols": (1, 3)},
             {"dtype": "float32"}, {"missing_values": "5", "filling_values": 0}, {"unpack": True},
             {"max_rows": 2, "skip_header": 1}, {"autostrip": True, "invalid_raise": False}, {"ndmin": 2,
                                                                                             "usecols": 0}]
    for kwargs in cases:
        same(vt.genfromtxt(path, delimiter=",", **kwargs), np.genfromtxt(path, delimiter=",", **kwargs))
    (tmp_path / "ints.txt").write_text("1 2\n3 4\n")
    same(vt.genfromtxt(tmp_path / "ints.txt", dtype=None), np.genfromtxt(tmp_path / "ints.txt", dtype=None))
    same(vt.genfromtxt(tmp_path / "ints.txt", dtype=int), np.genfromtxt(tmp_path / "ints.txt", dtype=int))


def test_genfromtxt_errors(tmp_path):
    path = tmp_path / "table.csv"
    path.write_text("a,b\n1,x\n")
    names_error(NotImplementedError, "genfromtxt", vt.genfromtxt, path, delimiter=",", usemask=True)
    names_error(TypeError, "genfromtxt", vt.genfromtxt, path, delimiter=",", names=True)  # a structured array
    names_error(TypeError, "genfromtxt", vt.genfromtxt, path, delimiter=",", dtype=None)  # strings
    (tmp_path / "ragged.txt").write_text("1 2\n3\n")
    names_error(ValueError, "genfromtxt", vt.genfromtxt, tmp_path / "ragged.txt")


# -- types and memory --------------------------------------------------------------------------------------------------
def test_isscalar():
    for element in (3, 2.5, 1j, True, np.float32(1.0), np.int8(3), "text", b"raw", np.str_("x"),
                    vt.asarray(1.0), vt.zeros(3), np.array(1.0), [1], (1,), None, vt.float32, object()):
        found = vt.isscalar(element)
        assert type(found) is bool and found == np.isscalar(element), element


DEVICE_TYPES = list(vt.__array_namespace_info__().dtypes())


@pytest.mark.parametrize("first", DEVICE_TYPES)
def test_promote_types_of_vulkits_dtypes(first):
    for second in DEVICE_TYPES:
        expected = np.promote_types(first, second)
        for pair in ((first, second), (getattr(vt, first), np.dtype(second)), (np.dtype(first).type, second)):
            found = vt.promote_types(*pair)
            assert isinstance(found, DTYPE) and found == expected, pair


def test_promote_types_beyond_vulkits_dtypes():
    assert vt.promote_types("i8", "u8") is vt.float64
    assert vt.promote_types(">i4", "<f4") is vt.float64  # byte order: the native type, as NumPy's
    assert vt.promote_types("f2", "i1") is vt.float16  # vulkit has float16 (some devices lack it)
    assert vt.promote_types(vt.bfloat16, "f2") is vt.float32  # bfloat16 as vulkit's arithmetic promotes it
    assert vt.promote_types(vt.bfloat16, vt.int32) is vt.bfloat16
    assert vt.promote_types("bfloat16", vt.float64) is vt.float64
    for pair in (("S3", "S5"), ("U2", "S3"), ("M8[s]", "M8[ms]"), ("S3", "f8"), ("O", "i4")):
        found = vt.promote_types(*pair)  # NumPy's answer where vulkit has no such type
        assert isinstance(found, np.dtype) and found == np.promote_types(*pair), pair


def test_promote_types_errors():
    assert vt.promote_types(vt.float64, "S3") == np.promote_types("f8", "S3")
    names_error(TypeError, "promote_types", vt.promote_types, "M8[s]", "f8")
    names_error(TypeError, "promote_types", vt.promote_types, vt.bfloat16, "S3")
    names_error(TypeError, "promote_types", vt.promote_types, "not a type", "f8")


def test_min_scalar_type():
    for value in (10, 0, -1, 255, 256, -129, 70000, 2 ** 40, 2 ** 64 - 1, 1.0, 1e50, 1e300, -1e-300, 1 + 1j,
                  1e200 + 1j, True, np.float32(2.5), np.int64(3), math.nan, math.inf):
        found = vt.min_scalar_type(value)
        assert isinstance(found, DTYPE) and found == np.min_scalar_type(value), value
        assert vt.min_scalar_type(vt.asarray(value)) == np.min_scalar_type(np.asarray(value)), value  # 0-d: values
    for dtype in ("int64", "float32", "bool", "complex128", "uint8"):
        a = values(dtype, (2, 3))
        assert vt.min_scalar_type(strided(a)) is getattr(vt, dtype)  # arrays: their own type, as NumPy's
        assert vt.min_scalar_type(a) is getattr(vt, dtype)
    for value in ("abc", b"xy", np.datetime64(1, "s")):  # NumPy's answer where vulkit has no such type
        found = vt.min_scalar_type(value)
        assert isinstance(found, np.dtype) and found == np.min_scalar_type(value), value


VIEWS = {
    "all": lambda x: x[:],
    "even": lambda x: x[::2],
    "odd": lambda x: x[1::2],
    "middle": lambda x: x[7:13],
    "head": lambda x: x[:10],
    "tail": lambda x: x[10:],
    "one": lambda x: x[17:18],
    "empty": lambda x: x[5:5],
    "reversed": lambda x: x[::-1],
    "thirds": lambda x: x[2::3],
    "sevenths": lambda x: x[1::7],
    "matrix": lambda x: x.reshape(4, 6),
    "columns": lambda x: x.reshape(4, 6)[:, 1::3],
    "column": lambda x: x.reshape(4, 6)[:, 4],
    "corner": lambda x: x.reshape(4, 6)[2:, 4:],
    "transposed": lambda x: x.reshape(4, 6).T[::2],
    "blocks": lambda x: x.reshape(2, 3, 4)[:, ::2, 1:3],
}


@pytest.mark.parametrize("dtype", ["int32", "float64", "uint8"])
def test_may_share_memory_and_shares_memory_of_views(dtype):
    """Every pair of views of one array answers as NumPy's for views of one NumPy array."""
    host = np.arange(24).astype(dtype)
    device = vt.asarray(host)
    for first, view_a in VIEWS.items():
        for second, view_b in VIEWS.items():
            a, b, na, nb = view_a(device), view_b(device), view_a(host), view_b(host)
            for function, kwargs in ((vt.may_share_memory, {}), (vt.may_share_memory, {"max_work": -1}),
                                     (vt.shares_memory, {}), (vt.shares_memory, {"max_work": 50})):
                found = function(a, b, **kwargs)
                expected = getattr(np, function.__name__)(na, nb, **kwargs)
                assert type(found) is bool and found == expected, (function.__name__, first, second, kwargs)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_memory_of_real_and_imaginary_parts(dtype):
    host = values(dtype, (3, 4))
    device = vt.asarray(host)
    pairs = [(lambda z: z.real, lambda z: z.imag), (lambda z: z, lambda z: z.imag), (lambda z: z.real[1],
             lambda z: z[1:2].imag), (lambda z: z.real[:, ::2], lambda z: z[:, 1::2]), (lambda z: z[0].real,
             lambda z: z[1].real)]
    for first, second in pairs:
        for name in ("may_share_memory", "shares_memory"):
            assert getattr(vt, name)(first(device), second(device)) == getattr(np, name)(first(host), second(host))


def test_memory_of_separate_arrays_and_host_data():
    x, y = vt.arange(10), vt.arange(10)
    host = np.arange(10)
    for function in (vt.may_share_memory, vt.shares_memory):
        assert function(x, x) and function(x[2:], x[:3]) and function(x.reshape(2, 5).T, x[4])
        assert not function(x, y) and not function(x, x.copy()) and not function(x, x + 0)
        assert not function(x, host) and not function(host, x) and not function(x, x.numpy())
        assert function(host, host[3:]) and not function(host[:3], host[3:])  # host data: NumPy's answer
        assert not function(x[3:3], x)  # no elements, no memory
    assert vt.may_share_memory(x[:5], x[4:]) and vt.shares_memory(x[:5], x[4:])
    assert vt.may_share_memory(x[:6:2], x[1:6:2]) and not vt.shares_memory(x[:6:2], x[1:6:2])


def test_shares_memory_too_hard():
    x = vt.arange(100)
    with pytest.raises(np.exceptions.TooHardError) as info:  # NumPy's error where max_work does not suffice
        vt.shares_memory(x[::3], x[1::7], max_work=0)
    assert str(info.value).startswith("shares_memory: ")
    host = np.arange(100)
    with pytest.raises(np.exceptions.TooHardError):
        np.shares_memory(host[::3], host[1::7], max_work=0)


# -- histogramdd -------------------------------------------------------------------------------------------------------
def same_histogram(got, want):
    (hist, edges), (want_hist, want_edges) = got, want
    same(hist, want_hist, rtol=1e-12, atol=1e-12)
    assert isinstance(edges, list) and len(edges) == len(want_edges)
    for e, w in zip(edges, want_edges, strict=True):
        same(e, w)


@pytest.mark.parametrize("dtype", [*FLOATS, "int32"])
def test_histogramdd(dtype):
    """Counts, weight sums and densities of 1 to 3 dimensions as NumPy's, for counts, edges, one of each per axis,
    ranges leaving points out, points on the last edges, and non-contiguous samples."""
    rng = np.random.default_rng(7)
    sample = (rng.standard_normal((41, 3)) * 4).astype(dtype)
    sample[:2] = sample.max(axis=0)  # on the last edges: in the last bins
    weights = rng.random(41)
    edges = np.array([-10.0, -1.5, 0.0, 2.0, 10.0])
    cases = [{}, {"bins": 4}, {"bins": (2, 3, 5)}, {"bins": [edges, 3, edges[1:]]},
             {"range": [(-2, 2), None, (0, 5)]}, {"bins": (3, 4, 2), "density": True},
             {"weights": weights}, {"weights": weights, "density": True, "bins": [edges, 2, 3]},
             {"bins": vt.asarray([2, 3, 4])}, {"bins": [vt.asarray(edges), 3, 1]}, {"density": False}]
    for kwargs in cases:
        np_kwargs = {k: (v.numpy() if isinstance(v, vt.Array) else [b.numpy() if isinstance(b, vt.Array) else b
                                                                    for b in v] if k == "bins" and isinstance(v, list)
                         else v) for k, v in kwargs.items()}
        same_histogram(vt.histogramdd(strided(sample), **kwargs), np.histogramdd(sample, **np_kwargs))
    same_histogram(vt.histogramdd(vt.asarray(sample[:, :1]), bins=6), np.histogramdd(sample[:, :1], bins=6))
    same_histogram(vt.histogramdd(vt.asarray(sample[:1])), np.histogramdd(sample[:1]))  # one point
    columns = [sample[:, 0], sample[:, 2]]  # a sequence of D arrays
    same_histogram(vt.histogramdd([vt.asarray(c) for c in columns], bins=3), np.histogramdd(columns, bins=3))
    lists = [c.tolist() for c in columns]
    same_histogram(vt.histogramdd(lists, bins=3), np.histogramdd(lists, bins=3))
    same_histogram(vt.histogramdd(vt.asarray(sample[:, 1]), bins=5), np.histogramdd(sample[:, 1], bins=5))  # 1-d


def test_histogramdd_special_values_and_empty_samples():
    sample = np.array([[0.5, 1.0], [np.nan, 0.2], [np.inf, 0.5], [0.3, -np.inf], [1.0, 1.0], [0.0, 0.0]])
    box = [(0, 1), (0, 1)]
    same_histogram(vt.histogramdd(vt.asarray(sample), bins=3, range=box), np.histogramdd(sample, bins=3, range=box))
    same_histogram(vt.histogramdd(vt.zeros((0, 2)), bins=2), np.histogramdd(np.zeros((0, 2)), bins=2))
    same_histogram(vt.histogramdd(vt.asarray([[2.0, 2.0]] * 3)), np.histogramdd(np.array([[2.0, 2.0]] * 3)))
    same_histogram(vt.histogramdd([1.0, 2.0, 2.5]), np.histogramdd([1.0, 2.0, 2.5]))  # N numbers: one axis


def test_histogramdd_errors():
    sample = vt.asarray([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    cases = [
        (ValueError, {"bins": [1, 2, 3]}),
        (ValueError, {"range": [(0, 1)]}),
        (ValueError, {"bins": 0}),
        (ValueError, {"bins": [np.array([1.0, 0.0]), 2]}),  # decreasing edges
        (ValueError, {"bins": [np.ones((2, 2)), 2]}),
        (ValueError, {"range": [(1, 0), None]}),
        (ValueError, {"range": [(0, math.inf), None]}),
        (ValueError, {"weights": [1.0, 2.0]}),
        (TypeError, {"bins": 2.5}),
        (TypeError, {"weights": [1j, 2j, 3j]}),
    ]
    for kind, kwargs in cases:
        names_error(kind, "histogramdd", vt.histogramdd, sample, **kwargs)
    names_error(ValueError, "histogramdd", vt.histogramdd, vt.asarray([[math.nan, 1.0]]))  # autodetected NaN range
    names_error(ValueError, "histogramdd", vt.histogramdd, vt.zeros((2, 2, 2)))
    names_error(ValueError, "histogramdd", vt.histogramdd, vt.zeros((3, 0)))


# -- unwrap ------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [*FLOATS, *INTS])
def test_unwrap(dtype):
    rng = np.random.default_rng(9)
    steps = rng.uniform(-5, 5, (3, 17))
    phases = (np.cumsum(steps, axis=-1) % (2 * np.pi) if dtype in FLOATS else np.cumsum(steps * 40, axis=-1)
              % 360).astype(dtype)
    cases = [{}, {"axis": 0}, {"axis": -1, "discont": 1.0}, {"discont": 10}, {"period": 360}, {"period": 255},
             {"period": 6.0, "axis": 0}, {"period": np.float32(5.0)}, {"discont": 4.0, "period": 7},
             {"period": np.array(9.0)}]
    rtol = 1e-13 if np.dtype(dtype).itemsize == 8 or dtype in INTS else 2e-6  # vt.cumsum's order of sums
    for kwargs in cases:
        expected = np.unwrap(phases, **kwargs)
        same(vt.unwrap(strided(phases), **kwargs), expected, **({"rtol": rtol, "atol": 1e-12} if
                                                              expected.dtype.kind == "f" else {}))
    same(vt.unwrap(vt.asarray(phases[0, :1])), np.unwrap(phases[0, :1]))  # one element
    same(vt.unwrap(vt.asarray(phases[:, :0])), np.unwrap(phases[:, :0]))  # empty
    same(vt.unwrap(vt.asarray(phases[:0]), axis=0), np.unwrap(phases[:0], axis=0))


def test_unwrap_boundaries_and_special_values():
    half = np.array([0.0, np.pi, 0.0, -np.pi, 2 * np.pi, np.nan, 1.0, np.inf, 2.0])  # jumps of exactly period / 2
    same(vt.unwrap(vt.asarray(half)), np.unwrap(half))
    ints = np.array([0, 4, 8, 12, 2, 6, 10, 0, 4])  # an even integer period: jumps of period / 2 keep their sign
    for period in (8, 9):
        same(vt.unwrap(vt.asarray(ints), period=period), np.unwrap(ints, period=period))
    same(vt.unwrap([0.0, 6.0, 0.5, 7.0]), np.unwrap([0.0, 6.0, 0.5, 7.0]))  # host data
    same(vt.unwrap([0.0, 6.0, 0.5, 7.0], period=vt.asarray(np.float32(3.0))),
         np.unwrap([0.0, 6.0, 0.5, 7.0], period=np.float32(3.0)))
    same(vt.unwrap(vt.asarray(half[:0])), np.unwrap(half[:0]))


def test_unwrap_errors():
    names_error(ValueError, "unwrap", vt.unwrap, vt.asarray(1.0))  # 0-d
    names_error(TypeError, "unwrap", vt.unwrap, vt.asarray([1j, 2j]))
    names_error(np.exceptions.AxisError, "unwrap", vt.unwrap, vt.zeros((2, 3)), axis=2)
