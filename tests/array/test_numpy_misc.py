"""NumPy's remaining small functions (vulkit.array.ops.numpy_misc) against NumPy: shapes and copies (in-place targets
contiguous, strided and transposed), dtype helpers, window functions and the legacy polynomial functions, over
dtypes, shapes (0-d, empty, one element, odd and prime sizes), special values, every parameter, and the errors
(NumPy's types, each naming the function called)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from numpy.exceptions import AxisError
from numpy_compat_helpers import COMPLEX, REFERENCE_MARKS, names_error, same, strided, values

import vulkit as vt
from vulkit.array.ops import numpy_misc

pytestmark = REFERENCE_MARKS

DEVICE = vt.__array_namespace_info__().dtypes()
DTYPES = [d for d in ("bool", "int8", "uint8", "int32", "int64", "float32", "float64", "complex64", "complex128")
          if d in DEVICE]
NUMBERS = [d for d in DTYPES if d != "bool"]
SHAPES = [(), (0,), (1,), (7,), (13,), (3, 5), (2, 3, 4)]


def forms(ref: np.ndarray) -> list[vt.Array]:
    """Vulkit arrays holding ref's values: contiguous, a strided view, and a transposed view (2-d and more)."""
    found = [vt.asarray(ref), strided(ref)]
    if ref.ndim > 1:
        axes = tuple(reversed(range(ref.ndim)))
        found.append(vt.permute_dims(vt.asarray(np.ascontiguousarray(ref.transpose(axes))), axes))
    return found


def test_exports():
    assert set(numpy_misc.__all__) <= set(vt.__all__)
    for name in numpy_misc.__all__:
        assert getattr(vt, name) is getattr(numpy_misc, name)


# -- shapes and copies -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", SHAPES)
def test_shape_size_ndim(shape):
    ref = np.zeros(shape, np.float32)
    for x in forms(ref):
        assert vt.shape(x) == np.shape(ref) and vt.ndim(x) == np.ndim(ref) and vt.size(x) == np.size(ref)
        for axis in range(-ref.ndim, ref.ndim):
            assert vt.size(x, axis) == np.size(ref, axis)
        if ref.ndim > 1:
            assert vt.size(x, (0, -1)) == np.size(ref, (0, -1))
    nested = ref.tolist()
    assert vt.shape(nested) == np.shape(nested) and vt.ndim(nested) == np.ndim(nested)
    assert vt.size(nested) == np.size(nested)
    assert vt.shape(3.5) == () and vt.ndim(3.5) == 0 and vt.size(3.5) == 1


def test_size_errors():
    names_error(AxisError, "size", vt.size, vt.ones((2, 3)), 2)
    names_error(AxisError, "size", vt.size, vt.ones(()), 0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_copyto(dtype):
    src = values(dtype, (3, 5), seed=1)
    for make in (vt.asarray, strided, lambda a: vt.asarray(np.ascontiguousarray(a.T)).T):
        dst_ref = values(dtype, (3, 5), seed=2)
        dst = make(dst_ref)
        vt.copyto(dst, vt.asarray(src))
        np.copyto(dst_ref, src)
        same(dst, dst_ref)
        mask = values("bool", (5,), seed=3)
        row = values(dtype, (5,), seed=4)
        vt.copyto(dst, strided(row), where=vt.asarray(mask))  # broadcast source and mask
        np.copyto(dst_ref, row, where=mask)
        same(dst, dst_ref)
        scalar = values(dtype, (1,), seed=30, special=False)[0].item()  # a Python scalar of dtype's kind
        vt.copyto(dst, scalar, where=strided(mask))
        np.copyto(dst_ref, scalar, where=mask)
        same(dst, dst_ref)
        vt.copyto(dst, src[:1], where=False)  # nothing written
        same(dst, dst_ref)


def test_copyto_casting_and_scalars():
    dst, ref = vt.zeros(4, dtype=vt.float32), np.zeros(4, np.float32)
    vt.copyto(dst, vt.asarray([1.5, -0.0, np.inf, np.nan]))  # float64 into float32: same_kind
    np.copyto(ref, np.array([1.5, -0.0, np.inf, np.nan]))
    same(dst, ref)
    vt.copyto(dst, vt.asarray([1, 2, 3, 4], dtype=vt.int16), casting="safe")
    np.copyto(ref, np.array([1, 2, 3, 4], np.int16), casting="safe")
    same(dst, ref)
    ints, ints_ref = vt.zeros((2, 3), dtype=vt.int8), np.zeros((2, 3), np.int8)
    vt.copyto(ints, 7)
    np.copyto(ints_ref, 7)
    same(ints, ints_ref)
    vt.copyto(ints, vt.asarray([[2.7], [-3.5]]), casting="unsafe")
    np.copyto(ints_ref, np.array([[2.7], [-3.5]]), casting="unsafe")
    same(ints, ints_ref)
    zero_d, zero_ref = vt.asarray(1.0), np.asarray(1.0)
    vt.copyto(zero_d, -0.0)
    np.copyto(zero_ref, -0.0)
    same(zero_d, zero_ref)
    empty = vt.zeros((0, 3))
    vt.copyto(empty, vt.ones(3))
    assert empty.shape == (0, 3)
    a = vt.arange(6.0)  # an overlapping source: read before it is written
    a_ref = np.arange(6.0)
    vt.copyto(a[1:], a[:-1])
    np.copyto(a_ref[1:], a_ref[:-1])
    same(a, a_ref)


def test_copyto_errors():
    dst = vt.zeros(3, dtype=vt.int64)
    names_error(TypeError, "copyto", vt.copyto, dst, 3.5)
    names_error(TypeError, "copyto", vt.copyto, dst, vt.ones(3))
    names_error(TypeError, "copyto", vt.copyto, vt.zeros(3, dtype=vt.bool), 1)
    names_error(TypeError, "copyto", vt.copyto, vt.zeros(3), 1j)
    names_error(TypeError, "copyto", vt.copyto, vt.zeros(3, dtype=vt.float32), vt.ones(3), casting="safe")
    names_error(TypeError, "copyto", vt.copyto, vt.zeros(3, dtype=vt.uint8), vt.ones(3, dtype=vt.int8))
    names_error(TypeError, "copyto", vt.copyto, vt.zeros(3, dtype=vt.float32), vt.ones(3), casting="no")
    names_error(OverflowError, "copyto", vt.copyto, vt.zeros(3, dtype=vt.int8), 300)
    names_error(ValueError, "copyto", vt.copyto, dst, 1, casting="bad")
    names_error(ValueError, "copyto", vt.copyto, dst, vt.ones(2, dtype=vt.int64))
    names_error(TypeError, "copyto", vt.copyto, dst, 1, where=vt.asarray([1, 0, 1]))
    names_error(ValueError, "copyto", vt.copyto, dst, 1, where=vt.asarray([True, False]))
    names_error(TypeError, "copyto", vt.copyto, [1, 2], 1)
    names_error(ValueError, "copyto", vt.copyto, vt.broadcast_to(vt.zeros(1), (3,)), 1.0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_put_along_axis(dtype):
    arr = values(dtype, (3, 5), seed=5)
    fill = values(dtype, (3, 2), seed=6)
    cases = [
        (np.array([[0, 4], [2, 2], [-1, -5]]), fill, 1),  # repeated indices: the last wins, as NumPy's
        (np.array([[1, 0, 2, -3, 1]]), fill[:1, :1], 0),  # broadcast indices and values
        (np.array([[3], [0], [4]]), fill[:, :1], -1),
        (np.array([], np.int64).reshape(3, 0), fill[:, :0], 1),
        (np.array([7, 0, -15, 7]), fill[0, :1], None),
    ]
    for indices, put, axis in cases:
        for target in forms(arr):
            ref = arr.copy()
            np.put_along_axis(ref, indices, put, axis)
            assert vt.put_along_axis(target, vt.asarray(indices), vt.asarray(put), axis) is None
            same(target, ref)
    ref, target = arr.copy(), vt.asarray(arr)
    np.put_along_axis(ref, np.array([[1], [2], [0]], np.int32), 1, 1)  # a Python scalar, int32 indices
    vt.put_along_axis(target, [[1], [2], [0]], 1, 1)
    same(target, ref)


def test_put_along_axis_shapes():
    for shape in [(1,), (7,), (2, 3, 4)]:
        arr = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
        indices = np.zeros((1,) * len(shape), np.int64)
        for axis in range(-len(shape), len(shape)):
            ref, target = arr.copy(), strided(arr)
            np.put_along_axis(ref, indices, -0.0, axis)
            vt.put_along_axis(target, vt.asarray(indices), -0.0, axis)
            same(target, ref)


def test_put_along_axis_errors():
    a = vt.zeros((2, 3))
    names_error(IndexError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[0.5]]), 1.0, 0)
    names_error(IndexError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[True]]), 1.0, 0)
    names_error(ValueError, "put_along_axis", vt.put_along_axis, a, vt.asarray([0]), 1.0, 0)
    names_error(IndexError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[2]]), 1.0, 0)
    names_error(IndexError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[-4]]), 1.0, 1)
    names_error(IndexError, "put_along_axis", vt.put_along_axis, a, vt.zeros((3, 1), dtype=vt.int64), 1.0, 1)
    names_error(AxisError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[0]]), 1.0, 2)
    names_error(ValueError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[0]]), 1.0, None)
    names_error(ValueError, "put_along_axis", vt.put_along_axis, a, vt.asarray([[0, 1]]), vt.ones(3), 1)
    names_error(TypeError, "put_along_axis", vt.put_along_axis, np.zeros((2, 3)), vt.asarray([[0]]), 1.0, 0)
    names_error(ValueError, "put_along_axis", vt.put_along_axis, vt.broadcast_to(vt.zeros(3), (2, 3)),
                vt.asarray([[0]]), 1.0, 0)


def test_row_stack():
    pieces = [np.arange(3.0), np.ones((2, 3), np.float32), values("int32", (1, 3))]
    with pytest.warns(DeprecationWarning, match="row_stack"):
        got = vt.row_stack([vt.asarray(p) for p in pieces])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        numpy_row_stack = getattr(np, "row_stack", np.vstack)  # NumPy 2.5 dropped the alias
        expected = numpy_row_stack(pieces)
        expected_f32 = numpy_row_stack(pieces, dtype=np.float32)
    same(got, expected)
    with pytest.warns(DeprecationWarning):
        same(vt.row_stack([vt.asarray(p) for p in pieces], dtype=vt.float32), expected_f32)
    with pytest.warns(DeprecationWarning):
        names_error(TypeError, "row_stack", vt.row_stack, [vt.ones(3), vt.ones(3)], dtype=vt.int32, casting="safe")


def test_apply_over_axes():
    ref = values("float64", (2, 3, 5), seed=7, special=False)

    def total(x, axis):
        return vt.sum(x, axis=axis)

    for axes in ([0, 2], -1, (1,), [], [-3, 1]):
        for x in forms(ref):
            same(vt.apply_over_axes(total, x, axes), np.apply_over_axes(np.sum, ref, axes), rtol=1e-15)
    for axes in ([0, 2], -1):  # vulkit's own reductions (axis keyword-only) as func
        same(vt.apply_over_axes(vt.sum, vt.asarray(ref), axes), np.apply_over_axes(np.sum, ref, axes), rtol=1e-15)
    keep = vt.apply_over_axes(lambda x, axis: vt.max(x, axis=axis, keepdims=True), vt.asarray(ref), 1)
    same(keep, np.apply_over_axes(np.max, ref, 1))
    names_error(ValueError, "apply_over_axes", vt.apply_over_axes, lambda x, axis: vt.sum(x), vt.asarray(ref), 0)


@pytest.mark.parametrize("dtype", DTYPES)
def test_asanyarray_and_chkfinite(dtype):
    ref = values(dtype, (2, 7), seed=8, special=False)
    x = vt.asarray(ref)
    assert vt.asanyarray(x) is x
    same(vt.asanyarray(ref), np.asanyarray(ref))
    same(vt.asanyarray(ref.tolist(), dtype=dtype), np.asanyarray(ref.tolist(), dtype=dtype))
    same(vt.asanyarray(x, copy=True, order="F"), ref)
    same(vt.asarray_chkfinite(strided(ref)), np.asarray_chkfinite(ref))
    same(vt.asarray_chkfinite(ref.tolist(), dtype=dtype), np.asarray_chkfinite(ref.tolist(), dtype=dtype))
    if np.dtype(dtype).kind in "fc":
        for bad in (np.inf, -np.inf, np.nan):
            special = ref.copy()
            special[1, 3] = bad
            with pytest.raises(ValueError):
                np.asarray_chkfinite(special)
            names_error(ValueError, "asarray_chkfinite", vt.asarray_chkfinite, vt.asarray(special))


def test_asanyarray_errors():
    names_error(ValueError, "asanyarray", vt.asanyarray, [1.0], order="X")
    names_error(ValueError, "asarray_chkfinite", vt.asarray_chkfinite, [1.0, np.nan])
    same(vt.asarray_chkfinite([]), np.asarray_chkfinite([]))
    same(vt.asarray_chkfinite(2.5), np.asarray_chkfinite(2.5))


@pytest.mark.parametrize("dtype", DTYPES)
def test_real_if_close(dtype):
    ref = values(dtype, (3, 4), seed=9)
    for x in forms(ref):
        same(vt.real_if_close(x), np.real_if_close(ref))
    if np.dtype(dtype).kind == "c":
        eps = float(np.finfo(ref.real.dtype).eps)
        for imag in (0.0, -0.0, 50 * eps, 99 * eps, 101 * eps, np.nan, 1e-3):
            near = (ref.real + 1j * np.full(ref.shape, imag)).astype(dtype)
            for tol in (100, 1, 1e-2, 1e-6):
                same(vt.real_if_close(vt.asarray(near), tol=tol), np.real_if_close(near, tol=tol))
        same(vt.real_if_close(vt.zeros(0, dtype=dtype)), np.real_if_close(np.zeros(0, dtype)))
        same(vt.real_if_close(vt.asarray(np.complex128(2 + 1e-17j).astype(dtype))),
             np.real_if_close(np.complex128(2 + 1e-17j).astype(dtype)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_sort_complex(dtype):
    for shape in [(0,), (1,), (13,), (3, 5)]:
        ref = values(dtype, shape, seed=10)
        for x in forms(ref):
            same(vt.sort_complex(x), np.sort_complex(ref))
    if dtype in COMPLEX:
        ties = np.array([1 + 2j, 1 - 1j, np.nan + 0j, 1 + np.nan * 1j, -0.0 + 1j, 0j, np.nan * (1 + 1j)], dtype)
        same(vt.sort_complex(vt.asarray(ties)), np.sort_complex(ties))
    names_error(np.exceptions.AxisError, "sort_complex", vt.sort_complex, vt.asarray(1.0))


# -- dtype helpers -----------------------------------------------------------------------------------------------------
def test_issubdtype():
    kinds = [np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger, np.inexact, np.floating,
             np.complexfloating, np.bool_, np.float32, np.int64, float, int, complex, "f4", "i8", "c16"]
    for name in [*DTYPES, "float16", "uint64"]:
        for kind in kinds:
            assert vt.issubdtype(getattr(vt, name), kind) == np.issubdtype(np.dtype(name), kind), (name, kind)
            assert vt.issubdtype(name, kind) == np.issubdtype(name, kind)
            assert vt.issubdtype(kind, getattr(vt, name)) == np.issubdtype(kind, np.dtype(name)), (kind, name)
    assert vt.issubdtype(vt.bfloat16, np.floating) and vt.issubdtype(vt.bfloat16, np.inexact)
    assert vt.issubdtype(vt.bfloat16, vt.bfloat16) and vt.issubdtype("bfloat16", np.generic)
    assert not vt.issubdtype(vt.bfloat16, np.float32) and not vt.issubdtype(vt.float32, vt.bfloat16)
    assert not vt.issubdtype(vt.bfloat16, np.integer)
    names_error(TypeError, "issubdtype", vt.issubdtype, vt.ones(2), np.floating)
    with pytest.raises(TypeError):
        np.issubdtype(np.ones(2), np.floating)


def test_iterable():
    for value in ([1, 2], (), "ab", range(3), np.ones(2), np.float64(1.0), 3, 3.5, None, {1: 2}):
        assert vt.iterable(value) == np.iterable(value), value
    assert vt.iterable(vt.ones(2)) and vt.iterable(vt.ones((0, 2)))
    assert not vt.iterable(vt.asarray(1.0))
    assert np.iterable(np.ones(0)) and not np.iterable(np.asarray(1.0))


def test_common_type():
    names = [d for d in (*DTYPES, "float16", "int16", "uint64") if d != "bool"]
    for first in names:
        for second in names:
            arrays = [np.zeros(2, first), np.zeros((), second)]
            expected = np.common_type(*arrays)
            got = vt.common_type(*[vt.asarray(a) for a in arrays])
            assert isinstance(got, vt.array.dtypes.DType) and got == expected, (first, second, got, expected)
            assert vt.common_type(*arrays) == expected
    assert vt.common_type() == np.common_type() and vt.common_type() is vt.float16
    assert vt.common_type(vt.ones(2, dtype=vt.bfloat16)) is vt.float32
    assert vt.common_type([1, 2], [1.5]) is vt.float64
    names_error(TypeError, "common_type", vt.common_type, vt.ones(2, dtype=vt.bool))
    with pytest.raises(TypeError):
        np.common_type(np.ones(2, bool))


def test_mintypecode():
    cases = [["f", "d"], ["F", "d"], "fF", "i", ["b", "e"], [], ["G", "f"], "Dd", ["f", "F", "d", "D"]]
    for chars in cases:
        for typeset, default in (("GDFgdf", "d"), ("fdFD", "f"), ("dD", "D")):
            assert vt.mintypecode(chars, typeset, default) == np.mintypecode(chars, typeset, default)
    for names in (["float32"], ["float32", "complex64"], ["int32"], ["float64", "complex64"], ["complex128"]):
        arrays = [np.zeros(2, n) for n in names]
        expected = np.mintypecode(arrays)
        assert vt.mintypecode([vt.asarray(a) for a in arrays]) == expected
        assert vt.mintypecode([getattr(vt, n) for n in names]) == expected
    assert vt.mintypecode([vt.zeros(2, dtype=vt.bfloat16)]) == "f"
    assert vt.zeros(2, dtype=vt.mintypecode("fF")).dtype is vt.complex64  # a type character is a dtype to vulkit


# -- windows -----------------------------------------------------------------------------------------------------------
WINDOW_SIZES = [0, 1, 2, 3, 4, 5, 7, 8, 13, 16, -3, 5.5, True, np.int32(6)]


@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
def test_windows(name):
    for size in WINDOW_SIZES:
        expected = getattr(np, name)(size)
        got = getattr(vt, name)(size)
        if name == "bartlett":
            same(got, expected)  # arithmetic only: exact
        else:
            same(got, expected, rtol=1e-15, atol=1e-16)  # vulkit's cos differs from NumPy's by ulps
    names_error(TypeError, name, getattr(vt, name), 5j)
    names_error(TypeError, name, getattr(vt, name), "seven")


def test_kaiser():
    for size in WINDOW_SIZES:
        for beta in (0.0, 0.5, 3.5, 8.6, 14.0, -2.0):
            # vt.special.i0 differs from NumPy's cephes i0 by a few ulps
            same(vt.kaiser(size, beta), np.kaiser(size, beta), rtol=3e-15, atol=1e-300)
    same(vt.kaiser(5, np.inf), np.kaiser(5, np.inf))  # inf / inf: NaN
    names_error(TypeError, "kaiser", vt.kaiser, 5, 1j)
    names_error(TypeError, "kaiser", vt.kaiser, "5", 1.0)


# -- polynomials -------------------------------------------------------------------------------------------------------
def _tol(*arrays: np.ndarray) -> float:
    single = any(np.asarray(a).dtype in (np.float32, np.complex64) for a in arrays)
    return 2e-6 if single else 1e-13


@pytest.mark.parametrize("dtype", NUMBERS)
def test_polyadd_polysub(dtype):
    for n1, n2 in [(5, 3), (3, 5), (4, 4), (1, 7), (0, 2), (0, 0)]:
        a1, a2 = values(dtype, (n1,), seed=11), values(dtype, (n2,), seed=12)
        same(vt.polyadd(vt.asarray(a1), strided(a2)), np.polyadd(a1, a2))
        same(vt.polysub(strided(a1), vt.asarray(a2)), np.polysub(a1, a2))
    mixed = values("float32", (3,), seed=13)
    same(vt.polyadd(vt.asarray(values(dtype, (5,), seed=14)), vt.asarray(mixed)),
         np.polyadd(values(dtype, (5,), seed=14), mixed))
    same(vt.polyadd(2, vt.asarray(mixed)), np.polyadd(2, mixed))  # a 0-d polynomial, NumPy's int64
    same(vt.polysub([1.5, 2.0], 3), np.polysub([1.5, 2.0], 3))
    same(vt.polyadd(vt.ones((2, 3)), vt.ones((2, 3))), np.polyadd(np.ones((2, 3)), np.ones((2, 3))))


def test_polyadd_polysub_errors():
    same(vt.polyadd(vt.asarray([True, False]), vt.asarray([True])), np.polyadd([True, False], [True]))
    names_error(TypeError, "polysub", vt.polysub, vt.asarray([True, False]), vt.asarray([True]))
    names_error(ValueError, "polyadd", vt.polyadd, vt.ones((2, 3)), vt.ones(3))


@pytest.mark.parametrize("dtype", NUMBERS)
def test_polymul(dtype):
    for n1, n2 in [(5, 3), (3, 5), (1, 1), (1, 6), (7, 7)]:
        a1, a2 = values(dtype, (n1,), seed=15, special=False), values(dtype, (n2,), seed=16, special=False)
        expected = np.polymul(a1, a2)
        tol = None if np.dtype(dtype).kind in "iu" else _tol(a1)  # vt.sum's compensated sums vs NumPy's dot
        same(vt.polymul(vt.asarray(a1), strided(a2)), expected, rtol=tol)
        padded = np.concatenate([np.zeros(2, dtype), a1])  # leading zeros dropped, as NumPy's poly1d
        same(vt.polymul(vt.asarray(padded), vt.asarray(a2)), np.polymul(padded, a2), rtol=tol)
    zeros = np.zeros(3, dtype)
    same(vt.polymul(vt.asarray(zeros), vt.asarray(values(dtype, (2,), seed=17))),
         np.polymul(zeros, values(dtype, (2,), seed=17)))
    same(vt.polymul(3, vt.asarray(values(dtype, (4,), seed=18))), np.polymul(3, values(dtype, (4,), seed=18)))
    same(vt.polymul(vt.zeros(0, dtype=dtype), vt.ones(2, dtype=dtype)),
         np.polymul(np.zeros(0, dtype), np.ones(2, dtype)))


def test_polymul_special_and_errors():
    # finite only: vt.convolve multiplies the zeros it pads with, so an infinity next to them gives NaN
    for a1, a2 in (([1.0, -0.0, 3.0], [-0.0, 2.0]), ([2.0, -0.0], [-0.0, 1.0]), ([-0.0, 1.0], [5.0])):
        same(vt.polymul(vt.asarray(a1), vt.asarray(a2)), np.polymul(a1, a2))
    names_error(ValueError, "polymul", vt.polymul, vt.ones((2, 2)), vt.ones(2))


@pytest.mark.parametrize("dtype", NUMBERS)
def test_polydiv(dtype):
    kind = np.dtype(dtype).kind
    for m, n in [(6, 3), (5, 5), (3, 1), (2, 4), (1, 1), (7, 2)]:
        u, v = values(dtype, (m,), seed=19, special=False), values(dtype, (n,), seed=20, special=False)
        if kind in "iu":
            v[0] = 1 if v[0] == 0 else v[0]
        q, r = vt.polydiv(vt.asarray(u), strided(v))
        eq, er = np.polydiv(u, v)
        atol = 1e-4 if dtype in ("float32", "complex64") else 1e-10  # rounding noise in near-zero remainders
        same(q, eq, rtol=_tol(u), atol=atol)
        same(r, er, rtol=_tol(u), atol=atol if kind in "fc" else 0)
    # exact division: the remainder's leading zeros go, leaving one
    q, r = vt.polydiv(vt.asarray([1.0, -3.0, 2.0]), vt.asarray([1.0, -1.0]))
    eq, er = np.polydiv([1.0, -3.0, 2.0], [1.0, -1.0])
    same(q, eq)
    same(r, er)
    q, r = vt.polydiv([1.0, 2.0, 1.0 + 1e-9, 1e-9], [1.0, 1.0])
    eq, er = np.polydiv([1.0, 2.0, 1.0 + 1e-9, 1e-9], [1.0, 1.0])
    same(q, eq)
    same(r, er, rtol=1e-12)
    same(vt.polydiv(3, 2)[0], np.polydiv(3, 2)[0])
    same(vt.polydiv([1.0, np.nan], [2.0])[1], np.polydiv([1.0, np.nan], [2.0])[1])
    with np.errstate(divide="ignore", invalid="ignore"):
        for got, expected in zip(vt.polydiv([1.0, 2.0], [0.0, 1.0]), np.polydiv([1.0, 2.0], [0.0, 1.0]), strict=True):
            same(got, expected)


def test_polydiv_errors():
    names_error(IndexError, "polydiv", vt.polydiv, vt.zeros(0), vt.ones(2))
    names_error(IndexError, "polydiv", vt.polydiv, vt.ones(2), vt.zeros(0))


@pytest.mark.parametrize("dtype", NUMBERS)
def test_polyder(dtype):
    for n in (0, 1, 2, 5, 7):
        p = values(dtype, (n,), seed=21)
        for m in (0, 1, 2, 3, 6):
            expected = np.polyder(p, m)
            got = vt.polyder(strided(p), m)
            same(got, expected, rtol=None if np.dtype(dtype).kind in "iu" else 1e-15)
    same(vt.polyder([1, 2, 3], 1.7), np.polyder([1, 2, 3], 1.7))  # int(m), as NumPy's
    names_error(ValueError, "polyder", vt.polyder, vt.ones(3), -1)
    names_error(TypeError, "polyder", vt.polyder, vt.asarray(2.0))


@pytest.mark.parametrize("dtype", NUMBERS)
def test_polyint(dtype):
    for n in (0, 1, 2, 5, 7):
        p = values(dtype, (n,), seed=22)
        for m in (0, 1, 2, 4):
            same(vt.polyint(strided(p), m), np.polyint(p, m), rtol=1e-15)
            for k in (3, [2.5], [1, -2, 3, 4, 5], np.array([1.5 + 2j, -1.0, 0.5, 2.0]), -0.0):
                if np.ndim(k) and 1 < len(k) < m:
                    continue
                k_vt = vt.asarray(k) if isinstance(k, np.ndarray) else k
                same(vt.polyint(vt.asarray(p), m, k=k_vt), np.polyint(p, m, k=k), rtol=1e-15)


def test_polyint_errors():
    same(vt.polyint(vt.asarray(2.0), 0), np.polyint(np.asarray(2.0), 0))
    names_error(ValueError, "polyint", vt.polyint, vt.ones(3), -1)
    names_error(ValueError, "polyint", vt.polyint, vt.ones(3), 3, k=[1.0, 2.0])
    names_error(TypeError, "polyint", vt.polyint, vt.asarray(2.0), 1)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64", *COMPLEX, "bool", "int8"])
def test_poly(dtype):
    for n in (0, 1, 2, 5, 7):
        zeros = values(dtype, (n,), seed=23, special=False)
        expected = np.poly(zeros)
        got = vt.poly(strided(zeros))
        same(got, expected, rtol=_tol(expected) if np.dtype(dtype).kind in "fc" else None)
    # a 0-d zero: NumPy's own dispatcher rejects it (TypeError, not iterable); vulkit takes it as one zero
    zero = values(dtype, (), seed=24, special=False)
    same(vt.poly(vt.asarray(zero)), np.poly(zero.reshape(1)))


def test_poly_special_and_complex():
    for zeros in ([0.0], [-0.0, 0.0], [np.inf], [np.inf, 1.0], [np.nan, 2.0], [1.0, -1.0, 0.5, 3.0, -2.0]):
        same(vt.poly(zeros), np.poly(zeros))
    conj = np.array([1 + 2j, 3.0, 1 - 2j, -1j, 1j])  # closed under conjugation: real coefficients
    same(vt.poly(vt.asarray(conj)), np.poly(conj), rtol=1e-14)
    plain = np.array([1 + 2j, 3.0, -1j])
    same(vt.poly(vt.asarray(plain)), np.poly(plain), rtol=1e-14)
    same(vt.poly(vt.asarray(plain.astype(np.complex64))), np.poly(plain.astype(np.complex64)), rtol=1e-6)


def test_poly_of_matrix():
    rng = np.random.default_rng(25)
    for n in (1, 2, 3, 5):
        for dtype in ("float64", "float32", "int64", "complex128"):
            a = (rng.uniform(-2, 2, (n, n)) * 4).round().astype(dtype)
            if np.dtype(dtype).kind == "c":
                a = a + 1j * rng.uniform(-2, 2, (n, n)).round()
            expected = np.poly(a)
            # the characteristic polynomial of eigenvalues from two eigen-solvers
            tol = 1e-4 if dtype == "float32" else 1e-10
            same(vt.poly(vt.asarray(a)), expected, rtol=tol, atol=tol * 10)
    symmetric = np.array([[2.0, 1.0], [1.0, 3.0]])
    same(vt.poly(vt.asarray(symmetric).T), np.poly(symmetric.T), rtol=1e-14)
    rotation = np.array([[0.0, -1.0], [1.0, 0.0]])  # complex eigenvalues, real coefficients
    same(vt.poly(vt.asarray(rotation)), np.poly(rotation), atol=1e-15, rtol=1e-15)


def test_poly_errors():
    names_error(ValueError, "poly", vt.poly, vt.ones((2, 3)))
    names_error(ValueError, "poly", vt.poly, vt.ones((0, 0)))
    names_error(ValueError, "poly", vt.poly, vt.ones((2, 2, 2)))


def _same_roots(got: vt.Array, expected: np.ndarray, tol: float) -> None:
    """Same dtype and shape, the same zeros to ``tol`` in any order (the eigen-solvers order them alike only by
    chance, and sorting does not help: conjugate pairs' real parts differ in the last bits): each expected zero
    matched with the nearest one left."""
    host = got.numpy()
    assert host.dtype == expected.dtype and host.shape == expected.shape, (host.dtype, expected.dtype, host.shape)
    left = list(host)
    for zero in expected:
        nearest = min(range(len(left)), key=lambda i: abs(left[i] - zero))
        assert abs(left.pop(nearest) - zero) <= tol * (1 + abs(zero)), (host, expected)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "float64", *COMPLEX])
def test_roots(dtype):
    tol = 1e-4 if dtype in ("float32", "complex64") else 1e-10  # eigenvalues from two eigen-solvers
    cases = [[1, -3, 2], [1, 0, 1], [2, -4, 6, -2, 1], [0, 0, 1, -1, 0, 0], [3], [0, 5, 0], [1, 0, 0], [1, 2]]
    for p in cases:
        ref = np.array(p, dtype)
        _same_roots(vt.roots(vt.asarray(ref)), np.roots(ref), tol)
        _same_roots(vt.roots(strided(ref)), np.roots(ref), tol)
    for p in ([0, 0, 0], [], [0]):
        same(vt.roots(vt.asarray(np.array(p, dtype))), np.roots(np.array(p, dtype)))
    same(vt.roots(vt.asarray(np.array(4, dtype))), np.roots(np.array([4], dtype)))  # 0-d: as poly's
    if dtype in COMPLEX:
        ref = np.array([1, -1j, 2 + 1j], dtype)
        _same_roots(vt.roots(vt.asarray(ref)), np.roots(ref), tol)


def test_roots_errors():
    names_error(ValueError, "roots", vt.roots, vt.ones((2, 3)))
    names_error(vt.linalg.LinAlgError, "roots", vt.roots, vt.asarray([1.0, np.inf, 2.0]))
    assert issubclass(vt.linalg.LinAlgError, ValueError) and issubclass(np.linalg.LinAlgError, ValueError)
    with pytest.raises(np.linalg.LinAlgError):
        np.roots([1.0, np.inf, 2.0])
