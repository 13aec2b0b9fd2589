"""Fixtures for the shader tests: every test compiles into a temporary cache, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest

from vulkit.shaders import clear_memory_cache


@pytest.fixture(scope="session")
def session_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache shared by the tests that only need compiled SPIR-V (each shader compiles once)."""
    return tmp_path_factory.mktemp("vulkit-cache")


@pytest.fixture(autouse=True)
def _isolated_environment(monkeypatch: pytest.MonkeyPatch, session_cache_dir: Path) -> None:
    monkeypatch.setenv("VULKIT_CACHE_DIR", str(session_cache_dir))
    monkeypatch.delenv("VULKIT_GLSLANG", raising=False)


@pytest.fixture
def cache_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """An empty cache for this test alone, with the in-memory cache cleared before and after."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("VULKIT_CACHE_DIR", str(folder))
    clear_memory_cache()
    yield folder
    clear_memory_cache()
