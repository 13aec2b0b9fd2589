"""Shape manipulation without data movement (views) against NumPy, and its errors."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import assert_matches, sample

import vulkit as vt

HOST = sample("float32", 2 * 3 * 4, special=False).reshape(2, 3, 4)

VIEWS = {
    "permute_dims": (lambda xp, x: xp.permute_dims(x, (2, 0, 1)), lambda x: np.transpose(x, (2, 0, 1))),
    "matrix_transpose": (lambda xp, x: xp.matrix_transpose(x), lambda x: np.swapaxes(x, -1, -2)),
    "expand_dims 0": (lambda xp, x: xp.expand_dims(x, axis=0), lambda x: np.expand_dims(x, 0)),
    "expand_dims -1": (lambda xp, x: xp.expand_dims(x, axis=-1), lambda x: np.expand_dims(x, -1)),
    "expand_dims (1, 3)": (lambda xp, x: xp.expand_dims(x, axis=(1, 3)), lambda x: np.expand_dims(x, (1, 3))),
    "squeeze": (lambda xp, x: xp.squeeze(x[:, :1, None], axis=(1, 2)), lambda x: np.squeeze(x[:, :1, None], (1, 2))),
    "squeeze all": (lambda xp, x: xp.squeeze(x[:1, :, :1]), lambda x: np.squeeze(x[:1, :, :1])),
    "flip": (lambda xp, x: xp.flip(x), lambda x: np.flip(x)),
    "flip axis 1": (lambda xp, x: xp.flip(x, axis=1), lambda x: np.flip(x, axis=1)),
    "flip of a step": (lambda xp, x: xp.flip(x[:, ::2], axis=(0, 2)), lambda x: np.flip(x[:, ::2], axis=(0, 2))),
    "moveaxis": (lambda xp, x: xp.moveaxis(x, 0, -1), lambda x: np.moveaxis(x, 0, -1)),
    "moveaxis two": (lambda xp, x: xp.moveaxis(x, (0, 1), (2, 0)), lambda x: np.moveaxis(x, (0, 1), (2, 0))),
    "broadcast_to": (lambda xp, x: xp.broadcast_to(x[:, :1], (5, 2, 3, 4)),
                     lambda x: np.broadcast_to(x[:, :1], (5, 2, 3, 4))),
}


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_views_match_numpy_and_share_memory(name):
    ours, numpy = VIEWS[name]
    x = vt.asarray(HOST)
    got = ours(vt, x)
    assert got._alloc is x._alloc  # a view, no copy
    assert_matches(got, numpy(HOST), exact=True)
    assert_matches(got * 2, numpy(HOST) * 2, exact=True)  # kernels read it through its strides


def test_broadcast_arrays_and_shapes():
    a, b = vt.asarray(HOST[:, :1]), vt.asarray(HOST[0, 0])
    result = vt.broadcast_arrays(a, b)
    assert isinstance(result, tuple)  # the standard (2024.12 on) and NumPy 2 return a tuple
    ra, rb = result
    ea, eb = np.broadcast_arrays(HOST[:, :1], HOST[0, 0])
    assert_matches(ra, ea, exact=True)
    assert_matches(rb, eb, exact=True)
    assert vt.broadcast_shapes((2, 1), (3,), ()) == (2, 3)
    with pytest.raises(ValueError, match=r"\(2, 3\).*\(4,\)"):
        vt.broadcast_shapes((2, 3), (4,))


def test_flip_of_empty_and_scalar():
    assert_matches(vt.flip(vt.asarray(np.zeros((0, 3), np.float32))), np.zeros((0, 3), np.float32), exact=True)
    assert_matches(vt.flip(vt.asarray(np.float32(2.5))), np.float32(2.5), exact=True)


def test_manipulation_errors():
    x = vt.asarray(HOST)
    with pytest.raises(ValueError, match="size 3"):
        vt.squeeze(x, axis=1)
    with pytest.raises(IndexError):
        vt.expand_dims(x, axis=5)
    with pytest.raises(ValueError, match="repeated"):
        vt.flip(x, axis=(0, 0))
    with pytest.raises(ValueError, match="same number"):
        vt.moveaxis(x, (0, 1), 2)
    with pytest.raises(ValueError, match="repeated axis"):
        vt.permute_dims(x, (0, 0, 1))
    with pytest.raises(ValueError, match="permutation"):
        vt.permute_dims(x, (0, 1))


def test_broadcast_views_are_read_only():
    """Writing through a view whose elements share memory raised nothing and raced (NumPy: read-only)."""
    x = vt.zeros(3, dtype=vt.float32)
    b = vt.broadcast_to(x, (1000, 3))
    writes = (lambda: b.__iadd__(1), lambda: b.__setitem__(Ellipsis, 1.0), lambda: vt.add(b, 1, out=b),
              lambda: b.__setitem__((0, [1]), 2.0), lambda: b[5:].__setitem__(0, 1.0))
    for write in writes:
        with pytest.raises(ValueError, match="read-only"):
            write()
    np.testing.assert_array_equal(x.numpy(), np.zeros(3, np.float32))
    np.testing.assert_array_equal((b + 1).numpy(), np.ones((1000, 3), np.float32))  # reading is fine


def _factorizations(n: int, k: int):
    if k == 1:
        yield (n,)
        return
    for d in range(1, n + 1):
        if n % d == 0:
            for rest in _factorizations(n // d, k - 1):
                yield (d, *rest)


@pytest.mark.parametrize("view", ["step", "transpose", "flip", "offset", "index", "new axis"])
def test_reshape_makes_a_view_exactly_where_numpy_does(view):
    base = np.arange(2 * 3 * 4 * 5 * 6, dtype=np.float32).reshape(2, 3, 4, 5, 6)
    make = {"step": lambda a: a[:, ::2], "flip": lambda a: a[..., ::-1], "offset": lambda a: a[:, 1:],
            "index": lambda a: a[0, :, :, 1], "new axis": lambda a: a[:, :, None, :2],
            "transpose": lambda a: a.transpose(0, 2, 1, 3, 4) if isinstance(a, np.ndarray)
            else vt.permute_dims(a, (0, 2, 1, 3, 4))}[view]
    a, x = make(base), make(vt.asarray(base))
    for k in (1, 2, 3, 4):
        for shape in list(_factorizations(a.size, k))[:30]:
            try:
                a.reshape(shape, copy=False)
                possible = True
            except ValueError:
                possible = False
            if possible:
                got = vt.reshape(x, shape, copy=False)
                assert got._alloc is x._alloc
                assert_matches(got, a.reshape(shape), exact=True)
            else:
                with pytest.raises(ValueError, match="copy"):
                    vt.reshape(x, shape, copy=False)
            assert_matches(vt.reshape(x, shape), a.reshape(shape), exact=True)
