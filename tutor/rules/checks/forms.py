"""The checks of the fans of a whole form: all pungs or all chows, Nine Gates, the terminal chows,
seven pairs, thirteen orphans and the knitted hands."""

from __future__ import annotations

from tutor.rules import tiles as T
from tutor.rules.checks.found import needs_standard, tile_list, whole
from tutor.rules.checks.gates import (
    CHOWS_ONLY,
    EVEN_SUIT_TILES_ONLY,
    FOUR_CHOWS_AND_A_PAIR_OF_FIVES,
    FOUR_PUNGS,
    HONORS_KNITTED_FORM,
    KNITTED_FORM,
    ONE_SUIT_ONLY,
    SEVEN_PAIRS_FORM,
    THIRTEEN_ORPHANS_FORM,
    check,
)
from tutor.rules.checks.suits import flush_miss
from tutor.rules.divisions import HONORS_KNITTED, KNITTED_STRAIGHT, SEVEN_PAIRS, THIRTEEN_ORPHANS
from tutor.rules.notation import format_tiles
from tutor.rules.reading import Found, Miss, Occurrence, View


@check("all-pungs", when=FOUR_PUNGS)
def all_pungs(view: View) -> Found:
    miss = needs_standard(view)
    if miss is not None:
        return miss
    if len(view.pungs) == 4:
        return whole(view, "four pungs or kongs and a pair")
    return Miss(build=lambda: f"needs four pungs or kongs; this reading has {len(view.chows)} chows")


@check("all-chows", when=CHOWS_ONLY)
def all_chows(view: View) -> Found:
    if view.form == KNITTED_STRAIGHT:
        # The knitted straight stands in for three chows.
        if view.chows and view.pair.tile < 27:
            return whole(view, "a knitted straight, a chow and a pair of suit tiles")
        return Miss("needs the set beside the knitted straight to be a chow and the pair to be suit tiles")
    miss = needs_standard(view)
    if miss is not None:
        return miss
    if len(view.chows) == 4 and view.pair.tile < 27:
        return whole(view, "four chows and a pair of suit tiles")
    if len(view.chows) < 4:
        return Miss(build=lambda: f"needs four chows; this reading has {len(view.pungs)} pungs or kongs")
    return Miss("needs the pair to be suit tiles; this pair is an honor")


@check("all-even-pungs", when=EVEN_SUIT_TILES_ONLY)
def all_even_pungs(view: View) -> Found:
    miss = needs_standard(view)
    if miss is not None:
        return miss
    even = lambda t: t < 27 and (t % 9 + 1) % 2 == 0
    if len(view.pungs) == 4 and all(even(g.tile) for g in view.groups_with_pair):
        return whole(view, "four pungs and a pair, all of 2, 4, 6 or 8")
    if len(view.pungs) < 4:
        return Miss(build=lambda: f"needs four pungs; this reading has {len(view.chows)} chows")
    return Miss(build=lambda: "needs only even suit tiles; this hand has " + tile_list(t for t in view.tiles if not even(t)))


# The gate reads the tiles only (the tile shape leaves out the declared sets); the check asks for a
# concealed hand, and most full flushes with declared sets stop there, at one shared Miss.
_NINE_GATES_CONCEALED = Miss("needs a concealed hand with no declared sets")


@check("nine-gates", when=ONE_SUIT_ONLY)
def nine_gates(view: View) -> Found:
    if view.hand.melds:
        return _NINE_GATES_CONCEALED
    if len(view.suits) != 1 or view.honors:
        return Miss(build=lambda: flush_miss(view, "one suit and no honors"))
    suit = next(iter(view.suits))
    # With no declared sets every tile is concealed: the suit's nine slots of the hand's counts
    # are the concealed tiles' ranks, a slice at C speed rather than a loop over the fourteen.
    counts = list(view.counts[9 * suit:9 * suit + 9])
    counts[view.win % 9] -= 1
    if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return whole(view, f"1112345678999 in {T.SUIT_NAMES[T.SUITS[suit]]} waiting on any tile of the suit")
    return Miss("needs 1112345678999 of one suit before the winning tile")


@check("pure-terminal-chows", when=FOUR_CHOWS_AND_A_PAIR_OF_FIVES)
def pure_terminal_chows(view: View) -> Found:
    miss = needs_standard(view)
    if miss is not None:
        return miss
    chows = sorted(view.sets[i].tile for i in view.chows)
    if len(chows) == 4 and len(view.suits) == 1 and not view.honors:
        low = chows[0]
        if chows == [low, low, low + 6, low + 6] and low % 9 == 0 and view.pair.tile == low + 4:
            return whole(view, "two 123 and two 789 chows of one suit with a pair of 5s")
    return Miss("needs 123 123 789 789 and a pair of 5s, all in one suit")


@check("three-suited-terminal-chows", when=FOUR_CHOWS_AND_A_PAIR_OF_FIVES)
def three_suited_terminal_chows(view: View) -> Found:
    miss = needs_standard(view)
    if miss is not None:
        return miss
    chows = sorted(view.sets[i].tile for i in view.chows)
    pair = view.pair.tile
    if len(chows) == 4 and pair < 27 and pair % 9 == 4:
        suits = sorted({t // 9 for t in chows})
        expected = sorted([s * 9 + d for s in suits for d in (0, 6)])
        if len(suits) == 2 and chows == expected and pair // 9 not in suits:
            return whole(view, "123 and 789 in two suits with a pair of 5s in the third")
    return Miss("needs 123 and 789 chows in two suits and a pair of 5s in the third suit")


@check("seven-pairs", when=SEVEN_PAIRS_FORM)
def seven_pairs(view: View) -> Found:
    if view.form == SEVEN_PAIRS:
        return whole(view, "seven pairs")
    return Miss("needs seven pairs in a concealed hand")


@check("seven-shifted-pairs", when=SEVEN_PAIRS_FORM)
def seven_shifted_pairs(view: View) -> Found:
    if view.form == SEVEN_PAIRS:
        pairs = view.division.pairs
        first = pairs[0]
        if first < 27 and list(pairs) == list(range(first, first + 7)) and first % 9 <= 2:
            return whole(view, "seven pairs in a row in one suit")
        return Miss("needs the seven pairs to run in sequence in one suit")
    return Miss("needs seven pairs in a row in one suit")


@check("thirteen-orphans", when=THIRTEEN_ORPHANS_FORM)
def thirteen_orphans(view: View) -> Found:
    if view.form == THIRTEEN_ORPHANS:
        return whole(view, "one of each 1, 9 and honor, with one of them paired")
    return Miss("needs one of each terminal and honor plus a duplicate, concealed")


@check("greater-honors-and-knitted-tiles", when=HONORS_KNITTED_FORM)
def greater_honors_and_knitted_tiles(view: View) -> Found:
    if view.form == HONORS_KNITTED and len(view.honors) == 7:
        return whole(view, "all seven honors with seven knitted suit tiles")
    return Miss("needs all seven honors and seven suit tiles from one knitted pattern, all different")


@check("lesser-honors-and-knitted-tiles", when=HONORS_KNITTED_FORM)
def lesser_honors_and_knitted_tiles(view: View) -> Found:
    if view.form == HONORS_KNITTED:
        return whole(view, "fourteen different honors and knitted suit tiles")
    return Miss("needs fourteen different tiles: honors and suit tiles from one 147/258/369 knitted pattern")


@check("knitted-straight", when=KNITTED_FORM)
def knitted_straight(view: View) -> Found:
    pattern = view.division.knitted
    if view.form == KNITTED_STRAIGHT or (
        view.form == HONORS_KNITTED and sum(1 for t in view.distinct if t < 27) == 9
    ):
        suited = tuple(t for t in pattern if t < 27)
        return [Occurrence(suited, f"the knitted straight {format_tiles(suited)}")]
    return Miss("needs 147, 258 and 369 spread over the three suits")

