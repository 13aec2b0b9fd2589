"""The array library's elementwise operations as data, registered in :mod:`.registry`: name -> GLSL expression
per dtype class, and a typing rule.

Typing rules (``rule``): a NumPy ufunc name means "type like that ufunc" (``ufunc.resolve_dtypes``,
NEP 50 weak scalars included), so promotion matches NumPy by construction; ``logical`` converts
every input to bool; ``same`` promotes the inputs and keeps that type; ``first`` keeps input 0's type
(clip); ``where`` is bool condition + promoted values. See :class:`vulkit.array.kernels.elementwise.OpDef` for
the expression syntax. Integer division and remainder by zero give 0 (NumPy also gives 0, with a
warning); ``int_min // -1`` wraps to int_min; integer powers with negative exponents give 0 (or ±1
for bases ±1) where NumPy raises.
"""

from __future__ import annotations

from .registry import TABLE, Entry, register


def _e(name: str, nin: int, rule: str, exprs: dict[str, str], *helpers: str) -> Entry:
    return register(name, nin, rule, exprs, helpers)


def _float1(name: str, float_expr: str, helpers: tuple[str, ...], rule: str | None = None) -> Entry:
    """A unary float function (ints are promoted to float by the ufunc's typing)."""
    return _e(name, 1, rule or name, {"f": float_expr}, *helpers)


_SPECIAL = ("vt_special",)
ENTRIES: list[Entry] = [  # registered as they are made
    # -- arithmetic ---------------------------------------------------------------------------------
    _e("add", 2, "add", {"b": "a || b", "*": "a + b"}),
    _e("subtract", 2, "subtract", {"*": "a - b"}),
    _e("multiply", 2, "multiply", {"b": "a && b", "*": "a * b"}),
    _e("divide", 2, "divide", {"f": "vt_div(a, b)", "*": "a / b"}, "vt_div"),
    _e("floor_divide", 2, "floor_divide", {"b": "a && b", "*": "vt_floordiv(a, b)"}, "vt_divmod"),
    _e("remainder", 2, "remainder", {"*": "vt_rem(a, b)"}, "vt_divmod"),
    _e("pow", 2, "power", {"f": "vt_pow(a, b)", "int": "vt_ipow(a, b)"}, "vt_pow", "vt_ipow"),
    _e("negative", 1, "negative", {"*": "-a"}),
    _e("positive", 1, "positive", {"*": "a"}),
    _e("abs", 1, "absolute", {"b": "a", "u": "a", "i": "(a < T(0) ? -a : a)", "f": "abs(a)"}),
    _e("square", 1, "square", {"b": "a && a", "*": "a * a"}),
    _e("sign", 1, "sign", {"u": "(a > T(0) ? T(1) : T(0))",
                           "*": "(a > T(0) ? T(1) : (a < T(0) ? T(-1) : (a == T(0) ? T(0) : a)))"}),
    _e("maximum", 2, "maximum", {"b": "a || b", "f": "vt_maximum(a, b)", "*": "max(a, b)"}, "vt_minmax"),
    _e("minimum", 2, "minimum", {"b": "a && b", "f": "vt_minimum(a, b)", "*": "min(a, b)"}, "vt_minmax"),
    _e("clip", 3, "first", {"b": "(a || b) && c", "f": "vt_minimum(vt_maximum(a, b), c)",
                            "*": "min(max(a, b), c)"}, "vt_minmax"),
    _e("copysign", 2, "copysign", {"f": "vt_copysign(a, b)"}, "vt_copysign"),
    _e("hypot", 2, "hypot", {"f": "vt_hypot(a, b)"}, "vt_hypot"),
    _e("nextafter", 2, "nextafter", {"float16": "vt_nextafter16(a, b)", "f": "vt_nextafter(a, b)"},
       "vt_nextafter"),
    _e("reciprocal", 1, "reciprocal", {"f": "T(1) / a"}),
    _e("logaddexp", 2, "logaddexp", {"f": "vt_logaddexp(a, b)"}, "vt_logaddexp"),
    _e("atan2", 2, "arctan2", {"f": "vt_atan2(a, b)"}, "vt_atan2"),
    # -- rounding ------------------------------------------------------------------------------------
    _e("floor", 1, "floor", {"f": "floor(a)", "*": "a"}),
    _e("ceil", 1, "ceil", {"f": "ceil(a)", "*": "a"}),
    _e("trunc", 1, "trunc", {"f": "vt_trunc(a)", "*": "a"}, "vt_round"),
    _e("round", 1, "same", {"f": "vt_round(a)", "*": "a"}, "vt_round"),
    # -- exponents, logarithms, roots -------------------------------------------------------------------
    _float1("exp", "vt_exp(a)", ("vt_exp",)),
    _float1("expm1", "vt_expm1(a)", ("vt_expm1",)),
    _float1("log", "vt_log(a)", ("vt_log",)),
    _float1("log1p", "vt_log1p(a)", ("vt_log1p",)),
    _float1("log2", "vt_log(a) * C(1.4426950408889634)", ("vt_log",)),
    _float1("log10", "vt_log(a) * C(0.43429448190325183)", ("vt_log",)),
    _float1("sqrt", "vt_sqrt(a)", ("vt_sqrt",)),
    # -- trigonometric and hyperbolic --------------------------------------------------------------------
    _float1("sin", "vt_sin(a)", ("vt_trig",)),
    _float1("cos", "vt_cos(a)", ("vt_trig",)),
    _float1("tan", "vt_tan(a)", ("vt_trig",)),
    _float1("asin", "vt_asin(a)", ("vt_atan2",), "arcsin"),
    _float1("acos", "vt_acos(a)", ("vt_atan2",), "arccos"),
    _float1("atan", "vt_atan(a)", ("vt_atan",), "arctan"),
    _float1("sinh", "vt_sinh(a)", ("vt_hyper",)),
    _float1("cosh", "vt_cosh(a)", ("vt_hyper",)),
    _float1("tanh", "vt_tanh(a)", ("vt_hyper",)),
    _float1("asinh", "vt_asinh(a)", ("vt_hyper",), "arcsinh"),
    _float1("acosh", "vt_acosh(a)", ("vt_hyper",), "arccosh"),
    _float1("atanh", "vt_atanh(a)", ("vt_hyper",), "arctanh"),
    # -- predicates and comparisons ----------------------------------------------------------------------
    _e("isnan", 1, "isnan", {"f": "vt_isnan(a)", "*": "false"}, *_SPECIAL),
    _e("isinf", 1, "isinf", {"f": "vt_isinf(a)", "*": "false"}, *_SPECIAL),
    _e("isfinite", 1, "isfinite", {"f": "!(vt_isnan(a) || vt_isinf(a))", "*": "true"}, *_SPECIAL),
    _e("signbit", 1, "signbit", {"f": "vt_signbit(a)", "i": "a < T(0)", "*": "false"}, *_SPECIAL),
    _e("equal", 2, "equal", {"*": "a == b"}),
    _e("not_equal", 2, "not_equal", {"*": "!(a == b)"}),
    _e("less", 2, "less", {"b": "!a && b", "*": "a < b"}),
    _e("less_equal", 2, "less_equal", {"b": "!a || b", "*": "a <= b"}),
    _e("greater", 2, "greater", {"b": "a && !b", "*": "a > b"}),
    _e("greater_equal", 2, "greater_equal", {"b": "a || !b", "*": "a >= b"}),
    # -- logical and bitwise --------------------------------------------------------------------------
    _e("logical_and", 2, "logical", {"*": "a && b"}),
    _e("logical_or", 2, "logical", {"*": "a || b"}),
    _e("logical_xor", 2, "logical", {"*": "a != b"}),
    _e("logical_not", 1, "logical", {"*": "!a"}),
    _e("bitwise_and", 2, "bitwise_and", {"b": "a && b", "int": "a & b"}),
    _e("bitwise_or", 2, "bitwise_or", {"b": "a || b", "int": "a | b"}),
    _e("bitwise_xor", 2, "bitwise_xor", {"b": "a != b", "int": "a ^ b"}),
    _e("bitwise_invert", 1, "invert", {"b": "!a", "int": "~a"}),
    _e("bitwise_left_shift", 2, "left_shift", {"int": "((b < T(0) || b >= T(BITS)) ? T(0) : (a << b))"}),
    _e("bitwise_right_shift", 2, "right_shift", {
        "i": "((b < T(0) || b >= T(BITS)) ? (a < T(0) ? T(-1) : T(0)) : (a >> b))",
        "u": "(b >= T(BITS) ? T(0) : (a >> b))"}),
    # -- complex parts of real numbers ---------------------------------------------------------------------
    _e("conj", 1, "same", {"*": "a"}),
    _e("real", 1, "same", {"*": "a"}),
    _e("imag", 1, "same", {"b": "false", "*": "T(0)"}),
    # -- selection and conversion -------------------------------------------------------------------------
    _e("where", 3, "where", {"*": "a ? b : c"}),
    _e("copy", 1, "cast", {"*": "a"}),
    # -- creation (typed explicitly by the caller; `i` is the flat output index) --------------------------
    _e("arange", 2, "explicit", {"*": "a + T(i) * b"}),
    _e("eye", 2, "explicit", {"*": "(int(i % uint(b)) - int(i / uint(b))) == a"}),
    _e("tril", 4, "explicit", {"*": "((int(i % uint(c)) - int((i / uint(c)) % uint(d))) <= b) ? a : T(0)"}),
    _e("triu", 4, "explicit", {"*": "((int(i % uint(c)) - int((i / uint(c)) % uint(d))) >= b) ? a : T(0)"}),
]
__all__ = ["TABLE", "Entry"]
