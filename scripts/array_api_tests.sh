#!/usr/bin/env bash
# Run the array API standard's own test suite (data-apis/array-api-tests, pinned in ../shared/array-api-tests)
# against vulkit at version 2025.12, with the tracked xfail list tests/array-api-xfails.txt.
#   scripts/array_api_tests.sh [extra pytest arguments, e.g. array_api_tests/test_sorting_functions.py]
# Writes build/array-api-tests.json (pytest-json-report) and prints
#   array-api-tests: N passed, M xfailed, K failed, S skipped
# Fails when a test that the xfail list does not name fails.
# Environment: ARRAY_API_TESTS_DIR (the suite), ARRAY_API_MAX_EXAMPLES (hypothesis examples per test, default 100,
# the suite's own: the whole run takes about 4 minutes on 2 lavapipe cores with empty kernel caches, 2.5 with
# warm ones; 20 finds fewer of the failures), ARRAY_API_RANDOM=1 (fresh random examples instead of the
# derandomized ones CI uses), ARRAY_API_JOBS (pytest-xdist's worker processes, default 2; 1: one process), VENV.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
suite=$(cd "${ARRAY_API_TESTS_DIR:-$root/../shared/array-api-tests}" 2>/dev/null && pwd) || {
    echo "array-api-tests: the suite is not at ${ARRAY_API_TESTS_DIR:-$root/../shared/array-api-tests}" >&2; exit 1; }
venv=${VENV:-.venv}
case "$venv" in /*) ;; *) venv="$root/$venv" ;; esac
py="$venv/bin/python"
xfails="$root/tests/array-api-xfails.txt"
work="$root/build/array-api-tests"
report="$root/build/array-api-tests.json"
mkdir -p "$work"

# The suite stays untouched (it is read-only): hypothesis' database and the bytecode caches go under build/.
seed_args=(--derandomize)
[ "${ARRAY_API_RANDOM:-0}" = 1 ] && seed_args=()
jobs=${ARRAY_API_JOBS:-2}
job_args=()
[ "$jobs" != 1 ] && job_args=(-n "$jobs")
# Test ids are the suite's (array_api_tests/test_x.py::test_y): relative ones are read from the suite's folder.
args=()
whole=--whole
[ $# -gt 0 ] && whole=""
for arg in "${@:-array_api_tests}"; do
    case "$arg" in array_api_tests*) args+=("$suite/$arg") ;; *) args+=("$arg") ;; esac
done
cd "$work"
rc=0
rm -f "$report"
ARRAY_API_TESTS_MODULE=vulkit ARRAY_API_TESTS_VERSION=2025.12 PYTHONPYCACHEPREFIX="$work/pycache" \
    "$py" -m pytest "${args[@]}" --rootdir="$suite" -c "$suite/pytest.ini" -p no:cacheprovider -q \
    --max-examples "${ARRAY_API_MAX_EXAMPLES:-100}" --disable-deadline "${seed_args[@]}" "${job_args[@]}" \
    --xfails-file "$xfails" --json-report --json-report-file "$report" \
    -o console_output_style=classic --tb=line \
    >"$work/output.txt" 2>&1 || rc=$?
"$py" "$root/scripts/array_api_summary.py" "$report" "$xfails" $whole || { [ "$rc" != 0 ] || rc=1; }
[ "$rc" = 0 ] || echo "array-api-tests: pytest exited with status $rc; its output is in $work/output.txt" >&2
exit "$rc"
