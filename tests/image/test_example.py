"""examples/image_pipeline.py runs and writes what it says, with the results its steps should give."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image
from skimage import exposure

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "image_pipeline.py"


def test_pipeline_writes_its_pngs(tmp_path):
    module = runpy.run_path(str(EXAMPLE))
    paths = module["run"](tmp_path, height=60, width=80)
    for step in ("photo", "blurred", "edges", "equalized", "small", "enlarged"):
        assert paths[step].exists() and paths[step].suffix == ".png"
    photo = np.asarray(Image.open(paths["photo"]))
    np.testing.assert_array_equal(photo, module["generated_photo"](60, 80))
    small = np.asarray(Image.open(paths["small"]))
    np.testing.assert_array_equal(small, np.asarray(Image.fromarray(photo).resize((20, 15), Image.LANCZOS)))
    equalized = np.asarray(Image.open(paths["equalized"])).astype(int)
    reference = exposure.equalize_adapthist(photo, clip_limit=0.02)
    assert np.abs(equalized - np.floor(np.clip(reference, 0, 1) * 255)).max() <= 1
    blurred = np.asarray(Image.open(paths["blurred"])).astype(float)
    assert blurred.std() < photo.astype(float).std()  # smoother than the photo
    edges = np.asarray(Image.open(paths["edges"]))
    assert edges.shape == (60, 80) and edges.max() == 255
    assert np.asarray(Image.open(paths["enlarged"])).shape == photo.shape


def test_pipeline_runs_as_a_script(tmp_path):
    done = subprocess.run([sys.executable, str(EXAMPLE), str(tmp_path / "out")], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "equalized" in done.stdout and (tmp_path / "out" / "edges.png").exists()
