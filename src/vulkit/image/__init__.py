"""``vt.image``: image processing on the GPU with scikit-image and ``scipy.ndimage`` names and results.

Functions take H x W or H x W x C arrays (and N x H x W x C batches where it makes sense) of uint8, uint16,
float16 or float32, as vulkit arrays, NumPy arrays or Pillow images."""

from __future__ import annotations

# -- filters and morphology (filters.py, morphology.py) -------------------------------------------------------

# -- geometry, colour, histograms and tone, input and output (geometry.py, color.py, exposure.py, io.py) -------

__all__: list[str] = []
