"""The score sheet page as built, and the calculator's way to it ("Add to score sheet").
The rules run under Node (tests/js/), the page in a browser (tests/browser/test_scoresheet.py)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tutor.site import build_site

ROOT = Path(__file__).resolve().parent.parent
HX = {"HX-Request": "true"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sheet") / "site"
    build_site(ROOT, out)
    return out


def test_the_page_carries_the_seating_file_as_data(site):
    page = (site / "scoresheet" / "index.html").read_text(encoding="utf-8")
    embedded = re.search(r'<script type="application/json" id="seating-data">(.*?)</script>', page, re.S).group(1)
    assert json.loads(embedded) == json.loads((ROOT / "static/data/seating.json").read_text(encoding="utf-8"))
    assert re.search(r'<script type="module" src="\.\./static/js/scoresheet\.js\?v=[0-9a-f]{10}"></script>', page)
    # The link to the false-win penalty points at the heading of the penalties lesson.
    assert 'href="../lessons/penalties/#a-false-win"' in page
    assert 'id="a-false-win"' in (site / "lessons" / "penalties" / "index.html").read_text(encoding="utf-8")


def test_every_page_links_to_the_score_sheet(site):
    for page in ["index.html", "lessons/rotation/index.html", "fans/full-flush/index.html", "calculator/index.html"]:
        text = (site / page).read_text(encoding="utf-8")
        nav = text.split('<nav class="site-nav"', 1)[1].split("</nav>", 1)[0]
        assert ">Score sheet</a>" in nav, page
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="scoresheet/">the score sheet</a>' in home
    documents = json.loads((site / "search-index.json").read_text(encoding="utf-8"))["documents"]
    assert any(d["url"] == "scoresheet/" and d["title"] == "Score sheet" for d in documents)


@pytest.mark.parametrize("self_drawn, flowers", [pytest.param(False, 0, id="discard"),
                                                 pytest.param(True, 2, id="self_drawn_with_flowers")])
def test_the_calculator_result_offers_add_to_score_sheet(client, self_drawn, flowers):
    form = {"h": "[EEE] 123m 456p 789s 55s", "win": "5s", "flowers": str(flowers)}
    if self_drawn:
        form["self_drawn"] = "true"
    response = client.post("/calculator/", data=form, headers=HX)
    assert response.status_code == 200
    link = re.search(r'<a class="button to-scoresheet" href="([^"]+)">Add to score sheet</a>', response.text)
    assert link, response.text[-1500:]
    href = html.unescape(link.group(1))
    assert href.startswith("../scoresheet/?")  # relative to calculator/, so it works in a subfolder
    query = parse_qs(urlsplit(href).query)
    total = 13 + (1 if self_drawn else 0) + flowers
    assert query["add"] == ["1"]
    assert query["points"] == [str(total)] and query["without_flowers"] == [str(total - flowers)]
    assert query["self_drawn"] == ["true" if self_drawn else "false"]
    # The hand's own address, site-relative, which the sheet keeps beside the row.
    hand = urlsplit(query["from"][0])
    assert hand.path == "calculator/"
    assert parse_qs(hand.query)["h"] == ["[EEE] 123m 456p 55789s"]  # as the calculator writes it
    assert parse_qs(hand.query).get("flowers", ["0"]) == [str(flowers)]
