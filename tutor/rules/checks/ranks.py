"""The checks of the fans of ranks: terminals, simples, fives, and the five rank bands (a table)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.checks.found import needs_standard, tile_list, whole
from tutor.rules.checks.gates import (
    NO_TERMINALS_OR_HONORS,
    ONLY_TERMINALS,
    ONLY_TERMINALS_OR_HONORS,
    PAIR_OF_FIVES,
    PAIR_OF_TERMINALS_OR_HONORS,
    TERMINALS,
    TERMINALS_OR_HONORS,
    check,
    ranks_within,
)
from tutor.rules.divisions import Group
from tutor.rules.notation import format_tiles
from tutor.rules.reading import Found, Miss, View


@lru_cache(maxsize=512)  # at most 34 tiles x 4 kinds
def _holds_terminal_or_honor(kind: str, tile: int) -> bool:
    return any(T.is_terminal_or_honor(t) for t in Group(kind, tile).tiles)


@lru_cache(maxsize=512)  # at most 34 tiles x 4 kinds
def _holds_five(kind: str, tile: int) -> bool:
    return any(t < 27 and t % 9 == 4 for t in Group(kind, tile).tiles)


@check("all-terminals", when=ONLY_TERMINALS)
def all_terminals(view: View) -> Found:
    if view.distinct <= TERMINALS:
        return whole(view, "every tile is a 1 or a 9")
    return Miss(build=lambda: "needs only 1s and 9s; this hand has " + tile_list(t for t in view.tiles if not T.is_terminal(t)))


@check("all-terminals-and-honors", when=ONLY_TERMINALS_OR_HONORS)
def all_terminals_and_honors(view: View) -> Found:
    if view.distinct <= TERMINALS_OR_HONORS:
        return whole(view, "every tile is a 1, a 9 or an honor")
    return Miss(build=lambda: "needs only 1s, 9s and honors; this hand has " + tile_list(
        t for t in view.tiles if not T.is_terminal_or_honor(t)
    ))


@check("all-simples", when=NO_TERMINALS_OR_HONORS)
def all_simples(view: View) -> Found:
    if not view.distinct & TERMINALS_OR_HONORS:
        return whole(view, "no 1s, 9s or honors")
    return Miss(build=lambda: "needs no terminals or honors; this hand has " + tile_list(
        t for t in view.tiles if not T.is_simple(t)
    ))


@check("outside-hand", when=PAIR_OF_TERMINALS_OR_HONORS)
def outside_hand(view: View) -> Found:
    miss = needs_standard(view)
    if miss is not None:
        return miss
    without = [g for g in view.groups_with_pair if not _holds_terminal_or_honor(g.kind, g.tile)]
    if not without:
        return whole(view, "every set and the pair hold a 1, a 9 or an honor")
    return Miss(build=lambda: "needs a terminal or honor in every set and the pair; " + ", ".join(
        format_tiles(g.tiles) for g in without
    ) + (" has none" if len(without) == 1 else " have none"))


@check("all-fives", when=PAIR_OF_FIVES)
def all_fives(view: View) -> Found:
    miss = needs_standard(view)
    if miss is not None:
        return miss
    without = [g for g in view.groups_with_pair if not _holds_five(g.kind, g.tile)]
    if not without:
        return whole(view, "every set and the pair hold a 5")
    return Miss(build=lambda: "needs a 5 in every set and the pair; " + ", ".join(format_tiles(g.tiles) for g in without) + (
        " has none" if len(without) == 1 else " have none"
    ))



class RankBand(NamedTuple):
    slug: str
    low: int  # the lowest rank allowed, 1-9
    high: int  # the highest


RANK_BANDS = (
    RankBand("upper-tiles", 7, 9),
    RankBand("middle-tiles", 4, 6),
    RankBand("lower-tiles", 1, 3),
    RankBand("upper-four", 6, 9),
    RankBand("lower-four", 1, 4),
)


def _rank_band_check(band: RankBand) -> Callable[[View], Found]:
    """The check of a band: every tile a suit tile from band.low to band.high."""
    low, high = band.low, band.high
    pool = frozenset(t for t in range(27) if low <= t % 9 + 1 <= high)
    detail = f"every tile is a suit tile from {low} to {high}"

    def find(view: View) -> Found:
        if view.distinct <= pool:
            return whole(view, detail)
        return Miss(build=lambda: f"needs suit tiles from {low} to {high} only; this hand has {tile_list(view.distinct - pool)}")

    find.__name__ = band.slug.replace("-", "_")
    return find


for _band in RANK_BANDS:
    check(_band.slug, when=ranks_within(_band.low, _band.high))(_rank_band_check(_band))
