"""The drills teach the 8-point minimum: best discard graded by value within a tolerance, the
waits drill asks for the tiles that may be declared, and routes shown where the hand is not ready."""

from __future__ import annotations

from html import escape

import pytest

from tutor.practice import drills as D
from tutor.practice.value import advise
from tutor.rules import tiles as T
from tutor.rules.notation import parse_hand

SEEDS = range(1, 25)


def graded(client, data) -> str:
    response = client.post("/drills/", data={"answer": "1", **data}, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    return response.get_data(as_text=True)


def verdict(html: str) -> str:
    """The heading the grading shows (the other one is rendered hidden)."""
    return "right" if 'hidden>Not quite' in html else "wrong" if 'hidden>Right!' in html else "?"


def test_accepted_discards_are_those_within_the_tolerance_of_the_best():
    for seed in SEEDS:
        advice = D.deal("discard", seed).advice
        best = advice.best
        accepted = D.accepted_discards(advice)
        assert best.tile in accepted
        for option in advice.discards:
            if best.value > 0:
                within = option.value > 0 and best.value - option.value <= D.DISCARD_TOLERANCE
            else:
                within = (option.shanten, option.useful_unseen) == (best.shanten, best.useful_unseen)
            assert (option.tile in accepted) == within, (seed, T.code(option.tile))
        assert len(accepted) < len(advice.discards)  # the deal keeps hands with something to learn


def test_any_discard_within_the_tolerance_is_graded_right_and_the_rest_wrong(client):
    checked_second = False
    for seed in (6, 9, 10, 11, 15):
        drill = D.deal("discard", seed)
        accepted = D.accepted_discards(drill.advice)
        for option in drill.advice.discards:
            html = graded(client, {"mode": "discard", "seed": str(seed), "discard": T.code(option.tile)})
            assert verdict(html) == ("right" if option.tile in accepted else "wrong"), (seed, T.code(option.tile))
            checked_second |= option.tile in accepted and option.tile != drill.advice.best.tile
    assert checked_second  # some discard other than the first was graded right


def test_the_grading_says_why_the_best_is_best_against_the_shape_best(client):
    # Seed 15: the discard best by shape is not the one best by value; the sentence names both.
    drill = D.deal("discard", 15)
    shape_best = drill.analysis.discards[0].tile
    assert shape_best not in D.accepted_discards(drill.advice)
    html = graded(client, {"mode": "discard", "seed": "15", "discard": T.code(shape_best)})
    reason = drill.advice.reason
    assert reason.startswith(f"{T.code(shape_best)} keeps you") and T.code(drill.advice.best.tile) in reason
    assert escape(reason) in html
    assert "within 2 points of the best" in html


def test_the_issue_hand_marks_1s_right_and_3s_wrong_with_the_reason(client):
    hand = parse_hand("234m 123334555s WW")
    advice = advise(hand)
    accepted = D.accepted_discards(advice)
    assert accepted[0] == T.from_code("1s") and T.from_code("3s") not in accepted
    assert "all three waits score under 8" in advice.reason


def test_a_discard_that_is_not_ready_shows_its_routes(client):
    html = graded(client, {"mode": "discard", "seed": "5", "discard": "E"})
    assert "not ready yet" not in html
    drill = D.deal("discard", 5)
    far = next(o for o in drill.advice.discards if o.shanten == 1 and o.routes)
    row = html[html.index(f'<tr data-tile="{T.code(far.tile)}"'):]
    row = row[:row.index("</tr>")]
    assert 'class="routes"' in row and f"{far.routes[0].points} points" in row
    assert escape(far.reason) in row


def _waits_drill_with_a_short_wait():
    for seed in range(1, 200):
        drill = D.deal("waits", seed)
        short = [w.tile for w in drill.analysis.waits if w.result is not None and not w.result.meets_minimum]
        if short:
            return seed, drill, short
    raise AssertionError("no waits drill with a wait under 8")


def test_the_waits_drill_wants_the_declarable_tiles_only(client):
    seed, drill, short = _waits_drill_with_a_short_wait()
    declarable = D.declarable_waits(drill.analysis)
    assert declarable  # every waits hand has one
    right = graded(client, {"mode": "waits", "seed": str(seed), "tile": [T.code(t) for t in declarable]})
    assert verdict(right) == "right"
    every = [T.code(w.tile) for w in drill.analysis.waits]
    wrong = graded(client, {"mode": "waits", "seed": str(seed), "tile": every})
    assert verdict(wrong) == "wrong"
    assert ">picked, but it may not be declared<" in wrong
    assert "wins in shape but may not be declared" in wrong


@pytest.mark.parametrize("hand, words", [
    pytest.param("234m 123334555s WW", "all three waits score under 8", id="fourteen"),
    pytest.param("123m 456p 789s 11s 29p", "Routes to 8", id="thirteen"),
])
def test_the_calculator_shows_the_routes(client, hand, words):
    response = client.post("/calculator/", data={"h": hand}, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code in (200, 422)
    assert words in html and 'class="routes"' in html and "not ready yet" not in html
