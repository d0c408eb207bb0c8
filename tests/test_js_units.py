"""The JavaScript unit tests (tests/js/*.test.mjs) under Node's built-in test runner, as part of
the Python suite, so `bash scripts/test.sh` runs them too (it installs Node.js when missing).

They run twice: on the scripts as written, and on the scripts as the site serves them (minified
by tutor.site.minify), so that minifying can never change what the rules in them do."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tutor.site.minify import minify

ROOT = Path(__file__).resolve().parent.parent
TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))


def node_tests(root: Path) -> None:
    assert shutil.which("node"), "Node.js is not installed: bash scripts/test.sh installs it"
    tests = sorted((root / "tests" / "js").glob("*.test.mjs"))
    result = subprocess.run(["node", "--test", *map(str, tests)], cwd=root, capture_output=True, text=True, timeout=120)
    summary = [line for line in result.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in summary, summary


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Path:
    """A copy of the tests beside the scripts as served, and the data and lessons they read."""
    root = tmp_path_factory.mktemp("served")
    shutil.copytree(ROOT / "tests" / "js", root / "tests" / "js")
    (root / "static" / "js").mkdir(parents=True)
    for script in SCRIPTS:
        relative = script.relative_to(ROOT).as_posix()
        (root / relative).write_text(minify(relative, script.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copy(ROOT / "static" / "js" / "package.json", root / "static" / "js")  # the .js files are modules
    (root / "static" / "data").symlink_to(ROOT / "static" / "data")
    (root / "content").symlink_to(ROOT / "content")
    return root


def test_there_are_javascript_tests():
    assert TESTS, "no tests/js/*.test.mjs"


def test_node_unit_tests_pass():
    node_tests(ROOT)


def test_node_unit_tests_pass_on_the_scripts_as_served(served):
    node_tests(served)


def test_every_script_as_served_is_valid_javascript(served):
    """node --check parses without running: the modules (import/export) as modules, the rest as
    classic scripts, as the pages load them."""
    assert SCRIPTS
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        module = re.search(r"^(import|export) ", text, re.M) is not None
        copy = served / "check" / (script.stem + (".mjs" if module else ".cjs"))
        copy.parent.mkdir(exist_ok=True)
        copy.write_text((served / "static" / "js" / script.name).read_text(encoding="utf-8"), encoding="utf-8")
        result = subprocess.run(["node", "--check", str(copy)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"{script.name} as served: {result.stderr[-2000:]}"
