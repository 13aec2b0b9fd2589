#!/usr/bin/env bash
# On the GPU machine (see the README's "GPU machine" notes): device info, the test suite, the benchmarks.
# Usage: scripts/gpu_check.sh [pytest args...]; writes logs and results under $OUT (or ./gpu-out).
set -uo pipefail
out=${OUT:-gpu-out}
mkdir -p "$out"
python3 -m vulkit info 2>&1 | tee "$out/info.txt"
python3 -m pytest -q -p no:cacheprovider "$@" 2>&1 | tail -n 60 | tee "$out/tests.txt"
python3 benchmarks/run.py --out "$out" 2>&1 | tail -n 40
python3 scripts/probe_driver_calls.py 2>&1 | tee "$out/driver_calls.txt"
python3 scripts/probe_big_arrays.py 2>&1 | tee "$out/big_arrays.txt"
