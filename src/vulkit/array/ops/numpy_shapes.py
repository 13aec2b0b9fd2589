"""NumPy names beyond the array API standard (filled in by the NumPy-compatibility work)."""

from __future__ import annotations

__all__: list[str] = []
