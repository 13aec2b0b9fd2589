"""vulkit.nn: neural-network building blocks (today: the activation functions in ``functional``)."""

from . import functional

__all__ = ["functional"]
