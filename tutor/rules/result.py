"""A scored hand: the fans counted, the fans left out and why, the points and the payments.

`Result` is the one model of a scored hand; `to_dict` is its form in the scoring API.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from tutor.rules import tiles as T
from tutor.rules.divisions import SET_TEXT, Division, group_text
from tutor.rules.fans import Fan, fan
from tutor.rules.notation import Hand, format_tiles
from tutor.rules.situation import Situation
from tutor.rules.waits import waiting_tiles

MINIMUM_POINTS = 8
FLOWER_TILES = fan("flower-tiles").id  # counted, but not towards the minimum


class ScoredFan(NamedTuple):
    fan: Fan
    count: int
    points: int  # per occurrence, in the edition scored
    tiles: tuple[int, ...]
    reason: str

    @property
    def value(self) -> int:
        return self.points * self.count


class ExcludedFan(NamedTuple):
    fan: Fan
    reason: str
    by: Fan | None
    principle: str


class WhyNot(NamedTuple):
    fan: Fan
    counted: bool
    reason: str


@dataclass
class Result:
    hand: Hand
    situation: Situation
    edition: str
    division: Division
    fans: list[ScoredFan]
    excluded: list[ExcludedFan]
    why_not: list[WhyNot] = field(default_factory=list)

    @property
    def waits(self) -> tuple[int, ...]:
        return waiting_tiles(self.hand, self.situation.win)

    @property
    def total(self) -> int:
        return _points(self.fans)[0]

    @property
    def points_without_flowers(self) -> int:
        return _points(self.fans)[1]

    @property
    def meets_minimum(self) -> bool:
        return _points(self.fans)[2]

    def counted_ids(self) -> set[int]:
        return {f.fan.id for f in self.fans}

    def payments(self) -> dict[str, int] | None:
        """What each other player pays the winner: hand points plus 8 from the discarder
        (or from everyone on a self-drawn win), 8 from the others. None when the hand is
        below the minimum and so may not be declared."""
        return _payments(self.total, self.meets_minimum, self.situation.self_drawn)

    def to_dict(self) -> dict[str, Any]:
        division = self.division
        total, without_flowers, meets_minimum = _points(self.fans)
        return {
            "hand": self.hand.notation(),
            "win": T.CODES[self.situation.win],
            "rules": self.edition,
            "total": total,
            "points_without_flowers": without_flowers,
            "meets_minimum": meets_minimum,
            "fans": [
                {
                    "id": f.fan.id,
                    "slug": f.fan.slug,
                    "name": f.fan.name,
                    "chinese": f.fan.chinese,
                    "pinyin": f.fan.pinyin,
                    "points": f.points,
                    "count": f.count,
                    "tiles": list(_codes(f.tiles)),
                    "reason": f.reason,
                }
                for f in self.fans
            ],
            "excluded": [
                {
                    "id": e.fan.id,
                    "slug": e.fan.slug,
                    "name": e.fan.name,
                    "reason": e.reason,
                    "principle": e.principle,
                    "by": e.by.id if e.by else None,
                }
                for e in self.excluded
            ],
            "why_not": [
                {"id": w.fan.id, "slug": w.fan.slug, "name": w.fan.name, "counted": w.counted, "reason": w.reason}
                for w in self.why_not
            ],
            "division": {
                "form": division.form,
                "sets": [
                    {"tiles": SET_TEXT[g], "kind": g.kind, "melded": g.open and g.declared, "concealed": not g.open}
                    for g in division.sets
                ],
                "pair": group_text("pair", division.pair.tile) if division.pair else None,
                "pairs": [group_text("pair", t) for t in division.pairs],
                "knitted": format_tiles(division.knitted) if division.knitted else None,
                "text": " ".join(division.describe()),
            },
            "waits": list(_codes(self.waits)),
            "payments": _payments(total, meets_minimum, self.situation.self_drawn),
        }


@lru_cache(maxsize=1 << 12)  # bounded; the whole hand's tiles serve several fans of one answer, and waits recur
def _codes(tiles: tuple[int, ...]) -> tuple[str, ...]:
    """Tiles in notation, one code each: ('1m', '1m', 'E')."""
    return tuple([T.CODES[t] for t in tiles])


def _points(fans: list[ScoredFan]) -> tuple[int, int, bool]:
    """The hand's points, its points without the flowers, and whether those reach the minimum:
    one pass over the fans, since the answer gives all three."""
    total = without_flowers = 0
    for f in fans:
        value = f.points * f.count
        total += value
        if f.fan.id != FLOWER_TILES:
            without_flowers += value
    return total, without_flowers, without_flowers >= MINIMUM_POINTS


def _payments(total: int, meets_minimum: bool, self_drawn: bool) -> dict[str, int] | None:
    if not meets_minimum:
        return None
    if self_drawn:
        return {"each_player": total + 8, "winner_receives": 3 * (total + 8)}
    return {"discarder": total + 8, "each_other_player": 8, "winner_receives": total + 24}
