"""The ``vulkit`` command: ``vulkit info | demo | bench | compile``."""

from __future__ import annotations

import argparse
import runpy
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

_REPO = Path(__file__).resolve().parents[2]


def _gib(nbytes: int) -> str:
    return f"{nbytes / 2**30:.1f} GiB"


def info(_: argparse.Namespace) -> int:
    """Print every Vulkan device with what vulkit uses of it, and the shader compiler."""
    from .hal import get_instance
    from .shaders import compiler_info

    instance = get_instance()
    default = instance.select()
    print(f"Vulkan instance {'.'.join(map(str, _version(instance.api_version)))}, "
          f"layers: {', '.join(instance.layers) or 'none'}")
    for device in instance.physical_devices:
        d = device.describe()
        mark = "  (default)" if device is default else ""
        print(f"\n[{d['index']}] {d['device_name']}{mark}")
        print(f"    type {d['device_type']}, Vulkan {d['api_version']}, driver {d['driver_name']} {d['driver_info']}")
        heaps = ", ".join(f"{_gib(h['size'])}{' device-local' if h['device_local'] else ''}" for h in d["memory_heaps"])
        print(f"    memory heaps: {heaps}; unified memory: {'yes' if d['unified_memory'] else 'no'}")
        families = ", ".join(
            f"#{q['index']} {q['count']}x {'+'.join(k for k in ('graphics', 'compute', 'transfer') if q[k])}"
            for q in d["queue_families"])
        print(f"    queue families: {families}")
        print(f"    subgroup size {d['subgroup_size']} (min {d['min_subgroup_size']}, max {d['max_subgroup_size']})")
        f = d["features"]
        flags = [name for name in ("float16", "int8", "int16", "int64", "float64", "buffer_device_address",
                                   "push_descriptor", "timeline_semaphore", "subgroup_size_control",
                                   "cooperative_matrix", "timestamps") if f.get(name)]
        print(f"    features: {', '.join(flags)}")
        print(f"    array dtypes: {', '.join(d['dtypes'])}")
        shapes = sorted({f"{s['m']}x{s['n']}x{s['k']} {s['a']}->{s['result']}" for s in d["cooperative_matrix_shapes"]})
        print(f"    cooperative matrix: {', '.join(shapes) if shapes else 'none'}")
        limits = d["limits"]
        print(f"    limits: workgroup size {limits['max_compute_workgroup_size']}, invocations "
              f"{limits['max_compute_workgroup_invocations']}, "
              f"shared memory {limits['max_compute_shared_memory_size']} B, "
              f"push constants {limits['max_push_constants_size']} B, timestamp period "
              f"{limits['timestamp_period_ns']} ns")
    compiler = compiler_info()
    print(f"\nshader compiler: {compiler.get('path') or 'not found'} {compiler.get('version', '')}".rstrip())
    return 0


def _version(packed: int) -> tuple[int, int, int]:
    return ((packed >> 22) & 0x7F, (packed >> 12) & 0x3FF, packed & 0xFFF)


_DEMO_SHADER = """
#version 450
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const float scale = 1.0;
layout(push_constant) uniform Push { float offset; uint count; };
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer Out { float result[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < count) {
        result[i] = a[i] * b[i] * scale + offset;
    }
}
"""


def _demo_pipeline(n: int = 1 << 20) -> dict[str, Any]:
    """Upload, one shader with push and specialization constants, download; checked against NumPy."""
    from . import kp
    from .shaders import compile_source

    rng = np.random.default_rng(0)
    a = rng.random(n, dtype=np.float32)
    b = rng.random(n, dtype=np.float32)
    local_size, scale, offset = 64, 2.0, 0.5
    with kp.Manager() as mgr:
        t0 = time.perf_counter()
        spirv = compile_source(_DEMO_SHADER)
        t_a, t_b, t_out = mgr.tensor(a), mgr.tensor(b), mgr.tensor(np.zeros(n, dtype=np.float32))
        algorithm = mgr.algorithm([t_a, t_b, t_out], spirv, ((n + local_size - 1) // local_size, 1, 1),
                                  spec_consts=[local_size, scale], push_consts=[offset, n])
        t1 = time.perf_counter()
        sequence = mgr.sequence(total_timestamps=4)
        (sequence.record(kp.OpSyncDevice([t_a, t_b]))
         .record(kp.OpAlgoDispatch(algorithm))
         .record(kp.OpSyncLocal([t_out]))
         .eval())
        t2 = time.perf_counter()
        stamps = sequence.get_timestamps()
        period = sequence.timestamp_period_ns
        expected = a * b * np.float32(scale) + np.float32(offset)
        error = float(np.max(np.abs(t_out.data() - expected)))
        device = mgr.get_device_properties()["device_name"]
    return {
        "device": device,
        "elements": n,
        "max_abs_error": error,
        "setup_ms": (t1 - t0) * 1e3,
        "eval_ms": (t2 - t1) * 1e3,
        "gpu_ms": [(stamps[i + 1] - stamps[i]) * period / 1e6 for i in range(len(stamps) - 1)],
    }


def demo(_: argparse.Namespace) -> int:
    """Run the explicit-API pipeline and the logistic-regression example on the default device."""
    result = _demo_pipeline()
    upload, dispatch, download = result["gpu_ms"]
    print(f"device: {result['device']}")
    print(f"out = a * b * scale + offset over {result['elements']:,} floats "
          f"(push + specialization constants): max |error| vs NumPy = {result['max_abs_error']:.2e}")
    print(f"  setup (compile, tensors, pipeline) {result['setup_ms']:.1f} ms; record + eval {result['eval_ms']:.1f} ms")
    print(f"  on the GPU: upload {upload:.3f} ms, shader {dispatch:.3f} ms, download {download:.3f} ms")
    if result["max_abs_error"] > 1e-5:
        print("the result does not match NumPy", file=sys.stderr)
        return 1
    example = _REPO / "examples" / "logistic_regression.py"
    if example.exists():
        print("\nlogistic regression (examples/logistic_regression.py):")
        runpy.run_path(str(example))["main"]()
    return 0


def bench(args: argparse.Namespace) -> int:
    """Run the benchmark suite in benchmarks/ (JSON, Markdown table, PNG plot in bench-results/)."""
    runner = _REPO / "benchmarks" / "run.py"
    if not runner.exists():
        print("the benchmarks live in the source checkout (benchmarks/run.py); clone the repository to run them",
              file=sys.stderr)
        return 1
    sys.argv = [str(runner), *args.rest]
    runpy.run_path(str(runner), run_name="__main__")
    return 0


def compile_command(args: argparse.Namespace) -> int:
    """Compile a GLSL file to SPIR-V."""
    from .shaders import compile_file

    spirv = compile_file(args.source, target=args.target)
    output = Path(args.output or f"{args.source}.spv")
    output.write_bytes(spirv)
    print(f"{args.source} -> {output} ({len(spirv)} bytes)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``vulkit`` console script and ``python -m vulkit``."""
    parser = argparse.ArgumentParser(prog="vulkit", description="GPU computing for Python on any Vulkan GPU")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("info", help="list Vulkan devices and what vulkit uses of them").set_defaults(run=info)
    commands.add_parser("demo", help="run a pipeline and logistic regression on the default device") \
        .set_defaults(run=demo)
    bench_parser = commands.add_parser("bench", help="run the benchmarks (side by side with the peers present)")
    bench_parser.add_argument("rest", nargs=argparse.REMAINDER, help="arguments for benchmarks/run.py")
    bench_parser.set_defaults(run=bench)
    compile_parser = commands.add_parser("compile", help="compile a GLSL shader to SPIR-V")
    compile_parser.add_argument("source", help="a GLSL file (.comp for compute shaders)")
    compile_parser.add_argument("-o", "--output")
    compile_parser.add_argument("--target", default="vulkan1.2")
    compile_parser.set_defaults(run=compile_command)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
