"""Where vulkit's float16 cooperative-matrix matmul (kernels/matmul_coop.py) loses its time, once the ladder
(probe_coop_ladder.py) showed that the fragment loads from shared memory, the products and the barriers reach
580-650 TFLOP/s on an H100: the real kernel with one part taken out at a time, and the real kernel on other
subgroup/fragment grids, each timed with GPU timestamps on 4096 x 4096 x 4096.

  real      the kernel as it ships
  no_fetch    the global loads replaced by a value made from the coordinates (no memory read)
  no_put      the stores of the loaded values into shared memory left out
  no_barrier  the loop's barrier left out (wrong results: only its cost)
  no_prefetch the next step's tiles stored into shared memory as soon as loaded (no registers held across)
  direct      the accumulators converted to float16 fragments and stored straight into C (no staging)
  nofc        without the float-control execution modes (keep subnormals, signed zeros, inf and NaN)
  (variants combine with "+"; t13 in a name compiles for Vulkan 1.3)

Run on the GPU machine: python benchmarks/probes/probe_coop_variants.py"""

from __future__ import annotations

import dataclasses
import re
import time

import numpy as np
from probe_kernel_times import best_gpu_seconds

import vulkit as vt
from vulkit import shaders
from vulkit.array.kernels.matmul_coop import CoopMatmulSpec
from vulkit.array.ops import matmul as matmul_ops
from vulkit.runtime import context

N = 4096


@dataclasses.dataclass(frozen=True)
class VariantSpec(CoopMatmulSpec):
    variant: str = "real"

    def source(self, float_controls: dict[str, tuple[int, ...]] | None = None) -> str:
        text = super().source(None if "nofc" in self.variant else float_controls)
        if "no_fetch" in self.variant:
            text = re.sub(r"(uvec4 load[AB]\(uint r, uint c, uint lr, uint lc, int base\) \{)",
                          r"\1\n  return uvec4(r + c);", text)
        if "no_put" in self.variant:
            text = re.sub(r"(void store[AB]\(uint buf, uint kk, uint x, uvec4 v\) \{)[^}]*\}", r"\1 }", text)
        if "no_barrier" in self.variant:
            text = text.replace("    barrier();\n  }\n", "  }\n")
        if "no_prefetch" in self.variant:  # each step's loads stored into the other buffer at once (no registers held)
            loop = text.index("  for (uint kt = 0u;")
            body = text[loop:]
            first = body.index("    if (more) {\n")
            second = body.index("    if (more) {\n", first + 1)
            end = body.index("    }\n", second) + len("    }\n")
            puts = body[second + len("    if (more) {\n"):end - len("    }\n")]
            body = body[:second] + body[end:]
            close = body.index("    }\n", first)
            body = body[:close] + puts + body[close:]
            text = text[:loop] + body
        if "direct" in self.variant:  # the accumulators stored as float16 fragments straight into C
            head, _ = text.split("  coopMatStore(acc0", 1)
            half = "coopmat<S, gl_ScopeSubgroup, F, F, gl_MatrixUseAccumulator>"
            lines = [f"  {half} h{i}_{j} = {half}(acc{i * self.fn + j}); coopMatStore(h{i}_{j}, C.d, "
                     f"uint(cbase + int(m0 + rm + {i}u * F) * p.c_rs + int(n0 + cn + {j}u * F)), uint(p.c_rs), "
                     "gl_CooperativeMatrixLayoutRowMajor);" for i in range(self.fm) for j in range(self.fn)]
            text = head + "\n".join(lines) + "\n}\n"
        return text


_TARGET = {"value": None}
_compile = shaders.compile_source


def _compile_for_target(source: str, **options: object) -> bytes:
    if _TARGET["value"]:
        options["target"] = _TARGET["value"]
    return _compile(source, **options)


shaders.compile_source = _compile_for_target


def _time(a: vt.Array, b: vt.Array, c: vt.Array) -> float:
    began = time.perf_counter()
    vt.matmul(a, b, out=c)
    vt.device.synchronize()
    print(f"  first call (compiles): {time.perf_counter() - began:.1f} s", flush=True)
    return best_gpu_seconds(lambda: vt.matmul(a, b, out=c))


def main() -> None:
    rng = np.random.default_rng(0)
    a = vt.asarray(rng.standard_normal((N, N)).astype(np.float16))
    b = vt.asarray(rng.standard_normal((N, N)).astype(np.float16))
    c = vt.empty((N, N), dtype=vt.float16)
    flops = 2.0 * N ** 3
    original = matmul_ops.CoopMatmulSpec
    grid = matmul_ops._COOP_GRID
    runs = [(v, grid) for v in ("real", "no_prefetch")]
    runs += [("real", g) for g in ((4, 4, 2, 2, 32), (2, 4, 2, 2, 32))]
    runs += [("no_prefetch", g) for g in ((4, 4, 2, 2, 32),)]
    for variant, grid in runs:
        matmul_ops.CoopMatmulSpec = lambda *args, v=variant: VariantSpec(*args, variant=v)  # type: ignore[misc]
        matmul_ops._COOP_GRID = grid
        _TARGET["value"] = "vulkan1.3" if "t13" in variant else None
        try:
            seconds = _time(a, b, c)
            print(f"{variant:9s} grid={grid}: {flops / seconds / 1e12:7.1f} TFLOP/s ({seconds * 1e3:.3f} ms)",
                  flush=True)
        except Exception as error:  # noqa: BLE001 - a probe reports and goes on
            print(f"{variant:9s} grid={grid}: {type(error).__name__}: {str(error)[:300]}", flush=True)
        finally:
            matmul_ops.CoopMatmulSpec = original
    spec = [k.spec for k in context.current().kernels if isinstance(k.spec, CoopMatmulSpec)][:1]
    print("spec:", spec)


if __name__ == "__main__":
    main()
