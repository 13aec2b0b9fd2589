"""Tensor contractions with NumPy's semantics: ``tensordot``, ``dot``, ``inner``, ``outer``, ``einsum``, ``kron``.

Every contraction of two operands is one batched :func:`~vulkit.array.ops.matmul.matmul`: each operand's axes are
permuted into (batch, free, summed) order and reshaped to (batch..., M, K) and (batch..., K, N) (views wherever
strides allow, else one copy), and the (batch..., M, N) product is reshaped back. A product that sums nothing (an
outer or elementwise product) is a broadcast :func:`multiply`, one with nothing but sums (dot products, M = N = 1)
a multiply and a :func:`sum`; an axis summed in one operand only is summed by :func:`sum` before any product.
``einsum`` takes diagonals (``'ii->i'``) as strided views.

Operands are promoted to one dtype first (NumPy's rules); integers are exact (they wrap as NumPy's do), float16
and bfloat16 products accumulate in float32.
"""

from __future__ import annotations

import functools
import operator
import string
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, view
from ..layout import normalize_axes, size_of
from .arguments import array_argument
from .elementwise import multiply
from .manipulation import expand_dims, reshape
from .outputs import into
from .reductions import any as any_
from .reductions import sum as sum_

Label = Hashable


def _promoted(function: str, *operands: Any, dtype: Any = None) -> list[Array]:
    """The operands as arrays of one dtype (``dtype``, else their promoted type)."""
    arrays = [array_argument(x, function) for x in operands]
    target = dt.result_type(*arrays) if dtype is None else dt.as_dtype(dtype)
    return [a if a.dtype is target else a.astype(target) for a in arrays]


def wide_dtype(dtype: dt.DType) -> dt.DType:
    """The dtype 16-bit floats (float16, bfloat16) are computed in: float32; other dtypes their own."""
    return dt.float32 if dtype.kind == "f" and dtype.itemsize == 2 else dtype


# -- the lowering: two labelled operands into one product ---------------------------------------------------
def _sum_out(x: Array, labels: list[Label], drop: set[Label]) -> tuple[Array, list[Label]]:
    """x summed over the axes whose labels are in ``drop`` (in x's own dtype: NumPy's einsum keeps it)."""
    axes = tuple(i for i, label in enumerate(labels) if label in drop)
    if not axes:
        return x, labels
    summed = any_(x, axis=axes) if x.dtype is dt.bool_ else sum_(x, axis=axes, dtype=x.dtype)
    return summed, [label for label in labels if label not in drop]


def _squeeze_label(x: Array, labels: list[Label], label: Label) -> tuple[Array, list[Label]]:
    i = labels.index(label)
    kept = [d for d in range(x.ndim) if d != i]
    return (view(x, tuple(x.shape[d] for d in kept), tuple(x.strides[d] for d in kept), x._offset),
            labels[:i] + labels[i + 1:])


def _aligned(x: Array, labels: list[Label], order: list[Label]) -> Array:
    """A view of x with its axes in ``order`` (labels x lacks become axes of size 1)."""
    x = x.permute_dims(tuple(labels.index(label) for label in order if label in labels))
    return expand_dims(x, axis=tuple(i for i, label in enumerate(order) if label not in labels))


def _pair(a: Array, la: list[Label], b: Array, lb: list[Label], keep: set[Label]) -> tuple[Array, list[Label]]:
    """The product of a and b (one dtype) summed over the labels they share that ``keep`` lacks. The result's
    labels: the shared ones kept (batch), then a's others, then b's others, each in its operand's order. A label
    of size 1 in one operand broadcasts against the other's."""
    from .matmul import matmul  # noqa: PLC0415 - matmul's module imports the array layer's ops

    a, la = _sum_out(a, la, {label for label in la if label not in lb and label not in keep})
    b, lb = _sum_out(b, lb, {label for label in lb if label not in la and label not in keep})
    for label in [label for label in la if label in lb and label not in keep]:
        n_a, n_b = a.shape[la.index(label)], b.shape[lb.index(label)]
        if n_a != n_b:  # one of them is 1: sum the other side alone, then the label is gone from both
            if n_a == 1:
                a, la = _squeeze_label(a, la, label)
                b, lb = _sum_out(b, lb, {label})
            else:
                b, lb = _squeeze_label(b, lb, label)
                a, la = _sum_out(a, la, {label})
    summed = [label for label in la if label in lb and label not in keep]
    batch = [label for label in la if label in lb and label in keep]
    a_free = [label for label in la if label not in lb]
    b_free = [label for label in lb if label not in la]
    result = batch + a_free + b_free
    if not summed:
        return multiply(_aligned(a, la, result), _aligned(b, lb, result)), result
    if not a_free and not b_free:  # dot products: a reduction (a matmul of 1x1 results would idle its tiles)
        order = batch + summed
        wide = wide_dtype(a.dtype)
        product = multiply(_aligned(a, la, order).astype(wide, copy=False),
                           _aligned(b, lb, order).astype(wide, copy=False))
        dots, _ = _sum_out(product, order, set(summed))
        return dots.astype(a.dtype, copy=False), result
    nb = len(batch)
    a = _permuted(a, tuple(la.index(label) for label in batch + a_free + summed))
    b = _permuted(b, tuple(lb.index(label) for label in batch + summed + b_free))
    m, k = size_of(a.shape[nb:nb + len(a_free)]), size_of(a.shape[nb + len(a_free):])
    n = size_of(b.shape[nb + len(summed):])
    product = matmul(_reshaped(a, (*a.shape[:nb], m, k)), _reshaped(b, (*b.shape[:nb], k, n)))
    shape = (*product.shape[:nb], *a.shape[nb:nb + len(a_free)], *b.shape[nb + len(summed):])
    return _reshaped(product, shape), result


def _permuted(x: Array, order: tuple[int, ...]) -> Array:
    """x with its axes in ``order`` (x itself where that is their order: a view costs a matmul's host time)."""
    return x if order == tuple(range(x.ndim)) else x.permute_dims(order)


def _reshaped(x: Array, shape: tuple[int, ...]) -> Array:
    """x in ``shape`` (x itself where it has it)."""
    return x if x.shape == shape else reshape(x, shape)


def _contract_axes(function: str, a: Array, b: Array, a_axes: Sequence[int], b_axes: Sequence[int]) -> Array:
    """a and b (one dtype) summed over the paired axes, the result's axes a's others then b's others."""
    for i, j in zip(a_axes, b_axes, strict=True):
        if a.shape[i] != b.shape[j]:
            raise ValueError(f"{function}: shape mismatch for sum: axis {i} of x1 has size {a.shape[i]}, "
                             f"axis {j} of x2 has size {b.shape[j]} (shapes {a.shape} and {b.shape})")
    la: list[Label] = list(range(a.ndim))
    lb: list[Label] = [a.ndim + j for j in range(b.ndim)]
    for i, j in zip(a_axes, b_axes, strict=True):
        lb[j] = i
    keep = {label for label in la if label not in lb} | {label for label in lb if label not in la}
    return _pair(a, la, b, lb, keep)[0]


# -- NumPy's functions --------------------------------------------------------------------------------------
def _axis_list(axes: Any) -> Any:
    """One side of tensordot's pair of axes as NumPy reads it: any sequence (an array too) as a list, else one axis."""
    try:
        return list(axes)
    except TypeError:
        return axes


def tensordot(x1: Array, x2: Array, /, axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> Array:
    """Sum of products over ``axes`` (array API / NumPy ``tensordot``): an integer n pairs the last n axes of x1
    with the first n of x2; a pair of sequences names the axes of each (paired in order). The result's axes are
    x1's others then x2's others; one batched matmul."""
    a, b = _promoted("tensordot", x1, x2)
    if _is_int(axes) and not isinstance(axes, bool):
        n = operator.index(axes)
        if n < 0 or n > a.ndim or n > b.ndim:
            raise ValueError(f"tensordot: axes={n} must be between 0 and the smaller number of dimensions "
                             f"({a.ndim} and {b.ndim})")
        a_axes, b_axes = tuple(range(a.ndim - n, a.ndim)), tuple(range(n))
    else:
        try:
            first, second = axes  # type: ignore[misc]
            a_axes = normalize_axes(_axis_list(first), a.ndim, "tensordot")
            b_axes = normalize_axes(_axis_list(second), b.ndim, "tensordot")
        except (TypeError, ValueError) as error:
            if isinstance(error, np.exceptions.AxisError) or "repeated axis" in str(error):
                raise
            raise TypeError(f"tensordot: axes must be an integer or a pair of sequences of axes, got {axes!r}") \
                from None
        if len(a_axes) != len(b_axes):
            raise ValueError(f"tensordot: axes name {len(a_axes)} axes of x1 and {len(b_axes)} of x2")
    return _contract_axes("tensordot", a, b, a_axes, b_axes)


def _is_int(value: Any) -> bool:
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def dot(a: Array, b: Array, out: Array | None = None) -> Array:
    """NumPy's ``dot``: a product with a 0-d operand is :func:`multiply`; 1-D with 1-D the inner product;
    otherwise the sum over a's last axis and b's second-to-last (its only one when 1-D)."""
    x, y = _promoted("dot", a, b)
    if x.ndim == 0 or y.ndim == 0:
        result = multiply(x, y)
    else:
        j = max(y.ndim - 2, 0)
        if x.shape[-1] != y.shape[j]:
            raise ValueError(f"dot: shapes {x.shape} and {y.shape} not aligned: {x.shape[-1]} (dim {x.ndim - 1}) "
                             f"!= {y.shape[j]} (dim {j})")
        result = _contract_axes("dot", x, y, (x.ndim - 1,), (j,))
    return into(out, result, "dot", "no")


def inner(a: Array, b: Array, /) -> Array:
    """NumPy's ``inner``: the sum over the last axes of a and b (:func:`multiply` where one is 0-d); the result's
    axes are a's others then b's others."""
    x, y = _promoted("inner", a, b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"inner: the last dimensions of the arrays differ (shapes {x.shape} and {y.shape})")
    return _contract_axes("inner", x, y, (x.ndim - 1,), (y.ndim - 1,))


def outer(a: Array, b: Array, /, out: Array | None = None) -> Array:
    """NumPy's ``outer``: ``result[i, j] = a.ravel()[i] * b.ravel()[j]`` (any shapes, flattened)."""
    x, y = _promoted("outer", a, b)
    result = multiply(reshape(x, (-1, 1)), reshape(y, (1, -1)))
    return into(out, result, "outer", "no")


def kron(a: Array, b: Array, /) -> Array:
    """NumPy's ``kron``, the Kronecker product: blocks ``a[i, j, ...] * b`` (the shorter shape padded with leading
    1s); one broadcast :func:`multiply` into an interleaved shape."""
    x, y = _promoted("kron", a, b)
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    nd = max(x.ndim, y.ndim)
    x = reshape(x, (1,) * (nd - x.ndim) + x.shape)
    y = reshape(y, (1,) * (nd - y.ndim) + y.shape)
    product = multiply(expand_dims(x, axis=tuple(range(1, 2 * nd, 2))), expand_dims(y, axis=tuple(range(0, 2 * nd, 2))))
    return reshape(product, tuple(n * m for n, m in zip(x.shape, y.shape, strict=True)))


# -- einsum -------------------------------------------------------------------------------------------------
_LETTERS = string.ascii_lowercase + string.ascii_uppercase  # NumPy's sublist integers 0..51


def _sublists(args: tuple[Any, ...]) -> tuple[str, list[Any]]:
    """NumPy's interleaved form ``einsum(op0, sublist0, op1, sublist1, ..., [sublist_out])`` as a subscripts
    string and the operands."""

    def letters(sublist: Any) -> str:
        text = []
        for item in sublist:
            if item is Ellipsis:
                text.append("...")
            elif _is_int(item) and 0 <= operator.index(item) < len(_LETTERS):
                text.append(_LETTERS[operator.index(item)])
            else:
                raise ValueError(f"einsum: subscripts in a sublist must be integers in [0, 52) or Ellipsis, "
                                 f"got {item!r}")
        return "".join(text)

    operands = list(args[0:-1:2]) if len(args) % 2 else list(args[0::2])
    terms = [letters(s) for s in args[1::2]]
    text = ",".join(terms[:len(operands)])
    if len(args) % 2:
        text += "->" + letters(args[-1])
    return text, operands


def _letters(text: str, subscripts: str, whose: str) -> list[str]:
    """The letters of one term of the subscripts, ``'.'`` where its ellipsis stands (spaces ignored)."""
    labels: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith("...", i):
            if "." in labels:
                raise ValueError(f"einsum: more than one ellipsis in the subscripts of {whose} ({subscripts!r})")
            labels.append(".")
            i += 3
        elif text[i] in _LETTERS:
            labels.append(text[i])
            i += 1
        elif text[i] != " ":
            raise ValueError(f"einsum: invalid subscript {text[i]!r} in {subscripts!r} (subscripts are letters "
                             "a-z, A-Z and '...')")
        else:
            i += 1
    return labels


def _parse(subscripts: str, ndims: list[int]) -> tuple[list[list[Label]], list[Label]]:
    """Each operand's labels and the output's: letters, and integers 0..E-1 for the E broadcast axes of the
    ellipses (aligned on the right, as broadcasting aligns shapes)."""
    if not isinstance(subscripts, str):
        raise TypeError(f"einsum: subscripts must be a string, got {type(subscripts).__name__}")
    labels, output = _parsed(subscripts, tuple(ndims))
    return [list(term) for term in labels], list(output)


@functools.lru_cache(maxsize=256)
def _parsed(subscripts: str, ndims: tuple[int, ...]) -> tuple[tuple[tuple[Label, ...], ...], tuple[Label, ...]]:
    """:func:`_parse`'s answer, kept (a loop's einsum parses its subscripts once)."""
    inputs, arrow, output = subscripts.partition("->")
    if any(c in inputs + output for c in "->"):
        raise ValueError(f"einsum: subscripts {subscripts!r} may hold '->' once, and '-' or '>' nowhere else")
    texts = inputs.split(",")
    if len(texts) != len(ndims):
        raise ValueError(f"einsum: the subscripts name {len(texts)} operands, {len(ndims)} were given")
    terms, covers = [], []
    for index, (text, ndim) in enumerate(zip(texts, ndims, strict=True)):
        term = _letters(text, subscripts, f"operand {index}")
        letters = len(term) - ("." in term)
        if letters > ndim or "." not in term and letters != ndim:
            raise ValueError(f"einsum: operand {index} has {ndim} dimensions but {letters} subscripts "
                             f"({text.strip()!r} in {subscripts!r})")
        terms.append(term)
        covers.append(ndim - letters)
    broadcast = max(covers)

    def expand(term: list[str], covered: int) -> list[Label]:
        found: list[Label] = []
        for label in term:
            found.extend(range(broadcast - covered, broadcast) if label == "." else [label])
        return found

    labels = tuple(tuple(expand(term, covered)) for term, covered in zip(terms, covers, strict=True))
    letters = [label for term in terms for label in term if label != "."]
    if not arrow:
        once = sorted(label for label in set(letters) if letters.count(label) == 1)
        return labels, (*range(broadcast), *once)
    out_term = _letters(output, subscripts, "the output")
    for label in out_term:
        if label != "." and label not in letters:
            raise ValueError(f"einsum: output subscript {label!r} does not appear in the inputs ({subscripts!r})")
        if out_term.count(label) > 1:
            raise ValueError(f"einsum: output subscript {label!r} appears more than once ({subscripts!r})")
    if broadcast and "." not in out_term:
        raise ValueError(f"einsum: the operands have broadcast axes ('...') but the output {output!r} has no "
                         f"'...' for them ({subscripts!r})")
    return labels, tuple(expand(out_term, broadcast))


def _diagonal(x: Array, labels: list[Label], index: int) -> tuple[Array, list[Label]]:
    """x with each repeated label's axes merged into their diagonal (a view: the strides add)."""
    if len(set(labels)) == len(labels):
        return x, labels
    sizes: dict[Label, int] = {}
    strides: dict[Label, int] = {}
    for n, s, label in zip(x.shape, x.strides, labels, strict=True):
        if label in sizes:
            if sizes[label] != n:
                raise ValueError(f"einsum: operand {index} repeats subscript {label!r} over axes of sizes "
                                 f"{sizes[label]} and {n}")
            strides[label] += s
        else:
            sizes[label], strides[label] = n, s
    order = list(sizes)
    return view(x, tuple(sizes[k] for k in order), tuple(strides[k] for k in order), x._offset), order


def _path(optimize: Any, count: int) -> list[tuple[int, ...]] | str:
    """'greedy', 'left' or an explicit contraction path (NumPy's einsum_path format)."""
    if optimize is False or optimize is None:
        return "left"
    if optimize is True or optimize in ("greedy", "optimal"):
        return "greedy"
    if isinstance(optimize, (list, tuple)) and optimize and optimize[0] == "einsum_path":
        steps = [tuple(operator.index(i) for i in step) for step in optimize[1:]]
        remaining = count
        for step in steps:
            if not step or len(set(step)) != len(step) or any(not 0 <= i < remaining for i in step):
                raise ValueError(f"einsum: invalid contraction {step} in the path {optimize!r}")
            remaining -= len(step) - 1
        if remaining != 1:
            raise ValueError(f"einsum: the path {optimize!r} leaves {remaining} operands, not 1")
        return steps
    raise ValueError(f"einsum: optimize must be a bool, 'greedy', 'optimal' or a path ['einsum_path', ...], "
                     f"got {optimize!r}")


def einsum(subscripts: Any, /, *operands: Any, out: Array | None = None, dtype: Any = None,
           optimize: Any = False) -> Array:
    """Einstein summation with NumPy's subscript language: ``'ij,jk->ik'``, ``'...'`` for broadcast axes, implicit
    output (the labels seen once, sorted) without ``'->'``, a repeated label in one operand for its diagonal
    (``'ii->i'``, a view) or trace (``'ii'``); NumPy's interleaved form ``einsum(a, [0, 1], b, [1, 2])`` too.

    Labels summed in one operand only are summed first; the operands are then contracted in pairs, each pair one
    batched matmul (a broadcast multiply where nothing is summed): left to right, or with ``optimize`` True /
    'greedy' / 'optimal' the pair with the smallest result first, or along an explicit
    ``['einsum_path', (i, j), ...]``. ``dtype``: compute and return in this dtype; ``out``: write the result there.
    """
    if not isinstance(subscripts, str):
        subscripts, operand_list = _sublists((subscripts, *operands))
    else:
        operand_list = list(operands)
    if not operand_list:
        raise ValueError("einsum: at least one operand is needed")
    arrays = _promoted("einsum", *operand_list, dtype=dtype)
    labels, output = _parse(subscripts, [a.ndim for a in arrays])
    items = [_diagonal(a, la, i) for i, (a, la) in enumerate(zip(arrays, labels, strict=True))]
    sizes: dict[Label, int] = {}
    for index, (a, la) in enumerate(items):
        for n, label in zip(a.shape, la, strict=True):
            seen = sizes.setdefault(label, n)
            if seen != n and 1 not in (seen, n):
                raise ValueError(f"einsum: operand {index} has size {n} for subscript {_name(label)} where another "
                                 f"has {seen} (sizes must match or be 1)")
            sizes[label] = max(seen, n) if 1 in (seen, n) else n
    steps = _path(optimize, len(items))
    while len(items) > 1:
        if steps == "left":
            chosen: tuple[int, ...] = (0, 1)
        elif steps == "greedy":
            chosen = _greedy(items, output, sizes)
        else:
            chosen = steps.pop(0)  # type: ignore[union-attr]
            if len(chosen) == 1:  # a single operand's own sums: done when it meets another
                continue
        picked = [items[i] for i in chosen]
        rest = [item for i, item in enumerate(items) if i not in chosen]
        while len(picked) > 1:
            (a, la), (b, lb) = picked[0], picked[1]
            needed = set(output).union(*(set(lc) for _, lc in rest + picked[2:]))
            picked = [_pair(a, la, b, lb, needed), *picked[2:]]
        items = [picked[0], *rest] if steps == "left" else [*rest, picked[0]]
    result, labels_left = items[0]
    result, labels_left = _sum_out(result, labels_left, {label for label in labels_left if label not in output})
    result = _permuted(result, tuple(labels_left.index(label) for label in output))
    return into(out, result, "einsum", "safe")


def _greedy(items: list[tuple[Array, list[Label]]], output: list[Label], sizes: dict[Label, int]) -> tuple[int, int]:
    """The pair whose product (after its sums) is smallest: NumPy's greedy path's first rule."""
    best: tuple[int, tuple[int, int]] | None = None
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            others = set(output).union(*(set(lc) for k, (_, lc) in enumerate(items) if k not in (i, j)))
            kept = {label for label in (*items[i][1], *items[j][1]) if label in others}
            cost = size_of(tuple(sizes[label] for label in kept))
            if best is None or cost < best[0]:
                best = (cost, (i, j))
    assert best is not None
    return best[1]


def _name(label: Label) -> str:
    return repr(label) if isinstance(label, str) else "'...'"
