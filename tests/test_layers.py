"""The package keeps its layers (tutor/__init__.py) and its lint: both run as part of the suite."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

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


def import_cycles(graph) -> list[list[str]]:
    """Every group of modules that import each other round in a circle (Tarjan's strongly
    connected components of the import graph, of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return cycles


def test_no_module_of_tutor_imports_itself_round_a_circle():
    graph = grimp.build_graph("tutor", cache_dir=None)
    assert import_cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for name in ("a", "a.b", "a.c", "a.d"):
        graph.add_module(name)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.d")
    graph.add_import(importer="a.d", imported="a.b")
    assert import_cycles(graph) == [["a.b", "a.c", "a.d"]]


def contract_layers() -> list:
    """The layers of pyproject's contract as grimp takes them: a name, or a set of independent names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    return [grimp.Layer(*(name.strip() for name in layer.split("|")), independent=True) for layer in contract["layers"]]


@pytest.mark.parametrize(("importer", "imported"), [
    pytest.param("tutor.views.page", "tutor.answers.pages", id="views_reads_the_page_table"),
    pytest.param("tutor.answers.scoring", "tutor.web.api", id="answers_reads_flask_routes"),
    pytest.param("tutor.rules.fans", "tutor.practice.quiz", id="the_engine_reads_practice"),
    pytest.param("tutor.site.kinds", "tutor.web.pages", id="the_build_reads_the_backend"),
])
def test_a_wrong_way_import_breaks_the_layer_contract(importer, imported):
    graph = grimp.build_graph("tutor", cache_dir=None)
    assert graph.find_illegal_dependencies_for_layers(contract_layers()) == set()
    graph.add_import(importer=importer, imported=imported)
    broken = graph.find_illegal_dependencies_for_layers(contract_layers())
    assert {(d.importer, d.imported) for d in broken} != set()
