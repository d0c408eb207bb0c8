"""A scored hand: the fans counted, the fans left out and why, the points and the payments.

`Result` is the one model of a scored hand; `to_dict` is its form in the scoring API.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from tutor.rules import tiles as T
from tutor.rules.divisions import SET_TEXT, Division, group_text
from tutor.rules.fans import FANS, Fan, fan
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
            "fans": _fan_dicts(self.fans),
            "excluded": _excluded_dicts(self.excluded),
            "why_not": _why_not_dicts(self.why_not),
            "division": {
                "form": division.form,
                "sets": [_SET_ENTRY[g].copy() for g in division.sets],
                "pair": SET_TEXT[division.pair] if division.pair else None,
                "pairs": [group_text("pair", t) for t in division.pairs],
                "knitted": format_tiles(division.knitted) if division.knitted else None,
                "text": " ".join(division.describe()),
            },
            "waits": list(_codes(self.waits)),
            "payments": _payments(total, meets_minimum, self.situation.self_drawn),
        }


# Every set's entry depends on the set alone, so each is written once and copied per answer.
_SET_ENTRY = {
    g: {"tiles": text, "kind": g.kind, "melded": g.open and g.declared, "concealed": not g.open}
    for g, text in SET_TEXT.items()
}
# Each fan's fixed fields, in the answer's order, copied into each of its entries: the copy and
# four stores cost less than reading five fields through the ScoredFan and the Fan.
_FAN_HEAD = {f.id: {"id": f.id, "slug": f.slug, "name": f.name, "chinese": f.chinese, "pinyin": f.pinyin} for f in FANS}
_FAN_NAMING = {f.id: {"id": f.id, "slug": f.slug, "name": f.name} for f in FANS}  # excluded and why-not entries


def _fan_dicts(fans: list[ScoredFan]) -> list[dict[str, Any]]:
    out = []
    for fan_, count, points, tiles, reason in fans:
        entry = _FAN_HEAD[fan_.id].copy()
        entry["points"] = points
        entry["count"] = count
        entry["tiles"] = list(_codes(tiles))
        entry["reason"] = reason
        out.append(entry)
    return out


def _excluded_dicts(excluded: list[ExcludedFan]) -> list[dict[str, Any]]:
    out = []
    for fan_, reason, by, principle in excluded:
        entry = _FAN_NAMING[fan_.id].copy()
        entry["reason"] = reason
        entry["principle"] = principle
        entry["by"] = by.id if by else None
        out.append(entry)
    return out


def _why_not_dicts(why_not: list[WhyNot]) -> list[dict[str, Any]]:
    out = []
    for fan_, counted, reason in why_not:
        entry = _FAN_NAMING[fan_.id].copy()
        entry["counted"] = counted
        entry["reason"] = reason
        out.append(entry)
    return out


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
