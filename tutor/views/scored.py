"""One model of a scored hand, for everything that shows one: the JSON API (to_json), the
calculator's and the quiz's fragments (the fan lines with their tiles), the hand examples the
build scores, and the offline quiz bank (rendered from the same fragments).

    ScoredHand.of(result)   from the engine's Result (tutor.rules.engine.score)
    .lines                  one FanLine per counted fan: points, count, subtotal, tiles, reason
    .to_json()              the body of POST /api/score (Result.to_dict, the engine's own)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tutor.rules import tiles as T
from tutor.rules.fans import Fan
from tutor.rules.notation import format_tiles
from tutor.views.tileview import SetView, inline_sets


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


@dataclass(frozen=True)
class ScoredHand:
    edition: str
    total: int
    meets_minimum: bool
    result: Any  # the engine's Result, for what only some views show (division, exclusions, payments)

    @classmethod
    def of(cls, result, edition: str | None = None) -> ScoredHand:
        return cls(edition or result.edition, result.total, result.meets_minimum, result)

    @cached_property
    def lines(self) -> tuple[FanLine, ...]:
        """Made when a page shows them, not for the API's answer, which the engine writes itself."""
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

    def to_json(self) -> dict[str, Any]:
        """The answer of POST /api/score (and `tutor score --json`): the engine's own serialisation,
        so the browser's engine (which runs tutor.rules alone) answers in the very same words."""
        return self.result.to_dict()
