"""Run vulkit's benchmarks side by side with the peers present; write JSON, a Markdown table and a plot.

Usage: python benchmarks/run.py [--out DIR] [--only kp,array] [--device SELECTOR]
Results go to DIR (default bench-results/) as results.json, results.md and results.png.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import platform
import sys
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

SUITES = ["bench_kp", "bench_array", "bench_ops"]


def _device_name(selector: str | None) -> str:
    from vulkit.hal import get_instance

    return get_instance().select(selector).name


def markdown(rows: list[dict[str, Any]], device: str, date: str) -> str:
    """The results as a Markdown table; ratios are vulkit ÷ peer, oriented so > 1 means vulkit is ahead."""
    peers = sorted({name for r in rows for name in r["peers"]})
    header = ["benchmark", "vulkit", *peers, *[f"vs {p}" for p in peers], "note"]
    lines = [f"Measured on **{device}**, {date} (Python {platform.python_version()}).", "",
             "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows:
        values = [f"{r['vulkit']:.3g} {r['unit']}"]
        values += [f"{r['peers'][p]:.3g}" if p in r["peers"] else "" for p in peers]
        values += [f"{r['ratio'][p]:.2f}×" if p in r["ratio"] else "" for p in peers]
        lines.append("| " + " | ".join([r["benchmark"], *values, r.get("note", "")]) + " |")
    return "\n".join(lines) + "\n"


def plot(rows: list[dict[str, Any]], device: str, path: Path) -> bool:
    """A bar chart of vulkit ÷ peer ratios; False if matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    labels, ratios, colours = [], [], []
    palette = {"torch": "tab:red", "cupy": "tab:green", "numpy": "tab:blue"}
    for r in rows:
        for peer, ratio in r["ratio"].items():
            labels.append(f"{r['benchmark']} (vs {peer})")
            ratios.append(ratio)
            colours.append(palette.get(peer, "tab:gray"))
    if not ratios:
        return False
    fig, ax = plt.subplots(figsize=(10, 0.4 * len(ratios) + 1.5))
    ax.barh(labels, ratios, color=colours)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("vulkit ÷ peer (> 1: vulkit ahead)")
    ax.set_title(f"vulkit on {device}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="bench-results")
    parser.add_argument("--only", default="", help="comma-separated suites (kp, array, ops)")
    parser.add_argument("--device", default=None)
    args = parser.parse_args()
    wanted = [f"bench_{name.strip()}" for name in args.only.split(",") if name.strip()] or SUITES
    device = _device_name(args.device)
    date = datetime.date.today().isoformat()
    rows: list[dict[str, Any]] = []
    failed = []
    for suite in wanted:
        try:
            module = importlib.import_module(suite)
        except ModuleNotFoundError as exc:
            if exc.name == suite:
                continue
            raise
        print(f"running {suite} on {device} ...", flush=True)
        try:
            rows += module.run(args.device)
        except Exception:  # noqa: BLE001 - report the failed suite, keep the others' results
            traceback.print_exc()
            failed.append(suite)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps({"device": device, "date": date, "rows": rows}, indent=2))
    table = markdown(rows, device, date)
    (out / "results.md").write_text(table)
    plotted = plot(rows, device, out / "results.png")
    print(table)
    print(f"wrote {out}/results.json, results.md{', results.png' if plotted else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
