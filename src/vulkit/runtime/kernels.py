"""The device context's two caches for the layers above: compiled kernels by their spec, and plans.

A *kernel spec* is a hashable description of one kernel of some family (elementwise, indexing; reductions,
matmul, user and fused kernels next). The family writes its GLSL; :class:`KernelCache` compiles it once per
device (the SPIR-V is kept on disk by ``vulkit.shaders``), makes the pipeline and keeps the :class:`Kernel`.
A *plan* is what an operation computed for operands of given types and layouts (its dispatches), kept in
:class:`PlanCache` under a key the operation chooses, so that a repeat skips the work.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from .. import shaders


class KernelSpec(Protocol):
    """What :class:`KernelCache` needs of a kernel family's spec (a frozen dataclass, say)."""

    addresses: bool  # arrays reached through buffer addresses in the push constants, not bound descriptors

    def source(self, float_controls: dict[str, tuple[int, ...]]) -> str:
        """The GLSL compute shader."""

    @property
    def bindings(self) -> int:
        """Storage buffers bound at 0..n-1 (0 where the kernel takes addresses)."""

    @property
    def push(self) -> struct.Struct:
        """The push constants' layout."""

    @property
    def groups_per(self) -> int:
        """Elements (or items) one workgroup covers along x: what a launcher divides by for its grid."""

    def require(self, context: Any) -> None:
        """Raise TypeError where the device lacks what the kernel needs (a dtype, a feature)."""

    # optionally ``optimize: bool``: compile with the optimizer (vulkit.shaders.compile_source's ``optimize``),
    # and ``finish_spirv(spirv) -> spirv``: a rewrite of the compiled module (types GLSL cannot spell yet)


class Kernel:
    """A compiled kernel: its spec, pipeline, push-constant packer and grid unit.

    ``scalar_perm``: the order in which scalars given in input order are pushed (None: as given), where the
    spec says (64-bit scalars first, for alignment)."""

    __slots__ = ("spec", "pipeline", "pack", "push_size", "addresses", "groups_per", "scalar_perm")

    def __init__(self, spec: KernelSpec, pipeline: Any) -> None:
        self.spec = spec
        self.pipeline = pipeline
        push = spec.push
        self.pack = push.pack
        self.push_size = push.size
        self.addresses = spec.addresses
        self.groups_per = spec.groups_per
        self.scalar_perm = getattr(spec, "scalar_perm", None)

    def __repr__(self) -> str:
        return f"<Kernel {self.spec!r}>"


class KernelCache:
    """The kernels of one device context by spec: compiled on first use, then found by one dict lookup."""

    def __init__(self, context: Any, include_dirs: Sequence[str] = ()) -> None:
        self._context = context
        self._kernels: dict[Any, Kernel] = {}
        self.include_dirs = tuple(include_dirs)

    def get(self, spec: KernelSpec) -> Kernel:
        """The kernel of ``spec``, compiled on first use (TypeError where the device cannot run it)."""
        kernel = self._kernels.get(spec)
        if kernel is None:
            kernel = self._kernels[spec] = self._compile(spec)
        return kernel

    def _compile(self, spec: KernelSpec) -> Kernel:
        context = self._context
        spec.require(context)
        source = spec.source(context.device.physical.float_controls)
        spirv = shaders.compile_source(source, include_dirs=getattr(spec, "include_dirs", ()),
                                       optimize=getattr(spec, "optimize", False))
        finish = getattr(spec, "finish_spirv", None)
        if finish is not None:
            spirv = finish(spirv)
        pipeline = context.pipeline(("kernel", spec), spirv, spec.bindings, spec.push.size)
        return Kernel(spec, pipeline)

    def __len__(self) -> int:
        return len(self._kernels)

    def __iter__(self) -> Iterator[Kernel]:
        return iter(list(self._kernels.values()))

    def __contains__(self, spec: object) -> bool:
        return spec in self._kernels


class PlanCache(dict):
    """Plans of operations by key (a dict, for the hot path's ``get``); :meth:`remember` keeps it bounded."""

    LIMIT = 4096  # NOTE: a loop over views of changing offsets makes one plan each

    def remember(self, key: Any, plan: Any) -> None:
        """Keep ``plan`` under ``key``, emptying the cache first when it holds LIMIT plans."""
        if len(self) >= self.LIMIT:
            self.clear()
        self[key] = plan
