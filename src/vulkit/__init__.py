"""vulkit: GPU computing for Python on any GPU with a Vulkan driver.

``import vulkit as vt``: NumPy-style arrays following the Python array API standard (2023.12)::

    x = vt.asarray(np_data)
    y = vt.exp(x) * 2 + x
    y.numpy()

``vt.device`` is the device module (memory statistics, synchronize, set_device, kp_manager); ``vt.kp`` is the
Kompute-compatible explicit API; ``vt.random`` and ``vt.nn.functional`` generate and transform on
the GPU.
"""

from __future__ import annotations

import sys

from . import device, interop, kp, linalg, special  # noqa: F401 - asarray takes kp tensors; vt.special, vt.linalg
from .array.array import Array, Device, set_namespace
from .array.dtypes import (
    DTypeConstructor as dtype,  # NumPy's np.dtype
)
from .array.dtypes import (
    bfloat16,
    can_cast,
    complex64,
    complex128,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    isdtype,
    result_type,
    uint8,
    uint16,
    uint32,
    uint64,
)
from .array.dtypes import (
    bool_ as bool,  # noqa: A004 - the array API's name
)
from .array.info import __array_api_version__, __array_namespace_info__, finfo, iinfo
from .array.ops.contractions import dot, einsum, inner, kron, outer, tensordot
from .array.ops.creation import (
    arange,
    asarray,
    empty,
    empty_like,
    eye,
    from_dlpack,
    full,
    full_like,
    linspace,
    meshgrid,
    ones,
    ones_like,
    tril,
    triu,
    zeros,
    zeros_like,
)
from .array.ops.elementwise import (
    abs,  # noqa: A004
    acos,
    acosh,
    add,
    asin,
    asinh,
    astype,
    atan,
    atan2,
    atanh,
    bitwise_and,
    bitwise_invert,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    ceil,
    clip,
    conj,
    copysign,
    cos,
    cosh,
    divide,
    equal,
    exp,
    expm1,
    floor,
    floor_divide,
    greater,
    greater_equal,
    hypot,
    imag,
    isfinite,
    isinf,
    isnan,
    less,
    less_equal,
    log,
    log1p,
    log2,
    log10,
    logaddexp,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    maximum,
    minimum,
    multiply,
    negative,
    nextafter,
    not_equal,
    positive,
    pow,  # noqa: A004
    real,
    reciprocal,
    remainder,
    sign,
    signbit,
    sin,
    sinh,
    sqrt,
    square,
    subtract,
    tan,
    tanh,
    trunc,
)
from .array.ops.gather import take, take_along_axis
from .array.ops.histogram import bincount, histogram
from .array.ops.manipulation import (
    broadcast_arrays,
    broadcast_shapes,
    broadcast_to,
    expand_dims,
    flip,
    matrix_transpose,
    moveaxis,
    permute_dims,
    reshape,
    squeeze,
    swapaxes,
    transpose,
)
from .array.ops.matmul import matmul
from .array.ops.moving import (
    concat,
    diff,
    flatten,
    pad,
    ravel,
    repeat,
    roll,
    round,  # noqa: A004 - NumPy's round(x, decimals) over the elementwise one
    stack,
    tile,
    unstack,
)
from .array.ops.quantiles import median, nanmedian, nanquantile, quantile
from .array.ops.reductions import (
    all,  # noqa: A004
    any,  # noqa: A004
    argmax,
    argmin,
    count_nonzero,
    logsumexp,
    max,  # noqa: A004
    mean,
    min,  # noqa: A004
    nanmax,
    nanmean,
    nanmin,
    nansum,
    prod,
    std,
    sum,  # noqa: A004
    var,
    vecdot,
)
from .array.ops.scans import (
    argwhere,
    cumprod,
    cumsum,
    cumulative_prod,
    cumulative_sum,
    flatnonzero,
    nonzero,
    where,
)
from .array.ops.sets import isin, unique_all, unique_counts, unique_inverse, unique_values
from .array.ops.sorting import argsort, searchsorted, sort, topk
from .special import sinc

# NumPy's names beyond the standard, for code ported from NumPy
# isort: split
from .array.ops import numpy_ufunc_methods as _ufunc_methods
from .array.ops.numpy_bits import (
    divmod,
    fix,
    frexp,
    gcd,
    isneginf,
    isposinf,
    lcm,
    ldexp,
    logaddexp2,
    modf,
    packbits,
    spacing,
    unpackbits,
)
from .array.ops.numpy_host import (
    array2string,
    array_repr,
    array_str,
    base_repr,
    binary_repr,
    bool_,
    byte,
    cdouble,
    complexfloating,
    csingle,
    double,
    einsum_path,
    errstate,
    floating,
    format_float_positional,
    format_float_scientific,
    generic,
    get_printoptions,
    geterr,
    geterrcall,
    half,
    inexact,
    int_,
    intc,
    integer,
    intp,
    isfortran,
    long,
    longlong,
    mask_indices,
    ndenumerate,
    ndindex,
    number,
    printoptions,
    set_printoptions,
    seterr,
    seterrcall,
    short,
    signedinteger,
    single,
    typename,
    ubyte,
    uint,
    uintc,
    uintp,
    ulong,
    ulonglong,
    unsignedinteger,
    ushort,
    vectorize,
)
from .array.ops.numpy_index_tricks import c_, index_exp, mgrid, ogrid, r_, s_
from .array.ops.numpy_math import (
    allclose,
    amax,
    amin,
    angle,
    around,
    array_equal,
    array_equiv,
    cbrt,
    deg2rad,
    degrees,
    exp2,
    float_power,
    fmod,
    heaviside,
    isclose,
    iscomplex,
    iscomplexobj,
    isreal,
    isrealobj,
    mod,
    nan_to_num,
    power,
    rad2deg,
    radians,
    rint,
    true_divide,
)
from .array.ops.numpy_misc import (
    apply_over_axes,
    asanyarray,
    asarray_chkfinite,
    bartlett,
    blackman,
    common_type,
    copyto,
    hamming,
    hanning,
    issubdtype,
    iterable,
    kaiser,
    mintypecode,
    ndim,
    poly,
    polyadd,
    polyder,
    polydiv,
    polyint,
    polymul,
    polysub,
    put_along_axis,
    real_if_close,
    roots,
    row_stack,
    shape,
    size,
    sort_complex,
)
from .array.ops.numpy_more import (
    frombuffer,
    fromfile,
    fromfunction,
    fromiter,
    fromregex,
    fromstring,
    genfromtxt,
    geomspace,
    histogramdd,
    isscalar,
    load,
    loadtxt,
    logspace,
    may_share_memory,
    min_scalar_type,
    promote_types,
    save,
    savetxt,
    savez,
    savez_compressed,
    shares_memory,
    unwrap,
)
from .array.ops.numpy_poly1d import poly1d
from .array.ops.numpy_selection import (
    choose,
    compress,
    cross,
    diagonal,
    extract,
    fill_diagonal,
    ix_,
    piecewise,
    place,
    put,
    putmask,
    select,
    trace,
)
from .array.ops.numpy_sets import (
    argpartition,
    intersect1d,
    lexsort,
    partition,
    setdiff1d,
    setxor1d,
    union1d,
    unique,
)
from .array.ops.numpy_shapes import (
    append,
    apply_along_axis,
    array_split,
    ascontiguousarray,
    asfortranarray,
    atleast_1d,
    atleast_2d,
    atleast_3d,
    block,
    broadcast,
    column_stack,
    concatenate,
    copy,
    delete,
    diag,
    diag_indices,
    diag_indices_from,
    diagflat,
    dsplit,
    dstack,
    fliplr,
    flipud,
    hsplit,
    hstack,
    identity,
    indices,
    insert,
    ravel_multi_index,
    require,
    resize,
    rollaxis,
    rot90,
    split,
    tri,
    tril_indices,
    tril_indices_from,
    trim_zeros,
    triu_indices,
    triu_indices_from,
    unravel_index,
    vsplit,
    vstack,
)
from .array.ops.numpy_signal import (
    convolve,
    correlate,
    ediff1d,
    gradient,
    interp,
    polyfit,
    polyval,
    trapezoid,
    vander,
)
from .array.ops.numpy_stats import (
    average,
    corrcoef,
    cov,
    digitize,
    histogram2d,
    histogram_bin_edges,
    nanargmax,
    nanargmin,
    nancumprod,
    nancumsum,
    nanpercentile,
    nanprod,
    nanstd,
    nanvar,
    percentile,
    ptp,
)
from .array.ops.numpy_ufuncs import (
    absolute,
    arccos,
    arccosh,
    arcsin,
    arcsinh,
    arctan,
    arctan2,
    arctanh,
    bitwise_count,
    bitwise_not,
    conjugate,
    fabs,
    fmax,
    fmin,
    i0,
    invert,
    left_shift,
    matvec,
    right_shift,
    vdot,
    vecmat,
)

e = 2.718281828459045
euler_gamma = 0.5772156649015329
inf = float("inf")
nan = float("nan")
pi = 3.141592653589793
newaxis = None
ndarray = Array  # NumPy's and CuPy's name of the array type (isinstance(x, vt.ndarray))

__all__ = [
    "sinc", "special", "matmul", "linalg",
    "dot", "einsum", "inner", "kron", "outer", "tensordot",
    "argsort", "isin", "median", "nanmedian", "nanquantile", "quantile", "searchsorted", "sort", "topk",
    "unique_all", "unique_counts", "unique_inverse", "unique_values",
    "concat", "diff", "flatten", "pad", "ravel", "repeat", "roll", "stack", "swapaxes", "take", "take_along_axis",
    "tile", "transpose", "unstack",
    "all", "any", "argmax", "argmin", "count_nonzero", "logsumexp", "max", "mean", "min", "nanmax", "nanmean",
    "nanmin", "nansum", "prod", "std", "sum", "var", "vecdot",
    "argwhere", "bincount", "cumprod", "cumsum", "cumulative_prod", "cumulative_sum", "flatnonzero", "histogram",
    "nonzero",
    "__array_api_version__", "__array_namespace_info__", "Array", "Device", "abs", "acos", "acosh", "add",
    "arange", "asarray", "asin", "asinh", "astype", "atan", "atan2", "atanh", "bitwise_and", "bitwise_invert",
    "bfloat16", "bitwise_left_shift", "bitwise_or", "bitwise_right_shift", "bitwise_xor", "bool", "broadcast",
    "broadcast_arrays", "dtype",
    "broadcast_shapes", "broadcast_to", "can_cast", "ceil", "clip", "complex64", "complex128",
    "conj", "copysign", "cos", "cosh", "device",
    "divide", "e", "empty", "empty_like", "equal", "exp", "expand_dims", "expm1", "eye", "finfo", "flip",
    "float16", "float32", "float64", "floor", "floor_divide", "from_dlpack", "full", "full_like", "greater",
    "greater_equal", "hypot", "iinfo", "imag", "inf", "int16", "int32", "int64", "int8", "isdtype", "isfinite",
    "isinf", "isnan", "kp", "less", "less_equal", "linspace", "log", "log10", "log1p", "log2", "logaddexp",
    "logical_and", "logical_not", "logical_or", "logical_xor", "matrix_transpose", "maximum", "meshgrid",
    "minimum", "moveaxis", "multiply", "nan", "negative", "newaxis", "nextafter", "nn", "not_equal", "ones",
    "ones_like", "permute_dims", "pi", "positive", "pow", "random", "real", "reciprocal", "remainder",
    "reshape", "result_type", "round", "sign", "signbit", "sin", "sinh", "sqrt", "square", "squeeze",
    "subtract", "tan", "tanh", "tril", "triu", "trunc", "uint16", "uint32", "uint64", "uint8", "where", "zeros",
    "zeros_like",
    # NumPy's names beyond the standard, for code ported from NumPy (array/ops/numpy_*.py)
    "append", "apply_along_axis", "array_split", "ascontiguousarray", "asfortranarray", "atleast_1d", "atleast_2d",
    "atleast_3d",
    "block", "column_stack",
    "concatenate", "copy", "delete", "diag", "diag_indices", "diag_indices_from", "diagflat", "dsplit", "dstack",
    "fliplr", "flipud", "hsplit", "hstack", "identity", "indices", "insert", "ravel_multi_index", "resize",
    "rollaxis", "rot90", "split", "tri", "tril_indices", "tril_indices_from", "trim_zeros", "triu_indices",
    "triu_indices_from", "unravel_index", "vsplit", "vstack",
    "allclose", "amax", "amin", "angle", "around", "array_equal", "array_equiv", "cbrt", "deg2rad", "degrees",
    "exp2", "float_power", "fmod", "heaviside", "isclose", "iscomplex", "iscomplexobj", "isreal", "isrealobj",
    "mod", "nan_to_num", "power", "rad2deg", "radians", "rint", "true_divide",
    "average", "corrcoef", "cov", "digitize", "histogram2d", "histogram_bin_edges", "nanargmax", "nanargmin",
    "nancumprod", "nancumsum", "nanpercentile", "nanprod", "nanstd", "nanvar", "percentile", "ptp",
    "convolve", "correlate", "ediff1d", "gradient", "interp", "polyfit", "polyval", "trapezoid", "vander",
    "argpartition", "intersect1d", "lexsort", "partition", "setdiff1d", "setxor1d", "union1d", "unique",
    "divmod", "fix", "frexp", "gcd", "isneginf", "isposinf", "lcm", "ldexp", "logaddexp2", "modf", "packbits",
    "spacing", "unpackbits",
    "choose", "compress", "cross", "diagonal", "extract", "fill_diagonal", "ix_", "piecewise", "place", "put",
    "putmask", "select", "trace",
    "frombuffer", "fromfile", "fromfunction", "fromiter", "fromregex", "fromstring", "genfromtxt", "geomspace",
    "histogramdd", "isscalar", "load", "loadtxt", "logspace", "may_share_memory", "min_scalar_type", "promote_types",
    "save", "savetxt", "savez",
    "savez_compressed", "shares_memory", "unwrap",
    "apply_over_axes", "asanyarray", "asarray_chkfinite", "bartlett", "blackman", "common_type", "copyto", "hamming",
    "hanning", "issubdtype", "iterable", "kaiser", "mintypecode", "ndim", "poly", "polyadd", "polyder", "polydiv",
    "polyint", "polymul", "polysub", "put_along_axis", "real_if_close", "roots", "row_stack", "shape", "size",
    "sort_complex",
    "poly1d",
    "array2string", "array_repr", "array_str", "base_repr", "binary_repr", "bool_", "byte", "cdouble",
    "complexfloating", "csingle", "double", "einsum_path", "errstate", "floating", "format_float_positional",
    "format_float_scientific", "generic", "get_printoptions", "geterr",
    "geterrcall", "half", "inexact", "int_", "intc", "integer", "intp", "isfortran", "long", "longlong",
    "mask_indices", "ndenumerate", "ndindex", "number", "printoptions", "set_printoptions", "seterr", "seterrcall",
    "short", "signedinteger", "single", "typename", "ubyte", "uint", "uintc", "uintp", "ulong", "ulonglong",
    "unsignedinteger", "ushort",
    "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "bitwise_count",
    "bitwise_not", "conjugate", "fabs", "fmax", "fmin", "i0", "invert", "left_shift", "matvec", "right_shift", "vdot",
    "vecmat",
    "c_", "euler_gamma", "index_exp", "mgrid", "ogrid", "r_", "s_", "require", "vectorize",
    "array", "ndarray",
]

_ufunc_methods.install(globals(), _ufunc_methods.BINARY)  # vt.add.reduce, vt.maximum.accumulate, vt.add.at ...
set_namespace(sys.modules[__name__])  # what Array.__array_namespace__ returns

_LAZY = ("random", "nn", "fft", "image", "polynomial", "emath")


def __dir__() -> list[str]:
    """The public names (what tab completion offers): ``__all__`` and the submodules loaded on first use, not the
    package's internals (``hal``, ``runtime`` ...) or its own imports."""
    return sorted({*__all__, *_LAZY})


def __getattr__(name: str) -> object:
    """``vt.random``, ``vt.nn``, ``vt.fft``, ``vt.image``, ``vt.polynomial`` and ``vt.emath`` load on first use."""
    if name in _LAZY:
        import importlib

        try:
            module = importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module 'vulkit' has no attribute {name!r}") from None
        globals()[name] = module
        return module
    raise AttributeError(f"module 'vulkit' has no attribute {name!r}")
