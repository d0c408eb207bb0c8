"""One model of a scored hand, for everything that shows one: the JSON API (to_json), the
calculator's and the quiz's fragments (the fan lines with their tiles), the hand examples the
build scores, and the offline quiz bank (rendered from the same fragments).

    ScoredHand.of(result)   from the engine's Result (tutor.rules.engine.score)
    .lines                  one FanLine per counted fan: points, count, subtotal, tiles, reason
    .to_json()              the body of POST /api/score
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
    lines: tuple[FanLine, ...]
    total: int
    meets_minimum: bool
    result: Any  # the engine's Result, for what only some views show (division, exclusions, payments)

    @classmethod
    def of(cls, result, edition: str | None = None) -> ScoredHand:
        hand = getattr(result, "hand", None)
        size = len(hand.all_tiles) if hand is not None else 0
        lines = tuple(FanLine(f.fan, f.points, f.count, tuple(getattr(f, "tiles", ())), getattr(f, "reason", ""),
                              bool(size) and len(getattr(f, "tiles", ())) >= size)
                      for f in result.fans)
        return cls(edition or result.edition, lines, result.total, result.meets_minimum, result)

    @property
    def fan_ids(self) -> frozenset[int]:
        return frozenset(line.fan.id for line in self.lines)

    def line(self, fan_id: int) -> FanLine | None:
        return next((line for line in self.lines if line.fan.id == fan_id), None)

    def to_json(self) -> dict[str, Any]:
        """The answer of POST /api/score (and `tutor score --json`)."""
        result = self.result
        division = result.division
        return {
            "hand": result.hand.notation(),
            "win": T.code(result.situation.win),
            "rules": self.edition,
            "total": self.total,
            "points_without_flowers": result.points_without_flowers,
            "meets_minimum": self.meets_minimum,
            "fans": [
                {"id": line.fan.id, "slug": line.fan.slug, "name": line.fan.name, "chinese": line.fan.chinese,
                 "pinyin": line.fan.pinyin, "points": line.points, "count": line.count, "tiles": list(line.codes),
                 "reason": line.reason}
                for line in self.lines
            ],
            "excluded": [
                {"id": e.fan.id, "slug": e.fan.slug, "name": e.fan.name, "reason": e.reason,
                 "principle": e.principle, "by": e.by.id if e.by else None}
                for e in result.excluded
            ],
            "why_not": [
                {"id": w.fan.id, "slug": w.fan.slug, "name": w.fan.name, "counted": w.counted, "reason": w.reason}
                for w in result.why_not
            ],
            "division": {
                "form": division.form,
                "sets": [
                    {"tiles": format_tiles(g.tiles), "kind": g.kind, "melded": g.open and g.declared,
                     "concealed": not g.open}
                    for g in division.sets
                ],
                "pair": format_tiles(division.pair.tiles) if division.pair else None,
                "pairs": [format_tiles((t, t)) for t in division.pairs],
                "knitted": format_tiles(division.knitted) if division.knitted else None,
                "text": " ".join(division.describe()),
            },
            "waits": [T.code(t) for t in result.waits],
            "payments": result.payments(),
        }
