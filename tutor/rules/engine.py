"""The scorer: from a hand and how it was won to the fans, the points and the reasons.

The pipeline, in order:

    1. validate      the hand and the situation are possible (tutor.rules.situation;
                     HandError otherwise)
    2. divide        every reading of the hand: four sets and a pair in every way,
                     plus the special forms (tutor.rules.divisions); none -> NotWinning
    3. check         on each reading, the check of each fan whose gate holds
                     (tutor.rules.checks; the gates read a few facts, the shape of
                     the hand and of the reading, and which checks a shape lets
                     through is worked out once per shape)
    4. combine       the combination principles, as named passes (tutor.rules.principles):
                       non-repeat, absorb, account-once (with non-identical and
                       highest-first), chicken
    5. choose        the reading with the most points, by an explicit tie-break
                     (non-separation: one reading, never a mix of two)
    6. explain       every counted fan with its tiles, every removed fan with the
                     principle and the fan responsible (tutor.rules.result), and any
                     fan asked about (tutor.rules.whynot)

Pure: no Flask, Jinja2 or files here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from tutor.rules.checks import CHECKS, HAND_SHAPES, READING_SHAPES
from tutor.rules.divisions import STANDARD, all_divisions
from tutor.rules.editions import DEFAULT_EDITION, EDITION_RULES, EDITIONS, Edition
from tutor.rules.fans import FAN_BY_ID, fan
from tutor.rules.notation import Hand, NotationError, parse_hand
from tutor.rules.principles import POINTS, PRINCIPLE_PASSES, Tally
from tutor.rules.reading import WHOLE_HAND, HandFacts, View
from tutor.rules.result import MINIMUM_POINTS, ExcludedFan, Result, ScoredFan, WhyNot
from tutor.rules.situation import (
    MAX_FLOWERS,
    SITUATION_FIELDS,
    WIND_LETTERS,
    HandError,
    NotWinning,
    Situation,
    SituationField,
    validate,
)
from tutor.rules.whynot import reading_text
from tutor.rules.whynot import why_not as _why_not

__all__ = [
    "MAX_FLOWERS", "MINIMUM_POINTS", "SITUATION_FIELDS", "WIND_LETTERS", "ExcludedFan", "HandError", "NotWinning",
    "Result", "ScoredFan", "Situation", "SituationField", "WhyNot", "score", "score_text", "validate",
]

MIXED_KONGS_FAN = fan("two-melded-kongs").id  # one melded plus one concealed kong scores here, at a value of its own

# Makes a NamedTuple from the tuple of its fields, in order: half the cost of calling the class,
# whose __new__ is a Python function (a hand shows five fans or so).
_record = tuple.__new__

_FORM_ORDER = {STANDARD: 0, "knitted_straight": 1, "seven_pairs": 2, "honors_knitted": 3, "thirteen_orphans": 4}

def _checks_by_shape(shape) -> Callable[[Any], tuple]:
    """For one of the shapes the gates read, the checks whose gate holds for a shape
    value, as (fan id, check), in table order; worked out once per value (a bounded
    cache: there are far fewer values of each shape than that)."""
    groups: dict = {}  # gate test -> its checks
    for check in CHECKS.values():
        if check.gate.shape is shape:
            groups.setdefault(check.gate.test, []).append((check.fan.id, check.find))
    gates = tuple((test, tuple(found)) for test, found in groups.items())

    @lru_cache(maxsize=1 << 12)
    def checks(value) -> tuple:
        return tuple(found for test, group in gates if test(value) for found in group)

    return checks


_HAND_CHECKS = tuple((shape, _checks_by_shape(shape)) for shape in HAND_SHAPES)
_READING_CHECKS = tuple((shape, _checks_by_shape(shape)) for shape in READING_SHAPES)


def _hand_checks(view: View) -> tuple:
    """The checks whose per-hand gates hold (read off any reading of the hand)."""
    found: tuple = ()
    for shape, checks in _HAND_CHECKS:
        found += checks(shape(view))
    return found


# ---------------------------------------------------------------------------- scoring one reading


def _check_reading(view: View, edition: Edition, hand_checks: tuple) -> Tally:
    hits = {}
    for fan_id, find in hand_checks:
        found = find(view)
        if found:
            hits[fan_id] = found
    for shape, checks in _READING_CHECKS:
        for fan_id, find in checks(shape(view)):
            found = find(view)
            if found:
                hits[fan_id] = found
    points = None
    if MIXED_KONGS_FAN in hits and view.melded_kongs == 1 and view.concealed_kongs == 1:
        # One melded plus one concealed kong has a value of its own in each edition.
        points = {**POINTS[edition.key], MIXED_KONGS_FAN: edition.mixed_kongs_points}
    return Tally(view, edition, hits, points)


def _score_reading(view: View, edition: Edition, hand_checks) -> Tally:
    tally = _check_reading(view, edition, hand_checks)
    for principle in PRINCIPLE_PASSES:
        principle(tally)
    return tally


def _reading_key(tally: Tally) -> tuple:
    """Tie-break between readings of equal points, in order: the standard form before
    the special forms; the higher best fans (highest-first); the reading whose pair is
    the higher tile (as PyMahjongGB settles such ties). Readings still equal after that
    are told apart by their notation (see score), so the choice never depends on the
    order in which readings were found."""
    points = tally.points
    values = sorted([points[fid] for fid, occ in tally.hits.items() for _ in occ], reverse=True)
    division = tally.view.division
    pair = division.pair.tile if division.pair is not None else -1
    return (sum(values), -_FORM_ORDER[division.form], values, pair)


# ---------------------------------------------------------------------------- the public entry


def score(hand: Hand, situation: Situation, edition: str = DEFAULT_EDITION, why_not: Iterable[int] = ()) -> Result:
    """Score a winning hand. HandError for impossible input, NotWinning for a hand that does not win."""
    if edition not in EDITIONS:
        raise HandError(f"Unknown rule edition '{edition}': use one of {', '.join(EDITIONS)}.")
    why_not = list(why_not)
    for fan_id in why_not:
        if fan_id not in FAN_BY_ID:
            raise HandError(f"Fan {fan_id} does not exist: fans are numbered 1 to 81.")
    validate(hand, situation)
    divisions = all_divisions(hand)
    if not divisions:
        raise NotWinning(_not_winning_reason(hand))
    rules = EDITION_RULES[edition]
    facts = HandFacts(hand, situation, edition)
    if len(divisions) == 1:  # most hands: one reading, scored without the lists the others need
        view = View(facts, divisions[0])
        best = _score_reading(view, rules, _hand_checks(view))
        return _result(hand, situation, edition, best, why_not, [best])
    views = [View(facts, division) for division in divisions]
    hand_checks = _hand_checks(views[0])
    readings = [_score_reading(view, rules, hand_checks) for view in views]
    best = readings[0]
    if len(readings) > 1:
        best_key = _reading_key(best)
        for tally in readings[1:]:
            key = _reading_key(tally)
            if key > best_key or (key == best_key and reading_text(tally) > reading_text(best)):
                best, best_key = tally, key
    return _result(hand, situation, edition, best, why_not, readings)


def _result(hand, situation, edition, tally: Tally, why_not: list[int], readings: list[Tally]) -> Result:
    fans = []
    points = tally.points
    hits = tally.hits
    view = tally.view
    hand_tiles = view.tiles  # sorted already: a fan of the whole hand shows them as they are
    for fid in sorted(hits):
        occurrences = hits[fid]
        if len(occurrences) == 1:
            tiles, reason, sets = occurrences[0]
            if tiles is WHOLE_HAND:  # most fans shown: what View.tiles_of and detail_of would say, without the calls
                shown = hand_tiles
            elif tiles is None:  # the tiles and words of its sets, as View.tiles_of and detail_of give them
                shown, words = view.shown(sets)
                reason = reason.replace("{sets}", words)
            else:
                shown = tuple(sorted(tiles))
                if "{sets}" in reason:
                    reason = reason.replace("{sets}", view.show(sets))
        elif occurrences.count(occurrences[0]) == len(occurrences):
            # All alike (most often one Flower Tiles occurrence per flower): the tiles of one,
            # as many times as it occurs, and its one sentence; one occurrence asked, not each.
            first = occurrences[0]
            shown = tuple(sorted(view.tiles_of(first) * len(occurrences)))
            reason = view.detail_of(first)
        else:
            tiles = []
            details = {}  # each sentence once, in order
            for occurrence in occurrences:
                tiles += view.tiles_of(occurrence)
                details[view.detail_of(occurrence)] = None
            shown = tuple(sorted(tiles))
            reason = "; ".join(details)
        fans.append(_record(ScoredFan, (FAN_BY_ID[fid], len(occurrences), points[fid], shown, reason)))
    excluded = _merge_excluded(tally.excluded) if tally.excluded else []
    answers = [_why_not(tally, fid, excluded, readings) for fid in why_not] if why_not else []
    return Result(hand, situation, edition, view.division, fans, excluded, answers)


def _merge_excluded(excluded: list) -> list[ExcludedFan]:
    """The fans a tally removed (Tally.excluded: an ExcludedFan, or a function that writes one),
    one entry per fan, in fan order (a fan removed for two reasons keeps the first)."""
    seen: dict[int, ExcludedFan] = {}
    for entry in excluded:
        if type(entry) is not ExcludedFan:
            entry = entry()
        seen.setdefault(entry.fan.id, entry)
    return [seen[fid] for fid in sorted(seen)]


def _not_winning_reason(hand: Hand) -> str:
    sets = len(hand.melds)
    shapes = "four sets (chows, pungs, kongs) and a pair"
    if not sets:
        shapes += ", or a special form such as seven pairs or thirteen orphans"
    return f"This is not a winning hand: its tiles cannot be arranged as {shapes}."


# ---------------------------------------------------------------------------- convenience


def score_text(hand_text: str, edition: str = DEFAULT_EDITION, why_not: Iterable[int] = (), **situation: Any) -> Result:
    """Score from notation: score_text('[EEE] 123m 456p 789s 55s', win='5s', self_drawn=True)."""
    try:
        hand = parse_hand(hand_text)
    except NotationError as error:
        raise HandError(str(error)) from None
    return score(hand, Situation.from_mapping(situation), edition, why_not)
