"""The "why not" answers: one sentence each, the asked fan named once, and a counted fan that rules
the asked one out named first.

The sweep asks every fan about hands of every form (tutor.practice.hands' deals, which include the
special forms, kongs and every way of winning, and the Hypothesis deals of tests/strategies.py), in
both editions, and reads each answer as the calculator renders it.
"""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from strategies import deals

from tutor.app import create_app
from tutor.practice.hands import random_deals
from tutor.rules import tiles as T
from tutor.rules.divisions import STANDARD
from tutor.rules.editions import EDITION_RULES, EDITIONS
from tutor.rules.engine import score, score_text
from tutor.rules.fans import FAN_BY_SLUG, FANS
from tutor.rules.notation import parse_hand

HX = {"HX-Request": "true"}
EVERY_FAN = list(range(1, 82))

# How an answer may go on after the fan's name: what the engine says, and nothing else.
OPENINGS = (
    "does count here",
    "is in the hand but not counted: ",
    "is not counted: ",
    "is not counted on its own: ",
    "needs ",
    "only counts when ",
    "counts when the tiles are read as ",
)


def _implied_by(edition: str) -> dict[str, set[str]]:
    """Fan slug -> the slugs of the fans that imply it in this edition, read off the table and the
    edition's data (not off the engine's own index of them)."""
    rules = EDITION_RULES[edition]
    out: dict[str, set[str]] = {row.slug: set() for row in FANS}
    for row in FANS:
        for slug in row.implies + tuple(rules.extra_implies.get(row.slug, ())):
            out[slug].add(row.slug)
    return out


IMPLIED_BY = {edition: _implied_by(edition) for edition in EDITIONS}
WAITS = {row.slug for row in FANS if row.category == "waits"}


def ruling_fans(asked: str, counted: set[str], edition: str) -> set[str]:
    """The counted fans that rule the asked fan out: those that imply it, another wait fan (only one
    counts), and for Chicken Hand any fan but Flower Tiles."""
    found = IMPLIED_BY[edition][asked] & counted
    if asked in WAITS:
        found |= (WAITS - {asked}) & counted
    if asked == "chicken-hand":
        found |= counted - {"flower-tiles", "chicken-hand"}
    return found


# Longest names first, so that "Two Melded Kongs" is read as itself and not as "Melded Kong".
_NAMES = sorted(FANS, key=lambda row: -len(row.name))


def fans_named(text: str) -> list[str]:
    """The slugs of the fans named in a text, in the order they appear."""
    taken: list[tuple[int, int, str]] = []
    for row in _NAMES:
        for match in re.finditer(rf"(?<!\w){re.escape(row.name)}(?!\w)", text):
            if not any(start < match.end() and match.start() < end for start, end, _ in taken):
                taken.append((match.start(), match.end(), row.slug))
    return [slug for _, _, slug in sorted(taken)]


def problems(sentence: str, slug: str, result) -> list[str]:
    """What is wrong with the answer to "why not <slug>?" for this result, if anything."""
    fan = FAN_BY_SLUG[slug]
    out = []
    if not sentence.startswith(fan.name + " ") or not sentence[len(fan.name) + 1:].startswith(OPENINGS):
        out.append("does not start with the fan's name and one of the engine's openings")
    if not sentence.endswith(".") or ".." in sentence or ": :" in sentence:
        out.append("is not one sentence")
    named = fans_named(sentence)
    if named.count(slug) != 1:
        out.append(f"names the fan {named.count(slug)} times")
    counted = {f.fan.slug for f in result.fans}
    if slug in counted:
        return out
    excluded = next((entry for entry in result.excluded if entry.fan.slug == slug), None)
    if excluded is not None:
        # Found in the hand and removed by a principle: the principle's reason, naming the fan responsible.
        if excluded.reason not in sentence or (excluded.by is not None and excluded.by.slug not in named):
            out.append(f"does not give the principle's reason ({excluded.reason})")
        return out
    ruling = ruling_fans(slug, counted, result.edition)
    if ruling and (len(named) < 2 or named[1] not in ruling):
        out.append(f"does not name first a counted fan that rules it out ({', '.join(sorted(ruling))})")
    return out


def rendered_answers(client, deal, edition: str) -> tuple[dict[str, str], object]:
    """{slug: the answer as the calculator shows it, as plain text} for every fan, and the result."""
    s = deal.situation
    form = {"h": deal.hand.notation(), "win": T.code(s.win), "rules": edition, "why_not": [str(i) for i in EVERY_FAN],
            "seat_wind": s.seat_wind, "prevalent_wind": s.prevalent_wind, "flowers": str(s.flowers)}
    form.update({flag: "true" for flag in s.FLAGS if getattr(s, flag)})
    response = client.post("/calculator/", data=form, headers=HX)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    answers = page.split('<ul class="why-not-answers">')[1].split("</ul>")[0]
    found = {}
    for slug, text in re.findall(r'<li tabindex="-1"><a href="[^"]*/fans/([a-z-]+)/">(.*?)</li>', answers, re.S):
        found[slug] = html.unescape(re.sub(r"<[^>]+>", "", text))
    # Scored from the notation the calculator was sent, so its sets stand in the same order.
    return found, score(parse_hand(form["h"]), s, edition, EVERY_FAN)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return create_app({"TESTING": True, "SITE_DIR": str(tmp_path_factory.mktemp("no-site"))}).test_client()


def test_every_answer_on_500_hands_reads_as_one_sentence_naming_the_fan_that_rules_it_out(client):
    hands = random_deals(27, 520)
    seen = Counter()
    failures = []
    for deal in hands:
        seen["kong"] += bool(deal.hand.kongs)
        seen["robbing"] += deal.situation.robbing_kong
        for edition in EDITIONS:
            answers, result = rendered_answers(client, deal, edition)
            assert len(answers) == 81  # the page answers every fan asked
            seen[result.division.form] += 1
            for slug, sentence in answers.items():
                seen["answers"] += 1
                seen["ruled out"] += bool(ruling_fans(slug, {f.fan.slug for f in result.fans}, edition))
                failures += [(deal.hand.notation(), T.code(deal.situation.win), edition, sentence, p)
                             for p in problems(sentence, slug, result)]
    assert not failures, failures[:10]
    # The sweep saw what it is about: special forms, kongs, robbed kongs, and answers that must name a fan.
    assert seen["answers"] >= 500 * 2 * 70
    assert all(seen[form] for form in ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight", STANDARD))
    assert seen["kong"] >= 50 and seen["robbing"] >= 3 and seen["ruled out"] >= 5000


@settings(max_examples=150, deadline=None)
@given(deals())
def test_every_answer_on_generated_hands_names_the_fan_that_rules_it_out(deal):
    hand, situation = deal
    for edition in EDITIONS:
        result = score(hand, situation, edition, EVERY_FAN)
        for answer in result.why_not:
            assert not problems(answer.reason, answer.fan.slug, result), (hand.notation(), edition, answer.reason)


def _answer(notation: str, win: str, fan: str, edition: str, **flags) -> str:
    return score_text(notation, win=win, why_not=[FAN_BY_SLUG[fan].id], edition=edition, **flags).why_not[0].reason


@pytest.mark.parametrize("edition", EDITIONS)
def test_robbing_the_kong_is_why_last_tile_does_not_count(edition):
    answer = _answer("123m 456p 789s 345s 99m", "5s", "last-tile", edition, robbing_kong=True)
    assert answer.startswith("Last Tile is not counted: Robbing the Kong counts here")


@pytest.mark.parametrize("edition", EDITIONS)
def test_three_kongs_is_why_two_melded_kongs_does_not_count(edition):
    answer = _answer("[2222m] {5555p} {7777s} 345m 99s", "9s", "two-melded-kongs", edition)
    assert answer.startswith("Two Melded Kongs is not counted: Three Kongs counts here")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_tile_that_cannot_make_the_pair_is_said_so(edition):
    answer = _answer("123m 456p 789s 234s 55p", "3m", "single-wait", edition)
    assert answer.startswith("Single Wait is not counted: Edge Wait counts here")
    assert "3m could not have made the pair" in answer and "reads as" not in answer


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_tile_that_completes_the_knitted_part_scores_no_wait_fan(edition):
    answer = _answer("147m 258p 369s 234m 55s", "7m", "closed-wait", edition)
    assert answer == ("Closed Wait is not counted: 7m completes the knitted straight, and a tile that completes "
                      "the knitted part scores no wait fan.")


def test_a_tile_that_could_play_two_roles_is_read_as_the_first():
    answer = _answer("12333m 567p 567s EEE", "3m", "single-wait", "wmo")
    assert answer.startswith("Single Wait is not counted: Edge Wait counts here")
    assert "also completes 123m as an edge wait" in answer


def test_the_calculator_names_the_fan_once(client):
    response = client.post("/calculator/", data={"h": "[123m] [456p] [789s] [EEE] 55s", "win": "5s", "why_not": ["52", "77"]},
                           headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert '<a href="../fans/melded-hand/">Melded Hand</a> does count here' in page
    assert '<a href="../fans/edge-wait/">Edge Wait</a> needs the winning tile to be the 3 of a 12' in page


def test_non_identical_exclusions_are_labelled_so(client):
    response = client.post("/api/score", json={"hand": "567m 567m 567p 234s 88s", "win": "2s"})
    assert response.status_code == 200
    excluded = response.get_json()["excluded"]
    by_principle = {entry["principle"] for entry in excluded if entry["reason"].count("non-identical:")}
    assert by_principle == {"non-identical"}
    assert all(entry["principle"] == "account-once" for entry in excluded if "account-once:" in entry["reason"])
