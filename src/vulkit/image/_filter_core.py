"""What the filters and morphology of ``vt.image`` share: reading their arguments as scipy.ndimage does (images,
axes, per-axis values, modes, origins, outputs) and :func:`window`, which runs one pass of the window-filter
kernels (:mod:`vulkit.array.kernels.image_filter`) over any one or two axes of an array.

Image layouts: an H x W array is one grey image, H x W x C one image of C channels, N x H x W x C a batch. The
filters act on the two spatial axes (H and W) only, each channel and image on its own, as scikit-image's
``channel_axis=-1``; an explicit ``axes=`` (scipy.ndimage's) picks other axes."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array, _new, make_array, upload
from ..array.dtypes import DType
from ..array.kernels.image_filter import MODES, NETWORK_MAX, WindowSpec, compute_dtype
from ..array.launch import record
from ..array.ops.planning import _addresses
from . import _geo_common

FILTER_DTYPES = ("uint8", "int8", "uint16", "int16", "float16", "float32", "float64")
_ALIASES = {"grid-mirror": "reflect", "grid-constant": "constant", "grid-wrap": "wrap"}
_THREADS = 256
_TABLES = "image_filter_table"
# whether separable filters over two axes run as one kernel (False: two, as benchmarks compare), for windows of at
# most FUSE_MAX_TAPS taps along each axis: a wider window's halo costs the one kernel more than the second pass
# (gaussian_filter sigma=2 of 4096^2 float32, 17 taps: two kernels 1.1-1.2x faster on an H100, 1.56x on an H200;
# on lavapipe, 2048^2: fused 1.4x faster at 5 taps, 1.2x at 9, even at 13, 0.7x at 17; grey_erosion 15 x 15 and
# 17 x 17 0.8x)
FUSE_SEPARABLE = True
FUSE_MAX_TAPS = 13
DYNAMIC_MASK = 256  # min/max footprints of more cells than this read their shape from a table (no kernel per shape)


def fuse_separable(*taps: int) -> bool:
    """Whether a separable filter of these window lengths runs its two passes as one kernel."""
    return FUSE_SEPARABLE and max(taps) <= FUSE_MAX_TAPS


class WindowTooLarge(ValueError):
    """A window whose tile does not fit the device's shared memory (callers split it)."""


def as_image(value: Any, function: str, dtypes: Sequence[str] = FILTER_DTYPES) -> Array:
    """``value`` (a vulkit or NumPy array, a Pillow image) as a vulkit array of one of ``dtypes`` (the filters'
    by default): :func:`._geo_common.as_image`."""
    return _geo_common.as_image(value, function, tuple(dtypes))


def spatial_axes(ndim: int, function: str) -> tuple[int, ...]:
    """The spatial axes of an image of ``ndim`` dimensions: H x W, H x W x C, N x H x W x C (and a 1-D signal's
    axis)."""
    if ndim == 1:
        return (0,)
    if ndim == 2 or ndim == 3:
        return (0, 1)
    if ndim == 4:
        return (1, 2)
    raise ValueError(f"{function}: expected an H x W, H x W x C or N x H x W x C image, got {ndim} dimensions "
                     "(give axes= for other layouts)")


def resolve_axes(ndim: int, axes: Any, function: str) -> tuple[int, ...]:
    """``axes`` (None: the spatial axes) as distinct non-negative axes, in increasing order."""
    if axes is None:
        return spatial_axes(ndim, function)
    if isinstance(axes, int | np.integer):
        axes = (axes,)
    out = []
    for a in axes:
        a = operator.index(a)
        if not -ndim <= a < ndim:
            raise ValueError(f"{function}: axis {a} is out of bounds for an array of {ndim} dimensions")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"{function}: axes must be unique, got {tuple(axes)}")
    return tuple(out)


def per_axis(value: Any, n: int, name: str, function: str, ndim: int | None = None,
             axes: tuple[int, ...] | None = None) -> list[Any]:
    """``value`` repeated for ``n`` axes, or its ``n`` items; a sequence of ``ndim`` items (one per array axis, as
    scipy.ndimage takes them) gives the items of ``axes``."""
    if isinstance(value, str) or not isinstance(value, Sequence | np.ndarray):
        return [value] * n
    items = list(value)
    if len(items) == n:
        return items
    if ndim is not None and axes is not None and len(items) == ndim:
        return [items[a] for a in axes]
    raise ValueError(f"{function}: {name} must be one value or {n} values (one per axis), got {len(items)}")


def mode_name(mode: Any, function: str) -> str:
    """A boundary mode of scipy.ndimage's filters (the grid- names as the filters read them)."""
    if not isinstance(mode, str):
        raise TypeError(f"{function}: mode must be a string, got {type(mode).__name__}")
    name = _ALIASES.get(mode, mode)
    if name not in MODES:
        raise ValueError(f"{function}: boundary mode {mode!r} is not supported (use one of "
                         f"{', '.join([*MODES, *_ALIASES])})")
    return name


def origin_before(size: int, origin: Any, function: str) -> int:
    """Window elements before the anchor for scipy's ``origin`` (0: the centre, size // 2)."""
    origin = operator.index(origin)
    before = size // 2 + origin
    if not 0 <= before < size:
        raise ValueError(f"{function}: invalid origin {origin} for a window of {size} "
                         f"(it must lie in [{-(size // 2)}, {(size - 1) // 2}])")
    return before


def output_dtype(x: Array, output: Any, function: str) -> DType:
    """The result's dtype: the input's (scipy's default), ``output``'s if it is a dtype or an array."""
    if output is None:
        return x._dtype
    if isinstance(output, Array):
        if output._shape != x._shape:
            raise ValueError(f"{function}: output has shape {output._shape}, expected {x._shape}")
        return output._dtype
    if isinstance(output, np.ndarray):
        raise TypeError(f"{function}: output must be a dtype or a vulkit array (results stay on the GPU), "
                        "not a NumPy array")
    try:
        dtype = dt.as_dtype(output)
    except TypeError as error:
        raise TypeError(f"{function}: {error}") from None
    if dtype.name not in FILTER_DTYPES:
        raise TypeError(f"{function}: output dtype {dtype.name} is not supported")
    return dtype


def finish(result: Array, output: Any, function: str | None = None) -> Array:
    """``result``, written into ``output`` where that is an array (with ``function``: one of result's shape, else
    RuntimeError naming it, as scipy's "output shape not correct")."""
    if isinstance(output, Array):
        if function is not None and output.shape != result.shape:
            raise RuntimeError(f"{function}: output shape not correct ({output.shape}, expected {result.shape})")
        output[...] = result
        return output
    return result


def pass_dtype(dtype: DType) -> DType:
    """The dtype kept between passes whose output is ``dtype``: scipy.ndimage keeps the output's, float16 keeps
    float32 (scipy has no float16)."""
    return dt.float32 if dtype is dt.float16 else dtype


def reinterpret(x: Array, dtype: DType) -> Array:
    """x's memory seen as ``dtype`` of the same size (bool as uint8 and back)."""
    assert x._dtype.itemsize == dtype.itemsize
    return _new(x._ctx, x._alloc, x._shape, x._strides, x._offset, dtype, x._contig, x._size)


def contiguous(x: Array) -> Array:
    return x if x._contig else x.copy()


def _pow2(n: int) -> int:
    return 1 << max(0, math.ceil(math.log2(max(n, 1))))


def _table(ctx: Any, values: np.ndarray, compute: DType) -> Array:
    """A device copy of ``values`` in ``compute``, kept per device for the next call with the same values."""
    host = np.ascontiguousarray(values, dtype=compute.np).reshape(-1)
    key = (_TABLES, compute, host.tobytes())
    found = ctx.plans.get(key)
    if found is None:
        found = upload(ctx, host)
        ctx.plans.remember(key, found)
    return found


def _choose(op: str, kh: int, kw: int, oy: int, ox: int, step: int, rows: int, x_len: int, compute: DType,
            table: int, n_taps: int, budget: int, separable: bool = False) \
        -> tuple[tuple[int, int], tuple[int, int], bool]:
    """(threads, outputs per thread, lanes) of a tile that fits ``budget`` bytes of shared memory (``separable``:
    with the vertical pass's tile as well)."""
    lanes = kw == 1 and op != "bilateral" and not (op == "rank" and n_taps > NETWORK_MAX) and not separable
    if op == "bilateral":
        per_x, txt = step, 16
    elif lanes:
        per_x, txt = 1, min(16, _pow2(-(-x_len // 4)))
    elif op == "rank" and n_taps > NETWORK_MAX:
        per_x, txt = 1, min(16, _pow2(x_len))
    elif kh == 1:
        per_x, txt = 4, min(_THREADS, _pow2(-(-x_len // 4)))
    else:  # 2-D windows: tiles at least twice as wide as their horizontal halo (channels widen it)
        wide = min(_THREADS // 4, max(16, _pow2(-(-(kw - 1) * step // 2))))
        per_x, txt = 4, min(wide, _pow2(-(-x_len // 4)))
    per_y = 4 if lanes and kh > 1 and rows >= 64 else 2 if separable and rows >= 64 else 1
    tht = min(_THREADS // txt, _pow2(-(-rows // per_y)))
    while True:
        spec_shape = _shared_shape(kh, kw, ox, step, tht * per_y, txt * per_x * (4 if lanes else 1), lanes)
        size = WindowSpec.shared_bytes(compute, spec_shape, lanes, table)
        if separable:
            size += tht * per_y * spec_shape[1] * compute.itemsize
        if size <= budget:
            return (tht, txt), (per_y, per_x), lanes
        if per_y > 1:
            per_y //= 2
        elif txt > 1 and (txt >= tht or tht == 1):
            txt //= 2
        elif tht > 1:
            tht //= 2
        else:
            raise WindowTooLarge(f"a {kh} x {kw} window does not fit the device's shared memory")


def _shared_shape(kh: int, kw: int, ox: int, step: int, th: int, tx: int, lanes: bool) -> tuple[int, int]:
    if lanes:
        return th + kh - 1, tx // 4
    lo, hi = -ox * step, (kw - 1 - ox) * step + 1
    return th + kh - 1, -(-(tx - 1 + hi) // 4) * 4 - (lo // 4) * 4


def _prod(values: Sequence[int]) -> int:
    return math.prod(values)


def window(x: Array, op: str, ay: int | None, ax: int | None, size: tuple[int, int], before: tuple[int, int],
           modes: tuple[str, str], cval: float, out_dtype: DType, function: str, *, table: np.ndarray | None = None,
           mask: np.ndarray | None = None, fixed: Sequence[float] | None = None, rank: int = 0,
           structure: bool = False, bilateral: tuple[float, float, int] | None = None, separable: bool = False,
           mid: DType | None = None, direct: bool = False) -> Array:
    """One pass of a window filter over axes ``ay`` (window rows, ``size[0]`` of them) and ``ax`` (window columns,
    ``size[1]``) of x, ay < ax; None for an axis the window does not span (its size 1). ``before``: window rows
    and columns before the output's own; ``modes``: the boundary modes along ay and ax; ``table``: correlate's
    weights, the structure, or the bilateral's look-up tables (spatial, then colour); ``mask``: the taps used
    (default: all, or the nonzero weights); ``bilateral``: (colour scale, shift, last colour bin); ``separable``:
    both 1-D passes of a rectangular window in one kernel (correlate: ``table`` holds the vertical weights, then the
    horizontal ones), the first pass's results rounded to ``mid`` (None: kept in the compute type); ``direct``:
    no shared tile (the bilateral filter's windows too large for one), each tap read from global memory.
    WindowTooLarge where the tile does not fit shared memory. A call of a layout and arguments seen before records
    the kernel planned for them (planning is most of a small filter's host time)."""
    ctx = x._ctx
    out = make_array(ctx, x._shape, out_dtype)
    if x._size == 0:
        return out
    if x._size >= 1 << 31:
        raise ValueError(f"{function}: arrays of 2^31 elements or more are not supported")
    x = contiguous(x)
    addresses = _addresses(ctx, [x, out])
    key = ("window", x._shape, x._offset, x._dtype, op, ay, ax, tuple(size), tuple(before), tuple(modes),
           float(cval).hex(), out_dtype, _bytes(table), _bytes(mask),
           None if fixed is None else tuple(float(f) for f in fixed), rank, structure, bilateral, separable, mid,
           direct, addresses)
    plan = ctx.plans.get(key)
    if plan is None:
        plan = _window_plan(x, op, ay, ax, size, before, modes, cval, out_dtype, table, mask, fixed, rank, structure,
                            bilateral, separable, mid, direct, addresses)
        ctx.plans.remember(key, plan)
    kernel, values, groups, dev_table = plan
    inputs = [x._alloc, *([dev_table._alloc] if dev_table is not None else [])]
    starts = [0] * (len(inputs) + 1) if addresses else None
    record(ctx.stream, kernel, inputs, out._alloc, values, groups, starts)
    return out


def _bytes(values: Any) -> tuple[str, tuple[int, ...], bytes] | None:
    """A hashable copy of an array argument (its dtype, shape and bytes), for a plan's key."""
    if values is None:
        return None
    values = np.asarray(values)
    return values.dtype.str, values.shape, values.tobytes()


def _window_plan(x: Array, op: str, ay: int | None, ax: int | None, size: tuple[int, int], before: tuple[int, int],
                 modes: tuple[str, str], cval: float, out_dtype: DType, table: np.ndarray | None,
                 mask: np.ndarray | None, fixed: Sequence[float] | None, rank: int, structure: bool,
                 bilateral: tuple[float, float, int] | None, separable: bool, mid: DType | None, direct: bool,
                 addresses: bool) -> tuple[Any, tuple[Any, ...], int, Array | None]:
    """(kernel, push constants, workgroups, device table) of :func:`window`'s pass over the contiguous x."""
    kh, kw = size
    oy, ox = before
    ctx = x._ctx
    shape = x._shape
    compute = compute_dtype(x._dtype)
    if separable or (mask is None and not (op == "correlate" and table is not None)):
        mask = (True,) * (kh * kw)
    else:
        mask = tuple((np.asarray(table) != 0 if mask is None else np.asarray(mask, dtype=bool)).reshape(-1).tolist())
    if fixed is not None:
        mask = tuple(bool(m and f != 0) for m, f in zip(mask, fixed, strict=True))
    dynamic = op in ("min", "max") and kh * kw > DYNAMIC_MASK and not all(mask)
    if dynamic:  # the footprint's flags travel in the table (after the structure): one kernel per window size
        flags = np.asarray(mask, dtype=np.float64)
        table = flags if not structure else np.concatenate([np.asarray(table, np.float64).reshape(-1), flags])
        mask = (True,) * (kh * kw)
    if ay is not None and ax is not None:
        b1, rows, m = _prod(shape[:ay]), shape[ay], _prod(shape[ay + 1:ax])
        w, c = shape[ax], _prod(shape[ax + 1:])
        mode_y, mode_x = modes
    else:
        axis, k, o = (ay, kh, oy) if ay is not None else (ax, kw, ox)
        inner = _prod(shape[axis + 1:])
        mode_y = mode_x = modes[0] if ay is not None else modes[1]
        if inner < 16 and inner * (k - 1) <= 2048:  # along the rows of the flattened (outer, L * inner)
            kh, kw, oy, ox = 1, k, 0, o
            b1, rows, m, w, c = 1, _prod(shape[:axis]), 1, shape[axis], inner
        else:  # down the columns of (outer, L, inner)
            kh, kw, oy, ox = k, 1, o, 0
            b1, rows, m, w, c = _prod(shape[:axis]), shape[axis], 1, inner, 1
    x_len = w * c
    n_taps = sum(mask)
    limit = ctx.device.limits["max_compute_shared_memory_size"]
    budget = min(limit, 49152) * 3 // 4
    table_n = kh * kw if (op == "correlate" and fixed is None) or structure or op == "bilateral" or dynamic else 0
    table_n *= 1 + (structure and dynamic)
    if separable:
        table_n = kh + kw if op == "correlate" else 0
    if direct:
        threads, per, lanes = (16, 16), (1, c), False
    else:
        threads, per, lanes = _choose(op, kh, kw, oy, ox, c, rows, x_len, compute, table_n, n_taps, budget,
                                      separable)
    th, tx = threads[0] * per[0], threads[1] * per[1] * (4 if lanes else 1)
    vec = x_len % 4 == 0 and x._offset % 4 == 0 and tx % 4 == 0
    dev_table = _table(ctx, table, compute) if table_n else None
    spec = WindowSpec(op, x._dtype, out_dtype, compute, kh, kw, oy, ox, c, threads, per, lanes, vec, mask,
                      tuple(float(f) for f in fixed) if fixed is not None else None, rank, structure, dynamic,
                      separable, mid if separable and mid is not compute else None, direct, addresses)
    kernel = ctx.kernels.get(spec)
    tiles_x, tiles_y = -(-x_len // tx), -(-rows // th)
    batches = b1 * m
    ntiles = tiles_x * tiles_y * batches
    floats: tuple[float, ...] = (float(cval),)
    extra: tuple[int, ...] = ()
    if bilateral is not None:
        scale, shift, maxbin = bilateral
        floats, extra = (float(cval), float(scale), float(shift)), (int(maxbin),)
    values = (*floats, *extra, batches, m, rows * m * x_len, x_len, m * x_len, rows, x_len, w, tiles_x, tiles_y,
              x._offset, 0, dev_table._offset if dev_table is not None else 0, MODES[mode_y], MODES[mode_x])
    return kernel, values, min(ntiles, ctx.max_groups), dev_table
