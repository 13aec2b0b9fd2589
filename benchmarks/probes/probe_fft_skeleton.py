"""What the one-pass row FFT's skeleton costs without its arithmetic: the FFT of 4096 rows of 2048 complex64 (the
kernel shipped until the twenty-second session, in radix-16 stages: 128 invocations a row, 16 elements each, three
stages, two exchanges through shared memory; radix-8 stages ship since, ``STAGE_BITS`` 3, the radix8 variant below)
against
kernels of the same bindings, push constants and grid that only move the row (results are wrong; only the time
counts), each compiled in place of the shipped source:

  copy               each invocation loads its 16 elements (n = tid + 128 i) and stores them where they came from
  copy_prefetch      the same with the next row's loads issued before this row's stores (as the shipped kernel)
  exchange1          copy, with the row passed once through shared memory (written as stage 0 writes it)
  exchange2          two passes through shared memory (the shipped kernel's count), no twiddles, no butterflies
  exchange2_prefetch exchange2 with the next row's loads issued first
  copy256            256 invocations of 8 elements each (the workgroup is larger than the shipped kernel's)

then the shipped kernel changed:

  no_twiddle_loads   the stages' twiddles not read from the table (a push constant instead: the products stay)
  no_twiddles        the stages' twiddle products taken out
  no_prefetch        ``PREFETCH_GROUPS`` 0: a workgroup a row, nothing loaded ahead (fewer registers)
  radix8             ``STAGE_BITS`` 3: stages of radix 8 at most, 256 invocations a row
  twiddles_after     the stages' twiddles read after the barrier ahead of each stage (held for less time)
  no_pad             shared memory without the padding against bank conflicts (fewer index operations)
  no_prefetch_1024   no prefetch, but the 1024 workgroups of the prefetching grid, each looping over rows

and `z + 1` over the same bytes. Run on the GPU machine: python benchmarks/probes/probe_fft_skeleton.py [VARIANT ...]"""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import Any

import numpy as np
import probe_kernel_times as pkt

import vulkit as vt
from vulkit.array.kernels import fft as kf
from vulkit.array.ops import fft as fft_ops
from vulkit.runtime import context

ORIGINAL = kf.FFTPassSpec.source
HEADER = """#version 450
layout(local_size_x = {threads}) in;
#define C vec2
layout(std430, set = 0, binding = 0) readonly buffer R0 {{ vec2 d[]; }} inp;
layout(std430, set = 0, binding = 1) readonly buffer R1 {{ vec2 d[]; }} tab;
layout(std430, set = 0, binding = 2) writeonly buffer R2 {{ vec2 d[]; }} outp;
layout(push_constant) uniform Push {{ float S; uint Q; uint nc; uint nn; uint nl; uint Ns; uint lobits; uint in_off;
  uint is_o; uint is_c; uint is_n; uint nv; uint out_off; uint os_o; uint os_c; uint os_k; uint nout; uint tin;
  uint tout; uint tint; uint tlo; uint thi; uint flags; }} p;
shared C sh[2048 + 128];
#define PAD(i) ((i) + ((i) >> 4))
"""


def _skeleton(threads: int, exchanges: int, prefetch: bool) -> str:
    """A kernel that loads each row's 2048 elements (2048 / threads an invocation), passes them through shared
    memory ``exchanges`` times and stores them back; ``prefetch``: the next row's loads issued first."""
    each = 2048 // threads
    loads = "\n".join(f"    n{i} = inp.d[base + (tid + {threads * i}u) * p.is_n];" for i in range(each))
    declared = "  C " + ", ".join(f"v{i}" for i in range(each)) + ";\n  C " + ", ".join(f"n{i}" for i in range(each))
    take = "\n".join(f"    v{i} = n{i};" for i in range(each))
    stores = "\n".join(f"    outp.d[ob + (tid + {threads * i}u) * p.os_k] = v{i};" for i in range(each))
    exchange = ""
    for _ in range(exchanges):
        exchange += "\n".join(f"    sh[PAD(tid * {each}u + {i}u)] = v{i};" for i in range(each))
        exchange += "\n    barrier();\n"
        exchange += "\n".join(f"    v{i} = sh[PAD(tid + {threads * i}u)];" for i in range(each))
        exchange += "\n    barrier();\n"
    body = f"""void main() {{
  uint tid = gl_LocalInvocationID.x;
{declared};
  uint q = gl_WorkGroupID.x;
  uint base = p.in_off + (q / p.nc) * p.is_o + (q % p.nc) * p.is_c;
  if (q < p.Q) {{
{loads}
  }}
  for (; q < p.Q; q += gl_NumWorkGroups.x) {{
{take}
    uint ob = p.out_off + (q / p.nc) * p.os_o + (q % p.nc) * p.os_c;
    uint next = q + gl_NumWorkGroups.x;
    base = p.in_off + (next / p.nc) * p.is_o + (next % p.nc) * p.is_c;
{"    if (next < p.Q) {" + chr(10) + loads + chr(10) + "    }" if prefetch else ""}
{exchange}
{stores}
{"" if prefetch else "    if (next < p.Q) {" + chr(10) + loads + chr(10) + "    }"}
  }}
}}
"""
    return HEADER.format(threads=threads) + body


TWIDDLE_LOAD = re.compile(r"TAB\.d\[p\.tint \+ [^\]]*\]")
TWIDDLE_PRODUCT = re.compile(r"^(a\d+_\d+) = cmul\(\1, w\d+_\d+_\d+\);$", re.M)
TWIDDLE_DECLARATION = re.compile(r"^C w\d+_\d+_\d+;$")


def _twiddles_after_barrier(text: str) -> str:
    """The stages' twiddle reads moved from before the barrier ahead of each stage to after it."""
    out: list[str] = []
    held: list[str] | None = None
    for line in text.split("\n"):
        if held is None and TWIDDLE_DECLARATION.match(line):
            held = []
        if held is not None:
            if line == "barrier();":
                out += [line, *held]
                held = None
            else:
                held.append(line)
            continue
        out.append(line)
    return "\n".join(out)


SHIPPED_TEXT = {"no_twiddle_loads": lambda text: TWIDDLE_LOAD.sub("C(p.S, p.S)", text),
                "no_twiddles": lambda text: TWIDDLE_PRODUCT.sub("", text),
                "twiddles_after": _twiddles_after_barrier}
ONE_PASS_ONLY = {"twiddles_after"}  # changes that only apply to one-pass kernels (the passes read theirs after)
# module settings of vulkit.array.ops.fft, and the grid's largest count (None: the device's)
SHIPPED_SETTINGS = {"no_prefetch": ({"PREFETCH_GROUPS": 0}, None), "radix8": ({"STAGE_BITS": 3}, None),
                    "no_prefetch_1024": ({"PREFETCH_GROUPS": 0}, 1024)}
VARIANTS = {
    "copy": (128, 0, False), "copy_prefetch": (128, 0, True), "exchange1": (128, 1, False),
    "exchange2": (128, 2, False), "exchange2_prefetch": (128, 2, True), "copy256": (256, 0, False),
}


_SHIPPED = {name: getattr(fft_ops, name) for name in ("PREFETCH_GROUPS", "STAGE_BITS")}


def apply(name: str) -> None:
    """Make the row FFT's kernel variant ``name`` (a skeleton, a changed source, a setting or "shipped") the one
    that compiles next (the caches emptied)."""
    ctx = context.current()
    if not hasattr(ctx, "_shipped_max_groups"):
        ctx._shipped_max_groups = ctx.max_groups
    for setting, value in _SHIPPED.items():
        setattr(fft_ops, setting, value)
    ctx.max_groups = ctx._shipped_max_groups
    kf.FFTPassSpec.source = ORIGINAL
    if name in VARIANTS:
        text = _skeleton(*VARIANTS[name])
        kf.FFTPassSpec.source = lambda self, float_controls=None, text=text: text  # noqa: ARG005
    elif name in SHIPPED_TEXT:
        change, every = SHIPPED_TEXT[name], name not in ONE_PASS_ONLY

        def source(self: Any, float_controls: Any = None, change: Any = change, every: bool = every) -> str:
            text = ORIGINAL(self, float_controls)
            return change(text) if every or self.single else text
        kf.FFTPassSpec.source = source
    elif name == "no_pad":
        kf.FFTPassSpec.source = lambda self, float_controls=None: ORIGINAL(dataclasses.replace(self, pad=False),
                                                                            float_controls)
    elif name in SHIPPED_SETTINGS:
        settings, groups = SHIPPED_SETTINGS[name]
        for setting, value in settings.items():
            setattr(fft_ops, setting, value)
        ctx.max_groups = groups or ctx.max_groups
    ctx.kernels._kernels.clear()
    ctx._pipelines.clear()
    ctx.plans.clear()


def main() -> None:
    """Each variant named (all by default) timed on the row FFT and `z + 1`; ``--all-rows``: also the FFT rows of
    the benchmarks (rfft of 4096^2 float32 rows, fftn of 512^3 complex64, fft of 2^24 complex64)."""
    args = [a for a in sys.argv[1:] if a != "--all-rows"]
    rng = np.random.default_rng(0)
    z = vt.asarray((rng.standard_normal((4096, 2048)) + 1j * rng.standard_normal((4096, 2048))).astype(np.complex64))
    namespace: dict[str, Any] = {"vt": vt, "z": z}
    statements = ["vt.fft.fft(z, axis=-1)", "z + 1"]
    if "--all-rows" in sys.argv:
        namespace["r"] = vt.asarray(rng.standard_normal((4096, 4096), dtype=np.float32))
        namespace["c"] = vt.asarray((rng.standard_normal((512, 512, 512)) + 1j).astype(np.complex64))
        namespace["f"] = vt.asarray((rng.standard_normal(1 << 24) + 1j).astype(np.complex64))
        statements += ["vt.fft.rfft(r, axis=-1)", "vt.fft.fftn(c)", "vt.fft.fft(f)"]
    names = args or ["shipped", *VARIANTS, *SHIPPED_TEXT, "no_pad", *SHIPPED_SETTINGS, "shipped"]
    apply("shipped")
    references = [eval(statement, namespace).numpy() for statement in statements]  # noqa: S307
    for name in names:
        apply(name)
        for statement, reference in zip(statements, references, strict=True):
            seconds = pkt.best_gpu_seconds(lambda statement=statement: eval(statement, namespace))  # noqa: S307
            # a skeleton's results are garbage; a changed shipped kernel's must equal the shipped one's
            error = float(np.abs(eval(statement, namespace).numpy() - reference).max())  # noqa: S307
            print(f"{name:19s} {statement:24s} {seconds * 1e6:8.1f} µs  (largest difference {error:.3g})",
                  flush=True)
    apply("shipped")


if __name__ == "__main__":
    main()
