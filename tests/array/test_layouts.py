"""Shapes and layouts: 0-d, empty, odd and large sizes, views with offsets and strides, broadcasting."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import SUPPORTED, assert_matches, sample

import vulkit as vt

SHAPES = [(), (0,), (1,), (7,), (1001,), (3, 0, 2), (2, 3, 5), ((1 << 20) + 3,)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_shapes(shape):
    x = np.random.default_rng(0).uniform(-3, 3, shape).astype(np.float32)
    y = np.random.default_rng(1).uniform(-3, 3, shape).astype(np.float32)
    got = vt.exp(vt.asarray(x)) * 2 + vt.asarray(y)
    assert got.shape == shape and got.dtype == vt.float32
    np.testing.assert_allclose(got.numpy(), np.exp(x) * 2 + y, rtol=1e-5, atol=1e-5)


VIEWS = {
    "step": lambda a: a[::2],
    "reversed": lambda a: a[::-1, 1:],
    "offset": lambda a: a[1:, 3:],
    "transpose": lambda a: a.T,
    "column": lambda a: a[:, 2],
    "newaxis": lambda a: a[None, 1:3, ..., None],
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_views(name):
    host = sample("float32", 48, special=False).reshape(6, 8)
    view = VIEWS[name](vt.asarray(host))
    expected = VIEWS[name](host)
    assert view.shape == expected.shape
    assert_matches(view, expected, exact=True)
    assert_matches(view + 1, expected + 1, exact=True)
    assert_matches(vt.sin(view), np.sin(expected), rtol=1e-5)


def test_basic_slicing_is_a_view():
    x = vt.zeros((4, 5), dtype=vt.float32)
    v = x[1:3, ::2]
    v[...] = 7
    expected = np.zeros((4, 5), np.float32)
    expected[1:3, ::2] = 7
    assert_matches(x, expected, exact=True)
    assert v.strides == (5, 2)


BROADCASTS = [((3, 1), (1, 4)), ((4,), (3, 4)), ((3, 4), ()), ((2, 1, 5), (3, 1)), ((1,), (5, 1, 1))]


@pytest.mark.parametrize("shapes", BROADCASTS, ids=str)
def test_broadcasting(shapes):
    a = sample("float32", int(np.prod(shapes[0])), special=False, seed=2).reshape(shapes[0])
    b = sample("float32", int(np.prod(shapes[1])), special=False, seed=3).reshape(shapes[1])
    assert_matches(vt.asarray(a) + vt.asarray(b), a + b, exact=True)
    assert_matches(vt.asarray(b) - vt.asarray(a), b - a, exact=True)


@pytest.mark.parametrize("mode", ["descriptors", "addresses"])
@pytest.mark.parametrize("wide", [False, True])
def test_inputs_of_one_element_are_read_once(request, monkeypatch, fresh_cache, mode, wide):
    """An input of one element broadcast to every item (a 0-d array, shape (1,) or (1, 1), a 0-d view at an odd
    offset, ``x - x.mean()``) runs in the contiguous kernels, read once: first or second operand, sizes past the
    vec4 tail, dtypes promoted from it (int8 with float32), complex (no vec4s), bool, in place, ``x[mask] = v``."""
    from vulkit.array.ops import planning

    request.getfixturevalue("buffer_addresses" if mode == "addresses" else "push_descriptors")
    if wide:
        monkeypatch.setattr(planning, "WIDE_MIN", 0)
    for n in (1, 5, 1001):
        a = sample("float32", n, special=False, seed=4)
        one = np.float32(1.75)
        x, s = vt.asarray(a), vt.asarray(one)
        assert_matches(x - s, a - one, exact=True)
        assert_matches(s / x, one / a, exact=True)
        assert_matches(x * vt.asarray(np.array([3.0], np.float32)), a * np.float32(3.0), exact=True)
        assert_matches(x - x.mean(), a - a.mean(dtype=np.float64).astype(np.float32), rtol=1e-6)
        at_odd = vt.asarray(sample("float32", 9, special=False, seed=5))[3]  # a 0-d view at offset 3
        assert_matches(x + at_odd, a + at_odd.numpy(), exact=True)
        small = np.int8(-7)
        assert_matches(x * vt.asarray(small), a * small.astype(np.float32), exact=True)
        m = a > 0
        assert_matches(vt.where(vt.asarray(m), s, x), np.where(m, one, a), exact=True)
        inplace = vt.asarray(a)
        inplace -= s
        assert_matches(inplace, a - one, exact=True)
        masked = vt.asarray(a)
        masked[vt.asarray(m)] = 2.5
        expected = a.copy()
        expected[m] = 2.5
        assert_matches(masked, expected, exact=True)
    c = sample("complex64", 37, special=False, seed=6)
    assert_matches(vt.asarray(c) * vt.asarray(np.complex64(1 - 2j)), c * np.complex64(1 - 2j), exact=True)
    b = np.arange(11) % 3 == 0
    assert_matches(vt.logical_and(vt.asarray(b), vt.asarray(np.bool_(True))), b, exact=True)
    g = sample("float32", 37 * 53, special=False, seed=7).reshape(37, 53)
    assert_matches(vt.asarray(g) - vt.asarray(np.full((1, 1), 0.5, np.float32)), g - np.float32(0.5), exact=True)
    uniform = [k.spec for k in fresh_cache.kernels if any(getattr(k.spec, "in_uniform", ()))]
    assert {spec.layout for spec in uniform} == {"wide" if wide else "vec", "contig"}  # the read-once kernels ran


def test_shapes_that_do_not_broadcast_name_both():
    with pytest.raises(ValueError, match=r"\(3, 4\).*\(5,\)"):
        vt.ones((3, 4)) + vt.ones((5,))


def test_many_dimensions_split_the_push_constants():
    host = sample("float32", 2 * 3 * 2 * 3 * 2 * 3 * 2 * 3, special=False).reshape(2, 3, 2, 3, 2, 3, 2, 3)
    view = vt.asarray(host)[..., ::-1, :, ::2]
    assert_matches(view * 3, host[..., ::-1, :, ::2] * 3, exact=True)


@pytest.fixture
def fresh_cache(monkeypatch):
    """An empty kernel and plan cache for one test, so that kernels and grids follow its patched limits."""
    from vulkit.runtime import context

    ctx = context.current()
    vt.device.synchronize()
    from vulkit.runtime.kernels import KernelCache, PlanCache

    monkeypatch.setattr(ctx, "kernels", KernelCache(ctx))
    monkeypatch.setattr(ctx, "plans", PlanCache())
    yield ctx
    vt.device.synchronize()


@pytest.mark.parametrize("layout", ["vec", "wide", "contig", "strided"])
def test_threads_loop_over_more_items_than_the_grid(monkeypatch, fresh_cache, layout):
    """With the grid capped at 3 workgroups, each thread makes several passes (as past the device's limit)."""
    from vulkit.array.ops import planning

    monkeypatch.setattr(fresh_cache, "max_groups", 3)
    if layout == "wide":
        monkeypatch.setattr(planning, "WIDE_MIN", 0)
    host = sample("float32", 3 * 4 * 1024 * 4 + 37, special=False)
    x = vt.asarray(host)
    if layout == "contig":
        x, host = x[1:], host[1:]  # an offset not a multiple of 4: no vec4 loads
    elif layout == "strided":
        x, host = x[::-3], host[::-3]
    assert_matches(x * 2 + 1, host * 2 + 1, exact=True)
    assert layout in _layouts_used(x.dtype)


def _layouts_used(dtype: vt.DType) -> set[str]:
    """The layouts of the compiled kernels whose first operand has ``dtype``."""
    from vulkit.array.kernels.elementwise import ElementwiseSpec
    from vulkit.runtime import context

    return {k.spec.layout for k in context.current().kernels
            if isinstance(k.spec, ElementwiseSpec) and k.spec.in_dtypes[:1] == (dtype,)}


@pytest.mark.parametrize("dtype", ["uint8", "int16", "float16", "float32", "int64", "float64"])
@pytest.mark.parametrize("size", [1, 3, 4, 1021, 4096 + 6])
def test_wide_layout(monkeypatch, fresh_cache, dtype, size):
    """Large contiguous operations take the wide layout (more, smaller workgroups; items per thread by the
    widest dtype): lowered to every size here, it matches NumPy over dtypes, odd sizes and scalars."""
    if dtype not in SUPPORTED:
        pytest.skip(f"the device lacks {dtype}")
    from vulkit.array.ops import planning

    monkeypatch.setattr(planning, "WIDE_MIN", 0)
    host = sample(dtype, size, -50, 50, special=size > 16)  # nan, inf, -0 ... where they fit
    other = sample(dtype, size, -50, 50, seed=1, special=size > 16)
    x, y = vt.asarray(host), vt.asarray(other)
    assert_matches(x + y, host + other, exact=True)
    assert_matches(x * 3, host * 3, exact=True)
    assert_matches(x.astype(vt.float32) - y, host.astype(np.float32) - other, exact=True)  # mixed widths
    if dtype.startswith("float"):
        assert_matches(vt.exp(x), np.exp(host))
    assert "wide" in _layouts_used(x.dtype)


@pytest.mark.parametrize("dtype", ["uint8", "int16", "float16", "float32", "int64", "float64"])
def test_kernels_with_buffer_addresses(buffer_addresses, dtype):
    if dtype not in SUPPORTED:
        pytest.skip(f"the device lacks {dtype}")
    host = sample(dtype, 6 * 1037, -50, 50, special=False).reshape(6, 1037)
    x = vt.asarray(host)
    assert_matches(x + x, host + host, exact=True)  # vec
    assert_matches(x.reshape(-1)[1:] * 3, host.reshape(-1)[1:] * 3, exact=True)  # contig
    assert_matches(x[::-2, 5:] - x[0, 5:], host[::-2, 5:] - host[0, 5:], exact=True)  # strided, broadcast
    assert_matches(vt.where(x > 0, x, 7), np.where(host > 0, host, host.dtype.type(7)), exact=True)
    from vulkit.array.kernels.elementwise import ElementwiseSpec
    from vulkit.runtime import context

    used = [k for k in context.current().kernels
            if isinstance(k.spec, ElementwiseSpec) and k.addresses and k.spec.in_dtypes[:1] == (x.dtype,)]
    assert {"vec", "contig", "strided"} <= {k.spec.layout for k in used}  # rows4 too, after test_rows_of_vec4s
    assert not any(k.pipeline.bindings for k in used)


@pytest.mark.parametrize("wide_min", [1 << 24, 0])
@pytest.mark.parametrize("dtype", ["uint8", "float32", "float64"])
def test_address_kernels_split_wide_operations(buffer_addresses, fresh_cache, monkeypatch, dtype, wide_min):
    """Operations spanning more bytes than one pointer may index (2 GiB: NVIDIA's offsets are 32-bit) run
    in pieces, each from its own pointers: contiguous (vec or wide layout), offset, reversed and broadcast
    operands."""
    if dtype not in SUPPORTED:
        pytest.skip(f"the device lacks {dtype}")
    from vulkit.array.ops import planning

    monkeypatch.setattr(planning, "SPAN", 256)
    monkeypatch.setattr(planning, "WIDE_MIN", wide_min)
    host = sample(dtype, 7 * 301, 0, 50, special=False).reshape(7, 301)
    x = vt.asarray(host)
    assert_matches(x + x, host + host, exact=True)
    assert_matches(x.reshape(-1)[3:] * 3, host.reshape(-1)[3:] * 3, exact=True)
    assert_matches(x[::-1, ::-2] - x[0, ::-2], host[::-1, ::-2] - host[0, ::-2], exact=True)
    assert_matches(vt.maximum(x.T, x[:, 0]), np.maximum(host.T, host[:, 0]), exact=True)
    rows = x[:, :296].reshape(7, 37, 8)  # the rows4 layout, split too
    assert_matches(rows + rows[0, 0], host[:, :296].reshape(7, 37, 8) + host[0, :8], exact=True)


@pytest.mark.parametrize("dtype", ["uint8", "int16", "float16", "float32", "float64"])
def test_rows_of_vec4s(dtype):
    """Broadcasts whose operands are contiguous along the last dimension in whole vec4s (a matrix plus a
    row, column slices, 3-d) move 4 elements per item (the rows4 layout); views at other offsets do not."""
    if dtype not in SUPPORTED:
        pytest.skip(f"the device lacks {dtype}")
    from vulkit.array.kernels.elementwise import ElementwiseSpec
    from vulkit.runtime import context

    host = sample(dtype, 6 * 5 * 24, -50, 50, special=False).reshape(6, 5, 24)
    x = vt.asarray(host)
    row = host[0, 0]
    assert_matches(x + vt.asarray(row), host + row, exact=True)
    assert_matches(x[:, 1:4, 8:20] * x[0, 0, 4:16], host[:, 1:4, 8:20] * host[0, 0, 4:16], exact=True)
    assert_matches(vt.maximum(x[::-1], x[2]), np.maximum(host[::-1], host[2]), exact=True)
    out = vt.zeros((5, 24), dtype=dtype)
    vt.subtract(x[1], x[2, 0], out=out)
    assert_matches(out, host[1] - host[2, 0], exact=True)
    assert_matches(x[:, :, 1:9] + x[0, 0, 1:9], host[:, :, 1:9] + host[0, 0, 1:9], exact=True)  # not vec4s
    layouts = {k.spec.layout for k in context.current().kernels
               if isinstance(k.spec, ElementwiseSpec) and k.spec.out_dtype == x.dtype}
    assert {"rows4", "strided"} <= layouts


def test_arrays_larger_than_a_binding_take_addresses(push_descriptors):
    """Allocations beyond maxStorageBufferRange are reached through buffer addresses (a descriptor of
    that range is out of spec): every layout, the fast path included, and the real limit once."""
    ctx = push_descriptors
    real = ctx.binding_limit
    host = np.arange(3000, dtype=np.float32)
    small = vt.asarray(host[:10])
    small + small  # the fast path now knows the descriptor kernel
    ctx.binding_limit = 4096
    try:
        x = vt.asarray(host)
        assert_matches(x + x, host + host, exact=True)
        assert_matches(x[::3] * 2, host[::3] * 2, exact=True)
        assert_matches(vt.reshape(x, (30, 100)) + vt.asarray(host[:100]),
                       host.reshape(30, 100) + host[:100], exact=True)
        assert_matches(small + small, host[:10] * 2, exact=True)  # small allocations keep their descriptors
        assert_matches(x[5:15] + small, host[5:15] + host[:10], exact=True)  # a small view of a large one
    finally:
        ctx.binding_limit = real
    n = real // 4 + 1024
    if 4 * n > ctx.allocator.max_block:  # an H100 binds 4 GiB but allocates at most 4 GiB - 4 MiB at once
        with pytest.raises(ValueError, match="maxMemoryAllocationSize"):
            vt.ones(n, dtype=vt.float32)
        return
    big = vt.ones(n, dtype=vt.float32)
    total = (big + 1)[-3:]
    assert_matches(total, np.full(3, 2, np.float32), exact=True)
    with pytest.raises(ValueError, match="advanced indexing"):  # its kernels bind descriptors: a clear refusal
        big[[0, 1]]


def test_plans_serve_other_operands_of_the_same_layouts():
    """apply keeps each operation's plan by its operands' types and layouts: repeats on other arrays,
    other views and other scalars of those layouts compute their own results."""
    from vulkit.runtime import context

    for seed in range(3):
        host = sample("float32", 48, seed=seed, special=False).reshape(6, 8)
        row = host[seed]
        x, r = vt.asarray(host), vt.asarray(row)
        assert_matches(x + r, host + row, exact=True)
        assert_matches(x[::-1, 1:5] * (seed - 1.5), host[::-1, 1:5] * np.float32(seed - 1.5), exact=True)
        out = vt.zeros((6, 8), dtype="float32")
        vt.subtract(x.T[::-1].T, r, out=out)
        assert_matches(out, host[:, ::-1] - row, exact=True)
        assert_matches(vt.where(x > 0, x, r), np.where(host > 0, host, row), exact=True)
    assert context.current().plans


def test_plans_leave_overlaps_scalars_out_of_range_and_errors_to_apply():
    """A plan found for an operation whose output overlaps an input, or whose Python int is beyond its
    type, is not used: the result is NumPy's, and the errors are the same."""
    n = 1 << 16  # more than one workgroup's items: a race between them would show
    other, first = vt.asarray(np.arange(n, dtype=np.float32)), vt.zeros(n, dtype="float32")
    vt.add(other[::-1], 1.0, out=first)  # the plan for (reversed view, scalar) into a contiguous array
    host = np.arange(n, dtype=np.float32) * 3
    x = vt.asarray(host)
    vt.add(x[::-1], 1.0, out=x)  # the same layouts, but the output is the input's memory
    assert_matches(x, host[::-1] + 1, exact=True)
    values = np.array([0, 5, 255, 7], np.uint8)
    u = vt.asarray(values)[::-1]
    assert_matches(u < 7, values[::-1] < 7, exact=True)
    assert_matches(u < 300, np.ones(4, bool), exact=True)
    assert_matches(u > -1, np.ones(4, bool), exact=True)
    for _ in range(2):
        with pytest.raises(OverflowError, match="out of bounds for uint8"):
            u + 300


def test_plans_are_bounded(monkeypatch):
    from vulkit.runtime import context
    from vulkit.runtime.kernels import PlanCache

    monkeypatch.setattr(PlanCache, "LIMIT", 3)
    host = sample("float32", 40, special=False)
    x = vt.asarray(host)
    for start in range(8):  # a view at each offset: one plan each
        assert_matches(x[start:start + 30:2] * 3.0, host[start:start + 30:2] * np.float32(3.0), exact=True)
    assert 1 <= len(context.current().plans) <= 3
