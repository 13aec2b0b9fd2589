"""NumPy's host-side names (array/ops/numpy_host.py) against NumPy: printing, formatting, error state,
index iteration, mask_indices, einsum_path, isfortran and the scalar-type names."""

from __future__ import annotations

import numpy as np
import pytest
from numpy_compat_helpers import names_error, same

import vulkit as vt
from vulkit.array.ops import numpy_host


def test_every_name_is_vulkits():
    for name in numpy_host.__all__:
        assert name in vt.__all__ and getattr(vt, name) is getattr(numpy_host, name), name


def test_printing_is_numpys():
    a = np.array([[1.0, -2.5, np.nan], [np.inf, 1e-9, 3.0]])
    x = vt.asarray(a)
    assert vt.array2string(x) == np.array2string(a)
    assert vt.array2string(x, precision=2, separator=", ") == np.array2string(a, precision=2, separator=", ")
    assert vt.array_str(x, precision=3) == np.array_str(a, precision=3) == vt.array_str(x, 100, 3)
    assert vt.array_str(x) == str(x)
    assert vt.array_repr(x) == repr(x) == "Array" + np.array_repr(a)[len("array"):]
    assert vt.array_repr(x, precision=1) == "Array" + np.array_repr(a, precision=1)[len("array"):]
    assert vt.array_repr(vt.asarray(np.float32(2.5))) == "Array(2.5, dtype=float32)"
    assert vt.array_repr(vt.asarray([1.5], dtype=vt.bfloat16)) == "Array([1.5], dtype=bfloat16)"
    assert vt.array_repr(a) == np.array_repr(a) and vt.array2string(a) == np.array2string(a)
    with vt.printoptions(precision=1, suppress=True):
        assert vt.get_printoptions()["precision"] == 1
        assert repr(x) == "Array" + repr(a)[len("array"):]
    assert vt.get_printoptions() == np.get_printoptions()
    assert vt.format_float_positional(np.float32(0.1)) == "0.1"
    assert vt.format_float_scientific(1234.5, precision=2) == np.format_float_scientific(1234.5, precision=2)
    assert (vt.binary_repr(-5, width=8), vt.base_repr(255, 16)) == (np.binary_repr(-5, width=8), np.base_repr(255, 16))
    assert vt.typename("d") == np.typename("d")


def test_error_state_is_numpys():
    with vt.errstate(divide="ignore", invalid="raise"):
        assert vt.geterr()["divide"] == "ignore" and np.geterr()["invalid"] == "raise"
    old = vt.seterr(over="warn")
    try:
        assert np.geterr()["over"] == "warn"
    finally:
        vt.seterr(**old)
    assert vt.geterrcall() is np.geterrcall()


def test_index_iteration():
    a = np.arange(6.0).reshape(2, 3)
    assert list(vt.ndindex(2, 3)) == list(np.ndindex(2, 3))
    assert list(vt.ndenumerate(vt.asarray(a))) == list(np.ndenumerate(a))
    assert list(vt.ndenumerate(vt.asarray(a).T)) == list(np.ndenumerate(a.T))


@pytest.mark.parametrize("k", [0, 1, -2, 5])
def test_mask_indices(k):
    for n in (0, 1, 4, 7):
        for ours, theirs in ((vt.triu, np.triu), (vt.tril, np.tril)):
            got, want = vt.mask_indices(n, ours, k), np.mask_indices(n, theirs, k)
            assert len(got) == 2
            for g, w in zip(got, want, strict=True):
                same(g, w.astype(np.int64))
    same(vt.mask_indices(3, lambda m, k: m * (k > 0))[0], np.mask_indices(3, lambda m, k: m * (k > 0))[0])
    names_error(TypeError, "mask_indices", vt.mask_indices, 3, lambda m: m)


def test_einsum_path_reads_shapes_only():
    shapes = [(4, 5), (5, 6), (6, 3)]
    arrays = [np.ones(s, np.float32) for s in shapes]
    for optimize in ("greedy", "optimal", True, False):
        got = vt.einsum_path("ij,jk,kl->il", *[vt.asarray(a) for a in arrays], optimize=optimize)
        want = np.einsum_path("ij,jk,kl->il", *arrays, optimize=optimize)
        assert got[0] == want[0] and got[1] == want[1]
    assert vt.einsum_path("ii->i", np.ones((3, 3)))[0] == np.einsum_path("ii->i", np.ones((3, 3)))[0]


def test_isfortran():
    a = np.arange(24.0).reshape(2, 3, 4)
    x = vt.asarray(a)
    for ours, theirs in ((x, a), (x.T, a.T), (x[:, :1, :], a[:, :1, :]), (vt.permute_dims(x, (2, 1, 0)), a.T),
                         (x[0], a[0]), (x[0].T, a[0].T), (x[..., ::2], a[..., ::2]), (vt.ones(5), np.ones(5)),
                         (vt.ones((0, 3)).T, np.ones((0, 3)).T), (vt.asarray(1.0), np.asarray(1.0))):
        assert vt.isfortran(ours) == np.isfortran(theirs), (ours.shape, ours._strides)
    assert vt.isfortran(np.asfortranarray(a)) is True


def test_scalar_type_names():
    for name in ("half", "single", "double", "csingle", "cdouble", "byte", "short", "intc", "int_", "intp", "long",
                 "longlong", "ubyte", "ushort", "uintc", "uint", "uintp", "ulong", "ulonglong", "bool_"):
        ours = getattr(vt, name)
        assert isinstance(ours, vt.float32.__class__)
        assert ours.np == np.dtype(getattr(np, name)), name  # this platform's NumPy agrees
        same(vt.zeros(2, dtype=ours), np.zeros(2, getattr(np, name)))
    for abstract in ("generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
                     "complexfloating"):
        assert getattr(vt, abstract) is getattr(np, abstract)
    assert vt.issubdtype(vt.float32, vt.floating) and vt.issubdtype(vt.bfloat16, vt.floating)
    assert vt.issubdtype(vt.uint8, vt.unsignedinteger) and not vt.issubdtype(vt.uint8, vt.signedinteger)
    assert vt.issubdtype(vt.complex64, vt.inexact) and not vt.issubdtype(vt.int64, vt.inexact)
    assert vt.issubdtype(vt.asarray([1, 2]).dtype, vt.integer)


def test_vectorize_runs_the_python_function_on_the_host():
    def clip_step(a, b):
        return a - b if a > b else a + b

    x = np.array([1, 2, 3, 4])
    same(vt.vectorize(clip_step)(vt.asarray(x), 2), np.vectorize(clip_step)(x, 2))

    @vt.vectorize(otypes=[float])
    def half(v):
        return v * 0.5

    same(half(vt.arange(5)), np.vectorize(half._vectorized.pyfunc, otypes=[float])(np.arange(5)))
    pair = vt.vectorize(lambda v: (v, v * 2))(vt.arange(3))
    assert isinstance(pair, tuple) and len(pair) == 2
    same(pair[1], np.arange(3) * 2)
    rows = vt.vectorize(lambda r: r.sum(), signature="(n)->()")(vt.asarray(np.arange(6.0).reshape(2, 3)))
    same(rows, np.array([3.0, 12.0]))
    with pytest.raises(TypeError, match="object"):
        vt.vectorize(lambda v: str(v))(vt.arange(2))
