"""NumPy's legacy polynomial class ``vt.poly1d`` (coefficients highest power first), for code ported from NumPy as
written: ``vt.poly1d(vt.polyfit(x, y, 2))(x_new)``.

The coefficients are a vulkit array, and everything is computed on the device with the legacy functions of
:mod:`numpy_misc` (``poly``, ``polyadd``, ``polysub``, ``polymul``, ``polydiv``, ``polyder``, ``polyint``, ``roots``)
and :func:`vt.polyval`, in NumPy's order of operations. What reads back (waits for the device): making a poly1d
(its leading zeros, dropped as NumPy's), ``==`` and ``!=`` (one flag), ``roots`` (as :func:`vt.roots`), and
``str``/``repr`` (the coefficients, formatted by NumPy's own ``poly1d``). Where NumPy returns a scalar (a coefficient
by ``p[i]``, a value at a scalar), the result is a 0-d vulkit array. Errors start with ``poly1d`` (``"poly1d.deriv:
..."`` for a method).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import numpy as np

from ..array import Array
from . import elementwise as ew
from . import reductions as rd
from .creation import zeros
from .moving import concat
from .named_errors import naming_errors
from .numpy_misc import _trimmed, poly, polyadd, polyder, polydiv, polyint, polymul, polysub, roots
from .numpy_signal import polyval

__all__ = ["poly1d"]

_Function = TypeVar("_Function", bound=Callable[..., Any])


def _named(name: str) -> Callable[[_Function], _Function]:
    """A method whose errors' messages start with ``name``."""

    def decorate(function: _Function) -> _Function:
        @functools.wraps(function)
        def named(*args: Any, **kwargs: Any) -> Any:
            with naming_errors(name):
                return function(*args, **kwargs)

        return named  # type: ignore[return-value]

    return decorate


def _is_scalar(value: Any) -> bool:
    """NumPy's ``isscalar`` for numbers: Python numbers and NumPy scalars (a 0-d array is a polynomial)."""
    return isinstance(value, (bool, int, float, complex, np.generic))


class poly1d:  # noqa: N801 - NumPy's name
    """NumPy's ``poly1d``: a polynomial of one variable from its coefficients (highest power first; leading zeros
    dropped) or, with ``r=True``, from its roots (:func:`vt.poly`)."""

    __hash__ = None  # type: ignore[assignment]

    @_named("poly1d")
    def __init__(self, c_or_r: Any, r: bool = False, variable: str | None = None) -> None:
        if isinstance(c_or_r, poly1d):
            self._coeffs: Array = c_or_r._coeffs
            self._variable: str = c_or_r._variable if variable is None else variable
            return
        self._coeffs = _trimmed(poly(c_or_r) if r else c_or_r)
        self._variable = "x" if variable is None else variable

    # -- attributes ----------------------------------------------------------------------------------------------
    @property
    def coeffs(self) -> Array:
        """The coefficients, highest power first (a vulkit array)."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value: Any) -> None:
        # as NumPy: only the array itself may be assigned, which makes ``p.coeffs *= 2`` legal
        if value is not self._coeffs:
            raise AttributeError("poly1d: Cannot set attribute")

    c = coef = coefficients = coeffs

    @property
    def variable(self) -> str:
        """The name of the variable in ``str(p)``."""
        return self._variable

    @property
    def order(self) -> int:
        """The degree of the polynomial."""
        return self._coeffs.shape[0] - 1

    o = order

    @property
    def roots(self) -> Array:
        """The zeros of the polynomial (:func:`vt.roots`)."""
        with naming_errors("poly1d.roots"):
            return roots(self._coeffs)

    r = roots

    # -- host views ----------------------------------------------------------------------------------------------
    def _host(self) -> np.poly1d:
        """NumPy's poly1d of the coefficients read back (for NumPy's own text formatting)."""
        return np.poly1d(self._coeffs.numpy(), variable=self._variable)

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        return np.asarray(self._coeffs.numpy(), dtype)

    def __repr__(self) -> str:
        return repr(self._host())

    def __str__(self) -> str:
        return str(self._host())

    # -- evaluation ----------------------------------------------------------------------------------------------
    @_named("poly1d")
    def __call__(self, val: Any) -> Any:
        """The polynomial at ``val`` (:func:`vt.polyval`), or the composition with a poly1d ``val``."""
        if not isinstance(val, poly1d):
            return polyval(self._coeffs, val)
        result: Any = 0
        for coefficient in self._coeffs:  # NumPy's Horner steps, in poly1d arithmetic
            result = result * val + coefficient
        return result

    # -- arithmetic ----------------------------------------------------------------------------------------------
    def __neg__(self) -> poly1d:
        return poly1d(ew.negative(self._coeffs))

    def __pos__(self) -> poly1d:
        return self

    @_named("poly1d")
    def __add__(self, other: Any) -> poly1d:
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    __radd__ = __add__

    @_named("poly1d")
    def __sub__(self, other: Any) -> poly1d:
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    @_named("poly1d")
    def __rsub__(self, other: Any) -> poly1d:
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    @_named("poly1d")
    def __mul__(self, other: Any) -> poly1d:
        if _is_scalar(other):
            return poly1d(ew.multiply(self._coeffs, other))
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    @_named("poly1d")
    def __rmul__(self, other: Any) -> poly1d:
        if _is_scalar(other):
            return poly1d(ew.multiply(other, self._coeffs))
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    @_named("poly1d")
    def __truediv__(self, other: Any) -> poly1d | tuple[poly1d, poly1d]:
        """By a scalar: the coefficients divided; by a polynomial: quotient and remainder (:func:`vt.polydiv`)."""
        if _is_scalar(other):
            return poly1d(ew.divide(self._coeffs, other))
        return _divided(self, poly1d(other))

    @_named("poly1d")
    def __rtruediv__(self, other: Any) -> poly1d | tuple[poly1d, poly1d]:
        if _is_scalar(other):
            return poly1d(ew.divide(other, self._coeffs))
        return _divided(poly1d(other), self)

    @_named("poly1d")
    def __pow__(self, val: Any) -> poly1d:
        """The product of ``val`` copies (a non-negative integer), by repeated :func:`vt.polymul` as NumPy's."""
        if not _is_scalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        result: Any = [1]
        for _ in range(int(val)):
            result = polymul(self._coeffs, result)
        return poly1d(result)

    def __eq__(self, other: object) -> bool:
        """Whether the coefficients are equal (one flag read back)."""
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return bool(rd.all(ew.equal(self._coeffs, other._coeffs)))

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    # -- coefficients by power -----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.order

    @_named("poly1d")
    def __getitem__(self, val: int) -> Array:
        """The coefficient of x**val (a 0-d array; zero beyond the polynomial's powers)."""
        power = operator.index(val)
        if power < 0 or power > self.order:
            return zeros((), dtype=self._coeffs.dtype, device=self._coeffs.device)
        return self._coeffs[self.order - power]

    @_named("poly1d")
    def __setitem__(self, key: int, val: Any) -> None:
        """Sets the coefficient of x**key in place, extending the coefficients with zeros beyond the order."""
        power = operator.index(key)
        if power < 0:
            raise ValueError("Does not support negative powers.")
        if power > self.order:
            extra = zeros((power - self.order,), dtype=self._coeffs.dtype, device=self._coeffs.device)
            self._coeffs = concat([extra, self._coeffs])
        self._coeffs[self.order - power] = val

    def __iter__(self) -> Iterator[Array]:
        return iter(self._coeffs)

    # -- calculus ------------------------------------------------------------------------------------------------
    @_named("poly1d.integ")
    def integ(self, m: int = 1, k: Any = 0) -> poly1d:
        """The m-th antiderivative, with integration constants ``k`` (:func:`vt.polyint`)."""
        return poly1d(polyint(self._coeffs, m=m, k=k))

    @_named("poly1d.deriv")
    def deriv(self, m: int = 1) -> poly1d:
        """The m-th derivative (:func:`vt.polyder`)."""
        return poly1d(polyder(self._coeffs, m=m))


def _divided(u: poly1d, v: poly1d) -> tuple[poly1d, poly1d]:
    q, r = polydiv(u._coeffs, v._coeffs)
    return poly1d(q), poly1d(r)
