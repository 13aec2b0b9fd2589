"""An image pipeline on the GPU with vt.image: a generated photo is blurred, its edges found, its histogram
equalised and its size changed; each result is written as a PNG file, and (where matplotlib is installed) all of
them side by side in one figure.

Run: python examples/image_pipeline.py [output folder]   (default: image_pipeline_out)
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

import vulkit as vt
from vulkit import image


def generated_photo(height: int = 240, width: int = 320, seed: int = 0) -> np.ndarray:
    """A landscape-like RGB uint8 picture: a sky gradient, a sun, two rows of hills, a lake and some grain."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width] / np.array([height, width]).reshape(2, 1, 1)
    sky = np.stack([0.35 + 0.4 * y, 0.55 + 0.3 * y, 0.95 - 0.2 * y], axis=-1)
    sun = np.exp(-((x - 0.75) ** 2 + (y - 0.22) ** 2) / 0.004)[..., None] * np.array([1.0, 0.85, 0.4])
    picture = np.clip(sky + sun, 0, 1)
    far = 0.55 + 0.08 * np.sin(9 * x) + 0.04 * np.sin(23 * x + 1)
    near = 0.7 + 0.06 * np.sin(5 * x + 2) + 0.03 * np.sin(31 * x)
    picture = np.where((y > far)[..., None], np.array([0.25, 0.42, 0.3]) * (1.2 - y[..., None]), picture)
    picture = np.where((y > near)[..., None], np.array([0.2, 0.5, 0.15]) * (1.3 - y[..., None]), picture)
    lake = (y > 0.85) & (np.abs(x - 0.35) < 0.2 + 0.3 * (y - 0.85))
    picture = np.where(lake[..., None], np.array([0.15, 0.3, 0.55]) + 0.05 * np.sin(80 * y)[..., None], picture)
    picture = 0.8 * picture + 0.1  # a dull exposure, for the equalization to fix
    picture += rng.normal(0, 0.02, picture.shape)
    return (np.clip(picture, 0, 1) * 255).round().astype(np.uint8)


def to_uint8(x: vt.Array) -> vt.Array:
    """A float image in [0, 1] as uint8."""
    return image.rescale_intensity(x, in_range=(0.0, 1.0), out_range="uint8")


def run(out_dir: str | Path = "image_pipeline_out", height: int = 240, width: int = 320) -> dict[str, Path]:
    """Run the pipeline and write its PNG files into ``out_dir``; returns their paths by step."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    photo = vt.asarray(generated_photo(height, width))  # uint8 H x W x 3 on the GPU
    rgb = photo.astype(vt.float32) / 255.0

    blurred = image.gaussian_filter(rgb, sigma=3.0)  # the spatial axes only
    gray = image.gaussian_filter(image.rgb2gray(photo), sigma=1.5)  # smoothed, so that the grain makes no edges
    edges = vt.hypot(image.sobel(gray, axis=0), image.sobel(gray, axis=1))
    edges = image.rescale_intensity(edges, out_range=(0.0, 1.0))
    equalized = image.equalize_adapthist(photo, clip_limit=0.02)
    small = image.resize(photo, (height // 4, width // 4), "lanczos")  # antialiased, as Pillow
    enlarged = image.resize(small, (height, width), "bicubic")

    results = {"photo": photo, "blurred": to_uint8(blurred), "edges": to_uint8(edges),
               "equalized": to_uint8(equalized), "small": small, "enlarged": enlarged}
    paths = {}
    for name, picture in results.items():
        paths[name] = out / f"{name}.png"
        image.imsave(paths[name], picture)
    figure = _figure(results, out / "pipeline.png")
    if figure is not None:
        paths["figure"] = figure
    return paths


def _figure(results: dict[str, vt.Array], path: Path) -> Path | None:
    """All the results side by side in one matplotlib figure, where matplotlib is installed."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(3 * len(results), 3))
    for ax, (name, picture) in zip(axes, results.items(), strict=True):
        ax.imshow(picture.numpy(), cmap="gray" if picture.ndim == 2 else None)
        ax.set_title(name)
        ax.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


if __name__ == "__main__":
    written = run(sys.argv[1] if len(sys.argv) > 1 else "image_pipeline_out")
    for step, where in written.items():
        print(f"{step:>10}: {where}")
