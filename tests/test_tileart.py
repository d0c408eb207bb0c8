"""Checks for the generated tile sprite (scripts/tileart.py -> static/tiles/tiles.svg)."""

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The tile art is drawn by a tool, not by the package: scripts/tileart.py.
sys.path.insert(0, str(ROOT / "scripts"))

import tileart  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
SPRITE_FILE = ROOT / "static" / "tiles" / "tiles.svg"

EXPECTED_CODES = (
    [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
    + ["E", "S", "W", "N", "C", "F", "P"]
    + [f"f{n}" for n in range(1, 5)]
    + [f"g{n}" for n in range(1, 5)]
    + ["back"]
)


@pytest.fixture(scope="module")
def sprite() -> str:
    return tileart.build_sprite()


@pytest.fixture(scope="module")
def root(sprite: str) -> ET.Element:
    return ET.fromstring(sprite)


def test_sprite_is_valid_svg_xml(root):
    assert root.tag == f"{SVG_NS}svg"


def test_exactly_the_43_tile_symbols(root):
    ids = [s.get("id") for s in root.iter(f"{SVG_NS}symbol")]
    assert len(EXPECTED_CODES) == 43
    assert ids == [f"tile-{code}" for code in EXPECTED_CODES]


def test_every_symbol_uses_the_tile_viewbox(root):
    for symbol in root.iter(f"{SVG_NS}symbol"):
        assert symbol.get("viewBox") == "0 0 60 80", symbol.get("id")


def test_file_on_disk_matches_build_sprite(sprite):
    assert SPRITE_FILE.read_text(encoding="utf-8") == sprite, (
        "static/tiles/tiles.svg is stale: run python scripts/tileart.py"
    )


def test_no_text_elements(root):
    assert not list(root.iter(f"{SVG_NS}text"))
    assert not list(root.iter(f"{SVG_NS}tspan"))


def test_no_external_references(sprite, root):
    for element in root.iter():
        for name, value in element.attrib.items():
            assert not name.endswith("href"), (element.tag, name, value)
            assert "url(" not in value, (element.tag, name, value)
    assert "url(" not in sprite
    # the only URL allowed is the SVG namespace itself
    assert re.findall(r"https?://[^\s\"']+", sprite) == ["http://www.w3.org/2000/svg"]
    assert "<image" not in sprite and "@import" not in sprite


def test_colours_go_through_custom_properties(root):
    for element in root.iter():
        # var() is not valid in presentation attributes, only in style
        for attr in ("fill", "stroke"):
            assert "var(" not in element.get(attr, ""), element.tag
    styles = [e.get("style", "") for e in root.iter()]
    for name in ("face", "edge", "ink", "red", "green", "blue", "back"):
        assert any(f"var(--tile-{name}," in s for s in styles), name


def test_corner_index_is_hidden_by_default(root):
    for symbol in root.iter(f"{SVG_NS}symbol"):
        groups = [g for g in symbol.iter(f"{SVG_NS}g") if "--tile-index" in g.get("style", "")]
        if symbol.get("id") == "tile-back":
            assert not groups
        else:
            assert len(groups) == 1, symbol.get("id")
            assert groups[0].get("style") == "display:var(--tile-index,none)"


def test_sprite_stays_small(sprite):
    assert len(sprite.encode("utf-8")) < 60_000
