"""The package keeps its layers (tutor/__init__.py) and its lint: both run as part of the suite."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(tool: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / tool), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_import_contract_of_pyproject_holds():
    done = run("lint-imports", "--no-cache")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_the_contract_names_every_subpackage_of_tutor():
    """A new subpackage outside the layers would escape the contract."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    layered = {name.strip() for layer in contract["layers"] for name in layer.split("|")}
    packages = {p.name for p in (ROOT / "tutor").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    modules = {p.stem for p in (ROOT / "tutor").glob("*.py") if p.stem != "__init__"}
    for name in packages | modules:
        assert f"tutor.{name}" in layered, f"tutor.{name} is in no layer of the import contract"


def test_ruff_finds_nothing():
    done = run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
