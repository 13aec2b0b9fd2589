"""Every environment variable vulkit reads, in one place.

- ``VULKIT_DEVICE``: the default device, as an index or a substring of its name (case-insensitive).
  Unset: discrete GPU > integrated GPU > virtual GPU > CPU (lavapipe).
- ``VULKIT_CACHE_DIR``: where compiled SPIR-V and the pipeline cache are kept (default ``~/.cache/vulkit``).
- ``VULKIT_GLSLANG``: path of a glslangValidator/glslang/glslc executable to use instead of the bundled one
  (it always runs as a subprocess).
- ``VULKIT_GLSLANG_INPROCESS``: ``0`` compiles shaders by running the bundled glslangValidator as a
  subprocess (about 90 ms a shader) instead of calling the bundled glslang library in this process
  (1-5 ms after its first shader). Unset or ``1``: in this process where the library is there.
- ``VULKIT_VALIDATION``: ``1`` switches the Vulkan validation layers on; their warnings become Python
  warnings and their errors raise :class:`vulkit.errors.ValidationError`. ``warn`` turns errors into
  warnings too.
- ``VULKIT_VULKAN_LIBRARY``: path of the Vulkan loader to load instead of the system's.
- ``VULKIT_BUFFER_ADDRESSES``: ``1`` makes array kernels reach their buffers through buffer device
  addresses in push constants (where the device has them), ``0`` through push descriptors. Unset:
  descriptors where the device has push descriptors (less host time per op on lavapipe and an H100, alike
  in bandwidth: docs/measured.md), addresses where it has not. Arrays too large for a descriptor take
  addresses either way.
- ``VULKIT_AUTOTUNE``: ``0`` keeps matmul's built-in tile shapes, ``1`` times the candidates on every device
  (CPU devices too). Unset: GPUs time them once per size class and keep the choice on disk.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path


def device_selector() -> str | None:
    """The value of ``VULKIT_DEVICE`` or None."""
    value = os.environ.get("VULKIT_DEVICE", "").strip()
    return value or None


def cache_dir() -> Path:
    """Directory for on-disk caches (created on demand by the caller)."""
    # NOTE: kernels ask for it on every launch: the Path is built once per value of the variables it depends on
    return _cache_dir(os.environ.get("VULKIT_CACHE_DIR"), os.environ.get("XDG_CACHE_HOME"), os.environ.get("HOME"))


@functools.lru_cache(maxsize=16)
def _cache_dir(value: str | None, xdg: str | None, home: str | None) -> Path:
    if value:
        return Path(value).expanduser()
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "vulkit"


def glslang_override() -> str | None:
    """The value of ``VULKIT_GLSLANG`` or None."""
    return os.environ.get("VULKIT_GLSLANG") or None


def glslang_in_process() -> bool:
    """``VULKIT_GLSLANG_INPROCESS`` as a bool: False for 0/off/false/no, True otherwise (unset included)."""
    value = os.environ.get("VULKIT_GLSLANG_INPROCESS", "").strip().lower()
    return value not in ("0", "off", "false", "no")


def validation_mode() -> str:
    """``"off"``, ``"error"`` (VULKIT_VALIDATION=1) or ``"warn"`` (VULKIT_VALIDATION=warn)."""
    value = os.environ.get("VULKIT_VALIDATION", "").strip().lower()
    if value in ("", "0", "off", "false", "no"):
        return "off"
    if value == "warn":
        return "warn"
    return "error"


def vulkan_library() -> str | None:
    """The value of ``VULKIT_VULKAN_LIBRARY`` or None."""
    return os.environ.get("VULKIT_VULKAN_LIBRARY") or None


def autotune() -> bool | None:
    """``VULKIT_AUTOTUNE`` as a bool (1/on/true/yes or 0/off/false/no); None when unset."""
    return _flag("VULKIT_AUTOTUNE")


def _flag(name: str) -> bool | None:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return None
    if value in ("1", "on", "true", "yes"):
        return True
    if value in ("0", "off", "false", "no"):
        return False
    raise ValueError(f"{name}={value!r}: expected 1 or 0")


def buffer_addresses() -> bool | None:
    """``VULKIT_BUFFER_ADDRESSES`` as a bool (1/on/true/yes or 0/off/false/no); None when unset."""
    return _flag("VULKIT_BUFFER_ADDRESSES")
