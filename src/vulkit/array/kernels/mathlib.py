"""The math library the elementwise expressions call: GLSL include files in ``glsl/``, one per helper group.

GLSL has no double-precision ``exp``/``log``/``sin``/``cos``/``atan``, and its single-precision
built-ins may be loose (Vulkan allows 2^-11 absolute error for ``sin``; ``log`` near 1 is an absolute
bound). So ``exp`` and ``log`` are implemented here for both widths (range reduction + polynomial:
within ~1-2 ulp), and ``expm1``, ``log1p``, ``pow``, the hyperbolic functions and their inverses are
built on them. ``sin``/``cos``/``tan`` reduce by pi/2 (Cody-Waite below 1e5 in float32 and 1e6 in
float64; above, Payne-Hanek with 32-bit integer arithmetic over the bits of 2/pi, so no float64 or
int64 is needed for float32) and evaluate minimax kernels (fdlibm's in float64, Cephes' in float32):
within a few ulp for every finite argument. The GPU's built-ins are not used: NVIDIA's ``sin`` is off
by 1e-6 absolute even near 0, lavapipe's ``sin(1e30)`` is 1.
``atan`` and the inverse trigonometric functions are series on a reduced argument. ``erf`` (for
gelu) has 1.2e-7 relative error in both widths. NaN and infinity tests use the bit patterns, so
they survive fast-math compilers.

In the operations' expressions, ``C(1.5)`` marks a floating constant, written with an ``lf`` suffix for double.

Each file has an include guard and includes what it uses; its code is chosen by macros the kernel defines
before including it (:func:`render`): ``VT_COMPUTE_<type>`` (float code for ``float``, which float16 computes
in, and ``double``), ``VT_KIND_<kind>`` (``i``/``u`` code for integers), ``T`` (the compute type) and ``BITS``.
Float and double versions are written out separately, their constants as literals of the width
(:mod:`.math_constants` says how they were computed).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..dtypes import DType
from .math_constants import _two_over_pi_words  # noqa: F401 - tests check the reduction's bits of 2/pi

GLSL_DIR = Path(__file__).resolve().parent / "glsl"
INCLUDE_DIRS: tuple[str, ...] = (str(GLSL_DIR),)  # where the kernels' #include lines are found
EXTENSION = "GL_GOOGLE_include_directive"
_CONST = re.compile(r"C\(([-+0-9.eE]+)\)")
_WORD = re.compile(r"\bT\b")


def render(names: tuple[str, ...], dtype: DType) -> str:
    """The GLSL a kernel of compute type ``dtype`` puts before its operation: the macros the library's files
    read, and an ``#include`` of each helper in ``names`` (which include what they use)."""
    lines = [f"#define T {dtype.compute}", f"#define BITS {64 if dtype.itemsize == 8 else 32}",
             f"#define VT_COMPUTE_{dtype.compute}", f"#define VT_KIND_{dtype.kind}"]
    lines += [f'#include "{name}.glsl"' for name in names]
    return "\n".join(lines)


def constants(text: str, dtype: DType) -> str:
    """Write the ``C(...)`` constants of ``text`` for dtype's compute type (``lf`` suffix for double)."""
    return _CONST.sub(lambda m: m.group(1) + ("lf" if dtype.compute == "double" else ""), text)


def substitute(text: str, dtype: DType) -> str:
    """An operation's expression for ``dtype``: ``T``, ``BITS`` and the ``C(...)`` constants written out."""
    text = constants(text, dtype)
    return _WORD.sub(dtype.compute, text).replace("BITS", "64" if dtype.itemsize == 8 else "32")


def helper_files() -> list[Path]:
    """Every include file of the library."""
    return sorted(GLSL_DIR.glob("*.glsl"))
