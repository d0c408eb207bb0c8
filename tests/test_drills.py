"""The drills: dealt to order and reproducible, answers read strictly, the grading's conditions,
the backend's routes (htmx fragment or page, Vary, 400s) and the bank the build writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.answers import drills as A
from tutor.practice import drills as D
from tutor.rules import tiles as T
from tutor.rules.analysis import analyze
from tutor.rules.engine import score
from tutor.site import drillbank
from tutor.site.build import read_site
from tutor.site.cache import RenderCache
from tutor.views import drills as V

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("mode", D.MODES)
def test_a_seed_always_deals_the_same_hand(mode):
    assert D.deal(mode, 7).hand == D.deal(mode, 7).hand
    assert D.deal(mode, 7).hand != D.deal(mode, 8).hand or D.deal(mode, 7).situation != D.deal(mode, 8).situation


@pytest.mark.parametrize("seed", range(1, 13))
def test_dealt_hands_fit_their_drill(seed):
    waits = D.deal("waits", seed)
    assert waits.analysis.tiles == 13 and waits.analysis.shanten == 0 and waits.analysis.waits
    declare = D.deal("declare", seed)
    assert score(declare.hand, declare.situation).total == declare.result.total
    shanten = D.deal("shanten", seed)
    assert analyze(shanten.hand).shanten in (1, 2, 3) and shanten.analysis.useful
    discard = D.deal("discard", seed)
    assert discard.analysis.tiles == 14 and discard.analysis.shanten >= 0


def test_the_tricky_shapes_are_dealt():
    shapes = {D.deal("waits", seed).shape for seed in range(1, 41)}
    assert shapes == {name for name, _ in D.SHAPES}
    held = next(d for d in (D.deal("waits", s) for s in range(1, 80)) if d.shape == "three_held")
    counts = held.hand.counts()
    assert any(counts[w.tile] == 3 for w in held.analysis.waits)


def test_declare_deals_both_answers():
    answers = {D.deal("declare", seed).result.meets_minimum for seed in range(1, 21)}
    assert answers == {True, False}


def test_unknown_mode():
    with pytest.raises(D.DrillError, match="Unknown drill"):
        D.deal("poker", 1)


@pytest.mark.parametrize("form, message", [
    pytest.param({"mode": "poker", "seed": "1"}, "Unknown drill", id="mode"),
    pytest.param({"mode": "waits", "seed": "x"}, "seed must be", id="seed"),
    pytest.param({"mode": "waits", "seed": "1", "rules": "hk"}, "rules must be", id="rules"),
    pytest.param({"mode": "waits", "seed": "²"}, "seed must be", id="seed_superscript"),
    pytest.param({"mode": "waits", "seed": "①"}, "seed must be", id="seed_circled"),
    pytest.param({"mode": "waits", "seed": "1²"}, "seed must be", id="seed_mixed"),
    pytest.param({"mode": "waits", "seed": "9" * 10_000}, "seed must be", id="seed_10000_digits"),
])
def test_bad_keys(form, message):
    with pytest.raises(D.DrillError, match=message):
        A.drill_key(form)


@pytest.mark.parametrize("mode, form, message", [
    pytest.param("waits", {"tile": "9z"}, "not a tile", id="tile"),
    pytest.param("shanten", {}, "Say how many", id="no_shanten"),
    pytest.param("shanten", {"shanten": "9"}, "from 0 to 6", id="shanten_range"),
    pytest.param("declare", {"declare": "maybe"}, "yes or no", id="declare"),
    pytest.param("declare", {"declare": "yes", "total": "lots"}, "whole number", id="total"),
    pytest.param("declare", {"declare": "yes", "total": "²"}, "whole number", id="total_superscript"),
    pytest.param("declare", {"declare": "yes", "total": "9" * 10_000}, "whole number", id="total_10000_digits"),
    pytest.param("shanten", {"shanten": "²"}, "from 0 to 6", id="shanten_superscript"),
    pytest.param("shanten", {"shanten": "①"}, "from 0 to 6", id="shanten_circled"),
    pytest.param("discard", {}, "Choose the tile", id="discard"),
])
def test_bad_answers(mode, form, message):
    with pytest.raises(D.DrillError, match=message):
        A.read_answer(form, mode)


def test_answers_are_spelt_as_the_conditions():
    answer = A.read_answer({"tile": "5s", "shanten": "02"}, "shanten")
    assert answer["tile"] == ["5s"] and answer["shanten"] == ["2"]


@pytest.mark.parametrize("condition, shown", [
    pytest.param("tile:5s", True, id="holds"),
    pytest.param("!tile:5s", False, id="negated"),
    pytest.param("tile=5s,E", True, id="exactly"),
    pytest.param("tile=5s", False, id="not_exactly"),
    pytest.param("total=", True, id="empty"),
    pytest.param("!total= !total=12", False, id="and"),
    pytest.param("discard:1m|tile:E", True, id="or"),
])
def test_conditions(condition, shown):
    assert V.shown(condition, {"tile": ["5s", "E"], "total": [], "discard": []}) is shown


def test_nothing_conditional_shows_without_an_answer():
    assert not V.shown("tile=", None)


# ------------------------------------------------------------------------------- the backend


def test_the_page_and_a_new_deal(client):
    response = client.get("/drills/")
    assert response.status_code == 200 and "Vary" in response.headers
    assert "HX-Request" in response.headers["Vary"]
    response = client.get("/drills/?mode=discard")
    assert response.status_code == 303 and "mode=discard&seed=" in response.headers["Location"]


def test_a_graded_answer_hides_what_it_rules_out(client):
    waits = [T.code(t) for t in D.declarable_waits(D.deal("waits", 3).analysis)]
    response = client.post("/drills/", data={"mode": "waits", "seed": "3", "answer": "1", "tile": waits},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<!doctype" not in html.lower()
    assert f'data-when="{V.exactly("tile", sorted(T.from_code(c) for c in waits))}">Right!' in html
    assert 'hidden>Not quite' in html


def test_bad_input_is_a_400_in_the_page(client):
    response = client.post("/drills/", data={"mode": "discard", "seed": "3", "answer": "1"})
    assert response.status_code == 400
    assert "Choose the tile to discard first." in response.get_data(as_text=True)
    assert client.get("/drills/?mode=waits&seed=-1").status_code == 400


# ------------------------------------------------------------------------------- the bank the build writes


def test_the_bank_holds_each_hand_and_its_grading(monkeypatch):
    site = read_site(ROOT, ROOT / "site.toml", draft=False)
    monkeypatch.setattr(V, "BANK_SIZE", 2)
    files, tasks = drillbank.stored(site, RenderCache(None, "x"))
    assert files == {} and len(tasks) == len(D.MODES)
    files = drillbank.keep(site, RenderCache(None, "x"), files, [task() for task in tasks])
    assert sorted(files) == sorted(["drills/bank/index.json"] + [f"drills/bank/{m}-{s}{g}.html" for m in D.MODES
                                                                 for s in (1, 2) for g in ("", "-graded")])
    dealt, graded = files["drills/bank/waits-1.html"], files["drills/bank/waits-1-graded.html"]
    assert 'id="drill-answer"' in dealt and "data-graded" not in dealt
    # With no answer, nothing conditional shows until the browser has the player's answer.
    assert 'data-perfect-when="tile=' in graded and "data-when" in graded
    assert graded.count("data-when=") + graded.count("data-unless=") == graded.count('" hidden>')


# ------------------------------------------------------------------------------- the calculator's 13 and 14 tiles


@pytest.mark.parametrize("query, status, summary, rows", [
    pytest.param("h=123m 456p 789s 11s 23p", 200, "Ready: the hand wins on 3 tiles.", 3, id="waits"),
    pytest.param("h=123m 456p 789s 11s 25p", 200, "1 tile from ready.", 0, id="shanten"),
    pytest.param("h=123m 456p 789s 11s 23p 9m", 200, "Ready after the right discard.", 13, id="discards"),
    # A winning tile given: still 422 with the scorer's message, and then the discards.
    pytest.param("h=123m 456p 789s 11s 23p 9m&win=9m", 422, "Ready after the right discard.", 13, id="not_winning"),
])
def test_calculator_analyses_13_and_14_tiles(client, query, status, summary, rows):
    response = client.get("/calculator/?" + query, headers={"HX-Request": "true"})
    assert response.status_code == status
    assert ('role="alert"' in response.get_data(as_text=True)) is (status == 422)
    html = response.get_data(as_text=True)
    assert summary in html
    assert html.count("<tr data-tile") == rows


def test_calculator_still_scores_a_win_and_refuses_other_sizes(client):
    response = client.get("/calculator/?h=[EEE] 123m 456p 789s 55s&win=5s", headers={"HX-Request": "true"})
    assert response.status_code == 200 and "13 points" in response.get_data(as_text=True)
    assert client.get("/calculator/?h=123m&win=1m").status_code == 400
    # 14 tiles that win but give no winning tile: what is missing, in the page's words for the box.
    response = client.get("/calculator/?h=123m 456p 789s 11s 23p 1p")
    assert response.status_code == 400 and "&#39;Winning tile&#39;" in response.get_data(as_text=True)


def test_the_banks_links_are_the_drills_pages():
    """The bank's fragments are shown inside drills/, so what they load resolves from there."""
    files = drillbank.deal_mode(read_site(ROOT, ROOT / "site.toml", draft=False), "waits")
    uses = set(re.findall(r'(?:href|src)="([^"#?]+)', files["drills/bank/waits-1-graded.html"]))
    assert uses and all(u.startswith("../") or u.startswith("./") or u.startswith("?") for u in uses), uses
    for target in uses:
        if target.startswith("../static/"):
            assert (ROOT / target[3:]).is_file(), target
