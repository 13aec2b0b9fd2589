"""NumPy's positional arguments: the calls NumPy users write without keywords (``vt.sum(x, 0)``,
``vt.zeros(n, vt.float32)``, ``vt.tril(a, -1)``, ``vt.diff(a, 1, 0)``...) give NumPy's results. The array API
standard makes these parameters keyword-only; its suite accepts them as positional-or-keyword, which NumPy's order
needs."""

from __future__ import annotations

import numpy as np
import pytest
from array_helpers import assert_matches

import vulkit as vt

A = np.array([[3.0, -1.0, 2.0, 7.0], [0.0, 5.0, -4.0, 1.0], [2.0, 2.0, 9.0, -3.0]], dtype=np.float32)
I = np.array([2, 0, 3])  # noqa: E741 - the indices' usual name in NumPy's docs
S = np.array([1.0, 2.0, 2.0, 5.0], dtype=np.float32)
Q = np.array([0.25, 0.5], dtype=np.float32)

# (call, with {m} the module, {A}, {I}, {S} and {Q} its arrays): each parameter NumPy takes by position
CALLS = [
    "zeros((2, 3), {m}.float32)", "ones(5, {m}.int16)", "full((2, 2), 3, {m}.int8)", "asarray([1, 2], {m}.float16)",
    "eye(3, 4, 1, {m}.int32)", "eye(4, 3, -1)", "arange(0, 10, 3, {m}.float32)", "linspace(0, 1, 5, False)",
    "linspace(0, 1)", "sum({A}, 0)", "sum({A}, 1, {m}.float64)", "prod({A}, 1)", "mean({A}, 0, {m}.float64)",
    "max({A}, 0)", "min({A}, 1)", "argmax({A}, 1)", "argmin({A}, 0)", "std({A}, 0)", "var({A}, 1, {m}.float64)",
    "all({A}, 0)", "any({A}, 1)", "count_nonzero({A}, 0)", "median({A}, 1)", "nansum({A}, 0)", "nanmean({A}, 1)",
    "nanmax({A}, 0)", "nanmin({A}, 1)", "nanmedian({A}, 0)", "quantile({A}, {Q}, 1)", "nanquantile({A}, {Q}, 0)",
    "sort({A}, 0)", "sort({A}, 1, 'stable')", "argsort({A}, 0)", "argsort({A}, -1, 'stable')", "flip({A}, 1)",
    "tril({A}, -1)", "triu({A}, 1)", "diff({A}, 2)", "diff({A}, 1, 0)", "diff({A}, 1, 1, 0.0, 9.0)", "roll({A}, 1, 0)",
    "take({A}, {I}, 1)", "repeat({A}, 2, 0)", "stack([{A}, {A}], 1)", "concat([{A}, {A}], 1)",
    "searchsorted({S}, {S}, 'right')", "searchsorted({S}[::-1], {S}, 'left', {m}.asarray([3, 2, 1, 0]))",
    "tensordot({A}, {A}.T, 1)",
]


@pytest.mark.parametrize("call", CALLS)
def test_numpy_positional_calls_give_numpy_results(call):
    def run(module, name):
        arrays = {"A": A, "I": I, "S": S, "Q": Q}
        if name == "vt":
            arrays = {k: vt.asarray(v) for k, v in arrays.items()}
        text = call.replace("concat(", "concatenate(") if name == "np" else call
        names = {k: f"arrays[{k!r}]" for k in arrays}
        return eval(f"{name}." + text.format(m=name, **names), {name: module, "arrays": arrays})  # noqa: S307

    assert_matches(run(vt, "vt"), np.asarray(run(np, "np")))
