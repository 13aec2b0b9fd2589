"""Error messages that start with the name of the function the user called.

NumPy-compatibility functions are built from other vulkit functions, whose messages start with their own names
(``"quantile: ..."``, ``"svd: SVD did not converge"``). :func:`named_errors` (a decorator) and
:func:`naming_errors` (a context manager) re-raise such errors, with the same type and traceback, as
``"percentile: ..."``: the leading name of the inner function is replaced, a message without one is prefixed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["NAMED_ERRORS", "named_errors", "naming_errors", "renamed"]

_Function = TypeVar("_Function", bound=Callable[..., Any])

# the types renamed, with their subclasses (numpy's AxisError, LinAlgError, NotImplementedError ...); OverflowError:
# a Python int out of its dtype's range
NAMED_ERRORS = (TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError, RuntimeError)
_LEADING_NAME = re.compile(r"[^\W\d][\w.]*: ")  # "concat: ", "linalg.solve: " at the start of a message


def renamed(error: Exception, name: str) -> Exception:
    """``error`` as one of its type whose message starts with ``name``: "name: message", replacing a leading
    function name; ``error`` itself where its message starts with ``name`` already or its type takes other
    arguments."""
    message = str(error)
    if message.startswith(f"{name}: "):
        return error
    leading = _LEADING_NAME.match(message)
    try:
        found = type(error)(f"{name}: {message[leading.end():] if leading else message}")
    except Exception:  # noqa: BLE001 - an exception type with its own constructor: keep the error as it is
        return error
    return found.with_traceback(error.__traceback__)


@contextmanager
def naming_errors(name: str) -> Iterator[None]:
    """Within the block, errors of :data:`NAMED_ERRORS` types are re-raised with messages starting with ``name``."""
    try:
        yield
    except NAMED_ERRORS as error:
        found = renamed(error, name)
        if found is error:
            raise
        raise found from None


def named_errors(function: _Function, name: str | None = None) -> _Function:
    """``function`` whose errors of :data:`NAMED_ERRORS` types have messages starting with its name (``name``: the
    one the user calls it by, where that is not ``function.__name__``, such as ``"emath.sqrt"``)."""
    name = name or function.__name__

    @functools.wraps(function)
    def named(*args: Any, **kwargs: Any) -> Any:
        with naming_errors(name):
            return function(*args, **kwargs)

    return named  # type: ignore[return-value]
