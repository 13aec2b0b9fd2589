"""scipy.ndimage's labelled regions: ``label`` (connected components, by the union-find of
``array/kernels/label.py``) and the measurements over regions, with scipy's ``labels`` and ``index`` rules: no
labels, the whole input; no index, the region where labels > 0; a scalar index, that label's region (0-d results);
a sequence of labels, one result each, shaped as the index (absent labels give 0, and NaN where a mean divides by
0, as scipy's).

The moments (``sum_labels``/``sum``, ``mean``, ``variance``, ``standard_deviation``, ``center_of_mass``) count and
sum each region by :func:`vulkit.bincount` (weighted sums exact in fixed point: the same bits run after run; labels
that are negative or larger than the input numbered first by :func:`vulkit.unique_inverse`). The order statistics
(``minimum``, ``maximum``, ``median``, their positions, ``extrema``) and ``find_objects`` sort the elements by
(region, value) with :func:`vulkit.lexsort` and find each region's run by :func:`vulkit.searchsorted`;
``value_indices`` cuts the elements sorted by value into runs. The index,
the label range, the regions' count and positions are read on the host."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array
from ..array.kernels import label as label_kernels
from ..array.kernels import sort_glsl
from ..array.ops.creation import arange, asarray, default_float, default_int, zeros
from ..array.ops.elementwise import (
    add,
    astype,
    bitwise_invert,
    divide,
    equal,
    floor_divide,
    greater,
    logical_and,
    multiply,
    negative,
    not_equal,
    remainder,
    sqrt,
    subtract,
)
from ..array.ops.gather import take
from ..array.ops.histogram import bincount
from ..array.ops.manipulation import broadcast_arrays, reshape
from ..array.ops.numpy_sets import lexsort
from ..array.ops.numpy_shapes import unravel_index
from ..array.ops.reductions import max as max_
from ..array.ops.reductions import min as min_
from ..array.ops.reductions import sum as sum_
from ..array.ops.scans import cumulative_sum, where
from ..array.ops.sets import unique_counts, unique_inverse
from ..array.ops.sorting import argsort, dispatch, grid, searchsorted, wants_addresses
from .morphology import generate_binary_structure


def label(input: Any, structure: Any = None, output: Any = None) -> Any:  # noqa: A002 - scipy's name
    """scipy.ndimage's ``label``: the connected components of input's nonzero elements, numbered 1, 2, ... in the
    raster order of their first elements (as scipy numbers them), with neighbours given by ``structure`` (3 in every
    axis; default: the cross, faces only). Returns (labels as int32 or ``output``'s dtype, the number of
    components), or only the number where ``output`` is an array it fills. Arrays of up to 4 dimensions; the count
    is read back."""
    function = "label"
    x = _real(function, input)
    mask_source = x.reshape((1,)) if x.ndim == 0 else x
    if x.ndim > 4:
        raise NotImplementedError(f"{function}: arrays of at most 4 dimensions are supported, got {x.ndim}")
    footprint = generate_binary_structure(max(x.ndim, 1), 1) if structure is None else np.asarray(
        structure.numpy() if isinstance(structure, Array) else structure, dtype=bool)
    if footprint.ndim != max(x.ndim, 1):
        raise RuntimeError(f"{function}: structure and input must have equal rank")
    if any(n != 3 for n in footprint.shape):
        raise ValueError(f"{function}: structure dimensions must be equal to 3")
    if isinstance(output, Array):
        if output.shape != x.shape:
            raise ValueError(f"{function}: output shape not correct ({output.shape}, expected {x.shape})")
        out_dtype = output.dtype
    else:
        out_dtype = dt.int32 if output is None else dt.as_dtype(output)
    labels, count = _components(mask_source, footprint)
    labels = reshape(labels, x.shape)
    if count > (np.iinfo(out_dtype.np).max if out_dtype.kind in "iu" else 2 ** 24):
        raise RuntimeError(f"{function}: insufficient bit-depth in requested output type ({count} labels)")
    if isinstance(output, Array):
        output[...] = labels
        return count
    return astype(labels, out_dtype), count


def _components(x: Array, footprint: np.ndarray) -> tuple[Array, int]:
    """The labels (int32, or int64 past 2^31 elements) of x's nonzero elements' components and their count."""
    ctx = x._ctx
    shape4 = (1,) * (4 - x.ndim) + x.shape
    centre = np.array([1] * footprint.ndim)
    steps = [tuple(int(v) for v in cell - centre) for cell in np.argwhere(footprint)]
    before = [(0,) * (4 - len(s)) + s for s in steps if s < (0,) * len(s)]  # lexicographic: earlier in raster order
    flat = reshape(x, (-1,))
    mask = astype(not_equal(flat, 0), dt.uint32)
    parents = arange(flat.size, dtype=dt.uint32, device=x.device)
    if flat.size:
        scoped = sort_glsl.scoped_atomics(ctx)
        addresses = wants_addresses(ctx, [mask, parents], "label")
        buffers = [mask._alloc, parents._alloc]
        groups = grid(ctx, -(-flat.size // label_kernels.WG))
        for stage in label_kernels.STAGES:
            kernel = ctx.kernels.get(label_kernels.LabelSpec(stage, tuple(before), scoped, addresses))
            dispatch(ctx, kernel, buffers, [mask._alloc, parents._alloc], [parents._alloc],
                     (flat.size, *shape4, groups[0]), groups)
    wide = dt.int64 if flat.size >= 2 ** 31 - 2 else dt.int32
    roots = logical_and(equal(parents, arange(flat.size, dtype=dt.uint32, device=x.device)), astype(mask, dt.bool_))
    ranks = cumulative_sum(astype(roots, wide))
    count = int(ranks[-1]) if flat.size else 0
    labels = where(astype(mask, dt.bool_), take(ranks, astype(parents, dt.int64)), 0)
    return astype(labels, wide), count


def _real(function: str, input: Any) -> Array:  # noqa: A002 - scipy's name
    x = input if isinstance(input, Array) else asarray(input)
    if x.dtype.kind not in "biuf":
        raise TypeError(f"{function}: input must be real numbers, got {x.dtype.name}")
    return x


def _with_labels(function: str, x: Array, labels: Any) -> tuple[Array, Array]:
    """x and its integer labels broadcast against each other; TypeError or ValueError naming ``function``."""
    marks = labels if isinstance(labels, Array) else asarray(labels, device=x.device)
    if marks.dtype.kind not in "biu":
        raise TypeError(f"{function}: labels must be integers, got {marks.dtype.name}")
    try:
        found = broadcast_arrays(x, marks)
    except ValueError:
        raise ValueError(f"{function}: labels of shape {marks.shape} do not broadcast to input's {x.shape}") from None
    return found[0], found[1]


def _stats(function: str, input: Any, labels: Any, index: Any,  # noqa: A002
           centered: bool) -> tuple[Array, Array, Array | None]:
    """scipy's counts, sums and (``centered``) sums of squared deviations from each region's mean."""
    x = _real(function, input)
    if labels is None:
        return _one_region(x, None, centered)
    x, marks = _with_labels(function, x, labels)
    if index is None:
        return _one_region(x, greater(marks, 0), centered)
    if not isinstance(index, Array) and np.ndim(index) == 0:
        return _one_region(x, equal(marks, index), centered)
    wanted = np.asarray(index.numpy() if isinstance(index, Array) else index)
    flat, values = reshape(marks, (-1,)), reshape(x, (-1,))
    if flat.size and (int(min_(flat)) < 0 or int(max_(flat)) > flat.size):
        found, flat = unique_inverse(flat)
        numbers = found.numpy()
    else:
        numbers = None
    counts = bincount(flat)
    sums = bincount(flat, weights=values)
    squares = None
    if centered:
        means = divide(sums, where(greater(counts, 0), counts, 1))
        deviations = subtract(values, means[flat])
        squares = bincount(flat, weights=multiply(deviations, deviations))
    places, present = _places(wanted, numbers, counts.shape[0])
    counts, sums = (_pick(a, places, present, wanted.shape) for a in (counts, sums))
    return counts, sums, None if squares is None else _pick(squares, places, present, wanted.shape)


def _places(wanted: np.ndarray, numbers: np.ndarray | None, bins: int) -> tuple[np.ndarray, np.ndarray]:
    """The bin of each wanted label (0 where it has none) and whether it has one."""
    if numbers is None:
        places = wanted.astype(np.int64, copy=True)
        present = (places >= 0) & (places < bins)
    else:
        places = np.searchsorted(numbers, wanted)
        places[places >= numbers.size] = 0
        present = numbers[places] == wanted
    places[~present] = 0
    return places, present


def _pick(values: Array, places: np.ndarray, present: np.ndarray, shape: tuple[int, ...]) -> Array:
    """values[places] where present, else 0, shaped as the index."""
    ctx_places = asarray(places.reshape(-1), device=values.device)
    chosen = where(asarray(present.reshape(-1), device=values.device), values[ctx_places], 0)
    return reshape(astype(chosen, values.dtype), shape)


def _one_region(x: Array, mask: Array | None, centered: bool) -> tuple[Array, Array, Array | None]:
    """The count, sum (in NumPy's sum dtype, as scipy's sum of the selected values) and centred sum of squares of
    x where mask (everywhere when None)."""
    if mask is None:
        count, total = asarray(x.size, device=x.device), sum_(x)
    else:
        count = sum_(astype(mask, default_int(x._ctx)))
        total = sum_(where(mask, x, asarray(0, dtype=x.dtype, device=x.device)))
    if not centered:
        return count, total, None
    wide = default_float(x._ctx)
    mean = divide(astype(total, wide), astype(count, wide))
    deviations = subtract(astype(x, wide), mean)
    squared = multiply(deviations, deviations)
    return count, total, sum_(squared if mask is None else where(mask, squared, 0.0))


def sum_labels(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``sum_labels``: the sum of input over each region (see the module docstring)."""
    return _stats("sum_labels", input, labels, index, False)[1]


def sum(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A001, A002 - scipy's name
    """scipy.ndimage's ``sum``: :func:`sum_labels`."""
    return _stats("sum", input, labels, index, False)[1]


def mean(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``mean``: each region's sum over its count (float64 where the device has it)."""
    count, total, _ = _stats("mean", input, labels, index, False)
    wide = default_float(total._ctx)
    return divide(astype(total, wide), astype(count, wide))


def _variance(function: str, input: Any, labels: Any, index: Any) -> Array:  # noqa: A002
    count, _, squares = _stats(function, input, labels, index, True)
    wide = default_float(squares._ctx)
    return divide(astype(squares, wide), astype(count, wide))


def variance(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``variance``: each region's mean squared deviation from its mean (two passes)."""
    return _variance("variance", input, labels, index)


def standard_deviation(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``standard_deviation``: the square root of :func:`variance`."""
    return sqrt(_variance("standard_deviation", input, labels, index))


# -- order statistics of regions: the elements sorted by (region, value) ----------------------------------------------
@dataclass(frozen=True)
class _Regions:
    """input's values, flat; each one's region, flat (labels; 1 where labels > 0 for no index; 0 everywhere
    without labels); the regions wanted (host, shaped as the index); whether the answer is one value (no or a
    scalar index); the shape positions are given in (input's, broadcast with the labels)."""

    values: Array
    regions: Array
    wanted: np.ndarray
    single: bool
    shape: tuple[int, ...]

    def shaped(self, result: Array) -> Array:
        """A result a region, shaped as the answer: 0-d for one region, else the index's shape."""
        return reshape(result, () if self.single else self.wanted.shape)


def _regions(function: str, input: Any, labels: Any, index: Any) -> _Regions:  # noqa: A002
    x = _real(function, input)
    if labels is None:
        return _Regions(reshape(x, (-1,)), zeros((x.size,), dtype=dt.int64, device=x.device), np.zeros((), np.int64),
                        True, x.shape)
    x, marks = _with_labels(function, x, labels)
    flat = astype(reshape(marks, (-1,)), dt.int64)
    if index is None:
        return _Regions(reshape(x, (-1,)), astype(greater(flat, 0), dt.int64), np.ones((), np.int64), True, x.shape)
    wanted = np.asarray(index.numpy() if isinstance(index, Array) else index, np.int64)
    return _Regions(reshape(x, (-1,)), flat, wanted, wanted.ndim == 0, x.shape)


def _descending(values: Array) -> Array:
    """Keys that sort ``values`` from the largest (ties keep their order): floats negated, integers' bits inverted
    (~v = -v - 1: no overflow at the least signed value), booleans as 0 and 1 inverted."""
    if values.dtype.kind == "b":
        return bitwise_invert(astype(values, dt.uint8))
    return negative(values) if values.dtype.kind == "f" else bitwise_invert(values)


def _runs(key: Array, regions: Array, wanted: np.ndarray) -> tuple[Array, Array, Array, Array]:
    """The elements' order by (region, key) (stable: ties by place), and for each wanted region the start of its
    run in that order, its length, and whether it has any element. Regions must not be empty."""
    targets = asarray(wanted.reshape(-1), device=regions.device)
    order = lexsort([key, regions])
    grouped = regions[order]
    starts = searchsorted(grouped, targets, side="left")
    counts = subtract(searchsorted(grouped, targets, side="right"), starts)
    return order, starts, counts, greater(counts, 0)


def _first_of_regions(key: Array, regions: Array, wanted: np.ndarray) -> tuple[Array, Array, Array]:
    """For each wanted region: the flat place of its first element in the order of (region, key) (the smallest
    key, the earliest place among ties), its element count, and whether it has any (places 0 where not)."""
    if not regions.size:
        nothing = zeros((wanted.size,), dtype=dt.int64, device=regions.device)
        return nothing, nothing, greater(nothing, 0)
    order, starts, counts, present = _runs(key, regions, wanted)
    return where(present, order[where(present, starts, 0)], 0), counts, present


def _extreme(function: str, largest: bool, input: Any, labels: Any,  # noqa: A002
             index: Any) -> tuple[Array, Array, _Regions]:
    """Each wanted region's least (``largest``: greatest) value, shaped as the answer, its flat place, and the
    regions."""
    r = _regions(function, input, labels, index)
    values = r.values
    places, _, present = _first_of_regions(_descending(values) if largest else values, r.regions, r.wanted)
    _require_one(function, present, r.single)
    zero = asarray(0, dtype=values.dtype, device=values.device)
    chosen = where(present, values[places], zero) if values.size else zeros(r.wanted.size, dtype=values.dtype,
                                                                            device=values.device)
    return r.shaped(chosen), places, r


def _require_one(function: str, present: Array, single: bool) -> None:
    """ValueError where one region is asked for and it has no element (scipy's reduction of nothing)."""
    if single and not bool(present[0]):
        raise ValueError(f"{function}: the region asked for has no element")


def _positions(places: Array, r: _Regions) -> Any:
    """Flat places as scipy's positions: a tuple of ints (a list of them for a sequence index)."""
    flat = places.numpy().reshape(-1)
    points = [tuple(int(c) for c in np.unravel_index(int(p), r.shape)) if r.shape else () for p in flat]
    return points[0] if r.single else points


def minimum(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``minimum``: each region's least value (0 for a region of a sequence index with no element,
    ValueError for a single one, as scipy's)."""
    return _extreme("minimum", False, input, labels, index)[0]


def maximum(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``maximum``: as :func:`minimum`, each region's greatest value."""
    return _extreme("maximum", True, input, labels, index)[0]


def minimum_position(input: Any, labels: Any = None, index: Any = None) -> Any:  # noqa: A002
    """scipy.ndimage's ``minimum_position``: the coordinates (a tuple of ints; a list of them for a sequence
    index) of each region's least value, its first in raster order among ties (read back)."""
    _, places, r = _extreme("minimum_position", False, input, labels, index)
    return _positions(places, r)


def maximum_position(input: Any, labels: Any = None, index: Any = None) -> Any:  # noqa: A002
    """scipy.ndimage's ``maximum_position``: as :func:`minimum_position`, for the greatest value."""
    _, places, r = _extreme("maximum_position", True, input, labels, index)
    return _positions(places, r)


def extrema(input: Any, labels: Any = None, index: Any = None) -> tuple[Any, Any, Any, Any]:  # noqa: A002
    """scipy.ndimage's ``extrema``: (minimum, maximum, minimum_position, maximum_position)."""
    low, low_places, r = _extreme("extrema", False, input, labels, index)
    high, high_places, _ = _extreme("extrema", True, input, labels, index)
    return low, high, _positions(low_places, r), _positions(high_places, r)


def median(input: Any, labels: Any = None, index: Any = None) -> Array:  # noqa: A002
    """scipy.ndimage's ``median``: each region's median (the mean of the two middle values of an even count),
    float64 where the device has it; for a region with no element NaN when it is the one asked for, 0 in a
    sequence."""
    r = _regions("median", input, labels, index)
    wide = default_float(r.values._ctx)
    empty = math.nan if r.single else 0.0  # one empty region: NaN, as scipy's mean of nothing
    if not r.values.size:
        return r.shaped(add(zeros((r.wanted.size,), dtype=wide, device=r.values.device), empty))
    order, starts, counts, present = _runs(r.values, r.regions, r.wanted)
    low = where(present, add(starts, floor_divide(subtract(counts, 1), 2)), 0)
    high = where(present, add(starts, floor_divide(counts, 2)), 0)
    ordered = astype(r.values[order], wide)
    return r.shaped(where(present, divide(add(ordered[low], ordered[high]), 2), empty))


def find_objects(input: Any, max_label: int = 0) -> list[Any]:  # noqa: A002
    """scipy.ndimage's ``find_objects``: for each label 1 .. max_label (default: the largest in input), the tuple
    of slices that bounds its elements, or None where it has none (read back)."""
    marks = input if isinstance(input, Array) else asarray(input)
    if marks.dtype.kind not in "iu":
        raise TypeError(f"find_objects: input must be integers (labels), got {marks.dtype.name}")
    flat = astype(reshape(marks, (-1,)), dt.int64)
    top = int(max_label) if max_label else (int(max_(flat)) if flat.size else 0)
    if top <= 0:
        return []
    wanted = np.arange(1, top + 1)
    bounds = []
    for axis, n in enumerate(marks.shape):
        stride = int(np.prod(marks.shape[axis + 1:], dtype=np.int64))
        coordinate = remainder(floor_divide(arange(flat.size, device=marks.device), stride), n)
        first, counts, present = _first_of_regions(coordinate, flat, wanted)
        last, _, _ = _first_of_regions(_descending(coordinate), flat, wanted)
        bounds.append((coordinate[first].numpy(), coordinate[last].numpy(), present.numpy()))
    found = []
    for k in range(top):
        if not bounds[0][2][k]:
            found.append(None)
            continue
        found.append(tuple(slice(int(lo[k]), int(hi[k]) + 1) for lo, hi, _ in bounds))
    return found


def value_indices(arr: Any, *, ignore_value: Any = None) -> dict[Any, tuple[Array, ...]]:
    """scipy.ndimage's ``value_indices``: for each distinct value of the integer array ``arr`` (a NumPy scalar of
    its dtype), the indices where it occurs, in raster order (a tuple of int64 arrays, one per axis; empty for 0-d);
    ``ignore_value`` left out. The elements sorted stably by value, each value's run cut at the counts of
    :func:`vulkit.unique_counts` (read back), its flat places unravelled on the GPU."""
    x = arr if isinstance(arr, Array) else asarray(arr)
    if x.dtype.kind not in "iu":
        raise ValueError("value_indices: Parameter 'arr' must be an integer array")
    if not x.size:
        return {}
    flat = reshape(x, (-1,))
    order = argsort(flat, stable=True)
    found, counts = unique_counts(flat)
    starts = np.concatenate([[0], np.cumsum(counts.numpy())])
    result: dict[Any, tuple[Array, ...]] = {}
    for k, value in enumerate(found.numpy()):
        if ignore_value is not None and value == ignore_value:
            continue
        places = order[int(starts[k]):int(starts[k + 1])]
        result[x.dtype.np.type(value)] = tuple(unravel_index(places, x.shape)) if x.ndim else ()
    return result


def labeled_comprehension(input: Any, labels: Any, index: Any, func: Any, out_dtype: Any, default: Any,  # noqa: A002
                          pass_positions: bool = False) -> Any:
    """scipy.ndimage's ``labeled_comprehension``: ``func`` (a Python function of NumPy arrays) of each region's
    values (and, with ``pass_positions``, their flat positions), as a NumPy array of ``out_dtype`` (a scalar for a
    scalar index; ``default`` for a region with no element). ``func`` runs on the host, as scipy's: the input and
    labels are read back."""
    values = input.numpy() if isinstance(input, Array) else np.asarray(input)
    if labels is None:
        marks = np.ones(values.shape, np.int64)
        index = 1 if index is None else index
    else:
        marks = labels.numpy() if isinstance(labels, Array) else np.asarray(labels)
        try:
            values, marks = np.broadcast_arrays(values, marks)
        except ValueError:
            raise ValueError(f"labeled_comprehension: labels of shape {marks.shape} do not broadcast to input's "
                             f"{values.shape}") from None
        if index is None:
            marks, index = (marks > 0).astype(np.int64), 1
    wanted = np.asarray(index.numpy() if isinstance(index, Array) else index)
    positions = np.arange(values.size).reshape(values.shape)
    result = np.full(wanted.shape, default, dtype=np.dtype(out_dtype) if not isinstance(out_dtype, dt.DType) else
                     out_dtype.np)
    for place, label in np.ndenumerate(wanted):
        inside = marks == label
        if inside.any():
            result[place] = func(values[inside], positions[inside]) if pass_positions else func(values[inside])
    return result[()] if wanted.ndim == 0 else result


def center_of_mass(input: Any, labels: Any = None, index: Any = None) -> Any:  # noqa: A002
    """scipy.ndimage's ``center_of_mass``: each region's mean coordinate along each axis, weighted by input: a tuple
    of 0-d arrays (a list of such tuples for a sequence index)."""
    x = _real("center_of_mass", input)
    wide = default_float(x._ctx)
    normalizer = astype(sum_labels(x, labels, index), wide)
    results = []
    for axis, n in enumerate(x.shape):
        shape = [1] * x.ndim
        shape[axis] = n
        coordinate = reshape(arange(n, dtype=wide, device=x.device), tuple(shape))
        weighted = multiply(astype(x, wide), coordinate)
        results.append(divide(astype(sum_labels(weighted, labels, index), wide), normalizer))
    if results and results[0].ndim == 0:
        return tuple(results)
    flat = [reshape(r, (-1,)) for r in results]
    return [tuple(r[i] for r in flat) for i in range(flat[0].size if flat else 0)]


__all__ = ["center_of_mass", "extrema", "find_objects", "label", "labeled_comprehension", "maximum",
           "maximum_position", "mean", "median", "minimum", "minimum_position", "standard_deviation", "sum",
           "sum_labels", "value_indices", "variance"]
