#!/usr/bin/env bash
# On the GPU machine, from the project root: device info, the test suite, the benchmarks and the probes listed
# below (benchmarks/probes/README.md says what each measures).
# Usage: benchmarks/probes/gpu_check.sh [pytest args...]; writes logs and results under $OUT (or ./gpu-out).
set -uo pipefail
out=${OUT:-gpu-out}
mkdir -p "$out"
python3 -m vulkit info 2>&1 | tee "$out/info.txt"
python3 -m pytest -q -p no:cacheprovider "$@" 2>&1 | tail -n 60 | tee "$out/tests.txt"
python3 benchmarks/run.py --out "$out" 2>&1 | tail -n 40
probes=("probe_driver_calls.py" "probe_tiny_parts.py" "probe_tiny.py --modes 6" "probe_tiny_host.py 8"
        "probe_chain.py" "probe_kernel_shape.py 24 28" "probe_mid_sizes.py" "probe_division.py 24"
        "probe_big_arrays.py")
for probe in "${probes[@]}"; do
  read -ra args <<< "$probe"
  python3 "benchmarks/probes/${args[0]}" "${args[@]:1}" 2>&1 | tee -a "$out/probes.txt"
done
