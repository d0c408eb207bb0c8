"""The practice pages as the backend serves them: calculator, quiz, lesson check questions.

Every URL answers htmx (HX-Request: true) with a fragment and anything else with the whole page,
says Vary: HX-Request, and answers bad input with a message (400, or 422 for a hand that does not
win), never with a 500 or a traceback.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from html import escape
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from flask import template_rendered

from tutor.answers import forms as F
from tutor.app import create_app
from tutor.practice.quiz import grade
from tutor.site import build_site
from tutor.views import practice as P
from tutor.views.tileview import hand_view

ROOT = Path(__file__).resolve().parent.parent
HX = {"HX-Request": "true"}
HAND = {"h": "[EEE] 123m 456p 789s 55s", "win": "5s"}


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("web") / "site"
    build_site(ROOT, out)
    return out


@pytest.fixture
def web(site_dir):
    return create_app({"TESTING": True, "SITE_DIR": str(site_dir)}).test_client()


@contextmanager
def templates(client):
    seen = []

    def record(sender, template, context, **extra):
        seen.append(template.name)

    template_rendered.connect(record, client.application)
    try:
        yield seen
    finally:
        template_rendered.disconnect(record, client.application)


def text_of(response) -> str:
    return response.get_data(as_text=True)


def plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ------------------------------------------------------------------------------- calculator


def test_calculator_page_without_a_hand(web):
    with templates(web) as seen:
        response = web.get("/calculator/")
    assert response.status_code == 200
    assert seen == ["calculator.html"]
    assert "HX-Request" in response.headers.get("Vary", "")
    html = text_of(response)
    assert '<form id="calc-form" class="calc-form" action="../calculator/" method="post"' in html
    assert 'hx-post="../calculator/"' in html
    assert html.count('class="pick"') == 34
    assert 'aria-label="5 of bamboo"' in html and 'aria-label="red dragon"' in html
    assert "Content-Security-Policy" in response.headers


def test_calculator_link_opens_a_scored_page_without_javascript(web):
    with templates(web) as seen:
        response = web.get("/calculator/", query_string={**HAND, "seat_wind": "E"})
    assert response.status_code == 200
    assert seen == ["calculator.html"]
    html = text_of(response)
    assert html.startswith("<!doctype html>")
    assert 'value="[EEE] 123m 456p 789s 55s"' in html
    assert '<a href="../fans/mixed-straight/">Mixed Straight</a>' in html
    assert "13 points: meets the 8-point minimum" in html
    assert "Pung of Terminals or Honors</a>: EEE already counts" in html  # not counted, with the reason
    assert "The discarder pays 21" in html


def test_calculator_fragment_for_htmx(web):
    with templates(web) as seen:
        response = web.post("/calculator/", data=HAND, headers=HX)
    assert response.status_code == 200
    assert seen == ["fragments/calc_result.html"]
    assert response.headers["Vary"] == "HX-Request"
    html = text_of(response)
    assert "<html" not in html and "<h1" not in html
    assert '<tr data-tiles="1m 2m 3m 4p 5p 6p 7s 8s 9s">' in html  # the tiles that make Mixed Straight
    assert 'data-tiles="E E E"' in html
    assert '<select id="why-not-fan" name="why_not" form="calc-form">' in html


def test_calculator_fragment_and_json_api_agree(web):
    fragment = text_of(web.post("/calculator/", data={**HAND, "self_drawn": "true", "flowers": "2"}, headers=HX))
    data = web.post("/api/score", json={"hand": HAND["h"], "win": "5s", "self_drawn": True, "flowers": 2}).get_json()
    assert f"{data['total']} points: meets" in fragment
    for fan in data["fans"]:
        assert f'>{fan["name"]}</a>' in fragment
    assert f"each other player pays {data['payments']['each_player']}" in fragment


@pytest.mark.parametrize("fields", [
    pytest.param(HAND, id="a_win"),
    pytest.param({"h": "123m 456p 789s 11s 23p"}, id="13_tiles"),
    pytest.param({"h": "123m 456p 789s 11s 23p 9p"}, id="14_tiles_that_do_not_win"),
    pytest.param({**HAND, "win": "9p"}, id="14_tiles_a_wrong_win"),
])
def test_the_calculator_reads_the_notation_once_per_request(web, monkeypatch, fields):
    from tutor.answers import scoring
    calls = []
    real = scoring.parse_hand
    monkeypatch.setattr(scoring, "parse_hand", lambda text: calls.append(text) or real(text))
    response = web.post("/calculator/", data=fields, headers=HX)
    assert response.status_code < 500
    assert calls == [fields["h"]]


def test_why_not_is_answered_in_the_result(web):
    response = web.post("/calculator/", data={**HAND, "why_not": "22"}, headers=HX)
    assert response.status_code == 200
    html = text_of(response)
    # One sentence, the fan named once: its name, the link, is the sentence's subject.
    assert '<ul class="why-not-answers"><li tabindex="-1"><a href="../fans/full-flush/">Full Flush</a> needs one suit' in html


def test_the_same_hand_by_get_and_post(web):
    by_get = text_of(web.get("/calculator/", query_string=HAND, headers=HX))
    by_post = text_of(web.post("/calculator/", data=HAND, headers=HX))
    assert by_get == by_post


def test_rule_edition_is_taken_from_the_form(web):
    html = text_of(web.post("/calculator/", data={**HAND, "rules": "china1998"}, headers=HX))
    assert "Fans counted, with China 1998 rules" in html


@pytest.mark.parametrize(
    "form, status, message",
    [
        # The form's own names for its fields (the JSON API says "Missing field 'win'").
        pytest.param({"win": "5s"}, 400, "The hand is empty: pick its tiles above, or write it in the box "
                     "&#39;Hand in notation&#39;", id="no_hand"),
        pytest.param({"h": "[EEE] 123x 456p 789s 55s", "win": "5s"}, 400, "Unknown suit letter", id="bad_suit"),
        pytest.param({"h": "[EE] 123m 456p 789s 55s", "win": "5s"}, 400, "is not a set", id="bad_meld"),
        pytest.param({"h": "[EEE] 123m 456p 789s 56s", "win": "5x"}, 400, "", id="not_a_tile"),
        pytest.param({"h": "[EEE] 123m 456p 789s 56s", "win": "5s"}, 422, "", id="not_winning"),
        pytest.param({"h": "[EEE] 123m 456p 89s 5s", "win": "5s"}, 400, "9 concealed tiles", id="too_few"),
        pytest.param({"h": "11111m 2345m 789s 55s", "win": "5s"}, 400, "only four of each tile", id="five_copies"),
        pytest.param({**HAND, "win": "9m"}, 400, "is not among the concealed tiles", id="win_elsewhere"),
        pytest.param({**HAND, "self_drawn": "maybe"}, 400, "must be true or false", id="bad_flag"),
        pytest.param({**HAND, "flowers": "lots"}, 400, "Flowers must be a whole number", id="bad_flowers"),
        pytest.param({**HAND, "flowers": "9"}, 400, "Flowers must be from 0 to 8", id="too_many_flowers"),
        pytest.param({**HAND, "seat_wind": "Q"}, 400, "seat_wind", id="bad_wind"),
        pytest.param({**HAND, "rules": "house"}, 400, "Field &#39;rules&#39; must be one of", id="bad_rules"),
        pytest.param({**HAND, "why_not": "999"}, 400, "There is no fan &#39;999&#39;", id="bad_why_not"),
        pytest.param({**HAND, "replacement_tile": "true", "self_drawn": "true"}, 400, "needs a kong", id="no_kong"),
        pytest.param({"h": "1" * 300 + "m", "win": "1m"}, 400, "too long", id="too_long"),
        pytest.param({"h": "", "win": ""}, 400, "The hand is empty", id="empty"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False], ids=["fragment", "page"])
def test_bad_calculator_input_gets_a_message(web, form, status, message, htmx):
    with templates(web) as seen:
        response = web.post("/calculator/", data=form, headers=HX if htmx else {})
    assert response.status_code == status
    assert seen == (["fragments/calc_result.html"] if htmx else ["calculator.html"])
    assert response.headers["Vary"] == "HX-Request"
    html = text_of(response)
    assert '<div class="calc-error" role="alert"' in html
    assert message in html
    assert "Traceback" not in html


def test_everything_typed_is_escaped(web):
    nasty = '<script>alert("x")</script>'
    response = web.post("/calculator/", data={"h": nasty, "win": '"><b>win'})
    assert response.status_code == 400
    html = text_of(response)
    assert "<script>alert" not in html and "<b>win" not in html
    assert 'value="&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"' in html
    assert 'value="&#34;&gt;&lt;b&gt;win"' in html


def test_typed_values_are_echoed_into_the_form(web):
    html = text_of(web.post("/calculator/", data={**HAND, "self_drawn": "true", "seat_wind": "S", "flowers": "3",
                                                   "rules": "china1998"}))
    assert 'name="self_drawn" value="true" checked' in html
    assert '<option value="S" selected>' in html
    assert '<option value="3" selected>3</option>' in html
    assert '<option value="china1998" selected>' in html


def test_form_fields_map_onto_the_api(web):
    from werkzeug.datastructures import MultiDict

    form = MultiDict([("h", "x"), ("win", "5s"), ("self_drawn", "on"), ("last_tile", ""), ("flowers", "2"),
                      ("seat_wind", "s"), ("why_not", "22"), ("why_not", "full-flush"), ("add_as", "chow")])
    assert F.form_to_score_mapping(form) == {"hand": "x", "win": "5s", "self_drawn": True, "last_tile": False,
                                             "seat_wind": "S", "flowers": 2, "why_not": ["22", "full-flush"]}


# ------------------------------------------------------------------------------- quiz


def test_quiz_page_without_a_hand(web):
    with templates(web) as seen:
        response = web.get("/quiz/")
    assert response.status_code == 200
    assert seen == ["quiz.html"]
    assert response.headers["Vary"] == "HX-Request"
    html = text_of(response)
    assert 'id="quiz-setup"' in html and 'method="get" hx-post="../quiz/"' in html
    assert 'id="quiz-answer"' not in html
    assert 'data-bank="../quiz/bank.json"' in html


def test_new_hand_without_javascript_gets_its_own_address(web):
    response = web.get("/quiz/", query_string={"mode": "band", "band": "8", "fan": "full-flush", "seed": ""})
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert location.path == "./"
    query = parse_qs(location.query)
    assert query["mode"] == ["band"] and query["band"] == ["8"] and "fan" not in query
    assert query["seed"][0].isdigit()
    again = web.get("/quiz/", query_string=query)
    assert again.status_code == 200


def test_new_hand_for_htmx_is_a_fragment_with_its_seed(web):
    with templates(web) as seen:
        response = web.get("/quiz/", query_string={"mode": "starter"}, headers=HX)
    assert response.status_code == 200
    assert seen == ["fragments/quiz_area.html"]
    assert re.search(r'data-params="mode=starter&amp;seed=\d+"', text_of(response))


def test_htmx_deals_by_post_too(web):
    """A front server may serve GET /quiz/ from the built site itself; htmx's deal is a POST."""
    with templates(web) as seen:
        response = web.post("/quiz/", data={"mode": "band", "band": "12", "fan": "full-flush", "seed": "9"}, headers=HX)
    assert response.status_code == 200
    assert seen == ["fragments/quiz_area.html"]
    assert 'data-params="mode=band&amp;band=12&amp;seed=9"' in text_of(response)
    assert "quiz-graded" not in text_of(response)
    plain_post = web.post("/quiz/", data={"mode": "band", "band": "12", "seed": ""})
    assert plain_post.status_code == 303 and "mode=band&band=12&seed=" in plain_post.headers["Location"]


def test_a_seed_deals_the_same_hand_and_hides_the_answers(web):
    query = {"mode": "fan", "fan": "full-flush", "seed": "5"}
    first, second = web.get("/quiz/", query_string=query), web.get("/quiz/", query_string=query)
    assert first.status_code == second.status_code == 200
    hand = re.search(r'<div class="hand" role="group" aria-label="([^"]+)"', text_of(first)).group(1)
    assert hand in text_of(second)
    dealt = P.QuizKey("fan", 5, fan="full-flush").deal()
    assert hand == hand_view(dealt.hand, dealt.situation.win, dealt.situation.flowers).label
    html = text_of(first)
    assert "data-graded" not in html and "is-counted" not in html and "quiz-graded" not in html
    for scored in dealt.result.fans:
        assert scored.reason not in html
    assert '<input type="checkbox" id="tick-22" name="tick" value="22">' in html


def test_grading_says_what_was_found_missed_and_wrong(web):
    key = P.QuizKey("fan", 5, fan="full-flush")
    dealt = key.deal()
    counted = [f.fan.id for f in dealt.result.fans]
    wrong = next(f.id for f in P.quiz_choices(dealt) if f.id not in counted)
    form = {"answer": "1", "mode": "fan", "fan": "full-flush", "seed": "5", "tick": [str(counted[0]), str(wrong)],
            "total": "1"}
    with templates(web) as seen:
        response = web.post("/quiz/", data=form, headers=HX)
    assert response.status_code == 200
    assert seen == ["fragments/quiz_area.html"]
    html = text_of(response)
    graded = grade(dealt.result, [counted[0], wrong], 1)
    assert '<ul class="graded-list found">' in html
    assert f"You found 1 of the {len(counted)} fans that count." in plain(html)
    for missed in graded.missed:
        assert missed.reason in plain(html)
    fan, reason = graded.wrong[0]
    # The reason is one sentence whose subject, the fan's name, is the link.
    assert reason.startswith(fan.name)
    assert f'<a href="../fans/{fan.slug}/">{fan.name}</a>{reason[len(fan.name):]}' in html.replace("&#39;", "'")
    assert f"You gave 1 points; the hand scores {dealt.result.total}." in html
    assert 'data-graded="{&#34;found&#34;: [' in html


def test_grading_without_javascript_is_a_page(web):
    with templates(web) as seen:
        response = web.post("/quiz/", data={"answer": "1", "mode": "starter", "seed": "3", "tick": ["56"]})
    assert response.status_code == 200
    assert seen == ["quiz.html"]
    assert "quiz-graded" in text_of(response)


@pytest.mark.parametrize(
    "form, message",
    [
        pytest.param({"mode": "nonsense", "seed": "1"}, "Unknown quiz mode", id="mode"),
        pytest.param({"mode": "fan", "fan": "not-a-fan", "seed": "1"}, "There is no fan", id="fan"),
        pytest.param({"mode": "fan", "seed": "1"}, "needs the fan", id="no_fan"),
        pytest.param({"mode": "band", "band": "7", "seed": "1"}, "Choose a point value", id="band"),
        pytest.param({"mode": "starter", "seed": "-4"}, "The seed must be", id="seed"),
        pytest.param({"mode": "starter", "seed": "12345678901"}, "The seed must be", id="big_seed"),
        pytest.param({"mode": "starter", "seed": "1", "tick": "<b>x</b>"}, "is not a fan", id="tick"),
        pytest.param({"mode": "starter", "seed": "1", "tick": "99"}, "is not a fan", id="tick_range"),
        pytest.param({"mode": "starter", "seed": "1", "rules": "house"}, "The rules must be", id="rules"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False], ids=["fragment", "page"])
def test_bad_quiz_input_gets_a_message(web, form, message, htmx):
    response = web.post("/quiz/", data={"answer": "1", **form}, headers=HX if htmx else {})
    assert response.status_code == 400
    assert response.headers["Vary"] == "HX-Request"
    html = text_of(response)
    assert '<div class="calc-error" role="alert">' in html
    assert message in html
    assert "<b>x</b>" not in html


@pytest.mark.parametrize("key", [P.QuizKey("starter", 7), P.QuizKey("band", 2, band=16),
                                 P.QuizKey("fan", 1, fan="seven-pairs")], ids=["starter", "band", "fan"])
def test_offline_bank_holds_the_backends_grading_of_every_answer(web, site_dir, key):
    """A banked hand is the backend's own fragment, with each piece of its grading marked with the
    ticks it shows for: every counted fan found (ticked) or missed (unticked), every other choice
    ticked wrongly with the engine's reason."""
    bank = json.loads((site_dir / "quiz" / "bank.json").read_text(encoding="utf-8"))
    entry = next(h for h in bank["hands"] if {k: h[k] for k in ("mode", "seed", "fan", "band")} == key.as_dict())
    html = (site_dir / "quiz" / entry["file"]).read_text(encoding="utf-8")
    dealt = key.deal()
    served = text_of(web.get("/quiz/?" + urlencode(key.params()), headers=HX))
    hand = re.search(r'<div class="result-hand">.*?</div>', served, re.S).group(0)
    assert hand in html  # the very picture the backend draws
    choices = [f.id for f in P.quiz_choices(dealt)]
    graded = grade(dealt.result, choices)
    counted = [f.fan.id for f in dealt.result.fans]
    for fid in counted:
        assert f'<li data-fan="{fid}" data-when="ticked">' in html
        assert f'<li data-fan="{fid}" data-when="unticked">' in html
    for fan, reason in graded.wrong:
        piece = re.search(rf'<li data-fan="{fan.id}" data-when="ticked">(.*?)</li>', html.split('class="graded-list wrong"')[1], re.S)
        assert piece and escape(reason[len(fan.name):]) in piece.group(1)
    assert f'data-hand-total="{dealt.result.total}"' in html
    assert len(re.findall(r'data-count="found"', html)) == len(counted) + 1


def test_quiz_choices_hold_every_counted_fan_in_rulebook_order():
    for seed in range(10):
        dealt = P.QuizKey("mixed", seed).deal()
        ids = [f.id for f in P.quiz_choices(dealt)]
        assert ids == sorted(ids) and len(ids) == len(set(ids))
        assert {f.fan.id for f in dealt.result.fans} <= set(ids)
        assert P.CHOICES <= len(ids) <= P.MAX_CHOICES
        assert ids == [f.id for f in P.quiz_choices(P.QuizKey("mixed", seed).deal())]


# ------------------------------------------------------------------------------- lesson check questions

QUESTION = {"page": "lessons/01-tiles.md", "question": "1"}


def test_lesson_check_right_answer_fragment(web):
    with templates(web) as seen:
        response = web.post("/api/lesson-check", data={**QUESTION, "choice": "2"}, headers=HX)
    assert response.status_code == 200
    assert seen == ["fragments/lesson_check.html"]
    assert response.headers["Vary"] == "HX-Request"
    html = text_of(response)
    assert 'data-verdict="right"' in html and "Right." in html
    assert "Every playing tile, suit tile or honor, comes in 4 identical copies." in html


def test_lesson_check_wrong_answer_says_why(web):
    html = text_of(web.post("/api/lesson-check", data={**QUESTION, "choice": "1"}, headers=HX))
    assert 'data-verdict="wrong"' in html and "Not quite." in html
    assert "No tile in the set comes in exactly 2 copies." in html


def test_lesson_check_without_javascript_is_a_page_with_links_that_work_from_there(web):
    with templates(web) as seen:
        response = web.post("/api/lesson-check", data={"page": "lessons/06-sets.md", "question": "1", "choice": "0"})
    assert response.status_code == 200
    assert seen == ["lesson_check.html"]
    html = text_of(response)
    assert '<a href="../lessons/sets/#q-1">Back to the question</a>' in html
    assert '="../../' not in html  # question html rebased from lessons/sets/ to api/lesson-check
    assert "../static/tiles/tiles.svg?v=" in html


@pytest.mark.parametrize(
    "form, message",
    [
        pytest.param(QUESTION, "Pick an answer first.", id="no_choice"),
        pytest.param({**QUESTION, "choice": "9"}, "not one of the choices", id="bad_choice"),
        pytest.param({**QUESTION, "question": "99", "choice": "0"}, "no such check question", id="bad_number"),
        pytest.param({"page": "../etc/passwd", "question": "1", "choice": "0"}, "no such check question", id="bad_page"),
        pytest.param({}, "no such check question", id="empty"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False], ids=["fragment", "page"])
def test_bad_lesson_check_gets_a_message(web, form, message, htmx):
    response = web.post("/api/lesson-check", data=form, headers=HX if htmx else {})
    assert response.status_code == 400
    assert response.headers["Vary"] == "HX-Request"
    assert message in text_of(response)


def test_lesson_check_before_the_site_is_built(client):
    response = client.post("/api/lesson-check", data={**QUESTION, "choice": "2"}, headers=HX)
    assert response.status_code == 503
    assert "has not been built" in text_of(response)


def test_practice_pages_work_before_the_site_is_built(client):
    assert client.get("/calculator/").status_code == 200
    assert client.post("/calculator/", data=HAND).status_code == 200
    assert client.get("/quiz/?mode=starter&seed=1").status_code == 200


def test_the_site_is_still_served_around_the_practice_pages(web, site_dir):
    assert web.get("/").status_code == 200
    assert web.get("/fans/full-flush/").status_code == 200
    bank = web.get("/quiz/bank.json")
    assert bank.status_code == 200 and len(bank.get_json()["hands"]) == len(P.bank_keys("wmo"))
    assert web.get("/api/score").status_code == 405
    assert (site_dir / "calculator" / "index.html").is_file() and (site_dir / "quiz" / "index.html").is_file()


def test_built_pages_match_what_the_backend_renders(web, site_dir):
    """The built calculator is the backend's page without a result: same template, same context."""
    built = (site_dir / "calculator" / "index.html").read_text(encoding="utf-8")
    served = text_of(web.get("/calculator/"))
    assert built == served
    assert (site_dir / "quiz" / "index.html").read_text(encoding="utf-8") == text_of(web.get("/quiz/"))
