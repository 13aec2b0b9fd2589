"""The array library's elementwise operations as data, registered in :mod:`.registry`: name -> GLSL expression
per dtype class, and a typing rule.

Typing rules (``rule``): a NumPy ufunc name means "type like that ufunc" (``ufunc.resolve_dtypes``,
NEP 50 weak scalars included), so promotion matches NumPy by construction; ``logical`` converts
every input to bool; ``same`` promotes the inputs and keeps that type; ``first`` keeps input 0's type
(clip); ``where`` is bool condition + promoted values. See :class:`vulkit.array.kernels.elementwise.OpDef` for
the expression syntax. Integer division and remainder by zero give 0 (NumPy also gives 0, with a
warning); ``int_min // -1`` wraps to int_min; integer powers with negative exponents give 0 (or ±1
for bases ±1) where NumPy raises.

Complex operands (``c``: ``vec2``/``dvec2``, see :mod:`vulkit.array.kernels.mathlib`) have their own expressions:
an operation without one (``less``, ``maximum``, ``floor`` ...) raises TypeError for them, as the array API
leaves it undefined.
"""

from __future__ import annotations

from .registry import TABLE, Entry, register


def _e(name: str, nin: int, rule: str, exprs: dict[str, str], *helpers: str) -> Entry:
    return register(name, nin, rule, exprs, helpers)


def _float1(name: str, float_expr: str, helpers: tuple[str, ...], rule: str | None = None,
            complex_expr: str | None = None) -> Entry:
    """A unary float function (ints are promoted to float by the ufunc's typing), and its complex form."""
    exprs = {"f": float_expr} if complex_expr is None else {"f": float_expr, "c": complex_expr}
    return _e(name, 1, rule or name, exprs, *helpers)


_TRIL = "((int(i % uint(c)) - int((i / uint(c)) % uint(d))) <= b) ? a : T(0)"
_TRIU = "((int(i % uint(c)) - int((i / uint(c)) % uint(d))) >= b) ? a : T(0)"


_SPECIAL = ("vt_special",)
_COMPLEX = ("vt_complex",)
ENTRIES: list[Entry] = [  # registered as they are made
    # -- arithmetic ---------------------------------------------------------------------------------
    _e("add", 2, "add", {"b": "a || b", "*": "a + b", "c": "a + b"}),
    _e("subtract", 2, "subtract", {"*": "a - b", "c": "a - b"}),
    _e("multiply", 2, "multiply", {"b": "a && b", "*": "a * b", "c": "vt_cmul(a, b)"}, *_COMPLEX),
    _e("divide", 2, "divide", {"f": "vt_div(a, b)", "*": "a / b", "c": "vt_cdiv(a, b)"}, "vt_div", "vt_cdiv"),
    _e("floor_divide", 2, "floor_divide", {"b": "a && b", "*": "vt_floordiv(a, b)"}, "vt_divmod"),
    _e("remainder", 2, "remainder", {"*": "vt_rem(a, b)"}, "vt_divmod"),
    _e("pow", 2, "power", {"f": "vt_pow(a, b)", "int": "vt_ipow(a, b)", "c": "vt_cpow(a, b)"}, "vt_pow", "vt_ipow",
       "vt_cpow"),
    _e("negative", 1, "negative", {"*": "-a", "c": "-a"}),
    _e("positive", 1, "positive", {"*": "a", "c": "a"}),
    _e("abs", 1, "absolute", {"b": "a", "u": "a", "i": "(a < T(0) ? -a : a)", "f": "abs(a)", "c": "vt_cabs(a)"},
       *_COMPLEX),
    _e("square", 1, "square", {"b": "a && a", "*": "a * a", "c": "vt_cmul(a, a)"}, *_COMPLEX),
    _e("sign", 1, "sign", {"u": "(a > T(0) ? T(1) : T(0))",
                           "*": "(a > T(0) ? T(1) : (a < T(0) ? T(-1) : (a == T(0) ? T(0) : a)))",
                           "c": "vt_csign(a)"}, "vt_cdiv"),
    _e("maximum", 2, "maximum", {"b": "a || b", "f": "vt_maximum(a, b)", "*": "max(a, b)"}, "vt_minmax"),
    _e("minimum", 2, "minimum", {"b": "a && b", "f": "vt_minimum(a, b)", "*": "min(a, b)"}, "vt_minmax"),
    _e("clip", 3, "first", {"b": "(a || b) && c", "f": "vt_minimum(vt_maximum(a, b), c)",
                            "*": "min(max(a, b), c)"}, "vt_minmax"),
    _e("copysign", 2, "copysign", {"f": "vt_copysign(a, b)"}, "vt_copysign"),
    _e("hypot", 2, "hypot", {"f": "vt_hypot(a, b)"}, "vt_hypot"),
    _e("nextafter", 2, "nextafter", {"float16": "vt_nextafter16(a, b)", "bfloat16": "vt_nextafter_bf16(a, b)",
                                     "f": "vt_nextafter(a, b)"}, "vt_nextafter"),
    _e("reciprocal", 1, "reciprocal", {"f": "T(1) / a", "c": "vt_creciprocal(a)"}, "vt_cdiv"),
    _e("logaddexp", 2, "logaddexp", {"f": "vt_logaddexp(a, b)"}, "vt_logaddexp"),
    _e("atan2", 2, "arctan2", {"f": "vt_atan2(a, b)"}, "vt_atan2"),
    # -- rounding ------------------------------------------------------------------------------------
    _e("floor", 1, "floor", {"f": "floor(a)", "*": "a"}),
    _e("ceil", 1, "ceil", {"f": "ceil(a)", "*": "a"}),
    _e("trunc", 1, "trunc", {"f": "vt_trunc(a)", "*": "a"}, "vt_round"),
    _e("round", 1, "same", {"f": "vt_round(a)", "*": "a", "c": "T(vt_round(a.x), vt_round(a.y))"}, "vt_round"),
    # -- exponents, logarithms, roots -------------------------------------------------------------------
    _float1("exp", "vt_exp(a)", ("vt_exp", "vt_cexp"), complex_expr="vt_cexp(a)"),
    _float1("expm1", "vt_expm1(a)", ("vt_expm1", "vt_cexp"), complex_expr="vt_cexpm1(a)"),
    _float1("log", "vt_log(a)", ("vt_log", "vt_clog"), complex_expr="vt_clog(a)"),
    _float1("log1p", "vt_log1p(a)", ("vt_log1p", "vt_clog"), complex_expr="vt_clog1p(a)"),
    _float1("log2", "vt_log(a) * C(1.4426950408889634)", ("vt_log", "vt_clog"),
            complex_expr="vt_clog(a) * C(1.4426950408889634)"),
    _float1("log10", "vt_log(a) * C(0.43429448190325183)", ("vt_log", "vt_clog"),
            complex_expr="vt_clog(a) * C(0.43429448190325183)"),
    _float1("sqrt", "vt_sqrt(a)", ("vt_sqrt", "vt_csqrt"), complex_expr="vt_csqrt(a)"),
    # -- trigonometric and hyperbolic --------------------------------------------------------------------
    _float1("sin", "vt_sin(a)", ("vt_trig", "vt_ctrig"), complex_expr="vt_csin(a)"),
    _float1("cos", "vt_cos(a)", ("vt_trig", "vt_ctrig"), complex_expr="vt_ccos(a)"),
    _float1("tan", "vt_tan(a)", ("vt_trig", "vt_ctrig"), complex_expr="vt_ctan(a)"),
    _float1("asin", "vt_asin(a)", ("vt_atan2", "vt_casin"), "arcsin", "vt_casin(a)"),
    _float1("acos", "vt_acos(a)", ("vt_atan2", "vt_casin"), "arccos", "vt_cacos(a)"),
    _float1("atan", "vt_atan(a)", ("vt_atan", "vt_catan"), "arctan", "vt_catan(a)"),
    _float1("sinh", "vt_sinh(a)", ("vt_hyper", "vt_ctrig"), complex_expr="vt_csinh(a)"),
    _float1("cosh", "vt_cosh(a)", ("vt_hyper", "vt_ctrig"), complex_expr="vt_ccosh(a)"),
    _float1("tanh", "vt_tanh(a)", ("vt_hyper", "vt_ctrig"), complex_expr="vt_ctanh(a)"),
    _float1("asinh", "vt_asinh(a)", ("vt_hyper", "vt_casin"), "arcsinh", "vt_casinh(a)"),
    _float1("acosh", "vt_acosh(a)", ("vt_hyper", "vt_casin"), "arccosh", "vt_cacosh(a)"),
    _float1("atanh", "vt_atanh(a)", ("vt_hyper", "vt_catan"), "arctanh", "vt_catanh(a)"),
    # -- predicates and comparisons ----------------------------------------------------------------------
    _e("isnan", 1, "isnan", {"f": "vt_isnan(a)", "*": "false", "c": "(vt_isnan(a.x) || vt_isnan(a.y))"}, *_SPECIAL),
    _e("isinf", 1, "isinf", {"f": "vt_isinf(a)", "*": "false", "c": "(vt_isinf(a.x) || vt_isinf(a.y))"}, *_SPECIAL),
    _e("isfinite", 1, "isfinite", {"f": "!(vt_isnan(a) || vt_isinf(a))", "*": "true",
                                   "c": "!(vt_isnan(a.x) || vt_isinf(a.x) || vt_isnan(a.y) || vt_isinf(a.y))"},
       *_SPECIAL),
    _e("signbit", 1, "signbit", {"f": "vt_signbit(a)", "i": "a < T(0)", "*": "false"}, *_SPECIAL),
    _e("equal", 2, "equal", {"*": "a == b", "c": "all(equal(a, b))"}),
    _e("not_equal", 2, "not_equal", {"*": "!(a == b)", "c": "any(notEqual(a, b))"}),
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
    # -- complex parts (of real numbers: the number, itself, 0) ---------------------------------------------------
    _e("conj", 1, "same", {"*": "a", "c": "vt_cconj(a)"}, *_COMPLEX),
    _e("real", 1, "component", {"*": "a", "c": "a.x"}),
    _e("imag", 1, "component", {"b": "false", "*": "T(0)", "c": "a.y"}),
    # -- selection and conversion -------------------------------------------------------------------------
    _e("where", 3, "where", {"*": "a ? b : c"}),
    _e("copy", 1, "cast", {"*": "a", "c": "a"}),
    # -- creation (typed explicitly by the caller; `i` is the flat output index) --------------------------
    _e("arange", 2, "explicit", {"*": "a + T(i) * b"}),
    _e("eye", 2, "explicit", {"*": "(int(i % uint(b)) - int(i / uint(b))) == a"}),
    _e("tril", 4, "explicit", {"*": _TRIL, "c": _TRIL}),
    _e("triu", 4, "explicit", {"*": _TRIU, "c": _TRIU}),
]
__all__ = ["TABLE", "Entry"]
