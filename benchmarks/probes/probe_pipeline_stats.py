"""What the driver made of each kernel: the statistics VK_KHR_pipeline_executable_properties reports (on NVIDIA:
registers per thread, shared memory, spills, ...) for every pipeline a statement creates, so that occupancy
questions (how many workgroups fit on an SM) have answers instead of guesses.

    python benchmarks/probes/probe_pipeline_stats.py "vt.matmul(a, a)" \
        --setup "a = vt.ones((256, 256), dtype=vt.float16)" [--dump DIR]

The extension and its feature are switched on by patching the device's creation (vulkit does not enable them:
capturing statistics may slow pipeline creation); ``--dump`` writes each executable's internal representations
where the driver offers any."""

from __future__ import annotations

import argparse
import struct
from pathlib import Path
from typing import Any

import cffi
import numpy as np
from probe_kernel_times import _name

import vulkit as vt
from vulkit.hal.vulkan import _ffi as vk_ffi
from vulkit.hal.vulkan import device as vk_device

EXTENSION = "VK_KHR_pipeline_executable_properties"
CAPTURE = 0x40 | 0x80  # VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR | ..._CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR
FEATURES, INFO, PROPERTIES, EXECUTABLE, STATISTIC, REPRESENTATION = range(1000269000, 1000269006)

ffi = cffi.FFI()
ffi.cdef("""
typedef struct { int32_t sType; void* pNext; uint64_t pipeline; } PipelineInfo;
typedef struct { int32_t sType; void* pNext; uint32_t stages; char name[256]; char description[256];
                 uint32_t subgroupSize; } ExecutableProperties;
typedef struct { int32_t sType; void* pNext; uint64_t pipeline; uint32_t executableIndex; } ExecutableInfo;
typedef struct { int32_t sType; void* pNext; char name[256]; char description[256]; int32_t format;
                 union { uint32_t b32; int64_t i64; uint64_t u64; double f64; } value; } Statistic;
typedef struct { int32_t sType; void* pNext; char name[256]; char description[256]; uint32_t isText;
                 size_t dataSize; void* pData; } Representation;
typedef int32_t (*GetProperties)(void*, const PipelineInfo*, uint32_t*, ExecutableProperties*);
typedef int32_t (*GetStatistics)(void*, const ExecutableInfo*, uint32_t*, Statistic*);
typedef int32_t (*GetRepresentations)(void*, const ExecutableInfo*, uint32_t*, Representation*);
""")


def add_device_extension(extension: str, feature: bytes | None, required: bool = True) -> None:
    """Patch the device's creation to turn ``extension`` on, with ``feature`` (a features struct's bytes: sType,
    pNext, then its fields) in the features chain (where the device lacks the extension: exit, unless not
    ``required``)."""
    choose, create = vk_device.Device._choose_extensions, vk_device.Device._create
    struct_bytes = vk_ffi.ffi.new("char[]", feature) if feature else None
    add = vk_ffi.Chain.add

    def chained(self: Any, struct_type: str, stype: int, **fields: Any) -> Any:
        item = add(self, struct_type, stype, **fields)
        if not any(m is struct_bytes for m in self._members):  # the feature struct follows the first one added
            item.pNext = vk_ffi.ffi.cast("void*", struct_bytes)
            self._tail = vk_ffi.ffi.cast("VkPhysicalDeviceCooperativeMatrixFeaturesKHR*", struct_bytes)  # same head
            self._members.append(struct_bytes)
        return item

    def choose_more(self: Any, wanted: Any) -> list[str]:
        if extension not in self.physical.extensions:
            if required:
                raise SystemExit(f"{self.physical.name} does not offer {extension}")
            return choose(self, wanted)
        return choose(self, [*wanted, extension])

    def create_chained(self: Any, slots: Any) -> None:
        if extension not in self.extensions or struct_bytes is None:
            create(self, slots)
            return
        vk_ffi.Chain.add = chained
        try:
            create(self, slots)
        finally:
            vk_ffi.Chain.add = add

    vk_device.Device._choose_extensions = choose_more
    vk_device.Device._create = create_chained


def _enable_capture(required: bool = True) -> None:
    """Patch the device's creation: the extension, its feature in the features chain, and every compute pipeline
    created with the capture flags (where the device lacks the extension: exit, unless not ``required``)."""
    add_device_extension(EXTENSION, struct.pack("=i4xQI4x", FEATURES, 0, 1), required)
    init = vk_device.Device.__init__

    def init_capturing(self: Any, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        original = self.fn.vkCreateComputePipelines

        def capturing(device: Any, cache: Any, count: int, infos: Any, allocator: Any, out: Any) -> Any:
            for i in range(count):
                infos[i].flags |= CAPTURE
            return original(device, cache, count, infos, allocator, out)

        self.fn.vkCreateComputePipelines = capturing

    vk_device.Device.__init__ = init_capturing


def _handle(value: Any) -> int:
    return int(vk_ffi.ffi.cast("uintptr_t", value))


def statistics(device: Any, pipeline: Any, dump: Path | None, label: str) -> dict[str, Any]:
    """The statistics of ``pipeline``'s first executable (a compute pipeline has one), by name."""
    get = device.instance.fn.vkGetDeviceProcAddr
    handle = ffi.cast("void*", _handle(device.handle))
    functions = {name: ffi.cast(kind, _handle(get(device.handle, name.encode())))
                 for name, kind in (("vkGetPipelineExecutablePropertiesKHR", "GetProperties"),
                                    ("vkGetPipelineExecutableStatisticsKHR", "GetStatistics"),
                                    ("vkGetPipelineExecutableInternalRepresentationsKHR", "GetRepresentations"))}
    info = ffi.new("ExecutableInfo*", {"sType": EXECUTABLE, "pipeline": _handle(pipeline), "executableIndex": 0})
    count = ffi.new("uint32_t*")
    functions["vkGetPipelineExecutableStatisticsKHR"](handle, info, count, ffi.NULL)
    stats = ffi.new("Statistic[]", [{"sType": STATISTIC}] * count[0])
    functions["vkGetPipelineExecutableStatisticsKHR"](handle, info, count, stats)
    found: dict[str, Any] = {}
    for s in stats[0:count[0]]:
        value = (bool(s.value.b32), s.value.i64, s.value.u64, s.value.f64)[s.format]
        found[ffi.string(s.name).decode()] = value
    if dump is not None:
        functions["vkGetPipelineExecutableInternalRepresentationsKHR"](handle, info, count, ffi.NULL)
        if count[0]:
            reps = ffi.new("Representation[]", [{"sType": REPRESENTATION}] * count[0])
            functions["vkGetPipelineExecutableInternalRepresentationsKHR"](handle, info, count, reps)
            buffers = [ffi.new("char[]", r.dataSize) for r in reps[0:count[0]]]
            for r, b in zip(reps[0:count[0]], buffers, strict=True):
                r.pData = b
            functions["vkGetPipelineExecutableInternalRepresentationsKHR"](handle, info, count, reps)
            for i, (r, b) in enumerate(zip(reps[0:count[0]], buffers, strict=True)):
                name = ffi.string(r.name).decode().replace(" ", "_").replace("/", "_")
                (dump / f"{label}-{i}-{name}.txt").write_bytes(ffi.buffer(b, r.dataSize)[:])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("statements", nargs="+")
    parser.add_argument("--setup", default="")
    parser.add_argument("--dump", type=Path)
    options = parser.parse_args()
    _enable_capture()
    from vulkit.runtime import context  # noqa: PLC0415 - after the patch, before the device exists

    if options.dump:
        options.dump.mkdir(parents=True, exist_ok=True)
    namespace: dict[str, Any] = {"vt": vt, "np": np}
    exec(options.setup, namespace)  # noqa: S102 - a probe runs what it is given
    for statement in options.statements:
        exec(statement, namespace)  # noqa: S102
    ctx = context.current()
    for index, kernel in enumerate(ctx.kernels):
        label = f"{index:02d}-{_name(kernel.spec)}"
        try:
            found = statistics(ctx.device, kernel.pipeline.handle, options.dump, label)
        except Exception as error:  # noqa: BLE001 - a probe reports and goes on
            found = {"error": f"{type(error).__name__}: {error}"}
        print(f"{label}: {found}\n    {kernel.spec}", flush=True)


if __name__ == "__main__":
    main()
