"""The advice as plain frozen records, each with the to_dict that /api/analyze answers with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import tiles as T
from tutor.rules.fans import FAN_BY_ID
from tutor.rules.result import Result

MINIMUM = 8  # points without flowers that a hand needs to be declared


def fan_dicts(fans: tuple[tuple[int, int], ...]) -> list[dict[str, Any]]:
    return [{"id": f, "slug": FAN_BY_ID[f].slug, "name": FAN_BY_ID[f].name, "count": n} for f, n in fans]


@dataclass(frozen=True)
class WaitAdvice:
    """A tile that completes a ready hand, the hand scored on it, and how many copies are unseen."""

    tile: int
    unseen: int
    result: Result | None  # None when the situation cannot go with this tile
    error: str | None = None

    @property
    def points(self) -> int | None:
        return None if self.result is None else self.result.points_without_flowers

    @property
    def declarable(self) -> bool:
        return self.result is not None and self.result.meets_minimum

    @property
    def wait_fan(self) -> int | None:
        """Edge, Closed or Single Wait (77, 78, 79) when the scored hand counts one."""
        if self.result is None:
            return None
        return next((f.fan.id for f in self.result.fans if f.fan.id in (77, 78, 79)), None)

    def to_dict(self) -> dict[str, Any]:
        if self.result is None:
            return {"tile": T.code(self.tile), "unseen": self.unseen, "total": None, "points_without_flowers": None,
                    "meets_minimum": False, "fans": [], "error": self.error}
        result = self.result
        return {
            "tile": T.code(self.tile),
            "unseen": self.unseen,
            "total": result.total,
            "points_without_flowers": result.points_without_flowers,
            "meets_minimum": result.meets_minimum,
            "fans": [{"id": f.fan.id, "slug": f.fan.slug, "name": f.fan.name, "points": f.points, "count": f.count}
                     for f in result.fans],
        }


@dataclass(frozen=True)
class RouteAdvice:
    """One fan combination within reach: the hand completed by drawing `needs` (the last one
    wins) and letting `drops` go on the way scores `fans` for `points` without flowers.

    `ways` counts the completions that make the same combination; `needs` is the likeliest."""

    fans: tuple[tuple[int, int], ...]  # (fan id, count), flowers left out
    points: int
    needs: tuple[int, ...]
    drops: tuple[int, ...]
    unseen: tuple[int, ...]  # unseen copies of each needed tile
    ways: int
    result: Result  # the likeliest completion, scored

    @property
    def meets_minimum(self) -> bool:
        return self.points >= MINIMUM

    @property
    def names(self) -> str:
        return " + ".join(FAN_BY_ID[f].name + (f" ×{n}" if n > 1 else "") for f, n in self.fans) or "no fan"

    def to_dict(self) -> dict[str, Any]:
        return {
            "fans": fan_dicts(self.fans),
            "points": self.points,
            "meets_minimum": self.meets_minimum,
            "needs": [{"tile": T.code(t), "unseen": n} for t, n in zip(self.needs, self.unseen)],
            "drops": [T.code(t) for t in self.drops],
            "ways": self.ways,
        }


@dataclass(frozen=True)
class Chance:
    """A Monte-Carlo estimate: in `samples` play-outs of `draws` draws each, `wins` ended in a
    declarable win. The same seed and number of samples always give the same answer."""

    wins: int
    samples: int
    draws: int
    seed: int
    budget_ms: float | None

    @property
    def probability(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"probability": round(self.probability, 4), "wins": self.wins, "samples": self.samples,
                "draws": self.draws, "seed": self.seed, "budget_ms": self.budget_ms}


@dataclass(frozen=True)
class DiscardAdvice:
    """Where one discard leaves the hand (tile None: a 13-tile hand as it stands)."""

    tile: int | None
    shanten: int
    useful: tuple[int, ...]  # tiles that lower the shanten and still have an unseen copy
    useful_unseen: int  # their unseen copies
    useful_copies: tuple[int, ...]  # the unseen copies of each useful tile, in the order of `useful`
    waits: tuple[WaitAdvice, ...]  # ready: every winning tile
    routes: tuple[RouteAdvice, ...]  # ranked: declarable first, then likeliest, then most points
    value: float  # what ranks the discards (advice.py)
    reason: str
    chance: Chance | None = None

    @property
    def declarable_waits(self) -> tuple[WaitAdvice, ...]:
        return tuple(w for w in self.waits if w.declarable)

    @property
    def best_route(self) -> RouteAdvice | None:
        return next((r for r in self.routes if r.meets_minimum), None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.tile is not None:
            out["discard"] = T.code(self.tile)
        out.update({
            "shanten": self.shanten,
            "useful": [T.code(t) for t in self.useful],
            "useful_count": self.useful_unseen,
            "useful_unseen": [{"tile": T.code(t), "unseen": n} for t, n in zip(self.useful, self.useful_copies)],
            "value": round(self.value, 4),
            "waits": [w.to_dict() for w in self.waits],
            "routes": [r.to_dict() for r in self.routes],
            "chance": self.chance.to_dict() if self.chance is not None else None,
            "reason": self.reason,
        })
        return out


@dataclass(frozen=True)
class Advice:
    """Every discard, best first by value (a 13-tile hand: its one entry), and why the first is best."""

    tiles: int  # 13 or 14, kongs as 3
    unseen: int  # tiles the player cannot see: the wall and the other hands
    draws: int  # the draws the player can expect before the wall runs out
    discards: tuple[DiscardAdvice, ...]
    reason: str  # why the first is best (14 tiles), or what the hand can become (13)

    @property
    def best(self) -> DiscardAdvice:
        return self.discards[0]

    def by_tile(self, tile: int) -> DiscardAdvice | None:
        return next((d for d in self.discards if d.tile == tile), None)

    def to_dict(self) -> dict[str, Any]:
        return {"unseen": self.unseen, "draws": self.draws, "reason": self.reason,
                "discards": [d.to_dict() for d in self.discards]}
