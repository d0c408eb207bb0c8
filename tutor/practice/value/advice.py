"""advise: every discard of a 13- or 14-tile hand, ranked by value (see the package docstring).

    value = a rough chance of drawing into a declarable win (routes.declarable_reach)
    rank  = value first; then tiles from ready, unseen useful tiles and tile order

So a discard that keeps the hand ready on waits that all score under 8 ranks below one that is
a tile further away but keeps a route to 8; when no discard keeps a route to 8 within two
tiles, every value is 0 and the ranking is the ranking by shape.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from time import perf_counter

from tutor.practice.value import routes as R
from tutor.practice.value import words
from tutor.practice.value.chance import estimate
from tutor.practice.value.model import Advice, DiscardAdvice
from tutor.rules import tiles as T
from tutor.rules.analysis import check_hand, tile_count
from tutor.rules.analysis import discards as shape_discards
from tutor.rules.engine import HandError, Situation
from tutor.rules.fans import DEFAULT_EDITION
from tutor.rules.notation import Hand
from tutor.rules.shanten import counts_of, useful_tiles

DEFAULT_WALL = 60  # tiles left in the wall when none is said: about the middle of a hand
CHANCE_DISCARDS = 4  # the discards, best first, whose chance is estimated when play-outs are asked


class AdviceError(HandError):
    """What the player says is on the table cannot be (five copies of a tile, a wall too big)."""


@dataclass(frozen=True)
class Table:
    """What the player can see: the tiles on the table outside the hand, and the wall left."""

    seen: tuple[int, ...] = ()
    wall: int | None = None  # None: DEFAULT_WALL, or fewer when fewer tiles are unseen


def unseen_counts(hand: Hand, seen: Iterable[int] = ()) -> list[int]:
    """Copies of each tile neither in the hand nor on the table; AdviceError past four of a tile."""
    counts = list(hand.tile_counts)
    for t in seen:
        counts[t] += 1
    for t, n in enumerate(counts):
        if n > 4:
            raise AdviceError(f"The hand and the table hold {n} copies of {T.code(t)} between them; "
                              "there are only four of each tile.")
    return [4 - n for n in counts]


def wall_draws(wall: int | None, unseen_total: int) -> tuple[int, int]:
    """(the wall, the player's draws from it: one tile in four); AdviceError for a wall that cannot be."""
    if wall is None:
        wall = min(DEFAULT_WALL, unseen_total)
    if not 0 <= wall <= unseen_total:
        raise AdviceError(f"The wall cannot hold {wall} tiles: it holds from 0 to {unseen_total}, "
                          "the tiles neither in the hand nor seen on the table.")
    return wall, (wall + 3) // 4


def _without(hand: Hand, tile: int) -> Hand:
    concealed = list(hand.concealed)
    concealed.remove(tile)
    return Hand(hand.melds, tuple(concealed))


def _advice(hand13: Hand, tile: int | None, shanten: int, useful: tuple[int, ...], unseen: list[int],
            situation: Situation, edition: str, wall: int, with_routes: bool) -> DiscardAdvice:
    useful = tuple(t for t in useful if hand13.tile_counts[t] < 4)
    unseen_total = sum(unseen)
    waits, routes, two_step = (), (), []
    if shanten == 0:
        waits = R.wait_list(hand13, unseen, situation, edition)
        routes = R.ready_routes(hand13, waits, unseen) if with_routes else ()
    elif shanten == 1 and with_routes:
        two_step = R.scored_two_step(hand13, useful, unseen, situation, edition)
        routes = R.routes_of(two_step, unseen)
    value = R.declarable_reach(waits, two_step, unseen_total, wall)
    copies = tuple(unseen[t] for t in useful)
    advice = DiscardAdvice(tile, shanten, useful, sum(copies), copies, waits, routes, value, "")
    return replace(advice, reason=words.reason(advice))


def _rank(advice: DiscardAdvice) -> tuple:
    return (-round(advice.value, 9), advice.shanten, -advice.useful_unseen, advice.tile if advice.tile is not None else -1)


def advise(hand: Hand, situation: Situation | None = None, seen: Iterable[int] = (), wall: int | None = None,
           edition: str = DEFAULT_EDITION, *, playouts: int = 0, budget_ms: float | None = None, seed: int = 0,
           routes: bool = True) -> Advice:
    """Every discard of a 14-tile hand best first by value (13 tiles: the hand as it stands).

    seen: tiles visible on the table (discards, others' declared sets, ...), not the hand's own.
    wall: tiles left in the wall (None: DEFAULT_WALL). playouts > 0 estimates the chance of a
    declarable win for the CHANCE_DISCARDS best discards; budget_ms bounds the whole call (each
    discard plays at least one play-out, then stops once its share of the time left is spent).
    routes=False: no routes and no value beyond the waits (a bot's lighter form: shape, then
    declarable waits). HandError (AdviceError) for a hand or table that cannot be."""
    begin = perf_counter()
    check_hand(hand)
    situation = situation if situation is not None else Situation(win=hand.concealed[0] if hand.concealed else 0)
    unseen = unseen_counts(hand, seen)
    unseen_total = sum(unseen)
    wall, draws = wall_draws(wall, unseen_total)
    if tile_count(hand) == 13:
        shanten, useful = useful_tiles(counts_of(hand.concealed), len(hand.melds))
        options = [_advice(hand, None, shanten, tuple(sorted(useful)), unseen, situation, edition, wall, routes)]
    else:
        options = [_advice(_without(hand, d.tile), d.tile, d.shanten, d.useful, unseen, situation, edition, wall, routes)
                   for d in shape_discards(hand)]
        options.sort(key=_rank)
    if playouts > 0:
        chosen = options[:CHANCE_DISCARDS]
        for i, option in enumerate(chosen):
            share = None
            if budget_ms is not None:  # what is left of the budget, shared by the discards still to play
                share = max(0.0, budget_ms - (perf_counter() - begin) * 1000) / (len(chosen) - i)
            left = hand if option.tile is None else _without(hand, option.tile)
            chance = estimate(left, situation, edition, unseen, wall, playouts, share, seed)
            options[i] = replace(option, chance=chance)
    return Advice(tile_count(hand), unseen_total, draws, tuple(options), words.why_best(options))
