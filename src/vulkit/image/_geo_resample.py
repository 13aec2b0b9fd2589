"""Running the image kernels: separable passes over host tables (:mod:`._geo_tables`), and projective warps."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array, make_array, upload
from ..array.kernels.glsl import WORKGROUP, division_magic
from ..array.kernels.image_resample import Resample2DSpec, ResampleSpec, compute_dtype
from ..array.kernels.image_resample_tile import THREADS, ResampleTileSpec
from ..array.kernels.image_resample_warp import WarpSpec
from ..array.launch import addresses_of
from ..array.ops.planning import _addresses
from ._geo_common import shaped

Table = tuple[np.ndarray, np.ndarray]  # (indices (M, K) int32, weights (M, K) float64)
_LIMIT = 1 << 32
# both axes in one pass (Resample2DSpec) where an output reads at most this many taps (bilinear halving: 16), each
# reading its window from cache instead of an intermediate image written and read again. On the H100 bilinear
# 4096^2 -> 2048^2 gained 15-30 %, doubling was unchanged, and Lanczos doubling (36 taps) took 3x the two passes:
# the kernel is bound by its loads (an index and a weight a tap), not by the intermediate image's traffic
FUSED_TAPS = 16
STATIC_TAPS = 16  # tables of at most this many taps an output are compiled in (the tap loops unroll)
# both axes in one pass through a shared-memory window (ResampleTileSpec) where each axis has at most this many taps
# an output (0: never), the window of a tile fits TILE_SHARED_BYTES and holds no more pixels than the tile's outputs
# (an upscale): each input element is read once, the taps once a tile. On the H200 (GPU time, in turn): bilinear
# 4096^2 -> 8192^2 float32 192 against 292 us for the one pass from cache, uint8 RGB 577 against 933, Lanczos 429
# against 525; but halving 108 against 49 us (uint8 RGB 368 / 124, Lanczos 246 against two passes' 122), with any
# tile shape, and with the next tile's window fetched during the current one's resampling
TILED_TAPS = 16
TILE_SHARED_BYTES = 32768
TILE_PIXELS = (64, 16)  # the widest and tallest tile of output pixels tried first


def _groups(ctx: Any, n: int) -> int:
    return max(1, min(-(-n // WORKGROUP), ctx.max_groups))


def _magic(d: int) -> tuple[int, int]:
    return division_magic(d) if d > 1 else (0, 0)


def host_table(table: Table | Any) -> Table:
    """A table given as itself or as a function making it (called only where the plan cache misses)."""
    return table() if callable(table) else table


def device_table(ctx: Any, tag: Any, table: Table | Any, weight: dt.DType) -> tuple[Array, Array, int]:
    """The table on the device, tap-major (indices int32, weights of ``weight``: int32 for Pillow's fixed point),
    kept in the context's plan cache under ``tag`` (``table``: the table, or a function making it, called on a
    miss)."""
    key = ("vt.image.table", tag, weight.name)
    found = ctx.plans.get(key)
    if found is None:
        idx, w = host_table(table)
        if weight is dt.int32:
            from ._geo_tables import fixed_point
            w = fixed_point(w)
        # stored tap-major (K, M): the threads of adjacent outputs read adjacent entries (coalesced)
        found = (upload(ctx, np.ascontiguousarray(np.asarray(idx).T, dtype=np.int32).ravel()),
                 upload(ctx, np.ascontiguousarray(np.asarray(w).T, dtype=weight.np).ravel()), idx.shape[1])
        ctx.plans.remember(key, found)
    return found


def _dispatch(ctx: Any, spec: Any, arrays: tuple[Array, ...], values: tuple[Any, ...], n: int) -> None:
    """Record ``spec``'s kernel over n outputs: ``arrays`` (input, output, tables) bound or passed by address."""
    kernel = ctx.kernels.get(spec)
    if spec.addresses:
        push = kernel.pack(*addresses_of(*arrays), *values)
        resources: tuple[Any, ...] = ()
    else:
        push, resources = kernel.pack(*values), tuple(a._alloc for a in arrays)
    ctx.stream.dispatch(kernel.pipeline, resources, push, groups=(_groups(ctx, n), 1, 1),
                        reads=[a._alloc for a in arrays if a is not arrays[1]], writes=[arrays[1]._alloc])


def _static(taps: int) -> int:
    """The tap count a kernel is compiled with (0: read from the push constants)."""
    return taps if taps <= STATIC_TAPS else 0


def _check_size(n: int, x: Array) -> None:
    if n >= _LIMIT or x._size >= _LIMIT:
        raise ValueError(f"image too large: {max(n, x._size)} elements (at most 2^32 - 1 per pass)")


def resample_pass(x: Array, outer: int, length: int, inner: int, size: int, table: tuple[Array, Array, int],
                  out_dtype: dt.DType, fixed: bool, cval: float = 0.0) -> Array:
    """One pass of the separable kernel over the contiguous ``x`` seen as (outer, length, inner): a flat array of
    outer x size x inner results."""
    ctx = x._ctx
    n = outer * size * inner
    _check_size(n, x)
    out = make_array(ctx, (n,), out_dtype)
    if n == 0:
        return out
    idx, w, k = table
    arrays = (x, out, idx, w)
    spec = ResampleSpec(x._dtype, out_dtype, fixed, _addresses(ctx, list(arrays)), _static(k))
    _dispatch(ctx, spec, arrays, (cval, outer, size, inner, length, k, x._offset, 0, *_magic(inner), *_magic(size)), n)
    return out


def resample_both(x: Array, first: tuple[Array, Array, int], second: tuple[Array, Array, int], out_h: int,
                  out_w: int, out_dtype: dt.DType, fixed: bool, cval: float, rows_first: bool,
                  tiles: tuple[int, int, int, int, int, int, Array] | None = None) -> Array:
    """Both axes of the contiguous N x H x W x C ``x`` in one pass: the first axis's table (columns, or rows where
    ``rows_first``), then the second's; through a shared-memory window on the ``tiles`` of :func:`_tile_plan`
    (ResampleTileSpec), or without them each output reading its window from cache (Resample2DSpec). A flat
    N x out_h x out_w x C result."""
    ctx = x._ctx
    n_img, h, w, c = x.shape
    n = n_img * out_h * out_w * c
    _check_size(n, x)
    out = make_array(ctx, (n,), out_dtype)
    if n == 0:
        return out
    arrays: tuple[Array, ...] = (x, out, first[0], first[1], second[0], second[1])
    if tiles is None:
        spec: Any = Resample2DSpec(x._dtype, out_dtype, fixed, rows_first, _addresses(ctx, list(arrays)),
                                   _static(first[2]), _static(second[2]))
        values = (cval, c, n_img, out_w, out_h, h, w, first[2], second[2], x._offset, *_magic(c), *_magic(out_w),
                  *_magic(out_h))
    else:
        tw, th, ww, wh, window, between, starts = tiles
        tiles_x, tiles_y = -(-out_w // tw), -(-out_h // th)
        arrays = (*arrays, starts)
        spec = ResampleTileSpec(x._dtype, out_dtype, fixed, rows_first, _addresses(ctx, list(arrays)), c, tw, th,
                                window, between, first[2], second[2])
        values = (cval, n_img, h, w, out_h, out_w, ww, wh, tiles_x, tiles_y, x._offset, *_magic(tiles_x),
                  *_magic(tiles_y))
        n = n_img * tiles_x * tiles_y * WORKGROUP  # a workgroup a tile
    _dispatch(ctx, spec, arrays, values, n)
    return out


def _made_once(axis: tuple[Any, Table | Any] | None) -> tuple[Any, Table | Any] | None:
    """(tag, table) with a table given as a function made at most once (its result kept)."""
    if axis is None or not callable(axis[1]):
        return axis
    return axis[0], functools.cache(axis[1])


def _windows(table: Table, tile: int) -> tuple[np.ndarray, int]:
    """For tiles of ``tile`` consecutive outputs of an axis's taps (indices (M, K), negative: none), the least index
    each tile reads and the most indices one tile spans (at least 1)."""
    idx = np.asarray(table[0])
    m, k = idx.shape
    tiles = -(-m // tile)
    blocks = np.full((tiles * tile, k), -1, np.int64)
    blocks[:m] = idx
    blocks = blocks.reshape(tiles, tile * k)
    valid = blocks >= 0
    lo = np.where(valid, blocks, np.iinfo(np.int64).max).min(axis=1)
    hi = np.where(valid, blocks, -1).max(axis=1)
    lo = np.where(hi >= 0, lo, 0)
    return lo.astype(np.int32), max(1, int((hi - lo + 1).max(initial=1)))


def _round_up(n: int, step: int) -> int:
    return -(-n // step) * step


def _tile_plan(ctx: Any, rows: tuple[Any, Table | Any], cols: tuple[Any, Table | Any], c: int, item: int,
               taps: tuple[int, int], rows_first: bool) -> tuple[int, int, int, int, int, int, Array] | None:
    """(tw, th, window pixels WW, window rows WH, window and between capacities, windows' starts on the device) of
    the tile kernel, or None where no tile's window fits its shared memory or a window holds more pixels than its
    tile (see TILED_TAPS). Kept in the plan cache."""
    kr, kc = taps
    if not TILED_TAPS or max(kr, kc) > TILED_TAPS or c > THREADS:
        return None
    key = ("vt.image.tiles", rows[0], cols[0], c, item, rows_first, TILE_PIXELS, TILE_SHARED_BYTES)
    found = ctx.plans.get(key, False)
    if found is not False:
        return found
    budget = min(TILE_SHARED_BYTES, int(ctx.device.limits["max_compute_shared_memory_size"]))
    row_table, col_table = host_table(rows[1]), host_table(cols[1])
    tw, th = min(TILE_PIXELS[0], THREADS // c), TILE_PIXELS[1]
    found = None
    while tw >= 1 and th >= 1:
        col_starts, ww = _windows(col_table, tw)
        row_starts, wh = _windows(row_table, th)
        window = _round_up(wh * ww * c, 256)
        between = _round_up(th * ww * c if rows_first else wh * tw * c, 256)
        if (window + between) * item + (tw * kc + th * kr) * (4 + item) <= budget:
            if ww * wh <= min(tw, len(col_table[0])) * min(th, len(row_table[0])):  # at most a pixel an output
                found = (tw, th, ww, wh, window, between, upload(ctx, np.concatenate([col_starts, row_starts])))
            break
        if th > 4:
            th //= 2
        else:
            tw //= 2
    ctx.plans.remember(key, found)
    return found


def separable(x: Array, rows: tuple[Any, Table | Any] | None, cols: tuple[Any, Table | Any] | None,
              out_h: int, out_w: int, out_dtype: dt.DType, fixed: bool = False, cval: float = 0.0,
              rows_first: bool = False) -> Array:
    """The contiguous N x H x W x C image ``x`` resampled along its columns (``cols``: (tag, table), None to leave
    W as it is) and its rows (``rows``), columns first unless ``rows_first``: N x out_h x out_w x C of
    ``out_dtype``. ``fixed``: Pillow's 8-bit arithmetic (uint8 between the passes); else the passes sum in float32
    (float64 for float64) and keep that between them."""
    n, h, w, c = x.shape
    ctx = x._ctx
    between = dt.uint8 if fixed else compute_dtype(x._dtype)
    weight = dt.int32 if fixed else compute_dtype(x._dtype)
    if cols is None and rows is None:
        return x.astype(out_dtype)
    rows, cols = _made_once(rows), _made_once(cols)  # the device tables and the tile plan may both need them
    row_table = device_table(ctx, rows[0], rows[1], weight) if rows is not None else None
    col_table = device_table(ctx, cols[0], cols[1], weight) if cols is not None else None
    if row_table is not None and col_table is not None:
        tiles = _tile_plan(ctx, rows, cols, c, weight.itemsize, (row_table[2], col_table[2]), rows_first)
        if tiles is not None or row_table[2] * col_table[2] <= FUSED_TAPS:
            first, second = (row_table, col_table) if rows_first else (col_table, row_table)
            out = resample_both(x, first, second, out_h, out_w, out_dtype, fixed, cval, rows_first, tiles)
            return shaped(out, (n, out_h, out_w, c))
    current, rows_done = x, False
    if row_table is not None and (rows_first or col_table is None):
        current = resample_pass(current, n, h, w * c, out_h, row_table,
                                out_dtype if col_table is None else between, fixed, cval)
        h, rows_done = out_h, True
    if col_table is not None:
        last = row_table is None or rows_done
        current = resample_pass(current, n * h, w, c, out_w, col_table, out_dtype if last else between, fixed, cval)
    if row_table is not None and not rows_done:
        current = resample_pass(current, n, h, out_w * c, out_h, row_table, out_dtype, fixed, cval)
    return shaped(current, (n, out_h, out_w, c))


def warp(x: Array, matrix: np.ndarray, out_h: int, out_w: int, order: int, mode: int, cval: float,
         out_dtype: dt.DType) -> Array:
    """The contiguous N x H x W x C ``x`` sampled at ``matrix`` @ (column, row, 1) of each output pixel (the output
    to input map)."""
    ctx = x._ctx
    n, h, w, c = x.shape
    total = n * out_h * out_w
    if total * c >= _LIMIT or x._size >= _LIMIT:
        raise ValueError(f"image too large: {max(total * c, x._size)} elements (at most 2^32 - 1)")
    out = make_array(ctx, (n, out_h, out_w, c), out_dtype)
    if total == 0 or c == 0:
        return out
    projective = not np.array_equal(matrix[2], [0.0, 0.0, 1.0])
    addresses = _addresses(ctx, [x, out])
    kernel = ctx.kernels.get(WarpSpec(x._dtype, out_dtype, order, mode, projective, addresses))
    values = (n, h, w, c, out_h, out_w, x._offset, 0, *[float(v) for v in matrix.ravel()], float(cval))
    if addresses:
        push = kernel.pack(*addresses_of(x, out), *values)
        resources: tuple[Any, ...] = ()
    else:
        push, resources = kernel.pack(*values), (x._alloc, out._alloc)
    ctx.stream.dispatch(kernel.pipeline, resources, push, groups=(_groups(ctx, total), 1, 1),
                        reads=[x._alloc], writes=[out._alloc])
    return out
