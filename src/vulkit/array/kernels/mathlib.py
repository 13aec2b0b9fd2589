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

Complex numbers (``vec2``/``dvec2``: real part in ``x``, imaginary in ``y``) have their own files, ``vt_c*.glsl``
(:data:`COMPLEX_HELPERS`), built on the real functions of their parts' width: a kernel of complex64 defines
``VT_COMPUTE_float`` as well as ``VT_COMPUTE_vec2`` (``VT_COMPUTE_double`` with ``dvec2``), and ``VT_COMPLEX``.
Their code is written once over ``VT_R``/``VT_Z`` (the part and complex types, from ``vt_cdefs.glsl``), with the
width's constants named there; the algorithms are C99 Annex G's (FreeBSD's msun, Hull et al. for the inverse
functions), with NumPy's arithmetic (Smith's division, its integer powers) where NumPy is the reference.

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


# The complex number files: their code is long, so kernels calling them take one item per pass (see elementwise.py)
COMPLEX_HELPERS = frozenset({"vt_cdiv", "vt_cexp", "vt_clog", "vt_csqrt", "vt_cpow", "vt_ctrig", "vt_casin",
                             "vt_catan"})


_COMPLEX_FILES = COMPLEX_HELPERS | {"vt_complex", "vt_cdefs"}


# The library's files that mark loops (``[[dont_unroll]]``): a kernel including one enables the attributes' extension
# (other kernels keep their source, and so their cached SPIR-V).
LOOP_ATTRIBUTE_FILES = frozenset({"vt_sampling"})


def extensions_for(names: tuple[str, ...]) -> tuple[str, ...]:
    """The GLSL extensions that the helpers ``names`` need besides the include directive."""
    return ("GL_EXT_control_flow_attributes",) if LOOP_ATTRIBUTE_FILES.intersection(names) else ()


def helpers_for(names: tuple[str, ...], dtype: DType) -> tuple[str, ...]:
    """The helpers of ``names`` that a kernel computing in ``dtype`` includes: an operation lists its complex
    helpers beside its real ones, and a real kernel leaves them out."""
    if dtype.kind == "c":
        return names
    return tuple(name for name in names if name not in _COMPLEX_FILES)


def _bits(dtype: DType) -> str:
    return "64" if dtype.component.itemsize == 8 else "32"


def render(names: tuple[str, ...], dtype: DType) -> str:
    """The GLSL a kernel of compute type ``dtype`` puts before its operation: the macros the library's files
    read, and an ``#include`` of each helper in ``names`` (which include what they use). A complex dtype also
    defines its parts' ``VT_COMPUTE_<type>`` (the real functions the complex ones call) and ``VT_COMPLEX``."""
    lines = [f"#define T {dtype.compute}", f"#define BITS {_bits(dtype)}", f"#define VT_COMPUTE_{dtype.compute}",
             f"#define VT_KIND_{dtype.kind}"]
    if dtype.kind == "c":
        lines += [f"#define VT_COMPUTE_{dtype.component.compute}", "#define VT_COMPLEX"]
    lines += [f'#include "{name}.glsl"' for name in names]
    return "\n".join(lines)


def constants(text: str, dtype: DType) -> str:
    """Write the ``C(...)`` constants of ``text`` for dtype's compute type (``lf`` suffix for double and its
    complex dtype)."""
    return _CONST.sub(lambda m: m.group(1) + ("lf" if dtype.component.compute == "double" else ""), text)


def substitute(text: str, dtype: DType) -> str:
    """An operation's expression for ``dtype``: ``T``, ``BITS`` and the ``C(...)`` constants written out."""
    text = constants(text, dtype)
    return _WORD.sub(dtype.compute, text).replace("BITS", _bits(dtype))


def helper_files() -> list[Path]:
    """Every include file of the library."""
    return sorted(GLSL_DIR.glob("*.glsl"))
