"""Random numbers generated on the GPU: NumPy's legacy functions and a ``default_rng`` Generator.

Legacy names and argument order: ``seed``, ``uniform``, ``normal``, ``standard_normal``, ``randint``, ``random``
(``random_sample``), ``rand``, ``randn``, ``permutation``, ``shuffle``, ``choice`` and the distributions of
:mod:`.random_distributions` (exponential, gamma, beta, Poisson...: the module generator's bound methods, as NumPy's
legacy functions are). ``default_rng(seed)`` gives a :class:`Generator` with NumPy's method names (``random``,
``uniform``, ``normal``, ``standard_normal``, ``integers``, ``permutation``, ``shuffle``, ``choice`` and those
distributions) and a stream of its own.

Values come from Philox-4x32-10 (counter-based): element ``i`` of a generator's ``n``-th call after it was
seeded with ``s`` is a pure function of (s, n, i), so results are reproducible for a given seed and sequence of
calls, on any device. The streams differ from NumPy's (a different generator). ``normal`` uses Box-Muller;
integers map 32 random bits onto the range by a multiply-shift (ranges up to 2**32 - 1; bias below 2**-32 *
range). A permutation sorts 64 random bits per element (``argsort``, stable: equal keys, about n**2 / 2**65
pairs, keep their order); weighted choice searches the running sum of the weights (``cumulative_sum``,
``searchsorted``), and without replacement takes the smallest of exponential keys scaled by 1 / p (a weighted
draw one at a time, in one sort).
"""

from __future__ import annotations

import math
import operator
import os
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, asarray_like, make_array, view
from .array.layout import as_shape, normalize_axes
from .array.ops.creation import _context_of, default_float, default_int
from .array.ops.engine import TABLE, apply, check_writable
from .array.ops.registry import register
from .random_distributions import SAMPLERS, Distributions, float_dtype

# Philox-4x32-10 keyed by (a, b), counter (i, c); d, e: the distribution's parameters
_GENERATORS = {
    "random_uniform": register(
        "random_uniform", 5, "explicit",
        {"f": "min(d + (e - d) * vt_unif(vt_philox(a, b, i, c).x, vt_philox(a, b, i, c).y), e)"}, ("vt_uniform",),
        typed_by_result=True),
    "random_normal": register("random_normal", 5, "explicit", {"f": "d + e * vt_gauss(vt_philox(a, b, i, c))"},
                              ("vt_gauss",), typed_by_result=True),
    "random_integers": register("random_integers", 5, "explicit",
                                {"int": "d + T(vt_bounded(vt_philox(a, b, i, c).x, e))"}, ("vt_philox",),
                                typed_by_result=True),
    "random_bits": register("random_bits", 3, "explicit",
                            {"uint64_t": "packUint2x32(vt_philox(a, b, i, c).xy)", "uint": "vt_philox(a, b, i, c).x"},
                            ("vt_philox",), typed_by_result=True),
    **SAMPLERS,
}

_DISTRIBUTIONS = ("standard_exponential", "exponential", "lognormal", "laplace", "logistic", "gumbel", "rayleigh",
                  "weibull", "pareto", "power", "standard_cauchy", "geometric", "standard_gamma", "gamma", "beta",
                  "chisquare", "standard_t", "f", "poisson", "binomial", "multivariate_normal", "dirichlet")
__all__ = ["Generator", "choice", "default_rng", "normal", "permutation", "rand", "randint", "randn", "random",
           "random_sample", "seed", "shuffle", "standard_normal", "uniform", *_DISTRIBUTIONS]

_MASK64 = (1 << 64) - 1


def _entropy() -> int:
    return int.from_bytes(os.urandom(8), "little")


def _uniform_bounds(low: float, high: float, dtype: dt.DType) -> tuple[float, float]:
    """The least value of ``dtype`` >= low and the greatest < high (but not less than the first)."""
    kind = dtype.np.type
    with np.errstate(over="ignore"):  # beyond float16's range: infinity, then one step back to the largest
        first, last = kind(low), kind(high)
    if float(first) < low:
        first = np.nextafter(first, kind(math.inf))
    if float(last) >= high:
        last = np.nextafter(last, kind(-math.inf))
    return float(first), float(max(first, last))


def _splitmix64(value: int) -> int:
    """A well-mixed 64-bit key from a seed (SplitMix64's finaliser), so nearby seeds give unrelated keys."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


class Generator(Distributions):
    """A stream of random numbers on the GPU with the method names of NumPy's ``Generator``
    (``vt.random.default_rng(seed)``). Each call draws from its own counter value: the same seed and sequence
    of calls give the same values on any device."""

    def __init__(self, key: int) -> None:
        self._key = key & _MASK64
        self._counter = 0

    def __repr__(self) -> str:
        return "Generator(Philox-4x32-10)"

    # -- the kernels ---------------------------------------------------------------------------------------------
    def _generate(self, name: str, size: Any, dtype: dt.DType, params: tuple[Any, ...], device: Any,
                  param_dtypes: tuple[dt.DType, ...]) -> Array:
        ctx = _context_of(device)
        out = make_array(ctx, as_shape(() if size is None else size), dtype)
        if out.size == 0:
            return out
        counter = self._counter
        self._counter = (counter + 1) & 0xFFFFFFFF
        key = self._key
        args = (key & 0xFFFFFFFF, key >> 32, counter, *params)
        return apply(_GENERATORS[name], args, out=out, dtype=dtype, op_dtypes=(dt.uint32,) * 3 + param_dtypes)

    # -- distributions -----------------------------------------------------------------------------------------
    def random(self, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples from [0, 1) (default dtype float64 where the device has it)."""
        return self.uniform(0.0, 1.0, size, dtype=dtype, device=device)

    def uniform(self, low: float = 0.0, high: float = 1.0, size: Any = None, *, dtype: Any = None,
                device: Any = None) -> Array:
        """Samples from [low, high); low when low == high. ValueError when high < low, OverflowError when
        high - low is not finite (NumPy's Generator)."""
        target = float_dtype(dtype, device)
        low, high = float(low), float(high)
        if not math.isfinite(high - low):
            raise OverflowError("high - low range exceeds valid bounds")
        if high < low:
            raise ValueError("high - low < 0")
        first, last = _uniform_bounds(low, high, target)
        # NOTE: the kernel clamps first + (last - first) * u to last: its roundings (in float32 for float16)
        # can land on last's upper neighbour, possibly high itself.
        return self._generate("random_uniform", size, target, (first, last), device, (target, target))

    def normal(self, loc: float = 0.0, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
               device: Any = None) -> Array:
        """Samples from the normal distribution N(loc, scale**2); ValueError when scale < 0."""
        target = float_dtype(dtype, device)
        if scale < 0:
            raise ValueError("scale < 0")
        return self._generate("random_normal", size, target, (float(loc), float(scale)), device, (target, target))

    def standard_normal(self, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples from N(0, 1)."""
        return self.normal(0.0, 1.0, size, dtype=dtype, device=device)

    def integers(self, low: int, high: int | None = None, size: Any = None, dtype: Any = None,
                 endpoint: bool = False, *, device: Any = None) -> Array:
        """Integers from [low, high) ([low, high] with ``endpoint``; from 0 when high is None), as NumPy's
        Generator (default dtype int64 where the device has it). Ranges of at most 2**32 - 1 values."""
        target, low, span = _integer_range("integers", low, high, dtype, device, endpoint)
        return self._generate("random_integers", size, target, (low, span), device, (target, dt.uint32))

    def _bits(self, n: int, device: Any) -> Array:
        """``n`` random keys: 64 bits each (32 where the device has no 64-bit integers)."""
        ctx = _context_of(device)
        dtype = dt.uint64 if "uint64" in ctx.dtypes else dt.uint32
        return self._generate("random_bits", (n,), dtype, (), device, ())

    # -- permutations ------------------------------------------------------------------------------------------
    def permutation(self, x: Any, axis: int = 0, *, device: Any = None) -> Array:
        """A random permutation of ``range(x)`` (an integer; default int dtype), or a copy of the array ``x``
        with its slices along ``axis`` in random order. Sorts one random key per position on the GPU."""
        from .array.ops.gather import take
        from .array.ops.sorting import argsort

        if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
            n = operator.index(x)
            if n < 0:
                raise ValueError(f"permutation: negative dimensions are not allowed: {n}")
            if n == 0:
                return make_array(_context_of(device), (0,), default_int(_context_of(device)))
            return argsort(self._bits(n, device))
        if not isinstance(x, Array):
            x = asarray_like(x, _context_of(device))
        if x.ndim == 0:
            raise ValueError("permutation: x must be an integer or an array of at least one dimension")
        axis = normalize_axes(axis, x.ndim, "permutation")[0]
        n = x.shape[axis]
        if n < 2:
            return x.copy()
        return take(x, argsort(self._bits(n, x.device)), axis=axis, mode="clip")

    def shuffle(self, x: Array, axis: int = 0) -> None:
        """Shuffle ``x`` in place along ``axis`` (its slices in random order)."""
        if not isinstance(x, Array):
            raise TypeError(f"shuffle: expected a vulkit array, got {type(x).__name__}")
        check_writable(x)
        shuffled = self.permutation(x, axis=axis)
        if x.size:
            apply(TABLE["copy"], (shuffled,), out=x, dtype=x.dtype)

    def choice(self, a: Any, size: Any = None, replace: bool = True, p: Any = None, axis: int = 0,
               shuffle: bool = True, *, device: Any = None) -> Array:
        """Random samples of ``a`` (an integer n: of range(n); an array: of its slices along ``axis``), as NumPy's
        Generator: ``size`` None gives one (a 0-d array), ``replace=False`` distinct positions, ``p`` the
        probability of each position (checked as NumPy checks it: non-negative, summing to 1; a vulkit ``p`` is
        checked on the GPU with one read back). ``shuffle`` is accepted: samples without replacement always come
        in random order."""
        from .array.ops.gather import take

        population = None
        if isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_)):
            n = operator.index(a)
            ctx = _context_of(device)
        else:
            population = a if isinstance(a, Array) else asarray_like(a, _context_of(device))
            if population.ndim == 0:
                raise ValueError("choice: a must be an integer or an array of at least one dimension")
            axis = normalize_axes(axis, population.ndim, "choice")[0]
            n = population.shape[axis]
            ctx = population._ctx
        shape = as_shape(() if size is None else size)
        k = math.prod(shape)
        if n <= 0 and k:
            raise ValueError("choice: a must be a positive integer unless no samples are taken" if population is None
                             else "choice: a cannot be empty unless no samples are taken")
        if n < 0:
            raise ValueError("choice: a must be a non-negative integer")
        device = ctx.index
        if not replace and k > n:
            raise ValueError("choice: cannot take a larger sample than population when replace is False")
        if p is not None:
            weights, positive = _probabilities(p, n, ctx)
            if not replace and positive < k:
                raise ValueError("choice: fewer non-zero entries in p than size")
            positions = self._weighted(weights, k, replace, device)
        elif replace:
            positions = self.integers(0, max(n, 1), (k,), device=device)
        else:
            positions = self.permutation(n, device=device)[:k]
        positions = positions.reshape(shape) if shape != positions.shape else positions
        if population is None:
            return positions
        return take(population, positions, axis=axis, mode="clip")

    def _weighted(self, weights: Array, k: int, replace: bool, device: Any) -> Array:
        """``k`` positions drawn with probabilities ``weights`` (on the GPU, summing to about 1)."""
        from .array.ops import elementwise as ew
        from .array.ops.scans import cumulative_sum
        from .array.ops.sorting import argsort, searchsorted

        n = weights.shape[0]
        if replace:
            ends = cumulative_sum(weights)
            total = view(ends, (), (), ends._offset + n - 1)  # the last running sum, as a 0-d view
            # below the total, strictly: a draw rounded up to it would fall past the last positive weight
            below = ew.nextafter(total, 0.0)
            draws = ew.minimum(ew.multiply(self.random((k,), dtype=weights.dtype, device=device), total), below)
            return searchsorted(ends, draws, side="right")
        # The k smallest of E_i / p_i (E_i exponential): the same law as drawing one position at a time with
        # probabilities proportional to the weights left (zero weights give infinity and come last).
        uniform = self.random((n,), dtype=weights.dtype, device=device)
        keys = ew.divide(ew.negative(ew.log1p(ew.negative(uniform))), weights)
        return argsort(keys)[:k]


def _probabilities(p: Any, n: int, ctx: Any) -> tuple[Array, int]:
    """``p`` as a float array on the device, checked as NumPy's Generator checks it, and its count of positive
    values; a vulkit ``p`` with one read back (its least value, sum and count together)."""
    dtype = default_float(ctx)
    if isinstance(p, Array):
        if p.ndim != 1:
            raise ValueError("choice: p must be 1-dimensional")
        weights = p.astype(dtype)
        from .array.ops.moving import stack
        from .array.ops.reductions import count_nonzero
        from .array.ops.reductions import min as least
        from .array.ops.reductions import sum as total

        low, whole, positive = (float(v) for v in stack([least(weights), total(weights),
                                                           count_nonzero(weights).astype(dtype)]).numpy())
    else:
        host = np.asarray(p, dtype=np.float64)
        if host.ndim != 1:
            raise ValueError("choice: p must be 1-dimensional")
        weights = asarray_like(host, ctx, dtype)
        low = float(host.min()) if host.size else 0.0
        whole, positive = float(host.sum()), float(np.count_nonzero(host))
    if weights.shape[0] != n:
        raise ValueError("choice: a and p must have the same size")
    if not low >= 0 or not math.isfinite(whole):
        raise ValueError("choice: probabilities are not non-negative")
    if abs(whole - 1.0) > math.sqrt(np.finfo(dtype.np).eps):
        raise ValueError("choice: probabilities do not sum to 1")
    return weights, int(positive)


def default_rng(seed: Any = None) -> Generator:
    """A new :class:`Generator` seeded with ``seed`` (a non-negative integer; None: the operating system's
    entropy; a Generator is returned as it is), as NumPy's ``default_rng``."""
    if isinstance(seed, Generator):
        return seed
    if seed is None:
        return Generator(_entropy())
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"default_rng: seed must be an integer or None, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError("default_rng: seed must be non-negative")
    return Generator(_splitmix64(int(seed) & _MASK64) ^ (int(seed) >> 64))


# -- NumPy's legacy functions: one generator for the module, restarted by seed() -------------------------------------
_GLOBAL = Generator(_entropy())


def seed(seed: int | None = None) -> None:
    """Restart the generator from ``seed`` (None: from the operating system's entropy)."""
    _GLOBAL._key = _entropy() if seed is None else int(seed) & _MASK64
    _GLOBAL._counter = 0


def uniform(low: float = 0.0, high: float = 1.0, size: Any = None, *, dtype: Any = None,
            device: Any = None) -> Array:
    """Samples from [low, high) (default dtype float64 where the device has it); low when low == high.

    ValueError when high < low, OverflowError when high - low is not finite (NumPy's Generator).
    """
    return _GLOBAL.uniform(low, high, size, dtype=dtype, device=device)


def normal(loc: float = 0.0, scale: float = 1.0, size: Any = None, *, dtype: Any = None,
           device: Any = None) -> Array:
    """Samples from the normal distribution N(loc, scale**2); ValueError when scale < 0."""
    return _GLOBAL.normal(loc, scale, size, dtype=dtype, device=device)


def _integer_range(function: str, low: int, high: int | None, dtype: Any, device: Any,
                   endpoint: bool) -> tuple[dt.DType, int, int]:
    """(dtype, low, number of values) of ``function``'s integers from [low, high) ([low, high] with ``endpoint``;
    from 0 when high is None), with NumPy's errors."""
    if high is None:
        low, high = 0, low
    low, high = int(low), int(high) + bool(endpoint)
    target = default_int(_context_of(device)) if dtype is None else dt.as_dtype(dtype)
    if target.kind not in "iu":
        raise TypeError(f"Unsupported dtype {target.name} for {function} (it needs an integer dtype)")
    info = np.iinfo(target.np)
    if low < info.min:
        raise ValueError(f"low is out of bounds for {target.name}")
    if high - 1 > info.max:
        raise ValueError(f"high is out of bounds for {target.name}")
    span = high - low
    if span <= 0:
        raise ValueError(f"low > high in {function}({low}, {high - 1}, endpoint=True)" if endpoint else
                         f"low >= high in {function}({low}, {high})")
    if span > 0xFFFFFFFF:
        raise ValueError(f"{function} supports ranges of at most 2**32 - 1 values, got {span}")
    return target, low, span


def randint(low: int, high: int | None = None, size: Any = None, dtype: Any = None, *,
            device: Any = None) -> Array:
    """Integers from [low, high) (from [0, low) when high is None), as NumPy's ``randint``.

    TypeError for a non-integer dtype; ValueError (NumPy's messages) for an empty range or bounds out of
    the dtype's range.
    """
    target, low, span = _integer_range("randint", low, high, dtype, device, False)
    return _GLOBAL._generate("random_integers", size, target, (low, span), device, (target, dt.uint32))


def random(size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
    """Samples from [0, 1)."""
    return _GLOBAL.uniform(0.0, 1.0, size, dtype=dtype, device=device)


def rand(*shape: int) -> Array:
    """Samples from [0, 1) of the given shape."""
    return _GLOBAL.uniform(0.0, 1.0, shape)


def randn(*shape: int) -> Array:
    """Standard normal samples of the given shape."""
    return _GLOBAL.normal(0.0, 1.0, shape)


def permutation(x: Any, *, device: Any = None) -> Array:
    """A random permutation of ``range(x)``, or a copy of the array x with its slices along axis 0 in random
    order (see :meth:`Generator.permutation`)."""
    return _GLOBAL.permutation(x, device=device)


def shuffle(x: Array) -> None:
    """Shuffle x in place along axis 0 (see :meth:`Generator.shuffle`)."""
    _GLOBAL.shuffle(x)


def choice(a: Any, size: Any = None, replace: bool = True, p: Any = None, *, device: Any = None) -> Array:
    """Random samples of range(a) or of the array a's slices along axis 0 (see :meth:`Generator.choice`)."""
    return _GLOBAL.choice(a, size, replace, p, device=device)


random_sample = random


def standard_normal(size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
    """Samples from N(0, 1)."""
    return _GLOBAL.normal(0.0, 1.0, size, dtype=dtype, device=device)


# the other distributions as NumPy's legacy functions are: the module generator's bound methods
for _name in _DISTRIBUTIONS:
    globals()[_name] = getattr(_GLOBAL, _name)
del _name
