"""matmul, @ and gemm against NumPy: dtypes, shapes (1x1, 1-D operands, primes, empty, K = 0, sizes around the
tiles), broadcast batches, transposed, sliced, flipped and broadcast views, out=, errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import FLOATS, INTS

import vulkit as vt
from vulkit.array.ops.matmul import gemm

HAS64 = "float64" in FLOATS
COMPLEX = ["complex64"] + (["complex128"] if HAS64 else [])


def _values(shape: tuple[int, ...], dtype: str, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.random(shape) < 0.3
    if dtype.startswith(("int", "uint")):
        return rng.integers(-100 if dtype.startswith("int") else 0, 100, shape).astype(dtype)
    values = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        values = values + 1j * rng.standard_normal(shape)
    return values.astype(dtype)


def _check(got: vt.Array, a: np.ndarray, b: np.ndarray) -> None:
    """Exact for integers and bool (wrapping as NumPy's); floats against the float64 product, to a bound that
    grows with K as a float32 (float16: float32-accumulated) sum's error does."""
    expected = np.matmul(a, b)
    result = got.numpy()
    assert result.dtype == expected.dtype and result.shape == expected.shape
    if expected.dtype.kind in "biu":
        np.testing.assert_array_equal(result, expected)
        return
    wide = np.matmul(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
                     b.astype(np.complex128 if b.dtype.kind == "c" else np.float64))
    k = a.shape[-1] if a.ndim else 1
    eps = {2: 2.0 ** -10, 4: 2.0 ** -23, 8: 2.0 ** -52}[np.finfo(expected.dtype).dtype.itemsize]
    scale = np.matmul(np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
    bound = eps * (4 + 2 * np.sqrt(max(k, 1))) * np.maximum(scale, np.finfo(np.float64).tiny)
    assert np.all(np.abs(result.astype(wide.dtype) - wide) <= bound + 2 * eps * np.abs(wide))


SHAPES = [((1, 1), (1, 1)), ((3, 5), (5, 7)), ((1, 9), (9, 1)), ((7, 1), (1, 6)), ((31, 33), (33, 17)),
          ((64, 64), (64, 64)), ((65, 63), (63, 129)), ((131, 257), (257, 67)), ((2, 0), (0, 3)), ((0, 4), (4, 5)),
          ((3, 4), (4, 0))]


@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(("sa", "sb"), SHAPES)
def test_float_shapes(dtype: str, sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    a, b = _values(sa, dtype, 1), _values(sb, dtype, 2)
    _check(vt.asarray(a) @ vt.asarray(b), a, b)


@pytest.mark.parametrize("dtype", ["bool", *INTS, *COMPLEX])
@pytest.mark.parametrize(("sa", "sb"), [((1, 1), (1, 1)), ((5, 3), (3, 7)), ((70, 33), (33, 66)), ((2, 0), (0, 3))])
def test_other_dtypes(dtype: str, sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    a, b = _values(sa, dtype, 3), _values(sb, dtype, 4)
    _check(vt.matmul(vt.asarray(a), vt.asarray(b)), a, b)


def test_integer_products_wrap() -> None:
    a = np.full((3, 40), 100, np.int8)
    b = np.full((40, 2), 3, np.int8)
    _check(vt.asarray(a) @ vt.asarray(b), a, b)
    c = np.full((2, 3), 2 ** 31 - 1, np.int32)
    _check(vt.asarray(c) @ vt.asarray(c.T.copy()), c, c.T.copy())


@pytest.mark.parametrize(("sa", "sb"), [((5,), (5,)), ((4,), (4, 3)), ((3, 4), (4,)), ((2, 3, 4), (4,)),
                                        ((4,), (2, 4, 3)), ((1,), (1,)), ((0,), (0,))])
def test_one_dimensional_operands(sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    a, b = _values(sa, "float32", 5), _values(sb, "float32", 6)
    _check(vt.asarray(a) @ vt.asarray(b), a, b)


@pytest.mark.parametrize(("sa", "sb"), [((4, 3, 5), (4, 5, 2)), ((1, 3, 5), (6, 5, 2)), ((3, 5), (2, 5, 4)),
                                        ((2, 1, 3, 5), (4, 5, 6)), ((2, 3, 1, 4, 5), (3, 2, 5, 3)),
                                        ((0, 3, 4), (4, 2)), ((1000, 3, 3), (1000, 3, 1))])
def test_batches_broadcast(sa: tuple[int, ...], sb: tuple[int, ...]) -> None:
    a, b = _values(sa, "float32", 7), _values(sb, "float32", 8)
    _check(vt.asarray(a) @ vt.asarray(b), a, b)


def _views(x: np.ndarray, y: vt.Array) -> list[tuple[np.ndarray, vt.Array]]:
    return [(x.T, y.mT), (x[::2, 1:], y[::2, 1:]), (x[::-1], y[::-1]), (x[:, ::-3], y[:, ::-3]),
            (x.T[1:-1], y.mT[1:-1])]


def test_views_read_in_place() -> None:
    a, b = _values((40, 40), "float32", 9), _values((40, 40), "float32", 10)
    x, y = vt.asarray(a), vt.asarray(b)
    for va, vx in _views(a, x):
        for vb, vy in _views(b, y):
            if va.shape[1] == vb.shape[0]:
                _check(vx @ vy, va, vb)
    row = np.broadcast_to(a[:1], (40, 40))
    _check(vt.broadcast_to(x[:1], (40, 40)) @ y, row, b)


def test_products_of_layouts_seen_before() -> None:
    """A product of layouts seen before records the plan kept for them (the call's own cache): new values, other
    arrays of the same layout, views at the same offsets of other buffers, every dtype kind, and the operands'
    roles swapped all give NumPy's products."""
    rng = np.random.default_rng(5)
    for dtype in ("float32", "int32", "bool"):
        for _ in range(3):
            a = (rng.standard_normal((33, 70)) * 4).astype(dtype)
            b = (rng.standard_normal((70, 20)) * 4).astype(dtype)
            np.testing.assert_allclose((vt.asarray(a) @ vt.asarray(b)).numpy(), a @ b, rtol=2e-5, atol=1e-3)
    big = rng.standard_normal((2, 40, 40)).astype(np.float32)
    for k in range(2):  # the same view layout of two buffers (offsets equal, contents not)
        x = vt.asarray(big[k] * (k + 1))[3:36, 1:30]
        y = vt.asarray(big[1 - k])[1:30, ::2]
        np.testing.assert_allclose((x @ y).numpy(), (big[k] * (k + 1))[3:36, 1:30] @ big[1 - k][1:30, ::2],
                                   rtol=2e-5, atol=1e-4)
    square = rng.standard_normal((24, 24)).astype(np.float32)
    other = rng.standard_normal((24, 24)).astype(np.float32)
    for p, q in ((square, other), (other, square)):
        np.testing.assert_allclose((vt.asarray(p) @ vt.asarray(q)).numpy(), p @ q, rtol=2e-5, atol=1e-4)
    for _ in range(3):  # a matrix times a 1-D vector (the matrix-vector kernel's plan), and a column, again
        m, v = rng.standard_normal((37, 70)).astype(np.float32), rng.standard_normal(70).astype(np.float32)
        got = vt.asarray(m) @ vt.asarray(v)
        assert got.shape == (37,)
        np.testing.assert_allclose(got.numpy(), m @ v, rtol=2e-5, atol=1e-4)
        np.testing.assert_allclose((vt.asarray(m) @ vt.asarray(v[:, None])).numpy(), m @ v[:, None], rtol=2e-5,
                                   atol=1e-4)
        # a row vector times a matrix whose columns are contiguous (a linear layer's x @ W.T): the matrix bound first
        np.testing.assert_allclose((vt.asarray(v) @ vt.asarray(m).T).numpy(), v @ m.T, rtol=2e-5, atol=1e-4)
        np.testing.assert_allclose((vt.asarray(v[None]) @ vt.asarray(m).T).numpy(), v[None] @ m.T, rtol=2e-5,
                                   atol=1e-4)


def test_out_and_inplace() -> None:
    a, b = _values((6, 5), "float32", 11), _values((5, 6), "float32", 12)
    out = vt.zeros((12, 6), dtype=vt.float32)
    target = out[::2]
    result = vt.matmul(vt.asarray(a), vt.asarray(b), out=target)
    assert result is target
    _check(result, a, b)
    assert np.all(out.numpy()[1::2] == 0)
    x = vt.asarray(_values((4, 4), "float32", 13))
    expected = x.numpy() @ b[:4, :4]
    x @= vt.asarray(b[:4, :4])
    np.testing.assert_allclose(x.numpy(), expected, rtol=1e-5, atol=1e-5)
    with pytest.raises(TypeError, match="matmul"):
        ints = vt.asarray(np.ones((2, 2), np.int32))
        ints @= vt.asarray(np.ones((2, 2), np.float32))
    with pytest.raises(ValueError, match="out has shape"):
        vt.matmul(vt.asarray(a), vt.asarray(b), out=vt.zeros((5, 5)))
    with pytest.raises(TypeError, match="same-kind"):
        vt.matmul(vt.asarray(a), vt.asarray(b), out=vt.zeros((6, 6), dtype=vt.int32))
    wide = vt.zeros((6, 6), dtype=vt.float64) if "float64" in FLOATS else vt.zeros((6, 6), dtype=vt.complex64)
    _check(vt.matmul(vt.asarray(a), vt.asarray(b), out=wide).astype(vt.float32), a, b)


@pytest.mark.parametrize(("sa", "sb"), [((131, 257), (257, 67)), ((128, 64), (64, 128)), ((3, 200, 37), (37, 300)),
                                        ((1, 1), (1, 1)), ((256, 96), (96, 130))])
@pytest.mark.parametrize("dtype", ["float16", "int8", "uint8"])
def test_padded_operands(monkeypatch: pytest.MonkeyPatch, sa: tuple[int, ...], sb: tuple[int, ...],
                         dtype: str) -> None:
    """Large float16 and 8-bit products copy misfit operands into zero-padded ones where the device has
    cooperative matrices (the threshold lowered here so that small ones do too): the results are unchanged, for
    views too (8-bit sums wrap as NumPy's)."""
    from vulkit.array.ops import matmul as matmul_ops  # noqa: PLC0415

    monkeypatch.setattr(matmul_ops, "_COOP_PAD_WORK", 1)
    a, b = _values(sa, dtype, 31), _values(sb, dtype, 32)
    x, y = vt.asarray(a), vt.asarray(b)
    _check(x @ y, a, b)
    _check(y.mT @ x.mT, np.swapaxes(b, -1, -2), np.swapaxes(a, -1, -2))
    if len(sa) == 2 and dtype == "float16":
        c = _values((sa[0], sb[1]), "float16", 33)
        z = vt.asarray(c)
        gemm(x, y, z, alpha=0.5, beta=-1.0)
        expected = 0.5 * (a.astype(np.float64) @ b) - c
        np.testing.assert_allclose(z.numpy().astype(np.float64), expected, rtol=1e-2, atol=0.1)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "int8", "uint8"])
def test_cooperative_kernels_compile(dtype: str) -> None:
    """The cooperative-matrix kernel's GLSL for every operand layout, bounds checked or not, compiles to SPIR-V that
    SPIRV-Tools' validator accepts (lavapipe has no cooperative matrices: the GPU machine runs them)."""
    import itertools  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import tempfile  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    from vulkit.array.kernels.matmul_coop import CoopMatmulSpec  # noqa: PLC0415
    from vulkit.array.ops.matmul import _coop_grid  # noqa: PLC0415
    from vulkit.shaders import compile_source  # noqa: PLC0415
    from vulkit.shaders.compiler import spirv_tool  # noqa: PLC0415

    validator = spirv_tool("spirv-val")
    dt = getattr(vt, dtype)
    sizes = (64, 4096)  # the small products' grid and the large ones'
    for (a_run, b_run), checked, size in itertools.product((("k", "n"), ("m", "k")), (True, False), sizes):
        spec = CoopMatmulSpec(dt, 32, *_coop_grid(dt, size, size, 1), a_run, b_run, True, True, dt.kind == "f",
                              False, checked=checked)
        spirv = spec.finish_spirv(compile_source(spec.source({}), optimize=True))
        assert spirv[:4] == b"\x03\x02\x23\x07"
        if validator:
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "k.spv"
                path.write_bytes(spirv)
                done = subprocess.run([validator, "--target-env", "vulkan1.3", str(path)], capture_output=True,
                                      text=True)
            assert done.returncode == 0, done.stdout + done.stderr


def test_filling_pads_with_zeros() -> None:
    """The padded copy: x's values in a view of x's shape, zeros around them, rows and columns whole tiles."""
    from vulkit.array.array import view  # noqa: PLC0415
    from vulkit.array.ops.matmul import _filling  # noqa: PLC0415

    a = _values((2, 37, 21), "float16", 34)
    x = vt.asarray(a)
    for source, expected in ((x, a), (x.mT, np.swapaxes(a, -1, -2)), (x[:, 1:33, :16], a[:, 1:33, :16])):
        filled = _filling(source, 32, 16)
        assert filled is not source and filled.shape == source.shape
        np.testing.assert_array_equal(filled.numpy(), expected)
        rows, cols = filled.shape[-2:]
        whole = (2, -(-rows // 32) * 32, -(-cols // 16) * 16)
        padded = np.zeros(whole, np.float16)
        padded[:, :rows, :cols] = expected
        np.testing.assert_array_equal(view(filled, whole, filled._strides, filled._offset).numpy(), padded)
    fitting = vt.asarray(_values((64, 32), "float16", 35))
    assert _filling(fitting, 32, 16) is fitting
    one = _values((1, 37, 21), "float16", 36)
    repeated = _filling(vt.broadcast_to(vt.asarray(one), (500, 37, 21)), 32, 16)  # one padded copy, broadcast
    assert repeated.shape == (500, 37, 21) and repeated._strides[0] == 0 and repeated._alloc.size < 500 * 37 * 21
    np.testing.assert_array_equal(repeated.numpy(), np.broadcast_to(one, (500, 37, 21)))


def test_mixed_dtypes_and_python_operands() -> None:
    a, b = _values((3, 4), "int32", 14), _values((4, 2), "float32", 15)
    _check(vt.asarray(a) @ vt.asarray(b), a, b)
    c = _values((2, 4), "float32", 16)
    _check(vt.matmul(vt.asarray(c), b.tolist()), c, np.asarray(b.tolist()))  # lists as NumPy reads them
    _check(vt.matmul(c.tolist(), vt.asarray(b)), np.asarray(c.tolist()), b)


@pytest.mark.parametrize(("sa", "sb", "match"), [((), (3,), "at least one dimension"),
                                                 ((3,), (), "at least one dimension"),
                                                 ((3, 4), (5, 2), "core dimensions"),
                                                 ((2, 3, 4), (3, 4, 2), "batch shapes")])
def test_errors(sa: tuple[int, ...], sb: tuple[int, ...], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        vt.matmul(vt.ones(sa), vt.ones(sb))


def test_not_an_array() -> None:
    with pytest.raises(TypeError, match="matmul"):
        vt.matmul(vt.ones((2, 2)), "ab")
    assert vt.ones((2, 2)).__matmul__(object()) is NotImplemented


@pytest.mark.parametrize("dtype", FLOATS)
def test_gemm_updates_a_submatrix(dtype: str) -> None:
    c = _values((50, 40), dtype, 16)
    a, b = _values((20, 30), dtype, 17), _values((30, 25), dtype, 18)
    x = vt.asarray(c)
    gemm(vt.asarray(a), vt.asarray(b), x[5:25, 10:35], alpha=-1.0, beta=1.0)
    expected = c.astype(np.float64)
    expected[5:25, 10:35] -= a.astype(np.float64) @ b.astype(np.float64)
    tol = 1e-2 if dtype == "float16" else 1e-5
    np.testing.assert_allclose(x.numpy().astype(np.float64), expected, rtol=tol, atol=tol * 10)
    gemm(vt.asarray(a), vt.asarray(b), x[:20, :25], alpha=2.0)  # beta 0: the old values are not read
    np.testing.assert_allclose(x.numpy()[:20, :25].astype(np.float64), 2 * (a.astype(np.float64) @ b),
                               rtol=tol, atol=tol * 10)


def test_products_planned_once_per_layout() -> None:
    """A layout's launch plan is kept and replayed: other arrays, offsets, alpha and beta of the same shapes must
    give their own results (a blocked factorization's loop of updates, a model's layers)."""
    rng = np.random.default_rng(21)
    big = rng.standard_normal((90, 90)).astype(np.float32)
    x = vt.asarray(big)
    expected = big.astype(np.float64)
    for step, (alpha, beta) in enumerate([(1.0, 0.0), (-1.0, 1.0), (-1.0, 1.0), (0.5, 2.0), (1.0, 0.0)]):
        a = rng.standard_normal((40, 12)).astype(np.float32)  # more rows and columns than the skinny kernel's
        b = rng.standard_normal((12, 40)).astype(np.float32)
        r0 = 4 * (step % 3)  # the same layout at other offsets, then at an offset seen before
        gemm(vt.asarray(a), vt.asarray(b), x[r0:r0 + 40, 8:48], alpha=alpha, beta=beta)
        expected[r0:r0 + 40, 8:48] = alpha * (a.astype(np.float64) @ b) + beta * expected[r0:r0 + 40, 8:48]
        np.testing.assert_allclose(x.numpy(), expected, rtol=1e-5, atol=1e-5)
        c = vt.asarray(a) @ vt.asarray(b)  # matmul of the same layout, new operands each time
        np.testing.assert_allclose(c.numpy(), a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)
        for left in (a[:3], a[0]):  # the skinny kernel's kept plan: three rows, and a row vector
            c = vt.asarray(left) @ vt.asarray(b)
            np.testing.assert_allclose(c.numpy(), left.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)


def test_gemm_checks() -> None:
    with pytest.raises(TypeError, match="one floating dtype"):
        gemm(vt.ones((2, 2)), vt.ones((2, 2), dtype=vt.int32), vt.ones((2, 2)))
    with pytest.raises(ValueError, match="do not give"):
        gemm(vt.ones((2, 3)), vt.ones((3, 2)), vt.ones((3, 3)))


def test_deterministic() -> None:
    a, b = _values((300, 500), "float32", 19), _values((500, 200), "float32", 20)
    x, y = vt.asarray(a), vt.asarray(b)
    first = (x @ y).numpy()
    assert np.array_equal(first, (x @ y).numpy())


@pytest.mark.parametrize("dtype", ["float32", "int32", *[f for f in FLOATS if f != "float32"]])
@pytest.mark.parametrize(("m", "k"), [(1, 1), (5, 7), (33, 130), (17, 650), (300, 1027), (8, 4099)])
def test_matrix_vector(dtype: str, m: int, k: int) -> None:
    """K around the kernel's steps (vec4 loads by 32 lanes: 128 elements) and its scalar tail: none, one and a
    remainder, whole."""
    a, x = _values((m, k), dtype, 21), _values((k,), dtype, 22)
    va, vx = vt.asarray(a), vt.asarray(x)
    _check(va @ vx, a, x)  # rows of A contiguous: the matrix-vector kernel
    _check(vx @ va.mT, x, a.T)  # a row times a matrix whose columns are contiguous: the same kernel
    _check(va[:, ::-1] @ vx[::-1], a[:, ::-1], x[::-1])  # no unit stride along the rows: the tiled kernel
    _check(va[1:, 1:] @ vx[1:], a[1:, 1:], x[1:])  # unaligned rows: scalar loads


def test_gemm_matrix_vector_epilogue() -> None:
    a, x, y = _values((40, 30), "float32", 23), _values((30, 1), "float32", 24), _values((40, 1), "float32", 25)
    out = vt.asarray(y)
    gemm(vt.asarray(a), vt.asarray(x), out, alpha=0.5, beta=-2.0)
    np.testing.assert_allclose(out.numpy(), 0.5 * (a @ x) - 2.0 * y, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", ["float32", "int8", "bool", "uint16", *[f for f in FLOATS if f != "float32"]])
@pytest.mark.parametrize(("m", "k", "n"), [(1, 10, 300), (3, 100, 7), (8, 333, 1031), (2, 5, 9), (5, 2000, 64)])
def test_skinny_products(dtype: str, m: int, k: int, n: int) -> None:
    """At most 8 rows (B's rows contiguous) or 8 columns (A's columns contiguous): the skinny kernel, K in one
    chunk or cut into chunks whose partial sums a reduction adds."""
    a, b = _values((m, k), dtype, 26), _values((k, n), dtype, 27)
    _check(vt.asarray(a) @ vt.asarray(b), a, b)
    at, bt = np.ascontiguousarray(b.T), np.ascontiguousarray(a.T)  # (n, k) and (k, m), columns contiguous as views
    _check(vt.asarray(at) @ vt.asarray(bt), at, bt)
    _check(vt.asarray(a.T.copy()).mT @ vt.asarray(b), a, b)  # A's columns contiguous: its transposed product


@pytest.mark.parametrize("k", [10, 500])
def test_gemm_skinny_epilogue(k: int) -> None:
    a, b, c = _values((3, k), "float32", 28), _values((k, 70), "float32", 29), _values((3, 70), "float32", 30)
    out = vt.asarray(c)
    gemm(vt.asarray(a), vt.asarray(b), out, alpha=-1.5, beta=0.5)
    np.testing.assert_allclose(out.numpy(), -1.5 * (a.astype(np.float64) @ b) + 0.5 * c, rtol=1e-4, atol=1e-4)
