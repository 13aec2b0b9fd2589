"""The modified Bessel function of the first kind of order 0 as an elementwise op of the array layer:
``vulkit.special.i0`` is this function, and NumPy's ``np.i0`` and ``kaiser`` window (``numpy_ufuncs``,
``numpy_misc``) compute with it (the array layer does not import ``vulkit.special``)."""

from __future__ import annotations

from .elementwise import unary_function
from .registry import register

BESSEL_HELPER = "vt_special_bessel"

i0 = unary_function(register("i0", 1, "exp", {"f": "vt_sp_i0(a)"}, (BESSEL_HELPER,)), "i0",
                    "The modified Bessel function of the first kind, order 0.")
