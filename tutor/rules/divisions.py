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
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import permutations
from typing import NamedTuple

from tutor.rules import tiles as T
from tutor.rules.notation import Hand

STANDARD = "standard"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONORS_KNITTED = "honors_knitted"
KNITTED_STRAIGHT = "knitted_straight"

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26) + T.HONORS

# The six ways to spread 147, 258 and 369 over the three suits.
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(suit * 9 + start + step for suit, start in zip(range(3), starts) for step in (0, 3, 6)))
    for starts in permutations((0, 1, 2))
)


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
        from tutor.rules.notation import format_tiles

        body = format_tiles(self.tiles)
        if self.kind == "kong" and self.declared and not self.open:
            return "{" + body + "}"
        return f"[{body}]" if self.open and self.declared else body


@dataclass(frozen=True)
class Division:
    form: str
    sets: tuple[Group, ...] = ()  # chows, pungs and kongs (standard and knitted straight)
    pair: Group | None = None
    pairs: tuple[int, ...] = ()  # seven pairs: the tile of each pair
    knitted: tuple[int, ...] = ()  # the knitted tiles (knitted straight, honors and knitted)

    def describe(self) -> list[str]:
        """The sets and pair as notation, for the explanation of the chosen reading."""
        from tutor.rules.notation import format_tiles

        parts = [str(g) for g in self.sets]
        if self.pair is not None:
            parts.append(str(self.pair))
        if self.pairs:
            parts.extend(format_tiles((t, t)) for t in self.pairs)
        if self.knitted:
            parts.insert(0, format_tiles(self.knitted))
        return parts


@cache
def _group_tiles(kind: str, tile: int) -> tuple[int, ...]:
    if kind == "chow":
        return (tile, tile + 1, tile + 2)
    return (tile,) * {"pair": 2, "pung": 3, "kong": 4}[kind]


def declared_groups(hand: Hand) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tile, open=not m.concealed, declared=True) for m in hand.melds)


def concealed_counts(hand: Hand) -> list[int]:
    counts = [0] * 34
    for t in hand.concealed:
        counts[t] += 1
    return counts


# ---------------------------------------------------------------- standard form


def _set_splits(counts: list[int], start: int):
    """Every way to split counts (from index start on) into chows and pungs."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        yield ()
        return
    if counts[i] >= 3:
        counts[i] -= 3
        for rest in _set_splits(counts, i):
            yield (("pung", i),) + rest
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        for rest in _set_splits(counts, i):
            yield (("chow", i),) + rest
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def standard_divisions(hand: Hand) -> list[Division]:
    declared = declared_groups(hand)
    counts = concealed_counts(hand)
    needed_sets = 4 - len(declared)
    if needed_sets < 0 or sum(counts) != needed_sets * 3 + 2:
        return []
    out = []
    for pair_tile in range(34):
        if counts[pair_tile] < 2:
            continue
        counts[pair_tile] -= 2
        for split in _set_splits(counts, 0):
            sets = declared + tuple(Group(kind, t) for kind, t in split)
            out.append(Division(STANDARD, sets=sets, pair=Group("pair", pair_tile)))
        counts[pair_tile] += 2
    return out


# ---------------------------------------------------------------- special forms


def seven_pairs_division(hand: Hand) -> Division | None:
    if hand.melds or len(hand.concealed) != 14:
        return None
    counts = concealed_counts(hand)
    if any(c % 2 for c in counts):
        return None
    pairs = tuple(t for t in range(34) for _ in range(counts[t] // 2))
    return Division(SEVEN_PAIRS, pairs=pairs)


def thirteen_orphans_division(hand: Hand) -> Division | None:
    if hand.melds or len(hand.concealed) != 14:
        return None
    if set(hand.concealed) != set(TERMINALS_AND_HONORS):
        return None
    counts = concealed_counts(hand)
    pair_tile = next(t for t in TERMINALS_AND_HONORS if counts[t] == 2)
    return Division(THIRTEEN_ORPHANS, pair=Group("pair", pair_tile), knitted=tuple(sorted(set(hand.concealed))))


def honors_knitted_division(hand: Hand) -> Division | None:
    if hand.melds or len(hand.concealed) != 14 or len(set(hand.concealed)) != 14:
        return None
    suited = {t for t in hand.concealed if t < 27}
    for pattern in KNITTED_PATTERNS:
        if suited <= set(pattern):
            return Division(HONORS_KNITTED, knitted=hand.concealed)
    return None


def knitted_straight_divisions(hand: Hand) -> list[Division]:
    declared = declared_groups(hand)
    if len(declared) > 1:
        return []
    counts = concealed_counts(hand)
    out = []
    for pattern in KNITTED_PATTERNS:
        if any(counts[t] == 0 for t in pattern):
            continue
        for t in pattern:
            counts[t] -= 1
        remaining = sum(counts)
        if remaining == (1 - len(declared)) * 3 + 2:
            for pair_tile in range(34):
                if counts[pair_tile] < 2:
                    continue
                counts[pair_tile] -= 2
                for split in _set_splits(counts, 0):
                    sets = declared + tuple(Group(kind, t) for kind, t in split)
                    out.append(
                        Division(KNITTED_STRAIGHT, sets=sets, pair=Group("pair", pair_tile), knitted=pattern)
                    )
                counts[pair_tile] += 2
        for t in pattern:
            counts[t] += 1
    return out


def all_divisions(hand: Hand) -> list[Division]:
    """Every reading of a hand; empty when the hand does not win."""
    out = standard_divisions(hand)
    out.extend(knitted_straight_divisions(hand))
    for special in (seven_pairs_division, thirteen_orphans_division, honors_knitted_division):
        division = special(hand)
        if division is not None:
            out.append(division)
    return out


# ---------------------------------------------------------------- fast winning test (for waits)


def _suit_splits_into_sets(ranks) -> bool:
    """Can these nine rank counts of one suit be split into chows and pungs?

    Greedy from the lowest rank, which is exact: three tiles of a rank go into a pung
    (three equal chows hold the same tiles as three pungs), and whatever is left of a
    rank after the chows that began below it must begin that many chows. Fast enough
    to need no cache, so a long-running worker keeps nothing."""
    before, last = 0, 0  # chows begun two ranks down and one rank down, which still need this rank
    for count in ranks:
        count -= before + last
        if count < 0:
            return False
        before, last = last, count % 3
    return before == 0 and last == 0


def _suit_splits_with_pair(ranks) -> bool:
    counts = list(ranks)
    for i in range(9):
        if counts[i] >= 2:
            counts[i] -= 2
            splits = _suit_splits_into_sets(counts)
            counts[i] += 2
            if splits:
                return True
    return False


def is_standard_complete(counts: list[int]) -> bool:
    """Do these concealed counts split into sets and exactly one pair?"""
    pair_found = False
    for suit in range(3):
        ranks = tuple(counts[suit * 9 : suit * 9 + 9])
        total = sum(ranks)
        if total % 3 == 0:
            if not _suit_splits_into_sets(ranks):
                return False
        elif total % 3 == 2:
            if pair_found or not _suit_splits_with_pair(ranks):
                return False
            pair_found = True
        else:
            return False
    for t in T.HONORS:
        c = counts[t]
        if c == 2:
            if pair_found:
                return False
            pair_found = True
        elif c not in (0, 3):
            return False
    return pair_found


def is_winning(hand: Hand) -> bool:
    return _counts_win(concealed_counts(hand), len(hand.melds))


def _counts_win(counts: list[int], melds: int) -> bool:
    """Do these concealed tile counts, beside this many declared sets, make a winning hand?"""
    if sum(counts) != (4 - melds) * 3 + 2:
        return False
    if is_standard_complete(counts):
        return True
    if not melds:
        if all(c in (0, 2, 4) for c in counts):
            return True
        present = [t for t in range(34) if counts[t]]
        if len(present) == 13 and set(present) == set(TERMINALS_AND_HONORS):
            return True
        if len(present) == 14 and any(
            all(t >= 27 or t in pattern for t in present) for pattern in _KNITTED_SETS
        ):
            return True
    if melds <= 1:
        return any(_wins_with_knitted_straight(counts, pattern) for pattern in KNITTED_PATTERNS)
    return False


def _wins_with_knitted_straight(counts: list[int], pattern) -> bool:
    """Do these counts hold the knitted straight `pattern`, and with it taken out, a set and a pair?"""
    if not all(counts[t] for t in pattern):
        return False
    rest = counts[:]
    for t in pattern:
        rest[t] -= 1
    return is_standard_complete(rest)


_KNITTED_SETS = tuple(frozenset(p) for p in KNITTED_PATTERNS)


@lru_cache(maxsize=256)  # asked by the result of the hand being scored
def waiting_tiles(hand: Hand, win_tile: int) -> tuple[int, ...]:
    """The tiles that would have completed the hand before the winning tile arrived.

    A tile counts even when all four copies are already in the hand, as PyMahjongGB
    counts it: the question is the shape of the wait, not what is left to draw.
    """
    return tuple(sorted(set(_waits(hand, win_tile))))


@lru_cache(maxsize=256)  # asked by the three wait fans of each reading of the hand being scored
def only_wait(hand: Hand, win_tile: int) -> bool:
    """Was the winning tile the only tile that could complete the hand? Stops at the first other one."""
    return all(tile == win_tile for tile in _waits(hand, win_tile))


def _waits(hand: Hand, win_tile: int):
    """Yield each tile that completes the hand without the winning tile (a tile may come twice).

    Each form is asked only about the tiles that could complete it, the commonest form
    first, so a caller that needs only the first few answers stops early.
    """
    counts = concealed_counts(hand)
    counts[win_tile] -= 1
    melds = len(hand.melds)
    # Four sets and a pair: adding a tile changes one suit (or the honors) only, so the
    # other groups' shapes are worked out once.
    shapes = [_group_shape(counts, g) for g in range(4)]
    for candidate in _standard_candidates(counts):
        g = candidate // 9 if candidate < 27 else 3
        counts[candidate] += 1
        changed = _group_shape(counts, g)
        counts[candidate] -= 1
        others = shapes[:g] + shapes[g + 1 :]
        if changed and all(others) and (others + [changed]).count("pair") == 1:
            yield candidate
    if melds <= 1:
        for pattern in KNITTED_PATTERNS:
            missing = [t for t in pattern if not counts[t]]
            if len(missing) > 1:
                continue
            for candidate in missing or _standard_candidates(counts) | set(pattern):
                counts[candidate] += 1
                if _wins_with_knitted_straight(counts, pattern):
                    yield candidate
                counts[candidate] -= 1
    if melds == 0:
        present = {t for t in range(34) if counts[t]}
        odd = [t for t in present if counts[t] % 2]
        if len(odd) == 1:
            yield odd[0]  # seven pairs: the single tile pairs up
        if present <= set(TERMINALS_AND_HONORS):
            if len(present) == 13:
                yield from TERMINALS_AND_HONORS
            elif len(present) == 12:
                yield from set(TERMINALS_AND_HONORS) - present
        if len(present) == 13 and all(counts[t] == 1 for t in present):
            for pattern in _KNITTED_SETS:
                allowed = pattern | set(T.HONORS)
                if present <= allowed:
                    yield from allowed - present


def _group_shape(counts: list[int], group: int) -> str | None:
    """How one suit (0-2) or the honors (3) splits: 'sets', 'pair' (sets and one pair) or None."""
    if group < 3:
        return _suit_shape(tuple(counts[group * 9 : group * 9 + 9]))
    honors = counts[27:]
    if any(c not in (0, 2, 3) for c in honors):
        return None
    pairs = honors.count(2)
    return "sets" if pairs == 0 else "pair" if pairs == 1 else None


@lru_cache(maxsize=1 << 12)  # bounded, so a long-running worker levels off; a miss costs a few µs
def _suit_shape(ranks: tuple[int, ...]) -> str | None:
    left = sum(ranks) % 3
    if left == 0:
        return "sets" if _suit_splits_into_sets(ranks) else None
    if left == 2:
        return "pair" if _suit_splits_with_pair(ranks) else None
    return None


def _standard_candidates(counts: list[int]) -> set[int]:
    """Tiles that could complete four sets and a pair: each held tile and its neighbours."""
    out: set[int] = set()
    for t in range(34):
        if counts[t]:
            out.update(_NEIGHBOURS[t])
    return out


# A suit tile's neighbours within two ranks in its suit; an honor is its own only neighbour.
_NEIGHBOURS = tuple(
    (t,) if t >= 27 else tuple(range(max(t - t % 9, t - 2), min(t - t % 9 + 8, t + 2) + 1)) for t in range(34)
)
