"""The host's time to record operations, with the driver's command recording replaced by no-ops (nothing runs on
the device, so a CPU device's execution does not compete with Python): microseconds per call of each statement and
per dispatch it records. Results are garbage; only the time counts.

    python benchmarks/probes/probe_recording_host.py [n] ["statement" ...]

Default statements: a 64 x 64 product, a blocked Cholesky's trailing update (gemm into a view), cholesky and
solve of n x n (default 1024), and ``x + x`` as the eager op's reference."""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np
from probe_host_time import counted_dispatches

import vulkit as vt
from vulkit.array.ops.matmul import gemm
from vulkit.hal.vulkan import commands
from vulkit.runtime import context

RECORDING = ("dispatch_buffers", "dispatch", "memory_barrier", "bind_pipeline", "push_constants", "push_buffers",
             "bind_compute", "bind_descriptor_set", "push_descriptor_set", "copy_buffer", "fill_buffer")
DEFAULT = ("x @ w", "gemm(s, t, u, alpha=-1.0, beta=1.0)", "vt.linalg.cholesky(a)", "vt.linalg.solve(a, b)", "x + x")


def _namespace(n: int) -> dict[str, Any]:
    rng = np.random.default_rng(0)
    g = rng.standard_normal((n, n)).astype(np.float32)
    big = vt.ones((1024, 1024), dtype=vt.float32)
    return {"vt": vt, "np": np, "gemm": gemm, "a": vt.asarray(g @ g.T / n + np.eye(n, dtype=np.float32)),
            "b": vt.asarray(rng.standard_normal(n).astype(np.float32)),
            "x": vt.ones((64, 64), dtype=vt.float32), "w": vt.ones((64, 64), dtype=vt.float32),
            "s": big[64:, :64], "t": big[:64, 64:], "u": big[64:, 64:]}


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    statements = sys.argv[2:] or DEFAULT
    namespace = _namespace(n)
    for statement in statements:  # compiled and planned for real first
        exec(statement, namespace)  # noqa: S102 - a probe runs what it is given
    vt.device.synchronize()
    for name in RECORDING:
        setattr(commands.CommandBuffer, name, lambda self, *args, **kwargs: None)
    with counted_dispatches(context.current().stream) as calls:
        for statement in statements:
            _time(statement, namespace, calls)


def _time(statement: str, namespace: dict[str, Any], calls: list[int]) -> None:
    """Print the host's time a call of ``statement`` (the best of three rounds) and a dispatch."""
    code = compile(statement, "<statement>", "exec")
    repeats = 20 if "linalg" in statement else 5000
    best = float("inf")
    for _ in range(3):
        calls[0] = 0
        started = time.perf_counter()
        for _ in range(repeats):
            try:
                exec(code, namespace)  # noqa: S102
            except (vt.linalg.LinAlgError, ValueError, IndexError, RuntimeError):
                pass  # the stubbed kernels leave flags and values as they were (a grid's lost-workgroup word too)
        vt.device.synchronize()
        best = min(best, (time.perf_counter() - started) / repeats)
    dispatches = calls[0] / repeats
    print(f"{statement:45s} {best * 1e6:9.1f} us a call, {dispatches:5.0f} dispatches, "
          f"{best / max(dispatches, 1) * 1e6:6.1f} us a dispatch", flush=True)


if __name__ == "__main__":
    main()
