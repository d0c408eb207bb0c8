"""The bots: a level is a policy object that picks one of a seat's options.

    policy.choose(state, seat, options) -> Move

A policy reads only what its seat may know (`Holding`): its own tiles and what lies face
up on the table, never another seat's hand or the wall. It never declares a win under 8
points: such a win is not among the options (tutor.practice.table.play).

Level 1, `TileEfficiency`: the fewest tiles from ready, then the most winning chances.
    discard   the tile whose discard leaves the lowest shanten, then the most live useful
              tiles (copies not yet seen), then an honor or terminal before a simple
    kong      declared when it costs nothing: the hand is no further from ready after it
    claim     a win always; a kong when it costs nothing; a pung, else a chow, only when it
              brings the hand closer to ready (a pung first)

Levels 2 and 3 are to add the value engine's routes to 8 and its chance estimate
(tutor.practice.value, being written in parallel). Until then both play `RouteToEight`,
a lighter stand-in of this module's own: level 1, plus the engine's points of each wait
once a discard or a claim leaves the hand ready.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tutor.rules import tiles as T
from tutor.rules.notation import Meld
from tutor.rules.shanten import form_missing, shanten, useful_tiles

from .moves import SEATS, Move
from .scoring import eight_point_waits
from .state import ROBBING, TableState


class Policy(Protocol):
    name: str
    level: int

    def choose(self, state: TableState, seat: int, options: tuple[Move, ...]) -> Move: ...


@dataclass(frozen=True)
class Holding:
    """What a seat knows when it decides: its concealed tiles and declared sets, the copies
    of each tile it can see (its own and every face-up tile), and the winds."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    visible: tuple[int, ...]
    seat_wind: str
    prevalent: str
    edition: str

    def live(self, tiles) -> int:
        """Copies of these tiles not yet seen, so still to be drawn or discarded."""
        return sum(max(0, 4 - self.visible[t]) for t in tiles)

    def after(self, removed: list[int], meld: Meld | None = None) -> Holding:
        """The holding with `removed` gone from the concealed tiles (and `meld` declared)."""
        counts = list(self.counts)
        for t in removed:
            counts[t] -= 1
        melds = self.melds + (meld,) if meld else self.melds
        return Holding(tuple(counts), melds, self.visible, self.seat_wind, self.prevalent, self.edition)

    def eight_point_waits(self) -> list[int]:
        return eight_point_waits(list(self.counts), self.melds, self.seat_wind, self.prevalent, self.edition)


def holding(state: TableState, seat: int) -> Holding:
    me = state.seats[seat]
    visible = list(me.counts)
    for index, other in enumerate(state.seats):
        for tile, claimed_by in other.river:
            if claimed_by is None:
                visible[tile] += 1
        for exposed in other.exposed:
            if index == seat or not exposed.meld.concealed:  # another seat's concealed kong is face down
                for t in exposed.meld.tiles:
                    visible[t] += 1
    if state.phase == ROBBING:
        visible[state.window.tile] += 1  # the tile being added to a kong is in sight
    return Holding(tuple(me.counts), me.meld_tuple(), tuple(visible), SEATS[seat], state.prevalent, state.edition)


def forms_in_reach(counts, melds: int) -> tuple[str, ...]:
    """The forms that can give the lowest shanten after some discard from these 14 tiles.

    A discard costs a form at most one more tile, and never makes one cheaper; so a form
    already two tiles behind the best at 14 tiles is behind it after every discard, and its
    cost (the knitted forms' above all) can be skipped without changing any answer."""
    missing = {form: m for form, m in form_missing(list(counts), melds).items() if m is not None}
    low = min(missing.values())
    return tuple(form for form, m in missing.items() if m <= low + 1)


def efficient_discards(hold: Holding, candidates: list[int]) -> list[tuple[tuple, int]]:
    """(key, tile) for each candidate that leaves the lowest shanten, best first; the key is
    (shanten, minus the live useful tiles, a simple after an honor or terminal, the tile)."""
    melds = len(hold.melds)
    forms = forms_in_reach(hold.counts, melds)
    by_shanten = {t: shanten(list(hold.after([t]).counts), melds, forms) for t in candidates}
    low = min(by_shanten.values())
    ranked = []
    for t in candidates:
        if by_shanten[t] == low:
            sh, useful = useful_tiles(list(hold.after([t]).counts), melds, forms)
            ranked.append(((sh, -hold.live(useful), 0 if T.is_terminal_or_honor(t) else 1, t), t))
    return sorted(ranked)


def _claimed_tiles(move: Move, tile: int) -> tuple[list[int], Meld]:
    """The concealed tiles a claim uses, and the set it makes with the discard."""
    meld = Meld(move.action, move.tile)
    if move.action == "chow":
        return [t for t in meld.tiles if t != tile], meld
    return [tile] * (len(meld.tiles) - 1), meld


class TileEfficiency:
    """Level 1: tile efficiency only."""

    name = "tile efficiency"
    level = 1

    def choose(self, state: TableState, seat: int, options: tuple[Move, ...]) -> Move:
        by_action: dict[str, list[Move]] = {}
        for move in options:
            by_action.setdefault(move.action, []).append(move)
        if "win" in by_action:
            return by_action["win"][0]
        hold = holding(state, seat)
        if "discard" in by_action:
            return self.turn(hold, seat, by_action)
        return self.claim(hold, seat, by_action, state.window.tile)

    def turn(self, hold: Holding, seat: int, by_action: dict[str, list[Move]]) -> Move:
        now = shanten(list(hold.counts), len(hold.melds))
        for move in by_action.get("kong", ()):
            t = move.tile
            if hold.counts[t] == 4:
                after = hold.after([t] * 4, Meld("kong", t, True))
            else:  # added to a melded pung: the set count stays
                after = hold.after([t])
            if shanten(list(after.counts), len(after.melds)) <= now:
                return move
        return self.discard(hold, seat, [m.tile for m in by_action["discard"]])

    def discard(self, hold: Holding, seat: int, candidates: list[int]) -> Move:
        return Move(seat, "discard", efficient_discards(hold, candidates)[0][1])

    def claim(self, hold: Holding, seat: int, by_action: dict[str, list[Move]], tile: int) -> Move:
        now = shanten(list(hold.counts), len(hold.melds))
        for move in by_action.get("kong", ()):
            after = hold.after(*_claimed_tiles(move, tile))
            if shanten(list(after.counts), len(after.melds)) <= now and self.keeps_route(after):
                return move
        best: tuple | None = None
        for move in by_action.get("pung", []) + by_action.get("chow", []):
            after = hold.after(*_claimed_tiles(move, tile))
            reach = shanten(list(after.counts), len(after.melds))
            key = (reach, move.action != "pung", move.tile)
            if reach < now and (best is None or key < best[0]) and self.keeps_route(after):
                best = (key, move)
        return best[1] if best else by_action["pass"][0]

    def keeps_route(self, after: Holding) -> bool:
        """Whether the hand after a claim can still reach 8 points: level 1 does not ask."""
        return True


class RouteToEight(TileEfficiency):
    """Levels 2 and 3 for now: a light stand-in for the value engine's routes to 8.

    discard  among the most efficient discards, when they leave the hand ready, the one
             whose waits that reach 8 points have the most live copies
    claim    one that leaves the hand ready only if some wait then reaches 8; one that
             leaves it further only if the claimed set scores by itself (a dragon, the
             seat or the prevalent wind, a kong) or every tile is of one suit and honors
    """

    name = "route to 8 (light)"

    def __init__(self, level: int = 2):
        self.level = level

    def discard(self, hold: Holding, seat: int, candidates: list[int]) -> Move:
        ranked = efficient_discards(hold, candidates)
        if ranked[0][0][0] != 0:
            return Move(seat, "discard", ranked[0][1])
        best = max(range(len(ranked)), key=lambda i: (self._live_eight(hold, ranked[i][1]), -i))
        return Move(seat, "discard", ranked[best][1])

    def _live_eight(self, hold: Holding, discard: int) -> int:
        """Live copies of the tiles that win for 8 or more once `discard` is gone."""
        return hold.live(hold.after([discard]).eight_point_waits())

    def keeps_route(self, after: Holding) -> bool:
        meld = after.melds[-1]
        if meld.kind == "kong":
            return True  # a kong scores by itself and draws a replacement
        winds = (T.WIND_BY_LETTER[after.seat_wind], T.WIND_BY_LETTER[after.prevalent])
        if meld.kind == "pung" and (T.is_dragon(meld.tile) or meld.tile in winds):
            return True
        tiles = [t for t in range(34) if after.counts[t]] + [t for m in after.melds for t in m.tiles]
        if len({T.suit_of(t) for t in tiles if T.is_suited(t)}) <= 1:
            return True  # on the way to a half or full flush
        ranked = efficient_discards(after, [t for t in range(34) if after.counts[t]])
        return ranked[0][0][0] == 0 and any(self._live_eight(after, t) for _key, t in ranked)


def policy(level: int) -> Policy:
    """The bot of a level: 1 tile efficiency; 2 and 3 the route-to-8 stand-in for now."""
    return TileEfficiency() if level == 1 else RouteToEight(level)
