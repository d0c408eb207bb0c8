"""The checks of the suit fans: the flushes, One Voided Suit, No Honors, All Types, All Green and Reversible Tiles."""

from __future__ import annotations

from tutor.rules import tiles as T
from tutor.rules.checks.found import tile_list, whole
from tutor.rules.checks.gates import (
    FIVE_KINDS,
    GREEN_TILES,
    NO_HONORS,
    ONE_SUIT_AND_HONORS,
    ONE_SUIT_ONLY,
    ONLY_GREEN,
    ONLY_REVERSIBLE,
    REVERSIBLE_TILES,
    TWO_SUITS,
    check,
)
from tutor.rules.reading import Found, Miss, View


@check("all-green", when=ONLY_GREEN)
def all_green(view: View) -> Found:
    if view.distinct <= GREEN_TILES:
        return whole(view, "every tile is green: 2, 3, 4, 6, 8 of bamboo and the green dragon")
    return Miss(build=lambda: (
        "needs only 23468s and the green dragon; this hand has "
        + tile_list(t for t in view.tiles if t not in GREEN_TILES)
    ))


@check("full-flush", when=ONE_SUIT_ONLY)
def full_flush(view: View) -> Found:
    if len(view.suits) == 1 and not view.honors:
        return whole(view, _FULL_FLUSH_DETAIL[next(iter(view.suits))])
    return Miss(build=lambda: flush_miss(view, "one suit and no honors"))


@check("half-flush", when=ONE_SUIT_AND_HONORS)
def half_flush(view: View) -> Found:
    if len(view.suits) == 1 and view.honors:
        return whole(view, _HALF_FLUSH_DETAIL[next(iter(view.suits))])
    return Miss(build=lambda: flush_miss(view, "one suit together with honors"))


# The words of the suit fans, by suit (0-2): written once, not for every hand.
_FULL_FLUSH_DETAIL = tuple(f"every tile is {T.SUIT_NAMES[suit]}" for suit in T.SUITS)
_HALF_FLUSH_DETAIL = tuple(f"{T.SUIT_NAMES[suit]} with winds or dragons" for suit in T.SUITS)
_VOIDED_DETAIL = tuple(f"no {T.SUIT_NAMES[suit]}" for suit in T.SUITS)  # by the suit missing


def flush_miss(view: View, need: str) -> str:
    names = ", ".join(T.SUIT_NAMES[T.SUITS[s]] for s in sorted(view.suits)) or "no suit"
    honors = " and honors" if view.honors else " and no honors"
    return f"needs {need}; this hand has {names}{honors}"


@check("one-voided-suit", when=TWO_SUITS)
def one_voided_suit(view: View) -> Found:
    if len(view.suits) == 2:
        return whole(view, _VOIDED_DETAIL[3 - sum(view.suits)])  # the suits are 0, 1 and 2
    suits = len(view.suits)
    return Miss(build=lambda: f"needs exactly one of the three suits to be missing; this hand has {suits} "
                              f"suit{'s' if suits != 1 else ''}")


@check("no-honors", when=NO_HONORS)
def no_honors(view: View) -> Found:
    if not view.honors:
        return whole(view, "no winds or dragons")
    return Miss(build=lambda: f"needs no winds or dragons; this hand has {tile_list(view.honors)}")


@check("all-types", when=FIVE_KINDS)
def all_types(view: View) -> Found:
    kinds = {T.suit_index(t) for t in view.distinct}
    if len(kinds) == 5:
        return whole(view, "characters, dots, bamboo, a wind and a dragon")
    names = ("characters", "dots", "bamboo", "winds", "dragons")
    return Miss(build=lambda: "needs all five kinds; this hand has no " + " and no ".join(
        names[k] for k in range(5) if k not in kinds
    ))


@check("reversible-tiles", when=ONLY_REVERSIBLE)
def reversible_tiles(view: View) -> Found:
    if view.distinct <= REVERSIBLE_TILES:
        return whole(view, "every tile looks the same upside down")
    return Miss(build=lambda: (
        "needs only 1234589p, 245689s and the white dragon; this hand has "
        + tile_list(t for t in view.tiles if t not in REVERSIBLE_TILES)
    ))

