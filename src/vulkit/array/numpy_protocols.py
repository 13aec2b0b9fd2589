"""What NumPy does with vulkit arrays.

- ``np.asarray(x)`` / ``np.array(x)``: a host copy (``__array__``); ``np.from_dlpack(x)`` and
  ``np.asarray(x, copy=False)`` share the memory where it is host-visible (see :meth:`Array.__dlpack__`).
- NumPy's ufuncs called as functions (``np.add(x, y)``, ``np.exp(x)``, ``ndarray + x``) run on the GPU as
  vulkit's function of the same meaning and give a vulkit array.
- Every other NumPy function (``np.sum(x)``, ``np.mean(x)``, ``np.concatenate``, a ufunc's ``reduce`` ...)
  raises TypeError naming the vulkit function to call, or ``x.numpy()`` where vulkit has none yet: NumPy
  would otherwise copy the data to the host silently and compute there.
- bfloat16, which NumPy lacks, crosses to the host as ``ml_dtypes.bfloat16`` arrays where ml_dtypes is installed
  (TypeError otherwise: convert with ``x.astype(vulkit.float32)`` first); it comes from ml_dtypes arrays, torch
  bfloat16 tensors, or any numbers, rounded to nearest even on float32's bits as the GPU rounds.
"""

from __future__ import annotations

from typing import Any

import numpy as np

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


# -- bfloat16 on the host: 16-bit words, float32's upper half ---------------------------------------------------
def is_torch_bfloat16(obj: Any) -> bool:
    """Whether ``obj`` is a torch tensor of torch.bfloat16 (torch is not imported: only an object of its type tells)."""
    return type(obj).__module__.startswith("torch") and str(getattr(obj, "dtype", "")) == "torch.bfloat16"


def bfloat16_words(values: Any) -> np.ndarray:
    """The bfloat16 words (uint16) of ``values``: ml_dtypes.bfloat16 arrays and torch.bfloat16 tensors as they are,
    other numbers as float32 rounded to nearest even (NaN a quiet NaN, infinities kept, beyond bfloat16's largest
    value infinity)."""
    if is_torch_bfloat16(values):
        import torch

        return values.detach().cpu().contiguous().view(torch.int16).numpy().view(np.uint16)
    array = np.asarray(values)
    if array.dtype.name == "bfloat16":  # ml_dtypes'
        return np.asarray(array, order="C").view(np.uint16)  # (ascontiguousarray makes 0-d arrays 1-d)
    bits = np.asarray(array, dtype=np.float32, order="C").view(np.uint32)
    rounded = (bits + np.uint32(0x7FFF) + ((bits >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)
    quiet_nan = (bits >> np.uint32(16)) | np.uint32(0x40)
    return np.where((bits & np.uint32(0x7FFFFFFF)) > np.uint32(0x7F800000), quiet_nan, rounded).astype(np.uint16)


def bfloat16_to_float32(words: np.ndarray) -> np.ndarray:
    """float32 values of bfloat16 words (exact)."""
    return (np.asarray(words, dtype=np.uint16).astype(np.uint32) << np.uint32(16)).view(np.float32)


def round_to_bfloat16(value: Any) -> float:
    """A Python number rounded to bfloat16, as a Python float."""
    return float(bfloat16_to_float32(bfloat16_words(np.float32(value))))


def host_values(x: Any) -> np.ndarray:
    """``x.numpy()`` for Python's numbers and printing (``item``, ``tolist``, ``repr``): bfloat16 as float32, which
    holds its values exactly, with or without ml_dtypes."""
    return x.astype("float32").numpy() if x.dtype.name == "bfloat16" else x.numpy()


def array_repr(x: Any, *options: Any, **named: Any) -> str:
    """NumPy's ``repr`` (``np.array_repr`` with ``options``) of x's values (a bfloat16 array's says
    ``dtype=bfloat16``)."""
    text = np.array_repr(host_values(x), *options, **named)
    return text.replace("dtype=float32", "dtype=bfloat16") if x.dtype.name == "bfloat16" else text


def vulkit_repr(text: str) -> str:
    """A vulkit array's repr from NumPy's of its values: ``Array(...)``."""
    return "Array" + text[len("array"):] if text.startswith("array") else f"Array({text})"
