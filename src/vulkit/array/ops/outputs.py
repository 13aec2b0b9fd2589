"""NumPy's ``out=`` for functions that compute a new array (reductions, scans, products): the result written into
the caller's array, whose shape must be the result's and whose dtype the result casts to under a rule; and the
decorator that gives a reduction NumPy's positional order with ``out`` in its place."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import numpy as np

from ..array import Array


def into(out: Array | None, result: Array, function: str, casting: str = "same_kind") -> Array:
    """``result``, or ``out`` holding it: out's shape must be the result's, and the result must cast to out's dtype
    under NumPy's ``casting`` rule ("no": the same dtype; "safe"; "same_kind", the ufuncs' and reductions')."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"{function}: out must be a vulkit array, got {type(out).__name__}")
    if out.shape != result.shape:
        raise ValueError(f"{function}: out has shape {out.shape}, the result {result.shape}")
    fits = out.dtype is result.dtype if casting == "no" else np.can_cast(result.dtype.np, out.dtype.np, casting)
    if not fits:
        raise TypeError(f"{function}: out has dtype {out.dtype.name}, the result {result.dtype.name} (casting rule "
                        f"{casting!r})")
    out[...] = result
    return out


def numpy_out(*positional: str) -> Callable[[Callable[..., Array]], Callable[..., Array]]:
    """Give a function of an array NumPy's ``out=`` and NumPy's positional order after the array: ``positional``
    names its parameters in that order, ``"out"`` among them (``sum(a, axis, dtype, out, keepdims)``)."""

    def decorate(function: Callable[..., Array]) -> Callable[..., Array]:
        name = function.__name__

        @functools.wraps(function)
        def with_out(x: Any, *args: Any, out: Array | None = None, **kwargs: Any) -> Array:
            if len(args) > len(positional):
                raise TypeError(f"{name}() takes at most {len(positional) + 1} positional arguments "
                                f"({len(args) + 1} given)")
            for key, value in zip(positional, args, strict=False):
                if key in kwargs or (key == "out" and out is not None):
                    raise TypeError(f"{name}() got multiple values for argument {key!r}")
                if key == "out":
                    out = value
                else:
                    kwargs[key] = value
            return into(out, function(x, **kwargs), name)

        with_out.__signature__ = _signature(function, positional)  # type: ignore[attr-defined]
        return with_out

    return decorate


def _signature(function: Callable[..., Any], positional: tuple[str, ...]) -> inspect.Signature:
    """``function``'s signature with ``positional`` after its first parameter, in that order, ``out`` among them."""
    found = inspect.signature(function)
    params = list(found.parameters.values())
    given = {p.name: p for p in params[1:]}
    out = inspect.Parameter("out", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None,
                            annotation="Array | None")
    ordered = [out if key == "out" else given[key].replace(kind=inspect.Parameter.POSITIONAL_OR_KEYWORD)
               for key in positional]
    rest = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in params[1:] if p.name not in positional]
    return found.replace(parameters=[params[0], *ordered, *rest])
