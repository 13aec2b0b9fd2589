"""tensordot, dot, inner, outer, kron and einsum against NumPy: dtypes (integers exact, complex, bool, float16),
shapes (0-sized, 1x1, primes, broadcast batches), non-contiguous views, NumPy's rules and errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import FLOATS, INTS, SUPPORTED

import vulkit as vt

HAS64 = "float64" in FLOATS
COMPLEX = [name for name in ("complex64", "complex128") if name in SUPPORTED]
REAL = [name for name in ("float32", "float64") if name in FLOATS]
TOL = {"float16": 1e-2, "float32": 2e-5, "float64": 1e-12, "complex64": 2e-5, "complex128": 1e-12}


def values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    """Random values of ``dtype``: integers that overflow small types when multiplied, floats in [-1, 1)."""
    rng = np.random.default_rng(seed)
    kind = np.dtype(dtype).kind
    if kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(int(info.min), -100), min(int(info.max), 100) + 1, shape).astype(dtype)
    if kind == "c":
        return (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(dtype)
    return rng.uniform(-1, 1, shape).astype(dtype)


def operand(shape: tuple[int, ...], dtype: str, layout: str = "contig", seed: int = 0) -> tuple[np.ndarray, vt.Array]:
    """A NumPy array and the same values on the GPU: contiguous, a transposed view (every axis reversed), a
    strided slice of a larger array or a flipped view (negative strides)."""
    if layout == "flipped":
        a = values(shape, dtype, seed)
        return np.flip(a), vt.flip(vt.asarray(a))
    if layout == "transposed":
        a = values(shape[::-1], dtype, seed)
        return a.T, vt.asarray(a).T
    if layout == "strided":
        a = values(tuple(2 * n + 1 for n in shape), dtype, seed)
        key = tuple(slice(1, None, 2) for _ in shape)
        return a[key], vt.asarray(a)[key]
    a = values(shape, dtype, seed)
    return a, vt.asarray(a)


def widen(a: np.ndarray) -> np.ndarray:
    """float64 / complex128 copies of float arrays (other arguments as they are)."""
    if not isinstance(a, np.ndarray):
        return a
    kind = a.dtype.kind
    return a.astype(np.complex128) if kind == "c" else a.astype(np.float64) if kind == "f" else a


def check(got: vt.Array, function, *arrays: np.ndarray, **kwargs) -> None:
    """``got`` against NumPy's ``function`` of ``arrays``: NumPy's dtype and shape; integers and bool exactly,
    floats against the product computed in float64 (complex128), rounded to NumPy's type, within its accuracy."""
    assert isinstance(got, vt.Array)
    expected = np.asarray(function(*arrays, **kwargs))
    result = got.numpy()
    assert result.dtype == expected.dtype, (result.dtype, expected.dtype)
    assert result.shape == expected.shape, (result.shape, expected.shape)
    if expected.dtype.kind not in "fc":
        np.testing.assert_array_equal(result, expected)
        return
    wide = np.asarray(function(*(widen(a) for a in arrays), **kwargs))
    tol = TOL[expected.dtype.name]
    scale = max(1.0, float(np.abs(wide).max(initial=0.0)))
    np.testing.assert_allclose(result.astype(wide.dtype), wide, rtol=tol, atol=tol * scale, equal_nan=True)


# -- tensordot --------------------------------------------------------------------------------------------------
TENSORDOT = [
    ((3, 4, 5), (4, 5, 6), 2), ((3, 4, 5), (5, 6), 1), ((7,), (7,), 1), ((2, 3), (4, 5), 0), ((1, 1), (1, 1), 2),
    ((0, 4), (4, 3), 1), ((3, 0), (0, 5), 1), ((3, 4), (4, 0), 1), ((13, 17), (17, 11), 1), ((), (), 0),
    ((2, 3, 4), (4, 3, 2), ((1, 2), (1, 0))), ((5, 2, 3), (3, 5, 7), ((0, 2), (1, 0))),
    ((2, 3), (2, 3), ([0, 1], [0, 1])),
    ((4, 3, 2), (2, 4), ((-1, 0), (0, 1))), ((6, 5), (5, 6), ((), ())),
]


@pytest.mark.parametrize("shape1,shape2,axes", TENSORDOT)
@pytest.mark.parametrize("dtype", REAL)
def test_tensordot_matches_numpy(shape1, shape2, axes, dtype):
    a, x = operand(shape1, dtype, seed=1)
    b, y = operand(shape2, dtype, seed=2)
    check(vt.tensordot(x, y, axes=axes), np.tensordot, a, b, axes=axes)
    check(vt.linalg.tensordot(x, y, axes=axes), np.tensordot, a, b, axes=axes)


@pytest.mark.parametrize("layout1", ["transposed", "strided", "flipped"])
@pytest.mark.parametrize("layout2", ["contig", "transposed", "strided"])
def test_tensordot_of_views(layout1, layout2):
    a, x = operand((5, 6, 7), "float32", layout1, seed=3)
    b, y = operand((7, 6, 4), "float32", layout2, seed=4)
    check(vt.tensordot(x, y, axes=((2, 1), (0, 1))), np.tensordot, a, b, axes=((2, 1), (0, 1)))
    check(vt.tensordot(x, y, axes=1), np.tensordot, a, b, axes=1)


@pytest.mark.parametrize("dtype", [*INTS, *COMPLEX, *FLOATS, "bool"])
def test_tensordot_dtypes(dtype):
    a, x = operand((3, 5, 4), dtype, seed=5)
    b, y = operand((4, 5, 2), dtype, "transposed", seed=6)
    check(vt.tensordot(x, y, axes=((1, 2), (1, 0))), np.tensordot, a, b, axes=((1, 2), (1, 0)))


def test_tensordot_promotes_mixed_dtypes():
    a, x = operand((3, 4), "int8", seed=7)
    b, y = operand((4, 2), "float32", seed=8)
    check(vt.tensordot(x, y, axes=1), np.tensordot, a, b, axes=1)
    c, z = operand((4, 2), "int16", seed=9)
    check(vt.tensordot(x, z, axes=1), np.tensordot, a, c, axes=1)


def test_tensordot_errors():
    x, y = vt.ones((3, 4)), vt.ones((5, 6))
    with pytest.raises(ValueError, match="tensordot: shape mismatch"):
        vt.tensordot(x, y, axes=1)
    with pytest.raises(ValueError, match="tensordot"):
        vt.tensordot(x, y, axes=3)
    with pytest.raises(ValueError, match="tensordot"):
        vt.tensordot(x, y, axes=-1)
    with pytest.raises(ValueError, match="tensordot"):
        vt.tensordot(x, vt.ones((4, 3)), axes=((0, 1), (1,)))
    with pytest.raises(TypeError, match="tensordot"):
        vt.tensordot(x, y, axes="ij")
    with pytest.raises(np.exceptions.AxisError):
        vt.tensordot(x, vt.ones((4, 3)), axes=((2,), (0,)))


# -- dot, inner, outer, kron ---------------------------------------------------------------------------------------
DOT = [((), ()), ((), (3, 4)), ((2, 3), ()), ((5,), (5,)), ((3, 4), (4,)), ((4,), (4, 3)), ((3, 4), (4, 5)),
       ((2, 3, 4), (4,)), ((2, 3, 4), (5, 4, 6)), ((7,), (2, 7, 3)), ((0,), (0,)), ((3, 0), (0, 2)), ((1, 1), (1, 1)),
       ((2, 0, 3), (3, 4))]


@pytest.mark.parametrize("shape1,shape2", DOT)
@pytest.mark.parametrize("dtype", [*REAL, "int32"])
def test_dot_follows_numpy_rules(shape1, shape2, dtype):
    a, x = operand(shape1, dtype, seed=10)
    b, y = operand(shape2, dtype, seed=11)
    check(vt.dot(x, y), np.dot, a, b)


@pytest.mark.parametrize("dtype", [*INTS, *COMPLEX, *FLOATS, "bool"])
def test_dot_dtypes_and_views(dtype):
    a, x = operand((6, 5), dtype, "transposed", seed=12)
    b, y = operand((5, 3), dtype, "strided", seed=13)
    check(vt.dot(x, y), np.dot, a, b)
    check(x.dot(y), np.dot, a, b)


def test_dot_out_and_errors():
    a, x = operand((3, 4), "float32", seed=14)
    b, y = operand((4, 2), "float32", seed=15)
    out = vt.empty((3, 2), dtype=vt.float32)
    assert vt.dot(x, y, out=out) is out
    check(out, np.dot, a, b)
    with pytest.raises(ValueError, match="dot: shapes"):
        vt.dot(x, x)
    with pytest.raises(TypeError, match="dot: out"):
        vt.dot(x, y, out=vt.empty((3, 2), dtype=vt.int32))
    with pytest.raises(ValueError, match="dot: out"):
        vt.dot(x, y, out=vt.empty((2, 3), dtype=vt.float32))


def test_dot_propagates_nan_and_inf():
    a = np.array([[1.0, np.nan], [np.inf, 2.0], [1.0, 1.0]], np.float32)
    b = np.array([[1.0, 0.5], [2.0, -1.0]], np.float32)
    check(vt.dot(vt.asarray(a), vt.asarray(b)), np.dot, a, b)


INNER = [((), (3,)), ((4,), ()), ((5,), (5,)), ((3, 4), (4,)), ((3, 4), (2, 4)), ((2, 3, 4), (5, 4)), ((0, 3), (2, 3)),
         ((3, 0), (2, 0)), ((1, 1), (1, 1))]


@pytest.mark.parametrize("shape1,shape2", INNER)
def test_inner_matches_numpy(shape1, shape2):
    for dtype in [*REAL, "int16", *COMPLEX[:1]]:
        a, x = operand(shape1, dtype, seed=16)
        b, y = operand(shape2, dtype, "transposed", seed=17)
        check(vt.inner(x, y), np.inner, a, b)
    with pytest.raises(ValueError, match="inner"):
        vt.inner(vt.ones((3, 4)), vt.ones((3,)))


OUTER = [((), ()), ((3,), (4,)), ((2, 3), (5,)), ((0,), (4,)), ((3,), (0,)), ((2, 2), (3, 1, 2)), ((1,), (1,))]


@pytest.mark.parametrize("shape1,shape2", OUTER)
def test_outer_flattens_as_numpy(shape1, shape2):
    for dtype in ["float32", "int8", "bool", *COMPLEX[:1]]:
        a, x = operand(shape1, dtype, "strided", seed=18)
        b, y = operand(shape2, dtype, seed=19)
        check(vt.outer(x, y), np.outer, a, b)


def test_outer_out():
    a, x = operand((3,), "float32", seed=20)
    b, y = operand((4,), "float32", seed=21)
    out = vt.zeros((3, 4), dtype=vt.float32)
    assert vt.outer(x, y, out=out) is out
    check(out, np.outer, a, b)


KRON = [((), (3,)), ((2,), ()), ((2,), (3,)), ((2, 3), (4, 5)), ((2, 3), (4,)), ((3,), (2, 2)), ((2, 1, 3), (1, 4, 2)),
        ((0, 2), (3, 3)), ((1, 1), (1, 1)), ((2, 2), (3, 0))]


@pytest.mark.parametrize("shape1,shape2", KRON)
def test_kron_matches_numpy(shape1, shape2):
    for dtype in ["float32", "int16", "uint8", "bool", *COMPLEX[:1]]:
        a, x = operand(shape1, dtype, seed=22)
        b, y = operand(shape2, dtype, "transposed", seed=23)
        check(vt.kron(x, y), np.kron, a, b)
    a, x = operand(shape1, "float32", seed=24)
    b, y = operand(shape2, "int8", seed=25)
    check(vt.kron(x, y), np.kron, a, b)


# -- einsum -------------------------------------------------------------------------------------------------------
# (subscripts, operand shapes): every feature of NumPy's language
EINSUM = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),  # matmul
    ("ij,jk", [(7, 1), (1, 3)]),  # implicit matmul, 1x1 contraction
    ("ik,jk->ij", [(3, 4), (5, 4)]),  # A B^T
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),  # batched matmul
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),  # broadcast batches
    ("...ij,...jk", [(3, 4), (2, 4, 5)]),  # implicit with ellipsis
    ("i,i->", [(11,), (11,)]), ("i,i", [(11,), (11,)]),  # inner products
    ("i,j->ij", [(3,), (4,)]), ("i,j", [(3,), (4,)]),  # outer products
    ("ij->ji", [(3, 5)]), ("ji", [(3, 5)]),  # transposes (implicit: alphabetical output)
    ("ii->i", [(4, 4)]), ("ii", [(4, 4)]), ("ii->", [(5, 5)]),  # diagonal and traces
    ("iij->ij", [(3, 3, 2)]), ("iji->j", [(3, 2, 3)]),  # diagonal over non-adjacent axes
    ("ij->", [(4, 6)]), ("ij->i", [(4, 6)]), ("ijk->j", [(2, 3, 4)]),  # sums
    ("ij,ij->ij", [(3, 4), (3, 4)]), ("ij,ij->i", [(3, 4), (3, 4)]),  # elementwise and row dots
    ("ij,jk,kl->il", [(3, 4), (4, 5), (5, 2)]),  # 3-operand chain
    ("ij,jk,kl", [(2, 3), (3, 4), (4, 6)]),  # implicit chain
    ("ab,bc,cd,de->ae", [(2, 3), (3, 4), (4, 2), (2, 5)]),  # 4-operand chain
    ("i,ij,j->", [(3,), (3, 4), (4,)]),  # bilinear form
    ("bn,anm,bm->ba", [(2, 3), (4, 3, 5), (2, 5)]),  # bilinear layer
    ("ijk,jil->kl", [(3, 4, 5), (4, 3, 2)]),  # two contracted axes, permuted
    ("abcd,cdef->abef", [(2, 3, 4, 5), (4, 5, 2, 3)]),  # tensordot-like
    ("ij,jk->ki", [(3, 4), (4, 5)]),  # transposed output
    ("Ab,bC->AC", [(3, 4), (4, 2)]),  # capital letters
    ("bA", [(2, 3)]),  # implicit order: capitals first
    (",ij->ij", [(), (3, 4)]), ("i,->i", [(3,), ()]), (",->", [(), ()]),  # 0-d operands
    ("...,...->...", [(3, 1), (4,)]),  # broadcast elementwise
    ("ij,j->i", [(3, 1), (5,)]),  # size-1 label broadcast in a sum
    ("ij,ij->ij", [(3, 1), (1, 4)]),  # size-1 labels broadcast without sums
    ("ii,ij->j", [(3, 3), (3, 2)]),  # diagonal meets a contraction
    ("ij,kj->", [(0, 3), (2, 3)]), ("ij,jk->ik", [(3, 0), (0, 4)]), ("ij,jk->ik", [(0, 2), (2, 3)]),  # 0-sized
    ("i...->...", [(3, 2, 2)]), ("...ii->...i", [(2, 3, 3)]),  # ellipsis with sums and diagonals
    ("abcdefg,h->hgfedcba", [(2, 1, 3, 2, 1, 2, 3), (2,)]),  # 8 axes, permuted (strided copies split)
]


def _einsum_operands(shapes, dtype, layouts=None):
    layouts = layouts or ["contig"] * len(shapes)
    pairs = [operand(s, dtype, layout, seed=30 + i) for i, (s, layout) in enumerate(zip(shapes, layouts, strict=True))]
    return [p[0] for p in pairs], [p[1] for p in pairs]


@pytest.mark.parametrize("subscripts,shapes", EINSUM, ids=[f"{s}-{i}" for i, (s, _) in enumerate(EINSUM)])
@pytest.mark.parametrize("optimize", [False, True])
def test_einsum_matches_numpy(subscripts, shapes, optimize):
    dtypes = [*REAL, "int64"] if HAS64 else REAL
    for dtype in dtypes:
        arrays, xs = _einsum_operands(shapes, dtype)
        check(vt.einsum(subscripts, *xs, optimize=optimize), np.einsum, subscripts, *arrays)


@pytest.mark.parametrize("dtype", [*INTS, *COMPLEX, *FLOATS, "bool"])
@pytest.mark.parametrize("subscripts,shapes", [("ij,jk,kl->il", [(3, 4), (4, 5), (5, 2)]),
                                               ("bii,bi->b", [(2, 3, 3), (2, 3)]),
                                               ("ij->j", [(5, 3)]), ("i,j->ji", [(3,), (2,)])])
def test_einsum_dtypes(dtype, subscripts, shapes):
    arrays, xs = _einsum_operands(shapes, dtype)
    check(vt.einsum(subscripts, *xs), np.einsum, subscripts, *arrays)


@pytest.mark.parametrize("subscripts,shapes", [("ij,jk->ik", [(5, 4), (4, 6)]),
                                               ("bij,bkj->bki", [(2, 3, 4), (2, 5, 4)]), ("ii->i", [(5, 5)]),
                                               ("ijk,kj->i", [(3, 4, 5), (5, 4)]),
                                               ("ij,jk,kl->li", [(3, 4), (4, 5), (5, 2)])])
def test_einsum_of_views(subscripts, shapes):
    for layouts in (["transposed"] * len(shapes), ["strided"] * len(shapes), ["flipped"] * len(shapes)):
        arrays, xs = _einsum_operands(shapes, "float32", layouts)
        check(vt.einsum(subscripts, *xs), np.einsum, subscripts, *arrays)


def test_einsum_paths_agree():
    arrays, xs = _einsum_operands([(3, 4), (4, 5), (5, 2), (2, 6)], "float64" if HAS64 else "float32")
    subscripts = "ab,bc,cd,de->ae"
    path = np.einsum_path(subscripts, *arrays, optimize="greedy")[0]
    for optimize in (False, True, "greedy", "optimal", path, ["einsum_path", (2, 3), (0, 1), (0, 1)],
                     ["einsum_path", (0, 1, 2, 3)]):
        check(vt.einsum(subscripts, *xs, optimize=optimize), np.einsum, subscripts, *arrays)


def test_einsum_interleaved_sublists():
    arrays, xs = _einsum_operands([(3, 4), (4, 5)], "float32")
    check(vt.einsum(xs[0], [0, 1], xs[1], [1, 2], [2, 0]), np.einsum, arrays[0], [0, 1], arrays[1], [1, 2], [2, 0])
    check(vt.einsum(xs[0], [Ellipsis, 1], xs[1], [1, 27]), np.einsum, arrays[0], [Ellipsis, 1], arrays[1], [1, 27])


def test_einsum_diagonal_is_a_view():
    a = values((4, 4), "float32")
    x = vt.asarray(a)
    d = vt.einsum("ii->i", x)
    d[...] = 7.0
    np.fill_diagonal(a, 7.0)
    np.testing.assert_array_equal(x.numpy(), a)


def test_einsum_dtype_and_out():
    arrays, xs = _einsum_operands([(3, 4), (4, 2)], "int16")
    check(vt.einsum("ij,jk", *xs, dtype=vt.float32), np.einsum, "ij,jk", *arrays, dtype=np.float32)
    out = vt.zeros((3, 2), dtype=vt.int32)
    assert vt.einsum("ij,jk", *xs, out=out) is out
    np.testing.assert_array_equal(out.numpy(), np.einsum("ij,jk", *arrays).astype(np.int32))
    with pytest.raises(TypeError, match="einsum: out"):
        vt.einsum("ij,jk", *xs, out=vt.zeros((3, 2), dtype=vt.int8))
    with pytest.raises(ValueError, match="einsum: out"):
        vt.einsum("ij,jk", *xs, out=vt.zeros((2, 3), dtype=vt.int32))


def test_einsum_mixed_dtypes_promote():
    a, x = operand((3, 4), "int8", seed=40)
    b, y = operand((4,), "float32", seed=41)
    check(vt.einsum("ij,j->i", x, y), np.einsum, "ij,j->i", a, b)


@pytest.mark.parametrize("subscripts,shapes,match", [
    ("ij,jk", [(3, 4)], "operands"),
    ("ij", [(3, 4), (4, 5)], "operands"),
    ("i2,jk", [(3, 4), (4, 5)], "invalid subscript"),
    ("ij,jk->ik->i", [(3, 4), (4, 5)], "->"),
    ("ij-jk", [(3, 4)], "->"),
    ("ijk", [(3, 4)], "dimensions"),
    ("i", [(3, 4)], "dimensions"),
    ("...ijk", [(3, 4)], "dimensions"),
    ("i...j...", [(3, 4, 5)], "ellipsis"),
    ("ij,jk->iz", [(3, 4), (4, 5)], "'z'"),
    ("ij,jk->ii", [(3, 4), (4, 5)], "more than once"),
    ("ij,jk->ik", [(3, 4), (5, 6)], "size"),
    ("ii->i", [(3, 4)], "sizes"),
    ("...ij->ij", [(2, 3, 4)], "'...'"),
    ("...i,...i->...", [(2, 3), (4, 3)], "size"),
])
def test_einsum_errors(subscripts, shapes, match):
    xs = [vt.ones(s, dtype=vt.float32) for s in shapes]
    with pytest.raises(ValueError, match=match):
        vt.einsum(subscripts, *xs)


def test_einsum_argument_errors():
    x = vt.ones((3, 3))
    with pytest.raises(ValueError, match="einsum: optimize"):
        vt.einsum("ij,jk", x, x, optimize="fastest")
    with pytest.raises(ValueError, match="einsum: invalid contraction"):
        vt.einsum("ij,jk", x, x, optimize=["einsum_path", (0, 2)])
    with pytest.raises(ValueError, match="einsum: the path"):
        vt.einsum("ij,jk,kl", x, x, x, optimize=["einsum_path", (0, 1)])
    with pytest.raises(ValueError, match="einsum: subscripts in a sublist"):
        vt.einsum(x, [0, 60])
    with pytest.raises(ValueError, match="einsum: at least one operand"):
        vt.einsum("ij")
    with pytest.raises(TypeError, match="einsum"):
        vt.einsum("ij", object())


def _random_einsum(rng: np.random.Generator) -> tuple[str, list[np.ndarray]]:
    """A random einsum call: 1 to 4 operands of up to 4 labels from 'abcdef' (repeats give diagonals), sizes 0 to 5
    with some axes of size 1 that broadcast (or, in a diagonal, make the call invalid), an ellipsis in some operands,
    implicit or explicit output."""
    sizes = {label: int(rng.choice([0, 1, 2, 3, 4, 5], p=[0.05, 0.15, 0.3, 0.3, 0.1, 0.1])) for label in "abcdef"}
    broadcast = tuple(int(n) for n in rng.integers(1, 4, rng.integers(1, 3)))
    with_ellipsis = rng.random() < 0.25
    texts, arrays = [], []
    for _ in range(rng.choice([1, 2, 2, 3, 3, 4])):
        term = "".join(rng.choice(list("abcdef"), rng.integers(0, 5)))
        shape = [sizes[c] if rng.random() > 0.1 else 1 for c in term]
        if with_ellipsis and rng.random() < 0.7:
            cut, k = int(rng.integers(0, len(term) + 1)), int(rng.integers(0, len(broadcast) + 1))
            term = term[:cut] + "..." + term[cut:]
            shape[cut:cut] = [n if rng.random() > 0.3 else 1 for n in broadcast[len(broadcast) - k:]]
        texts.append(term)
        arrays.append(rng.uniform(-1, 1, shape))
    subscripts = ",".join(texts)
    if rng.random() < 0.5:
        letters = sorted({c for c in subscripts if c.isalpha()})
        output = "".join(rng.permutation([c for c in letters if rng.random() < 0.5]))
        if "..." in subscripts:
            output = "..." + output if rng.random() < 0.5 else output + "..."
        subscripts += "->" + output
    return subscripts, arrays


def test_einsum_random_expressions_match_numpy():
    """200 random expressions: each gives NumPy's result (either path), or raises ValueError where NumPy raises."""
    rng = np.random.default_rng(2026)
    compared = 0
    for _ in range(200):
        subscripts, arrays = _random_einsum(rng)
        xs = [vt.asarray(a) for a in arrays]
        try:
            expected = np.einsum(subscripts, *arrays)
        except ValueError:
            with pytest.raises(ValueError, match="einsum"):
                vt.einsum(subscripts, *xs)
            continue
        compared += 1
        for optimize in (False, True):
            got = vt.einsum(subscripts, *xs, optimize=optimize).numpy()
            assert got.shape == np.shape(expected), (subscripts, [a.shape for a in arrays])
            np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12, err_msg=subscripts)
    assert compared > 150
