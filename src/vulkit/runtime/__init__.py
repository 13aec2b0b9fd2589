"""vulkit.runtime: per-device state, the caching allocator and streams (the layer under the arrays).

API contract (what the array layer may rely on)
-----------------------------------------------
``context.current() -> DeviceContext`` — the current device's state, created on first use (one
per device index; ``device.set_device(i)`` switches; default: VULKIT_DEVICE, else the best device).
A DeviceContext has:

- ``.index`` (int), ``.device`` (hal.Device), ``.allocator`` (CachingAllocator), ``.stream`` (Stream),
  ``.properties`` (dict), ``.dtypes`` (tuple of dtype names the device supports),
  ``.direct_host_access`` (array memory is host-visible and mapped without staging);
- ``.pipeline(key, spirv, bindings, push_constant_size=0, specialization=()) -> hal.ComputePipeline``:
  cached by ``key`` (any hashable); ``bindings`` is a number of storage buffers (bindings 0..n-1)
  or (binding, kind) pairs; uses push descriptors when the device has them;
- ``.kernels`` (:class:`~vulkit.runtime.kernels.KernelCache`): ``get(spec) -> Kernel``, a kernel family's
  spec compiled once per device; ``.plans`` (:class:`~vulkit.runtime.kernels.PlanCache`): operations' plans
  by a key of their choosing.

``CachingAllocator.allocate(nbytes) -> Allocation``. An Allocation has ``.buffer`` (hal.Buffer),
``.offset``, ``.size`` (bytes ≥ nbytes; 0 bytes still gives a valid range), ``.nbytes``, ``.last_use`` /
``.last_write`` (stream batch values, kept by the stream), ``.free()`` (idempotent; also on ``with`` exit
and on garbage collection), ``.freed``. A small freed range is reused once its batch has finished or the
stream has recorded a barrier since its last use; a large one at once, with the stream putting a barrier
before the next writer. ``Allocation.external(buffer, offset=0, size=None)`` wraps memory the runtime does
not own (a kp.Tensor's buffer) so that streams can use it; streams take only Allocation objects (no duck
types: they keep private fields on them). Out of memory: the cache is emptied and the allocation retried
before an ``errors.OutOfMemoryError`` (a MemoryError) says what was asked for and what is in use.
``release_finished()`` returns the freed ranges the GPU has finished with (a context's ``synchronize()``
calls it); ``empty_cache()`` then gives unused blocks back to the driver.

``Stream`` (one per device context; its operations and the allocator's hold one shared RLock, so
threads may use arrays at once):

- ``dispatch(pipeline, resources, push=b"", groups=(1, 1, 1), reads=None, writes=None)``:
  ``resources`` one per binding, an Allocation or ``(Allocation, byte_offset, byte_size)``;
  ``reads``/``writes`` the allocations read/written (both None: all resources are read and
  written). A barrier is recorded only if the dispatch depends on earlier unfinished work (RAW, WAW,
  WAR on the same allocation). Batches are submitted on their own when long (32 ops or 4096 workgroups
  after a wait, doubling up to ``max_batch_ops`` (512) ops).
- ``dispatch_to(pipeline, inputs, output, push, groups)``: the eager elementwise op's entry (whole
  allocations bound in order, inputs read, the output written, ``groups`` along x).
- ``mark(timestamps=None, query=0) -> int``: order later work after earlier work (optionally writing a
  GPU timestamp); ``retire(resource, value)``: destroy a hal object once batch ``value`` has finished.
- ``copy(src, dst, nbytes, src_offset=0, dst_offset=0)``; ``fill(dst, value32, nbytes=None, offset=0)``
  (offset and nbytes multiples of 4).
- ``write(allocation, data, offset=0)``: host → device, never waits for the GPU (mapped directly
  when host-visible and idle, else through the staging ring with a recorded copy).
- ``read(allocation, nbytes=None, offset=0) -> np.ndarray[uint8]`` and
  ``read_into(allocation, out, offset=0)``: submit, wait only for the batch that last wrote the
  allocation, copy out.
- ``flush() -> int`` (submit the open batch; value of the last submitted batch), ``synchronize()``,
  ``completed`` (last finished batch value, queried), ``known_completed`` (last value seen, no
  query), ``current_value`` (the open batch's value), ``submitted``, ``wait(value)``,
  ``is_done(value)``; counters ``barriers`` and ``batches``.

``device`` is the ``vulkit.device`` module: is_available, device_count, set_device, current_device,
get_device_name, get_device_properties, synchronize, memory_stats (flat PyTorch-style dict),
memory_allocated, max_memory_allocated, memory_reserved, max_memory_reserved,
reset_peak_memory_stats, reset_accumulated_memory_stats, empty_cache, memory_summary; and ``Event``.

Importing this package creates no Vulkan object.
"""

from __future__ import annotations

from . import context, device
from .allocator import Allocation, CachingAllocator
from .context import DeviceContext, current
from .stream import Stream

__all__ = ["Allocation", "CachingAllocator", "DeviceContext", "Stream", "context", "current", "device"]
