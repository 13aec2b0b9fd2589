"""The registry of elementwise operations: every module that owns operations registers them here.

The array library's own operations are in :mod:`.table`; ``vulkit.nn.functional`` registers the activations
and ``vulkit.random`` its generators, each beside the functions that call them. An operation is an
:class:`Entry`: its kernel definition (:class:`~vulkit.array.kernels.elementwise.OpDef`) and how its types are
resolved (``rule``, see :mod:`.promotion`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kernels.elementwise import OpDef


@dataclass(frozen=True, eq=False)
class Entry:
    """One elementwise operation: its kernel definition and how its types are resolved.

    Entries are singletons (``TABLE``): they compare and hash by identity, cheap in the hot path's cache keys.
    """

    op: OpDef
    rule: str


TABLE: dict[str, Entry] = {}


def register(name: str, nin: int, rule: str, exprs: dict[str, str], helpers: tuple[str, ...] = (),
             typed_by_result: bool = False) -> Entry:
    """Add the operation ``name`` (``nin`` inputs; GLSL ``exprs`` by dtype class calling the math library's
    ``helpers``) typed by ``rule``; ValueError where the name is taken."""
    if name in TABLE:
        raise ValueError(f"an elementwise operation named {name!r} is registered already")
    entry = TABLE[name] = Entry(OpDef(name, nin, exprs, tuple(helpers), typed_by_result), rule)
    return entry
