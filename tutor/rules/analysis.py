"""Analysis of a hand on its way to winning: how far from ready, what helps, what to discard.

    13 tiles (waiting for a draw)   shanten per form, the useful tiles, and when ready
                                    the waits, each scored in the edition and situation
    14 tiles (about to discard)     shanten per form, and for each distinct tile it could
                                    discard: the shanten after it, the useful tiles and
                                    how many copies of them remain unseen; a hand that
                                    already wins is also scored

Kongs count as 3 tiles. Shanten (tutor.rules.shanten) counts by shape; here a tile whose
four copies are all in the hand (concealed tiles and declared sets) is dead: it is never
a wait nor a useful tile, and it adds nothing to the unseen count. So a hand can be
ready in shape (shanten 0) and have no wait, such as 1111m 123s 456p 789s.

Pure: builds on the public scorer (tutor.rules.engine.score) and the shanten module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.rules import tiles as T
from tutor.rules.engine import MAX_FLOWERS, HandError, NotWinning, Result, Situation, score
from tutor.rules.fans import DEFAULT_EDITION
from tutor.rules.notation import Hand, NotationError, parse_tiles
from tutor.rules.shanten import counts_of, form_shanten, form_useful

WAIT_FANS = (77, 78, 79)  # Edge Wait, Closed Wait, Single Wait


@dataclass(frozen=True)
class Wait:
    """One tile that completes a ready hand, and the hand scored on it."""

    tile: int
    result: Result | None  # None when the situation cannot go with this tile
    error: str | None = None

    @property
    def wait_fan(self) -> int | None:
        if self.result is None:
            return None
        return next((f.fan.id for f in self.result.fans if f.fan.id in WAIT_FANS), None)

    def to_dict(self) -> dict[str, Any]:
        if self.result is None:
            return {"tile": T.code(self.tile), "total": None, "meets_minimum": None, "wait_fan": None,
                    "fans": [], "error": self.error}
        result = self.result
        return {
            "tile": T.code(self.tile),
            "total": result.total,
            "points_without_flowers": result.points_without_flowers,
            "meets_minimum": result.meets_minimum,
            "wait_fan": self.wait_fan,
            "fans": [
                {"id": f.fan.id, "slug": f.fan.slug, "name": f.fan.name, "points": f.points, "count": f.count}
                for f in result.fans
            ],
        }


@dataclass(frozen=True)
class Discard:
    """One tile a 14-tile hand could discard, and where that leaves the hand."""

    tile: int
    shanten: int
    useful: tuple[int, ...]  # live tiles that lower the shanten after the discard
    useful_count: int  # their copies not in the hand: what may still be drawn

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": T.code(self.tile),
            "shanten": self.shanten,
            "useful": [T.code(t) for t in self.useful],
            "useful_count": self.useful_count,
        }


@dataclass
class Analysis:
    hand: Hand
    edition: str
    tiles: int  # 13 or 14, kongs as 3
    shanten: int
    forms: dict[str, int | None]  # None: the form is closed to a hand with declared sets
    useful: tuple[int, ...]
    waits: list[Wait] = field(default_factory=list)  # 13 tiles, ready
    discards: list[Discard] = field(default_factory=list)  # 14 tiles
    score: Result | None = None  # 14 tiles that win
    score_error: str | None = None  # 14 tiles that win, in a situation that cannot be

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand": self.hand.notation(),
            "rules": self.edition,
            "tiles": self.tiles,
            "shanten": self.shanten,
            "forms": dict(self.forms),
            "useful": [T.code(t) for t in self.useful],
        }
        if self.tiles == 13:
            out["waits"] = [w.to_dict() for w in self.waits]
        else:
            out["discards"] = [d.to_dict() for d in self.discards]
            if self.score is not None:
                out["score"] = self.score.to_dict()
            elif self.score_error is not None:
                out["score"] = {"error": self.score_error}
            else:
                out["score"] = None
        return out


# ---------------------------------------------------------------- input


def tile_count(hand: Hand) -> int:
    """The hand's tiles with each declared set (kongs included) counted as 3."""
    return len(hand.concealed) + 3 * len(hand.melds)


def check_hand(hand: Hand) -> None:
    """HandError unless the hand has 13 or 14 tiles (kongs as 3) and at most four of a tile."""
    n = tile_count(hand)
    if len(hand.melds) > 4 or n not in (13, 14):
        raise HandError(
            f"The hand has {n} tiles, each declared set counting as 3; to analyse it, give 13 tiles "
            "(a hand waiting for a draw) or 14 (a hand about to discard)."
        )
    counts = hand.counts()
    for t in range(34):
        if counts[t] > 4:
            raise HandError(f"The hand holds {counts[t]} copies of {T.code(t)}; there are only four of each tile.")


def check_situation(situation: Situation) -> None:
    """HandError for a situation no tile could go with; the rest is checked wait by wait."""
    if not 0 <= situation.flowers <= MAX_FLOWERS:
        raise HandError(f"Flowers must be from 0 to {MAX_FLOWERS} (there are four flowers and four seasons).")


def last_written_tile(text: str) -> int | None:
    """The last concealed tile as written ('... 456p 5s' -> 5s), or None if none can be read."""
    for group in reversed(text.split()):
        if group[0] in "[{":
            continue
        try:
            found = parse_tiles(group)
        except NotationError:
            return None
        return found[-1] if found else None
    return None


# ---------------------------------------------------------------- the analysis


def _live(counts: list[int], tiles: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(t for t in tiles if counts[t] < 4))


def _useful13(hand: Hand) -> tuple[int, dict[str, int | None], tuple[int, ...]]:
    forms = form_useful(counts_of(hand.concealed), len(hand.melds))
    best = min(s for s, _ in forms.values() if s is not None)
    useful: set[int] = set()
    for s, tiles in forms.values():
        if s == best:
            useful |= tiles
    return best, {form: s for form, (s, _) in forms.items()}, _live(hand.counts(), useful)


def _with_tile(hand: Hand, tile: int) -> Hand:
    return Hand(hand.melds, tuple(sorted(hand.concealed + (tile,))))


def _without_tile(hand: Hand, tile: int) -> Hand:
    concealed = list(hand.concealed)
    concealed.remove(tile)
    return Hand(hand.melds, tuple(concealed))


def waits(hand: Hand, situation: Situation | None = None, edition: str = DEFAULT_EDITION) -> list[Wait]:
    """Each live tile that completes a 13-tile hand, scored as the winning tile.

    The situation's flags and winds apply to every wait (its win tile is replaced); a
    wait that the situation cannot go with (last tile, yet another copy is concealed)
    carries the reason instead of a score."""
    check_hand(hand)
    if tile_count(hand) != 13:
        raise HandError("Waits are asked of a 13-tile hand.")
    shanten, _forms, useful = _useful13(hand)
    return _scored_waits(hand, shanten, useful, situation, edition)


def _scored_waits(hand: Hand, shanten: int, useful, situation: Situation | None, edition: str) -> list[Wait]:
    if shanten != 0:
        return []
    return [_scored_wait(hand, tile, situation, edition) for tile in useful]


def _scored_wait(hand: Hand, tile: int, situation: Situation | None, edition: str) -> Wait:
    won = replace(situation, win=tile) if situation is not None else Situation(win=tile)
    try:
        return Wait(tile, score(_with_tile(hand, tile), won, edition))
    except NotWinning:
        raise  # shanten said this tile completes the hand: the two must agree
    except HandError as error:
        return Wait(tile, None, str(error))


def discards(hand: Hand) -> list[Discard]:
    """For each distinct concealed tile of a 14-tile hand: the shanten after discarding it,
    the useful tiles and their unseen copies. Best first: lowest shanten, then most
    unseen useful tiles, then tile order."""
    check_hand(hand)
    if tile_count(hand) != 14:
        raise HandError("Discards are asked of a 14-tile hand.")
    counts = hand.counts()
    out = []
    for tile in sorted(set(hand.concealed)):
        shanten, _forms, useful = _useful13(_without_tile(hand, tile))
        useful = _live(counts, useful)  # the discarded tile is seen too: none of it may be left
        out.append(Discard(tile, shanten, useful, sum(4 - counts[t] for t in useful)))
    out.sort(key=lambda d: (d.shanten, -d.useful_count, d.tile))
    return out


def analyze(
    hand: Hand,
    situation: Situation | None = None,
    edition: str = DEFAULT_EDITION,
    why_not: Iterable[int] = (),
) -> Analysis:
    """Analyse a 13- or 14-tile hand (see the module docstring).

    situation: how a win would come (self-drawn, winds, flowers ...). For a 13-tile hand
    its win tile is ignored; for a 14-tile hand that wins it names the winning tile
    (the last concealed tile when it is not among them). why_not is passed to the
    score of a 14-tile hand that wins."""
    check_hand(hand)
    if situation is not None:
        check_situation(situation)
    n = tile_count(hand)
    if n == 13:
        shanten, forms, useful = _useful13(hand)
        found = _scored_waits(hand, shanten, useful, situation, edition)
        return Analysis(hand, edition, n, shanten, forms, useful, waits=found)
    forms = form_shanten(counts_of(hand.concealed), len(hand.melds))
    shanten = min(s for s in forms.values() if s is not None)
    options = discards(hand)
    best = min(d.shanten for d in options)
    useful = tuple(sorted({t for d in options if d.shanten == best for t in d.useful}))
    analysis = Analysis(hand, edition, n, shanten, forms, useful, discards=options)
    if shanten == -1:
        win = situation.win if situation is not None and situation.win in hand.concealed else hand.concealed[-1]
        won = replace(situation, win=win) if situation is not None else Situation(win=win)
        try:
            analysis.score = score(hand, won, edition, why_not)
        except NotWinning:
            raise
        except HandError as error:
            analysis.score_error = str(error)
    return analysis

