"""Array tests: NumPy warnings off (the tests compare special values on purpose)."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture(autouse=True)
def quiet_numpy():
    with np.errstate(all="ignore"):
        yield
