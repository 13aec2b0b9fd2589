"""Fast Fourier transforms along an axis on the GPU: plans (passes, twiddle tables) and their dispatches.

A transform of length N runs as one or more Stockham passes (:mod:`vulkit.array.kernels.fft`): one
workgroup-resident pass where the line fits the device's shared memory, else two or three passes whose radices
each fit it with a tile of columns wide enough for coalesced reads (32 bytes). Lengths with a prime factor
above 13 use Bluestein's algorithm: the chirp-multiplied input is convolved with the chirp through a
power-of-two FFT and its inverse (the chirp's spectrum computed once on the host, in float64). Real transforms
of even length run as complex transforms of half the length on pairs of reals, with the r2c post-processing
fused into a one-pass kernel (a kernel of its own after several passes) and the c2r pre-processing fused into
the first pass's loads; odd lengths run as complex transforms of real or Hermitian-mirrored input.

Twiddles are computed on the host in extended precision (quadrant reduction, long double where the platform
has it), rounded once to the transform's precision, and uploaded once per plan; plans are kept in the device
context's plan cache by (kind, length, dtype, direction).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import dtypes as dt
from ..array import Array, Device, make_array, upload, view
from ..dtypes import DType
from ..kernels.fft import (
    LOAD_CONJ,
    LOAD_TABLE,
    STORE_CONJ,
    STORE_TABLE,
    FFTPassSpec,
    RealPostSpec,
    stage_twiddle_layout,
)
from ..launch import record
from ..layout import merge_dims, normalize_axes
from .creation import default_float, zeros
from .planning import _addresses as needs_addresses
from .recording import run_recorded

SMOOTH = (2, 3, 5, 7, 11, 13)  # the primes the codelets take; lengths with others go through Bluestein
COALESCE_BYTES = 32  # the width of a coalesced read (a memory sector): the narrowest tile of columns
# a one-pass transform along columns takes tiles of at least this many bytes of columns where such a tile fits shared
# memory (the passes are still planned for COALESCE_BYTES). An H200, 32 / 64 / 128 in turn: fftn of 512^3
# complex64 2908-2917 / 2397-2398 / 3478-3486 us; columns of 512 x 4096 23.7-26.5 / 25.0-25.5 / 43.9-45.7; rows
# unchanged
COLUMN_TILE_BYTES = 64
TILE_ELEMENTS = 1024  # the elements a workgroup aims to hold (complex64; half for complex128; see below)
# transforms of several passes: fewer elements a workgroup (more of them resident), and where a line does not fit
# shared memory, passes planned for tiles of MULTIPASS_PLAN_BYTES (fft 2^24 complex64 on an H100: four passes of 64
# in 864 us against three of 256 in 1145, probe_fft_passes.py), each pass then taking tiles of at least
# MULTIPASS_COALESCE_BYTES: 16 columns of 64 took 743 us against 854 with 32 (probe_fft_tiles.py, copies shaped like
# the pass moved 2.5 against 1.5 TB/s in probe_fft_access.py). One-pass transforms too hold fewer elements a
# workgroup than they used to: TILE_ELEMENTS 1024 against 4096 took fftn 512^3 from 4260 to 3580 us, rfft of
# 4096^2 rows from 130 to 121 (four-column tiles; more workgroups resident)
MULTIPASS_PLAN_BYTES = 256
# transforms of at most this many points plan their passes for COALESCE_BYTES tiles instead (fewer, longer passes;
# up to 2^20 points their data stay in the L2 cache): an H200 in turn, 256 / 32 bytes: fft of 2^20 complex64 71-87
# / 43-61 us (three passes / two), rfft of 2^20 float32 104-127 / 65-77; 2^22 157-161 / 160-161; 2^24 451 / 630
# (128 bytes). With 512 threads a workgroup (MAX_THREADS), up to 2^20 / 2^23 points in turn: fft of 2^22 complex64
# 172-174 / 134-135 us, of 2^23 250 / 244, rfft of 2^22 float32 121-164 / 119-123; 2^24 stays in four passes of 64
# (446 us, 451 with 128)
MULTIPASS_NARROW_POINTS = 1 << 23
MULTIPASS_COALESCE_BYTES = 128
MULTIPASS_TILE_ELEMENTS = 1024
# a workgroup's stages have radices of up to 2^STAGE_BITS (its threads: the tile's elements / that), and of twice that
# where a transform would need more than MAX_THREADS threads. An H200, radix 8 / 16 in turn: fft of 4096 rows of 2048
# complex64 60.4-61.1 / 68.5-68.8 us, of 8192 rows of 1024 54.0-54.7 / 65.5-66.8, rfft of 4096^2 float32 rows
# 70.7-71.3 / 84.2-85.1, irfft 70.8-71.4 / 82.1-82.7; rows of 4096 (radix 8 would need 512 threads) 83.6-84.3 /
# 76.6-77.5; rows of 512, fft2 of 2048^2, fftn of 512^3 and fft of 2^24 within their noise
STAGE_BITS = 3
# one-pass transforms of more tiles than this many workgroups: each workgroup loops over tiles, loading the next
# tile's elements while it transforms the current one (0: one tile a workgroup, no prefetch). rfft and fft of
# 4096-element rows 98 -> 93 and 73 us, fftn 512^3 3264 -> 2994 us on an H200 (512: 89 / 71 / 3096; 2048: 100 / 77 /
# 2940); the passes of multi-pass transforms lose by it (fft 2^24 444-481 -> 485 us: their pass twiddles too)
PREFETCH_GROUPS = 1024
R2C_PAIRS = True  # the fused r2c post-processing computing X_k and X_{H-k} together (H200: rfft rows 92 -> 87 µs)
MAX_ELEMENTS = 1 << 32
# a workgroup's threads at most (fewer where the device allows fewer). An H200, 256 / 512 in turn: fftn of 512^3
# complex64 2397 / 2233 us (its column tiles of 64 bytes: 512 threads), fft of 4096 rows of 4096 complex64 123.7 /
# 119.0 (radix 8 with 512 threads instead of 16 with 256); rows of 2048 and 2^24 unchanged; radix 4 (STAGE_BITS 2)
# slower with either
MAX_THREADS = 512
NORMS = ("backward", "ortho", "forward")


# -- host-side numbers -------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1024)
def _primes(n: int) -> tuple[int, ...]:
    out, p = [], 2
    while p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    if n > 1:
        out.append(n)
    return tuple(out)


@functools.lru_cache(maxsize=1024)
def smooth(n: int) -> bool:
    """Whether n factors into the codelets' primes (2, 3, 5, 7, 11, 13)."""
    return all(p in SMOOTH for p in _primes(n))


def radices(r: int) -> tuple[int, ...]:
    """The stages of a DFT of length r in one workgroup: the power of two in balanced radices of at most
    2^STAGE_BITS (twice that where more than MAX_THREADS threads would share a line), threes in pairs (9), then 5, 7,
    11, 13."""
    bits = STAGE_BITS
    while (r & -r) >> bits > MAX_THREADS:
        bits += 1
    return _radices(r, bits)


@functools.lru_cache(maxsize=1024)
def _radices(r: int, stage_bits: int) -> tuple[int, ...]:
    ps = _primes(r)
    twos = ps.count(2)
    out: list[int] = []
    if twos:
        stages = -(-twos // stage_bits)
        out += [1 << (twos // stages + (1 if i < twos % stages else 0)) for i in range(stages)]
    threes = ps.count(3)
    out += [9] * (threes // 2) + [3] * (threes % 2)
    out += [p for p in ps if p > 3]
    return tuple(sorted(out, reverse=True)) or (1,)


_LONG = np.finfo(np.longdouble).eps < np.finfo(np.float64).eps
_TWO_PI = np.longdouble("6.283185307179586476925286766559005768") if _LONG else 2 * math.pi


def unit_roots(n: int, m: np.ndarray) -> np.ndarray:
    """exp(-2 pi i m / n) in complex128, each rounded once from extended precision: m reduced exactly to the
    nearest quarter turn, the rest (within an eighth) evaluated in long double where the platform has it."""
    m = np.asarray(m, dtype=np.int64) % n
    quarter = (4 * m + n // 2) // n  # nearest quarter turn (0..4)
    rest = 4 * m - quarter * n  # in [-n/2, n/2]: angle = 2 pi rest / (4 n)
    angle = rest.astype(np.longdouble if _LONG else np.float64) * (_TWO_PI / (4 * n))
    c, s = np.cos(angle).astype(np.float64), np.sin(angle).astype(np.float64)
    # e^{-i(q pi/2 + a)} = (-i)^q e^{-ia}
    q = quarter % 4
    re = np.select([q == 0, q == 1, q == 2, q == 3], [c, -s, -c, s])
    im = np.select([q == 0, q == 1, q == 2, q == 3], [-s, -c, s, c])
    return re + 1j * im


def pass_split_bits(ns: int) -> int:
    """log2 of L, the columns' j mod Ns split as a L + b (b < L) for the pass twiddles' two tables."""
    return ((ns - 1).bit_length() + 1) // 2


def pass_twiddles(ns: int, r: int) -> tuple[np.ndarray, np.ndarray]:
    """The twiddles W_{Ns R}^{i (j mod Ns)} of a pass as the product of two tables, rows by i < R: W^{i b} (b < L)
    and W^{i a L} (a < ceil(Ns / L)), so that a tile of adjacent columns reads adjacent entries of the first and
    one entry of the second (where one table of W_N^m had each column read its own memory sector; the layout alone
    measured no faster: what cost the time was the reads waiting behind the loads, see the pass kernel)."""
    bits = pass_split_bits(ns)
    low, high = 1 << bits, -(-ns >> bits)
    i = np.arange(r, dtype=np.int64)[:, None]
    lo = unit_roots(ns * r, i * np.arange(low, dtype=np.int64)[None, :])
    hi = unit_roots(ns * r, i * (np.arange(high, dtype=np.int64) << bits)[None, :])
    return lo.ravel(), hi.ravel()


def stage_twiddles(r: int) -> np.ndarray:
    """The twiddles of the stages of a workgroup's DFT of length r, laid out as :func:`stage_twiddle_layout` says
    (one entry where r has no such stage, so that every radix has an offset)."""
    stages = radices(r)
    parts = []
    for s, ns, _ in stage_twiddle_layout(stages):
        k = np.arange(1, stages[s], dtype=np.int64)[:, None]
        parts.append(unit_roots(ns * stages[s], k * np.arange(ns, dtype=np.int64)[None, :]).ravel())
    return np.concatenate(parts) if parts else np.ones(1, np.complex128)


# -- plans --------------------------------------------------------------------------------------------------
def _bins(primes: tuple[int, ...], count: int, limit: int) -> list[int] | None:
    """The primes shared into ``count`` factors of at most ``limit`` each, balanced; None where they do not fit."""
    bins = [1] * count
    for p in sorted(primes, reverse=True):
        best = min(range(count), key=lambda i: bins[i])
        if bins[best] * p > limit:
            return None
        bins[best] *= p
    return sorted(bins, reverse=True)


def passes_for(n: int, cap: int, min_tile: int, columns: bool, wide_tile: int | None = None) -> list[int]:
    """The radices of the passes of a smooth length n: one where a line (or, for ``columns``, a tile of
    ``min_tile`` lines) fits ``cap`` elements of shared memory, else as few as fit with ``min_tile`` columns, or
    ``wide_tile`` ones where not even one line fits."""
    if n <= cap and (not columns or n * min_tile <= cap):
        return [n]
    limit = max(cap // (wide_tile if wide_tile and n > cap else min_tile), 16)
    primes = _primes(n)
    count = 2
    while (found := _bins(primes, count, limit)) is None:
        count += 1
    return found


@dataclass
class Plan:
    """What a transform of one length, dtype and direction keeps: its FFT length and passes (for rows and for
    columns), the table of twiddles (and chirps) uploaded once, and their offsets in it."""

    kind: str  # "c2c", "bluestein", "real" (the even-length real trick)
    n: int  # the logical length
    size: int  # the FFT length the passes compute (n, the Bluestein length, or n / 2)
    dtype: DType
    sign: int
    passes: dict[bool, list[int]]  # by columns
    table: Array
    offsets: dict[Any, int]


def _device_caps(ctx: Any, dtype: DType, many: bool = False) -> tuple[int, int, int]:
    """(shared-memory capacity in elements, narrowest coalesced tile, elements a workgroup aims at), for a pass of
    a transform of several passes where ``many``."""
    shared = int(ctx.device.limits["max_compute_shared_memory_size"])
    coalesce, elements = (MULTIPASS_COALESCE_BYTES, MULTIPASS_TILE_ELEMENTS) if many else \
        (COALESCE_BYTES, TILE_ELEMENTS)
    return shared // dtype.itemsize, max(1, coalesce // dtype.itemsize), elements * 8 // dtype.itemsize


def get_plan(ctx: Any, kind: str, n: int, dtype: DType, sign: int) -> Plan:
    """The plan of a transform (cached in ``ctx.plans``; only Bluestein's chirps depend on the direction: the
    kernels run inverse transforms as forward transforms of conjugates)."""
    if kind != "bluestein":
        sign = -1
    key = ("fft", kind, n, dtype, sign, STAGE_BITS, MAX_THREADS)  # the stages decide the table of stage twiddles
    plan = ctx.plans.get(key)
    if plan is None:
        plan = _make_plan(ctx, kind, n, dtype, sign)
        ctx.plans.remember(key, plan)
    return plan


def _make_plan(ctx: Any, kind: str, n: int, dtype: DType, sign: int) -> Plan:
    size = {"c2c": n, "real": n // 2, "bluestein": 1 << (2 * n - 2).bit_length()}[kind]
    cap, min_tile, _ = _device_caps(ctx, dtype)
    wide_tile = max(1, (COALESCE_BYTES if size <= MULTIPASS_NARROW_POINTS else MULTIPASS_PLAN_BYTES) // dtype.itemsize)
    passes = {columns: passes_for(size, cap, min_tile, columns, wide_tile) for columns in (False, True)}
    chunks: list[np.ndarray] = []
    offsets: dict[Any, int] = {}

    def add(name: Any, values: np.ndarray) -> None:
        offsets[name] = sum(len(c) for c in chunks)
        chunks.append(values)

    for r in sorted({r for ps in passes.values() for r in ps}):
        add(("stages", r), stage_twiddles(r))
    for ps in passes.values():
        ns = 1
        for r in ps:
            if ns > 1 and ("pass lo", ns, r) not in offsets:
                lo, hi = pass_twiddles(ns, r)
                add(("pass lo", ns, r), lo)
                add(("pass hi", ns, r), hi)
            ns *= r
    if kind == "real":
        add("rc", unit_roots(n, np.arange(size + 1)))
    elif kind == "bluestein":
        k = np.arange(n, dtype=np.int64)
        chirp = unit_roots(2 * n, (k * k) % (2 * n))  # e^{-i pi k^2 / n}
        if sign > 0:
            chirp = np.conj(chirp)
        b = np.zeros(size, np.complex128)
        b[:n] = np.conj(chirp)
        b[size - n + 1:] = np.conj(chirp[1:])[::-1]
        add("chirp", chirp)
        add("bhat", np.fft.fft(b) / size)
    table = upload(ctx, np.concatenate(chunks).astype(dtype.np))
    return Plan(kind, n, size, dtype, sign, passes, table, offsets)


# -- one transform along one axis -----------------------------------------------------------------------------
@dataclass
class Side:
    """One end of a pass: an array's memory as lines (o, ., c) with element strides (so, sc, sn)."""

    array: Array
    off: int
    so: int
    sc: int
    sn: int


@dataclass(frozen=True)
class Load:
    mode: str = "complex"
    nv: int | None = None  # elements available (reals for "pairs"; None: all); those past them read as zero
    table: int | None = None  # offset of a table multiplied in
    twiddles: int = 0  # offset of the real trick's twiddles (mode "c2r")


@dataclass(frozen=True)
class Store:
    mode: str = "complex"
    nout: int | None = None  # elements stored (None: all)
    table: int | None = None
    scale: float | None = None
    twiddles: int = 0  # offset of the real trick's twiddles (mode "r2c")


def _u32(value: int) -> int:
    return value & 0xFFFFFFFF


def _pow2_floor(x: int) -> int:
    return 1 << (max(x, 1).bit_length() - 1)


def _pow2_ceil(x: int) -> int:
    return 1 << (max(x, 1) - 1).bit_length()


def _columns(src: Side, dst: Side, c_count: int) -> bool:
    """Whether a one-pass transform would read or write across lines (tiles of columns) rather than along them."""
    return c_count > 1 or src.sn != 1 or dst.sn != 1


class Work:
    """A transform's work arrays, handed out in the order its passes ask for them. Each one made here adds its
    allocation to ``roles``, so that :func:`.recording.run_recorded` keeps the dispatches over it; ``sizes``: those a
    call of the same key asked for, made up front (their allocations join ``roles`` at once, for a replay)."""

    def __init__(self, ctx: Any, dtype: DType, roles: list[Any], sizes: tuple[int, ...] = ()) -> None:
        self.ctx, self.dtype, self.roles = ctx, dtype, roles
        self.ready = [make_array(ctx, (size,), dtype) for size in sizes]
        roles.extend(a._alloc for a in self.ready)
        self.sizes: list[int] = []

    def array(self, size: int) -> Array:
        """A work array of ``size`` elements (the next one made up front, which a call of the same key sized)."""
        self.sizes.append(size)
        if self.ready:
            return self.ready.pop(0)
        made = make_array(self.ctx, (size,), self.dtype)
        self.roles.append(made._alloc)
        return made


def run_passes(ctx: Any, plan: Plan, sign: int, src: Side, dst: Side, lines: tuple[int, int], load: Load,
               store: Store, logical: int, work: Work) -> None:
    """Record the passes of ``plan``'s FFT (of ``plan.size``, sign ``sign``) from ``src`` to ``dst`` over
    ``lines`` = (O, C), the first pass loading as ``load`` says, the last storing as ``store`` says, its
    intermediate arrays from ``work``. An inverse transform (sign 1) conjugates what the first pass loads and what
    the last stores."""
    o_count, c_count = lines
    n = plan.size
    radix_list = plan.passes[_columns(src, dst, c_count)]
    count = len(radix_list)
    temps = [work.array(o_count * n * c_count) for _ in range(min(count - 1, 2))]
    ns = 1
    for p, r in enumerate(radix_list):
        first, last = p == 0, p == count - 1
        here = src if first else Side(temps[(p - 1) % 2], 0, n * c_count, 1, c_count)
        there = dst if last else Side(temps[p % 2], 0, n * c_count, 1, c_count)
        flags = (LOAD_CONJ if sign > 0 and first else 0) | (STORE_CONJ if sign > 0 and last else 0)
        _dispatch_pass(ctx, plan, flags, r, ns, count == 1, here, there, lines,
                       load if first else Load(), store if last else Store(), logical)
        ns *= r


def _dispatch_pass(ctx: Any, plan: Plan, flags: int, r: int, ns: int, single: bool, src: Side, dst: Side,
                   lines: tuple[int, int], load: Load, store: Store, logical: int) -> None:
    """Record one pass; what it records for a layout is kept in ``ctx.plans`` (a 64 x 64 FFT's host time 24 ->
    18.6 us)."""
    addresses = needs_addresses(ctx, [src.array, plan.table, dst.array])
    key = ("fft pass", plan.kind, plan.n, plan.dtype, plan.sign, flags, r, ns, single, src.off, src.so, src.sc,
           src.sn, dst.off, dst.so, dst.sc, dst.sn, lines, load, store, logical, addresses, STAGE_BITS, MAX_THREADS,
           PREFETCH_GROUPS, R2C_PAIRS, COLUMN_TILE_BYTES)
    recorded = ctx.plans.get(key)
    if recorded is None:
        recorded = _pass_of(ctx, plan, flags, r, ns, single, src, dst, lines, load, store, logical, addresses)
        ctx.plans.remember(key, recorded)
    kernel, values, groups = recorded
    record(ctx.stream, kernel, [src.array._alloc, plan.table._alloc], dst.array._alloc, values, groups,
           (0, 0, 0) if addresses else None)


def _pass_of(ctx: Any, plan: Plan, flags: int, r: int, ns: int, single: bool, src: Side, dst: Side,
             lines: tuple[int, int], load: Load, store: Store, logical: int,
             addresses: bool) -> tuple[Any, tuple[Any, ...], int]:
    """(kernel, push constants, workgroups) of a pass."""
    o_count, c_count = lines
    n = plan.size
    j_count = n // r
    q = o_count * j_count * c_count
    cap, min_tile, target = _device_caps(ctx, plan.dtype, many=not single)
    q_in = src.sc if c_count > 1 else (src.so if single else src.sn)
    load_rows = single and src.sn == 1 and q_in != 1
    if single:
        q_out = dst.sc if c_count > 1 else dst.so
        store_rows = dst.sn == 1 and q_out != 1
    else:
        store_rows = ns == 1 and dst.sn == 1 and c_count == 1
    if load_rows and store_rows:
        tile = min(_pow2_floor(max(1, target // r)), _pow2_floor(cap // r))
    else:
        wide = max(min_tile, COLUMN_TILE_BYTES // plan.dtype.itemsize) if single else min_tile
        tile = _pow2_floor(min(cap // r, max(wide, target // r)))
    most = min(MAX_THREADS, _pow2_floor(int(ctx.device.limits["max_compute_workgroup_invocations"])))
    tile = max(1, min(tile, _pow2_ceil(q), most))
    if tile == 1:
        load_rows = store_rows = True
    stages = radices(r)
    # a power of two, so that a tile's columns divide the threads (each thread on one column)
    threads = min(most, max(32, _pow2_ceil(-(-tile * r // max(stages)))))
    # pairs of reals moved as one complex number: unit stride, every line starting at an even element
    side = src if load.mode == "pairs" else dst if store.mode == "pairs" else None
    vector = side is not None and side.sn == 1 and all(
        v % 2 == 0 for v in (side.off, side.so if o_count > 1 else 0, side.sc if c_count > 1 else 0))
    tiles = -(-q // tile)
    prefetch = single and 0 < PREFETCH_GROUPS < tiles
    spec = FFTPassSpec(plan.dtype, stages, tile, threads, load_rows, store_rows, single, load.mode, store.mode,
                       True, vector, addresses, twiddled=ns > 1, prefetch=prefetch,
                       r2c_pairs=R2C_PAIRS and store.mode == "r2c")
    if spec.shared_elements > cap:  # no room for the padding against bank conflicts
        spec = dataclasses.replace(spec, pad=False)
    flags |= (LOAD_TABLE if load.table is not None else 0) | (STORE_TABLE if store.table is not None else 0)
    kernel = ctx.kernels.get(spec)
    offsets = plan.offsets
    values = (1.0 if store.scale is None else store.scale, q, c_count, n, logical, ns, pass_split_bits(ns),
              src.off, _u32(src.so), _u32(src.sc), _u32(src.sn), n if load.nv is None else load.nv,
              dst.off, _u32(dst.so), _u32(dst.sc), _u32(dst.sn), n if store.nout is None else store.nout,
              load.twiddles if load.table is None else load.table,
              store.twiddles if store.table is None else store.table,
              offsets[("stages", r)], offsets.get(("pass lo", ns, r), 0), offsets.get(("pass hi", ns, r), 0), flags)
    return kernel, values, min(tiles, PREFETCH_GROUPS if prefetch else ctx.max_groups)


def _dispatch_post(ctx: Any, plan: Plan, sign: int, src: Array, dst: Side, lines: tuple[int, int],
                   scale: float | None) -> None:
    """The r2c post-processing from Z (contiguous (O, H, C)) to X."""
    o_count, c_count = lines
    addresses = needs_addresses(ctx, [src, plan.table, dst.array])
    kernel = ctx.kernels.get(RealPostSpec(plan.dtype, addresses))
    h = plan.size
    q = o_count * c_count
    values = (1.0 if scale is None else scale, q, c_count, h, plan.n, 1, 0, 0, 0, 0, 0, 0,
              dst.off, _u32(dst.so), _u32(dst.sc), _u32(dst.sn), h + 1, 0, plan.offsets["rc"], 0, 0, 0,
              STORE_CONJ if sign > 0 else 0)
    groups = min(-(-(q * (h + 1)) // RealPostSpec.groups_per), ctx.max_groups)
    record(ctx.stream, kernel, [src._alloc, plan.table._alloc], dst.array._alloc, values, groups,
           (0, 0, 0) if addresses else None)


def _merge(shape: tuple[int, ...], strides: tuple[int, ...]) -> tuple[int, int] | None:
    """(size, stride) of the dimensions (outer to inner) where they are one strided dimension, else None."""
    merged, (steps,) = merge_dims(shape, [strides])
    if len(merged) != 1:
        return None
    return merged[0], steps[0] if merged[0] != 1 else 1


def _side(x: Array, axis: int) -> tuple[Side, int, int] | None:
    """x as lines (O, axis, C): the Side and (O, C), or None where its other axes do not merge."""
    shape, strides = x._shape, x._strides
    outer = _merge(shape[:axis], strides[:axis])
    inner = _merge(shape[axis + 1:], strides[axis + 1:])
    if outer is None or inner is None:
        return None
    return Side(x, x._offset, outer[1], inner[1], strides[axis]), outer[0], inner[0]


def _scale(norm: str, n: int, forward: bool) -> float | None:
    if norm == "ortho":
        return 1 / math.sqrt(n)
    if (norm == "forward") == forward:
        return 1 / n
    return None


def complex_of(dtype: DType, ctx: Any) -> DType:
    """The complex dtype a transform of ``dtype`` computes in (NumPy's pocketfft: float16 and float32 in
    complex64, integers and booleans in the default float's)."""
    if dtype.kind == "c":
        return dtype
    if dtype in (dt.float16, dt.float32, dt.bfloat16):
        return dt.complex64
    if dtype is dt.float64:
        return dt.complex128
    return dt.complex128 if default_float(ctx) is dt.float64 else dt.complex64


def transform(x: Array, axis: int, n: int, kind: str, sign: int, norm: str, forward: bool, function: str) -> Array:
    """The 1-D transform of x along ``axis`` (already normalized) of logical length ``n``: ``kind`` "c2c"
    (complex result of n), "r2c" (real input, n // 2 + 1 results), "c2r" (input n // 2 + 1, n real results);
    ``sign`` -1 for e^{-2 pi i ...}; ``forward``: how ``norm`` scales."""
    ctx = x._ctx
    cdtype = complex_of(x._dtype, ctx)
    real = cdtype.component
    if kind == "r2c" and x._dtype.kind == "c":
        raise TypeError(f"{function}: x must be real, got {x._dtype}")
    if kind == "c2r" and x._dtype in (dt.float16, dt.bfloat16):  # NumPy gives float16 back
        return transform(x.astype(cdtype), axis, n, kind, sign, norm, forward, function).astype(x._dtype)
    # the input: complex (or, where the kernel takes it, real) of the transform's precision
    if kind == "c2r" or x._dtype.kind == "c":
        if x._dtype is not cdtype:
            x = x.astype(cdtype)
    elif x._dtype is not real:
        x = x.astype(real)
    needed = n // 2 + 1 if kind == "c2r" else n
    have = x._shape[axis]
    if have > needed:
        key = tuple(slice(0, needed) if d == axis else slice(None) for d in range(x.ndim))
        x = x[key]
        have = needed
    out_len = n // 2 + 1 if kind == "r2c" else n
    out_shape = tuple(out_len if d == axis else s for d, s in enumerate(x._shape))
    _check_size(max(math.prod(out_shape), x._size) * 2, function)
    out = make_array(ctx, out_shape, real if kind == "c2r" else cdtype)
    if out._size == 0:
        return out
    if have == 0:  # nothing but zero padding
        return zeros(out_shape, dtype=out._dtype, device=Device(ctx.index))
    if _side(x, axis) is None:  # lines that merge into no one stride: a contiguous copy's do
        x = x.copy()
    # what a layout records is kept (run_recorded over x, out, the plan's table and the work arrays), where one
    # plan's table is all it reads besides x: mixed radix (a 64 x 64 FFT's host time 42-46 -> 32-36 us; an rfft of
    # 2^20 points, three passes, a post-processing and their work arrays, 82 -> 60 us on a 2-core host)
    plan_kind = "c2c" if kind == "c2c" and smooth(n) else "real" if kind != "c2c" and _half_length(n) else None
    plan = get_plan(ctx, plan_kind, n, cdtype, sign) if plan_kind is not None else None
    if plan is None or needs_addresses(ctx, [x, out, plan.table]):
        _record_transform(x, out, axis, n, kind, sign, norm, forward, have, function)
        return out
    # the plan's passes and table layout, and the device's tile sizes: a plan made again may differ (tests change them)
    key = ("fft call", x._shape, x._strides, x._offset, x._dtype, axis, n, kind, sign, norm, forward, have,
           out._dtype, tuple(plan.passes[False]), tuple(plan.passes[True]), tuple(plan.offsets.items()),
           plan.table._size, _device_caps(ctx, cdtype), _device_caps(ctx, cdtype, True), PREFETCH_GROUPS, R2C_PAIRS,
           STAGE_BITS, MAX_THREADS, COLUMN_TILE_BYTES)
    sizes = ctx.plans.get(("fft work", key))
    if sizes is None and ctx.plans.get(key) is not None:  # kept dispatches whose work arrays are unknown
        key = None
    roles = [x._alloc, out._alloc, plan.table._alloc]
    work = Work(ctx, cdtype, roles, sizes or ())
    run_recorded(ctx, key, roles,
                 lambda: _record_transform(x, out, axis, n, kind, sign, norm, forward, have, function, work))
    if sizes is None and key is not None:
        ctx.plans.remember(("fft work", key), tuple(work.sizes))
    return out


def _record_transform(x: Array, out: Array, axis: int, n: int, kind: str, sign: int, norm: str, forward: bool,
                      have: int, function: str, work: Work | None = None) -> None:
    """Record :func:`transform`'s dispatches from x (its lines along ``axis`` merging into one stride on either
    side, ``have`` elements of the n points given) into out, the work arrays from ``work``."""
    ctx, cdtype = x._ctx, complex_of(x._dtype, x._ctx)
    work = work or Work(ctx, cdtype, [])
    src, o_count, c_count = _side(x, axis)  # type: ignore[misc]
    dst, _, _ = _side(out, axis)  # type: ignore[misc]
    lines = (o_count, c_count)
    scale = _scale(norm, n, forward)
    if kind == "c2c":
        mode = "complex" if x._dtype.kind == "c" else "real"
        _complex(ctx, src, dst, lines, n, cdtype, sign, Load(mode, have), Store(scale=scale),
                 function, work)
    elif kind == "r2c":
        if _half_length(n):
            plan = get_plan(ctx, "real", n, cdtype, sign)
            load = Load("pairs", have)
            if len(plan.passes[_columns(src, dst, c_count)]) == 1:
                run_passes(ctx, plan, sign, src, dst, lines, load,
                           Store("r2c", n // 2 + 1, scale=scale, twiddles=plan.offsets["rc"]), n // 2, work)
            else:
                z = work.array(o_count * (n // 2) * c_count)
                zside = Side(z, 0, (n // 2) * c_count, 1, c_count)
                run_passes(ctx, plan, sign, src, zside, lines, load, Store(), n // 2, work)
                _dispatch_post(ctx, plan, sign, z, dst, lines, scale)
        else:
            _complex(ctx, src, dst, lines, n, cdtype, sign, Load("real", have),
                     Store(nout=n // 2 + 1, scale=scale), function, work)
    else:  # c2r
        if _half_length(n):
            plan = get_plan(ctx, "real", n, cdtype, sign)
            run_passes(ctx, plan, sign, src, dst, lines, Load("c2r", have, twiddles=plan.offsets["rc"]),
                       Store("pairs", scale=scale), n // 2, work)
        else:
            _complex(ctx, src, dst, lines, n, cdtype, sign, Load("hermitian", have),
                     Store("real", scale=scale), function, work)


def _half_length(n: int) -> bool:
    """Whether a real transform of n points runs as a complex one of n / 2 (its "real" plan): n even, n / 2 smooth."""
    return n % 2 == 0 and smooth(n // 2)


def _check_size(elements: int, function: str) -> None:
    """The kernels index with 32-bit integers."""
    if elements >= MAX_ELEMENTS:
        raise ValueError(f"{function}: transforms over 2^32 elements or more (here {elements:,}, with the "
                         "work space) are not supported")


def _complex(ctx: Any, src: Side, dst: Side, lines: tuple[int, int], n: int, cdtype: DType, sign: int,
             load: Load, store: Store, function: str, work: Work) -> None:
    """A complex transform of length n (mixed radix, or Bluestein where n has a prime factor above 13), its work
    arrays from ``work``."""
    if smooth(n):
        plan = get_plan(ctx, "c2c", n, cdtype, sign)
        run_passes(ctx, plan, sign, src, dst, lines, load, store, n, work)
        return
    plan = get_plan(ctx, "bluestein", n, cdtype, sign)
    o_count, c_count = lines
    m = plan.size
    _check_size(o_count * m * c_count, function)
    a = work.array(o_count * m * c_count)
    aside = Side(a, 0, m * c_count, 1, c_count)
    chirp = plan.offsets["chirp"]
    first = Load(load.mode, n if load.nv is None else load.nv, chirp)
    run_passes(ctx, plan, -1, src, aside, lines, first, Store(table=plan.offsets["bhat"]), n, work)
    last = Store(store.mode, n if store.nout is None else store.nout, chirp, store.scale)
    run_passes(ctx, plan, 1, aside, dst, lines, Load(), last, n, work)


def axis_of(x: Array, axis: Any, function: str) -> int:
    """``axis`` of x normalized (NumPy's AxisError, an IndexError, out of range; TypeError for a non-integer)."""
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"{function}: axis must be an integer, got {type(axis).__name__}")
    return normalize_axes(int(axis), x.ndim, function)[0]


def view_of(x: Array) -> Array:
    """A plain view of x (the namespace returns it where nothing is transformed)."""
    return view(x, x._shape, x._strides, x._offset)
