"""NumPy's functions beyond the array API standard that the other numpy_* modules leave out, for code ported from
NumPy: creation (``vt.geomspace``, ``vt.logspace``, ``vt.fromfunction``, ``vt.frombuffer``, ``vt.fromiter``,
``vt.fromfile``, ``vt.fromstring``, ``vt.fromregex``),
files (``vt.save``, ``vt.load``, ``vt.savez``, ``vt.savez_compressed``, ``vt.savetxt``, ``vt.loadtxt``,
``vt.genfromtxt``), types and memory (``vt.isscalar``, ``vt.promote_types``, ``vt.min_scalar_type``,
``vt.may_share_memory``, ``vt.shares_memory``), ``vt.histogramdd`` and ``vt.unwrap``.

Computations run on the device, composed of vulkit's own operations (arange, elementwise functions, where,
cumsum, searchsorted, bincount) in NumPy's order of operations: no kernel of its own. Only the file functions and
the ``from*`` readers take data from the host, through NumPy, once; arrays are written to files from a
single copy read back. Results are vulkit arrays typed as NumPy types them (NumPy is asked for the type, with
stand-ins of the operands' types); ``isscalar``, ``may_share_memory`` and ``shares_memory`` give Python bools.

Where NumPy's type is ``float`` (the default ``dtype=float`` of ``fromfunction``, ``frombuffer``, ``fromiter``,
``fromfile``, ``fromstring``, ``loadtxt``, ``genfromtxt``, and the float64 NumPy computes ``geomspace`` and
``logspace`` in), a device without float64 gets float32 (complex64 for complex128), as ``vt.linspace``'s default;
types read from files are kept.

Errors name the function called first (``"geomspace: Geometric sequence cannot include zero"``), with NumPy's
message after it (OSError from the file system as NumPy raises it).
"""

from __future__ import annotations

import builtins
import math
import operator
import os
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np

from ...runtime import context as _context
from .. import dtypes as dt
from ..array import Array, asarray_like
from ..dtypes import DType
from . import elementwise as ew
from . import reductions as rd
from .creation import arange, default_complex, default_float, default_int
from .histogram import bincount
from .manipulation import expand_dims, moveaxis, reshape
from .moving import diff, stack
from .named_errors import named_errors, naming_errors
from .numpy_common import as_array, cast_to, on_device
from .numpy_shapes import indices
from .numpy_stats import _axis_edges, _bin_index
from .scans import cumsum

__all__ = [
    # creation
    "geomspace", "logspace", "fromfunction", "frombuffer", "fromiter", "fromfile", "fromstring", "fromregex",
    # files
    "save", "load", "savez", "savez_compressed", "savetxt", "loadtxt", "genfromtxt",
    # types and memory
    "isscalar", "promote_types", "min_scalar_type", "may_share_memory", "shares_memory",
    # histograms and phases
    "histogramdd", "unwrap",
]


# -- helpers -----------------------------------------------------------------------------------------------------------
def _device_type(dtype: Any, ctx: Any) -> DType:
    """``dtype`` as a vulkit dtype: NumPy's defaults (``float``, None, ``complex``, ``int``) the device's."""
    defaults = {float: default_float, None: default_float, complex: default_complex, int: default_int}
    found = defaults.get(dtype) if dtype is None or isinstance(dtype, type) else None
    return found(ctx) if found is not None else dt.as_dtype(dtype)


def _numpy_type(found: np.dtype, ctx: Any) -> DType:
    """The vulkit dtype of NumPy's answer ``found``, float32 / complex64 for float64 / complex128 on a device
    without float64."""
    return on_device(dt.as_dtype(found), ctx)


def _stand_in(value: Any, array: Array) -> Any:
    """What NumPy types as it types ``value`` (whose vulkit array is ``array``): Python scalars as they are (weak,
    NEP 50), anything else a 0-d array of ones of the array's type."""
    if isinstance(value, (bool, int, float, complex)) and not isinstance(value, np.generic):
        return type(value)(1)
    return np.ones((), array.dtype.np)


def _count(num: Any) -> int:
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    return num


def _as_type(x: Array, dtype: DType) -> Array:
    """x in ``dtype``, complex to real keeping the real parts (NumPy's ``astype``, without its warning)."""
    if x.dtype.kind == "c" and dtype.kind != "c":
        x = ew.real(x)
    return cast_to(x, dtype, x._ctx)


def _spaced(start: Array, stop: Array, num: int, endpoint: bool, dtype: DType) -> Array:
    """NumPy's ``linspace`` arithmetic on the device, in ``dtype``: ``arange(num) * step + start`` (or
    ``arange(num) / div * delta + start`` where a step is 0, NumPy's special case for subnormal steps), the last
    row ``stop``; shape (num, *broadcast shape of start and stop)."""
    ctx = start._ctx
    start, stop = cast_to(start, dtype, ctx), cast_to(stop, dtype, ctx)
    div = num - 1 if endpoint else num
    delta = ew.subtract(stop, start)
    y = cast_to(arange(num, dtype=dtype.component, device=start.device), dtype, ctx)
    y = reshape(y, (-1,) + (1,) * delta.ndim)
    if div > 0:
        step = ew.divide(delta, div)
        any_zero = rd.any(ew.equal(step, 0))  # NumPy's test of the whole step, kept on the device
        y = ew.where(any_zero, ew.multiply(ew.divide(y, div), delta), ew.multiply(y, step))
    else:
        y = ew.multiply(y, delta)
    y = ew.add(y, start)
    if endpoint and num > 1:
        y[-1, ...] = stop
    return y


# -- creation ----------------------------------------------------------------------------------------------------------
@named_errors
def logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, base: Any = 10.0, dtype: Any = None,
             axis: int = 0) -> Array:
    """NumPy's ``logspace``: ``base ** linspace(start, stop, num)``, NumPy's linspace arithmetic and ``vt.pow``
    on the device, the samples along ``axis``; start, stop and base may be arrays (a base array broadcast with
    them, its new axis at ``axis``, as NumPy's). Typed as NumPy's (float64 for Python numbers)."""
    num = _count(num)
    first, last = as_array(start, stop, base), as_array(stop, start, base)
    ctx = first._ctx
    base_array = as_array(base, first)
    start_in, stop_in, base_in = (_stand_in(v, a) for v, a in ((start, first), (stop, last), (base, base_array)))
    linear = np.linspace(start_in, stop_in, 0).dtype
    power = np.power(base_in, np.ones((), linear)).dtype
    if base_array.ndim:  # NumPy: all three with as many dimensions, base's new axis at ``axis``
        ndmax = max(first.ndim, last.ndim, base_array.ndim)
        first, last, base_array = (reshape(a, (1,) * (ndmax - a.ndim) + a.shape) for a in (first, last, base_array))
        base_array = expand_dims(base_array, axis=axis)
    y = moveaxis(_spaced(first, last, num, endpoint, _numpy_type(linear, ctx)), 0, axis)
    power_type = _numpy_type(power, ctx)
    result = ew.pow(cast_to(base_array, power_type, ctx), cast_to(y, power_type, ctx))
    return result if dtype is None else _as_type(result, _device_type(dtype, ctx))


@named_errors
def geomspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, dtype: Any = None, axis: int = 0) \
        -> Array:
    """NumPy's ``geomspace``: ``num`` numbers spaced evenly on a log scale from start to stop (arrays broadcast,
    the samples along ``axis``), computed as NumPy's: start rotated onto the positive reals by its ``vt.sign``
    (negative and complex endpoints), :func:`logspace` of the ``vt.log10`` of the endpoints, the endpoints
    themselves put back, rotated back. At least float64 (complex128 for complex endpoints), as NumPy's. A zero
    endpoint raises ValueError, a check that reads one flag back (the call waits for the GPU)."""
    num = _count(num)
    first, last = as_array(start, stop), as_array(stop, start)
    ctx = first._ctx
    if bool(ew.logical_or(rd.any(ew.equal(first, 0)), rd.any(ew.equal(last, 0)))):
        raise ValueError("Geometric sequence cannot include zero")
    computed = np.result_type(np.ones((), first.dtype.np), np.ones((), last.dtype.np), float(num),
                              np.zeros((), None if dtype is None else _device_type(dtype, ctx).np))
    work = _numpy_type(computed, ctx)
    first, last = cast_to(first, work, ctx), cast_to(last, work, ctx)
    sign = ew.sign(first)
    first, last = ew.divide(first, sign), ew.divide(last, sign)
    result = ew.pow(10.0, _spaced(ew.log10(first), ew.log10(last), num, endpoint, work))
    if num > 0:  # the endpoints exactly: 10 ** log10(x) need not be x
        result[0] = first
        if num > 1 and endpoint:
            result[-1] = last
    result = moveaxis(ew.multiply(result, sign), 0, axis)
    return result if dtype is None else _as_type(result, _device_type(dtype, ctx))


def fromfunction(function: Callable[..., Any], shape: Any, *, dtype: Any = float, **kwargs: Any) -> Any:
    """NumPy's ``fromfunction``: ``function(*indices, **kwargs)`` called once, with one vulkit array (made by
    :func:`vulkit.indices`, of ``dtype``) per axis of ``shape`` holding each element's coordinate along it; its
    result as it returns it (errors of ``function`` as it raises them)."""
    with naming_errors("fromfunction"):
        ctx = _context.current()
        target = _device_type(dtype, ctx)
        grid = cast_to(indices(shape, dtype=target.component), target, ctx)  # complex: the real indices, cast
    return function(*grid, **kwargs)


@named_errors
def frombuffer(buffer: Any, dtype: Any = float, count: int = -1, offset: int = 0) -> Array:
    """NumPy's ``frombuffer``: ``count`` elements of ``dtype`` (all, for -1) read from ``buffer`` (any object with
    the buffer protocol) at byte ``offset``, copied to the device once."""
    ctx = _context.current()
    source = dtype.np if isinstance(dtype, DType) else np.dtype(dtype)  # the bytes' type; None is float, as NumPy's
    values = np.frombuffer(buffer, dtype=source, count=count, offset=offset)
    return asarray_like(values, ctx, _device_type(dtype, ctx))


@named_errors
def fromiter(iterable: Any, dtype: Any, count: int = -1) -> Array:
    """NumPy's ``fromiter``: a 1-d array of ``dtype`` from the values ``iterable`` yields (its first ``count``
    where given), collected by NumPy on the host and copied to the device once."""
    ctx = _context.current()
    target = _device_type(dtype, ctx)
    return asarray_like(np.fromiter(iterable, target.np, count=count), ctx, target)


@named_errors
def fromfile(file: Any, dtype: Any = float, count: int = -1, sep: str = "", offset: int = 0) -> Array:
    """NumPy's ``fromfile``: ``count`` elements (all, for -1) of ``dtype`` read from ``file`` from byte ``offset``,
    as bytes of ``dtype`` (``sep=""``) or as text between separators, parsed by NumPy and copied to the device
    once."""
    if not isinstance(file, (str, bytes, os.PathLike)) and not hasattr(file, "fileno"):
        raise TypeError(f"file must be a path or an open file, got {type(file).__name__}")
    ctx = _context.current()
    target = _device_type(dtype, ctx)
    source = (dtype.np if isinstance(dtype, DType) else np.dtype(dtype)) if not sep else target.np  # the bytes' type
    values = np.fromfile(file, dtype=source, count=count, sep=sep, offset=offset)
    return asarray_like(values, ctx, target)


@named_errors
def fromstring(string: Any, dtype: Any = float, count: int = -1, *, sep: str) -> Array:
    """NumPy's ``fromstring`` of text (``sep`` is required: NumPy's binary mode is gone), parsed by NumPy and
    copied to the device once."""
    ctx = _context.current()
    target = _device_type(dtype, ctx)
    return asarray_like(np.fromstring(string, dtype=target.np, count=count, sep=sep), ctx, target)


@named_errors
def fromregex(file: Any, regexp: Any, dtype: Any, encoding: str | None = None) -> Array:
    """NumPy's ``fromregex`` with one dtype for every group of ``regexp`` (vulkit has no structured dtypes): the
    matches' groups as the columns of an (n, groups) array, or an (n,) one for one group; parsed by NumPy and
    copied to the device once."""
    if isinstance(dtype, np.dtype) and dtype.names is not None:
        raise TypeError("vulkit has no structured dtypes: give the one dtype of every group")
    ctx = _context.current()
    target = _device_type(dtype, ctx)
    groups = re.compile(regexp).groups
    fields = np.dtype([(f"f{i}", target.np) for i in range(builtins.max(groups, 1))])
    found = np.fromregex(file, regexp, fields, encoding=encoding)
    columns = [found[name] for name in fields.names]
    return asarray_like(np.stack(columns, axis=-1) if groups > 1 else columns[0], ctx, target)


# -- files -------------------------------------------------------------------------------------------------------------
def _host(value: Any) -> Any:
    """A vulkit array's values as a NumPy array (one copy from the device); anything else as it is."""
    return value.numpy() if isinstance(value, Array) else value


def _on_device(value: Any) -> Any:
    """NumPy's result on the current device: an array uploaded in its own type, a list or tuple of arrays each;
    anything else (a pickled object) as it is."""
    if isinstance(value, np.ndarray):
        return asarray_like(value, _context.current())
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, np.ndarray) for v in value):
        return type(value)(asarray_like(v, _context.current()) for v in value)
    return value


class NpzFile(Mapping[str, Array]):
    """The arrays of a ``.npz`` file as vulkit arrays (what :func:`load` gives for one): NumPy's ``NpzFile``
    read lazily, each array copied to the device the first time it is asked for (then kept); ``files``, ``close``
    and ``with`` as NumPy's."""

    def __init__(self, npz: Any) -> None:
        self._npz = npz
        self._ctx = _context.current()
        self._arrays: dict[str, Array] = {}

    @property
    def files(self) -> list[str]:
        return self._npz.files

    def __getitem__(self, key: str) -> Array:
        found = self._arrays.get(key)
        if found is None:
            found = self._arrays[key] = asarray_like(self._npz[key], self._ctx)
        return found

    def __contains__(self, key: object) -> bool:
        return key in self._npz

    def __iter__(self) -> Iterator[str]:
        return iter(self._npz)

    def __len__(self) -> int:
        return len(self._npz)

    def close(self) -> None:
        self._npz.close()

    def __enter__(self) -> NpzFile:
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"vulkit NpzFile of {self._npz!r}"


@named_errors
def save(file: Any, arr: Any, allow_pickle: bool = True) -> None:
    """NumPy's ``save``: ``arr`` (a vulkit array read back once, or host data) written to a ``.npy`` file."""
    np.save(file, _host(arr), allow_pickle=allow_pickle)


@named_errors
def load(file: Any, mmap_mode: str | None = None, allow_pickle: bool = False, fix_imports: bool = True,
         encoding: str = "ASCII", *, max_header_size: int = 10000) -> Any:
    """NumPy's ``load``: a ``.npy`` file's array as a vulkit array (of the file's type, TypeError for types
    vulkit lacks), a ``.npz`` file as an :class:`NpzFile` mapping names to vulkit arrays, a pickle (with
    ``allow_pickle``) as NumPy reads it. ``mmap_mode`` maps the file, whose data is then copied to the device."""
    found = np.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle, fix_imports=fix_imports,
                    encoding=encoding, max_header_size=max_header_size)
    if isinstance(found, np.lib.npyio.NpzFile):
        return NpzFile(found)
    return _on_device(found)


def _saved(saver: Callable[..., None]) -> Callable[..., None]:
    def write(file: Any, *args: Any, allow_pickle: bool = True, **kwds: Any) -> None:
        saver(file, *(_host(a) for a in args), allow_pickle=allow_pickle, **{k: _host(v) for k, v in kwds.items()})

    write.__name__ = write.__qualname__ = saver.__name__
    write.__doc__ = (f"NumPy's ``{saver.__name__}``: the arrays (vulkit arrays read back once each, or host data) "
                     f"written to one {'compressed ' if 'compressed' in saver.__name__ else ''}``.npz`` file, "
                     "positional ones as arr_0, arr_1 ..., keyword ones by their names.")
    return named_errors(write)


savez = _saved(np.savez)
savez_compressed = _saved(np.savez_compressed)


@named_errors
def savetxt(fname: Any, X: Any, fmt: Any = "%.18e", delimiter: str = " ", newline: str = "\n",  # noqa: N803
            header: str = "", footer: str = "", comments: str = "# ", encoding: str | None = None) -> None:
    """NumPy's ``savetxt``: a 1-d or 2-d array (a vulkit array read back once) written as text, each value
    formatted with ``fmt``."""
    np.savetxt(fname, _host(X), fmt=fmt, delimiter=delimiter, newline=newline, header=header, footer=footer,
               comments=comments, encoding=encoding)


@named_errors
def loadtxt(fname: Any, dtype: Any = float, comments: Any = "#", delimiter: str | None = None,
            converters: Any = None, skiprows: int = 0, usecols: Any = None, unpack: bool = False, ndmin: int = 0,
            encoding: str | None = None, max_rows: int | None = None, *, quotechar: str | None = None) -> Any:
    """NumPy's ``loadtxt``: the numbers of a text file, parsed by NumPy as ``dtype`` (the device's default float
    for ``float``), as a vulkit array (``unpack``: transposed, as NumPy's). Structured dtypes raise TypeError
    (vulkit has none)."""
    target = _device_type(dtype, _context.current())
    return _on_device(np.loadtxt(fname, dtype=target.np, comments=comments, delimiter=delimiter,
                                 converters=converters, skiprows=skiprows, usecols=usecols, unpack=unpack,
                                 ndmin=ndmin, encoding=encoding, max_rows=max_rows, quotechar=quotechar))


@named_errors
def genfromtxt(fname: Any, dtype: Any = float, comments: str = "#", delimiter: Any = None, skip_header: int = 0,
               skip_footer: int = 0, converters: Any = None, missing_values: Any = None, filling_values: Any = None,
               usecols: Any = None, unpack: bool | None = None, max_rows: int | None = None,
               encoding: str | None = None, *, ndmin: int = 0, **kwargs: Any) -> Any:
    """NumPy's ``genfromtxt``: a text file with missing values (filled with ``filling_values``, NaN for floats
    by default) parsed by NumPy, as a vulkit array; NumPy's other parameters (``autostrip``, ``invalid_raise``
    ...) as keywords. ``dtype=None`` lets NumPy pick the type; fields of several types (and ``names``) give
    structured arrays, which raise TypeError, and ``usemask=True`` raises NotImplementedError (vulkit has no
    masked arrays)."""
    if kwargs.get("usemask"):
        raise NotImplementedError("usemask=True: vulkit has no masked arrays")
    parsed = None if dtype is None else _device_type(dtype, _context.current()).np
    return _on_device(np.genfromtxt(fname, dtype=parsed, comments=comments, delimiter=delimiter,
                                    skip_header=skip_header, skip_footer=skip_footer, converters=converters,
                                    missing_values=missing_values, filling_values=filling_values, usecols=usecols,
                                    unpack=unpack, max_rows=max_rows, encoding=encoding, ndmin=ndmin, **kwargs))


# -- types and memory --------------------------------------------------------------------------------------------------
def isscalar(element: Any) -> bool:
    """NumPy's ``isscalar``: whether ``element`` is a Python or NumPy scalar (number, string, bytes ...); False
    for arrays, 0-d vulkit and NumPy arrays included."""
    return bool(np.isscalar(element))


def _type_of(value: Any) -> DType | np.dtype:
    """The vulkit dtype ``value`` names where vulkit has it, else NumPy's dtype (TypeError for neither)."""
    try:
        return dt.as_dtype(value)
    except TypeError:
        return np.dtype(value)


@named_errors
def promote_types(type1: Any, type2: Any) -> DType | np.dtype:
    """NumPy's ``promote_types``: the smallest type both types cast to safely (no weak scalars: ``int64`` with
    ``uint64`` gives float64). The answer is a vulkit dtype where vulkit has that type (bfloat16 promoting as in
    PyTorch, as vulkit's arithmetic does), else NumPy's dtype (strings, datetimes, structured types), so that
    host code ported from NumPy keeps working; vulkit's dtypes compare equal to NumPy's."""
    first, second = _type_of(type1), _type_of(type2)
    if isinstance(first, DType) and isinstance(second, DType):
        return dt.result_type2(first, second)
    if dt.bfloat16 in (first, second):
        raise TypeError(f"cannot promote {type1!r} with {type2!r}: bfloat16 promotes with vulkit's dtypes only")
    return _type_of(np.promote_types(*(t.np if isinstance(t, DType) else t for t in (first, second))))


@named_errors
def min_scalar_type(a: Any, /) -> DType | np.dtype:
    """NumPy's ``min_scalar_type``: the smallest type holding the scalar ``a``'s value (a 0-d vulkit array's is
    read back: the call waits for the GPU), or an array's own type. A vulkit dtype where vulkit has the type
    (float16 included, even where the device lacks it), else NumPy's dtype (see :func:`promote_types`)."""
    if isinstance(a, Array):
        if a.ndim:
            return a.dtype
        a = a.numpy()
    return _type_of(np.min_scalar_type(a))


_BASE_ADDRESS = 1 << 44  # where memory proxies say an allocation's buffer starts: above any byte offset below it


class _Memory:
    """A stand-in NumPy reads the memory of a vulkit view from: its byte offsets and strides from a made-up
    address, which nothing reads (NumPy's overlap solvers only compute with addresses)."""

    def __init__(self, x: Array) -> None:
        itemsize = x.dtype.itemsize
        self.__array_interface__ = {
            "data": (_BASE_ADDRESS + x._alloc.offset + x._offset * itemsize, True),
            "shape": x.shape,
            "strides": tuple(s * itemsize for s in x.strides),
            "typestr": f"|V{itemsize}",
            "version": 3,
        }


def _overlap(a: Any, b: Any, max_work: int, solver: Callable[..., bool]) -> bool:
    """NumPy's overlap ``solver`` (may_share_memory or shares_memory, with ``max_work``) of two vulkit views of
    one buffer, through stand-ins of their memory; False for views of different buffers, and between vulkit
    arrays and host data."""
    ours = isinstance(a, Array), isinstance(b, Array)
    if not any(ours):
        return bool(solver(a, b, max_work=max_work))
    if not all(ours) or a.size == 0 or b.size == 0:
        return False
    if a._alloc is not b._alloc and a._alloc.buffer is not b._alloc.buffer:
        return False
    return bool(solver(np.asarray(_Memory(a)), np.asarray(_Memory(b)), max_work=max_work))


@named_errors
def may_share_memory(a: Any, b: Any, /, max_work: int = 0) -> bool:
    """NumPy's ``may_share_memory``: False where a and b surely touch no common byte. Vulkit arrays: views of one
    device buffer whose byte ranges (first to last byte) overlap, as NumPy's bounds check (``max_work=0``); a
    larger ``max_work`` (or -1, exact) asks NumPy's solver, as NumPy's does. No sync, nothing read back."""
    return _overlap(a, b, max_work, np.may_share_memory)


@named_errors
def shares_memory(a: Any, b: Any, /, max_work: int = -1) -> bool:
    """NumPy's ``shares_memory``: whether some byte belongs to an element of both a and b, decided exactly (NumPy's
    solver of the views' offsets, strides and shapes; ``max_work`` bounds its work, exceeding it raises NumPy's
    TooHardError). Vulkit arrays share memory only as views of one device buffer; never with host data (NumPy
    views of mapped memory, from ``np.asarray(x, copy=False)``, are host data). No sync, nothing read back."""
    return _overlap(a, b, max_work, np.shares_memory)


# -- histograms and phases ---------------------------------------------------------------------------------------------
def _sample_columns(sample: Any) -> list[Array]:
    """histogramdd's ``sample`` as its D columns of N values: an (N, D) array's columns, else (a sequence of D
    arrays of N values, or N values) NumPy's ``atleast_2d(sample).T``'s."""
    if isinstance(sample, (list, tuple)) and any(isinstance(v, Array) for v in sample):
        x = stack([as_array(v, *sample) for v in sample])
    else:
        x = as_array(sample)
    if x.ndim == 2 and (isinstance(sample, (Array, np.ndarray))):
        return [x[:, i] for i in range(x.shape[1])]
    if x.ndim > 2:
        raise ValueError(f"sample must be an (N, D) array or a sequence of D arrays, not of {x.ndim} dimensions")
    rows = reshape(x, (1, -1)) if x.ndim < 2 else x
    return [rows[i] for i in range(rows.shape[0])]


@named_errors
def histogramdd(sample: Any, bins: Any = 10, range: Any = None, density: bool | None = None,  # noqa: A002
                weights: Any = None) -> tuple[Array, list[Array]]:
    """NumPy's ``histogramdd``: (H, edges), H counting (or summing the ``weights`` of) the N points of ``sample``
    (an (N, D) array, or a sequence of D arrays) in each D-dimensional bin, as float64, and the list of each
    axis's edges. ``bins``: a count, or a count or edges per axis; ``range``: a (min, max) or None per axis. Each
    axis's edges and bins as :func:`vulkit.histogram2d`'s (NumPy's: half-open bins, the last closed; outside and
    NaN left out), counted by one vt.bincount of the combined bin index. Synchronises (the data's range where
    the edges come from it, and the counts' size, are read back)."""
    columns = _sample_columns(sample)
    ndim = len(columns)
    if not ndim:
        raise ValueError("object of too small depth for desired array")
    if isinstance(bins, Array):
        bins = bins.numpy()
    try:
        if len(bins) != ndim:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    except TypeError:
        bins = ndim * [bins]
    if range is None:
        range = (None,) * ndim  # noqa: A001
    elif len(range) != ndim:
        raise ValueError("range argument must have one entry per dimension")
    edges = [_axis_edges(column, _host(bins[i]), range[i], i) for i, column in enumerate(columns)]
    nbins = [e.shape[0] - 1 for e in edges]
    total = math.prod(nbins)
    if total >= 1 << 63:
        raise ValueError("invalid dims: array size defined by dims is larger than the maximum possible size.")
    combined, inside, stride = None, None, 1
    for axis in reversed(builtins.range(ndim)):
        index, within = _bin_index(columns[axis], edges[axis])
        term = ew.multiply(index, stride)
        combined = term if combined is None else ew.add(combined, term)
        inside = within if inside is None else ew.logical_and(inside, within)
        stride *= nbins[axis]
    if weights is not None:
        weights = as_array(weights, columns[0])
    counts = bincount(ew.where(inside, combined, total), weights=weights, minlength=total + 1)[:total]
    ctx = columns[0]._ctx
    result = reshape(cast_to(counts, on_device(dt.float64, ctx), ctx), tuple(nbins))
    if density:  # NumPy's order: by each axis's bin widths (in the edges' type), then by the total
        count = rd.sum(result)
        for axis, e in enumerate(edges):
            widths = ew.subtract(e[1:], e[:-1])
            result = ew.divide(result, reshape(widths, tuple(n if a == axis else 1 for a, n in enumerate(nbins))))
        result = ew.divide(result, count)
    return result, edges


@named_errors
def unwrap(p: Any, discont: Any = None, axis: int = -1, *, period: Any = 2 * math.pi) -> Array:
    """NumPy's ``unwrap``: p with every jump between neighbours along ``axis`` larger than ``discont`` (default
    period / 2) brought into [-period/2, period/2] by adding multiples of ``period``, computed as NumPy's (the
    corrections from vt.remainder of vt.diff, summed by vt.cumsum). Integers with an integer period stay
    integers; typed as NumPy's (float64 for integers with the default period)."""
    p = as_array(p)
    period = _host(period)  # NumPy's type promotion and arithmetic of the period on the host
    dd = diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    dtype = _numpy_type(np.result_type(np.ones((), dd.dtype.np), period), p._ctx)
    period, discont = (v.item() if isinstance(v, (np.generic, np.ndarray)) else v for v in (period, discont))
    if dtype.kind in "iu":
        high, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        high, ambiguous = period / 2, True
    d = cast_to(dd, dtype, p._ctx)
    ddmod = ew.add(ew.remainder(ew.subtract(d, -high), period), -high)
    if ambiguous:  # jumps of exactly period / 2 keep their sign
        ddmod = ew.where(ew.logical_and(ew.equal(ddmod, -high), ew.greater(dd, 0)), high, ddmod)
    correction = ew.where(ew.less(ew.abs(dd), discont), 0, ew.subtract(ddmod, d))
    up = p.astype(dtype)
    later = tuple(slice(1, None) if a == axis % p.ndim else slice(None) for a in builtins.range(p.ndim))
    up[later] = ew.add(p[later], cumsum(correction, axis=axis))
    return up
