"""Matrix products: square matmul in float32 (TF32 off everywhere), float16, bfloat16 and int8, a batched product
of small matrices, a matrix-vector product and skinny products (1 and 8 rows times a matrix, as in a linear layer).
TFLOP/s counts 2 M N K flops; GB/s the bytes of the matrix read."""

from __future__ import annotations

from typing import Any

import numpy as np
from cases import Case


def _values(shape: tuple[int, ...], dtype: str) -> np.ndarray:
    return np.random.default_rng(0).standard_normal(shape, dtype=np.float32).astype(dtype)


def _no_tf32(lib: Any) -> None:
    if lib.name == "torch":
        lib.xp.backends.cuda.matmul.allow_tf32 = False


def _square(n: int, dtype: str) -> Case:
    def build(lib: Any) -> Any:
        _no_tf32(lib)
        a, b = lib.array(_values((n, n), dtype)), lib.array(_values((n, n), dtype))
        return lambda: a @ b

    return Case(f"matmul {n}x{n} {dtype}", "TFLOP/s", build, work=2.0 * n ** 3)


def _square_bfloat16(n: int) -> Case:
    """bfloat16 operands (rounded from the same float32 values) where the library has the dtype."""
    def build(lib: Any) -> Any:
        values = _values((n, n), "float32")
        if lib.name == "torch":
            a = b = lib.array(values).to(lib.xp.bfloat16)
        else:
            a = b = lib.xp.asarray(values, dtype=lib.xp.bfloat16)
        return lambda: a @ b

    return Case(f"matmul {n}x{n} bfloat16", "TFLOP/s", build, work=2.0 * n ** 3, peers=("vulkit", "torch"))


def _square_int8(n: int) -> Case:
    """int8 operands, int8 results (sums wrap, as NumPy's); PyTorch's CUDA matmul has no int8 product."""
    def build(lib: Any) -> Any:
        values = np.random.default_rng(0).integers(-100, 100, (n, n)).astype(np.int8)
        a = b = lib.array(values)
        return lambda: a @ b

    return Case(f"matmul {n}x{n} int8", "TFLOP/s", build, work=2.0 * n ** 3, peers=("vulkit", "cupy"),
                note="TOPS: integer multiply-adds")


def _batched(batch: int, n: int) -> Case:
    def build(lib: Any) -> Any:
        _no_tf32(lib)
        a, b = lib.array(_values((batch, n, n), "float32")), lib.array(_values((batch, n, n), "float32"))
        return lambda: a @ b

    return Case(f"matmul {batch}x{n}x{n} batched float32", "TFLOP/s", build, work=2.0 * batch * n ** 3)


def _matvec(m: int, n: int) -> Case:
    def build(lib: Any) -> Any:
        a, x = lib.array(_values((m, n), "float32")), lib.array(_values((n,), "float32"))
        return lambda: a @ x

    return Case(f"matrix-vector {m}x{n} float32", "GB/s", build, work=4.0 * m * n)


def _skinny(m: int, k: int, n: int) -> Case:
    def build(lib: Any) -> Any:
        _no_tf32(lib)
        x, w = lib.array(_values((m, k), "float32")), lib.array(_values((k, n), "float32"))
        return lambda: x @ w

    return Case(f"skinny {m}x{k} @ {k}x{n} float32", "GB/s", build, work=4.0 * k * n)


def cases(cpu: bool) -> list[Case]:
    sizes = (256, 512) if cpu else (1024, 4096, 8192)
    return [*(_square(n, "float32") for n in sizes), *(_square(n, "float16") for n in sizes),
            *(_square_bfloat16(n) for n in sizes[1:]), _square_int8(sizes[1]),
            _batched(256 if cpu else 4096, 64), _matvec(*((1024, 512) if cpu else (8192, 4096))),
            *(_skinny(m, *((512, 1024) if cpu else (4096, 8192))) for m in (1, 8))]
