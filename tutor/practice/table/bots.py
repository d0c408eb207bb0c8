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

Level 2, `RoutesToEight`: level 1 steered by the value engine (tutor.practice.value).
    discard   the first of the engine's ranking: its reach of a declarable win first (a
              discard that keeps a route to 8 before one that is closer to ready on waits
              under 8), then tiles from ready and unseen useful tiles
    kong      declared when it costs nothing: no further from ready, no lower reach
    claim     a win always; a kong when it costs nothing; a pung before a chow, only when it
              raises the reach of a declarable win, or, far from ready where the engine lists
              no routes, when it brings the hand closer and the set can still lead to 8

Level 3, `ChanceOfEight`: level 2, plus the engine's seeded Monte-Carlo chance of a
declarable win at one tile from ready and when ready, for discards and claims alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from tutor.practice.value import Advice, DiscardAdvice, advise, unseen_counts
from tutor.practice.value.advice import CHANCE_DISCARDS
from tutor.practice.value.chance import estimate
from tutor.rules import tiles as T
from tutor.rules.engine import Situation
from tutor.rules.notation import Hand, Meld
from tutor.rules.shanten import form_missing, shanten, useful_tiles

from .moves import SEATS, Move
from .state import ROBBING, TableState

PLAYOUTS = 32  # level 3's play-outs for each hand it estimates (bench/table.py times it)
CLOSE = 0.5  # a discard whose value is at least this share of the best one's is a close call


class Policy(Protocol):
    name: str
    level: int

    def choose(self, state: TableState, seat: int, options: tuple[Move, ...]) -> Move: ...


@dataclass(frozen=True)
class Holding:
    """What a seat knows when it decides: its concealed tiles and declared sets, the copies
    of each tile it can see (its own and every face-up tile), the winds, and the playing
    tiles left in the wall (its count less the flowers not yet set aside).

    `playout_seed` seeds level 3's play-outs from the game seed, the move index and the
    seat, so that a record never depends on timing; it draws imagined walls from the unseen
    tiles, never the real one."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    visible: tuple[int, ...]
    seat_wind: str
    prevalent: str
    edition: str
    wall: int = 0
    playout_seed: int = 0

    def live(self, tiles) -> int:
        """Copies of these tiles not yet seen, so still to be drawn or discarded."""
        return sum(max(0, 4 - self.visible[t]) for t in tiles)

    def after(self, removed: list[int], meld: Meld | None = None) -> Holding:
        """The holding with `removed` gone from the concealed tiles (and `meld` declared)."""
        counts = list(self.counts)
        for t in removed:
            counts[t] -= 1
        melds = self.melds + (meld,) if meld else self.melds
        return replace(self, counts=tuple(counts), melds=melds)


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
    flowers_left = 8 - sum(len(other.flowers) for other in state.seats)
    wall = state.wall_left - flowers_left
    playout_seed = (state.seed * 1_000_003 + state.moves) * 4 + seat
    return Holding(tuple(me.counts), me.meld_tuple(), tuple(visible), SEATS[seat], state.prevalent, state.edition,
                   max(0, wall), playout_seed)


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


def _concealed(hold: Holding) -> tuple[int, ...]:
    return tuple([t for t in range(34) for _ in range(hold.counts[t])])


def _kong_after(hold: Holding, tile: int) -> Holding:
    """The holding after a kong declared on one's turn: concealed, or added to a melded pung."""
    if hold.counts[tile] == 4:
        return hold.after([tile] * 4, Meld("kong", tile, True))
    return hold.after([tile])


def _position(hold: Holding) -> tuple[Hand, Situation, list[int], int]:
    """The holding as the value engine reads it: the hand, a situation with the winds, the
    tiles seen outside the hand, and the playing tiles left in the wall."""
    hand = Hand(hold.melds, _concealed(hold))
    own = hand.tile_counts
    seen = [t for t in range(34) for _ in range(hold.visible[t] - own[t])]
    unseen_total = 136 - len(seen) - sum(own)
    situation = Situation(hand.concealed[0], seat_wind=hold.seat_wind, prevalent_wind=hold.prevalent)
    return hand, situation, seen, min(hold.wall, unseen_total)


class RoutesToEight(TileEfficiency):
    """Level 2: tile efficiency plus the value engine's routes to 8 (tutor.practice.value).

    Its whole advice (routes=True) is cheap enough for every move: a few milliseconds, since
    routes are worked out only for hands one or two tiles from ready (bench/table.py)."""

    name = "routes to 8"
    level = 2

    def advice(self, hold: Holding) -> Advice:
        """The value engine's advice on this holding (13 tiles: the hand as it stands; 14: each
        discard), from the tiles the seat sees and the playing tiles left in the wall."""
        return advise(*_position(hold), hold.edition)

    def ranked(self, hold: Holding) -> tuple[DiscardAdvice, ...]:
        """Every discard (13 tiles: the hand as it stands), best first."""
        return self.advice(hold).discards

    def outlook(self, hold: Holding) -> DiscardAdvice:
        return self.ranked(hold)[0]

    def discard(self, hold: Holding, seat: int, candidates: list[int]) -> Move:
        allowed = set(candidates)
        tile = next(d.tile for d in self.ranked(hold) if d.tile in allowed)
        return Move(seat, "discard", tile)

    def turn(self, hold: Holding, seat: int, by_action: dict[str, list[Move]]) -> Move:
        kongs = by_action.get("kong", ())
        if kongs:
            now = self.outlook(hold)
            for move in kongs:
                if self.costs_nothing(self.outlook(_kong_after(hold, move.tile)), now):
                    return move
        return self.discard(hold, seat, [m.tile for m in by_action["discard"]])

    def claim(self, hold: Holding, seat: int, by_action: dict[str, list[Move]], tile: int) -> Move:
        sets = by_action.get("pung", []) + by_action.get("chow", [])
        kongs = by_action.get("kong", [])
        if not sets and not kongs:
            return by_action["pass"][0]
        now = self.outlook(hold)
        for move in kongs:
            if self.costs_nothing(self.outlook(hold.after(*_claimed_tiles(move, tile))), now):
                return move
        best: tuple | None = None
        for move in sets:
            after = hold.after(*_claimed_tiles(move, tile))
            out = self.outlook(after)
            if self.improves(out, now, after):
                key = (-self.weigh(out, now)[0], out.shanten, move.action != "pung", move.tile)  # a pung before a chow
                if best is None or key < best[0]:
                    best = (key, move)
        return best[1] if best else by_action["pass"][0]

    def weigh(self, out: DiscardAdvice, now: DiscardAdvice) -> tuple[float, float]:
        """What a claim or a kong is weighed by, after it and now: the value engine's reach
        of a declarable win."""
        return out.value, now.value

    def costs_nothing(self, out: DiscardAdvice, now: DiscardAdvice) -> bool:
        """A kong costs nothing when the hand is no further from ready nor from 8 after it."""
        after, before = self.weigh(out, now)
        return out.shanten <= now.shanten and after >= before - 1e-9

    def improves(self, out: DiscardAdvice, now: DiscardAdvice, after: Holding) -> bool:
        """Whether a claim is worth it: near ready, when it raises the reach of a declarable win
        (so it keeps a route to 8); further off, where the engine lists no routes, when it
        brings the hand closer to ready and the claimed set can still lead to 8 points."""
        gain, before = self.weigh(out, now)
        if gain > 0 or before > 0:
            return gain > before + 1e-9
        return out.shanten < now.shanten and out.shanten >= 2 and self.keeps_route(after)

    def keeps_route(self, after: Holding) -> bool:
        """Far from ready: the claimed set scores by itself (a dragon, the seat or prevalent
        wind), or every suited tile is of one suit (on the way to a flush)."""
        meld = after.melds[-1]
        winds = (T.WIND_BY_LETTER[after.seat_wind], T.WIND_BY_LETTER[after.prevalent])
        if meld.kind in ("pung", "kong") and (T.is_dragon(meld.tile) or meld.tile in winds):
            return True
        tiles = [t for t in range(34) if after.counts[t]] + [t for m in after.melds for t in m.tiles]
        return len({T.suit_of(t) for t in tiles if T.is_suited(t)}) <= 1


class ChanceOfEight(RoutesToEight):
    """Level 3: level 2, plus the value engine's chance estimate one tile from ready and when
    ready: PLAYOUTS seeded play-outs (a fixed count, never a time budget, seeded by the game
    seed and the move index), so the same record always gets the same moves.

    discard  of the engine's first CHANCE_DISCARDS discards, those one tile from ready or
             ready whose value comes within CLOSE of the best are estimated, and the highest
             chance of a declarable win is played (ties: the value's order); a single close
             discard is played without estimating (nothing to choose between)
    claim    weighed by that chance when the hand is near ready before and after it
    """

    name = "chance of 8"
    level = 3

    def ranked(self, hold: Holding) -> tuple[DiscardAdvice, ...]:
        options = self.advice(hold).discards
        top = options[0].value
        close = [i for i, d in enumerate(options[:CHANCE_DISCARDS]) if d.shanten <= 1 and d.value >= CLOSE * top]
        if len(close) < 2:
            return options
        estimated = list(options)
        for i in close:
            estimated[i] = self.with_chance(hold, options[i])
        key = {i: -estimated[i].chance.probability if i in close else 1.0 for i in range(len(options))}
        return tuple(estimated[i] for i in sorted(range(len(options)), key=lambda i: (key[i], i)))

    def outlook(self, hold: Holding) -> DiscardAdvice:
        best = self.advice(hold).best
        return self.with_chance(hold, best) if best.shanten <= 1 else best

    def with_chance(self, hold: Holding, option: DiscardAdvice) -> DiscardAdvice:
        """The option with its chance of a declarable win estimated by PLAYOUTS play-outs."""
        hand, situation, seen, wall = _position(hold)
        unseen = unseen_counts(hand, seen)
        if option.tile is not None:
            concealed = list(hand.concealed)
            concealed.remove(option.tile)
            hand = Hand(hand.melds, tuple(concealed))
        return replace(option, chance=estimate(hand, situation, hold.edition, unseen, wall, PLAYOUTS, None, hold.playout_seed))

    def weigh(self, out: DiscardAdvice, now: DiscardAdvice) -> tuple[float, float]:
        """The chance of a declarable win when both are estimated (the same seeded walls for
        both), else the value as at level 2."""
        if out.chance is not None and now.chance is not None:
            return out.chance.probability, now.chance.probability
        return out.value, now.value


def policy(level: int) -> Policy:
    """The bot of a level: 1 tile efficiency, 2 routes to 8, 3 routes and chance of 8."""
    return {1: TileEfficiency, 2: RoutesToEight, 3: ChanceOfEight}[level]()
