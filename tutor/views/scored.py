"""One model of a scored hand, for everything that shows one: the JSON API (to_json), the
calculator's and the drills' fragments, the quiz's grading, the hand examples the build scores
and the offline banks (rendered from the same fragments). Each piece is one macro of
templates/fragments/scored.html: fan_lines, verdict, reading, not_counted, why_not_answers,
payments.

    ScoredHand.of(result, default_edition)   from the engine's Result (tutor.rules.engine.score)
    .total .without_flowers .meets_minimum   the points and the 8-point verdict
    .lines                                   one FanLine per counted fan: points, count, tiles, reason
    .excluded .why_not                       the fans not counted with their reasons; the fans asked about
    .reading .form_name .waits               the sets the hand was read as; the tiles it waited on
    .payments .self_drawn                    what each player pays (None below the minimum)
    .query                                   the hand's calculator address (its query string)
    .to_json()                               the body of POST /api/score (Result.to_dict, the engine's own)

Each piece is worked out once, when a page first shows it: the API's answer needs none of
them, since the engine writes its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tutor.rules import tiles as T
from tutor.rules.engine import Situation
from tutor.rules.fans import DEFAULT_EDITION, Fan
from tutor.rules.notation import format_tiles
from tutor.rules.situation import SITUATION_FIELDS
from tutor.views.tileview import SetView, inline_sets
from tutor.views.urls import calculator_query


@dataclass(frozen=True)
class FanLine:
    """One counted fan: its points each time, how many times, the tiles that make it and why."""

    fan: Fan
    points: int
    count: int
    tiles: tuple[int, ...] = ()
    reason: str = ""
    whole_hand: bool = False  # made by every tile of the hand (a flush, Seven Pairs ...)

    @property
    def subtotal(self) -> int:
        return self.points * self.count

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(T.code(t) for t in self.tiles)

    @cached_property
    def sets(self) -> tuple[SetView, ...]:
        """The fan's tiles grouped by suit, to draw them small; none for a whole-hand fan."""
        return inline_sets(format_tiles(self.tiles)) if self.tiles and not self.whole_hand else ()


def situation_mapping(situation: Situation) -> Mapping[str, Any]:
    """A Situation's fields as the hand templates read them (win as a tile)."""
    return {field.name: getattr(situation, field.name) for field in SITUATION_FIELDS}


@dataclass(frozen=True)
class ScoredHand:
    edition: str
    total: int
    meets_minimum: bool
    result: Any  # the engine's Result, which the pieces below are read from
    default_edition: str = DEFAULT_EDITION  # the site's: the hand's address names the rules only when they differ

    @classmethod
    def of(cls, result, default_edition: str = DEFAULT_EDITION, *, edition: str | None = None) -> ScoredHand:
        """edition: the edition scored, when the result does not say (the build's stand-in engines)."""
        return cls(edition or result.edition, result.total, result.meets_minimum, result, default_edition)

    @property
    def without_flowers(self) -> int:
        return self.result.points_without_flowers

    @cached_property
    def lines(self) -> tuple[FanLine, ...]:
        hand = getattr(self.result, "hand", None)
        size = len(hand.all_tiles) if hand is not None else 0
        return tuple(FanLine(f.fan, f.points, f.count, tuple(getattr(f, "tiles", ())), getattr(f, "reason", ""),
                             bool(size) and len(getattr(f, "tiles", ())) >= size)
                     for f in self.result.fans)

    @property
    def fan_ids(self) -> frozenset[int]:
        return frozenset(line.fan.id for line in self.lines)

    def line(self, fan_id: int) -> FanLine | None:
        return next((line for line in self.lines if line.fan.id == fan_id), None)

    @cached_property
    def excluded(self) -> tuple:
        """The fans in the hand that the combination principles leave out, each with its reason."""
        return tuple(self.result.excluded)

    @cached_property
    def why_not(self) -> tuple:
        """The answers to "why not ...?" for the fans asked about."""
        return tuple(self.result.why_not)

    @cached_property
    def reading(self) -> str:
        """The sets the hand was read as, in notation: [EEE] 123m 456p 789s 55s."""
        return " ".join(self.result.division.describe())

    @property
    def form_name(self) -> str:
        return self.result.division.form.replace("_", " ")

    @cached_property
    def waits(self) -> tuple[str, ...]:
        return tuple(T.code(t) for t in self.result.waits)

    @cached_property
    def payments(self) -> dict[str, int] | None:
        return self.result.payments()

    @property
    def situation(self) -> Mapping[str, Any]:
        return situation_mapping(self.result.situation)

    @property
    def self_drawn(self) -> bool:
        return self.result.situation.self_drawn

    @cached_property
    def query(self) -> str:
        """The calculator address of the hand (tutor.views.urls.calculator_query, as the examples)."""
        s = self.result.situation
        return calculator_query(self.result.hand.notation(), T.code(s.win), self.situation, self.edition,
                                self.default_edition)

    def to_json(self) -> dict[str, Any]:
        """The answer of POST /api/score (and `tutor score --json`): the engine's own serialisation,
        so the browser's engine (which runs tutor.rules alone) answers in the very same words."""
        return self.result.to_dict()
