"""Which checks run for a hand: the registry of checks, the shapes the gates read, and the gates.

A check is bound to its fan by `@check("slug", when=gate)` (or `check("slug", when=gate)(find)`
for the checks made from a table row). Its gate is a test that must hold for the fan to occur
at all; the scorer runs a check only when its gate holds, so most checks are never run on a
hand. A gate reads only one shape of the hand (WinShape, TileShape, MeldShape: how it was won,
the kinds of tile, the declared sets) or of the reading (ReadingShape: its form, how many
chows and pungs of each sort ...; set_patterns: the patterns its chows and its pungs make,
tutor.rules.checks.combinations); many hands share a shape, so the scorer asks the gates once
per shape, and a gate can be as exact as the shape allows at no cost per hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.checks.combinations import ask, set_patterns
from tutor.rules.divisions import HONORS_KNITTED, KNITTED_STRAIGHT, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from tutor.rules.fans import FAN_BY_SLUG, Fan
from tutor.rules.reading import Found, View

GREEN_TILES = frozenset({T.tile(2, "s"), T.tile(3, "s"), T.tile(4, "s"), T.tile(6, "s"), T.tile(8, "s"), T.GREEN})
REVERSIBLE_TILES = frozenset(
    [T.tile(r, "p") for r in (1, 2, 3, 4, 5, 8, 9)] + [T.tile(r, "s") for r in (2, 4, 5, 6, 8, 9)] + [T.WHITE]
)
TERMINALS = frozenset(t for t in range(27) if t % 9 in (0, 8))
TERMINALS_OR_HONORS = TERMINALS | frozenset(T.HONORS)
EVEN_TILES = frozenset(t for t in range(27) if (t % 9 + 1) % 2 == 0)


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


def ranks_within(low: int, high: int) -> Gate:
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


def makes(kind: str, size: int, pattern) -> Gate:
    """`size` of the reading's chows (kind "chow") or pungs ("pung") make `pattern`, one of the
    patterns of tutor.rules.checks.combinations: exact, so a combination fan is checked only
    when it occurs. Asking for it here is what makes the combination index look for it."""
    key = ask(kind, size, pattern)
    of_kind = 0 if kind == "chow" else 1
    return Gate(lambda patterns: key in patterns[of_kind], set_patterns)
