"""The bots: a level is a policy object that picks one of a seat's options.

    policy.choose(state, seat, options) -> Move

A policy reads only what its seat may know: its own tiles and what lies face up on the
table (`seen`), never another seat's hand or the wall. It never declares a win under 8
points: such a win is not among the options (tutor.practice.table.play).

Level 1, `TileEfficiency`: the fewest tiles from ready, then the most winning chances.
    discard   the tile whose discard leaves the lowest shanten, then the most live useful
              tiles (copies not yet seen), then an honor or terminal before a simple
    kong      declared when it costs nothing: the hand is no further from ready after it
    claim     a win always; a kong when it costs nothing; a pung, else a chow, only when it
              brings the hand closer to ready (a pung first: it keeps the turn order)

Levels 2 and 3 are meant to add the value engine's routes to 8 and its chance estimate
(tutor.practice.value, being written). Until then `RouteToEight` stands in: level 1, plus
a lighter look at the points of each wait once the hand is one tile from ready.
"""

from __future__ import annotations

from typing import Protocol

from tutor.rules import tiles as T
from tutor.rules.notation import Meld
from tutor.rules.shanten import form_missing, shanten, useful_tiles

from .moves import Move
from .scoring import eight_point_waits
from .state import Exposed, TableState


class Policy(Protocol):
    name: str

    def choose(self, state: TableState, seat: int, options: tuple[Move, ...]) -> Move: ...


def seen(state: TableState, seat: int) -> list[int]:
    """Copies of each tile `seat` can see: its own concealed tiles and every face-up tile."""
    counts = list(state.seats[seat].counts)
    for index, other in enumerate(state.seats):
        for tile, _claimed in other.river:
            if _claimed is None:
                counts[tile] += 1
        for exposed in other.exposed:
            if index == seat or not exposed.meld.concealed:
                for t in exposed.meld.tiles:
                    counts[t] += 1
    if state.window is not None:
        counts[state.window.tile] += 1 if state.window.kind == "robbing" else 0
    return counts


def _without(counts: list[int], *tiles: int) -> list[int]:
    out = list(counts)
    for t in tiles:
        out[t] -= 1
    return out


def _discard_key(counts: list[int], melds: int, tile: int, visible: list[int], forms: tuple[str, ...]) -> tuple:
    after = _without(counts, tile)
    sh, useful = useful_tiles(after, melds, forms)
    live = sum(max(0, 4 - visible[u]) for u in useful)
    return (sh, -live, 0 if T.is_terminal_or_honor(tile) else 1, tile)


def forms_in_reach(counts: list[int], melds: int) -> tuple[str, ...]:
    """The forms that can give the lowest shanten after some discard from these 14 tiles.

    A discard costs a form at most one more tile, and never makes one cheaper; so a form
    already two tiles behind the best at 14 tiles is behind it after every discard, and its
    cost (the knitted forms' above all) can be skipped without changing any answer."""
    missing = {form: m for form, m in form_missing(counts, melds).items() if m is not None}
    low = min(missing.values())
    return tuple(form for form, m in missing.items() if m <= low + 1)


def efficient_discards(state: TableState, seat: int, candidates: list[int]) -> list[tuple[tuple, int]]:
    """(key, tile) for each candidate at the lowest shanten, best first."""
    player = state.seats[seat]
    counts, melds = player.counts, player.melds
    forms = forms_in_reach(counts, melds)
    by_shanten = {t: shanten(_without(counts, t), melds, forms) for t in candidates}
    low = min(by_shanten.values())
    visible = seen(state, seat)
    ranked = [(_discard_key(counts, melds, t, visible, forms), t) for t in candidates if by_shanten[t] == low]
    return sorted(ranked)


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
        if "discard" in by_action:
            return self.turn(state, seat, by_action)
        return self.claim(state, seat, by_action)

    # ------------------------------------------------------------------ on one's turn

    def turn(self, state: TableState, seat: int, by_action: dict[str, list[Move]]) -> Move:
        player = state.seats[seat]
        now = shanten(player.counts, player.melds)
        for move in by_action.get("kong", ()):
            t = move.tile
            if player.counts[t] == 4:
                after = shanten(_without(player.counts, t, t, t, t), player.melds + 1)
            else:
                after = shanten(_without(player.counts, t), player.melds)
            if after <= now:
                return move
        return self.discard(state, seat, [m.tile for m in by_action["discard"]])

    def discard(self, state: TableState, seat: int, candidates: list[int]) -> Move:
        return Move(seat, "discard", efficient_discards(state, seat, candidates)[0][1])

    # ------------------------------------------------------------------ on a discard

    def claim(self, state: TableState, seat: int, by_action: dict[str, list[Move]]) -> Move:
        player = state.seats[seat]
        counts, melds = player.counts, player.melds
        tile = state.window.tile
        now = shanten(counts, melds)
        for move in by_action.get("kong", ()):
            if shanten(_without(counts, tile, tile, tile), melds + 1) <= now and self.keeps_route(state, seat, move):
                return move
        best: tuple | None = None
        for move in by_action.get("pung", []) + by_action.get("chow", []):
            taken = (tile, tile) if move.action == "pung" else [t for t in range(move.tile, move.tile + 3) if t != tile]
            after = shanten(_without(counts, *taken), melds + 1)
            key = (after, move.action != "pung", move.tile)
            if after < now and (best is None or key < best[0]) and self.keeps_route(state, seat, move):
                best = (key, move)
        if best:
            return best[1]
        return next(m for m in by_action["pass"])

    def keeps_route(self, state: TableState, seat: int, move: Move) -> bool:
        """Level 1 claims whatever brings it closer; higher levels ask about the points."""
        return True


class RouteToEight(TileEfficiency):
    """Levels 2 and 3 for now: a light stand-in for the value engine's routes to 8.

    discard  among the most efficient discards, when one leaves the hand ready, the one
             whose waits that reach 8 points (scored by the engine as a discard win) have
             the most live copies
    claim    a claim that leaves the hand ready only if some wait then reaches 8; one
             that leaves it further only if the claimed set scores by itself (a dragon,
             the seat or the prevalent wind) or every tile is of one suit and the honors
    """

    name = "route to 8 (light)"

    def __init__(self, level: int = 2):
        self.level = level

    def discard(self, state: TableState, seat: int, candidates: list[int]) -> Move:
        ranked = efficient_discards(state, seat, candidates)
        if ranked[0][0][0] != 0:
            return Move(seat, "discard", ranked[0][1])
        visible = seen(state, seat)
        live = [(self._live_eight(state, seat, tile, visible), -index) for index, (_key, tile) in enumerate(ranked)]
        return Move(seat, "discard", ranked[-max(live)[1]][1])

    def _live_eight(self, state: TableState, seat: int, discard: int, visible: list[int]) -> int:
        """Live copies of the tiles that would win for 8 or more after `discard`."""
        counts = state.seats[seat].counts
        counts[discard] -= 1  # looked at in place and put back: the state is not copied per candidate
        try:
            return sum(max(0, 4 - visible[t]) for t in eight_point_waits(state, seat))
        finally:
            counts[discard] += 1

    def keeps_route(self, state: TableState, seat: int, move: Move) -> bool:
        player = state.seats[seat]
        tile = state.window.tile
        meld = Meld(move.action, move.tile)
        taken = [t for t in meld.tiles if t != tile] if move.action == "chow" else [tile] * (len(meld.tiles) - 1)
        for t in taken:
            player.counts[t] -= 1
        player.exposed.append(Exposed(meld, state.window.source, tile))
        try:
            return self._route_after_claim(state, seat, meld)
        finally:
            player.exposed.pop()
            for t in taken:
                player.counts[t] += 1

    def _route_after_claim(self, state: TableState, seat: int, meld: Meld) -> bool:
        player = state.seats[seat]
        if meld.kind == "kong":
            return True  # a kong is worth points of its own and a replacement draw
        if meld.kind == "pung" and (T.is_dragon(meld.tile) or meld.tile in _wind_tiles(state, seat)):
            return True
        tiles = [t for t in range(34) if player.counts[t]] + [t for e in player.exposed for t in e.meld.tiles]
        if len({T.suit_of(t) for t in tiles if T.is_suited(t)}) <= 1:
            return True
        candidates = [t for t in range(34) if player.counts[t]]
        ranked = efficient_discards(state, seat, candidates)
        if ranked[0][0][0] != 0:
            return False
        visible = seen(state, seat)
        return any(self._live_eight(state, seat, t, visible) for _key, t in ranked)


def _wind_tiles(state: TableState, seat: int) -> tuple[int, int]:
    return (T.WINDS[seat], T.WIND_BY_LETTER[state.prevalent])


def policy(level: int) -> Policy:
    """The bot of a level: 1 tile efficiency; 2 and 3 the route-to-8 stand-in for now."""
    return TileEfficiency() if level == 1 else RouteToEight(level)
