"""Kernel generation: the GLSL of each op family, one module per family, and the math library.

- :mod:`.glsl`: what every family writes the same way (header, buffer blocks, dtype conversions, coordinates);
- :mod:`.mathlib`: the math library the elementwise expressions call (exp, log, sin, division ...), as GLSL
  include files in ``glsl/`` (:mod:`.math_constants` says how their coefficients were computed);
- :mod:`.elementwise`: elementwise kernels (:class:`~.elementwise.ElementwiseSpec`);
- :mod:`.indexing`: gather and scatter (:class:`~.indexing.IndexSpec`).

A family's spec is a frozen dataclass that :class:`vulkit.runtime.kernels.KernelCache` compiles; reductions,
matrix products, image filters, user and fused kernels add modules here the same way. Nothing here talks
to Vulkan.
"""
