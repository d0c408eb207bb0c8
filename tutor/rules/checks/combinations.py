"""The combination index: which patterns a reading's chows (or its suit pungs) make.

A fan made of sets (Pure Straight, Mixed Triple Chow, Double Pung ...) asks that `size` of a
reading's chows or pungs make one pattern: identical, stepping up, the same in three suits and
so on. The gates ask for the patterns they need (`ask`, through tutor.rules.checks.gates.makes),
and only those are looked for. Which patterns a combination of sets makes is worked out once
per combination of tiles, and the index of a reading's chows once per tiles of those chows:
the readings of many hands share it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations, pairwise
from operator import itemgetter
from typing import NamedTuple

from tutor.rules.reading import View


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


def identical(sh: _Facts) -> bool:
    return sh.tiles[0] == sh.tiles[-1]


def pure_shifted(sh: _Facts) -> bool:
    return sh.one_suit and _steps(sh.tiles) in ({1}, {2})


def mixed_same(sh: _Facts) -> bool:
    return len(set(sh.ranks)) == 1 and (sh.three_suits or (len(sh.tiles) == 2 and not sh.one_suit))


def mixed_shifted(sh: _Facts) -> bool:
    return sh.three_suits and _steps(sh.ranks) == {1}


def pure_straight(sh: _Facts) -> bool:
    return sh.one_suit and sh.ranks == (0, 3, 6)


def mixed_straight(sh: _Facts) -> bool:
    return sh.three_suits and sh.ranks == (0, 3, 6)


def six_in_a_row(sh: _Facts) -> bool:
    return sh.one_suit and sh.tiles[1] - sh.tiles[0] == 3


def terminal_chows(sh: _Facts) -> bool:
    return sh.one_suit and sh.ranks == (0, 6)


# Pungs: only suit pungs take part.


def pungs_stepping(sh: _Facts) -> bool:
    return sh.tiles[-1] < 27 and sh.one_suit and _steps(sh.tiles) == {1}


def pungs_mixed_shifted(sh: _Facts) -> bool:
    return sh.tiles[-1] < 27 and mixed_shifted(sh)


def pungs_mixed_same(sh: _Facts) -> bool:
    return sh.tiles[-1] < 27 and mixed_same(sh)


def _suits_may_pattern(tiles: tuple[int, ...]) -> bool:
    """Could these sorted set tiles make an asked pattern, by their suits alone? Every pattern of
    three sets lies in one suit or spans all three, and every pattern of four lies in one suit
    (tests/test_properties.py holds this to _patterns); skipping the rest before _patterns keeps its
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


def ask(kind: str, size: int, pattern) -> tuple[str, int, Callable]:
    """Look for `pattern` made by `size` chows (kind "chow") or pungs ("pung") in every reading;
    the key under which set_patterns reports it."""
    asked = _ASKED.setdefault((kind, size), [])
    if pattern not in asked:
        asked.append(pattern)
    return kind, size, pattern


# (kind, size) -> the patterns that some gate asks `size` chows or pungs to make, filled in by
# ask: only these are looked for, so a reading's combinations hold nothing that no fan reads.
_ASKED: dict[tuple[str, int], list[Callable]] = {}


def set_patterns(view: View) -> tuple[frozenset, frozenset]:
    """(kind, size, pattern) for each pattern asked of chows that some of the reading's chows
    make (see ask), and the same for its suit pungs: two cached frozensets, so the pair
    hashes at once and recurs as often as the two do."""
    chows, pungs = _combinations(view)
    return chows[1], pungs[1]


def made(view: View, kind: str) -> tuple[dict, tuple[int, ...]]:
    """The reading's combination index of `kind`: {(size, pattern): the choices of sets that
    make it, as positions}, and those sets as indices into View.sets (the positions' key)."""
    found = view.scratch.get(kind)  # set_patterns, the shape the gates of these fans read, has made it
    index, _, indices = found if found is not None else _combinations(view)[0 if kind == "chow" else 1]
    return index, indices
