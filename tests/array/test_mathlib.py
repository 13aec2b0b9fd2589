"""The math library as include files: each compiles on its own for every compute type that uses it, errors name
the file and line, and the coefficients computed in math_constants.py are the ones the files hold."""

from __future__ import annotations

import re

import numpy as np
import pytest

import vulkit as vt
from vulkit.array import dtypes as dt
from vulkit.array.kernels import math_constants, mathlib
from vulkit.errors import CompileError
from vulkit.shaders import compile_source

FILES = {path.stem: path for path in mathlib.helper_files()}
DTYPES = [dt.float32, dt.float64, dt.int32, dt.uint32, dt.int64, dt.float16]


def _shader(helpers: tuple[str, ...], dtype: dt.DType) -> str:
    """A compute shader that includes ``helpers`` for ``dtype`` (the extensions every kernel of it enables)."""
    extensions = ["GL_GOOGLE_include_directive", "GL_EXT_shader_explicit_arithmetic_types_int64",
                  "GL_EXT_shader_explicit_arithmetic_types_float16", "GL_EXT_shader_16bit_storage",
                  *mathlib.extensions_for(helpers)]
    return "\n".join(["#version 450", *[f"#extension {e} : require" for e in extensions],
                      "layout(local_size_x = 1) in;", mathlib.render(helpers, dtype), "void main() {}", ""])


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_helper_compiles_on_its_own(name):
    for dtype in DTYPES:
        compile_source(_shader((name,), dtype), include_dirs=mathlib.INCLUDE_DIRS)


def test_files_marking_loops_are_known():
    """A kernel enables the loop attributes' extension only for the files listed as marking loops."""
    marking = {path.stem for path in mathlib.helper_files() if "[[dont_unroll]]" in path.read_text() or
               "[[unroll]]" in path.read_text()}
    assert marking == set(mathlib.LOOP_ATTRIBUTE_FILES)


def test_errors_name_the_helpers_file_and_line(tmp_path):
    broken = tmp_path / "vt_broken.glsl"
    broken.write_text("// a helper with a mistake on line 3\nfloat vt_broken(float x) {\n  return x +;\n}\n")
    with pytest.raises(CompileError, match=r"vt_broken\.glsl:3"):
        compile_source(_shader(("vt_broken",), dt.float32), include_dirs=(str(tmp_path),))


def test_files_hold_the_computed_coefficients():
    """Every polynomial and constant of math_constants appears in the library's files, in both widths."""
    text = "\n".join(path.read_text() for path in FILES.values())
    for name, (single, double) in math_constants.POLYS.items():
        for value, suffix in ((single, ""), (double, "lf")):
            coefficients = re.findall(r"C\(([-+0-9.eE]+)\)", value)
            assert coefficients, name
            written = value
            for c in coefficients:
                written = written.replace(f"C({c})", c + suffix)
            assert written in text, f"{name} ({'double' if suffix else 'float'}) is not in the .glsl files"
    assert math_constants.TWO_OVER_PI in FILES["vt_trig"].read_text() + FILES["vt_rem_pio2"].read_text()


def test_kernels_write_only_what_varies():
    """An elementwise kernel's source includes the library's files instead of carrying their text."""
    from vulkit.array.kernels.elementwise import ElementwiseSpec
    from vulkit.array.ops.registry import TABLE

    spec = ElementwiseSpec(TABLE["sin"].op, (dt.float32,), (False,), (dt.float32,), dt.float32, dt.float32, "vec")
    source = spec.source()
    assert '#include "vt_trig.glsl"' in source and "vt_rem_pio2(" not in source


@pytest.mark.parametrize("dtype", [d for d in ("float32", "float64")
                                   if d in vt.device.get_device_properties()["dtypes"]])
@pytest.mark.parametrize("name", ["sinh", "cosh"])
def test_sinh_cosh_stay_finite_up_to_the_largest_float(name, dtype):
    """exp(x) overflows a little before sinh(x) and cosh(x) do: NumPy's sinh(710.0) is 1.1e308."""
    top = {"float32": 89.4, "float64": 710.47}[dtype]
    x = np.array([top - 5, top - 1, top, -top, top + 0.5, 1e4], dtype)
    with np.errstate(over="ignore"):
        expected = getattr(np, name)(x)
    got = getattr(vt, name)(vt.asarray(x)).numpy()
    np.testing.assert_allclose(got, expected, rtol=4 * np.finfo(dtype).eps)
