"""Ways to read a winning hand: every division into four sets and a pair, and the special forms.

A Division is one reading of the hand. The scorer counts fans on each division and
keeps the best one, because MCR lets the player read the tiles in whichever way
scores most (the non-separation principle: one reading at a time, never a mix).

Forms:
    standard          four sets and a pair (the declared sets included)
    seven_pairs       seven pairs, concealed (four alike count as two pairs)
    thirteen_orphans  one of each terminal and honor plus a duplicate
    honors_knitted    fourteen different tiles from one knitted pattern and the honors
    knitted_straight  the nine tiles of 147/258/369 in three suits, plus a set and a pair

The special forms are recognised here and only here, from the concealed tile counts
(`seven_pairs`, `thirteen_orphans`, `honors_knitted`, `knitted_straight_rest`); the fast
winning test and the waits (tutor.rules.waits) ask the same functions.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from operator import itemgetter
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.notation import Hand, format_tiles

STANDARD = "standard"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONORS_KNITTED = "honors_knitted"
KNITTED_STRAIGHT = "knitted_straight"

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26) + T.HONORS
_TERMINALS_AND_HONORS = frozenset(TERMINALS_AND_HONORS)

# The six ways to spread 147, 258 and 369 over the three suits.
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(suit * 9 + start + step for suit, start in zip(range(3), starts) for step in (0, 3, 6)))
    for starts in permutations((0, 1, 2))
)
KNITTED_SETS = tuple(frozenset(p) for p in KNITTED_PATTERNS)


class Group(NamedTuple):
    """A set or pair in a division.

    open:     claimed from another player (a melded chow, pung or kong). A pung that the
              winning discard completes is open too, for the concealed-pung fans.
    declared: shown on the table (melded sets and concealed kongs)
    """

    kind: str  # "chow", "pung", "kong" or "pair"
    tile: int
    open: bool = False
    declared: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        return GROUP_TILES[self.kind, self.tile]

    @property
    def concealed_kong(self) -> bool:
        return self.kind == "kong" and self.declared and not self.open

    def __str__(self) -> str:
        body = group_text(self.kind, self.tile)
        if self.concealed_kong:
            return "{" + body + "}"
        return f"[{body}]" if self.open and self.declared else body


class Division(NamedTuple):
    """One reading of a hand."""

    form: str
    sets: tuple[Group, ...] = ()  # chows, pungs and kongs (standard and knitted straight)
    pair: Group | None = None
    pairs: tuple[int, ...] = ()  # seven pairs: the tile of each pair
    knitted: tuple[int, ...] = ()  # the knitted tiles (knitted straight, honors and knitted)

    def describe(self) -> list[str]:
        """The sets and pair as notation, for the explanation of the chosen reading."""
        parts = list(map(GROUP_NOTATION.__getitem__, self.sets))  # str(g) of each, looked up
        if self.pair is not None:
            parts.append(GROUP_NOTATION[self.pair])
        if self.pairs:
            parts.extend(format_tiles((t, t)) for t in self.pairs)
        if self.knitted:
            parts.insert(0, format_tiles(self.knitted))
        return parts


# The tiles and the notation of every set and pair there is (a few hundred), made once:
# the scorer asks for them many times per hand.
GROUP_TILES: dict[tuple[str, int], tuple[int, ...]] = {
    **{("chow", t): (t, t + 1, t + 2) for t in range(27) if t % 9 <= 6},
    **{(kind, t): (t,) * size for kind, size in (("pair", 2), ("pung", 3), ("kong", 4)) for t in range(34)},
}
GROUP_TEXT = {key: format_tiles(tiles) for key, tiles in GROUP_TILES.items()}


def group_text(kind: str, tile: int) -> str:
    """A set's tiles in notation, without brackets: '123m', 'EEE'."""
    return GROUP_TEXT[kind, tile]


# Every set and pair a division can hold (any kind, tile, open and declared) -> its tiles, its tiles
# in notation, and str() of it (brackets for a declared set), keyed by the Group itself: the scorer
# and every answer ask them of each set, and a lookup saves taking (kind, tile) out of the Group.
_EVERY_GROUP = [Group(kind, tile, is_open, declared)
                for kind, tile in GROUP_TILES for is_open in (False, True) for declared in (False, True)]
SET_TILES = {group: GROUP_TILES[group.kind, group.tile] for group in _EVERY_GROUP}
SET_TEXT = {group: GROUP_TEXT[group.kind, group.tile] for group in _EVERY_GROUP}
GROUP_NOTATION = {group: str(group) for group in _EVERY_GROUP}


def declared_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple([_DECLARED[m.kind, m.tile, m.concealed] for m in hand.melds])


_record = tuple.__new__  # a NamedTuple from the tuple of its fields (see standard_divisions)
_PAIRS = tuple(Group("pair", t) for t in range(34))  # one per tile, shared by every division (a Group never changes)
_GROUPS = {(kind, t): Group(kind, t) for kind, t in GROUP_TILES if kind in ("chow", "pung")}  # the concealed sets, shared
# Every declared set there is, by (kind, tile, concealed): melded sets, and the concealed kongs.
_DECLARED = {
    (kind, t, concealed): Group(kind, t, not concealed, True)
    for kind, t in GROUP_TILES if kind != "pair" for concealed in (False, True)
}


def concealed_counts(hand: Hand) -> list[int]:
    counts = [0] * 34
    for t in hand.concealed:
        counts[t] += 1
    return counts


# ---------------------------------------------------------------- standard form
#
# Chows never cross suits, so the concealed sets of a hand are the sets of each suit (and of
# the honors) put side by side: each suit is split on its own, and the splits of one suit
# shape recur across hands, so they are kept (a bounded cache).


@lru_cache(maxsize=1 << 12)  # bounded, so a long-running worker levels off; a miss costs a few µs
def _rank_set_splits(ranks: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to split one suit's nine rank counts into chows and pungs, as (kind, rank 0-8)
    in search order: the lowest rank first, a pung of it before a chow from it. Keyed by the
    ranks alone, so the three suits share their entries."""
    counts = list(ranks)
    out: list[tuple[tuple[str, int], ...]] = []

    def search(i: int, taken: tuple[tuple[str, int], ...]) -> None:
        while i < 9 and counts[i] == 0:
            i += 1
        if i == 9:
            out.append(taken)
            return
        if counts[i] >= 3:
            counts[i] -= 3
            search(i, taken + (("pung", i),))
            counts[i] += 3
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            search(i, taken + (("chow", i),))
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1

    search(0, ())
    return tuple(out)


@lru_cache(maxsize=1 << 12)  # bounded, as above
def _rank_pair_splits(ranks: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[tuple[str, int], ...], ...]], ...]:
    """(pair rank, the splits of the rest into sets) for each pair this suit can give, in rank order."""
    out = []
    for i in range(9):
        if ranks[i] >= 2:
            splits = _rank_set_splits(ranks[:i] + (ranks[i] - 2,) + ranks[i + 1 :])
            if splits:
                out.append((i, splits))
    return tuple(out)


def _in_suit(splits, base: int) -> tuple[tuple[Group, ...], ...]:
    return tuple(tuple([_GROUPS[kind, base + rank] for kind, rank in split]) for split in splits)


@lru_cache(maxsize=1 << 13)  # bounded; it holds both the set splits and the pair splits, so twice the room
def _suit_splits(ranks: tuple[int, ...], base: int) -> tuple[int, tuple]:
    """What one suit's nine rank counts (tiles base..base+8) give a division, by how many
    tiles it holds beside a multiple of three: (0, every split into chows and pungs), (2,
    (pair tile, the splits of the rest) for each pair it can give, in tile order); no splits
    at all when the suit cannot take part in a division. Each split is in search order (see
    _rank_set_splits)."""
    left = sum(ranks) % 3
    if left == 0:
        return 0, _in_suit(_rank_set_splits(ranks), base)
    if left == 2:
        return 2, tuple((base + rank, _in_suit(splits, base)) for rank, splits in _rank_pair_splits(ranks))
    return 1, ()


@lru_cache(maxsize=1 << 10)  # bounded; there are fewer honor shapes than that which split
def _honor_splits(honors: tuple[int, ...]) -> tuple[int, tuple]:
    """As _suit_splits, for the seven honors (which make pungs and pairs only)."""
    pairs = honors.count(2)
    if 1 in honors or 4 in honors or pairs > 1:
        return 1, ()  # a single honor, a fourth, or a second pair: no split
    if pairs == 0:
        return 0, (tuple(Group("pung", 27 + i) for i, c in enumerate(honors) if c),)
    return 2, ((27 + honors.index(2), (tuple(Group("pung", 27 + i) for i, c in enumerate(honors) if c == 3),)),)


def _pair_and_sets(counts: list[int], declared: tuple[Group, ...] = ()) -> list[tuple[int, tuple[Group, ...]]]:
    """(pair tile, sets) for every way to split these counts into sets and one pair, by pair
    tile, the declared sets first; within a pair, the splits of the groups in turn (characters,
    dots, bamboo, honors), each in its own search order."""
    groups = (
        _suit_splits(tuple(counts[0:9]), 0), _suit_splits(tuple(counts[9:18]), 9),
        _suit_splits(tuple(counts[18:27]), 18), _honor_splits(tuple(counts[27:34])),
    )
    g = -1  # the pair's group: the one that holds 2 more than a multiple of 3
    for i, (left, splits) in enumerate(groups):
        if not splits:
            return []  # this group makes neither sets nor sets and a pair
        if left == 2:
            if g >= 0:
                return []  # a second group would need a pair too
            g = i
    if g < 0:
        return []
    # The groups before and after the pair's split the same way whatever the pair: combined once.
    before = _combine([declared], groups[:g])
    after = _combine([()], groups[g + 1 :])
    return [(pair_tile, b + s + a) for pair_tile, splits in groups[g][1] for b in before for s in splits for a in after]


def _combine(out: list[tuple[Group, ...]], groups) -> list[tuple[Group, ...]]:
    """Each of `out` followed by one split of each of `groups` (see _suit_splits), in turn."""
    for _, splits in groups:
        out = [done + more for done in out for more in splits] if len(splits) > 1 or splits[0] else out
    return out


def standard_divisions(hand: Hand, declared: tuple[Group, ...] | None = None,
                       counts: list[int] | None = None) -> list[Division]:
    if declared is None:
        declared = declared_groups(hand)
    if counts is None:
        counts = concealed_counts(hand)
    needed_sets = 4 - len(declared)
    if needed_sets < 0 or len(hand.concealed) != needed_sets * 3 + 2:
        return []
    # Made from the tuple of its fields (form, sets, pair, pairs, knitted): calling the class, whose
    # __new__ is a Python function, costs twice as much, and this is made per division.
    return [
        _record(Division, (STANDARD, sets, _PAIRS[pair_tile], (), ()))
        for pair_tile, sets in _pair_and_sets(counts, declared)
    ]


# ---------------------------------------------------------------- special forms
#
# Each recogniser takes the counts of fourteen concealed tiles (no declared sets) and
# answers with the division, or None.


def seven_pairs(counts: list[int]) -> Division | None:
    if 1 in counts or 3 in counts:  # an odd count (a tile is held 0-4 times)
        return None
    pairs = [t for t in range(34) if counts[t]]
    if 4 in counts:  # four alike count as two pairs
        pairs = sorted(pairs + [t for t in pairs if counts[t] == 4])
    return _record(Division, (SEVEN_PAIRS, (), None, tuple(pairs), ()))  # the fields in order: see standard_divisions


def thirteen_orphans(counts: list[int]) -> Division | None:
    if counts.count(0) != 34 - 13:  # thirteen kinds of tile, told before listing them
        return None
    present = [t for t in range(34) if counts[t]]
    if set(present) != _TERMINALS_AND_HONORS:
        return None
    pair_tile = next(t for t in TERMINALS_AND_HONORS if counts[t] == 2)
    return _record(Division, (THIRTEEN_ORPHANS, (), _PAIRS[pair_tile], (), tuple(present)))


def honors_knitted(counts: list[int]) -> Division | None:
    if counts.count(0) != 34 - 14:  # fourteen kinds of tile, told before listing them
        return None
    present = tuple([t for t in range(34) if counts[t]])
    suited = {t for t in present if t < 27}
    if any(suited <= pattern for pattern in KNITTED_SETS):
        return _record(Division, (HONORS_KNITTED, (), None, (), present))
    return None


def knitted_straight_rest(counts: list[int], pattern: tuple[int, ...]) -> list[int] | None:
    """The counts left when the knitted straight `pattern` is taken out, or None if it is not there."""
    if 0 in map(counts.__getitem__, pattern):
        return None
    rest = counts[:]
    for t in pattern:
        rest[t] -= 1
    return rest


def special_divisions(counts: list[int], declared: tuple[Group, ...] = ()) -> list[Division]:
    """The special-form readings of these concealed counts beside the declared sets."""
    out = []
    if len(declared) <= 1 and 27 - counts[:27].count(0) >= 9:  # a knitted straight shows nine suit tiles
        for pattern, tiles_of in _KNITTED_GETTERS:
            if 0 in tiles_of(counts):
                continue
            rest = knitted_straight_rest(counts, pattern)
            if sum(rest) != (1 - len(declared)) * 3 + 2:
                continue
            out.extend([
                _record(Division, (KNITTED_STRAIGHT, sets, _PAIRS[pair], (), pattern))
                for pair, sets in _pair_and_sets(rest, declared)
            ])
    if not declared and sum(counts) == 14:
        kinds = 34 - counts.count(0)
        recognise = seven_pairs if kinds <= 7 else thirteen_orphans if kinds == 13 else honors_knitted
        division = recognise(counts) if kinds <= 7 or kinds >= 13 else None
        if division is not None:
            out.append(division)
    return out


_KNITTED_GETTERS = tuple((pattern, itemgetter(*pattern)) for pattern in KNITTED_PATTERNS)


def all_divisions(hand: Hand) -> list[Division]:
    """Every reading of a hand; empty when the hand does not win."""
    declared = declared_groups(hand)
    counts = concealed_counts(hand)
    return standard_divisions(hand, declared, counts) + special_divisions(counts, declared)
