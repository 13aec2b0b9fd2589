"""Summarise a run of the array API test suite: ``array_api_summary.py REPORT.json XFAILS.txt [--whole]``.

Prints ``array-api-tests: N passed, M xfailed, K failed, S skipped`` (errors count as failed), then the failures
to act on: failed tests (not in the xfail list), xfail entries that passed (to be removed from the list) and,
after a run of the whole suite (``--whole``), xfail entries that name no test.
Also checks the xfail file's form: the suite takes a whole line as a test id, so each id sits on its own line,
under a ``# reason`` comment line. Exits 1 when the xfail file is malformed, else 0 (pytest's status decides).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


def xfail_ids(path: Path) -> list[str]:
    """The test ids of the xfail file, read as the suite's conftest reads them."""
    return [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def matches(nodeid: str, pattern: str) -> bool:
    """Whether an xfail entry names a test (the suite's check_id_match: the id, a file or a test's prefix)."""
    return (nodeid == pattern or nodeid.startswith(pattern.removesuffix("/") + "/")
            or (pattern.endswith(".py") and nodeid.startswith(pattern))
            or nodeid.split("::", maxsplit=2)[0] == pattern or nodeid.split("[", maxsplit=2)[0] == pattern)


def check_xfails(path: Path) -> list[str]:
    """Problems in the xfail file: ids without a reason above them, ids followed by a comment or blanks."""
    problems = []
    previous = ""
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            if line != line.strip() or " # " in line:
                problems.append(f"{path.name}:{number}: a test id alone on its line (no comment after it): {line!r}")
            if not previous.startswith("# "):
                problems.append(f"{path.name}:{number}: no '# reason' line above {line}")
        previous = line
    return problems


def main(report_path: str, xfails_path: str, whole: bool) -> int:
    if not Path(report_path).exists():
        print("array-api-tests: no report: the suite did not run to its end")
        return 1
    report = json.loads(Path(report_path).read_text())
    outcomes = Counter(test["outcome"] for test in report.get("tests", []))
    broken_collectors = [c["nodeid"] for c in report.get("collectors", []) if c.get("outcome") == "failed"]
    failed = outcomes["failed"] + outcomes["error"] + len(broken_collectors)
    print(f"array-api-tests: {outcomes['passed']} passed, {outcomes['xfailed']} xfailed, {failed} failed, "
          f"{outcomes['skipped']} skipped")
    total = sum(outcomes.values())
    print(f"array-api-tests: {total} tests in {report.get('duration', 0):.0f} s"
          + (f", {outcomes['xpassed']} xpassed" if outcomes["xpassed"] else ""))
    for nodeid in broken_collectors:
        print(f"  not collected: {nodeid}")
    for test in report.get("tests", []):
        if test["outcome"] in ("failed", "error"):
            print(f"  FAILED {test['nodeid']}")
        elif test["outcome"] == "xpassed":
            print(f"  XPASS (passed this time: is its xfail entry still needed?) {test['nodeid']}")
    if whole:
        nodeids = [test["nodeid"] for test in report.get("tests", [])]
        for pattern in xfail_ids(Path(xfails_path)):
            if not any(matches(nodeid, pattern) for nodeid in nodeids):
                print(f"  no such test (remove from the xfail list): {pattern}")
    problems = check_xfails(Path(xfails_path))
    for problem in problems:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], "--whole" in sys.argv[3:]))
