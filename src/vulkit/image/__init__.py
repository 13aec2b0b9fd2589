"""``vt.image``: image processing on the GPU with scikit-image and ``scipy.ndimage`` names and results.

Functions take H x W or H x W x C arrays (and N x H x W x C batches where it makes sense) of uint8, uint16,
float16 or float32, as vulkit arrays, NumPy arrays or Pillow images."""

from __future__ import annotations

from .composed import *  # noqa: F403 - composed.__all__
from .composed import __all__ as _COMPOSED

# -- filters and morphology (filters.py, morphology.py) -------------------------------------------------------
from .filters import *  # noqa: F403 - filters.__all__
from .filters import __all__ as _FILTERS
from .fourier import *  # noqa: F403 - fourier.__all__
from .fourier import __all__ as _FOURIER
from .interpolation import *  # noqa: F403 - interpolation.__all__
from .interpolation import __all__ as _INTERPOLATION
from .measurements import *  # noqa: F403 - measurements.__all__
from .measurements import __all__ as _MEASUREMENTS
from .morphology import *  # noqa: F403 - morphology.__all__
from .morphology import __all__ as _MORPHOLOGY
from .splines import *  # noqa: F403 - splines.__all__
from .splines import __all__ as _SPLINES

# isort: split

# -- geometry, colour, histograms and tone, input and output, FFT convolution (geometry, color, exposure, io, spectral)
from .color import *  # noqa: F403 - color.__all__
from .color import __all__ as _COLOR
from .exposure import *  # noqa: F403 - exposure.__all__
from .exposure import __all__ as _EXPOSURE
from .geometry import *  # noqa: F403 - geometry.__all__
from .geometry import __all__ as _GEOMETRY
from .io import *  # noqa: F403 - io.__all__
from .io import __all__ as _IO
from .spectral import fftconvolve

__all__: list[str] = [*_FILTERS, *_MORPHOLOGY, *_COMPOSED, *_MEASUREMENTS, *_INTERPOLATION, *_FOURIER, *_SPLINES,
                      *_COLOR, *_EXPOSURE, *_GEOMETRY, *_IO, "fftconvolve"]


def _named_functions() -> None:
    """Each function's errors name it, not the functions it is built from (``binary_opening`` on a bad structure
    raised ``binary_erosion: ...``; a bad size, Python's own message)."""
    from inspect import isfunction

    from ..array.ops.named_errors import named_errors

    for name in __all__:
        function = globals()[name]
        if isfunction(function):
            globals()[name] = named_errors(function, name)


_named_functions()
