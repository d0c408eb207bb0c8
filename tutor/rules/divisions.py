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
        return _group_tiles(self.kind, self.tile)

    @property
    def is_pung(self) -> bool:
        """Pungs and kongs both count as pungs for the pung fans."""
        return self.kind in ("pung", "kong")

    @property
    def concealed_kong(self) -> bool:
        return self.kind == "kong" and self.declared and not self.open

    def __str__(self) -> str:
        body = group_text(self.kind, self.tile)
        if self.kind == "kong" and self.declared and not self.open:
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
        parts = [str(g) for g in self.sets]
        if self.pair is not None:
            parts.append(str(self.pair))
        if self.pairs:
            parts.extend(format_tiles((t, t)) for t in self.pairs)
        if self.knitted:
            parts.insert(0, format_tiles(self.knitted))
        return parts


_GROUP_SIZE = {"pair": 2, "pung": 3, "kong": 4}


@lru_cache(maxsize=512)  # at most 34 tiles x 4 kinds
def _group_tiles(kind: str, tile: int) -> tuple[int, ...]:
    if kind == "chow":
        return (tile, tile + 1, tile + 2)
    return (tile,) * _GROUP_SIZE[kind]


@lru_cache(maxsize=512)  # at most 34 tiles x 4 kinds
def group_text(kind: str, tile: int) -> str:
    """A set's tiles in notation, without brackets: '123m', 'EEE'."""
    return format_tiles(_group_tiles(kind, tile))


def declared_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tile, open=not m.concealed, declared=True) for m in hand.melds)


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
def _suit_set_splits(ranks: tuple[int, ...], base: int) -> tuple[tuple[Group, ...], ...]:
    """Every way to split one suit's nine rank counts (tiles base..base+8) into chows and
    pungs, in search order: the lowest tile first, a pung of it before a chow from it."""
    counts = list(ranks)
    out: list[tuple[Group, ...]] = []

    def search(i: int, taken: tuple[Group, ...]) -> None:
        while i < 9 and counts[i] == 0:
            i += 1
        if i == 9:
            out.append(taken)
            return
        if counts[i] >= 3:
            counts[i] -= 3
            search(i, taken + (Group("pung", base + i),))
            counts[i] += 3
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            search(i, taken + (Group("chow", base + i),))
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1

    search(0, ())
    return tuple(out)


def _honor_splits(counts: list[int]) -> tuple[tuple[Group, ...], ...]:
    if any(c not in (0, 3) for c in counts[27:]):
        return ()
    return (tuple(Group("pung", t) for t in T.HONORS if counts[t]),)


def _group_splits(counts: list[int], group: int) -> tuple[tuple[Group, ...], ...]:
    """The splits of one suit (0-2) or of the honors (3) into sets."""
    if group == 3:
        return _honor_splits(counts)
    base = group * 9
    return _suit_set_splits(tuple(counts[base : base + 9]), base)


def set_splits(counts: list[int]) -> list[tuple[Group, ...]]:
    """Every way to split these counts wholly into chows and pungs, in search order."""
    out: list[tuple[Group, ...]] = [()]
    for group in range(4):
        splits = _group_splits(counts, group)
        if not splits:
            return []
        out = [done + more for done in out for more in splits] if len(splits) > 1 else [d + splits[0] for d in out]
    return out


def _pair_and_sets(counts: list[int]):
    """(pair tile, sets) for every way to split these counts into sets and one pair."""
    by_group = [_group_splits(counts, g) for g in range(4)]
    for pair_tile in range(34):
        if counts[pair_tile] < 2:
            continue
        g = pair_tile // 9 if pair_tile < 27 else 3
        counts[pair_tile] -= 2
        changed = _group_splits(counts, g)
        counts[pair_tile] += 2
        if not changed:
            continue
        groups = by_group[:g] + [changed] + by_group[g + 1 :]
        if not all(groups):
            continue
        out: list[tuple[Group, ...]] = [()]
        for splits in groups:
            out = [done + more for done in out for more in splits]
        for sets in out:
            yield pair_tile, sets


def standard_divisions(hand: Hand) -> list[Division]:
    declared = declared_groups(hand)
    counts = concealed_counts(hand)
    needed_sets = 4 - len(declared)
    if needed_sets < 0 or sum(counts) != needed_sets * 3 + 2:
        return []
    return [
        Division(STANDARD, sets=declared + sets, pair=Group("pair", pair_tile))
        for pair_tile, sets in _pair_and_sets(counts)
    ]


# ---------------------------------------------------------------- special forms
#
# Each recogniser takes the counts of fourteen concealed tiles (no declared sets) and
# answers with the division, or None.


def seven_pairs(counts: list[int]) -> Division | None:
    if any(c % 2 for c in counts):
        return None
    return Division(SEVEN_PAIRS, pairs=tuple(t for t in range(34) for _ in range(counts[t] // 2)))


def thirteen_orphans(counts: list[int]) -> Division | None:
    present = [t for t in range(34) if counts[t]]
    if len(present) != 13 or set(present) != _TERMINALS_AND_HONORS:
        return None
    pair_tile = next(t for t in TERMINALS_AND_HONORS if counts[t] == 2)
    return Division(THIRTEEN_ORPHANS, pair=Group("pair", pair_tile), knitted=tuple(present))


def honors_knitted(counts: list[int]) -> Division | None:
    present = tuple(t for t in range(34) if counts[t])
    if len(present) != 14:
        return None
    suited = {t for t in present if t < 27}
    if any(suited <= pattern for pattern in KNITTED_SETS):
        return Division(HONORS_KNITTED, knitted=present)
    return None


def knitted_straight_rest(counts: list[int], pattern: tuple[int, ...]) -> list[int] | None:
    """The counts left when the knitted straight `pattern` is taken out, or None if it is not there."""
    if not all(counts[t] for t in pattern):
        return None
    rest = counts[:]
    for t in pattern:
        rest[t] -= 1
    return rest


def special_divisions(counts: list[int], declared: tuple[Group, ...] = ()) -> list[Division]:
    """The special-form readings of these concealed counts beside the declared sets."""
    out = []
    if len(declared) <= 1:
        for pattern in KNITTED_PATTERNS:
            rest = knitted_straight_rest(counts, pattern)
            if rest is None or sum(rest) != (1 - len(declared)) * 3 + 2:
                continue
            out.extend(
                Division(KNITTED_STRAIGHT, sets=declared + sets, pair=Group("pair", pair), knitted=pattern)
                for pair, sets in _pair_and_sets(rest)
            )
    if not declared and sum(counts) == 14:
        for recognise in (seven_pairs, thirteen_orphans, honors_knitted):
            division = recognise(counts)
            if division is not None:
                out.append(division)
    return out


def all_divisions(hand: Hand) -> list[Division]:
    """Every reading of a hand; empty when the hand does not win."""
    return standard_divisions(hand) + special_divisions(concealed_counts(hand), declared_groups(hand))
