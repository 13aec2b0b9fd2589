"""named_errors and naming_errors: messages start with the name of the function called, replacing the name of an
inner function (dotted too), with the error's type and traceback; other errors and exception types that take other
arguments pass through as they are."""

from __future__ import annotations

import traceback

import pytest
from numpy.exceptions import AxisError

from vulkit.array.ops.linalg_common import LinAlgError
from vulkit.array.ops.named_errors import named_errors, naming_errors


def _raising(error: BaseException):
    @named_errors
    def outer() -> None:
        raise error

    return outer


@pytest.mark.parametrize("message, expected", [
    ("bad value", "outer: bad value"),
    ("inner: bad value", "outer: bad value"),
    ("linalg.solve: Singular matrix", "outer: Singular matrix"),
    ("Percentiles must be in [0, 100]: got 120", "outer: Percentiles must be in [0, 100]: got 120"),
    ("outer: already named", "outer: already named"),
])
def test_the_message_starts_with_the_outer_name(message, expected):
    with pytest.raises(ValueError) as info:
        _raising(ValueError(message))()
    assert str(info.value) == expected


@pytest.mark.parametrize("kind", [TypeError, ValueError, IndexError, ZeroDivisionError, RuntimeError,
                                  NotImplementedError, AxisError, LinAlgError])
def test_each_type_and_subclass_keeps_its_type(kind):
    with pytest.raises(kind, match="^outer: inner failed$") as info:
        _raising(kind("inner: inner failed"))()
    assert type(info.value) is kind
    assert info.value.__cause__ is None and info.value.__suppress_context__
    assert "raise error" in "".join(traceback.format_tb(info.value.__traceback__))  # where it was raised


def test_other_errors_and_other_constructors_pass_through():
    with pytest.raises(KeyError, match="inner: missing"):
        _raising(KeyError("inner: missing"))()

    class Coded(ValueError):
        def __init__(self, code: int, text: str) -> None:
            super().__init__(f"{text} ({code})")

    with pytest.raises(Coded, match="^inner: coded"):
        _raising(Coded(3, "inner: coded"))()


def test_the_decorator_keeps_the_function_and_its_result():
    @named_errors
    def double(x: int) -> int:
        """Twice x."""
        return 2 * x

    assert double(4) == 8 and double.__name__ == "double" and double.__doc__ == "Twice x."


def test_the_context_manager_names_errors_of_its_block():
    with pytest.raises(LinAlgError, match="^lstsq: SVD did not converge$"):
        with naming_errors("lstsq"):
            raise LinAlgError("svd: SVD did not converge")
    with naming_errors("lstsq"):
        value = 1
    assert value == 1
