"""Random numbers generated on the GPU: NumPy's legacy functions and a ``default_rng`` Generator.

Legacy names and argument order: ``seed``, ``get_state``, ``set_state``, ``uniform``, ``normal``,
``standard_normal``, ``randint``, ``random_integers``, ``random`` (``random_sample``, ``ranf``, ``sample``),
``rand``, ``randn``, ``permutation``, ``shuffle``, ``choice``, ``bytes`` and the distributions of
:mod:`.random_distributions` and :mod:`.random_counts` (exponential, gamma, beta, Poisson, binomial,
hypergeometric, multinomial...): the bound methods of one :class:`RandomState` for the module, as NumPy's legacy
functions are. ``default_rng(seed)`` gives a :class:`Generator` with NumPy's method names (``random``,
``uniform``, ``normal``, ``standard_normal``, ``integers``, ``permutation``, ``permuted``, ``shuffle``, ``choice``,
``spawn``, ``bytes``, ``bit_generator.state`` and those distributions) and a stream of its own. Parameters are
scalars or arrays broadcast against each other and ``size``, as NumPy's.

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
import warnings
from typing import Any

import numpy as np

from .array import dtypes as dt
from .array.array import Array, asarray_like, make_array, view
from .array.layout import as_shape, normalize_axes
from .array.ops import elementwise as ew
from .array.ops.creation import _context_of, default_float, default_int
from .array.ops.engine import TABLE, apply, check_writable
from .array.ops.registry import register
from .random_counts import Counts
from .random_distributions import SAMPLERS, at_least_0, float_dtype, real
from .random_parameters import context_of, holds, is_scalar, on_device, output_shape, require

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
                  "weibull", "pareto", "power", "standard_cauchy", "triangular", "wald", "vonmises", "standard_gamma",
                  "gamma", "beta", "chisquare", "standard_t", "f", "noncentral_chisquare", "noncentral_f", "geometric",
                  "poisson", "binomial", "negative_binomial", "hypergeometric", "zipf", "logseries", "multinomial",
                  "multivariate_normal", "dirichlet")
_LEGACY = ("seed", "get_state", "set_state", "uniform", "normal", "standard_normal", "randint", "random_integers",
           "random_sample", "ranf", "sample", "rand", "randn", "permutation", "shuffle", "choice", "bytes",
           *_DISTRIBUTIONS)
__all__ = ["Generator", "RandomState", "default_rng", "random", *_LEGACY]

_MASK64 = (1 << 64) - 1


def _entropy() -> int:
    return int.from_bytes(os.urandom(8), "little")


def _uniform_bounds(low: Any, high: Any, dtype: dt.DType, xp: Any) -> tuple[Any, Any]:
    """The least values of ``dtype`` >= low and the greatest < high (but not less than the first): ``xp`` NumPy
    for scalars (as float64 NumPy values), vulkit's elementwise functions for arrays on the device."""
    def cast(v: Any) -> Any:
        return np.asarray(v, dtype.np) if xp is np else ew.astype(v, dtype)

    with np.errstate(over="ignore"):  # beyond float16's range: infinity, then one step back to the largest
        first, last = cast(low), cast(high)
    first = xp.where(first < low, xp.nextafter(first, math.inf), first)
    last = xp.where(last >= high, xp.nextafter(last, -math.inf), last)
    return first, xp.maximum(first, last)


def _splitmix64(value: int) -> int:
    """A well-mixed 64-bit key from a seed (SplitMix64's finaliser), so nearby seeds give unrelated keys."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


class Generator(Counts):
    """A stream of random numbers on the GPU with the method names of NumPy's ``Generator``
    (``vt.random.default_rng(seed)``). Each call draws from its own counter value: the same seed and sequence
    of calls give the same values on any device."""

    def __init__(self, key: int) -> None:
        self._key = key & _MASK64
        self._counter = 0
        self._spawned = 0  # children spawned so far: each child's key mixes in its number

    def __repr__(self) -> str:
        return "Generator(Philox-4x32-10)"

    # -- the kernels ---------------------------------------------------------------------------------------------
    def _generate(self, name: str, size: Any, dtype: dt.DType, params: tuple[Any, ...], ctx: Any,
                  param_dtypes: tuple[dt.DType, ...]) -> Array:
        """Run the sampler ``name`` for an array of ``size`` on ``ctx``'s device, its parameters floats or arrays
        that broadcast to it."""
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

    def uniform(self, low: Any = 0.0, high: Any = 1.0, size: Any = None, *, dtype: Any = None,
                device: Any = None) -> Array:
        """Samples from [low, high) (scalars or arrays); low where low == high. ValueError where high < low,
        OverflowError where high - low is not finite (NumPy's Generator)."""
        low, high = real("uniform", "low", low), real("uniform", "high", high)
        if not holds(lambda lo, hi: abs(hi - lo) < math.inf, low, high):
            raise OverflowError("uniform: high - low range exceeds valid bounds")
        require("uniform", lambda lo, hi: hi >= lo, "high - low < 0", low, high)
        ctx = context_of(device, low, high)
        target = float_dtype(dtype, ctx)
        shape = output_shape("uniform", size, low, high)
        if is_scalar(low, high):
            first, last = (float(v) for v in _uniform_bounds(np.float64(low), np.float64(high), target, np))
        else:
            wide = default_float(ctx)
            first, last = _uniform_bounds(on_device(low, ctx, wide), on_device(high, ctx, wide), target, ew)
        # NOTE: the kernel clamps first + (last - first) * u to last: its roundings (in float32 for float16)
        # can land on last's upper neighbour, possibly high itself.
        return self._generate("random_uniform", shape, target, (first, last), ctx, (target, target))

    def normal(self, loc: Any = 0.0, scale: Any = 1.0, size: Any = None, *, dtype: Any = None,
               device: Any = None) -> Array:
        """Samples from the normal distribution N(loc, scale**2) (scalars or arrays); ValueError where scale < 0."""
        return self._draw("normal", "normal", size, (real("normal", "loc", loc), at_least_0("normal", "scale", scale)),
                          dtype, device)

    def standard_normal(self, size: Any = None, dtype: Any = None, *, device: Any = None) -> Array:
        """Samples from N(0, 1)."""
        return self.normal(0.0, 1.0, size, dtype=dtype, device=device)

    def integers(self, low: Any, high: Any = None, size: Any = None, dtype: Any = None,
                 endpoint: bool = False, *, device: Any = None) -> Array:
        """Integers from [low, high) ([low, high] with ``endpoint``; from 0 when high is None), as NumPy's
        Generator (default dtype int64 where the device has it); bounds are integers or arrays of them (a vulkit
        array of bounds is read back to check them). Ranges of at most 2**32 - 1 values."""
        return self._integers("integers", low, high, size, dtype, endpoint, device)

    def _integers(self, function: str, low: Any, high: Any, size: Any, dtype: Any, endpoint: bool,
                  device: Any) -> Array:
        """``function``'s integers from [low, high) ([low, high] with ``endpoint``), its bounds checked once."""
        ctx = context_of(device, low, high)
        target, low, span = _integer_range(function, low, high, dtype, ctx, endpoint)
        shape = output_shape(function, size, low, span)
        params = tuple(on_device(v, ctx, d) if not isinstance(v, int) else v
                       for v, d in ((low, target), (span, dt.uint32)))
        return self._generate("random_integers", shape, target, params, ctx, (target, dt.uint32))

    def _bits(self, n: int, device: Any) -> Array:
        """``n`` random keys: 64 bits each (32 where the device has no 64-bit integers)."""
        ctx = _context_of(device)
        dtype = dt.uint64 if "uint64" in ctx.dtypes else dt.uint32
        return self._generate("random_bits", n, dtype, (), ctx, ())

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

    def permuted(self, x: Any, axis: int | None = None, out: Array | None = None) -> Array:
        """``x`` with each of its slices along ``axis`` shuffled on its own (axis None: all its elements as one),
        as NumPy's ``Generator.permuted``; written to ``out`` when given (it may be x). Sorts random keys along
        the axis on the GPU."""
        from .array.ops.gather import take_along_axis
        from .array.ops.sorting import argsort

        x = x if isinstance(x, Array) else asarray_like(x, _context_of(None))
        if out is not None:
            if not isinstance(out, Array) or out.shape != x.shape:
                raise ValueError(f"permuted: out must be a vulkit array of x's shape {x.shape}")
            check_writable(out)
        if axis is None:
            result = self.permutation(x.reshape(-1)).reshape(x.shape) if x.size > 1 else x.copy()
        else:
            axis = normalize_axes(axis, x.ndim, "permuted")[0]
            if x.shape[axis] < 2 or x.size == 0:
                result = x.copy()
            else:
                keys = self._bits(x.size, x.device).reshape(x.shape)
                result = take_along_axis(x, argsort(keys, axis=axis), axis=axis)
        if out is None:
            return result
        if out.size:
            apply(TABLE["copy"], (result,), out=out, dtype=out.dtype)
        return out

    def spawn(self, n_children: int) -> list[Generator]:
        """``n_children`` new Generators whose streams are independent of this one's and of each other's."""
        n_children = operator.index(n_children)
        if n_children < 0:
            raise ValueError("spawn: n_children must be non-negative")
        children = []
        for _ in range(n_children):
            self._spawned += 1
            children.append(Generator(_splitmix64(self._key ^ _splitmix64(self._spawned))))
        return children

    def bytes(self, length: int) -> bytes:
        """``length`` random bytes (drawn on the device, read back)."""
        length = operator.index(length)
        if length < 0:
            raise ValueError("bytes: length must be non-negative")
        words = self._bits((length + 3) // 4 or 1, None).numpy().astype(np.uint32)
        return words.tobytes()[:length]

    @property
    def bit_generator(self) -> _PhiloxState:
        """The generator's state as NumPy's ``bit_generator.state`` reads and restores it (a dict: Philox's key
        and this generator's call counter)."""
        return _PhiloxState(self)

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


class _PhiloxState:
    """A Generator's ``bit_generator``: its ``state`` read and set as a dict."""

    def __init__(self, generator: Generator) -> None:
        self._generator = generator

    @property
    def state(self) -> dict[str, Any]:
        return {"bit_generator": "Philox-4x32-10", "state": {"key": self._generator._key,
                                                             "counter": self._generator._counter}}

    @state.setter
    def state(self, value: dict[str, Any]) -> None:
        if not isinstance(value, dict) or value.get("bit_generator") != "Philox-4x32-10" or \
                not {"key", "counter"} <= set(value.get("state", {})):
            raise ValueError("set_state: state must be a dict from get_state() or bit_generator.state (vulkit's "
                             "generator is Philox-4x32-10, not NumPy's MT19937)")
        self._generator._key = int(value["state"]["key"]) & _MASK64
        self._generator._counter = int(value["state"]["counter"]) & 0xFFFFFFFF


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
    """A new :class:`Generator` seeded with ``seed`` (a non-negative integer, or a sequence of them; None: the
    operating system's entropy; a Generator is returned as it is), as NumPy's ``default_rng``."""
    if isinstance(seed, Generator):
        return seed
    if seed is None:
        return Generator(_entropy())
    if isinstance(seed, (list, tuple, np.ndarray)):
        words = np.asarray(seed)
        if words.dtype.kind not in "iu" or (words < 0).any():
            raise TypeError("default_rng: a seed sequence must hold non-negative integers")
        key = 0
        for word in words.ravel().tolist():
            key = _splitmix64(key ^ (int(word) & _MASK64)) ^ (int(word) >> 64)
        return Generator(key)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"default_rng: seed must be an integer or None, got {type(seed).__name__}")
    if seed < 0:
        raise ValueError("default_rng: seed must be non-negative")
    return Generator(_splitmix64(int(seed) & _MASK64) ^ (int(seed) >> 64))


def _integer_range(function: str, low: Any, high: Any, dtype: Any, ctx: Any,
                   endpoint: bool) -> tuple[dt.DType, Any, Any]:
    """(dtype, low, number of values) of ``function``'s integers from [low, high) ([low, high] with ``endpoint``;
    from 0 when high is None), with NumPy's errors; the bounds Python integers or (arrays) int64 NumPy arrays."""
    if high is None:
        low, high = 0, low
    low, high = (_integer_bound(function, v) for v in (low, high))
    high = high + bool(endpoint)
    target = default_int(ctx) if dtype is None else dt.as_dtype(dtype)
    if target.kind not in "iu":
        raise TypeError(f"Unsupported dtype {target.name} for {function} (it needs an integer dtype)")
    info = np.iinfo(target.np)
    if np.any(np.less(low, info.min)):
        raise ValueError(f"{function}: low is out of bounds for {target.name}")
    if np.any(np.greater(np.subtract(high, 1), info.max)):
        raise ValueError(f"{function}: high is out of bounds for {target.name}")
    span = np.subtract(high, low) if not isinstance(low, int) or not isinstance(high, int) else high - low
    if np.any(np.less_equal(span, 0)):
        raise ValueError(f"low > high in {function}({low}, {high - 1}, endpoint=True)" if endpoint else
                         f"low >= high in {function}({low}, {high})")
    if np.any(np.greater(span, 0xFFFFFFFF)):
        raise ValueError(f"{function} supports ranges of at most 2**32 - 1 values, got {np.max(span)}")
    return target, low, span


def _integer_bound(function: str, value: Any) -> Any:
    """A bound of integers: a Python int, or an array's values as int64 (a vulkit array read back)."""
    if isinstance(value, Array):
        value = value.numpy()
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    host = np.asarray(value)
    if host.dtype.kind not in "iu" and not (host.dtype.kind == "f" and (host == np.trunc(host)).all()):
        raise TypeError(f"{function}: bounds must be integers or arrays of them, got {type(value).__name__}")
    return int(host) if host.ndim == 0 else host.astype(np.int64)


class RandomState(Generator):
    """NumPy's legacy random state with its method names (``rand``, ``randn``, ``randint``, ``random_sample``,
    ``seed``, ``get_state``, ``set_state`` and the Generator's distributions), drawing from Philox as the
    Generator does; ``vt.random``'s module functions are the methods of one such state."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(0)
        self.seed(seed)

    def __repr__(self) -> str:
        return "RandomState(Philox-4x32-10)"

    def seed(self, seed: int | None = None) -> None:
        """Restart from ``seed`` (None: from the operating system's entropy)."""
        if seed is not None and (isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"seed: seed must be an integer or None, got {type(seed).__name__}")
        self._key = _entropy() if seed is None else int(seed) & _MASK64
        self._counter = 0

    def get_state(self) -> dict[str, Any]:
        """The state to restore with :meth:`set_state` (Philox's key and call counter, not NumPy's MT19937)."""
        return self.bit_generator.state

    def set_state(self, state: dict[str, Any]) -> None:
        """Restore a state from :meth:`get_state`."""
        self.bit_generator.state = state

    def random_sample(self, size: Any = None, *, dtype: Any = None, device: Any = None) -> Array:
        """Samples from [0, 1)."""
        return self.uniform(0.0, 1.0, size, dtype=dtype, device=device)

    ranf = sample = random_sample

    def rand(self, *shape: int) -> Array:
        """Samples from [0, 1) of the given shape."""
        return self.uniform(0.0, 1.0, shape)

    def randn(self, *shape: int) -> Array:
        """Standard normal samples of the given shape."""
        return self.normal(0.0, 1.0, shape)

    def randint(self, low: Any, high: Any = None, size: Any = None, dtype: Any = None, *,
                device: Any = None) -> Array:
        """Integers from [low, high) (from [0, low) when high is None), as NumPy's ``randint``; TypeError for a
        non-integer dtype, ValueError (NumPy's messages) for an empty range or bounds out of the dtype's range."""
        return self._integers("randint", low, high, size, dtype, False, device)

    def random_integers(self, low: Any, high: Any = None, size: Any = None) -> Array:
        """Integers from [low, high] (from [1, low] when high is None): NumPy's deprecated form of
        ``randint(low, high + 1)``, with its DeprecationWarning."""
        warnings.warn("random_integers is deprecated: call randint(low, high + 1) instead", DeprecationWarning,
                      stacklevel=2)
        if high is None:
            low, high = 1, low
        return self._integers("random_integers", low, high, size, None, True, None)


# -- NumPy's legacy functions: the bound methods of one state for the module, restarted by seed() ------------------
_GLOBAL = RandomState()
for _name in _LEGACY:
    globals()[_name] = getattr(_GLOBAL, _name)
del _name
random = _GLOBAL.random_sample
