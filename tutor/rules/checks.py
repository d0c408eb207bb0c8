"""One check per fan, bound to its fan by `@check("slug", when=gate)`.

A check looks at one reading of the hand (a View, tutor.rules.reading) and answers with
    a non-empty list of Occurrence, one for each time the fan occurs (most fans occur once), or
    a Miss, which is false and says why the fan does not occur (a reason that costs time
    to write is built only if someone reads it).

Each check names a gate: a test that must hold for the fan to occur at all. The scorer
runs a check only when its gate holds, so most checks are never run on a hand. A gate
reads only one shape of the hand (WinShape, TileShape, MeldShape: how it was won, the kinds
of tile, the declared sets) or of the reading (ReadingShape: its form, how many chows and
pungs of each sort ...; set_patterns: the patterns its chows and its pungs make); many
hands share a shape, so the scorer asks the gates once per shape, and a gate can be as
exact as the shape allows at no cost per hand. A check whose gate fails is run later only
if someone asks why its fan is not counted, and then gives its reason.

Checks know nothing of the combination principles: they report what the tiles show.
Which occurrences survive non-repeat, account-once and the rest is decided in
tutor.rules.principles, in one place. When this module loads it checks that every fan of
the table has exactly one check, and every check a fan.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, pairwise
from operator import itemgetter
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.divisions import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Group,
)
from tutor.rules.fans import FAN_BY_SLUG, FANS, Fan
from tutor.rules.notation import format_tiles
from tutor.rules.reading import WHOLE_HAND, Found, Miss, Occurrence, View

GREEN_TILES = frozenset({T.tile(2, "s"), T.tile(3, "s"), T.tile(4, "s"), T.tile(6, "s"), T.tile(8, "s"), T.GREEN})
REVERSIBLE_TILES = frozenset(
    [T.tile(r, "p") for r in (1, 2, 3, 4, 5, 8, 9)] + [T.tile(r, "s") for r in (2, 4, 5, 6, 8, 9)] + [T.WHITE]
)
TERMINALS = frozenset(t for t in range(27) if t % 9 in (0, 8))
TERMINALS_OR_HONORS = TERMINALS | frozenset(T.HONORS)
EVEN_TILES = frozenset(t for t in range(27) if (t % 9 + 1) % 2 == 0)

SPECIAL_FORM_NAMES = {
    SEVEN_PAIRS: "seven pairs",
    THIRTEEN_ORPHANS: "thirteen orphans",
    HONORS_KNITTED: "honors and knitted tiles",
    KNITTED_STRAIGHT: "a knitted straight with a set and a pair",
    STANDARD: "four sets and a pair",
}


# ------------------------------------------------------------------ the registry


class Gate(NamedTuple):
    """A cheap test that must hold for a fan to occur. It reads one shape (see below): a
    few small facts of the hand or of the reading, so that the scorer can work out once
    per shape which checks to run."""

    test: Callable  # shape -> bool
    shape: Callable  # View -> the shape the test reads: one of HAND_SHAPES or READING_SHAPES

    def holds(self, view: View) -> bool:
        return self.test(self.shape(view))


class Check(NamedTuple):
    fan: Fan
    find: Callable[[View], Found]
    gate: Gate


CHECKS: dict[str, Check] = {}  # slug -> its check, in table order once the module has loaded

# Makes a NamedTuple from the tuple of its fields, in order: half the cost of calling the class,
# whose __new__ is a Python function; used for the records made for every hand or reading.
_record = tuple.__new__


def check(slug: str, when: Gate):
    """Bind the decorated function to the fan `slug` as its check, run when `when` holds."""

    def bind(find: Callable[[View], Found]) -> Callable[[View], Found]:
        if slug not in FAN_BY_SLUG:
            raise ValueError(f"@check('{slug}') on {find.__name__}: no fan has that slug")
        if slug in CHECKS:
            raise ValueError(f"@check('{slug}') on {find.__name__}: {CHECKS[slug].find.__name__} already checks it")
        CHECKS[slug] = Check(FAN_BY_SLUG[slug], find, when)
        return find

    return bind


# ------------------------------------------------------------------ the shapes the gates read
# Many hands share a shape, and a shape lets the same checks through; so the scorer asks the
# gates once per shape (tutor.rules.engine keeps the answers), and a gate may be as exact as
# the shape allows at no cost per hand. The shapes are small and apart (how the hand was won,
# its tiles, its declared sets; the sets of a reading, the patterns its chows and its pungs
# make) because a shape that held all of these would rarely recur, and a shape met for the
# first time costs every gate that reads it.


class WinShape(NamedTuple):
    """How the hand was won."""

    self_drawn: bool
    last_wall_tile: bool
    replacement_tile: bool
    robbing_kong: bool
    flowers: bool
    last_of_its_kind: bool  # the winning tile may be the last of its kind


def win_shape(view: View) -> WinShape:
    win = view.win
    return _record(WinShape, (
        view.self_drawn,
        view.last_wall_tile,
        view.replacement_tile,
        view.robbing_kong,
        view.flowers > 0,
        # A copy of the winning tile outside the concealed tiles is in a claimed set: the winning
        # tile is concealed, so a concealed kong of it would make five.
        view.last_tile or view.counts[win] > view.hand.concealed.count(win),
    ))  # in the order of the fields


class TileShape(NamedTuple):
    """The kinds of tile the hand holds."""

    suits: int  # how many of the three suits the hand holds
    honors: bool
    only_green: bool
    only_reversible: bool
    only_terminals: bool
    only_terminals_or_honors: bool
    no_terminals_or_honors: bool
    only_even_suit_tiles: bool
    rank_band: tuple[int, int] | None  # (lowest, highest) rank 0-8 of a hand of suit tiles within 6-9, 1-4 or 4-6
    four_alike_not_a_kong: bool


def tile_shape(view: View) -> TileShape:
    distinct = view.distinct
    return _record(TileShape, (
        len(view.suits),
        bool(view.honors),
        distinct <= GREEN_TILES,
        distinct <= REVERSIBLE_TILES,
        distinct <= TERMINALS,
        distinct <= TERMINALS_OR_HONORS,
        TERMINALS_OR_HONORS.isdisjoint(distinct),
        distinct <= EVEN_TILES,
        _rank_band_of(view),
        _four_alike_not_a_kong(view),
    ))  # in the order of the fields


def _four_alike_not_a_kong(view: View) -> bool:
    # Each kong is a tile held four times, so another such tile is four alike without a kong.
    return view.counts.count(4) > len(view.hand.kongs)


def _rank_band_of(view: View) -> tuple[int, int] | None:
    """Suit tiles only, all within 6-9, 1-4 or 4-6: their lowest and highest rank (0-8)."""
    distinct = view.distinct
    # Most hands hold tiles of no band: three subset tests (at C speed) tell them first.
    if distinct <= _LOWER_FOUR or distinct <= _UPPER_FOUR or distinct <= _MIDDLE_THREE:
        ranks = {t % 9 for t in distinct}
        return min(ranks), max(ranks)
    return None


_LOWER_FOUR = frozenset(t for t in range(27) if t % 9 <= 3)  # ranks 1-4 (0-3), in any suit
_UPPER_FOUR = frozenset(t for t in range(27) if t % 9 >= 5)  # ranks 6-9
_MIDDLE_THREE = frozenset(t for t in range(27) if 3 <= t % 9 <= 5)  # ranks 4-6


class MeldShape(NamedTuple):
    """The declared sets, and whether the hand was self-drawn (which the concealed-hand fans read with them)."""

    self_drawn: bool
    melds: int  # declared sets
    claimed_sets: int  # declared sets claimed from others (all but the concealed kongs)
    kongs: int
    concealed_kongs: int


def meld_shape(view: View) -> MeldShape:
    hand = view.hand
    kongs = hand.kongs
    return _record(MeldShape, (
        view.self_drawn,
        len(hand.melds),
        len(hand.open_melds),
        len(kongs),
        sum(1 for m in kongs if m.concealed) if kongs else 0,
    ))  # in the order of the fields


class ReadingShape(NamedTuple):
    """The sets of one reading: how many of each sort, its pair and the wait it scores."""

    form: str
    chows: int
    pungs: int  # pungs and kongs
    concealed_pungs: int
    wind_pungs: int
    dragon_pungs: int
    terminal_or_honor_pung: bool
    pair: str  # of the standard form: "five" (a 5), "end" (a terminal or honor), "other"; "" with no pair
    win_role: str | None


# ReadingShape.pair for a pair of each tile.
_PAIR_KINDS = tuple(
    "five" if t < 27 and t % 9 == 4 else "end" if T.is_terminal_or_honor(t) else "other" for t in range(34)
)


def reading_shape(view: View) -> ReadingShape:
    sets = view.sets
    pair = view.pair
    pungs = view.pungs
    return _record(ReadingShape, (
        view.form,
        len(view.chows),
        len(pungs),
        len(view.concealed_pungs),
        len(view.wind_pungs),
        len(view.dragon_pungs),
        bool(pungs) and not TERMINALS_OR_HONORS.isdisjoint([sets[i].tile for i in pungs]),
        _PAIR_KINDS[pair.tile] if pair is not None else "",
        view.win_role,
    ))  # in the order of the fields


def set_patterns(view: View) -> tuple[frozenset, frozenset]:
    """(kind, size, pattern) for each pattern asked of chows that some of the reading's chows
    make (see _makes), and the same for its suit pungs: two cached frozensets, so the pair
    hashes at once and recurs as often as the two do."""
    chows, pungs = _combinations(view)
    return chows[1], pungs[1]


HAND_SHAPES = (win_shape, tile_shape, meld_shape)  # shared by every reading of a hand
READING_SHAPES = (reading_shape, set_patterns)


def _win_gate(test: Callable[[WinShape], bool]) -> Gate:
    return Gate(test, win_shape)


def _tile_gate(test: Callable[[TileShape], bool]) -> Gate:
    return Gate(test, tile_shape)


def _meld_gate(test: Callable[[MeldShape], bool]) -> Gate:
    return Gate(test, meld_shape)


def _reading_gate(test: Callable[[ReadingShape], bool]) -> Gate:
    return Gate(test, reading_shape)


# ------------------------------------------------------------------ the gates
# Each is a necessary condition of the fans that name it (tests/test_properties.py runs every
# check on hands whose gates fail and finds none that occurs).

# the situation
SELF_DRAWN = _win_gate(lambda h: h.self_drawn)
LAST_TILE_DRAWN = _win_gate(lambda h: h.last_wall_tile and h.self_drawn)
LAST_TILE_CLAIMED = _win_gate(lambda h: h.last_wall_tile and not h.self_drawn)
REPLACEMENT_TILE = _win_gate(lambda h: h.replacement_tile)
ROBBING_KONG = _win_gate(lambda h: h.robbing_kong)
FLOWERS = _win_gate(lambda h: h.flowers)
LAST_OF_ITS_KIND = _win_gate(lambda h: h.last_of_its_kind)
NEVER = _win_gate(lambda h: False)  # decided by the scorer itself (Chicken Hand)
# the tiles
ONE_SUIT_ONLY = _tile_gate(lambda h: h.suits == 1 and not h.honors)
ONE_SUIT_AND_HONORS = _tile_gate(lambda h: h.suits == 1 and h.honors)
TWO_SUITS = _tile_gate(lambda h: h.suits == 2)
NO_SUITS = _tile_gate(lambda h: not h.suits)
NO_HONORS = _tile_gate(lambda h: not h.honors)
FIVE_KINDS = _tile_gate(lambda h: h.suits == 3 and h.honors)
ONLY_GREEN = _tile_gate(lambda h: h.only_green)
ONLY_REVERSIBLE = _tile_gate(lambda h: h.only_reversible)
ONLY_TERMINALS = _tile_gate(lambda h: h.only_terminals)
ONLY_TERMINALS_OR_HONORS = _tile_gate(lambda h: h.only_terminals_or_honors)
NO_TERMINALS_OR_HONORS = _tile_gate(lambda h: h.no_terminals_or_honors)
EVEN_SUIT_TILES_ONLY = _tile_gate(lambda h: h.only_even_suit_tiles)
FOUR_ALIKE_NOT_A_KONG = _tile_gate(lambda h: h.four_alike_not_a_kong)


def _ranks_within(low: int, high: int) -> Gate:
    """Suit tiles only, of ranks low..high (1-9)."""
    return _tile_gate(lambda h: h.rank_band is not None and low - 1 <= h.rank_band[0] and h.rank_band[1] <= high - 1)


# the declared sets
ONE_KONG = _meld_gate(lambda h: h.kongs == 1)
TWO_KONGS = _meld_gate(lambda h: h.kongs == 2)
THREE_KONGS = _meld_gate(lambda h: h.kongs == 3)
FOUR_KONGS = _meld_gate(lambda h: h.kongs == 4)
ONE_CONCEALED_KONG = _meld_gate(lambda h: h.concealed_kongs == 1)
TWO_CONCEALED_KONGS = _meld_gate(lambda h: h.concealed_kongs == 2)
NO_CLAIMED_SETS_ON_A_DISCARD = _meld_gate(lambda h: not h.claimed_sets and not h.self_drawn)
NO_CLAIMED_SETS_SELF_DRAWN = _meld_gate(lambda h: not h.claimed_sets and h.self_drawn)
FOUR_CLAIMED_SETS = _meld_gate(lambda h: h.claimed_sets == 4)
# the reading
SEVEN_PAIRS_FORM = _reading_gate(lambda r: r.form == SEVEN_PAIRS)
THIRTEEN_ORPHANS_FORM = _reading_gate(lambda r: r.form == THIRTEEN_ORPHANS)
HONORS_KNITTED_FORM = _reading_gate(lambda r: r.form == HONORS_KNITTED)
KNITTED_FORM = _reading_gate(lambda r: r.form in (KNITTED_STRAIGHT, HONORS_KNITTED))
FOUR_CHOWS_AND_A_PAIR_OF_FIVES = _reading_gate(lambda r: r.chows == 4 and r.pair == "five")
CHOWS_ONLY = _reading_gate(lambda r: r.chows == 4 or (r.form == KNITTED_STRAIGHT and r.chows > 0))
FOUR_PUNGS = _reading_gate(lambda r: r.pungs == 4)
TWO_CONCEALED_PUNGS = _reading_gate(lambda r: r.concealed_pungs >= 2)
THREE_CONCEALED_PUNGS = _reading_gate(lambda r: r.concealed_pungs >= 3)
FOUR_CONCEALED_PUNGS = _reading_gate(lambda r: r.concealed_pungs == 4)
TERMINAL_OR_HONOR_PUNG = _reading_gate(lambda r: r.terminal_or_honor_pung)
WIND_PUNG = _reading_gate(lambda r: r.wind_pungs > 0)
THREE_WIND_PUNGS = _reading_gate(lambda r: r.wind_pungs >= 3)
DRAGON_PUNG = _reading_gate(lambda r: r.dragon_pungs > 0)
TWO_DRAGON_PUNGS = _reading_gate(lambda r: r.dragon_pungs >= 2)
PAIR_OF_TERMINALS_OR_HONORS = _reading_gate(lambda r: r.form == STANDARD and r.pair == "end")
PAIR_OF_FIVES = _reading_gate(lambda r: r.form == STANDARD and r.pair == "five")
EDGE_WAIT = _reading_gate(lambda r: r.win_role == "edge")
CLOSED_WAIT = _reading_gate(lambda r: r.win_role == "closed")
SINGLE_WAIT = _reading_gate(lambda r: r.win_role == "single")


# (kind, size) -> the patterns that some gate asks `size` chows or pungs to make, filled in by
# _makes: only these are looked for, so a reading's combinations hold nothing that no fan reads.
_ASKED: dict[tuple[str, int], list[Callable]] = {}


def _makes(kind: str, size: int, pattern) -> Gate:
    """`size` of the reading's chows (kind "chow") or pungs ("pung") make `pattern`, one of
    the patterns of combinations below: exact, so a combination fan is checked only when it occurs."""
    key = (kind, size, pattern)
    asked = _ASKED.setdefault((kind, size), [])
    if pattern not in asked:
        asked.append(pattern)
    of_kind = 0 if kind == "chow" else 1
    return Gate(lambda patterns: key in patterns[of_kind], set_patterns)


# ------------------------------------------------------------------ helpers


@lru_cache(maxsize=512)  # at most 34 tiles x 4 kinds
def _holds_terminal_or_honor(kind: str, tile: int) -> bool:
    return any(T.is_terminal_or_honor(t) for t in Group(kind, tile).tiles)


@lru_cache(maxsize=512)  # at most 34 tiles x 4 kinds
def _holds_five(kind: str, tile: int) -> bool:
    return any(t < 27 and t % 9 == 4 for t in Group(kind, tile).tiles)


def whole(view: View, detail: str) -> list[Occurrence]:
    """One occurrence that covers the whole hand. It depends only on the words and the number of
    sets (its tiles are WHOLE_HAND), so each is made once and shared: an Occurrence never changes."""
    by_sets = _WHOLE.get(detail)
    if by_sets is None:
        by_sets = _WHOLE[detail] = tuple(Occurrence(WHOLE_HAND, detail, frozenset(range(n))) for n in range(5))
    return [by_sets[len(view.sets)]]


# The words of a whole-hand fan -> its occurrence in a reading of 0 to 4 sets. Bounded: the
# details of the whole-hand fans are few.
_WHOLE: dict[str, tuple[Occurrence, ...]] = {}


def _list(tiles) -> str:
    return format_tiles(sorted(set(tiles)))


def _needs_standard(view: View) -> Miss | None:
    if view.form != STANDARD:
        return Miss(f"needs four sets and a pair; this reading is {SPECIAL_FORM_NAMES[view.form]}")
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
    return Miss(build=lambda: f"needs {what}; this hand has {len(pungs)} such pungs" + (
        "" if has_pair else " and no such pair"
    ))


@check("big-four-winds", when=THREE_WIND_PUNGS)
def big_four_winds(view: View) -> Found:
    return _honor_pungs_fan(view, view.wind_pungs, 4, "pungs of all four winds")


@check("big-three-dragons", when=TWO_DRAGON_PUNGS)
def big_three_dragons(view: View) -> Found:
    return _honor_pungs_fan(view, view.dragon_pungs, 3, "pungs of all three dragons")


@check("little-four-winds", when=THREE_WIND_PUNGS)
def little_four_winds(view: View) -> Found:
    if len(view.wind_pungs) == 4:
        return Miss("needs exactly three wind pungs; with four it is Big Four Winds")
    return _honor_pungs_fan(view, view.wind_pungs, 3, "pungs of three winds and a pair of the fourth", T.is_wind)


@check("little-three-dragons", when=TWO_DRAGON_PUNGS)
def little_three_dragons(view: View) -> Found:
    if len(view.dragon_pungs) == 3:
        return Miss("needs exactly two dragon pungs; with three it is Big Three Dragons")
    return _honor_pungs_fan(view, view.dragon_pungs, 2, "pungs of two dragons and a pair of the third", T.is_dragon)


@check("big-three-winds", when=THREE_WIND_PUNGS)
def big_three_winds(view: View) -> Found:
    return _honor_pungs_fan(view, view.wind_pungs, 3, "pungs of three winds")


@check("two-dragon-pungs", when=TWO_DRAGON_PUNGS)
def two_dragon_pungs(view: View) -> Found:
    return _honor_pungs_fan(view, view.dragon_pungs, 2, "pungs of two dragons")


@check("dragon-pung", when=DRAGON_PUNG)
def dragon_pung(view: View) -> Found:
    dragons = view.dragon_pungs
    if dragons:
        return [
            Occurrence(view.sets[i].tiles, f"a pung of the {T.name(view.sets[i].tile)}", frozenset([i]))
            for i in dragons
        ]
    return Miss("needs a pung or kong of a dragon (C, F or P)")


def _wind_pung(view: View, wind: int, label: str):
    found = _pungs_of(view, (wind,))
    if found:
        i = found[0]
        return [Occurrence(view.sets[i].tiles, f"a pung of the {label}, {T.name(wind)}", frozenset([i]))]
    return Miss(f"needs a pung or kong of the {label}, {T.name(wind)} ({T.code(wind)})")


@check("prevalent-wind", when=WIND_PUNG)
def prevalent_wind(view: View) -> Found:
    return _wind_pung(view, view.prevalent_wind, "prevalent wind")


@check("seat-wind", when=WIND_PUNG)
def seat_wind(view: View) -> Found:
    return _wind_pung(view, view.seat_wind, "seat wind")


@check("all-honors", when=NO_SUITS)
def all_honors(view: View) -> Found:
    if not view.suits:
        return whole(view, "every tile is a wind or a dragon")
    return Miss(build=lambda: f"needs winds and dragons only; this hand has {_list(t for t in view.tiles if t < 27)}")


# ------------------------------------------------------------------ suits


@check("all-green", when=ONLY_GREEN)
def all_green(view: View) -> Found:
    if view.distinct <= GREEN_TILES:
        return whole(view, "every tile is green: 2, 3, 4, 6, 8 of bamboo and the green dragon")
    return Miss(build=lambda: (
        "needs only 23468s and the green dragon; this hand has "
        + _list(t for t in view.tiles if t not in GREEN_TILES)
    ))


@check("full-flush", when=ONE_SUIT_ONLY)
def full_flush(view: View) -> Found:
    if len(view.suits) == 1 and not view.honors:
        return whole(view, _FULL_FLUSH_DETAIL[next(iter(view.suits))])
    return Miss(build=lambda: _flush_miss(view, "one suit and no honors"))


@check("half-flush", when=ONE_SUIT_AND_HONORS)
def half_flush(view: View) -> Found:
    if len(view.suits) == 1 and view.honors:
        return whole(view, _HALF_FLUSH_DETAIL[next(iter(view.suits))])
    return Miss(build=lambda: _flush_miss(view, "one suit together with honors"))


# The words of the suit fans, by suit (0-2): written once, not for every hand.
_FULL_FLUSH_DETAIL = tuple(f"every tile is {T.SUIT_NAMES[suit]}" for suit in T.SUITS)
_HALF_FLUSH_DETAIL = tuple(f"{T.SUIT_NAMES[suit]} with winds or dragons" for suit in T.SUITS)
_VOIDED_DETAIL = tuple(f"no {T.SUIT_NAMES[suit]}" for suit in T.SUITS)  # by the suit missing


def _flush_miss(view: View, need: str) -> str:
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
    return Miss(build=lambda: f"needs no winds or dragons; this hand has {_list(view.honors)}")


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
        + _list(t for t in view.tiles if t not in REVERSIBLE_TILES)
    ))


# ------------------------------------------------------------------ terminals and ranks


@check("all-terminals", when=ONLY_TERMINALS)
def all_terminals(view: View) -> Found:
    if view.distinct <= TERMINALS:
        return whole(view, "every tile is a 1 or a 9")
    return Miss(build=lambda: "needs only 1s and 9s; this hand has " + _list(t for t in view.tiles if not T.is_terminal(t)))


@check("all-terminals-and-honors", when=ONLY_TERMINALS_OR_HONORS)
def all_terminals_and_honors(view: View) -> Found:
    if view.distinct <= TERMINALS_OR_HONORS:
        return whole(view, "every tile is a 1, a 9 or an honor")
    return Miss(build=lambda: "needs only 1s, 9s and honors; this hand has " + _list(
        t for t in view.tiles if not T.is_terminal_or_honor(t)
    ))


@check("all-simples", when=NO_TERMINALS_OR_HONORS)
def all_simples(view: View) -> Found:
    if not view.distinct & TERMINALS_OR_HONORS:
        return whole(view, "no 1s, 9s or honors")
    return Miss(build=lambda: "needs no terminals or honors; this hand has " + _list(
        t for t in view.tiles if not T.is_simple(t)
    ))


@check("outside-hand", when=PAIR_OF_TERMINALS_OR_HONORS)
def outside_hand(view: View) -> Found:
    miss = _needs_standard(view)
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
    miss = _needs_standard(view)
    if miss is not None:
        return miss
    without = [g for g in view.groups_with_pair if not _holds_five(g.kind, g.tile)]
    if not without:
        return whole(view, "every set and the pair hold a 5")
    return Miss(build=lambda: "needs a 5 in every set and the pair; " + ", ".join(format_tiles(g.tiles) for g in without) + (
        " has none" if len(without) == 1 else " have none"
    ))


@lru_cache(maxsize=16)  # five bands
def _rank_pool(low: int, high: int) -> frozenset[int]:
    return frozenset(t for t in range(27) if low <= t % 9 + 1 <= high)


def _rank_band(view: View, low: int, high: int, label: str):
    pool = _rank_pool(low, high)
    if view.distinct <= pool:
        return whole(view, f"every tile is a suit tile from {low} to {high}")
    return Miss(build=lambda: f"needs suit tiles from {low} to {high} only; this hand has {_list(view.distinct - pool)}")


@check("upper-tiles", when=_ranks_within(7, 9))
def upper_tiles(view: View) -> Found:
    return _rank_band(view, 7, 9, "upper")


@check("middle-tiles", when=_ranks_within(4, 6))
def middle_tiles(view: View) -> Found:
    return _rank_band(view, 4, 6, "middle")


@check("lower-tiles", when=_ranks_within(1, 3))
def lower_tiles(view: View) -> Found:
    return _rank_band(view, 1, 3, "lower")


@check("upper-four", when=_ranks_within(6, 9))
def upper_four(view: View) -> Found:
    return _rank_band(view, 6, 9, "upper four")


@check("lower-four", when=_ranks_within(1, 4))
def lower_four(view: View) -> Found:
    return _rank_band(view, 1, 4, "lower four")


# ------------------------------------------------------------------ whole-hand shapes


@check("all-pungs", when=FOUR_PUNGS)
def all_pungs(view: View) -> Found:
    miss = _needs_standard(view)
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
    miss = _needs_standard(view)
    if miss is not None:
        return miss
    if len(view.chows) == 4 and view.pair.tile < 27:
        return whole(view, "four chows and a pair of suit tiles")
    if len(view.chows) < 4:
        return Miss(build=lambda: f"needs four chows; this reading has {len(view.pungs)} pungs or kongs")
    return Miss("needs the pair to be suit tiles; this pair is an honor")


@check("all-even-pungs", when=EVEN_SUIT_TILES_ONLY)
def all_even_pungs(view: View) -> Found:
    miss = _needs_standard(view)
    if miss is not None:
        return miss
    even = lambda t: t < 27 and (t % 9 + 1) % 2 == 0
    if len(view.pungs) == 4 and all(even(g.tile) for g in view.groups_with_pair):
        return whole(view, "four pungs and a pair, all of 2, 4, 6 or 8")
    if len(view.pungs) < 4:
        return Miss(build=lambda: f"needs four pungs; this reading has {len(view.chows)} chows")
    return Miss(build=lambda: "needs only even suit tiles; this hand has " + _list(t for t in view.tiles if not even(t)))


# The gate reads the tiles only (the tile shape leaves out the declared sets); the check asks for a
# concealed hand, and most full flushes with declared sets stop there, at one shared Miss.
_NINE_GATES_CONCEALED = Miss("needs a concealed hand with no declared sets")


@check("nine-gates", when=ONE_SUIT_ONLY)
def nine_gates(view: View) -> Found:
    if view.hand.melds:
        return _NINE_GATES_CONCEALED
    if len(view.suits) != 1 or view.honors:
        return Miss(build=lambda: _flush_miss(view, "one suit and no honors"))
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
    miss = _needs_standard(view)
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
    miss = _needs_standard(view)
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


# ------------------------------------------------------------------ chow combinations


def _steps(values: tuple[int, ...]) -> set[int]:
    return {b - a for a, b in pairwise(values)}


class _Facts(NamedTuple):
    """A combination of sets, by the lowest tile of each chow (or the pung tile), sorted."""

    tiles: tuple[int, ...]
    ranks: tuple[int, ...]  # 0-based ranks, sorted
    one_suit: bool
    three_suits: bool


# The patterns that combinations of sets make. Each fan made of sets asks for one of them;
# which patterns a combination makes is worked out once per combination of tiles.


def _identical(sh: _Facts) -> bool:
    return sh.tiles[0] == sh.tiles[-1]


def _pure_shifted(sh: _Facts) -> bool:
    return sh.one_suit and _steps(sh.tiles) in ({1}, {2})


def _mixed_same(sh: _Facts) -> bool:
    return len(set(sh.ranks)) == 1 and (sh.three_suits or (len(sh.tiles) == 2 and not sh.one_suit))


def _mixed_shifted(sh: _Facts) -> bool:
    return sh.three_suits and _steps(sh.ranks) == {1}


def _pure_straight(sh: _Facts) -> bool:
    return sh.one_suit and sh.ranks == (0, 3, 6)


def _mixed_straight(sh: _Facts) -> bool:
    return sh.three_suits and sh.ranks == (0, 3, 6)


def _six_in_a_row(sh: _Facts) -> bool:
    return sh.one_suit and sh.tiles[1] - sh.tiles[0] == 3


def _terminal_chows(sh: _Facts) -> bool:
    return sh.one_suit and sh.ranks == (0, 6)


# Pungs: only suit pungs take part.


def _pungs_stepping(sh: _Facts) -> bool:
    return sh.tiles[-1] < 27 and sh.one_suit and _steps(sh.tiles) == {1}


def _pungs_mixed_shifted(sh: _Facts) -> bool:
    return sh.tiles[-1] < 27 and _mixed_shifted(sh)


def _pungs_mixed_same(sh: _Facts) -> bool:
    return sh.tiles[-1] < 27 and _mixed_same(sh)


def _suits_may_pattern(tiles: tuple[int, ...]) -> bool:
    """Could these sorted set tiles make an asked pattern, by their suits alone? Every pattern of
    three sets lies in one suit or spans all three, and every pattern of four lies in one suit
    (tests/test_checks.py holds this to _patterns); skipping the rest before _patterns keeps its
    cache to the few keys that can make something."""
    if len(tiles) == 2:
        return True
    low, high = tiles[0] // 9, tiles[-1] // 9
    return low == high or (len(tiles) == 3 and tiles[1] // 9 not in (low, high))


@lru_cache(maxsize=1 << 13)  # bounded; the combinations of two or three sets, which recur most, number a few thousand
def _patterns(kind: str, tiles: tuple[int, ...]) -> tuple[Callable, ...]:
    """The patterns asked of `kind` that these sorted set tiles make."""
    suits = {t // 9 for t in tiles}
    facts = _Facts(tiles, tuple(sorted(t % 9 for t in tiles)), len(suits) == 1, len(suits) == 3 and len(tiles) == 3)
    return tuple(pattern for pattern in _ASKED[kind, len(tiles)] if pattern(facts))


@lru_cache(maxsize=1 << 14)  # bounded; the choices of two or three sets, which recur most, number a few thousand
def _chosen_patterns(kind: str, chosen: tuple[int, ...]) -> tuple[Callable, ...]:
    """The patterns asked of `kind` that these set tiles make, in the order they were picked
    from a reading's sets (see _combination_index): kept that way, a choice met again costs
    one look-up, without sorting it first."""
    ordered = tuple(sorted(chosen))
    if (kind, len(ordered)) not in _ASKED or not _suits_may_pattern(ordered):
        return ()
    return _patterns(kind, ordered)


@lru_cache(maxsize=1 << 13)  # bounded; keyed by the tiles of a reading's chows (or pungs), a shape that recurs
def _combination_index(kind: str, tiles: tuple[int, ...]) -> tuple[dict, frozenset]:
    """For the chows (or pungs) of a reading, given by their tiles in index order:
    {(size, pattern): every choice of `size` of them that makes the pattern, as positions into
    `tiles`, in the order of itertools.combinations}, and the keys as (kind, size, pattern)."""
    index: dict[tuple[int, Callable], list[tuple[int, ...]]] = {}
    for size, positions, pick in _CHOICES[len(tiles)]:
        for pattern in _chosen_patterns(kind, pick(tiles)):
            index.setdefault((size, pattern), []).append(positions)
    return {key: tuple(found) for key, found in index.items()}, frozenset((kind, *key) for key in index)


# n sets -> (size, positions, a getter of the tiles at those positions) for every choice of two
# sets or more, by size, in the order of itertools.combinations.
_CHOICES = {
    n: tuple((size, positions, itemgetter(*positions)) for size in range(2, n + 1) for positions in combinations(range(n), size))
    for n in range(2, 5)
}


def _combinations(view: View) -> tuple[tuple[dict, frozenset, tuple[int, ...]], tuple[dict, frozenset, tuple[int, ...]]]:
    """The combination index of the reading's chows, then of its suit pungs (no pattern of pungs
    takes an honor), each with those sets as indices into View.sets (empty when there are
    fewer than two: no pattern is made of one set); worked out once per reading, and kept in
    View.scratch by kind ("chow", "pung")."""
    scratch = view.scratch
    found = scratch.get("chow")
    if found is not None:
        return found, scratch["pung"]
    sets = view.sets
    chows = view.chows
    if len(chows) > 1:
        scratch["chow"] = (*_combination_index("chow", _suits_in_order([sets[i].tile for i in chows])), tuple(chows))
    else:
        scratch["chow"] = _NO_SETS
    pungs = view.pungs
    if len(pungs) > 1 and len(pungs := [i for i in pungs if sets[i].tile < 27]) > 1:
        scratch["pung"] = (*_combination_index("pung", _suits_in_order([sets[i].tile for i in pungs])), tuple(pungs))
    else:
        scratch["pung"] = _NO_SETS
    return scratch["chow"], scratch["pung"]


def _suits_in_order(tiles: list[int]) -> tuple[int, ...]:
    """The same suit tiles, with the suits renamed in the order they first appear (123p 456s ->
    123m 456p). Every pattern reads only ranks and which sets share a suit, never which suit it
    is, so both give the same combination index; renamed, the readings whose chows (or pungs) differ only
    by suit share one cache entry (new entries per hand: 0.39 -> 0.27)."""
    renamed: dict[int, int] = {}
    return tuple([renamed.setdefault(t // 9, 9 * len(renamed)) + t % 9 for t in tiles])


_NO_SETS: tuple[dict, frozenset, tuple[int, ...]] = ({}, frozenset(), ())  # fewer than two chows (or suit pungs)


_MISSES: dict[str, Miss] = {}  # one Miss per sentence of the combination fans


@lru_cache(maxsize=1 << 10)  # bounded; a few sets of indices (0-3) times the details of the combination fans
def _sets_occurrence(sets: tuple[int, ...], detail: str) -> Occurrence:
    """The occurrence of a combination fan made of these sets (indices into View.sets): it
    depends on nothing else, so each is made once and shared (an Occurrence never changes)."""
    return Occurrence(None, f"{{sets}}: {detail}", frozenset(sets))


@lru_cache(maxsize=1 << 12)  # bounded; the choices that make a fan, by where a reading's sets stand and the fan's words
def _occurrences(found: tuple[tuple[int, ...], ...], indices: tuple[int, ...], detail: str) -> tuple[Occurrence, ...]:
    """The occurrences of a combination fan whose sets are chosen at these positions (see
    _combination_index) among the reading's chows or pungs, at these indices into View.sets."""
    return tuple([_sets_occurrence(tuple([indices[p] for p in positions]), detail) for positions in found])


def _combination_fan(view: View, kind: str, size: int, pattern, detail: str, need: str) -> Found:
    made = view.scratch.get(kind)  # set_patterns, the shape the gates of these fans read, has made it
    index, _, indices = made if made is not None else _combinations(view)[0 if kind == "chow" else 1]
    found = index.get((size, pattern))
    if found:
        return list(_occurrences(found, indices, detail))  # a list, as every check answers
    miss = _MISSES.get(need)
    if miss is None:
        miss = _MISSES[need] = Miss(need)
    return miss


@check("quadruple-chow", when=_makes("chow", 4, _identical))
def quadruple_chow(view: View) -> Found:
    return _combination_fan(view, "chow", 4, _identical, "four identical chows", "needs four identical chows")


@check("four-pure-shifted-chows", when=_makes("chow", 4, _pure_shifted))
def four_pure_shifted_chows(view: View) -> Found:
    return _combination_fan(
        view, "chow", 4, _pure_shifted,
        "four chows in one suit, each one or two higher than the last",
        "needs four chows in one suit stepping up by 1 or by 2",
    )


@check("pure-triple-chow", when=_makes("chow", 3, _identical))
def pure_triple_chow(view: View) -> Found:
    return _combination_fan(view, "chow", 3, _identical, "three identical chows", "needs three identical chows")


@check("pure-straight", when=_makes("chow", 3, _pure_straight))
def pure_straight(view: View) -> Found:
    return _combination_fan(
        view, "chow", 3, _pure_straight,
        "123 456 789 in one suit", "needs 123, 456 and 789 in one suit",
    )


@check("pure-shifted-chows", when=_makes("chow", 3, _pure_shifted))
def pure_shifted_chows(view: View) -> Found:
    return _combination_fan(
        view, "chow", 3, _pure_shifted,
        "three chows in one suit stepping up evenly", "needs three chows in one suit stepping up by 1 or by 2",
    )


@check("mixed-straight", when=_makes("chow", 3, _mixed_straight))
def mixed_straight(view: View) -> Found:
    return _combination_fan(
        view, "chow", 3, _mixed_straight,
        "123, 456 and 789 in three suits", "needs 123, 456 and 789, each in a different suit",
    )


@check("mixed-triple-chow", when=_makes("chow", 3, _mixed_same))
def mixed_triple_chow(view: View) -> Found:
    return _combination_fan(
        view, "chow", 3, _mixed_same, "the same chow in all three suits", "needs the same chow in all three suits"
    )


@check("mixed-shifted-chows", when=_makes("chow", 3, _mixed_shifted))
def mixed_shifted_chows(view: View) -> Found:
    return _combination_fan(
        view, "chow", 3, _mixed_shifted,
        "chows in three suits, each one higher", "needs three chows in three suits stepping up by 1",
    )


@check("pure-double-chow", when=_makes("chow", 2, _identical))
def pure_double_chow(view: View) -> Found:
    return _combination_fan(view, "chow", 2, _identical, "two identical chows", "needs two identical chows")


@check("mixed-double-chow", when=_makes("chow", 2, _mixed_same))
def mixed_double_chow(view: View) -> Found:
    return _combination_fan(
        view, "chow", 2, _mixed_same, "the same chow in two suits", "needs the same chow in two different suits"
    )


@check("short-straight", when=_makes("chow", 2, _six_in_a_row))
def short_straight(view: View) -> Found:
    return _combination_fan(
        view, "chow", 2, _six_in_a_row,
        "two chows in one suit making six in a row",
        "needs two chows in one suit that make six in a row, such as 123 and 456",
    )


@check("two-terminal-chows", when=_makes("chow", 2, _terminal_chows))
def two_terminal_chows(view: View) -> Found:
    return _combination_fan(
        view, "chow", 2, _terminal_chows,
        "123 and 789 in one suit", "needs 123 and 789 in the same suit",
    )


# ------------------------------------------------------------------ pung combinations
# Only suit pungs take part: the patterns _pungs_* leave out combinations with an honor.


@check("four-pure-shifted-pungs", when=_makes("pung", 4, _pungs_stepping))
def four_pure_shifted_pungs(view: View) -> Found:
    return _combination_fan(
        view, "pung", 4, _pungs_stepping,
        "four pungs in one suit, each one higher", "needs four pungs in one suit stepping up by 1",
    )


@check("pure-shifted-pungs", when=_makes("pung", 3, _pungs_stepping))
def pure_shifted_pungs(view: View) -> Found:
    return _combination_fan(
        view, "pung", 3, _pungs_stepping,
        "three pungs in one suit, each one higher", "needs three pungs in one suit stepping up by 1",
    )


@check("mixed-shifted-pungs", when=_makes("pung", 3, _pungs_mixed_shifted))
def mixed_shifted_pungs(view: View) -> Found:
    return _combination_fan(
        view, "pung", 3, _pungs_mixed_shifted,
        "pungs in three suits, each one higher", "needs three pungs in three suits stepping up by 1",
    )


@check("triple-pung", when=_makes("pung", 3, _pungs_mixed_same))
def triple_pung(view: View) -> Found:
    return _combination_fan(
        view, "pung", 3, _pungs_mixed_same,
        "the same number pung in all three suits", "needs pungs of the same number in all three suits",
    )


@check("double-pung", when=_makes("pung", 2, _pungs_mixed_same))
def double_pung(view: View) -> Found:
    return _combination_fan(
        view, "pung", 2, _pungs_mixed_same, "the same number pung in two suits", "needs pungs of the same number in two suits"
    )


# ------------------------------------------------------------------ pungs, kongs and concealment


@check("pung-of-terminals-or-honors", when=TERMINAL_OR_HONOR_PUNG)
def pung_of_terminals_or_honors(view: View) -> Found:
    sets = view.sets
    found = [_END_PUNGS[i, sets[i].kind, sets[i].tile] for i in view.pungs if sets[i].tile in TERMINALS_OR_HONORS]
    if found:
        return found
    return Miss("needs a pung or kong of 1s, 9s, winds or dragons")


# (set index, kind, tile) -> the occurrence of Pung of Terminals or Honors that set makes: it depends
# on nothing else, so each is made once and shared (an Occurrence never changes).
_END_PUNGS = {
    (i, kind, t): Occurrence(Group(kind, t).tiles, f"a pung of {T.name(t)}", frozenset([i]))
    for i in range(4) for kind in ("pung", "kong") for t in sorted(TERMINALS_OR_HONORS)
}


@lru_cache(maxsize=1 << 8)  # bounded; a few sets of indices (0-3) times three labels
def _concealed_pungs_occurrence(found: tuple[int, ...], label: str) -> Occurrence:
    """The occurrence of a concealed-pungs fan made of these sets: made once and shared."""
    return Occurrence(None, f"{label}: {{sets}}", frozenset(found))


def _concealed_pung_fan(view: View, least: int, label: str):
    found = view.concealed_pungs
    if len(found) >= least:
        return [_concealed_pungs_occurrence(tuple(found), label)]

    def reason() -> str:
        text = f"needs {least} concealed pungs or kongs; this reading has {len(found)}"
        by_discard = [i for i in view.pungs if not view.sets[i].open and i not in found]
        if by_discard:
            text += f" (the winning discard completed {view.show(by_discard)}, which then counts as melded)"
        return text

    return Miss(build=reason)


@check("four-concealed-pungs", when=FOUR_CONCEALED_PUNGS)
def four_concealed_pungs(view: View) -> Found:
    return _concealed_pung_fan(view, 4, "four concealed pungs")


@check("three-concealed-pungs", when=THREE_CONCEALED_PUNGS)
def three_concealed_pungs(view: View) -> Found:
    return _concealed_pung_fan(view, 3, "three concealed pungs")


@check("two-concealed-pungs", when=TWO_CONCEALED_PUNGS)
def two_concealed_pungs(view: View) -> Found:
    return _concealed_pung_fan(view, 2, "two concealed pungs")


def _kong_counts(view: View) -> tuple[int, int]:
    return view.melded_kongs, view.concealed_kongs


def _kong_occurrence(view: View, detail: str, concealed_only: bool = False) -> list[Occurrence]:
    idx = [i for i, g in enumerate(view.sets) if g.kind == "kong" and (not concealed_only or not g.open)]
    return [Occurrence(None, detail, frozenset(idx))]


@check("four-kongs", when=FOUR_KONGS)
def four_kongs(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded + concealed == 4:
        return _kong_occurrence(view, "four kongs")
    return Miss(build=lambda: f"needs four kongs; this hand has {melded + concealed}")


@check("three-kongs", when=THREE_KONGS)
def three_kongs(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded + concealed == 3:
        return _kong_occurrence(view, "three kongs")
    return Miss(build=lambda: f"needs three kongs; this hand has {melded + concealed}")


@check("two-melded-kongs", when=TWO_KONGS)
def two_melded_kongs(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded + concealed == 2 and melded >= 1:
        detail = "two melded kongs" if melded == 2 else "one melded and one concealed kong"
        return _kong_occurrence(view, detail)
    return Miss(build=lambda: f"needs two kongs, at least one melded; this hand has {melded} melded and {concealed} concealed")


@check("two-concealed-kongs", when=TWO_CONCEALED_KONGS)
def two_concealed_kongs(view: View) -> Found:
    _, concealed = _kong_counts(view)
    if concealed == 2:
        return _kong_occurrence(view, "two concealed kongs", concealed_only=True)
    return Miss(build=lambda: f"needs two concealed kongs; this hand has {concealed}")


@check("melded-kong", when=ONE_KONG)
def melded_kong(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    if melded == 1 and concealed == 0:
        return _kong_occurrence(view, "one melded kong")
    return Miss(build=lambda: f"needs exactly one kong, melded; this hand has {melded} melded and {concealed} concealed")


@check("concealed-kong", when=ONE_CONCEALED_KONG)
def concealed_kong(view: View) -> Found:
    melded, concealed = _kong_counts(view)
    # One melded plus one concealed kong is scored as a pair of kongs under Two Melded Kongs.
    if concealed == 1 and melded != 1:
        return _kong_occurrence(view, "one concealed kong", concealed_only=True)
    if concealed == 1:
        return Miss("one melded and one concealed kong are scored together under Two Melded Kongs")
    return Miss(build=lambda: f"needs one concealed kong; this hand has {concealed}")


@check("tile-hog", when=FOUR_ALIKE_NOT_A_KONG)
def tile_hog(view: View) -> Found:
    kong_tiles = {g.tile for g in view.kongs}
    counts = view.counts
    found = [_TILE_HOGS[t] for t in sorted(view.distinct) if counts[t] == 4 and t not in kong_tiles]
    if found:
        return found
    return Miss("needs all four copies of a tile used in sets or pairs, not as a kong")


_TILE_HOGS = tuple(Occurrence((t,) * 4, f"all four {T.name(t)} without a kong") for t in range(34))  # one per tile, shared


@check("concealed-hand", when=NO_CLAIMED_SETS_ON_A_DISCARD)
def concealed_hand(view: View) -> Found:
    if view.open_melds:
        return Miss("needs no claimed sets; this hand has melded sets")
    if view.self_drawn:
        return Miss("needs a win on a discard (a self-drawn concealed hand scores Fully Concealed Hand)")
    return whole(view, "no claimed sets, won on a discard")


@check("fully-concealed-hand", when=NO_CLAIMED_SETS_SELF_DRAWN)
def fully_concealed_hand(view: View) -> Found:
    if view.open_melds:
        return Miss("needs no claimed sets; this hand has melded sets")
    if not view.self_drawn:
        return Miss("needs a self-drawn winning tile")
    return whole(view, "no claimed sets and a self-drawn winning tile")


@check("melded-hand", when=FOUR_CLAIMED_SETS)
def melded_hand(view: View) -> Found:
    open_sets = view.open_melds
    if len(open_sets) == 4 and not view.self_drawn and len(view.hand.concealed) == 2:
        return whole(view, "four claimed sets and a pair completed by a discard")
    if view.self_drawn:
        return Miss("needs the pair completed by a discarded tile; this hand was self-drawn")
    return Miss(build=lambda: f"needs four claimed sets; this hand has {len(open_sets)}")


# ------------------------------------------------------------------ waits


def _wait_miss(view: View) -> str | None:
    if not view.only_wait:
        return (
            "only counts when the winning tile was the only tile that could complete the hand; "
            f"it waited on {_list(view.waits)}"
        )
    return None


def _wait_fan(view: View, role: str, label: str):
    # When the winning tile fits several roles the reading follows edge, then closed, then single.
    chosen = view.win_role
    if chosen != role:
        # Not this wait; the reasons are built only if someone asks (the waits cost time).
        def reason() -> str:
            miss = _wait_miss(view)
            if miss:
                return miss
            if chosen:
                return f"the winning tile {T.code(view.win)} reads as {'an' if chosen == 'edge' else 'a'} {chosen} wait here"
            return f"the winning tile {T.code(view.win)} does not complete a concealed chow or the pair this way"

        return Miss(build=reason)
    if not view.only_wait:
        return Miss(build=lambda: _wait_miss(view))  # the reason lists the waits: written only if read
    return [_wait_occurrence(view.win, label)]


@lru_cache(maxsize=1 << 7)  # bounded: 34 tiles times three waits
def _wait_occurrence(win: int, label: str) -> Occurrence:
    return _won_on(win, f"won on {T.code(win)}, {label}")


@check("edge-wait", when=EDGE_WAIT)
def edge_wait(view: View) -> Found:
    return _wait_fan(view, "edge", "the 3 of a 12 or the 7 of an 89")


@check("closed-wait", when=CLOSED_WAIT)
def closed_wait(view: View) -> Found:
    return _wait_fan(view, "closed", "the middle tile of a chow")


@check("single-wait", when=SINGLE_WAIT)
def single_wait(view: View) -> Found:
    return _wait_fan(view, "single", "completing the pair")


# ------------------------------------------------------------------ how the hand was won


@lru_cache(maxsize=1 << 9)  # bounded: 34 tiles times the words of the fans of the winning tile
def _won_on(win: int, detail: str) -> Occurrence:
    """The occurrence of a fan of the winning tile alone: it depends on the tile and the words
    only, so each is made once and shared (an Occurrence never changes)."""
    return Occurrence((win,), detail)


@check("self-drawn", when=SELF_DRAWN)
def self_drawn(view: View) -> Found:
    if view.self_drawn:
        return [_won_on(view.win, "won on a tile drawn from the wall")]
    return Miss("needs a winning tile drawn from the wall; this one was a discard")


@check("last-tile-draw", when=LAST_TILE_DRAWN)
def last_tile_draw(view: View) -> Found:
    if view.last_wall_tile and view.self_drawn:
        return [_won_on(view.win, "won on the last tile of the wall")]
    return Miss("needs a self-drawn win on the last tile of the wall")


@check("last-tile-claim", when=LAST_TILE_CLAIMED)
def last_tile_claim(view: View) -> Found:
    if view.last_wall_tile and not view.self_drawn:
        return [_won_on(view.win, "won on the discard after the wall's last tile")]
    return Miss("needs a win on the discard made after the wall's last tile was drawn")


@check("out-with-replacement-tile", when=REPLACEMENT_TILE)
def out_with_replacement_tile(view: View) -> Found:
    if view.replacement_tile:
        return [_won_on(view.win, "won on the replacement tile drawn for a kong")]
    return Miss("needs a win on the replacement tile drawn after a kong")


@check("robbing-the-kong", when=ROBBING_KONG)
def robbing_the_kong(view: View) -> Found:
    if view.robbing_kong:
        return [_won_on(view.win, "won on the tile another player added to a melded pung")]
    return Miss("needs a win on a tile another player adds to a melded pung to make a kong")


@check("last-tile", when=LAST_OF_ITS_KIND)
def last_tile(view: View) -> Found:
    shown_in_own_melds = sum(g.tiles.count(view.win) for g in view.open_melds)
    if view.last_tile or shown_in_own_melds == 3:
        return [Occurrence((view.win,), f"the other three {T.name(view.win)} were already shown")]
    return Miss("needs the other three copies of the winning tile to be already shown on the table")


_FLOWER = Occurrence((), "a flower or season tile")  # one per flower, all alike, so one shared


@check("flower-tiles", when=FLOWERS)
def flower_tiles(view: View) -> Found:
    if view.flowers:
        return [_FLOWER] * view.flowers
    return Miss("needs flower or season tiles")


@check("chicken-hand", when=NEVER)
def chicken_hand(view: View) -> Found:
    # Decided in the engine after every other fan: it scores only when nothing else does.
    return Miss("scores only when no other fan (flowers aside) applies")


# ------------------------------------------------------------------ one check per fan


def _check_the_registry() -> None:
    missing = [row.slug for row in FANS if row.slug not in CHECKS]
    if missing or len(CHECKS) != len(FANS):
        raise ValueError(f"every fan needs exactly one @check; none for: {', '.join(missing)}")
    ordered = {row.slug: CHECKS[row.slug] for row in FANS}
    CHECKS.clear()
    CHECKS.update(ordered)


_check_the_registry()
