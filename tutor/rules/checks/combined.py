"""The 18 fans made of a pattern of chows or pungs, as rows of one table.

Each row says once which pattern how many chows (or suit pungs) make, and the words of the fan
when it occurs and when it does not; its gate (tutor.rules.checks.gates.makes) and its check
are both made from the row. Only suit pungs take part: the pung patterns leave out honors.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from tutor.rules.checks import combinations as P
from tutor.rules.checks.combinations import made
from tutor.rules.checks.gates import check, makes
from tutor.rules.reading import Found, Miss, Occurrence, View


class CombinationFan(NamedTuple):
    slug: str
    kind: str  # "chow" or "pung"
    size: int  # how many sets make the pattern
    pattern: Callable  # one of the patterns of tutor.rules.checks.combinations
    detail: str  # what the sets are, when they make the fan
    need: str  # what the fan needs, when no sets make it


COMBINATION_FANS = (
    CombinationFan("quadruple-chow", "chow", 4, P.identical, "four identical chows", "needs four identical chows"),
    CombinationFan(
        "four-pure-shifted-chows", "chow", 4, P.pure_shifted,
        "four chows in one suit, each one or two higher than the last",
        "needs four chows in one suit stepping up by 1 or by 2",
    ),
    CombinationFan("pure-triple-chow", "chow", 3, P.identical, "three identical chows", "needs three identical chows"),
    CombinationFan("pure-straight", "chow", 3, P.pure_straight, "123 456 789 in one suit", "needs 123, 456 and 789 in one suit"),
    CombinationFan(
        "pure-shifted-chows", "chow", 3, P.pure_shifted,
        "three chows in one suit stepping up evenly", "needs three chows in one suit stepping up by 1 or by 2",
    ),
    CombinationFan(
        "mixed-straight", "chow", 3, P.mixed_straight,
        "123, 456 and 789 in three suits", "needs 123, 456 and 789, each in a different suit",
    ),
    CombinationFan(
        "mixed-triple-chow", "chow", 3, P.mixed_same, "the same chow in all three suits", "needs the same chow in all three suits"
    ),
    CombinationFan(
        "mixed-shifted-chows", "chow", 3, P.mixed_shifted,
        "chows in three suits, each one higher", "needs three chows in three suits stepping up by 1",
    ),
    CombinationFan("pure-double-chow", "chow", 2, P.identical, "two identical chows", "needs two identical chows"),
    CombinationFan(
        "mixed-double-chow", "chow", 2, P.mixed_same, "the same chow in two suits", "needs the same chow in two different suits"
    ),
    CombinationFan(
        "short-straight", "chow", 2, P.six_in_a_row,
        "two chows in one suit making six in a row", "needs two chows in one suit that make six in a row, such as 123 and 456",
    ),
    CombinationFan("two-terminal-chows", "chow", 2, P.terminal_chows, "123 and 789 in one suit", "needs 123 and 789 in the same suit"),
    CombinationFan(
        "four-pure-shifted-pungs", "pung", 4, P.pungs_stepping,
        "four pungs in one suit, each one higher", "needs four pungs in one suit stepping up by 1",
    ),
    CombinationFan(
        "pure-shifted-pungs", "pung", 3, P.pungs_stepping,
        "three pungs in one suit, each one higher", "needs three pungs in one suit stepping up by 1",
    ),
    CombinationFan(
        "mixed-shifted-pungs", "pung", 3, P.pungs_mixed_shifted,
        "pungs in three suits, each one higher", "needs three pungs in three suits stepping up by 1",
    ),
    CombinationFan(
        "triple-pung", "pung", 3, P.pungs_mixed_same,
        "the same number pung in all three suits", "needs pungs of the same number in all three suits",
    ),
    CombinationFan(
        "double-pung", "pung", 2, P.pungs_mixed_same, "the same number pung in two suits", "needs pungs of the same number in two suits"
    ),
)


@lru_cache(maxsize=1 << 10)  # bounded; a few sets of indices (0-3) times the details of the combination fans
def _sets_occurrence(sets: tuple[int, ...], detail: str) -> Occurrence:
    """The occurrence of a combination fan made of these sets (indices into View.sets): it
    depends on nothing else, so each is made once and shared (an Occurrence never changes)."""
    return Occurrence(None, f"{{sets}}: {detail}", frozenset(sets))


@lru_cache(maxsize=1 << 12)  # bounded; the choices that make a fan, by where a reading's sets stand and the fan's words
def _occurrences(found: tuple[tuple[int, ...], ...], indices: tuple[int, ...], detail: str) -> tuple[Occurrence, ...]:
    """The occurrences of a combination fan whose sets are chosen at these positions (see
    combinations._combination_index) among the reading's chows or pungs, at these indices into View.sets."""
    return tuple([_sets_occurrence(tuple([indices[p] for p in positions]), detail) for positions in found])


def _combination_check(row: CombinationFan) -> Callable[[View], Found]:
    """The check of a row: the choices of sets that make its pattern, or the row's one Miss."""
    kind, key, detail = row.kind, (row.size, row.pattern), row.detail
    miss = Miss(row.need)  # one per row, shared: it never changes

    def find(view: View) -> Found:
        index, indices = made(view, kind)
        found = index.get(key)
        if found:
            return list(_occurrences(found, indices, detail))  # a list, as every check answers
        return miss

    find.__name__ = row.slug.replace("-", "_")
    return find


for _row in COMBINATION_FANS:
    check(_row.slug, when=makes(_row.kind, _row.size, _row.pattern))(_combination_check(_row))
