"""NumPy's habits: the calls NumPy users write without keywords (``vt.sum(x, 0)``,
``vt.zeros(n, vt.float32)``, ``vt.tril(a, -1)``, ``vt.diff(a, 1, 0)``...) give NumPy's results. The array API
standard makes these parameters keyword-only; its suite accepts them as positional-or-keyword, which NumPy's order
needs. Also NumPy's memory orders in ravel, flatten and reshape, and item's indices."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import assert_matches

import vulkit as vt

A = np.array([[3.0, -1.0, 2.0, 7.0], [0.0, 5.0, -4.0, 1.0], [2.0, 2.0, 9.0, -3.0]], dtype=np.float32)
I = np.array([2, 0, 3])  # noqa: E741 - the indices' usual name in NumPy's docs
S = np.array([1.0, 2.0, 2.0, 5.0], dtype=np.float32)
Q = np.array([0.25, 0.5], dtype=np.float32)

# (call, with {m} the module, {A}, {I}, {S} and {Q} its arrays): each parameter NumPy takes by position
CALLS = [
    "zeros((2, 3), {m}.float32)", "ones(5, {m}.int16)", "full((2, 2), 3, {m}.int8)", "asarray([1, 2], {m}.float16)",
    "eye(3, 4, 1, {m}.int32)", "eye(4, 3, -1)", "arange(0, 10, 3, {m}.float32)", "linspace(0, 1, 5, False)",
    "linspace(0, 1)", "sum({A}, 0)", "sum({A}, 1, {m}.float64)", "prod({A}, 1)", "mean({A}, 0, {m}.float64)",
    "max({A}, 0)", "min({A}, 1)", "argmax({A}, 1)", "argmin({A}, 0)", "std({A}, 0)", "var({A}, 1, {m}.float64)",
    "all({A}, 0)", "any({A}, 1)", "count_nonzero({A}, 0)", "median({A}, 1)", "nansum({A}, 0)", "nanmean({A}, 1)",
    "nanmax({A}, 0)", "nanmin({A}, 1)", "nanmedian({A}, 0)", "quantile({A}, {Q}, 1)", "nanquantile({A}, {Q}, 0)",
    "sort({A}, 0)", "sort({A}, 1, 'stable')", "argsort({A}, 0)", "argsort({A}, -1, 'stable')", "flip({A}, 1)",
    "tril({A}, -1)", "triu({A}, 1)", "diff({A}, 2)", "diff({A}, 1, 0)", "diff({A}, 1, 1, 0.0, 9.0)", "roll({A}, 1, 0)",
    "take({A}, {I}, 1)", "repeat({A}, 2, 0)", "stack([{A}, {A}], 1)", "concat([{A}, {A}], 1)",
    "searchsorted({S}, {S}, 'right')", "searchsorted({S}[::-1], {S}, 'left', {m}.asarray([3, 2, 1, 0]))",
    "tensordot({A}, {A}.T, 1)",
]
# SciPy's: logsumexp(a, axis)
SCIPY_CALLS = ["logsumexp({A}, 0)", "logsumexp({A}, 1)"]


@pytest.mark.parametrize("call", CALLS)
def test_numpy_positional_calls_give_numpy_results(call):
    def run(module, name):
        arrays = {"A": A, "I": I, "S": S, "Q": Q}
        if name == "vt":
            arrays = {k: vt.asarray(v) for k, v in arrays.items()}
        text = call.replace("concat(", "concatenate(") if name == "np" else call
        names = {k: f"arrays[{k!r}]" for k in arrays}
        return eval(f"{name}." + text.format(m=name, **names), {name: module, "arrays": arrays})  # noqa: S307

    assert_matches(run(vt, "vt"), np.asarray(run(np, "np")))


B = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
ORDERS = ["B.ravel('F')", "B.ravel('A')", "B.ravel('K')", "B.transpose(2, 0, 1).ravel('K')", "B.T.ravel('A')",
          "B[:, ::-1].ravel('K')", "B[:, 1:].ravel('F')", "B.flatten('F')", "B.T.flatten('A')",
          "B.reshape(4, 6, order='F')", "B.T.reshape(12, 2, order='A')", "M.reshape(B, (4, 6), order='F')",
          "M.ravel(B, 'F')", "B.item(5)", "B.item(-1)", "B.item(1, 2, 3)", "B.item((0, 1, 2))",
          "B[0, 0, :1].item()"]


@pytest.mark.parametrize("call", ORDERS)
def test_numpy_orders_and_item_indices(call):
    """ravel, flatten and reshape in NumPy's orders (C, F, A, K; views of every kind), item at a flat index or an
    index per axis."""
    got = eval(call, {"B": vt.asarray(B), "M": vt})  # noqa: S307
    expected = eval(call, {"B": B, "M": np})  # noqa: S307
    if isinstance(expected, np.ndarray):
        assert_matches(got, expected, exact=True)
    else:
        assert got == expected and type(got) is type(expected)


def test_bad_orders_and_item_indices_raise():
    b = vt.asarray(B)
    with pytest.raises(ValueError, match="^ravel: order must be one of"):
        b.ravel("X")
    with pytest.raises(ValueError, match="^reshape: order 'K' is not permitted"):
        b.reshape(4, 6, order="K")
    with pytest.raises(IndexError, match="^item: index 24 is out of bounds for size 24"):
        b.item(24)
    with pytest.raises(ValueError, match="^item: incorrect number of indices"):
        b.item(1, 2)


def test_array_copies_as_numpys_does():
    """vt.array (the package answers to NumPy's name): a copy by default, copy=None only where needed, copy=False
    never (ValueError naming array where one is needed), ndmin, dtype by position; vt.ndarray is the type."""
    x = vt.array([[1, 2], [3, 4]])
    assert_matches(x, np.array([[1, 2], [3, 4]]))
    assert isinstance(x, vt.ndarray) and vt.ndarray is vt.Array
    assert vt.array(x)._alloc is not x._alloc and vt.array(x, copy=None)._alloc is x._alloc
    assert_matches(vt.array([1.5, 2.5], vt.float32, ndmin=3), np.array([1.5, 2.5], np.float32, ndmin=3))
    assert_matches(vt.array(x, order="F"), np.array([[1, 2], [3, 4]], order="F"))
    with pytest.raises(ValueError, match=r"^array\(copy=False\) cannot change the dtype"):
        vt.array(x, vt.float32, copy=False)
    with pytest.raises(ValueError, match="^array: order must be one of"):
        vt.array([1], order="Q")
    import vulkit.array.ops.creation as creation  # the package's submodules are where they were

    assert vt.array.ops.creation is creation


def test_dtypes_make_scalars_as_numpys_do():
    """vt.float32(3) is NumPy's float32(3) (CuPy's dtypes are NumPy's), of a vulkit array a converted copy;
    bfloat16, which NumPy lacks, gives a 0-d array."""
    for dtype, value in ((vt.float32, 3.5), (vt.int64, 3), (vt.bool, 1), (vt.complex64, 1 + 2j), (vt.uint8, 7)):
        got = dtype(value)
        assert type(got) is np.dtype(dtype.name).type and got == value
    assert vt.float64() == 0.0 and type(vt.float64()) is np.float64
    converted = vt.float16(vt.asarray([1.0, 2.5]))
    assert_matches(converted, np.array([1.0, 2.5], np.float16))
    if "bfloat16" in vt.__array_namespace_info__().dtypes():
        half = vt.bfloat16(1.5)
        assert isinstance(half, vt.Array) and half.shape == () and float(half) == 1.5


G = np.random.default_rng(3).standard_normal((4, 4)) + 4 * np.eye(4)
H = G @ G.T
V = np.random.default_rng(4).standard_normal(8)
# vt.fft's and vt.linalg's functions by NumPy's positions (results up to the signs of vectors: compared as |values|)
NAMESPACED = ["F.fft(V, 16)", "F.fft(V, 4, 0)", "F.ifft(V, 16, -1, 'ortho')", "F.rfft(V, 10)", "F.irfft(F.rfft(V), 8)",
              "F.hfft(V[:5], 8)", "F.ihfft(V, 6)", "F.fftn(G, None, (0,))", "F.rfftn(G, (4, 6), (0, 1))",
              "F.irfftn(F.rfftn(G), (4, 4), (0, 1))", "F.fftfreq(8, 0.5)", "F.rfftfreq(8, 0.1)", "F.fftshift(G, 0)",
              "F.ifftshift(G, (0, 1))", "L.svd(G, False)", "L.svd(G, False, False)", "L.qr(G, 'r')", "L.eigh(H, 'U')",
              "L.eigvalsh(H, 'U')", "L.matrix_rank(G, 1e-6)"]


@pytest.mark.parametrize("call", NAMESPACED)
def test_fft_and_linalg_take_numpys_positions(call):
    def run(module, cast):
        arrays = {"G": cast(G), "H": cast(H), "V": cast(V)}
        return eval(call, {"F": module.fft, "L": module.linalg, **arrays})  # noqa: S307

    def magnitudes(result):
        parts = result if isinstance(result, tuple) else (result,)
        return [np.abs(p.numpy() if isinstance(p, vt.Array) else np.asarray(p)) for p in parts]

    got, expected = magnitudes(run(vt, vt.asarray)), magnitudes(run(np, np.asarray))
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        np.testing.assert_allclose(g, e, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("call", SCIPY_CALLS)
def test_scipy_positional_calls_give_scipy_results(call):
    from scipy import special

    got = eval("vt.special." + call.format(A="a"), {"vt": vt, "a": vt.asarray(A)})  # noqa: S307
    assert_matches(got, special.logsumexp(A, axis=int(call[-2])))


# (function, NumPy's positional arguments after the array up to out, out's dtype): out given by position and by name
OUT_CASES = [
    ("sum", (0, None), "float64"), ("prod", (1, None), "float64"), ("mean", (0, None), "float32"),
    ("var", (1, None), "float64"), ("std", (0, None), "float64"), ("max", (1,), "float64"),
    ("min", (0,), "float32"), ("argmax", (1,), "int64"), ("argmin", (0,), "int64"), ("all", (1,), "bool"),
    ("any", (0,), "bool"), ("nansum", (0, None), "float64"), ("nanmean", (1, None), "float64"),
    ("nanmax", (0,), "float64"), ("nanmin", (1,), "float64"), ("cumsum", (1, None), "float64"),
    ("cumprod", (0, None), "float64"), ("median", (0,), "float64"), ("nanmedian", (1,), "float64"),
    ("ptp", (0,), "float64"), ("nanvar", (1, None), "float64"), ("nanstd", (0, None), "float64"),
    ("nanargmax", (1,), "int64"), ("nanargmin", (0,), "int64"), ("nanprod", (1, None), "float64"),
    ("nancumsum", (0, None), "float64"), ("nancumprod", (1, None), "float64"),
]


@pytest.mark.parametrize(("name", "leading", "out_dtype"), OUT_CASES, ids=[c[0] for c in OUT_CASES])
def test_out_receives_the_result_as_numpys(name, leading, out_dtype):
    if "float64" not in vt.__array_namespace_info__().dtypes():
        pytest.skip("the device has no float64")
    a = np.random.default_rng(3).standard_normal((5, 7))
    a[1, 2] = np.nan if name.startswith("nan") else a[1, 2]
    expected = getattr(np, name)(a, *leading)
    for by_position in (True, False):
        out = vt.zeros(expected.shape, dtype=out_dtype)
        call = (getattr(vt, name)(vt.asarray(a), *leading, out) if by_position else
                getattr(vt, name)(vt.asarray(a), *leading, out=out))
        assert call is out
        np.testing.assert_allclose(out.numpy(), expected.astype(out_dtype), rtol=2e-6 if out_dtype == "float32"
                                   else 1e-12, atol=1e-12)
    method = getattr(vt.asarray(a), name, None)
    if method is not None and name in ("sum", "mean", "max", "argmax", "all", "cumsum", "std"):
        out = vt.zeros(expected.shape, dtype=out_dtype)
        assert method(*leading, out) is out
        np.testing.assert_allclose(out.numpy(), expected.astype(out_dtype), rtol=2e-6, atol=1e-12)


def test_out_of_the_wrong_shape_or_kind_names_the_function():
    x = vt.asarray(np.ones((3, 4)))
    with pytest.raises(ValueError, match=r"sum: out has shape \(3,\), the result \(4,\)"):
        vt.sum(x, 0, out=vt.zeros(3))
    with pytest.raises(TypeError, match="mean: out has dtype int32"):
        vt.mean(x, 1, None, vt.zeros(3, dtype=vt.int32))
    with pytest.raises(TypeError, match="max: out must be a vulkit array"):
        vt.max(x, 0, np.zeros(4))
    with pytest.raises(TypeError, match="multiple values for argument 'out'"):
        vt.sum(x, 0, None, vt.zeros(4), out=vt.zeros(4))
    assert vt.sum(x, None, vt.int64, vt.zeros((), dtype=vt.int64)).numpy() == 12
