"""The Array: a strided view of a range of device memory, with the array API's attributes and operators.

An Array is (allocation, shape, strides, offset, dtype); strides and offset count elements. Basic
indexing makes views that share the allocation; the allocation returns to the caching allocator when
the last array using it is gone (and the GPU is done with it). Operators call the elementwise
functions of :mod:`vulkit.array.ops.elementwise`; nothing waits for the GPU except reading values
on the host (``numpy()``, ``__array__``, ``__bool__``/``__int__``/``__float__``/``__index__``,
``repr``, ``__dlpack__``).
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ..runtime import context as _context
from . import dtypes as dt
from . import numpy_protocols
from .dtypes import DType
from .layout import basic_index, contiguous_strides, is_contiguous, normalize_axes, size_of

_NAMESPACE: list[Any] = []  # the array API namespace (the ``vulkit`` module), named by it: see set_namespace


def set_namespace(module: Any) -> None:
    """Make ``module`` what ``Array.__array_namespace__`` returns (the top-level package calls this)."""
    _NAMESPACE[:] = [module]


class Device:
    """A vulkit device (array API ``device`` object): the Vulkan device of that index."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.index == self.index

    def __hash__(self) -> int:
        return hash(("vulkit.Device", self.index))

    def __repr__(self) -> str:
        return f"vulkit.Device({self.index})"


class Array:
    """An n-dimensional array in GPU memory (see the module docstring)."""

    __slots__ = ("_alloc", "_shape", "_strides", "_offset", "_dtype", "_ctx", "_size", "_contig", "__weakref__")
    __array_priority__ = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("create arrays with vulkit.asarray, vulkit.zeros, vulkit.empty, ...")

    # -- attributes ---------------------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        return self._shape

    @property
    def dtype(self) -> DType:
        return self._dtype

    @property
    def device(self) -> Device:
        return Device(self._ctx.index)

    @property
    def ndim(self) -> int:
        return len(self._shape)

    @property
    def size(self) -> int:
        return self._size

    @property
    def strides(self) -> tuple[int, ...]:
        """Strides in elements (NumPy's are in bytes)."""
        return self._strides

    @property
    def itemsize(self) -> int:
        return self._dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self._size * self._dtype.itemsize

    @property
    def real(self) -> Array:
        """The real parts, as NumPy's ``x.real``: a view of a complex array's memory (writing it writes x), x itself
        for real arrays."""
        if self._dtype.kind != "c":
            return self
        return _part_view(self, 0)

    @property
    def imag(self) -> Array:
        """The imaginary parts, as NumPy's ``x.imag``: a view of a complex array's memory; zeros (a new array) for
        real arrays."""
        if self._dtype.kind != "c":
            from .ops.creation import zeros

            return zeros(self._shape, dtype=self._dtype, device=self.device)
        return _part_view(self, 1)

    @property
    def T(self) -> Array:  # noqa: N802 - the array API's name
        """The transpose (all axes reversed)."""
        return view(self, self._shape[::-1], self._strides[::-1], self._offset)

    @property
    def mT(self) -> Array:  # noqa: N802 - the array API's name
        """The last two axes swapped."""
        shape, strides = self._shape, self._strides
        if len(shape) < 2:
            raise ValueError("mT needs an array of at least 2 dimensions")
        return view(self, (*shape[:-2], shape[-1], shape[-2]), (*strides[:-2], strides[-1], strides[-2]),
                    self._offset)

    def permute_dims(self, axes: tuple[int, ...]) -> Array:
        """A view with the axes in the order ``axes`` (a permutation of range(ndim), negative axes allowed)."""
        axes = normalize_axes(axes, self.ndim, "permute_dims")
        if len(axes) != self.ndim:
            raise ValueError(f"permute_dims: axes {axes} are not a permutation of the {self.ndim} axes")
        shape = tuple(self._shape[a] for a in axes)
        strides = tuple(self._strides[a] for a in axes)
        return view(self, shape, strides, self._offset)

    def reshape(self, *shape: Any, order: str = "C", copy: bool | None = None) -> Array:
        """The same elements in a new shape, in ``order`` ("C", or NumPy's "F" and "A"): a view wherever strides
        can express it, else a copy (:func:`vulkit.reshape`)."""
        from .ops.manipulation import reshape

        return reshape(self, shape[0] if len(shape) == 1 else shape, copy=copy, order=order)

    # -- host access ----------------------------------------------------------------------------------
    def _check_alive(self, function: str) -> None:
        """RuntimeError, naming ``function``, where the array's device was shut down since it was made."""
        if self._ctx.stream.closed:
            raise RuntimeError(f"{function}: the array's device ({self._ctx.index}) was shut down since it was made")

    def numpy(self) -> np.ndarray:
        """A NumPy copy of the values (waits for the GPU work that writes them)."""
        self._check_alive("numpy")
        source = self if self._contig else self.copy()
        result = np.empty(self._shape, dtype=self._dtype.np)
        if self._size:
            self._ctx.stream.read_into(source._alloc, result.reshape(-1).view(np.uint8),
                                       source._offset * self._dtype.itemsize)
        return result

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        """A NumPy copy (``copy=False``: the array's own host-visible memory, ValueError where that is not
        possible, as NumPy 2's protocol asks)."""
        if copy is False:
            if dtype is not None and np.dtype(dtype) != self._dtype.np:
                raise ValueError(f"converting {self._dtype.name} to {np.dtype(dtype)} needs a copy (copy=False)")
            if not self._host_visible():
                raise ValueError("the array's memory is not host-visible and coherent: NumPy needs a copy (copy=False)")
            return self._host_view()
        values = self.numpy()
        return values if dtype is None else values.astype(dtype, copy=False)

    def tolist(self) -> Any:
        self._check_alive("tolist")
        return numpy_protocols.host_values(self).tolist()

    def item(self, *args: Any) -> Any:
        """The element as a Python scalar: the only one (no arguments), at a flat index (an int) or at an index
        per axis (ints, or one tuple of them), as NumPy's ``item``; reads one element back."""
        self._check_alive("item")
        if not args:
            if self._size != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return numpy_protocols.host_values(self).reshape(()).item()
        index = args[0] if len(args) == 1 and isinstance(args[0], tuple) else args
        if len(index) == 1 and self.ndim != 1:
            flat = operator.index(index[0])
            if not -self._size <= flat < self._size:
                raise IndexError(f"item: index {flat} is out of bounds for size {self._size}")
            index = np.unravel_index(flat % self._size, self._shape)
        if len(index) != self.ndim:
            raise ValueError(f"item: incorrect number of indices for array of {self.ndim} dimensions")
        return self[tuple(operator.index(i) for i in index)].item()

    def __bool__(self) -> bool:
        if self._size == 0:
            raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that "
                             "an array is not empty.")
        if self._size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous.")
        return bool(self.item())

    def _scalar(self) -> Any:
        """The one element, for int(), float(), complex() (TypeError, as NumPy, for other sizes)."""
        if self._size != 1:
            raise TypeError("only length-1 arrays can be converted to Python scalars")
        return self.item()

    def __int__(self) -> int:
        return int(self._scalar())

    def __float__(self) -> float:
        return float(self._scalar())

    def __complex__(self) -> complex:
        return complex(self._scalar())

    def __index__(self) -> int:
        if self._dtype.kind not in "iu" or self._shape:
            raise TypeError("only integer scalar arrays can be converted to a scalar index, not an array of "
                            f"shape {self._shape} and dtype {self._dtype.name}")
        return operator.index(self.item())

    def __len__(self) -> int:
        if not self._shape:
            raise TypeError("len() of unsized object")
        return self._shape[0]

    def __iter__(self) -> Any:
        if not self._shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(self._shape[0]))

    def __repr__(self) -> str:
        return numpy_protocols.vulkit_repr(numpy_protocols.array_repr(self))

    def __str__(self) -> str:
        return str(numpy_protocols.host_values(self))

    def __format__(self, spec: str) -> str:
        values = numpy_protocols.host_values(self)
        return format(values.item() if self._size == 1 and not self._shape else values, spec)

    # -- interchange ----------------------------------------------------------------------------------
    def __array_namespace__(self, api_version: str | None = None) -> Any:
        if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"):
            raise ValueError(f"vulkit implements the array API 2025.12, not {api_version!r}")
        return _NAMESPACE[0]

    def _host_visible(self) -> bool:
        """Whether the host may share the array's memory: host-visible and coherent (host writes through a
        view of non-coherent memory would need flushes that nothing makes)."""
        buffer = self._alloc.buffer
        return buffer is not None and buffer.host_visible and buffer.host_coherent

    def _host_view(self) -> np.ndarray:
        """A NumPy array aliasing the mapped memory (host-visible arrays only), after a sync."""
        if not self._host_visible():
            raise BufferError("sharing the array's memory with the host needs host-visible, coherent memory; this "
                              "array's is not (ask for a copy)")
        buffer = self._alloc.buffer
        self._ctx.stream.synchronize()
        buffer.invalidate(self._alloc.offset, self._alloc.size)  # GPU writes seen on non-coherent memory too
        itemsize = self._dtype.itemsize
        raw = buffer.view(np.uint8, self._alloc.size, self._alloc.offset)
        interface = {
            "data": (raw.__array_interface__["data"][0] + self._offset * itemsize, False),
            "shape": self._shape,
            "strides": tuple(s * itemsize for s in self._strides),
            "typestr": "<u2" if self._dtype is dt.bfloat16 else self._dtype.np.str,  # bfloat16: viewed below
            "version": 3,
        }
        view = np.asarray(_Keeper(interface, self._alloc))
        return view.view(self._dtype.np) if self._dtype is dt.bfloat16 else view

    def __dlpack__(self, *, stream: Any = None, max_version: Any = None, dl_device: Any = None,
                   copy: bool | None = None) -> Any:
        """Export to the host (DLPack's kDLCPU): the array's own memory where it is host-visible, else a
        copy (``copy=True``: always a copy; ``copy=False``: never, BufferError when it is needed)."""
        if dl_device is not None and tuple(dl_device) != (1, 0):
            raise BufferError(f"vulkit exports to the host (device (1, 0)) only, not to {tuple(dl_device)}")
        if copy or (copy is None and not self._host_visible()):
            host = self.numpy()
        else:
            host = self._host_view()
        return host.__dlpack__() if max_version is None else host.__dlpack__(max_version=max_version)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)

    def to_device(self, device: Any, /, *, stream: Any = None) -> Array:
        """This array on ``device`` (a copy through the host when it is another device)."""
        if device is None or device == self.device:
            return self
        if device == "cpu":
            raise ValueError("vulkit arrays live on Vulkan devices; use numpy() for a host copy")
        if not isinstance(device, Device):
            raise TypeError(f"expected a vulkit.Device, got {device!r}")
        return upload(_context.get(device.index), self.numpy())

    # -- conversions ----------------------------------------------------------------------------------
    def astype(self, dtype: Any, order: str = "K", casting: str = "unsafe", subok: bool = True,
               copy: bool = True) -> Array:
        """The values converted to ``dtype`` (C-style casts, as NumPy's ``astype``). Complex to a real dtype raises
        TypeError, as the array API asks (NumPy drops the imaginary part): convert ``vt.real(x)`` or
        ``vt.imag(x)``; complex to bool is whether either part is nonzero. NumPy's ``casting`` rule is checked
        ("no", "equiv", "safe", "same_kind", "unsafe"); ``order`` and ``subok`` are accepted (the result is
        C-ordered)."""
        from .ops.engine import TABLE, apply

        target = dt.as_dtype(dtype)
        if casting not in dt.CASTINGS:
            raise ValueError(f"astype: casting must be one of {', '.join(map(repr, dt.CASTINGS))} (got {casting!r})")
        if not dt.castable(self._dtype, target, casting):
            raise TypeError(f"astype: cannot cast array data from {self._dtype.name} to {target.name} according to "
                            f"the rule {casting!r}")
        if target is self._dtype and not copy:
            return self
        if self._dtype.kind == "c" and target.kind in "iuf":
            raise TypeError(f"astype: casting {self._dtype.name} to {target.name} would drop the imaginary part; "
                            "convert vt.real(x) or vt.imag(x) instead")
        return apply(TABLE["copy"], (self,), dtype=target)

    def copy(self, order: str = "C") -> Array:
        """A copy, C-contiguous (NumPy's ``order``: "F" Fortran-contiguous, "A" Fortran where x is, "K" in the
        order x's elements lie in memory)."""
        if order != "C":
            from .ops.numpy_shapes import copy

            return copy(self, order)
        from .ops.engine import TABLE, apply

        return apply(TABLE["copy"], (self,), dtype=self._dtype)

    def view(self, dtype: Any = None, type: Any = None) -> Array:  # noqa: A002 - NumPy's name
        """NumPy's ``x.view(dtype)``: x's bytes read as ``dtype``, sharing its memory (see
        :func:`.reinterpret.view_as`)."""
        from .reinterpret import view_as

        return view_as(self, dtype, type)

    @property
    def flags(self) -> Any:
        """NumPy's flags of x's layout (:class:`.reinterpret.ArrayFlags`)."""
        from .reinterpret import ArrayFlags

        return ArrayFlags(self)

    def __copy__(self) -> Array:
        return self.copy()  # NumPy's copy.copy of an array is a new array

    def __deepcopy__(self, memo: dict[int, Any]) -> Array:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickling: the values (read back to the host), the dtype's name and the device's index; unpickled onto
        that device (bfloat16 travels as float32, which holds its values exactly)."""
        return _unpickle, (numpy_protocols.host_values(self), self._dtype.name, self._ctx.index)

    # -- indexing -----------------------------------------------------------------------------------
    def __getitem__(self, key: Any) -> Array:
        from .ops import indexing

        return indexing.getitem(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        from .ops import indexing

        indexing.setitem(self, key, value)

    __hash__ = None  # type: ignore[assignment]
    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """NumPy's ufuncs run on the GPU as vulkit's functions (see :mod:`.numpy_protocols`)."""
        return numpy_protocols.array_ufunc(_NAMESPACE[0], ufunc, method, inputs, kwargs)

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """NumPy's other functions raise TypeError naming the vulkit function (see :mod:`.numpy_protocols`)."""
        return numpy_protocols.array_function(_NAMESPACE[0], func)


def _part_view(x: Array, part: int) -> Array:
    """The real (``part`` 0) or imaginary (1) parts of the complex array x, a view of its memory."""
    strides = tuple(2 * s for s in x._strides)
    return _new(x._ctx, x._alloc, x._shape, strides, 2 * x._offset + part, x._dtype.component,
                is_contiguous(x._shape, strides), x._size)


class _Keeper:
    """Exports memory through ``__array_interface__`` and keeps its allocation alive; while it lives (it is
    the base of the NumPy views), the allocation counts a host view, and the stream finishes every write to
    it before the operation returns."""

    def __init__(self, interface: dict[str, Any], owner: Any) -> None:
        self.__array_interface__ = interface
        self.owner = owner
        owner.host_views += 1

    def __del__(self) -> None:
        self.owner.host_views -= 1


def _new(ctx: Any, alloc: Any, shape: tuple[int, ...], strides: tuple[int, ...], offset: int,
         dtype: DType, contig: bool, size: int | None = None) -> Array:
    """An Array object over ``alloc`` (``size``: the product of ``shape`` when the caller knows it)."""
    a = object.__new__(Array)
    a._alloc = alloc
    a._shape = shape
    a._strides = strides
    a._offset = offset
    a._dtype = dtype
    a._ctx = ctx
    a._size = size_of(shape) if size is None else size
    a._contig = contig
    return a


def _unpickle(values: np.ndarray, dtype: str, device: int) -> Array:
    from ..runtime import context

    return upload(context.get(device), values, dt.as_dtype(dtype))


def make_array(ctx: Any, shape: tuple[int, ...], dtype: DType) -> Array:
    """A new uninitialised contiguous array."""
    if dtype.name not in ctx.dtypes:
        dt.require_supported(dtype, ctx.dtypes, ctx.device.physical.name)
    size = size_of(shape)
    alloc = ctx.allocator.allocate(size * dtype.itemsize)
    return _new(ctx, alloc, shape, contiguous_strides(shape), 0, dtype, True)


def view(base: Array, shape: tuple[int, ...], strides: tuple[int, ...], offset: int) -> Array:
    """A view of ``base``'s memory."""
    return _new(base._ctx, base._alloc, shape, strides, offset, base._dtype, is_contiguous(shape, strides))


def basic_view(base: Array, key: tuple[Any, ...]) -> Array:
    shape, strides, offset = basic_index(base._shape, base._strides, base._offset, key)
    return view(base, shape, strides, offset)


def upload(ctx: Any, values: np.ndarray, dtype: DType | None = None) -> Array:
    """A new array holding a copy of the NumPy array ``values``."""
    dtype = dtype or dt.as_dtype(values.dtype)
    host = np.asarray(values, dtype=dtype.np, order="C") if dtype is not dt.bfloat16 \
        else numpy_protocols.bfloat16_words(values)  # ascontiguousarray would make 0-d arrays 1-d
    out = make_array(ctx, host.shape, dtype)
    if host.size:
        ctx.stream.write(out._alloc, host.reshape(-1).view(np.uint8))
    return out


def asarray_like(value: Any, ctx: Any, dtype: DType | None = None) -> Array:
    """An array from host data (NumPy array, NumPy scalar, nested lists, buffer) on ``ctx``'s device."""
    values = np.asarray(value)
    return upload(ctx, values, dtype or dt.as_dtype(values.dtype))
