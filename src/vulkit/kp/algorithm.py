"""Algorithm: a SPIR-V compute shader bound to tensors/images, with its workgroup and constants."""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import DestroyedError, KpTypeError, KpValueError
from ..hal import SHADER_READ, SHADER_STAGE, SHADER_WRITE, ComputePipeline, DescriptorSet
from ..shaders import ShaderInfo, reflect
from .access import Access
from .constants import as_values, pack_push_constants, pack_spec_constants
from .memory import Image, Memory

if TYPE_CHECKING:
    from .manager import Manager

_BUFFER_KINDS = ("storage_buffer", "uniform_buffer")


class Algorithm:
    """A compute pipeline over ``tensors`` (binding i of set 0 is ``tensors[i]``).

    Made by :meth:`Manager.algorithm`. Everything is checked against the shader itself before the
    driver sees it: the bindings it declares, the size and types of its push-constant block, its
    specialization-constant ids and types, its local size.
    """

    def __init__(self, manager: Manager, tensors: Sequence[Memory], spirv: bytes,
                 workgroup: Sequence[int] | None = None, spec_consts: Any = None, push_consts: Any = None) -> None:
        self._manager_ref = weakref.ref(manager)
        self._pipeline: ComputePipeline | None = None
        self._descriptor_set: DescriptorSet | None = None
        self._destroyed = False
        self._spirv = b""
        self._tensors: list[Memory] = []
        self._workgroup_size = (1, 1, 1)
        if tensors or spirv:
            self.rebuild(tensors, spirv, workgroup, spec_consts, push_consts)

    # -- Kompute's API ----------------------------------------------------------------------------
    def rebuild(self, tensors: Sequence[Memory], spirv: bytes | None = None, workgroup: Sequence[int] | None = None,
                spec_consts: Any = None, push_consts: Any = None) -> None:
        """Rebuild over new tensors (and optionally a new shader, workgroup and constants).

        Without a new shader, the constants not given keep their values; the workgroup not given
        follows the first tensor, as in Kompute.
        """
        manager = self._manager_ref()
        if manager is None or not manager.is_alive():
            raise DestroyedError("the Manager of this algorithm was destroyed")
        if spirv is None and self._spirv:
            spirv = self._spirv
            spec_consts = self._spec_consts if spec_consts is None else spec_consts
            push_consts = self._push_consts if push_consts is None else push_consts
        try:
            info = reflect(spirv)
        except ValueError as exc:  # not SPIR-V: Kompute's RuntimeError too
            raise KpValueError(str(exc)) from None
        tensors = manager._own_memories(tensors, "algorithm")
        if not tensors:
            raise KpValueError("an algorithm needs at least one tensor or image")
        bindings = self._bindings(info, tensors)
        specialization = pack_spec_constants(info, spec_consts)
        push_bytes = pack_push_constants(info, push_consts) if as_values(push_consts, "push_consts") else b""
        group = self._workgroup(workgroup, tensors, manager)
        self._check_local_size(info, specialization, manager)
        limit = manager.device.limits["max_push_constants_size"]
        if info.push_constant_size > limit:
            raise KpValueError(f"the shader's push constants take {info.push_constant_size} bytes; "
                             f"the device allows {limit}")
        pipeline = ComputePipeline(manager.device, bytes(spirv), bindings, info.push_constant_size, specialization,
                                   entry_point=info.entry_point)
        try:
            descriptor_set = DescriptorSet(pipeline)
            descriptor_set.write([t.buffer if not isinstance(t, Image) else t.image for t in tensors])
        except BaseException:
            pipeline.destroy()
            raise
        self._release_pipeline()
        self._spirv = bytes(spirv)
        self._info = info
        self._tensors = list(tensors)
        self._workgroup_size = group
        self._spec_consts = as_values(spec_consts, "spec_consts")
        self._push_consts = as_values(push_consts, "push_consts")
        self._push_bytes = push_bytes
        self._pipeline = pipeline
        self._descriptor_set = descriptor_set
        self._destroyed = False
        self._accesses = self._compute_accesses()

    def get_tensors(self) -> list[Memory]:
        """The tensors and images the algorithm binds, in binding order."""
        return list(self._tensors)

    get_mem_objects = get_tensors  # Kompute 0.9's name (tensors and images are its "memory objects")

    def get_workgroup(self) -> tuple[int, int, int]:
        return self._workgroup_size

    def set_workgroup(self, workgroup: Sequence[int]) -> None:
        manager = self._manager_ref()
        self._workgroup_size = self._workgroup(workgroup, self._tensors, manager)

    def get_spec_consts(self) -> list[Any]:
        return list(self._spec_consts)

    def get_push_consts(self) -> list[Any]:
        return list(self._push_consts)

    def set_push_consts(self, values: Any) -> None:
        """Change the push constants used by dispatches that do not give their own."""
        self._push_bytes = pack_push_constants(self._info, values)
        self._push_consts = as_values(values, "push_consts")

    set_push_constants = set_push_consts

    def is_init(self) -> bool:
        return not self._destroyed and self._pipeline is not None and self._pipeline.alive

    def destroy(self) -> None:
        """Free the pipeline and descriptor set (idempotent); tensors are not touched."""
        manager = self.manager
        if not self._destroyed and manager is not None and manager.is_alive():
            manager.wait_for_running_sequences()  # a running sequence may still use the pipeline
        self._destroyed = True
        self._release_pipeline()

    # -- used by OpAlgoDispatch -----------------------------------------------------------------------
    @property
    def info(self) -> ShaderInfo:
        return self._info

    @property
    def manager(self) -> Manager | None:
        return self._manager_ref()

    def require_alive(self) -> None:
        if self._destroyed or self._pipeline is None or not self._pipeline._alive:
            raise DestroyedError("this algorithm was destroyed and cannot be used")
        for tensor in self._tensors:
            if tensor._destroyed or not tensor._primary._alive:
                tensor.require_alive()

    def pack_push_consts(self, values: Any) -> bytes:
        return pack_push_constants(self._info, values)

    def record_dispatch(self, command_buffer: Any, push_bytes: bytes | None) -> None:
        """Bind and dispatch (with ``push_bytes``, or the algorithm's own push constants)."""
        pipeline = self._pipeline
        command_buffer.bind_compute(pipeline, self._descriptor_set)
        if self._info.push_constant_size:
            data = push_bytes if push_bytes else self._push_bytes
            if not data:
                raise KpValueError(
                    f"the shader declares {self._info.push_constant_size} bytes of push constants, but none "
                    "were given to the algorithm or to OpAlgoDispatch")
            command_buffer.push_constants(pipeline, data)
        command_buffer.dispatch(*self._workgroup_size)

    @property
    def accesses(self) -> list[Access]:
        return self._accesses

    # -- checks ---------------------------------------------------------------------------------------
    @staticmethod
    def _bindings(info: ShaderInfo, tensors: Sequence[Memory]) -> list[tuple[int, str]]:
        declared = {}
        for binding in info.bindings:
            if binding.set != 0:
                raise KpValueError(f"the shader uses descriptor set {binding.set}; kp algorithms bind set 0 only")
            if binding.array_size != 1:
                raise KpValueError(f"binding {binding.binding} is an array of descriptors, which kp does not bind")
            declared[binding.binding] = binding
        result = []
        for index, tensor in enumerate(tensors):
            is_image = isinstance(tensor, Image)
            binding = declared.pop(index, None)
            if binding is None:
                result.append((index, "storage_image" if is_image else "storage_buffer"))
                continue
            if is_image and binding.kind != "storage_image":
                raise KpTypeError(f"binding {index} is a {binding.kind} in the shader, but an image was given")
            if not is_image and binding.kind not in _BUFFER_KINDS:
                raise KpTypeError(f"binding {index} is a {binding.kind} in the shader, but a tensor was given")
            result.append((index, binding.kind))
        if declared:
            missing = sorted(declared)
            raise KpValueError(
                f"the shader uses binding(s) {missing} of set 0, but only {len(tensors)} tensor(s) were given"
            )
        return result

    @staticmethod
    def _workgroup(workgroup: Sequence[int] | None, tensors: Sequence[Memory], manager: Any) -> tuple[int, int, int]:
        try:
            group = () if workgroup is None else tuple(workgroup)
        except TypeError:
            raise KpTypeError(f"workgroup must be three ints (x, y, z), got {workgroup!r}") from None
        if group in ((), (0, 0, 0)):
            first = tensors[0]
            if isinstance(first, Image):
                return (first.width(), first.height(), 1)
            return (first.size(), 1, 1)
        if len(group) != 3 or any(isinstance(g, (bool, np.bool_)) or not isinstance(g, (int, np.integer))
                                  for g in group):
            raise KpTypeError(f"workgroup must be three ints (x, y, z), got {workgroup!r}")
        group = tuple(int(g) for g in group)
        limits = manager.device.limits["max_compute_workgroup_count"]
        for axis, (count, limit) in enumerate(zip(group, limits, strict=True)):
            if not 1 <= count <= limit:
                raise KpValueError(f"workgroup[{axis}] = {count} is outside 1..{limit} on this device")
        return group  # type: ignore[return-value]

    @staticmethod
    def _check_local_size(info: ShaderInfo, specialization: list[tuple[int, bytes]], manager: Any) -> None:
        given = {cid: int.from_bytes(raw, "little") for cid, raw in specialization}
        size = [given.get(spec_id, default) if spec_id is not None else default
                for default, spec_id in zip(info.local_size, info.local_size_spec_ids, strict=True)]
        limits = manager.device.limits
        for axis, (extent, limit) in enumerate(zip(size, limits["max_compute_workgroup_size"], strict=True)):
            if not 1 <= extent <= limit:
                raise KpValueError(f"the shader's local size {tuple(size)} exceeds the device's limit on axis "
                                 f"{axis} ({limit})")
        invocations = size[0] * size[1] * size[2]
        if invocations > limits["max_compute_workgroup_invocations"]:
            raise KpValueError(f"the shader's local size {tuple(size)} has {invocations} invocations; the device "
                             f"allows {limits['max_compute_workgroup_invocations']}")

    def _compute_accesses(self) -> list[Access]:
        accesses = []
        declared = {b.binding: b for b in self._info.bindings}
        for index, tensor in enumerate(self._tensors):
            binding = declared.get(index)
            if binding is None:
                continue
            writes = self._info.writes(binding)
            flags = (SHADER_READ if self._info.reads(binding) else 0) | (SHADER_WRITE if writes else 0)
            accesses.append(Access(tensor._primary, SHADER_STAGE, flags, writes))
        return accesses

    def _release_pipeline(self) -> None:
        if self._descriptor_set is not None:
            self._descriptor_set.destroy()
            self._descriptor_set = None
        if self._pipeline is not None:
            self._pipeline.destroy()
            self._pipeline = None

    def __repr__(self) -> str:
        state = "" if self.is_init() else " (destroyed)"
        return f"<kp.Algorithm {len(self._tensors)} tensor(s), workgroup {self._workgroup_size}{state}>"
