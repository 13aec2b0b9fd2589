"""The libraries a benchmark compares, behind one face: ``xp`` (the module), ``array(numpy values)`` (the library's own
array of them), ``sync()`` and ``seconds(function, iterations)`` (GPU time per call on a GPU, by the wall clock
on the CPU)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
from common import best_of, cupy_gpu_seconds, cupy_module, torch_cuda, torch_gpu_seconds, vulkit_gpu_seconds


class Vulkit:
    """vulkit, timed on the GPU with timestamps as the CUDA peers are with events; on a CPU device
    (lavapipe), whose "GPU" shares the host's cores, by the wall clock as NumPy is."""

    name = "vulkit"

    def __init__(self) -> None:
        import vulkit

        self.xp = vulkit
        self.cpu = vulkit.device.get_device_properties()["device_type"] == "cpu"

    def array(self, values: np.ndarray) -> Any:
        return self.xp.asarray(values)

    def sync(self) -> None:
        self.xp.device.synchronize()

    def seconds(self, function: Callable[[], Any], iterations: int) -> float:
        if not self.cpu:
            return vulkit_gpu_seconds(self.xp, function, iterations)
        function()
        self.sync()
        start = time.perf_counter()
        for _ in range(iterations):
            function()
        self.sync()
        return (time.perf_counter() - start) / iterations


class Torch:
    name = "torch"

    def __init__(self, torch: Any) -> None:
        self.xp = torch
        self.torch = torch

    def array(self, values: np.ndarray) -> Any:
        return self.torch.as_tensor(values, device="cuda")

    def sync(self) -> None:
        self.torch.cuda.synchronize()

    def seconds(self, function: Callable[[], Any], iterations: int) -> float:
        return torch_gpu_seconds(self.torch, function, iterations)


class Cupy:
    name = "cupy"

    def __init__(self, cupy: Any) -> None:
        self.xp = cupy

    def array(self, values: np.ndarray) -> Any:
        return self.xp.asarray(values)

    def sync(self) -> None:
        self.xp.cuda.Device().synchronize()

    def seconds(self, function: Callable[[], Any], iterations: int) -> float:
        return cupy_gpu_seconds(self.xp, function, iterations)


class Numpy:
    name = "numpy"
    xp = np

    def array(self, values: np.ndarray) -> Any:
        return values.copy()

    def sync(self) -> None:
        pass

    def seconds(self, function: Callable[[], Any], iterations: int) -> float:
        return best_of(function, repeat=3, number=iterations)


def present(vulkit_lib: Vulkit) -> list[Any]:
    """vulkit and the peers it is compared with here: NumPy on a CPU device, PyTorch and CuPy on a GPU."""
    if vulkit_lib.cpu:
        return [vulkit_lib, Numpy()]
    libs: list[Any] = [vulkit_lib]
    torch = torch_cuda()
    if torch is not None:
        libs.append(Torch(torch))
    cupy = cupy_module()
    if cupy is not None:
        libs.append(Cupy(cupy))
    return libs
