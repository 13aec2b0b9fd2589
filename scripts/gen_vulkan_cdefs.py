"""Regenerate src/vulkit/hal/vulkan/_cdefs.py and _enums.py from vulkan_core.h (developer tool).

vulkit declares only the part of the Vulkan API it uses. The lists below name the functions and
structures; their dependencies (member types, enums, flags, handles) are found here, in the header.
Enum values become plain Python ints in _enums.py, but only those that the package's source names
(scanned for ``VK_*`` identifiers), so the module stays small and fast to import.

It also writes _vulkan_ffi.py, cffi's out-of-line ABI module built from those declarations, so that
importing vulkit does not parse C at run time (parsing takes about 250 ms; loading the module, 1 ms).

Run: python scripts/gen_vulkan_cdefs.py [/usr/include/vulkan/vulkan_core.h]   (needs cffi and pycparser)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "src" / "vulkit" / "hal" / "vulkan"

FUNCTIONS = """
vkCreateInstance vkDestroyInstance vkEnumeratePhysicalDevices vkGetInstanceProcAddr
vkEnumerateInstanceExtensionProperties vkEnumerateInstanceLayerProperties vkEnumerateInstanceVersion
vkGetPhysicalDeviceProperties2 vkGetPhysicalDeviceFeatures2 vkGetPhysicalDeviceMemoryProperties
vkGetPhysicalDeviceQueueFamilyProperties vkEnumerateDeviceExtensionProperties vkGetPhysicalDeviceFormatProperties
vkCreateDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT
vkCreateDevice vkDestroyDevice vkGetDeviceProcAddr vkGetDeviceQueue vkDeviceWaitIdle vkQueueSubmit
vkQueueWaitIdle
vkAllocateMemory vkFreeMemory vkMapMemory vkUnmapMemory vkFlushMappedMemoryRanges
vkInvalidateMappedMemoryRanges vkCreateBuffer vkDestroyBuffer vkGetBufferMemoryRequirements
vkBindBufferMemory vkGetBufferDeviceAddress
vkCreateImage vkDestroyImage vkGetImageMemoryRequirements vkBindImageMemory vkCreateImageView
vkDestroyImageView
vkCreateShaderModule vkDestroyShaderModule vkCreateDescriptorSetLayout vkDestroyDescriptorSetLayout
vkCreatePipelineLayout vkDestroyPipelineLayout vkCreatePipelineCache vkGetPipelineCacheData
vkDestroyPipelineCache vkCreateComputePipelines vkDestroyPipeline vkCreateDescriptorPool
vkDestroyDescriptorPool vkResetDescriptorPool vkAllocateDescriptorSets vkUpdateDescriptorSets vkFreeDescriptorSets
vkCreateCommandPool vkDestroyCommandPool vkAllocateCommandBuffers vkFreeCommandBuffers
vkBeginCommandBuffer vkEndCommandBuffer vkResetCommandBuffer vkResetCommandPool
vkCmdBindPipeline vkCmdBindDescriptorSets vkCmdPushConstants vkCmdDispatch vkCmdPipelineBarrier
vkCmdCopyBuffer vkCmdFillBuffer vkCmdUpdateBuffer vkCmdCopyBufferToImage vkCmdCopyImageToBuffer
vkCmdCopyImage vkCmdResetQueryPool vkCmdWriteTimestamp vkCmdPushDescriptorSetKHR
vkCreateFence vkDestroyFence vkWaitForFences vkResetFences vkGetFenceStatus
vkCreateSemaphore vkDestroySemaphore vkWaitSemaphores vkGetSemaphoreCounterValue vkSignalSemaphore
vkCreateQueryPool vkDestroyQueryPool vkGetQueryPoolResults vkResetQueryPool
""".split()

STRUCTS = """
VkPhysicalDeviceFeatures2 VkPhysicalDeviceVulkan11Features VkPhysicalDeviceVulkan12Features
VkPhysicalDeviceVulkan13Features VkPhysicalDeviceProperties2 VkPhysicalDeviceVulkan11Properties
VkPhysicalDeviceVulkan12Properties VkPhysicalDeviceVulkan13Properties VkPhysicalDeviceSubgroupProperties
VkPhysicalDevicePushDescriptorPropertiesKHR VkPhysicalDeviceDriverProperties
VkPhysicalDeviceShaderFloat16Int8Features VkPhysicalDevice16BitStorageFeatures
VkPhysicalDevice8BitStorageFeatures VkPhysicalDeviceTimelineSemaphoreFeatures
VkPhysicalDeviceBufferDeviceAddressFeatures VkPhysicalDeviceShaderAtomicInt64Features
VkPhysicalDeviceSubgroupSizeControlFeatures VkPhysicalDeviceSubgroupSizeControlProperties
VkPhysicalDeviceVulkanMemoryModelFeatures
VkTimelineSemaphoreSubmitInfo VkSemaphoreTypeCreateInfo VkSemaphoreWaitInfo VkSemaphoreSignalInfo
VkBufferDeviceAddressInfo VkMemoryAllocateFlagsInfo VkDebugUtilsMessengerCreateInfoEXT
VkWriteDescriptorSet VkMappedMemoryRange VkBufferCopy VkBufferImageCopy VkImageCopy
VkMemoryBarrier VkBufferMemoryBarrier VkImageMemoryBarrier VkSubmitInfo VkPipelineCacheCreateInfo
VkComputePipelineCreateInfo VkPipelineShaderStageRequiredSubgroupSizeCreateInfo
VkQueryPoolCreateInfo VkFenceCreateInfo VkSemaphoreCreateInfo VkCommandBufferAllocateInfo
VkCommandBufferBeginInfo VkCommandPoolCreateInfo VkDescriptorSetAllocateInfo VkDescriptorPoolCreateInfo
VkPipelineLayoutCreateInfo VkDescriptorSetLayoutCreateInfo VkShaderModuleCreateInfo VkImageViewCreateInfo
VkImageCreateInfo VkBufferCreateInfo VkMemoryAllocateInfo VkDeviceCreateInfo VkInstanceCreateInfo
VkLayerProperties VkExtensionProperties VkPhysicalDeviceMemoryProperties VkQueueFamilyProperties
VkMemoryRequirements VkFormatProperties VkValidationFeaturesEXT
""".split()

# VK_KHR_cooperative_matrix and VK_KHR_shader_bfloat16 are newer than the headers Debian ships; declared by hand
# from the spec.
EXTRA_CDEFS = """
typedef int32_t VkComponentTypeKHR;
typedef int32_t VkScopeKHR;
typedef struct VkCooperativeMatrixPropertiesKHR {
    VkStructureType sType;
    void* pNext;
    uint32_t MSize;
    uint32_t NSize;
    uint32_t KSize;
    VkComponentTypeKHR AType;
    VkComponentTypeKHR BType;
    VkComponentTypeKHR CType;
    VkComponentTypeKHR ResultType;
    VkBool32 saturatingAccumulation;
    VkScopeKHR scope;
} VkCooperativeMatrixPropertiesKHR;
typedef struct VkPhysicalDeviceCooperativeMatrixFeaturesKHR {
    VkStructureType sType;
    void* pNext;
    VkBool32 cooperativeMatrix;
    VkBool32 cooperativeMatrixRobustBufferAccess;
} VkPhysicalDeviceCooperativeMatrixFeaturesKHR;
typedef struct VkPhysicalDeviceShaderBfloat16FeaturesKHR {
    VkStructureType sType;
    void* pNext;
    VkBool32 shaderBFloat16Type;
    VkBool32 shaderBFloat16DotProduct;
    VkBool32 shaderBFloat16CooperativeMatrix;
} VkPhysicalDeviceShaderBfloat16FeaturesKHR;
typedef VkResult (*PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)(
    VkPhysicalDevice physicalDevice, uint32_t* pPropertyCount, VkCooperativeMatrixPropertiesKHR* pProperties);
PFN_vkVoidFunction vkGetInstanceProcAddr(VkInstance instance, const char* pName);
"""
EXTRA_ENUMS = {
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR": 1000506000,
    "VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR": 1000506001,
    "VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR": 1000141000,
    "VK_COMPONENT_TYPE_FLOAT16_KHR": 0,
    "VK_COMPONENT_TYPE_FLOAT32_KHR": 1,
    "VK_COMPONENT_TYPE_FLOAT64_KHR": 2,
    "VK_COMPONENT_TYPE_SINT8_KHR": 3,
    "VK_COMPONENT_TYPE_SINT16_KHR": 4,
    "VK_COMPONENT_TYPE_SINT32_KHR": 5,
    "VK_COMPONENT_TYPE_SINT64_KHR": 6,
    "VK_COMPONENT_TYPE_UINT8_KHR": 7,
    "VK_COMPONENT_TYPE_UINT16_KHR": 8,
    "VK_COMPONENT_TYPE_UINT32_KHR": 9,
    "VK_COMPONENT_TYPE_UINT64_KHR": 10,
    "VK_COMPONENT_TYPE_BFLOAT16_KHR": 1000141000,
    "VK_SCOPE_SUBGROUP_KHR": 3,
    "VK_QUEUE_FAMILY_IGNORED": 0xFFFFFFFF,
    "VK_WHOLE_SIZE": 0xFFFFFFFFFFFFFFFF,
}

PRIMITIVES = {
    "void", "char", "float", "double", "int", "size_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
    "int8_t", "int16_t", "int32_t", "int64_t",
}
BASE_TYPES = """
typedef uint32_t VkFlags;
typedef uint64_t VkFlags64;
typedef uint32_t VkBool32;
typedef uint64_t VkDeviceSize;
typedef uint64_t VkDeviceAddress;
typedef uint32_t VkSampleMask;
"""


class Header:
    """The pieces of vulkan_core.h, indexed by the name they define."""

    def __init__(self, text: str) -> None:
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = re.sub(r"//[^\n]*", "", text)
        self.text = text
        self.structs = {m[2]: m[0] for m in re.finditer(r"typedef (struct|union) (\w+) \{.*?\} \2;", text, re.S)}
        self.enums = {m[1]: m[0] for m in re.finditer(r"typedef enum (\w+) \{.*?\} \1;", text, re.S)}
        self.flags = {name: base for base, name in re.findall(r"typedef (VkFlags(?:64)?) (\w+);", text)}
        self.handles = set(re.findall(r"VK_DEFINE(?:_NON_DISPATCHABLE)?_HANDLE\((\w+)\)", text))
        self.aliases = dict(
            (new, old) for old, new in re.findall(r"typedef (Vk\w+) (Vk\w+);", text) if new not in self.flags
        )
        self.pfns = {m[1]: m[0] for m in re.finditer(r"typedef \w+\**\s*\(VKAPI_PTR \*PFN_(\w+)\)\(.*?\);", text, re.S)}
        self.pfns.update(
            {m[1]: m[0] for m in re.finditer(r"typedef \w+ \w+\**\s*\(VKAPI_PTR \*PFN_(\w+)\)\(.*?\);", text, re.S)}
        )
        self.defines = dict(re.findall(r"#define (VK_(?:MAX|UUID|LUID)\w*)\s+(\d+)U", text))
        self.enum_values: dict[str, int] = {}
        for body in self.enums.values():
            for name, value in re.findall(r"\b(VK_\w+) = ([^,\n}]+)", body):
                self.enum_values[name] = self._evaluate(value.strip())
        self.define_values = {
            name: int(value, 0) for name, value in re.findall(r"#define (VK_\w+)\s+(0x[0-9A-Fa-f]+|\d+)U?\b", text)
        }

    def _evaluate(self, value: str) -> int:
        if value in self.enum_values:
            return self.enum_values[value]
        value = value.rstrip("ULul")
        return int(value, 0)


class Emitter:
    """Collects declarations in dependency order."""

    def __init__(self, header: Header) -> None:
        self.header = header
        self.done: set[str] = set(PRIMITIVES) | {"VkFlags", "VkFlags64", "VkBool32", "VkDeviceSize",
                                                 "VkDeviceAddress", "VkSampleMask", "VkStructureType"}
        self.lines: list[str] = ["typedef int32_t VkStructureType;"]

    def type(self, name: str) -> None:
        if name.startswith("PFN_"):
            self.function(name[4:])
            return
        if name in self.done:
            return
        self.done.add(name)
        h = self.header
        if name in h.handles:
            self.lines.append(f"typedef struct {name}_T* {name};")
        elif name in h.enums:
            self.lines.append(f"typedef int32_t {name};")
        elif name in h.flags:
            base = "uint64_t" if h.flags[name] == "VkFlags64" else "uint32_t"
            self.lines.append(f"typedef {base} {name};")
        elif name in h.structs:
            body = h.structs[name]
            for member_type in self._member_types(body):
                self.type(member_type)
            self.lines.append(self._clean(body))
        elif name in h.aliases:
            self.type(h.aliases[name])
            self.lines.append(f"typedef {h.aliases[name]} {name};")
        else:
            raise KeyError(f"type {name} not found in the header")

    def function(self, name: str) -> None:
        if f"PFN_{name}" in self.done:
            return
        self.done.add(f"PFN_{name}")
        text = self.header.pfns[name]
        for member_type in re.findall(r"\b(Vk\w+|PFN_\w+)\b", text):
            if member_type != f"PFN_{name}" and member_type != name:
                self.type(member_type)
        self.lines.append(self._clean(text))

    @staticmethod
    def _member_types(body: str) -> list[str]:
        inner = body[body.index("{") + 1 : body.rindex("}")]
        return re.findall(r"\b(Vk\w+|PFN_\w+)\b", inner)

    @staticmethod
    def _clean(text: str) -> str:
        text = text.replace("VKAPI_PTR ", "").replace("VKAPI_ATTR ", "").replace("VKAPI_CALL ", "")
        text = re.sub(r"[ \t]+", " ", text)
        return re.sub(r"\n\s*\n", "\n", text)


def used_enum_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "src" / "vulkit").rglob("*.py"):
        if path.name in ("_cdefs.py", "_enums.py"):
            continue
        names.update(re.findall(r"\bVK_[A-Z0-9_]+\b", path.read_text()))
    return names


def build_ffi_module(cdefs: str) -> None:
    from cffi import FFI

    builder = FFI()
    builder.cdef(cdefs)
    builder.set_source("vulkit.hal.vulkan._vulkan_ffi", None)
    builder.emit_python_code(str(OUT_DIR / "_vulkan_ffi.py"))


def main() -> None:
    header_path = Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/include/vulkan/vulkan_core.h")
    header = Header(header_path.read_text())
    emitter = Emitter(header)
    for struct in STRUCTS:
        emitter.type(struct)
    for function in FUNCTIONS:
        emitter.function(function)
    defines = "\n".join(f"#define {k} {v}" for k, v in sorted(header.defines.items()))
    cdefs = "\n".join([defines, BASE_TYPES.strip(), *emitter.lines, EXTRA_CDEFS.strip()])
    (OUT_DIR / "_cdefs.py").write_text(
        f'"""Generated by scripts/gen_vulkan_cdefs.py from vulkan_core.h {header_path.name}; do not edit."""\n\n'
        f'CDEFS = """\n{cdefs}\n"""\n'
    )
    build_ffi_module(cdefs)
    known = {**header.define_values, **header.enum_values, **EXTRA_ENUMS}
    used = sorted(name for name in used_enum_names() if name in known)
    missing = sorted(name for name in used_enum_names() if name not in known)
    if missing:
        print("unknown VK_ names used in the source:", ", ".join(missing), file=sys.stderr)
    body = "\n".join(f"{name} = {known[name]}" for name in used)
    (OUT_DIR / "_enums.py").write_text(
        '"""Generated by scripts/gen_vulkan_cdefs.py: the Vulkan constants vulkit uses; do not edit."""\n\n'
        "# ruff: noqa: E501\n"
        f"{body}\n"
    )
    print(f"{len(emitter.lines)} declarations, {len(used)} constants")


if __name__ == "__main__":
    main()
