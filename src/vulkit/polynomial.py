"""``vt.polynomial``: NumPy's ``numpy.polynomial`` package for power series, on the GPU: the class
:class:`Polynomial` (coefficients lowest power first, a domain mapped onto a window) and the functions of
``numpy.polynomial.polynomial`` (``vt.polynomial.polynomial.polyval``, ``polyfit``, ... ; here also
``vt.polynomial.polyval``). Chebyshev, Legendre, Laguerre, Hermite and HermiteE series are not provided.

Everything is computed on the device with vulkit's operations in NumPy's order of operations (Horner's rule,
:func:`vt.convolve`, long division, :func:`vt.linalg.lstsq` on the column-scaled Vandermonde matrix,
:func:`vt.linalg.eigvals` of the companion matrix). What reads back (waits for the device), where NumPy's result
depends on values: the trailing zeros that NumPy trims from coefficients (``polyadd``, ``polysub``, ``polymul``,
``polydiv``, ``polypow``, ``polyroots``, ``Polynomial.trim``), whether a divisor is zero, whether ``polyint`` of a
zero constant stays one coefficient, whether roots are real, whether ``polyline``'s slope is zero, ``==``, the
domain's ends for ``linspace``, and ``str``/``repr`` (formatted by NumPy's own ``Polynomial``). Results are vulkit
arrays typed as NumPy's (float64 for integers; float32 / complex64 in place of float64 / complex128 on a device
without float64), 0-d arrays where NumPy gives a scalar. Errors start with the name of the function or method
called (``"polyder: ..."``, ``"Polynomial.fit: ..."``). NumPy's class attributes ``Polynomial.domain`` and
``Polynomial.window`` are NumPy arrays; an instance's are vulkit arrays.
"""

from __future__ import annotations

import numbers
import operator
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array
from .array.layout import normalize_axes
from .array.ops import elementwise as ew
from .array.ops import reductions as rd
from .array.ops.creation import arange, asarray, default_float, eye, ones, zeros
from .array.ops.gather import take
from .array.ops.linalg_numpy import lstsq
from .array.ops.manipulation import moveaxis, reshape
from .array.ops.moving import concat, stack
from .array.ops.named_errors import named_errors, naming_errors
from .array.ops.numpy_common import as_array, by_parts, cast_to, from_parts
from .array.ops.numpy_misc import _eigenvalues, common_type
from .array.ops.numpy_signal import convolve
from .array.ops.sorting import sort

__all__ = ["Polynomial", "polynomial", "polyval", "polyval2d", "polyvander", "polyfit", "polyder", "polyint",
           "polyadd", "polysub", "polymul", "polydiv", "polypow", "polyroots", "polyfromroots", "polyline"]

polynomial = sys.modules[__name__]  # vt.polynomial.polynomial: NumPy's module of the power-series functions

_PYTHON_SCALARS = (bool, int, float, complex)


# -- helpers (NumPy's polyutils) -----------------------------------------------------------------------------------
def _at_least_1d(value: Any, *like: Any) -> Array:
    x = as_array(value, *like)
    return reshape(x, (1,)) if x.ndim == 0 else x


def _trimseq(c: Array) -> Array:
    """c without its trailing zeros, leaving at least one coefficient (their count read back)."""
    n = c.shape[0]
    if n == 0:
        return c
    positions = ew.where(ew.not_equal(c, 0), arange(1, n + 1, device=c.device), 0)
    return c[:max(int(rd.max(positions)), 1)]


def _series(values: Sequence[Any], trim: bool = True) -> list[Array]:
    """NumPy's ``as_series``: 1-d copies of a common floating type (integers as float64), trailing zeros trimmed."""
    arrays = [_at_least_1d(v, *values) for v in values]
    if any(a.size == 0 for a in arrays):
        raise ValueError("Coefficient array is empty")
    if any(a.ndim != 1 for a in arrays):
        raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [_trimseq(a) for a in arrays]
    try:
        dtype = common_type(*arrays)
    except TypeError:
        raise ValueError("Coefficient arrays have no common type") from None
    return [a.astype(dtype) for a in arrays]


def _as_int(x: Any, desc: str) -> int:
    try:
        return operator.index(x)
    except TypeError as error:
        raise TypeError(f"{desc} must be an integer, received {x}") from error


def _floats(c: Any) -> Array:
    """c (at least 1-d) with integers and booleans as float64, as NumPy's ``c + 0.0``."""
    c = _at_least_1d(c)
    return ew.add(c, 0.0) if c.dtype.kind in "biu" else c


def _ndim(value: Any) -> int:
    return value.ndim if isinstance(value, Array) else np.ndim(value)


def _mapparms(old: Array, new: Array) -> tuple[Array, Array]:
    """Offset and scale of the linear map of the interval ``old`` onto ``new`` (NumPy's ``mapparms``)."""
    old_length = ew.subtract(old[1], old[0])
    offset = ew.divide(ew.subtract(ew.multiply(old[1], new[0]), ew.multiply(old[0], new[1])), old_length)
    return offset, ew.divide(ew.subtract(new[1], new[0]), old_length)


def _mapdomain(x: Any, old: Array, new: Array) -> Any:
    """x mapped linearly from ``old`` onto ``new`` (a Polynomial composed with the map)."""
    if not isinstance(x, (*_PYTHON_SCALARS, Polynomial)):
        x = as_array(x, old)
    offset, scale = _mapparms(old, new)
    return offset + scale * x


def _vector(*values: Any) -> Array:
    """NumPy's ``np.array([values...])`` of scalars and 0-d arrays (array promotion: Python ints count as int64)."""
    arrays = [as_array(v, *values) for v in values]
    dtype = dt.result_type(*arrays)
    return concat([reshape(a.astype(dtype, copy=False), (1,)) for a in arrays])


def _along_first(powers: Array, ndim: int) -> Array:
    """``powers`` (1-d) shaped to broadcast along the first axis of an array of ``ndim`` dimensions."""
    return reshape(powers, (powers.shape[0],) + (1,) * (ndim - 1))


# -- the power-series functions (numpy.polynomial.polynomial) ------------------------------------------------------
@named_errors
def polyline(off: Any, scl: Any) -> Array:
    """The series ``off + scl*x`` ([off] where scl is zero: read back where scl is an array)."""
    return _vector(off, scl) if bool(scl != 0) else _vector(off)


@named_errors
def polyval(x: Any, c: Any, tensor: bool = True) -> Any:
    """The series with coefficients c (lowest power first) at x by Horner's rule, as NumPy's: for a
    multidimensional c and array x (``tensor``), every column of c at every x (shape c.shape[1:] + x.shape)."""
    c = _floats(as_array(c, x))
    if isinstance(x, (list, tuple, np.ndarray, Array)):
        x = as_array(x, c)
        if tensor:
            c = reshape(c, c.shape + (1,) * x.ndim)
    elif isinstance(x, np.generic):  # a strongly typed scalar, not broadcast as an array
        x = as_array(x, c)
    result = c[-1] + x * 0
    for i in range(2, c.shape[0] + 1):
        result = c[-i] + result * x
    return result


@named_errors
def polyval2d(x: Any, y: Any, c: Any) -> Array:
    """The 2-d series ``sum c[i, j] x**i y**j`` at the points (x, y) (of one shape)."""
    x = as_array(x, y, c)
    y = as_array(y, x)
    if x.shape != y.shape:
        raise ValueError("x, y are incompatible")
    return polyval(y, polyval(x, c), tensor=False)


@named_errors
def polyvander(x: Any, deg: int) -> Array:
    """The Vandermonde matrix of x: x's shape plus a last axis of the powers 0 to deg, as running products."""
    ideg = _as_int(deg, "deg")
    if ideg < 0:
        raise ValueError("deg must be non-negative")
    x = ew.add(_at_least_1d(x), 0.0)
    columns = [ew.add(ew.multiply(x, 0), 1)]
    if ideg > 0:
        columns.append(x)
        for _ in range(2, ideg + 1):
            columns.append(ew.multiply(columns[-1], x))
    return stack(columns, axis=-1)


@named_errors
def polyfit(x: Any, y: Any, deg: Any, rcond: float | None = None, full: bool = False, w: Any = None) -> Any:
    """The least-squares series of degree ``deg`` (or of the listed powers only) through (x, y), lowest power
    first, as NumPy computes it: the weighted Vandermonde matrix's columns scaled to unit norm,
    :func:`vt.linalg.lstsq`, the scale undone. ``full``: also [residuals, rank, singular values, rcond]; NumPy's
    RankWarning where the rank is below the number of coefficients."""
    x = ew.add(as_array(x, y, w), 0.0)
    y = ew.add(as_array(y, x), 0.0)
    powers = np.asarray(deg.numpy() if isinstance(deg, Array) else deg)
    if powers.ndim > 1 or powers.dtype.kind not in "iu" or powers.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if powers.min() < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if powers.ndim == 0:
        lmax = int(powers)
        order = lmax + 1
        lhs = polyvander(x, lmax)
    else:
        powers = np.sort(powers)
        lmax, order = int(powers[-1]), powers.shape[0]
        lhs = take(polyvander(x, lmax), asarray(powers, device=x.device), axis=1)
    rhs = y
    if w is not None:
        w = ew.add(as_array(w, x), 0.0)
        if w.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if w.shape[0] != x.shape[0]:
            raise TypeError("expected x and w to have same length")
        lhs = ew.multiply(lhs, reshape(w, (-1, 1)))
        rhs = ew.multiply(rhs, reshape(w, (-1,) + (1,) * (rhs.ndim - 1)))
    if rcond is None:
        rcond = x.shape[0] * float(np.finfo(x.dtype.np).eps)
    squares = by_parts(lhs, ew.square)
    squares = ew.add(ew.real(squares), ew.imag(squares)) if squares.dtype.kind == "c" else squares
    scale = ew.sqrt(rd.sum(squares, axis=0))
    scale = ew.where(ew.equal(scale, 0), 1, scale)
    dtype = dt.result_type(lhs, rhs)
    c, residuals, rank, singular = lstsq(ew.divide(lhs, scale).astype(dtype, copy=False),
                                         rhs.astype(dtype, copy=False), rcond)
    c = ew.divide(c, _along_first(scale, c.ndim))
    if powers.ndim > 0:
        expanded = zeros((lmax + 1, *c.shape[1:]), dtype=c.dtype, device=c.device)
        for i, power in enumerate(powers.tolist()):
            expanded[power] = c[i]
        c = expanded
    if rank != order and not full:
        warnings.warn("The fit may be poorly conditioned", np.exceptions.RankWarning, stacklevel=3)
    return (c, [residuals, rank, singular, rcond]) if full else c


@named_errors
def polyder(c: Any, m: int = 1, scl: Any = 1, axis: int = 0) -> Array:
    """The m-th derivative along ``axis``, each multiplied by ``scl`` (in c's type; integers as float64)."""
    c = _floats(c).copy()
    dtype = c.dtype
    count = _as_int(m, "the order of derivation")
    iaxis = _as_int(axis, "the axis")
    if count < 0:
        raise ValueError("The order of derivation must be non-negative")
    (iaxis,) = normalize_axes(iaxis, c.ndim)
    if count == 0:
        return c
    c = moveaxis(c, iaxis, 0)
    n = c.shape[0]
    if count >= n:
        c = ew.multiply(c[:1], 0)
    else:
        for _ in range(count):
            n -= 1
            c = cast_to(ew.multiply(c, scl), dtype, c._ctx)
            powers = _along_first(arange(1, n + 1, dtype=dtype.component, device=c.device), c.ndim)
            c = by_parts(c[1:], lambda part, powers=powers: ew.multiply(part, powers))
    return moveaxis(c, 0, iaxis)


@named_errors
def polyint(c: Any, m: int = 1, k: Any = (), lbnd: Any = 0, scl: Any = 1, axis: int = 0) -> Array:
    """The m-th antiderivative along ``axis``, each multiplied by ``scl``, with the value k[i] at ``lbnd`` (in c's
    type; integers as float64). Whether a one-coefficient series is zero is read back (it stays one coefficient)."""
    c = _floats(c).copy()
    dtype = c.dtype
    constants = list(k) if np.iterable(k) else [k]
    count = _as_int(m, "the order of integration")
    iaxis = _as_int(axis, "the axis")
    if count < 0:
        raise ValueError("The order of integration must be non-negative")
    if len(constants) > count:
        raise ValueError("Too many integration constants")
    if _ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if _ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    (iaxis,) = normalize_axes(iaxis, c.ndim)
    if count == 0:
        return c
    constants += [0] * (count - len(constants))
    c = moveaxis(c, iaxis, 0)
    ctx = c._ctx
    for constant in constants:
        n = c.shape[0]
        c = cast_to(ew.multiply(c, scl), dtype, ctx)
        if n == 1 and bool(rd.all(ew.equal(c[0], 0))):
            c = cast_to(ew.add(c, constant), dtype, ctx)
            continue
        powers = _along_first(arange(2, n + 1, dtype=dtype.component, device=c.device), c.ndim)
        higher = by_parts(c[1:], lambda part, powers=powers: ew.divide(part, powers))
        c = concat([ew.multiply(c[:1], 0), c[:1], higher])
        first = cast_to(ew.add(c[:1], ew.subtract(constant, polyval(lbnd, c))), dtype, ctx)
        c = concat([first, c[1:]])
    return moveaxis(c, 0, iaxis)


def _combined(c1: Any, c2: Any, operation: Callable[[Array, Array], Array], tail: Callable[[Array], Array]) -> Array:
    """NumPy's ``_add`` / ``_sub``: the common powers combined, the longer series' other coefficients after them
    as they are (``tail`` of the second's: negated for a difference), trailing zeros trimmed."""
    c1, c2 = _series([c1, c2])
    n = min(c1.shape[0], c2.shape[0])
    rest = c1[n:] if c1.shape[0] > n else tail(c2[n:])
    return _trimseq(concat([operation(c1[:n], c2[:n]), rest]))


@named_errors
def polyadd(c1: Any, c2: Any) -> Array:
    """The sum of two series (trailing zeros trimmed)."""
    return _combined(c1, c2, ew.add, lambda rest: rest)


@named_errors
def polysub(c1: Any, c2: Any) -> Array:
    """The difference of two series (trailing zeros trimmed)."""
    return _combined(c1, c2, ew.subtract, ew.negative)


@named_errors
def polymul(c1: Any, c2: Any) -> Array:
    """The product of two series, :func:`vt.convolve` of their coefficients (trailing zeros trimmed)."""
    c1, c2 = _series([c1, c2])
    return _trimseq(convolve(c1, c2))


@named_errors
def polydiv(c1: Any, c2: Any) -> tuple[Array, Array]:
    """Quotient and remainder of c1 / c2 by NumPy's long division (ZeroDivisionError for a zero c2)."""
    c1, c2 = _series([c1, c2])
    if bool(c2[-1] == 0):
        raise ZeroDivisionError("division by the zero series")
    n1, n2 = c1.shape[0], c2.shape[0]
    if n1 < n2:
        return ew.multiply(c1[:1], 0), c1
    if n2 == 1:
        return ew.divide(c1, c2[-1]), ew.multiply(c1[:1], 0)
    scale = c2[-1]
    c2 = ew.divide(c2[:-1], scale)
    i, j = n1 - n2, n1 - 1
    while i >= 0:
        c1[i:j] = ew.subtract(c1[i:j], ew.multiply(c2, c1[j]))
        i, j = i - 1, j - 1
    return ew.divide(c1[j + 1:], scale), _trimseq(c1[:j + 1])


@named_errors
def polypow(c: Any, pow: Any, maxpower: int | None = None) -> Array:  # noqa: A002 - NumPy's name
    """c to the power ``pow`` (a non-negative integer, at most ``maxpower``) by repeated :func:`vt.convolve`."""
    (c,) = _series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    if power == 0:
        return ones((1,), dtype=c.dtype, device=c.device)
    product = c
    for _ in range(power - 1):
        product = convolve(product, c)
    return product


@named_errors
def polyroots(c: Any) -> Array:
    """The zeros of the series, the sorted eigenvalues (:func:`vt.linalg.eigvals`) of its companion matrix
    (reversed, as NumPy's); real where the series is real and all imaginary parts are zero (read back)."""
    (c,) = _series([c])
    n = c.shape[0]
    if n < 2:
        return zeros((0,), dtype=c.dtype, device=c.device)
    if n == 2:
        return reshape(ew.negative(ew.divide(c[0], c[1])), (1,))
    companion = eye(n - 1, k=-1, dtype=c.dtype, device=c.device)
    companion[:, -1] = ew.subtract(companion[:, -1], ew.divide(c[:-1], c[-1]))
    return sort(_eigenvalues(companion[::-1, ::-1]))


@named_errors
def polyfromroots(roots: Any) -> Array:
    """The monic series with the given zeros: the product of (x - root) for the sorted roots, multiplied
    pairwise as NumPy's."""
    roots = as_array(roots)
    if roots.ndim == 0:
        raise TypeError("len() of unsized object")
    if roots.shape[0] == 0:
        return ones((1,), dtype=default_float(roots._ctx), device=roots.device)
    (found,) = _series([roots], trim=False)
    found = sort(found)
    factors = [polyline(ew.negative(found[i]), 1) for i in range(found.shape[0])]
    while len(factors) > 1:
        half, odd = divmod(len(factors), 2)
        product = [convolve(factors[i], factors[i + half]) for i in range(half)]
        if odd:
            product[0] = convolve(product[0], factors[-1])
        factors = product
    return factors[0]


def _constant(values: tuple[Any, ...]) -> Callable[[], Array]:
    return lambda: asarray(np.array(values))


_CONSTANTS = {"polydomain": _constant((-1.0, 1.0)), "polyzero": _constant((0,)), "polyone": _constant((1,)),
              "polyx": _constant((0, 1))}


def __getattr__(name: str) -> Array:
    """``polydomain``, ``polyzero``, ``polyone`` and ``polyx``: NumPy's constant series, made on the current
    device where asked for."""
    if name in _CONSTANTS:
        return _CONSTANTS[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- the class -----------------------------------------------------------------------------------------------------
def _interval(value: Any, like: Array, kind: str) -> Array:
    (found,) = _series([as_array(value, like)], trim=False)
    if found.shape[0] != 2:
        raise ValueError(f"{kind} has wrong number of elements.")
    return found


def _part(found: Any, index: int) -> Any:
    """Quotient (0) or remainder (1) of a divmod's result, or NotImplemented."""
    return found if found is NotImplemented else found[index]


def _same(a: Array, b: Array) -> bool:
    return a.shape == b.shape and bool(rd.all(ew.equal(a, b)))


class Polynomial:
    """NumPy's ``numpy.polynomial.Polynomial``: a power series with coefficients ``coef`` (lowest power first), its
    argument mapped linearly from ``domain`` onto ``window`` (both [-1, 1] by default) before evaluation."""

    domain = np.array([-1.0, 1.0])
    window = np.array([-1.0, 1.0])
    maxpower = 100
    basis_name = None
    __hash__ = None  # type: ignore[assignment]
    __array_ufunc__ = None

    def __init__(self, coef: Any, domain: Any = None, window: Any = None, symbol: str = "x") -> None:
        with naming_errors("Polynomial"):
            (self.coef,) = _series([coef], trim=False)
            self.domain = _interval(type(self).domain if domain is None else domain, self.coef, "Domain")
            self.window = _interval(type(self).window if window is None else window, self.coef, "Window")
            if not isinstance(symbol, str):
                raise TypeError("Symbol must be a non-empty string")
            if not symbol.isidentifier():
                raise ValueError("Symbol string must be a valid Python identifier")
            self._symbol = symbol

    @property
    def symbol(self) -> str:
        """The variable's name in ``str(p)``."""
        return self._symbol

    def _like(self, coef: Any) -> Polynomial:
        return type(self)(coef, self.domain, self.window, self._symbol)

    # -- host views ----------------------------------------------------------------------------------------------
    def _host(self) -> np.polynomial.Polynomial:
        """NumPy's Polynomial of the values read back (for NumPy's own text formatting)."""
        return np.polynomial.Polynomial(self.coef.numpy(), self.domain.numpy(), self.window.numpy(), self._symbol)

    def __repr__(self) -> str:
        return repr(self._host()).replace("Polynomial(", f"{type(self).__name__}(", 1)

    def __str__(self) -> str:
        return str(self._host())

    def __format__(self, fmt_str: str) -> str:
        return format(self._host(), fmt_str)

    # -- evaluation ----------------------------------------------------------------------------------------------
    def __call__(self, arg: Any) -> Any:
        """The series at ``arg`` mapped from the domain onto the window (a Polynomial: the composition)."""
        with naming_errors("Polynomial"):
            return polyval(_mapdomain(arg, self.domain, self.window), self.coef)

    def mapparms(self) -> tuple[Array, Array]:
        """Offset and scale (0-d arrays) of the linear map of the domain onto the window."""
        return _mapparms(self.domain, self.window)

    def linspace(self, n: int = 100, domain: Any = None) -> tuple[Array, Array]:
        """``n`` evenly spaced points of the domain (or ``domain``; its ends read back, as :func:`vt.linspace`
        computes on the host) and the series' values there."""
        with naming_errors("Polynomial.linspace"):
            ends = self.domain if domain is None else as_array(domain, self.coef)
            x = asarray(np.linspace(*ends.numpy()[:2].tolist(), n), device=self.coef.device)
            return x, self(x)

    # -- properties of the series --------------------------------------------------------------------------------
    def degree(self) -> int:
        """The degree: the number of coefficients less one."""
        return self.coef.shape[0] - 1

    def __len__(self) -> int:
        return self.coef.shape[0]

    def __iter__(self) -> Iterator[Array]:
        return iter(self.coef)

    def copy(self) -> Polynomial:
        """A copy (of the coefficients, domain and window)."""
        return self._like(self.coef)

    def has_samecoef(self, other: Polynomial) -> bool:
        """Whether the coefficients are equal (one flag read back)."""
        return _same(self.coef, other.coef)

    def has_samedomain(self, other: Polynomial) -> bool:
        """Whether the domains are equal (one flag read back)."""
        return _same(self.domain, other.domain)

    def has_samewindow(self, other: Polynomial) -> bool:
        """Whether the windows are equal (one flag read back)."""
        return _same(self.window, other.window)

    def has_sametype(self, other: object) -> bool:
        """Whether other is of this class."""
        return isinstance(other, type(self))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, type(self)) and self.has_samedomain(other) and self.has_samewindow(other)
                and self.has_samecoef(other) and self._symbol == other._symbol)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    # -- arithmetic ----------------------------------------------------------------------------------------------
    def _coefficients(self, other: Any) -> Any:
        """other's coefficients (checked to be of this class, domain, window and symbol), or other itself."""
        if not isinstance(other, Polynomial):
            return other
        with naming_errors("Polynomial"):
            if not isinstance(other, type(self)):
                raise TypeError("Polynomial types differ")
            if not self.has_samedomain(other):
                raise TypeError("Domains differ")
            if not self.has_samewindow(other):
                raise TypeError("Windows differ")
            if self._symbol != other._symbol:
                raise ValueError("Polynomial symbols differ")
        return other.coef

    def _apply(self, function: Callable[[Any, Any], Any], first: Any, second: Any) -> Any:
        """``function`` of the coefficients as a series like this one; NotImplemented where the other operand is
        not a series (as NumPy's); a zero divisor raises."""
        try:
            with naming_errors("Polynomial"):
                found = function(first, second)
        except ZeroDivisionError:
            raise
        except Exception:  # noqa: BLE001 - NumPy's protocol: let the other operand try
            return NotImplemented
        return tuple(self._like(c) for c in found) if isinstance(found, tuple) else self._like(found)

    def __neg__(self) -> Polynomial:
        return self._like(ew.negative(self.coef))

    def __pos__(self) -> Polynomial:
        return self

    def __add__(self, other: Any) -> Polynomial:
        return self._apply(polyadd, self.coef, self._coefficients(other))

    def __radd__(self, other: Any) -> Polynomial:
        return self._apply(polyadd, other, self.coef)

    def __sub__(self, other: Any) -> Polynomial:
        return self._apply(polysub, self.coef, self._coefficients(other))

    def __rsub__(self, other: Any) -> Polynomial:
        return self._apply(polysub, other, self.coef)

    def __mul__(self, other: Any) -> Polynomial:
        return self._apply(polymul, self.coef, self._coefficients(other))

    def __rmul__(self, other: Any) -> Polynomial:
        return self._apply(polymul, other, self.coef)

    def __divmod__(self, other: Any) -> tuple[Polynomial, Polynomial]:
        return self._apply(polydiv, self.coef, self._coefficients(other))

    def __rdivmod__(self, other: Any) -> tuple[Polynomial, Polynomial]:
        return self._apply(polydiv, other, self.coef)

    def __floordiv__(self, other: Any) -> Polynomial:
        return _part(self.__divmod__(other), 0)

    def __rfloordiv__(self, other: Any) -> Polynomial:
        return _part(self.__rdivmod__(other), 0)

    def __mod__(self, other: Any) -> Polynomial:
        return _part(self.__divmod__(other), 1)

    def __rmod__(self, other: Any) -> Polynomial:
        return _part(self.__rdivmod__(other), 1)

    def __truediv__(self, other: Any) -> Polynomial:
        """Division by a number (a series divides only with ``//``, ``%`` and ``divmod``)."""
        if not isinstance(other, numbers.Number) or isinstance(other, bool):
            raise TypeError(f"Polynomial: unsupported types for true division: '{type(self)}', '{type(other)}'")
        return self.__floordiv__(other)

    def __pow__(self, other: Any) -> Polynomial:
        with naming_errors("Polynomial"):
            return self._like(polypow(self.coef, other, maxpower=self.maxpower))

    # -- calculus and roots --------------------------------------------------------------------------------------
    def deriv(self, m: int = 1) -> Polynomial:
        """The m-th derivative (with respect to the domain's variable)."""
        with naming_errors("Polynomial.deriv"):
            return self._like(polyder(self.coef, m, self.mapparms()[1]))

    def integ(self, m: int = 1, k: Any = (), lbnd: Any = None) -> Polynomial:
        """The m-th antiderivative, with the values ``k`` at ``lbnd`` (default 0)."""
        with naming_errors("Polynomial.integ"):
            offset, scale = self.mapparms()
            lbnd = 0 if lbnd is None else ew.add(offset, ew.multiply(scale, lbnd))
            return self._like(polyint(self.coef, m, k, lbnd, ew.divide(1.0, scale)))

    def roots(self) -> Array:
        """The zeros (:func:`polyroots`, mapped from the window back onto the domain)."""
        with naming_errors("Polynomial.roots"):
            return _mapdomain(polyroots(self.coef), self.window, self.domain)

    # -- coefficients --------------------------------------------------------------------------------------------
    def trim(self, tol: float = 0) -> Polynomial:
        """The series without trailing coefficients of magnitude at most ``tol`` (their count read back)."""
        with naming_errors("Polynomial.trim"):
            if tol < 0:
                raise ValueError("tol must be non-negative")
            (c,) = _series([self.coef])
            n = c.shape[0]
            positions = ew.where(ew.greater(ew.abs(c), tol), arange(1, n + 1, device=c.device), 0)
            kept = int(rd.max(positions))
            return self._like(c[:kept] if kept else ew.multiply(c[:1], 0))

    def truncate(self, size: int) -> Polynomial:
        """The series of its first ``size`` coefficients."""
        isize = int(size)
        if isize != size or isize < 1:
            raise ValueError("Polynomial.truncate: size must be a positive integer")
        return self._like(self.coef[:isize])

    def cutdeg(self, deg: int) -> Polynomial:
        """The series truncated to degree ``deg``."""
        try:
            return self.truncate(deg + 1)
        except ValueError:
            raise ValueError("Polynomial.cutdeg: deg must be a non-negative integer") from None

    def convert(self, domain: Any = None, kind: type | None = None, window: Any = None) -> Polynomial:
        """The same function as a series of ``kind`` (this class) with another domain and window (default the
        class's)."""
        kind = type(self) if kind is None else kind
        with naming_errors("Polynomial.convert"):
            return self(kind.identity(domain, window=window, symbol=self._symbol))

    # -- constructors --------------------------------------------------------------------------------------------
    @classmethod
    def fit(cls, x: Any, y: Any, deg: Any, domain: Any = None, rcond: float | None = None, full: bool = False,
            w: Any = None, window: Any = None, symbol: str = "x") -> Any:
        """The least-squares series of degree ``deg`` through (x, y) (:func:`polyfit` of x mapped from ``domain``,
        default x's extent, onto ``window``); ``full``: also [residuals, rank, singular values, rcond]."""
        with naming_errors("Polynomial.fit"):
            x = as_array(x, y, w)
            if domain is None:
                domain = _extent(x, widen=True)
            elif type(domain) is list and len(domain) == 0:
                domain = cls.domain
            domain = _interval(domain, x, "Domain")
            window = _interval(cls.window if window is None else window, x, "Window")
            found = polyfit(_mapdomain(x, domain, window), y, deg, rcond=rcond, full=full, w=w)
            coef = found[0] if full else found
            fitted = cls(coef, domain=domain, window=window, symbol=symbol)
            return (fitted, found[1]) if full else fitted

    @classmethod
    def fromroots(cls, roots: Any, domain: Any = (), window: Any = None, symbol: str = "x") -> Polynomial:
        """The monic series with the given zeros (``domain=None``: the roots' extent)."""
        with naming_errors("Polynomial.fromroots"):
            (roots,) = _series([roots], trim=False)
            if domain is None:
                domain = _extent(roots, widen=False)
            elif len(domain) == 0:
                domain = cls.domain
            domain = _interval(domain, roots, "Domain")
            window = _interval(cls.window if window is None else window, roots, "Window")
            offset, scale = _mapparms(domain, window)
            coef = ew.divide(polyfromroots(ew.add(offset, ew.multiply(scale, roots))), ew.pow(scale, roots.shape[0]))
            return cls(coef, domain=domain, window=window, symbol=symbol)

    @classmethod
    def identity(cls, domain: Any = None, window: Any = None, symbol: str = "x") -> Polynomial:
        """The series x (mapped: its values equal its argument over the domain)."""
        with naming_errors("Polynomial.identity"):
            domain = _interval(cls.domain if domain is None else domain, None, "Domain")
            window = _interval(cls.window if window is None else window, domain, "Window")
            offset, scale = _mapparms(window, domain)
            return cls(polyline(offset, scale), domain, window, symbol)

    @classmethod
    def basis(cls, deg: int, domain: Any = None, window: Any = None, symbol: str = "x") -> Polynomial:
        """The series x**deg."""
        ideg = int(deg)
        if ideg != deg or ideg < 0:
            raise ValueError("Polynomial.basis: deg must be non-negative integer")
        return cls([0] * ideg + [1], domain, window, symbol)


def _extent(x: Array, widen: bool) -> Array:
    """NumPy's ``getdomain``: [min, max] of x (of each part for complex x, as one complex number each); ``widen``
    (as ``fit``): [min - 1, max + 1] where they are equal."""
    (x,) = _series([x], trim=False)

    def ends(part: Array) -> Array:
        return stack([rd.min(part), rd.max(part)])

    found = from_parts(ends(ew.real(x)), ends(ew.imag(x)), x.dtype) if x.dtype.kind == "c" else ends(x)
    if not widen:
        return found
    widened = ew.add(found, asarray([-1.0, 1.0], dtype=found.dtype.component, device=found.device))
    return ew.where(ew.equal(found[0], found[1]), widened, found)
