"""What the geometry, colour, tone and I/O functions of ``vt.image`` share: taking an image (a vulkit array, a NumPy
array or a Pillow image), checking its dtype, and seeing it as N x H x W x C."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..array import dtypes as dt
from ..array.array import Array, view
from ..array.layout import contiguous_strides
from ..array.ops.creation import asarray

IMAGE_DTYPES = ("uint8", "uint16", "float16", "float32", "float64")
ANY_DTYPES = tuple(d.name for d in dt.ALL)  # views (flip, crop) take any dtype


def as_image(x: Any, function: str, dtypes: tuple[str, ...] = IMAGE_DTYPES) -> Array:
    """``x`` as a vulkit array (a Pillow image through ``from_pil``); TypeError naming ``function`` for anything
    else or for a dtype outside ``dtypes``."""
    if not isinstance(x, Array):
        if type(x).__module__.startswith("PIL.") and hasattr(x, "getbands"):
            from .io import from_pil
            x = from_pil(x)
        elif isinstance(x, (np.ndarray, list, tuple)) or hasattr(x, "__array__"):
            try:
                x = asarray(np.asarray(x))
            except (TypeError, ValueError) as error:
                raise TypeError(f"{function}: cannot take {type(x).__name__} as an image ({error})") from None
        else:
            raise TypeError(f"{function}: expected an image (vulkit or NumPy array, Pillow image), "
                            f"got {type(x).__name__}")
    if x.dtype.name not in dtypes:
        hint = "; convert int32 and wider integers to float64 first" if x.dtype.kind in "iu" and "float64" in dtypes \
            else ""
        raise TypeError(f"{function}: {x.dtype.name} images are not supported (supported: {', '.join(dtypes)}{hint})")
    return x


class Layout(NamedTuple):
    """An image seen as N x H x W x C, and how to give a result the caller's layout back."""

    n: int
    h: int
    w: int
    c: int
    batch: bool
    channels: bool

    def shape(self, h: int, w: int, c: int | None = None) -> tuple[int, ...]:
        """The caller's layout of an image of h x w (and c channels, default the input's)."""
        c = self.c if c is None else c
        return (*((self.n,) if self.batch else ()), h, w, *((c,) if self.channels else ()))


def layout(x: Array, function: str, batch: bool = True) -> Layout:
    """H x W, H x W x C or (``batch``) N x H x W x C; ValueError naming ``function`` otherwise."""
    shape = x.shape
    if x.ndim == 2:
        return Layout(1, shape[0], shape[1], 1, False, False)
    if x.ndim == 3:
        return Layout(1, *shape, False, True)
    if x.ndim == 4 and batch:
        return Layout(*shape, True, True)
    wanted = "H x W, H x W x C or N x H x W x C" if batch else "H x W or H x W x C"
    raise ValueError(f"{function}: expected an image of {wanted}, got shape {shape}")


def contiguous(x: Array) -> Array:
    """``x`` itself where C-contiguous, else a contiguous copy."""
    return x if x._contig else x.copy()


def shaped(x: Array, shape: tuple[int, ...]) -> Array:
    """The C-contiguous ``x`` seen with another ``shape`` of the same size: a view made directly (``reshape``'s
    general path costs a resize a third of its Python time); ``reshape`` where ``x`` is not contiguous."""
    if not x._contig:
        return x.reshape(shape)
    return view(x, shape, contiguous_strides(shape), x._offset)


def float_dtype(dtype: dt.DType) -> dt.DType:
    """The float type results of ``dtype`` images are computed in and returned as: float64 for float64, else
    float32 (scikit-image's ``_supported_float_type``, float16 widened as it does)."""
    return dt.float64 if dtype is dt.float64 else dt.float32


def dtype_max(dtype: dt.DType) -> float:
    """The largest value of an image of ``dtype`` (scikit-image's ``dtype_limits``): 255, 65535, or 1.0 for floats."""
    return float(np.iinfo(dtype.np).max) if dtype.kind in "iu" else 1.0


def check_choice(value: Any, choices: tuple[str, ...], name: str, function: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{function}: {name} must be one of {', '.join(map(repr, choices))}, got {value!r}")
    return value
