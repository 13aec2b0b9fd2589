"""The array API's shape manipulation that moves no data: views (reshape copies when it must)."""

from __future__ import annotations

from typing import Any

from ..array import Array, view
from ..layout import as_shape, broadcast_strides, contiguous_strides, is_fortran, normalize_axes, size_of
from ..layout import broadcast_shapes as _broadcast_shapes
from .arguments import array_argument
from .named_errors import naming_errors


def _target_shape(shape: Any, size: int) -> tuple[int, ...]:
    shape = as_shape(shape, unknown=True)
    unknown = [i for i, n in enumerate(shape) if n == -1]
    if len(unknown) > 1:
        raise ValueError("reshape: can only specify one unknown dimension")
    if unknown:
        known = size_of(tuple(n for n in shape if n != -1))
        if known == 0 or size % known:
            raise ValueError(f"reshape: cannot reshape array of size {size} into shape {shape}")
        shape = tuple(size // known if n == -1 else n for n in shape)
    if size_of(shape) != size:
        raise ValueError(f"reshape: cannot reshape array of size {size} into shape {shape}")
    return shape


def reshape(x: Array, /, shape: Any, *, copy: bool | None = None, order: str = "C") -> Array:
    """x's elements in ``shape``: a view wherever strides can express it (as NumPy finds one), else a copy;
    ``copy=True`` always copies, ``copy=False`` raises ValueError where a view is impossible. ``order``: the
    elements read and placed in C order, or NumPy's "F" (Fortran's) or "A" (see :func:`in_order`)."""
    x = array_argument(x, "reshape")
    if order != "C":
        if order == "K":
            raise ValueError("reshape: order 'K' is not permitted for reshaping")
        source = in_order(x, order, "reshape")
        if source is not x:  # the reversed axes reshaped to the reversed shape, then reversed back
            return transpose(reshape(source, _target_shape(shape, x.size)[::-1], copy=copy))
    target = _target_shape(shape, x.size)
    if not copy:
        strides = contiguous_strides(target) if x._contig else view_strides(x.shape, x.strides, target)
        if strides is not None:
            return view(x, target, strides, x._offset)
        if copy is False:
            raise ValueError(f"reshape(copy=False): an array of shape {x.shape} and strides {x.strides} (elements) "
                             f"cannot be viewed as shape {target}; a copy is needed")
    return reshape(x.copy(), target)


def view_strides(shape: tuple[int, ...], strides: tuple[int, ...], target: tuple[int, ...]) \
        -> tuple[int, ...] | None:
    """Strides that show an array of ``shape`` and ``strides`` in C order as ``target``, or None where none do
    (NumPy's rule: each group of old axes that becomes a group of new axes must be contiguous within itself)."""
    if size_of(shape) == 0:
        return contiguous_strides(target)
    old = [(n, s) for n, s in zip(shape, strides, strict=True) if n != 1]
    new_strides = [0] * len(target)
    oi = ni = 0
    while ni < len(target) and oi < len(old):
        oj, nj = oi + 1, ni + 1
        o_size, n_size = old[oi][0], target[ni]
        while o_size != n_size:
            if n_size < o_size:
                n_size *= target[nj]
                nj += 1
            else:
                o_size *= old[oj][0]
                oj += 1
        if any(old[k][1] != old[k + 1][0] * old[k + 1][1] for k in range(oi, oj - 1)):
            return None
        new_strides[nj - 1] = old[oj - 1][1]
        for k in range(nj - 1, ni, -1):
            new_strides[k - 1] = new_strides[k] * target[k]
        ni, oi = nj, oj
    return tuple(new_strides)


def broadcast_to(x: Array, /, shape: Any) -> Array:
    """A read-only-in-spirit view of x broadcast to ``shape`` (stride 0 along new axes)."""
    x = array_argument(x, "broadcast_to")
    shape = as_shape(shape)
    if _broadcast_shapes(x.shape, shape) != shape:
        raise ValueError(f"broadcast_to: cannot broadcast an array of shape {x.shape} to shape {shape}")
    return view(x, shape, broadcast_strides(x.shape, x.strides, shape), x._offset)


def broadcast_shapes(*shapes: Any) -> tuple[int, ...]:
    """The shape that ``shapes`` broadcast to; ValueError naming them if they do not."""
    return _broadcast_shapes(*(as_shape(shape) for shape in shapes))


def broadcast_arrays(*arrays: Array) -> tuple[Array, ...]:
    """Views of ``arrays`` broadcast to one shape (a tuple, as the standard since 2024.12 and NumPy 2 give)."""
    arrays = tuple(array_argument(a, "broadcast_arrays") for a in arrays)
    shape = _broadcast_shapes(*(a.shape for a in arrays))
    return tuple(broadcast_to(a, shape) for a in arrays)


def permute_dims(x: Array, /, axes: tuple[int, ...]) -> Array:
    """A view with the axes in the order ``axes``."""
    return array_argument(x, "permute_dims").permute_dims(axes)


def order_axes(x: Array, order: str, function: str) -> tuple[int, ...]:
    """The permutation of x's axes in which reading in C order reads x in NumPy's ``order``: "C" as it is, "F" the
    axes reversed, "A" as "F" only where x is Fortran-contiguous and not C-contiguous, "K" the axes by decreasing
    stride (the order the elements lie in memory); ValueError naming ``function`` for another order."""
    if order not in ("C", "F", "A", "K"):
        raise ValueError(f"{function}: order must be one of 'C', 'F', 'A' or 'K', got {order!r}")
    if order == "A":
        order = "F" if is_fortran(x.shape, x.strides) else "C"
    if order == "F":
        return tuple(range(x.ndim - 1, -1, -1))
    if order == "K":
        return tuple(sorted(range(x.ndim), key=lambda a: (-abs(x.strides[a]), a)))
    return tuple(range(x.ndim))


def in_order(x: Array, order: str, function: str) -> Array:
    """x with its axes permuted (:func:`order_axes`) so that reading it in C order reads x in NumPy's ``order``
    (negative strides kept)."""
    axes = order_axes(x, order, function)
    return x if axes == tuple(range(x.ndim)) else permute_dims(x, axes)


def matrix_transpose(x: Array, /) -> Array:
    """The last two axes swapped (a view)."""
    return array_argument(x, "matrix_transpose").mT


def expand_dims(x: Array, /, axis: int | tuple[int, ...] = 0) -> Array:
    """A view with a new axis of size 1 at each position ``axis`` of the result."""
    x = array_argument(x, "expand_dims")
    ndim = x.ndim + (len(axis) if isinstance(axis, (tuple, list)) else 1)
    new = set(normalize_axes(axis, ndim, "expand_dims"))
    shape, strides, old = [], [], iter(zip(x.shape, x.strides, strict=True))
    for i in range(ndim):
        n, s = (1, 0) if i in new else next(old)
        shape.append(n)
        strides.append(s)
    return view(x, tuple(shape), tuple(strides), x._offset)


def squeeze(x: Array, /, axis: int | tuple[int, ...] | None = None) -> Array:
    """A view without the axes ``axis`` (all axes of size 1 when None); each must have size 1."""
    x = array_argument(x, "squeeze")
    axes = tuple(i for i, n in enumerate(x.shape) if n == 1) if axis is None else \
        normalize_axes(axis, x.ndim, "squeeze")
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"squeeze: cannot squeeze axis {a} of size {x.shape[a]} (it must be 1)")
    keep = [i for i in range(x.ndim) if i not in axes]
    return view(x, tuple(x.shape[i] for i in keep), tuple(x.strides[i] for i in keep), x._offset)


def flip(x: Array, /, axis: int | tuple[int, ...] | None = None) -> Array:
    """A view with the order of elements reversed along ``axis`` (all axes when None)."""
    x = array_argument(x, "flip")
    axes = range(x.ndim) if axis is None else normalize_axes(axis, x.ndim, "flip")
    strides, offset = list(x.strides), x._offset
    for a in axes:
        if x.shape[a] > 0:
            offset += (x.shape[a] - 1) * strides[a]
        strides[a] = -strides[a]
    return view(x, x.shape, tuple(strides), offset)


def moveaxis(x: Array, source: int | tuple[int, ...], destination: int | tuple[int, ...], /) -> Array:
    """A view with axes ``source`` moved to positions ``destination`` (the others keep their order)."""
    x = array_argument(x, "moveaxis")
    # NumPy's "source: axis 5 is out of bounds ...", after the function's name
    src = normalize_axes(source, x.ndim, "moveaxis: source")
    dst = normalize_axes(destination, x.ndim, "moveaxis: destination")
    if len(src) != len(dst):
        raise ValueError("moveaxis: source and destination must name the same number of axes")
    order = [i for i in range(x.ndim) if i not in src]
    for d, s in sorted(zip(dst, src, strict=True)):
        order.insert(d, s)
    return x.permute_dims(tuple(order))


def swapaxes(x: Array, /, axis1: int, axis2: int) -> Array:
    """A view with axes ``axis1`` and ``axis2`` exchanged (NumPy's ``swapaxes``)."""
    x = array_argument(x, "swapaxes")
    a, b = normalize_axes(axis1, x.ndim, "swapaxes")[0], normalize_axes(axis2, x.ndim, "swapaxes")[0]
    axes = list(range(x.ndim))
    axes[a], axes[b] = b, a
    return x.permute_dims(tuple(axes))


def transpose(x: Array, /, axes: tuple[int, ...] | None = None) -> Array:
    """A view with the axes reversed, or in the order ``axes`` (NumPy's ``transpose``)."""
    x = array_argument(x, "transpose")
    with naming_errors("transpose"):
        return x.permute_dims(tuple(range(x.ndim - 1, -1, -1)) if axes is None else tuple(axes))
