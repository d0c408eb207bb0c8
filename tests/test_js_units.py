"""The JavaScript unit tests (tests/js/*.test.mjs) under Node's built-in test runner, as part of
the Python suite, so `bash scripts/test.sh` runs them too (it installs Node.js when missing)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


def test_there_are_javascript_tests():
    assert TESTS, "no tests/js/*.test.mjs"


def test_node_unit_tests_pass():
    assert shutil.which("node"), "Node.js is not installed: bash scripts/test.sh installs it"
    result = subprocess.run(["node", "--test", *map(str, TESTS)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    summary = [line for line in result.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in summary, summary
