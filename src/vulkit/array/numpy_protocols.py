"""What NumPy does with vulkit arrays.

- ``np.asarray(x)`` / ``np.array(x)``: a host copy (``__array__``); ``np.from_dlpack(x)`` and
  ``np.asarray(x, copy=False)`` share the memory where it is host-visible (see :meth:`Array.__dlpack__`).
- NumPy's ufuncs called as functions (``np.add(x, y)``, ``np.exp(x)``, ``ndarray + x``) run on the GPU as
  vulkit's function of the same meaning and give a vulkit array.
- Every other NumPy function (``np.sum(x)``, ``np.mean(x)``, ``np.concatenate``, a ufunc's ``reduce`` ...)
  raises TypeError naming the vulkit function to call, or ``x.numpy()`` where vulkit has none yet: NumPy
  would otherwise copy the data to the host silently and compute there.
"""

from __future__ import annotations

from typing import Any

# NumPy's names where vulkit's (the array API's) differ
_RENAMED = {"absolute": "abs", "arccos": "acos", "arccosh": "acosh", "arcsin": "asin", "arcsinh": "asinh",
            "arctan": "atan", "arctan2": "atan2", "arctanh": "atanh", "concatenate": "concat", "power": "pow",
            "invert": "bitwise_invert", "left_shift": "bitwise_left_shift", "right_shift": "bitwise_right_shift",
            "true_divide": "divide", "mod": "remainder", "conjugate": "conj", "transpose": "permute_dims"}


def vulkit_name(name: str, namespace: Any) -> str | None:
    """The vulkit function for NumPy's ``name`` (None where vulkit has none)."""
    name = _RENAMED.get(name, name)
    return name if callable(getattr(namespace, name, None)) else None


def array_ufunc(namespace: Any, ufunc: Any, method: str, inputs: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """``Array.__array_ufunc__``: a ufunc's plain call on the GPU as vulkit's function (``out=`` a vulkit array
    too); TypeError otherwise."""
    name = vulkit_name(ufunc.__name__, namespace)
    if method != "__call__" or name is None or set(kwargs) - {"out"}:
        call = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
        raise TypeError(f"{call} is not supported on vulkit arrays{_advice(name, method, kwargs)}")
    out = kwargs.get("out")
    if out is not None:
        out = out[0] if isinstance(out, tuple) and len(out) == 1 else out
        return getattr(namespace, name)(*inputs, out=out)
    return getattr(namespace, name)(*inputs)


def array_function(namespace: Any, function: Any) -> Any:
    """``Array.__array_function__``: TypeError naming what to call instead."""
    name = vulkit_name(function.__name__, namespace)
    where = f": call vulkit.{name}" if name else ": vulkit has no such function yet"
    raise TypeError(f"numpy.{function.__name__} does not take vulkit arrays{where} "
                    "(x.numpy() gives a NumPy copy to use with NumPy)")


def _advice(name: str | None, method: str, kwargs: dict[str, Any]) -> str:
    if name is not None and method == "__call__":
        return f" with the arguments {sorted(set(kwargs) - {'out'})}: call vulkit.{name}"
    if method in ("reduce", "accumulate", "reduceat", "outer", "at"):
        return " (vulkit has no reductions yet): call it on x.numpy()"
    return ": call it on x.numpy()"
