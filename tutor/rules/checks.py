"""One check per fan, named after the fan's slug (big-four-winds -> big_four_winds).

A check looks at one reading of the hand (a View) and returns either
    a list of Occurrence, one for each time the fan occurs (most fans occur once), or
    a reason it does not occur: a str, or a zero-argument callable that builds the str
    (so that reasons nobody asks for cost nothing to skip).

Checks know nothing of the combination principles: they report what the tiles show.
Which occurrences survive non-repeat, account-once and the rest is decided in
tutor.rules.engine, in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.divisions import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Division,
    Group,
    only_wait,
    waiting_tiles,
)
from tutor.rules.notation import Hand, format_tiles

GREEN_TILES = frozenset({T.tile(2, "s"), T.tile(3, "s"), T.tile(4, "s"), T.tile(6, "s"), T.tile(8, "s"), T.GREEN})
REVERSIBLE_TILES = frozenset(
    [T.tile(r, "p") for r in (1, 2, 3, 4, 5, 8, 9)] + [T.tile(r, "s") for r in (2, 4, 5, 6, 8, 9)] + [T.WHITE]
)
TERMINALS = frozenset(t for t in range(27) if t % 9 in (0, 8))
TERMINALS_OR_HONORS = TERMINALS | frozenset(T.HONORS)


@cache
def _holds_terminal_or_honor(kind: str, tile: int) -> bool:
    return any(T.is_terminal_or_honor(t) for t in Group(kind, tile).tiles)


@cache
def _holds_five(kind: str, tile: int) -> bool:
    return any(t < 27 and t % 9 == 4 for t in Group(kind, tile).tiles)


SPECIAL_FORM_NAMES = {
    SEVEN_PAIRS: "seven pairs",
    THIRTEEN_ORPHANS: "thirteen orphans",
    HONORS_KNITTED: "honors and knitted tiles",
    KNITTED_STRAIGHT: "a knitted straight with a set and a pair",
    STANDARD: "four sets and a pair",
}


class Occurrence(NamedTuple):
    """One occurrence of a fan: the tiles that make it, the sets it uses, in words."""

    tiles: tuple[int, ...]
    detail: str
    sets: frozenset[int] = frozenset()  # indices into View.sets


@dataclass
class View:
    """One division of a hand, with the situation, and facts every check needs."""

    hand: Hand
    division: Division
    win: int
    self_drawn: bool
    seat_wind: int
    prevalent_wind: int
    flowers: int
    last_tile: bool
    last_wall_tile: bool
    replacement_tile: bool
    robbing_kong: bool
    edition: str

    def __post_init__(self) -> None:
        facts = _hand_facts(self.hand)
        self.tiles, self.distinct, self.suits, self.honors, self.counts = facts
        self.sets = self.division.sets
        self.pair = self.division.pair
        self.form = self.division.form
        self.chows = [i for i, g in enumerate(self.sets) if g.kind == "chow"]
        self.pungs = [i for i, g in enumerate(self.sets) if g.kind in ("pung", "kong")]
        self.all_sets = frozenset(range(len(self.sets)))
        self.groups_with_pair = list(self.sets) + ([self.pair] if self.pair is not None else [])
        self.open_melds = [g for g in self.sets if g.open and g.declared]
        self.kongs = [g for g in self.sets if g.kind == "kong"]
        self.concealed_kongs = sum(1 for g in self.kongs if not g.open)
        self.melded_kongs = len(self.kongs) - self.concealed_kongs
        pung_tiles = [self.sets[i].tile for i in self.pungs]
        self.wind_pungs = [i for i, t in zip(self.pungs, pung_tiles) if 27 <= t <= 30]
        self.dragon_pungs = [i for i, t in zip(self.pungs, pung_tiles) if t >= 31]
        self.concealed_pungs = [i for i in self.pungs if not self.sets[i].open and not self._won_by_discard(i)]
        self._combos: dict[tuple[str, int], list] = {}

    @property
    def waits(self) -> tuple[int, ...]:
        """The tiles the hand waited on before the winning tile (worked out only when asked)."""
        return waiting_tiles(self.hand, self.win)

    def combos(self, kind: str, size: int) -> list[Shape]:
        """Every choice of `size` chows (or pungs) as a Shape; worked out once per reading."""
        key = (kind, size)
        if key not in self._combos:
            indices = self.chows if kind == "chow" else self.pungs
            start = [g.tile for g in self.sets]
            self._combos[key] = [
                _shape(group, tuple(sorted([start[i] for i in group]))) for group in combinations(indices, size)
            ]
        return self._combos[key]

    def _won_by_discard(self, index: int) -> bool:
        """Did the winning discard complete this concealed pung (making it count as melded)?

        When the winning tile could equally have completed a concealed chow or the pair,
        the player reads it that way and the pung stays concealed.
        """
        group = self.sets[index]
        if self.self_drawn or group.declared or group.tile != self.win:
            return False
        for g in self.sets:
            if g.kind == "chow" and not g.declared and g.tile <= self.win <= g.tile + 2:
                return False
        if self.pair is not None and self.pair.tile == self.win:
            return False
        return True

    def set_tiles(self, indices) -> tuple[int, ...]:
        out: list[int] = []
        for i in sorted(indices):
            out.extend(self.sets[i].tiles)
        return tuple(out)

    def show(self, indices) -> str:
        return " ".join(_group_text(self.sets[i].kind, self.sets[i].tile) for i in sorted(indices))



@lru_cache(maxsize=256)  # only the readings of the hand being scored share it
def _hand_facts(hand: Hand):
    """Facts about the tiles that every reading of one hand shares."""
    tiles = hand.all_tiles
    distinct = frozenset(tiles)
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tiles, distinct, {t // 9 for t in distinct if t < 27}, [t for t in distinct if t >= 27], counts


@cache
def _group_text(kind: str, tile: int) -> str:
    return format_tiles(Group(kind, tile).tiles)


def whole(view: View, detail: str) -> list[Occurrence]:
    """One occurrence that covers the whole hand."""
    return [Occurrence(view.tiles, detail, view.all_sets)]


def _list(tiles) -> str:
    return format_tiles(sorted(set(tiles)))


def _needs_standard(view: View) -> str | None:
    if view.form != STANDARD:
        return f"needs four sets and a pair; this reading is {SPECIAL_FORM_NAMES[view.form]}"
    return None


def _pungs_of(view: View, tiles) -> list[int]:
    return [i for i in view.pungs if view.sets[i].tile in tiles]


# ------------------------------------------------------------------ honors


def _honor_pungs_fan(view: View, pungs: list[int], least: int, what: str, pair_of=None):
    """Pungs of winds or dragons, at least `least` of them (and, for the 'little' fans,
    the pair of the one missing). `what` names them: 'pungs of three winds'."""
    has_pair = pair_of is None or (view.pair is not None and pair_of(view.pair.tile))
    if len(pungs) >= least and has_pair:
        tiles = view.set_tiles(pungs) + (view.pair.tiles if pair_of else ())
        return [Occurrence(tiles, what, frozenset(pungs))]
    return lambda: f"needs {what}; this hand has {len(pungs)} such pungs" + (
        "" if has_pair else " and no such pair"
    )


def big_four_winds(view: View):
    return _honor_pungs_fan(view, view.wind_pungs, 4, "pungs of all four winds")


def big_three_dragons(view: View):
    return _honor_pungs_fan(view, view.dragon_pungs, 3, "pungs of all three dragons")


def little_four_winds(view: View):
    if len(view.wind_pungs) == 4:
        return "needs exactly three wind pungs; with four it is Big Four Winds"
    return _honor_pungs_fan(view, view.wind_pungs, 3, "pungs of three winds and a pair of the fourth", T.is_wind)


def little_three_dragons(view: View):
    if len(view.dragon_pungs) == 3:
        return "needs exactly two dragon pungs; with three it is Big Three Dragons"
    return _honor_pungs_fan(view, view.dragon_pungs, 2, "pungs of two dragons and a pair of the third", T.is_dragon)


def big_three_winds(view: View):
    return _honor_pungs_fan(view, view.wind_pungs, 3, "pungs of three winds")


def two_dragon_pungs(view: View):
    return _honor_pungs_fan(view, view.dragon_pungs, 2, "pungs of two dragons")


def dragon_pung(view: View):
    dragons = view.dragon_pungs
    if dragons:
        return [
            Occurrence(view.sets[i].tiles, f"a pung of the {T.name(view.sets[i].tile)}", frozenset([i]))
            for i in dragons
        ]
    return "needs a pung or kong of a dragon (C, F or P)"


def _wind_pung(view: View, wind: int, label: str):
    found = _pungs_of(view, (wind,))
    if found:
        i = found[0]
        return [Occurrence(view.sets[i].tiles, f"a pung of the {label}, {T.name(wind)}", frozenset([i]))]
    return f"needs a pung or kong of the {label}, {T.name(wind)} ({T.code(wind)})"


def prevalent_wind(view: View):
    return _wind_pung(view, view.prevalent_wind, "prevalent wind")


def seat_wind(view: View):
    return _wind_pung(view, view.seat_wind, "seat wind")


def all_honors(view: View):
    if not view.suits:
        return whole(view, "every tile is a wind or a dragon")
    return lambda: f"needs winds and dragons only; this hand has {_list(t for t in view.tiles if t < 27)}"


# ------------------------------------------------------------------ suits


def all_green(view: View):
    if view.distinct <= GREEN_TILES:
        return whole(view, "every tile is green: 2, 3, 4, 6, 8 of bamboo and the green dragon")
    return lambda: (
        "needs only 23468s and the green dragon; this hand has "
        + _list(t for t in view.tiles if t not in GREEN_TILES)
    )


def full_flush(view: View):
    if len(view.suits) == 1 and not view.honors:
        return whole(view, f"every tile is {T.SUIT_NAMES[T.SUITS[next(iter(view.suits))]]}")
    return lambda: _flush_miss(view, "one suit and no honors")


def half_flush(view: View):
    if len(view.suits) == 1 and view.honors:
        suit = T.SUIT_NAMES[T.SUITS[next(iter(view.suits))]]
        return whole(view, f"{suit} with winds or dragons")
    return lambda: _flush_miss(view, "one suit together with honors")


def _flush_miss(view: View, need: str) -> str:
    names = ", ".join(T.SUIT_NAMES[T.SUITS[s]] for s in sorted(view.suits)) or "no suit"
    honors = " and honors" if view.honors else " and no honors"
    return f"needs {need}; this hand has {names}{honors}"


def one_voided_suit(view: View):
    if len(view.suits) == 2:
        missing = next(s for s in range(3) if s not in view.suits)
        return whole(view, f"no {T.SUIT_NAMES[T.SUITS[missing]]}")
    suits = len(view.suits)
    return lambda: f"needs exactly one of the three suits to be missing; this hand has {suits} suit{'s' if suits != 1 else ''}"


def no_honors(view: View):
    if not view.honors:
        return whole(view, "no winds or dragons")
    return lambda: f"needs no winds or dragons; this hand has {_list(view.honors)}"


def all_types(view: View):
    kinds = {T.suit_index(t) for t in view.distinct}
    if len(kinds) == 5:
        return whole(view, "characters, dots, bamboo, a wind and a dragon")
    names = ("characters", "dots", "bamboo", "winds", "dragons")
    return lambda: "needs all five kinds; this hand has no " + " and no ".join(
        names[k] for k in range(5) if k not in kinds
    )


def reversible_tiles(view: View):
    if view.distinct <= REVERSIBLE_TILES:
        return whole(view, "every tile looks the same upside down")
    return lambda: (
        "needs only 1234589p, 245689s and the white dragon; this hand has "
        + _list(t for t in view.tiles if t not in REVERSIBLE_TILES)
    )


# ------------------------------------------------------------------ terminals and ranks


def all_terminals(view: View):
    if view.distinct <= TERMINALS:
        return whole(view, "every tile is a 1 or a 9")
    return lambda: "needs only 1s and 9s; this hand has " + _list(t for t in view.tiles if not T.is_terminal(t))


def all_terminals_and_honors(view: View):
    if view.distinct <= TERMINALS_OR_HONORS:
        return whole(view, "every tile is a 1, a 9 or an honor")
    return lambda: "needs only 1s, 9s and honors; this hand has " + _list(
        t for t in view.tiles if not T.is_terminal_or_honor(t)
    )


def all_simples(view: View):
    if not view.distinct & TERMINALS_OR_HONORS:
        return whole(view, "no 1s, 9s or honors")
    return lambda: "needs no terminals or honors; this hand has " + _list(
        t for t in view.tiles if not T.is_simple(t)
    )


def outside_hand(view: View):
    miss = _needs_standard(view)
    if miss:
        return miss
    without = [g for g in view.groups_with_pair if not _holds_terminal_or_honor(g.kind, g.tile)]
    if not without:
        return whole(view, "every set and the pair hold a 1, a 9 or an honor")
    return lambda: "needs a terminal or honor in every set and the pair; " + ", ".join(
        format_tiles(g.tiles) for g in without
    ) + (" has none" if len(without) == 1 else " have none")


def all_fives(view: View):
    miss = _needs_standard(view)
    if miss:
        return miss
    without = [g for g in view.groups_with_pair if not _holds_five(g.kind, g.tile)]
    if not without:
        return whole(view, "every set and the pair hold a 5")
    return lambda: "needs a 5 in every set and the pair; " + ", ".join(format_tiles(g.tiles) for g in without) + (
        " has none" if len(without) == 1 else " have none"
    )


@cache
def _rank_pool(low: int, high: int) -> frozenset[int]:
    return frozenset(t for t in range(27) if low <= t % 9 + 1 <= high)


def _rank_band(view: View, low: int, high: int, label: str):
    pool = _rank_pool(low, high)
    if view.distinct <= pool:
        return whole(view, f"every tile is a suit tile from {low} to {high}")
    return lambda: f"needs suit tiles from {low} to {high} only; this hand has {_list(view.distinct - pool)}"


def upper_tiles(view: View):
    return _rank_band(view, 7, 9, "upper")


def middle_tiles(view: View):
    return _rank_band(view, 4, 6, "middle")


def lower_tiles(view: View):
    return _rank_band(view, 1, 3, "lower")


def upper_four(view: View):
    return _rank_band(view, 6, 9, "upper four")


def lower_four(view: View):
    return _rank_band(view, 1, 4, "lower four")


# ------------------------------------------------------------------ whole-hand shapes


def all_pungs(view: View):
    miss = _needs_standard(view)
    if miss:
        return miss
    if len(view.pungs) == 4:
        return whole(view, "four pungs or kongs and a pair")
    return lambda: f"needs four pungs or kongs; this reading has {len(view.chows)} chows"


def all_chows(view: View):
    if view.form == KNITTED_STRAIGHT:
        # The knitted straight stands in for three chows.
        if view.chows and view.pair.tile < 27:
            return whole(view, "a knitted straight, a chow and a pair of suit tiles")
        return "needs the set beside the knitted straight to be a chow and the pair to be suit tiles"
    miss = _needs_standard(view)
    if miss:
        return miss
    if len(view.chows) == 4 and view.pair.tile < 27:
        return whole(view, "four chows and a pair of suit tiles")
    if len(view.chows) < 4:
        return lambda: f"needs four chows; this reading has {len(view.pungs)} pungs or kongs"
    return "needs the pair to be suit tiles; this pair is an honor"


def all_even_pungs(view: View):
    miss = _needs_standard(view)
    if miss:
        return miss
    even = lambda t: t < 27 and (t % 9 + 1) % 2 == 0  # noqa: E731
    if len(view.pungs) == 4 and all(even(g.tile) for g in view.groups_with_pair):
        return whole(view, "four pungs and a pair, all of 2, 4, 6 or 8")
    if len(view.pungs) < 4:
        return lambda: f"needs four pungs; this reading has {len(view.chows)} chows"
    return lambda: "needs only even suit tiles; this hand has " + _list(t for t in view.tiles if not even(t))


def nine_gates(view: View):
    if view.hand.melds:
        return "needs a concealed hand with no declared sets"
    if len(view.suits) != 1 or view.honors:
        return lambda: _flush_miss(view, "one suit and no honors")
    suit = next(iter(view.suits))
    counts = [0] * 9
    for t in view.hand.concealed:
        counts[t % 9] += 1
    counts[view.win % 9] -= 1
    if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return whole(view, f"1112345678999 in {T.SUIT_NAMES[T.SUITS[suit]]} waiting on any tile of the suit")
    return "needs 1112345678999 of one suit before the winning tile"


def pure_terminal_chows(view: View):
    miss = _needs_standard(view)
    if miss:
        return miss
    chows = sorted(view.sets[i].tile for i in view.chows)
    if len(chows) == 4 and len(view.suits) == 1 and not view.honors:
        low = chows[0]
        if chows == [low, low, low + 6, low + 6] and low % 9 == 0 and view.pair.tile == low + 4:
            return whole(view, "two 123 and two 789 chows of one suit with a pair of 5s")
    return "needs 123 123 789 789 and a pair of 5s, all in one suit"


def three_suited_terminal_chows(view: View):
    miss = _needs_standard(view)
    if miss:
        return miss
    chows = sorted(view.sets[i].tile for i in view.chows)
    pair = view.pair.tile
    if len(chows) == 4 and pair < 27 and pair % 9 == 4:
        suits = sorted({t // 9 for t in chows})
        expected = sorted([s * 9 + d for s in suits for d in (0, 6)])
        if len(suits) == 2 and chows == expected and pair // 9 not in suits:
            return whole(view, "123 and 789 in two suits with a pair of 5s in the third")
    return "needs 123 and 789 chows in two suits and a pair of 5s in the third suit"


def seven_pairs(view: View):
    if view.form == SEVEN_PAIRS:
        return whole(view, "seven pairs")
    return "needs seven pairs in a concealed hand"


def seven_shifted_pairs(view: View):
    if view.form == SEVEN_PAIRS:
        pairs = view.division.pairs
        first = pairs[0]
        if first < 27 and list(pairs) == list(range(first, first + 7)) and first % 9 <= 2:
            return whole(view, "seven pairs in a row in one suit")
        return "needs the seven pairs to run in sequence in one suit"
    return "needs seven pairs in a row in one suit"


def thirteen_orphans(view: View):
    if view.form == THIRTEEN_ORPHANS:
        return whole(view, "one of each 1, 9 and honor, with one of them paired")
    return "needs one of each terminal and honor plus a duplicate, concealed"


def greater_honors_and_knitted_tiles(view: View):
    if view.form == HONORS_KNITTED and len(view.honors) == 7:
        return whole(view, "all seven honors with seven knitted suit tiles")
    return "needs all seven honors and seven suit tiles from one knitted pattern, all different"


def lesser_honors_and_knitted_tiles(view: View):
    if view.form == HONORS_KNITTED:
        return whole(view, "fourteen different honors and knitted suit tiles")
    return "needs fourteen different tiles: honors and suit tiles from one 147/258/369 knitted pattern"


def knitted_straight(view: View):
    pattern = view.division.knitted
    if view.form == KNITTED_STRAIGHT or (
        view.form == HONORS_KNITTED and sum(1 for t in view.distinct if t < 27) == 9
    ):
        suited = tuple(t for t in pattern if t < 27)
        return [Occurrence(suited, f"the knitted straight {format_tiles(suited)}")]
    return "needs 147, 258 and 369 spread over the three suits"


# ------------------------------------------------------------------ chow combinations
#
# Each combination of sets is described once per reading as a Shape: the sets' tiles
# sorted, whether they share one suit or spread over three, and their ranks. The tests
# below are then plain comparisons.


class Shape(NamedTuple):
    group: tuple[int, ...]  # indices into View.sets
    tiles: tuple[int, ...]  # the lowest tile of each chow (or the pung tile), sorted
    ranks: tuple[int, ...]  # 0-based ranks, sorted
    one_suit: bool
    three_suits: bool


def _shape(group: tuple[int, ...], tiles: tuple[int, ...]) -> Shape:
    return Shape(group, tiles, *_shape_facts(tiles))


@lru_cache(maxsize=1 << 12)  # bounded, so a long-running worker levels off; 4096 hold nearly every repeat
def _shape_facts(tiles: tuple[int, ...]) -> tuple[tuple[int, ...], bool, bool]:
    """Ranks, one suit?, three suits? for sorted tiles; the same few thousand tuples recur."""
    suits = {t // 9 for t in tiles}
    return tuple(sorted(t % 9 for t in tiles)), len(suits) == 1, len(suits) == 3 and len(tiles) == 3


def _steps(values: tuple[int, ...]) -> set[int]:
    return {b - a for a, b in zip(values, values[1:])}


def _combination_fan(view: View, kind: str, size: int, test, detail: str, need: str):
    if len(view.chows if kind == "chow" else view.pungs) < size:
        return need
    found = [
        Occurrence(view.set_tiles(shape.group), f"{view.show(shape.group)}: {detail}", frozenset(shape.group))
        for shape in view.combos(kind, size)
        if test(shape)
    ]
    return found or need


def _identical(shape: Shape) -> bool:
    return shape.tiles[0] == shape.tiles[-1]


def _pure_shifted(shape: Shape) -> bool:
    return shape.one_suit and _steps(shape.tiles) in ({1}, {2})


def _mixed_same(shape: Shape) -> bool:
    return len(set(shape.ranks)) == 1 and (shape.three_suits or (len(shape.tiles) == 2 and not shape.one_suit))


def _mixed_shifted(shape: Shape) -> bool:
    return shape.three_suits and _steps(shape.ranks) == {1}


def quadruple_chow(view: View):
    return _combination_fan(view, "chow", 4, _identical, "four identical chows", "needs four identical chows")


def four_pure_shifted_chows(view: View):
    return _combination_fan(
        view, "chow", 4, _pure_shifted,
        "four chows in one suit, each one or two higher than the last",
        "needs four chows in one suit stepping up by 1 or by 2",
    )


def pure_triple_chow(view: View):
    return _combination_fan(view, "chow", 3, _identical, "three identical chows", "needs three identical chows")


def pure_straight(view: View):
    return _combination_fan(
        view, "chow", 3, lambda sh: sh.one_suit and sh.ranks == (0, 3, 6),
        "123 456 789 in one suit", "needs 123, 456 and 789 in one suit",
    )


def pure_shifted_chows(view: View):
    return _combination_fan(
        view, "chow", 3, _pure_shifted,
        "three chows in one suit stepping up evenly", "needs three chows in one suit stepping up by 1 or by 2",
    )


def mixed_straight(view: View):
    return _combination_fan(
        view, "chow", 3, lambda sh: sh.three_suits and sh.ranks == (0, 3, 6),
        "123, 456 and 789 in three suits", "needs 123, 456 and 789, each in a different suit",
    )


def mixed_triple_chow(view: View):
    return _combination_fan(
        view, "chow", 3, _mixed_same, "the same chow in all three suits", "needs the same chow in all three suits"
    )


def mixed_shifted_chows(view: View):
    return _combination_fan(
        view, "chow", 3, _mixed_shifted,
        "chows in three suits, each one higher", "needs three chows in three suits stepping up by 1",
    )


def pure_double_chow(view: View):
    return _combination_fan(view, "chow", 2, _identical, "two identical chows", "needs two identical chows")


def mixed_double_chow(view: View):
    return _combination_fan(
        view, "chow", 2, _mixed_same, "the same chow in two suits", "needs the same chow in two different suits"
    )


def short_straight(view: View):
    return _combination_fan(
        view, "chow", 2, lambda sh: sh.one_suit and sh.tiles[1] - sh.tiles[0] == 3,
        "two chows in one suit making six in a row",
        "needs two chows in one suit that make six in a row, such as 123 and 456",
    )


def two_terminal_chows(view: View):
    return _combination_fan(
        view, "chow", 2, lambda sh: sh.one_suit and sh.ranks == (0, 6),
        "123 and 789 in one suit", "needs 123 and 789 in the same suit",
    )


# ------------------------------------------------------------------ pung combinations
# Only suit pungs take part: shapes with an honor are left out by _suit_pungs.


def _suit_pung_fan(view: View, size: int, test, detail: str, need: str):
    return _combination_fan(view, "pung", size, lambda sh: sh.tiles[-1] < 27 and test(sh), detail, need)


def four_pure_shifted_pungs(view: View):
    return _suit_pung_fan(
        view, 4, lambda sh: sh.one_suit and _steps(sh.tiles) == {1},
        "four pungs in one suit, each one higher", "needs four pungs in one suit stepping up by 1",
    )


def pure_shifted_pungs(view: View):
    return _suit_pung_fan(
        view, 3, lambda sh: sh.one_suit and _steps(sh.tiles) == {1},
        "three pungs in one suit, each one higher", "needs three pungs in one suit stepping up by 1",
    )


def mixed_shifted_pungs(view: View):
    return _suit_pung_fan(
        view, 3, _mixed_shifted,
        "pungs in three suits, each one higher", "needs three pungs in three suits stepping up by 1",
    )


def triple_pung(view: View):
    return _suit_pung_fan(
        view, 3, _mixed_same,
        "the same number pung in all three suits", "needs pungs of the same number in all three suits",
    )


def double_pung(view: View):
    return _suit_pung_fan(
        view, 2, _mixed_same, "the same number pung in two suits", "needs pungs of the same number in two suits"
    )


# ------------------------------------------------------------------ pungs, kongs and concealment


def pung_of_terminals_or_honors(view: View):
    found = [i for i in view.pungs if T.is_terminal_or_honor(view.sets[i].tile)]
    if found:
        return [
            Occurrence(view.sets[i].tiles, f"a pung of {T.name(view.sets[i].tile)}", frozenset([i])) for i in found
        ]
    return "needs a pung or kong of 1s, 9s, winds or dragons"


def _concealed_pung_fan(view: View, least: int, label: str):
    found = view.concealed_pungs
    if len(found) >= least:
        return [Occurrence(view.set_tiles(found), f"{label}: {view.show(found)}", frozenset(found))]

    def reason() -> str:
        text = f"needs {least} concealed pungs or kongs; this reading has {len(found)}"
        by_discard = [i for i in view.pungs if not view.sets[i].open and i not in found]
        if by_discard:
            text += f" (the winning discard completed {view.show(by_discard)}, which then counts as melded)"
        return text

    return reason


def four_concealed_pungs(view: View):
    return _concealed_pung_fan(view, 4, "four concealed pungs")


def three_concealed_pungs(view: View):
    return _concealed_pung_fan(view, 3, "three concealed pungs")


def two_concealed_pungs(view: View):
    return _concealed_pung_fan(view, 2, "two concealed pungs")


def _kong_counts(view: View) -> tuple[int, int]:
    return view.melded_kongs, view.concealed_kongs


def _kong_occurrence(view: View, detail: str, concealed_only: bool = False) -> list[Occurrence]:
    idx = [i for i, g in enumerate(view.sets) if g.kind == "kong" and (not concealed_only or not g.open)]
    return [Occurrence(view.set_tiles(idx), detail, frozenset(idx))]


def four_kongs(view: View):
    melded, concealed = _kong_counts(view)
    if melded + concealed == 4:
        return _kong_occurrence(view, "four kongs")
    return lambda: f"needs four kongs; this hand has {melded + concealed}"


def three_kongs(view: View):
    melded, concealed = _kong_counts(view)
    if melded + concealed == 3:
        return _kong_occurrence(view, "three kongs")
    return lambda: f"needs three kongs; this hand has {melded + concealed}"


def two_melded_kongs(view: View):
    melded, concealed = _kong_counts(view)
    if melded + concealed == 2 and melded >= 1:
        detail = "two melded kongs" if melded == 2 else "one melded and one concealed kong"
        return _kong_occurrence(view, detail)
    return lambda: f"needs two kongs, at least one melded; this hand has {melded} melded and {concealed} concealed"


def two_concealed_kongs(view: View):
    melded, concealed = _kong_counts(view)
    if concealed == 2:
        return _kong_occurrence(view, "two concealed kongs", concealed_only=True)
    return lambda: f"needs two concealed kongs; this hand has {concealed}"


def melded_kong(view: View):
    melded, concealed = _kong_counts(view)
    if melded == 1 and concealed == 0:
        return _kong_occurrence(view, "one melded kong")
    return lambda: f"needs exactly one kong, melded; this hand has {melded} melded and {concealed} concealed"


def concealed_kong(view: View):
    melded, concealed = _kong_counts(view)
    # One melded plus one concealed kong is scored as a pair of kongs under Two Melded Kongs.
    if concealed == 1 and melded != 1:
        return _kong_occurrence(view, "one concealed kong", concealed_only=True)
    if concealed == 1:
        return "one melded and one concealed kong are scored together under Two Melded Kongs"
    return lambda: f"needs one concealed kong; this hand has {concealed}"


def tile_hog(view: View):
    kong_tiles = {g.tile for g in view.kongs}
    counts = view.counts
    found = [t for t in range(34) if counts[t] == 4 and t not in kong_tiles]
    if found:
        return [Occurrence((t,) * 4, f"all four {T.name(t)} without a kong") for t in found]
    return "needs all four copies of a tile used in sets or pairs, not as a kong"


def concealed_hand(view: View):
    if view.open_melds:
        return "needs no claimed sets; this hand has melded sets"
    if view.self_drawn:
        return "needs a win on a discard (a self-drawn concealed hand scores Fully Concealed Hand)"
    return whole(view, "no claimed sets, won on a discard")


def fully_concealed_hand(view: View):
    if view.open_melds:
        return "needs no claimed sets; this hand has melded sets"
    if not view.self_drawn:
        return "needs a self-drawn winning tile"
    return whole(view, "no claimed sets and a self-drawn winning tile")


def melded_hand(view: View):
    open_sets = view.open_melds
    if len(open_sets) == 4 and not view.self_drawn and len(view.hand.concealed) == 2:
        return whole(view, "four claimed sets and a pair completed by a discard")
    if view.self_drawn:
        return "needs the pair completed by a discarded tile; this hand was self-drawn"
    return lambda: f"needs four claimed sets; this hand has {len(open_sets)}"


# ------------------------------------------------------------------ waits


def _wait_miss(view: View) -> str | None:
    if not only_wait(view.hand, view.win):
        return f"only counts when the winning tile was the only tile that could complete the hand; it waited on {_list(view.waits)}"
    return None


def _win_roles(view: View) -> set[str]:
    """What the winning tile could be in this reading: 'edge', 'closed' or 'single'."""
    roles: set[str] = set()
    win = view.win
    for g in view.sets:
        if g.kind != "chow" or g.declared:
            continue
        if win == g.tile + 1:
            roles.add("closed")
        elif (win == g.tile + 2 and g.tile % 9 == 0) or (win == g.tile and g.tile % 9 == 6):
            roles.add("edge")
    if view.pair is not None and view.pair.tile == win:
        roles.add("single")
    return roles


def _wait_fan(view: View, role: str, label: str):
    roles = _win_roles(view)
    # When the winning tile fits several roles the reading follows edge, then closed, then single.
    chosen = next((r for r in ("edge", "closed", "single") if r in roles), None)
    if chosen != role:
        # Not this wait; the reasons are built only if someone asks (the waits cost time).
        def reason() -> str:
            miss = _wait_miss(view)
            if miss:
                return miss
            if chosen:
                return f"the winning tile {T.code(view.win)} reads as {'an' if chosen == 'edge' else 'a'} {chosen} wait here"
            return f"the winning tile {T.code(view.win)} does not complete a concealed chow or the pair this way"

        return reason
    miss = _wait_miss(view)
    if miss:
        return miss
    return [Occurrence((view.win,), f"won on {T.code(view.win)}, {label}")]


def edge_wait(view: View):
    return _wait_fan(view, "edge", "the 3 of a 12 or the 7 of an 89")


def closed_wait(view: View):
    return _wait_fan(view, "closed", "the middle tile of a chow")


def single_wait(view: View):
    return _wait_fan(view, "single", "completing the pair")


# ------------------------------------------------------------------ how the hand was won


def self_drawn(view: View):
    if view.self_drawn:
        return [Occurrence((view.win,), "won on a tile drawn from the wall")]
    return "needs a winning tile drawn from the wall; this one was a discard"


def last_tile_draw(view: View):
    if view.last_wall_tile and view.self_drawn:
        return [Occurrence((view.win,), "won on the last tile of the wall")]
    return "needs a self-drawn win on the last tile of the wall"


def last_tile_claim(view: View):
    if view.last_wall_tile and not view.self_drawn:
        return [Occurrence((view.win,), "won on the discard after the wall's last tile")]
    return "needs a win on the discard made after the wall's last tile was drawn"


def out_with_replacement_tile(view: View):
    if view.replacement_tile:
        return [Occurrence((view.win,), "won on the replacement tile drawn for a kong")]
    return "needs a win on the replacement tile drawn after a kong"


def robbing_the_kong(view: View):
    if view.robbing_kong:
        return [Occurrence((view.win,), "won on the tile another player added to a melded pung")]
    return "needs a win on a tile another player adds to a melded pung to make a kong"


def last_tile(view: View):
    shown_in_own_melds = sum(g.tiles.count(view.win) for g in view.open_melds)
    if view.last_tile or shown_in_own_melds == 3:
        return [Occurrence((view.win,), f"the other three {T.name(view.win)} were already shown")]
    return "needs the other three copies of the winning tile to be already shown on the table"


def flower_tiles(view: View):
    if view.flowers:
        return [Occurrence((), "a flower or season tile") for _ in range(view.flowers)]
    return "needs flower or season tiles"


def chicken_hand(view: View):
    # Decided in the engine after every other fan: it scores only when nothing else does.
    return "scores only when no other fan (flowers aside) applies"
