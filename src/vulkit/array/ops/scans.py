"""Scans and what is built on them: ``cumulative_sum``/``cumulative_prod`` (the array API's) and NumPy's
``cumsum``/``cumprod``; ``nonzero``, ``argwhere``, ``flatnonzero``, one-argument ``where`` and the positions of a
boolean mask (stream compaction: the tile scan of the nonzero flags writes each element's coordinates at its
rank). ``bincount`` and ``histogram`` are in :mod:`.histogram`, over this module's plans.

A scan along an axis sees the input as a contiguous (outer, length, inner) array (non-contiguous inputs are copied
first) and takes one of the kernels of :mod:`vulkit.array.kernels.scan`: rows (inner 1) of up to 16 elements a
thread each, of up to 1024 a subgroup each, longer ones a workgroup per block of a row (a subgroup per block on a CPU
device, where barriers cost most); scans along an outer axis a thread per column, adjacent threads on adjacent
columns. Where that gives too few blocks or threads for the device, each row or column is cut into chunks: rows on
a GPU in one pass with decoupled look-back, else in three passes (the chunks' totals, their scan, each chunk from
its prefix), recursively for the totals. The dispatches are kept as a plan per shape, dtype and alignment in the
device's plan cache.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..array import Array, make_array, view
from ..dtypes import DType, as_dtype, bool_, float32, int32, int64, uint8, uint16, uint32, uint64
from ..kernels.glsl import WORKGROUP
from ..kernels.histogram import HistSpec
from ..kernels.scan import MAX_COORDS, SUB, TILE, ScanSpec
from ..launch import record
from ..layout import broadcast_strides, merge_dims, normalize_axes, size_of
from . import tuning
from .arguments import array_argument
from .elementwise import where as _where3
from .engine import TABLE, apply
from .outputs import numpy_out

# Workgroup blocks a long scan aims for: some 25 waves of a large GPU (an H200 holds ~700 such workgroups at once),
# so that the last, partial wave costs little; the scan of their totals stays one workgroup's work. A CPU device
# (lavapipe) runs a few workgroups at a time and pays for each: fewer, longer blocks.
TARGET_BLOCKS = {"gpu": 16384, "cpu": 16}
# From this many rows on, a workgroup scans each whole row in one pass: the rows alone fill the device, and cutting
# them into blocks would add a pass over the data.
ROWS_ONE_PASS = {"gpu": 2048, "cpu": 256}
# Threads a scan along an outer axis aims for before it cuts the columns into chunks (each thread has 4 loads in
# flight: some 32 KiB per compute unit of a large GPU).
LINE_THREADS = {"gpu": 1 << 18, "cpu": 1 << 12}
# Up to this many elements a row is one workgroup's (a CPU device: one subgroup's) work whatever the rows: three
# dispatches would cost more.
SMALL_SCAN = {"gpu": 1 << 16, "cpu": 1 << 14}
LINE_MIN_CHUNK = 16  # the shortest chunk of a column worth its own thread
# The longest block (elements) one invocation loops over: lavapipe's shaders stop every loop of an invocation after
# 65535 iterations in all (llvmpipe's loop limiter), silently; a subgroup takes 4 * 8 elements an iteration there,
# a compaction up to 25 loop iterations (its coordinates) per 4 elements.
MAX_CHUNK = 1 << 16
# Long rows on a GPU: one pass with decoupled look-back (each block's prefix from the totals that the blocks before it
# published) instead of three, so the elements are read once, not twice. A workgroup reads a silent block's state
# this many times before it computes that block's total itself (the fallback that needs no forward progress).
LOOKBACK_SPINS = 128
# The bytes of accumulators a look-back block keeps in registers between its total and its scan (whole tiles, at
# least one). cumsum of 2^28 float32 on an H100: one tile a block 1662 us (the walks back fall behind: each costs
# memory round trips), 2 tiles 1032, 4 tiles 1022 (float64 of 2^27: 1076 against 1411 with one), 8 tiles 4954
# (registers spilled); three passes 1116
LOOKBACK_BYTES = 65536
LOOKBACK: bool | None = None  # the one-pass scan: None where the device allows it (tests force either)
# Long scans from this many elements take whichever route, one pass with look-back or three passes, was faster on the
# device for their size class (timed once, :mod:`.tuning`). cumsum of 2^28 float32 on the H200: one pass 944-952 us,
# three passes 810-812 (in turn; PyTorch about 840); an H100 had given 1011 against 1115
TUNE_FROM = 1 << 22
ROW_THREAD_MAX = 16  # rows up to this long: a thread per row
ROW_SUBGROUP_MAX = 1024  # rows up to this long: a subgroup per row
_MISSING = object()


class Step(NamedTuple):
    """One dispatch of a plan: the kernel, its workgroups, the buffers it reads and writes by role ("src", "dst",
    a temporary's name), its push constants after the addresses, and the inputs it writes too."""

    kernel: Any
    groups: int
    inputs: tuple[str, ...]
    output: str
    values: tuple[int, ...]
    updated: tuple[str, ...] = ()


class Plan:
    """Dispatches and the temporaries (role -> (elements, dtype)) they need, built by the planning functions."""

    def __init__(self, ctx: Any, addresses: bool, lookback: bool | None = None) -> None:
        self.ctx = ctx
        self.addresses = addresses
        self.steps: list[Step] = []
        self.temps: dict[str, tuple[int, DType]] = {}
        self.zeroed: list[str] = []  # temporaries filled with zeros before the steps
        phys = ctx.device.physical
        self.max_subgroups = max(1, WORKGROUP // max(1, phys.min_subgroup_size))
        self.subgroup = max(1, phys.subgroup_size)
        self.kind = kind = plan_kind(ctx)
        self.target_blocks = TARGET_BLOCKS[kind]
        self.rows_one_pass = ROWS_ONE_PASS[kind]
        self.small_scan = SMALL_SCAN[kind]
        self.line_threads = LINE_THREADS[kind]
        if lookback is None:  # LOOKBACK, else the device's default
            lookback = kind == "gpu" and lookback_allowed(ctx) if LOOKBACK is None else LOOKBACK
        self.lookback = lookback

    @property
    def looks_back(self) -> bool:
        """Whether a step scans in one pass with look-back (a route a device's timing may change)."""
        return any(step.kernel.spec.kind == "lookback" for step in self.steps)

    def temp(self, n: int, dtype: DType, zeroed: bool = False) -> str:
        role = f"t{len(self.temps)}"
        self.temps[role] = (n, dtype)
        if zeroed:
            self.zeroed.append(role)
        return role

    def add(self, spec: ScanSpec | HistSpec, groups: int, inputs: tuple[str, ...], output: str,
            values: tuple[int, ...], updated: tuple[str, ...] = ()) -> None:
        kernel = self.ctx.kernels.get(spec)
        self.steps.append(Step(kernel, max(1, min(groups, self.ctx.max_groups)), inputs, output, values, updated))

    def scan_spec(self, kind: str, **fields: Any) -> ScanSpec:
        return ScanSpec(kind, max_subgroups=self.max_subgroups, addresses=self.addresses, **fields)

    def run(self, arrays: dict[str, Array]) -> None:
        """Record the dispatches over ``arrays`` (by role) and fresh temporaries."""
        ctx = self.ctx
        temps = {role: make_array(ctx, (max(n, 1),), dtype) for role, (n, dtype) in self.temps.items()}
        allocs = {role: a._alloc for role, a in (*arrays.items(), *temps.items())}
        for role in self.zeroed:
            ctx.stream.fill(allocs[role], 0, self.temps[role][0] * self.temps[role][1].itemsize)
        for step in self.steps:
            starts = [0] * (len(step.inputs) + 1) if step.kernel.addresses else None
            record(ctx.stream, step.kernel, [allocs[r] for r in step.inputs], allocs[step.output], step.values,
                   step.groups, starts, [allocs[r] for r in step.updated])


PLAN_KIND: str | None = None  # "gpu" or "cpu" plans whatever the device (tests plan both on one device)


def plan_kind(ctx: Any) -> str:
    """How scans are cut for the device: "cpu" for a CPU device (lavapipe: few workgroups at a time, each barrier
    costly: long rows are scanned a subgroup per block), else "gpu" (a workgroup per block of tiles)."""
    if PLAN_KIND is not None:
        return PLAN_KIND
    return "cpu" if ctx.on_cpu else "gpu"


def lookback_allowed(ctx: Any) -> bool:
    """Whether the one-pass scan may run: its states are atomics of the Device scope, which a device with the Vulkan
    memory model but without its device scope must not use."""
    features = ctx.device.features
    return not features.get("vulkan_memory_model") or bool(features.get("vulkan_memory_model_device_scope"))


def _addresses(ctx: Any, arrays: list[Array]) -> bool:
    """Whether kernels reach the arrays through buffer addresses: where the device asks, or an allocation is larger
    than a descriptor can bind."""
    if ctx.buffer_addresses or all(a._alloc.size <= ctx.binding_limit for a in arrays):
        return bool(ctx.buffer_addresses)
    if not ctx.device.features.get("buffer_device_address"):
        raise ValueError(f"an array of {max(a._alloc.size for a in arrays)} bytes is more than "
                         f"{ctx.device.physical.name} can bind (maxStorageBufferRange {ctx.binding_limit}) and it has "
                         "no buffer device addresses")
    return True


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _vec(offset: int, length: int) -> int:
    """1 where rows of ``length`` elements from element ``offset`` all start on a multiple of 4 (vec4 access)."""
    return int(offset % 4 == 0 and length % 4 == 0)


# -- planning a scan ------------------------------------------------------------------------------------------------
class Scan(NamedTuple):
    """What a scan combines: ``op`` over accumulators of ``acc``; elements of ``src`` become ``dst`` (NumPy's cast)
    then accumulators (``load``: value, or nonzero flags); results are stored as ``dst``."""

    op: str
    src: DType
    acc: DType
    dst: DType
    load: str = "value"

    def of_totals(self) -> Scan:
        """The scan of this scan's block totals."""
        return Scan(self.op, self.acc, self.acc, self.acc)


def plan_scan(plan: Plan, scan: Scan, outer: int, length: int, inner: int, src: tuple[str, int],
              dst: tuple[str, int], initial: bool = False) -> None:
    """Add the steps scanning the contiguous (outer, length, inner) array at ``src`` (role, element offset) along its
    middle axis into the contiguous (outer, length + initial, inner) array at ``dst``."""
    if inner == 1 and length > ROW_THREAD_MAX:
        _plan_rows(plan, scan, outer, length, src, dst, initial)
    else:
        _plan_lines(plan, scan, outer, length, inner, src, dst, initial)


def _plan_rows(plan: Plan, scan: Scan, rows: int, length: int, src: tuple[str, int], dst: tuple[str, int],
               initial: bool) -> None:
    (src_role, in_off), (dst_role, out_off) = src, dst
    vec = _vec(in_off, length) | 2 * _vec(out_off + initial, length + initial)
    fields = dict(op=scan.op, src=scan.src, acc=scan.acc, dst=scan.dst, load=scan.load)
    subgroups = length <= ROW_SUBGROUP_MAX or plan.kind == "cpu"
    unit = SUB if subgroups else TILE  # blocks are whole steps of the kernel
    steps = _ceil(length, unit)
    if length <= ROW_SUBGROUP_MAX or rows >= plan.rows_one_pass or rows * length <= plan.small_scan:
        blocks = 1
    else:
        blocks = min(steps, max(1, _ceil(plan.target_blocks, rows)))
    if subgroups:
        blocks = max(blocks, _ceil(length, MAX_CHUNK))
    chunk = _ceil(steps, blocks) * unit
    blocks = _ceil(length, chunk)
    if blocks > 1 and not subgroups and plan.lookback:
        _plan_lookback(plan, scan, rows, length, src, dst, initial)
        return
    inputs = (src_role, src_role)  # without blocks, the totals are not read
    if blocks > 1:
        totals = plan.temp(rows * blocks, scan.acc)
        prefixes = plan.temp(rows * blocks, scan.acc)
        plan.add(plan.scan_spec("tile_reduce", **fields), rows * blocks, (src_role,), totals,
                 (rows, length, blocks, chunk, in_off, 0, vec & 1))
        plan_scan(plan, scan.of_totals(), rows, blocks, 1, (totals, 0), (prefixes, 0))
        inputs = (src_role, prefixes)
    values = (rows, length, blocks, chunk, in_off, out_off, length + initial, int(blocks > 1), int(initial), vec)
    if subgroups:
        groups = _ceil(rows * blocks, max(1, WORKGROUP // plan.subgroup))
        plan.add(plan.scan_spec("rows", **fields), groups, inputs, dst_role, values)
    else:
        plan.add(plan.scan_spec("tile", **fields), rows * blocks, inputs, dst_role, values)


def _plan_lookback(plan: Plan, scan: Scan, rows: int, length: int, src: tuple[str, int], dst: tuple[str, int],
                   initial: bool) -> None:
    """Rows in one pass, blocks of LOOKBACK_BYTES of accumulators: the block states (word 0 hands out the blocks,
    zeroed) and each block's total and inclusive scan as temporaries."""
    (src_role, in_off), (dst_role, out_off) = src, dst
    tiles = max(1, LOOKBACK_BYTES // (TILE * scan.acc.itemsize))
    chunk = tiles * TILE
    blocks = _ceil(length, chunk)
    count = rows * blocks
    states = plan.temp(1 + count, uint32, zeroed=True)
    values = plan.temp(2 * count, scan.acc)
    vec = _vec(in_off, length) | 2 * _vec(out_off + initial, length + initial)
    spec = plan.scan_spec("lookback", op=scan.op, src=scan.src, acc=scan.acc, dst=scan.dst, load=scan.load,
                          tiles=tiles)
    plan.add(spec, count, (src_role, states, values), dst_role,
             (rows, length, blocks, chunk, in_off, out_off, length + initial, int(initial), vec, LOOKBACK_SPINS),
             updated=(states, values))


def _plan_lines(plan: Plan, scan: Scan, outer: int, length: int, inner: int, src: tuple[str, int],
                dst: tuple[str, int], initial: bool) -> None:
    (src_role, in_off), (dst_role, out_off) = src, dst
    fields = dict(op=scan.op, src=scan.src, acc=scan.acc, dst=scan.dst, load=scan.load)
    lines = outer * inner
    blocks = max(1, min(_ceil(length, LINE_MIN_CHUNK), _ceil(plan.line_threads, lines)), _ceil(length, MAX_CHUNK))
    chunk = _ceil(length, blocks)
    blocks = _ceil(length, chunk)
    inputs = (src_role, src_role)
    if blocks > 1:
        totals = plan.temp(outer * blocks * inner, scan.acc)
        prefixes = plan.temp(outer * blocks * inner, scan.acc)
        plan.add(plan.scan_spec("lines_reduce", **fields), _ceil(outer * blocks * inner, WORKGROUP), (src_role,),
                 totals, (outer, length, inner, blocks, chunk, in_off, 0))
        plan_scan(plan, scan.of_totals(), outer, blocks, inner, (totals, 0), (prefixes, 0))
        inputs = (src_role, prefixes)
    plan.add(plan.scan_spec("lines", **fields), _ceil(outer * blocks * inner, WORKGROUP), inputs, dst_role,
             (outer, length, inner, blocks, chunk, in_off, out_off, length + initial, int(blocks > 1), int(initial)))


def plan_reduce(plan: Plan, scan: Scan, n: int, src: tuple[str, int], dst: tuple[str, int]) -> None:
    """Add the steps combining all ``n`` elements at ``src`` into one accumulator at ``dst`` (stored as ``scan.acc``):
    block totals, then (for more than one block) the totals' total."""
    (src_role, in_off), (dst_role, out_off) = src, dst
    fields = dict(op=scan.op, src=scan.src, acc=scan.acc, dst=scan.dst, load=scan.load)
    tiles = _ceil(n, TILE)
    blocks = max(min(tiles, plan.target_blocks), _ceil(n, MAX_CHUNK))
    chunk = _ceil(tiles, blocks) * TILE
    blocks = _ceil(n, chunk)
    spec = plan.scan_spec("tile_reduce", **fields)
    if blocks == 1:
        plan.add(spec, 1, (src_role,), dst_role, (1, n, 1, chunk, in_off, out_off, _vec(in_off, n)))
        return
    totals = plan.temp(blocks, scan.acc)
    plan.add(spec, blocks, (src_role,), totals, (1, n, blocks, chunk, in_off, 0, _vec(in_off, n)))
    plan_reduce(plan, scan.of_totals(), blocks, (totals, 0), dst)


# -- dtypes ---------------------------------------------------------------------------------------------------------
def sum_dtype(dtype: DType) -> DType:
    """NumPy's accumulation dtype of a sum of ``dtype`` with no dtype given: bool and signed integers int64,
    unsigned integers uint64, floats their own."""
    if dtype is bool_ or dtype.kind == "i":
        return int64
    return uint64 if dtype.kind == "u" else dtype


def accumulator(dtype: DType) -> DType:
    """The dtype a scan producing ``dtype`` accumulates (and keeps its block totals) in: 32 bits at least, float16 and
    bfloat16 in float32; bool (logical or/and) as uint32."""
    return {"float16": float32, "bfloat16": float32, "int8": int32, "int16": int32, "uint8": uint32, "uint16": uint32,
            "bool": uint32}.get(dtype.name, dtype)


def _result_dtype(name: str, x: Array, dtype: Any) -> DType:
    if dtype is None:
        return sum_dtype(x._dtype)
    try:
        return as_dtype(dtype)
    except TypeError as error:
        raise TypeError(f"{name}: {error}") from None


def _real(x: Array, name: str) -> Array:
    """x, or TypeError where its dtype is not bool, integer or real floating (complex: not yet)."""
    if x._dtype.kind not in "biuf":
        raise TypeError(f"{name}: {x._dtype.name} arrays are not supported")
    return x


def _contiguous(x: Array) -> Array:
    return x if x._contig else x.copy()


# -- cumulative sums and products --------------------------------------------------------------------------------------
def cumulative_sum(x: Array, /, *, axis: int | None = None, dtype: Any = None, include_initial: bool = False) -> Array:
    """Array API ``cumulative_sum``: the running sums along ``axis`` (optional for 1-d x only), in ``dtype``
    (default: bool and signed integers int64, unsigned uint64, floats their own; float16 accumulates in float32);
    ``include_initial`` puts the sum of nothing (0) first. Integers wrap as NumPy's; NaN and infinities propagate."""
    return _cumulative("cumulative_sum", "add", x, axis, dtype, include_initial, flatten=False)


def cumulative_prod(x: Array, /, *, axis: int | None = None, dtype: Any = None,
                    include_initial: bool = False) -> Array:
    """Array API ``cumulative_prod``: the running products (see :func:`cumulative_sum`; the initial value is 1)."""
    return _cumulative("cumulative_prod", "mul", x, axis, dtype, include_initial, flatten=False)


@numpy_out("axis", "dtype", "out")
def cumsum(a: Any, axis: int | None = None, dtype: Any = None) -> Array:
    """NumPy's ``cumsum``: :func:`cumulative_sum`, of the flattened array where ``axis`` is None."""
    return _cumulative("cumsum", "add", a, axis, dtype, False, flatten=True)


@numpy_out("axis", "dtype", "out")
def cumprod(a: Any, axis: int | None = None, dtype: Any = None) -> Array:
    """NumPy's ``cumprod``: :func:`cumulative_prod`, of the flattened array where ``axis`` is None."""
    return _cumulative("cumprod", "mul", a, axis, dtype, False, flatten=True)


def _cumulative(name: str, op: str, x: Any, axis: Any, dtype: Any, include_initial: bool, flatten: bool) -> Array:
    x = array_argument(x, name)
    wanted = None if dtype is None else _result_dtype(name, x, dtype)
    if (x._dtype.kind == "c" or (wanted is not None and wanted.kind == "c")) and op == "add":
        return _complex_cumulative(name, op, x, axis, wanted, include_initial, flatten)
    if x._dtype.kind != "c":
        x = _real(x, name)
    if axis is None:
        if flatten:
            x = _flat(x)
        elif x.ndim != 1:
            raise ValueError(f"{name}: an array of {x.ndim} dimensions needs an axis (only 1-d arrays may omit it)"
                             if x.ndim else f"{name}: x must have at least one dimension (got a 0-d array)")
        axis = 0
    elif isinstance(axis, (tuple, list)):
        raise TypeError(f"{name}: axis must be an integer, got {axis!r}")
    if not flatten and x.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension (got a 0-d array)")
    (axis,) = normalize_axes(axis, x.ndim, name)
    target = wanted if wanted is not None else _result_dtype(name, x, None)
    if target.kind not in "biuf" and not (target.kind == "c" and op == "mul"):
        raise TypeError(f"{name}: cannot accumulate in {target.name}")
    if x._dtype.kind == "c" and target.kind != "c":
        raise TypeError(f"{name}: cannot accumulate {x._dtype.name} in {target.name}")
    include_initial = bool(include_initial)
    shape = list(x._shape)
    length = shape[axis]
    shape[axis] += include_initial
    ctx = x._ctx
    out = make_array(ctx, tuple(shape), target)
    if out._size == 0:
        return out
    if length == 0:  # only the initial values
        apply(TABLE["copy"], (1 if op == "mul" else 0,), out=out, dtype=target)
        return out
    x = _contiguous(x)
    if target is bool_:
        scan = Scan("and" if op == "mul" else "or", x._dtype, uint32, bool_, "nonzero")
    else:
        scan = Scan(op, x._dtype, accumulator(target), target)
    outer, inner = size_of(x._shape[:axis]), size_of(x._shape[axis + 1:])
    addresses = _addresses(ctx, [x, out])
    key = ("scan", scan, outer, length, inner, include_initial, x._offset, addresses, plan_kind(ctx), LOOKBACK,
           LOOKBACK_SPINS, LOOKBACK_BYTES, TUNE_FROM, tuning.state())
    plan = ctx.plans.get(key)
    if plan is None:
        plan = _scan_plan(scan, (outer, length, inner), x, out, addresses, include_initial)
        ctx.plans.remember(key, plan)
    plan.run({"src": x, "dst": out})
    return out


def _scan_plan(scan: Scan, shape: tuple[int, int, int], x: Array, out: Array, addresses: bool,
               initial: bool) -> Plan:
    """The plan of a scan of ``x`` seen as (outer, length, inner) along its middle axis into ``out``: a long one's
    route (look-back or three passes) as timed on the device for its size class (TUNE_FROM), unless LOOKBACK says."""
    ctx = x._ctx
    outer, length, inner = shape

    def planned(lookback: bool | None) -> Plan:
        plan = Plan(ctx, addresses, lookback)
        plan_scan(plan, scan, outer, length, inner, ("src", x._offset), ("dst", 0), initial)
        return plan

    plan = planned(None)
    if LOOKBACK is not None or not plan.looks_back or outer * length < TUNE_FROM:
        return plan
    size = f"{scan.op}:{scan.acc.name}:{1 << (outer - 1).bit_length()}:{1 << (length - 1).bit_length()}"
    lookback = tuning.choose(ctx, "scan", size, (True, False),
                             lambda candidate: planned(candidate).run({"src": x, "dst": out}), True)
    return plan if lookback else planned(False)


def _flat(x: Array) -> Array:
    """x's elements as a 1-d array (a view where x is contiguous)."""
    from .manipulation import reshape

    return reshape(x, (x._size,))


# -- compaction: nonzero and friends -----------------------------------------------------------------------------------
def _count_plan(x: Array, addresses: bool) -> tuple[Plan, int, int]:
    """The dispatches that count x's (contiguous) nonzero elements per block (role "counts") and scan the counts
    ("prefixes"), with the blocks and the chunk; kept by layout."""
    ctx = x._ctx
    n = x._size
    key = ("count_blocks", x._dtype, n, x._offset, addresses, plan_kind(ctx), LOOKBACK, LOOKBACK_SPINS, LOOKBACK_BYTES)
    found = ctx.plans.get(key)
    if found is None:
        plan = Plan(ctx, addresses)
        tiles = _ceil(n, TILE)
        blocks = max(min(tiles, plan.target_blocks), _ceil(n, MAX_CHUNK))
        chunk = _ceil(tiles, blocks) * TILE
        blocks = _ceil(n, chunk)
        spec = plan.scan_spec("tile_reduce", op="add", src=x._dtype, acc=uint32, dst=uint32, load="nonzero")
        plan.add(spec, blocks, ("src",), "counts", (1, n, blocks, chunk, x._offset, 0, _vec(x._offset, n)))
        if blocks > 1:
            flags = Scan("add", x._dtype, uint32, uint32, "nonzero")
            plan_scan(plan, flags.of_totals(), 1, blocks, 1, ("counts", 0), ("prefixes", 0))
        found = (plan, blocks, chunk)
        ctx.plans.remember(key, found)
    return found


def _count_nonzero_blocks(x: Array, addresses: bool) -> tuple[Array, int, int, int]:
    """Count x's (contiguous) nonzero elements per block and scan the counts; read the total back (synchronises).
    Returns the counts' inclusive scan, the blocks, the chunk and the count."""
    ctx = x._ctx
    plan, blocks, chunk = _count_plan(x, addresses)
    counts = make_array(ctx, (blocks,), uint32)
    prefixes = make_array(ctx, (blocks,), uint32) if blocks > 1 else counts
    plan.run({"src": x, "counts": counts, "prefixes": prefixes})
    count = int(ctx.stream.read(prefixes._alloc, 4, (blocks - 1) * 4).view(np.uint32)[0])
    return prefixes, blocks, chunk, count


def _compaction(x: Array, name: str, make_out: Any, epilogue: str, extra: Any, values: Array | None = None) \
        -> tuple[Array, int]:
    """The nonzero elements of the contiguous array x compacted by the tile scan: ``make_out(count)`` gives the output,
    ``extra(count, out)`` the epilogue's push constants; ``values`` (epilogue "values"): the array whose elements are
    moved. Synchronises once (the count)."""
    ctx = x._ctx
    addresses = _addresses(ctx, [x])
    prefixes, blocks, chunk, count = _count_nonzero_blocks(x, addresses)
    out = make_out(count)
    if count == 0:
        return out, 0
    plan = _compaction_plan(x, out, epilogue, blocks, chunk, extra(count, out), addresses, values)
    plan.run({"src": x, "prefixes": prefixes, "dst": out, **({"elem": values} if values is not None else {})})
    return out, count


def _compaction_plan(x: Array, out: Array, epilogue: str, blocks: int, chunk: int, extra: tuple[int, ...],
                     addresses: bool, values: Array | None = None) -> Plan:
    """The dispatch that writes x's nonzero elements' ``epilogue`` (coordinates, offsets, or ``values``' elements
    moved as unsigned words) into ``out`` by the tile scan from the counts' scan (role "prefixes", of ``blocks``
    blocks of ``chunk``); ``extra``: its push constants."""
    ctx = x._ctx
    plan = Plan(ctx, addresses or _addresses(ctx, [out, *([values] if values is not None else [])]))
    kind = "rows" if plan.kind == "cpu" else "tile"
    dst, words, inputs = out._dtype, 1, ("src", "prefixes" if blocks > 1 else "src")
    if values is not None:
        words = max(1, values._dtype.itemsize // 4)
        dst = _WORDS[min(values._dtype.itemsize, 4)]
        inputs += ("elem",)
    spec = plan.scan_spec(kind, op="add", src=x._dtype, acc=uint32, dst=dst, load="nonzero", epilogue=epilogue,
                          words=words)
    groups = blocks if kind == "tile" else _ceil(blocks, max(1, WORKGROUP // plan.subgroup))
    plan.add(spec, groups, inputs, "dst",
             (1, x._size, blocks, chunk, x._offset, out._offset * words, x._size, int(blocks > 1), 0,
              _vec(x._offset, x._size), *extra))
    return plan


def _coordinates(x: Array, name: str, rows_first: bool) -> tuple[Array, int]:
    """The coordinates of x's nonzero elements as an int64 (ndim, count) array (``rows_first``: (count, ndim))."""
    if x.ndim == 0:
        raise ValueError(f"{name}: calling nonzero on 0-d arrays is not allowed (use vt.reshape(x, (1,)) first)")
    ctx = x._ctx
    ndim = x.ndim
    src = _contiguous(x)
    coords = ndim if ndim <= MAX_COORDS else 1

    def make_out(count: int) -> Array:
        return make_array(ctx, (count, coords) if rows_first else (coords, count), int64)

    def extra(count: int, out: Array) -> tuple[int, ...]:
        sd, sj = (1, coords) if rows_first else (count, 1)
        dims = x._shape if coords == ndim else (x._size,)
        return (sd, sj, len(dims), *_padded(dims))

    if x._size == 0:
        return make_array(ctx, (0, ndim) if rows_first else (ndim, 0), int64), 0
    out, count = _compaction(src, name, make_out, "coords", extra)
    if coords == ndim:
        return out, count
    flat = view(out, (count,), (coords,) if rows_first else (1,), 0)  # the flat indices: unravel them
    stride = 1
    columns = []
    for n in reversed(x._shape):
        columns.append((flat // stride) % n)
        stride *= n
    from .moving import stack

    return stack(columns[::-1], axis=1 if rows_first else 0), count


def _complex_cumulative(name: str, op: str, x: Array, axis: Any, target: DType | None, include_initial: bool,
                        flatten: bool) -> Array:
    """Running sums of complex numbers: the real and the imaginary parts scanned as two float arrays."""
    target = target or x._dtype
    if target.kind != "c":
        raise TypeError(f"{name}: cannot accumulate {x._dtype.name} in {target.name}")
    if x._dtype is not target:
        x = x.astype(target)
    part = target.component
    sums = [_cumulative(name, op, view_part, axis, part, include_initial, flatten) for view_part in (x.real, x.imag)]
    out = make_array(x._ctx, sums[0]._shape, target)
    apply(TABLE["copy"], (sums[0],), out=out.real, dtype=part)
    apply(TABLE["copy"], (sums[1],), out=out.imag, dtype=part)
    return out


def _truth(x: Array) -> Array:
    """x itself, or for complex x whether each element is nonzero (either part)."""
    return x.astype(bool_) if x._dtype.kind == "c" else x


def nonzero(x: Array, /) -> tuple[Array, ...]:
    """The indices of x's nonzero elements, one int64 array per dimension, in C order (NumPy's ``nonzero``; 0-d x
    raises ValueError). Synchronises: the count of nonzero elements is read back to size the result."""
    x = _real(_truth(array_argument(x, "nonzero")), "nonzero")
    coords, count = _coordinates(x, "nonzero", rows_first=False)
    return tuple(view(coords, (count,), (1,), coords._offset + d * coords._strides[0]) for d in range(x.ndim))


def argwhere(a: Any, /) -> Array:
    """NumPy's ``argwhere``: the (count, ndim) int64 indices of a's nonzero elements (a 0-d a gives (count, 0)).
    Synchronises (the count is read back)."""
    a = _real(_truth(array_argument(a, "argwhere")), "argwhere")
    if a.ndim == 0:
        flags = _coordinates(view(a, (1,), (0,), a._offset), "argwhere", rows_first=True)[0]
        return make_array(a._ctx, (flags.shape[0], 0), int64)
    return _coordinates(a, "argwhere", rows_first=True)[0]


def flatnonzero(a: Any, /) -> Array:
    """NumPy's ``flatnonzero``: the int64 indices of the nonzero elements of a flattened. Synchronises."""
    a = array_argument(a, "flatnonzero")
    return nonzero(_flat(a))[0]


def where(condition: Any, x1: Any = _MISSING, x2: Any = _MISSING, /, **kwargs: Any) -> Any:
    """``where(condition, x1, x2)``: x1 where condition is true, else x2 (elementwise, broadcast); ``where(condition)``:
    ``nonzero(condition)`` (NumPy's one-argument form, which synchronises)."""
    if x1 is _MISSING and x2 is _MISSING:
        if kwargs:
            raise TypeError(f"where(condition) takes no keyword arguments, got {', '.join(kwargs)}")
        return nonzero(condition)
    if x1 is _MISSING or x2 is _MISSING:
        raise ValueError("where: either both or neither of x1 and x2 should be given")
    return _where3(condition, x1, x2, **kwargs)


def mask_positions(x: Array, mask: Array) -> tuple[Array, int] | None:
    """The element offsets (into x's allocation, int32, C order) of the elements of x that ``mask`` (a bool array
    of x's leading dimensions) selects, and their count; None where x has more than MAX_COORDS dimensions that do not
    merge. Synchronises (the count is read back)."""
    return _masked(x, mask, "positions")


def mask_values(x: Array, mask: Array) -> tuple[Array, int] | None:
    """The elements of x that ``mask`` (a bool array of x's leading dimensions) selects, in C order, as a new 1-d
    array, and their count: the compaction moves them itself (no offsets in between); None as
    :func:`mask_positions`, and for arrays of 16 GiB or more. Synchronises (the count is read back)."""
    return _masked(x, mask, "values")


def _masked(x: Array, mask: Array, epilogue: str) -> tuple[Array, int] | None:
    """:func:`mask_positions` (``epilogue`` "positions") or :func:`mask_values` ("values")."""
    shape, (strides,) = merge_dims(x._shape, [x._strides])
    if len(shape) > MAX_COORDS or x._size == 0 or (epilogue == "values" and x._alloc.size >= 1 << 34):
        return None  # (values move as 32-bit words at 32-bit word offsets)
    ctx = x._ctx
    if mask._shape != x._shape:  # a mask of leading dimensions selects whole subarrays: one flag per element
        lead = mask.ndim
        wide = view(mask, x._shape, broadcast_strides(mask._shape + (1,) * (x.ndim - lead), mask._strides
                                                      + (0,) * (x.ndim - lead), x._shape), mask._offset)
        mask = wide.copy()
    flags = _contiguous(mask)

    def make_out(count: int) -> Array:
        return make_array(ctx, (count,), int32 if epilogue == "positions" else x._dtype)

    def extra(count: int, out: Array) -> tuple[int, ...]:
        return (x._offset, len(shape), *_padded(shape), *_padded(strides))

    return _compaction(flags, "getitem", make_out, epilogue, extra, x if epilogue == "values" else None)


# the unsigned words elements of each size move as (32 bits at most: no device needs 64-bit integers for a mask)
_WORDS = {1: uint8, 2: uint16, 4: uint32}


def _padded(values: tuple[int, ...]) -> tuple[int, ...]:
    return (*values, *(0,) * (MAX_COORDS - len(values)))
